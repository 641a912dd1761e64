//! The search tree for print and typesetting (no egui): an SVG page (white background, print
//! fonts, boards drawn as grids, a caption and a key), the same page as PNG, Graphviz DOT and
//! TikZ, optionally cut at a depth or after the first steps. Each node carries the same name,
//! expansion number and g, h, f as in the window and the step table, and is drawn as
//! [`Marks`] says (open dashed, closed grey, pruned faint with its f against the bound, the
//! node being expanded, the solution bold, a depth-first search's current path, where a
//! bidirectional search's two trees meet). Called by the File menu and `searchlab solve --tree`.

use std::io::{self, Write};
use std::sync::{Arc, OnceLock};

use super::Drawn;
use super::layout::Layout;
use super::marks::{Highlight, Marks, Standing};
use super::model::{Folds, SearchTree, TreeNode, cost_text, facts, node_name, state};
use super::table::latex_escape;
use crate::i18n::{self, LocalName};
use crate::search::{Cost, NodeId, Search, new_search};

/// What part of the tree to export.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeCut {
    /// Only nodes at most this deep (a root is at depth 0).
    pub max_depth: Option<u32>,
    /// The tree as it stood after this many steps (the first N expansions), if fewer than
    /// the search has taken.
    pub max_steps: Option<usize>,
}

/// The formats the tree is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeFormat {
    Svg,
    Png,
    /// Graphviz DOT.
    Dot,
    Tikz,
}

/// The most nodes a tree file holds: the window's tree pane draws this many smoothly, and a
/// file of more (about 3 KB a 4x4 board in SVG) is no longer a page anyone reads.
pub const FILE_MAX_NODES: usize = 100_000;

/// The most nodes a PNG is drawn with: resvg holds the whole SVG page and its parsed tree
/// (about 40 elements a node, each turned into paths), and past this the picture is scaled
/// down to its largest side until the boxes are a few pixels wide (docs/performance.md).
pub const PNG_MAX_NODES: usize = 5_000;

impl TreeFormat {
    /// The most nodes a file in this format is written with.
    pub fn max_nodes(self) -> usize {
        match self {
            TreeFormat::Png => PNG_MAX_NODES,
            _ => FILE_MAX_NODES,
        }
    }

    /// The format's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            TreeFormat::Svg => "SVG",
            TreeFormat::Png => "PNG",
            TreeFormat::Dot => "DOT",
            TreeFormat::Tikz => "TikZ",
        }
    }
}

/// A search's tree cut and laid out once, to be written in any format: its size is known
/// before a file is opened, and the text formats are streamed to the writer, never held.
pub struct TreeExport<'a, P: Drawn> {
    search: &'a dyn Search<P>,
    /// A fresh run stepped to the cut's `max_steps`, when it shows an earlier step (the
    /// engine keeps no copy of past steps' nodes).
    again: Option<Box<dyn Search<P>>>,
    picture: Picture<P>,
}

impl<'a, P: Drawn> TreeExport<'a, P> {
    /// The tree of `search` as `cut` keeps it.
    pub fn new(search: &'a dyn Search<P>, cut: TreeCut) -> TreeExport<'a, P> {
        let again = match cut.max_steps {
            Some(steps) if steps < search.steps() => {
                let mut again = new_search(search.problem().clone(), *search.config());
                again.run(steps);
                Some(again)
            }
            _ => None,
        };
        let picture = Picture::of(again.as_deref().unwrap_or(search), cut);
        TreeExport {
            search,
            again,
            picture,
        }
    }

    /// The search drawn.
    fn shown(&self) -> &dyn Search<P> {
        self.again.as_deref().unwrap_or(self.search)
    }

    /// The number of nodes drawn.
    pub fn len(&self) -> usize {
        self.picture.nodes.len()
    }

    /// Whether no node is drawn (never: the start is always kept).
    pub fn is_empty(&self) -> bool {
        self.picture.nodes.is_empty()
    }

    /// The tree as an SVG page, written as it is drawn.
    pub fn write_svg(&self, out: &mut dyn Write) -> io::Result<()>
    where
        P::Heuristic: LocalName,
    {
        write_svg(self.shown(), &self.picture, out)
    }

    /// The tree in Graphviz DOT, written as it is made.
    pub fn write_dot(&self, out: &mut dyn Write) -> io::Result<()> {
        write_dot(self.shown(), &self.picture, out)
    }

    /// The tree as a TikZ picture, written as it is made.
    pub fn write_tikz(&self, out: &mut dyn Write) -> io::Result<()> {
        write_tikz(self.shown(), &self.picture, out)
    }

    /// The tree as a PNG image: its SVG page drawn by resvg, which needs the page whole.
    pub fn png(&self) -> Result<Vec<u8>, String>
    where
        P::Heuristic: LocalName,
    {
        let mut svg = Vec::new();
        self.write_svg(&mut svg).map_err(|e| e.to_string())?;
        svg_to_png(std::str::from_utf8(&svg).map_err(|e| e.to_string())?)
    }
}

/// The text a writer made in memory (the window's exports and the tests).
fn in_memory(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> String {
    let mut out = Vec::new();
    // Writing into memory cannot fail, and every format is text.
    write(&mut out).expect("a tree written into memory");
    String::from_utf8(out).expect("a tree is UTF-8")
}

/// The tree of a search as the exports see it: the nodes kept, in the layout's places.
struct Picture<P: Drawn> {
    tree: SearchTree<P>,
    layout: Layout,
    /// The kept nodes, row by row.
    nodes: Vec<NodeId>,
    marks: Marks,
    /// A depth-first search's bound, which its pruned nodes' f exceed.
    bound: Option<Cost>,
}

impl<P: Drawn> Picture<P> {
    fn of(search: &dyn Search<P>, cut: TreeCut) -> Picture<P> {
        let mut tree = SearchTree::default();
        tree.sync(search, false);
        let mut layout = tree.layout(&Folds::default());
        if let Some(max_depth) = cut.max_depth {
            // Fold every node at the cut: the layout then has nothing below it (above it, in
            // a bidirectional search's backward tree).
            let mut folds = Folds::default();
            for &v in layout.rows.iter().flatten() {
                let (mut depth, mut at) = (0, NodeId(v));
                while let Some(parent) = tree.parent_of(TreeNode::Node(at)) {
                    depth += 1;
                    at = parent;
                }
                if depth == max_depth {
                    folds.toggle(NodeId(v));
                }
            }
            layout = tree.layout(&folds);
        }
        let nodes = layout.rows.iter().flatten().map(|&v| NodeId(v)).collect();
        Picture {
            tree,
            layout,
            nodes,
            marks: Marks::of(search),
            bound: search.depth_first().map(|d| d.bound),
        }
    }

    fn x(&self, id: NodeId) -> f64 {
        self.layout.x[id.index()] - self.layout.min_x
    }

    /// The node's row (a bidirectional search's backward tree counts upward from the last).
    fn row(&self, id: NodeId) -> u32 {
        self.layout.depth[id.index()]
    }

    fn standing(&self, search: &dyn Search<P>, id: NodeId) -> Standing {
        self.marks.standing(search, TreeNode::Node(id))
    }

    fn highlight(&self, id: NodeId) -> Highlight {
        self.marks.highlight(&self.tree, TreeNode::Node(id))
    }

    /// The meeting of a bidirectional search, when both of its nodes are drawn.
    fn meeting(&self) -> Option<(NodeId, NodeId)> {
        self.marks
            .meeting
            .filter(|&(f, b)| self.layout.placed(f.0) && self.layout.placed(b.0))
    }
}

/// The label lines of a node: its name with the steps that expanded it, and g, h, f (for a
/// pruned node, its f against the bound it exceeds, as a textbook marks IDA*'s cut-off
/// children).
fn label<P: Drawn>(
    search: &dyn Search<P>,
    tree: &SearchTree<P>,
    id: NodeId,
    bound: Option<Cost>,
) -> (String, String) {
    let node = facts(search, id);
    let name = tree.title(id, node_name(id));
    let costs = match bound {
        Some(bound) if node.pruned => pruned_text(node.f, bound),
        _ => format!("g={} h={} f={}", node.g, node.h, cost_text(node.f)),
    };
    (name, costs)
}

/// A pruned node's f against the bound: `f=7 > 6 pruned`.
pub fn pruned_text(f: Cost, bound: Cost) -> String {
    let word = if i18n::zh() { "剪枝" } else { "pruned" };
    format!("f={} > {} {word}", cost_text(f), cost_text(bound))
}

/// The move into a node as text, `8↓` (the tile and the way it slid).
fn move_text<P: Drawn>(search: &dyn Search<P>, id: NodeId) -> String {
    facts(search, id)
        .action
        .map(|m| search.problem().action_text(m))
        .unwrap_or_default()
}

/// Text for SVG or XML: its markup characters as entities.
pub fn escape_xml(text: &str) -> String {
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
/// The caption and the key above the tree.
const CAPTION: f64 = 52.0;
/// The page is at least this wide.
const MIN_WIDTH: f64 = 480.0;

/// About how wide a line of text is drawn at `size` pixels: Latin characters a little over
/// half the size, Chinese ones the whole size (generous, so the caption is never cut off).
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| if c.is_ascii() { 0.62 } else { 1.0 })
        .sum::<f64>()
        * size
}
/// Print fonts: the first installed one is used, a font with Chinese characters for those.
pub(crate) const FONTS: &str =
    "Noto Sans, DejaVu Sans, WenQuanYi Micro Hei, Noto Sans CJK SC, sans-serif";

/// The caption: the algorithm and heuristic, and the step the tree stands at.
fn caption<P: Drawn>(search: &dyn Search<P>) -> String
where
    P::Heuristic: LocalName,
{
    let steps = search.steps();
    if i18n::zh() {
        format!(
            "{}，第 {steps} 步后的搜索树",
            i18n::describe(search.config())
        )
    } else {
        format!(
            "{}: the search tree after step {steps}",
            i18n::describe(search.config())
        )
    }
}

/// The key under the caption: what the boxes and lines mean.
fn key() -> &'static str {
    if i18n::zh() {
        "虚线框：OPEN 表 · 灰色：CLOSED 表 · 淡色：被剪枝 · 橙色：本步扩展 · 粗线：解路径 · #k：第 k 步扩展"
    } else {
        "dashed: in OPEN · grey: in CLOSED · faint: pruned · orange: expanded at this step · bold: solution · #k: expanded at step k"
    }
}

/// The tree as an SVG page: a caption and a key, boards as grids, labels under them, the
/// solution path bold.
pub fn tree_svg<P: Drawn>(search: &dyn Search<P>, cut: TreeCut) -> String
where
    P::Heuristic: LocalName,
{
    in_memory(|out| TreeExport::new(search, cut).write_svg(out))
}

fn write_svg<P: Drawn>(
    search: &dyn Search<P>,
    picture: &Picture<P>,
    out: &mut dyn Write,
) -> io::Result<()>
where
    P::Heuristic: LocalName,
{
    let tree_width = (picture.layout.max_x - picture.layout.min_x) * UNIT + BOX_W;
    let (caption, key) = (caption(search), key());
    let width = (tree_width + 2.0 * MARGIN)
        .max(MIN_WIDTH)
        .max(text_width(&caption, 16.0) + 2.0 * MARGIN)
        .max(text_width(key, 13.0) + 2.0 * MARGIN);
    let rows = picture.layout.rows.len() as f64;
    let height = (rows - 1.0).max(0.0) * ROW + BOX_H + 2.0 * MARGIN + CAPTION;
    let left = (width - tree_width) / 2.0;
    let center = |id: NodeId| {
        (
            left + BOX_W / 2.0 + picture.x(id) * UNIT,
            MARGIN + CAPTION + f64::from(picture.row(id)) * ROW,
        )
    };
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="{FONTS}">"#
    )?;
    writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#)?;
    writeln!(
        out,
        r#"<text x="{MARGIN}" y="{:.1}" font-size="16" font-weight="bold">{}</text>"#,
        MARGIN,
        escape_xml(&caption)
    )?;
    writeln!(
        out,
        r##"<text x="{MARGIN}" y="{:.1}" font-size="13" fill="#444444">{}</text>"##,
        MARGIN + 22.0,
        escape_xml(key)
    )?;
    // Edges first, under the nodes: from the parent's box to the child's, downward in the
    // start's tree and upward in a bidirectional search's backward tree.
    for &id in &picture.nodes {
        let Some(parent) = picture.tree.parent_of(TreeNode::Node(id)) else {
            continue;
        };
        let (px, ptop) = center(parent);
        let (cx, ctop) = center(id);
        let (py, cy) = if ctop > ptop {
            (ptop + BOX_H, ctop)
        } else {
            (ptop, ctop + BOX_H)
        };
        let (stroke, width, dash) = if picture.marks.on_solution(id) {
            ("#000000", 4.0, "")
        } else if picture.marks.on_path(id) {
            ("#e65100", 3.0, "")
        } else if picture.standing(search, id).is_faint() {
            ("#aaaaaa", 1.0, r#" stroke-dasharray="4 3""#)
        } else {
            ("#888888", 1.0, "")
        };
        writeln!(
            out,
            r#"<line x1="{px:.1}" y1="{py:.1}" x2="{cx:.1}" y2="{cy:.1}" stroke="{stroke}" stroke-width="{width}"{dash}/>"#,
        )?;
        let (mx, my) = ((px + cx) / 2.0, (py + cy) / 2.0);
        writeln!(
            out,
            r##"<text x="{mx:.1}" y="{:.1}" font-size="13" text-anchor="middle" fill="#333333" stroke="white" stroke-width="3" paint-order="stroke">{}</text>"##,
            my + 4.0,
            escape_xml(&move_text(search, id))
        )?;
    }
    if let Some((forward, backward)) = picture.meeting() {
        // The two nodes of one state: the path runs on from one tree into the other.
        let (fx, ftop) = center(forward);
        let (bx, btop) = center(backward);
        writeln!(
            out,
            r##"<path d="M {fx:.1} {:.1} L {bx:.1} {btop:.1}" stroke="#2e7d32" stroke-width="3" stroke-dasharray="8 4" fill="none"/>"##,
            ftop + BOX_H
        )?;
    }
    for &id in &picture.nodes {
        let (cx, top) = center(id);
        let standing = picture.standing(search, id);
        let highlight = picture.highlight(id);
        let fill = match (highlight, standing) {
            (Highlight::Expanding, _) => "#ffe0b2",
            (Highlight::Meeting, _) => "#c8e6c9",
            (_, Standing::Closed) => "#eeeeee",
            _ => "#ffffff",
        };
        let (stroke, width) = match highlight {
            Highlight::Solution | Highlight::Meeting => ("#000000", 3.0),
            Highlight::Path => ("#e65100", 2.5),
            _ if standing.is_faint() => ("#999999", 1.0),
            _ => ("#000000", 1.0),
        };
        let dash = match standing {
            Standing::Open => r#" stroke-dasharray="5 3""#,
            Standing::Pruned | Standing::Forgotten => r#" stroke-dasharray="2 2""#,
            _ => "",
        };
        let faint = standing.is_faint();
        writeln!(
            out,
            r#"<g{}>"#,
            if faint { r#" opacity="0.5""# } else { "" }
        )?;
        writeln!(
            out,
            r#"<rect x="{:.1}" y="{top:.1}" width="{BOX_W}" height="{BOX_H}" rx="6" fill="{fill}" stroke="{stroke}" stroke-width="{width}"{dash}/>"#,
            cx - BOX_W / 2.0,
        )?;
        let (name, costs) = label(search, &picture.tree, id, picture.bound);
        writeln!(
            out,
            r#"<text x="{cx:.1}" y="{:.1}" font-size="14" font-weight="bold" text-anchor="middle">{}</text>"#,
            top + 17.0,
            escape_xml(&name)
        )?;
        let shown = state(search, id);
        match search.problem().tiles(&shown) {
            Some(tiles) => board_svg(out, tiles, cx, top + 24.0, 72.0)?,
            None => {
                for (i, line) in search.problem().state_rows(&shown).iter().enumerate() {
                    writeln!(
                        out,
                        r#"<text x="{cx:.1}" y="{:.1}" font-size="16" text-anchor="middle">{}</text>"#,
                        top + 64.0 + 18.0 * i as f64,
                        escape_xml(line)
                    )?;
                }
            }
        }
        writeln!(
            out,
            r#"<text x="{cx:.1}" y="{:.1}" font-size="12" text-anchor="middle">{}</text>"#,
            top + BOX_H - 8.0,
            escape_xml(&costs)
        )?;
        out.write_all(b"</g>\n")?;
    }
    out.write_all(b"</svg>\n")
}

/// How many PNG pixels per SVG unit: twice the screen's, for print.
const PNG_SCALE: f32 = 2.0;
/// The largest PNG side and area: a bigger tree is drawn smaller (cut it for a readable page).
const PNG_MAX_SIDE: f32 = 16_000.0;
const PNG_MAX_PIXELS: f32 = 80_000_000.0;

/// The installed fonts, read once: the PNG's text is drawn with them.
fn fonts() -> Arc<resvg::usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    Arc::clone(FONTS.get_or_init(|| {
        let mut db = resvg::usvg::fontdb::Database::new();
        db.load_system_fonts();
        Arc::new(db)
    }))
}

/// The tree as a PNG image: the SVG page drawn at twice its size (white background, print
/// fonts, Chinese text in a CJK font when one is installed).
pub fn tree_png<P: Drawn>(search: &dyn Search<P>, cut: TreeCut) -> Result<Vec<u8>, String>
where
    P::Heuristic: LocalName,
{
    TreeExport::new(search, cut).png()
}

/// Draws an SVG page into a PNG.
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let size = tree.size();
    let scale = PNG_SCALE
        .min(PNG_MAX_SIDE / size.width())
        .min(PNG_MAX_SIDE / size.height())
        .min((PNG_MAX_PIXELS / (size.width() * size.height())).sqrt());
    let (w, h) = (
        (size.width() * scale).ceil() as u32,
        (size.height() * scale).ceil() as u32,
    );
    let mut pixmap = tiny_skia::Pixmap::new(w.max(1), h.max(1))
        .ok_or_else(|| format!("cannot make a {w}×{h} image"))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// A board as a grid of cells `size` wide, centred on `cx`.
fn board_svg(
    out: &mut dyn Write,
    (side, tiles): (usize, Vec<u8>),
    cx: f64,
    top: f64,
    size: f64,
) -> io::Result<()> {
    let cell = size / side as f64;
    let left = cx - size / 2.0;
    for (pos, &tile) in tiles.iter().enumerate() {
        let (r, c) = ((pos / side) as f64, (pos % side) as f64);
        let (x, y) = (left + c * cell, top + r * cell);
        let fill = if tile == 0 { "#ffffff" } else { "#dce6f5" };
        write!(
            out,
            r##"<rect x="{x:.1}" y="{y:.1}" width="{cell:.1}" height="{cell:.1}" fill="{fill}" stroke="#555555" stroke-width="0.8"/>"##
        )?;
        if tile != 0 {
            write!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-size="{:.0}" text-anchor="middle">{tile}</text>"#,
                x + cell / 2.0,
                y + cell * 0.72,
                cell * 0.6
            )?;
        }
    }
    out.write_all(b"\n")
}

/// The tree in Graphviz DOT: one box per node (name, board, g h f), edges labelled with the
/// move, the solution path bold, pruned nodes dotted and grey. A bidirectional search's
/// backward edges are written child to parent with `dir=back`, so Graphviz ranks that tree
/// upward under the start's, with a dashed edge where they meet. `dot -Tpdf tree.dot -o
/// tree.pdf` draws it.
pub fn tree_dot<P: Drawn>(search: &dyn Search<P>, cut: TreeCut) -> String {
    in_memory(|out| TreeExport::new(search, cut).write_dot(out))
}

fn write_dot<P: Drawn>(
    search: &dyn Search<P>,
    picture: &Picture<P>,
    out: &mut dyn Write,
) -> io::Result<()> {
    out.write_all(
        b"digraph search_tree {\n  node [shape=box, fontname=\"Noto Sans\", style=\"rounded,filled\", fillcolor=white];\n  edge [fontname=\"Noto Sans\"];\n",
    )?;
    let quote = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    for &id in &picture.nodes {
        let (name, costs) = label(search, &picture.tree, id, picture.bound);
        let board = state(search, id);
        let rows = search.problem().state_rows(&board).join("\\n");
        let standing = picture.standing(search, id);
        let fill = match (picture.highlight(id), standing) {
            (Highlight::Expanding, _) => "#ffe0b2",
            (Highlight::Meeting, _) => "#c8e6c9",
            (_, Standing::Closed) => "#eeeeee",
            _ => "white",
        };
        let width = if picture.marks.on_solution(id) { 3 } else { 1 };
        let faint = if standing.is_faint() {
            ", style=\"rounded,dotted\", color=gray50, fontcolor=gray50"
        } else {
            ""
        };
        writeln!(
            out,
            "  n{} [label=\"{}\\n{}\\n{}\", fillcolor=\"{fill}\", penwidth={width}{faint}];",
            id.0,
            quote(&name),
            rows,
            quote(&costs)
        )?;
    }
    for &id in &picture.nodes {
        if let Some(parent) = picture.tree.parent_of(TreeNode::Node(id)) {
            let width = if picture.marks.on_solution(id) { 3 } else { 1 };
            let label = quote(&move_text(search, id));
            if facts(search, id).backward {
                writeln!(
                    out,
                    "  n{} -> n{} [label=\"{label}\", penwidth={width}, dir=back];",
                    id.0, parent.0,
                )?;
            } else {
                writeln!(
                    out,
                    "  n{} -> n{} [label=\"{label}\", penwidth={width}];",
                    parent.0, id.0,
                )?;
            }
        }
    }
    if let Some((forward, backward)) = picture.meeting() {
        writeln!(
            out,
            "  n{} -> n{} [style=dashed, color=\"#2e7d32\", penwidth=2, arrowhead=none];",
            forward.0, backward.0
        )?;
    }
    out.write_all(b"}\n")
}

/// The tree as a TikZ picture with the same layout as the window: `\input` it inside a
/// `figure`; needs only `\usepackage{tikz}` (and `ctex` for nothing: the labels are ASCII).
pub fn tree_tikz<P: Drawn>(search: &dyn Search<P>, cut: TreeCut) -> String {
    in_memory(|out| TreeExport::new(search, cut).write_tikz(out))
}

fn write_tikz<P: Drawn>(
    search: &dyn Search<P>,
    picture: &Picture<P>,
    out: &mut dyn Write,
) -> io::Result<()> {
    out.write_all(
        "% searchlab: search tree. Needs \\usepackage{tikz}.\n\
         \\begin{tikzpicture}[x=2.2cm, y=-3.2cm, every node/.style={font=\\footnotesize}]\n"
            .as_bytes(),
    )?;
    for &id in &picture.nodes {
        let (name, costs) = label(search, &picture.tree, id, picture.bound);
        let style = match (picture.highlight(id), picture.standing(search, id)) {
            (Highlight::Expanding, _) => "draw, fill=orange!20",
            (Highlight::Meeting, _) => "draw, fill=green!15",
            (_, Standing::Pruned | Standing::Forgotten) => "draw=black!40, dotted, text=black!50",
            (_, Standing::Open) => "draw, dashed",
            _ => "draw, fill=black!8",
        };
        let thick = match picture.highlight(id) {
            Highlight::Solution | Highlight::Meeting => ", very thick",
            Highlight::Path => ", thick, draw=orange!80!black",
            _ => "",
        };
        let rows = search
            .problem()
            .state_rows(&state(search, id))
            .iter()
            .map(|r| format!("\\texttt{{{}}}", latex_escape(r)))
            .collect::<Vec<_>>()
            .join("\\\\");
        writeln!(
            out,
            "\\node[{style}{thick}, align=center, rounded corners] (n{}) at ({:.2},{}) {{\\textbf{{{}}}\\\\{rows}\\\\{}}};",
            id.0,
            picture.x(id),
            picture.row(id),
            latex_escape(&name),
            latex_escape(&costs)
        )?;
    }
    for &id in &picture.nodes {
        if let Some(parent) = picture.tree.parent_of(TreeNode::Node(id)) {
            let style = if picture.marks.on_solution(id) {
                "[very thick]"
            } else if picture.marks.on_path(id) {
                "[thick, orange!80!black]"
            } else {
                ""
            };
            writeln!(
                out,
                "\\draw{style} (n{}) -- node[fill=white, font=\\scriptsize] {{{}}} (n{});",
                parent.0,
                move_tex(search, id),
                id.0
            )?;
        }
    }
    if let Some((forward, backward)) = picture.meeting() {
        writeln!(
            out,
            "\\draw[dashed, very thick, green!50!black] (n{}) -- (n{});",
            forward.0, backward.0
        )?;
    }
    out.write_all(b"\\end{tikzpicture}\n")
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

    fn png_size(png: &[u8]) -> (u32, u32) {
        let reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .expect("a PNG");
        (reader.info().width, reader.info().height)
    }

    /// The SVG's width and height attributes.
    fn svg_size(svg: &str) -> (f64, f64) {
        let number = |name: &str| {
            let from = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
            svg[from..]
                .split('"')
                .next()
                .unwrap()
                .parse::<f64>()
                .unwrap()
        };
        (number("width"), number("height"))
    }

    #[test]
    fn the_png_is_the_svg_at_twice_its_size() {
        i18n::set_language(i18n::Language::English);
        let search = solved();
        let cut = TreeCut {
            max_depth: Some(2),
            ..TreeCut::default()
        };
        let (w, h) = svg_size(&tree_svg(search.as_ref(), cut));
        let png = tree_png(search.as_ref(), cut).unwrap();
        assert_eq!(png_size(&png), ((2.0 * w) as u32, (2.0 * h) as u32));
    }

    /// The pixels of one line of text drawn alone.
    fn text_pixels(text: &str) -> Vec<u8> {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="30" font-family="{FONTS}"><rect width="100%" height="100%" fill="white"/><text x="5" y="22" font-size="20">{text}</text></svg>"#
        );
        let png = svg_to_png(&svg).unwrap();
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut pixels).unwrap();
        pixels
    }

    /// Chinese captions are drawn with a font that has the characters (fonts-wqy-microhei on
    /// the test machines): two characters give two different pictures, where a missing font
    /// would draw the same empty box for both, or nothing.
    #[test]
    fn chinese_text_in_the_png_is_drawn_with_real_glyphs() {
        let blank = text_pixels("");
        let (a, b) = (text_pixels("搜"), text_pixels("树"));
        assert_ne!(a, blank, "nothing drawn for 搜");
        assert_ne!(
            a, b,
            "搜 and 树 drawn alike: no font with Chinese characters"
        );
    }

    #[test]
    fn bidirectional_and_ida_star_trees_export_their_structures() {
        i18n::set_language(i18n::Language::English);
        let problem =
            Problem::new("216408753".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let config = SearchConfig::with(
            crate::search::Algorithm::BidirectionalBfs,
            crate::domains::puzzle::HeuristicKind::Zero,
        );
        let mut search = new_search(problem, config);
        search.run(usize::MAX);
        let svg = tree_svg(search.as_ref(), TreeCut::default());
        assert_well_formed(&svg);
        // Every node of both halves, an edge into each but the two roots, and the meeting.
        assert_eq!(svg.matches("<line").count(), search.node_count() - 2);
        assert_eq!(svg.matches("stroke-dasharray=\"8 4\"").count(), 1);
        let dot = tree_dot(search.as_ref(), TreeCut::default());
        assert_eq!(dot.matches("dir=back").count(), {
            (0..search.node_count() as u32)
                .filter(|&i| facts(search.as_ref(), NodeId(i)).backward)
                .count()
                - 1
        });

        let problem =
            Problem::new("283164705".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let config = SearchConfig::with(
            crate::search::Algorithm::IdaStar,
            crate::domains::puzzle::HeuristicKind::Manhattan,
        );
        let mut search = new_search(problem, config);
        search.run(3);
        let bound = search.depth_first().unwrap().bound;
        let svg = tree_svg(search.as_ref(), TreeCut::default());
        assert_well_formed(&svg);
        let pruned = (0..search.node_count() as u32)
            .filter(|&i| facts(search.as_ref(), NodeId(i)).pruned)
            .count();
        assert!(pruned > 0);
        assert_eq!(
            svg.matches(&format!(" &gt; {} pruned<", cost_text(bound)))
                .count(),
            pruned
        );
    }

    use crate::tree::Sizes;

    /// The text formats reach the writer a few hundred bytes at a time, whatever the size of
    /// the tree: a file holds the page, memory never does.
    #[test]
    fn the_text_formats_are_streamed_to_the_writer() {
        i18n::set_language(i18n::Language::English);
        let problem =
            Problem::new("216408753".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let config = SearchConfig::with(
            crate::search::Algorithm::BreadthFirst,
            crate::domains::puzzle::HeuristicKind::Zero,
        );
        let mut search = new_search(problem, config);
        search.run(2000);
        let export = TreeExport::new(search.as_ref(), TreeCut::default());
        assert_eq!(export.len(), search.node_count());
        type Writer = fn(&TreeExport<Problem>, &mut dyn Write) -> io::Result<()>;
        let write: [Writer; 3] = [
            |e, out| e.write_svg(out),
            |e, out| e.write_dot(out),
            |e, out| e.write_tikz(out),
        ];
        for write in write {
            let mut sizes = Sizes::default();
            write(&export, &mut sizes).unwrap();
            assert!(sizes.total > 100 * search.node_count(), "{}", sizes.total);
            assert!(sizes.largest < 1000, "{} bytes at once", sizes.largest);
        }
        // What the window exports, made in memory, is the same text.
        let mut svg = Vec::new();
        export.write_svg(&mut svg).unwrap();
        assert_eq!(
            String::from_utf8(svg).unwrap(),
            tree_svg(search.as_ref(), TreeCut::default())
        );
    }

    #[test]
    fn a_depth_cut_keeps_the_top_of_the_tree() {
        let search = solved();
        let depth = |d| TreeCut {
            max_depth: Some(d),
            ..TreeCut::default()
        };
        let dot = tree_dot(search.as_ref(), depth(1));
        // The start and its four children.
        assert_eq!(dot.matches("[label=\"S").count(), 5);
        assert_eq!(dot.matches(" -> ").count(), 4);
        assert_well_formed(&tree_svg(search.as_ref(), depth(0)));
        // The first step only: the start expanded, its children open.
        let first = tree_dot(
            search.as_ref(),
            TreeCut {
                max_steps: Some(1),
                ..TreeCut::default()
            },
        );
        assert_eq!(first.matches("[label=\"S").count(), 5);
        assert!(first.contains("S0 #1") && !first.contains("#2"));
    }
}
