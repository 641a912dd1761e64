//! Every string the window shows, in one place, so a second language can be added by swapping
//! this module's contents for a lookup (issue 5) without touching the panels.
//!
//! Words the engine already owns (algorithm titles, heuristic titles, tie-break descriptions,
//! child outcome words, parser and parity messages) are taken from it and not repeated here.

use crate::puzzle::Move;
use crate::search::{Outcome, Stats, StepView};

pub const APP_TITLE: &str = "searchlab";

// Problem setup.
pub const BOARD: &str = "Board";
pub const GOAL: &str = "Goal";
pub const GOAL_PRESET: &str = "Goal preset";
pub const PRESET_P1379: &str = "P1379 (123804765)";
pub const PRESET_BLANK_LAST: &str = "Blank last";
pub const PRESET_BLANK_FIRST: &str = "Blank first";
pub const ALGORITHM: &str = "Algorithm";
pub const HEURISTIC: &str = "Heuristic";
pub const TIE_BREAK: &str = "Tie-break";
pub const WEIGHT: &str = "Weight w";
pub const SCRAMBLE: &str = "Scramble";
pub const SCRAMBLE_MOVES: &str = "moves";
pub const AT_DISTANCE: &str = "At distance";
pub const DISTANCE_STEPS: &str = "optimal moves";
pub const SIZE_3: &str = "3x3";
pub const SIZE_4: &str = "4x4";
pub const SCRAMBLE_HINT: &str = "Random board k random moves away from the goal (seeded)";
pub const DISTANCE_HINT: &str = "Random 3x3 board whose shortest solution has exactly d moves";
pub const BOARD_HINT: &str = "283104765, 2 8 3 1 0 4 7 6 5, or 16 hex digits for 4x4";
pub const FORMATS_HINT: &str = "Boards: 283104765, 2 8 3 1 0 4 7 6 5 or 2,8,3,1,0,4,7,6,5; 4x4 as 16 numbers or hex digits (0 is the blank). Goal: a board, p1379, blank-last or blank-first.";
pub const GOAL_HINT: &str = "p1379, blank-last, blank-first or a board";

// Stepping.
pub const STEP: &str = "Step";
pub const STEP_BACK: &str = "Step back";
pub const PLAY: &str = "Play";
pub const PAUSE: &str = "Pause";
pub const RUN_TO_END: &str = "Run to end";
pub const STOP: &str = "Stop";
pub const RESET: &str = "Reset";
pub const SPEED: &str = "Speed";
pub const SPEED_SUFFIX: &str = " steps/s";
pub const TIMELINE: &str = "Timeline";
pub const TIMELINE_SUFFIX: &str = " steps";

// View settings.
pub const DARK: &str = "Dark";
pub const LIGHT: &str = "Light";
pub const ZOOM: &str = "Zoom";

// Node views.
pub const TAB_STEP: &str = "Current step";
pub const TAB_SELECTED: &str = "Selected node";
pub const TAB_SOLUTION: &str = "Solution";
pub const START_BOARD: &str = "Start board";
pub const START_CLICK_HINT: &str = "Click a tile next to the blank to move it.";
pub const CHILDREN: &str = "Children";
pub const NO_CHILDREN_GOAL: &str = "This is the goal: nothing is generated.";
pub const PATH_FROM_START: &str = "Path from the start";
pub const NOTHING_SELECTED: &str = "Click a row of the open or closed list to inspect a node.";
pub const SHOW_CURRENT: &str = "Back to current step";
pub const NOT_SOLVED_YET: &str = "No solution yet: step or run the search to the goal.";
pub const OPEN_LIST: &str = "Open list (next first)";
pub const CLOSED_LIST: &str = "Closed list (expansion order)";
pub const COL_RANK: &str = "#";
pub const COL_STEP: &str = "step";
pub const COL_NODE: &str = "node";
pub const COL_BOARD: &str = "board";
pub const COL_DEPTH: &str = "depth";
pub const PLOT_COUNTS: &str = "Nodes per step";
pub const PLOT_VALUES: &str = "f and h of the expanded node";
pub const SERIES_EXPANDED: &str = "expanded";
pub const SERIES_GENERATED: &str = "generated";
pub const SERIES_OPEN: &str = "open size";
pub const SERIES_F: &str = "f";
pub const SERIES_H: &str = "h";
pub const AXIS_STEP: &str = "step";
pub const PLAYBACK_START: &str = "|<";
pub const PLAYBACK_PREV: &str = "<";
pub const PLAYBACK_NEXT: &str = ">";
pub const PLAYBACK_END: &str = ">|";
pub const PLAYBACK_MOVE: &str = "Move";
pub const LEGEND_MANHATTAN: &str = "Badge: the tile's Manhattan distance to its goal cell.";
pub const LEGEND_MISPLACED: &str = "Red frame: tile not on its goal cell (counts 1).";
pub const LEGEND_CONFLICT: &str =
    "Badge: Manhattan distance; orange line: two tiles in their goal line in the wrong order.";
pub const LEGEND_ZERO: &str = "h = 0 for every board.";
pub const H_FOR_REFERENCE: &str = "(h shown for reference; this algorithm's f ignores it)";

// Notices.
pub const SETTINGS_UNREADABLE: &str =
    "The saved settings could not be read; the defaults are used.";
pub const DISMISS: &str = "OK";
pub const NEEDS_3X3: &str = "Exact distances are known for 3x3 boards only.";

/// g, h and f in one compact string.
pub fn ghf(g: u32, h: u32, f: f64) -> String {
    format!("g = {g}   h = {h}   f = {}", number(f))
}

/// A number without a trailing ".0" for whole values.
pub fn number(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}

pub fn node_title(id: u32) -> String {
    format!("Node #{id}")
}

pub fn expanded_title(id: u32, step: usize) -> String {
    format!("Step {step}: expanded node #{id}")
}

pub fn depth(depth: u32) -> String {
    format!("depth {depth}")
}

pub fn place_open(rank: Option<usize>) -> String {
    match rank {
        Some(rank) => format!("in open, position {rank} in pop order"),
        None => "in open".to_owned(),
    }
}

pub fn place_closed(step: Option<u32>) -> String {
    match step {
        Some(step) => format!("closed, expanded at step {step}"),
        None => "closed".to_owned(),
    }
}

/// A move in words ("8 down"): the default fonts have no arrow glyphs.
pub fn move_words(action: Move) -> String {
    format!("{} {}", action.tile, action.tile_dir().name())
}

pub fn outcome(outcome: Outcome) -> String {
    match outcome {
        Outcome::Improved { old_g } => format!("improved (g was {old_g})"),
        Outcome::Reopened { old_g } => format!("reopened (g was {old_g})"),
        other => other.word().to_owned(),
    }
}

pub fn list_count(n: usize) -> String {
    if n == 1 {
        "1 node".to_owned()
    } else {
        format!("{n} nodes")
    }
}

pub fn solved_headline(moves: usize) -> String {
    format!("Solved: {moves} moves")
}

pub fn optimal_note(optimal: Option<u8>, moves: usize) -> String {
    match optimal {
        Some(d) if usize::from(d) == moves => format!("optimal (shortest is {d})"),
        Some(d) => format!("not optimal: the shortest has {d} moves"),
        None => String::new(),
    }
}

pub fn stats_line(stats: &Stats) -> String {
    format!(
        "steps {} · expanded {} · generated {} · duplicates {} · open {} · max open {} · stored {}",
        stats.steps,
        stats.expanded,
        stats.generated,
        stats.duplicates,
        stats.open,
        stats.max_open,
        stats.nodes
    )
}

/// After the move number on the playback slider: "3 / 20".
pub fn playback_suffix(moves: usize) -> String {
    format!(" / {moves}")
}

// The status line: one sentence about what just happened.

pub fn status_ready(description: &str) -> String {
    format!("Ready: {description}. Press Step (Space) to expand the start node.")
}

pub fn status_setup_error(message: &str) -> String {
    format!("Cannot search yet: {message}")
}

/// "expanded node #57 (f = 14); 3 children: 2 new, 1 already closed".
pub fn status_step(view: &StepView<'_>, f: f64, solved: bool) -> String {
    let id = view.expanded.0;
    if view.children.is_empty() && view.goal_found {
        return format!(
            "step {}: removed node #{id} (f = {}) from open: it is the goal. Solved.",
            view.index + 1,
            number(f)
        );
    }
    let mut counts: Vec<(&'static str, usize)> = Vec::new();
    for child in view.children {
        let word = child.outcome.word();
        match counts.iter_mut().find(|(w, _)| *w == word) {
            Some((_, n)) => *n += 1,
            None => counts.push((word, 1)),
        }
    }
    let parts: Vec<String> = counts.iter().map(|(w, n)| format!("{n} {w}")).collect();
    let mut text = format!(
        "step {}: expanded node #{id} (f = {}); {} children: {}",
        view.index + 1,
        number(f),
        view.children.len(),
        parts.join(", ")
    );
    if solved {
        text.push_str("; the goal was generated. Solved.");
    }
    text
}

pub fn status_back(steps: usize) -> String {
    format!("stepped back: {steps} steps taken, open and closed restored exactly")
}

pub fn status_nothing_to_undo() -> String {
    "nothing to undo: no step has been taken".to_owned()
}

pub fn status_finished() -> String {
    "the search has finished; Step back, Reset or change the problem".to_owned()
}

pub fn status_seek(steps: usize) -> String {
    format!("moved the timeline to step {steps}")
}

pub fn status_reset() -> String {
    "reset: only the start node is in open".to_owned()
}

pub fn status_playing(speed: f64) -> String {
    format!("playing at {} steps per second", number(speed.round()))
}

pub fn status_paused(steps: usize) -> String {
    format!("paused after {steps} steps")
}

pub fn status_running() -> String {
    "running to the end; press End or Stop to stop".to_owned()
}

pub fn status_stopped(steps: usize) -> String {
    format!("stopped after {steps} steps")
}

pub fn status_exhausted() -> String {
    "open is empty: every reachable board was expanded without finding the goal".to_owned()
}

pub fn status_limit(limit: usize) -> String {
    format!("stopped: the node limit of {limit} stored nodes was reached")
}

pub fn status_solved(moves: usize, expanded: u32) -> String {
    format!("solved: a {moves}-move solution after {expanded} expansions")
}

pub fn status_selected(id: u32) -> String {
    format!("showing node #{id} and its path from the start")
}

pub fn status_board_moved(tile: u8) -> String {
    format!("moved tile {tile} on the start board")
}

pub fn status_random(board: &str, moves: usize) -> String {
    format!("new start board {board}, {moves} random moves from the goal")
}

pub fn status_at_distance(board: &str, d: u8) -> String {
    format!("new start board {board}, exactly {d} moves from the goal")
}

pub fn status_no_board_at(d: u8, max: u8) -> String {
    format!("no board lies {d} moves from this goal (the farthest is {max})")
}

// The compare view.
pub const COMPARE: &str = "Compare";
pub const SINGLE: &str = "Single";
pub const COMPARE_HINT: &str =
    "Run 2 to 4 searches on the same board in lock-step: one expansion per lane per step";
pub const ADD_LANE: &str = "Add lane";
pub const REMOVE_LANE: &str = "Remove";
pub const OPEN_IN_SINGLE: &str = "Open in single view";
pub const OPEN_EMPTY: &str = "open is empty";
pub const GOAL_TEST_ON_GENERATION: &str = "Goal test when generated (BFS)";
pub const GOAL_TEST_HINT: &str = "Test each child for the goal as it is generated, not when it is \
    removed from open: BFS stops one layer earlier and counts fewer nodes, still optimal.";
pub const PLOT_COMPARE_F: &str = "f of the expanded node";
pub const LOG_Y: &str = "log y";
pub const SUMMARY: &str = "Summary";
pub const COPY_MARKDOWN: &str = "Copy (Markdown)";
pub const COPY_TSV: &str = "Copy (TSV)";
pub const COPIED: &str = "copied the summary table to the clipboard";
pub const COL_LANE: &str = "lane";
pub const COL_LENGTH: &str = "length";
pub const COL_OPTIMAL: &str = "optimal";
pub const COL_EXPANDED: &str = "expanded";
pub const COL_GENERATED: &str = "generated";
pub const COL_MAX_OPEN: &str = "max open";
pub const COL_BSTAR: &str = "b*";
pub const COL_TIME: &str = "time (ms)";
pub const BSTAR_HINT: &str = "Effective branching factor: the b* for which a uniform tree of the \
    solution's depth has as many nodes as were generated (N + 1 = 1 + b* + ... + b*^d)";
pub const TIME_HINT: &str = "Time spent in the search itself while stepping, drawing excluded";
pub const YES: &str = "yes";
pub const NO: &str = "no";
pub const UNKNOWN: &str = "?";
pub const DASH: &str = "-";

pub fn lane_name(number: usize) -> String {
    format!("Lane {number}")
}

pub fn lane_board(number: usize) -> String {
    format!("Lane {number} board")
}

/// A short algorithm name for legends and table rows.
fn algorithm_short(algorithm: crate::search::Algorithm) -> &'static str {
    use crate::search::Algorithm;
    match algorithm {
        Algorithm::BreadthFirst => "BFS",
        Algorithm::UniformCost => "UCS",
        Algorithm::AStar => "A*",
        Algorithm::Greedy => "Greedy",
        Algorithm::WeightedAStar => "wA*",
    }
}

/// The short name of a lane in the summary table and the plot key: "2 A* misplaced".
pub fn lane_short(number: usize, config: &crate::search::SearchConfig) -> String {
    let mut name = format!("{number} {}", algorithm_short(config.algorithm));
    if config.algorithm == crate::search::Algorithm::WeightedAStar {
        name.push_str(&format!(" w={}", config.weight));
    }
    if config.algorithm.uses_heuristic() {
        name.push_str(&format!(" {}", config.heuristic.name()));
    }
    if config.goal_test == crate::search::GoalTest::OnGeneration {
        name.push_str(" goal-at-gen");
    }
    name
}

pub fn lane_counts(expanded: u32, generated: u32) -> String {
    format!("expanded {expanded} · generated {generated}")
}

pub fn lane_open(open: u32, max_open: u32) -> String {
    format!("open {open} · max open {max_open}")
}

pub fn open_row(id: u32, g: u32, h: u32, f: &str) -> String {
    format!("#{id:<5} g {g:>2} h {h:>2} f {f}")
}

pub fn open_head(n: usize) -> String {
    format!("Open list ({n}), next first")
}

pub fn plot_compare_counts(counter: &str, log: bool) -> String {
    if log {
        format!("{counter} per step (log scale)")
    } else {
        format!("{counter} per step")
    }
}

pub fn lane_running(steps: usize) -> String {
    format!("running · step {steps}")
}

pub fn lane_solved_frozen(steps: usize, moves: usize) -> String {
    format!("solved at step {steps} ({moves} moves) · frozen")
}

pub fn lane_exhausted_frozen(steps: usize) -> String {
    format!("open empty at step {steps}, no solution · frozen")
}

pub fn lane_limit_frozen(steps: usize) -> String {
    format!("node limit reached at step {steps} · frozen")
}

pub fn lane_start(steps: usize) -> String {
    format!("start board · step {steps}")
}

pub fn status_compare_ready(lanes: usize) -> String {
    format!(
        "Ready: {lanes} lanes on the same board. Press Step (Space) to expand one node in each."
    )
}

pub fn status_compare_step(clock: usize, running: usize, lanes: usize) -> String {
    if running == 0 {
        format!("step {clock}: every lane has finished")
    } else if running == lanes {
        format!("step {clock}: all {lanes} lanes running")
    } else {
        format!(
            "step {clock}: {running} of {lanes} lanes still running, the others frozen on their result"
        )
    }
}

pub fn status_focused(lane: usize, description: &str) -> String {
    format!("lane {lane} in the single view: {description}")
}

pub fn status_lane_changed(lane: usize, description: &str) -> String {
    format!("lane {lane} is now {description}; replayed to the current step")
}

// Experiments.
pub const EXPERIMENTS: &str = "Experiments";
pub const EXPERIMENT_CONFIGS: &str = "Configurations (the compare lanes):";
pub const EXPERIMENT_MAX_DEPTH: &str = "Depths 2, 4, ... up to";
pub const EXPERIMENT_DEPTHS_HINT: &str =
    "Boards are drawn at exactly these optimal distances from the goal";
pub const EXPERIMENT_BOARDS: &str = "Boards per depth";
pub const EXPERIMENT_SEED: &str = "Seed";
pub const EXPERIMENT_RUN: &str = "Run experiment";
pub const EXPERIMENT_CANCELLED: &str = "The experiment was cancelled.";
pub const EXPERIMENT_PLOT: &str = "Mean nodes generated against depth (log scale)";
pub const CANCEL: &str = "Cancel";
pub const COPY_CSV: &str = "Copy (CSV)";
pub const AXIS_DEPTH: &str = "optimal depth d";

pub fn experiment_progress(done: usize, total: usize) -> String {
    format!("{done} / {total} (depth, configuration) runs")
}

pub fn experiment_convention(convention: &str) -> String {
    format!("Counting: {convention}.")
}

// Heuristic inspector.
pub const INSPECTOR: &str = "Heuristic inspector";
pub const INSPECTOR_COMPUTING: &str =
    "Computing h* for all 181,440 states and profiling each heuristic...";
pub const INSPECTOR_PLOT: &str =
    "h against the true distance h*: mean (line) and range (band) over all states at each h*";
pub const INSPECTOR_DIAGONAL: &str = "h = h* (above it: inadmissible)";
pub const AXIS_H_STAR: &str = "true distance h*";
pub const COL_HEURISTIC: &str = "heuristic";
pub const COL_ADMISSIBLE: &str = "admissible";
pub const COL_OVER: &str = "states with h > h*";
pub const COL_WORST: &str = "worst h - h*";
pub const INSPECTOR_CURRENT: &str = "On the start board";

pub fn weighted(title: &str, weight: f64) -> String {
    format!("{weight} x {title}")
}

pub fn h_star_is(d: Option<u8>) -> String {
    match d {
        Some(d) => format!("h* = {d}"),
        None => "h* unknown".to_owned(),
    }
}

// The live heuristic check.
pub const CHECK_CLEAN: &str = "heuristic check: no h > h*, no inconsistent edge so far";
pub const CHECK_CLEAN_EDGES: &str = "heuristic check: no inconsistent edge so far";

pub fn check_violations(count: usize, first_step: usize) -> String {
    let noun = if count == 1 {
        "violation"
    } else {
        "violations"
    };
    format!("heuristic check: {count} {noun}, first at step {first_step} (hover)")
}
