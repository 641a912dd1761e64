//! The edits of every domain's problem as one command of the window: the registry of edits. The
//! session hands each to its domain.

use super::domain::DomainKind;
use super::section::Edited;
use super::settings::Settings;
use crate::app::graph::graph_model::GraphEdit;
use crate::app::grid::grid_model::GridEdit;
use crate::app::puzzle::puzzle_model::PuzzleEdit;

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

impl DomainEdit {
    /// The domain whose problem the edit changes.
    pub fn domain(&self) -> DomainKind {
        match self {
            DomainEdit::Puzzle(_) => DomainKind::Puzzle,
            DomainEdit::Grid(_) => DomainKind::Grid,
            DomainEdit::Graph(_) => DomainKind::Graph,
        }
    }

    /// Applies the edit to its domain's section: what became of it, or why it was refused (in
    /// the window's language).
    pub fn apply_to(self, settings: &mut Settings) -> Result<Edited, String> {
        match self {
            DomainEdit::Puzzle(edit) => Ok(settings.puzzle.apply(edit, &mut settings.seed)),
            DomainEdit::Grid(edit) => settings
                .grid
                .apply(edit, &mut settings.seed)
                .map(Edited::changed)
                .map_err(|e| e.message()),
            DomainEdit::Graph(edit) => settings
                .graph
                .apply(edit)
                .map(Edited::changed)
                .map_err(|e| crate::i18n::graph_edit_error(&e)),
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
