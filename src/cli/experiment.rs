//! `searchlab experiment`: the textbook's table of nodes against depth, for any configurations.

use std::io::{IsTerminal, Write as _};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use clap::{Args, ValueEnum};

use crate::domains::puzzle::{
    ExperimentSpec, ExperimentTable, HeuristicKind, SearchConfig, run_experiment,
};
use crate::search::{Algorithm, GoalTest, Repeats, TieBreak};

/// Table formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    Markdown,
    Csv,
}

/// The options of `searchlab experiment`.
#[derive(Args, Debug, Clone)]
pub struct ExperimentOptions {
    /// The deepest optimal distance to sample, from 1 to 31 (a 3x3 board is at most 31 moves
    /// from any goal; 30 from the default one).
    #[arg(long, default_value_t = 20, value_parser = parse_depth)]
    pub max_depth: u8,
    /// Sample depths step, step*2, ... up to --max-depth (1 to 31).
    #[arg(long, default_value_t = 2, value_parser = parse_depth)]
    pub step: u8,
    /// Random boards per depth, from 1 to 100000.
    #[arg(long, default_value_t = 100, value_parser = parse_boards)]
    pub boards: usize,
    /// Seed of the board draw; the same seed draws the same boards.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A configuration as algorithm[:heuristic[:weight]][:key=value]..., e.g. bfs,
    /// astar:misplaced, weighted-astar:manhattan:1.5, bfs:goal-test=generation,
    /// astar:manhattan:tie=fifo, dfs:depth-limit=12, ids:node-limit=1000000,
    /// bfs:repeats=tree:node-limit=100000, rbfs:manhattan, sma:manhattan:memory=200.
    /// Settings: tie (smaller-h, fifo, lifo), goal-test (expansion, or generation for bfs),
    /// repeats (graph, tree, or path: tree search with cycle checking), depth-limit (dfs, hdfs,
    /// dfbnb), memory (sma), node-limit (a search stopped there is left out of the means). Repeat for several; default: bfs, astar:misplaced, astar:manhattan.
    #[arg(long = "config", short, value_parser = parse_config)]
    pub configs: Vec<SearchConfig>,
    /// The goal (3x3 board or preset).
    #[arg(long, short, default_value = "p1379")]
    pub goal: String,
    /// Worker threads, from 1 to 256.
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(2, |n| n.get()).min(MAX_THREADS), value_parser = parse_threads)]
    pub threads: usize,
    /// markdown or csv.
    #[arg(long, value_enum, default_value_t = TableFormat::Markdown)]
    pub format: TableFormat,
}

/// The deepest a 3x3 board can be from a goal: no depth beyond it has boards to draw.
pub const MAX_DEPTH: u64 = 31;
/// The most boards per depth: every board drawn is kept until the table is made.
pub const MAX_BOARDS: u64 = 100_000;
/// The most worker threads.
pub const MAX_THREADS: usize = 256;

fn parse_depth(text: &str) -> Result<u8, String> {
    super::whole_number(text, 1, MAX_DEPTH).map(|d| d as u8)
}

fn parse_boards(text: &str) -> Result<usize, String> {
    super::whole_number(text, 1, MAX_BOARDS).map(|n| n as usize)
}

fn parse_threads(text: &str) -> Result<usize, String> {
    super::whole_number(text, 1, MAX_THREADS as u64).map(|n| n as usize)
}

/// The settings a configuration may name after its algorithm, as `key=value`.
const SETTINGS: &str = "tie=smaller-h|fifo|lifo, goal-test=expansion|generation, \
     repeats=graph|tree|path, depth-limit=N, memory=N, node-limit=N";

/// Reads `algorithm[:heuristic[:weight]][:key=value]...`: every search setting a textbook
/// table may depend on can be named, in any order after the algorithm (`tie=`, `goal-test=`,
/// `repeats=`, `depth-limit=`, `memory=`, `node-limit=`); the others keep their defaults.
pub fn parse_config(text: &str) -> Result<SearchConfig, String> {
    // Clap quotes the whole value; the message names the part that is wrong, in the language
    // already chosen.
    let zh = crate::i18n::zh();
    let mut parts = text.split(':');
    let algorithm = parts.next().unwrap_or_default();
    let algorithm = Algorithm::from_name(algorithm).ok_or_else(|| {
        if zh {
            format!("不认识的算法“{algorithm}”")
        } else {
            format!("unknown algorithm '{algorithm}' in '{text}'")
        }
    })?;
    let mut config = SearchConfig::with(algorithm, HeuristicKind::Manhattan);
    if !algorithm.uses_heuristic() {
        config.heuristic = HeuristicKind::Zero;
    }
    let mut positional = 0;
    for part in parts {
        if let Some((key, value)) = part.split_once('=') {
            let bad_value = || {
                if zh {
                    format!("“{part}”的取值不对：可用的设置有 {SETTINGS}")
                } else {
                    format!("'{part}' in '{text}' has a value that does not fit: use {SETTINGS}")
                }
            };
            let count = |value: &str| value.trim().parse::<u64>().map_err(|_| bad_value());
            match key.trim() {
                "tie" => config.tie_break = TieBreak::from_name(value).ok_or_else(bad_value)?,
                "goal-test" => {
                    config.goal_test = match value.trim() {
                        "expansion" => GoalTest::OnExpansion,
                        "generation" => GoalTest::OnGeneration,
                        _ => return Err(bad_value()),
                    }
                }
                "repeats" => config.repeats = Repeats::from_name(value).ok_or_else(bad_value)?,
                "depth-limit" => {
                    config.depth_limit = u32::try_from(count(value)?).map_err(|_| bad_value())?
                }
                "node-limit" => {
                    config.node_limit = usize::try_from(count(value)?).map_err(|_| bad_value())?
                }
                "memory" => {
                    config.memory_limit = u32::try_from(count(value)?).map_err(|_| bad_value())?
                }
                _ => {
                    return Err(if zh {
                        format!("不认识的设置“{key}”：可用的设置有 {SETTINGS}")
                    } else {
                        format!("unknown setting '{key}' in '{text}': use {SETTINGS}")
                    });
                }
            }
            continue;
        }
        match positional {
            0 => {
                // `pdb` as for `solve`: on the experiment's 3x3 boards, the 4-4 database.
                let named = if part.trim().eq_ignore_ascii_case("pdb") {
                    Some(HeuristicKind::Pdb44)
                } else {
                    HeuristicKind::from_name(part)
                };
                config.heuristic = named.ok_or_else(|| {
                    if zh {
                        format!("不认识的启发函数“{part}”")
                    } else {
                        format!("unknown heuristic '{part}' in '{text}'")
                    }
                })?
            }
            1 => {
                config.weight = part.parse().map_err(|_| {
                    if zh {
                        format!("“{part}”不是权重")
                    } else {
                        format!("'{part}' in '{text}' is not a weight")
                    }
                })?
            }
            _ => {
                return Err(if zh {
                    "部分太多：请写成 algorithm[:heuristic[:weight]][:设置=值]".to_owned()
                } else {
                    format!(
                        "'{text}' has too many parts: use algorithm[:heuristic[:weight]][:key=value]"
                    )
                });
            }
        }
        positional += 1;
    }
    config
        .validate()
        .map_err(|err| crate::i18n::config_error(&err))?;
    Ok(config)
}

/// The table in Markdown in the current language: one row per depth; per configuration mean
/// generated, mean expanded and b*. (In English, what [`ExperimentTable::markdown`] writes.)
fn markdown(table: &ExperimentTable, boards: usize, seed: u64) -> String {
    let convention = crate::i18n::convention();
    if crate::i18n::zh() {
        let intro = format!("每个深度 {boards} 个棋盘，种子 {seed}。计数方式：{convention}。");
        table.markdown_in(&intro, ("生成数", "扩展数"))
    } else {
        let intro = format!("{boards} boards per depth, seed {seed}. Counting: {convention}.");
        table.markdown_in(&intro, ("generated", "expanded"))
    }
}

fn progress_bar(done: usize, total: usize) -> String {
    const WIDTH: usize = 30;
    let filled = done * WIDTH / total.max(1);
    format!(
        "\r[{}{}] {done}/{total}",
        "#".repeat(filled),
        " ".repeat(WIDTH - filled)
    )
}

/// `searchlab experiment`.
pub fn main(options: &ExperimentOptions) -> ExitCode {
    let goal = match super::goal_3x3(&options.goal) {
        Ok(goal) => goal,
        Err(code) => return code,
    };
    let configs = if options.configs.is_empty() {
        ["bfs", "astar:misplaced", "astar:manhattan"]
            .iter()
            .map(|c| parse_config(c).expect("valid defaults"))
            .collect()
    } else {
        options.configs.clone()
    };
    let spec = ExperimentSpec {
        goal,
        depths: (1..)
            .map(|i| i * options.step)
            .take_while(|&d| d <= options.max_depth)
            .collect(),
        boards_per_depth: options.boards,
        seed: options.seed,
        configs,
        threads: options.threads,
    };
    // The 4-4 database, built in a moment or read from the cache, before any search needs it.
    if spec
        .configs
        .iter()
        .any(|c| c.heuristic == HeuristicKind::Pdb44)
    {
        let cache = crate::domains::puzzle::cache_dir();
        if let Err(err) = crate::domains::puzzle::databases::load_or_build(
            goal,
            HeuristicKind::Pdb44,
            cache.as_deref(),
            &mut |_| true,
        ) {
            super::report(&err.to_string());
            return ExitCode::from(2);
        }
    }
    let terminal = std::io::stderr().is_terminal();
    let progress = |done: usize, total: usize| {
        if terminal || done == total {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "{}", progress_bar(done, total));
            if done == total {
                let _ = writeln!(err);
            }
        }
    };
    match run_experiment(&spec, &progress, &AtomicBool::new(false)) {
        Ok(table) => super::emit(&match options.format {
            TableFormat::Markdown => markdown(&table, options.boards, options.seed),
            TableFormat::Csv => table.csv(),
        }),
        Err(err) => {
            super::report(&crate::i18n::experiment_error(&err));
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_specs() {
        let c = parse_config("astar:misplaced").unwrap();
        assert_eq!(
            (c.algorithm, c.heuristic),
            (Algorithm::AStar, HeuristicKind::Misplaced)
        );
        let c = parse_config("weighted-astar:manhattan:1.5").unwrap();
        assert_eq!(c.weight, 1.5);
        assert_eq!(parse_config("bfs").unwrap().heuristic, HeuristicKind::Zero);
        assert!(
            parse_config("beam")
                .unwrap_err()
                .contains("unknown algorithm")
        );
        assert!(
            parse_config("astar:euclid")
                .unwrap_err()
                .contains("unknown heuristic")
        );
        assert!(
            parse_config("weighted-astar:manhattan:0.5")
                .unwrap_err()
                .contains("weight")
        );
        assert!(parse_config("astar:manhattan:2:x").is_err());
    }

    #[test]
    fn a_config_names_every_setting_a_table_depends_on() {
        let c = parse_config("bfs:goal-test=generation").unwrap();
        assert_eq!(c.goal_test, GoalTest::OnGeneration);
        let c = parse_config("astar:misplaced:tie=fifo:node-limit=1000").unwrap();
        assert_eq!(
            (c.heuristic, c.tie_break, c.node_limit),
            (HeuristicKind::Misplaced, TieBreak::Fifo, 1000)
        );
        let c = parse_config("weighted-astar:tie=lifo:manhattan:3").unwrap();
        assert_eq!((c.tie_break, c.weight), (TieBreak::Lifo, 3.0));
        assert_eq!(parse_config("dfs:depth-limit=12").unwrap().depth_limit, 12);
        for bad in [
            "astar:goal-test=generation",
            "astar:tie=random",
            "dfs:depth-limit=-1",
            "dfs:depth-limit=2000000",
            "ids:node-limit=0",
            "astar:colour=red",
        ] {
            assert!(parse_config(bad).is_err(), "{bad}");
        }
        assert!(
            parse_config("astar:colour=red")
                .unwrap_err()
                .contains("tie=smaller-h|fifo|lifo")
        );
    }

    #[test]
    fn the_settings_change_the_counts_and_name_their_columns() {
        crate::i18n::set_language(crate::i18n::Language::English);
        let spec = ExperimentSpec {
            goal: "123804765".parse().unwrap(),
            depths: vec![6],
            boards_per_depth: 20,
            seed: 3,
            configs: ["bfs", "bfs:goal-test=generation", "dfs:depth-limit=6"]
                .iter()
                .map(|c| parse_config(c).unwrap())
                .collect(),
            threads: 1,
        };
        let table = run_experiment(&spec, &|_, _| {}, &AtomicBool::new(false)).unwrap();
        let [at_expansion, at_generation, dfs] = table.entries[0][..] else {
            panic!("three configs")
        };
        // Testing at generation stops a layer earlier: fewer nodes.
        assert!(
            at_generation.mean_generated < at_expansion.mean_generated,
            "{at_generation:?} {at_expansion:?}"
        );
        assert_eq!(at_generation.optimal, 1.0);
        assert_eq!(dfs.solved, 20);
        let text = table.markdown(20, 3);
        assert!(
            text.contains("| bfs goal-test=generation generated |"),
            "{text}"
        );
        assert!(text.contains("| dfs depth-limit=6 generated |"), "{text}");
    }

    /// `repeats=` names graph search, tree search or cycle checking; the table's columns say
    /// which, and tree search generates the most.
    #[test]
    fn a_config_names_what_it_does_with_repeated_states() {
        crate::i18n::set_language(crate::i18n::Language::English);
        assert_eq!(parse_config("bfs").unwrap().repeats, Repeats::Graph);
        assert_eq!(
            parse_config("bfs:repeats=tree").unwrap().repeats,
            Repeats::Tree
        );
        assert_eq!(
            parse_config("dfs:repeats=tree+cycle-check:depth-limit=8")
                .unwrap()
                .repeats,
            Repeats::PathCheck
        );
        assert!(
            parse_config("astar:repeats=forest")
                .unwrap_err()
                .contains("repeats=graph|tree|path")
        );
        assert!(
            parse_config("bidirectional-bfs:repeats=path")
                .unwrap_err()
                .contains("graph search only")
        );
        let spec = ExperimentSpec {
            goal: "123804765".parse().unwrap(),
            // Deep enough for cycle checking to meet states again off the path.
            depths: vec![8],
            boards_per_depth: 5,
            seed: 2,
            configs: ["bfs", "bfs:repeats=path", "bfs:repeats=tree"]
                .iter()
                .map(|c| parse_config(c).unwrap())
                .collect(),
            threads: 1,
        };
        let table = run_experiment(&spec, &|_, _| {}, &AtomicBool::new(false)).unwrap();
        let [graph, path, tree] = table.entries[0][..] else {
            panic!("three configs")
        };
        assert!(
            graph.mean_generated < path.mean_generated && path.mean_generated < tree.mean_generated,
            "{graph:?} {path:?} {tree:?}"
        );
        assert_eq!((graph.optimal, path.optimal, tree.optimal), (1.0, 1.0, 1.0));
        let text = table.markdown(5, 2);
        assert!(text.contains("| bfs repeats=path generated |"), "{text}");
        assert!(text.contains("| bfs repeats=tree generated |"), "{text}");
    }

    fn small_table() -> ExperimentTable {
        let spec = ExperimentSpec {
            goal: "123804765".parse().unwrap(),
            depths: vec![2, 4],
            boards_per_depth: 3,
            seed: 1,
            configs: vec![
                parse_config("bfs").unwrap(),
                parse_config("weighted-astar:manhattan:1.5").unwrap(),
            ],
            threads: 1,
        };
        run_experiment(&spec, &|_, _| {}, &AtomicBool::new(false)).unwrap()
    }

    #[test]
    fn the_english_table_is_the_engine_s() {
        crate::i18n::set_language(crate::i18n::Language::English);
        let table = small_table();
        assert_eq!(markdown(&table, 3, 1), table.markdown(3, 1));
    }

    #[test]
    fn the_chinese_table_has_chinese_headers() {
        crate::i18n::set_language(crate::i18n::Language::Chinese);
        let text = markdown(&small_table(), 3, 1);
        crate::i18n::set_language(crate::i18n::Language::English);
        assert!(
            text.starts_with("每个深度 3 个棋盘，种子 1。计数方式："),
            "{text}"
        );
        assert!(
            text.contains(
                "| bfs 生成数 | bfs 扩展数 | bfs b* | weighted-astar manhattan w=1.5 生成数 |"
            ),
            "{text}"
        );
    }

    #[test]
    fn progress_bar_fills() {
        assert_eq!(progress_bar(0, 10), format!("\r[{}] 0/10", " ".repeat(30)));
        assert_eq!(
            progress_bar(10, 10),
            format!("\r[{}] 10/10", "#".repeat(30))
        );
    }
}
