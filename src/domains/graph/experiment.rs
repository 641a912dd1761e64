//! Experiments on a route graph: for each depth d, starts drawn (seeded) from the nodes whose
//! cheapest path to a goal takes d edges, each searched on the same graph with its start
//! replaced. [`crate::search::run_by_depth`] draws the starts and runs the jobs; this module
//! gives the depth of every node and turns a drawn node into a search.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::AtomicBool;

use super::heuristic::GraphHeuristic;
use super::model::{Graph, NodeId};
use crate::search::{
    Cost, DepthRange, ExperimentPlan, ExperimentRefusal, ExperimentTable, SearchConfig,
    draw_at_depth, run_from_starts,
};

impl Graph {
    /// The depth of every node, indexed by [`NodeId::index`]: the fewest edges among the
    /// cheapest paths from the node to a goal, 0 for a goal, `None` where no goal can be
    /// reached.
    ///
    /// One Dijkstra search runs backwards from every goal at once, as
    /// [`Graph::true_distances`] does, ordered by cost and then by edges, so that of several
    /// cheapest paths the fewest edges count.
    ///
    /// ```
    /// use searchlab::domains::graph::GraphPreset;
    /// let romania = GraphPreset::Romania.build();
    /// let arad = romania.find("Arad").unwrap();
    /// // Arad, Sibiu, Rimnicu Vilcea, Pitesti, Bucharest.
    /// assert_eq!(romania.step_depths()[arad.index()], Some(4));
    /// ```
    pub fn step_depths(&self) -> Vec<Option<u32>> {
        let mut best: Vec<Option<(Cost, u32)>> = vec![None; self.node_count()];
        let mut heap = BinaryHeap::new();
        for &goal in self.goals() {
            best[goal.index()] = Some((Cost::ZERO, 0));
            heap.push(Reverse((Cost::ZERO, 0u32, goal)));
        }
        while let Some(Reverse((cost, edges, node))) = heap.pop() {
            if best[node.index()].is_some_and(|b| b < (cost, edges)) {
                continue; // A stale entry: the node was settled cheaper or in fewer edges.
            }
            for link in self.predecessors(node) {
                let through = (cost + link.cost, edges + 1);
                let slot = &mut best[link.node.index()];
                if slot.is_none_or(|b| through < b) {
                    *slot = Some(through);
                    heap.push(Reverse((through.0, through.1, link.node)));
                }
            }
        }
        best.into_iter()
            .map(|b| b.map(|(_, edges)| edges))
            .collect()
    }
}

/// The depths the Experiments window offers on this graph: every depth up to the farthest
/// node that reaches a goal. Refused when no node but a goal reaches one.
pub fn depth_range(graph: &Graph) -> Result<DepthRange, ExperimentRefusal> {
    DepthRange::up_to_farthest(&graph.step_depths(), |_| 1)
}

/// The starts of one depth, drawn from `depths` (this graph's [`Graph::step_depths`]) as an
/// experiment draws them.
pub fn starts_at(depths: &[Option<u32>], depth: u32, count: usize, seed: u64) -> Vec<NodeId> {
    draw_at_depth(depths, depth, count, seed)
        .into_iter()
        .map(node_at)
        .collect()
}

fn node_at(index: usize) -> NodeId {
    NodeId(u32::try_from(index).expect("a graph numbers its nodes in u32"))
}

/// Runs the experiment on this graph: [`ExperimentPlan::per_depth`] starts per depth, every
/// configuration on each, searched on the same graph with its start replaced.
/// `progress(done, total)` is called after each (depth, configuration) job; setting `cancel`
/// stops it soon after.
pub fn run_experiment(
    graph: &Graph,
    configs: &[SearchConfig<GraphHeuristic>],
    plan: &ExperimentPlan,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &AtomicBool,
) -> Result<ExperimentTable<GraphHeuristic>, ExperimentRefusal> {
    let with_start = |i: usize| {
        let mut from = graph.clone();
        from.set_start(node_at(i))
            .expect("a drawn start is a node of the graph");
        from
    };
    run_from_starts(
        plan,
        &graph.step_depths(),
        configs,
        &with_start,
        progress,
        cancel,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::graph::GraphPreset;
    use crate::search::Algorithm;

    /// Forward Dijkstra from one node by (cost, edges): the fewest edges of a cheapest path to
    /// a goal, found independently of the reverse search.
    fn forward_depth(graph: &Graph, from: NodeId) -> Option<u32> {
        let mut best = vec![None; graph.node_count()];
        let mut heap = BinaryHeap::new();
        best[from.index()] = Some((Cost::ZERO, 0u32));
        heap.push(Reverse((Cost::ZERO, 0u32, from)));
        while let Some(Reverse((cost, edges, node))) = heap.pop() {
            if graph.is_goal(node) {
                return Some(edges);
            }
            if best[node.index()].is_some_and(|b| b < (cost, edges)) {
                continue;
            }
            for link in graph.successors(node) {
                let through = (cost + link.cost, edges + 1);
                if best[link.node.index()].is_none_or(|b| through < b) {
                    best[link.node.index()] = Some(through);
                    heap.push(Reverse((through.0, through.1, link.node)));
                }
            }
        }
        None
    }

    #[test]
    fn every_node_has_the_depth_a_forward_search_finds() {
        for preset in GraphPreset::ALL {
            let graph = preset.build();
            let depths = graph.step_depths();
            for node in graph.node_ids() {
                assert_eq!(
                    depths[node.index()],
                    forward_depth(&graph, node),
                    "{} in {}",
                    graph.name(node),
                    preset.name()
                );
            }
        }
    }

    #[test]
    fn drawn_starts_are_at_their_depth_and_repeat_from_their_seed() {
        let romania = GraphPreset::Romania.build();
        let depths = romania.step_depths();
        let farthest = depths.iter().flatten().copied().max().unwrap();
        for depth in 1..=farthest {
            let starts = starts_at(&depths, depth, 12, 5);
            assert_eq!(starts.len(), 12);
            for &start in &starts {
                assert_eq!(forward_depth(&romania, start), Some(depth));
            }
            assert_eq!(starts, starts_at(&depths, depth, 12, 5));
        }
        assert!(starts_at(&depths, farthest + 1, 3, 5).is_empty());
        assert_ne!(starts_at(&depths, 2, 12, 5), starts_at(&depths, 2, 12, 6));
    }

    #[test]
    fn an_experiment_on_romania_solves_every_start() {
        let romania = GraphPreset::Romania.build();
        let configs = [
            SearchConfig::with(Algorithm::UniformCost, GraphHeuristic::Zero),
            SearchConfig::with(Algorithm::AStar, GraphHeuristic::Table),
        ];
        let plan = ExperimentPlan {
            depths: vec![1, 2, 3, 4],
            per_depth: 5,
            seed: 2,
            threads: 2,
        };
        let table = run_experiment(
            &romania,
            &configs,
            &plan,
            &|_, _| {},
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!(table.depths, [1, 2, 3, 4]);
        for (&d, row) in table.depths.iter().zip(&table.entries) {
            for entry in row {
                assert_eq!((entry.solved, entry.unsolved), (5, 0), "depth {d}");
                assert!(entry.mean_length >= f64::from(d));
            }
            assert!(row[1].mean_expanded <= row[0].mean_expanded, "depth {d}");
        }
        let far = ExperimentPlan {
            depths: vec![30],
            ..plan
        };
        assert!(matches!(
            run_experiment(
                &romania,
                &configs,
                &far,
                &|_, _| {},
                &AtomicBool::new(false)
            ),
            Err(ExperimentRefusal::NoInstanceAt { depth: 30, .. })
        ));
    }
}
