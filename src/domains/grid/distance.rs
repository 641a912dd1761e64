//! True distances h*: the cheapest cost from every cell to the goal, from one reverse Dijkstra
//! search. The inspector sets each heuristic against them, and tests use them to prove which
//! heuristics are admissible and consistent.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::geometry::Cell;
use super::map::Grid;

impl Grid {
    /// h* for every cell, indexed by [`Grid::index`]: the cost of the cheapest path from the cell
    /// to the goal, or `None` for walls and cells that cannot reach the goal.
    ///
    /// One Dijkstra search runs backwards from the goal with the same move rules as
    /// [`Grid::successors`]. Costs are not symmetric (a move costs the weight of the cell it
    /// enters), so the reverse edge from `v` to `u` is charged what the forward move `u → v`
    /// costs: the weight of `v`, the cell being settled. O(n log n) for n cells.
    ///
    /// ```
    /// use searchlab::domains::grid::{Cell, Grid};
    /// let grid = Grid::new(5, 5).unwrap();
    /// let h_star = grid.true_distances();
    /// assert_eq!(h_star[grid.index(grid.start())], Some(8 * 10_000));
    /// ```
    pub fn true_distances(&self) -> Vec<Option<u64>> {
        let mut dist: Vec<Option<u64>> = vec![None; self.cell_count()];
        let mut heap = BinaryHeap::new();
        let goal = self.index(self.goal());
        dist[goal] = Some(0);
        heap.push(Reverse((0u64, goal)));
        while let Some(Reverse((d, index))) = heap.pop() {
            if dist[index].is_some_and(|best| best < d) {
                continue; // A stale entry: the cell was settled cheaper.
            }
            let v = self.cell_at(index);
            for &dir in self.connectivity().dirs() {
                // u is the cell one step from v; the forward move is u → v, in the opposite
                // direction, and `step` applies exactly the forward rules and cost.
                let Some(u) = v.step(dir) else { continue };
                if !self.is_passable(u) {
                    continue;
                }
                let Some((_, cost)) = self.step(u, dir.reverse()) else {
                    continue;
                };
                let du = d + cost;
                let ui = self.index(u);
                if dist[ui].is_none_or(|best| du < best) {
                    dist[ui] = Some(du);
                    heap.push(Reverse((du, ui)));
                }
            }
        }
        dist
    }

    /// A cheapest path from the start to the goal, following `distances` (from
    /// [`Grid::true_distances`]): from each cell, the first move in generation order whose cost
    /// plus the h* of the cell reached equals the cell's own h*. `None` if the start cannot
    /// reach the goal.
    pub fn cheapest_path(&self, distances: &[Option<u64>]) -> Option<Vec<Cell>> {
        let mut cell = self.start();
        let mut path = vec![cell];
        let mut here = distances[self.index(cell)]?;
        let mut moves = Vec::with_capacity(8);
        while !self.is_goal(cell) {
            self.successors(cell, &mut moves);
            let (next, h) = moves.iter().find_map(|&(_, to, cost)| {
                let h = distances[self.index(to)]?;
                (cost + h == here).then_some((to, h))
            })?;
            cell = next;
            here = h;
            path.push(cell);
        }
        Some(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::grid::geometry::{Connectivity, CornerCutting, STRAIGHT_COST};
    use crate::domains::grid::heuristic::GridHeuristic;
    use crate::domains::grid::presets;

    /// Every way a grid can move: 4-connected, and 8-connected with and without cutting corners.
    const MOVE_RULES: [(Connectivity, CornerCutting); 3] = [
        (Connectivity::Four, CornerCutting::Forbidden),
        (Connectivity::Eight, CornerCutting::Forbidden),
        (Connectivity::Eight, CornerCutting::Allowed),
    ];
    /// Forward Dijkstra from one cell: the slow, obviously correct reference.
    fn forward_distance(grid: &Grid, from: Cell) -> Option<u64> {
        let mut dist = vec![u64::MAX; grid.cell_count()];
        let mut heap = BinaryHeap::new();
        dist[grid.index(from)] = 0;
        heap.push(Reverse((0, from)));
        let mut moves = Vec::new();
        while let Some(Reverse((d, cell))) = heap.pop() {
            if grid.is_goal(cell) {
                return Some(d);
            }
            if d > dist[grid.index(cell)] {
                continue;
            }
            grid.successors(cell, &mut moves);
            for &(_, to, cost) in &moves {
                if d + cost < dist[grid.index(to)] {
                    dist[grid.index(to)] = d + cost;
                    heap.push(Reverse((d + cost, to)));
                }
            }
        }
        None
    }

    /// Small maps with walls and weights, under every move rule.
    fn test_grids() -> Vec<Grid> {
        let mut grids = Vec::new();
        for seed in 0..6 {
            let mut grid = presets::random(9, 7, 0.3, seed).unwrap();
            for (i, cell) in grid.clone().cells().enumerate() {
                if grid.is_passable(cell) && (i as u64 + seed).is_multiple_of(5) {
                    grid.paint_weight(cell, 2 + (i % 8) as u8).unwrap();
                }
            }
            for (connectivity, corners) in MOVE_RULES {
                grid.set_connectivity(connectivity);
                grid.set_corner_cutting(corners);
                grids.push(grid.clone());
            }
        }
        grids
    }

    #[test]
    fn reverse_dijkstra_equals_forward_dijkstra_from_every_cell() {
        for grid in test_grids() {
            let h_star = grid.true_distances();
            for cell in grid.cells() {
                let expected = if grid.is_passable(cell) {
                    forward_distance(&grid, cell)
                } else {
                    None
                };
                assert_eq!(h_star[grid.index(cell)], expected, "{cell} on\n{grid:?}");
            }
        }
    }

    #[test]
    fn h_star_of_the_start_agrees_with_the_pathfinding_crate() {
        // An independent Dijkstra on larger maps than the every-cell check can afford.
        for seed in 0..8 {
            let mut grid = presets::random(64, 48, 0.25, seed).unwrap();
            let cells: Vec<Cell> = grid.cells().collect();
            for (i, &cell) in cells.iter().enumerate() {
                if grid.is_passable(cell) && (i as u64 * 7 + seed).is_multiple_of(11) {
                    grid.paint_weight(cell, 2 + (i % 8) as u8).unwrap();
                }
            }
            for (connectivity, corners) in MOVE_RULES {
                grid.set_connectivity(connectivity);
                grid.set_corner_cutting(corners);
                let mut moves = Vec::new();
                let reference = pathfinding::prelude::dijkstra(
                    &grid.start(),
                    |&cell| {
                        grid.successors(cell, &mut moves);
                        moves
                            .iter()
                            .map(|&(_, to, cost)| (to, cost))
                            .collect::<Vec<_>>()
                    },
                    |&cell| grid.is_goal(cell),
                )
                .map(|(_, cost)| cost);
                let h_star = grid.true_distances();
                assert!(
                    reference.is_some(),
                    "random maps connect their start and goal"
                );
                assert_eq!(h_star[grid.index(grid.start())], reference, "seed {seed}");
            }
        }
    }

    #[test]
    fn a_move_costs_the_weight_of_the_cell_entered() {
        let mut grid = Grid::new(5, 5).unwrap();
        grid.set_goal(Cell::new(2, 2)).unwrap();
        grid.paint_weight(Cell::new(2, 2), 9).unwrap();
        grid.paint_weight(Cell::new(2, 1), 9).unwrap();
        let h_star = grid.true_distances();
        let h = |x, y| h_star[grid.index(Cell::new(x, y))];
        // Entering the weight-9 goal costs 9 from anywhere; leaving the swamp north of it
        // costs nothing extra, so that cell's h* is the same as any neighbour's.
        assert_eq!(h(2, 1), Some(9 * STRAIGHT_COST));
        assert_eq!(h(1, 2), Some(9 * STRAIGHT_COST));
        // Entering (2, 1) costs 9, so from (2, 0) the way round through (1, 0), (1, 1) and
        // (1, 2) is cheaper: 3 + 9 rather than 9 + 9.
        assert_eq!(h(2, 0), Some(12 * STRAIGHT_COST));
    }

    #[test]
    fn walls_and_cut_off_cells_have_no_distance() {
        let mut grid = Grid::new(5, 5).unwrap();
        for cell in [Cell::new(3, 4), Cell::new(4, 3)] {
            grid.paint_wall(cell).unwrap();
        }
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            grid.set_connectivity(connectivity);
            let h_star = grid.true_distances();
            assert_eq!(h_star[grid.index(Cell::new(3, 4))], None);
            assert_eq!(h_star[grid.index(grid.start())], None, "{connectivity:?}");
            assert_eq!(grid.cheapest_path(&h_star), None);
        }
        grid.set_corner_cutting(CornerCutting::Allowed);
        let h_star = grid.true_distances();
        let path = grid.cheapest_path(&h_star).unwrap();
        assert_eq!(path.len(), 5, "the diagonal squeezes past the corner");
    }

    #[test]
    fn the_cheapest_path_costs_h_star_of_the_start() {
        for grid in test_grids() {
            let h_star = grid.true_distances();
            let Some(path) = grid.cheapest_path(&h_star) else {
                assert_eq!(h_star[grid.index(grid.start())], None);
                continue;
            };
            let cost: u64 = path
                .windows(2)
                .map(|pair| {
                    let dir = crate::domains::grid::Dir::ALL
                        .into_iter()
                        .find(|&d| pair[0].step(d) == Some(pair[1]))
                        .unwrap();
                    grid.step(pair[0], dir).unwrap().1
                })
                .sum();
            assert_eq!(Some(cost), h_star[grid.index(grid.start())]);
            assert_eq!(path.first(), Some(&grid.start()));
            assert_eq!(path.last(), Some(&grid.goal()));
        }
    }

    /// Every cell where `kind` says more than h*, and every move where h drops by more than the
    /// move costs.
    fn violations(grid: &Grid, kind: GridHeuristic) -> (usize, usize) {
        let h_star = grid.true_distances();
        let (mut over, mut inconsistent) = (0, 0);
        let mut moves = Vec::new();
        for cell in grid.cells() {
            let Some(hs) = h_star[grid.index(cell)] else {
                continue;
            };
            let h = grid.heuristic(kind, cell);
            over += usize::from(h > hs);
            grid.successors(cell, &mut moves);
            for &(_, to, cost) in &moves {
                inconsistent += usize::from(h > cost + grid.heuristic(kind, to));
            }
        }
        (over, inconsistent)
    }

    #[test]
    fn heuristics_claimed_admissible_are_admissible_and_consistent() {
        let mut grids = test_grids();
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            let mut open = presets::open_field(30, 20).unwrap();
            open.set_connectivity(connectivity);
            grids.push(open);
        }
        for grid in &grids {
            for kind in GridHeuristic::ALL {
                if kind.is_admissible_on(grid.connectivity()) {
                    assert_eq!(violations(grid, kind), (0, 0), "{kind} on\n{grid:?}");
                }
            }
        }
    }

    #[test]
    fn manhattan_overestimates_on_an_open_eight_connected_field() {
        let mut grid = presets::open_field(20, 15).unwrap();
        assert_eq!(violations(&grid, GridHeuristic::Manhattan), (0, 0));
        grid.set_connectivity(Connectivity::Eight);
        let (over, inconsistent) = violations(&grid, GridHeuristic::Manhattan);
        assert!(over > 0 && inconsistent > 0);
        // Octile is exact there: h = h* on every cell.
        let h_star = grid.true_distances();
        for cell in grid.cells() {
            assert_eq!(
                Some(grid.heuristic(GridHeuristic::Octile, cell)),
                h_star[grid.index(cell)]
            );
        }
    }
}
