//! Breakpoints in the window: which of the engine's [`Breakpoint`]s are on, as the user set
//! them (remembered with the settings), and the row of checkboxes that sets them. Play and Run
//! to end stop at the first step where one holds and say why; Step ignores them.

use serde::{Deserialize, Serialize};

use super::domain::{AnyState, DomainKind};
use super::text::{self, engine};
use crate::domains::graph::Graph;
use crate::domains::grid::Cell;
use crate::domains::puzzle::parse_board;
use crate::search::Breakpoint;

/// The breakpoints as set in the window.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BreakpointSettings {
    pub goal_generated: bool,
    pub f_increases: bool,
    pub reopened: bool,
    pub open_exceeds: bool,
    pub open_limit: usize,
    /// IDA* or iterative deepening began a new iteration with a larger bound.
    pub bound_raised: bool,
    /// Stop at a chosen board, typed in any board format.
    pub board: bool,
    pub board_text: String,
    /// At the board's expansion rather than its generation.
    pub board_expanded: bool,
}

impl Default for BreakpointSettings {
    fn default() -> BreakpointSettings {
        BreakpointSettings {
            goal_generated: false,
            f_increases: false,
            reopened: false,
            open_exceeds: false,
            open_limit: 1000,
            bound_raised: false,
            board: false,
            board_text: "123804765".to_owned(),
            board_expanded: false,
        }
    }
}

impl BreakpointSettings {
    /// The engine's breakpoints that are on. A board that does not parse is left out (its field
    /// shows why).
    pub fn active(&self, domain: DomainKind, graph: &Graph) -> Vec<Breakpoint<AnyState>> {
        let mut active = Vec::new();
        if self.goal_generated {
            active.push(Breakpoint::GoalGenerated);
        }
        if self.f_increases {
            active.push(Breakpoint::FIncreases);
        }
        if self.reopened {
            active.push(Breakpoint::Reopened);
        }
        if self.open_exceeds {
            active.push(Breakpoint::OpenExceeds(self.open_limit));
        }
        if self.bound_raised {
            active.push(Breakpoint::BoundRaised);
        }
        if let (true, Ok(state)) = (self.board, self.state(domain, graph)) {
            active.push(if self.board_expanded {
                Breakpoint::StateExpanded(state)
            } else {
                Breakpoint::StateGenerated(state)
            });
        }
        active
    }

    /// The state to stop at: a board in any board format, a cell as `x,y` on a map, or a node
    /// of `graph` by its name.
    pub fn state(&self, domain: DomainKind, graph: &Graph) -> Result<AnyState, String> {
        match domain {
            DomainKind::Puzzle => parse_board(&self.board_text)
                .map(AnyState::Puzzle)
                .map_err(|e| engine::parse_error(&e)),
            DomainKind::Grid => parse_cell(&self.board_text)
                .map(AnyState::Grid)
                .ok_or_else(|| text::t().bp_cell_hint.to_owned()),
            DomainKind::Graph => graph
                .find(self.board_text.trim())
                .map(AnyState::Graph)
                .ok_or_else(|| text::t().bp_node_hint.to_owned()),
        }
    }
}

/// A cell typed as `x,y`, `x y` or `(x, y)`.
pub fn parse_cell(text: &str) -> Option<Cell> {
    let inner = text.trim().trim_start_matches('(').trim_end_matches(')');
    let mut parts = inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty());
    let x = parts.next()?.parse().ok()?;
    let y = parts.next()?.parse().ok()?;
    parts.next().is_none().then(|| Cell::new(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_checked_breakpoints_are_active() {
        let mut settings = BreakpointSettings::default();
        assert!(
            settings
                .active(
                    DomainKind::Puzzle,
                    &crate::domains::graph::GraphPreset::Romania.build()
                )
                .is_empty()
        );
        settings.f_increases = true;
        settings.board = true;
        settings.board_text = "12345".to_owned();
        assert_eq!(
            settings.active(
                DomainKind::Puzzle,
                &crate::domains::graph::GraphPreset::Romania.build()
            ),
            vec![Breakpoint::FIncreases]
        );
        settings.board_text = "203184765".to_owned();
        assert_eq!(
            settings
                .active(
                    DomainKind::Puzzle,
                    &crate::domains::graph::GraphPreset::Romania.build()
                )
                .len(),
            2
        );
    }
}
