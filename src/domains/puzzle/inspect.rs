//! How a heuristic relates to the true distance h*: over every 3x3 state (admissibility and
//! dominance at a glance), and edge by edge (consistency).

use super::board::Board;
use super::heuristic::Heuristic;
use super::space::DistanceTable;

/// The spread of a heuristic's values over the states at one exact distance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub states: usize,
    pub min: f64,
    pub max: f64,
    pub mean: f64,
    /// States where the (weighted) estimate exceeds h*.
    pub over: usize,
}

/// A heuristic, times a weight, against h* over every state that can reach the goal.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    pub weight: f64,
    /// `by_distance[d]`: the spread among states with h* = d.
    pub by_distance: Vec<Spread>,
    /// States where w·h > h*, over all distances.
    pub over: usize,
    /// The largest w·h − h*.
    pub worst_excess: f64,
}

impl Profile {
    /// Whether w·h ≤ h* on every state.
    pub fn admissible(&self) -> bool {
        self.over == 0
    }
}

/// Profiles `weight · h` over every state of `table`.
///
/// ```
/// use searchlab::domains::puzzle::{Board, DistanceTable, Heuristic, HeuristicKind, profile};
/// let goal: Board = "123804765".parse().unwrap();
/// let table = DistanceTable::new(&goal).unwrap();
/// let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
/// assert!(profile(&manhattan, &table, 1.0).admissible());
/// assert!(!profile(&manhattan, &table, 2.0).admissible());
/// ```
pub fn profile(heuristic: &Heuristic, table: &DistanceTable, weight: f64) -> Profile {
    let levels = usize::from(table.max_distance()) + 1;
    let exact = table
        .states()
        .map(|board| (board, table.distance(&board).expect("reachable")));
    profile_of(exact, levels, heuristic, weight)
}

/// Profiles `weight · h` over boards with their exact distances below `levels`.
fn profile_of(
    exact: impl Iterator<Item = (Board, u8)>,
    levels: usize,
    heuristic: &Heuristic,
    weight: f64,
) -> Profile {
    let mut sums = vec![0.0f64; levels];
    let mut by_distance = vec![
        Spread {
            states: 0,
            min: f64::INFINITY,
            max: f64::NEG_INFINITY,
            mean: 0.0,
            over: 0,
        };
        levels
    ];
    let mut worst_excess = f64::NEG_INFINITY;
    for (board, exact) in exact {
        let d = usize::from(exact);
        let h = weight * f64::from(heuristic.h(&board));
        let spread = &mut by_distance[d];
        spread.states += 1;
        spread.min = spread.min.min(h);
        spread.max = spread.max.max(h);
        sums[d] += h;
        let excess = h - f64::from(exact);
        worst_excess = worst_excess.max(excess);
        if excess > 0.0 {
            spread.over += 1;
        }
    }
    for (spread, sum) in by_distance.iter_mut().zip(sums) {
        spread.mean = sum / spread.states.max(1) as f64;
    }
    Profile {
        weight,
        over: by_distance.iter().map(|s| s.over).sum(),
        by_distance,
        worst_excess,
    }
}

/// The exact distance of every board within a few moves of a goal, by one breadth-first search
/// from it: h* where a board is too large for a [`DistanceTable`] (the 15-puzzle has 10¹³
/// states), for the boards a search meets last, next to the goal. A sample, not the space.
#[derive(Clone, Debug)]
pub struct NearGoal {
    goal: Board,
    radius: u8,
    distances: std::collections::HashMap<Board, u8>,
}

impl NearGoal {
    /// Every board at most `radius` moves from `goal` (on the 15-puzzle about 120,000 boards
    /// for a radius of 15, built in a fraction of a second).
    pub fn new(goal: Board, radius: u8) -> NearGoal {
        let mut distances = std::collections::HashMap::new();
        distances.insert(goal, 0u8);
        let mut layer = vec![goal];
        for depth in 1..=radius {
            let mut next = Vec::new();
            for board in &layer {
                for (child, _) in board.successors() {
                    if let std::collections::hash_map::Entry::Vacant(slot) = distances.entry(child)
                    {
                        slot.insert(depth);
                        next.push(child);
                    }
                }
            }
            layer = next;
        }
        NearGoal {
            goal,
            radius,
            distances,
        }
    }

    pub fn goal(&self) -> Board {
        self.goal
    }

    /// The largest distance it knows.
    pub fn radius(&self) -> u8 {
        self.radius
    }

    /// h* of `board` if it is within the radius.
    pub fn distance(&self, board: &Board) -> Option<u8> {
        self.distances.get(board).copied()
    }

    /// How many boards it knows.
    pub fn len(&self) -> usize {
        self.distances.len()
    }

    pub fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }

    /// `weight · h` against h* over the boards it knows, as [`profile`] does over a whole
    /// 3x3 space.
    pub fn profile(&self, heuristic: &Heuristic, weight: f64) -> Profile {
        let levels = usize::from(self.radius) + 1;
        let exact = self.distances.iter().map(|(&board, &d)| (board, d));
        profile_of(exact, levels, heuristic, weight)
    }
}

/// A place where a heuristic breaks a promise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Violation {
    /// w·h(n) > h*(n): the estimate is above the true distance.
    Inadmissible { board: Board, h: f64, exact: u8 },
    /// w·h(n) > 1 + w·h(n'): the estimate drops by more than the cost of the move.
    Inconsistent {
        from: Board,
        to: Board,
        h_from: f64,
        h_to: f64,
    },
}

impl Violation {
    /// The violation in one sentence.
    pub fn describe(&self) -> String {
        match self {
            Violation::Inadmissible { board, h, exact } => {
                format!("h = {h} on {board}, but it is only {exact} moves from the goal (h > h*)")
            }
            Violation::Inconsistent {
                from,
                to,
                h_from,
                h_to,
            } => format!(
                "h drops from {h_from} on {from} to {h_to} on {to}, more than the one move between them"
            ),
        }
    }
}

/// Checks one expansion: the expanded board against h* (when the table is known) and every
/// edge to a child for consistency, all with the estimate `weight · h`.
pub fn check_expansion(
    heuristic: &Heuristic,
    weight: f64,
    table: Option<&DistanceTable>,
    expanded: &Board,
    children: impl IntoIterator<Item = Board>,
) -> Vec<Violation> {
    let h = weight * f64::from(heuristic.h(expanded));
    let mut found = Vec::new();
    if let Some(exact) = table.and_then(|t| t.distance(expanded))
        && h > f64::from(exact)
    {
        found.push(Violation::Inadmissible {
            board: *expanded,
            h,
            exact,
        });
    }
    for child in children {
        let h_child = weight * f64::from(heuristic.h(&child));
        if h > 1.0 + h_child {
            found.push(Violation::Inconsistent {
                from: *expanded,
                to: child,
                h_from: h,
                h_to: h_child,
            });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::HeuristicKind;

    fn goal() -> Board {
        "123804765".parse().unwrap()
    }

    #[test]
    fn profiles_on_hand_checked_levels() {
        let table = DistanceTable::new(&goal()).unwrap();
        let misplaced = profile(
            &Heuristic::new(HeuristicKind::Misplaced, &goal()),
            &table,
            1.0,
        );
        // The goal itself: h = 0.
        assert_eq!(misplaced.by_distance[0].states, 1);
        assert_eq!(misplaced.by_distance[0].max, 0.0);
        // One move away: exactly one tile is misplaced, on all four boards.
        let one = misplaced.by_distance[1];
        assert_eq!((one.states, one.min, one.max, one.mean), (4, 1.0, 1.0, 1.0));
        assert!(misplaced.admissible());
        let manhattan = profile(
            &Heuristic::new(HeuristicKind::Manhattan, &goal()),
            &table,
            1.0,
        );
        for (m, p) in manhattan.by_distance.iter().zip(&misplaced.by_distance) {
            assert!(m.mean >= p.mean);
        }
        let zero = profile(&Heuristic::new(HeuristicKind::Zero, &goal()), &table, 1.0);
        // Never above h*, and equal to it only at the goal.
        assert_eq!((zero.worst_excess, zero.over), (0.0, 0));
        assert_eq!(zero.by_distance[30].max, 0.0);
        let doubled = profile(
            &Heuristic::new(HeuristicKind::Manhattan, &goal()),
            &table,
            2.0,
        );
        assert!(doubled.over > 100_000, "{}", doubled.over);
        assert_eq!(doubled.by_distance[1].over, 4);
    }

    #[test]
    fn live_check_flags_weighted_estimates() {
        let table = DistanceTable::new(&goal()).unwrap();
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal());
        let board: Board = "283104765".parse().unwrap();
        let children: Vec<Board> = board.successors().map(|(b, _)| b).collect();
        assert!(
            check_expansion(&manhattan, 1.0, Some(&table), &board, children.clone()).is_empty()
        );
        let found = check_expansion(&manhattan, 3.0, Some(&table), &board, children);
        // 3 x 4 = 12 > 4 moves, and moving 8 down drops h from 12 to 9.
        assert!(matches!(found[0], Violation::Inadmissible { exact: 4, .. }));
        assert!(
            found
                .iter()
                .any(|v| matches!(v, Violation::Inconsistent { h_to, .. } if *h_to == 9.0))
        );
        assert!(found[0].describe().contains("h > h*"));
    }
}
