//! The sliding puzzle's own views: a board drawn large (with the heuristic's reasoning) and
//! small (in the lists, the tree and the compare cards), its setup rows, its problem pane and
//! its compare cards.

pub mod board_view;
mod cards;
pub mod databases;
mod inspector;
mod node_panel;
pub mod puzzle_model;
pub mod puzzle_text;
mod setup_row;

use egui::{Rect, Ui, Vec2, vec2};

use crate::app::domain_view::{CardSize, DomainView, InspectorPage, NodeView};
use crate::app::model::command::Command;
use crate::app::model::domain::{AnyHeuristic, AnyProblem, AnyState};
use crate::app::model::lane::Lane;
use crate::app::model::session::{Session, Settings};
use crate::app::widgets::Hover;

/// The sliding puzzle in the window.
pub struct PuzzleView;

impl DomainView for PuzzleView {
    fn title(&self) -> &'static str {
        puzzle_text::p().domain_puzzle
    }

    fn problem_pane(
        &self,
        ui: &mut Ui,
        session: &Session,
        view: &mut NodeView,
        hover: &mut Hover,
        commands: &mut Vec<Command>,
    ) {
        node_panel::node_panel(ui, session, view, hover, commands);
    }

    fn problem_pane_width(&self, available: f32, two_lists: bool) -> f32 {
        if two_lists {
            (available * 0.28).clamp(230.0, 560.0)
        } else {
            (available * 0.35).clamp(300.0, 640.0)
        }
    }

    fn setup_rows(&self, ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) -> bool {
        setup_row::setup_rows(ui, session, commands)
    }

    fn summary(&self, settings: &Settings) -> String {
        format!(
            "{} → {}",
            settings.puzzle.board_text, settings.puzzle.goal_text
        )
    }

    fn lanes_options(&self, _ui: &mut Ui, _session: &Session, _commands: &mut Vec<Command>) {}

    fn overlays(&self, _settings: &Settings) -> bool {
        false
    }

    /// A puzzle offers no overlay ([`DomainView::overlays`] is false): nothing to draw.
    fn overlay(&self, _ui: &mut Ui, _session: &Session, _room: Vec2) {}

    fn card_picture(&self, ui: &mut Ui, _session: &Session, i: usize, lane: &Lane, size: CardSize) {
        cards::card_picture(ui, i, lane, size);
    }

    fn list_state_size(&self, problem: &AnyProblem, text_size: f32, written: bool) -> Vec2 {
        let side = problem.side();
        if written {
            // Monospace digits are 0.6 of the font size wide: "283/104/765".
            let width = (side * side + side - 1) as f32 * text_size * 0.6 + 6.0;
            vec2(width, (text_size + 8.0).max(22.0))
        } else {
            Vec2::splat(board_view::list_cell(side, text_size) * side as f32 + 4.0)
        }
    }

    fn paint_state(
        &self,
        ui: &Ui,
        rect: Rect,
        _problem: &AnyProblem,
        state: &AnyState,
        goal: &AnyState,
    ) {
        if let (Some(board), goal) = (state.board(), goal.board()) {
            board_view::paint_mini(ui, rect, board, None, goal);
        }
    }

    fn frame(&self, session: &Session, commands: &mut Vec<Command>) -> bool {
        databases::frame(session, commands)
    }

    fn offers(&self, heuristic: AnyHeuristic) -> bool {
        databases::shown_side().is_none_or(|side| heuristic.fits(side))
    }

    fn heuristic_status(&self, ui: &mut Ui, heuristic: AnyHeuristic) {
        databases::inline_status(ui, heuristic);
    }

    fn inspector(&self) -> Box<dyn InspectorPage> {
        Box::new(inspector::PuzzleInspector::default())
    }

    fn state_column(&self) -> &'static str {
        puzzle_text::p().col_board
    }

    fn state_hint(&self) -> &'static str {
        puzzle_text::p().board_hint
    }

    /// A tile moved (or a cell clicked that moves none), or a new scrambled board.
    #[cfg(test)]
    fn random_edit(&self, rng: &mut crate::rng::Rng, _settings: &Settings) -> Command {
        use crate::app::puzzle::puzzle_model::PuzzleEdit;
        Command::edit(match rng.below(3) {
            0 => PuzzleEdit::Scramble,
            _ => PuzzleEdit::MoveTile(rng.below(17)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Settings, test_harness};
    use crate::domains::puzzle::Problem;

    #[test]
    fn list_boards_have_digits_as_large_as_the_table_text() {
        for (side, goal) in [(3, "123804765"), (4, "123456789ABCDEF0")] {
            let goal = goal.parse().unwrap();
            let problem = AnyProblem::Puzzle(Problem::new(goal, goal).unwrap());
            // 12 is the small style, 15 the body at 100 %, then the body at larger text sizes.
            for text_size in [12.0, 15.0, 18.0, 22.5, 30.0] {
                let cell = board_view::list_cell(side, text_size);
                for tile in 1..(side * side) as u8 {
                    let size = board_view::mini_font_size(cell, tile);
                    assert!(
                        size >= text_size,
                        "{side}x{side} tile {tile}: {size} < {text_size}"
                    );
                }
                let drawn = PuzzleView.list_state_size(&problem, text_size, false);
                assert!(drawn.y >= cell * side as f32, "the board fits its row");
                assert!(drawn.x >= cell * side as f32, "the board fits its column");
                let written = PuzzleView.list_state_size(&problem, text_size, true);
                assert!(written.y >= text_size + 8.0);
            }
        }
        // The table's text is the body style the window installs.
        let h = test_harness(Settings::default());
        let body = egui::TextStyle::Body.resolve(&h.ctx.global_style()).size;
        assert!(board_view::mini_font_size(board_view::list_cell(3, body), 8) >= body);
    }
}
