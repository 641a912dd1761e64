//! The words of the searches that hold little: RBFS's calls and their f_limit, SMA*'s memory,
//! what a step forgot or backed up, and branch-and-bound's best goal and bound, in English and
//! in 简体中文.

use crate::i18n::zh;
use crate::search::{Cost, StepEvent};

strings! {
    /// The fixed strings of the memory-bounded and branch-and-bound panels.
    MemoryStrings, m;
    rbfs_heading: "RBFS calls on the current path", "RBFS 当前路径上的各层调用";
    rbfs_heading_hint: "One row per call, the start's first: the node it expanded, its f (backed \
        up when a subtree of it was forgotten), the f_limit of the call (the best alternative \
        above it) and how many children the call holds",
        "每层调用一行，从初始结点开始：该层扩展的结点、它的 f（其子树被遗忘时为回传值）、该层的 f_limit（上层最好的备选）以及该层保存的子结点数";
    col_call: "call", "层";
    col_node: "node", "结点";
    col_f_limit: "f_limit", "f_limit";
    col_children_held: "children held", "保存的子结点";
    bounds_heading: "Goals found", "已找到的目标";
    col_step: "step", "步";
    col_goal: "goal", "目标";
    col_cost: "cost", "代价";
    heuristic_order: "children tried smallest h first", "子结点按 h 从小到大尝试";
}

/// A node as the panels name it: its number and its state.
pub fn node(id: u32, state: &str) -> String {
    format!("S{id} {state}")
}

/// How much of SMA*'s memory is in use.
pub fn memory_line(held: usize, limit: u32) -> String {
    if zh() {
        format!("内存：已保存 {held} 个结点，最多 {limit} 个")
    } else {
        format!("Memory: {held} of {limit} nodes held")
    }
}

/// Branch-and-bound's best goal so far and its bound, with the depth limit.
pub fn best_line(best: Option<(u32, Cost)>, depth_limit: u32) -> String {
    match (best, zh()) {
        (Some((id, cost)), false) => format!(
            "Best so far: S{id} at cost {cost} · prune g + h ≥ {cost} · depth limit {depth_limit}"
        ),
        (Some((id, cost)), true) => format!(
            "目前最优：S{id}，代价 {cost} · 剪去 g\u{a0}+\u{a0}h\u{a0}≥\u{a0}{cost} 的结点 · 深度界限 {depth_limit}"
        ),
        (None, false) => format!("No goal found yet: bound ∞ · depth limit {depth_limit}"),
        (None, true) => format!("尚未找到目标：界限 ∞ · 深度界限 {depth_limit}"),
    }
}

/// Heuristic depth-first's setting.
pub fn heuristic_depth_line(depth_limit: u32) -> String {
    if zh() {
        format!("深度界限 {depth_limit} · {}", m().heuristic_order)
    } else {
        format!("Depth limit {depth_limit} · {}", m().heuristic_order)
    }
}

/// What a step did besides expanding, one sentence per kind of event; `name` names a node.
/// Nodes forgotten or pruned together are listed in one sentence.
pub fn events(events: &[StepEvent], name: &dyn Fn(crate::search::NodeId) -> String) -> Vec<String> {
    let mut lines = Vec::new();
    let list = |wanted: fn(&StepEvent) -> Option<crate::search::NodeId>| {
        events
            .iter()
            .filter_map(wanted)
            .map(name)
            .collect::<Vec<_>>()
    };
    for event in events {
        let line = match *event {
            StepEvent::LimitExceeded {
                node,
                backed_up,
                limit,
            } => Some(if zh() {
                format!(
                    "{} 返回：最佳子结点 f\u{a0}=\u{a0}{backed_up}\u{a0}>\u{a0}f_limit {limit}，记住 f\u{a0}=\u{a0}{backed_up}",
                    name(node)
                )
            } else {
                format!(
                    "{} returns: best child f = {backed_up} > f_limit {limit}; it keeps f = {backed_up}",
                    name(node)
                )
            }),
            StepEvent::BackedUp { node, from, to } => Some(if zh() {
                format!("{} 的 f 回传：{from}\u{a0}→\u{a0}{to}", name(node))
            } else {
                format!("{}'s f backed up: {from} → {to}", name(node))
            }),
            StepEvent::BoundImproved { goal, from, to } => Some(match (from, zh()) {
                (Some(from), false) => {
                    format!("Goal {}: the bound falls from {from} to {to}", name(goal))
                }
                (None, false) => format!("Goal {}: the first bound, {to}", name(goal)),
                (Some(from), true) => format!("目标 {}：界限从 {from} 降到 {to}", name(goal)),
                (None, true) => format!("目标 {}：第一个界限 {to}", name(goal)),
            }),
            StepEvent::OutOfMemory => Some(if zh() {
                "内存不足：剩下的结点 f 都是 ∞（内存放不下通往目标的路径），SMA* 放弃".to_owned()
            } else {
                "Out of memory: every node left has f = ∞ (no path to a goal fits), so SMA* gives up"
                    .to_owned()
            }),
            StepEvent::Forgotten { .. } | StepEvent::OpenPruned { .. } => None,
        };
        lines.extend(line);
    }
    let forgotten = list(|e| match *e {
        StepEvent::Forgotten { node, .. } => Some(node),
        _ => None,
    });
    if !forgotten.is_empty() {
        let nodes = forgotten.join(", ");
        lines.push(if zh() {
            format!("遗忘：{nodes}")
        } else {
            format!("Forgotten: {nodes}")
        });
    }
    let pruned = list(|e| match *e {
        StepEvent::OpenPruned { node } => Some(node),
        _ => None,
    });
    if !pruned.is_empty() {
        let nodes = pruned.join(", ");
        lines.push(if zh() {
            format!("从 open 表剪去：{nodes}")
        } else {
            format!("Pruned from open: {nodes}")
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::NodeId;

    #[test]
    fn every_string_has_both_languages() {
        for (name, english, chinese) in PAIRS {
            assert!(!english.is_empty() && !chinese.is_empty(), "{name}");
        }
    }

    /// One sentence per event but the forgotten and pruned nodes, which share one each; the
    /// nodes are named as the caller names them.
    #[test]
    fn events_read_as_sentences_with_forgotten_nodes_listed_together() {
        let name = |id: NodeId| format!("N{}", id.0);
        let lines = events(
            &[
                StepEvent::LimitExceeded {
                    node: NodeId(3),
                    backed_up: Cost::units(417),
                    limit: Cost::units(415),
                },
                StepEvent::Forgotten {
                    node: NodeId(7),
                    backed_up: Cost::units(526),
                },
                StepEvent::Forgotten {
                    node: NodeId(8),
                    backed_up: Cost::units(417),
                },
            ],
            &name,
        );
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].contains("N3") && lines[0].contains("417") && lines[0].contains("415"));
        assert_eq!(lines[1], "Forgotten: N7, N8");
    }
}
