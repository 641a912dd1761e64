//! searchlab: heuristic search on sliding puzzles and grid maps, one expansion at a time.
//!
//! Layers, each calling only those above it in this list:
//! - [`search`]: the problem trait, the stepping interface and the algorithms behind it, for
//!   any problem (no domain, no UI);
//! - [`domains`]: the search problems, one folder each (no UI): the sliding puzzle (boards,
//!   moves, goals, solvability, heuristics, pattern databases and its lean solver) and grid
//!   maps;
//! - [`i18n`]: the engine's words and messages in English or Chinese (no UI);
//! - [`cli`]: the headless subcommands;
//! - `app`: the egui window, a thin layer over [`search`].

pub mod app;
pub mod cli;
pub mod domains;
pub mod i18n;
pub mod rng;
pub mod search;
pub mod tree;
