//! The live heuristic check: at every expansion, is w·h above the true cost h* (not
//! admissible), or does it drop along an edge by more than the edge costs (not consistent)?
//! Works on any problem of the window; h* comes from the puzzle's distance table or, for a
//! problem whose states are numbered (a map's cells), from the costs its domain computes for
//! every state at once (one reverse Dijkstra). A 4x4 board has no distance table: there h* is known on a
//! sample, every board within [`NEAR_RADIUS`] moves of the goal ([`NearGoal`], computed once
//! per goal on a thread), and elsewhere only consistency is checked. Model only, no drawing.

use std::sync::{Arc, Mutex};

use super::domain::{AnyHeuristic, AnyProblem, AnyState};
use crate::domains::puzzle::{Board, DistanceTable, NearGoal};
use crate::search::{Algorithm, Cost, Search, SearchConfig, SearchProblem};

/// The true cost to the goal of every state, where the window knows it.
#[derive(Clone, Copy)]
pub enum HStar<'a> {
    /// A 3x3 goal's exact distances.
    Table(&'a DistanceTable),
    /// The cost to a goal of every state of a problem that numbers its states (by
    /// `SearchProblem::key_slot`), in the engine's cost units; `None` where no goal can be
    /// reached.
    Dense(&'a AnyProblem, &'a [Option<u64>]),
    /// A 4x4 goal's exact distances near it (`None` further away).
    Near(&'a NearGoal),
}

impl HStar<'_> {
    pub fn of(&self, state: &AnyState) -> Option<Cost> {
        match (self, state) {
            (HStar::Table(table), AnyState::Puzzle(board)) => {
                table.distance(board).map(|d| Cost::units(u64::from(d)))
            }
            (HStar::Dense(problem, costs), _) => {
                let slot = problem.key_slot(&problem.key(state));
                costs.get(slot).copied().flatten().map(Cost::from_raw)
            }
            (HStar::Near(near), AnyState::Puzzle(board)) => {
                near.distance(board).map(|d| Cost::units(u64::from(d)))
            }
            _ => None,
        }
    }
}

/// How far from a 4x4 goal h* is known for the check and the inspector: about 62,000 boards.
pub const NEAR_RADIUS: u8 = 14;

/// The boards near each 4x4 goal asked for, `None` while being computed.
static NEAR: Mutex<Vec<(Board, Option<Arc<NearGoal>>)>> = Mutex::new(Vec::new());

/// h* near a 4x4 goal, once computed; the first call for a goal starts it on a thread (so no
/// frame waits) and returns `None` until it is done.
pub fn near_goal(goal: Board) -> Option<Arc<NearGoal>> {
    let mut known = NEAR.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, near)) = known.iter().find(|(g, _)| *g == goal) {
        return near.clone();
    }
    known.push((goal, None));
    std::thread::spawn(move || {
        let near = Arc::new(NearGoal::new(goal, NEAR_RADIUS));
        let mut known = NEAR.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(slot) = known.iter_mut().find(|(g, _)| *g == goal) {
            slot.1 = Some(near);
        }
    });
    None
}

/// h* of every state of a problem that numbers its states, shared between frames: the problem
/// it was computed on and the costs.
pub type DenseCosts = (AnyProblem, Arc<Vec<Option<u64>>>);

/// One broken promise of the heuristic, with the estimate the algorithm uses (w·h).
#[derive(Clone, Debug, PartialEq)]
pub enum Flaw {
    /// w·h(n) > h*(n).
    Inadmissible { state: AnyState, h: f64, exact: f64 },
    /// w·h(n) > c(n, n') + w·h(n').
    Inconsistent {
        from: AnyState,
        to: AnyState,
        h_from: f64,
        h_to: f64,
        cost: f64,
    },
}

/// Checks one expansion of `state`: against h* when known, and every edge to a successor.
pub fn check_expansion(
    problem: &AnyProblem,
    config: &SearchConfig<AnyHeuristic>,
    exact: Option<HStar<'_>>,
    state: &AnyState,
) -> Vec<Flaw> {
    let weight = if config.algorithm == Algorithm::WeightedAStar {
        config.weight
    } else {
        1.0
    };
    let estimate = |s: &AnyState| weight * problem.heuristic(config.heuristic, s).as_f64();
    let h = estimate(state);
    let mut found = Vec::new();
    // A little slack: the grid's rounded units make exact ties differ in the last digit.
    const SLACK: f64 = 1e-9;
    if let Some(exact) = exact.and_then(|e| e.of(state))
        && h > exact.as_f64() + SLACK
    {
        found.push(Flaw::Inadmissible {
            state: *state,
            h,
            exact: exact.as_f64(),
        });
    }
    let mut successors = Vec::new();
    problem.successors(state, &mut successors);
    for (_, next, cost) in successors {
        let h_to = estimate(&next);
        if h > cost.as_f64() + h_to + SLACK {
            found.push(Flaw::Inconsistent {
                from: *state,
                to: next,
                h_from: h,
                h_to,
                cost: cost.as_f64(),
            });
        }
    }
    found
}

/// Violations found at the expansions so far.
#[derive(Default)]
pub struct HeuristicCheck {
    /// Steps checked so far (the first `checked` steps).
    checked: usize,
    /// Whether h* was known when they were checked; if it arrives later they are checked again.
    with_exact: bool,
    /// Whether it was known only near the goal (a 4x4 board).
    near_only: bool,
    /// The step index (0-based) of each violation, in order.
    steps: Vec<usize>,
    /// The first violations, at most [`KEPT`].
    first: Vec<(usize, Flaw)>,
}

const KEPT: usize = 20;

impl HeuristicCheck {
    pub fn count(&self) -> usize {
        self.steps.len()
    }

    /// The first violation and the step (1-based) it happened at.
    pub fn first(&self) -> Option<(usize, &Flaw)> {
        self.first.first().map(|(step, v)| (step + 1, v))
    }

    /// Whether h* was known for the check (else only consistency was checked).
    pub fn with_table(&self) -> bool {
        self.with_exact
    }

    /// Whether h* was known only for the boards near the goal (see [`NEAR_RADIUS`]).
    pub fn near_goal_only(&self) -> bool {
        self.near_only
    }

    pub fn capacity_bytes(&self) -> usize {
        self.steps.capacity() * std::mem::size_of::<usize>()
    }

    /// Brings the check up to the search's current step: drops what was undone, checks the
    /// new expansions, and everything again when h* has just become known. Algorithms that
    /// ignore h are not checked.
    pub fn update(&mut self, search: &dyn Search<AnyProblem>, exact: Option<HStar<'_>>) {
        let config = *search.config();
        if !config.algorithm.uses_heuristic() {
            return;
        }
        let steps = search.steps();
        // A 4x4 board: h* near the goal, once computed.
        let near = match (exact, search.problem()) {
            (None, AnyProblem::Puzzle(problem)) if problem.side() == 4 => near_goal(problem.goal()),
            _ => None,
        };
        let exact = exact.or(near.as_deref().map(HStar::Near));
        if exact.is_some() && !self.with_exact {
            *self = HeuristicCheck {
                with_exact: true,
                near_only: near.is_some(),
                ..HeuristicCheck::default()
            };
        }
        if self.checked > steps {
            let keep = self.steps.partition_point(|&s| s < steps);
            self.steps.truncate(keep);
            self.first.retain(|(s, _)| *s < steps);
            self.checked = steps;
        }
        for index in self.checked..steps {
            let view = search.step_at(index);
            if view.children.is_empty() && view.goal_found {
                continue;
            }
            let state = search.node(view.expanded).state;
            for flaw in check_expansion(search.problem(), &config, exact, &state) {
                self.steps.push(index);
                if self.first.len() < KEPT {
                    self.first.push((index, flaw));
                }
            }
        }
        self.checked = steps;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::model::domain::{from_grid, from_puzzle};
    use crate::domains::grid::{Connectivity, GridHeuristic, presets};
    use crate::domains::puzzle::{HeuristicKind, Problem};
    use crate::search::new_search;

    fn flaws(
        problem: AnyProblem,
        config: SearchConfig<AnyHeuristic>,
        exact: Option<HStar>,
    ) -> usize {
        let mut search = new_search(problem, config);
        search.run(usize::MAX);
        let mut check = HeuristicCheck::default();
        check.update(search.as_ref(), exact);
        check.count()
    }

    /// The lesson of the inspector: Manhattan overestimates on an 8-connected map (and is
    /// caught), octile never does; on a 4-connected map Manhattan is exact and clean.
    #[test]
    fn manhattan_is_flagged_on_eight_connected_maps_and_octile_never() {
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            let mut grid = presets::open_field(20, 12).unwrap();
            grid.set_connectivity(connectivity);
            let costs = grid.true_distances();
            let grid = Arc::new(grid);
            let problem = AnyProblem::Grid(grid.clone());
            let exact = Some(HStar::Dense(&problem, &costs));
            let run = |h| {
                flaws(
                    AnyProblem::Grid(grid.clone()),
                    from_grid(SearchConfig::with(Algorithm::AStar, h)),
                    exact,
                )
            };
            assert_eq!(run(GridHeuristic::Octile), 0, "{connectivity:?}");
            let manhattan = run(GridHeuristic::Manhattan);
            if connectivity == Connectivity::Eight {
                assert!(manhattan > 0);
            } else {
                assert_eq!(manhattan, 0);
            }
        }
    }

    #[test]
    fn weighted_a_star_is_flagged_on_the_puzzle_and_a_star_is_not() {
        let goal = "123804765".parse().unwrap();
        let problem = AnyProblem::Puzzle(Problem::new("283164705".parse().unwrap(), goal).unwrap());
        let table = DistanceTable::new(&goal).unwrap();
        let a_star = from_puzzle(SearchConfig::with(
            Algorithm::AStar,
            HeuristicKind::Manhattan,
        ));
        assert_eq!(
            flaws(problem.clone(), a_star, Some(HStar::Table(&table))),
            0
        );
        let weighted = SearchConfig {
            algorithm: Algorithm::WeightedAStar,
            weight: 3.0,
            ..a_star
        };
        assert!(flaws(problem, weighted, Some(HStar::Table(&table))) > 0);
    }
}
