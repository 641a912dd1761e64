//! Search problems other than the sliding puzzle, one folder each, engine side only: states,
//! moves, costs, heuristics and file formats, with no window and no search algorithm.
//!
//! - [`grid`]: grid maps (free, wall and weighted cells; 4- or 8-connected), their heuristics,
//!   presets and the MovingAI benchmark files.

pub mod grid;
