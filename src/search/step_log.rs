//! The record of the steps a search has taken, the same for every stepping engine: the node
//! each step removed from open (closed, in order), the children each step generated, the
//! counters, and for each step what undoing it needs. An engine owns one [`StepLog`], forwards
//! the [`Search`](super::Search) calls about steps, closed and counters to it, and keeps in
//! its own undo record `U` only what its own frontier needs restored.
//!
//! A step is taken in three parts: [`StepLog::begin`] when the node leaves open,
//! [`StepLog::push_child`] for each child generated, [`StepLog::commit`] at the end. Only the
//! engines in [`search`](super) call it.

use std::hash::Hash;

use rustc_hash::FxHashMap;

use super::record::{Child, NodeId, Stats, StepEvent, StepView};

/// The steps taken so far, their children and the counters; `A` is the problem's action and
/// `U` what the engine needs to undo a step in its own frontier.
pub(super) struct StepLog<A, U> {
    /// The node each step removed from open: step `i` expanded `closed[i]`.
    closed: Vec<NodeId>,
    /// One entry per committed step.
    steps: Vec<Entry<U>>,
    /// Every step's children in generation order, one step after another.
    children: Vec<Child<A>>,
    /// Every step's events ([`StepEvent`]), one step after another.
    events: Vec<StepEvent>,
    /// The counters after the latest step (during a step, as far as it has gone). The log
    /// counts steps; the engines count the rest in their loops over the children, so the
    /// field is theirs to write.
    pub(super) stats: Stats,
}

/// What the log keeps of one step. Its expanded node is in `closed`, and its children start
/// where the previous step's end, so neither is stored twice.
struct Entry<U> {
    /// The end of this step's children in `children`.
    children_end: u32,
    /// The end of this step's events in `events`.
    events_end: u32,
    goal_found: bool,
    stats_before: Stats,
    undo: U,
}

/// A step begun and not yet committed: the engine sets what it learns while expanding.
pub(super) struct Pending<U> {
    /// True if the expanded node was the goal, or a child was (goal test at generation), or
    /// (bidirectional) the step proved the meeting best.
    pub(super) goal_found: bool,
    /// The engine's own undo record.
    pub(super) undo: U,
    stats_before: Stats,
}

/// What [`StepLog::undo`] gives back of the step it undid.
pub(super) struct Undone<U> {
    /// The node the step removed from open.
    pub(super) expanded: NodeId,
    /// The engine's own undo record.
    pub(super) undo: U,
}

impl<A, U> StepLog<A, U> {
    /// No steps yet, with the counters of a search that has put its roots in open.
    pub(super) fn new(stats: Stats) -> StepLog<A, U> {
        StepLog {
            closed: Vec::new(),
            steps: Vec::new(),
            children: Vec::new(),
            events: Vec::new(),
            stats,
        }
    }

    /// Begins a step: node `expanded` is taken from open (closed, and counted in
    /// [`Stats::steps`]), and the counters as they were are kept for undo. The engine has
    /// already refused the step if it could not be taken whole.
    #[inline]
    pub(super) fn begin(&mut self, expanded: NodeId, undo: U) -> Pending<U> {
        let pending = Pending {
            goal_found: false,
            undo,
            stats_before: self.stats,
        };
        self.closed.push(expanded);
        self.stats.steps += 1;
        pending
    }

    /// Records a child of the step being taken.
    #[inline]
    pub(super) fn push_child(&mut self, child: Child<A>) {
        self.children.push(child);
    }

    /// Records an event of the step being taken.
    pub(super) fn push_event(&mut self, event: StepEvent) {
        self.events.push(event);
    }

    /// Ends the step begun with `pending`: its children and events are those pushed since.
    /// The largest number of nodes held follows [`Stats::held`], which the engine has set.
    #[inline]
    pub(super) fn commit(&mut self, pending: Pending<U>) {
        self.stats.max_held = self.stats.max_held.max(self.stats.held);
        self.steps.push(Entry {
            children_end: self.children.len() as u32,
            events_end: self.events.len() as u32,
            goal_found: pending.goal_found,
            stats_before: pending.stats_before,
            undo: pending.undo,
        });
    }

    /// Undoes the latest step in the log: `undo_children` is shown its children (to take them
    /// out of the engine's frontier) before they are dropped, closed loses its last node and
    /// the counters return to what they were. `None` if no step was taken.
    pub(super) fn undo(&mut self, undo_children: impl FnOnce(&[Child<A>])) -> Option<Undone<U>> {
        let entry = self.steps.pop()?;
        let start = self.children_start(self.steps.len());
        debug_assert_eq!(entry.children_end as usize, self.children.len());
        undo_children(&self.children[start..]);
        self.children.truncate(start);
        let events_start = self.events_start(self.steps.len());
        self.events.truncate(events_start);
        self.stats = entry.stats_before;
        let expanded = self.closed.pop().expect("one closed node per step");
        Some(Undone {
            expanded,
            undo: entry.undo,
        })
    }

    /// The number of steps taken.
    pub(super) fn len(&self) -> usize {
        self.steps.len()
    }

    /// The nodes removed from open, one per step, in order.
    pub(super) fn closed(&self) -> &[NodeId] {
        &self.closed
    }

    /// Step `index` as the views see it; an iterative-deepening engine adds its
    /// [`StepView::new_iteration`].
    pub(super) fn view(&self, index: usize) -> StepView<'_, A> {
        let entry = &self.steps[index];
        StepView {
            index,
            expanded: self.closed[index],
            goal_found: entry.goal_found,
            children: &self.children[self.children_start(index)..entry.children_end as usize],
            new_iteration: None,
        }
    }

    /// The latest step, after [`StepLog::commit`].
    pub(super) fn last(&self) -> StepView<'_, A> {
        self.view(self.steps.len() - 1)
    }

    /// The events of step `index`, in the order they happened.
    pub(super) fn events(&self, index: usize) -> &[StepEvent] {
        &self.events[self.events_start(index)..self.steps[index].events_end as usize]
    }

    /// The engine's undo record of step `index`.
    pub(super) fn undo_record(&self, index: usize) -> &U {
        &self.steps[index].undo
    }

    /// The bytes held by closed, the entries and the children.
    pub(super) fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        self.closed.capacity() * size_of::<NodeId>()
            + self.steps.capacity() * size_of::<Entry<U>>()
            + self.children.capacity() * size_of::<Child<A>>()
            + self.events.capacity() * size_of::<StepEvent>()
    }

    /// Where step `index`'s children begin: where the step before it ends.
    fn children_start(&self, index: usize) -> usize {
        index
            .checked_sub(1)
            .map_or(0, |previous| self.steps[previous].children_end as usize)
    }

    /// Where step `index`'s events begin: where the step before it ends.
    fn events_start(&self, index: usize) -> usize {
        index
            .checked_sub(1)
            .map_or(0, |previous| self.steps[previous].events_end as usize)
    }
}

/// The [`Search`](super::Search) methods every engine answers the same way, from its own
/// `problem`, `config` and `status` fields, its `log` (a [`StepLog`]) and its arena of nodes
/// (the field path given, `nodes` or `frontier.nodes`): written once here, expanded inside
/// each engine's `impl Search`.
macro_rules! forward_to_log {
    ($($arena:ident).+) => {
        fn node(&self, id: NodeId) -> &super::problem::NodeOf<P> {
            &self.$($arena).+[id.index()]
        }

        fn node_count(&self) -> usize {
            self.$($arena).+.len()
        }

        fn problem(&self) -> &P {
            &self.problem
        }

        fn config(&self) -> &SearchConfig<P::Heuristic> {
            &self.config
        }

        fn status(&self) -> Status {
            self.status
        }

        fn stats(&self) -> Stats {
            self.log.stats
        }

        fn steps(&self) -> usize {
            self.log.len()
        }

        fn closed(&self) -> &[NodeId] {
            self.log.closed()
        }

        fn events(&self, index: usize) -> &[super::StepEvent] {
            self.log.events(index)
        }
    };
}
pub(super) use forward_to_log;

/// How many times each state has been expanded, for [`Stats::reexpanded`] in the searches
/// that can expand a state twice without a record of it in their nodes (tree search, and the
/// searches that forget).
pub(super) struct Expansions<K> {
    counts: FxHashMap<K, u32>,
}

impl<K: Hash + Eq> Expansions<K> {
    pub(super) fn new() -> Expansions<K> {
        Expansions {
            counts: FxHashMap::default(),
        }
    }

    /// Counts an expansion of `key`; true if an earlier one had expanded it.
    pub(super) fn expand(&mut self, key: K) -> bool {
        let count = self.counts.entry(key).or_insert(0);
        *count += 1;
        *count > 1
    }

    /// Takes back the latest expansion of `key` (step back).
    pub(super) fn unexpand(&mut self, key: &K) {
        if let Some(count) = self.counts.get_mut(key) {
            *count -= 1;
            if *count == 0 {
                self.counts.remove(key);
            }
        }
    }

    /// The bytes the table holds, estimated from its capacity.
    pub(super) fn memory_bytes(&self) -> usize {
        self.counts.capacity() * (std::mem::size_of::<(K, u32)>() + 1) * 8 / 7
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Cost, NewIteration, Outcome, StepEvent};

    /// Everything the log shows: the counters, closed and every step's view.
    type Shown = (Stats, Vec<NodeId>, Vec<ShownStep>);
    type ShownStep = (
        usize,
        NodeId,
        bool,
        Vec<Child<u8>>,
        Option<NewIteration>,
        Vec<StepEvent>,
    );

    fn shown(log: &StepLog<u8, char>) -> Shown {
        let steps = (0..log.len())
            .map(|i| {
                let view = log.view(i);
                let children = view.children.to_vec();
                (
                    view.index,
                    view.expanded,
                    view.goal_found,
                    children,
                    view.new_iteration,
                    log.events(i).to_vec(),
                )
            })
            .collect();
        (log.stats, log.closed().to_vec(), steps)
    }

    /// A step that expands `expanded`, generates `children` new nodes and counts them as an
    /// engine would; its undo record is `mark`.
    fn take_step(log: &mut StepLog<u8, char>, expanded: u32, children: u8, mark: char) {
        let mut pending = log.begin(NodeId(expanded), mark);
        log.stats.open -= 1;
        log.stats.expanded += u32::from(children > 0);
        for action in 0..children {
            log.stats.generated += 1;
            log.stats.nodes += 1;
            log.stats.open += 1;
            log.stats.max_open = log.stats.max_open.max(log.stats.open);
            log.push_child(Child {
                node: NodeId(log.stats.nodes - 1),
                action,
                g: Cost::units(u64::from(action)),
                outcome: Outcome::New,
            });
        }
        pending.goal_found = mark == 'g';
        // Steps 'a' and 'c' record events, so an empty step's events sit between theirs.
        if mark == 'a' || mark == 'c' {
            log.push_event(StepEvent::Forgotten {
                node: NodeId(expanded),
                backed_up: Cost::units(u64::from(children)),
            });
        }
        log.stats.held = log.stats.open + log.stats.steps;
        log.commit(pending);
    }

    /// Steps with three, none, one and two children (the step with none makes two steps'
    /// children meet at one offset), then undone one by one: each undo shows exactly its
    /// step's children, gives back its node and record, and leaves the log as it was before
    /// that step, counters, closed and every remaining step's children included.
    #[test]
    fn undo_restores_counters_closed_and_children_exactly() {
        let start = Stats {
            open: 1,
            max_open: 1,
            nodes: 1,
            ..Stats::default()
        };
        let mut log = StepLog::new(start);
        let plan = [(0, 3, 'a'), (1, 0, 'b'), (2, 1, 'c'), (3, 2, 'g')];
        let mut before = Vec::new();
        for &(expanded, children, mark) in &plan {
            before.push(shown(&log));
            take_step(&mut log, expanded, children, mark);
            let last = log.last();
            assert_eq!(
                (last.index, last.expanded),
                (log.len() - 1, NodeId(expanded))
            );
            assert_eq!(last.children.len(), usize::from(children));
        }
        assert_eq!(log.stats.steps, 4);
        assert_eq!(log.stats.generated, 6);
        assert!(log.view(3).goal_found);
        assert_eq!(*log.undo_record(2), 'c');
        assert_eq!(log.events(0).len() + log.events(2).len(), 2);
        assert!(log.events(1).is_empty() && log.events(3).is_empty());
        assert!(log.stats.max_held >= log.stats.held);

        for (&(expanded, children, mark), before) in plan.iter().zip(&before).rev() {
            let expected = log.last().children.to_vec();
            assert_eq!(expected.len(), usize::from(children));
            let mut seen = None;
            let undone = log
                .undo(|c| seen = Some(c.to_vec()))
                .expect("a step to undo");
            assert_eq!(seen, Some(expected));
            assert_eq!((undone.expanded, undone.undo), (NodeId(expanded), mark));
            assert_eq!(&shown(&log), before);
        }
        assert!(log.undo(|_| panic!("no step, no children")).is_none());
        assert_eq!(log.stats, start);
    }
}
