//! SMA* on graphs: the book's Romania map in several memories, and seeded random graphs
//! checked against the `pathfinding` crate's Dijkstra, asserting only what the theory
//! promises: the cheapest path whenever the shallowest cheapest path fits in memory, and
//! otherwise a real path, never cheaper than the cheapest, or none.

use super::*;
use crate::rng::Rng;
use crate::search::{
    Algorithm, Cost, Search, SearchConfig, SmaStar, Status, StepEvent, new_search,
};

/// SMA* with `memory` nodes on `g`, run to its end.
fn run(g: &Graph, heuristic: GraphHeuristic, memory: u32) -> Box<dyn Search<Graph>> {
    let config = SearchConfig {
        memory_limit: memory,
        ..SearchConfig::with(Algorithm::SmaStar, heuristic)
    };
    let mut search = new_search(g.clone(), config);
    search.run(usize::MAX);
    search
}

fn forgot_any(search: &dyn Search<Graph>) -> bool {
    (0..search.steps()).any(|i| {
        search
            .events(i)
            .iter()
            .any(|e| matches!(e, StepEvent::Forgotten { .. }))
    })
}

/// The cheapest cost from the start to a goal by paths of at most `edges` edges
/// (Bellman-Ford stopped after `edges` rounds).
fn cheapest_within(g: &Graph, edges: u32) -> Option<Cost> {
    let mut best: Vec<Option<Cost>> = vec![None; g.node_count()];
    best[g.start().index()] = Some(Cost::ZERO);
    let mut found = g.is_goal(g.start()).then_some(Cost::ZERO);
    for _ in 0..edges {
        let mut next = best.clone();
        for node in g.node_ids() {
            let Some(cost) = best[node.index()] else {
                continue;
            };
            for link in g.successors(node) {
                let through = cost + link.cost;
                let slot = &mut next[link.node.index()];
                if slot.is_none_or(|c| through < c) {
                    *slot = Some(through);
                }
                if g.is_goal(link.node) && found.is_none_or(|c| through < c) {
                    found = Some(through);
                }
            }
        }
        best = next;
    }
    found
}

/// Arad to Bucharest with the book's straight-line distances: eight nodes of memory are
/// enough for the cheapest path (five nodes) though not for the whole search, which forgets
/// on the way; a thousand hold everything. Four nodes hold only Arad, Sibiu, Fagaras,
/// Bucharest (a goal at depth M - 1 keeps its f), the cheapest path of three roads; three
/// hold no path to Bucharest at all, and the search gives up on its last step.
#[test]
fn romania_in_eight_nodes_finds_the_books_path() {
    let romania = GraphPreset::Romania.build();
    let cheapest = romania.true_distances()[romania.start().index()].expect("a path");
    for memory in [8, 1000] {
        let search = run(&romania, GraphHeuristic::Table, memory);
        let path = search.solution_states().expect("solved");
        let names: Vec<&str> = path.iter().map(|&n| romania.name(n)).collect();
        assert_eq!(
            names,
            ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"],
            "M = {memory}"
        );
        assert_eq!(romania.path_cost(&path), Some(cheapest));
        assert_eq!(cheapest.to_string(), "418");
        assert!(search.stats().max_held <= memory);
        assert_eq!(forgot_any(search.as_ref()), memory == 8, "M = {memory}");
    }
    let search = run(&romania, GraphHeuristic::Table, 4);
    let path = search.solution_states().expect("solved");
    let names: Vec<&str> = path.iter().map(|&n| romania.name(n)).collect();
    assert_eq!(names, ["Arad", "Sibiu", "Fagaras", "Bucharest"]);
    assert_eq!(romania.path_cost(&path), cheapest_within(&romania, 3));
    assert!(cheapest_within(&romania, 2).is_none());
    let search = run(&romania, GraphHeuristic::Table, 3);
    assert_eq!(search.status(), Status::Exhausted);
    let last = search.steps() - 1;
    assert_eq!(search.events(last).last(), Some(&StepEvent::OutOfMemory));
    assert!(search.stats().max_held <= 3);
}

/// A random graph of `n` nodes, each joined to one to three others (half of them one-way) at a cost at
/// least its length at scale 1/100, so the straight-line estimate is admissible; a random
/// start and one or two goals, which need not be reachable.
fn random_graph(n: usize, seed: u64) -> Graph {
    let mut rng = Rng::new(seed);
    let at =
        |rng: &mut Rng| Position::new(rng.below(5001) as f64 / 10.0, rng.below(5001) as f64 / 10.0);
    let mut g = Graph::new("N0", at(&mut rng)).unwrap();
    for i in 1..n {
        g.add_named_node(&format!("N{i}"), at(&mut rng)).unwrap();
    }
    g.set_scale(0.01).unwrap();
    for from in 0..n {
        for _ in 0..1 + rng.below(3) {
            let (a, b) = (NodeId(from as u32), NodeId(rng.below(n) as u32));
            let length = g.position(a).distance(g.position(b));
            let floor = (length * 0.01 * Cost::SCALE as f64).floor() as u64;
            let extra = Cost::SCALE * (1 + rng.below(4) as u64);
            let kind = EdgeKind::one_way(rng.chance(0.5));
            // Self-loops and repeated edges are refused: the graph stays as it was.
            let _ = g.add_edge(a, b, Cost::from_raw(floor + extra), kind);
        }
    }
    g.set_start(NodeId(rng.below(n) as u32)).unwrap();
    let goals: Vec<NodeId> = (0..1 + rng.below(2))
        .map(|_| NodeId(rng.below(n) as u32))
        .collect();
    g.set_goals(&goals).unwrap();
    g
}

/// The cheapest cost to a goal and the fewest edges among the cheapest paths, by the
/// `pathfinding` crate's Dijkstra on costs that add one tiny unit per edge below the cost's
/// own units.
fn shallowest_cheapest(g: &Graph) -> Option<(Cost, u32)> {
    const EDGE: u64 = 1 << 20;
    pathfinding::directed::dijkstra::dijkstra(
        &g.start(),
        |&n| {
            g.successors(n)
                .iter()
                .map(|l| (l.node, l.cost.raw() * EDGE + 1))
                .collect::<Vec<_>>()
        },
        |&n| g.is_goal(n),
    )
    .map(|(_, both)| (Cost::from_raw(both / EDGE), (both % EDGE) as u32))
}

/// Checks one finished SMA* run on `g` with `memory` nodes against the theory.
fn check(g: &Graph, heuristic: GraphHeuristic, memory: u32, what: &str) {
    let best = shallowest_cheapest(g);
    let search = run(g, heuristic, memory);
    assert!(search.stats().max_held <= memory, "{what}");
    match search.status() {
        Status::Solved { goal } => {
            let path = search.solution_states().expect("solved");
            let cost = g
                .path_cost(&path)
                .unwrap_or_else(|| panic!("{what}: {path:?} is no path"));
            assert_eq!(path[0], g.start(), "{what}");
            assert!(g.is_goal(*path.last().expect("a path")), "{what}");
            assert_eq!(search.node(goal).g, cost, "{what}");
            assert!(
                path.len() <= memory as usize,
                "{what}: the path fits in memory"
            );
            let (cheapest, edges) = best.expect("a solution exists when one is found");
            assert!(cost >= cheapest, "{what}");
            if edges < memory {
                assert_eq!(cost, cheapest, "{what}: the shallowest cheapest path fits");
            }
        }
        Status::Exhausted => {
            if let Some((_, edges)) = best {
                assert!(edges >= memory, "{what}: gave up though the path fits");
            }
        }
        status => panic!("{what}: {status:?}"),
    }
}

/// Random graphs of 2 to 12 nodes, both heuristics, memory from 2 up to more than the node
/// count: the cheapest cost whenever the shallowest cheapest path fits (always once M is at
/// least the node count), otherwise a legal path no cheaper than the cheapest, or none.
#[test]
fn random_graphs_agree_with_dijkstra_as_far_as_memory_allows() {
    let (mut tight, mut unsolvable) = (0, 0);
    for seed in 0..60 {
        let n = 2 + (seed as usize * 7) % 11;
        let g = random_graph(n, seed);
        let best = shallowest_cheapest(&g);
        unsolvable += usize::from(best.is_none());
        if let Some((_, edges)) = best {
            tight += usize::from(edges + 1 < n as u32);
        }
        for heuristic in [GraphHeuristic::Zero, GraphHeuristic::StraightLine] {
            for memory in 2..=n as u32 + 1 {
                check(
                    &g,
                    heuristic,
                    memory,
                    &format!("seed {seed}, {n} nodes, M = {memory}"),
                );
            }
        }
    }
    // Some graphs have no path to a goal, and some a cheapest path shorter than the graph.
    assert!(unsolvable >= 3, "{unsolvable}");
    assert!(tight >= 10, "{tight}");
}

/// SMA* from `try_new` refuses a memory below two nodes, as the config says.
#[test]
fn a_memory_of_one_node_is_refused() {
    let config = SearchConfig {
        memory_limit: 1,
        ..SearchConfig::with(Algorithm::SmaStar, GraphHeuristic::Zero)
    };
    assert!(SmaStar::try_new(GraphPreset::Romania.build(), config).is_err());
}
