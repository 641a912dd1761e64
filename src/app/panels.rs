//! The panels of the single-search view. Each reads the session and pushes [`Command`]s; none
//! changes a search. View-only state (which tab, the playback position) lives in [`ViewState`].

use egui::{Button, Color32, RichText, Slider, Ui, vec2};

use super::config_editor::edit_config;
use super::model::arrangement::{Arrangement, Pane};
use super::model::command::Command;
use super::model::session::Config as SearchConfig;
use super::model::session::{RunMode, SPEED_RANGE, Session, SetupError};
use super::model::text::{self, Language, engine};
use super::widgets::{error_label, word};
use crate::search::ConfigError;

/// Row 1: board and goal; row 2: algorithm and heuristic; view settings on the right.
pub fn setup_bar(ui: &mut Ui, session: &Session, cjk: Option<bool>, commands: &mut Vec<Command>) {
    let settings = &session.settings;
    let arrangement = settings.arrangement;
    // An error always unfolds the rows: it is shown next to the field that is wrong.
    if arrangement.setup_folded && session.problem.is_ok() {
        folded_setup(ui, session, commands);
        return;
    }
    let said = super::registry::view_of(settings.domain).setup_rows(ui, session, commands);
    if !said && settings.language == Language::Chinese && cjk == Some(false) {
        ui.label(RichText::new(text::t().no_cjk_font).color(ui.visuals().warn_fg_color));
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
        let problem = super::registry::view_of(settings.domain).summary(settings);
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
        Pane::Problem => t.pane_problem,
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
        super::breakpoints_view::row(ui, &session.settings, commands);
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

#[cfg(test)]
mod tests {
    use egui::Color32;

    use crate::app::palette;
    use crate::app::{Settings, test_harness};

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
}
