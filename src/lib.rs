//! searchlab: heuristic search on sliding puzzles, one expansion at a time.
//!
//! Layers, each calling only those above it in this list:
//! - [`search`]: the problem trait, the stepping interface and the algorithms behind it, for
//!   any problem (no domain, no UI);
//! - [`puzzle`]: boards, moves, goals, solvability, heuristics, and the puzzle as a search
//!   problem with its lean solver (no UI);
//! - [`domains`]: search problems besides the puzzle, such as grid maps (no UI);
//! - [`i18n`]: the engine's words and messages in English or Chinese (no UI);
//! - [`cli`]: the headless subcommands;
//! - `app`: the egui window, a thin layer over [`search`].

pub mod app;
pub mod cli;
pub mod domains;
pub mod i18n;
pub mod puzzle;
pub mod rng;
pub mod search;
pub mod tree;
