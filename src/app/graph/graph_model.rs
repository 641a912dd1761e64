//! What the window remembers of a route graph problem, and the edits a teacher makes to it from
//! the setup rows and the graph editor, with their undo and redo. Model only, no drawing; the
//! graph view emits [`GraphEdit`]s and the session applies them here.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::app::model::domain::{AnyHeuristic, AnyProblem, AnyState};
use crate::app::model::section::{DomainHeuristic, Searches, SetupError, StateError};

use crate::domains::graph::{
    EdgeId, EdgeKind, Graph, GraphEditError, GraphFormat, GraphHeuristic, GraphPreset, NodeId,
    Position, SuccessorOrder, parse_cost,
};
use crate::search::{Algorithm, SearchConfig};

/// The route graph of the window, remembered between runs and saved in session files.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct GraphSettings {
    /// The graph with its start, goals, h table and successor order (saved in the graph's
    /// serde form, searchlab's graph text).
    pub graph: Graph,
    /// The single view's search.
    pub config: SearchConfig<GraphHeuristic>,
    /// The compare view's lanes.
    pub lanes: Vec<SearchConfig<GraphHeuristic>>,
    /// The preset last chosen: the setup rows show its note while the graph is its own.
    pub preset: GraphPreset,
    /// The compare view draws every lane over one graph instead of a card each.
    pub overlay: bool,
    /// The graphs before the latest edits, and those undone since: kept while the window is
    /// open, never saved.
    #[serde(skip)]
    history: History,
}

/// How many edits can be undone.
const UNDO_DEPTH: usize = 200;

/// The graphs an undo and a redo bring back, with the preset each was shown under.
#[derive(Clone, Debug, Default)]
struct History {
    undo: Vec<(Graph, GraphPreset)>,
    redo: Vec<(Graph, GraphPreset)>,
}

/// Two settings are the same when they hold the same graph and searches; what could be undone
/// is not part of them.
impl PartialEq for GraphSettings {
    fn eq(&self, other: &GraphSettings) -> bool {
        self.graph == other.graph
            && self.config == other.config
            && self.lanes == other.lanes
            && self.preset == other.preset
            && self.overlay == other.overlay
    }
}

/// The lanes a teacher starts with on a graph: the textbook's four on Romania, so BFS's and
/// greedy's 450 stand beside uniform-cost's and A*'s 418.
pub fn default_graph_lanes() -> Vec<SearchConfig<GraphHeuristic>> {
    vec![
        SearchConfig::with(Algorithm::BreadthFirst, GraphHeuristic::Table),
        SearchConfig::with(Algorithm::UniformCost, GraphHeuristic::Table),
        SearchConfig::with(Algorithm::Greedy, GraphHeuristic::Table),
        SearchConfig::with(Algorithm::AStar, GraphHeuristic::Table),
    ]
}

impl Default for GraphSettings {
    fn default() -> GraphSettings {
        let preset = GraphPreset::Romania;
        GraphSettings {
            graph: preset.build(),
            config: SearchConfig::with(Algorithm::AStar, GraphHeuristic::Table),
            lanes: default_graph_lanes(),
            preset,
            overlay: false,
            history: History::default(),
        }
    }
}

/// One change to the graph. Numbers and names come as the user typed them: the model reads
/// them, so a refusal says what was wrong with the text and changes nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum GraphEdit {
    /// The preset's graph in place of the one on screen.
    Preset(GraphPreset),
    /// A graph of one node, the start and the goal, to draw a graph of one's own from.
    Blank,
    /// A graph read from a file, in place of the one on screen.
    Replace(Box<Graph>),
    SetStart(NodeId),
    /// The one goal (the others stop being goals).
    SetGoal(NodeId),
    /// A goal more, or one fewer (never the last).
    ToggleGoal(NodeId),
    SetOrder(SuccessorOrder),
    /// A node at a drawing position, named by the first free letter.
    AddNode(Position),
    MoveNode(NodeId, Position),
    Rename(NodeId, String),
    /// A node's entry in the h table; empty text removes it (the table then reads 0).
    SetH(NodeId, String),
    AddEdge {
        from: NodeId,
        to: NodeId,
        cost: String,
        kind: EdgeKind,
    },
    SetEdgeCost(EdgeId, String),
    SetEdgeKind(EdgeId, EdgeKind),
    ReverseEdge(EdgeId),
    DeleteNode(NodeId),
    DeleteEdge(EdgeId),
    /// The whole h table from the straight-line distances to the nearest goal, times the
    /// scale.
    HFromPositions(f64),
    Undo,
    Redo,
    /// One graph with every lane drawn over it in the compare view, or a card each.
    SetOverlay(bool),
}

impl GraphSettings {
    /// Applies an edit. Returns whether the problem changed (so the searches must start
    /// again); a refused edit changes nothing. An edit that changes the graph can be undone.
    pub fn apply(&mut self, edit: GraphEdit) -> Result<bool, GraphEditError> {
        match edit {
            GraphEdit::SetOverlay(on) => {
                // How the lanes are drawn, not the problem: the searches go on.
                self.overlay = on;
                Ok(false)
            }
            GraphEdit::Undo => Ok(self.step_history(true)),
            GraphEdit::Redo => Ok(self.step_history(false)),
            GraphEdit::SetOrder(order) => {
                // The order decides ties, not the graph drawn: no undo step of its own.
                let changed = self.graph.order() != order;
                self.graph.set_order(order);
                Ok(changed)
            }
            edit => {
                let mut graph = self.graph.clone();
                let preset = apply_to(&mut graph, edit)?.unwrap_or(self.preset);
                if graph == self.graph && preset == self.preset {
                    return Ok(false);
                }
                let before = std::mem::replace(&mut self.graph, graph);
                let shown = std::mem::replace(&mut self.preset, preset);
                self.history.undo.push((before, shown));
                if self.history.undo.len() > UNDO_DEPTH {
                    self.history.undo.remove(0);
                }
                self.history.redo.clear();
                Ok(true)
            }
        }
    }

    /// Whether the model would take `edit`, judged on a copy of the graph: the editor asks
    /// before it sends, so a refusal is written next to the field that asked.
    pub fn check(&self, edit: &GraphEdit) -> Result<(), GraphEditError> {
        match edit {
            GraphEdit::Undo | GraphEdit::Redo | GraphEdit::SetOverlay(_) => Ok(()),
            edit => apply_to(&mut self.graph.clone(), edit.clone()).map(|_| ()),
        }
    }

    /// Whether an edit can be undone, and whether one can be redone.
    pub fn can_undo(&self) -> (bool, bool) {
        (!self.history.undo.is_empty(), !self.history.redo.is_empty())
    }

    /// Brings back the graph before the latest edit (`back`) or after the latest undo.
    fn step_history(&mut self, back: bool) -> bool {
        let (from, to) = if back {
            (&mut self.history.undo, &mut self.history.redo)
        } else {
            (&mut self.history.redo, &mut self.history.undo)
        };
        let Some((graph, preset)) = from.pop() else {
            return false;
        };
        let now = (
            std::mem::replace(&mut self.graph, graph),
            std::mem::replace(&mut self.preset, preset),
        );
        to.push(now);
        true
    }

    /// Whether the graph is still the preset's own (its note then says what it shows).
    pub fn is_preset(&self) -> bool {
        self.graph == self.preset.build()
    }
}

/// Applies an edit that changes the graph to `graph`; returns the preset to show when the
/// edit chose one.
fn apply_to(graph: &mut Graph, edit: GraphEdit) -> Result<Option<GraphPreset>, GraphEditError> {
    let cost = |text: &str| parse_cost(text).map_err(GraphEditError::Cost);
    match edit {
        GraphEdit::Preset(preset) => {
            *graph = preset.build();
            return Ok(Some(preset));
        }
        GraphEdit::Blank => *graph = Graph::new("S", Position::default())?,
        GraphEdit::Replace(read) => *graph = *read,
        GraphEdit::SetStart(node) => graph.set_start(node)?,
        GraphEdit::SetGoal(node) => graph.set_goals(&[node])?,
        GraphEdit::ToggleGoal(node) => {
            graph.toggle_goal(node)?;
        }
        GraphEdit::AddNode(at) => {
            graph.add_node(at)?;
        }
        GraphEdit::MoveNode(node, at) => graph.move_node(node, at)?,
        GraphEdit::Rename(node, name) => graph.rename(node, &name)?,
        GraphEdit::SetH(node, text) if text.trim().is_empty() => graph.clear_h(node)?,
        GraphEdit::SetH(node, text) => {
            let h = parse_cost(&text).map_err(GraphEditError::H)?;
            graph.set_h(node, h)?;
        }
        GraphEdit::AddEdge {
            from,
            to,
            cost: text,
            kind,
        } => {
            let cost = cost(&text)?;
            graph.add_edge(from, to, cost, kind)?;
        }
        GraphEdit::SetEdgeCost(edge, text) => graph.set_edge_cost(edge, cost(&text)?)?,
        GraphEdit::SetEdgeKind(edge, kind) => graph.set_edge_kind(edge, kind)?,
        GraphEdit::ReverseEdge(edge) => graph.reverse_edge(edge)?,
        GraphEdit::DeleteNode(node) => graph.delete_node(node)?,
        GraphEdit::DeleteEdge(edge) => graph.delete_edge(edge)?,
        GraphEdit::HFromPositions(scale) => graph.set_h_from_positions(scale)?,
        GraphEdit::SetOrder(order) => graph.set_order(order),
        GraphEdit::Undo | GraphEdit::Redo | GraphEdit::SetOverlay(_) => {}
    }
    Ok(None)
}

impl DomainHeuristic for GraphHeuristic {
    fn from_any(any: AnyHeuristic) -> Option<GraphHeuristic> {
        match any {
            AnyHeuristic::Graph(kind) => Some(kind),
            AnyHeuristic::Puzzle(_) | AnyHeuristic::Grid(_) => None,
        }
    }
}

impl Searches for GraphSettings {
    type Heuristic = GraphHeuristic;

    fn config(&self) -> &SearchConfig<GraphHeuristic> {
        &self.config
    }

    fn config_mut(&mut self) -> &mut SearchConfig<GraphHeuristic> {
        &mut self.config
    }

    fn lanes(&self) -> &[SearchConfig<GraphHeuristic>] {
        &self.lanes
    }

    fn lanes_mut(&mut self) -> &mut Vec<SearchConfig<GraphHeuristic>> {
        &mut self.lanes
    }

    fn default_lanes() -> Vec<SearchConfig<GraphHeuristic>> {
        default_graph_lanes()
    }

    fn added_heuristic() -> GraphHeuristic {
        GraphHeuristic::Table
    }

    /// A graph read from a file was checked node by node as it was read; nothing else here
    /// can be out of range.
    fn sanitize_rest(&mut self) -> bool {
        false
    }

    /// The graph, shared by every lane: the one the lanes search now while it is still the
    /// graph of the settings, else a copy of it.
    fn read_problem(&self, last: Option<&AnyProblem>) -> Result<AnyProblem, SetupError> {
        let graph = match last.and_then(AnyProblem::graph) {
            Some(graph) if **graph == self.graph => graph.clone(),
            _ => Arc::new(self.graph.clone()),
        };
        Ok(AnyProblem::Graph(graph))
    }

    /// A node by its name.
    fn parse_state(&self, text: &str) -> Result<AnyState, StateError> {
        self.graph
            .find(text.trim())
            .map(AnyState::Graph)
            .ok_or(StateError::Unknown)
    }

    /// searchlab's graph text or AIspace's XML, by the name's extension, else by the content;
    /// the graph read can be undone like an edit.
    fn read_file(&mut self, name: &str, text: &str) -> Result<(), String> {
        let graph = GraphFormat::detect(name, text)
            .read(text)
            .map_err(|e| crate::i18n::graph_file_error(&e))?;
        self.apply(GraphEdit::Replace(Box::new(graph)))
            .map(|_| ())
            .map_err(|e| crate::i18n::graph_edit_error(&e))
    }

    /// AIspace's XML for a name ending in `.xml`, else searchlab's graph text.
    fn write_file(&self, name: &str) -> String {
        GraphFormat::detect(name, "").write(&self.graph)
    }

    /// Starts drawn from the nodes whose cheapest path to the goal takes d steps.
    fn experiment_depths(&self, problem: &AnyProblem) -> Result<crate::search::DepthRange, String> {
        use crate::app::model::text::experiment_text;
        let Some(graph) = problem.graph() else {
            return Err(experiment_text::e().experiment_no_problem.to_owned());
        };
        crate::domains::graph::experiment::depth_range(graph)
            .map_err(|e| experiment_text::refusal(&e))
    }

    fn run_experiment(
        &self,
        problem: &AnyProblem,
        lanes: &[SearchConfig<GraphHeuristic>],
        plan: &crate::search::ExperimentPlan,
        progress: &(dyn Fn(usize, usize) + Sync),
        cancel: &std::sync::atomic::AtomicBool,
    ) -> Result<crate::search::ExperimentTable<GraphHeuristic>, String> {
        use crate::app::model::text::experiment_text;
        let Some(graph) = problem.graph() else {
            return Err(experiment_text::e().experiment_no_problem.to_owned());
        };
        crate::domains::graph::experiment::run_experiment(graph, lanes, plan, progress, cancel)
            .map_err(|e| experiment_text::refusal(&e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_start_goal_and_order_change_the_graph_and_bad_edits_change_nothing() {
        let mut settings = GraphSettings::default();
        assert!(settings.is_preset());
        let graph = settings.graph.clone();
        let sibiu = graph.find("Sibiu").unwrap();
        assert_eq!(settings.apply(GraphEdit::SetStart(sibiu)), Ok(true));
        assert_eq!(settings.apply(GraphEdit::SetStart(sibiu)), Ok(false));
        assert!(!settings.is_preset());
        let iasi = graph.find("Iasi").unwrap();
        assert_eq!(settings.apply(GraphEdit::SetGoal(iasi)), Ok(true));
        assert_eq!(settings.graph.goals(), [iasi]);
        let before = settings.graph.clone();
        assert!(settings.apply(GraphEdit::SetStart(NodeId(999))).is_err());
        assert_eq!(settings.graph, before);
        assert_eq!(
            settings.apply(GraphEdit::SetOrder(SuccessorOrder::AsDrawn)),
            Ok(true)
        );
        assert_eq!(
            settings.apply(GraphEdit::Preset(GraphPreset::Textbook)),
            Ok(true)
        );
        assert_eq!(settings.preset, GraphPreset::Textbook);
        assert!(settings.is_preset());
        // The graph keeps through its serde form.
        let json = serde_json::to_string(&settings).unwrap();
        let back: GraphSettings = serde_json::from_str(&json).unwrap();
        assert_eq!(back, settings);
    }

    /// A teacher draws a five-node graph from nothing: every refusal keeps the graph as it
    /// was, and undo and redo walk the edits back and forth.
    #[test]
    fn a_graph_drawn_from_nothing_refuses_bad_input_and_undoes() {
        use crate::domains::graph::{GraphIssue, NumberError};
        let mut settings = GraphSettings::default();
        assert_eq!(settings.apply(GraphEdit::Blank), Ok(true));
        assert_eq!(settings.graph.node_count(), 1);
        let s = settings.graph.start();
        for x in 1..=4 {
            let at = Position::new(f64::from(x) * 100.0, 0.0);
            assert_eq!(settings.apply(GraphEdit::AddNode(at)), Ok(true));
        }
        let [a, b, c, d] = ["A", "B", "C", "D"].map(|n| settings.graph.find(n).unwrap());
        let edge = |from, to, cost: &str| GraphEdit::AddEdge {
            from,
            to,
            cost: cost.to_owned(),
            kind: EdgeKind::Undirected,
        };
        let drawn = settings.graph.clone();
        for (bad, error) in [
            ("", GraphEditError::Cost(NumberError::Empty)),
            ("-3", GraphEditError::Cost(NumberError::Negative)),
            ("x", GraphEditError::Cost(NumberError::NotANumber)),
        ] {
            assert_eq!(settings.apply(edge(s, a, bad)), Err(error), "{bad:?}");
            assert_eq!(settings.graph, drawn);
        }
        for (from, to, cost) in [(s, a, "1"), (a, b, "2.5"), (s, c, "4"), (c, d, "1")] {
            assert_eq!(settings.apply(edge(from, to, cost)), Ok(true));
        }
        assert_eq!(
            settings.apply(GraphEdit::Rename(a, "C".into())),
            Err(GraphEditError::DuplicateName("C".into()))
        );
        assert_eq!(
            settings.apply(GraphEdit::Rename(a, "  ".into())),
            Err(GraphEditError::EmptyName)
        );
        assert_eq!(
            settings.apply(GraphEdit::SetH(b, "far".into())),
            Err(GraphEditError::H(NumberError::NotANumber))
        );
        assert_eq!(settings.apply(GraphEdit::Rename(a, "Aa".into())), Ok(true));
        assert_eq!(settings.apply(GraphEdit::SetH(a, "2".into())), Ok(true));
        assert_eq!(
            settings.graph.h_value(a),
            Some(crate::search::Cost::units(2))
        );
        assert_eq!(settings.apply(GraphEdit::SetH(a, " ".into())), Ok(true));
        assert_eq!(settings.graph.h_value(a), None);
        // The start is its own goal until the goals move on.
        assert_eq!(settings.graph.problems()[0], GraphIssue::StartIsGoal);
        assert_eq!(settings.apply(GraphEdit::SetGoal(b)), Ok(true));
        assert_eq!(settings.apply(GraphEdit::ToggleGoal(d)), Ok(true));
        assert_eq!(settings.graph.goals(), [b, d]);
        assert!(settings.graph.problems().is_empty());
        assert_eq!(settings.apply(GraphEdit::HFromPositions(0.01)), Ok(true));
        assert_eq!(
            settings.graph.h_value(c),
            Some(crate::search::Cost::units(1))
        );

        // Undo walks back to the blank graph, redo forward again; a new edit drops the redo.
        let finished = settings.graph.clone();
        let mut undone = 0;
        while settings.can_undo().0 {
            assert_eq!(settings.apply(GraphEdit::Undo), Ok(true));
            undone += 1;
        }
        assert_eq!(settings.graph, GraphSettings::default().graph);
        assert_eq!(undone, 15);
        assert_eq!(settings.apply(GraphEdit::Undo), Ok(false));
        for _ in 0..undone {
            assert_eq!(settings.apply(GraphEdit::Redo), Ok(true));
        }
        assert_eq!(settings.graph, finished);
        assert_eq!(settings.apply(GraphEdit::Undo), Ok(true));
        assert_eq!(settings.apply(GraphEdit::DeleteNode(d)), Ok(true));
        assert_eq!(settings.can_undo(), (true, false));
        // The history is not saved and does not make two settings differ.
        let json = serde_json::to_string(&settings).unwrap();
        let back: GraphSettings = serde_json::from_str(&json).unwrap();
        assert_eq!(back, settings);
        assert_eq!(back.can_undo(), (false, false));
    }
}
