//! Experiments on 3x3 boards: for each depth d, seeded random boards at exact optimal distance
//! d (from the distance table), solved by every chosen configuration. Used by
//! `searchlab experiment` and the window; [`crate::search::run_jobs`] runs the jobs and sums up.

use std::sync::atomic::{AtomicBool, Ordering};

use thiserror::Error;

use super::board::Board;
use super::lean::LeanSolver;
use super::problem::{ExperimentTable, Problem, SearchConfig};
use super::space::DistanceTable;
use crate::rng::Rng;
use crate::search::{DepthRange, Run, new_search, run_jobs};

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
) -> Option<Vec<Run>> {
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

/// The counting convention, stated above every table so it can be compared with a textbook's.
pub const CONVENTION: &str = "generated = children produced by expansions, duplicates included, \
start not counted; expanded = nodes whose children were generated (the goal is not); goal test \
when a node leaves open, or as it is generated where a column says goal-test=generation; b* solves N + 1 = 1 + b* + ... + b*^d with N generated and d the \
solution length, averaged over boards";

impl ExperimentTable {
    /// The table in Markdown: one row per depth; per configuration mean generated, mean
    /// expanded and b*.
    pub fn markdown(&self, boards_per_depth: usize, seed: u64) -> String {
        let intro =
            format!("{boards_per_depth} boards per depth, seed {seed}. Counting: {CONVENTION}.");
        self.markdown_in(&intro, ("generated", "expanded"))
    }

    /// The table as CSV, one row per depth and configuration.
    pub fn csv(&self) -> String {
        self.csv_with("boards")
    }
}

/// The depths the Experiments window offers for `goal`: even distances up to 16 unless asked
/// otherwise, at most 30 (the farthest 3x3 boards lie 30 or 31 moves from their goal). Boards
/// are drawn from the distance table, which exists for 3x3 goals only.
pub fn depth_range(goal: &Board) -> Result<DepthRange, ExperimentError> {
    if goal.side() != 3 {
        return Err(ExperimentError::NotThreeByThree);
    }
    Ok(DepthRange {
        default_max: 16,
        max: 30,
        step: 2,
    })
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
    let solve = |config: &SearchConfig, boards: &[Board], cancel: &AtomicBool| {
        run_config(spec.goal, *config, boards, cancel)
    };
    let depths: Vec<u32> = spec.depths.iter().map(|&d| u32::from(d)).collect();
    run_jobs(
        &depths,
        &boards,
        &spec.configs,
        spec.threads,
        &solve,
        progress,
        cancel,
    )
    .ok_or(ExperimentError::Cancelled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::HeuristicKind;
    use crate::search::Algorithm;
    use std::sync::atomic::AtomicUsize;

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
            let row = &table.entries[i];
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
