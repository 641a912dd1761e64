//! The lean solver is the stepping engine without its records: same expansion order, same
//! counters, same path. Checked board by board for every config that behaves differently.

use searchlab::domains::puzzle::{
    Board, DistanceTable, GoalPreset, HeuristicKind, LeanSolver, Problem, Rng, SearchConfig,
    scramble,
};
use searchlab::search::{Algorithm, GoalTest, TieBreak, new_search};

fn boards_3x3(count: usize, seed: u64) -> Vec<Board> {
    let goal: Board = "123804765".parse().unwrap();
    let table = DistanceTable::new(&goal).unwrap();
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|i| table.random_at((i % 25) as u8, &mut rng).unwrap())
        .collect()
}

/// One config per distinct behaviour. BFS ignores h and the tie-break (it is first in, first
/// out): one per goal test. With h = 0 the smaller-h rule is first in, first out, and A* is
/// uniform-cost search. Uniform-cost search reads h only to break ties by the smaller h.
fn configs() -> Vec<SearchConfig> {
    let mut configs: Vec<SearchConfig> = [GoalTest::OnExpansion, GoalTest::OnGeneration]
        .into_iter()
        .map(|goal_test| SearchConfig {
            goal_test,
            tie_break: TieBreak::Fifo,
            ..SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero)
        })
        .collect();
    for algorithm in [Algorithm::UniformCost, Algorithm::AStar, Algorithm::Greedy] {
        for heuristic in HeuristicKind::ALL {
            for tie_break in TieBreak::ALL {
                let zero = heuristic == HeuristicKind::Zero;
                let smaller_h = tie_break == TieBreak::SmallerH;
                let distinct = match algorithm {
                    Algorithm::UniformCost => zero != smaller_h,
                    Algorithm::AStar => !zero,
                    _ => !(zero && smaller_h),
                };
                if distinct {
                    configs.push(SearchConfig {
                        algorithm,
                        heuristic,
                        tie_break,
                        ..SearchConfig::default()
                    });
                }
            }
        }
    }
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
        assert_eq!(outcome.path, engine.solution_states(), "{what}");
    }
}

#[test]
fn lean_matches_the_engine_on_3x3() {
    let goal: Board = "123804765".parse().unwrap();
    let starts = boards_3x3(60, 11);
    for config in configs() {
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
    // Greedy search with h = 0 has nothing to aim at: on 4x4 it wanders too far for a quick test.
    let aimed =
        |c: &SearchConfig| c.algorithm != Algorithm::Greedy || c.heuristic != HeuristicKind::Zero;
    for config in configs().into_iter().filter(aimed) {
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

/// The textbook breadth-first search: a queue, a set of boards seen, the goal tested when a board
/// is taken from the queue. The boards taken, in order (the goal last), the children generated,
/// and the boards seen.
fn queue_bfs(start: Board, goal: Board) -> (Vec<Board>, u32, u32) {
    let mut seen = std::collections::HashSet::from([start]);
    let mut queue = std::collections::VecDeque::from([start]);
    let (mut taken, mut generated) = (Vec::new(), 0);
    while let Some(board) = queue.pop_front() {
        taken.push(board);
        if board == goal {
            break;
        }
        for (child, _) in board.successors() {
            generated += 1;
            if seen.insert(child) {
                queue.push_back(child);
            }
        }
    }
    (taken, generated, seen.len() as u32)
}

#[test]
fn bfs_takes_boards_in_queue_order_whatever_the_tie_break_says() {
    let goal: Board = "123804765".parse().unwrap();
    let starts = boards_3x3(30, 23);
    for tie_break in TieBreak::ALL {
        // With Manhattan distance at hand, the smaller-h rule would reorder each layer.
        let config = SearchConfig {
            tie_break,
            ..SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Manhattan)
        };
        let mut lean = LeanSolver::new(goal, config).unwrap();
        for &start in &starts {
            let (taken, generated, nodes) = queue_bfs(start, goal);
            let what = format!("{tie_break:?} on {start}");
            let mut engine = new_search(Problem::new(start, goal).unwrap(), config);
            engine.run(usize::MAX);
            let closed: Vec<Board> = engine
                .closed()
                .iter()
                .map(|&id| engine.node(id).state)
                .collect();
            assert_eq!(closed, taken, "{what}");
            for stats in [engine.stats(), lean.solve(start).stats] {
                let counts = (stats.steps, stats.expanded, stats.generated, stats.nodes);
                let expected = (taken.len() as u32, taken.len() as u32 - 1, generated, nodes);
                assert_eq!(counts, expected, "{what}");
            }
        }
    }
}
