//! Widgets more than one view uses: the config editor (the single view's setup bar and the
//! compare view's lane cards), the checkbox of a remembered setting, the short label that
//! stays whole, the frame round a wrong field, and the hovered node that every view lights up.

use egui::{ComboBox, DragValue, RichText, Slider, Ui};

use super::model::command::Command;
use super::model::domain::{AnyHeuristic, Config as SearchConfig};
use super::model::session::Lane;
use super::model::text::{self, engine};
use crate::search::{Algorithm, GoalTest, MAX_DEPTH_LIMIT, NodeId, TieBreak};

/// A short label that stays whole on its line: in a wrapping row egui would go on with a
/// label on the next line, and it breaks Chinese between any two characters ("结" / "点").
/// Too long for a whole row, it is cut with "…" and shows all of itself on hover.
pub fn word(ui: &mut Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    ui.add(egui::Label::new(text).truncate())
}

/// A frame in the error colour round a field whose text is wrong (the text itself is kept).
pub fn error_frame(ui: &Ui, rect: egui::Rect) {
    ui.painter().rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(1.5, ui.visuals().error_fg_color),
        egui::StrokeKind::Outside,
    );
}

/// A checkbox for a remembered setting: it shows `on` and asks for the flipped value through
/// the setting's command.
pub fn setting_checkbox(
    ui: &mut Ui,
    on: bool,
    title: &str,
    hint: &str,
    command: fn(bool) -> Command,
    commands: &mut Vec<Command>,
) {
    let mut next = on;
    if ui.checkbox(&mut next, title).on_hover_text(hint).changed() {
        commands.push(command(next));
    }
}

/// The algorithm, heuristic, tie-break, weight and goal-test widgets; returns the config as
/// edited. Shared by the single view's setup bar and the compare view's lane cards (each lane
/// in its own `push_id`, so the combo boxes do not share state). `compact` (the lane cards)
/// drops the visible field names, which the combo boxes keep as hover text and accessible
/// names, and puts the second-line options (tie-break, weight, goal test) on a row of their own.
pub fn edit_config(ui: &mut Ui, config: &SearchConfig, compact: bool) -> SearchConfig {
    let mut next = *config;
    let combo = |ui: &mut Ui,
                 id: &str,
                 title: &str,
                 selected: &str,
                 width: f32,
                 add: &mut dyn FnMut(&mut Ui)| {
        let label = (!compact).then(|| word(ui, RichText::new(title).strong()));
        let response = ComboBox::from_id_salt(id)
            .selected_text(selected)
            .width(width)
            // Tall enough for all ten algorithms without a scroll bar.
            .height(480.0)
            .show_ui(ui, |ui| add(ui))
            .response;
        match label {
            Some(label) => {
                response.labelled_by(label.id);
            }
            None => {
                response.on_hover_text(title).widget_info(|| {
                    egui::WidgetInfo::labeled(egui::accesskit::Role::ComboBox, true, title)
                });
            }
        }
    };
    let (algorithm_width, heuristic_width, tie_width) = if compact {
        (125.0, 160.0, 240.0)
    } else {
        (170.0, 170.0, 260.0)
    };
    combo(
        ui,
        "algorithm",
        text::t().algorithm,
        engine::algorithm(config.algorithm),
        algorithm_width,
        &mut |ui| {
            // Grouped by engine: best-first, depth-first, bidirectional.
            for (i, algorithm) in Algorithm::EVERY.into_iter().enumerate() {
                let starts_group = i > 0
                    && (algorithm.is_depth_first() && !Algorithm::EVERY[i - 1].is_depth_first()
                        || algorithm.is_bidirectional()
                            && !Algorithm::EVERY[i - 1].is_bidirectional());
                if starts_group {
                    ui.separator();
                }
                ui.selectable_value(&mut next.algorithm, algorithm, engine::algorithm(algorithm));
            }
        },
    );
    combo(
        ui,
        "heuristic",
        text::t().heuristic,
        engine::heuristic(config.heuristic),
        heuristic_width,
        &mut |ui| {
            // A pattern database is offered for its own board size only.
            let side = super::databases::shown_side();
            for &heuristic in AnyHeuristic::choices(config.heuristic.domain()) {
                if side.is_none_or(|side| heuristic.fits(side)) {
                    let name = engine::heuristic(heuristic);
                    ui.selectable_value(&mut next.heuristic, heuristic, name);
                }
            }
        },
    );
    super::databases::inline_status(ui, config.heuristic);
    if compact {
        ui.end_row();
    }
    // BFS, the depth-first and the bidirectional searches have a fixed order among equal f.
    if config.algorithm.is_best_first() && config.algorithm != Algorithm::BreadthFirst {
        combo(
            ui,
            "tie_break",
            text::t().tie_break,
            engine::tie_break(config.tie_break),
            tie_width,
            &mut |ui| {
                for tie in TieBreak::ALL {
                    ui.selectable_value(&mut next.tie_break, tie, engine::tie_break(tie));
                }
            },
        );
    }
    if config.algorithm == Algorithm::WeightedAStar {
        if compact {
            // A slider does not wrap in a wrapped row: give it a row of its own in a card.
            ui.end_row();
        }
        ui.add(
            Slider::new(&mut next.weight, 1.0..=5.0)
                .step_by(0.1)
                .text(text::t().weight),
        );
    }
    if config.algorithm == Algorithm::DepthFirst {
        let label = ui.label(text::t().depth_limit);
        ui.add(
            DragValue::new(&mut next.depth_limit)
                .range(0..=MAX_DEPTH_LIMIT)
                // One per pixel dragged, and one per arrow key (a smaller speed would make an
                // increment round back to the same whole depth).
                .speed(1.0),
        )
        .labelled_by(label.id)
        .on_hover_text(text::t().depth_limit_hint);
    }
    if config.algorithm == Algorithm::BreadthFirst {
        let mut on_generation = config.goal_test == GoalTest::OnGeneration;
        if ui
            .checkbox(&mut on_generation, text::t().goal_test_on_generation)
            .on_hover_text(text::t().goal_test_hint)
            .changed()
        {
            next.goal_test = if on_generation {
                GoalTest::OnGeneration
            } else {
                GoalTest::OnExpansion
            };
        }
    }
    // Leaving BFS drops the goal test at generation: the session does that (`SetConfig`).
    next
}

/// The node under the pointer, shared by every view so the same node lights up in each. Views
/// read what was hovered last frame and report what is hovered now.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hover {
    shown: Option<NodeId>,
    seen: Option<NodeId>,
}

impl Hover {
    /// Whether `id` is the hovered node.
    pub fn is(&self, id: NodeId) -> bool {
        self.shown == Some(id)
    }

    pub fn node(&self) -> Option<NodeId> {
        self.shown
    }

    /// The pointer is over a view of `id` this frame.
    pub fn saw(&mut self, id: NodeId) {
        self.seen = Some(id);
    }

    /// Ends the frame; returns whether the hovered node changed (then a repaint shows it).
    pub fn end_frame(&mut self) -> bool {
        let changed = self.shown != self.seen;
        self.shown = self.seen.take();
        changed
    }
}

/// A message in the error colour, for the line under the field that is wrong.
pub fn error_label(ui: &mut Ui, message: &str) {
    ui.label(
        RichText::new(message)
            .color(ui.visuals().error_fg_color)
            .strong(),
    );
}

/// The live heuristic check: a violation of admissibility or consistency is flagged the
/// moment it happens (weighted A* triggers it; A* with Manhattan never does).
pub fn heuristic_check(ui: &mut Ui, lane: &Lane) {
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

#[cfg(test)]
mod tests {
    use crate::app::{Command, Settings, test_harness};
    use crate::search::SearchConfig;

    #[test]
    fn a_weight_no_slider_gives_does_not_restart_the_run_every_frame() {
        let mut h = test_harness(Settings::default());
        h.run();
        let config = SearchConfig {
            weight: f64::NAN,
            ..SearchConfig::default()
        };
        h.state_mut().apply(Command::SetConfig(config));
        h.run();
        h.state_mut().apply(Command::Step);
        h.run();
        assert_eq!(h.state().session.steps(), 1);
        assert_eq!(h.state().session.settings.puzzle.config.weight, 2.0);
    }
}
