//! The grid as a [`SearchProblem`]: a cell is the state, a direction the action, and a move
//! costs what [`Grid::successors`] says (the engine's [`Cost`] has the grid's units, 1/10 000
//! of a step). The heuristic is chosen by [`GridHeuristic`] in the search's config.

use std::cell::RefCell;

use super::geometry::{Cell, Dir};
use super::heuristic::GridHeuristic;
use super::map::Grid;
use crate::search::{Cost, HeuristicChoice, SearchProblem};

impl HeuristicChoice for GridHeuristic {
    const ALL: &'static [GridHeuristic] = &GridHeuristic::ALL;

    fn name(self) -> &'static str {
        GridHeuristic::name(self)
    }

    fn title(self) -> &'static str {
        GridHeuristic::title(self)
    }
}

thread_local! {
    /// The grid's successors in its own units, before they become the engine's costs.
    static MOVES: RefCell<Vec<(Dir, Cell, u64)>> = const { RefCell::new(Vec::new()) };
}

impl SearchProblem for Grid {
    type State = Cell;
    type Action = Dir;
    type Key = Cell;
    type Heuristic = GridHeuristic;

    fn start(&self) -> Cell {
        Grid::start(self)
    }

    fn is_goal(&self, cell: &Cell) -> bool {
        Grid::is_goal(self, *cell)
    }

    fn successors(&self, cell: &Cell, out: &mut Vec<(Dir, Cell, Cost)>) {
        MOVES.with_borrow_mut(|moves| {
            Grid::successors(self, *cell, moves);
            out.extend(
                moves
                    .iter()
                    .map(|&(dir, next, cost)| (dir, next, Cost::from_raw(cost))),
            );
        });
    }

    fn heuristic(&self, which: GridHeuristic, cell: &Cell) -> Cost {
        Cost::from_raw(Grid::heuristic(self, which, *cell))
    }

    fn key(&self, cell: &Cell) -> Cell {
        *cell
    }

    fn describe(&self, cell: &Cell) -> String {
        cell.to_string()
    }

    fn describe_goal(&self) -> String {
        Grid::goal(self).to_string()
    }

    fn goal_state(&self) -> Option<Cell> {
        Some(Grid::goal(self))
    }

    /// The cells one move away from which `cell` is entered, each with that move and its cost
    /// (entering `cell`, so its terrain sets the cost), in the order of the connectivity's
    /// directions away from `cell`. [`Grid::step`] judges each move, so the rules and costs are
    /// exactly the forward ones.
    fn predecessors(&self, cell: &Cell, out: &mut Vec<(Dir, Cell, Cost)>) {
        for &away in self.connectivity().dirs() {
            let Some(from) = cell.step(away) else {
                continue;
            };
            if !self.is_passable(from) {
                continue;
            }
            let toward = away.reverse();
            if let Some((to, cost)) = self.step(from, toward) {
                debug_assert_eq!(to, *cell);
                out.push((toward, from, Cost::from_raw(cost)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::geometry::Connectivity;
    use super::super::presets;
    use super::*;
    use crate::search::{Algorithm, Search, SearchConfig, Status, TieBreak, new_search};

    fn solve(grid: &Grid, config: SearchConfig<GridHeuristic>) -> (Cost, Box<dyn Search<Grid>>) {
        let mut search = new_search(grid.clone(), config);
        search.run(usize::MAX);
        let Status::Solved { goal } = search.status() else {
            panic!("{:?} on a connected map: {:?}", config, search.status());
        };
        (search.node(goal).g, search)
    }

    /// Uniform-cost search and A* with every admissible heuristic find the true distance h*
    /// (one reverse Dijkstra over the map) on random maps with walls and weighted terrain, on
    /// both connectivities; BFS finds the fewest moves, which a weighted map makes dearer.
    #[test]
    fn the_engine_finds_true_distances_on_grids() {
        let mut checked = 0;
        for seed in 0..6u64 {
            let mut grid = presets::random(24, 18, 0.25, seed).unwrap();
            for (i, cell) in grid.cells().collect::<Vec<_>>().into_iter().enumerate() {
                if i % 7 == 3
                    && grid.is_passable(cell)
                    && cell != grid.start()
                    && cell != grid.goal()
                {
                    grid.paint_weight(cell, 2 + (i % 8) as u8).unwrap();
                }
            }
            for connectivity in [Connectivity::Four, Connectivity::Eight] {
                grid.set_connectivity(connectivity);
                let exact = grid.true_distances()[grid.index(grid.start())].unwrap();
                for heuristic in GridHeuristic::ALL {
                    for algorithm in [Algorithm::UniformCost, Algorithm::AStar] {
                        if algorithm == Algorithm::AStar
                            && !heuristic.is_admissible_on(connectivity)
                        {
                            continue;
                        }
                        for tie_break in TieBreak::ALL {
                            let config = SearchConfig {
                                tie_break,
                                ..SearchConfig::with(algorithm, heuristic)
                            };
                            let (cost, _) = solve(&grid, config);
                            assert_eq!(cost, Cost::from_raw(exact), "{config:?} seed {seed}");
                            checked += 1;
                        }
                    }
                }
                let bfs = SearchConfig::with(Algorithm::BreadthFirst, GridHeuristic::Zero);
                let (cost, search) = solve(&grid, bfs);
                assert!(cost >= Cost::from_raw(exact));
                let goal = search.solution().unwrap();
                let ucs = SearchConfig::with(Algorithm::UniformCost, GridHeuristic::Zero);
                let (_, cheapest) = solve(&grid, ucs);
                let fewest = search.node(*goal.last().unwrap()).depth;
                let cheapest_depth = cheapest.node(*cheapest.solution().unwrap().last().unwrap());
                assert!(fewest <= cheapest_depth.depth, "BFS orders by depth");
            }
        }
        assert!(checked > 300, "{checked}");
    }

    #[test]
    fn diagonal_costs_print_as_a_student_writes_them() {
        let mut grid = Grid::new(5, 5).unwrap();
        grid.set_connectivity(Connectivity::Eight);
        grid.set_goal(Cell::new(3, 1)).unwrap();
        let config = SearchConfig::with(Algorithm::AStar, GridHeuristic::Octile);
        let (cost, search) = solve(&grid, config);
        // One diagonal and two straight steps: 2 + √2.
        assert_eq!(cost.to_string(), "3.41");
        let path = search.solution().unwrap();
        assert_eq!(search.node(*path.last().unwrap()).depth, 3);
    }
}
