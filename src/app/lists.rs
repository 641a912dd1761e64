//! The open and closed lists of the single view: the nodes with g, h and f, the newest marked,
//! the closed list following its newest row, their rows sized so a class reads them whole.
//! Each row draws its state through the domain's view; the lists never look inside a state.

use egui::{Align, Color32, Layout, RichText, Sense, Ui, vec2};
use egui_extras::{Column, TableBuilder};

use super::model::command::Command;
use super::model::domain::AnyProblem;
use super::model::fine_step;
use super::model::lane::Lane;
use super::model::session::Session;
use super::model::text;
use super::palette;
use super::registry;
use super::widgets::{Hover, REPEAT_MARK, setting_checkbox};
use crate::search::{NodeId, Outcome, Repeats, Search, Status};
use crate::tree::Drawn;

/// What the lists remember between frames.
pub struct ListsView {
    /// What the open and closed lists showed this frame (`None` for a list not drawn).
    pub shown: [Option<ListShown>; 2],
    /// A row of the closed list to bring into view on the next frame.
    pub closed_scroll_to: Option<usize>,
    /// Whether the closed list follows the newest row.
    pub follow: Follow,
    /// The height the lists' pane gave last frame to what stands above the lists (an
    /// exercise's banner, IDA*'s bound table), so the rows the lists need are asked for whole.
    above: f32,
    /// The height of a list's title and column headings above its first row, as drawn last
    /// frame.
    chrome: f32,
    /// Whether this frame's lists write their boards as text (asked for, or where drawn boards
    /// would leave fewer rows than a lesson points at).
    text: bool,
}

impl Default for ListsView {
    fn default() -> ListsView {
        ListsView {
            shown: [None; 2],
            closed_scroll_to: None,
            follow: Follow::default(),
            above: 0.0,
            chrome: LIST_CHROME,
            text: false,
        }
    }
}

/// What one of the open and closed lists showed in a frame, for the checks of what a class
/// can see: whole rows, not a row and a half.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ListShown {
    /// Rows wholly inside the list's visible area.
    pub whole_rows: usize,
    /// Rows the list holds.
    pub rows: usize,
    /// Whether the rows draw boards (rather than writing them as text).
    pub boards: bool,
    /// Whether some column (and its heading) is scrolled out of the list's width.
    pub columns_cut: bool,
    /// The height of a row.
    pub row_height: f32,
    /// Where the rows begin (under the column headings).
    pub rows_top: f32,
}

/// Why a row of a list is tinted: what just changed, or a wrong answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The node the latest step expanded (closed list).
    Expanded,
    /// Added to open, or given a shorter path, by the latest step (age 0) or the one before
    /// (age 1): the tint fades as the search moves on.
    Fresh(u8),
    /// A wrong prediction for this exercise question.
    Wrong,
}

impl Mark {
    /// An opaque tint over `background`, so the cells' overlapping edges do not show.
    fn tint(self, background: Color32) -> Color32 {
        let (color, amount) = match self {
            Mark::Expanded => (palette::TILE_MOVED, 0.6),
            Mark::Fresh(0) => (palette::NEW, 0.55),
            Mark::Fresh(_) => (palette::NEW, 0.25),
            Mark::Wrong => (palette::MISPLACED, 0.6),
        };
        background.lerp_to_gamma(color, amount)
    }
}

/// The nodes the latest two steps added to open or improved, with their age (0 for the latest
/// step), newest first. Nodes they merely found again (already in open or closed) are not
/// marked: nothing changed for them.
pub fn fresh_nodes(search: &dyn Search<AnyProblem>) -> Vec<(NodeId, Mark)> {
    let steps = search.steps();
    let mut marks: Vec<(NodeId, Mark)> = Vec::new();
    for age in 0..2u8 {
        let Some(index) = steps.checked_sub(1 + usize::from(age)) else {
            break;
        };
        for child in search.step_at(index).children {
            let changed = matches!(
                child.outcome,
                Outcome::New | Outcome::Improved { .. } | Outcome::Reopened { .. }
            );
            if changed && !marks.iter().any(|(id, _)| *id == child.node) {
                marks.push((child.node, Mark::Fresh(age)));
            }
        }
    }
    marks
}

/// The height of the open and closed lists' header row.
const LIST_HEADER: f32 = 22.0;

/// The whole rows of the open list a lesson points at: five with the setup folded (or while
/// presenting), eight where boards are written as text (one line each), and three beside the
/// setup.
fn wanted_rows(session: &Session, text_boards: bool) -> usize {
    let arrangement = session.settings.arrangement;
    match (
        arrangement.setup_folded || arrangement.presenting,
        text_boards,
    ) {
        (false, _) => 3,
        (true, false) => 5,
        (true, true) => 8,
    }
}

/// The rows the closed list keeps when stacked under a taller open list: the newest
/// expansion and the one before it.
const CLOSED_LEAST_ROWS: f32 = 2.0;

/// How the open and closed lists share their room: boards drawn or written as text, side by
/// side or stacked.
struct ListsPlan {
    columns: ListColumns,
    /// The open list's height when the lists are stacked; `None` side by side.
    stacked: Option<f32>,
    /// The rows the open list gets (the last one perhaps in part), and the whole rows it
    /// should get.
    open_rows: f32,
    wanted: usize,
    /// Whether the narrowest columns are wider than a list.
    cut: bool,
    /// A row with the space under it, and a list's title and headings.
    pitch: f32,
    chrome: f32,
}

impl ListsPlan {
    /// The plan for lists in `size`. Boards are drawn where they leave the open list the
    /// rows a lesson points at; where they do not, the boards are written as text if that
    /// gives more rows and fits sideways (a 4x4 board beside the setup, an exercise under its
    /// banner at 1280x800 zoom 1.5).
    fn new(
        ui: &Ui,
        session: &Session,
        search: &dyn Search<AnyProblem>,
        size: egui::Vec2,
        chrome: f32,
    ) -> ListsPlan {
        let asked = session.settings.text_boards || session.settings.domain.states_written();
        let plan = ListsPlan::with(ui, session, search, size, chrome, asked);
        if asked || plan.open_rows.floor() >= plan.wanted as f32 {
            return plan;
        }
        let text = ListsPlan::with(ui, session, search, size, chrome, true);
        if !text.cut && text.open_rows > plan.open_rows {
            text
        } else {
            plan
        }
    }

    fn with(
        ui: &Ui,
        session: &Session,
        search: &dyn Search<AnyProblem>,
        size: egui::Vec2,
        chrome: f32,
        text_boards: bool,
    ) -> ListsPlan {
        let wanted = wanted_rows(session, text_boards);
        let columns = ListColumns::with(ui, session, search, text_boards);
        let narrowest = columns.width(Fit::Narrowest);
        let pitch = columns.row_height + ui.spacing().item_spacing.y;
        let rows = |height: f32| ((height - chrome) / pitch).max(0.0);
        // (A bidirectional exercise shows its two open lists side by side where open and
        // closed stand, each as high as the pane.)
        let open_rows = rows;
        // Side by side unless a list's narrowest columns overflow its half (it would scroll
        // sideways, its state column cut at the edge: "(5" for a map's cell at 1280x800) and
        // stacked lists still show a whole row each; stacked, each list has the pane's width.
        let half_width = (size.x - ui.spacing().item_spacing.x) / 2.0;
        let room = (size.y - STACK_GAP).max(0.0);
        let crowded = narrowest > half_width && rows(room / 2.0).floor() >= 1.0;
        if !(session.settings.arrangement.lists_stacked || crowded) {
            return ListsPlan {
                open_rows: open_rows(size.y),
                wanted,
                cut: narrowest > half_width,
                columns,
                stacked: None,
                pitch,
                chrome,
            };
        }
        // Stacked: the open list (what a lesson asks about) gets the rows it wants while the
        // closed list keeps its newest two rows (or, where that leaves open short, the newest
        // one), and never less than half.
        let closed = |rows: f32| chrome + rows * pitch;
        let wanted_height = chrome + wanted as f32 * pitch + 2.0;
        let open = if wanted_height <= room - closed(CLOSED_LEAST_ROWS) {
            wanted_height
        } else {
            wanted_height.min(room - closed(1.0))
        }
        .max(room / 2.0);
        ListsPlan {
            open_rows: open_rows(open),
            wanted,
            cut: narrowest > size.x,
            columns,
            stacked: Some(open),
            pitch,
            chrome,
        }
    }

    /// The height that shows the open list's wanted rows whole (and, stacked, the closed
    /// list's newest rows under it).
    fn height_needed(&self) -> f32 {
        let open = self.chrome + self.wanted as f32 * self.pitch + 2.0;
        match self.stacked {
            None => open,
            Some(_) => open + STACK_GAP + self.chrome + CLOSED_LEAST_ROWS * self.pitch,
        }
    }
}

/// The room between stacked lists (a separator).
const STACK_GAP: f32 = 8.0;

/// The height the open and closed lists need (with what stands above them) to show the rows
/// of the open list a lesson points at, in a pane as wide as `ui`'s and at most as high.
pub fn lists_height(ui: &Ui, session: &Session, view: &ListsView) -> f32 {
    let Some(lane) = session.main_lane() else {
        return 0.0;
    };
    let size = ui.available_size() - vec2(0.0, view.above);
    let plan = ListsPlan::new(ui, session, lane.search(), size, view.chrome);
    view.above + plan.height_needed()
}

/// The open list in pop order and the closed list in expansion order, side by side.
pub fn lists(
    ui: &mut Ui,
    session: &Session,
    view: &mut ListsView,
    hover: &mut Hover,
    commands: &mut Vec<Command>,
) {
    let Some(lane) = session.main_lane() else {
        return;
    };
    // Two columns need room for the gap between them at least.
    if ui.available_width() <= 2.0 * ui.spacing().item_spacing.x {
        return;
    }
    let top = ui.cursor().top();
    if session.exercising() {
        let rule = text::exercise_rule_for(lane.config());
        let can_reveal = lane.is_running() && session.can_step();
        super::exercise_view::banner(ui, &session.score, &rule, can_reveal, commands);
    }
    super::engine_views::ui(ui, lane, session.fine(), session.exercising());
    let above = ui.cursor().top() - top;
    if (above - view.above).abs() > 0.5 {
        // The pane's share is asked for from this height: once more with the right one.
        view.above = above;
        ui.ctx().request_repaint();
    }
    let plan = ListsPlan::new(ui, session, lane.search(), ui.available_size(), view.chrome);
    view.text = plan.columns.text_boards;
    if session.exercising() && lane.search().bidirectional().is_some() {
        // The question is which half expands next: both open lists side by side, and the
        // closed list (no candidate) left out.
        measured_open_table(ui, session, lane, view, hover, commands);
        return;
    }
    if let Some(open_height) = plan.stacked {
        // Each list as wide as the pane: every column fits at a large zoom.
        ui.push_id("open", |ui| {
            ui.allocate_ui(vec2(ui.available_width(), open_height), |ui| {
                measured_open_table(ui, session, lane, view, hover, commands)
            });
        });
        ui.separator();
        ui.push_id("closed", |ui| {
            closed_table(ui, session, lane, view, hover, commands)
        });
    } else {
        ui.columns(2, |columns| {
            // Each list is clipped to its column: a table scrolled sideways drew a few pixels
            // of its next column's heading over its neighbour.
            columns[0].push_id("open", |ui| {
                ui.shrink_clip_rect(ui.max_rect());
                measured_open_table(ui, session, lane, view, hover, commands)
            });
            columns[1].push_id("closed", |ui| {
                ui.shrink_clip_rect(ui.max_rect());
                closed_table(ui, session, lane, view, hover, commands)
            });
        });
    }
}

fn list_heading(ui: &mut Ui, title: &str, count: usize, toggle: &str, extra: impl FnOnce(&mut Ui)) {
    list_heading_with(ui, title, &text::list_count(count), toggle, extra);
}

/// [`list_heading`] with its count written as `count`.
fn list_heading_with(
    ui: &mut Ui,
    title: &str,
    count: &str,
    toggle: &str,
    extra: impl FnOnce(&mut Ui),
) {
    // One line, so the rows get the height: the toggle (a checkbox labelled `toggle`) sits at
    // the line's right end where it fits beside the title, and is left out where it does not
    // (it is also in the View menu).
    ui.horizontal(|ui| {
        ui.label(RichText::new(title).strong().size(17.0));
        // Cut with an ellipsis rather than at the list's edge where the title leaves no room.
        ui.add(
            egui::Label::new(RichText::new(count).color(ui.visuals().weak_text_color())).truncate(),
        );
        if toggle.is_empty() {
            return;
        }
        let font = egui::TextStyle::Body.resolve(ui.style());
        let label = ui.fonts_mut(|f| {
            f.layout_no_wrap(toggle.to_owned(), font, Color32::WHITE)
                .size()
                .x
        });
        let spacing = ui.spacing();
        let width = label + spacing.icon_width + spacing.icon_spacing + spacing.item_spacing.x;
        if width + 8.0 <= ui.available_width() {
            ui.with_layout(Layout::right_to_left(Align::Center), extra);
        }
    });
}

/// Which list a node table shows.
struct NodeList<'a> {
    id_salt: &'static str,
    /// The heading of the first column: the rank in open, or the step in closed.
    first_column: &'static str,
    ids: &'a [NodeId],
    scroll_to: Option<(usize, Align)>,
    /// What clicking a row asks for.
    on_click: fn(NodeId) -> Command,
    /// Tinted rows.
    marks: &'a [(NodeId, Mark)],
    /// Boards written as text rather than drawn.
    text_boards: bool,
}

/// [`open_table`], remembering how far below its top the rows begin.
fn measured_open_table(
    ui: &mut Ui,
    session: &Session,
    lane: &Lane,
    view: &mut ListsView,
    hover: &mut Hover,
    commands: &mut Vec<Command>,
) {
    let top = ui.cursor().top();
    open_table(ui, session, lane, view, hover, commands);
    if let Some(shown) = view.shown[0]
        && shown.rows_top.is_finite()
    {
        let chrome = shown.rows_top - top;
        if (chrome - view.chrome).abs() > 0.5 {
            view.chrome = chrome;
            ui.ctx().request_repaint();
        }
    }
}

fn open_table(
    ui: &mut Ui,
    session: &Session,
    lane: &Lane,
    view: &mut ListsView,
    hover: &mut Hover,
    commands: &mut Vec<Command>,
) {
    let search = lane.search();
    let mut marks = fresh_nodes(search);
    let text_boards = session.settings.text_boards;
    // The toggle is for states that are drawn (boards), not for those always written.
    let written = session.settings.domain.states_written();
    let toggle_label = if written {
        ""
    } else {
        text::t().boards_as_text
    };
    let toggle = |ui: &mut Ui| {
        if written {
            return;
        }
        let (title, hint) = (text::t().boards_as_text, text::t().boards_as_text_hint);
        setting_checkbox(
            ui,
            text_boards,
            title,
            hint,
            Command::SetTextBoards,
            commands,
        );
    };
    // A bidirectional search's backward open list is above the lists (engine_views).
    let title = if search.bidirectional().is_some() {
        text::t().open_list_forward
    } else {
        text::t().open_list
    };
    if let Some(hidden) = fine_step::hidden(search, session.fine()) {
        let ids: Vec<NodeId> = lane
            .open_snapshot()
            .iter()
            .copied()
            .filter(|id| !hidden.unborn.contains(id))
            .collect();
        let count = open_count(session, search, ids.len());
        list_heading_with(ui, title, &count, toggle_label, toggle);
        let list = NodeList {
            id_salt: "open_table",
            first_column: text::t().col_rank,
            ids: &ids,
            scroll_to: None,
            on_click: Command::SelectNode,
            marks: &marks,
            text_boards: view.text,
        };
        view.shown[0] = Some(node_table(ui, session, search, list, hover, commands).1);
        return;
    }
    if session.exercising() {
        // Pop order would give the answer away: show open in the order nodes were made.
        marks.extend(
            session
                .score
                .wrong_picks(search.steps())
                .iter()
                .map(|&id| (id, Mark::Wrong)),
        );
        // Wrong picks first, so their tint wins over a fresh one.
        marks.reverse();
        let t = text::t();
        let text_boards = view.text;
        let table = |id_salt, ids| NodeList {
            id_salt,
            first_column: t.col_rank,
            ids,
            scroll_to: None,
            on_click: Command::Predict,
            marks: &marks,
            text_boards,
        };
        if search.bidirectional().is_some() {
            // Both halves are candidates: the forward list beside the backward one.
            let (forward, backward) = (lane.open_by_id(), lane.backward_by_id());
            let hover = &mut *hover;
            let shown = ui.columns(2, |columns| {
                let ui = &mut columns[0];
                ui.shrink_clip_rect(ui.max_rect());
                // (Boards as text is in the View menu: the half-width heading has no room.)
                list_heading(ui, t.open_list_forward_exercise, forward.len(), "", |_| {});
                let list = table("open_table", forward);
                let shown = node_table(ui, session, search, list, hover, commands).1;
                let ui = &mut columns[1];
                ui.shrink_clip_rect(ui.max_rect());
                list_heading(
                    ui,
                    t.open_list_backward_exercise,
                    backward.len(),
                    "",
                    |_| {},
                );
                let list = table("backward_table", backward);
                node_table(ui, session, search, list, hover, commands);
                shown
            });
            view.shown[0] = Some(shown);
            return;
        }
        // A depth-first iteration that ended leaves open empty: the candidate is the start.
        let title = if search.depth_first().is_some() && search.open_len() == 0 {
            t.open_list_restart_exercise
        } else {
            t.open_list_exercise
        };
        list_heading(ui, title, lane.open_by_id().len(), toggle_label, toggle);
        let list = table("open_table", lane.open_by_id());
        view.shown[0] = Some(node_table(ui, session, search, list, hover, commands).1);
        return;
    }
    let count = open_count(session, search, lane.open_snapshot().len());
    list_heading_with(ui, title, &count, toggle_label, toggle);
    let list = NodeList {
        id_salt: "open_table",
        first_column: text::t().col_rank,
        ids: lane.open_snapshot(),
        scroll_to: None,
        on_click: Command::SelectNode,
        marks: &marks,
        text_boards: view.text,
    };
    view.shown[0] = Some(node_table(ui, session, search, list, hover, commands).1);
}

/// Whether the search is a tree search that tells its repeated nodes apart (a best-first one:
/// the depth-first engine remembers no state off its path to compare with).
fn counts_repeats(search: &dyn Search<AnyProblem>) -> bool {
    search.config().repeats != Repeats::Graph && search.depth_first().is_none()
}

/// The open list's count of `nodes`, with a tree search's repeated nodes so far (as the
/// counters show them: at a fine step, those generated on the lines shown).
fn open_count(session: &Session, search: &dyn Search<AnyProblem>, nodes: usize) -> String {
    let count = text::list_count(nodes);
    match session.shown_stats() {
        Some(stats) if counts_repeats(search) => {
            format!("{count} · {}", text::repeat_count(stats.repeated))
        }
        _ => count,
    }
}

/// The closed list follows the newest row while `follow` is on; scrolling up turns it off and
/// scrolling back to the bottom turns it on again.
#[derive(Clone, Copy, Debug)]
pub struct Follow {
    pub on: bool,
    /// The list length and scroll offset of the last frame.
    seen_len: Option<usize>,
    offset: f32,
    /// The row height and the visible height of the last frame: when either changes (boards
    /// as text, a fold, a new window size) the offset moves without the user, which is no
    /// reason to stop following.
    geometry: (f32, f32),
}

impl Default for Follow {
    fn default() -> Follow {
        Follow {
            on: true,
            seen_len: None,
            offset: 0.0,
            geometry: (0.0, 0.0),
        }
    }
}

fn closed_table(
    ui: &mut Ui,
    session: &Session,
    lane: &Lane,
    view: &mut ListsView,
    hover: &mut Hover,
    commands: &mut Vec<Command>,
) {
    let search = lane.search();
    let mut ids = search.closed();
    let mut marks = Vec::new();
    if fine_step::hidden(search, session.fine())
        .is_some_and(|hidden| hidden.expanded_not_closed.is_some())
    {
        ids = &ids[..ids.len() - 1];
    } else if let Some(&last) = ids.last() {
        marks.push((last, Mark::Expanded));
    }
    let follow = &mut view.follow;
    // The goal is taken from open and closed, not expanded: said so, so that the count agrees
    // with the expanded counter.
    let goal_last = matches!(search.status(), Status::Solved { .. })
        && search.bidirectional().is_none()
        && ids.last().is_some_and(|last| {
            search
                .solution()
                .is_some_and(|path| path.last() == Some(last))
        })
        && search.stats().expanded as usize + 1 == ids.len();
    let count = if goal_last {
        text::closed_count_with_goal(ids.len() - 1)
    } else {
        text::list_count(ids.len())
    };
    list_heading_with(
        ui,
        text::t().closed_list,
        &count,
        text::t().follow_newest,
        |ui| {
            ui.checkbox(&mut follow.on, text::t().follow_newest)
                .on_hover_text(text::t().follow_newest_hint);
        },
    );
    let len = ids.len();
    let scroll_to = match view.closed_scroll_to.take() {
        Some(row) => {
            follow.on = false;
            Some((row, Align::Center))
        }
        None if follow.on && len > 0 && follow.seen_len != Some(len) => {
            Some((len - 1, Align::BOTTOM))
        }
        None => None,
    };
    let list = NodeList {
        id_salt: "closed_table",
        first_column: text::t().col_step,
        ids,
        scroll_to,
        on_click: Command::SelectNode,
        marks: &marks,
        text_boards: view.text,
    };
    let (output, shown) = node_table(ui, session, search, list, hover, commands);
    view.shown[1] = Some(shown);
    let offset = output.state.clamped_offset().y;
    let bottom = (output.content_size.y - output.inner_rect.height()).max(0.0);
    let at_bottom = offset >= bottom - 2.0;
    let follow = &mut view.follow;
    let geometry = (shown.row_height, output.inner_rect.height());
    let same_geometry = std::mem::replace(&mut follow.geometry, geometry) == geometry;
    if follow.seen_len == Some(len) && scroll_to.is_none() && same_geometry {
        // Only the user moves the list while its length and its rows stay the same.
        if follow.on && offset < follow.offset - 0.5 && !at_bottom {
            follow.on = false;
        } else if !follow.on && offset > follow.offset + 0.5 && at_bottom {
            follow.on = true;
        }
    }
    if follow.on && follow.seen_len.is_some() && !at_bottom && scroll_to.is_none() {
        // Switched back on by its box: go to the newest row next frame.
        follow.seen_len = None;
    } else {
        follow.seen_len = Some(len);
    }
    follow.offset = offset;
}

/// The height of a list's title, column headings and margins above its rows.
const LIST_CHROME: f32 = 60.0;

/// Which columns a node table shows: all, all but the depth (which is g when every move costs
/// 1), or the rank, node, g, h, f and state alone. A column left out is better than one cut at
/// the table's edge; the parent is also in the selected node's panel and in the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fit {
    Wide,
    Narrow,
    Narrowest,
}

/// The widths of a node table's columns.
struct ListColumns {
    /// The width the rank column's heading needs.
    rank_heading: f32,
    text_size: f32,
    /// Costs with decimals: g, h and f get wider columns.
    decimals: bool,
    text_boards: bool,
    row_height: f32,
    board_width: f32,
    /// The node and parent columns.
    id_width: f32,
    /// The node column without the parent's (its heading is shorter).
    node_width: f32,
    /// The digits of the largest node number.
    digits: f32,
    /// A map's g, h and f columns: as wide as "100.41" in the table's font.
    cost_width: f32,
}

impl ListColumns {
    fn with(
        ui: &Ui,
        session: &Session,
        search: &dyn Search<AnyProblem>,
        text_boards: bool,
    ) -> ListColumns {
        let text_size = egui::TextStyle::Body.resolve(ui.style()).size;
        let decimals = session.settings.domain.costs_have_decimals();
        let domain = registry::view_of(search.problem().kind());
        let state = domain.list_state_size(search.problem(), text_size, text_boards);
        // The node and parent columns are as wide as the longest id so far needs ("S" and
        // digits).
        let digits = search.node_count().max(10).ilog10() as f32 + 1.0;
        // At least as wide as the headings: "父结点" is three full-width characters.
        let heading_width = |title: &str| {
            let ems: f32 = title
                .chars()
                .map(|c| if c.is_ascii() { 0.56 } else { 1.0 })
                .sum();
            ems * text_size + 6.0
        };
        // Room for a repeat's mark after its name.
        let mark = if counts_repeats(search) { 2.0 } else { 0.0 };
        let node_width = ((digits + 1.4 + mark) * text_size * 0.56 + 4.0)
            .max(44.0)
            .max(heading_width(text::t().col_node));
        let id_width = node_width.max(heading_width(text::t().col_parent));
        // The rank's heading is "#" in open and "step" in closed.
        let rank_heading = heading_width(text::t().col_step).max(heading_width(text::t().col_rank));
        let font = egui::TextStyle::Body.resolve(ui.style());
        let cost_width = ui.fonts_mut(|f| {
            f.layout_no_wrap("100.41".to_owned(), font, Color32::WHITE)
                .size()
                .x
        }) + 8.0;
        ListColumns {
            rank_heading,
            cost_width,
            text_size,
            decimals,
            text_boards,
            row_height: state.y,
            board_width: state.x,
            id_width,
            node_width,
            digits,
        }
    }

    /// The widths of the rank, g and h, and f columns (the narrow tables close up a little).
    fn numbers(&self, fit: Fit) -> (f32, f32, f32) {
        let wide = fit == Fit::Wide;
        let (rank_width, value_width) = if wide { (36.0, 26.0) } else { (30.0, 22.0) };
        // A long run's step numbers (five digits and more) need more than the narrow column.
        let rank_width = f32::max(rank_width, (self.digits - 0.4) * self.text_size * 0.6 + 6.0)
            .max(self.rank_heading);
        if self.decimals {
            (rank_width, self.cost_width, self.cost_width)
        } else {
            (rank_width, value_width, 34.0)
        }
    }

    /// The width of the columns and the spaces between them (the last column at its least).
    fn width(&self, fit: Fit) -> f32 {
        let (rank, value, f) = self.numbers(fit);
        let numbers = rank + 2.0 * value + f + self.board_width;
        match fit {
            Fit::Wide => numbers + 2.0 * self.id_width + 7.0 * 5.0 + 44.0,
            Fit::Narrow => numbers + 2.0 * self.id_width + 6.0 * 4.0,
            Fit::Narrowest => numbers + self.node_width + 5.0 * 4.0,
        }
    }

    /// The most columns that fit in `width`.
    fn fit(&self, width: f32) -> Fit {
        if self.width(Fit::Wide) <= width {
            Fit::Wide
        } else if self.width(Fit::Narrow) <= width {
            Fit::Narrow
        } else {
            Fit::Narrowest
        }
    }
}

/// The open or closed list as a virtualised table: only the visible rows are laid out, so it
/// costs the same at 30 rows and at 180,000. Clicking a row selects its node (or, in an
/// exercise, predicts it).
fn node_table(
    ui: &mut Ui,
    session: &Session,
    search: &dyn Search<AnyProblem>,
    list: NodeList<'_>,
    hover: &mut Hover,
    commands: &mut Vec<Command>,
) -> (egui::scroll_area::ScrollAreaOutput<()>, ListShown) {
    let goal = search.problem().goal();
    let domain = registry::view_of(search.problem().kind());
    // Selectable labels would take the click on their text away from the row.
    ui.style_mut().interaction.selectable_labels = false;
    ui.spacing_mut().item_spacing.x = 5.0;
    let background = ui.visuals().panel_fill;
    let columns = ListColumns::with(ui, session, search, list.text_boards);
    let ListColumns {
        text_boards,
        row_height: height,
        board_width,
        id_width,
        node_width,
        ..
    } = columns;
    // Columns are left out, the depth first, rather than the table overflowing its pane.
    let fit = columns.fit(ui.available_width());
    let state_title = domain.state_column();
    let with_depth = fit == Fit::Wide;
    let with_parent = fit != Fit::Narrowest;
    // Without them, the narrow columns close up a little too.
    if !with_depth {
        ui.spacing_mut().item_spacing.x = 4.0;
    }
    let (rank_width, value_width, f_width) = columns.numbers(fit);
    let shown_hover = hover.node();
    let mut seen = None;
    let mut whole_rows = 0;
    let mut rows_top = f32::NAN;
    // At a large zoom even the narrow columns may not fit: the table then scrolls sideways
    // rather than drawing over its neighbour.
    let sideways = egui::ScrollArea::horizontal()
        .id_salt((list.id_salt, "sideways"))
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let mut builder = TableBuilder::new(ui)
                .id_salt(list.id_salt)
                .striped(true)
                .sense(Sense::click())
                .animate_scrolling(false)
                .cell_layout(Layout::left_to_right(Align::Center))
                // g, h and f before the board: when the table is wider than its pane
                // (exercise mode at zoom 1.5), what scrolls out of view is the parent and the
                // depth, not the numbers the class reasons with.
                .column(Column::exact(rank_width))
                .column(Column::exact(if with_parent {
                    id_width
                } else {
                    node_width
                }))
                .columns(Column::exact(value_width), 2)
                .column(Column::exact(f_width));
            builder = match fit {
                Fit::Wide => builder
                    .column(Column::exact(board_width))
                    .column(Column::exact(id_width))
                    .column(Column::remainder().at_least(30.0)),
                Fit::Narrow => builder
                    .column(Column::exact(board_width))
                    .column(Column::remainder().at_least(id_width)),
                Fit::Narrowest => builder.column(Column::remainder().at_least(board_width)),
            };
            builder = builder.min_scrolled_height(0.0).auto_shrink([false, false]);
            if let Some((row, align)) = list.scroll_to {
                builder = builder.scroll_to_row(row, Some(align));
            }
            builder
                .header(LIST_HEADER, |mut header| {
                    let titles = [
                        list.first_column,
                        text::t().col_node,
                        "g",
                        "h",
                        "f",
                        state_title,
                        text::t().col_parent,
                        text::t().col_depth,
                    ];
                    let shown = match fit {
                        Fit::Wide => 8,
                        Fit::Narrow => 7,
                        Fit::Narrowest => 6,
                    };
                    for &title in &titles[..shown] {
                        header.col(|ui| {
                            ui.strong(title);
                        });
                    }
                })
                .body(|mut body| {
                    let visible = body.ui_mut().clip_rect();
                    rows_top = visible.top();
                    body.rows(height, list.ids.len(), |mut row| {
                        let index = row.index();
                        let id = list.ids[index];
                        let node = search.node(id);
                        let tint = list
                            .marks
                            .iter()
                            .find(|(marked, _)| *marked == id)
                            .map(|(_, mark)| mark.tint(background));
                        let hovered = shown_hover == Some(id);
                        row.set_selected(session.selected == Some(id));
                        row.set_hovered(hovered);
                        // Each cell paints its part of the row's tint and of the hover outline.
                        let decorate = |ui: &mut Ui| {
                            // A cell is clipped to itself; the tint also covers the gap to the next.
                            let half_gap = vec2(ui.spacing().item_spacing.x * 0.5 + 1.0, 0.0);
                            let rect = ui.max_rect().expand2(half_gap);
                            let mut painter = ui.painter().clone();
                            painter.set_clip_rect(ui.clip_rect().expand2(half_gap));
                            if let Some(tint) = tint {
                                painter.rect_filled(rect, 0.0, tint);
                            }
                            if hovered {
                                let stroke =
                                    egui::Stroke::new(2.0, ui.visuals().strong_text_color());
                                let (top, bottom) = (rect.top() + 1.0, rect.bottom() - 1.0);
                                painter.hline(rect.x_range(), top, stroke);
                                painter.hline(rect.x_range(), bottom, stroke);
                            }
                        };
                        row.col(|ui| {
                            decorate(ui);
                            ui.label(RichText::new((index + 1).to_string()).strong());
                        });
                        row.col(|ui| {
                            decorate(ui);
                            let name = ui.label(format!("S{}", id.0));
                            if let Some(first) = search.repeat_of(id) {
                                // (The mark is in the monospace font: the proportional one lacks it.)
                                let hint = text::repeat_of(&format!("S{}", first.0));
                                name.on_hover_text(&hint);
                                ui.label(RichText::new(REPEAT_MARK).monospace())
                                    .on_hover_text(hint);
                            }
                        });
                        for value in [node.g, node.h] {
                            row.col(|ui| {
                                decorate(ui);
                                ui.label(value.to_string());
                            });
                        }
                        row.col(|ui| {
                            decorate(ui);
                            ui.label(RichText::new(text::number(node.f.as_f64())).strong());
                        });
                        row.col(|ui| {
                            decorate(ui);
                            if text_boards {
                                let name = search.problem().state_name(&node.state);
                                ui.label(RichText::new(name).monospace());
                            } else {
                                let size = vec2(board_width, height) - vec2(4.0, 4.0);
                                let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
                                domain.paint_state(ui, rect, search.problem(), &node.state, &goal);
                            }
                        });
                        if with_parent {
                            row.col(|ui| {
                                decorate(ui);
                                let parent =
                                    node.parent.map_or("–".to_owned(), |p| format!("S{}", p.0));
                                ui.label(RichText::new(parent).color(ui.visuals().text_color()));
                            });
                        }
                        if with_depth {
                            row.col(|ui| {
                                decorate(ui);
                                ui.label(node.depth.to_string());
                            });
                        }
                        let response = row.response();
                        // Whole from top to bottom; the sides are the columns' business.
                        let rows = response.rect.y_range().shrink(0.5);
                        whole_rows += usize::from(
                            visible.y_range().contains(rows.min)
                                && visible.y_range().contains(rows.max),
                        );
                        if response.hovered() {
                            seen = Some(id);
                        }
                        if response.clicked() {
                            commands.push((list.on_click)(id));
                        }
                    });
                })
        });
    let output = sideways.inner;
    if let Some(id) = seen {
        hover.saw(id);
    }
    let shown = ListShown {
        whole_rows,
        rows: list.ids.len(),
        boards: !text_boards,
        columns_cut: sideways.content_size.x > sideways.inner_rect.width() + 1.0,
        row_height: height,
        rows_top,
    };
    (output, shown)
}

#[cfg(test)]
mod tests {
    use crate::search::Algorithm;
    use egui_kittest::kittest::Queryable;

    use super::*;
    use crate::app::puzzle::puzzle_model::PuzzleSettings;
    use crate::app::{Settings, test_harness};
    use crate::domains::puzzle::{HeuristicKind, Problem, SearchConfig};
    use crate::search::new_search;

    #[test]
    fn boards_as_text_shows_rows_separated_by_slashes() {
        assert_eq!(
            "283104765"
                .parse::<crate::domains::puzzle::Board>()
                .unwrap()
                .rows_text(),
            "283/104/765"
        );
        assert_eq!(
            crate::domains::puzzle::Board::blank_last(4).rows_text(),
            "1234/5678/9ABC/DEF0"
        );
        let mut h = test_harness(Settings::default());
        h.run();
        assert!(h.query_by_label("283/104/765").is_none());
        h.get_by_label(text::t().boards_as_text).click();
        h.run();
        assert!(h.state().session.settings.text_boards);
        // The start node in the open list.
        h.get_by_label("283/104/765");
    }

    /// A board BFS needs well over 40 expansions for.
    fn long_run() -> Settings {
        Settings {
            puzzle: PuzzleSettings {
                board_text: "567408321".to_owned(),
                config: SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Manhattan),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        }
    }

    /// The labels `text` on screen inside the closed list's half of the window and above the
    /// plots.
    fn in_closed_list(h: &egui_kittest::Harness<'static, crate::app::App>, text: &str) -> usize {
        let left = h.get_by_label(text::t().closed_list).rect().left() - 2.0;
        let bottom = h.get_by_label(text::t().plot_counts).rect().top();
        h.query_all_by_label(text)
            .filter(|n| n.rect().left() >= left && n.rect().bottom() <= bottom)
            .count()
    }

    #[test]
    fn the_closed_list_follows_the_newest_row_until_scrolled_away() {
        let mut h = test_harness(long_run());
        h.run();
        for _ in 0..40 {
            h.state_mut().apply(Command::Step);
            h.run();
        }
        let newest = *h.state().session.lane(0).search().closed().last().unwrap();
        assert_eq!(h.state().session.steps(), 40);
        assert_eq!(in_closed_list(&h, "40"), 1, "the newest step is in view");
        assert_eq!(in_closed_list(&h, &format!("S{}", newest.0)), 1);
        assert_eq!(in_closed_list(&h, "1"), 0, "the first rows scrolled away");

        // Scrolling up stops following: the next steps stay out of view.
        for _ in 0..6 {
            let step = (1..=40)
                .rev()
                .map(|n| n.to_string())
                .find(|n| in_closed_list(&h, n) == 1)
                .unwrap();
            let left = h.get_by_label(text::t().closed_list).rect().left() - 2.0;
            h.query_all_by_label(&step)
                .find(|n| n.rect().left() >= left)
                .unwrap()
                .scroll_up();
            h.run();
        }
        assert!(!h.state().view.lists.follow.on);
        for _ in 0..5 {
            h.state_mut().apply(Command::Step);
            h.run();
        }
        assert_eq!(in_closed_list(&h, "45"), 0);
        // The box turns it on again.
        h.get_by_label(text::t().follow_newest).click();
        h.run();
        assert!(h.state().view.lists.follow.on);
        assert_eq!(in_closed_list(&h, "45"), 1);
    }

    #[test]
    fn the_nodes_just_added_to_open_and_just_closed_are_marked() {
        let problem =
            Problem::new("283104765".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let mut search = new_search(AnyProblem::Puzzle(problem), Default::default());
        assert!(fresh_nodes(search.as_ref()).is_empty());
        let first = search.step().unwrap().children.to_vec();
        let marks = fresh_nodes(search.as_ref());
        assert_eq!(marks.len(), 4);
        assert!(
            first
                .iter()
                .all(|c| marks.contains(&(c.node, Mark::Fresh(0))))
        );
        search.step();
        let marks = fresh_nodes(search.as_ref());
        // The newest children, then the older ones (still in open) fading.
        assert!(marks.iter().any(|m| m.1 == Mark::Fresh(0)));
        assert!(marks.contains(&(first[1].node, Mark::Fresh(1))));
        search.step();
        search.step();
        let marks = fresh_nodes(search.as_ref());
        assert!(first.iter().all(|c| marks.iter().all(|m| m.0 != c.node)));
    }

    #[test]
    fn hovering_a_row_marks_the_node_in_every_view() {
        let mut h = test_harness(Settings::default());
        h.run();
        h.state_mut().apply(Command::Step);
        h.run();
        let child = h.state().session.lane(0).open_snapshot()[0];
        h.get_all_by_label(&format!("S{}", child.0))
            .next()
            .unwrap()
            .hover();
        h.run();
        assert_eq!(h.state().view.hover.node(), Some(child));
    }

    #[test]
    fn only_a_pointer_over_a_plot_marks_the_step_it_points_at() {
        let mut h = test_harness(Settings::default());
        h.run();
        for _ in 0..4 {
            h.state_mut().apply(Command::Step);
            h.run();
        }
        let heading = h.get_by_label(text::t().plot_counts).rect();
        let x = heading.center().x;
        // In the menu bar, straight above the plot: no step is pointed at.
        h.hover_at(egui::pos2(x, 5.0));
        h.run();
        h.run();
        assert_eq!(h.state().view.hover.node(), None);
        // Inside the plot: the node its step expanded.
        h.hover_at(egui::pos2(x, heading.bottom() + 60.0));
        h.run();
        h.run();
        let closed = h.state().session.lane(0).search().closed().to_vec();
        let marked = h.state().view.hover.node().expect("a step is pointed at");
        assert!(closed.contains(&marked), "{marked:?} not in {closed:?}");
    }

    fn snapshot_options() -> egui_kittest::SnapshotOptions {
        egui_kittest::SnapshotOptions::new()
            .threshold(2.0)
            .max_failed_pixels(400)
    }

    /// An exercise after a wrong pick, on 4x4 with boards as text.
    #[test]
    fn snapshot_exercise_after_a_wrong_pick() {
        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                board_text: "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12".into(),
                goal_text: "blank-last".into(),
                ..PuzzleSettings::default()
            },
            exercise: true,
            text_boards: true,
            ..Settings::default()
        });
        h.run();
        for _ in 0..3 {
            h.state_mut().apply(Command::Reveal);
            h.run();
        }
        let wrong = *h.state().session.lane(0).open_by_id().last().unwrap();
        h.state_mut().apply(Command::Predict(wrong));
        h.run();
        assert_eq!(h.state().session.steps(), 3);
        h.snapshot_options("app_exercise_wrong", &snapshot_options());
    }
}
