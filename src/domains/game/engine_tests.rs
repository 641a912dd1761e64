//! The game-tree engine on written, random and tic-tac-toe trees: the textbook figure, alpha-beta
//! against minimax, Knuth and Moore's count, exact undo.

use crate::domains::game::{GameTree, TicTacToe, TicTacToeEval, WIN};
use crate::rng::Rng;
use crate::search::NodeId;
use crate::search::game::{
    ChildOrder, CutKind, Game, GameAlgorithm, GameConfig, GameSearch, GameStatus, Player, Value,
    Visit,
};

fn search<G: Game>(
    game: G,
    algorithm: GameAlgorithm,
    order: ChildOrder,
    eval: G::Eval,
) -> GameSearch<G> {
    let mut config = GameConfig::new(algorithm, eval);
    config.order = order;
    let mut search = GameSearch::new(game, config);
    search.run(usize::MAX);
    search
}

fn value_of<G: Game>(search: &GameSearch<G>) -> Value {
    match search.status() {
        GameStatus::Done { value, .. } => value,
        other => panic!("not done: {other:?}"),
    }
}

const FIGURE_5_2: &str = "((3 12 8) (2 4 6) (14 5 2))";

#[test]
fn figure_5_2_minimax_is_3_through_b() {
    let tree = GameTree::parse(FIGURE_5_2, Player::Max).unwrap();
    let s = search(tree, GameAlgorithm::Minimax, ChildOrder::AsGiven, ());
    assert_eq!(value_of(&s), 3);
    let GameStatus::Done { best, .. } = s.status() else {
        unreachable!()
    };
    assert_eq!(s.game().name(s.node(best.unwrap()).position), "B");
    assert_eq!(s.stats().leaves, 9);
    assert_eq!(s.stats().visited, 13);
    // Enter every node once and return from every node but the root once.
    assert_eq!(s.steps(), 13 + 12);
    assert!(s.cuts().is_empty());
    let pv: Vec<&str> = s
        .principal_variation()
        .iter()
        .map(|id| s.game().name(s.node(*id).position))
        .collect();
    assert_eq!(pv, ["A", "B", "B1"]);
}

#[test]
fn figure_5_2_alpha_beta_cuts_the_second_and_third_leaves_of_c() {
    let tree = GameTree::parse(FIGURE_5_2, Player::Max).unwrap();
    let s = search(tree, GameAlgorithm::AlphaBeta, ChildOrder::AsGiven, ());
    assert_eq!(value_of(&s), 3);
    assert_eq!(s.stats().leaves, 7);
    let name = |id: NodeId| s.game().name(s.node(id).position).to_owned();
    let [cut] = s.cuts() else {
        panic!("one cut: {:?}", s.cuts())
    };
    assert_eq!(cut.kind, CutKind::Alpha);
    assert_eq!(name(cut.node), "C");
    assert_eq!(name(cut.by), "A");
    assert_eq!(
        (cut.value, cut.bound, cut.children, cut.leaves),
        (2, 3, 2, 2)
    );
    let pruned: Vec<String> = (0..s.node_count() as u32)
        .map(NodeId)
        .filter(|id| s.node(*id).visit == Visit::Pruned)
        .map(name)
        .collect();
    assert_eq!(pruned, ["C2", "C3"]);
    assert_eq!(s.stats().alpha_cuts + s.stats().beta_cuts, 1);
}

#[test]
fn a_min_root_swaps_the_cut_kinds() {
    // The same tree with MIN at the root and the values negated is its mirror: the cut is a β
    // cut at the same node.
    let tree = GameTree::parse("((-3 -12 -8) (-2 -4 -6) (-14 -5 -2))", Player::Min).unwrap();
    let s = search(tree, GameAlgorithm::AlphaBeta, ChildOrder::AsGiven, ());
    assert_eq!(value_of(&s), -3);
    let [cut] = s.cuts() else { panic!() };
    assert_eq!(cut.kind, CutKind::Beta);
    assert_eq!(s.game().name(s.node(cut.node).position), "C");
}

#[test]
fn deeper_cuts_name_the_ancestor_whose_bound_they_met() {
    let tree = GameTree::parse(crate::domains::game::TREE_PRESETS[1].text, Player::Max).unwrap();
    let minimax = tree.minimax_value();
    let s = search(tree, GameAlgorithm::AlphaBeta, ChildOrder::AsGiven, ());
    assert_eq!(value_of(&s), minimax);
    let kinds: Vec<CutKind> = s.cuts().iter().map(|c| c.kind).collect();
    assert!(
        kinds.contains(&CutKind::Alpha) && kinds.contains(&CutKind::Beta),
        "{kinds:?}"
    );
    for cut in s.cuts() {
        let node = s.node(cut.node);
        let by = s.node(cut.by);
        // An α cut is made at a MIN node by a MAX ancestor's value, a β cut the other way.
        let (at, from) = match cut.kind {
            CutKind::Alpha => (Player::Min, Player::Max),
            CutKind::Beta => (Player::Max, Player::Min),
        };
        assert_eq!((node.player, by.player), (at, from));
        assert!(s.path_to(cut.node).contains(&cut.by));
        assert_eq!(by.value, Some(cut.bound));
        match cut.kind {
            CutKind::Alpha => assert!(cut.value <= cut.bound),
            CutKind::Beta => assert!(cut.value >= cut.bound),
        }
    }
}

/// A uniform tree of `branching` and `depth` whose leaves are all different, as text.
fn distinct_tree(branching: usize, depth: usize, rng: &mut Rng) -> String {
    let leaves = branching.pow(depth as u32);
    let mut values: Vec<i64> = (0..leaves as i64).map(|v| v * 3 - 500).collect();
    for i in (1..values.len()).rev() {
        values.swap(i, rng.below(i + 1));
    }
    fn write(b: usize, d: usize, values: &mut Vec<i64>, out: &mut String) {
        if d == 0 {
            out.push_str(&values.pop().unwrap().to_string());
            return;
        }
        out.push('(');
        for k in 0..b {
            if k > 0 {
                out.push(' ');
            }
            write(b, d - 1, values, out);
        }
        out.push(')');
    }
    let mut out = String::new();
    write(branching, depth, &mut values, &mut out);
    out
}

#[test]
fn alpha_beta_agrees_with_minimax_on_random_trees_and_never_evaluates_more_leaves() {
    let mut rng = Rng::new(31);
    for round in 0..10_000u64 {
        let fewest = 1 + rng.below(3);
        let most = fewest + rng.below(3);
        let depth = 1 + rng.below(4);
        let root = if round % 2 == 0 {
            Player::Max
        } else {
            Player::Min
        };
        let tree = GameTree::random_varied(fewest, most, depth, -9, 9, round, root).unwrap();
        let expected = tree.minimax_value();
        let minimax = search(
            tree.clone(),
            GameAlgorithm::Minimax,
            ChildOrder::AsGiven,
            (),
        );
        assert_eq!(value_of(&minimax), expected, "round {round}");
        assert_eq!(minimax.stats().leaves as usize, tree.leaves());
        for order in ChildOrder::ALL {
            let ab = search(tree.clone(), GameAlgorithm::AlphaBeta, order, ());
            assert_eq!(
                value_of(&ab),
                expected,
                "round {round}, {order:?}: {}",
                tree.to_text()
            );
            assert!(ab.stats().leaves <= minimax.stats().leaves);
            // Every leaf is evaluated or lies under a cut.
            let cut_leaves: u32 = ab.cuts().iter().map(|c| c.leaves).sum();
            assert_eq!(ab.stats().leaves + cut_leaves, minimax.stats().leaves);
        }
    }
}

#[test]
fn best_first_evaluates_knuth_and_moores_minimal_tree() {
    let mut rng = Rng::new(5);
    for branching in 2..=4usize {
        for depth in 1..=5usize {
            let text = distinct_tree(branching, depth, &mut rng);
            let tree = GameTree::parse(&text, Player::Max).unwrap();
            let s = search(tree, GameAlgorithm::AlphaBeta, ChildOrder::BestFirst, ());
            let b = branching as u32;
            let expected = b.pow(depth.div_ceil(2) as u32) + b.pow((depth / 2) as u32) - 1;
            assert_eq!(s.stats().leaves, expected, "b {branching}, d {depth}");
            // No order does better than the minimal tree.
            for order in [ChildOrder::AsGiven, ChildOrder::WorstFirst] {
                let tree = GameTree::parse(&text, Player::Max).unwrap();
                let other = search(tree, GameAlgorithm::AlphaBeta, order, ());
                assert!(other.stats().leaves >= expected, "b {branching}, d {depth}");
            }
        }
    }
}

/// Everything a view can read of a search.
fn snapshot<G: Game>(s: &GameSearch<G>) -> String {
    let nodes: Vec<_> = (0..s.node_count() as u32)
        .map(|i| *s.node(NodeId(i)))
        .collect();
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        s.stats(),
        s.status(),
        s.current(),
        s.cuts(),
        s.roots(),
        nodes,
        s.principal_variation()
    )
}

fn undo_is_exact<G: Game>(mut s: GameSearch<G>) {
    let mut seen = vec![snapshot(&s)];
    while s.step().is_some() {
        seen.push(snapshot(&s));
    }
    assert!(s.step_back());
    assert_eq!(snapshot(&s), seen[seen.len() - 2]);
    s.step();
    while s.steps() > 0 {
        assert!(s.step_back());
        assert_eq!(snapshot(&s), seen[s.steps()], "back to step {}", s.steps());
    }
    assert!(!s.step_back());
}

#[test]
fn every_step_undoes_exactly() {
    for seed in 0..40 {
        let tree = GameTree::random_varied(1, 3, 4, -5, 5, seed, Player::Max).unwrap();
        for algorithm in GameAlgorithm::ALL {
            let mut config = GameConfig::new(algorithm, ());
            config.order = ChildOrder::ALL[seed as usize % 3];
            undo_is_exact(GameSearch::new(tree.clone(), config));
        }
    }
    let game = TicTacToe::parse("X.O/.X./O..").unwrap();
    let mut config = GameConfig::new(GameAlgorithm::AlphaBeta, TicTacToeEval::OpenLines);
    config.depth_limit = Some(3);
    config.iterative = true;
    undo_is_exact(GameSearch::new(game, config));
}

#[test]
fn tic_tac_toe_from_the_empty_board_is_a_draw() {
    for order in [ChildOrder::AsGiven, ChildOrder::BestFirst] {
        let s = search(
            TicTacToe::new(),
            GameAlgorithm::AlphaBeta,
            order,
            TicTacToeEval::OpenLines,
        );
        assert_eq!(value_of(&s), 0, "{order:?}");
    }
}

#[test]
#[ignore = "slow: minimax visits all 549,946 nodes of tic-tac-toe"]
fn slow_minimax_visits_the_whole_tic_tac_toe_tree() {
    let s = search(
        TicTacToe::new(),
        GameAlgorithm::Minimax,
        ChildOrder::AsGiven,
        TicTacToeEval::OpenLines,
    );
    assert_eq!(value_of(&s), 0);
    assert_eq!(s.stats().visited, 549_946);
    assert_eq!(s.stats().leaves, 255_168);
}

#[test]
fn a_win_in_one_is_found_at_depth_one() {
    // X to move with X X . on the top row.
    let game = TicTacToe::parse("XX./OO./...").unwrap();
    for eval in [TicTacToeEval::OpenLines, TicTacToeEval::WeightedLines] {
        for algorithm in GameAlgorithm::ALL {
            let mut config = GameConfig::new(algorithm, eval);
            config.depth_limit = Some(1);
            let mut s = GameSearch::new(game, config);
            s.run(usize::MAX);
            let GameStatus::Done { value, best } = s.status() else {
                panic!()
            };
            assert_eq!(value, WIN, "{eval:?} {algorithm:?}");
            assert_eq!(s.node(best.unwrap()).mv, Some(2));
        }
    }
}

#[test]
fn iterative_deepening_reaches_the_full_depth_value_with_fewer_nodes_per_iteration() {
    let game = TicTacToe::parse("X../.O./...").unwrap();
    let full = search(
        game,
        GameAlgorithm::AlphaBeta,
        ChildOrder::AsGiven,
        TicTacToeEval::OpenLines,
    );
    let mut config = GameConfig::new(GameAlgorithm::AlphaBeta, TicTacToeEval::OpenLines);
    config.depth_limit = Some(9);
    config.iterative = true;
    let mut s = GameSearch::new(game, config);
    s.run(usize::MAX);
    assert_eq!(value_of(&s), value_of(&full));
    // Seven empty squares: the iteration to depth 7 reaches the end everywhere and is last.
    assert_eq!(s.stats().iterations, 7);
    assert_eq!(s.roots().len(), 7);
}

#[test]
fn the_evaluations_score_the_textbook_positions() {
    // X in the centre: X has 8 open lines, O has 4.
    let centre = TicTacToe::parse("..../.X./...".replace("....", "...").as_str()).unwrap();
    assert_eq!(
        TicTacToe::evaluation(TicTacToeEval::OpenLines, &centre.start()),
        4
    );
    // AIMA: X in the centre scores X1 = 4 lines.
    assert_eq!(
        TicTacToe::evaluation(TicTacToeEval::WeightedLines, &centre.start()),
        4
    );
    let corner = TicTacToe::parse("X../.O./...").unwrap();
    // X: 8 − 4 (O's lines) open... lines without O: 4; lines without X: 5.
    assert_eq!(
        TicTacToe::evaluation(TicTacToeEval::OpenLines, &corner.start()),
        4 - 5
    );
}

#[test]
fn the_node_limit_stops_the_search() {
    let mut config = GameConfig::new(GameAlgorithm::Minimax, TicTacToeEval::OpenLines);
    config.node_limit = 1_000;
    let mut s = GameSearch::new(TicTacToe::new(), config);
    s.run(usize::MAX);
    assert_eq!(s.status(), GameStatus::LimitReached);
    assert!(s.node_count() <= 1_000);
}

#[test]
fn a_value_equal_to_the_bound_cuts() {
    // C's first leaf equals A's α of 3: "to or below" cuts C's other two leaves.
    let tree = GameTree::parse("((3 12 8) (3 4 6))", Player::Max).unwrap();
    let s = search(tree, GameAlgorithm::AlphaBeta, ChildOrder::AsGiven, ());
    let [cut] = s.cuts() else {
        panic!("{:?}", s.cuts())
    };
    assert_eq!(
        (cut.kind, cut.value, cut.bound, cut.children),
        (CutKind::Alpha, 3, 3, 2)
    );
    let tree = GameTree::parse("((5 2) (5 9 7))", Player::Min).unwrap();
    let s = search(tree, GameAlgorithm::AlphaBeta, ChildOrder::AsGiven, ());
    assert_eq!(value_of(&s), 5);
    assert!(
        s.cuts()
            .iter()
            .any(|c| c.kind == CutKind::Beta && c.value == c.bound)
    );
}
