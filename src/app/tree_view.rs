//! The search tree pane: the tree of the main lane's search growing step by step (pan, zoom,
//! fit, follow, fold), and the OPEN/CLOSED table as a second tab. Reads the session, pushes
//! `SelectNode` and marks the hovered node through [`Hover`]; what it keeps (camera, folds, the
//! cached layout and table) is view state only.
//!
//! A bidirectional search's backward tree is drawn below the start's, growing upward, the two
//! meeting nodes joined by a dashed line; a depth-first search shows its current iteration,
//! its current path in the expanding colour and its pruned children faint with f against the
//! bound. What each node is drawn as comes from [`Marks`], as in the exports.
//!
//! Only what is on screen is drawn: each row of the layout is sorted by x, so the visible part
//! of a row is found by binary search, and when the tree is zoomed out nodes closer than a
//! pixel or two are drawn as one dot.

use std::time::Instant;

use egui::{
    Align2, Color32, CornerRadius, FontId, Pos2, Rect, RichText, Sense, Stroke, StrokeKind, Ui,
    Vec2,
};
use egui_extras::{Column, TableBuilder};

use super::arrangement::Pane;
use super::board_view::{self, palette};
use super::command::Command;
use super::domain::AnyProblem;
use super::files::FileAction;
use super::session::{RunMode, Session, Settings};
use super::text;
use super::widgets::Hover;
use crate::i18n;
use crate::search::{Cost, NodeId, Search};
use crate::tree::Drawn;
use crate::tree::export::{TreeCut, tree_dot, tree_png, tree_svg, tree_tikz};
use crate::tree::layout::Layout;
use crate::tree::marks::{Highlight, Marks, Standing};
use crate::tree::model::{Folds, SearchTree, TreeNode, cost_text, facts, node_name, state};
use crate::tree::table::{Naming, StepTable, TABLE_STEPS};

/// The distance between rows, in units of the distance between siblings.
const ROW: f64 = 1.35;
/// A node's box, in the same units.
const BOX_W: f32 = 0.86;
const BOX_H: f32 = 1.1;

/// A tree pane shorter than this shows only a button that maximises it.
const MIN_PANE_HEIGHT: f32 = 140.0;

/// Tree or table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TreeTab {
    #[default]
    Tree,
    Table,
}

/// Where the view looks: the layout point at the centre and pixels per unit.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Camera {
    x: f64,
    /// In rows times [`ROW`].
    y: f64,
    scale: f64,
}

/// The tree pane's state.
pub struct TreeView {
    pub tab: TreeTab,
    pub duplicates: bool,
    pub board_names: bool,
    pub follow: bool,
    tree: SearchTree<AnyProblem>,
    pub folds: Folds,
    layout: Layout,
    /// What the layout was made from: the tree's size and step, and the folds.
    layout_of: Option<(usize, usize, Folds)>,
    /// How long the last layout took, and when it was made, so a tree growing faster than it
    /// can be laid out is laid out a few times a second rather than every frame.
    layout_cost: f64,
    layout_at: Option<Instant>,
    camera: Camera,
    /// The camera fits the whole tree after every change until the user pans or zooms.
    fit: bool,
    /// The node the camera last followed or showed as selected.
    shown: Option<NodeId>,
    table: Option<StepTable<AnyProblem>>,
    /// Where the tree was drawn the last time the pane was (None if there was no room).
    pub rect: Option<Rect>,
}

impl Default for TreeView {
    fn default() -> TreeView {
        TreeView {
            tab: TreeTab::Tree,
            duplicates: false,
            board_names: false,
            follow: false,
            tree: SearchTree::steady(),
            folds: Folds::default(),
            layout: Layout::default(),
            layout_of: None,
            layout_cost: 0.0,
            layout_at: None,
            camera: Camera {
                x: 0.0,
                y: 0.0,
                scale: 80.0,
            },
            fit: true,
            shown: None,
            table: None,
            rect: None,
        }
    }
}

impl TreeView {
    /// Brings the tree and its layout up to the search; true if the layout changed.
    pub fn sync(&mut self, search: &dyn Search<AnyProblem>, playing: bool) -> bool {
        self.tree.sync(search, self.duplicates);
        let key = (self.tree.len(), search.steps(), self.folds.clone());
        if self.layout_of.as_ref() == Some(&key) {
            return false;
        }
        // Only a growing tree may wait (its old layout stays valid for the nodes it has).
        let grew = self
            .layout_of
            .as_ref()
            .is_some_and(|(len, _, folds)| *len <= key.0 && *folds == key.2)
            && !self.duplicates;
        if playing
            && grew
            && self.layout_cost > 0.003
            && self
                .layout_at
                .is_some_and(|at| at.elapsed().as_secs_f64() < 20.0 * self.layout_cost)
        {
            return false;
        }
        let started = Instant::now();
        self.layout = self.tree.layout(&self.folds);
        self.layout_cost = started.elapsed().as_secs_f64();
        self.layout_at = Some(started);
        self.layout_of = Some(key);
        true
    }

    /// The tree as synced (for tests and the benchmark).
    pub fn tree(&self) -> &SearchTree<AnyProblem> {
        &self.tree
    }

    /// The layout as drawn (for tests and the benchmark).
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Shows the node being expanded at a scale where its board and labels are drawn.
    pub fn zoom_in_on_current(&mut self) {
        self.fit = false;
        self.camera.scale = 90.0;
        self.shown = None;
    }

    fn center_on(&mut self, dense: u32) {
        if self.layout.placed(dense) {
            self.camera.x = self.layout.x[dense as usize];
            self.camera.y = f64::from(self.layout.depth[dense as usize]) * ROW;
        }
    }

    fn fit_to(&mut self, size: Vec2) {
        if self.layout.rows.is_empty() {
            return;
        }
        let width = self.layout.max_x - self.layout.min_x + 1.0;
        let height = (self.layout.rows.len() - 1) as f64 * ROW + f64::from(BOX_H) + 0.3;
        self.camera = Camera {
            x: (self.layout.min_x + self.layout.max_x) / 2.0,
            y: ((self.layout.rows.len() - 1) as f64 * ROW) / 2.0,
            scale: (f64::from(size.x) / width)
                .min(f64::from(size.y) / height)
                .clamp(0.002, 160.0),
        };
    }

    fn to_screen(&self, rect: Rect, x: f64, depth: u32) -> Pos2 {
        let c = rect.center();
        Pos2::new(
            c.x + ((x - self.camera.x) * self.camera.scale) as f32,
            c.y + ((f64::from(depth) * ROW - self.camera.y) * self.camera.scale) as f32,
        )
    }

    /// The node whose box is under `pos`, if any.
    fn node_at(&self, rect: Rect, pos: Pos2) -> Option<u32> {
        let c = rect.center();
        let x = self.camera.x + f64::from(pos.x - c.x) / self.camera.scale;
        let y = self.camera.y + f64::from(pos.y - c.y) / self.camera.scale;
        let depth = (y / ROW + 0.5).floor();
        if depth < 0.0 {
            return None;
        }
        // Nodes are drawn at least 3 pixels wide however far out the view is.
        let half = f64::from(BOX_W / 2.0).max(3.0 / self.camera.scale);
        let dy = y - depth * ROW;
        if dy.abs() > f64::from(BOX_H / 2.0).max(3.0 / self.camera.scale) {
            return None;
        }
        let row = self.layout.row_between(depth as usize, x - half, x + half);
        row.iter().copied().min_by(|&a, &b| {
            let da = (self.layout.x[a as usize] - x).abs();
            let db = (self.layout.x[b as usize] - x).abs();
            da.total_cmp(&db)
        })
    }
}

/// What colours a node: the search's marks, and the node selected in every view.
struct ViewMarks {
    search: Marks,
    selected: Option<NodeId>,
    /// A depth-first search's bound, which its pruned nodes' f exceed.
    bound: Option<Cost>,
}

/// The tree pane: tabs, the toolbar, and the tree or the table.
pub fn pane(
    ui: &mut Ui,
    session: &Session,
    view: &mut TreeView,
    hover: &mut Hover,
    commands: &mut Vec<Command>,
) {
    let Some(lane) = session.main_lane() else {
        ui.label(text::t().tree_no_search);
        return;
    };
    let search = lane.search();
    let t = text::t();
    if ui.available_height() < MIN_PANE_HEIGHT {
        // The toolbar and the colour key would fill it and leave the tree no room at all
        // (1920x1080 at zoom 2 with the setup rows open): one click shows it maximised.
        view.rect = None;
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(t.pane_tree).strong());
            if ui
                .button(t.maximize)
                .on_hover_text(t.maximize_hint)
                .clicked()
            {
                commands.push(Command::Maximize(Some(Pane::Tree)));
            }
        });
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut view.tab, TreeTab::Tree, t.tree_tab);
        ui.selectable_value(&mut view.tab, TreeTab::Table, t.table_tab);
        ui.separator();
        ui.checkbox(&mut view.board_names, t.tree_board_names);
        if view.tab == TreeTab::Tree {
            if ui
                .button(t.tree_fit)
                .on_hover_text(t.tree_fit_hint)
                .clicked()
            {
                view.fit = true;
                view.layout_of = None;
            }
            ui.checkbox(&mut view.follow, t.tree_follow)
                .on_hover_text(t.tree_follow_hint);
            ui.checkbox(&mut view.duplicates, t.tree_duplicates)
                .on_hover_text(t.tree_duplicates_hint);
            if !view.folds.is_empty() && ui.button(t.tree_unfold_all).clicked() {
                view.folds.clear();
            }
            ui.separator();
            export_limits(ui, &session.settings, commands);
        }
    });
    match view.tab {
        TreeTab::Tree => tree(ui, session, search, view, hover, commands),
        TreeTab::Table => table(ui, search, view),
    }
}

fn tree(
    ui: &mut Ui,
    session: &Session,
    search: &dyn Search<AnyProblem>,
    view: &mut TreeView,
    hover: &mut Hover,
    commands: &mut Vec<Command>,
) {
    legend(ui, search);
    let rect = ui.available_rect_before_wrap();
    view.rect = None;
    if rect.width() < 10.0 || rect.height() < 10.0 {
        return;
    }
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    view.rect = Some(rect);
    let changed = view.sync(search, session.mode != RunMode::Paused);

    // Camera: drag pans, scroll or pinch zooms around the pointer.
    if response.dragged() {
        let delta = response.drag_delta();
        view.camera.x -= f64::from(delta.x) / view.camera.scale;
        view.camera.y -= f64::from(delta.y) / view.camera.scale;
        view.fit = false;
    }
    if response.hovered() {
        let (zoom, scroll) = ui.input(|i| (i.zoom_delta(), i.smooth_scroll_delta.y));
        let factor = f64::from(zoom) * (f64::from(scroll) * 0.003).exp();
        if (factor - 1.0).abs() > 1e-4
            && let Some(pos) = response.hover_pos()
        {
            let c = rect.center();
            let (px, py) = (f64::from(pos.x - c.x), f64::from(pos.y - c.y));
            let before = (
                view.camera.x + px / view.camera.scale,
                view.camera.y + py / view.camera.scale,
            );
            view.camera.scale = (view.camera.scale * factor).clamp(0.002, 400.0);
            view.camera.x = before.0 - px / view.camera.scale;
            view.camera.y = before.1 - py / view.camera.scale;
            view.fit = false;
        }
    }
    let current = search.closed().last().copied();
    if view.fit && changed {
        view.fit_to(rect.size());
    }
    // Follow the node being expanded; show a node selected in another view.
    let target = if view.follow { current } else { None }.or(session.selected);
    if target != view.shown {
        // Only a node out of sight moves the view: a click in the tree leaves it in place.
        if let Some(id) = target
            && view.layout.placed(id.0)
        {
            let pos = view.to_screen(
                rect,
                view.layout.x[id.index()],
                view.layout.depth[id.index()],
            );
            if !rect.shrink(20.0).contains(pos) {
                view.center_on(id.0);
                view.fit = false;
            }
        }
        view.shown = target;
    }

    let marks = ViewMarks {
        search: Marks::of(search),
        selected: session.selected,
        bound: search.depth_first().map(|d| d.bound),
    };
    let painter = ui.painter_at(rect);
    // The boards are painted through a Ui clipped to the tree too: zoomed far in, a node's
    // board is larger than the pane and was drawn over the toolbar and the lists above it.
    let mut clipped = ui.new_child(egui::UiBuilder::new().max_rect(rect));
    clipped.shrink_clip_rect(rect);
    draw(&clipped, &painter, rect, search, view, &marks, hover);

    if let Some(pos) = response.hover_pos()
        && let Some(dense) = view.node_at(rect, pos)
    {
        let id = match view.tree.node_at(dense) {
            TreeNode::Node(id) => id,
            TreeNode::Duplicate(k) => view.tree.duplicates()[k as usize].of,
        };
        hover.saw(id);
        if response.double_clicked() {
            if let TreeNode::Node(id) = view.tree.node_at(dense)
                && !view.tree.children_of(id).is_empty()
            {
                view.folds.toggle(id);
            }
        } else if response.clicked() {
            commands.push(Command::SelectNode(id));
        }
    }
}

/// The colour key under the toolbar (with the pruned nodes and the current path for a
/// depth-first search, the meeting for a bidirectional one).
fn legend(ui: &mut Ui, search: &dyn Search<AnyProblem>) {
    let t = text::t();
    let depth_first = search.depth_first().is_some();
    let bidirectional = search.bidirectional().is_some();
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        for (color, word, shown) in [
            (palette::TILE_MOVED, t.legend_current, true),
            (path_color(), t.legend_path, depth_first),
            (palette::NEW, t.legend_new, true),
            (open_color(ui), t.legend_open, true),
            (closed_color(ui), t.legend_closed, true),
            (pruned_color(ui), t.legend_pruned, depth_first),
            (palette::IMPROVED, t.legend_improved, !depth_first),
            (palette::REOPENED, t.legend_reopened, !depth_first),
            (palette::DUPLICATE, t.legend_duplicate, true),
            (meeting_color(), t.legend_meeting, bidirectional),
            (solution_color(ui), t.legend_solution, true),
        ] {
            if !shown {
                continue;
            }
            let (r, _) = ui.allocate_exact_size(Vec2::splat(10.0), Sense::hover());
            ui.painter().rect_filled(r, 2.0, color);
            ui.label(RichText::new(word).small());
            ui.add_space(6.0);
        }
        ui.label(RichText::new("?").strong())
            .on_hover_text(t.tree_help);
    });
}

/// A depth-first search's current path: the expanding colour, darker.
fn path_color() -> Color32 {
    Color32::from_rgb(0xe6, 0x51, 0x00)
}

fn meeting_color() -> Color32 {
    Color32::from_rgb(0x2e, 0x7d, 0x32)
}

fn pruned_color(ui: &Ui) -> Color32 {
    ui.visuals().weak_text_color().gamma_multiply(0.6)
}

fn open_color(ui: &Ui) -> Color32 {
    if ui.visuals().dark_mode {
        Color32::from_rgb(0x26, 0xc6, 0xda)
    } else {
        Color32::from_rgb(0x00, 0x83, 0x8f)
    }
}

fn closed_color(ui: &Ui) -> Color32 {
    ui.visuals().weak_text_color()
}

fn solution_color(ui: &Ui) -> Color32 {
    if ui.visuals().dark_mode {
        Color32::from_rgb(0xff, 0xd5, 0x4f)
    } else {
        Color32::from_rgb(0xc6, 0x28, 0x28)
    }
}

/// Paints the visible part of the tree: full nodes when zoomed in, boxes with f further out,
/// dots (one per pixel run) when far out.
fn draw(
    ui: &Ui,
    painter: &egui::Painter,
    rect: Rect,
    search: &dyn Search<AnyProblem>,
    view: &TreeView,
    marks: &ViewMarks,
    hover: &Hover,
) {
    let layout = &view.layout;
    let scale = view.camera.scale;
    let half_w = f64::from(rect.width()) / 2.0 / scale;
    let (lo, hi) = (view.camera.x - half_w - 1.0, view.camera.x + half_w + 1.0);
    let top = ((view.camera.y - f64::from(rect.height()) / 2.0 / scale) / ROW - 1.0).floor();
    let bottom = ((view.camera.y + f64::from(rect.height()) / 2.0 / scale) / ROW + 1.0).ceil();
    let rows = (top.max(0.0) as usize)..(bottom.max(0.0) as usize).min(layout.rows.len());
    let strokes = EdgeStrokes {
        plain: Stroke::new(1.0, ui.visuals().weak_text_color().gamma_multiply(0.7)),
        solution: Stroke::new(3.5, solution_color(ui)),
        path: Stroke::new(3.0, path_color()),
        faint: Stroke::new(1.0, pruned_color(ui).gamma_multiply(0.6)),
    };
    let placed = |v: u32| layout.placed(v);
    let pos_of = |v: u32| view.to_screen(rect, layout.x[v as usize], layout.depth[v as usize]);

    if scale < 6.0 {
        // Far out: per row, one dot per run of nodes closer than two pixels; edges only along
        // the solution.
        let radius = (scale as f32 * 0.4).clamp(1.0, 2.5);
        for d in rows.clone() {
            let row = layout.row_between(d, lo, hi);
            let mut i = 0;
            while i < row.len() {
                let v = row[i];
                let p = pos_of(v);
                let color = node_color(ui, search, view, marks, v);
                // Skip to the first node at least two pixels to the right.
                let next_x = layout.x[v as usize] + 2.0 / scale;
                let skip = row[i..].partition_point(|&w| layout.x[w as usize] < next_x);
                if skip > 1 {
                    let last = pos_of(row[i + skip - 1]);
                    painter.line_segment([p, last], Stroke::new(radius * 2.0, color));
                } else {
                    painter.circle_filled(p, radius, color);
                }
                i += skip.max(1);
            }
        }
        solution_edges(painter, view, marks, &pos_of, strokes.solution);
        meeting_link(painter, view, marks, &pos_of, 0.0);
        return;
    }

    // Edges: each visible node to its children, and to its parent when the parent is not
    // visible (so an edge is drawn once).
    let visible = |v: u32| {
        let x = layout.x[v as usize];
        let d = layout.depth[v as usize] as usize;
        x >= lo && x <= hi && rows.contains(&d)
    };
    // Dots (when boxes would be too small for text) are joined at their centres.
    let box_h = if scale < 24.0 {
        0.0
    } else {
        BOX_H * scale as f32
    };
    for d in rows.clone() {
        for &v in layout.row_between(d, lo, hi) {
            let p = pos_of(v);
            let node = view.tree.node_at(v);
            if let TreeNode::Node(id) = node
                && !view.folds.contains(id)
            {
                for k in view.tree.children_of(id) {
                    if placed(k) {
                        edge_line(
                            ui,
                            painter,
                            (view, search, marks),
                            [p, pos_of(k)],
                            k,
                            box_h,
                            &strokes,
                        );
                    }
                }
            }
            if let Some(parent) = view.tree.parent_of(node)
                && placed(parent.0)
                && !visible(parent.0)
            {
                edge_line(
                    ui,
                    painter,
                    (view, search, marks),
                    [pos_of(parent.0), p],
                    v,
                    box_h,
                    &strokes,
                );
            }
        }
    }
    meeting_link(painter, view, marks, &pos_of, box_h);
    for d in rows {
        for &v in layout.row_between(d, lo, hi) {
            node_box(ui, painter, rect, search, view, marks, hover, v, pos_of(v));
        }
    }
}

/// The strokes of the tree's edges.
struct EdgeStrokes {
    plain: Stroke,
    solution: Stroke,
    /// A depth-first search's current path.
    path: Stroke,
    /// Into a pruned node or a duplicate.
    faint: Stroke,
}

/// The edge from a parent's box to a child's (bottom to top, or top to bottom in a
/// bidirectional search's backward tree, which grows upward), bold along the solution,
/// labelled with the move when there is room.
fn edge_line(
    ui: &Ui,
    painter: &egui::Painter,
    (view, search, marks): (&TreeView, &dyn Search<AnyProblem>, &ViewMarks),
    [parent, child]: [Pos2; 2],
    dense: u32,
    box_h: f32,
    strokes: &EdgeStrokes,
) {
    let down = if child.y >= parent.y { 1.0 } else { -1.0 };
    let from = parent + Vec2::new(0.0, down * box_h / 2.0);
    let to = child - Vec2::new(0.0, down * box_h / 2.0);
    let (stroke, action) = match view.tree.node_at(dense) {
        TreeNode::Node(id) => (
            if marks.search.on_solution(id) {
                strokes.solution
            } else if marks.search.on_path(id) {
                strokes.path
            } else if facts(search, id).pruned {
                strokes.faint
            } else {
                strokes.plain
            },
            facts(search, id).action,
        ),
        TreeNode::Duplicate(k) => (
            Stroke::new(1.0, palette::DUPLICATE.gamma_multiply(0.5)),
            Some(view.tree.duplicates()[k as usize].action),
        ),
    };
    painter.line_segment([from, to], stroke);
    let scale = view.camera.scale as f32;
    // Moves are written where the boards are drawn: further out they would overlap.
    if scale >= 70.0
        && let Some(action) = action
    {
        let mid = from + (to - from) * 0.5;
        let font = FontId::proportional((scale * 0.16).clamp(9.0, 16.0));
        let galley =
            painter.layout_no_wrap(text::move_words(action), font, ui.visuals().text_color());
        let r = Align2::CENTER_CENTER
            .anchor_size(mid, galley.size())
            .expand(1.5);
        painter.rect_filled(r, 2.0, ui.visuals().panel_fill);
        painter.galley(r.min + Vec2::splat(1.5), galley, ui.visuals().text_color());
    }
}

fn solution_edges(
    painter: &egui::Painter,
    view: &TreeView,
    marks: &ViewMarks,
    pos_of: &dyn Fn(u32) -> Pos2,
    bold: Stroke,
) {
    for id in marks.search.solution() {
        if let Some(parent) = view.tree.parent_of(TreeNode::Node(id))
            && view.layout.placed(id.0)
            && view.layout.placed(parent.0)
        {
            painter.line_segment([pos_of(parent.0), pos_of(id.0)], bold);
        }
    }
}

/// The dashed line between a bidirectional search's two meeting nodes (one state reached from
/// both ends), from the forward node's box down to the backward one's.
fn meeting_link(
    painter: &egui::Painter,
    view: &TreeView,
    marks: &ViewMarks,
    pos_of: &dyn Fn(u32) -> Pos2,
    box_h: f32,
) {
    let Some((forward, backward)) = marks.search.meeting else {
        return;
    };
    if !view.layout.placed(forward.0) || !view.layout.placed(backward.0) {
        return;
    }
    let from = pos_of(forward.0) + Vec2::new(0.0, box_h / 2.0);
    let to = pos_of(backward.0) - Vec2::new(0.0, box_h / 2.0);
    painter.extend(egui::Shape::dashed_line(
        &[from, to],
        Stroke::new(3.0, meeting_color()),
        8.0,
        5.0,
    ));
}

/// The colour of a node's border (and its dot when zoomed out).
fn node_color(
    ui: &Ui,
    search: &dyn Search<AnyProblem>,
    view: &TreeView,
    marks: &ViewMarks,
    dense: u32,
) -> Color32 {
    let node = view.tree.node_at(dense);
    match marks.search.highlight(&view.tree, node) {
        Highlight::Expanding => palette::TILE_MOVED,
        Highlight::Meeting => meeting_color(),
        Highlight::Solution => solution_color(ui),
        Highlight::Path => path_color(),
        Highlight::Generated => palette::NEW,
        Highlight::Improved => palette::IMPROVED,
        Highlight::Reopened => palette::REOPENED,
        Highlight::Plain => match marks.search.standing(search, node) {
            Standing::Open => open_color(ui),
            Standing::Closed => closed_color(ui),
            Standing::Pruned => pruned_color(ui),
            Standing::Duplicate => palette::DUPLICATE.gamma_multiply(0.6),
        },
    }
}

/// One node: a box with its name and expansion number, its board and g, h, f when there is
/// room; with its name and f when less; its border coloured by what it is. A pruned node is
/// drawn faint, with its f against the bound.
#[allow(clippy::too_many_arguments)]
fn node_box(
    ui: &Ui,
    painter: &egui::Painter,
    rect: Rect,
    search: &dyn Search<AnyProblem>,
    view: &TreeView,
    marks: &ViewMarks,
    hover: &Hover,
    dense: u32,
    center: Pos2,
) {
    let scale = view.camera.scale as f32;
    let size = Vec2::new(BOX_W, BOX_H) * scale;
    let r = Rect::from_center_size(center, size);
    if !rect.intersects(r) {
        return;
    }
    let node = view.tree.node_at(dense);
    let (id, duplicate) = match node {
        TreeNode::Node(id) => (id, false),
        TreeNode::Duplicate(k) => (view.tree.duplicates()[k as usize].of, true),
    };
    let node_facts = facts(search, id);
    let color = node_color(ui, search, view, marks, dense);
    let current = marks.search.current == Some(id) && !duplicate;
    if scale < 24.0 {
        // Too small for text: a dot in the node's colour, ringed when hovered or selected.
        let radius = (scale * 0.3).clamp(2.0, 6.0);
        painter.circle_filled(center, radius, color);
        if hover.is(id) || marks.selected == Some(id) {
            painter.circle_stroke(
                center,
                radius + 2.5,
                Stroke::new(2.0, ui.visuals().selection.stroke.color),
            );
        }
        return;
    }
    let faint = duplicate || node_facts.pruned;
    let fill = if faint {
        Color32::TRANSPARENT
    } else if node_facts.open {
        ui.visuals().extreme_bg_color
    } else {
        ui.visuals().faint_bg_color
    };
    let width = if current || marks.selected == Some(id) {
        3.0
    } else {
        1.6
    };
    painter.rect(
        r,
        CornerRadius::same(4),
        fill,
        Stroke::new(width, color),
        StrokeKind::Inside,
    );
    if hover.is(id) || (marks.selected == Some(id) && !duplicate) {
        painter.rect_stroke(
            r.expand(3.0),
            CornerRadius::same(5),
            Stroke::new(2.0, ui.visuals().selection.stroke.color),
            StrokeKind::Outside,
        );
    }
    let text_color = if faint {
        ui.visuals().weak_text_color()
    } else {
        ui.visuals().text_color()
    };
    let small = if scale < 70.0 {
        (scale * 0.24).clamp(8.5, 15.0)
    } else {
        (scale * 0.17).clamp(8.5, 15.0)
    };
    let name = if view.board_names {
        search.problem().state_name(&state(search, id))
    } else {
        node_name(id)
    };
    let title = if duplicate {
        name
    } else {
        view.tree.title(id, name)
    };
    // Short, to fit a node's box: the colour key says what "f > bound" means.
    let pruned = match marks.bound {
        Some(bound) if node_facts.pruned && !duplicate => Some(format!(
            "f={} > {}",
            cost_text(node_facts.f),
            cost_text(bound)
        )),
        _ => None,
    };
    if scale < 70.0 {
        painter.text(
            r.center() - Vec2::new(0.0, small * 0.6),
            Align2::CENTER_CENTER,
            title,
            FontId::proportional(small),
            text_color,
        );
        painter.text(
            r.center() + Vec2::new(0.0, small * 0.6),
            Align2::CENTER_CENTER,
            pruned
                .clone()
                .unwrap_or_else(|| format!("f={}", cost_text(node_facts.f))),
            FontId::proportional(small),
            text_color,
        );
        return;
    }
    painter.text(
        Pos2::new(r.center().x, r.top() + small * 0.8),
        Align2::CENTER_CENTER,
        title,
        FontId::proportional(small),
        text_color,
    );
    let board_side = size.y - small * 3.4;
    let board_rect = Rect::from_center_size(
        Pos2::new(r.center().x, r.top() + small * 1.6 + board_side / 2.0),
        Vec2::splat(board_side.min(size.x * 0.86)),
    );
    let goal = search.problem().goal();
    board_view::paint_state(ui, board_rect, &state(search, id), None, Some(&goal));
    if faint {
        // Faded, as a textbook greys out what the search cut off or threw away.
        painter.rect_filled(
            board_rect.expand(1.0),
            0.0,
            ui.visuals().panel_fill.gamma_multiply(0.65),
        );
    }
    let costs = if duplicate {
        text::t().legend_duplicate.to_owned()
    } else if let Some(pruned) = pruned {
        pruned
    } else {
        format!(
            "g={} h={} f={}",
            node_facts.g,
            node_facts.h,
            cost_text(node_facts.f)
        )
    };
    painter.text(
        Pos2::new(r.center().x, r.bottom() - small * 0.8),
        Align2::CENTER_CENTER,
        costs,
        FontId::proportional(small * 0.92),
        text_color,
    );
    if let TreeNode::Node(id) = node
        && view.folds.contains(id)
    {
        let hidden = view.tree.descendants(dense);
        painter.text(
            Pos2::new(r.center().x, r.bottom() + small),
            Align2::CENTER_CENTER,
            format!("+{hidden}"),
            FontId::proportional(small),
            color,
        );
    }
}

/// The OPEN/CLOSED table up to the current step (at most [`TABLE_STEPS`] rows).
fn table(ui: &mut Ui, search: &dyn Search<AnyProblem>, view: &mut TreeView) {
    let table = match &mut view.table {
        Some(table) if table.follows(search.problem(), search.config()) => table,
        slot => slot.insert(StepTable::new(search.problem().clone(), *search.config())),
    };
    table.seek(search.steps().min(TABLE_STEPS));
    let naming = if view.board_names {
        Naming::Board
    } else {
        Naming::Numbered
    };
    if search.steps() > TABLE_STEPS {
        ui.label(
            RichText::new(text::table_first_steps(TABLE_STEPS))
                .color(ui.visuals().weak_text_color()),
        );
    }
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
    let rows = table.rows().len();
    let width = ui.available_width();
    TableBuilder::new(ui)
        .id_salt("step table")
        .striped(true)
        .animate_scrolling(false)
        .column(Column::exact(46.0))
        .column(Column::exact((width * 0.16).max(90.0)))
        .column(Column::exact((width * 0.48).max(120.0)))
        .column(Column::remainder().at_least(60.0))
        .min_scrolled_height(0.0)
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .header(22.0, |mut header| {
            for title in i18n::table_headers() {
                header.col(|ui| {
                    ui.strong(title);
                });
            }
        })
        .body(|body| {
            body.rows(row_height, rows, |mut row| {
                let cells = table.cells(&table.rows()[row.index()], naming);
                for cell in cells {
                    row.col(|ui| {
                        ui.add(egui::Label::new(cell).truncate());
                    });
                }
            });
        });
}

impl TreeView {
    /// The file a tree or table export action writes, for the search as it stands (the table
    /// up to [`TABLE_STEPS`] steps), the tree cut as [`export_cut`] reads the settings.
    pub fn export(
        &self,
        action: FileAction,
        search: &dyn Search<AnyProblem>,
        cut: TreeCut,
    ) -> Result<Vec<u8>, String> {
        let naming = if self.board_names {
            Naming::Board
        } else {
            Naming::Numbered
        };
        let table = || {
            let mut table = StepTable::new(search.problem().clone(), *search.config());
            table.seek(search.steps().min(TABLE_STEPS));
            table
        };
        Ok(match action {
            FileAction::TreePng => tree_png(search, cut)?,
            FileAction::TreeDot => tree_dot(search, cut).into_bytes(),
            FileAction::TreeTikz => tree_tikz(search, cut).into_bytes(),
            FileAction::TableMarkdown => table().markdown(naming).into_bytes(),
            FileAction::TableCsv => table().csv(naming).into_bytes(),
            FileAction::TableLatex => table().latex(naming).into_bytes(),
            _ => tree_svg(search, cut).into_bytes(),
        })
    }
}

/// What part of the tree the exports keep, as the settings remember it (0: no cut). A step
/// count the search has not reached yet exports the tree as it stands.
pub fn export_cut(settings: &Settings) -> TreeCut {
    let steps = settings.tree_export_steps as usize;
    let depth = settings.tree_export_depth;
    TreeCut {
        max_steps: (steps > 0).then_some(steps),
        max_depth: (depth > 0).then_some(depth),
    }
}

/// The largest cut the export fields take: far beyond any run a tree is drawn for, yet a run's
/// limit stays remembered for the next, longer or shorter, run.
const EXPORT_LIMIT_MAX: u32 = 1_000_000;

/// The tree exports' cut, beside the tree: the first N steps and the depth (remembered).
fn export_limits(ui: &mut Ui, settings: &Settings, commands: &mut Vec<Command>) {
    let t = text::t();
    let (mut steps, mut depth) = (settings.tree_export_steps, settings.tree_export_depth);
    ui.label(t.tree_export_limits);
    // Each name is the field's prefix, so a wrapping toolbar never parts them.
    ui.add(
        egui::DragValue::new(&mut steps)
            .range(0..=EXPORT_LIMIT_MAX)
            .prefix(format!("{} ", t.tree_export_steps)),
    )
    .on_hover_text(t.tree_export_steps_hint);
    ui.add(
        egui::DragValue::new(&mut depth)
            .range(0..=200)
            .prefix(format!("{} ", t.tree_export_depth)),
    )
    .on_hover_text(t.tree_export_depth_hint);
    if (steps, depth) != (settings.tree_export_steps, settings.tree_export_depth) {
        commands.push(Command::SetTreeExport { steps, depth });
    }
}

#[cfg(test)]
mod tests {
    use egui::{Event, PointerButton};
    use egui_kittest::kittest::{NodeT, Queryable};

    use super::*;
    use crate::app::{Settings, test_harness};

    fn tree_harness() -> egui_kittest::Harness<'static, crate::app::App> {
        let mut h = test_harness(Settings {
            show_tree: true,
            ..Settings::default()
        });
        h.run();
        h
    }

    fn click(h: &mut egui_kittest::Harness<'static, crate::app::App>, pos: Pos2, count: usize) {
        for _ in 0..count {
            h.input_mut().events.push(Event::PointerMoved(pos));
            for pressed in [true, false] {
                h.input_mut().events.push(Event::PointerButton {
                    pos,
                    button: PointerButton::Primary,
                    pressed,
                    modifiers: Default::default(),
                });
            }
            h.step();
        }
        h.run();
    }

    /// Where node `id` is drawn now.
    fn screen_pos(h: &egui_kittest::Harness<'static, crate::app::App>, id: u32) -> Pos2 {
        let view = &h.state().view.tree;
        let layout = view.layout();
        view.to_screen(
            view.rect.expect("drawn"),
            layout.x[id as usize],
            layout.depth[id as usize],
        )
    }

    #[test]
    fn the_tree_grows_and_shrinks_with_the_search_and_a_click_selects() {
        let mut h = tree_harness();
        for steps in 1..=3 {
            h.state_mut().apply(Command::Step);
            h.run();
            let app = h.state();
            let nodes = app.session.lane(0).search().node_count();
            assert_eq!(
                app.view.tree.tree().real_len(),
                nodes,
                "after {steps} steps"
            );
            let placed: usize = app.view.tree.layout().rows.iter().map(Vec::len).sum();
            assert_eq!(placed, nodes);
        }
        h.state_mut().apply(Command::StepBack);
        h.run();
        let nodes = h.state().session.lane(0).search().node_count();
        assert_eq!(h.state().view.tree.tree().real_len(), nodes);
        // Fitted: every node is inside the pane.
        let rect = h.state().view.tree.rect.unwrap();
        for id in 0..nodes as u32 {
            assert!(rect.contains(screen_pos(&h, id)), "S{id} off screen");
        }
        let pos = screen_pos(&h, 2);
        click(&mut h, pos, 1);
        assert_eq!(h.state().session.selected, Some(NodeId(2)));
    }

    #[test]
    fn double_click_folds_and_unfolds_a_subtree() {
        let mut h = tree_harness();
        for _ in 0..3 {
            h.state_mut().apply(Command::Step);
        }
        h.run();
        let nodes = h.state().session.lane(0).search().node_count();
        // S1 (the first child, expanded at step 2) has children.
        let pos = screen_pos(&h, 1);
        click(&mut h, pos, 2);
        let view = &h.state().view.tree;
        assert!(view.folds.contains(NodeId(1)));
        let placed: usize = view.layout().rows.iter().map(Vec::len).sum();
        assert_eq!(placed + view.tree().descendants(1), nodes);
        h.get_by_label("Unfold all").click();
        h.run();
        let placed: usize = h.state().view.tree.layout().rows.iter().map(Vec::len).sum();
        assert_eq!(placed, nodes);
    }

    /// The tree maximised after `steps` steps of `algorithm`, fitted to the pane.
    fn maximised_tree(
        algorithm: crate::search::Algorithm,
        heuristic: crate::domains::puzzle::HeuristicKind,
        steps: usize,
    ) -> egui_kittest::Harness<'static, crate::app::App> {
        let mut h = test_harness(Settings {
            show_tree: true,
            dark: false,
            config: crate::domains::puzzle::SearchConfig::with(algorithm, heuristic),
            ..Settings::default()
        });
        h.run();
        h.state_mut().apply(Command::Maximize(Some(Pane::Tree)));
        for _ in 0..steps {
            h.state_mut().apply(Command::Step);
        }
        h.run();
        h
    }

    fn snapshot_options() -> egui_kittest::SnapshotOptions {
        egui_kittest::SnapshotOptions::new()
            .threshold(2.0)
            .max_failed_pixels(400)
    }

    /// Bidirectional BFS on the default board: the goal's tree grows up toward the start's,
    /// and every node of both is placed.
    #[test]
    fn snapshot_bidirectional_trees_face_each_other() {
        use crate::domains::puzzle::HeuristicKind;
        use crate::search::Algorithm;
        let mut h = maximised_tree(Algorithm::BidirectionalBfs, HeuristicKind::Zero, 30);
        let app = h.state();
        let search = app.session.lane(0).search();
        let layout = app.view.tree.layout();
        let placed: usize = layout.rows.iter().map(Vec::len).sum();
        assert_eq!(placed, search.node_count());
        // The goal is on the last row, below every forward node.
        let goal = search.bidirectional().unwrap().backward_root;
        assert_eq!(layout.depth[goal.index()] as usize, layout.rows.len() - 1);
        assert!(search.solution().is_some(), "solved within 30 steps");
        h.snapshot_options("tree_bidirectional", &snapshot_options());
    }

    /// IDA* on the default board: the current path, and the children pruned by the threshold,
    /// faint with their f.
    #[test]
    fn snapshot_idastar_shows_its_path_and_pruned_children() {
        use crate::domains::puzzle::HeuristicKind;
        use crate::search::Algorithm;
        let mut h = maximised_tree(Algorithm::IdaStar, HeuristicKind::Manhattan, 3);
        h.get_by_label_contains("pruned (f > bound)");
        h.get_by_label_contains("current path");
        h.snapshot_options("tree_idastar", &snapshot_options());
    }

    /// The README's and the teaching guide's pictures of the tree, drawn by the window's own
    /// code at 1280x800: `cargo test --lib slow_docs_tree_screenshots -- --ignored` rewrites
    /// them in docs/.
    #[test]
    #[ignore = "slow: rewrites the screenshots in docs/"]
    fn slow_docs_tree_screenshots() {
        use crate::app::domain::DomainKind;
        use crate::app::grid_model::GridSettings;
        use crate::domains::puzzle::{HeuristicKind, SearchConfig};
        use crate::search::Algorithm;
        let shoot = |settings: Settings, steps: usize, maximise: bool, name: &str| {
            let mut h = test_harness(Settings {
                show_tree: true,
                dark: false,
                ..settings
            });
            h.run();
            if maximise {
                h.state_mut().apply(Command::Maximize(Some(Pane::Tree)));
            }
            for _ in 0..steps {
                h.state_mut().apply(Command::Step);
            }
            h.run();
            let image = h.render().expect("rendered");
            image
                .save(format!("{}/docs/{name}.png", env!("CARGO_MANIFEST_DIR")))
                .expect("saved");
        };
        // A 4x4 board 14 moves from the goal: A* with Manhattan distance after four steps.
        shoot(
            Settings {
                board_text: "1 2 0 3 5 6 8 4 9 10 7 11 13 14 15 12".to_owned(),
                goal_text: "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0".to_owned(),
                ..Settings::default()
            },
            4,
            true,
            "screenshot-tree-15",
        );
        shoot(
            Settings {
                domain: DomainKind::Grid,
                grid: GridSettings::default(),
                ..Settings::default()
            },
            4,
            false,
            "screenshot-grid-tree",
        );
        shoot(
            Settings {
                config: SearchConfig::with(Algorithm::BidirectionalBfs, HeuristicKind::Zero),
                ..Settings::default()
            },
            9,
            true,
            "screenshot-tree-bidirectional",
        );
        // The handout's picture: the PNG export of A* on the textbook board, in both languages.
        let problem = crate::domains::puzzle::Problem::new(
            "283104765".parse().unwrap(),
            "123804765".parse().unwrap(),
        )
        .unwrap();
        let mut search = crate::search::new_search(problem, SearchConfig::default());
        search.run(usize::MAX);
        for (language, name) in [
            (crate::i18n::Language::English, "tree-for-print"),
            (crate::i18n::Language::Chinese, "tree-for-print-zh"),
        ] {
            crate::i18n::set_language(language);
            let png = tree_png(search.as_ref(), TreeCut::default()).unwrap();
            std::fs::write(
                format!("{}/docs/{name}.png", env!("CARGO_MANIFEST_DIR")),
                png,
            )
            .unwrap();
        }
        crate::i18n::set_language(crate::i18n::Language::English);
        shoot(
            Settings {
                config: SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Manhattan),
                // Its first threshold falls short: the second iteration is under way.
                board_text: "102846753".to_owned(),
                ..Settings::default()
            },
            7,
            true,
            "screenshot-tree-idastar",
        );
    }

    #[test]
    fn exports_are_cut_as_the_pane_says_and_the_png_decodes() {
        let mut h = tree_harness();
        h.state_mut().apply(Command::RunToEnd);
        h.run();
        h.state_mut()
            .apply(Command::SetTreeExport { steps: 2, depth: 1 });
        h.run();
        let app = h.state();
        let search = app.session.lane(0).search();
        let cut = export_cut(&app.session.settings);
        let dot = app
            .view
            .tree
            .export(FileAction::TreeDot, search, cut)
            .unwrap();
        let dot = String::from_utf8(dot).unwrap();
        // After two steps the start and its children are expanded or open, their children
        // cut away at depth 1: the start and its four children.
        assert_eq!(dot.matches("[label=\"S").count(), 5, "{dot}");
        assert!(dot.contains("#1") && !dot.contains("#3"), "{dot}");
        let png = app
            .view
            .tree
            .export(FileAction::TreePng, search, cut)
            .unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let reader = decoder.read_info().unwrap();
        let info = reader.info();
        assert!(
            info.width >= 1440 && info.height > 300,
            "{}x{}",
            info.width,
            info.height
        );
    }

    #[test]
    fn the_table_tab_lists_every_step_and_the_tree_maximises() {
        let mut h = tree_harness();
        h.state_mut().apply(Command::RunToEnd);
        h.run();
        h.get_by_label("OPEN/CLOSED table").click();
        h.run();
        assert!(h.query_by_label("{S0}").is_some());
        assert!(h.query_by_label_contains("(goal)").is_some());
        h.state_mut().apply(Command::Maximize(Some(Pane::Tree)));
        h.run();
        assert_eq!(h.state().view.maximized, Some(Pane::Tree));
        assert!(h.query_by_label("Search tree").is_some());
    }

    /// eframe's storage in memory, as the window's settings file is read and written.
    #[derive(Default)]
    struct MemoryStorage(std::collections::HashMap<String, String>);

    impl eframe::Storage for MemoryStorage {
        fn get_string(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn set_string(&mut self, key: &str, value: String) {
            self.0.insert(key.to_owned(), value);
        }
        fn remove_string(&mut self, key: &str) {
            self.0.remove(key);
        }
        fn flush(&mut self) {}
    }

    /// The export limits typed beside the tree are kept in the settings, survive eframe's
    /// storage (RON), and a settings text from before they existed loads with no cut.
    #[test]
    fn export_limits_are_remembered_between_runs_of_the_app() {
        let mut h = tree_harness();
        h.run();
        h.state_mut()
            .apply(Command::SetTreeExport { steps: 7, depth: 3 });
        h.run();
        // The fields show the remembered values.
        let shown = |h: &egui_kittest::Harness<'static, crate::app::App>, label: &str| {
            h.get_by_label(label).accesskit_node().numeric_value()
        };
        assert_eq!(shown(&h, "first steps"), Some(7.0));
        assert_eq!(shown(&h, "depth ≤"), Some(3.0));
        let settings = h.state().session.settings.clone();
        let mut storage = MemoryStorage::default();
        eframe::set_value(&mut storage, "settings", &settings);
        assert!(storage.0["settings"].contains("tree_export_steps:7"));
        let back: Settings = eframe::get_value(&storage, "settings").unwrap();
        assert_eq!(back, settings);
        assert_eq!(
            export_cut(&back),
            TreeCut {
                max_steps: Some(7),
                max_depth: Some(3)
            }
        );
        storage.0.insert(
            "old".to_owned(),
            "(domain: Grid, zoom: 1.25, show_tree: true)".to_owned(),
        );
        let old: Settings = eframe::get_value(&storage, "old").unwrap();
        assert_eq!((old.zoom, old.show_tree), (1.25, true));
        assert_eq!((old.tree_export_steps, old.tree_export_depth), (0, 0));
        assert_eq!(export_cut(&old), TreeCut::default());
    }

    /// At 1920x1080 zoom 2 (960x540 points) with the setup rows open, the pane beside the
    /// lists is too short for the toolbar and a tree: it offers the tree maximised instead of
    /// drawing nothing, and the button shows it.
    #[test]
    fn a_pane_too_short_for_the_tree_offers_it_maximised() {
        let settings = Settings {
            show_tree: true,
            ..Settings::default()
        };
        let mut h = egui_kittest::Harness::builder()
            .with_size(egui::vec2(960.0, 540.0))
            .with_max_steps(200)
            .with_context_setup(crate::app::install_style)
            .build_ui_state(
                |ui, app: &mut crate::app::App| app.ui(ui),
                crate::app::App::new(settings),
            );
        h.run();
        assert_eq!(h.state().view.tree.rect, None);
        h.get_by_label("Maximise").click();
        h.run();
        assert_eq!(h.state().view.maximized, Some(Pane::Tree));
        let rect = h.state().view.tree.rect.expect("the tree drawn");
        assert!(rect.height() > 200.0, "{rect:?}");
    }

    /// Zoomed far in, a node's board is larger than the pane: nothing of it is painted outside
    /// the tree's rectangle (over the toolbar and the lists above).
    #[test]
    fn a_board_larger_than_the_pane_stays_inside_it() {
        let mut h = tree_harness();
        for _ in 0..4 {
            h.state_mut().apply(Command::Step);
        }
        h.run();
        let view = &mut h.state_mut().view.tree;
        view.fit = false;
        view.center_on(0);
        view.camera.scale = 400.0;
        h.run();
        let rect = h.state().view.tree.rect.expect("drawn");
        // Shapes centred in the tree but allowed to paint beyond it: the boards' tiles, before.
        let escaping: Vec<_> = h
            .output()
            .shapes
            .iter()
            .filter(|clipped| {
                let bounds = clipped.shape.visual_bounding_rect();
                rect.contains(bounds.center())
                    && !rect
                        .expand(1.0)
                        .contains_rect(bounds.intersect(clipped.clip_rect))
            })
            .map(|clipped| clipped.shape.visual_bounding_rect())
            .collect();
        assert!(escaping.is_empty(), "{rect:?}: {escaping:?}");
    }
}
