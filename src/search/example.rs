//! The small problems the engine's documentation runs its examples on. [`Count`]: count from 0
//! to 4 by `+` (add 1, cost 1) or `*` (add 2, cost 3). The cheapest path takes four steps of
//! cost 1; the shortest takes two `*` steps. Searching back from 4 subtracts instead. [`Ring`]:
//! three states in a cycle and a goal off it, where only graph search ends by itself.

use super::{Cost, SearchProblem};

/// The counting problem (see the module's documentation).
#[derive(Clone, Copy, Debug)]
pub struct Count;

impl SearchProblem for Count {
    type State = u8;
    type Action = char;
    type Key = u8;
    type Heuristic = ();

    fn start(&self) -> u8 {
        0
    }

    fn is_goal(&self, n: &u8) -> bool {
        *n == 4
    }

    fn successors(&self, n: &u8, out: &mut Vec<(char, u8, Cost)>) {
        if *n < 4 {
            out.push(('+', n + 1, Cost::ONE));
        }
        if *n < 3 {
            out.push(('*', n + 2, Cost::units(3)));
        }
    }

    fn heuristic(&self, _: (), _: &u8) -> Cost {
        Cost::ZERO
    }

    fn key(&self, n: &u8) -> u8 {
        *n
    }

    fn describe(&self, n: &u8) -> String {
        n.to_string()
    }

    fn describe_goal(&self) -> String {
        "4".to_string()
    }

    fn goal_state(&self) -> Option<u8> {
        Some(4)
    }

    fn predecessors(&self, n: &u8, out: &mut Vec<(char, u8, Cost)>) {
        if *n > 0 {
            out.push(('+', n - 1, Cost::ONE));
        }
        if *n > 1 && *n < 5 {
            out.push(('*', n - 2, Cost::units(3)));
        }
    }
}

/// Three states, 0, 1 and 2, in a ring: `>` goes to the next one round, `<` to the one before,
/// each at cost 1. The goal, 3, is off the ring, so no path reaches it: graph search is
/// exhausted after expanding the three states, tree search goes round for ever, and cycle
/// checking ends once every path without a repeated state has been tried.
#[derive(Clone, Copy, Debug)]
pub struct Ring;

impl SearchProblem for Ring {
    type State = u8;
    type Action = char;
    type Key = u8;
    type Heuristic = ();

    fn start(&self) -> u8 {
        0
    }

    fn is_goal(&self, n: &u8) -> bool {
        *n == 3
    }

    fn successors(&self, n: &u8, out: &mut Vec<(char, u8, Cost)>) {
        out.push(('>', (n + 1) % 3, Cost::ONE));
        out.push(('<', (n + 2) % 3, Cost::ONE));
    }

    fn heuristic(&self, _: (), _: &u8) -> Cost {
        Cost::ZERO
    }

    fn key(&self, n: &u8) -> u8 {
        *n
    }

    fn describe(&self, n: &u8) -> String {
        n.to_string()
    }

    fn describe_goal(&self) -> String {
        "3".to_string()
    }
}
