//! What a search held before a step, read from it before the step is taken, and the reasons
//! a step is explained by: the half a bidirectional step chose and its stopping rule. Fine step
//! derives what a line shows from it; the exercise explains the next step with it. No
//! drawing, no words (the text module words these).

use super::domain::{AnyProblem, Config};
use crate::search::{Algorithm, Cost, Direction, Meeting, NodeId, Search};

/// What a search held before a step, read from it before the step was taken: what the
/// finished step cannot give back (the smallest f pruned so far and
/// the best meeting, which the step may have replaced; the BFS layer and the two open lists
/// the half was chosen by).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Before {
    /// A depth-first search's next bound.
    pub next_bound: Option<Cost>,
    /// A bidirectional search's best meeting, its BFS layer, its two open lists' lengths and
    /// the smallest f in each.
    pub meeting: Option<Meeting>,
    pub layer: Option<(Direction, u32)>,
    pub forward_open: usize,
    pub backward_open: usize,
    pub top_forward: Option<Cost>,
    pub top_backward: Option<Cost>,
    /// The re-expansions counted so far.
    pub reexpanded: u32,
}

impl Before {
    /// `search` as it is now, before its next step.
    pub fn capture(search: &dyn Search<AnyProblem>) -> Before {
        let bidirectional = search.bidirectional();
        let f = |id: Option<NodeId>| id.map(|id| search.node(id).f);
        Before {
            next_bound: search.depth_first().and_then(|v| v.next_bound),
            meeting: bidirectional.and_then(|v| v.meeting),
            layer: bidirectional.and_then(|v| v.layer),
            forward_open: search.open_len(),
            backward_open: bidirectional.map_or(0, |v| v.backward_open_len()),
            top_forward: f(search.open_nodes().next()),
            top_backward: f(bidirectional.and_then(|v| v.backward_open().next())),
            reexpanded: search.stats().reexpanded,
        }
    }
}

/// Why a bidirectional step expanded the half it did, from the engine's state before the step
/// and the BFS layer the step belonged to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideChoice {
    /// BFS: the layer under way still had nodes, and a layer is finished before a half is
    /// chosen again.
    LayerUnderWay { depth: u32 },
    /// BFS: a new layer, of the half with the smaller open list (forward on a tie).
    SmallerOpen { forward: usize, backward: usize },
    /// Uniform-cost: the half whose smallest g is smaller (on a tie the smaller open list, then
    /// forward).
    CheaperTop {
        forward: (Cost, usize),
        backward: (Cost, usize),
    },
}

/// Why the step after `before` expanded the half it did; `layer` is the engine's BFS layer
/// after that step.
pub fn side_choice(
    config: &Config,
    before: &Before,
    layer: Option<(Direction, u32)>,
) -> SideChoice {
    match layer {
        Some((_, depth)) if config.algorithm == Algorithm::BidirectionalBfs => {
            if before.layer == layer {
                SideChoice::LayerUnderWay { depth }
            } else {
                SideChoice::SmallerOpen {
                    forward: before.forward_open,
                    backward: before.backward_open,
                }
            }
        }
        _ => SideChoice::CheaperTop {
            forward: (before.top_forward.unwrap_or_default(), before.forward_open),
            backward: (
                before.top_backward.unwrap_or_default(),
                before.backward_open,
            ),
        },
    }
}

/// The bidirectional stopping rule as checked at the end of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopRule {
    /// Both open lists hold nodes: no path not found yet is shorter than `bound` (top_f +
    /// top_b, plus one step for BFS); the search stops if μ is at most that.
    Bound {
        bound: Cost,
        /// BFS counts steps: a path not found yet needs one more than top_f + top_b.
        plus_one: bool,
        mu: Option<Cost>,
        stops: bool,
    },
    /// An open list is empty (`forward` says which): every state that half can reach was
    /// checked against the other half, so μ is the answer, or there is no path.
    Empty { forward: bool, mu: Option<Cost> },
}

/// The stopping rule at the end of the latest step of a bidirectional search, with the
/// engine's verdict (its status); `None` for the other searches.
pub fn stop_rule(search: &dyn Search<AnyProblem>) -> Option<StopRule> {
    let view = search.bidirectional()?;
    let mu = view.meeting.map(|m| m.length);
    let f = |id: Option<NodeId>| id.map(|id| search.node(id).f);
    let (top_f, top_b) = (
        f(search.open_nodes().next()),
        f(view.backward_open().next()),
    );
    let (Some(top_f), Some(top_b)) = (top_f, top_b) else {
        return Some(StopRule::Empty {
            forward: top_f.is_none(),
            mu,
        });
    };
    let plus_one = search.config().algorithm == Algorithm::BidirectionalBfs;
    let step = if plus_one { Cost::ONE } else { Cost::ZERO };
    Some(StopRule::Bound {
        bound: top_f + top_b + step,
        plus_one,
        mu,
        stops: !search.status().is_running(),
    })
}
