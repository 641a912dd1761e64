//! The compare view's summary table as data: one row per lane (length, optimality against h*,
//! counts, effective branching factor, time), and the table as Markdown or tab-separated text
//! for slides and spreadsheets. The compare view draws it; session exports save it.

use super::color::Rgb;
use super::domain::AnyProblem;
use super::print::compact_number;
use super::session::Session;
use super::text;
use crate::search::{Cost, Search, effective_branching_factor};

/// The summary's columns: lane, length, optimal, expanded, generated, max open, peak held,
/// re-expanded, b*, time.
pub const SUMMARY_COLUMNS: usize = 10;

/// One lane's line of the summary table.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRow {
    pub lane: String,
    pub color: Rgb,
    /// Moves in the solution, once solved.
    pub length: Option<usize>,
    /// What the solution costs, once solved; the table gives it in place of the length where
    /// steps cost different amounts (`weighted`), as on a road map.
    pub cost: Option<Cost>,
    pub weighted: bool,
    /// The path's cost compared with the true cost h* (3x3 puzzles, maps); `None` when h* is not
    /// known.
    pub optimal: Option<bool>,
    pub expanded: u32,
    pub generated: u32,
    pub max_open: u32,
    /// The most nodes the algorithm held at once ([`crate::search::Stats::max_held`]).
    pub max_held: u32,
    /// Expansions of states expanded before ([`crate::search::Stats::reexpanded`]).
    pub reexpanded: u32,
    pub branching: Option<f64>,
    pub millis: f64,
}

impl SummaryRow {
    /// The solution's length, or its cost where steps cost different amounts.
    fn length_cell(&self) -> String {
        let dash = || text::t().dash.to_owned();
        if self.weighted {
            self.cost.map_or_else(dash, |c| c.to_string())
        } else {
            self.length.map_or_else(dash, |l| l.to_string())
        }
    }

    fn optimal_cell(&self) -> &'static str {
        match (self.length, self.optimal) {
            (None, _) => text::t().dash,
            (Some(_), None) => text::t().unknown,
            (Some(_), Some(true)) => text::t().yes,
            (Some(_), Some(false)) => text::t().no,
        }
    }

    /// The cells for the screen: counts whole with their thousands marked ("1,476"), or in
    /// the short form ("1.5k") where `short`, so four lanes' columns fit beside the cards at
    /// projector sizes; b* to two decimals. The copied text keeps [`SummaryRow::cells`].
    pub fn screen_cells(&self, short: bool) -> [String; SUMMARY_COLUMNS] {
        let count = |v: u32| {
            if short {
                compact_number(f64::from(v))
            } else {
                text::grouped(u64::from(v))
            }
        };
        [
            self.lane.clone(),
            self.length_cell(),
            self.optimal_cell().to_owned(),
            count(self.expanded),
            count(self.generated),
            count(self.max_open),
            count(self.max_held),
            count(self.reexpanded),
            self.branching
                .map_or(text::t().dash.to_owned(), |b| format!("{b:.2}")),
            format!("{:.1}", self.millis),
        ]
    }

    pub fn cells(&self) -> [String; SUMMARY_COLUMNS] {
        let optimal = self.optimal_cell();
        [
            self.lane.clone(),
            self.length_cell(),
            optimal.to_owned(),
            self.expanded.to_string(),
            self.generated.to_string(),
            self.max_open.to_string(),
            self.max_held.to_string(),
            self.reexpanded.to_string(),
            self.branching
                .map_or(text::t().dash.to_owned(), |b| format!("{b:.3}")),
            format!("{:.2}", self.millis),
        ]
    }
}

/// The summary table's column titles in the current language: the solution's cost in place
/// of its length where steps cost different amounts (`weighted`).
pub fn summary_header(weighted: bool) -> [&'static str; SUMMARY_COLUMNS] {
    let t = text::t();
    [
        t.col_lane,
        if weighted { t.col_cost } else { t.col_length },
        t.col_optimal,
        t.col_expanded,
        t.col_generated,
        t.col_max_open,
        t.col_peak_held,
        t.col_reexpanded,
        t.col_bstar,
        t.col_time,
    ]
}

/// Whether the rows give costs in place of lengths.
pub fn weighted(rows: &[SummaryRow]) -> bool {
    rows.first().is_some_and(|row| row.weighted)
}

/// The summary of every lane at the current step.
pub fn summary_rows(session: &Session) -> Vec<SummaryRow> {
    // The true cost from the start: the 3x3 distance table, or one reverse Dijkstra on a map.
    let exact = session.h_star().and_then(|h| {
        let start = crate::search::SearchProblem::start(session.problem.as_ref().ok()?);
        h.of(&start)
    });
    session
        .lanes
        .iter()
        .enumerate()
        .map(|(i, lane)| {
            let search = lane.search();
            let stats = search.stats();
            let length = search.solution().map(|p| p.len() - 1);
            let cost = path_cost(search);
            let optimal = cost.and_then(|cost| exact.map(|e| cost == e));
            let branching = length
                .and_then(|l| effective_branching_factor(u64::from(stats.generated), l as u32));
            SummaryRow {
                lane: text::lane_short(i + 1, lane.config()),
                color: lane.color,
                length,
                cost,
                weighted: session.settings.domain.costs_have_decimals(),
                optimal,
                expanded: stats.expanded,
                generated: stats.generated,
                max_open: stats.max_open,
                max_held: stats.max_held,
                reexpanded: stats.reexpanded,
                branching,
                millis: lane.seconds() * 1000.0,
            }
        })
        .collect()
}

/// What the solution's steps cost, summed from the problem's own step costs (a bidirectional
/// search's goal node does not hold the whole path's g).
fn path_cost(search: &dyn Search<AnyProblem>) -> Option<Cost> {
    use crate::search::SearchProblem;
    let states = search.solution_states()?;
    let mut next = Vec::new();
    let mut total = Cost::ZERO;
    for pair in states.windows(2) {
        next.clear();
        search.problem().successors(&pair[0], &mut next);
        let (_, _, cost) = next.iter().find(|(_, s, _)| *s == pair[1])?;
        total += *cost;
    }
    Some(total)
}

/// The table as Markdown, for a slide or an issue.
pub fn summary_markdown(rows: &[SummaryRow]) -> String {
    let header = summary_header(weighted(rows));
    let mut out = format!("| {} |\n", header.join(" | "));
    out.push_str(&format!("|{}\n", "---|".repeat(header.len())));
    for row in rows {
        out.push_str(&format!("| {} |\n", row.cells().join(" | ")));
    }
    out
}

/// The table as tab-separated values, for a spreadsheet.
pub fn summary_tsv(rows: &[SummaryRow]) -> String {
    let mut out = summary_header(weighted(rows)).join("\t");
    out.push('\n');
    for row in rows {
        out.push_str(&row.cells().join("\t"));
        out.push('\n');
    }
    out
}
