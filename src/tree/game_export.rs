//! A game tree for print (no window): the SVG page, PNG and TikZ picture drawn from the one
//! [`GamePicture`] the window draws too, and the table of visits, one row per step, as
//! Markdown, CSV or LaTeX. Drawn the way textbooks draw it: MAX a triangle pointing up, MIN one
//! pointing down (told apart without colour), the principal variation bold, pruned nodes faint
//! and dashed, and each cut two short strokes across the edge into the first child it cut off,
//! labelled α or β. Called by `searchlab solve --game --tree --table`.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::export::{FONTS, escape_xml, svg_to_png, text_width};
use super::game::{GamePicture, Look, node_label, value_shown};
use super::table::{TableFormat, csv_line, latex_escape};
use crate::i18n;
use crate::search::NodeId;
use crate::search::game::{
    Cut, Game, GameAlgorithm, GameSearch, Player, StepKind, Visit, value_text,
};

/// Pixels between two sibling leaves one layout unit apart, and between two rows.
const UNIT: f64 = 64.0;
const ROW: f64 = 96.0;
/// Half a triangle's width, and its height above and below its centre.
const HALF: f64 = 21.0;
const RISE: f64 = 18.0;
const MARGIN: f64 = 30.0;
/// Room beside the tree for the labels on the left and α/β on the right.
const LEFT_ROOM: f64 = 60.0;
const RIGHT_ROOM: f64 = 110.0;
/// The title above the tree.
const TITLE: f64 = 40.0;
/// One caption line under the tree.
const LINE: f64 = 22.0;

/// Each placed node's children, in the order they are visited.
fn children_of(picture: &GamePicture) -> HashMap<NodeId, Vec<NodeId>> {
    let mut children: HashMap<NodeId, Vec<NodeId>> = HashMap::new();
    for (parent, child) in picture.edges() {
        children.entry(parent).or_default().push(child);
    }
    for list in children.values_mut() {
        list.sort();
    }
    children
}

/// The labels of the leaves below the children a cut skipped (a child never expanded is its
/// own leaf), left to right.
fn picture_cut_leaves(
    picture: &GamePicture,
    children: &HashMap<NodeId, Vec<NodeId>>,
    parent: NodeId,
    first_pruned: NodeId,
) -> Vec<String> {
    let mut names = Vec::new();
    let skipped: Vec<NodeId> = children
        .get(&parent)
        .map(|list| {
            list.iter()
                .filter(|&&c| c >= first_pruned)
                .copied()
                .collect()
        })
        .unwrap_or_default();
    let mut stack: Vec<NodeId> = skipped.into_iter().rev().collect();
    while let Some(id) = stack.pop() {
        match children.get(&id) {
            Some(list) if !list.is_empty() => stack.extend(list.iter().rev()),
            _ => names.extend(picture.node(id).map(|n| n.label.clone())),
        }
    }
    names
}

/// The lines under the tree: the result, then one per cut with what it cut off.
fn caption_lines(picture: &GamePicture) -> Vec<String> {
    let children = children_of(picture);
    let mut lines = Vec::new();
    if !picture.caption.is_empty() {
        lines.push(picture.caption.clone());
    }
    for cut in &picture.cuts {
        let names = picture_cut_leaves(picture, &children, cut.parent, cut.first_pruned);
        lines.push(format!(
            "{} — {}",
            cut.sentence,
            i18n::leaves_cut_off(&names, cut.leaves)
        ));
    }
    lines
}

/// A triangle's corners around its centre: pointing up for MAX, down for MIN.
fn triangle(player: Player, cx: f64, cy: f64) -> [(f64, f64); 3] {
    match player {
        Player::Max => [
            (cx, cy - RISE),
            (cx - HALF, cy + RISE),
            (cx + HALF, cy + RISE),
        ],
        Player::Min => [
            (cx - HALF, cy - RISE),
            (cx + HALF, cy - RISE),
            (cx, cy + RISE),
        ],
    }
}

/// Where a cut's two strokes cross the edge from `from` to `to`: the point a little past the
/// middle, and the unit vectors along the edge and across it.
fn cut_place(from: (f64, f64), to: (f64, f64)) -> ((f64, f64), (f64, f64), (f64, f64)) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt().max(1e-9);
    let along = (dx / length, dy / length);
    let across = (-along.1, along.0);
    let t = 0.55;
    ((from.0 + dx * t, from.1 + dy * t), along, across)
}

/// The game tree as an SVG page: `title` above, the tree, and under it the result and one line
/// per cut (in the thread's language).
pub fn game_svg(picture: &GamePicture, title: &str) -> String {
    let lines = caption_lines(picture);
    let tree_width = (picture.layout.max_x - picture.layout.min_x).max(0.0) * UNIT;
    let widest_line = lines
        .iter()
        .map(|l| text_width(l, 14.0))
        .fold(text_width(title, 16.0), f64::max);
    let width =
        (tree_width + LEFT_ROOM + RIGHT_ROOM + 2.0 * MARGIN).max(widest_line + 2.0 * MARGIN);
    let tree_height = picture.rows as f64 * ROW + 2.0 * RISE;
    let height = MARGIN + TITLE + tree_height + 16.0 + lines.len() as f64 * LINE + MARGIN;
    let left = (width - tree_width) / 2.0;
    let place = |id: NodeId| {
        let i = id.index();
        (
            left + (picture.layout.x[i] - picture.layout.min_x) * UNIT,
            MARGIN + TITLE + RISE + f64::from(picture.layout.depth[i]) * ROW,
        )
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="{FONTS}">"#
    );
    out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    let _ = writeln!(
        out,
        r#"<text x="{MARGIN}" y="{:.1}" font-size="16" font-weight="bold">{}</text>"#,
        MARGIN + 4.0,
        escape_xml(title)
    );
    // Edges under the nodes: bold on the principal variation, faint and dashed into a node cut off.
    for (parent, child) in picture.edges() {
        let (px, py) = place(parent);
        let (cx, cy) = place(child);
        let Some(node) = picture.node(child) else {
            continue;
        };
        let principal = node.principal && picture.node(parent).is_some_and(|p| p.principal);
        let attributes = if principal {
            r##"stroke="#000000" stroke-width="4""##
        } else if node.look == Look::Pruned {
            r##"stroke="#aaaaaa" stroke-width="1.2" stroke-dasharray="5 4" class="pruned""##
        } else {
            r##"stroke="#555555" stroke-width="1.5""##
        };
        let _ = writeln!(
            out,
            r#"<line x1="{px:.1}" y1="{:.1}" x2="{cx:.1}" y2="{:.1}" {attributes}/>"#,
            py + RISE,
            cy - RISE
        );
    }
    for node in &picture.nodes {
        let (cx, cy) = place(node.id);
        let corners = triangle(node.player, cx, cy);
        let points = corners
            .iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect::<Vec<_>>()
            .join(" ");
        let (fill, stroke, width, extra) = match node.look {
            Look::Pruned => (
                "#ffffff",
                "#aaaaaa",
                1.2,
                r#" stroke-dasharray="4 3" opacity="0.6" class="pruned""#,
            ),
            Look::Current => ("#ffe0b2", "#000000", 2.5, ""),
            Look::OnPath => ("#fff3e0", "#000000", 2.0, ""),
            Look::Done => ("#eeeeee", "#000000", 1.5, ""),
            Look::Unvisited => ("#ffffff", "#000000", 1.0, ""),
        };
        let width = if node.principal { 3.0 } else { width };
        let player = match node.player {
            Player::Max => "max",
            Player::Min => "min",
        };
        let _ = writeln!(
            out,
            r#"<polygon points="{points}" fill="{fill}" stroke="{stroke}" stroke-width="{width}" data-player="{player}"{extra}/>"#
        );
        let text_fill = if node.look == Look::Pruned {
            "#999999"
        } else {
            "#000000"
        };
        // The value sits in the triangle's wide half, where there is room for it.
        let value_y = match node.player {
            Player::Max => cy + RISE - 6.0,
            Player::Min => cy - RISE + 15.0,
        };
        if !node.value.is_empty() {
            let _ = writeln!(
                out,
                r#"<text x="{cx:.1}" y="{value_y:.1}" font-size="13" font-weight="bold" text-anchor="middle" fill="{text_fill}">{}</text>"#,
                escape_xml(&node.value)
            );
        }
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" font-size="13" text-anchor="end" fill="{text_fill}">{}</text>"#,
            cx - HALF - 4.0,
            cy + 4.0,
            escape_xml(&node.label)
        );
        if let Some((alpha, beta)) = &node.bounds {
            let _ = writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" font-size="12" fill="#1a237e">α={} β={}</text>"##,
                cx + HALF + 4.0,
                cy + 4.0,
                escape_xml(alpha),
                escape_xml(beta)
            );
        }
    }
    // Each cut: two strokes across the edge into the first child cut off, and its letter.
    for cut in &picture.cuts {
        let (px, py) = place(cut.parent);
        let (cx, cy) = place(cut.first_pruned);
        let ((mx, my), along, across) = cut_place((px, py + RISE), (cx, cy - RISE));
        for shift in [-3.5, 3.5] {
            let (x, y) = (mx + along.0 * shift, my + along.1 * shift);
            let _ = writeln!(
                out,
                r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#b71c1c" stroke-width="2.5" class="cut"/>"##,
                x - across.0 * 9.0,
                y - across.1 * 9.0,
                x + across.0 * 9.0,
                y + across.1 * 9.0
            );
        }
        let side = if across.0 >= 0.0 { 1.0 } else { -1.0 };
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="22" font-weight="bold" text-anchor="middle" fill="#b71c1c" class="cut-label">{}</text>"##,
            mx + across.0 * 22.0 * side,
            my + across.1 * 22.0 * side + 7.0,
            cut.label
        );
    }
    let top = MARGIN + TITLE + tree_height + 16.0;
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{MARGIN}" y="{:.1}" font-size="14">{}</text>"#,
            top + LINE * i as f64 + 14.0,
            escape_xml(line)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The game tree as a PNG image: the SVG page drawn with the installed fonts (Chinese captions
/// in a CJK font when one is installed).
pub fn game_png(picture: &GamePicture, title: &str) -> Result<Vec<u8>, String> {
    svg_to_png(&game_svg(picture, title))
}

/// Text for LaTeX with the game's symbols in math mode, so it compiles without Unicode fonts.
fn tex(text: &str) -> String {
    let mut out = String::new();
    for c in latex_escape(text).chars() {
        match c {
            'α' => out.push_str("$\\alpha$"),
            'β' => out.push_str("$\\beta$"),
            '∞' => out.push_str("$\\infty$"),
            '−' => out.push_str("$-$"),
            '≥' => out.push_str("$\\geq$"),
            '≤' => out.push_str("$\\leq$"),
            '—' => out.push_str("---"),
            _ => out.push(c),
        }
    }
    out
}

/// The game tree as a standalone TikZ picture (`pdflatex` compiles it as it is): the same
/// triangles, bold principal variation, faint pruned nodes and α/β cut marks as the SVG. The
/// caption lines go under the tree, or into comments when they hold Chinese (which needs
/// `ctex` and `xelatex`).
pub fn game_tikz(picture: &GamePicture, title: &str) -> String {
    const X: f64 = 1.1;
    const Y: f64 = 1.7;
    let place = |id: NodeId| {
        let i = id.index();
        (
            (picture.layout.x[i] - picture.layout.min_x) * X,
            -f64::from(picture.layout.depth[i]) * Y,
        )
    };
    let mut out = String::new();
    out.push_str(
        "% searchlab: game tree. MAX: triangle pointing up; MIN: pointing down.\n\
         \\documentclass[tikz, border=6pt]{standalone}\n\
         \\usetikzlibrary{shapes.geometric}\n\
         \\begin{document}\n\
         \\begin{tikzpicture}[\n  \
         max node/.style={regular polygon, regular polygon sides=3, draw, inner sep=0.5pt, minimum size=9.5mm, font=\\footnotesize},\n  \
         min node/.style={max node, shape border rotate=180},\n  \
         pruned/.style={draw=black!35, dashed, text=black!45},\n  \
         pv/.style={very thick},\n  \
         cut/.style={red!70!black, line width=1.2pt}]\n",
    );
    let lines = caption_lines(picture);
    let _ = writeln!(out, "% {}", title.replace('\n', " "));
    for line in &lines {
        let _ = writeln!(out, "% {}", line.replace('\n', " "));
    }
    for node in &picture.nodes {
        let (x, y) = place(node.id);
        let mut style = match node.player {
            Player::Max => "max node".to_owned(),
            Player::Min => "min node".to_owned(),
        };
        match node.look {
            Look::Pruned => style.push_str(", pruned"),
            Look::Current => style.push_str(", fill=orange!25"),
            Look::OnPath => style.push_str(", fill=orange!10"),
            Look::Done => style.push_str(", fill=black!8"),
            Look::Unvisited => {}
        }
        if node.principal {
            style.push_str(", very thick");
        }
        let _ = write!(
            style,
            ", label={{[font=\\footnotesize]left:{{{}}}}}",
            tex(&node.label)
        );
        if let Some((alpha, beta)) = &node.bounds {
            let _ = write!(
                style,
                ", label={{[font=\\scriptsize, blue!50!black]right:{{{}}}}}",
                tex(&format!("α={alpha} β={beta}"))
            );
        }
        let _ = writeln!(
            out,
            "\\node[{style}] (n{}) at ({x:.2},{y:.2}) {{{}}};",
            node.id.0,
            tex(&node.value)
        );
    }
    for (parent, child) in picture.edges() {
        let Some(node) = picture.node(child) else {
            continue;
        };
        let principal = node.principal && picture.node(parent).is_some_and(|p| p.principal);
        let style = if principal {
            "[pv]"
        } else if node.look == Look::Pruned {
            "[pruned]"
        } else {
            ""
        };
        let _ = writeln!(out, "\\draw{style} (n{}) -- (n{});", parent.0, child.0);
    }
    for cut in &picture.cuts {
        // The edge between the triangles' tips, as the SVG measures it.
        let (px, py) = place(cut.parent);
        let (cx, cy) = place(cut.first_pruned);
        let tip = 0.45;
        let ((mx, my), along, across) = cut_place((px, py - tip), (cx, cy + tip));
        for shift in [-0.07, 0.07] {
            let (x, y) = (mx + along.0 * shift, my + along.1 * shift);
            let _ = writeln!(
                out,
                "\\draw[cut] ({:.2},{:.2}) -- ({:.2},{:.2});",
                x - across.0 * 0.18,
                y - across.1 * 0.18,
                x + across.0 * 0.18,
                y + across.1 * 0.18
            );
        }
        let side = if across.0 >= 0.0 { 1.0 } else { -1.0 };
        let _ = writeln!(
            out,
            "\\node[red!70!black, font=\\Large] at ({:.2},{:.2}) {{{}}};",
            mx + across.0 * 0.4 * side,
            my + across.1 * 0.4 * side,
            tex(cut.label)
        );
    }
    let shown: Vec<String> = std::iter::once(title.to_owned())
        .chain(lines)
        .map(|line| tex(&line))
        .collect();
    if shown.iter().all(|line| line.is_ascii()) {
        let _ = writeln!(
            out,
            "\\node[anchor=north west, align=left, font=\\small] at (0,{:.2}) {{{}}};",
            -(picture.rows as f64) * Y - 0.8,
            shown.join("\\\\ ")
        );
    }
    out.push_str("\\end{tikzpicture}\n\\end{document}\n");
    out
}

/// The labels of the leaves below the children a cut skipped, as the search knows them (a
/// child never expanded is its own leaf).
pub fn cut_leaves<G: Game>(search: &GameSearch<G>, cut: &Cut) -> Vec<String> {
    let skipped: Vec<NodeId> = search
        .children(cut.node)
        .filter(|&c| c >= cut.first_pruned)
        .collect();
    let mut stack: Vec<NodeId> = skipped.into_iter().rev().collect();
    let mut names = Vec::new();
    while let Some(id) = stack.pop() {
        let children: Vec<NodeId> = search.children(id).collect();
        if children.is_empty() {
            names.push(node_label(search, id));
        } else {
            stack.extend(children.into_iter().rev());
        }
    }
    names
}

/// A cut as a table cell: "α cut: C2 C3 cut off".
fn cut_cell<G: Game>(search: &GameSearch<G>, cut: &Cut) -> String {
    format!(
        "{}{}{}",
        i18n::cut_name(cut.kind),
        if i18n::zh() { "：" } else { ": " },
        i18n::leaves_cut_off(&cut_leaves(search, cut), cut.leaves)
    )
}

/// The table of visits: one row per step the search has taken (step, what happened, the node,
/// its value after the step, final or a bound, α and β for alpha-beta, and the cut the step
/// made), in the thread's language. The search is replayed from its game and settings to read
/// each step's values as they stood then.
pub fn visit_table<G: Game>(search: &GameSearch<G>, format: TableFormat) -> String {
    let headers = i18n::visit_headers();
    let mut out = String::new();
    match format {
        TableFormat::Markdown => {
            let _ = writeln!(out, "| {} |", headers.join(" | "));
            out.push_str("|---:|---|---|---:|---:|---:|---|\n");
        }
        TableFormat::Csv => {
            let _ = writeln!(out, "{}", csv_line(&headers.map(str::to_owned)));
        }
        TableFormat::Latex => {
            out.push_str(
                "% searchlab: game-tree visits. Chinese text needs \\usepackage{ctex} (xelatex).\n\
                 \\begin{tabular}{r l l r r r l}\n\\hline\n",
            );
            let _ = write!(out, "{} \\\\\n\\hline\n", headers.map(tex).join(" & "));
        }
    }
    let Ok(mut replay) = GameSearch::try_new(search.game().clone(), *search.config()) else {
        return out;
    };
    let alpha_beta = search.config().algorithm == GameAlgorithm::AlphaBeta;
    for _ in 0..search.steps() {
        let Some(step) = replay.step() else {
            break;
        };
        let happened = match step.kind {
            StepKind::Enter => i18n::step_entered().to_owned(),
            StepKind::Return { child, .. } => i18n::step_returned(&node_label(&replay, child)),
            StepKind::NewIteration { depth } => i18n::step_new_iteration(depth),
        };
        let node = replay.node(step.node);
        let (alpha, beta) = if alpha_beta && node.visit != Visit::Pruned {
            (value_text(node.alpha), value_text(node.beta))
        } else {
            (String::new(), String::new())
        };
        let cells = [
            (step.index + 1).to_string(),
            happened,
            node_label(&replay, step.node),
            value_shown(&replay, step.node),
            alpha,
            beta,
            step.cut
                .map(|cut| cut_cell(&replay, &cut))
                .unwrap_or_default(),
        ];
        match format {
            TableFormat::Markdown => {
                let _ = writeln!(
                    out,
                    "| {} |",
                    cells.map(|c| c.replace('|', "\\|")).join(" | ")
                );
            }
            TableFormat::Csv => {
                let _ = writeln!(out, "{}", csv_line(&cells));
            }
            TableFormat::Latex => {
                let _ = writeln!(out, "{} \\\\", cells.map(|c| tex(&c)).join(" & "));
            }
        }
    }
    if format == TableFormat::Latex {
        out.push_str("\\hline\n\\end{tabular}\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::game::GameTree;
    use crate::i18n::{Language, set_language};
    use crate::search::game::GameConfig;
    use crate::tree::game::game_picture;

    fn figure(algorithm: GameAlgorithm) -> GameSearch<GameTree> {
        let tree = GameTree::parse("((3 12 8) (2 4 6) (14 5 2))", Player::Max).unwrap();
        let mut search = GameSearch::new(tree, GameConfig::new(algorithm, ()));
        search.run(usize::MAX);
        search
    }

    #[test]
    fn the_svg_marks_one_alpha_cut_and_draws_c_s_pruned_leaves_faint() {
        set_language(Language::English);
        let search = figure(GameAlgorithm::AlphaBeta);
        let svg = game_svg(&game_picture(&search), "Figure 5.2");
        assert_eq!(svg.matches(r#"class="cut-label">α<"#).count(), 1, "{svg}");
        assert!(!svg.contains(">β<"), "{svg}");
        assert_eq!(svg.matches(r#"class="cut""#).count(), 2);
        // C2 and C3: their triangles and the edges into them, dashed.
        assert_eq!(svg.matches(r#"opacity="0.6" class="pruned""#).count(), 2);
        assert_eq!(
            svg.matches(r#"stroke-dasharray="5 4" class="pruned""#)
                .count(),
            2
        );
        // Three MAX triangles' worth of leaves under MIN nodes: the root is the one MAX node.
        assert_eq!(svg.matches(r#"data-player="max""#).count(), 10);
        assert_eq!(svg.matches(r#"data-player="min""#).count(), 3);
        assert!(
            svg.contains("α cut at C: 2 ≤ α = 3 (A) — C2 C3 cut off"),
            "{svg}"
        );
        assert!(svg.contains("value 3, best move B"));
    }

    #[test]
    fn the_png_decodes_with_a_size() {
        set_language(Language::English);
        let search = figure(GameAlgorithm::AlphaBeta);
        let png = game_png(&game_picture(&search), "Figure 5.2").unwrap();
        let reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let info = reader.info();
        assert!(
            info.width > 100 && info.height > 100,
            "{}x{}",
            info.width,
            info.height
        );
    }

    #[test]
    fn the_tikz_picture_holds_the_alpha_mark_and_both_triangles() {
        set_language(Language::English);
        let search = figure(GameAlgorithm::AlphaBeta);
        let tikz = game_tikz(&game_picture(&search), "Figure 5.2");
        assert!(tikz.contains("{$\\alpha$};"), "{tikz}");
        assert!(!tikz.contains("$\\beta$};"), "{tikz}");
        assert_eq!(tikz.matches("\\draw[cut]").count(), 2);
        assert!(tikz.contains("\\node[min"));
        assert!(tikz.contains("\\begin{document}") && tikz.ends_with("\\end{document}\n"));
    }

    #[test]
    fn the_minimax_table_has_a_row_per_visit() {
        set_language(Language::English);
        let search = figure(GameAlgorithm::Minimax);
        let table = visit_table(&search, TableFormat::Markdown);
        let rows: Vec<&str> = table.lines().skip(2).collect();
        assert_eq!(rows.len(), 25, "{table}");
        assert_eq!(
            rows.iter().filter(|r| r.contains("| entered |")).count(),
            13
        );
        assert_eq!(
            rows.iter().filter(|r| r.contains("returned from")).count(),
            12
        );
        assert_eq!(rows[3], "| 4 | returned from B1 | B | ≤3 |  |  |  |");
        assert_eq!(rows[24], "| 25 | returned from D | A | 3 |  |  |  |");
        let csv = visit_table(&search, TableFormat::Csv);
        assert_eq!(csv.lines().count(), 26);
    }

    #[test]
    fn the_alpha_beta_table_names_the_cut_in_both_languages() {
        let search = figure(GameAlgorithm::AlphaBeta);
        set_language(Language::English);
        let table = visit_table(&search, TableFormat::Markdown);
        let cut: Vec<&str> = table.lines().filter(|l| l.contains("cut")).collect();
        assert_eq!(
            cut,
            ["| 12 | returned from C1 | C | 2 | 3 | +∞ | α cut: C2 C3 cut off |"],
            "{table}"
        );
        set_language(Language::Chinese);
        let table = visit_table(&search, TableFormat::Markdown);
        set_language(Language::English);
        assert!(table.starts_with("| 步 | 动作 |"), "{table}");
        assert!(
            table.contains("| 从 C1 返回 | C | 2 | 3 | +∞ | α剪枝：剪去 C2 C3 |"),
            "{table}"
        );
        assert!(table.contains("| 1 | 进入 | A |"));
        let latex = visit_table(&search, TableFormat::Latex);
        assert!(latex.contains("$\\alpha$ cut: C2 C3 cut off"), "{latex}");
    }
}
