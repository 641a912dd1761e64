//! Experiments: for each depth d, a set of problem instances whose optimal solution takes d
//! steps, every chosen configuration run on every instance, and the means per depth (nodes
//! generated, nodes expanded, effective branching factor b*). A domain draws the instances and
//! solves them; this module runs the jobs on threads with progress and cancel, and sums up.

use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::config::{Algorithm, GoalTest, SearchConfig};
use super::problem::HeuristicChoice;

/// The effective branching factor b*: the branching factor a uniform tree of depth `depth` would
/// need to hold `generated + 1` nodes, i.e. the root of N + 1 = 1 + b* + b*^2 + ... + b*^d.
/// `None` for depth 0, where every b* fits.
///
/// ```
/// use searchlab::search::effective_branching_factor;
/// // A binary tree of depth 3 has 1 + 2 + 4 + 8 = 15 nodes: N = 14 generated.
/// let b = effective_branching_factor(14, 3).unwrap();
/// assert!((b - 2.0).abs() < 1e-9);
/// ```
pub fn effective_branching_factor(generated: u64, depth: u32) -> Option<f64> {
    if depth == 0 {
        return None;
    }
    let target = generated as f64 + 1.0;
    let total = |b: f64| (0..=depth).map(|i| b.powi(i as i32)).sum::<f64>();
    // total(b) grows with b; total(0) = 1 <= target, and total(target) >= target.
    let (mut lo, mut hi) = (0.0f64, target.max(1.0));
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if total(mid) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((lo + hi) / 2.0)
}

/// The means of one configuration at one depth.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Entry {
    /// Instances solved (the means are over them).
    pub solved: usize,
    pub mean_generated: f64,
    pub mean_expanded: f64,
    /// The mean of each instance's b*, over instances whose solution has at least one step.
    pub mean_branching: Option<f64>,
    pub mean_length: f64,
    /// The share of instances solved in the optimal number of steps.
    pub optimal: f64,
    /// Instances stopped at the node limit (not in the means).
    pub unsolved: usize,
}

/// The results: `entries[depth index][config index]`.
#[derive(Clone, Debug)]
pub struct ExperimentTable<H> {
    pub depths: Vec<u8>,
    pub configs: Vec<SearchConfig<H>>,
    pub entries: Vec<Vec<Entry>>,
}

/// What one search of an experiment found: nodes generated, nodes expanded and the length of
/// the solution in steps; `None` for a search stopped at the node limit.
pub type Run = Option<(u64, u64, usize)>;

/// Solves a group of instances with one configuration: one [`Run`] per instance, or `None` if
/// `cancel` was set before the group was done.
pub type Solver<'a, I, H> =
    dyn Fn(&SearchConfig<H>, &[I], &AtomicBool) -> Option<Vec<Run>> + Sync + 'a;

/// Runs every configuration on the instances of every depth (`instances[i]` are at
/// `depths[i]`) on `threads` worker threads. `progress(done, total)` is called after each
/// (depth, configuration) job; setting `cancel` stops the run soon after, and then the answer
/// is `None`.
pub fn run_jobs<I: Sync, H: HeuristicChoice>(
    depths: &[u8],
    instances: &[Vec<I>],
    configs: &[SearchConfig<H>],
    threads: usize,
    solve: &Solver<'_, I, H>,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &AtomicBool,
) -> Option<ExperimentTable<H>> {
    let jobs: Vec<(usize, usize)> = (0..depths.len())
        .flat_map(|d| (0..configs.len()).map(move |c| (d, c)))
        .collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let entries = Mutex::new(vec![vec![Entry::default(); configs.len()]; depths.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(d, c)) = jobs.get(i) else { break };
                    let Some(results) = solve(&configs[c], &instances[d], cancel) else {
                        break;
                    };
                    let entry = summarise(depths[d], &results);
                    entries.lock().expect("no worker panics")[d][c] = entry;
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, jobs.len());
                }
            });
        }
    });
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    Some(ExperimentTable {
        depths: depths.to_vec(),
        configs: configs.to_vec(),
        entries: entries.into_inner().expect("no worker panics"),
    })
}

fn summarise(depth: u8, results: &[Run]) -> Entry {
    let solved: Vec<(u64, u64, usize)> = results.iter().flatten().copied().collect();
    let n = solved.len().max(1) as f64;
    let branching: Vec<f64> = solved
        .iter()
        .filter_map(|&(generated, _, moves)| effective_branching_factor(generated, moves as u32))
        .collect();
    Entry {
        solved: solved.len(),
        mean_generated: solved.iter().map(|r| r.0 as f64).sum::<f64>() / n,
        mean_expanded: solved.iter().map(|r| r.1 as f64).sum::<f64>() / n,
        mean_branching: (!branching.is_empty())
            .then(|| branching.iter().sum::<f64>() / branching.len() as f64),
        mean_length: solved.iter().map(|r| r.2 as f64).sum::<f64>() / n,
        optimal: solved.iter().filter(|r| r.2 == usize::from(depth)).count() as f64 / n,
        unsolved: results.len() - solved.len(),
    }
}

fn short_name<H: HeuristicChoice>(config: &SearchConfig<H>) -> String {
    let mut name = config.algorithm.name().to_string();
    if config.algorithm.uses_heuristic() {
        let _ = write!(name, " {}", config.heuristic.name());
    }
    if config.algorithm == Algorithm::WeightedAStar {
        let _ = write!(name, " w={}", config.weight);
    }
    // Every setting that changes the counts and is not the default, as the config was typed.
    let default = SearchConfig::<H>::default();
    if config.algorithm.is_best_first()
        && config.algorithm != Algorithm::BreadthFirst
        && config.tie_break != default.tie_break
    {
        let _ = write!(name, " tie={}", config.tie_break.name());
    }
    if config.goal_test == GoalTest::OnGeneration {
        name.push_str(" goal-test=generation");
    }
    if config.repeats != default.repeats {
        let _ = write!(name, " repeats={}", config.repeats.name());
    }
    if config.algorithm == Algorithm::DepthFirst {
        let _ = write!(name, " depth-limit={}", config.depth_limit);
    }
    if config.node_limit != default.node_limit {
        let _ = write!(name, " node-limit={}", config.node_limit);
    }
    name
}

impl<H: HeuristicChoice> ExperimentTable<H> {
    /// The table in Markdown under a first paragraph, with the words for the generated and
    /// expanded columns (in the reader's language): one row per depth; per configuration
    /// mean generated, mean expanded and b*. The configurations keep their command-line names.
    pub fn markdown_in(&self, intro: &str, (generated, expanded): (&str, &str)) -> String {
        let mut out = format!("{intro}\n\n| d |");
        for config in &self.configs {
            let name = short_name(config);
            let _ = write!(out, " {name} {generated} | {name} {expanded} | {name} b* |");
        }
        out.push_str("\n|---|");
        out.push_str(&"---:|".repeat(3 * self.configs.len()));
        out.push('\n');
        for (d, row) in self.depths.iter().zip(&self.entries) {
            let _ = write!(out, "| {d} |");
            for entry in row {
                let b = entry
                    .mean_branching
                    .map_or("–".to_string(), |b| format!("{b:.2}"));
                let _ = write!(
                    out,
                    " {:.0} | {:.0} | {b} |",
                    entry.mean_generated, entry.mean_expanded
                );
            }
            out.push('\n');
        }
        out
    }

    /// The table as CSV, one row per depth and configuration; `solved` heads the column of
    /// [`Entry::solved`] (what the domain calls its instances).
    pub fn csv_with(&self, solved: &str) -> String {
        let mut out = format!(
            "depth,config,{solved},mean_generated,mean_expanded,b_star,mean_length,optimal_share,unsolved\n",
        );
        for (d, row) in self.depths.iter().zip(&self.entries) {
            for (config, entry) in self.configs.iter().zip(row) {
                let b = entry
                    .mean_branching
                    .map_or(String::new(), |b| format!("{b:.4}"));
                let _ = writeln!(
                    out,
                    "{d},{},{},{:.1},{:.1},{b},{:.2},{:.3},{}",
                    short_name(config),
                    entry.solved,
                    entry.mean_generated,
                    entry.mean_expanded,
                    entry.mean_length,
                    entry.optimal,
                    entry.unsolved
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branching_factor_known_cases() {
        // A chain: one node per level.
        assert!((effective_branching_factor(5, 5).unwrap() - 1.0).abs() < 1e-9);
        // 1 + 3 + 9 = 13 nodes: 12 generated at depth 2.
        assert!((effective_branching_factor(12, 2).unwrap() - 3.0).abs() < 1e-9);
        // AIMA's example: 52 nodes generated at depth 5 gives b* = 1.92.
        let b = effective_branching_factor(52, 5).unwrap();
        assert!((b - 1.92).abs() < 0.005, "{b}");
        assert_eq!(effective_branching_factor(10, 0), None);
    }
}
