//! The live heuristic check: at every expansion, is w·h above the true cost h* (not
//! admissible), or does it drop along an edge by more than the edge costs (not consistent)?
//! Works on any problem of the window; h* comes from its domain ([`ExactCosts`], made on a
//! thread by the domain's section of the settings): for every state at once where the domain
//! can afford it, only near the goal where it cannot, and elsewhere only consistency is
//! checked. Model only, no drawing.

use std::any::Any;

use super::domain::{AnyHeuristic, AnyProblem, AnyState};
use crate::search::{Algorithm, Cost, Search, SearchConfig, SearchProblem};

/// The true cost to a goal of the states of one problem, as far as its domain knows it.
pub trait ExactCosts: Any + Send + Sync {
    /// h*(state), if known; `None` also where no goal can be reached.
    fn of(&self, state: &AnyState) -> Option<Cost>;
    /// Whether h* is known only near the goal (elsewhere the check tests consistency only).
    fn near_goal_only(&self) -> bool {
        false
    }
}

/// h* as the check and the views read it.
pub type HStar<'a> = &'a dyn ExactCosts;

/// The domain's own [`ExactCosts`], if they are of type `T` (a view that draws them whole).
pub fn exact_costs_as<T: ExactCosts>(exact: HStar<'_>) -> Option<&T> {
    (exact as &dyn Any).downcast_ref()
}

/// h* of every state of a problem that numbers its states (by `SearchProblem::key_slot`), in
/// the engine's cost units; `None` where no goal can be reached.
pub struct DenseCosts {
    pub problem: AnyProblem,
    pub costs: Vec<Option<u64>>,
}

impl ExactCosts for DenseCosts {
    fn of(&self, state: &AnyState) -> Option<Cost> {
        let slot = self.problem.key_slot(&self.problem.key(state));
        self.costs.get(slot).copied().flatten().map(Cost::from_raw)
    }
}

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
        if let Some(exact) = exact
            && !self.with_exact
        {
            *self = HeuristicCheck {
                with_exact: true,
                near_only: exact.near_goal_only(),
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
            let grid = std::sync::Arc::new(grid);
            let exact = DenseCosts {
                problem: AnyProblem::Grid(grid.clone()),
                costs,
            };
            let exact = Some(&exact as HStar);
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
        let table = crate::app::puzzle::puzzle_model::exact_costs(goal).unwrap();
        let table = Some(table.as_ref() as HStar);
        let a_star = from_puzzle(SearchConfig::with(
            Algorithm::AStar,
            HeuristicKind::Manhattan,
        ));
        assert_eq!(flaws(problem.clone(), a_star, table), 0);
        let weighted = SearchConfig {
            algorithm: Algorithm::WeightedAStar,
            weight: 3.0,
            ..a_star
        };
        assert!(flaws(problem, weighted, table) > 0);
    }
}
