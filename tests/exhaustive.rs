//! The 3x3 puzzle measured against a breadth-first search written here, which shares no code with
//! the solvers or with `DistanceTable`: a `HashMap` and a queue over `Board::successors`.
//!
//! - The distance table, and the `pathfinding` crate's Dijkstra, agree with it on every state.
//! - Where one search per state is cheap (A* with Manhattan or linear conflict, greedy), every
//!   state is solved; the heuristics are checked for admissibility and consistency everywhere.
//! - BFS, uniform-cost search and A* with misplaced tiles expand most of the space on far boards,
//!   so every state would cost minutes: they run in the lean solver on 24 boards of every
//!   distance and the two 31-move boards, and on part of those in the stepping engine and in the
//!   `pathfinding` crate's searches. Every state for them: `cargo test -- --ignored`.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::OnceLock;

use searchlab::domains::puzzle::{
    Board, DistanceTable, Heuristic, HeuristicKind, LeanSolver, Problem, SearchConfig,
};
use searchlab::search::{Algorithm, GoalTest, new_search};

fn goal() -> Board {
    "123804765".parse().unwrap()
}

/// The goal whose two farthest boards need 31 moves, the most any 3x3 board needs.
fn blank_last() -> Board {
    Board::blank_last(3)
}

/// The fewest moves from every board that can reach `goal`, by a plain breadth-first search from
/// the goal (moves are reversible, so distance from the goal is distance to it).
fn plain_bfs(goal: Board) -> HashMap<Board, u8> {
    let mut distance = HashMap::from([(goal, 0u8)]);
    let mut queue = VecDeque::from([goal]);
    while let Some(board) = queue.pop_front() {
        let next = distance[&board] + 1;
        for (child, _) in board.successors() {
            distance.entry(child).or_insert_with(|| {
                queue.push_back(child);
                next
            });
        }
    }
    distance
}

/// [`plain_bfs`] towards [`goal`], computed once for every test of this file.
fn exact() -> &'static HashMap<Board, u8> {
    static EXACT: OnceLock<HashMap<Board, u8>> = OnceLock::new();
    EXACT.get_or_init(|| plain_bfs(goal()))
}

/// [`plain_bfs`] towards [`blank_last`].
fn exact_to_blank_last() -> &'static HashMap<Board, u8> {
    static EXACT: OnceLock<HashMap<Board, u8>> = OnceLock::new();
    EXACT.get_or_init(|| plain_bfs(blank_last()))
}

/// Every state with its distance, in a fixed order.
fn all_states() -> Vec<(Board, u8)> {
    let mut states: Vec<(Board, u8)> = exact().iter().map(|(&b, &d)| (b, d)).collect();
    states.sort_unstable();
    assert_eq!(states.len(), 181_440);
    states
}

/// Whether `to` is `from` with the blank swapped with one orthogonal neighbour, read from the
/// cells rather than from the move generator.
fn one_move_apart(from: &Board, to: &Board) -> bool {
    let (a, b) = (from.cells(), to.cells());
    let differ: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    let [i, j] = differ[..] else {
        return false;
    };
    let side = from.side();
    let adjacent = (i / side).abs_diff(j / side) + (i % side).abs_diff(j % side) == 1;
    adjacent && a[i] == b[j] && a[j] == b[i] && (a[i] == 0 || a[j] == 0)
}

/// Checks a path: starts at `start`, ends at `goal`, one legal move per step.
fn assert_legal(path: &[Board], start: Board, goal: Board, what: &str) {
    assert_eq!(path.first(), Some(&start), "{what}");
    assert_eq!(path.last(), Some(&goal), "{what}");
    for pair in path.windows(2) {
        assert!(
            one_move_apart(&pair[0], &pair[1]),
            "{what}: {} -> {} is not a move",
            pair[0],
            pair[1]
        );
    }
}

fn unsolvable_twin(board: &Board) -> Board {
    // Swapping two tiles flips the inversion parity and leaves the blank where it is.
    let mut cells = board.cells();
    let tiles: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] != 0)
        .take(2)
        .collect();
    cells.swap(tiles[0], tiles[1]);
    let text: String = cells.iter().map(|c| char::from(b'0' + c)).collect();
    text.parse().unwrap()
}

#[test]
fn the_distance_table_agrees_with_a_plain_bfs_on_every_state() {
    let goals = [
        (goal(), exact(), 30, None),
        (blank_last(), exact_to_blank_last(), 31, Some(2)),
    ];
    for (goal, plain, farthest, at_farthest) in goals {
        let table = DistanceTable::new(&goal).unwrap();
        assert_eq!(plain.len(), 181_440, "{goal}");
        assert_eq!(table.reachable(), plain.len(), "{goal}");
        for (board, &d) in plain {
            assert_eq!(table.distance(board), Some(d), "{board} to {goal}");
            let twin = unsolvable_twin(board);
            assert!(!plain.contains_key(&twin));
            assert_eq!(table.distance(&twin), None, "{twin} to {goal}");
        }
        let listed: HashSet<Board> = table.states().collect();
        assert_eq!(
            listed.len(),
            plain.len(),
            "{goal}: states() repeats a board"
        );
        assert!(listed.iter().all(|b| plain.contains_key(b)), "{goal}");
        let max = *plain.values().max().unwrap();
        assert_eq!((max, table.max_distance()), (farthest, farthest), "{goal}");
        for d in 0..=max + 1 {
            let count = plain.values().filter(|&&x| x == d).count();
            assert_eq!(table.count_at(d), count, "{goal}: boards at {d}");
        }
        if let Some(n) = at_farthest {
            assert_eq!(table.count_at(farthest), n);
        }
    }
}

#[test]
fn pathfinding_finds_the_same_distances_on_every_state() {
    for (goal, plain) in [(goal(), exact()), (blank_last(), exact_to_blank_last())] {
        let theirs = pathfinding::directed::dijkstra::dijkstra_all(&goal, |b| {
            successors(b).into_iter().map(|n| (n, 1u32))
        });
        // Every state but the goal, with the parent it is reached from and its cost.
        assert_eq!(theirs.len() + 1, plain.len(), "{goal}");
        for (board, &(parent, cost)) in &theirs {
            assert_eq!(Some(&(cost as u8)), plain.get(board), "{board} to {goal}");
            assert!(one_move_apart(board, &parent), "{board} to {goal}");
        }
    }
}

/// Solves every state with `config` in the lean solver; calls `check` with start, h* and path.
fn for_every_state(config: SearchConfig, mut check: impl FnMut(Board, u8, &[Board])) {
    let mut solver = LeanSolver::new(goal(), config).unwrap();
    for (start, distance) in all_states() {
        let outcome = solver.solve(start);
        let path = outcome.path.expect("every state here is solvable");
        check(start, distance, &path);
    }
}

fn optimal_everywhere(algorithm: Algorithm, heuristic: HeuristicKind) {
    let config = SearchConfig::with(algorithm, heuristic);
    for_every_state(config, |start, distance, path| {
        let what = format!("{algorithm} {heuristic} on {start}");
        assert_legal(path, start, goal(), &what);
        assert_eq!(path.len() - 1, usize::from(distance), "{what}");
    });
}

#[test]
fn astar_manhattan_is_optimal_on_every_state() {
    optimal_everywhere(Algorithm::AStar, HeuristicKind::Manhattan);
}

#[test]
fn astar_linear_conflict_is_optimal_on_every_state() {
    optimal_everywhere(Algorithm::AStar, HeuristicKind::LinearConflict);
}

#[test]
fn greedy_paths_are_legal_on_every_state() {
    let config = SearchConfig::with(Algorithm::Greedy, HeuristicKind::Manhattan);
    let mut longer = 0;
    for_every_state(config, |start, distance, path| {
        assert_legal(path, start, goal(), &format!("greedy on {start}"));
        assert!(path.len() > usize::from(distance), "greedy on {start}");
        longer += usize::from(path.len() - 1 > usize::from(distance));
    });
    // Greedy is not optimal: if it never took a longer path, the check above would be idle.
    assert!(longer > 10_000, "{longer}");
}

#[test]
fn heuristics_are_admissible_and_ordered() {
    let h = |kind| Heuristic::new(kind, &goal());
    let (misplaced, manhattan, conflict) = (
        h(HeuristicKind::Misplaced),
        h(HeuristicKind::Manhattan),
        h(HeuristicKind::LinearConflict),
    );
    let mut strictly_better = 0;
    let mut exact_somewhere = 0;
    for (board, distance) in all_states() {
        let exact = u32::from(distance);
        let (a, b, c) = (misplaced.h(&board), manhattan.h(&board), conflict.h(&board));
        assert!(
            a <= exact && b <= exact && c <= exact,
            "{board}: {a} {b} {c} > {exact}"
        );
        assert!(a <= b, "{board}: misplaced {a} > manhattan {b}");
        assert!(b <= c, "{board}: manhattan {b} > linear conflict {c}");
        strictly_better += usize::from(c > b);
        exact_somewhere += usize::from(c == exact && exact > 0);
    }
    // Linear conflict must actually add something, and reach h* on some boards, or the bounds
    // above would hold for a heuristic that is zero everywhere.
    assert!(strictly_better > 10_000, "{strictly_better}");
    assert!(exact_somewhere > 1_000, "{exact_somewhere}");
}

#[test]
fn manhattan_and_linear_conflict_are_consistent_on_every_edge() {
    for kind in [HeuristicKind::Manhattan, HeuristicKind::LinearConflict] {
        let heuristic = Heuristic::new(kind, &goal());
        let mut edges = 0;
        for (board, _) in all_states() {
            let h = heuristic.h(&board);
            for (next, _) in board.successors() {
                assert!(h <= 1 + heuristic.h(&next), "{kind}: {board} -> {next}");
                edges += 1;
            }
        }
        // 181,440 states with 2, 3 or 4 moves each: 483,840 directed edges.
        assert_eq!(edges, 483_840);
    }
}

/// How many boards of each distance the sample takes (all of them where there are fewer).
const PER_DISTANCE: usize = 24;

/// From this distance on, BFS and uniform-cost search expand tens of thousands of nodes, and the
/// stepping engine (which records every step) and `pathfinding` take every eighth board only.
const FAR: u8 = 16;

/// One board of the sample.
struct Case {
    goal: Board,
    start: Board,
    distance: u8,
    /// Whether the stepping engine and `pathfinding` solve it too, not only the lean solver.
    all_three: bool,
}

/// Boards to goal 123804765 at every distance from 0 to 30, spread over each distance's boards
/// in board order, and the two boards 31 moves from 123456780.
fn sample() -> Vec<Case> {
    let mut by_distance: Vec<Vec<Board>> = vec![Vec::new(); 31];
    for (board, d) in all_states() {
        by_distance[usize::from(d)].push(board);
    }
    let mut sample = Vec::new();
    for (d, boards) in by_distance.iter().enumerate() {
        let distance = d as u8;
        let stride = boards.len().div_ceil(PER_DISTANCE);
        sample.extend(
            boards
                .iter()
                .step_by(stride)
                .enumerate()
                .map(|(i, &start)| Case {
                    goal: goal(),
                    start,
                    distance,
                    all_three: distance < FAR || i % 8 == 0,
                }),
        );
    }
    let mut farthest: Vec<Board> = exact_to_blank_last()
        .iter()
        .filter(|&(_, &d)| d == 31)
        .map(|(&b, _)| b)
        .collect();
    farthest.sort_unstable();
    assert_eq!(farthest.len(), 2);
    sample.extend(farthest.into_iter().map(|start| Case {
        goal: blank_last(),
        start,
        distance: 31,
        all_three: true,
    }));
    sample
}

fn successors(board: &Board) -> Vec<Board> {
    board.successors().map(|(b, _)| b).collect()
}

/// Runs `config` on every board of the sample in the lean solver, and on part of it in the
/// stepping engine and in `reference` (the `pathfinding` crate's search for the same board); every
/// path must be legal and as short as h*.
fn optimal_on_the_sample(
    config: SearchConfig,
    reference: impl Fn(Board, Board) -> Option<Vec<Board>>,
) {
    let sample = sample();
    let all_three = sample.iter().filter(|c| c.all_three).count();
    assert!(sample.len() > 20 * 31, "{}", sample.len());
    assert!(all_three > 8 * 31, "{all_three}");
    let mut solvers: HashMap<Board, LeanSolver> = HashMap::new();
    for case in sample {
        let (goal, start) = (case.goal, case.start);
        let what = format!("{} on {start} to {goal}", config.describe());
        let solver = solvers
            .entry(goal)
            .or_insert_with(|| LeanSolver::new(goal, config).unwrap());
        let mut paths = vec![("lean", solver.solve(start).path)];
        if case.all_three {
            let mut engine = new_search(Problem::new(start, goal).unwrap(), config);
            engine.run(usize::MAX);
            paths.push(("engine", engine.solution_states()));
            paths.push(("pathfinding", reference(start, goal)));
        }
        for (who, path) in paths {
            let what = format!("{who}: {what}");
            let path = path.unwrap_or_else(|| panic!("{what}: no path"));
            assert_legal(&path, start, goal, &what);
            assert_eq!(path.len() - 1, usize::from(case.distance), "{what}");
        }
    }
}

fn bfs_on_the_sample(goal_test: GoalTest) {
    let config = SearchConfig {
        goal_test,
        ..SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero)
    };
    optimal_on_the_sample(config, |start, goal| {
        pathfinding::directed::bfs::bfs(&start, successors, |b| *b == goal)
    });
}

#[test]
fn bfs_is_optimal_on_a_sample_of_every_distance() {
    bfs_on_the_sample(GoalTest::OnExpansion);
}

#[test]
fn bfs_testing_at_generation_is_optimal_on_a_sample_of_every_distance() {
    bfs_on_the_sample(GoalTest::OnGeneration);
}

#[test]
fn uniform_cost_is_optimal_on_a_sample_of_every_distance() {
    let config = SearchConfig::with(Algorithm::UniformCost, HeuristicKind::Zero);
    optimal_on_the_sample(config, |start, goal| {
        pathfinding::directed::dijkstra::dijkstra(
            &start,
            |b| successors(b).into_iter().map(|n| (n, 1u32)),
            |b| *b == goal,
        )
        .map(|(path, _)| path)
    });
}

#[test]
fn astar_misplaced_is_optimal_on_a_sample_of_every_distance() {
    let config = SearchConfig::with(Algorithm::AStar, HeuristicKind::Misplaced);
    optimal_on_the_sample(config, |start, goal| {
        let misplaced = Heuristic::new(HeuristicKind::Misplaced, &goal);
        pathfinding::directed::astar::astar(
            &start,
            |b| successors(b).into_iter().map(|n| (n, 1u32)),
            |b| misplaced.h(b),
            |b| *b == goal,
        )
        .map(|(path, _)| path)
    });
}

// The searches that expand most of the space, on every state: minutes each.

#[test]
#[ignore = "minutes: every state through BFS; run with -- --ignored"]
fn bfs_is_optimal_on_every_state() {
    optimal_everywhere(Algorithm::BreadthFirst, HeuristicKind::Zero);
}

#[test]
#[ignore = "minutes: every state through uniform-cost search; run with -- --ignored"]
fn uniform_cost_is_optimal_on_every_state() {
    optimal_everywhere(Algorithm::UniformCost, HeuristicKind::Zero);
}

#[test]
#[ignore = "minutes: every state through A* with h = 0; run with -- --ignored"]
fn astar_zero_is_optimal_on_every_state() {
    optimal_everywhere(Algorithm::AStar, HeuristicKind::Zero);
}

#[test]
#[ignore = "minutes: every state through A* with misplaced tiles; run with -- --ignored"]
fn astar_misplaced_is_optimal_on_every_state() {
    optimal_everywhere(Algorithm::AStar, HeuristicKind::Misplaced);
}
