//! The Experiments window: for depths 2, 4, ... up to a maximum, draws seeded random 3x3 boards
//! at that exact distance, runs every compare lane's configuration on them
//! ([`run_experiment`], on a worker thread using both cores) and shows the means as a table
//! and a log-scale plot of nodes generated against depth, one line per lane.

use egui::{RichText, Ui};
use egui_plot::{AxisHints, Legend, Line, Plot, PlotPoints, Points};

use super::model::domain::{AnyProblem, from_puzzle};
use super::model::session::{Config, Session, lane_styles};
use super::model::text;
use super::model::worker::Worker;
use super::widgets::word;
use crate::domains::puzzle::{
    ExperimentError, ExperimentSpec, ExperimentTable, SearchConfig, run_experiment,
};

/// The finished table with the settings it was run with (for the copied header).
pub struct Finished {
    pub table: ExperimentTable,
    pub boards: usize,
    pub seed: u64,
    pub goal: crate::domains::puzzle::Board,
    pub max_depth: u8,
}

impl Finished {
    /// Whether the table no longer answers what the window now asks: the lanes, the goal or
    /// the parameters changed since it was run.
    pub fn is_stale(
        &self,
        configs: &[SearchConfig],
        goal: Option<crate::domains::puzzle::Board>,
        params: (u8, usize, u64),
    ) -> bool {
        self.table.configs != configs
            || goal != Some(self.goal)
            || params != (self.max_depth, self.boards, self.seed)
    }
}

/// The window's state: the parameters, a running job and the last result.
pub struct Experiments {
    pub open: bool,
    pub max_depth: u8,
    pub boards: usize,
    pub seed: u64,
    job: Option<Worker<Result<Finished, ExperimentError>>>,
    pub result: Option<Result<Finished, String>>,
}

impl Default for Experiments {
    fn default() -> Experiments {
        Experiments {
            open: false,
            max_depth: 16,
            boards: 20,
            seed: 1,
            job: None,
            result: None,
        }
    }
}

/// The depths an experiment samples: 2, 4, ... up to `max`.
pub fn depths(max: u8) -> Vec<u8> {
    (1..).map(|i| 2 * i).take_while(|&d| d <= max).collect()
}

impl Experiments {
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// Starts a run of these configurations from `goal` on a worker thread.
    pub fn start(&mut self, goal: crate::domains::puzzle::Board, configs: Vec<SearchConfig>) {
        let spec = ExperimentSpec {
            goal,
            depths: depths(self.max_depth),
            boards_per_depth: self.boards,
            seed: self.seed,
            configs,
            threads: std::thread::available_parallelism().map_or(2, usize::from),
        };
        let (boards, seed, max_depth) = (self.boards, self.seed, self.max_depth);
        self.result = None;
        self.job = Some(Worker::spawn(move |progress| {
            let report = |done: usize, total: usize| progress.report(done, total);
            run_experiment(&spec, &report, progress.cancel_flag()).map(|table| Finished {
                table,
                boards,
                seed,
                goal,
                max_depth,
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
            self.result = Some(result.map_err(|e| match e {
                ExperimentError::Cancelled => text::t().experiment_cancelled.to_owned(),
                other => text::engine::experiment_error(&other),
            }));
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
        let configs = session.settings.puzzle.lanes.clone();
        ui.horizontal_wrapped(|ui| {
            word(ui, RichText::new(text::t().experiment_configs).strong());
            let shown = window_configs(&configs);
            let styles = lane_styles(&shown);
            for (i, (config, (color, _))) in shown.iter().zip(styles).enumerate() {
                word(
                    ui,
                    RichText::new(text::lane_short(i + 1, config))
                        .strong()
                        .color(color),
                );
            }
        });
        let goal = session
            .problem
            .as_ref()
            .ok()
            .and_then(AnyProblem::puzzle)
            .map(|p| p.goal())
            .filter(|g| g.side() == 3);
        ui.horizontal_wrapped(|ui| {
            ui.add_enabled_ui(!self.is_running(), |ui| {
                let label = word(ui, text::t().experiment_max_depth);
                ui.add(egui::DragValue::new(&mut self.max_depth).range(2..=30))
                    .labelled_by(label.id)
                    .on_hover_text(text::t().experiment_depths_hint);
                let label = word(ui, text::t().experiment_boards);
                ui.add(egui::DragValue::new(&mut self.boards).range(1..=1000))
                    .labelled_by(label.id);
                let label = word(ui, text::t().experiment_seed);
                ui.add(egui::DragValue::new(&mut self.seed))
                    .labelled_by(label.id);
            });
            if let Some(job) = &self.job {
                let (done, total) = job.counts();
                ui.add(
                    egui::ProgressBar::new(job.fraction())
                        .desired_width(200.0)
                        .text(text::experiment_progress(done, total)),
                );
                let cancel =
                    ui.add_enabled(!job.is_cancelling(), egui::Button::new(text::t().cancel));
                if cancel.clicked() {
                    self.cancel();
                }
            } else {
                let run =
                    ui.add_enabled(goal.is_some(), egui::Button::new(text::t().experiment_run));
                let run = if goal.is_none() {
                    run.on_disabled_hover_text(text::t().needs_3x3)
                } else {
                    run
                };
                if run.clicked()
                    && let Some(goal) = goal
                {
                    self.start(goal, configs.clone());
                }
            }
        });
        ui.label(
            RichText::new(text::experiment_convention(text::engine::convention()))
                .small()
                .color(ui.visuals().weak_text_color()),
        );
        if goal.is_none() {
            ui.label(RichText::new(text::t().needs_3x3).color(ui.visuals().warn_fg_color));
        }
        match &self.result {
            None => {}
            Some(Err(message)) => {
                ui.label(RichText::new(message).color(ui.visuals().error_fg_color));
            }
            Some(Ok(finished)) => {
                if finished.is_stale(&configs, goal, (self.max_depth, self.boards, self.seed)) {
                    ui.label(
                        RichText::new(text::t().experiment_stale)
                            .strong()
                            .color(ui.visuals().warn_fg_color),
                    );
                }
                ui.horizontal(|ui| {
                    if ui.button(text::t().copy_markdown).clicked() {
                        ui.ctx()
                            .copy_text(finished.table.markdown(finished.boards, finished.seed));
                    }
                    if ui.button(text::t().copy_csv).clicked() {
                        ui.ctx().copy_text(finished.table.csv());
                    }
                });
                results_table(ui, &finished.table);
                ui.separator();
                results_plot(ui, &finished.table);
            }
        }
    }
}

fn results_table(ui: &mut Ui, table: &ExperimentTable) {
    egui::ScrollArea::both()
        .id_salt("experiment_table")
        .max_height(250.0)
        .show(ui, |ui| {
            egui::Grid::new("experiment_grid")
                .striped(true)
                .spacing([12.0, 3.0])
                .show(ui, |ui| {
                    ui.strong("d");
                    let shown = window_configs(&table.configs);
                    let styles = lane_styles(&shown);
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
pub fn plot_points(table: &ExperimentTable, config: usize) -> Vec<[f64; 2]> {
    table
        .depths
        .iter()
        .zip(&table.entries)
        .filter(|(_, row)| row[config].solved > 0)
        .map(|(&d, row)| [f64::from(d), row[config].mean_generated.max(1.0).log10()])
        .collect()
}

fn results_plot(ui: &mut Ui, table: &ExperimentTable) {
    ui.label(
        RichText::new(text::t().experiment_plot)
            .strong()
            .color(ui.visuals().strong_text_color()),
    );
    Plot::new("experiment_plot")
        .height(ui.available_height().max(160.0))
        .legend(Legend::default().position(egui_plot::Corner::LeftTop))
        .allow_scroll(false)
        .include_y(0.0)
        .include_x(0.0)
        .custom_x_axes(vec![AxisHints::new_x().label(text::t().axis_depth)])
        .custom_y_axes(vec![
            AxisHints::new_y()
                .min_thickness(44.0)
                .formatter(|mark, _| super::plot_axes::power_of_ten_label(mark.value)),
        ])
        .show(ui, |plot| {
            let shown = window_configs(&table.configs);
            let styles = lane_styles(&shown);
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

/// The puzzle configs an experiment runs, as the window names and colours its configs.
fn window_configs(configs: &[crate::domains::puzzle::SearchConfig]) -> Vec<Config> {
    configs.iter().map(|c| from_puzzle(*c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Settings;

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
        h.state_mut().experiments.boards = 2;
        h.get_by_label(text::t().experiment_run).click();
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
        h.get_by_label(text::t().copy_csv);
        h.get_by_label(text::t().experiment_plot);
        assert!(h.query_by_label(text::t().experiment_stale).is_none());
        // The lanes change: the table still shows the earlier run, and says so.
        h.state_mut().apply(crate::app::Command::RemoveLane(3));
        h.run();
        h.get_by_label(text::t().experiment_stale);
    }

    #[test]
    fn the_single_view_opens_both_windows_too() {
        use egui_kittest::kittest::Queryable;

        let mut h = crate::app::test_harness(Settings::default());
        h.run();
        h.get_by_label(text::t().experiments).click();
        h.run();
        assert!(h.state().experiments.open);
        h.get_by_label(text::t().experiment_run);
        h.get_by_label(text::t().inspector).click();
        // The profiles are computed in the background, repainting until they arrive: step
        // frames rather than wait for the window to settle.
        h.run_steps(3);
        assert!(h.state().inspector.open);
    }

    #[test]
    fn depths_are_even_up_to_the_maximum() {
        assert_eq!(depths(8), [2, 4, 6, 8]);
        assert_eq!(depths(9), [2, 4, 6, 8]);
        assert!(depths(1).is_empty());
    }

    #[test]
    fn a_run_finishes_in_the_background_and_a_cancel_stops_it() {
        let session = Session::new(Settings {
            compare: true,
            ..Settings::default()
        });
        let goal = session.problem.as_ref().unwrap().puzzle().unwrap().goal();
        let mut experiments = Experiments {
            max_depth: 6,
            boards: 3,
            ..Experiments::default()
        };
        experiments.start(goal, session.settings.puzzle.lanes.clone());
        assert!(experiments.is_running());
        let started = std::time::Instant::now();
        while experiments.is_running() {
            experiments.poll();
            assert!(started.elapsed().as_secs() < 60, "took too long");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let Some(Ok(finished)) = &experiments.result else {
            panic!("no table");
        };
        assert_eq!(finished.table.depths, [2, 4, 6]);
        // A* with Manhattan never generates more than BFS on the same boards.
        for row in &finished.table.entries {
            assert!(row[2].mean_generated <= row[0].mean_generated);
            assert_eq!(row[2].optimal, 1.0);
        }
        let params = (6, 3, experiments.seed);
        let lanes = &session.settings.puzzle.lanes;
        assert!(!finished.is_stale(lanes, Some(goal), params));
        assert!(finished.is_stale(&lanes[..3], Some(goal), params));
        assert!(finished.is_stale(lanes, None, params));
        assert!(finished.is_stale(lanes, Some(goal), (8, 3, experiments.seed)));
        let points = plot_points(&finished.table, 0);
        assert_eq!(points.len(), 3);
        assert!(points[0][1] < points[2][1], "more nodes deeper");

        // A large run, cancelled at once, ends with the cancelled message.
        experiments.max_depth = 20;
        experiments.boards = 1000;
        experiments.start(goal, session.settings.puzzle.lanes.clone());
        experiments.cancel();
        while experiments.is_running() {
            experiments.poll();
            assert!(started.elapsed().as_secs() < 60, "cancel did not stop it");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(matches!(
            &experiments.result,
            Some(Err(message)) if message == text::t().experiment_cancelled
        ));
    }
}
