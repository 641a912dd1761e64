//! The engine's words in English or Chinese, for the window and the command line. The engine
//! speaks English; here each of its names and messages has its Chinese, matched on the engine's
//! own types so a new variant cannot be forgotten. The Chinese uses the textbook terms: open 表,
//! closed 表, 估价函数 f, 启发函数 h, 曼哈顿距离, 广度优先搜索.
//!
//! The language is per thread: the window sets it each frame from its settings, the command
//! line once from `--lang` or the environment, and tests side by side never see each other's.

use std::cell::Cell;

mod game;
#[cfg(test)]
pub(crate) mod typeset;

pub use game::*;

use serde::{Deserialize, Serialize};

use crate::domains::graph::{
    FileProblem, Graph, GraphEditError, GraphFileError, GraphHeuristic, GraphIssue, NumberError,
    Words,
};
use crate::domains::grid::GridHeuristic;
use crate::domains::puzzle::{
    Dir, ExperimentError, GoalError, HeuristicKind, Parity, ParseError, ProblemError, Violation,
};
use crate::search::{
    Algorithm, ConfigError, GoalTest, HeuristicChoice, Outcome, Repeats, SearchConfig, TieBreak,
};

/// The languages searchlab speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    Chinese,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::English, Language::Chinese];

    /// The language's own name, as its readers look for it in a menu.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Chinese => "简体中文",
        }
    }

    /// `en`/`english` or `zh`/`chinese`/`zh-CN`..., any case.
    pub fn parse(text: &str) -> Option<Language> {
        let text = text.trim().to_ascii_lowercase();
        if text.starts_with("zh") || text == "chinese" || text == "cn" {
            Some(Language::Chinese)
        } else if text.starts_with("en") || text == "c" || text == "posix" {
            Some(Language::English)
        } else {
            None
        }
    }

    /// The language asked for by `SEARCHLAB_LANG`, else the locale (`LC_ALL`, `LC_MESSAGES`,
    /// `LANG`, the first one set): Chinese for `zh_CN.UTF-8` and the like, else English. A
    /// `SEARCHLAB_LANG` that names no language means English ([`Language::unknown_in_env`]
    /// returns it, for a warning).
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Language {
        if let Some(asked) = var("SEARCHLAB_LANG").filter(|v| !v.trim().is_empty()) {
            return Language::parse(&asked).unwrap_or_default();
        }
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .find_map(|name| var(name).filter(|v| !v.is_empty()))
            .and_then(|v| Language::parse(&v))
            .unwrap_or_default()
    }
}

impl Language {
    /// `SEARCHLAB_LANG`'s value if it is set but names no language searchlab speaks.
    pub fn unknown_in_env(var: impl Fn(&str) -> Option<String>) -> Option<String> {
        var("SEARCHLAB_LANG").filter(|v| !v.trim().is_empty() && Language::parse(v).is_none())
    }
}

/// The one-line warning for a `SEARCHLAB_LANG` that names no language, in English (the language
/// that follows).
pub fn unknown_language_warning(value: &str) -> String {
    let shown: String = value
        .chars()
        .take(24)
        .flat_map(char::escape_debug)
        .collect();
    format!(
        "SEARCHLAB_LANG={shown} is not a language searchlab knows (en or zh); going on in English"
    )
}

thread_local! {
    static LANGUAGE: Cell<Language> = const { Cell::new(Language::English) };
}

/// Sets the language of this thread's strings.
pub fn set_language(language: Language) {
    LANGUAGE.with(|l| l.set(language));
}

/// The language of this thread's strings.
pub fn language() -> Language {
    LANGUAGE.with(Cell::get)
}

pub(crate) fn zh() -> bool {
    language() == Language::Chinese
}

/// The English or the Chinese of a phrase used in one place only, as the language is set.
pub(crate) fn pick(english: &str, chinese: &str) -> String {
    if zh() { chinese } else { english }.to_owned()
}

pub fn algorithm(algorithm: Algorithm) -> &'static str {
    if !zh() {
        return algorithm.title();
    }
    match algorithm {
        Algorithm::BreadthFirst => "广度优先搜索",
        Algorithm::UniformCost => "一致代价搜索",
        Algorithm::AStar => "A* 搜索",
        Algorithm::Greedy => "贪婪最佳优先搜索",
        Algorithm::WeightedAStar => "加权 A* 搜索",
        Algorithm::IdaStar => "IDA* 搜索（迭代加深 A*）",
        Algorithm::IterativeDeepening => "迭代加深搜索",
        Algorithm::DepthFirst => "有界深度优先搜索",
        Algorithm::HeuristicDepthFirst => "局部择优搜索（启发式深度优先）",
        Algorithm::BranchAndBound => "深度优先分支限界搜索",
        Algorithm::Rbfs => "递归最佳优先搜索（RBFS）",
        Algorithm::SmaStar => "SMA* 搜索（简化内存受限 A*）",
        Algorithm::BidirectionalBfs => "双向广度优先搜索",
        Algorithm::BidirectionalUcs => "双向一致代价搜索",
    }
}

/// A short algorithm name for legends and table rows.
pub fn algorithm_short(algorithm: Algorithm) -> &'static str {
    match (algorithm, zh()) {
        (Algorithm::BreadthFirst, _) => "BFS",
        (Algorithm::UniformCost, _) => "UCS",
        (Algorithm::AStar, _) => "A*",
        (Algorithm::Greedy, false) => "Greedy",
        (Algorithm::Greedy, true) => "贪婪",
        (Algorithm::WeightedAStar, _) => "wA*",
        (Algorithm::IdaStar, _) => "IDA*",
        (Algorithm::IterativeDeepening, _) => "IDS",
        (Algorithm::DepthFirst, _) => "DFS",
        (Algorithm::HeuristicDepthFirst, false) => "HDFS",
        (Algorithm::HeuristicDepthFirst, true) => "局部择优",
        (Algorithm::BranchAndBound, _) => "DFBnB",
        (Algorithm::Rbfs, _) => "RBFS",
        (Algorithm::SmaStar, _) => "SMA*",
        (Algorithm::BidirectionalBfs, false) => "BiBFS",
        (Algorithm::BidirectionalBfs, true) => "双向 BFS",
        (Algorithm::BidirectionalUcs, false) => "BiUCS",
        (Algorithm::BidirectionalUcs, true) => "双向 UCS",
    }
}

/// The priority formula, with 估价函数 named in Chinese.
pub fn formula(algorithm: Algorithm) -> &'static str {
    match (algorithm, zh()) {
        (Algorithm::BreadthFirst, true) => "f\u{a0}=\u{a0}深度（先进先出）",
        (Algorithm::IdaStar, true) => "f\u{a0}=\u{a0}g\u{a0}+\u{a0}h\u{a0}≤\u{a0}阈值",
        (Algorithm::IterativeDeepening, true) => {
            "深度\u{a0}≤\u{a0}界限\u{a0}=\u{a0}0,\u{a0}1,\u{a0}2,\u{a0}…"
        }
        (Algorithm::DepthFirst, true) => "后进先出，深度\u{a0}≤\u{a0}界限",
        (Algorithm::HeuristicDepthFirst, true) => {
            "后进先出，子结点按 h 排序，深度\u{a0}≤\u{a0}界限"
        }
        (Algorithm::BranchAndBound, true) => {
            "后进先出，子结点按 f\u{a0}=\u{a0}g\u{a0}+\u{a0}h 排序，剪去 f\u{a0}≥\u{a0}已知最优代价"
        }
        (Algorithm::Rbfs, true) => {
            "f\u{a0}=\u{a0}max(g\u{a0}+\u{a0}h,\u{a0}父结点的\u{a0}f)\u{a0}≤\u{a0}f_limit"
        }
        (Algorithm::SmaStar, true) => "f\u{a0}=\u{a0}g\u{a0}+\u{a0}h，至多保存 M 个结点",
        (Algorithm::BidirectionalBfs, true) => "f\u{a0}=\u{a0}到各自一端的深度（先进先出）",
        (Algorithm::BidirectionalUcs, true) => {
            "f\u{a0}=\u{a0}到各自一端的 g；top_f\u{a0}+\u{a0}top_b\u{a0}≥\u{a0}μ 时停止"
        }
        (other, _) => other.formula(),
    }
}

/// A heuristic's name in the language of the moment: every domain's heuristics have one.
pub trait LocalName: Copy {
    /// The full name ("Manhattan distance", 曼哈顿距离).
    fn local(self) -> &'static str;
    /// A short name for legends and table rows.
    fn local_short(self) -> &'static str;
}

impl LocalName for HeuristicKind {
    fn local(self) -> &'static str {
        if !zh() {
            return self.title();
        }
        match self {
            HeuristicKind::Zero => "零启发（h\u{a0}=\u{a0}0）",
            HeuristicKind::Misplaced => "不在位数码数",
            HeuristicKind::Manhattan => "曼哈顿距离",
            HeuristicKind::LinearConflict => "线性冲突",
            HeuristicKind::Pdb44 => "模式数据库 4-4（3x3）",
            HeuristicKind::Pdb663 => "模式数据库 6-6-3（4x4）",
        }
    }

    fn local_short(self) -> &'static str {
        if !zh() {
            return self.name();
        }
        match self {
            HeuristicKind::Zero => "零",
            HeuristicKind::Misplaced => "不在位",
            HeuristicKind::Manhattan => "曼哈顿",
            HeuristicKind::LinearConflict => "线性冲突",
            HeuristicKind::Pdb44 => "PDB 4-4",
            HeuristicKind::Pdb663 => "PDB 6-6-3",
        }
    }
}

impl LocalName for GridHeuristic {
    fn local(self) -> &'static str {
        if !zh() {
            return self.title();
        }
        match self {
            GridHeuristic::Zero => "零启发（h\u{a0}=\u{a0}0）",
            GridHeuristic::Manhattan => "曼哈顿距离",
            GridHeuristic::Euclidean => "欧几里得距离",
            GridHeuristic::Octile => "八方向距离（octile）",
            GridHeuristic::Chebyshev => "切比雪夫距离",
        }
    }

    fn local_short(self) -> &'static str {
        if !zh() {
            return self.name();
        }
        match self {
            GridHeuristic::Zero => "零",
            GridHeuristic::Manhattan => "曼哈顿",
            GridHeuristic::Euclidean => "欧氏",
            GridHeuristic::Octile => "八方向",
            GridHeuristic::Chebyshev => "切比雪夫",
        }
    }
}

impl LocalName for GraphHeuristic {
    fn local(self) -> &'static str {
        if !zh() {
            return self.title();
        }
        match self {
            GraphHeuristic::Zero => "零启发（h\u{a0}=\u{a0}0）",
            GraphHeuristic::Table => "h 表",
            GraphHeuristic::StraightLine => "直线距离",
        }
    }

    fn local_short(self) -> &'static str {
        if !zh() {
            return self.name();
        }
        match self {
            GraphHeuristic::Zero => "零",
            GraphHeuristic::Table => "h 表",
            GraphHeuristic::StraightLine => "直线距离",
        }
    }
}

/// A domain's phrase given in both languages (a preset's title or note), in the language of
/// the moment.
pub fn words(words: Words) -> &'static str {
    if zh() { words.zh } else { words.en }
}

pub fn heuristic(kind: impl LocalName) -> &'static str {
    kind.local()
}

/// A short heuristic name for legends and table rows.
pub fn heuristic_short(kind: impl LocalName) -> &'static str {
    kind.local_short()
}

pub fn tie_break(tie: TieBreak) -> &'static str {
    if !zh() {
        return tie.describe();
    }
    match tie {
        TieBreak::Fifo => "f 相同：先进先出",
        TieBreak::Lifo => "f 相同：后进先出",
        TieBreak::SmallerH => "f 相同：h 小者优先，再先进先出",
    }
}

/// Graph search, tree search or tree search with cycle checking, as a menu names it.
pub fn repeats(repeats: Repeats) -> &'static str {
    if !zh() {
        return repeats.title();
    }
    match repeats {
        Repeats::Graph => "图搜索",
        Repeats::Tree => "树搜索",
        Repeats::PathCheck => "树搜索＋回路检查",
    }
}

/// What a search does with a state it reaches again, in a sentence (a menu's hover text).
pub fn repeats_describe(repeats: Repeats) -> &'static str {
    if !zh() {
        return repeats.describe();
    }
    match repeats {
        Repeats::Graph => "再次到达的状态就是它已有的结点（多路径剪枝）",
        Repeats::Tree => "再次到达的状态作为新结点",
        Repeats::PathCheck => "已在通往被扩展结点的路径上的状态被丢弃，其余作为新结点",
    }
}

pub fn outcome_word(outcome: Outcome) -> &'static str {
    if !zh() {
        return outcome.word();
    }
    match outcome {
        Outcome::New => "新结点",
        Outcome::InOpen => "已在 open 表",
        Outcome::Improved { .. } => "已改进",
        Outcome::InClosed => "已在 closed 表",
        Outcome::Reopened { .. } => "重新打开",
        Outcome::Pruned => "被剪枝",
        Outcome::OnPath => "已在当前路径上",
    }
}

/// The OPEN/CLOSED table's column titles: step, node expanded, OPEN, CLOSED.
pub fn table_headers() -> [&'static str; 4] {
    if zh() {
        ["步骤", "扩展结点", "OPEN 表", "CLOSED 表"]
    } else {
        ["Step", "Expanded", "OPEN", "CLOSED"]
    }
}

/// The OPEN/CLOSED table's words for the row before the first step and for the goal.
pub fn table_start_and_goal() -> (&'static str, &'static str) {
    if zh() {
        ("初始", "目标")
    } else {
        ("start", "goal")
    }
}

/// How the step table marks a bidirectional search's backward OPEN list.
pub fn table_backward() -> &'static str {
    if zh() { "反向" } else { "backward" }
}

pub fn dir(dir: Dir) -> &'static str {
    match (dir, zh()) {
        (dir, false) => dir.name(),
        (Dir::Up, true) => "上移",
        (Dir::Down, true) => "下移",
        (Dir::Left, true) => "左移",
        (Dir::Right, true) => "右移",
    }
}

/// A one-line description of a configuration, e.g. `A* (f = g + h), Manhattan distance, ...`.
pub fn describe<H: HeuristicChoice + LocalName>(config: &SearchConfig<H>) -> String {
    if !zh() {
        return config.describe();
    }
    let mut text = format!(
        "{}（{}）",
        algorithm(config.algorithm),
        formula(config.algorithm)
    );
    if config.algorithm == Algorithm::WeightedAStar {
        text.push_str(&format!("，w = {}", config.weight));
    }
    if config.algorithm == Algorithm::DepthFirst {
        text.push_str(&format!("，深度界限 {}", config.depth_limit));
    }
    if config.algorithm.uses_heuristic() {
        text.push_str(&format!("，{}", heuristic(config.heuristic)));
    }
    if config.algorithm.is_best_first() && config.algorithm != Algorithm::BreadthFirst {
        text.push_str(&format!("，{}", tie_break(config.tie_break)));
    }
    if config.goal_test == GoalTest::OnGeneration {
        text.push_str("，生成时做目标测试");
    }
    if config.repeats != Repeats::Graph {
        text.push_str(&format!("，{}", repeats(config.repeats)));
    }
    text
}

pub fn parse_error(error: &ParseError) -> String {
    if !zh() {
        return error.to_string();
    }
    match error {
        ParseError::Empty => {
            "棋盘为空：请输入 9 个数字（如 283104765），4x4 输入 16 个数".to_owned()
        }
        ParseError::BadCharacter { found, at } => format!(
            "第 {at} 个字符“{}”不是数码：请用数字 0-9（16 个字符的 4x4 写法还可用 A-F）、空格或逗号",
            found.escape_debug()
        ),
        ParseError::HexInList { found, at } => format!(
            "第 {at} 个字符“{found}”：十六进制数码只在 16 个字符的 4x4 写法（123456789ABCDEF0）中\
             使用；用空格或逗号分隔时请写十进制数（10 到 15）"
        ),
        ParseError::NotANumber { found, at } => format!("第 {at} 项“{found}”不是数"),
        ParseError::TooLarge { found, at } => {
            format!("第 {at} 项“{found}”太大，不是数码：最大的棋盘数码是 0 到 15")
        }
        ParseError::WrongCount { found } => {
            format!("给出了 {found} 个数码；棋盘需要 4（2x2）、9（3x3）或 16（4x4）个")
        }
        ParseError::OutOfRange { tile, at, side } => format!(
            "第 {at} 个位置的数码 {tile} 太大：{side}x{side} 棋盘的数码是 0 到 {}",
            side * side - 1
        ),
        ParseError::Repeated {
            tile,
            first,
            second,
            missing,
        } => {
            format!("数码 {tile} 出现了两次（第 {first} 和第 {second} 个位置），缺少数码 {missing}")
        }
    }
}

fn parity(parity: &Parity) -> String {
    let word = |n: usize| if n.is_multiple_of(2) { "偶" } else { "奇" };
    match parity.blank_row {
        None => format!(
            "逆序数 {}（{}）",
            parity.inversions,
            word(parity.inversions)
        ),
        Some(row) => format!(
            "逆序数 {}\u{a0}+\u{a0}空格所在行 {}\u{a0}=\u{a0}{}（{}）",
            parity.inversions,
            row,
            parity.inversions + row,
            word(parity.bit())
        ),
    }
}

pub fn goal_error(error: &GoalError) -> String {
    match (error, zh()) {
        (e, false) => e.to_string(),
        (GoalError::Board(e), true) => format!("目标：{}", parse_error(e)),
        (GoalError::PresetSize { preset, side }, true) => {
            format!("目标预设 {preset} 只适用于 3x3 棋盘，不适用于 {side}x{side}")
        }
        (GoalError::Unknown { text }, true) => {
            format!("目标 “{text}” 既不是棋盘也不是预设：请用 p1379、blank-last 或 blank-first")
        }
    }
}

pub fn problem_error(error: &ProblemError) -> String {
    match (error, zh()) {
        (e, false) => e.to_string(),
        (ProblemError::SizeMismatch { start, goal }, true) => {
            format!("棋盘是 {start}x{start}，目标却是 {goal}x{goal}")
        }
        (ProblemError::Unsolvable { start, goal }, true) => format!(
            "无解：棋盘的{}，目标的{}；任何移动都不改变这个奇偶性",
            parity(start),
            parity(goal)
        ),
    }
}

pub fn config_error(error: &ConfigError) -> String {
    match (error, zh()) {
        (e, false) => e.to_string(),
        (ConfigError::Weight(w), true) => format!("不能使用权重 {w}：请用 1 到 100 之间的数"),
        (ConfigError::GoalTest, true) => "生成时做目标测试只适用于 BFS".to_owned(),
        (ConfigError::NodeLimit, true) => "结点上限至少为 1".to_owned(),
        (ConfigError::DepthLimit(d), true) => {
            format!("不能使用深度界限 {d}：请用 0 到 1000000 之间的数")
        }
        (ConfigError::MemoryLimit(m), true) => {
            format!("不能使用 {m} 个结点的内存：请用 2 到 10000000 之间的数")
        }
        (ConfigError::NoBackwardSearch, true) => {
            "双向搜索需要唯一的目标状态和进入一个状态的动作，这个问题没有提供".to_owned()
        }
        (ConfigError::Repeats(r), true) => format!(
            "双向搜索只能做图搜索（两个方向在各自已到达的状态中相遇），不能做{}",
            repeats(*r)
        ),
        (ConfigError::RecordFree(r), true) => {
            format!(
                "无记录引擎只做图搜索，不做{}：请用逐步执行的引擎",
                repeats(*r)
            )
        }
        (ConfigError::HeuristicNotReady(name), true) => {
            format!("启发函数 {name} 还不能用：它的表还需要构建或读入")
        }
        (ConfigError::HeuristicNotForProblem(name), true) => {
            format!("启发函数 {name} 不适用于这个问题（棋盘大小不同）")
        }
    }
}

pub fn experiment_error(error: &ExperimentError) -> String {
    match (error, zh()) {
        (e, false) => e.to_string(),
        (ExperimentError::Cancelled, true) => "已取消".to_owned(),
        (ExperimentError::NotThreeByThree, true) => {
            "实验按精确距离抽取棋盘，而精确距离只对 3x3 棋盘已知".to_owned()
        }
        (ExperimentError::NoBoardAt(d, max), true) => {
            format!("没有棋盘到这个目标的距离为 {d}（最远为 {max}）")
        }
        (ExperimentError::Empty, true) => {
            "请至少选择一个配置、一个深度，并且每个深度至少一个棋盘".to_owned()
        }
    }
}

pub fn violation(violation: &Violation) -> String {
    if !zh() {
        return violation.describe();
    }
    match violation {
        Violation::Inadmissible { board, h, exact } => {
            format!("{board} 上 h\u{a0}=\u{a0}{h}，但它离目标只有 {exact} 步（h\u{a0}>\u{a0}h*）")
        }
        Violation::Inconsistent {
            from,
            to,
            h_from,
            h_to,
        } => format!("h 从 {from} 上的 {h_from} 降到 {to} 上的 {h_to}，降幅超过两者之间的一步"),
    }
}

/// Why a number was not a cost or an h value, after the words naming it.
fn number_error(error: NumberError) -> &'static str {
    match error {
        NumberError::Empty => "是空的：请输入一个数",
        NumberError::Negative => "是负数：代价和 h 值不能小于 0",
        NumberError::NotANumber => "不是数",
        NumberError::TooLarge => "大于 1000000000",
    }
}

/// Why a graph edit was refused.
pub fn graph_edit_error(error: &GraphEditError) -> String {
    use crate::domains::graph::{MAX_EDGES, MAX_NAME_CHARS, MAX_NODES};
    if !zh() {
        return error.to_string();
    }
    match error {
        GraphEditError::EmptyName => "结点名不能为空".to_owned(),
        GraphEditError::LongName => format!("结点名最多 {MAX_NAME_CHARS} 个字符"),
        GraphEditError::BadName(name) => {
            format!("结点名不能含引号 \" 或控制字符：“{name}”")
        }
        GraphEditError::DuplicateName(name) => format!("已经有名为“{name}”的结点"),
        GraphEditError::TooManyNodes => format!("一个图最多 {MAX_NODES} 个结点"),
        GraphEditError::TooManyEdges => format!("一个图最多 {MAX_EDGES} 条边"),
        GraphEditError::NoSuchNode(n) => format!("图中没有结点 {n}"),
        GraphEditError::NoSuchEdge(e) => format!("图中没有边 {e}"),
        GraphEditError::SelfLoop(name) => format!("边要连接两个不同的结点，不能把“{name}”连到自身"),
        GraphEditError::DuplicateEdge { from, to } => {
            format!("“{from}”和“{to}”之间已经有一条边")
        }
        GraphEditError::Cost(e) => format!("代价{}", number_error(*e)),
        GraphEditError::H(e) => format!("h 值{}", number_error(*e)),
        GraphEditError::Position { x, y } => {
            format!("位置坐标应在 -1000000 到 1000000 之间，不能是 ({x}, {y})")
        }
        GraphEditError::Scale(scale) => format!("比例应在 0 到 1000000 之间，不能是 {scale}"),
        GraphEditError::DeleteStart(name) => {
            format!("“{name}”是起点：请先把别的结点设为起点再删除它")
        }
        GraphEditError::LastGoal(name) => format!("“{name}”是唯一的目标：图至少要有一个目标"),
    }
}

/// Why a graph file was refused, with its line.
pub fn graph_file_error(error: &GraphFileError) -> String {
    if !zh() {
        return error.to_string();
    }
    let what = |what: &str| {
        match what {
            "x" => "x 坐标",
            "y" => "y 坐标",
            "scale" => "比例",
            "cost" => "代价",
            "h value" => "h 值",
            other => other,
        }
        .to_owned()
    };
    let problem = match &error.problem {
        FileProblem::UnknownKeyword(word) => {
            format!("“{word}”不是语句：请用 node、edge、arc、start、goal、order 或 scale")
        }
        FileProblem::Usage(usage) => format!("应为 `{usage}`"),
        FileProblem::UnclosedQuote => "引号没有闭合".to_owned(),
        FileProblem::Number { what: w, found } => {
            format!("{}“{found}”不是 -1000000 到 1000000 之间的数", what(w))
        }
        FileProblem::Cost {
            what: w,
            found,
            error,
        } => format!("{}“{found}”{}", what(w), number_error(*error)),
        FileProblem::UnknownNode(name) => format!("没有名为“{name}”的结点"),
        FileProblem::Repeated(word) => format!("第二个 `{word}`：文件只能给出一次"),
        FileProblem::Edit(e) => graph_edit_error(e),
        FileProblem::NoNodes => "文件里没有结点".to_owned(),
        FileProblem::NoStart => "文件没有给出起点".to_owned(),
        FileProblem::NoGoal => "文件没有给出目标".to_owned(),
        FileProblem::Xml(message) => format!("不是格式正确的 XML：{message}"),
        FileProblem::NotAiSpace(found) => {
            format!("应为 AIspace 图（`<SEARCH>` 内含 `<GRAPH>`），却是 `<{found}>`")
        }
        FileProblem::MissingElement { parent, child } => {
            format!("`<{parent}>` 里没有 `<{child}>`")
        }
        FileProblem::BadIndex(index) => format!("序号“{index}”不是整数"),
        FileProblem::DuplicateIndex(index) => format!("第二个序号为 {index} 的结点"),
        FileProblem::UnknownIndex(index) => format!("没有序号为 {index} 的结点"),
        FileProblem::BadType(kind) => format!("结点类型“{kind}”不是 START、GOAL 或 REGULAR"),
    };
    format!("第 {} 行：{problem}", error.line)
}

/// Something odd about a graph as a problem, naming its nodes.
pub fn graph_issue(issue: &GraphIssue, graph: &Graph) -> String {
    if !zh() {
        return issue.describe(graph);
    }
    match issue {
        GraphIssue::NoPathToGoal => "从起点没有路通向任何目标".to_owned(),
        GraphIssue::StartIsGoal => format!("起点 {} 也是目标", graph.name(graph.start())),
        GraphIssue::UnreachableGoal(goal) => {
            format!("从起点到不了目标 {}", graph.name(*goal))
        }
        GraphIssue::Isolated(node) => format!("没有边连到 {}", graph.name(*node)),
    }
}

/// Why a breakpoint stopped the run.
pub fn hit<S: std::fmt::Display + Copy>(hit: &crate::search::Hit<S>) -> String {
    use crate::search::Hit;
    if !zh() {
        return hit.to_string();
    }
    match *hit {
        Hit::GoalGenerated(id) => format!("目标已作为结点 S{} 生成", id.0),
        Hit::FIncreased { from, to } => format!("f 从 {from} 增大到 {to}"),
        Hit::StateGenerated(board, id) => format!("{board} 已作为结点 S{} 生成", id.0),
        Hit::StateExpanded(board, id) => format!("{board} 已被扩展（结点 S{}）", id.0),
        Hit::Reopened(id) => format!("结点 S{} 被重新打开", id.0),
        Hit::OpenExceeds { open, limit } => format!("open 表有 {open} 个结点，超过 {limit}"),
        Hit::BoundRaised {
            iteration,
            from,
            to,
        } => format!("第 {iteration} 轮迭代开始：界限从 {from} 提高到 {to}"),
        Hit::NodeForgotten { node, backed_up } => {
            format!(
                "结点 S{} 被遗忘；其父结点记住 f\u{a0}=\u{a0}{backed_up}",
                node.0
            )
        }
        Hit::LimitExceeded {
            node,
            backed_up,
            limit,
        } => format!(
            "S{} 的最佳子结点 f\u{a0}=\u{a0}{backed_up}，超过 f_limit {limit}：遗忘其子树",
            node.0
        ),
        Hit::BoundImproved { goal, from, to } => match from {
            Some(from) => format!("目标 S{} 把界限从 {from} 降到 {to}", goal.0),
            None => format!("目标 S{} 给出第一个界限 {to}", goal.0),
        },
    }
}

/// The experiment's counting convention ([`crate::domains::puzzle::CONVENTION`]) in the current language.
pub fn convention() -> &'static str {
    if !zh() {
        return crate::domains::puzzle::CONVENTION;
    }
    "生成数\u{a0}=\u{a0}扩展时产生的子结点数（含重复，不计初始结点）；扩展数\u{a0}=\u{a0}生成过子结点的结点数（目标不计）；\
     结点移出 open 表时做目标测试（列名带 goal-test=generation 的在生成时测试）；b* 满足 N\u{a0}+\u{a0}1\u{a0}=\u{a0}1\u{a0}+\u{a0}b*\u{a0}+\u{a0}...\u{a0}+\u{a0}b*^d，N 为生成数，d 为解长度，\
     对所有棋盘取平均"
}

/// A step on a map in words: the compass point, in Chinese the direction.
pub fn grid_dir(dir: crate::domains::grid::Dir) -> &'static str {
    use crate::domains::grid::Dir;
    if !zh() {
        return dir.name();
    }
    match dir {
        Dir::N => "北",
        Dir::S => "南",
        Dir::E => "东",
        Dir::W => "西",
        Dir::NE => "东北",
        Dir::NW => "西北",
        Dir::SE => "东南",
        Dir::SW => "西南",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::parse_board;

    #[test]
    fn chinese_messages_name_the_same_facts() {
        set_language(Language::Chinese);
        let e = parse_board("2831047655").unwrap_err();
        assert_eq!(
            parse_error(&e),
            "给出了 10 个数码；棋盘需要 4（2x2）、9（3x3）或 16（4x4）个"
        );
        let e = parse_board("283104762").unwrap_err();
        assert_eq!(
            parse_error(&e),
            "数码 2 出现了两次（第 1 和第 9 个位置），缺少数码 5"
        );
        let start = parse_board("213804765").unwrap();
        let goal = parse_board("123804765").unwrap();
        let e = crate::domains::puzzle::Problem::new(start, goal).unwrap_err();
        let message = problem_error(&e);
        assert!(message.starts_with("无解：棋盘的逆序数"), "{message}");
        assert_eq!(dir(Dir::Down), "下移");
        set_language(Language::English);
        assert_eq!(dir(Dir::Down), "down");
        assert_eq!(algorithm(Algorithm::AStar), "A*");
    }

    #[test]
    fn the_environment_picks_the_language() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Language::from_env(env(&[])), Language::English);
        assert_eq!(
            Language::from_env(env(&[("LANG", "zh_CN.UTF-8")])),
            Language::Chinese
        );
        assert_eq!(
            Language::from_env(env(&[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "C")])),
            Language::English
        );
        assert_eq!(
            Language::from_env(env(&[("LANG", "en_US.UTF-8"), ("SEARCHLAB_LANG", "zh")])),
            Language::Chinese
        );
        assert_eq!(
            Language::from_env(env(&[("LANG", "de_DE.UTF-8")])),
            Language::English
        );
        // An unknown choice is English whatever the locale, and is reported.
        let unknown = env(&[("LANG", "zh_CN.UTF-8"), ("SEARCHLAB_LANG", "xx")]);
        assert_eq!(Language::from_env(unknown), Language::English);
        assert_eq!(Language::unknown_in_env(unknown).as_deref(), Some("xx"));
        assert_eq!(
            Language::unknown_in_env(env(&[("SEARCHLAB_LANG", "zh")])),
            None
        );
    }

    #[test]
    fn the_language_is_per_thread() {
        set_language(Language::Chinese);
        let other = std::thread::spawn(language).join().unwrap();
        assert_eq!(other, Language::English);
        assert_eq!(language(), Language::Chinese);
        set_language(Language::English);
    }
}
