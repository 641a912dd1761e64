//! What a search is asked to do: the algorithm, its heuristic, weight, tie-break, goal test and
//! node limit.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::cost::Cost;
use super::problem::HeuristicChoice;

/// The algorithms. All but BFS are the same best-first engine with a different priority f.
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
}

impl Algorithm {
    /// Every algorithm, in menu order.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::BreadthFirst,
        Algorithm::UniformCost,
        Algorithm::AStar,
        Algorithm::Greedy,
        Algorithm::WeightedAStar,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::BreadthFirst => "bfs",
            Algorithm::UniformCost => "ucs",
            Algorithm::AStar => "astar",
            Algorithm::Greedy => "greedy",
            Algorithm::WeightedAStar => "weighted-astar",
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
        }
    }

    /// Whether f depends on the heuristic.
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::AStar | Algorithm::Greedy | Algorithm::WeightedAStar
        )
    }

    /// Whether finding a shorter path to a node already seen re-parents it (in open) or puts it
    /// back in open (closed). Greedy ignores g, and BFS never finds a shorter path.
    pub fn updates_duplicates(self) -> bool {
        matches!(
            self,
            Algorithm::UniformCost | Algorithm::AStar | Algorithm::WeightedAStar
        )
    }

    /// Looks an algorithm up by its command-line name.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL
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
    /// Ignored by BFS, which is always first in, first out.
    pub tie_break: TieBreak,
    pub goal_test: GoalTest,
    /// The search stops with [`crate::search::Status::LimitReached`] rather than create more nodes.
    pub node_limit: usize,
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

    /// The tie-break actually applied: BFS is always FIFO.
    pub fn effective_tie_break(&self) -> TieBreak {
        if self.algorithm == Algorithm::BreadthFirst {
            TieBreak::Fifo
        } else {
            self.tie_break
        }
    }

    /// The priority f of a node at `depth` steps from the start, with path cost g and
    /// estimate h: depth for BFS, g for uniform-cost, g + h for A*, h for greedy and
    /// g + w·h (rounded to the unit of [`Cost`]) for weighted A*.
    pub fn priority(&self, depth: u32, g: Cost, h: Cost) -> Cost {
        match self.algorithm {
            Algorithm::BreadthFirst => Cost::from(depth),
            Algorithm::UniformCost => g,
            Algorithm::AStar => g + h,
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
        if self.algorithm.uses_heuristic() {
            text.push_str(&format!(", {}", self.heuristic.title()));
        }
        if self.algorithm != Algorithm::BreadthFirst {
            text.push_str(&format!(", {}", self.tie_break.describe()));
        }
        if self.goal_test == GoalTest::OnGeneration {
            text.push_str(", goal test at generation");
        }
        text
    }
}
