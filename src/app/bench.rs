//! The frame-time benchmark: drives the real window code headlessly (an `egui::Context` with a
//! fixed-size input, no GPU) and measures the CPU cost of a frame, layout and tessellation
//! included, in the two heaviest states the issue names.

use std::time::Instant;

use super::grid::grid_model::GridSettings;
use super::model::domain::DomainKind;
use super::model::session::Settings;
use super::puzzle::puzzle_model::PuzzleSettings;
use super::{App, install_style};
use crate::domains::grid::{Cell, Connectivity, GridHeuristic, presets};
use crate::domains::puzzle::{Board, DistanceTable, HeuristicKind, Rng, SearchConfig, scramble};
use crate::search::Algorithm;

/// Frames measured per state, after the warm-up frames.
const FRAMES: usize = 60;
const WARM_UP: usize = 5;
const SCREEN: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// Frame times of one state, in milliseconds.
struct Timing {
    name: String,
    median: f64,
    max: f64,
}

fn measure(name: String, app: &mut App) -> Timing {
    let ctx = egui::Context::default();
    install_style(&ctx);
    let mut times = Vec::with_capacity(FRAMES);
    for frame in 0..WARM_UP + FRAMES {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, SCREEN)),
            time: Some(frame as f64 / 60.0),
            predicted_dt: 1.0 / 60.0,
            ..Default::default()
        };
        let started = Instant::now();
        let mut output = ctx.run_ui(input, |ui| app.ui(ui));
        let shapes = std::mem::take(&mut output.shapes);
        let primitives = ctx.tessellate(shapes, output.pixels_per_point);
        let elapsed = started.elapsed().as_secs_f64() * 1000.0;
        std::hint::black_box(primitives);
        // No GPU to upload the font atlas to.
        output.drop_without_applying_deltas();
        if frame >= WARM_UP {
            times.push(elapsed);
        }
    }
    times.sort_by(f64::total_cmp);
    Timing {
        name,
        median: times[times.len() / 2],
        max: *times.last().expect("frames were measured"),
    }
}

fn app_for(board: Board, goal: Board, config: SearchConfig) -> App {
    App::new(Settings {
        puzzle: PuzzleSettings {
            board_text: board.to_string(),
            goal_text: goal.to_string(),
            config,
            ..PuzzleSettings::default()
        },
        ..Settings::default()
    })
}

/// A finished breadth-first search over the whole 3x3 space, closed list scrolled to the middle.
fn full_bfs() -> Timing {
    let goal: Board = "123804765".parse().expect("valid goal");
    let table = DistanceTable::new(&goal).expect("3x3 has a table");
    let start = table
        .random_at(table.max_distance(), &mut Rng::new(7))
        .expect("the farthest distance has boards");
    let config = SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Manhattan);
    let mut app = app_for(start, goal, config);
    while app.session.lanes[0].step() {}
    let closed = app.session.lane(0).closed_len();
    app.scroll_closed_to(closed / 2);
    measure(
        format!(
            "finished 3x3 BFS from {start}: {closed} closed, closed list scrolled to the middle"
        ),
        &mut app,
    )
}

/// A 512x512 map whose goal is walled in, searched to the end by uniform-cost search, so every
/// other cell is closed:
/// the map is drawn as one texture, remade only when the step changes.
fn big_map() -> Timing {
    let mut grid = presets::open_field(512, 512).expect("512 is a valid side");
    grid.set_connectivity(Connectivity::Eight);
    // Walls round the goal: the search closes every other cell before it gives up.
    let goal = grid.goal();
    for dy in -1i32..=1 {
        for dx in -1i32..=1 {
            let (x, y) = (i32::from(goal.x) + dx, i32::from(goal.y) + dy);
            if (dx, dy) != (0, 0) && (0..512).contains(&x) && (0..512).contains(&y) {
                let _ = grid.paint_wall(Cell::new(x as u16, y as u16));
            }
        }
    }
    let mut app = App::new(Settings {
        domain: DomainKind::Grid,
        grid: GridSettings {
            grid,
            config: crate::search::SearchConfig::with(
                Algorithm::UniformCost,
                GridHeuristic::Octile,
            ),
            ..GridSettings::default()
        },
        ..Settings::default()
    });
    while app.session.lanes[0].step() {}
    let closed = app.session.lane(0).closed_len();
    measure(
        format!(
            "512x512 map, goal walled in, uniform-cost search exhausted: {closed} cells closed"
        ),
        &mut app,
    )
}

/// A 4x4 A* run stopped while open holds at least 50,000 nodes; with `exercise`, the open list
/// is shown in generation order (sorted once per step, not per frame).
fn big_open(exercise: bool) -> Timing {
    let goal = Board::blank_last(4);
    let config = SearchConfig::with(Algorithm::AStar, HeuristicKind::Misplaced);
    let mut seed = 1;
    loop {
        let start = scramble(&goal, 80, &mut Rng::new(seed));
        let mut app = app_for(start, goal, config);
        app.session.settings.exercise = exercise;
        while app.session.lane(0).search().open_len() < 50_000 && app.session.lanes[0].step() {}
        let open = app.session.lane(0).search().open_len();
        if open >= 50_000 {
            let mode = if exercise {
                ", exercise mode (open in generation order)"
            } else {
                ""
            };
            return measure(
                format!("4x4 A* (misplaced) from {start}: {open} nodes in open{mode}"),
                &mut app,
            );
        }
        seed += 1;
    }
}

/// A 4x4 board that A* with Manhattan distance solves in 300,000 to 1,000,000 expansions.
fn run_to_end_board() -> (Board, Board, SearchConfig, u32) {
    let goal = Board::blank_last(4);
    let config = SearchConfig::with(Algorithm::AStar, HeuristicKind::Manhattan);
    for seed in 1.. {
        let start = scramble(&goal, 60, &mut Rng::new(seed));
        let problem =
            crate::domains::puzzle::Problem::new(start, goal).expect("scrambled from the goal");
        let mut search = crate::search::new_search(problem, config);
        search.run(1_000_000);
        let expanded = search.stats().expanded;
        if search.solution().is_some() && expanded >= 300_000 {
            return (start, goal, config, expanded);
        }
    }
    unreachable!("some seed gives a board of that size")
}

/// Run to end in the window against the engine alone on the same board: expansions per second,
/// the window's frames paced at 60 Hz as a display would (a frame that finishes early waits).
fn run_to_end() -> String {
    let (start, goal, config, expanded) = run_to_end_board();
    let problem = crate::domains::puzzle::Problem::new(start, goal).expect("solvable");
    let started = Instant::now();
    let mut search = crate::search::new_search(problem, config);
    search.run(usize::MAX);
    let engine = f64::from(expanded) / started.elapsed().as_secs_f64();

    let mut app = app_for(start, goal, config);
    let ctx = egui::Context::default();
    install_style(&ctx);
    let frame_time = std::time::Duration::from_secs_f64(1.0 / 60.0);
    let started = Instant::now();
    let mut frames = 0u32;
    for frame in 0.. {
        let frame_started = Instant::now();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, SCREEN)),
            time: Some(started.elapsed().as_secs_f64()),
            predicted_dt: 1.0 / 60.0,
            ..Default::default()
        };
        let mut output = ctx.run_ui(input, |ui| {
            if frame == 1 {
                app.apply(super::Command::RunToEnd);
            }
            app.ui(ui)
        });
        let shapes = std::mem::take(&mut output.shapes);
        std::hint::black_box(ctx.tessellate(shapes, output.pixels_per_point));
        output.drop_without_applying_deltas();
        frames += 1;
        if frame > 1 && !app.session.is_busy() {
            break;
        }
        if let Some(rest) = frame_time.checked_sub(frame_started.elapsed()) {
            std::thread::sleep(rest);
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let window = f64::from(app.session.lane(0).search().stats().expanded) / seconds;
    format!(
        "run to end, 4x4 A* (Manhattan) from {start}, {expanded} expansions\n  engine alone \
         {:.0} k/s; window {:.0} k/s ({:.0} % of the engine), {frames} frames in {seconds:.1} s\n",
        engine / 1e3,
        window / 1e3,
        100.0 * window / engine
    )
}

/// A breadth-first search stopped at 100,000 nodes, its tree maximised: once fitted to the
/// window (every node a dot) and once zoomed in on the node being expanded; and the time to lay
/// the whole tree out again, which a growing tree pays at most a few times a second.
fn big_tree() -> Vec<Timing> {
    let goal: Board = "123456780".parse().expect("valid goal");
    let start: Board = "867254301".parse().expect("valid board");
    let config = SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero);
    let mut app = app_for(start, goal, config);
    while app.session.lane(0).search().node_count() < 100_000 && app.session.lanes[0].step() {}
    app.apply(super::Command::Maximize(Some(
        super::model::arrangement::Pane::Tree,
    )));
    let nodes = app.session.lane(0).search().node_count();
    let fitted = measure(
        format!("3x3 BFS tree of {nodes} nodes, maximised, fitted to the window"),
        &mut app,
    );
    app.view.tree.follow = true;
    app.view.tree.zoom_in_on_current();
    let zoomed = measure(
        format!("3x3 BFS tree of {nodes} nodes, maximised, zoomed in on the current node"),
        &mut app,
    );
    let tree = app.view.tree.tree();
    let started = Instant::now();
    let runs = 10;
    for _ in 0..runs {
        std::hint::black_box(crate::tree::layout::tidy(
            &tree.shape(&Default::default()),
            0,
        ));
    }
    let per_layout = started.elapsed().as_secs_f64() * 1000.0 / f64::from(runs);
    let placed = app
        .view
        .tree
        .layout()
        .rows
        .iter()
        .map(Vec::len)
        .sum::<usize>();
    let layout = Timing {
        name: format!("laying out the tree of {placed} nodes again (shape and tidy layout)"),
        median: per_layout,
        max: per_layout,
    };
    vec![fitted, zoomed, layout]
}

/// Bidirectional BFS between the two 3x3 boards farthest apart (31 moves), run until the
/// halves meet: both trees maximised and fitted to the window, the goal's facing the start's.
fn two_trees() -> Timing {
    let goal: Board = "123456780".parse().expect("valid goal");
    let start: Board = "867254301".parse().expect("valid board");
    let config = SearchConfig::with(Algorithm::BidirectionalBfs, HeuristicKind::Zero);
    let mut app = app_for(start, goal, config);
    while app.session.lanes[0].step() {}
    app.apply(super::Command::Maximize(Some(
        super::model::arrangement::Pane::Tree,
    )));
    let nodes = app.session.lane(0).search().node_count();
    measure(
        format!("3x3 bidirectional BFS trees of {nodes} nodes in all, maximised, fitted"),
        &mut app,
    )
}

/// Measures the CPU time of a frame of the real window (layout, drawing, tessellation) in the
/// heaviest states, and reports the median and the maximum over 60 frames at 1280x800.
pub fn frame_bench() -> String {
    let mut report = String::from("frame time, CPU only, 1280x800, 60 frames after 5 warm-up\n");
    let mut timings = vec![full_bfs(), big_open(false), big_open(true), big_map()];
    timings.extend(big_tree());
    timings.push(two_trees());
    for timing in timings {
        report.push_str(&format!(
            "{}\n  median {:.2} ms, max {:.2} ms\n",
            timing.name, timing.median, timing.max
        ));
    }
    report.push_str(&run_to_end());
    report
}

#[cfg(test)]
mod tests {
    /// Slow (a full 3x3 BFS and a 50,000-node open list); run with
    /// `cargo test --release --lib app::bench -- --ignored --nocapture` to print the figures.
    #[test]
    #[ignore = "benchmark: run explicitly"]
    fn frame_bench_reports_every_state() {
        let report = super::frame_bench();
        println!("{report}");
        assert_eq!(report.matches("median").count(), 8);
    }
}
