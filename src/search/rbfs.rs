//! Recursive best-first search (RBFS, AIMA 4e Figure 3.26), stepped one expansion at a time.
//!
//! RBFS is best-first search in the memory of a depth-first one: it holds only the path from
//! the start to the node it is expanding and, beside every node on that path, that node's
//! children. Each call of the textbook's recursion expands one node and keeps exploring its
//! best child as long as that child's f stays within the call's f_limit, the best f among the
//! alternatives waiting higher up. When the best child's f rises above the limit the call
//! returns: the subtree below is *forgotten* and the best f in it is *backed up* into the
//! node the call expanded, so a later call knows how far that subtree was explored and
//! expands it again when it is once more the best choice.
//!
//! The recursion is kept as an explicit stack of calls ([`RbfsFrame`]: the node a call
//! expanded, its f_limit and its children), so the search can stop after any expansion. One
//! step:
//! 1. *Choose.* The top call's best child (smallest f, ties in generation order) is next,
//!    with the f_limit min(the call's limit, the second smallest f). If the call has no
//!    children, or its best child's f is above its limit or infinite, the call returns
//!    instead ([`StepEvent::LimitExceeded`]): its children are forgotten
//!    ([`StepEvent::Forgotten`], [`Place::Forgotten`]), its node takes the best child's f
//!    (∞ without children) and waits again, open, in the call below; the step looks again.
//! 2. *Goal test* of the chosen node, when it is taken ([`GoalTest`]): a goal ends the search
//!    and nothing is generated.
//! 3. *Expand.* Its successors become new nodes in the problem's order, with
//!    f = max(g + h, the parent's f): a parent's backed-up f passes down to its children. A
//!    call is pushed for the node with its children and the limit from (1).
//!
//! When the root's own call returns, every path is exhausted: that step is still recorded
//! (so its events can be shown and undone), with the root as its node taken, its events and
//! no children, and the search ends [`Status::Exhausted`]; closed then lists the root again.
//! The root keeps [`Place::Closed`] and takes the backed-up f (∞).
//!
//! **Repeated states** ([`Repeats`]). RBFS remembers no state off the nodes it holds, so graph
//! search is the check along the current path ([`SearchConfig::effective_repeats`]): a
//! successor whose state is on the path is [`Outcome::OnPath`] and no node is made. With
//! [`Repeats::Tree`], the textbook's version, nothing is checked. Every generation of a state
//! is a new node: forgotten nodes stay in the arena, so ids stay valid and a tree view can
//! draw what was forgotten.
//!
//! Counting from 0 to 4 ([`example::Count`](super::example::Count)) with h = 0: the search
//! goes down the cheap `+` steps until their f passes the f_limit set by the `*` step beside
//! them, turns to the `*` branch, comes back, and ends on the cheapest path, expanding some
//! states more than once on the way.
//!
//! ```
//! use searchlab::search::{Algorithm, Cost, Rbfs, Search, SearchConfig, Status, StepEvent};
//! # use searchlab::search::example::Count;
//! let mut search = Rbfs::try_new(Count, SearchConfig::with(Algorithm::Rbfs, ())).unwrap();
//! search.run(usize::MAX);
//! let Status::Solved { goal } = search.status() else { panic!() };
//! assert_eq!(search.node(goal).g, Cost::units(4));
//! let returned = (0..search.steps())
//!     .flat_map(|i| search.events(i))
//!     .filter(|e| matches!(e, StepEvent::LimitExceeded { .. }))
//!     .count();
//! assert!(returned > 0 && search.stats().reexpanded > 0);
//! ```

use rustc_hash::FxHashMap;

use super::Search;
use super::config::{Algorithm, ConfigError, GoalTest, Repeats, SearchConfig};
use super::cost::Cost;
use super::problem::{NodeOf, SearchProblem, Successor};
use super::record::{
    Child, Direction, Node, NodeId, Outcome, Place, RbfsFrame, Stats, Status, StepEvent, StepView,
};
use super::step_log::forward_to_log;
use super::step_log::{Expansions, StepLog};

/// What undoing a step restores besides what the log keeps.
#[derive(Clone, Debug)]
struct Undo<S, A> {
    /// The calls that returned while the step chose its node, in the order they returned
    /// (the top first), each as it was before.
    popped: Vec<RbfsFrame>,
    /// Every node record the step changed, as it was before its first change, in the order
    /// changed.
    changed: Vec<(NodeId, Node<S, A>)>,
    /// Whether the step pushed a call (it expanded a node that was not a goal).
    pushed: bool,
    /// The arena's length before the step: the step's new nodes come after it.
    nodes_before: u32,
    status_before: Status,
}

impl<S, A> Undo<S, A> {
    /// The heap bytes of the record's own lists; the popped calls' children are counted
    /// with the calls, wherever they are.
    fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        self.popped.capacity() * size_of::<RbfsFrame>()
            + self.changed.capacity() * size_of::<(NodeId, Node<S, A>)>()
    }
}

/// The node a step takes and the f_limit of its call.
#[derive(Clone, Copy, Debug)]
enum Choice {
    /// Expand `node` with this f_limit.
    Expand { node: NodeId, limit: Cost },
    /// The root's call returned: nothing is left to expand.
    Exhausted,
}

/// Recursive best-first search on any [`SearchProblem`]. Implements [`Search`].
pub struct Rbfs<P: SearchProblem> {
    problem: P,
    config: SearchConfig<P::Heuristic>,
    /// Every node ever generated; only undo shrinks it.
    nodes: Vec<NodeOf<P>>,
    /// The calls on the current path, the root's first.
    frames: Vec<RbfsFrame>,
    /// The states of the calls' nodes, for the cycle check; empty in tree search.
    on_path: FxHashMap<P::Key, NodeId>,
    /// Whether a successor whose state is on the current path is ignored: always but in tree
    /// search.
    checks_path: bool,
    /// Closed, the steps, their children, events and the counters.
    log: StepLog<P::Action, Undo<P::State, P::Action>>,
    /// The successors of the node being expanded, reused from step to step.
    successors: Vec<Successor<P>>,
    /// How many times each state has been expanded, for [`Stats::reexpanded`].
    expansions: Expansions<P::Key>,
    /// The heap bytes of the calls' children and of the undo records, kept as they change so
    /// [`Search::memory_bytes`] need not walk them.
    heap_bytes: usize,
    status: Status,
}

impl<P: SearchProblem> Rbfs<P> {
    /// Starts a search: the root waits with f = g + h, nothing is expanded yet. Refuses a
    /// config [`SearchConfig::validate`] refuses or a heuristic the problem cannot give.
    ///
    /// ```
    /// use searchlab::search::{Algorithm, Rbfs, Search, SearchConfig};
    /// # use searchlab::search::example::Count;
    /// let search = Rbfs::try_new(Count, SearchConfig::with(Algorithm::Rbfs, ())).unwrap();
    /// assert_eq!((search.open_len(), search.rbfs().unwrap().len()), (1, 0));
    /// ```
    pub fn try_new(problem: P, config: SearchConfig<P::Heuristic>) -> Result<Rbfs<P>, ConfigError> {
        config.validate()?;
        problem.check_heuristic(config.heuristic)?;
        debug_assert_eq!(config.algorithm, Algorithm::Rbfs);
        debug_assert_eq!(config.goal_test, GoalTest::OnExpansion);
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
        Ok(Rbfs {
            problem,
            config,
            nodes: vec![root],
            frames: Vec::new(),
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
            expansions: Expansions::new(),
            heap_bytes: 0,
            status: Status::Running,
        })
    }

    /// Changes node `id`, keeping its record as it was before the step's first change to it.
    fn change(&mut self, changed: &mut Vec<(NodeId, NodeOf<P>)>, id: NodeId) -> &mut NodeOf<P> {
        if !changed.iter().any(|&(c, _)| c == id) {
            changed.push((id, self.nodes[id.index()]));
        }
        &mut self.nodes[id.index()]
    }

    /// The top call's best child (smallest f, the first generated among equals) and the
    /// second smallest f (∞ if there is no other child).
    fn best_and_alternative(&self, frame: &RbfsFrame) -> Option<(NodeId, Cost)> {
        let mut best: Option<NodeId> = None;
        let mut alternative = Cost::INFINITE;
        for &child in &frame.children {
            let f = self.nodes[child.index()].f;
            match best {
                Some(b) if f >= self.nodes[b.index()].f => alternative = alternative.min(f),
                Some(b) => {
                    alternative = alternative.min(self.nodes[b.index()].f);
                    best = Some(child);
                }
                None => best = Some(child),
            }
        }
        best.map(|b| (b, alternative))
    }

    /// Step (1): returns from the calls whose best child is beyond their limit, recording
    /// what they forget and back up, until a node to expand is found or the root's call has
    /// returned.
    fn choose(
        &mut self,
        popped: &mut Vec<RbfsFrame>,
        changed: &mut Vec<(NodeId, NodeOf<P>)>,
        events: &mut Vec<StepEvent>,
    ) -> Choice {
        if self.log.len() == 0 {
            return Choice::Expand {
                node: NodeId(0),
                limit: Cost::INFINITE,
            };
        }
        while let Some(frame) = self.frames.last() {
            let best = self.best_and_alternative(frame);
            if let Some((node, alternative)) = best {
                let f = self.nodes[node.index()].f;
                if f <= frame.limit && !f.is_infinite() {
                    return Choice::Expand {
                        node,
                        limit: frame.limit.min(alternative),
                    };
                }
            }
            let frame = self.frames.pop().expect("looked at above");
            let backed_up = best.map_or(Cost::INFINITE, |(b, _)| self.nodes[b.index()].f);
            events.push(StepEvent::LimitExceeded {
                node: frame.node,
                backed_up,
                limit: frame.limit,
            });
            for &child in &frame.children {
                let node = self.change(changed, child);
                node.place = Place::Forgotten;
                let f = node.f;
                events.push(StepEvent::Forgotten {
                    node: child,
                    backed_up: f,
                });
            }
            let returned = self.change(changed, frame.node);
            returned.f = backed_up;
            let state = returned.state;
            // The root, with no call below it to wait in, stays closed.
            if !self.frames.is_empty() {
                self.nodes[frame.node.index()].place = Place::Open;
            }
            if self.checks_path {
                self.on_path.remove(&self.problem.key(&state));
            }
            popped.push(frame);
        }
        Choice::Exhausted
    }

    /// Puts back the calls and node records a step changed while choosing, as they were.
    fn restore(&mut self, popped: Vec<RbfsFrame>, changed: Vec<(NodeId, NodeOf<P>)>) {
        for frame in popped.into_iter().rev() {
            self.frames.push(frame);
        }
        for (id, before) in changed.into_iter().rev() {
            self.nodes[id.index()] = before;
        }
        self.rebuild_path();
    }

    /// Sets the cycle check's states to those of the calls' nodes.
    fn rebuild_path(&mut self) {
        self.on_path.clear();
        if self.checks_path {
            for frame in &self.frames {
                let key = self.problem.key(&self.nodes[frame.node.index()].state);
                self.on_path.insert(key, frame.node);
            }
        }
    }

    /// Sets the counters of what the calls hold: the children waiting open, and the root
    /// with every call's children.
    fn count_held(&mut self) {
        let stats = &mut self.log.stats;
        stats.open = 0;
        stats.held = 1;
        for frame in &self.frames {
            stats.held += frame.children.len() as u32;
            stats.open += frame
                .children
                .iter()
                .filter(|c| self.nodes[c.index()].place == Place::Open)
                .count() as u32;
        }
        stats.max_open = stats.max_open.max(stats.open);
        stats.nodes = self.nodes.len() as u32;
    }

    fn do_step(&mut self) -> bool {
        if !self.status.is_running() {
            return false;
        }
        let (mut popped, mut changed, mut events) = (Vec::new(), Vec::new(), Vec::new());
        let choice = self.choose(&mut popped, &mut changed, &mut events);
        let (id, limit) = match choice {
            Choice::Expand { node, limit } => (node, limit),
            Choice::Exhausted => (NodeId(0), Cost::INFINITE),
        };
        let before = self.nodes[id.index()];
        let goal_taken =
            matches!(choice, Choice::Expand { .. }) && self.problem.is_goal(&before.state);
        let expands = matches!(choice, Choice::Expand { .. }) && !goal_taken;
        let mut successors = std::mem::take(&mut self.successors);
        successors.clear();
        if expands {
            self.problem.successors(&before.state, &mut successors);
        }
        let key = self.problem.key(&before.state);
        // The expanded node is on the path its children are checked against.
        let is_on_path = |s: &P::State| {
            let k = self.problem.key(s);
            self.checks_path && (k == key || self.on_path.contains_key(&k))
        };
        let new = successors.iter().filter(|(_, s, _)| !is_on_path(s)).count();
        if self.nodes.len() + new > self.config.node_limit {
            // Refused whole: the calls that returned while choosing are put back.
            self.successors = successors;
            self.restore(popped, changed);
            self.status = Status::LimitReached;
            return false;
        }
        let undo = Undo {
            popped: Vec::new(),
            changed: Vec::new(),
            pushed: expands,
            nodes_before: self.nodes.len() as u32,
            status_before: self.status,
        };
        let mut pending = self.log.begin(id, undo);
        for event in events {
            self.log.push_event(event);
        }
        match choice {
            Choice::Exhausted => self.status = Status::Exhausted,
            Choice::Expand { .. } => {
                let step = self.log.stats.steps;
                let node = self.change(&mut changed, id);
                node.place = Place::Closed;
                node.expanded_at = Some(step);
            }
        }
        if goal_taken {
            pending.goal_found = true;
            self.status = Status::Solved { goal: id };
        }
        if expands {
            self.log.stats.expanded += 1;
            if self.expansions.expand(key) {
                self.log.stats.reexpanded += 1;
            }
            if self.checks_path {
                self.on_path.insert(key, id);
            }
            let mut children = Vec::with_capacity(new);
            for &(action, state, cost) in &successors {
                self.log.stats.generated += 1;
                let g = before.g + cost;
                if self.checks_path
                    && let Some(&on) = self.on_path.get(&self.problem.key(&state))
                {
                    self.log.stats.duplicates += 1;
                    self.log.push_child(Child {
                        node: on,
                        action,
                        g,
                        outcome: Outcome::OnPath,
                    });
                    continue;
                }
                let depth = before.depth + 1;
                let h = self.problem.heuristic(self.config.heuristic, &state);
                let child = NodeId(self.nodes.len() as u32);
                self.nodes.push(Node {
                    state,
                    parent: Some(id),
                    action: Some(action),
                    g,
                    depth,
                    h,
                    f: self.config.priority(depth, g, h).max(before.f),
                    generated_at: self.log.stats.steps,
                    expanded_at: None,
                    place: Place::Open,
                    direction: Direction::Forward,
                    tie: 0,
                });
                children.push(child);
                self.log.push_child(Child {
                    node: child,
                    action,
                    g,
                    outcome: Outcome::New,
                });
            }
            self.heap_bytes += children.capacity() * std::mem::size_of::<NodeId>();
            self.frames.push(RbfsFrame {
                node: id,
                limit,
                children,
            });
        }
        self.successors = successors;
        pending.undo.popped = popped;
        pending.undo.changed = changed;
        self.heap_bytes += pending.undo.heap_bytes();
        self.count_held();
        self.log.commit(pending);
        true
    }
}

impl<P: SearchProblem> Search<P> for Rbfs<P> {
    forward_to_log!(nodes);

    fn step(&mut self) -> Option<StepView<'_, P::Action>> {
        self.do_step().then(|| self.log.last())
    }

    fn step_back(&mut self) -> bool {
        // The step's new nodes are at the arena's end and its children all in the call it
        // pushed, so the children need no undoing of their own.
        let expanded_before = self.log.stats.expanded;
        let Some(step) = self.log.undo(|_| ()) else {
            return false;
        };
        let mut record = step.undo;
        self.heap_bytes -= record.heap_bytes();
        if record.pushed {
            let frame = self.frames.pop().expect("the call the step pushed");
            self.heap_bytes -= frame.children.capacity() * std::mem::size_of::<NodeId>();
        }
        if self.log.stats.expanded < expanded_before {
            let key = self.problem.key(&self.nodes[step.expanded.index()].state);
            self.expansions.unexpand(&key);
        }
        self.nodes.truncate(record.nodes_before as usize);
        let popped = std::mem::take(&mut record.popped);
        let changed = std::mem::take(&mut record.changed);
        self.restore(popped, changed);
        self.status = record.status_before;
        true
    }

    fn step_at(&self, index: usize) -> StepView<'_, P::Action> {
        self.log.view(index)
    }

    fn open_len(&self) -> usize {
        self.log.stats.open as usize
    }

    /// The children waiting open in every call, the top call's first, each call's by f
    /// (ties in generation order); before the first step, the root.
    fn open_nodes(&self) -> Box<dyn Iterator<Item = NodeId> + '_> {
        if self.log.len() == 0 {
            return Box::new(std::iter::once(NodeId(0)));
        }
        Box::new(self.frames.iter().rev().flat_map(|frame| {
            let mut waiting: Vec<(Cost, usize, NodeId)> = frame
                .children
                .iter()
                .enumerate()
                .filter(|(_, c)| self.nodes[c.index()].place == Place::Open)
                .map(|(at, &c)| (self.nodes[c.index()].f, at, c))
                .collect();
            waiting.sort_unstable();
            waiting.into_iter().map(|(_, _, c)| c)
        }))
    }

    fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        let path_slot = size_of::<(P::Key, NodeId)>() + 1;
        self.nodes.capacity() * size_of::<NodeOf<P>>()
            + self.frames.capacity() * size_of::<RbfsFrame>()
            + self.heap_bytes
            + self.on_path.capacity() * path_slot * 8 / 7
            + self.log.memory_bytes()
            + self.successors.capacity() * size_of::<Successor<P>>()
            + self.expansions.memory_bytes()
    }

    fn rbfs(&self) -> Option<&[RbfsFrame]> {
        Some(&self.frames)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::example::{Count, Ring};

    /// One step as the views see it, with its events.
    type ShownStep<A> = (
        usize,
        NodeId,
        bool,
        Vec<Child<A>>,
        Option<crate::search::NewIteration>,
        Vec<StepEvent>,
    );

    /// Everything a search shows.
    #[derive(Debug, PartialEq)]
    struct Shown<S, A> {
        stats: Stats,
        status: Status,
        closed: Vec<NodeId>,
        open: Vec<NodeId>,
        open_len: usize,
        frames: Vec<RbfsFrame>,
        steps: Vec<ShownStep<A>>,
        nodes: Vec<Node<S, A>>,
        on_path: Vec<NodeId>,
    }

    fn shown<P: SearchProblem>(search: &Rbfs<P>) -> Shown<P::State, P::Action> {
        let steps = (0..search.steps())
            .map(|i| {
                let view = search.step_at(i);
                (
                    view.index,
                    view.expanded,
                    view.goal_found,
                    view.children.to_vec(),
                    view.new_iteration,
                    search.events(i).to_vec(),
                )
            })
            .collect();
        let mut on_path: Vec<NodeId> = search.on_path.values().copied().collect();
        on_path.sort();
        Shown {
            stats: search.stats(),
            status: search.status(),
            closed: search.closed().to_vec(),
            open: search.open_nodes().collect(),
            open_len: search.open_len(),
            frames: search.rbfs().unwrap().to_vec(),
            steps,
            nodes: (0..search.node_count())
                .map(|i| *search.node(NodeId(i as u32)))
                .collect(),
            on_path,
        }
    }

    /// Runs a whole search; before every step it steps, steps back and checks that everything
    /// shown is as before, then steps again and checks the step is the same as the first
    /// time.
    fn step_back_is_exact<P: SearchProblem>(search: &mut Rbfs<P>, max_steps: usize) {
        let mut events = 0;
        while search.steps() < max_steps {
            let before = shown(search);
            if search.step().is_none() {
                // A refused step changes nothing but the status.
                let refused = shown(search);
                assert!(
                    refused
                        == Shown {
                            status: refused.status,
                            ..before
                        }
                );
                break;
            }
            let after = shown(search);
            events += search.events(search.steps() - 1).len();
            assert!(search.step_back());
            assert!(shown(search) == before, "step {}", before.closed.len());
            assert!(search.step().is_some());
            assert!(shown(search) == after, "step {} again", before.closed.len());
        }
        assert!(events > 0, "the run forgot nothing: a weak test");
    }

    /// Counting ends solved, through calls that return; the ring with the path check is
    /// exhausted through dead ends, the root's call returning last; the ring as a tree search
    /// goes round until the node limit refuses a step.
    #[test]
    fn step_back_restores_everything_at_every_step() {
        let config = SearchConfig::with(Algorithm::Rbfs, ());
        let mut count = Rbfs::try_new(Count, config).unwrap();
        step_back_is_exact(&mut count, usize::MAX);
        assert!(matches!(count.status(), Status::Solved { .. }));

        let mut ring = Rbfs::try_new(Ring, config).unwrap();
        step_back_is_exact(&mut ring, usize::MAX);
        assert_eq!(ring.status(), Status::Exhausted);

        let tree = SearchConfig {
            repeats: Repeats::Tree,
            node_limit: 60,
            ..config
        };
        let mut ring = Rbfs::try_new(Ring, tree).unwrap();
        step_back_is_exact(&mut ring, usize::MAX);
        assert_eq!(ring.status(), Status::LimitReached);
        assert!(ring.step_back() && ring.status().is_running());
    }
}
