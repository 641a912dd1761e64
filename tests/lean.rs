//! The lean solver is the stepping engine without its records: same expansion order, same
//! counters, same path. Checked board by board for every algorithm and tie-break.

use searchlab::puzzle::{Board, DistanceTable, GoalPreset, HeuristicKind, Problem, Rng, scramble};
use searchlab::search::{Algorithm, GoalTest, LeanSolver, SearchConfig, TieBreak, new_search};

fn boards_3x3(count: usize, seed: u64) -> Vec<Board> {
    let goal: Board = "123804765".parse().unwrap();
    let table = DistanceTable::new(&goal).unwrap();
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|i| table.random_at((i % 25) as u8, &mut rng).unwrap())
        .collect()
}

/// Blind searches ignore h except in the smaller-h tie-break: one heuristic covers them.
fn worth_checking(c: &SearchConfig) -> bool {
    c.algorithm.uses_heuristic() || c.heuristic == HeuristicKind::Manhattan
}

fn configs() -> Vec<SearchConfig> {
    let mut configs = Vec::new();
    for algorithm in [
        Algorithm::BreadthFirst,
        Algorithm::UniformCost,
        Algorithm::AStar,
        Algorithm::Greedy,
    ] {
        for heuristic in HeuristicKind::ALL {
            for tie_break in TieBreak::ALL {
                configs.push(SearchConfig {
                    algorithm,
                    heuristic,
                    tie_break,
                    ..SearchConfig::default()
                });
            }
        }
    }
    configs.push(SearchConfig {
        algorithm: Algorithm::BreadthFirst,
        goal_test: GoalTest::OnGeneration,
        ..SearchConfig::default()
    });
    configs
}

fn assert_same(goal: Board, starts: &[Board], config: SearchConfig) {
    let mut lean = LeanSolver::new(goal, config).unwrap();
    for &start in starts {
        let mut engine = new_search(Problem::new(start, goal).unwrap(), config);
        engine.run(usize::MAX);
        let outcome = lean.solve(start);
        let what = format!("{} on {start}", config.describe());
        assert_eq!(outcome.stats, engine.stats(), "{what}");
        assert_eq!(outcome.path, engine.solution_boards(), "{what}");
    }
}

#[test]
fn lean_matches_the_engine_on_3x3() {
    let goal: Board = "123804765".parse().unwrap();
    let starts = boards_3x3(60, 11);
    for config in configs().into_iter().filter(worth_checking) {
        assert_same(goal, &starts, config);
    }
}

#[test]
fn lean_matches_the_engine_on_4x4() {
    let goal = Board::blank_last(4);
    let mut rng = Rng::new(5);
    let starts: Vec<Board> = (0..12)
        .map(|i| scramble(&goal, 8 + i / 2, &mut rng))
        .collect();
    // A* with h = 0 is uniform-cost search, which grows too fast on 4x4 for a quick test.
    let informed =
        |c: &SearchConfig| !c.algorithm.uses_heuristic() || c.heuristic != HeuristicKind::Zero;
    for config in configs()
        .into_iter()
        .filter(|c| worth_checking(c) && informed(c))
    {
        assert_same(goal, &starts, config);
    }
}

#[test]
fn lean_reuses_its_tables_across_goals_and_boards() {
    // The same solver, many boards: a stale entry from an earlier board would change counts.
    let goal = GoalPreset::BlankLast.board(3).unwrap();
    let table = DistanceTable::new(&goal).unwrap();
    let mut rng = Rng::new(3);
    let starts: Vec<Board> = (0..40)
        .map(|i| table.random_at(i % 28, &mut rng).unwrap())
        .collect();
    assert_same(goal, &starts, SearchConfig::default());
}

#[test]
fn lean_survives_clearing_its_stamped_tables() {
    // The per-state stamps run out after 63 breadth-first solves and 1,023 of the others, and
    // the tables are cleared; near boards keep the 1,100 solves quick.
    let goal: Board = "123804765".parse().unwrap();
    let table = DistanceTable::new(&goal).unwrap();
    let mut rng = Rng::new(17);
    let starts: Vec<Board> = (0..1100)
        .map(|i| table.random_at((i % 12) as u8, &mut rng).unwrap())
        .collect();
    let bfs = SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero);
    assert_same(goal, &starts, bfs);
    assert_same(goal, &starts, SearchConfig::default());
}

#[test]
fn lean_stops_at_the_node_limit_like_the_engine() {
    let goal: Board = "123804765".parse().unwrap();
    let start: Board = "567408321".parse().unwrap();
    let config = SearchConfig {
        algorithm: Algorithm::BreadthFirst,
        node_limit: 1000,
        ..SearchConfig::default()
    };
    let outcome = LeanSolver::new(goal, config).unwrap().solve(start);
    let mut engine = new_search(Problem::new(start, goal).unwrap(), config);
    engine.run(usize::MAX);
    assert!(outcome.limit_reached);
    assert_eq!(outcome.path, None);
    assert_eq!(outcome.stats, engine.stats());
}
