//! `searchlab solve`: one line in, one line out, so it streams and matches Luogu P1379.

use std::collections::{BTreeMap, VecDeque};
use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;
use std::sync::{Condvar, Mutex, OnceLock, mpsc};
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use serde_json::json;

use super::input::{GivenLines, Line, LineSource, MAX_LINE, ReadLines};
use super::trace::{TraceError, TraceFiles};
use crate::domains::game::TicTacToeEval;
use crate::domains::graph::GraphHeuristic;
use crate::domains::grid::GridHeuristic;
use crate::domains::puzzle::databases::{self, Chosen, Database, DatabaseError};
use crate::domains::puzzle::{
    Board, GoalError, GoalPreset, Heuristic, HeuristicKind, LeanSolver, MAX_KEYED, Partition,
    PdbError, Problem, ProblemError, Refused, SearchConfig, Source, cache_dir, ida_star,
    parse_board, parse_goal_board,
};
use crate::i18n::{self, pick};
use crate::search::HeuristicChoice as _;
use crate::search::game::{ChildOrder, GameAlgorithm, Player};
use crate::search::{
    Algorithm, DEFAULT_DEPTH_LIMIT, DEFAULT_MEMORY_LIMIT, GoalTest, Repeats, Stats, Status,
    TieBreak, try_new_search,
};

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// The number of moves, plus stats and path when asked.
    Text,
    /// One JSON object per board.
    Json,
}

/// Where the goal test happens, as typed on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GoalTestArg {
    Expansion,
    Generation,
}

/// The options of `searchlab solve`.
#[derive(Args, Debug, Clone)]
pub struct SolveOptions {
    /// Boards to solve (`283104765`, `2 8 3 1 0 4 7 6 5`, or 4x4 hex `123456789ABCDEF0`). With
    /// none, reads one board per line from stdin.
    pub boards: Vec<String>,
    /// The goal: a board or a preset (p1379, blank-last, blank-first). Default: p1379
    /// (123804765) for 3x3, blank-last for other sizes. With --map, the goal cell X,Y
    /// (default: the map's last free cell in reading order). With --graph, goal nodes by
    /// name, separated by commas (default: the file's goals).
    #[arg(long, short)]
    pub goal: Option<String>,
    /// Search on this MovingAI grid map (.map) instead of boards: 8-connected, no corner
    /// cutting, as the benchmarks are. Give --start and --goal, or --scen. Letters as the
    /// format defines them, every step costing 1 (a diagonal √2): . and G ground, S swamp
    /// (ordinary ground), @ and O out of bounds and T trees (walls), W water (crossed only
    /// from water: no move between water and ground).
    #[arg(long, value_name = "FILE")]
    pub map: Option<std::path::PathBuf>,
    /// With --map: solve every scenario of this MovingAI scenario file (.scen), answering in
    /// file order as it is read, and check each path's length against the optimal length the
    /// file states (exit status 1 if one disagrees).
    #[arg(long, value_name = "FILE", requires = "map", conflicts_with_all = ["start", "goal"])]
    pub scen: Option<std::path::PathBuf>,
    /// With --map: the start cell X,Y, x the column and y the row from 0 at the top left
    /// (default: the map's first free cell in reading order). With --graph: the start node
    /// by name (default: the file's start).
    #[arg(long, value_name = "X,Y|NAME")]
    pub start: Option<String>,
    /// Search on this route graph instead of boards: searchlab's graph file, an AIspace
    /// graph (.xml), or a preset by name (romania, greedy-misled, inconsistent,
    /// inadmissible, cycle, fewest-edges, textbook). Prints the cost of the path found; every
    /// algorithm runs (the bidirectional ones need a single goal). --start and --goal name
    /// nodes.
    #[arg(long, value_name = "FILE|PRESET", conflicts_with = "map")]
    pub graph: Option<String>,
    /// With --map: 4 or 8 neighbours (default 8, the benchmarks' rule).
    #[arg(long, value_name = "4|8", requires = "map", value_parser = super::grid::parse_connectivity)]
    pub connectivity: Option<crate::domains::grid::Connectivity>,
    /// bfs, ucs, astar, greedy, weighted-astar, idastar (iterative deepening A*: memory for
    /// the current path only, for hard 15-puzzle boards), ids (iterative deepening), dfs
    /// (depth-first down to --depth-limit), hdfs (heuristic depth-first, children by h, down
    /// to --depth-limit), dfbnb (depth-first branch-and-bound down to --depth-limit), rbfs
    /// (recursive best-first), sma (SMA*, at most --memory nodes), bidirectional-bfs or
    /// bidirectional-ucs. A plain
    /// idastar solve runs a fast search of its own; with --trace, --tree or --table it runs in
    /// the stepping engine like the others, so every step is recorded. Default: astar, except
    /// for 4x4 boards when --heuristic is not given either: there the fastest optimal method,
    /// idastar with the pattern database (built once, in seconds, with progress on stderr).
    /// With --game, --random-tree or --tictactoe: minimax or alphabeta (the default).
    #[arg(long, short, value_parser = parse_algorithm)]
    pub algorithm: Option<AlgorithmArg>,
    /// zero, misplaced, manhattan, linear-conflict, or pdb (additive pattern database: on 4x4
    /// 7-8 once it is in the cache, else 6-6-3, unless --pdb-groups names another split; 4-4
    /// on 3x3; looked up on the board and
    /// its mirror image by idastar; any algorithm with the standard splits, only idastar with
    /// other --pdb-groups; built once and cached in ~/.cache/searchlab). Default: manhattan
    /// (pdb for 4x4 boards when no --algorithm is given). With --map: zero, manhattan,
    /// euclidean, octile or chebyshev; default octile. With --graph: table (the graph's h
    /// values, the default), straight-line or zero.
    #[arg(long = "heuristic", short = 'H', value_parser = parse_heuristic)]
    pub heuristic: Option<HeuristicArg>,
    /// The 4x4 pattern database's groups of tiles, tiles separated by commas and groups by
    /// slashes (at most 4 groups of at most 8 tiles), or a named split: 6-6-3
    /// (1,2,5,6,9,10/3,4,7,8,11,12/13,14,15) or 7-8 (1,...,8/9,...,15). 7-8 prunes the most
    /// (about 33 times fewer expansions than 6-6-3 on Korf's 100 boards) but takes about a
    /// minute and 1.6 GB of memory to build on two cores, and 576 MB on disk; once
    /// it is in the cache it is the default, else 6-6-3 is. Each split is cached in its own
    /// file; smaller groups build faster and prune less.
    #[arg(long, value_name = "GROUPS", value_parser = parse_groups)]
    pub pdb_groups: Option<Partition>,
    /// Boards (with --map, scenarios) solved at once, each on its own thread (answers stay in
    /// input order): 1 to the number of cores. Default: the number of cores.
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    /// w in f = g + w*h: 1 to 100, for weighted-astar only (default 2).
    #[arg(long, short, allow_negative_numbers = true)]
    pub weight: Option<f64>,
    /// Order among equal f: smaller-h, fifo or lifo.
    #[arg(long, default_value = "smaller-h", value_parser = parse_tie_break)]
    pub tie_break: TieBreak,
    /// When the goal test happens (generation: BFS only).
    #[arg(long, value_enum, default_value_t = GoalTestArg::Expansion)]
    pub goal_test: GoalTestArg,
    /// What a search does with a state it reaches again: graph (the default: one node per
    /// state, multiple-path pruning), tree (tree search: a new node every time) or path (tree
    /// search that drops a child already on its own path; also tree+cycle-check). dfs, ids and
    /// idastar remember only their path, so graph is path for them; the bidirectional
    /// searches are graph only. Tree and path run in the stepping engine, and --node-limit
    /// stops a tree search that would go round a cycle for ever.
    #[arg(long, value_name = "graph|tree|path", value_parser = parse_repeats)]
    pub repeats: Option<Repeats>,
    /// The deepest node dfs, hdfs and dfbnb expand: 0 to 1000000, for those only (default
    /// 30).
    #[arg(long, value_name = "D")]
    pub depth_limit: Option<u32>,
    /// The most nodes sma holds at once: 2 to 10000000, for sma only (default 1000). A path
    /// of d moves needs d + 1 nodes; below that sma gives up (exit status 1).
    #[arg(long, value_name = "N")]
    pub memory: Option<u32>,
    /// Stop a search that would store more nodes than this (exit status 3). The stepping
    /// engine (weighted A*, ids, dfs, the bidirectional searches, --trace, --repeats tree or
    /// path) holds about 330 bytes a node, so the default, 5000000, is about 1.6 GB; the lean
    /// solver behind the other best-first searches holds far less. The fast idastar stores only its path: it has no
    /// limit unless one is given, and then counts the nodes it generates.
    /// With a game tree: the most nodes the search holds (default 2000000, enough for minimax
    /// over all of tic-tac-toe); reaching it stops the search with a message (exit status 3).
    #[arg(long)]
    pub node_limit: Option<usize>,
    /// Print the solution board by board with the moves.
    #[arg(long, short)]
    pub path: bool,
    /// Print expanded, generated, max open, peak nodes held, re-expansions and time.
    #[arg(long, short)]
    pub stats: bool,
    /// text or json.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// Write each search's trace to this file as it runs: CSV if it ends in .csv, otherwise
    /// JSON for the Posthoc viewer. With several boards, the board on the n-th non-blank line
    /// (from 2) goes to FILE-n.ext; a device or pipe such as /dev/null gets them all.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<std::path::PathBuf>,
    /// Write the search tree of one board to FILE, as the window draws it: SVG (.svg), PNG
    /// (.png), Graphviz DOT (.dot, .gv) or TikZ (.tex), streamed to the file. A tree of more
    /// than 100000 nodes (5000 for PNG, which is drawn whole in memory) is refused in one
    /// line with exit status 2, before the file is written: cut it with --max-steps or
    /// --max-depth. A directory, pipe or socket at FILE is refused the same way.
    /// With a game tree: the tree as textbooks draw it (MAX triangles up, MIN down, α and β
    /// cuts marked), as SVG (.svg), PNG (.png) or standalone TikZ (.tex).
    #[arg(long, value_name = "FILE")]
    pub tree: Option<std::path::PathBuf>,
    /// Write the OPEN/CLOSED table of one board to FILE, one row per step, as the search runs:
    /// Markdown (.md), CSV (.csv) or LaTeX (.tex). Rows list OPEN and CLOSED whole while they
    /// hold at most 200 nodes together; from the first that holds more, a note in the file
    /// says so and each row gives only what its step changed, -{taken out} +{put in}.
    /// With a game tree: one row per node entered or returned from, with its value, α, β and
    /// the cut made there.
    #[arg(long, value_name = "FILE")]
    pub table: Option<std::path::PathBuf>,
    /// With --tree or --table: stop after this many steps (the first N expansions; exit status
    /// 0, the line says so). Default: no limit, the search runs until it is solved, has no
    /// solution (exit status 1) or reaches --node-limit (exit status 3).
    #[arg(long, value_name = "N")]
    pub max_steps: Option<usize>,
    /// With --tree: only the nodes at most this many moves deep (a bidirectional search's
    /// backward tree: this many moves from the goal).
    #[arg(long, value_name = "D")]
    pub max_depth: Option<u32>,
    /// Search a game tree with minimax or alpha-beta (--algorithm minimax|alphabeta, default
    /// alphabeta): nested lists with leaf values, `((3 12 8) (2 4 6) (14 5 2))`, optionally
    /// named, `A(B(3 12 8) C(2 4 6) D(14 5 2))`, or a preset (aima-5.2, alpha-and-beta,
    /// no-cuts). Prints the value, the best move, leaves evaluated, nodes visited, each α or β
    /// cut with the leaves it cut off, and the principal variation.
    #[arg(long, value_name = "TREE|PRESET", conflicts_with_all = ["map", "graph", "random_tree", "tictactoe"])]
    pub game: Option<String>,
    /// Search a random game tree: branching B, depth D, leaf values from LOW to HIGH (default
    /// 0 to 20), drawn from --seed.
    #[arg(long, value_name = "B,D[,LOW,HIGH]", conflicts_with_all = ["map", "graph", "tictactoe"])]
    pub random_tree: Option<String>,
    /// With --random-tree: the seed (default 1).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// With --game or --random-tree: who moves at the root, max or min (default max).
    #[arg(long, value_name = "max|min", value_parser = parse_root)]
    pub root: Option<Player>,
    /// With --game, --random-tree or --tictactoe: the order children are visited in: given
    /// (the default), best (by the static evaluation, best for the player to move first) or
    /// worst.
    #[arg(long, value_name = "given|best|worst", value_parser = parse_order)]
    pub order: Option<ChildOrder>,
    /// Search tic-tac-toe from this position: nine squares row by row, X, O or . (X moves when
    /// the counts are equal). Squares are numbered 1 to 9 in reading order.
    #[arg(long, value_name = "BOARD", conflicts_with_all = ["map", "graph"])]
    pub tictactoe: Option<String>,
    /// With --tictactoe: evaluate positions this many moves ahead statically, 1 to 9 (default:
    /// search to the end of the game).
    #[arg(long, value_name = "N", value_parser = parse_game_depth)]
    pub depth: Option<u32>,
    /// With --tictactoe: the static evaluation at --depth, open-lines (MAX's open lines −
    /// MIN's, the default) or weighted (3·X₂ + X₁ − (3·O₂ + O₁)).
    #[arg(long, value_name = "open-lines|weighted", value_parser = parse_eval)]
    pub eval: Option<TicTacToeEval>,
    /// With --tictactoe and --depth: iterative deepening, depth 1, 2, … up to --depth.
    #[arg(long)]
    pub iterative: bool,
}

fn parse_root(s: &str) -> Result<Player, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "max" => Ok(Player::Max),
        "min" => Ok(Player::Min),
        _ => Err(unknown("player", "走棋方", &["max", "min"])),
    }
}

fn parse_order(s: &str) -> Result<ChildOrder, String> {
    ChildOrder::parse(s).ok_or_else(|| {
        let names: Vec<&str> = ChildOrder::ALL.iter().map(|o| o.name()).collect();
        unknown("order", "次序", &names)
    })
}

fn parse_eval(s: &str) -> Result<TicTacToeEval, String> {
    TicTacToeEval::parse(s).ok_or_else(|| {
        let names: Vec<&str> = TicTacToeEval::ALL.iter().map(|e| e.name()).collect();
        unknown("evaluation", "估价函数", &names)
    })
}

fn parse_game_depth(s: &str) -> Result<u32, String> {
    super::whole_number(s, 1, 9).map(|n| n as u32)
}

/// Why a name was refused, in the language already chosen (parsing follows `--lang`).
fn unknown(what: &str, what_zh: &str, names: &[&str]) -> String {
    if i18n::zh() {
        format!("不认识的{what_zh}；可选 {}", names.join("、"))
    } else {
        format!("unknown {what}; use one of {}", names.join(", "))
    }
}

/// A heuristic of the engine, the additive pattern database (IDA* only), or a heuristic that
/// only grid maps have (Euclidean, octile, Chebyshev).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeuristicArg {
    Kind(HeuristicKind),
    PatternDatabase,
    Grid(GridHeuristic),
    /// A heuristic of route graphs (the h table, the straight-line distance).
    Graph(GraphHeuristic),
}

/// `--algorithm`: a state-space search, or a game-tree search (for `--game` and the like).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlgorithmArg {
    Search(Algorithm),
    Game(GameAlgorithm),
}

fn parse_algorithm(s: &str) -> Result<AlgorithmArg, String> {
    Algorithm::from_name(s)
        .map(AlgorithmArg::Search)
        .or_else(|| GameAlgorithm::parse(s).map(AlgorithmArg::Game))
        .ok_or_else(|| {
            let names: Vec<&str> = Algorithm::EVERY
                .iter()
                .map(|a| a.name())
                .chain(GameAlgorithm::ALL.iter().map(|a| a.name()))
                .collect();
            unknown("algorithm", "算法", &names)
        })
}

fn parse_heuristic(s: &str) -> Result<HeuristicArg, String> {
    if s.trim().eq_ignore_ascii_case("pdb") {
        return Ok(HeuristicArg::PatternDatabase);
    }
    HeuristicKind::from_name(s)
        .map(HeuristicArg::Kind)
        .or_else(|| GridHeuristic::from_name(s).map(HeuristicArg::Grid))
        .or_else(|| GraphHeuristic::from_name(s).map(HeuristicArg::Graph))
        .ok_or_else(|| {
            let mut names: Vec<&str> = HeuristicKind::ALL.iter().map(|h| h.name()).collect();
            names.push("pdb");
            let others = GridHeuristic::ALL.iter().map(|h| h.name());
            for name in others.chain(GraphHeuristic::ALL.iter().map(|h| h.name())) {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
            unknown("heuristic", "启发函数", &names)
        })
}

fn parse_groups(s: &str) -> Result<Partition, String> {
    match s.trim() {
        "6-6-3" => return Ok(Partition::fifteen_663()),
        "7-8" => return Ok(Partition::fifteen_78()),
        _ => {}
    }
    let bad = || {
        pick(
            "groups are 6-6-3, 7-8, or tiles 1 to 15 separated by commas, groups by slashes, e.g. 1,2,3/4,5,6: at most 4 groups of at most 8 tiles, no tile twice",
            "分组写法：6-6-3、7-8，或 1 到 15 的数码用逗号分隔，组之间用斜杠，例如 1,2,3/4,5,6：最多 4 组，每组最多 8 个数码，数码不重复",
        )
    };
    let mut groups = Vec::new();
    let mut seen = [false; 16];
    for group in s.split('/') {
        let mut tiles = Vec::new();
        for tile in group.split(',') {
            let tile: u8 = tile.trim().parse().map_err(|_| bad())?;
            if !(1..=15).contains(&tile) || seen[tile as usize] {
                return Err(bad());
            }
            seen[tile as usize] = true;
            tiles.push(tile);
        }
        if tiles.len() > 8 {
            return Err(bad());
        }
        groups.push(tiles);
    }
    if groups.len() > 4 {
        return Err(bad());
    }
    Ok(Partition { groups })
}

fn parse_jobs(s: &str) -> Result<usize, String> {
    super::whole_number(s, 1, cores() as u64).map(|n| n as usize)
}

fn parse_repeats(s: &str) -> Result<Repeats, String> {
    Repeats::from_name(s).ok_or_else(|| {
        let mut names: Vec<&str> = Repeats::ALL.iter().map(|r| r.name()).collect();
        names.push("tree+cycle-check");
        unknown("repeated-state setting", "重复状态设置", &names)
    })
}

fn parse_tie_break(s: &str) -> Result<TieBreak, String> {
    TieBreak::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = TieBreak::ALL.iter().map(|t| t.name()).collect();
        unknown("tie-break", "平局规则", &names)
    })
}

impl SolveOptions {
    /// The state-space algorithm asked for (`None` when none, or a game-tree one, was).
    pub fn search_algorithm(&self) -> Option<Algorithm> {
        match self.algorithm {
            Some(AlgorithmArg::Search(algorithm)) => Some(algorithm),
            _ => None,
        }
    }

    /// The heuristic for boards: the one asked for, else Manhattan distance.
    pub fn puzzle_heuristic(&self) -> HeuristicArg {
        self.heuristic
            .unwrap_or(HeuristicArg::Kind(HeuristicKind::Manhattan))
    }

    /// The node limit as given, else the engine's default.
    pub fn node_limit(&self) -> usize {
        self.node_limit
            .unwrap_or(crate::domains::puzzle::SearchConfig::default().node_limit)
    }

    /// The engine's settings. The pattern database is not one of the engine's heuristics: with
    /// it (fast IDA* only) the config carries Manhattan distance, which is never used.
    pub fn config(&self) -> SearchConfig {
        SearchConfig {
            algorithm: self.search_algorithm().unwrap_or(Algorithm::AStar),
            heuristic: match self.puzzle_heuristic() {
                HeuristicArg::Kind(kind) => kind,
                HeuristicArg::PatternDatabase | HeuristicArg::Grid(_) | HeuristicArg::Graph(_) => {
                    HeuristicKind::Manhattan
                }
            },
            weight: self.weight.unwrap_or(SearchConfig::default().weight),
            tie_break: self.tie_break,
            goal_test: match self.goal_test {
                GoalTestArg::Expansion => GoalTest::OnExpansion,
                GoalTestArg::Generation => GoalTest::OnGeneration,
            },
            repeats: self.repeats.unwrap_or_default(),
            node_limit: self.node_limit(),
            depth_limit: self.depth_limit.unwrap_or(DEFAULT_DEPTH_LIMIT),
            memory_limit: self.memory.unwrap_or(DEFAULT_MEMORY_LIMIT),
        }
    }

    /// An option given for boards that has no effect with the others (a heuristic for an
    /// algorithm that uses none, a weight for anything but weighted A*, ...): such an option is
    /// refused rather than ignored, since whoever typed it expected it to change something.
    pub fn inapplicable(&self) -> Option<Inapplicable> {
        let algorithm = self.search_algorithm().unwrap_or(Algorithm::AStar);
        let handout = self.tree.is_some() || self.table.is_some();
        if self.trace.is_some() && handout {
            Some(Inapplicable::TraceWithHandout)
        } else if self.max_steps.is_some() && !handout {
            Some(Inapplicable::MaxStepsWithoutHandout)
        } else if self.max_depth.is_some() && self.tree.is_none() {
            Some(Inapplicable::MaxDepthWithoutTree)
        } else if self.heuristic.is_some() && !algorithm.uses_heuristic() {
            Some(Inapplicable::Heuristic(algorithm))
        } else if self.weight.is_some() && algorithm != Algorithm::WeightedAStar {
            Some(Inapplicable::Weight)
        } else if self.depth_limit.is_some() && !algorithm.uses_depth_limit() {
            Some(Inapplicable::DepthLimit)
        } else if self.memory.is_some() && algorithm != Algorithm::SmaStar {
            Some(Inapplicable::Memory)
        } else if self.pdb_groups.is_some()
            && self
                .heuristic
                .is_some_and(|h| h != HeuristicArg::PatternDatabase)
        {
            Some(Inapplicable::GroupsWithoutDatabase)
        } else {
            None
        }
    }
}

/// An option that has no effect with the others given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inapplicable {
    TraceWithHandout,
    MaxStepsWithoutHandout,
    MaxDepthWithoutTree,
    Heuristic(Algorithm),
    Weight,
    DepthLimit,
    Memory,
    GroupsWithoutDatabase,
    /// `--pdb-groups` with a board that is not 4x4.
    GroupsOnSmallBoard,
}

impl Inapplicable {
    /// The one-line message, in the current language.
    pub fn message(self) -> String {
        match self {
            Inapplicable::TraceWithHandout => pick(
                "--trace does not go with --tree or --table: run solve once for each",
                "--trace 不能与 --tree 或 --table 同时使用：请分别运行 solve",
            ),
            Inapplicable::MaxStepsWithoutHandout => pick(
                "--max-steps cuts a --tree or --table export: give one of them, or drop --max-steps",
                "--max-steps 用于截断 --tree 或 --table 的导出：请给出其中之一，或去掉 --max-steps",
            ),
            Inapplicable::MaxDepthWithoutTree => pick(
                "--max-depth cuts a --tree export: give --tree, or drop --max-depth",
                "--max-depth 用于截断 --tree 的导出：请给出 --tree，或去掉 --max-depth",
            ),
            Inapplicable::Heuristic(algorithm) if i18n::zh() => format!(
                "{algorithm} 不用启发函数：请去掉 --heuristic，或选用 astar、greedy、weighted-astar、idastar、hdfs、dfbnb、rbfs 或 sma"
            ),
            Inapplicable::Heuristic(algorithm) => format!(
                "{algorithm} uses no heuristic: drop --heuristic, or use astar, greedy, weighted-astar, idastar, hdfs, dfbnb, rbfs or sma"
            ),
            Inapplicable::Weight => pick(
                "--weight is for --algorithm weighted-astar only",
                "--weight 只用于 --algorithm weighted-astar",
            ),
            Inapplicable::DepthLimit => pick(
                "--depth-limit is for --algorithm dfs, hdfs and dfbnb only",
                "--depth-limit 只用于 --algorithm dfs、hdfs 与 dfbnb",
            ),
            Inapplicable::Memory => pick(
                "--memory is for --algorithm sma only",
                "--memory 只用于 --algorithm sma",
            ),
            Inapplicable::GroupsWithoutDatabase => pick(
                "--pdb-groups splits the pattern database: it goes with --heuristic pdb (or no --heuristic)",
                "--pdb-groups 是模式数据库的分组：请与 --heuristic pdb 一起使用（或不给 --heuristic）",
            ),
            Inapplicable::GroupsOnSmallBoard => pick(
                "--pdb-groups splits the tiles of a 4x4 board; a 3x3 board uses the 4-4 database: drop --pdb-groups",
                "--pdb-groups 是 4x4 棋盘数码的分组；3x3 棋盘用 4-4 数据库：请去掉 --pdb-groups",
            ),
        }
    }
}

/// How a batch went, for the exit status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveSummary {
    pub solved: usize,
    /// Unsolvable boards.
    pub unsolved: usize,
    /// Searches stopped at the node limit: whether they have a solution is not known.
    pub stopped: usize,
    /// Lines that were not boards (or whose trace could not be written).
    pub malformed: usize,
}

impl SolveSummary {
    /// 0 all solved, 1 some had no solution, 3 some searches stopped at the node limit, 2 some
    /// input was bad (the first that applies, from the last).
    pub fn exit_code(&self) -> u8 {
        if self.malformed > 0 {
            2
        } else if self.stopped > 0 {
            3
        } else if self.unsolved > 0 {
            1
        } else {
            0
        }
    }
}

/// The goal as asked for, read once before any board: a preset becomes a board for each size.
#[derive(Clone, Copy, Debug)]
pub(super) enum GoalChoice {
    /// P1379's for 3x3, blank last for the other sizes.
    Usual,
    Preset(GoalPreset),
    Board(Board),
}

impl GoalChoice {
    pub(super) fn parse(text: Option<&str>) -> Result<GoalChoice, GoalError> {
        let Some(text) = text else {
            return Ok(GoalChoice::Usual);
        };
        match GoalPreset::from_name(text) {
            Some(preset) => Ok(GoalChoice::Preset(preset)),
            None => Ok(GoalChoice::Board(parse_goal_board(text)?)),
        }
    }

    /// The goal for a board of this side, or why there is none.
    pub(super) fn for_side(self, side: usize) -> Result<Board, String> {
        match self {
            GoalChoice::Usual => Ok(GoalPreset::default_for(side)
                .board(side)
                .expect("the usual preset exists for every side")),
            GoalChoice::Preset(preset) => preset.board(side).ok_or_else(|| {
                i18n::goal_error(&GoalError::PresetSize {
                    preset: preset.name(),
                    side,
                })
            }),
            GoalChoice::Board(goal) if goal.side() == side => Ok(goal),
            GoalChoice::Board(goal) => Err(i18n::problem_error(&ProblemError::SizeMismatch {
                start: side,
                goal: goal.side(),
            })),
        }
    }
}

/// Why `solve` refused to start.
#[derive(Debug)]
pub enum SetupError {
    Config(crate::search::ConfigError),
    Goal(GoalError),
    Trace(TraceError),
    /// Options that do not go together.
    Combination(Combination),
    /// An option that has no effect with the others.
    Inapplicable(Inapplicable),
}

/// Options that do not go together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Combination {
    /// `--pdb-groups` other than the standard split with an algorithm other than IDA*, or with
    /// `--trace`: only the fast IDA* builds a database for any split; the stepping algorithms
    /// use the standard one, by name.
    GroupsWithoutIdaStar,
    /// A heuristic of grid maps only, for boards.
    GridHeuristicForBoards,
    /// A heuristic of route graphs only, for boards.
    GraphHeuristicForBoards,
}

impl SetupError {
    /// The one-line message, in the current language.
    pub fn message(&self) -> String {
        match self {
            SetupError::Config(err) => i18n::config_error(err),
            SetupError::Goal(err) => i18n::goal_error(err),
            SetupError::Trace(err) => trace_error(err),
            SetupError::Inapplicable(inapplicable) => inapplicable.message(),
            SetupError::Combination(Combination::GroupsWithoutIdaStar) => pick(
                "--pdb-groups other than 6-6-3 run with --algorithm idastar only, without --trace",
                "6-6-3 以外的 --pdb-groups 只能与 --algorithm idastar 一起使用，且不能加 --trace",
            ),
            SetupError::Combination(Combination::GridHeuristicForBoards) => pick(
                "euclidean, octile and chebyshev are heuristics for grid maps: use them with --map",
                "euclidean、octile 和 chebyshev 是网格地图的启发函数：请与 --map 一起使用",
            ),
            SetupError::Combination(Combination::GraphHeuristicForBoards) => pick(
                "table and straight-line are heuristics for route graphs: use them with --graph",
                "table 和 straight-line 是路线图的启发函数：请与 --graph 一起使用",
            ),
        }
    }
}

pub(super) fn trace_error(err: &TraceError) -> String {
    if i18n::zh() {
        format!("无法把搜索轨迹写入 {}：{}", err.path.display(), err.error)
    } else {
        format!(
            "cannot write the trace to {}: {}",
            err.path.display(),
            err.error
        )
    }
}

/// The result of one line.
enum LineResult {
    Solved {
        board: Board,
        path: Vec<Board>,
        stats: Stats,
        millis: f64,
    },
    Unsolved {
        board: Board,
        reason: String,
    },
    /// Stopped at the node limit.
    Stopped {
        board: Board,
        stats: Stats,
        millis: f64,
    },
    Malformed(String),
}

/// Solves boards towards one goal with one config. Shared by the worker threads of a batch:
/// what is built once (the pattern databases) lives here, read-only once built; each worker
/// keeps its own search tables ([`Worker`]).
pub struct Solver {
    config: SearchConfig,
    /// The algorithm was named on the command line (else A*, or IDA* on 4x4).
    algorithm_given: bool,
    /// The heuristic as asked for, if it was.
    heuristic: Option<HeuristicArg>,
    /// Where traces go; a trace is written by one worker at a time, in input order.
    trace: Option<Mutex<TraceFiles>>,
    goal: GoalChoice,
    /// The 4x4 database's split, if one was named.
    groups: Option<Partition>,
    /// The fast IDA*'s limit on generated nodes, if one was given.
    ida_limit: u64,
    /// Pattern databases for 3x3 and 4x4 boards, built or read by the first board that needs
    /// one (the others wait for it).
    databases: [OnceLock<Result<Database, String>>; 2],
    /// Worker threads for a batch.
    workers: usize,
}

/// What one thread keeps between boards: per board size, the goal and a prepared lean solver
/// (absent for IDA*, weighted A* and the algorithms that are not best-first).
struct Worker<'a> {
    solver: &'a Solver,
    prepared: Vec<(usize, Board, Option<LeanSolver>)>,
}

/// The cores this process may use.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Solver {
    /// Checks the options that do not depend on a board, and opens the first trace file: a
    /// mistake there is reported once, before any board is read or searched.
    pub fn new(options: &SolveOptions) -> Result<Solver, SetupError> {
        if let Some(inapplicable) = options.inapplicable() {
            return Err(SetupError::Inapplicable(inapplicable));
        }
        if let Some(HeuristicArg::Grid(_)) = options.heuristic {
            return Err(SetupError::Combination(Combination::GridHeuristicForBoards));
        }
        if let Some(HeuristicArg::Graph(_)) = options.heuristic {
            return Err(SetupError::Combination(
                Combination::GraphHeuristicForBoards,
            ));
        }
        let config = options.config();
        config.validate().map_err(SetupError::Config)?;
        let goal = GoalChoice::parse(options.goal.as_deref()).map_err(SetupError::Goal)?;
        let trace = match &options.trace {
            Some(base) => Some(TraceFiles::open(base).map_err(SetupError::Trace)?),
            None => None,
        };
        let traced = options.trace.is_some();
        // The stepping algorithms (and IDA* when traced or a tree search, which step) find the
        // standard database by name; only the fast IDA* takes any split.
        let standard = options
            .pdb_groups
            .as_ref()
            .is_none_or(|groups| *groups == Partition::fifteen_663());
        let fast_ida = options.search_algorithm() == Some(Algorithm::IdaStar)
            && !traced
            && config.repeats == Repeats::Graph;
        if options.puzzle_heuristic() == HeuristicArg::PatternDatabase && !fast_ida && !standard {
            return Err(SetupError::Combination(Combination::GroupsWithoutIdaStar));
        }
        // Trace files are numbered in input order: one board at a time.
        let workers = if traced {
            1
        } else {
            options.jobs.unwrap_or(usize::MAX).min(cores()).max(1)
        };
        Ok(Solver {
            config,
            algorithm_given: options.search_algorithm().is_some(),
            heuristic: options.heuristic,
            trace: trace.map(Mutex::new),
            goal,
            groups: options.pdb_groups.clone(),
            ida_limit: options.node_limit.map_or(u64::MAX, |n| n as u64),
            databases: [OnceLock::new(), OnceLock::new()],
            workers,
        })
    }

    /// Solves a batch on this many threads instead of one per core (at least one).
    pub fn with_workers(mut self, workers: usize) -> Solver {
        self.workers = workers.max(1);
        self
    }

    /// IDA* on the puzzle's fast path, and with which heuristic, for boards of this side:
    /// when asked for (unless a trace wants the stepping engine's records, or tree search its
    /// handling of repeated states), and by default on 4x4 boards, where IDA* with the pattern
    /// database is the fastest optimal method here.
    fn ida_heuristic(&self, side: usize) -> Option<HeuristicArg> {
        let stepping = self.trace.is_some() || self.config.repeats != Repeats::Graph;
        match (self.algorithm_given, self.heuristic) {
            (true, _) if self.config.algorithm == Algorithm::IdaStar && !stepping => Some(
                self.heuristic
                    .unwrap_or(HeuristicArg::Kind(HeuristicKind::Manhattan)),
            ),
            (false, None) if side == 4 && !stepping => Some(HeuristicArg::PatternDatabase),
            _ => None,
        }
    }

    /// The pattern database of this goal's size ([`databases::for_solving`]): from the cache
    /// folder, or built now with progress on stderr (once). A second thread that needs it
    /// waits for the first one's build.
    fn database(&self, goal: Board) -> Result<&Database, String> {
        let side = goal.side();
        let slot = match side {
            3 => 0,
            4 => 1,
            _ => {
                return Err(pick(
                    "the pattern databases are for 3x3 and 4x4 boards",
                    "模式数据库只适用于 3x3 和 4x4 棋盘",
                ));
            }
        };
        self.databases[slot]
            .get_or_init(|| {
                let dir = cache_dir();
                if dir.is_none() {
                    NO_CACHE.call_once(|| {
                        super::to_stderr(&pick(
                            "searchlab: no cache folder (neither XDG_CACHE_HOME nor HOME is an absolute path): the pattern database is built in memory and not saved\n",
                            "searchlab：没有缓存文件夹（XDG_CACHE_HOME 和 HOME 都不是绝对路径）：模式数据库只在内存中构建，不保存\n",
                        ))
                    });
                }
                load_or_build(dir.as_deref(), goal, |progress| {
                    databases::for_solving(goal, self.groups.as_ref(), dir.as_deref(), progress)
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    fn worker(&self) -> Worker<'_> {
        Worker {
            solver: self,
            prepared: Vec::new(),
        }
    }
}

/// Said once a process: there is no cache folder to keep the databases in.
static NO_CACHE: std::sync::Once = std::sync::Once::new();

/// The database `for_solving` gives: read from the cache folder (`dir`) silently when it is
/// there, or built (and saved there), saying so on stderr with progress, and a cache file
/// that was there but could not be used in one line.
fn load_or_build(
    dir: Option<&std::path::Path>,
    goal: Board,
    for_solving: impl FnOnce(&mut dyn FnMut(&Partition, f64) -> bool) -> Result<Chosen, DatabaseError>,
) -> Result<Database, String> {
    let side = goal.side();
    let mut announced = false;
    let mut last = -1;
    let mut progress = |partition: &Partition, share: f64| {
        if !announced {
            announced = true;
            let split = partition.describe();
            // A group past the tables by key is the 7-8 split's size.
            let large = partition.groups.iter().any(|g| g.len() > MAX_KEYED);
            let (en, zh) = if large {
                (
                    "under a minute on two cores and 1.6 GB of memory for 7-8, 576 MB on disk",
                    "7-8 在双核上不到一分钟、1.6 GB 内存，磁盘上占 576 MB",
                )
            } else {
                ("a few seconds", "几秒钟")
            };
            let (then_en, then_zh) = match dir {
                Some(dir) => (
                    format!(", then saving it in {}", dir.display()),
                    format!("，然后保存到 {}", dir.display()),
                ),
                None => (String::new(), String::new()),
            };
            super::to_stderr(&if i18n::zh() {
                format!(
                    "searchlab：还没有 {side}x{side} 的模式数据库（分组 {split}），现在构建（只需一次，{zh}）{then_zh}\n"
                )
            } else {
                format!(
                    "searchlab: no {side}x{side} pattern database yet (groups {split}): building it now (once; {en}){then_en}\n"
                )
            });
        }
        let percent = (share * 100.0) as i32;
        if percent / 10 != last / 10 {
            super::to_stderr(&format!(
                "\r{} {percent} %",
                pick(
                    "searchlab: building the pattern database",
                    "searchlab：正在构建模式数据库"
                )
            ));
            last = percent;
        }
        true
    };
    let chosen = for_solving(&mut progress).map_err(|e| e.to_string())?;
    let built = match (&chosen.source, dir) {
        (Some(Source::Built { saved, .. }), Some(dir)) => {
            let path = dir.display();
            Some(match (saved, i18n::zh()) {
                (true, false) => format!("searchlab: pattern database built and saved in {path}"),
                (true, true) => format!("searchlab：模式数据库已构建并保存到 {path}"),
                (false, false) => {
                    format!("searchlab: pattern database built (could not save it in {path})")
                }
                (false, true) => format!("searchlab：模式数据库已构建（无法保存到 {path}）"),
            })
        }
        (_, None) if announced => Some(pick(
            "searchlab: pattern database built",
            "searchlab：模式数据库已构建",
        )),
        _ => None,
    };
    if let Some(line) = built {
        super::to_stderr(&format!("\r{line}\n"));
    }
    for file in &chosen.refused {
        super::to_stderr(&format!("{}\n", refused_text(file)));
    }
    Ok(chosen.database)
}

/// One line on a cache file that was there and not used.
fn refused_text(file: &Refused) -> String {
    let path = file.path.display();
    match (&file.why, file.removed, i18n::zh()) {
        (PdbError::NotAFile, _, false) => {
            format!("searchlab: {path} is not a regular file: not read as a pattern database")
        }
        (PdbError::NotAFile, _, true) => {
            format!("searchlab：{path} 不是普通文件，没有当作模式数据库读取")
        }
        (PdbError::Outdated(_), removed, false) => format!(
            "searchlab: the cached pattern database {path} is from an earlier searchlab: {}",
            if removed {
                "removed"
            } else {
                "it could not be removed"
            }
        ),
        (PdbError::Outdated(_), removed, true) => format!(
            "searchlab：缓存的模式数据库 {path} 来自较早的 searchlab 版本：{}",
            if removed { "已删除" } else { "无法删除" }
        ),
        (why, removed, false) => format!(
            "searchlab: the cached pattern database {path} is damaged ({}): {}",
            damage(why),
            if removed {
                "removed"
            } else {
                "it could not be removed"
            }
        ),
        (why, removed, true) => format!(
            "searchlab：缓存的模式数据库 {path} 已损坏（{}）：{}",
            damage(why),
            if removed { "已删除" } else { "无法删除" }
        ),
    }
}

/// What was wrong with a damaged file.
fn damage(why: &PdbError) -> String {
    match why {
        PdbError::Damaged(what) => what.clone(),
        other => other.to_string(),
    }
}

impl Worker<'_> {
    /// IDA* on the puzzle's fast path, with the counters the engine's output prints: each
    /// expansion is a step, and the deepest probe stands for max open (IDA*'s open list is
    /// its path).
    fn solve_ida(
        &self,
        board: Board,
        goal: Board,
        heuristic: HeuristicArg,
    ) -> Result<(Option<Vec<Board>>, Stats, bool), String> {
        let limit = self.solver.ida_limit;
        let outcome = match heuristic {
            HeuristicArg::Kind(kind) => {
                let h = Heuristic::new(kind, &goal);
                ida_star(board, goal, &|b: &Board| h.h(b), limit)
            }
            HeuristicArg::PatternDatabase => self
                .solver
                .database(goal)?
                .ida_star(board, goal, limit)
                .map_err(|e| e.to_string())?,
            // Refused by `Solver::new` already.
            HeuristicArg::Grid(_) => {
                return Err(SetupError::Combination(Combination::GridHeuristicForBoards).message());
            }
            HeuristicArg::Graph(_) => {
                return Err(
                    SetupError::Combination(Combination::GraphHeuristicForBoards).message(),
                );
            }
        };
        let count = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        let stats = Stats {
            steps: count(outcome.expanded),
            expanded: count(outcome.expanded),
            generated: count(outcome.generated),
            max_open: outcome.thresholds.last().copied().unwrap_or(0),
            nodes: outcome.path.as_ref().map_or(0, |p| p.len() as u32),
            ..Stats::default()
        };
        let limited = outcome.path.is_none();
        Ok((outcome.path, stats, limited))
    }

    /// The result of the line at `order` among the non-blank lines.
    fn solve(&mut self, order: usize, line: &Line) -> LineResult {
        match line {
            Line::Text(text) => self.solve_line(order, text),
            Line::TooLong { start } => LineResult::Malformed(if i18n::zh() {
                format!("这一行超过 {MAX_LINE} 字节（开头是 “{start}”），其后的输入不再读取")
            } else {
                format!(
                    "the line is longer than {MAX_LINE} bytes (it starts `{start}`); the input is not read past it"
                )
            }),
        }
    }

    fn solve_line(&mut self, order: usize, line: &str) -> LineResult {
        let solver = self.solver;
        let board = match parse_board(line) {
            Ok(board) => board,
            Err(err) => return LineResult::Malformed(i18n::parse_error(&err)),
        };
        let side = board.side();
        // With no heuristic named, a 3x3 board of a batch keeps A* with Manhattan distance
        // while the split serves its 4x4 boards; with pdb named it would get the 4-4 database.
        let pdb_named = solver.heuristic == Some(HeuristicArg::PatternDatabase);
        if solver.groups.is_some() && pdb_named && side != 4 {
            return LineResult::Malformed(Inapplicable::GroupsOnSmallBoard.message());
        }
        let ida = solver.ida_heuristic(side);
        // A stepping algorithm finds the pattern database by its name in the registry.
        let stepping_pdb = ida.is_none() && solver.heuristic == Some(HeuristicArg::PatternDatabase);
        if !self.prepared.iter().any(|(s, _, _)| *s == side) {
            let goal = match solver.goal.for_side(side) {
                Ok(goal) => goal,
                Err(message) => return LineResult::Malformed(message),
            };
            // IDA* runs on its own path and needs no lean solver.
            let lean = match ida {
                Some(_) => None,
                None if stepping_pdb => None,
                None => LeanSolver::new(goal, solver.config),
            };
            self.prepared.push((side, goal, lean));
        }
        let goal = self
            .prepared
            .iter()
            .find(|(s, _, _)| *s == side)
            .map(|(_, goal, _)| *goal)
            .expect("prepared above");
        let problem = match Problem::new(board, goal) {
            Ok(problem) => problem,
            Err(err) => {
                return LineResult::Unsolved {
                    board,
                    reason: i18n::problem_error(&err),
                };
            }
        };
        let started = Instant::now();
        if let Some(heuristic) = ida {
            return match self.solve_ida(board, goal, heuristic) {
                Ok((path, stats, limit)) => finished(
                    &solver.config,
                    board,
                    path,
                    stats,
                    limit,
                    started.elapsed().as_secs_f64() * 1000.0,
                ),
                Err(message) => LineResult::Malformed(message),
            };
        }
        let (_, _, lean) = self
            .prepared
            .iter_mut()
            .find(|(s, _, _)| *s == side)
            .expect("prepared above");
        let (path, stats, limit) = match (lean, &solver.trace) {
            // The lean solver keeps no per-step records, so a trace needs the stepping engine;
            // so does tree search (there is no lean solver for it).
            (Some(lean), None) => {
                let outcome = lean.solve(board);
                (outcome.path, outcome.stats, outcome.limit_reached)
            }
            (_, trace) => {
                let mut config = solver.config;
                if stepping_pdb {
                    // Loads or builds it (saying so on stderr) and registers it under its name;
                    // `Solver::new` refused other splits for the stepping algorithms.
                    config.heuristic = match solver.database(goal).map(Database::registered_kind) {
                        Ok(Some(kind)) => kind,
                        Ok(None) => {
                            return LineResult::Malformed(
                                SetupError::Combination(Combination::GroupsWithoutIdaStar)
                                    .message(),
                            );
                        }
                        Err(message) => return LineResult::Malformed(message),
                    };
                }
                let mut search = match try_new_search(problem, config) {
                    Ok(search) => search,
                    Err(err) => return LineResult::Malformed(i18n::config_error(&err)),
                };
                match trace {
                    Some(files) => {
                        let mut files = files.lock().unwrap_or_else(|e| e.into_inner());
                        if let Err(err) = files.run(order, search.as_mut()) {
                            return LineResult::Malformed(trace_error(&err));
                        }
                    }
                    None => {
                        search.run(usize::MAX);
                    }
                }
                let limit = search.status() == Status::LimitReached;
                (search.solution_states(), search.stats(), limit)
            }
        };
        let millis = started.elapsed().as_secs_f64() * 1000.0;
        finished(&solver.config, board, path, stats, limit, millis)
    }
}

/// A board's result from what its search returned.
fn finished(
    config: &SearchConfig,
    board: Board,
    path: Option<Vec<Board>>,
    stats: Stats,
    limit: bool,
    millis: f64,
) -> LineResult {
    match path {
        Some(path) => LineResult::Solved {
            board,
            path,
            stats,
            millis,
        },
        None if limit => LineResult::Stopped {
            board,
            stats,
            millis,
        },
        // The depth-limited searches have not shown that no path exists, only that none is
        // that short; SMA* only that none fits in its memory.
        None if config.algorithm == Algorithm::SmaStar => LineResult::Unsolved {
            board,
            reason: if i18n::zh() {
                format!(
                    "{} 个结点的内存放不下通往目标的路径（d 步的路径需要 d\u{a0}+\u{a0}1 个结点）",
                    config.memory_limit
                )
            } else {
                format!(
                    "no path to the goal fits in a memory of {} nodes (a path of d moves needs \
                     d + 1)",
                    config.memory_limit
                )
            },
        },
        None if config.algorithm.uses_depth_limit() => LineResult::Unsolved {
            board,
            reason: if i18n::zh() {
                format!("深度界限 {} 之内没有路径", config.depth_limit)
            } else {
                format!("no path within the depth limit of {}", config.depth_limit)
            },
        },
        None => LineResult::Unsolved {
            board,
            reason: pick("open list exhausted", "open 表已空"),
        },
    }
}

/// Why a search stopped at the node limit, and what to do about it.
pub(super) fn stopped_text(node_limit: usize, stats: &Stats) -> String {
    if i18n::zh() {
        format!(
            "扩展 {} 次后达到结点上限 {node_limit}；可用 --node-limit 调高上限",
            stats.expanded
        )
    } else {
        format!(
            "node limit of {node_limit} reached after {} expansions; raise it with --node-limit",
            stats.expanded
        )
    }
}

/// The counters in one line. The peak of nodes held and the re-expansions are left out where
/// the search did not count them (the fast IDA*, whose `max_held` is 0: every search that
/// counts holds the start).
pub(super) fn stats_text(stats: &Stats, millis: f64) -> String {
    let zh = i18n::zh();
    let memory = match (stats.max_held, zh) {
        (0, _) => String::new(),
        (held, true) => format!("，内存峰值 {held}，重复扩展 {}", stats.reexpanded),
        (held, false) => format!(", peak held {held}, re-expanded {}", stats.reexpanded),
    };
    if zh {
        format!(
            "扩展 {}，生成 {}，open 表峰值 {}{memory}，用时 {:.3} 毫秒",
            stats.expanded, stats.generated, stats.max_open, millis
        )
    } else {
        format!(
            "expanded {}, generated {}, max open {}{memory}, time {:.3} ms",
            stats.expanded, stats.generated, stats.max_open, millis
        )
    }
}

pub(super) fn stats_json(stats: &Stats, millis: f64) -> serde_json::Value {
    json!({
        "steps": stats.steps,
        "expanded": stats.expanded,
        "generated": stats.generated,
        "duplicates": stats.duplicates,
        "improved": stats.improved,
        "reopened": stats.reopened,
        "repeated": stats.repeated,
        "max_open": stats.max_open,
        "nodes": stats.nodes,
        "peak_held": (stats.max_held > 0).then_some(stats.max_held),
        "reexpanded": (stats.max_held > 0).then_some(stats.reexpanded),
        "time_ms": millis,
    })
}

/// The solution drawn board by board with the move that led to each.
fn path_text(path: &[Board]) -> String {
    let mut out = String::new();
    for (i, board) in path.iter().enumerate() {
        if i == 0 {
            let _ = writeln!(out, "{}", if i18n::zh() { "初始状态" } else { "start" });
        } else {
            let m = path[i - 1]
                .move_to(board)
                .expect("consecutive boards are one move apart");
            let _ = if i18n::zh() {
                writeln!(
                    out,
                    "第 {i} 步：数码 {} {}（空格{}）",
                    m.tile,
                    i18n::dir(m.tile_dir()),
                    i18n::dir(m.dir)
                )
            } else {
                writeln!(
                    out,
                    "move {i}: tile {} {} (blank {})",
                    m.tile,
                    m.tile_dir().name(),
                    m.dir.name()
                )
            };
        }
        out.push_str(&board.grid());
    }
    out
}

fn render(result: &LineResult, options: &SolveOptions) -> String {
    match options.format {
        OutputFormat::Text => match result {
            LineResult::Solved {
                path,
                stats,
                millis,
                ..
            } => {
                let mut out = (path.len() - 1).to_string();
                if options.stats {
                    let _ = write!(out, "\t{}", stats_text(stats, *millis));
                }
                out.push('\n');
                if options.path {
                    out.push_str(&path_text(path));
                }
                out
            }
            LineResult::Unsolved { reason, .. } => format!("no solution: {reason}\n"),
            LineResult::Stopped { stats, .. } => {
                format!("stopped: {}\n", stopped_text(options.node_limit(), stats))
            }
            LineResult::Malformed(message) => format!("error: {message}\n"),
        },
        OutputFormat::Json => {
            let value = match result {
                LineResult::Solved {
                    board,
                    path,
                    stats,
                    millis,
                } => {
                    let mut value = json!({
                        "board": board.to_string(),
                        "moves": path.len() - 1,
                        "stats": stats_json(stats, *millis),
                    });
                    if options.path {
                        let boards: Vec<String> = path.iter().map(|b| b.to_string()).collect();
                        let moves: Vec<String> = path
                            .windows(2)
                            .map(|w| w[0].move_to(&w[1]).expect("one move apart").to_string())
                            .collect();
                        value["path"] = json!(boards);
                        value["moves_made"] = json!(moves);
                    }
                    value
                }
                LineResult::Unsolved { board, reason } => json!({
                    "board": board.to_string(),
                    "no_solution": reason,
                }),
                LineResult::Stopped {
                    board,
                    stats,
                    millis,
                } => json!({
                    "board": board.to_string(),
                    "stopped": stopped_text(options.node_limit(), stats),
                    "node_limit": options.node_limit(),
                    "stats": stats_json(stats, *millis),
                }),
                LineResult::Malformed(message) => json!({ "error": message }),
            };
            format!("{value}\n")
        }
    }
}

/// A line to solve: its place among the non-blank lines (which orders the answers and numbers
/// the trace files), its line number from 0, and the line.
type Numbered = (usize, usize, Line);

/// The lines waiting for a worker, at most: reading waits rather than holding a whole file.
const QUEUE_LINES: usize = 1024;
/// The most lines a worker takes at once.
const MOST_TAKEN: usize = 64;
/// How much work a worker takes at once, judged by how long its lines have taken so far: enough
/// that handing lines over costs little beside them, little enough that a batch of hard boards
/// does not leave the other workers idle and that answers are not held back long.
const TAKE_WORK: Duration = Duration::from_millis(5);

/// The lines read and not yet taken, shared by the reading thread and the workers. A thread
/// is woken only when another waits: most hand-overs cost no system call.
struct Queue {
    state: Mutex<QueueState>,
    /// Workers wait here for lines.
    filled: Condvar,
    /// The reader waits here for room.
    emptied: Condvar,
}

#[derive(Default)]
struct QueueState {
    lines: VecDeque<Numbered>,
    /// No more lines will come: the input ended, or the answers can no longer be written.
    closed: bool,
    /// Workers waiting for lines and not yet woken.
    idle: usize,
    reader_waiting: bool,
}

impl Queue {
    fn new() -> Queue {
        Queue {
            state: Mutex::new(QueueState::default()),
            filled: Condvar::new(),
            emptied: Condvar::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds a line, waiting while the queue is full; false once it is closed.
    fn push(&self, line: Numbered) -> bool {
        let mut state = self.lock();
        while state.lines.len() >= QUEUE_LINES && !state.closed {
            state.reader_waiting = true;
            state = self.emptied.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        state.reader_waiting = false;
        if state.closed {
            return false;
        }
        state.lines.push_back(line);
        if state.idle > 0 {
            state.idle -= 1;
            self.filled.notify_one();
        }
        true
    }

    /// Takes up to `most` lines, waiting for the first; `None` once closed and empty.
    fn take(&self, most: usize) -> Option<Vec<Numbered>> {
        let mut state = self.lock();
        loop {
            if !state.lines.is_empty() {
                let taken = most.min(state.lines.len());
                let lines: Vec<Numbered> = state.lines.drain(..taken).collect();
                if state.reader_waiting && state.lines.len() <= QUEUE_LINES / 2 {
                    state.reader_waiting = false;
                    self.emptied.notify_one();
                }
                return Some(lines);
            }
            if state.closed {
                return None;
            }
            state.idle += 1;
            state = self.filled.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// No more lines: wakes everyone waiting.
    fn close(&self) {
        self.lock().closed = true;
        self.filled.notify_all();
        self.emptied.notify_all();
    }
}

/// How a batch ended: the tally of the lines answered, and the read or write error that
/// stopped it early, if one did.
pub struct SolveEnd {
    pub summary: SolveSummary,
    pub error: Option<std::io::Error>,
}

/// Solves each line (blank lines skipped), writing one result per line to `out` in input
/// order, each as soon as it and every line before it are known, and each bad line's message,
/// with its line number, to `err`. The boards are independent: the solver's worker threads
/// take them from a queue this thread fills, each taking several at once when they are
/// quick, and a writer thread prints them; answers are written through a buffer flushed
/// whenever no further answer is ready. With one worker, all of it happens on this thread.
pub fn solve_lines(
    solver: &Solver,
    lines: &mut dyn LineSource,
    options: &SolveOptions,
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
) -> SolveEnd {
    if solver.workers == 1 {
        return solve_here(solver, lines, options, out, err);
    }
    // The language is kept per thread: the workers and the writer speak the caller's.
    let language = i18n::language();
    let queue = Queue::new();
    std::thread::scope(|scope| {
        let (answers, inbox) = mpsc::channel::<Answered>();
        for _ in 0..solver.workers {
            let (queue, answers) = (&queue, answers.clone());
            scope.spawn(move || {
                i18n::set_language(language);
                let mut worker = solver.worker();
                let mut most = 1;
                while let Some(lines) = queue.take(most) {
                    let started = Instant::now();
                    let count = lines.len();
                    // Rendered here, so that a search's own allocations (its path) are freed
                    // by the thread that made them, and the writer gets one text a run.
                    let mut answered = Answered {
                        first: lines[0].0,
                        lines: Vec::with_capacity(count),
                        text: String::new(),
                    };
                    for (order, number, line) in lines {
                        let result = worker.solve(order, &line);
                        answered.text.push_str(&render(&result, options));
                        answered
                            .lines
                            .push((number, Verdict::of(result), answered.text.len()));
                    }
                    // The writer stopped (a closed pipe): so does this worker, and reading.
                    if answers.send(answered).is_err() {
                        queue.close();
                        break;
                    }
                    let each = started.elapsed().as_nanos() / count as u128;
                    most =
                        (TAKE_WORK.as_nanos() / each.max(1)).clamp(1, MOST_TAKEN as u128) as usize;
                }
            });
        }
        drop(answers);
        let writer = scope.spawn(move || {
            i18n::set_language(language);
            let mut writer = Answers::new(options, out, err);
            let mut waiting = BTreeMap::new();
            let written = (|| {
                while let Ok(answered) = inbox.recv() {
                    waiting.insert(answered.first, answered);
                    while let Ok(answered) = inbox.try_recv() {
                        waiting.insert(answered.first, answered);
                    }
                    while let Some(answered) = waiting.remove(&writer.next) {
                        let mut start = 0;
                        for (number, verdict, end) in answered.lines {
                            writer.add_rendered(number, &verdict, &answered.text[start..end])?;
                            start = end;
                        }
                    }
                    writer.flush()?;
                }
                Ok(())
            })();
            (writer.summary, written)
        });
        let mut read = Ok(());
        let mut order = 0;
        let mut number = 0;
        while let Some(line) = lines.next_line() {
            match line {
                Ok(line) if line.is_blank() => {}
                Ok(line) => {
                    if !queue.push((order, number, line)) {
                        break;
                    }
                    order += 1;
                }
                Err(error) => {
                    read = Err(error);
                    break;
                }
            }
            number += 1;
        }
        queue.close();
        let (summary, written) = writer
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        SolveEnd {
            summary,
            error: written.and(read).err(),
        }
    })
}

/// [`solve_lines`] on the calling thread: each answer is buffered, and the buffer written out
/// before reading would wait for more input.
fn solve_here(
    solver: &Solver,
    lines: &mut dyn LineSource,
    options: &SolveOptions,
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
) -> SolveEnd {
    let mut worker = solver.worker();
    let mut writer = Answers::new(options, out, err);
    let mut number = 0;
    let written = (|| {
        while let Some(line) = lines.next_line() {
            let line = line?;
            if !line.is_blank() {
                let result = worker.solve(writer.next, &line);
                writer.add(number, result)?;
            }
            number += 1;
            if !lines.ready() {
                writer.flush()?;
            }
        }
        writer.flush()
    })();
    SolveEnd {
        summary: writer.summary,
        error: written.err(),
    }
}

/// What became of a line, for the tally and for stderr.
enum Verdict {
    Solved,
    Unsolved,
    Stopped,
    Malformed(String),
}

impl Verdict {
    fn of(result: LineResult) -> Verdict {
        match result {
            LineResult::Solved { .. } => Verdict::Solved,
            LineResult::Unsolved { .. } => Verdict::Unsolved,
            LineResult::Stopped { .. } => Verdict::Stopped,
            LineResult::Malformed(message) => Verdict::Malformed(message),
        }
    }
}

/// The answers to a run of consecutive lines, rendered by the worker that solved them.
struct Answered {
    /// The place of the first line among the non-blank lines.
    first: usize,
    /// Each line's number, what became of it, and where its answer ends in `text`.
    lines: Vec<(usize, Verdict, usize)>,
    text: String,
}

/// Answers on their way out: counted, rendered into a buffer, and written when flushed.
struct Answers<'a> {
    options: &'a SolveOptions,
    out: &'a mut (dyn Write + Send),
    err: &'a mut (dyn Write + Send),
    buffer: Vec<u8>,
    summary: SolveSummary,
    /// The place of the next answer among the non-blank lines.
    next: usize,
}

impl<'a> Answers<'a> {
    /// Past this many bytes the buffer is written out even if more answers are ready.
    const FULL: usize = 1 << 16;

    fn new(
        options: &'a SolveOptions,
        out: &'a mut (dyn Write + Send),
        err: &'a mut (dyn Write + Send),
    ) -> Answers<'a> {
        Answers {
            options,
            out,
            err,
            buffer: Vec::new(),
            summary: SolveSummary::default(),
            next: 0,
        }
    }

    /// The next answer in order, from input line `number` (from 0).
    fn add(&mut self, number: usize, result: LineResult) -> std::io::Result<()> {
        let text = render(&result, self.options);
        self.add_rendered(number, &Verdict::of(result), &text)
    }

    /// The next answer in order, already rendered. A bad line's message goes to `err` after
    /// the answers before it; a message that cannot be written is dropped, so that the answers
    /// still go out.
    fn add_rendered(
        &mut self,
        number: usize,
        verdict: &Verdict,
        text: &str,
    ) -> std::io::Result<()> {
        self.next += 1;
        match verdict {
            Verdict::Solved => self.summary.solved += 1,
            Verdict::Unsolved => self.summary.unsolved += 1,
            Verdict::Stopped => self.summary.stopped += 1,
            Verdict::Malformed(message) => {
                self.summary.malformed += 1;
                self.flush()?;
                let line = number + 1;
                let _ = if i18n::zh() {
                    writeln!(self.err, "searchlab: 第 {line} 行：{message}")
                } else {
                    writeln!(self.err, "searchlab: line {line}: {message}")
                };
            }
        }
        self.buffer.extend_from_slice(text.as_bytes());
        if self.buffer.len() >= Self::FULL {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.buffer.is_empty() {
            self.out.write_all(&self.buffer)?;
            self.buffer.clear();
        }
        self.out.flush()
    }
}

/// `searchlab solve`.
pub fn main(options: &SolveOptions) -> ExitCode {
    if super::game::asked(options) {
        return super::game::main(options);
    }
    if let Some(message) = super::game::stray(options) {
        super::report(&message);
        return ExitCode::from(2);
    }
    if let Some(map) = &options.map {
        return super::grid::main(options, map);
    }
    if let Some(graph) = &options.graph {
        return super::graph::main(options, graph);
    }
    if options.start.is_some() {
        super::report(&pick(
            "--start goes with --map or --graph: a board is its own start",
            "--start 要与 --map 或 --graph 一起使用：棋盘本身就是起点",
        ));
        return ExitCode::from(2);
    }
    if options.tree.is_some() || options.table.is_some() {
        if let Some(inapplicable) = options.inapplicable() {
            super::report(&inapplicable.message());
            return ExitCode::from(2);
        }
        return super::handout::main(options);
    }
    let solver = match Solver::new(options) {
        Ok(solver) => solver,
        Err(err) => {
            super::report(&err.message());
            return ExitCode::from(2);
        }
    };
    let mut stdout = std::io::stdout();
    let mut stderr = std::io::stderr();
    let end = if options.boards.is_empty() {
        // Bytes, not `lines()`: a line that is not UTF-8 is a malformed board, not the end.
        let mut lines = ReadLines::new(std::io::stdin().lock());
        solve_lines(&solver, &mut lines, options, &mut stdout, &mut stderr)
    } else {
        let mut lines = GivenLines(options.boards.iter().cloned());
        solve_lines(&solver, &mut lines, options, &mut stdout, &mut stderr)
    };
    match end.error {
        None => ExitCode::from(end.summary.exit_code()),
        // A closed pipe (e.g. `| head`) is not an error worth a message: the status tells what
        // was known of the lines answered before it closed.
        Some(err) if err.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::from(end.summary.exit_code())
        }
        Some(err) => {
            super::report(&err.to_string());
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        options: SolveOptions,
    }

    fn run(args: &[&str], input: &str) -> (String, String, SolveSummary) {
        let options = Wrapper::try_parse_from(std::iter::once("solve").chain(args.iter().copied()))
            .unwrap()
            .options;
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut lines = GivenLines(input.lines().map(str::to_string));
        let solver = Solver::new(&options).unwrap();
        let end = solve_lines(&solver, &mut lines, &options, &mut out, &mut err);
        assert!(end.error.is_none());
        let summary = end.summary;
        (
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
            summary,
        )
    }

    fn options(args: &[&str]) -> SolveOptions {
        Wrapper::try_parse_from(std::iter::once("solve").chain(args.iter().copied()))
            .unwrap()
            .options
    }

    #[test]
    fn answers_come_in_input_order_whatever_finishes_first() {
        // A 44-move 4x4 board takes A* a while; the 3x3 boards after it take microseconds, so
        // the other threads answer them long before it.
        let mut input = String::from("16C34287E95AB0DF\n");
        let mut rng = crate::domains::puzzle::Rng::new(8);
        let goal: Board = "123804765".parse().unwrap();
        for i in 0..40 {
            let board = crate::domains::puzzle::scramble(&goal, i % 12, &mut rng);
            input.push_str(&format!("{board}\n"));
            if i == 20 {
                input.push_str("not a board\n");
            }
        }
        let batch = |workers: usize| {
            let options = options(&["-H", "linear-conflict", "--stats"]);
            let solver = Solver::new(&options).unwrap().with_workers(workers);
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let mut lines = GivenLines(input.lines().map(str::to_string));
            let end = solve_lines(&solver, &mut lines, &options, &mut out, &mut err);
            assert!(end.error.is_none());
            let summary = end.summary;
            // The times differ from run to run; the moves and node counts do not.
            let answers: Vec<String> = String::from_utf8(out)
                .unwrap()
                .lines()
                .map(|l| l.split(", time").next().unwrap().to_string())
                .collect();
            (answers, String::from_utf8(err).unwrap(), summary)
        };
        let (one, one_err, one_summary) = batch(1);
        assert_eq!(one.len(), 42);
        assert!(one[0].starts_with("44\t"), "{}", one[0]);
        assert!(one[22].starts_with("error: "), "{}", one[22]);
        assert_eq!(one_err.lines().count(), 1);
        assert!(one_err.starts_with("searchlab: line 23: "), "{one_err}");
        for workers in [2, 3] {
            let (many, many_err, summary) = batch(workers);
            assert_eq!(many, one, "{workers} threads");
            assert_eq!(many_err, one_err);
            assert_eq!(summary, one_summary);
        }
    }

    #[test]
    fn a_4x4_board_with_no_algorithm_or_heuristic_named_gets_ida_star_with_the_database() {
        let method = |args: &[&str], side| Solver::new(&options(args)).unwrap().ida_heuristic(side);
        assert_eq!(method(&[], 4), Some(HeuristicArg::PatternDatabase));
        // 3x3 boards keep A* (P1379's answers come from the lean solver).
        assert_eq!(method(&[], 3), None);
        // Anything named is kept.
        assert_eq!(method(&["-a", "astar"], 4), None);
        assert_eq!(method(&["-H", "manhattan"], 4), None);
        assert_eq!(
            method(&["-a", "idastar"], 4),
            Some(HeuristicArg::Kind(HeuristicKind::Manhattan))
        );
        assert_eq!(
            method(&["-a", "idastar", "-H", "pdb"], 3),
            Some(HeuristicArg::PatternDatabase)
        );
        // A trace needs the stepping engine's records.
        assert_eq!(method(&["--trace", "/dev/null"], 4), None);
        // Other splits of the 4x4 database, checked when the options are read.
        let groups = options(&["--pdb-groups", "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15"]);
        assert_eq!(groups.pdb_groups.unwrap().groups.len(), 4);
        // Named splits, and groups of up to eight tiles.
        let named = |s: &str| options(&["--pdb-groups", s]).pdb_groups.unwrap();
        assert_eq!(named("7-8"), Partition::fifteen_78());
        assert_eq!(named("6-6-3"), Partition::fifteen_663());
        assert_eq!(named("1,2,3,4,5,6,7/8").groups[0].len(), 7);
        for bad in [
            "1,2/2,3",
            "0,1",
            "1,2,3,4,5,6,7,8,9",
            "1/2/3/4/5",
            "1,,2",
            "16",
            "7-9",
        ] {
            assert!(
                Wrapper::try_parse_from(["solve", "--pdb-groups", bad]).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn p1379_sample() {
        let (out, err, summary) = run(&[], "283104765\n");
        assert_eq!(out, "4\n");
        assert_eq!(err, "");
        assert_eq!(summary.exit_code(), 0);
    }

    #[test]
    fn every_algorithm_answers_the_sample() {
        for algorithm in Algorithm::EVERY {
            // DFS finds some path within its limit: with the limit at the distance, a shortest.
            let mut args = vec!["--algorithm", algorithm.name()];
            if algorithm == Algorithm::DepthFirst {
                args.extend(["--depth-limit", "4"]);
            }
            let (out, _, _) = run(&args, "283104765");
            assert_eq!(out, "4\n", "{algorithm}");
        }
        let (out, _, _) = run(&["--algorithm", "dfs"], "283104765");
        let moves: usize = out.trim().parse().unwrap();
        assert!(
            (4..=30).contains(&moves) && moves.is_multiple_of(2),
            "{out}"
        );
    }

    #[test]
    fn one_line_out_per_line_in_with_reasons() {
        let input = "283104765\n\n213804765\n28310476\n2 8 3 1 0 4 7 6 5\n";
        let (out, err, summary) = run(&[], input);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], "4");
        assert_eq!(
            lines[1],
            "no solution: unsolvable: the board has 8 inversions (even) but the goal has \
             7 inversions (odd); no move changes this parity"
        );
        assert_eq!(
            lines[2],
            "error: 8 tiles given; a board needs 4 (2x2) or 9 (3x3) or 16 (4x4)"
        );
        assert_eq!(lines[3], "4");
        assert!(err.starts_with("searchlab: line 4: 8 tiles given"), "{err}");
        assert_eq!(
            summary,
            SolveSummary {
                solved: 2,
                unsolved: 1,
                stopped: 0,
                malformed: 1
            }
        );
        assert_eq!(summary.exit_code(), 2);
    }

    #[test]
    fn path_and_stats() {
        let (out, _, _) = run(&["--path", "--stats"], "283104765");
        let mut lines = out.lines();
        let first = lines.next().unwrap();
        assert!(first.starts_with("4\texpanded 4, generated "), "{first}");
        let rest: Vec<&str> = lines.collect();
        assert_eq!(rest[0], "start");
        assert_eq!(&rest[1..4], &["2 8 3", "1 · 4", "7 6 5"]);
        assert_eq!(rest[4], "move 1: tile 8 down (blank up)");
        assert_eq!(rest.last(), Some(&"7 6 5"));
        assert_eq!(rest.len(), 5 * 4);
    }

    #[test]
    fn json_lines() {
        let (out, _, _) = run(&["--format", "json", "--path"], "283104765\nxyz");
        let lines: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines[0]["moves"], 4);
        assert_eq!(lines[0]["path"][0], "283104765");
        assert_eq!(lines[0]["path"][4], "123804765");
        assert_eq!(lines[0]["moves_made"][0], "8↓");
        assert!(lines[1]["error"].as_str().unwrap().contains("'x'"));
    }

    #[test]
    fn goals_and_4x4() {
        let (out, _, _) = run(&["--goal", "blank-last"], "123456708");
        assert_eq!(out, "1\n");
        let (out, _, _) = run(&["-a", "astar"], "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15");
        assert_eq!(out, "1\n");
        let (out, _, summary) = run(&["--goal", "p1379"], "123456789ABCDE0F");
        assert_eq!(
            out,
            "error: goal preset p1379 exists only for 3x3 boards, not 4x4\n"
        );
        assert_eq!(summary.exit_code(), 2);
    }

    #[test]
    fn traces_go_to_numbered_files() {
        let dir = std::env::temp_dir().join(format!("searchlab-trace-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let base = dir.join("run.csv");
        let (out, _, _) = run(&["--trace", base.to_str().unwrap()], "283104765\n123084765");
        assert_eq!(out, "4\n1\n");
        let first = std::fs::read_to_string(&base).unwrap();
        assert!(
            first.starts_with("step,event,node,parent,g,h,f,state\n0,source,0,,0,4,4,283104765")
        );
        let second = std::fs::read_to_string(dir.join("run-2.csv")).unwrap();
        assert!(second.contains(",goal,"));
        let json = dir.join("run.json");
        run(&["--trace", json.to_str().unwrap()], "283104765");
        let value: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        assert_eq!(value["events"][0]["type"], "source");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn node_limit_is_reported() {
        let (out, _, summary) = run(&["--algorithm", "bfs", "--node-limit", "100"], "567408321");
        assert!(
            out.starts_with("stopped: node limit of 100 reached after "),
            "{out}"
        );
        assert!(out.ends_with("; raise it with --node-limit\n"), "{out}");
        assert_eq!(summary.exit_code(), 3);
    }
}
