//! The search tree and the OPEN/CLOSED table as data, layouts and files (no window): what the
//! tree pane draws and what `searchlab solve --tree --table` and the File menu write.
//!
//! - [`model`]: the tree of one puzzle search, kept in step with it, and the one adapter to
//!   the engine's node records;
//! - [`layout`]: a tidy layout of any ordered tree (Walker's algorithm, linear time);
//! - [`table`]: one row per step with OPEN in pop order and CLOSED, as Markdown, CSV, LaTeX;
//! - [`export`]: the tree as SVG, Graphviz DOT and TikZ.
//!
//! Stands on `puzzle` and `search`; `cli` and `app` both call it.

pub mod export;
pub mod layout;
pub mod model;
pub mod table;
