//! The pattern databases the window's configs name: when a config on screen names one that is
//! not ready for the board's goal, it is read from the cache folder or built on a worker thread
//! (one at a time), its progress and a Cancel button shown beside the heuristic picker; once it
//! is registered (`crate::domains::puzzle::databases`) the session is read again, so the lanes
//! start with it. Until then the session refuses the config with an inline message
//! (`ConfigError::HeuristicNotReady`), never a panic.
//!
//! The jobs are per thread, like the language: the window's thread owns them, and tests side
//! by side each see their own. The databases themselves are shared by the whole process.

use super::puzzle_text;
use std::cell::RefCell;

use egui::{RichText, Ui};

use crate::app::model::command::Command;
use crate::app::model::domain::{AnyHeuristic, DomainKind};
use crate::app::model::session::{Session, SetupError};
use crate::app::model::worker::Worker;
use crate::domains::puzzle::databases::{self, DatabaseError};
use crate::domains::puzzle::{Board, HeuristicKind, PdbError, parse_board, parse_goal};
use crate::search::ConfigError;

/// A database being read or built.
struct Job {
    goal: Board,
    kind: HeuristicKind,
    worker: Worker<Result<(), DatabaseError>>,
}

/// The window's database jobs.
#[derive(Default)]
pub struct Jobs {
    current: Option<Job>,
    /// The goal of the puzzle the window shows, read from its fields each frame (the session
    /// holds no problem while it refuses a config whose database is not ready).
    goal: Option<Board>,
    /// Databases the user cancelled: not started again until asked for with Build.
    cancelled: Vec<(Board, HeuristicKind)>,
    /// Databases that could not be had, and why.
    failed: Vec<(Board, HeuristicKind, String)>,
    /// Set when a database became ready; the next frame reads the session again.
    finished: bool,
}

/// Where a heuristic's database stands for the shown goal.
#[derive(Clone, Debug, PartialEq)]
pub enum State {
    /// No database needed, or it is registered.
    Ready,
    /// Being read or built; the share done.
    Building(f32),
    /// Another database is being built first.
    Waiting,
    Cancelled,
    Failed(String),
    /// Made for another board size (the setup line says so).
    OtherSize,
}

thread_local! {
    static JOBS: RefCell<Jobs> = RefCell::new(Jobs::default());
}

/// Where the window keeps the databases it builds: the user's cache folder, shared with the
/// command line. Tests build in memory and write nothing.
pub(super) fn cache_dir() -> Option<std::path::PathBuf> {
    if cfg!(test) {
        None
    } else {
        crate::domains::puzzle::cache_dir()
    }
}

impl Jobs {
    fn state(&self, kind: HeuristicKind) -> State {
        let Some(goal) = self.goal else {
            return State::Ready;
        };
        if !kind.fits(goal.side()) {
            return State::OtherSize;
        }
        if databases::is_ready(&goal, kind) {
            return State::Ready;
        }
        if let Some(job) = &self.current {
            return if job.goal == goal && job.kind == kind {
                State::Building(job.worker.fraction())
            } else {
                State::Waiting
            };
        }
        if let Some((_, _, why)) = self
            .failed
            .iter()
            .find(|(g, k, _)| *g == goal && *k == kind)
        {
            return State::Failed(why.clone());
        }
        if self.cancelled.contains(&(goal, kind)) {
            return State::Cancelled;
        }
        State::Waiting
    }

    fn start(&mut self, goal: Board, kind: HeuristicKind) {
        let cache = cache_dir();
        let worker = Worker::spawn(move |progress| {
            const STEPS: usize = 1000;
            progress.report(0, STEPS);
            let mut report = |share: f64| {
                progress.report((share * STEPS as f64) as usize, STEPS);
                !progress
                    .cancel_flag()
                    .load(std::sync::atomic::Ordering::Relaxed)
            };
            databases::load_or_build(goal, kind, cache.as_deref(), &mut report).map(|_| ())
        });
        self.current = Some(Job { goal, kind, worker });
    }

    /// Takes a finished job's result, stops one no config on screen needs any more (the goal
    /// or the heuristic changed), and starts the next database a shown config needs.
    fn poll(&mut self, wanted: &[HeuristicKind]) {
        let goal = self.goal;
        let still_wanted = |job: &Job| goal == Some(job.goal) && wanted.contains(&job.kind);
        if let Some(job) = &self.current
            && !still_wanted(job)
        {
            job.worker.cancel();
        }
        if let Some(job) = &mut self.current
            && let Some(result) = job.worker.poll()
        {
            let key = (job.goal, job.kind);
            let wanted_now = still_wanted(job);
            self.current = None;
            match result {
                Ok(()) => self.finished = true,
                // Cancelled by the user: not started again until Build. A job stopped because
                // nothing needed it starts again when something does.
                Err(DatabaseError::Pdb(PdbError::Cancelled)) if wanted_now => {
                    self.cancelled.push(key)
                }
                Err(DatabaseError::Pdb(PdbError::Cancelled)) => {}
                Err(e) => self.failed.push((key.0, key.1, e.to_string())),
            }
        }
        let Some(goal) = self.goal else {
            return;
        };
        if self.current.is_none()
            && let Some(&kind) = wanted
                .iter()
                .find(|&&kind| self.state(kind) == State::Waiting)
        {
            self.start(goal, kind);
        }
    }
}

/// The puzzle goal the window's fields name, if they name one.
fn shown_goal(session: &Session) -> Option<Board> {
    let settings = &session.settings;
    if settings.domain != DomainKind::Puzzle {
        return None;
    }
    let side = parse_board(&settings.puzzle.board_text).ok()?.side();
    parse_goal(&settings.puzzle.goal_text, side).ok()
}

/// Once per frame, before the panels: polls the job, starts the next database a config on
/// screen needs, and once one is ready reads the session again (pushing `SetConfig` with the
/// config it has, which re-reads the problem). Returns whether a job is running, so the window
/// keeps repainting for its progress.
pub fn frame(session: &Session, commands: &mut Vec<Command>) -> bool {
    let settings = &session.settings;
    let configs = if settings.compare {
        settings.active_lanes()
    } else {
        vec![settings.active_config()]
    };
    let wanted: Vec<HeuristicKind> = configs
        .iter()
        .filter_map(|c| c.heuristic.database())
        .collect();
    JOBS.with_borrow_mut(|jobs| {
        jobs.goal = shown_goal(session);
        jobs.poll(&wanted);
        let refused = matches!(
            session.problem,
            Err(SetupError::Config(ConfigError::HeuristicNotReady(_)))
        );
        if std::mem::take(&mut jobs.finished) && refused {
            commands.push(Command::SetConfig(settings.active_config()));
        }
        jobs.current.is_some()
    })
}

/// Whether `heuristic` can be used on the shown board now (always, for one without a database).
pub fn state(heuristic: AnyHeuristic) -> State {
    match heuristic.database() {
        Some(kind) => JOBS.with_borrow(|jobs| jobs.state(kind)),
        None => State::Ready,
    }
}

/// The side of the board the window shows, for offering only the heuristics that fit it.
pub fn shown_side() -> Option<usize> {
    JOBS.with_borrow(|jobs| jobs.goal.map(|g| g.side()))
}

/// Beside the heuristic picker: nothing once the database is ready; while it is built, the
/// share done and Cancel; after a cancel or a failure, Build.
pub fn inline_status(ui: &mut Ui, heuristic: AnyHeuristic) {
    let Some(kind) = heuristic.database() else {
        return;
    };
    let weak = ui.visuals().weak_text_color();
    match state(heuristic) {
        State::Ready | State::OtherSize => {}
        State::Building(share) => {
            ui.spinner();
            ui.label(RichText::new(puzzle_text::pdb_building(share)).color(weak))
                .on_hover_text(puzzle_text::p().pdb_build_hint);
            if ui.small_button(puzzle_text::p().pdb_cancel).clicked() {
                JOBS.with_borrow(|jobs| {
                    if let Some(job) = &jobs.current {
                        job.worker.cancel();
                    }
                });
            }
        }
        State::Waiting => {
            ui.label(RichText::new(puzzle_text::p().pdb_waiting).color(weak));
        }
        State::Cancelled | State::Failed(_) => {
            let line = match state(heuristic) {
                State::Failed(why) => puzzle_text::pdb_failed(&why),
                _ => puzzle_text::p().pdb_not_built.to_owned(),
            };
            ui.label(RichText::new(line).color(ui.visuals().warn_fg_color))
                .on_hover_text(puzzle_text::p().pdb_build_hint);
            if ui.small_button(puzzle_text::p().pdb_build).clicked() {
                JOBS.with_borrow_mut(|jobs| {
                    if let Some(goal) = jobs.goal {
                        jobs.cancelled.retain(|&k| k != (goal, kind));
                        jobs.failed.retain(|(g, k, _)| (*g, *k) != (goal, kind));
                    }
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable;

    use super::*;
    use crate::app::puzzle::puzzle_model::PuzzleSettings;
    use crate::app::{App, Settings, test_harness};
    use crate::domains::puzzle::{Dir, Heuristic};
    use crate::search::{Algorithm, Cost, SearchConfig};

    /// Steps frames until `done` holds: the job runs on another thread. Bounded by a count of
    /// frames, not by time.
    fn frames_until(h: &mut egui_kittest::Harness<'static, App>, done: impl Fn(&App) -> bool) {
        for _ in 0..6000 {
            if done(h.state()) {
                return;
            }
            h.step();
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("the database job never finished");
    }

    fn not_ready(app: &App) -> bool {
        matches!(
            app.session.problem,
            Err(SetupError::Config(ConfigError::HeuristicNotReady(_)))
        )
    }

    #[test]
    fn a_pdb_heuristic_is_built_in_the_background_then_a_star_steps_with_it() {
        // A goal no other test builds a database for, so it starts not ready (its blank is in
        // no corner, so it is not carried onto another goal's database).
        let goal: Board = "876501234".parse().unwrap();
        let mut start = goal;
        for dir in [Dir::Up, Dir::Left, Dir::Down, Dir::Down, Dir::Right] {
            start = start.apply(dir).unwrap().0;
        }
        let settings = Settings {
            puzzle: PuzzleSettings {
                board_text: start.to_string(),
                goal_text: goal.to_string(),
                config: SearchConfig::with(Algorithm::AStar, HeuristicKind::Pdb44),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        };
        // Until the database is registered the setup refuses the config with a message: no
        // lane, no panic. (The 3x3 build takes milliseconds, so the progress beside the picker
        // is checked on 4x4 below.)
        let app = App::new(settings.clone());
        assert!(not_ready(&app));
        assert!(app.session.lanes.is_empty());
        // The first frame starts the build; the session is read again once it is ready.
        let mut h = test_harness(settings);

        frames_until(&mut h, |app| app.session.problem.is_ok());
        assert!(databases::is_ready(&goal, HeuristicKind::Pdb44));
        h.step();
        assert!(h.query_by_label_contains("building").is_none());
        // The offered heuristics fit the board: the 4x4 database is not among them.
        h.get_by_role_and_label(
            egui::accesskit::Role::ComboBox,
            crate::app::model::text::t().heuristic,
        )
        .click();
        // The click opens the list; it is drawn the frame after.
        h.step();
        h.step();
        h.get_by_label(HeuristicKind::LinearConflict.title());
        assert!(h.query_all_by_label("PDB 4-4 (3x3)").next().is_some());
        assert!(h.query_all_by_label("PDB 6-6-3 (4x4)").next().is_none());

        // A* runs with the database's h, and the node panel explains it group by group.
        h.state_mut().session.apply(Command::Step);
        h.step();
        let lane = h.state().session.main_lane().unwrap();
        assert_eq!(lane.search().stats().expanded, 1);
        let h_start = lane.search().node(crate::search::NodeId(0)).h;
        let pdb = Heuristic::new(HeuristicKind::Pdb44, &goal);
        assert_eq!(h_start, Cost::from(pdb.h(&start)));
        let groups = pdb.explain(&start).groups;
        assert_eq!(groups.len(), 2);
        let line = puzzle_text::pdb_group(&groups[1]);
        assert!(h.query_all_by_label_contains(&line).next().is_some());
    }

    #[test]
    fn the_frame_that_adopts_a_database_draws_the_lane_it_makes() {
        use egui::accesskit::Role;
        use egui_kittest::kittest::NodeT;
        // A goal of its own with the blank in no corner, so its database starts not ready.
        let goal: Board = "871506234".parse().unwrap();
        let start = goal.apply(Dir::Up).unwrap().0;
        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                board_text: start.to_string(),
                goal_text: goal.to_string(),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        // Asked for once the harness has settled, so the build and its adoption happen in the
        // frames below.
        let pdb = SearchConfig::with(Algorithm::AStar, HeuristicKind::Pdb44);
        h.state_mut().apply(Command::SetConfig(pdb.into()));
        assert!(not_ready(h.state()));
        frames_until(&mut h, |app| !app.session.lanes.is_empty());
        // The frame the lane appeared in drew it: its counters are on screen.
        let counters =
            crate::app::model::text::stats_line(&h.state().session.shown_stats().unwrap());
        let labels: Vec<String> = h
            .query_all_by_role(Role::Label)
            .filter_map(|n| n.accesskit_node().value())
            .collect();
        assert!(labels.contains(&counters), "{counters:?} not in {labels:?}");
    }

    #[test]
    fn a_4x4_build_shows_its_progress_and_can_be_cancelled_and_started_again() {
        let goal = Board::blank_last(4);
        let start = goal.apply(Dir::Up).unwrap().0;
        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                board_text: start.to_string(),
                goal_text: "blank-last".to_owned(),
                config: SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Pdb663),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        h.step();
        assert!(not_ready(h.state()));
        h.get_by_label_contains("building");
        // The wait is said in one progress line beside the heuristic, not as an error to fix.
        assert!(h.query_by_label_contains("is not ready").is_none());
        assert!(h.query_by_label_contains("Cannot step").is_none());
        h.get_by_label("Cancel").click();
        h.step();
        frames_until(&mut h, |_| JOBS.with_borrow(|jobs| jobs.current.is_none()));
        h.step();
        // Cancelled: said inline, still refused, nothing started again on its own.
        assert!(not_ready(h.state()));
        h.get_by_label(puzzle_text::p().pdb_not_built);
        assert!(JOBS.with_borrow(|jobs| jobs.current.is_none()));
        h.get_by_label(puzzle_text::p().pdb_build).click();
        h.step();
        h.step();
        h.get_by_label_contains("building");
        // Stop it again, two frames in: the whole database takes over a second.
        h.get_by_label("Cancel").click();
        h.step();
        frames_until(&mut h, |_| JOBS.with_borrow(|jobs| jobs.current.is_none()));
        assert!(!databases::is_ready(&goal, HeuristicKind::Pdb663));
    }
}
