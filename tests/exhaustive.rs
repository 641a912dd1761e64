//! Every solvable 3x3 state against goal 123804765: the optimal algorithms find optimal paths,
//! every path is legal, and the heuristics are admissible and consistent.
//!
//! The per-board searches run in the lean solver, which `tests/lean.rs` proves step-for-step
//! equal to the stepping engine; two threads share the boards.

use searchlab::puzzle::{Board, DistanceTable, Heuristic, HeuristicKind};
use searchlab::search::{Algorithm, LeanSolver, SearchConfig};

fn goal() -> Board {
    "123804765".parse().unwrap()
}

fn all_states(table: &DistanceTable) -> Vec<(Board, u8)> {
    table
        .states()
        .map(|b| (b, table.distance(&b).unwrap()))
        .collect()
}

/// Checks a path: starts at `start`, ends at the goal, one legal move per step.
fn assert_legal(path: &[Board], start: Board) {
    assert_eq!(path.first(), Some(&start));
    assert_eq!(path.last(), Some(&goal()));
    for pair in path.windows(2) {
        assert!(
            pair[0].move_to(&pair[1]).is_some(),
            "{:?} -> {:?} is not a move",
            pair[0],
            pair[1]
        );
    }
}

/// Solves every state with `config` on two threads; calls `check` with start, h*, and the path.
fn for_every_state(config: SearchConfig, check: impl Fn(Board, u8, &[Board]) + Sync) {
    let table = DistanceTable::new(&goal()).unwrap();
    let states = all_states(&table);
    assert_eq!(states.len(), 181_440);
    let half = states.len() / 2;
    std::thread::scope(|scope| {
        for chunk in [&states[..half], &states[half..]] {
            let check = &check;
            scope.spawn(move || {
                let mut solver = LeanSolver::new(goal(), config).unwrap();
                for &(start, distance) in chunk {
                    let outcome = solver.solve(start);
                    let path = outcome.path.expect("every state here is solvable");
                    check(start, distance, &path);
                }
            });
        }
    });
}

fn optimal_everywhere(algorithm: Algorithm, heuristic: HeuristicKind) {
    let config = SearchConfig::with(algorithm, heuristic);
    for_every_state(config, |start, distance, path| {
        assert_legal(path, start);
        assert_eq!(
            path.len() - 1,
            usize::from(distance),
            "{} {} on {start}",
            algorithm,
            heuristic
        );
    });
}

#[test]
fn bfs_is_optimal_on_every_state() {
    optimal_everywhere(Algorithm::BreadthFirst, HeuristicKind::Zero);
}

#[test]
fn astar_zero_is_optimal_on_every_state() {
    optimal_everywhere(Algorithm::AStar, HeuristicKind::Zero);
}

#[test]
fn astar_misplaced_is_optimal_on_every_state() {
    optimal_everywhere(Algorithm::AStar, HeuristicKind::Misplaced);
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
    for_every_state(config, |start, distance, path| {
        assert_legal(path, start);
        assert!(path.len() > usize::from(distance));
    });
}

#[test]
fn heuristics_are_admissible_and_ordered() {
    let table = DistanceTable::new(&goal()).unwrap();
    let h = |kind| Heuristic::new(kind, &goal());
    let (misplaced, manhattan, conflict) = (
        h(HeuristicKind::Misplaced),
        h(HeuristicKind::Manhattan),
        h(HeuristicKind::LinearConflict),
    );
    let mut strictly_better = 0;
    for (board, distance) in all_states(&table) {
        let exact = u32::from(distance);
        let (a, b, c) = (misplaced.h(&board), manhattan.h(&board), conflict.h(&board));
        assert!(
            a <= exact && b <= exact && c <= exact,
            "{board}: {a} {b} {c} > {exact}"
        );
        assert!(a <= b, "{board}: misplaced {a} > manhattan {b}");
        assert!(b <= c, "{board}: manhattan {b} > linear conflict {c}");
        strictly_better += usize::from(c > b);
    }
    // Linear conflict must actually add something, or the test above proves nothing about it.
    assert!(strictly_better > 10_000, "{strictly_better}");
}

#[test]
fn manhattan_and_linear_conflict_are_consistent_on_every_edge() {
    let table = DistanceTable::new(&goal()).unwrap();
    for kind in [HeuristicKind::Manhattan, HeuristicKind::LinearConflict] {
        let heuristic = Heuristic::new(kind, &goal());
        let mut edges = 0;
        for board in table.states() {
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
