//! Additive disjoint pattern databases: the tiles are split into groups, and for each group a
//! table holds, for every placement of the group's tiles, the fewest moves *of those tiles*
//! that bring them home, whatever the other tiles do. Moves of other tiles are free in the
//! abstraction, so the group tables add up to a lower bound of the true distance (no move is
//! counted by two groups): the sum is admissible. It is not always consistent: the table keeps
//! the least distance over the blank's cells, and where the group's tiles wall the blank off,
//! that least may be for a cell the blank cannot reach for free, so one move can change the
//! sum by more than one (A* reopens; IDA* does not care).
//!
//! One type, [`PatternDatabase`], serves every split from the 8-puzzle's 4-4 to the
//! 15-puzzle's 7-8: its tables are built by a breadth-first search backward from the goal
//! ([`build`]), kept by the rank of each placement, and cached on disk in one format with
//! a header and a checksum ([`file`]). Groups of up to [`MAX_KEYED`] tiles are also kept by
//! key, so that IDA* updates their index with one addition; larger groups, whose table by key
//! would not fit in memory, are looked up by rank, updated by [`build::Ranking::step`].

mod build;
mod file;

pub use build::MAX_GROUP;
pub use file::{Refused, Source, cache_dir};

use super::board::Board;
use build::Ranking;

/// A split of the tiles into disjoint groups, each with its own table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Partition {
    pub groups: Vec<Vec<u8>>,
}

impl Partition {
    /// The 6-6-3 split of the 15-puzzle for the blank-last goal: two blocks of three rows by
    /// two columns and the bottom row. Blocks keep tiles that block each other in both
    /// directions in one group, and their mirror images are blocks the other way round, so
    /// the mirrored lookup adds more.
    pub fn fifteen_663() -> Partition {
        Partition {
            groups: vec![
                vec![1, 2, 5, 6, 9, 10],
                vec![3, 4, 7, 8, 11, 12],
                vec![13, 14, 15],
            ],
        }
    }

    /// The 7-8 split of the 15-puzzle for the blank-last goal: the top two rows (tiles 1-8)
    /// and the bottom two (9-15). Its mirror image about the main diagonal is the left and the
    /// right two columns, so the mirrored lookup counts the other direction's interactions.
    /// Its tables take 576 MB (57,657,600 placements of seven tiles and 518,918,400 of eight,
    /// one byte each).
    pub fn fifteen_78() -> Partition {
        Partition {
            groups: vec![(1..=8).collect(), (9..=15).collect()],
        }
    }

    /// A 4-4 split of the 8-puzzle, small enough to show additivity in class.
    pub fn eight_44() -> Partition {
        Partition {
            groups: vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]],
        }
    }

    /// The split as text, `1,2,3/4,5,6`, for file headers and names.
    pub fn describe(&self) -> String {
        self.groups
            .iter()
            .map(|g| {
                g.iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Why the partition does not fit `goal`, if it does not: checked before any table is
    /// built or read (at most four groups of one to [`MAX_GROUP`] tiles, each tile once).
    fn fits(&self, goal: &Board) -> Result<(), PdbError> {
        if self.groups.len() > 4 {
            return Err(PdbError::Groups(self.groups.len()));
        }
        let mut seen = [false; 16];
        for group in &self.groups {
            if group.len() > MAX_GROUP || group.is_empty() {
                return Err(PdbError::GroupSize(group.len()));
            }
            for &tile in group {
                if tile == 0 || tile as usize >= goal.len() || seen[tile as usize] {
                    return Err(PdbError::Tile(tile));
                }
                seen[tile as usize] = true;
            }
        }
        Ok(())
    }
}

/// Why a database could not be built or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdbError {
    #[error("tile {0} is in no group, in two groups, or not on the board")]
    Tile(u8),
    #[error("a group of {0} tiles is too large (at most 8)")]
    GroupSize(usize),
    #[error("{0} groups are too many (at most 4)")]
    Groups(usize),
    #[error("the pattern database file is damaged: {0}")]
    Damaged(String),
    #[error("the pattern database file is of format {0}, written by an earlier searchlab")]
    Outdated(u32),
    #[error("no pattern database file")]
    Missing,
    #[error("the pattern database's path is not a regular file")]
    NotAFile,
    #[error("the pattern database build was cancelled")]
    Cancelled,
}

/// One group's table: for each placement of its tiles, the fewest moves of those tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
struct GroupTable {
    tiles: Vec<u8>,
    /// The numbering of the group's placements, shared with the build.
    ranking: Ranking,
    /// By rank: the compact table, as built and saved.
    distances: Vec<u8>,
    /// By key (each tile's cell as one hex digit, the group's first tile lowest), for groups of
    /// up to [`MAX_KEYED`] tiles: a move changes one digit, so IDA* updates the key with one
    /// addition instead of stepping the rank. Empty for larger groups.
    keyed: Vec<u8>,
}

/// Groups up to this size also get a table by key: 16⁶ bytes (16.8 MB) for six tiles, where
/// seven would take 268 MB and eight 4.3 GB.
pub const MAX_KEYED: usize = 6;

impl GroupTable {
    fn new(tiles: Vec<u8>, distances: Vec<u8>, side: usize) -> GroupTable {
        let ranking = Ranking::new(side, tiles.len());
        let keyed = if tiles.len() <= MAX_KEYED {
            // Placements in rank order are the cell choices in lexicographic order, each cell
            // among those not yet taken: the same walk gives every key its rank's distance.
            let mut keyed = vec![build::UNSEEN; 1 << (4 * tiles.len())];
            let mut next_rank = 0;
            let mut taken = [false; 16];
            fill_keyed(
                &mut keyed,
                &distances,
                ranking.cells(),
                tiles.len(),
                0,
                0,
                &mut taken,
                &mut next_rank,
            );
            keyed
        } else {
            Vec::new()
        };
        GroupTable {
            tiles,
            ranking,
            distances,
            keyed,
        }
    }

    /// The group's index for the tiles at `cells` (indexed by tile): its key where the group
    /// is kept by key, else its rank.
    fn index_of(&self, cells: &[u8; 16]) -> u32 {
        if self.keyed.is_empty() {
            let mut placed = [0u8; MAX_GROUP];
            for (cell, &tile) in placed.iter_mut().zip(&self.tiles) {
                *cell = cells[tile as usize];
            }
            self.ranking.rank(&placed[..self.tiles.len()])
        } else {
            self.tiles
                .iter()
                .enumerate()
                .map(|(i, &tile)| u32::from(cells[tile as usize]) << (4 * i))
                .sum()
        }
    }

    /// The distance at an index of [`GroupTable::index_of`].
    #[inline]
    fn at(&self, index: u32) -> u8 {
        if self.keyed.is_empty() {
            self.distances[index as usize]
        } else {
            self.keyed[index as usize]
        }
    }
}

/// Walks the placements in rank order, writing each one's distance at its key.
#[allow(clippy::too_many_arguments)]
fn fill_keyed(
    keyed: &mut [u8],
    distances: &[u8],
    n: usize,
    k: usize,
    depth: usize,
    key: u32,
    taken: &mut [bool; 16],
    next_rank: &mut usize,
) {
    if depth == k {
        keyed[key as usize] = distances[*next_rank];
        *next_rank += 1;
        return;
    }
    for cell in 0..n {
        if !taken[cell] {
            taken[cell] = true;
            let key = key | (cell as u32) << (4 * depth);
            fill_keyed(keyed, distances, n, k, depth + 1, key, taken, next_rank);
            taken[cell] = false;
        }
    }
}

/// Where a tile is in the partition: its group ([`NO_GROUP`] for the blank), its order in
/// the group, and the weight of its digit in the group's key (16^order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Place {
    group: u8,
    order: u8,
    weight: u32,
}

const NO_GROUP: u8 = u8::MAX;

/// The additive database of one goal and partition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternDatabase {
    goal: Board,
    partition: Partition,
    tables: Vec<GroupTable>,
    places: [Place; 16],
}

/// Checked between layers of a build: `false` stops it (the window's Cancel).
pub type Progress<'a> = &'a mut dyn FnMut(f64) -> bool;

impl PatternDatabase {
    /// Builds every group's table by a backward BFS from `goal` on every core, reporting the
    /// share done (0 to 1) between layers; the callback returning false cancels the build.
    pub fn build(
        goal: Board,
        partition: Partition,
        progress: Progress<'_>,
    ) -> Result<PatternDatabase, PdbError> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        PatternDatabase::build_on(goal, partition, threads, progress)
    }

    /// [`PatternDatabase::build`] on this many threads.
    pub fn build_on(
        goal: Board,
        partition: Partition,
        threads: usize,
        progress: Progress<'_>,
    ) -> Result<PatternDatabase, PdbError> {
        partition.fits(&goal)?;
        let size = |group: &[u8]| Ranking::new(goal.side(), group.len()).size() as f64;
        let total: f64 = partition.groups.iter().map(|g| size(g)).sum();
        let mut done = 0.0;
        let mut distances = Vec::new();
        for group in &partition.groups {
            let share_of = size(group);
            distances.push(build::build_table(
                &goal,
                group,
                threads.max(1),
                &mut |share| progress((done + share * share_of) / total),
            )?);
            done += share_of;
        }
        Ok(PatternDatabase::assemble(goal, partition, distances))
    }

    /// The database of these tables by rank, one a group in the partition's order.
    fn assemble(goal: Board, partition: Partition, distances: Vec<Vec<u8>>) -> PatternDatabase {
        let tables: Vec<GroupTable> = partition
            .groups
            .iter()
            .zip(distances)
            .map(|(tiles, distances)| GroupTable::new(tiles.clone(), distances, goal.side()))
            .collect();
        let mut places = [Place {
            group: NO_GROUP,
            order: 0,
            weight: 0,
        }; 16];
        for (g, table) in tables.iter().enumerate() {
            for (i, &tile) in table.tiles.iter().enumerate() {
                places[tile as usize] = Place {
                    group: g as u8,
                    order: i as u8,
                    weight: 1 << (4 * i),
                };
            }
        }
        PatternDatabase {
            goal,
            partition,
            tables,
            places,
        }
    }

    /// The goal the distances are measured to.
    pub fn goal(&self) -> Board {
        self.goal
    }

    /// The split of the tiles.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// The bytes the tables by rank take (as saved; tables by key come on top).
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(|t| t.distances.len()).sum()
    }

    /// The sum of the groups' distances: a lower bound of the moves from `board` to the goal.
    pub fn h(&self, board: &Board) -> u32 {
        self.keys_of(&cells_of(board)).h
    }

    /// Each group's distance on `board`, in the partition's order (they add up to h).
    pub fn values(&self, board: &Board) -> Vec<u8> {
        self.keys_of(&cells_of(board)).values[..self.tables.len()].to_vec()
    }

    /// The indices and the sum for the tiles at `cells` (indexed by tile).
    fn keys_of(&self, cells: &[u8; 16]) -> Keys {
        let mut keys = Keys {
            index: [0; 4],
            values: [0; 4],
            h: 0,
        };
        for (g, table) in self.tables.iter().enumerate() {
            let index = table.index_of(cells);
            keys.index[g] = index;
            keys.values[g] = table.at(index);
            keys.h += u32::from(keys.values[g]);
        }
        keys
    }

    /// The indices after `tile` moved from cell `from` to the adjacent cell `to`; `tile_at`
    /// names the tile in a cell after the move (a group kept by rank asks about the cells
    /// between `from` and `to`).
    #[inline]
    fn moved(
        &self,
        memo: &Keys,
        tile: u8,
        from: usize,
        to: usize,
        tile_at: impl Fn(usize) -> u8,
    ) -> Keys {
        let place = self.places[tile as usize & 15];
        let mut keys = *memo;
        if place.group == NO_GROUP {
            return keys;
        }
        let g = usize::from(place.group) & 3;
        let table = &self.tables[g];
        let index = if table.keyed.is_empty() {
            let places = &self.places;
            let order_at = |cell: usize| {
                let other = places[tile_at(cell) as usize & 15];
                if other.group == place.group {
                    usize::from(other.order)
                } else {
                    MAX_GROUP
                }
            };
            let change = table
                .ranking
                .step(usize::from(place.order), from, to, order_at);
            (i64::from(keys.index[g]) + change) as u32
        } else {
            // Cells are hex digits: the digit goes from `from` to `to`.
            (keys.index[g] + place.weight * to as u32).wrapping_sub(place.weight * from as u32)
        };
        let value = table.at(index);
        keys.h = keys.h + u32::from(value) - u32::from(keys.values[g]);
        keys.index[g] = index;
        keys.values[g] = value;
        keys
    }
}

/// Each tile's cell on `board`, indexed by tile.
fn cells_of(board: &Board) -> [u8; 16] {
    let mut cells = [0u8; 16];
    for pos in 0..board.len() {
        cells[board.tile(pos) as usize] = pos as u8;
    }
    cells
}

/// IDA* evaluates the database incrementally: a move changes one tile's cell, so only that
/// tile's group is looked up again, its index changed by the move alone.
impl super::ida::Estimate for PatternDatabase {
    /// Each group's index and value.
    type Memo = Keys;

    fn first(&self, board: &Board) -> (u32, Keys) {
        let keys = self.keys_of(&cells_of(board));
        (keys.h, keys)
    }

    #[inline]
    fn after(&self, child: &Board, memo: &Keys, tile: u8, to: usize) -> (u32, Keys) {
        let keys = self.moved(memo, tile, child.blank(), to, |cell| child.tile(cell));
        (keys.h, keys)
    }
}

/// Each group's index in its table (its key, or its rank for a group kept by rank) and its
/// value there, kept by IDA* from a node to its children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keys {
    index: [u32; 4],
    values: [u8; 4],
    h: u32,
}

impl Keys {
    /// Each group's value in its table, in the partition's order (unused groups read 0).
    pub fn values(&self) -> [u8; 4] {
        self.values
    }
}

/// The database looked up twice, on the board and on its mirror image about the main
/// diagonal (with the tiles renamed so the goal mirrors onto itself), keeping the larger sum.
/// The mirror of a board is exactly as far from the goal, so both sums are lower bounds: the
/// larger is too, and it prunes more. Needs a goal whose blank is on the diagonal.
pub struct Mirrored<'a> {
    db: &'a PatternDatabase,
    mirror: Mirror,
}

impl<'a> Mirrored<'a> {
    /// `None` if the goal's blank is off the main diagonal (the goal has no such mirror).
    pub fn new(db: &'a PatternDatabase) -> Option<Mirrored<'a>> {
        Some(Mirrored {
            db,
            mirror: Mirror::of(&db.goal)?,
        })
    }
}

/// A goal's mirror image about the main diagonal, with the tiles renamed so that the goal
/// mirrors onto itself: what every mirrored lookup needs.
struct Mirror {
    /// The tile whose goal cell is the mirror of this tile's goal cell.
    rename: [u8; 16],
    /// The mirror of each cell.
    mirror: [u8; 16],
}

impl Mirror {
    /// `None` if the goal's blank is off the main diagonal.
    fn of(goal: &Board) -> Option<Mirror> {
        let side = goal.side();
        let mut mirror = [0u8; 16];
        for (cell, m) in mirror.iter_mut().enumerate().take(side * side) {
            *m = ((cell % side) * side + cell / side) as u8;
        }
        if mirror[goal.blank()] as usize != goal.blank() {
            return None;
        }
        let mut rename = [0u8; 16];
        for tile in 0..(side * side) as u8 {
            rename[tile as usize] = goal.tile(mirror[goal.position_of(tile)] as usize);
        }
        Some(Mirror { rename, mirror })
    }

    /// Each tile's cell on `board`, and each renamed tile's cell on the mirror image.
    fn cells(&self, board: &Board) -> ([u8; 16], [u8; 16]) {
        let mut cells = [0u8; 16];
        let mut mirrored = [0u8; 16];
        for (pos, tile) in board.cells().into_iter().enumerate() {
            cells[tile as usize] = pos as u8;
            mirrored[self.rename[tile as usize] as usize] = self.mirror[pos];
        }
        (cells, mirrored)
    }
}

impl super::ida::Estimate for Mirrored<'_> {
    type Memo = (Keys, Keys);

    fn first(&self, board: &Board) -> (u32, Self::Memo) {
        let (cells, mirrored) = self.mirror.cells(board);
        let plain = self.db.keys_of(&cells);
        let mirrored = self.db.keys_of(&mirrored);
        (plain.h.max(mirrored.h), (plain, mirrored))
    }

    #[inline]
    fn after(&self, child: &Board, memo: &Self::Memo, tile: u8, to: usize) -> (u32, Self::Memo) {
        let from = child.blank();
        let plain = self
            .db
            .moved(&memo.0, tile, from, to, |cell| child.tile(cell));
        let Mirror { rename, mirror } = &self.mirror;
        let mirrored = self.db.moved(
            &memo.1,
            rename[tile as usize & 15],
            usize::from(mirror[from & 15]),
            usize::from(mirror[to & 15]),
            |cell| rename[child.tile(usize::from(mirror[cell & 15])) as usize & 15],
        );
        (plain.h.max(mirrored.h), (plain, mirrored))
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::domains::puzzle::ida::{Estimate, ida_star};
    use crate::domains::puzzle::{DistanceTable, Heuristic, HeuristicKind, Rng, scramble};

    fn keep_going(_: f64) -> bool {
        true
    }

    fn p1379() -> Board {
        "123804765".parse().unwrap()
    }

    fn eight() -> (Board, PatternDatabase) {
        let goal = p1379();
        let db = PatternDatabase::build(goal, Partition::eight_44(), &mut keep_going).unwrap();
        (goal, db)
    }

    /// The same database with every group looked up by rank, as a group too large for a
    /// table by key is.
    fn by_rank(db: &PatternDatabase) -> PatternDatabase {
        let mut ranked = db.clone();
        for table in &mut ranked.tables {
            table.keyed.clear();
        }
        ranked
    }

    /// 4x4 groups small enough to build in a moment: the rows, whose mirror images are the
    /// columns (a split that mirrors onto itself would gain nothing from the mirror).
    pub(super) fn fifteen_small() -> Partition {
        Partition {
            groups: vec![
                vec![1, 2, 3, 4],
                vec![5, 6, 7, 8],
                vec![9, 10, 11, 12],
                vec![13, 14, 15],
            ],
        }
    }

    #[test]
    fn the_8_puzzle_database_is_admissible_and_beats_manhattan_somewhere() {
        let (goal, db) = eight();
        let table = DistanceTable::new(&goal).unwrap();
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
        assert_eq!(db.h(&goal), 0);
        let mut better = 0;
        let mut rng = Rng::new(7);
        for _ in 0..3000 {
            let board = scramble(&goal, 40, &mut rng);
            let h = db.h(&board);
            let truth = u32::from(table.distance(&board).unwrap());
            assert!(h <= truth, "{board}: pdb {h} > h* {truth}");
            // Each group's moves are a subset of Manhattan's per-tile count, or more.
            let m = manhattan.h(&board);
            assert!(h >= m, "{board}: pdb {h} below Manhattan {m}");
            better += usize::from(h > m);
            let values = db.values(&board);
            assert_eq!(values.iter().map(|&v| u32::from(v)).sum::<u32>(), h);
        }
        assert!(
            better > 0,
            "the database never improved on Manhattan distance"
        );
    }

    #[test]
    fn one_group_of_every_3x3_tile_gives_each_boards_exact_distance() {
        // With every tile in the group, the blank's region is its one free cell: the
        // abstraction is the puzzle itself. Eight tiles are past the table by key.
        let goal = p1379();
        let all = Partition {
            groups: vec![(1..=8).collect()],
        };
        let db = PatternDatabase::build(goal, all, &mut keep_going).unwrap();
        assert!(db.tables[0].keyed.is_empty());
        let table = DistanceTable::new(&goal).unwrap();
        let mut boards = 0;
        for board in table.states() {
            assert_eq!(
                db.h(&board),
                u32::from(table.distance(&board).unwrap()),
                "{board}"
            );
            boards += 1;
        }
        assert_eq!(boards, 181_440);
    }

    #[test]
    fn incremental_and_mirrored_lookups_by_key_and_by_rank_agree_with_lookups_from_scratch() {
        for (goal, partition) in [
            (Board::blank_last(4), fifteen_small()),
            (p1379(), Partition::eight_44()),
        ] {
            let keyed = PatternDatabase::build(goal, partition, &mut keep_going).unwrap();
            assert!(keyed.tables.iter().all(|t| !t.keyed.is_empty()));
            let ranked = by_rank(&keyed);
            for db in [&keyed, &ranked] {
                let mirrored = Mirrored::new(db).expect("the blank is on the diagonal");
                let mut rng = Rng::new(21);
                let mut higher = 0;
                for _ in 0..300 {
                    // A random walk, carrying both memos from board to board.
                    let mut board = scramble(&goal, 60, &mut rng);
                    let (_, mut plain) = db.first(&board);
                    let (_, mut both) = mirrored.first(&board);
                    for _ in 0..40 {
                        let moves: Vec<_> = board.successors().collect();
                        let (child, step) = moves[rng.below(moves.len())];
                        let (h, memo) = db.after(&child, &plain, step.tile, board.blank());
                        assert_eq!(h, keyed.h(&child), "{board} -> {child}");
                        assert_eq!(memo, db.first(&child).1, "{board} -> {child}");
                        let (m, memo2) = mirrored.after(&child, &both, step.tile, board.blank());
                        assert_eq!((m, memo2), mirrored.first(&child), "{board} -> {child}");
                        assert!(m >= h);
                        higher += usize::from(m > h);
                        (board, plain, both) = (child, memo, memo2);
                    }
                }
                assert!(higher > 0, "the mirror never helped on {goal}");
            }
        }
    }

    #[test]
    fn the_mirrored_lookup_stays_admissible_and_ida_star_with_it_finds_optimal_paths() {
        let (goal, db) = eight();
        let table = DistanceTable::new(&goal).unwrap();
        let ranked = by_rank(&db);
        for db in [&db, &ranked] {
            let mirrored = Mirrored::new(db).expect("123804765 has its blank on the diagonal");
            let mut rng = Rng::new(9);
            for _ in 0..2000 {
                let board = scramble(&goal, 40, &mut rng);
                let (h, _) = mirrored.first(&board);
                let truth = u32::from(table.distance(&board).unwrap());
                assert!(h <= truth, "{board}: {h} > h* {truth}");
                assert!(h >= db.h(&board));
            }
            for _ in 0..40 {
                let start = scramble(&goal, 60, &mut rng);
                let path = ida_star(start, goal, &mirrored, u64::MAX).path.unwrap();
                assert_eq!(path.len() - 1, usize::from(table.distance(&start).unwrap()));
            }
        }
        // A goal with the blank off the diagonal has no mirror.
        let off: Board = "123456708".parse().unwrap();
        let db = PatternDatabase::build(off, Partition::eight_44(), &mut keep_going).unwrap();
        assert!(Mirrored::new(&db).is_none());
    }

    #[test]
    fn a_bad_partition_is_refused_and_a_build_can_be_cancelled() {
        let goal = p1379();
        let twice = Partition {
            groups: vec![vec![1, 2], vec![2, 3]],
        };
        assert_eq!(
            PatternDatabase::build(goal, twice, &mut keep_going),
            Err(PdbError::Tile(2))
        );
        let off_board = Partition {
            groups: vec![vec![9]],
        };
        assert_eq!(
            PatternDatabase::build(goal, off_board, &mut keep_going),
            Err(PdbError::Tile(9))
        );
        // A group with no tile has no table to build, and nine tiles are too many.
        let empty = Partition {
            groups: vec![vec![1, 2, 3, 4], vec![]],
        };
        assert_eq!(
            PatternDatabase::build(goal, empty, &mut keep_going),
            Err(PdbError::GroupSize(0))
        );
        let nine = Partition {
            groups: vec![(1..=9).collect()],
        };
        assert_eq!(
            PatternDatabase::build(Board::blank_last(4), nine, &mut keep_going),
            Err(PdbError::GroupSize(9))
        );
        let five = Partition {
            groups: (1..=5).map(|t| vec![t]).collect(),
        };
        assert_eq!(
            PatternDatabase::build(goal, five, &mut keep_going),
            Err(PdbError::Groups(5))
        );
        let mut calls = 0;
        let result = PatternDatabase::build(goal, Partition::eight_44(), &mut |_| {
            calls += 1;
            calls < 3
        });
        assert_eq!(result, Err(PdbError::Cancelled));
    }

    #[test]
    fn the_15_puzzle_three_tile_group_never_overestimates_its_own_moves() {
        // The small group of the 6-6-3 split builds in a moment; its value is a lower bound of
        // the moves its tiles must make, and zero at the goal.
        let goal = Board::blank_last(4);
        let partition = Partition {
            groups: vec![vec![13, 14, 15]],
        };
        let db = PatternDatabase::build(goal, partition, &mut keep_going).unwrap();
        assert_eq!(db.h(&goal), 0);
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let moves = 1 + rng.below(30);
            let board = scramble(&goal, moves, &mut rng);
            assert!(
                db.h(&board) as usize <= moves,
                "{board} after {moves} moves"
            );
        }
    }

    /// Checks a whole 15-puzzle database on random walks: never above the walk's length,
    /// never below Manhattan distance, mirrored or not.
    fn check_fifteen(db: &PatternDatabase) {
        let goal = db.goal();
        let mirrored = Mirrored::new(db).unwrap();
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
        let mut rng = Rng::new(11);
        for _ in 0..2000 {
            let moves = 1 + rng.below(80);
            let board = scramble(&goal, moves, &mut rng);
            let (h, _) = mirrored.first(&board);
            assert!(h as usize <= moves, "{board}: {h} after {moves} moves");
            assert!(db.h(&board) >= manhattan.h(&board));
        }
        assert!(
            db.tables
                .iter()
                .all(|t| t.distances.iter().all(|&d| d != build::UNSEEN))
        );
    }

    #[test]
    #[ignore = "slow: builds the whole 6-6-3 database (about 185 MB while building)"]
    fn slow_the_15_puzzle_663_database_is_admissible_and_at_least_manhattan() {
        let goal = Board::blank_last(4);
        let db = PatternDatabase::build(goal, Partition::fifteen_663(), &mut keep_going).unwrap();
        check_fifteen(&db);
    }

    #[test]
    #[ignore = "slow: builds the whole 7-8 database (576 MB)"]
    fn slow_the_15_puzzle_78_database_is_admissible_and_at_least_manhattan() {
        let goal = Board::blank_last(4);
        let db = PatternDatabase::build(goal, Partition::fifteen_78(), &mut keep_going).unwrap();
        check_fifteen(&db);
    }
}
