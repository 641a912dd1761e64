//! The `searchlab` binary as a user runs it: stdin in, stdout out, exit status.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn searchlab(args: &[&str], stdin: &[u8]) -> Output {
    searchlab_in("en", args, stdin)
}

/// The binary with `SEARCHLAB_LANG` set, whatever the machine's locale.
fn searchlab_in(language: &str, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .env("SEARCHLAB_LANG", language)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn p1379_from_stdin() {
    let out = searchlab(&["solve"], b"283104765\n");
    assert_eq!(text(&out.stdout), "4\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn boards_as_arguments() {
    let out = searchlab(&["solve", "283104765", "123804765"], b"");
    assert_eq!(text(&out.stdout), "4\n0\n");
}

#[test]
fn exit_status_says_what_went_wrong() {
    let unsolvable = searchlab(&["solve"], b"283104765\n213804765\n");
    assert_eq!(unsolvable.status.code(), Some(1));
    assert!(text(&unsolvable.stdout).contains("no solution: unsolvable"));

    let malformed = searchlab(&["solve"], b"28310476\n");
    assert_eq!(malformed.status.code(), Some(2));
    assert_eq!(
        text(&malformed.stderr),
        "searchlab: line 1: 8 tiles given; a board needs 4 (2x2) or 9 (3x3) or 16 (4x4)\n"
    );
}

#[test]
fn garbage_never_panics() {
    let out = searchlab(
        &["solve"],
        b"\xff\xfe\x00\n283104765\n\n  \n99999999999999999999999 1 2\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(lines[0].starts_with("error: "));
    assert_eq!(lines[1], "4");
    assert!(lines[2].starts_with("error: "));
    assert!(!text(&out.stderr).contains("panicked"));
}

#[test]
fn bad_options_are_refused() {
    let out = searchlab(&["solve", "--algorithm", "dfs", "283104765"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown algorithm"));
    let out = searchlab(
        &[
            "solve",
            "--algorithm",
            "astar",
            "--goal-test",
            "generation",
            "283104765",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "searchlab: the goal test at generation is offered for BFS only\n"
    );
    let out = searchlab(&["frobnicate"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn chinese_messages_keep_the_p1379_answer_and_the_prefixes() {
    let out = searchlab_in("zh", &["solve"], b"283104765\n213804765\n2138047\n");
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "4");
    assert!(
        lines[1].starts_with("no solution: 无解：棋盘的逆序数 8"),
        "{stdout}"
    );
    assert!(lines[2].starts_with("error: 给出了 7 个数码"), "{stdout}");
    assert!(text(&out.stderr).contains("第 3 行"));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn help_follows_lang_over_the_environment() {
    let zh = searchlab_in("en", &["--lang", "zh", "solve", "--help"], b"");
    assert!(text(&zh.stdout).contains("求解命令行参数给出的棋盘"));
    let en = searchlab_in("zh", &["--lang=en", "--help"], b"");
    assert!(text(&en.stdout).contains("Solve boards given as arguments"));
    let bad = searchlab(&["--lang", "fr", "solve", "1"], b"");
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("'fr' is not a language"));
}
