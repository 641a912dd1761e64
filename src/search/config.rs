//! What a search is asked to do: the algorithm, its heuristic, weight, tie-break, goal test,
//! depth limit and node limit.

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

    /// Every algorithm: the best-first ones, then the depth-first and the bidirectional ones.
    pub const EVERY: [Algorithm; 10] = [
        Algorithm::BreadthFirst,
        Algorithm::UniformCost,
        Algorithm::AStar,
        Algorithm::Greedy,
        Algorithm::WeightedAStar,
        Algorithm::IdaStar,
        Algorithm::IterativeDeepening,
        Algorithm::DepthFirst,
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
            Algorithm::IdaStar | Algorithm::IterativeDeepening | Algorithm::DepthFirst
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
            Algorithm::AStar | Algorithm::Greedy | Algorithm::WeightedAStar | Algorithm::IdaStar
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
    /// The search stops with [`crate::search::Status::LimitReached`] rather than create more nodes.
    pub node_limit: usize,
    /// The deepest node depth-limited DFS expands ([`Algorithm::DepthFirst`] only): children
    /// deeper than this are pruned. Settings saved before it existed read the default.
    #[serde(default = "default_depth_limit")]
    pub depth_limit: u32,
}

/// The default depth limit of depth-limited DFS.
pub const DEFAULT_DEPTH_LIMIT: u32 = 30;

/// The largest depth limit accepted: the current path is kept whole, and deeper probes would
/// not finish anyway.
pub const MAX_DEPTH_LIMIT: u32 = 1_000_000;

fn default_depth_limit() -> u32 {
    DEFAULT_DEPTH_LIMIT
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
            node_limit: DEFAULT_NODE_LIMIT,
            depth_limit: DEFAULT_DEPTH_LIMIT,
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
    #[error(
        "bidirectional search needs a single goal state and the moves into a state, which this \
         problem does not offer"
    )]
    NoBackwardSearch,
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
        if self.algorithm == Algorithm::DepthFirst && self.depth_limit > MAX_DEPTH_LIMIT {
            return Err(ConfigError::DepthLimit(self.depth_limit));
        }
        Ok(())
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
    /// compare it with their bound: g + h for IDA*, depth for IDS and DFS. The bidirectional
    /// searches order each half by it, counted from that half's end: depth or g.
    pub fn priority(&self, depth: u32, g: Cost, h: Cost) -> Cost {
        match self.algorithm {
            Algorithm::BreadthFirst
            | Algorithm::IterativeDeepening
            | Algorithm::DepthFirst
            | Algorithm::BidirectionalBfs => Cost::from(depth),
            Algorithm::UniformCost | Algorithm::BidirectionalUcs => g,
            Algorithm::AStar | Algorithm::IdaStar => g + h,
            Algorithm::Greedy => h,
            Algorithm::WeightedAStar => g + h.weighted(self.weight),
        }
    }

    /// A one-line description, e.g. `A* (f = g + h), manhattan, smaller-h`.
    pub fn describe(&self) -> String {
        let mut text = format!("{} ({})", self.algorithm.title(), self.algorithm.formula());
        if self.algorithm == Algorithm::WeightedAStar {
            text.push_str(&format!(", w = {}", self.weight));
        }
        if self.algorithm == Algorithm::DepthFirst {
            text.push_str(&format!(", depth limit {}", self.depth_limit));
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
        text
    }
}
