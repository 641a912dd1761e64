//! The panels of the single-search view. Each reads the session and pushes [`Command`]s; none
//! changes a search. View-only state (which tab, the playback position) lives in [`ViewState`].

use egui::{Align, Button, Color32, ComboBox, Layout, RichText, Sense, Slider, TextEdit, Ui, vec2};
use egui_extras::{Column, TableBuilder};

use super::board_view::{self, Decor, outcome_color, palette};
use super::model::arrangement::{Arrangement, Pane};
use super::model::command::Command;
use super::model::domain::{AnyAction, AnyHeuristic, AnyProblem, AnyState, DomainKind};
use super::model::fine_step;
use super::model::session::Config as SearchConfig;
use super::model::session::{
    DISTANCE_RANGE, Lane, RunMode, SCRAMBLE_RANGE, SPEED_RANGE, Session, SetupError,
};
use super::model::text::{self, Language, engine};
pub use super::widgets::Hover;
use super::widgets::{edit_config, error_frame, setting_checkbox, word};
use crate::domains::puzzle::{Board, GoalPreset, ProblemError};
use crate::search::{ConfigError, Cost, NodeId, Outcome, Place, Search, Status};
use crate::tree::Drawn;

/// Which node view is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Step,
    Selected,
    Solution,
}

/// The solution playback: which board, and how far the next tile has slid.
#[derive(Clone, Debug, Default)]
pub struct Playback {
    /// Identifies the solution the position belongs to (goal node and step count).
    pub key: Option<(NodeId, usize)>,
    pub index: usize,
    pub t: f32,
    /// Continuous playback.
    pub playing: bool,
    /// Animating a single move, stopping at the next board.
    pub single: bool,
}

/// Moves per second of the solution animation.
const PLAYBACK_SPEED: f32 = 2.5;

/// State that only affects what is shown.
pub struct ViewState {
    pub tab: Tab,
    pub playback: Playback,
    /// A row of the closed list to bring into view on the next frame.
    pub closed_scroll_to: Option<usize>,
    /// Whether the closed list follows the newest row.
    pub follow: Follow,
    /// The node under the pointer, in any view.
    pub hover: Hover,
    /// A notice shown in the status bar until the user dismisses it.
    pub notice: Option<String>,
    /// The compare view's plot choice and enlarged card.
    pub compare: super::compare::CompareView,
    /// The pane filling the window for presenting, if any.
    pub maximized: Option<Pane>,
    /// Where each pane was drawn this frame, so the maximise key finds the one under the
    /// pointer.
    pub pane_rects: Vec<(Pane, egui::Rect)>,
    /// The search tree pane's camera, folds and cached layout.
    pub tree: super::tree_view::TreeView,
    /// What the open and closed lists showed this frame (`None` for a list not drawn).
    pub lists_shown: [Option<ListShown>; 2],
    /// The pane (the plots or the tree) that the view left out for want of room last frame:
    /// the status bar then offers it, maximised.
    pub lower_hidden: Option<Pane>,
    /// The same, as found while drawing this frame; it becomes `lower_hidden` at its end.
    pub lower_hidden_now: Option<Pane>,
    /// The height the lists' pane gave last frame to what stands above the lists (an
    /// exercise's banner, IDA*'s bound table), so the rows the lists need are asked for whole.
    pub above_lists: f32,
    /// The height of a list's title and column headings above its first row, as drawn last
    /// frame.
    list_chrome: f32,
    /// Whether this frame's lists write their boards as text (asked for, or where drawn boards
    /// would leave fewer rows than a lesson points at).
    lists_text: bool,
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

impl Default for ViewState {
    fn default() -> ViewState {
        ViewState {
            tab: Tab::Step,
            playback: Playback::default(),
            closed_scroll_to: None,
            follow: Follow::default(),
            hover: Hover::default(),
            notice: None,
            compare: Default::default(),
            maximized: None,
            pane_rects: Vec::new(),
            tree: Default::default(),
            lists_shown: [None; 2],
            lower_hidden: None,
            lower_hidden_now: None,
            above_lists: 0.0,
            lists_text: false,
            list_chrome: LIST_CHROME,
        }
    }
}

fn error_label(ui: &mut Ui, message: &str) {
    ui.label(
        RichText::new(message)
            .color(ui.visuals().error_fg_color)
            .strong(),
    );
}

/// Row 1: board and goal; row 2: algorithm and heuristic; view settings on the right.
pub fn setup_bar(ui: &mut Ui, session: &Session, cjk: Option<bool>, commands: &mut Vec<Command>) {
    let settings = &session.settings;
    let arrangement = settings.arrangement;
    // An error always unfolds the rows: it is shown next to the field that is wrong.
    if arrangement.setup_folded && session.problem.is_ok() {
        folded_setup(ui, session, commands);
        return;
    }
    // A goal of another size than the board is the goal's to fix (the size buttons set the
    // board); an unsolvable pair is the board's, with its offers below.
    let board_error = match &session.problem {
        Err(e @ (SetupError::Board(_) | SetupError::Problem(ProblemError::Unsolvable { .. }))) => {
            Some(engine::setup_error(e))
        }
        _ => None,
    };
    let goal_error = match &session.problem {
        Err(e @ (SetupError::Goal(_) | SetupError::Problem(ProblemError::SizeMismatch { .. }))) => {
            Some(engine::setup_error(e))
        }
        _ => None,
    };
    if settings.domain == DomainKind::Grid {
        super::grid_view::tools(ui, session, commands);
    } else {
        ui.horizontal_wrapped(|ui| {
            let label = word(ui, RichText::new(text::t().board).strong());
            let mut board_text = settings.board_text.clone();
            let mut edit = TextEdit::singleline(&mut board_text)
                .hint_text(text::t().board_hint)
                .font(egui::TextStyle::Monospace)
                .desired_width(170.0);
            if board_error.is_some() {
                edit = edit.text_color(ui.visuals().error_fg_color);
            }
            let response = ui
                .add(edit)
                .labelled_by(label.id)
                .on_hover_text(text::t().formats_hint);
            if response.changed() {
                commands.push(Command::SetBoardText(board_text));
            }
            if board_error.is_some() {
                error_frame(ui, response.rect);
            }
            ui.separator();

            let label = word(ui, RichText::new(text::t().goal).strong());
            let mut goal_text = settings.goal_text.clone();
            let mut edit = TextEdit::singleline(&mut goal_text)
                .hint_text(text::t().goal_hint)
                .font(egui::TextStyle::Monospace)
                .desired_width(170.0);
            if goal_error.is_some() {
                edit = edit.text_color(ui.visuals().error_fg_color);
            }
            let response = ui.add(edit).labelled_by(label.id);
            if response.changed() {
                commands.push(Command::SetGoalText(goal_text));
            }
            if goal_error.is_some() {
                error_frame(ui, response.rect);
            }
            let side = session.side().unwrap_or(3);
            ComboBox::from_id_salt("goal_preset")
                .selected_text(text::t().goal_preset)
                .show_ui(ui, |ui| {
                    for preset in GoalPreset::ALL {
                        let Some(board) = preset.board(side) else {
                            continue;
                        };
                        if ui.selectable_label(false, preset_title(preset)).clicked() {
                            commands.push(Command::SetGoalText(board.to_string()));
                        }
                    }
                })
                .response
                .on_hover_text(text::t().goal_hint);

            ui.separator();

            for (side_option, title) in [(3, text::t().size_3), (4, text::t().size_4)] {
                if ui
                    .selectable_label(session.side() == Some(side_option), title)
                    .clicked()
                    && session.side() != Some(side_option)
                {
                    commands.push(Command::SetSize(side_option));
                }
            }
            ui.separator();

            random_board_button(
                ui,
                (
                    text::t().scramble,
                    text::t().scramble_hint,
                    Command::Scramble,
                ),
                (
                    settings.scramble_moves,
                    SCRAMBLE_RANGE,
                    text::t().scramble_moves,
                ),
                Command::SetScrambleMoves,
                commands,
            );
            if side == 3 {
                random_board_button(
                    ui,
                    (
                        text::t().at_distance,
                        text::t().distance_hint,
                        Command::RandomAtDistance,
                    ),
                    (settings.distance, DISTANCE_RANGE, text::t().distance_steps),
                    Command::SetDistance,
                    commands,
                );
            }
        });
    }
    // The message line is there only when it has something to say: the formats are the board
    // field's hover text, and the room goes to the search (at zoom 1.5 the hint took two lines).
    match (&board_error, &goal_error) {
        (Some(message), _) => {
            ui.horizontal_wrapped(|ui| {
                error_label(ui, &format!("{}: {message}", text::t().board));
                // A board that does not parse: say what does.
                if matches!(session.problem, Err(SetupError::Board(_))) {
                    ui.label(
                        RichText::new(text::t().formats_hint).color(ui.visuals().weak_text_color()),
                    );
                }
            });
        }
        (None, Some(message)) => {
            ui.horizontal_wrapped(|ui| error_label(ui, message));
        }
        (None, None) if settings.explore_unsolvable => {
            ui.label(
                RichText::new(text::t().exploring_unsolvable)
                    .strong()
                    .color(ui.visuals().warn_fg_color),
            );
        }
        (None, None) if settings.language == Language::Chinese && cjk == Some(false) => {
            ui.label(RichText::new(text::t().no_cjk_font).color(ui.visuals().warn_fg_color));
        }
        (None, None) => {}
    }
    ui.add_space(2.0);
    ui.horizontal_wrapped(|ui| {
        if settings.compare {
            super::compare::lanes_bar(ui, session, commands);
        } else {
            let config = settings.active_config();
            config_editor(ui, &config, commands);
        }
        // A database being made is a wait, said once beside the heuristic with its progress.
        if let Err(SetupError::Config(e)) = &session.problem
            && !matches!(e, ConfigError::HeuristicNotReady(_))
        {
            error_label(ui, &engine::config_error(e));
        }
        fold_setup_button(ui, arrangement, commands);
    });
}

/// A button that makes a random board and the count it is made with (moves from the goal, or
/// the distance), both explained by the same hover text.
fn random_board_button<T: egui::emath::Numeric>(
    ui: &mut Ui,
    (title, hint, make): (&str, &str, Command),
    (count, range, unit): (T, std::ops::RangeInclusive<T>, &str),
    set_count: fn(T) -> Command,
    commands: &mut Vec<Command>,
) {
    if ui.button(title).on_hover_text(hint).clicked() {
        commands.push(make);
    }
    let mut next = count;
    if ui
        .add(
            egui::DragValue::new(&mut next)
                .range(range)
                .suffix(format!(" {unit}")),
        )
        .on_hover_text(hint)
        .changed()
    {
        commands.push(set_count(next));
    }
}

/// Folds the setup rows into one line.
fn fold_setup_button(ui: &mut Ui, arrangement: Arrangement, commands: &mut Vec<Command>) {
    if ui
        .button(text::t().fold_setup)
        .on_hover_text(text::t().fold_setup_hint)
        .clicked()
    {
        commands.push(Command::SetArrangement(Arrangement {
            setup_folded: true,
            ..arrangement
        }));
    }
}

/// The setup in one line: the board, the goal and the methods, with a button to edit them.
fn folded_setup(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let settings = &session.settings;
    // One line, so the panes keep the height: what does not fit ends in an ellipsis and is
    // read whole on hover (a line wrapped at the window's edge split "A*搜索" in two).
    ui.horizontal(|ui| {
        if ui.button(text::t().edit_setup).clicked() {
            commands.push(Command::SetArrangement(Arrangement {
                setup_folded: false,
                ..settings.arrangement
            }));
        }
        let problem = match settings.domain {
            DomainKind::Puzzle => format!("{} → {}", settings.board_text, settings.goal_text),
            DomainKind::Grid => text::grid_summary(&settings.grid.grid),
        };
        ui.add(egui::Label::new(RichText::new(&problem).monospace().strong()).truncate())
            .on_hover_text(problem);
        let methods = if settings.compare {
            settings
                .active_lanes()
                .iter()
                .map(method_label)
                .collect::<Vec<_>>()
                .join(" | ")
        } else {
            engine::describe(&settings.active_config())
        };
        ui.add(egui::Label::new(&methods).truncate())
            .on_hover_text(methods);
    });
}

/// An algorithm with the heuristic it uses, in a few words: "A* Manhattan", "BFS".
pub fn method_label(config: &SearchConfig) -> String {
    let algorithm = engine::algorithm_short(config.algorithm);
    if config.algorithm.uses_heuristic() {
        format!("{algorithm} {}", engine::heuristic_short(config.heuristic))
    } else {
        algorithm.to_owned()
    }
}

/// The title of a pane, above it while it is maximised and in the View menu.
pub fn pane_title(pane: Pane) -> &'static str {
    let t = text::t();
    match pane {
        Pane::Board => t.pane_board,
        Pane::Lists => t.pane_lists,
        Pane::Plots => t.pane_plots,
        Pane::Pseudocode => t.pane_pseudocode,
        Pane::Tree => t.pane_tree,
        Pane::Compare => t.pane_compare,
    }
}

/// The line above a maximised pane: what it is, and how to get the layout back.
pub fn maximized_heading(ui: &mut Ui, pane: Pane, commands: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        word(ui, RichText::new(pane_title(pane)).strong().size(17.0));
        ui.label(RichText::new(text::t().maximized_note).color(ui.visuals().weak_text_color()));
        if ui.button(text::t().restore).clicked() {
            commands.push(Command::Maximize(None));
        }
    });
    ui.separator();
}

fn config_editor(ui: &mut Ui, config: &SearchConfig, commands: &mut Vec<Command>) {
    let next = edit_config(ui, config, false);
    // One piece: a wrapped row would put "f =" on one line and "g + h" on the next.
    ui.add(
        egui::Label::new(
            RichText::new(text::engine::formula(config.algorithm))
                .monospace()
                .color(ui.visuals().strong_text_color()),
        )
        .extend(),
    );
    if next != *config {
        commands.push(Command::SetConfig(next));
    }
}

fn command_button(
    ui: &mut Ui,
    command: Command,
    active: bool,
    enabled: bool,
    with_key: bool,
    commands: &mut Vec<Command>,
) {
    let shortcut = super::keys::shortcut(&command)
        .map(|s| ui.ctx().format_shortcut(&s))
        .unwrap_or_default();
    let mut button = Button::new(RichText::new(command.button_text(active)).strong())
        .selected(active)
        .min_size(vec2(0.0, 30.0));
    if with_key {
        button = button.shortcut_text(shortcut.clone());
    }
    let response = ui.add_enabled(enabled, button);
    let response = if with_key || shortcut.is_empty() {
        response
    } else {
        response.on_hover_text(shortcut)
    };
    if response.clicked() {
        commands.push(command);
    }
}

/// The width below which the step buttons leave out their keys (shown on hover instead), so
/// the buttons, the speed and the timeline keep one row at a projector's 850 points.
const KEYS_ROOM: f32 = 1150.0;

/// Step, step back, play, run to end, reset, speed and the timeline.
pub fn controls_bar(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let can_step = session.can_step();
    let can_back = session.can_step_back();
    let ready = session.main_lane().is_some();
    let mut wrap_timeline = false;
    let keys = ui.available_width() >= KEYS_ROOM;
    ui.horizontal(|ui| {
        let fine = session.fine_stepping();
        command_button(ui, Command::Step, fine, can_step || fine, keys, commands);
        command_button(ui, Command::StepBack, false, can_back, keys, commands);
        let playing = session.mode == RunMode::Playing;
        command_button(
            ui,
            Command::TogglePlay,
            playing,
            can_step || playing,
            keys,
            commands,
        );
        let running = session.mode == RunMode::RunToEnd;
        command_button(
            ui,
            Command::RunToEnd,
            running,
            can_step || running,
            keys,
            commands,
        );
        command_button(ui, Command::Reset, false, ready && can_back, keys, commands);
        // A narrow window or a large zoom: the speed and the timeline get a row of their own
        // rather than run off the right edge.
        let text_size = egui::TextStyle::Body.resolve(ui.style()).size;
        let scale = text_size / 15.0;
        wrap_timeline = ui.available_width() < TIMELINE_ROOM * scale;
        if !wrap_timeline {
            ui.separator();
            let labels = ui.available_width() >= (TIMELINE_ROOM + TIMELINE_LABELS) * scale;
            speed_and_timeline(ui, session, labels, commands);
        }
    });
    if wrap_timeline {
        ui.horizontal(|ui| speed_and_timeline(ui, session, true, commands));
    }
    if session.settings.show_breakpoints {
        super::breakpoints_view::row(
            ui,
            &session.settings.breakpoints,
            session.settings.domain,
            commands,
        );
    }
}

/// The width the speed slider and a usable timeline need beside the buttons, at the body
/// text's usual 15 points.
const TIMELINE_ROOM: f32 = 380.0;

/// The width beyond [`TIMELINE_ROOM`] that the words "Speed" and "Timeline" take (shown on
/// hover where there is no room).
const TIMELINE_LABELS: f32 = 140.0;

fn speed_and_timeline(ui: &mut Ui, session: &Session, labels: bool, commands: &mut Vec<Command>) {
    // What the row needs, measured in the text it is drawn in: the words "Speed" and
    // "Timeline" go to hover where a usable timeline would not fit beside them.
    let font = egui::TextStyle::Body.resolve(ui.style());
    let measure = |s: String| {
        ui.painter()
            .layout_no_wrap(s, font.clone(), Color32::WHITE)
            .size()
            .x
    };
    let spacing = ui.spacing().item_spacing.x;
    let padding = 2.0 * ui.spacing().button_padding.x;
    let furthest = session.furthest().max(1);
    let speed_value = measure(format!("10000{}", text::t().speed_suffix)) + padding;
    let step_value = measure(format!("{furthest}{}", text::t().timeline_suffix)) + padding;
    let timeline_word = measure(text::t().timeline.to_owned());
    let words = measure(text::t().speed.to_owned()) + timeline_word;
    const SPEED_SLIDER: f32 = 70.0;
    const LEAST_TIMELINE: f32 = 80.0;
    let bare = SPEED_SLIDER + speed_value + LEAST_TIMELINE + step_value + 6.0 * spacing + 12.0;
    let labels = labels && ui.available_width() >= bare + words + 2.0 * spacing;
    let mut speed = session.settings.speed;
    // Short: a log slider needs little travel, and the timeline wants the room.
    ui.spacing_mut().slider_width = SPEED_SLIDER;
    let slider = Slider::new(&mut speed, SPEED_RANGE)
        .logarithmic(true)
        .max_decimals(0)
        .suffix(text::t().speed_suffix);
    let slider = if labels {
        slider.text(text::t().speed)
    } else {
        slider
    };
    if ui.add(slider).on_hover_text(text::t().speed).changed() {
        commands.push(Command::SetSpeed(speed));
    }
    ui.separator();
    if session.main_lane().is_some() {
        let mut position = session.seek_target().unwrap_or(session.clock());
        let label = if labels { timeline_word + spacing } else { 0.0 };
        ui.spacing_mut().slider_width =
            (ui.available_width() - step_value - label - 3.0 * spacing).max(LEAST_TIMELINE);
        let suffix = if position == 1 {
            text::t().timeline_suffix_one
        } else {
            text::t().timeline_suffix
        };
        let slider = Slider::new(&mut position, 0..=furthest).suffix(suffix);
        let slider = if labels {
            slider.text(text::t().timeline)
        } else {
            slider
        };
        let response = ui.add(slider).on_hover_text(text::t().timeline);
        if response.changed() {
            commands.push(Command::Seek(position));
        }
    }
}

/// The large board, sized to the room available.
fn board_cell(ui: &Ui, side: usize, height_share: f32) -> f32 {
    let width = ui.available_width() / side as f32;
    let height = ui.available_height() * height_share / side as f32;
    width.min(height).clamp(34.0, 150.0)
}

fn legend(ui: &mut Ui, kind: AnyHeuristic, uses_heuristic: bool) {
    use crate::domains::puzzle::HeuristicKind;
    let line = match kind {
        AnyHeuristic::Puzzle(HeuristicKind::Zero) => text::t().legend_zero,
        AnyHeuristic::Puzzle(HeuristicKind::Misplaced) => text::t().legend_misplaced,
        AnyHeuristic::Puzzle(HeuristicKind::Manhattan) => text::t().legend_manhattan,
        AnyHeuristic::Puzzle(HeuristicKind::LinearConflict) => text::t().legend_conflict,
        AnyHeuristic::Puzzle(HeuristicKind::Pdb44 | HeuristicKind::Pdb663) => text::t().legend_pdb,
        AnyHeuristic::Grid(_) => text::grid_legend(kind),
    };
    ui.label(RichText::new(line).color(ui.visuals().weak_text_color()));
    if !uses_heuristic {
        ui.label(RichText::new(text::t().h_for_reference).color(ui.visuals().weak_text_color()));
    }
}

fn heading(ui: &mut Ui, title: &str) {
    ui.label(
        RichText::new(title)
            .heading()
            .color(ui.visuals().strong_text_color()),
    );
}

fn ghf_heading(ui: &mut Ui, g: Cost, h: Cost, f: Cost) {
    ui.label(
        RichText::new(text::ghf(g, h, f))
            .size(22.0)
            .strong()
            .color(ui.visuals().strong_text_color()),
    );
}

/// The node views on the left: the current step, a selected node, the solution.
pub fn node_panel(
    ui: &mut Ui,
    session: &Session,
    view: &mut ViewState,
    commands: &mut Vec<Command>,
) {
    let solved = session
        .main_lane()
        .is_some_and(|l| l.search().solution().is_some());
    ui.horizontal(|ui| {
        for (tab, title) in [
            (Tab::Step, text::t().tab_step),
            (Tab::Selected, text::t().tab_selected),
            (Tab::Solution, text::t().tab_solution),
        ] {
            let label = if tab == Tab::Solution && solved {
                RichText::new(title).strong().color(palette::NEW)
            } else {
                RichText::new(title).strong()
            };
            if ui.selectable_label(view.tab == tab, label).clicked() {
                view.tab = tab;
                if tab == Tab::Step {
                    commands.push(Command::ShowCurrent);
                }
            }
        }
    });
    ui.separator();
    let Some(lane) = session.main_lane() else {
        if let Err(err) = &session.problem {
            problem_error_view(ui, session, err, commands);
        }
        return;
    };
    egui::ScrollArea::vertical()
        .id_salt("node_panel")
        .auto_shrink([false, false])
        .show(ui, |ui| match view.tab {
            Tab::Step => current_step(ui, session, lane, &mut view.hover, commands),
            Tab::Selected => selected_node(ui, session, lane, &mut view.hover, commands),
            Tab::Solution => solution_view(ui, session, lane, &mut view.playback, &mut view.hover),
        });
}

/// The start board and the goal side by side, each under its heading; returns the start's
/// clicked cell.
fn start_and_goal(ui: &mut Ui, start: &Board, goal: &Board, decor: Decor<'_>) -> Option<usize> {
    let side = start.side() as f32;
    let gap = 18.0;
    let cell = ((ui.available_width() - gap) / 2.0 / side)
        .min(ui.available_height() * 0.42 / side)
        .clamp(22.0, 110.0);
    let mut clicked = None;
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            heading(ui, text::t().start_board);
            clicked = board_view::board(ui, start, cell, &decor);
        });
        ui.add_space(gap);
        ui.vertical(|ui| {
            heading(ui, text::t().goal_board);
            board_view::board(
                ui,
                goal,
                cell,
                &Decor {
                    goal: Some(goal),
                    label: Some(text::t().goal_board.to_owned()),
                    ..Decor::default()
                },
            );
        });
    });
    clicked
}

fn preset_title(preset: GoalPreset) -> &'static str {
    match preset {
        GoalPreset::P1379 => text::t().preset_p1379,
        GoalPreset::BlankLast => text::t().preset_blank_last,
        GoalPreset::BlankFirst => text::t().preset_blank_first,
    }
}

/// The node view while the typed problem cannot be searched: an unsolvable board is drawn
/// with its goal, its parity sentence and a goal preset it is solvable for; a board or goal
/// that does not parse leaves the last valid problem drawn, dimmed, under the error.
fn problem_error_view(
    ui: &mut Ui,
    session: &Session,
    err: &SetupError,
    commands: &mut Vec<Command>,
) {
    ui.add_space(8.0);
    if let SetupError::Config(ConfigError::HeuristicNotReady(_)) = err {
        // One line while the table is made, the progress and Cancel being beside the
        // heuristic: nothing to fix.
        ui.label(RichText::new(text::t().pdb_getting_ready).color(ui.visuals().text_color()));
        return;
    }
    error_label(ui, &engine::setup_error(err));
    ui.add_space(4.0);
    // Another goal or BFS over the reachable half only help an unsolvable pair, not a pair of
    // two sizes.
    if let (SetupError::Problem(ProblemError::Unsolvable { .. }), Some((start, goal))) =
        (err, session.typed_boards())
    {
        let other = GoalPreset::solvable_for(&start)
            .into_iter()
            .find_map(|p| p.board(start.side()).filter(|b| *b != goal).map(|b| (p, b)));
        if let Some((preset, board)) = other {
            let button =
                Button::new(RichText::new(text::switch_goal_to(preset_title(preset))).strong());
            if ui.add(button).clicked() {
                commands.push(Command::SetGoalText(board.to_string()));
            }
        }
        if ui
            .button(text::explore_unsolvable(start.side()))
            .on_hover_text(text::t().explore_unsolvable_hint)
            .clicked()
        {
            commands.push(Command::ExploreUnsolvable);
        }
        ui.add_space(6.0);
        let clicked = start_and_goal(
            ui,
            &start,
            &goal,
            Decor {
                goal: Some(&goal),
                clickable: true,
                label: Some(text::t().start_board.to_owned()),
                ..Decor::default()
            },
        );
        if let Some(cell) = clicked {
            commands.push(Command::MoveTile(cell));
        }
        return;
    }
    if let Some(AnyProblem::Puzzle(problem)) = session.last_good.as_ref() {
        ui.label(RichText::new(text::t().last_valid_problem).color(ui.visuals().weak_text_color()));
        ui.add_space(4.0);
        ui.scope(|ui| {
            ui.multiply_opacity(0.35);
            start_and_goal(
                ui,
                &problem.start(),
                &problem.goal(),
                Decor {
                    goal: Some(&problem.goal()),
                    label: Some(text::t().last_valid_board.to_owned()),
                    ..Decor::default()
                },
            );
        });
    }
}

/// Rings a view of a node hovered elsewhere, and reports the pointer over this one.
fn hover_ring(ui: &Ui, rect: egui::Rect, id: NodeId, hover: &mut Hover) {
    if hover.is(id) {
        ui.painter().rect_stroke(
            rect.expand(3.0),
            4.0,
            egui::Stroke::new(3.0, ui.visuals().strong_text_color()),
            egui::StrokeKind::Outside,
        );
    }
    if ui.rect_contains_pointer(rect) {
        hover.saw(id);
    }
}

fn current_step(
    ui: &mut Ui,
    session: &Session,
    lane: &Lane,
    hover: &mut Hover,
    commands: &mut Vec<Command>,
) {
    let search = lane.search();
    let (Some(explainer), AnyState::Puzzle(goal)) = (lane.explainer(), search.problem().goal())
    else {
        return;
    };
    let config = *search.config();
    if search.steps() == 0 {
        let start = search.node(NodeId(0));
        let AnyState::Puzzle(start_board) = start.state else {
            return;
        };
        let explanation = explainer.explain(&start_board);
        let clicked = start_and_goal(
            ui,
            &start_board,
            &goal,
            Decor {
                goal: Some(&goal),
                explanation: Some(&explanation),
                clickable: true,
                label: Some(text::t().start_board.to_owned()),
                ..Decor::default()
            },
        );
        if let Some(cell) = clicked {
            commands.push(Command::MoveTile(cell));
        }
        ui.label(text::t().start_click_hint);
        ghf_heading(ui, start.g, start.h, start.f);
        legend(ui, config.heuristic, config.algorithm.uses_heuristic());
        board_view::groups_line(ui, &explanation);
        return;
    }
    let puzzle_board = |state: &AnyState| state.board().copied().unwrap_or(goal);
    let view = search.step_at(search.steps() - 1);
    let node = search.node(view.expanded);
    // Fine step: before its close line the node has only been popped.
    let popped_only = session.fine().is_some_and(|fine| !fine.phase.closed());
    heading(
        ui,
        &text::expanded_title(view.expanded.0, view.index + 1, popped_only),
    );
    let board = puzzle_board(&node.state);
    let explanation = explainer.explain(&board);
    let cell = board_cell(ui, board.side(), 0.5);
    let rect = ui
        .scope(|ui| {
            board_view::board(
                ui,
                &board,
                cell,
                &Decor {
                    goal: Some(&goal),
                    explanation: Some(&explanation),
                    label: Some(text::node_title(view.expanded.0)),
                    ..Decor::default()
                },
            )
        })
        .response
        .rect;
    hover_ring(ui, rect, view.expanded, hover);
    ui.horizontal(|ui| {
        ghf_heading(ui, node.g, node.h, node.f);
        ui.label(RichText::new(text::depth(node.depth)).size(18.0));
    });
    legend(ui, config.heuristic, config.algorithm.uses_heuristic());
    board_view::groups_line(ui, &explanation);
    // The same live check the compare lanes show: h > h* or an inconsistent edge, as it happens.
    super::compare::heuristic_check(ui, lane);
    ui.add_space(6.0);
    ui.label(RichText::new(text::t().children).strong().size(17.0));
    if view.children.is_empty() {
        ui.label(text::t().no_children_goal);
        return;
    }
    let side = board.side();
    // Every number at least as large as the text beside it, read from the back of the room.
    let body = egui::TextStyle::Body.resolve(ui.style()).size;
    let mini_cell = board_view::list_cell(side, body).max(if side == 3 { 22.0 } else { 17.0 });
    // Fine step shows the children as their lines are reached.
    let shown = session
        .fine()
        .map_or(view.children.len(), |fine| fine.children_shown(&view));
    let width = (mini_cell * side as f32 + 16.0).max(112.0);
    flow(ui, &view.children[..shown], width, |ui, _, child| {
        let child_node = search.node(child.node);
        let f = config.priority(node.depth + 1, child.g, child_node.h);
        ui.push_id(child.node, |ui| {
            let mut frame = egui::Frame::group(ui.style());
            if hover.is(child.node) {
                frame = frame.stroke(egui::Stroke::new(3.0, ui.visuals().strong_text_color()));
            }
            let framed = frame.show(ui, |ui| {
                ui.set_width(ui.available_width());
                let response = board_view::state_mini(
                    ui,
                    &child_node.state,
                    mini_cell,
                    Some(child.action),
                    Some(&AnyState::Puzzle(goal)),
                );
                if ui
                    .interact(response.rect, response.id.with("click"), Sense::click())
                    .on_hover_text(text::node_title(child.node.0))
                    .clicked()
                {
                    commands.push(Command::SelectNode(child.node));
                }
                ui.label(RichText::new(text::move_words(child.action)).strong());
                ui.label(format!(
                    "g {}  h {}  f {}",
                    child.g,
                    child_node.h,
                    text::number(f.as_f64())
                ));
                ui.label(
                    RichText::new(text::outcome(child.outcome))
                        .strong()
                        .color(outcome_color(child.outcome)),
                );
            });
            if ui.rect_contains_pointer(framed.response.rect) {
                hover.saw(child.node);
            }
        });
    });
}

fn selected_node(
    ui: &mut Ui,
    session: &Session,
    lane: &Lane,
    hover: &mut Hover,
    commands: &mut Vec<Command>,
) {
    let Some(id) = session.selected else {
        ui.label(text::t().nothing_selected);
        return;
    };
    let search = lane.search();
    let (Some(explainer), AnyState::Puzzle(goal)) = (lane.explainer(), search.problem().goal())
    else {
        return;
    };
    let node = search.node(id);
    let board = node.state.board().copied().unwrap_or(goal);
    ui.horizontal(|ui| {
        heading(ui, &text::node_title(id.0));
        if ui.button(text::t().show_current).clicked() {
            commands.push(Command::ShowCurrent);
        }
    });
    let place = match node.place {
        Place::Open => {
            let rank = lane.open_snapshot().iter().position(|&n| n == id);
            text::place_open(rank.map(|r| r + 1))
        }
        Place::Closed | Place::Pruned => text::place_closed(node.expanded_at),
    };
    ui.label(place);
    let explanation = explainer.explain(&board);
    let cell = board_cell(ui, board.side(), 0.42);
    let rect = ui
        .scope(|ui| {
            board_view::board(
                ui,
                &board,
                cell,
                &Decor {
                    goal: Some(&goal),
                    explanation: Some(&explanation),
                    moved: moved_tile(node.action),
                    label: Some(text::node_title(id.0)),
                    ..Decor::default()
                },
            )
        })
        .response
        .rect;
    hover_ring(ui, rect, id, hover);
    ui.horizontal(|ui| {
        ghf_heading(ui, node.g, node.h, node.f);
        ui.label(RichText::new(text::depth(node.depth)).size(18.0));
    });
    ui.add_space(6.0);
    ui.label(RichText::new(text::t().path_from_start).strong().size(17.0));
    path_strip(ui, search, &search.path_to(id), &goal, hover);
}

fn path_strip(
    ui: &mut Ui,
    search: &dyn Search<AnyProblem>,
    path: &[NodeId],
    goal: &Board,
    hover: &mut Hover,
) {
    let side = goal.side();
    // The numbers as large as the captions under them.
    let cell = board_view::list_cell(side, egui::TextStyle::Body.resolve(ui.style()).size);
    let goal = AnyState::Puzzle(*goal);
    let width = (cell * side as f32 + 10.0).max(72.0);
    flow(ui, path, width, |ui, i, &id| {
        let node = search.node(id);
        let response = board_view::state_mini(ui, &node.state, cell, node.action, Some(&goal));
        hover_ring(ui, response.rect, id, hover);
        let caption = match node.action {
            Some(action) => format!("{i}: {}", text::move_words(action)),
            None => format!("{i}"),
        };
        ui.label(RichText::new(caption).small());
    });
}

/// Lays items out in rows of fixed-width cells that fit the width available, so a long
/// path or many children wrap instead of widening the panel.
fn flow<T>(ui: &mut Ui, items: &[T], width: f32, mut item: impl FnMut(&mut Ui, usize, &T)) {
    let spacing = ui.spacing().item_spacing.x;
    let per_row = (((ui.available_width() + spacing) / (width + spacing)).floor() as usize).max(1);
    for (r, row) in items.chunks(per_row).enumerate() {
        ui.horizontal_top(|ui| {
            for (j, value) in row.iter().enumerate() {
                ui.allocate_ui_with_layout(vec2(width, 0.0), Layout::top_down(Align::Min), |ui| {
                    ui.set_width(width);
                    item(ui, r * per_row + j, value);
                });
            }
        });
    }
}

fn solution_view(
    ui: &mut Ui,
    session: &Session,
    lane: &Lane,
    playback: &mut Playback,
    hover: &mut Hover,
) {
    let search = lane.search();
    let Status::Solved { goal: goal_id } = search.status() else {
        ui.label(text::t().not_solved_yet);
        return;
    };
    let Some(path) = search.solution() else {
        return;
    };
    let AnyProblem::Puzzle(problem) = search.problem() else {
        return;
    };
    let boards: Vec<Board> = path
        .iter()
        .filter_map(|&id| search.node(id).state.board().copied())
        .collect();
    let moves = boards.len() - 1;
    let key = Some((goal_id, search.steps()));
    if playback.key != key {
        *playback = Playback {
            key,
            ..Playback::default()
        };
    }
    let goal = problem.goal();
    ui.heading(RichText::new(text::solved_headline(moves)).color(palette::NEW));
    let optimal = session
        .known_distances()
        .and_then(|t| t.distance(&problem.start()));
    let note = text::optimal_note(optimal, moves);
    if !note.is_empty() {
        ui.label(RichText::new(note).strong());
    }
    ui.label(text::stats_line(&search.stats()));
    ui.add_space(6.0);

    // Advance the animation by this frame's time.
    if playback.playing {
        let dt = ui.input(|i| i.stable_dt).min(0.1);
        playback.t += dt * PLAYBACK_SPEED;
        if playback.t >= 1.0 {
            playback.t = 0.0;
            playback.index += 1;
            if playback.single {
                playback.playing = false;
                playback.single = false;
            }
        }
        if playback.index >= moves {
            playback.index = moves;
            playback.t = 0.0;
            playback.playing = false;
        }
        ui.ctx().request_repaint();
    }
    let index = playback.index.min(moves);
    let board = boards[index];
    let slide = (index < moves && playback.playing).then(|| {
        let tile = board.move_to(&boards[index + 1]).map_or(0, |m| m.tile);
        (tile, playback.t)
    });
    // The tile about to slide, or the one that just did, is drawn amber.
    let moved = match slide {
        Some((tile, _)) => Some(tile),
        None if index > 0 => boards[index - 1].move_to(&board).map(|m| m.tile),
        None => None,
    };
    let cell = board_cell(ui, board.side(), 0.62);
    board_view::board(
        ui,
        &board,
        cell,
        &Decor {
            goal: Some(&goal),
            slide,
            moved,
            label: Some(text::t().tab_solution.to_owned()),
            ..Decor::default()
        },
    );
    ui.horizontal(|ui| {
        if ui.button(text::t().playback_start).clicked() {
            *playback = Playback {
                key,
                ..Playback::default()
            };
        }
        if ui
            .add_enabled(index > 0, Button::new(text::t().playback_prev))
            .clicked()
        {
            playback.index = index - 1;
            playback.t = 0.0;
            playback.playing = false;
        }
        let play_text = if playback.playing && !playback.single {
            text::t().pause
        } else {
            text::t().play
        };
        if ui
            .add_enabled(index < moves, Button::new(play_text))
            .clicked()
        {
            let continuous = playback.playing && !playback.single;
            playback.playing = !continuous;
            playback.single = false;
        }
        if ui
            .add_enabled(index < moves, Button::new(text::t().playback_next))
            .clicked()
        {
            playback.playing = true;
            playback.single = true;
        }
        if ui.button(text::t().playback_end).clicked() {
            playback.index = moves;
            playback.t = 0.0;
            playback.playing = false;
        }
    });
    ui.horizontal(|ui| {
        let mut position = index;
        // The slider gets its own row and takes what its value and label leave of it, so the
        // row never overflows the panel at any zoom.
        let label_width = ui.fonts_mut(|f| {
            let font = egui::TextStyle::Body.resolve(ui.style());
            let label = format!(
                "{moves}{} {}",
                text::playback_suffix(moves),
                text::t().playback_move
            );
            f.layout_no_wrap(label, font, Color32::WHITE).size().x
        });
        ui.spacing_mut().slider_width = (ui.available_width() - label_width - 60.0).max(40.0);
        if ui
            .add(
                Slider::new(&mut position, 0..=moves)
                    .suffix(text::playback_suffix(moves))
                    .text(text::t().playback_move),
            )
            .changed()
        {
            playback.index = position;
            playback.t = 0.0;
            playback.playing = false;
        }
    });
    ui.add_space(6.0);
    ui.label(RichText::new(text::t().path_from_start).strong().size(17.0));
    path_strip(ui, search, &path, &goal, hover);
}

/// The tile a puzzle move slid (none for a step on a map).
fn moved_tile(action: Option<AnyAction>) -> Option<u8> {
    match action {
        Some(AnyAction::Puzzle(m)) => Some(m.tile),
        _ => None,
    }
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

/// The height of a row of the open and closed lists: room for a small board whose digits are
/// as large as the table's text, or one line of text when boards are shown as text.
pub fn list_row_height(side: usize, text_size: f32, text_boards: bool) -> f32 {
    if text_boards {
        (text_size + 8.0).max(22.0)
    } else {
        board_view::list_cell(side, text_size) * side as f32 + 4.0
    }
}

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
pub fn lists_height(ui: &Ui, session: &Session, view: &ViewState) -> f32 {
    let Some(lane) = session.main_lane() else {
        return 0.0;
    };
    let size = ui.available_size() - vec2(0.0, view.above_lists);
    let plan = ListsPlan::new(ui, session, lane.search(), size, view.list_chrome);
    view.above_lists + plan.height_needed()
}

/// The open list in pop order and the closed list in expansion order, side by side.
pub fn lists(ui: &mut Ui, session: &Session, view: &mut ViewState, commands: &mut Vec<Command>) {
    let Some(lane) = session.main_lane() else {
        return;
    };
    let top = ui.cursor().top();
    if session.exercising() {
        let rule = text::exercise_rule_for(lane.config());
        let can_reveal = lane.is_running() && session.can_step();
        super::exercise_view::banner(ui, &session.score, &rule, can_reveal, commands);
    }
    super::engine_views::ui(ui, lane, session.fine(), session.exercising());
    let above = ui.cursor().top() - top;
    if (above - view.above_lists).abs() > 0.5 {
        // The pane's share is asked for from this height: once more with the right one.
        view.above_lists = above;
        ui.ctx().request_repaint();
    }
    let plan = ListsPlan::new(
        ui,
        session,
        lane.search(),
        ui.available_size(),
        view.list_chrome,
    );
    view.lists_text = plan.columns.text_boards;
    if session.exercising() && lane.search().bidirectional().is_some() {
        // The question is which half expands next: both open lists side by side, and the
        // closed list (no candidate) left out.
        measured_open_table(ui, session, lane, view, commands);
        return;
    }
    if let Some(open_height) = plan.stacked {
        // Each list as wide as the pane: every column fits at a large zoom.
        ui.push_id("open", |ui| {
            ui.allocate_ui(vec2(ui.available_width(), open_height), |ui| {
                measured_open_table(ui, session, lane, view, commands)
            });
        });
        ui.separator();
        ui.push_id("closed", |ui| {
            closed_table(ui, session, lane, view, commands)
        });
    } else {
        ui.columns(2, |columns| {
            // Each list is clipped to its column: a table scrolled sideways drew a few pixels
            // of its next column's heading over its neighbour.
            columns[0].push_id("open", |ui| {
                ui.shrink_clip_rect(ui.max_rect());
                measured_open_table(ui, session, lane, view, commands)
            });
            columns[1].push_id("closed", |ui| {
                ui.shrink_clip_rect(ui.max_rect());
                closed_table(ui, session, lane, view, commands)
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
    view: &mut ViewState,
    commands: &mut Vec<Command>,
) {
    let top = ui.cursor().top();
    open_table(ui, session, lane, view, commands);
    if let Some(shown) = view.lists_shown[0]
        && shown.rows_top.is_finite()
    {
        let chrome = shown.rows_top - top;
        if (chrome - view.list_chrome).abs() > 0.5 {
            view.list_chrome = chrome;
            ui.ctx().request_repaint();
        }
    }
}

fn open_table(
    ui: &mut Ui,
    session: &Session,
    lane: &Lane,
    view: &mut ViewState,
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
        list_heading(ui, title, ids.len(), toggle_label, toggle);
        let list = NodeList {
            id_salt: "open_table",
            first_column: text::t().col_rank,
            ids: &ids,
            scroll_to: None,
            on_click: Command::SelectNode,
            marks: &marks,
            text_boards: view.lists_text,
        };
        view.lists_shown[0] =
            Some(node_table(ui, session, search, list, &mut view.hover, commands).1);
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
        let text_boards = view.lists_text;
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
            let hover = &mut view.hover;
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
            view.lists_shown[0] = Some(shown);
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
        view.lists_shown[0] =
            Some(node_table(ui, session, search, list, &mut view.hover, commands).1);
        return;
    }
    list_heading(ui, title, lane.open_snapshot().len(), toggle_label, toggle);
    let list = NodeList {
        id_salt: "open_table",
        first_column: text::t().col_rank,
        ids: lane.open_snapshot(),
        scroll_to: None,
        on_click: Command::SelectNode,
        marks: &marks,
        text_boards: view.lists_text,
    };
    view.lists_shown[0] = Some(node_table(ui, session, search, list, &mut view.hover, commands).1);
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
    view: &mut ViewState,
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
        text_boards: view.lists_text,
    };
    let (output, shown) = node_table(ui, session, search, list, &mut view.hover, commands);
    view.lists_shown[1] = Some(shown);
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
    cell: f32,
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
        let side = search.problem().side();
        let text_size = egui::TextStyle::Body.resolve(ui.style()).size;
        let decimals = session.settings.domain.costs_have_decimals();
        let cell = board_view::list_cell(side, text_size);
        let board_width = match search.problem().grid() {
            // The widest coordinates of this map, "(11, 7)" on a 12x8 one.
            Some(grid) => {
                let digits = |n: usize| n.saturating_sub(1).max(1).ilog10() as f32 + 1.0;
                (digits(grid.width()) + digits(grid.height()) + 4.0) * text_size * 0.6 + 6.0
            }
            // Monospace digits are 0.6 of the font size wide.
            None if text_boards => (side * side + side - 1) as f32 * text_size * 0.6 + 6.0,
            None => cell * side as f32 + 4.0,
        };
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
        let node_width = ((digits + 1.4) * text_size * 0.56 + 4.0)
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
            cell,
            row_height: list_row_height(side, text_size, text_boards),
            board_width,
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
    let side = search.problem().side();
    // Selectable labels would take the click on their text away from the row.
    ui.style_mut().interaction.selectable_labels = false;
    ui.spacing_mut().item_spacing.x = 5.0;
    let background = ui.visuals().panel_fill;
    let columns = ListColumns::with(ui, session, search, list.text_boards);
    let ListColumns {
        text_boards,
        cell,
        row_height: height,
        board_width,
        id_width,
        node_width,
        ..
    } = columns;
    // Columns are left out, the depth first, rather than the table overflowing its pane.
    let fit = columns.fit(ui.available_width());
    let state_title = match search.problem().grid() {
        Some(_) => text::t().col_cell,
        None => text::t().col_board,
    };
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
                            ui.label(format!("S{}", id.0));
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
                                let size = vec2(cell * side as f32, cell * side as f32);
                                let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
                                board_view::paint_state(ui, rect, &node.state, None, Some(&goal));
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
        boards: !text_boards && search.problem().grid().is_none(),
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
    use crate::app::{Settings, test_harness};
    use crate::domains::puzzle::{HeuristicKind, Problem, SearchConfig};
    use crate::search::new_search;

    #[test]
    fn list_boards_have_digits_as_large_as_the_table_text() {
        // 12 is the small style, 15 the body at 100 %, then the body at larger text sizes.
        for text_size in [12.0, 15.0, 18.0, 22.5, 30.0] {
            for side in [3, 4] {
                let cell = board_view::list_cell(side, text_size);
                for tile in 1..(side * side) as u8 {
                    let size = board_view::mini_font_size(cell, tile);
                    assert!(
                        size >= text_size,
                        "{side}x{side} tile {tile}: {size} < {text_size}"
                    );
                }
                let row = list_row_height(side, text_size, false);
                assert!(row >= cell * side as f32, "the board fits its row");
                assert!(list_row_height(side, text_size, true) >= text_size + 8.0);
            }
        }
        // The table's text is the body style the window installs.
        let h = test_harness(Settings::default());
        let body = egui::TextStyle::Body.resolve(&h.ctx.global_style()).size;
        assert!(board_view::mini_font_size(board_view::list_cell(3, body), 8) >= body);
    }

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

    #[test]
    fn a_maps_lists_head_their_state_column_cell_and_offer_no_board_toggle() {
        let mut h = test_harness(Settings::default());
        h.run();
        assert!(
            !h.query_all_by_label(text::t().col_board)
                .collect::<Vec<_>>()
                .is_empty()
        );
        assert!(h.query_all_by_label(text::t().col_cell).next().is_none());
        let mut h = test_harness(Settings {
            domain: DomainKind::Grid,
            ..Settings::default()
        });
        h.run();
        // Both lists head the column "cell"; a map's cells are always coordinates.
        assert_eq!(h.query_all_by_label(text::t().col_cell).count(), 2);
        assert!(h.query_all_by_label(text::t().col_board).next().is_none());
        assert!(h.query_by_label(text::t().boards_as_text).is_none());
    }

    /// A board BFS needs well over 40 expansions for.
    fn long_run() -> Settings {
        Settings {
            board_text: "567408321".to_owned(),
            config: SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Manhattan),
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
        assert!(!h.state().view.follow.on);
        for _ in 0..5 {
            h.state_mut().apply(Command::Step);
            h.run();
        }
        assert_eq!(in_closed_list(&h, "45"), 0);
        // The box turns it on again.
        h.get_by_label(text::t().follow_newest).click();
        h.run();
        assert!(h.state().view.follow.on);
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

    #[test]
    fn the_goal_is_drawn_beside_the_start() {
        use egui::accesskit::Role;
        let mut h = test_harness(Settings::default());
        h.run();
        h.get_by_role_and_label(Role::Image, text::t().start_board);
        h.get_by_role_and_label(Role::Image, text::t().goal_board);
    }

    #[test]
    fn a_bad_board_keeps_the_last_valid_one_drawn() {
        use egui::accesskit::Role;
        let mut h = test_harness(Settings::default());
        h.run();
        let field = h.get_by_role_and_label(Role::TextInput, text::t().board);
        field.focus();
        field.type_text("9");
        h.run();
        assert!(h.state().session.lanes.is_empty());
        h.get_by_role_and_label(Role::Image, text::t().last_valid_board);
        assert_eq!(
            h.state()
                .session
                .last_good
                .as_ref()
                .and_then(|p| p.puzzle().map(|p| p.start().to_string())),
            Some("283104765".to_owned())
        );
    }

    #[test]
    fn an_unsolvable_board_is_drawn_and_offers_a_goal_it_is_solvable_for() {
        use egui::accesskit::Role;
        let mut h = test_harness(Settings {
            board_text: "213804765".into(),
            ..Settings::default()
        });
        h.run();
        assert!(h.state().session.lanes.is_empty());
        h.get_by_role_and_label(Role::Image, text::t().start_board);
        h.get_by_role_and_label(Role::Image, text::t().goal_board);
        h.get_by_label_contains("Switch the goal to").click();
        h.run();
        let session = &h.state().session;
        assert!(session.problem.is_ok(), "{:?}", session.problem);
        assert_eq!(session.lanes.len(), 1);
        assert_ne!(session.settings.goal_text, "123804765");
        // A solvable board offers nothing.
        assert!(h.query_by_label_contains("Switch the goal to").is_none());
    }

    fn snapshot_options() -> egui_kittest::SnapshotOptions {
        egui_kittest::SnapshotOptions::new()
            .threshold(2.0)
            .max_failed_pixels(400)
    }

    /// An unsolvable board in the light theme: both boards, the parity sentence, the way out.
    #[test]
    fn snapshot_unsolvable() {
        let mut h = test_harness(Settings {
            board_text: "213804765".into(),
            dark: false,
            ..Settings::default()
        });
        h.run();
        h.snapshot_options("app_unsolvable", &snapshot_options());
    }

    /// An exercise after a wrong pick, on 4x4 with boards as text.
    #[test]
    fn snapshot_exercise_after_a_wrong_pick() {
        let mut h = test_harness(Settings {
            board_text: "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12".into(),
            goal_text: "blank-last".into(),
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

    /// Projectors wash dark grey on light grey out: the light theme is black on white.
    #[test]
    fn the_light_theme_is_black_on_white() {
        let h = test_harness(Settings {
            dark: false,
            ..Settings::default()
        });
        let style = h.ctx.style_of(egui::Theme::Light);
        let visuals = &style.visuals;
        assert_eq!(visuals.panel_fill, Color32::WHITE);
        assert_eq!(visuals.text_color(), Color32::BLACK);
        assert_eq!(visuals.strong_text_color(), Color32::BLACK);
        assert!(visuals.widgets.noninteractive.bg_stroke.width >= 1.5);
        // Tiles are deeper than the dark theme's, for white text on a washed-out screen.
        let luma = |c: Color32| u32::from(c.r()) + u32::from(c.g()) + u32::from(c.b());
        assert!(luma(palette::tile(false)) < luma(palette::tile(true)));
    }

    #[test]
    fn a_goal_of_another_size_is_the_goals_error_without_the_unsolvable_offers() {
        let mut h = test_harness(Settings {
            board_text: "283104765".to_owned(),
            goal_text: "123456789ABCDEF0".to_owned(),
            ..Settings::default()
        });
        h.run();
        let message = engine::setup_error(&SetupError::Problem(ProblemError::SizeMismatch {
            start: 3,
            goal: 4,
        }));
        assert!(h.query_all_by_label(&message).count() > 0);
        assert!(
            h.query_by_label_contains("Run BFS anyway").is_none(),
            "BFS cannot run on two sizes"
        );
        // An unsolvable pair keeps them.
        let mut h = test_harness(Settings {
            board_text: "213804765".to_owned(),
            ..Settings::default()
        });
        h.run();
        assert!(h.query_by_label_contains("Run BFS anyway").is_some());
    }
}
