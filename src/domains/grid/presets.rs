//! Maps that teach, each built for any size from 5x5 to 1024x1024, and seeded random maps.
//! Every map has its start and goal free and connected (4-connected, so under every move rule).
//! Seeded maps depend only on their size and seed, through [`Rng`](crate::rng::Rng), so a lesson can name
//! a map by its seed and get the same one on every machine.

use std::collections::VecDeque;

use super::geometry::{Cell, Dir};
use super::map::{Grid, GridError, MAX_WEIGHT, Terrain};
use crate::rng::Rng;

/// The preset maps a lesson can start from.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Preset {
    /// No walls: BFS spreads as a diamond, A* narrows to an ellipse.
    #[default]
    OpenField,
    /// A wall across the map with one gap near its end: greedy runs straight at the wall.
    WallWithGap,
    /// A U-shaped wall around the start, open on the side away from the goal: greedy fills it.
    ConcaveU,
    /// A maze from a seed: every heuristic is misled at every dead end.
    Maze,
    /// Rooms joined by one door in each wall, placed from a seed.
    RoomsAndDoors,
    /// A swamp band (weight 9) across the straight line, with free ground round its end: the
    /// cheapest path takes more steps than the shortest.
    WeightedTerrain,
}

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 6] = [
        Preset::OpenField,
        Preset::WallWithGap,
        Preset::ConcaveU,
        Preset::Maze,
        Preset::RoomsAndDoors,
        Preset::WeightedTerrain,
    ];

    /// The name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            Preset::OpenField => "open-field",
            Preset::WallWithGap => "wall-with-gap",
            Preset::ConcaveU => "concave-u",
            Preset::Maze => "maze",
            Preset::RoomsAndDoors => "rooms-and-doors",
            Preset::WeightedTerrain => "weighted-terrain",
        }
    }

    /// Looks a preset up by its name, ignoring case and surrounding spaces.
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The size the preset is drawn at unless asked otherwise: width, height.
    pub fn default_size(self) -> (usize, usize) {
        match self {
            Preset::Maze => (31, 21),
            Preset::RoomsAndDoors => (40, 30),
            _ => (30, 20),
        }
    }

    /// Builds the preset at a size; `seed` matters only to the maze and the rooms' doors.
    pub fn build(self, width: usize, height: usize, seed: u64) -> Result<Grid, GridError> {
        match self {
            Preset::OpenField => open_field(width, height),
            Preset::WallWithGap => wall_with_gap(width, height),
            Preset::ConcaveU => concave_u(width, height),
            Preset::Maze => maze(width, height, seed),
            Preset::RoomsAndDoors => rooms_and_doors(width, height, seed),
            Preset::WeightedTerrain => weighted_terrain(width, height),
        }
    }
}

/// A cell from coordinates the presets computed inside the grid.
fn at(x: usize, y: usize) -> Cell {
    Cell::new(x as u16, y as u16)
}

/// An empty grid with the start and the goal placed.
fn with_endpoints(width: usize, height: usize, start: Cell, goal: Cell) -> Result<Grid, GridError> {
    let mut grid = Grid::new(width, height)?;
    grid.set_start(start)?;
    grid.set_goal(goal)?;
    Ok(grid)
}

/// Walls on the cells, except the start and the goal (which the presets never mean to cover).
fn walls(grid: &mut Grid, cells: impl IntoIterator<Item = Cell>) {
    for cell in cells {
        if cell != grid.start() && cell != grid.goal() {
            // Cells come from inside the grid and are not endpoints, so this cannot fail.
            let _ = grid.paint_wall(cell);
        }
    }
}

/// No walls, with the goal up and to the right of the start so that the search's shape shows.
pub fn open_field(width: usize, height: usize) -> Result<Grid, GridError> {
    let start = at(width / 5, height * 2 / 3);
    let goal = at(width - 1 - width / 5, height / 3);
    with_endpoints(width, height, start, goal)
}

/// A wall from top to bottom between the start and the goal, with one gap in the second row:
/// greedy best-first heads straight for the wall and slides along it.
pub fn wall_with_gap(width: usize, height: usize) -> Result<Grid, GridError> {
    let start = at(width / 4, height / 2);
    let goal = at(width - 1 - width / 4, height / 2);
    let mut grid = with_endpoints(width, height, start, goal)?;
    let x = width / 2;
    walls(&mut grid, (0..height).filter(|&y| y != 1).map(|y| at(x, y)));
    Ok(grid)
}

/// A U-shaped wall around the start, its back towards the goal and its mouth away from it:
/// greedy (and A* with a weak heuristic) fills the U before it turns round.
pub fn concave_u(width: usize, height: usize) -> Result<Grid, GridError> {
    let depth = (width / 6).max(1);
    let back = width / 2;
    let left = back.saturating_sub(2 * depth).max(1);
    let sy = height / 2;
    let arm = (height / 4).max(1);
    let (top, bottom) = (sy - arm, sy + arm);
    let start = at(back.saturating_sub(depth).max(left), sy);
    let goal = at(width - 1 - width / 10, sy);
    let mut grid = with_endpoints(width, height, start, goal)?;
    walls(&mut grid, (top..=bottom).map(|y| at(back, y)));
    walls(
        &mut grid,
        (left..back).flat_map(|x| [at(x, top), at(x, bottom)]),
    );
    Ok(grid)
}

/// A perfect maze (one path between any two cells) carved by a randomized depth-first
/// backtracker on the odd rows and columns; the start is at (1, 1) and the goal in the
/// farthest odd corner. With an even side the last row or column stays wall.
pub fn maze(width: usize, height: usize, seed: u64) -> Result<Grid, GridError> {
    let (mw, mh) = ((width - 1) / 2, (height - 1) / 2);
    let mut grid = with_endpoints(width, height, at(1, 1), at(2 * mw - 1, 2 * mh - 1))?;
    let all: Vec<Cell> = grid.cells().collect();
    walls(&mut grid, all);
    let mut rng = Rng::new(seed);
    let mut visited = vec![false; mw * mh];
    // Maze cell (i, j) is grid cell (2i + 1, 2j + 1); an explicit stack, since a 1024x1024
    // maze is a quarter of a million cells deep at worst.
    let mut stack = vec![(0usize, 0usize)];
    visited[0] = true;
    while let Some(&(i, j)) = stack.last() {
        let mut next = [(0, 0); 4];
        let mut n = 0;
        for (di, dj) in [(0isize, -1isize), (0, 1), (1, 0), (-1, 0)] {
            let (Some(ni), Some(nj)) = (i.checked_add_signed(di), j.checked_add_signed(dj)) else {
                continue;
            };
            if ni < mw && nj < mh && !visited[nj * mw + ni] {
                next[n] = (ni, nj);
                n += 1;
            }
        }
        if n == 0 {
            stack.pop();
            continue;
        }
        let (ni, nj) = next[rng.below(n)];
        visited[nj * mw + ni] = true;
        for cell in [
            at(2 * i + 1, 2 * j + 1),
            at(i + ni + 1, j + nj + 1),
            at(2 * ni + 1, 2 * nj + 1),
        ] {
            // Erasing a cell inside the grid cannot fail.
            let _ = grid.erase(cell);
        }
        stack.push((ni, nj));
    }
    Ok(grid)
}

/// Rooms in a grid of about 10x8 cells each, separated by walls one cell thick with one door
/// (placed from the seed) in every wall between two neighbouring rooms; the start is in the
/// middle of the top-left room and the goal in the middle of the bottom-right one.
pub fn rooms_and_doors(width: usize, height: usize, seed: u64) -> Result<Grid, GridError> {
    let (cols, rows) = ((width / 10).max(2), (height / 8).max(2));
    // Wall lines, and the edges of the grid as sentinels: room k spans lines[k] + 1 .. lines[k + 1].
    let xs: Vec<isize> = (0..=cols).map(|i| line(i, cols, width)).collect();
    let ys: Vec<isize> = (0..=rows).map(|j| line(j, rows, height)).collect();
    let middle = |lines: &[isize], k: usize| ((lines[k] + lines[k + 1]) / 2) as usize;
    let start = at(middle(&xs, 0), middle(&ys, 0));
    let goal = at(middle(&xs, cols - 1), middle(&ys, rows - 1));
    let mut grid = with_endpoints(width, height, start, goal)?;
    let inner_xs = &xs[1..cols];
    let inner_ys = &ys[1..rows];
    walls(
        &mut grid,
        inner_xs
            .iter()
            .flat_map(|&x| (0..height).map(move |y| at(x as usize, y))),
    );
    walls(
        &mut grid,
        inner_ys
            .iter()
            .flat_map(|&y| (0..width).map(move |x| at(x, y as usize))),
    );
    let mut rng = Rng::new(seed);
    let mut door =
        |from: isize, to: isize| (from + 1 + rng.below((to - from - 1) as usize) as isize) as usize;
    for &x in inner_xs {
        for j in 0..rows {
            let y = door(ys[j], ys[j + 1]);
            let _ = grid.erase(at(x as usize, y));
        }
    }
    for &y in inner_ys {
        for i in 0..cols {
            let x = door(xs[i], xs[i + 1]);
            let _ = grid.erase(at(x, y as usize));
        }
    }
    Ok(grid)
}

/// The k-th of `n` evenly spaced wall lines across a side of `len` cells; line 0 is the sentinel
/// just outside the grid (−1) and line n the one just past its end (`len`).
fn line(k: usize, n: usize, len: usize) -> isize {
    if k == 0 {
        -1
    } else if k == n {
        len as isize
    } else {
        (k * len / n) as isize
    }
}

/// A swamp band of weight 9 from the second row to the bottom, across the straight line from
/// the start (west edge) to the goal (east edge); the first row is free. Wading straight
/// through is the shortest path; walking round the band's end along the top is the cheapest,
/// as long as the band is wide enough for its height (it is a sixth of the height, and never
/// leaves fewer than two free columns on each side).
pub fn weighted_terrain(width: usize, height: usize) -> Result<Grid, GridError> {
    let sy = height / 2;
    let mut grid = with_endpoints(width, height, at(0, sy), at(width - 1, sy))?;
    let band = (height / 6 + 1).min(width - 4);
    let left = (width - band) / 2;
    for x in left..left + band {
        for y in 1..height {
            grid.paint_weight(at(x, y), MAX_WEIGHT)?;
        }
    }
    Ok(grid)
}

/// A random map: each cell a wall with probability `density` (clamped to 0..=1; NaN counts as
/// 0), the start in the top-left corner and the goal in the bottom-right. If the goal cannot be
/// reached, the walls are drawn again (up to 20 times), then a random monotone corridor from the
/// start to the goal is carved, so the map is always solvable.
pub fn random(width: usize, height: usize, density: f64, seed: u64) -> Result<Grid, GridError> {
    let density = if density.is_nan() {
        0.0
    } else {
        density.clamp(0.0, 1.0)
    };
    let empty = Grid::new(width, height)?;
    let mut rng = Rng::new(seed);
    let mut grid = empty.clone();
    for _ in 0..20 {
        grid = empty.clone();
        let cells: Vec<Cell> = grid.cells().filter(|_| rng.chance(density)).collect();
        walls(&mut grid, cells);
        if connected(&grid) {
            return Ok(grid);
        }
    }
    let (start, goal) = (grid.start(), grid.goal());
    let mut cell = start;
    while cell != goal {
        let east = cell.x < goal.x && (cell.y == goal.y || rng.chance(0.5));
        // The walk moves only towards the goal, so it stays inside the grid.
        let Some(next) = cell.step(if east { Dir::E } else { Dir::S }) else {
            break;
        };
        cell = next;
        let _ = grid.set(cell, Terrain::Free);
    }
    Ok(grid)
}

/// Whether the goal can be reached from the start with straight moves only (so with any rule).
fn connected(grid: &Grid) -> bool {
    let mut seen = vec![false; grid.cell_count()];
    let mut queue = VecDeque::from([grid.start()]);
    seen[grid.index(grid.start())] = true;
    while let Some(cell) = queue.pop_front() {
        if grid.is_goal(cell) {
            return true;
        }
        for dir in Dir::STRAIGHT {
            if let Some(next) = cell.step(dir).filter(|&c| grid.is_passable(c))
                && !seen[grid.index(next)]
            {
                seen[grid.index(next)] = true;
                queue.push_back(next);
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::grid::geometry::{COST_SCALE, Connectivity};
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// The length (base costs, weights ignored) of the shortest path from the start to the
    /// goal, and the least length among the cheapest paths: a Dijkstra search over the moves
    /// that keep cost + h* equal to h*. On a 4-connected grid a length is 10 000 per step.
    fn shortest_and_cheapest_lengths(grid: &Grid) -> (u64, u64) {
        let h_star = grid.true_distances();
        let search = |cheapest_only: bool| {
            let mut dist = vec![u64::MAX; grid.cell_count()];
            let mut heap = BinaryHeap::from([Reverse((0, grid.start()))]);
            dist[grid.index(grid.start())] = 0;
            let mut moves = Vec::new();
            while let Some(Reverse((d, cell))) = heap.pop() {
                if grid.is_goal(cell) {
                    return d;
                }
                grid.successors(cell, &mut moves);
                for &(dir, to, cost) in &moves {
                    let here = h_star[grid.index(cell)];
                    let tight = h_star[grid.index(to)].map(|h| h + cost) == here;
                    let next = d + dir.base_cost();
                    if (tight || !cheapest_only) && next < dist[grid.index(to)] {
                        dist[grid.index(to)] = next;
                        heap.push(Reverse((next, to)));
                    }
                }
            }
            panic!("goal not reached on\n{grid:?}")
        };
        (search(false), search(true))
    }

    #[test]
    fn every_preset_connects_its_start_and_goal_at_every_small_size() {
        let sizes = (5..=13).flat_map(|w| (5..=13).map(move |h| (w, h)));
        for (w, h) in sizes.chain([(30, 20), (40, 30), (64, 17), (17, 64)]) {
            for preset in Preset::ALL {
                let grid = preset.build(w, h, 7).unwrap();
                assert_eq!((grid.width(), grid.height()), (w, h));
                let h_star = grid.true_distances();
                assert!(
                    h_star[grid.index(grid.start())].is_some(),
                    "{preset:?} {w}x{h}"
                );
                assert_ne!(grid.start(), grid.goal(), "{preset:?} {w}x{h}");
            }
        }
    }

    #[test]
    fn presets_refuse_bad_sizes_and_names_round_trip() {
        for preset in Preset::ALL {
            assert!(preset.build(4, 10, 0).is_err());
            assert_eq!(Preset::from_name(preset.name()), Some(preset));
            let (w, h) = preset.default_size();
            assert!(preset.build(w, h, 0).is_ok());
        }
    }

    #[test]
    fn the_wall_has_exactly_one_gap_and_greedy_would_hit_it() {
        let grid = wall_with_gap(30, 20).unwrap();
        let x = 15;
        let gaps: Vec<u16> = (0..20)
            .filter(|&y| grid.is_passable(Cell::new(x, y)))
            .collect();
        assert_eq!(gaps, [1]);
        assert_eq!(
            grid.start().y,
            grid.goal().y,
            "the straight line runs into the wall"
        );
        assert!(grid.start().x < 15 && grid.goal().x > 15);
    }

    #[test]
    fn the_u_surrounds_the_start_on_three_sides() {
        let grid = concave_u(30, 20).unwrap();
        let s = grid.start();
        let blocked = |dir: Dir| {
            let mut cell = s;
            while let Some(next) = cell.step(dir).filter(|&c| grid.contains(c)) {
                if !grid.is_passable(next) {
                    return true;
                }
                cell = next;
            }
            false
        };
        assert!(blocked(Dir::N) && blocked(Dir::S) && blocked(Dir::E));
        assert!(!blocked(Dir::W), "the mouth faces away from the goal");
        assert!(grid.goal().x > s.x);
        // Walking out of the mouth and round costs more than the straight-line distance.
        let h_star = grid.true_distances()[grid.index(s)].unwrap();
        assert!(h_star > COST_SCALE * u64::from(grid.goal().x - s.x) + 10 * COST_SCALE);
    }

    #[test]
    fn mazes_are_perfect_and_depend_only_on_the_seed() {
        let a = maze(31, 21, 1).unwrap();
        assert_eq!(a, maze(31, 21, 1).unwrap());
        assert_ne!(a, maze(31, 21, 2).unwrap());
        // A spanning tree of 15x10 maze cells: 150 cells and 149 openings between them.
        let free = a.cell_count() - a.wall_count();
        assert_eq!(free, 150 + 149);
        let h_star = a.true_distances();
        assert!(
            a.cells()
                .all(|c| a.is_passable(c) == h_star[a.index(c)].is_some())
        );
    }

    #[test]
    fn every_room_is_reached_through_its_doors() {
        let grid = rooms_and_doors(40, 30, 3).unwrap();
        assert_ne!(grid, rooms_and_doors(40, 30, 4).unwrap());
        // 4x3 rooms: 3 vertical and 2 horizontal walls.
        assert_eq!(grid.terrain(Cell::new(10, 0)), Terrain::Wall);
        assert_eq!(grid.terrain(Cell::new(0, 10)), Terrain::Wall);
        let h_star = grid.true_distances();
        let unreachable = grid
            .cells()
            .filter(|&c| grid.is_passable(c) && h_star[grid.index(c)].is_none())
            .count();
        assert_eq!(unreachable, 0);
        // Doors: one per wall segment between two rooms, 3·3 + 2·4.
        let doors = grid.cell_count() - grid.wall_count();
        let room_cells: usize = (40 - 3) * (30 - 2);
        assert_eq!(doors - room_cells, 17);
    }

    #[test]
    fn on_weighted_terrain_the_cheapest_path_is_not_the_shortest() {
        for (w, h) in [(30, 20), (20, 15), (40, 30), (5, 5), (64, 64)] {
            for connectivity in [Connectivity::Four, Connectivity::Eight] {
                let mut grid = weighted_terrain(w, h).unwrap();
                grid.set_connectivity(connectivity);
                let (shortest, cheapest) = shortest_and_cheapest_lengths(&grid);
                // 4-connected, a longer path is one with more steps; 8-connected, the detour
                // may swap straight steps for diagonals and keep the count, but not the length.
                assert!(
                    cheapest > shortest,
                    "{w}x{h} {connectivity:?}: {cheapest} vs {shortest}"
                );
            }
        }
    }

    #[test]
    fn random_maps_follow_density_and_seed_and_always_connect() {
        let a = random(40, 30, 0.25, 9).unwrap();
        assert_eq!(a, random(40, 30, 0.25, 9).unwrap());
        assert_ne!(a, random(40, 30, 0.25, 10).unwrap());
        let share = a.wall_count() as f64 / a.cell_count() as f64;
        assert!((0.2..0.3).contains(&share), "{share}");
        assert_eq!(random(10, 10, 0.0, 1).unwrap().wall_count(), 0);
        assert_eq!(random(10, 10, f64::NAN, 1).unwrap().wall_count(), 0);
        // Far too dense to connect by chance: the carved corridor connects it.
        for seed in 0..5 {
            let dense = random(30, 20, 0.9, seed).unwrap();
            assert!(connected(&dense));
            assert!(dense.wall_count() > 300);
        }
    }
}
