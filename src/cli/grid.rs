//! `searchlab solve --map FILE.map`: searches on a MovingAI grid map, either one problem (the
//! start and goal from `--start X,Y --goal X,Y`, or the map's first and last ground cells) or
//! every scenario of a `.scen` file, each checked against the optimal length the file states.
//!
//! The options, the map and the scenario file's version line are checked before the first
//! search; anything wrong with them (a file that cannot be read, a malformed map, an option
//! that does not go with maps) is reported in one line, exit 2. The scenarios are then read,
//! solved and answered as they come, in file order, by `--jobs` worker threads that share the
//! one map read: memory depends on the map and the number of workers, never on the number of
//! scenarios. A scenario line that is malformed, or does not fit the map, is answered in its
//! place with `error: ...` (and named on stderr with its line), the others are solved, and the
//! exit status is 2.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::{Arc, Mutex, mpsc};
use std::time::Instant;

use serde_json::{Value, json};

use super::input::{Line, LineSource, MAX_LINE, ReadLines};
use super::solve::{
    HeuristicArg, OutputFormat, SolveOptions, SolveSummary, stats_json, stats_text, stopped_text,
};
use super::trace::TraceFiles;
use crate::domains::grid::{
    Cell, Connectivity, DenseIndex, Endpoint, Expected, Grid, GridError, GridHeuristic, MAX_SIDE,
    MAX_WEIGHT, MIN_SIDE, MIN_WEIGHT, MapFileError, ScenFileError, Scenario, ScenarioError,
    check_scen_version, cost_as_steps, parse_map, parse_scen_line,
};
use crate::domains::puzzle::HeuristicKind;
use crate::i18n::{self, pick};
use crate::search::{
    Algorithm, Cost, Repeats, SearchConfig, Stats, Status, plain_search_with, try_new_search,
};

/// The largest map file read. A 1024x1024 map with Windows line ends is just over 1 MB, so a
/// larger file is no map, and a device such as /dev/zero is not read without end.
const MAX_MAP_BYTES: u64 = 4 << 20;

/// How many disagreeing scenarios the closing message names; the rest are counted.
const LISTED: usize = 20;

/// `--connectivity`: 4 or 8.
pub(super) fn parse_connectivity(text: &str) -> Result<Connectivity, String> {
    match text.trim() {
        "4" => Ok(Connectivity::Four),
        "8" => Ok(Connectivity::Eight),
        _ => Err(pick("use 4 or 8", "请用 4 或 8")),
    }
}

/// A cell written `X,Y` (spaces around the numbers allowed).
fn parse_cell(text: &str) -> Option<Cell> {
    let (x, y) = text.split_once(',')?;
    Some(Cell::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// The grid heuristic `--heuristic` names; octile, MovingAI's, when none is given.
fn grid_heuristic(arg: Option<HeuristicArg>) -> Result<GridHeuristic, String> {
    match arg {
        None => Ok(GridHeuristic::Octile),
        Some(HeuristicArg::Grid(kind)) => Ok(kind),
        Some(HeuristicArg::Kind(HeuristicKind::Zero)) => Ok(GridHeuristic::Zero),
        Some(HeuristicArg::Kind(HeuristicKind::Manhattan)) => Ok(GridHeuristic::Manhattan),
        Some(_) => Err(pick(
            "with --map, use a grid heuristic: zero, manhattan, euclidean, octile or chebyshev",
            "使用 --map 时请用网格启发函数：zero、manhattan、euclidean、octile 或 chebyshev",
        )),
    }
}

/// The options as clap fills them when none is given, to tell the options a user gave from
/// those left at their defaults.
fn defaults() -> SolveOptions {
    use clap::{Args, FromArgMatches};
    let command = SolveOptions::augment_args(clap::Command::new("solve"));
    let matches = command
        .try_get_matches_from(["solve"])
        .expect("solve parses with no arguments");
    SolveOptions::from_arg_matches(&matches).expect("the defaults fill every option")
}

/// The options for boards only, or for searches that do not run on maps, that were given
/// with `--map`: the first one's one-line refusal.
fn board_only(options: &SolveOptions, algorithm: Algorithm) -> Option<String> {
    let defaults = defaults();
    if !options.boards.is_empty() {
        return Some(pick(
            "--map takes no boards: give --start and --goal, or --scen",
            "--map 不接受棋盘：请给出 --start 和 --goal，或 --scen",
        ));
    }
    if options.tree.is_some() || options.table.is_some() {
        return Some(pick(
            "--tree and --table are for boards, not maps",
            "--tree 和 --table 只用于棋盘，不用于地图",
        ));
    }
    if options.max_steps.is_some() || options.max_depth.is_some() {
        return Some(pick(
            "--max-steps and --max-depth go with --tree and --table, which are for boards, not maps",
            "--max-steps 和 --max-depth 与 --tree、--table 一起用，而它们只用于棋盘，不用于地图",
        ));
    }
    if options.pdb_groups.is_some() {
        return Some(pick(
            "--pdb-groups is for 4x4 boards, not maps",
            "--pdb-groups 只用于 4x4 棋盘，不用于地图",
        ));
    }
    if options.depth_limit.is_some() {
        return Some(pick(
            "--depth-limit is for dfs, which does not run on maps",
            "--depth-limit 只用于 dfs，而地图上不运行 dfs",
        ));
    }
    if options.weight.is_some() && algorithm != Algorithm::WeightedAStar {
        return Some(pick(
            "--weight is for weighted-astar only: add --algorithm weighted-astar",
            "--weight 只用于 weighted-astar：请加上 --algorithm weighted-astar",
        ));
    }
    if options.tie_break != defaults.tie_break && algorithm == Algorithm::BreadthFirst {
        return Some(pick(
            "bfs always takes the oldest of equal nodes first: --tie-break is for ucs, astar, greedy and weighted-astar",
            "bfs 总是先取相同结点中最早的：--tie-break 只用于 ucs、astar、greedy 和 weighted-astar",
        ));
    }
    if options.heuristic.is_some()
        && matches!(algorithm, Algorithm::BreadthFirst | Algorithm::UniformCost)
    {
        return Some(pick(
            "bfs and ucs use no heuristic: drop --heuristic, or use astar, greedy or weighted-astar",
            "bfs 和 ucs 不用启发函数：请去掉 --heuristic，或改用 astar、greedy 或 weighted-astar",
        ));
    }
    None
}

/// The search's settings from the options, or why they do not go with a map.
fn config(options: &SolveOptions) -> Result<SearchConfig<GridHeuristic>, String> {
    // The best-first algorithms only: the record-free engine runs those, and a map's solve
    // reports the cost of the goal node, which a bidirectional search does not hold alone.
    let algorithm = options.search_algorithm().unwrap_or(Algorithm::AStar);
    if let Some(message) = board_only(options, algorithm) {
        return Err(message);
    }
    if !Algorithm::ALL.contains(&algorithm) {
        return Err(pick(
            "on a map use bfs, ucs, astar, greedy or weighted-astar",
            "地图上请用 bfs、ucs、astar、greedy 或 weighted-astar",
        ));
    }
    let puzzle = options.config();
    let config = SearchConfig {
        algorithm,
        heuristic: grid_heuristic(options.heuristic)?,
        weight: puzzle.weight,
        tie_break: puzzle.tie_break,
        goal_test: puzzle.goal_test,
        repeats: puzzle.repeats,
        node_limit: puzzle.node_limit,
        depth_limit: puzzle.depth_limit,
        memory_limit: puzzle.memory_limit,
    };
    config.validate().map_err(|e| i18n::config_error(&e))?;
    Ok(config)
}

/// A grid error in the language asked for.
fn grid_error(error: &GridError) -> String {
    if !i18n::zh() {
        return error.to_string();
    }
    match error {
        GridError::Size { width, height } => {
            format!("网格每边 {MIN_SIDE} 到 {MAX_SIDE} 格，不能是 {width}x{height}")
        }
        GridError::OutOfBounds {
            cell,
            width,
            height,
        } => format!("格子 {cell} 在 {width}x{height} 的网格之外"),
        GridError::Weight(w) => format!("权重是 {MIN_WEIGHT} 到 {MAX_WEIGHT}，不能是 {w}"),
        GridError::Letter(c) => format!("“{c}”不是地图格子"),
        GridError::Blocked { endpoint, cell } => {
            let which = match endpoint {
                Endpoint::Start => "起点",
                Endpoint::Goal => "目标",
            };
            format!("{which}不能在墙上，位于 {cell}")
        }
    }
}

/// A map file's error in the language asked for.
fn map_error(error: &MapFileError) -> String {
    if !i18n::zh() {
        return error.to_string();
    }
    match error {
        MapFileError::Header {
            line,
            expected,
            found,
        } => {
            let expected = match expected {
                Expected::TypeOctile => "`type octile`",
                Expected::EachEntryOnce => "每个头部项只出现一次",
                Expected::Height => "`map` 之前的 `height N`",
                Expected::Width => "`map` 之前的 `width N`",
                Expected::MovingAiEntry => "`height N`、`width N` 或 `map`",
                Expected::SearchlabEntry => {
                    "`height N`、`width N`、`start X Y`、`goal X Y`、`connectivity 4|8`、\
                     `corners forbidden|allowed` 或 `map`"
                }
            };
            format!("第 {line} 行：应为 {expected}，却是“{found}”")
        }
        MapFileError::NoMapLine { line } => format!("第 {line} 行：文件在 `map` 行之前就结束了"),
        MapFileError::Value { line, key, found } => {
            let key = match *key {
                "height" => "高度",
                "width" => "宽度",
                other => other,
            };
            format!("第 {line} 行：“{found}”不是有效的{key}")
        }
        MapFileError::Grid { line, error } => format!("第 {line} 行：{}", grid_error(error)),
        MapFileError::RowLength { line, found, width } => {
            format!("第 {line} 行：这一行有 {found} 格，但地图宽 {width} 格")
        }
        MapFileError::BadCell {
            line,
            column,
            found,
            allowed,
        } => format!("第 {line} 行第 {column} 列：“{found}”不是地图格子（{allowed}）"),
        MapFileError::MissingRows {
            line,
            found,
            height,
        } => format!("第 {line} 行：文件只有 {found} 行地图，不足 {height} 行"),
        MapFileError::ExtraText { line, height } => {
            format!("第 {line} 行：{height} 行地图之后还有文字")
        }
        MapFileError::NoFreeCell { line } => {
            format!("第 {line} 行：地图上没有可放起点和目标的可通行格子")
        }
    }
}

/// A scenario file's error in the language asked for.
fn scen_error(error: &ScenFileError) -> String {
    if !i18n::zh() {
        return error.to_string();
    }
    match error {
        ScenFileError::Version { line, found } => {
            format!("第 {line} 行：应为 `version 1`，却是“{found}”")
        }
        ScenFileError::FieldCount { line, found } => format!(
            "第 {line} 行：应有 9 项（难度分组、地图、宽度、高度、起点 x、起点 y、目标 x、\
             目标 y、最优长度），却有 {found} 项"
        ),
        ScenFileError::Field { line, field, found } => {
            let field = match *field {
                "bucket" => "难度分组",
                "width" => "宽度",
                "height" => "高度",
                "start x" => "起点 x",
                "start y" => "起点 y",
                "goal x" => "目标 x",
                "goal y" => "目标 y",
                "optimal length" => "最优长度",
                other => other,
            };
            format!("第 {line} 行：{field}“{found}”无效")
        }
        ScenFileError::OutOfBounds {
            line,
            what,
            cell,
            width,
            height,
        } => {
            let what = if *what == "start" { "起点" } else { "目标" };
            format!("第 {line} 行：{what} {cell} 在 {width}x{height} 的地图之外")
        }
    }
}

/// Why a scenario does not fit the map, in the language asked for.
fn scenario_error(error: &ScenarioError) -> String {
    match (error, i18n::zh()) {
        (e, false) => e.to_string(),
        (
            ScenarioError::SizeMismatch {
                scen_width,
                scen_height,
                width,
                height,
            },
            true,
        ) => format!("场景是为 {scen_width}x{scen_height} 的地图写的，不是 {width}x{height}"),
        (ScenarioError::Grid(e), true) => grid_error(e),
    }
}

/// The reason a file could not be opened or read, naming it.
fn cannot_read(path: &Path, err: &std::io::Error) -> String {
    if i18n::zh() {
        format!("无法读取 {}：{err}", path.display())
    } else {
        format!("cannot read {}: {err}", path.display())
    }
}

/// Reads the map (at most [`MAX_MAP_BYTES`] of it) with the connectivity asked for.
fn read_map(options: &SolveOptions, path: &Path) -> Result<Grid, String> {
    let file = std::fs::File::open(path).map_err(|err| cannot_read(path, &err))?;
    let mut bytes = Vec::new();
    file.take(MAX_MAP_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| cannot_read(path, &err))?;
    if bytes.len() as u64 > MAX_MAP_BYTES {
        let megabytes = MAX_MAP_BYTES >> 20;
        return Err(if i18n::zh() {
            format!(
                "{}：文件超过 {megabytes} MB，比任何地图（最大 {MAX_SIDE}x{MAX_SIDE}）都大",
                path.display()
            )
        } else {
            format!(
                "{}: the file is over {megabytes} MB, larger than any map (at most \
                 {MAX_SIDE}x{MAX_SIDE})",
                path.display()
            )
        });
    }
    // A byte that is not UTF-8 becomes a replacement character, which the parser refuses
    // with its line and column.
    let mut grid = parse_map(&String::from_utf8_lossy(&bytes))
        .map_err(|err| format!("{}: {}", path.display(), map_error(&err)))?;
    if let Some(connectivity) = options.connectivity {
        grid.set_connectivity(connectivity);
    }
    Ok(grid)
}

/// Moves the map's start and goal to `--start` and `--goal`, where given.
fn place_endpoints(options: &SolveOptions, grid: &mut Grid) -> Result<(), String> {
    for (text, start) in [(&options.start, true), (&options.goal, false)] {
        let Some(text) = text else { continue };
        let flag = if start { "--start" } else { "--goal" };
        let cell = parse_cell(text).ok_or_else(|| {
            let shown: String = text.chars().take(40).collect();
            if i18n::zh() {
                format!("{flag} 的值“{shown}”不是格子坐标 X,Y（如 3,7）")
            } else {
                format!("{flag} `{shown}` is not a cell X,Y (such as 3,7)")
            }
        })?;
        let placed = if start {
            grid.set_start(cell)
        } else {
            grid.set_goal(cell)
        };
        placed.map_err(|err| {
            if i18n::zh() {
                format!("{flag}：{}", grid_error(&err))
            } else {
                format!("{flag}: {err}")
            }
        })?;
    }
    Ok(())
}

/// What one search found.
struct Found {
    solution: Option<(Cost, Vec<Cell>)>,
    stats: Stats,
    limit_reached: bool,
    millis: f64,
}

/// Runs one search: the record-free engine, or the stepping one when a trace is written or the
/// search is a tree search (the record-free engine is a graph search).
fn search(
    grid: &Grid,
    config: SearchConfig<GridHeuristic>,
    trace: Option<&mut TraceFiles>,
) -> Result<Found, String> {
    let started = Instant::now();
    let (solution, stats, limit_reached) = match trace {
        None if config.repeats == Repeats::Graph => {
            let outcome = plain_search_with(grid, config, DenseIndex::new(grid))
                .map_err(|e| i18n::config_error(&e))?;
            (outcome.solution, outcome.stats, outcome.limit_reached)
        }
        trace => {
            let mut search =
                try_new_search(grid.clone(), config).map_err(|e| i18n::config_error(&e))?;
            match trace {
                Some(files) => files
                    .run_next(search.as_mut())
                    .map_err(|err| super::solve::trace_error(&err))?,
                None => {
                    search.run(usize::MAX);
                }
            }
            let solution = match search.status() {
                Status::Solved { goal } => Some((
                    search.node(goal).g,
                    search.solution_states().expect("solved"),
                )),
                _ => None,
            };
            (
                solution,
                search.stats(),
                search.status() == Status::LimitReached,
            )
        }
    };
    Ok(Found {
        solution,
        stats,
        limit_reached,
        millis: started.elapsed().as_secs_f64() * 1000.0,
    })
}

/// A cost in steps with up to four decimals, the grid's resolution (`7.4143`, `12`).
fn length_text(cost: Cost) -> String {
    let text = format!("{:.4}", cost_as_steps(cost.raw()));
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn cell_text(cell: Cell) -> String {
    format!("{},{}", cell.x, cell.y)
}

fn cell_json(cell: Cell) -> Value {
    json!([cell.x, cell.y])
}

/// How a search's result counts: solved (and agreeing), unsolved (or disagreeing), stopped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Agrees,
    Disagrees,
    Stopped,
}

/// A scenario as answered: its number (from 1, counting the file's non-blank lines after the
/// version line), its line, and the scenario.
type Numbered<'a> = (usize, usize, &'a Scenario);

/// The verdict and the output of one search on `grid` (whose start and goal it was), for a
/// scenario or for the one problem of `--start` and `--goal`.
fn render(
    grid: &Grid,
    scenario: Option<Numbered>,
    found: &Found,
    options: &SolveOptions,
) -> (Verdict, String) {
    let verdict = match (&found.solution, scenario) {
        (None, _) if found.limit_reached => Verdict::Stopped,
        (None, _) => Verdict::Disagrees,
        (Some(_), None) => Verdict::Agrees,
        (Some((cost, _)), Some((_, _, scenario))) => {
            if scenario.agrees_with(cost.raw()) {
                Verdict::Agrees
            } else {
                Verdict::Disagrees
            }
        }
    };
    let (start, goal) = (grid.start(), grid.goal());
    let text = match options.format {
        OutputFormat::Text => {
            let mut out = String::new();
            if let Some((number, _, _)) = scenario {
                let _ = write!(
                    out,
                    "scenario {number}: {} -> {}: ",
                    cell_text(start),
                    cell_text(goal)
                );
            }
            match &found.solution {
                Some((cost, _)) => out.push_str(&length_text(*cost)),
                None if found.limit_reached => {
                    let _ = write!(
                        out,
                        "stopped: {}",
                        stopped_text(options.node_limit(), &found.stats)
                    );
                }
                None => {
                    let _ = write!(
                        out,
                        "no solution: {}",
                        pick(
                            "the goal cannot be reached from the start",
                            "从起点无法到达目标"
                        )
                    );
                }
            }
            if let Some((_, _, scenario)) = scenario
                && verdict != Verdict::Stopped
            {
                let word = if verdict == Verdict::Agrees {
                    "ok"
                } else {
                    "MISMATCH"
                };
                let _ = write!(out, ", stated {}: {word}", scenario.optimal_length);
            }
            if options.stats {
                let _ = write!(out, "\t{}", stats_text(&found.stats, found.millis));
            }
            out.push('\n');
            if options.path
                && let Some((_, path)) = &found.solution
            {
                for &cell in path {
                    let _ = writeln!(out, "{}", cell_text(cell));
                }
            }
            out
        }
        OutputFormat::Json => {
            let mut value = json!({
                "start": cell_json(start),
                "goal": cell_json(goal),
                "stats": stats_json(&found.stats, found.millis),
            });
            if let Some((number, line, scenario)) = scenario {
                value["scenario"] = json!(number);
                value["line"] = json!(line);
                value["stated_length"] = json!(scenario.optimal_length);
                if verdict != Verdict::Stopped {
                    value["agrees"] = json!(verdict == Verdict::Agrees);
                }
            }
            match &found.solution {
                Some((cost, path)) => {
                    value["length"] = json!(cost_as_steps(cost.raw()));
                    value["moves"] = json!(path.len() - 1);
                    if options.path {
                        value["path"] = Value::Array(path.iter().map(|&c| cell_json(c)).collect());
                    }
                }
                None if found.limit_reached => {
                    value["stopped"] = json!(stopped_text(options.node_limit(), &found.stats));
                    value["node_limit"] = json!(options.node_limit());
                }
                None => {
                    value["no_solution"] = json!(pick(
                        "the goal cannot be reached from the start",
                        "从起点无法到达目标"
                    ));
                }
            }
            format!("{value}\n")
        }
    };
    (verdict, text)
}

/// Why `solve --map` stopped early.
enum Failure {
    /// Bad input, found before any search: the one-line message.
    Input(String),
    /// Stdout or stderr could not be written; the tally of what was written before.
    Write(std::io::Error, SolveSummary),
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Input(message)
    }
}

/// One non-blank line of a scenario file, for a worker: its place among the answers, its
/// line, and its scenario or the message that refuses it.
struct Job {
    order: usize,
    line: usize,
    scenario: Result<Scenario, String>,
}

/// A worker's answer to a job: how it counts and what is printed for it.
struct Answer {
    order: usize,
    /// The scenario's number and line, to name it if it disagrees.
    number: usize,
    line: usize,
    /// The verdict, or the message of a line that could not be solved.
    verdict: Result<Verdict, String>,
    /// The output for stdout.
    text: String,
}

/// Solves one job on the worker's copy of the map.
fn answer(
    grid: &mut Grid,
    job: Job,
    config: SearchConfig<GridHeuristic>,
    options: &SolveOptions,
    trace: Option<&Mutex<TraceFiles>>,
    scen_path: &Path,
) -> Answer {
    let number = job.order + 1;
    let line = job.line;
    let refused = |message: String| {
        let text = match options.format {
            OutputFormat::Text => format!("error: {message}\n"),
            OutputFormat::Json => {
                format!(
                    "{}\n",
                    json!({ "scenario": number, "line": line, "error": message })
                )
            }
        };
        Answer {
            order: job.order,
            number,
            line,
            verdict: Err(message),
            text,
        }
    };
    let scenario = match job.scenario {
        Ok(scenario) => scenario,
        Err(message) => return refused(message),
    };
    let name = scen_path.display();
    if let Err(err) = scenario.place(grid) {
        let err = scenario_error(&err);
        return refused(if i18n::zh() {
            format!("{name}：第 {line} 行：场景 {number}：{err}")
        } else {
            format!("{name}: line {line}: scenario {number}: {err}")
        });
    }
    let found = match trace {
        None => search(grid, config, None),
        Some(files) => {
            let mut files = files.lock().unwrap_or_else(|e| e.into_inner());
            search(grid, config, Some(&mut files))
        }
    };
    let found = match found {
        Ok(found) => found,
        Err(message) => return refused(message),
    };
    let (verdict, text) = render(grid, Some((number, line, &scenario)), &found, options);
    Answer {
        order: job.order,
        number,
        line,
        verdict: Ok(verdict),
        text,
    }
}

/// Reads the scenario lines after the version line and hands them to the workers in order,
/// taking a place from `places` for each, so that the lines read but not yet answered stay
/// few whatever the file's length. Returns the number of non-blank lines, or why reading
/// stopped early.
fn read_scenarios(
    mut reader: impl LineSource,
    scen_path: &Path,
    jobs: mpsc::SyncSender<Job>,
    places: mpsc::Receiver<()>,
) -> Result<usize, String> {
    let mut order = 0;
    // A MovingAI line is well under 200 bytes: a line past the cap means the file is no
    // scenario file, and reading stops there without holding the line.
    for line in 2.. {
        let Some(read) = reader.next_line() else {
            break;
        };
        let scenario = match read.map_err(|err| cannot_read(scen_path, &err))? {
            Line::TooLong { .. } => {
                return Err(if i18n::zh() {
                    format!(
                        "{}：第 {line} 行超过 {MAX_LINE} 字节：这不是场景文件",
                        scen_path.display()
                    )
                } else {
                    format!(
                        "{}: line {line} is longer than {MAX_LINE} bytes: this is no scenario file",
                        scen_path.display()
                    )
                });
            }
            Line::Text(text) => match parse_scen_line(line, &text) {
                Ok(None) => continue,
                Ok(Some(scenario)) => Ok(scenario),
                Err(err) => Err(format!("{}: {}", scen_path.display(), scen_error(&err))),
            },
        };
        // Both fail only when the answers are no longer written (a closed pipe).
        if places.recv().is_err()
            || jobs
                .send(Job {
                    order,
                    line,
                    scenario,
                })
                .is_err()
        {
            break;
        }
        order += 1;
    }
    Ok(order)
}

/// The tally of a scenario file's answers, and the scenarios that disagreed.
#[derive(Default)]
struct Tally {
    summary: SolveSummary,
    /// The first [`LISTED`] disagreeing scenarios (number, line), and how many there were.
    disagreeing: Vec<(usize, usize)>,
    disagreements: usize,
}

impl Tally {
    fn count(&mut self, answer: &Answer) {
        match &answer.verdict {
            Ok(Verdict::Agrees) => self.summary.solved += 1,
            Ok(Verdict::Disagrees) => {
                self.summary.unsolved += 1;
                self.disagreements += 1;
                if self.disagreeing.len() < LISTED {
                    self.disagreeing.push((answer.number, answer.line));
                }
            }
            Ok(Verdict::Stopped) => self.summary.stopped += 1,
            Err(_) => self.summary.malformed += 1,
        }
    }

    /// The closing line about the scenarios that disagree, if any did.
    fn disagreement_message(&self) -> Option<String> {
        if self.disagreements == 0 {
            return None;
        }
        let s = self.summary;
        let scenarios = s.solved + s.unsolved + s.stopped + s.malformed;
        let zh = i18n::zh();
        let mut listed: Vec<String> = self
            .disagreeing
            .iter()
            .map(|(number, line)| {
                if zh {
                    format!("场景 {number}（第 {line} 行）")
                } else {
                    format!("scenario {number} (line {line})")
                }
            })
            .collect();
        let more = self.disagreements - self.disagreeing.len();
        if more > 0 {
            listed.push(if zh {
                format!("另有 {more} 个")
            } else {
                format!("and {more} more")
            });
        }
        Some(if zh {
            format!(
                "{scenarios} 个场景中有 {} 个与文件给出的最优长度不一致：{}",
                self.disagreements,
                listed.join("、")
            )
        } else {
            format!(
                "{} of {scenarios} scenarios disagree with the optimal length their file states: {}",
                self.disagreements,
                listed.join(", ")
            )
        })
    }
}

/// Writes the answers in file order as they arrive, each bad line's message to `err` too,
/// and gives a place back to the reader for each answer written. Output is flushed whenever
/// no answer is waiting, so a pipe sees each answer without waiting for the end.
fn write_answers(
    answers: mpsc::Receiver<Answer>,
    places: mpsc::SyncSender<()>,
    out: &mut dyn Write,
    err: &mut dyn Write,
    tally: &mut Tally,
) -> std::io::Result<()> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    loop {
        let answer = match answers.try_recv() {
            Ok(answer) => answer,
            Err(mpsc::TryRecvError::Empty) => {
                out.flush()?;
                match answers.recv() {
                    Ok(answer) => answer,
                    Err(_) => break,
                }
            }
            Err(mpsc::TryRecvError::Disconnected) => break,
        };
        waiting.insert(answer.order, answer);
        while let Some(answer) = waiting.remove(&next) {
            next += 1;
            tally.count(&answer);
            out.write_all(answer.text.as_bytes())?;
            if let Err(message) = &answer.verdict {
                writeln!(err, "searchlab: {message}")?;
            }
            // The reader may have stopped (the file ended): then no place is wanted.
            let _ = places.try_send(());
        }
    }
    out.flush()
}

/// Solves every scenario of the file, `workers` at a time, answering in file order.
fn run_scenarios(
    grid: &Grid,
    config: SearchConfig<GridHeuristic>,
    options: &SolveOptions,
    scen_path: &Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<SolveSummary, Failure> {
    let file = std::fs::File::open(scen_path).map_err(|e| cannot_read(scen_path, &e))?;
    let mut reader = ReadLines::new(file);
    let version = match reader.next_line().transpose() {
        Ok(Some(Line::Text(text))) => text,
        Ok(Some(Line::TooLong { .. }) | None) => String::new(),
        Err(e) => return Err(cannot_read(scen_path, &e).into()),
    };
    check_scen_version(&version)
        .map_err(|e| format!("{}: {}", scen_path.display(), scen_error(&e)))?;
    // Opened after the input is checked, so a refused file leaves no empty trace behind.
    let trace = match &options.trace {
        Some(base) => Some(Mutex::new(
            TraceFiles::open(base).map_err(|e| super::solve::trace_error(&e))?,
        )),
        None => None,
    };
    // Traces are numbered in the order searches run: one worker keeps it the file's.
    let workers = match trace {
        Some(_) => 1,
        None => options
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
    };
    // The lines read ahead of the answers written: enough to keep every worker busy while
    // one scenario takes long, few enough that waiting answers stay small.
    let ahead = 4 * workers + 4;
    let language = i18n::language();
    let mut tally = Tally::default();
    let (read, written) = std::thread::scope(|scope| {
        let (jobs, queue) = mpsc::sync_channel::<Job>(workers);
        let queue = Arc::new(Mutex::new(queue));
        let (answers, answered) = mpsc::channel::<Answer>();
        let (places, place) = mpsc::sync_channel::<()>(ahead);
        for _ in 0..ahead {
            let _ = places.try_send(());
        }
        for _ in 0..workers {
            let queue = Arc::clone(&queue);
            let answers = answers.clone();
            let trace = trace.as_ref();
            scope.spawn(move || {
                i18n::set_language(language);
                // The worker's own copy of the map, whose start and goal each scenario moves.
                let mut grid = grid.clone();
                loop {
                    let next = queue.lock().unwrap_or_else(|e| e.into_inner()).recv();
                    let Ok(job) = next else { break };
                    let answer = answer(&mut grid, job, config, options, trace, scen_path);
                    // The writer stopped (a closed pipe): so does this worker.
                    if answers.send(answer).is_err() {
                        break;
                    }
                }
            });
        }
        drop(answers);
        drop(queue);
        let reading = scope.spawn(move || {
            i18n::set_language(language);
            read_scenarios(reader, scen_path, jobs, place)
        });
        let written = write_answers(answered, places, out, err, &mut tally);
        let read = reading
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (read, written)
    });
    if let Err(error) = written {
        return Err(Failure::Write(error, tally.summary));
    }
    match read {
        Ok(0) => {
            return Err(Failure::Input(if i18n::zh() {
                format!("{}：文件里没有场景", scen_path.display())
            } else {
                format!("{}: the file has no scenarios", scen_path.display())
            }));
        }
        Ok(_) => {}
        Err(message) => {
            tally.summary.malformed += 1;
            writeln!(err, "searchlab: {message}").map_err(|e| Failure::Write(e, tally.summary))?;
        }
    }
    if let Some(message) = tally.disagreement_message() {
        writeln!(err, "searchlab: {message}").map_err(|e| Failure::Write(e, tally.summary))?;
    }
    Ok(tally.summary)
}

/// Solves the one problem of `--start` and `--goal` (or the map's defaults).
fn run_one(
    mut grid: Grid,
    config: SearchConfig<GridHeuristic>,
    options: &SolveOptions,
    out: &mut dyn Write,
) -> Result<SolveSummary, Failure> {
    place_endpoints(options, &mut grid)?;
    let mut trace = match &options.trace {
        Some(base) => Some(TraceFiles::open(base).map_err(|e| super::solve::trace_error(&e))?),
        None => None,
    };
    let found = search(&grid, config, trace.as_mut())?;
    let (verdict, text) = render(&grid, None, &found, options);
    let mut summary = SolveSummary::default();
    match verdict {
        Verdict::Agrees => summary.solved += 1,
        Verdict::Disagrees => summary.unsolved += 1,
        Verdict::Stopped => summary.stopped += 1,
    }
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Failure::Write(e, summary))?;
    Ok(summary)
}

/// Solves the problem or every scenario, writing the answers to `out` and the messages about
/// bad lines and disagreeing scenarios to `err`; returns the tally for the exit status.
fn run(
    options: &SolveOptions,
    map_path: &Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<SolveSummary, Failure> {
    let config = config(options)?;
    let grid = read_map(options, map_path)?;
    match &options.scen {
        None => run_one(grid, config, options, out),
        Some(scen_path) => run_scenarios(&grid, config, options, scen_path, out, err),
    }
}

/// `searchlab solve --map`.
pub fn main(options: &SolveOptions, map_path: &Path) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let stderr = std::io::stderr();
    let result = run(options, map_path, &mut out, &mut stderr.lock());
    // Messages go out with `let _`: with stderr gone too, the exit status is all that is left.
    match result {
        Ok(summary) => ExitCode::from(summary.exit_code()),
        // A closed pipe (`| head`) is not an error worth a message: the status says what the
        // answers written had found.
        Err(Failure::Write(err, summary)) if err.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::from(summary.exit_code())
        }
        Err(Failure::Write(err, _)) => {
            let _ = writeln!(std::io::stderr(), "searchlab: {err}");
            ExitCode::from(2)
        }
        Err(Failure::Input(message)) => {
            let _ = writeln!(std::io::stderr(), "searchlab: {message}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_lengths_read_and_print_as_documented() {
        assert_eq!(parse_cell("3,7"), Some(Cell::new(3, 7)));
        assert_eq!(parse_cell(" 3 , 7 "), Some(Cell::new(3, 7)));
        assert_eq!(parse_cell("3;7"), None);
        assert_eq!(parse_cell("-1,7"), None);
        assert_eq!(parse_cell("3,7,1"), None);
        assert_eq!(length_text(Cost::units(12)), "12");
        assert_eq!(length_text(Cost::from_raw(74_143)), "7.4143");
        assert_eq!(length_text(Cost::from_raw(25_000)), "2.5");
        assert!(parse_connectivity("6").is_err());
    }
}
