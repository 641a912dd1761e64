//! The Experiments window: for depths up to a maximum, the problem's domain draws seeded random
//! starts whose optimal path to the goal takes exactly that many steps, every compare lane's
//! configuration searches them (on a worker thread using both cores), and the window shows the
//! means as a table and a log-scale plot of nodes generated against depth, one line per lane.
//!
//! The window names no domain: the problem's section of the settings says which depths fit
//! the problem ([`DomainSettings::experiment_depths`]) and runs the experiment
//! ([`DomainSettings::run_experiment`]), or says why it cannot.
//!
//! [`DomainSettings::experiment_depths`]: super::model::section::DomainSettings::experiment_depths
//! [`DomainSettings::run_experiment`]: super::model::section::DomainSettings::run_experiment

use egui::{RichText, Ui};
use egui_plot::{AxisHints, Legend, Line, Plot, PlotPoints, Points};

use super::model::domain::{AnyHeuristic, AnyProblem, Config};
use super::model::lane::lane_styles;
use super::model::session::Session;
use super::model::settings::Settings;
use super::model::text::{self, experiment_text};
use super::model::worker::Worker;
use super::widgets::word;
use crate::search::{DepthRange, ExperimentPlan, ExperimentTable, try_new_search};
use crate::tree::Drawn;

/// The parameters a table was run with: the largest depth, starts per depth and the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    pub max_depth: u32,
    pub per_depth: usize,
    pub seed: u64,
}

/// The finished table with the problem and the parameters it was run with.
pub struct Finished {
    pub table: ExperimentTable<AnyHeuristic>,
    pub problem: AnyProblem,
    pub params: Params,
}

impl Finished {
    /// Whether the table no longer answers what the window now asks: the lanes, the problem or
    /// the parameters changed since it was run.
    pub fn is_stale(
        &self,
        configs: &[Config],
        problem: Option<&AnyProblem>,
        params: Params,
    ) -> bool {
        self.table.configs != configs
            || !problem.is_some_and(|p| p.same_problem(&self.problem))
            || params != self.params
    }
}

/// The window's state: the parameters, a running job and the last result.
pub struct Experiments {
    pub open: bool,
    pub max_depth: u32,
    pub per_depth: usize,
    pub seed: u64,
    job: Option<Worker<Result<Finished, String>>>,
    pub result: Option<Result<Finished, String>>,
    /// The depths the domain offers on a problem, with the problem it was asked of, so a map
    /// is measured once per edit rather than once per frame.
    offered: Option<(AnyProblem, Result<DepthRange, String>)>,
}

impl Default for Experiments {
    fn default() -> Experiments {
        Experiments {
            open: false,
            max_depth: 16,
            per_depth: 20,
            seed: 1,
            job: None,
            result: None,
            offered: None,
        }
    }
}

impl Experiments {
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    fn params(&self) -> Params {
        Params {
            max_depth: self.max_depth,
            per_depth: self.per_depth,
            seed: self.seed,
        }
    }

    /// The depths the domain offers on the session's problem, or why it offers none. A new
    /// problem keeps the largest depth asked for if it fits there; a problem of another domain,
    /// or one where it does not fit, starts from the domain's default.
    pub fn depth_range(&mut self, session: &Session) -> Result<DepthRange, String> {
        let Ok(problem) = &session.problem else {
            return Err(experiment_text::e().experiment_no_problem.to_owned());
        };
        let asked = self.offered.as_ref().map(|(asked, _)| asked);
        if !asked.is_some_and(|asked| asked.same_problem(problem)) {
            let range = session.settings.section().experiment_depths(problem);
            if let Ok(range) = &range {
                let same_domain = asked.is_some_and(|asked| asked.kind() == problem.kind());
                let fits = (range.step..=range.max).contains(&self.max_depth);
                if !(same_domain && fits) {
                    self.max_depth = range.default_max;
                }
            }
            self.offered = Some((problem.clone(), range));
        }
        self.offered
            .as_ref()
            .map(|(_, range)| range.clone())
            .expect("asked above")
    }

    /// Starts a run of the compare lanes on `problem` on a worker thread, or refuses at once
    /// (a lane that cannot search the problem).
    pub fn start(&mut self, settings: &Settings, problem: &AnyProblem, range: &DepthRange) {
        let lanes = settings.active_lanes();
        for (i, lane) in lanes.iter().enumerate() {
            if let Err(error) = try_new_search(problem.clone(), *lane) {
                let lane = text::lane_short(i + 1, lane);
                let error = text::engine::config_error(&error);
                self.result = Some(Err(format!("{lane}: {error}")));
                return;
            }
        }
        let plan = ExperimentPlan {
            depths: range.depths_up_to(self.max_depth),
            per_depth: self.per_depth,
            seed: self.seed,
            threads: std::thread::available_parallelism().map_or(2, usize::from),
        };
        let params = self.params();
        let settings = settings.clone();
        let problem = problem.clone();
        // The worker writes its refusals in the window's language, which is per thread.
        let language = text::language();
        self.result = None;
        self.job = Some(Worker::spawn(move |progress| {
            text::set_language(language);
            let report = |done: usize, total: usize| progress.report(done, total);
            let table = settings.section().run_experiment(
                &problem,
                &lanes,
                &plan,
                &report,
                progress.cancel_flag(),
            )?;
            Ok(Finished {
                table,
                problem,
                params,
            })
        }));
    }

    pub fn cancel(&self) {
        if let Some(job) = &self.job {
            job.cancel();
        }
    }

    /// Takes the result if the job has finished. Called once per frame.
    pub fn poll(&mut self) {
        if let Some(result) = self.job.as_mut().and_then(Worker::poll) {
            self.job = None;
            self.result = Some(result);
        }
    }

    /// The window, if open.
    pub fn window(&mut self, ctx: &egui::Context, session: &Session) {
        self.poll();
        if self.is_running() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        let mut open = self.open;
        egui::Window::new(text::t().experiments)
            .id(egui::Id::unique("searchlab experiments"))
            .open(&mut open)
            .default_size([1000.0, 640.0])
            .show(ctx, |ui| self.ui(ui, session));
        self.open = open;
    }

    fn ui(&mut self, ui: &mut Ui, session: &Session) {
        let t = experiment_text::e();
        let configs = session.settings.active_lanes();
        ui.horizontal_wrapped(|ui| {
            word(ui, RichText::new(t.experiment_configs).strong());
            let styles = lane_styles(&configs);
            for (i, (config, (color, _))) in configs.iter().zip(styles).enumerate() {
                word(
                    ui,
                    RichText::new(text::lane_short(i + 1, config))
                        .strong()
                        .color(color),
                );
            }
        });
        let range = self.depth_range(session);
        ui.horizontal_wrapped(|ui| {
            ui.add_enabled_ui(!self.is_running() && range.is_ok(), |ui| {
                let (step, max) = range.as_ref().map_or((2, 30), |r| (r.step.max(1), r.max));
                let label = word(ui, experiment_text::max_depth_label(step));
                ui.add(egui::DragValue::new(&mut self.max_depth).range(step..=max.max(step)))
                    .labelled_by(label.id)
                    .on_hover_text(t.experiment_depths_hint);
                let label = word(ui, t.experiment_starts);
                ui.add(egui::DragValue::new(&mut self.per_depth).range(1..=1000))
                    .labelled_by(label.id);
                let label = word(ui, t.experiment_seed);
                ui.add(egui::DragValue::new(&mut self.seed))
                    .labelled_by(label.id);
            });
            if let Some(job) = &self.job {
                let (done, total) = job.counts();
                ui.add(
                    egui::ProgressBar::new(job.fraction())
                        .desired_width(200.0)
                        .text(experiment_text::experiment_progress(done, total)),
                );
                let cancel =
                    ui.add_enabled(!job.is_cancelling(), egui::Button::new(text::t().cancel));
                if cancel.clicked() {
                    self.cancel();
                }
            } else {
                let run = ui.add_enabled(range.is_ok(), egui::Button::new(t.experiment_run));
                let run = match &range {
                    Err(why) => run.on_disabled_hover_text(why),
                    Ok(_) => run,
                };
                if run.clicked()
                    && let (Ok(range), Ok(problem)) = (&range, &session.problem)
                {
                    self.start(&session.settings, problem, range);
                }
            }
        });
        ui.label(
            RichText::new(experiment_text::experiment_convention())
                .small()
                .color(ui.visuals().weak_text_color()),
        );
        if let Err(why) = &range {
            ui.label(RichText::new(why).color(ui.visuals().warn_fg_color));
        }
        match &self.result {
            None => {}
            Some(Err(message)) => {
                ui.label(RichText::new(message).color(ui.visuals().error_fg_color));
            }
            Some(Ok(finished)) => {
                let problem = session.problem.as_ref().ok();
                if finished.is_stale(&configs, problem, self.params()) {
                    ui.label(
                        RichText::new(t.experiment_stale)
                            .strong()
                            .color(ui.visuals().warn_fg_color),
                    );
                }
                ui.horizontal(|ui| {
                    if ui.button(text::t().copy_markdown).clicked() {
                        ui.ctx().copy_text(markdown(finished));
                    }
                    if ui.button(t.copy_csv).clicked() {
                        ui.ctx().copy_text(
                            finished
                                .table
                                .csv_with(experiment_text::csv_solved_column()),
                        );
                    }
                });
                results_table(ui, &finished.table);
                ui.separator();
                results_plot(ui, &finished.table);
            }
        }
    }
}

/// The table in Markdown under a paragraph that says how it was drawn and counted.
pub fn markdown(finished: &Finished) -> String {
    let intro = experiment_text::markdown_intro(finished.params.per_depth, finished.params.seed);
    finished
        .table
        .markdown_in(&intro, experiment_text::markdown_columns())
}

fn results_table(ui: &mut Ui, table: &ExperimentTable<AnyHeuristic>) {
    egui::ScrollArea::both()
        .id_salt("experiment_table")
        .max_height(250.0)
        .show(ui, |ui| {
            egui::Grid::new("experiment_grid")
                .striped(true)
                .spacing([12.0, 3.0])
                .show(ui, |ui| {
                    ui.strong("d");
                    let shown = &table.configs;
                    let styles = lane_styles(shown);
                    for (i, (config, (color, _))) in shown.iter().zip(styles).enumerate() {
                        let name = text::lane_short(i + 1, config);
                        for column in [
                            text::t().col_generated,
                            text::t().col_expanded,
                            text::t().col_bstar,
                        ] {
                            ui.label(
                                RichText::new(format!("{name}: {column}"))
                                    .strong()
                                    .color(color),
                            );
                        }
                    }
                    ui.end_row();
                    for (d, row) in table.depths.iter().zip(&table.entries) {
                        ui.strong(d.to_string());
                        for cell in row {
                            ui.label(format!("{:.0}", cell.mean_generated));
                            ui.label(format!("{:.0}", cell.mean_expanded));
                            ui.label(
                                cell.mean_branching
                                    .map_or(text::t().dash.to_owned(), |b| format!("{b:.2}")),
                            );
                        }
                        ui.end_row();
                    }
                });
        });
}

/// log10 of the mean generated against depth, one line per configuration.
pub fn plot_points(table: &ExperimentTable<AnyHeuristic>, config: usize) -> Vec<[f64; 2]> {
    table
        .depths
        .iter()
        .zip(&table.entries)
        .filter(|(_, row)| row[config].solved > 0)
        .map(|(&d, row)| [f64::from(d), row[config].mean_generated.max(1.0).log10()])
        .collect()
}

fn results_plot(ui: &mut Ui, table: &ExperimentTable<AnyHeuristic>) {
    ui.label(
        RichText::new(experiment_text::e().experiment_plot)
            .strong()
            .color(ui.visuals().strong_text_color()),
    );
    Plot::new("experiment_plot")
        .height(ui.available_height().max(160.0))
        .legend(Legend::default().position(egui_plot::Corner::LeftTop))
        .allow_scroll(false)
        .include_y(0.0)
        .include_x(0.0)
        .custom_x_axes(vec![
            AxisHints::new_x().label(experiment_text::e().axis_depth),
        ])
        .custom_y_axes(vec![
            AxisHints::new_y()
                .min_thickness(44.0)
                .formatter(|mark, _| super::plot_axes::power_of_ten_label(mark.value)),
        ])
        .show(ui, |plot| {
            let shown = &table.configs;
            let styles = lane_styles(shown);
            for (i, (config, (color, variant))) in shown.iter().zip(styles).enumerate() {
                let name = text::lane_short(i + 1, config);
                let points = plot_points(table, i);
                plot.line(
                    Line::new(name.clone(), PlotPoints::from(points.clone()))
                        .color(color)
                        .style(super::plot_axes::line_style(variant))
                        .width(2.0),
                );
                plot.points(Points::new(name, points).color(color).radius(3.5));
            }
        });
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::app::model::domain::DomainKind;
    use crate::search::Algorithm;

    /// Waits for the window's job, polling as the frames do.
    fn wait(experiments: &mut Experiments) {
        let started = std::time::Instant::now();
        while experiments.is_running() {
            experiments.poll();
            assert!(started.elapsed().as_secs() < 120, "took too long");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// The experiment of a session's problem through the model, as the window runs it.
    fn run_through_the_model(
        session: &Session,
        depths: Vec<u32>,
        per_depth: usize,
    ) -> ExperimentTable<AnyHeuristic> {
        let plan = ExperimentPlan {
            depths,
            per_depth,
            seed: 3,
            threads: 2,
        };
        session
            .settings
            .section()
            .run_experiment(
                session.problem.as_ref().unwrap(),
                &session.settings.active_lanes(),
                &plan,
                &|_, _| {},
                &AtomicBool::new(false),
            )
            .unwrap()
    }

    fn session_of(domain: DomainKind) -> Session {
        Session::new(Settings {
            domain,
            compare: true,
            ..Settings::default()
        })
    }

    #[test]
    fn the_window_runs_an_experiment_without_blocking_frames() {
        use egui_kittest::kittest::Queryable;

        let mut h = crate::app::test_harness(Settings {
            compare: true,
            ..Settings::default()
        });
        h.run();
        h.get_by_label(text::t().experiments).click();
        h.run();
        assert!(h.state().experiments.open);
        h.state_mut().experiments.max_depth = 4;
        h.state_mut().experiments.per_depth = 2;
        h.get_by_label(experiment_text::e().experiment_run).click();
        h.step();
        assert!(h.state().experiments.is_running());
        let started = std::time::Instant::now();
        while h.state().experiments.is_running() {
            // Each frame returns at once while the worker runs.
            let frame = std::time::Instant::now();
            h.step();
            assert!(frame.elapsed().as_millis() < 2_000);
            assert!(started.elapsed().as_secs() < 60);
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        h.run();
        assert!(matches!(h.state().experiments.result, Some(Ok(_))));
        h.get_by_label(experiment_text::e().copy_csv);
        h.get_by_label(experiment_text::e().experiment_plot);
        assert!(
            h.query_by_label(experiment_text::e().experiment_stale)
                .is_none()
        );
        // The lanes change: the table still shows the earlier run, and says so.
        h.state_mut().apply(crate::app::Command::RemoveLane(3));
        h.run();
        h.get_by_label(experiment_text::e().experiment_stale);
    }

    #[test]
    fn the_window_runs_an_experiment_on_a_map() {
        use egui_kittest::kittest::Queryable;

        let mut h = crate::app::test_harness(Settings {
            domain: DomainKind::Grid,
            compare: true,
            ..Settings::default()
        });
        h.run();
        h.get_by_label(text::t().experiments).click();
        h.run();
        // The map's depths are offered, not the puzzle's, and the fields say starts.
        let range = h
            .state_mut()
            .experiments
            .offered
            .clone()
            .unwrap()
            .1
            .unwrap();
        assert_eq!(h.state().experiments.max_depth, range.max);
        assert!(
            range.max > 20,
            "the preset's farthest cell is far: {range:?}"
        );
        h.get_by_label(experiment_text::e().experiment_starts);
        assert!(h.query_by_label(text::t().needs_3x3).is_none());
        h.state_mut().experiments.per_depth = 3;
        h.get_by_label(experiment_text::e().experiment_run).click();
        h.step();
        assert!(h.state().experiments.is_running());
        let started = std::time::Instant::now();
        while h.state().experiments.is_running() {
            h.step();
            assert!(started.elapsed().as_secs() < 120);
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        h.run();
        let Some(Ok(finished)) = &h.state().experiments.result else {
            panic!(
                "no table: {:?}",
                h.state()
                    .experiments
                    .result
                    .as_ref()
                    .and_then(|r| r.as_ref().err())
            );
        };
        assert_eq!(finished.table.depths, range.depths_up_to(range.max));
        assert_eq!(
            finished.table.configs,
            h.state().session.settings.active_lanes()
        );
        for row in &finished.table.entries {
            assert!(row.iter().all(|entry| entry.solved == 3));
        }
        h.get_by_label(experiment_text::e().experiment_plot);
        assert!(
            h.query_by_label(experiment_text::e().experiment_stale)
                .is_none()
        );
    }

    #[test]
    fn the_grid_preset_gives_every_start_at_its_depth() {
        let session = session_of(DomainKind::Grid);
        let problem = session.problem.as_ref().unwrap();
        let range = session
            .settings
            .section()
            .experiment_depths(problem)
            .unwrap();
        let depths = range.depths_up_to(range.max);
        assert_eq!(depths.last(), Some(&(range.max - range.max % range.step)));
        let table = run_through_the_model(&session, depths.clone(), 4);
        assert_eq!(table.depths, depths);
        assert_eq!(table.configs, session.settings.active_lanes());
        for (&d, row) in table.depths.iter().zip(&table.entries) {
            assert!(
                row.iter().all(|e| (e.solved, e.unsolved) == (4, 0)),
                "depth {d}"
            );
            // A* with octile finds a cheapest path, and on open 8-connected ground every
            // cheapest path takes the same number of steps: the depth.
            let astar = table
                .configs
                .iter()
                .position(|c| c.algorithm == Algorithm::AStar)
                .unwrap();
            assert_eq!(row[astar].mean_length, f64::from(d), "depth {d}");
            assert_eq!(row[astar].optimal, 1.0);
        }
        // A depth beyond the farthest cell is refused, and says how far the farthest is.
        let plan = ExperimentPlan {
            depths: vec![range.max + 1],
            per_depth: 1,
            seed: 1,
            threads: 1,
        };
        let refusal = session
            .settings
            .section()
            .run_experiment(
                problem,
                &session.settings.active_lanes(),
                &plan,
                &|_, _| {},
                &AtomicBool::new(false),
            )
            .err()
            .unwrap();
        assert!(refusal.contains(&range.max.to_string()), "{refusal}");
    }

    #[test]
    fn romania_gives_every_start_at_its_depth() {
        let session = session_of(DomainKind::Graph);
        let problem = session.problem.as_ref().unwrap();
        let range = session
            .settings
            .section()
            .experiment_depths(problem)
            .unwrap();
        assert_eq!(range.step, 1);
        let table = run_through_the_model(&session, range.depths_up_to(range.max), 5);
        assert_eq!(table.depths, (1..=range.max).collect::<Vec<_>>());
        for (&d, row) in table.depths.iter().zip(&table.entries) {
            assert!(
                row.iter().all(|e| (e.solved, e.unsolved) == (5, 0)),
                "depth {d}"
            );
            // BFS finds the fewest roads, never more than the cheapest path's.
            assert!(row[0].mean_length <= f64::from(d));
        }
    }

    #[test]
    fn the_puzzle_experiment_is_the_domain_s_own() {
        use crate::domains::puzzle::{ExperimentSpec, run_experiment};

        let session = session_of(DomainKind::Puzzle);
        let table = run_through_the_model(&session, vec![2, 4, 6, 8], 5);
        let spec = ExperimentSpec {
            goal: session.problem.as_ref().unwrap().puzzle().unwrap().goal(),
            depths: vec![2, 4, 6, 8],
            boards_per_depth: 5,
            seed: 3,
            configs: session.settings.puzzle.lanes.clone(),
            threads: 1,
        };
        let own = run_experiment(&spec, &|_, _| {}, &AtomicBool::new(false)).unwrap();
        assert_eq!(table.depths, own.depths);
        assert_eq!(table.entries, own.entries);
        assert_eq!(table.configs, session.settings.active_lanes());
        // A 4x4 goal has no distance table: the window says so before anything runs.
        let mut four = Settings::default();
        four.puzzle.board_text = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15".to_owned();
        four.puzzle.goal_text = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0".to_owned();
        let session = Session::new(four);
        let problem = session.problem.as_ref().unwrap();
        assert!(
            session
                .settings
                .section()
                .experiment_depths(problem)
                .is_err()
        );
    }

    #[test]
    fn the_single_view_opens_both_windows_too() {
        use egui_kittest::kittest::Queryable;

        let mut h = crate::app::test_harness(Settings::default());
        h.run();
        h.get_by_label(text::t().experiments).click();
        h.run();
        assert!(h.state().experiments.open);
        h.get_by_label(experiment_text::e().experiment_run);
        h.get_by_label(text::t().inspector).click();
        // The profiles are computed in the background, repainting until they arrive: step
        // frames rather than wait for the window to settle.
        h.run_steps(3);
        assert!(h.state().inspector.open);
    }

    #[test]
    fn a_run_finishes_in_the_background_and_a_cancel_stops_it() {
        let session = session_of(DomainKind::Puzzle);
        let problem = session.problem.as_ref().unwrap();
        let mut experiments = Experiments {
            max_depth: 6,
            per_depth: 3,
            ..Experiments::default()
        };
        let range = session
            .settings
            .section()
            .experiment_depths(problem)
            .unwrap();
        assert_eq!(range.depths_up_to(6), [2, 4, 6]);
        experiments.start(&session.settings, problem, &range);
        assert!(experiments.is_running());
        wait(&mut experiments);
        let Some(Ok(finished)) = &experiments.result else {
            panic!("no table");
        };
        assert_eq!(finished.table.depths, [2, 4, 6]);
        // A* with Manhattan never generates more than BFS on the same boards.
        for row in &finished.table.entries {
            assert!(row[2].mean_generated <= row[0].mean_generated);
            assert_eq!(row[2].optimal, 1.0);
        }
        let params = experiments.params();
        let lanes = session.settings.active_lanes();
        assert!(!finished.is_stale(&lanes, Some(problem), params));
        assert!(finished.is_stale(&lanes[..3], Some(problem), params));
        assert!(finished.is_stale(&lanes, None, params));
        let deeper = Params {
            max_depth: 8,
            ..params
        };
        assert!(finished.is_stale(&lanes, Some(problem), deeper));
        let points = plot_points(&finished.table, 0);
        assert_eq!(points.len(), 3);
        assert!(points[0][1] < points[2][1], "more nodes deeper");
        let markdown = markdown(finished);
        assert!(markdown.starts_with("3 starts per depth, seed 1."));
        assert!(markdown.contains("| 4 |"));

        // A large run, cancelled at once, ends with the cancelled message.
        experiments.max_depth = 20;
        experiments.per_depth = 1000;
        experiments.start(&session.settings, problem, &range);
        experiments.cancel();
        wait(&mut experiments);
        assert!(matches!(
            &experiments.result,
            Some(Err(message)) if message == experiment_text::e().experiment_cancelled
        ));
    }

    #[test]
    fn a_lane_that_cannot_search_the_problem_is_refused_before_the_run() {
        let mut settings = Settings {
            domain: DomainKind::Graph,
            ..Settings::default()
        };
        // Romania with a second goal: a bidirectional search needs a single goal state.
        let second = settings.graph.graph.find("Arad").unwrap();
        settings.graph.graph.toggle_goal(second).unwrap();
        settings.graph.lanes[0].algorithm = Algorithm::BidirectionalBfs;
        let session = Session::new(settings);
        let problem = session.problem.as_ref().unwrap();
        let range = session
            .settings
            .section()
            .experiment_depths(problem)
            .unwrap();
        let mut experiments = Experiments::default();
        experiments.start(&session.settings, problem, &range);
        assert!(!experiments.is_running());
        assert!(matches!(&experiments.result, Some(Err(why)) if why.starts_with("1")));
    }
}
