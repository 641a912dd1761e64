//! The whole state space of small boards: a dense index of permutations (their rank), the exact
//! distance of every state from a goal found by one reverse breadth-first search, and seeded
//! random boards (by scrambling, or at an exact distance).

use super::board::{Board, Dir, POPCOUNT};
use crate::rng::Rng;

/// The largest side whose states are enumerated (9! = 362,880 permutations; 4x4 has 16!).
pub const MAX_ENUMERATED_SIDE: usize = 3;

const FACTORIAL: [u32; 10] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362_880];

/// The number of permutations of a board's cells, i.e. the size of a rank-indexed table.
pub fn permutations(side: usize) -> usize {
    FACTORIAL[side * side] as usize
}

/// A dense index of a board's permutation in `0..permutations(side)`: the blank's cell times
/// the number of orders of the other tiles, plus the Lehmer code (lexicographic rank) of the
/// tiles read in row-major order past the blank. Only for sides up to [`MAX_ENUMERATED_SIDE`].
///
/// Leaving the blank out of the tile order is what makes the rank cheap to update: a horizontal
/// move keeps the order and a vertical move rotates `side` neighbours in it (see [`Ranked`]).
#[inline]
pub fn rank(board: &Board) -> u32 {
    Ranked::new(board).rank()
}

/// The board with the given rank; the inverse of [`rank`].
pub fn unrank(side: usize, r: u32) -> Board {
    let n = side * side;
    let orders = FACTORIAL[n - 1];
    let blank = (r / orders) as usize;
    let mut r = r % orders;
    let mut unused: Vec<u8> = (1..n as u8).collect();
    let mut cells = Vec::with_capacity(n);
    for pos in 0..n {
        if pos == blank {
            cells.push(0);
            continue;
        }
        let f = FACTORIAL[unused.len() - 1];
        let i = (r / f) as usize;
        r %= f;
        cells.push(unused.remove(i));
    }
    Board::from_cells_unchecked(side, &cells)
}

/// A board of side 2 or 3 as its [`rank`] together with the Lehmer digits the rank sums, so a
/// move updates the rank with one table lookup instead of recomputing it from the tiles.
///
/// ```
/// use searchlab::domains::puzzle::{Board, Dir, Ranked, rank};
/// let board: Board = "283104765".parse().unwrap();
/// let up = Ranked::new(&board).step(3, Dir::Up);
/// assert_eq!(up.rank(), rank(&board.apply(Dir::Up).unwrap().0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranked {
    /// Digit `p` (tiles after position `p` of the tile order that are smaller) in bits `3p..3p+3`,
    /// the blank's cell from bit [`BLANK_SHIFT`].
    code: u32,
    rank: u32,
}

pub(crate) const BLANK_SHIFT: u32 = 24;
/// `TILE_ORDERS[side]`: the orders of the tiles of a board of that side, `(side * side - 1)!`.
const TILE_ORDERS: [u32; 4] = [1, 1, 6, 40_320];
/// A window of three digits, the most a vertical move on a 3x3 board rotates.
pub(crate) const WINDOW: usize = 1 << 9;

impl Ranked {
    /// Ranks a board of side 2 or 3.
    #[inline]
    pub fn new(board: &Board) -> Ranked {
        match board.len() {
            9 => Ranked::from_cells::<9>(board.packed(), board.blank()),
            4 => Ranked::from_cells::<4>(board.packed(), board.blank()),
            n => panic!("rank is defined for 2x2 and 3x3 boards, not {n} cells"),
        }
    }

    /// One copy per size, so the loop has constant bounds and unrolls: 3x3 is the hot case.
    #[inline(always)]
    fn from_cells<const N: usize>(packed: u64, blank: usize) -> Ranked {
        // The blank counts as seen from the start, so it is never among the smaller tiles.
        let mut seen = 1u32;
        let mut code = (blank as u32) << BLANK_SHIFT;
        let mut rank = blank as u32 * FACTORIAL[N - 1];
        let mut p = 0;
        for pos in 0..N - 1 {
            let t = ((packed >> (4 * pos)) & 0xF) as u32;
            if t == 0 {
                continue;
            }
            // The mask keeps the index provably inside the table, so no bounds check is emitted.
            let digit = t - u32::from(POPCOUNT[(seen & ((1 << t) - 1) & 511) as usize]);
            code |= digit << (3 * p);
            rank += digit * FACTORIAL[N - 2 - p];
            seen |= 1 << t;
            p += 1;
        }
        Ranked { code, rank }
    }

    /// The rank.
    #[inline]
    pub fn rank(self) -> u32 {
        self.rank
    }

    /// The digits and the blank's cell, packed: the code a queue of states holds.
    #[inline]
    pub(crate) fn code(self) -> u32 {
        self.code
    }

    /// The blank's cell.
    #[inline]
    pub fn blank(self) -> usize {
        (self.code >> BLANK_SHIFT) as usize
    }

    /// The state after moving the blank `dir` on a board of `side` (2 or 3). Without branches, so
    /// the caller may compute all four moves and keep the legal ones; an illegal move gives a
    /// meaningless state (never a panic).
    #[inline]
    pub fn step(self, side: usize, dir: Dir) -> Ranked {
        debug_assert!((2..=MAX_ENUMERATED_SIDE).contains(&side));
        // Masked indices: provably inside the tables, so no bounds checks.
        let t = TRANSITIONS[side & 3][self.blank() & 15][dir as usize];
        let shift = u32::from(t.shift);
        let entry = ROWS[usize::from(t.row) & (ROW_COUNT - 1)]
            [((self.code >> shift) as usize) & (WINDOW - 1)];
        Ranked {
            code: (self.code ^ ((entry as u32 & (WINDOW as u32 - 1)) << shift))
                .wrapping_add(t.code_add),
            rank: self.rank.wrapping_add_signed(entry >> 9),
        }
    }
}

/// How one move changes a [`Ranked`] state: which row of [`ROWS`] to read, at which digit (the
/// first of the window the move rotates), and what to add to the code for the blank's move.
#[derive(Clone, Copy)]
struct Transition {
    row: u8,
    shift: u8,
    code_add: u32,
}

/// `ROWS[row][window]`: for the digits `window` (three bits each) that a move rotates, bits 0..9
/// are the XOR that turns them into the new digits and the bits above the change of the rank
/// (the blank's part included). Moving the blank down from cell `b` takes the tile `side` cells
/// further on to the front of the `side` tiles at positions `b..` of the tile order; moving up
/// takes the first of the tiles at positions `b - side..` to the back; a horizontal move keeps
/// the order (its rows are read at a shift that leaves the window 0). The new digits of a window
/// depend on its old digits alone, so the tables are small and built at compile time.
static ROWS: [[i32; WINDOW]; ROW_COUNT] = rows();
/// `TRANSITIONS[side][blank][dir]`.
static TRANSITIONS: [[[Transition; 4]; 16]; 4] = transitions();

const ROW_COUNT: usize = 32;
/// The first row of each side: left, right, then one row per window for down and for up.
const ROW_BASE: [usize; 4] = [0, 0, 0, 14];
/// The shift at which a code's window is always 0: above the blank's bits, the two bits of
/// direction and the start's flag of a queued code ([`START_FLAG`]).
const NO_WINDOW: u8 = 31;

/// The number of windows of `side` tiles in the tile order, so of vertical rows per direction.
const fn windows(side: usize) -> usize {
    side * side - side
}

const fn rows() -> [[i32; WINDOW]; ROW_COUNT] {
    let mut rows = [[0; WINDOW]; ROW_COUNT];
    let mut side = 2;
    while side <= MAX_ENUMERATED_SIDE {
        let base = ROW_BASE[side];
        let orders = TILE_ORDERS[side] as i32;
        rows[base][0] = -orders << 9;
        rows[base + 1][0] = orders << 9;
        let mut k = 0;
        while k < windows(side) {
            rows[base + 2 + k] = rotation(side, k, true);
            rows[base + 2 + windows(side) + k] = rotation(side, k, false);
            k += 1;
        }
        side += 1;
    }
    rows
}

const fn transitions() -> [[[Transition; 4]; 16]; 4] {
    let none = Transition {
        row: 0,
        shift: NO_WINDOW,
        code_add: 0,
    };
    let mut table = [[[none; 4]; 16]; 4];
    let mut side = 2;
    while side <= MAX_ENUMERATED_SIDE {
        let base = ROW_BASE[side];
        let vertical = (side as u32) << BLANK_SHIFT;
        let mut blank = 0;
        while blank < side * side {
            let moves = LEGAL[side][blank];
            let t = &mut table[side][blank];
            if moves & 1 != 0 {
                let k = blank - side;
                t[Dir::Up as usize] = Transition {
                    row: (base + 2 + windows(side) + k) as u8,
                    shift: 3 * k as u8,
                    code_add: vertical.wrapping_neg(),
                };
            }
            if moves & 2 != 0 {
                t[Dir::Down as usize] = Transition {
                    row: (base + 2 + blank) as u8,
                    shift: 3 * blank as u8,
                    code_add: vertical,
                };
            }
            if moves & 4 != 0 {
                t[Dir::Left as usize] = Transition {
                    row: base as u8,
                    shift: NO_WINDOW,
                    code_add: (1u32 << BLANK_SHIFT).wrapping_neg(),
                };
            }
            if moves & 8 != 0 {
                t[Dir::Right as usize] = Transition {
                    row: (base + 1) as u8,
                    shift: NO_WINDOW,
                    code_add: 1 << BLANK_SHIFT,
                };
            }
            blank += 1;
        }
        side += 1;
    }
    table
}

/// The row for a vertical move rotating the window of tile positions `k..k + side`.
const fn rotation(side: usize, k: usize, down: bool) -> [i32; WINDOW] {
    let tiles = side * side - 1;
    let len = tiles - k;
    let mut row = [0i32; WINDOW];
    let mut window = 0;
    'window: while window < WINDOW {
        // The suffix of the tile order from position k, with these digits and then zeros.
        let mut unused = [true; 9];
        let mut suffix = [0usize; 9];
        let mut i = 0;
        while i < len {
            let digit = if i < side { (window >> (3 * i)) & 7 } else { 0 };
            if digit >= len - i {
                window += 1;
                continue 'window;
            }
            let mut value = 0;
            let mut skip = digit;
            loop {
                if unused[value] {
                    if skip == 0 {
                        break;
                    }
                    skip -= 1;
                }
                value += 1;
            }
            unused[value] = false;
            suffix[i] = value;
            i += 1;
        }
        let mut rotated = suffix;
        let mut i = 0;
        while i < side {
            rotated[i] = if down {
                suffix[(i + side - 1) % side]
            } else {
                suffix[(i + 1) % side]
            };
            i += 1;
        }
        // The blank moves `side` cells.
        let blank_moved = (side * TILE_ORDERS[side] as usize) as i32;
        let mut delta = if down { blank_moved } else { -blank_moved };
        let mut xor = 0;
        let mut i = 0;
        while i < side {
            let mut digit = 0;
            let mut j = i + 1;
            while j < len {
                if rotated[j] < rotated[i] {
                    digit += 1;
                }
                j += 1;
            }
            let old = (window >> (3 * i)) & 7;
            xor |= (old ^ digit) << (3 * i);
            delta += (digit as i32 - old as i32) * FACTORIAL[tiles - 1 - k - i] as i32;
            i += 1;
        }
        row[window] = (delta << 9) | xor as i32;
        window += 1;
    }
    row
}

/// The first-in-first-out queue of a breadth-first search through every state of a board of
/// side 2 or 3, shared by [`DistanceTable::new`] and the lean solver: ranked states, each with
/// the move that reached it, expanded through a byte per rank without a branch per move.
pub(crate) struct Frontier {
    side: usize,
    /// Queued states in the order they were found: the rank in the low half, the rest of its
    /// [`Ranked`] state and the move that reached it (its queued code) in the high half, so a
    /// state is one load and one store.
    states: Vec<u64>,
    len: usize,
}

/// Set in the start's queued code, above the move's bits: the start has no move back, and the
/// flag selects its own moves in [`CHOICES`]. Its children's codes are without it.
pub(crate) const START_FLAG: u32 = 1 << (VIA_SHIFT + 2);

/// The moves from a queued state of a board of `side` with this code: every move but the one
/// back to its parent (all of them from the start, whose code has [`START_FLAG`]), in
/// [`Dir::ALL`] order; also the number of legal moves, that one included. A queued code is a
/// [`Ranked`] code with the move that reached the state above [`VIA_SHIFT`]; so are the
/// children's, from [`Choice::apply`].
#[inline]
pub(crate) fn choices(side: usize, code: u32) -> (&'static [Choice], u32) {
    let choices = &CHOICES[side & 3][(code >> BLANK_SHIFT) as usize & (CODE_TOPS - 1)];
    let len = (choices.len as usize).min(choices.list.len());
    (&choices.list[..len], choices.legal)
}

impl Default for Choice {
    /// A move that changes nothing.
    fn default() -> Choice {
        Choice {
            row: &ROWS[0],
            shift: u32::from(NO_WINDOW),
            code_add: 0,
        }
    }
}

impl Choice {
    /// The row of [`ROWS`] this move reads, indexed by its window of digits.
    pub(crate) fn row(&self) -> &'static [i32; WINDOW] {
        self.row
    }

    /// Where the move's window of digits starts in a code ([`NO_WINDOW`] for a horizontal move,
    /// whose window is always 0).
    pub(crate) fn shift(&self) -> u32 {
        self.shift
    }

    /// What the move adds to a queued code: the blank's move and the new direction.
    pub(crate) fn code_add(&self) -> u32 {
        self.code_add
    }

    /// The rank and code of the child this move leads to from a queued state.
    #[inline]
    pub(crate) fn apply(&self, rank: u32, code: u32) -> (u32, u32) {
        let window = (code >> self.shift) as usize & (WINDOW - 1);
        let entry = self.row[window];
        (
            rank.wrapping_add_signed(entry >> 9),
            (code ^ ((entry as u32 & (WINDOW as u32 - 1)) << self.shift))
                .wrapping_add(self.code_add),
        )
    }
}

/// The blank's cell in a queued code.
#[inline]
pub(crate) fn code_blank(code: u32) -> usize {
    (code >> BLANK_SHIFT) as usize & 15
}

/// The move that reached a queued state, as its index in [`Dir::ALL`].
#[inline]
pub(crate) fn code_via(code: u32) -> u8 {
    (code >> VIA_SHIFT) as u8 & 3
}

/// A queued state as one word: the rank in the low half, the code in the high half.
#[inline]
fn pack(rank: u32, code: u32) -> u64 {
    u64::from(rank) | u64::from(code) << 32
}

#[inline]
fn unpack(state: u64) -> (u32, u32) {
    (state as u32, (state >> 32) as u32)
}

impl Frontier {
    /// A queue able to hold every state that can reach `start`: half of the permutations (the
    /// other parity class cannot), and one more, as a child is always written past the end and
    /// kept only if new.
    pub(crate) fn new(start: &Board) -> Frontier {
        // A power of two long, so a masked index needs no bounds check; pages past the states
        // found are never touched.
        let capacity = (permutations(start.side()) / 2 + 1).next_power_of_two();
        let mut frontier = Frontier {
            side: start.side(),
            states: vec![0; capacity],
            len: 0,
        };
        frontier.restart(start);
        frontier
    }

    /// Empties the queue and queues `start`, which must be of the same side.
    pub(crate) fn restart(&mut self, start: &Board) {
        debug_assert_eq!(start.side(), self.side);
        let state = Ranked::new(start);
        self.states[0] = pack(state.rank, state.code | START_FLAG);
        self.len = 1;
    }

    /// The number of states queued so far, expanded or not.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The rank of the `i`th state queued.
    #[inline]
    pub(crate) fn rank(&self, i: usize) -> u32 {
        self.states[i] as u32
    }

    /// The ranks in the order they were queued.
    pub(crate) fn into_ranks(self) -> Vec<u32> {
        self.states[..self.len]
            .iter()
            .map(|&state| state as u32)
            .collect()
    }

    /// A table of a byte per rank for [`Frontier::expand_until`], every byte `fill`: a power of two
    /// long, so a masked rank needs no bounds check.
    pub(crate) fn table(side: usize, fill: u8) -> Vec<u8> {
        vec![fill; permutations(side).next_power_of_two()]
    }

    /// Expands the queued states in order from the start, each by every move but the one back
    /// to its parent, until a check stops it or the queue runs out, and returns the number of
    /// states expanded and of legal moves made (the ones back included). `visit(byte, dir)` is
    /// called with each child's byte in `table` and the move that reached it, and returns the
    /// byte to store and whether the child is new; a new child is queued. `before(i, rank, len)`
    /// is asked before the `i`th state (of that rank) is expanded, `len` states being queued,
    /// and `after(i, len, table)` once `i` states are expanded; either stops it by returning
    /// true. One loop for the whole search, so the queue's length and addresses stay in
    /// registers, and no branch per move.
    #[inline]
    pub(crate) fn expand_until(
        &mut self,
        table: &mut [u8],
        mut visit: impl FnMut(u8, u32) -> (u8, bool),
        mut before: impl FnMut(usize, u32, usize) -> bool,
        mut after: impl FnMut(usize, usize, &[u8]) -> bool,
    ) -> (usize, u32) {
        let states = &mut self.states[..];
        // Masks, so every index below is provably in bounds (the lengths are powers of two).
        let (states_mask, table_mask) = (states.len() - 1, table.len() - 1);
        let mut len = self.len;
        let mut generated = 0;
        let mut i = 0;
        while i < len {
            let (rank, code) = unpack(states[i & states_mask]);
            if before(i, rank, len) {
                break;
            }
            let (list, legal) = choices(self.side, code);
            for choice in list {
                let (next_rank, next_code) = choice.apply(rank, code);
                let byte = &mut table[next_rank as usize & table_mask];
                let (value, is_new) = visit(*byte, next_code >> VIA_SHIFT);
                *byte = value;
                states[len & states_mask] = pack(next_rank, next_code);
                len += usize::from(is_new);
            }
            generated += legal;
            i += 1;
            if after(i, len, table) {
                break;
            }
        }
        self.len = len;
        (i, generated)
    }
}

/// The exact number of moves from every state to one goal (h*), for boards up to 3x3.
///
/// ```
/// use searchlab::domains::puzzle::{Board, DistanceTable};
/// let goal: Board = "123804765".parse().unwrap();
/// let table = DistanceTable::new(&goal).unwrap();
/// assert_eq!(table.distance(&"283104765".parse().unwrap()), Some(4));
/// assert_eq!(table.reachable(), 181_440);
/// ```
#[derive(Clone, Debug)]
pub struct DistanceTable {
    goal: Board,
    /// `distance[rank]`, [`UNREACHABLE`] for the other parity class.
    distance: Vec<u8>,
    /// Reachable ranks in breadth-first order, which is also order of distance.
    order: Vec<u32>,
    /// `first[d]`: where distance `d` starts in `order`; one extra entry closes the last.
    first: Vec<usize>,
}

const UNREACHABLE: u8 = u8::MAX;

/// A code in the queue of [`DistanceTable::new`] is a [`Ranked`] code with the direction of the
/// move that reached the state (its index in [`Dir::ALL`]) in these bits.
const VIA_SHIFT: u32 = 28;

/// One of the moves a queued state of a [`Frontier`] takes: the row of [`ROWS`] to read and at
/// which digit, as in [`Transition`], and what to add to the queued code (the blank's move and
/// the new direction).
#[derive(Clone, Copy)]
pub(crate) struct Choice {
    row: &'static [i32; WINDOW],
    shift: u32,
    code_add: u32,
}

/// The moves from a state with the blank in one cell, reached by one move (or the start).
#[derive(Clone, Copy)]
struct Choices {
    /// The legal moves, the one back included.
    legal: u32,
    /// The legal moves but the one back, in [`Dir::ALL`] order: the first `len` of `list`.
    len: u32,
    list: [Choice; 4],
}

/// The number of values of a queued code's top bits, from the blank's cell up to [`START_FLAG`],
/// the highest of them.
pub(crate) const CODE_TOPS: usize = 2 * (START_FLAG >> BLANK_SHIFT) as usize;

/// `CHOICES[side][code >> BLANK_SHIFT]`: the moves from a state with the blank in that cell,
/// reached by that move or the start.
static CHOICES: [[Choices; CODE_TOPS]; 4] = {
    let unused = Choice {
        row: &ROWS[0],
        shift: NO_WINDOW as u32,
        code_add: 0,
    };
    let none = Choices {
        legal: 0,
        len: 0,
        list: [unused; 4],
    };
    let mut table = [[none; CODE_TOPS]; 4];
    let mut side = 2;
    while side <= MAX_ENUMERATED_SIDE {
        let mut blank = 0;
        while blank < side * side {
            // `via` 4 is the start: no move back, its flag dropped by every move.
            let mut via = 0;
            while via <= 4 {
                let (back, was, top) = if via == 4 {
                    (4, 0, blank | (START_FLAG >> BLANK_SHIFT) as usize)
                } else {
                    let top = blank | via << (VIA_SHIFT - BLANK_SHIFT);
                    (Dir::ALL[via].reverse() as usize, via, top)
                };
                let choices = &mut table[side][top];
                let mut dir = 0;
                while dir < 4 {
                    if LEGAL[side][blank] & (1 << dir) != 0 {
                        choices.legal += 1;
                        if dir != back {
                            let t = TRANSITIONS[side][blank][dir];
                            let mut code_add = t
                                .code_add
                                .wrapping_add(((dir as u32).wrapping_sub(was as u32)) << VIA_SHIFT);
                            if via == 4 {
                                code_add = code_add.wrapping_sub(START_FLAG);
                            }
                            choices.list[choices.len as usize] = Choice {
                                row: &ROWS[t.row as usize],
                                shift: t.shift as u32,
                                code_add,
                            };
                            choices.len += 1;
                        }
                    }
                    dir += 1;
                }
                via += 1;
            }
            blank += 1;
        }
        side += 1;
    }
    table
};

/// `LEGAL[side][blank]`: the directions the blank can move in, one bit each in [`Dir::ALL`]
/// order (up, down, left, right).
const LEGAL: [[u32; 16]; 4] = {
    let mut table = [[0; 16]; 4];
    let mut side = 2;
    while side <= MAX_ENUMERATED_SIDE {
        let mut blank = 0;
        while blank < side * side {
            let (row, col) = (blank / side, blank % side);
            table[side][blank] = (row > 0) as u32
                | ((row + 1 < side) as u32) << 1
                | ((col > 0) as u32) << 2
                | ((col + 1 < side) as u32) << 3;
            blank += 1;
        }
        side += 1;
    }
    table
};

impl DistanceTable {
    /// Runs the reverse search from `goal`. `None` for boards larger than 3x3.
    pub fn new(goal: &Board) -> Option<DistanceTable> {
        let side = goal.side();
        if side > MAX_ENUMERATED_SIDE {
            return None;
        }
        let mut distance = Frontier::table(side, UNREACHABLE);
        // The queue is the order itself, one layer of distance after the other: states are
        // appended as they are found and each layer is expanded in turn.
        let mut frontier = Frontier::new(goal);
        distance[frontier.rank(0) as usize] = 0;
        let mut first = vec![0];
        // The layer being expanded ends at `end`; the states it finds are one further away.
        let mut end = 1;
        let next = std::cell::Cell::new(1u8);
        frontier.expand_until(
            &mut distance,
            |byte, _| {
                let new = byte == UNREACHABLE;
                (if new { next.get() } else { byte }, new)
            },
            |_, _, _| false,
            |expanded, len, _| {
                if expanded == end {
                    first.push(end);
                    end = len;
                    next.set(next.get() + 1);
                }
                false
            },
        );
        distance.truncate(permutations(side));
        Some(DistanceTable {
            goal: *goal,
            distance,
            order: frontier.into_ranks(),
            first,
        })
    }

    /// The goal the distances are measured to.
    pub fn goal(&self) -> Board {
        self.goal
    }

    /// The fewest moves from `board` to the goal, `None` if unreachable or of another size.
    #[inline]
    pub fn distance(&self, board: &Board) -> Option<u8> {
        if board.side() != self.goal.side() {
            return None;
        }
        let d = self.distance[rank(board) as usize];
        (d != UNREACHABLE).then_some(d)
    }

    /// The number of states that can reach the goal (half of all permutations).
    pub fn reachable(&self) -> usize {
        self.order.len()
    }

    /// The largest distance of any state (31 for 3x3).
    pub fn max_distance(&self) -> u8 {
        (self.first.len() - 2) as u8
    }

    /// How many states lie at exactly distance `d`.
    pub fn count_at(&self, d: u8) -> usize {
        let d = usize::from(d);
        if d + 1 >= self.first.len() {
            return 0;
        }
        self.first[d + 1] - self.first[d]
    }

    /// Every reachable state, nearest first.
    pub fn states(&self) -> impl Iterator<Item = Board> + '_ {
        let side = self.goal.side();
        self.order.iter().map(move |&r| unrank(side, r))
    }

    /// A state drawn uniformly among all that can reach the goal.
    pub fn random_state(&self, rng: &mut Rng) -> Board {
        unrank(self.goal.side(), self.order[rng.below(self.order.len())])
    }

    /// A state drawn uniformly among those at exactly distance `d`, or `None` if there are none.
    pub fn random_at(&self, d: u8, rng: &mut Rng) -> Option<Board> {
        let count = self.count_at(d);
        if count == 0 {
            return None;
        }
        let r = self.order[self.first[usize::from(d)] + rng.below(count)];
        Some(unrank(self.goal.side(), r))
    }
}

/// The board after `moves` random moves from `from`, never undoing the previous move. The
/// result is always solvable with respect to `from`, at distance at most `moves`.
pub fn scramble(from: &Board, moves: usize, rng: &mut Rng) -> Board {
    let mut board = *from;
    let mut last: Option<Dir> = None;
    for _ in 0..moves {
        let options: Vec<(Board, Dir)> = board
            .successors()
            .filter(|(_, m)| Some(m.dir.reverse()) != last)
            .map(|(b, m)| (b, m.dir))
            .collect();
        let (next, dir) = options[rng.below(options.len())];
        board = next;
        last = Some(dir);
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse() {
        for r in [0, 1, 2, 1000, 181_439, 362_879] {
            assert_eq!(rank(&unrank(3, r)), r);
        }
        assert_eq!(rank(&"012345678".parse().unwrap()), 0);
        assert_eq!(rank(&"876543210".parse().unwrap()), 362_879);
    }

    #[test]
    fn ranked_steps_agree_with_ranking_the_moved_board() {
        for side in [2, 3] {
            for r in 0..permutations(side) as u32 {
                let board = unrank(side, r);
                let state = Ranked::new(&board);
                assert_eq!(state.rank(), r);
                assert_eq!(state.blank(), board.blank());
                for (next, m) in board.successors() {
                    assert_eq!(state.step(side, m.dir), Ranked::new(&next), "{board} {m:?}");
                }
            }
        }
    }

    #[test]
    fn distance_table_for_the_p1379_goal() {
        let goal: Board = "123804765".parse().unwrap();
        let table = DistanceTable::new(&goal).unwrap();
        assert_eq!(table.reachable(), 181_440);
        assert_eq!(table.max_distance(), 30);
        assert_eq!(table.count_at(0), 1);
        assert_eq!(table.count_at(1), 4);
        assert_eq!(table.distance(&goal), Some(0));
        assert_eq!(table.distance(&"213804765".parse().unwrap()), None);
        let total: usize = (0..=table.max_distance()).map(|d| table.count_at(d)).sum();
        assert_eq!(total, table.reachable());
        // The textbook fact: the hardest 8-puzzle boards for 123456780 need 31 moves.
        let classic = DistanceTable::new(&"123456780".parse().unwrap()).unwrap();
        assert_eq!(classic.max_distance(), 31);
        assert_eq!(classic.count_at(31), 2);
    }

    #[test]
    fn random_at_distance_is_at_that_distance() {
        let goal: Board = "123804765".parse().unwrap();
        let table = DistanceTable::new(&goal).unwrap();
        let mut rng = Rng::new(7);
        for d in [0u8, 1, 5, 17, 30] {
            for _ in 0..20 {
                let board = table.random_at(d, &mut rng).unwrap();
                assert_eq!(table.distance(&board), Some(d));
            }
        }
        assert_eq!(table.random_at(31, &mut rng), None);
    }

    #[test]
    fn scrambles_repeat_from_the_seed_and_stay_solvable() {
        let goal = Board::blank_last(4);
        let a = scramble(&goal, 40, &mut Rng::new(3));
        let b = scramble(&goal, 40, &mut Rng::new(3));
        assert_eq!(a, b);
        assert_ne!(a, goal);
        assert!(super::super::problem::solvable(&a, &goal).is_ok());
        assert_eq!(scramble(&goal, 0, &mut Rng::new(3)), goal);
    }
}
