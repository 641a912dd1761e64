//! Breakpoints: conditions checked after each step so a run can stop at the moment worth
//! discussing ("run until f increases") and say why it stopped.

use std::fmt;

use super::Search;
use super::record::{NodeId, Outcome, StepView};
use crate::puzzle::Board;

/// A condition on a step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Breakpoint {
    /// A child equal to the goal was generated (it may not be expanded yet).
    GoalGenerated,
    /// The f of the expanded node is larger than at the previous step.
    FIncreases,
    /// This board was generated as a new node.
    BoardGenerated(Board),
    /// This board was expanded.
    BoardExpanded(Board),
    /// A closed node was put back in open.
    Reopened,
    /// Open holds more than this many nodes.
    OpenExceeds(usize),
}

/// Why a run stopped: which breakpoint held, with the numbers a sentence about it needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hit {
    /// The goal was generated as this node.
    GoalGenerated(NodeId),
    /// The expanded node's f rose from the previous step's.
    FIncreased { from: f64, to: f64 },
    /// The board was generated as this node.
    BoardGenerated(Board, NodeId),
    /// The board was expanded as this node.
    BoardExpanded(Board, NodeId),
    /// This closed node was put back in open.
    Reopened(NodeId),
    /// Open holds `open` nodes, more than `limit`.
    OpenExceeds { open: usize, limit: usize },
}

impl fmt::Display for Hit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Hit::GoalGenerated(id) => write!(f, "the goal was generated as node #{}", id.0),
            Hit::FIncreased { from, to } => write!(f, "f increased from {from} to {to}"),
            Hit::BoardGenerated(board, id) => write!(f, "{board} was generated as node #{}", id.0),
            Hit::BoardExpanded(board, id) => write!(f, "{board} was expanded (node #{})", id.0),
            Hit::Reopened(id) => write!(f, "node #{} was reopened", id.0),
            Hit::OpenExceeds { open, limit } => {
                write!(f, "open holds {open} nodes, more than {limit}")
            }
        }
    }
}

impl Breakpoint {
    /// Why to stop after `step`, if the condition holds there.
    pub fn hit(&self, search: &dyn Search, step: &StepView<'_>) -> Option<Hit> {
        let expanded = search.node(step.expanded);
        match *self {
            Breakpoint::GoalGenerated => {
                let goal = search.problem().goal();
                step.children
                    .iter()
                    .find(|c| search.node(c.node).board == goal)
                    .map(|c| Hit::GoalGenerated(c.node))
            }
            Breakpoint::FIncreases => {
                let previous = step.index.checked_sub(1).map(|i| search.step_at(i))?;
                let before = search.node(previous.expanded).f;
                (expanded.f > before).then_some(Hit::FIncreased {
                    from: before,
                    to: expanded.f,
                })
            }
            Breakpoint::BoardGenerated(board) => step
                .children
                .iter()
                .find(|c| c.outcome == Outcome::New && search.node(c.node).board == board)
                .map(|c| Hit::BoardGenerated(board, c.node)),
            Breakpoint::BoardExpanded(board) => {
                (expanded.board == board).then_some(Hit::BoardExpanded(board, step.expanded))
            }
            Breakpoint::Reopened => step
                .children
                .iter()
                .find(|c| matches!(c.outcome, Outcome::Reopened { .. }))
                .map(|c| Hit::Reopened(c.node)),
            Breakpoint::OpenExceeds(limit) => {
                (search.open_len() > limit).then(|| Hit::OpenExceeds {
                    open: search.open_len(),
                    limit,
                })
            }
        }
    }
}

/// Steps until a breakpoint holds (returning why), the search ends, or `max_steps` were taken.
pub fn run_until(
    search: &mut dyn Search,
    breakpoints: &[Breakpoint],
    max_steps: usize,
) -> Option<Hit> {
    for _ in 0..max_steps {
        search.step()?;
        let index = search.steps() - 1;
        let step = search.step_at(index);
        if let Some(hit) = breakpoints.iter().find_map(|b| b.hit(&*search, &step)) {
            return Some(hit);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{HeuristicKind, Problem};
    use crate::search::{Algorithm, SearchConfig, new_search};

    fn search(start: &str, config: SearchConfig) -> Box<dyn Search> {
        let problem = Problem::new(start.parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        new_search(problem, config)
    }

    #[test]
    fn goal_generated_stops_before_the_goal_is_expanded() {
        let mut s = search("283104765", SearchConfig::default());
        let hit = run_until(s.as_mut(), &[Breakpoint::GoalGenerated], 100).unwrap();
        let Hit::GoalGenerated(id) = hit else {
            panic!("{hit}");
        };
        // The node named is the goal, a child of the latest step, and no step before made it.
        let goal = s.problem().goal();
        assert_eq!(s.node(id).board, goal);
        let last = s.step_at(s.steps() - 1);
        assert!(last.children.iter().any(|c| c.node == id));
        for i in 0..s.steps() - 1 {
            let earlier = s.step_at(i);
            assert!(
                earlier
                    .children
                    .iter()
                    .all(|c| s.node(c.node).board != goal)
            );
        }
        assert!(s.status().is_running());
        assert_eq!(
            hit.to_string(),
            format!("the goal was generated as node #{}", id.0)
        );
    }

    #[test]
    fn f_increases_stops_at_the_first_rise() {
        // Far from the goal Manhattan underestimates, so A* must raise f before it is done.
        let mut s = search("567408321", SearchConfig::default());
        let reason = run_until(s.as_mut(), &[Breakpoint::FIncreases], 100_000)
            .unwrap()
            .to_string();
        let last = s.node(s.step_at(s.steps() - 1).expanded).f;
        let before = s.node(s.step_at(s.steps() - 2).expanded).f;
        assert!(last > before);
        assert_eq!(reason, format!("f increased from {before} to {last}"));
    }

    #[test]
    fn board_and_open_size_conditions() {
        let target: Board = "203184765".parse().unwrap();
        let mut s = search("283104765", SearchConfig::default());
        let reason = run_until(s.as_mut(), &[Breakpoint::BoardGenerated(target)], 10)
            .unwrap()
            .to_string();
        assert_eq!(s.steps(), 1);
        assert!(reason.contains("203184765"));
        let reason = run_until(s.as_mut(), &[Breakpoint::BoardExpanded(target)], 10)
            .unwrap()
            .to_string();
        assert_eq!(s.node(s.closed()[s.steps() - 1]).board, target, "{reason}");

        let bfs = SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero);
        let mut s = search("567408321", bfs);
        run_until(s.as_mut(), &[Breakpoint::OpenExceeds(100)], 10_000).unwrap();
        assert!(s.open_len() > 100);
        s.step_back();
        assert!(s.open_len() <= 100);
    }

    #[test]
    fn no_breakpoint_runs_to_the_end() {
        let mut s = search("283104765", SearchConfig::default());
        assert_eq!(run_until(s.as_mut(), &[Breakpoint::Reopened], 1000), None);
        assert!(!s.status().is_running());
    }
}
