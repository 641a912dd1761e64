//! The engine's own tests, run on the sliding puzzle: `src/search/` knows no domain, so the
//! tests that need real states live beside the domain that provides them.

mod best_first {
    use crate::domains::puzzle::{Child, HeuristicKind, Node, Problem, SearchConfig};
    use crate::search::{
        Algorithm, BestFirst, NodeId, Outcome, Place, Repeats, Search, Stats, Status, TieBreak,
    };

    fn problem(start: &str) -> Problem {
        Problem::new(start.parse().unwrap(), "123804765".parse().unwrap()).unwrap()
    }

    /// A node record, which is also what undo copies of a node, stays within 64 bytes besides
    /// its state (docs/performance.md, "Memory").
    #[test]
    fn a_node_record_is_at_most_64_bytes_besides_the_state() {
        use std::mem::size_of;
        let node = size_of::<Node>();
        assert!(
            node <= 64 + size_of::<crate::domains::puzzle::Board>(),
            "{node} bytes"
        );
    }

    #[test]
    fn first_step_expands_the_start() {
        let mut search = BestFirst::new(problem("283104765"), SearchConfig::default());
        assert_eq!(search.open_len(), 1);
        let step = search.step().unwrap();
        assert_eq!(step.expanded, NodeId(0));
        assert_eq!(step.children.len(), 4);
        assert!(step.children.iter().all(|c| c.outcome == Outcome::New));
        assert_eq!(search.open_len(), 4);
        assert_eq!(search.closed(), &[NodeId(0)]);
        let stats = search.stats();
        assert_eq!((stats.expanded, stats.generated, stats.open), (1, 4, 4));
    }

    /// Open is listed by f, then by the tie-break (h, then the order nodes entered open), and
    /// each step removes the first node listed. The order of entry is counted here from the
    /// steps' children, not read from the engine's keys.
    #[test]
    fn open_is_listed_by_f_then_the_tie_break_and_popped_from_the_front() {
        let configs = [
            (Algorithm::AStar, HeuristicKind::Misplaced),
            (Algorithm::UniformCost, HeuristicKind::Manhattan),
            (Algorithm::Greedy, HeuristicKind::Manhattan),
            (Algorithm::WeightedAStar, HeuristicKind::Manhattan),
        ];
        let mut total_requeued = 0;
        for (algorithm, heuristic) in configs {
            for tie_break in TieBreak::ALL {
                let config = SearchConfig {
                    tie_break,
                    ..SearchConfig::with(algorithm, heuristic)
                };
                let what = config.describe();
                let mut search = BestFirst::new(problem("567408321"), config);
                // When each node last entered open: 0 for the start.
                let mut entered = vec![0u64];
                let mut count = 1;
                let (mut ties, mut requeued) = (0, 0);
                for _ in 0..400 {
                    let listed: Vec<NodeId> = search.open_nodes().collect();
                    let in_open = (0..search.node_count())
                        .filter(|&i| search.node(NodeId(i as u32)).place == Place::Open)
                        .count();
                    assert_eq!(
                        (listed.len(), search.open_len()),
                        (in_open, in_open),
                        "{what}"
                    );
                    for pair in listed.windows(2) {
                        let (a, b) = (search.node(pair[0]), search.node(pair[1]));
                        assert_eq!(a.place, Place::Open, "{what}");
                        let (ea, eb) = (entered[pair[0].index()], entered[pair[1].index()]);
                        let in_order = match a.f.partial_cmp(&b.f).unwrap() {
                            std::cmp::Ordering::Less => true,
                            std::cmp::Ordering::Greater => false,
                            std::cmp::Ordering::Equal => {
                                ties += 1;
                                match tie_break {
                                    TieBreak::SmallerH => (a.h, ea) < (b.h, eb),
                                    TieBreak::Fifo => ea < eb,
                                    TieBreak::Lifo => ea > eb,
                                }
                            }
                        };
                        assert!(
                            in_order,
                            "{what}: {:?} listed before {:?}",
                            pair[0], pair[1]
                        );
                    }
                    let Some(step) = search.step() else {
                        break;
                    };
                    assert_eq!(Some(step.expanded), listed.first().copied(), "{what}");
                    let children: Vec<Child> = step.children.to_vec();
                    for child in children {
                        if matches!(child.outcome, Outcome::New) {
                            entered.push(count);
                        } else if matches!(
                            child.outcome,
                            Outcome::Improved { .. } | Outcome::Reopened { .. }
                        ) {
                            entered[child.node.index()] = count;
                            requeued += 1;
                        } else {
                            continue;
                        }
                        count += 1;
                    }
                }
                assert!(ties > 100, "{what}: only {ties} ties were ordered");
                total_requeued += requeued;
            }
        }
        // Nodes improved or reopened take a new place in the order: that was checked too.
        assert!(total_requeued > 0);
    }

    /// What a step back must restore: open in order, every node, the counters, the status, and
    /// (tree search) which nodes are states generated again.
    type Snapshot = (Vec<NodeId>, Vec<Node>, Stats, Status, Vec<Option<NodeId>>);

    fn snapshot(search: &BestFirst<Problem>) -> Snapshot {
        let ids = (0..search.node_count()).map(|i| NodeId(i as u32));
        (
            search.open_nodes().collect(),
            ids.clone().map(|id| *search.node(id)).collect(),
            search.stats(),
            search.status(),
            ids.map(|id| search.repeat_of(id)).collect(),
        )
    }

    /// In graph search, tree search and with cycle checking: every step back restores what the
    /// views read, and stepping forward again retraces the same steps (the index of states
    /// reached was restored too).
    #[test]
    fn step_back_restores_everything() {
        for repeats in Repeats::ALL {
            for algorithm in Algorithm::ALL {
                let what = format!("{algorithm} {repeats}");
                let config = SearchConfig {
                    repeats,
                    ..SearchConfig::with(algorithm, HeuristicKind::Misplaced)
                };
                let mut search = BestFirst::new(problem("231804765"), config);
                let mut snapshots = Vec::new();
                loop {
                    snapshots.push(snapshot(&search));
                    // Snapshots grow with the search; 400 steps cover improvements and
                    // reopenings.
                    if snapshots.len() > 400 || search.step().is_none() {
                        break;
                    }
                }
                let forward = snapshots.clone();
                while search.steps() > 0 {
                    snapshots.pop();
                    assert!(search.step_back());
                    assert!(
                        snapshot(&search) == *snapshots.last().unwrap(),
                        "{what}: step {}",
                        search.steps()
                    );
                }
                assert!(!search.step_back());
                for (i, seen) in forward.iter().enumerate().skip(1) {
                    assert!(search.step().is_some(), "{what}");
                    assert!(snapshot(&search) == *seen, "{what}: step {i} again");
                }
                if repeats == Repeats::Graph {
                    assert_eq!(search.stats().repeated, 0);
                } else {
                    assert!(search.stats().repeated > 0, "{what}");
                }
            }
        }
    }

    /// On the 8-puzzle, where every move can be undone by the next, tree search finds a path
    /// as short as graph search's, expanding more nodes; cycle checking drops the moves back
    /// and lands between the two (once paths are long enough, 6 moves and more, to reach a
    /// state two ways: the puzzle's shortest cycle other than a move and back has 12 moves).
    #[test]
    fn tree_search_finds_the_same_depth_with_more_expansions() {
        for (algorithm, start) in [
            (Algorithm::BreadthFirst, "281043765"),
            (Algorithm::AStar, "567408321"),
        ] {
            let run = |repeats| {
                let config = SearchConfig {
                    repeats,
                    ..SearchConfig::with(algorithm, HeuristicKind::Manhattan)
                };
                let mut search = BestFirst::new(problem(start), config);
                search.run(usize::MAX);
                let Status::Solved { goal } = search.status() else {
                    panic!("{algorithm} {repeats}: {:?}", search.status())
                };
                (search.node(goal).depth, search.stats())
            };
            let (graph_depth, graph) = run(Repeats::Graph);
            let (tree_depth, tree) = run(Repeats::Tree);
            let (path_depth, path) = run(Repeats::PathCheck);
            assert_eq!(
                (tree_depth, path_depth),
                (graph_depth, graph_depth),
                "{algorithm}"
            );
            assert!(
                graph.expanded < path.expanded && path.expanded < tree.expanded,
                "{algorithm}: {graph:?} {path:?} {tree:?}"
            );
            assert!(path.duplicates > 0 && tree.duplicates == 0, "{algorithm}");
        }
    }

    #[test]
    fn start_equal_to_goal_is_solved_in_one_step() {
        let mut search = BestFirst::new(problem("123804765"), SearchConfig::default());
        let step = search.step().unwrap();
        assert!(step.goal_found && step.children.is_empty());
        assert_eq!(search.solution().unwrap(), vec![NodeId(0)]);
        assert!(search.step().is_none());
    }

    #[test]
    fn node_limit_stops_the_search() {
        let config = SearchConfig {
            algorithm: Algorithm::BreadthFirst,
            node_limit: 50,
            ..SearchConfig::default()
        };
        let mut search = BestFirst::new(problem("567408321"), config);
        search.run(usize::MAX);
        assert_eq!(search.status(), Status::LimitReached);
        assert!(search.node_count() <= 50);
    }
}

mod breakpoint {
    use crate::domains::puzzle::{Board, Breakpoint, HeuristicKind, Hit, Problem, SearchConfig};
    use crate::search::{Algorithm, Search, new_search, run_until};

    fn search(start: &str, config: SearchConfig) -> Box<dyn Search<Problem>> {
        let problem = Problem::new(start.parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        new_search(problem, config)
    }

    #[test]
    fn goal_generated_stops_before_the_goal_is_expanded() {
        let mut s = search("283104765", SearchConfig::default());
        let hit = run_until(s.as_mut(), &[Breakpoint::GoalGenerated], 100).unwrap();
        let Hit::GoalGenerated(id) = hit else {
            panic!("{hit}");
        };
        // The node named is the goal, a child of the latest step, and no step before made it.
        let goal = s.problem().goal();
        assert_eq!(s.node(id).state, goal);
        let last = s.step_at(s.steps() - 1);
        assert!(last.children.iter().any(|c| c.node == id));
        for i in 0..s.steps() - 1 {
            let earlier = s.step_at(i);
            assert!(
                earlier
                    .children
                    .iter()
                    .all(|c| s.node(c.node).state != goal)
            );
        }
        assert!(s.status().is_running());
        assert_eq!(
            hit.to_string(),
            format!("the goal was generated as node S{}", id.0)
        );
    }

    #[test]
    fn f_increases_stops_at_the_first_rise() {
        // Far from the goal Manhattan underestimates, so A* must raise f before it is done.
        let mut s = search("567408321", SearchConfig::default());
        let reason = run_until(s.as_mut(), &[Breakpoint::FIncreases], 100_000)
            .unwrap()
            .to_string();
        let last = s.node(s.step_at(s.steps() - 1).expanded).f;
        let before = s.node(s.step_at(s.steps() - 2).expanded).f;
        assert!(last > before);
        assert_eq!(reason, format!("f increased from {before} to {last}"));
    }

    #[test]
    fn board_and_open_size_conditions() {
        let target: Board = "203184765".parse().unwrap();
        let mut s = search("283104765", SearchConfig::default());
        let reason = run_until(s.as_mut(), &[Breakpoint::StateGenerated(target)], 10)
            .unwrap()
            .to_string();
        assert_eq!(s.steps(), 1);
        assert!(reason.contains("203184765"));
        let reason = run_until(s.as_mut(), &[Breakpoint::StateExpanded(target)], 10)
            .unwrap()
            .to_string();
        assert_eq!(s.node(s.closed()[s.steps() - 1]).state, target, "{reason}");

        let bfs = SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero);
        let mut s = search("567408321", bfs);
        run_until(s.as_mut(), &[Breakpoint::OpenExceeds(100)], 10_000).unwrap();
        assert!(s.open_len() > 100);
        s.step_back();
        assert!(s.open_len() <= 100);
    }

    #[test]
    fn no_breakpoint_runs_to_the_end() {
        let mut s = search("283104765", SearchConfig::default());
        assert_eq!(run_until(s.as_mut(), &[Breakpoint::Reopened], 1000), None);
        assert!(!s.status().is_running());
    }
}

mod trace {
    use crate::domains::puzzle::{HeuristicKind, Problem, SearchConfig};
    use crate::search::{
        Algorithm, EventKind, GoalTest, Search, TraceEvent, new_search, trace_csv, trace_events,
        trace_posthoc,
    };

    fn tiny() -> Box<dyn Search<Problem>> {
        // One move from the goal: expand the start, generate four children, then pop the goal.
        let problem =
            Problem::new("123084765".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let mut search = new_search(problem, SearchConfig::default());
        search.run(usize::MAX);
        search
    }

    #[test]
    fn posthoc_events_for_a_tiny_search() {
        let trace = trace_posthoc(tiny().as_ref());
        let events = trace["events"].as_array().unwrap();
        let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
        // The blank in the middle-left cell has three moves: up, down, right.
        assert_eq!(
            types,
            [
                "source",
                "expanding",
                "generating",
                "generating",
                "generating",
                "closing",
                "end"
            ]
        );
        assert_eq!(events[0]["id"], 0);
        assert!(events[0].get("pId").is_none());
        assert_eq!(events[2]["pId"], 0);
        assert_eq!(events[2]["g"], 1);
        let end = events.last().unwrap();
        assert_eq!(end["state"], "123804765");
        assert_eq!(end["pId"], 0);
        assert_eq!(end["f"], 1.0);
        assert_eq!(trace["problem"]["goal"], "123804765");
    }

    #[test]
    fn csv_has_a_row_per_event_with_ignored_duplicates() {
        let problem =
            Problem::new("283104765".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let mut search = new_search(problem, SearchConfig::default());
        search.run(usize::MAX);
        let csv = trace_csv(search.as_ref());
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "step,event,node,parent,g,h,f,state");
        assert_eq!(lines[1], "0,source,0,,0,4,4,283104765");
        assert_eq!(lines[2], "1,expand,0,,0,4,4,283104765");
        assert!(
            csv.contains(",ignore,0,"),
            "the move back to the start is a duplicate"
        );
        assert!(lines.last().unwrap().contains(",goal,"));
        let generated = csv.lines().filter(|l| l.contains(",generate,")).count();
        assert_eq!(generated as u32 + 1, search.stats().nodes);
    }

    /// In a tree search's trace every node is generated once, under its own id, and a state
    /// generated again is another id; cycle checking's dropped children are ignored.
    #[test]
    fn a_tree_search_traces_each_repeated_state_as_another_node() {
        use crate::search::{NodeId, Repeats};
        use std::collections::HashMap;
        let problem =
            Problem::new("281043765".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        for repeats in [Repeats::Tree, Repeats::PathCheck] {
            let config = SearchConfig {
                repeats,
                ..SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero)
            };
            let mut search = new_search(problem, config);
            search.run(usize::MAX);
            let events = trace_events(search.as_ref());
            let generated: Vec<&TraceEvent> = events
                .iter()
                .filter(|e| e.kind == EventKind::Generate)
                .collect();
            assert_eq!(generated.len() + 1, search.node_count(), "{repeats}");
            let mut ids_of: HashMap<&str, Vec<NodeId>> = HashMap::new();
            for e in &generated {
                ids_of.entry(&e.state).or_default().push(e.node);
            }
            let again: usize = ids_of.values().map(|ids| ids.len() - 1).sum();
            assert!(again > 0, "{repeats}");
            // The start's state generated again is one more repeat than the generations show.
            let start_again = ids_of.get("281043765").map_or(0, |_| 1);
            assert_eq!(
                again + start_again,
                search.stats().repeated as usize,
                "{repeats}"
            );
            let ignored = events
                .iter()
                .filter(|e| e.kind == EventKind::Ignore)
                .count();
            assert_eq!(ignored, search.stats().duplicates as usize, "{repeats}");
        }
    }

    #[test]
    fn goal_at_generation_ends_after_closing() {
        let problem =
            Problem::new("123084765".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let config = SearchConfig {
            algorithm: Algorithm::BreadthFirst,
            heuristic: HeuristicKind::Zero,
            goal_test: GoalTest::OnGeneration,
            ..SearchConfig::default()
        };
        let mut search = new_search(problem, config);
        search.run(usize::MAX);
        let events = trace_events(search.as_ref());
        let kinds: Vec<EventKind> = events.iter().map(|e| e.kind).collect();
        assert_eq!(kinds.first(), Some(&EventKind::Source));
        assert_eq!(kinds.last(), Some(&EventKind::Goal));
        assert_eq!(events.last().unwrap().state, "123804765");
    }
}

mod config {
    use crate::domains::puzzle::{Problem, SearchConfig};
    use crate::search::{Algorithm, BestFirst, ConfigError, try_new_search};

    #[test]
    fn only_weighted_a_star_checks_its_weight() {
        for weight in [f64::NAN, -1.0, 0.5, f64::INFINITY, 101.0] {
            let weighted = SearchConfig {
                algorithm: Algorithm::WeightedAStar,
                weight,
                ..SearchConfig::default()
            };
            assert!(
                matches!(weighted.validate(), Err(ConfigError::Weight(_))),
                "{weight}"
            );
            let problem =
                Problem::new("283104765".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
            assert!(BestFirst::try_new(problem, weighted).is_err(), "{weight}");
            assert!(try_new_search(problem, weighted).is_err(), "{weight}");
            for algorithm in [Algorithm::AStar, Algorithm::BreadthFirst, Algorithm::Greedy] {
                let ignored = SearchConfig {
                    algorithm,
                    ..weighted
                };
                assert!(ignored.validate().is_ok(), "{algorithm} {weight}");
            }
        }
        assert!(SearchConfig::check_weight(1.0).is_ok());
        assert!(SearchConfig::check_weight(100.0).is_ok());
    }
}

mod depth_first_and_bidirectional {
    use crate::domains::puzzle::{
        Board, Breakpoint, Child, DistanceTable, HeuristicKind, Hit, Node, Problem, Rng,
        SearchConfig,
    };
    use crate::search::{
        Algorithm, Cost, Direction, Iteration, Meeting, NewIteration, NodeId, Place, Repeats,
        Search, Stats, Status, StepEvent, new_search, run_until,
    };

    const NEW: [Algorithm; 7] = [
        Algorithm::IdaStar,
        Algorithm::IterativeDeepening,
        Algorithm::DepthFirst,
        Algorithm::HeuristicDepthFirst,
        Algorithm::BranchAndBound,
        Algorithm::BidirectionalBfs,
        Algorithm::BidirectionalUcs,
    ];

    fn goal() -> Board {
        "123804765".parse().unwrap()
    }

    /// Misplaced tiles: on these near boards Manhattan distance is often exact, and IDA* would
    /// need one iteration only.
    fn config(algorithm: Algorithm) -> SearchConfig {
        SearchConfig {
            depth_limit: 12,
            ..SearchConfig::with(algorithm, HeuristicKind::Misplaced)
        }
    }

    /// Seeded boards 0, 5, 7 and 9 moves from the goal.
    fn boards() -> Vec<Board> {
        let table = DistanceTable::new(&goal()).unwrap();
        let mut rng = Rng::new(11);
        [0, 5, 7, 9]
            .into_iter()
            .map(|d| table.random_at(d, &mut rng).unwrap())
            .collect()
    }

    fn search(algorithm: Algorithm, start: Board) -> Box<dyn Search<Problem>> {
        new_search(Problem::new(start, goal()).unwrap(), config(algorithm))
    }

    type DepthFirstSeen = (
        Cost,
        Option<Cost>,
        Vec<Iteration>,
        Vec<NodeId>,
        Vec<(u32, NodeId)>,
    );
    type BidirectionalSeen = (Vec<NodeId>, Option<Meeting>, Option<(Direction, u32)>);

    /// Everything a view can read of a search.
    #[derive(Debug, PartialEq)]
    struct Observed {
        open: Vec<NodeId>,
        open_len: usize,
        closed: Vec<NodeId>,
        nodes: Vec<Node>,
        stats: Stats,
        status: Status,
        steps: usize,
        last_step: Option<(NodeId, bool, Vec<Child>, Option<NewIteration>)>,
        /// Every step's events, in order.
        events: Vec<Vec<StepEvent>>,
        depth_first: Option<DepthFirstSeen>,
        bidirectional: Option<BidirectionalSeen>,
        solution: Option<Vec<NodeId>>,
    }

    fn observe(search: &dyn Search<Problem>) -> Observed {
        Observed {
            open: search.open_nodes().collect(),
            open_len: search.open_len(),
            closed: search.closed().to_vec(),
            nodes: (0..search.node_count())
                .map(|i| *search.node(NodeId(i as u32)))
                .collect(),
            stats: search.stats(),
            status: search.status(),
            steps: search.steps(),
            last_step: search.steps().checked_sub(1).map(|i| {
                let s = search.step_at(i);
                (
                    s.expanded,
                    s.goal_found,
                    s.children.to_vec(),
                    s.new_iteration,
                )
            }),
            events: (0..search.steps())
                .map(|i| search.events(i).to_vec())
                .collect(),
            depth_first: search.depth_first().map(|v| {
                (
                    v.bound,
                    v.next_bound,
                    v.iterations.to_vec(),
                    v.path.to_vec(),
                    v.improvements.to_vec(),
                )
            }),
            bidirectional: search
                .bidirectional()
                .map(|v| (v.backward_open().collect(), v.meeting, v.layer)),
            solution: search.solution(),
        }
    }

    /// The same for the depth-first searches in tree search and with cycle checking, a few
    /// hundred steps at a time: a tree search's run can be long.
    #[test]
    fn step_back_restores_every_observable_in_tree_search() {
        for repeats in [Repeats::Tree, Repeats::PathCheck] {
            for algorithm in [
                Algorithm::IdaStar,
                Algorithm::IterativeDeepening,
                Algorithm::DepthFirst,
                Algorithm::HeuristicDepthFirst,
                Algorithm::BranchAndBound,
            ] {
                for start in boards() {
                    let what = format!("{algorithm} {repeats} on {start}");
                    let config = SearchConfig {
                        repeats,
                        ..config(algorithm)
                    };
                    let mut search = new_search(Problem::new(start, goal()).unwrap(), config);
                    back_and_forth(search.as_mut(), &what, 300);
                }
            }
        }
    }

    /// Up to `most` steps forward, then all the way back, comparing every observable with the
    /// way forward, then forward again to the same end.
    fn back_and_forth(search: &mut dyn Search<Problem>, what: &str, most: usize) {
        let mut seen = vec![observe(search)];
        while seen.len() <= most && search.step().is_some() {
            seen.push(observe(search));
        }
        let end = seen.len() - 1;
        while search.steps() > 0 {
            seen.pop();
            assert!(search.step_back(), "{what}");
            let now = observe(search);
            assert!(
                now == *seen.last().unwrap(),
                "{what}: step {}",
                search.steps()
            );
        }
        assert!(!search.step_back());
        search.run(end);
        assert_eq!(search.steps(), end, "{what}");
    }

    /// A whole run forward, then back to the start: after every step back, everything the
    /// views read is what it was at that step on the way forward.
    #[test]
    fn step_back_restores_every_observable() {
        for algorithm in NEW {
            for start in boards() {
                let what = format!("{algorithm} on {start}");
                let mut search = search(algorithm, start);
                let mut seen = vec![observe(search.as_ref())];
                while search.step().is_some() {
                    seen.push(observe(search.as_ref()));
                }
                assert!(
                    matches!(search.status(), Status::Solved { .. }),
                    "{what}: {:?}",
                    search.status()
                );
                while search.steps() > 0 {
                    seen.pop();
                    assert!(search.step_back(), "{what}");
                    let now = observe(search.as_ref());
                    assert!(
                        now == *seen.last().unwrap(),
                        "{what}: step {}",
                        search.steps()
                    );
                }
                assert!(!search.step_back());
                // And forward again the same way.
                search.run(usize::MAX);
                assert_eq!(search.solution(), seen_solution(algorithm, start), "{what}");
            }
        }
    }

    fn seen_solution(algorithm: Algorithm, start: Board) -> Option<Vec<NodeId>> {
        let mut again = search(algorithm, start);
        again.run(usize::MAX);
        again.solution()
    }

    /// Open is the stack from the top, and each step takes its head; a step on an empty stack
    /// begins the next iteration at the start, and says so.
    #[test]
    fn depth_first_open_is_the_stack_and_each_step_takes_its_head() {
        for algorithm in [
            Algorithm::IdaStar,
            Algorithm::IterativeDeepening,
            Algorithm::DepthFirst,
        ] {
            let mut iterations_begun = 0;
            for start in boards() {
                let what = format!("{algorithm} on {start}");
                let mut search = search(algorithm, start);
                loop {
                    let listed: Vec<NodeId> = search.open_nodes().collect();
                    assert_eq!(listed.len(), search.open_len(), "{what}");
                    assert!(
                        listed
                            .iter()
                            .all(|&id| search.node(id).place == Place::Open),
                        "{what}"
                    );
                    let bound = search.depth_first().unwrap().bound;
                    let Some(step) = search.step() else {
                        break;
                    };
                    match step.new_iteration {
                        None => assert_eq!(Some(&step.expanded), listed.first(), "{what}"),
                        Some(begun) => {
                            iterations_begun += 1;
                            assert!(listed.is_empty(), "{what}");
                            assert_eq!(step.expanded, NodeId(0), "{what}");
                            assert!(begun.from == bound && begun.to > bound, "{what}");
                        }
                    }
                    // Open children are within the bound, pruned ones beyond it.
                    let children = step.children.to_vec();
                    let view = search.depth_first().unwrap();
                    for child in children {
                        let node = search.node(child.node);
                        match child.outcome {
                            crate::search::Outcome::Pruned => assert!(node.f > view.bound),
                            crate::search::Outcome::New => assert!(node.f <= view.bound),
                            crate::search::Outcome::OnPath => {
                                assert!(view.path.contains(&child.node), "{what}")
                            }
                            other => panic!("{what}: {other:?}"),
                        }
                    }
                }
            }
            match algorithm {
                Algorithm::DepthFirst => assert_eq!(iterations_begun, 0),
                _ => assert!(iterations_begun >= 3, "{algorithm}: {iterations_begun}"),
            }
        }
    }

    #[test]
    fn bound_raised_is_a_breakpoint() {
        let start = boards()[3];
        let mut search = search(Algorithm::IdaStar, start);
        let h = search.node(NodeId(0)).h;
        let hit = run_until(search.as_mut(), &[Breakpoint::BoundRaised], 10_000).unwrap();
        let Hit::BoundRaised {
            iteration,
            from,
            to,
        } = hit
        else {
            panic!("{hit}");
        };
        assert_eq!((iteration, from), (2, h));
        assert!(to > from);
        assert_eq!(search.depth_first().unwrap().iterations.len(), 2);
        assert!(
            hit.to_string()
                .starts_with("iteration 2 began: the bound rose from")
        );
        // Best-first searches have no iterations: the breakpoint never holds.
        let mut astar = new_search(
            Problem::new(start, goal()).unwrap(),
            SearchConfig::default(),
        );
        assert_eq!(
            run_until(astar.as_mut(), &[Breakpoint::BoundRaised], 10_000),
            None
        );
    }

    /// Each node says which half it belongs to, and its action joins it to its parent the way
    /// the half runs: from the parent for forward nodes, towards the parent for backward ones.
    #[test]
    fn bidirectional_nodes_know_their_half() {
        for algorithm in [Algorithm::BidirectionalBfs, Algorithm::BidirectionalUcs] {
            for start in boards() {
                let mut search = search(algorithm, start);
                search.run(usize::MAX);
                let (mut forward, mut backward) = (0, 0);
                for i in 0..search.node_count() {
                    let node = search.node(NodeId(i as u32));
                    let Some(parent) = node.parent else {
                        continue;
                    };
                    let parent = search.node(parent);
                    assert_eq!(node.direction, parent.direction);
                    let action = node.action.unwrap();
                    match node.direction {
                        Direction::Forward => {
                            forward += 1;
                            assert_eq!(parent.state.apply(action.dir).unwrap().0, node.state);
                        }
                        Direction::Backward => {
                            backward += 1;
                            assert_eq!(node.state.apply(action.dir).unwrap().0, parent.state);
                        }
                    }
                }
                let view = search.bidirectional().unwrap();
                assert_eq!(search.node(view.backward_root).state, goal());
                if start != goal() {
                    assert!(forward > 0 && backward > 0, "{algorithm} on {start}");
                }
                let meeting = view.meeting.unwrap();
                assert_eq!(
                    search.node(meeting.forward).state,
                    search.node(meeting.backward).state
                );
                let path = search.solution().unwrap();
                assert_eq!(meeting.length, Cost::from(path.len() as u32 - 1));
                let Status::Solved { goal: id } = search.status() else {
                    panic!()
                };
                assert_eq!(id, view.backward_root);
            }
        }
    }

    #[test]
    fn start_equal_to_goal() {
        for algorithm in NEW {
            let mut search = search(algorithm, goal());
            search.run(usize::MAX);
            assert_eq!(search.solution().unwrap(), vec![NodeId(0)], "{algorithm}");
            // A bidirectional search meets before its first step.
            let steps = usize::from(!algorithm.is_bidirectional());
            assert_eq!(search.steps(), steps, "{algorithm}");
        }
    }

    /// An unsolvable board: the depth-first searches stop at the node limit (IDS would deepen
    /// forever), the bidirectional ones exhaust half the states on the smaller side.
    #[test]
    fn unsolvable_boards_end_without_a_panic() {
        let start: Board = "213804765".parse().unwrap();
        for algorithm in NEW {
            let config = SearchConfig {
                node_limit: 300_000,
                ..config(algorithm)
            };
            let problem = Problem::allowing_unsolvable(start, goal()).unwrap();
            let mut search = new_search(problem, config);
            search.run(usize::MAX);
            assert!(
                matches!(search.status(), Status::LimitReached | Status::Exhausted),
                "{algorithm}: {:?}",
                search.status()
            );
            assert!(search.node_count() <= 300_000);
            assert_eq!(search.solution(), None);
        }
    }
}

/// Heuristic depth-first (局部择优) and depth-first branch-and-bound: the order children go on
/// the stack, the bound each goal sets, and what the memory counters say.
mod ordered_depth_first {
    use crate::domains::puzzle::{Board, DistanceTable, HeuristicKind, Problem, Rng, SearchConfig};
    use crate::search::{Algorithm, Cost, Outcome, Place, Status, StepEvent, new_search};

    fn goal() -> Board {
        "123804765".parse().unwrap()
    }

    fn config(algorithm: Algorithm, depth_limit: u32) -> SearchConfig {
        SearchConfig {
            depth_limit,
            ..SearchConfig::with(algorithm, HeuristicKind::Manhattan)
        }
    }

    /// Seeded boards at 4 to 12 moves from the goal, with their distances.
    fn boards() -> Vec<(Board, u8)> {
        let table = DistanceTable::new(&goal()).unwrap();
        let mut rng = Rng::new(29);
        (4..=12)
            .step_by(2)
            .flat_map(|d| [d, d])
            .map(|d| (table.random_at(d, &mut rng).unwrap(), d))
            .collect()
    }

    /// After every step the children just pushed are on top of the stack best first: h for
    /// heuristic depth-first, g + h for branch-and-bound, ties in the order generated.
    #[test]
    fn children_go_on_the_stack_best_first() {
        for algorithm in [Algorithm::HeuristicDepthFirst, Algorithm::BranchAndBound] {
            for (start, _) in boards() {
                let what = format!("{algorithm} on {start}");
                let mut search =
                    new_search(Problem::new(start, goal()).unwrap(), config(algorithm, 14));
                let mut checked = 0;
                while let Some(step) = search.step() {
                    let pushed: Vec<_> = step
                        .children
                        .iter()
                        .filter(|c| c.outcome == Outcome::New)
                        .map(|c| c.node)
                        .collect();
                    if pushed.is_empty() || !search.events(search.steps() - 1).is_empty() {
                        continue;
                    }
                    let top: Vec<_> = search.open_nodes().take(pushed.len()).collect();
                    let mut expected = pushed.clone();
                    expected.sort_by_key(|&id| {
                        let node = search.node(id);
                        let key = match algorithm {
                            Algorithm::HeuristicDepthFirst => node.h,
                            _ => node.g + node.h,
                        };
                        (key, id)
                    });
                    assert_eq!(top, expected, "{what}: step {}", search.steps());
                    checked += 1;
                }
                assert!(checked > 0, "{what}");
            }
        }
    }

    /// Branch-and-bound ends with the cheapest path within its depth limit: the distance
    /// table's length. Each goal it finds lowers the bound, the last one is the solution, and
    /// every node it prunes from open then has g + h at or above the new bound.
    #[test]
    fn branch_and_bound_returns_the_optimal_cost_through_improving_bounds() {
        for (start, distance) in boards() {
            let what = format!("dfbnb on {start}");
            let mut search = new_search(
                Problem::new(start, goal()).unwrap(),
                config(Algorithm::BranchAndBound, 14),
            );
            search.run(usize::MAX);
            let Status::Solved { goal } = search.status() else {
                panic!("{what}: {:?}", search.status());
            };
            assert_eq!(
                search.node(goal).g,
                Cost::from(u32::from(distance)),
                "{what}"
            );
            assert_eq!(search.solution().unwrap().len(), usize::from(distance) + 1);
            let mut bound: Option<Cost> = None;
            let mut last_goal = None;
            for step in 0..search.steps() {
                for event in search.events(step) {
                    match *event {
                        StepEvent::BoundImproved { goal, from, to } => {
                            assert_eq!(from, bound, "{what}");
                            assert!(bound.is_none_or(|b| to < b), "{what}");
                            assert_eq!(search.node(goal).g, to, "{what}");
                            bound = Some(to);
                            last_goal = Some(goal);
                        }
                        StepEvent::OpenPruned { node } => {
                            let node = search.node(node);
                            assert!(node.g + node.h >= bound.unwrap(), "{what}");
                            assert_eq!(node.place, Place::Pruned, "{what}");
                        }
                        other => panic!("{what}: {other:?}"),
                    }
                }
            }
            assert_eq!(last_goal, Some(goal), "{what}");
            let improvements = search.depth_first().unwrap().improvements;
            assert_eq!(improvements.last().map(|&(_, id)| id), Some(goal), "{what}");
            let found_at: Vec<u32> = improvements.iter().map(|&(step, _)| step).collect();
            let with_bounds: Vec<u32> = (0..search.steps())
                .filter(|&i| {
                    search
                        .events(i)
                        .iter()
                        .any(|e| matches!(e, StepEvent::BoundImproved { .. }))
                })
                .map(|i| i as u32 + 1)
                .collect();
            assert_eq!(found_at, with_bounds, "{what}");
        }
    }

    /// Below the solution's depth neither finds a path; heuristic depth-first stops at its
    /// first goal, which is no shorter than the optimum.
    #[test]
    fn the_depth_limit_bounds_both() {
        for (start, distance) in boards() {
            for algorithm in [Algorithm::HeuristicDepthFirst, Algorithm::BranchAndBound] {
                let what = format!("{algorithm} on {start}");
                let problem = Problem::new(start, goal()).unwrap();
                let below = u32::from(distance) - 1;
                let mut short = new_search(problem, config(algorithm, below));
                short.run(usize::MAX);
                assert_eq!(short.status(), Status::Exhausted, "{what}");
                let mut search = new_search(problem, config(algorithm, 20));
                search.run(usize::MAX);
                let path = search.solution().unwrap();
                assert!(path.len() > usize::from(distance), "{what}");
                assert!(path.len() <= 21, "{what}");
            }
        }
    }

    /// What each search holds: every node stored for A*, the path and its waiting siblings
    /// for the depth-first searches; IDA* re-expands the states of its earlier iterations,
    /// A* with a consistent heuristic none.
    #[test]
    fn memory_and_re_expansions_are_counted_as_each_search_holds_its_nodes() {
        let start: Board = "216408753".parse().unwrap();
        for algorithm in [
            Algorithm::AStar,
            Algorithm::IdaStar,
            Algorithm::BranchAndBound,
        ] {
            let mut search =
                new_search(Problem::new(start, goal()).unwrap(), config(algorithm, 14));
            let mut peak = search.stats().held;
            while search.step().is_some() {
                let stats = search.stats();
                let held = match search.depth_first() {
                    Some(view) => view.path.len() + search.open_len(),
                    None => search.node_count(),
                };
                assert_eq!(stats.held as usize, held, "{algorithm}");
                peak = peak.max(stats.held);
                assert_eq!(stats.max_held, peak, "{algorithm}");
            }
            let stats = search.stats();
            match algorithm {
                Algorithm::AStar => assert_eq!(stats.reexpanded, 0),
                // Each iteration but the first expands the start again, at least.
                Algorithm::IdaStar => {
                    let iterations = search.depth_first().unwrap().iterations.len() as u32;
                    assert!(iterations > 1);
                    assert!(stats.reexpanded >= iterations - 1, "{stats:?}");
                }
                _ => {}
            }
        }
    }
}
