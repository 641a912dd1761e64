//! The route graph's words in the window: its setup rows, its editor, its inspector page and
//! its key, in English and in 简体中文.

use crate::domains::graph::{Graph, GraphIssue};
use crate::i18n::zh;

crate::app::model::text::strings! {
    /// The route graph's fixed strings in the current language.
    GraphStrings, g;
    col_graph_node: "node name", "结点名";
    graph_area: "The route graph", "路径图";
    graph_preset: "Graph", "图";
    graph_edited: "Edited graph", "修改过的图";
    graph_start: "Start", "起点";
    graph_goal: "Goal", "目标";
    graph_order: "Successors", "后继顺序";
    graph_order_hint: "The order a node's children are generated in: it breaks BFS's and DFS's ties, and the others' after f",
        "结点的子结点按此顺序生成：它决定宽度优先和深度优先搜索的同分次序，其他算法在 f 相同时也按它";
    graph_order_name: "by name", "按名字";
    graph_order_drawn: "as drawn", "按绘制顺序";
    graph_inspector_nodes: "Each node: h against the true cost h* (admissible: h ≤ h*)",
        "每个结点：h 与真实代价 h* 比较（可采纳：h\u{a0}≤\u{a0}h*）";
    graph_inspector_arcs: "Each arc: h(n) ≤ c(n, n') + h(n') (consistent)",
        "每条有向边：h(n)\u{a0}≤\u{a0}c(n,\u{a0}n')\u{a0}+\u{a0}h(n')（一致）";
    graph_col_arc: "arc", "边";
    graph_col_cost: "cost", "代价";
    graph_col_verdict: "verdict", "结论";
    graph_yes_admissible: "admissible", "可采纳";
    graph_no_admissible: "overestimates", "高估";
    graph_yes_consistent: "consistent", "一致";
    graph_no_consistent: "inconsistent", "不一致";
    graph_unreachable: "no path to a goal", "到不了目标";
    edit_graph: "Edit graph", "编辑图";
    edit_graph_hint: "Draw a graph of your own: add nodes, join them with edges, type costs and h values",
        "画自己的图：添加结点，用边连接它们，输入代价和 h 值";
    tool_select: "Select and move", "选择和移动";
    tool_node: "Add nodes", "添加结点";
    tool_edge: "Add edges", "添加边";
    hint_select: "Click a node or an edge to change it; drag a node to move it; Delete removes what is selected",
        "单击结点或边来修改它；拖动结点来移动它；按 Delete 删除选中的对象";
    hint_node: "Click empty space to add a node; drag a node to move it",
        "在空白处单击添加结点；拖动结点来移动它";
    hint_edge: "Click the node the edge starts from", "单击边的起始结点";
    undo: "Undo", "撤销";
    redo: "Redo", "重做";
    blank: "New blank graph", "新建空白图";
    blank_hint: "One node, S, to draw a graph from; Undo brings the old graph back",
        "只有一个结点 S 的图，从它开始画；撤销可以找回原来的图";
    h_from_positions: "h from positions", "由位置算 h";
    h_from_positions_hint: "Fill the h table with the straight-line distance to the nearest goal times the scale. It is admissible only when no edge costs less than its drawn length times the scale",
        "把每个结点的 h 设为它到最近目标的直线距离乘以比例。只有当每条边的代价都不小于它画出的长度乘以比例时，这个 h 才可采纳";
    scale: "scale\u{a0}×", "比例\u{a0}×";
    node_name: "Name", "名字";
    node_h: "h", "h";
    make_start: "Make start", "设为起点";
    goal_box: "Is a goal", "是目标";
    delete: "Delete", "删除";
    edge_cost: "Cost", "代价";
    one_way: "One-way", "单向";
    reverse: "Reverse", "反向";
    add_edge: "Add edge", "添加边";
    cancel: "Cancel", "取消";
    domain_graph: "Route graph", "路径图";
    bp_node_hint: "A node by its name, as the graph writes it", "按图中的名字写结点";
    graph_overlay: "One graph, lanes overlaid", "叠加在一张图上";
    graph_overlay_hint: "Each lane's closed nodes ringed in its colour on one graph, its path on top",
        "在一张图上用各通道的颜色圈出其 closed 结点，并画出各自的路径";
}

/// The edge from `a` to `b`, named for the editor.
pub fn edge_title(a: &str, b: &str, one_way: bool) -> String {
    let arrow = if one_way { "→" } else { "–" };
    if zh() {
        format!("边 {a}\u{a0}{arrow}\u{a0}{b}")
    } else {
        format!("Edge {a}\u{a0}{arrow}\u{a0}{b}")
    }
}

/// The edge about to be added from `a` to `b`.
pub fn new_edge_title(a: &str, b: &str) -> String {
    if zh() {
        format!("新边 {a}\u{a0}–\u{a0}{b}")
    } else {
        format!("New edge {a}\u{a0}–\u{a0}{b}")
    }
}

/// What to click once the edge's first node is chosen.
pub fn hint_edge_to(from: &str) -> String {
    if zh() {
        format!("从 {from} 出发：单击边通向的结点")
    } else {
        format!("From {from}: click the node the edge leads to")
    }
}

/// Something odd about the graph as a problem, naming nodes by name.
pub fn graph_issue(issue: &GraphIssue, graph: &Graph) -> String {
    if !zh() {
        return issue.describe(graph);
    }
    match issue {
        GraphIssue::NoPathToGoal => "没有从起点到目标的路径".to_owned(),
        GraphIssue::StartIsGoal => format!("起点 {} 也是目标", graph.name(graph.start())),
        GraphIssue::UnreachableGoal(goal) => {
            format!("从起点到不了目标 {}", graph.name(*goal))
        }
        GraphIssue::Isolated(node) => format!("没有边连到 {}", graph.name(*node)),
    }
}

/// A graph in a few words: "20 nodes, 23 roads, Arad to Bucharest".
pub fn graph_summary(graph: &Graph) -> String {
    use crate::search::SearchProblem;
    let start = graph.name(graph.start());
    let goals = graph.describe_goal();
    if zh() {
        format!(
            "{} 个结点，{} 条边，{start} 到 {goals}",
            graph.node_count(),
            graph.edge_count()
        )
    } else {
        format!(
            "{} nodes, {} edges, {start} to {goals}",
            graph.node_count(),
            graph.edge_count()
        )
    }
}

/// The key under a graph.
pub fn graph_legend_line(closed: usize) -> String {
    if zh() {
        format!(
            "蓝：closed 表；绿：open 表；橙：正在扩展；黄：刚生成；红线：路径；结点旁是 h。已扩展 {closed} 个结点"
        )
    } else {
        format!(
            "blue: closed; green: open; orange: expanding; yellow: just generated; red: path; h beside each node. {}",
            list_count_closed(closed)
        )
    }
}

fn list_count_closed(closed: usize) -> String {
    format!(
        "{closed} {} closed",
        if closed == 1 { "node" } else { "nodes" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::model::text::checks::{check_translated, check_typeset};

    #[test]
    fn every_graph_string_is_translated_and_typeset() {
        check_translated(PAIRS);
        check_typeset(PAIRS);
    }
}
