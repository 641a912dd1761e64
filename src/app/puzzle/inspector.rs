//! The puzzle's page of the heuristic inspector: over all 181,440 states of the 3x3 puzzle, how each
//! heuristic's h relates to the true distance h* (mean and range per h*, from
//! [`crate::domains::puzzle::profile`]), including a weighted heuristic to show what inadmissible looks
//! like; and every heuristic's value on the current start board next to its h*. The pattern
//! database of the board's size is profiled with the others: on 3x3 the 4-4 split (built here
//! if needed, well under a second); on 4x4 the 6-6-3 split once the heuristic picker has built
//! it. A 4x4 board has no distance table, so there the profile is over a sample whose h* is
//! exact: every board within [`NEAR_RADIUS`](crate::app::puzzle::puzzle_model::NEAR_RADIUS) moves of the goal, found by one breadth-first
//! search (the UI says so).
//!
//! The distance table and the profiles take a moment, so they are computed on a worker thread.

use super::puzzle_text;
use std::sync::Arc;

use egui::{Color32, RichText, Ui};
use egui_plot::{AxisHints, Legend, Line, LineStyle, Plot, PlotPoints, Polygon};

use super::board_view::{self, Decor};
use crate::app::domain_view::InspectorPage;
use crate::app::model::domain::{AnyHeuristic, AnyProblem};
use crate::app::model::lane::method_color;
use crate::app::model::session::Session;
use crate::app::model::text;
use crate::app::model::worker::Worker;
use crate::app::puzzle::puzzle_model::{distance_table, near_goal};
use crate::domains::puzzle::databases;
use crate::domains::puzzle::{
    Board, DistanceTable, Heuristic, HeuristicKind, NearGoal, Profile, profile,
};
use crate::search::Algorithm;

/// The heuristics profiled, with their weight: the three admissible ones and Manhattan
/// doubled, which overestimates. Each is drawn in the colour of the method that uses it as it
/// is here (A*, or weighted A* for the doubled one), the colour it has in the compare view.
pub const PROFILED: [(HeuristicKind, f64); 4] = [
    (HeuristicKind::Misplaced, 1.0),
    (HeuristicKind::Manhattan, 1.0),
    (HeuristicKind::LinearConflict, 1.0),
    (HeuristicKind::Manhattan, 2.0),
];

/// The colour of a profiled heuristic: its method's (A*, or weighted A* when doubled).
fn profile_color(kind: HeuristicKind, weight: f64) -> Color32 {
    let algorithm = if weight == 1.0 {
        Algorithm::AStar
    } else {
        Algorithm::WeightedAStar
    };
    method_color(algorithm, AnyHeuristic::Puzzle(kind)).into()
}

/// Where h* comes from: every 3x3 state, or the 4x4 boards near the goal.
pub enum Exact {
    Table(Arc<DistanceTable>),
    Near(Arc<NearGoal>),
}

impl Exact {
    pub fn distance(&self, board: &Board) -> Option<u8> {
        match self {
            Exact::Table(table) => table.distance(board),
            Exact::Near(near) => near.distance(board),
        }
    }

    fn max_distance(&self) -> u8 {
        match self {
            Exact::Table(table) => table.max_distance(),
            Exact::Near(near) => near.radius(),
        }
    }
}

/// Profiles of every heuristic in [`profiled`] for one goal.
pub struct Profiles {
    pub goal: Board,
    pub exact: Exact,
    /// The heuristics profiled, with their weight, in the order of `profiles`.
    pub kinds: Vec<(HeuristicKind, f64)>,
    pub profiles: Vec<Profile>,
}

/// The heuristics profiled for a goal: [`PROFILED`], and the pattern database of its size: on
/// 3x3 always (the job builds it in a moment), on 4x4 once the heuristic picker has built it.
fn profiled(goal: &Board) -> Vec<(HeuristicKind, f64)> {
    let mut kinds = PROFILED.to_vec();
    for kind in HeuristicKind::DATABASES {
        if kind.fits(goal.side()) && (goal.side() == 3 || databases::is_ready(goal, kind)) {
            kinds.push((kind, 1.0));
        }
    }
    kinds
}

/// Computes h* (every 3x3 state, or the 4x4 boards near the goal) and the profiles; `None` if
/// cancelled or neither 3x3 nor 4x4.
pub fn compute(goal: Board, progress: &crate::app::model::worker::Progress) -> Option<Profiles> {
    use std::sync::atomic::Ordering;
    let cancelled = || progress.cancel_flag().load(Ordering::Relaxed);
    let mut kinds = profiled(&goal);
    let total = kinds.len() + 1;
    progress.report(0, total);
    let exact = match goal.side() {
        3 => Exact::Table(distance_table(goal)?),
        4 => Exact::Near(near_goal(goal)?),
        _ => return None,
    };
    // The 3x3 split builds in a moment: make sure it is there (a failure leaves it out).
    if goal.side() == 3 {
        let cache = super::databases::cache_dir();
        let built =
            databases::load_or_build(goal, HeuristicKind::Pdb44, cache.as_deref(), &mut |_| {
                !cancelled()
            });
        if built.is_err() {
            kinds.retain(|&(kind, _)| kind != HeuristicKind::Pdb44);
        }
    }
    let mut profiles = Vec::new();
    for (i, &(kind, weight)) in kinds.iter().enumerate() {
        if cancelled() {
            return None;
        }
        progress.report(i + 1, total);
        let heuristic = Heuristic::new(kind, &goal);
        profiles.push(match &exact {
            Exact::Table(table) => profile(&heuristic, table, weight),
            Exact::Near(near) => near.profile(&heuristic, weight),
        });
    }
    progress.report(total, total);
    Some(Profiles {
        goal,
        exact,
        kinds,
        profiles,
    })
}

fn name(kind: HeuristicKind, weight: f64) -> String {
    if weight == 1.0 {
        text::engine::heuristic(kind).to_owned()
    } else {
        text::weighted(text::engine::heuristic(kind), weight)
    }
}

/// The puzzle's page: the profiles of the goal on screen, computed on a worker thread.
#[derive(Default)]
pub struct PuzzleInspector {
    job: Option<Worker<Option<Profiles>>>,
    pub result: Option<Profiles>,
}

impl InspectorPage for PuzzleInspector {
    fn ui(&mut self, ui: &mut Ui, session: &Session) {
        let goal = session
            .problem
            .as_ref()
            .ok()
            .and_then(AnyProblem::puzzle)
            .map(|p| p.goal());
        self.poll(goal);
        if self.job.is_some() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
        self.page(ui, session);
    }
}

impl PuzzleInspector {
    /// Takes the result if the job has finished, and starts one when the window shows a goal
    /// it has no profiles for. Called once per frame.
    fn poll(&mut self, goal: Option<Board>) {
        if let Some(result) = self.job.as_mut().and_then(Worker::poll) {
            self.job = None;
            self.result = result;
        }
        let Some(goal) = goal.filter(|g| (3..=4).contains(&g.side())) else {
            return;
        };
        // A 4x4 database built since is profiled too.
        let stale = self
            .result
            .as_ref()
            .is_none_or(|r| r.goal != goal || r.kinds != profiled(&goal));
        if stale && self.job.is_none() {
            self.job = Some(Worker::spawn(move |progress| compute(goal, &progress)));
        }
    }

    fn page(&mut self, ui: &mut Ui, session: &Session) {
        let Some(problem) = session.problem.as_ref().ok().and_then(AnyProblem::puzzle) else {
            return;
        };
        if !(3..=4).contains(&problem.side()) {
            ui.label(RichText::new(text::t().needs_3x3).color(ui.visuals().warn_fg_color));
            return;
        }
        let current = self.result.as_ref().filter(|r| r.goal == problem.goal());
        let Some(result) = current else {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(if problem.side() == 3 {
                    text::t().inspector_computing
                } else {
                    puzzle_text::p().inspector_computing_near
                });
            });
            if let Some(job) = &self.job {
                ui.add(egui::ProgressBar::new(job.fraction()).desired_width(300.0));
            }
            return;
        };
        // On the start board.
        let start = problem.start();
        ui.label(
            RichText::new(puzzle_text::inspector_on_start(
                &start.to_string(),
                &puzzle_text::h_star_is(result.exact.distance(&start)),
            ))
            .strong(),
        );
        if let Exact::Near(near) = &result.exact {
            // Say what the profile is over: not the whole 4x4 space.
            ui.label(
                RichText::new(puzzle_text::inspector_near_sample(
                    near.len(),
                    near.radius(),
                ))
                .color(ui.visuals().warn_fg_color),
            );
        }
        // Each heuristic's reasons tile by tile, on the start board (the weighted one is the
        // same board as Manhattan, so it is left out).
        let goal = problem.goal();
        ui.horizontal_wrapped(|ui| {
            for &(kind, weight) in &result.kinds {
                let color = profile_color(kind, weight);
                let heuristic = Heuristic::new(kind, &goal);
                let h = f64::from(heuristic.h(&start)) * weight;
                ui.vertical(|ui| {
                    ui.label(
                        RichText::new(format!("{} = {}", name(kind, weight), text::number(h)))
                            .color(color)
                            .strong(),
                    );
                    if weight == 1.0 {
                        let explanation = heuristic.explain(&start);
                        let cell = if start.side() == 3 { 40.0 } else { 30.0 };
                        board_view::board(
                            ui,
                            &start,
                            cell,
                            &Decor {
                                goal: Some(&goal),
                                explanation: Some(&explanation),
                                label: Some(name(kind, weight)),
                                ..Decor::default()
                            },
                        );
                        board_view::groups_line(ui, &explanation);
                    }
                });
            }
        });
        ui.separator();
        egui::Grid::new("inspector_summary")
            .striped(true)
            .spacing([14.0, 3.0])
            .show(ui, |ui| {
                for title in [
                    puzzle_text::p().col_heuristic,
                    puzzle_text::p().col_admissible,
                    puzzle_text::p().col_over,
                    puzzle_text::p().col_worst,
                ] {
                    ui.strong(title);
                }
                ui.end_row();
                for (&(kind, weight), p) in result.kinds.iter().zip(&result.profiles) {
                    let color = profile_color(kind, weight);
                    ui.label(RichText::new(name(kind, weight)).strong().color(color));
                    ui.label(if p.admissible() {
                        text::t().yes
                    } else {
                        text::t().no
                    });
                    ui.label(p.over.to_string());
                    ui.label(if p.admissible() {
                        text::t().dash.to_owned()
                    } else {
                        text::number(p.worst_excess)
                    });
                    ui.end_row();
                }
            });
        ui.separator();
        ui.label(
            RichText::new(puzzle_text::p().inspector_plot)
                .strong()
                .color(ui.visuals().strong_text_color()),
        );
        let max = result.exact.max_distance();
        Plot::new("inspector_plot")
            .height(ui.available_height().max(200.0))
            .legend(Legend::default().position(egui_plot::Corner::LeftTop))
            .allow_scroll(false)
            .include_x(0.0)
            .include_y(0.0)
            .custom_x_axes(vec![AxisHints::new_x().label(puzzle_text::p().axis_h_star)])
            .show(ui, |plot| {
                plot.line(
                    Line::new(
                        puzzle_text::p().inspector_diagonal,
                        PlotPoints::from(vec![[0.0, 0.0], [f64::from(max), f64::from(max)]]),
                    )
                    .color(Color32::GRAY)
                    .style(LineStyle::dashed_loose()),
                );
                for (&(kind, weight), p) in result.kinds.iter().zip(&result.profiles) {
                    let color = profile_color(kind, weight);
                    let label = name(kind, weight);
                    let (band, mean) = band_and_mean(p);
                    // egui_plot fills convex polygons only: the band goes in as one
                    // trapezoid per pair of neighbouring h* (vertical sides, so convex).
                    // Unnamed, so the legend lists each heuristic once, with its line.
                    let n = mean.len();
                    for i in 1..n {
                        let quad = vec![band[i - 1], band[i], band[2 * n - 1 - i], band[2 * n - i]];
                        plot.polygon(
                            Polygon::new("", PlotPoints::from(quad))
                                .fill_color(color.gamma_multiply(0.16))
                                .stroke(egui::Stroke::NONE),
                        );
                    }
                    plot.line(
                        Line::new(label, PlotPoints::from(mean))
                            .color(color)
                            .width(2.0),
                    );
                }
            });
    }
}

/// The range band (min along h* going up, max coming back) and the mean line of a profile.
pub fn band_and_mean(p: &Profile) -> (Vec<[f64; 2]>, Vec<[f64; 2]>) {
    let levels: Vec<(f64, &crate::domains::puzzle::Spread)> = p
        .by_distance
        .iter()
        .enumerate()
        .filter(|(_, s)| s.states > 0)
        .map(|(d, s)| (d as f64, s))
        .collect();
    let mut band: Vec<[f64; 2]> = levels.iter().map(|(d, s)| [*d, s.min]).collect();
    band.extend(levels.iter().rev().map(|(d, s)| [*d, s.max]));
    let mean = levels.iter().map(|(d, s)| [*d, s.mean]).collect();
    (band, mean)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_computes_in_the_background_and_shows_the_start_board() {
        use egui_kittest::kittest::Queryable;

        let mut h = crate::app::test_harness(crate::app::Settings {
            compare: true,
            ..crate::app::Settings::default()
        });
        h.run();
        h.get_by_label(text::t().inspector).click();
        h.step();
        h.step();
        let started = std::time::Instant::now();
        while h.query_by_label_contains("(h* = 4)").is_none() {
            h.step();
            assert!(started.elapsed().as_secs() < 120);
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        h.run();
        // 283104765 is 4 moves from the goal, and Manhattan is exact there (1 + 2 + 1);
        // doubled it overestimates.
        h.get_by_label_contains("(h* = 4)");
        h.get_by_label("Manhattan distance = 4");
        h.get_by_label("2 x Manhattan distance = 8");
        h.get_by_label(puzzle_text::p().inspector_plot);
    }

    #[test]
    fn profiles_show_admissible_dominant_and_weighted_heuristics() {
        let goal: Board = "123804765".parse().unwrap();
        let worker = Worker::spawn(move |progress| compute(goal, &progress));
        let mut worker = worker;
        let profiles = loop {
            if let Some(result) = worker.poll() {
                break result.expect("3x3 goal");
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        };
        let [misplaced, manhattan, conflict, doubled, pdb] = &profiles.profiles[..] else {
            panic!("five profiles");
        };
        assert_eq!(profiles.kinds[4], (HeuristicKind::Pdb44, 1.0));
        assert!(misplaced.admissible() && manhattan.admissible() && conflict.admissible());
        // The 4-4 database: admissible over every 3x3 state, and at every h* at least as
        // high on average as Manhattan distance.
        assert!(pdb.admissible());
        for (a, b) in pdb.by_distance.iter().zip(&manhattan.by_distance) {
            assert!(a.mean >= b.mean);
        }
        assert!(!doubled.admissible());
        assert!(doubled.worst_excess > 0.0);
        // Dominance: at every h*, Manhattan's mean is at least misplaced's.
        for (a, b) in manhattan.by_distance.iter().zip(&misplaced.by_distance) {
            assert!(a.mean >= b.mean);
        }
        let (band, mean) = band_and_mean(manhattan);
        assert_eq!(band.len(), 2 * mean.len());
        // Goal: h* = 0 and h = 0.
        assert_eq!(mean[0], [0.0, 0.0]);
        // The band never rises above the diagonal for an admissible heuristic.
        assert!(band.iter().all(|[d, h]| h <= d));
        assert_eq!(
            profiles.exact.distance(&"283104765".parse().unwrap()),
            Some(4)
        );
    }
}
