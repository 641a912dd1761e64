//! The best-first engine behind every algorithm: open is ordered by a priority f and a tie-break,
//! closed nodes are remembered, and every step is recorded so it can be undone exactly.
//!
//! BFS is this engine with f = depth and first-in-first-out ties, which is exactly a FIFO
//! queue, so it needs no code of its own. Nothing here knows what a state is: the
//! [`SearchProblem`] lists successors, tests goals and estimates.

use super::Search;
use super::config::{ConfigError, GoalTest, SearchConfig};
use super::frontier::{Frontier, Reached};
use super::problem::{NodeOf, SearchProblem, Successor};
use super::record::{Child, Direction, NodeId, Outcome, Stats, Status, StepView};

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
    /// The nodes, open (ordered by f and the tie-break) and the index of seen states.
    frontier: Frontier<P>,
    closed: Vec<NodeId>,
    steps: Vec<StepRecord>,
    children: Vec<Child<P::Action>>,
    /// The successors of the node being expanded, reused from step to step.
    successors: Vec<Successor<P>>,
    stats: Stats,
    status: Status,
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
            frontier: Frontier::new(&problem, config, 1),
            problem,
            config,
            closed: Vec::new(),
            steps: Vec::new(),
            children: Vec::new(),
            successors: Vec::new(),
            stats: Stats::default(),
            status: Status::Running,
        };
        let key = search.problem.key(&start);
        let id = search
            .frontier
            .push(Direction::Forward, start, None, h, &mut search.stats);
        let index = &mut search.frontier.half_mut(Direction::Forward).index;
        index.insert(&search.problem, key, id);
        if config.goal_test == GoalTest::OnGeneration && search.problem.is_goal(&start) {
            search.status = Status::Solved { goal: id };
        }
        Ok(search)
    }

    /// The nodes expanding the current successors would create: those not seen yet, up to the
    /// goal with the goal test at generation (the expansion stops there). Exact, so a search
    /// is stopped by the node limit only if it would really exceed it.
    fn new_children(&self) -> usize {
        let index = &self.frontier.half(Direction::Forward).index;
        let mut new = 0;
        for (_, child, _) in &self.successors {
            if index.get(&self.problem, &self.problem.key(child)).is_none() {
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
        let Some((key, id)) = self.frontier.half_mut(Direction::Forward).open.pop_first() else {
            self.status = Status::Exhausted;
            return false;
        };
        // The goal is recognised whatever the limit: taking it from open creates no node. An
        // expansion that would create more nodes than the limit allows is refused whole rather
        // than stopped halfway.
        let parent = self.frontier.nodes[id.index()];
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
        let nodes = self.frontier.nodes.len();
        let could_pass = nodes + self.successors.len() > self.config.node_limit;
        if !goal_taken && could_pass && nodes + self.new_children() > self.config.node_limit {
            let open = &mut self.frontier.half_mut(Direction::Forward).open;
            open.insert(key, id);
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
        self.frontier.close(id, self.stats.steps);
        let depth = parent.depth + 1;

        if goal_taken {
            record.goal_found = true;
            self.status = Status::Solved { goal: id };
        } else {
            self.stats.expanded += 1;
            let successors = std::mem::take(&mut self.successors);
            for &(action, child_state, cost) in &successors {
                self.stats.generated += 1;
                let reached = Reached {
                    parent: id,
                    action,
                    g: parent.g + cost,
                    depth,
                };
                // One lookup: a state not seen yet is entered under the id it is about to get.
                let next_id = NodeId(self.frontier.nodes.len() as u32);
                let key = self.problem.key(&child_state);
                let index = &mut self.frontier.half_mut(Direction::Forward).index;
                let (child, outcome) = match index.get_or_insert(&self.problem, key, next_id) {
                    None => {
                        let h = self.problem.heuristic(self.config.heuristic, &child_state);
                        let child = self.frontier.push(
                            Direction::Forward,
                            child_state,
                            Some(reached),
                            h,
                            &mut self.stats,
                        );
                        (child, Outcome::New)
                    }
                    Some(existing) => {
                        let outcome = self.frontier.revisit(existing, reached, &mut self.stats);
                        (existing, outcome)
                    }
                };
                self.children.push(Child {
                    node: child,
                    action,
                    g: reached.g,
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
            if self.status.is_running() && self.open_len() == 0 {
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
        let children = record.children_start as usize..record.children_end as usize;
        debug_assert_eq!(children.end, self.children.len());
        self.frontier
            .undo_children(&self.problem, &self.children[children]);
        self.children.truncate(record.children_start as usize);
        self.closed.pop();
        self.frontier
            .unclose(record.expanded, record.expanded_at_before);
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
        &self.frontier.nodes[id.index()]
    }

    fn node_count(&self) -> usize {
        self.frontier.nodes.len()
    }

    fn open_len(&self) -> usize {
        self.frontier.half(Direction::Forward).open.len()
    }

    fn open_nodes(&self) -> Box<dyn Iterator<Item = NodeId> + '_> {
        Box::new(
            self.frontier
                .half(Direction::Forward)
                .open
                .values()
                .copied(),
        )
    }

    fn closed(&self) -> &[NodeId] {
        &self.closed
    }

    fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        self.frontier.memory_bytes()
            + self.closed.capacity() * size_of::<NodeId>()
            + self.steps.capacity() * size_of::<StepRecord>()
            + self.children.capacity() * size_of::<Child<P::Action>>()
            + self.successors.capacity() * size_of::<Successor<P>>()
    }
}
