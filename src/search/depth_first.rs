//! The depth-first engine behind IDA*, iterative deepening (IDS), depth-limited DFS, heuristic
//! depth-first and depth-first branch-and-bound: open is a stack, a child whose f is above the bound is pruned instead of pushed, and only the current
//! path is remembered (a child whose state is already on it would close a cycle and is
//! ignored). Every step is recorded so it can be undone exactly.
//!
//! The three differ only in f and the bound: IDA* compares f = g + h with a threshold that
//! starts at h(start); IDS and DFS compare f = depth with a depth limit, which IDS starts at 0
//! and DFS takes from [`SearchConfig::depth_limit`]. When the stack empties without the goal,
//! IDA* and IDS begin a new iteration from the start with the bound raised to the smallest f
//! pruned (the depth limit plus one, for IDS); DFS, and any search that pruned nothing, is
//! exhausted. A step is one removal from the stack, as in the best-first engine; the step that
//! begins an iteration takes the start again and says so ([`StepView::new_iteration`]).
//!
//! Heuristic depth-first (局部择优) is DFS whose children go on the stack best first, smallest h
//! on top. Branch-and-bound orders them by f = g + h and does not stop at a goal: the goal's g
//! becomes the bound ([`StepEvent::BoundImproved`]), every node waiting on the stack with
//! g + h at or above it is pruned at once ([`StepEvent::OpenPruned`]), and so is every child
//! after. When the stack is empty the best goal found is the answer. Both prune children
//! deeper than the depth limit.
//!
//! **Repeated states** ([`Repeats`]). Remembering nothing off the current path, these searches
//! have no graph search of their own: with [`Repeats::Graph`] (the default) and with
//! [`Repeats::PathCheck`] a child whose state is already on the current path is ignored
//! ([`Outcome::OnPath`]), and with [`Repeats::Tree`] nothing is checked and such a child is a
//! new node like any other, so the search goes round cycles until the bound stops it
//! ([`SearchConfig::effective_repeats`]).
//!
//! The textbook writes these searches recursively; the stack here holds the children still to
//! visit at every level of the recursion, next first, so open lists the same nodes a student
//! would write down. Nodes are never shared between iterations: each generation of a state is a
//! new node, except the start, which every iteration takes again.

use rustc_hash::FxHashMap;

use super::Search;
use super::config::{Algorithm, ConfigError, GoalTest, Repeats, SearchConfig};
use super::cost::Cost;
use super::problem::{NodeOf, SearchProblem, Successor};
use super::record::{
    Child, Direction, NewIteration, Node, NodeId, Outcome, Place, Stats, Status, StepEvent,
    StepView,
};
use super::step_log::forward_to_log;
use super::step_log::{Expansions, StepLog};

/// One iteration of a depth-first search: a probe from the start with one bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The bound: the f threshold (IDA*) or the depth limit (IDS, DFS) as a cost.
    pub bound: Cost,
    /// The step (0-based) that began it; 0 for the first.
    pub first_step: usize,
    /// Nodes expanded in it.
    pub expanded: u32,
    /// Children generated in it, pruned and on-path ones included.
    pub generated: u32,
    /// Children pruned in it (f above the bound).
    pub pruned: u32,
}

/// What the views of a depth-first search read besides open and closed:
/// [`Search::depth_first`] returns it.
#[derive(Clone, Copy, Debug)]
pub struct DepthFirstView<'a> {
    /// The bound of the current iteration, compared with each child's f: the f threshold for
    /// IDA* (f = g + h), the depth limit for IDS, DFS and heuristic depth-first (f = depth);
    /// for branch-and-bound the cost of the best goal found ([`Cost::INFINITE`] before the
    /// first), which a child's g + h must stay below.
    pub bound: Cost,
    /// Branch-and-bound: every goal that lowered the bound, with the step (1-based) that found
    /// it, oldest first; the last is the cheapest so far. Empty for the others.
    pub improvements: &'a [(u32, NodeId)],
    /// The smallest f pruned so far in this iteration: the next iteration's bound if this one
    /// ends without the goal. `None` if nothing was pruned yet.
    pub next_bound: Option<Cost>,
    /// Every iteration so far, the current one last.
    pub iterations: &'a [Iteration],
    /// The current path, the start first and the node expanded last at the end: the recursion
    /// stack of the textbook's recursive version, and all such a search remembers besides
    /// open. Empty before the first step.
    pub path: &'a [NodeId],
}

/// What undoing a step restores besides what the log keeps.
#[derive(Clone, Debug)]
struct Undo<S, A> {
    /// The expanded node as it was before the step.
    expanded_before: Node<S, A>,
    /// The arena's length before the step: the step's new nodes come after it.
    nodes_before: u32,
    /// The children the step pushed on the stack.
    pushed: u32,
    /// Set if the step began a new iteration.
    new_iteration: Option<NewIteration>,
    /// The current iteration as it was before the step (the one that ended, if the step
    /// began a new one).
    iteration_before: Iteration,
    bound_before: Cost,
    next_bound_before: Option<Cost>,
    status_before: Status,
    /// Branch-and-bound: the nodes the step pruned from the stack when the bound fell, with
    /// their places in the stack (after the expanded node left it), lowest first.
    removed: Vec<(u32, NodeId)>,
}

/// IDA*, IDS or depth-limited DFS on any [`SearchProblem`]. Implements [`Search`].
pub struct DepthFirst<P: SearchProblem> {
    problem: P,
    config: SearchConfig<P::Heuristic>,
    nodes: Vec<NodeOf<P>>,
    /// Open: the nodes waiting to be expanded, the next one last.
    stack: Vec<NodeId>,
    /// The path from the start to the node expanded last.
    path: Vec<NodeId>,
    /// The states on `path`, for the cycle check; empty in tree search, which checks nothing
    /// (so each child's lookup is the same in every mode).
    on_path: FxHashMap<P::Key, NodeId>,
    /// Whether a child whose state is on the current path is ignored: always but in tree
    /// search.
    checks_path: bool,
    /// Closed (every node expanded, in order, across iterations), the steps, their children
    /// and the counters.
    log: StepLog<P::Action, Undo<P::State, P::Action>>,
    /// The successors of the node being expanded, reused from step to step.
    successors: Vec<Successor<P>>,
    bound: Cost,
    next_bound: Option<Cost>,
    iterations: Vec<Iteration>,
    /// Branch-and-bound: the goals that lowered the bound, with their steps; the last is the
    /// best so far.
    improvements: Vec<(u32, NodeId)>,
    /// How many times each state has been expanded, for [`Stats::reexpanded`].
    expansions: Expansions<P::Key>,
    status: Status,
}

impl<P: SearchProblem> DepthFirst<P> {
    /// Starts a search: the start node is on the stack, nothing is expanded yet.
    ///
    /// ```
    /// use searchlab::search::{Algorithm, DepthFirst, Search, SearchConfig, Status};
    /// # use searchlab::search::{Cost, SearchProblem};
    /// # use searchlab::search::example::Count;
    /// // Iterative deepening: limits 0, 1 and 2; the goal is two steps away by `*`, `*`.
    /// let config = SearchConfig::with(Algorithm::IterativeDeepening, ());
    /// let mut search = DepthFirst::try_new(Count, config).unwrap();
    /// search.run(usize::MAX);
    /// let Status::Solved { goal } = search.status() else { panic!() };
    /// assert_eq!(search.node(goal).depth, 2);
    /// let view = search.depth_first().unwrap();
    /// let bounds: Vec<Cost> = view.iterations.iter().map(|i| i.bound).collect();
    /// assert_eq!(bounds, [Cost::units(0), Cost::units(1), Cost::units(2)]);
    /// ```
    pub fn try_new(
        problem: P,
        config: SearchConfig<P::Heuristic>,
    ) -> Result<DepthFirst<P>, ConfigError> {
        config.validate()?;
        problem.check_heuristic(config.heuristic)?;
        debug_assert!(config.algorithm.is_depth_first());
        debug_assert_eq!(config.goal_test, GoalTest::OnExpansion);
        let start = problem.start();
        let h = problem.heuristic(config.heuristic, &start);
        let f = config.priority(0, Cost::ZERO, h);
        let bound = match config.algorithm {
            Algorithm::DepthFirst | Algorithm::HeuristicDepthFirst => {
                Cost::from(config.depth_limit)
            }
            Algorithm::BranchAndBound => Cost::INFINITE,
            // IDA* starts at the start's f = h; IDS at depth 0.
            _ => f,
        };
        let root = Node {
            state: start,
            parent: None,
            action: None,
            g: Cost::ZERO,
            depth: 0,
            h,
            f,
            generated_at: 0,
            expanded_at: None,
            place: Place::Open,
            direction: Direction::Forward,
            tie: 0,
        };
        Ok(DepthFirst {
            problem,
            config,
            nodes: vec![root],
            stack: vec![NodeId(0)],
            path: Vec::new(),
            on_path: FxHashMap::default(),
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
            bound,
            next_bound: None,
            iterations: vec![Iteration {
                bound,
                first_step: 0,
                expanded: 0,
                generated: 0,
                pruned: 0,
            }],
            improvements: Vec::new(),
            expansions: Expansions::new(),
            status: Status::Running,
        })
    }

    /// Whether a new iteration may follow one that ended without the goal: IDA* and IDS.
    fn iterates(&self) -> bool {
        matches!(
            self.config.algorithm,
            Algorithm::IdaStar | Algorithm::IterativeDeepening
        )
    }

    /// Whether the children go on the stack best first (smallest f on top) rather than in the
    /// problem's order: heuristic depth-first and branch-and-bound.
    fn orders_children(&self) -> bool {
        matches!(
            self.config.algorithm,
            Algorithm::HeuristicDepthFirst | Algorithm::BranchAndBound
        )
    }

    /// Whether a child at `depth` with priority `f` is beyond the bound.
    fn beyond_bound(&self, depth: u32, f: Cost) -> bool {
        match self.config.algorithm {
            Algorithm::HeuristicDepthFirst => depth > self.config.depth_limit,
            Algorithm::BranchAndBound => depth > self.config.depth_limit || f >= self.bound,
            _ => f > self.bound,
        }
    }

    /// How the search ends when the stack is empty and no iteration follows: branch-and-bound
    /// with the best goal it found, the others exhausted.
    fn finished(&self) -> Status {
        match self.improvements.last() {
            Some(&(_, goal)) => Status::Solved { goal },
            None => Status::Exhausted,
        }
    }

    /// Branch-and-bound found `goal`: its g is the new bound, and every node on the stack
    /// that cannot beat it is pruned. Returns the pruned nodes with their places.
    fn improve_bound(&mut self, goal: NodeId) -> Vec<(u32, NodeId)> {
        let to = self.nodes[goal.index()].g;
        let from = (!self.improvements.is_empty()).then_some(self.bound);
        self.log
            .push_event(StepEvent::BoundImproved { goal, from, to });
        self.improvements.push((self.log.stats.steps, goal));
        self.bound = to;
        let mut removed = Vec::new();
        let mut kept = 0;
        for at in 0..self.stack.len() {
            let id = self.stack[at];
            if self.nodes[id.index()].f >= to {
                removed.push((at as u32, id));
                self.nodes[id.index()].place = Place::Pruned;
                self.log.push_event(StepEvent::OpenPruned { node: id });
            } else {
                self.stack[kept] = id;
                kept += 1;
            }
        }
        self.stack.truncate(kept);
        removed
    }

    /// Makes `id` the end of the current path: its ancestors stay (in a depth-first order they
    /// are exactly the first `depth` nodes of the path), everything deeper leaves.
    fn enter_path(&mut self, id: NodeId) {
        let depth = self.nodes[id.index()].depth as usize;
        for left in self.path.drain(depth.min(self.path.len())..) {
            if self.checks_path {
                self.on_path
                    .remove(&self.problem.key(&self.nodes[left.index()].state));
            }
        }
        self.path.push(id);
        if self.checks_path {
            let key = self.problem.key(&self.nodes[id.index()].state);
            self.on_path.insert(key, id);
        }
    }

    /// Sets the path to the parent chain of the node expanded last, after an undo.
    fn rebuild_path(&mut self) {
        self.path.clear();
        self.on_path.clear();
        let mut at = self.log.closed().last().copied();
        while let Some(id) = at {
            self.path.push(id);
            at = self.nodes[id.index()].parent;
        }
        self.path.reverse();
        if self.checks_path {
            for &id in &self.path {
                let key = self.problem.key(&self.nodes[id.index()].state);
                self.on_path.insert(key, id);
            }
        }
    }

    fn do_step(&mut self) -> bool {
        if !self.status.is_running() {
            return false;
        }
        // An empty stack with the search still running means the iteration ended with
        // something pruned: this step begins the next one from the start.
        let restart = self.stack.is_empty();
        if restart && (!self.iterates() || self.next_bound.is_none()) {
            self.status = Status::Exhausted;
            return false;
        }
        let id = if restart {
            NodeId(0)
        } else {
            *self.stack.last().expect("non-empty")
        };
        let before = self.nodes[id.index()];
        let goal_taken = self.problem.is_goal(&before.state);
        self.enter_path(id);
        let mut successors = std::mem::take(&mut self.successors);
        successors.clear();
        if !goal_taken {
            self.problem.successors(&before.state, &mut successors);
        }
        // Every child not ignored as on the path becomes a node, pruned or not. An expansion
        // that would pass the limit is refused whole.
        let new = successors
            .iter()
            .filter(|(_, s, _)| !self.on_path.contains_key(&self.problem.key(s)))
            .count();
        if self.nodes.len() + new > self.config.node_limit {
            self.successors = successors;
            self.rebuild_path();
            self.status = Status::LimitReached;
            return false;
        }
        let undo = Undo {
            expanded_before: before,
            nodes_before: self.nodes.len() as u32,
            pushed: 0,
            new_iteration: None,
            iteration_before: *self.iterations.last().expect("one iteration at least"),
            bound_before: self.bound,
            next_bound_before: self.next_bound,
            status_before: self.status,
            removed: Vec::new(),
        };
        let first_step = self.log.len();
        let mut pending = self.log.begin(id, undo);
        if restart {
            let to = self.next_bound.take().expect("checked above");
            pending.undo.new_iteration = Some(NewIteration {
                number: self.iterations.len() + 1,
                from: self.bound,
                to,
            });
            self.bound = to;
            self.iterations.push(Iteration {
                bound: to,
                first_step,
                expanded: 0,
                generated: 0,
                pruned: 0,
            });
        } else {
            self.stack.pop();
            self.log.stats.open -= 1;
        }
        let node = &mut self.nodes[id.index()];
        node.place = Place::Closed;
        node.expanded_at = Some(self.log.stats.steps);

        if goal_taken && self.config.algorithm == Algorithm::BranchAndBound {
            pending.goal_found = true;
            pending.undo.removed = self.improve_bound(id);
            self.log.stats.open = self.stack.len() as u32;
            if self.stack.is_empty() {
                self.status = self.finished();
            }
        } else if goal_taken {
            pending.goal_found = true;
            self.status = Status::Solved { goal: id };
        } else {
            self.log.stats.expanded += 1;
            if self.expansions.expand(self.problem.key(&before.state)) {
                self.log.stats.reexpanded += 1;
            }
            let depth = before.depth + 1;
            let first_pushed = self.stack.len();
            let mut iteration = *self.iterations.last().expect("one iteration at least");
            iteration.expanded += 1;
            for &(action, state, cost) in &successors {
                self.log.stats.generated += 1;
                iteration.generated += 1;
                let g = before.g + cost;
                let key = self.problem.key(&state);
                if let Some(&on) = self.on_path.get(&key) {
                    self.log.stats.duplicates += 1;
                    self.log.push_child(Child {
                        node: on,
                        action,
                        g,
                        outcome: Outcome::OnPath,
                    });
                    continue;
                }
                let h = self.problem.heuristic(self.config.heuristic, &state);
                let f = self.config.priority(depth, g, h);
                let pruned = self.beyond_bound(depth, f);
                let child = NodeId(self.nodes.len() as u32);
                self.nodes.push(Node {
                    state,
                    parent: Some(id),
                    action: Some(action),
                    g,
                    depth,
                    h,
                    f,
                    generated_at: self.log.stats.steps,
                    expanded_at: None,
                    place: if pruned { Place::Pruned } else { Place::Open },
                    direction: Direction::Forward,
                    tie: 0,
                });
                let outcome = if pruned {
                    iteration.pruned += 1;
                    // Only a bound raised by iterations has a next value.
                    if !self.orders_children() {
                        self.next_bound = Some(self.next_bound.map_or(f, |b| b.min(f)));
                    }
                    Outcome::Pruned
                } else {
                    self.stack.push(child);
                    Outcome::New
                };
                self.log.push_child(Child {
                    node: child,
                    action,
                    g,
                    outcome,
                });
            }
            // The first child generated is expanded first, or the best when children are
            // ordered (ties in the problem's order): it goes on top.
            if self.orders_children() {
                let nodes = &self.nodes;
                self.stack[first_pushed..]
                    .sort_by_key(|id| std::cmp::Reverse((nodes[id.index()].f, *id)));
            } else {
                self.stack[first_pushed..].reverse();
            }
            pending.undo.pushed = (self.stack.len() - first_pushed) as u32;
            *self.iterations.last_mut().expect("one iteration at least") = iteration;
            self.log.stats.open = self.stack.len() as u32;
            self.log.stats.max_open = self.log.stats.max_open.max(self.log.stats.open);
            self.log.stats.nodes = self.nodes.len() as u32;
            if self.stack.is_empty() && (!self.iterates() || self.next_bound.is_none()) {
                self.status = self.finished();
            }
        }
        self.successors = successors;
        // The textbook's memory: the path and the siblings waiting beside it.
        self.log.stats.held = (self.path.len() + self.stack.len()) as u32;
        self.log.commit(pending);
        true
    }

    /// Step `index`, with the iteration it began, if any.
    fn view(&self, index: usize) -> StepView<'_, P::Action> {
        StepView {
            new_iteration: self.log.undo_record(index).new_iteration,
            ..self.log.view(index)
        }
    }
}

impl<P: SearchProblem> Search<P> for DepthFirst<P> {
    forward_to_log!(nodes);

    fn step(&mut self) -> Option<StepView<'_, P::Action>> {
        self.do_step().then(|| self.view(self.log.len() - 1))
    }

    fn step_back(&mut self) -> bool {
        // The children need no undoing of their own: every node the step created is at the
        // arena's end, and every node it pushed is on top of the stack.
        let expanded_before = self.log.stats.expanded;
        let Some(step) = self.log.undo(|_| ()) else {
            return false;
        };
        let record = step.undo;
        if self.log.stats.expanded < expanded_before {
            let key = self.problem.key(&record.expanded_before.state);
            self.expansions.unexpand(&key);
        }
        self.nodes.truncate(record.nodes_before as usize);
        self.stack
            .truncate(self.stack.len() - record.pushed as usize);
        for &(at, id) in &record.removed {
            self.stack.insert(at as usize, id);
            self.nodes[id.index()].place = Place::Open;
        }
        // A step that lowered the bound is the last improvement's.
        if self.improvements.last().map(|&(step, _)| step) == Some(self.log.stats.steps + 1) {
            self.improvements.pop();
        }
        if record.new_iteration.is_some() {
            self.iterations.pop();
        } else {
            self.stack.push(step.expanded);
        }
        *self.iterations.last_mut().expect("one iteration at least") = record.iteration_before;
        self.nodes[step.expanded.index()] = record.expanded_before;
        self.bound = record.bound_before;
        self.next_bound = record.next_bound_before;
        self.status = record.status_before;
        self.rebuild_path();
        true
    }

    fn step_at(&self, index: usize) -> StepView<'_, P::Action> {
        self.view(index)
    }

    fn open_len(&self) -> usize {
        self.stack.len()
    }

    /// The stack from the top: the next node to expand first.
    fn open_nodes(&self) -> Box<dyn Iterator<Item = NodeId> + '_> {
        Box::new(self.stack.iter().rev().copied())
    }

    fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        let path_slot = size_of::<(P::Key, NodeId)>() + 1;
        self.nodes.capacity() * size_of::<NodeOf<P>>()
            + (self.stack.capacity() + self.path.capacity()) * size_of::<NodeId>()
            + self.on_path.capacity() * path_slot * 8 / 7
            + self.log.memory_bytes()
            + self.successors.capacity() * size_of::<Successor<P>>()
            + self.iterations.capacity() * size_of::<Iteration>()
            + self.expansions.memory_bytes()
            + self.improvements.capacity() * size_of::<(u32, NodeId)>()
    }

    fn depth_first(&self) -> Option<DepthFirstView<'_>> {
        Some(DepthFirstView {
            bound: self.bound,
            next_bound: self.next_bound,
            iterations: &self.iterations,
            path: &self.path,
            improvements: &self.improvements,
        })
    }
}
