//! The OPEN/CLOSED table as students write it (no egui): one row per step with the node
//! expanded, OPEN after the step in pop order with each node's f, and CLOSED; exported as
//! Markdown, CSV and LaTeX in the current language. Names are those of the tree (S0, S1, ... in
//! generation order) or the boards themselves, so the table is the tree's answer key.
//!
//! The rows are read from a search of its own with the same problem and config, stepped to the
//! same step: a step's row is what open and closed held right after it, which the engine does
//! not keep for past steps. Called by the tree pane, the File menu and `searchlab solve --table`.

use super::Drawn;
use super::model::{cost_text, facts, node_name, state};
use crate::i18n;
use crate::search::{Cost, NodeId, Search, SearchConfig, Status, new_search};

/// The window shows and exports at most this many steps of the table: a handout's table is a
/// few dozen rows, and each row holds a copy of open.
pub const TABLE_STEPS: usize = 1000;

/// How nodes are named in the table (and the tree's labels).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Naming {
    /// S0 for the start, then S1, S2, ... in generation order.
    #[default]
    Numbered,
    /// The board itself, row by row: 283/104/765.
    Board,
}

/// One node in OPEN, with the f it had then.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    pub id: NodeId,
    pub f: Cost,
}

/// The table's row after one step (step 0: before the first).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub step: usize,
    /// The node removed from open at this step.
    pub expanded: Option<NodeId>,
    /// The goal, if this step found it.
    pub goal: Option<NodeId>,
    /// OPEN after the step, in pop order (a bidirectional search's forward OPEN).
    pub open: Vec<Entry>,
    /// A bidirectional search's backward OPEN after the step, in pop order; `None` for the
    /// other searches.
    pub backward_open: Option<Vec<Entry>>,
    /// CLOSED after the step, in the order the nodes were expanded (a node back in open is not
    /// in it; one expanded twice is listed once).
    pub closed: Vec<NodeId>,
}

/// The rows of one run up to some step.
pub struct StepTable<P: Drawn> {
    search: Box<dyn Search<P>>,
    rows: Vec<Row>,
}

impl<P: Drawn> StepTable<P> {
    /// The table of a fresh run of `config` on `problem`, before its first step.
    pub fn new(problem: P, config: SearchConfig<P::Heuristic>) -> StepTable<P> {
        let search = new_search(problem, config);
        let rows = vec![row(search.as_ref(), None)];
        StepTable { search, rows }
    }

    /// Whether this table follows a run of this problem and config.
    pub fn follows(&self, problem: &P, config: &SearchConfig<P::Heuristic>) -> bool {
        self.search.config() == config && self.search.problem().same_problem(problem)
    }

    /// Adds or removes rows until the last is step `steps` (or the run's last step).
    pub fn seek(&mut self, steps: usize) {
        while self.search.steps() > steps {
            self.search.step_back();
            self.rows.pop();
        }
        while self.search.steps() < steps {
            let Some(view) = self.search.step() else {
                break;
            };
            let expanded = view.expanded;
            let next = row(self.search.as_ref(), Some(expanded));
            self.rows.push(next);
        }
    }

    /// Row 0 (the start) and one row per step.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// A node's name.
    pub fn name(&self, id: NodeId, naming: Naming) -> String {
        match naming {
            Naming::Numbered => node_name(id),
            Naming::Board => {
                let search = self.search.as_ref();
                search.problem().state_name(&state(search, id))
            }
        }
    }

    /// The cells of a row as text: step, expanded, OPEN, CLOSED.
    pub fn cells(&self, row: &Row, naming: Naming) -> [String; 4] {
        let (start, goal_word) = i18n::table_start_and_goal();
        let expanded = match (row.expanded, row.goal) {
            (None, _) => start.to_owned(),
            (Some(id), Some(goal)) if id == goal => {
                format!("{} ({goal_word})", self.name(id, naming))
            }
            (Some(id), Some(goal)) => format!(
                "{} ({goal_word} {})",
                self.name(id, naming),
                self.name(goal, naming)
            ),
            (Some(id), None) => self.name(id, naming),
        };
        let list = |entries: &[Entry]| {
            let names: Vec<String> = entries
                .iter()
                .map(|e| format!("{}({})", self.name(e.id, naming), cost_text(e.f)))
                .collect();
            format!("{{{}}}", names.join(", "))
        };
        let open = match &row.backward_open {
            None => list(&row.open),
            // Both frontiers, as a bidirectional search keeps them: forward, then backward.
            Some(backward) => format!(
                "{} · {} {}",
                list(&row.open),
                i18n::table_backward(),
                list(backward)
            ),
        };
        let closed: Vec<String> = row.closed.iter().map(|&id| self.name(id, naming)).collect();
        [
            row.step.to_string(),
            expanded,
            open,
            format!("{{{}}}", closed.join(", ")),
        ]
    }

    fn header() -> [&'static str; 4] {
        i18n::table_headers()
    }

    /// The table in Markdown.
    pub fn markdown(&self, naming: Naming) -> String {
        let mut out = format!("| {} |\n|---:|---|---|---|\n", Self::header().join(" | "));
        for row in &self.rows {
            let cells = self.cells(row, naming).map(|c| c.replace('|', "\\|"));
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        out
    }

    /// The table as CSV (RFC 4180 quoting).
    pub fn csv(&self, naming: Naming) -> String {
        let line = |cells: &[String]| {
            cells
                .iter()
                .map(|c| {
                    if c.contains([',', '"', '\n']) {
                        format!("\"{}\"", c.replace('"', "\"\""))
                    } else {
                        c.clone()
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut out = line(&Self::header().map(str::to_owned));
        out.push('\n');
        for row in &self.rows {
            out.push_str(&line(&self.cells(row, naming)));
            out.push('\n');
        }
        out
    }

    /// The table as a LaTeX `tabular` to `\input` into a handout (Chinese needs `ctex`).
    pub fn latex(&self, naming: Naming) -> String {
        let mut out = String::from(
            "% searchlab: OPEN/CLOSED table. Chinese text needs \\usepackage{ctex} (xelatex).\n\
             \\begin{tabular}{r l p{0.5\\linewidth} p{0.3\\linewidth}}\n\\hline\n",
        );
        let header = Self::header().map(latex_escape);
        out.push_str(&format!("{} \\\\\n\\hline\n", header.join(" & ")));
        for row in &self.rows {
            let cells = self.cells(row, naming).map(|c| latex_escape(&c));
            out.push_str(&format!("{} \\\\\n", cells.join(" & ")));
        }
        out.push_str("\\hline\n\\end{tabular}\n");
        out
    }
}

/// The row for the search as it stands, `expanded` being the node the last step removed.
fn row<P: Drawn>(search: &dyn Search<P>, expanded: Option<NodeId>) -> Row {
    let entry = |id| Entry {
        id,
        f: facts(search, id).f,
    };
    let open = search.open_nodes().map(entry).collect();
    let backward_open = search
        .bidirectional()
        .map(|view| view.backward_open().map(entry).collect());
    let mut seen = rustc_hash::FxHashSet::default();
    let closed = search
        .closed()
        .iter()
        .copied()
        .filter(|&id| !facts(search, id).open && seen.insert(id))
        .collect();
    let goal = match (expanded, search.status()) {
        (Some(_), Status::Solved { goal }) => Some(goal),
        _ => None,
    };
    Row {
        step: search.steps(),
        expanded,
        goal,
        open,
        backward_open,
        closed,
    }
}

/// Text for LaTeX: its special characters escaped.
pub fn latex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::{Problem, SearchConfig};

    fn problem() -> Problem {
        Problem::new("283104765".parse().unwrap(), "123804765".parse().unwrap()).unwrap()
    }

    /// The name and f of each open node, and the closed names, as the engine has them now.
    fn engine_cells<P: Drawn>(search: &dyn Search<P>) -> (String, String) {
        let open: Vec<String> = search
            .open_nodes()
            .map(|id| format!("S{}({})", id.0, search.node(id).f))
            .collect();
        let closed: Vec<String> = search
            .closed()
            .iter()
            .map(|id| format!("S{}", id.0))
            .collect();
        (
            format!("{{{}}}", open.join(", ")),
            format!("{{{}}}", closed.join(", ")),
        )
    }

    #[test]
    fn a_bidirectional_table_lists_both_open_lists_as_the_engine_holds_them() {
        i18n::set_language(i18n::Language::English);
        let config = SearchConfig::with(
            crate::search::Algorithm::BidirectionalBfs,
            crate::domains::puzzle::HeuristicKind::Manhattan,
        );
        let mut table = StepTable::new(problem(), config);
        table.seek(usize::MAX);
        let mut search = crate::search::try_new_search(problem(), config).unwrap();
        let named = |ids: Vec<NodeId>, search: &dyn Search<Problem>| {
            let names: Vec<String> = ids
                .iter()
                .map(|&id| format!("S{}({})", id.0, search.node(id).f))
                .collect();
            format!("{{{}}}", names.join(", "))
        };
        assert!(table.rows().len() > 3);
        for (k, row) in table.rows().iter().enumerate() {
            if k > 0 {
                search.step().unwrap();
            }
            let forward = named(search.open_nodes().collect(), search.as_ref());
            let view = search.bidirectional().unwrap();
            let backward = named(view.backward_open().collect(), search.as_ref());
            assert_eq!(
                table.cells(row, Naming::Numbered)[2],
                format!("{forward} · backward {backward}"),
                "OPEN after step {k}"
            );
        }
    }

    #[test]
    fn the_markdown_table_matches_the_engine_line_by_line() {
        i18n::set_language(i18n::Language::English);
        for algorithm in [
            crate::search::Algorithm::AStar,
            crate::search::Algorithm::BreadthFirst,
        ] {
            let config =
                SearchConfig::with(algorithm, crate::domains::puzzle::HeuristicKind::Manhattan);
            let mut table = StepTable::new(problem(), config);
            table.seek(usize::MAX);
            let markdown = table.markdown(Naming::Numbered);
            let lines: Vec<&str> = markdown.lines().collect();
            assert_eq!(lines[0], "| Step | Expanded | OPEN | CLOSED |");
            let mut search = new_search(problem(), config);
            for (k, line) in lines[2..].iter().enumerate() {
                if k > 0 {
                    search.step().unwrap();
                }
                let cells: Vec<&str> = line.trim_matches('|').split(" | ").collect();
                let cells: Vec<&str> = cells.iter().map(|c| c.trim()).collect();
                let (open, closed) = engine_cells(search.as_ref());
                assert_eq!(cells[0], k.to_string());
                assert_eq!(cells[2], open, "OPEN after step {k}");
                assert_eq!(cells[3], closed, "CLOSED after step {k}");
                match search.closed().last() {
                    Some(id) => assert!(cells[1].starts_with(&format!("S{}", id.0))),
                    None => assert_eq!(cells[1], "start"),
                }
            }
            assert_eq!(lines.len() - 2, search.steps() + 1);
            assert!(search.solution().is_some() && lines.last().unwrap().contains("(goal)"));
        }
    }

    /// The table is the tree's answer key: row k expands the node the tree labels `#k`, under
    /// the same name, at that step and (but for a depth-first search's earlier iterations,
    /// which the tree lets go) at the end of the run; a node expanded twice carries both.
    #[test]
    fn row_k_expands_the_node_the_tree_labels_k() {
        use crate::domains::puzzle::HeuristicKind;
        use crate::search::Algorithm;
        use crate::tree::model::SearchTree;
        i18n::set_language(i18n::Language::English);
        let weighted = SearchConfig {
            weight: 3.0,
            ..SearchConfig::with(Algorithm::WeightedAStar, HeuristicKind::Manhattan)
        };
        let runs = [
            ("283104765", SearchConfig::default()),
            ("216408753", weighted),
            (
                "283164705",
                SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Manhattan),
            ),
            (
                "216408753",
                SearchConfig::with(Algorithm::BidirectionalBfs, HeuristicKind::Zero),
            ),
        ];
        let mut expanded_twice = 0;
        for (board, config) in runs {
            let problem =
                Problem::new(board.parse().unwrap(), "123804765".parse().unwrap()).unwrap();
            let mut table = StepTable::new(problem, config);
            table.seek(usize::MAX);
            let mut search = new_search(problem, config);
            let mut tree = SearchTree::default();
            let token = |tree: &SearchTree<Problem>, id: NodeId, k: usize| {
                let title = tree.title(id, node_name(id));
                title.split(' ').any(|word| word == format!("#{k}"))
                    && title.starts_with(&format!("{} ", node_name(id)))
            };
            for row in &table.rows()[1..] {
                search.step().unwrap();
                tree.sync(search.as_ref(), false);
                let id = row.expanded.unwrap();
                let cell = &table.cells(row, Naming::Numbered)[1];
                assert!(cell.starts_with(&node_name(id)), "{cell}");
                assert!(token(&tree, id, row.step), "{config:?}: row {}", row.step);
            }
            for row in &table.rows()[1..] {
                let id = row.expanded.unwrap();
                if search.depth_first().is_none() {
                    assert!(
                        token(&tree, id, row.step),
                        "{config:?}: row {} at the end",
                        row.step
                    );
                }
                expanded_twice += usize::from(tree.expansions(id).matches('#').count() > 1);
            }
        }
        assert!(expanded_twice > 0, "a run that expands a node twice");
    }

    #[test]
    fn the_textbook_example_reads_as_in_the_textbook() {
        // A* with Manhattan on 283104765, after the first expansion: the blank moved up has
        // h = 3, the other three children h = 5.
        i18n::set_language(i18n::Language::English);
        let mut table = StepTable::new(problem(), SearchConfig::default());
        table.seek(1);
        let cells = table.cells(&table.rows()[1], Naming::Numbered);
        assert_eq!(cells[1], "S0");
        assert_eq!(cells[3], "{S0}");
        assert_eq!(cells[2], "{S1(4), S2(6), S3(6), S4(6)}");
        let boards = table.cells(&table.rows()[1], Naming::Board);
        assert_eq!(boards[1], "283/104/765");
        // Going back and forth gives the same rows.
        let before = table.rows().to_vec();
        table.seek(usize::MAX);
        table.seek(1);
        assert_eq!(table.rows(), &before[..]);
    }

    #[test]
    fn exports_are_in_the_chosen_language_and_escaped() {
        i18n::set_language(i18n::Language::Chinese);
        let mut table = StepTable::new(problem(), SearchConfig::default());
        table.seek(usize::MAX);
        let csv = table.csv(Naming::Numbered);
        assert!(
            csv.starts_with("步骤,扩展结点,OPEN 表,CLOSED 表\n"),
            "{csv}"
        );
        assert!(
            csv.lines()
                .nth(2)
                .unwrap()
                .contains("\"{S1(4), S2(6), S3(6), S4(6)}\"")
        );
        let latex = table.latex(Naming::Numbered);
        assert!(latex.contains("\\{S0\\}"));
        assert_eq!(latex.matches("\\\\\n").count(), table.rows().len() + 1);
        i18n::set_language(i18n::Language::English);
        assert_eq!(latex_escape("a_b & 50%"), "a\\_b \\& 50\\%");
    }
}
