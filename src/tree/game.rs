//! A game tree as it is drawn (no window): each node's place, shape, label, value and α/β, the
//! principal variation and every cut with its α or β label. The window's game view and the
//! exports (SVG, PNG, TikZ) draw from this one picture, so the screen and the handout agree.

use super::layout::{self, Layout, Shape};
use crate::search::NodeId;
use crate::search::game::{
    CutKind, Game, GameAlgorithm, GameSearch, GameStatus, Player, Visit, value_text,
};

/// How a node looks now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// Not entered yet: outlined, no value.
    Unvisited,
    /// On the path from the root to the node being visited, children still to visit.
    OnPath,
    /// The node the latest step entered or returned to.
    Current,
    /// Its value is final.
    Done,
    /// Cut off: drawn faint.
    Pruned,
}

/// One node as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct GameNodePicture {
    pub id: NodeId,
    pub player: Player,
    /// Its name (a written tree) or the move into it (a game).
    pub label: String,
    /// The value shown: final (`3`), a bound while the node is being searched (`≥3` at MAX,
    /// `≤3` at MIN), or empty before any.
    pub value: String,
    /// α and β, for alpha-beta's nodes on the current path (`None` elsewhere).
    pub bounds: Option<(String, String)>,
    pub look: Look,
    /// A leaf of a tree known beforehand: its value, shown (faint) before it is evaluated, as
    /// an exam paper prints it.
    pub given: Option<String>,
    /// On the principal variation found so far.
    pub principal: bool,
    /// The order it was entered in (1 for the root), if it was.
    pub order: Option<u32>,
    pub leaf: bool,
}

/// One cut as drawn: a mark across the edge into the first child cut off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutPicture {
    pub kind: CutKind,
    /// The node cut at, and the first child it cut off.
    pub parent: NodeId,
    pub first_pruned: NodeId,
    /// `α` or `β`.
    pub label: &'static str,
    /// The leaves cut off below.
    pub leaves: u32,
    /// The sentence for captions and hover: "α cut at C: 2 ≤ α = 3 (A)".
    pub sentence: String,
}

/// The current iteration's tree, laid out and marked.
#[derive(Clone, Debug)]
pub struct GamePicture {
    /// Node ids index [`Layout::x`] and [`Layout::depth`] directly.
    pub layout: Layout,
    /// The placed nodes, in arena order.
    pub nodes: Vec<GameNodePicture>,
    pub cuts: Vec<CutPicture>,
    pub root: NodeId,
    /// The deepest row used.
    pub rows: usize,
    /// "value 3, best move B" once the search is done.
    pub caption: String,
    parents: std::collections::HashMap<NodeId, NodeId>,
}

impl GamePicture {
    /// A node's picture by id.
    pub fn node(&self, id: NodeId) -> Option<&GameNodePicture> {
        self.nodes
            .binary_search_by_key(&id, |n| n.id)
            .ok()
            .map(|i| &self.nodes[i])
    }

    /// The parent of every placed node but the root, as (parent, child) pairs.
    pub fn edges(&self) -> impl Iterator<Item = (NodeId, NodeId)> + '_ {
        self.nodes
            .iter()
            .filter_map(|n| self.parents.get(&n.id).map(|p| (*p, n.id)))
    }
}

/// A node's label.
pub fn node_label<G: Game>(search: &GameSearch<G>, id: NodeId) -> String {
    let node = search.node(id);
    search.game().label(&node.position, node.mv.as_ref())
}

/// The value a node shows now.
pub fn value_shown<G: Game>(search: &GameSearch<G>, id: NodeId) -> String {
    let node = search.node(id);
    match (node.visit, node.value) {
        (_, None) | (Visit::Pruned, _) => String::new(),
        (Visit::Done, Some(v)) => value_text(v),
        (_, Some(v)) => match node.player {
            Player::Max => format!("≥{}", value_text(v)),
            Player::Min => format!("≤{}", value_text(v)),
        },
    }
}

/// Lays out and marks the current iteration's tree.
pub fn game_picture<G: Game>(search: &GameSearch<G>) -> GamePicture {
    let count = search.node_count();
    let mut shape = Shape::with_capacity(count);
    for i in 0..count as u32 {
        shape.push_node(search.children(NodeId(i)).map(|c| c.0));
    }
    let root = search.root();
    let layout = layout::tidy(&shape, root.0);
    let path: Vec<NodeId> = search.current().map_or_else(Vec::new, |c| {
        if search.path_to(c)[0] == root {
            search.path_to(c)
        } else {
            Vec::new()
        }
    });
    let principal: Vec<NodeId> = if matches!(search.status(), GameStatus::Done { .. }) {
        search.principal_variation()
    } else {
        Vec::new()
    };
    let alpha_beta = search.config().algorithm == GameAlgorithm::AlphaBeta;
    let mut nodes = Vec::new();
    let mut parents = std::collections::HashMap::new();
    let mut rows = 0;
    for i in 0..count as u32 {
        if !layout.placed(i) {
            continue;
        }
        let id = NodeId(i);
        let node = search.node(id);
        if let Some(parent) = node.parent {
            parents.insert(id, parent);
        }
        rows = rows.max(layout.depth[i as usize] as usize);
        let look = if search.current() == Some(id) {
            Look::Current
        } else {
            match node.visit {
                Visit::Unvisited => Look::Unvisited,
                Visit::Visiting => Look::OnPath,
                Visit::Done => Look::Done,
                Visit::Pruned => Look::Pruned,
            }
        };
        let bounds = (alpha_beta && path.contains(&id))
            .then(|| (value_text(node.alpha), value_text(node.beta)));
        nodes.push(GameNodePicture {
            id,
            player: node.player,
            label: node_label(search, id),
            value: value_shown(search, id),
            bounds,
            look,
            given: node_is_end(search, id)
                .then(|| value_text(search.game().utility(&node.position))),
            principal: principal.contains(&id),
            order: node.entered_at,
            leaf: node.leaf.is_some() || (node_is_end(search, id)),
        });
    }
    let cuts = search
        .cuts()
        .iter()
        .filter(|cut| layout.placed(cut.node.0))
        .map(|cut| CutPicture {
            kind: cut.kind,
            parent: cut.node,
            first_pruned: cut.first_pruned,
            label: cut.kind.letter(),
            leaves: cut.leaves,
            sentence: crate::i18n::cut_sentence(
                cut.kind,
                &node_label(search, cut.node),
                cut.value,
                cut.bound,
                &node_label(search, cut.by),
            ),
        })
        .collect();
    let caption = match search.status() {
        GameStatus::Done { value, best } => {
            crate::i18n::game_result(value, best.map(|best| node_label(search, best)).as_deref())
        }
        GameStatus::Running => String::new(),
        GameStatus::LimitReached => crate::i18n::node_limit_reached().to_owned(),
    };
    GamePicture {
        layout,
        nodes,
        cuts,
        root,
        rows,
        caption,
        parents,
    }
}

/// Whether a node has no children in the tree as known (a leaf of a written tree, even one
/// cut off before it was entered).
fn node_is_end<G: Game>(search: &GameSearch<G>, id: NodeId) -> bool {
    search.game().known_tree() && search.children(id).len() == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::game::GameTree;
    use crate::search::game::GameConfig;

    fn figure() -> GameSearch<GameTree> {
        let tree = GameTree::parse("((3 12 8) (2 4 6) (14 5 2))", Player::Max).unwrap();
        GameSearch::new(tree, GameConfig::new(GameAlgorithm::AlphaBeta, ()))
    }

    fn by_label<'a>(picture: &'a GamePicture, label: &str) -> &'a GameNodePicture {
        picture.nodes.iter().find(|n| n.label == label).unwrap()
    }

    #[test]
    fn the_picture_marks_bounds_on_the_path_and_the_cut_when_done() {
        let mut search = figure();
        // A, B, B1 entered, back at B: B is at most 3, with β = 3 on the path.
        search.run(4);
        let picture = game_picture(&search);
        assert_eq!(picture.nodes.len(), 13);
        let b = by_label(&picture, "B");
        assert_eq!((b.value.as_str(), b.look), ("≤3", Look::Current));
        assert_eq!(b.bounds, Some(("−∞".to_owned(), "3".to_owned())));
        assert_eq!(by_label(&picture, "A").look, Look::OnPath);
        assert_eq!(by_label(&picture, "B1").value, "3");
        assert_eq!(by_label(&picture, "C").look, Look::Unvisited);
        assert!(by_label(&picture, "C2").leaf);
        search.run(usize::MAX);
        let picture = game_picture(&search);
        let [cut] = picture.cuts.as_slice() else {
            panic!()
        };
        assert_eq!(cut.label, "α");
        assert_eq!(cut.sentence, "α cut at C: 2 ≤ α = 3 (A)");
        assert_eq!(by_label(&picture, "C2").look, Look::Pruned);
        let principal: Vec<&str> = picture
            .nodes
            .iter()
            .filter(|n| n.principal)
            .map(|n| n.label.as_str())
            .collect();
        assert_eq!(principal, ["A", "B", "B1"]);
        assert_eq!(picture.caption, "value 3, best move B");
        assert_eq!(picture.edges().count(), 12);
    }
}
