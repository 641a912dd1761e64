//! `searchlab experiment`: the textbook's table of nodes against depth, for any configurations.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use clap::{Args, ValueEnum};

use crate::puzzle::HeuristicKind;
use crate::search::{Algorithm, ExperimentSpec, SearchConfig, run_experiment};

/// Table formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    Markdown,
    Csv,
}

/// The options of `searchlab experiment`.
#[derive(Args, Debug, Clone)]
pub struct ExperimentOptions {
    /// The deepest optimal distance to sample (at most 30 for the default goal).
    #[arg(long, default_value_t = 20)]
    pub max_depth: u8,
    /// Sample depths step, step*2, ... up to --max-depth.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..))]
    pub step: u8,
    /// Random boards per depth.
    #[arg(long, default_value_t = 100)]
    pub boards: usize,
    /// Seed of the board draw; the same seed draws the same boards.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A configuration as algorithm[:heuristic[:weight]], e.g. bfs, astar:misplaced,
    /// weighted-astar:manhattan:1.5. Repeat for several; default: bfs, astar:misplaced,
    /// astar:manhattan.
    #[arg(long = "config", short, value_parser = parse_config)]
    pub configs: Vec<SearchConfig>,
    /// The goal (3x3 board or preset).
    #[arg(long, short, default_value = "p1379")]
    pub goal: String,
    /// Worker threads.
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(2, |n| n.get()))]
    pub threads: usize,
    /// markdown or csv.
    #[arg(long, value_enum, default_value_t = TableFormat::Markdown)]
    pub format: TableFormat,
}

/// Reads `algorithm[:heuristic[:weight]]`.
pub fn parse_config(text: &str) -> Result<SearchConfig, String> {
    let mut parts = text.split(':');
    let algorithm = parts.next().unwrap_or_default();
    let algorithm = Algorithm::from_name(algorithm)
        .ok_or_else(|| format!("unknown algorithm '{algorithm}' in '{text}'"))?;
    let mut config = SearchConfig::with(algorithm, HeuristicKind::Manhattan);
    if algorithm == Algorithm::BreadthFirst || algorithm == Algorithm::UniformCost {
        config.heuristic = HeuristicKind::Zero;
    }
    if let Some(heuristic) = parts.next() {
        config.heuristic = HeuristicKind::from_name(heuristic)
            .ok_or_else(|| format!("unknown heuristic '{heuristic}' in '{text}'"))?;
    }
    if let Some(weight) = parts.next() {
        config.weight = weight
            .parse()
            .map_err(|_| format!("'{weight}' in '{text}' is not a weight"))?;
    }
    if parts.next().is_some() {
        return Err(format!(
            "'{text}' has too many parts: use algorithm[:heuristic[:weight]]"
        ));
    }
    config.validate().map_err(|err| err.to_string())?;
    Ok(config)
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
            TableFormat::Markdown => table.markdown(options.boards, options.seed),
            TableFormat::Csv => table.csv(),
        }),
        Err(err) => {
            eprintln!("searchlab: {}", crate::i18n::experiment_error(&err));
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
            parse_config("dfs")
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
    fn progress_bar_fills() {
        assert_eq!(progress_bar(0, 10), format!("\r[{}] 0/10", " ".repeat(30)));
        assert_eq!(
            progress_bar(10, 10),
            format!("\r[{}] 10/10", "#".repeat(30))
        );
    }
}
