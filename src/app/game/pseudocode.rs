//! Minimax's and alpha-beta's pseudocode (AIMA's MAX-VALUE and MIN-VALUE) with the lines the
//! latest step ran highlighted, in the order it ran them.

use egui::{Color32, RichText, Ui};

use super::game_model::AnyGame;
use super::game_text::{FineStep, computed, lines, ran};
use crate::search::game::{GameSearch, Player};

/// The two functions with the lines of a step marked in the order they run, each with what it
/// computed: the next step's lines shown so far while stepping line by line (`fine`), else
/// the latest step's.
pub fn panel(ui: &mut Ui, lane: &GameSearch<AnyGame>, fine: Option<&FineStep>, size: f32) {
    let algorithm = lane.config().algorithm;
    // The latest step's lines, all shown, unless the next step is being shown line by line.
    let marked: Option<FineStep> = match fine {
        Some(fine) => Some(fine.clone()),
        None => ran(lane).map(|(player, lines)| FineStep {
            player,
            shown: lines.len(),
            lines: lines.iter().map(|&l| (l, computed(lane, l))).collect(),
        }),
    };
    if fine.is_some() {
        ui.label(
            RichText::new(crate::i18n::pick(
                "Line by line: the next step, before it is taken",
                "逐行：下一步，尚未执行",
            ))
            .strong(),
        );
    }
    // The longest line, 36 characters with its number, fits the panel's width unbroken.
    let size = (size * 0.9).min(ui.available_width() / (36.0 * 0.62));
    let highlight = Color32::from_rgb(240, 130, 40);
    // The function the step runs comes first, in view without scrolling.
    let order = match marked.as_ref().map(|m| m.player) {
        Some(Player::Min) => [Player::Min, Player::Max],
        _ => [Player::Max, Player::Min],
    };
    for player in order {
        for (line, text) in lines(player, algorithm) {
            let at = marked.as_ref().and_then(|m| {
                let shown = &m.lines[..m.shown];
                (m.player == player)
                    .then(|| shown.iter().position(|(l, _)| *l == line))
                    .flatten()
                    .map(|k| (k, shown[k].1.clone()))
            });
            let mut rich = RichText::new(match &at {
                Some((k, _)) => format!("{} {text}", k + 1),
                None => format!("  {text}"),
            })
            .monospace()
            .size(size);
            if at.is_some() {
                rich = rich
                    .strong()
                    .background_color(highlight)
                    .color(Color32::BLACK);
            }
            ui.label(rich);
            if let Some((_, Some(what))) = at {
                ui.label(
                    RichText::new(format!("      ⇒ {what}"))
                        .monospace()
                        .size(size)
                        .strong()
                        .color(highlight),
                );
            }
        }
        ui.add_space(4.0);
    }
}
