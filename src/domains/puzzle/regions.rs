//! Pattern database tables built with the blank's region tracked, on every core, and the
//! database that looks its tables up by rank: the one for groups too large for
//! [`PatternDatabase`]'s keyed tables, such as the 15-puzzle's 7-8 split (57,657,600
//! placements of seven tiles and 518,918,400 of eight, one byte each: 576 MB).
//!
//! The abstraction is [`PatternDatabase`]'s: a move of a pattern tile costs 1, a move of the
//! blank through other tiles costs 0, and a table keeps each placement's least distance over
//! the blank's cells. Since the blank wanders through the free cells of its region at no cost,
//! a state here is a placement and the region the blank is in (not its cell), and a move is a
//! tile of the group stepping into a cell of that region: the blank is then in the region of
//! the cell the tile left. That keeps the BFS to one state per region (about 1.4·10⁹ for the
//! eight tiles, against 4.2·10⁹ with the blank's cell) and every move at cost 1.
//!
//! A table is built by a layered breadth-first search over the placements' ranks: each layer
//! scans the chunks holding states of its depth and marks their unseen successors one deeper,
//! on every core, with one word a placement (two bits a free cell: its region not reached,
//! reached at an even or an odd depth, or expanded) and a byte for its least depth. Databases
//! are cached on disk like [`PatternDatabase`]'s, with a header (format version, abstraction,
//! goal, partition, checksum), and rebuilt when the file is missing or damaged.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, AtomicU32, AtomicUsize, Ordering};

use super::board::{Board, POPCOUNT, cells_in};
use super::ida::Estimate;
#[cfg(doc)]
use super::pdb::PatternDatabase;
use super::pdb::{
    MAGIC, Mirror, Partition, PdbError, Progress, Source, UNSEEN, cached_or_build_at, fnv1a,
    open_cache_file, write_cache_file,
};

/// The largest group: eight tiles of the 15-puzzle, 518,918,400 placements.
pub const MAX_GROUP: usize = 8;

/// The version of the cached file's format (the 6-6-3 database's files are version 1).
const FORMAT_VERSION: u32 = 3;

/// How a group's placements are numbered (as [`PatternDatabase`] numbers them): tile `i`'s
/// digit is its cell counted among the cells the tiles before it leave free, and the first
/// tile's digit weighs most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ranking {
    side: usize,
    /// Tiles in the group.
    k: usize,
    /// `weights[i]` = (n−i−1)·(n−i−2)·…·(n−k+1) for n cells.
    weights: [u32; MAX_GROUP],
    /// `passing[i][j]`: how the rank changes when tile `i` moves up past the tile of order
    /// `j` (down is the negative): a tile before `i` no longer counts below it, and tile `i`
    /// now counts below a later one. Columns [`MAX_GROUP`] on are a cell of no group's tile
    /// (sixteen columns, so that an order masked to four bits needs no bounds check).
    passing: [[i32; 16]; MAX_GROUP],
}

impl Ranking {
    pub(super) fn new(side: usize, k: usize) -> Ranking {
        let n = side * side;
        let mut weights = [0; MAX_GROUP];
        let mut weight = 1u32;
        for i in (0..k).rev() {
            weights[i] = weight;
            weight *= (n - i) as u32;
        }
        let mut passing = [[0; 16]; MAX_GROUP];
        for (i, row) in passing.iter_mut().enumerate().take(k) {
            for (j, change) in row.iter_mut().enumerate().take(k) {
                *change = if j < i {
                    -(weights[i] as i32)
                } else {
                    weights[j] as i32
                };
            }
        }
        Ranking {
            side,
            k,
            weights,
            passing,
        }
    }

    pub(super) fn cells(&self) -> usize {
        self.side * self.side
    }

    /// The number of placements.
    pub(super) fn size(&self) -> usize {
        let n = self.cells();
        (n - self.k + 1..=n).product()
    }

    /// The rank of the placement with the group's tiles at `cells` (in group order).
    pub(super) fn rank(&self, cells: &[u8]) -> u32 {
        let mut taken = 0u32;
        let mut index = 0;
        for (i, &cell) in cells.iter().enumerate() {
            let below = cells_in(taken & ((1 << cell) - 1));
            index += (u32::from(cell) - below) * self.weights[i];
            taken |= 1 << cell;
        }
        index
    }

    /// The cells of the placement of rank `index`.
    fn unrank(&self, mut index: u32, cells: &mut [u8; MAX_GROUP]) {
        let n = self.cells();
        let mut digits = [0u32; MAX_GROUP];
        for i in (0..self.k).rev() {
            let radix = (n - i) as u32;
            digits[i] = index % radix;
            index /= radix;
        }
        let mut free = (1u32 << n) - 1;
        for (cell, &digit) in cells.iter_mut().zip(&digits).take(self.k) {
            // The digit-th free cell: drop the lowest free cells before it.
            let mut rest = free;
            for _ in 0..digit {
                rest &= rest - 1;
            }
            let chosen = rest.trailing_zeros();
            *cell = chosen as u8;
            free &= !(1 << chosen);
        }
    }

    /// How the rank changes when the group's `i`-th tile moves from `from` to the adjacent
    /// cell `to` (free of the group's tiles). Only the cells strictly between the two change
    /// anything beyond the tile's own digit: a tile of the group there before `i` is counted
    /// below `to` but not below `from` (or the other way round), and a later one sees tile `i`
    /// pass it. `order_at(cell)` is the group order of the tile in `cell`, or [`MAX_GROUP`]
    /// if it is not in the group. A move along a row has no cell in between.
    #[inline]
    fn step(&self, i: usize, from: usize, to: usize, order_at: impl Fn(usize) -> usize) -> i64 {
        self.step_along(i, from, to, from.abs_diff(to) != 1, order_at)
    }

    /// [`Ranking::step`] for a move known to be `vertical` (along a column) or not. On the
    /// 15-puzzle it has no branch: both changes are computed and one is picked, since the
    /// build's moves come in no predictable order, so a branch on the direction would often
    /// be guessed wrong.
    #[inline(always)]
    fn step_along(
        &self,
        i: usize,
        from: usize,
        to: usize,
        vertical: bool,
        order_at: impl Fn(usize) -> usize,
    ) -> i64 {
        let weight = i64::from(self.weights[i & (MAX_GROUP - 1)]);
        let low = from.min(to);
        let passing = &self.passing[i & (MAX_GROUP - 1)];
        let passed = |cell: usize| i64::from(passing[order_at(cell) & 15]);
        let change = if self.side == 4 {
            // The three cells in between, unrolled: a loop's own counting would cost as much
            // as the sum. Along a row the sum is not used, and its cells may lie past the
            // board's last: they are wrapped onto the board, so `order_at` is only ever asked
            // about a cell of the board.
            let across = weight * 4
                + passed((low + 1) & 15)
                + passed((low + 2) & 15)
                + passed((low + 3) & 15);
            std::hint::select_unpredictable(vertical, across, weight)
        } else if vertical {
            (low + 1..low + self.side).fold(weight * self.side as i64, |change, cell| {
                change + passed(cell)
            })
        } else {
            weight
        };
        std::hint::select_unpredictable(to > from, change, -change)
    }
}

/// Cells adjacent to each cell of a board of `side`.
#[cfg(test)]
fn neighbours(side: usize) -> Vec<Vec<usize>> {
    use super::board::Dir;
    use super::pdb::neighbour;
    (0..side * side)
        .map(|cell| {
            Dir::ALL
                .into_iter()
                .filter_map(|dir| neighbour(cell, dir, side))
                .collect()
        })
        .collect()
}

/// The placements of one chunk of ranks in rank order, by their cells: the chunk's first
/// placement is unranked once, then each step to the next rank moves the last tiles only, as
/// the digits of an odometer turn.
struct Walk<'a> {
    ranking: &'a Ranking,
    cells: [u8; MAX_GROUP],
    /// `before[i]`: the cells of the tiles before tile `i`.
    before: [u32; MAX_GROUP],
    digits: [u8; MAX_GROUP],
}

impl<'a> Walk<'a> {
    fn new(ranking: &'a Ranking, index: u32) -> Walk<'a> {
        let mut walk = Walk {
            ranking,
            cells: [0; MAX_GROUP],
            before: [0; MAX_GROUP],
            digits: [0; MAX_GROUP],
        };
        ranking.unrank(index, &mut walk.cells);
        let n = ranking.cells();
        let mut taken = 0u32;
        let mut rest = index;
        for i in (0..ranking.k).rev() {
            let radix = (n - i) as u32;
            walk.digits[i] = (rest % radix) as u8;
            rest /= radix;
        }
        for i in 0..ranking.k {
            walk.before[i] = taken;
            taken |= 1 << walk.cells[i];
        }
        walk
    }

    /// Moves to the next placement whose last tile is in its lowest free cell (the next block
    /// of `n − k + 1` ranks).
    fn next_block(&mut self) {
        let k = self.ranking.k;
        let n = self.ranking.cells();
        let all = (1u32 << n) - 1;
        if k == 1 {
            return;
        }
        let mut i = k - 2;
        loop {
            if usize::from(self.digits[i]) + 1 < n - i {
                // The next free cell above this tile's.
                self.digits[i] += 1;
                let free = !self.before[i] & all & !((2u32 << self.cells[i]) - 1);
                self.cells[i] = free.trailing_zeros() as u8;
                break;
            }
            if i == 0 {
                return;
            }
            self.digits[i] = 0;
            i -= 1;
        }
        // Every tile after it starts again from its lowest free cell.
        for j in i + 1..k {
            self.before[j] = self.before[j - 1] | 1 << self.cells[j - 1];
            self.cells[j] = (!self.before[j] & all).trailing_zeros() as u8;
        }
    }
}

/// Empty blocks past which a scan ranks its walk afresh instead of turning it block by block:
/// ranking afresh costs about as much as a dozen turns.
const WALK_SKIP: usize = 16;

/// Ranks scanned by one thread at a time: the smallest digit weight of at least 1024 (11,880
/// for eight tiles of sixteen), so a chunk is whole blocks of the last tile's cells.
fn chunk_size(ranking: &Ranking) -> usize {
    (0..ranking.k)
        .rev()
        .map(|i| ranking.weights[i] as usize)
        .find(|&w| w >= 1024)
        .unwrap_or_else(|| ranking.size())
}

/// A placement's state during a build, kept in one word so that marking a state touches one
/// cache line. The word has two lanes of [`Word::LANE`] bits; bit `j` of each stands for the
/// `j`-th free cell (lowest first), that is for the blank's region holding it, and the cell's
/// two bits give the region's state:
/// - neither: not reached;
/// - the low lane's only: reached at an even depth, not yet expanded;
/// - the high lane's only: reached at an odd depth, not yet expanded;
/// - both: expanded.
///
/// Each region is marked whole, with all its cells. A layer's expansion sets the other lane's
/// bit, which is also the next layer's mark: no lane needs clearing between layers, and two
/// lanes keep the eight tiles of the 15-puzzle in 16-bit words. The placement's least depth
/// is written to its byte when the layer after it expands it.
trait Word: Sized + Send + Sync {
    /// Bits a lane: at least the free cells of a placement.
    const LANE: u32;

    fn zeroed(size: usize) -> Vec<Self>;
    fn get(&self) -> u64;
    /// Sets `bits`; returns the value before.
    fn or(&self, bits: u64) -> u64;
}

/// Implements [`Word`] for an atomic integer type `$atomic` holding `$plain` values.
macro_rules! word {
    ($atomic:ty, $plain:ty) => {
        impl Word for $atomic {
            const LANE: u32 = <$plain>::BITS / 2;

            fn zeroed(size: usize) -> Vec<$atomic> {
                // Zeroed by the allocator (fresh pages from the kernel, not written twice),
                // and the pages are only touched by the search itself. Ordinary pages: huge
                // pages saved no time in the random marking, and some hosts are slow to clear
                // them at their first write (docs/performance.md).
                let table: Vec<$plain> = vec![0; size];
                // SAFETY: the atomic type has the size, alignment and bit validity of the
                // plain one.
                unsafe { recast(table) }
            }

            #[inline]
            fn get(&self) -> u64 {
                u64::from(self.load(Ordering::Relaxed))
            }

            #[inline]
            fn or(&self, bits: u64) -> u64 {
                u64::from(self.fetch_or(bits as $plain, Ordering::Relaxed))
            }
        }
    };
}

// Up to eight free cells: the eight tiles of the 15-puzzle, whose table of words takes 1 GB.
word!(AtomicU16, u16);
// Up to sixteen: any group of the 15-puzzle.
word!(AtomicU32, u32);

/// `size` bytes of `fill` that threads may write at once (each its own bytes), filled on
/// `threads` threads: the first write to a fresh page also costs the kernel's time.
fn shared_bytes(size: usize, fill: u8, threads: usize) -> Vec<AtomicU8> {
    let mut table = vec![0; size];
    let part = size.div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        for piece in table.chunks_mut(part) {
            scope.spawn(move || piece.fill(fill));
        }
    });
    // SAFETY: `AtomicU8` has the size, alignment and bit validity of `u8`.
    unsafe { recast(table) }
}

/// The bytes of [`shared_bytes`] once no thread writes them any more.
fn plain_bytes(table: Vec<AtomicU8>) -> Vec<u8> {
    // SAFETY: as in `shared_bytes`, the other way round; the vector is owned, so no thread
    // can still write it.
    unsafe { recast(table) }
}

/// The same allocation, its elements read as `U`: a table passes between plain numbers and
/// atomics without a copy (of up to 1 GB).
///
/// # Safety
/// `U` must have the size, alignment and bit validity of `T` for every value the table holds.
unsafe fn recast<T, U>(table: Vec<T>) -> Vec<U> {
    assert!(size_of::<T>() == size_of::<U>() && align_of::<T>() == align_of::<U>());
    let table = std::mem::ManuallyDrop::new(table);
    let (pointer, length, capacity) = (table.as_ptr(), table.len(), table.capacity());
    // SAFETY: the allocation passes whole to the new vector, with the same layout (checked
    // above) and elements the caller vouches for.
    unsafe { Vec::from_raw_parts(pointer.cast_mut().cast::<U>(), length, capacity) }
}

/// The board's cells as bit masks, for regions grown by shifts.
struct Geometry {
    side: usize,
    all: u32,
    /// Cells not in the first column, and not in the last.
    not_first: u32,
    not_last: u32,
    /// How a cell's number changes moving right, left, down and up.
    offsets: [isize; 4],
    bytes: Bytes,
}

impl Geometry {
    fn new(side: usize) -> Geometry {
        let n = side * side;
        let column = |c: usize| (0..side).fold(0u32, |mask, row| mask | 1 << (row * side + c));
        let all = ((1u64 << n) - 1) as u32;
        Geometry {
            side,
            all,
            not_first: all & !column(0),
            not_last: all & !column(side - 1),
            offsets: [1, -1, side as isize, -(side as isize)],
            bytes: Bytes::new(),
        }
    }

    /// The cells next to any cell of `mask`.
    #[inline]
    fn around(&self, mask: u32) -> u32 {
        (((mask << 1) & self.not_first)
            | ((mask >> 1) & self.not_last)
            | (mask << self.side)
            | (mask >> self.side))
            & self.all
    }

    /// The region of `free` cells joined to `seed` through free cells.
    #[inline]
    fn region(&self, seed: u32, free: u32) -> u32 {
        // Three steps before the first test: most regions are whole by then, so the loop
        // mostly ends at its first test and its end is well predicted.
        let mut region = (seed | self.around(seed)) & free;
        region = (region | self.around(region)) & free;
        region = (region | self.around(region)) & free;
        loop {
            let grown = (region | self.around(region)) & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// The board's left-right mirror image, where it maps a group's goal state onto itself (the
/// 7-8 split's group of the top two rows): a state and its image are equally far from the
/// goal, so the BFS keeps only the one of lower rank and expands half the states.
struct Symmetry {
    /// Each cell's image.
    cell: [u8; 16],
    /// The group order of the tile that each tile's image stands for.
    order: [u8; MAX_GROUP],
    /// `bytes[b][x]`: the image of the cells `x` of the mask's byte `b`: two lookups, where a
    /// loop over the mask's cells would end at an unpredictable count.
    bytes: [[u16; 256]; 2],
}

impl Symmetry {
    /// The mirror of `goal`'s group `tiles` with the blank in the region `home`, if it maps
    /// the group's goal cells onto themselves and the region onto itself.
    fn of(goal: &Board, tiles: &[u8], home: u32) -> Option<Symmetry> {
        let side = goal.side();
        let mut cell = [0u8; 16];
        for (c, image) in cell.iter_mut().enumerate().take(side * side) {
            *image = ((c / side) * side + side - 1 - c % side) as u8;
        }
        let mut order = [0u8; MAX_GROUP];
        for (i, &tile) in tiles.iter().enumerate() {
            let image = usize::from(cell[goal.position_of(tile)]);
            let j = tiles.iter().position(|&t| goal.position_of(t) == image)?;
            order[i] = j as u8;
        }
        let mut bytes = [[0u16; 256]; 2];
        for (b, images) in bytes.iter_mut().enumerate() {
            for (x, image) in images.iter_mut().enumerate() {
                *image = (0..8)
                    .filter(|bit| x >> bit & 1 == 1)
                    .map(|bit| 8 * b + bit)
                    .filter(|&c| c < side * side)
                    .fold(0, |image, c| image | 1 << cell[c]);
            }
        }
        let symmetry = Symmetry { cell, order, bytes };
        (symmetry.cells(home) == home).then_some(symmetry)
    }

    /// The image of a set of cells.
    #[inline]
    fn cells(&self, mask: u32) -> u32 {
        u32::from(
            self.bytes[0][(mask & 0xff) as usize] | self.bytes[1][(mask >> 8 & 0xff) as usize],
        )
    }
}

/// Bits picked out of a byte and packed low, or spread back: `gather[mask][x]` packs the bits
/// of `x` under `mask`, `scatter[mask][y]` puts the low bits of `y` under `mask`. These are the
/// bit extract and deposit instructions by table, for processors without them: the inner loop
/// maps between lanes and free cells at every successor, too often for a loop over the cells.
struct Bytes {
    gather: Box<[[u8; 256]; 256]>,
    scatter: Box<[[u8; 256]; 256]>,
}

impl Bytes {
    fn new() -> Bytes {
        let mut gather = Box::new([[0u8; 256]; 256]);
        let mut scatter = Box::new([[0u8; 256]; 256]);
        for mask in 0..256usize {
            let bits: Vec<usize> = (0..8).filter(|b| mask >> b & 1 == 1).collect();
            for x in 0..256usize {
                for (j, &b) in bits.iter().enumerate() {
                    gather[mask][x] |= ((x >> b & 1) << j) as u8;
                    scatter[mask][x] |= ((x >> j & 1) << b) as u8;
                }
            }
        }
        Bytes { gather, scatter }
    }

    /// The cells of `free` picked by `lanes` (bit `j`: the `j`-th free cell, lowest first).
    #[inline]
    fn cells_of(&self, lanes: u64, free: u32) -> u32 {
        let (low, high) = ((free & 0xff) as usize, (free >> 8 & 0xff) as usize);
        let below = POPCOUNT[low];
        let cells_low = self.scatter[low][(lanes & 0xff) as usize];
        let cells_high = self.scatter[high][(lanes >> below & 0xff) as usize];
        u32::from(cells_low) | u32::from(cells_high) << 8
    }

    /// The lane bits of the `cells` among `free` (the inverse of [`Bytes::cells_of`]).
    #[inline]
    fn lanes_of(&self, cells: u32, free: u32) -> u64 {
        let (low, high) = ((free & 0xff) as usize, (free >> 8 & 0xff) as usize);
        let lanes_low = self.gather[low][(cells & 0xff) as usize];
        let lanes_high = self.gather[high][(cells >> 8 & 0xff) as usize];
        u64::from(lanes_low) | u64::from(lanes_high) << POPCOUNT[low]
    }
}

/// The bit operations of a build's inner loop, on masks of a board's cells.
trait Bits: Copy {
    /// The number of cells in `mask`.
    fn count(self, mask: u32) -> u32;
    /// The cells of `free` picked by `lanes` (bit `j`: the `j`-th free cell, lowest first).
    fn deposit(self, lanes: u64, free: u32) -> u32;
    /// The lane bits of the `cells` among `free` (the inverse of [`Bits::deposit`]).
    fn extract(self, cells: u32, free: u32) -> u64;
}

/// [`Bits`] by table, on any processor.
#[derive(Clone, Copy)]
struct Tables<'a>(&'a Bytes);

impl Bits for Tables<'_> {
    #[inline(always)]
    fn count(self, mask: u32) -> u32 {
        cells_in(mask)
    }

    #[inline(always)]
    fn deposit(self, lanes: u64, free: u32) -> u32 {
        self.0.cells_of(lanes, free)
    }

    #[inline(always)]
    fn extract(self, cells: u32, free: u32) -> u64 {
        self.0.lanes_of(cells, free)
    }
}

/// [`Bits`] by the x86-64 instructions for them (`popcnt`, `pdep`, `pext`): only for code
/// compiled with those features, on a processor that has them (see [`Layer::scan_in_code`]).
/// One instruction each instead of two table lookups and shifts.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Bmi2;

#[cfg(target_arch = "x86_64")]
impl Bits for Bmi2 {
    #[inline(always)]
    fn count(self, mask: u32) -> u32 {
        mask.count_ones()
    }

    #[inline(always)]
    fn deposit(self, lanes: u64, free: u32) -> u32 {
        // SAFETY: `Bmi2` is only used where the processor has the instruction.
        unsafe { std::arch::x86_64::_pdep_u32(lanes as u32, free) }
    }

    #[inline(always)]
    fn extract(self, cells: u32, free: u32) -> u64 {
        // SAFETY: as in `deposit`.
        u64::from(unsafe { std::arch::x86_64::_pext_u32(cells, free) })
    }
}

/// The breadth-first search of one group from the goal's placement, on `threads` threads,
/// over states made of the group's placement and the region of free cells the blank is in.
/// Returns each placement's least distance over its regions, by rank.
pub(super) fn build_table(
    goal: &Board,
    tiles: &[u8],
    threads: usize,
    progress: &mut dyn FnMut(f64) -> bool,
) -> Result<Vec<u8>, PdbError> {
    build_table_with(goal, tiles, threads, progress, Code::Fastest)
}

/// Which code a build's inner loop runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Code {
    /// The bit instructions of the processor where it has them, else the tables ([`Tables`]).
    Fastest,
    /// [`Tables`], on any processor: tested on one that has the instructions too.
    #[cfg(test)]
    Tables,
}

/// [`build_table`] running `code`.
fn build_table_with(
    goal: &Board,
    tiles: &[u8],
    threads: usize,
    progress: &mut dyn FnMut(f64) -> bool,
    code: Code,
) -> Result<Vec<u8>, PdbError> {
    if goal.len() - tiles.len() <= AtomicU16::LANE as usize {
        build_regions::<AtomicU16>(goal, tiles, threads, progress, code)
    } else {
        build_regions::<AtomicU32>(goal, tiles, threads, progress, code)
    }
}

/// [`build_table_with`] with the words `W`.
///
/// A state's blank may wander through its region at no cost, so a state is a placement and a
/// region, and a move is a tile of the group stepping into a cell of the blank's region (cost
/// 1): the blank is then in the region of the cell the tile left. Every layer scans only the
/// chunks flagged by the layer before, walking their placements in rank order so no rank is
/// unranked afresh. A new state is marked with its whole region (grown from the cell the tile
/// left), so any one cell tells a later mark that the region was reached. A placement's depth
/// is written when the layer after its first states expands them, in rank order. Where the
/// group's goal mirrors onto itself, a state and its mirror image are kept once, at the lower
/// rank, and the image's placement gets its depth with the kept one's.
fn build_regions<W: Word>(
    goal: &Board,
    tiles: &[u8],
    threads: usize,
    progress: &mut dyn FnMut(f64) -> bool,
    code: Code,
) -> Result<Vec<u8>, PdbError> {
    let side = goal.side();
    let geometry = Geometry::new(side);
    let ranking = Ranking::new(side, tiles.len());
    let size = ranking.size();
    let chunk = chunk_size(&ranking);
    let chunks = size.div_ceil(chunk);
    let words = W::zeroed(size);
    let depths = shared_bytes(size, UNSEEN, threads);
    let lane = W::LANE;
    let goal_cells: Vec<u8> = tiles.iter().map(|&t| goal.position_of(t) as u8).collect();
    let start = ranking.rank(&goal_cells) as usize;
    // The goal's placement with the blank in the goal blank's region, depth 0.
    let taken = goal_cells.iter().fold(0u32, |mask, &c| mask | 1 << c);
    let free = geometry.all & !taken;
    let home = geometry
        .bytes
        .lanes_of(geometry.region(1 << goal.blank(), free), free);
    let symmetry = Symmetry::of(goal, tiles, geometry.region(1 << goal.blank(), free));
    words[start].or(home);
    let mut flagged: Vec<AtomicBool> = (0..chunks).map(|_| AtomicBool::new(false)).collect();
    flagged[start / chunk].store(true, Ordering::Relaxed);
    let mut flagging: Vec<AtomicBool> = (0..chunks).map(|_| AtomicBool::new(false)).collect();
    let mut reached = 0;
    let mut depth = 0u8;
    loop {
        // This layer's lane, by the depth's parity.
        let now = u32::from(depth % 2) * lane;
        let layer = Layer {
            words: &words,
            depths: &depths,
            depth,
            geometry: &geometry,
            ranking: &ranking,
            symmetry: symmetry.as_ref(),
            flagged: &flagged,
            flags: &flagging,
            next: AtomicUsize::new(0),
            chunk,
            code,
            now,
            next_lane: lane - now,
        };
        let found = AtomicUsize::new(0);
        let pushed = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let counts = layer.scan_in_code();
                    found.fetch_add(counts.0, Ordering::Relaxed);
                    pushed.fetch_add(counts.1, Ordering::Relaxed);
                });
            }
        });
        reached += found.into_inner();
        if pushed.into_inner() == 0 {
            break;
        }
        if !progress(reached as f64 / size as f64) {
            return Err(PdbError::Cancelled);
        }
        std::mem::swap(&mut flagged, &mut flagging);
        depth += 1;
    }
    drop(words);
    Ok(plain_bytes(depths))
}

/// One layer of the BFS, shared by its threads: the words, the chunks flagged by the layer
/// before and the flags for the next one, and the depths of the placements first reached in
/// the layer before.
struct Layer<'a, W> {
    words: &'a [W],
    depths: &'a [AtomicU8],
    /// The depth of the states expanded.
    depth: u8,
    geometry: &'a Geometry,
    ranking: &'a Ranking,
    symmetry: Option<&'a Symmetry>,
    /// The chunks holding states of this depth, and those given states one deeper.
    flagged: &'a [AtomicBool],
    flags: &'a [AtomicBool],
    /// The next chunk a thread takes.
    next: AtomicUsize,
    chunk: usize,
    code: Code,
    /// The shifts of this layer's lane and of the next one's.
    now: u32,
    next_lane: u32,
}

/// Successors collected (and their words prefetched) before any is read: a read that misses
/// the cache and decides a branch would otherwise stall the core until memory answers, one
/// successor after another. The size was chosen by measurement (docs/performance.md).
const BATCH: usize = 160;

/// One thread's successors waiting to be marked: rank, free cells, and the cell the tile left.
struct Pending {
    marks: [(u32, u16, u8); BATCH],
    len: usize,
}

impl<W: Word> Layer<'_, W> {
    /// One thread's share of the layer ([`Layer::scan`]), in the layer's [`Code`].
    fn scan_in_code(&self) -> (usize, usize) {
        if self.code == Code::Fastest {
            #[cfg(target_arch = "x86_64")]
            if has_bit_instructions() {
                // SAFETY: the processor has every feature `scan_bmi2` is compiled for.
                return unsafe { self.scan_bmi2() };
            }
        }
        self.scan_sized(Tables(&self.geometry.bytes))
    }

    /// [`Layer::scan`] compiled with the bit count, extract and deposit instructions, and
    /// shifts that leave the flags alone. Its features are the ones [`has_bit_instructions`]
    /// checks: the two lists must stay the same.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
    fn scan_bmi2(&self) -> (usize, usize) {
        self.scan_sized(Bmi2)
    }

    /// [`Layer::scan`] with the group's size known to the compiler for the 7-8 split's two
    /// groups, so that the loops over their tiles are unrolled.
    #[inline(always)]
    fn scan_sized<B: Bits>(&self, bits: B) -> (usize, usize) {
        match self.ranking.k {
            8 => self.scan::<B, 8>(bits),
            7 => self.scan::<B, 7>(bits),
            _ => self.scan::<B, 0>(bits),
        }
    }

    /// Takes the chunks flagged for this layer one at a time, until none is left, and expands
    /// their states of this layer. Returns how many placements were given their depth and how
    /// many states were first reached. `K`: the group's size, or 0 to read it from the
    /// ranking.
    #[inline(always)]
    fn scan<B: Bits, const K: usize>(&self, bits: B) -> (usize, usize) {
        let (ranking, geometry) = (self.ranking, self.geometry);
        let k = if K == 0 { ranking.k } else { K };
        let size = ranking.size();
        let chunks = self.flagged.len();
        let block = ranking.cells() - k + 1;
        // Kept in registers (read through `self`, they are loaded again after every call).
        let (now, next_lane, chunk) = (self.now, self.next_lane, self.chunk);
        let lane = W::LANE;
        let lane_mask = (1u64 << lane) - 1;
        // The regions of a word to expand in this layer: this lane's bit only.
        let frontier = |value: u64| (value >> now) & !(value >> next_lane) & lane_mask;
        let mut counts = (0, 0);
        let mut pending = Pending {
            marks: [(0, 0, 0); BATCH],
            len: 0,
        };
        loop {
            let c = self.next.fetch_add(1, Ordering::Relaxed);
            if c >= chunks {
                break;
            }
            if !self.flagged[c].swap(false, Ordering::Relaxed) {
                continue;
            }
            let first = c * chunk;
            let mut walk = Walk::new(ranking, first as u32);
            // The walk's block: it is moved on to a block with states of this layer only,
            // block by block, or made afresh past a long empty stretch (most blocks are empty
            // in the first and last layers).
            let mut at = first;
            for block_start in (first..(first + chunk).min(size)).step_by(block) {
                let entries = &self.words[block_start..block_start + block];
                if !entries.iter().any(|w| frontier(w.get()) != 0) {
                    continue;
                }
                if block_start - at > WALK_SKIP * block {
                    walk = Walk::new(ranking, block_start as u32);
                } else {
                    for _ in (at..block_start).step_by(block) {
                        walk.next_block();
                    }
                }
                at = block_start;
                // The last tile's cells in rank order: the free ones, lowest first.
                let last = k - 1;
                let mut free = !walk.before[last] & geometry.all;
                for (j, word) in entries.iter().enumerate() {
                    let cell = free.trailing_zeros() as u8;
                    free &= free - 1;
                    let value = word.get();
                    let regions = frontier(value);
                    if regions != 0 {
                        // Reached first in the layer before if none of its regions was
                        // expanded before this layer (this layer's marks are later, and only
                        // this thread expands it).
                        let expanded = value & (value >> lane) & lane_mask;
                        walk.cells[last] = cell;
                        counts = self.expand::<B, K>(
                            bits,
                            &mut pending,
                            &walk.cells,
                            (block_start + j) as u32,
                            regions,
                            expanded == 0,
                            counts,
                        );
                        // Expanded: both bits. (Other threads may mark its unreached regions
                        // meanwhile, hence the lock.)
                        word.or(regions << next_lane);
                    }
                }
            }
        }
        self.flush(bits, &mut pending, counts)
    }

    /// Expands the `regions` (lane bits: one a free cell) of the placement of rank `index` (its
    /// tiles at `cells`), queueing each successor and marking the queue whenever it fills.
    /// `first`: the placement was first reached in the layer before, so its depth (and its
    /// mirror image's) is written. `counts` (placements given their depth, states first
    /// reached) is carried through. `K`: as in [`Layer::scan`].
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn expand<B: Bits, const K: usize>(
        &self,
        bits: B,
        pending: &mut Pending,
        cells: &[u8; MAX_GROUP],
        index: u32,
        regions: u64,
        first: bool,
        mut counts: (usize, usize),
    ) -> (usize, usize) {
        let (geometry, ranking) = (self.geometry, self.ranking);
        let k = if K == 0 { ranking.k } else { K };
        let mut order = [MAX_GROUP as u8; 16];
        let mut taken = 0u32;
        for (i, &cell) in cells.iter().enumerate().take(k) {
            order[cell as usize] = i as u8;
            taken |= 1 << cell;
        }
        let free = geometry.all & !taken;
        let order_at = |cell: usize| usize::from(order[cell & 15]);
        // The regions are marked whole, so their cells need no growing here: a tile next to
        // any of them steps into the one that holds the cell it enters.
        let open = bits.deposit(regions, free);
        let side = geometry.side;
        // The mirror image of this placement, where the group has one: its cells, the group
        // order of the tile in each of its cells, and both placements' cells packed.
        let image = self.symmetry.map(|symmetry| {
            let mut image_cells = [0u8; MAX_GROUP];
            let mut image_order = [MAX_GROUP as u8; 16];
            for (i, &cell) in cells.iter().enumerate().take(k) {
                let (j, image) = (symmetry.order[i], symmetry.cell[usize::from(cell) & 15]);
                image_cells[usize::from(j) & (MAX_GROUP - 1)] = image;
                image_order[usize::from(image) & 15] = j;
            }
            let packed = (pack(cells, k), pack(&image_cells, k));
            (symmetry, image_cells, image_order, packed)
        });
        // The image's rank, ranked only when a successor or the depth needs it.
        let mut image_rank = None;
        let mut rank_image = |image_cells: &[u8; MAX_GROUP]| {
            *image_rank.get_or_insert_with(|| ranking.rank(&image_cells[..k]))
        };
        if first {
            self.depths[index as usize].store(self.depth, Ordering::Relaxed);
            counts.0 += 1;
            // The mirror image's placement is as far, and is never reached itself (its states
            // are kept here): only this thread writes its depth.
            if let Some((_, image_cells, _, _)) = &image {
                let rank = rank_image(image_cells);
                if rank != index {
                    self.depths[rank as usize].store(self.depth, Ordering::Relaxed);
                    counts.0 += 1;
                }
            }
        }
        // Every move as one bit: the cell of a tile that steps into an open cell, in the
        // 16-bit lane of its direction (right, left, down, up), so that one loop takes them
        // all: one loop end to predict instead of four.
        let mut moves = u64::from(taken & (open >> 1) & geometry.not_last)
            | u64::from(taken & (open << 1) & geometry.not_first) << 16
            | u64::from(taken & (open >> side)) << 32
            | u64::from(taken & (open << side)) << 48;
        while moves != 0 {
            let bit = moves.trailing_zeros() as usize;
            moves &= moves.wrapping_sub(1);
            let (from, direction) = (bit & 15, bit >> 4);
            let vertical = direction >= 2;
            let to = from.wrapping_add_signed(geometry.offsets[direction & 3]);
            let i = usize::from(order[from]);
            let next =
                (i64::from(index) + ranking.step_along(i, from, to, vertical, order_at)) as u32;
            let moved_free = free ^ (1 << from) ^ (1 << to);
            let mut mark = (next, moved_free as u16, from as u8);
            if let Some((symmetry, image_cells, image_order, (packed, image_packed))) = &image {
                // The same move in the mirror image. The state is kept at the lower rank,
                // and ranks compare as the packed cells do, so the image's rank is only
                // needed when the image is the lower: mostly after a move of the first
                // tile or of its image's tile, which decide the comparison.
                let (from_image, to_image) = (symmetry.cell[from], symmetry.cell[to]);
                let j = usize::from(symmetry.order[i & (MAX_GROUP - 1)]);
                let moved = packed ^ packed_cell(from ^ to, i);
                let moved_image = image_packed ^ packed_cell(usize::from(from_image ^ to_image), j);
                if moved_image < moved {
                    let change = ranking.step_along(
                        j,
                        usize::from(from_image),
                        usize::from(to_image),
                        vertical,
                        |cell| usize::from(image_order[cell & 15]),
                    );
                    let other = (i64::from(rank_image(image_cells)) + change) as u32;
                    mark = (other, symmetry.cells(moved_free) as u16, from_image);
                }
            }
            prefetch(self.words.as_ptr().wrapping_add(mark.0 as usize));
            if pending.len == BATCH {
                counts = self.flush(bits, pending, counts);
            }
            pending.marks[pending.len] = mark;
            pending.len += 1;
        }
        counts
    }

    /// Marks the queued states that are still unseen, in the next layer's lane.
    #[inline(always)]
    fn flush<B: Bits>(
        &self,
        bits: B,
        pending: &mut Pending,
        mut counts: (usize, usize),
    ) -> (usize, usize) {
        for &(next, free, from) in &pending.marks[..pending.len] {
            // The blank is now in the region of the cell the tile left. Regions are marked
            // whole, so that one cell tells whether its region was reached.
            let free = u32::from(free);
            let bit = 1u64 << bits.count(free & ((1 << from) - 1));
            let word = &self.words[next as usize];
            let reached = |value: u64| (value | value >> W::LANE) & bit != 0;
            if reached(word.get()) {
                continue;
            }
            let region = bits.extract(self.geometry.region(1 << from, free), free);
            // Another thread may mark the same state in between: it sets the same bits, and
            // only the first counts it.
            if !reached(word.or(region << self.next_lane)) {
                counts.1 += 1;
                // (32-bit division: the 64-bit one is slower.) The flag is read before it is
                // written: a chunk's flag is set once a layer, and a write each time would
                // take its cache line from the other threads' caches each time.
                let flag = &self.flags[(next / self.chunk as u32) as usize];
                if !flag.load(Ordering::Relaxed) {
                    flag.store(true, Ordering::Relaxed);
                }
            }
        }
        pending.len = 0;
        counts
    }
}

/// Whether this processor has every feature [`Layer::scan_bmi2`] is compiled for: code built
/// for a feature the processor lacks may use its instructions anywhere, so all are checked.
#[cfg(target_arch = "x86_64")]
fn has_bit_instructions() -> bool {
    is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("lzcnt")
}

/// The cells of a placement's tiles in one number, the first tile's in the top byte: numbers
/// compare as the placements' ranks do (a rank is the cells' digits with the first tile's
/// weighing most, and a tile's digit grows with its cell among the cells left free).
#[inline]
fn pack(cells: &[u8; MAX_GROUP], k: usize) -> u64 {
    // The cells past the group's are not looked at.
    u64::from_be_bytes(*cells) & u64::MAX << (8 * (MAX_GROUP - k))
}

/// Tile `i`'s byte in [`pack`]'s number, holding `cell`.
#[inline]
fn packed_cell(cell: usize, i: usize) -> u64 {
    (cell as u64) << (8 * (MAX_GROUP - 1 - (i & (MAX_GROUP - 1))))
}

/// Asks for the cache line at `entry` ahead of its use (a hint: the address need not be
/// valid, so it is not bounds-checked).
#[inline]
fn prefetch<T>(entry: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch is only a hint; it never faults and changes no memory.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(entry.cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = entry;
}

/// The additive database of one goal and partition, its tables by rank, looked up
/// incrementally by IDA* (a move changes one rank by [`Ranking::step`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedDatabase {
    goal: Board,
    partition: Partition,
    rankings: Vec<Ranking>,
    /// By group, the distances by rank.
    tables: Vec<Vec<u8>>,
    /// Each tile's group and its order in the group; group `NO_GROUP` for the blank.
    places: [(u8, u8); 16],
}

const NO_GROUP: u8 = u8::MAX;

impl RankedDatabase {
    /// The 7-8 split of the 15-puzzle for the blank-last goal: the top two rows (tiles 1-8)
    /// and the bottom two (9-15). Its mirror image about the main diagonal is the left and the
    /// right two columns, so the mirrored lookup counts the other direction's interactions.
    pub fn fifteen_78() -> Partition {
        Partition {
            groups: vec![(1..=8).collect(), (9..=15).collect()],
        }
    }

    /// Builds every group's table on every core, reporting the share done (0 to 1) between
    /// layers; the callback returning false cancels the build.
    pub fn build(
        goal: Board,
        partition: Partition,
        progress: Progress<'_>,
    ) -> Result<RankedDatabase, PdbError> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        RankedDatabase::build_on(goal, partition, threads, progress)
    }

    /// [`RankedDatabase::build`] on this many threads.
    pub fn build_on(
        goal: Board,
        partition: Partition,
        threads: usize,
        progress: Progress<'_>,
    ) -> Result<RankedDatabase, PdbError> {
        let rankings = check(&goal, &partition)?;
        let total: f64 = rankings.iter().map(|r| r.size() as f64).sum();
        let mut done = 0.0;
        let mut tables = Vec::new();
        for (group, ranking) in partition.groups.iter().zip(&rankings) {
            let size = ranking.size() as f64;
            let table = build_table(&goal, group, threads.max(1), &mut |share| {
                progress((done + share * size) / total)
            })?;
            done += size;
            tables.push(table);
        }
        Ok(RankedDatabase::assemble(goal, partition, rankings, tables))
    }

    fn assemble(
        goal: Board,
        partition: Partition,
        rankings: Vec<Ranking>,
        tables: Vec<Vec<u8>>,
    ) -> RankedDatabase {
        let mut places = [(NO_GROUP, 0); 16];
        for (g, group) in partition.groups.iter().enumerate() {
            for (i, &tile) in group.iter().enumerate() {
                places[tile as usize] = (g as u8, i as u8);
            }
        }
        RankedDatabase {
            goal,
            partition,
            rankings,
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

    /// The bytes the tables take.
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(Vec::len).sum()
    }

    /// The sum of the groups' distances: a lower bound of the moves from `board` to the goal.
    pub fn h(&self, board: &Board) -> u32 {
        let mut cells = [0u8; 16];
        for pos in 0..board.len() {
            cells[board.tile(pos) as usize] = pos as u8;
        }
        self.ranks_of(&cells).h
    }

    /// Each group's distance on `board`, in the partition's order.
    pub fn values(&self, board: &Board) -> Vec<u8> {
        let (_, ranks) = self.first(board);
        ranks.values[..self.tables.len()].to_vec()
    }

    /// The ranks and values for the tiles at `cells` (indexed by tile).
    fn ranks_of(&self, cells: &[u8; 16]) -> Ranks {
        let mut ranks = Ranks {
            ranks: [0; 4],
            values: [0; 4],
            h: 0,
        };
        for (g, group) in self.partition.groups.iter().enumerate() {
            let mut placed = [0u8; MAX_GROUP];
            for (cell, &tile) in placed.iter_mut().zip(group) {
                *cell = cells[tile as usize];
            }
            let rank = self.rankings[g].rank(&placed[..group.len()]);
            ranks.ranks[g] = rank;
            ranks.values[g] = self.tables[g][rank as usize];
            ranks.h += u32::from(ranks.values[g]);
        }
        ranks
    }

    /// The ranks after `tile` moved from cell `from` to cell `to`; `tile_at` names the tile in
    /// a cell (the cells between `from` and `to` are all it is asked about).
    #[inline]
    fn moved(
        &self,
        memo: &Ranks,
        tile: u8,
        from: usize,
        to: usize,
        tile_at: impl Fn(usize) -> u8,
    ) -> Ranks {
        let (g, i) = self.places[tile as usize & 15];
        let mut ranks = *memo;
        if g == NO_GROUP {
            return ranks;
        }
        let g = usize::from(g) & 3;
        let places = &self.places;
        let order_at = |cell: usize| {
            let (other, j) = places[tile_at(cell) as usize & 15];
            if usize::from(other) == g {
                usize::from(j)
            } else {
                MAX_GROUP
            }
        };
        let change = self.rankings[g].step(usize::from(i), from, to, order_at);
        let rank = (i64::from(ranks.ranks[g]) + change) as u32;
        let value = self.tables[g][rank as usize];
        ranks.h = ranks.h + u32::from(value) - u32::from(ranks.values[g]);
        ranks.ranks[g] = rank;
        ranks.values[g] = value;
        ranks
    }

    /// The file this database is cached in: named by side, goal and partition, apart from
    /// [`PatternDatabase`]'s files.
    pub fn file_name(goal: &Board, partition: &Partition) -> String {
        let key = format!("{}-{}", goal.packed(), partition.describe());
        format!(
            "pdb-regions-{}x{}-{:016x}.bin",
            goal.side(),
            goal.side(),
            fnv1a(key.as_bytes())
        )
    }

    fn header(goal: &Board, partition: &Partition, bytes: usize, checksum: u64) -> Vec<String> {
        vec![
            format!("{MAGIC} {FORMAT_VERSION}"),
            "abstraction blank-region".to_string(),
            format!("side {}", goal.side()),
            format!("goal {goal}"),
            format!("partition {}", partition.describe()),
            format!("bytes {bytes}"),
            format!("checksum {checksum:016x}"),
        ]
    }

    /// Writes the database with its header and checksum.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let header = RankedDatabase::header(
            &self.goal,
            &self.partition,
            self.bytes(),
            checksum(&self.tables),
        );
        let tables: Vec<&[u8]> = self.tables.iter().map(Vec::as_slice).collect();
        write_cache_file(path, &header, &tables)
    }

    /// Reads a database written by [`RankedDatabase::save`] for this goal and partition,
    /// checking every header line and the checksum: a file that does not match is refused.
    pub fn load(
        path: &Path,
        goal: Board,
        partition: &Partition,
    ) -> Result<RankedDatabase, PdbError> {
        let damaged = |why: String| PdbError::Damaged(why);
        let rankings = check(&goal, partition)?;
        let mut reader = BufReader::new(open_cache_file(path)?);
        let mut lines = Vec::new();
        loop {
            let mut line = Vec::new();
            reader
                .by_ref()
                .take(4096)
                .read_until(b'\n', &mut line)
                .map_err(|e| damaged(e.to_string()))?;
            if line.last() != Some(&b'\n') || lines.len() > 16 {
                return Err(damaged("no header".to_string()));
            }
            line.pop();
            if line.is_empty() {
                break;
            }
            lines.push(String::from_utf8(line).map_err(|_| damaged("header not text".into()))?);
        }
        let bytes: usize = rankings.iter().map(Ranking::size).sum();
        let mut tables = Vec::new();
        for ranking in &rankings {
            let mut table = vec![0; ranking.size()];
            reader
                .read_exact(&mut table)
                .map_err(|_| damaged("the tables are cut short".to_string()))?;
            tables.push(table);
        }
        if reader
            .read(&mut [0u8])
            .map_err(|e| damaged(e.to_string()))?
            != 0
        {
            return Err(damaged("the tables are too long".to_string()));
        }
        let expected = RankedDatabase::header(&goal, partition, bytes, checksum(&tables));
        if lines.len() != expected.len() {
            return Err(damaged("header has the wrong number of lines".to_string()));
        }
        for (line, want) in lines.iter().zip(&expected) {
            if line != want {
                return Err(damaged(format!("'{line}' where '{want}' was expected")));
            }
        }
        Ok(RankedDatabase::assemble(
            goal,
            partition.clone(),
            rankings,
            tables,
        ))
    }

    /// The cached database under `dir` if it is there and sound, else a new build (saved for
    /// next time; a cache that cannot be written is only a slower next start). A damaged file
    /// is removed and said so in the [`Source`].
    pub fn cached_or_build(
        dir: &Path,
        goal: Board,
        partition: Partition,
        progress: Progress<'_>,
    ) -> Result<(RankedDatabase, Source), PdbError> {
        let path = dir.join(RankedDatabase::file_name(&goal, &partition));
        cached_or_build_at(
            &path,
            || RankedDatabase::load(&path, goal, &partition),
            || RankedDatabase::build(goal, partition.clone(), progress),
            RankedDatabase::save,
        )
    }

    /// The database cached under `dir` for this goal and partition, if it is there and sound.
    pub fn cached(
        dir: &Path,
        goal: Board,
        partition: &Partition,
    ) -> Result<RankedDatabase, PdbError> {
        RankedDatabase::load(
            &dir.join(RankedDatabase::file_name(&goal, partition)),
            goal,
            partition,
        )
    }
}

/// The rankings of the groups, or why the partition does not fit the goal.
fn check(goal: &Board, partition: &Partition) -> Result<Vec<Ranking>, PdbError> {
    fits(goal, partition)?;
    Ok(partition
        .groups
        .iter()
        .map(|group| Ranking::new(goal.side(), group.len()))
        .collect())
}

/// Why the partition does not fit the goal, if it does not: every database's check before
/// any table is built or read (at most four groups of one to eight tiles, each tile once).
pub(super) fn fits(goal: &Board, partition: &Partition) -> Result<(), PdbError> {
    let n = goal.len();
    if partition.groups.len() > 4 {
        return Err(PdbError::Groups(partition.groups.len()));
    }
    let mut seen = [false; 16];
    for group in &partition.groups {
        if group.len() > MAX_GROUP || group.is_empty() {
            return Err(PdbError::GroupSize(group.len()));
        }
        for &tile in group {
            if tile == 0 || tile as usize >= n || seen[tile as usize] {
                return Err(PdbError::Tile(tile));
            }
            seen[tile as usize] = true;
        }
    }
    Ok(())
}

/// A checksum of the tables read eight bytes at a time in four independent lanes, so that
/// half a gigabyte is checked at memory speed rather than a byte at a time. Each step is a bijection of the lane's state, so a
/// changed word always changes the sum of its lane.
fn checksum(tables: &[Vec<u8>]) -> u64 {
    const MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut lanes = [
        0x243f_6a88_85a3_08d3u64,
        0x1319_8a2e_0370_7344,
        0xa409_3822_299f_31d0,
        0x082e_fa98_ec4e_6c89,
    ];
    let mut tail = Vec::new();
    for table in tables {
        let mut blocks = table.chunks_exact(32);
        for block in &mut blocks {
            for (lane, word) in lanes.iter_mut().zip(block.chunks_exact(8)) {
                let word = u64::from_le_bytes(word.try_into().expect("8 bytes"));
                *lane = ((*lane ^ word).wrapping_mul(MULTIPLIER)).rotate_left(29);
            }
        }
        tail.extend_from_slice(blocks.remainder());
        tail.push(0xff);
    }
    lanes.iter().fold(fnv1a(&tail), |sum, &lane| {
        (sum ^ lane).wrapping_mul(MULTIPLIER)
    })
}

/// Each group's rank and its value in the table, kept by IDA* from a node to its children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranks {
    ranks: [u32; 4],
    values: [u8; 4],
    h: u32,
}

/// IDA* evaluates the database incrementally: a move changes one tile's cell, so only that
/// tile's group is looked up again, its rank changed by [`Ranking::step`].
impl Estimate for RankedDatabase {
    type Memo = Ranks;

    fn first(&self, board: &Board) -> (u32, Ranks) {
        let mut cells = [0u8; 16];
        for pos in 0..board.len() {
            cells[board.tile(pos) as usize] = pos as u8;
        }
        let ranks = self.ranks_of(&cells);
        (ranks.h, ranks)
    }

    #[inline]
    fn after(&self, child: &Board, memo: &Ranks, tile: u8, to: usize) -> (u32, Ranks) {
        let ranks = self.moved(memo, tile, child.blank(), to, |cell| child.tile(cell));
        (ranks.h, ranks)
    }
}

/// The database looked up twice, on the board and on its mirror image about the main diagonal
/// (tiles renamed so the goal mirrors onto itself), keeping the larger sum: the mirror of a
/// board is exactly as far from the goal, so both are lower bounds. Needs a goal whose blank
/// is on the diagonal.
pub struct RankedMirrored<'a> {
    db: &'a RankedDatabase,
    mirror: Mirror,
}

impl<'a> RankedMirrored<'a> {
    /// `None` if the goal's blank is off the main diagonal (the goal has no such mirror).
    pub fn new(db: &'a RankedDatabase) -> Option<RankedMirrored<'a>> {
        Some(RankedMirrored {
            db,
            mirror: Mirror::of(&db.goal)?,
        })
    }
}

impl Estimate for RankedMirrored<'_> {
    type Memo = (Ranks, Ranks);

    fn first(&self, board: &Board) -> (u32, Self::Memo) {
        let (cells, mirrored) = self.mirror.cells(board);
        let plain = self.db.ranks_of(&cells);
        let mirrored = self.db.ranks_of(&mirrored);
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
mod tests {
    use super::*;
    use crate::domains::puzzle::ida::ida_star;
    use crate::domains::puzzle::pdb::distances_by_cells;
    use crate::domains::puzzle::{
        DistanceTable, Heuristic, HeuristicKind, PatternDatabase, Rng, scramble,
    };

    fn keep_going(_: f64) -> bool {
        true
    }

    fn p1379() -> Board {
        "123804765".parse().unwrap()
    }

    /// 4x4 groups small enough to build in a moment: the rows, whose mirror images are the
    /// columns (a split that mirrors onto itself would gain nothing from the mirror).
    fn fifteen_small() -> Partition {
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
    fn ranks_number_the_placements_and_a_step_changes_the_rank_as_ranking_afresh_does() {
        for (side, k) in [(3, 4), (4, 3), (4, 4)] {
            let ranking = Ranking::new(side, k);
            let adjacent = neighbours(side);
            let mut previous = None;
            for index in 0..ranking.size() as u32 {
                let mut cells = [0u8; MAX_GROUP];
                ranking.unrank(index, &mut cells);
                assert_eq!(ranking.rank(&cells[..k]), index, "{side}x{side}, {k} tiles");
                // Packed cells grow with the rank, as the mirror's comparison needs.
                let packed = pack(&cells, k);
                assert!(
                    previous < Some(packed),
                    "{side}x{side}, {k} tiles, rank {index}"
                );
                previous = Some(packed);
                let order_at = |cell: usize| {
                    cells[..k]
                        .iter()
                        .position(|&c| usize::from(c) == cell)
                        .unwrap_or(MAX_GROUP)
                };
                for i in 0..k {
                    let from = usize::from(cells[i]);
                    for &to in &adjacent[from] {
                        if order_at(to) != MAX_GROUP {
                            continue;
                        }
                        let mut moved = cells;
                        moved[i] = to as u8;
                        let stepped = i64::from(index) + ranking.step(i, from, to, order_at);
                        assert_eq!(stepped, i64::from(ranking.rank(&moved[..k])));
                    }
                }
            }
        }
    }

    #[test]
    fn the_region_build_on_two_threads_in_either_code_gives_the_distances_of_the_blank_cell_build()
    {
        let five = Partition {
            groups: vec![(1..=5).collect(), (6..=10).collect(), (11..=15).collect()],
        };
        for (goal, partition) in [
            (Board::blank_last(4), fifteen_small()),
            (Board::blank_first(4), five),
            (p1379(), Partition::eight_44()),
            // Seven tiles, a size the build has its own code for.
            (
                p1379(),
                Partition {
                    groups: vec![(1..=7).collect(), vec![8]],
                },
            ),
        ] {
            let db = RankedDatabase::build_on(goal, partition.clone(), 2, &mut keep_going).unwrap();
            for (g, tiles) in partition.groups.iter().enumerate() {
                let by_cells = distances_by_cells(goal, tiles);
                assert_eq!(db.tables[g], by_cells, "{goal}, group {tiles:?}");
                // The code for processors without the bit instructions, run here too.
                let by_tables =
                    build_table_with(&goal, tiles, 2, &mut keep_going, Code::Tables).unwrap();
                assert_eq!(by_tables, by_cells, "{goal}, group {tiles:?}, by tables");
            }
        }
    }

    #[test]
    fn groups_whose_goal_mirrors_onto_itself_are_found_and_others_are_not() {
        let goal = Board::blank_last(4);
        let home = |tiles: &[u8]| {
            let geometry = Geometry::new(4);
            let taken = tiles.iter().fold(0, |m, &t| m | 1 << goal.position_of(t));
            geometry.region(1 << goal.blank(), geometry.all & !taken)
        };
        // The top two rows: tile 1's image is tile 4, tile 6's is tile 7.
        let top: Vec<u8> = (1..=8).collect();
        let mirror = Symmetry::of(&goal, &top, home(&top)).expect("the top rows mirror");
        assert_eq!((mirror.order[0], mirror.order[5]), (3, 6));
        assert_eq!(mirror.cells(0b0011), 0b1100);
        // The blank's corner has no tile to mirror tile 13 onto; a row keeps its region.
        let bottom: Vec<u8> = (9..=15).collect();
        assert!(Symmetry::of(&goal, &bottom, home(&bottom)).is_none());
        assert!(Symmetry::of(&goal, &[5, 6, 7, 8], home(&[5, 6, 7, 8])).is_some());
        // The 6-6-3 blocks mirror onto each other, not onto themselves.
        let left = &Partition::fifteen_663().groups[0];
        assert!(Symmetry::of(&goal, left, home(left)).is_none());
    }

    #[test]
    fn one_group_of_every_3x3_tile_gives_each_boards_exact_distance() {
        // With every tile in the group, the blank's region is its one free cell: the
        // abstraction is the puzzle itself.
        let goal = p1379();
        let all = Partition {
            groups: vec![(1..=8).collect()],
        };
        let db = RankedDatabase::build(goal, all, &mut keep_going).unwrap();
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
    fn incremental_and_mirrored_lookups_agree_with_lookups_from_scratch() {
        for (goal, partition) in [
            (Board::blank_last(4), fifteen_small()),
            (p1379(), Partition::eight_44()),
        ] {
            let db = RankedDatabase::build(goal, partition, &mut keep_going).unwrap();
            let mirrored = RankedMirrored::new(&db).expect("the blank is on the diagonal");
            let table_h = |b: &Board| db.h(b);
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
                    assert_eq!(h, table_h(&child), "{board} -> {child}");
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
        let off: Board = "123456708".parse().unwrap();
        let db = RankedDatabase::build(off, Partition::eight_44(), &mut keep_going).unwrap();
        assert!(RankedMirrored::new(&db).is_none());
    }

    #[test]
    fn ida_star_with_the_mirrored_ranked_database_finds_optimal_paths() {
        let goal = p1379();
        let db = RankedDatabase::build(goal, Partition::eight_44(), &mut keep_going).unwrap();
        let mirrored = RankedMirrored::new(&db).unwrap();
        let table = DistanceTable::new(&goal).unwrap();
        let mut rng = Rng::new(4);
        for _ in 0..40 {
            let start = scramble(&goal, 60, &mut rng);
            let outcome = ida_star(start, goal, &mirrored, u64::MAX);
            let path = outcome.path.expect("solvable");
            assert_eq!(path.len() - 1, usize::from(table.distance(&start).unwrap()));
        }
    }

    #[test]
    fn a_saved_ranked_database_loads_back_and_a_damaged_one_is_rebuilt() {
        let goal = Board::blank_last(4);
        let partition = fifteen_small();
        let db = RankedDatabase::build(goal, partition.clone(), &mut keep_going).unwrap();
        let dir = std::env::temp_dir().join(format!("searchlab-ranked-{}", std::process::id()));
        let path = dir.join(RankedDatabase::file_name(&goal, &partition));
        db.save(&path).unwrap();
        assert_eq!(RankedDatabase::load(&path, goal, &partition).unwrap(), db);
        // Another goal or split is not this file, nor is a keyed database's name.
        assert!(RankedDatabase::load(&path, Board::blank_first(4), &partition).is_err());
        let mut other = partition.clone();
        other.groups.swap(0, 1);
        assert!(RankedDatabase::load(&path, goal, &other).is_err());
        assert_ne!(
            RankedDatabase::file_name(&goal, &partition),
            PatternDatabase::file_name(&goal, &partition)
        );
        let sound = std::fs::read(&path).unwrap();
        // One flipped bit anywhere in the tables fails the checksum; a cut one is refused.
        for at in [sound.len() - 1, sound.len() - 40_000, sound.len() / 2] {
            let mut bytes = sound.clone();
            bytes[at] ^= 4;
            std::fs::write(&path, &bytes).unwrap();
            assert!(
                matches!(
                    RankedDatabase::load(&path, goal, &partition),
                    Err(PdbError::Damaged(_))
                ),
                "byte {at}"
            );
        }
        std::fs::write(&path, &sound[..sound.len() - 1]).unwrap();
        assert!(RankedDatabase::load(&path, goal, &partition).is_err());
        let (again, source) =
            RankedDatabase::cached_or_build(&dir, goal, partition.clone(), &mut keep_going)
                .unwrap();
        assert!(matches!(source, Source::Built { saved: true, .. }));
        assert_eq!(again, db);
        let (_, source) =
            RankedDatabase::cached_or_build(&dir, goal, partition, &mut keep_going).unwrap();
        assert_eq!(source, Source::Cache);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_bad_partition_is_refused_and_a_ranked_build_can_be_cancelled() {
        let goal = Board::blank_last(4);
        let nine = Partition {
            groups: vec![(1..=9).collect()],
        };
        assert_eq!(
            RankedDatabase::build(goal, nine, &mut keep_going),
            Err(PdbError::GroupSize(9))
        );
        let twice = Partition {
            groups: vec![vec![1, 2], vec![2, 3]],
        };
        assert_eq!(
            RankedDatabase::build(goal, twice, &mut keep_going),
            Err(PdbError::Tile(2))
        );
        let mut calls = 0;
        let result = RankedDatabase::build(goal, fifteen_small(), &mut |_| {
            calls += 1;
            calls < 3
        });
        assert_eq!(result, Err(PdbError::Cancelled));
    }

    #[test]
    #[ignore = "slow: builds the whole 7-8 database (576 MB)"]
    fn slow_the_15_puzzle_78_database_is_admissible_and_at_least_manhattan() {
        let goal = Board::blank_last(4);
        let started = std::time::Instant::now();
        let mut layers = 0;
        let db = RankedDatabase::build(goal, RankedDatabase::fifteen_78(), &mut |share| {
            layers += 1;
            eprintln!(
                "layer {layers}: {:.1} % at {:.1} s",
                share * 100.0,
                started.elapsed().as_secs_f64()
            );
            true
        })
        .unwrap();
        eprintln!("7-8 built in {:.1} s", started.elapsed().as_secs_f64());
        let mirrored = RankedMirrored::new(&db).unwrap();
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
        let mut rng = Rng::new(11);
        for _ in 0..2000 {
            let moves = 1 + rng.below(80);
            let board = scramble(&goal, moves, &mut rng);
            let (h, _) = mirrored.first(&board);
            assert!(h as usize <= moves, "{board}: {h} after {moves} moves");
            assert!(h >= manhattan.h(&board));
        }
        assert!(db.tables.iter().flatten().all(|&d| d != UNSEEN));
    }
}
