//! The OPEN/CLOSED table as students write it (no egui): one row per step with the node
//! expanded, OPEN after the step in pop order with each node's f, and CLOSED; exported as
//! Markdown, CSV and LaTeX in the current language. Names are those of the tree (S0, S1, ... in
//! generation order) or the boards themselves, so the table is the tree's answer key.
//!
//! The rows are read from a search of its own with the same problem and config, stepped to the
//! same step: a step's row is what open and closed held right after it, which the engine does
//! not keep for past steps. Files are written row by row as a search runs ([`TableWriter`]),
//! whole rows while they are short and only each step's changes past [`WHOLE_ROW_NODES`], so
//! a file costs one row of memory and grows with the number of steps, not its square. Called
//! by the tree pane, the File menu and `searchlab solve --table`.

use std::io::{self, Write};

use rustc_hash::{FxHashMap, FxHashSet};

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
    /// The state itself, as its domain writes it: a board row by row (283/104/765), a
    /// graph's node by its name.
    State,
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
        name(self.search.as_ref(), id, naming)
    }

    /// The cells of a row as text: step, expanded, OPEN, CLOSED.
    pub fn cells(&self, row: &Row, naming: Naming) -> [String; 4] {
        whole_cells(self.search.as_ref(), row, naming)
    }

    /// The table in Markdown.
    pub fn markdown(&self, naming: Naming) -> String {
        self.export(TableFormat::Markdown, naming)
    }

    /// The table as CSV (RFC 4180 quoting).
    pub fn csv(&self, naming: Naming) -> String {
        self.export(TableFormat::Csv, naming)
    }

    /// The table as a LaTeX `tabular` to `\input` into a handout (Chinese needs `ctex`).
    pub fn latex(&self, naming: Naming) -> String {
        self.export(TableFormat::Latex, naming)
    }

    /// The rows as a file: a fresh run written by [`TableWriter`], so the window's exports and
    /// `searchlab solve --table` write the same file.
    fn export(&self, format: TableFormat, naming: Naming) -> String {
        let mut search = new_search(self.search.problem().clone(), *self.search.config());
        let mut out = Vec::new();
        let written = TableWriter::new(&mut out, format, naming).and_then(|mut table| {
            table.row(search.as_ref())?;
            while search.steps() < self.search.steps() && search.step().is_some() {
                table.row(search.as_ref())?;
            }
            table.finish()
        });
        // Writing into memory cannot fail, and every cell is text.
        written.expect("a table written into memory");
        String::from_utf8(out).expect("a table is UTF-8")
    }
}

/// A node's name in the table.
fn name<P: Drawn>(search: &dyn Search<P>, id: NodeId, naming: Naming) -> String {
    match naming {
        Naming::Numbered => node_name(id),
        Naming::State => search.problem().state_name(&state(search, id)),
    }
}

/// The Expanded cell: `start`, the node's name, and the goal if the step found it.
fn expanded_cell<P: Drawn>(search: &dyn Search<P>, row: &Row, naming: Naming) -> String {
    let (start, goal_word) = i18n::table_start_and_goal();
    match (row.expanded, row.goal) {
        (None, _) => start.to_owned(),
        (Some(id), Some(goal)) if id == goal => {
            format!("{} ({goal_word})", name(search, id, naming))
        }
        (Some(id), Some(goal)) => format!(
            "{} ({goal_word} {})",
            name(search, id, naming),
            name(search, goal, naming)
        ),
        (Some(id), None) => name(search, id, naming),
    }
}

/// Nodes with their f as a cell writes them: `{S1(4), S2(6)}`.
fn entry_list<P: Drawn>(search: &dyn Search<P>, entries: &[Entry], naming: Naming) -> String {
    let names: Vec<String> = entries
        .iter()
        .map(|e| format!("{}({})", name(search, e.id, naming), cost_text(e.f)))
        .collect();
    format!("{{{}}}", names.join(", "))
}

/// Nodes as a cell writes them: `{S0, S1}`.
fn name_list<P: Drawn>(search: &dyn Search<P>, ids: &[NodeId], naming: Naming) -> String {
    let names: Vec<String> = ids.iter().map(|&id| name(search, id, naming)).collect();
    format!("{{{}}}", names.join(", "))
}

/// The cells of a whole row: step, expanded, OPEN, CLOSED.
fn whole_cells<P: Drawn>(search: &dyn Search<P>, row: &Row, naming: Naming) -> [String; 4] {
    let open = match &row.backward_open {
        None => entry_list(search, &row.open, naming),
        // Both frontiers, as a bidirectional search keeps them: forward, then backward.
        Some(backward) => format!(
            "{} · {} {}",
            entry_list(search, &row.open, naming),
            i18n::table_backward(),
            entry_list(search, backward, naming)
        ),
    };
    [
        row.step.to_string(),
        expanded_cell(search, row, naming),
        open,
        name_list(search, &row.closed, naming),
    ]
}

/// The file formats of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    Markdown,
    /// RFC 4180 quoting.
    Csv,
    /// A `tabular` to `\input` into a handout (Chinese needs `ctex`).
    Latex,
}

/// A row is written whole while its OPEN and CLOSED hold at most this many nodes together;
/// from the first row that holds more, every row gives only what its step changed. Whole
/// rows grow with the step, so a table of whole rows grows with the square of its length;
/// rows of changes hold what one expansion did. A handout's table stays far below it.
pub const WHOLE_ROW_NODES: usize = 200;

/// OPEN and CLOSED as the rows written so far left them: what the next row's changes are
/// measured against.
#[derive(Default)]
struct Lists {
    /// Each node in OPEN (either half's) with its f.
    open: FxHashMap<NodeId, Cost>,
    closed: FxHashSet<NodeId>,
}

/// What one step did to OPEN and CLOSED, each list as the nodes taken out and put in.
#[derive(Default)]
struct Changes {
    /// Forward OPEN (the only one but for a bidirectional search): out, in.
    open: (Vec<NodeId>, Vec<Entry>),
    /// A bidirectional search's backward OPEN.
    backward_open: (Vec<NodeId>, Vec<Entry>),
    closed: (Vec<NodeId>, Vec<NodeId>),
}

/// The OPEN/CLOSED table written row by row as a search runs, to a file or any writer: the
/// search is never copied and no row is kept, so the table costs the writer one row however
/// long the run. Rows are whole until one would list more than [`WHOLE_ROW_NODES`] nodes; a
/// note in the file's own format then says that the rows from there on give OPEN and CLOSED
/// as their changes, `-{taken out} +{put in}`.
pub struct TableWriter<W: Write> {
    out: W,
    format: TableFormat,
    naming: Naming,
    lists: Lists,
    /// The step whose row was the first of changes.
    changes_from: Option<usize>,
    rows: usize,
    longest_row: usize,
}

impl<W: Write> TableWriter<W> {
    /// Starts a table in `format` (in the current language): writes its header.
    pub fn new(mut out: W, format: TableFormat, naming: Naming) -> io::Result<TableWriter<W>> {
        let header = i18n::table_headers();
        match format {
            TableFormat::Markdown => write!(out, "{}", markdown_header(header))?,
            TableFormat::Csv => writeln!(out, "{}", csv_line(&header.map(str::to_owned)))?,
            TableFormat::Latex => {
                out.write_all(
                    "% searchlab: OPEN/CLOSED table. Chinese text needs \\usepackage{ctex} (xelatex).\n\
                     \\begin{tabular}{r l p{0.5\\linewidth} p{0.3\\linewidth}}\n\\hline\n"
                        .as_bytes(),
                )?;
                let header = header.map(latex_escape);
                write!(out, "{} \\\\\n\\hline\n", header.join(" & "))?;
            }
        }
        Ok(TableWriter {
            out,
            format,
            naming,
            lists: Lists::default(),
            changes_from: None,
            rows: 0,
            longest_row: 0,
        })
    }

    /// Writes the row of the search as it stands: row 0 before its first step, then one row
    /// after each step, called after every step (the changes are those of the latest step).
    pub fn row<P: Drawn>(&mut self, search: &dyn Search<P>) -> io::Result<()> {
        let expanded = search.closed().last().copied();
        let changes = if self.rows == 0 {
            self.lists = Lists::default();
            for id in all_open(search) {
                self.lists.open.insert(id, facts(search, id).f);
            }
            None
        } else {
            Some(self.changes(search))
        };
        if self.changes_from.is_none()
            && self.lists.open.len() + self.lists.closed.len() > WHOLE_ROW_NODES
        {
            self.changes_from = Some(search.steps());
            self.note(search.steps())?;
        }
        let cells = match (self.changes_from, changes) {
            (Some(_), Some(changes)) => {
                let head = Row {
                    step: search.steps(),
                    expanded,
                    goal: goal(search, expanded),
                    open: Vec::new(),
                    backward_open: None,
                    closed: Vec::new(),
                };
                change_cells(search, &head, &changes, self.naming)
            }
            _ => whole_cells(search, &row(search, expanded), self.naming),
        };
        let line = match self.format {
            TableFormat::Markdown => {
                format!("| {} |\n", cells.map(|c| c.replace('|', "\\|")).join(" | "))
            }
            TableFormat::Csv => format!("{}\n", csv_line(&cells)),
            TableFormat::Latex => format!("{} \\\\\n", cells.map(|c| latex_escape(&c)).join(" & ")),
        };
        self.longest_row = self.longest_row.max(line.len());
        self.rows += 1;
        self.out.write_all(line.as_bytes())
    }

    /// Ends the table (LaTeX closes its `tabular`) and flushes the writer.
    pub fn finish(mut self) -> io::Result<()> {
        if self.format == TableFormat::Latex {
            self.out.write_all(b"\\hline\n\\end{tabular}\n")?;
        }
        self.out.flush()
    }

    /// The rows written so far.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The step of the first row written as changes, if one was.
    pub fn changes_from(&self) -> Option<usize> {
        self.changes_from
    }

    /// The bytes of the longest row written: all the writer holds at once.
    pub fn longest_row(&self) -> usize {
        self.longest_row
    }

    /// What the latest step changed in OPEN and CLOSED, and the lists brought up to date. A
    /// step moves only the node it expanded and the children it generated: they are the
    /// only nodes looked at.
    fn changes<P: Drawn>(&mut self, search: &dyn Search<P>) -> Changes {
        let step = search.step_at(search.steps() - 1);
        let mut seen: Vec<NodeId> = Vec::with_capacity(step.children.len() + 1);
        let mut changes = Changes::default();
        for id in std::iter::once(step.expanded).chain(step.children.iter().map(|c| c.node)) {
            if seen.contains(&id) {
                continue;
            }
            seen.push(id);
            let node = facts(search, id);
            let list = if node.backward {
                &mut changes.backward_open
            } else {
                &mut changes.open
            };
            let was = self.lists.open.get(&id).copied();
            let now = node.open.then_some(node.f);
            if was != now {
                if was.is_some() {
                    list.0.push(id);
                    self.lists.open.remove(&id);
                }
                if let Some(f) = now {
                    list.1.push(Entry { id, f });
                    self.lists.open.insert(id, f);
                }
            }
            let closed = !node.open && node.expanded_at.is_some();
            if closed && self.lists.closed.insert(id) {
                changes.closed.1.push(id);
            } else if !closed && self.lists.closed.remove(&id) {
                changes.closed.0.push(id);
            }
        }
        changes
    }

    /// The note where the rows of changes begin, in the file's own format.
    fn note(&mut self, step: usize) -> io::Result<()> {
        let note = if i18n::zh() {
            format!(
                "从第 {step} 步起，OPEN 表和 CLOSED 表合计超过 {WHOLE_ROW_NODES} 个结点：\
                 每行只写出这一步的变化，-{{移出的结点}} +{{加入的结点}}。"
            )
        } else {
            format!(
                "From step {step} on, OPEN and CLOSED hold more than {WHOLE_ROW_NODES} nodes \
                 together: each row gives only what its step changed, -{{taken out}} +{{put in}}."
            )
        };
        match self.format {
            // A paragraph ends the table; the rows go on under the header again.
            TableFormat::Markdown => write!(
                self.out,
                "\n{note}\n\n{}",
                markdown_header(i18n::table_headers())
            ),
            TableFormat::Csv => writeln!(self.out, "# {note}"),
            TableFormat::Latex => write!(
                self.out,
                "\\hline\n\\multicolumn{{4}}{{p{{0.9\\linewidth}}}}{{\\emph{{{}}}}} \\\\\n\\hline\n",
                latex_escape(&note)
            ),
        }
    }
}

/// The Markdown table's header and rule.
fn markdown_header(header: [&str; 4]) -> String {
    format!("| {} |\n|---:|---|---|---|\n", header.join(" | "))
}

/// One CSV line, cells quoted as RFC 4180 says.
pub(crate) fn csv_line(cells: &[String]) -> String {
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
}

/// Every node in OPEN: the forward half's, then a bidirectional search's backward half's.
fn all_open<P: Drawn>(search: &dyn Search<P>) -> Vec<NodeId> {
    let mut ids: Vec<NodeId> = search.open_nodes().collect();
    if let Some(view) = search.bidirectional() {
        ids.extend(view.backward_open());
    }
    ids
}

/// The goal, if the step that expanded `expanded` found it.
fn goal<P: Drawn>(search: &dyn Search<P>, expanded: Option<NodeId>) -> Option<NodeId> {
    match (expanded, search.status()) {
        (Some(_), Status::Solved { goal }) => Some(goal),
        _ => None,
    }
}

/// A row of changes: step, expanded, what left and entered OPEN, and CLOSED.
fn change_cells<P: Drawn>(
    search: &dyn Search<P>,
    row: &Row,
    changes: &Changes,
    naming: Naming,
) -> [String; 4] {
    let open_cell = |(out, put): &(Vec<NodeId>, Vec<Entry>)| {
        let mut parts = Vec::new();
        if !out.is_empty() {
            parts.push(format!("-{}", name_list(search, out, naming)));
        }
        if !put.is_empty() {
            parts.push(format!("+{}", entry_list(search, put, naming)));
        }
        if parts.is_empty() {
            "{}".to_owned()
        } else {
            parts.join(" ")
        }
    };
    let open = if search.bidirectional().is_some() {
        format!(
            "{} · {} {}",
            open_cell(&changes.open),
            i18n::table_backward(),
            open_cell(&changes.backward_open)
        )
    } else {
        open_cell(&changes.open)
    };
    let (out, put) = &changes.closed;
    let mut closed = Vec::new();
    if !out.is_empty() {
        closed.push(format!("-{}", name_list(search, out, naming)));
    }
    if !put.is_empty() {
        closed.push(format!("+{}", name_list(search, put, naming)));
    }
    [
        row.step.to_string(),
        expanded_cell(search, row, naming),
        open,
        if closed.is_empty() {
            "{}".to_owned()
        } else {
            closed.join(" ")
        },
    ]
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
    Row {
        step: search.steps(),
        expanded,
        goal: goal(search, expanded),
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
            // Chinese formulas hold their spaces together with U+00A0: a tie in LaTeX.
            '\u{a0}' => out.push('~'),
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
        let boards = table.cells(&table.rows()[1], Naming::State);
        assert_eq!(boards[1], "283/104/765");
        // Going back and forth gives the same rows.
        let before = table.rows().to_vec();
        table.seek(usize::MAX);
        table.seek(1);
        assert_eq!(table.rows(), &before[..]);
    }

    /// OPEN (both halves) with each node's f, and CLOSED, as a whole row lists them.
    fn whole_lists<P: Drawn>(search: &dyn Search<P>) -> (Vec<(NodeId, Cost)>, Vec<NodeId>) {
        let whole = row(search, search.closed().last().copied());
        let mut open: Vec<(NodeId, Cost)> = whole
            .open
            .iter()
            .chain(whole.backward_open.iter().flatten())
            .map(|e| (e.id, e.f))
            .collect();
        open.sort_by_key(|&(id, _)| id);
        let mut closed = whole.closed;
        closed.sort();
        (open, closed)
    }

    /// The rows of changes add up to the whole rows: after every step, OPEN and CLOSED as the
    /// changes so far leave them are those the whole row lists, for every family of search.
    #[test]
    fn the_changes_add_up_to_the_whole_rows() {
        use crate::domains::puzzle::HeuristicKind;
        use crate::search::Algorithm;
        let weighted = SearchConfig {
            weight: 3.0,
            ..SearchConfig::with(Algorithm::WeightedAStar, HeuristicKind::Manhattan)
        };
        let runs = [
            ("216408753", SearchConfig::default()),
            ("216408753", weighted),
            (
                "216408753",
                SearchConfig::with(Algorithm::Greedy, HeuristicKind::Manhattan),
            ),
            (
                "283164705",
                SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero),
            ),
            (
                "283164705",
                SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Manhattan),
            ),
            (
                "283164705",
                SearchConfig::with(Algorithm::IterativeDeepening, HeuristicKind::Zero),
            ),
            (
                "216408753",
                SearchConfig::with(Algorithm::BidirectionalBfs, HeuristicKind::Zero),
            ),
            (
                "216408753",
                SearchConfig::with(Algorithm::BidirectionalUcs, HeuristicKind::Zero),
            ),
        ];
        let mut reopened = 0;
        for (board, config) in runs {
            let problem =
                Problem::new(board.parse().unwrap(), "123804765".parse().unwrap()).unwrap();
            let mut search = new_search(problem, config);
            let mut table =
                TableWriter::new(io::sink(), TableFormat::Csv, Naming::Numbered).unwrap();
            loop {
                table.row(search.as_ref()).unwrap();
                let mut open: Vec<(NodeId, Cost)> =
                    table.lists.open.iter().map(|(&id, &f)| (id, f)).collect();
                open.sort_by_key(|&(id, _)| id);
                let mut closed: Vec<NodeId> = table.lists.closed.iter().copied().collect();
                closed.sort();
                assert_eq!(
                    (open, closed),
                    whole_lists(search.as_ref()),
                    "{config:?} on {board} after step {}",
                    search.steps()
                );
                if search.steps() == 3000 || search.step().is_none() {
                    break;
                }
            }
            assert_eq!(table.rows(), search.steps() + 1);
            reopened += search.stats().reopened;
        }
        assert!(reopened > 0, "a run that puts closed nodes back in open");
    }

    use crate::tree::Sizes;

    /// A long run's table holds one short row at a time and grows with its steps: BFS on a
    /// board 20 moves away takes tens of thousands of steps, whose whole rows would list as
    /// many nodes each.
    #[test]
    fn a_long_table_is_written_as_changes_in_memory_for_one_row() {
        i18n::set_language(i18n::Language::English);
        let problem =
            Problem::new("216408753".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let config = SearchConfig::with(
            crate::search::Algorithm::BreadthFirst,
            crate::domains::puzzle::HeuristicKind::Zero,
        );
        let mut search = new_search(problem, config);
        let mut file = Sizes::default();
        let mut table =
            TableWriter::new(&mut file, TableFormat::Markdown, Naming::Numbered).unwrap();
        table.row(search.as_ref()).unwrap();
        while search.step().is_some() {
            table.row(search.as_ref()).unwrap();
        }
        let steps = search.steps();
        assert!(steps > 10_000, "{steps} steps");
        assert_eq!(table.rows(), steps + 1);
        let from = table.changes_from().expect("rows of changes");
        assert!(from <= WHOLE_ROW_NODES, "changes from step {from}");
        // A whole row lists up to WHOLE_ROW_NODES nodes, a row of changes one expansion's.
        assert!(
            table.longest_row() < 16 * WHOLE_ROW_NODES,
            "{}",
            table.longest_row()
        );
        table.finish().unwrap();
        assert!(
            file.total < 200 * steps + 16 * WHOLE_ROW_NODES * WHOLE_ROW_NODES,
            "{} bytes",
            file.total
        );
    }

    /// Where the rows of changes begin, each format says so in its own way, and the rows read
    /// as what the step did.
    #[test]
    fn the_rows_of_changes_are_announced_in_each_format() {
        let problem =
            Problem::new("216408753".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let config = SearchConfig::with(
            crate::search::Algorithm::BreadthFirst,
            crate::domains::puzzle::HeuristicKind::Zero,
        );
        let write = |format| {
            let mut search = new_search(problem, config);
            let mut out = Vec::new();
            let mut table = TableWriter::new(&mut out, format, Naming::Numbered).unwrap();
            table.row(search.as_ref()).unwrap();
            while search.steps() < 400 && search.step().is_some() {
                table.row(search.as_ref()).unwrap();
            }
            let from = table.changes_from().unwrap();
            table.finish().unwrap();
            (String::from_utf8(out).unwrap(), from)
        };
        i18n::set_language(i18n::Language::English);
        let (markdown, from) = write(TableFormat::Markdown);
        let note = format!("From step {from} on, OPEN and CLOSED hold more than");
        assert_eq!(markdown.matches(&note).count(), 1, "{markdown}");
        // The note is a paragraph between two tables, each with its header.
        assert_eq!(
            markdown
                .matches("| Step | Expanded | OPEN | CLOSED |")
                .count(),
            2
        );
        let step = |text: &str, k: usize| {
            let prefix = format!("| {k} | ");
            text.lines()
                .find(|l| l.starts_with(&prefix))
                .unwrap()
                .to_owned()
        };
        assert!(step(&markdown, from - 1).matches("S").count() > WHOLE_ROW_NODES / 2);
        let changes = step(&markdown, from);
        assert!(
            changes.contains(" | -{S") && changes.contains("+{S"),
            "{changes}"
        );
        assert_eq!(
            markdown.lines().filter(|l| l.starts_with("| ")).count(),
            2 + 401
        );
        let (csv, _) = write(TableFormat::Csv);
        assert!(csv.lines().any(|l| l.starts_with("# From step")), "{csv}");
        assert_eq!(csv.lines().count(), 1 + 1 + 401);
        let (latex, _) = write(TableFormat::Latex);
        assert!(latex.contains("\\multicolumn{4}{p{0.9\\linewidth}}{\\emph{From step"));
        assert!(latex.ends_with("\\hline\n\\end{tabular}\n"));
        i18n::set_language(i18n::Language::Chinese);
        let (csv, from) = write(TableFormat::Csv);
        assert!(csv.contains(&format!("# 从第 {from} 步起")), "{csv}");
        i18n::set_language(i18n::Language::English);
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
