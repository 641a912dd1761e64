//! Tic-tac-toe (一字棋, 井字棋) from any position: X is MAX and moves first, O is MIN. Two
//! static evaluations to compare: the textbooks' open-lines difference and AIMA's weighted
//! lines.

use std::fmt;

use thiserror::Error;

use crate::search::HeuristicChoice;
use crate::search::game::{Game, Player, Value};

/// The value of a won game for MAX (its negative a lost one): above any evaluation of an open
/// position, so a search prefers a win to anything its evaluation promises.
pub const WIN: Value = 100;

/// The eight lines: three rows, three columns, two diagonals (cells 0-8 in reading order).
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// One square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cell {
    #[default]
    Empty,
    X,
    O,
}

/// A position: the nine squares and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub cells: [Cell; 9],
    pub to_move: Player,
}

impl Position {
    /// The player with three in a line, if any.
    pub fn winner(&self) -> Option<Player> {
        LINES.iter().find_map(|line| {
            let [a, b, c] = line.map(|i| self.cells[i]);
            (a != Cell::Empty && a == b && b == c).then_some(if a == Cell::X {
                Player::Max
            } else {
                Player::Min
            })
        })
    }

    /// Whether the game is over: a line of three, or no empty square.
    pub fn is_over(&self) -> bool {
        self.winner().is_some() || !self.cells.contains(&Cell::Empty)
    }
}

impl fmt::Display for Position {
    /// `X.O/.X./..O`: rows separated by slashes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, cell) in self.cells.iter().enumerate() {
            if i > 0 && i % 3 == 0 {
                f.write_str("/")?;
            }
            f.write_str(match cell {
                Cell::Empty => ".",
                Cell::X => "X",
                Cell::O => "O",
            })?;
        }
        Ok(())
    }
}

/// The static evaluations of a tic-tac-toe position, for MAX (X).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum TicTacToeEval {
    /// e(P) = the lines still open for MAX (no O in them) − those still open for MIN (no X):
    /// the Chinese textbooks' function.
    #[default]
    OpenLines,
    /// AIMA's 3·X₂ + X₁ − (3·O₂ + O₁), where Xₙ counts the lines with n X's and no O.
    WeightedLines,
}

impl HeuristicChoice for TicTacToeEval {
    const ALL: &'static [TicTacToeEval] = &[TicTacToeEval::OpenLines, TicTacToeEval::WeightedLines];

    fn name(self) -> &'static str {
        match self {
            TicTacToeEval::OpenLines => "open-lines",
            TicTacToeEval::WeightedLines => "weighted",
        }
    }

    fn title(self) -> &'static str {
        match self {
            TicTacToeEval::OpenLines => "Open lines: MAX's − MIN's",
            TicTacToeEval::WeightedLines => "Weighted lines: 3·X₂ + X₁ − (3·O₂ + O₁)",
        }
    }
}

impl TicTacToeEval {
    /// Reads a command-line name.
    pub fn parse(text: &str) -> Option<TicTacToeEval> {
        let text = text.trim().to_ascii_lowercase();
        TicTacToeEval::ALL
            .iter()
            .copied()
            .find(|e| e.name() == text || (text == "open" && *e == TicTacToeEval::OpenLines))
    }

    /// The title in Chinese.
    pub fn title_zh(self) -> &'static str {
        match self {
            TicTacToeEval::OpenLines => "开放行数之差：MAX 的\u{a0}−\u{a0}MIN 的",
            TicTacToeEval::WeightedLines => {
                "加权行数：3·X₂\u{a0}+\u{a0}X₁\u{a0}−\u{a0}(3·O₂\u{a0}+\u{a0}O₁)"
            }
        }
    }
}

/// Why a written position was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TicTacToeError {
    #[error("'{0}' is not a square: write X, O or . for each of the nine squares")]
    BadSquare(char),
    #[error("{0} squares written: a board has 9 (X, O or . each, row by row)")]
    Count(usize),
    #[error("{x} X's and {o} O's: X moves first, so X has as many as O or one more")]
    Turns { x: usize, o: usize },
    #[error("both X and O have three in a line")]
    TwoWinners,
}

/// Tic-tac-toe from a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    start: Position,
}

impl TicTacToe {
    /// The empty board, X to move.
    pub fn new() -> TicTacToe {
        TicTacToe {
            start: Position {
                cells: [Cell::Empty; 9],
                to_move: Player::Max,
            },
        }
    }

    /// Reads a position: nine squares row by row, `X`, `O` and `.` (or `-`, `_`), spaces
    /// and slashes ignored. X moves when the counts are equal, O when X has one more.
    ///
    /// ```
    /// use searchlab::domains::game::TicTacToe;
    /// let game = TicTacToe::parse("X.O/.X./..O").unwrap();
    /// assert_eq!(game.start().to_string(), "X.O/.X./..O");
    /// assert!(TicTacToe::parse("XX.......").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<TicTacToe, TicTacToeError> {
        let mut cells = Vec::with_capacity(9);
        for c in text.chars() {
            match c {
                'X' | 'x' | '×' => cells.push(Cell::X),
                'O' | 'o' | '○' => cells.push(Cell::O),
                '.' | '-' | '_' | '·' => cells.push(Cell::Empty),
                '/' | '|' | ',' => {}
                c if c.is_whitespace() => {}
                c => return Err(TicTacToeError::BadSquare(c)),
            }
            if cells.len() > 9 {
                break;
            }
        }
        if cells.len() != 9 {
            let count = cells.len();
            return Err(TicTacToeError::Count(if count > 9 {
                text.chars()
                    .filter(|c| !c.is_whitespace() && !matches!(c, '/' | '|' | ','))
                    .count()
            } else {
                count
            }));
        }
        let x = cells.iter().filter(|c| **c == Cell::X).count();
        let o = cells.iter().filter(|c| **c == Cell::O).count();
        let to_move = if x == o {
            Player::Max
        } else if x == o + 1 {
            Player::Min
        } else {
            return Err(TicTacToeError::Turns { x, o });
        };
        let position = Position {
            cells: cells.try_into().expect("nine squares"),
            to_move,
        };
        let wins = |mark: Cell| {
            LINES
                .iter()
                .any(|line| line.iter().all(|&i| position.cells[i] == mark))
        };
        if wins(Cell::X) && wins(Cell::O) {
            return Err(TicTacToeError::TwoWinners);
        }
        Ok(TicTacToe { start: position })
    }

    /// The position the search starts from.
    pub fn start(&self) -> Position {
        self.start
    }

    /// A position's static evaluation `which`, for MAX; ±[`WIN`] once a player has a line.
    pub fn evaluation(which: TicTacToeEval, position: &Position) -> Value {
        match position.winner() {
            Some(Player::Max) => return WIN,
            Some(Player::Min) => return -WIN,
            None => {}
        }
        let mut value = 0;
        for line in LINES {
            let xs = line
                .iter()
                .filter(|&&i| position.cells[i] == Cell::X)
                .count();
            let os = line
                .iter()
                .filter(|&&i| position.cells[i] == Cell::O)
                .count();
            match which {
                TicTacToeEval::OpenLines => {
                    value += i32::from(os == 0) - i32::from(xs == 0);
                }
                TicTacToeEval::WeightedLines => {
                    let weight = |n: usize| [0, 1, 3][n.min(2)];
                    if os == 0 {
                        value += weight(xs);
                    }
                    if xs == 0 {
                        value -= weight(os);
                    }
                }
            }
        }
        value
    }
}

impl Default for TicTacToe {
    fn default() -> TicTacToe {
        TicTacToe::new()
    }
}

impl Game for TicTacToe {
    type Position = Position;
    /// The square played, 0 to 8 in reading order.
    type Move = u8;
    type Eval = TicTacToeEval;

    fn root(&self) -> Position {
        self.start
    }

    fn to_move(&self, position: &Position) -> Player {
        position.to_move
    }

    fn moves(&self, position: &Position, out: &mut Vec<(u8, Position)>) {
        if position.winner().is_some() {
            return;
        }
        let mark = match position.to_move {
            Player::Max => Cell::X,
            Player::Min => Cell::O,
        };
        for square in 0..9 {
            if position.cells[square] == Cell::Empty {
                let mut next = *position;
                next.cells[square] = mark;
                next.to_move = position.to_move.other();
                out.push((square as u8, next));
            }
        }
    }

    fn utility(&self, position: &Position) -> Value {
        match position.winner() {
            Some(Player::Max) => WIN,
            Some(Player::Min) => -WIN,
            None => 0,
        }
    }

    fn evaluate(&self, which: TicTacToeEval, position: &Position) -> Value {
        TicTacToe::evaluation(which, position)
    }

    fn describe(&self, position: &Position) -> String {
        position.to_string()
    }

    /// The square, numbered 1 to 9 in reading order.
    fn describe_move(&self, mv: &u8) -> String {
        (mv + 1).to_string()
    }

    /// The mark just played and its square: `X5`.
    fn label(&self, position: &Position, mv: Option<&u8>) -> String {
        match mv {
            None => "root".to_owned(),
            Some(square) => {
                let mark = match position.to_move {
                    Player::Min => "X",
                    Player::Max => "O",
                };
                format!("{mark}{}", square + 1)
            }
        }
    }
}
