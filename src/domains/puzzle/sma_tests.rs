//! SMA* on the 8-puzzle: seeded boards at known distances from the goal (the exact distance
//! table), solved in a roomy memory and in just enough memory for the solution's path; the
//! solution must always be as short as the table says.

use crate::domains::puzzle::{Board, DistanceTable, HeuristicKind, Problem, Rng, SearchConfig};
use crate::search::{Algorithm, Search, SmaStar, Status};

fn goal() -> Board {
    "123804765".parse().unwrap()
}

/// Seeded boards, one at each distance of `distances`, with their distances.
fn boards(distances: &[u8], seed: u64) -> Vec<(Board, u8)> {
    let table = DistanceTable::new(&goal()).unwrap();
    let mut rng = Rng::new(seed);
    distances
        .iter()
        .map(|&d| {
            let board = table
                .random_at(d, &mut rng)
                .expect("a board at that distance");
            assert_eq!(table.distance(&board), Some(d));
            (board, d)
        })
        .collect()
}

/// Solves `board` with SMA* in `memory` nodes by Manhattan distance; the solution's length
/// in moves, checking that the memory was never exceeded.
fn solution_length(board: Board, memory: u32) -> usize {
    let config = SearchConfig {
        memory_limit: memory,
        ..SearchConfig::with(Algorithm::SmaStar, HeuristicKind::Manhattan)
    };
    let mut search = SmaStar::try_new(Problem::new(board, goal()).unwrap(), config).unwrap();
    search.run(usize::MAX);
    assert!(
        matches!(search.status(), Status::Solved { .. }),
        "{board:?} in {memory} nodes: {:?}",
        search.status()
    );
    assert!(search.stats().max_held <= memory);
    let states = search.solution_states().expect("solved");
    assert_eq!(states[0], board);
    assert_eq!(*states.last().expect("a path"), goal());
    states.len() - 1
}

/// Optimal in 2000 nodes, and in d + 1 nodes (the path alone) for shallow boards.
#[test]
fn sma_solves_boards_optimally_within_memory() {
    for (board, d) in boards(&[0, 3, 6, 9, 12, 15], 5) {
        assert_eq!(solution_length(board, 2000), usize::from(d), "{board:?}");
    }
    for (board, d) in boards(&[1, 2, 3, 4, 5], 7) {
        let memory = u32::from(d) + 1;
        assert_eq!(
            solution_length(board, memory.max(2)),
            usize::from(d),
            "{board:?}"
        );
    }
}

/// A larger sample: more boards, deeper ones in 2000 nodes and tight memories up to depth 8.
#[test]
#[ignore = "slow: a larger sample of boards"]
fn slow_sma_solves_many_boards_optimally_within_memory() {
    for seed in 0..5 {
        for (board, d) in boards(&[4, 8, 12, 16, 18, 20], 100 + seed) {
            assert_eq!(solution_length(board, 2000), usize::from(d), "{board:?}");
        }
        for (board, d) in boards(&[1, 2, 3, 4, 5, 6, 7, 8], 200 + seed) {
            let memory = u32::from(d) + 1;
            assert_eq!(
                solution_length(board, memory.max(2)),
                usize::from(d),
                "{board:?}"
            );
        }
    }
}
