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

use super::model::arrangement::Pane;
use super::model::command::Command;
use super::model::domain::AnyProblem;
use super::model::files::FileAction;
use super::model::session::{RunMode, Session, Settings};
use super::model::text;
use super::palette;
use super::registry;
use super::widgets::{Hover, REPEAT_MARK};
use crate::i18n;
use crate::search::{Cost, NodeId, Search};
use crate::tree::Drawn;
use crate::tree::export::{TreeCut, tree_dot, tree_png, tree_svg, tree_tikz};
use crate::tree::layout::Layout;
use crate::tree::marks::{Highlight, Marks, Standing};
use crate::tree::model::{Folds, SearchTree, TreeNode, cost_text, facts, node_name, state};
use crate::tree::table::{Naming, StepTable, TABLE_STEPS};

/// The smallest label, in points, read from the back of a classroom: Fit never draws a tree
/// of up to [`PAN_NODES`] nodes smaller, and boards and costs are drawn only when they fit
/// beside a label this large.
const READABLE: f32 = 14.0;
/// Labels smaller than this are not drawn: the nodes are dots.
const MIN_LABEL: f32 = 7.0;
/// The largest label Fit chooses: a tree of a few nodes is not drawn as a poster.
const FIT_LABEL_MAX: f32 = 22.0;
/// Trees up to this many nodes are never fitted below [`READABLE`]: Fit shows the part around
/// the node being expanded instead, and the rest is a drag away.
const PAN_NODES: usize = 40;
/// A node's box may take this share of the distance between siblings...
const CELL_W: f32 = 0.9;
/// ...and of the distance between rows (the rest is room for the edges).
const CELL_H: f32 = 0.8;
/// Room left around a fitted tree, in points.
const FIT_MARGIN: f32 = 4.0;

/// A tree pane shorter than this shows only a button that maximises it.
const MIN_PANE_HEIGHT: f32 = 140.0;

/// Tree or table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TreeTab {
    #[default]
    Tree,
    Table,
}

/// Where the view looks: the layout point at the centre, points per unit each way, and the
/// largest label; zooming scales the three together, so the text grows with the boxes.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Camera {
    x: f64,
    /// In rows.
    y: f64,
    /// Points between the centres of two siblings.
    sx: f64,
    /// Points between two rows.
    sy: f64,
    /// The label's size in points when the boxes have room for it.
    text: f64,
}

impl Camera {
    /// Zooms by `factor` keeping the layout point under `offset` (from the centre) in place.
    fn zoom(&mut self, factor: f64, offset: Vec2) {
        let factor = factor.clamp(0.002 / self.sx, 4000.0 / self.sx);
        let (px, py) = (f64::from(offset.x), f64::from(offset.y));
        let before = (self.x + px / self.sx, self.y + py / self.sy);
        self.sx *= factor;
        self.sy *= factor;
        self.text *= factor;
        self.x = before.0 - px / self.sx;
        self.y = before.1 - py / self.sy;
    }
}

/// How much of a node is drawn, from the least to the most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Detail {
    /// A dot in the node's colour.
    Dot,
    /// A box with the node's name and expansion number.
    Name,
    /// The name over its g, h and f.
    Costs,
    /// The state (a board, or a map's cell) beside the name and g, h, f.
    State,
}

impl Detail {
    /// The box's width and height in units of its label's size, for names and costs lines
    /// `text` wide.
    fn box_size(self, text: TextWidths) -> (f32, f32) {
        let lines = text.name.max(text.costs);
        match self {
            Detail::Dot => (0.0, 0.0),
            Detail::Name => (text.name, 1.5),
            Detail::Costs => (lines, 2.5),
            // A board 2.7 labels high at the left, the text beside it.
            Detail::State => (3.2 + lines, 3.0),
        }
    }
}

/// The widest name and the widest line of g, h and f, in units of the label's size, with a
/// little room either side.
#[derive(Clone, Copy, Debug, PartialEq)]
struct TextWidths {
    name: f32,
    costs: f32,
}

/// What the camera's scale lets a node show: the detail, the label's size and the box.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Look {
    detail: Detail,
    text: f32,
    size: Vec2,
}

impl Look {
    /// The richest detail whose box fits the room a node has between its neighbours with a
    /// readable label; failing that, names as large as fits, or dots.
    fn of(camera: &Camera, name: TextWidths) -> Look {
        let (room_w, room_h) = (camera.sx as f32 * CELL_W, camera.sy as f32 * CELL_H);
        let text_for = |detail: Detail| {
            let (w, h) = detail.box_size(name);
            (room_w / w).min(room_h / h).min(camera.text as f32)
        };
        let look = |detail: Detail, text: f32| {
            let (w, h) = detail.box_size(name);
            Look {
                detail,
                text,
                size: Vec2::new(w, h) * text,
            }
        };
        for detail in [Detail::State, Detail::Costs, Detail::Name] {
            let text = text_for(detail);
            // Fit sets the scale for exactly a readable label: rounding must not lose it.
            if text >= READABLE - 1e-3 {
                return look(detail, text);
            }
        }
        match text_for(Detail::Name) {
            text if text >= MIN_LABEL => look(Detail::Name, text),
            _ => look(Detail::Dot, 0.0),
        }
    }
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
    /// The whole pane (toolbar, colour key and tree) the last time it was drawn.
    pub pane_rect: Rect,
    /// The size in points of the node labels drawn in the last frame (0 if none were).
    pub label_points: f32,
    /// Whether the last frame drew the nodes' boards (or a map's cells).
    pub boards_drawn: bool,
    /// Whether the last frame wrote g, h and f (or why a child was pruned) in the boxes.
    pub costs_drawn: bool,
    /// The tree's size the last time it was drawn, so Fit follows the pane's size.
    rect_size: Vec2,
    /// The longest line of g, h and f among the nodes, in characters.
    costs_chars: usize,
    /// Whether the colour key fitted in the toolbar's row last frame (else it is in the
    /// options menu).
    key_inline: bool,
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
                sx: 130.0,
                sy: 75.0,
                text: 16.0,
            },
            fit: true,
            shown: None,
            table: None,
            rect: None,
            pane_rect: Rect::NOTHING,
            label_points: 0.0,
            boards_drawn: false,
            costs_drawn: false,
            rect_size: Vec2::ZERO,
            key_inline: true,
            costs_chars: 0,
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
        // The longest line of costs, from the first nodes and the last (the deepest, with the
        // largest g): a map's costs have decimals, and a box must hold them.
        let n = search.node_count();
        self.costs_chars = (0..n.min(300))
            .chain(n.saturating_sub(300)..n)
            .map(|i| costs_line(&facts(search, NodeId(i as u32))).len())
            .max()
            .unwrap_or(0);
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
        let text = 18.0;
        let (w, h) = Detail::State.box_size(self.name_width());
        self.camera.sx = f64::from(w * text / CELL_W) * 1.1;
        self.camera.sy = f64::from(h * text / CELL_H) * 1.1;
        self.camera.text = f64::from(text);
        self.shown = None;
    }

    fn center_on(&mut self, dense: u32) {
        if self.layout.placed(dense) {
            self.camera.x = self.layout.x[dense as usize];
            self.camera.y = f64::from(self.layout.depth[dense as usize]);
        }
    }

    /// What a node shows at the camera's scale.
    fn look(&self) -> Look {
        Look::of(&self.camera, self.name_width())
    }

    /// The widest label's width in units of its size, with a little room either side: a board
    /// written out, or "S12 #13" with as many digits as the tree's largest number.
    fn name_width(&self) -> TextWidths {
        let name = if self.board_names {
            7.6
        } else {
            let digits = self.tree.len().max(1).ilog10() + 1;
            1.6 + 1.15 * digits as f32
        };
        // The costs are written a little smaller than the name.
        let costs = (0.36 * self.costs_chars as f32 + 0.4).max(5.0);
        TextWidths { name, costs }
    }

    /// Chooses the camera for a pane of `size`: the richest detail at which the whole tree fits
    /// with readable labels, as large as fits up to [`FIT_LABEL_MAX`]. A tree of up to
    /// [`PAN_NODES`] nodes too wide (or deep) for readable labels keeps them readable and is
    /// shown around the node being expanded, `current`; a larger one is shrunk to fit whole.
    fn fit_to(&mut self, size: Vec2, current: Option<NodeId>) {
        let layout = &self.layout;
        if layout.rows.is_empty() {
            return;
        }
        let span = (layout.max_x - layout.min_x) as f32;
        let gaps = (layout.rows.len() - 1) as f32;
        let (w, h) = (size.x - 2.0 * FIT_MARGIN, size.y - 2.0 * FIT_MARGIN);
        let name = self.name_width();
        let box_size = |detail: Detail| detail.box_size(name);
        // The largest label at which the tree's width, and its height, fit at this detail,
        // each box as close to its neighbours as the room it may take allows.
        let fits = |detail: Detail| {
            let (bw, bh) = box_size(detail);
            let across = w / (bw * (span / CELL_W + 1.0));
            let down = h / (bh * (gaps / CELL_H + 1.0));
            (across, down)
        };
        let nodes: usize = layout.rows.iter().map(Vec::len).sum();
        let mut whole = None;
        for detail in [Detail::State, Detail::Costs, Detail::Name] {
            let (across, down) = fits(detail);
            if across.min(down) >= READABLE {
                whole = Some((detail, across.min(down).min(FIT_LABEL_MAX)));
                break;
            }
        }
        let centre = ((layout.min_x + layout.max_x) / 2.0, f64::from(gaps) / 2.0);
        let (detail, text, focus) = match whole {
            Some((detail, text)) => (detail, text, centre),
            None if nodes <= PAN_NODES => {
                // Readable, and as much shown as the height allows.
                let detail = [Detail::State, Detail::Costs]
                    .into_iter()
                    .find(|&d| fits(d).1 >= READABLE)
                    .unwrap_or(Detail::Name);
                let focus = current
                    .filter(|id| layout.placed(id.0))
                    .map_or((0.0, 0.0), |id| {
                        (layout.x[id.index()], f64::from(layout.depth[id.index()]))
                    });
                (detail, READABLE, focus)
            }
            None => (
                Detail::Name,
                fits(Detail::Name).0.min(fits(Detail::Name).1),
                centre,
            ),
        };
        let (bw, bh) = box_size(detail);
        let (box_w, box_h) = (bw * text, bh * text);
        // Each box may take only part of the distance to its neighbours; where the pane has
        // more room the tree spreads out, but no further than makes its families hard to tell.
        let spread = |least: f32, room: f32, gaps: f32| {
            if gaps > 0.0 {
                (room / gaps).clamp(least, least * 1.6)
            } else {
                least
            }
        };
        let sx = if text >= MIN_LABEL {
            spread(box_w / CELL_W, w - box_w, span)
        } else {
            // Dots: the tree's width fills the pane.
            (w / (span + 1.0)).max(0.002)
        };
        let sy = if text >= MIN_LABEL {
            spread(box_h / CELL_H, h - box_h, gaps)
        } else {
            (h / (gaps + 1.0)).max(0.002)
        };
        let (sx, sy) = (f64::from(sx), f64::from(sy));
        // Shown in part: the focus as near the middle as keeps the tree's ends at the pane's.
        let clamp_to = |focus: f64, lo: f64, hi: f64, half: f64| {
            if hi - lo <= 2.0 * half {
                (lo + hi) / 2.0
            } else {
                focus.clamp(lo + half, hi - half)
            }
        };
        let half_w = f64::from(w - box_w) / 2.0 / sx;
        let half_h = f64::from(h - box_h) / 2.0 / sy;
        self.camera = Camera {
            x: clamp_to(focus.0, layout.min_x, layout.max_x, half_w),
            y: clamp_to(focus.1, 0.0, f64::from(gaps), half_h),
            sx,
            sy,
            text: f64::from(text),
        };
    }

    fn to_screen(&self, rect: Rect, x: f64, depth: u32) -> Pos2 {
        let c = rect.center();
        Pos2::new(
            c.x + ((x - self.camera.x) * self.camera.sx) as f32,
            c.y + ((f64::from(depth) - self.camera.y) * self.camera.sy) as f32,
        )
    }

    /// The node whose box is under `pos`, if any.
    fn node_at(&self, rect: Rect, pos: Pos2) -> Option<u32> {
        let c = rect.center();
        let x = self.camera.x + f64::from(pos.x - c.x) / self.camera.sx;
        let y = self.camera.y + f64::from(pos.y - c.y) / self.camera.sy;
        let depth = (y + 0.5).floor();
        if depth < 0.0 {
            return None;
        }
        // Nodes are drawn at least 3 points wide however far out the view is.
        let size = self.look().size;
        let half = f64::from(size.x / 2.0).max(3.0) / self.camera.sx;
        let dy = (y - depth) * self.camera.sy;
        if dy.abs() > f64::from(size.y / 2.0).max(3.0) {
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
    view.pane_rect = ui.available_rect_before_wrap();
    view.label_points = 0.0;
    view.boards_drawn = false;
    view.costs_drawn = false;
    if ui.available_height() < MIN_PANE_HEIGHT {
        // The toolbar and the colour key would fill it and leave the tree no room at all
        // (1920x1080 at zoom 2 with the setup rows open): one click shows it maximised.
        view.rect = None;
        ui.horizontal_wrapped(|ui| {
            super::widgets::word(ui, RichText::new(t.pane_tree).strong());
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
    // One wrapped row for the controls and the colour key: every line of chrome is a line
    // the tree's rows do not get. What a lesson rarely changes is under Options.
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut view.tab, TreeTab::Tree, t.tree_tab);
        ui.selectable_value(&mut view.tab, TreeTab::Table, t.table_tab);
        ui.separator();
        if view.tab == TreeTab::Tree {
            if ui
                .button(t.tree_fit)
                .on_hover_text(t.tree_fit_hint)
                .clicked()
            {
                view.fit = true;
                view.layout_of = None;
            }
            for (word, hint, factor) in [
                ("−", t.tree_zoom_out_hint, 1.0 / 1.25),
                ("+", t.tree_zoom_in_hint, 1.25),
            ] {
                if ui.button(word).on_hover_text(hint).clicked() {
                    view.camera.zoom(factor, Vec2::ZERO);
                    view.fit = false;
                }
            }
            ui.checkbox(&mut view.follow, t.tree_follow)
                .on_hover_text(t.tree_follow_hint);
            if !view.folds.is_empty() && ui.button(t.tree_unfold_all).clicked() {
                view.folds.clear();
            }
        }
        let key_inline = view.key_inline;
        ui.menu_button(t.tree_options, |ui| {
            ui.checkbox(&mut view.board_names, t.tree_board_names);
            if view.tab == TreeTab::Tree {
                ui.checkbox(&mut view.duplicates, t.tree_duplicates)
                    .on_hover_text(t.tree_duplicates_hint);
                ui.separator();
                ui.horizontal(|ui| export_limits(ui, &session.settings, commands));
                if !key_inline {
                    ui.separator();
                    legend(ui, search, Room::Menu);
                }
            }
        });
        if view.tab == TreeTab::Tree {
            view.key_inline = legend(ui, search, Room::Row);
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
        view.camera.x -= f64::from(delta.x) / view.camera.sx;
        view.camera.y -= f64::from(delta.y) / view.camera.sy;
        view.fit = false;
    }
    if response.hovered() {
        let (zoom, scroll) = ui.input(|i| (i.zoom_delta(), i.smooth_scroll_delta.y));
        let factor = f64::from(zoom) * (f64::from(scroll) * 0.003).exp();
        if (factor - 1.0).abs() > 1e-4
            && let Some(pos) = response.hover_pos()
        {
            view.camera.zoom(factor, pos - rect.center());
            view.fit = false;
        }
    }
    let current = search.closed().last().copied();
    // Refitted when the pane changes size too (maximised, restored, the window resized).
    if view.fit && (changed || view.rect_size != rect.size()) {
        view.fit_to(rect.size(), current);
    }
    view.rect_size = rect.size();
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
    if let Some(look) = draw(&clipped, &painter, rect, search, view, &marks, hover) {
        view.label_points = look.text;
        view.boards_drawn = look.detail == Detail::State;
        view.costs_drawn = matches!(look.detail, Detail::State | Detail::Costs);
    }

    if let Some(pos) = response.hover_pos()
        && let Some(dense) = view.node_at(rect, pos)
    {
        let id = match view.tree.node_at(dense) {
            TreeNode::Node(id) => id,
            TreeNode::Duplicate(k) => view.tree.duplicates()[k as usize].of,
        };
        hover.saw(id);
        if let TreeNode::Node(id) = view.tree.node_at(dense)
            && let Some(first) = search.repeat_of(id)
        {
            response
                .clone()
                .on_hover_text_at_pointer(text::repeat_of(&node_name(first)));
        }
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

/// Where the colour key is drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Room {
    /// At the end of the toolbar's row, if it fits there.
    Row,
    /// In the options menu, one entry a line.
    Menu,
}

/// The colour key (with the pruned nodes and the current path for a depth-first search, the
/// meeting for a bidirectional one) and the help. In the toolbar's row only when the whole key
/// fits there (a second row of chrome is a row of the tree's nodes fewer), else nothing is
/// drawn and the key is in the options menu. Returns whether it was drawn.
fn legend(ui: &mut Ui, search: &dyn Search<AnyProblem>, room: Room) -> bool {
    let t = text::t();
    let depth_first = search.depth_first().is_some();
    let bidirectional = search.bidirectional().is_some();
    let entries: Vec<(Color32, &str)> = [
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
    ]
    .into_iter()
    .filter(|entry| entry.2)
    .map(|(color, word, _)| (color, word))
    .collect();
    let font = egui::TextStyle::Small.resolve(ui.style());
    let galleys: Vec<_> = entries
        .iter()
        .map(|&(_, word)| {
            ui.painter()
                .layout_no_wrap(word.to_owned(), font.clone(), ui.visuals().text_color())
        })
        .collect();
    if room == Room::Row {
        let spacing = ui.spacing().item_spacing.x;
        let width: f32 = galleys
            .iter()
            .map(|g| KEY_SWATCH + 4.0 + g.size().x + spacing)
            .sum::<f32>()
            // The separator and the help's "?".
            + 3.0 * spacing
            + 2.0 * font.size;
        // What is left of the row (a wrapped row's available width is the whole row's).
        if width > ui.max_rect().right() - ui.cursor().min.x {
            return false;
        }
        ui.separator();
    }
    for (&(color, word), galley) in entries.iter().zip(&galleys) {
        key_entry(ui, color, word, galley.clone());
    }
    match room {
        Room::Row => {
            ui.label(RichText::new("?").strong())
                .on_hover_text(t.tree_help);
        }
        Room::Menu => {
            ui.separator();
            ui.label(t.tree_help);
        }
    }
    true
}

/// A colour key's swatch.
const KEY_SWATCH: f32 = 10.0;

/// One entry of the colour key, a swatch and its word as one widget, so a wrapping row never
/// parts them.
fn key_entry(ui: &mut Ui, color: Color32, word: &str, galley: std::sync::Arc<egui::Galley>) {
    let size = Vec2::new(
        KEY_SWATCH + 4.0 + galley.size().x,
        galley.size().y.max(KEY_SWATCH),
    );
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, word));
    let swatch = Rect::from_center_size(
        Pos2::new(rect.left() + KEY_SWATCH / 2.0, rect.center().y),
        Vec2::splat(KEY_SWATCH),
    );
    ui.painter().rect_filled(swatch, 2.0, color);
    let at = Pos2::new(
        swatch.right() + 4.0,
        rect.center().y - galley.size().y / 2.0,
    );
    ui.painter().galley(at, galley, ui.visuals().text_color());
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

/// Paints the visible part of the tree as [`Look::of`] says: boards and costs when zoomed in,
/// names further out, dots (one per pixel run) when far out. Returns how the nodes were drawn,
/// if any was.
fn draw(
    ui: &Ui,
    painter: &egui::Painter,
    rect: Rect,
    search: &dyn Search<AnyProblem>,
    view: &TreeView,
    marks: &ViewMarks,
    hover: &Hover,
) -> Option<Look> {
    let layout = &view.layout;
    let (sx, sy) = (view.camera.sx, view.camera.sy);
    let look = view.look();
    let half_w = f64::from(rect.width()) / 2.0 / sx;
    let (lo, hi) = (view.camera.x - half_w - 1.0, view.camera.x + half_w + 1.0);
    let top = (view.camera.y - f64::from(rect.height()) / 2.0 / sy - 1.0).floor();
    let bottom = (view.camera.y + f64::from(rect.height()) / 2.0 / sy + 1.0).ceil();
    let rows = (top.max(0.0) as usize)..(bottom.max(0.0) as usize).min(layout.rows.len());
    let strokes = EdgeStrokes {
        plain: Stroke::new(1.0, ui.visuals().weak_text_color().gamma_multiply(0.7)),
        solution: Stroke::new(3.5, solution_color(ui)),
        path: Stroke::new(3.0, path_color()),
        faint: Stroke::new(1.0, pruned_color(ui).gamma_multiply(0.6)),
    };
    let placed = |v: u32| layout.placed(v);
    let pos_of = |v: u32| view.to_screen(rect, layout.x[v as usize], layout.depth[v as usize]);

    if look.detail == Detail::Dot && sx < 6.0 {
        // Far out: per row, one dot per run of nodes closer than two pixels; edges only along
        // the solution.
        let radius = (sx as f32 * 0.4).clamp(1.0, 2.5);
        for d in rows.clone() {
            let row = layout.row_between(d, lo, hi);
            let mut i = 0;
            while i < row.len() {
                let v = row[i];
                let p = pos_of(v);
                let color = node_color(ui, search, view, marks, v);
                // Skip to the first node at least two pixels to the right.
                let next_x = layout.x[v as usize] + 2.0 / sx;
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
        return None;
    }

    // Edges: each visible node to its children, and to its parent when the parent is not
    // visible (so an edge is drawn once).
    let visible = |v: u32| {
        let x = layout.x[v as usize];
        let d = layout.depth[v as usize] as usize;
        x >= lo && x <= hi && rows.contains(&d)
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
                            &look,
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
                    &look,
                    &strokes,
                );
            }
        }
    }
    meeting_link(painter, view, marks, &pos_of, look.size.y);
    let mut drawn = false;
    for d in rows {
        for &v in layout.row_between(d, lo, hi) {
            drawn |= node_box(
                ui,
                painter,
                rect,
                (search, view, marks, hover),
                &look,
                v,
                pos_of(v),
            );
        }
    }
    drawn.then_some(look)
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
/// labelled with the move when the boards are drawn and the rows have room for it.
fn edge_line(
    ui: &Ui,
    painter: &egui::Painter,
    (view, search, marks): (&TreeView, &dyn Search<AnyProblem>, &ViewMarks),
    [parent, child]: [Pos2; 2],
    dense: u32,
    look: &Look,
    strokes: &EdgeStrokes,
) {
    let box_h = look.size.y;
    let down = if child.y >= parent.y { 1.0 } else { -1.0 };
    let from = parent + Vec2::new(0.0, down * box_h / 2.0);
    let to = child - Vec2::new(0.0, down * box_h / 2.0);
    let (stroke, action) = match view.tree.node_at(dense) {
        TreeNode::Node(id) => (
            if marks.search.on_solution(id) {
                strokes.solution
            } else if marks.search.on_path(id) {
                strokes.path
            } else if facts(search, id).pruned || facts(search, id).forgotten {
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
    // Moves are written where the boards are drawn and the gap between rows holds a line:
    // elsewhere they would cover the boxes.
    let font = FontId::proportional(look.text * 0.8);
    let gap = view.camera.sy as f32 - box_h;
    if look.detail == Detail::State
        && gap >= font.size * 1.6
        && let Some(action) = action
    {
        let mid = from + (to - from) * 0.5;
        let galley = painter.layout_no_wrap(action.words(), font, ui.visuals().text_color());
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
            Standing::Pruned | Standing::Forgotten => pruned_color(ui),
            Standing::Duplicate => palette::DUPLICATE.gamma_multiply(0.6),
        },
    }
}

/// One node as `look` says: a box with its name and expansion number; under it its g, h and f
/// when there is room; its board (or cell) beside them when there is more; its border coloured
/// by what it is. A pruned node is drawn faint, with its f against the bound. Returns whether
/// any of it is in `rect`.
fn node_box(
    ui: &Ui,
    painter: &egui::Painter,
    rect: Rect,
    (search, view, marks, hover): (&dyn Search<AnyProblem>, &TreeView, &ViewMarks, &Hover),
    look: &Look,
    dense: u32,
    center: Pos2,
) -> bool {
    let r = Rect::from_center_size(center, look.size.max(Vec2::splat(6.0)));
    if !rect.intersects(r) {
        return false;
    }
    let node = view.tree.node_at(dense);
    let (id, duplicate) = match node {
        TreeNode::Node(id) => (id, false),
        TreeNode::Duplicate(k) => (view.tree.duplicates()[k as usize].of, true),
    };
    let node_facts = facts(search, id);
    let color = node_color(ui, search, view, marks, dense);
    let current = marks.search.current == Some(id) && !duplicate;
    if look.detail == Detail::Dot {
        // Too small for text: a dot in the node's colour, ringed when hovered or selected.
        let radius = (view.camera.sx as f32 * 0.3).clamp(2.0, 6.0);
        painter.circle_filled(center, radius, color);
        if hover.is(id) || marks.selected == Some(id) {
            painter.circle_stroke(
                center,
                radius + 2.5,
                Stroke::new(2.0, ui.visuals().selection.stroke.color),
            );
        }
        return true;
    }
    let faint = duplicate || node_facts.pruned || node_facts.forgotten;
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
    // A tree search's node whose state an earlier node has: its outline dashed and marked,
    // a copy rather than a node of a state of its own.
    let repeat = match node {
        TreeNode::Node(id) => search.repeat_of(id),
        TreeNode::Duplicate(_) => None,
    };
    let outline = if repeat.is_some() {
        Stroke::NONE
    } else {
        Stroke::new(width, color)
    };
    painter.rect(r, CornerRadius::same(4), fill, outline, StrokeKind::Inside);
    if repeat.is_some() {
        let edge = r.shrink(width / 2.0);
        let corners = [
            edge.left_top(),
            edge.right_top(),
            edge.right_bottom(),
            edge.left_bottom(),
            edge.left_top(),
        ];
        let dash = (look.text * 0.5).max(3.0);
        painter.extend(egui::Shape::dashed_line(
            &corners,
            Stroke::new(width, color),
            dash,
            dash * 0.6,
        ));
        painter.text(
            r.right_top() + Vec2::new(-look.text * 0.1, look.text * 0.1),
            Align2::RIGHT_TOP,
            REPEAT_MARK,
            FontId::monospace(look.text * 0.8),
            color,
        );
    }
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
    let label = look.text;
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
    let costs = || {
        if duplicate {
            text::t().legend_duplicate.to_owned()
        } else if let Some(pruned) = pruned.clone() {
            pruned
        } else {
            costs_line(&node_facts)
        }
    };
    let pad = label * 0.15;
    // The text's column: the whole box, or the part right of the board.
    let column = match look.detail {
        Detail::State => {
            let side = r.height() - 2.0 * pad;
            let board_rect = Rect::from_min_size(r.min + Vec2::splat(pad), Vec2::splat(side));
            let goal = search.problem().goal();
            registry::view_of(search.problem().kind()).paint_state(
                ui,
                board_rect,
                search.problem(),
                &state(search, id),
                &goal,
            );
            if faint {
                // Faded, as a textbook greys out what the search cut off or threw away.
                painter.rect_filled(
                    board_rect.expand(1.0),
                    0.0,
                    ui.visuals().panel_fill.gamma_multiply(0.65),
                );
            }
            Rect::from_min_max(
                Pos2::new(board_rect.right() + pad * 1.3, r.top() + pad),
                r.max - Vec2::splat(pad),
            )
        }
        _ => r.shrink(pad),
    };
    let lines = match look.detail {
        Detail::Name => vec![(title, label)],
        // The costs a little smaller than the name, and narrowed to the box if long (a map's
        // costs have decimals).
        _ => vec![(title, label), (costs(), label * 0.85)],
    };
    let gap = label * 0.12;
    let galleys: Vec<_> = lines
        .into_iter()
        .enumerate()
        .map(|(i, (line, size))| {
            let galley =
                painter.layout_no_wrap(line.clone(), FontId::proportional(size), text_color);
            if i > 0 && galley.size().x > column.width() {
                let narrower = (size * column.width() / galley.size().x).max(size * 0.7);
                painter.layout_no_wrap(line, FontId::proportional(narrower), text_color)
            } else {
                galley
            }
        })
        .collect();
    let height: f32 =
        galleys.iter().map(|g| g.size().y).sum::<f32>() + gap * (galleys.len() as f32 - 1.0);
    let mut y = column.center().y - height / 2.0;
    for galley in galleys {
        let at = Pos2::new(column.center().x - galley.size().x / 2.0, y);
        y += galley.size().y + gap;
        painter.galley(at, galley, text_color);
    }
    if let TreeNode::Node(id) = node
        && view.folds.contains(id)
    {
        let hidden = view.tree.descendants(dense);
        painter.text(
            Pos2::new(r.center().x, r.bottom() + label * 0.7),
            Align2::CENTER_CENTER,
            format!("+{hidden}"),
            FontId::proportional(label),
            color,
        );
    }
    true
}

/// A node's g, h and f as its box writes them.
fn costs_line<A>(node: &crate::tree::model::NodeFacts<A>) -> String {
    format!("g={} h={} f={}", node.g, node.h, cost_text(node.f))
}

/// The OPEN/CLOSED table up to the current step (at most [`TABLE_STEPS`] rows).
fn table(ui: &mut Ui, search: &dyn Search<AnyProblem>, view: &mut TreeView) {
    let table = match &mut view.table {
        Some(table) if table.follows(search.problem(), search.config()) => table,
        slot => slot.insert(StepTable::new(search.problem().clone(), *search.config())),
    };
    table.seek(search.steps().min(TABLE_STEPS));
    let naming = if view.board_names {
        Naming::State
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
            Naming::State
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
    use egui_kittest::kittest::{NodeT, Queryable};

    use super::*;
    use crate::app::puzzle::puzzle_model::PuzzleSettings;
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
            crate::app::press_at(h, pos);
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

    /// A tree search's node whose state an earlier node has names that node on hover.
    #[test]
    fn a_repeated_state_names_its_first_node_on_hover() {
        use crate::domains::puzzle::{HeuristicKind, SearchConfig};
        use crate::search::{Algorithm, Repeats};
        let mut h = test_harness(Settings {
            show_tree: true,
            puzzle: PuzzleSettings {
                config: SearchConfig {
                    repeats: Repeats::Tree,
                    ..SearchConfig::with(Algorithm::AStar, HeuristicKind::Manhattan)
                },
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        h.run();
        for _ in 0..2 {
            h.state_mut().apply(Command::Step);
            h.run();
        }
        let search = h.state().session.lane(0).search();
        let (repeat, first) = (0..search.node_count() as u32)
            .find_map(|id| Some((id, search.repeat_of(NodeId(id))?)))
            .expect("the second expansion generates the start again");
        let hint = text::repeat_of(&node_name(first));
        assert!(h.query_by_label_contains(&hint).is_none());
        let pos = screen_pos(&h, repeat);
        for _ in 0..60 {
            h.input_mut().events.push(egui::Event::PointerMoved(pos));
            h.step();
        }
        h.run();
        assert!(h.query_all_by_label_contains(&hint).count() > 0);
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
            puzzle: PuzzleSettings {
                config: crate::domains::puzzle::SearchConfig::with(algorithm, heuristic),
                ..PuzzleSettings::default()
            },
            show_tree: true,
            dark: false,
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

    /// The README's pictures of the tree exported for print, in both languages:
    /// `cargo test --lib slow_docs_tree_exports -- --ignored` rewrites them in docs/. (The
    /// window's own pictures are taken by the guide walk's `slow_readme_screenshots`.)
    #[test]
    #[ignore = "slow: rewrites the print exports in docs/"]
    fn slow_docs_tree_exports() {
        use crate::domains::puzzle::SearchConfig;
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
    use crate::app::MemoryStorage;

    /// The export limits typed beside the tree are kept in the settings, survive eframe's
    /// storage (RON), and a settings text from before they existed loads with no cut.
    #[test]
    fn export_limits_are_remembered_between_runs_of_the_app() {
        let mut h = tree_harness();
        h.run();
        h.state_mut()
            .apply(Command::SetTreeExport { steps: 7, depth: 3 });
        h.run();
        // The fields, in the options menu, show the remembered values.
        h.get_by_label("Options").click();
        h.run();
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

    /// A window so short that even a third of it is too short for the toolbar and a tree
    /// (960x400 points with the setup rows open): the pane offers the tree maximised instead of
    /// drawing nothing, and the button shows it.
    #[test]
    fn a_pane_too_short_for_the_tree_offers_it_maximised() {
        let settings = Settings {
            show_tree: true,
            ..Settings::default()
        };
        let mut h = egui_kittest::Harness::builder()
            .with_size(egui::vec2(960.0, 400.0))
            .with_max_steps(200)
            .with_context_setup(crate::app::install_style)
            .build_ui_state(
                |ui, app: &mut crate::app::App| app.ui(ui),
                crate::app::App::new(settings),
            );
        h.run();
        assert_eq!(h.state().view.tree.rect, None);
        assert_eq!(h.state().view.lower_hidden, Some(Pane::Tree));
        h.get_by_label("Show the tree (F)").click();
        h.run();
        assert_eq!(h.state().view.maximized, Some(Pane::Tree));
        let rect = h.state().view.tree.rect.expect("the tree drawn");
        assert!(rect.height() > 100.0, "{rect:?}");
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
        view.camera.zoom(400.0 / view.camera.sx, Vec2::ZERO);
        h.run();
        let rect = h.state().view.tree.rect.expect("drawn");
        // Shapes centred in the tree but allowed to paint beyond it: the boards' tiles, before.
        let escaping: Vec<_> = h
            .output()
            .shapes
            .iter()
            .filter(|clipped| {
                // What is painted of a shape centred in the tree: a shape of the lists above,
                // clipped to them, paints nothing in the tree and is not the tree's, nor is the
                // panel's frame around the whole column.
                let bounds = clipped.shape.visual_bounding_rect();
                let painted = bounds.intersect(clipped.clip_rect);
                rect.contains(bounds.center())
                    && painted.intersects(rect)
                    && !bounds.contains_rect(rect)
                    && !rect.expand(1.0).contains_rect(painted)
            })
            .map(|clipped| clipped.shape.visual_bounding_rect())
            .collect();
        assert!(escaping.is_empty(), "{rect:?}: {escaping:?}");
    }

    /// The window at `size` points (1280x800 at zoom 1.5 is 853x533, 1920x1080 at zoom 2 is
    /// 960x540), the tree beside the lists or maximised, after `steps` steps; Fit is on, as it
    /// is until the user pans or zooms. Chinese finds the system's fonts.
    fn classroom(
        size: Vec2,
        settings: Settings,
        steps: usize,
        maximised: bool,
    ) -> egui_kittest::Harness<'static, crate::app::App> {
        let provider = crate::app::fonts::system_provider();
        let cjk = crate::app::CjkFont::known(crate::app::fonts::has_chinese(provider.as_ref()));
        let mut h = egui_kittest::Harness::builder()
            .with_size(size)
            .with_max_steps(200)
            .with_context_setup(move |ctx| {
                crate::app::install_style(ctx);
                ctx.add_font_provider(provider.clone());
            })
            .build_ui_state(
                |ui, app: &mut crate::app::App| app.ui(ui),
                crate::app::App::new(settings).with_cjk_font(cjk),
            );
        h.run();
        if maximised {
            h.state_mut().apply(Command::Maximize(Some(Pane::Tree)));
        }
        for _ in 0..steps {
            h.state_mut().apply(Command::Step);
        }
        h.run();
        h
    }

    /// The tree shown beside the lists for `algorithm` on the default board (A* with Manhattan
    /// distance, the others blind).
    fn lesson(algorithm: crate::search::Algorithm) -> Settings {
        use crate::domains::puzzle::{HeuristicKind, SearchConfig};
        let heuristic = match algorithm {
            crate::search::Algorithm::AStar => HeuristicKind::Manhattan,
            _ => HeuristicKind::Zero,
        };
        Settings {
            puzzle: PuzzleSettings {
                config: SearchConfig::with(algorithm, heuristic),
                ..PuzzleSettings::default()
            },
            show_tree: true,
            ..Settings::default()
        }
    }

    const CLASSROOM_SIZES: [Vec2; 2] = [Vec2::new(853.0, 533.0), Vec2::new(960.0, 540.0)];
    /// A window that shows the tree beside the lists with their rows whole (at 1024x768 the
    /// setup's rows leave the tree short of its third, and it is offered maximised).
    const BESIDE_LISTS: Vec2 = Vec2::new(1280.0, 800.0);

    /// At a classroom's sizes, Fit draws lesson-sized trees (ten nodes of A*, about forty of
    /// breadth-first search) with labels of at least 14 points, maximised and beside the lists
    /// where the lists keep their rows (at 1280x800; on a projector the tree is offered
    /// maximised instead); the ten-node tree maximised shows its boards; beside the lists the
    /// pane has a third of the window.
    #[test]
    fn fit_draws_readable_labels_and_boards_at_classroom_sizes() {
        use crate::search::Algorithm;
        let mut failures = Vec::new();
        for size in CLASSROOM_SIZES.into_iter().chain([BESIDE_LISTS]) {
            for (algorithm, steps, nodes) in [
                (Algorithm::AStar, 4, 10..=10),
                (Algorithm::BreadthFirst, 23, 30..=40),
            ] {
                for maximised in [false, true] {
                    let h = classroom(size, lesson(algorithm), steps, maximised);
                    let app = h.state();
                    let view = &app.view.tree;
                    let count = app.session.lane(0).search().node_count();
                    assert!(nodes.contains(&count), "{algorithm:?}: {count} nodes");
                    let case = format!("{size:?} {algorithm:?} maximised {maximised}");
                    if !maximised && size != BESIDE_LISTS {
                        if app.view.lower_hidden != Some(Pane::Tree) {
                            failures.push(format!("{case}: the tree is not offered"));
                        }
                        continue;
                    }
                    if view.label_points < READABLE {
                        failures.push(format!("{case}: labels {} points", view.label_points));
                    }
                    if maximised && count <= 10 && !view.boards_drawn {
                        failures.push(format!("{case}: no boards"));
                    }
                    if !maximised && view.pane_rect.height() < size.y / 3.0 {
                        failures.push(format!("{case}: pane {:?}", view.pane_rect));
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    /// The camera's zoom buttons grow and shrink the boxes' text with the boxes; zoomed out,
    /// the boards give way to the costs and names, zoomed in beside the lists they are drawn; Fit
    /// comes back to where it was.
    #[test]
    fn zooming_scales_the_node_text() {
        use crate::search::Algorithm;
        let mut h = classroom(CLASSROOM_SIZES[0], lesson(Algorithm::AStar), 4, true);
        let fitted = h.state().view.tree.label_points;
        assert!(h.state().view.tree.boards_drawn);
        for _ in 0..2 {
            h.get_by_label("+").click();
            h.run();
        }
        let view = &h.state().view.tree;
        let grown = fitted * 1.25f32.powi(2);
        assert!(
            (view.label_points - grown).abs() < 0.01 * grown,
            "{fitted} zoomed to {}",
            view.label_points
        );
        assert!(view.boards_drawn);
        // Zoomed out far enough, the boards give way to names; the text stays.
        for _ in 0..8 {
            if !h.state().view.tree.boards_drawn {
                break;
            }
            h.get_by_label("−").click();
            h.run();
        }
        let view = &h.state().view.tree;
        assert!(!view.boards_drawn && view.label_points > 0.0);
        h.get_by_label("Fit").click();
        h.run();
        assert_eq!(h.state().view.tree.label_points, fitted);

        let mut h = classroom(BESIDE_LISTS, lesson(Algorithm::AStar), 4, false);
        let fitted = h.state().view.tree.label_points;
        for _ in 0..4 {
            h.get_by_label("+").click();
            h.run();
        }
        let view = &h.state().view.tree;
        assert!(
            view.boards_drawn && view.label_points > fitted,
            "{} after {fitted}",
            view.label_points
        );
    }

    /// A tree far larger than a lesson's is fitted whole, its labels as small as that takes.
    #[test]
    fn a_large_tree_is_fitted_whole() {
        use crate::search::Algorithm;
        // Far from the goal: the search runs long enough to grow a large tree.
        let settings = Settings {
            puzzle: PuzzleSettings {
                board_text: "216408753".to_owned(),
                ..lesson(Algorithm::BreadthFirst).puzzle
            },
            ..lesson(Algorithm::BreadthFirst)
        };
        let h = classroom(CLASSROOM_SIZES[0], settings, 60, true);
        let nodes = h.state().session.lane(0).search().node_count();
        assert!(nodes > PAN_NODES, "{nodes}");
        let rect = h.state().view.tree.rect.expect("drawn");
        for id in 0..nodes as u32 {
            assert!(rect.contains(screen_pos(&h, id)), "S{id} off screen");
        }
    }

    /// The pictures of the tree at 1280x800 zoom 1.5, maximised and beside the lists, in
    /// English and Chinese, after ten nodes of A* and about forty of breadth-first search.
    #[test]
    fn snapshot_the_tree_at_a_classroom_size() {
        use crate::i18n::Language;
        use crate::search::Algorithm;
        let mut results = egui_kittest::SnapshotResults::default();
        for (language, code) in [(Language::English, "en"), (Language::Chinese, "zh")] {
            for (algorithm, steps, name) in [
                (Algorithm::AStar, 4, "astar"),
                (Algorithm::BreadthFirst, 23, "bfs"),
            ] {
                for (maximised, size, place) in [
                    (true, CLASSROOM_SIZES[0], "853x533_maximised"),
                    (false, BESIDE_LISTS, "1280x800_beside_lists"),
                ] {
                    let settings = Settings {
                        language,
                        ..lesson(algorithm)
                    };
                    let mut h = classroom(size, settings, steps, maximised);
                    h.snapshot_options(format!("tree_{name}_{place}_{code}"), &snapshot_options());
                    results.extend_harness(&mut h);
                }
            }
        }
        crate::i18n::set_language(Language::English);
        results.unwrap();
    }
}
