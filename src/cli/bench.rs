//! `searchlab bench`: the engine's speed on fixed, seeded workloads, printed as a Markdown table.
//! Figures are medians over repetitions; run it in a release build. The puzzle's rows, then the
//! grid's (against the `pathfinding` crate); the binary adds the window's frame time, measured
//! by driving its drawing code headlessly. `--only` picks one section.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::domains::grid::presets as grid_presets;
use crate::domains::grid::{Connectivity, CornerCutting, DenseIndex, Grid, GridHeuristic};
use crate::domains::puzzle::databases::{self, Chosen, Database};
use crate::domains::puzzle::{
    Board, DistanceTable, HeuristicKind, KORF_100, LeanSolver, Partition, Problem, Rng,
    SearchConfig, Source, cache_dir, korf_100,
};
use crate::search::{Algorithm, GoalTest, Status, new_search, plain_search, plain_search_with};

/// A search config on grid maps.
type GridConfig = crate::search::SearchConfig<GridHeuristic>;

/// The measured figures.
#[derive(Clone, Debug)]
pub struct BenchReport {
    pub rows: Vec<(String, String)>,
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn per_second(count: u64, d: Duration) -> String {
    format!("{:.1} M/s", count as f64 / d.as_secs_f64() / 1e6)
}

/// Times `work` `reps` times; returns the median duration and the last result.
fn time<T>(reps: usize, mut work: impl FnMut() -> T) -> (Duration, T) {
    let mut samples = Vec::with_capacity(reps);
    let mut last = None;
    for _ in 0..reps {
        let started = Instant::now();
        last = Some(std::hint::black_box(work()));
        samples.push(started.elapsed());
    }
    (median(samples), last.expect("reps > 0"))
}

/// The process's resident memory in bytes (Linux), for checking the engine's own estimate.
fn resident_bytes() -> Option<usize> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// Bytes per node of a large stepping search: the engine's estimate (what it has allocated,
/// the figure the window's memory budget counts) against the growth of resident memory.
fn engine_memory() -> String {
    let goal = Board::blank_last(4);
    let start = crate::domains::puzzle::scramble(&goal, 200, &mut Rng::new(3));
    let config = SearchConfig::with(Algorithm::AStar, HeuristicKind::Manhattan);
    let before = resident_bytes();
    let mut search = new_search(Problem::new(start, goal).expect("solvable"), config);
    while search.node_count() < 1_000_000 && search.step().is_some() {}
    let nodes = search.node_count();
    let estimate = search.memory_bytes() / nodes;
    match (before, resident_bytes()) {
        (Some(before), Some(after)) => format!(
            "{estimate} B a node allocated, {} B a node resident",
            after.saturating_sub(before) / nodes
        ),
        _ => format!("{estimate} B a node allocated"),
    }
}

/// Which part of the bench to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchSection {
    /// The sliding puzzle's workloads.
    Puzzle,
    /// A* on large random grid maps, against the `pathfinding` crate.
    Grid,
    /// The window's frame time.
    Window,
    /// IDA* with the 7-8 and the 6-6-3 pattern databases on Korf's 100 random 15-puzzle
    /// instances.
    Fifteen,
}

/// Runs the workloads of `only` (every section's but the window's, which the binary adds,
/// when `None`) and returns the report as a Markdown table.
pub fn run_bench(quick: bool, only: Option<BenchSection>) -> String {
    let mut rows = Vec::new();
    if matches!(only, None | Some(BenchSection::Puzzle)) {
        rows.extend(puzzle_rows(quick));
    }
    if matches!(only, None | Some(BenchSection::Grid)) {
        rows.extend(grid_rows(quick));
    }
    if matches!(only, None | Some(BenchSection::Fifteen)) {
        rows.extend(fifteen_puzzle_rows(quick));
    }
    let report = BenchReport { rows };
    let mut out = String::from("| workload | median |\n|---|---|\n");
    for (what, figure) in &report.rows {
        let _ = writeln!(out, "| {what} | {figure} |");
    }
    out
}

/// A* with the octile distance, 8-connected without corner cutting (MovingAI's rules), from
/// corner to corner of seeded random 512x512 maps with 20 to 30 % walls, three ways on the
/// same maps: the record-free engine (with the grid's dense index, and with the generic hash
/// index), the stepping engine with its undo records, and the `pathfinding` crate's `astar`.
/// Every way must find the same cost on every map. The ratios are medians of the ratios
/// within each repetition.
fn grid_rows(quick: bool) -> Vec<(String, String)> {
    let reps = if quick { 3 } else { 5 };
    let count = if quick { 3 } else { 6 };
    let maps: Vec<Grid> = (0..count)
        .map(|i| {
            let density = [0.20, 0.25, 0.30][i % 3];
            let mut grid = grid_presets::random(512, 512, density, 700 + i as u64)
                .expect("512 is a valid side");
            grid.set_connectivity(Connectivity::Eight);
            grid.set_corner_cutting(CornerCutting::Forbidden);
            grid
        })
        .collect();
    let config = GridConfig::with(Algorithm::AStar, GridHeuristic::Octile);
    let dense = || {
        maps.iter()
            .map(|grid| {
                let outcome =
                    plain_search_with(grid, config, DenseIndex::new(grid)).expect("a valid config");
                let (cost, _) = outcome.solution.expect("the maps are solvable");
                (cost.raw(), u64::from(outcome.stats.expanded))
            })
            .collect::<Vec<_>>()
    };
    let hashed = || {
        maps.iter()
            .map(|grid| {
                let outcome = plain_search(grid, config).expect("a valid config");
                (outcome.solution.expect("solvable").0.raw(), 0)
            })
            .collect::<Vec<_>>()
    };
    let stepping = || {
        maps.iter()
            .map(|grid| {
                let mut search = new_search(grid.clone(), config);
                search.run(usize::MAX);
                let Status::Solved { goal } = search.status() else {
                    panic!("the maps are solvable");
                };
                (search.node(goal).g.raw(), 0)
            })
            .collect::<Vec<_>>()
    };
    let reference = || {
        maps.iter()
            .map(|grid| {
                let goal = grid.goal();
                let (_, cost) = pathfinding::directed::astar::astar(
                    &grid.start(),
                    |&cell| {
                        grid.connectivity()
                            .dirs()
                            .iter()
                            .filter_map(move |&dir| grid.step(cell, dir))
                    },
                    |&cell| GridHeuristic::Octile.estimate(cell, goal),
                    |&cell| cell == goal,
                )
                .expect("the maps are solvable");
                (cost, 0)
            })
            .collect::<Vec<_>>()
    };
    let ways: [&dyn Fn() -> Vec<(u64, u64)>; 4] = [&dense, &hashed, &stepping, &reference];
    // The ways take turns within each repetition, so a stretch where the shared machine is
    // slow falls on all of them, and each ratio is taken within one repetition.
    let mut samples = vec![Vec::new(); ways.len()];
    let mut ratios = vec![Vec::new(); ways.len()];
    let mut results = vec![Vec::new(); ways.len()];
    for _ in 0..reps {
        let times: Vec<Duration> = ways
            .iter()
            .zip(&mut results)
            .map(|(way, result)| {
                let started = Instant::now();
                *result = std::hint::black_box(way());
                started.elapsed()
            })
            .collect();
        for (i, &t) in times.iter().enumerate() {
            samples[i].push(t);
            ratios[i].push(t.as_secs_f64() / times[3].as_secs_f64());
        }
    }
    let costs = |i: usize| results[i].iter().map(|&(c, _)| c).collect::<Vec<_>>();
    let agree = (0..3).all(|i| costs(i) == costs(3));
    let expanded: u64 = results[0].iter().map(|&(_, e)| e).sum();
    let ratio = |i: usize| {
        let mut r = ratios[i].clone();
        r.sort_by(f64::total_cmp);
        r[r.len() / 2]
    };
    let medians: Vec<Duration> = samples.into_iter().map(median).collect();
    let what = format!(
        "A* octile, 8-connected, {count} seeded random 512x512 maps with 20-30 % walls, corner to corner"
    );
    vec![
        (
            format!("{what}: record-free engine, dense index"),
            format!(
                "{} total, {:.2}x pathfinding, mean expanded {:.0}, {}",
                ms(medians[0]),
                ratio(0),
                expanded as f64 / count as f64,
                per_second(expanded, medians[0])
            ),
        ),
        (
            format!("{what}: record-free engine, hash index"),
            format!("{} total, {:.2}x pathfinding", ms(medians[1]), ratio(1)),
        ),
        (
            format!("{what}: stepping engine with undo records"),
            format!("{} total, {:.2}x pathfinding", ms(medians[2]), ratio(2)),
        ),
        (
            format!("{what}: pathfinding crate's astar"),
            format!(
                "{} total; same costs as the engines: {}",
                ms(medians[3]),
                if agree { "yes" } else { "NO" }
            ),
        ),
    ]
}

/// The sliding puzzle's rows.
fn puzzle_rows(quick: bool) -> Vec<(String, String)> {
    let reps = if quick { 3 } else { 9 };
    let goal: Board = "123804765".parse().expect("valid");
    let mut rows = Vec::new();

    let (whole, table) = time(reps, || DistanceTable::new(&goal).expect("3x3"));
    rows.push((
        "Whole 3x3 space, reverse BFS (181,440 states)".to_string(),
        ms(whole),
    ));

    let mut rng = Rng::new(2026);
    let boards: Vec<Board> = (0..1000).map(|_| table.random_state(&mut rng)).collect();

    let astar = SearchConfig::with(Algorithm::AStar, HeuristicKind::Manhattan);
    let mut lean = LeanSolver::new(goal, astar).expect("lean supports A*");
    let (t, expanded) = time(reps, || {
        boards
            .iter()
            .map(|&b| u64::from(lean.solve(b).stats.expanded))
            .sum::<u64>()
    });
    rows.push((
        "A* Manhattan, 1,000 random 3x3 boards, lean".to_string(),
        format!(
            "{} total, mean expanded {:.0}, {}",
            ms(t),
            expanded as f64 / 1000.0,
            per_second(expanded, t)
        ),
    ));
    let (t, expanded) = time(reps.min(3), || {
        boards
            .iter()
            .map(|&b| {
                let mut search = new_search(Problem::new(b, goal).expect("solvable"), astar);
                search.run(usize::MAX);
                u64::from(search.stats().expanded)
            })
            .sum::<u64>()
    });
    rows.push((
        "A* Manhattan, 1,000 random 3x3 boards, stepping engine".to_string(),
        format!("{} total, {}", ms(t), per_second(expanded, t)),
    ));

    let bfs = SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero);
    let some = &boards[..100];
    let by_generation = SearchConfig {
        goal_test: GoalTest::OnGeneration,
        ..bfs
    };
    for (config, what) in [
        (bfs, "BFS, 100 random 3x3 boards, lean"),
        (
            by_generation,
            "BFS, goal test at generation, the same 100 boards, lean",
        ),
    ] {
        let mut lean = LeanSolver::new(goal, config).expect("lean supports BFS");
        let (t, expanded) = time(reps.min(3), || {
            some.iter()
                .map(|&b| u64::from(lean.solve(b).stats.expanded))
                .sum::<u64>()
        });
        rows.push((
            what.to_string(),
            format!(
                "{} per board, mean expanded {:.0}, {}",
                ms(t / 100),
                expanded as f64 / 100.0,
                per_second(expanded, t)
            ),
        ));
    }
    let (t, expanded) = time(1, || {
        some.iter()
            .take(20)
            .map(|&b| {
                let mut search = new_search(Problem::new(b, goal).expect("solvable"), bfs);
                search.run(usize::MAX);
                u64::from(search.stats().expanded)
            })
            .sum::<u64>()
    });
    rows.push((
        "BFS, 20 of those boards, stepping engine".to_string(),
        format!("{} per board, {}", ms(t / 20), per_second(expanded, t)),
    ));

    // A board at the greatest distance makes BFS expand nearly the whole space.
    let far = table
        .random_at(table.max_distance(), &mut rng)
        .expect("exists");
    let (t, expanded) = time(reps.min(3), || {
        let mut search = new_search(Problem::new(far, goal).expect("solvable"), bfs);
        search.run(usize::MAX);
        u64::from(search.stats().expanded)
    });
    rows.push((
        format!("BFS from {far} (distance 30), stepping engine with undo records"),
        format!("{} for {} expansions", ms(t), expanded),
    ));

    rows.push((
        "Stepping engine memory, 4x4 A* Manhattan to 1,000,000 nodes".to_string(),
        engine_memory(),
    ));

    rows.extend(batch_rows(quick, &boards));
    rows
}

/// The seed-style C++ A* that the batch row is measured against.
const SEED_STYLE: &str = include_str!("../../benches/p1379_seed_style.cpp");

/// The whole `searchlab solve -a astar -H manhattan` process on a batch of boards from stdin
/// (on every core, and with `--jobs 1`), against the same batch answered by the seed-style
/// C++ A* (`benches/p1379_seed_style.cpp`: `std::priority_queue` and `std::map`, compiled
/// here with `g++ -O2`). The runs alternate; each figure is a median, and the ratio is the
/// median of the ratios within each round. Both programs must print the same answers.
fn batch_rows(quick: bool, boards: &[Board]) -> Vec<(String, String)> {
    let what = format!(
        "`solve -a astar -H manhattan`, {} random P1379 boards on stdin, whole process",
        boards.len()
    );
    match measure_batch(if quick { 3 } else { 11 }, boards) {
        Ok(rows) => rows,
        Err(reason) => vec![(what, format!("not measured: {reason}"))],
    }
}

fn measure_batch(rounds: usize, boards: &[Board]) -> Result<Vec<(String, String)>, String> {
    use std::process::{Command, Stdio};
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let dir = std::env::temp_dir().join(format!("searchlab-batch-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let result = (|| {
        let input = dir.join("boards.txt");
        let text: String = boards.iter().map(|b| format!("{b}\n")).collect();
        std::fs::write(&input, text).map_err(|e| e.to_string())?;
        let source = dir.join("seed.cpp");
        std::fs::write(&source, SEED_STYLE).map_err(|e| e.to_string())?;
        let seed = dir.join("seed");
        let compiled = Command::new("g++")
            .arg("-O2")
            .arg("-o")
            .arg(&seed)
            .arg(&source)
            .status()
            .map_err(|e| format!("g++ could not be run ({e})"))?;
        if !compiled.success() {
            return Err("g++ could not compile the seed-style A*".to_string());
        }
        // Runs a command on the boards; its answers and how long the whole process took.
        let run = |command: &mut Command| -> Result<(Duration, Vec<u8>), String> {
            let stdin = std::fs::File::open(&input).map_err(|e| e.to_string())?;
            let started = Instant::now();
            let output = command
                .stdin(stdin)
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .output()
                .map_err(|e| e.to_string())?;
            let elapsed = started.elapsed();
            if !output.status.success() {
                return Err(format!("{command:?} failed: {}", output.status));
            }
            Ok((elapsed, output.stdout))
        };
        let ours = |jobs: Option<&str>| {
            let mut command = Command::new(&exe);
            command.args(["solve", "-a", "astar", "-H", "manhattan"]);
            if let Some(jobs) = jobs {
                command.args(["--jobs", jobs]);
            }
            command
        };
        let (mut all, mut one, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
        let (mut ratio_all, mut ratio_one) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let (t_seed, answers_seed) = run(&mut Command::new(&seed))?;
            let (t_all, answers_all) = run(&mut ours(None))?;
            let (t_one, answers_one) = run(&mut ours(Some("1")))?;
            if answers_all != answers_seed || answers_one != answers_seed {
                return Err("the two programs' answers differ".to_string());
            }
            ratio_all.push(t_all.as_secs_f64() / t_seed.as_secs_f64());
            ratio_one.push(t_one.as_secs_f64() / t_seed.as_secs_f64());
            all.push(t_all);
            one.push(t_one);
            theirs.push(t_seed);
        }
        let ratio = |mut r: Vec<f64>| {
            r.sort_by(f64::total_cmp);
            r[r.len() / 2]
        };
        let n = boards.len();
        let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
        Ok(vec![
            (
                format!(
                    "Seed-style C++ A* (priority_queue + map, g++ -O2), {n} random P1379 boards on stdin, whole process"
                ),
                ms(median(theirs)),
            ),
            (
                format!(
                    "`solve -a astar -H manhattan`, the same boards, whole process, {cores} worker threads"
                ),
                format!(
                    "{}, {:.3} of the C++ (target ≤ 0.06)",
                    ms(median(all)),
                    ratio(ratio_all)
                ),
            ),
            (
                "the same with `--jobs 1`".to_string(),
                format!("{}, {:.3} of the C++", ms(median(one)), ratio(ratio_one)),
            ),
        ])
    })();
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// IDA* on Korf's 100 random 4x4 instances (the first 10 with `--quick`) with the mirrored
/// 7-8 database and the mirrored 6-6-3 one (each read from the cache, or built first: that
/// time is its own row), on one thread and on every core, through the command line's choice
/// of database: total time, mean expansions and expansions per second. Each split runs the
/// boards twice on every core: with their own goal (blank first), and turned half a turn to
/// the blank-last goal; the two times should match. Every answer is checked against Korf's
/// length.
fn fifteen_puzzle_rows(quick: bool) -> Vec<(String, String)> {
    let last = Board::blank_last(4);
    let first = Board::blank_first(4);
    let dir = cache_dir();
    let count = if quick { 10 } else { 100 };
    let turned: Vec<(Board, u32)> = korf_100().into_iter().take(count).collect();
    let own: Vec<(Board, u32)> = KORF_100
        .iter()
        .take(count)
        .map(|&(text, length)| (text.parse().expect("Korf's boards are 4x4"), length))
        .collect();
    let mut rows = Vec::new();
    let ready = |source: Option<Source>, took: Duration| match source {
        Some(Source::Built { saving, .. }) => format!(
            "built in {}: {} building, {} writing the cache file",
            ms(took),
            ms(took.saturating_sub(saving)),
            ms(saving)
        ),
        Some(Source::Cache) => format!("read from the cache in {}", ms(took)),
        None => format!("built in memory in {} (no cache folder)", ms(took)),
    };
    for (name, split) in [
        ("7-8", Partition::fifteen_78()),
        ("6-6-3", Partition::fifteen_663()),
    ] {
        let started = Instant::now();
        let chosen = databases::for_solving(last, Some(&split), dir.as_deref(), &mut |_, _| true);
        let Ok(Chosen {
            database: db,
            source,
            ..
        }) = chosen
        else {
            rows.push((
                format!("{name} pattern database"),
                "could not be built".to_string(),
            ));
            continue;
        };
        rows.push((
            format!("{name} pattern database"),
            ready(source, started.elapsed()),
        ));
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let mut times = Vec::new();
        for (goal, boards, threads, which) in [
            (last, &turned, 1, "turned to the blank-last goal"),
            (last, &turned, threads, "turned to the blank-last goal"),
            (first, &own, threads, "with their own goal (blank first)"),
        ] {
            let (row, took) = korf_row(name, &db, goal, boards, threads, which);
            rows.push(row);
            times.push(took.as_secs_f64());
        }
        rows.push((
            format!("IDA* {name}, Korf's {count}, every core: own goal against blank-last"),
            format!("{:.2}x (target: at most 1.2x)", times[2] / times[1]),
        ));
    }
    rows
}

/// IDA* with `db` on `boards` (each with its optimal length) towards `goal`, on `threads`
/// threads: the row, and the total time.
fn korf_row(
    name: &str,
    db: &Database,
    goal: Board,
    boards: &[(Board, u32)],
    threads: usize,
    which: &str,
) -> ((String, String), Duration) {
    let count = boards.len();
    let next = AtomicUsize::new(0);
    let expanded = AtomicU64::new(0);
    let wrong = AtomicUsize::new(0);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(board, optimal)) = boards.get(i) else {
                        break;
                    };
                    let moves = match db.ida_star(board, goal, u64::MAX) {
                        Ok(outcome) => {
                            expanded.fetch_add(outcome.expanded, Ordering::Relaxed);
                            outcome.path.map_or(0, |p| p.len() - 1)
                        }
                        Err(_) => 0,
                    };
                    if moves != optimal as usize {
                        wrong.fetch_add(1, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let t = started.elapsed();
    let expanded = expanded.into_inner();
    let row = (
        format!(
            "IDA* {name} pattern database with its mirror, Korf's {count} 4x4 instances {which}, {threads} thread{}",
            if threads == 1 { "" } else { "s" }
        ),
        format!(
            "{} total, mean expanded {:.0}, {}, {}",
            ms(t),
            expanded as f64 / count as f64,
            per_second(expanded, t),
            match wrong.into_inner() {
                0 => "every length optimal".to_string(),
                n => format!("{n} lengths NOT optimal"),
            }
        ),
    );
    (row, t)
}
