//! The stepping engine for minimax and alpha-beta: nodes in an arena, one node visited a step,
//! and a journal of the records each step changed so the step can be undone exactly.

use std::ops::Range;

use thiserror::Error;

use super::{ChildOrder, Game, GameAlgorithm, GameConfig, INFINITY, Player, Value};
use crate::search::NodeId;

/// Where a node stands in the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visit {
    /// Not entered yet.
    Unvisited,
    /// Entered, with children still to visit: on the path from the root to the node visited.
    Visiting,
    /// Its value is final: a leaf evaluated, or every child visited, or a cut.
    Done,
    /// Cut off by alpha-beta before it was entered: its value cannot change the root's.
    Pruned,
}

/// How a leaf got its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// The game is over there: its utility.
    Terminal,
    /// The depth limit: the static evaluation.
    Horizon,
}

/// Which bound a cut met, named as the Chinese textbooks name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CutKind {
    /// α cut (α剪枝): a MIN node's value fell to or below the α of a MAX ancestor, so MAX
    /// will never let play reach it.
    Alpha,
    /// β cut (β剪枝): a MAX node's value rose to or above the β of a MIN ancestor.
    Beta,
}

impl CutKind {
    /// "α" or "β".
    pub fn letter(self) -> &'static str {
        match self {
            CutKind::Alpha => "α",
            CutKind::Beta => "β",
        }
    }
}

/// One cut: the children of `node` not visited yet are skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    pub kind: CutKind,
    /// The node whose remaining children are cut off.
    pub node: NodeId,
    /// The ancestor whose value set the bound met (the MAX node of an α, the MIN node of a β).
    pub by: NodeId,
    /// The node's value when it was cut.
    pub value: Value,
    /// The α or β it met.
    pub bound: Value,
    /// The first child cut off; the rest follow it.
    pub first_pruned: NodeId,
    /// How many children were cut off.
    pub children: u32,
    /// The leaves below them, as far as the search knows them (all of them in a tree known
    /// beforehand; a child never expanded counts as one).
    pub leaves: u32,
}

/// One node of the game tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameNode<P, M> {
    pub position: P,
    pub parent: Option<NodeId>,
    /// The move from the parent.
    pub mv: Option<M>,
    /// Moves from the root.
    pub depth: u32,
    /// Whose turn it is here.
    pub player: Player,
    /// Its value: a leaf's evaluation, or the best backed up from the children visited so far
    /// (a lower bound for MAX, an upper one for MIN, until the node is done).
    pub value: Option<Value>,
    /// The best value MAX is sure of on the path to this node (alpha-beta; −∞ for minimax).
    pub alpha: Value,
    /// The best value MIN is sure of on the path to this node (alpha-beta; +∞ for minimax).
    pub beta: Value,
    /// The MAX node whose value α is (`None` while it is −∞).
    pub alpha_from: Option<NodeId>,
    /// The MIN node whose value β is (`None` while it is +∞).
    pub beta_from: Option<NodeId>,
    pub visit: Visit,
    /// How a leaf was valued; `None` for the nodes that back values up.
    pub leaf: Option<Leaf>,
    /// The step (1-based) that entered it.
    pub entered_at: Option<u32>,
    /// The step (1-based) at which its value became final.
    pub done_at: Option<u32>,
    /// The child its value came from.
    pub best: Option<NodeId>,
    /// The children entered so far.
    pub visited_children: u32,
    first_child: u32,
    child_count: u32,
    expanded: bool,
}

impl<P, M> GameNode<P, M> {
    /// A node just generated: not entered, no value, α and β at their widest.
    fn fresh(
        position: P,
        parent: Option<NodeId>,
        mv: Option<M>,
        depth: u32,
        player: Player,
    ) -> Self {
        GameNode {
            position,
            parent,
            mv,
            depth,
            player,
            value: None,
            alpha: -INFINITY,
            beta: INFINITY,
            alpha_from: None,
            beta_from: None,
            visit: Visit::Unvisited,
            leaf: None,
            entered_at: None,
            done_at: None,
            best: None,
            visited_children: 0,
            first_child: 0,
            child_count: 0,
            expanded: false,
        }
    }
}

/// What a step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// Entered the node (and evaluated it, if it is a leaf).
    Enter,
    /// Returned from `child`, whose value was final, to the node, whose value went from
    /// `before` to `after`.
    Return {
        child: NodeId,
        before: Option<Value>,
        after: Value,
    },
    /// Iterative deepening: began the iteration to `depth` by entering its root again.
    NewIteration { depth: u32 },
}

/// One step, as the views see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameStep {
    /// 0-based.
    pub index: usize,
    pub kind: StepKind,
    /// The node entered, or returned to.
    pub node: NodeId,
    /// Whether the node's value became final at this step.
    pub done: bool,
    /// The cut this step made at the node, if any.
    pub cut: Option<Cut>,
}

/// The counters after a step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameStats {
    pub steps: u32,
    /// Nodes entered.
    pub visited: u32,
    /// Leaves evaluated (terminal positions and positions at the depth limit).
    pub leaves: u32,
    pub alpha_cuts: u32,
    pub beta_cuts: u32,
    /// Children cut off.
    pub pruned: u32,
    /// Nodes in the arena: every node generated, in every iteration.
    pub nodes: u32,
    /// Iterations begun (1 unless iterative deepening).
    pub iterations: u32,
}

/// How the search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Running,
    /// The root's value is final; `best` is the root's child it came from (none if the root
    /// is a leaf).
    Done {
        value: Value,
        best: Option<NodeId>,
    },
    /// The node limit was reached.
    LimitReached,
}

impl GameStatus {
    pub fn is_running(self) -> bool {
        self == GameStatus::Running
    }
}

/// Why a game search cannot start.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum GameConfigError {
    #[error("iterative deepening needs a depth limit")]
    IterativeWithoutLimit,
    #[error("the depth limit must be at least 1")]
    ZeroDepth,
    #[error("the tree has more than {0} nodes, the node limit")]
    TooLarge(usize),
}

/// A node record of a game's search.
type NodeOf<G> = GameNode<<G as Game>::Position, <G as Game>::Move>;

/// What undoes one step.
#[derive(Clone, Copy, Debug)]
struct Mark {
    journal: usize,
    arena: usize,
    current: Option<NodeId>,
    stats: GameStats,
    status: GameStatus,
    cuts: usize,
    roots: usize,
    horizon_met: bool,
}

/// Minimax or alpha-beta, one node visited a step. See the module documentation of
/// [`crate::search::game`].
pub struct GameSearch<G: Game> {
    game: G,
    config: GameConfig<G::Eval>,
    nodes: Vec<NodeOf<G>>,
    /// The root of each iteration, the current one last.
    roots: Vec<NodeId>,
    current: Option<NodeId>,
    status: GameStatus,
    stats: GameStats,
    cuts: Vec<Cut>,
    steps: Vec<GameStep>,
    marks: Vec<Mark>,
    /// The records as they were before the step that changed them, oldest first.
    journal: Vec<(NodeId, NodeOf<G>)>,
    /// Whether the current iteration evaluated a position at its depth limit (so a deeper one
    /// could learn more).
    horizon_met: bool,
    buffer: Vec<(G::Move, G::Position)>,
}

impl<G: Game> GameSearch<G> {
    /// A search of `game`.
    ///
    /// # Panics
    /// If the config is refused ([`GameSearch::try_new`] says why instead).
    pub fn new(game: G, config: GameConfig<G::Eval>) -> GameSearch<G> {
        GameSearch::try_new(game, config).unwrap_or_else(|err| panic!("game search: {err}"))
    }

    /// A search of `game`, or why the config cannot run.
    pub fn try_new(game: G, config: GameConfig<G::Eval>) -> Result<GameSearch<G>, GameConfigError> {
        if config.depth_limit == Some(0) {
            return Err(GameConfigError::ZeroDepth);
        }
        if config.iterative && config.depth_limit.is_none() {
            return Err(GameConfigError::IterativeWithoutLimit);
        }
        let mut search = GameSearch {
            game,
            config,
            nodes: Vec::new(),
            roots: Vec::new(),
            current: None,
            status: GameStatus::Running,
            stats: GameStats::default(),
            cuts: Vec::new(),
            steps: Vec::new(),
            marks: Vec::new(),
            journal: Vec::new(),
            horizon_met: false,
            buffer: Vec::new(),
        };
        let root = search.new_root();
        if search.game.known_tree() && !search.config.iterative {
            // Breadth first, so each node's children sit together in the arena.
            let mut next = root.index();
            while next < search.nodes.len() {
                let id = NodeId(next as u32);
                if !search.expand(id) {
                    return Err(GameConfigError::TooLarge(search.config.node_limit));
                }
                next += 1;
            }
        }
        Ok(search)
    }

    fn new_root(&mut self) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        let position = self.game.root();
        let player = self.game.to_move(&position);
        self.nodes
            .push(GameNode::fresh(position, None, None, 0, player));
        self.roots.push(id);
        self.stats.nodes = self.nodes.len() as u32;
        id
    }

    /// The game searched.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The settings it was started with.
    pub fn config(&self) -> &GameConfig<G::Eval> {
        &self.config
    }

    pub fn status(&self) -> GameStatus {
        self.status
    }

    pub fn stats(&self) -> GameStats {
        self.stats
    }

    /// The steps taken so far.
    pub fn steps(&self) -> usize {
        self.steps.len()
    }

    /// Step `index` (0-based, below [`GameSearch::steps`]).
    pub fn step_at(&self, index: usize) -> GameStep {
        self.steps[index]
    }

    pub fn node(&self, id: NodeId) -> &GameNode<G::Position, G::Move> {
        &self.nodes[id.index()]
    }

    /// Every node generated so far (in a tree known beforehand, every node).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The root of the current iteration.
    pub fn root(&self) -> NodeId {
        *self.roots.last().expect("a search has a root")
    }

    /// The roots of every iteration begun, the first first.
    pub fn roots(&self) -> &[NodeId] {
        &self.roots
    }

    /// The node being visited: entered or returned to by the latest step.
    pub fn current(&self) -> Option<NodeId> {
        self.current
    }

    /// A node's children in the order they are visited (none until it is expanded).
    pub fn children(&self, id: NodeId) -> impl ExactSizeIterator<Item = NodeId> + use<G> {
        let node = &self.nodes[id.index()];
        let range: Range<u32> = node.first_child..node.first_child + node.child_count;
        range.map(NodeId)
    }

    /// The cuts made so far, in order.
    pub fn cuts(&self) -> &[Cut] {
        &self.cuts
    }

    /// The nodes from the root of `id`'s iteration to `id`.
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        while let Some(parent) = self.nodes[path.last().expect("non-empty").index()].parent {
            path.push(parent);
        }
        path.reverse();
        path
    }

    /// The principal variation: from the current root, each node's best child, as far as
    /// values have been backed up (the line of play both sides choose once the search is done).
    pub fn principal_variation(&self) -> Vec<NodeId> {
        let mut line = vec![self.root()];
        while let Some(best) = self.nodes[line.last().expect("non-empty").index()].best {
            line.push(best);
        }
        line
    }

    /// The bytes held: nodes, steps, cuts and the undo journal.
    pub fn memory_bytes(&self) -> usize {
        let node = size_of::<GameNode<G::Position, G::Move>>();
        self.nodes.capacity() * node
            + self.journal.capacity() * (node + size_of::<NodeId>())
            + self.steps.capacity() * size_of::<GameStep>()
            + self.marks.capacity() * size_of::<Mark>()
            + self.cuts.capacity() * size_of::<Cut>()
    }

    /// Steps until finished or `max_steps` more were taken; returns the steps taken.
    pub fn run(&mut self, max_steps: usize) -> usize {
        let mut taken = 0;
        while taken < max_steps && self.step().is_some() {
            taken += 1;
        }
        taken
    }

    /// Goes back or forward to exactly `target` steps (forward stops early if the search ends).
    pub fn seek(&mut self, target: usize) {
        while self.steps() > target {
            self.step_back();
        }
        while self.steps() < target && self.step().is_some() {}
    }

    /// The depth limit of the current iteration.
    fn depth_limit(&self) -> Option<u32> {
        if self.config.iterative {
            Some(self.stats.iterations.max(1))
        } else {
            self.config.depth_limit
        }
    }

    /// Visits one node; `None` once the search is over.
    pub fn step(&mut self) -> Option<GameStep> {
        if !self.status.is_running() {
            return None;
        }
        self.marks.push(Mark {
            journal: self.journal.len(),
            arena: self.nodes.len(),
            current: self.current,
            stats: self.stats,
            status: self.status,
            cuts: self.cuts.len(),
            roots: self.roots.len(),
            horizon_met: self.horizon_met,
        });
        let index = self.steps.len();
        self.stats.steps += 1;
        let step = match self.current {
            None => {
                self.stats.iterations = 1;
                let root = self.root();
                self.enter(root, index, StepKind::Enter)
            }
            Some(node) if self.nodes[node.index()].visit == Visit::Done => {
                match self.nodes[node.index()].parent {
                    Some(parent) => self.return_to(parent, node, index),
                    None => {
                        // Only an iterative search goes on past a finished root.
                        self.stats.iterations += 1;
                        self.horizon_met = false;
                        let root = self.new_root();
                        let depth = self.stats.iterations;
                        self.enter(root, index, StepKind::NewIteration { depth })
                    }
                }
            }
            Some(node) => {
                let at = self.nodes[node.index()];
                let child = NodeId(at.first_child + at.visited_children);
                self.enter(child, index, StepKind::Enter)
            }
        };
        self.steps.push(step);
        Some(step)
    }

    /// Undoes the latest step exactly; false if there is none.
    pub fn step_back(&mut self) -> bool {
        let Some(mark) = self.marks.pop() else {
            return false;
        };
        self.steps.pop();
        for (id, record) in self.journal.drain(mark.journal..).rev() {
            self.nodes[id.index()] = record;
        }
        self.nodes.truncate(mark.arena);
        self.current = mark.current;
        self.stats = mark.stats;
        self.status = mark.status;
        self.cuts.truncate(mark.cuts);
        self.roots.truncate(mark.roots);
        self.horizon_met = mark.horizon_met;
        true
    }

    /// Keeps a node's record for undo, then hands it out to change.
    fn edit(&mut self, id: NodeId) -> &mut GameNode<G::Position, G::Move> {
        self.journal.push((id, self.nodes[id.index()]));
        &mut self.nodes[id.index()]
    }

    fn enter(&mut self, id: NodeId, index: usize, kind: StepKind) -> GameStep {
        let at = index as u32 + 1;
        let (alpha, beta, alpha_from, beta_from) = match self.nodes[id.index()].parent {
            Some(parent) => {
                let p = &self.nodes[parent.index()];
                (p.alpha, p.beta, p.alpha_from, p.beta_from)
            }
            None => (-INFINITY, INFINITY, None, None),
        };
        if let Some(parent) = self.nodes[id.index()].parent {
            self.edit(parent).visited_children += 1;
        }
        self.stats.visited += 1;
        self.current = Some(id);
        {
            let node = self.edit(id);
            node.visit = Visit::Visiting;
            node.entered_at = Some(at);
            node.alpha = alpha;
            node.beta = beta;
            node.alpha_from = alpha_from;
            node.beta_from = beta_from;
        }
        let node = self.nodes[id.index()];
        let mut leaf = None;
        if node.expanded {
            if node.child_count == 0 {
                leaf = Some(Leaf::Terminal);
            } else if self.depth_limit().is_some_and(|limit| node.depth >= limit) {
                leaf = Some(Leaf::Horizon);
            }
        } else {
            let mut moves = std::mem::take(&mut self.buffer);
            moves.clear();
            self.game.moves(&node.position, &mut moves);
            if moves.is_empty() {
                leaf = Some(Leaf::Terminal);
            } else if self.depth_limit().is_some_and(|limit| node.depth >= limit) {
                leaf = Some(Leaf::Horizon);
            }
            self.buffer = moves;
            if leaf.is_none() && !self.expand(id) {
                self.status = GameStatus::LimitReached;
            }
        }
        let mut done = false;
        if let Some(leaf) = leaf {
            let value = match leaf {
                Leaf::Terminal => self.game.utility(&node.position),
                Leaf::Horizon => {
                    self.horizon_met = true;
                    self.game.evaluate(self.config.eval, &node.position)
                }
            };
            self.stats.leaves += 1;
            let node = self.edit(id);
            node.leaf = Some(leaf);
            node.value = Some(value);
            node.visit = Visit::Done;
            node.done_at = Some(at);
            done = true;
            if node.parent.is_none() {
                self.finish_root(id);
            }
        }
        GameStep {
            index,
            kind,
            node: id,
            done,
            cut: None,
        }
    }

    /// Generates a node's children, in the config's order, at the end of the arena; false
    /// (and nothing generated) if they would pass the node limit.
    fn expand(&mut self, id: NodeId) -> bool {
        let node = self.nodes[id.index()];
        let mut moves = std::mem::take(&mut self.buffer);
        moves.clear();
        self.game.moves(&node.position, &mut moves);
        if self.nodes.len() + moves.len() > self.config.node_limit {
            self.buffer = moves;
            return false;
        }
        self.order(&node, &mut moves);
        let first = self.nodes.len() as u32;
        for &(mv, position) in &moves {
            let player = self.game.to_move(&position);
            self.nodes.push(GameNode::fresh(
                position,
                Some(id),
                Some(mv),
                node.depth + 1,
                player,
            ));
        }
        let count = moves.len() as u32;
        self.buffer = moves;
        let record = if self.marks.is_empty() && self.steps.is_empty() {
            &mut self.nodes[id.index()]
        } else {
            self.edit(id)
        };
        record.first_child = first;
        record.child_count = count;
        record.expanded = true;
        self.stats.nodes = self.nodes.len() as u32;
        true
    }

    /// Sorts a node's moves into the order they are visited in.
    fn order(&self, node: &GameNode<G::Position, G::Move>, moves: &mut [(G::Move, G::Position)]) {
        // Iterative deepening visits the root's moves best first by the previous iteration.
        if node.parent.is_none() && self.roots.len() > 1 {
            let previous = self.roots[self.roots.len() - 2];
            let values: Vec<(G::Move, Value)> = self
                .children(previous)
                .filter_map(|c| {
                    let child = &self.nodes[c.index()];
                    Some((child.mv?, child.value?))
                })
                .collect();
            let key = |mv: &G::Move| {
                let value = values.iter().find(|(m, _)| m == mv).map(|&(_, v)| v);
                match (node.player, value) {
                    (_, None) => (1, 0),
                    (Player::Max, Some(v)) => (0, -(v as i64)),
                    (Player::Min, Some(v)) => (0, v as i64),
                }
            };
            moves.sort_by_key(|(mv, _)| key(mv));
            return;
        }
        let best_first = match self.config.order {
            ChildOrder::AsGiven => return,
            ChildOrder::BestFirst => true,
            ChildOrder::WorstFirst => false,
        };
        let descending = (node.player == Player::Max) == best_first;
        let eval = self.config.eval;
        moves.sort_by_key(|(_, position)| {
            let value = i64::from(self.game.evaluate(eval, position));
            if descending { -value } else { value }
        });
    }

    fn return_to(&mut self, parent: NodeId, child: NodeId, index: usize) -> GameStep {
        let at = index as u32 + 1;
        let value = self.nodes[child.index()]
            .value
            .expect("a finished child has a value");
        self.current = Some(parent);
        let node = self.nodes[parent.index()];
        let before = node.value;
        let better = match (node.player, before) {
            (_, None) => true,
            (Player::Max, Some(v)) => value > v,
            (Player::Min, Some(v)) => value < v,
        };
        let after = if better { value } else { before.expect("set") };
        let left = node.child_count - node.visited_children;
        let mut cut = None;
        let mut alpha = node.alpha;
        let mut beta = node.beta;
        let mut alpha_from = node.alpha_from;
        let mut beta_from = node.beta_from;
        if self.config.algorithm == GameAlgorithm::AlphaBeta {
            match node.player {
                Player::Max if after >= node.beta && left > 0 => {
                    cut = Some((CutKind::Beta, node.beta_from, node.beta));
                }
                Player::Min if after <= node.alpha && left > 0 => {
                    cut = Some((CutKind::Alpha, node.alpha_from, node.alpha));
                }
                Player::Max if after > alpha => {
                    alpha = after;
                    alpha_from = Some(parent);
                }
                Player::Min if after < beta => {
                    beta = after;
                    beta_from = Some(parent);
                }
                _ => {}
            }
        }
        let done = cut.is_some() || left == 0;
        {
            let record = self.edit(parent);
            record.value = Some(after);
            if better {
                record.best = Some(child);
            }
            record.alpha = alpha;
            record.beta = beta;
            record.alpha_from = alpha_from;
            record.beta_from = beta_from;
            if done {
                record.visit = Visit::Done;
                record.done_at = Some(at);
            }
        }
        let cut = cut.map(|(kind, by, bound)| {
            let first = NodeId(node.first_child + node.visited_children);
            let mut leaves = 0;
            for i in 0..left {
                leaves += self.prune(NodeId(first.0 + i));
            }
            match kind {
                CutKind::Alpha => self.stats.alpha_cuts += 1,
                CutKind::Beta => self.stats.beta_cuts += 1,
            }
            self.stats.pruned += left;
            let cut = Cut {
                kind,
                node: parent,
                by: by.expect("a finite bound names its node"),
                value: after,
                bound,
                first_pruned: first,
                children: left,
                leaves,
            };
            self.cuts.push(cut);
            cut
        });
        if done && node.parent.is_none() {
            self.finish_root(parent);
        }
        GameStep {
            index,
            kind: StepKind::Return {
                child,
                before,
                after,
            },
            node: parent,
            done,
            cut,
        }
    }

    /// Marks a subtree cut off; returns the leaves in it (a node never expanded counts as one).
    fn prune(&mut self, id: NodeId) -> u32 {
        let mut leaves = 0;
        let mut stack = vec![id];
        while let Some(next) = stack.pop() {
            let record = self.edit(next);
            record.visit = Visit::Pruned;
            let (first, count) = (record.first_child, record.child_count);
            if count == 0 {
                leaves += 1;
            }
            stack.extend((first..first + count).map(NodeId));
        }
        leaves
    }

    /// The root's value is final: the search is done, unless iterative deepening has a deeper
    /// iteration to run.
    fn finish_root(&mut self, root: NodeId) {
        let deeper = self.config.iterative
            && self.horizon_met
            && self
                .config
                .depth_limit
                .is_some_and(|limit| self.stats.iterations < limit);
        if !deeper {
            let node = &self.nodes[root.index()];
            self.status = GameStatus::Done {
                value: node.value.expect("a finished root has a value"),
                best: node.best,
            };
        }
    }
}
