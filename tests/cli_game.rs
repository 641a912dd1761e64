//! `searchlab solve --game`, `--random-tree` and `--tictactoe` as a user runs them: the value,
//! best move, counts, cuts and principal variation on stdout, the files of `--tree` and
//! `--table`, and one-line refusals with exit status 2.

mod common;

use common::{searchlab, text, write};

/// AIMA's Figure 5.2, unnamed: the nodes are called A, B, B1, ... as the textbook does.
const FIGURE: &str = "((3 12 8) (2 4 6) (14 5 2))";

/// The lines of stdout, after checking the command succeeded and said nothing on stderr.
fn lines_of(out: &std::process::Output) -> Vec<String> {
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    text(&out.stdout).lines().map(str::to_owned).collect()
}

/// The one-line message of a refused command (exit status 2, nothing on stdout).
fn refusal(out: &std::process::Output) -> String {
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert_eq!(text(&out.stdout), "");
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn minimax_on_figure_5_2_finds_3_through_b() {
    let out = searchlab("en", &["solve", "--game", FIGURE, "--algorithm", "minimax"]);
    assert_eq!(
        lines_of(&out),
        [
            "value 3, best move B",
            "leaves evaluated 9, nodes visited 13",
            "principal variation: A B B1",
        ]
    );
}

#[test]
fn alphabeta_on_figure_5_2_cuts_c2_and_c3_once() {
    let out = searchlab("en", &["solve", "--game", FIGURE, "-a", "alphabeta"]);
    assert_eq!(
        lines_of(&out),
        [
            "value 3, best move B",
            "leaves evaluated 7, nodes visited 11",
            "α cut at C: 2 ≤ α = 3 (A) — C2 C3 cut off",
            "principal variation: A B B1",
        ]
    );
    // The preset is the same tree, with the textbook's names written.
    let out = searchlab("en", &["solve", "--game", "aima-5.2"]);
    assert_eq!(
        lines_of(&out)[2],
        "α cut at C: 2 ≤ α = 3 (A) — C2 C3 cut off"
    );
}

#[test]
fn a_min_root_on_the_negated_tree_makes_the_cut_a_beta_cut() {
    let out = searchlab(
        "en",
        &[
            "solve",
            "--game",
            "((-3 -12 -8) (-2 -4 -6) (-14 -5 -2))",
            "--root",
            "min",
        ],
    );
    let lines = lines_of(&out);
    assert_eq!(lines[0], "value -3, best move B");
    assert_eq!(lines[2], "β cut at C: -2 ≥ β = -3 (A) — C2 C3 cut off");
    assert!(!lines.iter().any(|l| l.contains("α cut")));
}

#[test]
fn tic_tac_toe_one_move_ahead_completes_the_row() {
    let out = searchlab("en", &["solve", "--tictactoe", "XX.OO....", "--depth", "1"]);
    let lines = lines_of(&out);
    assert_eq!(lines[0], "value 100, best move X3");
    assert_eq!(lines.last().unwrap(), "principal variation: root X3");
}

#[test]
fn tic_tac_toe_from_the_empty_board_is_a_draw() {
    let out = searchlab(
        "en",
        &["solve", "--tictactoe", ".........", "-a", "alphabeta"],
    );
    let lines = lines_of(&out);
    assert!(lines[0].starts_with("value 0, best move "), "{}", lines[0]);
    // Thousands of cuts: a page of them, then a count.
    assert!(lines.iter().any(|l| l.starts_with("… and ")));
}

#[test]
fn the_node_limit_stops_minimax_with_a_message() {
    let out = searchlab(
        "en",
        &[
            "solve",
            "--tictactoe",
            ".........",
            "-a",
            "minimax",
            "--node-limit",
            "1000",
        ],
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stdout).starts_with("stopped at the node limit\n"));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("node limit (1000 nodes)"), "{stderr}");
    assert!(!stderr.contains("panicked"));
}

#[test]
fn a_bad_tree_is_refused_with_its_position() {
    let stderr = refusal(&searchlab("en", &["solve", "--game", "((3 12) (2 x))"]));
    assert!(stderr.contains("--game: character 13:"), "{stderr}");
    let stderr = refusal(&searchlab("zh", &["solve", "--game", "((3 12) (2"]));
    assert!(stderr.contains("第 9 个字符"), "{stderr}");
    let stderr = refusal(&searchlab("en", &["solve", "--tictactoe", "XXX......"]));
    assert!(stderr.contains("--tictactoe:"), "{stderr}");
}

#[test]
fn options_that_do_not_apply_are_refused() {
    for args in [
        &["solve", "--game", FIGURE, "--eval", "weighted"][..],
        &["solve", "--game", FIGURE, "--graph", "romania"],
        &["solve", "--game", FIGURE, "283104765"],
        &["solve", "--game", FIGURE, "-a", "astar"],
        &["solve", "--game", FIGURE, "--heuristic", "manhattan"],
        &["solve", "--tictactoe", ".........", "--root", "min"],
        &["solve", "--tictactoe", ".........", "--iterative"],
        &["solve", "-a", "minimax", "283104765"],
        &["solve", "--depth", "2", "283104765"],
        &["solve", "--game", FIGURE, "--tree", "out.dot"],
    ] {
        refusal(&searchlab("en", args));
    }
    // The boards' own algorithms and messages are as they were.
    let stderr = refusal(&searchlab("en", &["solve", "-a", "beam", "283104765"]));
    assert!(stderr.contains("unknown algorithm"), "{stderr}");
    let out = searchlab("en", &["solve", "-a", "bfs", "283104765"]);
    assert_eq!(lines_of(&out), ["4"]);
}

#[test]
fn chinese_names_the_cut_alpha_jianzhi() {
    let out = searchlab("en", &["--lang", "zh", "solve", "--game", FIGURE]);
    let lines = lines_of(&out);
    assert_eq!(lines[0], "倒推值 3，最佳走步 B");
    assert_eq!(
        lines[2],
        "α剪枝（C 处）：2\u{a0}≤\u{a0}α\u{a0}=\u{a0}3（A）；剪去 C2 C3"
    );
}

#[test]
fn tree_and_table_files_are_written() {
    let dir = common::folder("cli-game", "files");
    let svg = dir.join("out.svg");
    // A table left from an earlier run is replaced, not appended to.
    let md = std::path::PathBuf::from(write(&dir, "out.md", "stale\n"));
    let out = searchlab(
        "en",
        &[
            "solve",
            "--game",
            FIGURE,
            "--tree",
            svg.to_str().unwrap(),
            "--table",
            md.to_str().unwrap(),
        ],
    );
    lines_of(&out);
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains(">α<"), "{svg}");
    let md = std::fs::read_to_string(md).unwrap();
    assert_eq!(md.lines().count(), 2 + 21, "{md}");
    assert!(!md.contains("stale"));
    assert!(md.contains("α cut: C2 C3 cut off"));
}

#[test]
fn the_json_lists_every_cut() {
    let out = searchlab(
        "en",
        &["solve", "--game", "alpha-and-beta", "--format", "json"],
    );
    let lines = lines_of(&out);
    let json: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(json["value"], 15);
    assert_eq!(json["alpha_cuts"], 1);
    assert_eq!(json["beta_cuts"], 1);
    assert_eq!(json["cuts"][0]["kind"], "β");
}
