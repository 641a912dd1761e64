//! Searching: the problem trait every domain implements ([`SearchProblem`]), the one stepping
//! interface every algorithm implements ([`Search`]), the records the views read (nodes,
//! steps, statistics), and the algorithms. Knows nothing of drawing nor of any domain; the
//! domains, the CLI and the window call it.
//!
//! Counting convention, the same for every algorithm so numbers can be compared:
//! - a *step* removes one node from open and tests it for the goal;
//! - if it is not the goal it is *expanded*: all its successors are *generated*, in the order
//!   the problem lists them, including the one back to the parent;
//! - *generated* counts those children, duplicates included; the start node is not counted;
//! - the goal test happens when a node is removed from open ([`GoalTest::OnExpansion`]); BFS
//!   may instead test each child as it is generated ([`GoalTest::OnGeneration`]);
//! - the depth-first searches (IDA*, IDS, DFS) generate children they then prune (f above the
//!   bound) or ignore (already on the current path): both are counted as generated, the
//!   latter as duplicates too, as are the children cycle checking drops;
//! - a tree search ([`Repeats::Tree`], [`Repeats::PathCheck`]) makes a new node of a state
//!   generated again: generated and stored, not a duplicate; the best-first engine counts such
//!   nodes apart as repeated ([`Stats::repeated`], [`Search::repeat_of`]);
//! - the bidirectional searches count both halves' steps together and test no node for the
//!   goal: they stop when the best meeting of the halves is proved shortest.
//!
//! The engines: [`BestFirst`] (BFS, uniform-cost, A*, greedy, weighted A*), [`DepthFirst`]
//! (IDA*, IDS, depth-limited DFS, heuristic depth-first, branch-and-bound), [`Rbfs`]
//! (recursive best-first), [`SmaStar`] (SMA*, one successor a step within a memory bound) and
//! [`Bidirectional`] (bidirectional BFS and uniform-cost).
//! Views that need more than open and closed ask [`Search::depth_first`] or
//! [`Search::bidirectional`].

mod best_first;
mod bidirectional;
mod breakpoint;
mod config;
mod cost;
mod depth_first;
pub mod example;
mod experiment;
mod frontier;
pub mod game;
mod plain;
mod problem;
mod rbfs;
mod record;
mod seen;
mod sma;
mod step_log;
mod trace;

pub use best_first::BestFirst;
pub use bidirectional::{Bidirectional, BidirectionalView, Meeting};
pub use breakpoint::{Breakpoint, Hit, run_until};
pub use config::{
    Algorithm, ConfigError, DEFAULT_DEPTH_LIMIT, DEFAULT_MEMORY_LIMIT, GoalTest, MAX_DEPTH_LIMIT,
    MAX_MEMORY_LIMIT, MIN_MEMORY_LIMIT, Repeats, SearchConfig, TieBreak,
};
pub use cost::Cost;
pub use depth_first::{DepthFirst, DepthFirstView, Iteration};
pub use experiment::{
    DepthRange, Entry, ExperimentPlan, ExperimentRefusal, ExperimentTable, Run, draw_at_depth,
    effective_branching_factor, run_by_depth, run_from_starts, run_jobs, solve_once,
};
pub use plain::{PlainOutcome, SeenIndex, plain_search, plain_search_with};
pub use problem::{HeuristicChoice, SearchProblem};
pub use rbfs::Rbfs;
pub use record::{
    Child, Direction, NewIteration, Node, NodeId, Outcome, Place, RbfsFrame, SmaView, Stats,
    Status, StepEvent, StepView,
};
pub use sma::SmaStar;
pub use trace::{
    CSV_HEADER, EventKind, TraceEvent, csv_row, posthoc_event, posthoc_header, start_events,
    step_events, trace_csv, trace_events, trace_posthoc,
};

/// One search, advanced one expansion at a time, observable at every step and reversible.
///
/// Every algorithm implements it; the window and the CLI talk to this trait only.
///
/// Counting from 0 to 4, where `+` adds one for a cost of 1 and `*` adds two for a cost of 3
/// (the problem is spelled out in [`SearchProblem`]'s documentation):
///
/// ```
/// use searchlab::search::{Algorithm, SearchConfig, Status, new_search};
/// # use searchlab::search::{Cost, SearchProblem};
/// # use searchlab::search::example::Count;
/// let mut search = new_search(Count, SearchConfig::with(Algorithm::UniformCost, ()));
/// let first = search.step().unwrap();
/// assert_eq!(first.children.len(), 2);
/// search.run(usize::MAX);
/// let Status::Solved { goal } = search.status() else { panic!() };
/// // The cheapest path: four steps of cost 1.
/// assert_eq!((search.node(goal).g, search.node(goal).depth), (Cost::units(4), 4));
/// assert!(search.step_back());
/// assert!(search.status().is_running());
///
/// // Breadth-first takes the fewest steps, whatever they cost.
/// let mut bfs = new_search(Count, SearchConfig::with(Algorithm::BreadthFirst, ()));
/// bfs.run(usize::MAX);
/// let Status::Solved { goal } = bfs.status() else { panic!() };
/// assert_eq!((bfs.node(goal).g.to_string(), bfs.node(goal).depth), ("6".to_string(), 2));
/// ```
pub trait Search<P: SearchProblem>: Send {
    /// The problem being solved.
    fn problem(&self) -> &P;
    /// The settings the search was started with.
    fn config(&self) -> &SearchConfig<P::Heuristic>;
    /// Running, solved, exhausted or stopped at the node limit.
    fn status(&self) -> Status;
    /// The counters after the latest step.
    fn stats(&self) -> Stats;
    /// Performs exactly one step (one removal from open, normally one expansion) and describes
    /// it; `None` if the search has already finished.
    fn step(&mut self) -> Option<StepView<'_, P::Action>>;
    /// Undoes the latest step exactly: open, closed, nodes, counters and status return to what
    /// they were. False if there is no step to undo.
    fn step_back(&mut self) -> bool;
    /// The number of steps taken so far.
    fn steps(&self) -> usize;
    /// The record of step `index` (0-based), which must be below [`Search::steps`].
    fn step_at(&self, index: usize) -> StepView<'_, P::Action>;
    /// A node's record.
    fn node(&self, id: NodeId) -> &Node<P::State, P::Action>;
    /// The number of nodes created so far (the start included).
    fn node_count(&self) -> usize;
    /// The number of nodes waiting in open (the forward half's, for a bidirectional search).
    fn open_len(&self) -> usize;
    /// The open list in the exact order it will be popped, next first (for the depth-first
    /// searches the stack from the top; for a bidirectional search the forward half's, the
    /// backward one being in [`Search::bidirectional`]).
    fn open_nodes(&self) -> Box<dyn Iterator<Item = NodeId> + '_>;
    /// The node removed from open at each step, in order (a reopened node appears again).
    fn closed(&self) -> &[NodeId];
    /// The bytes the search holds now (nodes, index, open, closed and the records that undo
    /// needs), estimated from the sizes of its tables without walking them: cheap enough to
    /// ask before every step.
    fn memory_bytes(&self) -> usize;

    /// The nodes from the root of `id`'s search to `id`, following parents: from the start,
    /// or for a backward node of a bidirectional search from the goal.
    fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        while let Some(parent) = self.node(*path.last().expect("non-empty")).parent {
            path.push(parent);
        }
        path.reverse();
        path
    }

    /// The solution path (start first), once solved. A bidirectional search joins its two
    /// halves here: `path_to` of the goal it names is not the solution.
    fn solution(&self) -> Option<Vec<NodeId>> {
        match self.status() {
            Status::Solved { goal } => Some(self.path_to(goal)),
            _ => None,
        }
    }

    /// The states along the solution, start first.
    fn solution_states(&self) -> Option<Vec<P::State>> {
        self.solution()
            .map(|path| path.into_iter().map(|id| self.node(id).state).collect())
    }

    /// Steps until finished or `max_steps` more steps were taken; returns the steps taken.
    fn run(&mut self, max_steps: usize) -> usize {
        let mut taken = 0;
        while taken < max_steps && self.step().is_some() {
            taken += 1;
        }
        taken
    }

    /// Goes back or forward to exactly `target` steps (forward stops early if the search ends).
    fn seek(&mut self, target: usize) {
        while self.steps() > target {
            self.step_back();
        }
        while self.steps() < target && self.step().is_some() {}
    }

    /// Best-first tree search (with or without cycle checking): the first node generated with
    /// the same state as node `id`, if that is another node; so `id` is that state generated
    /// again ([`Stats::repeated`] counts such nodes). `None` for the first node of a state, in
    /// graph search (where each state has one node) and for the depth-first and bidirectional
    /// searches.
    fn repeat_of(&self, id: NodeId) -> Option<NodeId> {
        let _ = id;
        None
    }

    /// What step `index` did besides taking a node from open and generating its children
    /// (RBFS and SMA* forgetting and backing up, branch-and-bound improving its bound), in
    /// order; empty for the searches that do nothing else.
    fn events(&self, index: usize) -> &[StepEvent] {
        let _ = index;
        &[]
    }

    /// RBFS's calls on the current path, the root's first; `None` for the others.
    fn rbfs(&self) -> Option<&[RbfsFrame]> {
        None
    }

    /// SMA*'s memory; `None` for the others.
    fn sma(&self) -> Option<SmaView<'_>> {
        None
    }

    /// The depth-first searches' bound, iterations and current path; `None` for the others.
    fn depth_first(&self) -> Option<DepthFirstView<'_>> {
        None
    }

    /// The bidirectional searches' backward open list and meeting; `None` for the others.
    fn bidirectional(&self) -> Option<BidirectionalView<'_>> {
        None
    }
}

/// Starts a search with the algorithm the config names.
///
/// # Panics
/// If the config is refused by [`SearchConfig::validate`]; [`try_new_search`] returns the error
/// instead.
pub fn new_search<P: SearchProblem>(
    problem: P,
    config: SearchConfig<P::Heuristic>,
) -> Box<dyn Search<P>> {
    try_new_search(problem, config).unwrap_or_else(|err| panic!("invalid search config: {err}"))
}

/// Starts a search with the algorithm the config names, or says why the config cannot run
/// (including [`ConfigError::NoBackwardSearch`] for a bidirectional search of a problem
/// without a goal state).
pub fn try_new_search<P: SearchProblem>(
    problem: P,
    config: SearchConfig<P::Heuristic>,
) -> Result<Box<dyn Search<P>>, ConfigError> {
    let algorithm = config.algorithm;
    Ok(if algorithm.is_depth_first() {
        Box::new(DepthFirst::try_new(problem, config)?)
    } else if algorithm == Algorithm::Rbfs {
        Box::new(Rbfs::try_new(problem, config)?)
    } else if algorithm == Algorithm::SmaStar {
        Box::new(SmaStar::try_new(problem, config)?)
    } else if algorithm.is_bidirectional() {
        Box::new(Bidirectional::try_new(problem, config)?)
    } else {
        Box::new(BestFirst::try_new(problem, config)?)
    })
}
