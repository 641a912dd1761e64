//! The exercise banner: the prompt, the score and the reveal button above the open list.

use egui::{Color32, RichText, Ui};

use super::command::Command;
use super::exercise::{Answer, Score};
use super::text;

/// The exercise banner above the lists: the rule, the score, and the verdict on the latest
/// answer.
pub fn banner(
    ui: &mut Ui,
    score: &Score,
    rule: &str,
    can_reveal: bool,
    commands: &mut Vec<Command>,
) {
    let t = text::t();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(t.exercise_title).strong().size(17.0));
            ui.label(text::exercise_score(score.right, score.asked));
            if ui
                .add_enabled(can_reveal, egui::Button::new(t.exercise_reveal))
                .on_hover_text(t.exercise_reveal_hint)
                .clicked()
            {
                commands.push(Command::Reveal);
            }
            if score.asked > 0 && ui.small_button(t.exercise_reset_score).clicked() {
                commands.push(Command::ResetScore);
            }
        });
        ui.label(text::exercise_rule(rule));
        match &score.last {
            None => {
                ui.label(RichText::new(t.exercise_prompt).weak());
            }
            Some((answer, judgement)) => {
                let color = match answer {
                    Answer::Right { .. } => Color32::from_rgb(0x2c, 0xa0, 0x2c),
                    Answer::Wrong => ui.visuals().error_fg_color,
                    Answer::Revealed => ui.visuals().strong_text_color(),
                };
                ui.label(
                    RichText::new(text::exercise_verdict(*answer, judgement))
                        .color(color)
                        .strong(),
                );
            }
        }
    });
}
