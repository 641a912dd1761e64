//! The sliding puzzle's picture on a compare card: the board the lane expanded last and the
//! one it expands next, with the heuristic's reasons on their tiles and g, h, f under them.

use super::puzzle_text;
use egui::{RichText, Ui};

use super::board_view::{self, Decor};
use crate::app::domain_view::CardSize;
use crate::app::model::domain::AnyState;
use crate::app::model::lane::Lane;
use crate::app::model::text;
use crate::domains::puzzle::Heuristic;
use crate::search::NodeId;

/// The two boards in what is left of the card, as large as it allows. A card too short for
/// boards whose numbers are as large as its text leaves them to Enlarge: they could not be read
/// from the back.
pub fn card_picture(ui: &mut Ui, i: usize, lane: &Lane, size: CardSize) {
    let side = lane.search().problem().side() as f32;
    let (width, height) = (ui.available_width(), ui.available_height());
    match size {
        CardSize::Row => {
            // Below the boards: their captions and g h f.
            let down = (height - 50.0) / side;
            let across = (width - 16.0) / 2.0 / side;
            let cell = across.min(down).min(48.0);
            if cell * board_view::BOARD_DIGIT_SHARE
                >= egui::TextStyle::Body.resolve(ui.style()).size
            {
                card_boards(ui, i, lane, cell);
            }
        }
        CardSize::Large => {
            // Captions and g h f above and below the boards.
            let down = (height - 70.0) / side;
            let across = (width - 24.0) / 2.0 / side;
            card_boards(ui, i, lane, across.min(down).clamp(20.0, 110.0));
        }
    }
}

/// The node this lane expanded last and the one it expands next, with the heuristic's
/// reasons on their tiles: what lesson 2 points at in each lane.
fn card_boards(ui: &mut Ui, i: usize, lane: &Lane, cell: f32) {
    // A window too small for the card leaves no width for two columns.
    if ui.available_width() < 2.0 * cell {
        return;
    }
    let search = lane.search();
    let latest = search
        .steps()
        .checked_sub(1)
        .map(|n| search.step_at(n).expanded);
    let next = lane.open_snapshot().first().copied();
    ui.columns(2, |columns| {
        let (title, id) = match latest {
            Some(id) => (puzzle_text::p().card_expanded, id),
            None => (puzzle_text::p().card_start, NodeId(0)),
        };
        card_board(
            &mut columns[0],
            lane,
            id,
            cell,
            title,
            puzzle_text::lane_board(i + 1),
        );
        match next {
            Some(id) => card_board(
                &mut columns[1],
                lane,
                id,
                cell,
                puzzle_text::p().card_next,
                puzzle_text::lane_next_board(i + 1),
            ),
            None => {
                columns[1].label(RichText::new(puzzle_text::p().card_next).strong());
                columns[1].label(
                    RichText::new(text::t().open_empty)
                        .color(columns[1].visuals().weak_text_color()),
                );
            }
        }
    });
}

/// One node of a card: a caption, the board with the heuristic's reasons (when the lane's
/// algorithm uses a heuristic) and its g, h, f.
fn card_board(ui: &mut Ui, lane: &Lane, id: NodeId, cell: f32, title: &str, label: String) {
    let search = lane.search();
    let node = search.node(id);
    // Not justified (a column's layout is): a wrapped caption was spread letter by letter.
    ui.vertical(|ui| ui.label(RichText::new(title).strong()));
    let (Some(explainer), AnyState::Puzzle(goal), AnyState::Puzzle(board)) = (
        lane.explainer::<Heuristic>(),
        search.problem().goal(),
        node.state,
    ) else {
        return;
    };
    let explanation = explainer.explain(&board);
    let uses_h = lane.config().algorithm.uses_heuristic();
    board_view::board(
        ui,
        &board,
        cell,
        &Decor {
            goal: Some(&goal),
            explanation: uses_h.then_some(&explanation),
            label: Some(label),
            ..Decor::default()
        },
    );
    // As wide as the board: two-digit g, h and f must not wrap and push the card's
    // button out of sight.
    let size = (cell * 0.4).clamp(15.0, 26.0);
    ui.add(
        egui::Label::new(
            RichText::new(text::ghf_compact(node.g, node.h, node.f))
                .strong()
                .size(size)
                .color(ui.visuals().strong_text_color()),
        )
        .truncate(),
    );
}
