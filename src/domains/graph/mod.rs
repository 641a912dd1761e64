//! Route graphs, the third search domain: named nodes drawn at positions, roads and one-way
//! arcs with exact decimal costs, a start and one or more goals, an h table the user edits and
//! the straight-line distance, true distances h* and the checks of admissibility and
//! consistency, presets that teach, AIspace's XML graph files and a text format of our own.
//! Engine side only: no window, no search algorithm. [`Graph`] is a
//! [`crate::search::SearchProblem`] whose states are [`NodeId`]s, so every algorithm of the
//! engine searches it, the bidirectional ones too when there is one goal.
//!
//! **Costs** are the engine's exact [`Cost`](crate::search::Cost) (1/10 000 units), read and
//! written exactly to four decimals ([`parse_cost`], [`cost_text`]): `9.9` is 99 000 units in
//! every file and every sum.
//!
//! **Successor order.** A node's successors are listed by the neighbour's name
//! ([`SuccessorOrder::ByName`], the default, as textbooks break ties) or in the order the
//! edges were added ([`SuccessorOrder::AsDrawn`]). The order is the order children are
//! generated in, so it decides BFS's and DFS's ties, and every other algorithm's after f and
//! the tie-break rule.
//!
//! | file | owns |
//! |---|---|
//! | `model` | [`Graph`], [`NodeId`], [`EdgeId`], [`Edge`], [`Position`], [`GraphEditError`]: storage, successors and predecessors, the editing operations |
//! | `decimal` | costs and coordinates read and written exactly |
//! | `heuristic` | [`GraphHeuristic`]: zero, the h table, the straight-line distance; h from positions |
//! | `distance` | [`Graph::true_distances`] (h* by one reverse Dijkstra from every goal) and [`HeuristicReport`]: admissibility per node, consistency per arc |
//! | `check` | [`Graph::problems`]: no path to a goal, the start a goal, goals out of reach, isolated nodes |
//! | `problem` | the graph as the engine's search problem ([`Move`] is its action) |
//! | `presets` | [`GraphPreset`]: Romania and the graphs that show an algorithm or a heuristic going wrong |
//! | `text` | searchlab's graph file and the graph's serde form; [`GraphFileError`] for both formats |
//! | `aispace` | AIspace's XML graph files |

mod aispace;
mod check;
mod decimal;
mod distance;
pub mod experiment;
mod heuristic;
mod model;
mod presets;
mod problem;
mod text;

#[cfg(test)]
mod engine_tests;
#[cfg(test)]
mod rbfs_tests;
#[cfg(test)]
mod sma_tests;

pub use check::GraphIssue;
pub use decimal::{MAX_COORDINATE, MAX_COST, NumberError, cost_from_f64, cost_text, parse_cost};
pub use distance::{ArcCheck, HeuristicReport, NodeCheck};
pub use heuristic::GraphHeuristic;
pub use model::{
    Edge, EdgeId, EdgeKind, Graph, GraphEditError, Link, MAX_EDGES, MAX_NAME_CHARS, MAX_NODES,
    NodeId, Position, SuccessorOrder,
};
pub use presets::{GraphPreset, Words};
pub use problem::Move;
pub use text::{FileProblem, GraphFileError};

/// The two file formats a graph is read from and written to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphFormat {
    /// searchlab's text format ([`Graph::from_text`]).
    Text,
    /// AIspace's XML ([`Graph::from_aispace`]).
    AiSpace,
}

impl GraphFormat {
    /// The format of a file by its name, else by its content: `.xml` is AIspace's, another
    /// extension ours; without an extension, a file whose first non-blank character is `<`
    /// is XML.
    pub fn detect(file_name: &str, content: &str) -> GraphFormat {
        let extension = std::path::Path::new(file_name)
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("xml") => GraphFormat::AiSpace,
            Some(_) => GraphFormat::Text,
            None => {
                let content = content.trim_start_matches('\u{feff}').trim_start();
                if content.starts_with('<') {
                    GraphFormat::AiSpace
                } else {
                    GraphFormat::Text
                }
            }
        }
    }

    /// Reads a graph in this format.
    pub fn read(self, content: &str) -> Result<Graph, GraphFileError> {
        match self {
            GraphFormat::Text => Graph::from_text(content),
            GraphFormat::AiSpace => Graph::from_aispace(content),
        }
    }

    /// Writes a graph in this format.
    pub fn write(self, graph: &Graph) -> String {
        match self {
            GraphFormat::Text => graph.to_text(),
            GraphFormat::AiSpace => graph.to_aispace(),
        }
    }
}
