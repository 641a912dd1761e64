//! RBFS on graphs: the textbook's Romania run, step by step, and seeded random graphs checked
//! against the `pathfinding` crate's Dijkstra.

use super::engine_tests::{Shape, dijkstra, random_graph};
use super::*;
use crate::search::{
    self, Algorithm, Cost, Rbfs, Repeats, Search, SearchConfig, Status, StepEvent,
};

fn rbfs(g: &Graph, heuristic: GraphHeuristic, repeats: Repeats) -> Rbfs<Graph> {
    let config = SearchConfig {
        repeats,
        node_limit: 200_000,
        ..SearchConfig::with(Algorithm::Rbfs, heuristic)
    };
    Rbfs::try_new(g.clone(), config).unwrap()
}

/// A call that returned, by the graph's names: the node, its backed-up f, its limit, and
/// the names of the children it forgot (in generation order).
type Returned = (String, Cost, Cost, Vec<String>);

/// Every call that returned during the run, in order, each with the children forgotten
/// right after it (each checked to be a child of the call's node, its f the one recorded).
fn returned(g: &Graph, search: &Rbfs<Graph>) -> Vec<Returned> {
    let name = |id: search::NodeId| g.name(search.node(id).state).to_owned();
    let mut calls: Vec<(search::NodeId, Returned)> = Vec::new();
    for step in 0..search.steps() {
        for event in search.events(step) {
            match *event {
                StepEvent::LimitExceeded {
                    node,
                    backed_up,
                    limit,
                } => calls.push((node, (name(node), backed_up, limit, Vec::new()))),
                StepEvent::Forgotten { node, backed_up } => {
                    let (parent, call) = calls.last_mut().expect("a call returns first");
                    assert_eq!(search.node(node).parent, Some(*parent));
                    assert_eq!(search.node(node).f, backed_up);
                    call.3.push(name(node));
                }
                ref other => panic!("RBFS records no {other:?}"),
            }
        }
    }
    calls.into_iter().map(|(_, call)| call).collect()
}

/// AIMA 4e Figure 3.27: Arad to Bucharest with h_SLD. Rimnicu Vilcea's call returns with
/// 417 backed up (its limit is Fagaras's 415), then Fagaras's with 450 (its limit is Rimnicu
/// Vilcea's 417), then the goal is taken along Rimnicu Vilcea and Pitesti at 418.
#[test]
fn romania_is_the_books_figure() {
    let romania = GraphPreset::Romania.build();
    let names = |path: &[NodeId]| -> Vec<String> {
        path.iter().map(|&n| romania.name(n).to_owned()).collect()
    };
    let neighbours = |city: &str| -> Vec<String> {
        let node = romania.find(city).unwrap();
        romania
            .successors(node)
            .iter()
            .map(|l| romania.name(l.node).to_owned())
            .collect()
    };
    for repeats in [Repeats::Tree, Repeats::PathCheck] {
        let mut search = rbfs(&romania, GraphHeuristic::Table, repeats);
        search.run(usize::MAX);
        let Status::Solved { goal } = search.status() else {
            panic!("{repeats:?}: {:?}", search.status());
        };
        let path = search.solution_states().unwrap();
        assert_eq!(
            names(&path),
            ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"],
            "{repeats:?}"
        );
        assert_eq!(romania.path_cost(&path), Some(Cost::units(418)));
        assert_eq!(search.node(goal).g, Cost::units(418));
        let last = search.step_at(search.steps() - 1);
        assert!(last.goal_found && last.expanded == goal);
        if repeats != Repeats::Tree {
            continue;
        }
        // In tree search every successor is a child, the way back included.
        let calls = returned(&romania, &search);
        assert_eq!(
            calls,
            [
                (
                    "Rimnicu Vilcea".to_owned(),
                    Cost::units(417),
                    Cost::units(415),
                    neighbours("Rimnicu Vilcea")
                ),
                (
                    "Fagaras".to_owned(),
                    Cost::units(450),
                    Cost::units(417),
                    neighbours("Fagaras")
                ),
            ]
        );
        // Nothing after Fagaras's call but the way to the goal.
        let fagaras = romania.find("Fagaras").unwrap();
        let fagaras_step = (0..search.steps())
            .find(|&i| {
                search.events(i).iter().any(|e| {
                    matches!(*e, StepEvent::LimitExceeded { node, .. }
                        if search.node(node).state == fagaras)
                })
            })
            .unwrap();
        assert!((fagaras_step + 1..search.steps()).all(|i| search.events(i).is_empty()));
    }
}

/// Runs RBFS on `g` with every heuristic and checks it against Dijkstra: the same cost along
/// a real path from the start to a goal, or no solution exactly when there is none. Returns
/// the number of calls that returned, over all runs.
fn check(g: &Graph, shape: Shape, repeats: Repeats) -> usize {
    let cheapest = dijkstra(g);
    assert!(g.is_admissible(GraphHeuristic::Table), "{shape:?}");
    assert!(g.is_admissible(GraphHeuristic::StraightLine), "{shape:?}");
    let mut returns = 0;
    for heuristic in GraphHeuristic::ALL {
        let what = format!("{shape:?} {heuristic} {repeats:?}");
        let mut search = rbfs(g, heuristic, repeats);
        search.run(usize::MAX);
        returns += (0..search.steps())
            .flat_map(|i| search.events(i))
            .filter(|e| matches!(e, StepEvent::LimitExceeded { .. }))
            .count();
        let Some(cheapest) = cheapest else {
            assert_eq!(search.status(), Status::Exhausted, "{what}");
            continue;
        };
        let Status::Solved { goal } = search.status() else {
            panic!("{what}: {:?}", search.status());
        };
        let path = search.solution_states().unwrap();
        assert_eq!(path[0], g.start(), "{what}");
        assert!(g.is_goal(*path.last().unwrap()), "{what}");
        assert_eq!(g.path_cost(&path), Some(cheapest), "{what}: {path:?}");
        assert_eq!(search.node(goal).g, cheapest, "{what}");
    }
    returns
}

/// Path check on graphs with cycles and one-way arcs, and tree search on acyclic graphs,
/// where it ends by itself: RBFS's cost is Dijkstra's with h = 0, the h table and the
/// straight line, and a graph without a path to a goal is exhausted.
#[test]
fn rbfs_agrees_with_dijkstra_on_random_graphs() {
    let (mut returns, mut unsolvable) = (0, 0);
    for seed in 0..40 {
        let nodes = 2 + (seed as usize * 7) % 9;
        for (arcs, goals) in [(0.0, 1), (0.6, 1), (0.0, 3), (0.6, 2)] {
            for acyclic in [false, true] {
                let shape = Shape {
                    nodes,
                    arcs,
                    goals,
                    seed: seed * 31 + goals as u64,
                    acyclic,
                };
                let g = random_graph(shape);
                unsolvable += usize::from(dijkstra(&g).is_none());
                returns += check(&g, shape, Repeats::PathCheck);
                if acyclic {
                    returns += check(&g, shape, Repeats::Tree);
                }
            }
        }
    }
    // The runs exercise returning calls and graphs without a solution, not only easy wins.
    assert!(returns > 100, "{returns}");
    assert!(unsolvable >= 5, "{unsolvable}");
}

/// Tree search on small graphs with cycles: RBFS goes round them, its f rising, and still
/// ends on the cheapest path when there is one.
#[test]
fn rbfs_tree_search_finds_the_cheapest_path_on_small_cyclic_graphs() {
    let mut solved = 0;
    for seed in 0..40 {
        let shape = Shape {
            nodes: 3 + seed as usize % 4,
            arcs: 0.3,
            goals: 1,
            seed: 500 + seed,
            acyclic: false,
        };
        let g = random_graph(shape);
        if dijkstra(&g).is_none() {
            continue;
        }
        solved += 1;
        check(&g, shape, Repeats::Tree);
    }
    assert!(solved >= 20, "{solved}");
}
