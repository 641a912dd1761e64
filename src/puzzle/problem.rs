//! A search problem: a start board and a goal of the same size that is known to be reachable.
//! Solvability is decided here, by inversion parity, so an unsolvable board never reaches a search.

use std::fmt;

use thiserror::Error;

use super::board::Board;
use super::parse::{ParseError, parse_board};

/// Named goals a user can pick instead of typing one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GoalPreset {
    /// Luogu P1379's goal `123804765`: the tiles run clockwise round the blank in the centre.
    /// Only for 3x3.
    P1379,
    /// `1 2 3 … n 0`: the blank in the bottom-right corner.
    BlankLast,
    /// `0 1 2 … n-1`: the blank in the top-left corner.
    BlankFirst,
}

impl GoalPreset {
    /// Every preset, in menu order.
    pub const ALL: [GoalPreset; 3] = [
        GoalPreset::P1379,
        GoalPreset::BlankLast,
        GoalPreset::BlankFirst,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GoalPreset::P1379 => "p1379",
            GoalPreset::BlankLast => "blank-last",
            GoalPreset::BlankFirst => "blank-first",
        }
    }

    /// The preset for a board side, if it exists at that size.
    pub fn board(self, side: usize) -> Option<Board> {
        match self {
            GoalPreset::P1379 => (side == 3).then(|| "123804765".parse().expect("valid")),
            GoalPreset::BlankLast => Some(Board::blank_last(side)),
            GoalPreset::BlankFirst => Some(Board::blank_first(side)),
        }
    }

    /// The usual goal for a side: P1379's for 3x3, blank last otherwise.
    pub fn default_for(side: usize) -> GoalPreset {
        if side == 3 {
            GoalPreset::P1379
        } else {
            GoalPreset::BlankLast
        }
    }

    /// The presets of the board's size that it can be solved for, in menu order.
    pub fn solvable_for(start: &Board) -> Vec<GoalPreset> {
        GoalPreset::ALL
            .into_iter()
            .filter(|preset| {
                preset
                    .board(start.side())
                    .is_some_and(|goal| solvable(start, &goal).is_ok())
            })
            .collect()
    }

    /// Looks a preset up by its command-line name.
    pub fn from_name(name: &str) -> Option<GoalPreset> {
        GoalPreset::ALL
            .into_iter()
            .find(|preset| preset.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// Reads a goal: a preset name or a board. The side is needed to turn a preset into a board.
pub fn parse_goal(text: &str, side: usize) -> Result<Board, GoalError> {
    if let Some(preset) = GoalPreset::from_name(text) {
        return preset.board(side).ok_or(GoalError::PresetSize {
            preset: preset.name(),
            side,
        });
    }
    Ok(parse_board(text)?)
}

/// Why a goal was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GoalError {
    #[error("goal: {0}")]
    Board(#[from] ParseError),
    #[error("goal preset {preset} exists only for 3x3 boards, not {side}x{side}")]
    PresetSize { preset: &'static str, side: usize },
}

/// The invariant a move never changes: the parity of the inversions among the tiles, plus for
/// even sides the row of the blank (a vertical move jumps a tile over `side - 1` others, an odd
/// number, and changes the blank's row by one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parity {
    /// Pairs of tiles (blank ignored) that appear in the opposite order to their numbers.
    pub inversions: usize,
    /// The blank's row counted from the top, starting at 0. Counted only for even sides.
    pub blank_row: Option<usize>,
}

impl Parity {
    /// Computes the invariant of a board.
    pub fn of(board: &Board) -> Parity {
        let tiles: Vec<u8> = board.cells().into_iter().filter(|&t| t != 0).collect();
        let mut inversions = 0;
        for (i, &a) in tiles.iter().enumerate() {
            inversions += tiles[i + 1..].iter().filter(|&&b| b < a).count();
        }
        let blank_row = board
            .side()
            .is_multiple_of(2)
            .then(|| board.blank() / board.side());
        Parity {
            inversions,
            blank_row,
        }
    }

    /// 0 or 1: the quantity that must agree between start and goal.
    pub fn bit(&self) -> usize {
        (self.inversions + self.blank_row.unwrap_or(0)) % 2
    }
}

impl fmt::Display for Parity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = |n: usize| if n.is_multiple_of(2) { "even" } else { "odd" };
        match self.blank_row {
            None => write!(
                f,
                "{} inversions ({})",
                self.inversions,
                word(self.inversions)
            ),
            Some(row) => write!(
                f,
                "{} inversions + blank in row {} = {} ({})",
                self.inversions,
                row,
                self.inversions + row,
                word(self.bit())
            ),
        }
    }
}

/// Why a start and goal do not make a problem.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProblemError {
    #[error("the board is {start}x{start} but the goal is {goal}x{goal}")]
    SizeMismatch { start: usize, goal: usize },
    #[error(
        "unsolvable: the board has {start} but the goal has {goal}; no move changes this parity"
    )]
    Unsolvable { start: Parity, goal: Parity },
}

/// Whether `goal` can be reached from `start`.
///
/// ```
/// use searchlab::puzzle::{Board, solvable};
/// let start: Board = "283104765".parse().unwrap();
/// let goal: Board = "123804765".parse().unwrap();
/// assert!(solvable(&start, &goal).is_ok());
/// let swapped: Board = "213804765".parse().unwrap();
/// assert!(solvable(&swapped, &goal).is_err());
/// ```
pub fn solvable(start: &Board, goal: &Board) -> Result<(), ProblemError> {
    if start.side() != goal.side() {
        return Err(ProblemError::SizeMismatch {
            start: start.side(),
            goal: goal.side(),
        });
    }
    let (a, b) = (Parity::of(start), Parity::of(goal));
    if a.bit() == b.bit() {
        Ok(())
    } else {
        Err(ProblemError::Unsolvable { start: a, goal: b })
    }
}

/// A start and a goal of the same size, with the goal known to be reachable when built by
/// [`Problem::new`], which checks solvability ([`Problem::allowing_unsolvable`] is for showing
/// what a search does when it is not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    start: Board,
    goal: Board,
}

impl Problem {
    /// Checks the pair and builds the problem.
    pub fn new(start: Board, goal: Board) -> Result<Problem, ProblemError> {
        solvable(&start, &goal)?;
        Ok(Problem { start, goal })
    }

    /// Builds the pair even when the goal cannot be reached from the start (sizes must still
    /// match), for the lesson that watches a search exhaust the half of the states it can reach
    /// without finding the goal: every search on an unsolvable pair ends exhausted or at a limit.
    pub fn allowing_unsolvable(start: Board, goal: Board) -> Result<Problem, ProblemError> {
        match solvable(&start, &goal) {
            Ok(()) | Err(ProblemError::Unsolvable { .. }) => Ok(Problem { start, goal }),
            Err(e) => Err(e),
        }
    }

    /// The initial state.
    pub fn start(&self) -> Board {
        self.start
    }

    /// The goal state.
    pub fn goal(&self) -> Board {
        self.goal
    }

    /// The board side.
    pub fn side(&self) -> usize {
        self.start.side()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(s: &str) -> Board {
        s.parse().unwrap()
    }

    #[test]
    fn presets() {
        assert_eq!(GoalPreset::P1379.board(3).unwrap(), board("123804765"));
        assert_eq!(GoalPreset::BlankLast.board(3).unwrap(), board("123456780"));
        assert_eq!(GoalPreset::BlankFirst.board(3).unwrap(), board("012345678"));
        assert_eq!(GoalPreset::P1379.board(4), None);
        assert_eq!(parse_goal("BLANK-LAST", 4).unwrap(), Board::blank_last(4));
        assert!(matches!(
            parse_goal("p1379", 4),
            Err(GoalError::PresetSize { side: 4, .. })
        ));
    }

    #[test]
    fn odd_side_parity_is_inversions() {
        // 123456780 has 0 inversions; swapping two tiles makes one.
        let goal = board("123456780");
        assert!(solvable(&board("123456708"), &goal).is_ok());
        let err = solvable(&board("213456780"), &goal).unwrap_err();
        assert_eq!(
            err.to_string(),
            "unsolvable: the board has 1 inversions (odd) but the goal has 0 inversions (even); \
             no move changes this parity"
        );
    }

    #[test]
    fn even_side_counts_the_blank_row() {
        let goal = Board::blank_last(4);
        // Moving the blank up changes the blank row by one and the inversions by three.
        let (up, _) = goal.apply(super::super::board::Dir::Up).unwrap();
        assert!(solvable(&up, &goal).is_ok());
        // The famous 14-15 swap of Sam Loyd's puzzle.
        let loyd = board("123456789ABCDFE0");
        let err = solvable(&loyd, &goal).unwrap_err();
        assert!(err.to_string().contains("blank in row 3"), "{err}");
        assert!(Problem::new(loyd, goal).is_err());
    }

    #[test]
    fn sizes_must_match() {
        assert_eq!(
            solvable(&board("283104765"), &Board::blank_last(4)),
            Err(ProblemError::SizeMismatch { start: 3, goal: 4 })
        );
    }
}
