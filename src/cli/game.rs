//! `searchlab solve --game TREE|PRESET`, `--random-tree B,D[,LOW,HIGH]` and `--tictactoe
//! BOARD`: one minimax or alpha-beta search of a game tree, printing the value, the best move,
//! leaves evaluated, nodes visited, each α or β cut with the leaves it cut off, and the
//! principal variation; `--tree` and `--table` write the tree and the table of visits as the
//! window exports them.
//!
//! Everything is checked before the search: a tree that does not parse (with the character
//! position), a board that is no position, an option that does not apply to games, each one
//! line on stderr with exit status 2. A search stopped at the node limit says so, exit status 3.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use serde_json::json;

use super::handout::{cannot_write, check_file, table_format, tree_format};
use super::solve::{AlgorithmArg, OutputFormat, SolveOptions};
use crate::domains::game::{GameTree, TREE_PRESETS, TicTacToe};
use crate::i18n::{self, pick};
use crate::search::game::{
    DEFAULT_NODE_LIMIT, Game, GameAlgorithm, GameConfig, GameConfigError, GameSearch, GameStatus,
    Player, value_text,
};
use crate::tree::export::{FILE_MAX_NODES, PNG_MAX_NODES, TreeFormat};
use crate::tree::game::{game_picture, node_label};
use crate::tree::game_export::{cut_leaves, game_png, game_svg, game_tikz, visit_table};

/// The most rows a table of visits is written with: minimax over a whole game visits hundreds
/// of thousands of nodes, and a table that long is no handout.
const TABLE_MAX_ROWS: usize = 100_000;

/// The most cuts printed a line each: a handout's tree has a few; a whole game's search has
/// thousands, which `--format json` still lists.
const CUT_LINES: usize = 40;

/// The default leaf values of a random tree.
const RANDOM_LOW: i32 = 0;
const RANDOM_HIGH: i32 = 20;

/// Whether the command asks for a game-tree search.
pub(super) fn asked(options: &SolveOptions) -> bool {
    options.game.is_some() || options.random_tree.is_some() || options.tictactoe.is_some()
}

/// An option for games given without a game: its one-line refusal.
pub(super) fn stray(options: &SolveOptions) -> Option<String> {
    let flag = if matches!(options.algorithm, Some(AlgorithmArg::Game(_))) {
        "--algorithm minimax|alphabeta"
    } else if options.root.is_some() {
        "--root"
    } else if options.order.is_some() {
        "--order"
    } else if options.seed.is_some() {
        "--seed"
    } else if options.depth.is_some() {
        "--depth"
    } else if options.eval.is_some() {
        "--eval"
    } else if options.iterative {
        "--iterative"
    } else {
        return None;
    };
    Some(if i18n::zh() {
        format!("{flag} 用于博弈树：请与 --game、--random-tree 或 --tictactoe 一起使用")
    } else {
        format!("{flag} is for game trees: use it with --game, --random-tree or --tictactoe")
    })
}

/// "X is for … only" in the current language.
fn only_for(flag: &str, what: &str, what_zh: &str) -> String {
    if i18n::zh() {
        format!("{flag} 只用于 {what_zh}")
    } else {
        format!("{flag} is for {what} only")
    }
}

/// The options that do not apply to the game asked for: the first one's refusal.
fn inapplicable(options: &SolveOptions) -> Option<String> {
    let given = [
        options.game.is_some(),
        options.random_tree.is_some(),
        options.tictactoe.is_some(),
    ];
    if given.iter().filter(|g| **g).count() > 1 {
        return Some(pick(
            "give one of --game, --random-tree and --tictactoe",
            "--game、--random-tree 与 --tictactoe 只能给出一个",
        ));
    }
    if !options.boards.is_empty() {
        return Some(pick(
            "a game-tree search takes no boards: the tree or the position is given by its option",
            "博弈树搜索不接受棋盘：树或局面由选项本身给出",
        ));
    }
    if let Some(AlgorithmArg::Search(algorithm)) = options.algorithm {
        return Some(if i18n::zh() {
            format!("{algorithm} 不是博弈树搜索：请用 --algorithm minimax 或 alphabeta")
        } else {
            format!("{algorithm} is no game-tree search: use --algorithm minimax or alphabeta")
        });
    }
    let board_options = [
        (options.map.is_some(), "--map"),
        (options.graph.is_some(), "--graph"),
        (options.goal.is_some(), "--goal"),
        (options.start.is_some(), "--start"),
        (options.heuristic.is_some(), "--heuristic"),
        (options.pdb_groups.is_some(), "--pdb-groups"),
        (options.jobs.is_some(), "--jobs"),
        (options.weight.is_some(), "--weight"),
        (options.repeats.is_some(), "--repeats"),
        (options.depth_limit.is_some(), "--depth-limit"),
        (options.memory.is_some(), "--memory"),
        (options.trace.is_some(), "--trace"),
        (options.max_steps.is_some(), "--max-steps"),
        (options.max_depth.is_some(), "--max-depth"),
        (options.path, "--path"),
    ];
    if let Some((_, flag)) = board_options.iter().find(|(given, _)| *given) {
        return Some(if i18n::zh() {
            format!("{flag} 不用于博弈树（--game、--random-tree、--tictactoe）")
        } else {
            format!("{flag} does not apply to game trees (--game, --random-tree, --tictactoe)")
        });
    }
    let tictactoe = options.tictactoe.is_some();
    if options.seed.is_some() && options.random_tree.is_none() {
        return Some(only_for("--seed", "--random-tree", "--random-tree"));
    }
    if options.root.is_some() && tictactoe {
        return Some(pick(
            "--root is for written and random trees: on a board, X moves when the counts are equal",
            "--root 只用于写出的树和随机树：棋盘上 X 与 O 一样多时轮到 X 走",
        ));
    }
    for (given, flag) in [
        (options.eval.is_some(), "--eval"),
        (options.depth.is_some(), "--depth"),
        (options.iterative, "--iterative"),
    ] {
        if given && !tictactoe {
            return Some(only_for(flag, "--tictactoe", "--tictactoe"));
        }
    }
    if options.iterative && options.depth.is_none() {
        return Some(pick(
            "--iterative deepens up to --depth: give --depth too",
            "--iterative 逐层加深到 --depth：请同时给出 --depth",
        ));
    }
    None
}

/// The tree of `--game`: a preset by its key, else the text as nested lists.
fn written_tree(text: &str, root: Player) -> Result<(GameTree, String), String> {
    if let Some(preset) = TREE_PRESETS.iter().find(|p| p.key == text.trim()) {
        let tree = GameTree::parse(preset.text, preset.root)
            .map_err(|e| i18n::tree_error(&e))?
            .with_root(root);
        let title = if i18n::zh() {
            preset.title_zh
        } else {
            preset.title
        };
        return Ok((tree, title.to_owned()));
    }
    let tree =
        GameTree::parse(text, root).map_err(|e| format!("--game: {}", i18n::tree_error(&e)))?;
    Ok((tree, super::shorten(text.trim())))
}

/// The tree of `--random-tree B,D[,LOW,HIGH]`.
fn random_tree(text: &str, seed: u64, root: Player) -> Result<(GameTree, String), String> {
    let bad = || {
        pick(
            "--random-tree takes B,D or B,D,LOW,HIGH: whole numbers, branching B and depth D, leaf values from LOW to HIGH",
            "--random-tree 的写法是 B,D 或 B,D,LOW,HIGH：整数，分支数 B、深度 D，叶结点的值从 LOW 到 HIGH",
        )
    };
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != 2 && parts.len() != 4 {
        return Err(bad());
    }
    let branching: usize = parts[0].parse().map_err(|_| bad())?;
    let depth: usize = parts[1].parse().map_err(|_| bad())?;
    let (low, high) = if parts.len() == 4 {
        (
            parts[2].parse().map_err(|_| bad())?,
            parts[3].parse().map_err(|_| bad())?,
        )
    } else {
        (RANDOM_LOW, RANDOM_HIGH)
    };
    let tree = GameTree::random(branching, depth, low, high, seed, root)
        .map_err(|e| format!("--random-tree: {}", i18n::tree_error(&e)))?;
    let title = if i18n::zh() {
        format!("随机树 {branching},{depth},{low},{high}，种子 {seed}")
    } else {
        format!("random tree {branching},{depth},{low},{high}, seed {seed}")
    };
    Ok((tree, title))
}

/// The search's settings from the options (the evaluation is the game's own).
fn config<E: crate::search::HeuristicChoice>(options: &SolveOptions, eval: E) -> GameConfig<E> {
    let algorithm = match options.algorithm {
        Some(AlgorithmArg::Game(algorithm)) => algorithm,
        _ => GameAlgorithm::default(),
    };
    GameConfig {
        order: options.order.unwrap_or_default(),
        depth_limit: options.depth,
        iterative: options.iterative,
        node_limit: options.node_limit.unwrap_or(DEFAULT_NODE_LIMIT),
        ..GameConfig::new(algorithm, eval)
    }
}

pub(super) fn main(options: &SolveOptions) -> ExitCode {
    if let Some(message) = inapplicable(options) {
        super::report(&message);
        return ExitCode::from(2);
    }
    let root = options.root.unwrap_or(Player::Max);
    let result = if let Some(text) = &options.game {
        written_tree(text, root)
            .map(|(tree, title)| run(tree, config(options, ()), options, &title))
    } else if let Some(text) = &options.random_tree {
        random_tree(text, options.seed.unwrap_or(1), root)
            .map(|(tree, title)| run(tree, config(options, ()), options, &title))
    } else {
        let text = options.tictactoe.as_deref().unwrap_or_default();
        TicTacToe::parse(text)
            .map_err(|e| format!("--tictactoe: {}", i18n::tictactoe_error(&e)))
            .map(|game| {
                let title = if i18n::zh() {
                    format!("井字棋 {}", game.start())
                } else {
                    format!("tic-tac-toe {}", game.start())
                };
                run(
                    game,
                    config(options, options.eval.unwrap_or_default()),
                    options,
                    &title,
                )
            })
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            super::report(&message);
            ExitCode::from(2)
        }
    }
}

/// The files of `--tree` and `--table`, checked before the search.
struct Files<'a> {
    tree: Option<(&'a Path, TreeFormat)>,
    table: Option<(&'a Path, crate::tree::table::TableFormat)>,
}

fn files(options: &SolveOptions) -> Result<Files<'_>, String> {
    let tree = match &options.tree {
        None => None,
        Some(path) => {
            let format = tree_format(path)?;
            if format == TreeFormat::Dot {
                return Err(if i18n::zh() {
                    format!(
                        "--tree {}：博弈树写成 .svg、.png 或 .tex，不写 DOT",
                        path.display()
                    )
                } else {
                    format!(
                        "--tree {}: a game tree is written as .svg, .png or .tex, not DOT",
                        path.display()
                    )
                });
            }
            check_file("--tree", path)?;
            Some((path.as_path(), format))
        }
    };
    let table = match &options.table {
        None => None,
        Some(path) => {
            let format = table_format(path)?;
            check_file("--table", path)?;
            Some((path.as_path(), format))
        }
    };
    Ok(Files { tree, table })
}

/// "leaves evaluated 7, nodes visited 10".
fn counts_line(leaves: u32, visited: u32) -> String {
    if i18n::zh() {
        format!("评估叶结点 {leaves} 个，访问结点 {visited} 个")
    } else {
        format!("leaves evaluated {leaves}, nodes visited {visited}")
    }
}

fn principal_line(labels: &[String]) -> String {
    if i18n::zh() {
        format!("主变例：{}", labels.join(" "))
    } else {
        format!("principal variation: {}", labels.join(" "))
    }
}

fn stats_line(search_steps: usize, alpha: u32, beta: u32, pruned: u32, nodes: u32) -> String {
    if i18n::zh() {
        format!(
            "步数 {search_steps}，α剪枝 {alpha} 次，β剪枝 {beta} 次，剪去子结点 {pruned} 个，生成结点 {nodes} 个"
        )
    } else {
        format!(
            "steps {search_steps}, α cuts {alpha}, β cuts {beta}, children cut off {pruned}, nodes generated {nodes}"
        )
    }
}

/// Runs the search to its end (or the node limit), prints what it found and writes the files.
fn run<G: Game>(
    game: G,
    config: GameConfig<G::Eval>,
    options: &SolveOptions,
    source: &str,
) -> ExitCode {
    let files = match files(options) {
        Ok(files) => files,
        Err(message) => {
            super::report(&message);
            return ExitCode::from(2);
        }
    };
    let mut search = match GameSearch::try_new(game, config) {
        Ok(search) => search,
        Err(GameConfigError::TooLarge(limit)) => {
            super::report(&if i18n::zh() {
                format!("树的结点超过 {limit} 个（结点上限）：请用 --node-limit 放宽")
            } else {
                format!(
                    "the tree has more than {limit} nodes, the node limit: raise it with --node-limit"
                )
            });
            return ExitCode::from(3);
        }
        Err(err) => {
            super::report(&err.to_string());
            return ExitCode::from(2);
        }
    };
    search.run(usize::MAX);
    let stats = search.stats();
    let title = format!(
        "{} · {} · {}",
        i18n::game_algorithm(search.config().algorithm),
        i18n::child_order(search.config().order),
        source
    );
    let cuts: Vec<(String, Vec<String>, u32)> = search
        .cuts()
        .iter()
        .map(|cut| {
            let sentence = i18n::cut_sentence(
                cut.kind,
                &node_label(&search, cut.node),
                cut.value,
                cut.bound,
                &node_label(&search, cut.by),
            );
            (sentence, cut_leaves(&search, cut), cut.leaves)
        })
        .collect();
    let principal: Vec<String> = search
        .principal_variation()
        .into_iter()
        .map(|id| node_label(&search, id))
        .collect();
    let status = search.status();
    let mut out = String::new();
    match options.format {
        OutputFormat::Text => {
            let _ = writeln!(
                out,
                "{}",
                match status {
                    GameStatus::Done { value, best } =>
                        i18n::game_result(value, best.map(|b| node_label(&search, b)).as_deref()),
                    _ => i18n::node_limit_reached().to_owned(),
                }
            );
            let _ = writeln!(out, "{}", counts_line(stats.leaves, stats.visited));
            if options.stats {
                let _ = writeln!(
                    out,
                    "{}",
                    stats_line(
                        search.steps(),
                        stats.alpha_cuts,
                        stats.beta_cuts,
                        stats.pruned,
                        stats.nodes
                    )
                );
            }
            for (sentence, names, leaves) in cuts.iter().take(CUT_LINES) {
                let _ = writeln!(
                    out,
                    "{sentence}{}{}",
                    pick(" — ", "；"),
                    i18n::leaves_cut_off(names, *leaves)
                );
            }
            if cuts.len() > CUT_LINES {
                let more = cuts.len() - CUT_LINES;
                let _ = writeln!(
                    out,
                    "{}",
                    if i18n::zh() {
                        format!("……另有 {more} 次剪枝（--format json 列出全部）")
                    } else {
                        format!("… and {more} more cuts (--format json lists them all)")
                    }
                );
            }
            if matches!(status, GameStatus::Done { .. }) {
                let _ = writeln!(out, "{}", principal_line(&principal));
            }
        }
        OutputFormat::Json => {
            let (value, best) = match status {
                GameStatus::Done { value, best } => {
                    (json!(value), json!(best.map(|b| node_label(&search, b))))
                }
                _ => (json!(null), json!(null)),
            };
            let cut_list: Vec<_> = search
                .cuts()
                .iter()
                .zip(&cuts)
                .map(|(cut, (sentence, names, leaves))| {
                    json!({
                        "kind": cut.kind.letter(),
                        "node": node_label(&search, cut.node),
                        "value": cut.value,
                        "bound": value_text(cut.bound),
                        "by": node_label(&search, cut.by),
                        "leaves_cut_off": leaves,
                        "leaves": names,
                        "sentence": sentence,
                    })
                })
                .collect();
            let object = json!({
                "algorithm": search.config().algorithm.name(),
                "order": search.config().order.name(),
                "value": value,
                "best": best,
                "stopped_at_node_limit": status == GameStatus::LimitReached,
                "leaves": stats.leaves,
                "visited": stats.visited,
                "steps": search.steps(),
                "nodes": stats.nodes,
                "alpha_cuts": stats.alpha_cuts,
                "beta_cuts": stats.beta_cuts,
                "cuts": cut_list,
                "principal_variation": principal,
            });
            let _ = writeln!(out, "{object}");
        }
    }
    let printed = super::emit(&out);
    if printed != ExitCode::SUCCESS {
        return printed;
    }
    if let Err(message) = write_files(&search, &files, &title) {
        super::report(&message);
        return ExitCode::from(2);
    }
    if status == GameStatus::LimitReached {
        super::report(&if i18n::zh() {
            format!(
                "{}（{} 个结点）：请用 --node-limit 放宽，或用 --depth 限制深度",
                i18n::node_limit_reached(),
                search.config().node_limit
            )
        } else {
            format!(
                "{} ({} nodes): raise it with --node-limit, or limit the depth with --depth",
                i18n::node_limit_reached(),
                search.config().node_limit
            )
        });
        return ExitCode::from(3);
    }
    ExitCode::SUCCESS
}

/// Writes `--tree` and `--table`, refusing a tree or table too large for its format.
fn write_files<G: Game>(search: &GameSearch<G>, files: &Files, title: &str) -> Result<(), String> {
    if let Some((path, format)) = files.tree {
        let picture = game_picture(search);
        let most = if format == TreeFormat::Png {
            PNG_MAX_NODES
        } else {
            FILE_MAX_NODES
        };
        if picture.nodes.len() > most {
            return Err(if i18n::zh() {
                format!(
                    "--tree {}：树有 {} 个结点，{} 文件最多 {most} 个：请用更小的树（井字棋可用 --depth）",
                    path.display(),
                    picture.nodes.len(),
                    format.name()
                )
            } else {
                format!(
                    "--tree {}: the tree has {} nodes, more than the {most} a {} file holds: use a smaller tree (or --depth with --tictactoe)",
                    path.display(),
                    picture.nodes.len(),
                    format.name()
                )
            });
        }
        let bytes = match format {
            TreeFormat::Png => game_png(&picture, title)?,
            TreeFormat::Tikz => game_tikz(&picture, title).into_bytes(),
            _ => game_svg(&picture, title).into_bytes(),
        };
        std::fs::write(path, bytes).map_err(|e| cannot_write(path, &e))?;
    }
    if let Some((path, format)) = files.table {
        if search.steps() > TABLE_MAX_ROWS {
            return Err(if i18n::zh() {
                format!(
                    "--table {}：搜索走了 {} 步，表格最多 {TABLE_MAX_ROWS} 行：请用更小的树（井字棋可用 --depth）",
                    path.display(),
                    search.steps()
                )
            } else {
                format!(
                    "--table {}: the search took {} steps, more than the {TABLE_MAX_ROWS} rows a table holds: use a smaller tree (or --depth with --tictactoe)",
                    path.display(),
                    search.steps()
                )
            });
        }
        std::fs::write(path, visit_table(search, format)).map_err(|e| cannot_write(path, &e))?;
    }
    Ok(())
}
