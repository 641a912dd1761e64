//! The records a search keeps and the views read: nodes, what happened to each child, the
//! status and the counters.

use super::cost::Cost;

/// A node's index in the search's arena. Nodes are never moved, so ids stay valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The index into the arena.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Where a node is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Open,
    Closed,
}

/// Everything known about one node: a state, how it was reached, and where it is now.
///
/// `S` is the problem's state and `A` its action. The record is kept small (64 bytes besides
/// the state): the arena holds one per state seen, and undo keeps copies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Node<S, A> {
    pub state: S,
    /// The node it was generated from (the best one found so far); `None` for the start.
    pub parent: Option<NodeId>,
    /// The action from the parent.
    pub action: Option<A>,
    /// The cost of the path from the start.
    pub g: Cost,
    /// The number of steps from the start along the parent chain (BFS orders by it; it
    /// equals g only when every step costs one).
    pub depth: u32,
    /// The heuristic estimate of the cost left.
    pub h: Cost,
    /// The priority open is ordered by: g + h for A*, h for greedy, g for UCS, depth for BFS.
    pub f: Cost,
    /// The step during which it was generated (0 for the start).
    pub generated_at: u32,
    /// The step (1-based) at which it was last removed from open.
    pub expanded_at: Option<u32>,
    pub place: Place,
    /// Its order among nodes of equal f when it entered open (see [`OpenKey`]). Meaningful
    /// while open.
    pub(crate) tie: u64,
}

/// The order of open: lower priority first, then the tie-break value, which includes a
/// sequence number so no two keys are equal and the order is fully deterministic. Kept to
/// sixteen bytes: the B-tree compares and moves keys on every insertion (docs/performance.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub(crate) struct OpenKey {
    /// f in units of [`Cost`].
    pub priority: u64,
    /// The sequence number for first-in ties, its complement for last-in ties, and for the
    /// smaller-h rule h (in units of [`Cost`]) above the sequence number.
    pub tie: u64,
}

/// What became of one generated child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A state not seen before; added to open.
    New,
    /// Already in open by a path at least as short; ignored.
    InOpen,
    /// Already in open by a longer path; re-parented and re-queued with the smaller g.
    Improved { old_g: Cost },
    /// Already closed; ignored.
    InClosed,
    /// Already closed, but reached by a shorter path; put back in open.
    Reopened { old_g: Cost },
}

impl Outcome {
    /// A short word for the outcome.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::New => "new",
            Outcome::InOpen => "already in open",
            Outcome::Improved { .. } => "improved",
            Outcome::InClosed => "already closed",
            Outcome::Reopened { .. } => "reopened",
        }
    }

    /// Whether the child's state had been seen before.
    pub fn is_duplicate(self) -> bool {
        self != Outcome::New
    }
}

/// One generated child; `A` is the problem's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child<A> {
    /// The node for the child's state (for a duplicate, the existing node).
    pub node: NodeId,
    /// The action from the expanded node.
    pub action: A,
    /// The child's g by this path.
    pub g: Cost,
    pub outcome: Outcome,
}

/// One step, as the views see it.
#[derive(Clone, Copy, Debug)]
pub struct StepView<'a, A> {
    /// 0-based.
    pub index: usize,
    /// The node removed from open.
    pub expanded: NodeId,
    /// True if that node was the goal (then nothing was generated), or, with the goal test at
    /// generation, if one of the children was.
    pub goal_found: bool,
    /// The children in generation order.
    pub children: &'a [Child<A>],
}

/// How the search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// More steps can be taken.
    Running,
    /// The goal was found; `goal` is its node.
    Solved { goal: NodeId },
    /// Open became empty without finding the goal (cannot happen for a solvable problem).
    Exhausted,
    /// The node limit was reached.
    LimitReached,
}

impl Status {
    /// Whether the search can go on.
    pub fn is_running(self) -> bool {
        self == Status::Running
    }
}

/// The counters after a step. See the module documentation for what each counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes removed from open.
    pub steps: u32,
    /// Nodes whose children were generated.
    pub expanded: u32,
    /// Children generated, duplicates included.
    pub generated: u32,
    /// Generated children whose state had been seen before (ignored, improved or reopened).
    pub duplicates: u32,
    /// Duplicates in open that got a shorter path.
    pub improved: u32,
    /// Duplicates in closed put back in open.
    pub reopened: u32,
    /// Nodes in open now.
    pub open: u32,
    /// The largest open has been.
    pub max_open: u32,
    /// Distinct states stored (the start included).
    pub nodes: u32,
}
