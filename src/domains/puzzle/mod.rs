//! The sliding-puzzle domain: boards, moves, parsing, goals, solvability, heuristics, the
//! enumerated state space of small boards, and the puzzle's side of searching: [`Problem`] is
//! its [`crate::search::SearchProblem`], [`LeanSolver`] its fast path for many boards, and the
//! experiments draw boards at exact distances. Knows nothing of drawing.

mod board;
pub mod databases;
#[cfg(test)]
mod engine_tests;
mod experiment;
mod heuristic;
mod ida;
mod inspect;
mod korf;
mod lean;
mod orientation;
mod parse;
mod pdb;
mod problem;
#[cfg(test)]
mod rbfs_tests;
#[cfg(test)]
mod sma_tests;
mod space;

pub use crate::rng::Rng;
pub use board::{Board, Dir, MAX_CELLS, MAX_SIDE, MIN_SIDE, Move};
pub use databases::{DatabaseError, GroupNote};
pub use experiment::{
    CONVENTION, ExperimentError, ExperimentSpec, boards_at, depth_range, run_experiment,
};
pub use heuristic::{Explanation, Heuristic, HeuristicKind, Line, LineConflict, TileNote};
pub use ida::{Estimate, IdaOutcome, ida_star};
pub use inspect::{NearGoal, Profile, Spread, Violation, check_expansion, profile};
pub use korf::{KORF_100, half_turn, korf_100};
pub use lean::{LeanOutcome, LeanSolver};
pub use orientation::Orientation;
pub use parse::{ParseError, parse_board};
pub use pdb::{
    Keys, MAX_GROUP, MAX_KEYED, Mirrored, Partition, PatternDatabase, PdbError, Progress, Refused,
    Source, cache_dir,
};
pub use problem::{
    Breakpoint, Child, ExperimentTable, GoalError, GoalPreset, Hit, Node, Parity, Problem,
    ProblemError, SearchConfig, StepView, parse_goal, parse_goal_board, solvable,
};
pub use space::{DistanceTable, MAX_ENUMERATED_SIDE, Ranked, permutations, rank, scramble, unrank};
