//! What the window remembers of a sliding-puzzle problem: the board and the goal as typed, the
//! searches, and the counts the random boards are made with. Model only, no drawing.

use super::puzzle_text;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::app::model::check::ExactCosts;
use crate::app::model::domain::{AnyHeuristic, AnyProblem, AnyState};
use crate::app::model::section::{
    DomainFault, DomainHeuristic, Edited, ExactCostsJob, Fault, Searches, SetupError, StateError,
};
use crate::app::model::text;
use crate::domains::puzzle::{
    Board, DistanceTable, GoalError, GoalPreset, HeuristicKind, NearGoal, ParseError, Problem,
    ProblemError, Rng, parse_board, parse_goal, scramble,
};
use crate::search::{Algorithm, Cost, SearchConfig};

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

/// Why the typed board and goal cannot be searched; each variant belongs to one field.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleFault {
    Board(ParseError),
    Goal(GoalError),
    Problem(ProblemError),
}

impl DomainFault for PuzzleFault {
    fn message(&self) -> String {
        use crate::i18n::{goal_error, parse_error, problem_error};
        match self {
            PuzzleFault::Board(e) => parse_error(e),
            PuzzleFault::Goal(e) => goal_error(e),
            PuzzleFault::Problem(e) => problem_error(e),
        }
    }
}

impl From<PuzzleFault> for SetupError {
    fn from(fault: PuzzleFault) -> SetupError {
        SetupError::Problem(Fault::new(fault))
    }
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

impl PuzzleSettings {
    /// The side of the board being typed, if it parses.
    pub fn side(&self) -> Option<usize> {
        parse_board(&self.board_text).ok().map(|b| b.side())
    }

    /// The typed board and goal, when both parse (whether or not the pair is solvable).
    pub fn typed_boards(&self) -> Option<(Board, Board)> {
        let start = parse_board(&self.board_text).ok()?;
        let goal = parse_goal(&self.goal_text, start.side()).ok()?;
        Some((start, goal))
    }

    /// The typed goal, read at the typed board's side (3 while the board does not parse).
    fn goal_board(&self) -> Option<Board> {
        parse_goal(&self.goal_text, self.side().unwrap_or(3)).ok()
    }

    /// Applies a change to the board, the goal or the random boards; `seed` is the settings'
    /// seed, advanced by every random board.
    pub fn apply(&mut self, edit: PuzzleEdit, seed: &mut u64) -> Edited {
        if edit.new_pair() {
            // A new pair is checked again: exploring was for the pair the user saw refused.
            self.explore_unsolvable = false;
        }
        match edit {
            PuzzleEdit::ExploreUnsolvable => {
                self.explore_unsolvable = true;
                self.config = SearchConfig {
                    algorithm: Algorithm::BreadthFirst,
                    ..self.config
                };
                Edited {
                    single_view: true,
                    ..Edited::changed(true)
                }
            }
            PuzzleEdit::SetBoardText(board) => {
                self.board_text = board;
                Edited::changed(true)
            }
            PuzzleEdit::SetGoalText(goal) => {
                self.goal_text = goal;
                Edited::changed(true)
            }
            PuzzleEdit::MoveTile(cell) => self.move_tile(cell),
            PuzzleEdit::SetSize(side) => {
                self.set_size(side);
                Edited {
                    changed: true,
                    ..self.scramble(seed)
                }
            }
            PuzzleEdit::Scramble => self.scramble(seed),
            PuzzleEdit::SetScrambleMoves(k) => {
                self.scramble_moves = k.clamp(*SCRAMBLE_RANGE.start(), *SCRAMBLE_RANGE.end());
                Edited::changed(false)
            }
            PuzzleEdit::RandomAtDistance => self.random_at_distance(seed),
            PuzzleEdit::SetDistance(d) => {
                self.distance = d.clamp(*DISTANCE_RANGE.start(), *DISTANCE_RANGE.end());
                Edited::changed(false)
            }
        }
    }

    fn move_tile(&mut self, cell: usize) -> Edited {
        let Ok(board) = parse_board(&self.board_text) else {
            return Edited::changed(false);
        };
        let Some((next, mv)) = board
            .successors()
            .find(|(_, mv)| board.target(mv.dir) == Some(cell))
        else {
            return Edited::changed(false);
        };
        self.board_text = next.to_string();
        Edited {
            status: Some(puzzle_text::status_board_moved(mv.tile)),
            ..Edited::changed(true)
        }
    }

    /// A board of this side: the goal preset kept where it exists, the start on the goal.
    fn set_size(&mut self, side: usize) {
        // A pattern database is for one board size: the new size takes its own (or Manhattan
        // distance where it has none), in the single view and every lane.
        let database = |kind: HeuristicKind| match kind.board_side() {
            Some(s) if s != side => match side {
                3 => HeuristicKind::Pdb44,
                4 => HeuristicKind::Pdb663,
                _ => HeuristicKind::Manhattan,
            },
            _ => kind,
        };
        self.config.heuristic = database(self.config.heuristic);
        for lane in &mut self.lanes {
            lane.heuristic = database(lane.heuristic);
        }
        let preset = GoalPreset::from_name(&self.goal_text)
            .filter(|p| p.board(side).is_some())
            .unwrap_or(GoalPreset::default_for(side));
        let goal = preset
            .board(side)
            .expect("default preset exists for every side");
        self.goal_text = goal.to_string();
        self.board_text = goal.to_string();
    }

    fn scramble(&mut self, seed: &mut u64) -> Edited {
        let Some(goal) = self.goal_board() else {
            return Edited::changed(false);
        };
        let moves = self.scramble_moves as usize;
        let board = scramble(&goal, moves, &mut next_rng(seed));
        self.board_text = board.to_string();
        Edited {
            status: Some(puzzle_text::status_random(&self.board_text, moves)),
            ..Edited::changed(true)
        }
    }

    fn random_at_distance(&mut self, seed: &mut u64) -> Edited {
        let Some(goal) = self.goal_board() else {
            return Edited::changed(false);
        };
        let Some(table) = distance_table(goal) else {
            return Edited {
                status: Some(text::t().needs_3x3.to_owned()),
                ..Edited::changed(false)
            };
        };
        let d = self.distance;
        match table.random_at(d, &mut next_rng(seed)) {
            Some(board) => {
                self.board_text = board.to_string();
                Edited {
                    status: Some(puzzle_text::status_at_distance(&self.board_text, d)),
                    ..Edited::changed(true)
                }
            }
            None => Edited {
                status: Some(puzzle_text::status_no_board_at(d, table.max_distance())),
                ..Edited::changed(false)
            },
        }
    }
}

/// The next random generator of the settings' seed.
fn next_rng(seed: &mut u64) -> Rng {
    *seed = seed.wrapping_add(1);
    Rng::new(*seed)
}

/// How far from a 4x4 goal h* is known for the check and the inspector: about 62,000 boards.
pub const NEAR_RADIUS: u8 = 14;

/// The goals whose tables were built last, newest last; a few, as each is large.
const KEPT_TABLES: usize = 4;

/// Keeps what was built for a goal, so that a new start with the same goal finds it at once.
fn cached<T>(
    cache: &Mutex<Vec<(Board, Arc<T>)>>,
    goal: Board,
    build: impl FnOnce() -> Option<T>,
) -> Option<Arc<T>> {
    let lock = || {
        cache
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    };
    if let Some((_, found)) = lock().iter().find(|(g, _)| *g == goal) {
        return Some(found.clone());
    }
    // Built without the lock: another goal's table may be asked for meanwhile.
    let built = Arc::new(build()?);
    let mut kept = lock();
    kept.retain(|(g, _)| *g != goal);
    if kept.len() == KEPT_TABLES {
        kept.remove(0);
    }
    kept.push((goal, built.clone()));
    Some(built)
}

/// The exact distance of every 3x3 board from `goal` (`None` for other sides). Built on first
/// use, which takes a moment: call it from a worker where a frame could wait.
pub fn distance_table(goal: Board) -> Option<Arc<DistanceTable>> {
    static TABLES: Mutex<Vec<(Board, Arc<DistanceTable>)>> = Mutex::new(Vec::new());
    if goal.side() != 3 {
        return None;
    }
    cached(&TABLES, goal, || DistanceTable::new(&goal))
}

/// The boards within [`NEAR_RADIUS`] moves of a 4x4 goal, with their distances.
pub fn near_goal(goal: Board) -> Option<Arc<NearGoal>> {
    static NEAR: Mutex<Vec<(Board, Arc<NearGoal>)>> = Mutex::new(Vec::new());
    if goal.side() != 4 {
        return None;
    }
    cached(&NEAR, goal, || Some(NearGoal::new(goal, NEAR_RADIUS)))
}

/// h* for a puzzle goal: every 3x3 board's, or a 4x4 goal's near boards'.
pub fn exact_costs(goal: Board) -> Option<Arc<dyn ExactCosts>> {
    match goal.side() {
        3 => distance_table(goal).map(|t| t as Arc<dyn ExactCosts>),
        4 => near_goal(goal).map(|t| t as Arc<dyn ExactCosts>),
        _ => None,
    }
}

impl ExactCosts for DistanceTable {
    fn of(&self, state: &AnyState) -> Option<Cost> {
        let board = state.board()?;
        self.distance(board).map(|d| Cost::units(u64::from(d)))
    }
}

impl ExactCosts for NearGoal {
    fn of(&self, state: &AnyState) -> Option<Cost> {
        let board = state.board()?;
        self.distance(board).map(|d| Cost::units(u64::from(d)))
    }

    fn near_goal_only(&self) -> bool {
        true
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
        let board = parse_board(&self.board_text).map_err(PuzzleFault::Board);
        let side = board.as_ref().map(|b| b.side()).unwrap_or(3);
        let goal = parse_goal(&self.goal_text, side).map_err(PuzzleFault::Goal)?;
        let board = board?;
        if self.explore_unsolvable {
            Problem::allowing_unsolvable(board, goal)
        } else {
            Problem::new(board, goal)
        }
        .map(AnyProblem::Puzzle)
        .map_err(|e| PuzzleFault::Problem(e).into())
    }

    fn exact_costs_job(&self, problem: &AnyProblem) -> Option<ExactCostsJob> {
        let goal = problem.puzzle()?.goal();
        Some(Box::new(move || exact_costs(goal)))
    }

    /// A board in any board format.
    fn parse_state(&self, text: &str) -> Result<AnyState, StateError> {
        crate::domains::puzzle::parse_board(text)
            .map(AnyState::Puzzle)
            .map_err(|e| StateError::Malformed(Fault::new(PuzzleFault::Board(e))))
    }

    /// Boards at exact distances from the goal, drawn from its distance table (3x3 only).
    fn experiment_depths(&self, problem: &AnyProblem) -> Result<crate::search::DepthRange, String> {
        use crate::app::model::text::{engine, experiment_text};
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
        use crate::app::model::text::{engine, experiment_text};
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
