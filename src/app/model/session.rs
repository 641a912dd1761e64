//! The state behind the window: the problem settings, the lanes (one search each) and the run
//! mode. Commands are applied here; panels only read it. No drawing happens in this file.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::before_step::Before;
use super::check::{ExactCosts, HStar};
use super::command::Command;
use super::domain::{AnyProblem, AnyState};
use super::edit::DomainEdit;
use super::exercise::Score;
use super::fine_step::{self, FineStep, Phase};
use super::text;
use super::worker::Worker;
use crate::search::{
    Algorithm, Breakpoint, ConfigError, GoalTest, NodeId, Repeats, SearchConfig, SearchProblem,
    Stats, Status,
};
use crate::tree::Drawn;

pub use super::domain::Config;
use super::lane::{Lane, lane_styles};
pub use super::limits::{MAX_LANES, MIN_LANES};
pub use super::settings::{MEMORY_BUDGET_RANGE, SPEED_RANGE, Settings, SetupError, ZOOM_RANGE};

const MB: usize = 1 << 20;

/// h* as a domain's job finds it, `None` where the domain cannot tell.
type FoundCosts = Option<Arc<dyn ExactCosts>>;

/// `config` as a lane can take it:
/// - a weight no slider can give (NaN, below 1, above 100) is replaced by the one it had: the
///   setup bar compares the config it draws with the one it edits every frame, and a NaN
///   weight never equals itself, so it would restart the run at every frame;
/// - the goal test at generation, which only BFS offers, is dropped for any other algorithm
///   (the engine would refuse it, and its box is no longer on screen to undo it);
/// - a tree search is turned back into graph search for an algorithm that runs as graph search
///   only (the bidirectional ones), for the same reasons.
fn kept_settable(config: Config, before: &Config) -> Config {
    let weight = if Config::check_weight(config.weight).is_ok() {
        config.weight
    } else if Config::check_weight(before.weight).is_ok() {
        before.weight
    } else {
        Config::default().weight
    };
    let goal_test = if config.algorithm == Algorithm::BreadthFirst {
        config.goal_test
    } else {
        GoalTest::OnExpansion
    };
    let repeats = if config.algorithm.supports_repeats(config.repeats) {
        config.repeats
    } else {
        Repeats::Graph
    };
    SearchConfig {
        weight,
        goal_test,
        repeats,
        ..config
    }
}

/// Reads the problem of the settings' domain and checks the searches shown against it. `last`
/// is the problem the lanes search now, which the domain may reuse (a map shared by every
/// lane is not copied while it is unchanged).
pub fn read_problem(
    settings: &Settings,
    last: Option<&AnyProblem>,
) -> Result<AnyProblem, SetupError> {
    let problem = settings.section().read_problem(last)?;
    validate_configs(settings)?;
    check_backward(settings, &problem)?;
    Ok(problem)
}

/// The configs of the view being shown.
fn shown_configs(settings: &Settings) -> Vec<Config> {
    if settings.compare {
        settings.active_lanes()
    } else {
        vec![settings.active_config()]
    }
}

/// Refuses a config of the view being shown that no search can run.
fn validate_configs(settings: &Settings) -> Result<(), SetupError> {
    shown_configs(settings)
        .iter()
        .try_for_each(|c| c.validate().map_err(SetupError::Config))
}

/// Refuses a bidirectional config of the view being shown if the problem offers no goal state
/// to search back from, the one refusal that depends on the problem: [`Lane::new`] may then
/// start every shown config without it panicking.
fn check_backward(settings: &Settings, problem: &AnyProblem) -> Result<(), SetupError> {
    shown_configs(settings)
        .iter()
        .try_for_each(|c| check_config(problem, c).map_err(SetupError::Config))
}

/// Whether `config` can search `problem`: what [`crate::search::try_new_search`] would refuse, found without
/// starting a search.
pub fn check_config(problem: &AnyProblem, config: &Config) -> Result<(), ConfigError> {
    config.validate()?;
    problem.check_heuristic(config.heuristic)?;
    if config.algorithm.is_bidirectional() && problem.goal_state().is_none() {
        return Err(ConfigError::NoBackwardSearch);
    }
    Ok(())
}

/// What autoplay is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunMode {
    Paused,
    Playing,
    RunToEnd,
}

/// Work per frame while playing fast or running to the end: leaves most of a 60 Hz frame for
/// drawing, so the window never freezes.
pub const FRAME_WORK: Duration = Duration::from_millis(6);

/// Work per frame while running to the end.
pub const RUN_TO_END_WORK: Duration = Duration::from_millis(45);

/// The problem, the lanes and how they are being advanced.
pub struct Session {
    pub settings: Settings,
    pub problem: Result<AnyProblem, SetupError>,
    pub lanes: Vec<Lane>,
    pub mode: RunMode,
    /// Fractional steps owed by autoplay.
    budget: f64,
    /// Where the timeline was dragged to, reached over several frames if far.
    seek_target: Option<usize>,
    /// One sentence about what just happened.
    pub status: String,
    pub selected: Option<NodeId>,
    /// h* for the problem it was found for (`None` where its domain cannot tell), and the job
    /// finding it for a new problem, in the background so no frame waits.
    exact: Option<(AnyProblem, FoundCosts)>,
    exact_job: Option<(AnyProblem, Worker<FoundCosts>)>,
    /// Why the latest map edit was refused, shown beside the map until the next edit.
    pub edit_error: Option<String>,
    /// Set when a step or a seek happened this frame, so the status is rewritten once.
    stepped: bool,
    /// The status to show when the current seek arrives, instead of "moved the timeline".
    pub after_seek: Option<String>,
    /// The exercise score (kept across boards until reset).
    pub score: Score,
    /// How far into the latest expansion fine step has shown; `None` when it is all shown.
    fine: Option<FineStep>,
    /// The latest problem that could be searched, drawn dimmed while the fields hold an error.
    pub last_good: Option<AnyProblem>,
}

impl Session {
    /// [`Lane::forget_times`] for every lane: snapshots of the summary's time row then read
    /// the same on a busy machine as on an idle one.
    #[cfg(test)]
    pub fn forget_times(&mut self) {
        self.lanes.iter_mut().for_each(Lane::forget_times);
    }

    pub fn new(settings: Settings) -> Session {
        let mut session = Session {
            settings,
            problem: Err(SetupError::Config(ConfigError::NodeLimit)),
            lanes: Vec::new(),
            mode: RunMode::Paused,
            budget: 0.0,
            seek_target: None,
            status: String::new(),
            selected: None,
            exact: None,
            exact_job: None,
            edit_error: None,
            stepped: false,
            after_seek: None,
            score: Score::default(),
            fine: None,
            last_good: None,
        };
        session.rebuild();
        session
    }

    /// Lane `i`. Panics if there is no such lane (no valid problem, or too few lanes).
    pub fn lane(&self, i: usize) -> &Lane {
        &self.lanes[i]
    }

    pub fn main_lane(&self) -> Option<&Lane> {
        self.lanes.first()
    }

    /// Whether a step can be taken now.
    pub fn can_step(&self) -> bool {
        self.lanes.iter().any(Lane::is_running) && !self.over_budget()
    }

    /// The bytes all lanes hold together.
    pub fn memory_bytes(&self) -> usize {
        self.lanes.iter().map(Lane::memory_bytes).sum()
    }

    pub fn budget_bytes(&self) -> usize {
        self.settings.memory_budget_mb as usize * MB
    }

    /// Whether the lanes have reached the memory budget: no lane steps forward until the
    /// budget is raised or the run is reset.
    pub fn over_budget(&self) -> bool {
        self.memory_bytes() >= self.budget_bytes()
    }

    pub fn can_step_back(&self) -> bool {
        self.lanes.iter().any(|l| l.steps() > 0)
    }

    pub fn is_busy(&self) -> bool {
        self.mode != RunMode::Paused || self.seek_target.is_some()
    }

    pub fn seek_target(&self) -> Option<usize> {
        self.seek_target
    }

    /// The true costs the heuristic check, the summary and the inspector compare h with, once
    /// found for the current problem (never waits for them).
    pub fn h_star(&self) -> Option<HStar<'_>> {
        h_star_of(&self.problem, &self.exact)
    }

    /// Re-reads the problem and starts fresh searches.
    fn rebuild(&mut self) {
        self.fine = None;
        self.score.end_question();
        self.mode = RunMode::Paused;
        self.seek_target = None;
        self.budget = 0.0;
        self.selected = None;
        self.problem = read_problem(&self.settings, self.last_good.as_ref());
        if let Ok(problem) = &self.problem {
            self.last_good = Some(problem.clone());
        }
        self.lanes.clear();
        match &self.problem {
            Ok(problem) if self.settings.compare => {
                // A hand-edited settings file may hold too few or too many lanes.
                self.settings.repair_lanes();
                for config in self.settings.active_lanes() {
                    self.lanes.push(Lane::new(problem.clone(), config));
                }
                self.status = text::status_compare_ready(self.lanes.len());
            }
            Ok(problem) => {
                let config = self.settings.active_config();
                self.lanes.push(Lane::new(problem.clone(), config));
                self.status = text::status_ready(&text::engine::describe(&config));
            }
            // A database being made is a wait, not a mistake to fix.
            Err(SetupError::Config(ConfigError::HeuristicNotReady(_))) => {
                self.status = text::t().pdb_getting_ready.to_owned();
            }
            Err(err) => self.status = text::status_setup_error(&err.message()),
        }
        self.restyle_lanes();
    }

    /// Gives every lane its method's colour, and a shade of it to a lane whose method an
    /// earlier lane already has. Called wherever lanes are made, replaced or removed.
    fn restyle_lanes(&mut self) {
        let configs: Vec<Config> = self.lanes.iter().map(|l| *l.config()).collect();
        for (lane, (color, variant)) in self.lanes.iter_mut().zip(lane_styles(&configs)) {
            lane.color = color;
            lane.variant = variant;
        }
    }

    /// The lock-step clock: steps taken by the lanes together. A lane that finished earlier
    /// stays frozen at its own, smaller count.
    pub fn clock(&self) -> usize {
        self.lanes.iter().map(Lane::steps).max().unwrap_or(0)
    }

    /// The furthest the timeline can be scrubbed forward again.
    pub fn furthest(&self) -> usize {
        self.lanes.iter().map(Lane::furthest).max().unwrap_or(0)
    }

    /// Replays the lanes up to `target` steps, time-sliced like a timeline drag. The searches
    /// are deterministic, so a rebuilt lane reaches exactly the state it had.
    fn catch_up(&mut self, target: usize) {
        if target > 0 && !self.lanes.is_empty() {
            self.seek_target = Some(target);
        }
    }

    /// Compare view on or off. Turning it on keeps the clock: the compare lanes are replayed
    /// to the step the single view was at.
    fn set_compare(&mut self, on: bool) {
        if self.settings.compare == on {
            return;
        }
        let clock = self.clock();
        self.settings.compare = on;
        self.rebuild();
        self.catch_up(clock);
    }

    /// Shows compare lane `i` in the single view, run and history kept.
    fn focus_lane(&mut self, i: usize) {
        if !self.settings.compare || i >= self.lanes.len() {
            return;
        }
        self.fine = None;
        let lane = self.lanes.swap_remove(i);
        self.settings.compare = false;
        let config = *lane.config();
        self.settings.set_active_config(config);
        self.lanes = vec![lane];
        self.restyle_lanes();
        self.mode = RunMode::Paused;
        self.seek_target = None;
        self.selected = None;
        self.status = text::status_focused(i + 1, &text::engine::describe(&config));
    }

    /// Gives compare lane `i` a new config: that lane restarts and is replayed to the clock,
    /// the others keep their runs.
    fn set_lane_config(&mut self, i: usize, config: Config) {
        if i >= self.settings.lane_count() {
            return;
        }
        self.settings.set_active_lane(i, config);
        let runs = match &self.problem {
            Ok(problem) => check_config(problem, &config).is_ok(),
            Err(_) => false,
        };
        if !runs || !self.settings.compare {
            let clock = self.clock();
            self.rebuild();
            self.catch_up(clock);
            return;
        }
        let clock = self.clock();
        if let (Ok(problem), Some(lane)) = (&self.problem, self.lanes.get_mut(i)) {
            *lane = Lane::new(problem.clone(), config);
        }
        self.restyle_lanes();
        self.mode = RunMode::Paused;
        self.catch_up(clock);
        self.status = text::status_lane_changed(i + 1, &text::engine::describe(&config));
    }

    fn add_lane(&mut self) {
        if self.settings.lane_count() >= MAX_LANES {
            return;
        }
        let heuristic = self.settings.section().added_heuristic();
        let config = SearchConfig {
            weight: 2.0,
            ..SearchConfig::with(Algorithm::WeightedAStar, heuristic)
        };
        self.settings.push_lane(config);
        let clock = self.clock();
        match &self.problem {
            Ok(problem) if self.settings.compare => {
                self.lanes.push(Lane::new(problem.clone(), config));
                self.restyle_lanes();
                self.mode = RunMode::Paused;
                self.catch_up(clock);
            }
            _ => self.rebuild(),
        }
    }

    fn remove_lane(&mut self, i: usize) {
        if self.settings.lane_count() <= MIN_LANES || i >= self.settings.lane_count() {
            return;
        }
        self.settings.remove_active_lane(i);
        if self.settings.compare && self.lanes.len() > i {
            self.lanes.remove(i);
            self.restyle_lanes();
            self.mode = RunMode::Paused;
        } else {
            self.rebuild();
        }
    }

    /// Starts every lane again from its start node, keeping each lane's settings.
    fn reset(&mut self) {
        let Ok(problem) = &self.problem else {
            return;
        };
        self.fine = None;
        self.score.end_question();
        for lane in &mut self.lanes {
            let config = *lane.config();
            *lane = Lane::new(problem.clone(), config);
        }
        self.restyle_lanes();
        self.mode = RunMode::Paused;
        self.seek_target = None;
        self.selected = None;
        self.status = text::status_reset();
    }

    fn step_all(&mut self) -> bool {
        self.fine = None;
        if self.over_budget() {
            self.mode = RunMode::Paused;
            self.status = self.budget_status();
            return false;
        }
        let mut any = false;
        for lane in &mut self.lanes {
            any |= lane.step();
        }
        self.stepped |= any;
        any
    }

    /// Applies one command.
    pub fn apply(&mut self, command: Command) {
        match command {
            Command::SetLanguage(language) => self.settings.language = language,
            Command::File(_) | Command::Maximize(_) => {}
            Command::SetExercise(on) => {
                self.settings.exercise = on;
                // The question is the open list: the setup folds to give it the rows (Edit
                // setup unfolds it).
                if on {
                    self.settings.arrangement.setup_folded = true;
                }
                // A finished search has no next node to ask about: the exercise starts over.
                let over = |lane: &Lane| !matches!(lane.search().status(), Status::Running);
                if on && !self.lanes.is_empty() && self.lanes.iter().all(over) {
                    self.apply(Command::Reset);
                }
            }
            Command::ShowPseudocode(on) => self.settings.show_pseudocode = on,
            Command::ShowTree(on) => self.settings.show_tree = on,
            Command::SetFineStep(on) => {
                self.settings.fine_step = on;
                self.fine = None;
            }
            Command::Step if self.fine_stepping() => self.fine_step(),
            Command::ResetScore => self.score = Score::default(),
            Command::Predict(picked) => {
                if !self.exercising() || self.lanes.is_empty() {
                    return;
                }
                let steps = self.lanes[0].steps();
                let judgement = self.lanes[0].judge(Some(picked));
                if let Some(judgement) = judgement {
                    if self.score.answer(steps, judgement) {
                        self.apply(Command::Step);
                    }
                } else if !self.lanes[0].is_running() {
                    // The step it would take passed the node limit: say so.
                    self.status = self.describe_last_step();
                }
            }
            Command::Reveal => {
                let Some(lane) = self.lanes.first_mut() else {
                    return;
                };
                match lane.judge(None) {
                    Some(judgement) => {
                        self.score.reveal(judgement);
                        self.apply(Command::Step);
                    }
                    None => self.status = self.describe_last_step(),
                }
            }
            Command::LoadSession(settings, step) => {
                self.settings = *settings;
                self.rebuild();
                if step > 0 && !self.lanes.is_empty() {
                    self.seek_target = Some(step);
                }
            }
            Command::SetBreakpoints(breakpoints) => self.settings.breakpoints = breakpoints,
            Command::ShowBreakpoints(show) => self.settings.show_breakpoints = show,
            Command::Step => {
                self.mode = RunMode::Paused;
                self.seek_target = None;
                if !self.step_all() && !self.over_budget() {
                    self.status = self.why_no_step();
                }
            }
            Command::StepBack => {
                self.mode = RunMode::Paused;
                self.seek_target = None;
                self.fine = None;
                // Only lanes at the clock step back: a lane frozen earlier keeps its result
                // until the clock goes below the step it finished at.
                let clock = self.clock();
                let mut any = false;
                for lane in &mut self.lanes {
                    if lane.steps() == clock {
                        any |= lane.step_back();
                    }
                }
                self.status = if any {
                    text::status_back(self.clock())
                } else {
                    text::status_nothing_to_undo()
                };
            }
            Command::TogglePlay => {
                if self.mode == RunMode::Playing {
                    self.mode = RunMode::Paused;
                    self.status = text::status_paused(self.steps());
                } else if self.can_step() {
                    self.mode = RunMode::Playing;
                    self.seek_target = None;
                    self.budget = 0.0;
                    self.status = text::status_playing(self.settings.speed);
                } else {
                    self.status = self.setup_status();
                }
            }
            Command::RunToEnd => {
                if self.mode == RunMode::RunToEnd {
                    self.mode = RunMode::Paused;
                    self.status = text::status_stopped(self.steps());
                } else if self.can_step() {
                    self.mode = RunMode::RunToEnd;
                    self.seek_target = None;
                    self.status = text::status_running();
                } else {
                    self.status = self.setup_status();
                }
            }
            Command::Reset => self.reset(),
            Command::Seek(target) => {
                self.fine = None;
                self.mode = RunMode::Paused;
                self.seek_target = Some(target);
            }
            Command::SelectNode(id) => {
                self.selected = Some(id);
                self.status = text::status_selected(id.0);
            }
            Command::ShowCurrent => {
                self.selected = None;
                self.status = self.describe_last_step();
            }
            Command::SetConfig(config) => {
                let kept = kept_settable(config, &self.settings.active_config());
                self.settings.set_active_config(kept);
                self.rebuild();
            }
            Command::SetDomain(domain) => {
                if self.settings.domain != domain {
                    self.settings.domain = domain;
                    self.rebuild();
                }
            }
            Command::ImportProblem(domain, name, text) => {
                match self.settings.section_of_mut(domain).read_file(&name, &text) {
                    Ok(()) => {
                        self.edit_error = None;
                        self.settings.domain = domain;
                        self.rebuild();
                    }
                    Err(error) => self.edit_error = Some(error),
                }
            }
            Command::Edit(edit) => self.edit_problem(edit),
            Command::SetSpeed(speed) if speed.is_finite() => {
                self.settings.speed = speed.clamp(*SPEED_RANGE.start(), *SPEED_RANGE.end());
            }
            Command::SetSpeed(_) => {}
            Command::SetDark(dark) => self.settings.dark = dark,
            Command::SetTextBoards(on) => self.settings.text_boards = on,
            Command::SetBuiltinFileBrowser(on) => self.settings.builtin_file_browser = on,
            Command::SetArrangement(arrangement) => self.settings.arrangement = arrangement,
            Command::SetTreeExport { steps, depth } => {
                self.settings.tree_export_steps = steps;
                self.settings.tree_export_depth = depth;
            }
            Command::SetZoom(zoom) if zoom.is_finite() => {
                self.settings.zoom = zoom.clamp(*ZOOM_RANGE.start(), *ZOOM_RANGE.end());
            }
            Command::SetZoom(_) => {}
            Command::SetCompare(on) => self.set_compare(on),
            Command::SetLaneConfig(i, config) => {
                let before = self.settings.active_lanes().get(i).copied();
                let before = before.unwrap_or_else(|| self.settings.active_config());
                self.set_lane_config(i, kept_settable(config, &before));
            }
            Command::AddLane => self.add_lane(),
            Command::RemoveLane(i) => self.remove_lane(i),
            Command::FocusLane(i) => self.focus_lane(i),
            Command::SetLogCounts(on) => self.settings.log_counts = on,
            Command::SetShareOfRun(on) => self.settings.share_of_run = on,
            Command::SetMemoryBudget(mb) => {
                self.settings.memory_budget_mb =
                    mb.clamp(*MEMORY_BUDGET_RANGE.start(), *MEMORY_BUDGET_RANGE.end());
            }
            // Windows of the app; nothing changes in the session.
            Command::ShowExperiments | Command::ShowInspector => {}
            Command::ShowGames(on) => self.settings.games = on,
            // The game workspace applies its own; the app keeps its settings here.
            Command::Game(_) => {}
        }
    }

    /// Why Step did nothing: no problem, a node limit, or every lane has finished.
    fn why_no_step(&self) -> String {
        if self.lanes.is_empty() {
            return self.setup_status();
        }
        let limit = self.lanes.iter().find_map(|lane| {
            (lane.search().status() == Status::LimitReached).then(|| lane.config().node_limit)
        });
        match limit {
            Some(limit) => text::status_limit(limit),
            None => text::status_finished(),
        }
    }

    fn budget_status(&self) -> String {
        text::status_memory_budget(
            self.memory_bytes().div_ceil(MB),
            self.settings.memory_budget_mb,
        )
    }

    fn setup_status(&self) -> String {
        match &self.problem {
            Err(err) => text::status_setup_error(&err.message()),
            Ok(_) => text::status_finished(),
        }
    }

    /// The steps taken: lane 0's in the single view, the lock-step clock in the compare view
    /// (0 when there is no problem).
    pub fn steps(&self) -> usize {
        self.clock()
    }

    /// Applies a change to a problem: the searches start again when the problem on screen
    /// changed, and a refused edit (a start dragged onto a wall, a cost below zero) is said
    /// beside the problem.
    fn edit_problem(&mut self, edit: DomainEdit) {
        let domain = edit.domain();
        match edit.apply_to(&mut self.settings) {
            Ok(edited) => {
                self.edit_error = None;
                if edited.single_view {
                    self.settings.compare = false;
                    self.settings.domain = domain;
                }
                if edited.changed && self.settings.domain == domain {
                    self.rebuild();
                }
                // A sentence about a new problem is said only if the problem can be searched.
                if let Some(status) = edited.status
                    && (!edited.changed || self.problem.is_ok())
                {
                    self.status = status;
                }
            }
            Err(error) => self.edit_error = Some(error),
        }
    }

    /// Advances autoplay, a run to the end or a timeline seek by this frame's share of work.
    /// `dt` is the frame time in seconds.
    pub fn advance(&mut self, dt: f32) {
        // Half of the last frame, at least FRAME_WORK: where drawing is slow (software
        // rendering, a huge window) the search still gets half the time, and the window
        // stays responsive because the frame at most doubles.
        let work = FRAME_WORK.max(Duration::from_secs_f32(dt.clamp(0.0, 0.1) * 0.5));
        // Run to end wants the answer, not smooth frames: most of the time goes to the search
        // and the screen still updates about twenty times a second; Stop waits one slice.
        let work = if self.mode == RunMode::RunToEnd && self.seek_target.is_none() {
            work.max(RUN_TO_END_WORK)
        } else {
            work
        };
        let deadline = Instant::now() + work;
        if let Some(target) = self.seek_target {
            let mut done = true;
            for lane in &mut self.lanes {
                done &= lane.seek_toward(target, deadline);
            }
            self.stepped = true;
            if done {
                self.seek_target = None;
                self.status = self
                    .after_seek
                    .take()
                    .unwrap_or_else(|| text::status_seek(self.clock()));
                self.stepped = false;
            }
        }
        let breakpoints = self.settings.breakpoints.active(self.settings.section());
        match self.mode {
            RunMode::Paused => {}
            RunMode::Playing => {
                self.budget += f64::from(dt.min(0.1)) * self.settings.speed;
                let mut n = 0u32;
                while self.budget >= 1.0 && self.can_step() {
                    self.step_all();
                    self.budget -= 1.0;
                    if self.stop_at_breakpoint(&breakpoints) {
                        break;
                    }
                    n += 1;
                    if n.is_multiple_of(64) && Instant::now() >= deadline {
                        // Too fast for this machine: drop the debt rather than pile it up.
                        self.budget = self.budget.min(1.0);
                        break;
                    }
                }
            }
            RunMode::RunToEnd => {
                let mut n = 0u32;
                while self.step_all() {
                    if self.stop_at_breakpoint(&breakpoints) {
                        break;
                    }
                    n += 1;
                    if n.is_multiple_of(64) && Instant::now() >= deadline {
                        break;
                    }
                }
            }
        }
        if self.mode != RunMode::Paused && !self.can_step() {
            self.mode = RunMode::Paused;
        }
        if self.stepped {
            self.stepped = false;
            self.status = self.describe_last_step();
        }
    }

    /// The main lane's counters as the screen shows them: at the fine-step position if there is
    /// one, else after the latest step.
    pub fn shown_stats(&self) -> Option<Stats> {
        let lane = self.lanes.first()?;
        let search = lane.search();
        // Only a fine-step position needs the scan of the history below, not every frame.
        let Some(fine) = self.fine() else {
            return Some(search.stats());
        };
        let steps = search.steps();
        // The largest open and the most held before the latest step (the start alone before
        // the first).
        let earlier = &lane.history[..steps.saturating_sub(1)];
        let peaks = fine_step::Peaks {
            open: earlier.iter().map(|s| s.open).fold(1, u32::max),
            held: earlier.iter().map(|s| s.held).fold(1, u32::max),
        };
        Some(fine_step::stats_at(search, Some(fine), peaks))
    }

    /// Whether Step moves one line of the pseudocode (single view, fine step on, the pseudocode
    /// shown, no exercise). Every algorithm has its lines ([`fine_step::lines`]).
    pub fn fine_stepping(&self) -> bool {
        self.settings.fine_step
            && self.settings.show_pseudocode
            && !self.settings.compare
            && !self.settings.exercise
    }

    /// Whether exercise mode is on. Every algorithm has its reasons ([`exercise::judge`]).
    pub fn exercising(&self) -> bool {
        self.settings.exercise
    }

    /// The fine-step position, while fine stepping is on.
    pub fn fine(&self) -> Option<FineStep> {
        let lane = self.lanes.first()?;
        self.fine
            .filter(|_| self.fine_stepping())
            .and_then(|fine| fine.valid_for(lane.search()))
    }

    /// One line further into the latest expansion, or the next expansion when it is all
    /// shown. The engine expands atomically; the lines only reveal what it did.
    fn fine_step(&mut self) {
        self.mode = RunMode::Paused;
        self.seek_target = None;
        let Some(lane) = self.lanes.first() else {
            self.status = self.setup_status();
            return;
        };
        let search = lane.search();
        let steps = search.steps();
        let next_line = self.fine().and_then(|fine| {
            let view = search.step_at(steps - 1);
            let phase = fine.phase.next(search.config(), &view)?;
            Some(FineStep { phase, ..fine })
        });
        let next = match next_line {
            Some(next) => next,
            None => {
                // What the step may replace (the smallest f pruned, the best meeting), read
                // before it is taken.
                let before = Before::capture(search);
                if !self.step_all() {
                    if !self.over_budget() {
                        self.status = self.why_no_step();
                    }
                    return;
                }
                FineStep {
                    step: steps + 1,
                    phase: Phase::Pop,
                    before,
                }
            }
        };
        self.fine = Some(next);
        self.stepped = false;
        let search = self.lanes[0].search();
        if let (_, Some(detail)) = fine_step::current(search, self.fine) {
            self.status = detail;
        }
    }

    /// After a step of Play or Run to end: pauses and says why if a breakpoint holds in a lane
    /// that just stepped.
    fn stop_at_breakpoint(&mut self, breakpoints: &[Breakpoint<AnyState>]) -> bool {
        if breakpoints.is_empty() {
            return false;
        }
        let clock = self.clock();
        let hit = self.lanes.iter().enumerate().find_map(|(i, lane)| {
            let search = lane.search();
            if search.steps() != clock || clock == 0 {
                return None;
            }
            let view = search.step_at(clock - 1);
            breakpoints
                .iter()
                .find_map(|b| b.hit(search, &view))
                .map(|hit| (i, hit))
        });
        let Some((lane, hit)) = hit else {
            return false;
        };
        self.mode = RunMode::Paused;
        self.budget = 0.0;
        let lane = self.settings.compare.then_some(lane + 1);
        self.status = text::status_breakpoint(lane, clock, &text::engine::hit(&hit));
        self.stepped = false;
        true
    }

    /// The status sentence for the latest step of lane 0, or for how the run ended.
    pub fn describe_last_step(&self) -> String {
        let Some(lane) = self.lanes.first() else {
            return self.setup_status();
        };
        if self.over_budget() && self.lanes.iter().any(Lane::is_running) {
            return self.budget_status();
        }
        if self.settings.compare {
            let running = self.lanes.iter().filter(|l| l.is_running()).count();
            return text::status_compare_step(self.clock(), running, self.lanes.len());
        }
        let search = lane.search();
        if search.steps() == 0 {
            return text::status_ready(&text::engine::describe(search.config()));
        }
        match search.status() {
            Status::Running => {
                let view = search.step_at(search.steps() - 1);
                let f = search.node(view.expanded).f;
                text::status_step(&view, f, false)
            }
            Status::Solved { .. } => {
                let moves = search.solution().map_or(0, |p| p.len() - 1);
                if self.is_busy() || search.steps() > 1 {
                    let view = search.step_at(search.steps() - 1);
                    if view.goal_found && !view.children.is_empty() {
                        let f = search.node(view.expanded).f;
                        return text::status_step(&view, f, true);
                    }
                }
                text::status_solved(search.steps(), moves, search.stats().expanded)
            }
            Status::Exhausted => text::status_exhausted(search.steps()),
            Status::LimitReached => text::status_limit(search.config().node_limit),
        }
    }

    /// Brings every lane's caches up to date and drops a selection that no longer exists.
    /// Called once per frame before drawing.
    pub fn prepare(&mut self) {
        let running = matches!(self.mode, RunMode::Playing | RunMode::RunToEnd);
        let exercise = self.exercising() && !self.settings.compare;
        for (i, lane) in self.lanes.iter_mut().enumerate() {
            lane.refresh(running, exercise && i == 0);
        }
        if let (Some(id), Some(lane)) = (self.selected, self.lanes.first())
            && id.index() >= lane.search().node_count()
        {
            self.selected = None;
        }
        self.poll_exact_costs();
        // Run to end shows no single step; the check catches up with every step when it stops.
        if self.mode != RunMode::RunToEnd {
            let exact = h_star_of(&self.problem, &self.exact);
            for lane in &mut self.lanes {
                lane.check_heuristic(exact);
            }
        }
    }

    /// Starts finding h* for the current problem in the background (its domain says how), and
    /// adopts it when found.
    fn poll_exact_costs(&mut self) {
        let Ok(problem) = &self.problem else {
            return;
        };
        if self
            .exact
            .as_ref()
            .is_some_and(|(p, _)| p.same_problem(problem))
        {
            self.exact_job = None;
            return;
        }
        if let Some((job_problem, job)) = &mut self.exact_job {
            if !job_problem.same_problem(problem) {
                self.exact_job = None;
            } else if let Some(found) = job.poll() {
                self.exact = Some((problem.clone(), found));
                self.exact_job = None;
                return;
            } else {
                return;
            }
        }
        match self.settings.section().exact_costs_job(problem) {
            Some(work) => {
                self.exact_job = Some((problem.clone(), Worker::spawn(move |_| work())));
            }
            None => self.exact = Some((problem.clone(), None)),
        }
    }
}

/// h* for `problem`, if it was found for it.
fn h_star_of<'a>(
    problem: &Result<AnyProblem, SetupError>,
    exact: &'a Option<(AnyProblem, FoundCosts)>,
) -> Option<HStar<'a>> {
    let problem = problem.as_ref().ok()?;
    let (found_for, exact) = exact.as_ref()?;
    exact.as_deref().filter(|_| found_for.same_problem(problem))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::model::exercise;
    use crate::app::model::lane::OPEN_REFRESH;
    use crate::app::puzzle::puzzle_model::{PuzzleEdit, PuzzleSettings};
    use crate::domains::puzzle::{Board, HeuristicKind, Problem, Rng, scramble};
    use crate::search::Algorithm;

    /// A 4x4 lane with at least `open` nodes in open.
    fn lane_with_open(open: usize) -> Lane {
        let goal = Board::blank_last(4);
        let start = scramble(&goal, 80, &mut Rng::new(1));
        let config = SearchConfig::with(Algorithm::AStar, HeuristicKind::Misplaced);
        let problem = AnyProblem::Puzzle(Problem::new(start, goal).unwrap());
        let mut lane = Lane::new(problem, config.into());
        while lane.search().open_len() < open {
            assert!(lane.step(), "the search ended before open grew");
        }
        lane
    }

    /// The exercise's candidates stay those of the search when a step stops at the node limit
    /// without expanding: the step count is unchanged, yet a depth-first search that ended an
    /// iteration no longer offers its start again.
    #[test]
    fn the_candidates_follow_a_search_stopped_by_its_node_limit() {
        let goal = Board::blank_last(3);
        let start = scramble(&goal, 30, &mut Rng::new(3));
        let mut stopped_at_an_iteration_end = 0;
        for limit in 1..200 {
            let config = SearchConfig {
                node_limit: limit,
                ..SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Misplaced)
            };
            let problem = AnyProblem::Puzzle(Problem::new(start, goal).unwrap());
            let mut lane = Lane::new(problem, config.into());
            loop {
                lane.refresh(false, true);
                let ended_iteration = lane.search().open_len() == 0;
                let stepped = lane.step();
                lane.refresh(false, true);
                let mut expected = exercise::candidates(lane.search());
                expected.sort_unstable();
                assert_eq!(lane.open_by_id(), expected, "node limit {limit}");
                if !stepped {
                    stopped_at_an_iteration_end += usize::from(ended_iteration);
                    break;
                }
            }
        }
        assert!(
            stopped_at_an_iteration_end > 0,
            "no limit fell between iterations"
        );
    }

    /// A lane whose open list is past the refresh throttle's threshold of 20,000.
    fn big_lane() -> Lane {
        lane_with_open(25_000)
    }

    fn snapshot_is_exact(lane: &Lane) -> bool {
        lane.open_snapshot() == lane.search().open_nodes().collect::<Vec<_>>()
    }

    /// The throttle reads the time of the last copy: set it instead of waiting for the clock.
    /// `elapsed()` of an instant in the future is zero.
    fn copied_just_now(lane: &mut Lane) {
        lane.open_built_at = Instant::now() + Duration::from_secs(3600);
    }

    fn copied_long_ago(lane: &mut Lane) {
        lane.open_built_at = Instant::now() - 2 * OPEN_REFRESH;
    }

    #[test]
    fn a_large_open_list_is_copied_at_most_once_a_period_while_running_forward() {
        let mut lane = big_lane();
        lane.refresh(true, false);
        assert!(
            snapshot_is_exact(&lane),
            "the first copy is never held back"
        );
        let first = lane.open_snapshot().to_vec();
        for _ in 0..50 {
            lane.step();
        }
        // Running forward within the period: the old copy stays, and its ids still exist.
        copied_just_now(&mut lane);
        lane.refresh(true, false);
        assert!(lane.open_snapshot() == first, "the copy was replaced");
        assert!(!snapshot_is_exact(&lane));
        let nodes = lane.search().node_count();
        assert!(lane.open_snapshot().iter().all(|id| id.index() < nodes));
        // Once the period has passed, the next refresh copies.
        copied_long_ago(&mut lane);
        lane.refresh(true, false);
        assert!(snapshot_is_exact(&lane));
        // Paused: copied at once, however recent the last copy.
        lane.step();
        copied_just_now(&mut lane);
        lane.refresh(false, false);
        assert!(snapshot_is_exact(&lane));
        // Running, but after a step back: nodes were removed, so copied at once.
        for _ in 0..10 {
            lane.step();
        }
        for _ in 0..100 {
            lane.step_back();
        }
        copied_just_now(&mut lane);
        lane.refresh(true, false);
        assert!(snapshot_is_exact(&lane));
    }

    #[test]
    fn an_open_list_below_the_threshold_is_copied_at_every_refresh_while_running() {
        let mut lane = lane_with_open(15_000);
        lane.refresh(true, false);
        for _ in 0..20 {
            assert!(lane.step());
            assert!(lane.search().open_len() <= 20_000);
            copied_just_now(&mut lane);
            lane.refresh(true, false);
            assert!(snapshot_is_exact(&lane));
        }
    }

    #[test]
    fn restored_settings_out_of_range_are_reset_and_named() {
        let mut settings = Settings {
            puzzle: PuzzleSettings {
                lanes: vec![SearchConfig::default(); 6],
                scramble_moves: 0,
                distance: 99,
                config: SearchConfig {
                    weight: -1.0,
                    ..SearchConfig::default()
                },
                ..PuzzleSettings::default()
            },
            zoom: f32::NAN,
            speed: 1e9,
            memory_budget_mb: 1,
            ..Settings::default()
        };
        let reset = settings.sanitize();
        assert_eq!(reset, ["puzzle", "speed", "zoom", "memory_budget_mb"]);
        assert_eq!(settings, Settings::default());
        assert!(Settings::default().sanitize().is_empty());
    }

    #[test]
    fn bfs_on_an_unsolvable_board_exhausts_the_reachable_half_when_asked() {
        let mut session = Session::new(Settings {
            puzzle: PuzzleSettings {
                board_text: "213804765".to_owned(),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        assert!(matches!(
            session.problem.as_ref().err().and_then(SetupError::fault),
            Some(crate::app::puzzle::puzzle_model::PuzzleFault::Problem(_))
        ));
        session.apply(Command::edit(PuzzleEdit::ExploreUnsolvable));
        assert!(session.problem.is_ok());
        assert_eq!(
            session.settings.puzzle.config.algorithm,
            Algorithm::BreadthFirst
        );
        session.apply(Command::RunToEnd);
        for _ in 0..100_000 {
            if !session.is_busy() {
                break;
            }
            session.advance(0.016);
        }
        let lane = session.lane(0);
        assert_eq!(lane.search().status(), Status::Exhausted);
        // Every board of the start's parity: 9!/2.
        assert_eq!(lane.search().stats().expanded, 181_440);
        assert_eq!(session.status, text::status_exhausted(lane.steps()));

        // Another board is checked again, and refused if it is unsolvable.
        session.apply(Command::edit(PuzzleEdit::SetBoardText(
            "123804756".to_owned(),
        )));
        assert!(!session.settings.puzzle.explore_unsolvable);
        assert!(matches!(
            session.problem.as_ref().err().and_then(SetupError::fault),
            Some(crate::app::puzzle::puzzle_model::PuzzleFault::Problem(_))
        ));
    }

    #[test]
    fn the_memory_budget_stops_every_lane_with_a_message() {
        let mut session = Session::new(Settings {
            puzzle: PuzzleSettings {
                config: SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero),
                distance: 30,
                ..PuzzleSettings::default()
            },
            memory_budget_mb: 1,
            ..Settings::default()
        });
        session.apply(Command::edit(PuzzleEdit::RandomAtDistance));
        assert!(session.problem.is_ok());
        session.apply(Command::RunToEnd);
        for _ in 0..10_000 {
            if !session.is_busy() {
                break;
            }
            session.advance(0.016);
        }
        assert!(!session.is_busy());
        assert!(session.over_budget());
        assert!(
            session.lane(0).is_running(),
            "stopped by the budget, not finished"
        );
        assert!(!session.can_step());
        assert!(
            session.status.contains("Memory budget reached"),
            "{}",
            session.status
        );
        let steps = session.steps();
        session.apply(Command::Step);
        assert_eq!(session.steps(), steps);
        assert!(session.status.contains("Memory budget reached"));
        // A larger budget lets it go on.
        session.apply(Command::SetMemoryBudget(64));
        session.apply(Command::Step);
        assert_eq!(session.steps(), steps + 1);
    }

    #[test]
    fn fine_step_survives_every_change_of_the_run() {
        let settings = Settings {
            show_pseudocode: true,
            fine_step: true,
            ..Settings::default()
        };
        let mut session = Session::new(settings.clone());
        // Into the children of the second expansion (the start has four children).
        for _ in 0..12 {
            session.apply(Command::Step);
        }
        let search = session.lane(0).search();
        let latest = search.step_at(search.steps() - 1);
        assert!(
            session
                .fine()
                .is_some_and(|f| f.children_shown(&latest) > 0)
        );
        // A session whose step has fewer children: the old position must not be used.
        let other = Settings {
            puzzle: PuzzleSettings {
                board_text: "123804765".to_owned(),
                ..settings.puzzle.clone()
            },
            ..settings.clone()
        };
        session.apply(Command::LoadSession(Box::new(other), 0));
        assert_eq!(session.fine(), None);
        for _ in 0..3 {
            session.apply(Command::Step);
        }
        session.apply(Command::Reset);
        assert_eq!(session.fine(), None);
        session.apply(Command::Step);
        session.apply(Command::Seek(0));
        assert_eq!(session.fine(), None);
        assert!(session.shown_stats().is_some());
    }

    /// Settings saved before searches had a treatment of repeated states load as graph
    /// search, and a tree search chosen now is saved and read back.
    #[test]
    fn settings_without_repeated_states_load_as_graph_search() {
        fn strip(value: &mut serde_json::Value) -> usize {
            match value {
                serde_json::Value::Object(map) => {
                    let here = usize::from(map.remove("repeats").is_some());
                    here + map.values_mut().map(strip).sum::<usize>()
                }
                serde_json::Value::Array(items) => items.iter_mut().map(strip).sum(),
                _ => 0,
            }
        }
        let tree = SearchConfig {
            repeats: Repeats::Tree,
            ..SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero)
        };
        let mut settings = Settings::default();
        settings.puzzle.config = tree;
        let json = serde_json::to_string(&settings).unwrap();
        let back: Settings = serde_json::from_str(&json).unwrap();
        assert_eq!(back.puzzle.config.repeats, Repeats::Tree);
        let mut old: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert!(strip(&mut old) > 1);
        let old: Settings = serde_json::from_value(old).unwrap();
        assert_eq!(
            old.puzzle.config,
            SearchConfig {
                repeats: Repeats::Graph,
                ..tree
            }
        );
        assert!(old.puzzle.lanes.iter().all(|l| l.repeats == Repeats::Graph));
    }

    #[test]
    fn leaving_bfs_drops_the_goal_test_at_generation_in_the_session() {
        let bfs = Config {
            goal_test: GoalTest::OnGeneration,
            ..Config::with(Algorithm::BreadthFirst, HeuristicKind::Manhattan.into())
        };
        let mut session = Session::new(Settings::default());
        session.apply(Command::SetConfig(bfs));
        assert_eq!(
            session.settings.puzzle.config.goal_test,
            GoalTest::OnGeneration
        );
        session.apply(Command::SetConfig(Config {
            algorithm: Algorithm::AStar,
            ..bfs
        }));
        assert_eq!(
            session.settings.puzzle.config.goal_test,
            GoalTest::OnExpansion
        );
        assert!(
            session.problem.is_ok(),
            "{:?}",
            session.problem.as_ref().err()
        );
        session.apply(Command::SetLaneConfig(
            1,
            Config {
                algorithm: Algorithm::Greedy,
                ..bfs
            },
        ));
        assert_eq!(
            session.settings.puzzle.lanes[1].goal_test,
            GoalTest::OnExpansion
        );
    }

    #[test]
    fn a_new_board_size_takes_its_own_pattern_database_everywhere() {
        let pdb = |kind| SearchConfig::with(Algorithm::AStar, kind);
        let mut session = Session::new(Settings {
            puzzle: PuzzleSettings {
                config: pdb(HeuristicKind::Pdb663),
                lanes: vec![pdb(HeuristicKind::Pdb663), pdb(HeuristicKind::Manhattan)],
                board_text: "123456789ABCDEF0".to_string(),
                goal_text: "123456789ABCDEF0".to_string(),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        session.apply(Command::edit(PuzzleEdit::SetSize(3)));
        assert_eq!(
            session.settings.puzzle.config.heuristic,
            HeuristicKind::Pdb44
        );
        let lanes: Vec<_> = session
            .settings
            .puzzle
            .lanes
            .iter()
            .map(|c| c.heuristic)
            .collect();
        assert_eq!(lanes, [HeuristicKind::Pdb44, HeuristicKind::Manhattan]);
        session.apply(Command::edit(PuzzleEdit::SetSize(4)));
        assert_eq!(
            session.settings.puzzle.config.heuristic,
            HeuristicKind::Pdb663
        );
        session.apply(Command::edit(PuzzleEdit::SetSize(2)));
        assert_eq!(
            session.settings.puzzle.config.heuristic,
            HeuristicKind::Manhattan
        );
    }
}
