//! Distance estimates on a grid, in the same integer units as move costs
//! ([`COST_SCALE`] per straight step). They assume free ground everywhere: weights only make
//! moves dearer, and walls and water (which no move joins to ground) only take moves away, so
//! an estimate that never overestimates on free ground never does on any map.
//! The search's heuristic weight (weighted A*'s w) is the engine's business, not applied here.

use std::fmt;

use super::geometry::{COST_SCALE, Cell, Connectivity, DIAGONAL_COST, STRAIGHT_COST};
use super::map::Grid;

/// The heuristics a grid search can use.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum GridHeuristic {
    /// h = 0: A* becomes uniform-cost search.
    Zero,
    /// (dx + dy) steps: exact on an open 4-connected grid, but it **overestimates** on an
    /// 8-connected one, where a diagonal covers dx and dy at once for √2 < 2.
    #[default]
    Manhattan,
    /// The straight-line distance √(dx² + dy²), rounded down to a unit: never more than any
    /// path, on either connectivity, but weaker than octile.
    Euclidean,
    /// min(dx, dy) diagonals and the rest straight: the exact distance on an open 8-connected
    /// grid, computed in the rounded units (14 143 per diagonal) so it is consistent there.
    Octile,
    /// max(dx, dy) steps: as if a diagonal cost 1 like a straight step; admissible but weak.
    Chebyshev,
}

impl GridHeuristic {
    /// Every heuristic, in the order a menu lists them.
    pub const ALL: [GridHeuristic; 5] = [
        GridHeuristic::Zero,
        GridHeuristic::Manhattan,
        GridHeuristic::Euclidean,
        GridHeuristic::Octile,
        GridHeuristic::Chebyshev,
    ];

    /// The name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            GridHeuristic::Zero => "zero",
            GridHeuristic::Manhattan => "manhattan",
            GridHeuristic::Euclidean => "euclidean",
            GridHeuristic::Octile => "octile",
            GridHeuristic::Chebyshev => "chebyshev",
        }
    }

    /// A short human title.
    pub fn title(self) -> &'static str {
        match self {
            GridHeuristic::Zero => "Zero",
            GridHeuristic::Manhattan => "Manhattan distance",
            GridHeuristic::Euclidean => "Euclidean distance",
            GridHeuristic::Octile => "Octile distance",
            GridHeuristic::Chebyshev => "Chebyshev distance",
        }
    }

    /// Looks a heuristic up by its name, ignoring case and surrounding spaces.
    pub fn from_name(name: &str) -> Option<GridHeuristic> {
        GridHeuristic::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The estimate from `from` to `to`, in cost units.
    ///
    /// ```
    /// use searchlab::domains::grid::{Cell, GridHeuristic};
    /// let (a, b) = (Cell::new(0, 0), Cell::new(3, 4));
    /// assert_eq!(GridHeuristic::Manhattan.estimate(a, b), 70_000);
    /// assert_eq!(GridHeuristic::Euclidean.estimate(a, b), 50_000);
    /// assert_eq!(GridHeuristic::Octile.estimate(a, b), 3 * 14_143 + 10_000);
    /// assert_eq!(GridHeuristic::Chebyshev.estimate(a, b), 40_000);
    /// ```
    pub fn estimate(self, from: Cell, to: Cell) -> u64 {
        let (dx, dy) = from.delta(to);
        match self {
            GridHeuristic::Zero => 0,
            GridHeuristic::Manhattan => STRAIGHT_COST * (dx + dy),
            GridHeuristic::Euclidean => floor_sqrt(COST_SCALE * COST_SCALE * (dx * dx + dy * dy)),
            GridHeuristic::Octile => {
                STRAIGHT_COST * (dx + dy) - (2 * STRAIGHT_COST - DIAGONAL_COST) * dx.min(dy)
            }
            GridHeuristic::Chebyshev => STRAIGHT_COST * dx.max(dy),
        }
    }

    /// Whether the estimate is admissible (never above the true cost) on every grid with this
    /// connectivity, whatever its walls and weights. Each admissible one here is consistent
    /// too: h drops by at most the cost of any move. The unit tests check both claims against
    /// the true distances.
    pub fn is_admissible_on(self, connectivity: Connectivity) -> bool {
        !(self == GridHeuristic::Manhattan && connectivity == Connectivity::Eight)
    }
}

impl fmt::Display for GridHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Grid {
    /// The heuristic's estimate from `cell` to this grid's goal, in cost units.
    pub fn heuristic(&self, kind: GridHeuristic, cell: Cell) -> u64 {
        kind.estimate(cell, self.goal())
    }
}

/// ⌊√n⌋ exactly: the float square root is off by at most one for these sizes, then corrected.
fn floor_sqrt(n: u64) -> u64 {
    let mut r = (n as f64).sqrt() as u64;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for kind in GridHeuristic::ALL {
            assert_eq!(GridHeuristic::from_name(kind.name()), Some(kind));
            let shouted = format!(" {} ", kind.name().to_uppercase());
            assert_eq!(GridHeuristic::from_name(&shouted), Some(kind));
        }
        assert_eq!(GridHeuristic::from_name("diagonal"), None);
    }

    #[test]
    fn floor_sqrt_is_exact_near_squares() {
        for r in [0u64, 1, 2, 3, 9_999, 10_000, 14_142, 14_478_000] {
            assert_eq!(floor_sqrt(r * r), r);
            if r > 0 {
                assert_eq!(floor_sqrt(r * r - 1), r - 1);
            }
            assert_eq!(floor_sqrt(r * r + 2 * r), r);
        }
    }

    #[test]
    fn euclidean_rounds_down() {
        let e = GridHeuristic::Euclidean.estimate(Cell::new(0, 0), Cell::new(1, 1));
        assert_eq!(e, 14_142, "10 000·√2 = 14 142.13…");
        let far = GridHeuristic::Euclidean.estimate(Cell::new(0, 0), Cell::new(1023, 1023));
        assert_eq!(far, 14_467_404, "10 000·1023·√2 = 14 467 404.7…");
    }

    #[test]
    fn orderings_between_the_heuristics() {
        for (dx, dy) in [(0u16, 0u16), (1, 0), (1, 1), (5, 2), (2, 9), (1023, 700)] {
            let (a, b) = (Cell::new(0, 0), Cell::new(dx, dy));
            let h = |k: GridHeuristic| k.estimate(a, b);
            assert_eq!(h(GridHeuristic::Zero), 0);
            assert!(h(GridHeuristic::Chebyshev) <= h(GridHeuristic::Euclidean));
            assert!(h(GridHeuristic::Euclidean) <= h(GridHeuristic::Octile));
            assert!(h(GridHeuristic::Octile) <= h(GridHeuristic::Manhattan));
            // Symmetric in its two cells.
            for k in GridHeuristic::ALL {
                assert_eq!(k.estimate(a, b), k.estimate(b, a));
            }
        }
    }

    #[test]
    fn only_manhattan_on_eight_is_claimed_inadmissible() {
        let claimed: Vec<_> = GridHeuristic::ALL
            .into_iter()
            .filter(|k| !k.is_admissible_on(Connectivity::Eight))
            .collect();
        assert_eq!(claimed, [GridHeuristic::Manhattan]);
        assert!(
            GridHeuristic::ALL
                .iter()
                .all(|k| k.is_admissible_on(Connectivity::Four))
        );
    }
}
