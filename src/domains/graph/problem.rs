//! The graph as a [`SearchProblem`]: a node is the state, travelling an edge the action, from
//! the start to any goal. Successors come in the graph's [`SuccessorOrder`](super::SuccessorOrder),
//! and the seen-state index is one slot per node. With exactly one goal the graph also lists
//! predecessors (the arcs reversed, roads both ways), so the bidirectional searches run on it.

use super::heuristic::GraphHeuristic;
use super::model::{EdgeId, Graph, NodeId};
use crate::search::{Cost, HeuristicChoice, SearchProblem};

/// The action of a graph search: travel `edge` to `to`. The end is kept because a road can be
/// travelled either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub edge: EdgeId,
    pub to: NodeId,
}

impl HeuristicChoice for GraphHeuristic {
    const ALL: &'static [GraphHeuristic] = &GraphHeuristic::ALL;

    fn name(self) -> &'static str {
        GraphHeuristic::name(self)
    }

    fn title(self) -> &'static str {
        GraphHeuristic::title(self)
    }
}

impl SearchProblem for Graph {
    type State = NodeId;
    type Action = Move;
    type Key = NodeId;
    type Heuristic = GraphHeuristic;

    fn start(&self) -> NodeId {
        Graph::start(self)
    }

    fn is_goal(&self, node: &NodeId) -> bool {
        Graph::is_goal(self, *node)
    }

    fn successors(&self, node: &NodeId, out: &mut Vec<(Move, NodeId, Cost)>) {
        out.extend(Graph::successors(self, *node).iter().map(|link| {
            let step = Move {
                edge: link.edge,
                to: link.node,
            };
            (step, link.node, link.cost)
        }));
    }

    fn heuristic(&self, which: GraphHeuristic, node: &NodeId) -> Cost {
        self.estimate(which, *node)
    }

    fn key(&self, node: &NodeId) -> NodeId {
        *node
    }

    fn key_slots(&self) -> Option<usize> {
        Some(self.node_count())
    }

    #[inline]
    fn key_slot(&self, node: &NodeId) -> usize {
        node.index()
    }

    fn describe(&self, node: &NodeId) -> String {
        self.name(*node).to_owned()
    }

    fn describe_goal(&self) -> String {
        self.goals()
            .iter()
            .map(|&goal| self.name(goal))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The drawing position, rounded to whole units.
    fn coordinates(&self, node: &NodeId) -> Option<(i64, i64)> {
        let at = self.position(*node);
        Some((at.x.round() as i64, at.y.round() as i64))
    }

    fn goal_state(&self) -> Option<NodeId> {
        match self.goals() {
            [goal] => Some(*goal),
            _ => None,
        }
    }

    /// The ways into `node`, each as the move that travels it (from the predecessor to
    /// `node`), in the graph's order.
    fn predecessors(&self, node: &NodeId, out: &mut Vec<(Move, NodeId, Cost)>) {
        out.extend(Graph::predecessors(self, *node).iter().map(|link| {
            let step = Move {
                edge: link.edge,
                to: *node,
            };
            (step, link.node, link.cost)
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::graph::{GraphPreset, Position};
    use crate::search::{Algorithm, SearchConfig, Status, new_search};

    fn names(graph: &Graph, path: &[NodeId]) -> Vec<String> {
        path.iter().map(|&n| graph.name(n).to_owned()).collect()
    }

    /// Runs a search to its end on `graph`; the path's names and cost.
    fn solve(graph: &Graph, algorithm: Algorithm, h: GraphHeuristic) -> (Vec<String>, Cost) {
        let (path, cost, _) = solve_and_close(graph, algorithm, h);
        (path, cost)
    }

    /// The same, with the nodes in the order they were taken from open.
    fn solve_and_close(
        graph: &Graph,
        algorithm: Algorithm,
        h: GraphHeuristic,
    ) -> (Vec<String>, Cost, Vec<String>) {
        let mut search = new_search(graph.clone(), SearchConfig::with(algorithm, h));
        search.run(usize::MAX);
        assert!(
            matches!(search.status(), Status::Solved { .. }),
            "{algorithm}"
        );
        let path = search.solution_states().unwrap();
        let cost = graph.path_cost(&path).unwrap();
        let closed: Vec<NodeId> = search
            .closed()
            .iter()
            .map(|&id| search.node(id).state)
            .collect();
        (names(graph, &path), cost, names(graph, &closed))
    }

    #[test]
    fn romania_runs_as_the_book_says() {
        let romania = GraphPreset::Romania.build();
        let table = GraphHeuristic::Table;
        // The book's figures of the two searches take cities from open in this order.
        let (path, cost, closed) = solve_and_close(&romania, Algorithm::AStar, table);
        assert_eq!(
            path,
            ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]
        );
        assert_eq!(cost.to_string(), "418");
        assert_eq!(
            closed,
            [
                "Arad",
                "Sibiu",
                "Rimnicu Vilcea",
                "Fagaras",
                "Pitesti",
                "Bucharest"
            ]
        );
        let (path, cost, closed) = solve_and_close(&romania, Algorithm::Greedy, table);
        assert_eq!(path, ["Arad", "Sibiu", "Fagaras", "Bucharest"]);
        assert_eq!(cost.to_string(), "450");
        assert_eq!(closed, path);
        let (_, cost) = solve(&romania, Algorithm::UniformCost, GraphHeuristic::Zero);
        assert_eq!(cost.to_string(), "418");
        let (path, cost) = solve(&romania, Algorithm::BreadthFirst, GraphHeuristic::Zero);
        assert_eq!(path, ["Arad", "Sibiu", "Fagaras", "Bucharest"]);
        assert_eq!(cost.to_string(), "450");
        // One goal: the bidirectional searches run, and agree.
        let (_, cost) = solve(&romania, Algorithm::BidirectionalUcs, GraphHeuristic::Zero);
        assert_eq!(cost.to_string(), "418");
        let (path, _) = solve(&romania, Algorithm::BidirectionalBfs, GraphHeuristic::Zero);
        assert_eq!(path.len(), 4);
    }

    #[test]
    fn the_search_sees_names_keys_and_places() {
        let mut romania = GraphPreset::Romania.build();
        let arad = romania.find("Arad").unwrap();
        assert_eq!(romania.describe(&arad), "Arad");
        assert_eq!(romania.describe_goal(), "Bucharest");
        assert_eq!(romania.key_slots(), Some(20));
        assert_eq!(romania.key_slot(&arad), arad.index());
        assert_eq!(romania.coordinates(&arad), Some((91, 108)));
        assert!(romania.goal_state().is_some());
        let mut out = Vec::new();
        SearchProblem::successors(&romania, &arad, &mut out);
        let next: Vec<_> = out
            .iter()
            .map(|(_, n, c)| (romania.name(*n), c.to_string()))
            .collect();
        assert_eq!(
            next,
            [
                ("Sibiu", "140".into()),
                ("Timisoara", "118".into()),
                ("Zerind", "75".into())
            ]
        );
        // Each predecessor's move is the one its own successors list.
        let bucharest = romania.find("Bucharest").unwrap();
        out.clear();
        SearchProblem::predecessors(&romania, &bucharest, &mut out);
        for &(step, from, cost) in &out {
            let mut forward = Vec::new();
            SearchProblem::successors(&romania, &from, &mut forward);
            assert!(forward.contains(&(step, bucharest, cost)));
        }
        // Two goals: no single goal state, so no backward search.
        let iasi = romania.find("Iasi").unwrap();
        romania.toggle_goal(iasi).unwrap();
        assert_eq!(romania.goal_state(), None);
        assert_eq!(romania.describe_goal(), "Bucharest, Iasi");
        let config = SearchConfig::with(Algorithm::BidirectionalBfs, GraphHeuristic::Zero);
        assert!(crate::search::try_new_search(romania.clone(), config).is_err());
        let _ = Position::default();
    }
}
