//! What is remembered between runs of the app: the problem typed or drawn, the searches, the
//! view's options, and the ranges each may take. The session reads them; commands change them.

use serde::{Deserialize, Serialize};

use super::arrangement::Arrangement;
use super::breakpoints::BreakpointSettings;
use super::domain::{Config, DomainKind};
use super::section::DomainSettings;
pub use super::section::SetupError;
use crate::app::game::game_model::GameSettings;
use crate::app::graph::graph_model::GraphSettings;
use crate::app::grid::grid_model::GridSettings;
use crate::app::puzzle::puzzle_model::PuzzleSettings;
use crate::domains::puzzle::HeuristicKind;
use crate::i18n::Language;
use crate::search::SearchConfig;

/// What is remembered between runs of the app.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The domain of the problem shown; each domain keeps its own section below.
    pub domain: DomainKind,
    /// The sliding puzzle's board, goal and searches.
    pub puzzle: PuzzleSettings,
    /// The grid map, its searches and its drawing options.
    pub grid: GridSettings,
    /// The route graph and its searches.
    pub graph: GraphSettings,
    /// Advanced after every random board so each click gives a new one, yet a run repeats.
    pub seed: u64,
    /// Autoplay speed, steps per second.
    pub speed: f64,
    pub dark: bool,
    pub zoom: f32,
    /// Whether the window shows the compare view (several lanes) instead of one search.
    pub compare: bool,
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
    /// Whether the window shows the game-tree workspace.
    pub games: bool,
    /// The game-tree workspace's tree, searches and options.
    pub game: GameSettings,
    /// The tree exports' cut: the tree as it stood after this many steps (0: the current step)
    /// and nodes at most this deep (0: every depth), as `solve --max-steps --max-depth`.
    pub tree_export_steps: u32,
    pub tree_export_depth: u32,
    /// The puzzle's fields as settings files kept them before the puzzle had a section of its
    /// own: read, moved into [`Settings::puzzle`] by [`Settings::sanitize`], never written.
    #[serde(
        default,
        skip_serializing,
        rename = "board_text",
        deserialize_with = "present"
    )]
    pub old_board_text: Option<String>,
    #[serde(
        default,
        skip_serializing,
        rename = "goal_text",
        deserialize_with = "present"
    )]
    pub old_goal_text: Option<String>,
    #[serde(
        default,
        skip_serializing,
        rename = "config",
        deserialize_with = "present"
    )]
    pub old_config: Option<SearchConfig<HeuristicKind>>,
    #[serde(
        default,
        skip_serializing,
        rename = "lanes",
        deserialize_with = "present"
    )]
    pub old_lanes: Option<Vec<SearchConfig<HeuristicKind>>>,
    #[serde(
        default,
        skip_serializing,
        rename = "scramble_moves",
        deserialize_with = "present"
    )]
    pub old_scramble_moves: Option<u32>,
    #[serde(
        default,
        skip_serializing,
        rename = "distance",
        deserialize_with = "present"
    )]
    pub old_distance: Option<u8>,
}

pub const SPEED_RANGE: std::ops::RangeInclusive<f64> = 1.0..=10_000.0;
pub const ZOOM_RANGE: std::ops::RangeInclusive<f32> = 0.75..=2.0;
/// The memory budget's default, in MB: room for several 15-puzzle runs on a classroom laptop.
pub const DEFAULT_MEMORY_BUDGET_MB: u32 = 1024;
pub const MEMORY_BUDGET_RANGE: std::ops::RangeInclusive<u32> = 64..=65_536;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            domain: DomainKind::default(),
            puzzle: PuzzleSettings::default(),
            grid: GridSettings::default(),
            graph: GraphSettings::default(),
            seed: 1,
            speed: 4.0,
            dark: true,
            zoom: 1.0,
            compare: false,
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
            games: false,
            game: GameSettings::default(),
            tree_export_steps: 0,
            tree_export_depth: 0,
            old_board_text: None,
            old_goal_text: None,
            old_config: None,
            old_lanes: None,
            old_scramble_moves: None,
            old_distance: None,
        }
    }
}

/// What File → Import and Export call a domain's problem file, and the name a new one gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProblemFile {
    pub import_title: &'static str,
    pub export_title: &'static str,
    pub name: &'static str,
}

/// The problem file of `domain`, if it has one (the registry of problem files); each domain's
/// section reads and writes it ([`DomainSettings::read_file`], [`DomainSettings::write_file`]).
pub fn problem_file(domain: DomainKind) -> Option<ProblemFile> {
    let t = super::text::t();
    match domain {
        DomainKind::Puzzle => None,
        DomainKind::Grid => Some(ProblemFile {
            import_title: t.import_map,
            export_title: t.export_map,
            name: "map.map",
        }),
        DomainKind::Graph => Some(ProblemFile {
            import_title: t.import_graph,
            export_title: t.export_graph,
            name: "graph.txt",
        }),
    }
}

impl Settings {
    /// Puts every field that can be out of range back in range (a hand-edited or older
    /// settings file, restored from storage), the way session files are checked. Returns the
    /// names of the fields that were reset to their defaults, for a one-line notice.
    pub fn sanitize(&mut self) -> Vec<&'static str> {
        self.adopt_old_puzzle_fields();
        let defaults = Settings::default();
        let mut reset = Vec::new();
        for domain in DomainKind::ALL {
            if self.section_of_mut(domain).sanitize() {
                reset.push(domain.key());
            }
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
        if self.game.sanitize() {
            reset.push("game");
        }
        reset
    }

    /// Moves the puzzle's fields of an older settings file into its section.
    fn adopt_old_puzzle_fields(&mut self) {
        let puzzle = &mut self.puzzle;
        if let Some(text) = self.old_board_text.take() {
            puzzle.board_text = text;
        }
        if let Some(text) = self.old_goal_text.take() {
            puzzle.goal_text = text;
        }
        if let Some(config) = self.old_config.take() {
            puzzle.config = config;
        }
        if let Some(lanes) = self.old_lanes.take() {
            puzzle.lanes = lanes;
        }
        if let Some(moves) = self.old_scramble_moves.take() {
            puzzle.scramble_moves = moves;
        }
        if let Some(distance) = self.old_distance.take() {
            puzzle.distance = distance;
        }
    }

    /// The section of the problem's domain.
    pub fn section(&self) -> &dyn DomainSettings {
        self.section_of(self.domain)
    }

    pub(super) fn section_mut(&mut self) -> &mut dyn DomainSettings {
        self.section_of_mut(self.domain)
    }

    /// The section of `domain`.
    pub fn section_of(&self, domain: DomainKind) -> &dyn DomainSettings {
        match domain {
            DomainKind::Puzzle => &self.puzzle,
            DomainKind::Grid => &self.grid,
            DomainKind::Graph => &self.graph,
        }
    }

    pub(super) fn section_of_mut(&mut self, domain: DomainKind) -> &mut dyn DomainSettings {
        match domain {
            DomainKind::Puzzle => &mut self.puzzle,
            DomainKind::Grid => &mut self.grid,
            DomainKind::Graph => &mut self.graph,
        }
    }

    /// The single view's config, for the problem's domain.
    pub fn active_config(&self) -> Config {
        self.section().config()
    }

    /// The compare view's lane configs, for the problem's domain.
    pub fn active_lanes(&self) -> Vec<Config> {
        self.section().lanes()
    }

    pub fn lane_count(&self) -> usize {
        self.section().lane_count()
    }

    pub(super) fn set_active_config(&mut self, config: Config) {
        self.section_mut().set_config(config);
    }

    pub(super) fn set_active_lane(&mut self, i: usize, config: Config) {
        self.section_mut().set_lane(i, config);
    }

    pub(super) fn push_lane(&mut self, config: Config) {
        self.section_mut().push_lane(config);
    }

    pub(super) fn remove_active_lane(&mut self, i: usize) {
        self.section_mut().remove_lane(i);
    }

    /// Puts every domain's compare lanes back to between 2 and 4.
    pub(super) fn repair_lanes(&mut self) {
        for domain in DomainKind::ALL {
            self.section_of_mut(domain).repair_lanes();
        }
    }
}

/// The sections a session file holds: the session's domain's only, under the domain's name.
/// Read and written flat, beside the file's other fields.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionSections {
    /// The board, the goal and their searches, in a session of a puzzle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<PuzzleSettings>,
    /// The map, its searches and its drawing options, in a session of a map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<GridSettings>,
    /// The route graph and its searches, in a session of a graph.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graph: Option<GraphSettings>,
    /// Version 1 kept the puzzle's board, goal and searches at the top of every file, a map's
    /// too: read into the puzzle's section, never written.
    #[serde(default, skip_serializing)]
    board: Option<String>,
    #[serde(default, skip_serializing)]
    goal: Option<String>,
    #[serde(default, skip_serializing)]
    config: Option<SearchConfig<HeuristicKind>>,
    #[serde(default, skip_serializing)]
    lanes: Option<Vec<SearchConfig<HeuristicKind>>>,
}

impl SessionSections {
    /// The section of the settings' domain.
    pub fn of(settings: &Settings) -> SessionSections {
        let domain = settings.domain;
        SessionSections {
            puzzle: (domain == DomainKind::Puzzle).then(|| settings.puzzle.clone()),
            grid: (domain == DomainKind::Grid).then(|| settings.grid.clone()),
            graph: (domain == DomainKind::Graph).then(|| settings.graph.clone()),
            ..SessionSections::default()
        }
    }

    /// The sections held, each with its domain.
    pub fn held(&self) -> Vec<(DomainKind, &dyn DomainSettings)> {
        let puzzle = self
            .puzzle
            .as_ref()
            .map(|s| (DomainKind::Puzzle, s as &dyn DomainSettings));
        let grid = self
            .grid
            .as_ref()
            .map(|s| (DomainKind::Grid, s as &dyn DomainSettings));
        let graph = self
            .graph
            .as_ref()
            .map(|s| (DomainKind::Graph, s as &dyn DomainSettings));
        puzzle.into_iter().chain(grid).chain(graph).collect()
    }

    /// Puts the sections held into `settings`; the other domains' are kept.
    pub fn apply_to(&self, settings: &mut Settings) {
        if let Some(puzzle) = &self.puzzle {
            settings.puzzle = puzzle.clone();
        }
        if let Some(grid) = &self.grid {
            settings.grid = grid.clone();
        }
        if let Some(graph) = &self.graph {
            settings.graph = graph.clone();
        }
    }

    /// Moves the puzzle's fields of a version 1 file into the puzzle's section.
    pub fn adopt_version_1(&mut self) {
        let (Some(board), Some(goal), Some(config), Some(lanes)) = (
            self.board.take(),
            self.goal.take(),
            self.config.take(),
            self.lanes.take(),
        ) else {
            return;
        };
        self.puzzle.get_or_insert(PuzzleSettings {
            board_text: board,
            goal_text: goal,
            config,
            lanes,
            ..PuzzleSettings::default()
        });
    }
}

/// A field that is there, read as `Some`: RON writes an `Option` as `Some(..)`, and the old
/// fields were written bare.
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}
