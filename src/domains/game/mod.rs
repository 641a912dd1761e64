//! Two-player games for the game-tree searches, engine side only: trees written as nested
//! lists or drawn at random ([`GameTree`]), and tic-tac-toe with its evaluation functions
//! ([`TicTacToe`]).

#[cfg(test)]
mod engine_tests;
mod tictactoe;
mod tree;

pub use tictactoe::{Cell, Position, TicTacToe, TicTacToeError, TicTacToeEval, WIN};
pub use tree::{
    GameTree, MAX_LEAF_VALUE, MAX_TREE_DEPTH, MAX_TREE_NODES, TREE_PRESETS, TreeError, TreePreset,
};
