//! Cells, directions and the integer cost units every grid computation shares.
//!
//! Costs are whole numbers so that two paths compare exactly: no float rounding may decide which
//! node leaves open first. One unit is 1/[`COST_SCALE`] of a straight step on free ground.

use std::fmt;

/// How many cost units make one straight step on free ground: costs are in 1/10 000 of a step.
pub const COST_SCALE: u64 = 10_000;

/// The cost of a straight (N, S, E, W) step into a cell of weight 1.
pub const STRAIGHT_COST: u64 = COST_SCALE;

/// The cost of a diagonal step into a cell of weight 1: 10 000·√2 = 14 142.1… rounded **up**.
///
/// Rounding up keeps every heuristic that is computed from exact distances and rounded down
/// (Euclidean) admissible and consistent: it can never exceed a cost that was rounded up. The
/// price is that a path's cost exceeds its exact length by at most 0.87 units per diagonal step
/// (0.0000865 of a step), which matters only when comparing with lengths printed by others,
/// such as the optimal lengths of MovingAI scenario files.
pub const DIAGONAL_COST: u64 = 14_143;

/// A cost in units as a number of straight steps, for display (`34_142` → `3.4142`).
pub fn cost_as_steps(cost: u64) -> f64 {
    cost as f64 / COST_SCALE as f64
}

/// A cell of a grid, and the state of a grid search problem. `x` grows to the east (columns),
/// `y` to the south (rows), so `(0, 0)` is the top-left cell as in a MovingAI file.
///
/// The derived order is by `x`, then `y`; it only serves to make collections deterministic.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Cell {
    /// The column, from 0 at the west edge.
    pub x: u16,
    /// The row, from 0 at the north edge.
    pub y: u16,
}

impl Cell {
    /// The cell in column `x` and row `y`.
    pub const fn new(x: u16, y: u16) -> Cell {
        Cell { x, y }
    }

    /// The cell one step in `dir`, or `None` when that leaves the first quadrant (x or y < 0).
    /// The upper bounds are the grid's to check.
    pub fn step(self, dir: Dir) -> Option<Cell> {
        let (dx, dy) = dir.offset();
        let x = self.x.checked_add_signed(dx)?;
        let y = self.y.checked_add_signed(dy)?;
        Some(Cell { x, y })
    }

    /// The column and row distances to `other`, each as a non-negative number.
    pub fn delta(self, other: Cell) -> (u64, u64) {
        (
            u64::from(self.x.abs_diff(other.x)),
            u64::from(self.y.abs_diff(other.y)),
        )
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// A move on a grid: the action of a grid search problem.
///
/// The declaration order is the **generation order** of successors, fixed so that searches are
/// deterministic: the four straight moves N, S, E, W first, then the diagonals NE, NW, SE, SW.
/// A 4-connected grid uses the first four only ([`Dir::STRAIGHT`]).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Dir {
    /// North: y − 1.
    N,
    /// South: y + 1.
    S,
    /// East: x + 1.
    E,
    /// West: x − 1.
    W,
    /// North-east: x + 1, y − 1.
    NE,
    /// North-west: x − 1, y − 1.
    NW,
    /// South-east: x + 1, y + 1.
    SE,
    /// South-west: x − 1, y + 1.
    SW,
}

impl Dir {
    /// Every direction in generation order.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::S,
        Dir::E,
        Dir::W,
        Dir::NE,
        Dir::NW,
        Dir::SE,
        Dir::SW,
    ];

    /// The straight directions in generation order: the moves of a 4-connected grid.
    pub const STRAIGHT: [Dir; 4] = [Dir::N, Dir::S, Dir::E, Dir::W];

    /// The column and row change of one step.
    pub const fn offset(self) -> (i16, i16) {
        match self {
            Dir::N => (0, -1),
            Dir::S => (0, 1),
            Dir::E => (1, 0),
            Dir::W => (-1, 0),
            Dir::NE => (1, -1),
            Dir::NW => (-1, -1),
            Dir::SE => (1, 1),
            Dir::SW => (-1, 1),
        }
    }

    /// Whether the step changes both the column and the row.
    pub const fn is_diagonal(self) -> bool {
        matches!(self, Dir::NE | Dir::NW | Dir::SE | Dir::SW)
    }

    /// The cost of this step into a cell of weight 1: [`STRAIGHT_COST`] or [`DIAGONAL_COST`].
    pub const fn base_cost(self) -> u64 {
        if self.is_diagonal() {
            DIAGONAL_COST
        } else {
            STRAIGHT_COST
        }
    }

    /// The opposite direction (N ↔ S, NE ↔ SW, ...).
    pub const fn reverse(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::S => Dir::N,
            Dir::E => Dir::W,
            Dir::W => Dir::E,
            Dir::NE => Dir::SW,
            Dir::NW => Dir::SE,
            Dir::SE => Dir::NW,
            Dir::SW => Dir::NE,
        }
    }

    /// The compass name: `"N"`, `"NE"`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Dir::N => "N",
            Dir::S => "S",
            Dir::E => "E",
            Dir::W => "W",
            Dir::NE => "NE",
            Dir::NW => "NW",
            Dir::SE => "SE",
            Dir::SW => "SW",
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which neighbours a cell has.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Connectivity {
    /// N, S, E, W: every step costs 1 (times the weight); BFS spreads as a diamond.
    #[default]
    Four,
    /// The four straight steps and the four diagonals, a diagonal costing √2.
    Eight,
}

impl Connectivity {
    /// The directions a cell may move in, in generation order.
    pub fn dirs(self) -> &'static [Dir] {
        match self {
            Connectivity::Four => &Dir::STRAIGHT,
            Connectivity::Eight => &Dir::ALL,
        }
    }

    /// The number of neighbours: 4 or 8.
    pub const fn count(self) -> u8 {
        match self {
            Connectivity::Four => 4,
            Connectivity::Eight => 8,
        }
    }
}

/// Whether a diagonal step may pass a wall at its corner. Only 8-connected grids care.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum CornerCutting {
    /// A diagonal is refused when either straight neighbour it passes (the cells sharing a side
    /// with both ends) is a wall. This is the MovingAI benchmarks' rule, hence the default.
    #[default]
    Forbidden,
    /// A diagonal needs only its two ends free: it may squeeze between two walls that touch
    /// at a corner.
    Allowed,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generation_order_is_straight_then_diagonal() {
        assert_eq!(Dir::ALL[..4], Dir::STRAIGHT);
        assert!(Dir::ALL[4..].iter().all(|d| d.is_diagonal()));
        assert!(Dir::STRAIGHT.iter().all(|d| !d.is_diagonal()));
        let mut sorted = Dir::ALL;
        sorted.sort();
        assert_eq!(
            sorted,
            Dir::ALL,
            "the derived order is the generation order"
        );
    }

    #[test]
    fn offsets_reverse_and_names_agree() {
        for dir in Dir::ALL {
            let (dx, dy) = dir.offset();
            let (rx, ry) = dir.reverse().offset();
            assert_eq!((dx + rx, dy + ry), (0, 0), "{dir}");
            assert_eq!(dir.is_diagonal(), dx != 0 && dy != 0, "{dir}");
            let name = dir.name();
            assert_eq!(name.contains('N'), dy < 0, "{dir}");
            assert_eq!(name.contains('S'), dy > 0, "{dir}");
            assert_eq!(name.contains('E'), dx > 0, "{dir}");
            assert_eq!(name.contains('W'), dx < 0, "{dir}");
        }
    }

    #[test]
    fn steps_stop_at_zero_and_deltas_are_absolute() {
        assert_eq!(Cell::new(0, 3).step(Dir::W), None);
        assert_eq!(Cell::new(3, 0).step(Dir::NE), None);
        assert_eq!(Cell::new(3, 4).step(Dir::SW), Some(Cell::new(2, 5)));
        assert_eq!(Cell::new(3, 4).delta(Cell::new(7, 1)), (4, 3));
        assert_eq!(Cell::new(7, 1).delta(Cell::new(3, 4)), (4, 3));
    }

    #[test]
    fn diagonal_cost_is_root_two_rounded_up() {
        let exact = COST_SCALE as f64 * std::f64::consts::SQRT_2;
        assert!(DIAGONAL_COST as f64 >= exact);
        assert!((DIAGONAL_COST as f64) - exact < 1.0);
        assert_eq!(Dir::NE.base_cost(), DIAGONAL_COST);
        assert_eq!(Dir::N.base_cost(), STRAIGHT_COST);
        assert!((cost_as_steps(34_143) - 3.4143).abs() < 1e-12);
    }
}
