//! The sliding puzzle's own views: a board drawn large (with the heuristic's reasoning) and
//! small (in the lists, the tree and the compare cards).

pub mod board_view;
