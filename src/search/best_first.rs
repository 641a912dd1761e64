//! The best-first engine behind every algorithm: open is ordered by a priority f and a tie-break,
//! closed nodes are remembered, and every step is recorded so it can be undone exactly.
//!
//! BFS is this engine with f = depth and first-in-first-out ties, which is exactly a FIFO
//! queue, so it needs no code of its own. Nothing here knows what a state is: the
//! [`SearchProblem`] lists successors, tests goals and estimates.

use std::collections::BTreeMap;

use super::Search;
use super::config::{ConfigError, GoalTest, SearchConfig, TieBreak};
use super::cost::Cost;
use super::problem::{NodeOf, SearchProblem, Successor};
use super::record::{
    Child, Direction, Node, NodeId, OpenKey, Outcome, Place, Stats, Status, StepView,
};
use super::seen::SeenTable;

/// What is needed to undo one step, kept small: there is one per expansion. The expanded node
/// was in open (a step only removes it and marks it expanded), the status was running, and
/// the sequence number advanced once per child that entered open.
#[derive(Clone, Debug)]
struct StepRecord {
    expanded: NodeId,
    /// The step at which the expanded node had last been expanded (a reopened node), if any.
    expanded_at_before: Option<u32>,
    /// The range of this step's children in `children`.
    children_start: u32,
    children_end: u32,
    goal_found: bool,
    stats_before: Stats,
}

/// One search with any best-first priority, on any [`SearchProblem`]. Implements [`Search`].
pub struct BestFirst<P: SearchProblem> {
    problem: P,
    config: SearchConfig<P::Heuristic>,
    nodes: Vec<NodeOf<P>>,
    index: SeenTable<P::Key>,
    open: BTreeMap<OpenKey, NodeId>,
    closed: Vec<NodeId>,
    steps: Vec<StepRecord>,
    children: Vec<Child<P::Action>>,
    /// Copies of nodes before an improvement or a reopening, in step order.
    saved: Vec<NodeOf<P>>,
    /// The successors of the node being expanded, reused from step to step.
    successors: Vec<Successor<P>>,
    seq: u64,
    stats: Stats,
    status: Status,
}

/// Sequence numbers live in the low bits of the tie value, below h for the smaller-h rule:
/// room for 2^38 (about 2.7·10^11) entries into open.
const SEQ_BITS: u32 = 38;
/// The largest h, in units of [`Cost`], that the smaller-h rule tells apart.
const H_TIE_MAX: u64 = (1 << (64 - SEQ_BITS)) - 1;

/// The tie value of the `seq`-th entry into open with estimate `h` under `rule`: unique for
/// every entry, so open has one order whichever engine keeps it (the record-free one in
/// `plain` pops in exactly this order too).
#[inline]
pub(super) fn tie_value(rule: TieBreak, h: Cost, seq: u64) -> u64 {
    match rule {
        TieBreak::Fifo => seq,
        TieBreak::Lifo => u64::MAX - seq,
        TieBreak::SmallerH => (h.raw().min(H_TIE_MAX) << SEQ_BITS) | seq,
    }
}

impl<P: SearchProblem> BestFirst<P> {
    /// Starts a search: the start node is in open, nothing is expanded yet.
    ///
    /// # Panics
    /// If the config is refused by [`SearchConfig::validate`] (a weight that would misorder
    /// open, for one); [`BestFirst::try_new`] returns the error instead.
    pub fn new(problem: P, config: SearchConfig<P::Heuristic>) -> BestFirst<P> {
        BestFirst::try_new(problem, config)
            .unwrap_or_else(|err| panic!("invalid search config: {err}"))
    }

    /// Starts a search, or says why the config cannot run.
    ///
    /// ```
    /// use searchlab::search::{Algorithm, BestFirst, ConfigError, SearchConfig};
    /// # use searchlab::search::{Cost, SearchProblem};
    /// # use searchlab::search::example::Count;
    /// let config = SearchConfig { algorithm: Algorithm::WeightedAStar, weight: -1.0, ..SearchConfig::default() };
    /// assert!(matches!(BestFirst::try_new(Count, config), Err(ConfigError::Weight(_))));
    /// ```
    pub fn try_new(
        problem: P,
        config: SearchConfig<P::Heuristic>,
    ) -> Result<BestFirst<P>, ConfigError> {
        config.validate()?;
        problem.check_heuristic(config.heuristic)?;
        let start = problem.start();
        let h = problem.heuristic(config.heuristic, &start);
        let mut search = BestFirst {
            index: SeenTable::new(&problem),
            problem,
            config,
            nodes: Vec::new(),
            open: BTreeMap::new(),
            closed: Vec::new(),
            steps: Vec::new(),
            children: Vec::new(),
            saved: Vec::new(),
            successors: Vec::new(),
            seq: 0,
            stats: Stats::default(),
            status: Status::Running,
        };
        let key = search.problem.key(&start);
        let id = search.push_node(start, None, None, Cost::ZERO, 0, h);
        search.index.insert(&search.problem, key, id);
        if config.goal_test == GoalTest::OnGeneration && search.problem.is_goal(&start) {
            search.status = Status::Solved { goal: id };
        }
        Ok(search)
    }

    /// The tie value of a node entering open with estimate `h`, taking the next sequence
    /// number. An h above [`H_TIE_MAX`] units (about 6,700 unit steps) counts as that much for
    /// the smaller-h rule, and such nodes of equal f leave first in, first out.
    fn next_tie(&mut self, h: Cost) -> u64 {
        let seq = self.seq;
        self.seq += 1;
        tie_value(self.config.effective_tie_break(), h, seq)
    }

    /// A node's place in the order of open.
    #[inline]
    fn key(&self, node: &NodeOf<P>) -> OpenKey {
        OpenKey {
            priority: node.f.raw(),
            tie: node.tie,
        }
    }

    /// Adds a node to the arena and to open; the caller enters its state in the index.
    fn push_node(
        &mut self,
        state: P::State,
        parent: Option<NodeId>,
        action: Option<P::Action>,
        g: Cost,
        depth: u32,
        h: Cost,
    ) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        let node = Node {
            state,
            parent,
            action,
            g,
            depth,
            h,
            f: self.config.priority(depth, g, h),
            generated_at: self.stats.steps,
            expanded_at: None,
            place: Place::Open,
            direction: Direction::Forward,
            tie: self.next_tie(h),
        };
        self.open.insert(self.key(&node), id);
        self.nodes.push(node);
        self.stats.nodes += 1;
        self.stats.open += 1;
        self.stats.max_open = self.stats.max_open.max(self.stats.open);
        id
    }

    /// Gives an existing node a shorter path and a fresh place in open.
    fn requeue(&mut self, id: NodeId, parent: NodeId, action: P::Action, g: Cost, depth: u32) {
        let before = self.nodes[id.index()];
        self.saved.push(before);
        if before.place == Place::Open {
            self.open.remove(&self.key(&before));
        } else {
            self.stats.open += 1;
            self.stats.max_open = self.stats.max_open.max(self.stats.open);
        }
        let node = Node {
            parent: Some(parent),
            action: Some(action),
            g,
            depth,
            f: self.config.priority(depth, g, before.h),
            place: Place::Open,
            tie: self.next_tie(before.h),
            ..before
        };
        self.open.insert(self.key(&node), id);
        self.nodes[id.index()] = node;
    }

    /// The nodes expanding the current successors would create: those not seen yet, up to the
    /// goal with the goal test at generation (the expansion stops there). Exact, so a search
    /// is stopped by the node limit only if it would really exceed it.
    fn new_children(&self) -> usize {
        let mut new = 0;
        for (_, child, _) in &self.successors {
            if self
                .index
                .get(&self.problem, &self.problem.key(child))
                .is_none()
            {
                new += 1;
            }
            if self.config.goal_test == GoalTest::OnGeneration && self.problem.is_goal(child) {
                break;
            }
        }
        new
    }

    fn do_step(&mut self) -> bool {
        if !self.status.is_running() {
            return false;
        }
        // Taken out at once (one descent of the B-tree), put back if the limit refuses it.
        let Some((key, id)) = self.open.pop_first() else {
            self.status = Status::Exhausted;
            return false;
        };
        // The goal is recognised whatever the limit: taking it from open creates no node. An
        // expansion that would create more nodes than the limit allows is refused whole rather
        // than stopped halfway.
        let parent = self.nodes[id.index()];
        let goal_taken =
            self.config.goal_test == GoalTest::OnExpansion && self.problem.is_goal(&parent.state);
        let mut successors = std::mem::take(&mut self.successors);
        successors.clear();
        if !goal_taken {
            self.problem.successors(&parent.state, &mut successors);
        }
        self.successors = successors;
        // Counting the new children costs a lookup each: only near the limit, where the
        // successors could pass it, is that needed.
        let could_pass = self.nodes.len() + self.successors.len() > self.config.node_limit;
        if !goal_taken
            && could_pass
            && self.nodes.len() + self.new_children() > self.config.node_limit
        {
            self.open.insert(key, id);
            self.status = Status::LimitReached;
            return false;
        }
        let mut record = StepRecord {
            expanded: id,
            expanded_at_before: parent.expanded_at,
            children_start: self.children.len() as u32,
            children_end: self.children.len() as u32,
            goal_found: false,
            stats_before: self.stats,
        };
        self.closed.push(id);
        self.stats.steps += 1;
        self.stats.open -= 1;
        let step_number = self.stats.steps;
        let node = &mut self.nodes[id.index()];
        node.place = Place::Closed;
        node.expanded_at = Some(step_number);
        let depth = parent.depth + 1;

        if goal_taken {
            record.goal_found = true;
            self.status = Status::Solved { goal: id };
        } else {
            self.stats.expanded += 1;
            let successors = std::mem::take(&mut self.successors);
            for &(action, child_state, cost) in &successors {
                self.stats.generated += 1;
                let g = parent.g + cost;
                // One lookup: a state not seen yet is entered under the id it is about to get.
                let next_id = NodeId(self.nodes.len() as u32);
                let key = self.problem.key(&child_state);
                let existing = self.index.get_or_insert(&self.problem, key, next_id);
                let (child, outcome) = match existing {
                    None => {
                        let h = self.problem.heuristic(self.config.heuristic, &child_state);
                        let child =
                            self.push_node(child_state, Some(id), Some(action), g, depth, h);
                        (child, Outcome::New)
                    }
                    Some(existing) => {
                        self.stats.duplicates += 1;
                        let old = self.nodes[existing.index()];
                        let better = g < old.g && self.config.algorithm.updates_duplicates();
                        let outcome = match (old.place, better) {
                            (Place::Open, false) => Outcome::InOpen,
                            (Place::Closed, false) => Outcome::InClosed,
                            (Place::Open, true) => {
                                self.stats.improved += 1;
                                Outcome::Improved { old_g: old.g }
                            }
                            (Place::Closed, true) => {
                                self.stats.reopened += 1;
                                Outcome::Reopened { old_g: old.g }
                            }
                            (Place::Pruned, _) => unreachable!("best-first prunes nothing"),
                        };
                        if better {
                            self.requeue(existing, id, action, g, depth);
                        }
                        (existing, outcome)
                    }
                };
                self.children.push(Child {
                    node: child,
                    action,
                    g,
                    outcome,
                });
                if self.config.goal_test == GoalTest::OnGeneration
                    && self.problem.is_goal(&child_state)
                {
                    record.goal_found = true;
                    self.status = Status::Solved { goal: child };
                    break;
                }
            }
            self.successors = successors;
            if self.status.is_running() && self.open.is_empty() {
                self.status = Status::Exhausted;
            }
        }
        record.children_end = self.children.len() as u32;
        self.steps.push(record);
        true
    }

    fn view(&self, index: usize) -> StepView<'_, P::Action> {
        let record = &self.steps[index];
        StepView {
            index,
            expanded: record.expanded,
            goal_found: record.goal_found,
            children: &self.children[record.children_start as usize..record.children_end as usize],
            new_iteration: None,
        }
    }
}

impl<P: SearchProblem> Search<P> for BestFirst<P> {
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
        self.stats
    }

    fn step(&mut self) -> Option<StepView<'_, P::Action>> {
        if self.do_step() {
            Some(self.view(self.steps.len() - 1))
        } else {
            None
        }
    }

    fn step_back(&mut self) -> bool {
        let Some(record) = self.steps.pop() else {
            return false;
        };
        // Children are undone newest first: new nodes are the last in the arena, and the saved
        // copies pop off in reverse.
        let children = record.children_start as usize..record.children_end as usize;
        debug_assert_eq!(children.end, self.children.len());
        for i in children.rev() {
            let child = self.children[i];
            match child.outcome {
                Outcome::New => {
                    let node = self.nodes.pop().expect("new child is the last node");
                    debug_assert_eq!(child.node.index(), self.nodes.len());
                    self.open.remove(&self.key(&node));
                    self.index
                        .remove(&self.problem, &self.problem.key(&node.state));
                    self.seq -= 1;
                }
                Outcome::Improved { .. } | Outcome::Reopened { .. } => {
                    self.seq -= 1;
                    let before = self.saved.pop().expect("a saved copy per update");
                    let now = self.nodes[child.node.index()];
                    self.open.remove(&self.key(&now));
                    if before.place == Place::Open {
                        self.open.insert(self.key(&before), child.node);
                    }
                    self.nodes[child.node.index()] = before;
                }
                Outcome::InOpen | Outcome::InClosed => {}
                Outcome::Pruned | Outcome::OnPath => unreachable!("depth-first outcomes"),
            }
        }
        self.children.truncate(record.children_start as usize);
        self.closed.pop();
        let expanded = &mut self.nodes[record.expanded.index()];
        expanded.place = Place::Open;
        expanded.expanded_at = record.expanded_at_before;
        let key = self.key(&self.nodes[record.expanded.index()]);
        self.open.insert(key, record.expanded);
        self.stats = record.stats_before;
        // Only a running search takes a step.
        self.status = Status::Running;
        true
    }

    fn steps(&self) -> usize {
        self.steps.len()
    }

    fn step_at(&self, index: usize) -> StepView<'_, P::Action> {
        self.view(index)
    }

    fn node(&self, id: NodeId) -> &NodeOf<P> {
        &self.nodes[id.index()]
    }

    fn node_count(&self) -> usize {
        self.nodes.len()
    }

    fn open_len(&self) -> usize {
        self.open.len()
    }

    fn open_nodes(&self) -> Box<dyn Iterator<Item = NodeId> + '_> {
        Box::new(self.open.values().copied())
    }

    fn closed(&self) -> &[NodeId] {
        &self.closed
    }

    fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        self.nodes.capacity() * size_of::<NodeOf<P>>()
            + self.index.memory_bytes()
            + self.open.len() * OPEN_ENTRY_BYTES
            + self.closed.capacity() * size_of::<NodeId>()
            + self.steps.capacity() * size_of::<StepRecord>()
            + self.children.capacity() * size_of::<Child<P::Action>>()
            + self.saved.capacity() * size_of::<NodeOf<P>>()
            + self.successors.capacity() * size_of::<Successor<P>>()
    }
}

/// What one entry of the ordered open map costs: the key and id (20 bytes) in B-tree leaves of
/// 11 slots that are about two-thirds full, plus their headers. Checked against the process's
/// resident memory by `searchlab bench`.
pub(super) const OPEN_ENTRY_BYTES: usize = 36;
