//! `searchlab solve --map` as a user runs it: MovingAI map and scenario files on disk, the
//! answers on stdout, the exit status, and one-line errors on stderr.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// An 8x6 map in the format's exact header, with two trees.
const MAP: &str = "type octile\nheight 6\nwidth 8\nmap\n\
                   @@@@@@@@\n\
                   @......@\n\
                   @.TT...@\n\
                   @......@\n\
                   @......@\n\
                   @@@@@@@@\n";

/// Three scenarios whose lengths are the octile distances (no wall in the way): one diagonal
/// and four straight steps; five straight; three diagonals and two straight, past the trees.
const SCEN: &str = "version 1\n\
                    0\ttest.map\t8\t6\t1\t3\t6\t4\t5.41421356\n\
                    0\ttest.map\t8\t6\t1\t1\t6\t1\t5.00000000\n\
                    \n\
                    1\ttest.map\t8\t6\t6\t1\t1\t4\t6.24264069\n";

/// A folder of its own for each test, so tests running side by side do not share files.
fn folder(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("searchlab-grid-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn searchlab(language: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .env("SEARCHLAB_LANG", language)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Solves the test map's scenarios with the second one's stated length made wrong (6 for 5),
/// in a folder of its own; returns the folder and the run.
fn solve_with_a_wrong_length(name: &str, language: &str) -> (PathBuf, Output) {
    let dir = folder(name);
    let map = write(&dir, "test.map", MAP);
    let scen = write(&dir, "test.scen", &SCEN.replace("5.00000000", "6.00000000"));
    let out = searchlab(language, &["solve", "--map", &map, "--scen", &scen]);
    (dir, out)
}

#[test]
fn every_scenario_agrees_with_its_stated_length() {
    let dir = folder("agree");
    let map = write(&dir, "test.map", MAP);
    let scen = write(&dir, "test.scen", SCEN);
    let out = searchlab("en", &["solve", "--map", &map, "--scen", &scen]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "scenario 1: 1,3 -> 6,4: 5.4143, stated 5.41421356: ok\n\
         scenario 2: 1,1 -> 6,1: 5, stated 5: ok\n\
         scenario 3: 6,1 -> 1,4: 6.2429, stated 6.24264069: ok\n"
    );
    assert_eq!(text(&out.stderr), "");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_wrong_stated_length_exits_1_naming_the_scenario() {
    let (dir, out) = solve_with_a_wrong_length("mismatch", "en");
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("scenario 2: 1,1 -> 6,1: 5, stated 6: MISMATCH\n"),
        "{stdout}"
    );
    assert_eq!(stdout.matches(": ok\n").count(), 2, "{stdout}");
    assert_eq!(
        text(&out.stderr),
        "searchlab: 1 of 3 scenarios disagree with the optimal length their file states: \
         scenario 2 (line 3)\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_malformed_map_exits_2_naming_line_and_column() {
    let dir = folder("malformed");
    let map = write(&dir, "bad.map", &MAP.replace("@.TT...@", "@.TT.#.@"));
    let scen = write(&dir, "test.scen", SCEN);
    let out = searchlab("en", &["solve", "--map", &map, "--scen", &scen]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        format!("searchlab: {map}: line 7, column 6: `#` is not a map cell (. G @ O T S W)\n")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_files_and_scenarios_exit_2_in_one_line() {
    let dir = folder("bad-input");
    let map = write(&dir, "test.map", MAP);
    let missing = dir.join("missing.map");
    let wall = write(
        &dir,
        "wall.scen",
        &SCEN.replace("\t1\t3\t6\t4\t", "\t2\t2\t6\t4\t"),
    );
    let size = write(
        &dir,
        "size.scen",
        &SCEN.replace("\t8\t6\t6\t1\t1\t4", "\t9\t6\t6\t1\t1\t4"),
    );
    let version = write(&dir, "v2.scen", "version 2\n");
    let cases = [
        (
            vec!["--map", missing.to_str().unwrap(), "--start", "1,1"],
            "cannot read",
        ),
        (
            vec!["--map", &map, "--scen", &wall],
            "line 2: scenario 1: the start cannot be on a wall, at (2, 2)",
        ),
        (
            vec!["--map", &map, "--scen", &size],
            "line 5: scenario 3: the scenario is for a 9x6 map, not 8x6",
        ),
        (
            vec!["--map", &map, "--scen", &version],
            "line 1: expected `version 1`",
        ),
        (vec!["--map", &map, "--goal", "7;7"], "is not a cell X,Y"),
        (
            vec!["--map", &map, "--goal", "3,2"],
            "the goal cannot be on a wall",
        ),
        (
            vec!["--map", &map, "--start", "1,9"],
            "outside the 8x6 grid",
        ),
        (
            vec!["--map", &map, "--heuristic", "misplaced"],
            "grid heuristic",
        ),
        (
            vec!["--map", &map, "--algorithm", "idastar"],
            "on a map use bfs",
        ),
        (vec!["--map", &map, "283104765"], "--map takes no boards"),
        (vec!["--start", "1,1", "283104765"], "--map"),
        (
            vec!["--heuristic", "octile", "283104765"],
            "heuristics for grid maps",
        ),
    ];
    for (args, expected) in cases {
        let out = searchlab("en", &[&["solve"], args.as_slice()].concat());
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn one_problem_from_start_and_goal_with_its_path() {
    let dir = folder("one");
    let map = write(&dir, "test.map", MAP);
    let out = searchlab(
        "en",
        &[
            "solve", "--map", &map, "--start", "1,3", "--goal", "6,4", "--path",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "5.4143");
    assert_eq!(lines[1], "1,3");
    assert_eq!(lines.last(), Some(&"6,4"));
    assert_eq!(lines.len(), 1 + 6, "five moves, six cells: {stdout}");

    // Four-connected, Manhattan is exact: 5 + 1 straight steps.
    let out = searchlab(
        "en",
        &[
            "solve",
            "--map",
            &map,
            "--start",
            "1,3",
            "--goal",
            "6,4",
            "--connectivity",
            "4",
            "--heuristic",
            "manhattan",
            "--algorithm",
            "ucs",
            "--format",
            "json",
        ],
    );
    let value: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(value["length"], 6.0);
    assert_eq!(value["moves"], 6);
    assert_eq!(value["start"], serde_json::json!([1, 3]));

    // A wall from top to bottom: no solution, exit 1.
    let walled = write(
        &dir,
        "walled.map",
        &MAP.replace("@......@", "@..@...@")
            .replace("@.TT...@", "@..@...@"),
    );
    let out = searchlab(
        "en",
        &["solve", "--map", &walled, "--start", "1,1", "--goal", "6,4"],
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "no solution: the goal cannot be reached from the start\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn traces_carry_coordinates_for_the_posthoc_viewer() {
    let dir = folder("trace");
    let map = write(&dir, "test.map", MAP);
    let trace = dir.join("run.json");
    let out = searchlab(
        "en",
        &[
            "solve",
            "--map",
            &map,
            "--start",
            "1,3",
            "--goal",
            "6,4",
            "--trace",
            trace.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "5.4143\n");
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&trace).unwrap()).unwrap();
    assert_eq!(value["version"], "1.4.0");
    assert_eq!(value["views"]["main"][0]["$"], "rect");
    let events = value["events"].as_array().unwrap();
    assert_eq!(events[0]["type"], "source");
    assert_eq!(
        (events[0]["x"].clone(), events[0]["y"].clone()),
        (1.into(), 3.into())
    );
    let end = events.last().unwrap();
    assert_eq!(end["type"], "end");
    assert_eq!((end["x"].clone(), end["y"].clone()), (6.into(), 4.into()));
    assert!(events.iter().all(|e| e["x"].is_i64() && e["y"].is_i64()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn chinese_messages_keep_the_answers() {
    let (dir, out) = solve_with_a_wrong_length("zh", "zh");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("MISMATCH"));
    assert!(
        text(&out.stderr).contains("场景 2（第 3 行）"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
