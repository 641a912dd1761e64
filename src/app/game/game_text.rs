//! Minimax's and alpha-beta's pseudocode as data (no drawing): AIMA's MAX-VALUE and MIN-VALUE
//! line by line, which lines a step ran and what each computed, and the fine step that shows
//! the lines of the next step one at a time before the step is taken.

use crate::search::game::{Game, GameAlgorithm, GameSearch, Player, StepKind, value_text};

/// What a line does, so a step can name the lines it ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
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
pub fn lines(player: Player, algorithm: GameAlgorithm) -> Vec<(Line, String)> {
    let alpha_beta = algorithm == GameAlgorithm::AlphaBeta;
    let (name, other, start, take) = match player {
        Player::Max => ("MAX-VALUE", "MIN-VALUE", "−∞", "max"),
        Player::Min => ("MIN-VALUE", "MAX-VALUE", "+∞", "min"),
    };
    let args = if alpha_beta { "(s, α, β)" } else { "(s)" };
    let mut out = vec![
        (Line::Header, format!("function {name}{args}")),
        (Line::Leaf, "  if IS-CUTOFF(s): return EVAL(s)".to_owned()),
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
                out.push((Line::Cut, "    if v ≥ β: return v  ▷ β cut".to_owned()));
                out.push((Line::Bound, "    α ← max(α, v)".to_owned()));
            }
            Player::Min => {
                out.push((Line::Cut, "    if v ≤ α: return v  ▷ α cut".to_owned()));
                out.push((Line::Bound, "    β ← min(β, v)".to_owned()));
            }
        }
    }
    out.push((Line::Return, "  return v".to_owned()));
    out
}

/// The lines the latest step ran, in order, and the player whose function they are in.
pub fn ran<G: Game>(lane: &GameSearch<G>) -> Option<(Player, Vec<Line>)> {
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

/// What line `line` computed in the latest step, with the step's values: `v = max(−∞, 3) = 3`.
pub fn computed<G: Game>(lane: &GameSearch<G>, line: Line) -> Option<String> {
    let index = lane.steps().checked_sub(1)?;
    let step = lane.step_at(index);
    let node = lane.node(step.node);
    let name = crate::tree::game::node_label(lane, step.node);
    let word = |yes: bool| {
        crate::i18n::pick(
            if yes { "yes" } else { "no" },
            if yes { "是" } else { "否" },
        )
    };
    Some(match (line, step.kind) {
        (Line::Header, _) if lane.config().algorithm == GameAlgorithm::AlphaBeta => format!(
            "s = {name}, α = {}, β = {}",
            value_text(node.alpha),
            value_text(node.beta)
        ),
        (Line::Header, _) => format!("s = {name}"),
        (Line::Leaf, _) => match (node.leaf, node.value) {
            (Some(_), Some(value)) => format!("{} → {}", word(true), value_text(value)),
            _ => word(false),
        },
        (Line::Start, _) => match node.player {
            Player::Max => "v = −∞".to_owned(),
            Player::Min => "v = +∞".to_owned(),
        },
        (Line::Loop, StepKind::Return { .. }) => {
            let next = lane
                .children(step.node)
                .nth(node.visited_children as usize)?;
            crate::i18n::pick(
                &format!("next c = {}", crate::tree::game::node_label(lane, next)),
                &format!(
                    "下一个 c\u{a0}=\u{a0}{}",
                    crate::tree::game::node_label(lane, next)
                ),
            )
        }
        (Line::Loop, _) => {
            let first = lane.children(step.node).next()?;
            crate::i18n::pick(
                &format!(
                    "{} children, c = {}",
                    lane.children(step.node).len(),
                    crate::tree::game::node_label(lane, first)
                ),
                &format!(
                    "{} 个子结点，c\u{a0}=\u{a0}{}",
                    lane.children(step.node).len(),
                    crate::tree::game::node_label(lane, first)
                ),
            )
        }
        (
            Line::Take,
            StepKind::Return {
                child,
                before,
                after,
            },
        ) => {
            let taken = lane.node(child).value.map(value_text).unwrap_or_default();
            let op = match node.player {
                Player::Max => "max",
                Player::Min => "min",
            };
            let start = match node.player {
                Player::Max => "−∞".to_owned(),
                Player::Min => "+∞".to_owned(),
            };
            format!(
                "v = {op}({}, {taken}) = {}",
                before.map_or(start, value_text),
                value_text(after)
            )
        }
        (Line::Cut, StepKind::Return { after, .. }) => match (node.player, step.cut) {
            (Player::Max, cut) => format!(
                "{} ≥ {}? {}",
                value_text(after),
                value_text(node.beta),
                word(cut.is_some())
            ),
            (Player::Min, cut) => format!(
                "{} ≤ {}? {}",
                value_text(after),
                value_text(node.alpha),
                word(cut.is_some())
            ),
        },
        (Line::Bound, _) => match node.player {
            Player::Max => format!("α = {}", value_text(node.alpha)),
            Player::Min => format!("β = {}", value_text(node.beta)),
        },
        (Line::Return, StepKind::Return { after, .. }) => format!("→ {}", value_text(after)),
        _ => return None,
    })
}

/// The next step's lines, shown one at a time before it is taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FineStep {
    /// The function the lines are in.
    pub player: Player,
    /// The lines in the order the step runs them, each with what it computes.
    pub lines: Vec<(Line, Option<String>)>,
    /// How many are shown.
    pub shown: usize,
}

/// The lines the next step of `lane` will run, with their values, found by taking the step
/// and undoing it (undo is exact); `None` if the search is over.
pub fn peek<G: Game>(lane: &mut GameSearch<G>) -> Option<FineStep> {
    lane.step()?;
    let found = ran(lane).map(|(player, lines)| FineStep {
        player,
        lines: lines
            .iter()
            .map(|&line| (line, computed(lane, line)))
            .collect(),
        shown: 0,
    });
    lane.step_back();
    found
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
        assert_eq!(computed(&lane, Line::Take).unwrap(), "v = min(+∞, 3) = 3");
        assert_eq!(computed(&lane, Line::Cut).unwrap(), "3 ≤ −∞? no");
        assert_eq!(computed(&lane, Line::Bound).unwrap(), "β = 3");
        assert_eq!(computed(&lane, Line::Loop).unwrap(), "next c = B2");
        // On to C's first leaf and back: the α cut returns at once.
        lane.run(8);
        let (player, lines) = ran(&lane).unwrap();
        assert_eq!((player, lines), (Player::Min, vec![Line::Take, Line::Cut]));
        assert!(lane.step_at(lane.steps() - 1).cut.is_some());
        assert_eq!(computed(&lane, Line::Cut).unwrap(), "2 ≤ 3? yes");
    }
}
