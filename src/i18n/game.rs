//! The game-tree searches' words in English or Chinese: 极大极小, α-β 剪枝, α剪枝 and β剪枝.

use super::zh;
use crate::domains::game::{TicTacToeError, TicTacToeEval, TreeError};
use crate::search::HeuristicChoice;
use crate::search::game::{ChildOrder, CutKind, GameAlgorithm, Value, value_text};

pub fn game_algorithm(algorithm: GameAlgorithm) -> &'static str {
    match (algorithm, zh()) {
        (GameAlgorithm::Minimax, false) => "Minimax",
        (GameAlgorithm::Minimax, true) => "极大极小",
        (GameAlgorithm::AlphaBeta, false) => "Alpha-beta",
        (GameAlgorithm::AlphaBeta, true) => "α-β 剪枝",
    }
}

pub fn child_order(order: ChildOrder) -> &'static str {
    match (order, zh()) {
        (ChildOrder::AsGiven, false) => "as given",
        (ChildOrder::AsGiven, true) => "按给定次序",
        (ChildOrder::BestFirst, false) => "best first",
        (ChildOrder::BestFirst, true) => "好的先走",
        (ChildOrder::WorstFirst, false) => "worst first",
        (ChildOrder::WorstFirst, true) => "坏的先走",
    }
}

/// "α cut" or "α剪枝".
pub fn cut_name(kind: CutKind) -> &'static str {
    match (kind, zh()) {
        (CutKind::Alpha, false) => "α cut",
        (CutKind::Alpha, true) => "α剪枝",
        (CutKind::Beta, false) => "β cut",
        (CutKind::Beta, true) => "β剪枝",
    }
}

/// The sentence naming a cut: "α cut at C: 2 ≤ α = 3 (A)".
pub fn cut_sentence(kind: CutKind, node: &str, value: Value, bound: Value, by: &str) -> String {
    let (value, bound) = (value_text(value), value_text(bound));
    match (kind, zh()) {
        (CutKind::Alpha, false) => format!("α cut at {node}: {value} ≤ α = {bound} ({by})"),
        (CutKind::Alpha, true) => {
            format!("α剪枝（{node} 处）：{value}\u{a0}≤\u{a0}α\u{a0}=\u{a0}{bound}（{by}）")
        }
        (CutKind::Beta, false) => format!("β cut at {node}: {value} ≥ β = {bound} ({by})"),
        (CutKind::Beta, true) => {
            format!("β剪枝（{node} 处）：{value}\u{a0}≥\u{a0}β\u{a0}=\u{a0}{bound}（{by}）")
        }
    }
}

/// The result line: "value 3, best move B".
pub fn game_result(value: Value, best: Option<&str>) -> String {
    let value = value_text(value);
    match (best, zh()) {
        (Some(best), false) => format!("value {value}, best move {best}"),
        (Some(best), true) => format!("倒推值 {value}，最佳走步 {best}"),
        (None, false) => format!("value {value}"),
        (None, true) => format!("倒推值 {value}"),
    }
}

pub fn node_limit_reached() -> &'static str {
    if zh() {
        "达到结点上限，已停止"
    } else {
        "stopped at the node limit"
    }
}

pub fn tictactoe_eval(eval: TicTacToeEval) -> &'static str {
    if zh() { eval.title_zh() } else { eval.title() }
}

pub fn tree_error(error: &TreeError) -> String {
    if !zh() {
        return error.to_string();
    }
    match error {
        TreeError::Empty => "树是空的：请写成嵌套的表，如 ((3 12 8) (2 4 6) (14 5 2))".to_owned(),
        TreeError::Unexpected { at, found } => format!("第 {at} 个字符：此处不应出现“{found}”"),
        TreeError::Unclosed { at } => format!("第 {at} 个字符：表没有闭合（缺少“)”）"),
        TreeError::EmptyList { at } => format!("第 {at} 个字符：“()”是既无子结点又无值的结点"),
        TreeError::BadValue { at, text } => format!(
            "第 {at} 个字符：{text} 不是 -{max} 到 {max} 之间的整数",
            max = crate::domains::game::MAX_LEAF_VALUE
        ),
        TreeError::DuplicateName { at, name } => format!("第 {at} 个字符：名字 {name} 用了两次"),
        TreeError::TooDeep => format!("树的嵌套超过 {} 层", crate::domains::game::MAX_TREE_DEPTH),
        TreeError::TooLarge => format!("树的结点超过 {} 个", crate::domains::game::MAX_TREE_NODES),
        TreeError::Trailing { at } => format!("第 {at} 个字符：树结束后还有文字"),
        TreeError::BadRandom => {
            "随机树要求分支数 1 到 10、深度 1 到 12，且下限\u{a0}≤\u{a0}上限".to_owned()
        }
    }
}

pub fn tictactoe_error(error: &TicTacToeError) -> String {
    if !zh() {
        return error.to_string();
    }
    match error {
        TicTacToeError::BadSquare(c) => format!("“{c}”不是格子：九个格子每个写 X、O 或 ."),
        TicTacToeError::Count(n) => format!("写了 {n} 个格子：棋盘有 9 个（逐行写 X、O 或 .）"),
        TicTacToeError::Turns { x, o } => {
            format!("{x} 个 X、{o} 个 O：X 先走，所以 X 与 O 一样多或多一个")
        }
        TicTacToeError::TwoWinners => "X 和 O 都已三子连线".to_owned(),
    }
}

/// What a cut removed: "C2 C3 cut off", or the count when the leaves are too many to name.
pub fn leaves_cut_off(names: &[String], leaves: u32) -> String {
    const NAMED: usize = 8;
    let zh = zh();
    if names.is_empty() || names.len() > NAMED {
        return if zh {
            format!("剪去 {leaves} 个叶结点")
        } else if leaves == 1 {
            "1 leaf cut off".to_owned()
        } else {
            format!("{leaves} leaves cut off")
        };
    }
    if zh {
        format!("剪去 {}", names.join(" "))
    } else {
        format!("{} cut off", names.join(" "))
    }
}

/// The visit table's headers: step, what happened, node, value, α, β, cut.
pub fn visit_headers() -> [&'static str; 7] {
    if zh() {
        ["步", "动作", "结点", "值", "α", "β", "剪枝"]
    } else {
        ["Step", "What happened", "Node", "Value", "α", "β", "Cut"]
    }
}

/// "entered" or "进入".
pub fn step_entered() -> &'static str {
    if zh() { "进入" } else { "entered" }
}

/// "returned from B" or "从 B 返回".
pub fn step_returned(child: &str) -> String {
    if zh() {
        format!("从 {child} 返回")
    } else {
        format!("returned from {child}")
    }
}

/// "new iteration to depth 2" or "新一轮迭代，深度 2".
pub fn step_new_iteration(depth: u32) -> String {
    if zh() {
        format!("新一轮迭代，深度 {depth}")
    } else {
        format!("new iteration to depth {depth}")
    }
}
