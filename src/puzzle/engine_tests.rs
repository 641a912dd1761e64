//! The engine's own tests, run on the sliding puzzle: `src/search/` knows no domain, so the
//! tests that need real states live beside the domain that provides them.

mod best_first {
    use crate::puzzle::{Child, HeuristicKind, Node, Problem, SearchConfig};
    use crate::search::{Algorithm, BestFirst, NodeId, Outcome, Place, Search, Status, TieBreak};

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
            node <= 64 + size_of::<crate::puzzle::Board>(),
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

    #[test]
    fn step_back_restores_everything() {
        for algorithm in Algorithm::ALL {
            let config = SearchConfig::with(algorithm, HeuristicKind::Misplaced);
            let mut search = BestFirst::new(problem("231804765"), config);
            let mut snapshots = Vec::new();
            loop {
                let open: Vec<NodeId> = search.open_nodes().collect();
                let nodes: Vec<Node> = (0..search.node_count())
                    .map(|i| *search.node(NodeId(i as u32)))
                    .collect();
                snapshots.push((open, nodes, search.stats(), search.status()));
                // Snapshots grow with the search; 400 steps cover improvements and reopenings.
                if snapshots.len() > 400 || search.step().is_none() {
                    break;
                }
            }
            while search.steps() > 0 {
                snapshots.pop();
                assert!(search.step_back());
                let (open, nodes, stats, status) = snapshots.last().unwrap();
                let now: Vec<NodeId> = search.open_nodes().collect();
                assert_eq!(&now, open, "{algorithm}");
                assert_eq!(search.node_count(), nodes.len());
                for (i, node) in nodes.iter().enumerate() {
                    assert_eq!(search.node(NodeId(i as u32)), node);
                }
                assert_eq!(&search.stats(), stats);
                assert_eq!(&search.status(), status);
            }
            assert!(!search.step_back());
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
    use crate::puzzle::{Board, Breakpoint, HeuristicKind, Hit, Problem, SearchConfig};
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
            format!("the goal was generated as node #{}", id.0)
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
    use crate::puzzle::{HeuristicKind, Problem, SearchConfig};
    use crate::search::{
        Algorithm, EventKind, GoalTest, Search, new_search, trace_csv, trace_events, trace_posthoc,
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
    use crate::puzzle::{Problem, SearchConfig};
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
