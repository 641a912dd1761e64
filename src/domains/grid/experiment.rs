//! Experiments on a map: for each depth d, starts drawn (seeded) from the open cells whose
//! cheapest path to the goal of this map takes d steps, each searched on the same map with its
//! start replaced. [`crate::search::run_by_depth`] draws the starts and runs the jobs; this
//! module gives the depth of every cell and turns a drawn cell into a search.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::AtomicBool;

use super::geometry::Cell;
use super::heuristic::GridHeuristic;
use super::map::Grid;
use crate::search::{
    DepthRange, ExperimentPlan, ExperimentRefusal, ExperimentTable, SearchConfig, draw_at_depth,
    run_from_starts,
};

/// How many depths the Experiments window samples on a map unless asked otherwise.
const DEPTHS_OFFERED: u32 = 10;

impl Grid {
    /// The depth of every cell, indexed by [`Grid::index`]: the fewest steps among the
    /// cheapest paths from the cell to the goal, or `None` for walls and cells that cannot
    /// reach the goal.
    ///
    /// One Dijkstra search runs backwards from the goal, as [`Grid::true_distances`] does,
    /// ordered by cost and then by steps: a cheapest path may take more steps than the shortest
    /// (round a swamp), and of several cheapest paths the fewest steps count, so the depth is
    /// one number per cell whatever order a search breaks its ties in.
    ///
    /// ```
    /// use searchlab::domains::grid::Grid;
    /// let grid = Grid::new(5, 5).unwrap();
    /// assert_eq!(grid.step_depths()[grid.index(grid.start())], Some(8));
    /// ```
    pub fn step_depths(&self) -> Vec<Option<u32>> {
        let mut best: Vec<Option<(u64, u32)>> = vec![None; self.cell_count()];
        let mut heap = BinaryHeap::new();
        let goal = self.index(self.goal());
        best[goal] = Some((0, 0));
        heap.push(Reverse((0u64, 0u32, goal)));
        while let Some(Reverse((cost, steps, index))) = heap.pop() {
            if best[index].is_some_and(|b| b < (cost, steps)) {
                continue; // A stale entry: the cell was settled cheaper or in fewer steps.
            }
            let v = self.cell_at(index);
            for &dir in self.connectivity().dirs() {
                // The forward move is u → v, so `step` charges what entering v costs.
                let Some(u) = v.step(dir) else { continue };
                if !self.is_passable(u) {
                    continue;
                }
                let Some((_, move_cost)) = self.step(u, dir.reverse()) else {
                    continue;
                };
                let through = (cost + move_cost, steps + 1);
                let ui = self.index(u);
                if best[ui].is_none_or(|b| through < b) {
                    best[ui] = Some(through);
                    heap.push(Reverse((through.0, through.1, ui)));
                }
            }
        }
        best.into_iter()
            .map(|b| b.map(|(_, steps)| steps))
            .collect()
    }
}

/// The depths the Experiments window offers on this map: up to the farthest cell that reaches
/// the goal, about ten of them. Refused when no cell but the goal reaches it.
pub fn depth_range(grid: &Grid) -> Result<DepthRange, ExperimentRefusal> {
    DepthRange::up_to_farthest(&grid.step_depths(), |farthest| {
        farthest.div_ceil(DEPTHS_OFFERED)
    })
}

/// The starts of one depth, drawn from `depths` (this map's [`Grid::step_depths`]) as an
/// experiment draws them.
pub fn starts_at(
    grid: &Grid,
    depths: &[Option<u32>],
    depth: u32,
    count: usize,
    seed: u64,
) -> Vec<Cell> {
    draw_at_depth(depths, depth, count, seed)
        .into_iter()
        .map(|index| grid.cell_at(index))
        .collect()
}

/// Runs the experiment on this map: [`ExperimentPlan::per_depth`] starts per depth, every
/// configuration on each, searched on the same map with its start replaced.
/// `progress(done, total)` is called after each (depth, configuration) job; setting `cancel`
/// stops it soon after.
pub fn run_experiment(
    grid: &Grid,
    configs: &[SearchConfig<GridHeuristic>],
    plan: &ExperimentPlan,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &AtomicBool,
) -> Result<ExperimentTable<GridHeuristic>, ExperimentRefusal> {
    let with_start = |i: usize| {
        let mut from = grid.clone();
        from.set_start(grid.cell_at(i))
            .expect("a drawn start is a open cell");
        from
    };
    run_from_starts(
        plan,
        &grid.step_depths(),
        configs,
        &with_start,
        progress,
        cancel,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::grid::presets;
    use crate::domains::grid::{Connectivity, CornerCutting};
    use crate::search::Algorithm;

    /// Forward Dijkstra from one cell by (cost, steps): the fewest steps of a cheapest path to
    /// the goal, found independently of the reverse search.
    fn forward_depth(grid: &Grid, from: Cell) -> Option<u32> {
        let mut best = vec![(u64::MAX, u32::MAX); grid.cell_count()];
        let mut heap = BinaryHeap::new();
        best[grid.index(from)] = (0, 0);
        heap.push(Reverse((0u64, 0u32, from)));
        let mut moves = Vec::new();
        while let Some(Reverse((cost, steps, cell))) = heap.pop() {
            if grid.is_goal(cell) {
                return Some(steps);
            }
            if (cost, steps) > best[grid.index(cell)] {
                continue;
            }
            grid.successors(cell, &mut moves);
            for &(_, to, move_cost) in &moves {
                let through = (cost + move_cost, steps + 1);
                if through < best[grid.index(to)] {
                    best[grid.index(to)] = through;
                    heap.push(Reverse((through.0, through.1, to)));
                }
            }
        }
        None
    }

    /// Maps with walls, swamps, and both move rules.
    fn maps() -> Vec<Grid> {
        let mut maps = Vec::new();
        for seed in 0..3 {
            let mut grid = presets::random(12, 9, 0.25, seed).unwrap();
            for (i, cell) in grid.clone().cells().enumerate() {
                if grid.is_passable(cell) && (i as u64 + seed).is_multiple_of(4) {
                    grid.paint_weight(cell, 2 + (i % 8) as u8).unwrap();
                }
            }
            for (connectivity, corners) in [
                (Connectivity::Four, CornerCutting::Forbidden),
                (Connectivity::Eight, CornerCutting::Forbidden),
                (Connectivity::Eight, CornerCutting::Allowed),
            ] {
                grid.set_connectivity(connectivity);
                grid.set_corner_cutting(corners);
                maps.push(grid.clone());
            }
        }
        maps.push(presets::weighted_terrain(30, 20).unwrap());
        maps
    }

    #[test]
    fn every_cell_has_the_depth_a_forward_search_finds() {
        for grid in maps() {
            let depths = grid.step_depths();
            for cell in grid.cells() {
                let expected = if grid.is_passable(cell) {
                    forward_depth(&grid, cell)
                } else {
                    None
                };
                assert_eq!(depths[grid.index(cell)], expected, "{cell} on\n{grid:?}");
            }
        }
    }

    #[test]
    fn drawn_starts_are_at_their_depth_and_repeat_from_their_seed() {
        for grid in maps() {
            let depths = grid.step_depths();
            let farthest = depths.iter().flatten().copied().max().unwrap();
            for depth in [1, farthest / 2, farthest] {
                let starts = starts_at(&grid, &depths, depth, 25, 3);
                assert_eq!(starts.len(), 25);
                for &start in &starts {
                    assert_eq!(forward_depth(&grid, start), Some(depth), "{start}");
                }
                assert_eq!(starts, starts_at(&grid, &depths, depth, 25, 3));
            }
            assert!(starts_at(&grid, &depths, farthest + 1, 5, 3).is_empty());
        }
        let grid = presets::open_field(30, 20).unwrap();
        let depths = grid.step_depths();
        assert_ne!(
            starts_at(&grid, &depths, 20, 10, 1),
            starts_at(&grid, &depths, 20, 10, 2)
        );
    }

    #[test]
    fn an_experiment_solves_every_start_at_its_depth() {
        // 4-connected without terrain: every cheapest path takes exactly d steps.
        let grid = presets::wall_with_gap(30, 20).unwrap();
        let configs = [
            SearchConfig::with(Algorithm::BreadthFirst, GridHeuristic::Zero),
            SearchConfig::with(Algorithm::AStar, GridHeuristic::Manhattan),
        ];
        let plan = ExperimentPlan {
            depths: vec![5, 10, 20],
            per_depth: 6,
            seed: 4,
            threads: 2,
        };
        let table =
            run_experiment(&grid, &configs, &plan, &|_, _| {}, &AtomicBool::new(false)).unwrap();
        assert_eq!(table.depths, [5, 10, 20]);
        for (&d, row) in table.depths.iter().zip(&table.entries) {
            for entry in row {
                assert_eq!((entry.solved, entry.unsolved), (6, 0));
                assert_eq!(entry.mean_length, f64::from(d));
                assert_eq!(entry.optimal, 1.0);
            }
            assert!(row[1].mean_generated <= row[0].mean_generated, "depth {d}");
        }
    }

    #[test]
    fn depths_beyond_the_farthest_cell_and_cancels_are_refused() {
        let grid = Grid::new(6, 5).unwrap();
        let range = depth_range(&grid).unwrap();
        assert_eq!((range.max, range.default_max, range.step), (9, 9, 1));
        let configs = [SearchConfig::with(
            Algorithm::AStar,
            GridHeuristic::Manhattan,
        )];
        let plan = ExperimentPlan {
            depths: vec![4, 10],
            per_depth: 2,
            seed: 1,
            threads: 1,
        };
        let run = |plan: &ExperimentPlan, cancel: bool| {
            run_experiment(&grid, &configs, plan, &|_, _| {}, &AtomicBool::new(cancel))
        };
        assert_eq!(
            run(&plan, false).unwrap_err(),
            ExperimentRefusal::NoInstanceAt {
                depth: 10,
                farthest: 9
            }
        );
        let plan = ExperimentPlan {
            depths: vec![4, 9],
            ..plan
        };
        assert_eq!(run(&plan, true).unwrap_err(), ExperimentRefusal::Stopped);
        let mut walled = grid.clone();
        for cell in [Cell::new(4, 4), Cell::new(5, 3)] {
            walled.paint_wall(cell).unwrap();
        }
        assert!(depth_range(&walled).is_err(), "the goal is walled in");
    }
}
