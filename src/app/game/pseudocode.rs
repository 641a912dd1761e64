//! Minimax's and alpha-beta's pseudocode (AIMA's MAX-VALUE and MIN-VALUE) with the lines the
//! latest step ran highlighted, in the order it ran them.

use egui::{Color32, RichText, Ui};

use super::game_model::AnyGame;
use crate::search::game::{GameAlgorithm, GameSearch, Player, StepKind};

/// What a line does, so a step can name the lines it ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    Header,
    Leaf,
    Start,
    Loop,
    Take,
    Cut,
    Bound,
    Return,
}

/// The lines of one player's function: MAX-VALUE or MIN-VALUE.
fn lines(player: Player, algorithm: GameAlgorithm) -> Vec<(Line, String)> {
    let alpha_beta = algorithm == GameAlgorithm::AlphaBeta;
    let (name, other, start, take) = match player {
        Player::Max => ("MAX-VALUE", "MIN-VALUE", "−∞", "max"),
        Player::Min => ("MIN-VALUE", "MAX-VALUE", "+∞", "min"),
    };
    let args = if alpha_beta { "(s, α, β)" } else { "(s)" };
    let mut out = vec![
        (Line::Header, format!("function {name}{args}")),
        (
            Line::Leaf,
            "  if TERMINAL(s) or CUTOFF(s): return EVAL(s)".to_owned(),
        ),
        (Line::Start, format!("  v ← {start}")),
        (Line::Loop, "  for each child c of s:".to_owned()),
        (
            Line::Take,
            format!(
                "    v ← {take}(v, {other}{}",
                if alpha_beta { "(c, α, β))" } else { "(c))" }
            ),
        ),
    ];
    if alpha_beta {
        match player {
            Player::Max => {
                out.push((Line::Cut, "    if v ≥ β: return v      ▷ β cut".to_owned()));
                out.push((Line::Bound, "    α ← max(α, v)".to_owned()));
            }
            Player::Min => {
                out.push((Line::Cut, "    if v ≤ α: return v      ▷ α cut".to_owned()));
                out.push((Line::Bound, "    β ← min(β, v)".to_owned()));
            }
        }
    }
    out.push((Line::Return, "  return v".to_owned()));
    out
}

/// The lines the latest step ran, in order, and the player whose function they are in.
fn ran(lane: &GameSearch<AnyGame>) -> Option<(Player, Vec<Line>)> {
    let index = lane.steps().checked_sub(1)?;
    let step = lane.step_at(index);
    let node = lane.node(step.node);
    let alpha_beta = lane.config().algorithm == GameAlgorithm::AlphaBeta;
    let lines = match step.kind {
        StepKind::Enter | StepKind::NewIteration { .. } => {
            if node.leaf.is_some() {
                vec![Line::Header, Line::Leaf]
            } else {
                vec![Line::Header, Line::Leaf, Line::Start, Line::Loop]
            }
        }
        StepKind::Return { .. } => {
            let mut lines = vec![Line::Take];
            if alpha_beta {
                lines.push(Line::Cut);
                if step.cut.is_none() {
                    lines.push(Line::Bound);
                }
            }
            if step.done && step.cut.is_none() {
                lines.push(Line::Return);
            } else if !step.done {
                lines.push(Line::Loop);
            }
            lines
        }
    };
    Some((node.player, lines))
}

/// The two functions, the lines the latest step ran marked with their order.
pub fn panel(ui: &mut Ui, lane: &GameSearch<AnyGame>, size: f32) {
    let algorithm = lane.config().algorithm;
    let latest = ran(lane);
    let highlight = Color32::from_rgb(240, 130, 40);
    for player in [Player::Max, Player::Min] {
        for (line, text) in lines(player, algorithm) {
            let order = latest.as_ref().and_then(|(p, lines)| {
                (*p == player)
                    .then(|| lines.iter().position(|l| *l == line))
                    .flatten()
            });
            let mut rich = RichText::new(match order {
                Some(k) => format!("{} {text}", k + 1),
                None => format!("  {text}"),
            })
            .monospace()
            .size(size * 0.9);
            if order.is_some() {
                rich = rich
                    .strong()
                    .background_color(highlight)
                    .color(Color32::BLACK);
            }
            ui.label(rich);
        }
        ui.add_space(4.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::game::game_model::{GameSettings, config_of, game_of};

    #[test]
    fn the_lines_follow_the_step() {
        let settings = GameSettings::default();
        let game = game_of(&settings).unwrap();
        let mut lane =
            GameSearch::new(game.clone(), config_of(&settings, settings.lanes[0], &game));
        // A, B, B1: the leaf is a call of MAX-VALUE that returns its value at once.
        lane.run(3);
        assert_eq!(
            ran(&lane).unwrap(),
            (Player::Max, vec![Line::Header, Line::Leaf])
        );
        // Back at B: MIN took 3, tested it against α and lowered β.
        lane.run(1);
        assert_eq!(
            ran(&lane).unwrap(),
            (
                Player::Min,
                vec![Line::Take, Line::Cut, Line::Bound, Line::Loop]
            )
        );
        // On to C's first leaf and back: the α cut returns at once.
        lane.run(8);
        let (player, lines) = ran(&lane).unwrap();
        assert_eq!((player, lines), (Player::Min, vec![Line::Take, Line::Cut]));
        assert!(lane.step_at(lane.steps() - 1).cut.is_some());
    }
}
