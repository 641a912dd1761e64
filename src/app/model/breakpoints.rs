//! Breakpoints in the window: which of the engine's [`Breakpoint`]s are on, as the user set
//! them (remembered with the settings), and the row of checkboxes that sets them. Play and Run
//! to end stop at the first step where one holds and say why; Step ignores them.

use serde::{Deserialize, Serialize};

use super::domain::AnyState;
use super::section::{DomainSettings, StateError};
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
    /// RBFS or SMA* forgot a node.
    pub node_forgotten: bool,
    /// RBFS's best child went over the f_limit.
    pub limit_exceeded: bool,
    /// Branch-and-bound found a cheaper goal.
    pub bound_improved: bool,
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
            node_forgotten: false,
            limit_exceeded: false,
            bound_improved: false,
            board: false,
            board_text: "123804765".to_owned(),
            board_expanded: false,
        }
    }
}

impl BreakpointSettings {
    /// The engine's breakpoints that are on, for the problem of `section`. A state that does
    /// not parse is left out (its field shows why).
    pub fn active(&self, section: &dyn DomainSettings) -> Vec<Breakpoint<AnyState>> {
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
        if self.node_forgotten {
            active.push(Breakpoint::NodeForgotten);
        }
        if self.limit_exceeded {
            active.push(Breakpoint::LimitExceeded);
        }
        if self.bound_improved {
            active.push(Breakpoint::BoundImproved);
        }
        if let (true, Ok(state)) = (self.board, self.state(section)) {
            active.push(if self.board_expanded {
                Breakpoint::StateExpanded(state)
            } else {
                Breakpoint::StateGenerated(state)
            });
        }
        active
    }

    /// The state to stop at, as the domain of `section` writes its states.
    pub fn state(&self, section: &dyn DomainSettings) -> Result<AnyState, StateError> {
        section.parse_state(&self.board_text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_checked_breakpoints_are_active() {
        let puzzle = crate::app::puzzle::puzzle_model::PuzzleSettings::default();
        let mut settings = BreakpointSettings::default();
        assert!(settings.active(&puzzle).is_empty());
        settings.f_increases = true;
        settings.board = true;
        settings.board_text = "12345".to_owned();
        assert_eq!(settings.active(&puzzle), vec![Breakpoint::FIncreases]);
        settings.board_text = "203184765".to_owned();
        assert_eq!(settings.active(&puzzle).len(), 2);
    }

    /// Each domain reads the state in its own way: a cell on a map, a node by name on a
    /// graph; text that names no state is refused.
    #[test]
    fn each_domain_reads_its_own_states() {
        use crate::app::graph::graph_model::GraphSettings;
        use crate::app::grid::grid_model::GridSettings;
        let mut settings = BreakpointSettings {
            board_text: " (3, 4) ".to_owned(),
            ..BreakpointSettings::default()
        };
        let grid = GridSettings::default();
        let graph = GraphSettings::default();
        assert_eq!(
            settings.state(&grid),
            Ok(AnyState::Grid(crate::domains::grid::Cell::new(3, 4)))
        );
        assert_eq!(settings.state(&graph), Err(StateError::Unknown));
        settings.board_text = "Rimnicu Vilcea ".to_owned();
        let node = graph.graph.find("Rimnicu Vilcea").unwrap();
        assert_eq!(settings.state(&graph), Ok(AnyState::Graph(node)));
        assert_eq!(settings.state(&grid), Err(StateError::Unknown));
        assert!(matches!(
            settings.state(&crate::app::puzzle::puzzle_model::PuzzleSettings::default()),
            Err(StateError::Malformed(_))
        ));
    }
}
