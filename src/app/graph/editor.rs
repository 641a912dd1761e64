//! The graph editor in the problem pane: a teacher draws a graph of their own. Click empty
//! space to add a node, drag a node to move it, click two nodes to join them and type the
//! edge's cost; the selected node's name and h, and the selected edge's cost and direction, are
//! fields beside the graph; undo and redo, a blank graph and "h from positions" are buttons.
//! A refused edit keeps what was typed and says why next to its field. What the editor
//! remembers between frames (tool, selection, the texts being typed) is view state; every
//! change to the graph is a [`GraphEdit`] command.

use super::graph_text;
use egui::{Context, Id, Key, KeyboardShortcut, Modifiers, Pos2, Response, RichText, Ui};

use crate::app::graph::graph_model::{GraphEdit, GraphSettings};
use crate::app::model::command::Command;
use crate::app::widgets::{error_frame, error_label, word};
use crate::domains::graph::{EdgeId, EdgeKind, Graph, NodeId, cost_text};
use graph_text::{self as words, g};

use super::graph_view::{Drawn, Fit, palette};

/// What a click on the graph does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Picks a node or an edge to change; drags nodes.
    #[default]
    Select,
    /// Adds a node where empty space is clicked.
    Node,
    /// Joins the two nodes clicked one after the other.
    Edge,
}

/// The node or edge whose fields are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picked {
    Node(NodeId),
    Edge(EdgeId),
}

/// An edge whose two nodes are chosen and whose cost is being typed.
#[derive(Clone, Debug)]
struct NewEdge {
    from: NodeId,
    to: NodeId,
    one_way: bool,
}

/// A text field of the editor: while it is being typed in, or its text was refused, it keeps
/// its own text; otherwise it shows the graph's.
#[derive(Clone, Debug, Default)]
struct Field {
    text: String,
    error: Option<String>,
    editing: bool,
}

impl Field {
    /// Shows the field; returns its text when the user is done with it (Enter, or a click
    /// elsewhere) and it differs from `current`.
    fn show(
        &mut self,
        ui: &mut Ui,
        label: Id,
        current: &str,
        width: f32,
        id: &str,
    ) -> Option<String> {
        if !self.editing && self.error.is_none() {
            current.clone_into(&mut self.text);
        }
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut self.text)
                    .id_salt(("graph editor field", id))
                    .desired_width(width),
            )
            .labelled_by(label);
        if response.has_focus() {
            self.editing = true;
        }
        if self.error.is_some() {
            error_frame(ui, response.rect);
        }
        if response.lost_focus() {
            self.editing = false;
            if self.text != current {
                return Some(self.text.clone());
            }
            self.error = None;
        }
        None
    }

    /// Forgets what was typed: the field shows the graph again.
    fn reset(&mut self) {
        *self = Field::default();
    }
}

/// What the editor remembers between frames.
#[derive(Clone, Debug)]
pub struct Editor {
    /// Whether the graph is being edited (else clicks on it do nothing).
    pub on: bool,
    pub tool: Tool,
    pub picked: Option<Picked>,
    /// The first node of an edge being drawn.
    pub from: Option<NodeId>,
    new_edge: Option<NewEdge>,
    /// The node being dragged and where on screen it is now.
    dragging: Option<(NodeId, Pos2)>,
    name: Field,
    h: Field,
    cost: Field,
    /// Why the latest button's edit was refused.
    action_error: Option<String>,
    /// The scale of "h from positions".
    scale: f64,
    /// The selection the fields were filled for: another one empties them.
    filled_for: Option<Picked>,
    /// Where the graph was drawn in the latest frame.
    pub drawn: Option<Drawn>,
}

impl Default for Editor {
    fn default() -> Editor {
        Editor {
            on: false,
            tool: Tool::default(),
            picked: None,
            from: None,
            new_edge: None,
            dragging: None,
            name: Field::default(),
            h: Field::default(),
            cost: Field::default(),
            action_error: None,
            scale: 1.0,
            filled_for: None,
            drawn: None,
        }
    }
}

/// Undo and redo from the keyboard while no field is being typed in.
const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
const REDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);

impl Editor {
    fn id() -> Id {
        Id::unique("graph editor")
    }

    /// The editor as the last frame left it.
    pub fn load(ctx: &Context) -> Editor {
        ctx.data(|d| d.get_temp(Editor::id())).unwrap_or_default()
    }

    pub fn store(self, ctx: &Context) {
        ctx.data_mut(|d| d.insert_temp(Editor::id(), self));
    }

    /// Turns editing on or off; off forgets the selection and what was being typed.
    pub fn toggle(ctx: &Context) {
        let mut editor = Editor::load(ctx);
        editor.on = !editor.on;
        if !editor.on {
            editor.clear();
        }
        editor.store(ctx);
    }

    /// Forgets the selection, the edge being drawn and the texts.
    fn clear(&mut self) {
        self.picked = None;
        self.from = None;
        self.new_edge = None;
        self.dragging = None;
        self.filled_for = None;
        self.forget_texts();
    }

    /// Forgets what was typed and refused: the fields show the graph again.
    fn forget_texts(&mut self) {
        for field in [&mut self.name, &mut self.h, &mut self.cost] {
            field.reset();
        }
        self.action_error = None;
    }

    /// Drops what no longer exists in `graph` (after a delete, an undo or another preset).
    pub fn keep_valid(&mut self, graph: &Graph) {
        let node_ok = |n: NodeId| graph.contains(n);
        let still = match self.picked {
            Some(Picked::Node(n)) => node_ok(n),
            Some(Picked::Edge(e)) => e.index() < graph.edge_count(),
            None => true,
        };
        if !still {
            self.picked = None;
        }
        if self.from.is_some_and(|n| !node_ok(n)) {
            self.from = None;
        }
        if let Some(edge) = &self.new_edge
            && !(node_ok(edge.from) && node_ok(edge.to))
        {
            self.new_edge = None;
        }
        if self.dragging.is_some_and(|(n, _)| !node_ok(n)) {
            self.dragging = None;
        }
        let selection = self.new_edge.as_ref().map_or(self.picked, |_| None);
        if selection != self.filled_for {
            self.filled_for = selection;
            self.forget_texts();
        }
    }

    /// Sends `edit` when the model would take it ([`GraphSettings::check`]), else returns the
    /// reason for the field or button that asked.
    fn send(
        settings: &GraphSettings,
        edit: GraphEdit,
        commands: &mut Vec<Command>,
    ) -> Option<String> {
        match settings.check(&edit) {
            Ok(()) => {
                commands.push(Command::edit(edit));
                None
            }
            Err(error) => Some(crate::i18n::graph_edit_error(&error)),
        }
    }

    /// The tools, undo and redo, a blank graph and "h from positions".
    pub fn toolbar(&mut self, ui: &mut Ui, settings: &GraphSettings, commands: &mut Vec<Command>) {
        let t = g();
        ui.horizontal_wrapped(|ui| {
            for (tool, title) in [
                (Tool::Select, t.tool_select),
                (Tool::Node, t.tool_node),
                (Tool::Edge, t.tool_edge),
            ] {
                let button = egui::Button::new(title).selected(self.tool == tool);
                if ui.add(button).clicked() && self.tool != tool {
                    self.tool = tool;
                    self.from = None;
                    self.new_edge = None;
                }
            }
            ui.separator();
            let (can_undo, can_redo) = settings.can_undo();
            let keys_free = !ui.ctx().egui_wants_keyboard_input();
            let undo_key = keys_free && ui.input_mut(|i| i.consume_shortcut(&UNDO));
            let redo_key = keys_free && ui.input_mut(|i| i.consume_shortcut(&REDO));
            let undo = ui
                .add_enabled(can_undo, egui::Button::new(t.undo))
                .on_hover_text(ui.ctx().format_shortcut(&UNDO));
            if (undo.clicked() || undo_key) && can_undo {
                commands.push(Command::edit(GraphEdit::Undo));
            }
            let redo = ui
                .add_enabled(can_redo, egui::Button::new(t.redo))
                .on_hover_text(ui.ctx().format_shortcut(&REDO));
            if (redo.clicked() || redo_key) && can_redo {
                commands.push(Command::edit(GraphEdit::Redo));
            }
            ui.separator();
            if ui.button(t.blank).on_hover_text(t.blank_hint).clicked() {
                self.clear();
                commands.push(Command::edit(GraphEdit::Blank));
            }
            ui.separator();
            let button = ui
                .button(t.h_from_positions)
                .on_hover_text(t.h_from_positions_hint);
            let label = word(ui, t.scale);
            ui.add(
                egui::DragValue::new(&mut self.scale)
                    .range(0.0..=1_000_000.0)
                    .speed(0.01)
                    .max_decimals(4),
            )
            .labelled_by(label.id);
            if button.clicked() {
                self.action_error =
                    Editor::send(settings, GraphEdit::HFromPositions(self.scale), commands);
            }
        });
    }

    /// The fields of the selection, the edge being drawn, or what to click next.
    pub fn properties(
        &mut self,
        ui: &mut Ui,
        settings: &GraphSettings,
        commands: &mut Vec<Command>,
    ) {
        let graph = &settings.graph;
        let t = g();
        let body = ui.style().text_styles[&egui::TextStyle::Body].size;
        ui.horizontal_wrapped(|ui| {
            if let Some(edge) = self.new_edge.clone() {
                let title = words::new_edge_title(graph.name(edge.from), graph.name(edge.to));
                word(ui, RichText::new(title).strong());
                let label = word(ui, t.edge_cost);
                let before = self.cost.editing;
                let id = ui.make_persistent_id(("graph editor field", "new cost"));
                let response = ui.add(
                    egui::TextEdit::singleline(&mut self.cost.text)
                        .id(id)
                        .desired_width(body * 5.0),
                );
                let response = response.labelled_by(label.id);
                if !before {
                    response.request_focus();
                    self.cost.editing = true;
                }
                if self.cost.error.is_some() {
                    error_frame(ui, response.rect);
                }
                let entered = response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
                let mut one_way = edge.one_way;
                if ui.checkbox(&mut one_way, t.one_way).changed()
                    && let Some(e) = &mut self.new_edge
                {
                    e.one_way = one_way;
                }
                let add = ui.button(t.add_edge).clicked();
                let cancel = ui.button(t.cancel).clicked();
                if add || entered {
                    let edit = GraphEdit::AddEdge {
                        from: edge.from,
                        to: edge.to,
                        cost: self.cost.text.clone(),
                        kind: EdgeKind::one_way(one_way),
                    };
                    match Editor::send(settings, edit, commands) {
                        None => {
                            self.new_edge = None;
                            self.cost.reset();
                        }
                        Some(error) => {
                            // The field takes the keys again, its text kept for mending.
                            self.cost.error = Some(error);
                            self.cost.editing = false;
                        }
                    }
                } else if cancel {
                    self.new_edge = None;
                    self.cost.reset();
                }
                if let Some(error) = &self.cost.error {
                    error_label(ui, error);
                }
                return;
            }
            match self.picked {
                Some(Picked::Node(node)) => self.node_fields(ui, settings, node, commands),
                Some(Picked::Edge(edge)) => self.edge_fields(ui, settings, edge, commands),
                None => {
                    let hint = match (self.tool, self.from) {
                        (Tool::Edge, Some(from)) => words::hint_edge_to(graph.name(from)),
                        (Tool::Edge, None) => t.hint_edge.to_owned(),
                        (Tool::Node, _) => t.hint_node.to_owned(),
                        (Tool::Select, _) => t.hint_select.to_owned(),
                    };
                    ui.label(RichText::new(hint).color(ui.visuals().weak_text_color()));
                }
            }
            if let Some(error) = &self.action_error {
                error_label(ui, error);
            }
        });
    }

    /// A node's name, h, start, goal and delete.
    fn node_fields(
        &mut self,
        ui: &mut Ui,
        settings: &GraphSettings,
        node: NodeId,
        commands: &mut Vec<Command>,
    ) {
        let graph = &settings.graph;
        let t = g();
        let body = ui.style().text_styles[&egui::TextStyle::Body].size;
        let label = word(ui, RichText::new(t.node_name).strong()).id;
        if let Some(name) = self
            .name
            .show(ui, label, graph.name(node), body * 7.0, "name")
        {
            self.name.error = Editor::send(settings, GraphEdit::Rename(node, name), commands);
        }
        if let Some(error) = &self.name.error {
            error_label(ui, error);
        }
        let label = word(ui, RichText::new(t.node_h).strong()).id;
        let h = graph.h_value(node).map(cost_text).unwrap_or_default();
        if let Some(text) = self.h.show(ui, label, &h, body * 4.0, "h") {
            self.h.error = Editor::send(settings, GraphEdit::SetH(node, text), commands);
        }
        if let Some(error) = &self.h.error {
            error_label(ui, error);
        }
        let is_start = graph.start() == node;
        if ui
            .add_enabled(!is_start, egui::Button::new(t.make_start))
            .clicked()
        {
            self.action_error = Editor::send(settings, GraphEdit::SetStart(node), commands);
        }
        let mut goal = graph.is_goal(node);
        if ui.checkbox(&mut goal, t.goal_box).changed() {
            self.action_error = Editor::send(settings, GraphEdit::ToggleGoal(node), commands);
        }
        if ui.button(t.delete).clicked() {
            self.delete(settings, commands);
        }
    }

    /// An edge's cost, direction and delete.
    fn edge_fields(
        &mut self,
        ui: &mut Ui,
        settings: &GraphSettings,
        edge_id: EdgeId,
        commands: &mut Vec<Command>,
    ) {
        let graph = &settings.graph;
        let t = g();
        let body = ui.style().text_styles[&egui::TextStyle::Body].size;
        let edge = graph.edge(edge_id);
        let one_way = edge.kind == EdgeKind::Directed;
        let title = words::edge_title(graph.name(edge.from), graph.name(edge.to), one_way);
        word(ui, RichText::new(title).strong());
        let label = word(ui, t.edge_cost).id;
        let cost = cost_text(edge.cost);
        if let Some(text) = self.cost.show(ui, label, &cost, body * 5.0, "cost") {
            self.cost.error =
                Editor::send(settings, GraphEdit::SetEdgeCost(edge_id, text), commands);
        }
        if let Some(error) = &self.cost.error {
            error_label(ui, error);
        }
        let mut directed = one_way;
        if ui.checkbox(&mut directed, t.one_way).changed() {
            let kind = EdgeKind::one_way(directed);
            self.action_error =
                Editor::send(settings, GraphEdit::SetEdgeKind(edge_id, kind), commands);
        }
        if one_way && ui.button(t.reverse).clicked() {
            self.action_error = Editor::send(settings, GraphEdit::ReverseEdge(edge_id), commands);
        }
        if ui.button(t.delete).clicked() {
            self.delete(settings, commands);
        }
    }

    /// Deletes the selection; a refusal (the start, the last goal) is said beside the buttons.
    fn delete(&mut self, settings: &GraphSettings, commands: &mut Vec<Command>) {
        let edit = match self.picked {
            Some(Picked::Node(node)) => GraphEdit::DeleteNode(node),
            Some(Picked::Edge(edge)) => GraphEdit::DeleteEdge(edge),
            None => return,
        };
        self.action_error = Editor::send(settings, edit, commands);
        if self.action_error.is_none() {
            self.picked = None;
        }
    }

    /// The graph as it is drawn while a node is dragged: a copy with the node where the
    /// pointer is, for `fit`.
    pub fn dragged_graph(&self, graph: &Graph, fit: &Fit) -> Option<Graph> {
        let (node, at) = self.dragging?;
        let mut moved = graph.clone();
        moved.move_node(node, fit.position(at)).ok()?;
        Some(moved)
    }

    /// What the pointer did on the graph: picks, adds, joins and drags; Delete and Escape.
    pub fn canvas(
        &mut self,
        ui: &Ui,
        response: &Response,
        settings: &GraphSettings,
        drawn: &Drawn,
        commands: &mut Vec<Command>,
    ) {
        let graph = &settings.graph;
        self.drawn = Some(*drawn);
        if response.drag_started()
            && self.tool != Tool::Edge
            && let Some(origin) = ui.input(|i| i.pointer.press_origin())
            && let Some(node) = node_at(graph, drawn, origin)
        {
            self.dragging = Some((node, origin));
            self.picked = Some(Picked::Node(node));
        }
        if let Some((node, _)) = self.dragging {
            if let Some(at) = response.interact_pointer_pos() {
                self.dragging = Some((node, at));
            }
            if response.drag_stopped()
                && let Some((node, at)) = self.dragging.take()
            {
                let to = drawn.fit.position(at);
                if to != graph.position(node) {
                    self.action_error =
                        Editor::send(settings, GraphEdit::MoveNode(node, to), commands);
                }
            }
        }
        if response.clicked()
            && let Some(at) = response.interact_pointer_pos()
        {
            self.click(graph, drawn, at, settings, commands);
        }
        let keys_free = !ui.ctx().egui_wants_keyboard_input();
        if keys_free && (response.hovered() || self.picked.is_some()) {
            if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Delete)) {
                self.delete(settings, commands);
            }
            if ui.input(|i| i.key_pressed(Key::Escape)) {
                self.from = None;
                self.new_edge = None;
                self.picked = None;
            }
        }
    }

    /// A click at `at` with the current tool.
    fn click(
        &mut self,
        graph: &Graph,
        drawn: &Drawn,
        at: Pos2,
        settings: &GraphSettings,
        commands: &mut Vec<Command>,
    ) {
        self.action_error = None;
        let node = node_at(graph, drawn, at);
        let edge = || edge_at(graph, drawn, at);
        match (self.tool, node) {
            (Tool::Edge, Some(node)) => match self.from {
                Some(from) if from != node => {
                    self.new_edge = Some(NewEdge {
                        from,
                        to: node,
                        one_way: false,
                    });
                    self.from = None;
                    self.cost.reset();
                }
                _ => {
                    self.from = Some(node);
                    self.new_edge = None;
                }
            },
            (_, Some(node)) => self.picked = Some(Picked::Node(node)),
            (tool, None) => {
                if let Some(edge) = edge() {
                    self.picked = Some(Picked::Edge(edge));
                    self.from = None;
                } else if tool == Tool::Node {
                    let position = drawn.fit.position(at);
                    self.action_error =
                        Editor::send(settings, GraphEdit::AddNode(position), commands);
                    if self.action_error.is_none() {
                        // The new node comes last: its fields open at once for its name.
                        self.picked = Some(Picked::Node(NodeId(graph.node_count() as u32)));
                    }
                } else {
                    self.picked = None;
                    self.from = None;
                }
            }
        }
    }

    /// Rings round the selected node and the first node of an edge being drawn, and the
    /// selected edge drawn over.
    pub fn paint_picks(&self, ui: &Ui, graph: &Graph, drawn: &Drawn) {
        let painter = ui.painter();
        let select = ui.visuals().selection.stroke.color;
        let ring = |node: NodeId, color| {
            let at = drawn.fit.at(graph, node);
            painter.circle_stroke(at, drawn.radius + 4.0, egui::Stroke::new(3.0, color));
        };
        match self.picked {
            Some(Picked::Node(node)) if graph.contains(node) => ring(node, select),
            Some(Picked::Edge(edge)) if edge.index() < graph.edge_count() => {
                let e = graph.edge(edge);
                let (a, b) = (drawn.fit.at(graph, e.from), drawn.fit.at(graph, e.to));
                painter.line_segment([a, b], egui::Stroke::new(3.0, select.gamma_multiply(0.7)));
            }
            _ => {}
        }
        for node in [self.from, self.new_edge.as_ref().map(|e| e.from)]
            .into_iter()
            .flatten()
            .filter(|&n| graph.contains(n))
        {
            ring(node, palette::CURRENT);
        }
        if let Some(edge) = &self.new_edge
            && graph.contains(edge.to)
        {
            let (a, b) = (drawn.fit.at(graph, edge.from), drawn.fit.at(graph, edge.to));
            painter.line_segment([a, b], egui::Stroke::new(2.0, palette::CURRENT));
            ring(edge.to, palette::CURRENT);
        }
    }
}

/// The node drawn under `at`, if any (the nearest, within a little more than its circle).
pub fn node_at(graph: &Graph, drawn: &Drawn, at: Pos2) -> Option<NodeId> {
    let reach = (drawn.radius * 1.4).max(12.0);
    graph
        .node_ids()
        .map(|n| (n, drawn.fit.at(graph, n).distance(at)))
        .filter(|&(_, d)| d <= reach)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(n, _)| n)
}

/// The edge drawn under `at`, if any: the nearest line within a few points.
pub fn edge_at(graph: &Graph, drawn: &Drawn, at: Pos2) -> Option<EdgeId> {
    let reach = (drawn.radius * 0.6).max(8.0);
    graph
        .edge_ids()
        .map(|id| {
            let e = graph.edge(id);
            let (a, b) = (drawn.fit.at(graph, e.from), drawn.fit.at(graph, e.to));
            (id, segment_distance(at, a, b))
        })
        .filter(|&(_, d)| d <= reach)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(id, _)| id)
}

/// The distance from `p` to the segment from `a` to `b`.
fn segment_distance(p: Pos2, a: Pos2, b: Pos2) -> f32 {
    let ab = b - a;
    let along = if ab.length_sq() > 0.0 {
        ((p - a).dot(ab) / ab.length_sq()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * along)
}

/// An edit such as a teacher could make in the editor, good or bad: nodes added anywhere (far
/// off too), moved, renamed to names taken or empty, h and costs typed right and wrong, edges
/// between any two nodes (the same one too), goals toggled, deletions, undo and redo, presets.
#[cfg(test)]
pub fn random_graph_edit(rng: &mut crate::rng::Rng, settings: &GraphSettings) -> GraphEdit {
    use crate::domains::graph::{GraphPreset, Position, SuccessorOrder};
    let graph = &settings.graph;
    // A node or an edge by index, a few past the last as a stale selection gives.
    let node = |rng: &mut crate::rng::Rng| NodeId(rng.below(graph.node_count() + 2) as u32);
    let edge = |rng: &mut crate::rng::Rng| EdgeId(rng.below(graph.edge_count() + 2) as u32);
    let texts = ["", " ", "-3", "x", "9.9", "140", "0", "1e3", "99999999999"];
    let text = |rng: &mut crate::rng::Rng| texts[rng.below(texts.len())].to_owned();
    let place = |rng: &mut crate::rng::Rng| {
        let far = [0.0, 600.0, -50.0, 2e6, f64::NAN];
        Position::new(far[rng.below(far.len())], far[rng.below(far.len())])
    };
    match rng.below(16) {
        0 | 1 => GraphEdit::AddNode(place(rng)),
        2 => GraphEdit::MoveNode(node(rng), place(rng)),
        3 => GraphEdit::Rename(node(rng), ["A", "", "Arad", "New"][rng.below(4)].to_owned()),
        4 => GraphEdit::SetH(node(rng), text(rng)),
        5 | 6 => GraphEdit::AddEdge {
            from: node(rng),
            to: node(rng),
            cost: text(rng),
            kind: [EdgeKind::Undirected, EdgeKind::Directed][rng.below(2)],
        },
        7 => GraphEdit::SetEdgeCost(edge(rng), text(rng)),
        8 => GraphEdit::ReverseEdge(edge(rng)),
        9 => GraphEdit::DeleteNode(node(rng)),
        10 => GraphEdit::DeleteEdge(edge(rng)),
        11 => GraphEdit::ToggleGoal(node(rng)),
        12 => GraphEdit::SetStart(node(rng)),
        13 => [GraphEdit::Undo, GraphEdit::Redo, GraphEdit::Blank][rng.below(3)].clone(),
        14 => GraphEdit::HFromPositions([0.0, 1.0, 0.5, -1.0, f64::NAN][rng.below(5)]),
        _ => match rng.below(2) {
            0 => GraphEdit::Preset(GraphPreset::ALL[rng.below(GraphPreset::ALL.len())]),
            _ => {
                GraphEdit::SetOrder([SuccessorOrder::ByName, SuccessorOrder::AsDrawn][rng.below(2)])
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use egui::{Event, Key, Pos2};
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    use super::super::graph_text::g;
    use super::Editor;
    use crate::app::model::domain::DomainKind;
    use crate::app::model::files::SessionFile;
    use crate::app::{App, Settings, test_harness};
    use crate::domains::graph::NodeId;
    use crate::search::{Algorithm, SearchProblem, Status};

    fn click(h: &mut Harness<'static, App>, pos: Pos2) {
        crate::app::press_at(h, pos);
        h.run();
    }

    /// A point of the graph's pane, as fractions of its width and height.
    fn in_pane(h: &Harness<'static, App>, x: f32, y: f32) -> Pos2 {
        let rect = h.get_by_label(g().graph_area).rect();
        rect.min + rect.size() * egui::vec2(x, y)
    }

    /// Where a node is drawn now.
    fn node_on_screen(h: &Harness<'static, App>, name: &str) -> Pos2 {
        let graph = &h.state().session.settings.graph.graph;
        let drawn = Editor::load(&h.ctx).drawn.expect("the graph was drawn");
        drawn.fit.at(graph, graph.find(name).expect(name))
    }

    /// The window on Romania with the editor switched on.
    fn editing_romania() -> Harness<'static, App> {
        let mut h = test_harness(Settings {
            domain: DomainKind::Graph,
            ..Settings::default()
        });
        h.run();
        h.get_by_label(g().edit_graph).click();
        h.run();
        h
    }

    fn type_text(h: &mut Harness<'static, App>, text: &str) {
        h.input_mut().events.push(Event::Text(text.to_owned()));
        h.run();
    }

    fn graph(h: &Harness<'static, App>) -> crate::domains::graph::Graph {
        h.state().session.settings.graph.graph.clone()
    }

    /// The exam-sheet lesson: a teacher starts from a blank graph, clicks five nodes and four
    /// roads into it, mends a negative cost the editor refused (the text kept, the reason
    /// beside it), names the goal, and saves; the student's window opens the same graph and
    /// A* finds its cheapest road.
    #[test]
    fn a_teacher_draws_a_graph_and_a_student_opens_it() {
        let mut h = editing_romania();
        h.get_by_label(g().blank).click();
        h.run();
        assert_eq!(graph(&h).node_count(), 1);
        h.get_by_label(g().tool_node).click();
        h.run();
        for (x, y) in [(0.15, 0.15), (0.85, 0.15), (0.15, 0.85), (0.5, 0.5)] {
            let before = graph(&h).node_count();
            let at = in_pane(&h, x, y);
            click(&mut h, at);
            assert_eq!(graph(&h).node_count(), before + 1, "a node at ({x}, {y})");
        }
        let names: Vec<String> = graph(&h)
            .node_ids()
            .map(|n| graph(&h).name(n).to_owned())
            .collect();
        assert_eq!(names, ["S", "A", "B", "C", "D"]);

        h.get_by_label(g().tool_edge).click();
        h.run();
        let drawn = graph(&h);
        for (from, to, cost) in [
            ("S", "A", "1"),
            ("A", "B", "2"),
            ("S", "C", "4"),
            ("C", "D", "1"),
        ] {
            let (a, b) = (node_on_screen(&h, from), node_on_screen(&h, to));
            click(&mut h, a);
            click(&mut h, b);
            if from == "S" && to == "A" {
                // A cost below zero is refused: the graph stays, the text stays to be mended.
                type_text(&mut h, "-3");
                h.key_press(Key::Enter);
                h.run();
                assert_eq!(graph(&h), drawn);
                assert_eq!(Editor::load(&h.ctx).cost.text, "-3");
                assert!(h.query_by_label_contains("negative").is_some());
                for _ in 0..2 {
                    h.key_press(Key::Backspace);
                    h.run();
                }
            }
            type_text(&mut h, cost);
            h.key_press(Key::Enter);
            h.run();
            let g = graph(&h);
            let edge = g.find_edge(g.find(from).unwrap(), g.find(to).unwrap());
            assert!(edge.is_some(), "the edge {from} – {to}");
        }
        assert_eq!(graph(&h).edge_count(), 4);

        // D becomes the goal "Sg", the start stops being one.
        h.get_by_label(g().tool_select).click();
        h.run();
        let d = node_on_screen(&h, "D");
        click(&mut h, d);
        h.get_by_label(g().node_name).click();
        h.run();
        h.key_press(Key::Backspace);
        h.run();
        type_text(&mut h, "Sg");
        h.key_press(Key::Enter);
        h.run();
        h.get_by_label(g().goal_box).click();
        h.run();
        let s = node_on_screen(&h, "S");
        click(&mut h, s);
        h.get_by_label(g().goal_box).click();
        h.run();
        let drawn = graph(&h);
        assert_eq!(drawn.goals(), [drawn.find("Sg").unwrap()]);
        assert_eq!(drawn.start(), NodeId(0));

        // Saved and opened in another window: the same graph, and A* pays 5 by C.
        let json = SessionFile::of(&h.state().session).to_json();
        let settings = SessionFile::parse(&json)
            .unwrap()
            .apply_to(&Settings::default());
        let mut student = test_harness(settings);
        student.run();
        assert_eq!(student.state().session.settings.graph.graph, drawn);
        student.get_by_label("Run to end End").click();
        while student.state().session.lanes.iter().any(|l| l.is_running()) {
            student.run();
        }
        let lane = student.state().session.main_lane().unwrap();
        assert_eq!(lane.config().algorithm, Algorithm::AStar);
        let search = lane.search();
        let Status::Solved { goal } = search.status() else {
            panic!("A* did not solve the drawn graph");
        };
        let path: Vec<String> = search
            .solution()
            .unwrap()
            .into_iter()
            .map(|id| search.problem().describe(&search.node(id).state))
            .collect();
        assert_eq!(path, ["S", "C", "Sg"]);
        assert_eq!(search.node(goal).g.to_string(), "5");
    }

    /// Undo takes back the drawing step by step, to the preset the teacher began from.
    #[test]
    fn undo_brings_the_preset_back() {
        let mut h = editing_romania();
        let romania = graph(&h);
        h.get_by_label(g().blank).click();
        h.run();
        h.get_by_label(g().tool_node).click();
        h.run();
        let at = in_pane(&h, 0.2, 0.2);
        click(&mut h, at);
        assert_eq!(graph(&h).node_count(), 2);
        h.get_by_label(g().undo).click();
        h.run();
        assert_eq!(graph(&h).node_count(), 1);
        h.get_by_label(g().undo).click();
        h.run();
        assert_eq!(graph(&h), romania);
        h.get_by_label(g().redo).click();
        h.run();
        assert_eq!(graph(&h).node_count(), 1);
    }

    /// A node dragged lands where it was dropped, in one edit that undo takes back.
    #[test]
    fn a_drag_moves_a_node() {
        let mut h = editing_romania();
        let before = graph(&h);
        let (a, b) = (node_on_screen(&h, "Arad"), in_pane(&h, 0.5, 0.5));
        for (step, at) in [(0, a), (1, a), (2, b), (3, b)] {
            match step {
                0 | 2 => h.hover_at(at),
                1 => h.drag_at(at),
                _ => h.drop_at(at),
            }
            h.run();
        }
        let moved = graph(&h);
        let arad = moved.find("Arad").unwrap();
        assert_ne!(moved.position(arad), before.position(arad));
        assert!(node_on_screen(&h, "Arad").distance(b) < 2.0);
        assert_eq!(moved.edge_count(), before.edge_count());
        h.get_by_label(g().undo).click();
        h.run();
        assert_eq!(graph(&h), before);
    }

    /// The editor's tools and fields hold beside the graph from 1024x768 to 1920x1080 at zoom
    /// 2, a node selected and an edge being drawn: nothing overlaps, nothing is off screen.
    #[test]
    fn the_editor_holds_at_classroom_sizes() {
        use crate::app::layout_tests::{SIZES, harness, problems};
        use crate::domains::graph::NodeId;
        let mut found = Vec::new();
        for (w, h_, zoom) in SIZES {
            let points = egui::vec2(w, h_) / zoom;
            let mut h = harness(
                Settings {
                    domain: DomainKind::Graph,
                    ..Settings::default()
                },
                points,
            );
            h.run_steps(3);
            for pending in [false, true] {
                let mut editor = Editor::load(&h.ctx);
                editor.on = true;
                if pending {
                    editor.tool = super::Tool::Edge;
                    editor.new_edge = Some(super::NewEdge {
                        from: NodeId(0),
                        to: NodeId(1),
                        one_way: false,
                    });
                } else {
                    editor.picked = Some(super::Picked::Node(NodeId(2)));
                }
                editor.store(&h.ctx);
                h.run_steps(3);
                let window = egui::Rect::from_min_size(egui::Pos2::ZERO, points).expand(0.5);
                found.extend(
                    problems(&h, window)
                        .into_iter()
                        .map(|p| format!("{w}x{h_} zoom {zoom}, edge drawn {pending}: {p}")),
                );
            }
        }
        assert!(found.is_empty(), "{}", found.join("\n"));
    }
}
