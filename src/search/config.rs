//! What a search is asked to do: the algorithm, its heuristic, weight, tie-break, goal test,
//! how it treats a state reached again, depth limit and node limit.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::cost::Cost;
use super::problem::HeuristicChoice;

/// The algorithms. The first five are the same best-first engine with a different priority f
/// (BFS is it with f = depth and first-in-first-out ties); IDA*, IDS and depth-limited DFS
/// share the depth-first engine, and the two bidirectional searches share theirs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Algorithm {
    /// Breadth-first: a FIFO queue, the shallowest node first. Fewest steps; the cheapest path
    /// only when every step costs the same.
    BreadthFirst,
    /// Uniform-cost (Dijkstra): f = g.
    UniformCost,
    /// A*: f = g + h. Optimal with an admissible heuristic.
    #[default]
    AStar,
    /// Greedy best-first: f = h. Fast, not optimal.
    Greedy,
    /// Weighted A*: f = g + w·h. At most w times longer than optimal.
    WeightedAStar,
    /// IDA* (iterative deepening A*): depth-first probes that expand only nodes with
    /// f = g + h within a threshold; each probe that fails raises the threshold to the smallest
    /// f it pruned. Optimal with an admissible heuristic; memory for the current path only.
    IdaStar,
    /// Iterative deepening: depth-first probes with depth limits 0, 1, 2, …: the fewest
    /// steps, like BFS, with memory for the current path only.
    IterativeDeepening,
    /// Depth-first search down to [`SearchConfig::depth_limit`]: one probe; any path it finds
    /// is within the limit, not necessarily the shortest.
    DepthFirst,
    /// Heuristic depth-first (the Chinese textbooks' 局部择优, "local best first"): depth-first
    /// down to [`SearchConfig::depth_limit`], where each expansion puts its children on the
    /// stack with the smallest h on top and a dead end backs up; it returns the path it meets,
    /// not necessarily the cheapest.
    HeuristicDepthFirst,
    /// Depth-first branch-and-bound: depth-first down to [`SearchConfig::depth_limit`], the
    /// children smallest f = g + h first; every goal reached cheaper than the best so far
    /// becomes the bound, and a node with g + h at or above the bound is pruned. Searches on
    /// after each goal; the best when open is empty is the cheapest path within the limit.
    BranchAndBound,
    /// Recursive best-first search (RBFS): best-first with memory for the current path and its
    /// siblings. Each call expands the best child while its f stays within the f_limit (the
    /// best alternative above it); when it goes over, the subtree is forgotten and its best f
    /// backed up into its root. Optimal with an admissible heuristic.
    Rbfs,
    /// Simplified memory-bounded A* (SMA*): A* that holds at most
    /// [`SearchConfig::memory_limit`] nodes, generating one successor at a time. When memory
    /// is full it forgets the shallowest leaf of highest f and backs its f up into the parent.
    /// Optimal when the limit holds the shallowest optimal path; gives up when no path fits.
    SmaStar,
    /// Bidirectional breadth-first: one queue from the start, one from the goal, a whole layer
    /// at a time from the smaller; the fewest steps.
    BidirectionalBfs,
    /// Bidirectional uniform-cost: cheapest first from both ends; stops when the two cheapest
    /// g in open add up to the best path found. The cheapest path.
    BidirectionalUcs,
}

impl Algorithm {
    /// The best-first algorithms, in menu order: the ones the window offers.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::BreadthFirst,
        Algorithm::UniformCost,
        Algorithm::AStar,
        Algorithm::Greedy,
        Algorithm::WeightedAStar,
    ];

    /// Every algorithm: the best-first ones, then the depth-first, the memory-bounded and the
    /// bidirectional ones.
    pub const EVERY: [Algorithm; 14] = [
        Algorithm::BreadthFirst,
        Algorithm::UniformCost,
        Algorithm::AStar,
        Algorithm::Greedy,
        Algorithm::WeightedAStar,
        Algorithm::IdaStar,
        Algorithm::IterativeDeepening,
        Algorithm::DepthFirst,
        Algorithm::HeuristicDepthFirst,
        Algorithm::BranchAndBound,
        Algorithm::Rbfs,
        Algorithm::SmaStar,
        Algorithm::BidirectionalBfs,
        Algorithm::BidirectionalUcs,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::BreadthFirst => "bfs",
            Algorithm::UniformCost => "ucs",
            Algorithm::AStar => "astar",
            Algorithm::Greedy => "greedy",
            Algorithm::WeightedAStar => "weighted-astar",
            Algorithm::IdaStar => "idastar",
            Algorithm::IterativeDeepening => "ids",
            Algorithm::DepthFirst => "dfs",
            Algorithm::HeuristicDepthFirst => "hdfs",
            Algorithm::BranchAndBound => "dfbnb",
            Algorithm::Rbfs => "rbfs",
            Algorithm::SmaStar => "sma",
            Algorithm::BidirectionalBfs => "bidirectional-bfs",
            Algorithm::BidirectionalUcs => "bidirectional-ucs",
        }
    }

    /// A short human title.
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::BreadthFirst => "Breadth-first",
            Algorithm::UniformCost => "Uniform-cost",
            Algorithm::AStar => "A*",
            Algorithm::Greedy => "Greedy best-first",
            Algorithm::WeightedAStar => "Weighted A*",
            Algorithm::IdaStar => "IDA*",
            Algorithm::IterativeDeepening => "Iterative deepening",
            Algorithm::DepthFirst => "Depth-limited depth-first",
            Algorithm::HeuristicDepthFirst => "Heuristic depth-first",
            Algorithm::BranchAndBound => "Depth-first branch-and-bound",
            Algorithm::Rbfs => "Recursive best-first (RBFS)",
            Algorithm::SmaStar => "SMA* (memory-bounded A*)",
            Algorithm::BidirectionalBfs => "Bidirectional BFS",
            Algorithm::BidirectionalUcs => "Bidirectional uniform-cost",
        }
    }

    /// The priority in words, e.g. `f = g + h`.
    pub fn formula(self) -> &'static str {
        match self {
            Algorithm::BreadthFirst => "f = depth (FIFO)",
            Algorithm::UniformCost => "f = g",
            Algorithm::AStar => "f = g + h",
            Algorithm::Greedy => "f = h",
            Algorithm::WeightedAStar => "f = g + w·h",
            Algorithm::IdaStar => "f = g + h ≤ threshold",
            Algorithm::IterativeDeepening => "depth ≤ limit = 0, 1, 2, …",
            Algorithm::DepthFirst => "LIFO, depth ≤ limit",
            Algorithm::HeuristicDepthFirst => "LIFO, children by h, depth ≤ limit",
            Algorithm::BranchAndBound => "LIFO, children by f = g + h, prune f ≥ best cost",
            Algorithm::Rbfs => "f = max(g + h, parent's f) ≤ f_limit",
            Algorithm::SmaStar => "f = g + h, at most M nodes held",
            Algorithm::BidirectionalBfs => "f = depth from each end (FIFO)",
            Algorithm::BidirectionalUcs => "f = g from each end; stop when top_f + top_b ≥ μ",
        }
    }

    /// Whether it is one of the best-first algorithms ([`Algorithm::ALL`]), which one open list
    /// ordered by f serves.
    pub fn is_best_first(self) -> bool {
        Algorithm::ALL.contains(&self)
    }

    /// Whether it searches depth first (IDA*, IDS, DFS): open is a stack, only the current
    /// path is remembered, and children beyond a bound are pruned.
    pub fn is_depth_first(self) -> bool {
        matches!(
            self,
            Algorithm::IdaStar
                | Algorithm::IterativeDeepening
                | Algorithm::DepthFirst
                | Algorithm::HeuristicDepthFirst
                | Algorithm::BranchAndBound
        )
    }

    /// Whether it is RBFS or SMA*: best-first within a memory bound, forgetting subtrees and
    /// backing their best f up into the node that remembers them.
    pub fn is_memory_bounded(self) -> bool {
        matches!(self, Algorithm::Rbfs | Algorithm::SmaStar)
    }

    /// Whether it remembers no state off the nodes it holds (the depth-first and the
    /// memory-bounded searches): graph search is then the check along the path.
    pub fn checks_path_only(self) -> bool {
        self.is_depth_first() || self.is_memory_bounded()
    }

    /// Whether it goes no deeper than [`SearchConfig::depth_limit`]: depth-limited DFS,
    /// heuristic depth-first and branch-and-bound.
    pub fn uses_depth_limit(self) -> bool {
        matches!(
            self,
            Algorithm::DepthFirst | Algorithm::HeuristicDepthFirst | Algorithm::BranchAndBound
        )
    }

    /// Whether it searches from both ends, so the problem must offer a goal state and
    /// predecessors.
    pub fn is_bidirectional(self) -> bool {
        matches!(
            self,
            Algorithm::BidirectionalBfs | Algorithm::BidirectionalUcs
        )
    }

    /// Whether f depends on the heuristic.
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::AStar
                | Algorithm::Greedy
                | Algorithm::WeightedAStar
                | Algorithm::IdaStar
                | Algorithm::HeuristicDepthFirst
                | Algorithm::BranchAndBound
                | Algorithm::Rbfs
                | Algorithm::SmaStar
        )
    }

    /// Whether finding a shorter path to a node already seen re-parents it (in open) or puts it
    /// back in open (closed). Greedy ignores g, and BFS never finds a shorter path; the
    /// depth-first searches remember no node off the current path.
    pub fn updates_duplicates(self) -> bool {
        matches!(
            self,
            Algorithm::UniformCost
                | Algorithm::AStar
                | Algorithm::WeightedAStar
                | Algorithm::BidirectionalUcs
        )
    }

    /// Whether it can run with this treatment of repeated states. The bidirectional searches
    /// run as graph search only: each half keeps the states it has reached, since that is
    /// where the halves meet. The others take all three (the depth-first ones run graph search
    /// as the path check: [`SearchConfig::effective_repeats`]).
    ///
    /// ```
    /// use searchlab::search::{Algorithm, Repeats};
    /// assert!(Algorithm::BreadthFirst.supports_repeats(Repeats::Tree));
    /// assert!(!Algorithm::BidirectionalBfs.supports_repeats(Repeats::Tree));
    /// assert!(Algorithm::BidirectionalBfs.supports_repeats(Repeats::Graph));
    /// ```
    pub fn supports_repeats(self, repeats: Repeats) -> bool {
        repeats == Repeats::Graph || !self.is_bidirectional()
    }

    /// Looks an algorithm up by its command-line name (any of [`Algorithm::EVERY`]).
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::EVERY
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which of several nodes with equal f leaves open first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum TieBreak {
    /// The one that entered open first.
    Fifo,
    /// The one that entered open last.
    Lifo,
    /// The one with the smaller h (so the deeper one, for A*), then the one that entered first.
    /// The default: it reaches the goal with far fewer expansions among equal f.
    #[default]
    SmallerH,
}

impl TieBreak {
    /// Every rule, in menu order.
    pub const ALL: [TieBreak; 3] = [TieBreak::SmallerH, TieBreak::Fifo, TieBreak::Lifo];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::Fifo => "fifo",
            TieBreak::Lifo => "lifo",
            TieBreak::SmallerH => "smaller-h",
        }
    }

    /// The rule in words.
    pub fn describe(self) -> &'static str {
        match self {
            TieBreak::Fifo => "equal f: first in, first out",
            TieBreak::Lifo => "equal f: last in, first out",
            TieBreak::SmallerH => "equal f: smaller h first, then first in",
        }
    }

    /// Looks a rule up by its command-line name.
    pub fn from_name(name: &str) -> Option<TieBreak> {
        TieBreak::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// What a search does with a state it reaches again: the textbook's graph search and tree
/// search (AIMA 3.3; AIspace's "multiple-path pruning" and "cycle checking").
///
/// On a ring of three states whose goal is off the ring, graph search has seen everything
/// after three expansions, while tree search goes round for ever (here, to the node limit):
///
/// ```
/// use searchlab::search::{Algorithm, Repeats, SearchConfig, Status, new_search};
/// # use searchlab::search::example::Ring;
/// let config = |repeats| SearchConfig {
///     repeats,
///     node_limit: 100,
///     ..SearchConfig::with(Algorithm::BreadthFirst, ())
/// };
/// let mut graph = new_search(Ring, config(Repeats::Graph));
/// graph.run(usize::MAX);
/// assert_eq!((graph.status(), graph.stats().expanded), (Status::Exhausted, 3));
/// let mut tree = new_search(Ring, config(Repeats::Tree));
/// tree.run(usize::MAX);
/// assert_eq!(tree.status(), Status::LimitReached);
/// // Cycle checking cuts the ring's cycles but not the two ways round it.
/// let mut path = new_search(Ring, config(Repeats::PathCheck));
/// path.run(usize::MAX);
/// assert_eq!(path.status(), Status::Exhausted);
/// assert!(path.stats().expanded > 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Repeats {
    /// Graph search: every state reached is remembered (open and closed), and a child whose
    /// state has a node already is that node (ignored, or given the shorter path): each state
    /// is one node. Multiple-path pruning; the default.
    #[default]
    Graph,
    /// Tree search: nothing reached is remembered, and every child is a new node, so a state
    /// reached by several paths (or round a cycle) is in the tree several times.
    Tree,
    /// Tree search with cycle checking: a child whose state is already on its own path from
    /// the start is discarded ([`Outcome::OnPath`](super::Outcome::OnPath)); any other child is
    /// a new node, as in tree search.
    PathCheck,
}

impl Repeats {
    /// Every setting, in menu order.
    pub const ALL: [Repeats; 3] = [Repeats::Graph, Repeats::Tree, Repeats::PathCheck];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Repeats::Graph => "graph",
            Repeats::Tree => "tree",
            Repeats::PathCheck => "path",
        }
    }

    /// A short human title.
    pub fn title(self) -> &'static str {
        match self {
            Repeats::Graph => "Graph search",
            Repeats::Tree => "Tree search",
            Repeats::PathCheck => "Tree search + cycle check",
        }
    }

    /// What it does with a state reached again, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Repeats::Graph => {
                "a state reached again is the node it already has (multiple-path pruning)"
            }
            Repeats::Tree => "a state reached again is a new node",
            Repeats::PathCheck => {
                "a state already on the path to the node expanded is discarded; others are new nodes"
            }
        }
    }

    /// Looks a setting up by its command-line name; `tree+cycle-check` is `path` too.
    pub fn from_name(name: &str) -> Option<Repeats> {
        let name = name.trim();
        if name.eq_ignore_ascii_case("tree+cycle-check") {
            return Some(Repeats::PathCheck);
        }
        Repeats::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Repeats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// When a node is checked against the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum GoalTest {
    /// When it is removed from open. Every algorithm; the default.
    #[default]
    OnExpansion,
    /// When it is generated. BFS only: it saves the last layer and stays optimal.
    OnGeneration,
}

/// Everything that defines a search besides the problem. `H` names the problem's heuristics
/// ([`crate::search::SearchProblem::Heuristic`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchConfig<H> {
    pub algorithm: Algorithm,
    /// The heuristic h; algorithms whose f ignores it still compute it for display.
    pub heuristic: H,
    /// w in f = g + w·h; used by weighted A* only.
    pub weight: f64,
    /// Used by the best-first algorithms but BFS, which is always first in, first out. The
    /// depth-first searches take children in the problem's order, and the bidirectional ones
    /// are first in, first out among equal f.
    pub tie_break: TieBreak,
    pub goal_test: GoalTest,
    /// Graph search, tree search, or tree search with cycle checking. Settings saved before
    /// it existed read graph search, which is what every search did then.
    #[serde(default)]
    pub repeats: Repeats,
    /// The search stops with [`crate::search::Status::LimitReached`] rather than create more nodes.
    pub node_limit: usize,
    /// The deepest node the depth-limited searches expand ([`Algorithm::uses_depth_limit`]):
    /// children deeper than this are pruned. Settings saved before it existed read the default.
    #[serde(default = "default_depth_limit")]
    pub depth_limit: u32,
    /// The most nodes SMA* holds at once ([`Algorithm::SmaStar`] only). Settings saved before
    /// it existed read the default.
    #[serde(default = "default_memory_limit")]
    pub memory_limit: u32,
}

/// The default depth limit of depth-limited DFS.
pub const DEFAULT_DEPTH_LIMIT: u32 = 30;

/// The largest depth limit accepted: the current path is kept whole, and deeper probes would
/// not finish anyway.
pub const MAX_DEPTH_LIMIT: u32 = 1_000_000;

fn default_depth_limit() -> u32 {
    DEFAULT_DEPTH_LIMIT
}

/// The default memory of SMA*, in nodes.
pub const DEFAULT_MEMORY_LIMIT: u32 = 1_000;

/// The smallest memory SMA* accepts: the start and one child.
pub const MIN_MEMORY_LIMIT: u32 = 2;

/// The largest memory SMA* accepts; its tables grow with it.
pub const MAX_MEMORY_LIMIT: u32 = 10_000_000;

fn default_memory_limit() -> u32 {
    DEFAULT_MEMORY_LIMIT
}

/// The default node limit: about 1.6 GB of the stepping engine's records at ~330 bytes a node
/// (docs/performance.md, "Memory").
pub const DEFAULT_NODE_LIMIT: usize = 5_000_000;

impl<H: HeuristicChoice> Default for SearchConfig<H> {
    /// A* with the problem's default heuristic, smaller-h ties.
    fn default() -> SearchConfig<H> {
        SearchConfig {
            algorithm: Algorithm::AStar,
            heuristic: H::default(),
            weight: 2.0,
            tie_break: TieBreak::SmallerH,
            goal_test: GoalTest::OnExpansion,
            repeats: Repeats::Graph,
            node_limit: DEFAULT_NODE_LIMIT,
            depth_limit: DEFAULT_DEPTH_LIMIT,
            memory_limit: DEFAULT_MEMORY_LIMIT,
        }
    }
}

/// Why a config cannot run.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ConfigError {
    #[error("weight {0} is not allowed: use a number from 1 to 100")]
    Weight(f64),
    #[error("the goal test at generation is offered for BFS only")]
    GoalTest,
    #[error("the node limit must be at least 1")]
    NodeLimit,
    #[error("depth limit {0} is not allowed: use a number from 0 to 1000000")]
    DepthLimit(u32),
    #[error("memory of {0} nodes is not allowed: use a number from 2 to 10000000")]
    MemoryLimit(u32),
    #[error(
        "bidirectional search needs a single goal state and the moves into a state, which this \
         problem does not offer"
    )]
    NoBackwardSearch,
    /// A bidirectional search asked to run as anything but graph search.
    #[error(
        "bidirectional search runs as graph search only (its halves meet in the states each has \
         reached), not as {}", .0.title().to_lowercase()
    )]
    Repeats(Repeats),
    /// The record-free engine ([`plain_search`](super::plain_search)) asked for tree search:
    /// its callers run such a search on the stepping engine instead.
    #[error(
        "the record-free engine runs graph search only, not {}: use the stepping engine",
        .0.title().to_lowercase()
    )]
    RecordFree(Repeats),
    #[error("the heuristic {0} is not ready: its tables are still to be built or loaded")]
    HeuristicNotReady(&'static str),
    #[error("the heuristic {0} is not made for this problem (it fits problems of another size)")]
    HeuristicNotForProblem(&'static str),
}

impl<H: HeuristicChoice> SearchConfig<H> {
    /// A config for an algorithm with the default settings.
    pub fn with(algorithm: Algorithm, heuristic: H) -> SearchConfig<H> {
        SearchConfig {
            algorithm,
            heuristic,
            ..SearchConfig::default()
        }
    }

    /// Checks the settings that can be out of range. The weight is checked only for weighted
    /// A*, the one algorithm that uses it.
    ///
    /// ```
    /// use searchlab::search::{Algorithm, ConfigError, SearchConfig};
    /// let mut config = SearchConfig::<()> { weight: f64::NAN, ..SearchConfig::default() };
    /// assert!(config.validate().is_ok()); // A* ignores the weight
    /// config.algorithm = Algorithm::WeightedAStar;
    /// assert!(matches!(config.validate(), Err(ConfigError::Weight(_))));
    /// ```
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.algorithm == Algorithm::WeightedAStar {
            Self::check_weight(self.weight)?;
        }
        if self.goal_test == GoalTest::OnGeneration && self.algorithm != Algorithm::BreadthFirst {
            return Err(ConfigError::GoalTest);
        }
        if self.node_limit == 0 {
            return Err(ConfigError::NodeLimit);
        }
        if self.algorithm.uses_depth_limit() && self.depth_limit > MAX_DEPTH_LIMIT {
            return Err(ConfigError::DepthLimit(self.depth_limit));
        }
        if self.algorithm == Algorithm::SmaStar
            && !(MIN_MEMORY_LIMIT..=MAX_MEMORY_LIMIT).contains(&self.memory_limit)
        {
            return Err(ConfigError::MemoryLimit(self.memory_limit));
        }
        if !self.algorithm.supports_repeats(self.repeats) {
            return Err(ConfigError::Repeats(self.repeats));
        }
        Ok(())
    }

    /// The treatment of repeated states actually applied. The depth-first searches remember no
    /// state off the current path, so graph search there is the path check they have always
    /// made (the one memory they have); the others apply the setting as it is.
    ///
    /// ```
    /// use searchlab::search::{Algorithm, Repeats, SearchConfig};
    /// let ida = SearchConfig::<()>::with(Algorithm::IdaStar, ());
    /// assert_eq!(ida.effective_repeats(), Repeats::PathCheck);
    /// assert_eq!(SearchConfig::<()>::default().effective_repeats(), Repeats::Graph);
    /// ```
    pub fn effective_repeats(&self) -> Repeats {
        if self.algorithm.checks_path_only() && self.repeats == Repeats::Graph {
            Repeats::PathCheck
        } else {
            self.repeats
        }
    }

    /// Checks a weight of the heuristic: a number from 1 to 100 (below 1, or negative or NaN,
    /// the priorities would not order open as f = g + w·h says).
    pub fn check_weight(weight: f64) -> Result<(), ConfigError> {
        if (1.0..=100.0).contains(&weight) {
            Ok(())
        } else {
            Err(ConfigError::Weight(weight))
        }
    }

    /// The tie-break actually applied: BFS and the bidirectional searches are always FIFO (the
    /// depth-first ones have no ties: children go on the stack in the problem's order).
    pub fn effective_tie_break(&self) -> TieBreak {
        if self.algorithm == Algorithm::BreadthFirst || !self.algorithm.is_best_first() {
            TieBreak::Fifo
        } else {
            self.tie_break
        }
    }

    /// The priority f of a node at `depth` steps from the start, with path cost g and
    /// estimate h: depth for BFS, g for uniform-cost, g + h for A*, h for greedy and
    /// g + w·h (rounded to the unit of [`Cost`]) for weighted A*. The depth-first searches
    /// compare it with their bound: g + h for IDA*, depth for IDS and DFS; heuristic
    /// depth-first orders each expansion's children by h, branch-and-bound by g + h, and RBFS
    /// and SMA* start a node at g + h. The bidirectional
    /// searches order each half by it, counted from that half's end: depth or g.
    pub fn priority(&self, depth: u32, g: Cost, h: Cost) -> Cost {
        match self.algorithm {
            Algorithm::BreadthFirst
            | Algorithm::IterativeDeepening
            | Algorithm::DepthFirst
            | Algorithm::BidirectionalBfs => Cost::from(depth),
            Algorithm::UniformCost | Algorithm::BidirectionalUcs => g,
            Algorithm::AStar
            | Algorithm::IdaStar
            | Algorithm::BranchAndBound
            | Algorithm::Rbfs
            | Algorithm::SmaStar => g + h,
            Algorithm::Greedy | Algorithm::HeuristicDepthFirst => h,
            Algorithm::WeightedAStar => g + h.weighted(self.weight),
        }
    }

    /// A one-line description, e.g. `A* (f = g + h), manhattan, smaller-h`.
    pub fn describe(&self) -> String {
        let mut text = format!("{} ({})", self.algorithm.title(), self.algorithm.formula());
        if self.algorithm == Algorithm::WeightedAStar {
            text.push_str(&format!(", w = {}", self.weight));
        }
        if self.algorithm.uses_depth_limit() {
            text.push_str(&format!(", depth limit {}", self.depth_limit));
        }
        if self.algorithm == Algorithm::SmaStar {
            text.push_str(&format!(", memory {} nodes", self.memory_limit));
        }
        if self.algorithm.uses_heuristic() {
            text.push_str(&format!(", {}", self.heuristic.title()));
        }
        if self.algorithm.is_best_first() && self.algorithm != Algorithm::BreadthFirst {
            text.push_str(&format!(", {}", self.tie_break.describe()));
        }
        if self.goal_test == GoalTest::OnGeneration {
            text.push_str(", goal test at generation");
        }
        if self.repeats != Repeats::Graph {
            text.push_str(&format!(", {}", self.repeats.title().to_lowercase()));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Settings and session files written before the setting existed hold no `repeats`: they
    /// load as graph search, what every search was then.
    #[test]
    fn a_config_saved_without_repeats_loads_as_graph_search() {
        let old = r#"{"algorithm":"BreadthFirst","heuristic":null,"weight":2.0,
            "tie_break":"SmallerH","goal_test":"OnExpansion","node_limit":1000,"depth_limit":7}"#;
        let config: SearchConfig<()> = serde_json::from_str(old).unwrap();
        assert_eq!(config.repeats, Repeats::Graph);
        assert_eq!(
            (config.algorithm, config.node_limit, config.depth_limit),
            (Algorithm::BreadthFirst, 1000, 7)
        );
        for repeats in Repeats::ALL {
            let saved = SearchConfig::<()> { repeats, ..config };
            let text = serde_json::to_string(&saved).unwrap();
            assert_eq!(
                serde_json::from_str::<SearchConfig<()>>(&text).unwrap(),
                saved
            );
        }
    }

    #[test]
    fn repeats_are_named_as_typed() {
        for repeats in Repeats::ALL {
            assert_eq!(Repeats::from_name(repeats.name()), Some(repeats));
            assert_eq!(
                Repeats::from_name(&repeats.name().to_uppercase()),
                Some(repeats)
            );
        }
        assert_eq!(
            Repeats::from_name(" tree+cycle-check "),
            Some(Repeats::PathCheck)
        );
        assert_eq!(Repeats::from_name("forest"), None);
        assert_eq!(Repeats::default(), Repeats::Graph);
        assert_eq!(SearchConfig::<()>::default().repeats, Repeats::Graph);
    }

    /// Only the bidirectional searches refuse a setting, and only tree search in either form;
    /// the depth-first ones run graph search as their path check.
    #[test]
    fn only_the_bidirectional_searches_refuse_tree_search() {
        for algorithm in Algorithm::EVERY {
            for repeats in Repeats::ALL {
                let config = SearchConfig {
                    repeats,
                    ..SearchConfig::with(algorithm, ())
                };
                let refused = algorithm.is_bidirectional() && repeats != Repeats::Graph;
                assert_eq!(!algorithm.supports_repeats(repeats), refused);
                assert_eq!(
                    config.validate(),
                    if refused {
                        Err(ConfigError::Repeats(repeats))
                    } else {
                        Ok(())
                    },
                    "{algorithm} {repeats}"
                );
                let effective = match (algorithm.checks_path_only(), repeats) {
                    (true, Repeats::Graph) => Repeats::PathCheck,
                    _ => repeats,
                };
                assert_eq!(
                    config.effective_repeats(),
                    effective,
                    "{algorithm} {repeats}"
                );
            }
        }
        assert_eq!(
            ConfigError::Repeats(Repeats::PathCheck).to_string(),
            "bidirectional search runs as graph search only (its halves meet in the states each \
             has reached), not as tree search + cycle check"
        );
    }

    #[test]
    fn the_description_names_tree_search() {
        let mut config = SearchConfig::with(Algorithm::BreadthFirst, ());
        assert!(
            !config.describe().contains("search +"),
            "{}",
            config.describe()
        );
        config.repeats = Repeats::Tree;
        assert!(
            config.describe().ends_with(", tree search"),
            "{}",
            config.describe()
        );
        config.repeats = Repeats::PathCheck;
        assert!(
            config.describe().ends_with(", tree search + cycle check"),
            "{}",
            config.describe()
        );
    }
}
