//! The breakpoints row: where Play and Run to end stop, edited beside the other setup rows.

use egui::{RichText, TextEdit, Ui};

use super::model::command::Command;
use super::model::section::StateError;
use super::model::session::Settings;
use super::model::text;

/// The row of breakpoint checkboxes; pushes the edited settings when anything changes.
pub fn row(ui: &mut Ui, settings: &Settings, commands: &mut Vec<Command>) {
    let current = &settings.breakpoints;
    let domain = settings.domain;
    let t = text::t();
    let mut next = current.clone();
    ui.horizontal_wrapped(|ui| {
        super::widgets::word(ui, RichText::new(t.breakpoints_run_until).strong())
            .on_hover_text(t.breakpoints_hint);
        ui.checkbox(&mut next.goal_generated, t.bp_goal_generated);
        ui.checkbox(&mut next.f_increases, t.bp_f_increases);
        ui.checkbox(&mut next.reopened, t.bp_reopened);
        ui.checkbox(&mut next.open_exceeds, t.bp_open_exceeds);
        ui.add(
            egui::DragValue::new(&mut next.open_limit)
                .range(1..=5_000_000)
                .speed(10.0),
        )
        .on_hover_text(t.bp_open_limit);
        ui.checkbox(&mut next.bound_raised, t.bp_bound_raised)
            .on_hover_text(t.bp_bound_raised_hint);
        ui.checkbox(&mut next.node_forgotten, t.bp_node_forgotten)
            .on_hover_text(t.bp_node_forgotten_hint);
        ui.checkbox(&mut next.limit_exceeded, t.bp_limit_exceeded)
            .on_hover_text(t.bp_limit_exceeded_hint);
        ui.checkbox(&mut next.bound_improved, t.bp_bound_improved)
            .on_hover_text(t.bp_bound_improved_hint);
        ui.separator();
        ui.checkbox(&mut next.board, t.bp_board);
        let hint = super::registry::view_of(domain).state_hint();
        let error = next.state(settings.section()).err().map(|e| match e {
            StateError::Malformed(fault) => fault.message(),
            StateError::Unknown => hint.to_owned(),
        });
        let mut edit = TextEdit::singleline(&mut next.board_text)
            .font(egui::TextStyle::Monospace)
            .desired_width(110.0);
        if error.is_some() && next.board {
            edit = edit.text_color(ui.visuals().error_fg_color);
        }
        ui.add(edit).on_hover_text(hint).widget_info(|| {
            egui::WidgetInfo::labeled(egui::accesskit::Role::TextInput, true, t.bp_board_field)
        });
        egui::ComboBox::from_id_salt("breakpoint_board_event")
            .selected_text(if next.board_expanded {
                t.bp_expanded
            } else {
                t.bp_generated
            })
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut next.board_expanded, false, t.bp_generated);
                ui.selectable_value(&mut next.board_expanded, true, t.bp_expanded);
            })
            .response
            .widget_info(|| {
                egui::WidgetInfo::labeled(egui::accesskit::Role::ComboBox, true, t.bp_board_event)
            });
        if let (true, Some(error)) = (next.board, error) {
            ui.label(
                RichText::new(error)
                    .color(ui.visuals().error_fg_color)
                    .strong(),
            );
        }
    });
    if next != *current {
        commands.push(Command::SetBreakpoints(next));
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable;

    use crate::app::puzzle::puzzle_model::PuzzleSettings;

    use crate::app::{RunMode, Settings, test_harness};
    use crate::search::Status;

    #[test]
    fn a_breakpoint_stops_play_and_says_why() {
        let mut settings = Settings {
            puzzle: PuzzleSettings {
                board_text: "283164705".to_owned(),
                ..PuzzleSettings::default()
            },
            speed: 10_000.0,
            show_breakpoints: true,
            ..Settings::default()
        };
        settings.breakpoints.goal_generated = true;
        let mut h = test_harness(settings);
        h.run();
        h.get_by_label("Play Enter").click();
        for _ in 0..50 {
            h.step();
            if h.state().session.mode == RunMode::Paused {
                break;
            }
        }
        h.run();
        let session = &h.state().session;
        assert_eq!(session.mode, RunMode::Paused, "play did not stop");
        let search = session.lane(0).search();
        // Stopped when the goal appeared as a child, before it is expanded.
        assert!(matches!(search.status(), Status::Running));
        let last = search.step_at(search.steps() - 1);
        let goal = search.problem().goal();
        assert!(
            last.children
                .iter()
                .any(|c| search.node(c.node).state == goal)
        );
        h.get_by_label_contains("the goal was generated as node S");
    }

    #[test]
    fn run_to_end_stops_at_a_chosen_board_and_a_bad_board_is_named() {
        let mut settings = Settings {
            show_breakpoints: true,
            ..Settings::default()
        };
        settings.breakpoints.board = true;
        settings.breakpoints.board_expanded = true;
        settings.breakpoints.board_text = "203184765".to_owned();
        let mut h = test_harness(settings);
        h.run();
        h.get_by_label("Run to end End").click();
        h.run();
        let search = h.state().session.lane(0).search();
        let last = search.node(search.step_at(search.steps() - 1).expanded);
        assert_eq!(last.state.to_string(), "203184765");
        h.get_by_label_contains("203184765 was expanded");

        h.get_by_label("State to stop at").click();
        h.run();
        h.get_by_label("State to stop at").type_text("9");
        h.run();
        let typed = h.state().session.settings.breakpoints.board_text.clone();
        assert_eq!(typed.len(), 10, "what was typed is kept: {typed}");
        h.get_by_label_contains("10 tiles given");
    }
}
