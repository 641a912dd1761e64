//! A lean solver for the command line and the benchmarks: the same algorithms in the same
//! expansion order as [`BestFirst`](super::BestFirst), with the same counters and the same path,
//! but without per-step records. Open is an array of buckets indexed by the integer priority
//! (and h, for the smaller-h tie-break) instead of an ordered tree; seen states live in a table
//! reused across boards (a rank-indexed array stamped per solve for 3x3, a hash map for 4x4).
//! Breadth-first search on 3x3 and smaller has a loop of its own: a plain queue of ranked states
//! and a byte per state, without a branch per move.
//!
//! Tests in `tests/lean.rs` check that it agrees with the stepping engine board by board.

use rustc_hash::FxHashMap;

use super::config::{Algorithm, GoalTest, SearchConfig, TieBreak};
use super::record::Stats;
use crate::puzzle::{
    Board, Dir, Frontier, Heuristic, MAX_CELLS, MAX_ENUMERATED_SIDE, Ranked, choices, code_blank,
    code_via, permutations, rank, unrank,
};

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
/// (g, closed, via and the stamp of the solve that wrote it), so the 3x3 table is 1.4 MB and
/// mostly stays in cache; older stamps read as empty, so it is cleared once every 255 solves.
struct Dense {
    stamp: u32,
    slots: Vec<u32>,
}

const STAMP_BITS: u32 = 8;
const STAMP_MASK: u32 = (1 << STAMP_BITS) - 1;
/// g lives above the stamp, the closed flag and three bits of `via`.
const G_SHIFT: u32 = STAMP_BITS + 4;
/// The largest g a dense slot holds: far above the 181,440 states of a 3x3 board.
const DENSE_MAX_G: u32 = u32::MAX >> G_SHIFT;

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
struct Sparse(FxHashMap<u64, Entry>);

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
            Algorithm::WeightedAStar => unreachable!("refused in LeanSolver::new"),
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
/// use searchlab::search::{LeanSolver, SearchConfig};
/// let mut solver = LeanSolver::new("123804765".parse().unwrap(), SearchConfig::default()).unwrap();
/// assert_eq!(solver.solve("283104765".parse().unwrap()).moves(), Some(4));
/// ```
pub struct LeanSolver {
    params: Params,
    dense: Option<Dense>,
    sparse: Sparse,
    dense_buckets: Buckets<Queued<Ranked>>,
    sparse_buckets: Buckets<Queued<u64>>,
    /// Open for [`search_dense`].
    nodes: Buckets<Node>,
    layers: Option<Layers>,
}

impl LeanSolver {
    /// Prepares a solver. `None` for weighted A*, whose priorities are not integers; use the
    /// stepping engine for it.
    pub fn new(goal: Board, config: SearchConfig) -> Option<LeanSolver> {
        if config.algorithm == Algorithm::WeightedAStar {
            return None;
        }
        let enumerated = goal.side() <= MAX_ENUMERATED_SIDE;
        let layered = enumerated && config.algorithm == Algorithm::BreadthFirst;
        let dense = (enumerated && !layered).then(|| Dense {
            stamp: 0,
            slots: vec![0; permutations(goal.side())],
        });
        let lifo = config.effective_tie_break() == TieBreak::Lifo;
        Some(LeanSolver {
            params: Params::new(goal, config),
            dense,
            sparse: Sparse::default(),
            dense_buckets: Buckets::new(lifo),
            sparse_buckets: Buckets::new(lifo),
            nodes: Buckets::new(lifo),
            layers: layered.then(|| Layers::new(goal, config.goal_test)),
        })
    }

    /// Solves one board, which must be solvable towards the goal and of the same size.
    pub fn solve(&mut self, start: Board) -> LeanOutcome {
        if let Some(layers) = self.layers.as_mut() {
            return layers.solve(start, self.params.config.node_limit);
        }
        match self.dense.as_mut() {
            Some(table) if self.params.fast => {
                search_dense(&self.params, start, table, &mut self.nodes)
            }
            Some(table) => run(&self.params, start, table, &mut self.dense_buckets),
            None => run(
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

/// The first item (the last, for LIFO) of the lowest non-empty bucket at or above `cursor`,
/// which is moved up to that bucket. Shared by [`Buckets::pop`] and the dense loop, which
/// keeps its cursor in a local.
#[inline(always)]
fn pop_lowest<Q: Copy>(queues: &mut [Queue<Q>], cursor: &mut usize, lifo: bool) -> Option<Q> {
    while let Some(queue) = queues.get_mut(*cursor) {
        if queue.head < queue.items.len() {
            return if lifo {
                queue.items.pop()
            } else {
                let item = queue.items.get(queue.head).copied();
                queue.head += 1;
                if queue.head == queue.items.len() {
                    queue.items.clear();
                    queue.head = 0;
                }
                item
            };
        }
        *cursor += 1;
    }
    None
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

    #[inline]
    fn pop(&mut self) -> Option<Q> {
        pop_lowest(&mut self.queues, &mut self.cursor, self.lifo)
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
        if stats.nodes as usize + 4 > params.config.node_limit {
            return finish(None, stats, true, seen);
        }
        stats.steps += 1;
        stats.open -= 1;
        if item.board == goal && !by_generation {
            return finish(Some((goal, item.key)), stats, false, seen);
        }
        stats.expanded += 1;
        let g = item.g + 1;
        let blank = item.board.blank();
        // The move back to the parent (never equal to a direction for the start).
        let back = if item.via == NONE {
            NONE
        } else {
            Dir::ALL[usize::from(item.via) & 3].reverse() as u8
        };
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

/// A node in open for [`search_dense`], 16 bytes: the tiles with g above them, the rank and the
/// queued code (the rank's digits, the blank and the move that reached the state). h is not
/// kept: a child's bucket follows from its parent's and the change of h.
#[derive(Clone, Copy)]
struct Node {
    /// The packed tiles (36 bits on 3x3) and g from bit [`NODE_G`].
    word: u64,
    rank: u32,
    code: u32,
}

/// Where g sits in [`Node::word`]: above the tiles of a 3x3 board.
const NODE_G: u32 = 36;

/// [`run`] for boards up to 3x3 with a heuristic that is a sum over tiles and the goal test at
/// expansion, the common case: the same loop, with the children's ranks from the table of
/// moves (only the moves a state has, the one back left out), a child's tiles and bucket found
/// from the one tile that moved, the goal recognised by its rank, and 16-byte nodes in open.
fn search_dense(
    params: &Params,
    start: Board,
    seen: &mut Dense,
    open: &mut Buckets<Node>,
) -> LeanOutcome {
    open.clear();
    seen.begin();
    let side = start.side();
    let updates = params.config.algorithm.updates_duplicates();
    let goal_rank = rank(&params.goal);
    let first = Ranked::new(&start);
    // The counters kept in locals: the rest follow from them at the end (every child made is
    // new or a duplicate; a node enters open when new or reopened and leaves it when taken).
    let mut stats = Stats::default();
    let (mut steps, mut nodes, mut max_open, mut generated) = (0u32, 1u32, 1u32, 0u32);
    seen.set(
        first,
        Entry {
            g: 0,
            closed: false,
            via: NONE,
        },
    );
    let h0 = params.heuristic.h(&start);
    open.push(
        params.bucket(0, h0),
        Node {
            word: start.packed(),
            rank: first.rank(),
            code: first.code(),
        },
    );
    let g_weight = params.g_weight;
    let h_weight = params.h_weight;
    let cost = &params.cost;
    let stamp = seen.stamp;
    let slots = &mut seen.slots[..];
    // A queued slot is current if it is open and holds the node's g: compared in one go with
    // the move bits masked out.
    let current_mask = !(7u32 << (STAMP_BITS + 1));
    // Open's cursor kept in a local for the loop and stored back after it.
    let lifo = open.lifo;
    let mut cursor = open.cursor;
    let queues = &mut open.queues;
    // g of the goal when it is found: the length of the path.
    let mut goal_g = 0;
    let (found, limit_reached) = loop {
        // The lowest non-empty bucket and its first node (its last for LIFO).
        let Some(node) = pop_lowest(queues, &mut cursor, lifo) else {
            break (false, false);
        };
        let bucket = cursor;
        let node_g = (node.word >> NODE_G) as u32;
        if updates {
            // Skip entries left behind by an improvement; they are not in the engine's open.
            let slot = slots[node.rank as usize];
            if slot & current_mask != stamp | (node_g << G_SHIFT) {
                continue;
            }
            slots[node.rank as usize] = slot | (1 << STAMP_BITS);
        }
        if nodes as usize + 4 > params.config.node_limit {
            break (false, true);
        }
        steps += 1;
        if node.rank == goal_rank {
            goal_g = node_g;
            break (true, false);
        }
        let g = node_g + 1;
        let blank = code_blank(node.code);
        // A child's word before its tile moves: g one more.
        let word = node.word + (1 << NODE_G);
        let child_slot = stamp | (g << G_SHIFT);
        let first = node_g == 0;
        let (list, moves) = choices(side, node.code, first);
        let mut new = 0;
        for (rank, code) in list.iter().map(|choice| choice.apply(node.rank, node.code)) {
            let slot = slots[rank as usize];
            let queue = if slot & STAMP_MASK != stamp {
                new += 1;
                true
            } else {
                let better = updates && g < slot >> G_SHIFT;
                if better {
                    if slot & (1 << STAMP_BITS) != 0 {
                        stats.reopened += 1;
                    } else {
                        stats.improved += 1;
                    }
                }
                better
            };
            if queue {
                slots[rank as usize] = child_slot | (u32::from(code_via(code)) << (STAMP_BITS + 1));
                // The tile in the child's blank cell moved to this node's blank cell.
                let to = code_blank(code);
                // (g above the tiles never reaches the low bits of a 3x3 cell's shift.)
                let tile = (node.word >> (4 * to)) & 0xF;
                let tile_cost = &cost[tile as usize & (MAX_CELLS - 1)];
                let dh = tile_cost[blank & (MAX_CELLS - 1)]
                    .wrapping_sub(tile_cost[to & (MAX_CELLS - 1)]) as i32;
                let child = Node {
                    word: word - (tile << (4 * to)) + (tile << (4 * blank)),
                    rank,
                    code,
                };
                let at = (bucket + g_weight).wrapping_add_signed(dh as isize * h_weight as isize);
                match queues.get_mut(at) {
                    Some(queue) => queue.items.push(child),
                    None => grow(queues, at, child),
                }
                cursor = cursor.min(at);
            }
        }
        // The move back, which leads to the parent (seen, with a smaller g, so never an
        // improvement), is counted as generated without being made.
        nodes += new;
        generated += moves;
        // Open only grows while a node's children are queued, so its largest size is reached
        // after the last of them.
        let in_open = nodes + stats.reopened - steps;
        max_open = max_open.max(in_open);
        if in_open == 0 {
            break (false, false);
        }
    };
    open.cursor = cursor;
    stats.steps = steps;
    stats.expanded = steps - u32::from(found);
    stats.nodes = nodes;
    stats.open = nodes + stats.reopened - steps;
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

/// Adds buckets up to `bucket` to open, then queues `node` there.
#[cold]
#[inline(never)]
fn grow(queues: &mut Vec<Queue<Node>>, bucket: usize, node: Node) {
    queues.resize_with(bucket + 1, || Queue {
        items: Vec::new(),
        head: 0,
    });
    queues[bucket].items.push(node);
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

    fn solve(&mut self, start: Board, node_limit: usize) -> LeanOutcome {
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
    ) -> LeanOutcome {
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
        // Why it stopped, from where it stopped: the goal made, the node limit or the goal
        // taken (in the order they are checked), or else open ran out.
        let made = made(&self.slots);
        let waiting = cursor < self.frontier.len();
        let limit_reached = !made && waiting && self.frontier.len() + 4 > node_limit;
        let taken =
            !by_generation && waiting && !limit_reached && self.frontier.rank(cursor) == goal_rank;
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
        LeanOutcome {
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
            limit_reached,
        }
    }
}
