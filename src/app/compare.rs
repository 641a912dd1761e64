//! The compare view: 2 to 4 lanes on the same start and goal, stepped together, one card per
//! lane, overlaid plots and a summary table that can be copied as text.
//!
//! Reads the [`Session`] and pushes [`Command`]s like every panel; the lock-step itself
//! (finished lanes frozen, exact step back) lives in the session.

use egui::{Align, Align2, Color32, Layout, RichText, Ui, vec2};
use egui_plot::{AxisHints, Bar, BarChart, GridMark, Line, Plot, PlotPoint, PlotPoints, Text};

use super::board_view::{self, Decor, palette};
use super::command::Command;
use super::domain::{AnyState, DomainKind};
use super::grid_model::GridEdit;
use super::plot_axes::{
    compact_number, count_axis, empty_plot, line_style, power_of_ten_label, step_axis,
};
use super::session::{Lane, MAX_LANES, MIN_LANES, Session};
pub use super::summary::summary_rows;
use super::summary::{SummaryRow, summary_header, summary_markdown, summary_tsv};
use super::text;
use super::widgets::{edit_config, setting_checkbox};
use crate::search::{NodeId, Status};

/// A lane card narrower than this is hard to read; the cards scroll sideways instead.
const MIN_CARD_WIDTH: f32 = 300.0;

/// What the compare view's line plot follows over the steps (one line per lane). Totals are
/// the bar chart beside it: per step, every method generates about the same number of
/// children, so running totals over steps lie on top of each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Trace {
    #[default]
    Open,
    F,
    H,
}

impl Trace {
    const ALL: [Trace; 3] = [Trace::Open, Trace::F, Trace::H];

    fn title(self) -> &'static str {
        match self {
            Trace::Open => text::t().series_open,
            Trace::F => text::t().plot_compare_f,
            Trace::H => text::t().plot_compare_h,
        }
    }

    fn points(self, lane: &Lane) -> &[[f64; 2]] {
        let plots = lane.plots();
        match self {
            Trace::Open => &plots.open,
            Trace::F => &plots.f,
            Trace::H => &plots.h,
        }
    }

    /// Only counts get the log axis; f and h stay small.
    fn is_count(self) -> bool {
        self == Trace::Open
    }
}

/// What the compare view shows that only affects the view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompareView {
    pub trace: Trace,
    /// A lane card shown alone across the width, large enough to point at from the back.
    pub enlarged: Option<usize>,
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
    if session.settings.domain == DomainKind::Grid {
        let mut overlay = session.settings.grid.overlay;
        if ui
            .checkbox(&mut overlay, text::t().grid_overlay)
            .on_hover_text(text::t().grid_overlay_hint)
            .changed()
        {
            commands.push(Command::EditGrid(GridEdit::SetOverlay(overlay)));
        }
    }
    if ui.button(text::t().experiments).clicked() {
        commands.push(Command::ShowExperiments);
    }
    if ui.button(text::t().inspector).clicked() {
        commands.push(Command::ShowInspector);
    }
}

/// How large a card draws its boards: the card's height is given, the boards take what the
/// rest of the card leaves of it.
#[derive(Clone, Copy, PartialEq)]
enum CardSize {
    /// One of 2 to 4 cards side by side.
    Row(f32),
    /// The one enlarged card across the view.
    Large(f32),
}

/// The central area in compare mode: the lane cards on top, plots and the summary below.
/// Returns where the plots are (for exporting them as a picture).
pub fn body(
    ui: &mut Ui,
    session: &Session,
    view: &mut CompareView,
    commands: &mut Vec<Command>,
) -> Option<egui::Rect> {
    if session.lanes.is_empty() {
        return None;
    }
    if view.enlarged.is_some_and(|i| i >= session.lanes.len()) {
        view.enlarged = None;
    }
    // Measured before the cards are laid out: a card wider than its column would otherwise
    // widen what the plots and the summary are given.
    let width = ui.available_width();
    let share = if view.enlarged.is_some() { 0.66 } else { 0.6 };
    // The plots and the summary keep at least a readable strip below the cards: at 1280x800
    // and zoom 1.5 a floor of 300 for the cards left them nothing, and lessons point at the
    // summary. The cards scroll inside their height.
    let available = ui.available_height();
    let cards_height = (available * share)
        .max(160.0)
        .min(available - 190.0)
        .max(120.0);
    let overlay = session.settings.domain == DomainKind::Grid && session.settings.grid.overlay;
    if overlay {
        super::grid_view::overlay_map(ui, session, vec2(width, cards_height));
    } else if let Some(i) = view.enlarged {
        ui.allocate_ui_with_layout(
            vec2(width, cards_height),
            Layout::top_down(Align::Min),
            |ui| {
                ui.set_width(width);
                egui::ScrollArea::vertical()
                    .id_salt("enlarged_card")
                    .auto_shrink([false, true])
                    .max_height(cards_height)
                    .show(ui, |ui| {
                        let lane = &session.lanes[i];
                        let size = CardSize::Large(cards_height);
                        lane_card(ui, session, i, lane, size, view, commands);
                    });
            },
        );
    } else {
        // Cards share the width, but never get narrower than a card can be read at: then the
        // row scrolls sideways. Each card is as tall as its content, up to `cards_height`.
        let n = session.lanes.len();
        let spacing = ui.spacing().item_spacing.x;
        let card_width = ((width - spacing * (n - 1) as f32) / n as f32).max(MIN_CARD_WIDTH);
        egui::ScrollArea::horizontal()
            .id_salt("lane_cards")
            .auto_shrink([false, true])
            .show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    for (i, lane) in session.lanes.iter().enumerate() {
                        ui.allocate_ui_with_layout(
                            vec2(card_width, cards_height),
                            Layout::top_down(Align::Min),
                            |ui| {
                                ui.set_width(card_width);
                                ui.push_id(("lane_card", i), |ui| {
                                    egui::ScrollArea::vertical()
                                        .auto_shrink([false, true])
                                        .max_height(cards_height)
                                        .show(ui, |ui| {
                                            lane_card(
                                                ui,
                                                session,
                                                i,
                                                lane,
                                                CardSize::Row(cards_height),
                                                view,
                                                commands,
                                            );
                                        });
                                });
                            },
                        );
                    }
                });
            });
    }
    ui.separator();
    let height = ui.available_height();
    ui.horizontal_top(|ui| {
        let plots = ui.allocate_ui_with_layout(
            vec2(width * 0.64, height),
            Layout::top_down(Align::Min),
            |ui| plots(ui, session, view, commands),
        );
        ui.separator();
        ui.allocate_ui_with_layout(
            vec2(ui.available_width(), height),
            Layout::top_down(Align::Min),
            |ui| summary(ui, session),
        );
        plots.response.rect
    })
    .inner
    .into()
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

fn lane_card(
    ui: &mut Ui,
    session: &Session,
    i: usize,
    lane: &Lane,
    size: CardSize,
    view: &mut CompareView,
    commands: &mut Vec<Command>,
) {
    let config = *lane.config();
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(3.0, lane.color))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                // Buttons first, from the right: the name and formula take what is left and
                // are cut short in a narrow card rather than drawn under the buttons.
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    if session.lanes.len() > MIN_LANES
                        && ui.small_button(text::t().remove_lane).clicked()
                    {
                        commands.push(Command::RemoveLane(i));
                    }
                    match size {
                        CardSize::Row(_) => {
                            if ui.small_button(text::t().enlarge).clicked() {
                                view.enlarged = Some(i);
                            }
                        }
                        CardSize::Large(_) => {
                            if ui.button(text::t().all_lanes).clicked() {
                                view.enlarged = None;
                            }
                        }
                    }
                    ui.with_layout(Layout::left_to_right(Align::Center), |ui| {
                        ui.label(
                            RichText::new(text::lane_name(i + 1))
                                .strong()
                                .size(17.0)
                                .color(lane.color),
                        );
                        ui.add(
                            egui::Label::new(
                                RichText::new(text::engine::formula(config.algorithm))
                                    .monospace()
                                    .color(ui.visuals().strong_text_color()),
                            )
                            .truncate(),
                        );
                    });
                });
            });
            match size {
                CardSize::Row(height) if session.settings.domain == DomainKind::Grid => {
                    // The map first, as it is what the class compares: the words below it
                    // take about 150 points and scroll inside the card when the window is
                    // short (1920x1080 at zoom 2 leaves a card about 180 points).
                    let left = height - ui.min_rect().height();
                    let room = vec2(
                        ui.available_width(),
                        (left - 150.0).max(left * 0.75).max(60.0),
                    );
                    super::grid_view::lane_map(ui, session, lane, room);
                    card_info(ui, i, lane, CardSize::Row(height), commands);
                    card_footer(ui, i, lane, commands);
                }
                CardSize::Row(height) => {
                    card_info(ui, i, lane, CardSize::Row(height), commands);
                    // Below the boards: their captions, g h f, the check line and a button.
                    let down = (height - ui.min_rect().height() - 100.0) / side(lane);
                    let across = (ui.available_width() - 16.0) / 2.0 / side(lane);
                    let cell = across.min(down).clamp(16.0, 48.0);
                    card_boards(ui, i, lane, cell);
                    card_footer(ui, i, lane, commands);
                }
                CardSize::Large(height) => {
                    // The words on the left, the two boards as large as the card allows.
                    ui.horizontal_top(|ui| {
                        ui.allocate_ui_with_layout(
                            vec2(320.0, height),
                            Layout::top_down(Align::Min),
                            |ui| {
                                ui.set_width(320.0);
                                card_info(ui, i, lane, size, commands);
                                card_footer(ui, i, lane, commands);
                            },
                        );
                        ui.separator();
                        ui.vertical(|ui| {
                            // Captions and g h f above and below the boards.
                            let down = (height - 90.0) / side(lane);
                            let across = (ui.available_width() - 24.0) / 2.0 / side(lane);
                            let cell = across.min(down).clamp(24.0, 110.0);
                            if session.settings.domain == DomainKind::Grid {
                                let room = vec2(ui.available_width(), (height - 30.0).max(60.0));
                                super::grid_view::lane_map(ui, session, lane, room);
                            } else {
                                card_boards(ui, i, lane, cell);
                            }
                        });
                    });
                }
            }
        });
}

fn side(lane: &Lane) -> f32 {
    lane.search().problem().side() as f32
}

/// The method's settings, where the lane stands and its counts.
fn card_info(ui: &mut Ui, i: usize, lane: &Lane, size: CardSize, commands: &mut Vec<Command>) {
    let search = lane.search();
    let config = *lane.config();
    // Folded in the row of cards, so the boards get the room; the header names the method,
    // and one click opens the settings.
    egui::CollapsingHeader::new(RichText::new(text::method_short(&config)).strong())
        .id_salt(("lane_config", i))
        .default_open(matches!(size, CardSize::Large(_)))
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().slider_width = 90.0;
                let next = edit_config(ui, &config, true);
                if next != config {
                    commands.push(Command::SetLaneConfig(i, next));
                }
            });
        });
    let color = match search.status() {
        Status::Running => ui.visuals().strong_text_color(),
        Status::Solved { .. } => palette::NEW,
        _ => ui.visuals().warn_fg_color,
    };
    ui.label(RichText::new(lane_state(lane)).strong().color(color));
    let stats = search.stats();
    ui.label(text::lane_counts(stats.expanded, stats.generated));
    ui.label(text::lane_open(stats.open, stats.max_open));
}

/// The live check and the way to the single view.
fn card_footer(ui: &mut Ui, i: usize, lane: &Lane, commands: &mut Vec<Command>) {
    heuristic_check(ui, lane);
    if ui.small_button(text::t().open_in_single).clicked() {
        commands.push(Command::FocusLane(i));
    }
}

/// The node this lane expanded last and the one it expands next, with the heuristic's
/// reasons on their tiles: what lesson 2 points at in each lane.
fn card_boards(ui: &mut Ui, i: usize, lane: &Lane, cell: f32) {
    let search = lane.search();
    let latest = search
        .steps()
        .checked_sub(1)
        .map(|n| search.step_at(n).expanded);
    let next = lane.open_snapshot().first().copied();
    ui.columns(2, |columns| {
        let (title, id) = match latest {
            Some(id) => (text::t().card_expanded, id),
            None => (text::t().card_start, NodeId(0)),
        };
        card_board(
            &mut columns[0],
            lane,
            id,
            cell,
            title,
            text::lane_board(i + 1),
        );
        match next {
            Some(id) => card_board(
                &mut columns[1],
                lane,
                id,
                cell,
                text::t().card_next,
                text::lane_next_board(i + 1),
            ),
            None => {
                columns[1].label(RichText::new(text::t().card_next).strong());
                columns[1].label(
                    RichText::new(text::t().open_empty)
                        .color(columns[1].visuals().weak_text_color()),
                );
            }
        }
    });
}

/// One node of a card: a caption, the board with the heuristic's reasons (when the lane's
/// algorithm uses a heuristic) and its g, h, f.
fn card_board(ui: &mut Ui, lane: &Lane, id: NodeId, cell: f32, title: &str, label: String) {
    let search = lane.search();
    let node = search.node(id);
    // Not justified (a column's layout is): a wrapped caption was spread letter by letter.
    ui.vertical(|ui| ui.label(RichText::new(title).strong()));
    let (Some(explainer), AnyState::Puzzle(goal), AnyState::Puzzle(board)) =
        (lane.explainer(), search.problem().goal(), node.state)
    else {
        return;
    };
    let explanation = explainer.explain(&board);
    let uses_h = lane.config().algorithm.uses_heuristic();
    board_view::board(
        ui,
        &board,
        cell,
        &Decor {
            goal: Some(&goal),
            explanation: uses_h.then_some(&explanation),
            label: Some(label),
            ..Decor::default()
        },
    );
    // As wide as the board: two-digit g, h and f must not wrap and push the card's
    // button out of sight.
    let size = (cell * 0.4).clamp(15.0, 26.0);
    ui.add(
        egui::Label::new(
            RichText::new(text::ghf_compact(node.g, node.h, node.f))
                .strong()
                .size(size)
                .color(ui.visuals().strong_text_color()),
        )
        .truncate(),
    );
}

/// The live heuristic check: a violation of admissibility or consistency is flagged the
/// moment it happens (weighted A* triggers it; A* with Manhattan never does).
pub(super) fn heuristic_check(ui: &mut Ui, lane: &Lane) {
    if !lane.config().algorithm.uses_heuristic() {
        return;
    }
    let check = lane.check();
    match check.first() {
        None => {
            let line = if check.near_goal_only() {
                text::t().check_clean_near
            } else if check.with_table() {
                text::t().check_clean
            } else {
                text::t().check_clean_edges
            };
            ui.label(
                RichText::new(line)
                    .small()
                    .color(ui.visuals().weak_text_color()),
            );
        }
        Some((step, violation)) => {
            ui.add(
                egui::Label::new(
                    RichText::new(text::check_violations(check.count(), step))
                        .strong()
                        .color(ui.visuals().warn_fg_color),
                )
                .wrap(),
            )
            .on_hover_text(text::flaw(violation));
        }
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

fn plots(ui: &mut Ui, session: &Session, view: &mut CompareView, commands: &mut Vec<Command>) {
    let log = session.settings.log_counts;
    let share = session.settings.share_of_run;
    let text_color = ui.visuals().strong_text_color();
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
        lane_key(ui, session);
    });
    let height = (ui.available_height() - 34.0).max(80.0);
    let empty = session.clock() == 0;
    ui.columns(2, |columns| {
        let ui = &mut columns[0];
        ui.label(
            RichText::new(text::plot_compare_totals(log))
                .strong()
                .color(text_color),
        );
        if empty {
            empty_plot(ui, height, text::t().plot_empty_bars);
        } else {
            bars(ui, session, height, log);
        }

        let ui = &mut columns[1];
        // Wrapped: one row of these was wider than the column at zoom 1.5 and pushed the
        // summary table off the window.
        ui.horizontal_wrapped(|ui| {
            for t in Trace::ALL {
                if ui.selectable_label(view.trace == t, t.title()).clicked() {
                    view.trace = t;
                }
            }
        });
        let trace = view.trace;
        let log = log && trace.is_count();
        ui.label(
            RichText::new(text::plot_compare_over(trace.title(), share, log))
                .strong()
                .color(text_color),
        );
        if empty {
            empty_plot(ui, height - 24.0, text::t().plot_empty_lines);
        } else {
            lines(ui, session, trace, height - 24.0, share, log);
        }
    });
}

/// Expanded and generated so far, one bar per lane and measure, the value written on top.
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
    Plot::new("compare_bars")
        .height(height)
        .include_y(top * 1.25)
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
                for (m, &count) in counts.iter().enumerate() {
                    plot.text(
                        Text::new(
                            "",
                            PlotPoint::new(bar_x(m, i, n), value(count)),
                            RichText::new(compact_number(f64::from(count)))
                                .size(15.0)
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

/// The summary on screen: one row per measure, one column per lane (headed by the lane's
/// number in its colour), so four lanes fit beside the plots. The copied text has one row per
/// lane, the shape a slide or a spreadsheet wants.
fn summary(ui: &mut Ui, session: &Session) {
    let rows = summary_rows(session);
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(text::t().summary)
                .strong()
                .color(ui.visuals().strong_text_color()),
        );
        if ui.button(text::t().copy_markdown).clicked() {
            ui.ctx().copy_text(summary_markdown(&rows));
        }
        if ui.button(text::t().copy_tsv).clicked() {
            ui.ctx().copy_text(summary_tsv(&rows));
        }
    });
    let cells: Vec<[String; 8]> = rows.iter().map(SummaryRow::cells).collect();
    egui::ScrollArea::both()
        .id_salt("summary_scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::Grid::new("summary")
                .striped(true)
                .spacing([14.0, 2.0])
                .show(ui, |ui| {
                    ui.label("");
                    for (i, row) in rows.iter().enumerate() {
                        ui.label(
                            RichText::new(text::lane_name(i + 1))
                                .strong()
                                .color(row.color),
                        );
                    }
                    ui.end_row();
                    for (c, title) in summary_header().iter().enumerate().skip(1) {
                        let response = ui.strong(*title);
                        match c {
                            6 => {
                                response.on_hover_text(text::t().bstar_hint);
                            }
                            7 => {
                                response.on_hover_text(text::t().time_hint);
                            }
                            _ => {}
                        }
                        for lane in &cells {
                            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                                ui.label(&lane[c]);
                            });
                        }
                        ui.end_row();
                    }
                });
        });
}

#[cfg(test)]
mod tests {
    use egui_kittest::Harness;
    use egui_kittest::kittest::{NodeT, Queryable};

    use super::*;
    use crate::app::domain::AnyAction;
    use crate::app::session::Config;
    use crate::app::{App, Settings};
    use crate::domains::puzzle::{Board, DistanceTable, Rng, SearchConfig};
    use crate::search::Node;
    use crate::search::{Algorithm, GoalTest};

    fn harness(settings: Settings) -> Harness<'static, App> {
        crate::app::test_harness(settings)
    }

    fn compare(board: &str) -> Settings {
        Settings {
            board_text: board.to_owned(),
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
            board_text: "723164850".to_owned(),
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
        let defaults: Vec<Config> = crate::app::settings::default_lanes()
            .into_iter()
            .map(Config::from)
            .collect();
        assert_eq!(configs, defaults);
        for i in 1..=4 {
            // The card's heading and the summary's column.
            assert_eq!(h.get_all_by_label(&text::lane_name(i)).count(), 2);
            h.get_by_label(&text::lane_board(i));
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

    #[test]
    fn optimality_is_unknown_on_4x4() {
        let mut settings = compare("123456789abcdef0");
        settings.goal_text = "blank-last".into();
        let mut h = harness(settings);
        h.run();
        h.state_mut().apply(Command::MoveTile(14));
        h.run();
        h.state_mut().apply(Command::RunToEnd);
        h.run();
        let rows = summary_rows(&h.state().session);
        assert_eq!(rows[2].length, Some(1));
        assert_eq!(rows[2].optimal, None);
        assert!(rows[2].cells()[2] == text::t().unknown);
    }

    #[test]
    fn a_lane_opens_in_the_single_view_with_its_run() {
        let mut h = harness(compare(&board_at(16)));
        h.run();
        for _ in 0..6 {
            click_step(&mut h);
        }
        let open = open_lists(h.state())[2].clone();
        h.get_all_by_label(text::t().open_in_single)
            .nth(2)
            .unwrap()
            .click();
        h.run();
        let session = &h.state().session;
        assert!(!session.settings.compare);
        assert_eq!(session.lanes.len(), 1);
        assert_eq!(
            session.settings.config,
            crate::app::settings::default_lanes()[2]
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
        assert_eq!(Config::from(h.state().session.settings.lanes[1]), config);

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
            crate::app::session::method_color(
                Algorithm::AStar,
                crate::domains::puzzle::HeuristicKind::LinearConflict.into()
            )
        );
        assert_eq!(*session.lane(0).config(), config);
    }

    #[test]
    fn goal_test_at_generation_is_offered_for_bfs_only_and_changes_the_counts() {
        let mut h = harness(Settings {
            board_text: board_at(10),
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
            h.state().session.settings.config.goal_test,
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
            h.state().session.settings.config.goal_test,
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
        while h.state().session.known_distances().is_none() {
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
        h.state_mut()
            .session
            .lanes
            .iter_mut()
            .for_each(Lane::forget_times);
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
            lanes: vec![
                SearchConfig::with(Algorithm::AStar, HeuristicKind::Manhattan),
                weighted,
            ],
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
        let mut lanes = crate::app::settings::default_lanes();
        lanes[3] = SearchConfig::with(
            Algorithm::WeightedAStar,
            crate::domains::puzzle::HeuristicKind::Manhattan,
        );
        let mut h = harness(Settings {
            lanes,
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
        let config = *h.state().session.lane(3).config();
        h.get_by_label(&text::method_short(&config)).click();
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
        use crate::app::session::{Variant, method_color};
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
        let mut lanes = crate::app::settings::default_lanes();
        lanes.swap(2, 3);
        let mut h = harness(Settings {
            lanes,
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
            board_text: "283104765".into(),
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
        let mut h = harness(compare(&board_at(12)));
        h.run();
        click_step(&mut h);
        for i in 1..=4 {
            h.get_by_label(&text::lane_board(i));
            h.get_by_label(&text::lane_next_board(i));
        }
        let small = h.get_by_label(&text::lane_next_board(3)).rect().width();
        h.get_all_by_label(text::t().enlarge)
            .nth(2)
            .unwrap()
            .click();
        h.run();
        assert!(h.query_by_label(&text::lane_board(1)).is_none());
        let large = h.get_by_label(&text::lane_next_board(3)).rect().width();
        assert!(large > 1.5 * small, "{small} -> {large}");
        // The plots and the summary stay below it.
        h.get_by_label(text::t().copy_tsv);
        h.get_by_label(text::t().all_lanes).click();
        h.run();
        assert_eq!(h.get_all_by_label(text::t().enlarge).count(), 4);
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
        h.state_mut()
            .session
            .lanes
            .iter_mut()
            .for_each(Lane::forget_times);
        h.run();
        h.get_all_by_label(text::t().enlarge)
            .nth(2)
            .unwrap()
            .click();
        h.run();
        h.get_by_label(text::t().plot_compare_h).click();
        h.run();
        h.snapshot_options(
            "app_compare_enlarged",
            &egui_kittest::SnapshotOptions::new()
                .threshold(2.0)
                .max_failed_pixels(400),
        );
    }
}
