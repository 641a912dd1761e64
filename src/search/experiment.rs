//! Experiments: for each depth d, seeded random 3x3 boards at exact optimal distance d, every
//! chosen configuration run on every board, and the means per depth (nodes generated, nodes
//! expanded, effective branching factor b*). Used by `searchlab experiment` and the window.
//!
//! The work is split across threads and can be cancelled; progress is reported as it goes.

use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use thiserror::Error;

use super::config::SearchConfig;
use super::lean::LeanSolver;
use super::new_search;
use crate::puzzle::{Board, DistanceTable, Problem, Rng};

/// The effective branching factor b*: the branching factor a uniform tree of depth `depth` would
/// need to hold `generated + 1` nodes, i.e. the root of N + 1 = 1 + b* + b*^2 + ... + b*^d.
/// `None` for depth 0, where every b* fits.
///
/// ```
/// use searchlab::search::effective_branching_factor;
/// // A binary tree of depth 3 has 1 + 2 + 4 + 8 = 15 nodes: N = 14 generated.
/// let b = effective_branching_factor(14, 3).unwrap();
/// assert!((b - 2.0).abs() < 1e-9);
/// ```
pub fn effective_branching_factor(generated: u64, depth: u32) -> Option<f64> {
    if depth == 0 {
        return None;
    }
    let target = generated as f64 + 1.0;
    let total = |b: f64| (0..=depth).map(|i| b.powi(i as i32)).sum::<f64>();
    // total(b) grows with b; total(0) = 1 <= target, and total(target) >= target.
    let (mut lo, mut hi) = (0.0f64, target.max(1.0));
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if total(mid) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((lo + hi) / 2.0)
}

/// What to run.
#[derive(Clone, Debug)]
pub struct ExperimentSpec {
    pub goal: Board,
    /// The optimal distances to sample, e.g. 2, 4, ..., 20.
    pub depths: Vec<u8>,
    pub boards_per_depth: usize,
    /// The same seed draws the same boards, whatever the configurations.
    pub seed: u64,
    pub configs: Vec<SearchConfig>,
    pub threads: usize,
}

/// The means of one configuration at one depth.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cell {
    pub boards: usize,
    pub mean_generated: f64,
    pub mean_expanded: f64,
    /// The mean of each board's b*, over boards whose solution has at least one move.
    pub mean_branching: Option<f64>,
    pub mean_length: f64,
    /// The share of boards solved in the optimal number of moves.
    pub optimal: f64,
    /// Boards stopped at the node limit (not in the means).
    pub unsolved: usize,
}

/// The results: `cells[depth index][config index]`.
#[derive(Clone, Debug)]
pub struct ExperimentTable {
    pub depths: Vec<u8>,
    pub configs: Vec<SearchConfig>,
    pub cells: Vec<Vec<Cell>>,
}

/// Why an experiment produced no table.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ExperimentError {
    #[error("experiments draw boards by exact distance, which is known for 3x3 boards only")]
    NotThreeByThree,
    #[error("no board lies at distance {0} from this goal (the farthest is {1})")]
    NoBoardAt(u8, u8),
    #[error("cancelled")]
    Cancelled,
    #[error("choose at least one configuration, one depth and one board per depth")]
    Empty,
}

/// The boards of one depth: a generator seeded from the seed and the depth alone.
pub fn boards_at(table: &DistanceTable, depth: u8, count: usize, seed: u64) -> Vec<Board> {
    let mut rng = Rng::new(seed ^ (u64::from(depth) << 32));
    (0..count)
        .map(|_| table.random_at(depth, &mut rng).expect("depth checked"))
        .collect()
}

/// Runs one configuration on some boards; returns (generated, expanded, moves) per board, or
/// `None` for a board stopped at the node limit.
fn run_config(
    goal: Board,
    config: SearchConfig,
    boards: &[Board],
    cancel: &AtomicBool,
) -> Option<Vec<Option<(u64, u64, usize)>>> {
    let mut lean = LeanSolver::new(goal, config);
    let mut results = Vec::with_capacity(boards.len());
    for &board in boards {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let (stats, moves) = match lean.as_mut() {
            Some(lean) => {
                let outcome = lean.solve(board);
                (outcome.stats, outcome.moves())
            }
            None => {
                let problem = Problem::new(board, goal).expect("drawn from the goal's table");
                let mut search = new_search(problem, config);
                search.run(usize::MAX);
                (search.stats(), search.solution().map(|path| path.len() - 1))
            }
        };
        results.push(moves.map(|m| (u64::from(stats.generated), u64::from(stats.expanded), m)));
    }
    Some(results)
}

fn summarise(depth: u8, results: &[Option<(u64, u64, usize)>]) -> Cell {
    let solved: Vec<(u64, u64, usize)> = results.iter().flatten().copied().collect();
    let n = solved.len().max(1) as f64;
    let branching: Vec<f64> = solved
        .iter()
        .filter_map(|&(generated, _, moves)| effective_branching_factor(generated, moves as u32))
        .collect();
    Cell {
        boards: solved.len(),
        mean_generated: solved.iter().map(|r| r.0 as f64).sum::<f64>() / n,
        mean_expanded: solved.iter().map(|r| r.1 as f64).sum::<f64>() / n,
        mean_branching: (!branching.is_empty())
            .then(|| branching.iter().sum::<f64>() / branching.len() as f64),
        mean_length: solved.iter().map(|r| r.2 as f64).sum::<f64>() / n,
        optimal: solved.iter().filter(|r| r.2 == usize::from(depth)).count() as f64 / n,
        unsolved: results.len() - solved.len(),
    }
}

/// Runs the experiment. `progress(done, total)` is called after each (depth, configuration)
/// job from the worker threads; setting `cancel` stops it soon after.
pub fn run_experiment(
    spec: &ExperimentSpec,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &AtomicBool,
) -> Result<ExperimentTable, ExperimentError> {
    if spec.configs.is_empty() || spec.depths.is_empty() || spec.boards_per_depth == 0 {
        return Err(ExperimentError::Empty);
    }
    let table = DistanceTable::new(&spec.goal).ok_or(ExperimentError::NotThreeByThree)?;
    if let Some(&d) = spec.depths.iter().find(|&&d| table.count_at(d) == 0) {
        return Err(ExperimentError::NoBoardAt(d, table.max_distance()));
    }
    let boards: Vec<Vec<Board>> = spec
        .depths
        .iter()
        .map(|&d| boards_at(&table, d, spec.boards_per_depth, spec.seed))
        .collect();
    let jobs: Vec<(usize, usize)> = (0..spec.depths.len())
        .flat_map(|d| (0..spec.configs.len()).map(move |c| (d, c)))
        .collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let cells = Mutex::new(vec![
        vec![Cell::default(); spec.configs.len()];
        spec.depths.len()
    ]);
    std::thread::scope(|scope| {
        for _ in 0..spec.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(d, c)) = jobs.get(i) else { break };
                    let Some(results) = run_config(spec.goal, spec.configs[c], &boards[d], cancel)
                    else {
                        break;
                    };
                    let cell = summarise(spec.depths[d], &results);
                    cells.lock().expect("no worker panics")[d][c] = cell;
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, jobs.len());
                }
            });
        }
    });
    if cancel.load(Ordering::Relaxed) {
        return Err(ExperimentError::Cancelled);
    }
    Ok(ExperimentTable {
        depths: spec.depths.clone(),
        configs: spec.configs.clone(),
        cells: cells.into_inner().expect("no worker panics"),
    })
}

/// The counting convention, stated above every table so it can be compared with a textbook's.
pub const CONVENTION: &str = "generated = children produced by expansions, duplicates included, \
start not counted; expanded = nodes whose children were generated (the goal is not); goal test \
when a node leaves open; b* solves N + 1 = 1 + b* + ... + b*^d with N generated and d the \
solution length, averaged over boards";

fn short_name(config: &SearchConfig) -> String {
    let mut name = config.algorithm.name().to_string();
    if config.algorithm.uses_heuristic() {
        let _ = write!(name, " {}", config.heuristic.name());
    }
    if config.algorithm == super::Algorithm::WeightedAStar {
        let _ = write!(name, " w={}", config.weight);
    }
    name
}

impl ExperimentTable {
    /// The table in Markdown: one row per depth; per configuration mean generated, mean
    /// expanded and b*.
    pub fn markdown(&self, boards_per_depth: usize, seed: u64) -> String {
        let intro =
            format!("{boards_per_depth} boards per depth, seed {seed}. Counting: {CONVENTION}.");
        self.markdown_in(&intro, ("generated", "expanded"))
    }

    /// The same table under another first paragraph and other column words (another
    /// language); the configurations keep their command-line names.
    pub fn markdown_in(&self, intro: &str, (generated, expanded): (&str, &str)) -> String {
        let mut out = format!("{intro}\n\n| d |");
        for config in &self.configs {
            let name = short_name(config);
            let _ = write!(out, " {name} {generated} | {name} {expanded} | {name} b* |");
        }
        out.push_str("\n|---|");
        out.push_str(&"---:|".repeat(3 * self.configs.len()));
        out.push('\n');
        for (d, row) in self.depths.iter().zip(&self.cells) {
            let _ = write!(out, "| {d} |");
            for cell in row {
                let b = cell
                    .mean_branching
                    .map_or("–".to_string(), |b| format!("{b:.2}"));
                let _ = write!(
                    out,
                    " {:.0} | {:.0} | {b} |",
                    cell.mean_generated, cell.mean_expanded
                );
            }
            out.push('\n');
        }
        out
    }

    /// The table as CSV, one row per depth and configuration.
    pub fn csv(&self) -> String {
        let mut out = String::from(
            "depth,config,boards,mean_generated,mean_expanded,b_star,mean_length,optimal_share,unsolved\n",
        );
        for (d, row) in self.depths.iter().zip(&self.cells) {
            for (config, cell) in self.configs.iter().zip(row) {
                let b = cell
                    .mean_branching
                    .map_or(String::new(), |b| format!("{b:.4}"));
                let _ = writeln!(
                    out,
                    "{d},{},{},{:.1},{:.1},{b},{:.2},{:.3},{}",
                    short_name(config),
                    cell.boards,
                    cell.mean_generated,
                    cell.mean_expanded,
                    cell.mean_length,
                    cell.optimal,
                    cell.unsolved
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::HeuristicKind;
    use crate::search::Algorithm;

    #[test]
    fn branching_factor_known_cases() {
        // A chain: one node per level.
        assert!((effective_branching_factor(5, 5).unwrap() - 1.0).abs() < 1e-9);
        // 1 + 3 + 9 = 13 nodes: 12 generated at depth 2.
        assert!((effective_branching_factor(12, 2).unwrap() - 3.0).abs() < 1e-9);
        // AIMA's example: 52 nodes generated at depth 5 gives b* = 1.92.
        let b = effective_branching_factor(52, 5).unwrap();
        assert!((b - 1.92).abs() < 0.005, "{b}");
        assert_eq!(effective_branching_factor(10, 0), None);
    }

    #[test]
    fn sampled_boards_are_at_their_depth_and_repeat() {
        let goal: Board = "123804765".parse().unwrap();
        let table = DistanceTable::new(&goal).unwrap();
        for depth in [2u8, 8, 14, 20] {
            let boards = boards_at(&table, depth, 30, 7);
            assert!(boards.iter().all(|b| table.distance(b) == Some(depth)));
            assert_eq!(boards, boards_at(&table, depth, 30, 7));
        }
        assert_ne!(boards_at(&table, 8, 30, 7), boards_at(&table, 8, 30, 8));
    }

    #[test]
    fn astar_manhattan_beats_misplaced_and_bfs_is_optimal() {
        let spec = ExperimentSpec {
            goal: "123804765".parse().unwrap(),
            depths: vec![4, 8, 12],
            boards_per_depth: 20,
            seed: 1,
            configs: vec![
                SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero),
                SearchConfig::with(Algorithm::AStar, HeuristicKind::Misplaced),
                SearchConfig::with(Algorithm::AStar, HeuristicKind::Manhattan),
                SearchConfig::with(Algorithm::WeightedAStar, HeuristicKind::Manhattan),
            ],
            threads: 2,
        };
        let calls = AtomicUsize::new(0);
        let table = run_experiment(
            &spec,
            &|_, total| {
                assert_eq!(total, 12);
                calls.fetch_add(1, Ordering::Relaxed);
            },
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!(calls.load(Ordering::Relaxed), 12);
        for (i, &d) in table.depths.iter().enumerate() {
            let row = &table.cells[i];
            assert_eq!(row[0].optimal, 1.0);
            assert_eq!(row[0].mean_length, f64::from(d));
            assert!(row[2].mean_generated <= row[1].mean_generated, "depth {d}");
            assert!(row[1].mean_generated < row[0].mean_generated, "depth {d}");
            assert!(row[1].mean_branching.unwrap() > 1.0);
        }
        let markdown = table.markdown(20, 1);
        assert!(markdown.contains("| 8 |"));
        assert!(markdown.contains("astar manhattan b*"));
        assert_eq!(table.csv().lines().count(), 1 + 3 * 4);
    }

    #[test]
    fn cancel_and_bad_specs() {
        let spec = ExperimentSpec {
            goal: "123804765".parse().unwrap(),
            depths: vec![20],
            boards_per_depth: 5,
            seed: 1,
            configs: vec![SearchConfig::default()],
            threads: 1,
        };
        let cancelled = run_experiment(&spec, &|_, _| {}, &AtomicBool::new(true));
        assert_eq!(cancelled.unwrap_err(), ExperimentError::Cancelled);
        let far = ExperimentSpec {
            depths: vec![31],
            ..spec.clone()
        };
        assert_eq!(
            run_experiment(&far, &|_, _| {}, &AtomicBool::new(false)).unwrap_err(),
            ExperimentError::NoBoardAt(31, 30)
        );
        let four = ExperimentSpec {
            goal: Board::blank_last(4),
            ..spec
        };
        assert_eq!(
            run_experiment(&four, &|_, _| {}, &AtomicBool::new(false)).unwrap_err(),
            ExperimentError::NotThreeByThree
        );
    }
}
