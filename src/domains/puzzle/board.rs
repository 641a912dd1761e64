//! The sliding-puzzle board: tiles packed four bits each into one `u64`, with the blank's
//! position kept beside them so generating a move costs a few integer operations.

use std::fmt;

/// The largest side the packed representation holds: 16 cells of four bits fill a `u64`.
/// A 5x5 board would need 25 five-bit cells, i.e. a `u128` in [`Board::packed`].
pub const MAX_SIDE: usize = 4;
/// The number of cells on the largest board.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
/// The smallest side that makes a puzzle worth searching.
pub const MIN_SIDE: usize = 2;

/// `POPCOUNT[x]`: the number of set bits of a 9-bit mask, e.g. of a 3x3 board's cells. A table,
/// because the popcount instruction is not in the baseline x86-64 target and its emulation
/// costs a fifth of a 3x3 solve and a twentieth of a pattern database build.
pub(super) const POPCOUNT: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        table[x] = (x as u32).count_ones() as u8;
        x += 1;
    }
    table
};

/// The number of cells in a set of cells of any board (a mask of at most 16 bits), by
/// [`POPCOUNT`].
#[inline]
pub(super) fn cells_in(mask: u32) -> u32 {
    u32::from(POPCOUNT[(mask & 511) as usize]) + u32::from(POPCOUNT[(mask >> 9 & 127) as usize])
}

/// `NEIGHBOUR[side][pos][dir]`: the cell the blank reaches from `pos` moving `dir` (in
/// [`Dir::ALL`] order) on a board of that side, or `NO_CELL` off the edge. A table, because
/// generating children is the innermost loop of every search and the row and column of a cell
/// would otherwise cost two divisions by a side known only at run time.
const NEIGHBOUR: [[[u8; 4]; MAX_CELLS]; MAX_SIDE + 1] = {
    let mut table = [[[NO_CELL; 4]; MAX_CELLS]; MAX_SIDE + 1];
    let mut side = MIN_SIDE;
    while side <= MAX_SIDE {
        let mut pos = 0;
        while pos < side * side {
            let (row, col) = (pos / side, pos % side);
            if row > 0 {
                table[side][pos][0] = (pos - side) as u8;
            }
            if row + 1 < side {
                table[side][pos][1] = (pos + side) as u8;
            }
            if col > 0 {
                table[side][pos][2] = (pos - 1) as u8;
            }
            if col + 1 < side {
                table[side][pos][3] = (pos + 1) as u8;
            }
            pos += 1;
        }
        side += 1;
    }
    table
};
const NO_CELL: u8 = u8::MAX;

/// A direction the blank moves in. The tile that slides moves the opposite way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    /// Every direction, in the fixed order children are generated in.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The move that undoes this one.
    pub const fn reverse(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// A lowercase English word for the direction.
    pub fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }

    /// An arrow for the direction.
    pub fn arrow(self) -> char {
        match self {
            Dir::Up => '↑',
            Dir::Down => '↓',
            Dir::Left => '←',
            Dir::Right => '→',
        }
    }
}

/// One move: the blank went `dir`, so `tile` slid the opposite way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The direction the blank moved.
    pub dir: Dir,
    /// The tile that slid into the blank's old cell.
    pub tile: u8,
}

impl Move {
    /// The direction the tile slid.
    pub fn tile_dir(self) -> Dir {
        self.dir.reverse()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.tile, self.tile_dir().arrow())
    }
}

/// A sliding-puzzle board of side 2 to [`MAX_SIDE`]. Tile 0 is the blank.
///
/// ```
/// use searchlab::domains::puzzle::Board;
/// let board: Board = "283104765".parse().unwrap();
/// assert_eq!(board.side(), 3);
/// assert_eq!(board.tile(4), 0);
/// assert_eq!(board.to_string(), "283104765");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    packed: u64,
    side: u8,
    blank: u8,
}

impl Board {
    /// Builds a board from its cells in row-major order. The caller guarantees the cells are a
    /// permutation of `0..side*side`; use [`Board::from_str`](std::str::FromStr) or
    /// [`crate::domains::puzzle::parse_board`] for checked input.
    pub(crate) fn from_cells_unchecked(side: usize, cells: &[u8]) -> Board {
        debug_assert!((MIN_SIDE..=MAX_SIDE).contains(&side) && cells.len() == side * side);
        let mut packed = 0u64;
        let mut blank = 0u8;
        for (pos, &tile) in cells.iter().enumerate() {
            packed |= u64::from(tile) << (4 * pos);
            if tile == 0 {
                blank = pos as u8;
            }
        }
        Board {
            packed,
            side: side as u8,
            blank,
        }
    }

    /// The solved-looking board `1 2 3 … n 0` of the given side.
    pub fn blank_last(side: usize) -> Board {
        let n = side * side;
        let cells: Vec<u8> = (1..n as u8).chain([0]).collect();
        Board::from_cells_unchecked(side, &cells)
    }

    /// The board `0 1 2 … n-1` of the given side.
    pub fn blank_first(side: usize) -> Board {
        let cells: Vec<u8> = (0..(side * side) as u8).collect();
        Board::from_cells_unchecked(side, &cells)
    }

    /// The number of rows (and of columns).
    #[inline]
    pub fn side(&self) -> usize {
        usize::from(self.side)
    }

    /// The number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.side() * self.side()
    }

    /// Always false: a board has at least four cells. Present for API symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The cell index of the blank.
    #[inline]
    pub fn blank(&self) -> usize {
        usize::from(self.blank)
    }

    /// The tile in cell `pos` (row-major), 0 for the blank.
    #[inline]
    pub fn tile(&self, pos: usize) -> u8 {
        ((self.packed >> (4 * pos)) & 0xF) as u8
    }

    /// The tiles in row-major order.
    pub fn cells(&self) -> Vec<u8> {
        (0..self.len()).map(|pos| self.tile(pos)).collect()
    }

    /// The cell that holds `tile`.
    pub fn position_of(&self, tile: u8) -> usize {
        (0..self.len())
            .find(|&pos| self.tile(pos) == tile)
            .expect("every tile is on the board")
    }

    /// The tiles packed four bits per cell, cell 0 in the lowest bits. Unique per board of a
    /// given side, so it serves as a hash key.
    #[inline]
    pub fn packed(&self) -> u64 {
        self.packed
    }

    /// The cell the blank would move to, if the move stays on the board.
    #[inline]
    pub fn target(&self, dir: Dir) -> Option<usize> {
        let to = NEIGHBOUR[self.side()][self.blank()][dir as usize];
        (to != NO_CELL).then_some(usize::from(to))
    }

    /// The board after moving the blank `dir`, with the move made, or `None` off the edge.
    #[inline]
    pub fn apply(&self, dir: Dir) -> Option<(Board, Move)> {
        let to = self.target(dir)?;
        let tile = self.tile(to);
        let t = u64::from(tile);
        let packed = self.packed - (t << (4 * to)) + (t << (4 * self.blank()));
        Some((
            Board {
                packed,
                side: self.side,
                blank: to as u8,
            },
            Move { dir, tile },
        ))
    }

    /// Every legal move and the board it leads to, in [`Dir::ALL`] order.
    pub fn successors(&self) -> impl Iterator<Item = (Board, Move)> + '_ {
        Dir::ALL.into_iter().filter_map(|dir| self.apply(dir))
    }

    /// The move that turns `self` into `next`, if they are one move apart.
    pub fn move_to(&self, next: &Board) -> Option<Move> {
        self.successors()
            .find(|(board, _)| board == next)
            .map(|(_, m)| m)
    }

    /// The board as one line of text, row after row separated by slashes: `283/104/765`, with
    /// hex digits for 4x4 (`1234/5678/9ABC/DEF0`): the lists' text column and the tree's
    /// board names.
    pub fn rows_text(&self) -> String {
        let digits = self.to_string();
        let side = self.side();
        let rows: Vec<&str> = (0..side)
            .map(|r| &digits[r * side..(r + 1) * side])
            .collect();
        rows.join("/")
    }

    /// The board drawn as rows of right-aligned numbers, the blank as `·`.
    pub fn grid(&self) -> String {
        let width = if self.len() > 10 { 2 } else { 1 };
        let mut out = String::new();
        for row in 0..self.side() {
            let line: Vec<String> = (0..self.side())
                .map(|col| match self.tile(row * self.side() + col) {
                    0 => format!("{:>width$}", "·"),
                    t => format!("{t:>width$}"),
                })
                .collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }
}

/// The one-line form: nine digits for 3x3, one hex digit per cell for larger boards. Both parse
/// back to the same board.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for pos in 0..self.len() {
            write!(f, "{:X}", self.tile(pos))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apply_moves_the_blank_and_the_tile() {
        let board: Board = "283104765".parse().unwrap();
        let (up, m) = board.apply(Dir::Up).unwrap();
        assert_eq!(up.to_string(), "203184765");
        assert_eq!(
            m,
            Move {
                dir: Dir::Up,
                tile: 8
            }
        );
        assert_eq!(up.blank(), 1);
        assert_eq!(up.apply(Dir::Down).unwrap().0, board);
    }

    #[test]
    fn moves_stop_at_the_edges() {
        let corner: Board = "012345678".parse().unwrap();
        let dirs: Vec<Dir> = corner.successors().map(|(_, m)| m.dir).collect();
        assert_eq!(dirs, vec![Dir::Down, Dir::Right]);
        let centre: Board = "123405678".parse().unwrap();
        assert_eq!(centre.successors().count(), 4);
    }

    #[test]
    fn grid_shows_rows_and_the_blank() {
        let board: Board = "283104765".parse().unwrap();
        assert_eq!(board.grid(), "2 8 3\n1 · 4\n7 6 5\n");
        assert_eq!(Board::blank_last(4).to_string(), "123456789ABCDEF0");
    }
}
