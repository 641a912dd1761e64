//! Building a pattern database's tables, on every core, with the blank's region tracked.
//!
//! The abstraction is [`PatternDatabase`]'s: a move of a pattern tile costs 1, a move of the
//! blank through other tiles costs 0, and a table keeps each placement's least distance over
//! the blank's cells. Since the blank wanders through the free cells of its region at no cost,
//! a state here is a placement and the region the blank is in (not its cell), and a move is a
//! tile of the group stepping into a cell of that region: the blank is then in the region of
//! the cell the tile left. That keeps the BFS to one state per region (about 1.4·10⁹ for the
//! 15-puzzle's eight tiles of the 7-8 split, against 4.2·10⁹ with the blank's cell) and every
//! move at cost 1.
//!
//! A table is built by a layered breadth-first search over the placements' ranks: each layer
//! scans the chunks holding states of its depth and marks their unseen successors one deeper,
//! on every core, with one word a placement (two bits a free cell: its region not reached,
//! reached at an even or an odd depth, or expanded) and a byte for its least depth.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, AtomicU32, AtomicUsize, Ordering};

#[cfg(test)]
use super::super::board::Dir;
use super::super::board::{Board, POPCOUNT, cells_in};
#[cfg(test)]
use super::Partition;
#[cfg(doc)]
use super::PatternDatabase;
use super::PdbError;

/// The largest group: eight tiles of the 15-puzzle, 518,918,400 placements.
pub const MAX_GROUP: usize = 8;

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
    pub(super) fn step(
        &self,
        i: usize,
        from: usize,
        to: usize,
        order_at: impl Fn(usize) -> usize,
    ) -> i64 {
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
/// maps between lanes and free cells at every successor, and a table lookup does it in one
/// step where a loop would visit each cell.
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

/// A placement no layer reached.
pub(super) const UNSEEN: u8 = u8::MAX;

/// The distances of one group by a plain backward 0-1 BFS over the group's cells and the
/// blank's cell, one thread: the reference the region build is checked against. An abstract
/// state is the cells packed 4 bits each (blank lowest); its slot is rank·n + blank.
#[cfg(test)]
pub(super) fn distances_by_cells(goal: Board, tiles: &[u8]) -> Vec<u8> {
    let side = goal.side();
    let n = side * side;
    let k = tiles.len();
    let ranking = Ranking::new(side, k);
    let rank = |cells: &[u8]| ranking.rank(cells) as usize;
    let count = ranking.size();
    let mut dist = vec![UNSEEN; count * n];
    let pack = |cells: &[u8], blank: u8| -> u64 {
        cells
            .iter()
            .rev()
            .fold(0u64, |acc, &c| (acc << 4) | u64::from(c))
            << 4
            | u64::from(blank)
    };
    let goal_cells: Vec<u8> = tiles.iter().map(|&t| goal.position_of(t) as u8).collect();
    let start = pack(&goal_cells, goal.blank() as u8);
    dist[rank(&goal_cells) * n + goal.blank()] = 0;
    let mut layer = vec![start];
    let mut depth: u8 = 0;
    let mut cells = vec![0u8; k];
    while !layer.is_empty() {
        let mut next = Vec::new();
        // The layer grows while the blank wanders through other tiles at no cost.
        let mut i = 0;
        while i < layer.len() {
            let state = layer[i];
            i += 1;
            let blank = (state & 15) as usize;
            for (j, cell) in cells.iter_mut().enumerate() {
                *cell = ((state >> (4 + 4 * j)) & 15) as u8;
            }
            for dir in Dir::ALL {
                let Some(to) = neighbour(blank, dir, side) else {
                    continue;
                };
                // The blank moves to `to`; whatever was there moves to `blank`.
                let moved = cells.iter().position(|&c| c as usize == to);
                if let Some(j) = moved {
                    cells[j] = blank as u8;
                }
                let slot = rank(&cells) * n + to;
                let known = dist[slot];
                if moved.is_some() {
                    if known == UNSEEN {
                        dist[slot] = depth + 1;
                        next.push(pack(&cells, to as u8));
                    }
                } else if known == UNSEEN || known == depth + 1 {
                    // A state first met by a tile move may turn out free to reach in this
                    // layer: lower it (its copy in the next layer finds nothing new).
                    dist[slot] = depth;
                    layer.push(pack(&cells, to as u8));
                }
                if let Some(j) = moved {
                    cells[j] = to as u8;
                }
            }
        }
        layer = next;
        depth += 1;
    }
    // The least over the blank's cells (a cell under a tile is never reached: UNSEEN).
    dist.chunks(n)
        .map(|by_blank| by_blank.iter().copied().min().unwrap_or(UNSEEN))
        .collect()
}

/// The cell next to `cell` in direction `dir` (the blank's move), if on the board.
#[cfg(test)]
fn neighbour(cell: usize, dir: Dir, side: usize) -> Option<usize> {
    let (row, col) = (cell / side, cell % side);
    match dir {
        Dir::Up if row > 0 => Some(cell - side),
        Dir::Down if row + 1 < side => Some(cell + side),
        Dir::Left if col > 0 => Some(cell - 1),
        Dir::Right if col + 1 < side => Some(cell + 1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::pdb::PatternDatabase;
    use crate::domains::puzzle::pdb::tests::fifteen_small;

    fn keep_going(_: f64) -> bool {
        true
    }

    fn p1379() -> Board {
        "123804765".parse().unwrap()
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
            let db =
                PatternDatabase::build_on(goal, partition.clone(), 2, &mut keep_going).unwrap();
            for (g, tiles) in partition.groups.iter().enumerate() {
                let by_cells = distances_by_cells(goal, tiles);
                assert_eq!(db.tables[g].distances, by_cells, "{goal}, group {tiles:?}");
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
}
