//! `searchlab solve --tree FILE --table FILE`: the search tree and the OPEN/CLOSED table of one
//! board, written as the window exports them, for teachers who prepare handouts in scripts.
//! Runs the stepping engine (the table needs every step's open list), at most `--max-steps`
//! steps and at most `--node-limit` nodes. The table is written row by row as the search runs
//! (each step's changes once rows grow long); the tree is laid out at the end and streamed
//! to its file, or refused in one line when it has more nodes than a file of its format holds.

use std::fs::File;
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::input::{Line, LineSource, MAX_LINE, ReadLines};
use super::solve::{GoalChoice, HeuristicArg, SolveOptions};
use crate::domains::puzzle::{Problem, parse_board};
use crate::i18n::{self, LocalName};
use crate::search::{Search, Status, try_new_search};
use crate::tree::Drawn;
use crate::tree::export::{TreeCut, TreeExport, TreeFormat};
use crate::tree::table::{Naming, TableFormat, TableWriter};

fn extension(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase()
}

pub(super) fn tree_format(path: &Path) -> Result<TreeFormat, String> {
    match extension(path).as_str() {
        "svg" => Ok(TreeFormat::Svg),
        "png" => Ok(TreeFormat::Png),
        "dot" | "gv" => Ok(TreeFormat::Dot),
        "tex" => Ok(TreeFormat::Tikz),
        _ if i18n::zh() => Err(format!(
            "--tree {}：文件名应以 .svg、.png、.dot、.gv 或 .tex 结尾",
            path.display()
        )),
        _ => Err(format!(
            "--tree {}: the file name should end in .svg, .png, .dot, .gv or .tex",
            path.display()
        )),
    }
}

pub(super) fn table_format(path: &Path) -> Result<TableFormat, String> {
    match extension(path).as_str() {
        "md" | "markdown" => Ok(TableFormat::Markdown),
        "csv" => Ok(TableFormat::Csv),
        "tex" => Ok(TableFormat::Latex),
        _ if i18n::zh() => Err(format!(
            "--table {}：文件名应以 .md、.csv 或 .tex 结尾",
            path.display()
        )),
        _ => Err(format!(
            "--table {}: the file name should end in .md, .csv or .tex",
            path.display()
        )),
    }
}

/// The one board: the only argument, or the only non-empty line of stdin. Stops reading at a
/// second board, and at a line past [`MAX_LINE`] bytes.
fn the_board(options: &SolveOptions, stdin: &mut dyn BufRead) -> Result<String, String> {
    let boards = if options.boards.is_empty() {
        let mut boards = Vec::new();
        let mut lines = ReadLines::new(stdin);
        while boards.len() < 2 {
            let Some(line) = lines.next_line() else {
                break;
            };
            match line {
                Ok(Line::Text(text)) => {
                    let text = text.trim();
                    if !text.is_empty() {
                        boards.push(text.to_owned());
                    }
                }
                Ok(Line::TooLong { .. }) => {
                    return Err(if i18n::zh() {
                        format!("标准输入中有一行超过 {MAX_LINE} 字节，不是棋盘")
                    } else {
                        format!("a line of stdin is longer than {MAX_LINE} bytes, not a board")
                    });
                }
                Err(err) if i18n::zh() => return Err(format!("无法读取标准输入：{err}")),
                Err(err) => return Err(format!("cannot read stdin: {err}")),
            }
        }
        boards
    } else {
        options.boards.clone()
    };
    match boards.as_slice() {
        [one] => Ok(one.clone()),
        [] if i18n::zh() => Err("--tree 和 --table 只用于一个棋盘（没有收到棋盘）".to_owned()),
        [] => Err("--tree and --table take exactly one board (got none)".to_owned()),
        _ if i18n::zh() => Err("--tree 和 --table 只用于一个棋盘（收到不止一个）".to_owned()),
        _ => Err("--tree and --table take exactly one board (got more than one)".to_owned()),
    }
}

/// Refuses a path where a file cannot be written whole: a directory, or a pipe or socket,
/// whose opening would wait for a reader. A path not there yet is created; a device such as
/// /dev/null is written to.
pub(super) fn check_file(flag: &str, path: &Path) -> Result<(), String> {
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(());
    };
    let kind = meta.file_type();
    #[cfg(unix)]
    let device = std::os::unix::fs::FileTypeExt::is_char_device(&kind);
    #[cfg(not(unix))]
    let device = false;
    if kind.is_file() || device {
        return Ok(());
    }
    let (what, what_zh) = if kind.is_dir() {
        ("a directory", "目录")
    } else {
        (
            "not a regular file (a pipe or a socket?)",
            "不是普通文件（管道或套接字？）",
        )
    };
    Err(if i18n::zh() {
        format!("{flag} {}：这是{what_zh}，无法写入", path.display())
    } else {
        format!(
            "{flag} {}: cannot write there, it is {what}",
            path.display()
        )
    })
}

pub(super) fn cannot_write(path: &Path, err: &std::io::Error) -> String {
    if i18n::zh() {
        format!("无法写入 {}：{err}", path.display())
    } else {
        format!("cannot write {}: {err}", path.display())
    }
}

/// The refusal of a tree with more nodes than a file of its format holds.
fn too_big(path: &Path, format: TreeFormat, nodes: usize, steps: usize) -> String {
    let limit = format.max_nodes();
    let name = format.name();
    if i18n::zh() {
        format!(
            "--tree {}：{steps} 步后有 {nodes} 个结点要画，超过 {name} 文件的上限 {limit}：\
             请用 --max-steps 或 --max-depth 截短搜索树",
            path.display()
        )
    } else {
        format!(
            "--tree {}: {nodes} nodes to draw after {steps} steps, more than the {limit} a \
             {name} file holds: cut the tree with --max-steps or --max-depth",
            path.display()
        )
    }
}

/// The files `--tree` and `--table` ask for, their formats read from their names and their
/// places checked, before any search: a mistake is reported before anything is written.
pub(super) struct Handout {
    tree: Option<(PathBuf, TreeFormat)>,
    table: Option<(PathBuf, TableFormat)>,
}

impl Handout {
    /// The files asked for, or why their names say no format; [`Handout::check_files`] then
    /// checks their places.
    pub(super) fn from_options(options: &SolveOptions) -> Result<Handout, String> {
        let tree = options
            .tree
            .as_deref()
            .map(|p| tree_format(p).map(|f| (p.to_path_buf(), f)))
            .transpose()?;
        let table = options
            .table
            .as_deref()
            .map(|p| table_format(p).map(|f| (p.to_path_buf(), f)))
            .transpose()?;
        Ok(Handout { tree, table })
    }

    /// Refuses a place where a file cannot be written whole (a directory, a pipe).
    pub(super) fn check_files(&self) -> Result<(), String> {
        if let Some((path, _)) = &self.tree {
            check_file("--tree", path)?;
        }
        if let Some((path, _)) = &self.table {
            check_file("--table", path)?;
        }
        Ok(())
    }

    /// Runs `search` (at most `--max-steps` steps) while writing the table row by row, then
    /// writes the tree; nodes are named as `naming` says.
    pub(super) fn write<P: Drawn>(
        &self,
        search: &mut dyn Search<P>,
        options: &SolveOptions,
        naming: Naming,
    ) -> Result<(), String>
    where
        P::Heuristic: LocalName,
    {
        let mut rows = match &self.table {
            Some((path, format)) => {
                let file = File::create(path).map_err(|e| cannot_write(path, &e))?;
                let writer = TableWriter::new(BufWriter::new(file), *format, naming)
                    .map_err(|e| cannot_write(path, &e))?;
                Some((path, writer))
            }
            None => None,
        };
        // Without a depth cut a best-first or bidirectional tree draws every node the search
        // made: past the format's limit it is refused as soon as the search gets there.
        let whole_tree = self
            .tree
            .as_ref()
            .filter(|_| options.max_depth.is_none() && search.depth_first().is_none());
        let max_steps = options.max_steps.unwrap_or(usize::MAX);
        let mut refused = None;
        loop {
            if let Some((path, rows)) = &mut rows {
                rows.row(&*search).map_err(|e| cannot_write(path, &e))?;
            }
            if let Some((path, format)) = whole_tree
                && search.node_count() > format.max_nodes()
            {
                refused = Some(too_big(path, *format, search.node_count(), search.steps()));
                break;
            }
            if search.steps() >= max_steps || search.step().is_none() {
                break;
            }
        }
        if let Some((path, rows)) = rows {
            rows.finish().map_err(|e| cannot_write(path, &e))?;
        }
        if let Some(message) = refused {
            return Err(message);
        }
        if let Some((path, format)) = &self.tree {
            let cut = TreeCut {
                max_depth: options.max_depth,
                ..TreeCut::default()
            };
            let export = TreeExport::new(&*search, cut);
            if export.len() > format.max_nodes() {
                return Err(too_big(path, *format, export.len(), search.steps()));
            }
            write_tree(path, *format, &export)?;
        }
        Ok(())
    }
}

/// Checks everything, runs the search while writing the table, then writes the tree; returns
/// the line for stdout and the exit status.
pub fn run(options: &SolveOptions, stdin: &mut dyn BufRead) -> Result<(String, u8), String> {
    let handout = Handout::from_options(options)?;
    // The tree and the table are the stepping engine's records (IDA* too runs in it here),
    // and the pattern database is a heuristic of the fast IDA* only.
    if options.heuristic == Some(HeuristicArg::PatternDatabase) {
        return Err(if i18n::zh() {
            "--tree 和 --table 使用逐步执行的搜索引擎，它没有模式数据库：请换一个 --heuristic"
                .to_owned()
        } else {
            "--tree and --table run the stepping engine, which has no pattern database: choose \
             another --heuristic"
                .to_owned()
        });
    }
    if let Some(HeuristicArg::Grid(kind)) = options.heuristic {
        return Err(if i18n::zh() {
            format!("{kind} 是网格地图的启发函数，不用于棋盘")
        } else {
            format!("{kind} is a heuristic for grid maps, not boards")
        });
    }
    if let Some(HeuristicArg::Graph(kind)) = options.heuristic {
        return Err(if i18n::zh() {
            format!("{kind} 是路线图的启发函数，不用于棋盘")
        } else {
            format!("{kind} is a heuristic for route graphs, not boards")
        });
    }
    let config = options.config();
    config.validate().map_err(|e| i18n::config_error(&e))?;
    let goal = GoalChoice::parse(options.goal.as_deref()).map_err(|e| i18n::goal_error(&e))?;
    handout.check_files()?;
    let line = the_board(options, stdin)?;
    let board = parse_board(&line).map_err(|e| i18n::parse_error(&e))?;
    let goal = goal.for_side(board.side())?;
    let problem = match Problem::new(board, goal) {
        Ok(problem) => problem,
        Err(err) => return Ok((format!("no solution: {}", i18n::problem_error(&err)), 1)),
    };
    let mut search = try_new_search(problem, config).map_err(|e| i18n::config_error(&e))?;
    handout.write(search.as_mut(), options, Naming::Numbered)?;
    Ok(summary(search.as_ref()))
}

/// Writes the tree to its file: the text formats as they are made, the PNG once drawn.
fn write_tree<P: Drawn>(
    path: &Path,
    format: TreeFormat,
    export: &TreeExport<P>,
) -> Result<(), String>
where
    P::Heuristic: LocalName,
{
    let png = match format {
        TreeFormat::Png => Some(export.png().map_err(|e| {
            if i18n::zh() {
                format!("无法绘制 {}：{e}", path.display())
            } else {
                format!("cannot draw {}: {e}", path.display())
            }
        })?),
        _ => None,
    };
    let file = File::create(path).map_err(|e| cannot_write(path, &e))?;
    let mut out = BufWriter::new(file);
    match (format, png) {
        (_, Some(png)) => out.write_all(&png),
        (TreeFormat::Dot, None) => export.write_dot(&mut out),
        (TreeFormat::Tikz, None) => export.write_tikz(&mut out),
        (_, None) => export.write_svg(&mut out),
    }
    .and_then(|()| out.flush())
    .map_err(|e| cannot_write(path, &e))
}

/// The stopping words of a stepping search that did not end solved or exhausted, with the
/// exit status: the node limit (3), or `--max-steps` (0). `None` for the others.
pub(super) fn stopped_early(steps: usize, status: Status) -> Option<(String, u8)> {
    match status {
        Status::LimitReached if i18n::zh() => Some((
            format!(
                "已停止：{steps} 步后达到结点上限（可用 --node-limit 提高，或用 --max-steps 截短）"
            ),
            3,
        )),
        Status::LimitReached => Some((
            format!(
                "stopped: node limit reached after {steps} steps (raise it with --node-limit, or \
                 cut the run with --max-steps)"
            ),
            3,
        )),
        Status::Running if i18n::zh() => Some((format!("在 {steps} 步后停止（--max-steps）"), 0)),
        Status::Running => Some((format!("stopped after {steps} steps (--max-steps)"), 0)),
        Status::Solved { .. } | Status::Exhausted => None,
    }
}

/// The line `solve` prints for the board, and the exit status.
fn summary(search: &dyn Search<Problem>) -> (String, u8) {
    if let Some(stopped) = stopped_early(search.steps(), search.status()) {
        return stopped;
    }
    match search.status() {
        Status::Solved { .. } => {
            let moves = search.solution().map_or(0, |p| p.len() - 1);
            (moves.to_string(), 0)
        }
        _ if i18n::zh() => ("无解：open 表已空".to_owned(), 1),
        _ => ("no solution: open list exhausted".to_owned(), 1),
    }
}

/// `searchlab solve` with `--tree` or `--table`. The files are written by then: a line that
/// cannot be printed (stdout or stderr closed or full) changes nothing of the exit status.
pub fn main(options: &SolveOptions) -> ExitCode {
    match run(options, &mut std::io::stdin().lock()) {
        Ok((line, status)) => {
            let _ = writeln!(std::io::stdout(), "{line}");
            ExitCode::from(status)
        }
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "searchlab: {message}");
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

    fn options(args: &[&str]) -> SolveOptions {
        Wrapper::try_parse_from(std::iter::once("solve").chain(args.iter().copied()))
            .unwrap()
            .options
    }

    #[test]
    fn writes_the_tree_and_the_table_for_one_board() {
        i18n::set_language(i18n::Language::English);
        let dir = std::env::temp_dir().join(format!("searchlab-handout-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let svg = dir.join("tree.svg");
        let md = dir.join("table.md");
        let args = [
            "283104765",
            "--tree",
            svg.to_str().unwrap(),
            "--table",
            md.to_str().unwrap(),
        ];
        let (line, status) = run(&options(&args), &mut &b""[..]).unwrap();
        assert_eq!((line.as_str(), status), ("4", 0));
        assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
        // The same tree as a picture: a PNG file.
        let png = dir.join("tree.png");
        let args = ["283104765", "--tree", png.to_str().unwrap()];
        let (line, status) = run(&options(&args), &mut &b""[..]).unwrap();
        assert_eq!((line.as_str(), status), ("4", 0));
        assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG\r\n"));
        let table = std::fs::read_to_string(&md).unwrap();
        // The header, the rule, the start and five steps: four expansions, then the goal is
        // taken from open.
        assert_eq!(table.lines().count(), 2 + 1 + 5);
        // Cut after two steps, from stdin, as DOT and LaTeX.
        let dot = dir.join("tree.dot");
        let tex = dir.join("table.tex");
        let args = [
            "--tree",
            dot.to_str().unwrap(),
            "--table",
            tex.to_str().unwrap(),
            "--max-steps",
            "2",
        ];
        let (line, status) = run(&options(&args), &mut &b"283104765\n"[..]).unwrap();
        assert_eq!(
            (line.as_str(), status),
            ("stopped after 2 steps (--max-steps)", 0)
        );
        assert!(
            std::fs::read_to_string(&dot)
                .unwrap()
                .starts_with("digraph")
        );
        assert_eq!(
            std::fs::read_to_string(&tex)
                .unwrap()
                .matches("\\\\\n")
                .count(),
            1 + 3
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_input_is_one_sentence() {
        i18n::set_language(i18n::Language::English);
        let run_err =
            |args: &[&str], stdin: &str| run(&options(args), &mut stdin.as_bytes()).unwrap_err();
        assert!(run_err(&["283104765", "--tree", "t.jpg"], "").contains(".svg, .png, .dot"));
        assert!(run_err(&["283104765", "--table", "t.txt"], "").contains(".md, .csv"));
        assert!(run_err(&["--tree", "t.svg"], "283104765\n123804765\n").contains("exactly one"));
        assert!(
            run_err(
                &["283104765", "-a", "idastar", "-H", "pdb", "--tree", "t.svg"],
                ""
            )
            .contains("pattern database")
        );
        assert!(!run_err(&["28310476", "--tree", "t.svg"], "").contains('\n'));
        let (line, status) =
            run(&options(&["213804765", "--tree", "t.svg"]), &mut &b""[..]).unwrap();
        assert!(line.starts_with("no solution: ") && status == 1, "{line}");
    }
}
