//! The estimates a graph search can use: none, the h table the user edits (a textbook's
//! "h(n)" column), and the straight-line distance between drawing positions times the
//! graph's scale. Whether one of them is admissible or consistent on a given graph is a
//! question about that graph, answered against h* in [`super::distance`].

use std::fmt;

use serde::{Deserialize, Serialize};

use super::decimal::MAX_COST;
use super::model::{Graph, GraphEditError, NodeId};
use crate::search::Cost;

/// The heuristics of a route graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum GraphHeuristic {
    /// h = 0: A* becomes uniform-cost search.
    Zero,
    /// The h table, node by node as the graph gives it (a node without a value counts 0).
    /// Admissible, consistent or neither: that is the table's business, and what the
    /// presets that mislead A* are made of.
    #[default]
    Table,
    /// The straight-line distance between the node's position and the nearest goal's, times
    /// the graph's [`Graph::scale`], rounded down to the unit of [`Cost`]. Admissible only
    /// when the scale makes every edge at least as long, in cost, as the line between its
    /// ends ([`Graph::is_admissible`] checks the graph at hand).
    StraightLine,
}

impl GraphHeuristic {
    /// Every heuristic, in menu order.
    pub const ALL: [GraphHeuristic; 3] = [
        GraphHeuristic::Zero,
        GraphHeuristic::Table,
        GraphHeuristic::StraightLine,
    ];

    /// The name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            GraphHeuristic::Zero => "zero",
            GraphHeuristic::Table => "table",
            GraphHeuristic::StraightLine => "straight-line",
        }
    }

    /// A short human title.
    pub fn title(self) -> &'static str {
        match self {
            GraphHeuristic::Zero => "Zero",
            GraphHeuristic::Table => "h table",
            GraphHeuristic::StraightLine => "Straight-line distance",
        }
    }

    /// Looks a heuristic up by its name, ignoring case and surrounding spaces.
    pub fn from_name(name: &str) -> Option<GraphHeuristic> {
        GraphHeuristic::ALL
            .into_iter()
            .find(|h| h.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl fmt::Display for GraphHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A length in drawing units times a scale, as a cost rounded down (so an estimate never
/// gains by rounding), at most [`MAX_COST`].
fn scaled(length: f64, scale: f64) -> Cost {
    let raw = (length * scale * Cost::SCALE as f64).floor();
    if raw >= MAX_COST.raw() as f64 {
        MAX_COST
    } else {
        Cost::from_raw(raw.max(0.0) as u64)
    }
}

impl Graph {
    /// The estimate of the heuristic `which` at `node`.
    ///
    /// ```
    /// use searchlab::domains::graph::{GraphHeuristic, GraphPreset};
    /// let romania = GraphPreset::Romania.build();
    /// let arad = romania.find("Arad").unwrap();
    /// assert_eq!(romania.estimate(GraphHeuristic::Table, arad).to_string(), "366");
    /// assert_eq!(romania.estimate(GraphHeuristic::Zero, arad).to_string(), "0");
    /// ```
    pub fn estimate(&self, which: GraphHeuristic, node: NodeId) -> Cost {
        match which {
            GraphHeuristic::Zero => Cost::ZERO,
            GraphHeuristic::Table => self.h_value(node).unwrap_or(Cost::ZERO),
            GraphHeuristic::StraightLine => self.straight_line(node, self.scale()),
        }
    }

    /// The straight-line distance from `node` to the nearest goal, times `scale`, rounded
    /// down to the unit of [`Cost`].
    pub fn straight_line(&self, node: NodeId, scale: f64) -> Cost {
        let here = self.position(node);
        let nearest = self
            .goals()
            .iter()
            .map(|&goal| here.distance(self.position(goal)))
            .fold(f64::INFINITY, f64::min);
        scaled(nearest, scale)
    }

    /// Fills the whole h table with the straight-line distance to the nearest goal times
    /// `scale` (0 to 1000000), rounded down: what a textbook's "straight-line distance" table
    /// is, for a map drawn to scale. The graph's own scale is set to it too, so the
    /// straight-line heuristic and the table agree.
    pub fn set_h_from_positions(&mut self, scale: f64) -> Result<(), GraphEditError> {
        self.set_scale(scale)?;
        for node in self.node_ids() {
            self.set_h(node, self.straight_line(node, scale))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::graph::{EdgeKind, Position};

    #[test]
    fn names_round_trip() {
        for h in GraphHeuristic::ALL {
            assert_eq!(GraphHeuristic::from_name(h.name()), Some(h));
            assert_eq!(GraphHeuristic::from_name(&h.name().to_uppercase()), Some(h));
        }
        assert_eq!(GraphHeuristic::from_name("octile"), None);
    }

    #[test]
    fn straight_line_takes_the_nearest_goal_and_rounds_down() {
        let mut g = Graph::new("S", Position::new(0.0, 0.0)).unwrap();
        let far = g.add_named_node("Far", Position::new(30.0, 40.0)).unwrap();
        let near = g.add_named_node("Near", Position::new(1.0, 1.0)).unwrap();
        let s = g.start();
        g.add_edge(s, far, Cost::units(50), EdgeKind::Undirected)
            .unwrap();
        g.set_goals(&[far]).unwrap();
        assert_eq!(g.estimate(GraphHeuristic::StraightLine, s), Cost::units(50));
        g.set_scale(0.5).unwrap();
        assert_eq!(g.estimate(GraphHeuristic::StraightLine, s), Cost::units(25));
        g.toggle_goal(near).unwrap();
        // √2 = 1.41421356…, times 0.5, rounded down to 7 071 units.
        assert_eq!(
            g.estimate(GraphHeuristic::StraightLine, s),
            Cost::from_raw(7_071)
        );
        assert_eq!(g.estimate(GraphHeuristic::Table, s), Cost::ZERO);
        g.set_h_from_positions(2.0).unwrap();
        assert_eq!(g.h_value(s), Some(Cost::from_raw(28_284)));
        assert_eq!(g.h_value(far), Some(Cost::ZERO));
        assert_eq!(g.scale(), 2.0);
        assert!(g.set_h_from_positions(-1.0).is_err());
        // Far beyond any cost: capped, not wrapped.
        g.move_node(near, Position::new(1e6, 1e6)).unwrap();
        g.set_goals(&[near]).unwrap();
        assert_eq!(g.straight_line(s, 1e6), MAX_COST);
    }
}
