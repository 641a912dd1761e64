//! The small problem the engine's documentation runs its examples on: count from 0 to 4 by
//! `+` (add 1, cost 1) or `*` (add 2, cost 3). The cheapest path takes four steps of cost 1;
//! the shortest takes two `*` steps. Searching back from 4 subtracts instead.

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
