//! Widgets more than one view uses: the checkbox of a remembered setting, the short label that
//! stays whole, the frame round a wrong field, the error line, the live heuristic check, and
//! the hovered node that every view lights up.

use egui::{RichText, Ui};

use super::model::command::Command;
use super::model::lane::Lane;
use super::model::text;
use crate::search::NodeId;

/// The mark of a tree search's node whose state an earlier node has (the lists and the tree).
/// Only the monospace font has it: draw it in that one.
pub const REPEAT_MARK: &str = "↺";

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
