//! The headless subcommands of the `searchlab` binary: `solve` boards from arguments or stdin,
//! run `experiment` tables, and `bench` the engine. Turns engine errors into one-line messages and exit codes.

mod bench;
mod experiment;
mod inspect;
mod solve;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use bench::{BenchReport, run_bench};
pub use solve::{OutputFormat, SolveOptions, SolveSummary, solve_lines};

/// Heuristic search on sliding puzzles. With no arguments, opens the window.
#[derive(Parser, Debug)]
#[command(name = "searchlab", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve boards given as arguments, or one per line from stdin (Luogu P1379 format by
    /// default: `echo 283104765 | searchlab solve` prints 4).
    Solve(SolveOptions),
    /// For depths 2, 4, ..., draw seeded random 3x3 boards at that exact distance, run each
    /// configuration on them, and print mean nodes generated and expanded and b* per depth.
    Experiment(experiment::ExperimentOptions),
    /// Every heuristic against the true distance h* over all 3x3 states: mean and range per h*,
    /// and whether it is admissible.
    Inspect(inspect::InspectOptions),
    /// Time the engine: whole-space BFS, A* on 1,000 random boards, BFS on 100, and the
    /// window's frame time with large open and closed lists.
    Bench {
        /// Fewer repetitions, for a quick look.
        #[arg(long)]
        quick: bool,
    },
}

/// Writes a finished result to stdout. A closed pipe (`| head`) is not an error; any other
/// write failure is reported in one line.
pub(crate) fn emit(text: &str) -> ExitCode {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("searchlab: {err}");
            ExitCode::from(2)
        }
    }
}

/// Reads the goal of a command that needs the enumerated 3x3 space, or says why not.
pub(crate) fn goal_3x3(text: &str) -> Result<crate::puzzle::Board, ExitCode> {
    match crate::puzzle::parse_goal(text, 3) {
        Ok(goal) if goal.side() == 3 => Ok(goal),
        Ok(goal) => {
            let side = goal.side();
            eprintln!("searchlab: the goal is {side}x{side}; this command needs a 3x3 goal");
            Err(ExitCode::from(2))
        }
        Err(err) => {
            eprintln!("searchlab: {err}");
            Err(ExitCode::from(2))
        }
    }
}

/// Runs the command line; `searchlab::app` handles the no-argument case.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let code = if err.use_stderr() { 2 } else { 0 };
            let _ = err.print();
            return ExitCode::from(code);
        }
    };
    match cli.command {
        Command::Solve(options) => solve::main(&options),
        Command::Experiment(options) => experiment::main(&options),
        Command::Inspect(options) => inspect::main(&options),
        Command::Bench { quick } => emit(&run_bench(quick)),
    }
}
