//! The grid map's own views: the map drawn large or small, its editing tools, the overlay of
//! several lanes and the hovered cell's record.

pub mod grid_model;
pub mod grid_text;
pub mod grid_view;
mod inspector;

use egui::{Align2, FontId, Rect, Ui, Vec2, vec2};

use crate::app::domain_view::{CardSize, DomainView, InspectorPage, NodeView};
use crate::app::grid::grid_model::GridEdit;
use crate::app::model::command::Command;
use crate::app::model::domain::{AnyHeuristic, AnyProblem, AnyState};
use crate::app::model::lane::Lane;
use crate::app::model::session::{Session, Settings};
use crate::app::widgets::Hover;

/// The grid map in the window.
pub struct GridView;

impl DomainView for GridView {
    fn title(&self) -> &'static str {
        grid_text::g().domain_grid
    }

    fn problem_pane(
        &self,
        ui: &mut Ui,
        session: &Session,
        _view: &mut NodeView,
        _hover: &mut Hover,
        commands: &mut Vec<Command>,
    ) {
        grid_view::panel(ui, session, commands);
    }

    /// A map needs more room than a board to be read from the back of a classroom.
    fn problem_pane_width(&self, available: f32, _two_lists: bool) -> f32 {
        (available * 0.5).clamp(400.0, 1100.0)
    }

    fn setup_rows(&self, ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) -> bool {
        grid_view::tools(ui, session, commands);
        false
    }

    fn summary(&self, settings: &Settings) -> String {
        grid_text::grid_summary(&settings.grid.grid)
    }

    fn lanes_options(&self, ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
        let mut overlay = session.settings.grid.overlay;
        if ui
            .checkbox(&mut overlay, grid_text::g().grid_overlay)
            .on_hover_text(grid_text::g().grid_overlay_hint)
            .changed()
        {
            commands.push(Command::edit(GridEdit::SetOverlay(overlay)));
        }
    }

    fn overlays(&self, settings: &Settings) -> bool {
        settings.grid.overlay
    }

    fn overlay(&self, ui: &mut Ui, session: &Session, room: Vec2) {
        grid_view::overlay_map(ui, session, room);
    }

    fn card_picture(&self, ui: &mut Ui, session: &Session, _i: usize, lane: &Lane, size: CardSize) {
        let (width, height) = (ui.available_width(), ui.available_height());
        let room = match size {
            CardSize::Row => vec2(width, height.max(80.0)),
            CardSize::Large => vec2(width, (height - 10.0).max(60.0)),
        };
        grid_view::lane_map(ui, session, lane, room);
    }

    /// A cell is written by its coordinates, as wide as this map's widest: "(11, 7)" on a
    /// 12x8 one.
    fn list_state_size(&self, problem: &AnyProblem, text_size: f32, _written: bool) -> Vec2 {
        let digits = |n: usize| n.saturating_sub(1).max(1).ilog10() as f32 + 1.0;
        let width = problem.grid().map_or(6.0, |grid| {
            (digits(grid.width()) + digits(grid.height()) + 4.0) * text_size * 0.6 + 6.0
        });
        vec2(width, (text_size + 8.0).max(22.0))
    }

    fn paint_state(
        &self,
        ui: &Ui,
        rect: Rect,
        _problem: &AnyProblem,
        state: &AnyState,
        _goal: &AnyState,
    ) {
        let text = state.to_string();
        let size = (rect.width() / (text.len() as f32 * 0.62)).min(rect.height() * 0.5);
        ui.painter().text(
            rect.center(),
            Align2::CENTER_CENTER,
            text,
            FontId::monospace(size.max(6.0)),
            ui.visuals().text_color(),
        );
    }

    fn frame(&self, _session: &Session, _commands: &mut Vec<Command>) -> bool {
        false
    }

    fn offers(&self, _heuristic: AnyHeuristic) -> bool {
        true
    }

    fn heuristic_status(&self, _ui: &mut Ui, _heuristic: AnyHeuristic) {}

    fn inspector(&self) -> Box<dyn InspectorPage> {
        Box::new(inspector::GridInspector::default())
    }

    fn state_column(&self) -> &'static str {
        grid_text::g().col_cell
    }

    fn state_hint(&self) -> &'static str {
        grid_text::g().bp_cell_hint
    }

    #[cfg(test)]
    fn random_edit(&self, rng: &mut crate::rng::Rng, settings: &Settings) -> Command {
        Command::edit(random::random_grid_edit(rng, settings))
    }
}

#[cfg(test)]
mod random {
    use crate::app::grid::grid_model::{GridEdit, Side, Tool};
    use crate::app::model::session::Settings;
    use crate::domains::grid::{Cell, Connectivity, Preset};
    use crate::rng::Rng;

    /// A change to the map: painting and dragging anywhere (off the map and onto walls too),
    /// presets, sizes, moves, and files good and bad.
    pub fn random_grid_edit(rng: &mut Rng, settings: &Settings) -> GridEdit {
        let grid = &settings.grid.grid;
        // A few cells past the edges, as a drag that leaves the map gives.
        let cell = |rng: &mut Rng| {
            Cell::new(
                rng.below(grid.width() + 3) as u16,
                rng.below(grid.height() + 3) as u16,
            )
        };
        let tools = [
            Tool::Wall,
            Tool::Weight(2),
            Tool::Weight(9),
            Tool::Erase,
            Tool::Start,
            Tool::Goal,
        ];
        match rng.below(12) {
            0..=3 => GridEdit::Paint {
                from: cell(rng),
                to: cell(rng),
                tool: tools[rng.below(tools.len())],
            },
            4 => GridEdit::MoveStart(cell(rng)),
            5 => GridEdit::MoveGoal(cell(rng)),
            6 => GridEdit::Preset(Preset::ALL[rng.below(Preset::ALL.len())]),
            7 => GridEdit::Random,
            8 => GridEdit::SetConnectivity(if rng.below(2) == 0 {
                Connectivity::Four
            } else {
                Connectivity::Eight
            }),
            9 if rng.below(2) == 0 => {
                GridEdit::SetSize([3, 5, 12, 30, 2000][rng.below(5)], [5, 9, 20][rng.below(3)])
            }
            9 => GridEdit::TypeSize(
                [Side::Width, Side::Height][rng.below(2)],
                ["", "4o", "3", "12", " 30 ", "2000", "99999999999999999999"][rng.below(7)]
                    .to_owned(),
            ),
            10 => GridEdit::SetTool(
                [Tool::Weight(0), Tool::Weight(12), tools[rng.below(6)]][rng.below(3)],
            ),
            _ => GridEdit::Import(
                "random.map".to_owned(),
                [
                    "type octile\nheight 5\nwidth 5\nmap\n.....\n.@@..\n.....\n..T..\n.....\n",
                    "height x\n",
                ][rng.below(2)]
                .to_owned(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable;

    use crate::app::model::domain::DomainKind;
    use crate::app::model::text;
    use crate::app::{Settings, test_harness};

    #[test]
    fn the_lists_head_a_maps_states_cell_and_offer_no_board_toggle() {
        let mut h = test_harness(Settings::default());
        h.run();
        assert!(
            !h.query_all_by_label(crate::app::puzzle::puzzle_text::p().col_board)
                .collect::<Vec<_>>()
                .is_empty()
        );
        assert!(
            h.query_all_by_label(super::grid_text::g().col_cell)
                .next()
                .is_none()
        );
        let mut h = test_harness(Settings {
            domain: DomainKind::Grid,
            ..Settings::default()
        });
        h.run();
        // Both lists head the column "cell"; a map's cells are always coordinates.
        assert_eq!(
            h.query_all_by_label(super::grid_text::g().col_cell).count(),
            2
        );
        assert!(
            h.query_all_by_label(crate::app::puzzle::puzzle_text::p().col_board)
                .next()
                .is_none()
        );
        assert!(h.query_by_label(text::t().boards_as_text).is_none());
    }

    /// The map on screen leaves by File → Export as MovingAI's `.map` or as searchlab's text,
    /// and either comes back as the same map.
    #[test]
    fn a_map_is_exported_in_both_formats_and_reads_back() {
        use crate::app::grid::grid_model::GridEdit;
        use crate::domains::grid::Preset;
        let dir = std::env::temp_dir().join(format!("searchlab-map-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut h = test_harness(Settings {
            domain: DomainKind::Grid,
            ..Settings::default()
        });
        h.run();
        h.state_mut()
            .apply(crate::app::Command::edit(GridEdit::Preset(
                Preset::WallWithGap,
            )));
        let map = h.state().session.settings.grid.grid.clone();
        for name in ["out.map", "out.txt"] {
            let path = dir.join(name);
            let exported = h.state().session.settings.grid.grid.clone();
            h.state().export_problem(DomainKind::Grid, &path).unwrap();
            let written = std::fs::read_to_string(&path).unwrap();
            // MovingAI's format has no start, goal or move rules; searchlab's keeps them.
            let movingai = name.ends_with(".map");
            assert_eq!(written.contains("\nstart "), !movingai, "{name}");
            h.state_mut()
                .apply(crate::app::Command::edit(GridEdit::Preset(
                    Preset::OpenField,
                )));
            assert_ne!(h.state().session.settings.grid.grid, map);
            let said = h
                .state_mut()
                .import_problem(DomainKind::Grid, &path)
                .unwrap();
            assert!(said.contains(name), "{said}");
            assert_eq!(
                h.state().session.settings.grid.grid.cells().count(),
                map.cells().count()
            );
            let walls = |g: &crate::domains::grid::Grid| {
                g.cells().filter(|&c| !g.is_passable(c)).collect::<Vec<_>>()
            };
            let read = &h.state().session.settings.grid.grid;
            assert_eq!(walls(read), walls(&map), "{name}");
            if !movingai {
                assert_eq!(*read, exported);
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
