//! The menu bar: files, the view's choices and layout, maximising a pane, Single or Compare,
//! the problem's domain, presentation mode's areas, and on the right the zoom, the theme and
//! the language. Each item pushes a [`Command`].

use egui::{Align, Button, ComboBox, Layout, RichText, Slider, Ui};

use super::model::arrangement::{Arrangement, Focus, Pane};
use super::model::command::Command;
use super::model::domain::DomainKind;
use super::model::session::{Session, ZOOM_RANGE};
use super::model::text::{self, Language};
use super::panels::pane_title;

/// The domain of the problem (the sliding puzzle, the grid map): each keeps its own problem and
/// searches.
fn domain_picker(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let t = text::t();
    let current = session.settings.domain;
    let games = session.settings.games;
    let title = |d: DomainKind| super::registry::view_of(d).title();
    let games_title = crate::i18n::pick("Game trees", "博弈树");
    let label = ui.label(RichText::new(t.domain_label).strong());
    ComboBox::from_id_salt("domain")
        .selected_text(if games {
            games_title.clone()
        } else {
            title(current).to_owned()
        })
        .show_ui(ui, |ui| {
            for domain in DomainKind::ALL {
                if ui
                    .selectable_label(!games && current == domain, title(domain))
                    .clicked()
                {
                    commands.push(Command::SetDomain(domain));
                }
            }
            ui.separator();
            // Game trees are searched by their own engine, in a workspace of their own.
            if ui
                .selectable_label(games, games_title)
                .on_hover_text(crate::i18n::pick(
                    "Minimax and alpha-beta on a tree you type, a random tree or tic-tac-toe",
                    "在手写的树、随机树或一字棋上单步演示极大极小与 α-β 剪枝",
                ))
                .clicked()
            {
                commands.push(Command::ShowGames(true));
            }
        })
        .response
        .labelled_by(label.id);
}

/// The language menu. A language's own name needs its font; without one, Chinese is named in
/// English.
fn language_picker(ui: &mut Ui, current: Language, cjk: Option<bool>, commands: &mut Vec<Command>) {
    let name = |language: Language| match (language, cjk) {
        (Language::Chinese, Some(true)) | (Language::English, _) => language.native_name(),
        (Language::Chinese, _) => "Chinese",
    };
    let mut language = current;
    let title = text::t().language;
    ComboBox::from_id_salt("language")
        .selected_text(name(language))
        .width(100.0)
        .show_ui(ui, |ui| {
            for choice in Language::ALL {
                ui.selectable_value(&mut language, choice, name(choice));
            }
        })
        .response
        .on_hover_text(title)
        .widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::ComboBox, true, title));
    if language != current {
        commands.push(Command::SetLanguage(language));
    }
}

/// Theme and zoom, laid out right to left (the last added is leftmost).
fn view_settings(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let settings = &session.settings;
    let dark = settings.dark;
    if ui.selectable_label(dark, text::t().dark).clicked() && !dark {
        commands.push(Command::SetDark(true));
    }
    if ui.selectable_label(!dark, text::t().light).clicked() && dark {
        commands.push(Command::SetDark(false));
    }
    ui.separator();
    let mut zoom = settings.zoom;
    ui.spacing_mut().slider_width = 90.0;
    if ui
        .add(
            Slider::new(&mut zoom, ZOOM_RANGE)
                .step_by(0.05)
                .fixed_decimals(2)
                .text(text::t().zoom),
        )
        .changed()
    {
        commands.push(Command::SetZoom(zoom));
    }
}

/// The title of a presentation focus area.
pub fn focus_title(focus: Focus) -> &'static str {
    let t = text::t();
    match focus {
        Focus::ProblemAndLists => t.focus_problem,
        Focus::Compare => t.focus_compare,
        Focus::Tree => t.focus_tree,
        Focus::Plots => t.focus_plots,
        Focus::PseudocodeAndLists => t.focus_pseudocode,
    }
}

/// Shows `focus` in presentation mode: the compare area is the compare view, the others are
/// the single view's.
pub fn choose_focus(session: &Session, focus: Focus, commands: &mut Vec<Command>) {
    let settings = &session.settings;
    commands.push(Command::SetArrangement(Arrangement {
        presenting: true,
        focus,
        ..settings.arrangement
    }));
    let compare = focus == Focus::Compare;
    if settings.compare != compare {
        commands.push(Command::SetCompare(compare));
    }
}

/// Presentation mode's areas, each with its number key, and the way out.
fn focus_switch(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let arrangement = session.settings.arrangement;
    for (i, focus) in Focus::ALL.into_iter().enumerate() {
        let on = arrangement.focus == focus;
        let title = format!("{} {}", i + 1, focus_title(focus));
        if ui.add(Button::selectable(on, title)).clicked() && !on {
            choose_focus(session, focus, commands);
        }
    }
    ui.separator();
    if ui
        .button(format!("{} (P)", text::t().presenting))
        .on_hover_text(text::t().presenting_hint)
        .clicked()
    {
        commands.push(Command::SetArrangement(Arrangement {
            presenting: false,
            ..arrangement
        }));
    }
}

/// The Single and Compare switch: it decides what Step and the timeline drive.
pub fn view_switch(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    for (compare, title) in [(false, text::t().single), (true, text::t().compare)] {
        let on = session.settings.compare == compare;
        if ui
            .add(Button::selectable(on, RichText::new(title).strong()))
            .on_hover_text(text::t().compare_hint)
            .clicked()
            && !on
        {
            commands.push(Command::SetCompare(compare));
        }
    }
}

/// The menu bar: files, what the window shows, and the language on the right.
pub fn menu_bar(ui: &mut Ui, session: &Session, cjk: Option<bool>, commands: &mut Vec<Command>) {
    use super::model::files::FileAction;
    use super::model::settings::problem_file;
    let t = text::t();
    let has_search = session.main_lane().is_some();
    ui.menu_button(t.menu_file, |ui| {
        for action in [FileAction::OpenSession, FileAction::SaveSession] {
            file_item(ui, action, true, commands);
        }
        // Every domain with a file of its own is imported from here; the one shown is
        // exported.
        for domain in DomainKind::ALL {
            if problem_file(domain).is_some() {
                file_item(ui, FileAction::Import(domain), true, commands);
            }
        }
        let shown = session.settings.domain;
        if problem_file(shown).is_some() {
            file_item(ui, FileAction::Export(shown), true, commands);
        }
        ui.separator();
        for action in [
            FileAction::TraceCsv,
            FileAction::TraceJson,
            FileAction::SummaryCsv,
            FileAction::PlotDataCsv,
            FileAction::PlotsPng,
            FileAction::PlotsSvg,
        ] {
            file_item(ui, action, has_search, commands);
        }
        ui.separator();
        for action in FileAction::TREE {
            file_item(ui, action, has_search, commands);
        }
        ui.separator();
        let mut builtin = session.settings.builtin_file_browser;
        if ui
            .checkbox(&mut builtin, t.builtin_file_browser)
            .on_hover_text(t.builtin_file_browser_hint)
            .changed()
        {
            commands.push(Command::SetBuiltinFileBrowser(builtin));
        }
    });
    ui.menu_button(t.menu_view, |ui| {
        let settings = &session.settings;
        let single = !settings.compare;
        for (on, title, enabled, command) in [
            (
                settings.show_breakpoints,
                t.breakpoints,
                true,
                Command::ShowBreakpoints as fn(bool) -> Command,
            ),
            (
                settings.show_pseudocode,
                t.pseudocode,
                single,
                Command::ShowPseudocode,
            ),
            (settings.show_tree, t.show_tree, single, Command::ShowTree),
            (
                settings.exercise,
                t.exercise_mode,
                single,
                Command::SetExercise,
            ),
            (
                settings.text_boards,
                t.boards_as_text,
                !settings.domain.states_written(),
                Command::SetTextBoards,
            ),
        ] {
            let mut next = on;
            if ui
                .add_enabled(enabled, egui::Checkbox::new(&mut next, title))
                .on_disabled_hover_text(t.single_view_only)
                .changed()
            {
                commands.push(command(next));
            }
        }
        ui.separator();
        let arrangement = settings.arrangement;
        let mut presenting = arrangement.presenting;
        if ui
            .checkbox(&mut presenting, t.presenting)
            .on_hover_text(t.presenting_hint)
            .changed()
        {
            commands.push(Command::SetArrangement(Arrangement {
                presenting,
                ..arrangement
            }));
        }
        layout_menu(ui, settings.arrangement, single, commands);
        maximize_menu(ui, session, commands);
        ui.separator();
        if ui.button(t.experiments).clicked() {
            commands.push(Command::ShowExperiments);
        }
        if ui.button(t.inspector).clicked() {
            commands.push(Command::ShowInspector);
        }
    });
    ui.separator();
    // The view and the problem's kind sit in the menu bar, where they never push the rows
    // below.
    view_switch(ui, session, commands);
    ui.separator();
    if session.settings.arrangement.presenting {
        focus_switch(ui, session, commands);
        return;
    }
    domain_picker(ui, session, commands);
    // Right-aligned in the menu bar, where nothing else grows: the theme and zoom used to sit
    // at the end of the setup row and were covered by the weight slider and the tie-break.
    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
        language_picker(ui, session.settings.language, cjk, commands);
        ui.separator();
        view_settings(ui, session, commands);
    });
}

/// The arrangement of the single view, one checkbox per choice.
fn layout_menu(ui: &mut Ui, arrangement: Arrangement, single: bool, commands: &mut Vec<Command>) {
    let t = text::t();
    type Toggle = fn(&mut Arrangement) -> &mut bool;
    let toggles: [(&str, bool, Toggle); 4] = [
        (t.fold_setup, true, |a| &mut a.setup_folded),
        (t.layout_board_right, single, |a| &mut a.board_right),
        (t.layout_lists_stacked, single, |a| &mut a.lists_stacked),
        (t.layout_lists_below, single, |a| &mut a.lists_below),
    ];
    ui.menu_button(t.menu_layout, |ui| {
        for (title, enabled, field) in toggles {
            let mut next = arrangement;
            if ui
                .add_enabled(enabled, egui::Checkbox::new(field(&mut next), title))
                .on_disabled_hover_text(t.single_view_only)
                .changed()
            {
                commands.push(Command::SetArrangement(next));
            }
        }
    });
}

/// Maximise one pane of the current view (the F key does it for the pane under the pointer).
fn maximize_menu(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let settings = &session.settings;
    let panes: &[Pane] = if settings.compare {
        &[Pane::Compare]
    } else if settings.show_pseudocode {
        &[Pane::Problem, Pane::Lists, Pane::Pseudocode, Pane::Tree]
    } else {
        &[Pane::Problem, Pane::Lists, Pane::Plots, Pane::Tree]
    };
    ui.menu_button(text::t().maximize, |ui| {
        for &pane in panes {
            if ui
                .button(pane_title(pane))
                .on_hover_text(text::t().maximize_hint)
                .clicked()
            {
                commands.push(Command::Maximize(Some(pane)));
            }
        }
    });
}

fn file_item(
    ui: &mut Ui,
    action: super::model::files::FileAction,
    enabled: bool,
    commands: &mut Vec<Command>,
) {
    if ui
        .add_enabled(enabled, Button::new(action.title()))
        .clicked()
    {
        commands.push(Command::File(action));
    }
}
