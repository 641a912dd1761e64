//! Breakpoints: conditions checked after each step so a run can stop at the moment worth
//! discussing ("run until f increases") and say why it stopped.

use std::fmt;

use super::Search;
use super::cost::Cost;
use super::problem::SearchProblem;
use super::record::{NodeId, Outcome, StepEvent, StepView};

/// A condition on a step; `S` is the problem's state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Breakpoint<S> {
    /// A child that passes the goal test was generated (it may not be expanded yet).
    GoalGenerated,
    /// The f of the expanded node is larger than at the previous step.
    FIncreases,
    /// This state was generated as a new node.
    StateGenerated(S),
    /// This state was expanded.
    StateExpanded(S),
    /// A closed node was put back in open.
    Reopened,
    /// Open holds more than this many nodes.
    OpenExceeds(usize),
    /// An iterative-deepening search (IDA*, IDS) began a new iteration with a larger bound.
    BoundRaised,
    /// RBFS or SMA* forgot a node to stay within its memory.
    NodeForgotten,
    /// RBFS's best child went over its call's f_limit, so the call returned.
    LimitExceeded,
    /// Branch-and-bound found a goal cheaper than the best so far.
    BoundImproved,
}

/// Why a run stopped: which breakpoint held, with the numbers a sentence about it needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hit<S> {
    /// The goal was generated as this node.
    GoalGenerated(NodeId),
    /// The expanded node's f rose from the previous step's.
    FIncreased { from: Cost, to: Cost },
    /// The state was generated as this node.
    StateGenerated(S, NodeId),
    /// The state was expanded as this node.
    StateExpanded(S, NodeId),
    /// This closed node was put back in open.
    Reopened(NodeId),
    /// Open holds `open` nodes, more than `limit`.
    OpenExceeds { open: usize, limit: usize },
    /// Iteration `iteration` began with the bound raised from `from` to `to`.
    BoundRaised {
        iteration: usize,
        from: Cost,
        to: Cost,
    },
    /// This node was forgotten; its parent remembers `backed_up`.
    NodeForgotten { node: NodeId, backed_up: Cost },
    /// The best child of this node had f `backed_up`, above the call's `limit`.
    LimitExceeded {
        node: NodeId,
        backed_up: Cost,
        limit: Cost,
    },
    /// This goal lowered the bound from `from` (none before the first goal) to `to`.
    BoundImproved {
        goal: NodeId,
        from: Option<Cost>,
        to: Cost,
    },
}

impl<S: fmt::Display> fmt::Display for Hit<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hit::GoalGenerated(id) => write!(f, "the goal was generated as node S{}", id.0),
            Hit::FIncreased { from, to } => write!(f, "f increased from {from} to {to}"),
            Hit::StateGenerated(state, id) => {
                write!(f, "{state} was generated as node S{}", id.0)
            }
            Hit::StateExpanded(state, id) => write!(f, "{state} was expanded (node S{})", id.0),
            Hit::Reopened(id) => write!(f, "node S{} was reopened", id.0),
            Hit::OpenExceeds { open, limit } => {
                write!(f, "open holds {open} nodes, more than {limit}")
            }
            Hit::BoundRaised {
                iteration,
                from,
                to,
            } => write!(
                f,
                "iteration {iteration} began: the bound rose from {from} to {to}"
            ),
            Hit::NodeForgotten { node, backed_up } => write!(
                f,
                "node S{} was forgotten; its parent remembers f = {backed_up}",
                node.0
            ),
            Hit::LimitExceeded {
                node,
                backed_up,
                limit,
            } => write!(
                f,
                "the best child of S{} has f = {backed_up}, above f_limit {limit}: its subtree \
                 is forgotten",
                node.0
            ),
            Hit::BoundImproved { goal, from, to } => match from {
                Some(from) => write!(f, "goal S{} lowered the bound from {from} to {to}", goal.0),
                None => write!(f, "goal S{} set the first bound, {to}", goal.0),
            },
        }
    }
}

impl<S: Copy + PartialEq> Breakpoint<S> {
    /// Why to stop after `step`, if the condition holds there.
    pub fn hit<P: SearchProblem<State = S>>(
        &self,
        search: &dyn Search<P>,
        step: &StepView<'_, P::Action>,
    ) -> Option<Hit<S>> {
        let expanded = search.node(step.expanded);
        match *self {
            Breakpoint::GoalGenerated => step
                .children
                .iter()
                .find(|c| search.problem().is_goal(&search.node(c.node).state))
                .map(|c| Hit::GoalGenerated(c.node)),
            Breakpoint::FIncreases => {
                let previous = step.index.checked_sub(1).map(|i| search.step_at(i))?;
                let before = search.node(previous.expanded).f;
                (expanded.f > before).then_some(Hit::FIncreased {
                    from: before,
                    to: expanded.f,
                })
            }
            Breakpoint::StateGenerated(state) => step
                .children
                .iter()
                .find(|c| c.outcome == Outcome::New && search.node(c.node).state == state)
                .map(|c| Hit::StateGenerated(state, c.node)),
            Breakpoint::StateExpanded(state) => {
                (expanded.state == state).then_some(Hit::StateExpanded(state, step.expanded))
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
            Breakpoint::BoundRaised => step.new_iteration.map(|n| Hit::BoundRaised {
                iteration: n.number,
                from: n.from,
                to: n.to,
            }),
            Breakpoint::NodeForgotten => search.events(step.index).iter().find_map(|e| match *e {
                StepEvent::Forgotten { node, backed_up } => {
                    Some(Hit::NodeForgotten { node, backed_up })
                }
                _ => None,
            }),
            Breakpoint::LimitExceeded => search.events(step.index).iter().find_map(|e| match *e {
                StepEvent::LimitExceeded {
                    node,
                    backed_up,
                    limit,
                } => Some(Hit::LimitExceeded {
                    node,
                    backed_up,
                    limit,
                }),
                _ => None,
            }),
            Breakpoint::BoundImproved => search.events(step.index).iter().find_map(|e| match *e {
                StepEvent::BoundImproved { goal, from, to } => {
                    Some(Hit::BoundImproved { goal, from, to })
                }
                _ => None,
            }),
        }
    }
}

/// Steps until a breakpoint holds (returning why), the search ends, or `max_steps` were taken.
pub fn run_until<P: SearchProblem>(
    search: &mut dyn Search<P>,
    breakpoints: &[Breakpoint<P::State>],
    max_steps: usize,
) -> Option<Hit<P::State>> {
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
