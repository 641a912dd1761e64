//! `searchlab solve --map FILE.map`: searches on a MovingAI grid map, either one problem (the
//! start and goal from `--start X,Y --goal X,Y`, or the map's first and last free cells) or every
//! scenario of a `.scen` file, each checked against the optimal length the file states.
//!
//! Everything that can be wrong with the input (a file that cannot be read, a malformed map or
//! scenario file, a scenario made for another map size or placed on a wall, an option that
//! does not go with maps) is found before the first search and reported in one line, exit 2.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::{Value, json};

use super::solve::{
    HeuristicArg, OutputFormat, SolveOptions, SolveSummary, stats_json, stats_text, stopped_text,
};
use super::trace::TraceFiles;
use crate::domains::grid::{
    Cell, Connectivity, DenseIndex, Grid, GridHeuristic, Scenario, cost_as_steps, parse_map,
    parse_scen,
};
use crate::domains::puzzle::HeuristicKind;
use crate::i18n::{self, pick};
use crate::search::{
    Algorithm, Cost, SearchConfig, Stats, Status, plain_search_with, try_new_search,
};

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

/// The search's settings from the options, or why they do not go with a map.
fn config(options: &SolveOptions) -> Result<SearchConfig<GridHeuristic>, String> {
    if !options.boards.is_empty() {
        return Err(pick(
            "--map takes no boards: give --start and --goal, or --scen",
            "--map 不接受棋盘：请给出 --start 和 --goal，或 --scen",
        ));
    }
    if options.tree.is_some() || options.table.is_some() {
        return Err(pick(
            "--tree and --table are for boards, not maps",
            "--tree 和 --table 只用于棋盘，不用于地图",
        ));
    }
    // The best-first algorithms only: the record-free engine runs those, and a map's solve
    // reports the cost of the goal node, which a bidirectional search does not hold alone.
    let algorithm = options.algorithm.unwrap_or(Algorithm::AStar);
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
        node_limit: puzzle.node_limit,
        depth_limit: puzzle.depth_limit,
    };
    config.validate().map_err(|e| i18n::config_error(&e))?;
    Ok(config)
}

/// A file's text, or a one-line reason naming it.
fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|err| {
        if i18n::zh() {
            format!("无法读取 {}：{err}", path.display())
        } else {
            format!("cannot read {}: {err}", path.display())
        }
    })
}

/// One problem to solve: the grid with its start and goal, and for a scenario its number,
/// line and stated length.
struct Job {
    grid: Grid,
    scenario: Option<(usize, usize, Scenario)>,
}

/// Reads the map and the problems, checking everything before any search.
fn jobs(options: &SolveOptions, map_path: &Path) -> Result<Vec<Job>, String> {
    let mut grid =
        parse_map(&read(map_path)?).map_err(|err| format!("{}: {err}", map_path.display()))?;
    if let Some(connectivity) = options.connectivity {
        grid.set_connectivity(connectivity);
    }
    let Some(scen_path) = &options.scen else {
        for (text, start) in [(&options.start, true), (&options.goal, false)] {
            let Some(text) = text else { continue };
            let flag = if start { "--start" } else { "--goal" };
            let cell = parse_cell(text).ok_or_else(|| {
                if i18n::zh() {
                    format!("{flag} 的值“{text}”不是格子坐标 X,Y（如 3,7）")
                } else {
                    format!("{flag} `{text}` is not a cell X,Y (such as 3,7)")
                }
            })?;
            let placed = if start {
                grid.set_start(cell)
            } else {
                grid.set_goal(cell)
            };
            placed.map_err(|err| format!("{flag}: {err}"))?;
        }
        return Ok(vec![Job {
            grid,
            scenario: None,
        }]);
    };
    let text = read(scen_path)?;
    let scenarios = parse_scen(&text).map_err(|err| format!("{}: {err}", scen_path.display()))?;
    if scenarios.is_empty() {
        return Err(if i18n::zh() {
            format!("{}：文件里没有场景", scen_path.display())
        } else {
            format!("{}: the file has no scenarios", scen_path.display())
        });
    }
    // The file line of each scenario: parse_scen skips the version line and blank lines.
    let lines = text
        .lines()
        .enumerate()
        .skip(1)
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, _)| i + 1);
    scenarios
        .into_iter()
        .zip(lines)
        .enumerate()
        .map(|(i, (scenario, line))| {
            let number = i + 1;
            match scenario.apply(&grid) {
                Ok(grid) => Ok(Job {
                    grid,
                    scenario: Some((number, line, scenario)),
                }),
                Err(err) if i18n::zh() => Err(format!(
                    "{}：第 {line} 行：场景 {number}：{err}",
                    scen_path.display()
                )),
                Err(err) => Err(format!(
                    "{}: line {line}: scenario {number}: {err}",
                    scen_path.display()
                )),
            }
        })
        .collect()
}

/// What one search found.
struct Found {
    solution: Option<(Cost, Vec<Cell>)>,
    stats: Stats,
    limit_reached: bool,
    millis: f64,
}

/// Runs one search: the record-free engine, or the stepping one when a trace is written.
fn search(
    grid: &Grid,
    config: SearchConfig<GridHeuristic>,
    trace: Option<&mut TraceFiles>,
) -> Result<Found, String> {
    let started = Instant::now();
    let (solution, stats, limit_reached) = match trace {
        None => {
            let outcome = plain_search_with(grid, config, DenseIndex::new(grid))
                .map_err(|e| i18n::config_error(&e))?;
            (outcome.solution, outcome.stats, outcome.limit_reached)
        }
        Some(files) => {
            let mut search =
                try_new_search(grid.clone(), config).map_err(|e| i18n::config_error(&e))?;
            files
                .run_next(search.as_mut())
                .map_err(|err| super::solve::trace_error(&err))?;
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

/// The verdict and the output of one job.
fn render(job: &Job, found: &Found, options: &SolveOptions) -> (Verdict, String) {
    let verdict = match (&found.solution, &job.scenario) {
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
    let (start, goal) = (job.grid.start(), job.grid.goal());
    let text = match options.format {
        OutputFormat::Text => {
            let mut out = String::new();
            if let Some((number, _, _)) = &job.scenario {
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
            if let Some((_, _, scenario)) = &job.scenario
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
            if let Some((number, line, scenario)) = &job.scenario {
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
    /// Stdout or stderr could not be written.
    Write(std::io::Error),
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Input(message)
    }
}

impl From<std::io::Error> for Failure {
    fn from(err: std::io::Error) -> Failure {
        Failure::Write(err)
    }
}

/// Solves every job, writing one result per job to `out` as soon as it is known and the
/// scenarios that disagree to `err`; returns the tally for the exit status.
fn run(
    options: &SolveOptions,
    map_path: &Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<SolveSummary, Failure> {
    let config = config(options)?;
    let jobs = jobs(options, map_path)?;
    // Opened after the input is checked, so a refused map leaves no empty trace behind.
    let mut trace = match &options.trace {
        Some(base) => Some(TraceFiles::open(base).map_err(|e| super::solve::trace_error(&e))?),
        None => None,
    };
    let mut summary = SolveSummary::default();
    let mut disagreeing = Vec::new();
    for job in &jobs {
        let found = match search(&job.grid, config, trace.as_mut()) {
            Ok(found) => found,
            Err(message) => {
                summary.malformed += 1;
                writeln!(out, "error: {message}")?;
                writeln!(err, "searchlab: {message}")?;
                continue;
            }
        };
        let (verdict, text) = render(job, &found, options);
        match verdict {
            Verdict::Agrees => summary.solved += 1,
            Verdict::Disagrees => {
                summary.unsolved += 1;
                if let Some((number, line, _)) = &job.scenario {
                    disagreeing.push((*number, *line));
                }
            }
            Verdict::Stopped => summary.stopped += 1,
        }
        out.write_all(text.as_bytes())?;
        out.flush()?;
    }
    if !disagreeing.is_empty() {
        let listed: Vec<String> = disagreeing
            .iter()
            .map(|(number, line)| {
                if i18n::zh() {
                    format!("场景 {number}（第 {line} 行）")
                } else {
                    format!("scenario {number} (line {line})")
                }
            })
            .collect();
        let message = if i18n::zh() {
            format!(
                "{} 个场景中有 {} 个与文件给出的最优长度不一致：{}",
                jobs.len(),
                listed.len(),
                listed.join("、")
            )
        } else {
            format!(
                "{} of {} scenarios disagree with the optimal length their file states: {}",
                listed.len(),
                jobs.len(),
                listed.join(", ")
            )
        };
        writeln!(err, "searchlab: {message}")?;
    }
    Ok(summary)
}

/// `searchlab solve --map`.
pub fn main(options: &SolveOptions, map_path: &Path) -> ExitCode {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    match run(options, map_path, &mut stdout.lock(), &mut stderr.lock()) {
        Ok(summary) => ExitCode::from(summary.exit_code()),
        // A closed pipe (`| head`) is not an error worth a message.
        Err(Failure::Write(err)) if err.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(Failure::Write(err)) => {
            eprintln!("searchlab: {err}");
            ExitCode::from(2)
        }
        Err(Failure::Input(message)) => {
            eprintln!("searchlab: {message}");
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
