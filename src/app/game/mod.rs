//! The game-tree workspace: minimax and alpha-beta stepped node by node on a tree the class
//! types, a random tree or tic-tac-toe. Games are searched by their own engine
//! ([`crate::search::game`]), so the workspace has its own model, lanes and views rather than
//! the state-space domains' shared lists and plots.

pub mod game_model;
pub mod game_text;
pub mod game_view;
mod pseudocode;
mod tree_paint;
#[cfg(test)]
mod view_tests;
