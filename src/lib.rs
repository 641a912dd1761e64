//! searchlab: heuristic search on sliding puzzles, one expansion at a time.
//!
//! Layers, each calling only those above it in this list:
//! - [`puzzle`]: boards, moves, goals, solvability, heuristics (no search, no UI);
//! - [`domains`]: search problems besides the puzzle, such as grid maps (no search, no UI);
//! - [`search`]: the stepping interface and the algorithms behind it (no UI);
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
