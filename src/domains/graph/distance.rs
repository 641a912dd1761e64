//! True distances h* and what a heuristic is against them: one reverse Dijkstra search from
//! every goal at once gives h* for every node, and a heuristic is then checked node by node
//! (admissible: h(n) ≤ h*(n)) and arc by arc (consistent: h(n) ≤ c(n, n') + h(n')), as rows a
//! view can list and sentences can be made of.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::heuristic::GraphHeuristic;
use super::model::{EdgeId, Graph, NodeId};
use crate::search::Cost;

/// One node checked for admissibility.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeCheck {
    pub node: NodeId,
    /// The heuristic's estimate there.
    pub h: Cost,
    /// The cheapest cost to a goal, `None` when no goal can be reached (any h is admissible
    /// there).
    pub h_star: Option<Cost>,
}

impl NodeCheck {
    /// h(n) ≤ h*(n).
    pub fn admissible(&self) -> bool {
        self.h_star.is_none_or(|h_star| self.h <= h_star)
    }
}

/// One way along an edge checked for consistency (a road is checked both ways).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArcCheck {
    pub edge: EdgeId,
    pub from: NodeId,
    pub to: NodeId,
    pub cost: Cost,
    /// h(from).
    pub h_from: Cost,
    /// h(to).
    pub h_to: Cost,
}

impl ArcCheck {
    /// h(from) ≤ cost + h(to).
    pub fn consistent(&self) -> bool {
        self.h_from <= self.cost + self.h_to
    }
}

/// A heuristic checked on a whole graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeuristicReport {
    pub heuristic: GraphHeuristic,
    /// Every node, in id order.
    pub nodes: Vec<NodeCheck>,
    /// Every way along every edge, in edge order (a road's forward way first).
    pub arcs: Vec<ArcCheck>,
}

impl HeuristicReport {
    /// Whether h(n) ≤ h*(n) at every node.
    pub fn is_admissible(&self) -> bool {
        self.nodes.iter().all(NodeCheck::admissible)
    }

    /// Whether h(n) ≤ c(n, n') + h(n') along every arc.
    pub fn is_consistent(&self) -> bool {
        self.arcs.iter().all(ArcCheck::consistent)
    }

    /// The nodes where the estimate is above h*.
    pub fn overestimates(&self) -> impl Iterator<Item = &NodeCheck> {
        self.nodes.iter().filter(|n| !n.admissible())
    }

    /// The arcs along which the estimate drops by more than the arc's cost.
    pub fn inconsistencies(&self) -> impl Iterator<Item = &ArcCheck> {
        self.arcs.iter().filter(|a| !a.consistent())
    }
}

impl Graph {
    /// h* for every node, indexed by [`NodeId::index`]: the cost of the cheapest path from the
    /// node to any goal, `None` where no goal can be reached. One Dijkstra search runs
    /// backwards from all goals at once, along the arcs reversed (a road both ways), so it
    /// costs O((n + e) log n) whatever the number of goals.
    ///
    /// ```
    /// use searchlab::domains::graph::GraphPreset;
    /// let romania = GraphPreset::Romania.build();
    /// let h_star = romania.true_distances();
    /// let arad = romania.find("Arad").unwrap();
    /// assert_eq!(h_star[arad.index()].unwrap().to_string(), "418");
    /// ```
    pub fn true_distances(&self) -> Vec<Option<Cost>> {
        let mut dist: Vec<Option<Cost>> = vec![None; self.node_count()];
        let mut heap = BinaryHeap::new();
        for &goal in self.goals() {
            dist[goal.index()] = Some(Cost::ZERO);
            heap.push(Reverse((Cost::ZERO, goal)));
        }
        while let Some(Reverse((d, node))) = heap.pop() {
            if dist[node.index()].is_some_and(|best| best < d) {
                continue; // A stale entry: the node was settled cheaper.
            }
            for link in self.predecessors(node) {
                let through = d + link.cost;
                let slot = &mut dist[link.node.index()];
                if slot.is_none_or(|best| through < best) {
                    *slot = Some(through);
                    heap.push(Reverse((through, link.node)));
                }
            }
        }
        dist
    }

    /// The heuristic `which` checked at every node against h* and along every arc.
    pub fn check_heuristic(&self, which: GraphHeuristic) -> HeuristicReport {
        let h_star = self.true_distances();
        let h: Vec<Cost> = self
            .node_ids()
            .map(|node| self.estimate(which, node))
            .collect();
        let nodes = self
            .node_ids()
            .map(|node| NodeCheck {
                node,
                h: h[node.index()],
                h_star: h_star[node.index()],
            })
            .collect();
        let mut arcs = Vec::with_capacity(2 * self.edge_count());
        for edge in self.edge_ids() {
            let e = *self.edge(edge);
            let mut ways = vec![(e.from, e.to)];
            if e.kind == super::EdgeKind::Undirected {
                ways.push((e.to, e.from));
            }
            for (from, to) in ways {
                arcs.push(ArcCheck {
                    edge,
                    from,
                    to,
                    cost: e.cost,
                    h_from: h[from.index()],
                    h_to: h[to.index()],
                });
            }
        }
        HeuristicReport {
            heuristic: which,
            nodes,
            arcs,
        }
    }

    /// Whether the heuristic never overestimates on this graph (h(n) ≤ h*(n) everywhere), so
    /// A* returns a cheapest path with it.
    pub fn is_admissible(&self, which: GraphHeuristic) -> bool {
        self.check_heuristic(which).is_admissible()
    }

    /// Whether the heuristic drops by at most the cost along every arc, so A* never reopens
    /// a closed node with it.
    pub fn is_consistent(&self, which: GraphHeuristic) -> bool {
        self.check_heuristic(which).is_consistent()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::graph::{EdgeKind, GraphPreset, Position};

    /// Forward Dijkstra from one node to the nearest goal: the obviously correct reference.
    fn forward(graph: &Graph, from: NodeId) -> Option<Cost> {
        pathfinding::directed::dijkstra::dijkstra(
            &from,
            |&n| {
                graph
                    .successors(n)
                    .iter()
                    .map(|l| (l.node, l.cost.raw()))
                    .collect::<Vec<_>>()
            },
            |&n| graph.is_goal(n),
        )
        .map(|(_, raw)| Cost::from_raw(raw))
    }

    #[test]
    fn h_star_is_the_forward_distance_from_every_node_on_every_preset() {
        for preset in GraphPreset::ALL {
            let graph = preset.build();
            let h_star = graph.true_distances();
            for node in graph.node_ids() {
                assert_eq!(
                    h_star[node.index()],
                    forward(&graph, node),
                    "{preset:?} {node:?}"
                );
            }
        }
    }

    #[test]
    fn several_goals_and_one_way_arcs() {
        // A →2 B →2 C, and C - D a road of 1: goals C and D.
        let mut g = Graph::new("A", Position::default()).unwrap();
        let [b, c, d] = ["B", "C", "D"].map(|n| g.add_named_node(n, Position::default()).unwrap());
        let a = g.start();
        g.add_edge(a, b, Cost::units(2), EdgeKind::Directed)
            .unwrap();
        g.add_edge(b, c, Cost::units(2), EdgeKind::Directed)
            .unwrap();
        g.add_edge(c, d, Cost::units(1), EdgeKind::Undirected)
            .unwrap();
        g.set_goals(&[c, d]).unwrap();
        let h_star = g.true_distances();
        assert_eq!(h_star, [4u64, 2, 0, 0].map(|n| Some(Cost::units(n))));
        // No arc leads into A: with A the goal, no other node reaches it.
        g.set_goals(&[a]).unwrap();
        assert_eq!(g.true_distances(), vec![Some(Cost::ZERO), None, None, None]);
    }

    #[test]
    fn the_report_names_the_overestimates_and_the_drops() {
        let mut g = GraphPreset::Inconsistent.build();
        let report = g.check_heuristic(GraphHeuristic::Table);
        assert!(report.is_admissible());
        assert!(!report.is_consistent());
        let drops: Vec<_> = report
            .inconsistencies()
            .map(|a| (g.name(a.from).to_owned(), g.name(a.to).to_owned()))
            .collect();
        assert!(
            drops.contains(&("B".to_owned(), "A".to_owned())),
            "{drops:?}"
        );
        // Raising h(A) past h*(A) makes it inadmissible there.
        let a = g.find("A").unwrap();
        let h_star_a = g.true_distances()[a.index()].unwrap();
        g.set_h(a, h_star_a + Cost::ONE).unwrap();
        let report = g.check_heuristic(GraphHeuristic::Table);
        let over: Vec<_> = report.overestimates().map(|n| n.node).collect();
        assert_eq!(over, [a]);
        assert!(!g.is_admissible(GraphHeuristic::Table));
        assert!(g.is_admissible(GraphHeuristic::Zero) && g.is_consistent(GraphHeuristic::Zero));
        assert_eq!(report.arcs.len(), 2 * g.edge_count());
    }

    #[test]
    fn romania_h_sld_is_admissible_and_the_drawing_only_at_a_scale_that_allows_it() {
        let romania = GraphPreset::Romania.build();
        assert!(romania.is_admissible(GraphHeuristic::Table));
        assert!(romania.is_consistent(GraphHeuristic::Table));
        // aima-python's drawing is close to a map in km: at scale 1 the straight lines are
        // shorter than every route (Arad 350.29 against h* 418) and drop by less than each
        // road; a fifth more and five cities' lines are longer than their best routes (Arad's
        // 420.35 against 418).
        assert!(romania.is_admissible(GraphHeuristic::StraightLine));
        assert!(romania.is_consistent(GraphHeuristic::StraightLine));
        let arad = romania.find("Arad").unwrap();
        assert_eq!(
            romania
                .estimate(GraphHeuristic::StraightLine, arad)
                .to_string(),
            "350.29"
        );
        let mut stretched = romania.clone();
        stretched.set_scale(1.2).unwrap();
        let report = stretched.check_heuristic(GraphHeuristic::StraightLine);
        let over: Vec<_> = report
            .overestimates()
            .map(|n| stretched.name(n.node))
            .collect();
        assert_eq!(
            over,
            ["Arad", "Oradea", "Pitesti", "Rimnicu Vilcea", "Sibiu"]
        );
    }
}
