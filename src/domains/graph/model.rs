//! The graph itself: named nodes with drawing positions and an h table, edges with exact costs
//! (undirected roads or directed arcs), one start, one or more goals, and the order successors
//! are listed in. Also the editing operations the window's graph editor calls, each checking
//! what it is given and returning a [`GraphEditError`] instead of making a graph that breaks
//! these invariants:
//! - at least one node and at most [`MAX_NODES`]; at most [`MAX_EDGES`] edges;
//! - names are unique, non-empty, at most [`MAX_NAME_CHARS`] characters, with no quote `"` and
//!   no control character, and without spaces at either end (names are trimmed);
//! - positions are finite numbers within ±[`MAX_COORDINATE`](super::MAX_COORDINATE) (x to
//!   the right, y down, as AIspace draws them);
//! - costs and h values are at most [`MAX_COST`](super::MAX_COST) (a [`Cost`] is never
//!   negative);
//! - no edge joins a node to itself, and two nodes are joined by at most one edge, except two
//!   arcs in opposite directions;
//! - the start is a node, and the goals are one or more nodes, kept in id order.
//!
//! **Ids.** Nodes and edges are numbered from 0 in the order they were added ([`NodeId`],
//! [`EdgeId`]). Deleting one renumbers those after it down by one, as `Vec::remove` does (and
//! deleting a node deletes its edges first, renumbering them the same way): an id held across
//! a deletion must be renumbered by the holder, or looked up again by name.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::decimal::{MAX_COORDINATE, NumberError, check_cost};
use crate::search::Cost;

/// The most nodes a graph has: a route map drawn by hand has dozens, a generated one
/// thousands.
pub const MAX_NODES: usize = 5_000;
/// The most edges a graph has.
pub const MAX_EDGES: usize = 50_000;
/// The longest name of a node, in characters.
pub const MAX_NAME_CHARS: usize = 60;

/// A node of a graph: its index in the order nodes were added.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The index into the graph's nodes.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An edge of a graph: its index in the order edges were added (the order
/// [`SuccessorOrder::AsDrawn`] lists successors in).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub struct EdgeId(pub u32);

impl EdgeId {
    /// The index into the graph's edges.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Where a node is drawn: x to the right, y down (as AIspace and the screen count them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Position {
    pub x: f64,
    pub y: f64,
}

impl Position {
    pub fn new(x: f64, y: f64) -> Position {
        Position { x, y }
    }

    /// The straight-line distance to `other`.
    pub fn distance(self, other: Position) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }

    fn check(self) -> Result<Position, GraphEditError> {
        let ok = |v: f64| v.is_finite() && v.abs() <= MAX_COORDINATE;
        if ok(self.x) && ok(self.y) {
            Ok(self)
        } else {
            Err(GraphEditError::Position {
                x: self.x,
                y: self.y,
            })
        }
    }
}

/// Whether an edge can be travelled both ways.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EdgeKind {
    /// A road: from either end to the other, at the same cost.
    #[default]
    Undirected,
    /// An arc: from `from` to `to` only.
    Directed,
}

impl EdgeKind {
    /// An arc when `one_way`, else a road.
    pub fn one_way(one_way: bool) -> EdgeKind {
        if one_way {
            EdgeKind::Directed
        } else {
            EdgeKind::Undirected
        }
    }
}

/// An edge: its two ends, its cost and whether it is one-way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Edge {
    pub from: NodeId,
    pub to: NodeId,
    pub cost: Cost,
    pub kind: EdgeKind,
}

impl Edge {
    /// Whether the edge can be travelled from `a` to `b`.
    pub fn leads(&self, a: NodeId, b: NodeId) -> bool {
        (self.from == a && self.to == b)
            || (self.kind == EdgeKind::Undirected && self.from == b && self.to == a)
    }

    /// Whether the edge joins `a` and `b`, in either direction.
    pub fn joins(&self, a: NodeId, b: NodeId) -> bool {
        (self.from == a && self.to == b) || (self.from == b && self.to == a)
    }
}

/// The order a node's successors (and predecessors) are listed in, which is the order the
/// searches generate children in: it decides BFS's and DFS's ties, and the ties of every
/// other algorithm after f and the tie-break rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SuccessorOrder {
    /// Alphabetically by the neighbour's name (as most textbooks break ties), by Unicode code
    /// point, so `B` comes before `a`.
    #[default]
    ByName,
    /// In the order the edges were added (drawn, or written in the file).
    AsDrawn,
}

impl SuccessorOrder {
    /// The word the text format and the command line use: `name` or `drawn`.
    pub fn name(self) -> &'static str {
        match self {
            SuccessorOrder::ByName => "name",
            SuccessorOrder::AsDrawn => "drawn",
        }
    }

    /// Looks an order up by its word, ignoring case.
    pub fn from_name(text: &str) -> Option<SuccessorOrder> {
        [SuccessorOrder::ByName, SuccessorOrder::AsDrawn]
            .into_iter()
            .find(|o| o.name().eq_ignore_ascii_case(text.trim()))
    }
}

/// One way out of (or into) a node: the edge travelled, the node at its other end and the
/// cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    pub edge: EdgeId,
    pub node: NodeId,
    pub cost: Cost,
}

/// Why an edit (or a file) was refused.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum GraphEditError {
    #[error("a node's name cannot be empty")]
    EmptyName,
    #[error("a node's name is at most {MAX_NAME_CHARS} characters")]
    LongName,
    #[error("a node's name cannot hold a quote `\"` or a control character: `{0}`")]
    BadName(String),
    #[error("there is already a node named `{0}`")]
    DuplicateName(String),
    #[error("a graph has at most {MAX_NODES} nodes")]
    TooManyNodes,
    #[error("a graph has at most {MAX_EDGES} edges")]
    TooManyEdges,
    #[error("there is no node {0} in the graph")]
    NoSuchNode(u32),
    #[error("there is no edge {0} in the graph")]
    NoSuchEdge(u32),
    #[error("an edge joins two different nodes, not `{0}` to itself")]
    SelfLoop(String),
    #[error("there is already an edge between `{from}` and `{to}`")]
    DuplicateEdge { from: String, to: String },
    #[error("the cost {0}")]
    Cost(NumberError),
    #[error("h {0}")]
    H(NumberError),
    #[error("a position is a number from -1000000 to 1000000, not ({x}, {y})")]
    Position { x: f64, y: f64 },
    #[error("the scale is a number from 0 to 1000000, not {0}")]
    Scale(f64),
    #[error("`{0}` is the start: make another node the start before deleting it")]
    DeleteStart(String),
    #[error("`{0}` is the only goal: a graph keeps at least one goal")]
    LastGoal(String),
}

/// What is stored for each node.
#[derive(Clone, Debug, PartialEq)]
struct NodeData {
    name: String,
    position: Position,
    h: Option<Cost>,
}

/// A route graph: the third search domain's world, and its search problem (from the start to
/// any goal).
///
/// ```
/// use searchlab::domains::graph::{EdgeKind, Graph, Position};
/// use searchlab::search::Cost;
/// let mut graph = Graph::new("Home", Position::new(0.0, 0.0)).unwrap();
/// let school = graph.add_named_node("School", Position::new(300.0, 0.0)).unwrap();
/// graph.add_edge(graph.start(), school, Cost::units(4), EdgeKind::Undirected).unwrap();
/// graph.set_goals(&[school]).unwrap();
/// assert_eq!(graph.successors(school)[0].node, graph.start());
/// assert!(graph.rename(school, "Home").is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    nodes: Vec<NodeData>,
    edges: Vec<Edge>,
    start: NodeId,
    /// In id order, without repeats, never empty.
    goals: Vec<NodeId>,
    order: SuccessorOrder,
    /// The straight-line heuristic's factor from drawing units to cost units.
    scale: f64,
    /// Derived from the above: each node's ways out and in, in `order`.
    out: Vec<Vec<Link>>,
    into: Vec<Vec<Link>>,
    by_name: HashMap<String, NodeId>,
}

impl Graph {
    /// A graph of one node, which is its start and its goal; successors listed by name,
    /// scale 1.
    pub fn new(name: &str, position: Position) -> Result<Graph, GraphEditError> {
        let name = check_name(name)?;
        let position = position.check()?;
        let mut graph = Graph {
            nodes: vec![NodeData {
                name: name.clone(),
                position,
                h: None,
            }],
            edges: Vec::new(),
            start: NodeId(0),
            goals: vec![NodeId(0)],
            order: SuccessorOrder::default(),
            scale: 1.0,
            out: vec![Vec::new()],
            into: vec![Vec::new()],
            by_name: HashMap::new(),
        };
        graph.by_name.insert(name, NodeId(0));
        Ok(graph)
    }

    // ---- Reading ----

    /// The number of nodes.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The number of edges (an undirected edge counts once).
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// Every node, in id order.
    pub fn node_ids(&self) -> impl ExactSizeIterator<Item = NodeId> + use<> {
        (0..self.nodes.len() as u32).map(NodeId)
    }

    /// Every edge, in id order (the order they were added).
    pub fn edge_ids(&self) -> impl ExactSizeIterator<Item = EdgeId> + use<> {
        (0..self.edges.len() as u32).map(EdgeId)
    }

    /// Whether `node` is a node of this graph.
    pub fn contains(&self, node: NodeId) -> bool {
        node.index() < self.nodes.len()
    }

    /// A node's name. Panics if `node` is not a node of this graph, as every accessor taking
    /// an id does (the editing operations return an error instead).
    pub fn name(&self, node: NodeId) -> &str {
        &self.nodes[node.index()].name
    }

    /// Where a node is drawn.
    pub fn position(&self, node: NodeId) -> Position {
        self.nodes[node.index()].position
    }

    /// A node's entry in the h table, if it has one (the table heuristic reads a missing one
    /// as 0).
    pub fn h_value(&self, node: NodeId) -> Option<Cost> {
        self.nodes[node.index()].h
    }

    /// An edge.
    pub fn edge(&self, edge: EdgeId) -> &Edge {
        &self.edges[edge.index()]
    }

    /// The start node.
    pub fn start(&self) -> NodeId {
        self.start
    }

    /// The goal nodes, in id order (never empty).
    pub fn goals(&self) -> &[NodeId] {
        &self.goals
    }

    /// Whether `node` is a goal.
    pub fn is_goal(&self, node: NodeId) -> bool {
        self.goals.binary_search(&node).is_ok()
    }

    /// The order successors are listed in.
    pub fn order(&self) -> SuccessorOrder {
        self.order
    }

    /// The straight-line heuristic's factor from drawing units to cost.
    pub fn scale(&self) -> f64 {
        self.scale
    }

    /// The node of that exact name.
    pub fn find(&self, name: &str) -> Option<NodeId> {
        self.by_name.get(name).copied()
    }

    /// The edge that can be travelled from `from` to `to`, if there is one (there is at most
    /// one).
    pub fn find_edge(&self, from: NodeId, to: NodeId) -> Option<EdgeId> {
        self.out
            .get(from.index())?
            .iter()
            .find(|link| link.node == to)
            .map(|link| link.edge)
    }

    /// The ways out of `node` in the graph's [`SuccessorOrder`]: an arc from it, or an
    /// undirected edge at either end.
    pub fn successors(&self, node: NodeId) -> &[Link] {
        &self.out[node.index()]
    }

    /// The ways into `node` in the graph's [`SuccessorOrder`] (by the other end's name, or by
    /// edge): the arcs into it, and its undirected edges. Each link names the node it comes
    /// from.
    pub fn predecessors(&self, node: NodeId) -> &[Link] {
        &self.into[node.index()]
    }

    /// The cost of a path given as its nodes, or `None` if two consecutive nodes are not
    /// joined by an edge that leads from the first to the second (or a node is not in the
    /// graph).
    pub fn path_cost(&self, path: &[NodeId]) -> Option<Cost> {
        path.windows(2)
            .map(|pair| {
                let edge = self.find_edge(pair[0], pair[1])?;
                Some(self.edges[edge.index()].cost)
            })
            .sum()
    }

    // ---- Editing ----

    /// Adds a node at `position`, named by the first free name of `A`, `B`, ..., `Z`, `AA`,
    /// `AB`, ...
    pub fn add_node(&mut self, position: Position) -> Result<NodeId, GraphEditError> {
        let name = self.next_free_name();
        self.add_named_node(&name, position)
    }

    /// The name [`Graph::add_node`] would give the next node.
    pub fn next_free_name(&self) -> String {
        (0usize..)
            .map(letters)
            .find(|name| !self.by_name.contains_key(name))
            .expect("fewer nodes than names")
    }

    /// Adds a node with a name of its own (trimmed).
    pub fn add_named_node(
        &mut self,
        name: &str,
        position: Position,
    ) -> Result<NodeId, GraphEditError> {
        let name = check_name(name)?;
        let position = position.check()?;
        if self.by_name.contains_key(&name) {
            return Err(GraphEditError::DuplicateName(name));
        }
        if self.nodes.len() >= MAX_NODES {
            return Err(GraphEditError::TooManyNodes);
        }
        let id = NodeId(self.nodes.len() as u32);
        self.by_name.insert(name.clone(), id);
        self.nodes.push(NodeData {
            name,
            position,
            h: None,
        });
        self.out.push(Vec::new());
        self.into.push(Vec::new());
        Ok(id)
    }

    /// Moves a node.
    pub fn move_node(&mut self, node: NodeId, position: Position) -> Result<(), GraphEditError> {
        self.check_node(node)?;
        self.nodes[node.index()].position = position.check()?;
        Ok(())
    }

    /// Renames a node (the name is trimmed); refuses an empty name and another node's name.
    pub fn rename(&mut self, node: NodeId, name: &str) -> Result<(), GraphEditError> {
        self.check_node(node)?;
        let name = check_name(name)?;
        match self.by_name.get(&name) {
            Some(&other) if other == node => return Ok(()),
            Some(_) => return Err(GraphEditError::DuplicateName(name)),
            None => {}
        }
        let old = std::mem::replace(&mut self.nodes[node.index()].name, name.clone());
        self.by_name.remove(&old);
        self.by_name.insert(name, node);
        if self.order == SuccessorOrder::ByName {
            self.rebuild();
        }
        Ok(())
    }

    /// Sets a node's entry in the h table.
    pub fn set_h(&mut self, node: NodeId, h: Cost) -> Result<(), GraphEditError> {
        self.check_node(node)?;
        self.nodes[node.index()].h = Some(check_cost(h).map_err(GraphEditError::H)?);
        Ok(())
    }

    /// Removes a node's entry from the h table (the table heuristic then reads 0 there).
    pub fn clear_h(&mut self, node: NodeId) -> Result<(), GraphEditError> {
        self.check_node(node)?;
        self.nodes[node.index()].h = None;
        Ok(())
    }

    /// Adds an edge; refuses an edge from a node to itself, and one that repeats an edge
    /// already there (only two arcs in opposite directions may join the same two nodes).
    pub fn add_edge(
        &mut self,
        from: NodeId,
        to: NodeId,
        cost: Cost,
        kind: EdgeKind,
    ) -> Result<EdgeId, GraphEditError> {
        self.check_node(from)?;
        self.check_node(to)?;
        let cost = check_cost(cost).map_err(GraphEditError::Cost)?;
        if from == to {
            return Err(GraphEditError::SelfLoop(self.name(from).to_owned()));
        }
        let clash = self.out[from.index()]
            .iter()
            .chain(&self.into[from.index()])
            .any(|link| {
                link.node == to && {
                    let other = &self.edges[link.edge.index()];
                    kind == EdgeKind::Undirected
                        || other.kind == EdgeKind::Undirected
                        || other.from == from
                }
            });
        if clash {
            return Err(self.duplicate(from, to));
        }
        if self.edges.len() >= MAX_EDGES {
            return Err(GraphEditError::TooManyEdges);
        }
        let id = EdgeId(self.edges.len() as u32);
        self.edges.push(Edge {
            from,
            to,
            cost,
            kind,
        });
        // Links are kept sorted, so an edge is inserted in place rather than by a rebuild:
        // a file of many edges reads in time proportional to its length.
        let (nodes, order) = (&self.nodes, self.order);
        insert_link(
            nodes,
            order,
            &mut self.out[from.index()],
            link(id, to, cost),
        );
        insert_link(
            nodes,
            order,
            &mut self.into[to.index()],
            link(id, from, cost),
        );
        if kind == EdgeKind::Undirected {
            insert_link(
                nodes,
                order,
                &mut self.out[to.index()],
                link(id, from, cost),
            );
            insert_link(
                nodes,
                order,
                &mut self.into[from.index()],
                link(id, to, cost),
            );
        }
        Ok(id)
    }

    /// Sets an edge's cost.
    pub fn set_edge_cost(&mut self, edge: EdgeId, cost: Cost) -> Result<(), GraphEditError> {
        self.check_edge(edge)?;
        self.edges[edge.index()].cost = check_cost(cost).map_err(GraphEditError::Cost)?;
        self.rebuild();
        Ok(())
    }

    /// Makes an edge a road or an arc (from its `from` to its `to`). A road is refused where
    /// an arc the other way already joins the two nodes.
    pub fn set_edge_kind(&mut self, edge: EdgeId, kind: EdgeKind) -> Result<(), GraphEditError> {
        self.check_edge(edge)?;
        let this = self.edges[edge.index()];
        if kind == EdgeKind::Undirected
            && self
                .edges
                .iter()
                .enumerate()
                .any(|(i, e)| i != edge.index() && e.joins(this.from, this.to))
        {
            return Err(self.duplicate(this.from, this.to));
        }
        self.edges[edge.index()].kind = kind;
        self.rebuild();
        Ok(())
    }

    /// Turns an arc round (a road stays as it is, its ends swapped). Refused where an arc
    /// already leads the new way.
    pub fn reverse_edge(&mut self, edge: EdgeId) -> Result<(), GraphEditError> {
        self.check_edge(edge)?;
        let this = self.edges[edge.index()];
        if this.kind == EdgeKind::Directed && self.find_edge(this.to, this.from).is_some() {
            return Err(self.duplicate(this.to, this.from));
        }
        let e = &mut self.edges[edge.index()];
        std::mem::swap(&mut e.from, &mut e.to);
        self.rebuild();
        Ok(())
    }

    /// Deletes a node and its edges. The start cannot be deleted, nor the only goal. Nodes
    /// and edges after the ones deleted are renumbered down (see the module's docs).
    pub fn delete_node(&mut self, node: NodeId) -> Result<(), GraphEditError> {
        self.check_node(node)?;
        if node == self.start {
            return Err(GraphEditError::DeleteStart(self.name(node).to_owned()));
        }
        if self.goals == [node] {
            return Err(GraphEditError::LastGoal(self.name(node).to_owned()));
        }
        let removed = self.nodes.remove(node.index());
        self.by_name.remove(&removed.name);
        let shift = |n: NodeId| if n > node { NodeId(n.0 - 1) } else { n };
        self.edges.retain(|e| e.from != node && e.to != node);
        for e in &mut self.edges {
            e.from = shift(e.from);
            e.to = shift(e.to);
        }
        self.start = shift(self.start);
        self.goals.retain(|&g| g != node);
        for g in &mut self.goals {
            *g = shift(*g);
        }
        for id in self.by_name.values_mut() {
            *id = shift(*id);
        }
        self.rebuild();
        Ok(())
    }

    /// Deletes an edge; the edges after it are renumbered down.
    pub fn delete_edge(&mut self, edge: EdgeId) -> Result<(), GraphEditError> {
        self.check_edge(edge)?;
        self.edges.remove(edge.index());
        self.rebuild();
        Ok(())
    }

    /// Makes `node` the start (it may be a goal too).
    pub fn set_start(&mut self, node: NodeId) -> Result<(), GraphEditError> {
        self.check_node(node)?;
        self.start = node;
        Ok(())
    }

    /// Makes `node` a goal, or no longer one; refuses to take away the only goal. Returns
    /// whether it is a goal now.
    pub fn toggle_goal(&mut self, node: NodeId) -> Result<bool, GraphEditError> {
        self.check_node(node)?;
        match self.goals.binary_search(&node) {
            Ok(_) if self.goals.len() == 1 => {
                Err(GraphEditError::LastGoal(self.name(node).to_owned()))
            }
            Ok(at) => {
                self.goals.remove(at);
                Ok(false)
            }
            Err(at) => {
                self.goals.insert(at, node);
                Ok(true)
            }
        }
    }

    /// Makes exactly these nodes the goals (at least one; repeats are dropped).
    pub fn set_goals(&mut self, goals: &[NodeId]) -> Result<(), GraphEditError> {
        for &goal in goals {
            self.check_node(goal)?;
        }
        let Some(&first) = goals.first() else {
            let name = self.name(self.goals[0]).to_owned();
            return Err(GraphEditError::LastGoal(name));
        };
        let mut goals = goals.to_vec();
        goals.sort_unstable();
        goals.dedup();
        debug_assert!(goals.contains(&first));
        self.goals = goals;
        Ok(())
    }

    /// Sets the order successors are listed in.
    pub fn set_order(&mut self, order: SuccessorOrder) {
        if self.order != order {
            self.order = order;
            self.rebuild();
        }
    }

    /// Sets the straight-line heuristic's factor from drawing units to cost: 0 to 1000000.
    pub fn set_scale(&mut self, scale: f64) -> Result<(), GraphEditError> {
        if !(0.0..=MAX_COORDINATE).contains(&scale) {
            return Err(GraphEditError::Scale(scale));
        }
        self.scale = scale;
        Ok(())
    }

    // ---- Internals ----

    fn check_node(&self, node: NodeId) -> Result<(), GraphEditError> {
        if self.contains(node) {
            Ok(())
        } else {
            Err(GraphEditError::NoSuchNode(node.0))
        }
    }

    fn check_edge(&self, edge: EdgeId) -> Result<(), GraphEditError> {
        if edge.index() < self.edges.len() {
            Ok(())
        } else {
            Err(GraphEditError::NoSuchEdge(edge.0))
        }
    }

    fn duplicate(&self, from: NodeId, to: NodeId) -> GraphEditError {
        GraphEditError::DuplicateEdge {
            from: self.name(from).to_owned(),
            to: self.name(to).to_owned(),
        }
    }

    /// Makes the derived lists again from the nodes, edges and order.
    fn rebuild(&mut self) {
        let n = self.nodes.len();
        self.out = vec![Vec::new(); n];
        self.into = vec![Vec::new(); n];
        for (i, e) in self.edges.iter().enumerate() {
            let id = EdgeId(i as u32);
            self.out[e.from.index()].push(link(id, e.to, e.cost));
            self.into[e.to.index()].push(link(id, e.from, e.cost));
            if e.kind == EdgeKind::Undirected {
                self.out[e.to.index()].push(link(id, e.from, e.cost));
                self.into[e.from.index()].push(link(id, e.to, e.cost));
            }
        }
        if self.order == SuccessorOrder::ByName {
            let nodes = &self.nodes;
            for list in self.out.iter_mut().chain(self.into.iter_mut()) {
                list.sort_by(|a, b| link_key(nodes, a).cmp(&link_key(nodes, b)));
            }
        }
        self.by_name = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, node)| (node.name.clone(), NodeId(i as u32)))
            .collect();
    }
}

fn link(edge: EdgeId, node: NodeId, cost: Cost) -> Link {
    Link { edge, node, cost }
}

/// The order of links by name: the other end's name, then the edge (two arcs between the same
/// two nodes are never both ways out of one of them, so names alone decide).
fn link_key<'a>(nodes: &'a [NodeData], link: &Link) -> (&'a str, EdgeId) {
    (&nodes[link.node.index()].name, link.edge)
}

/// Inserts a link where the order puts it: by name, or after every earlier edge (the new edge
/// is the last, so as drawn it goes at the end).
fn insert_link(nodes: &[NodeData], order: SuccessorOrder, list: &mut Vec<Link>, new: Link) {
    let at = match order {
        SuccessorOrder::AsDrawn => list.len(),
        SuccessorOrder::ByName => {
            let key = link_key(nodes, &new);
            list.partition_point(|l| link_key(nodes, l) < key)
        }
    };
    list.insert(at, new);
}

/// A name trimmed and checked.
fn check_name(name: &str) -> Result<String, GraphEditError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(GraphEditError::EmptyName);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(GraphEditError::LongName);
    }
    if name.chars().any(|c| c == '"' || c.is_control()) {
        let shown: String = name.chars().filter(|c| !c.is_control()).collect();
        return Err(GraphEditError::BadName(shown));
    }
    Ok(name.to_owned())
}

/// The `n`-th name in the order `A`..`Z`, `AA`..`ZZ`, `AAA`, ... (spreadsheet columns).
fn letters(mut n: usize) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'A' + (n % 26) as u8);
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    name.reverse();
    String::from_utf8(name).expect("ASCII letters")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f64, y: f64) -> Position {
        Position::new(x, y)
    }

    /// A, B, C, D with roads A-B 1, A-C 2, an arc C→D 3 and a road B-D 4; A start, D goal.
    fn small() -> Graph {
        let mut g = Graph::new("A", at(0.0, 0.0)).unwrap();
        let b = g.add_node(at(100.0, 0.0)).unwrap();
        let c = g.add_node(at(0.0, 100.0)).unwrap();
        let d = g.add_node(at(100.0, 100.0)).unwrap();
        let a = g.start();
        g.add_edge(a, b, Cost::units(1), EdgeKind::Undirected)
            .unwrap();
        g.add_edge(a, c, Cost::units(2), EdgeKind::Undirected)
            .unwrap();
        g.add_edge(c, d, Cost::units(3), EdgeKind::Directed)
            .unwrap();
        g.add_edge(b, d, Cost::units(4), EdgeKind::Undirected)
            .unwrap();
        g.set_goals(&[d]).unwrap();
        g
    }

    fn names(g: &Graph, links: &[Link]) -> Vec<String> {
        links.iter().map(|l| g.name(l.node).to_owned()).collect()
    }

    #[test]
    fn auto_names_count_like_spreadsheet_columns() {
        assert_eq!(letters(0), "A");
        assert_eq!(letters(25), "Z");
        assert_eq!(letters(26), "AA");
        assert_eq!(letters(27), "AB");
        assert_eq!(letters(26 + 26 * 26), "AAA");
        let mut g = small();
        assert_eq!(g.next_free_name(), "E");
        g.rename(NodeId(1), "Bee").unwrap();
        assert_eq!(
            g.add_node(at(5.0, 5.0)).map(|n| g.name(n).to_owned()),
            Ok("B".into())
        );
    }

    #[test]
    fn successors_and_predecessors_follow_the_arcs_in_either_order() {
        let mut g = small();
        let [a, b, c, d] = [0, 1, 2, 3].map(NodeId);
        assert_eq!(names(&g, g.successors(a)), ["B", "C"]);
        // The arc C→D leads out of C only.
        assert_eq!(names(&g, g.successors(d)), ["B"]);
        assert_eq!(names(&g, g.predecessors(d)), ["B", "C"]);
        assert_eq!(names(&g, g.predecessors(c)), ["A"]);
        assert_eq!(g.find_edge(c, d), Some(EdgeId(2)));
        assert_eq!(g.find_edge(d, c), None);
        assert_eq!(g.path_cost(&[a, c, d]), Some(Cost::units(5)));
        assert_eq!(g.path_cost(&[d, c]), None);
        // Renamed, B sorts after C by name; as drawn, edge order decides.
        g.rename(b, "X").unwrap();
        assert_eq!(names(&g, g.successors(a)), ["C", "X"]);
        assert_eq!(names(&g, g.predecessors(d)), ["C", "X"]);
        g.set_order(SuccessorOrder::AsDrawn);
        assert_eq!(names(&g, g.successors(a)), ["X", "C"]);
        assert_eq!(names(&g, g.predecessors(d)), ["C", "X"]);
        // Incremental inserts agree with a rebuild, in both orders.
        for order in [SuccessorOrder::AsDrawn, SuccessorOrder::ByName] {
            g.set_order(order);
            let e = g.add_node(at(1.0, 2.0)).unwrap();
            g.add_edge(e, a, Cost::ONE, EdgeKind::Undirected).unwrap();
            g.add_edge(d, e, Cost::ONE, EdgeKind::Directed).unwrap();
            let mut rebuilt = g.clone();
            rebuilt.rebuild();
            assert_eq!(rebuilt, g, "{order:?}");
        }
    }

    #[test]
    fn edits_refuse_what_would_break_the_graph() {
        let mut g = small();
        let [a, b, c, d] = [0, 1, 2, 3].map(NodeId);
        let one = Cost::ONE;
        assert_eq!(g.rename(a, "  "), Err(GraphEditError::EmptyName));
        assert_eq!(
            g.rename(a, "B"),
            Err(GraphEditError::DuplicateName("B".into()))
        );
        assert!(matches!(
            g.rename(a, "A\"b"),
            Err(GraphEditError::BadName(_))
        ));
        assert_eq!(g.rename(a, &"x".repeat(61)), Err(GraphEditError::LongName));
        g.rename(a, " Arad ").unwrap();
        assert_eq!(g.name(a), "Arad");
        assert_eq!(g.find("Arad"), Some(a));
        assert_eq!(g.find("A"), None);
        assert_eq!(
            g.add_edge(a, a, one, EdgeKind::Directed),
            Err(GraphEditError::SelfLoop("Arad".into()))
        );
        assert!(matches!(
            g.add_edge(b, a, one, EdgeKind::Directed),
            Err(GraphEditError::DuplicateEdge { .. })
        ));
        // An arc back against the arc C→D is allowed; a road there is not.
        assert!(matches!(
            g.add_edge(d, c, one, EdgeKind::Undirected),
            Err(GraphEditError::DuplicateEdge { .. })
        ));
        assert!(matches!(
            g.add_edge(c, d, one, EdgeKind::Directed),
            Err(GraphEditError::DuplicateEdge { .. })
        ));
        let back = g.add_edge(d, c, one, EdgeKind::Directed).unwrap();
        assert!(g.set_edge_kind(back, EdgeKind::Undirected).is_err());
        assert!(g.reverse_edge(back).is_err());
        assert_eq!(
            g.add_edge(a, d, Cost::units(2_000_000_000), EdgeKind::Directed),
            Err(GraphEditError::Cost(NumberError::TooLarge))
        );
        assert_eq!(
            g.set_h(a, Cost::units(2_000_000_000)),
            Err(GraphEditError::H(NumberError::TooLarge))
        );
        assert_eq!(
            g.add_edge(a, NodeId(9), one, EdgeKind::Directed),
            Err(GraphEditError::NoSuchNode(9))
        );
        assert_eq!(g.delete_edge(EdgeId(9)), Err(GraphEditError::NoSuchEdge(9)));
        assert!(g.move_node(a, at(f64::NAN, 0.0)).is_err());
        assert!(g.move_node(a, at(0.0, 2e6)).is_err());
        assert!(g.set_scale(-1.0).is_err());
        assert!(g.set_scale(f64::NAN).is_err());
        assert_eq!(
            g.delete_node(a),
            Err(GraphEditError::DeleteStart("Arad".into()))
        );
        assert_eq!(g.delete_node(d), Err(GraphEditError::LastGoal("D".into())));
        assert_eq!(g.toggle_goal(d), Err(GraphEditError::LastGoal("D".into())));
        assert!(g.set_goals(&[]).is_err());
        assert_eq!(g.toggle_goal(b), Ok(true));
        assert_eq!(g.goals(), [b, d]);
        assert_eq!(g.toggle_goal(d), Ok(false));
        assert_eq!(g.goals(), [b]);
        assert!(Graph::new("", at(0.0, 0.0)).is_err());
    }

    #[test]
    fn deleting_renumbers_what_comes_after() {
        let mut g = small();
        let [a, b, c, d] = [0, 1, 2, 3].map(NodeId);
        g.toggle_goal(b).unwrap();
        g.set_start(d).unwrap();
        // C goes, with its edges A-C (1) and C→D (2): D becomes node 2, B-D edge 1.
        g.delete_node(c).unwrap();
        assert_eq!(g.node_count(), 3);
        assert_eq!(g.name(NodeId(2)), "D");
        assert_eq!(g.start(), NodeId(2));
        assert_eq!(g.goals(), [b, NodeId(2)]);
        assert_eq!(g.edge_count(), 2);
        assert_eq!(
            *g.edge(EdgeId(1)),
            Edge {
                from: b,
                to: NodeId(2),
                cost: Cost::units(4),
                kind: EdgeKind::Undirected
            }
        );
        assert_eq!(g.find("D"), Some(NodeId(2)));
        assert_eq!(g.find("C"), None);
        g.delete_edge(EdgeId(0)).unwrap();
        assert!(g.successors(a).is_empty());
        assert_eq!(names(&g, g.successors(b)), ["D"]);
        let _ = d;
        let mut rebuilt = g.clone();
        rebuilt.rebuild();
        assert_eq!(rebuilt, g);
    }

    #[test]
    fn costs_and_kinds_change_in_place() {
        let mut g = small();
        let [a, b, _, d] = [0, 1, 2, 3].map(NodeId);
        g.set_edge_cost(EdgeId(0), Cost::from_raw(99_000)).unwrap();
        assert_eq!(g.successors(b)[0].cost, Cost::from_raw(99_000));
        g.set_edge_kind(EdgeId(3), EdgeKind::Directed).unwrap();
        assert_eq!(names(&g, g.successors(d)), Vec::<String>::new());
        g.reverse_edge(EdgeId(3)).unwrap();
        assert_eq!(names(&g, g.successors(d)), ["B"]);
        assert_eq!(g.find_edge(b, d), None);
        g.set_h(a, Cost::units(3)).unwrap();
        assert_eq!(g.h_value(a), Some(Cost::units(3)));
        g.clear_h(a).unwrap();
        assert_eq!(g.h_value(a), None);
    }

    #[test]
    fn limits_are_refused_not_exceeded() {
        let mut g = Graph::new("A", at(0.0, 0.0)).unwrap();
        for i in 1..MAX_NODES {
            g.add_named_node(&format!("n{i}"), at(i as f64, 0.0))
                .unwrap();
        }
        assert_eq!(g.add_node(at(0.0, 1.0)), Err(GraphEditError::TooManyNodes));
        assert_eq!(g.node_count(), MAX_NODES);
    }
}
