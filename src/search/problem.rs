//! What the engine needs to know of a problem, in the textbook's words: a start state, a goal
//! test, the successors of a state with the action and the cost of each step, and heuristics.
//! A domain (the sliding puzzle, a grid map) implements [`SearchProblem`]; the engine never
//! looks inside a state.

use std::fmt::Debug;
use std::hash::Hash;

use super::config::ConfigError;
use super::cost::Cost;

/// A search problem.
///
/// The heuristic is chosen in the [`SearchConfig`](super::SearchConfig) by a value of
/// [`SearchProblem::Heuristic`] (an enum of the problem's heuristics, say), so one problem can
/// be searched with several heuristics side by side, and a config can be saved and compared
/// without the problem. The engine asks [`SearchProblem::heuristic`] for the chosen one.
///
/// A tiny problem, a line of five states where each step right costs 1 and the goal is the
/// last state:
///
/// ```
/// use searchlab::search::{Cost, HeuristicChoice, SearchConfig, SearchProblem, Status, new_search};
///
/// #[derive(Clone, Copy, Debug, Default, PartialEq)]
/// enum Estimate { #[default] Zero, Distance }
/// impl HeuristicChoice for Estimate {
///     const ALL: &'static [Estimate] = &[Estimate::Zero, Estimate::Distance];
///     fn name(self) -> &'static str { ["zero", "distance"][self as usize] }
///     fn title(self) -> &'static str { self.name() }
/// }
///
/// #[derive(Clone)]
/// struct Line;
/// impl SearchProblem for Line {
///     type State = u8;
///     type Action = char;
///     type Key = u8;
///     type Heuristic = Estimate;
///     fn start(&self) -> u8 { 0 }
///     fn is_goal(&self, state: &u8) -> bool { *state == 4 }
///     fn successors(&self, state: &u8, out: &mut Vec<(char, u8, Cost)>) {
///         if *state > 0 { out.push(('<', state - 1, Cost::ONE)); }
///         if *state < 4 { out.push(('>', state + 1, Cost::ONE)); }
///     }
///     fn heuristic(&self, which: Estimate, state: &u8) -> Cost {
///         match which {
///             Estimate::Zero => Cost::ZERO,
///             Estimate::Distance => Cost::units(u64::from(4 - state)),
///         }
///     }
///     fn key(&self, state: &u8) -> u8 { *state }
///     fn describe(&self, state: &u8) -> String { state.to_string() }
///     fn describe_goal(&self) -> String { "4".to_string() }
/// }
///
/// let mut search = new_search(Line, SearchConfig::with(Default::default(), Estimate::Distance));
/// search.run(usize::MAX);
/// assert!(matches!(search.status(), Status::Solved { .. }));
/// assert_eq!(search.solution_states().unwrap(), vec![0, 1, 2, 3, 4]);
/// assert_eq!(search.stats().expanded, 4);
/// ```
pub trait SearchProblem: Clone + Send + Sync + 'static {
    /// A state of the world.
    type State: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// What turns a state into one of its successors.
    type Action: Copy + Eq + Debug + Send + Sync + 'static;
    /// A compact key, equal exactly when the states are, that the engine's index of seen
    /// states is keyed by (the state itself will do; a packed number is smaller).
    type Key: Copy + Eq + Hash + Send + Sync + 'static;
    /// Names one of the problem's heuristics.
    type Heuristic: HeuristicChoice;

    /// The initial state.
    fn start(&self) -> Self::State;
    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;
    /// Appends every successor of `state` to `out` as (action, state, step cost), in a fixed
    /// order: that order is the order children are generated in, and it breaks the last ties.
    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::Action, Self::State, Cost)>);
    /// The estimate of the cost left from `state` to a goal by the heuristic `which`.
    fn heuristic(&self, which: Self::Heuristic, state: &Self::State) -> Cost;
    /// Whether the heuristic `which` can be used on this problem now: a heuristic may read a
    /// table that is built for some problems only, or not built yet. Every search asks once,
    /// before its first node, and refuses to start with the error; the default accepts all.
    fn check_heuristic(&self, which: Self::Heuristic) -> Result<(), ConfigError> {
        let _ = which;
        Ok(())
    }
    /// The key of `state` for the index of seen states.
    fn key(&self, state: &Self::State) -> Self::Key;
    /// A state in one line, for traces and messages.
    fn describe(&self, state: &Self::State) -> String;
    /// The goal in one line (the goal state, or what the goal test asks), for traces.
    fn describe_goal(&self) -> String;

    /// How many slots a dense numbering of the keys has, for problems whose states are few
    /// enough to number (the cells of a map): `Some(n)` promises that [`SearchProblem::key_slot`]
    /// gives every key a slot below `n`, different keys different slots, and the stepping
    /// engines then find seen states by reading an array of `n` entries instead of hashing.
    /// `None`, the default, keeps the hash map.
    fn key_slots(&self) -> Option<usize> {
        None
    }
    /// The slot of `key` in the numbering [`SearchProblem::key_slots`] announces; asked only
    /// when that is `Some`.
    fn key_slot(&self, key: &Self::Key) -> usize {
        let _ = key;
        0
    }

    /// Where `state` is drawn on a plane, as whole (x, y) coordinates, for problems that have a
    /// place for each state (a map); `None`, the default, for the others. Traces carry it so
    /// a viewer can draw the search where it happened.
    fn coordinates(&self, state: &Self::State) -> Option<(i64, i64)> {
        let _ = state;
        None
    }
    /// The one state that passes the goal test, for the searches that also run backward from
    /// the goal. `None` (the default) when the goal is a test several states pass, or the
    /// problem lists no predecessors: the bidirectional searches then refuse to start
    /// ([`ConfigError::NoBackwardSearch`](super::ConfigError::NoBackwardSearch)). A problem
    /// that returns a state must implement [`SearchProblem::predecessors`].
    fn goal_state(&self) -> Option<Self::State> {
        None
    }

    /// Appends every predecessor of `state` to `out` as (action, predecessor, step cost): the
    /// action leads from the predecessor to `state` at that cost, exactly as
    /// [`SearchProblem::successors`] of the predecessor lists it. In a fixed order, the order
    /// the backward search generates children in. The default lists none; it is called only
    /// when [`SearchProblem::goal_state`] is `Some`.
    fn predecessors(&self, state: &Self::State, out: &mut Vec<(Self::Action, Self::State, Cost)>) {
        let _ = (state, out);
    }
}

/// The node record of a problem.
pub(crate) type NodeOf<P> =
    super::record::Node<<P as SearchProblem>::State, <P as SearchProblem>::Action>;
/// A successor (or predecessor) as the problem lists it: action, state, step cost.
pub(crate) type Successor<P> = (
    <P as SearchProblem>::Action,
    <P as SearchProblem>::State,
    Cost,
);

/// The heuristics a problem offers, as a value a config can carry and save: usually an enum.
/// A problem without any uses `()`, which is h = 0.
pub trait HeuristicChoice: Copy + PartialEq + Debug + Default + Send + Sync + 'static {
    /// Every choice, weakest first.
    const ALL: &'static [Self];
    /// The name used on the command line.
    fn name(self) -> &'static str;
    /// A short human title.
    fn title(self) -> &'static str;
}

/// No heuristic: h = 0 (uniform-cost and BFS need none; A* with it is uniform-cost).
impl HeuristicChoice for () {
    const ALL: &'static [()] = &[()];

    fn name(self) -> &'static str {
        "zero"
    }

    fn title(self) -> &'static str {
        "Zero"
    }
}
