//! The edits of every domain's problem as one command of the window: the registry of edits. The
//! session hands each to its domain.

use super::graph_model::GraphEdit;
use super::grid_model::GridEdit;
use super::puzzle_model::PuzzleEdit;

/// A change to the problem of one domain.
#[derive(Clone, Debug, PartialEq)]
pub enum DomainEdit {
    Puzzle(PuzzleEdit),
    Grid(GridEdit),
    Graph(GraphEdit),
}

impl DomainEdit {
    /// Whether it gives a new problem, after which the problem pane shows the new start (a
    /// map's terrain edits keep the pane as it is).
    pub fn new_problem(&self) -> bool {
        match self {
            DomainEdit::Puzzle(edit) => edit.new_pair(),
            DomainEdit::Grid(_) => false,
            DomainEdit::Graph(edit) => matches!(
                edit,
                GraphEdit::Preset(_) | GraphEdit::Blank | GraphEdit::Replace(_)
            ),
        }
    }
}

impl From<PuzzleEdit> for DomainEdit {
    fn from(edit: PuzzleEdit) -> DomainEdit {
        DomainEdit::Puzzle(edit)
    }
}

impl From<GraphEdit> for DomainEdit {
    fn from(edit: GraphEdit) -> DomainEdit {
        DomainEdit::Graph(edit)
    }
}

impl From<GridEdit> for DomainEdit {
    fn from(edit: GridEdit) -> DomainEdit {
        DomainEdit::Grid(edit)
    }
}
