//! What is worth telling the person editing a graph before they search it: a graph can be
//! valid (every edit keeps it so) and still be a poor problem.

use std::fmt;

use super::model::{Graph, NodeId};

/// Something odd about a graph as a search problem. None of them stops a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphIssue {
    /// No goal can be reached from the start: every search ends without a solution.
    NoPathToGoal,
    /// The start is a goal: every search ends at its first step.
    StartIsGoal,
    /// A goal the start cannot reach (while another goal can be reached).
    UnreachableGoal(NodeId),
    /// A node no edge touches.
    Isolated(NodeId),
}

impl GraphIssue {
    /// The issue in an English sentence, naming nodes by name.
    pub fn describe(&self, graph: &Graph) -> String {
        match self {
            GraphIssue::NoPathToGoal => "no path leads from the start to a goal".to_owned(),
            GraphIssue::StartIsGoal => {
                format!("the start, {}, is also a goal", graph.name(graph.start()))
            }
            GraphIssue::UnreachableGoal(goal) => {
                format!(
                    "the goal {} cannot be reached from the start",
                    graph.name(*goal)
                )
            }
            GraphIssue::Isolated(node) => format!("no edge touches {}", graph.name(*node)),
        }
    }
}

impl fmt::Display for GraphIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphIssue::NoPathToGoal => f.write_str("no path from the start to a goal"),
            GraphIssue::StartIsGoal => f.write_str("the start is a goal"),
            GraphIssue::UnreachableGoal(node) => write!(f, "goal {} is unreachable", node.0),
            GraphIssue::Isolated(node) => write!(f, "node {} has no edge", node.0),
        }
    }
}

impl Graph {
    /// The nodes the start can reach, by node index.
    pub fn reachable_from_start(&self) -> Vec<bool> {
        let mut seen = vec![false; self.node_count()];
        let mut stack = vec![self.start()];
        seen[self.start().index()] = true;
        while let Some(node) = stack.pop() {
            for link in self.successors(node) {
                if !seen[link.node.index()] {
                    seen[link.node.index()] = true;
                    stack.push(link.node);
                }
            }
        }
        seen
    }

    /// What is odd about the graph as a problem, most serious first: no path to any goal,
    /// the start being a goal, goals out of reach, nodes without edges (in id order).
    ///
    /// ```
    /// use searchlab::domains::graph::{GraphIssue, GraphPreset, Position};
    /// let mut graph = GraphPreset::Romania.build();
    /// assert!(graph.problems().is_empty());
    /// let island = graph.add_named_node("Island", Position::new(10.0, 10.0)).unwrap();
    /// graph.set_goals(&[island]).unwrap();
    /// assert_eq!(graph.problems()[0], GraphIssue::NoPathToGoal);
    /// ```
    pub fn problems(&self) -> Vec<GraphIssue> {
        let reached = self.reachable_from_start();
        let mut issues = Vec::new();
        let out_of_reach: Vec<NodeId> = self
            .goals()
            .iter()
            .copied()
            .filter(|g| !reached[g.index()])
            .collect();
        if out_of_reach.len() == self.goals().len() {
            issues.push(GraphIssue::NoPathToGoal);
        } else {
            issues.extend(out_of_reach.into_iter().map(GraphIssue::UnreachableGoal));
        }
        if self.is_goal(self.start()) {
            issues.insert(0, GraphIssue::StartIsGoal);
        }
        let mut touched = vec![false; self.node_count()];
        for edge in self.edge_ids() {
            let e = self.edge(edge);
            touched[e.from.index()] = true;
            touched[e.to.index()] = true;
        }
        if self.node_count() > 1 {
            issues.extend(
                self.node_ids()
                    .filter(|n| !touched[n.index()])
                    .map(GraphIssue::Isolated),
            );
        }
        issues
    }

    /// [`Graph::problems`] under the name a checker is looked for by.
    pub fn validate(&self) -> Vec<GraphIssue> {
        self.problems()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::graph::{EdgeKind, Position};
    use crate::search::Cost;

    #[test]
    fn each_issue_is_found() {
        let mut g = Graph::new("S", Position::default()).unwrap();
        assert_eq!(g.problems(), [GraphIssue::StartIsGoal]);
        let [a, b, c] = ["A", "B", "C"].map(|n| g.add_named_node(n, Position::default()).unwrap());
        let s = g.start();
        g.add_edge(s, a, Cost::ONE, EdgeKind::Directed).unwrap();
        g.add_edge(b, s, Cost::ONE, EdgeKind::Directed).unwrap();
        g.set_goals(&[b]).unwrap();
        // B leads to S, but S does not lead to B.
        assert_eq!(
            g.problems(),
            [GraphIssue::NoPathToGoal, GraphIssue::Isolated(c)]
        );
        assert_eq!(
            g.problems()[0].describe(&g),
            "no path leads from the start to a goal"
        );
        g.toggle_goal(a).unwrap();
        assert_eq!(
            g.problems(),
            [GraphIssue::UnreachableGoal(b), GraphIssue::Isolated(c)]
        );
        assert_eq!(
            g.problems()[0].describe(&g),
            "the goal B cannot be reached from the start"
        );
        g.set_goals(&[a]).unwrap();
        g.add_edge(c, a, Cost::ONE, EdgeKind::Undirected).unwrap();
        assert_eq!(g.validate(), []);
    }
}
