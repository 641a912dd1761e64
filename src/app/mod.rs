//! The desktop window: an eframe app over the [`crate::search`] stepping interface.
//!
//! Panels (in `panels`) read the [`Session`] and push [`Command`]s; the app applies them after
//! drawing, so widgets never touch a search. A [`Session`] holds the problem and a list of
//! [`Lane`]s, one search each; the single-search view shows lane 0.
//!
//! Called by `main` (no arguments) and by the `bench` subcommand ([`frame_bench`]).

mod bench;
mod breakpoints_view;
mod compare;
mod config_editor;
mod domain_view;
mod engine_views;
mod exercise_view;
mod experiments;
mod file_dialog;
mod fonts;
mod game;
mod graph;
mod grid;
#[cfg(test)]
mod guide_tests;
mod inspector;
mod keys;
#[cfg(test)]
mod layout_tests;
mod lists;
mod menu;
mod model;
mod native_dialog;
mod palette;
mod panels;
mod plot_axes;
mod pseudocode;
mod puzzle;
#[cfg(test)]
mod random_actions;
mod registry;
mod status_bar;
mod step_plots;
mod tree_view;
mod view_state;
mod widgets;

// The domains' views by their short names, for the views. (The model is imported by its
// real path, `crate::app::model::…`.)
use puzzle::board_view;

use std::time::Duration;

pub use bench::frame_bench;

pub use fonts::CjkFont;
pub use model::command::Command;
pub use model::lane::Lane;
pub use model::session::{RunMode, Session, Settings};
pub use model::text::Language;

use domain_view::Tab;
use model::arrangement::{Focus, Pane};
use view_state::ViewState;

/// The model's colours drawn as egui's.
impl From<model::color::Rgb> for egui::Color32 {
    fn from(rgb: model::color::Rgb) -> egui::Color32 {
        egui::Color32::from_rgb(rgb.0, rgb.1, rgb.2)
    }
}

/// The key the settings are stored under in eframe's storage.
const SETTINGS_KEY: &str = "searchlab-settings";
/// Keys eframe itself saves (egui memory, window geometry); private in eframe 0.37.
const EFRAME_KEYS: [&str; 2] = ["egui", "window"];

/// The window app: the session, view-only state and the commands collected this frame.
pub struct App {
    pub session: Session,
    view: ViewState,
    experiments: experiments::Experiments,
    inspector: inspector::Inspector,
    /// The game-tree workspace, shown instead of the search problems when asked.
    games: game::game_view::GameWorkspace,
    commands: Vec<Command>,
    /// The theme and zoom last handed to egui, so they are set only when they change.
    applied_dark: Option<bool>,
    applied_zoom: Option<f32>,
    /// Whether Chinese can be drawn; until it is known, or without a font, the window is in
    /// English.
    cjk: CjkFont,
    /// The language the status line was last written in.
    applied_language: Option<Language>,
    files: file_dialog::FileDialog,
    /// Where the plots were drawn last frame, for exporting them as a picture.
    plots_rect: Option<egui::Rect>,
    /// The text scale the styles were last set to (presentation mode draws larger text).
    text_scale: f32,
    /// The status of a plots picture being saved from a screenshot callback.
    plots_saved: std::sync::Arc<std::sync::Mutex<Option<String>>>,
}

impl App {
    /// An app on these settings.
    pub fn new(settings: Settings) -> App {
        App {
            games: game::game_view::GameWorkspace::new(settings.game.clone()),
            session: Session::new(settings),
            view: ViewState::default(),
            experiments: Default::default(),
            inspector: Default::default(),
            commands: Vec::new(),
            applied_dark: None,
            applied_zoom: None,
            cjk: CjkFont::known(false),
            applied_language: None,
            files: file_dialog::FileDialog::new(file_dialog::Chooser::BuiltIn),
            plots_rect: None,
            text_scale: 1.0,
            plots_saved: Default::default(),
        }
    }

    /// The same app with this answer to "is a Chinese font installed?".
    pub fn with_cjk_font(mut self, cjk: CjkFont) -> App {
        self.cjk = cjk;
        self
    }

    /// The same app with the operating system's file dialogs, where the window can show them
    /// (the window's own browser where none answers). Without this, as in the tests, files are
    /// always picked in the window's own browser.
    pub fn with_system_file_dialogs(mut self) -> App {
        self.files = file_dialog::FileDialog::new(file_dialog::Chooser::SystemFirst);
        self
    }

    /// The language the window is drawn in: the chosen one, if its font is there.
    pub fn language(&self) -> Language {
        match self.session.settings.language {
            Language::Chinese if self.cjk.available() == Some(true) => Language::Chinese,
            _ => Language::English,
        }
    }

    /// Restores the settings from eframe's storage. An unreadable file gives the defaults and a
    /// notice instead of an error.
    fn from_storage(storage: Option<&dyn eframe::Storage>) -> App {
        let stored = storage.and_then(|s| s.get_string(SETTINGS_KEY));
        let parsed = storage.and_then(|s| eframe::get_value::<Settings>(s, SETTINGS_KEY));
        // eframe drops a file it cannot parse and starts empty; notice that case too. (An
        // empty storage with a non-empty file; eframe's own keys tell it apart from a file
        // that simply predates our settings.)
        let storage_empty =
            storage.is_some_and(|s| EFRAME_KEYS.iter().all(|key| s.get_string(key).is_none()));
        let file_unreadable = stored.is_none()
            && storage_empty
            && eframe::storage_dir(model::text::t().app_title)
                .map(|dir| dir.join("app.ron"))
                .and_then(|path| std::fs::read_to_string(path).ok())
                .is_some_and(|content| !content.trim().is_empty());
        let mut settings = parsed.clone().unwrap_or_default();
        let reset = settings.sanitize();
        let mut app = App::new(settings);
        if (stored.is_some() && parsed.is_none()) || file_unreadable {
            app.view.notice = Some(model::text::t().settings_unreadable.to_owned());
        } else if !reset.is_empty() {
            app.view.notice = Some(model::text::settings_out_of_range(&reset));
        }
        app
    }

    /// Draws the whole window into `ui` and applies what the user asked for. This is the one
    /// entry point the window, the tests and the frame benchmark share.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let language = self.language();
        model::text::set_language(language);
        if self.applied_language.is_some_and(|l| l != language) {
            // The font probe has just answered: say the current state in the new language.
            self.session.status = self.session.describe_last_step();
        }
        self.applied_language = Some(language);
        self.sync_view_settings(ui.ctx());
        // The domain's background work first, and what it asks for applied at once: a
        // database that became ready reads the session again, and this frame draws the lanes
        // that makes rather than the refusal before them.
        let mut adopted = Vec::new();
        let building_database =
            registry::view_of(self.session.settings.domain).frame(&self.session, &mut adopted);
        for command in adopted {
            self.apply(command);
        }
        let dt = ui.input(|i| i.stable_dt);
        self.session.advance(dt);
        self.session.prepare();
        if self.session.mode == RunMode::Paused
            && !self.session.settings.compare
            && self.view.node.tab != Tab::Solution
            && self.session.main_lane().is_some_and(|l| {
                l.search().solution().is_some() && self.view.node.playback.key.is_none()
            })
        {
            // First time solved: show the solution (once; the user may switch away).
            self.view.node.tab = Tab::Solution;
        }

        // The file browser is a dialog over the window: while it is open, keys are its own
        // (a letter typed with no field focused filters its list rather than resets a search).
        let keys_free = !ui.ctx().egui_wants_keyboard_input() && !self.files.is_open();
        if keys_free {
            for command in keys::WITH_SHORTCUTS {
                let shortcut = keys::shortcut(&command).expect("listed with a shortcut");
                // Several presses can land in one slow frame; each step press counts.
                let presses = ui.input_mut(|i| {
                    i.count_and_consume_key(shortcut.modifiers, shortcut.logical_key)
                });
                let times = if command.repeats() {
                    presses
                } else {
                    presses.min(1)
                };
                for _ in 0..times {
                    self.commands.push(command.clone());
                }
            }
        }

        let mut commands = std::mem::take(&mut self.commands);
        if keys_free {
            self.maximize_keys(ui, &mut commands);
            self.presentation_keys(ui, &mut commands);
        }
        let scale = if self.session.settings.arrangement.presenting {
            PRESENTING_TEXT
        } else {
            1.0
        };
        if self.text_scale != scale {
            self.text_scale = scale;
            set_text_scale(ui.ctx(), scale);
        }
        self.view.pane_rects.clear();
        board_view::DigitsDrawn::clear(ui.ctx());
        self.view.lower_hidden_now = None;
        self.view.lists.shown = [None; 2];
        self.plots_rect = None;
        let maximized = self.view.maximized.and_then(|pane| self.shown_pane(pane));
        self.view.maximized = maximized;
        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                menu::menu_bar(ui, &self.session, self.cjk.available(), &mut commands);
            });
        });
        if self.session.settings.games {
            self.games.session.budget_bytes =
                (self.session.settings.memory_budget_mb as usize) << 20;
            self.games.session.advance(
                f64::from(ui.input(|i| i.stable_dt)),
                std::time::Duration::from_millis(12),
            );
            self.games.ui(ui, &mut commands);
            if let Some(request) = self.files.window(ui.ctx()) {
                self.handle_file(ui.ctx(), request);
            }
            let changed = !commands.is_empty();
            for command in commands.drain(..) {
                self.apply(command);
            }
            self.commands = commands;
            if changed || self.games.session.is_busy() {
                ui.ctx().request_repaint();
            }
            return;
        }
        let presenting = self.session.settings.arrangement.presenting;
        // Presenting: the setup rows give their room to the pane.
        if maximized.is_none() && !presenting {
            egui::Panel::top("setup").show(ui, |ui| {
                ui.add_space(4.0);
                panels::setup_bar(ui, &self.session, self.cjk.available(), &mut commands);
                ui.add_space(2.0);
            });
        }
        egui::Panel::top("controls").show(ui, |ui| {
            ui.add_space(3.0);
            panels::controls_bar(ui, &self.session, &mut commands);
            ui.add_space(1.0);
        });
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.add_space(3.0);
            status_bar::status_bar(ui, &self.session, &mut self.view, &mut commands);
        });
        match maximized {
            Some(pane) => {
                egui::CentralPanel::default().show(ui, |ui| {
                    panels::maximized_heading(ui, pane, &mut commands);
                    self.pane(ui, pane, &mut commands);
                });
            }
            None if presenting => self.presentation(ui, &mut commands),
            None if self.session.settings.compare => {
                egui::CentralPanel::default()
                    .show(ui, |ui| self.pane(ui, Pane::Compare, &mut commands));
            }
            None => self.single_view(ui, false, &mut commands),
        }

        // Floating windows over the view; their long work runs on worker threads.
        self.experiments.window(ui.ctx(), &self.session);
        self.inspector.window(ui.ctx(), &self.session);
        if let Some(request) = self.files.window(ui.ctx()) {
            self.handle_file(ui.ctx(), request);
        }
        self.report_saved_plots();

        // The status bar, drawn before the panes, offers what they left out: next frame.
        let hidden = self.view.lower_hidden_now;
        let hidden_changed = std::mem::replace(&mut self.view.lower_hidden, hidden) != hidden;
        let changed = !commands.is_empty() | self.view.hover.end_frame() | hidden_changed;
        for command in commands.drain(..) {
            self.apply(command);
        }
        self.commands = commands;
        // No repaint for the background h* table: only stepping uses it, and every step is
        // a frame that polls it.
        if building_database {
            // The share done beside the heuristic picker moves while nothing else does.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
        if changed || self.session.is_busy() {
            ui.ctx().request_repaint();
        }
    }

    /// Presentation mode's focus area, filling the window under the controls.
    fn presentation(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let focus = self.session.settings.arrangement.focus;
        let pane = match focus {
            Focus::ProblemAndLists => return self.single_view(ui, true, commands),
            Focus::PseudocodeAndLists => {
                // The code where the node panel was, the lists beside it.
                let width = (ui.available_width() * 0.34).clamp(280.0, 900.0);
                egui::Panel::left("code")
                    .resizable(false)
                    .exact_size(width)
                    .show(ui, |ui| self.pane(ui, Pane::Pseudocode, commands));
                egui::CentralPanel::default().show(ui, |ui| self.pane(ui, Pane::Lists, commands));
                return;
            }
            Focus::Compare if self.session.settings.compare => Pane::Compare,
            // The compare view is switched on with its focus; until then, the lists.
            Focus::Compare => return self.single_view(ui, true, commands),
            Focus::Tree => Pane::Tree,
            Focus::Plots => Pane::Plots,
        };
        egui::CentralPanel::default().show(ui, |ui| self.pane(ui, pane, commands));
    }

    /// The single view in its arrangement: the node panel on one side, the lists and the plots
    /// (or the pseudocode) stacked in the rest. `lists_alone`: the lists fill the rest.
    fn single_view(&mut self, ui: &mut egui::Ui, lists_alone: bool, commands: &mut Vec<Command>) {
        let arrangement = self.session.settings.arrangement;
        // A fixed share of the width: the node view never pushes the lists around.
        // A map needs more room than a board to be read from the back of a classroom.
        // A bidirectional exercise's question is two open lists side by side: they get the
        // width a board can spare.
        let two_lists = self.session.exercising()
            && self
                .session
                .main_lane()
                .is_some_and(|lane| lane.search().bidirectional().is_some());
        // The lists keep two fifths of the width whatever the domain asks for, so a narrow
        // window (a small screen at a large zoom) still has room for them.
        let available = ui.available_width();
        let node_width = registry::view_of(self.session.settings.domain)
            .problem_pane_width(available, two_lists)
            .min(available * 0.6);
        let node_panel = if arrangement.board_right {
            egui::Panel::right("node")
        } else {
            egui::Panel::left("node")
        };
        node_panel
            .resizable(false)
            .exact_size(node_width)
            .show(ui, |ui| self.pane(ui, Pane::Problem, commands));
        egui::CentralPanel::default().show(ui, |ui| {
            let settings = &self.session.settings;
            if lists_alone {
                self.pane(ui, Pane::Lists, commands);
                return;
            }
            let lower = if settings.show_tree {
                Pane::Tree
            } else if settings.show_pseudocode {
                Pane::Pseudocode
            } else {
                Pane::Plots
            };
            let share = if settings.show_tree {
                0.4
            } else if settings.show_pseudocode {
                0.45
            } else if settings.exercise {
                // The whole open list is the question: give it the room.
                0.72
            } else {
                0.56
            };
            // The rows a lesson points at stay whole.
            let lists_needed = lists::lists_height(ui, &self.session, &self.view.lists);
            // Plots shorter than a third of the window cannot be read from the back of a
            // room: the lists give them that where they keep their rows, else the plots are
            // left out and one click (or the F key) away, maximised.
            let min_plots_height = (ui.ctx().content_rect().height() / 3.0).max(150.0);
            let available = ui.available_height();
            // An exercise's open list is the question: it keeps its share.
            // The tree too gets at least a third of the window: shorter, its rows are too
            // close together for labels a class can read.
            let lower_least = match lower {
                Pane::Plots => min_plots_height,
                _ => ui.ctx().content_rect().height() / 3.0,
            };
            let lists_height = if lower != Pane::Pseudocode && !settings.exercise {
                (available * share).min(available - lower_least - 16.0)
            } else {
                available * share
            }
            .max(160.0)
            .max(lists_needed);
            let lists = |app: &mut App, ui: &mut egui::Ui, commands: &mut Vec<Command>| {
                if lower == Pane::Tree {
                    // Held to their share, so the tree keeps its third.
                    let (rect, _) = ui.allocate_exact_size(
                        egui::vec2(ui.available_width(), lists_height),
                        egui::Sense::hover(),
                    );
                    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect));
                    child.shrink_clip_rect(rect);
                    app.pane(&mut child, Pane::Lists, commands);
                    return;
                }
                ui.allocate_ui(egui::vec2(ui.available_width(), lists_height), |ui| {
                    app.pane(ui, Pane::Lists, commands);
                });
            };
            // Where the lists keep their rows and the plots or the tree do not fit under them,
            // these are left out and one click (or the F key) away, maximised.
            let hidden = (lower != Pane::Pseudocode
                && ui.available_height() - lists_height < lower_least)
                .then_some(lower);
            self.view.lower_hidden_now = hidden;
            if hidden.is_some() {
                self.pane(ui, Pane::Lists, commands);
                return;
            }
            if arrangement.lists_below {
                let lower_height = (ui.available_height() - lists_height - 8.0).max(0.0);
                ui.allocate_ui(egui::vec2(ui.available_width(), lower_height), |ui| {
                    self.pane(ui, lower, commands);
                });
                ui.separator();
                lists(self, ui, commands);
            } else {
                lists(self, ui, commands);
                ui.separator();
                self.pane(ui, lower, commands);
            }
        });
    }

    /// Draws one pane into the room `ui` gives it and remembers where, for the maximise key.
    fn pane(&mut self, ui: &mut egui::Ui, pane: Pane, commands: &mut Vec<Command>) {
        let rect = ui.available_rect_before_wrap();
        self.view.pane_rects.push((pane, rect));
        match pane {
            Pane::Problem => registry::view_of(self.session.settings.domain).problem_pane(
                ui,
                &self.session,
                &mut self.view.node,
                &mut self.view.hover,
                commands,
            ),
            Pane::Lists => lists::lists(
                ui,
                &self.session,
                &mut self.view.lists,
                &mut self.view.hover,
                commands,
            ),
            Pane::Plots if self.session.settings.compare => {
                self.plots_rect =
                    compare::plots_pane(ui, &self.session, &mut self.view.compare, commands);
            }
            Pane::Plots => {
                self.plots_rect = Some(
                    ui.scope(|ui| step_plots::plots(ui, &self.session, &mut self.view.hover))
                        .response
                        .rect,
                );
            }
            // The lists keep their width, and the code is read next to them.
            Pane::Pseudocode => pseudocode::panel(ui, &self.session, commands),
            Pane::Tree => {
                tree_view::pane(
                    ui,
                    &self.session,
                    &mut self.view.tree,
                    &mut self.view.hover,
                    commands,
                );
            }
            Pane::Compare => {
                self.plots_rect =
                    compare::body(ui, &self.session, &mut self.view.compare, commands);
                let compare = &self.view.compare;
                // F over the plots maximises them, not the whole compare view.
                if let Some(strip) = compare.plots_pane {
                    self.view.pane_rects.insert(0, (Pane::Plots, strip));
                }
                self.view.lower_hidden_now = compare.plots_hidden.then_some(Pane::Plots);
            }
        }
    }

    /// The pane of the current view that stands for `pane`: the plots and the pseudocode share
    /// one place, and a pane of the other view (single or compare) cannot fill this one.
    fn shown_pane(&self, pane: Pane) -> Option<Pane> {
        let settings = &self.session.settings;
        match pane {
            Pane::Compare => settings.compare.then_some(Pane::Compare),
            Pane::Plots if settings.compare => Some(Pane::Plots),
            _ if settings.compare => None,
            Pane::Plots | Pane::Pseudocode if settings.show_pseudocode => Some(Pane::Pseudocode),
            Pane::Plots | Pane::Pseudocode => Some(Pane::Plots),
            Pane::Problem | Pane::Lists | Pane::Tree => Some(pane),
        }
    }

    /// P enters or leaves presentation mode; while presenting, 1 to 5 choose its area and Esc
    /// (with no pane maximised) leaves it.
    fn presentation_keys(&mut self, ui: &egui::Ui, commands: &mut Vec<Command>) {
        let arrangement = self.session.settings.arrangement;
        let maximized = self.view.maximized.is_some();
        let (toggle, leave, focus) = ui.input_mut(|i| {
            let toggle = i.consume_shortcut(&keys::PRESENT);
            let leave = arrangement.presenting && !maximized && i.consume_shortcut(&keys::RESTORE);
            let focus = if arrangement.presenting {
                keys::FOCUS.iter().position(|key| i.consume_shortcut(key))
            } else {
                None
            };
            (toggle, leave, focus)
        });
        if toggle || leave {
            commands.push(Command::SetArrangement(model::arrangement::Arrangement {
                presenting: !arrangement.presenting,
                ..arrangement
            }));
        } else if let Some(i) = focus {
            menu::choose_focus(&self.session, Focus::ALL[i], commands);
        }
    }

    /// F maximises the pane under the pointer (or restores), Esc restores.
    fn maximize_keys(&mut self, ui: &egui::Ui, commands: &mut Vec<Command>) {
        let (maximize, restore, pointer) = ui.input_mut(|i| {
            (
                i.consume_shortcut(&keys::MAXIMIZE),
                self.view.maximized.is_some() && i.consume_shortcut(&keys::RESTORE),
                i.pointer.latest_pos(),
            )
        });
        if restore || (maximize && self.view.maximized.is_some()) {
            commands.push(Command::Maximize(None));
        } else if maximize {
            // The rects are last frame's: this frame's panes are not drawn yet.
            let pointed = pointer.and_then(|pos| {
                self.view
                    .pane_rects
                    .iter()
                    .find(|(_, rect)| rect.contains(pos))
                    .map(|&(pane, _)| pane)
            });
            let pane = pointed.unwrap_or(Pane::default_for(self.session.settings.compare));
            commands.push(Command::Maximize(Some(pane)));
        }
    }

    /// Applies one command: view commands here, the rest in the session.
    pub fn apply(&mut self, command: Command) {
        if self.session.settings.games
            && let Some(game_command) = self.game_command(&command)
        {
            self.games.session.budget_bytes =
                (self.session.settings.memory_budget_mb as usize) << 20;
            self.games.apply(game_command);
            self.session.settings.game = self.games.session.settings.clone();
            return;
        }
        if let Command::SetDomain(_) = command {
            self.session.settings.games = false;
        }
        match &command {
            Command::ShowExperiments => self.experiments.open = true,
            Command::ShowInspector => self.inspector.open = true,
            Command::File(action) if self.session.settings.builtin_file_browser => {
                self.files.open(*action);
            }
            Command::File(action) => self.files.open_system_first(*action),
            Command::SetLanguage(_) => {
                self.session.apply(command);
                // The rest of this frame and the status line are in the new language already.
                model::text::set_language(self.language());
                self.applied_language = Some(self.language());
                self.session.status = model::text::status_language(self.language());
                return;
            }
            Command::Maximize(pane) => {
                self.view.maximized = *pane;
                return;
            }
            Command::SelectNode(_) => self.view.node.tab = Tab::Selected,
            Command::ShowCurrent => self.view.node.tab = Tab::Step,
            Command::Edit(edit) if edit.new_problem() => {
                self.view.node.tab = Tab::Step;
                self.view.node.playback = Default::default();
            }
            Command::Reset
            | Command::SetConfig(_)
            | Command::SetCompare(_)
            | Command::LoadSession(..)
            | Command::SetExercise(true)
            | Command::FocusLane(_) => {
                self.view.node.tab = Tab::Step;
                self.view.node.playback = Default::default();
            }
            Command::StepBack | Command::Seek(_) if self.view.node.tab == Tab::Solution => {
                self.view.node.tab = Tab::Step;
            }
            _ => {}
        }
        let loaded = matches!(command, Command::LoadSession(..));
        self.session.apply(command);
        if loaded {
            // A session file carries its own game trees.
            self.games = game::game_view::GameWorkspace::new(self.session.settings.game.clone());
        }
    }

    /// The game workspace's meaning of a command while it is shown: its own commands, and the
    /// step controls and their keys.
    fn game_command(&self, command: &Command) -> Option<game::game_model::GameCommand> {
        use game::game_model::GameCommand;
        Some(match command {
            Command::Game(command) => command.clone(),
            Command::Step => GameCommand::Step,
            Command::StepBack => GameCommand::StepBack,
            Command::TogglePlay => GameCommand::TogglePlay,
            Command::RunToEnd => GameCommand::RunToEnd,
            Command::Reset => GameCommand::Reset,
            Command::Seek(step) => GameCommand::Seek(*step),
            _ => return None,
        })
    }

    /// Replaces the problem and searches with a session file's and goes to its step; the
    /// message for the status line, or why the file cannot be used.
    fn open_session(&mut self, path: &std::path::Path) -> Result<String, String> {
        let file = model::files::SessionFile::read(path).map_err(|error| error.message())?;
        let settings = file.apply_to(&self.session.settings);
        self.apply(Command::LoadSession(Box::new(settings), file.step));
        let opened = model::text::session_opened(&path.display().to_string(), file.step);
        if self.session.seek_target().is_some() {
            self.session.after_seek = Some(opened);
            Ok(String::new())
        } else {
            Ok(opened)
        }
    }

    /// Reads a MovingAI map into the window's map and shows it; a file that cannot be used is
    /// said in the dialog, and the map stays as it was.
    /// Reads a problem file of `domain` (a map, a route graph) and shows it; a refusal names
    /// the line, and the problem on screen stays.
    fn import_problem(
        &mut self,
        domain: model::domain::DomainKind,
        path: &std::path::Path,
    ) -> Result<String, String> {
        let text = model::files::read_problem_file(path)?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        self.apply(Command::ImportProblem(domain, name.clone(), text));
        if let Some(error) = self.session.edit_error.clone() {
            return Err(error);
        }
        let summary = registry::view_of(domain).summary(&self.session.settings);
        Ok(model::text::problem_imported(&name, &summary))
    }

    /// Writes the problem of `domain` in the format the file's name asks for.
    fn export_problem(
        &self,
        domain: model::domain::DomainKind,
        path: &std::path::Path,
    ) -> Result<String, String> {
        let name = path.to_string_lossy();
        let content = self.session.settings.section_of(domain).write_file(&name);
        model::files::write(path, content.as_bytes())
    }

    /// Opens a session file given on the command line; a file that cannot be used leaves the
    /// remembered settings and says why in the status bar.
    pub fn with_session(mut self, path: &std::path::Path) -> App {
        match self.open_session(path) {
            Ok(message) if !message.is_empty() => self.session.status = message,
            Ok(_) => {}
            Err(error) => self.view.notice = Some(format!("{}: {error}", path.display())),
        }
        self
    }

    /// Carries out what the file dialog asked for; errors stay in the dialog, successes go to
    /// the status line.
    fn handle_file(&mut self, ctx: &egui::Context, request: file_dialog::Request) {
        use model::files::{FileAction, SessionFile};
        let path = request.path.as_path();
        let result = match request.action {
            FileAction::SaveSession => {
                model::files::write(path, SessionFile::of(&self.session).to_json().as_bytes())
            }
            FileAction::OpenSession => self.open_session(path),
            FileAction::Import(domain) => self.import_problem(domain, path),
            FileAction::Export(domain) => self.export_problem(domain, path),
            FileAction::TraceCsv => model::files::write_traces(&self.session, path, false),
            FileAction::TraceJson => model::files::write_traces(&self.session, path, true),
            FileAction::PlotDataCsv => {
                model::files::write(path, model::files::plot_data_csv(&self.session).as_bytes())
            }
            FileAction::PlotsSvg => model::files::write(
                path,
                model::print::plots_svg(&self.session.lanes).as_bytes(),
            ),
            FileAction::SummaryCsv => {
                model::files::write(path, model::files::summary_csv(&self.session).as_bytes())
            }
            action if FileAction::TREE.contains(&action) && self.session.settings.games => self
                .games
                .export(request.action)
                .and_then(|bytes| model::files::write(path, &bytes)),
            FileAction::TreeSvg
            | FileAction::TreePng
            | FileAction::TreeDot
            | FileAction::TreeTikz
            | FileAction::TableMarkdown
            | FileAction::TableCsv
            | FileAction::TableLatex => match self.session.main_lane() {
                Some(lane) => self
                    .view
                    .tree
                    .export(
                        request.action,
                        lane.search(),
                        tree_view::export_cut(&self.session.settings),
                    )
                    .and_then(|bytes| model::files::write(path, &bytes)),
                None => Err(model::text::t().nothing_to_export.to_owned()),
            },
            FileAction::PlotsPng => match self.plots_rect {
                Some(rect) => {
                    let path = path.to_path_buf();
                    let pixels_per_point = ctx.pixels_per_point();
                    let saved = std::sync::Arc::clone(&self.plots_saved);
                    let repaint = ctx.clone();
                    // The next frame's pixels, cropped to where the plots were drawn.
                    ctx.request_screenshot(move |image| {
                        let cropped = image.region(&rect, Some(pixels_per_point));
                        let rgba: Vec<u8> = cropped
                            .pixels
                            .iter()
                            .flat_map(|c| c.to_srgba_unmultiplied())
                            .collect();
                        let png = model::files::png(cropped.width(), cropped.height(), &rgba);
                        let status = match model::files::write(&path, &png) {
                            Ok(status) | Err(status) => status,
                        };
                        if let Ok(mut slot) = saved.lock() {
                            *slot = Some(status);
                        }
                        repaint.request_repaint();
                    });
                    Ok(String::new())
                }
                None => Err(model::text::t().plots_unavailable.to_owned()),
            },
        };
        if let Some(status) = self.files.finish(&request, result)
            && !status.is_empty()
        {
            self.session.status = status;
        }
        // A failed pick from the system's dialog has just opened the browser with the reason:
        // show it without waiting for input.
        ctx.request_repaint();
    }

    /// Shows in the status line how saving the plots' picture went, once it has.
    fn report_saved_plots(&mut self) {
        if let Some(status) = self.plots_saved.lock().ok().and_then(|mut s| s.take()) {
            self.session.status = status;
        }
    }

    /// Scrolls the closed list so this row is in the middle (used by the frame benchmark).
    pub fn scroll_closed_to(&mut self, row: usize) {
        self.view.lists.closed_scroll_to = Some(row);
    }

    fn sync_view_settings(&mut self, ctx: &egui::Context) {
        let settings = &mut self.session.settings;
        if self.applied_dark != Some(settings.dark) {
            ctx.set_theme(if settings.dark {
                egui::Theme::Dark
            } else {
                egui::Theme::Light
            });
            self.applied_dark = Some(settings.dark);
        }
        if self.applied_zoom != Some(settings.zoom) {
            ctx.set_zoom_factor(settings.zoom);
            self.applied_zoom = Some(settings.zoom);
        } else if (ctx.zoom_factor() - settings.zoom).abs() > 1e-3 {
            // Ctrl +/- changed the zoom: remember it.
            settings.zoom = ctx.zoom_factor();
            self.applied_zoom = Some(settings.zoom);
        }
    }
}

/// Text sizes that stay legible on a projector at 100 % zoom.
/// How much larger presentation mode draws the text.
const PRESENTING_TEXT: f32 = 1.15;

/// The text sizes, times `scale` (1 outside presentation mode).
fn set_text_scale(ctx: &egui::Context, scale: f32) {
    use egui::{FontFamily, FontId, TextStyle};
    ctx.all_styles_mut(|style| {
        style.text_styles = [
            (TextStyle::Small, 12.0, FontFamily::Proportional),
            (TextStyle::Body, 15.0, FontFamily::Proportional),
            (TextStyle::Button, 15.0, FontFamily::Proportional),
            (TextStyle::Heading, 21.0, FontFamily::Proportional),
            (TextStyle::Monospace, 15.0, FontFamily::Monospace),
        ]
        .into_iter()
        .map(|(style, size, family)| (style, FontId::new((size * scale).round(), family)))
        .collect();
    });
}

pub fn install_style(ctx: &egui::Context) {
    set_text_scale(ctx, 1.0);
    ctx.all_styles_mut(|style| {
        style.spacing.button_padding = egui::vec2(8.0, 4.0);
        style.spacing.interact_size.y = 24.0;
    });
    // egui's dark text is a dim grey that a projector washes out; brighten it.
    ctx.style_mut_of(egui::Theme::Dark, |style| {
        style.visuals.widgets.noninteractive.fg_stroke.color = egui::Color32::from_gray(215);
        style.visuals.widgets.inactive.fg_stroke.color = egui::Color32::from_gray(230);
    });
    // Many projectors wash dark grey on light grey out: the light theme is black on white with
    // strong borders.
    ctx.style_mut_of(egui::Theme::Light, |style| {
        use egui::{Color32, Stroke};
        let visuals = &mut style.visuals;
        visuals.panel_fill = Color32::WHITE;
        visuals.window_fill = Color32::WHITE;
        visuals.extreme_bg_color = Color32::WHITE;
        visuals.faint_bg_color = Color32::from_gray(232);
        visuals.window_stroke = Stroke::new(1.5, Color32::BLACK);
        visuals.weak_text_color = Some(Color32::from_gray(60));
        visuals.error_fg_color = Color32::from_rgb(0xc0, 0x00, 0x00);
        visuals.warn_fg_color = Color32::from_rgb(0x9a, 0x4a, 0x00);
        let widgets = &mut visuals.widgets;
        widgets.noninteractive.fg_stroke = Stroke::new(1.0, Color32::BLACK);
        widgets.noninteractive.bg_stroke = Stroke::new(1.5, Color32::from_gray(70));
        for state in [
            &mut widgets.inactive,
            &mut widgets.hovered,
            &mut widgets.active,
            &mut widgets.open,
        ] {
            state.fg_stroke.color = Color32::BLACK;
            state.bg_stroke = Stroke::new(1.5, Color32::from_gray(40));
        }
        widgets.inactive.weak_bg_fill = Color32::from_gray(225);
        widgets.inactive.bg_fill = Color32::from_gray(215);
        visuals.selection.bg_fill = Color32::from_rgb(0x9c, 0xc8, 0xff);
        visuals.selection.stroke = Stroke::new(1.5, Color32::BLACK);
    });
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        App::ui(self, ui);
        self.files.open_wanted_system_dialog(ui.ctx(), frame);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, SETTINGS_KEY, &self.session.settings);
    }

    fn auto_save_interval(&self) -> Duration {
        Duration::from_secs(10)
    }
}

/// Opens the window and returns when it is closed.
/// Opens the window, with a session file if one is given (`searchlab open FILE`).
pub fn run(session: Option<std::path::PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([900.0, 600.0])
            .with_title(model::text::t().app_title)
            .with_app_id(model::text::t().app_title),
        // Our own system-font provider below, shared with the probe for a Chinese font.
        system_font_fallback: false,
        ..Default::default()
    };
    eframe::run_native(
        model::text::t().app_title,
        options,
        Box::new(|cc| {
            install_style(&cc.egui_ctx);
            let provider = fonts::system_provider();
            cc.egui_ctx.add_font_provider(provider.clone());
            let cjk = CjkFont::probe(provider, cc.egui_ctx.clone());
            let mut app = App::from_storage(cc.storage)
                .with_cjk_font(cjk)
                .with_system_file_dialogs();
            if let Some(path) = &session {
                app = app.with_session(path);
            }
            Ok(Box::new(app))
        }),
    )
}

/// The whole window in a headless harness at 1280x800, for the kittest tests of every panel.
#[cfg(test)]
pub(crate) fn test_harness(settings: Settings) -> egui_kittest::Harness<'static, App> {
    egui_kittest::Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(200)
        .with_context_setup(install_style)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(settings))
}

/// A click of the primary button at `pos`, as one frame of input.
#[cfg(test)]
pub(crate) fn press_at(h: &mut egui_kittest::Harness<'static, App>, pos: egui::Pos2) {
    h.input_mut().events.push(egui::Event::PointerMoved(pos));
    for pressed in [true, false] {
        h.input_mut().events.push(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::default(),
        });
    }
    h.step();
}

/// eframe's storage kept in memory, for the tests of what is remembered between runs.
#[cfg(test)]
#[derive(Default)]
pub(crate) struct MemoryStorage(pub std::collections::HashMap<String, String>);

#[cfg(test)]
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

/// The window in a harness that finds system fonts as the real window does, so Chinese can be
/// drawn (and a missing Chinese font fails the test instead of passing unseen).
#[cfg(test)]
pub(crate) fn test_harness_with_system_fonts(
    settings: Settings,
) -> egui_kittest::Harness<'static, App> {
    sized_harness_with_system_fonts(settings, egui::vec2(1280.0, 800.0), 1.0)
}

/// [`test_harness_with_system_fonts`] of `size` points drawn at `pixels_per_point`.
#[cfg(test)]
pub(crate) fn sized_harness_with_system_fonts(
    settings: Settings,
    size: egui::Vec2,
    pixels_per_point: f32,
) -> egui_kittest::Harness<'static, App> {
    let provider = fonts::system_provider();
    let cjk = CjkFont::known(fonts::has_chinese(provider.as_ref()));
    egui_kittest::Harness::builder()
        .with_size(size)
        .with_pixels_per_point(pixels_per_point)
        .with_max_steps(200)
        .with_context_setup(move |ctx| {
            install_style(ctx);
            ctx.add_font_provider(provider.clone());
        })
        .build_ui_state(
            |ui, app: &mut App| app.ui(ui),
            App::new(settings).with_cjk_font(cjk),
        )
}

#[cfg(test)]
mod tests {
    use egui::accesskit::Role;
    use egui_kittest::kittest::{NodeT, Queryable};
    use egui_kittest::{Harness, SnapshotOptions};

    use super::model::arrangement::Arrangement;
    use super::model::color::Rgb;
    use super::model::domain::{AnyHeuristic, Config, DomainKind};
    use super::model::lane::{Variant, lane_styles, method_color};
    use super::puzzle::puzzle_model::default_lanes;
    use super::*;
    use crate::app::puzzle::puzzle_model::PuzzleSettings;
    use crate::domains::puzzle::{Board, DistanceTable, HeuristicKind, Rng, SearchConfig};
    use crate::search::{Algorithm, NodeId, Status};

    fn harness(settings: Settings) -> Harness<'static, App> {
        test_harness(settings)
    }

    fn open_list(
        app: &App,
    ) -> Vec<(
        NodeId,
        crate::search::Node<model::domain::AnyState, model::domain::AnyAction>,
    )> {
        let search = app.session.lane(0).search();
        search
            .open_nodes()
            .map(|id| (id, *search.node(id)))
            .collect()
    }

    /// A 3x3 board 16 moves from the default goal, so a few steps do not finish the search.
    fn far_settings() -> Settings {
        let goal: Board = "123804765".parse().unwrap();
        let table = DistanceTable::new(&goal).unwrap();
        let start = table.random_at(16, &mut Rng::new(5)).unwrap();
        Settings {
            puzzle: PuzzleSettings {
                board_text: start.to_string(),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        }
    }

    fn is_disabled(harness: &Harness<'_, App>, label: &str) -> bool {
        harness.get_by_label(label).accesskit_node().is_disabled()
    }

    /// A window narrower than a map's or a graph's pane (a small screen at a large zoom):
    /// the lists keep two fifths of the width, and nothing panics.
    #[test]
    fn a_window_narrower_than_the_problem_pane_keeps_room_for_the_lists() {
        for domain in model::domain::DomainKind::ALL {
            let mut h = egui_kittest::Harness::builder()
                .with_size(egui::vec2(405.0, 700.0))
                .with_max_steps(200)
                .with_context_setup(install_style)
                .build_ui_state(
                    |ui, app: &mut App| app.ui(ui),
                    App::new(Settings {
                        domain,
                        ..Settings::default()
                    }),
                );
            h.run();
            for _ in 0..3 {
                h.state_mut().apply(Command::Step);
                h.run();
            }
            let open = h.get_by_label(model::text::t().open_list).rect();
            assert!(
                open.min.x < 405.0 && open.max.x > 0.0,
                "{domain:?}: {open:?}"
            );
        }
    }
    #[test]
    fn the_single_view_shows_the_live_heuristic_check() {
        use crate::domains::puzzle::{HeuristicKind, SearchConfig};
        use crate::search::Algorithm;
        // w = 3 on the P1379 sample: h goes from 12 at the start to 9 after moving 8 down,
        // a drop of 3 across one move, so the very first expansion is flagged.
        let weighted = SearchConfig {
            weight: 3.0,
            ..SearchConfig::with(Algorithm::WeightedAStar, HeuristicKind::Manhattan)
        };
        let mut h = harness(Settings {
            puzzle: PuzzleSettings {
                config: weighted,
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        h.run();
        h.get_by_label("Step Space").click();
        h.run();
        let flagged = h.state().session.lane(0).check().count();
        assert!(flagged > 0);
        h.get_by_label_contains(&format!("heuristic check: {flagged} violation"));

        let mut h = harness(Settings::default());
        h.run();
        h.get_by_label("Step Space").click();
        h.run();
        assert_eq!(h.state().session.lane(0).check().count(), 0);
        assert!(h.query_by_label_contains("violation").is_none());
        h.get_by_label_contains("no inconsistent edge so far");
    }

    #[test]
    fn step_expands_one_node_and_the_tables_change() {
        let mut h = harness(Settings::default());
        h.run();
        assert_eq!(h.state().session.lane(0).closed_len(), 0);
        assert_eq!(h.state().session.lane(0).open_snapshot().len(), 1);
        h.get_by_label("Step Space").click();
        h.run();
        let lane = h.state().session.lane(0);
        assert_eq!(lane.closed_len(), 1);
        assert_eq!(lane.steps(), 1);
        // 283104765 has the blank in the centre: four new children, all in open.
        assert_eq!(lane.open_snapshot().len(), 4);
        assert!(h.state().session.status.contains("expanded node S0"));
        assert!(h.state().session.status.contains("4 new"));
        // The lists' headings and the children (drawn with arrows, so the font has them).
        h.get_by_label("1 node");
        h.get_by_label("4 nodes");
        h.get_by_label("8 down");
        // The shortcut does the same, and presses arriving in one frame all count.
        h.key_press(egui::Key::Space);
        h.run();
        assert_eq!(h.state().session.lane(0).closed_len(), 2);
        for _ in 0..2 {
            h.event(egui::Event::Key {
                key: egui::Key::Space,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            });
        }
        h.step();
        h.run();
        assert_eq!(h.state().session.lane(0).closed_len(), 4);
    }

    #[test]
    fn a_bad_board_shows_the_error_and_disables_stepping() {
        let mut h = harness(Settings::default());
        h.run();
        let field =
            h.get_by_role_and_label(Role::TextInput, crate::app::puzzle::puzzle_text::p().board);
        field.focus();
        field.type_text("9");
        h.run();
        assert_eq!(h.state().session.settings.puzzle.board_text, "2831047659");
        assert!(h.state().session.lanes.is_empty());
        // Inline next to the field, in the node view and in the status line.
        assert_eq!(h.get_all_by_label_contains("10 tiles given").count(), 3);
        assert!(is_disabled(&h, "Step Space"));
        assert!(is_disabled(&h, "Play Enter"));
        assert!(is_disabled(&h, "Run to end End"));
        h.get_by_label("Step Space").click();
        h.key_press(egui::Key::Space);
        h.run();
        assert_eq!(h.state().session.steps(), 0);

        // An unsolvable pair explains the parity.
        let mut h = harness(Settings {
            puzzle: PuzzleSettings {
                board_text: "213804765".into(),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        h.run();
        assert_eq!(
            h.get_all_by_label_contains("unsolvable: the board has 8 inversions (even)")
                .count(),
            3
        );
        assert!(is_disabled(&h, "Step Space"));
    }

    #[test]
    fn shortcuts_are_ignored_while_typing() {
        let mut h = harness(far_settings());
        h.run();
        h.get_by_role_and_label(Role::TextInput, model::text::t().goal)
            .focus();
        h.run();
        // Enter last: it ends the edit (egui's single-line fields give up focus on Enter).
        for key in [
            egui::Key::Space,
            egui::Key::R,
            egui::Key::End,
            egui::Key::Enter,
        ] {
            h.key_press(key);
            h.run();
        }
        assert_eq!(h.state().session.steps(), 0);
        assert_eq!(h.state().session.mode, RunMode::Paused);
    }

    #[test]
    fn clicking_a_tile_next_to_the_blank_moves_it() {
        let mut h = harness(Settings::default());
        h.run();
        h.get_by_label("Tile 8").click();
        h.run();
        assert_eq!(h.state().session.settings.puzzle.board_text, "203184765");
        assert!(
            h.query_by_label("Tile 7").is_none(),
            "7 is not next to the blank"
        );
    }

    #[test]
    fn play_then_pause() {
        let mut h = harness(Settings {
            speed: 30.0,
            ..far_settings()
        });
        h.run();
        h.get_by_label("Play Enter").click();
        h.run_steps(3);
        assert_eq!(h.state().session.mode, RunMode::Playing);
        let played = h.state().session.steps();
        assert!(played >= 2, "autoplay took {played} steps");
        h.get_by_label("Pause Enter").click();
        h.run();
        let paused = h.state().session.steps();
        assert_eq!(h.state().session.mode, RunMode::Paused);
        h.run_steps(5);
        assert_eq!(h.state().session.steps(), paused);
    }

    #[test]
    fn step_back_restores_the_identical_open_list() {
        let mut h = harness(far_settings());
        h.run();
        for _ in 0..3 {
            h.key_press(egui::Key::Space);
            h.run();
        }
        let before = open_list(h.state());
        let snapshot = h.state().session.lane(0).open_snapshot().to_vec();
        let plot_len = h.state().session.lane(0).history().len();
        // Repeated pointer clicks on one spot would be read as a double click; use the
        // accessibility action, as a screen reader would.
        for _ in 0..4 {
            h.get_by_label("Step Space").click_accesskit();
            h.run();
        }
        assert_eq!(h.state().session.steps(), 7);
        for _ in 0..4 {
            h.key_press(egui::Key::Backspace);
            h.run();
        }
        assert_eq!(h.state().session.steps(), 3);
        assert_eq!(open_list(h.state()), before);
        assert_eq!(h.state().session.lane(0).open_snapshot(), &snapshot[..]);
        assert_eq!(h.state().session.lane(0).history().len(), plot_len);
    }

    #[test]
    fn run_to_end_finds_an_optimal_solution() {
        let goal: Board = "123804765".parse().unwrap();
        let table = DistanceTable::new(&goal).unwrap();
        let start = table.random_at(22, &mut Rng::new(3)).unwrap();
        let mut h = harness(Settings {
            puzzle: PuzzleSettings {
                board_text: start.to_string(),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        h.run();
        h.get_by_label("Run to end End").click();
        h.run();
        let search = h.state().session.lane(0).search();
        assert!(matches!(search.status(), Status::Solved { .. }));
        assert_eq!(search.solution().unwrap().len() - 1, 22);
        h.get_by_label(&crate::app::puzzle::puzzle_text::solved_headline(22));
        h.get_by_label_contains("optimal (shortest is 22)");
        assert!(
            h.state()
                .session
                .status
                .contains(": solved, a 22-move solution")
        );
    }

    #[test]
    fn switching_algorithm_resets_the_run() {
        let mut h = harness(Settings::default());
        h.run();
        for _ in 0..3 {
            h.key_press(egui::Key::Space);
            h.run();
        }
        assert_eq!(h.state().session.steps(), 3);
        h.get_by_role_and_label(Role::ComboBox, model::text::t().algorithm)
            .click();
        h.run();
        h.get_by_label(Algorithm::BreadthFirst.title()).click();
        h.run();
        let lane = h.state().session.lane(0);
        assert_eq!(lane.config().algorithm, Algorithm::BreadthFirst);
        assert_eq!(lane.steps(), 0);
        assert_eq!(lane.open_snapshot().len(), 1);
    }

    #[test]
    fn timeline_scrubs_exactly() {
        let mut h = harness(Settings::default());
        h.run();
        for _ in 0..4 {
            h.key_press(egui::Key::Space);
            h.run();
        }
        let at_two = {
            let mut app = App::new(Settings::default());
            app.apply(Command::Step);
            app.apply(Command::Step);
            open_list(&app)
        };
        h.state_mut().apply(Command::Seek(2));
        h.run();
        assert_eq!(h.state().session.steps(), 2);
        assert_eq!(open_list(h.state()), at_two);
        assert_eq!(h.state().session.lane(0).furthest(), 4);
    }

    struct BrokenStorage;
    impl eframe::Storage for BrokenStorage {
        fn get_string(&self, _key: &str) -> Option<String> {
            Some("(board_text: 12, this is not ron".to_owned())
        }
        fn set_string(&mut self, _key: &str, _value: String) {}
        fn remove_string(&mut self, _key: &str) {}
        fn flush(&mut self) {}
    }

    #[test]
    fn unreadable_settings_fall_back_to_defaults_with_a_notice() {
        let app = App::from_storage(Some(&BrokenStorage));
        assert_eq!(app.session.settings, Settings::default());
        assert_eq!(
            app.view.notice.as_deref(),
            Some(model::text::t().settings_unreadable)
        );
        let mut h = harness(Settings::default());
        h.state_mut().view.notice = app.view.notice.clone();
        h.run();
        h.get_by_label(model::text::t().settings_unreadable);
    }

    /// Font antialiasing differs a little between renderers; a moved panel changes thousands.
    fn snapshot_options() -> SnapshotOptions {
        SnapshotOptions::new().threshold(2.0).max_failed_pixels(400)
    }

    #[test]
    fn snapshot_opening_state() {
        let mut h = harness(Settings::default());
        h.run();
        h.snapshot_options("app_opening", &snapshot_options());
    }

    #[test]
    fn snapshot_after_steps_with_a_selected_node() {
        let mut h = harness(Settings {
            puzzle: PuzzleSettings {
                config: crate::domains::puzzle::SearchConfig::with(
                    Algorithm::AStar,
                    crate::domains::puzzle::HeuristicKind::LinearConflict,
                ),
                ..far_settings().puzzle
            },
            ..far_settings()
        });
        h.run();
        for _ in 0..5 {
            h.key_press(egui::Key::Space);
            h.run();
        }
        h.snapshot_options("app_stepping", &snapshot_options());
    }

    #[test]
    fn snapshot_solved() {
        // The light theme, so both themes are covered.
        let mut h = harness(Settings {
            dark: false,
            ..Settings::default()
        });
        h.run();
        h.get_by_label("Run to end End").click();
        h.run();
        h.snapshot_options("app_solved", &snapshot_options());
    }

    #[test]
    fn switching_to_chinese_relabels_the_window() {
        let mut h = test_harness_with_system_fonts(Settings::default());
        assert_eq!(
            h.state().cjk.available(),
            Some(true),
            "no Chinese font on this machine: install fonts-wqy-microhei"
        );
        h.run();
        h.get_by_label("Language").click();
        h.run();
        h.get_by_label("简体中文").click();
        h.run();
        assert_eq!(h.state().session.settings.language, Language::Chinese);
        h.get_by_label_contains("单步");
        h.get_by_label("初始状态");
        h.get_by_label("界面语言：简体中文");
        assert!(h.query_by_label_contains("Step back").is_none());
        // A step reports in Chinese too, with the engine's words translated.
        h.get_by_label_contains("单步").click();
        h.run();
        h.get_by_label_contains("第 1 步：扩展结点 S0（f\u{a0}=\u{a0}4）；4 个子结点：新结点 4 个");
        // And back.
        h.get_by_label("语言").click();
        h.run();
        h.get_by_label("English").click();
        h.run();
        h.get_by_label("Step Space");
        model::text::set_language(Language::English);
    }

    #[test]
    fn without_a_chinese_font_the_window_stays_in_english_and_says_what_to_install() {
        let mut h = harness(Settings::default());
        h.run();
        h.get_by_label("Language").click();
        h.run();
        h.get_by_label("Chinese").click();
        h.run();
        assert_eq!(h.state().session.settings.language, Language::Chinese);
        assert_eq!(h.state().language(), Language::English);
        h.get_by_label("Step Space");
        h.get_by_label_contains("fonts-wqy-microhei");
    }

    #[test]
    fn clicking_the_text_of_a_row_selects_its_node() {
        let mut h = harness(Settings::default());
        h.run();
        h.get_by_label("Step Space").click();
        h.run();
        // "S0" is the node column of the closed list's only row (drawn after the open list,
        // whose parent column names #0 too).
        h.get_all_by_label("S0").last().unwrap().click();
        h.run();
        assert_eq!(h.state().session.selected, Some(NodeId(0)));
        h.get_by_label("showing node S0 and its path from the start");
    }

    #[test]
    fn f_maximises_the_pane_under_the_pointer_and_escape_restores() {
        let mut h = harness(Settings::default());
        h.run();
        h.get_by_label("Step Space").click();
        h.run();
        // Over the closed list's heading: the lists fill the window, the setup rows go.
        h.get_by_label_contains("Closed list").hover();
        h.run();
        h.key_press(egui::Key::F);
        h.run();
        assert_eq!(h.state().view.maximized, Some(Pane::Lists));
        assert!(h.query_by_label("Algorithm").is_none());
        h.get_by_label("Restore");
        // Stepping still works while presenting.
        h.key_press(egui::Key::Space);
        h.run();
        assert_eq!(h.state().session.main_lane().unwrap().steps(), 2);
        h.key_press(egui::Key::Escape);
        h.run();
        assert_eq!(h.state().view.maximized, None);
        h.get_by_label("Algorithm");

        // Over the board: the node panel.
        h.get_by_label("Current step").hover();
        h.run();
        h.key_press(egui::Key::F);
        h.run();
        assert_eq!(h.state().view.maximized, Some(Pane::Problem));
        // F again restores.
        h.key_press(egui::Key::F);
        h.run();
        assert_eq!(h.state().view.maximized, None);
    }

    #[test]
    fn the_layout_menu_rearranges_the_panels_and_the_choice_is_remembered() {
        let mut h = harness(Settings::default());
        h.run();
        let board_x = |h: &Harness<'static, App>| h.get_by_label("Current step").rect().left();
        let open_x = |h: &Harness<'static, App>| h.get_by_label_contains("Open list").rect().left();
        assert!(board_x(&h) < open_x(&h));
        h.get_by_label("View").click();
        h.run();
        h.get_by_label("Layout").hover();
        h.run();
        h.get_by_label("Problem panel on the right").click();
        h.run();
        assert!(h.state().session.settings.arrangement.board_right);
        assert!(board_x(&h) > open_x(&h));

        // Folding the setup leaves one line with the board and a way back.
        let arrangement = h.state().session.settings.arrangement;
        h.state_mut().apply(Command::SetArrangement(Arrangement {
            setup_folded: true,
            ..arrangement
        }));
        h.run();
        assert!(h.query_by_label("Algorithm").is_none());
        h.get_by_label_contains("283104765 → 123804765");
        h.get_by_label("Edit setup").click();
        h.run();
        h.get_by_label("Algorithm");

        // Saved with the settings and restored by a new window.
        let saved = serde_json::to_string(&h.state().session.settings).unwrap();
        let restored: Settings = serde_json::from_str(&saved).unwrap();
        assert_eq!(restored.arrangement, h.state().session.settings.arrangement);
    }

    #[test]
    fn a_session_given_at_start_is_opened_and_a_bad_one_is_reported() {
        let lesson = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs/lessons/lesson1-bfs-vs-astar.json");
        let app = App::new(Settings::default()).with_session(&lesson);
        assert!(app.session.settings.compare);
        assert_eq!(app.session.settings.puzzle.board_text, "143805276");
        assert_eq!(app.session.lanes.len(), 2);
        assert!(app.view.notice.is_none());

        let app =
            App::new(Settings::default()).with_session(std::path::Path::new("/nonexistent.json"));
        assert_eq!(
            app.session.settings.puzzle.board_text,
            puzzle::puzzle_model::DEFAULT_BOARD
        );
        assert!(
            app.view
                .notice
                .as_deref()
                .is_some_and(|n| n.contains("/nonexistent.json")),
            "{:?}",
            app.view.notice
        );
    }

    // The colours the session gives methods, on the window's two themes.

    /// WCAG contrast ratio of two colours.
    fn contrast(a: Rgb, b: Rgb) -> f32 {
        let luminance = |c: Rgb| {
            let lin = |v: u8| {
                let v = f32::from(v) / 255.0;
                if v <= 0.04045 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
        };
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }
    fn distance(a: Rgb, b: Rgb) -> f32 {
        let d = |x: u8, y: u8| (f32::from(x) - f32::from(y)).powi(2);
        (d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2)).sqrt()
    }
    #[test]
    fn method_colours_read_on_both_themes_and_the_usual_lanes_are_far_apart() {
        let backgrounds = [
            egui::Visuals::dark().panel_fill,
            egui::Visuals::light().panel_fill,
        ]
        .map(|c| Rgb(c.r(), c.g(), c.b()));
        // Within each domain: one lesson never shows both domains' lanes at once.
        for domain in [DomainKind::Puzzle, DomainKind::Grid] {
            let mut all = Vec::new();
            for algorithm in Algorithm::ALL {
                for &kind in AnyHeuristic::choices(domain) {
                    let color = method_color(algorithm, kind);
                    for bg in backgrounds {
                        assert!(
                            contrast(color, bg) >= 3.0,
                            "{algorithm:?} {kind:?} on {bg:?}"
                        );
                    }
                    all.push(((algorithm, kind), color));
                }
            }
            // Distinct per method; BFS and uniform-cost ignore the heuristic, and the two
            // pattern databases (one per board size) never meet on one board.
            for (i, (a, ca)) in all.iter().enumerate() {
                for (b, cb) in &all[i + 1..] {
                    let databases = a.1.database().is_some() && b.1.database().is_some();
                    let same = a.0 == b.0 && (!a.0.uses_heuristic() || databases);
                    assert_eq!(ca == cb, same, "{a:?} {b:?}");
                    if !same {
                        assert!(distance(*ca, *cb) > 35.0, "{a:?} {b:?}");
                    }
                }
            }
        }
        // The default lanes and the lane "Add lane" brings are clearly apart.
        let mut usual: Vec<Rgb> = default_lanes()
            .iter()
            .map(|c| method_color(c.algorithm, c.heuristic.into()))
            .collect();
        usual.push(method_color(
            Algorithm::WeightedAStar,
            HeuristicKind::Manhattan.into(),
        ));
        for (i, a) in usual.iter().enumerate() {
            for b in &usual[i + 1..] {
                assert!(distance(*a, *b) > 100.0, "{a:?} {b:?}");
            }
        }
    }
    #[test]
    fn a_repeated_method_gets_a_shade_that_still_reads() {
        let a_star = Config::with(Algorithm::AStar, HeuristicKind::Manhattan.into());
        let fifo = Config {
            tie_break: crate::search::TieBreak::Fifo,
            ..a_star
        };
        let bfs = Config::with(Algorithm::BreadthFirst, HeuristicKind::Manhattan.into());
        let bfs_other_h = Config::with(Algorithm::BreadthFirst, HeuristicKind::Misplaced.into());
        let styles = lane_styles(&[a_star, bfs, fifo, bfs_other_h]);
        let base = method_color(Algorithm::AStar, HeuristicKind::Manhattan.into());
        assert_eq!(styles[0], (base, Variant::First));
        assert_eq!(styles[2].1, Variant::Repeat(1));
        assert!(distance(styles[2].0, base) > 30.0);
        // The heuristic is no part of BFS's method.
        assert_eq!(styles[3].1, Variant::Repeat(1));
        for bg in [
            egui::Visuals::dark().panel_fill,
            egui::Visuals::light().panel_fill,
        ]
        .map(|c| Rgb(c.r(), c.g(), c.b()))
        {
            assert!(contrast(styles[2].0, bg) >= 2.5);
        }
    }

    #[test]
    fn six_restored_lanes_are_four_when_the_compare_view_draws_them() {
        let mut settings = Settings {
            puzzle: PuzzleSettings {
                lanes: vec![SearchConfig::default(); 6],
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        };
        settings.sanitize();
        // Six lanes in the single view used to panic at the lane colours of a later frame.
        let mut h = test_harness(settings);
        h.state_mut().apply(Command::SetCompare(true));
        h.run();
        assert_eq!(h.state().session.lanes.len(), model::session::MAX_LANES);
    }

    /// A settings file as an earlier release wrote it (a map shown, the puzzle's fields at the
    /// top of the file) restores every field, with no notice.
    #[test]
    fn settings_written_by_an_earlier_release_still_load() {
        let fixture = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/settings-v1.ron"
        );
        let mut storage = MemoryStorage::default();
        storage.0.insert(
            SETTINGS_KEY.to_owned(),
            std::fs::read_to_string(fixture).unwrap(),
        );
        let app = App::from_storage(Some(&storage));
        assert_eq!(app.view.notice, None);
        let settings = &app.session.settings;
        assert_eq!(settings.domain, DomainKind::Grid);
        assert_eq!(
            (
                settings.puzzle.board_text.as_str(),
                settings.puzzle.goal_text.as_str()
            ),
            ("867254301", "123456780")
        );
        assert_eq!(
            (
                settings.puzzle.config.algorithm,
                settings.puzzle.config.heuristic
            ),
            (Algorithm::IdaStar, HeuristicKind::LinearConflict)
        );
        assert_eq!(
            (settings.puzzle.scramble_moves, settings.puzzle.distance),
            (33, 17)
        );
        assert_eq!(settings.puzzle.lanes[1].weight, 2.5);
        assert_eq!(settings.puzzle.lanes.len(), 4);
        assert_eq!((settings.zoom, settings.compare), (1.5, true));
        assert_eq!(
            settings.grid.config.heuristic,
            crate::domains::grid::GridHeuristic::Manhattan
        );
        assert!(settings.grid.overlay);
        // Saved again, it reads back the same.
        eframe::set_value(&mut storage, SETTINGS_KEY, settings);
        let again = App::from_storage(Some(&storage));
        assert_eq!(&again.session.settings, settings);
    }
}
