//! The grid as a [`SearchProblem`]: a cell is the state, a direction the action, and a move
//! costs what [`Grid::successors`] says (the engine's [`Cost`] has the grid's units, 1/10 000
//! of a step). The heuristic is chosen by [`GridHeuristic`] in the search's config.

use super::geometry::{Cell, Dir};
use super::heuristic::GridHeuristic;
use super::map::Grid;
use crate::search::{Cost, HeuristicChoice, SearchProblem, SeenIndex};

impl HeuristicChoice for GridHeuristic {
    const ALL: &'static [GridHeuristic] = &GridHeuristic::ALL;

    fn name(self) -> &'static str {
        GridHeuristic::name(self)
    }

    fn title(self) -> &'static str {
        GridHeuristic::title(self)
    }
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

    /// The moves of [`Grid::successors`], in its order, written straight into `out`.
    fn successors(&self, cell: &Cell, out: &mut Vec<(Dir, Cell, Cost)>) {
        for &dir in self.connectivity().dirs() {
            if let Some((next, cost)) = self.step(*cell, dir) {
                out.push((dir, next, Cost::from_raw(cost)));
            }
        }
    }

    fn heuristic(&self, which: GridHeuristic, cell: &Cell) -> Cost {
        Cost::from_raw(Grid::heuristic(self, which, *cell))
    }

    fn key(&self, cell: &Cell) -> Cell {
        *cell
    }

    /// One slot per cell, in row-major order ([`Grid::index`]).
    fn key_slots(&self) -> Option<usize> {
        Some(self.cell_count())
    }

    #[inline]
    fn key_slot(&self, cell: &Cell) -> usize {
        self.index(*cell)
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
    fn coordinates(&self, cell: &Cell) -> Option<(i64, i64)> {
        Some((i64::from(cell.x), i64::from(cell.y)))
    }
}

/// The record-free search's index of seen cells as one slot per cell of the map, in row-major
/// order: a lookup is an array read instead of a hash, which is what makes the record-free A*
/// on large maps as fast as a hand-written one (docs/performance.md).
pub struct DenseIndex {
    width: usize,
    /// The node of each cell, or `UNSEEN`.
    slots: Vec<u32>,
}

const UNSEEN: u32 = u32::MAX;

impl DenseIndex {
    /// An empty index for the cells of `grid`.
    pub fn new(grid: &Grid) -> DenseIndex {
        DenseIndex {
            width: grid.width(),
            slots: vec![UNSEEN; grid.cell_count()],
        }
    }

    #[inline]
    fn slot(&self, cell: Cell) -> usize {
        usize::from(cell.y) * self.width + usize::from(cell.x)
    }
}

impl SeenIndex<Cell> for DenseIndex {
    #[inline]
    fn get(&self, cell: &Cell) -> Option<u32> {
        let id = self.slots[self.slot(*cell)];
        (id != UNSEEN).then_some(id)
    }

    #[inline]
    fn insert(&mut self, cell: Cell, id: u32) {
        let slot = self.slot(cell);
        self.slots[slot] = id;
    }
}

#[cfg(test)]
mod tests {
    use super::super::geometry::Connectivity;
    use super::super::presets;
    use super::*;
    use crate::search::{
        Algorithm, Child, Node, NodeId, Search, SearchConfig, Stats, Status, TieBreak, new_search,
    };

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

    /// The record-free engine pops open in the stepping engine's order, so on random weighted
    /// maps, with every algorithm, tie-break and goal test, it finds the same path with the
    /// same counters, with either index; and it stops at the node limit exactly where the
    /// stepping engine does.
    #[test]
    fn the_record_free_engine_repeats_the_stepping_engine() {
        let mut checked = 0;
        for seed in 0..4u64 {
            let mut grid = presets::random(30, 20, 0.3, 40 + seed).unwrap();
            for (i, cell) in grid.cells().collect::<Vec<_>>().into_iter().enumerate() {
                if i % 5 == 1 && grid.is_passable(cell) && cell != grid.goal() {
                    let _ = grid.paint_weight(cell, 2 + (i % 8) as u8);
                }
            }
            for connectivity in [Connectivity::Four, Connectivity::Eight] {
                grid.set_connectivity(connectivity);
                let mut configs = Vec::new();
                for algorithm in crate::search::Algorithm::ALL {
                    for tie_break in TieBreak::ALL {
                        for heuristic in [GridHeuristic::Octile, GridHeuristic::Manhattan] {
                            configs.push(SearchConfig {
                                tie_break,
                                weight: 1.5,
                                ..SearchConfig::with(algorithm, heuristic)
                            });
                        }
                    }
                }
                configs.push(SearchConfig {
                    goal_test: crate::search::GoalTest::OnGeneration,
                    ..SearchConfig::with(Algorithm::BreadthFirst, GridHeuristic::Zero)
                });
                for config in configs {
                    let mut stepping = new_search(grid.clone(), config);
                    stepping.run(usize::MAX);
                    let expected = match stepping.status() {
                        Status::Solved { goal } => {
                            Some((stepping.node(goal).g, stepping.solution_states().unwrap()))
                        }
                        _ => None,
                    };
                    let dense =
                        crate::search::plain_search_with(&grid, config, DenseIndex::new(&grid))
                            .unwrap();
                    assert_eq!(dense.solution, expected, "{config:?} seed {seed}");
                    assert_eq!(dense.stats, stepping.stats(), "{config:?} seed {seed}");
                    let hashed = crate::search::plain_search(&grid, config).unwrap();
                    assert_eq!(hashed, dense, "{config:?} seed {seed}");

                    let limit = (stepping.stats().nodes as usize / 2).max(1);
                    let limited = SearchConfig {
                        node_limit: limit,
                        ..config
                    };
                    let mut stepping = new_search(grid.clone(), limited);
                    stepping.run(usize::MAX);
                    let plain = crate::search::plain_search(&grid, limited).unwrap();
                    assert_eq!(
                        plain.limit_reached,
                        stepping.status() == Status::LimitReached,
                        "{limited:?}"
                    );
                    assert_eq!(plain.stats, stepping.stats(), "{limited:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 200, "{checked}");
    }

    /// The grid without its numbering of cells, so the stepping engines keep their seen states
    /// in a hash map: the reference for the dense table the grid itself gets.
    #[derive(Clone)]
    struct Hashed(Grid);

    impl SearchProblem for Hashed {
        type State = Cell;
        type Action = Dir;
        type Key = Cell;
        type Heuristic = GridHeuristic;
        fn start(&self) -> Cell {
            self.0.start()
        }
        fn is_goal(&self, cell: &Cell) -> bool {
            self.0.is_goal(*cell)
        }
        fn successors(&self, cell: &Cell, out: &mut Vec<(Dir, Cell, Cost)>) {
            SearchProblem::successors(&self.0, cell, out);
        }
        fn heuristic(&self, which: GridHeuristic, cell: &Cell) -> Cost {
            SearchProblem::heuristic(&self.0, which, cell)
        }
        fn key(&self, cell: &Cell) -> Cell {
            *cell
        }
        fn describe(&self, cell: &Cell) -> String {
            cell.to_string()
        }
        fn describe_goal(&self) -> String {
            self.0.describe_goal()
        }
        fn goal_state(&self) -> Option<Cell> {
            SearchProblem::goal_state(&self.0)
        }
        fn predecessors(&self, cell: &Cell, out: &mut Vec<(Dir, Cell, Cost)>) {
            SearchProblem::predecessors(&self.0, cell, out);
        }
    }

    /// What a view can read of a search after a step: open (and the backward open list),
    /// closed, the nodes, the counters, the status and the last step.
    type Observed = (
        Vec<NodeId>,
        Option<Vec<NodeId>>,
        Vec<NodeId>,
        Vec<Node<Cell, Dir>>,
        Stats,
        Status,
        Option<(NodeId, bool, Vec<Child<Dir>>)>,
    );

    fn observe<P: SearchProblem<State = Cell, Action = Dir>>(search: &dyn Search<P>) -> Observed {
        let last = search.steps().checked_sub(1).map(|i| {
            let step = search.step_at(i);
            (step.expanded, step.goal_found, step.children.to_vec())
        });
        let nodes: Vec<_> = (0..search.node_count())
            .map(|i| *search.node(NodeId(i as u32)))
            .collect();
        let backward: Option<Vec<_>> = search
            .bidirectional()
            .map(|view| view.backward_open().collect());
        (
            search.open_nodes().collect::<Vec<_>>(),
            backward,
            search.closed().to_vec(),
            nodes,
            search.stats(),
            search.status(),
            last,
        )
    }

    /// With the grid's dense table of seen cells, every best-first and bidirectional search
    /// takes exactly the steps it takes with a hash map, and a step back undoes a step exactly:
    /// going back a third of the way (which must forget the cells those steps saw) and forward
    /// again repeats every step, and so does going back to the start.
    #[test]
    fn the_dense_table_steps_and_steps_back_like_the_hash_map() {
        let mut grid = presets::random(24, 16, 0.25, 91).unwrap();
        for (i, cell) in grid.cells().collect::<Vec<_>>().into_iter().enumerate() {
            if i % 5 == 2 && grid.is_passable(cell) && cell != grid.goal() {
                let _ = grid.paint_weight(cell, 2 + (i % 7) as u8);
            }
        }
        grid.set_connectivity(Connectivity::Eight);
        let algorithms = crate::search::Algorithm::EVERY
            .into_iter()
            .filter(|a| !a.checks_path_only());
        for algorithm in algorithms {
            let config = SearchConfig::with(algorithm, GridHeuristic::Octile);
            let mut dense = new_search(grid.clone(), config);
            let mut hashed = new_search(Hashed(grid.clone()), config);
            let mut seen = vec![observe(dense.as_ref())];
            while dense.step().is_some() {
                assert!(hashed.step().is_some(), "{algorithm}");
                seen.push(observe(dense.as_ref()));
                assert_eq!(
                    observe(hashed.as_ref()),
                    *seen.last().unwrap(),
                    "{algorithm}"
                );
            }
            assert!(hashed.step().is_none());
            assert!(seen.len() > 20, "{algorithm}: {} steps", seen.len());
            for target in [2 * seen.len() / 3, 0] {
                while dense.steps() > target {
                    assert!(dense.step_back());
                    assert_eq!(observe(dense.as_ref()), seen[dense.steps()], "{algorithm}");
                }
                while dense.step().is_some() {
                    assert_eq!(observe(dense.as_ref()), seen[dense.steps()], "{algorithm}");
                }
                assert_eq!(dense.steps() + 1, seen.len(), "{algorithm}");
            }
        }
    }

    #[test]
    fn cells_are_placed_at_their_coordinates() {
        let grid = Grid::new(6, 5).unwrap();
        assert_eq!(grid.coordinates(&Cell::new(4, 3)), Some((4, 3)));
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
