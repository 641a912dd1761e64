//! Goals with the blank in a corner, carried onto the blank-last goal: a rotation of the board
//! takes the goal's blank to the last cell, and each tile is renamed after the blank-last
//! goal's tile in the cell it is carried to. Distances are kept (a rotation keeps neighbours
//! neighbours), so one pattern database of the blank-last goal serves every such goal: its
//! splits (the 6-6-3 blocks, the 7-8 rows) are blocks of cells, and they prune as well
//! whichever corner the blank is in. A goal with the blank elsewhere is left as it is.

use super::board::{Board, MAX_CELLS};

/// A rotation of the board as a map of (row, column), given the last row's number.
type Rotation = fn(usize, usize, usize) -> (usize, usize);

/// How the boards of one goal are carried onto its database's goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Orientation {
    side: usize,
    /// `cell[c]`: the cell that cell `c` is carried to.
    cell: [u8; MAX_CELLS],
    /// `back[c]`: the cell carried to cell `c` (the inverse of `cell`).
    back: [u8; MAX_CELLS],
    /// `tile[t]`: tile `t`'s name on the carried board (the blank stays 0).
    tile: [u8; MAX_CELLS],
    /// `name[t]`: the tile named `t` on the carried board (the inverse of `tile`).
    name: [u8; MAX_CELLS],
}

impl Orientation {
    /// The orientation of `goal`: onto the blank-last goal when the goal's blank is in a
    /// corner, else the identity.
    pub fn of(goal: &Board) -> Orientation {
        let side = goal.side();
        let n = side * side;
        let last = side - 1;
        let (row, col) = (goal.blank() / side, goal.blank() % side);
        // The rotation that takes the blank's corner to the last cell, as a map of (row, col).
        let rotate: Option<Rotation> = match (row, col) {
            (r, c) if r == last && c == last => Some(|r, c, _| (r, c)),
            (0, 0) => Some(|r, c, last| (last - r, last - c)),
            (0, c) if c == last => Some(|r, c, last| (c, last - r)),
            (r, 0) if r == last => Some(|r, c, last| (last - c, r)),
            _ => None,
        };
        let mut orientation = Orientation {
            side,
            cell: [0; MAX_CELLS],
            back: [0; MAX_CELLS],
            tile: [0; MAX_CELLS],
            name: [0; MAX_CELLS],
        };
        for c in 0..n {
            let to = match rotate {
                Some(rotate) => {
                    let (r, c) = rotate(c / side, c % side, last);
                    r * side + c
                }
                None => c,
            };
            orientation.cell[c] = to as u8;
            orientation.back[to] = c as u8;
        }
        for c in 0..n {
            let tile = goal.tile(c);
            let to = usize::from(orientation.cell[c]);
            // Renamed after the blank-last goal's tile in the carried cell (cell d holds d + 1).
            let name = match rotate {
                Some(_) if tile != 0 => to as u8 + 1,
                Some(_) => 0,
                None => tile,
            };
            orientation.tile[usize::from(tile)] = name;
            orientation.name[usize::from(name)] = tile;
        }
        orientation
    }

    /// Whether boards are carried as they are.
    pub fn is_identity(&self) -> bool {
        (0..self.side * self.side)
            .all(|c| usize::from(self.cell[c]) == c && usize::from(self.tile[c]) == c)
    }

    /// `board` carried onto the database's goal.
    pub fn apply(&self, board: &Board) -> Board {
        let n = self.side * self.side;
        let mut cells = [0u8; MAX_CELLS];
        for c in 0..n {
            cells[usize::from(self.cell[c])] = self.tile[usize::from(board.tile(c))];
        }
        Board::from_cells_unchecked(self.side, &cells[..n])
    }

    /// A carried board brought back: the inverse of [`Orientation::apply`].
    pub fn undo(&self, board: &Board) -> Board {
        let n = self.side * self.side;
        let mut cells = [0u8; MAX_CELLS];
        for c in 0..n {
            cells[usize::from(self.back[c])] = self.name[usize::from(board.tile(c))];
        }
        Board::from_cells_unchecked(self.side, &cells[..n])
    }

    /// Tile `tile` of the goal's boards, as it is named on the carried ones.
    pub fn tile(&self, tile: u8) -> u8 {
        self.tile[usize::from(tile) % MAX_CELLS]
    }

    /// The goal's tile that is named `name` on the carried boards.
    pub fn name(&self, name: u8) -> u8 {
        self.name[usize::from(name) % MAX_CELLS]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::{DistanceTable, Rng, half_turn, scramble};

    #[test]
    fn every_corner_goal_is_carried_onto_the_blank_last_goal_keeping_every_distance() {
        // A 3x3 goal with its tiles in no order, its blank in each corner in turn.
        let corners = [
            "0 5 3 8 1 7 2 6 4",
            "5 3 0 8 1 7 2 6 4",
            "5 3 8 1 7 2 0 6 4",
            "5 3 8 1 7 2 6 4 0",
        ];
        let last = Board::blank_last(3);
        let mut rng = Rng::new(5);
        for text in corners {
            let goal: Board = text.parse().unwrap();
            let orientation = Orientation::of(&goal);
            assert_eq!(orientation.apply(&goal), last, "{goal}");
            let table = DistanceTable::new(&goal).unwrap();
            let carried = DistanceTable::new(&last).unwrap();
            for _ in 0..300 {
                let board = scramble(&goal, 40, &mut rng);
                let image = orientation.apply(&board);
                assert_eq!(orientation.undo(&image), board);
                assert_eq!(table.distance(&board), carried.distance(&image), "{board}");
                for tile in 0..9 {
                    assert_eq!(orientation.name(orientation.tile(tile)), tile);
                }
            }
        }
    }

    #[test]
    fn the_blank_first_goal_is_carried_by_the_half_turn_and_others_stay() {
        let first = Board::blank_first(4);
        let orientation = Orientation::of(&first);
        assert!(!orientation.is_identity());
        let board: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse().unwrap();
        assert_eq!(orientation.apply(&board), half_turn(&board));
        assert!(Orientation::of(&Board::blank_last(4)).is_identity());
        // The blank in the middle: nothing to carry.
        let p1379: Board = "123804765".parse().unwrap();
        let stay = Orientation::of(&p1379);
        assert!(stay.is_identity());
        assert_eq!(stay.apply(&p1379), p1379);
    }
}
