//! The bidirectional engine behind bidirectional BFS and bidirectional uniform-cost search: one
//! search forward from the start by successors, one backward from the goal by predecessors,
//! each with its own open list and its own index of reached states, in one arena of nodes
//! that each say which half they belong to ([`Direction`]). Every step expands one node of one
//! half and is recorded so it can be undone exactly.
//!
//! **Meeting.** Each child that gets a new or shorter path is looked up in the other half's
//! index (open and closed alike); a hit is a path start → child → goal, and the cheapest such
//! path so far is the meeting, of length μ (in steps for BFS, in cost for uniform-cost).
//!
//! **Stopping.** A path not found yet must leave the forward half through a node still in
//! forward open and enter the backward half through a node still in backward open, so it
//! costs at least top_f + top_b (the smallest f in each open list) plus, when those two nodes
//! differ, one more step. Uniform-cost stops when top_f + top_b ≥ μ, the criterion of
//! bidirectional Dijkstra. BFS counts steps, so the extra step is at least 1 and it stops when
//! top_f + top_b + 1 ≥ μ: with whole layers expanded alternately, that holds as soon as the
//! first meeting is found (its length is exactly that bound), which is why BFS stops at once
//! and is still shortest. Stopping at the first meeting is wrong for uniform-cost, and for BFS
//! that switches direction within a layer.
//!
//! **Which half.** BFS expands the whole next layer of the half whose open list (its next
//! layer) is smaller, one node per step, then chooses again; uniform-cost expands the half
//! whose cheapest open node is cheaper (the smaller open list on a tie, then forward), so both
//! radii grow evenly. Within a half, equal f leave first in, first out.
//!
//! A backward node's g and depth count to the goal; its parent is the next node towards the
//! goal, and its action leads from it to that parent. The heuristic plays no part: forward
//! nodes show it as every search does, backward nodes show 0. When solved, [`Status::Solved`]
//! names the goal (the backward half's root) and [`Search::solution`] joins the forward path
//! to the meeting with the backward chain from there to the goal.

use std::collections::BTreeMap;

use super::Search;
use super::config::{Algorithm, ConfigError, GoalTest, SearchConfig};
use super::cost::Cost;
use super::frontier::{Frontier, Reached};
use super::problem::{SearchProblem, Successor};
use super::record::{Child, Direction, NodeId, OpenKey, Outcome, Stats, Status, StepView};
use super::step_log::StepLog;
use super::step_log::forward_to_log;

/// Where the two halves meet: a forward and a backward node of the same state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meeting {
    pub forward: NodeId,
    pub backward: NodeId,
    /// μ: the length of the path through them, in the unit each half is ordered by (steps
    /// for BFS, cost for uniform-cost).
    pub length: Cost,
}

/// What the views of a bidirectional search read besides the forward open list (which is
/// [`Search::open_nodes`]) and closed (both halves, in expansion order):
/// [`Search::bidirectional`] returns it. Each node's half is its [`Node::direction`].
#[derive(Clone, Copy, Debug)]
pub struct BidirectionalView<'a> {
    backward_open: &'a BTreeMap<OpenKey, NodeId>,
    /// The root of the forward half: the start, node 0.
    pub forward_root: NodeId,
    /// The root of the backward half: the goal, node 1.
    pub backward_root: NodeId,
    /// The best meeting found so far, if any.
    pub meeting: Option<Meeting>,
    /// BFS only: the half whose layer is being expanded and that layer's depth.
    pub layer: Option<(Direction, u32)>,
}

impl<'a> BidirectionalView<'a> {
    /// The backward open list in the order it will be popped, next first.
    pub fn backward_open(&self) -> impl Iterator<Item = NodeId> + 'a {
        self.backward_open.values().copied()
    }

    /// The number of nodes in the backward open list.
    pub fn backward_open_len(&self) -> usize {
        self.backward_open.len()
    }
}

/// What undoing a step restores besides what the log keeps (see the best-first engine's
/// record): the expanded node was in open and the status was running.
#[derive(Clone, Debug)]
struct Undo {
    expanded_at_before: Option<u32>,
    meeting_before: Option<Meeting>,
    layer_before: Option<(Direction, u32)>,
}

/// Bidirectional BFS or uniform-cost search on a [`SearchProblem`] that offers a goal state
/// and predecessors. Implements [`Search`].
pub struct Bidirectional<P: SearchProblem> {
    problem: P,
    config: SearchConfig<P::Heuristic>,
    /// The nodes of both halves, and each half's open list and reached states.
    frontier: Frontier<P>,
    /// Closed (both halves, in expansion order), the steps, their children and the counters.
    log: StepLog<P::Action, Undo>,
    successors: Vec<Successor<P>>,
    meeting: Option<Meeting>,
    layer: Option<(Direction, u32)>,
    status: Status,
}

const FORWARD_ROOT: NodeId = NodeId(0);
const BACKWARD_ROOT: NodeId = NodeId(1);

impl<P: SearchProblem> Bidirectional<P> {
    /// Starts a search: the start in forward open, the goal in backward open. Refused with
    /// [`ConfigError::NoBackwardSearch`] if the problem has no goal state.
    ///
    /// ```
    /// use searchlab::search::{Algorithm, Bidirectional, Search, SearchConfig, Status};
    /// # use searchlab::search::{Cost, SearchProblem};
    /// # use searchlab::search::example::Count;
    /// let config = SearchConfig::with(Algorithm::BidirectionalUcs, ());
    /// let mut search = Bidirectional::try_new(Count, config).unwrap();
    /// search.run(usize::MAX);
    /// assert!(matches!(search.status(), Status::Solved { .. }));
    /// // Four steps of cost 1 are cheaper than two of cost 3.
    /// assert_eq!(search.solution_states().unwrap(), vec![0, 1, 2, 3, 4]);
    /// assert_eq!(search.bidirectional().unwrap().meeting.unwrap().length, Cost::units(4));
    /// ```
    pub fn try_new(
        problem: P,
        config: SearchConfig<P::Heuristic>,
    ) -> Result<Bidirectional<P>, ConfigError> {
        config.validate()?;
        problem.check_heuristic(config.heuristic)?;
        debug_assert!(config.algorithm.is_bidirectional());
        debug_assert_eq!(config.goal_test, GoalTest::OnExpansion);
        let goal = problem.goal_state().ok_or(ConfigError::NoBackwardSearch)?;
        let start = problem.start();
        let mut search = Bidirectional {
            frontier: Frontier::new(&problem, config, 2),
            problem,
            config,
            log: StepLog::new(Stats::default()),
            successors: Vec::new(),
            meeting: None,
            layer: None,
            status: Status::Running,
        };
        let h = search.problem.heuristic(config.heuristic, &start);
        let root = search.push_root(Direction::Forward, start, h);
        let goal_root = search.push_root(Direction::Backward, goal, Cost::ZERO);
        debug_assert_eq!((root, goal_root), (FORWARD_ROOT, BACKWARD_ROOT));
        search.meet(Direction::Backward, goal_root);
        search.check_stop();
        Ok(search)
    }

    /// Enters a half's root in its open list and index.
    fn push_root(&mut self, direction: Direction, state: P::State, h: Cost) -> NodeId {
        let id = self
            .frontier
            .push(direction, state, None, h, &mut self.log.stats);
        let key = self.problem.key(&state);
        let index = &mut self.frontier.half_mut(direction).index;
        index.insert(&self.problem, key, id);
        id
    }

    /// Looks the node up in the other half and keeps the meeting if it is the best so far.
    fn meet(&mut self, direction: Direction, id: NodeId) {
        let node = self.frontier.nodes[id.index()];
        let other = match direction {
            Direction::Forward => Direction::Backward,
            Direction::Backward => Direction::Forward,
        };
        let index = &self.frontier.half(other).index;
        let Some(twin) = index.get(&self.problem, &self.problem.key(&node.state)) else {
            return;
        };
        let length = node.f + self.frontier.nodes[twin.index()].f;
        if self.meeting.is_some_and(|m| m.length <= length) {
            return;
        }
        let (forward, backward) = match direction {
            Direction::Forward => (id, twin),
            Direction::Backward => (twin, id),
        };
        self.meeting = Some(Meeting {
            forward,
            backward,
            length,
        });
    }

    /// The smallest f in a half's open list.
    fn top(&self, direction: Direction) -> Option<Cost> {
        self.frontier
            .half(direction)
            .open
            .first_key_value()
            .map(|(k, _)| Cost::from_raw(k.priority))
    }

    /// Ends the search if the meeting is proved best, or a half has nothing left to expand.
    fn check_stop(&mut self) {
        let (top_f, top_b) = (self.top(Direction::Forward), self.top(Direction::Backward));
        let (Some(top_f), Some(top_b)) = (top_f, top_b) else {
            // One half reached all it can reach, each state with its shortest path, and each
            // was checked against the other half: the best meeting is the answer, or none
            // exists.
            self.status = match self.meeting {
                Some(_) => Status::Solved {
                    goal: BACKWARD_ROOT,
                },
                None => Status::Exhausted,
            };
            return;
        };
        // BFS counts steps, so a path not found yet needs at least one step more.
        let step = match self.config.algorithm {
            Algorithm::BidirectionalBfs => Cost::ONE,
            _ => Cost::ZERO,
        };
        if self
            .meeting
            .is_some_and(|m| m.length <= top_f + top_b + step)
        {
            self.status = Status::Solved {
                goal: BACKWARD_ROOT,
            };
        }
    }

    /// The half the next step expands, and for BFS the layer it belongs to.
    fn choose(&self) -> (Direction, Option<(Direction, u32)>) {
        let (f, b) = (
            self.frontier.half(Direction::Forward).open.len(),
            self.frontier.half(Direction::Backward).open.len(),
        );
        if self.config.algorithm == Algorithm::BidirectionalBfs {
            if let Some((direction, depth)) = self.layer
                && self.top(direction) == Some(Cost::from(depth))
            {
                return (direction, self.layer);
            }
            let direction = if b < f {
                Direction::Backward
            } else {
                Direction::Forward
            };
            let depth = self
                .top(direction)
                .map_or(0, |c| (c.raw() / Cost::SCALE) as u32);
            return (direction, Some((direction, depth)));
        }
        let by_cost = (self.top(Direction::Backward), b).cmp(&(self.top(Direction::Forward), f));
        let direction = if by_cost.is_lt() {
            Direction::Backward
        } else {
            Direction::Forward
        };
        (direction, None)
    }

    fn do_step(&mut self) -> bool {
        if !self.status.is_running() {
            return false;
        }
        let (direction, layer) = self.choose();
        let Some((&key, &id)) = self.frontier.half(direction).open.first_key_value() else {
            self.status = Status::Exhausted;
            return false;
        };
        let parent = self.frontier.nodes[id.index()];
        let mut successors = std::mem::take(&mut self.successors);
        successors.clear();
        match direction {
            Direction::Forward => self.problem.successors(&parent.state, &mut successors),
            Direction::Backward => self.problem.predecessors(&parent.state, &mut successors),
        }
        let index = &self.frontier.half(direction).index;
        let new = successors
            .iter()
            .filter(|(_, s, _)| index.get(&self.problem, &self.problem.key(s)).is_none())
            .count();
        if self.frontier.nodes.len() + new > self.config.node_limit {
            self.successors = successors;
            self.status = Status::LimitReached;
            return false;
        }
        let undo = Undo {
            expanded_at_before: parent.expanded_at,
            meeting_before: self.meeting,
            layer_before: self.layer,
        };
        let mut pending = self.log.begin(id, undo);
        self.layer = layer;
        self.frontier.half_mut(direction).open.remove(&key);
        self.log.stats.expanded += 1;
        if parent.expanded_at.is_some() {
            self.log.stats.reexpanded += 1;
        }
        self.log.stats.open -= 1;
        self.frontier.close(id, self.log.stats.steps);
        let depth = parent.depth + 1;
        for &(action, state, cost) in &successors {
            self.log.stats.generated += 1;
            let reached = Reached {
                parent: id,
                action,
                g: parent.g + cost,
                depth,
            };
            let next_id = NodeId(self.frontier.nodes.len() as u32);
            let key = self.problem.key(&state);
            let index = &mut self.frontier.half_mut(direction).index;
            let (child, outcome) = match index.get_or_insert(&self.problem, key, next_id) {
                None => {
                    let h = match direction {
                        Direction::Forward => self.problem.heuristic(self.config.heuristic, &state),
                        Direction::Backward => Cost::ZERO,
                    };
                    let child =
                        self.frontier
                            .push(direction, state, Some(reached), h, &mut self.log.stats);
                    (child, Outcome::New)
                }
                Some(existing) => {
                    let outcome = self
                        .frontier
                        .revisit(existing, reached, &mut self.log.stats);
                    (existing, outcome)
                }
            };
            if !matches!(outcome, Outcome::InOpen | Outcome::InClosed) {
                self.meet(direction, child);
            }
            self.log.push_child(Child {
                node: child,
                action,
                g: reached.g,
                outcome,
            });
        }
        self.successors = successors;
        self.check_stop();
        // The step that proved the meeting best found the goal.
        pending.goal_found = matches!(self.status, Status::Solved { .. });
        self.log.commit(pending);
        true
    }
}

impl<P: SearchProblem> Search<P> for Bidirectional<P> {
    forward_to_log!(frontier.nodes);

    fn step(&mut self) -> Option<StepView<'_, P::Action>> {
        self.do_step().then(|| self.log.last())
    }

    fn step_back(&mut self) -> bool {
        let (frontier, problem) = (&mut self.frontier, &self.problem);
        let Some(step) = self
            .log
            .undo(|children| frontier.undo_children(problem, children))
        else {
            return false;
        };
        frontier.unclose(step.expanded, step.undo.expanded_at_before);
        // Only a running search takes a step.
        self.status = Status::Running;
        self.meeting = step.undo.meeting_before;
        self.layer = step.undo.layer_before;
        true
    }

    fn step_at(&self, index: usize) -> StepView<'_, P::Action> {
        self.log.view(index)
    }

    /// The forward open list's length; the backward one's is in [`Search::bidirectional`].
    fn open_len(&self) -> usize {
        self.frontier.half(Direction::Forward).open.len()
    }

    /// The forward open list; the backward one is in [`Search::bidirectional`].
    fn open_nodes(&self) -> Box<dyn Iterator<Item = NodeId> + '_> {
        Box::new(
            self.frontier
                .half(Direction::Forward)
                .open
                .values()
                .copied(),
        )
    }

    fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        self.frontier.memory_bytes()
            + self.log.memory_bytes()
            + self.successors.capacity() * size_of::<Successor<P>>()
    }

    /// The forward path from the start to the meeting, then the backward chain from the
    /// meeting's state on to the goal.
    fn solution(&self) -> Option<Vec<NodeId>> {
        if !matches!(self.status, Status::Solved { .. }) {
            return None;
        }
        let meeting = self.meeting?;
        let mut path = self.path_to(meeting.forward);
        let mut at = self.frontier.nodes[meeting.backward.index()].parent;
        while let Some(id) = at {
            path.push(id);
            at = self.frontier.nodes[id.index()].parent;
        }
        Some(path)
    }

    fn bidirectional(&self) -> Option<BidirectionalView<'_>> {
        Some(BidirectionalView {
            backward_open: &self.frontier.half(Direction::Backward).open,
            forward_root: FORWARD_ROOT,
            backward_root: BACKWARD_ROOT,
            meeting: self.meeting,
            layer: self.layer,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{ConfigError, try_new_search};

    /// An undirected graph of unit steps; `backward` says whether it offers the goal state.
    #[derive(Clone)]
    struct Graph {
        edges: &'static [(u8, u8)],
        goal: u8,
        backward: bool,
    }

    impl SearchProblem for Graph {
        type State = u8;
        type Action = u8;
        type Key = u8;
        type Heuristic = ();
        fn start(&self) -> u8 {
            0
        }
        fn is_goal(&self, n: &u8) -> bool {
            *n == self.goal
        }
        /// The neighbours in the order the edges are listed; the action names the node reached.
        fn successors(&self, n: &u8, out: &mut Vec<(u8, u8, Cost)>) {
            for &(a, b) in self.edges {
                if a == *n {
                    out.push((b, b, Cost::ONE));
                } else if b == *n {
                    out.push((a, a, Cost::ONE));
                }
            }
        }
        fn heuristic(&self, _: (), _: &u8) -> Cost {
            Cost::ZERO
        }
        fn key(&self, n: &u8) -> u8 {
            *n
        }
        fn describe(&self, n: &u8) -> String {
            n.to_string()
        }
        fn describe_goal(&self) -> String {
            self.goal.to_string()
        }
        fn goal_state(&self) -> Option<u8> {
            self.backward.then_some(self.goal)
        }
        fn predecessors(&self, n: &u8, out: &mut Vec<(u8, u8, Cost)>) {
            for &(a, b) in self.edges {
                if a == *n {
                    out.push((*n, b, Cost::ONE));
                } else if b == *n {
                    out.push((*n, a, Cost::ONE));
                }
            }
        }
    }

    /// Start 0, goal 9: 0-2-3-9 is three steps, 0-1-4-6-9 four, on an odd cycle. Expanding one
    /// node at a time from the smaller open list and stopping at the first meeting returns the
    /// four steps (the backward half meets 4 at depth 2 while 2 and 3 wait at depth 1); whole
    /// layers, or the stopping rule, find the three.
    const ODD_CYCLE: &[(u8, u8)] = &[
        (0, 1),
        (0, 2),
        (1, 4),
        (1, 5),
        (4, 6),
        (6, 9),
        (2, 3),
        (3, 9),
    ];

    #[test]
    fn bidirectional_searches_return_the_shortest_path_on_an_odd_cycle() {
        for algorithm in [Algorithm::BidirectionalBfs, Algorithm::BidirectionalUcs] {
            let graph = Graph {
                edges: ODD_CYCLE,
                goal: 9,
                backward: true,
            };
            let mut search = try_new_search(graph, SearchConfig::with(algorithm, ())).unwrap();
            search.run(usize::MAX);
            assert_eq!(
                search.solution_states().unwrap(),
                [0, 2, 3, 9],
                "{algorithm}"
            );
            let view = search.bidirectional().unwrap();
            assert_eq!(view.meeting.unwrap().length, Cost::units(3));
        }
    }

    #[test]
    fn a_problem_without_a_goal_state_is_refused() {
        let graph = Graph {
            edges: ODD_CYCLE,
            goal: 9,
            backward: false,
        };
        for algorithm in [Algorithm::BidirectionalBfs, Algorithm::BidirectionalUcs] {
            let config = SearchConfig::with(algorithm, ());
            assert_eq!(
                try_new_search(graph.clone(), config).err(),
                Some(ConfigError::NoBackwardSearch)
            );
        }
        // The others need no backward search.
        let astar = try_new_search(graph, SearchConfig::with(Algorithm::AStar, ()));
        assert!(astar.is_ok());
    }
}
