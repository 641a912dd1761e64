//! The status bar: the counters line where the window is tall enough, a notice to dismiss,
//! the status line, the memory budget, and the offer of a pane left out for want of room.

use egui::{Align, Layout, RichText, Ui};

use super::model::arrangement::Pane;
use super::model::command::Command;
use super::model::session::{MEMORY_BUDGET_RANGE, Session, SetupError};
use super::model::text;
use super::view_state::ViewState;
use crate::search::ConfigError;

/// The window height from which the status bar has room for the counters line.
pub const ROOMY_HEIGHT: f32 = 700.0;

/// The status line and the counters of lane 0.
pub fn status_bar(
    ui: &mut Ui,
    session: &Session,
    view: &mut ViewState,
    commands: &mut Vec<Command>,
) {
    if let Some(notice) = &view.notice {
        let mut dismissed = false;
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(notice)
                    .strong()
                    .color(ui.visuals().warn_fg_color),
            );
            dismissed = ui.small_button(text::t().dismiss).clicked();
        });
        if dismissed {
            view.notice = None;
        }
    }
    let color = match &session.problem {
        // A database being made is a wait, not a mistake.
        Err(SetupError::Config(ConfigError::HeuristicNotReady(_))) => {
            ui.visuals().strong_text_color()
        }
        Err(_) => ui.visuals().error_fg_color,
        Ok(_) => ui.visuals().strong_text_color(),
    };
    let compare = session.settings.compare;
    // One line where the window is short (a projector), so the lists keep the height: the
    // buttons and the memory at the right, the status in what is left (cut with an ellipsis,
    // whole on hover). A taller window has the counters on a second line.
    let roomy = ui.ctx().content_rect().height() >= ROOMY_HEIGHT;
    if roomy
        && !compare
        && let Some(stats) = session.shown_stats()
    {
        ui.add(
            egui::Label::new(
                RichText::new(text::stats_line(&stats)).color(ui.visuals().text_color()),
            )
            .wrap(),
        );
    }
    ui.horizontal(|ui| {
        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
            if !compare {
                if ui.small_button(text::t().inspector).clicked() {
                    commands.push(Command::ShowInspector);
                }
                if ui.small_button(text::t().experiments).clicked() {
                    commands.push(Command::ShowExperiments);
                }
            }
            let offer = match view.lower_hidden {
                Some(Pane::Tree) => Some((text::t().show_tree_maximised, text::t().tree_hidden)),
                Some(_) => Some((text::t().show_plots, text::t().plots_hidden)),
                None => None,
            };
            if let Some((button, why)) = offer
                && view.maximized.is_none()
                && ui.small_button(button).on_hover_text(why).clicked()
            {
                commands.push(Command::Maximize(view.lower_hidden));
            }
            memory_budget(ui, session, commands);
            ui.with_layout(Layout::left_to_right(Align::Center), |ui| {
                ui.add(
                    egui::Label::new(RichText::new(&session.status).size(16.0).color(color))
                        .truncate(),
                );
            });
        });
    });
}

/// The memory the lanes hold and the budget they may reach, editable.
fn memory_budget(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let mut budget = session.settings.memory_budget_mb;
    let response = ui
        .add(
            egui::DragValue::new(&mut budget)
                .range(MEMORY_BUDGET_RANGE)
                .speed(16.0)
                .suffix(" MB"),
        )
        .on_hover_text(text::t().memory_budget_hint);
    if response.changed() {
        commands.push(Command::SetMemoryBudget(budget));
    }
    let used = session.memory_bytes().div_ceil(1 << 20);
    let color = if session.over_budget() {
        ui.visuals().error_fg_color
    } else {
        ui.visuals().weak_text_color()
    };
    ui.label(RichText::new(text::memory_used(used)).color(color))
        .on_hover_text(text::t().memory_budget_hint);
}
