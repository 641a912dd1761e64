//! AIspace's search-applet graph files (aispace.org, "Graph Searching"): XML with a `<SEARCH>`
//! root holding a `<GRAPH>` of `<NODE>` and `<EDGE>` elements.
//!
//! ```text
//! <SEARCH>
//! <GRAPH>
//! <NODE>
//!     <NAME>Arad</NAME> <INDEX>0</INDEX> <XPOS>91.0</XPOS> <YPOS>108.0</YPOS>
//!     <TYPE>START</TYPE> <HEURISTICVALUE>366.0</HEURISTICVALUE>
//! </NODE>
//! <EDGE> <STARTINDEX>0</STARTINDEX> <ENDINDEX>1</ENDINDEX> <COST>140.0</COST> </EDGE>
//! </GRAPH>
//! </SEARCH>
//! ```
//!
//! An AIspace edge is one arc, from its start index to its end index, so reading never
//! merges two arcs into a road: a road written by searchlab becomes two arcs, one each way,
//! and reads back as two arcs, which a search treats exactly like the road. Reading is lenient
//! where AIspace files vary: element names in any case, spaces around values, elements it
//! does not know (and `<TYPE>` missing: a regular node) skipped, a missing position set out
//! as the text format does, a missing `<HEURISTICVALUE>` no entry in the h table. It refuses,
//! with the line of the element at fault: XML that is not well formed, a root that is not
//! `<SEARCH>` (or `<GRAPH>`), a node without `<NAME>` or `<INDEX>`, two nodes with one index,
//! an edge naming an index no node has or without `<COST>`, a type other than START, GOAL
//! and REGULAR, two START nodes, and anything the graph itself refuses.
//!
//! The file has no words for the successor order or the scale: a graph read from it lists
//! successors as drawn (the file's edge order), at scale 1. Writing, a node without an h
//! value gets 0, and a start that is also a goal is written START (the goal is lost: AIspace
//! gives a node one type).

use std::collections::HashMap;
use std::fmt::Write as _;

use roxmltree::{Document, Node, ParsingOptions};

use super::decimal::{coordinate_text, cost_text, parse_coordinate, parse_cost};
use super::model::{EdgeKind, Graph, MAX_EDGES, MAX_NODES, Position, SuccessorOrder};
use super::text::{EdgeSpec, FileProblem, GraphFileError, NodeSpec, Parts};
use crate::search::Cost;

/// Whether an element has this name, in any case.
fn is(node: &Node, name: &str) -> bool {
    node.is_element() && node.tag_name().name().eq_ignore_ascii_case(name)
}

/// The element's line, from 1.
fn line_of(doc: &Document, node: &Node) -> usize {
    doc.text_pos_at(node.range().start).row as usize
}

/// The trimmed text of the child element `name`, or `None` when there is no such child.
fn child_text(node: &Node, name: &str) -> Option<String> {
    let child = node.children().find(|c| is(c, name))?;
    let text: String = child
        .children()
        .filter(|c| c.is_text())
        .filter_map(|c| c.text())
        .collect();
    Some(text.trim().to_owned())
}

impl Graph {
    /// Reads an AIspace graph file (see the [module docs](self)).
    ///
    /// ```
    /// use searchlab::domains::graph::Graph;
    /// let xml = "<SEARCH><GRAPH>\
    ///     <NODE><NAME>S</NAME><INDEX>0</INDEX><XPOS>0</XPOS><YPOS>0</YPOS><TYPE>START</TYPE>\
    ///     <HEURISTICVALUE>2.5</HEURISTICVALUE></NODE>\
    ///     <NODE><NAME>G</NAME><INDEX>1</INDEX><XPOS>30</XPOS><YPOS>40</YPOS><TYPE>GOAL</TYPE>\
    ///     <HEURISTICVALUE>0</HEURISTICVALUE></NODE>\
    ///     <EDGE><STARTINDEX>0</STARTINDEX><ENDINDEX>1</ENDINDEX><COST>9.9</COST></EDGE>\
    ///     </GRAPH></SEARCH>";
    /// let graph = Graph::from_aispace(xml).unwrap();
    /// assert_eq!(graph.edge_count(), 1);
    /// assert_eq!(Graph::from_aispace(&graph.to_aispace()), Ok(graph));
    /// ```
    pub fn from_aispace(text: &str) -> Result<Graph, GraphFileError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let options = ParsingOptions {
            // Elements a graph of the largest size needs, with room for what is skipped.
            nodes_limit: (16 * (MAX_NODES + 2 * MAX_EDGES)) as u32,
            ..ParsingOptions::default()
        };
        let doc = Document::parse_with_options(text, options).map_err(|error| {
            let line = error.pos().row as usize;
            FileProblem::Xml(error.to_string()).at(line)
        })?;
        let root = doc.root_element();
        let graph = if is(&root, "GRAPH") {
            root
        } else if is(&root, "SEARCH") {
            root.children().find(|c| is(c, "GRAPH")).ok_or_else(|| {
                FileProblem::MissingElement {
                    parent: "SEARCH",
                    child: "GRAPH",
                }
                .at(line_of(&doc, &root))
            })?
        } else {
            let found: String = root.tag_name().name().chars().take(40).collect();
            return Err(FileProblem::NotAiSpace(found).at(line_of(&doc, &root)));
        };
        let mut parts = Parts::new();
        parts.order = SuccessorOrder::AsDrawn;
        parts.last_line = text.lines().count().max(1);
        // AIspace indices to names, with the line that gave each.
        let mut names: HashMap<i64, String> = HashMap::new();
        let mut edges = Vec::new();
        for element in graph.children().filter(Node::is_element) {
            let line = line_of(&doc, &element);
            let fail = |problem: FileProblem| problem.at(line);
            if is(&element, "NODE") {
                let missing = |child| {
                    fail(FileProblem::MissingElement {
                        parent: "NODE",
                        child,
                    })
                };
                let name = child_text(&element, "NAME").ok_or_else(|| missing("NAME"))?;
                let index = child_text(&element, "INDEX").ok_or_else(|| missing("INDEX"))?;
                let index: i64 = index
                    .parse()
                    .map_err(|_| fail(FileProblem::BadIndex(index.clone())))?;
                if names.contains_key(&index) {
                    return Err(fail(FileProblem::DuplicateIndex(index.to_string())));
                }
                let coordinate = |tag: &'static str, what: &'static str| {
                    child_text(&element, tag)
                        .map(|text| {
                            parse_coordinate(&text).ok_or_else(|| {
                                fail(FileProblem::Number {
                                    what,
                                    found: text.chars().take(40).collect(),
                                })
                            })
                        })
                        .transpose()
                };
                let position = match (coordinate("XPOS", "x")?, coordinate("YPOS", "y")?) {
                    (Some(x), Some(y)) => Some(Position::new(x, y)),
                    _ => None,
                };
                let h = child_text(&element, "HEURISTICVALUE")
                    .map(|text| {
                        parse_cost(&text).map_err(|error| {
                            fail(FileProblem::Cost {
                                what: "h value",
                                found: text.chars().take(40).collect(),
                                error,
                            })
                        })
                    })
                    .transpose()?;
                let kind = child_text(&element, "TYPE").map(|t| t.to_ascii_uppercase());
                match kind.as_deref() {
                    None | Some("REGULAR") => {}
                    Some("START") => {
                        if parts.start.is_some() {
                            return Err(fail(FileProblem::Repeated("start")));
                        }
                        parts.start = Some((line, name.clone()));
                    }
                    Some("GOAL") => parts.goals.push((line, name.clone())),
                    Some(other) => {
                        return Err(fail(FileProblem::BadType(other.chars().take(40).collect())));
                    }
                }
                names.insert(index, name.clone());
                parts.push_node(NodeSpec {
                    line,
                    name,
                    position,
                    h,
                })?;
            } else if is(&element, "EDGE") {
                let missing = |child| {
                    fail(FileProblem::MissingElement {
                        parent: "EDGE",
                        child,
                    })
                };
                let from =
                    child_text(&element, "STARTINDEX").ok_or_else(|| missing("STARTINDEX"))?;
                let to = child_text(&element, "ENDINDEX").ok_or_else(|| missing("ENDINDEX"))?;
                let cost = child_text(&element, "COST").ok_or_else(|| missing("COST"))?;
                let cost = parse_cost(&cost).map_err(|error| {
                    fail(FileProblem::Cost {
                        what: "cost",
                        found: cost.chars().take(40).collect(),
                        error,
                    })
                })?;
                if edges.len() >= MAX_EDGES {
                    return Err(fail(FileProblem::Edit(super::GraphEditError::TooManyEdges)));
                }
                edges.push((line, from, to, cost));
            }
        }
        // Edges may come before the nodes they name: indices are resolved once all are read.
        for (line, from, to, cost) in edges {
            let name = |index: &str| -> Result<String, GraphFileError> {
                let parsed: i64 = index
                    .parse()
                    .map_err(|_| FileProblem::BadIndex(index.to_owned()).at(line))?;
                names
                    .get(&parsed)
                    .cloned()
                    .ok_or_else(|| FileProblem::UnknownIndex(index.to_owned()).at(line))
            };
            parts.push_edge(EdgeSpec {
                line,
                from: name(&from)?,
                to: name(&to)?,
                cost,
                kind: EdgeKind::Directed,
            })?;
        }
        parts.build()
    }

    /// The graph as an AIspace file: nodes indexed by id, every road as two arcs.
    pub fn to_aispace(&self) -> String {
        let mut out =
            String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<SEARCH>\n<GRAPH>\n");
        for node in self.node_ids() {
            let kind = if node == self.start() {
                "START"
            } else if self.is_goal(node) {
                "GOAL"
            } else {
                "REGULAR"
            };
            let at = self.position(node);
            let h = self.h_value(node).unwrap_or(Cost::ZERO);
            let _ = write!(
                out,
                "<NODE>\n\t<NAME>{}</NAME>\n\t<INDEX>{}</INDEX>\n\t<XPOS>{}</XPOS>\n\
                 \t<YPOS>{}</YPOS>\n\t<TYPE>{kind}</TYPE>\n\
                 \t<HEURISTICVALUE>{}</HEURISTICVALUE>\n</NODE>\n",
                escape(self.name(node)),
                node.0,
                java_double(&coordinate_text(at.x)),
                java_double(&coordinate_text(at.y)),
                java_double(&cost_text(h)),
            );
        }
        for edge in self.edge_ids() {
            let e = self.edge(edge);
            let mut arcs = vec![(e.from, e.to)];
            if e.kind == EdgeKind::Undirected {
                arcs.push((e.to, e.from));
            }
            for (from, to) in arcs {
                let _ = write!(
                    out,
                    "<EDGE>\n\t<STARTINDEX>{}</STARTINDEX>\n\t<ENDINDEX>{}</ENDINDEX>\n\
                     \t<COST>{}</COST>\n</EDGE>\n",
                    from.0,
                    to.0,
                    java_double(&cost_text(e.cost)),
                );
            }
        }
        out.push_str("</GRAPH>\n</SEARCH>\n");
        out
    }
}

/// A number as Java prints a double, which AIspace reads: `140.0`, `9.9`.
fn java_double(number: &str) -> String {
    if number.contains('.') {
        number.to_owned()
    } else {
        format!("{number}.0")
    }
}

/// Text with XML's five special characters escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::graph::{GraphPreset, NodeId};

    /// The arcs leading out of every node, by name, with their costs: what a search sees.
    fn moves(graph: &Graph) -> Vec<Vec<(String, Cost)>> {
        graph
            .node_ids()
            .map(|n| {
                graph
                    .successors(n)
                    .iter()
                    .map(|l| (graph.name(l.node).to_owned(), l.cost))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn presets_keep_their_moves_through_aispace_and_read_back_unchanged() {
        for preset in GraphPreset::ALL {
            let mut graph = preset.build();
            let first = graph.edge_ids().next().unwrap();
            graph.set_edge_cost(first, Cost::from_raw(99_000)).unwrap();
            for node in graph.node_ids() {
                if graph.h_value(node).is_none() {
                    graph.set_h(node, Cost::from_raw(12_345)).unwrap();
                }
            }
            let xml = graph.to_aispace();
            let read = Graph::from_aispace(&xml).unwrap();
            // Roads came back as arcs both ways, in file order; by name the moves are the same.
            let roads = graph
                .edge_ids()
                .filter(|&e| graph.edge(e).kind == EdgeKind::Undirected)
                .count();
            assert_eq!(read.edge_count(), graph.edge_count() + roads, "{preset:?}");
            assert!(
                read.edge_ids()
                    .all(|e| read.edge(e).kind == EdgeKind::Directed)
            );
            assert_eq!(read.order(), SuccessorOrder::AsDrawn);
            let mut by_name = read.clone();
            by_name.set_order(SuccessorOrder::ByName);
            assert_eq!(moves(&by_name), moves(&graph), "{preset:?}");
            for node in graph.node_ids() {
                assert_eq!(read.name(node), graph.name(node));
                assert_eq!(read.position(node), graph.position(node));
                assert_eq!(read.h_value(node), graph.h_value(node));
            }
            assert_eq!((read.start(), read.goals()), (graph.start(), graph.goals()));
            assert!(xml.contains("<COST>9.9</COST>"), "{preset:?}");
            // An AIspace file read and written again is the same file.
            assert_eq!(read.to_aispace(), xml, "{preset:?}");
        }
    }

    #[test]
    fn lenient_on_case_spaces_order_and_unknown_elements() {
        let xml = "<?xml version=\"1.0\"?>\n<search>\n  <graph>\n\
            <edge><cost> 2.5 </cost><endindex>7</endindex><startindex> 3 </startindex></edge>\n\
            <node><name> A &amp; B </name><index>3</index><type>start</type>\
              <colour>red</colour></node>\n\
            <NODE><NAME>Goal</NAME><INDEX>7</INDEX><TYPE>GOAL</TYPE>\
              <XPOS>1.5E1</XPOS><YPOS>-2</YPOS></NODE>\n\
            <NODE><NAME>Other</NAME><INDEX>-1</INDEX></NODE>\n\
            </graph>\n</search>\n";
        let graph = Graph::from_aispace(xml).unwrap();
        assert_eq!(graph.name(graph.start()), "A & B");
        let goal = graph.find("Goal").unwrap();
        assert_eq!(graph.goals(), [goal]);
        assert_eq!(graph.position(goal), Position::new(15.0, -2.0));
        assert_eq!(graph.h_value(goal), None);
        assert_eq!(
            graph.successors(graph.start())[0].cost,
            Cost::from_raw(25_000)
        );
        assert_eq!(graph.position(NodeId(0)), Position::new(100.0, 100.0));
        assert!(graph.to_aispace().contains("<NAME>A &amp; B</NAME>"));
    }

    #[test]
    fn refusals_name_the_line_of_the_element() {
        let node = |name: &str, index: &str, kind: &str| {
            format!("<NODE><NAME>{name}</NAME><INDEX>{index}</INDEX><TYPE>{kind}</TYPE></NODE>\n")
        };
        let edge = |a: &str, b: &str, cost: &str| {
            format!(
                "<EDGE><STARTINDEX>{a}</STARTINDEX><ENDINDEX>{b}</ENDINDEX><COST>{cost}</COST></EDGE>\n"
            )
        };
        let file = |body: &str| format!("<SEARCH>\n<GRAPH>\n{body}</GRAPH>\n</SEARCH>\n");
        let two = node("S", "0", "START") + &node("G", "1", "GOAL");
        let cases: Vec<(String, usize, &str)> = vec![
            (
                file(&(two.clone() + &edge("0", "2", "1"))),
                5,
                "no node has index 2",
            ),
            (
                file(&(two.clone() + &edge("0", "1", "-3"))),
                5,
                "cost `-3` is negative",
            ),
            (
                file(&(two.clone() + &edge("0", "1", "x"))),
                5,
                "cost `x` is not a number",
            ),
            (
                file(&(two.clone() + &edge("1", "1", "1"))),
                5,
                "not `G` to itself",
            ),
            (
                file(&(two.clone() + &edge("0", "1", "1") + &edge("0", "1", "2"))),
                6,
                "already an edge",
            ),
            (
                file(&(two.clone() + &node("S", "2", "REGULAR"))),
                5,
                "already a node named `S`",
            ),
            (
                file(&(two.clone() + &node("X", "1", "REGULAR"))),
                5,
                "a second node with index 1",
            ),
            (
                file(&(two.clone() + &node("X", "one", "REGULAR"))),
                5,
                "index `one` is not",
            ),
            (
                file(&(two.clone() + &node("X", "2", "START"))),
                5,
                "a second `start`",
            ),
            (
                file(&(two.clone() + &node("X", "2", "FINISH"))),
                5,
                "`FINISH` is not START",
            ),
            (
                file(&(two.clone() + "<NODE><INDEX>4</INDEX></NODE>\n")),
                5,
                "`<NODE>` has no `<NAME>`",
            ),
            (
                file(
                    &(two.clone()
                        + "<EDGE><STARTINDEX>0</STARTINDEX><ENDINDEX>1</ENDINDEX></EDGE>\n"),
                ),
                5,
                "has no `<COST>`",
            ),
            (file(&node("S", "0", "START")), 5, "names no goal"),
            (file(&node("G", "0", "GOAL")), 5, "names no start"),
            (file(""), 4, "has no nodes"),
            (
                "<SEARCH>\n<GRAPH>\n<NODE>\n</GRAPH>\n".to_owned(),
                4,
                "not well-formed XML",
            ),
            ("\n<map/>\n".to_owned(), 2, "expected an AIspace graph"),
            (
                "<SEARCH>\n<OPTIONS/>\n</SEARCH>".to_owned(),
                1,
                "`<SEARCH>` has no `<GRAPH>`",
            ),
            (
                "node A\nstart A\ngoal A\n".to_owned(),
                1,
                "not well-formed XML",
            ),
        ];
        for (xml, line, words) in cases {
            let error = Graph::from_aispace(&xml).unwrap_err();
            let message = error.to_string();
            assert!(
                error.line == line && message.contains(words),
                "{xml}\nexpected line {line} with {words:?}, got {message}"
            );
        }
    }
}
