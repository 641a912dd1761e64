//! The headless subcommands of the `searchlab` binary: `solve` boards from arguments or stdin,
//! run `experiment` tables, and `bench` the engine. Turns engine errors into one-line messages and exit codes.

mod bench;
mod experiment;
mod game;
mod graph;
mod grid;
mod handout;
mod input;
mod inspect;
mod solve;
mod trace;
mod zh;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::i18n::{self, Language};

pub use bench::{BenchReport, BenchSection, run_bench};
pub use solve::{OutputFormat, SetupError, SolveOptions, SolveSummary, Solver, solve_lines};

/// Heuristic search on sliding puzzles. With no arguments, opens the window; `searchlab open
/// FILE` opens it with a saved session (a lesson).
#[derive(Parser, Debug)]
#[command(name = "searchlab", version, about, long_about = None)]
struct Cli {
    /// Language of help and messages: en or zh. Default: SEARCHLAB_LANG, else the locale
    /// (LC_ALL, LC_MESSAGES, LANG).
    #[arg(long, global = true, value_name = "LANG", value_parser = parse_language)]
    lang: Option<Language>,
    #[command(subcommand)]
    command: Command,
}

fn parse_language(text: &str) -> Result<Language, String> {
    Language::parse(text).ok_or_else(|| format!("'{text}' is not a language: use en or zh"))
}

/// The language asked for on the command line (`--lang zh`, `--lang=zh`), read before
/// parsing so the help itself can be in it; else the environment's, with a warning on stderr
/// if `SEARCHLAB_LANG` names no language.
fn language_of(args: &[std::ffi::OsString]) -> Language {
    let args: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let given = args.iter().enumerate().find_map(|(i, arg)| {
        if arg == "--lang" {
            args.get(i + 1).and_then(|v| Language::parse(v))
        } else {
            arg.strip_prefix("--lang=").and_then(Language::parse)
        }
    });
    given.unwrap_or_else(|| {
        let var = |name: &str| std::env::var(name).ok();
        if let Some(unknown) = Language::unknown_in_env(var) {
            report(&i18n::unknown_language_warning(&unknown));
        }
        Language::from_env(var)
    })
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve boards given as arguments, or one per line from stdin (Luogu P1379 format by
    /// default: `echo 283104765 | searchlab solve` prints 4), or with --map a MovingAI grid
    /// map (one problem from --start and --goal, or every scenario of --scen), or with --graph
    /// a route graph (`searchlab solve --graph romania` prints 418). Exit status: 0 all
    /// solved, 1 some had no solution (or disagreed with the scenario file), 3 some stopped at
    /// the node limit, 2 bad input.
    Solve(Box<SolveOptions>),
    /// For depths 2, 4, ..., draw seeded random 3x3 boards at that exact distance, run each
    /// configuration on them, and print mean nodes generated and expanded and b* per depth.
    Experiment(experiment::ExperimentOptions),
    /// Every heuristic against the true distance h* over all 3x3 states: mean and range per h*,
    /// and whether it is admissible.
    Inspect(inspect::InspectOptions),
    /// Time the engine: whole-space BFS, A* on 1,000 random boards, BFS on 100, A* on random
    /// 512x512 grid maps against the pathfinding crate, IDA* on Korf's 100 4x4 instances, and
    /// the window's frame time with large open and closed lists.
    Bench {
        /// Fewer repetitions, for a quick look.
        #[arg(long)]
        quick: bool,
        /// Only this section: puzzle, grid (A* on 512x512 maps against the pathfinding
        /// crate), fifteen (IDA* with the pattern database on Korf's 100 4x4 instances, one
        /// thread and every core) or window (the frame time).
        #[arg(long, value_enum, value_name = "SECTION")]
        only: Option<BenchSection>,
    },
}

/// Reads a whole number from `low` to `high`, or says what is wanted (clap quotes the value).
pub(crate) fn whole_number(text: &str, low: u64, high: u64) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if (low..=high).contains(&n) => Ok(n),
        _ if i18n::zh() => Err(format!("请用 {low} 到 {high} 之间的整数")),
        _ => Err(format!("use a whole number from {low} to {high}")),
    }
}

/// Writes `text` as it is to stderr, dropping it if it cannot be written (see [`report`]).
pub(crate) fn to_stderr(text: &str) {
    use std::io::Write;
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// Writes `searchlab: message` on its own line to stderr. A message that cannot be written (a
/// full disk, a closed terminal) is dropped: it must not stop the command or lose its answers.
pub(crate) fn report(message: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "searchlab: {message}");
}

/// Writes a finished result to stdout. A closed pipe (`| head`) is not an error; any other
/// write failure is reported in one line.
pub(crate) fn emit(text: &str) -> ExitCode {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            report(&err.to_string());
            ExitCode::from(2)
        }
    }
}

/// Reads the goal of a command that needs the enumerated 3x3 space, or says why not.
pub(crate) fn goal_3x3(text: &str) -> Result<crate::domains::puzzle::Board, ExitCode> {
    match crate::domains::puzzle::parse_goal(text, 3) {
        Ok(goal) if goal.side() == 3 => Ok(goal),
        Ok(goal) => {
            let side = goal.side();
            if i18n::zh() {
                report(&format!("目标是 {side}x{side}；这个命令需要 3x3 的目标"));
            } else {
                report(&format!(
                    "the goal is {side}x{side}; this command needs a 3x3 goal"
                ));
            }
            Err(ExitCode::from(2))
        }
        Err(err) => {
            report(&i18n::goal_error(&err));
            Err(ExitCode::from(2))
        }
    }
}

/// A parse error in one line: clap's sentence without its usage and tips, which `--help` shows.
fn one_line(err: &clap::Error) -> String {
    let text = err.to_string();
    // The sentence runs to the first blank line: some errors list their arguments on the
    // lines after the first ("required arguments were not provided:\n  --map <FILE>").
    let first: Vec<&str> = text
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let first = shorten_quoted(&first.join(" "));
    let sentence = first.strip_prefix("error: ").unwrap_or(&first);
    format!("{sentence} (see --help)")
}

/// The most characters of a value typed on the command line that a message quotes.
const QUOTED_CHARS: usize = 40;

/// A value as a message quotes it: cut after [`QUOTED_CHARS`] characters with an ellipsis, so
/// a huge argument is not echoed whole.
pub(crate) fn shorten(value: &str) -> String {
    match value.char_indices().nth(QUOTED_CHARS) {
        Some((end, _)) => format!("{}…", &value[..end]),
        None => value.to_string(),
    }
}

/// Clap's sentence with each value it quotes ('…') shortened.
fn shorten_quoted(sentence: &str) -> String {
    let mut out = String::new();
    let mut parts = sentence.split('\'');
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    // Odd pieces are inside quotes: a quote never closed leaves its tail as typed, cut too.
    for (i, part) in parts.enumerate() {
        out.push('\'');
        if i % 2 == 0 {
            out.push_str(&shorten(part));
        } else {
            out.push_str(part);
        }
    }
    out
}

/// Runs the command line; `searchlab::app` handles the no-argument case.
/// What the binary lends the headless commands from the window, which the CLI does not import.
pub struct WindowHooks {
    /// The window's frame cost with the largest lists, measured by the app's own code;
    /// appended to `bench`'s report.
    pub frame_bench: fn() -> String,
}

pub fn main(hooks: WindowHooks) -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let language = language_of(&args);
    i18n::set_language(language);
    let mut command = Cli::command();
    if language == Language::Chinese {
        command = zh::translate(command);
    }
    let parsed = command
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(err) => {
            let code = if err.use_stderr() { 2 } else { 0 };
            match zh::parse_error(&err) {
                // Help and version, printed as clap lays them out.
                None => {
                    let _ = err.print();
                }
                Some(message) if language == Language::Chinese => {
                    report(&message);
                }
                Some(_) => report(&one_line(&err)),
            }
            return ExitCode::from(code);
        }
    };
    match cli.command {
        Command::Solve(options) => solve::main(&options),
        Command::Experiment(options) => experiment::main(&options),
        Command::Inspect(options) => inspect::main(&options),
        Command::Bench { quick, only } => {
            let frame = match only {
                None | Some(BenchSection::Window) => (hooks.frame_bench)(),
                Some(_) => String::new(),
            };
            let table = match only {
                Some(BenchSection::Window) => String::new(),
                _ => run_bench(quick, only),
            };
            emit(&format!("{table}\n{frame}"))
        }
    }
}
