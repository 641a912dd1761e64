//! The route graph's problem pane and setup rows: the graph with the main lane's search and,
//! while it is edited, the editor's tools and fields above it; the preset, start, goal(s),
//! successor order and the switch into the editor.

use super::graph_text;
use egui::{ComboBox, RichText, Sense, Ui};

use crate::app::graph::graph_model::GraphEdit;
use crate::app::model::command::Command;
use crate::app::model::session::Session;
use crate::app::widgets::word;
use crate::domains::graph::{Graph, GraphIssue, GraphPreset, NodeId, SuccessorOrder};

use super::editor::Editor;
use super::graph_view::{Mark, Marks, Scale, fit_to, paint_graph};

/// The graph pane of the single view: the setup's error, the key (or, while the graph is
/// edited, the editor's tools and fields), what is odd about the graph, and the graph with the
/// main lane's search.
pub fn panel(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let settings = &session.settings.graph;
    let mut editor = Editor::load(ui.ctx());
    editor.keep_valid(&settings.graph);
    if let Some(error) = &session.edit_error {
        ui.label(
            RichText::new(error)
                .color(ui.visuals().error_fg_color)
                .strong(),
        );
    }
    let lane = session.main_lane();
    let graph = match lane.and_then(|l| l.search().problem().graph()) {
        Some(graph) if **graph == settings.graph => graph.clone(),
        _ => std::sync::Arc::new(settings.graph.clone()),
    };
    let marks = lane.map(|l| Marks::of(&graph, l));
    if editor.on {
        editor.toolbar(ui, settings, commands);
        editor.properties(ui, settings, commands);
    } else {
        let closed = marks.as_ref().map_or(0, |m| {
            m.marks
                .iter()
                .filter(|&&k| matches!(k, Mark::Closed | Mark::Current))
                .count()
        });
        ui.label(RichText::new(graph_text::graph_legend_line(closed)).small());
        // What the preset shows, above its graph: in the setup rows it would take the plots'
        // room.
        if settings.is_preset() {
            ui.label(
                RichText::new(crate::i18n::words(settings.preset.note()))
                    .color(ui.visuals().weak_text_color()),
            );
        }
    }
    issues(ui, &graph, editor.on);
    let rect = ui.available_rect_before_wrap();
    let sense = if editor.on {
        Sense::click_and_drag()
    } else {
        Sense::hover()
    };
    let response = ui.allocate_rect(rect, sense);
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::accesskit::Role::Canvas,
            true,
            graph_text::g().graph_area,
        )
    });
    // While a node is dragged, the graph keeps the fit it had when the drag began.
    let fit = fit_to(&graph, rect, Scale::Large, ui);
    let moved = editor.dragged_graph(&graph, &fit);
    let shown = moved.as_ref().unwrap_or(&graph);
    let drawn = paint_graph(ui, rect, shown, marks.as_ref(), Scale::Large, Some(fit));
    if editor.on {
        editor.canvas(ui, &response, settings, &drawn, commands);
        editor.paint_picks(ui, shown, &drawn);
    }
    editor.store(ui.ctx());
}

/// What is odd about the graph as a problem: no path to a goal always (it is why every search
/// fails), the rest while the graph is edited.
fn issues(ui: &mut Ui, graph: &Graph, editing: bool) {
    for issue in graph.problems() {
        let serious = matches!(issue, GraphIssue::NoPathToGoal);
        if !(serious || editing) {
            continue;
        }
        let color = if serious {
            ui.visuals().warn_fg_color
        } else {
            ui.visuals().weak_text_color()
        };
        ui.label(RichText::new(graph_text::graph_issue(&issue, graph)).color(color));
    }
}

/// The setup rows: the preset with its note, the start, the goal and the successor order.
pub fn setup(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let settings = &session.settings.graph;
    let graph = &settings.graph;
    let t = graph_text::g();
    ui.horizontal_wrapped(|ui| {
        let label = word(ui, RichText::new(t.graph_preset).strong());
        let shown = if settings.is_preset() {
            crate::i18n::words(settings.preset.title())
        } else {
            t.graph_edited
        };
        ComboBox::from_id_salt("graph preset")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for preset in GraphPreset::ALL {
                    let title = crate::i18n::words(preset.title());
                    if ui
                        .selectable_label(settings.preset == preset && settings.is_preset(), title)
                        .on_hover_text(crate::i18n::words(preset.note()))
                        .clicked()
                    {
                        commands.push(Command::edit(GraphEdit::Preset(preset)));
                    }
                }
            })
            .response
            .labelled_by(label.id);
        node_picker(
            ui,
            graph,
            t.graph_start,
            &[graph.start()],
            commands,
            GraphEdit::SetStart,
        );
        node_picker(
            ui,
            graph,
            t.graph_goal,
            graph.goals(),
            commands,
            GraphEdit::SetGoal,
        );
        let label =
            word(ui, RichText::new(t.graph_order).strong()).on_hover_text(t.graph_order_hint);
        let order_word = |order| match order {
            SuccessorOrder::ByName => t.graph_order_name,
            SuccessorOrder::AsDrawn => t.graph_order_drawn,
        };
        ComboBox::from_id_salt("graph order")
            .selected_text(order_word(graph.order()))
            .show_ui(ui, |ui| {
                for order in [SuccessorOrder::ByName, SuccessorOrder::AsDrawn] {
                    if ui
                        .selectable_label(graph.order() == order, order_word(order))
                        .clicked()
                    {
                        commands.push(Command::edit(GraphEdit::SetOrder(order)));
                    }
                }
            })
            .response
            .labelled_by(label.id);
        let editing = Editor::load(ui.ctx()).on;
        if ui
            .add(egui::Button::new(t.edit_graph).selected(editing))
            .on_hover_text(t.edit_graph_hint)
            .clicked()
        {
            Editor::toggle(ui.ctx());
        }
    });
}

/// A combo box of the graph's nodes by name, labelled `label`, showing the `chosen` ones; a
/// node picked becomes the only one.
fn node_picker(
    ui: &mut Ui,
    graph: &Graph,
    label: &str,
    chosen: &[NodeId],
    commands: &mut Vec<Command>,
    edit: fn(NodeId) -> GraphEdit,
) {
    let label = word(ui, RichText::new(label).strong());
    let mut nodes: Vec<NodeId> = graph.node_ids().collect();
    nodes.sort_by(|a, b| graph.name(*a).cmp(graph.name(*b)));
    let shown: Vec<&str> = chosen.iter().map(|&n| graph.name(n)).collect();
    ComboBox::from_id_salt(("graph node", label.id))
        .selected_text(shown.join(", "))
        .height(ui.available_height().max(300.0))
        .show_ui(ui, |ui| {
            for node in nodes {
                if ui
                    .selectable_label(chosen.contains(&node), graph.name(node))
                    .clicked()
                    && chosen != [node]
                {
                    commands.push(Command::edit(edit(node)));
                }
            }
        })
        .response
        .labelled_by(label.id);
}
