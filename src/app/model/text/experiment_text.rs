//! The Experiments window's words, in English and in 简体中文: its fields, its notices, the
//! counting convention above its table, and the refusals of the domains that draw their starts
//! from a table of depths.

use crate::i18n::zh;
use crate::search::ExperimentRefusal;

strings! {
    /// The Experiments window's fixed strings in the current language.
    ExperimentStrings, e;
    experiment_configs: "Configurations (the compare lanes):", "配置（即对比视图的各通道）：";
    experiment_depths_hint: "Starts are drawn at exactly these optimal depths: the number of steps of a cheapest path to the goal",
        "随机抽取的起点到目标的最优路径（代价最小的路径）恰好有这么多步";
    experiment_starts: "Starts per depth", "每个深度的起点数";
    experiment_seed: "Seed", "随机种子";
    experiment_run: "Run experiment", "运行实验";
    experiment_cancelled: "The experiment was cancelled.", "实验已取消。";
    experiment_no_problem: "Set up a problem first: the experiment draws its starts from it.",
        "请先设置好问题：实验从这个问题中抽取起点。";
    experiment_stale: "These results are from an earlier setup (the lanes, the problem or the parameters \
        have changed since): press Run experiment to update them.",
        "以下结果来自之前的设置（通道、问题或参数已改变）：请按“运行实验”更新。";
    experiment_plot: "Mean nodes generated against depth (log scale)",
        "平均生成结点数随深度的变化（对数坐标）";
    copy_csv: "Copy (CSV)", "复制（CSV）";
    axis_depth: "optimal depth d", "最优深度 d";
    convention: "generated = children produced by expansions, duplicates included, start not \
        counted; expanded = nodes whose children were generated (the goal is not); goal test when \
        a node leaves open, or as it is generated where a column says goal-test=generation; b* \
        solves N + 1 = 1 + b* + ... + b*^d with N generated and d the solution length, averaged \
        over the starts",
        "生成数\u{a0}=\u{a0}扩展时产生的子结点数（含重复，不计初始结点）；扩展数\u{a0}=\u{a0}生成过子结点的结点数（目标不计）；\
        结点移出 open 表时做目标测试（列名带 goal-test=generation 的在生成时测试）；b* 满足 N\u{a0}+\u{a0}1\u{a0}=\u{a0}1\u{a0}+\u{a0}b*\u{a0}+\u{a0}...\u{a0}+\u{a0}b*^d，N 为生成数，d 为解长度，\
        对所有起点取平均";
}

/// The label of the largest depth: the depths sampled are `step`, 2 `step`, ... up to it.
pub fn max_depth_label(step: u32) -> String {
    let (first, second) = (step, 2 * step);
    if zh() {
        format!("深度 {first}、{second}、……直到")
    } else {
        format!("Depths {first}, {second}, ... up to")
    }
}

pub fn experiment_progress(done: usize, total: usize) -> String {
    if zh() {
        format!("{done} / {total} 次（深度，配置）运行")
    } else {
        format!("{done} / {total} (depth, configuration) runs")
    }
}

/// The counting convention, as the line above the table says it.
pub fn experiment_convention() -> String {
    let convention = e().convention;
    if zh() {
        format!("计数约定：{convention}。")
    } else {
        format!("Counting: {convention}.")
    }
}

/// The first paragraph of the copied Markdown table (in the reader's language).
pub fn markdown_intro(per_depth: usize, seed: u64) -> String {
    let convention = experiment_convention();
    if zh() {
        format!("每个深度 {per_depth} 个起点，随机种子 {seed}。{convention}")
    } else {
        format!("{per_depth} starts per depth, seed {seed}. {convention}")
    }
}

/// The words of the generated and expanded columns of the copied Markdown table.
pub fn markdown_columns() -> (&'static str, &'static str) {
    if zh() {
        ("生成数", "扩展数")
    } else {
        ("generated", "expanded")
    }
}

/// The head of the CSV column of solved instances.
pub fn csv_solved_column() -> &'static str {
    "starts"
}

/// Why a domain that draws its starts by depth gave no table.
pub fn refusal(refusal: &ExperimentRefusal) -> String {
    match (refusal, zh()) {
        (ExperimentRefusal::NoInstanceAt { farthest: 0, .. }, false) => {
            "No start can reach the goal: the experiment has nothing to draw.".to_owned()
        }
        (ExperimentRefusal::NoInstanceAt { farthest: 0, .. }, true) => {
            "没有任何起点能到达目标：实验无从抽取。".to_owned()
        }
        (ExperimentRefusal::NoInstanceAt { depth, farthest }, false) => format!(
            "No start lies {depth} steps from the goal (the farthest lies {farthest}): lower the largest depth."
        ),
        (ExperimentRefusal::NoInstanceAt { depth, farthest }, true) => {
            format!("没有起点离目标恰好 {depth} 步（最远的是 {farthest} 步）：请把最大深度调小。")
        }
        (ExperimentRefusal::Empty, false) => {
            "Choose at least one configuration, one depth and one start per depth.".to_owned()
        }
        (ExperimentRefusal::Empty, true) => {
            "请至少选择一个配置、一个深度，并且每个深度至少一个起点。".to_owned()
        }
        (ExperimentRefusal::Stopped, _) => e().experiment_cancelled.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::checks::{check_translated, check_typeset};
    use super::*;

    #[test]
    fn every_experiment_string_is_translated_and_typeset() {
        check_translated(PAIRS);
        check_typeset(PAIRS);
    }

    #[test]
    fn refusals_and_labels_follow_the_language() {
        let far = ExperimentRefusal::NoInstanceAt {
            depth: 40,
            farthest: 37,
        };
        crate::i18n::set_language(crate::i18n::Language::Chinese);
        assert!(refusal(&far).contains("最远的是 37 步"));
        assert_eq!(max_depth_label(3), "深度 3、6、……直到");
        crate::i18n::set_language(crate::i18n::Language::English);
        assert!(refusal(&far).contains("the farthest lies 37"));
        assert_eq!(max_depth_label(2), "Depths 2, 4, ... up to");
    }
}
