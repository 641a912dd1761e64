//! Experiments: for each depth d, a set of problem instances whose optimal solution takes d
//! steps, every chosen configuration run on every instance, and the means per depth (nodes
//! generated, nodes expanded, effective branching factor b*). A domain draws the instances and
//! solves them; this module runs the jobs on threads with progress and cancel, and sums up.

use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use thiserror::Error;

use super::config::{Algorithm, GoalTest, SearchConfig};
use super::problem::{HeuristicChoice, SearchProblem};
use super::try_new_search;
use crate::rng::Rng;

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
    pub depths: Vec<u32>,
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
    depths: &[u32],
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

/// What an experiment runs: the depths, how many instances each depth draws, the seed they
/// are drawn from, and the worker threads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExperimentPlan {
    pub depths: Vec<u32>,
    pub per_depth: usize,
    /// The same seed draws the same instances, whatever the configurations.
    pub seed: u64,
    pub threads: usize,
}

/// The depths a problem offers its experiments: the largest depth asked for unless the user
/// asks otherwise, the largest that has instances, and the step between sampled depths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepthRange {
    pub default_max: u32,
    pub max: u32,
    pub step: u32,
}

impl DepthRange {
    /// Every depth up to the farthest of `depth_of` (the depth of each start, `None` where no
    /// goal is reached), sampled `step(farthest)` apart. Refused when no start but a goal has
    /// a depth.
    pub fn up_to_farthest(
        depth_of: &[Option<u32>],
        step: impl Fn(u32) -> u32,
    ) -> Result<DepthRange, ExperimentRefusal> {
        let farthest = depth_of.iter().flatten().copied().max().unwrap_or(0);
        if farthest == 0 {
            return Err(ExperimentRefusal::NoInstanceAt {
                depth: 1,
                farthest: 0,
            });
        }
        Ok(DepthRange {
            default_max: farthest,
            max: farthest,
            step: step(farthest).max(1),
        })
    }

    /// The depths sampled up to `max`: `step`, 2 `step`, ... while at most `max`.
    ///
    /// ```
    /// use searchlab::search::DepthRange;
    /// let range = DepthRange { default_max: 16, max: 30, step: 2 };
    /// assert_eq!(range.depths_up_to(9), [2, 4, 6, 8]);
    /// ```
    pub fn depths_up_to(&self, max: u32) -> Vec<u32> {
        let step = self.step.max(1);
        (1..).map(|i| i * step).take_while(|&d| d <= max).collect()
    }
}

/// Why an experiment that draws its instances from a table of depths produced no table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum ExperimentRefusal {
    #[error("choose at least one configuration, one depth and one instance per depth")]
    Empty,
    /// No state reaches the goal in `depth` steps; the farthest that reaches it takes
    /// `farthest`.
    #[error("no start lies {depth} steps from the goal (the farthest lies {farthest})")]
    NoInstanceAt { depth: u32, farthest: u32 },
    /// The cancel flag was set before the run was done.
    #[error("stopped on request")]
    Stopped,
}

/// `count` indices drawn (with repeats) among those whose entry in `depth_of` is `depth`, in a
/// sequence that depends only on `seed` and `depth`; empty if no entry has that depth.
///
/// ```
/// use searchlab::search::draw_at_depth;
/// let depth_of = [Some(0), Some(1), None, Some(1), Some(2)];
/// let drawn = draw_at_depth(&depth_of, 1, 5, 7);
/// assert!(drawn.iter().all(|&i| i == 1 || i == 3));
/// assert_eq!(drawn, draw_at_depth(&depth_of, 1, 5, 7));
/// ```
pub fn draw_at_depth(depth_of: &[Option<u32>], depth: u32, count: usize, seed: u64) -> Vec<usize> {
    let at: Vec<usize> = (0..depth_of.len())
        .filter(|&i| depth_of[i] == Some(depth))
        .collect();
    if at.is_empty() {
        return Vec::new();
    }
    let mut rng = Rng::new(seed ^ (u64::from(depth) << 32));
    (0..count).map(|_| at[rng.below(at.len())]).collect()
}

/// Runs every configuration on instances drawn by depth: for each depth of `plan`,
/// [`ExperimentPlan::per_depth`] indices from [`draw_at_depth`], which `solve` turns into
/// problems and solves. Refuses a depth no entry of `depth_of` has.
pub fn run_by_depth<H: HeuristicChoice>(
    plan: &ExperimentPlan,
    depth_of: &[Option<u32>],
    configs: &[SearchConfig<H>],
    solve: &Solver<'_, usize, H>,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &AtomicBool,
) -> Result<ExperimentTable<H>, ExperimentRefusal> {
    if configs.is_empty() || plan.depths.is_empty() || plan.per_depth == 0 {
        return Err(ExperimentRefusal::Empty);
    }
    let farthest = depth_of.iter().flatten().copied().max().unwrap_or(0);
    let drawn: Vec<Vec<usize>> = plan
        .depths
        .iter()
        .map(|&depth| draw_at_depth(depth_of, depth, plan.per_depth, plan.seed))
        .collect();
    if let Some((&depth, _)) = plan.depths.iter().zip(&drawn).find(|(_, d)| d.is_empty()) {
        return Err(ExperimentRefusal::NoInstanceAt { depth, farthest });
    }
    run_jobs(
        &plan.depths,
        &drawn,
        configs,
        plan.threads,
        solve,
        progress,
        cancel,
    )
    .ok_or(ExperimentRefusal::Stopped)
}

/// [`run_by_depth`] over the starts of one problem: instance `i` is `with_start(i)`, the
/// problem searched from its `i`-th state, solved to its end by [`solve_once`].
pub fn run_from_starts<P: SearchProblem>(
    plan: &ExperimentPlan,
    depth_of: &[Option<u32>],
    configs: &[SearchConfig<P::Heuristic>],
    with_start: &(dyn Fn(usize) -> P + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &AtomicBool,
) -> Result<ExperimentTable<P::Heuristic>, ExperimentRefusal> {
    let solve = |config: &SearchConfig<P::Heuristic>, starts: &[usize], cancel: &AtomicBool| {
        starts
            .iter()
            .map(|&i| solve_once(with_start(i), *config, cancel))
            .collect()
    };
    run_by_depth(plan, depth_of, configs, &solve, progress, cancel)
}

/// Steps a search runs between two looks at the cancel flag.
const STEPS_PER_CHECK: usize = 4096;

/// One search of `problem` with `config` to its end, as a [`Run`]: `Some(None)` if it stopped
/// without a solution (the node limit) or the config cannot search this problem, `None` if
/// `cancel` was set first.
pub fn solve_once<P: SearchProblem>(
    problem: P,
    config: SearchConfig<P::Heuristic>,
    cancel: &AtomicBool,
) -> Option<Run> {
    let Ok(mut search) = try_new_search(problem, config) else {
        return Some(None);
    };
    loop {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        if search.run(STEPS_PER_CHECK) < STEPS_PER_CHECK {
            break;
        }
    }
    let stats = search.stats();
    Some(search.solution().map(|path| {
        (
            u64::from(stats.generated),
            u64::from(stats.expanded),
            path.len() - 1,
        )
    }))
}

fn summarise(depth: u32, results: &[Run]) -> Entry {
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
        optimal: solved
            .iter()
            .filter(|r| r.2 as u64 == u64::from(depth))
            .count() as f64
            / n,
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
