//! What the window remembers of a sliding-puzzle problem: the board and the goal as typed, the
//! searches, and the counts the random boards are made with. Model only, no drawing.

use serde::{Deserialize, Serialize};

use super::domain::{AnyHeuristic, AnyProblem, AnyState};
use super::section::{DomainHeuristic, Searches, SetupError, StateError};
use crate::domains::puzzle::{HeuristicKind, Problem, parse_board, parse_goal};
use crate::search::{Algorithm, SearchConfig};

/// The P1379 sample the app opens on.
pub const DEFAULT_BOARD: &str = "283104765";
pub const DEFAULT_GOAL: &str = "123804765";

/// The puzzle's section of the settings, also its section of a session file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleSettings {
    /// The start board and the goal, as typed (kept when they do not parse).
    pub board_text: String,
    pub goal_text: String,
    /// The single view's search.
    pub config: SearchConfig<HeuristicKind>,
    /// The compare view's lanes, in order; 2 to `MAX_LANES` (4).
    pub lanes: Vec<SearchConfig<HeuristicKind>>,
    /// Moves from the goal of a scrambled board, and the exact distance of a random 3x3 one.
    pub scramble_moves: u32,
    pub distance: u8,
    /// Search the typed pair even if it is unsolvable, to watch the search exhaust the states
    /// it can reach. Set by a button, cleared by any change of board or goal, never saved.
    #[serde(skip)]
    pub explore_unsolvable: bool,
}

/// A change to the puzzle's problem, from its setup row, its board or its error's offers.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleEdit {
    /// The start board field changed.
    SetBoardText(String),
    /// The goal field changed.
    SetGoalText(String),
    /// Slide the tile in this cell of the start board into the blank.
    MoveTile(usize),
    /// Switch to a fresh board of this side (goal preset kept if it exists there).
    SetSize(usize),
    /// A random start board this many random moves from the goal.
    Scramble,
    SetScrambleMoves(u32),
    /// A random 3x3 start board at exactly the chosen optimal distance.
    RandomAtDistance,
    SetDistance(u8),
    /// Search the typed unsolvable pair anyway with BFS, to watch it exhaust the reachable
    /// half of the states.
    ExploreUnsolvable,
}

impl PuzzleEdit {
    /// Whether it gives a new pair of board and goal (which is checked for solvability again).
    pub fn new_pair(&self) -> bool {
        matches!(
            self,
            PuzzleEdit::SetBoardText(_)
                | PuzzleEdit::SetGoalText(_)
                | PuzzleEdit::MoveTile(_)
                | PuzzleEdit::SetSize(_)
                | PuzzleEdit::Scramble
                | PuzzleEdit::RandomAtDistance
        )
    }
}

/// The largest scramble the setup bar offers.
pub const SCRAMBLE_RANGE: std::ops::RangeInclusive<u32> = 1..=200;
/// Exact distances a 3x3 board can have from its goal.
pub const DISTANCE_RANGE: std::ops::RangeInclusive<u8> = 0..=31;

/// The lanes a teacher starts with: uninformed, then a weak and a strong heuristic with A*, then
/// greedy, which is fast but not optimal.
pub fn default_lanes() -> Vec<SearchConfig<HeuristicKind>> {
    vec![
        SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Manhattan),
        SearchConfig::with(Algorithm::AStar, HeuristicKind::Misplaced),
        SearchConfig::with(Algorithm::AStar, HeuristicKind::Manhattan),
        SearchConfig::with(Algorithm::Greedy, HeuristicKind::Manhattan),
    ]
}

impl Default for PuzzleSettings {
    fn default() -> PuzzleSettings {
        PuzzleSettings {
            board_text: DEFAULT_BOARD.to_owned(),
            goal_text: DEFAULT_GOAL.to_owned(),
            config: SearchConfig::default(),
            lanes: default_lanes(),
            scramble_moves: 20,
            distance: 20,
            explore_unsolvable: false,
        }
    }
}

impl DomainHeuristic for HeuristicKind {
    fn from_any(any: AnyHeuristic) -> Option<HeuristicKind> {
        match any {
            AnyHeuristic::Puzzle(kind) => Some(kind),
            AnyHeuristic::Grid(_) | AnyHeuristic::Graph(_) => None,
        }
    }
}

impl Searches for PuzzleSettings {
    type Heuristic = HeuristicKind;

    fn config(&self) -> &SearchConfig<HeuristicKind> {
        &self.config
    }

    fn config_mut(&mut self) -> &mut SearchConfig<HeuristicKind> {
        &mut self.config
    }

    fn lanes(&self) -> &[SearchConfig<HeuristicKind>] {
        &self.lanes
    }

    fn lanes_mut(&mut self) -> &mut Vec<SearchConfig<HeuristicKind>> {
        &mut self.lanes
    }

    fn default_lanes() -> Vec<SearchConfig<HeuristicKind>> {
        default_lanes()
    }

    fn added_heuristic() -> HeuristicKind {
        HeuristicKind::Manhattan
    }

    fn sanitize_rest(&mut self) -> bool {
        let defaults = PuzzleSettings::default();
        let mut reset = false;
        if !SCRAMBLE_RANGE.contains(&self.scramble_moves) {
            self.scramble_moves = defaults.scramble_moves;
            reset = true;
        }
        if !DISTANCE_RANGE.contains(&self.distance) {
            self.distance = defaults.distance;
            reset = true;
        }
        reset
    }

    /// The board and the goal fields: each error belongs to its field, the goal's first (a
    /// goal of another size is the goal's to fix).
    fn read_problem(&self, _last: Option<&AnyProblem>) -> Result<AnyProblem, SetupError> {
        let board = parse_board(&self.board_text).map_err(SetupError::Board);
        let side = board.as_ref().map(|b| b.side()).unwrap_or(3);
        let goal = parse_goal(&self.goal_text, side).map_err(SetupError::Goal)?;
        let board = board?;
        if self.explore_unsolvable {
            Problem::allowing_unsolvable(board, goal)
        } else {
            Problem::new(board, goal)
        }
        .map(AnyProblem::Puzzle)
        .map_err(SetupError::Problem)
    }

    /// A board in any board format.
    fn parse_state(&self, text: &str) -> Result<AnyState, StateError> {
        crate::domains::puzzle::parse_board(text)
            .map(AnyState::Puzzle)
            .map_err(StateError::Board)
    }

    /// Boards at exact distances from the goal, drawn from its distance table (3x3 only).
    fn experiment_depths(&self, problem: &AnyProblem) -> Result<crate::search::DepthRange, String> {
        use super::text::{engine, experiment_text};
        let Some(problem) = problem.puzzle() else {
            return Err(experiment_text::e().experiment_no_problem.to_owned());
        };
        crate::domains::puzzle::depth_range(&problem.goal())
            .map_err(|e| engine::experiment_error(&e))
    }

    fn run_experiment(
        &self,
        problem: &AnyProblem,
        lanes: &[SearchConfig<HeuristicKind>],
        plan: &crate::search::ExperimentPlan,
        progress: &(dyn Fn(usize, usize) + Sync),
        cancel: &std::sync::atomic::AtomicBool,
    ) -> Result<crate::search::ExperimentTable<HeuristicKind>, String> {
        use super::text::{engine, experiment_text};
        use crate::domains::puzzle::{ExperimentError, ExperimentSpec, run_experiment};
        let Some(problem) = problem.puzzle() else {
            return Err(experiment_text::e().experiment_no_problem.to_owned());
        };
        let spec = ExperimentSpec {
            goal: problem.goal(),
            // No 3x3 board lies farther than 31 moves: a larger depth is refused as such.
            depths: plan
                .depths
                .iter()
                .map(|&d| u8::try_from(d).unwrap_or(u8::MAX))
                .collect(),
            boards_per_depth: plan.per_depth,
            seed: plan.seed,
            configs: lanes.to_vec(),
            threads: plan.threads,
        };
        run_experiment(&spec, progress, cancel).map_err(|e| match e {
            ExperimentError::Cancelled => experiment_text::e().experiment_cancelled.to_owned(),
            other => engine::experiment_error(&other),
        })
    }
}
