//! A lane: one search with everything the views need about it (its colour, its samples for
//! the plots, a copy of its open list, the exercise's candidates, the live heuristic check).
//! The session holds the lanes and advances them. Model only, no drawing.

use std::any::Any;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::check::{HStar, HeuristicCheck};
use super::color::Rgb;
use super::domain::{AnyHeuristic, AnyProblem, Config};
use super::exercise::{self, Judgement, judge};
use crate::search::{Algorithm, Cost, Direction, NodeId, Search, new_search};

/// The counters recorded after each step, for the plots.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub expanded: u32,
    pub generated: u32,
    pub open: u32,
    /// The nodes the algorithm holds ([`crate::search::Stats::held`]).
    pub held: u32,
    pub f: f64,
    pub h: Cost,
}

/// The plot series, decimated so drawing costs the same at 20 steps and at 181,440.
#[derive(Default)]
pub struct PlotSeries {
    built_for: Option<usize>,
    built_at: Option<Instant>,
    pub expanded: Vec<[f64; 2]>,
    pub generated: Vec<[f64; 2]>,
    pub open: Vec<[f64; 2]>,
    pub held: Vec<[f64; 2]>,
    pub f: Vec<[f64; 2]>,
    pub h: Vec<[f64; 2]>,
}

/// A series to fill and how to read its value from a sample.
type Series<'a> = (&'a mut Vec<[f64; 2]>, fn(&Sample) -> f64);

/// At most this many buckets per series; each bucket keeps its minimum and maximum.
const PLOT_BUCKETS: usize = 1000;

impl PlotSeries {
    fn rebuild(&mut self, history: &[Sample]) {
        let bucket = history.len().div_ceil(PLOT_BUCKETS).max(1);
        let series: [Series<'_>; 6] = [
            (&mut self.expanded, |s| f64::from(s.expanded)),
            (&mut self.generated, |s| f64::from(s.generated)),
            (&mut self.open, |s| f64::from(s.open)),
            (&mut self.held, |s| f64::from(s.held)),
            (&mut self.f, |s| s.f),
            (&mut self.h, |s| s.h.as_f64()),
        ];
        for (points, value) in series {
            points.clear();
            for (b, chunk) in history.chunks(bucket).enumerate() {
                let x0 = (b * bucket + 1) as f64;
                if bucket == 1 {
                    points.push([x0, value(&chunk[0])]);
                    continue;
                }
                // Min then max (in step order) keeps spikes visible after decimation.
                let (mut lo, mut hi) = ((0, f64::INFINITY), (0, f64::NEG_INFINITY));
                for (i, s) in chunk.iter().enumerate() {
                    let v = value(s);
                    if v < lo.1 {
                        lo = (i, v);
                    }
                    if v > hi.1 {
                        hi = (i, v);
                    }
                }
                let (first, second) = if lo.0 <= hi.0 { (lo, hi) } else { (hi, lo) };
                points.push([x0 + first.0 as f64, first.1]);
                points.push([x0 + second.0 as f64, second.1]);
            }
        }
        self.built_for = Some(history.len());
        self.built_at = Some(Instant::now());
    }
}

/// One search with everything the views need about it. The single view shows lane 0; the
/// compare view shows several side by side.
pub struct Lane {
    pub(super) search: Box<dyn Search<AnyProblem>>,
    /// The method's colour (see [`method_color`]), shaded for a repeated method.
    pub color: Rgb,
    pub variant: Variant,
    /// What the domain's views keep to explain the heuristic (see
    /// [`AnyProblem::heuristic_notes`]).
    pub(super) explainer: Option<Arc<dyn Any + Send + Sync>>,
    pub(super) history: Vec<Sample>,
    /// The most steps this run has reached, so the timeline can scrub forward again.
    pub(super) furthest: usize,
    /// The open list in pop order at `open_built_for` steps; rebuilt only when that changes.
    pub(super) open_snapshot: Vec<NodeId>,
    pub(super) open_built_for: Option<usize>,
    /// Whether the search was still running then: a search stopped by its node limit keeps
    /// its step count, yet a depth-first search's start is no longer a candidate.
    pub(super) open_built_running: bool,
    pub(super) open_built_at: Instant,
    /// Counts the rebuilds of `open_snapshot`, so copies derived from it know when to follow.
    pub(super) open_generation: u64,
    /// The exercise's candidates in generation order, the backward half's apart, and the
    /// generation of the snapshot they were sorted at.
    pub(super) open_by_id: Vec<NodeId>,
    pub(super) backward_by_id: Vec<NodeId>,
    pub(super) open_by_id_for: Option<u64>,
    pub(super) plots: PlotSeries,
    /// Seconds spent in the search after each step, cumulative (popped on step back).
    pub(super) seconds: Vec<f64>,
    /// The live heuristic check of the steps taken so far.
    pub(super) check: HeuristicCheck,
}

/// The colour of a method (algorithm and heuristic), the same in every view, lesson and
/// window: a teacher who says "the green line" means A* with Manhattan distance every time.
/// Algorithms that ignore the heuristic have one colour whatever it is set to. Every colour
/// is of middle lightness, so it reads on the dark and the light theme and on a washed-out
/// projector; the four default lanes and weighted A* (the lane "Add lane" brings) are far apart.
pub fn method_color(algorithm: Algorithm, heuristic: AnyHeuristic) -> Rgb {
    use Algorithm as A;
    let rank = heuristic.color_rank();
    const A_STAR: [u32; 5] = [0x7f8c8d, 0xe06c00, 0x2ca02c, 0x009999, 0x1c8a6a];
    const GREEDY: [u32; 5] = [0x5c6bc0, 0x8c56d6, 0xc0399c, 0x6d8f00, 0xa0527a];
    const WEIGHTED: [u32; 5] = [0x8d8d5a, 0xa88400, 0xe0103c, 0x4f7fa0, 0x9a6a9a];
    let rgb = match algorithm {
        A::BreadthFirst => 0x1f77d4,
        A::UniformCost => 0x9c6b30,
        A::AStar => A_STAR[rank],
        A::Greedy => GREEDY[rank],
        A::WeightedAStar => WEIGHTED[rank],
        A::IdaStar => 0x3d9970,
        A::IterativeDeepening => 0x8e6c8a,
        A::DepthFirst => 0xb35900,
        A::HeuristicDepthFirst => 0x6f7d1c,
        A::BranchAndBound => 0x3949ab,
        A::Rbfs => 0xd81b60,
        A::SmaStar => 0x00838f,
        A::BidirectionalBfs => 0x2a7ab0,
        A::BidirectionalUcs => 0x87703a,
    };
    Rgb::hex(rgb)
}

/// How a lane is told apart from an earlier lane of the same method (another weight or
/// tie-break): its colour is a greyer shade of the method's, and its plot lines are dashed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Variant {
    #[default]
    First,
    /// The n-th further lane of the same method (1, 2, ...).
    Repeat(u8),
}

/// The colour and variant of each lane, from its method and the lanes before it.
pub fn lane_styles(configs: &[Config]) -> Vec<(Rgb, Variant)> {
    let key = |c: &Config| {
        let heuristic = if c.algorithm.uses_heuristic() {
            Some(c.heuristic)
        } else {
            None
        };
        (c.algorithm, heuristic)
    };
    configs
        .iter()
        .enumerate()
        .map(|(i, config)| {
            let base = method_color(config.algorithm, config.heuristic);
            let before = configs[..i]
                .iter()
                .filter(|c| key(c) == key(config))
                .count();
            if before == 0 {
                (base, Variant::First)
            } else {
                // Towards a middle grey: still readable on both themes, visibly another shade.
                let t = (0.3 * before as f32).min(0.6);
                (
                    base.towards(Rgb::grey(0x8a), t),
                    Variant::Repeat(before as u8),
                )
            }
        })
        .collect()
}

impl Lane {
    /// A lane in its method's colour; [`Session`] gives later lanes of the same method a shade.
    /// The config must pass [`check_config`] for the problem ([`read_problem`] checks every
    /// config it is read for).
    pub fn new(problem: AnyProblem, config: Config) -> Lane {
        let explainer = problem.heuristic_notes(config.heuristic);
        Lane {
            search: new_search(problem, config),
            color: method_color(config.algorithm, config.heuristic),
            variant: Variant::First,
            explainer,
            history: Vec::new(),
            furthest: 0,
            open_snapshot: Vec::new(),
            open_built_for: None,
            open_built_running: false,
            open_built_at: Instant::now(),
            open_generation: 0,
            open_by_id: Vec::new(),
            backward_by_id: Vec::new(),
            open_by_id_for: None,
            plots: PlotSeries::default(),
            seconds: Vec::new(),
            check: HeuristicCheck::default(),
        }
    }

    pub fn check(&self) -> &HeuristicCheck {
        &self.check
    }

    /// Brings the heuristic check up to the current step (see [`HeuristicCheck::update`]).
    pub fn check_heuristic(&mut self, exact: Option<HStar<'_>>) {
        self.check.update(self.search.as_ref(), exact);
    }

    /// The bytes this lane holds: its search and what the views keep about it.
    pub fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        let plots = &self.plots;
        let points = plots.expanded.capacity()
            + plots.generated.capacity()
            + plots.open.capacity()
            + plots.f.capacity()
            + plots.h.capacity();
        self.search.memory_bytes()
            + self.history.capacity() * size_of::<Sample>()
            + self.seconds.capacity() * size_of::<f64>()
            + (self.open_snapshot.capacity()
                + self.open_by_id.capacity()
                + self.backward_by_id.capacity())
                * size_of::<NodeId>()
            + points * size_of::<[f64; 2]>()
            + self.check.capacity_bytes()
    }

    /// Seconds the search itself has spent on the steps taken so far (drawing excluded).
    pub fn seconds(&self) -> f64 {
        self.seconds.last().copied().unwrap_or(0.0)
    }

    pub fn search(&self) -> &dyn Search<AnyProblem> {
        self.search.as_ref()
    }

    pub fn config(&self) -> &Config {
        self.search.config()
    }

    /// The notes its domain keeps to explain the heuristic, if they are of type `T`.
    pub fn explainer<T: Any>(&self) -> Option<&T> {
        self.explainer.as_deref()?.downcast_ref()
    }

    pub fn history(&self) -> &[Sample] {
        &self.history
    }

    pub fn furthest(&self) -> usize {
        self.furthest.max(self.search.steps())
    }

    pub fn steps(&self) -> usize {
        self.search.steps()
    }

    pub fn is_running(&self) -> bool {
        self.search.status().is_running()
    }

    pub fn closed_len(&self) -> usize {
        self.search.closed().len()
    }

    /// The open list in pop order, as of the last [`Lane::refresh`].
    pub fn open_snapshot(&self) -> &[NodeId] {
        &self.open_snapshot
    }

    /// The nodes an exercise may name next ([`exercise::candidates`]) in the order they were
    /// generated, as of the last [`Lane::refresh`] with `by_id`: open (the forward half's, for
    /// a bidirectional search; the start, when a depth-first iteration has ended).
    pub fn open_by_id(&self) -> &[NodeId] {
        &self.open_by_id
    }

    /// A bidirectional search's backward open list in the order its nodes were generated, as
    /// of the last [`Lane::refresh`] with `by_id`; empty for the other searches.
    pub fn backward_by_id(&self) -> &[NodeId] {
        &self.backward_by_id
    }

    /// Judges a prediction of the next expansion (`None`: reveal it) by taking the step and
    /// undoing it; the lane's history is not touched.
    pub fn judge(&mut self, picked: Option<NodeId>) -> Option<Judgement> {
        judge(self.search.as_mut(), picked)
    }

    pub fn plots(&self) -> &PlotSeries {
        &self.plots
    }

    /// Makes the time spent so far read zero, so a snapshot of the summary's time row is the
    /// same on a busy machine as on an idle one.
    #[cfg(test)]
    pub fn forget_times(&mut self) {
        self.seconds.fill(0.0);
    }

    /// One step, recording the plot sample. False if the search had finished.
    pub fn step(&mut self) -> bool {
        let started = Instant::now();
        let Some(view) = self.search.step() else {
            return false;
        };
        let expanded = view.expanded;
        let spent = started.elapsed().as_secs_f64();
        self.seconds.push(self.seconds() + spent);
        let node = *self.search.node(expanded);
        let stats = self.search.stats();
        self.history.push(Sample {
            expanded: stats.expanded,
            generated: stats.generated,
            open: stats.open,
            held: stats.held,
            f: node.f.as_f64(),
            h: node.h,
        });
        self.furthest = self.furthest.max(self.history.len());
        true
    }

    pub fn step_back(&mut self) -> bool {
        let undone = self.search.step_back();
        if undone {
            self.history.pop();
            self.seconds.pop();
        }
        undone
    }

    /// Moves towards `target` steps until it is reached or `deadline` passes; true when done.
    pub fn seek_toward(&mut self, target: usize, deadline: Instant) -> bool {
        let mut n = 0u32;
        while self.steps() != target {
            let moved = if self.steps() > target {
                self.step_back()
            } else {
                self.step()
            };
            if !moved {
                return true;
            }
            n += 1;
            if n.is_multiple_of(64) && Instant::now() >= deadline {
                return false;
            }
        }
        true
    }

    /// Brings the cached open list and plot series up to date; cheap when nothing changed.
    ///
    /// While the search runs forward on its own (`running`), a large open list is copied at
    /// most every `OPEN_REFRESH`: copying a million ids each frame would slow the run, and
    /// going forward only adds nodes, so the ids in an older copy stay valid. After a step
    /// back nodes are removed, so the copy is always rebuilt then.
    pub fn refresh(&mut self, running: bool, by_id: bool) {
        let steps = self.search.steps();
        let search_running = self.search.status().is_running();
        let stale = self.open_built_for != Some(steps) || self.open_built_running != search_running;
        let went_back = self.open_built_for.is_none_or(|built| steps < built);
        let throttled = running
            && !went_back
            && self.search.open_len() > 20_000
            && self.open_built_at.elapsed() < OPEN_REFRESH;
        if stale && !throttled {
            self.open_snapshot.clear();
            self.open_snapshot.extend(self.search.open_nodes());
            self.open_built_for = Some(steps);
            self.open_built_running = search_running;
            self.open_built_at = Instant::now();
            self.open_generation += 1;
        }
        let plots_throttled = running
            && self.history.len() > 50_000
            && self
                .plots
                .built_at
                .is_some_and(|t| t.elapsed() < OPEN_REFRESH);
        if self.plots.built_for != Some(self.history.len()) && !plots_throttled {
            self.plots.rebuild(&self.history);
        }
        // Sorted once per rebuild of the snapshot, not once per frame: open can hold millions.
        if by_id && self.open_by_id_for != Some(self.open_generation) {
            let search = self.search.as_ref();
            let (forward, backward): (Vec<NodeId>, Vec<NodeId>) = exercise::candidates(search)
                .into_iter()
                .partition(|&id| search.node(id).direction == Direction::Forward);
            self.open_by_id = forward;
            self.backward_by_id = backward;
            self.open_by_id.sort_unstable();
            self.backward_by_id.sort_unstable();
            self.open_by_id_for = Some(self.open_generation);
        }
    }
}

/// How often a large open list is re-copied while a run goes forward.
pub(super) const OPEN_REFRESH: Duration = Duration::from_millis(250);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plot_series_stay_small_and_keep_the_extremes() {
        let history: Vec<Sample> = (0..10_000u32)
            .map(|i| Sample {
                expanded: i,
                generated: 2 * i,
                open: if i == 7_777 { 1_000_000 } else { i % 50 },
                held: i % 50,
                f: f64::from(i % 7),
                h: Cost::from(i % 5),
            })
            .collect();
        let mut series = PlotSeries::default();
        series.rebuild(&history);
        assert!(series.open.len() <= 2 * PLOT_BUCKETS);
        assert!(
            series.open.iter().any(|p| p[1] == 1_000_000.0),
            "spike kept"
        );
        assert_eq!(series.expanded.last().unwrap()[1], 9_999.0);
    }
}
