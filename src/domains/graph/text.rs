//! searchlab's own graph file, written by hand as easily as read: one statement a line.
//!
//! ```text
//! # Part of AIMA's Romania (a `#` starts a comment)
//! order name
//! scale 1
//! node Arad 91 108 h=366
//! node Sibiu 207 143 h=253
//! node "Rimnicu Vilcea" 233 190 h=193
//! node Bucharest 400 273 h=0
//! edge Arad Sibiu 140
//! edge Sibiu "Rimnicu Vilcea" 80
//! arc "Rimnicu Vilcea" Bucharest 278.5
//! start Arad
//! goal Bucharest
//! ```
//!
//! - `node NAME [X Y] [h=H]`: a node, drawn at (X, Y) (x to the right, y down; any numbers),
//!   with H in the h table. Nodes without a position are set out in rows of five, 150 apart.
//! - `edge A B [COST]`: a road both ways; `arc A B [COST]`: one way, from A to B. The cost is
//!   1 when left out. Costs and h values are decimals, exact to four places (`9.9`).
//! - `start NAME`: the start, once. `goal NAME [NAME ...]`: goals, on one line or several.
//! - `order name|drawn`: successors by name (the default) or in the order of the `edge` and
//!   `arc` lines. `scale S`: the straight-line heuristic's factor from drawing units to cost
//!   (default 1).
//!
//! A name with a space or a `#` is written in double quotes; a name never holds a quote.
//! Words are separated by spaces or tabs, keywords are in any case, lines may come in any
//! order (a name is looked up once the whole file is read), and blank lines are skipped.
//! Every refusal names its line ([`GraphFileError`]). Serde writes a graph as this text in
//! one string, so a session file holds it readably.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use super::decimal::{NumberError, coordinate_text, cost_text, parse_coordinate, parse_cost};
use super::model::{
    EdgeKind, Graph, GraphEditError, MAX_EDGES, MAX_NODES, NodeId, Position, SuccessorOrder,
};
use crate::search::Cost;

/// Why a graph file (ours or AIspace's) was refused, and where.
#[derive(Clone, Debug, PartialEq, Error)]
#[error("line {line}: {problem}")]
pub struct GraphFileError {
    /// The line, from 1 (for a missing start or goal, the last line).
    pub line: usize,
    pub problem: FileProblem,
}

/// What is wrong in a graph file.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum FileProblem {
    /// A line that starts with no keyword of the format.
    #[error("`{0}` is not a statement: use node, edge, arc, start, goal, order or scale")]
    UnknownKeyword(String),
    /// A statement with the wrong words after its keyword.
    #[error("expected `{0}`")]
    Usage(&'static str),
    /// A double quote that is not closed on its line.
    #[error("a quote is not closed")]
    UnclosedQuote,
    /// A position or a scale that is not a number in range.
    #[error("the {what} `{found}` is not a number from -1000000 to 1000000")]
    Number { what: &'static str, found: String },
    /// A cost or an h value that is not a cost.
    #[error("the {what} `{found}` {error}")]
    Cost {
        what: &'static str,
        found: String,
        error: NumberError,
    },
    /// A name that no node has.
    #[error("no node is named `{0}`")]
    UnknownNode(String),
    /// A statement said twice that is said once (`start`, `order`, `scale`).
    #[error("a second `{0}`: the file gives it once")]
    Repeated(&'static str),
    /// The graph refused what the line asks (a repeated name, a self-loop, ...).
    #[error("{0}")]
    Edit(GraphEditError),
    /// No node at all.
    #[error("the file has no nodes")]
    NoNodes,
    /// No start line (or AIspace node of type START).
    #[error("the file names no start")]
    NoStart,
    /// No goal line (or AIspace node of type GOAL).
    #[error("the file names no goal")]
    NoGoal,
    /// The XML could not be read at all (the parser's own words).
    #[error("not well-formed XML: {0}")]
    Xml(String),
    /// Well-formed XML that is not an AIspace search graph.
    #[error("expected an AIspace graph, `<SEARCH>` with a `<GRAPH>` inside, found `<{0}>`")]
    NotAiSpace(String),
    /// An AIspace element without a child it needs.
    #[error("`<{parent}>` has no `<{child}>`")]
    MissingElement {
        parent: &'static str,
        child: &'static str,
    },
    /// An AIspace index that is not a whole number.
    #[error("the index `{0}` is not a whole number")]
    BadIndex(String),
    /// Two AIspace nodes with the same index.
    #[error("a second node with index {0}")]
    DuplicateIndex(String),
    /// An AIspace edge that names an index no node has.
    #[error("no node has index {0}")]
    UnknownIndex(String),
    /// An AIspace node type other than START, GOAL and REGULAR.
    #[error("the node type `{0}` is not START, GOAL or REGULAR")]
    BadType(String),
}

impl FileProblem {
    pub(super) fn at(self, line: usize) -> GraphFileError {
        GraphFileError {
            line,
            problem: self,
        }
    }
}

/// What a `node` line said.
pub(super) struct NodeSpec {
    pub line: usize,
    pub name: String,
    pub position: Option<Position>,
    pub h: Option<Cost>,
}

/// What an `edge` or `arc` line said, names unresolved.
pub(super) struct EdgeSpec {
    pub line: usize,
    pub from: String,
    pub to: String,
    pub cost: Cost,
    pub kind: EdgeKind,
}

/// A whole file's statements, ready to become a graph: both formats end here, so they
/// check names, edges and endpoints alike.
pub(super) struct Parts {
    pub nodes: Vec<NodeSpec>,
    pub edges: Vec<EdgeSpec>,
    pub start: Option<(usize, String)>,
    pub goals: Vec<(usize, String)>,
    pub order: SuccessorOrder,
    pub scale: f64,
    /// The last line, for what is missing.
    pub last_line: usize,
}

impl Parts {
    pub(super) fn new() -> Parts {
        Parts {
            nodes: Vec::new(),
            edges: Vec::new(),
            start: None,
            goals: Vec::new(),
            order: SuccessorOrder::default(),
            scale: 1.0,
            last_line: 1,
        }
    }

    /// A node, refused at its line when there are already as many as a graph holds.
    pub(super) fn push_node(&mut self, node: NodeSpec) -> Result<(), GraphFileError> {
        if self.nodes.len() >= MAX_NODES {
            return Err(FileProblem::Edit(GraphEditError::TooManyNodes).at(node.line));
        }
        self.nodes.push(node);
        Ok(())
    }

    /// An edge, refused at its line when there are already as many as a graph holds.
    pub(super) fn push_edge(&mut self, edge: EdgeSpec) -> Result<(), GraphFileError> {
        if self.edges.len() >= MAX_EDGES {
            return Err(FileProblem::Edit(GraphEditError::TooManyEdges).at(edge.line));
        }
        self.edges.push(edge);
        Ok(())
    }

    /// The graph, or the first refusal by line.
    pub(super) fn build(self) -> Result<Graph, GraphFileError> {
        let last = self.last_line;
        let Some(first) = self.nodes.first() else {
            return Err(FileProblem::NoNodes.at(last));
        };
        let mut unplaced = 0usize;
        let mut place = |spec: &NodeSpec| {
            spec.position.unwrap_or_else(|| {
                let k = unplaced;
                unplaced += 1;
                Position::new(
                    100.0 + 150.0 * (k % 5) as f64,
                    100.0 + 150.0 * (k / 5) as f64,
                )
            })
        };
        let edit = |line: usize| move |error: GraphEditError| FileProblem::Edit(error).at(line);
        let mut graph = Graph::new(&first.name, place(first)).map_err(edit(first.line))?;
        for spec in &self.nodes[1..] {
            graph
                .add_named_node(&spec.name, place(spec))
                .map_err(edit(spec.line))?;
        }
        for (i, spec) in self.nodes.iter().enumerate() {
            if let Some(h) = spec.h {
                graph.set_h(NodeId(i as u32), h).map_err(edit(spec.line))?;
            }
        }
        graph.set_order(self.order);
        graph.set_scale(self.scale).map_err(edit(last))?;
        let find = |graph: &Graph, line: usize, name: &str| {
            graph
                .find(name.trim())
                .ok_or_else(|| FileProblem::UnknownNode(name.to_owned()).at(line))
        };
        for edge in &self.edges {
            let from = find(&graph, edge.line, &edge.from)?;
            let to = find(&graph, edge.line, &edge.to)?;
            graph
                .add_edge(from, to, edge.cost, edge.kind)
                .map_err(edit(edge.line))?;
        }
        let Some((line, start)) = &self.start else {
            return Err(FileProblem::NoStart.at(last));
        };
        let start = find(&graph, *line, start)?;
        graph.set_start(start).map_err(edit(*line))?;
        let mut goals = Vec::with_capacity(self.goals.len());
        for (line, goal) in &self.goals {
            goals.push(find(&graph, *line, goal)?);
        }
        if goals.is_empty() {
            return Err(FileProblem::NoGoal.at(last));
        }
        graph.set_goals(&goals).map_err(edit(last))?;
        Ok(graph)
    }
}

/// Splits a line into words: spaces and tabs between them, `"..."` around a word with spaces,
/// `#` to the end of the line a comment.
fn words(line: &str) -> Result<Vec<String>, FileProblem> {
    let mut words = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '#' {
            break;
        } else if c == '"' {
            chars.next();
            let mut word = String::new();
            loop {
                match chars.next() {
                    Some('"') => break,
                    Some(c) => word.push(c),
                    None => return Err(FileProblem::UnclosedQuote),
                }
            }
            words.push(word);
        } else {
            let mut word = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '#' || c == '"' {
                    break;
                }
                word.push(c);
                chars.next();
            }
            words.push(word);
        }
    }
    Ok(words)
}

const NODE_USAGE: &str = "node NAME [X Y] [h=H]";
const EDGE_USAGE: &str = "edge A B [COST]";
const ARC_USAGE: &str = "arc A B [COST]";

fn cost(what: &'static str, text: &str) -> Result<Cost, FileProblem> {
    parse_cost(text).map_err(|error| FileProblem::Cost {
        what,
        found: text.to_owned(),
        error,
    })
}

fn coordinate(what: &'static str, text: &str) -> Result<f64, FileProblem> {
    parse_coordinate(text).ok_or_else(|| FileProblem::Number {
        what,
        found: text.to_owned(),
    })
}

/// Reads one statement into `parts`.
fn statement(parts: &mut Parts, line: usize, words: &[String]) -> Result<(), GraphFileError> {
    let Some((keyword, rest)) = words.split_first() else {
        return Ok(());
    };
    let fail = |problem: FileProblem| Err(problem.at(line));
    match keyword.to_ascii_lowercase().as_str() {
        "node" => {
            let Some((name, rest)) = rest.split_first() else {
                return fail(FileProblem::Usage(NODE_USAGE));
            };
            let (h, numbers): (Vec<&String>, Vec<&String>) = rest.iter().partition(|w| is_h(w));
            let position = match numbers.as_slice() {
                [] => None,
                [x, y] => Some(Position::new(
                    coordinate("x", x).map_err(|p| p.at(line))?,
                    coordinate("y", y).map_err(|p| p.at(line))?,
                )),
                _ => return fail(FileProblem::Usage(NODE_USAGE)),
            };
            let h = match h.as_slice() {
                [] => None,
                [h] => Some(cost("h value", &h[2..]).map_err(|p| p.at(line))?),
                _ => return fail(FileProblem::Usage(NODE_USAGE)),
            };
            parts.push_node(NodeSpec {
                line,
                name: name.clone(),
                position,
                h,
            })
        }
        kind @ ("edge" | "arc") => {
            let (kind, usage) = if kind == "edge" {
                (EdgeKind::Undirected, EDGE_USAGE)
            } else {
                (EdgeKind::Directed, ARC_USAGE)
            };
            let (from, to, price) = match rest {
                [from, to] => (from, to, Cost::ONE),
                [from, to, price] => (from, to, cost("cost", price).map_err(|p| p.at(line))?),
                _ => return fail(FileProblem::Usage(usage)),
            };
            parts.push_edge(EdgeSpec {
                line,
                from: from.clone(),
                to: to.clone(),
                cost: price,
                kind,
            })
        }
        "start" => {
            let [name] = rest else {
                return fail(FileProblem::Usage("start NAME"));
            };
            if parts.start.is_some() {
                return fail(FileProblem::Repeated("start"));
            }
            parts.start = Some((line, name.clone()));
            Ok(())
        }
        "goal" => {
            if rest.is_empty() {
                return fail(FileProblem::Usage("goal NAME [NAME ...]"));
            }
            parts
                .goals
                .extend(rest.iter().map(|name| (line, name.clone())));
            Ok(())
        }
        "order" => {
            let [word] = rest else {
                return fail(FileProblem::Usage("order name|drawn"));
            };
            let Some(order) = SuccessorOrder::from_name(word) else {
                return fail(FileProblem::Usage("order name|drawn"));
            };
            parts.order = order;
            Ok(())
        }
        "scale" => {
            let [word] = rest else {
                return fail(FileProblem::Usage("scale S"));
            };
            let scale = coordinate("scale", word).map_err(|p| p.at(line))?;
            if scale < 0.0 {
                return fail(FileProblem::Edit(GraphEditError::Scale(scale)));
            }
            parts.scale = scale;
            Ok(())
        }
        _ => fail(FileProblem::UnknownKeyword(
            keyword.chars().take(40).collect(),
        )),
    }
}

/// Whether a word of a `node` line is its h value, `h=...`.
fn is_h(word: &str) -> bool {
    word.len() > 2 && word.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("h="))
}

/// A name as a word of the format: in quotes when it holds a space or a `#`, or would be
/// read as an h value.
fn quoted(name: &str) -> String {
    let plain =
        !name.is_empty() && !name.contains(|c: char| c.is_whitespace() || c == '#') && !is_h(name);
    if plain {
        name.to_owned()
    } else {
        format!("\"{name}\"")
    }
}

impl Graph {
    /// Reads a graph in searchlab's text format (see the [module docs](self)); a leading
    /// byte-order mark is skipped.
    ///
    /// ```
    /// use searchlab::domains::graph::Graph;
    /// let graph = Graph::from_text("node S 0 0\nnode G 3 4 h=0\narc S G 9.9\nstart S\ngoal G\n")
    ///     .unwrap();
    /// assert_eq!(graph.edge(graph.edge_ids().next().unwrap()).cost.raw(), 99_000);
    /// let error = Graph::from_text("node S\nedge S T 1\nstart S\ngoal S\n").unwrap_err();
    /// assert_eq!(error.to_string(), "line 2: no node is named `T`");
    /// ```
    pub fn from_text(text: &str) -> Result<Graph, GraphFileError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut parts = Parts::new();
        for (i, line) in text.lines().enumerate() {
            let number = i + 1;
            parts.last_line = number;
            let words = words(line).map_err(|p| p.at(number))?;
            statement(&mut parts, number, &words)?;
        }
        parts.build()
    }

    /// The graph in searchlab's text format: order and scale, the nodes, the edges in id
    /// order, the start and the goals. Reading it back gives the same graph.
    pub fn to_text(&self) -> String {
        use fmt::Write as _;
        let mut out = String::from(
            "# searchlab route graph: node NAME X Y [h=H], edge A B COST (both ways), \
             arc A B COST (one way)\n",
        );
        let _ = writeln!(out, "order {}", self.order().name());
        let _ = writeln!(out, "scale {}", coordinate_text(self.scale()));
        for node in self.node_ids() {
            let at = self.position(node);
            let _ = write!(
                out,
                "node {} {} {}",
                quoted(self.name(node)),
                coordinate_text(at.x),
                coordinate_text(at.y)
            );
            if let Some(h) = self.h_value(node) {
                let _ = write!(out, " h={}", cost_text(h));
            }
            out.push('\n');
        }
        for edge in self.edge_ids() {
            let e = self.edge(edge);
            let keyword = match e.kind {
                EdgeKind::Undirected => "edge",
                EdgeKind::Directed => "arc",
            };
            let _ = writeln!(
                out,
                "{keyword} {} {} {}",
                quoted(self.name(e.from)),
                quoted(self.name(e.to)),
                cost_text(e.cost)
            );
        }
        let _ = writeln!(out, "start {}", quoted(self.name(self.start())));
        let goals: Vec<String> = self.goals().iter().map(|&g| quoted(self.name(g))).collect();
        let _ = writeln!(out, "goal {}", goals.join(" "));
        out
    }
}

impl Serialize for Graph {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_text())
    }
}

impl<'de> Deserialize<'de> for Graph {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Graph, D::Error> {
        let text = String::deserialize(deserializer)?;
        Graph::from_text(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::graph::GraphPreset;

    const EXAMPLE: &str = "# Part of AIMA's Romania (a `#` starts a comment)\n\
                           order name\n\
                           scale 1\n\
                           node Arad 91 108 h=366\n\
                           node Sibiu 207 143 h=253\n\
                           node \"Rimnicu Vilcea\" 233 190 h=193\n\
                           node Bucharest 400 273 h=0\n\
                           edge Arad Sibiu 140\n\
                           edge Sibiu \"Rimnicu Vilcea\" 80\n\
                           arc \"Rimnicu Vilcea\" Bucharest 278.5\n\
                           start Arad\n\
                           goal Bucharest\n";

    #[test]
    fn the_documented_example_reads() {
        let graph = Graph::from_text(EXAMPLE).unwrap();
        assert_eq!(graph.node_count(), 4);
        let rv = graph.find("Rimnicu Vilcea").unwrap();
        assert_eq!(graph.position(rv), Position::new(233.0, 190.0));
        assert_eq!(graph.h_value(rv), Some(Cost::units(193)));
        let arc = graph.edge(graph.edge_ids().last().unwrap());
        assert_eq!(
            (arc.kind, arc.cost),
            (EdgeKind::Directed, Cost::from_raw(2_785_000))
        );
        assert_eq!(graph.name(graph.start()), "Arad");
        // Written back, it reads the same (the comment is the writer's own).
        assert_eq!(Graph::from_text(&graph.to_text()), Ok(graph));
    }

    #[test]
    fn every_preset_and_decimal_costs_round_trip() {
        for preset in GraphPreset::ALL {
            let mut graph = preset.build();
            assert_eq!(
                Graph::from_text(&graph.to_text()).as_ref(),
                Ok(&graph),
                "{preset:?}"
            );
            // Decimals, odd names, an order, a scale, positions and several goals.
            let first = graph.edge_ids().next().unwrap();
            graph.set_edge_cost(first, Cost::from_raw(99_000)).unwrap();
            let node = graph
                .add_named_node("h=2 # not a comment", Position::new(-0.5, 1e-3))
                .unwrap();
            graph.set_h(node, Cost::from_raw(12_345)).unwrap();
            graph
                .add_edge(graph.start(), node, Cost::from_raw(1), EdgeKind::Directed)
                .unwrap();
            graph.toggle_goal(node).unwrap();
            graph.set_order(SuccessorOrder::AsDrawn);
            graph.set_scale(0.25).unwrap();
            let text = graph.to_text();
            assert!(
                text.contains(" 9.9\n") && text.contains("h=1.2345"),
                "{text}"
            );
            assert_eq!(Graph::from_text(&text).as_ref(), Ok(&graph), "{preset:?}");
            let json = serde_json::to_string(&graph).unwrap();
            assert_eq!(serde_json::from_str::<Graph>(&json).unwrap(), graph);
        }
    }

    #[test]
    fn hand_written_files_may_leave_things_out() {
        let graph = Graph::from_text(
            "\u{feff}GOAL c\nstart a\n\n  node a\tnode b # two words: a and b? no: b\nnode b\n\
             node c h=2.5\nEdge a b\narc b c 0\n",
        );
        // `node a node b` has four words after the keyword: refused on its line.
        assert_eq!(graph.unwrap_err().line, 4);
        let graph = Graph::from_text(
            "goal c\nstart a\nnode a\nnode b\nnode c h=2.5\nEdge a b\narc b c 0\n",
        )
        .unwrap();
        assert_eq!(graph.position(NodeId(1)), Position::new(250.0, 100.0));
        assert_eq!(graph.edge(graph.edge_ids().next().unwrap()).cost, Cost::ONE);
        assert_eq!(graph.order(), SuccessorOrder::ByName);
        assert_eq!(graph.scale(), 1.0);
    }

    #[test]
    fn refusals_name_their_line() {
        let cases: &[(&str, usize, &str)] = &[
            (
                "node A\nnode A\nstart A\ngoal A",
                2,
                "already a node named `A`",
            ),
            ("node A\nstart A\ngoal B", 3, "no node is named `B`"),
            (
                "node A\nnode B\nedge A C 2\nstart A\ngoal B",
                3,
                "no node is named `C`",
            ),
            (
                "node A\nnode B\nedge A B -2\nstart A\ngoal B",
                3,
                "cost `-2` is negative",
            ),
            (
                "node A h=-1\nstart A\ngoal A",
                1,
                "h value `-1` is negative",
            ),
            (
                "node A h=x\nstart A\ngoal A",
                1,
                "h value `x` is not a number",
            ),
            (
                "node A 1\nstart A\ngoal A",
                1,
                "expected `node NAME [X Y] [h=H]`",
            ),
            (
                "node A 1 y\nstart A\ngoal A",
                1,
                "the y `y` is not a number",
            ),
            (
                "node A\nedge A A 1\nstart A\ngoal A",
                2,
                "not `A` to itself",
            ),
            (
                "node A\nnode B\nedge A B\narc B A\nstart A\ngoal B",
                4,
                "already an edge",
            ),
            ("node A\nstart A\nstart A\ngoal A", 3, "a second `start`"),
            ("node 中\nnode 文 h=1\nstart 中\ngoal 文", 0, ""),
            ("node \"A\nstart A\ngoal A", 1, "a quote is not closed"),
            (
                "node A\nstart A\ngoal A\nroad A B",
                4,
                "`road` is not a statement",
            ),
            (
                "node A\nstart A\ngoal A\norder random",
                4,
                "expected `order name|drawn`",
            ),
            (
                "node A\nstart A\ngoal A\nscale -2",
                4,
                "the scale is a number from 0",
            ),
            (
                "node A\nstart A\ngoal A\nnode \"\"",
                4,
                "name cannot be empty",
            ),
            ("node A\ngoal A\n# no start", 3, "names no start"),
            ("node A\nstart A\n\n", 3, "names no goal"),
            ("# nothing", 1, "has no nodes"),
            ("", 1, "has no nodes"),
        ];
        for &(text, line, words) in cases {
            if line == 0 {
                // Names of several bytes a letter are read like any other.
                assert!(Graph::from_text(text).is_ok(), "{text}");
                continue;
            }
            let error = Graph::from_text(text).unwrap_err();
            assert_eq!(error.line, line, "{text:?}: {error}");
            let message = error.to_string();
            assert!(
                message.starts_with(&format!("line {line}: ")) && message.contains(words),
                "{text:?}: {message}"
            );
        }
    }

    #[test]
    fn too_many_edges_are_refused_at_the_line_past_the_limit() {
        let mut text = String::from("node A\nnode B\nstart A\ngoal B\n");
        for _ in 0..=MAX_EDGES {
            text.push_str("arc A B 1\n");
        }
        let error = Graph::from_text(&text).unwrap_err();
        assert_eq!(error.line, 4 + MAX_EDGES + 1);
        assert_eq!(
            error.problem,
            FileProblem::Edit(GraphEditError::TooManyEdges)
        );
    }
}
