//! What the best-first and the bidirectional engines share: the arena of nodes, each search
//! direction's open list and index of seen states ([`Half`]), the copies of nodes that undo
//! puts back, and how a child enters open, how a duplicate is judged and re-queued, and how a
//! step's children are undone. [`BestFirst`](super::BestFirst) searches one direction,
//! [`Bidirectional`](super::Bidirectional) two.

use std::collections::BTreeMap;

use super::config::{SearchConfig, TieBreak};
use super::cost::Cost;
use super::problem::{NodeOf, SearchProblem};
use super::record::{Child, Direction, Node, NodeId, OpenKey, Outcome, Place, Stats};
use super::seen::SeenTable;

/// Sequence numbers live in the low bits of the tie value, below h for the smaller-h rule:
/// room for 2^38 (about 2.7·10^11) entries into open.
const SEQ_BITS: u32 = 38;
/// The largest h, in units of [`Cost`], that the smaller-h rule tells apart.
const H_TIE_MAX: u64 = (1 << (64 - SEQ_BITS)) - 1;

/// The tie value of the `seq`-th entry into open with estimate `h` under `rule`: unique for
/// every entry, so open has one order whichever engine keeps it (the record-free one in
/// `plain` pops in exactly this order too). An h above [`H_TIE_MAX`] units (about 6,700 unit
/// steps) counts as that much for the smaller-h rule, and such nodes of equal f leave first
/// in, first out.
#[inline]
pub(super) fn tie_value(rule: TieBreak, h: Cost, seq: u64) -> u64 {
    match rule {
        TieBreak::Fifo => seq,
        TieBreak::Lifo => u64::MAX - seq,
        TieBreak::SmallerH => (h.raw().min(H_TIE_MAX) << SEQ_BITS) | seq,
    }
}

/// What one entry of an ordered open list costs: the key and id (20 bytes) in B-tree leaves of
/// 11 slots that are about two-thirds full, plus their headers. Checked against the process's
/// resident memory by `searchlab bench`.
const OPEN_ENTRY_BYTES: usize = 36;

/// One search direction's open list, in the order it is popped, and its index of the states
/// it has reached (open and closed).
pub(super) struct Half<K> {
    pub(super) open: BTreeMap<OpenKey, NodeId>,
    pub(super) index: SeenTable<K>,
}

/// How a child was reached: from which node, by which action, at what g and depth.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reached<A> {
    pub(super) parent: NodeId,
    pub(super) action: A,
    pub(super) g: Cost,
    pub(super) depth: u32,
}

/// The nodes of a best-first search and where they are.
pub(super) struct Frontier<P: SearchProblem> {
    pub(super) nodes: Vec<NodeOf<P>>,
    /// One per direction searched, indexed by [`Direction`]: forward, then backward.
    halves: Vec<Half<P::Key>>,
    /// Copies of nodes before an improvement or a reopening, in step order.
    saved: Vec<NodeOf<P>>,
    /// Entries into open so far: the last part of every tie value, so none repeats.
    seq: u64,
    config: SearchConfig<P::Heuristic>,
    /// The tie-break open applies ([`SearchConfig::effective_tie_break`]).
    rule: TieBreak,
    /// Whether a duplicate reached by a shorter path is updated
    /// ([`Algorithm::updates_duplicates`](super::Algorithm::updates_duplicates)).
    updates: bool,
}

impl<P: SearchProblem> Frontier<P> {
    /// No nodes yet, with `directions` halves (1 or 2).
    pub(super) fn new(
        problem: &P,
        config: SearchConfig<P::Heuristic>,
        directions: usize,
    ) -> Frontier<P> {
        Frontier {
            nodes: Vec::new(),
            halves: (0..directions)
                .map(|_| Half {
                    open: BTreeMap::new(),
                    index: SeenTable::new(problem),
                })
                .collect(),
            saved: Vec::new(),
            seq: 0,
            config,
            rule: config.effective_tie_break(),
            updates: config.algorithm.updates_duplicates(),
        }
    }

    #[inline]
    pub(super) fn half(&self, direction: Direction) -> &Half<P::Key> {
        &self.halves[direction as usize]
    }

    #[inline]
    pub(super) fn half_mut(&mut self, direction: Direction) -> &mut Half<P::Key> {
        &mut self.halves[direction as usize]
    }

    /// The tie value of the next entry into open with estimate `h`.
    fn next_tie(&mut self, h: Cost) -> u64 {
        let seq = self.seq;
        self.seq += 1;
        tie_value(self.rule, h, seq)
    }

    /// Adds a new node to the arena and to its direction's open list, with f from the config
    /// and the next tie value; the caller has entered its state in that direction's index
    /// under the id returned (the arena's length), unless (tree search) the state has an
    /// earlier node there.
    #[inline]
    pub(super) fn push(
        &mut self,
        direction: Direction,
        state: P::State,
        reached: Option<Reached<P::Action>>,
        h: Cost,
        stats: &mut Stats,
    ) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        let (g, depth) = reached.map_or((Cost::ZERO, 0), |r| (r.g, r.depth));
        let node = Node {
            state,
            parent: reached.map(|r| r.parent),
            action: reached.map(|r| r.action),
            g,
            depth,
            h,
            f: self.config.priority(depth, g, h),
            generated_at: stats.steps,
            expanded_at: None,
            place: Place::Open,
            direction,
            tie: self.next_tie(h),
        };
        self.half_mut(direction).open.insert(OpenKey::of(&node), id);
        self.nodes.push(node);
        stats.nodes += 1;
        // Every node stored is held: these searches forget nothing.
        stats.held = stats.nodes;
        stats.max_held = stats.max_held.max(stats.held);
        stats.open += 1;
        stats.max_open = stats.max_open.max(stats.open);
        id
    }

    /// Judges a child whose state already has node `existing`: ignored, or (if the algorithm
    /// updates duplicates and `reached` is cheaper) given the shorter path and a fresh place in
    /// open. Counts it. Called for most children (on a map nearly every cell is reached from
    /// several neighbours, and most of those are ignored), so the ignoring is inlined into
    /// the caller and the rest is not.
    #[inline(always)]
    pub(super) fn revisit(
        &mut self,
        existing: NodeId,
        reached: Reached<P::Action>,
        stats: &mut Stats,
    ) -> Outcome {
        stats.duplicates += 1;
        let old = &self.nodes[existing.index()];
        let (old_g, old_place) = (old.g, old.place);
        if reached.g < old_g && self.updates {
            self.improve(existing, reached, stats)
        } else if old_place == Place::Closed {
            Outcome::InClosed
        } else {
            Outcome::InOpen
        }
    }

    /// A duplicate reached by a shorter path: improved in open, or reopened from closed.
    fn improve(&mut self, id: NodeId, reached: Reached<P::Action>, stats: &mut Stats) -> Outcome {
        let old = &self.nodes[id.index()];
        let outcome = match old.place {
            Place::Open => {
                stats.improved += 1;
                Outcome::Improved { old_g: old.g }
            }
            Place::Closed => {
                stats.reopened += 1;
                Outcome::Reopened { old_g: old.g }
            }
            Place::Pruned | Place::Forgotten => {
                unreachable!("best-first prunes and forgets nothing")
            }
        };
        self.requeue(id, reached, stats);
        outcome
    }

    /// Gives an existing node a shorter path and a fresh place in its direction's open list,
    /// saving the node as it was for undo.
    fn requeue(&mut self, id: NodeId, reached: Reached<P::Action>, stats: &mut Stats) {
        let before = self.nodes[id.index()];
        self.saved.push(before);
        if before.place == Place::Open {
            self.half_mut(before.direction)
                .open
                .remove(&OpenKey::of(&before));
        } else {
            stats.open += 1;
            stats.max_open = stats.max_open.max(stats.open);
        }
        let node = Node {
            parent: Some(reached.parent),
            action: Some(reached.action),
            g: reached.g,
            depth: reached.depth,
            f: self.config.priority(reached.depth, reached.g, before.h),
            place: Place::Open,
            tie: self.next_tie(before.h),
            ..before
        };
        self.half_mut(before.direction)
            .open
            .insert(OpenKey::of(&node), id);
        self.nodes[id.index()] = node;
    }

    /// Marks node `id`, already taken from open, expanded at step `step`; returns the step it
    /// had been expanded at before (a reopened node), which undo needs.
    pub(super) fn close(&mut self, id: NodeId, step: u32) -> Option<u32> {
        let node = &mut self.nodes[id.index()];
        node.place = Place::Closed;
        node.expanded_at.replace(step)
    }

    /// Undoes a step's `children`, newest first: new nodes are the last in the arena, saved
    /// copies pop off in reverse, and each entry into open gives its sequence number back.
    pub(super) fn undo_children(&mut self, problem: &P, children: &[Child<P::Action>]) {
        for child in children.iter().rev() {
            match child.outcome {
                Outcome::New => {
                    let node = self.nodes.pop().expect("new child is the last node");
                    debug_assert_eq!(child.node.index(), self.nodes.len());
                    let half = self.half_mut(node.direction);
                    half.open.remove(&OpenKey::of(&node));
                    // A tree search's state generated again left the index to its first node.
                    let key = problem.key(&node.state);
                    if half.index.get(problem, &key) == Some(child.node) {
                        half.index.remove(problem, &key);
                    }
                    self.seq -= 1;
                }
                Outcome::Improved { .. } | Outcome::Reopened { .. } => {
                    self.seq -= 1;
                    let before = self.saved.pop().expect("a saved copy per update");
                    let now = self.nodes[child.node.index()];
                    let open = &mut self.half_mut(now.direction).open;
                    open.remove(&OpenKey::of(&now));
                    if before.place == Place::Open {
                        open.insert(OpenKey::of(&before), child.node);
                    }
                    self.nodes[child.node.index()] = before;
                }
                Outcome::InOpen | Outcome::InClosed | Outcome::OnPath => {}
                Outcome::Pruned => unreachable!("a depth-first outcome"),
            }
        }
    }

    /// Puts the node an undone step expanded back in open, as it was before that step.
    pub(super) fn unclose(&mut self, id: NodeId, expanded_at_before: Option<u32>) {
        let node = &mut self.nodes[id.index()];
        node.place = Place::Open;
        node.expanded_at = expanded_at_before;
        let node = *node;
        self.half_mut(node.direction)
            .open
            .insert(OpenKey::of(&node), id);
    }

    /// The bytes held by the nodes, the halves and the saved copies.
    pub(super) fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        (self.nodes.capacity() + self.saved.capacity()) * size_of::<NodeOf<P>>()
            + self
                .halves
                .iter()
                .map(|half| half.index.memory_bytes() + half.open.len() * OPEN_ENTRY_BYTES)
                .sum::<usize>()
    }
}
