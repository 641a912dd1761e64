//! The search problems, one folder each, engine side only: states, moves, costs, heuristics
//! and file formats, with no window and no search algorithm.
//!
//! - [`puzzle`]: the sliding puzzles (3x3, 4x4, any goal), their heuristics and pattern
//!   databases, and the puzzle's fast paths (the lean solver, IDA* over boards).
//! - [`grid`]: grid maps (free, wall and weighted cells; 4- or 8-connected), their heuristics,
//!   presets and the MovingAI benchmark files.
//! - [`graph`]: route graphs (named nodes, roads and one-way arcs with decimal costs, an h
//!   table), presets such as AIMA's Romania, AIspace's XML files and a text format.

pub mod game;
pub mod graph;
pub mod grid;
pub mod puzzle;
