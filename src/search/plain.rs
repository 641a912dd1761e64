//! The best-first engine without records: the same priorities, tie-breaks, goal tests, duplicate
//! handling and node limit as [`BestFirst`](super::BestFirst), popping open in exactly the same
//! order, but it keeps no step records, cannot step back and cannot be watched. It is what a
//! batch of problems runs on when only the answer and the counters are wanted, and the measure
//! of what the stepping engine's records cost.
//!
//! Open is a binary heap with lazy deletion: a node given a shorter path is pushed again with a
//! fresh tie value, and an entry whose tie value is no longer its node's is skipped when popped.
//! Where seen states are looked up is a parameter ([`SeenIndex`]): a hash map by default, or a
//! dense table a domain provides when its keys are small numbers.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;

use rustc_hash::FxHashMap;

use super::config::{ConfigError, GoalTest, Repeats, SearchConfig};
use super::cost::Cost;
use super::frontier::tie_value;
use super::problem::SearchProblem;
use super::record::Stats;

/// Where a record-free search finds the node of a state it has seen, by the state's key.
pub trait SeenIndex<K> {
    /// The node of `key`, if seen.
    fn get(&self, key: &K) -> Option<u32>;
    /// Records that `key` is node `id` (a key is inserted once).
    fn insert(&mut self, key: K, id: u32);
}

impl<K: Eq + Hash> SeenIndex<K> for FxHashMap<K, u32> {
    #[inline]
    fn get(&self, key: &K) -> Option<u32> {
        FxHashMap::get(self, key).copied()
    }

    #[inline]
    fn insert(&mut self, key: K, id: u32) {
        FxHashMap::insert(self, key, id);
    }
}

/// What a record-free search found.
#[derive(Clone, Debug, PartialEq)]
pub struct PlainOutcome<S> {
    /// The cost of the path found and its states, start first; `None` if open ran out or the
    /// node limit stopped the search.
    pub solution: Option<(Cost, Vec<S>)>,
    /// Whether the node limit stopped the search.
    pub limit_reached: bool,
    /// The counters, as the stepping engine would show them after its last step.
    pub stats: Stats,
}

/// A node of the record-free search.
#[derive(Clone, Copy)]
struct PlainNode<S> {
    state: S,
    /// The index of the parent node; `NO_PARENT` for the start.
    parent: u32,
    g: Cost,
    h: Cost,
    depth: u32,
    /// The tie value of its current entry in open: an entry with another is stale.
    tie: u64,
    closed: bool,
    /// Expanded at least once: expanding it again (after a reopening) is a re-expansion.
    expanded: bool,
}

const NO_PARENT: u32 = u32::MAX;

/// Runs a search to the end without step records, looking states up in a hash map.
///
/// Counting to 4 by +1 (cost 1) and +2 (cost 3), as in [`SearchProblem`]'s example:
///
/// ```
/// use searchlab::search::{Algorithm, SearchConfig, plain_search};
/// # use searchlab::search::{Cost, SearchProblem};
/// # use searchlab::search::example::Count;
/// let outcome = plain_search(&Count, SearchConfig::with(Algorithm::UniformCost, ())).unwrap();
/// let (cost, path) = outcome.solution.unwrap();
/// assert_eq!((cost, path), (Cost::units(4), vec![0, 1, 2, 3, 4]));
/// ```
pub fn plain_search<P: SearchProblem>(
    problem: &P,
    config: SearchConfig<P::Heuristic>,
) -> Result<PlainOutcome<P::State>, ConfigError> {
    plain_search_with(problem, config, FxHashMap::default())
}

/// Runs a search to the end without step records, looking states up in `index` (which should
/// be empty). Graph search only: a config with another [`SearchConfig::repeats`] is refused
/// with [`ConfigError::RecordFree`], and runs on the stepping engine.
pub fn plain_search_with<P: SearchProblem, I: SeenIndex<P::Key>>(
    problem: &P,
    config: SearchConfig<P::Heuristic>,
    mut index: I,
) -> Result<PlainOutcome<P::State>, ConfigError> {
    config.validate()?;
    if config.repeats != Repeats::Graph {
        return Err(ConfigError::RecordFree(config.repeats));
    }
    problem.check_heuristic(config.heuristic)?;
    let rule = config.effective_tie_break();
    let updates = config.algorithm.updates_duplicates();
    let at_generation = config.goal_test == GoalTest::OnGeneration;
    let mut nodes: Vec<PlainNode<P::State>> = Vec::new();
    let mut open: BinaryHeap<Reverse<(u64, u64, u32)>> = BinaryHeap::new();
    let mut stats = Stats::default();
    let mut seq = 0u64;
    let mut successors = Vec::new();

    let start = problem.start();
    let h = problem.heuristic(config.heuristic, &start);
    let tie = tie_value(rule, h, seq);
    seq += 1;
    nodes.push(PlainNode {
        state: start,
        parent: NO_PARENT,
        g: Cost::ZERO,
        h,
        depth: 0,
        tie,
        closed: false,
        expanded: false,
    });
    index.insert(problem.key(&start), 0);
    open.push(Reverse((config.priority(0, Cost::ZERO, h).raw(), tie, 0)));
    stats.nodes = 1;
    stats.open = 1;
    stats.max_open = 1;
    if at_generation && problem.is_goal(&start) {
        return Ok(solved(&nodes, 0, stats));
    }

    while let Some(Reverse((_, tie, id))) = open.pop() {
        let parent = nodes[id as usize];
        if parent.tie != tie {
            continue;
        }
        let goal_taken = !at_generation && problem.is_goal(&parent.state);
        successors.clear();
        if !goal_taken {
            problem.successors(&parent.state, &mut successors);
            // An expansion that would pass the limit is refused whole, as the stepping
            // engine does; the exact count is needed only near the limit.
            if nodes.len() + successors.len() > config.node_limit {
                let mut new = 0;
                for (_, child, _) in &successors {
                    if index.get(&problem.key(child)).is_none() {
                        new += 1;
                    }
                    if at_generation && problem.is_goal(child) {
                        break;
                    }
                }
                if nodes.len() + new > config.node_limit {
                    return Ok(PlainOutcome {
                        solution: None,
                        limit_reached: true,
                        stats: held(stats),
                    });
                }
            }
        }
        stats.steps += 1;
        stats.open -= 1;
        // Its other entries are stale already: each entry has a tie value of its own.
        nodes[id as usize].closed = true;
        if goal_taken {
            return Ok(solved(&nodes, id, stats));
        }
        stats.expanded += 1;
        if parent.expanded {
            stats.reexpanded += 1;
        }
        nodes[id as usize].expanded = true;
        let depth = parent.depth + 1;
        for &(_, child_state, cost) in &successors {
            stats.generated += 1;
            let g = parent.g + cost;
            let key = problem.key(&child_state);
            let child = match index.get(&key) {
                None => {
                    let h = problem.heuristic(config.heuristic, &child_state);
                    let tie = tie_value(rule, h, seq);
                    seq += 1;
                    let child = nodes.len() as u32;
                    nodes.push(PlainNode {
                        state: child_state,
                        parent: id,
                        g,
                        h,
                        depth,
                        tie,
                        closed: false,
                        expanded: false,
                    });
                    index.insert(key, child);
                    open.push(Reverse((config.priority(depth, g, h).raw(), tie, child)));
                    stats.nodes += 1;
                    stats.open += 1;
                    stats.max_open = stats.max_open.max(stats.open);
                    child
                }
                Some(existing) => {
                    stats.duplicates += 1;
                    let old = &mut nodes[existing as usize];
                    if updates && g < old.g {
                        if old.closed {
                            stats.reopened += 1;
                            stats.open += 1;
                            stats.max_open = stats.max_open.max(stats.open);
                        } else {
                            stats.improved += 1;
                        }
                        let tie = tie_value(rule, old.h, seq);
                        seq += 1;
                        *old = PlainNode {
                            parent: id,
                            g,
                            depth,
                            tie,
                            closed: false,
                            ..*old
                        };
                        open.push(Reverse((
                            config.priority(depth, g, old.h).raw(),
                            tie,
                            existing,
                        )));
                    }
                    existing
                }
            };
            if at_generation && problem.is_goal(&child_state) {
                return Ok(solved(&nodes, child, stats));
            }
        }
    }
    Ok(PlainOutcome {
        solution: None,
        limit_reached: false,
        stats: held(stats),
    })
}

/// The counters with the nodes held: every node stored, as in the stepping engine.
fn held(mut stats: Stats) -> Stats {
    stats.held = stats.nodes;
    stats.max_held = stats.nodes;
    stats
}

/// The outcome with the path to node `goal`.
fn solved<S: Copy>(nodes: &[PlainNode<S>], goal: u32, stats: Stats) -> PlainOutcome<S> {
    let mut path = Vec::with_capacity(nodes[goal as usize].depth as usize + 1);
    let mut at = goal;
    while at != NO_PARENT {
        path.push(nodes[at as usize].state);
        at = nodes[at as usize].parent;
    }
    path.reverse();
    PlainOutcome {
        solution: Some((nodes[goal as usize].g, path)),
        limit_reached: false,
        stats: held(stats),
    }
}
