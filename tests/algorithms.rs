//! IDA*, iterative deepening, depth-limited DFS and the two bidirectional searches, measured
//! against exact answers: on 3x3 boards the distance table's (every state's exact distance), on
//! weighted grids A*'s cost and BFS's number of moves.
//!
//! The normal run takes a few boards of every distance, the two 31-move boards included (IDS,
//! whose probes grow as 1.7^d, only up to distance 16); `cargo test -- --ignored` runs the
//! `slow` checks on many more boards, IDS up to distance 22.

use searchlab::domains::grid::{Connectivity, Grid, GridHeuristic, presets};
use searchlab::domains::puzzle::{Board, DistanceTable, HeuristicKind, Problem, Rng, SearchConfig};
use searchlab::search::{self, Algorithm, Cost, Search, Status, new_search};

/// The goal whose two farthest boards need 31 moves, the most any 3x3 board needs.
fn blank_last() -> Board {
    Board::blank_last(3)
}

fn table() -> DistanceTable {
    DistanceTable::new(&blank_last()).unwrap()
}

/// `per_distance` seeded boards of every distance from 0 to `max` (31 has only two).
fn boards(table: &DistanceTable, per_distance: usize, max: u8, seed: u64) -> Vec<(Board, u8)> {
    let mut rng = Rng::new(seed);
    let mut boards = Vec::new();
    for d in 0..=max.min(table.max_distance()) {
        for _ in 0..per_distance.min(table.count_at(d)) {
            boards.push((table.random_at(d, &mut rng).unwrap(), d));
        }
    }
    boards
}

/// Checks a path: starts at `start`, ends at the goal, one legal move per step.
fn assert_legal(path: &[Board], start: Board, what: &str) {
    assert_eq!(path.first(), Some(&start), "{what}");
    assert_eq!(path.last(), Some(&blank_last()), "{what}");
    for pair in path.windows(2) {
        assert!(pair[0].move_to(&pair[1]).is_some(), "{what}: not a move");
    }
}

fn solve(config: SearchConfig, start: Board) -> Box<dyn Search<Problem>> {
    let mut search = new_search(Problem::new(start, blank_last()).unwrap(), config);
    search.run(usize::MAX);
    search
}

/// Every board's solution by `config` is legal and exactly as long as the table says.
fn optimal_on(config: SearchConfig, boards: &[(Board, u8)]) {
    assert!(!boards.is_empty());
    for &(start, distance) in boards {
        let what = format!("{} on {start} (distance {distance})", config.describe());
        let search = solve(config, start);
        assert!(
            matches!(search.status(), Status::Solved { .. }),
            "{what}: {:?}",
            search.status()
        );
        let path = search.solution_states().unwrap();
        assert_legal(&path, start, &what);
        assert_eq!(path.len() - 1, usize::from(distance), "{what}");
    }
}

fn config(algorithm: Algorithm) -> SearchConfig {
    SearchConfig::with(algorithm, HeuristicKind::Manhattan)
}

#[test]
fn idastar_is_optimal_on_boards_of_every_distance() {
    let table = table();
    let mut sample = boards(&table, 2, 31, 1);
    assert_eq!(sample.iter().filter(|(_, d)| *d == 31).count(), 2);
    optimal_on(config(Algorithm::IdaStar), &sample);
    // With the weaker misplaced-tiles estimate too, on the nearer half.
    sample.retain(|(_, d)| *d <= 20);
    let misplaced = SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Misplaced);
    optimal_on(misplaced, &sample);
}

#[test]
fn iterative_deepening_is_optimal_on_near_boards() {
    optimal_on(
        config(Algorithm::IterativeDeepening),
        &boards(&table(), 3, 16, 2),
    );
}

#[test]
fn bidirectional_bfs_is_optimal_on_boards_of_every_distance() {
    optimal_on(
        config(Algorithm::BidirectionalBfs),
        &boards(&table(), 3, 31, 3),
    );
}

#[test]
fn bidirectional_uniform_cost_is_optimal_on_boards_of_every_distance() {
    optimal_on(
        config(Algorithm::BidirectionalUcs),
        &boards(&table(), 3, 31, 4),
    );
}

/// IDA* counts its iterations: each bound is the smallest f pruned by the one before, so the
/// bounds rise, and the last is the solution's length (f = g at the goal, h admissible).
#[test]
fn idastar_bounds_rise_to_the_solution_length() {
    for (start, distance) in boards(&table(), 1, 31, 5) {
        let search = solve(config(Algorithm::IdaStar), start);
        let view = search.depth_first().unwrap();
        let bounds: Vec<Cost> = view.iterations.iter().map(|i| i.bound).collect();
        assert!(bounds.windows(2).all(|w| w[0] < w[1]), "{bounds:?}");
        assert_eq!(bounds.last(), Some(&Cost::from(u32::from(distance))));
        let expanded: u32 = view.iterations.iter().map(|i| i.expanded).sum();
        assert_eq!(expanded, search.stats().expanded);
        let path = search.solution().unwrap();
        assert_eq!(view.path, &path[..], "the current path ends at the goal");
    }
}

/// DFS finds some path within its depth limit (not the shortest), or says there is none
/// within it.
#[test]
fn depth_limited_dfs_paths_are_legal_and_within_the_limit() {
    let table = table();
    let mut longer = 0;
    for (start, distance) in boards(&table, 2, 14, 6) {
        for limit in [distance, distance + 4, 16] {
            let config = SearchConfig {
                depth_limit: u32::from(limit),
                ..config(Algorithm::DepthFirst)
            };
            let what = format!("dfs limit {limit} on {start} (distance {distance})");
            let search = solve(config, start);
            assert_eq!(search.depth_first().unwrap().iterations.len(), 1, "{what}");
            let path = search.solution_states().unwrap();
            assert_legal(&path, start, &what);
            assert!(path.len() - 1 <= usize::from(limit), "{what}");
            // The current path is checked for repeats, so no solution goes round a cycle.
            let distinct: std::collections::HashSet<&Board> = path.iter().collect();
            assert_eq!(distinct.len(), path.len(), "{what}: a state repeats");
            assert!(path.len() > usize::from(distance), "{what}");
            longer += usize::from(path.len() - 1 > usize::from(distance));
        }
        if distance > 0 {
            let short = SearchConfig {
                depth_limit: u32::from(distance - 1),
                ..config(Algorithm::DepthFirst)
            };
            let search = solve(short, start);
            assert_eq!(
                search.status(),
                Status::Exhausted,
                "{start} limit {}",
                distance - 1
            );
            assert!(search.depth_first().unwrap().next_bound.is_some());
        }
    }
    // DFS is not optimal: if it never took a longer path, the check above would be idle.
    assert!(longer > 5, "{longer}");
}

/// A random map with walls and weighted terrain, as the grid's own tests draw them.
fn weighted_grid(seed: u64, connectivity: Connectivity) -> Grid {
    let mut grid = presets::random(24, 18, 0.25, seed).unwrap();
    for (i, cell) in grid.cells().collect::<Vec<_>>().into_iter().enumerate() {
        if i % 5 == 2 && grid.is_passable(cell) && cell != grid.start() && cell != grid.goal() {
            grid.paint_weight(cell, 2 + (i % 8) as u8).unwrap();
        }
    }
    grid.set_connectivity(connectivity);
    grid
}

/// Bidirectional uniform-cost search finds A*'s cost (and the true distance) on weighted
/// grids, where the backward half's costs are those of entering each cell; bidirectional BFS
/// finds BFS's number of moves.
#[test]
fn bidirectional_searches_match_astar_and_bfs_on_weighted_grids() {
    let mut checked = 0;
    for seed in 0..12u64 {
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            let grid = weighted_grid(seed, connectivity);
            let Some(exact) = grid.true_distances()[grid.index(grid.start())] else {
                continue;
            };
            let run = |algorithm, heuristic| {
                let config = search::SearchConfig::<GridHeuristic>::with(algorithm, heuristic);
                let mut search = new_search(grid.clone(), config);
                search.run(usize::MAX);
                if algorithm == Algorithm::BidirectionalUcs {
                    // μ, summed from both halves' g, is the true distance too.
                    let meeting = search.bidirectional().unwrap().meeting.unwrap();
                    assert_eq!(meeting.length, Cost::from_raw(exact), "seed {seed}");
                }
                search.solution_states().expect("connected")
            };
            let cost_of = |states: &[searchlab::domains::grid::Cell]| -> Cost {
                states
                    .windows(2)
                    .map(|w| {
                        let mut out = Vec::new();
                        grid.successors(w[0], &mut out);
                        let (_, _, c) = out.iter().find(|(_, to, _)| *to == w[1]).expect("a move");
                        Cost::from_raw(*c)
                    })
                    .sum()
            };
            let heuristic = if connectivity == Connectivity::Four {
                GridHeuristic::Manhattan
            } else {
                GridHeuristic::Octile
            };
            let astar = run(Algorithm::AStar, heuristic);
            let bidirectional = run(Algorithm::BidirectionalUcs, GridHeuristic::Zero);
            assert_eq!(cost_of(&astar), Cost::from_raw(exact), "seed {seed}");
            assert_eq!(
                cost_of(&bidirectional),
                cost_of(&astar),
                "seed {seed} {connectivity:?}"
            );
            assert_eq!(bidirectional.first(), Some(&grid.start()));
            assert_eq!(bidirectional.last(), Some(&grid.goal()));
            let bfs = run(Algorithm::BreadthFirst, GridHeuristic::Zero);
            let bibfs = run(Algorithm::BidirectionalBfs, GridHeuristic::Zero);
            assert_eq!(bibfs.len(), bfs.len(), "seed {seed} {connectivity:?}");
            assert_eq!(bibfs.last(), Some(&grid.goal()));
            cost_of(&bibfs); // every step a legal move
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked}");
}

/// The grid's predecessors are its successors read backwards: u lists v with action d and cost
/// c exactly when v lists u with d and c, on every passable cell of weighted maps.
#[test]
fn grid_predecessors_mirror_successors() {
    use searchlab::search::SearchProblem;
    let mut checked = 0;
    for seed in 0..4u64 {
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            let grid = weighted_grid(seed, connectivity);
            let mut forward = Vec::new();
            let mut backward = Vec::new();
            for u in grid.cells().filter(|&c| grid.is_passable(c)) {
                forward.clear();
                SearchProblem::successors(&grid, &u, &mut forward);
                for &(d, v, c) in &forward {
                    backward.clear();
                    grid.predecessors(&v, &mut backward);
                    assert!(backward.contains(&(d, u, c)), "{u} -> {v}");
                    checked += 1;
                }
                backward.clear();
                grid.predecessors(&u, &mut backward);
                for &(d, p, c) in &backward {
                    forward.clear();
                    SearchProblem::successors(&grid, &p, &mut forward);
                    assert!(forward.contains(&(d, u, c)), "{p} -> {u}");
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
#[ignore = "minutes: many boards of every distance; run with -- --ignored"]
fn slow_new_algorithms_are_optimal_on_many_boards() {
    let table = table();
    let many = boards(&table, 40, 31, 7);
    optimal_on(config(Algorithm::IdaStar), &many);
    optimal_on(config(Algorithm::BidirectionalBfs), &many);
    optimal_on(config(Algorithm::BidirectionalUcs), &many);
    let near: Vec<(Board, u8)> = many.into_iter().filter(|(_, d)| *d <= 22).collect();
    optimal_on(config(Algorithm::IterativeDeepening), &near);
}
