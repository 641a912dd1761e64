//! What the window remembers of a route graph problem, and the edits a teacher makes to it from
//! the setup rows. Model only, no drawing; the graph view emits [`GraphEdit`]s and the session
//! applies them here.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::domain::{AnyHeuristic, AnyProblem};
use super::section::{DomainHeuristic, Searches, SetupError};

use crate::domains::graph::{
    Graph, GraphEditError, GraphHeuristic, GraphPreset, NodeId, SuccessorOrder,
};
use crate::search::{Algorithm, SearchConfig};

/// The route graph of the window, remembered between runs and saved in session files.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
        }
    }
}

/// One change to the graph.
#[derive(Clone, Debug, PartialEq)]
pub enum GraphEdit {
    /// The preset's graph in place of the one on screen.
    Preset(GraphPreset),
    SetStart(NodeId),
    /// The one goal (the others stop being goals).
    SetGoal(NodeId),
    SetOrder(SuccessorOrder),
}

impl GraphSettings {
    /// Applies an edit. Returns whether the problem changed (so the searches must start
    /// again); a refused edit changes nothing.
    pub fn apply(&mut self, edit: GraphEdit) -> Result<bool, GraphEditError> {
        let graph = &mut self.graph;
        match edit {
            GraphEdit::Preset(preset) => {
                *graph = preset.build();
                self.preset = preset;
                Ok(true)
            }
            GraphEdit::SetStart(node) => {
                let moved = graph.start() != node;
                graph.set_start(node)?;
                Ok(moved)
            }
            GraphEdit::SetGoal(node) => {
                let moved = graph.goals() != [node];
                graph.set_goals(&[node])?;
                Ok(moved)
            }
            GraphEdit::SetOrder(order) => {
                let changed = graph.order() != order;
                graph.set_order(order);
                Ok(changed)
            }
        }
    }

    /// Whether the graph is still the preset's own (its note then says what it shows).
    pub fn is_preset(&self) -> bool {
        self.graph == self.preset.build()
    }
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
}
