//! Graphs that teach, each with a title and a one-line note in English and Chinese saying what
//! it shows; the tests at the bottom run the engine on each to prove the note true.

use serde::{Deserialize, Serialize};

use super::model::{EdgeKind, Graph, NodeId, Position};
use crate::search::Cost;

/// A phrase in both languages the window and the command line speak; `i18n` picks one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    pub en: &'static str,
    pub zh: &'static str,
}

/// The preset graphs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GraphPreset {
    /// Russell and Norvig's road map of Romania, Arad to Bucharest, h_SLD as the table.
    #[default]
    Romania,
    /// A node that looks closest leads the long way round.
    GreedyMisled,
    /// An admissible but inconsistent table: A* reopens a closed node.
    Inconsistent,
    /// An inadmissible table: A* returns a longer path.
    Inadmissible,
    /// One-way roads round a cycle: depth-first search without a cycle check never stops.
    Cycle,
    /// BFS's fewest roads are not the cheapest path.
    FewestEdges,
    /// A small graph in the style of Chinese textbooks' exercises, S0 to Sg.
    Textbook,
}

impl GraphPreset {
    /// Every preset, in menu order.
    pub const ALL: [GraphPreset; 7] = [
        GraphPreset::Romania,
        GraphPreset::GreedyMisled,
        GraphPreset::Inconsistent,
        GraphPreset::Inadmissible,
        GraphPreset::Cycle,
        GraphPreset::FewestEdges,
        GraphPreset::Textbook,
    ];

    /// The short name used on the command line (`solve --graph romania`).
    pub fn name(self) -> &'static str {
        match self {
            GraphPreset::Romania => "romania",
            GraphPreset::GreedyMisled => "greedy-misled",
            GraphPreset::Inconsistent => "inconsistent",
            GraphPreset::Inadmissible => "inadmissible",
            GraphPreset::Cycle => "cycle",
            GraphPreset::FewestEdges => "fewest-edges",
            GraphPreset::Textbook => "textbook",
        }
    }

    /// Looks a preset up by its short name, ignoring case and surrounding spaces.
    pub fn from_name(name: &str) -> Option<GraphPreset> {
        GraphPreset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The preset's title.
    pub fn title(self) -> Words {
        let (en, zh) = match self {
            GraphPreset::Romania => ("AIMA's Romania", "AIMA 罗马尼亚地图"),
            GraphPreset::GreedyMisled => ("Greedy misled", "贪婪搜索被误导"),
            GraphPreset::Inconsistent => ("Admissible, not consistent", "可采纳但不一致的 h"),
            GraphPreset::Inadmissible => ("Inadmissible h", "不可采纳的 h"),
            GraphPreset::Cycle => ("A cycle", "有环的图"),
            GraphPreset::FewestEdges => ("Fewest roads, not cheapest", "边最少不等于代价最小"),
            GraphPreset::Textbook => ("Textbook exercise S0 … Sg", "教材例题 S0 … Sg"),
        };
        Words { en, zh }
    }

    /// What the preset shows, in one line.
    pub fn note(self) -> Words {
        let (en, zh) = match self {
            GraphPreset::Romania => (
                "Arad to Bucharest with the straight-line distances h_SLD: A* finds 418 km \
                 through Rimnicu Vilcea and Pitesti, greedy best-first 450 km through Fagaras.",
                "从 Arad 到 Bucharest，h 为到 Bucharest 的直线距离 h_SLD：A* 经 Rimnicu Vilcea \
                 和 Pitesti 找到 418 公里的路，贪婪最佳优先搜索经 Fagaras 走了 450 公里。",
            ),
            GraphPreset::GreedyMisled => (
                "A looks closest to the goal (h = 2) but its road to G is long: greedy \
                 best-first pays 11, A* finds 5 through B.",
                "A 看起来离目标最近（h\u{a0}=\u{a0}2），但它到 G 的路很长：贪婪最佳优先搜索付出 \
                 11，A* 经 B 找到 5。",
            ),
            GraphPreset::Inconsistent => (
                "h never overestimates, but drops from 5 at B to 1 at A across a road of 1: A* \
                 closes A at g = 4, then reaches it from B at g = 2 and reopens it.",
                "h 从不高估，但从 B（h\u{a0}=\u{a0}5）到 A（h\u{a0}=\u{a0}1）只隔一条代价为 1 \
                 的路：A* 先以 g\u{a0}=\u{a0}4 关闭 A，再从 B 以 g\u{a0}=\u{a0}2 到达 A，\
                 把它重新打开。",
            ),
            GraphPreset::Inadmissible => (
                "h(A) = 10 overestimates the 3 left from A: A* never expands A and returns S, B, \
                 G at 5 instead of S, A, G at 4.",
                "A 的 h\u{a0}=\u{a0}10，高估了从 A 出发还剩的代价 3：A* 从不扩展 A，返回代价为 \
                 5 的 S、B、G，而不是代价为 4 的 S、A、G。",
            ),
            GraphPreset::Cycle => (
                "One-way roads S → A → B → S form a cycle: depth-first search without a cycle \
                 check (tree search) goes round it forever; with the check it backs up and \
                 reaches G through C.",
                "单行道 S\u{a0}→\u{a0}A\u{a0}→\u{a0}B\u{a0}→\u{a0}S 构成一个环：不检查环路的\
                 深度优先搜索（树搜索）会永远绕圈；检查当前路径后，它回溯并经 C 到达 G。",
            ),
            GraphPreset::FewestEdges => (
                "The direct road S–G costs 10, the three roads through A and B cost 6: BFS \
                 returns the one road, uniform-cost the three.",
                "S–G 直达的路代价 10，经 A 和 B 的三条路共 6：广度优先搜索返回一条路的解，\
                 一致代价搜索返回三条路的解。",
            ),
            GraphPreset::Textbook => (
                "A textbook-style graph with a consistent h table: A* expands by f = g + h and \
                 finds S0, S1, S3, S4, Sg at cost 7.",
                "教材式的图，h 表是一致的：A* 按 f\u{a0}=\u{a0}g\u{a0}+\u{a0}h 扩展，\
                 找到代价为 7 的路径 S0、S1、S3、S4、Sg。",
            ),
        };
        Words { en, zh }
    }

    /// The preset's graph.
    pub fn build(self) -> Graph {
        match self {
            GraphPreset::Romania => romania(),
            GraphPreset::GreedyMisled => graph(
                &[
                    ("S", 50.0, 200.0, Some(5)),
                    ("A", 250.0, 60.0, Some(2)),
                    ("B", 250.0, 320.0, Some(3)),
                    ("G", 450.0, 200.0, Some(0)),
                ],
                &[("S", "A", 3), ("A", "G", 8), ("S", "B", 2), ("B", "G", 3)],
                EdgeKind::Undirected,
                "G",
            ),
            GraphPreset::Inconsistent => graph(
                &[
                    ("S", 50.0, 150.0, Some(6)),
                    ("A", 300.0, 60.0, Some(1)),
                    ("B", 150.0, 260.0, Some(5)),
                    ("G", 500.0, 150.0, Some(0)),
                ],
                &[("S", "A", 4), ("S", "B", 1), ("B", "A", 1), ("A", "G", 5)],
                EdgeKind::Undirected,
                "G",
            ),
            GraphPreset::Inadmissible => graph(
                &[
                    ("S", 50.0, 150.0, Some(3)),
                    ("A", 250.0, 50.0, Some(10)),
                    ("B", 250.0, 250.0, Some(1)),
                    ("G", 450.0, 150.0, Some(0)),
                ],
                &[("S", "A", 1), ("A", "G", 3), ("S", "B", 2), ("B", "G", 3)],
                EdgeKind::Undirected,
                "G",
            ),
            GraphPreset::Cycle => graph(
                &[
                    ("S", 250.0, 200.0, None),
                    ("A", 100.0, 80.0, None),
                    ("B", 100.0, 320.0, None),
                    ("C", 400.0, 200.0, None),
                    ("G", 550.0, 200.0, None),
                ],
                &[
                    ("S", "A", 1),
                    ("A", "B", 1),
                    ("B", "S", 1),
                    ("S", "C", 1),
                    ("C", "G", 1),
                ],
                EdgeKind::Directed,
                "G",
            ),
            GraphPreset::FewestEdges => graph(
                &[
                    ("S", 50.0, 250.0, None),
                    ("A", 150.0, 60.0, None),
                    ("B", 350.0, 60.0, None),
                    ("G", 450.0, 250.0, None),
                ],
                &[("S", "G", 10), ("S", "A", 2), ("A", "B", 2), ("B", "G", 2)],
                EdgeKind::Undirected,
                "G",
            ),
            GraphPreset::Textbook => graph(
                &[
                    ("S0", 50.0, 200.0, Some(6)),
                    ("S1", 180.0, 90.0, Some(5)),
                    ("S2", 180.0, 310.0, Some(4)),
                    ("S3", 330.0, 90.0, Some(3)),
                    ("S4", 330.0, 310.0, Some(2)),
                    ("Sg", 460.0, 200.0, Some(0)),
                ],
                &[
                    ("S0", "S1", 1),
                    ("S0", "S2", 4),
                    ("S1", "S2", 2),
                    ("S1", "S3", 3),
                    ("S2", "S4", 3),
                    ("S3", "S4", 1),
                    ("S3", "Sg", 5),
                    ("S4", "Sg", 2),
                ],
                EdgeKind::Undirected,
                "Sg",
            ),
        }
    }
}

/// A node: name, x, y (down), h in whole units if the table has one.
type NodeRow = (&'static str, f64, f64, Option<u64>);
/// An edge: its ends and its cost in whole units.
type EdgeRow = (&'static str, &'static str, u64);

/// A preset's graph: the first node is the start, `goal` the one goal, every edge of `kind`.
/// The rows are this file's own, so a refusal is a mistake here: it panics.
fn graph(nodes: &[NodeRow], edges: &[EdgeRow], kind: EdgeKind, goal: &str) -> Graph {
    let (first, rest) = nodes.split_first().expect("a preset has nodes");
    let mut g = Graph::new(first.0, Position::new(first.1, first.2)).expect("preset node");
    for &(name, x, y, _) in rest {
        g.add_named_node(name, Position::new(x, y))
            .expect("preset node");
    }
    for (i, &(_, _, _, h)) in nodes.iter().enumerate() {
        if let Some(h) = h {
            g.set_h(NodeId(i as u32), Cost::units(h)).expect("preset h");
        }
    }
    let id = |g: &Graph, name: &str| g.find(name).expect("a preset's edges name its nodes");
    for &(a, b, cost) in edges {
        let (a, b) = (id(&g, a), id(&g, b));
        g.add_edge(a, b, Cost::units(cost), kind)
            .expect("preset edge");
    }
    let goal = id(&g, goal);
    g.set_goals(&[goal]).expect("preset goal");
    g
}

/// The book's 20 cities (positions from aima-python's drawing, with y turned to point down:
/// 600 − y), its 23 roads in km, and h_SLD, the straight-line distance to Bucharest, as the
/// table. The drawing is not to scale: distances between the positions are not h_SLD.
fn romania() -> Graph {
    let cities: [NodeRow; 20] = [
        ("Arad", 91.0, 492.0, Some(366)),
        ("Bucharest", 400.0, 327.0, Some(0)),
        ("Craiova", 253.0, 288.0, Some(160)),
        ("Dobreta", 165.0, 299.0, Some(242)),
        ("Eforie", 562.0, 293.0, Some(161)),
        ("Fagaras", 305.0, 449.0, Some(176)),
        ("Giurgiu", 375.0, 270.0, Some(77)),
        ("Hirsova", 534.0, 350.0, Some(151)),
        ("Iasi", 473.0, 506.0, Some(226)),
        ("Lugoj", 165.0, 379.0, Some(244)),
        ("Mehadia", 168.0, 339.0, Some(241)),
        ("Neamt", 406.0, 537.0, Some(234)),
        ("Oradea", 131.0, 571.0, Some(380)),
        ("Pitesti", 320.0, 368.0, Some(100)),
        ("Rimnicu Vilcea", 233.0, 410.0, Some(193)),
        ("Sibiu", 207.0, 457.0, Some(253)),
        ("Timisoara", 94.0, 410.0, Some(329)),
        ("Urziceni", 456.0, 350.0, Some(80)),
        ("Vaslui", 509.0, 444.0, Some(199)),
        ("Zerind", 108.0, 531.0, Some(374)),
    ];
    let cities = cities.map(|(name, x, y, h)| (name, x, 600.0 - y, h));
    let roads: [EdgeRow; 23] = [
        ("Oradea", "Zerind", 71),
        ("Oradea", "Sibiu", 151),
        ("Zerind", "Arad", 75),
        ("Arad", "Timisoara", 118),
        ("Arad", "Sibiu", 140),
        ("Timisoara", "Lugoj", 111),
        ("Lugoj", "Mehadia", 70),
        ("Mehadia", "Dobreta", 75),
        ("Dobreta", "Craiova", 120),
        ("Sibiu", "Fagaras", 99),
        ("Sibiu", "Rimnicu Vilcea", 80),
        ("Rimnicu Vilcea", "Pitesti", 97),
        ("Rimnicu Vilcea", "Craiova", 146),
        ("Craiova", "Pitesti", 138),
        ("Fagaras", "Bucharest", 211),
        ("Pitesti", "Bucharest", 101),
        ("Giurgiu", "Bucharest", 90),
        ("Bucharest", "Urziceni", 85),
        ("Neamt", "Iasi", 87),
        ("Urziceni", "Vaslui", 142),
        ("Urziceni", "Hirsova", 98),
        ("Iasi", "Vaslui", 92),
        ("Hirsova", "Eforie", 86),
    ];
    // Arad, the first city, is the start.
    graph(&cities, &roads, EdgeKind::Undirected, "Bucharest")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::graph::GraphHeuristic;
    use crate::search::{Algorithm, Outcome, Search, SearchConfig, Status, new_search};

    fn run(graph: &Graph, algorithm: Algorithm, h: GraphHeuristic) -> Box<dyn Search<Graph>> {
        let mut search = new_search(graph.clone(), SearchConfig::with(algorithm, h));
        search.run(usize::MAX);
        search
    }

    /// The solution's names and cost.
    fn found(graph: &Graph, search: &dyn Search<Graph>) -> (Vec<String>, Cost) {
        let Status::Solved { .. } = search.status() else {
            panic!("no solution: {:?}", search.status());
        };
        let path = search.solution_states().unwrap();
        let names = path.iter().map(|&n| graph.name(n).to_owned()).collect();
        (names, graph.path_cost(&path).unwrap())
    }

    fn optimal(graph: &Graph) -> Cost {
        graph.true_distances()[graph.start().index()].unwrap()
    }

    #[test]
    fn names_titles_and_notes() {
        for preset in GraphPreset::ALL {
            assert_eq!(GraphPreset::from_name(preset.name()), Some(preset));
            assert_eq!(
                GraphPreset::from_name(&format!(" {} ", preset.name().to_uppercase())),
                Some(preset)
            );
            for words in [preset.title(), preset.note()] {
                assert!(!words.en.is_empty());
                assert!(
                    words
                        .zh
                        .chars()
                        .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                    "{words:?}"
                );
                // Chinese punctuation is full-width.
                assert!(!words.zh.contains([',', ':', ';', '(', ')']), "{words:?}");
                assert!(
                    !words.en.contains("  ") && !words.zh.contains("  "),
                    "{words:?}"
                );
            }
            let graph = preset.build();
            assert!(
                graph.problems().is_empty(),
                "{preset:?}: {:?}",
                graph.problems()
            );
        }
        assert_eq!(GraphPreset::from_name("mars"), None);
    }

    #[test]
    fn romania_is_the_books_map() {
        let romania = GraphPreset::Romania.build();
        assert_eq!((romania.node_count(), romania.edge_count()), (20, 23));
        assert_eq!(romania.name(romania.start()), "Arad");
        assert_eq!(romania.goals().len(), 1);
        let total: Cost = romania.edge_ids().map(|e| romania.edge(e).cost).sum();
        // The 23 road lengths of the table add up to 2 483 km.
        assert_eq!(total, Cost::units(2483));
        let oradea = romania.find("Oradea").unwrap();
        assert_eq!(romania.position(oradea), Position::new(131.0, 29.0));
        assert_eq!(romania.h_value(oradea), Some(Cost::units(380)));
    }

    #[test]
    fn greedy_is_misled() {
        let g = GraphPreset::GreedyMisled.build();
        let greedy = run(&g, Algorithm::Greedy, GraphHeuristic::Table);
        let (path, cost) = found(&g, greedy.as_ref());
        assert_eq!((path.join(" "), cost), ("S A G".into(), Cost::units(11)));
        let astar = run(&g, Algorithm::AStar, GraphHeuristic::Table);
        let (path, cost) = found(&g, astar.as_ref());
        assert_eq!((path.join(" "), cost), ("S B G".into(), Cost::units(5)));
        assert!(cost == optimal(&g) && Cost::units(11) > cost);
        assert!(g.is_admissible(GraphHeuristic::Table) && g.is_consistent(GraphHeuristic::Table));
    }

    #[test]
    fn an_inconsistent_table_makes_a_star_reopen_a_closed_node() {
        let g = GraphPreset::Inconsistent.build();
        assert!(g.is_admissible(GraphHeuristic::Table));
        assert!(!g.is_consistent(GraphHeuristic::Table));
        let a = g.find("A").unwrap();
        let mut search = new_search(
            g.clone(),
            SearchConfig::with(Algorithm::AStar, GraphHeuristic::Table),
        );
        let mut reopened = Vec::new();
        while let Some(step) = search.step() {
            for child in step.children {
                if let Outcome::Reopened { old_g } = child.outcome {
                    reopened.push((child.action.to, old_g, child.g));
                }
            }
        }
        assert_eq!(reopened, [(a, Cost::units(4), Cost::units(2))]);
        assert_eq!(search.stats().reopened, 1);
        // A is removed from open twice, and A* still returns the cheapest path.
        let closed_a = search
            .closed()
            .iter()
            .filter(|&&id| search.node(id).state == a)
            .count();
        assert_eq!(closed_a, 2);
        let (path, cost) = found(&g, search.as_ref());
        assert_eq!((path.join(" "), cost), ("S B A G".into(), optimal(&g)));
    }

    #[test]
    fn an_inadmissible_table_makes_a_star_return_a_longer_path() {
        let g = GraphPreset::Inadmissible.build();
        assert!(!g.is_admissible(GraphHeuristic::Table));
        let astar = run(&g, Algorithm::AStar, GraphHeuristic::Table);
        let (path, cost) = found(&g, astar.as_ref());
        assert_eq!((path.join(" "), cost), ("S B G".into(), Cost::units(5)));
        assert_eq!(optimal(&g), Cost::units(4));
        let a = g.find("A").unwrap();
        assert!(astar.closed().iter().all(|&id| astar.node(id).state != a));
        let ucs = run(&g, Algorithm::UniformCost, GraphHeuristic::Zero);
        assert_eq!(found(&g, ucs.as_ref()).0.join(" "), "S A G");
    }

    /// Depth-first tree search: the first successor first, no memory of the path at all.
    /// Returns the goal's depth, or `None` if `budget` expansions did not reach a goal.
    fn tree_search_dfs(g: &Graph, budget: usize) -> Option<usize> {
        let mut stack = vec![(g.start(), 0)];
        for _ in 0..budget {
            let (node, depth) = stack.pop()?;
            if g.is_goal(node) {
                return Some(depth);
            }
            stack.extend(g.successors(node).iter().rev().map(|l| (l.node, depth + 1)));
        }
        None
    }

    #[test]
    fn depth_first_without_a_cycle_check_goes_round_for_ever() {
        let g = GraphPreset::Cycle.build();
        assert_eq!(tree_search_dfs(&g, 100_000), None);
        let dfs = run(&g, Algorithm::DepthFirst, GraphHeuristic::Zero);
        let (path, _) = found(&g, dfs.as_ref());
        assert_eq!(path.join(" "), "S C G");
        let on_path = (0..dfs.steps())
            .flat_map(|i| dfs.step_at(i).children.to_vec())
            .filter(|c| c.outcome == Outcome::OnPath)
            .map(|c| g.name(c.action.to).to_owned())
            .collect::<Vec<_>>();
        assert_eq!(on_path, ["S"]);
        // Breadth-first search gets there too: the cycle traps depth-first search only.
        let bfs = run(&g, Algorithm::BreadthFirst, GraphHeuristic::Zero);
        assert_eq!(found(&g, bfs.as_ref()).0.join(" "), "S C G");
    }

    #[test]
    fn fewest_roads_are_not_the_cheapest() {
        let g = GraphPreset::FewestEdges.build();
        let bfs = run(&g, Algorithm::BreadthFirst, GraphHeuristic::Zero);
        let (path, cost) = found(&g, bfs.as_ref());
        assert_eq!((path.join(" "), cost), ("S G".into(), Cost::units(10)));
        let ucs = run(&g, Algorithm::UniformCost, GraphHeuristic::Zero);
        let (path, cost) = found(&g, ucs.as_ref());
        assert_eq!((path.join(" "), cost), ("S A B G".into(), Cost::units(6)));
    }

    #[test]
    fn the_textbook_graph_is_solved_as_its_note_says() {
        let g = GraphPreset::Textbook.build();
        assert!(g.is_admissible(GraphHeuristic::Table) && g.is_consistent(GraphHeuristic::Table));
        let astar = run(&g, Algorithm::AStar, GraphHeuristic::Table);
        let (path, cost) = found(&g, astar.as_ref());
        assert_eq!(
            (path.join(" "), cost),
            ("S0 S1 S3 S4 Sg".into(), Cost::units(7))
        );
        assert_eq!(astar.stats().reopened, 0);
    }
}
