//! The search tree and the OPEN/CLOSED table as data, layouts and files (no window): what the
//! tree pane draws and what `searchlab solve --tree --table` and the File menu write.
//!
//! - [`model`]: the tree of one search, kept in step with it, and the one adapter to
//!   the engine's node records;
//! - [`layout`]: a tidy layout of any ordered tree (Walker's algorithm, linear time), and two
//!   trees facing each other for bidirectional search;
//! - [`marks`]: what each node is drawn as (open, closed, pruned; expanding, solution, ...);
//! - [`table`]: one row per step with OPEN in pop order and CLOSED, as Markdown, CSV, LaTeX;
//! - [`export`]: the tree as SVG, PNG, Graphviz DOT and TikZ;
//! - [`game`] and [`game_export`]: a game tree as drawn, and as SVG, PNG, TikZ and a table of
//!   visits.
//!
//! Stands on `search` and the domains (each says how its states and moves are written,
//! [`Drawn`]); `cli` and `app` both call it.

pub mod export;
pub mod game;
pub mod game_export;
mod labels;
pub mod layout;
pub mod marks;
pub mod model;
pub mod table;

/// A writer standing for a file that keeps only the sizes of what it is given: the exports'
/// tests check that memory holds a row, never the page.
#[cfg(test)]
#[derive(Default)]
pub(crate) struct Sizes {
    pub total: usize,
    pub largest: usize,
}

#[cfg(test)]
impl std::io::Write for Sizes {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.total += bytes.len();
        self.largest = self.largest.max(bytes.len());
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

use crate::search::SearchProblem;

/// How a domain's states and moves are written in the tree, the table and their exports.
pub trait Drawn: SearchProblem {
    /// A state as short lines of text: a board's rows with the blank as `_` (`2 8 3`), a
    /// cell's coordinates.
    fn state_rows(&self, state: &Self::State) -> Vec<String>;
    /// A state in one line, as a name in the table: `283/104/765`, `(3, 4)`.
    fn state_name(&self, state: &Self::State) -> String;
    /// A board's side and tiles (0 the blank), drawn as a small grid in SVG; `None` for a
    /// state written as text.
    fn tiles(&self, state: &Self::State) -> Option<(usize, Vec<u8>)>;
    /// The move into a node: `8↓`, `NE`.
    fn action_text(&self, action: Self::Action) -> String;
    /// The same for LaTeX: `8$\downarrow$`.
    fn action_tex(&self, action: Self::Action) -> String;
    /// Whether two problems are the same one (the tree knows which search it mirrors).
    fn same_problem(&self, other: &Self) -> bool;
}
