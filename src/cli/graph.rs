//! `searchlab solve --graph FILE|PRESET`: one search on a route graph, from the file's start
//! (or `--start NAME`) to its goals (or `--goal NAME[,NAME]`), printing the cost of the path
//! found. The file is searchlab's graph text or an AIspace `.xml` graph (by extension, else by
//! content); a preset's short name (`romania`) may stand for a file.
//!
//! Every algorithm runs, in the stepping engine, so `--trace`, `--tree` and `--table` show the
//! same search; the bidirectional ones need a single goal. Everything is checked before the
//! search: a file that cannot be read or is malformed (named with its line), a node name
//! that is not in the graph, a heuristic or option that does not go with graphs, each one
//! line on stderr with exit status 2. No solution is exit status 1, a search stopped at the
//! node limit 3.

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::{Value, json};

use super::handout::{Handout, stopped_early};
use super::solve::{
    HeuristicArg, OutputFormat, SolveOptions, stats_json, stats_text, stopped_text,
};
use super::trace::TraceFiles;
use crate::domains::graph::{Graph, GraphFormat, GraphHeuristic, GraphPreset, NodeId};
use crate::domains::puzzle::HeuristicKind;
use crate::i18n::{self, pick};
use crate::search::{Cost, Search, SearchConfig, Status, try_new_search};
use crate::tree::table::Naming;

/// The largest graph file read: a graph of the most nodes and edges a graph holds, written
/// out with long names, is well under it, so a larger file is no graph (and a device such as
/// /dev/zero is not read without end).
const MAX_GRAPH_BYTES: u64 = 16 << 20;

/// The options that do not go with a graph: the first one's one-line refusal.
fn board_only(options: &SolveOptions) -> Option<String> {
    if !options.boards.is_empty() {
        return Some(pick(
            "--graph takes no boards: name nodes with --start and --goal",
            "--graph 不接受棋盘：请用 --start 和 --goal 给出结点名",
        ));
    }
    if options.pdb_groups.is_some() {
        return Some(pick(
            "--pdb-groups is for 4x4 boards, not graphs",
            "--pdb-groups 只用于 4x4 棋盘，不用于路线图",
        ));
    }
    if options.jobs.is_some() {
        return Some(pick(
            "--jobs is for batches of boards or scenarios: --graph runs one search",
            "--jobs 用于成批的棋盘或场景：--graph 只运行一次搜索",
        ));
    }
    if let Some(inapplicable) = options.inapplicable() {
        return Some(inapplicable.message());
    }
    None
}

/// The graph heuristic `--heuristic` names; the h table when none is given.
fn graph_heuristic(arg: Option<HeuristicArg>) -> Result<GraphHeuristic, String> {
    match arg {
        None => Ok(GraphHeuristic::Table),
        Some(HeuristicArg::Graph(kind)) => Ok(kind),
        Some(HeuristicArg::Kind(HeuristicKind::Zero)) => Ok(GraphHeuristic::Zero),
        Some(_) => Err(pick(
            "with --graph, use a graph heuristic: table, straight-line or zero",
            "使用 --graph 时请用路线图的启发函数：table、straight-line 或 zero",
        )),
    }
}

/// The search's settings from the options, or why they do not go with a graph.
fn config(options: &SolveOptions) -> Result<SearchConfig<GraphHeuristic>, String> {
    if let Some(message) = board_only(options) {
        return Err(message);
    }
    let puzzle = options.config();
    let config = SearchConfig {
        algorithm: puzzle.algorithm,
        heuristic: graph_heuristic(options.heuristic)?,
        weight: puzzle.weight,
        tie_break: puzzle.tie_break,
        goal_test: puzzle.goal_test,
        node_limit: puzzle.node_limit,
        depth_limit: puzzle.depth_limit,
        memory_limit: puzzle.memory_limit,
        repeats: puzzle.repeats,
    };
    config.validate().map_err(|e| i18n::config_error(&e))?;
    Ok(config)
}

/// The presets' short names, for messages.
fn preset_names() -> String {
    GraphPreset::ALL
        .iter()
        .map(|p| p.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The graph of `--graph`: a file if there is one at that path, else a preset by name.
fn load(arg: &str) -> Result<Graph, String> {
    let path = Path::new(arg);
    if !path.exists()
        && let Some(preset) = GraphPreset::from_name(arg)
    {
        return Ok(preset.build());
    }
    let cannot_read = |err: &std::io::Error| {
        if i18n::zh() {
            format!(
                "无法读取 {}：{err}（它也不是预设图：{}）",
                path.display(),
                preset_names()
            )
        } else {
            format!(
                "cannot read {}: {err} (nor is it a preset: {})",
                path.display(),
                preset_names()
            )
        }
    };
    let file = std::fs::File::open(path).map_err(|e| cannot_read(&e))?;
    let mut bytes = Vec::new();
    file.take(MAX_GRAPH_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot_read(&e))?;
    if bytes.len() as u64 > MAX_GRAPH_BYTES {
        let megabytes = MAX_GRAPH_BYTES >> 20;
        return Err(if i18n::zh() {
            format!(
                "{}：文件超过 {megabytes} MB，比任何路线图都大",
                path.display()
            )
        } else {
            format!(
                "{}: the file is over {megabytes} MB, larger than any graph",
                path.display()
            )
        });
    }
    // A byte that is not UTF-8 becomes a replacement character, which the text format
    // refuses in its line (and XML in its place).
    let text = String::from_utf8_lossy(&bytes);
    GraphFormat::detect(arg, &text)
        .read(&text)
        .map_err(|err| format!("{}: {}", path.display(), i18n::graph_file_error(&err)))
}

/// The node named `name`: that exact name, else the one node whose name matches it ignoring
/// case.
fn node_named(graph: &Graph, flag: &str, name: &str) -> Result<NodeId, String> {
    let name = name.trim();
    if let Some(node) = graph.find(name) {
        return Ok(node);
    }
    let mut matches = graph
        .node_ids()
        .filter(|&n| graph.name(n).eq_ignore_ascii_case(name));
    if let (Some(node), None) = (matches.next(), matches.next()) {
        return Ok(node);
    }
    let shown = super::shorten(name);
    Err(if i18n::zh() {
        format!("{flag}：图中没有名为“{shown}”的结点")
    } else {
        format!("{flag}: no node is named `{shown}` in the graph")
    })
}

/// Moves the start and the goals to `--start` and `--goal`, where given.
fn place_endpoints(options: &SolveOptions, graph: &mut Graph) -> Result<(), String> {
    if let Some(name) = &options.start {
        let start = node_named(graph, "--start", name)?;
        graph
            .set_start(start)
            .map_err(|e| i18n::graph_edit_error(&e))?;
    }
    if let Some(names) = &options.goal {
        let goals = names
            .split(',')
            .map(|name| node_named(graph, "--goal", name))
            .collect::<Result<Vec<_>, _>>()?;
        graph
            .set_goals(&goals)
            .map_err(|e| i18n::graph_edit_error(&e))?;
    }
    Ok(())
}

/// What the search found: the path's nodes and cost.
fn solution(graph: &Graph, search: &dyn Search<Graph>) -> Option<(Vec<NodeId>, Cost)> {
    let path = search.solution_states()?;
    // A path of the search is made of the graph's edges, so it has a cost.
    let cost = graph.path_cost(&path)?;
    Some((path, cost))
}

fn no_solution() -> String {
    pick(
        "no goal can be reached from the start",
        "从起点无法到达任何目标",
    )
}

/// The answer for stdout and the exit status.
fn render(
    graph: &Graph,
    search: &dyn Search<Graph>,
    options: &SolveOptions,
    millis: f64,
) -> (String, u8) {
    let stats = search.stats();
    let found = solution(graph, search);
    let status = search.status();
    let code = match (&found, status) {
        (Some(_), _) => 0,
        (None, Status::LimitReached) => 3,
        _ => 1,
    };
    let text = match options.format {
        OutputFormat::Text => {
            let mut out = match (&found, status) {
                (Some((_, cost)), _) => cost.to_string(),
                (None, Status::LimitReached) => {
                    format!("stopped: {}", stopped_text(options.node_limit(), &stats))
                }
                _ => format!("no solution: {}", no_solution()),
            };
            if options.stats {
                let _ = write!(out, "\t{}", stats_text(&stats, millis));
            }
            out.push('\n');
            if options.path
                && let Some((path, _)) = &found
            {
                for &node in path {
                    let _ = writeln!(out, "{}", graph.name(node));
                }
            }
            out
        }
        OutputFormat::Json => {
            let name = |n: NodeId| Value::from(graph.name(n));
            let mut value = json!({
                "start": name(graph.start()),
                "goals": graph.goals().iter().map(|&g| name(g)).collect::<Vec<_>>(),
                "algorithm": search.config().algorithm.name(),
                "heuristic": search.config().heuristic.name(),
                "stats": stats_json(&stats, millis),
            });
            match (&found, status) {
                (Some((path, cost)), _) => {
                    value["cost"] = cost.to_json();
                    value["edges"] = json!(path.len() - 1);
                    if options.path {
                        value["path"] = Value::Array(path.iter().map(|&n| name(n)).collect());
                    }
                }
                (None, Status::LimitReached) => {
                    value["stopped"] = json!(stopped_text(options.node_limit(), &stats));
                    value["node_limit"] = json!(options.node_limit());
                }
                _ => value["no_solution"] = json!(no_solution()),
            }
            format!("{value}\n")
        }
    };
    (text, code)
}

/// The line for `--tree` and `--table` runs: the cost, or why the search stopped.
fn handout_line(graph: &Graph, search: &dyn Search<Graph>) -> (String, u8) {
    if let Some(stopped) = stopped_early(search.steps(), search.status()) {
        return stopped;
    }
    match solution(graph, search) {
        Some((_, cost)) => (cost.to_string(), 0),
        None => (format!("no solution: {}", no_solution()), 1),
    }
}

/// Checks the options, reads the graph, runs the search; the text for stdout and the exit
/// status, or the one-line refusal.
pub(super) fn run(options: &SolveOptions, arg: &str) -> Result<(String, u8), String> {
    let handout = (options.tree.is_some() || options.table.is_some())
        .then(|| Handout::from_options(options))
        .transpose()?;
    let config = config(options)?;
    let mut graph = load(arg)?;
    place_endpoints(options, &mut graph)?;
    let mut search = try_new_search(graph.clone(), config).map_err(|e| i18n::config_error(&e))?;
    if let Some(handout) = handout {
        handout.check_files()?;
        handout.write(search.as_mut(), options, Naming::State)?;
        let (line, code) = handout_line(&graph, search.as_ref());
        return Ok((format!("{line}\n"), code));
    }
    let started = Instant::now();
    match &options.trace {
        Some(base) => {
            let mut files = TraceFiles::open(base).map_err(|e| super::solve::trace_error(&e))?;
            files
                .run_next(search.as_mut())
                .map_err(|e| super::solve::trace_error(&e))?;
        }
        None => {
            search.run(usize::MAX);
        }
    }
    let millis = started.elapsed().as_secs_f64() * 1000.0;
    Ok(render(&graph, search.as_ref(), options, millis))
}

/// `searchlab solve --graph`.
pub fn main(options: &SolveOptions, arg: &str) -> ExitCode {
    match run(options, arg) {
        Ok((text, code)) => {
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::from(code),
                // A closed pipe (`| head`): the status says what the search found.
                Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(code),
                Err(err) => {
                    super::report(&err.to_string());
                    ExitCode::from(2)
                }
            }
        }
        Err(message) => {
            super::report(&message);
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        options: SolveOptions,
    }

    fn options(args: &[&str]) -> SolveOptions {
        Wrapper::try_parse_from(std::iter::once("solve").chain(args.iter().copied()))
            .unwrap()
            .options
    }

    fn answer(args: &[&str]) -> Result<(String, u8), String> {
        i18n::set_language(i18n::Language::English);
        let options = options(args);
        run(&options, options.graph.as_deref().unwrap())
    }

    #[test]
    fn presets_solve_by_name_with_every_algorithm() {
        assert_eq!(answer(&["--graph", "romania"]), Ok(("418\n".into(), 0)));
        assert_eq!(
            answer(&["--graph", "Romania", "-a", "greedy"]),
            Ok(("450\n".into(), 0))
        );
        for algorithm in crate::search::Algorithm::EVERY {
            let (text, code) = answer(&["--graph", "textbook", "-a", algorithm.name()]).unwrap();
            assert_eq!(code, 0, "{algorithm}: {text}");
        }
        let (text, _) = answer(&[
            "--graph",
            "romania",
            "--goal",
            "Iasi,Eforie",
            "-a",
            "ucs",
            "--path",
        ])
        .unwrap();
        assert_eq!(text.lines().last(), Some("Eforie"), "{text}");
        // Names ignore case when only one node matches.
        let (text, _) = answer(&[
            "--graph",
            "romania",
            "--start",
            "bucharest",
            "--goal",
            "arad",
        ])
        .unwrap();
        assert_eq!(text, "418\n");
    }

    #[test]
    fn refusals_are_one_line() {
        let refused = |args: &[&str]| answer(args).unwrap_err();
        assert!(
            refused(&["--graph", "romania", "--goal", "Paris"])
                .contains("no node is named `Paris`")
        );
        assert!(
            refused(&["--graph", "romania", "-H", "manhattan"])
                .contains("table, straight-line or zero")
        );
        assert!(
            refused(&["--graph", "romania", "-a", "bfs", "-H", "table"])
                .contains("uses no heuristic")
        );
        assert!(
            refused(&[
                "--graph",
                "romania",
                "--goal",
                "Iasi,Eforie",
                "-a",
                "bidirectional-bfs"
            ])
            .contains("single goal")
        );
        assert!(refused(&["--graph", "nowhere.graph"]).contains("nor is it a preset: romania"));
        assert!(refused(&["--graph", "romania", "283104765"]).contains("takes no boards"));
        for message in [
            refused(&["--graph", "mars"]),
            refused(&["--graph", "romania", "--tree", "t.jpg"]),
        ] {
            assert!(!message.contains('\n'), "{message}");
        }
    }

    #[test]
    fn no_solution_and_the_node_limit_have_their_exit_status() {
        let (text, code) = answer(&["--graph", "cycle", "--start", "G", "--goal", "S"]).unwrap();
        assert_eq!(
            (text.as_str(), code),
            ("no solution: no goal can be reached from the start\n", 1)
        );
        let (text, code) = answer(&["--graph", "romania", "--node-limit", "3"]).unwrap();
        assert!(
            text.starts_with("stopped: node limit of 3") && code == 3,
            "{text}"
        );
    }
}
