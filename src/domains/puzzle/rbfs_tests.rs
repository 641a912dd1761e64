//! RBFS on the 8-puzzle: with Manhattan distance it finds an optimal solution, checked
//! against the exact distance table on boards drawn at known distances.

use super::*;
use crate::search::{Algorithm, Rbfs, Search, Status};

fn goal() -> Board {
    "123804765".parse().unwrap()
}

/// Solves each board with RBFS and Manhattan distance: the solution is as long as the table
/// says, starts at the board, ends at the goal, and each state follows from the one before by
/// one move of the blank.
fn check_optimal(boards: &[(Board, u8)]) {
    for &(start, distance) in boards {
        let problem = Problem::new(start, goal()).unwrap();
        let config = SearchConfig::with(Algorithm::Rbfs, HeuristicKind::Manhattan);
        let mut search = Rbfs::try_new(problem, config).unwrap();
        search.run(usize::MAX);
        let Status::Solved { .. } = search.status() else {
            panic!("{start}: {:?}", search.status());
        };
        let path = search.solution_states().unwrap();
        assert_eq!(path.len() - 1, usize::from(distance), "{start}");
        assert_eq!((path[0], *path.last().unwrap()), (start, goal()), "{start}");
        for pair in path.windows(2) {
            let legal = Dir::ALL
                .into_iter()
                .any(|dir| pair[0].apply(dir).map(|(next, _)| next) == Some(pair[1]));
            assert!(legal, "{start}: {} to {} is no move", pair[0], pair[1]);
        }
    }
}

/// Seeded boards at each distance in `distances`, `per` of each.
fn boards(distances: impl Iterator<Item = u8>, per: usize, seed: u64) -> Vec<(Board, u8)> {
    let table = DistanceTable::new(&goal()).unwrap();
    let mut rng = Rng::new(seed);
    distances
        .flat_map(|d| std::iter::repeat_n(d, per))
        .map(|d| (table.random_at(d, &mut rng).unwrap(), d))
        .collect()
}

#[test]
fn rbfs_with_manhattan_is_optimal_on_boards_up_to_14_moves() {
    check_optimal(&boards(0..=14, 2, 41));
}

#[test]
#[ignore = "slow: boards up to 24 moves; run with --ignored"]
fn slow_rbfs_with_manhattan_is_optimal_on_more_boards() {
    check_optimal(&boards(0..=24, 6, 43));
}
