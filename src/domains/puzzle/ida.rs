//! The puzzle's fast path for IDA*: depth-first probes with a rising f threshold over boards,
//! with no records, for the command line's hard 15-puzzle boards. Memory is the current path
//! only. The stepping engine shows the same algorithm one expansion at a time; this one only
//! answers.

use super::board::{Board, Dir};
#[cfg(doc)]
use super::pdb::PatternDatabase;

/// What an IDA* run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdaOutcome {
    /// The boards from the start to the goal, or `None` if the node limit was reached first.
    pub path: Option<Vec<Board>>,
    /// Nodes expanded over all iterations (a node is expanded when its children are made).
    pub expanded: u64,
    /// Nodes generated over all iterations.
    pub generated: u64,
    /// The f thresholds of the iterations, in order (the last is the solution's length).
    pub thresholds: Vec<u32>,
}

/// A heuristic as IDA* evaluates it: once for the start, then after each move from what it
/// kept of the parent (`Memo`), so one that can update itself cheaply after a single tile's
/// move does (see [`PatternDatabase`]'s implementation).
pub trait Estimate {
    /// What the estimate keeps between a node and its child.
    type Memo: Copy;
    /// h of the start, and its memo.
    fn first(&self, board: &Board) -> (u32, Self::Memo);
    /// h of `child`, reached from the node of `memo` by moving `tile` into the blank's cell
    /// `to` (the child's blank is where the tile was).
    fn after(&self, child: &Board, memo: &Self::Memo, tile: u8, to: usize) -> (u32, Self::Memo);
}

/// Any function of the board, evaluated afresh at every node.
impl<F: Fn(&Board) -> u32 + ?Sized> Estimate for F {
    type Memo = ();
    fn first(&self, board: &Board) -> (u32, ()) {
        (self(board), ())
    }
    fn after(&self, child: &Board, _: &(), _: u8, _: usize) -> (u32, ()) {
        (self(child), ())
    }
}

/// Runs IDA* from `start` to `goal` with the heuristic `h` (which must be admissible for the
/// answer to be optimal), stopping after `node_limit` generated nodes. The pair must be
/// solvable: an unsolvable pair raises the threshold until the limit.
pub fn ida_star<E: Estimate + ?Sized>(
    start: Board,
    goal: Board,
    h: &E,
    node_limit: u64,
) -> IdaOutcome {
    let mut probe = Probe {
        goal,
        h,
        path: vec![start],
        expanded: 0,
        generated: 0,
        node_limit,
    };
    let (first, memo) = h.first(&start);
    let mut threshold = first;
    let mut thresholds = Vec::new();
    loop {
        thresholds.push(threshold);
        // The start's f is h(start), never above the threshold.
        match probe.search(0, &memo, threshold, None) {
            Found::Goal => {
                return IdaOutcome {
                    path: Some(probe.path),
                    expanded: probe.expanded,
                    generated: probe.generated,
                    thresholds,
                };
            }
            Found::Limit => {
                return IdaOutcome {
                    path: None,
                    expanded: probe.expanded,
                    generated: probe.generated,
                    thresholds,
                };
            }
            Found::Next(next) => threshold = next,
        }
    }
}

/// What a probe below a node found.
enum Found {
    Goal,
    /// The node limit was reached.
    Limit,
    /// The smallest f above the threshold seen (the next threshold).
    Next(u32),
}

struct Probe<'a, E: Estimate + ?Sized> {
    goal: Board,
    h: &'a E,
    path: Vec<Board>,
    expanded: u64,
    generated: u64,
    node_limit: u64,
}

impl<E: Estimate + ?Sized> Probe<'_, E> {
    /// Searches below the last board of the path, `g` moves from the start, whose estimate's
    /// memo is `memo` and whose f is within the threshold; `came` is the blank's last move,
    /// whose reverse is never tried (it would undo it).
    fn search(&mut self, g: u32, memo: &E::Memo, threshold: u32, came: Option<Dir>) -> Found {
        let board = *self.path.last().expect("the path holds the start");
        if board == self.goal {
            return Found::Goal;
        }
        self.expanded += 1;
        let mut next = u32::MAX;
        for dir in Dir::ALL {
            if came.is_some_and(|c| c.reverse() == dir) {
                continue;
            }
            let Some((child, step)) = board.apply(dir) else {
                continue;
            };
            self.generated += 1;
            if self.generated > self.node_limit {
                return Found::Limit;
            }
            let (child_h, child_memo) = self.h.after(&child, memo, step.tile, board.blank());
            // Most children are cut off here, before the call and the path's push.
            let f = g + 1 + child_h;
            if f > threshold {
                next = next.min(f);
                continue;
            }
            self.path.push(child);
            match self.search(g + 1, &child_memo, threshold, Some(dir)) {
                Found::Next(f) => next = next.min(f),
                found => return found,
            }
            self.path.pop();
        }
        Found::Next(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::{
        DistanceTable, Heuristic, HeuristicKind, Partition, PatternDatabase, Rng, scramble,
    };

    #[test]
    fn ida_star_finds_optimal_paths_on_3x3_with_manhattan_and_with_a_pattern_database() {
        let goal: Board = "123804765".parse().unwrap();
        let table = DistanceTable::new(&goal).unwrap();
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
        let pdb = PatternDatabase::build(goal, Partition::eight_44(), &mut |_| true).unwrap();
        let mut rng = Rng::new(5);
        for _ in 0..60 {
            let start = scramble(&goal, 60, &mut rng);
            let optimal = usize::from(table.distance(&start).unwrap());
            let by_manhattan = |b: &Board| manhattan.h(b);
            let by_pdb = |b: &Board| pdb.h(b);
            let heuristics: [&dyn Fn(&Board) -> u32; 2] = [&by_manhattan, &by_pdb];
            for h in heuristics {
                let outcome = ida_star(start, goal, h, u64::MAX);
                let path = outcome.path.expect("solvable");
                assert_eq!(path.len() - 1, optimal, "{start}");
                assert_eq!(path[0], start);
                assert_eq!(*path.last().unwrap(), goal);
                for pair in path.windows(2) {
                    assert!(pair[0].move_to(&pair[1]).is_some(), "not a move");
                }
                assert_eq!(*outcome.thresholds.last().unwrap() as usize, optimal);
                assert!(outcome.thresholds.windows(2).all(|t| t[0] < t[1]));
            }
            // The database's own incremental estimate gives exactly the same search.
            assert_eq!(
                ida_star(start, goal, &pdb, u64::MAX),
                ida_star(start, goal, &by_pdb, u64::MAX),
                "{start}"
            );
        }
    }
}
