//! The sliding puzzle's setup rows: the board and goal fields with their formats and errors,
//! the goal presets, the board sizes and the random boards.

use super::puzzle_text;
use egui::{ComboBox, RichText, TextEdit, Ui};

use super::node_panel::preset_title;
use crate::app::model::command::Command;
use crate::app::model::section::DomainFault;
use crate::app::model::session::{Session, SetupError};
use crate::app::model::text;
use crate::app::puzzle::puzzle_model::{DISTANCE_RANGE, SCRAMBLE_RANGE};
use crate::app::puzzle::puzzle_model::{PuzzleEdit, PuzzleFault};
use crate::app::widgets::{error_frame, error_label, word};
use crate::domains::puzzle::{GoalPreset, ProblemError};

/// The board and goal row, then a line for the message of the field that is wrong; returns
/// whether that line said something.
pub fn setup_rows(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) -> bool {
    let settings = &session.settings;
    // A goal of another size than the board is the goal's to fix (the size buttons set the
    // board); an unsolvable pair is the board's, with its offers below.
    let fault = session
        .problem
        .as_ref()
        .err()
        .and_then(SetupError::fault::<PuzzleFault>);
    let board_error = match fault {
        Some(
            e @ (PuzzleFault::Board(_) | PuzzleFault::Problem(ProblemError::Unsolvable { .. })),
        ) => Some(e.message()),
        _ => None,
    };
    let goal_error = match fault {
        Some(
            e @ (PuzzleFault::Goal(_) | PuzzleFault::Problem(ProblemError::SizeMismatch { .. })),
        ) => Some(e.message()),
        _ => None,
    };
    {
        ui.horizontal_wrapped(|ui| {
            let label = word(ui, RichText::new(puzzle_text::p().board).strong());
            let mut board_text = settings.puzzle.board_text.clone();
            let mut edit = TextEdit::singleline(&mut board_text)
                .hint_text(puzzle_text::p().board_hint)
                .font(egui::TextStyle::Monospace)
                .desired_width(170.0);
            if board_error.is_some() {
                edit = edit.text_color(ui.visuals().error_fg_color);
            }
            let response = ui
                .add(edit)
                .labelled_by(label.id)
                .on_hover_text(puzzle_text::p().formats_hint);
            if response.changed() {
                commands.push(Command::edit(PuzzleEdit::SetBoardText(board_text)));
            }
            if board_error.is_some() {
                error_frame(ui, response.rect);
            }
            ui.separator();

            let label = word(ui, RichText::new(text::t().goal).strong());
            let mut goal_text = settings.puzzle.goal_text.clone();
            let mut edit = TextEdit::singleline(&mut goal_text)
                .hint_text(puzzle_text::p().goal_hint)
                .font(egui::TextStyle::Monospace)
                .desired_width(170.0);
            if goal_error.is_some() {
                edit = edit.text_color(ui.visuals().error_fg_color);
            }
            let response = ui.add(edit).labelled_by(label.id);
            if response.changed() {
                commands.push(Command::edit(PuzzleEdit::SetGoalText(goal_text)));
            }
            if goal_error.is_some() {
                error_frame(ui, response.rect);
            }
            let side = session.settings.puzzle.side().unwrap_or(3);
            ComboBox::from_id_salt("goal_preset")
                .selected_text(puzzle_text::p().goal_preset)
                .show_ui(ui, |ui| {
                    for preset in GoalPreset::ALL {
                        let Some(board) = preset.board(side) else {
                            continue;
                        };
                        if ui.selectable_label(false, preset_title(preset)).clicked() {
                            commands
                                .push(Command::edit(PuzzleEdit::SetGoalText(board.to_string())));
                        }
                    }
                })
                .response
                .on_hover_text(puzzle_text::p().goal_hint);

            ui.separator();

            for (side_option, title) in [(3, puzzle_text::p().size_3), (4, puzzle_text::p().size_4)]
            {
                if ui
                    .selectable_label(session.settings.puzzle.side() == Some(side_option), title)
                    .clicked()
                    && session.settings.puzzle.side() != Some(side_option)
                {
                    commands.push(Command::edit(PuzzleEdit::SetSize(side_option)));
                }
            }
            ui.separator();

            random_board_button(
                ui,
                (
                    puzzle_text::p().scramble,
                    puzzle_text::p().scramble_hint,
                    Command::edit(PuzzleEdit::Scramble),
                ),
                (
                    settings.puzzle.scramble_moves,
                    SCRAMBLE_RANGE,
                    text::t().scramble_moves,
                ),
                |k| Command::edit(PuzzleEdit::SetScrambleMoves(k)),
                commands,
            );
            if side == 3 {
                random_board_button(
                    ui,
                    (
                        puzzle_text::p().at_distance,
                        puzzle_text::p().distance_hint,
                        Command::edit(PuzzleEdit::RandomAtDistance),
                    ),
                    (
                        settings.puzzle.distance,
                        DISTANCE_RANGE,
                        puzzle_text::p().distance_steps,
                    ),
                    |d| Command::edit(PuzzleEdit::SetDistance(d)),
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
                error_label(ui, &format!("{}: {message}", puzzle_text::p().board));
                // A board that does not parse: say what does.
                if matches!(fault, Some(PuzzleFault::Board(_))) {
                    ui.label(
                        RichText::new(puzzle_text::p().formats_hint)
                            .color(ui.visuals().weak_text_color()),
                    );
                }
            });
            true
        }
        (None, Some(message)) => {
            ui.horizontal_wrapped(|ui| error_label(ui, message));
            true
        }
        (None, None) if settings.puzzle.explore_unsolvable => {
            ui.label(
                RichText::new(puzzle_text::p().exploring_unsolvable)
                    .strong()
                    .color(ui.visuals().warn_fg_color),
            );
            true
        }
        (None, None) => false,
    }
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

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable;

    use super::*;
    use crate::app::puzzle::puzzle_model::PuzzleSettings;
    use crate::app::{Settings, test_harness};

    #[test]
    fn a_goal_of_another_size_is_the_goals_error_without_the_unsolvable_offers() {
        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                board_text: "283104765".to_owned(),
                goal_text: "123456789ABCDEF0".to_owned(),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        h.run();
        let message =
            PuzzleFault::Problem(ProblemError::SizeMismatch { start: 3, goal: 4 }).message();
        assert!(h.query_all_by_label(&message).count() > 0);
        assert!(
            h.query_by_label_contains("Run BFS anyway").is_none(),
            "BFS cannot run on two sizes"
        );
        // An unsolvable pair keeps them.
        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                board_text: "213804765".to_owned(),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        h.run();
        assert!(h.query_by_label_contains("Run BFS anyway").is_some());
    }
}
