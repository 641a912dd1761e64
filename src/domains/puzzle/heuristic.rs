//! Heuristics: estimates of the number of moves left, each able to explain itself tile by tile
//! so the window can draw the reasoning on the board.

use std::fmt;

use super::board::{Board, MAX_CELLS};
use super::databases::{self, GroupNote};
use super::pdb::Partition;
use crate::search::HeuristicChoice;

/// The heuristics a search can use.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum HeuristicKind {
    /// h = 0: turns A* into uniform-cost search.
    Zero,
    /// The number of tiles not on their goal cell. The blank does not count: counting it would
    /// overestimate by one next to the goal.
    Misplaced,
    /// The sum over tiles of the row and column distance to the goal cell.
    #[default]
    Manhattan,
    /// Manhattan plus 2 for every tile that must leave its row or column so that two tiles
    /// already in their goal line can pass each other.
    LinearConflict,
    /// The additive pattern database of the 8-puzzle split into tiles 1-4 and 5-8: the sum of
    /// the fewest moves each group's tiles need. Only for 3x3 boards; its table comes from
    /// [`super::databases`]. For a goal with the blank in a corner the groups are the cells of
    /// those tiles in the blank-last goal, turned to that corner ([`super::Orientation`]).
    Pdb44,
    /// The additive 6-6-3 pattern database of the 15-puzzle: two blocks of three rows by two
    /// columns and a row of three (tiles 1 2 5 6 9 10, 3 4 7 8 11 12, 13 14 15 of the
    /// blank-last goal, see `Partition::fifteen_663`; for another goal with the blank in a
    /// corner, the same cells turned to that corner). Only for 4x4 boards; its table (seconds
    /// to build) comes from [`super::databases`].
    Pdb663,
}

impl HeuristicKind {
    /// Every heuristic that needs no table but the goal's, weakest first: what the lean
    /// solver, the command line and the experiments offer.
    pub const ALL: [HeuristicKind; 4] = [
        HeuristicKind::Zero,
        HeuristicKind::Misplaced,
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
    ];

    /// The heuristics read from a pattern database, each for one board size.
    pub const DATABASES: [HeuristicKind; 2] = [HeuristicKind::Pdb44, HeuristicKind::Pdb663];

    /// [`HeuristicKind::ALL`], then the pattern databases.
    pub const EVERY: [HeuristicKind; 6] = [
        HeuristicKind::Zero,
        HeuristicKind::Misplaced,
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
        HeuristicKind::Pdb44,
        HeuristicKind::Pdb663,
    ];

    /// The split of the tiles, for a heuristic read from a pattern database.
    pub fn partition(self) -> Option<Partition> {
        match self {
            HeuristicKind::Pdb44 => Some(Partition::eight_44()),
            HeuristicKind::Pdb663 => Some(Partition::fifteen_663()),
            _ => None,
        }
    }

    /// The board side a pattern database is for; `None` for a heuristic that fits every board.
    pub fn board_side(self) -> Option<usize> {
        match self {
            HeuristicKind::Pdb44 => Some(3),
            HeuristicKind::Pdb663 => Some(4),
            _ => None,
        }
    }

    /// Whether this heuristic can be used on boards of `side` (once its database is ready).
    pub fn fits(self, side: usize) -> bool {
        self.board_side().is_none_or(|s| s == side)
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Zero => "zero",
            HeuristicKind::Misplaced => "misplaced",
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
            HeuristicKind::Pdb44 => "pdb-4-4",
            HeuristicKind::Pdb663 => "pdb-6-6-3",
        }
    }

    /// A short human title.
    pub fn title(self) -> &'static str {
        match self {
            HeuristicKind::Zero => "Zero",
            HeuristicKind::Misplaced => "Misplaced tiles",
            HeuristicKind::Manhattan => "Manhattan distance",
            HeuristicKind::LinearConflict => "Linear conflict",
            HeuristicKind::Pdb44 => "PDB 4-4 (3x3)",
            HeuristicKind::Pdb663 => "PDB 6-6-3 (4x4)",
        }
    }

    /// Looks a heuristic of [`HeuristicKind::ALL`] up by its command-line name (the command
    /// line reads its pattern database as `pdb`, for its own IDA*).
    pub fn from_name(name: &str) -> Option<HeuristicKind> {
        HeuristicKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl HeuristicChoice for HeuristicKind {
    const ALL: &'static [HeuristicKind] = &HeuristicKind::ALL;

    fn name(self) -> &'static str {
        HeuristicKind::name(self)
    }

    fn title(self) -> &'static str {
        HeuristicKind::title(self)
    }
}

impl fmt::Display for HeuristicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A row or a column of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    Row(usize),
    Column(usize),
}

/// What a heuristic says about one tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileNote {
    /// The cell the tile is in.
    pub pos: usize,
    pub tile: u8,
    /// This tile's share of h: 0 or 1 for misplaced tiles, its distance for Manhattan.
    pub cost: u32,
}

/// Tiles in their goal line but in the wrong order within it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineConflict {
    pub line: Line,
    /// The tiles in the line that belong to it, in board order.
    pub tiles: Vec<u8>,
    /// Pairs among them that must pass each other.
    pub pairs: Vec<(u8, u8)>,
    /// The fewest tiles that must step out of the line; each costs 2 extra moves.
    pub leaving: u32,
}

/// A heuristic's value on a board, broken down so it can be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    pub kind: HeuristicKind,
    /// h itself: the sum of the tile costs plus 2 per leaving tile.
    pub total: u32,
    /// One note per tile (the blank excluded), in cell order.
    pub tiles: Vec<TileNote>,
    /// Only for linear conflict: the lines that add to Manhattan.
    pub conflicts: Vec<LineConflict>,
    /// Only for a pattern database (once ready): each group's tiles and value; h is their sum.
    pub groups: Vec<GroupNote>,
}

/// A heuristic prepared for one goal: goal cells and distances are tabulated once.
///
/// ```
/// use searchlab::domains::puzzle::{Board, Heuristic, HeuristicKind};
/// let goal: Board = "123804765".parse().unwrap();
/// let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
/// assert_eq!(manhattan.h(&"283104765".parse().unwrap()), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heuristic {
    kind: HeuristicKind,
    side: usize,
    goal: Board,
    /// `goal_pos[tile]`: the tile's goal cell.
    goal_pos: [u8; MAX_CELLS],
    /// `distance[tile][pos]`: Manhattan distance of `tile` in `pos` from its goal cell.
    distance: [[u8; MAX_CELLS]; MAX_CELLS],
}

impl Heuristic {
    /// Tabulates the heuristic for a goal.
    pub fn new(kind: HeuristicKind, goal: &Board) -> Heuristic {
        let side = goal.side();
        let mut goal_pos = [0u8; MAX_CELLS];
        for pos in 0..goal.len() {
            goal_pos[usize::from(goal.tile(pos))] = pos as u8;
        }
        let mut distance = [[0u8; MAX_CELLS]; MAX_CELLS];
        for tile in 1..goal.len() {
            let g = usize::from(goal_pos[tile]);
            for (pos, d) in distance[tile].iter_mut().enumerate().take(goal.len()) {
                *d = ((g / side).abs_diff(pos / side) + (g % side).abs_diff(pos % side)) as u8;
            }
        }
        Heuristic {
            kind,
            side,
            goal: *goal,
            goal_pos,
            distance,
        }
    }

    /// Which heuristic this is.
    pub fn kind(&self) -> HeuristicKind {
        self.kind
    }

    /// The goal it estimates the distance to.
    pub fn goal(&self) -> Board {
        self.goal
    }

    /// The Manhattan distance of `tile` standing in `pos`; used by solvers that update h
    /// incrementally.
    #[inline]
    pub fn tile_distance(&self, tile: u8, pos: usize) -> u32 {
        u32::from(self.distance[usize::from(tile)][pos])
    }

    /// A tile's share of h in a cell, for heuristics that are a sum over tiles.
    #[inline]
    pub fn tile_cost(&self, tile: u8, pos: usize) -> u32 {
        let d = self.tile_distance(tile, pos);
        match self.kind {
            HeuristicKind::Zero => 0,
            HeuristicKind::Misplaced => u32::from(d > 0),
            HeuristicKind::Manhattan | HeuristicKind::LinearConflict => d,
            // Not a sum over tiles (see `is_additive`): no tile has a share of its own.
            HeuristicKind::Pdb44 | HeuristicKind::Pdb663 => 0,
        }
    }

    /// Whether h is the sum of [`Heuristic::tile_cost`] over the tiles, so a move changes it by
    /// the moved tile's difference alone.
    pub fn is_additive(&self) -> bool {
        matches!(
            self.kind,
            HeuristicKind::Zero | HeuristicKind::Misplaced | HeuristicKind::Manhattan
        )
    }

    /// The estimate for a board.
    #[inline]
    pub fn h(&self, board: &Board) -> u32 {
        self.estimate(self.kind, board)
    }

    /// The estimate of another heuristic for the same goal: the tables are the same for all.
    #[inline]
    pub fn estimate(&self, kind: HeuristicKind, board: &Board) -> u32 {
        match kind {
            HeuristicKind::Zero => 0,
            HeuristicKind::Misplaced => (0..board.len())
                .filter(|&pos| {
                    let t = board.tile(pos);
                    t != 0 && usize::from(self.goal_pos[usize::from(t)]) != pos
                })
                .count() as u32,
            HeuristicKind::Manhattan => self.manhattan(board),
            HeuristicKind::LinearConflict => {
                let extra: u32 = self.lines().map(|line| self.leaving(board, line)).sum();
                self.manhattan(board) + 2 * extra
            }
            // A search with a database that is not registered refuses to start
            // (`Problem::check_heuristic`); anything else asking gets Manhattan distance, a
            // lower bound of every additive database's value, never a panic.
            HeuristicKind::Pdb44 | HeuristicKind::Pdb663 => databases::database(&self.goal, kind)
                .map_or_else(|| self.manhattan(board), |db| db.h(board)),
        }
    }

    #[inline]
    fn manhattan(&self, board: &Board) -> u32 {
        (0..board.len())
            .map(|pos| self.tile_distance(board.tile(pos), pos))
            .sum()
    }

    fn lines(&self) -> impl Iterator<Item = Line> + use<> {
        let side = self.side;
        (0..side).map(Line::Row).chain((0..side).map(Line::Column))
    }

    fn cells_of(&self, line: Line) -> impl Iterator<Item = usize> + use<> {
        let side = self.side;
        (0..side).map(move |i| match line {
            Line::Row(r) => r * side + i,
            Line::Column(c) => i * side + c,
        })
    }

    /// The tiles in `line` whose goal cell is in the same line, with their goal offset along it.
    fn belonging(&self, board: &Board, line: Line) -> Vec<(u8, usize)> {
        let side = self.side;
        self.cells_of(line)
            .map(|pos| board.tile(pos))
            .filter(|&t| t != 0)
            .filter_map(|t| {
                let g = usize::from(self.goal_pos[usize::from(t)]);
                match line {
                    Line::Row(r) if g / side == r => Some((t, g % side)),
                    Line::Column(c) if g % side == c => Some((t, g / side)),
                    _ => None,
                }
            })
            .collect()
    }

    /// The fewest tiles that must leave `line`: those outside a longest run already in goal order.
    /// Counting 2 per conflicting pair instead would overestimate when three tiles are reversed.
    /// Runs once per line for every generated node, so it works on the stack.
    fn leaving(&self, board: &Board, line: Line) -> u32 {
        let side = self.side;
        let mut offsets = [0usize; super::board::MAX_SIDE];
        let mut count = 0;
        for pos in self.cells_of(line) {
            let t = board.tile(pos);
            if t == 0 {
                continue;
            }
            let g = usize::from(self.goal_pos[usize::from(t)]);
            let offset = match line {
                Line::Row(r) if g / side == r => g % side,
                Line::Column(c) if g % side == c => g / side,
                _ => continue,
            };
            offsets[count] = offset;
            count += 1;
        }
        (count - longest_increasing(&offsets[..count])) as u32
    }

    /// The estimate with its reasons.
    pub fn explain(&self, board: &Board) -> Explanation {
        let tiles: Vec<TileNote> = (0..board.len())
            .filter(|&pos| board.tile(pos) != 0)
            .map(|pos| {
                let tile = board.tile(pos);
                let cost = self.tile_cost(tile, pos);
                TileNote { pos, tile, cost }
            })
            .collect();
        let conflicts: Vec<LineConflict> = if self.kind == HeuristicKind::LinearConflict {
            self.lines()
                .filter_map(|line| {
                    let belonging = self.belonging(board, line);
                    let mut pairs = Vec::new();
                    for (i, &(a, oa)) in belonging.iter().enumerate() {
                        for &(b, ob) in &belonging[i + 1..] {
                            if oa > ob {
                                pairs.push((a, b));
                            }
                        }
                    }
                    let leaving = self.leaving(board, line);
                    (leaving > 0).then(|| LineConflict {
                        line,
                        tiles: belonging.iter().map(|&(t, _)| t).collect(),
                        pairs,
                        leaving,
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        let groups = databases::database(&self.goal, self.kind)
            .map(|db| db.groups(board))
            .unwrap_or_default();
        let total = if self.kind.partition().is_some() {
            // Without its database the value is Manhattan's (see `estimate`).
            if groups.is_empty() {
                self.manhattan(board)
            } else {
                groups.iter().map(|g| g.value).sum()
            }
        } else {
            tiles.iter().map(|n| n.cost).sum::<u32>()
                + 2 * conflicts.iter().map(|c| c.leaving).sum::<u32>()
        };
        debug_assert_eq!(total, self.h(board));
        Explanation {
            kind: self.kind,
            total,
            tiles,
            conflicts,
            groups,
        }
    }
}

/// The length of the longest strictly increasing subsequence (lines hold at most a few tiles).
fn longest_increasing(xs: &[usize]) -> usize {
    let mut best = [1usize; super::board::MAX_SIDE];
    for i in 0..xs.len() {
        for j in 0..i {
            if xs[j] < xs[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best[..xs.len()].iter().copied().max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(s: &str) -> Board {
        s.parse().unwrap()
    }

    #[test]
    fn values_on_the_p1379_sample() {
        let goal = board("123804765");
        let start = board("283104765");
        let h = |kind| Heuristic::new(kind, &goal).h(&start);
        assert_eq!(h(HeuristicKind::Zero), 0);
        // 2, 8 and 1 are off their cells; the blank is not counted.
        assert_eq!(h(HeuristicKind::Misplaced), 3);
        // 2 is one cell from home, 8 two (it belongs left of the centre), 1 one.
        assert_eq!(h(HeuristicKind::Manhattan), 4);
        assert_eq!(h(HeuristicKind::LinearConflict), 4);
    }

    #[test]
    fn linear_conflict_counts_tiles_that_must_leave() {
        let goal = board("123456780");
        // 2 and 1 swapped in the top row: one must step out and back, +2.
        let lc = Heuristic::new(HeuristicKind::LinearConflict, &goal);
        let md = Heuristic::new(HeuristicKind::Manhattan, &goal);
        let swapped = board("213456780");
        assert_eq!(lc.h(&swapped), md.h(&swapped) + 2);
        // 3 2 1: three conflicting pairs, but two tiles leaving resolve them all: +4, not +6.
        let reversed = board("321456780");
        assert_eq!(lc.h(&reversed), md.h(&reversed) + 4);
        let explained = lc.explain(&reversed);
        assert_eq!(explained.conflicts.len(), 1);
        assert_eq!(explained.conflicts[0].line, Line::Row(0));
        assert_eq!(explained.conflicts[0].pairs, vec![(3, 2), (3, 1), (2, 1)]);
        assert_eq!(explained.conflicts[0].leaving, 2);
    }

    #[test]
    fn explanations_add_up() {
        let goal = board("123804765");
        let start = board("283164705");
        for kind in HeuristicKind::ALL {
            let heuristic = Heuristic::new(kind, &goal);
            let explained = heuristic.explain(&start);
            assert_eq!(explained.total, heuristic.h(&start), "{kind}");
            assert_eq!(explained.tiles.len(), 8);
        }
        let misplaced = Heuristic::new(HeuristicKind::Misplaced, &goal).explain(&start);
        let marked: Vec<u8> = misplaced
            .tiles
            .iter()
            .filter(|n| n.cost == 1)
            .map(|n| n.tile)
            .collect();
        assert_eq!(marked, vec![2, 8, 1, 6]);
    }
}
