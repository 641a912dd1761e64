//! The grid itself: its size, one byte per cell, the start and the goal, the move rules
//! (successors with their costs) and the editing operations the window's mouse tools call.
//!
//! Invariants every constructor and edit keeps: both sides are 5 to 1024 cells, every byte is
//! one of the codes below (a [`Terrain`] and its map letter), and the start and the goal are
//! inside the grid and not walls.

use thiserror::Error;

use super::geometry::{Cell, Connectivity, CornerCutting, Dir};

/// The smallest width or height of a grid.
pub const MIN_SIDE: usize = 5;
/// The largest width or height of a grid.
pub const MAX_SIDE: usize = 1024;
/// The smallest weight of a weighted cell (free ground weighs 1).
pub const MIN_WEIGHT: u8 = 2;
/// The largest weight of a weighted cell.
pub const MAX_WEIGHT: u8 = 9;

/// What a cell is made of, as far as a search is concerned.
///
/// A grid also remembers which map letter each cell was read from ([`Grid::letter`]), so a
/// MovingAI map keeps its `G`, `O`, `T`, `S` and `W` when it is written back; the terrain is
/// what those letters mean for moves and costs.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Terrain {
    /// Open ground (`.`, and MovingAI's `G` ground and `S` swamp): entering costs one step
    /// (straight) or √2 (diagonal).
    #[default]
    Free,
    /// Impassable (`@`, and MovingAI's `O` out of bounds and `T` trees).
    Wall,
    /// searchlab's weighted terrain (the digits `2` to `9` of its own grid file): entering
    /// costs the step times this weight, [`MIN_WEIGHT`] to [`MAX_WEIGHT`].
    Weight(u8),
    /// MovingAI's water (`W`): crossed at the cost of ground, but only from other water, so
    /// no move leads between water and ground (free or weighted).
    Water,
}

// The byte stored for each cell: its terrain and the letter it is written as.
/// `@`, a wall.
const WALL: u8 = 0;
/// `.`, free ground; weights 2 to 9 are stored as themselves.
const FREE: u8 = 1;
/// `G`, MovingAI ground.
const GROUND: u8 = 10;
/// `O`, MovingAI out of bounds.
const OUT_OF_BOUNDS: u8 = 11;
/// `T`, MovingAI trees.
const TREES: u8 = 12;
/// `S`, MovingAI swamp.
const SWAMP: u8 = 13;
/// `W`, MovingAI water.
const WATER: u8 = 14;

/// The letter of each stored byte, indexed by the byte.
const LETTERS: [u8; 15] = *b"@.23456789GOTSW";

/// Which cells a move may join: a move goes between two cells of the same region, never into
/// a wall.
const BLOCKED: u8 = 0;
const LAND: u8 = 1;
const SEA: u8 = 2;

/// The region of each stored byte (every other byte is never stored).
const REGION: [u8; 256] = {
    let mut table = [BLOCKED; 256];
    let mut code = FREE;
    while code <= 9 {
        table[code as usize] = LAND;
        code += 1;
    }
    table[GROUND as usize] = LAND;
    table[SWAMP as usize] = LAND;
    table[WATER as usize] = SEA;
    table
};

/// The weight of entering a cell, by its stored byte: 1 for ground and water, the weight of
/// weighted terrain (walls are never entered).
const WEIGHT: [u8; 256] = {
    let mut table = [1; 256];
    let mut code = MIN_WEIGHT;
    while code <= MAX_WEIGHT {
        table[code as usize] = code;
        code += 1;
    }
    table
};

impl Terrain {
    /// The multiplier on the cost of entering the cell, or `None` for a wall.
    pub fn weight(self) -> Option<u64> {
        match self {
            Terrain::Free | Terrain::Water => Some(1),
            Terrain::Wall => None,
            Terrain::Weight(w) => Some(u64::from(w)),
        }
    }

    /// Whether a search may enter the cell (water only from water).
    pub fn is_passable(self) -> bool {
        self != Terrain::Wall
    }

    /// The terrain a map letter stands for: `.` `G` `S` free, `@` `O` `T` wall, `W` water,
    /// `2` to `9` weighted; `None` for any other character. Which letters a file may use is
    /// its format's business ([`super::movingai`] and [`super::text`]).
    pub fn of_letter(letter: char) -> Option<Terrain> {
        code_of_letter(letter).map(Terrain::from_code)
    }

    /// The stored byte, or an error for a weight outside 2 to 9.
    fn code(self) -> Result<u8, GridError> {
        match self {
            Terrain::Free => Ok(FREE),
            Terrain::Wall => Ok(WALL),
            Terrain::Weight(w) if (MIN_WEIGHT..=MAX_WEIGHT).contains(&w) => Ok(w),
            Terrain::Weight(w) => Err(GridError::Weight(w)),
            Terrain::Water => Ok(WATER),
        }
    }

    /// The terrain a stored byte stands for (the grid stores only valid bytes).
    fn from_code(code: u8) -> Terrain {
        match code {
            WALL | OUT_OF_BOUNDS | TREES => Terrain::Wall,
            FREE | GROUND | SWAMP => Terrain::Free,
            WATER => Terrain::Water,
            w => Terrain::Weight(w),
        }
    }
}

/// The stored byte of a map letter.
fn code_of_letter(letter: char) -> Option<u8> {
    let byte = u8::try_from(letter).ok()?;
    LETTERS
        .iter()
        .position(|&l| l == byte)
        .map(|code| code as u8)
}

/// The start or the goal, to say which one an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Endpoint {
    /// Where the search begins.
    Start,
    /// Where the search must arrive.
    Goal,
}

impl std::fmt::Display for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Endpoint::Start => "start",
            Endpoint::Goal => "goal",
        })
    }
}

/// Why a grid could not be made or edited.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GridError {
    /// A side outside 5 to 1024.
    #[error("a grid is {MIN_SIDE} to {MAX_SIDE} cells on each side, not {width}x{height}")]
    Size {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// A cell beyond the edge.
    #[error("cell {cell} is outside the {width}x{height} grid")]
    OutOfBounds {
        /// The cell asked for.
        cell: Cell,
        /// The grid's width.
        width: usize,
        /// The grid's height.
        height: usize,
    },
    /// A weight outside 2 to 9.
    #[error("a weight is {MIN_WEIGHT} to {MAX_WEIGHT}, not {0}")]
    Weight(u8),
    /// A character that is no map letter.
    #[error("`{0}` is not a map cell")]
    Letter(char),
    /// The start or the goal would be on a wall (moved onto one, or a wall painted over it).
    #[error("the {endpoint} cannot be on a wall, at {cell}")]
    Blocked {
        /// Which of the two.
        endpoint: Endpoint,
        /// The cell concerned.
        cell: Cell,
    },
}

/// A grid map: the problem's world. Cells are stored row by row, one byte each: the cell's
/// [`Terrain`] and the letter a map file writes for it ([`Grid::letter`]).
///
/// A move into a cell costs the step's base cost ([`Dir::base_cost`]: 10 000 straight,
/// 14 143 diagonal) times the weight of the cell **entered** (1 for free ground and water), so
/// leaving weighted terrain is cheap and entering it is dear; costs are therefore not
/// symmetric. A move joins two cells of the same kind only: ground (free or weighted) with
/// ground, water with water.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: u16,
    height: u16,
    cells: Vec<u8>,
    start: Cell,
    goal: Cell,
    connectivity: Connectivity,
    corner_cutting: CornerCutting,
}

impl Grid {
    /// An all-free grid with the start in the top-left corner and the goal in the bottom-right,
    /// 4-connected, corner cutting forbidden.
    ///
    /// ```
    /// use searchlab::domains::grid::{Cell, Grid};
    /// let grid = Grid::new(20, 15).unwrap();
    /// assert_eq!(grid.goal(), Cell::new(19, 14));
    /// assert!(Grid::new(4, 15).is_err());
    /// ```
    pub fn new(width: usize, height: usize) -> Result<Grid, GridError> {
        let side = MIN_SIDE..=MAX_SIDE;
        if !side.contains(&width) || !side.contains(&height) {
            return Err(GridError::Size { width, height });
        }
        // Both sides are at most 1024, so they and every coordinate fit in a u16.
        let (w, h) = (width as u16, height as u16);
        Ok(Grid {
            width: w,
            height: h,
            cells: vec![FREE; width * height],
            start: Cell::new(0, 0),
            goal: Cell::new(w - 1, h - 1),
            connectivity: Connectivity::default(),
            corner_cutting: CornerCutting::default(),
        })
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// The number of cells, width × height.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// Where the search begins.
    pub fn start(&self) -> Cell {
        self.start
    }

    /// Where the search must arrive.
    pub fn goal(&self) -> Cell {
        self.goal
    }

    /// The goal test.
    pub fn is_goal(&self, cell: Cell) -> bool {
        cell == self.goal
    }

    /// Which neighbours a cell has.
    pub fn connectivity(&self) -> Connectivity {
        self.connectivity
    }

    /// Sets which neighbours a cell has.
    pub fn set_connectivity(&mut self, connectivity: Connectivity) {
        self.connectivity = connectivity;
    }

    /// Whether diagonals may pass a wall's corner (8-connected grids only).
    pub fn corner_cutting(&self) -> CornerCutting {
        self.corner_cutting
    }

    /// Sets whether diagonals may pass a wall's corner.
    pub fn set_corner_cutting(&mut self, corner_cutting: CornerCutting) {
        self.corner_cutting = corner_cutting;
    }

    /// Whether the cell is inside the grid.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.x < self.width && cell.y < self.height
    }

    /// The cell's position in row-major order: `y · width + x`. Tables indexed by cell, such as
    /// [`Grid::true_distances`], use it.
    ///
    /// # Panics
    /// In debug builds, if the cell is outside the grid.
    pub fn index(&self, cell: Cell) -> usize {
        debug_assert!(self.contains(cell), "{cell} outside the grid");
        usize::from(cell.y) * usize::from(self.width) + usize::from(cell.x)
    }

    /// The cell at a row-major position (the inverse of [`Grid::index`]).
    pub fn cell_at(&self, index: usize) -> Cell {
        let w = usize::from(self.width);
        Cell::new((index % w) as u16, (index / w) as u16)
    }

    /// Every cell in row-major order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.cells.len()).map(|i| self.cell_at(i))
    }

    /// What the cell is made of.
    ///
    /// # Panics
    /// If the cell is outside the grid (check with [`Grid::contains`]).
    pub fn terrain(&self, cell: Cell) -> Terrain {
        assert!(self.contains(cell), "{cell} outside the grid");
        Terrain::from_code(self.cells[self.index(cell)])
    }

    /// The letter a map file writes for the cell: `.` or `@`, a weight `2` to `9`, or the
    /// MovingAI letter it was read as (`G`, `O`, `T`, `S`, `W`).
    ///
    /// # Panics
    /// If the cell is outside the grid (check with [`Grid::contains`]).
    pub fn letter(&self, cell: Cell) -> char {
        assert!(self.contains(cell), "{cell} outside the grid");
        char::from(LETTERS[usize::from(self.cells[self.index(cell)])])
    }

    /// Whether the cell is inside the grid and not a wall.
    pub fn is_passable(&self, cell: Cell) -> bool {
        self.region(cell) != BLOCKED
    }

    /// The region of a cell: [`BLOCKED`] for a wall or a cell outside the grid.
    #[inline]
    fn region(&self, cell: Cell) -> u8 {
        if self.contains(cell) {
            REGION[usize::from(self.cells[self.index(cell)])]
        } else {
            BLOCKED
        }
    }

    /// The number of walls.
    pub fn wall_count(&self) -> usize {
        self.cells
            .iter()
            .filter(|&&c| REGION[usize::from(c)] == BLOCKED)
            .count()
    }

    /// The move from `from` in `dir` if the rules allow it: the cell reached and the cost.
    ///
    /// A move is refused when it leaves the grid, enters a wall, goes between ground and water
    /// (either way), is diagonal on a 4-connected grid, or (corner cutting forbidden) is
    /// diagonal past a cell on either side that the same rule would not let it step into: a
    /// diagonal over ground needs ground on both sides, one over water needs water.
    pub fn step(&self, from: Cell, dir: Dir) -> Option<(Cell, u64)> {
        if dir.is_diagonal() && self.connectivity == Connectivity::Four {
            return None;
        }
        let to = from.step(dir)?;
        let region = self.region(from);
        if region == BLOCKED || self.region(to) != region {
            return None;
        }
        if dir.is_diagonal()
            && self.corner_cutting == CornerCutting::Forbidden
            && !(self.region(Cell::new(to.x, from.y)) == region
                && self.region(Cell::new(from.x, to.y)) == region)
        {
            return None;
        }
        let weight = u64::from(WEIGHT[usize::from(self.cells[self.index(to)])]);
        Some((to, dir.base_cost() * weight))
    }

    /// Replaces `out` with the moves from `cell`: direction, cell reached and cost, in the fixed
    /// generation order of [`Dir::ALL`] (straight moves first). The buffer is reused so that
    /// expanding a node allocates nothing.
    ///
    /// ```
    /// use searchlab::domains::grid::{Cell, Dir, Grid};
    /// let grid = Grid::new(5, 5).unwrap();
    /// let mut out = Vec::new();
    /// grid.successors(Cell::new(0, 0), &mut out);
    /// assert_eq!(out, [(Dir::S, Cell::new(0, 1), 10_000), (Dir::E, Cell::new(1, 0), 10_000)]);
    /// ```
    pub fn successors(&self, cell: Cell, out: &mut Vec<(Dir, Cell, u64)>) {
        out.clear();
        for &dir in self.connectivity.dirs() {
            if let Some((to, cost)) = self.step(cell, dir) {
                out.push((dir, to, cost));
            }
        }
    }

    /// The error for a cell outside the grid, if it is.
    fn check_bounds(&self, cell: Cell) -> Result<(), GridError> {
        if self.contains(cell) {
            Ok(())
        } else {
            Err(GridError::OutOfBounds {
                cell,
                width: self.width(),
                height: self.height(),
            })
        }
    }

    /// Sets what a cell is made of. Refuses a cell outside the grid, a weight outside 2 to 9,
    /// and a wall on the start or the goal; on error the grid is unchanged.
    pub fn set(&mut self, cell: Cell, terrain: Terrain) -> Result<(), GridError> {
        self.check_bounds(cell)?;
        let code = terrain.code()?;
        self.set_code(cell, code)
    }

    /// Sets a cell from its map letter (see [`Terrain::of_letter`]), which the grid then
    /// remembers for [`Grid::letter`]. Refuses a cell outside the grid, a character that is no
    /// letter, and a wall on the start or the goal; on error the grid is unchanged.
    ///
    /// ```
    /// use searchlab::domains::grid::{Cell, Grid, Terrain};
    /// let mut grid = Grid::new(5, 5).unwrap();
    /// grid.set_letter(Cell::new(2, 2), 'S').unwrap();
    /// assert_eq!(grid.terrain(Cell::new(2, 2)), Terrain::Free);
    /// assert_eq!(grid.letter(Cell::new(2, 2)), 'S');
    /// assert!(grid.set_letter(Cell::new(2, 2), '#').is_err());
    /// ```
    pub fn set_letter(&mut self, cell: Cell, letter: char) -> Result<(), GridError> {
        self.check_bounds(cell)?;
        let code = code_of_letter(letter).ok_or(GridError::Letter(letter))?;
        self.set_code(cell, code)
    }

    /// Stores a valid byte in a cell inside the grid, unless it would wall in an endpoint.
    fn set_code(&mut self, cell: Cell, code: u8) -> Result<(), GridError> {
        if REGION[usize::from(code)] == BLOCKED {
            for (endpoint, at) in [(Endpoint::Start, self.start), (Endpoint::Goal, self.goal)] {
                if at == cell {
                    return Err(GridError::Blocked { endpoint, cell });
                }
            }
        }
        let index = self.index(cell);
        self.cells[index] = code;
        Ok(())
    }

    /// Makes the cell a wall (refused on the start and the goal).
    pub fn paint_wall(&mut self, cell: Cell) -> Result<(), GridError> {
        self.set(cell, Terrain::Wall)
    }

    /// Makes the cell weighted terrain of weight 2 to 9.
    pub fn paint_weight(&mut self, cell: Cell, weight: u8) -> Result<(), GridError> {
        self.set(cell, Terrain::Weight(weight))
    }

    /// Makes the cell free ground, whatever it was.
    pub fn erase(&mut self, cell: Cell) -> Result<(), GridError> {
        self.set(cell, Terrain::Free)
    }

    /// Paints `terrain` on every cell of the straight line from `from` to `to` (Bresenham), so a
    /// mouse drag that skips cells between two frames leaves no gap. The start and the goal are
    /// skipped when painting walls; returns how many cells were set. Refuses the whole line if
    /// an end is outside the grid or the weight is invalid.
    pub fn paint_line(
        &mut self,
        from: Cell,
        to: Cell,
        terrain: Terrain,
    ) -> Result<usize, GridError> {
        self.check_bounds(from)?;
        self.check_bounds(to)?;
        terrain.code()?;
        let (x1, y1) = (i32::from(to.x), i32::from(to.y));
        let (mut x, mut y) = (i32::from(from.x), i32::from(from.y));
        let dx = (x1 - x).abs();
        let dy = -(y1 - y).abs();
        let (sx, sy) = (if x < x1 { 1 } else { -1 }, if y < y1 { 1 } else { -1 });
        let mut err = dx + dy;
        let mut painted = 0;
        loop {
            // The line stays inside the box of its two ends, so the coordinates fit.
            let cell = Cell::new(x as u16, y as u16);
            if self.set(cell, terrain).is_ok() {
                painted += 1;
            }
            if x == x1 && y == y1 {
                return Ok(painted);
            }
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x += sx;
            }
            if e2 <= dx {
                err += dx;
                y += sy;
            }
        }
    }

    /// Moves the start; refused outside the grid or onto a wall.
    pub fn set_start(&mut self, cell: Cell) -> Result<(), GridError> {
        self.check_endpoint(Endpoint::Start, cell)?;
        self.start = cell;
        Ok(())
    }

    /// Moves the goal; refused outside the grid or onto a wall.
    pub fn set_goal(&mut self, cell: Cell) -> Result<(), GridError> {
        self.check_endpoint(Endpoint::Goal, cell)?;
        self.goal = cell;
        Ok(())
    }

    fn check_endpoint(&self, endpoint: Endpoint, cell: Cell) -> Result<(), GridError> {
        self.check_bounds(cell)?;
        if self.is_passable(cell) {
            Ok(())
        } else {
            Err(GridError::Blocked { endpoint, cell })
        }
    }

    /// Makes every cell free ground; the start, the goal and the move rules stay.
    pub fn clear(&mut self) {
        self.cells.fill(FREE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::grid::geometry::{DIAGONAL_COST, STRAIGHT_COST};

    fn moves(grid: &Grid, cell: Cell) -> Vec<(Dir, Cell, u64)> {
        let mut out = vec![(Dir::N, Cell::new(9, 9), 1)];
        grid.successors(cell, &mut out);
        out
    }

    #[test]
    fn sizes_outside_5_to_1024_are_refused() {
        for (w, h) in [(4, 5), (5, 4), (1025, 5), (5, 1025), (0, 0)] {
            assert_eq!(
                Grid::new(w, h),
                Err(GridError::Size {
                    width: w,
                    height: h
                })
            );
        }
        let big = Grid::new(1024, 1024).unwrap();
        assert_eq!(big.cell_count(), 1024 * 1024);
        assert_eq!(big.goal(), Cell::new(1023, 1023));
        assert!(Grid::new(5, 5).is_ok());
    }

    #[test]
    fn index_and_cell_at_are_inverse() {
        let grid = Grid::new(7, 5).unwrap();
        for (i, cell) in grid.cells().enumerate() {
            assert_eq!(grid.index(cell), i);
            assert_eq!(grid.cell_at(i), cell);
        }
        assert_eq!(grid.cell_at(8), Cell::new(1, 1));
    }

    #[test]
    fn four_connected_successors_in_order_with_weights_of_the_cell_entered() {
        let mut grid = Grid::new(5, 5).unwrap();
        grid.paint_weight(Cell::new(2, 1), 3).unwrap();
        grid.paint_wall(Cell::new(3, 2)).unwrap();
        grid.paint_weight(Cell::new(2, 2), 9).unwrap();
        let centre = Cell::new(2, 2);
        assert_eq!(
            moves(&grid, centre),
            [
                (Dir::N, Cell::new(2, 1), 3 * STRAIGHT_COST),
                (Dir::S, Cell::new(2, 3), STRAIGHT_COST),
                (Dir::W, Cell::new(1, 2), STRAIGHT_COST),
            ]
        );
        // Entering the weight-9 centre costs 9, leaving it costs 1.
        assert_eq!(
            grid.step(Cell::new(1, 2), Dir::E),
            Some((centre, 9 * STRAIGHT_COST))
        );
    }

    #[test]
    fn eight_connected_diagonals_follow_the_corner_rule() {
        let mut grid = Grid::new(5, 5).unwrap();
        grid.set_connectivity(Connectivity::Eight);
        let centre = Cell::new(2, 2);
        assert_eq!(moves(&grid, centre).len(), 8);
        let dirs: Vec<Dir> = moves(&grid, centre).iter().map(|m| m.0).collect();
        assert_eq!(dirs, Dir::ALL);
        assert_eq!(moves(&grid, Cell::new(0, 0)).len(), 3);

        // A wall north of the centre blocks N, and (corners forbidden) NE and NW too.
        grid.paint_wall(Cell::new(2, 1)).unwrap();
        let dirs: Vec<Dir> = moves(&grid, centre).iter().map(|m| m.0).collect();
        assert_eq!(dirs, [Dir::S, Dir::E, Dir::W, Dir::SE, Dir::SW]);
        grid.set_corner_cutting(CornerCutting::Allowed);
        let dirs: Vec<Dir> = moves(&grid, centre).iter().map(|m| m.0).collect();
        assert_eq!(
            dirs,
            [Dir::S, Dir::E, Dir::W, Dir::NE, Dir::NW, Dir::SE, Dir::SW]
        );
        assert_eq!(
            grid.step(centre, Dir::NE),
            Some((Cell::new(3, 1), DIAGONAL_COST))
        );
        grid.paint_weight(Cell::new(3, 3), 4).unwrap();
        assert_eq!(
            grid.step(centre, Dir::SE),
            Some((Cell::new(3, 3), 4 * DIAGONAL_COST))
        );
    }

    /// Water is crossed like ground but never entered from ground nor left for it, and a
    /// diagonal without corner cutting needs its two side cells of its own kind.
    #[test]
    fn water_joins_only_water() {
        let mut grid = Grid::new(5, 5).unwrap();
        grid.set_connectivity(Connectivity::Eight);
        for cell in [Cell::new(2, 1), Cell::new(3, 1), Cell::new(2, 2)] {
            grid.set(cell, Terrain::Water).unwrap();
        }
        grid.set_letter(Cell::new(1, 2), 'S').unwrap();
        let centre = Cell::new(2, 2);
        // From the water at the centre: north and east-north-east water only; NE needs (2, 1)
        // and (3, 2) as water, and (3, 2) is ground.
        assert_eq!(
            moves(&grid, centre),
            [(Dir::N, Cell::new(2, 1), STRAIGHT_COST)]
        );
        assert_eq!(
            moves(&grid, Cell::new(2, 1)),
            [
                (Dir::S, centre, STRAIGHT_COST),
                (Dir::E, Cell::new(3, 1), STRAIGHT_COST)
            ]
        );
        // From the swamp west of the lake: ground all round except the water to the east and
        // north-east, and the diagonals past it.
        let dirs: Vec<Dir> = moves(&grid, Cell::new(1, 2)).iter().map(|m| m.0).collect();
        assert_eq!(dirs, [Dir::N, Dir::S, Dir::W, Dir::NW, Dir::SW]);
        grid.set_corner_cutting(CornerCutting::Allowed);
        let dirs: Vec<Dir> = moves(&grid, Cell::new(1, 2)).iter().map(|m| m.0).collect();
        assert_eq!(dirs, [Dir::N, Dir::S, Dir::W, Dir::NW, Dir::SE, Dir::SW]);
        assert_eq!(
            moves(&grid, centre).len(),
            2,
            "N, and NE over the corner of the ground"
        );
        // The endpoints may sit on water; walls count O and T too; clear makes plain ground.
        grid.set_start(centre).unwrap();
        grid.set_letter(Cell::new(4, 4), 'O').unwrap_err();
        grid.set_letter(Cell::new(0, 4), 'T').unwrap();
        grid.set_letter(Cell::new(1, 4), 'O').unwrap();
        assert_eq!(grid.wall_count(), 2);
        assert_eq!(grid.terrain(Cell::new(1, 4)), Terrain::Wall);
        assert_eq!(grid.letter(Cell::new(1, 4)), 'O');
        assert_eq!(
            grid.set_letter(Cell::new(1, 1), 'x'),
            Err(GridError::Letter('x'))
        );
        grid.clear();
        assert!(grid.cells().all(|c| grid.letter(c) == '.'));
    }

    #[test]
    fn start_and_goal_never_sit_on_a_wall() {
        let mut grid = Grid::new(6, 6).unwrap();
        let wall = Cell::new(3, 3);
        grid.paint_wall(wall).unwrap();
        assert_eq!(
            grid.set_start(wall),
            Err(GridError::Blocked {
                endpoint: Endpoint::Start,
                cell: wall
            })
        );
        assert!(matches!(
            grid.set_goal(wall),
            Err(GridError::Blocked { .. })
        ));
        assert!(matches!(
            grid.set_goal(Cell::new(6, 0)),
            Err(GridError::OutOfBounds { .. })
        ));
        assert_eq!(
            grid.paint_wall(grid.start()),
            Err(GridError::Blocked {
                endpoint: Endpoint::Start,
                cell: Cell::new(0, 0)
            })
        );
        assert!(grid.paint_wall(grid.goal()).is_err());
        // Weights are fine under the start and goal.
        grid.paint_weight(grid.goal(), 5).unwrap();
        grid.set_start(Cell::new(1, 4)).unwrap();
        assert_eq!(grid.start(), Cell::new(1, 4));
        assert_eq!(grid.terrain(Cell::new(5, 5)), Terrain::Weight(5));
    }

    #[test]
    fn edits_check_weights_and_bounds_and_clear_keeps_endpoints() {
        let mut grid = Grid::new(5, 5).unwrap();
        assert_eq!(
            grid.paint_weight(Cell::new(1, 1), 1),
            Err(GridError::Weight(1))
        );
        assert_eq!(
            grid.paint_weight(Cell::new(1, 1), 10),
            Err(GridError::Weight(10))
        );
        assert!(grid.paint_wall(Cell::new(5, 1)).is_err());
        grid.paint_wall(Cell::new(1, 1)).unwrap();
        grid.paint_weight(Cell::new(2, 1), 2).unwrap();
        assert_eq!(grid.wall_count(), 1);
        grid.erase(Cell::new(1, 1)).unwrap();
        assert_eq!(grid.terrain(Cell::new(1, 1)), Terrain::Free);
        grid.paint_wall(Cell::new(1, 1)).unwrap();
        grid.set_goal(Cell::new(3, 2)).unwrap();
        grid.clear();
        assert_eq!(grid.wall_count(), 0);
        assert_eq!(grid.terrain(Cell::new(2, 1)), Terrain::Free);
        assert_eq!(grid.goal(), Cell::new(3, 2));
    }

    #[test]
    fn painted_lines_have_no_gaps_and_skip_the_endpoints() {
        let mut grid = Grid::new(10, 10).unwrap();
        let painted = grid
            .paint_line(Cell::new(0, 0), Cell::new(9, 4), Terrain::Wall)
            .unwrap();
        // Ten columns, one cell each, minus the start at (0, 0).
        assert_eq!(painted, 9);
        assert_eq!(grid.wall_count(), 9);
        assert_eq!(grid.terrain(Cell::new(0, 0)), Terrain::Free);
        assert_eq!(grid.terrain(Cell::new(9, 4)), Terrain::Wall);
        for x in 1..10 {
            assert_eq!(
                (0..10)
                    .filter(|&y| !grid.is_passable(Cell::new(x, y)))
                    .count(),
                1
            );
        }
        let painted = grid
            .paint_line(Cell::new(2, 9), Cell::new(2, 5), Terrain::Weight(3))
            .unwrap();
        assert_eq!(painted, 5);
        assert!(
            grid.paint_line(Cell::new(2, 9), Cell::new(2, 10), Terrain::Free)
                .is_err()
        );
    }
}
