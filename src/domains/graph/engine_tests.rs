//! Every algorithm of the engine on seeded random graphs (roads and one-way arcs, one goal and
//! several, both successor orders), checked against the `pathfinding` crate's Dijkstra and
//! BFS: the optimal algorithms must find the cheapest cost (or the fewest edges, for the
//! breadth-first ones), every other one a real path from the start to a goal, and all of them
//! must report "no solution" exactly when there is none.

use super::*;
use crate::rng::Rng;
use crate::search::{Algorithm, ConfigError, Cost, Search, SearchConfig, Status, try_new_search};

/// What the random graphs vary.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    pub(super) nodes: usize,
    /// The chance that an edge is a one-way arc.
    pub(super) arcs: f64,
    pub(super) goals: usize,
    pub(super) seed: u64,
    /// Whether an edge only leads from a lower node number to a higher one (no cycles).
    pub(super) acyclic: bool,
}

/// A random graph: nodes scattered over a 500 x 500 drawing, each joined to one to three
/// others at a cost at least its length at scale 1/100 (so the straight-line estimate at that
/// scale is admissible), some costs decimal; an h table that never overestimates (a random
/// share of h*); a random start and `goals` random goals, which need not be reachable. An
/// acyclic graph has arcs from lower to higher numbers only.
pub(super) fn random_graph(shape: Shape) -> Graph {
    let mut rng = Rng::new(shape.seed);
    let at =
        |rng: &mut Rng| Position::new(rng.below(5001) as f64 / 10.0, rng.below(5001) as f64 / 10.0);
    let mut g = Graph::new("N0", at(&mut rng)).unwrap();
    for i in 1..shape.nodes {
        g.add_named_node(&format!("N{i}"), at(&mut rng)).unwrap();
    }
    g.set_scale(0.01).unwrap();
    let n = shape.nodes;
    for from in 0..n {
        for _ in 0..1 + rng.below(3) {
            let to = rng.below(n);
            let (a, b) = if shape.acyclic {
                (from.min(to), from.max(to))
            } else {
                (from, to)
            };
            let (a, b) = (NodeId(a as u32), NodeId(b as u32));
            let length = g.position(a).distance(g.position(b));
            let floor = (length * 0.01 * Cost::SCALE as f64).floor() as u64;
            let extra = if rng.chance(0.5) {
                Cost::SCALE * (1 + rng.below(5) as u64)
            } else {
                1 + rng.below(50_000) as u64
            };
            let kind = EdgeKind::one_way(shape.acyclic || rng.chance(shape.arcs));
            // Self-loops and repeated edges are refused: the graph stays as it was.
            let _ = g.add_edge(a, b, Cost::from_raw(floor + extra), kind);
        }
    }
    if rng.chance(0.5) {
        g.set_order(SuccessorOrder::AsDrawn);
    }
    g.set_start(NodeId(rng.below(n) as u32)).unwrap();
    let goals: Vec<NodeId> = (0..shape.goals)
        .map(|_| NodeId(rng.below(n) as u32))
        .collect();
    g.set_goals(&goals).unwrap();
    let h_star = g.true_distances();
    for node in g.node_ids() {
        let h = match h_star[node.index()] {
            Some(h) => h.raw() * rng.below(101) as u64 / 100,
            None => rng.below(100_000) as u64,
        };
        g.set_h(node, Cost::from_raw(h)).unwrap();
    }
    g
}

/// The cheapest cost from the start to a goal, by the `pathfinding` crate.
pub(super) fn dijkstra(g: &Graph) -> Option<Cost> {
    pathfinding::directed::dijkstra::dijkstra(
        &g.start(),
        |&n| {
            g.successors(n)
                .iter()
                .map(|l| (l.node, l.cost.raw()))
                .collect::<Vec<_>>()
        },
        |&n| g.is_goal(n),
    )
    .map(|(_, raw)| Cost::from_raw(raw))
}

/// The fewest edges from the start to a goal, by the `pathfinding` crate.
fn fewest_edges(g: &Graph) -> Option<usize> {
    pathfinding::directed::bfs::bfs(
        &g.start(),
        |&n| g.successors(n).iter().map(|l| l.node).collect::<Vec<_>>(),
        |&n| g.is_goal(n),
    )
    .map(|path| path.len() - 1)
}

/// Runs every algorithm with every heuristic it uses on `g`; returns how many searches ran,
/// and how many of them stopped at the node limit.
fn check_every_algorithm(g: &Graph, shape: Shape) -> (usize, usize) {
    let cheapest = dijkstra(g);
    let fewest = fewest_edges(g);
    assert_eq!(cheapest.is_some(), fewest.is_some());
    assert_eq!(cheapest, g.true_distances()[g.start().index()], "{shape:?}");
    assert!(g.is_admissible(GraphHeuristic::Table), "{shape:?}");
    assert!(g.is_admissible(GraphHeuristic::StraightLine), "{shape:?}");
    let (mut runs, mut stopped) = (0, 0);
    for algorithm in Algorithm::EVERY {
        let heuristics: &[GraphHeuristic] = if algorithm.uses_heuristic() {
            &GraphHeuristic::ALL
        } else {
            &[GraphHeuristic::Zero]
        };
        for &heuristic in heuristics {
            let config = SearchConfig {
                // Every simple path is at most n - 1 edges long: DFS finds one if any exists.
                depth_limit: g.node_count() as u32,
                node_limit: 500_000,
                ..SearchConfig::with(algorithm, heuristic)
            };
            let what = format!("{shape:?} {algorithm} {heuristic}");
            let mut search = match try_new_search(g.clone(), config) {
                Ok(search) => search,
                Err(ConfigError::NoBackwardSearch) => {
                    assert!(
                        algorithm.is_bidirectional() && g.goals().len() > 1,
                        "{what}"
                    );
                    continue;
                }
                Err(error) => panic!("{what}: {error}"),
            };
            search.run(usize::MAX);
            runs += 1;
            stopped += usize::from(check_result(g, search.as_ref(), cheapest, fewest, &what));
        }
    }
    (runs, stopped)
}

/// Checks one finished search; true if it stopped at the node limit.
fn check_result(
    g: &Graph,
    search: &dyn Search<Graph>,
    cheapest: Option<Cost>,
    fewest: Option<usize>,
    what: &str,
) -> bool {
    let algorithm = search.config().algorithm;
    if search.status() == Status::LimitReached {
        // IDA* and IDS make new nodes in every iteration, RBFS and SMA* each time they
        // generate a forgotten subtree again: on a graph with many paths they may fill the
        // node limit before they finish. That is a search that stopped, not a wrong answer;
        // the others never get near the limit here.
        assert!(
            algorithm.is_depth_first() || algorithm.is_memory_bounded(),
            "{what}"
        );
        return true;
    }
    let Some(cheapest) = cheapest else {
        assert_eq!(search.status(), Status::Exhausted, "{what}");
        return false;
    };
    assert!(
        matches!(search.status(), Status::Solved { .. }),
        "{what}: {:?}",
        search.status()
    );
    let path = search.solution_states().unwrap();
    assert_eq!(path[0], g.start(), "{what}");
    assert!(g.is_goal(*path.last().unwrap()), "{what}");
    let cost = g
        .path_cost(&path)
        .unwrap_or_else(|| panic!("{what}: {path:?} is no path"));
    let edges = path.len() - 1;
    match algorithm {
        Algorithm::UniformCost
        | Algorithm::AStar
        | Algorithm::IdaStar
        | Algorithm::BranchAndBound
        | Algorithm::Rbfs
        | Algorithm::SmaStar
        | Algorithm::BidirectionalUcs => assert_eq!(cost, cheapest, "{what}"),
        Algorithm::BreadthFirst | Algorithm::IterativeDeepening | Algorithm::BidirectionalBfs => {
            assert_eq!(Some(edges), fewest, "{what}")
        }
        Algorithm::WeightedAStar => {
            // At most w times the cheapest, w·h being rounded to the unit.
            let bound = cheapest.raw() as f64 * search.config().weight + 1.0;
            assert!(
                cost.raw() as f64 <= bound,
                "{what}: {cost} against {cheapest}"
            );
        }
        Algorithm::Greedy | Algorithm::DepthFirst | Algorithm::HeuristicDepthFirst => {
            assert!(cost >= cheapest && edges <= g.node_count(), "{what}")
        }
    }
    // The goal's g is the path's cost, except for a bidirectional search, whose goal node is
    // the backward root.
    if !algorithm.is_bidirectional() {
        let Status::Solved { goal } = search.status() else {
            unreachable!()
        };
        assert_eq!(search.node(goal).g, cost, "{what}");
    }
    false
}

fn shapes(seeds: std::ops::Range<u64>, largest: usize) -> impl Iterator<Item = Shape> {
    seeds.flat_map(move |seed| {
        let nodes = 2 + (seed as usize * 7) % (largest - 1);
        [(0.0, 1), (0.6, 1), (0.0, 3), (0.6, 2)]
            .into_iter()
            .map(move |(arcs, goals)| Shape {
                acyclic: false,
                nodes,
                arcs,
                goals,
                seed: seed * 31 + goals as u64,
            })
    })
}

#[test]
fn every_algorithm_agrees_with_pathfinding_on_random_graphs() {
    let (mut runs, mut unsolvable) = (0, 0);
    for shape in shapes(0..40, 10) {
        let g = random_graph(shape);
        unsolvable += usize::from(dijkstra(&g).is_none());
        let (ran, stopped) = check_every_algorithm(&g, shape);
        assert_eq!(stopped, 0, "{shape:?}");
        runs += ran;
    }
    assert!(runs > 2000, "{runs}");
    // Some graphs have no path to a goal, so "no solution" is checked too.
    assert!(unsolvable >= 5, "{unsolvable}");
}

#[test]
#[ignore = "slow: a quarter of a million searches; run with --ignored"]
fn slow_every_algorithm_agrees_with_pathfinding_on_larger_random_graphs() {
    let (mut runs, mut stopped) = (0, 0);
    for shape in shapes(0..4000, 18) {
        let (ran, limited) = check_every_algorithm(&random_graph(shape), shape);
        runs += ran;
        stopped += limited;
    }
    assert!(runs > 200_000, "{runs}");
    // IDA* and IDS fill the node limit on a few graphs without a goal in reach, no more.
    assert!(stopped * 1000 < runs, "{stopped} of {runs}");
}

#[test]
fn the_bidirectional_searches_meet_on_one_way_graphs() {
    // With one goal and many arcs, the backward half follows the arcs reversed.
    let mut solved = 0;
    for seed in 0..60 {
        let shape = Shape {
            acyclic: false,
            nodes: 12,
            arcs: 0.8,
            goals: 1,
            seed: 1000 + seed,
        };
        let g = random_graph(shape);
        let Some(cheapest) = dijkstra(&g) else {
            continue;
        };
        for algorithm in [Algorithm::BidirectionalBfs, Algorithm::BidirectionalUcs] {
            let config = SearchConfig::with(algorithm, GraphHeuristic::Zero);
            let mut search = try_new_search(g.clone(), config).unwrap();
            search.run(usize::MAX);
            check_result(
                &g,
                search.as_ref(),
                Some(cheapest),
                fewest_edges(&g),
                &format!("{shape:?} {algorithm}"),
            );
        }
        solved += 1;
    }
    assert!(solved > 20, "{solved}");
}
