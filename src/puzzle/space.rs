//! The whole state space of small boards: a dense index of permutations (their rank), the exact
//! distance of every state from a goal found by one reverse breadth-first search, and seeded
//! random boards (by scrambling, or at an exact distance).

use super::board::{Board, Dir};

/// The largest side whose states are enumerated (9! = 362,880 permutations; 4x4 has 16!).
pub const MAX_ENUMERATED_SIDE: usize = 3;

const FACTORIAL: [u32; 10] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362_880];

/// `POPCOUNT[x]`: the number of set bits of a 9-bit mask. A table, because the popcount
/// instruction is not in the baseline x86-64 target and the emulation costs a fifth of a solve.
const POPCOUNT: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        table[x] = (x as u32).count_ones() as u8;
        x += 1;
    }
    table
};

/// The number of permutations of a board's cells, i.e. the size of a rank-indexed table.
pub fn permutations(side: usize) -> usize {
    FACTORIAL[side * side] as usize
}

/// The position of a board's permutation in lexicographic order (its Lehmer code), dense in
/// `0..permutations(side)`. Only for sides up to [`MAX_ENUMERATED_SIDE`].
#[inline]
pub fn rank(board: &Board) -> u32 {
    // One copy per size, so the loop has constant bounds and unrolls: 3x3 is the hot case.
    match board.len() {
        9 => rank_cells::<9>(board.packed()),
        4 => rank_cells::<4>(board.packed()),
        n => panic!("rank is defined for 2x2 and 3x3 boards, not {n} cells"),
    }
}

#[inline(always)]
fn rank_cells<const N: usize>(packed: u64) -> u32 {
    let mut seen = 0u32;
    let mut r = 0u32;
    for pos in 0..N - 1 {
        let t = ((packed >> (4 * pos)) & 0xF) as u32;
        // The mask keeps the index provably inside the table, so no bounds check is emitted.
        let smaller_unseen = t - u32::from(POPCOUNT[(seen & ((1 << t) - 1) & 511) as usize]);
        r += smaller_unseen * FACTORIAL[N - 1 - pos];
        seen |= 1 << t;
    }
    r
}

/// The board with the given rank; the inverse of [`rank`].
pub fn unrank(side: usize, mut r: u32) -> Board {
    let n = side * side;
    let mut unused: Vec<u8> = (0..n as u8).collect();
    let mut cells = Vec::with_capacity(n);
    for pos in 0..n {
        let f = FACTORIAL[n - 1 - pos];
        let i = (r / f) as usize;
        r %= f;
        cells.push(unused.remove(i));
    }
    Board::from_cells_unchecked(side, &cells)
}

/// The exact number of moves from every state to one goal (h*), for boards up to 3x3.
///
/// ```
/// use searchlab::puzzle::{Board, DistanceTable};
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

impl DistanceTable {
    /// Runs the reverse search from `goal`. `None` for boards larger than 3x3.
    pub fn new(goal: &Board) -> Option<DistanceTable> {
        if goal.side() > MAX_ENUMERATED_SIDE {
            return None;
        }
        let mut distance = vec![UNREACHABLE; permutations(goal.side())];
        // The queue is the order itself: states are appended as they are discovered, and a
        // cursor walks through them, so nothing is copied twice. Each entry remembers the move
        // that reached it, to skip the move straight back.
        let mut order = Vec::with_capacity(distance.len() / 2);
        let mut queue: Vec<(Board, Option<Dir>)> = Vec::with_capacity(distance.len() / 2);
        let mut first = vec![0];
        let start = rank(goal);
        distance[start as usize] = 0;
        order.push(start);
        queue.push((*goal, None));
        let mut cursor = 0;
        while cursor < queue.len() {
            let (board, via) = queue[cursor];
            let d = distance[order[cursor] as usize];
            if usize::from(d) == first.len() {
                first.push(cursor);
            }
            cursor += 1;
            for dir in Dir::ALL {
                if via == Some(dir.reverse()) {
                    continue;
                }
                if let Some((next, _)) = board.apply(dir) {
                    let r = rank(&next);
                    if distance[r as usize] == UNREACHABLE {
                        distance[r as usize] = d + 1;
                        order.push(r);
                        queue.push((next, Some(dir)));
                    }
                }
            }
        }
        first.push(order.len());
        Some(DistanceTable {
            goal: *goal,
            distance,
            order,
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

/// A small, fast, seedable generator (SplitMix64), so a scramble or an experiment repeats
/// exactly from its seed on every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator that yields the same sequence for the same seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0), without the bias of a plain modulo.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
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
