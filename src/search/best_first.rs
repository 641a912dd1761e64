//! The best-first engine behind every algorithm: open is ordered by a priority f and a tie-break,
//! closed nodes are remembered, and every step is recorded so it can be undone exactly.
//!
//! BFS is this engine with f = depth and first-in-first-out ties: with unit move costs that is
//! exactly a FIFO queue, so it needs no code of its own.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;

use super::Search;
use super::config::{ConfigError, GoalTest, SearchConfig, TieBreak};
use super::record::{Child, Node, NodeId, OpenKey, Outcome, Place, Stats, Status, StepView};
use crate::puzzle::{Board, Heuristic, Problem};

/// What is needed to undo one step.
#[derive(Clone, Debug)]
struct StepRecord {
    expanded: NodeId,
    /// The expanded node as it was in open.
    expanded_before: Node,
    /// The range of this step's children in `children`.
    children_start: u32,
    children_end: u32,
    /// The range of saved node copies (for improved and reopened children) in `saved`.
    saved_start: u32,
    goal_found: bool,
    stats_before: Stats,
    status_before: Status,
    seq_before: u64,
}

/// One search with any best-first priority. Implements [`Search`].
pub struct BestFirst {
    problem: Problem,
    config: SearchConfig,
    heuristic: Heuristic,
    nodes: Vec<Node>,
    index: FxHashMap<u64, NodeId>,
    open: BTreeMap<OpenKey, NodeId>,
    closed: Vec<NodeId>,
    steps: Vec<StepRecord>,
    children: Vec<Child>,
    /// Copies of nodes before an improvement or a reopening, in step order.
    saved: Vec<Node>,
    seq: u64,
    stats: Stats,
    status: Status,
}

/// Sequence numbers live in the low bits of the tie value, below h for the smaller-h rule.
const SEQ_BITS: u32 = 40;

impl BestFirst {
    /// Starts a search: the start node is in open, nothing is expanded yet.
    ///
    /// # Panics
    /// If the config is refused by [`SearchConfig::validate`] (a weight that would misorder
    /// open, for one); [`BestFirst::try_new`] returns the error instead.
    pub fn new(problem: Problem, config: SearchConfig) -> BestFirst {
        BestFirst::try_new(problem, config)
            .unwrap_or_else(|err| panic!("invalid search config: {err}"))
    }

    /// Starts a search, or says why the config cannot run.
    ///
    /// ```
    /// use searchlab::puzzle::Problem;
    /// use searchlab::search::{Algorithm, BestFirst, ConfigError, SearchConfig};
    /// let problem = Problem::new("283104765".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
    /// let config = SearchConfig { algorithm: Algorithm::WeightedAStar, weight: -1.0, ..SearchConfig::default() };
    /// assert!(matches!(BestFirst::try_new(problem, config), Err(ConfigError::Weight(_))));
    /// ```
    pub fn try_new(problem: Problem, config: SearchConfig) -> Result<BestFirst, ConfigError> {
        config.validate()?;
        let heuristic = Heuristic::new(config.heuristic, &problem.goal());
        let mut search = BestFirst {
            problem,
            config,
            heuristic,
            nodes: Vec::new(),
            index: FxHashMap::default(),
            open: BTreeMap::new(),
            closed: Vec::new(),
            steps: Vec::new(),
            children: Vec::new(),
            saved: Vec::new(),
            seq: 0,
            stats: Stats::default(),
            status: Status::Running,
        };
        let start = problem.start();
        let h = search.heuristic.h(&start);
        let id = search.push_node(start, None, None, 0, h);
        if config.goal_test == GoalTest::OnGeneration && start == problem.goal() {
            search.status = Status::Solved { goal: id };
        }
        Ok(search)
    }

    fn key(&mut self, f: f64, h: u32) -> OpenKey {
        let seq = self.seq;
        self.seq += 1;
        let tie = match self.config.effective_tie_break() {
            TieBreak::Fifo => seq,
            TieBreak::Lifo => u64::MAX - seq,
            TieBreak::SmallerH => (u64::from(h) << SEQ_BITS) | seq,
        };
        OpenKey {
            priority: f.to_bits(),
            tie,
        }
    }

    fn push_node(
        &mut self,
        board: Board,
        parent: Option<NodeId>,
        action: Option<crate::puzzle::Move>,
        g: u32,
        h: u32,
    ) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        let f = self.config.priority(g, h);
        let key = self.key(f, h);
        self.nodes.push(Node {
            board,
            parent,
            action,
            g,
            h,
            f,
            generated_at: self.stats.steps,
            expanded_at: None,
            place: Place::Open,
            key,
        });
        self.index.insert(board.packed(), id);
        self.open.insert(key, id);
        self.stats.nodes += 1;
        self.stats.open += 1;
        self.stats.max_open = self.stats.max_open.max(self.stats.open);
        id
    }

    /// Gives an existing node a shorter path and a fresh place in open.
    fn requeue(&mut self, id: NodeId, parent: NodeId, action: crate::puzzle::Move, g: u32) {
        let node = self.nodes[id.index()];
        self.saved.push(node);
        if node.place == Place::Open {
            self.open.remove(&node.key);
        } else {
            self.stats.open += 1;
            self.stats.max_open = self.stats.max_open.max(self.stats.open);
        }
        let f = self.config.priority(g, node.h);
        let key = self.key(f, node.h);
        let node = &mut self.nodes[id.index()];
        node.parent = Some(parent);
        node.action = Some(action);
        node.g = g;
        node.f = f;
        node.key = key;
        node.place = Place::Open;
        self.open.insert(key, id);
    }

    /// The nodes expanding `board` would create: its children not seen yet, up to the goal with
    /// the goal test at generation (the expansion stops there). Exact, so a search is stopped by
    /// the node limit only if it would really exceed it.
    fn new_children(&self, board: Board) -> usize {
        let goal = self.problem.goal();
        let mut new = 0;
        for (child, _) in board.successors() {
            if !self.index.contains_key(&child.packed()) {
                new += 1;
            }
            if self.config.goal_test == GoalTest::OnGeneration && child == goal {
                break;
            }
        }
        new
    }

    fn do_step(&mut self) -> bool {
        if !self.status.is_running() {
            return false;
        }
        let Some((&key, &id)) = self.open.first_key_value() else {
            self.status = Status::Exhausted;
            return false;
        };
        // The goal is recognised whatever the limit: taking it from open creates no node. An
        // expansion that would create more nodes than the limit allows is refused whole rather
        // than stopped halfway.
        let board = self.nodes[id.index()].board;
        let goal_taken =
            board == self.problem.goal() && self.config.goal_test == GoalTest::OnExpansion;
        if !goal_taken && self.nodes.len() + self.new_children(board) > self.config.node_limit {
            self.status = Status::LimitReached;
            return false;
        }
        let mut record = StepRecord {
            expanded: id,
            expanded_before: self.nodes[id.index()],
            children_start: self.children.len() as u32,
            children_end: self.children.len() as u32,
            saved_start: self.saved.len() as u32,
            goal_found: false,
            stats_before: self.stats,
            status_before: self.status,
            seq_before: self.seq,
        };
        self.open.remove(&key);
        self.closed.push(id);
        self.stats.steps += 1;
        self.stats.open -= 1;
        let step_number = self.stats.steps;
        let node = &mut self.nodes[id.index()];
        node.place = Place::Closed;
        node.expanded_at = Some(step_number);
        let g = node.g + 1;
        let goal = self.problem.goal();

        if goal_taken {
            record.goal_found = true;
            self.status = Status::Solved { goal: id };
        } else {
            self.stats.expanded += 1;
            for (child_board, action) in board.successors() {
                self.stats.generated += 1;
                let (child, outcome) = match self.index.get(&child_board.packed()).copied() {
                    None => {
                        let h = self.heuristic.h(&child_board);
                        (
                            self.push_node(child_board, Some(id), Some(action), g, h),
                            Outcome::New,
                        )
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
                        };
                        if better {
                            self.requeue(existing, id, action, g);
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
                if self.config.goal_test == GoalTest::OnGeneration && child_board == goal {
                    record.goal_found = true;
                    self.status = Status::Solved { goal: child };
                    break;
                }
            }
            if self.status.is_running() && self.open.is_empty() {
                self.status = Status::Exhausted;
            }
        }
        record.children_end = self.children.len() as u32;
        self.steps.push(record);
        true
    }

    fn view(&self, index: usize) -> StepView<'_> {
        let record = &self.steps[index];
        StepView {
            index,
            expanded: record.expanded,
            goal_found: record.goal_found,
            children: &self.children[record.children_start as usize..record.children_end as usize],
        }
    }
}

impl Search for BestFirst {
    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn config(&self) -> &SearchConfig {
        &self.config
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn step(&mut self) -> Option<StepView<'_>> {
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
        for child in self.children.drain(children).rev() {
            match child.outcome {
                Outcome::New => {
                    let node = self.nodes.pop().expect("new child is the last node");
                    debug_assert_eq!(child.node.index(), self.nodes.len());
                    self.open.remove(&node.key);
                    self.index.remove(&node.board.packed());
                }
                Outcome::Improved { .. } | Outcome::Reopened { .. } => {
                    let before = self.saved.pop().expect("a saved copy per update");
                    let now = self.nodes[child.node.index()];
                    self.open.remove(&now.key);
                    if before.place == Place::Open {
                        self.open.insert(before.key, child.node);
                    }
                    self.nodes[child.node.index()] = before;
                }
                Outcome::InOpen | Outcome::InClosed => {}
            }
        }
        debug_assert_eq!(self.saved.len(), record.saved_start as usize);
        self.closed.pop();
        self.nodes[record.expanded.index()] = record.expanded_before;
        self.open
            .insert(record.expanded_before.key, record.expanded);
        self.stats = record.stats_before;
        self.status = record.status_before;
        self.seq = record.seq_before;
        true
    }

    fn steps(&self) -> usize {
        self.steps.len()
    }

    fn step_at(&self, index: usize) -> StepView<'_> {
        self.view(index)
    }

    fn node(&self, id: NodeId) -> &Node {
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
        // The hash index holds one (key, id) bucket and one control byte per slot, with at
        // most 7 of 8 slots in use.
        let index_slot = size_of::<(u64, NodeId)>() + 1;
        self.nodes.capacity() * size_of::<Node>()
            + self.index.capacity() * index_slot * 8 / 7
            + self.open.len() * OPEN_ENTRY_BYTES
            + self.closed.capacity() * size_of::<NodeId>()
            + self.steps.capacity() * size_of::<StepRecord>()
            + self.children.capacity() * size_of::<Child>()
            + self.saved.capacity() * size_of::<Node>()
    }
}

/// What one entry of the ordered open map costs: the key and id (20 bytes) in B-tree leaves of
/// 11 slots that are about two-thirds full, plus their headers. Checked against the process's
/// resident memory by `searchlab bench`.
const OPEN_ENTRY_BYTES: usize = 36;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::HeuristicKind;
    use crate::search::Algorithm;

    fn problem(start: &str) -> Problem {
        Problem::new(start.parse().unwrap(), "123804765".parse().unwrap()).unwrap()
    }

    #[test]
    fn first_step_expands_the_start() {
        let mut search = BestFirst::new(problem("283104765"), SearchConfig::default());
        assert_eq!(search.open_len(), 1);
        let step = search.step().unwrap();
        assert_eq!(step.expanded, NodeId(0));
        assert_eq!(step.children.len(), 4);
        assert!(step.children.iter().all(|c| c.outcome == Outcome::New));
        assert_eq!(search.open_len(), 4);
        assert_eq!(search.closed(), &[NodeId(0)]);
        let stats = search.stats();
        assert_eq!((stats.expanded, stats.generated, stats.open), (1, 4, 4));
    }

    /// Open is listed by f, then by the tie-break (h, then the order nodes entered open), and
    /// each step removes the first node listed. The order of entry is counted here from the
    /// steps' children, not read from the engine's keys.
    #[test]
    fn open_is_listed_by_f_then_the_tie_break_and_popped_from_the_front() {
        let configs = [
            (Algorithm::AStar, HeuristicKind::Misplaced),
            (Algorithm::UniformCost, HeuristicKind::Manhattan),
            (Algorithm::Greedy, HeuristicKind::Manhattan),
            (Algorithm::WeightedAStar, HeuristicKind::Manhattan),
        ];
        let mut total_requeued = 0;
        for (algorithm, heuristic) in configs {
            for tie_break in TieBreak::ALL {
                let config = SearchConfig {
                    tie_break,
                    ..SearchConfig::with(algorithm, heuristic)
                };
                let what = config.describe();
                let mut search = BestFirst::new(problem("567408321"), config);
                // When each node last entered open: 0 for the start.
                let mut entered = vec![0u64];
                let mut count = 1;
                let (mut ties, mut requeued) = (0, 0);
                for _ in 0..400 {
                    let listed: Vec<NodeId> = search.open_nodes().collect();
                    let in_open = (0..search.node_count())
                        .filter(|&i| search.node(NodeId(i as u32)).place == Place::Open)
                        .count();
                    assert_eq!(
                        (listed.len(), search.open_len()),
                        (in_open, in_open),
                        "{what}"
                    );
                    for pair in listed.windows(2) {
                        let (a, b) = (search.node(pair[0]), search.node(pair[1]));
                        assert_eq!(a.place, Place::Open, "{what}");
                        let (ea, eb) = (entered[pair[0].index()], entered[pair[1].index()]);
                        let in_order = match a.f.partial_cmp(&b.f).unwrap() {
                            std::cmp::Ordering::Less => true,
                            std::cmp::Ordering::Greater => false,
                            std::cmp::Ordering::Equal => {
                                ties += 1;
                                match tie_break {
                                    TieBreak::SmallerH => (a.h, ea) < (b.h, eb),
                                    TieBreak::Fifo => ea < eb,
                                    TieBreak::Lifo => ea > eb,
                                }
                            }
                        };
                        assert!(
                            in_order,
                            "{what}: {:?} listed before {:?}",
                            pair[0], pair[1]
                        );
                    }
                    let Some(step) = search.step() else {
                        break;
                    };
                    assert_eq!(Some(step.expanded), listed.first().copied(), "{what}");
                    let children: Vec<Child> = step.children.to_vec();
                    for child in children {
                        if matches!(child.outcome, Outcome::New) {
                            entered.push(count);
                        } else if matches!(
                            child.outcome,
                            Outcome::Improved { .. } | Outcome::Reopened { .. }
                        ) {
                            entered[child.node.index()] = count;
                            requeued += 1;
                        } else {
                            continue;
                        }
                        count += 1;
                    }
                }
                assert!(ties > 100, "{what}: only {ties} ties were ordered");
                total_requeued += requeued;
            }
        }
        // Nodes improved or reopened take a new place in the order: that was checked too.
        assert!(total_requeued > 0);
    }

    #[test]
    fn step_back_restores_everything() {
        for algorithm in Algorithm::ALL {
            let config = SearchConfig::with(algorithm, HeuristicKind::Misplaced);
            let mut search = BestFirst::new(problem("231804765"), config);
            let mut snapshots = Vec::new();
            loop {
                let open: Vec<NodeId> = search.open_nodes().collect();
                let nodes: Vec<Node> = (0..search.node_count())
                    .map(|i| *search.node(NodeId(i as u32)))
                    .collect();
                snapshots.push((open, nodes, search.stats(), search.status()));
                // Snapshots grow with the search; 400 steps cover improvements and reopenings.
                if snapshots.len() > 400 || search.step().is_none() {
                    break;
                }
            }
            while search.steps() > 0 {
                snapshots.pop();
                assert!(search.step_back());
                let (open, nodes, stats, status) = snapshots.last().unwrap();
                let now: Vec<NodeId> = search.open_nodes().collect();
                assert_eq!(&now, open, "{algorithm}");
                assert_eq!(search.node_count(), nodes.len());
                for (i, node) in nodes.iter().enumerate() {
                    assert_eq!(search.node(NodeId(i as u32)), node);
                }
                assert_eq!(&search.stats(), stats);
                assert_eq!(&search.status(), status);
            }
            assert!(!search.step_back());
        }
    }

    #[test]
    fn start_equal_to_goal_is_solved_in_one_step() {
        let mut search = BestFirst::new(problem("123804765"), SearchConfig::default());
        let step = search.step().unwrap();
        assert!(step.goal_found && step.children.is_empty());
        assert_eq!(search.solution().unwrap(), vec![NodeId(0)]);
        assert!(search.step().is_none());
    }

    #[test]
    fn node_limit_stops_the_search() {
        let config = SearchConfig {
            algorithm: Algorithm::BreadthFirst,
            node_limit: 50,
            ..SearchConfig::default()
        };
        let mut search = BestFirst::new(problem("567408321"), config);
        search.run(usize::MAX);
        assert_eq!(search.status(), Status::LimitReached);
        assert!(search.node_count() <= 50);
    }
}
