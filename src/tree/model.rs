//! The search tree of the nodes generated so far, as the tree view, the step table and their
//! exports read it (no egui). Mirrors one search step by step: forward steps are replayed from
//! the engine's step records, anything else (a step back, a reset) rebuilds it from them.
//!
//! **Which parent is drawn.** A node hangs under its parent *now* (the engine's `parent`, the
//! best path found so far). When a node is improved or reopened it moves: it leaves its old
//! parent and becomes the last child of the node whose expansion found the shorter path. So the
//! tree is always the tree of best known paths, the solution path is a path of the drawn tree,
//! and each g is the depth-by-cost the label says. Children are ordered by the moment they were
//! attached, which within one expansion is the order the moves were generated in.
//!
//! **Duplicates.** Children that were discarded (already in open or closed by a path at least
//! as short) are not nodes of the engine. On request they are added as leaves of the tree, one
//! per discarded child, after the real nodes in index order ([`TreeNode::Duplicate`]).
//!
//! **Two roots, and one iteration.** A bidirectional search's backward half hangs under the
//! goal, a second root ([`SearchTree::backward_root`]); the layout draws it growing upward,
//! facing the start's tree. A depth-first search's nodes are new in every iteration, except the
//! start: when an iteration begins, the start's children from the one before are let go, so the
//! tree is the current iteration's, as a textbook draws each probe of IDA* on its own.
//!
//! **A steady picture.** The window's tree ([`SearchTree::steady`]) places a bidirectional
//! search's goal once per run: the run is played ahead on a fresh search (up to
//! [`AHEAD_NODES`] nodes) to learn how deep each tree gets, and the goal's root goes on the row
//! that leaves room for both. Neither tree then moves as the other grows, and a step back
//! gives back the previous picture exactly. The exports draw the tree as it stands, compact.
//!
//! Everything the tree reads of a node goes through [`facts`], the one place that knows the
//! engine's node fields, and what each node is drawn as comes from [`Marks`], the same in the
//! window and the exports.

use rustc_hash::{FxHashMap, FxHashSet};

use super::Drawn;
use super::layout::FACING_GAP_ROWS;
use super::layout::{Layout, Shape, facing, tidy};
use crate::search::{
    Cost, Direction, NodeId, Outcome, Place, Search, SearchConfig, SearchProblem, try_new_search,
};

/// What the tree and the table read of one engine node.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeFacts<A> {
    pub parent: Option<NodeId>,
    /// The move from the parent.
    pub action: Option<A>,
    pub g: Cost,
    pub h: Cost,
    /// The priority the algorithm orders open by (g + h for A*, h for greedy, the depth for
    /// BFS): the f the tree and the table print.
    pub f: Cost,
    /// The step (1-based) that last expanded it.
    pub expanded_at: Option<u32>,
    pub open: bool,
    /// Depth-first searches: generated beyond the bound, so never in open.
    pub pruned: bool,
    /// RBFS and SMA*: dropped from memory; its f is backed up in its parent.
    pub forgotten: bool,
    /// A bidirectional search's backward half: its parent is the next node towards the goal.
    pub backward: bool,
}

/// The one adapter between the engine's node record and the tree, the table and the exports.
pub fn facts<P: SearchProblem>(search: &dyn Search<P>, id: NodeId) -> NodeFacts<P::Action> {
    let node = search.node(id);
    NodeFacts {
        parent: node.parent,
        action: node.action,
        g: node.g,
        h: node.h,
        f: node.f,
        expanded_at: node.expanded_at,
        open: node.place == Place::Open,
        pruned: node.place == Place::Pruned,
        forgotten: node.place == Place::Forgotten,
        backward: node.direction == Direction::Backward,
    }
}

/// The state drawn for a node (a board for the puzzles, a cell on a map).
pub fn state<P: SearchProblem>(search: &dyn Search<P>, id: NodeId) -> P::State {
    search.node(id).state
}

/// A cost or priority as the tree and the table print it: whole numbers without decimals (the
/// puzzles' costs), others to two decimals at most.
pub fn cost_text(value: Cost) -> String {
    value.to_string()
}

/// A node's name in the tree and the table: S0 for the start, then in generation order.
pub fn node_name(id: NodeId) -> String {
    format!("S{}", id.0)
}

/// One node of the drawn tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeNode {
    /// A node of the search.
    Node(NodeId),
    /// A discarded duplicate child: an index into [`SearchTree::duplicates`].
    Duplicate(u32),
}

/// A child discarded because its state was already known by a path at least as short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Duplicate<A> {
    /// The existing node for the state.
    pub of: NodeId,
    /// The node whose expansion generated it.
    pub parent: NodeId,
    pub action: A,
    /// Its g by this path.
    pub g: Cost,
    /// The step (0-based) that generated it.
    pub step: u32,
    /// In open or in closed.
    pub outcome: Outcome,
}

/// The folded nodes: their subtrees are drawn as one leaf.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Folds(FxHashSet<NodeId>);

impl Folds {
    /// Folds the subtree under `id`, or unfolds it.
    pub fn toggle(&mut self, id: NodeId) {
        if !self.0.remove(&id) {
            self.0.insert(id);
        }
    }

    pub fn contains(&self, id: NodeId) -> bool {
        self.0.contains(&id)
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Duplicates are marked in children lists by this bit.
const DUPLICATE_BIT: u32 = 1 << 31;
const ROOTLESS: u32 = u32::MAX;

/// The tree of one search, kept in step with it by [`SearchTree::sync`].
#[derive(Clone, Debug)]
pub struct SearchTree<P: SearchProblem> {
    /// Which search it mirrors, and how far.
    source: Option<(P, SearchConfig<P::Heuristic>)>,
    steps: usize,
    last_expanded: Option<NodeId>,
    with_duplicates: bool,
    /// Where a bidirectional search's backward half starts: the goal, a second root.
    backward_root: Option<NodeId>,
    /// Whether a bidirectional search's goal is placed for the whole run (the window) rather
    /// than right under the start's tree as it stands (the exports).
    steady: bool,
    /// The rows a bidirectional run needs by its end (0 if not known or not steady).
    run_rows: usize,
    /// The drawn parent of each node (ROOTLESS for the start, and for the goal where a
    /// bidirectional search's backward half starts).
    parent: Vec<u32>,
    /// How each node got its drawn parent: New, Improved or Reopened.
    attached_by: Vec<Outcome>,
    /// Each node's children in the order they were attached; duplicates have DUPLICATE_BIT.
    children: Vec<Vec<u32>>,
    /// The step (1-based) that first expanded each node (0: not yet), and the later steps
    /// of a node expanded again (reopened): its label lists them all, as the table's rows do.
    first_expansion: Vec<u32>,
    expanded_again: FxHashMap<u32, Vec<u32>>,
    duplicates: Vec<Duplicate<P::Action>>,
}

impl<P: SearchProblem> Default for SearchTree<P> {
    fn default() -> SearchTree<P> {
        SearchTree {
            source: None,
            steps: 0,
            last_expanded: None,
            with_duplicates: false,
            backward_root: None,
            steady: false,
            run_rows: 0,
            parent: Vec::new(),
            attached_by: Vec::new(),
            children: Vec::new(),
            first_expansion: Vec::new(),
            expanded_again: FxHashMap::default(),
            duplicates: Vec::new(),
        }
    }
}

/// How many nodes of a bidirectional run a steady tree plays ahead to place the goal: enough
/// for every bidirectional run of the 8-puzzle (the hardest, 30 moves, is played ahead once per
/// run; its cost is in docs/performance.md) and of the grid maps the window offers. A longer run places its
/// goal as far as this many nodes need and lowers it, a row at a time, only beyond them.
pub const AHEAD_NODES: usize = 200_000;

/// The deepest each half of a bidirectional run gets, forward then backward, over the whole
/// run (a node moved to a new parent counts at both depths), played on a fresh search of
/// `problem` up to [`AHEAD_NODES`] nodes. Duplicates count one deeper than their parent if
/// they are drawn.
fn deepest_of_run<P: SearchProblem>(
    problem: &P,
    config: &SearchConfig<P::Heuristic>,
    with_duplicates: bool,
) -> [u32; 2] {
    let Ok(mut search) = try_new_search(problem.clone(), *config) else {
        return [0; 2];
    };
    let mut deepest = [0; 2];
    let mut depth = vec![0u32; search.node_count()];
    let mut parent = vec![ROOTLESS; search.node_count()];
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); search.node_count()];
    while search.node_count() < AHEAD_NODES && search.step().is_some() {
        let step = search.step_at(search.steps() - 1);
        let expanded = step.expanded.index();
        let half = usize::from(search.node(step.expanded).direction == Direction::Backward);
        depth.resize(search.node_count(), 0);
        parent.resize(search.node_count(), ROOTLESS);
        children.resize(search.node_count(), Vec::new());
        let below = depth[expanded] + 1;
        for child in step.children {
            let id = child.node.0;
            match child.outcome {
                Outcome::New | Outcome::Pruned => {}
                Outcome::Improved { .. } | Outcome::Reopened { .. } => {
                    let old = parent[id as usize];
                    if old != ROOTLESS {
                        children[old as usize].retain(|&k| k != id);
                    }
                }
                Outcome::InOpen | Outcome::InClosed | Outcome::OnPath => {
                    if with_duplicates {
                        deepest[half] = deepest[half].max(below);
                    }
                    continue;
                }
            }
            parent[id as usize] = expanded as u32;
            children[expanded].push(id);
            // The node and everything under it (a reopened node may have children) now hang
            // one row below the expanded node.
            let mut stack = vec![(id, below)];
            while let Some((v, d)) = stack.pop() {
                depth[v as usize] = d;
                deepest[half] = deepest[half].max(d);
                stack.extend(children[v as usize].iter().map(|&k| (k, d + 1)));
            }
        }
    }
    deepest
}

impl<P: Drawn> SearchTree<P> {
    /// An empty tree for the window: a bidirectional search's goal is placed for the whole
    /// run, so neither tree moves as the other grows.
    pub fn steady() -> SearchTree<P> {
        SearchTree {
            steady: true,
            ..SearchTree::default()
        }
    }

    /// Whether the tree mirrors a run of this problem and config.
    fn is_run_of(&self, problem: &P, config: &SearchConfig<P::Heuristic>) -> bool {
        self.source
            .as_ref()
            .is_some_and(|(p, c)| c == config && p.same_problem(problem))
    }

    /// Brings the tree up to the search's current step; true if anything changed.
    /// `with_duplicates` adds the discarded duplicate children as leaves.
    pub fn sync(&mut self, search: &dyn Search<P>, with_duplicates: bool) -> bool {
        let same_run = self.is_run_of(search.problem(), search.config())
            && self.with_duplicates == with_duplicates
            && self.steps <= search.steps()
            && (self.steps == 0
                || Some(search.step_at(self.steps - 1).expanded) == self.last_expanded);
        if same_run && self.steps == search.steps() && self.parent.len() == search.node_count() {
            return false;
        }
        if !same_run || self.steps == 0 {
            let backward_root = search.bidirectional().map(|b| b.backward_root);
            // Playing the run ahead once per run: a step back rebuilds the tree, not this.
            let run_rows = if !self.steady || backward_root.is_none() {
                0
            } else if self.is_run_of(search.problem(), search.config())
                && self.with_duplicates == with_duplicates
            {
                self.run_rows
            } else {
                let [forward, backward] =
                    deepest_of_run(search.problem(), search.config(), with_duplicates);
                forward as usize + FACING_GAP_ROWS + backward as usize + 2
            };
            *self = SearchTree {
                source: Some((search.problem().clone(), *search.config())),
                with_duplicates,
                backward_root,
                steady: self.steady,
                run_rows,
                parent: vec![ROOTLESS],
                attached_by: vec![Outcome::New],
                children: vec![Vec::new()],
                first_expansion: vec![0],
                ..SearchTree::default()
            };
        }
        for index in self.steps..search.steps() {
            self.replay(search, index);
        }
        self.add_roots(search.node_count());
        self.steps = search.steps();
        self.last_expanded = search.closed().last().copied();
        true
    }

    /// Makes every node below `len` not yet in the tree a root: nodes no step generated, such
    /// as the goal where a bidirectional search's backward half starts.
    fn add_roots(&mut self, len: usize) {
        while self.parent.len() < len {
            self.parent.push(ROOTLESS);
            self.attached_by.push(Outcome::New);
            self.children.push(Vec::new());
            self.first_expansion.push(0);
        }
    }

    fn replay(&mut self, search: &dyn Search<P>, index: usize) {
        let step = search.step_at(index);
        let expanded = step.expanded;
        // A bidirectional search's goal is a root no step generated: it may be expanded first.
        self.add_roots(expanded.index() + 1);
        if step.new_iteration.is_some() {
            // The start again, with a larger bound: the previous iteration's nodes are let go
            // (they stay in the index, unreachable from the root, so they are not placed),
            // and so are the start's earlier expansions.
            self.children[expanded.index()].clear();
            self.first_expansion[expanded.index()] = 0;
            self.expanded_again.remove(&expanded.0);
        }
        let number = index as u32 + 1;
        match self.first_expansion[expanded.index()] {
            0 => self.first_expansion[expanded.index()] = number,
            _ => self
                .expanded_again
                .entry(expanded.0)
                .or_default()
                .push(number),
        }
        for child in step.children {
            let id = child.node;
            match child.outcome {
                // A pruned child of a depth-first search is a node too: a leaf beyond the bound.
                Outcome::New | Outcome::Pruned => {
                    self.add_roots(id.index());
                    debug_assert_eq!(id.index(), self.parent.len());
                    self.parent.push(expanded.0);
                    self.attached_by.push(Outcome::New);
                    self.children.push(Vec::new());
                    self.first_expansion.push(0);
                    self.children[expanded.index()].push(id.0);
                }
                Outcome::Improved { .. } | Outcome::Reopened { .. } => {
                    let old = self.parent[id.index()];
                    if old != ROOTLESS {
                        self.children[old as usize].retain(|&k| k != id.0);
                    }
                    self.parent[id.index()] = expanded.0;
                    self.attached_by[id.index()] = child.outcome;
                    self.children[expanded.index()].push(id.0);
                }
                Outcome::InOpen | Outcome::InClosed | Outcome::OnPath => {
                    if self.with_duplicates {
                        let k = self.duplicates.len() as u32;
                        self.duplicates.push(Duplicate {
                            of: id,
                            parent: expanded,
                            action: child.action,
                            g: child.g,
                            step: index as u32,
                            outcome: child.outcome,
                        });
                        self.children[expanded.index()].push(k | DUPLICATE_BIT);
                    }
                }
            }
        }
    }

    /// The steps that expanded a node, as its label writes them: `#3`, or `#3 #8` for a node
    /// expanded again after a reopening; empty if it was not expanded (in this iteration, for
    /// a depth-first search). Row k of the step table expands the node labelled `#k`.
    pub fn expansions(&self, id: NodeId) -> String {
        let first = self.first_expansion.get(id.index()).copied().unwrap_or(0);
        if first == 0 {
            return String::new();
        }
        let mut label = format!("#{first}");
        for k in self.expanded_again.get(&id.0).into_iter().flatten() {
            label.push_str(&format!(" #{k}"));
        }
        label
    }

    /// A node's title in the tree: its name and the steps that expanded it, `S5 #3`.
    pub fn title(&self, id: NodeId, name: String) -> String {
        match self.expansions(id) {
            steps if steps.is_empty() => name,
            steps => format!("{name} {steps}"),
        }
    }

    /// A bidirectional search's second root, the goal, where its backward half starts.
    pub fn backward_root(&self) -> Option<NodeId> {
        self.backward_root
    }

    /// The tidy layout of the tree: the start's tree growing down, and a bidirectional
    /// search's backward tree below it growing up, facing it (its root where the whole run
    /// needs it, for a steady tree).
    pub fn layout(&self, folds: &Folds) -> Layout {
        let shape = self.shape(folds);
        match self.backward_root {
            Some(bottom) => facing(&shape, 0, bottom.0, self.run_rows),
            None => tidy(&shape, 0),
        }
    }

    /// The number of search nodes in the tree (the engine's node count once synced).
    #[cfg(test)]
    pub fn real_len(&self) -> usize {
        self.parent.len()
    }

    /// Whether the tree has no node (before the first sync).
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// Search nodes and duplicates: the size of the dense index [`SearchTree::shape`] uses.
    pub fn len(&self) -> usize {
        self.parent.len() + self.duplicates.len()
    }

    pub fn duplicates(&self) -> &[Duplicate<P::Action>] {
        &self.duplicates
    }

    /// The node at a dense index: search nodes first, then the duplicates.
    pub fn node_at(&self, dense: u32) -> TreeNode {
        let real = self.parent.len() as u32;
        if dense < real {
            TreeNode::Node(NodeId(dense))
        } else {
            TreeNode::Duplicate(dense - real)
        }
    }

    fn dense_of(&self, child: u32) -> u32 {
        if child & DUPLICATE_BIT != 0 {
            self.parent.len() as u32 + (child & !DUPLICATE_BIT)
        } else {
            child
        }
    }

    /// How a node got its drawn parent: New, or Improved / Reopened if it was moved.
    pub fn attached_by(&self, id: NodeId) -> Outcome {
        self.attached_by[id.index()]
    }

    /// The drawn parent of a tree node.
    pub fn parent_of(&self, node: TreeNode) -> Option<NodeId> {
        match node {
            TreeNode::Node(id) => match self.parent[id.index()] {
                ROOTLESS => None,
                p => Some(NodeId(p)),
            },
            TreeNode::Duplicate(k) => Some(self.duplicates[k as usize].parent),
        }
    }

    /// A node's children as dense indices, in order (duplicates included if shown).
    pub fn children_of(&self, id: NodeId) -> Vec<u32> {
        self.children[id.index()]
            .iter()
            .map(|&c| self.dense_of(c))
            .collect()
    }

    /// The number of tree nodes below a node (duplicates included if shown).
    pub fn descendants(&self, dense: u32) -> usize {
        let TreeNode::Node(id) = self.node_at(dense) else {
            return 0;
        };
        let mut count = 0;
        let mut stack = vec![id.0];
        while let Some(v) = stack.pop() {
            for &c in &self.children[v as usize] {
                count += 1;
                if c & DUPLICATE_BIT == 0 {
                    stack.push(c);
                }
            }
        }
        count
    }

    /// The tree as the layout reads it, in the dense index; folded nodes have no children.
    pub fn shape(&self, folds: &Folds) -> Shape {
        let real = self.parent.len();
        let mut shape = Shape::with_capacity(self.len());
        for v in 0..self.len() {
            if v < real && !folds.contains(NodeId(v as u32)) {
                shape.push_node(self.children[v].iter().map(|&c| self.dense_of(c)));
            } else {
                shape.push_node(std::iter::empty());
            }
        }
        shape
    }

    /// Whether the tree has caught up with this search (same run, same step).
    #[cfg(test)]
    pub fn mirrors(&self, search: &dyn Search<P>) -> bool {
        self.is_run_of(search.problem(), search.config()) && self.steps == search.steps()
    }

    /// Test helper: the drawn parents are the engine's parents.
    #[cfg(test)]
    pub fn check_parents(&self, search: &dyn Search<P>) {
        for i in 0..search.node_count() {
            let id = NodeId(i as u32);
            assert_eq!(
                self.parent_of(TreeNode::Node(id)),
                facts(search, id).parent,
                "parent of {id:?}"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::HeuristicKind;
    use crate::domains::puzzle::{Problem, SearchConfig};
    use crate::search::{Algorithm, new_search};

    #[test]
    fn improved_nodes_move_to_their_new_parent_and_duplicates_are_leaves() {
        // Weighted A* on this board improves nodes in open: each moves under its new parent.
        let problem =
            Problem::new("216408753".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let config = SearchConfig {
            weight: 3.0,
            ..SearchConfig::with(Algorithm::WeightedAStar, HeuristicKind::Manhattan)
        };
        let mut search = new_search(problem, config);
        search.run(usize::MAX);
        assert!(search.stats().improved + search.stats().reopened > 0);
        let mut tree = SearchTree::default();
        tree.sync(search.as_ref(), true);
        tree.check_parents(search.as_ref());
        let moved = (0..tree.real_len())
            .filter(|&i| tree.attached_by(NodeId(i as u32)) != Outcome::New)
            .count();
        assert!(moved > 0);
        let discarded =
            search.stats().duplicates - search.stats().improved - search.stats().reopened;
        assert_eq!(tree.duplicates().len(), discarded as usize);
        assert_eq!(tree.descendants(0), tree.len() - 1);
        // Without duplicates: the engine's nodes only.
        tree.sync(search.as_ref(), false);
        assert_eq!(tree.len(), search.node_count());
        assert_eq!(tree.descendants(0), search.node_count() - 1);
    }

    /// A tree search's state generated again is a node of its own, under the node that
    /// generated it; cycle checking's dropped children are leaves only when duplicates are drawn.
    #[test]
    fn a_tree_search_draws_each_repeated_state_as_a_node_of_its_own() {
        use crate::search::Repeats;
        let problem =
            Problem::new("281043765".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        // Nine moves: long enough for cycle checking to meet states again off the path.
        for repeats in [Repeats::Tree, Repeats::PathCheck] {
            let config = SearchConfig {
                repeats,
                ..SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero)
            };
            let mut search = new_search(problem, config);
            search.run(usize::MAX);
            let mut tree = SearchTree::default();
            tree.sync(search.as_ref(), false);
            assert_eq!(tree.len(), search.node_count(), "{repeats}");
            tree.check_parents(search.as_ref());
            let repeated: Vec<NodeId> = (0..search.node_count())
                .map(|i| NodeId(i as u32))
                .filter(|&id| search.repeat_of(id).is_some())
                .collect();
            assert_eq!(
                repeated.len(),
                search.stats().repeated as usize,
                "{repeats}"
            );
            assert!(!repeated.is_empty(), "{repeats}");
            for id in repeated {
                let first = search.repeat_of(id).unwrap();
                assert_eq!(state(search.as_ref(), id), state(search.as_ref(), first));
                assert_ne!(tree.parent_of(TreeNode::Node(id)), None);
            }
            tree.sync(search.as_ref(), true);
            assert_eq!(
                tree.duplicates().len(),
                search.stats().duplicates as usize,
                "{repeats}"
            );
        }
    }

    #[test]
    fn costs_print_without_needless_decimals() {
        assert_eq!(cost_text(Cost::units(5)), "5");
        assert_eq!(node_name(NodeId(12)), "S12");
    }
}
