//! SMA*, simplified memory-bounded A* (Russell 1992; AIMA 2e, Figure 4.12), stepped one
//! successor at a time. Only the engines' dispatch calls it; the views read it through
//! [`Search`] and [`Search::sma`].
//!
//! **In words.** SMA* is A* that may hold at most M nodes ([`SearchConfig::memory_limit`]).
//! Each step takes the best node in the queue (smallest f = g + h, then the deepest, then the
//! latest generated) and generates one successor of it, not all of them. When memory is full,
//! it forgets the shallowest leaf of highest f to make room; the forgotten node's parent
//! remembers the f it had, so the search knows what lies down that way and comes back to it
//! when everything else looks worse.
//!
//! **A step.** With n the best node in the queue (the held nodes with a successor not in
//! memory):
//! 1. a goal ends the search;
//! 2. the successor s is the next one never generated, in the problem's order, or, once all
//!    were, the forgotten one with the smallest remembered f; with cycle checking a successor
//!    already on n's path is skipped (an on-the-path child, never a node). If none is left, s
//!    does not exist and only the backup below happens;
//! 3. f(s) = max(f(n), g(s) + h(s)), so f never falls along a path; a non-goal s at depth
//!    M - 1 or deeper gets f = ∞, since no child of it would fit in memory;
//! 4. **backing up**: once every successor of n has been generated at least once, n's f becomes
//!    the smallest f among its children held and its remembered values; if that changed, the
//!    same is done for its parent, and so on up ([`StepEvent::BackedUp`]);
//! 5. n leaves the queue when every successor of it is held;
//! 6. **forgetting**: if M nodes are held before s enters, the shallowest leaf of highest f
//!    (never the root, never n) is dropped ([`StepEvent::Forgotten`]); its parent remembers its
//!    f and goes back in the queue; then s enters memory and the queue.
//!
//! **When it is optimal, when it gives up.** With an admissible heuristic SMA* returns an
//! optimal solution whenever the shallowest optimal goal's depth is at most M - 1 (its path
//! fits in memory); otherwise it returns the best solution it can hold, or none. When the best
//! node left has f = ∞ every path within memory ends at a dead end or below the depth the
//! memory can hold: the search gives up ([`StepEvent::OutOfMemory`], then
//! [`Status::Exhausted`]).
//!
//! Each generation of a state is a new node of the arena; a forgotten node stays there with
//! [`Place::Forgotten`], so the views can show what was dropped. Graph search here is the check
//! along the path ([`SearchConfig::effective_repeats`]): SMA* remembers no state off the nodes
//! it holds. Every change a step makes to a node is journaled, so undo restores it exactly.

use std::collections::BTreeSet;

use super::Search;
use super::config::{Algorithm, ConfigError, Repeats, SearchConfig};
use super::cost::Cost;
use super::problem::{NodeOf, SearchProblem, Successor};
use super::record::{
    Child, Direction, Node, NodeId, Outcome, Place, SmaView, Stats, Status, StepEvent, StepView,
};
use super::step_log::forward_to_log;
use super::step_log::{Expansions, StepLog};

/// What SMA* keeps of a node besides its record.
#[derive(Clone, Debug, Default, PartialEq)]
struct Side {
    /// Its children held, in the order they entered memory.
    children: Vec<NodeId>,
    /// How many of its successors, in the problem's order, have been generated at least once
    /// (on-the-path ones included).
    generated: u32,
    /// How many successors it has; `None` until it is first chosen.
    total: Option<u32>,
    /// Its forgotten successors: (index among its successors, the f it had when forgotten).
    remembered: Vec<(u32, Cost)>,
    /// Its index among its parent's successors (0 for the root).
    index: u32,
}

impl Side {
    /// Whether every successor has been generated at least once.
    fn all_generated(&self) -> bool {
        self.total == Some(self.generated)
    }

    /// Whether some successor is not in memory: never generated yet, or forgotten.
    fn has_successor_out(&self) -> bool {
        !self.all_generated() || !self.remembered.is_empty()
    }
}

/// One change a step made, undone in reverse order.
#[derive(Clone, Debug)]
enum Change<S, A> {
    /// A node's record and side data as they were before the change.
    Touched {
        id: NodeId,
        node: Node<S, A>,
        side: Side,
    },
    /// A node created by the step (always at the arena's end).
    Created,
}

/// What undoing a step restores besides what the log keeps.
#[derive(Clone, Debug)]
struct Undo<S, A> {
    /// The changes in the order they were made.
    changes: Vec<Change<S, A>>,
    /// Whether the step counted an expansion in [`Expansions`], whose key is the chosen node's.
    expansion: bool,
    status_before: Status,
}

/// The queue's order: smallest f, then deepest, then latest generated (first in a
/// `BTreeSet`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct QueueKey {
    f: u64,
    shallowness: u32,
    age: u32,
}

impl QueueKey {
    fn of<S, A>(id: NodeId, node: &Node<S, A>) -> QueueKey {
        QueueKey {
            f: node.f.raw(),
            shallowness: u32::MAX - node.depth,
            age: u32::MAX - id.0,
        }
    }

    fn id(self) -> NodeId {
        NodeId(u32::MAX - self.age)
    }
}

/// The order in which leaves are forgotten: highest f, then shallowest, then oldest (first in
/// a `BTreeSet`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct LeafKey {
    lowness: u64,
    depth: u32,
    id: NodeId,
}

impl LeafKey {
    fn of<S, A>(id: NodeId, node: &Node<S, A>) -> LeafKey {
        LeafKey {
            lowness: u64::MAX - node.f.raw(),
            depth: node.depth,
            id,
        }
    }
}

/// The node every search starts from.
const ROOT: NodeId = NodeId(0);

/// SMA* on any [`SearchProblem`]. Implements [`Search`].
pub struct SmaStar<P: SearchProblem> {
    problem: P,
    config: SearchConfig<P::Heuristic>,
    /// Every node generated, held or forgotten.
    nodes: Vec<NodeOf<P>>,
    /// Each node's side data, by the same index.
    sides: Vec<Side>,
    /// The queue: held nodes with a successor not in memory.
    queue: BTreeSet<QueueKey>,
    /// The leaves that may be forgotten: held, no child held, not the root.
    leaves: BTreeSet<LeafKey>,
    /// The nodes held, oldest (smallest id) first.
    held: Vec<NodeId>,
    /// Whether a successor whose state is on the chosen node's path is skipped.
    checks_path: bool,
    log: StepLog<P::Action, Undo<P::State, P::Action>>,
    /// The successors of the chosen node, reused from step to step.
    successors: Vec<Successor<P>>,
    /// How many times each state has been expanded, for [`Stats::reexpanded`].
    expansions: Expansions<P::Key>,
    status: Status,
}

impl<P: SearchProblem> SmaStar<P> {
    /// Starts a search: the start node is held and in the queue, nothing is expanded yet.
    ///
    /// ```
    /// use searchlab::search::{Algorithm, Cost, Search, SearchConfig, SmaStar, Status};
    /// # use searchlab::search::example::Count;
    /// // A hundred nodes of memory hold the cheapest path, four steps of `+` (five nodes).
    /// let mut config = SearchConfig::with(Algorithm::SmaStar, ());
    /// config.memory_limit = 100;
    /// let mut search = SmaStar::try_new(Count, config).unwrap();
    /// search.run(usize::MAX);
    /// let Status::Solved { goal } = search.status() else { panic!() };
    /// assert_eq!(search.node(goal).g, Cost::units(4));
    /// assert!(search.sma().unwrap().held.len() <= 100);
    /// ```
    pub fn try_new(
        problem: P,
        config: SearchConfig<P::Heuristic>,
    ) -> Result<SmaStar<P>, ConfigError> {
        config.validate()?;
        problem.check_heuristic(config.heuristic)?;
        debug_assert_eq!(config.algorithm, Algorithm::SmaStar);
        let start = problem.start();
        let h = problem.heuristic(config.heuristic, &start);
        let root = Node {
            state: start,
            parent: None,
            action: None,
            g: Cost::ZERO,
            depth: 0,
            h,
            f: config.priority(0, Cost::ZERO, h),
            generated_at: 0,
            expanded_at: None,
            place: Place::Open,
            direction: Direction::Forward,
            tie: 0,
        };
        let mut queue = BTreeSet::new();
        queue.insert(QueueKey::of(ROOT, &root));
        Ok(SmaStar {
            problem,
            config,
            nodes: vec![root],
            sides: vec![Side::default()],
            queue,
            leaves: BTreeSet::new(),
            held: vec![ROOT],
            checks_path: config.effective_repeats() == Repeats::PathCheck,
            log: StepLog::new(Stats {
                open: 1,
                max_open: 1,
                nodes: 1,
                held: 1,
                max_held: 1,
                ..Stats::default()
            }),
            successors: Vec::new(),
            expansions: Expansions::new(),
            status: Status::Running,
        })
    }

    /// The most nodes held at once.
    fn limit(&self) -> u32 {
        self.config.memory_limit
    }

    fn is_held(&self, id: NodeId) -> bool {
        self.nodes[id.index()].place != Place::Forgotten
    }

    fn in_queue(&self, id: NodeId) -> bool {
        self.is_held(id) && self.sides[id.index()].has_successor_out()
    }

    fn is_leaf(&self, id: NodeId) -> bool {
        id != ROOT && self.is_held(id) && self.sides[id.index()].children.is_empty()
    }

    /// Takes `id` out of the queue and the leaves (by its keys as they are now); returns
    /// whether it is held.
    fn detach(&mut self, id: NodeId) -> bool {
        let node = &self.nodes[id.index()];
        if self.in_queue(id) {
            self.queue.remove(&QueueKey::of(id, node));
        }
        if self.is_leaf(id) {
            self.leaves.remove(&LeafKey::of(id, node));
        }
        self.is_held(id)
    }

    /// Puts `id` in the queue and the leaves as its record says, and in or out of memory if
    /// that changed since [`SmaStar::detach`] said `was_held`.
    fn attach(&mut self, id: NodeId, was_held: bool) {
        let node = &self.nodes[id.index()];
        if self.in_queue(id) {
            self.queue.insert(QueueKey::of(id, node));
        }
        if self.is_leaf(id) {
            self.leaves.insert(LeafKey::of(id, node));
        }
        let held = self.is_held(id);
        if held != was_held {
            match self.held.binary_search(&id) {
                Ok(at) => {
                    debug_assert!(!held);
                    self.held.remove(at);
                }
                Err(at) => {
                    debug_assert!(held);
                    self.held.insert(at, id);
                }
            }
        }
    }

    /// Changes node `id` by `edit`, journaling what it was in `changes`; its place follows
    /// (open while in the queue, closed while held out of it) unless `edit` forgot it.
    fn modify(
        &mut self,
        changes: &mut Vec<Change<P::State, P::Action>>,
        id: NodeId,
        edit: impl FnOnce(&mut NodeOf<P>, &mut Side),
    ) {
        changes.push(Change::Touched {
            id,
            node: self.nodes[id.index()],
            side: self.sides[id.index()].clone(),
        });
        let was_held = self.detach(id);
        edit(&mut self.nodes[id.index()], &mut self.sides[id.index()]);
        if self.nodes[id.index()].place != Place::Forgotten {
            self.nodes[id.index()].place = if self.sides[id.index()].has_successor_out() {
                Place::Open
            } else {
                Place::Closed
            };
        }
        self.attach(id, was_held);
    }

    /// Backs f up from `id` towards the root while each node has generated all its
    /// successors and its f changes.
    fn back_up(&mut self, changes: &mut Vec<Change<P::State, P::Action>>, mut id: NodeId) {
        loop {
            let side = &self.sides[id.index()];
            if !side.all_generated() {
                return;
            }
            let to = side
                .children
                .iter()
                .map(|c| self.nodes[c.index()].f)
                .chain(side.remembered.iter().map(|&(_, f)| f))
                .min()
                .unwrap_or(Cost::INFINITE);
            let from = self.nodes[id.index()].f;
            if to == from {
                return;
            }
            self.log
                .push_event(StepEvent::BackedUp { node: id, from, to });
            self.modify(changes, id, |node, _| node.f = to);
            match self.nodes[id.index()].parent {
                Some(parent) => id = parent,
                None => return,
            }
        }
    }

    /// Drops the shallowest leaf of highest f (never the root nor `chosen`) to make room.
    fn forget_one(&mut self, changes: &mut Vec<Change<P::State, P::Action>>, chosen: NodeId) {
        let key = *self
            .leaves
            .iter()
            .find(|key| key.id != chosen)
            .expect("a leaf off the chosen node's path while its depth is below M - 1");
        let id = key.id;
        let node = self.nodes[id.index()];
        let parent = node.parent.expect("the root is never forgotten");
        let index = self.sides[id.index()].index;
        self.log.push_event(StepEvent::Forgotten {
            node: id,
            backed_up: node.f,
        });
        self.modify(changes, id, |node, _| node.place = Place::Forgotten);
        self.modify(changes, parent, |_, side| {
            side.children.retain(|&c| c != id);
            side.remembered.push((index, node.f));
        });
    }

    /// The chosen node's path from the root, as (key, node) pairs, for the cycle check.
    fn path_keys(&self, id: NodeId) -> Vec<(P::Key, NodeId)> {
        let mut path = Vec::new();
        if self.checks_path {
            let mut at = Some(id);
            while let Some(node) = at {
                path.push((self.problem.key(&self.nodes[node.index()].state), node));
                at = self.nodes[node.index()].parent;
            }
        }
        path
    }

    fn do_step(&mut self) -> bool {
        if !self.status.is_running() {
            return false;
        }
        let id = self
            .queue
            .first()
            .expect("a running search has a node in the queue")
            .id();
        let chosen = self.nodes[id.index()];
        let mut undo = Undo {
            changes: Vec::new(),
            expansion: false,
            status_before: self.status,
        };
        if self.problem.is_goal(&chosen.state) {
            let mut pending = self.log.begin(id, undo);
            let steps = self.log.stats.steps;
            self.modify(&mut pending.undo.changes, id, |node, _| {
                node.expanded_at = Some(steps)
            });
            pending.goal_found = true;
            self.status = Status::Solved { goal: id };
            self.log.commit(pending);
            return true;
        }
        debug_assert!(
            chosen.f.is_infinite() || chosen.depth + 1 < self.limit(),
            "a non-goal chosen with finite f lies above the deepest level memory holds"
        );

        let mut successors = std::mem::take(&mut self.successors);
        successors.clear();
        self.problem.successors(&chosen.state, &mut successors);
        let side = &self.sides[id.index()];
        // Which successors this step skips as on the path, and which one it generates.
        let path = self.path_keys(id);
        let on_path = |state: &P::State| {
            let key = self.problem.key(state);
            path.iter().find(|(k, _)| *k == key).map(|&(_, n)| n)
        };
        let mut skipped = Vec::new();
        let mut next = None;
        let first_new = side.generated as usize;
        for (index, (_, state, _)) in successors.iter().enumerate().skip(first_new) {
            match on_path(state) {
                Some(node) => skipped.push((index as u32, node)),
                None => {
                    next = Some(index as u32);
                    break;
                }
            }
        }
        if next.is_none() {
            next = side
                .remembered
                .iter()
                .min_by_key(|&&(index, f)| (f, index))
                .map(|&(index, _)| index);
        }
        if next.is_some() && self.nodes.len() >= self.config.node_limit {
            self.successors = successors;
            self.status = Status::LimitReached;
            return false;
        }

        let first = side.total.is_none();
        if first {
            undo.expansion = true;
        }
        let mut pending = self.log.begin(id, undo);
        let mut changes = std::mem::take(&mut pending.undo.changes);
        let steps = self.log.stats.steps;
        if first {
            self.log.stats.expanded += 1;
            if self.expansions.expand(self.problem.key(&chosen.state)) {
                self.log.stats.reexpanded += 1;
            }
        }
        let total = successors.len() as u32;
        // Every successor before the one generated was looked at; without a new one, all were.
        let generated_to = match next {
            Some(index) if index >= self.sides[id.index()].generated => index + 1,
            _ => total,
        };
        for &(index, node) in &skipped {
            let (action, _, cost) = successors[index as usize];
            self.log.stats.generated += 1;
            self.log.stats.duplicates += 1;
            self.log.push_child(Child {
                node,
                action,
                g: chosen.g + cost,
                outcome: Outcome::OnPath,
            });
        }
        let child = NodeId(self.nodes.len() as u32);
        self.modify(&mut changes, id, |node, side| {
            node.expanded_at = Some(steps);
            side.total = Some(total);
            side.generated = generated_to;
            if let Some(index) = next {
                side.remembered.retain(|&(i, _)| i != index);
                side.children.push(child);
            }
        });
        if let Some(index) = next {
            let (action, state, cost) = successors[index as usize];
            let g = chosen.g + cost;
            let depth = chosen.depth + 1;
            let h = self.problem.heuristic(self.config.heuristic, &state);
            let f = if !self.problem.is_goal(&state) && depth + 1 >= self.limit() {
                Cost::INFINITE
            } else {
                chosen.f.max(self.config.priority(depth, g, h))
            };
            // The child is in the arena (so backing up reads its f) but enters memory last.
            self.nodes.push(Node {
                state,
                parent: Some(id),
                action: Some(action),
                g,
                depth,
                h,
                f,
                generated_at: steps,
                expanded_at: None,
                place: Place::Open,
                direction: Direction::Forward,
                tie: 0,
            });
            self.sides.push(Side {
                index,
                ..Side::default()
            });
            self.log.stats.generated += 1;
            self.log.push_child(Child {
                node: child,
                action,
                g,
                outcome: Outcome::New,
            });
            self.back_up(&mut changes, id);
            if self.held.len() as u32 >= self.limit() {
                self.forget_one(&mut changes, id);
            }
            changes.push(Change::Created);
            self.attach(child, false);
        } else {
            self.back_up(&mut changes, id);
        }
        self.successors = successors;

        match self.queue.first() {
            None => self.status = Status::Exhausted,
            Some(best) if best.f == Cost::INFINITE.raw() => {
                self.log.push_event(StepEvent::OutOfMemory);
                self.status = Status::Exhausted;
            }
            Some(_) => {}
        }
        let stats = &mut self.log.stats;
        stats.open = self.queue.len() as u32;
        stats.max_open = stats.max_open.max(stats.open);
        stats.nodes = self.nodes.len() as u32;
        stats.held = self.held.len() as u32;
        pending.undo.changes = changes;
        self.log.commit(pending);
        true
    }
}

impl<P: SearchProblem> Search<P> for SmaStar<P> {
    forward_to_log!(nodes);

    fn step(&mut self) -> Option<StepView<'_, P::Action>> {
        self.do_step().then(|| self.log.last())
    }

    fn step_back(&mut self) -> bool {
        let Some(step) = self.log.undo(|_| ()) else {
            return false;
        };
        let record = step.undo;
        if record.expansion {
            let key = self.problem.key(&self.nodes[step.expanded.index()].state);
            self.expansions.unexpand(&key);
        }
        for change in record.changes.into_iter().rev() {
            match change {
                Change::Touched { id, node, side } => {
                    let was_held = self.detach(id);
                    self.nodes[id.index()] = node;
                    self.sides[id.index()] = side;
                    self.attach(id, was_held);
                }
                Change::Created => {
                    let id = NodeId(self.nodes.len() as u32 - 1);
                    self.detach(id);
                    let popped = self.held.pop();
                    debug_assert_eq!(popped, Some(id));
                    self.nodes.pop();
                    self.sides.pop();
                }
            }
        }
        self.status = record.status_before;
        true
    }

    fn step_at(&self, index: usize) -> StepView<'_, P::Action> {
        self.log.view(index)
    }

    fn open_len(&self) -> usize {
        self.queue.len()
    }

    /// The queue: smallest f first, then the deepest, then the latest generated.
    fn open_nodes(&self) -> Box<dyn Iterator<Item = NodeId> + '_> {
        Box::new(self.queue.iter().map(|key| key.id()))
    }

    fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        // A B-tree entry costs about its key and a share of a node; the children lists and
        // remembered values are counted as one entry per held node each.
        self.nodes.capacity() * size_of::<NodeOf<P>>()
            + self.sides.capacity() * size_of::<Side>()
            + self.held.len() * (size_of::<NodeId>() + size_of::<(u32, Cost)>())
            + self.queue.len() * size_of::<QueueKey>() * 3 / 2
            + self.leaves.len() * size_of::<LeafKey>() * 3 / 2
            + self.held.capacity() * size_of::<NodeId>()
            + self.log.memory_bytes()
            + self.successors.capacity() * size_of::<Successor<P>>()
            + self.expansions.memory_bytes()
    }

    fn sma(&self) -> Option<SmaView<'_>> {
        Some(SmaView {
            limit: self.limit(),
            held: &self.held,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::example::{Count, Ring};

    /// Everything a search shows after some steps.
    #[derive(Debug, PartialEq)]
    struct Shown<S, A> {
        stats: Stats,
        status: Status,
        closed: Vec<NodeId>,
        open: Vec<NodeId>,
        limit: u32,
        held: Vec<NodeId>,
        steps: Vec<ShownStep<A>>,
        nodes: Vec<Node<S, A>>,
    }

    /// One step's view and events.
    type ShownStep<A> = (usize, NodeId, bool, Vec<Child<A>>, Vec<StepEvent>);

    fn shown<P: SearchProblem>(search: &SmaStar<P>) -> Shown<P::State, P::Action> {
        let view = search.sma().expect("SMA* shows its memory");
        Shown {
            stats: search.stats(),
            status: search.status(),
            closed: search.closed().to_vec(),
            open: search.open_nodes().collect(),
            limit: view.limit,
            held: view.held.to_vec(),
            steps: (0..search.steps())
                .map(|i| {
                    let step = search.step_at(i);
                    assert!(step.new_iteration.is_none());
                    (
                        step.index,
                        step.expanded,
                        step.goal_found,
                        step.children.to_vec(),
                        search.events(i).to_vec(),
                    )
                })
                .collect(),
            nodes: (0..search.node_count())
                .map(|i| *search.node(NodeId(i as u32)))
                .collect(),
        }
    }

    fn sma<P: SearchProblem<Heuristic = ()>>(
        problem: P,
        memory: u32,
        repeats: Repeats,
    ) -> SmaStar<P> {
        let mut config = SearchConfig::with(Algorithm::SmaStar, ());
        config.memory_limit = memory;
        config.repeats = repeats;
        SmaStar::try_new(problem, config).expect("a valid config")
    }

    /// What the engine's tables must agree on after every step: at most M nodes held, held
    /// exactly the nodes not forgotten, the queue in its order (smallest f, deepest, latest)
    /// and exactly the held nodes marked open, the counters matching the tables.
    fn check_tables<P: SearchProblem>(search: &SmaStar<P>) {
        let view = search.sma().expect("SMA* shows its memory");
        assert!(view.held.len() <= view.limit as usize);
        let not_forgotten: Vec<NodeId> = (0..search.node_count() as u32)
            .map(NodeId)
            .filter(|&id| search.node(id).place != Place::Forgotten)
            .collect();
        assert_eq!(view.held, not_forgotten);
        let open: Vec<NodeId> = search.open_nodes().collect();
        let mut sorted = open.clone();
        sorted.sort_by_key(|&id| {
            let node = search.node(id);
            (node.f, std::cmp::Reverse(node.depth), std::cmp::Reverse(id))
        });
        assert_eq!(open, sorted);
        let mut marked_open: Vec<NodeId> = not_forgotten
            .iter()
            .copied()
            .filter(|&id| search.node(id).place == Place::Open)
            .collect();
        marked_open.sort();
        let mut queue = open.clone();
        queue.sort();
        assert_eq!(queue, marked_open);
        let stats = search.stats();
        assert_eq!(stats.open as usize, open.len());
        assert_eq!(stats.held as usize, view.held.len());
        assert_eq!(stats.nodes as usize, search.node_count());
        assert!(stats.max_held as usize <= view.limit as usize);
    }

    /// Runs to the end, checking the tables after every step, then undoes every step: each
    /// undo shows exactly what was shown before that step, node records included, and taking
    /// the steps again shows the same run. Returns every step's events, for the callers to
    /// check that forgetting and backing up were exercised.
    fn undo_is_exact<P: SearchProblem>(mut search: SmaStar<P>) -> Vec<StepEvent> {
        let mut before = vec![shown(&search)];
        while search.step().is_some() {
            check_tables(&search);
            before.push(shown(&search));
            assert!(search.steps() < 10_000, "the run ends");
        }
        assert!(!search.status().is_running());
        let end = before.pop().expect("the end");
        assert_eq!(shown(&search), end);
        let events: Vec<StepEvent> = (0..search.steps())
            .flat_map(|i| search.events(i).to_vec())
            .collect();
        while let Some(expected) = before.pop() {
            assert!(search.step_back());
            assert_eq!(
                shown(&search),
                expected,
                "after undoing step {}",
                before.len()
            );
            check_tables(&search);
        }
        assert!(!search.step_back());
        search.run(usize::MAX);
        assert_eq!(shown(&search), end);
        events
    }

    fn has(events: &[StepEvent], which: fn(&StepEvent) -> bool) -> bool {
        events.iter().any(which)
    }

    fn forgets(event: &StepEvent) -> bool {
        matches!(event, StepEvent::Forgotten { .. })
    }

    fn backs_up(event: &StepEvent) -> bool {
        matches!(event, StepEvent::BackedUp { .. })
    }

    fn gives_up(event: &StepEvent) -> bool {
        matches!(event, StepEvent::OutOfMemory)
    }

    /// Counting to 4 in three, four and six nodes of memory: forgetting and backing up happen
    /// in each, and undo is exact through them.
    #[test]
    fn undo_is_exact_through_forgetting_and_backing_up() {
        for memory in [3, 4, 6] {
            let events = undo_is_exact(sma(Count, memory, Repeats::PathCheck));
            assert!(has(&events, forgets), "M = {memory} forgets");
            assert!(has(&events, backs_up), "M = {memory} backs up");
        }
    }

    /// The ring without a reachable goal: with cycle checking every path ends on the path, and
    /// in tree search every path runs into the depth memory holds; both give up, and undo is
    /// exact down to the first step.
    #[test]
    fn undo_is_exact_when_the_search_gives_up() {
        for (memory, repeats) in [(3, Repeats::PathCheck), (5, Repeats::Tree)] {
            let mut search = sma(Ring, memory, repeats);
            search.run(usize::MAX);
            assert_eq!(search.status(), Status::Exhausted);
            let last = search.steps() - 1;
            assert_eq!(search.events(last).last(), Some(&StepEvent::OutOfMemory));
            let events = undo_is_exact(sma(Ring, memory, repeats));
            assert!(has(&events, gives_up));
            assert!(has(&events, forgets), "M = {memory} forgets");
        }
    }

    /// Count's cheapest path (four `+`, five nodes) fits in five nodes of memory, and SMA* finds
    /// it; in four it does not, and SMA* finds the cheapest path that fits (0, 2, 4 by `*`, or
    /// 0, 1, 2, 4, cost 5, whichever is cheapest), as uniform-cost search limited to depth 3
    /// would.
    #[test]
    fn optimal_when_the_cheapest_path_fits() {
        let cheapest_within = |depth: u32| {
            // Every path of Count within `depth` steps, cheapest cost to 4.
            let mut best = Cost::INFINITE;
            let mut paths = vec![(0u8, Cost::ZERO, 0u32)];
            while let Some((n, g, d)) = paths.pop() {
                if Count.is_goal(&n) {
                    best = best.min(g);
                    continue;
                }
                if d == depth {
                    continue;
                }
                let mut out = Vec::new();
                Count.successors(&n, &mut out);
                paths.extend(out.into_iter().map(|(_, s, c)| (s, g + c, d + 1)));
            }
            best
        };
        for memory in 3..=8 {
            let mut search = sma(Count, memory, Repeats::PathCheck);
            search.run(usize::MAX);
            let Status::Solved { goal } = search.status() else {
                panic!("M = {memory} solves Count");
            };
            assert_eq!(
                search.node(goal).g,
                cheapest_within(memory - 1),
                "M = {memory}"
            );
        }
    }
}
