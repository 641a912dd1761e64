//! The best-first engine behind every algorithm: open is ordered by a priority f and a tie-break,
//! closed nodes are remembered, and every step is recorded so it can be undone exactly.
//!
//! BFS is this engine with f = depth and first-in-first-out ties, which is exactly a FIFO
//! queue, so it needs no code of its own. Nothing here knows what a state is: the
//! [`SearchProblem`] lists successors, tests goals and estimates.
//!
//! **Repeated states** ([`Repeats`]). Graph search looks every child up in the index of states
//! reached (open and closed) and makes a new node only of a state not seen. Tree search looks
//! nothing up: every child is a new node in open. Cycle checking (tree search with
//! [`Repeats::PathCheck`]) first walks the child's own path, the expanded node and its
//! ancestors, and discards a child whose state is on it ([`Outcome::OnPath`]). Either tree
//! search still enters the first node of each state in the index, not to prune but to count
//! the states generated again ([`Stats::repeated`], [`Search::repeat_of`]); closed is then only
//! the record of what was expanded, for the views.

use super::Search;
use super::config::{ConfigError, GoalTest, Repeats, SearchConfig};
use super::frontier::{Frontier, Reached};
use super::problem::{SearchProblem, Successor};
use super::record::{Child, Direction, NodeId, Outcome, Stats, Status, StepView};
use super::step_log::forward_to_log;
use super::step_log::{Expansions, StepLog};

/// What undoing a step restores in the frontier besides what the log keeps, kept small: there
/// is one per expansion. The expanded node was in open (a step only removes it and marks it
/// expanded), the status was running, and the sequence number advanced once per child that
/// entered open.
#[derive(Clone, Debug)]
struct Undo {
    /// The step at which the expanded node had last been expanded (a reopened node), if any.
    expanded_at_before: Option<u32>,
}

/// One search with any best-first priority, on any [`SearchProblem`]. Implements [`Search`].
pub struct BestFirst<P: SearchProblem> {
    problem: P,
    config: SearchConfig<P::Heuristic>,
    /// The nodes, open (ordered by f and the tie-break) and the index of seen states.
    frontier: Frontier<P>,
    /// Closed, the steps, their children and the counters.
    log: StepLog<P::Action, Undo>,
    /// The successors of the node being expanded, reused from step to step.
    successors: Vec<Successor<P>>,
    /// Tree search only: how many times each state has been expanded, for
    /// [`Stats::reexpanded`] (graph search knows it from the node: a state has one).
    expansions: Option<Expansions<P::Key>>,
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
            log: StepLog::new(Stats::default()),
            successors: Vec::new(),
            expansions: (config.repeats != Repeats::Graph).then(Expansions::new),
            status: Status::Running,
        };
        let key = search.problem.key(&start);
        let id = search
            .frontier
            .push(Direction::Forward, start, None, h, &mut search.log.stats);
        let index = &mut search.frontier.half_mut(Direction::Forward).index;
        index.insert(&search.problem, key, id);
        if config.goal_test == GoalTest::OnGeneration && search.problem.is_goal(&start) {
            search.status = Status::Solved { goal: id };
        }
        Ok(search)
    }

    /// The nodes expanding the current successors of node `parent` would create: in graph
    /// search those not seen yet, in tree search all, with cycle checking those off the path,
    /// up to the goal with the goal test at generation (the expansion stops there). Exact, so a
    /// search is stopped by the node limit only if it would really exceed it.
    fn new_children(&self, parent: NodeId) -> usize {
        let index = &self.frontier.half(Direction::Forward).index;
        let mut new = 0;
        for (_, child, _) in &self.successors {
            let is_new = match self.config.repeats {
                Repeats::Graph => index.get(&self.problem, &self.problem.key(child)).is_none(),
                Repeats::Tree => true,
                Repeats::PathCheck => self.on_path(parent, child).is_none(),
            };
            if is_new {
                new += 1;
            }
            if self.config.goal_test == GoalTest::OnGeneration && self.problem.is_goal(child) {
                break;
            }
        }
        new
    }

    /// The node of `state` on the path from the start to node `end` (`end` included), if any.
    fn on_path(&self, end: NodeId, state: &P::State) -> Option<NodeId> {
        let mut at = Some(end);
        while let Some(id) = at {
            let node = &self.frontier.nodes[id.index()];
            if node.state == *state {
                return Some(id);
            }
            at = node.parent;
        }
        None
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
        if !goal_taken && could_pass && nodes + self.new_children(id) > self.config.node_limit {
            let open = &mut self.frontier.half_mut(Direction::Forward).open;
            open.insert(key, id);
            self.status = Status::LimitReached;
            return false;
        }
        let undo = Undo {
            expanded_at_before: parent.expanded_at,
        };
        let mut pending = self.log.begin(id, undo);
        self.log.stats.open -= 1;
        self.frontier.close(id, self.log.stats.steps);
        let depth = parent.depth + 1;

        if goal_taken {
            pending.goal_found = true;
            self.status = Status::Solved { goal: id };
        } else {
            self.log.stats.expanded += 1;
            let again = match &mut self.expansions {
                Some(expansions) => expansions.expand(self.problem.key(&parent.state)),
                None => parent.expanded_at.is_some(),
            };
            if again {
                self.log.stats.reexpanded += 1;
            }
            let repeats = self.config.repeats;
            let successors = std::mem::take(&mut self.successors);
            for &(action, child_state, cost) in &successors {
                self.log.stats.generated += 1;
                let reached = Reached {
                    parent: id,
                    action,
                    g: parent.g + cost,
                    depth,
                };
                let on_path = match repeats {
                    Repeats::PathCheck => self.on_path(id, &child_state),
                    Repeats::Graph | Repeats::Tree => None,
                };
                // One lookup: a state not seen yet is entered under the id it is about to get.
                let next_id = NodeId(self.frontier.nodes.len() as u32);
                let key = self.problem.key(&child_state);
                let index = &mut self.frontier.half_mut(Direction::Forward).index;
                let (child, outcome) = if let Some(ancestor) = on_path {
                    self.log.stats.duplicates += 1;
                    (ancestor, Outcome::OnPath)
                } else {
                    match (index.get_or_insert(&self.problem, key, next_id), repeats) {
                        (Some(existing), Repeats::Graph) => {
                            let outcome =
                                self.frontier
                                    .revisit(existing, reached, &mut self.log.stats);
                            (existing, outcome)
                        }
                        (seen, _) => {
                            // Tree search: the index keeps each state's first node, and a state
                            // seen already is a new node all the same.
                            if seen.is_some() {
                                self.log.stats.repeated += 1;
                            }
                            let h = self.problem.heuristic(self.config.heuristic, &child_state);
                            let child = self.frontier.push(
                                Direction::Forward,
                                child_state,
                                Some(reached),
                                h,
                                &mut self.log.stats,
                            );
                            (child, Outcome::New)
                        }
                    }
                };
                self.log.push_child(Child {
                    node: child,
                    action,
                    g: reached.g,
                    outcome,
                });
                if self.config.goal_test == GoalTest::OnGeneration
                    && self.problem.is_goal(&child_state)
                {
                    pending.goal_found = true;
                    self.status = Status::Solved { goal: child };
                    break;
                }
            }
            self.successors = successors;
            if self.status.is_running() && self.open_len() == 0 {
                self.status = Status::Exhausted;
            }
        }
        self.log.commit(pending);
        true
    }
}

impl<P: SearchProblem> Search<P> for BestFirst<P> {
    forward_to_log!(frontier.nodes);

    fn step(&mut self) -> Option<StepView<'_, P::Action>> {
        self.do_step().then(|| self.log.last())
    }

    fn step_back(&mut self) -> bool {
        let expanded_before = self.log.stats.expanded;
        let (frontier, problem) = (&mut self.frontier, &self.problem);
        let Some(step) = self
            .log
            .undo(|children| frontier.undo_children(problem, children))
        else {
            return false;
        };
        // A step that took the goal expanded nothing: the counter tells.
        if self.log.stats.expanded < expanded_before
            && let Some(expansions) = &mut self.expansions
        {
            expansions.unexpand(&problem.key(&frontier.nodes[step.expanded.index()].state));
        }
        frontier.unclose(step.expanded, step.undo.expanded_at_before);
        // Only a running search takes a step.
        self.status = Status::Running;
        true
    }

    fn step_at(&self, index: usize) -> StepView<'_, P::Action> {
        self.log.view(index)
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

    fn repeat_of(&self, id: NodeId) -> Option<NodeId> {
        if self.config.repeats == Repeats::Graph {
            return None;
        }
        let key = self.problem.key(&self.frontier.nodes[id.index()].state);
        let index = &self.frontier.half(Direction::Forward).index;
        let first = index.get(&self.problem, &key)?;
        (first != id).then_some(first)
    }

    fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        self.frontier.memory_bytes()
            + self.log.memory_bytes()
            + self.successors.capacity() * size_of::<Successor<P>>()
            + self.expansions.as_ref().map_or(0, Expansions::memory_bytes)
    }
}

#[cfg(test)]
mod tests {
    use crate::search::example::{Count, Ring};
    use crate::search::{
        Algorithm, Outcome, Repeats, Search, SearchConfig, SearchProblem, Status, new_search,
    };

    fn config(algorithm: Algorithm, repeats: Repeats, node_limit: usize) -> SearchConfig<()> {
        SearchConfig {
            repeats,
            node_limit,
            ..SearchConfig::with(algorithm, ())
        }
    }

    /// The first node of each node's state, by a scan of the arena: what `repeat_of` should say.
    fn first_nodes<P: SearchProblem>(search: &dyn Search<P>) -> Vec<Option<super::NodeId>> {
        (0..search.node_count())
            .map(|i| {
                let id = super::NodeId(i as u32);
                let state = search.node(id).state;
                (0..i)
                    .map(|j| super::NodeId(j as u32))
                    .find(|&j| search.node(j).state == state)
            })
            .collect()
    }

    /// Counting to 4 reaches 2, 3 and 4 by several paths: tree search makes a node of each
    /// path, counts the states generated again, and finds the same answer as graph search.
    #[test]
    fn tree_search_makes_every_child_a_new_node_and_counts_the_states_generated_again() {
        for algorithm in [Algorithm::BreadthFirst, Algorithm::UniformCost] {
            let mut graph = new_search(Count, config(algorithm, Repeats::Graph, 1000));
            graph.run(usize::MAX);
            let mut tree = new_search(Count, config(algorithm, Repeats::Tree, 1000));
            while let Some(step) = tree.step() {
                assert!(step.children.iter().all(|c| c.outcome == Outcome::New));
            }
            let stats = tree.stats();
            assert_eq!(
                tree.solution_states(),
                graph.solution_states(),
                "{algorithm}"
            );
            assert!(stats.expanded > graph.stats().expanded, "{algorithm}");
            assert_eq!(stats.duplicates, 0);
            assert_eq!(stats.nodes as usize, tree.node_count());
            assert_eq!(stats.generated + 1, stats.nodes);
            let first = first_nodes(tree.as_ref());
            for (i, first) in first.iter().enumerate() {
                assert_eq!(
                    tree.repeat_of(super::NodeId(i as u32)),
                    *first,
                    "{algorithm}"
                );
            }
            let repeated = first.iter().filter(|f| f.is_some()).count();
            assert!(repeated > 0);
            assert_eq!(stats.repeated as usize, repeated, "{algorithm}");
            // Graph search has one node per state.
            assert_eq!(graph.stats().repeated, 0);
            assert!(first_nodes(graph.as_ref()).iter().all(Option::is_none));
            assert!(
                (0..graph.node_count()).all(|i| graph.repeat_of(super::NodeId(i as u32)).is_none())
            );
        }
    }

    /// Cycle checking drops exactly the children whose state is on their own path, naming the
    /// node there; every other child is a new node, even of a state seen elsewhere.
    #[test]
    fn cycle_checking_drops_a_child_on_its_own_path() {
        let mut search = new_search(
            Ring,
            config(Algorithm::BreadthFirst, Repeats::PathCheck, 100),
        );
        let (mut on_path, mut repeated) = (0, 0);
        while search.step().is_some() {
            let step = search.step_at(search.steps() - 1);
            let path = search.path_to(step.expanded);
            for child in step.children {
                let state = search.node(child.node).state;
                let ancestor = path.iter().find(|&&id| search.node(id).state == state);
                match child.outcome {
                    Outcome::OnPath => {
                        on_path += 1;
                        assert_eq!(ancestor, Some(&child.node));
                    }
                    Outcome::New => {
                        assert_eq!(ancestor, None);
                        repeated += usize::from(search.repeat_of(child.node).is_some());
                    }
                    other => panic!("{other:?}"),
                }
            }
        }
        // The two ways round the ring, 0 1 2 and 0 2 1, and nothing else.
        assert_eq!(search.status(), Status::Exhausted);
        assert_eq!(search.node_count(), 5);
        assert_eq!((on_path, repeated), (6, 2));
        let stats = search.stats();
        assert_eq!((stats.duplicates, stats.repeated), (6, 2));
    }

    /// The record-free engine is a graph search: it refuses tree search rather than ignore it.
    #[test]
    fn the_record_free_engine_refuses_tree_search() {
        use crate::search::{ConfigError, plain_search};
        for repeats in [Repeats::Tree, Repeats::PathCheck] {
            let refused = plain_search(&Ring, config(Algorithm::BreadthFirst, repeats, 100));
            assert_eq!(refused.err(), Some(ConfigError::RecordFree(repeats)));
        }
        assert!(plain_search(&Ring, config(Algorithm::BreadthFirst, Repeats::Graph, 100)).is_ok());
    }

    /// Round the ring, tree search never ends by itself: the node limit stops it, best-first or
    /// depth-first, while graph search and cycle checking end with open exhausted. The limit
    /// counts only the nodes an expansion would make: the children on their path are none.
    #[test]
    fn the_node_limit_stops_a_tree_search_round_a_cycle() {
        let limit = 50;
        for algorithm in [
            Algorithm::BreadthFirst,
            Algorithm::UniformCost,
            Algorithm::AStar,
            Algorithm::DepthFirst,
            Algorithm::IterativeDeepening,
            Algorithm::IdaStar,
        ] {
            let mut tree = new_search(Ring, config(algorithm, Repeats::Tree, limit));
            tree.run(usize::MAX);
            assert_eq!(tree.status(), Status::LimitReached, "{algorithm}");
            // Refused whole: the next expansion's two children would pass the limit.
            assert!(
                tree.node_count() <= limit && tree.node_count() + 2 > limit,
                "{algorithm}"
            );
            // Five nodes: the cycle-checked tree is the largest, and fits exactly; iterative
            // deepening makes new nodes in every iteration.
            let fits = match algorithm {
                Algorithm::IterativeDeepening | Algorithm::IdaStar => 1000,
                _ => 5,
            };
            for repeats in [Repeats::Graph, Repeats::PathCheck] {
                let mut search = new_search(Ring, config(algorithm, repeats, fits));
                search.run(usize::MAX);
                assert_eq!(search.status(), Status::Exhausted, "{algorithm} {repeats}");
            }
        }
    }
}
