//! The sliding-puzzle domain: boards, moves, parsing, goals, solvability, heuristics and the
//! enumerated state space of small boards. Knows nothing of searching or drawing; every other
//! layer may use it.

mod board;
mod heuristic;
mod ida;
mod inspect;
mod parse;
mod pdb;
mod problem;
mod space;

pub use crate::rng::Rng;
pub use board::{Board, Dir, MAX_CELLS, MAX_SIDE, MIN_SIDE, Move};
pub use heuristic::{Explanation, Heuristic, HeuristicKind, Line, LineConflict, TileNote};
pub use ida::{IdaOutcome, ida_star};
pub use inspect::{Profile, Spread, Violation, check_expansion, profile};
pub use parse::{ParseError, parse_board};
pub use pdb::{Partition, PatternDatabase, PdbError, Progress, Source, cache_dir};
pub use problem::{GoalError, GoalPreset, Parity, Problem, ProblemError, parse_goal, solvable};
pub(crate) use space::{
    BLANK_SHIFT, CODE_TOPS, Choice, Frontier, START_FLAG, WINDOW, choices, code_blank, code_via,
};
pub use space::{DistanceTable, MAX_ENUMERATED_SIDE, Ranked, permutations, rank, scramble, unrank};
