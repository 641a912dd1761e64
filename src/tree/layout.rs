//! A tidy layout for a rooted, ordered tree (no egui): Walker's algorithm in the linear-time form
//! of Buchheim, Jünger and Leipert (2002). Subtrees never overlap, a parent sits centred over its
//! first and last child, siblings keep their order, and identical subtrees are drawn alike.
//!
//! Units: one row per depth; neighbours in a row are at least one unit apart ([`SIBLING_GAP`]
//! between siblings, [`COUSIN_GAP`] between nodes of different parents). The root is at x = 0,
//! so the picture grows around a fixed point from step to step.
//!
//! The layout is a pure function of the shape: the same tree gives the same numbers, which is
//! what makes stepping back restore the previous picture exactly. It is recomputed whole when
//! the tree changes; that is O(n) (its cost for 100,000 nodes is in docs/performance.md), and
//! the window does it at most once a frame.

/// A node's children in order, as one flat array (compressed rows): node `v`'s children are
/// `kids[first[v]..first[v + 1]]`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shape {
    first: Vec<u32>,
    kids: Vec<u32>,
}

impl Shape {
    /// A shape of `len` nodes from each node's children list.
    #[cfg(test)]
    pub fn from_children<'a>(len: usize, children: impl Fn(usize) -> &'a [u32]) -> Shape {
        let mut shape = Shape::with_capacity(len);
        for v in 0..len {
            shape.push_node(children(v).iter().copied());
        }
        shape
    }

    /// An empty shape with room for `len` nodes, filled by [`Shape::push_node`].
    pub fn with_capacity(len: usize) -> Shape {
        let mut first = Vec::with_capacity(len + 1);
        first.push(0);
        Shape {
            first,
            kids: Vec::with_capacity(len),
        }
    }

    /// Adds the next node with these children.
    pub fn push_node(&mut self, children: impl Iterator<Item = u32>) {
        if self.first.is_empty() {
            self.first.push(0);
        }
        self.kids.extend(children);
        self.first.push(self.kids.len() as u32);
    }

    /// Whether the shape has no node.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.first.len().saturating_sub(1)
    }

    /// The children of node `v`, in order.
    pub fn children(&self, v: u32) -> &[u32] {
        &self.kids[self.first[v as usize] as usize..self.first[v as usize + 1] as usize]
    }
}

/// The distance between two siblings' centres.
pub const SIBLING_GAP: f64 = 1.0;
/// The distance between neighbours with different parents: a little more, so that families
/// read as groups.
pub const COUSIN_GAP: f64 = 1.25;

const NONE: u32 = u32::MAX;

/// Where every node of a [`Shape`] goes. Nodes not reachable from the root are not placed.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Horizontal centre of each node (NaN if not placed).
    pub x: Vec<f64>,
    /// Row of each node (the root is row 0; `u32::MAX` if not placed). In a [`facing`] layout
    /// the bottom tree's rows count upward from its root on the last row.
    pub depth: Vec<u32>,
    /// The placed nodes of each row, left to right.
    pub rows: Vec<Vec<u32>>,
    /// The leftmost and rightmost x of all placed nodes.
    pub min_x: f64,
    pub max_x: f64,
}

/// Two layouts are equal when they place the same nodes at the same places (an unplaced
/// node's x is NaN, which equals nothing, not even itself).
impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        self.x.len() == other.x.len()
            && self
                .x
                .iter()
                .zip(&other.x)
                .all(|(a, b)| a == b || (a.is_nan() && b.is_nan()))
            && self.depth == other.depth
            && self.rows == other.rows
            && self.min_x == other.min_x
            && self.max_x == other.max_x
    }
}

impl Layout {
    /// Whether node `v` was placed.
    pub fn placed(&self, v: u32) -> bool {
        self.depth.get(v as usize).is_some_and(|&d| d != NONE)
    }

    /// The placed nodes of row `depth` whose centres lie in `lo..=hi`, left to right.
    pub fn row_between(&self, depth: usize, lo: f64, hi: f64) -> &[u32] {
        let Some(row) = self.rows.get(depth) else {
            return &[];
        };
        let start = row.partition_point(|&v| self.x[v as usize] < lo);
        let end = row.partition_point(|&v| self.x[v as usize] <= hi);
        &row[start..end.max(start)]
    }
}

/// Lays out the tree below `root`.
pub fn tidy(shape: &Shape, root: u32) -> Layout {
    let n = shape.len();
    let mut walk = Walk {
        shape,
        parent: vec![NONE; n],
        number: vec![0; n],
        z: vec![0.0; n],
        m: vec![0.0; n],
        c: vec![0.0; n],
        s: vec![0.0; n],
        thread: vec![NONE; n],
        ancestor: (0..n as u32).collect(),
        default_ancestor: vec![NONE; n],
    };
    if n == 0 || root as usize >= n {
        return Layout::default();
    }
    // Pre-order (children left to right) for the second walk and the rows; pre-order with
    // children right to left, reversed, is the post-order the first walk needs.
    let mut pre = Vec::with_capacity(n);
    let mut depth = vec![NONE; n];
    let mut stack = vec![root];
    depth[root as usize] = 0;
    while let Some(v) = stack.pop() {
        pre.push(v);
        let kids = shape.children(v);
        for (i, &k) in kids.iter().enumerate() {
            walk.parent[k as usize] = v;
            walk.number[k as usize] = i as u32;
            depth[k as usize] = depth[v as usize] + 1;
        }
        stack.extend(kids.iter().rev());
    }
    let mut mirrored = Vec::with_capacity(pre.len());
    stack.push(root);
    while let Some(v) = stack.pop() {
        mirrored.push(v);
        stack.extend(shape.children(v).iter());
    }
    for &v in mirrored.iter().rev() {
        walk.first_walk(v, root);
    }

    let mut x = vec![f64::NAN; n];
    let mut rows: Vec<Vec<u32>> = Vec::new();
    let (mut min_x, mut max_x) = (f64::INFINITY, f64::NEG_INFINITY);
    for &v in &pre {
        let vi = v as usize;
        let parent_m = if v == root {
            -walk.z[vi]
        } else {
            walk.m[walk.parent[vi] as usize]
        };
        x[vi] = walk.z[vi] + parent_m;
        walk.m[vi] += parent_m;
        min_x = min_x.min(x[vi]);
        max_x = max_x.max(x[vi]);
        let d = depth[vi] as usize;
        if rows.len() <= d {
            rows.resize_with(d + 1, Vec::new);
        }
        rows[d].push(v);
    }
    Layout {
        x,
        depth,
        rows,
        min_x,
        max_x,
    }
}

/// Empty rows between two facing trees.
pub const FACING_GAP_ROWS: usize = 1;

/// Two trees facing each other, as a bidirectional search grows them: the tree below `top`
/// laid out as [`tidy`] does, and the tree below `bottom` under it, upside down (its root on the
/// last row, its children above), with at least [`FACING_GAP_ROWS`] empty rows between the
/// deepest rows of the two. Both roots are at x = 0. [`Layout::depth`] is the row, so a child of
/// the bottom tree is one row *above* its parent. Each tree keeps its own tidy x, so the
/// promises of [`tidy`] hold for each, and rows never mix the two trees.
///
/// `min_rows` keeps the bottom root on row `min_rows - 1` when the two trees fit in that many
/// rows: given the rows both trees will need by the end of the run, neither tree moves as the
/// other grows (without it the bottom tree would sink a row whenever the top tree deepened).
pub fn facing(shape: &Shape, top: u32, bottom: u32, min_rows: usize) -> Layout {
    let mut layout = tidy(shape, top);
    let below = tidy(shape, bottom);
    if below.rows.is_empty() {
        return layout;
    }
    if layout.rows.is_empty() {
        layout = Layout {
            x: vec![f64::NAN; shape.len()],
            depth: vec![NONE; shape.len()],
            ..Layout::default()
        };
        layout.min_x = below.min_x;
        layout.max_x = below.max_x;
    }
    let last = (layout.rows.len() + FACING_GAP_ROWS + below.rows.len()).max(min_rows) - 1;
    layout.rows.resize_with(last + 1, Vec::new);
    for (d, row) in below.rows.into_iter().enumerate() {
        for &v in &row {
            layout.x[v as usize] = below.x[v as usize];
            layout.depth[v as usize] = (last - d) as u32;
        }
        layout.rows[last - d] = row;
    }
    layout.min_x = layout.min_x.min(below.min_x);
    layout.max_x = layout.max_x.max(below.max_x);
    layout
}

/// The per-node numbers of the algorithm, named as in the paper (z is the preliminary x, m the
/// modifier, c and s the change and shift of a subtree moved apart).
struct Walk<'a> {
    shape: &'a Shape,
    parent: Vec<u32>,
    number: Vec<u32>,
    z: Vec<f64>,
    m: Vec<f64>,
    c: Vec<f64>,
    s: Vec<f64>,
    thread: Vec<u32>,
    ancestor: Vec<u32>,
    /// Per parent: the default ancestor while its children are being placed.
    default_ancestor: Vec<u32>,
}

impl Walk<'_> {
    fn separation(&self, a: u32, b: u32) -> f64 {
        if self.parent[a as usize] == self.parent[b as usize] {
            SIBLING_GAP
        } else {
            COUSIN_GAP
        }
    }

    fn left_sibling(&self, v: u32, root: u32) -> Option<u32> {
        if v == root || self.number[v as usize] == 0 {
            return None;
        }
        let siblings = self.shape.children(self.parent[v as usize]);
        Some(siblings[self.number[v as usize] as usize - 1])
    }

    fn next_left(&self, v: u32) -> u32 {
        self.shape
            .children(v)
            .first()
            .copied()
            .unwrap_or(self.thread[v as usize])
    }

    fn next_right(&self, v: u32) -> u32 {
        self.shape
            .children(v)
            .last()
            .copied()
            .unwrap_or(self.thread[v as usize])
    }

    fn first_walk(&mut self, v: u32, root: u32) {
        let vi = v as usize;
        let w = self.left_sibling(v, root);
        let kids = self.shape.children(v);
        if let (Some(&first), Some(&last)) = (kids.first(), kids.last()) {
            self.execute_shifts(v);
            let midpoint = (self.z[first as usize] + self.z[last as usize]) / 2.0;
            if let Some(w) = w {
                self.z[vi] = self.z[w as usize] + self.separation(v, w);
                self.m[vi] = self.z[vi] - midpoint;
            } else {
                self.z[vi] = midpoint;
            }
        } else if let Some(w) = w {
            self.z[vi] = self.z[w as usize] + self.separation(v, w);
        }
        if v != root {
            let p = self.parent[vi];
            let current = match self.default_ancestor[p as usize] {
                NONE => self.shape.children(p)[0],
                a => a,
            };
            self.default_ancestor[p as usize] = self.apportion(v, w, current);
        }
    }

    /// Pushes the subtree of `v` right of its left siblings' subtrees, level by level along
    /// their contours, and threads the shorter contour onto the longer one.
    fn apportion(&mut self, v: u32, w: Option<u32>, mut ancestor: u32) -> u32 {
        let Some(w) = w else { return ancestor };
        let (mut vip, mut vop, mut vim) = (v, v, w);
        let mut vom = self.shape.children(self.parent[v as usize])[0];
        let (mut sip, mut sop) = (self.m[vip as usize], self.m[vop as usize]);
        let (mut sim, mut som) = (self.m[vim as usize], self.m[vom as usize]);
        loop {
            vim = self.next_right(vim);
            vip = self.next_left(vip);
            if vim == NONE || vip == NONE {
                break;
            }
            vom = self.next_left(vom);
            vop = self.next_right(vop);
            self.ancestor[vop as usize] = v;
            let shift =
                self.z[vim as usize] + sim - self.z[vip as usize] - sip + self.separation(vim, vip);
            if shift > 0.0 {
                let wm = self.next_ancestor(vim, v, ancestor);
                self.move_subtree(wm, v, shift);
                sip += shift;
                sop += shift;
            }
            sim += self.m[vim as usize];
            sip += self.m[vip as usize];
            som += self.m[vom as usize];
            sop += self.m[vop as usize];
        }
        if vim != NONE && self.next_right(vop) == NONE {
            self.thread[vop as usize] = vim;
            self.m[vop as usize] += sim - sop;
        }
        if vip != NONE && self.next_left(vom) == NONE {
            self.thread[vom as usize] = vip;
            self.m[vom as usize] += sip - som;
            ancestor = v;
        }
        ancestor
    }

    fn next_ancestor(&self, vim: u32, v: u32, ancestor: u32) -> u32 {
        let a = self.ancestor[vim as usize];
        if self.parent[a as usize] == self.parent[v as usize] {
            a
        } else {
            ancestor
        }
    }

    fn move_subtree(&mut self, wm: u32, wp: u32, shift: f64) {
        let (wm, wp) = (wm as usize, wp as usize);
        let change = shift / f64::from(self.number[wp] - self.number[wm]);
        self.c[wp] -= change;
        self.s[wp] += shift;
        self.c[wm] += change;
        self.z[wp] += shift;
        self.m[wp] += shift;
    }

    /// Spreads the shifts recorded by `move_subtree` over the subtrees between the moved ones.
    fn execute_shifts(&mut self, v: u32) {
        let (mut shift, mut change) = (0.0, 0.0);
        for &w in self.shape.children(v).iter().rev() {
            let w = w as usize;
            self.z[w] += shift;
            self.m[w] += shift;
            change += self.c[w];
            shift += self.s[w] + change;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::{HeuristicKind, Problem, SearchConfig};
    use crate::search::{Algorithm, NodeId, Search, new_search};
    use crate::tree::model::{Folds, SearchTree, TreeNode};

    /// Checks the two promises of a tidy layout: no two nodes of a row closer than one unit
    /// (nodes are drawn less than a unit wide), and every parent centred over its children.
    fn check(shape: &Shape, layout: &Layout) {
        for (d, row) in layout.rows.iter().enumerate() {
            for pair in row.windows(2) {
                let gap = layout.x[pair[1] as usize] - layout.x[pair[0] as usize];
                assert!(
                    gap >= SIBLING_GAP - 1e-9,
                    "row {d}: {pair:?} only {gap} apart"
                );
            }
        }
        for v in 0..shape.len() as u32 {
            let kids = shape.children(v);
            if let (Some(&a), Some(&b)) = (kids.first(), kids.last())
                && layout.placed(v)
            {
                let mid = (layout.x[a as usize] + layout.x[b as usize]) / 2.0;
                assert!((layout.x[v as usize] - mid).abs() < 1e-9, "{v} not centred");
                // One row below the parent (above it in the bottom tree of a facing layout).
                let row = layout.depth[a as usize];
                assert_eq!(layout.depth[v as usize].abs_diff(row), 1, "{v}'s children");
                for &k in kids {
                    assert_eq!(layout.depth[k as usize], row, "{v}'s children");
                }
            }
        }
    }

    fn shape_of(children: &[Vec<u32>]) -> Shape {
        Shape::from_children(children.len(), |v| &children[v])
    }

    #[test]
    fn small_trees_are_tidy() {
        // A root with a deep left subtree and a wide right one: the right subtree must be
        // pushed clear of the left one at every depth, not only at the top.
        let children = vec![
            vec![1, 2, 3],
            vec![4],
            vec![],
            vec![5, 6, 7],
            vec![8, 9],
            vec![],
            vec![10, 11, 12],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
        ];
        let shape = shape_of(&children);
        let layout = tidy(&shape, 0);
        check(&shape, &layout);
        assert_eq!(layout.x[0], 0.0);
        // A lone child sits straight under its parent.
        assert_eq!(layout.x[1], layout.x[4]);
        assert_eq!(layout.rows[3], vec![8, 9, 10, 11, 12]);
    }

    #[test]
    fn nodes_outside_the_root_are_not_placed() {
        let children = vec![vec![1], vec![], vec![]];
        let layout = tidy(&shape_of(&children), 0);
        assert!(layout.placed(1) && !layout.placed(2));
        assert_eq!(layout.row_between(1, -1.0, 1.0), &[1]);
        assert_eq!(layout.row_between(1, 0.5, 1.0), &[] as &[u32]);
    }

    fn problem(start: &str) -> Problem {
        Problem::new(start.parse().unwrap(), "123804765".parse().unwrap()).unwrap()
    }

    fn layout_now(
        tree: &mut SearchTree<Problem>,
        search: &dyn Search<Problem>,
        folds: &Folds,
    ) -> Layout {
        tree.sync(search, false);
        let shape = tree.shape(folds);
        let layout = tree.layout(folds);
        check(&shape, &layout);
        layout
    }

    /// The nodes the tree should place: all the engine's, except those of a depth-first
    /// search's earlier iterations (each iteration's nodes are new, except the start's).
    fn engine_tree_size(search: &dyn Search<Problem>) -> usize {
        match search.depth_first() {
            Some(view) => {
                let first = view.iterations.last().map_or(0, |i| i.first_step) as u32;
                (0..search.node_count())
                    .filter(|&i| i == 0 || search.node(NodeId(i as u32)).generated_at > first)
                    .count()
            }
            None => search.node_count(),
        }
    }

    /// Whole runs, every step: tidy, as many nodes as the engine, the engine's parents, and a
    /// step back gives back the previous layout exactly.
    #[test]
    fn whole_runs_stay_tidy_at_every_step_and_step_back_restores_the_layout() {
        let weighted = SearchConfig {
            weight: 3.0,
            ..SearchConfig::with(Algorithm::WeightedAStar, HeuristicKind::Manhattan)
        };
        let runs = [
            (
                "216408753",
                SearchConfig::with(Algorithm::AStar, HeuristicKind::Manhattan),
            ),
            (
                "231804765",
                SearchConfig::with(Algorithm::AStar, HeuristicKind::Misplaced),
            ),
            (
                "283164705",
                SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero),
            ),
            (
                "283104765",
                SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero),
            ),
            (
                "216408753",
                SearchConfig::with(Algorithm::Greedy, HeuristicKind::Manhattan),
            ),
            (
                "283164705",
                SearchConfig::with(Algorithm::UniformCost, HeuristicKind::Zero),
            ),
            // Improves nodes in open: they move to their new parents mid-run.
            ("216408753", weighted),
            // Two trees facing each other.
            (
                "216408753",
                SearchConfig::with(Algorithm::BidirectionalBfs, HeuristicKind::Zero),
            ),
            (
                "283164705",
                SearchConfig::with(Algorithm::BidirectionalUcs, HeuristicKind::Zero),
            ),
            // One iteration at a time, pruned children as leaves.
            (
                "283164705",
                SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Manhattan),
            ),
            (
                "283104765",
                SearchConfig::with(Algorithm::IterativeDeepening, HeuristicKind::Zero),
            ),
        ];
        let folds = Folds::default();
        for (board, config) in runs {
            let mut search = new_search(problem(board), config);
            let mut tree = SearchTree::default();
            let mut previous = layout_now(&mut tree, search.as_ref(), &folds);
            while search.step().is_some() {
                let layout = layout_now(&mut tree, search.as_ref(), &folds);
                assert_eq!(tree.real_len(), search.node_count(), "{board} {config:?}");
                assert_eq!(
                    layout.rows.iter().map(Vec::len).sum::<usize>(),
                    engine_tree_size(search.as_ref()),
                    "{board} {config:?} after {} steps",
                    search.steps()
                );
                tree.check_parents(search.as_ref());
                search.step_back();
                assert_eq!(layout_now(&mut tree, search.as_ref(), &folds), previous);
                search.step();
                previous = layout_now(&mut tree, search.as_ref(), &folds);
                assert_eq!(previous, layout);
            }
        }
    }

    /// A node's depth below the root of its own tree (the start's or the goal's).
    fn own_depth(tree: &SearchTree<Problem>, v: u32) -> (u32, u32) {
        let (mut depth, mut at) = (0, NodeId(v));
        while let Some(parent) = tree.parent_of(TreeNode::Node(at)) {
            depth += 1;
            at = parent;
        }
        (at.0, depth)
    }

    /// The window's two facing trees over whole bidirectional runs: a node keeps its row from
    /// step to step unless it is moved to a new parent (as in a one-direction tree, where the
    /// row is the depth), its x is the x a lone tidy layout of its own tree gives (so it moves
    /// sideways only as a one-direction tree's nodes do), the two trees never share a row and
    /// keep an empty row between them, and a step back restores the layout exactly.
    #[test]
    fn facing_trees_keep_their_rows_as_either_grows() {
        let runs = [
            ("216408753", Algorithm::BidirectionalBfs),
            ("283164705", Algorithm::BidirectionalBfs),
            ("231804765", Algorithm::BidirectionalBfs),
            ("216408753", Algorithm::BidirectionalUcs),
            ("283164705", Algorithm::BidirectionalUcs),
        ];
        let folds = Folds::default();
        for (board, algorithm) in runs {
            let config = SearchConfig::with(algorithm, HeuristicKind::Zero);
            let mut search = new_search(problem(board), config);
            let mut tree = SearchTree::steady();
            let mut before = layout_now(&mut tree, search.as_ref(), &folds);
            let mut depths: Vec<(u32, u32)> = Vec::new();
            let mut grew = 0;
            while search.step().is_some() {
                let layout = layout_now(&mut tree, search.as_ref(), &folds);
                let shape = tree.shape(&folds);
                let goal = tree.backward_root().expect("two roots").0;
                let own = [tidy(&shape, 0), tidy(&shape, goal)];
                let now: Vec<(u32, u32)> = (0..search.node_count() as u32)
                    .map(|v| own_depth(&tree, v))
                    .collect();
                for (v, &(root, depth)) in now.iter().enumerate() {
                    let which = usize::from(root == goal);
                    assert_eq!(
                        layout.x[v], own[which].x[v],
                        "{board} {algorithm:?}: x of {v}"
                    );
                    if depths.get(v) == Some(&(root, depth)) {
                        assert_eq!(
                            layout.depth[v],
                            before.depth[v],
                            "{board} {algorithm:?}: S{v} moved after {} steps",
                            search.steps()
                        );
                    }
                }
                grew += usize::from(layout.rows.len() > before.rows.len());
                // No row holds nodes of both trees, and an empty row parts them.
                let tree_of = |row: &Vec<u32>| row.first().map(|&v| now[v as usize].0 == goal);
                let kinds: Vec<Option<bool>> = layout.rows.iter().map(tree_of).collect();
                for (row, kind) in layout.rows.iter().zip(&kinds) {
                    assert!(
                        row.iter()
                            .all(|&v| Some(now[v as usize].0 == goal) == *kind)
                    );
                }
                let last_top = kinds.iter().rposition(|k| *k == Some(false)).unwrap();
                let first_bottom = kinds.iter().position(|k| *k == Some(true)).unwrap();
                assert!(
                    first_bottom > last_top + FACING_GAP_ROWS,
                    "{board} {algorithm:?}"
                );
                search.step_back();
                assert_eq!(layout_now(&mut tree, search.as_ref(), &folds), before);
                search.step();
                assert_eq!(layout_now(&mut tree, search.as_ref(), &folds), layout);
                before = layout;
                depths = now;
            }
            assert!(search.solution().is_some());
            assert_eq!(grew, 0, "{board} {algorithm:?}: the goal's tree sank");
        }
    }

    #[test]
    fn a_folded_subtree_is_one_leaf_and_unfolding_restores_it() {
        let mut search = new_search(problem("216408753"), SearchConfig::default());
        search.run(40);
        let mut tree = SearchTree::default();
        let whole = layout_now(&mut tree, search.as_ref(), &Folds::default());
        let first_child = tree.children_of(crate::search::NodeId(0))[0];
        let mut folds = Folds::default();
        folds.toggle(crate::search::NodeId(first_child));
        let folded = layout_now(&mut tree, search.as_ref(), &folds);
        let hidden = tree.descendants(first_child);
        assert!(hidden > 0);
        let placed = folded.rows.iter().map(Vec::len).sum::<usize>();
        assert_eq!(placed + hidden, search.node_count());
        folds.toggle(crate::search::NodeId(first_child));
        assert_eq!(layout_now(&mut tree, search.as_ref(), &folds), whole);
    }
}
