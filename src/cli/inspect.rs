//! `searchlab inspect`: every heuristic against the true distance h* over the whole 3x3 space.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;

use crate::domains::puzzle::{
    DistanceTable, Heuristic, HeuristicKind, Profile, SearchConfig, profile,
};

/// The options of `searchlab inspect`.
#[derive(Args, Debug, Clone)]
pub struct InspectOptions {
    /// The goal (3x3 board or preset).
    #[arg(long, short, default_value = "p1379")]
    pub goal: String,
    /// Also show Manhattan times this weight (1 to 100), to see what an inadmissible estimate
    /// looks like.
    #[arg(long, short, default_value_t = 2.0, allow_negative_numbers = true)]
    pub weight: f64,
}

/// The profiles as a Markdown table: per h*, each estimate's mean and range.
pub fn inspect_table(table: &DistanceTable, weight: f64) -> String {
    let goal = table.goal();
    let mut columns: Vec<(String, Profile)> = HeuristicKind::ALL
        .iter()
        .map(|&kind| {
            let heuristic = Heuristic::new(kind, &goal);
            (kind.name().to_string(), profile(&heuristic, table, 1.0))
        })
        .collect();
    let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
    columns.push((
        format!("{weight}×manhattan"),
        profile(&manhattan, table, weight),
    ));
    let zh = crate::i18n::zh();
    let mut out = String::from(if zh {
        "| h* | 状态数 |"
    } else {
        "| h* | states |"
    });
    for (name, _) in &columns {
        if zh {
            let _ = write!(out, " {name}：均值 [最小–最大] |");
        } else {
            let _ = write!(out, " {name}: mean [min–max] |");
        }
    }
    out.push_str("\n|---:|---:|");
    out.push_str(&"---|".repeat(columns.len()));
    out.push('\n');
    for d in 0..=usize::from(table.max_distance()) {
        let _ = write!(out, "| {d} | {} |", columns[0].1.by_distance[d].states);
        for (_, p) in &columns {
            let s = p.by_distance[d];
            let flag = if s.over > 0 { " ⚠" } else { "" };
            let _ = write!(out, " {:.2} [{}–{}]{flag} |", s.mean, s.min, s.max);
        }
        out.push('\n');
    }
    out.push_str("\n| | |");
    for (_, p) in &columns {
        let verdict = match (p.admissible(), zh) {
            (true, false) => "admissible".to_string(),
            (true, true) => "可采纳".to_string(),
            (false, false) => format!("over h* on {} states", p.over),
            (false, true) => format!("在 {} 个状态上超过 h*", p.over),
        };
        let _ = write!(out, " {verdict} |");
    }
    out.push('\n');
    out
}

/// `searchlab inspect`.
pub fn main(options: &InspectOptions) -> ExitCode {
    if let Err(err) = SearchConfig::check_weight(options.weight) {
        super::report(&crate::i18n::config_error(&err));
        return ExitCode::from(2);
    }
    let goal = match super::goal_3x3(&options.goal) {
        Ok(goal) => goal,
        Err(code) => return code,
    };
    let table = DistanceTable::new(&goal).expect("3x3 goals are enumerated");
    super::emit(&inspect_table(&table, options.weight))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_flags_only_the_weighted_column() {
        let table = DistanceTable::new(&"123804765".parse().unwrap()).unwrap();
        let text = inspect_table(&table, 2.0);
        let lines: Vec<&str> = text.lines().collect();
        // Header, rule, distances 0 to 30, blank line, verdicts.
        assert_eq!(lines.len(), 2 + 31 + 2);
        assert!(
            lines[3].starts_with(
                "| 1 | 4 | 0.00 [0–0] | 1.00 [1–1] | 1.00 [1–1] | 1.00 [1–1] | 2.00 [2–2] ⚠ |"
            ),
            "{}",
            lines[3]
        );
        let verdicts = lines.last().unwrap();
        assert_eq!(verdicts.matches("admissible").count(), 4, "{verdicts}");
        assert!(verdicts.contains("over h* on"));
    }
}
