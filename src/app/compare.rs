//! The compare view: 2 to 4 lanes on the same start and goal, stepped together, one card per
//! lane, overlaid plots and a summary table that can be copied as text.
//!
//! Reads the [`Session`] and pushes [`Command`]s like every panel; the lock-step itself
//! (finished lanes frozen, exact step back) lives in the session.

use egui::{Align, Align2, Color32, Layout, RichText, Ui, vec2};
use egui_plot::{AxisHints, Bar, BarChart, GridMark, Line, Plot, PlotPoint, PlotPoints, Text};

use super::config_editor::edit_config;
use super::domain_view::CardSize;
use super::model::command::Command;
use super::model::lane::Lane;
use super::model::session::{MAX_LANES, MIN_LANES, Session};
pub use super::model::summary::summary_rows;
use super::model::summary::{
    SUMMARY_COLUMNS, summary_header, summary_markdown, summary_tsv, weighted,
};
use super::model::text;
use super::palette;
use super::plot_axes::{
    compact_number, count_axis, empty_plot, line_style, power_of_ten_label, step_axis,
};
use super::widgets::{heuristic_check, setting_checkbox, word};
use crate::search::Status;

/// A lane card narrower than this is hard to read: the cards then stand in two rows.
const MIN_CARD_WIDTH: f32 = 250.0;

/// The signs on a narrow card's buttons: enlarge it, remove the lane.
const ENLARGE_SIGN: &str = "+";
const REMOVE_SIGN: &str = "\u{d7}";

/// The summary's share of the width when its own width is not known yet (its first frame).
const SUMMARY_SHARE: f32 = 0.36;

/// What the compare view's line plot follows over the steps (one line per lane). Totals are
/// the bar chart beside it: per step, every method generates about the same number of
/// children, so running totals over steps lie on top of each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Trace {
    #[default]
    Open,
    /// The nodes each algorithm holds: memory against the steps.
    Held,
    F,
    H,
}

impl Trace {
    const ALL: [Trace; 4] = [Trace::Open, Trace::Held, Trace::F, Trace::H];

    /// The selector's word: the textbook letters for f and h, so the row of choices stays
    /// one line beside the axis toggles.
    fn short(self) -> &'static str {
        match self {
            Trace::Open => text::t().series_open,
            Trace::Held => text::t().series_held_short,
            Trace::F => "f",
            Trace::H => "h",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Trace::Open => text::t().series_open,
            Trace::Held => text::t().series_held,
            Trace::F => text::t().plot_compare_f,
            Trace::H => text::t().plot_compare_h,
        }
    }

    fn points(self, lane: &Lane) -> &[[f64; 2]] {
        let plots = lane.plots();
        match self {
            Trace::Open => &plots.open,
            Trace::Held => &plots.held,
            Trace::F => &plots.f,
            Trace::H => &plots.h,
        }
    }

    /// Only counts get the log axis; f and h stay small.
    fn is_count(self) -> bool {
        matches!(self, Trace::Open | Trace::Held)
    }
}

/// What the compare view shows that only affects the view, and where it drew its parts this
/// frame (for the layout tests and the picture export).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CompareView {
    pub trace: Trace,
    /// A lane card shown alone across the width, large enough to point at from the back.
    pub enlarged: Option<usize>,
    /// Each lane card's rectangle as drawn this frame, in points, in lane order.
    pub card_rects: Vec<egui::Rect>,
    /// Each plot's rectangle as drawn this frame, in points.
    pub plot_rects: Vec<egui::Rect>,
    /// The strip the plots were drawn in this frame (their controls, titles and plots), or
    /// `None` where they were left out or drawn as a pane of their own.
    pub plots_pane: Option<egui::Rect>,
    /// Whether the plots were left out this frame: under the cards they would be shorter than
    /// a class can read, so they are one click (or the F key) away, maximised.
    pub plots_hidden: bool,
    /// Whether a summary column or row label was cut or scrolled out of view this frame.
    pub summary_clipped: bool,
    /// The summary table's size last frame: the column beside the cards is made that wide.
    summary_size: Option<egui::Vec2>,
    /// Whether this run has already turned on the share-of-run axis and the log axis for
    /// lanes far apart (once per run, so the teacher can turn them off again).
    auto_share_done: bool,
    auto_log_done: bool,
}

impl CompareView {
    /// Forgets where last frame's parts were; `plots_pane` is the strip of plots drawn alone.
    fn start_frame(&mut self, plots_pane: Option<egui::Rect>) {
        self.card_rects.clear();
        self.plot_rects.clear();
        self.plots_pane = plots_pane;
        self.plots_hidden = false;
        self.summary_clipped = false;
    }
}

/// The setup bar's row in compare mode: how many lanes, and a button for one more.
pub fn lanes_bar(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let n = session.settings.lane_count();
    ui.label(RichText::new(text::lane_count(n)).strong());
    if ui
        .add_enabled(n < MAX_LANES, egui::Button::new(text::t().add_lane))
        .clicked()
    {
        commands.push(Command::AddLane);
    }
    super::registry::view_of(session.settings.domain).lanes_options(ui, session, commands);
    if ui.button(text::t().experiments).clicked() {
        commands.push(Command::ShowExperiments);
    }
    if ui.button(text::t().inspector).clicked() {
        commands.push(Command::ShowInspector);
    }
}

/// Columns and rows of the grid of lane cards: one row while every card can be
/// [`MIN_CARD_WIDTH`] wide, else two rows (2x2 for four lanes, 2+1 for three).
pub fn card_grid(lanes: usize, width: f32, spacing: f32) -> (usize, usize) {
    let lanes = lanes.max(1);
    let in_one_row = (width - spacing * (lanes - 1) as f32) / lanes as f32;
    let columns = if in_one_row >= MIN_CARD_WIDTH || lanes == 1 {
        lanes
    } else {
        lanes.div_ceil(2)
    };
    (columns, lanes.div_ceil(columns))
}

/// The central area in compare mode: the summary in a column on the right, as tall as the
/// area (its rows and lane columns always whole), and on the left the lane cards in a grid
/// above the plots. Returns where the plots are (for exporting them as a picture).
pub fn body(
    ui: &mut Ui,
    session: &Session,
    view: &mut CompareView,
    commands: &mut Vec<Command>,
) -> Option<egui::Rect> {
    view.start_frame(None);
    // Whether the plots are shown or offered, they are ready to tell the runs apart.
    separate_lanes(session, view, commands);
    if session.lanes.is_empty() {
        return None;
    }
    if view.enlarged.is_some_and(|i| i >= session.lanes.len()) {
        view.enlarged = None;
    }
    let area = ui.available_rect_before_wrap();
    let gap = ui.spacing().item_spacing.x;
    // The summary as wide as its table was last frame (its columns are measured by drawing
    // them), but never more than half the width.
    // An enlarged card is shown to be pointed at: it takes the summary's width too.
    let summary_width = match view.enlarged {
        Some(_) => 0.0,
        None => view
            .summary_size
            .map_or(area.width() * SUMMARY_SHARE, |size| size.x + 12.0)
            .clamp(160.0, area.width() * 0.5),
    };
    let main_width = match view.enlarged {
        Some(_) => area.width(),
        None => area.width() - summary_width - 2.0 * gap - 2.0,
    };
    let height = area.height();
    let main = egui::Rect::from_min_size(area.min, vec2(main_width, height));
    let side =
        egui::Rect::from_min_max(egui::pos2(area.max.x - summary_width, area.min.y), area.max);
    ui.allocate_rect(area, egui::Sense::hover());
    if view.enlarged.is_none() {
        ui.painter().vline(
            main.max.x + gap,
            area.y_range(),
            ui.visuals().widgets.noninteractive.bg_stroke,
        );
        let mut side_ui = ui.new_child(
            egui::UiBuilder::new()
                .id_salt("compare_summary")
                .max_rect(side)
                .layout(Layout::top_down(Align::Min)),
        );
        side_ui.set_clip_rect(side.intersect(ui.clip_rect()));
        summary(&mut side_ui, session, view, area.width() * 0.5);
    }

    let mut main_ui = ui.new_child(
        egui::UiBuilder::new()
            .id_salt("compare_main")
            .max_rect(main)
            .layout(Layout::top_down(Align::Min)),
    );
    main_ui.set_clip_rect(main.intersect(ui.clip_rect()));
    let ui = &mut main_ui;
    let gap = ui.spacing().item_spacing;
    let (columns, rows) = match view.enlarged {
        Some(_) => (1, 1),
        None => card_grid(session.lanes.len(), main_width, gap.x),
    };
    // A card keeps its title, the head of open and the counts whole; the plots get a third
    // of the window (shorter, a class cannot read them) or are left out, one click away.
    let line = ui.text_style_height(&egui::TextStyle::Body) + gap.y;
    let card_least = 4.0 * line + 24.0;
    let domain = super::registry::view_of(session.settings.domain);
    // One picture of every lane needs the room of the problem pane: half the window, the
    // plots left out where that leaves them less than their third.
    let overlaid = domain.overlays(&session.settings);
    let cards_least = if overlaid {
        ui.ctx().content_rect().height() * 0.5
    } else {
        rows as f32 * card_least + gap.y * (rows - 1) as f32
    };
    let plots_least = ui.ctx().content_rect().height() / 3.0;
    // The space and the rule between the cards and the plots.
    let separator = 2.0 + 6.0 + ui.spacing().item_spacing.y * 3.0;
    view.plots_hidden = height - cards_least - separator < plots_least;
    // The cards take most of the height where the plots keep their third. An enlarged card
    // takes more, as it is shown to be pointed at.
    let share = if view.enlarged.is_some() { 0.72 } else { 0.62 };
    let cards_height = if view.plots_hidden {
        height
    } else {
        (height * share)
            .min(height - plots_least - separator)
            .max(cards_least)
    };
    let cards = egui::Rect::from_min_size(main.min, vec2(main_width, cards_height));
    ui.allocate_rect(cards, egui::Sense::hover());
    // A domain may draw every lane over one picture instead (a map's overlay).
    if overlaid {
        let mut overlay_ui = ui.new_child(egui::UiBuilder::new().max_rect(cards));
        domain.overlay(&mut overlay_ui, session, cards.size());
    } else {
        cards_in(ui, session, cards, (columns, rows), gap, view, commands);
    }
    if view.plots_hidden {
        return None;
    }
    ui.add_space(2.0);
    ui.separator();
    view.plots_pane = Some(ui.available_rect_before_wrap());
    plots(ui, session, view, commands);
    view.plot_rects.iter().copied().reduce(egui::Rect::union)
}

/// The lanes' cards in `cards`: the enlarged one alone, or all of them in `columns` x `rows`.
fn cards_in(
    ui: &mut Ui,
    session: &Session,
    cards: egui::Rect,
    (columns, rows): (usize, usize),
    gap: egui::Vec2,
    view: &mut CompareView,
    commands: &mut Vec<Command>,
) {
    if let Some(i) = view.enlarged {
        let rect = card_ui(ui, session, i, cards, CardSize::Large, view, commands);
        view.card_rects.push(rect);
        return;
    }
    let size = vec2(
        (cards.width() - gap.x * (columns - 1) as f32) / columns as f32,
        (cards.height() - gap.y * (rows - 1) as f32) / rows as f32,
    );
    for i in 0..session.lanes.len() {
        let (row, column) = (i / columns, i % columns);
        let min = cards.min + vec2(column as f32, row as f32) * (size + gap);
        let rect = egui::Rect::from_min_size(min, size);
        let drawn = card_ui(ui, session, i, rect, CardSize::Row, view, commands);
        view.card_rects.push(drawn);
    }
}

/// The compare view's plots filling the room `ui` gives them (maximised, or presentation
/// mode's plots). Returns where the plots are (for exporting them as a picture).
pub fn plots_pane(
    ui: &mut Ui,
    session: &Session,
    view: &mut CompareView,
    commands: &mut Vec<Command>,
) -> Option<egui::Rect> {
    view.start_frame(Some(ui.available_rect_before_wrap()));
    separate_lanes(session, view, commands);
    if session.lanes.is_empty() {
        return None;
    }
    plots(ui, session, view, commands);
    view.plot_rects.iter().copied().reduce(egui::Rect::union)
}

/// One lane card in `rect`: its frame fills the rectangle and the words scroll inside it
/// when they need more. Returns the frame's rectangle.
fn card_ui(
    ui: &mut Ui,
    session: &Session,
    i: usize,
    rect: egui::Rect,
    size: CardSize,
    view: &mut CompareView,
    commands: &mut Vec<Command>,
) -> egui::Rect {
    let mut card = ui.new_child(
        egui::UiBuilder::new()
            .id_salt(("lane_card", i))
            .max_rect(rect)
            .layout(Layout::top_down(Align::Min)),
    );
    card.set_clip_rect(rect.intersect(ui.clip_rect()));
    lane_card(&mut card, session, i, rect, size, view, commands)
}

/// One sentence on where a lane stands; a finished lane says it is frozen.
pub fn lane_state(lane: &Lane) -> String {
    let search = lane.search();
    let steps = search.steps();
    match search.status() {
        Status::Running if steps == 0 => text::lane_start(steps),
        Status::Running => text::lane_running(steps),
        Status::Solved { .. } => {
            let moves = search.solution().map_or(0, |p| p.len() - 1);
            text::lane_solved_frozen(steps, moves)
        }
        Status::Exhausted => text::lane_exhausted_frozen(steps),
        Status::LimitReached => text::lane_limit_frozen(steps),
    }
}

/// A lane card filling `rect`: the title (the method's name always whole), then the head of
/// open and the counts, then the boards and the rest, which scroll inside the card when it
/// is short. Returns the frame's rectangle.
fn lane_card(
    ui: &mut Ui,
    session: &Session,
    i: usize,
    rect: egui::Rect,
    size: CardSize,
    view: &mut CompareView,
    commands: &mut Vec<Command>,
) -> egui::Rect {
    let frame = egui::Frame::group(ui.style())
        .inner_margin(5)
        .stroke(egui::Stroke::new(3.0, session.lanes[i].color));
    let inner = (rect.size() - frame.total_margin().sum()).max(vec2(40.0, 20.0));
    frame
        .show(ui, |ui| {
            ui.set_min_size(inner);
            ui.set_max_size(inner);
            let lane = &session.lanes[i];
            let formula_below = card_title(ui, session, i, lane, size, view, commands);
            egui::ScrollArea::vertical()
                .id_salt(("lane_card_body", i))
                .auto_shrink([false, false])
                .min_scrolled_height(0.0)
                .max_height(ui.available_height())
                .show(ui, |ui| {
                    match size {
                        CardSize::Row => {
                            // After the head of open and the counts: the title has named the
                            // method, and a short card shows those first.
                            card_info(ui, lane);
                            if formula_below {
                                ui.label(formula_text(ui, lane));
                            }
                            card_row_body(ui, session, i, lane, commands);
                        }
                        CardSize::Large => {
                            if formula_below {
                                ui.label(formula_text(ui, lane));
                            }
                            card_large_body(ui, session, i, lane, commands);
                        }
                    }
                });
        })
        .response
        .rect
}

fn formula_text(ui: &Ui, lane: &Lane) -> RichText {
    RichText::new(text::engine::formula(lane.config().algorithm))
        .monospace()
        .color(ui.visuals().strong_text_color())
}

/// The card's title row: the lane's number and method in its colour, never cut; its formula
/// beside them when it fits whole, else on the next line (never split); the buttons on the
/// right of the first line, or of the second when the card is narrow. Returns whether the
/// formula still has to be written (below the title rows).
fn card_title(
    ui: &mut Ui,
    session: &Session,
    i: usize,
    lane: &Lane,
    size: CardSize,
    view: &mut CompareView,
    commands: &mut Vec<Command>,
) -> bool {
    let galley = |ui: &Ui, text: RichText| {
        egui::WidgetText::from(text).into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::FontSelection::Default,
        )
    };
    let name_at = |ui: &Ui, size: f32| {
        galley(
            ui,
            RichText::new(text::lane_short(i + 1, lane.config()))
                .strong()
                .size(size)
                .color(lane.color),
        )
    };
    let mut name = name_at(ui, 16.0);
    let formula = galley(ui, formula_text(ui, lane));
    let removable = session.lanes.len() > MIN_LANES;
    let toggle = match size {
        CardSize::Row => text::t().enlarge,
        CardSize::Large => text::t().all_lanes,
    };
    let gap = ui.spacing().item_spacing.x;
    let button_width = |label: &str| {
        let font = egui::TextStyle::Button.resolve(ui.style());
        ui.painter()
            .layout_no_wrap(label.to_owned(), font, Color32::WHITE)
            .size()
            .x
            + 2.0 * ui.spacing().button_padding.x
            + gap
    };
    let buttons_of = |toggle: &str, remove: &str| {
        button_width(toggle) + if removable { button_width(remove) } else { 0.0 }
    };
    let width = ui.available_width();
    let (name_w, formula_w) = (name.size().x + gap, formula.size().x + gap);
    // A narrow card in the grid writes its buttons as signs (named in full for screen
    // readers and on hover), so the title keeps one line.
    let compact =
        size == CardSize::Row && name_w + buttons_of(toggle, text::t().remove_lane) > width;
    let (toggle_sign, remove_sign) = if compact {
        (ENLARGE_SIGN, REMOVE_SIGN)
    } else {
        (toggle, text::t().remove_lane)
    };
    let buttons = buttons_of(toggle_sign, remove_sign);
    // A little smaller rather than the buttons on a line of their own.
    for smaller in [14.5, 13.0] {
        if name.size().x + gap + buttons > width {
            name = name_at(ui, smaller);
        }
    }
    let name_w = name.size().x + gap;
    let named = |response: egui::Response, name: &'static str| {
        if compact {
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::accesskit::Role::Button, true, name)
            });
            response.on_hover_text(name)
        } else {
            response
        }
    };
    let mut draw_buttons = |ui: &mut Ui| {
        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
            if removable && named(ui.small_button(remove_sign), text::t().remove_lane).clicked() {
                commands.push(Command::RemoveLane(i));
            }
            match size {
                CardSize::Row => {
                    if named(ui.small_button(toggle_sign), toggle).clicked() {
                        view.enlarged = Some(i);
                    }
                }
                CardSize::Large => {
                    if ui.button(toggle).clicked() {
                        view.enlarged = None;
                    }
                }
            }
        });
    };
    let buttons_first = name_w + buttons <= width;
    let formula_first = buttons_first && name_w + formula_w + buttons <= width;
    let mut formula_left = !formula_first;
    ui.horizontal(|ui| {
        ui.add(egui::Label::new(name).extend());
        if formula_first {
            ui.label(formula.clone());
        }
        if buttons_first {
            draw_buttons(ui);
        }
    });
    if !buttons_first {
        ui.horizontal(|ui| {
            if formula_w + buttons <= width {
                ui.label(formula.clone());
                formula_left = false;
            }
            draw_buttons(ui);
        });
    }
    formula_left
}

/// A card in the grid below the head of open and the counts (what the lesson compares):
/// the map or the boards in what is left, the settings and the check.
fn card_row_body(
    ui: &mut Ui,
    session: &Session,
    i: usize,
    lane: &Lane,
    commands: &mut Vec<Command>,
) {
    super::registry::view_of(session.settings.domain).card_picture(
        ui,
        session,
        i,
        lane,
        CardSize::Row,
    );
    card_settings(ui, i, lane, CardSize::Row, commands);
    heuristic_check(ui, lane);
    card_footer(ui, i, commands);
}

/// The enlarged card: the words on the left, the two boards (or the map) as large as the
/// card allows.
fn card_large_body(
    ui: &mut Ui,
    session: &Session,
    i: usize,
    lane: &Lane,
    commands: &mut Vec<Command>,
) {
    let height = ui.available_height();
    let words = (ui.available_width() * 0.4)
        .clamp(220.0, 360.0)
        .min(ui.available_width());
    ui.horizontal_top(|ui| {
        ui.allocate_ui_with_layout(vec2(words, height), Layout::top_down(Align::Min), |ui| {
            ui.set_width(words);
            // The check under the counts: the lesson points at it on an enlarged card.
            card_info(ui, lane);
            heuristic_check(ui, lane);
            card_settings(ui, i, lane, CardSize::Large, commands);
            card_footer(ui, i, commands);
        });
        ui.separator();
        ui.vertical(|ui| {
            super::registry::view_of(session.settings.domain).card_picture(
                ui,
                session,
                i,
                lane,
                CardSize::Large,
            );
        });
    });
}

/// The head of open, where the lane stands and its counts.
fn card_info(ui: &mut Ui, lane: &Lane) {
    let search = lane.search();
    open_head(ui, lane);
    let stats = search.stats();
    ui.horizontal_wrapped(|ui| {
        word(ui, text::lane_counts(stats.expanded, stats.generated));
        word(ui, text::lane_open(stats.open, stats.max_open));
    });
    let color = match search.status() {
        Status::Running => ui.visuals().strong_text_color(),
        Status::Solved { .. } => palette::NEW,
        _ => ui.visuals().warn_fg_color,
    };
    ui.add(egui::Label::new(RichText::new(lane_state(lane)).strong().color(color)).wrap());
}

/// The next nodes the lane will expand, in pop order, each with its f (and g and h when the
/// card is wide): the queues lesson 1 asks the class to compare. The same pop-order snapshot
/// the single view's open table shows. An entry is never broken across lines.
fn open_head(ui: &mut Ui, lane: &Lane) {
    let search = lane.search();
    let open = lane.open_snapshot();
    let strong = ui.visuals().strong_text_color();
    let with_gh = ui.available_width() >= 380.0;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 10.0;
        word(ui, RichText::new(text::card_open(open.len())).strong());
        if open.is_empty() {
            word(
                ui,
                RichText::new(text::t().open_empty).color(ui.visuals().weak_text_color()),
            );
            return;
        }
        // Up to three, as many as the rest of the line holds (at least one): a second line
        // would push the counts out of a short card.
        let font = egui::TextStyle::Body.resolve(ui.style());
        let mut room = ui.available_width();
        for (k, &id) in open.iter().take(3).enumerate() {
            let node = search.node(id);
            let entry = if with_gh {
                text::card_open_ghf(id.0, node.g, node.h, node.f)
            } else {
                text::card_open_f(id.0, node.f)
            };
            let width = ui
                .painter()
                .layout_no_wrap(entry.clone(), font.clone(), strong)
                .size()
                .x
                + ui.spacing().item_spacing.x;
            if k > 0 && width > room {
                break;
            }
            room -= width;
            ui.add(egui::Label::new(RichText::new(entry).strong().color(strong)).extend());
        }
    });
}

/// The method's settings, folded in the row of cards so the words get the room.
fn card_settings(ui: &mut Ui, i: usize, lane: &Lane, size: CardSize, commands: &mut Vec<Command>) {
    let config = *lane.config();
    egui::CollapsingHeader::new(text::t().lane_settings)
        .id_salt(("lane_config", i))
        .default_open(size == CardSize::Large)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().slider_width = 90.0;
                let next = edit_config(ui, &config, true);
                if next != config {
                    commands.push(Command::SetLaneConfig(i, next));
                }
            });
        });
}

/// The live check and the way to the single view.
fn card_footer(ui: &mut Ui, i: usize, commands: &mut Vec<Command>) {
    if ui.small_button(text::t().open_in_single).clicked() {
        commands.push(Command::FocusLane(i));
    }
}

/// The lanes' names in their colours: the key to both plots (and the summary's columns).
fn lane_key(ui: &mut Ui, session: &Session) {
    for (i, lane) in session.lanes.iter().enumerate() {
        ui.label(
            RichText::new(text::lane_short(i + 1, lane.config()))
                .strong()
                .color(lane.color),
        );
    }
}

/// Where a lane's point goes on the line plot's x axis: its step, or its share (0-100 %) of
/// the steps the lane has taken, so a lane that finished early spans the width too.
pub fn trace_x(step: f64, lane_steps: usize, share: bool) -> f64 {
    if share {
        step / lane_steps.max(1) as f64 * 100.0
    } else {
        step
    }
}

/// The x of each bar: expanded for every lane, a gap, then generated for every lane, so the
/// lanes' bars of one measure stand side by side in the lanes' colours.
fn bar_x(measure: usize, lane: usize, lanes: usize) -> f64 {
    (measure * (lanes + 1) + lane) as f64
}

/// Whether the largest of `values` is more than ten times the smallest: on a shared linear
/// axis the small one would then be a sliver.
pub fn far_apart(values: impl IntoIterator<Item = usize>) -> bool {
    let (low, high) = values
        .into_iter()
        .fold((usize::MAX, 0), |(low, high), v| (low.min(v), high.max(v)));
    high > 10 * low.max(1)
}

/// Turns on the share-of-run axis when the lanes' steps are far apart and the log axis when
/// their counts are, once per run: a finished A* at 35 steps beside BFS at 1,477 would be a
/// sliver on a shared step axis. The teacher may turn either off again.
fn separate_lanes(session: &Session, view: &mut CompareView, commands: &mut Vec<Command>) {
    if session.clock() == 0 {
        view.auto_share_done = false;
        view.auto_log_done = false;
        return;
    }
    if !view.auto_share_done && far_apart(session.lanes.iter().map(Lane::steps)) {
        view.auto_share_done = true;
        if !session.settings.share_of_run {
            commands.push(Command::SetShareOfRun(true));
        }
    }
    let generated = session
        .lanes
        .iter()
        .map(|lane| lane.search().stats().generated as usize);
    if !view.auto_log_done && far_apart(generated) {
        view.auto_log_done = true;
        if !session.settings.log_counts {
            commands.push(Command::SetLogCounts(true));
        }
    }
}

fn plots(ui: &mut Ui, session: &Session, view: &mut CompareView, commands: &mut Vec<Command>) {
    let log = session.settings.log_counts;
    let share = session.settings.share_of_run;
    let text_color = ui.visuals().strong_text_color();
    let pane_height = ui.available_height();
    ui.horizontal_wrapped(|ui| {
        let t = text::t();
        setting_checkbox(
            ui,
            log,
            t.log_y,
            t.log_y_hint,
            Command::SetLogCounts,
            commands,
        );
        let (title, hint) = (t.share_of_run, t.share_of_run_hint);
        setting_checkbox(ui, share, title, hint, Command::SetShareOfRun, commands);
        ui.separator();
        for t in Trace::ALL {
            let choice = ui
                .selectable_label(view.trace == t, t.short())
                .on_hover_text(t.title());
            if choice.clicked() {
                view.trace = t;
            }
        }
        // The key only where there is room for it beside the plots' own lines.
        if pane_height > 220.0 {
            ui.separator();
            lane_key(ui, session);
        }
    });
    let title_height = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let height = (ui.available_height() - title_height - 4.0).max(40.0);
    let empty = session.clock() == 0;
    let trace = view.trace;
    let rects = ui.columns(2, |columns| {
        let ui = &mut columns[0];
        // One line each, so the plots below keep their height; the whole title on hover.
        let totals = text::plot_compare_totals(log);
        ui.add(egui::Label::new(RichText::new(&totals).strong().color(text_color)).truncate())
            .on_hover_text(totals);
        let bars_rect = if empty {
            ui.scope(|ui| empty_plot(ui, height, text::t().plot_empty_bars))
                .response
                .rect
        } else {
            ui.scope(|ui| bars(ui, session, height, log)).response.rect
        };

        let ui = &mut columns[1];
        let log = log && trace.is_count();
        let over = text::plot_compare_over(trace.title(), share, log);
        ui.add(egui::Label::new(RichText::new(&over).strong().color(text_color)).truncate())
            .on_hover_text(over);
        let lines_rect = if empty {
            ui.scope(|ui| empty_plot(ui, height, text::t().plot_empty_lines))
                .response
                .rect
        } else {
            ui.scope(|ui| lines(ui, session, trace, height, share, log))
                .response
                .rect
        };
        [bars_rect, lines_rect]
    });
    view.plot_rects.extend(rects);
}

/// Expanded and generated so far, one bar per lane and measure, the value written on top
/// when every label fits above its bar (else the summary beside has the numbers).
fn bars(ui: &mut Ui, session: &Session, height: f32, log: bool) {
    let n = session.lanes.len();
    let measures = [text::t().series_expanded, text::t().series_generated];
    let value = |v: u32| {
        let v = f64::from(v);
        if log { v.max(1.0).log10() } else { v }
    };
    // The measure's name under the middle of its group, nowhere else.
    let centers: Vec<f64> = (0..measures.len())
        .map(|m| (bar_x(m, 0, n) + bar_x(m, n - 1, n)) / 2.0)
        .collect();
    let spacer_centers = centers.clone();
    let x_axis = AxisHints::new_x().formatter(move |mark, _| {
        centers
            .iter()
            .position(|c| (c - mark.value).abs() < 1e-6)
            .map_or(String::new(), |m| measures[m].to_owned())
    });
    let y_axis = if log {
        AxisHints::new_y()
            .min_thickness(40.0)
            .formatter(|mark, _| power_of_ten_label(mark.value))
    } else {
        count_axis()
    };
    // One bar's share of the plot's width, in points (the y axis takes about 40): the labels
    // are drawn at the largest size at which the widest fits it, or not at all.
    let span = bar_x(1, n - 1, n) + 1.4;
    let slot = (ui.available_width() - 44.0) / span as f32;
    let widest = session
        .lanes
        .iter()
        .flat_map(|lane| {
            let stats = lane.search().stats();
            [stats.expanded, stats.generated]
        })
        .map(|count| compact_number(f64::from(count)))
        .max_by_key(|label| label.len())
        .unwrap_or_default();
    // A plot too short has no room above its bars either.
    let label_size = [15.0, 13.0, 11.0]
        .into_iter()
        .filter(|_| height >= 90.0)
        .find(|&size| {
            let galley = ui.painter().layout_no_wrap(
                widest.clone(),
                egui::FontId::proportional(size),
                Color32::WHITE,
            );
            // The bar is 0.8 of its slot; neighbours' labels keep a gap of the rest.
            galley.size().x + 4.0 <= slot * 0.8
        });
    // Room above the tallest bar for the number written on it.
    let top = session
        .lanes
        .iter()
        .map(|lane| {
            value(
                lane.search()
                    .stats()
                    .generated
                    .max(lane.search().stats().expanded),
            )
        })
        .fold(1.0, f64::max);
    let headroom = if label_size.is_some() { 1.3 } else { 1.05 };
    Plot::new("compare_bars")
        .height(height)
        .include_y(top * headroom)
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_boxed_zoom(false)
        .show_x(false)
        .include_y(0.0)
        .include_x(-0.7)
        .include_x(bar_x(1, n - 1, n) + 0.7)
        .set_margin_fraction(vec2(0.0, 0.05))
        .show_grid([false, true])
        .x_grid_spacer(move |_| {
            spacer_centers
                .iter()
                .map(|&value| GridMark {
                    value,
                    step_size: 1000.0,
                })
                .collect()
        })
        .custom_x_axes(vec![x_axis])
        .custom_y_axes(vec![y_axis])
        .show(ui, |plot| {
            for (i, lane) in session.lanes.iter().enumerate() {
                let stats = lane.search().stats();
                let name = text::lane_short(i + 1, lane.config());
                let counts = [stats.expanded, stats.generated];
                let bars = counts
                    .iter()
                    .enumerate()
                    .map(|(m, &count)| {
                        Bar::new(bar_x(m, i, n), value(count))
                            .width(0.8)
                            .fill(Color32::from(lane.color).gamma_multiply(0.85))
                            .name(format!("{name}: {} {count}", measures[m]))
                    })
                    .collect();
                plot.bar_chart(BarChart::new(name.clone(), bars).color(lane.color));
                let Some(size) = label_size else { continue };
                for (m, &count) in counts.iter().enumerate() {
                    plot.text(
                        Text::new(
                            "",
                            PlotPoint::new(bar_x(m, i, n), value(count)),
                            RichText::new(compact_number(f64::from(count)))
                                .size(size)
                                .strong()
                                .color(lane.color),
                        )
                        .anchor(Align2::CENTER_BOTTOM),
                    );
                }
            }
        });
}

/// One line per lane over its steps (or its share of its own run).
fn lines(ui: &mut Ui, session: &Session, trace: Trace, height: f32, share: bool, log: bool) {
    let x_axis = if share {
        AxisHints::new_x()
            .label(text::t().axis_share)
            .label_spacing(56.0..=80.0)
            .formatter(|mark, _| {
                if (0.0..=100.0).contains(&mark.value) && mark.value.fract() == 0.0 {
                    format!("{}%", mark.value)
                } else {
                    String::new()
                }
            })
    } else {
        step_axis()
    };
    let y_axis = if log {
        AxisHints::new_y()
            .min_thickness(40.0)
            .formatter(|mark, _| power_of_ten_label(mark.value))
    } else {
        count_axis()
    };
    let mut plot = Plot::new(("compare_lines", share))
        .height(height)
        .allow_scroll(false)
        .include_x(0.0)
        .include_y(0.0)
        .custom_x_axes(vec![x_axis])
        .custom_y_axes(vec![y_axis]);
    if share {
        // Quarters: steps of 10 % would be too close for their labels on a narrow plot.
        plot = plot.include_x(100.0).x_grid_spacer(|_| {
            (0..=4)
                .map(|q| GridMark {
                    value: f64::from(q) * 25.0,
                    step_size: 25.0,
                })
                .collect()
        });
    }
    plot.show(ui, |plot| {
        for (i, lane) in session.lanes.iter().enumerate() {
            let name = text::lane_short(i + 1, lane.config());
            let steps = lane.steps();
            let points = trace.points(lane);
            let series: PlotPoints<'_> = points
                .iter()
                .map(|&[x, y]| {
                    let y = if log { y.max(1.0).log10() } else { y };
                    [trace_x(x, steps, share), y]
                })
                .collect();
            plot.line(
                Line::new(name, series)
                    .color(lane.color)
                    .style(line_style(lane.variant))
                    .width(2.5),
            );
        }
    });
}

/// The summary on screen: one row per measure, one column per lane headed by its method in
/// its colour (a word a line, so four lanes fit the column), counts in the short form. The
/// copied text has one row per lane and the full numbers, the shape a slide or a spreadsheet
/// wants. Notes in `view` whether anything was cut.
fn summary(ui: &mut Ui, session: &Session, view: &mut CompareView, max_width: f32) {
    let rows = summary_rows(session);
    let configs: Vec<_> = session.lanes.iter().map(|lane| *lane.config()).collect();
    let whole: Vec<[String; SUMMARY_COLUMNS]> =
        rows.iter().map(|row| row.screen_cells(false)).collect();
    // The counts whole, as the guide's tables give them, where the column holds them.
    let cells = if summary_width(ui, &whole, &configs) + 12.0 <= max_width {
        whole
    } else {
        rows.iter().map(|row| row.screen_cells(true)).collect()
    };
    let output = egui::ScrollArea::vertical()
        .id_salt("summary_scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let table = egui::Grid::new("summary")
                .striped(true)
                .spacing([7.0, 2.0])
                .show(ui, |ui| {
                    ui.label(
                        RichText::new(text::t().summary)
                            .strong()
                            .color(ui.visuals().strong_text_color()),
                    );
                    for (i, row) in rows.iter().enumerate() {
                        let words = summary_heading(i, &configs[i]);
                        ui.add(
                            egui::Label::new(RichText::new(words).strong().color(row.color))
                                .extend(),
                        );
                    }
                    ui.end_row();
                    let header = summary_header(weighted(&rows));
                    for (c, title) in header.iter().enumerate().skip(1) {
                        let response =
                            ui.add(egui::Label::new(RichText::new(*title).strong()).extend());
                        match c {
                            6 => {
                                response.on_hover_text(text::t().peak_held_hint);
                            }
                            7 => {
                                response.on_hover_text(text::t().reexpanded_hint);
                            }
                            8 => {
                                response.on_hover_text(text::t().bstar_hint);
                            }
                            9 => {
                                response.on_hover_text(text::t().time_hint);
                            }
                            _ => {}
                        }
                        for lane in &cells {
                            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                                ui.add(egui::Label::new(&lane[c]).extend());
                            });
                        }
                        ui.end_row();
                    }
                })
                .response
                .rect
                .size();
            // Below the table: what may scroll out first is the copying, not a measure.
            ui.horizontal_wrapped(|ui| {
                if ui.button(text::t().copy_markdown).clicked() {
                    ui.ctx().copy_text(summary_markdown(&rows));
                }
                if ui.button(text::t().copy_tsv).clicked() {
                    ui.ctx().copy_text(summary_tsv(&rows));
                }
            });
            table
        });
    let table = output.inner;
    view.summary_size = Some(table);
    let viewport = output.inner_rect.size();
    view.summary_clipped = table.x > viewport.x + 1.0 || table.y > viewport.y + 1.0;
}

/// A lane's column heading in the summary: its number with the method's first word, then a
/// word a line, so four lanes fit the column.
fn summary_heading(i: usize, config: &super::model::domain::Config) -> String {
    let method = text::method_short(config);
    let mut words = method.split(' ');
    let first = words.next().unwrap_or_default();
    std::iter::once(format!("{} {first}", i + 1))
        .chain(words.map(str::to_owned))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The width of the summary table drawn with `cells`: the row titles' column and each lane's
/// column (its heading's widest word or its widest cell), with the grid's spacing.
fn summary_width(
    ui: &Ui,
    cells: &[[String; SUMMARY_COLUMNS]],
    configs: &[super::model::domain::Config],
) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = |text: &str| {
        text.lines()
            .map(|line| {
                ui.painter()
                    .layout_no_wrap(line.to_owned(), font.clone(), egui::Color32::WHITE)
                    .size()
                    .x
            })
            .fold(0.0, f32::max)
    };
    // Either header's titles: the column is as wide on a map as on a board.
    let titles = summary_header(false)
        .iter()
        .chain(&summary_header(true))
        .skip(1)
        .chain(std::iter::once(&text::t().summary))
        .map(|t| width(t))
        .fold(0.0, f32::max);
    let lanes: f32 = cells
        .iter()
        .zip(configs)
        .enumerate()
        .map(|(i, (lane, config))| {
            lane.iter()
                .skip(1)
                .map(|c| width(c))
                .fold(width(&summary_heading(i, config)), f32::max)
        })
        .sum();
    titles + lanes + 7.0 * cells.len() as f32
}

#[cfg(test)]
mod tests {
    use crate::app::model::domain::AnyState;
    use crate::app::puzzle::puzzle_model::PuzzleEdit;
    use crate::search::NodeId;
    use egui_kittest::Harness;
    use egui_kittest::kittest::{NodeT, Queryable};

    use super::*;
    use crate::app::model::arrangement::{Arrangement, Pane};
    use crate::app::model::domain::AnyAction;
    use crate::app::model::session::Config;
    use crate::app::puzzle::puzzle_model::PuzzleSettings;
    use crate::app::{App, Settings};
    use crate::domains::puzzle::{Board, DistanceTable, Rng, SearchConfig};
    use crate::search::Node;
    use crate::search::{Algorithm, GoalTest};

    fn harness(settings: Settings) -> Harness<'static, App> {
        crate::app::test_harness(settings)
    }

    fn compare(board: &str) -> Settings {
        Settings {
            puzzle: PuzzleSettings {
                board_text: board.to_owned(),
                ..PuzzleSettings::default()
            },
            compare: true,
            ..Settings::default()
        }
    }

    /// A 3x3 board `d` moves from the default goal.
    fn board_at(d: u8) -> String {
        let goal: Board = "123804765".parse().unwrap();
        let table = DistanceTable::new(&goal).unwrap();
        table.random_at(d, &mut Rng::new(5)).unwrap().to_string()
    }

    fn steps(app: &App) -> Vec<usize> {
        app.session.lanes.iter().map(Lane::steps).collect()
    }

    /// Every lane's open list in pop order, with the node records.
    fn open_lists(app: &App) -> Vec<Vec<(NodeId, Node<AnyState, AnyAction>)>> {
        app.session
            .lanes
            .iter()
            .map(|lane| {
                let search = lane.search();
                search
                    .open_nodes()
                    .map(|id| (id, *search.node(id)))
                    .collect()
            })
            .collect()
    }

    fn click_step(h: &mut Harness<'_, App>) {
        // The accessibility action: repeated pointer clicks on one spot read as double clicks.
        h.get_by_label("Step Space").click_accesskit();
        h.run();
    }

    #[test]
    fn the_toggle_opens_four_default_lanes_and_one_step_steps_them_all() {
        // 16 moves from the goal; the blank's first move (up) is not the one A* prefers.
        let mut h = harness(Settings {
            puzzle: PuzzleSettings {
                board_text: "723164850".to_owned(),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        h.run();
        assert_eq!(h.state().session.lanes.len(), 1);
        h.get_by_label(text::t().compare).click();
        h.run();
        let configs: Vec<_> = h
            .state()
            .session
            .lanes
            .iter()
            .map(|l| *l.config())
            .collect();
        let defaults: Vec<Config> = crate::app::puzzle::puzzle_model::default_lanes()
            .into_iter()
            .map(Config::from)
            .collect();
        assert_eq!(configs, defaults);
        for (i, config) in configs.iter().enumerate() {
            // The card's heading names the method.
            assert!(h.get_all_by_label(&text::lane_short(i + 1, config)).count() >= 1);
        }
        assert_eq!(steps(h.state()), [0, 0, 0, 0]);
        click_step(&mut h);
        assert_eq!(steps(h.state()), [1, 1, 1, 1]);
        h.key_press(egui::Key::Space);
        h.run();
        assert_eq!(steps(h.state()), [2, 2, 2, 2]);
        // Each lane made its own second expansion, the one its config makes when run alone:
        // BFS takes the start's first child, A* the child of least f, another board here.
        let second: Vec<AnyState> = h
            .state()
            .session
            .lanes
            .iter()
            .map(|l| l.search().node(l.search().closed()[1]).state)
            .collect();
        for (lane, board) in h.state().session.lanes.iter().zip(&second) {
            let mut alone =
                crate::search::new_search(lane.search().problem().clone(), *lane.config());
            alone.run(2);
            assert_eq!(
                alone.node(alone.closed()[1]).state,
                *board,
                "{:?}",
                lane.config()
            );
        }
        let start = h
            .state()
            .session
            .lane(0)
            .search()
            .problem()
            .puzzle()
            .unwrap()
            .start();
        let first_child = start.successors().next().map(|(b, _)| AnyState::Puzzle(b));
        assert_eq!(Some(second[0]), first_child);
        assert_ne!(
            second[0], second[2],
            "BFS and A* pick different second nodes"
        );
        assert_eq!(h.get_all_by_label_contains("running · step 2").count(), 4);
    }

    #[test]
    fn a_finished_lane_stays_frozen_and_says_so_while_the_others_go_on() {
        let mut h = harness(compare("283104765"));
        h.run();
        // A* with Manhattan solves this 4-move board in 5 steps; BFS needs many more.
        while h.state().session.lane(2).is_running() {
            click_step(&mut h);
        }
        let solved_at = h.state().session.lane(2).steps();
        assert!(h.state().session.lane(0).is_running(), "BFS still running");
        let label = text::lane_solved_frozen(solved_at, 4);
        // Both A* lanes and greedy solve this easy board at the same step; each card says so.
        let frozen = |h: &Harness<'_, App>| h.get_all_by_label(&label).count();
        assert_eq!(frozen(&h), 3);
        for _ in 0..3 {
            click_step(&mut h);
        }
        let s = steps(h.state());
        assert_eq!(s[2], solved_at, "frozen lane did not move");
        assert_eq!(s[0], solved_at + 3, "BFS went on");
        assert_eq!(frozen(&h), 3);
        assert!(
            h.query_by_label(&text::lane_running(solved_at + 3))
                .is_some(),
            "the BFS card says it is running"
        );
    }

    #[test]
    fn step_back_restores_every_lane_exactly_and_keeps_a_frozen_lane_frozen() {
        let mut h = harness(compare("283104765"));
        h.run();
        while h.state().session.lane(2).is_running() {
            click_step(&mut h);
        }
        let solved_at = h.state().session.lane(2).steps();
        click_step(&mut h);
        let before = open_lists(h.state());
        let steps_before = steps(h.state());
        let history_before: Vec<usize> = h
            .state()
            .session
            .lanes
            .iter()
            .map(|l| l.history().len())
            .collect();
        for _ in 0..4 {
            click_step(&mut h);
        }
        assert_ne!(open_lists(h.state()), before);
        for _ in 0..4 {
            h.key_press(egui::Key::Backspace);
            h.run();
        }
        assert_eq!(steps(h.state()), steps_before);
        assert_eq!(open_lists(h.state()), before);
        let history: Vec<usize> = h
            .state()
            .session
            .lanes
            .iter()
            .map(|l| l.history().len())
            .collect();
        assert_eq!(history, history_before);
        // The caches the cards draw from are exact too.
        for lane in &h.state().session.lanes {
            let open: Vec<NodeId> = lane.search().open_nodes().collect();
            assert_eq!(lane.open_snapshot(), &open[..]);
        }
        // Back past the step the A* lane finished at: it comes back to life.
        h.key_press(egui::Key::Backspace);
        h.run();
        assert_eq!(h.state().session.lane(2).steps(), solved_at);
        h.key_press(egui::Key::Backspace);
        h.run();
        assert_eq!(h.state().session.lane(2).steps(), solved_at - 1);
        assert!(h.state().session.lane(2).is_running());
    }

    #[test]
    fn summary_has_the_length_optimality_and_branching_factor() {
        let mut h = harness(compare("283104765"));
        h.run();
        h.get_by_label("Run to end End").click();
        h.run();
        let rows = summary_rows(&h.state().session);
        assert_eq!(rows.len(), 4);
        // The start is 4 moves from the goal: BFS and A* are optimal.
        for row in &rows[..3] {
            assert_eq!(row.length, Some(4), "{}", row.lane);
            assert_eq!(row.optimal, Some(true), "{}", row.lane);
        }
        // b* solves N + 1 = 1 + b + b^2 + b^3 + b^4.
        for row in &rows {
            let b = row.branching.unwrap();
            let d = row.length.unwrap() as i32;
            let total: f64 = (0..=d).map(|i| b.powi(i)).sum();
            assert!((total - (f64::from(row.generated) + 1.0)).abs() < 1e-6);
        }
        // A* with Manhattan generates fewer nodes than with misplaced tiles, and BFS most.
        assert!(rows[2].generated <= rows[1].generated);
        assert!(rows[1].generated < rows[0].generated);
        assert!(rows[2].branching.unwrap() < rows[0].branching.unwrap());
        let markdown = summary_markdown(&rows);
        assert!(markdown.starts_with("| lane | length | optimal |"));
        assert!(markdown.contains(&format!(
            "| 3 A* manhattan | 4 | yes | {} | {} |",
            rows[2].expanded, rows[2].generated
        )));
        assert_eq!(summary_tsv(&rows).lines().count(), 5);
        h.get_by_label(text::t().copy_markdown).click();
        h.run();
        // A greedy solution longer than the optimum is flagged.
        let mut h = harness(compare(&board_at(16)));
        h.run();
        h.state_mut().apply(Command::RunToEnd);
        h.run();
        let rows = summary_rows(&h.state().session);
        assert_eq!(rows[2].length, Some(16));
        assert_eq!(rows[2].optimal, Some(true));
        let greedy = &rows[3];
        assert_eq!(greedy.optimal, Some(greedy.length == Some(16)));
    }

    /// A 4x4 goal has no distance table: h* is known for the boards near it only, so the
    /// summary says "optimal" there and "unknown" further away.
    #[test]
    fn optimality_on_4x4_is_known_near_the_goal_only() {
        let mut settings = compare("123456789abcdef0");
        settings.puzzle.goal_text = "blank-last".into();
        let mut h = harness(settings);
        h.run();
        h.state_mut().apply(Command::edit(PuzzleEdit::MoveTile(14)));
        h.run();
        h.state_mut().apply(Command::RunToEnd);
        h.run();
        let rows = summary_rows(&h.state().session);
        assert_eq!(rows[2].length, Some(1));
        wait_for_distances(&mut h);
        let rows = summary_rows(&h.state().session);
        assert_eq!(rows[2].optimal, Some(true));
        let goal = Board::blank_last(4);
        let far = crate::domains::puzzle::scramble(&goal, 200, &mut Rng::new(5));
        let exact = h.state().session.h_star().unwrap();
        assert_eq!(exact.of(&AnyState::Puzzle(far)), None);
        assert!(exact.near_goal_only());
    }

    #[test]
    fn a_lane_opens_in_the_single_view_with_its_run() {
        let mut h = harness(compare(&board_at(16)));
        h.run();
        for _ in 0..6 {
            click_step(&mut h);
        }
        let open = open_lists(h.state())[2].clone();
        // Scrolled into the card's body: the accessibility action reaches it.
        h.get_all_by_label(text::t().open_in_single)
            .nth(2)
            .unwrap()
            .click_accesskit();
        h.run();
        let session = &h.state().session;
        assert!(!session.settings.compare);
        assert_eq!(session.lanes.len(), 1);
        assert_eq!(
            session.settings.puzzle.config,
            crate::app::puzzle::puzzle_model::default_lanes()[2]
        );
        assert_eq!(session.steps(), 6);
        assert_eq!(open_lists(h.state())[0], open);
        // Back to compare: every lane is replayed to the same step.
        h.get_by_label(text::t().compare).click();
        h.run();
        assert_eq!(steps(h.state()), [6, 6, 6, 6]);
        assert_eq!(open_lists(h.state())[2], open);
    }

    #[test]
    fn changing_one_lane_restarts_it_at_the_clock_and_lanes_can_be_added_and_removed() {
        let mut h = harness(compare(&board_at(16)));
        h.run();
        for _ in 0..3 {
            click_step(&mut h);
        }
        let others = open_lists(h.state());
        let mut config = *h.state().session.lane(1).config();
        config.heuristic = crate::domains::puzzle::HeuristicKind::LinearConflict.into();
        h.state_mut().apply(Command::SetLaneConfig(1, config));
        h.run();
        assert_eq!(steps(h.state()), [3, 3, 3, 3]);
        let now = open_lists(h.state());
        assert_eq!(now[0], others[0]);
        assert_eq!(now[2], others[2]);
        assert_eq!(
            Config::from(h.state().session.settings.puzzle.lanes[1]),
            config
        );

        h.get_by_label(text::t().add_lane).click();
        h.run();
        assert_eq!(steps(h.state()), [3, 3, 3, 3]);
        assert!(
            h.get_by_label(text::t().add_lane)
                .accesskit_node()
                .is_disabled()
        );
        // Remove lane 1: the lanes keep their methods' colours in their new places.
        h.get_all_by_label(text::t().remove_lane)
            .next()
            .unwrap()
            .click();
        h.run();
        let session = &h.state().session;
        assert_eq!(session.lanes.len(), 3);
        assert_eq!(
            session.lane(0).color,
            crate::app::model::lane::method_color(
                Algorithm::AStar,
                crate::domains::puzzle::HeuristicKind::LinearConflict.into()
            )
        );
        assert_eq!(*session.lane(0).config(), config);
    }

    #[test]
    fn goal_test_at_generation_is_offered_for_bfs_only_and_changes_the_counts() {
        let mut h = harness(Settings {
            puzzle: PuzzleSettings {
                board_text: board_at(10),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        h.run();
        assert!(
            h.query_by_label(text::t().goal_test_on_generation)
                .is_none()
        );
        h.get_by_role_and_label(egui::accesskit::Role::ComboBox, text::t().algorithm)
            .click();
        h.run();
        h.get_by_label(Algorithm::BreadthFirst.title()).click();
        h.run();
        h.get_by_label("Run to end End").click();
        h.run();
        let at_expansion = h.state().session.lane(0).search().stats();
        h.get_by_label(text::t().goal_test_on_generation).click();
        h.run();
        assert_eq!(
            h.state().session.settings.puzzle.config.goal_test,
            GoalTest::OnGeneration
        );
        h.get_by_label("Run to end End").click();
        h.run();
        let search = h.state().session.lane(0).search();
        assert_eq!(search.solution().unwrap().len() - 1, 10);
        let at_generation = search.stats();
        assert!(
            at_generation.generated < at_expansion.generated,
            "{at_generation:?} vs {at_expansion:?}"
        );
        assert!(at_generation.expanded < at_expansion.expanded);
        // Leaving BFS drops the option (the engine refuses it elsewhere) and hides the box.
        h.get_by_role_and_label(egui::accesskit::Role::ComboBox, text::t().algorithm)
            .click();
        h.run();
        h.get_by_label(Algorithm::AStar.title()).click();
        h.run();
        assert!(
            h.query_by_label(text::t().goal_test_on_generation)
                .is_none()
        );
        assert_eq!(
            h.state().session.settings.puzzle.config.goal_test,
            GoalTest::OnExpansion
        );
        assert!(h.state().session.problem.is_ok());
        // Nor for any other algorithm.
        for algorithm in [
            Algorithm::UniformCost,
            Algorithm::Greedy,
            Algorithm::WeightedAStar,
        ] {
            h.state_mut().apply(Command::SetConfig(
                SearchConfig::with(algorithm, crate::domains::puzzle::HeuristicKind::Manhattan)
                    .into(),
            ));
            h.run();
            assert!(
                h.query_by_label(text::t().goal_test_on_generation)
                    .is_none()
            );
        }
    }

    /// Steps frames until h* for the goal has been built in the background (at most a minute):
    /// the heuristic check line reads differently before and after.
    fn wait_for_distances(h: &mut Harness<'static, App>) {
        let started = std::time::Instant::now();
        while h.state().session.h_star().is_none() {
            h.step();
            assert!(started.elapsed().as_secs() < 60, "h* never arrived");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    #[test]
    fn snapshot_compare_mid_run() {
        let mut h = harness(Settings {
            log_counts: true,
            ..compare(&board_at(12))
        });
        h.run();
        wait_for_distances(&mut h);
        for _ in 0..30 {
            h.state_mut().apply(Command::Step);
        }
        h.state_mut().session.forget_times();
        h.run();
        // The thresholds of the app's other snapshots: renderers antialias text a little
        // differently, a moved panel changes thousands of pixels.
        h.snapshot_options(
            "app_compare",
            &egui_kittest::SnapshotOptions::new()
                .threshold(2.0)
                .max_failed_pixels(400),
        );
    }

    #[test]
    fn the_live_check_flags_weighted_a_star_and_never_a_star_with_manhattan() {
        use crate::domains::puzzle::HeuristicKind;
        let weighted = SearchConfig {
            weight: 3.0,
            ..SearchConfig::with(Algorithm::WeightedAStar, HeuristicKind::Manhattan)
        };
        let mut h = harness(Settings {
            puzzle: PuzzleSettings {
                lanes: vec![
                    SearchConfig::with(Algorithm::AStar, HeuristicKind::Manhattan),
                    weighted,
                ],
                ..compare(&board_at(18)).puzzle
            },
            ..compare(&board_at(18))
        });
        h.run();
        // h* is built in the background; wait for it.
        wait_for_distances(&mut h);
        h.get_by_label("Run to end End").click();
        h.run();
        let session = &h.state().session;
        assert!(session.lane(0).check().with_table());
        assert_eq!(session.lane(0).check().count(), 0);
        let flagged = session.lane(1).check().count();
        assert!(flagged > 0, "3 x Manhattan overestimates on the way");
        h.get_by_label(text::t().check_clean);
        h.get_by_label_contains(&format!("heuristic check: {flagged} violation"));
        // Stepping back forgets the undone steps' violations.
        let first = session.lane(1).check().first().unwrap().0;
        h.state_mut().apply(Command::Seek(first - 1));
        h.run();
        assert_eq!(h.state().session.lane(1).check().count(), 0);
    }

    #[test]
    fn a_weighted_lane_with_violations_still_fits_its_column() {
        let mut lanes = crate::app::puzzle::puzzle_model::default_lanes();
        lanes[3] = SearchConfig::with(
            Algorithm::WeightedAStar,
            crate::domains::puzzle::HeuristicKind::Manhattan,
        );
        let mut h = harness(Settings {
            puzzle: PuzzleSettings {
                lanes,
                ..compare(&board_at(14)).puzzle
            },
            ..compare(&board_at(14))
        });
        h.run();
        wait_for_distances(&mut h);
        for _ in 0..40 {
            h.state_mut().apply(Command::Step);
        }
        h.run();
        assert!(h.state().session.lane(3).check().count() > 0);
        // The long check line and the weight slider once pushed the last card past the
        // window, and the summary with it. The settings are folded in the row of cards.
        h.get_all_by_label(text::t().lane_settings)
            .nth(3)
            .unwrap()
            .click_accesskit();
        h.run();
        assert!(h.get_all_by_label(text::t().weight).count() > 0);
        let copy = h.get_by_label(text::t().copy_tsv).rect();
        assert!(copy.max.x <= 1280.0, "{copy:?}");
        for node in h.get_all_by_label(text::t().weight) {
            let rect = node.rect();
            assert!(rect.max.x <= 1280.0, "{rect:?}");
        }
    }

    #[test]
    fn a_method_keeps_its_colour_wherever_its_lane_stands() {
        use crate::app::model::lane::{Variant, method_color};
        use crate::domains::puzzle::HeuristicKind;
        let manhattan = Config::from(SearchConfig::with(
            Algorithm::AStar,
            HeuristicKind::Manhattan,
        ));
        let green = method_color(Algorithm::AStar, HeuristicKind::Manhattan.into());
        // A* with Manhattan third in one lesson, fourth in the next: the same colour.
        let h = harness(compare("283104765"));
        assert_eq!(*h.state().session.lane(2).config(), manhattan);
        assert_eq!(h.state().session.lane(2).color, green);
        let mut lanes = crate::app::puzzle::puzzle_model::default_lanes();
        lanes.swap(2, 3);
        let mut h = harness(Settings {
            puzzle: PuzzleSettings {
                lanes,
                ..compare("283104765").puzzle
            },
            ..compare("283104765")
        });
        h.run();
        assert_eq!(*h.state().session.lane(3).config(), manhattan);
        assert_eq!(h.state().session.lane(3).color, green);
        assert_ne!(h.state().session.lane(2).color, green);
        // The summary's column heads and the cards follow the lane, not the position.
        assert_eq!(summary_rows(&h.state().session)[3].color, green);
        // A lane changed to A* with Manhattan turns green; a second such lane (another
        // tie-break) gets a shade of it and dashed lines.
        h.state_mut().apply(Command::SetLaneConfig(0, manhattan));
        h.run();
        assert_eq!(h.state().session.lane(0).color, green);
        assert_eq!(h.state().session.lane(0).variant, Variant::First);
        let fifo = Config {
            tie_break: crate::search::TieBreak::Fifo,
            ..manhattan
        };
        h.state_mut().apply(Command::SetLaneConfig(3, fifo));
        h.run();
        let shaded = &h.state().session.lane(3);
        assert_eq!(shaded.variant, Variant::Repeat(1));
        assert_ne!(shaded.color, green);
    }

    #[test]
    fn empty_plots_say_what_will_appear_until_the_first_step() {
        let mut h = harness(compare("283104765"));
        h.run();
        h.get_by_label(text::t().plot_empty_bars);
        h.get_by_label(text::t().plot_empty_lines);
        click_step(&mut h);
        assert!(h.query_by_label(text::t().plot_empty_bars).is_none());
        assert!(h.query_by_label(text::t().plot_empty_lines).is_none());
        // The single view too, with titles that say what is plotted.
        let mut h = harness(Settings {
            puzzle: PuzzleSettings {
                board_text: "283104765".into(),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        h.run();
        h.get_by_label(text::t().plot_counts);
        h.get_by_label(text::t().plot_empty_counts);
        h.get_by_label(text::t().plot_empty_values);
        click_step(&mut h);
        assert!(h.query_by_label(text::t().plot_empty_counts).is_none());
        assert!(h.query_by_label(text::t().plot_empty_values).is_none());
        assert!(text::t().plot_counts.contains("cumulative"));
    }

    #[test]
    fn the_share_of_run_axis_stretches_a_finished_lane_to_100_percent() {
        let mut h = harness(compare(&board_at(12)));
        h.run();
        while h.state().session.lane(2).is_running() {
            click_step(&mut h);
        }
        for _ in 0..20 {
            click_step(&mut h);
        }
        let title = |share| text::plot_compare_over(text::t().series_open, share, false);
        h.get_by_label(&title(false));
        h.get_by_label(text::t().share_of_run).click();
        h.run();
        assert!(h.state().session.settings.share_of_run);
        h.get_by_label(&title(true));
        // The A* lane stopped 20 steps before BFS, yet both end at 100 %.
        for i in [0, 2] {
            let lane = h.state().session.lane(i);
            let last = lane.plots().open.last().unwrap();
            assert_eq!(trace_x(last[0], lane.steps(), true), 100.0);
            assert_eq!(trace_x(last[0], lane.steps(), false), lane.steps() as f64);
        }
        assert!(h.state().session.lane(2).steps() + 20 == h.state().session.lane(0).steps());
        assert_eq!(trace_x(5.0, 20, true), 25.0);
    }

    #[test]
    fn a_card_shows_both_boards_and_can_be_enlarged() {
        // A window whose cards have room for boards with numbers as large as their text.
        let mut h = sized(compare(&board_at(12)), egui::vec2(1920.0, 1200.0));
        h.run();
        click_step(&mut h);
        for i in 1..=4 {
            h.get_by_label(&crate::app::puzzle::puzzle_text::lane_board(i));
            h.get_by_label(&crate::app::puzzle::puzzle_text::lane_next_board(i));
        }
        let small = h
            .get_by_label(&crate::app::puzzle::puzzle_text::lane_next_board(3))
            .rect()
            .width();
        h.get_all_by_label(text::t().enlarge)
            .nth(2)
            .unwrap()
            .click();
        h.run();
        assert!(
            h.query_by_label(&crate::app::puzzle::puzzle_text::lane_board(1))
                .is_none()
        );
        let large = h
            .get_by_label(&crate::app::puzzle::puzzle_text::lane_next_board(3))
            .rect()
            .width();
        assert!(large > 1.1 * small, "{small} -> {large}");
        // It takes the summary's width too; the summary is back with all the lanes.
        assert!(h.query_by_label(text::t().copy_tsv).is_none());
        h.get_by_label(text::t().all_lanes).click();
        h.run();
        assert_eq!(h.get_all_by_label(text::t().enlarge).count(), 4);
        h.get_by_label(text::t().copy_tsv);
    }

    #[test]
    fn snapshot_compare_enlarged_card_light() {
        let mut h = harness(Settings {
            dark: false,
            share_of_run: true,
            ..compare(&board_at(14))
        });
        h.run();
        wait_for_distances(&mut h);
        for _ in 0..120 {
            h.state_mut().apply(Command::Step);
        }
        h.state_mut().session.forget_times();
        h.run();
        h.get_all_by_label(text::t().enlarge)
            .nth(2)
            .unwrap()
            .click();
        h.run();
        h.state_mut().view.compare.trace = Trace::H;
        h.run();
        h.snapshot_options(
            "app_compare_enlarged",
            &egui_kittest::SnapshotOptions::new()
                .threshold(2.0)
                .max_failed_pixels(400),
        );
    }

    fn sized(settings: Settings, size: egui::Vec2) -> Harness<'static, App> {
        Harness::builder()
            .with_size(size)
            .with_max_steps(200)
            .with_context_setup(crate::app::install_style)
            .build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(settings))
    }

    /// The first `n` default lanes on a board 14 moves from the goal.
    fn lanes(n: usize) -> Settings {
        let mut lanes = crate::app::puzzle::puzzle_model::default_lanes();
        lanes.truncate(n);
        Settings {
            puzzle: PuzzleSettings {
                lanes,
                ..compare(&board_at(14)).puzzle
            },
            ..compare(&board_at(14))
        }
    }

    /// The projector sizes of the issue in points: 1280x800 at zoom 1.5, 1920x1080 at zoom 2,
    /// and 1024x768 at zoom 1.
    const PROJECTOR_SIZES: [egui::Vec2; 3] = [
        egui::vec2(853.0, 533.0),
        egui::vec2(960.0, 540.0),
        egui::vec2(1024.0, 768.0),
    ];

    /// What is wrong with the cards of `h`: a card out of the window or too small, a title
    /// cut or under a button, a head of open not shown, a summary cut.
    fn card_problems(h: &Harness<'static, App>, size: egui::Vec2) -> Vec<String> {
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size).expand(0.5);
        let view = &h.state().view.compare;
        let session = &h.state().session;
        let mut found = Vec::new();
        if view.card_rects.len() != session.lanes.len() {
            found.push(format!("{} cards drawn", view.card_rects.len()));
        }
        let inside = |rect: egui::Rect, card: egui::Rect| card.expand(0.5).contains_rect(rect);
        for (i, (card, lane)) in view.card_rects.iter().zip(&session.lanes).enumerate() {
            if !window.contains_rect(*card) {
                found.push(format!("card {i} {card:?} is not inside the window"));
            }
            if card.width() < 200.0 || card.height() < 72.0 {
                found.push(format!("card {i} {card:?} is too small to read"));
            }
            for other in &view.card_rects[i + 1..] {
                if card.shrink(1.0).intersects(other.shrink(1.0)) {
                    found.push(format!("card {i} {card:?} overlaps {other:?}"));
                }
            }
            let name = text::lane_short(i + 1, lane.config());
            let title = h
                .query_all_by_label(&name)
                .map(|node| node.rect())
                .find(|rect| inside(*rect, *card));
            match title {
                None => found.push(format!("{name:?} is not whole in card {i}")),
                Some(title) => {
                    let covered = h
                        .query_all_by_label(text::t().enlarge)
                        .any(|b| b.rect().shrink(1.0).intersects(title.shrink(1.0)));
                    if covered {
                        found.push(format!("{name:?} is under a button"));
                    }
                }
            }
            let search = lane.search();
            let Some(&first) = lane.open_snapshot().first() else {
                continue;
            };
            let node = search.node(first);
            let entries = [
                text::card_open_f(first.0, node.f),
                text::card_open_ghf(first.0, node.g, node.h, node.f),
            ];
            let shown = entries.iter().any(|entry| {
                h.query_all_by_label(entry)
                    .any(|label| inside(label.rect(), *card))
            });
            if !shown {
                found.push(format!(
                    "card {i} does not show the head of open {entries:?}"
                ));
            }
        }
        if view.summary_clipped {
            found.push(format!("the summary {:?} is cut", view.summary_size));
        }
        found
    }

    #[test]
    fn every_card_is_whole_with_its_method_and_head_of_open_at_projector_sizes() {
        let mut all = Vec::new();
        for size in PROJECTOR_SIZES {
            for n in MIN_LANES..=MAX_LANES {
                let mut h = sized(lanes(n), size);
                h.run();
                for _ in 0..12 {
                    h.state_mut().apply(Command::Step);
                }
                h.run();
                all.extend(
                    card_problems(&h, size)
                        .into_iter()
                        .map(|p| format!("{n} lanes at {size:?}: {p}")),
                );
                // Four lanes are two rows of two, not a row scrolled sideways.
                let rects = &h.state().view.compare.card_rects;
                if n == 4 && rects.len() == 4 && rects[2].min.y <= rects[0].max.y {
                    all.push(format!("4 lanes at {size:?} are not 2x2: {rects:?}"));
                }
            }
        }
        assert!(all.is_empty(), "{}", all.join("\n"));
    }

    #[test]
    fn cards_stand_in_one_row_where_the_width_allows() {
        assert_eq!(card_grid(4, 1900.0, 8.0), (4, 1));
        assert_eq!(card_grid(4, 600.0, 8.0), (2, 2));
        assert_eq!(card_grid(3, 600.0, 8.0), (2, 2));
        assert_eq!(card_grid(2, 600.0, 8.0), (2, 1));
        assert_eq!(card_grid(2, 400.0, 8.0), (1, 2));
    }

    #[test]
    fn plots_take_their_pane_and_far_apart_runs_get_their_own_axes() {
        let size = PROJECTOR_SIZES[0];
        let mut h = sized(lanes(4), size);
        h.run();
        h.state_mut().apply(Command::RunToEnd);
        h.run();
        let settings = &h.state().session.settings;
        // BFS takes far more steps and nodes than A* with Manhattan on this board.
        assert!(settings.share_of_run);
        assert!(settings.log_counts);
        // Under four cards at this size the plots would be too short to read: they are
        // offered instead, and maximised they fill the window.
        assert!(h.state().view.compare.plot_rects.is_empty());
        assert_eq!(h.state().view.lower_hidden, Some(Pane::Plots));
        h.get_by_label(text::t().show_plots).click();
        h.run();
        assert_eq!(h.state().view.maximized, Some(Pane::Plots));
        let view = &h.state().view.compare;
        assert_eq!(view.plot_rects.len(), 2);
        for rect in &view.plot_rects {
            assert!(rect.height() >= 0.4 * size.y, "{rect:?} in {size:?}");
        }
        // With the setup folded and a row of two cards there is room for them under the
        // cards, a third of the window.
        h.state_mut().apply(Command::Maximize(None));
        let arrangement = h.state().session.settings.arrangement;
        h.state_mut().apply(Command::SetArrangement(Arrangement {
            setup_folded: true,
            ..arrangement
        }));
        h.state_mut().apply(Command::RemoveLane(3));
        h.state_mut().apply(Command::RemoveLane(2));
        h.run();
        assert_eq!(h.state().view.lower_hidden, None);
        let view = &h.state().view.compare;
        let strip = view.plots_pane.expect("the plots under the cards");
        assert!(strip.height() >= size.y / 3.0 - 1.0, "{strip:?}");
        assert_eq!(view.plot_rects.len(), 2);
        for rect in &view.plot_rects {
            assert!(
                rect.height() >= 0.4 * strip.height(),
                "{rect:?} in {strip:?}"
            );
        }
        // The teacher can turn the share axis off again and it stays off.
        h.state_mut().apply(Command::SetShareOfRun(false));
        h.run();
        assert!(!h.state().session.settings.share_of_run);
        assert!(far_apart([35, 1477]));
        assert!(!far_apart([35, 300]));
    }

    #[test]
    fn an_enlarged_card_is_taller_and_wider() {
        let mut h = sized(lanes(4), PROJECTOR_SIZES[2]);
        h.run();
        h.state_mut().apply(Command::Step);
        h.run();
        let small = h.state().view.compare.card_rects[2];
        h.query_all_by_label(text::t().enlarge)
            .nth(2)
            .unwrap()
            .click();
        h.run();
        let large = h.state().view.compare.card_rects[0];
        assert_eq!(h.state().view.compare.card_rects.len(), 1);
        assert!(
            large.height() > 1.5 * small.height(),
            "{small:?} -> {large:?}"
        );
        assert!(
            large.width() > 1.5 * small.width(),
            "{small:?} -> {large:?}"
        );
    }

    #[test]
    fn snapshot_compare_at_projector_size() {
        let size = PROJECTOR_SIZES[0];
        let mut h = sized(compare(&board_at(14)), size);
        h.run();
        for _ in 0..30 {
            h.state_mut().apply(Command::Step);
        }
        h.state_mut().session.forget_times();
        h.run();
        let mut results = egui_kittest::SnapshotResults::default();
        results.add(h.try_snapshot("compare_projector_30_steps"));
        assert!(
            card_problems(&h, size).is_empty(),
            "{:?}",
            card_problems(&h, size)
        );
        h.state_mut().apply(Command::RunToEnd);
        // Run to end goes on over frames: the picture is of the end.
        while h.state().session.is_busy() {
            h.run();
        }
        h.state_mut().session.forget_times();
        h.run();
        results.add(h.try_snapshot("compare_projector_end"));
        assert!(
            card_problems(&h, size).is_empty(),
            "{:?}",
            card_problems(&h, size)
        );
    }
}
