//! Draws a game tree the way textbooks do: MAX nodes as upward triangles, MIN nodes as downward
//! ones (told apart without colour), leaves as squares, the value beside each node as it is
//! backed up, α and β under the nodes on the current path, the principal variation bold, and
//! every cut marked across the edge it cuts with its α or β label, the pruned subtree faint.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Shape, Stroke, Ui, Vec2, pos2, vec2};

use crate::search::NodeId;
use crate::search::game::{CutKind, Player};
use crate::tree::game::{GameNodePicture, GamePicture, Look};

/// The colours of the tree, from the theme.
struct Ink {
    line: Color32,
    text: Color32,
    faint: Color32,
    path: Color32,
    current: Color32,
    done: Color32,
    cut: Color32,
    guess: Color32,
    /// The panel's background, behind the cut labels.
    back: Color32,
}

impl Ink {
    fn of(ui: &Ui) -> Ink {
        let dark = ui.visuals().dark_mode;
        Ink {
            line: ui.visuals().strong_text_color(),
            text: ui.visuals().strong_text_color(),
            faint: if dark {
                Color32::from_gray(90)
            } else {
                Color32::from_gray(185)
            },
            path: Color32::from_rgb(235, 200, 70),
            current: Color32::from_rgb(240, 130, 40),
            done: if dark {
                Color32::from_rgb(70, 110, 170)
            } else {
                Color32::from_rgb(160, 195, 235)
            },
            cut: Color32::from_rgb(225, 60, 60),
            guess: Color32::from_rgb(200, 60, 200),
            back: ui.visuals().panel_fill,
        }
    }
}

/// The horizontal room a tree needs so that no node's value runs into its right neighbour's
/// label, row by row.
pub fn wanted_width(picture: &GamePicture, text_size: f32) -> f32 {
    let layout = &picture.layout;
    let span = (layout.max_x - layout.min_x) as f32;
    // The largest node `paint_tree` draws.
    let r = text_size * 1.1;
    let char_w = text_size * 0.55;
    // Values take up to three characters before they are known ("≥12").
    let right = |n: &GameNodePicture| {
        if n.leaf {
            r * 0.9
        } else {
            r * 1.3 + n.value.chars().count().max(3) as f32 * char_w * 1.1
        }
    };
    let left = |n: &GameNodePicture| {
        if n.leaf {
            r * 0.9
        } else {
            let bounds = if n.bounds.is_some() { 6.0 } else { 0.0 };
            r * 1.3 + (n.label.chars().count() as f32).max(bounds) * char_w * 0.8
        }
    };
    let mut unit = text_size * 1.6;
    for row in &layout.rows {
        for pair in row.windows(2) {
            let (a, b) = (NodeId(pair[0]), NodeId(pair[1]));
            let (Some(pa), Some(pb)) = (picture.node(a), picture.node(b)) else {
                continue;
            };
            let dx = (layout.x[b.index()] - layout.x[a.index()]) as f32;
            if dx > 0.0 {
                unit = unit.max((right(pa) + left(pb) + text_size * 0.4) / dx);
            }
        }
    }
    span * unit + text_size * 4.4
}

/// What a click on the tree asked for.
pub struct Clicked(pub NodeId);

/// Draws `picture` filling `size`; returns the node clicked, if `clickable`. `guesses` are
/// drawn with the exercise's mark. `text_size` is the size of the values.
pub fn paint_tree(
    ui: &mut Ui,
    picture: &GamePicture,
    size: Vec2,
    text_size: f32,
    guesses: &[NodeId],
    clickable: bool,
) -> Option<Clicked> {
    let sense = if clickable {
        Sense::click()
    } else {
        Sense::hover()
    };
    // A room squeezed to nothing (a tiny window) still takes a point, never a negative size.
    let size = size.max(Vec2::splat(1.0));
    let (response, painter) = ui.allocate_painter(size, sense);
    let rect = response.rect;
    let ink = Ink::of(ui);
    let layout = &picture.layout;
    // A short room (a compare card) draws the text smaller rather than the rows upside down.
    let rows = picture.rows as f32;
    let text_size = text_size.min(rect.height() / (2.0 * rows + 5.6)).max(7.0);
    let span = (layout.max_x - layout.min_x) as f32;
    let margin = vec2(text_size * 2.2, text_size * 1.6);
    let inner = rect.shrink2(margin);
    let unit = if span > 0.0 {
        inner.width() / span
    } else {
        0.0
    };
    // Room under the last row for α/β and the leaves' values.
    let row_h = if rows > 0.0 {
        ((inner.height() - text_size * 2.4) / rows).clamp(text_size * 1.5, text_size * 7.0)
    } else {
        0.0
    };
    let r = (unit * 0.3)
        .min(row_h * 0.28)
        .clamp(text_size * 0.45, text_size * 1.1);
    let x0 = if span > 0.0 {
        inner.left()
    } else {
        inner.center().x
    };
    let pos = |id: NodeId| -> Pos2 {
        let x = x0 + (layout.x[id.index()] - layout.min_x) as f32 * unit;
        let y = inner.top() + r + layout.depth[id.index()] as f32 * row_h;
        pos2(x, y)
    };
    let visible = ui.clip_rect().expand(text_size * 4.0);
    // Edges first, under the nodes.
    for (parent, child) in picture.edges() {
        let (a, b) = (pos(parent), pos(child));
        if !visible.intersects(Rect::from_two_pos(a, b)) {
            continue;
        }
        let child_pic = picture.node(child).expect("placed");
        let parent_pic = picture.node(parent).expect("placed");
        let from = a + vec2(0.0, r * 0.9);
        let to = b - vec2(0.0, r * 0.9);
        if child_pic.look == Look::Pruned {
            painter.extend(Shape::dashed_line(
                &[from, to],
                Stroke::new(1.5, ink.faint),
                6.0,
                4.0,
            ));
        } else {
            let bold = child_pic.principal && parent_pic.principal;
            let width = if bold { 4.5 } else { 1.5 };
            let color = if child_pic.look == Look::Unvisited {
                ink.faint
            } else {
                ink.line
            };
            painter.line_segment([from, to], Stroke::new(width, color));
        }
    }
    // The cut marks across the edge into each first child cut off.
    for cut in &picture.cuts {
        let (a, b) = (pos(cut.parent), pos(cut.first_pruned));
        if !visible.contains(a) && !visible.contains(b) {
            continue;
        }
        let from = a + vec2(0.0, r * 0.9);
        let to = b - vec2(0.0, r * 0.9);
        let mid = from + (to - from) * 0.45;
        let along = (to - from).normalized();
        let across = vec2(-along.y, along.x);
        for k in [-1.0f32, 1.0] {
            let centre = mid + along * (k * r * 0.22);
            painter.line_segment(
                [centre - across * r * 0.7, centre + across * r * 0.7],
                Stroke::new(3.0, ink.cut),
            );
        }
        let label = crate::i18n::cut_name(cut.kind);
        let side = if b.x >= a.x { 1.0 } else { -1.0 };
        let anchor = if side > 0.0 {
            Align2::LEFT_CENTER
        } else {
            Align2::RIGHT_CENTER
        };
        // Monospace: its α and β are unlike a and b, as the proportional font's are not.
        let galley = painter.layout_no_wrap(
            label.to_owned(),
            FontId::monospace(text_size * 0.95),
            ink.cut,
        );
        let at = anchor.anchor_size(mid + vec2(side * r * 0.9, -r * 0.3), galley.size());
        painter.rect_filled(at.expand(2.0), 3.0, ink.back);
        painter.galley(at.min, galley, ink.cut);
    }
    let mut hovered = None;
    for node in &picture.nodes {
        let p = pos(node.id);
        if !visible.contains(p) {
            continue;
        }
        draw_node(&painter, &ink, node, p, r, text_size);
        if guesses.contains(&node.id) {
            let s = r * 0.8;
            let stroke = Stroke::new(3.5, ink.guess);
            let c = p - vec2(0.0, r * 1.9);
            painter.line_segment([c - vec2(s, s) * 0.5, c + vec2(s, s) * 0.5], stroke);
            painter.line_segment([c + vec2(-s, s) * 0.5, c + vec2(s, -s) * 0.5], stroke);
        }
        if response
            .hover_pos()
            .is_some_and(|h| (h - p).length() < r * 1.3)
        {
            hovered = Some(node);
        }
    }
    if let Some(node) = hovered {
        response.clone().on_hover_ui_at_pointer(|ui| {
            ui.label(hover_text(node));
        });
    }
    if response.clicked()
        && let Some(node) = hovered
    {
        return Some(Clicked(node.id));
    }
    None
}

fn hover_text(node: &GameNodePicture) -> String {
    let mut text = format!("{} ({})", node.label, node.player.word());
    if !node.value.is_empty() {
        text.push_str(&format!(" = {}", node.value));
    }
    if let Some((alpha, beta)) = &node.bounds {
        text.push_str(&format!("\nα = {alpha}, β = {beta}"));
    }
    if let Some(order) = node.order {
        text.push_str(&crate::i18n::pick(
            &format!("\nentered at step {order}"),
            &format!("\n第 {order} 步进入"),
        ));
    }
    text
}

fn draw_node(
    painter: &egui::Painter,
    ink: &Ink,
    node: &GameNodePicture,
    p: Pos2,
    r: f32,
    text_size: f32,
) {
    let fill = match node.look {
        Look::Unvisited | Look::Pruned => Color32::TRANSPARENT,
        Look::OnPath => ink.path,
        Look::Current => ink.current,
        Look::Done => ink.done,
    };
    let outline = match node.look {
        Look::Pruned | Look::Unvisited => ink.faint,
        _ => ink.line,
    };
    let width = if node.principal { 4.0 } else { 2.0 };
    let stroke = Stroke::new(width, outline);
    if node.leaf {
        let square = Rect::from_center_size(p, Vec2::splat(r * 1.5));
        painter.rect_filled(square, 2.0, fill);
        painter.rect_stroke(square, 2.0, stroke, egui::StrokeKind::Middle);
    } else {
        let points = match node.player {
            Player::Max => vec![
                p + vec2(0.0, -r),
                p + vec2(r * 1.1, r * 0.85),
                p + vec2(-r * 1.1, r * 0.85),
            ],
            Player::Min => vec![
                p + vec2(-r * 1.1, -r * 0.85),
                p + vec2(r * 1.1, -r * 0.85),
                p + vec2(0.0, r),
            ],
        };
        if node.look == Look::Pruned {
            let mut closed = points.clone();
            closed.push(points[0]);
            painter.extend(Shape::dashed_line(
                &closed,
                Stroke::new(1.5, ink.faint),
                4.0,
                3.0,
            ));
        } else {
            painter.add(Shape::convex_polygon(points, fill, stroke));
        }
    }
    // The value: inside a leaf, to the right of an inner node.
    let value_color = match node.look {
        Look::Pruned | Look::Unvisited => ink.faint,
        _ => ink.text,
    };
    let value = if node.value.is_empty() {
        node.given.clone().unwrap_or_default()
    } else {
        node.value.clone()
    };
    let font = FontId::proportional(text_size);
    if node.leaf {
        painter.text(p, Align2::CENTER_CENTER, value, font.clone(), value_color);
    } else if !value.is_empty() {
        painter.text(
            p + vec2(r * 1.25, 0.0),
            Align2::LEFT_CENTER,
            value,
            FontId::proportional(text_size * 1.1),
            value_color,
        );
    }
    // The label: left of the node (above a leaf).
    let small = FontId::proportional(text_size * 0.78);
    if node.leaf {
        painter.text(
            p + vec2(0.0, r * 0.8 + 1.0),
            Align2::CENTER_TOP,
            &node.label,
            small.clone(),
            ink.faint,
        );
    } else {
        painter.text(
            p - vec2(r * 1.25, 0.0),
            Align2::RIGHT_CENTER,
            &node.label,
            small.clone(),
            if node.look == Look::Pruned {
                ink.faint
            } else {
                ink.text
            },
        );
    }
    // α and β under the label, clear of the edges down to the children; a leaf returns its
    // value whatever they are.
    if let Some((alpha, beta)) = node.bounds.as_ref().filter(|_| !node.leaf) {
        let at = if node.leaf {
            p + vec2(0.0, r * 0.8 + text_size)
        } else {
            p + vec2(-r * 1.25, r * 0.45)
        };
        let anchor = if node.leaf {
            Align2::CENTER_TOP
        } else {
            Align2::RIGHT_TOP
        };
        let galley = painter.layout_no_wrap(
            format!("α={alpha}\nβ={beta}"),
            FontId::monospace(text_size * 0.72),
            ink.text,
        );
        let at = anchor.anchor_size(at, galley.size());
        painter.rect_filled(at.expand(1.0), 2.0, ink.back);
        painter.galley(at.min, galley, ink.text);
    }
}

/// The cut's label in the step panel.
pub fn cut_color(_: CutKind) -> Color32 {
    Color32::from_rgb(225, 60, 60)
}
