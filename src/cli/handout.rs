//! `searchlab solve --tree FILE --table FILE`: the search tree and the OPEN/CLOSED table of one
//! board, written as the window exports them, for teachers who prepare handouts in scripts.
//! Runs the stepping engine (the table needs every step's open list), at most `--max-steps`
//! steps.

use std::io::BufRead;
use std::path::Path;
use std::process::ExitCode;

use super::solve::{GoalChoice, HeuristicArg, SolveOptions};
use crate::domains::puzzle::{Problem, parse_board};
use crate::i18n;
use crate::search::{Search, Status, try_new_search};
use crate::tree::export::{TreeCut, tree_dot, tree_png, tree_svg, tree_tikz};
use crate::tree::table::{Naming, StepTable};

/// What a file name asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
    Dot,
    Tikz,
    Markdown,
    Csv,
    Latex,
}

fn extension(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase()
}

fn tree_format(path: &Path) -> Result<Format, String> {
    match extension(path).as_str() {
        "svg" => Ok(Format::Svg),
        "png" => Ok(Format::Png),
        "dot" | "gv" => Ok(Format::Dot),
        "tex" => Ok(Format::Tikz),
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

fn table_format(path: &Path) -> Result<Format, String> {
    match extension(path).as_str() {
        "md" | "markdown" => Ok(Format::Markdown),
        "csv" => Ok(Format::Csv),
        "tex" => Ok(Format::Latex),
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

/// The one board: the only argument, or the only non-empty line of stdin.
fn the_board(options: &SolveOptions, stdin: &mut dyn BufRead) -> Result<String, String> {
    let boards: Vec<String> = if options.boards.is_empty() {
        stdin
            .lines()
            .map_while(Result::ok)
            .filter(|l| !l.trim().is_empty())
            .collect()
    } else {
        options.boards.clone()
    };
    match boards.as_slice() {
        [one] => Ok(one.clone()),
        _ if i18n::zh() => Err(format!(
            "--tree 和 --table 只用于一个棋盘（收到 {} 个）",
            boards.len()
        )),
        _ => Err(format!(
            "--tree and --table take exactly one board (got {})",
            boards.len()
        )),
    }
}

/// Checks everything, runs the search and writes the files; returns the line for stdout.
pub fn run(options: &SolveOptions, stdin: &mut dyn BufRead) -> Result<(String, u8), String> {
    let tree = options
        .tree
        .as_deref()
        .map(|p| tree_format(p).map(|f| (p, f)))
        .transpose()?;
    let table = options
        .table
        .as_deref()
        .map(|p| table_format(p).map(|f| (p, f)))
        .transpose()?;
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
    let config = options.config();
    config.validate().map_err(|e| i18n::config_error(&e))?;
    let goal = GoalChoice::parse(options.goal.as_deref()).map_err(|e| i18n::goal_error(&e))?;
    let line = the_board(options, stdin)?;
    let board = parse_board(&line).map_err(|e| i18n::parse_error(&e))?;
    let goal = goal.for_side(board.side())?;
    let problem = match Problem::new(board, goal) {
        Ok(problem) => problem,
        Err(err) => return Ok((format!("no solution: {}", i18n::problem_error(&err)), 1)),
    };
    let mut search = try_new_search(problem, config).map_err(|e| i18n::config_error(&e))?;
    let max_steps = options.max_steps.unwrap_or(usize::MAX);
    search.run(max_steps);
    if let Some((path, format)) = tree {
        let cut = TreeCut {
            max_depth: options.max_depth,
            ..TreeCut::default()
        };
        let bytes = match format {
            Format::Svg => tree_svg(search.as_ref(), cut).into_bytes(),
            Format::Png => tree_png(search.as_ref(), cut).map_err(|e| {
                if i18n::zh() {
                    format!("无法绘制 {}：{e}", path.display())
                } else {
                    format!("cannot draw {}: {e}", path.display())
                }
            })?,
            Format::Dot => tree_dot(search.as_ref(), cut).into_bytes(),
            _ => tree_tikz(search.as_ref(), cut).into_bytes(),
        };
        write(path, &bytes)?;
    }
    if let Some((path, format)) = table {
        let mut rows = StepTable::new(problem, config);
        rows.seek(search.steps());
        let text = match format {
            Format::Markdown => rows.markdown(Naming::Numbered),
            Format::Csv => rows.csv(Naming::Numbered),
            _ => rows.latex(Naming::Numbered),
        };
        write(path, text.as_bytes())?;
    }
    Ok(summary(search.as_ref()))
}

/// The line `solve` prints for the board, and the exit status.
fn summary(search: &dyn Search<Problem>) -> (String, u8) {
    let steps = search.steps();
    match search.status() {
        Status::Solved { .. } => {
            let moves = search.solution().map_or(0, |p| p.len() - 1);
            (moves.to_string(), 0)
        }
        Status::LimitReached if i18n::zh() => (format!("已停止：{steps} 步后达到结点上限"), 3),
        Status::LimitReached => (
            format!("stopped: node limit reached after {steps} steps"),
            3,
        ),
        Status::Exhausted if i18n::zh() => ("无解：open 表已空".to_owned(), 1),
        Status::Exhausted => ("no solution: open list exhausted".to_owned(), 1),
        Status::Running if i18n::zh() => (format!("在 {steps} 步后停止（--max-steps）"), 0),
        Status::Running => (format!("stopped after {steps} steps (--max-steps)"), 0),
    }
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|err| {
        if i18n::zh() {
            format!("无法写入 {}：{err}", path.display())
        } else {
            format!("cannot write {}: {err}", path.display())
        }
    })
}

/// `searchlab solve` with `--tree` or `--table`.
pub fn main(options: &SolveOptions) -> ExitCode {
    match run(options, &mut std::io::stdin().lock()) {
        Ok((line, status)) => {
            println!("{line}");
            ExitCode::from(status)
        }
        Err(message) => {
            eprintln!("searchlab: {message}");
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
