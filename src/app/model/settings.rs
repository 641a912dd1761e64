//! What is remembered between runs of the app: the problem typed or drawn, the searches, the
//! view's options, and the ranges each may take. The session reads them; commands change them.

use serde::{Deserialize, Serialize};

use super::arrangement::Arrangement;
use super::breakpoints::BreakpointSettings;
use super::domain::{Config, DomainKind, from_grid, from_puzzle, to_grid, to_puzzle};
use super::grid_model::{GridSettings, default_grid_lanes};
use super::limits::{MAX_LANES, MIN_LANES, usable_config};
use crate::domains::puzzle::{GoalError, HeuristicKind, ParseError, ProblemError};
use crate::i18n::Language;
use crate::search::{Algorithm, ConfigError, SearchConfig};

/// A sliding-puzzle config, as the settings keep it.
type PuzzleConfig = SearchConfig<HeuristicKind>;

/// What is remembered between runs of the app.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The sliding puzzle or the grid map.
    pub domain: DomainKind,
    pub board_text: String,
    pub goal_text: String,
    pub config: PuzzleConfig,
    pub scramble_moves: u32,
    pub distance: u8,
    /// Advanced after every random board so each click gives a new one, yet a run repeats.
    pub seed: u64,
    /// Autoplay speed, steps per second.
    pub speed: f64,
    pub dark: bool,
    pub zoom: f32,
    /// Whether the window shows the compare view (several lanes) instead of one search.
    pub compare: bool,
    /// The compare view's lanes, in order; 2 to `MAX_LANES` (4).
    pub lanes: Vec<PuzzleConfig>,
    /// The grid problem, its searches and its drawing options.
    pub grid: GridSettings,
    /// Whether the compare view's node-count plot has a logarithmic y axis.
    pub log_counts: bool,
    /// Whether the compare view's line plot puts each lane's steps on a 0-100 % axis of its own
    /// run, so a lane that finished early is not squashed against the left edge.
    pub share_of_run: bool,
    /// The window's language (English while no Chinese font is installed).
    pub language: Language,
    /// Where Play and Run to end stop.
    pub breakpoints: BreakpointSettings,
    /// Exercise mode: predict the next expansion.
    pub exercise: bool,
    /// The pseudocode panel beside the single view.
    pub show_pseudocode: bool,
    /// The search tree in place of the plots (or the pseudocode) in the single view.
    pub show_tree: bool,
    /// Step advances one line of an expansion at a time (with the pseudocode shown).
    pub fine_step: bool,
    pub show_breakpoints: bool,
    /// The memory all lanes together may hold, in MB; stepping stops there with a message.
    pub memory_budget_mb: u32,
    /// The open and closed lists show boards as text (`283/104/765`) instead of small boards.
    #[serde(default)]
    pub text_boards: bool,
    /// Files are opened and saved in the window's own browser, never the system's dialog.
    /// Older settings files lack it: they load with the system's dialog, where there is one.
    #[serde(default)]
    pub builtin_file_browser: bool,
    /// Where the single view's panels go and whether the setup rows are folded.
    pub arrangement: Arrangement,
    /// The tree exports' cut: the tree as it stood after this many steps (0: the current step)
    /// and nodes at most this deep (0: every depth), as `solve --max-steps --max-depth`.
    pub tree_export_steps: u32,
    pub tree_export_depth: u32,
    /// Search the typed pair even if it is unsolvable, to watch the search exhaust the states
    /// it can reach. Set by a button, cleared by any change of board or goal, never saved.
    #[serde(skip)]
    pub explore_unsolvable: bool,
}

/// The lanes a teacher starts with: uninformed, then a weak and a strong heuristic with A*, then
/// greedy, which is fast but not optimal.
pub fn default_lanes() -> Vec<PuzzleConfig> {
    vec![
        SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Manhattan),
        SearchConfig::with(Algorithm::AStar, HeuristicKind::Misplaced),
        SearchConfig::with(Algorithm::AStar, HeuristicKind::Manhattan),
        SearchConfig::with(Algorithm::Greedy, HeuristicKind::Manhattan),
    ]
}

/// The P1379 sample the app opens on.
pub const DEFAULT_BOARD: &str = "283104765";
pub const DEFAULT_GOAL: &str = "123804765";
pub const SPEED_RANGE: std::ops::RangeInclusive<f64> = 1.0..=10_000.0;
pub const ZOOM_RANGE: std::ops::RangeInclusive<f32> = 0.75..=2.0;
/// The memory budget's default, in MB: room for several 15-puzzle runs on a classroom laptop.
pub const DEFAULT_MEMORY_BUDGET_MB: u32 = 1024;
pub const MEMORY_BUDGET_RANGE: std::ops::RangeInclusive<u32> = 64..=65_536;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            domain: DomainKind::default(),
            board_text: DEFAULT_BOARD.to_owned(),
            goal_text: DEFAULT_GOAL.to_owned(),
            config: SearchConfig::default(),
            scramble_moves: 20,
            distance: 20,
            seed: 1,
            speed: 4.0,
            dark: true,
            zoom: 1.0,
            compare: false,
            lanes: default_lanes(),
            grid: GridSettings::default(),
            log_counts: false,
            share_of_run: false,
            language: Language::default(),
            breakpoints: BreakpointSettings::default(),
            show_breakpoints: false,
            exercise: false,
            show_pseudocode: false,
            show_tree: false,
            fine_step: false,
            memory_budget_mb: DEFAULT_MEMORY_BUDGET_MB,
            text_boards: false,
            builtin_file_browser: false,
            arrangement: Arrangement::default(),
            tree_export_steps: 0,
            tree_export_depth: 0,
            explore_unsolvable: false,
        }
    }
}

/// The largest scramble the setup bar offers.
pub const SCRAMBLE_RANGE: std::ops::RangeInclusive<u32> = 1..=200;
/// Exact distances a 3x3 board can have from its goal.
pub const DISTANCE_RANGE: std::ops::RangeInclusive<u8> = 0..=31;

impl Settings {
    /// Puts every field that can be out of range back in range (a hand-edited or older
    /// settings file, restored from storage), the way session files are checked. Returns the
    /// names of the fields that were reset to their defaults, for a one-line notice.
    pub fn sanitize(&mut self) -> Vec<&'static str> {
        let defaults = Settings::default();
        let mut reset = Vec::new();
        let usable = usable_config::<HeuristicKind>;
        if !usable(&self.config) {
            self.config = defaults.config;
            reset.push("config");
        }
        if !(MIN_LANES..=MAX_LANES).contains(&self.lanes.len()) || !self.lanes.iter().all(usable) {
            self.lanes = defaults.lanes.clone();
            reset.push("lanes");
        }
        if !SCRAMBLE_RANGE.contains(&self.scramble_moves) {
            self.scramble_moves = defaults.scramble_moves;
            reset.push("scramble_moves");
        }
        if !DISTANCE_RANGE.contains(&self.distance) {
            self.distance = defaults.distance;
            reset.push("distance");
        }
        // NaN is outside every range.
        if !SPEED_RANGE.contains(&self.speed) {
            self.speed = defaults.speed;
            reset.push("speed");
        }
        if !ZOOM_RANGE.contains(&self.zoom) {
            self.zoom = defaults.zoom;
            reset.push("zoom");
        }
        if !MEMORY_BUDGET_RANGE.contains(&self.memory_budget_mb) {
            self.memory_budget_mb = defaults.memory_budget_mb;
            reset.push("memory_budget_mb");
        }
        if self.breakpoints.open_limit == 0 {
            self.breakpoints.open_limit = defaults.breakpoints.open_limit;
            reset.push("breakpoints");
        }
        if self.grid.sanitize() {
            reset.push("grid");
        }
        reset
    }

    /// The single view's config, for the problem's domain.
    pub fn active_config(&self) -> Config {
        match self.domain {
            DomainKind::Puzzle => from_puzzle(self.config),
            DomainKind::Grid => from_grid(self.grid.config),
        }
    }

    /// The compare view's lane configs, for the problem's domain.
    pub fn active_lanes(&self) -> Vec<Config> {
        match self.domain {
            DomainKind::Puzzle => self.lanes.iter().map(|c| from_puzzle(*c)).collect(),
            DomainKind::Grid => self.grid.lanes.iter().map(|c| from_grid(*c)).collect(),
        }
    }

    pub fn lane_count(&self) -> usize {
        match self.domain {
            DomainKind::Puzzle => self.lanes.len(),
            DomainKind::Grid => self.grid.lanes.len(),
        }
    }

    pub(super) fn set_active_config(&mut self, config: Config) {
        match self.domain {
            DomainKind::Puzzle => self.config = to_puzzle(config),
            DomainKind::Grid => self.grid.config = to_grid(config),
        }
    }

    pub(super) fn set_active_lane(&mut self, i: usize, config: Config) {
        match self.domain {
            DomainKind::Puzzle => self.lanes[i] = to_puzzle(config),
            DomainKind::Grid => self.grid.lanes[i] = to_grid(config),
        }
    }

    pub(super) fn push_lane(&mut self, config: Config) {
        match self.domain {
            DomainKind::Puzzle => self.lanes.push(to_puzzle(config)),
            DomainKind::Grid => self.grid.lanes.push(to_grid(config)),
        }
    }

    pub(super) fn remove_active_lane(&mut self, i: usize) {
        match self.domain {
            DomainKind::Puzzle => {
                self.lanes.remove(i);
            }
            DomainKind::Grid => {
                self.grid.lanes.remove(i);
            }
        }
    }

    /// Puts the compare lanes back to between [`MIN_LANES`] and [`MAX_LANES`].
    pub(super) fn repair_lanes(&mut self) {
        if self.lanes.len() < MIN_LANES {
            self.lanes = default_lanes();
        }
        self.lanes.truncate(MAX_LANES);
        if self.grid.lanes.len() < MIN_LANES {
            self.grid.lanes = default_grid_lanes();
        }
        self.grid.lanes.truncate(MAX_LANES);
    }
}

/// Why the typed problem cannot be searched; each variant belongs to one field.
#[derive(Clone, Debug, PartialEq)]
pub enum SetupError {
    Board(ParseError),
    Goal(GoalError),
    Problem(ProblemError),
    Config(ConfigError),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Board(e) => write!(f, "{e}"),
            SetupError::Goal(e) => write!(f, "{e}"),
            SetupError::Problem(e) => write!(f, "{e}"),
            SetupError::Config(e) => write!(f, "{e}"),
        }
    }
}
