//! The search tree for print and typesetting (no egui): an SVG page (white background, print
//! fonts, boards drawn as grids), Graphviz DOT and TikZ, optionally cut at a depth. Each node
//! carries the same name, expansion number and g, h, f as in the window and the step table.
//! Called by the File menu and `searchlab solve --tree`.

use std::fmt::Write as _;

use rustc_hash::FxHashSet;

use super::Drawn;
use super::layout::{Layout, tidy};
use super::model::{Folds, SearchTree, TreeNode, cost_text, facts, node_name, state};
use super::table::latex_escape;
use crate::search::{NodeId, Search};

/// What part of the tree to export.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeCut {
    /// Only nodes at most this deep (the start is at depth 0).
    pub max_depth: Option<u32>,
}

/// The tree of a search as the exports see it: the nodes kept, in the layout's places.
struct Picture<P: Drawn> {
    tree: SearchTree<P>,
    layout: Layout,
    /// The kept nodes in pre-order (parents before children).
    nodes: Vec<NodeId>,
    solution: FxHashSet<NodeId>,
    current: Option<NodeId>,
}

impl<P: Drawn> Picture<P> {
    fn of(search: &dyn Search<P>, cut: TreeCut) -> Picture<P> {
        let mut tree = SearchTree::default();
        tree.sync(search, false);
        let mut layout = tidy(&tree.shape(&Folds::default()), 0);
        if let Some(max_depth) = cut.max_depth {
            // Fold every node at the cut: the layout then has no row below it.
            let mut folds = Folds::default();
            if let Some(row) = layout.rows.get(max_depth as usize) {
                for &v in row {
                    folds.toggle(NodeId(v));
                }
            }
            layout = tidy(&tree.shape(&folds), 0);
        }
        let nodes = layout.rows.iter().flatten().map(|&v| NodeId(v)).collect();
        Picture {
            tree,
            layout,
            nodes,
            solution: search.solution().unwrap_or_default().into_iter().collect(),
            current: search.closed().last().copied(),
        }
    }

    fn x(&self, id: NodeId) -> f64 {
        self.layout.x[id.index()] - self.layout.min_x
    }

    fn depth(&self, id: NodeId) -> u32 {
        self.layout.depth[id.index()]
    }

    /// Whether the edge from the node's parent to it is on the solution path.
    fn on_solution(&self, id: NodeId) -> bool {
        self.solution.contains(&id)
    }
}

/// The label lines of a node: its name with its expansion number, and g, h, f.
fn label<P: Drawn>(search: &dyn Search<P>, id: NodeId) -> (String, String) {
    let node = facts(search, id);
    let name = match node.expanded_at {
        Some(step) => format!("{} #{step}", node_name(id)),
        None => node_name(id),
    };
    (
        name,
        format!("g={} h={} f={}", node.g, node.h, cost_text(node.f)),
    )
}

/// The move into a node as text, `8↓` (the tile and the way it slid).
fn move_text<P: Drawn>(search: &dyn Search<P>, id: NodeId) -> String {
    facts(search, id)
        .action
        .map(|m| search.problem().action_text(m))
        .unwrap_or_default()
}

fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const UNIT: f64 = 120.0;
const ROW: f64 = 170.0;
const BOX_W: f64 = 100.0;
const BOX_H: f64 = 128.0;
const MARGIN: f64 = 30.0;

/// The tree as an SVG page: boards as grids, labels under them, the solution path bold.
pub fn tree_svg<P: Drawn>(search: &dyn Search<P>, cut: TreeCut) -> String {
    let picture = Picture::of(search, cut);
    let width = (picture.layout.max_x - picture.layout.min_x) * UNIT + BOX_W + 2.0 * MARGIN;
    let rows = picture.layout.rows.len() as f64;
    let height = (rows - 1.0).max(0.0) * ROW + BOX_H + 2.0 * MARGIN;
    let center = |id: NodeId| {
        (
            MARGIN + BOX_W / 2.0 + picture.x(id) * UNIT,
            MARGIN + f64::from(picture.depth(id)) * ROW,
        )
    };
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="Noto Sans, WenQuanYi Micro Hei, sans-serif">"#
    );
    out.push('\n');
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    // Edges first, under the nodes.
    for &id in &picture.nodes {
        let Some(parent) = picture.tree.parent_of(TreeNode::Node(id)) else {
            continue;
        };
        let (px, py) = center(parent);
        let (cx, cy) = center(id);
        let bold = picture.on_solution(id);
        let _ = writeln!(
            out,
            r##"<line x1="{px:.1}" y1="{:.1}" x2="{cx:.1}" y2="{cy:.1}" stroke="{}" stroke-width="{}"/>"##,
            py + BOX_H,
            if bold { "#000000" } else { "#888888" },
            if bold { 4 } else { 1 }
        );
        let (mx, my) = ((px + cx) / 2.0, (py + BOX_H + cy) / 2.0);
        let _ = writeln!(
            out,
            r##"<text x="{mx:.1}" y="{:.1}" font-size="13" text-anchor="middle" fill="#333333" stroke="white" stroke-width="3" paint-order="stroke">{}</text>"##,
            my + 4.0,
            escape_xml(&move_text(search, id))
        );
    }
    for &id in &picture.nodes {
        let (cx, top) = center(id);
        let node = facts(search, id);
        let fill = if picture.current == Some(id) {
            "#ffe0b2"
        } else if node.open {
            "#ffffff"
        } else {
            "#eeeeee"
        };
        let stroke = if picture.on_solution(id) { 3 } else { 1 };
        let _ = writeln!(
            out,
            r##"<rect x="{:.1}" y="{top:.1}" width="{BOX_W}" height="{BOX_H}" rx="6" fill="{fill}" stroke="#000000" stroke-width="{stroke}"{}/>"##,
            cx - BOX_W / 2.0,
            if node.open {
                r#" stroke-dasharray="5 3""#
            } else {
                ""
            }
        );
        let (name, costs) = label(search, id);
        let _ = writeln!(
            out,
            r#"<text x="{cx:.1}" y="{:.1}" font-size="14" font-weight="bold" text-anchor="middle">{}</text>"#,
            top + 17.0,
            escape_xml(&name)
        );
        let shown = state(search, id);
        match search.problem().tiles(&shown) {
            Some(tiles) => board_svg(&mut out, tiles, cx, top + 24.0, 72.0),
            None => {
                for (i, line) in search.problem().state_rows(&shown).iter().enumerate() {
                    let _ = writeln!(
                        out,
                        r#"<text x="{cx:.1}" y="{:.1}" font-size="16" text-anchor="middle">{}</text>"#,
                        top + 64.0 + 18.0 * i as f64,
                        escape_xml(line)
                    );
                }
            }
        }
        let _ = writeln!(
            out,
            r#"<text x="{cx:.1}" y="{:.1}" font-size="12" text-anchor="middle">{}</text>"#,
            top + BOX_H - 8.0,
            escape_xml(&costs)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// A board as a grid of cells `size` wide, centred on `cx`.
fn board_svg(out: &mut String, (side, tiles): (usize, Vec<u8>), cx: f64, top: f64, size: f64) {
    let cell = size / side as f64;
    let left = cx - size / 2.0;
    for (pos, &tile) in tiles.iter().enumerate() {
        let (r, c) = ((pos / side) as f64, (pos % side) as f64);
        let (x, y) = (left + c * cell, top + r * cell);
        let fill = if tile == 0 { "#ffffff" } else { "#dce6f5" };
        let _ = write!(
            out,
            r##"<rect x="{x:.1}" y="{y:.1}" width="{cell:.1}" height="{cell:.1}" fill="{fill}" stroke="#555555" stroke-width="0.8"/>"##
        );
        if tile != 0 {
            let _ = write!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-size="{:.0}" text-anchor="middle">{tile}</text>"#,
                x + cell / 2.0,
                y + cell * 0.72,
                cell * 0.6
            );
        }
    }
    out.push('\n');
}

/// The tree in Graphviz DOT: one box per node (name, board, g h f), edges labelled with the
/// move, the solution path bold. `dot -Tpdf tree.dot -o tree.pdf` draws it.
pub fn tree_dot<P: Drawn>(search: &dyn Search<P>, cut: TreeCut) -> String {
    let picture = Picture::of(search, cut);
    let mut out = String::from(
        "digraph search_tree {\n  node [shape=box, fontname=\"Noto Sans\", style=\"rounded,filled\", fillcolor=white];\n  edge [fontname=\"Noto Sans\"];\n",
    );
    let quote = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    for &id in &picture.nodes {
        let (name, costs) = label(search, id);
        let board = state(search, id);
        let rows = search.problem().state_rows(&board).join("\\n");
        let node = facts(search, id);
        let fill = if picture.current == Some(id) {
            "#ffe0b2"
        } else if node.open {
            "white"
        } else {
            "#eeeeee"
        };
        let width = if picture.on_solution(id) { 3 } else { 1 };
        let _ = writeln!(
            out,
            "  n{} [label=\"{}\\n{}\\n{}\", fillcolor=\"{fill}\", penwidth={width}];",
            id.0,
            quote(&name),
            rows,
            quote(&costs)
        );
    }
    for &id in &picture.nodes {
        if let Some(parent) = picture.tree.parent_of(TreeNode::Node(id)) {
            let width = if picture.on_solution(id) { 3 } else { 1 };
            let _ = writeln!(
                out,
                "  n{} -> n{} [label=\"{}\", penwidth={width}];",
                parent.0,
                id.0,
                quote(&move_text(search, id))
            );
        }
    }
    out.push_str("}\n");
    out
}

/// The tree as a TikZ picture with the same layout as the window: `\input` it inside a
/// `figure`; needs only `\usepackage{tikz}` (and `ctex` for nothing: the labels are ASCII).
pub fn tree_tikz<P: Drawn>(search: &dyn Search<P>, cut: TreeCut) -> String {
    let picture = Picture::of(search, cut);
    let mut out = String::from(
        "% searchlab: search tree. Needs \\usepackage{tikz}.\n\
         \\begin{tikzpicture}[x=2.2cm, y=-3.2cm, every node/.style={font=\\footnotesize}]\n",
    );
    for &id in &picture.nodes {
        let (name, costs) = label(search, id);
        let node = facts(search, id);
        let style = match (picture.current == Some(id), node.open) {
            (true, _) => "draw, fill=orange!20",
            (false, true) => "draw, dashed",
            (false, false) => "draw, fill=black!8",
        };
        let thick = if picture.on_solution(id) {
            ", very thick"
        } else {
            ""
        };
        let rows = search
            .problem()
            .state_rows(&state(search, id))
            .iter()
            .map(|r| format!("\\texttt{{{}}}", latex_escape(r)))
            .collect::<Vec<_>>()
            .join("\\\\");
        let _ = writeln!(
            out,
            "\\node[{style}{thick}, align=center, rounded corners] (n{}) at ({:.2},{}) {{\\textbf{{{}}}\\\\{rows}\\\\{}}};",
            id.0,
            picture.x(id),
            picture.depth(id),
            latex_escape(&name),
            latex_escape(&costs)
        );
    }
    for &id in &picture.nodes {
        if let Some(parent) = picture.tree.parent_of(TreeNode::Node(id)) {
            let thick = if picture.on_solution(id) {
                "[very thick]"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "\\draw{thick} (n{}) -- node[fill=white, font=\\scriptsize] {{{}}} (n{});",
                parent.0,
                move_tex(search, id),
                id.0
            );
        }
    }
    out.push_str("\\end{tikzpicture}\n");
    out
}

/// The move into a node for LaTeX: `8$\\downarrow$`.
fn move_tex<P: Drawn>(search: &dyn Search<P>, id: NodeId) -> String {
    facts(search, id)
        .action
        .map(|m| search.problem().action_tex(m))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::{Problem, SearchConfig};
    use crate::search::new_search;

    fn solved() -> Box<dyn Search<Problem>> {
        let problem =
            Problem::new("283104765".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let mut search = new_search(problem, SearchConfig::default());
        search.run(usize::MAX);
        search
    }

    /// Every element closed, every attribute quoted: a well-formed XML document.
    fn assert_well_formed(xml: &str) {
        let mut reader = quick_xml::Reader::from_str(xml);
        let mut depth = 0i32;
        loop {
            match reader.read_event() {
                Ok(quick_xml::events::Event::Eof) => break,
                Ok(quick_xml::events::Event::Start(e)) => {
                    for attribute in e.attributes() {
                        attribute.expect("well-formed attribute");
                    }
                    depth += 1;
                }
                Ok(quick_xml::events::Event::Empty(e)) => {
                    for attribute in e.attributes() {
                        attribute.expect("well-formed attribute");
                    }
                }
                Ok(quick_xml::events::Event::End(_)) => depth -= 1,
                Ok(_) => {}
                Err(error) => panic!("not XML at {}: {error}", reader.buffer_position()),
            }
        }
        assert_eq!(depth, 0, "unclosed elements");
    }

    #[test]
    fn the_svg_is_xml_with_every_node() {
        let search = solved();
        let svg = tree_svg(search.as_ref(), TreeCut::default());
        assert_well_formed(&svg);
        assert!(svg.contains(r#"fill="white""#));
        for i in 0..search.node_count() {
            assert!(svg.contains(&format!(">S{i}<")) || svg.contains(&format!(">S{i} #")));
        }
        // One line per edge.
        assert_eq!(svg.matches("<line").count(), search.node_count() - 1);
    }

    #[test]
    fn dot_and_tikz_have_every_node_and_edge() {
        let search = solved();
        let dot = tree_dot(search.as_ref(), TreeCut::default());
        let tikz = tree_tikz(search.as_ref(), TreeCut::default());
        for i in 0..search.node_count() as u32 {
            let id = NodeId(i);
            assert!(
                dot.contains(&format!("  n{i} [label=\"S{i}")),
                "DOT node {i}"
            );
            assert!(tikz.contains(&format!("(n{i}) at (")), "TikZ node {i}");
            if let Some(parent) = facts(search.as_ref(), id).parent {
                assert!(
                    dot.contains(&format!("n{} -> n{i} ", parent.0)),
                    "DOT edge to {i}"
                );
                assert!(tikz.contains(&format!("(n{}) -- node", parent.0)));
                assert!(tikz.contains(&format!("}} (n{i});")), "TikZ edge to {i}");
            }
        }
        assert_eq!(dot.matches(" -> ").count(), search.node_count() - 1);
        assert_eq!(tikz.matches("\\draw").count(), search.node_count() - 1);
        // The solution's edges are bold: as many as its moves.
        let moves = search.solution().unwrap().len() - 1;
        assert_eq!(dot.matches("penwidth=3];").count(), 2 * moves + 1);
    }

    #[test]
    fn a_depth_cut_keeps_the_top_of_the_tree() {
        let search = solved();
        let dot = tree_dot(search.as_ref(), TreeCut { max_depth: Some(1) });
        // The start and its four children.
        assert_eq!(dot.matches("[label=\"S").count(), 5);
        assert_eq!(dot.matches(" -> ").count(), 4);
        assert_well_formed(&tree_svg(search.as_ref(), TreeCut { max_depth: Some(0) }));
    }
}
