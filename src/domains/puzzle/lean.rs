//! A lean solver for the command line and the benchmarks: the same algorithms in the same
//! expansion order as [`BestFirst`](crate::search::BestFirst), with the same counters and the same path,
//! but without per-step records. Open is an array of buckets indexed by the integer priority
//! (and h, for the smaller-h tie-break) instead of an ordered tree; seen states live in a table
//! reused across boards (a rank-indexed array stamped per solve for 3x3, a hash map for 4x4).
//! Breadth-first search on 3x3 and smaller has a loop of its own: a plain queue of ranked states
//! and a byte per state, without a branch per move.
//!
//! Tests in `tests/lean.rs` check that it agrees with the stepping engine board by board.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{Board, Dir, MAX_CELLS};
use super::heuristic::Heuristic;
use super::problem::SearchConfig;
use super::space::{
    BLANK_SHIFT, CODE_TOPS, Choice, Frontier, MAX_ENUMERATED_SIDE, Ranked, START_FLAG, WINDOW,
    choices, code_blank, code_via, rank, unrank,
};
use crate::search::{Algorithm, GoalTest, Repeats, Stats, TieBreak};

/// What one solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeanOutcome {
    /// The boards from start to goal, if solved.
    pub path: Option<Vec<Board>>,
    /// The same counters the stepping engine reports.
    pub stats: Stats,
    /// True if the node limit stopped the search.
    pub limit_reached: bool,
}

impl LeanOutcome {
    /// The number of moves of the solution.
    pub fn moves(&self) -> Option<usize> {
        self.path.as_ref().map(|p| p.len() - 1)
    }
}

/// What is known of a seen state.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Entry {
    g: u32,
    closed: bool,
    /// The direction the blank moved to reach this state (`NONE` for the start).
    via: u8,
}

const NONE: u8 = 4;

/// The moves to make room for in a path whose length is not known: the most a 3x3 board needs.
const PATH_GUESS: usize = 31;

/// The table of seen states, addressed by a key computed once per state.
trait Seen {
    type Key: Copy;
    fn begin(&mut self);
    fn key(&self, board: &Board) -> Self::Key;
    /// The key of `child`, reached from the state of `key` by moving the blank `dir`.
    fn child_key(key: Self::Key, child: &Board, dir: Dir) -> Self::Key;
    fn get(&self, key: Self::Key) -> Option<Entry>;
    fn set(&mut self, key: Self::Key, entry: Entry);
}

/// 3x3 and smaller: every permutation has a slot, addressed by its rank. A slot is one `u32`
/// (g, closed, via and the stamp of the solve that wrote it); the table has [`DENSE_SLOTS`] of
/// them (2 MB, the 9! ranks of a 3x3 board rounded up to a power of two) and mostly stays in
/// cache; older stamps read as empty, so it is cleared once every 1,023 solves.
struct Dense {
    stamp: u32,
    slots: Vec<u32>,
}

const STAMP_BITS: u32 = 10;
const STAMP_MASK: u32 = (1 << STAMP_BITS) - 1;
/// g lives above the stamp, the closed flag and three bits of `via`.
const G_SHIFT: u32 = STAMP_BITS + 4;
/// The largest g a dense slot holds (262,143): above the 181,440 states of a 3x3 board.
const DENSE_MAX_G: u32 = u32::MAX >> G_SHIFT;

impl Dense {
    fn new() -> Dense {
        // Written once here rather than handed out as zeroed pages: a search reads a slot
        // before it writes it, and a page first read is the kernel's shared zero page, so
        // its first write would be a copy-on-write fault, and with other workers running
        // each such fault flushes their TLBs too (docs/performance.md).
        let mut slots = Vec::with_capacity(DENSE_SLOTS);
        slots.resize(DENSE_SLOTS, std::hint::black_box(0));
        Dense { stamp: 0, slots }
    }
}

impl Seen for Dense {
    /// The rank, updated move by move rather than computed from the tiles.
    type Key = Ranked;

    fn begin(&mut self) {
        self.stamp += 1;
        if self.stamp > STAMP_MASK {
            self.slots.fill(0);
            self.stamp = 1;
        }
    }

    #[inline]
    fn key(&self, board: &Board) -> Ranked {
        Ranked::new(board)
    }

    #[inline]
    fn child_key(key: Ranked, child: &Board, dir: Dir) -> Ranked {
        key.step(child.side(), dir)
    }

    #[inline]
    fn get(&self, key: Ranked) -> Option<Entry> {
        let slot = self.slots[key.rank() as usize];
        (slot & STAMP_MASK == self.stamp).then_some(Entry {
            g: slot >> G_SHIFT,
            closed: slot & (1 << STAMP_BITS) != 0,
            via: ((slot >> (STAMP_BITS + 1)) & 7) as u8,
        })
    }

    #[inline]
    fn set(&mut self, key: Ranked, entry: Entry) {
        debug_assert!(entry.g <= DENSE_MAX_G);
        self.slots[key.rank() as usize] = self.stamp
            | (u32::from(entry.closed) << STAMP_BITS)
            | (u32::from(entry.via) << (STAMP_BITS + 1))
            | (entry.g << G_SHIFT);
    }
}

/// 4x4: too many permutations to index, so hash the packed board.
#[derive(Default)]
struct Sparse(HashMap<u64, Entry, BuildHasherDefault<PackedHasher>>);

/// The hash of a packed board for [`Sparse`]: the 128-bit product with an odd constant, its two
/// halves folded together, so every bit of the hash depends on every cell. The table takes its
/// slot from the low bits and a tag from the top seven; Fx's hash (a 64-bit product rotated by
/// 26) fills bits 26 and up of the slot from the lowest cells alone, which past 2^26 slots
/// (about 59 million states) crowds the states that share their first tiles into a fraction
/// of the table, and probing then grows with every insertion.
#[derive(Default)]
struct PackedHasher(u64);

impl Hasher for PackedHasher {
    #[inline]
    fn write_u64(&mut self, key: u64) {
        let product = u128::from(self.0 ^ key) * 0x9E37_79B9_7F4A_7C15;
        self.0 = (product as u64) ^ ((product >> 64) as u64);
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

impl Seen for Sparse {
    type Key = u64;

    fn begin(&mut self) {
        self.0.clear();
    }

    #[inline]
    fn key(&self, board: &Board) -> u64 {
        board.packed()
    }

    #[inline]
    fn child_key(_: u64, child: &Board, _: Dir) -> u64 {
        child.packed()
    }

    #[inline]
    fn get(&self, key: u64) -> Option<Entry> {
        self.0.get(&key).copied()
    }

    #[inline]
    fn set(&mut self, key: u64, entry: Entry) {
        self.0.insert(key, entry);
    }
}

#[derive(Clone, Copy)]
struct Queued<K> {
    board: Board,
    key: K,
    g: u32,
    h: u32,
    /// The direction the blank moved to reach this state (`NONE` for the start), for algorithms
    /// that never update a seen state and so never read its entry back.
    via: u8,
}

/// What every solve of one solver shares.
struct Params {
    goal: Board,
    config: SearchConfig,
    heuristic: Heuristic,
    /// Bucket index = g * g_weight + h * h_weight: the priority times the number of h values,
    /// plus h itself if ties go to the smaller h.
    g_weight: usize,
    h_weight: usize,
    /// `cost[tile][pos]`: the tile's share of h in that cell, for heuristics that are a sum
    /// over tiles (looked up without asking which heuristic it is).
    cost: [[u32; MAX_CELLS]; MAX_CELLS],
    /// Whether [`search_dense`] serves this solver: boards up to 3x3, a heuristic that is a
    /// sum over tiles, the goal test at expansion.
    fast: bool,
}

impl Params {
    fn new(goal: Board, config: SearchConfig) -> Params {
        let heuristic = Heuristic::new(config.heuristic, &goal);
        let mut cost = [[0; MAX_CELLS]; MAX_CELLS];
        for (tile, row) in cost.iter_mut().enumerate().take(goal.len()).skip(1) {
            for (pos, c) in row.iter_mut().enumerate().take(goal.len()) {
                *c = heuristic.tile_cost(tile as u8, pos);
            }
        }
        // The number of h values: h is at most the sum of every tile's largest share (its
        // Manhattan distance for linear conflict), plus for linear conflict 2 for each tile that
        // leaves a line, at most all but one of each line's tiles.
        let shares: u32 = cost.iter().map(|row| row.iter().max().unwrap_or(&0)).sum();
        let side = goal.side() as u32;
        let leaving = if heuristic.is_additive() {
            0
        } else {
            2 * (2 * side) * (side - 1)
        };
        let h_values = (shares + leaving + 1) as usize;
        let (stride, tie) = if config.effective_tie_break() == TieBreak::SmallerH {
            (h_values, 1)
        } else {
            (1, 0)
        };
        let (g_weight, h_weight) = match config.algorithm {
            Algorithm::BreadthFirst | Algorithm::UniformCost => (stride, tie),
            Algorithm::AStar => (stride, stride + tie),
            Algorithm::Greedy => (0, stride + tie),
            Algorithm::WeightedAStar
            | Algorithm::IdaStar
            | Algorithm::IterativeDeepening
            | Algorithm::DepthFirst
            | Algorithm::HeuristicDepthFirst
            | Algorithm::BranchAndBound
            | Algorithm::Rbfs
            | Algorithm::SmaStar
            | Algorithm::BidirectionalBfs
            | Algorithm::BidirectionalUcs => unreachable!("refused in LeanSolver::new"),
        };
        let fast = goal.side() <= MAX_ENUMERATED_SIDE
            && heuristic.is_additive()
            && config.goal_test == GoalTest::OnExpansion;
        Params {
            goal,
            config,
            heuristic,
            g_weight,
            h_weight,
            cost,
            fast,
        }
    }

    #[inline]
    fn bucket(&self, g: u32, h: u32) -> usize {
        g as usize * self.g_weight + h as usize * self.h_weight
    }
}

/// Reusable state for solving many boards towards one goal with one config.
///
/// ```
/// use searchlab::domains::puzzle::LeanSolver;
/// use searchlab::search::SearchConfig;
/// let mut solver = LeanSolver::new("123804765".parse().unwrap(), SearchConfig::default()).unwrap();
/// assert_eq!(solver.solve("283104765".parse().unwrap()).moves(), Some(4));
/// ```
pub struct LeanSolver {
    params: Params,
    dense: Option<Dense>,
    /// The moves' constants for [`search_dense`], when it serves this solver.
    dense_moves: Option<DenseTable>,
    sparse: Sparse,
    dense_buckets: Buckets<Queued<Ranked>>,
    sparse_buckets: Buckets<Queued<u64>>,
    /// Open for [`search_dense`].
    nodes: DenseOpen,
    layers: Option<Layers>,
}

impl LeanSolver {
    /// Prepares a solver. `None` for weighted A*, whose priorities are not integers, for the
    /// algorithms that are not best-first (IDA*, IDS, DFS, the bidirectional ones) and for tree
    /// search (the solver is a graph search); use the stepping engine for them.
    pub fn new(goal: Board, config: SearchConfig) -> Option<LeanSolver> {
        if config.algorithm == Algorithm::WeightedAStar
            || !config.algorithm.is_best_first()
            || config.repeats != Repeats::Graph
        {
            return None;
        }
        let enumerated = goal.side() <= MAX_ENUMERATED_SIDE;
        let layered = enumerated && config.algorithm == Algorithm::BreadthFirst;
        let dense = (enumerated && !layered).then(Dense::new);
        let lifo = config.effective_tie_break() == TieBreak::Lifo;
        let params = Params::new(goal, config);
        let dense_moves = (dense.is_some() && params.fast).then(|| DenseTable::new(&params));
        Some(LeanSolver {
            params,
            dense_moves,
            dense,
            sparse: Sparse::default(),
            dense_buckets: Buckets::new(lifo),
            sparse_buckets: Buckets::new(lifo),
            nodes: DenseOpen::new(lifo),
            layers: layered.then(|| Layers::new(goal, config.goal_test)),
        })
    }

    /// Solves one board, which must be solvable towards the goal and of the same size.
    pub fn solve(&mut self, start: Board) -> LeanOutcome {
        let outcome = self.search(start);
        LeanOutcome {
            stats: with_memory(outcome.stats),
            ..outcome
        }
    }

    /// The search behind [`LeanSolver::solve`], by the loop that suits the board and goal.
    fn search(&mut self, start: Board) -> LeanOutcome {
        if let Some(layers) = self.layers.as_mut() {
            if let Some(outcome) = layers.solve(start, self.params.config.node_limit) {
                return outcome;
            }
            // Near the node limit, the general loop counts the new children of each expansion.
            let table = self.dense.get_or_insert_with(Dense::new);
            return run(&self.params, start, table, &mut self.dense_buckets);
        }
        match (self.dense.as_mut(), &self.dense_moves) {
            (Some(table), Some(moves)) => {
                search_dense(&self.params, moves, start, table, &mut self.nodes)
            }
            (Some(table), None) => run(&self.params, start, table, &mut self.dense_buckets),
            (None, _) => run(
                &self.params,
                start,
                &mut self.sparse,
                &mut self.sparse_buckets,
            ),
        }
    }
}

/// Open as an array of queues indexed by bucket, with a cursor at the lowest non-empty one.
struct Buckets<Q> {
    queues: Vec<Queue<Q>>,
    cursor: usize,
    lifo: bool,
}

/// One bucket: pushed at the back, popped at the front (`head`) or the back; emptied whole
/// once everything is popped, so it never wraps around.
struct Queue<Q> {
    items: Vec<Q>,
    head: usize,
}

impl<Q: Copy> Buckets<Q> {
    fn new(lifo: bool) -> Buckets<Q> {
        Buckets {
            queues: Vec::new(),
            cursor: 0,
            lifo,
        }
    }

    fn clear(&mut self) {
        let from = self.cursor.min(self.queues.len());
        for queue in &mut self.queues[from..] {
            queue.items.clear();
            queue.head = 0;
        }
        self.cursor = 0;
    }

    #[inline]
    fn push(&mut self, bucket: usize, item: Q) {
        if bucket >= self.queues.len() {
            self.queues.resize_with(bucket + 1, || Queue {
                items: Vec::new(),
                head: 0,
            });
        }
        self.queues[bucket].items.push(item);
        self.cursor = self.cursor.min(bucket);
    }

    /// The first item (the last, for LIFO) of the lowest non-empty bucket, to which the cursor
    /// moves up.
    #[inline]
    fn pop(&mut self) -> Option<Q> {
        while let Some(queue) = self.queues.get_mut(self.cursor) {
            // A queue is emptied whole once its last item is taken, so it is empty exactly when
            // it holds no items.
            if !queue.items.is_empty() {
                return if self.lifo {
                    queue.items.pop()
                } else {
                    // (The head is below the length while the queue holds items.)
                    let item = queue.items[queue.head];
                    queue.head += 1;
                    if queue.head == queue.items.len() {
                        queue.items.clear();
                        queue.head = 0;
                    }
                    Some(item)
                };
            }
            self.cursor += 1;
        }
        None
    }
}

fn run<T: Seen>(
    params: &Params,
    start: Board,
    seen: &mut T,
    open: &mut Buckets<Queued<T::Key>>,
) -> LeanOutcome {
    open.clear();
    seen.begin();
    let goal = params.goal;
    let heuristic = &params.heuristic;
    let by_generation = params.config.goal_test == GoalTest::OnGeneration;
    let updates = params.config.algorithm.updates_duplicates();
    let additive = heuristic.is_additive();
    let mut stats = Stats {
        open: 1,
        max_open: 1,
        nodes: 1,
        ..Stats::default()
    };
    let start_key = seen.key(&start);
    seen.set(
        start_key,
        Entry {
            g: 0,
            closed: false,
            via: NONE,
        },
    );
    let h0 = heuristic.h(&start);
    open.push(
        params.bucket(0, h0),
        Queued {
            board: start,
            key: start_key,
            g: 0,
            h: h0,
            via: NONE,
        },
    );
    let finish =
        |found: Option<(Board, T::Key)>, stats: Stats, limit: bool, seen: &mut T| LeanOutcome {
            path: found.map(|(end, key)| trace_back(end, key, seen)),
            stats,
            limit_reached: limit,
        };
    if by_generation && start == goal {
        return finish(Some((start, start_key)), stats, false, seen);
    }
    loop {
        // Skip entries left behind by an improvement; they are not in the engine's open. Only
        // algorithms that update seen states leave them, and only they read the closed flag.
        let item = loop {
            let Some(item) = open.pop() else {
                return finish(None, stats, false, seen);
            };
            if !updates {
                break item;
            }
            let entry = seen.get(item.key).expect("queued states are seen");
            if !entry.closed && entry.g == item.g {
                seen.set(
                    item.key,
                    Entry {
                        closed: true,
                        ..entry
                    },
                );
                break Queued {
                    via: entry.via,
                    ..item
                };
            }
        };
        // The goal is taken whatever the limit, as in the engine; an expansion is refused if
        // it would create more nodes than the limit allows. A full one creates at most three
        // (the move back leads to the parent), four from the start: only near the limit are
        // the new children counted.
        let taken = item.board == goal && !by_generation;
        // The move back to the parent (never equal to a direction for the start).
        let back = if item.via == NONE {
            NONE
        } else {
            Dir::ALL[usize::from(item.via) & 3].reverse() as u8
        };
        let limit = params.config.node_limit;
        if !taken
            && stats.nodes as usize + 4 > limit
            && stats.nodes as usize + new_children(&item, back, goal, by_generation, seen) > limit
        {
            return finish(None, stats, true, seen);
        }
        stats.steps += 1;
        stats.open -= 1;
        if taken {
            return finish(Some((goal, item.key)), stats, false, seen);
        }
        stats.expanded += 1;
        let g = item.g + 1;
        let blank = item.board.blank();
        for dir in Dir::ALL {
            let Some((child, m)) = item.board.apply(dir) else {
                continue;
            };
            stats.generated += 1;
            if dir as u8 == back {
                // The parent: seen, and its g is below this node's, so the move back is a
                // duplicate that can never improve anything. Count it without the lookup.
                stats.duplicates += 1;
                continue;
            }
            let key = T::child_key(item.key, &child, dir);
            let mut queue = false;
            match seen.get(key) {
                None => {
                    seen.set(
                        key,
                        Entry {
                            g,
                            closed: false,
                            via: dir as u8,
                        },
                    );
                    stats.nodes += 1;
                    stats.open += 1;
                    queue = true;
                }
                Some(entry) => {
                    stats.duplicates += 1;
                    if updates && g < entry.g {
                        if entry.closed {
                            stats.reopened += 1;
                            stats.open += 1;
                        } else {
                            stats.improved += 1;
                        }
                        seen.set(
                            key,
                            Entry {
                                g,
                                closed: false,
                                via: dir as u8,
                            },
                        );
                        queue = true;
                    }
                }
            }
            if queue {
                let h = if additive {
                    // The moved tile goes from the child's blank cell to the parent's.
                    let cost = &params.cost[usize::from(m.tile) & (MAX_CELLS - 1)];
                    item.h + cost[blank & (MAX_CELLS - 1)] - cost[child.blank() & (MAX_CELLS - 1)]
                } else {
                    heuristic.h(&child)
                };
                stats.max_open = stats.max_open.max(stats.open);
                open.push(
                    params.bucket(g, h),
                    Queued {
                        board: child,
                        key,
                        g,
                        h,
                        via: dir as u8,
                    },
                );
            }
            if by_generation && child == goal {
                return finish(Some((goal, key)), stats, false, seen);
            }
        }
        if stats.open == 0 {
            return finish(None, stats, false, seen);
        }
    }
}

/// The nodes expanding `item` would create, counted the engine's way (see
/// `BestFirst::new_children`): its children not seen yet, up to the goal with the goal test at
/// generation. `back`: the move to its parent, which is seen.
fn new_children<T: Seen>(
    item: &Queued<T::Key>,
    back: u8,
    goal: Board,
    by_generation: bool,
    seen: &T,
) -> usize {
    let mut new = 0;
    for dir in Dir::ALL {
        let Some((child, _)) = item.board.apply(dir) else {
            continue;
        };
        if dir as u8 != back && seen.get(T::child_key(item.key, &child, dir)).is_none() {
            new += 1;
        }
        if by_generation && child == goal {
            break;
        }
    }
    new
}

/// A node in open for [`search_dense`], 16 bytes: g and the tiles, the rank and the queued code
/// (the rank's digits, the blank and the move that reached the state). h is not kept: a child's
/// bucket follows from its parent's and the change of h.
#[derive(Clone, Copy, Default)]
struct Node {
    /// g in the low [`NODE_TILES`] bits, the packed tiles (36 bits on 3x3) above them, so a child
    /// is its parent plus one plus what its moved tile changes.
    word: u64,
    rank: u32,
    code: u32,
}

/// Where the tiles start in [`Node::word`]: above g.
const NODE_TILES: u32 = 20;

/// The size of the rank-indexed table of the dense loop: a power of two at least as large as the
/// permutations of a 3x3 board, so a masked rank is provably inside it.
const DENSE_SLOTS: usize = 1 << 19;

/// Open for [`search_dense`]: a queue per bucket whose capacity is checked before each node is
/// queued; a bucket that is full or missing is made in a cold call ([`DenseOpen::grow`]) and
/// kept for the boards after it, so after the first few boards the loop never allocates.
struct DenseOpen {
    queues: Vec<Slab>,
    /// Every bucket below it is empty.
    cursor: usize,
    lifo: bool,
}

/// One bucket of [`DenseOpen`]: `items[head..len]` are queued. It is emptied whole (`head` and
/// `len` back to 0) once its last node is taken, so it is empty exactly when `len` is 0.
struct Slab {
    items: Vec<Node>,
    head: u32,
    len: u32,
}

/// The capacity a bucket of [`DenseOpen`] starts with.
const SLAB_START: usize = 64;

impl DenseOpen {
    fn new(lifo: bool) -> DenseOpen {
        DenseOpen {
            queues: Vec::new(),
            cursor: 0,
            lifo,
        }
    }

    fn clear(&mut self) {
        let from = self.cursor.min(self.queues.len());
        for slab in &mut self.queues[from..] {
            slab.head = 0;
            slab.len = 0;
        }
        self.cursor = 0;
    }

    /// Makes `bucket` if it is missing (with every missing bucket below it), else doubles it:
    /// called when a node is to be queued there and it has no room.
    #[cold]
    #[inline(never)]
    fn grow(queues: &mut Vec<Slab>, bucket: usize) {
        if bucket >= queues.len() {
            queues.resize_with(bucket + 1, || Slab {
                items: vec![Node::default(); SLAB_START],
                head: 0,
                len: 0,
            });
        } else {
            let slab = &mut queues[bucket];
            let size = 2 * slab.items.len();
            slab.items.resize(size, Node::default());
        }
    }
}

/// One move of a state in [`search_dense`], with every constant it needs.
#[derive(Clone, Copy, Default)]
struct DenseMove {
    /// How the move changes the rank and the code.
    choice: Choice,
    /// Where the tile that moves sits in a node's word: above g, four times the child's blank.
    tile_shift: u32,
    /// What moving tile `t` adds to a node's word: `t` times this.
    tile_move: u64,
    /// The move in a seen slot's bits: how the child was reached.
    via_slot: u32,
    /// The change of the bucket index when tile `t` makes this move: `bucket[t]`.
    bucket: [i32; 16],
}

/// The moves of a state with the blank in one cell, reached by one move (or of the start).
#[derive(Clone, Copy, Default)]
struct DenseMoves {
    /// Every move but the one back: the first `len`.
    moves: [DenseMove; 4],
    len: u32,
    /// The legal moves, the one back included (the generated count), times 2^32, plus one: what
    /// an expansion adds to the counters of expansions and generated children.
    step: u64,
}

/// The moves of every state of one solver, indexed like [`choices`] by the top of a queued code:
/// the blank's cell, the move that reached the state, and [`START_FLAG`] for the start.
struct DenseTable(Box<[DenseMoves; CODE_TOPS]>);

impl DenseTable {
    fn new(params: &Params) -> DenseTable {
        let side = params.goal.side();
        let mut table = Box::new([DenseMoves::default(); CODE_TOPS]);
        for (top, entry) in table.iter_mut().enumerate() {
            let code = (top as u32) << BLANK_SHIFT;
            let blank = code_blank(code);
            if blank >= side * side {
                continue;
            }
            let (list, legal) = choices(side, code);
            entry.len = list.len() as u32;
            entry.step = u64::from(legal) << 32 | 1;
            for (m, choice) in entry.moves.iter_mut().zip(list) {
                let child = code.wrapping_add(choice.code_add());
                let to = code_blank(child);
                m.choice = *choice;
                m.tile_shift = NODE_TILES + 4 * to as u32;
                m.tile_move =
                    (1u64 << (NODE_TILES as usize + 4 * blank)).wrapping_sub(1 << m.tile_shift);
                m.via_slot = u32::from(code_via(child)) << (STAMP_BITS + 1);
                for tile in 1..side * side {
                    let cost = &params.cost[tile];
                    let dh = i64::from(cost[blank]) - i64::from(cost[to]);
                    m.bucket[tile] = (params.g_weight as i64 + dh * params.h_weight as i64) as i32;
                }
            }
        }
        DenseTable(table)
    }
}

/// [`run`] for boards up to 3x3 with a heuristic that is a sum over tiles and the goal test at
/// expansion, the common case: the same loop, with every move's constants in one table per blank
/// cell and move back ([`DenseTable`]): the child's rank from the table of moves, its tiles and
/// bucket from the one tile that moved, the goal recognised by its rank, 16-byte nodes in open.
///
/// Every heuristic it serves (zero, misplaced tiles, Manhattan) is consistent, so a state is
/// closed with its least g: a smaller g can find a state still in open (improved), never a closed
/// one (reopened), and closed states need no mark.
fn search_dense(
    params: &Params,
    table: &DenseTable,
    start: Board,
    seen: &mut Dense,
    open: &mut DenseOpen,
) -> LeanOutcome {
    open.clear();
    seen.begin();
    let updates = params.config.algorithm.updates_duplicates();
    let goal_rank = rank(&params.goal);
    let first = Ranked::new(&start);
    // The counters kept in locals: the rest follow from them at the end (every child made is
    // new or a duplicate; a node enters open when new and leaves it when taken).
    let mut stats = Stats::default();
    // Expansions in the low half, generated children in the high half: an expansion adds both
    // at once from the table.
    let mut expanded_generated = 0u64;
    let (mut nodes, mut max_open) = (1u32, 1u32);
    seen.set(
        first,
        Entry {
            g: 0,
            closed: false,
            via: NONE,
        },
    );
    let h0 = params.heuristic.h(&start);
    let start_bucket = params.bucket(0, h0);
    if start_bucket >= open.queues.len() {
        DenseOpen::grow(&mut open.queues, start_bucket);
    }
    let slab = &mut open.queues[start_bucket];
    slab.items[0] = Node {
        word: start.packed() << NODE_TILES,
        rank: first.rank(),
        code: first.code() | START_FLAG,
    };
    slab.len = 1;
    open.cursor = start_bucket;
    let stamp = seen.stamp;
    let slots: &mut [u32; DENSE_SLOTS] = (&mut seen.slots[..])
        .try_into()
        .expect("the dense table has DENSE_SLOTS slots");
    // Below it, any expansion fits under the node limit.
    let near_limit = params.config.node_limit.saturating_sub(4);
    let moves_of = &*table.0;
    // Open's cursor kept in a local for the loop and stored back after it.
    let lifo = open.lifo;
    let mut cursor = open.cursor;
    let queues = &mut open.queues;
    // g of the goal when it is found: the length of the path.
    let mut goal_g = 0;
    let (found, limit_reached) = loop {
        // The lowest non-empty bucket and its first node (its last for LIFO).
        let node = loop {
            // (Within open: it holds a node while the search goes on.)
            let slab = &mut queues[cursor];
            if slab.len != 0 {
                break if lifo {
                    slab.len -= 1;
                    slab.items[slab.len as usize]
                } else {
                    let node = slab.items[slab.head as usize];
                    slab.head += 1;
                    if slab.head == slab.len {
                        slab.head = 0;
                        slab.len = 0;
                    }
                    node
                };
            }
            cursor += 1;
        };
        let bucket = cursor;
        let node_g = node.word as u32 & ((1 << NODE_TILES) - 1);
        let index = node.rank as usize & (DENSE_SLOTS - 1);
        // Skip entries left behind by an improvement; they are not in the engine's open. (A node
        // in open was seen in this solve, so only its g needs comparing.)
        if updates && slots[index] >> G_SHIFT != node_g {
            continue;
        }
        if node.rank == goal_rank {
            goal_g = node_g;
            break (true, false);
        }
        let expansion = &moves_of[(node.code >> BLANK_SHIFT) as usize & (CODE_TOPS - 1)];
        // Near the limit, the children not seen yet are counted, as the engine does.
        if nodes as usize > near_limit {
            let new = expansion.moves[..(expansion.len as usize).min(4)]
                .iter()
                .filter(|m| {
                    let window = (node.code >> m.choice.shift()) as usize & (WINDOW - 1);
                    let rank = node.rank.wrapping_add_signed(m.choice.row()[window] >> 9);
                    (slots[rank as usize & (DENSE_SLOTS - 1)] ^ stamp) & STAMP_MASK != 0
                })
                .count();
            if nodes as usize + new > params.config.node_limit {
                break (false, true);
            }
        }
        let g = node_g + 1;
        let child_slot = stamp | (g << G_SHIFT);
        for m in &expansion.moves[..(expansion.len as usize).min(4)] {
            let window = (node.code >> m.choice.shift()) as usize & (WINDOW - 1);
            let entry = m.choice.row()[window];
            let rank = node.rank.wrapping_add_signed(entry >> 9);
            let index = rank as usize & (DENSE_SLOTS - 1);
            let slot = slots[index];
            let queue = if (slot ^ child_slot) & STAMP_MASK != 0 {
                nodes += 1;
                true
            } else {
                // Seen: queued again if this g is smaller, which leaves its entry in open stale.
                let better = updates && g < slot >> G_SHIFT;
                stats.improved += u32::from(better);
                better
            };
            if queue {
                let digits = entry as u32 & (WINDOW as u32 - 1);
                let code =
                    (node.code ^ (digits << m.choice.shift())).wrapping_add(m.choice.code_add());
                slots[index] = child_slot | m.via_slot;
                // The tile in the child's blank cell moves to this node's blank cell.
                let tile = (node.word >> m.tile_shift) & 0xF;
                let child = Node {
                    word: (node.word + 1).wrapping_add(tile.wrapping_mul(m.tile_move)),
                    rank,
                    code,
                };
                let at = bucket.wrapping_add_signed(m.bucket[tile as usize & 15] as isize);
                if queues
                    .get(at)
                    .is_none_or(|slab| slab.len as usize == slab.items.len())
                {
                    DenseOpen::grow(queues, at);
                }
                let slab = &mut queues[at];
                slab.items[slab.len as usize] = child;
                slab.len += 1;
                cursor = cursor.min(at);
            }
        }
        // The move back, which leads to the parent (seen, with a smaller g, so never an
        // improvement), is counted as generated without being made.
        expanded_generated += expansion.step;
        // Open only grows while a node's children are queued, so its largest size is reached
        // after the last of them.
        let in_open = nodes - expanded_generated as u32;
        max_open = max_open.max(in_open);
        if in_open == 0 {
            break (false, false);
        }
    };
    open.cursor = cursor;
    let expanded = expanded_generated as u32;
    let generated = (expanded_generated >> 32) as u32;
    let steps = expanded + u32::from(found);
    stats.steps = steps;
    stats.expanded = expanded;
    stats.nodes = nodes;
    stats.open = nodes - steps;
    stats.max_open = max_open;
    stats.generated = generated;
    stats.duplicates = generated - (nodes - 1);
    let path = found.then(|| {
        let mut key = Ranked::new(&params.goal);
        walk_back(params.goal, goal_g as usize, |board, back| {
            if let Some(back) = back {
                key = key.step(board.side(), back);
            }
            seen.get(key).expect("path states are seen").via
        })
    });
    LeanOutcome {
        path,
        stats,
        limit_reached,
    }
}

/// The counters with what the search held: every state seen. A state is expanded again only
/// after it is reopened, which the puzzle's heuristics, all consistent, never cause.
fn with_memory(mut stats: Stats) -> Stats {
    stats.held = stats.nodes;
    stats.max_held = stats.nodes;
    stats.reexpanded = stats.reopened;
    stats
}

/// Walks from `end` back to the start through the recorded moves, keeping the key beside the
/// board so it is updated move by move.
fn trace_back<T: Seen>(end: Board, end_key: T::Key, seen: &mut T) -> Vec<Board> {
    let mut key = end_key;
    walk_back(end, PATH_GUESS, |board, back| {
        if let Some(back) = back {
            key = T::child_key(key, board, back);
        }
        seen.get(key).expect("path states are seen").via
    })
}

/// The path to `end`, given the move that reached each state on it (`NONE` at the start):
/// `via(board, back)` is called for each board with the move that led back to it. `moves`: the
/// expected number of moves, to size the path.
fn walk_back(
    end: Board,
    moves: usize,
    mut via: impl FnMut(&Board, Option<Dir>) -> u8,
) -> Vec<Board> {
    // Sized once: `moves` is the path's length when known (its g), else a guess.
    let mut path = Vec::with_capacity(moves + 1);
    path.push(end);
    let mut board = end;
    let mut back = None;
    loop {
        let via = via(&board, back);
        if via == NONE {
            break;
        }
        let dir = Dir::ALL[usize::from(via)].reverse();
        board = board.apply(dir).expect("the reverse move is legal").0;
        back = Some(dir);
        path.push(board);
    }
    path.reverse();
    path
}

/// Breadth-first search on boards up to 3x3: a plain queue of ranked states, expanded layer
/// after layer without a branch per move, and one byte per rank that holds the stamp of the
/// solve that reached the state and the move that reached it. BFS never improves a seen state,
/// so nothing else is needed, and the table (362 KB for 3x3) stays in cache.
struct Layers {
    goal: Board,
    goal_rank: u32,
    goal_test: GoalTest,
    frontier: Frontier,
    /// `slots[rank]`: the stamp in the upper six bits, the move in the lower two.
    slots: Vec<u8>,
    stamp: u8,
}

/// Stamps run from 1 to this, then the table is cleared.
const LAYER_STAMPS: u8 = 63;

impl Layers {
    fn new(goal: Board, goal_test: GoalTest) -> Layers {
        Layers {
            goal,
            goal_rank: rank(&goal),
            goal_test,
            frontier: Frontier::new(&goal),
            slots: Frontier::table(goal.side(), 0),
            stamp: 0,
        }
    }

    /// For the expansion of the `i`th state queued, which made the goal: the number of states
    /// it queued after the goal and of its legal moves after the one to the goal, in the
    /// engine's order of moves ([`Dir::ALL`], the move back included).
    fn unmade(&self, i: usize) -> (usize, u32) {
        let len = self.frontier.len();
        let at = (i + 1..len)
            .rfind(|&j| self.frontier.rank(j) == self.goal_rank)
            .expect("the goal was queued by this expansion");
        let parent = unrank(self.goal.side(), self.frontier.rank(i));
        let children: Vec<Board> = parent.successors().map(|(child, _)| child).collect();
        let to_goal = children
            .iter()
            .position(|child| *child == self.goal)
            .expect("the goal is a child");
        (len - 1 - at, (children.len() - 1 - to_goal) as u32)
    }

    /// `None` if the search came within four nodes of the limit: the general loop decides.
    fn solve(&mut self, start: Board, node_limit: usize) -> Option<LeanOutcome> {
        match self.goal_test {
            GoalTest::OnExpansion => self.search::<false>(start, node_limit),
            GoalTest::OnGeneration => self.search::<true>(start, node_limit),
        }
    }

    /// [`Layers::solve`], one copy per goal test, so the loop asks neither.
    fn search<const BY_GENERATION: bool>(
        &mut self,
        start: Board,
        node_limit: usize,
    ) -> Option<LeanOutcome> {
        self.stamp += 1;
        if self.stamp > LAYER_STAMPS {
            self.slots.fill(0);
            self.stamp = 1;
        }
        let seen = self.stamp << 2;
        self.frontier.restart(&start);
        let start_rank = self.frontier.rank(0);
        self.slots[start_rank as usize] = seen;
        let visit = |byte: u8, dir: u32| {
            let new = byte & !3 != seen;
            (if new { seen | dir as u8 } else { byte }, new)
        };
        let by_generation = BY_GENERATION;
        let goal_rank = self.goal_rank;
        // The goal made (a byte marked by this solve), for the test at generation.
        let made = |slots: &[u8]| by_generation && slots[goal_rank as usize] & !3 == seen;
        let mut max_open = 1;
        let (cursor, generated) = if made(&self.slots) {
            // The start is the goal, tested at generation: found before anything is made.
            (0, 0)
        } else {
            self.frontier.expand_until(
                &mut self.slots,
                visit,
                |_, rank, len| len + 4 > node_limit || (!by_generation && rank == goal_rank),
                |cursor, len, slots| {
                    let made = made(slots);
                    if !made {
                        max_open = max_open.max(len - cursor);
                    }
                    made
                },
            )
        };
        // Why it stopped, from where it stopped: the goal made, the goal taken, near the node
        // limit, or else open ran out.
        let made = made(&self.slots);
        let waiting = cursor < self.frontier.len();
        let taken = !by_generation && !made && waiting && self.frontier.rank(cursor) == goal_rank;
        if !made && !taken && waiting {
            // Whether the next expansion fits depends on which of its children are new, which
            // this loop does not count.
            return None;
        }
        let found = taken || made;
        // The counters follow from how far the queue got: every queued state is a node, those
        // before the cursor are expanded, every generated child but the new ones a duplicate.
        // With the goal test at generation, the engine stops as soon as it makes the goal:
        // the moves after it in the last expansion are neither made nor counted.
        let (queued_after, moves_after) = if made && cursor > 0 {
            self.unmade(cursor - 1)
        } else {
            (0, 0)
        };
        let nodes = (self.frontier.len() - queued_after) as u32;
        let generated = generated - moves_after;
        // A goal taken counts as a step but not as an expansion.
        let steps = cursor as u32 + u32::from(taken);
        if made {
            // Open's size after the goal was queued, which `after` did not record.
            max_open = max_open.max((nodes - steps) as usize);
        }
        let stats = Stats {
            steps,
            expanded: cursor as u32,
            generated,
            duplicates: generated - (nodes - 1),
            open: nodes - steps,
            max_open: max_open as u32,
            nodes,
            ..Stats::default()
        };
        let slots = &self.slots;
        Some(LeanOutcome {
            path: found.then(|| {
                walk_back(self.goal, PATH_GUESS, |board, _| {
                    let r = rank(board);
                    if r == start_rank {
                        NONE
                    } else {
                        slots[r as usize] & 3
                    }
                })
            }),
            stats,
            limit_reached: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::{DistanceTable, HeuristicKind, Rng, scramble};

    /// The dense loop on its own.
    fn solve_dense(solver: &mut LeanSolver, start: Board) -> LeanOutcome {
        let table = solver.dense.as_mut().expect("a dense table");
        let moves = solver
            .dense_moves
            .as_ref()
            .expect("the dense loop serves it");
        search_dense(&solver.params, moves, start, table, &mut solver.nodes)
    }

    #[test]
    fn the_dense_loop_matches_the_general_loop() {
        let goal: Board = "123804765".parse().unwrap();
        let distances = DistanceTable::new(&goal).unwrap();
        let mut rng = Rng::new(29);
        let mut starts: Vec<(Board, Board)> = (0..40)
            .map(|i| (distances.random_at(i % 28, &mut rng).unwrap(), goal))
            .collect();
        let small = Board::blank_last(2);
        starts.extend((0..6).map(|i| (scramble(&small, 3 + i, &mut rng), small)));
        let mut checked = 0;
        for algorithm in [Algorithm::AStar, Algorithm::UniformCost, Algorithm::Greedy] {
            for heuristic in [
                HeuristicKind::Zero,
                HeuristicKind::Misplaced,
                HeuristicKind::Manhattan,
            ] {
                for tie_break in TieBreak::ALL {
                    let config = SearchConfig {
                        algorithm,
                        heuristic,
                        tie_break,
                        ..SearchConfig::default()
                    };
                    let mut solvers = [goal, small].map(|g| LeanSolver::new(g, config).unwrap());
                    for &(start, to) in &starts {
                        let solver = &mut solvers[usize::from(to == small)];
                        let dense = solve_dense(solver, start);
                        let table = solver.dense.as_mut().unwrap();
                        let general = run(&solver.params, start, table, &mut solver.dense_buckets);
                        let what = format!("{} on {start}", config.describe());
                        assert_eq!(dense.stats, general.stats, "{what}");
                        assert_eq!(dense.path, general.path, "{what}");
                        assert_eq!(dense.limit_reached, general.limit_reached, "{what}");
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 3 * 3 * 3 * 46);
    }

    #[test]
    fn the_node_limit_stops_lean_and_engine_at_the_same_node() {
        // Every limit from 1 up: the goal is taken whatever the limit, and an expansion is
        // refused only if its new children would pass it, in each of the lean loops (the dense
        // one, the general one on 3x3 and 4x4, breadth-first layers at expansion and at
        // generation) exactly as in the engine.
        use crate::domains::puzzle::Problem;
        use crate::search::{BestFirst, Search, Status};
        let p1379: Board = "123804765".parse().unwrap();
        let four = Board::blank_last(4);
        let mut rng = Rng::new(7);
        let cases = [
            ("283104765".parse().unwrap(), p1379),
            (p1379, p1379),
            ("231804765".parse().unwrap(), p1379),
            (scramble(&four, 10, &mut rng), four),
            (four, four),
        ];
        let mut configs = Vec::new();
        for algorithm in [
            Algorithm::BreadthFirst,
            Algorithm::UniformCost,
            Algorithm::AStar,
            Algorithm::Greedy,
        ] {
            for heuristic in [HeuristicKind::Manhattan, HeuristicKind::LinearConflict] {
                configs.push(SearchConfig::with(algorithm, heuristic));
            }
        }
        configs.push(SearchConfig {
            goal_test: GoalTest::OnGeneration,
            ..SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero)
        });
        let mut stopped = 0;
        for (start, goal) in cases {
            for config in &configs {
                for node_limit in 1..=60 {
                    let config = SearchConfig {
                        node_limit,
                        ..*config
                    };
                    let what = format!("{} on {start}, limit {node_limit}", config.describe());
                    let mut engine = BestFirst::new(Problem::new(start, goal).unwrap(), config);
                    engine.run(usize::MAX);
                    let lean = LeanSolver::new(goal, config).unwrap().solve(start);
                    let limited = engine.status() == Status::LimitReached;
                    assert_eq!(lean.limit_reached, limited, "{what}");
                    assert_eq!(lean.stats, engine.stats(), "{what}");
                    assert_eq!(lean.path, engine.solution_states(), "{what}");
                    assert!(engine.node_count() <= node_limit, "{what}");
                    if start == goal {
                        assert_eq!(lean.moves(), Some(0), "{what}");
                    }
                    stopped += usize::from(limited);
                }
            }
        }
        assert!(stopped > 100, "the limits stop many of these searches");
    }

    #[test]
    fn the_4x4_table_spreads_boards_over_slots_beyond_two_to_the_26() {
        // Boards that keep their first tile, as most boards near a search's start do, must
        // still spread over every slot of a large table: bits 26 to 30 of the hash choose
        // among 32 parts of a table of 2^31 slots.
        use std::hash::BuildHasher;
        let build = BuildHasherDefault::<PackedHasher>::default();
        let goal = Board::blank_last(4);
        let mut rng = Rng::new(3);
        let mut parts = [0u32; 32];
        let mut boards = 0;
        while boards < 20_000 {
            let board = scramble(&goal, 60, &mut rng);
            if board.tile(0) == 1 {
                parts[(build.hash_one(board.packed()) >> 26) as usize & 31] += 1;
                boards += 1;
            }
        }
        let mean = boards / 32;
        for (part, &count) in parts.iter().enumerate() {
            assert!(
                count > mean / 2,
                "part {part} of the table holds {count} of {boards}"
            );
        }
    }

    #[test]
    fn open_grows_while_the_first_board_is_searched_and_keeps_its_room_for_the_next() {
        let goal: Board = "123804765".parse().unwrap();
        let distances = DistanceTable::new(&goal).unwrap();
        let start = distances.random_at(30, &mut Rng::new(1)).unwrap();
        let config = SearchConfig::with(Algorithm::UniformCost, HeuristicKind::Zero);
        let mut solver = LeanSolver::new(goal, config).unwrap();
        // A new solver's open has no buckets yet: they are made and doubled as nodes come.
        assert!(solver.nodes.queues.is_empty());
        let first = solve_dense(&mut solver, start);
        let general = run(
            &solver.params,
            start,
            &mut Dense::new(),
            &mut Buckets::new(false),
        );
        assert_eq!(first, general);
        assert_eq!(first.moves(), Some(30));
        assert!(
            first.stats.expanded > 100_000,
            "a search that fills many buckets"
        );
        let room = |solver: &LeanSolver| -> Vec<usize> {
            solver.nodes.queues.iter().map(|s| s.items.len()).collect()
        };
        let grown = room(&solver);
        assert!(grown.iter().any(|&size| size > SLAB_START));
        // The same board again finds room everywhere.
        assert_eq!(solve_dense(&mut solver, start), first);
        assert_eq!(room(&solver), grown);
    }
}
