//! Game-tree search: two players, MAX and MIN, take turns; a position's value is what MAX gets
//! when both play their best. The textbook's formulation ([`Game`]: the root, whose turn it is,
//! the moves, the value where the game ends and static evaluations where the search stops
//! early) and one stepping engine ([`GameSearch`]) for minimax and alpha-beta.
//!
//! One step is one node visited: either the search enters a node (a leaf is evaluated as it
//! is entered) or it returns from a finished child to its parent, which takes the child's
//! value and, for alpha-beta, may cut off the children it has not visited. Every step can be
//! undone exactly. Knows no game: the domains implement [`Game`].

mod engine;

use std::fmt::Debug;

use serde::{Deserialize, Serialize};

use super::problem::HeuristicChoice;

pub use engine::{
    Cut, CutKind, GameConfigError, GameNode, GameSearch, GameStats, GameStatus, GameStep, StepKind,
    Visit,
};

/// A position's value for MAX: MAX wants it high, MIN low.
pub type Value = i32;

/// The value no position reaches: α starts at −∞ and β at +∞.
pub const INFINITY: Value = i32::MAX;

/// A value as the textbooks print it: `+∞`, `−∞` or the number.
pub fn value_text(value: Value) -> String {
    if value == INFINITY {
        "+∞".to_owned()
    } else if value <= -INFINITY {
        "−∞".to_owned()
    } else {
        value.to_string()
    }
}

/// Whose turn it is at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Player {
    Max,
    Min,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Max => Player::Min,
            Player::Min => Player::Max,
        }
    }

    /// "MAX" or "MIN".
    pub fn word(self) -> &'static str {
        match self {
            Player::Max => "MAX",
            Player::Min => "MIN",
        }
    }
}

/// A two-player, zero-sum game of perfect information, as the engine sees it.
///
/// A tree of three leaves under a MIN root, each leaf a number:
///
/// ```
/// use searchlab::search::game::{Game, GameAlgorithm, GameConfig, GameSearch, GameStatus, Player, Value};
///
/// #[derive(Clone)]
/// struct Three;
/// impl Game for Three {
///     type Position = u8; // 0 the root, 1 to 3 the leaves
///     type Move = u8;
///     type Eval = ();
///     fn root(&self) -> u8 { 0 }
///     fn to_move(&self, p: &u8) -> Player { if *p == 0 { Player::Min } else { Player::Max } }
///     fn moves(&self, p: &u8, out: &mut Vec<(u8, u8)>) {
///         if *p == 0 { out.extend([(1, 1), (2, 2), (3, 3)]); }
///     }
///     fn utility(&self, p: &u8) -> Value { [0, 5, 2, 7][*p as usize] }
///     fn evaluate(&self, _: (), p: &u8) -> Value { self.utility(p) }
///     fn describe(&self, p: &u8) -> String { p.to_string() }
///     fn describe_move(&self, m: &u8) -> String { m.to_string() }
/// }
///
/// let mut search = GameSearch::new(Three, GameConfig::new(GameAlgorithm::Minimax, ()));
/// search.run(usize::MAX);
/// // MIN picks the second leaf, worth 2.
/// let GameStatus::Done { value, best } = search.status() else { panic!() };
/// assert_eq!(value, 2);
/// assert_eq!(search.node(best.unwrap()).position, 2);
/// assert_eq!(search.stats().leaves, 3);
/// ```
pub trait Game: Clone + Send + Sync + 'static {
    /// A position: the board and whose turn it is, or a node of a written tree.
    type Position: Copy + Eq + Debug + Send + Sync + 'static;
    /// What leads from a position to one of its successors.
    type Move: Copy + Eq + Debug + Send + Sync + 'static;
    /// Names one of the game's static evaluation functions (`()` for a written tree, whose
    /// leaves carry their values).
    type Eval: HeuristicChoice;

    /// The position the search starts from.
    fn root(&self) -> Self::Position;
    /// Whose turn it is.
    fn to_move(&self, position: &Self::Position) -> Player;
    /// Appends every move and the position it leads to, in a fixed order (the order "as
    /// given"); none when the game is over.
    fn moves(&self, position: &Self::Position, out: &mut Vec<(Self::Move, Self::Position)>);
    /// The value of a position where the game is over (no moves), for MAX.
    fn utility(&self, position: &Self::Position) -> Value;
    /// The static evaluation `which` of a position: the value a depth-limited search gives a
    /// position it does not search below, and the order "best first" sorts moves by.
    fn evaluate(&self, which: Self::Eval, position: &Self::Position) -> Value;
    /// Whether the whole tree is small and known before the search (a tree the class typed):
    /// the search then lays every node out before its first step, so the class sees the
    /// nodes it will visit and the subtrees a cut prunes whole.
    fn known_tree(&self) -> bool {
        false
    }
    /// A position in one line, for traces and messages.
    fn describe(&self, position: &Self::Position) -> String;
    /// A move in a few characters.
    fn describe_move(&self, mv: &Self::Move) -> String;
    /// What a node of the tree is labelled with: its name in a written tree, the move that
    /// led to it in a game (`root` for the root).
    fn label(&self, position: &Self::Position, mv: Option<&Self::Move>) -> String {
        let _ = position;
        mv.map_or_else(|| "root".to_owned(), |mv| self.describe_move(mv))
    }
}

/// The two game-tree searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameAlgorithm {
    /// Every node, every value backed up.
    Minimax,
    /// Minimax that skips the children that cannot change the root's value.
    #[default]
    AlphaBeta,
}

impl GameAlgorithm {
    pub const ALL: [GameAlgorithm; 2] = [GameAlgorithm::Minimax, GameAlgorithm::AlphaBeta];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GameAlgorithm::Minimax => "minimax",
            GameAlgorithm::AlphaBeta => "alphabeta",
        }
    }

    /// Reads a command-line name (`alpha-beta` and `ab` too).
    pub fn parse(text: &str) -> Option<GameAlgorithm> {
        match text.trim().to_ascii_lowercase().as_str() {
            "minimax" => Some(GameAlgorithm::Minimax),
            "alphabeta" | "alpha-beta" | "ab" => Some(GameAlgorithm::AlphaBeta),
            _ => None,
        }
    }
}

/// The order a node's children are visited in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ChildOrder {
    /// As the game lists the moves (a written tree: left to right).
    #[default]
    AsGiven,
    /// By the static evaluation, the best for the player to move first: what good move
    /// ordering buys alpha-beta.
    BestFirst,
    /// The worst first: alpha-beta then cuts nothing.
    WorstFirst,
}

impl ChildOrder {
    pub const ALL: [ChildOrder; 3] = [
        ChildOrder::AsGiven,
        ChildOrder::BestFirst,
        ChildOrder::WorstFirst,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ChildOrder::AsGiven => "given",
            ChildOrder::BestFirst => "best",
            ChildOrder::WorstFirst => "worst",
        }
    }

    /// Reads a command-line name.
    pub fn parse(text: &str) -> Option<ChildOrder> {
        ChildOrder::ALL
            .into_iter()
            .find(|order| order.name() == text.trim().to_ascii_lowercase())
    }
}

/// The most nodes a search may hold unless told otherwise: enough for minimax over the whole
/// of tic-tac-toe.
pub const DEFAULT_NODE_LIMIT: usize = 2_000_000;

/// How a game-tree search runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameConfig<E> {
    pub algorithm: GameAlgorithm,
    pub order: ChildOrder,
    /// Positions this many moves below the root are evaluated statically, not searched;
    /// `None` searches to the end of the game.
    pub depth_limit: Option<u32>,
    /// The static evaluation used at the depth limit and by [`ChildOrder::BestFirst`].
    pub eval: E,
    /// Iterative deepening: search to depth 1, 2, … up to the depth limit, each iteration
    /// visiting the root's moves best first by the values the one before backed up; it stops
    /// early once an iteration reaches the end of the game everywhere.
    pub iterative: bool,
    /// The most nodes the search may hold; reaching it stops the search with
    /// [`GameStatus::LimitReached`].
    pub node_limit: usize,
}

impl<E: HeuristicChoice> GameConfig<E> {
    /// An algorithm with the moves as given, no depth limit, not iterative.
    pub fn new(algorithm: GameAlgorithm, eval: E) -> GameConfig<E> {
        GameConfig {
            algorithm,
            order: ChildOrder::AsGiven,
            depth_limit: None,
            eval,
            iterative: false,
            node_limit: DEFAULT_NODE_LIMIT,
        }
    }
}
