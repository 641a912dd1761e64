//! Grid maps, the second search domain: a map of free, wall, weighted and water cells, a start
//! and a goal, 4- or 8-connected moves, the distance heuristics, true distances h*, presets that
//! teach, and the MovingAI benchmark files. Engine side only: no window, no search algorithm;
//! [`Grid`] is a [`crate::search::SearchProblem`] over its plain methods ([`Grid::successors`],
//! [`Grid::is_goal`], [`Grid::heuristic`]), so the engine searches it like any problem.
//!
//! **Costs** are integers in units of 1/[`COST_SCALE`] of a step, so paths compare exactly: a
//! straight step into a cell costs 10 000 × the cell's weight, a diagonal 14 143 × the weight
//! (√2 rounded up, so heuristics rounded down never overestimate). The weight is that of the
//! cell **entered**; free ground and water weigh 1, terrain 2 to 9. No move joins ground and
//! water (MovingAI's rule for its `W` cells).
//!
//! | file | owns |
//! |---|---|
//! | `geometry` | [`Cell`], [`Dir`] (generation order), [`Connectivity`], [`CornerCutting`], the cost units |
//! | `map` | [`Grid`], [`Terrain`], [`GridError`]: storage, move rules, successors, editing |
//! | `heuristic` | [`GridHeuristic`]: zero, Manhattan, Euclidean, octile, Chebyshev |
//! | `problem` | the grid as the engine's search problem (cells, directions, costs, heuristics, coordinates for traces), and [`DenseIndex`] for the record-free search |
//! | `distance` | [`Grid::true_distances`]: h* for every cell by one reverse Dijkstra search |
//! | `presets` | [`Preset`] maps and seeded random maps |
//! | `movingai` | `.map` and `.scen` files |
//! | `text` | searchlab's grid file and the grid's serde form |

mod distance;
pub mod experiment;
mod geometry;
mod heuristic;
mod map;
pub mod movingai;
pub mod presets;
mod problem;
pub mod text;

pub use geometry::{
    COST_SCALE, Cell, Connectivity, CornerCutting, DIAGONAL_COST, Dir, STRAIGHT_COST, cost_as_steps,
};
pub use heuristic::GridHeuristic;
pub use map::{Endpoint, Grid, GridError, MAX_SIDE, MAX_WEIGHT, MIN_SIDE, MIN_WEIGHT, Terrain};
pub use movingai::{
    Expected, MapFileError, ScenFileError, Scenario, ScenarioError, check_scen_version, parse_map,
    parse_scen, parse_scen_line, write_map,
};
pub use presets::Preset;
pub use problem::DenseIndex;
