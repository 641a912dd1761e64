//! `searchlab solve --map` as a user runs it: MovingAI map and scenario files on disk, the
//! answers on stdout, the exit status, and one-line errors on stderr.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};

use common::{searchlab, text, write};

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

/// A folder of its own for each test.
fn folder(name: &str) -> PathBuf {
    common::folder("grid-cli", name)
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

/// A map with every letter of the format: ground `.` and `G`, swamp `S` on the short ways
/// round the trees `T`, out of bounds `O` and `@`, and a lake of water `W`.
const LETTERS: &str = "type octile\nheight 8\nwidth 12\nmap\n\
                       @@@@@@@@@@@@\n\
                       @..G.S.WW..@\n\
                       @.TTSS.WWW.@\n\
                       @..O..WWT..@\n\
                       @.S..WW.W.S@\n\
                       @G..S.WWWO.@\n\
                       @..SS.T.W..@\n\
                       @@@@@@@@@@@@\n";

/// The lengths from `from` to every cell by a Dijkstra search of the test's own, on the
/// format's definition and nothing of searchlab's: `.` `G` `S` are ground, `W` water, the
/// rest blocked; a step joins two cells of the same kind, and a diagonal needs both cells
/// beside it of that kind too (corners are not cut).
fn letter_distances(rows: &[&[u8]], from: (usize, usize)) -> Vec<Vec<Option<f64>>> {
    let kind = |x: usize, y: usize| match rows[y][x] {
        b'.' | b'G' | b'S' => 1,
        b'W' => 2,
        _ => 0,
    };
    let (w, h) = (rows[0].len(), rows.len());
    let mut dist: Vec<Vec<Option<f64>>> = vec![vec![None; w]; h];
    let mut done = vec![vec![false; w]; h];
    dist[from.1][from.0] = Some(0.0);
    while let Some((d, x, y)) = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| !done[y][x])
        .filter_map(|(x, y)| dist[y][x].map(|d| (d, x, y)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
    {
        done[y][x] = true;
        for dy in -1i32..=1 {
            for dx in -1i32..=1 {
                let (nx, ny) = ((x as i32 + dx) as usize, (y as i32 + dy) as usize);
                if (dx, dy) == (0, 0) || nx >= w || ny >= h || kind(nx, ny) != kind(x, y) {
                    continue;
                }
                let diagonal = dx != 0 && dy != 0;
                if diagonal && (kind(nx, y) != kind(x, y) || kind(x, ny) != kind(x, y)) {
                    continue;
                }
                let step = if diagonal {
                    std::f64::consts::SQRT_2
                } else {
                    1.0
                };
                if dist[ny][nx].is_none_or(|old| d + step < old) {
                    dist[ny][nx] = Some(d + step);
                }
            }
        }
    }
    dist
}

/// Every pair of cells that can reach each other on the map with every letter, as scenarios
/// with the independent Dijkstra's lengths: searchlab agrees with each (on ground, around the
/// swamp at no extra cost, and across the water), with one worker and with several.
#[test]
fn every_letter_agrees_with_an_independent_dijkstra() {
    let rows: Vec<&[u8]> = LETTERS.lines().skip(4).map(str::as_bytes).collect();
    let (w, h) = (rows[0].len(), rows.len());
    let mut scen = String::from("version 1\n");
    let (mut pairs, mut water) = (0, 0);
    for sy in 0..h {
        for sx in 0..w {
            if !b".GSW".contains(&rows[sy][sx]) {
                continue;
            }
            let dist = letter_distances(&rows, (sx, sy));
            for (gy, row) in dist.iter().enumerate() {
                for (gx, d) in row.iter().enumerate() {
                    if let Some(d) = d
                        && (gx, gy) != (sx, sy)
                        && (sx + 2 * sy + gx) % 3 == 0
                    {
                        scen.push_str(&format!(
                            "0\tletters.map\t{w}\t{h}\t{sx}\t{sy}\t{gx}\t{gy}\t{d:.8}\n"
                        ));
                        pairs += 1;
                        water += usize::from(rows[sy][sx] == b'W');
                    }
                }
            }
        }
    }
    assert!(pairs > 300 && water > 30, "{pairs} pairs, {water} on water");
    let dir = folder("letters");
    let map = write(&dir, "letters.map", LETTERS);
    let scen = write(&dir, "letters.scen", &scen);
    for jobs in ["1", "2"] {
        let out = searchlab(
            "en",
            &["solve", "--map", &map, "--scen", &scen, "--jobs", jobs],
        );
        let stdout = text(&out.stdout);
        assert_eq!(text(&out.stderr), "", "--jobs {jobs}");
        assert_eq!(out.status.code(), Some(0), "--jobs {jobs}");
        assert_eq!(stdout.matches(": ok\n").count(), pairs, "{stdout}");
        let numbers: Vec<usize> = stdout
            .lines()
            .map(|l| l["scenario ".len()..l.find(':').unwrap()].parse().unwrap())
            .collect();
        assert_eq!(
            numbers,
            (1..=pairs).collect::<Vec<_>>(),
            "answers in file order"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_byte_order_mark_before_the_map_or_the_scenarios_is_skipped() {
    let dir = folder("bom");
    let map = write(&dir, "test.map", &format!("\u{feff}{MAP}"));
    let scen = write(&dir, "test.scen", &format!("\u{feff}{SCEN}"));
    let out = searchlab("en", &["solve", "--map", &map, "--scen", &scen]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).matches(": ok\n").count(), 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A bad scenario line is answered in its place, named on stderr with its line, and the
/// lines around it are solved; the exit status is 2.
#[test]
fn a_bad_scenario_line_is_answered_in_place_and_the_rest_are_solved() {
    let dir = folder("bad-line");
    let map = write(&dir, "test.map", MAP);
    let lines: Vec<&str> = SCEN.lines().collect();
    let bad = [
        lines[0],
        lines[1],
        "0\ttest.map\t8\t6\tone\t1\t6\t1\t5",
        lines[2],
        lines[4],
    ];
    let scen = write(&dir, "test.scen", &(bad.join("\n") + "\n"));
    let out = searchlab(
        "en",
        &["solve", "--map", &map, "--scen", &scen, "--jobs", "2"],
    );
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), 4, "{stdout}");
    assert!(answers[0].starts_with("scenario 1: ") && answers[0].ends_with(": ok"));
    assert!(answers[1].starts_with("error: ") && answers[1].contains("line 3: the start x `one`"));
    assert!(answers[2].starts_with("scenario 3: ") && answers[3].starts_with("scenario 4: "));
    assert_eq!(
        text(&out.stderr),
        format!("searchlab: {scen}: line 3: the start x `one` is not valid\n")
    );

    // A line too long for any scenario ends the reading there, after the answers before it.
    let long = write(
        &dir,
        "long.scen",
        &format!("{}\n{}\n{}\n", lines[0], lines[1], "7".repeat(100_000)),
    );
    let out = searchlab("en", &["solve", "--map", &map, "--scen", &long]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout).lines().count(), 1);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("line 3 is longer than 4096 bytes"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The scenarios are answered as they are read: the first answer comes while the rest of
/// the file has not been written yet.
#[test]
fn scenarios_are_answered_while_the_file_is_still_being_written() {
    use std::io::{BufRead, BufReader, Write};
    let dir = folder("stream");
    let map = write(&dir, "test.map", MAP);
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .env("SEARCHLAB_LANG", "en")
        .args(["solve", "--map", &map, "--scen", "/dev/stdin"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let lines: Vec<&str> = SCEN.lines().collect();
    writeln!(input, "{}\n{}", lines[0], lines[1]).unwrap();
    input.flush().unwrap();
    let (sender, answers) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let _ = sender.send(line.unwrap());
        }
    });
    // A guard against a hang, not a speed test: the answer needs only the first line.
    let first = answers.recv_timeout(std::time::Duration::from_secs(60));
    assert!(
        first
            .as_deref()
            .is_ok_and(|l| l.starts_with("scenario 1: ")),
        "{first:?}"
    );
    writeln!(input, "{}", lines[4]).unwrap();
    drop(input);
    assert!(child.wait().unwrap().success());
    let second = answers.recv().unwrap();
    assert!(second.starts_with("scenario 2: 6,1 -> 1,4"), "{second}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Options that do not go with a map are refused in one line, exit 2, before any search.
#[test]
fn options_that_do_not_go_with_a_map_are_refused() {
    let dir = folder("options");
    let map = write(&dir, "test.map", MAP);
    let cases: [(&[&str], &str); 10] = [
        (&["--pdb-groups", "6-6-3"], "--pdb-groups"),
        (&["--depth-limit", "7"], "--depth-limit"),
        (&["--max-steps", "5"], "--max-steps"),
        (&["--max-depth", "5"], "--max-steps and --max-depth"),
        (&["--tree", "t.svg"], "--tree"),
        (&["--table", "t.md"], "--table"),
        (&["--weight", "3"], "--weight is for weighted-astar"),
        (
            &["--algorithm", "bfs", "--tie-break", "lifo"],
            "--tie-break",
        ),
        (
            &["--algorithm", "astar", "--goal-test", "generation"],
            "BFS",
        ),
        (
            &["--algorithm", "ucs", "--heuristic", "octile"],
            "no heuristic",
        ),
    ];
    for (extra, expected) in cases {
        let args = [&["solve", "--map", &map, "--start", "1,1"][..], extra].concat();
        let out = searchlab("en", &args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{extra:?}: {stderr}");
        assert!(stderr.contains(expected), "{extra:?}: {stderr}");
        assert_eq!(text(&out.stdout), "", "{extra:?}");
    }
    // What does apply is taken: a weight with weighted A*, a tie-break with A*, the goal
    // test on generation with BFS.
    for extra in [
        &["--algorithm", "weighted-astar", "--weight", "3"][..],
        &["--tie-break", "lifo"],
        &["--algorithm", "bfs", "--goal-test", "generation"],
    ] {
        let args = [&["solve", "--map", &map, "--start", "1,1"][..], extra].concat();
        let out = searchlab("en", &args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{extra:?}: {}",
            text(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Map, scenario and start or goal errors are in Chinese under `--lang zh`.
#[test]
fn map_and_scenario_errors_speak_chinese() {
    let dir = folder("zh-errors");
    let map = write(&dir, "test.map", MAP);
    let bad_map = write(&dir, "bad.map", &MAP.replace("@.TT...@", "@.TT.#.@"));
    let wall = write(
        &dir,
        "qiang.scen",
        &SCEN.replace("\t1\t3\t6\t4\t", "\t2\t2\t6\t4\t"),
    );
    let fields = write(&dir, "fields.scen", &SCEN.replace("\t5.00000000", ""));
    let cases: [(&[&str], &str); 6] = [
        (&["--map", &bad_map, "--start", "1,1"], "第 7 行第 6 列"),
        (&["--map", &map, "--scen", &wall], "起点不能在墙上"),
        (&["--map", &map, "--scen", &fields], "应有 9 项"),
        (&["--map", &map, "--start", "1,9"], "在 8x6 的网格之外"),
        (&["--map", &map, "--goal", "3,2"], "目标不能在墙上"),
        (
            &["--map", &map, "--start", "1,1", "--pdb-groups", "7-8"],
            "不用于地图",
        ),
    ];
    for (args, expected) in cases {
        let out = searchlab("zh", &[&["solve"], args].concat());
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        let english = ["line", "cannot", "outside", "wall", "expected", "is not"];
        assert!(
            english.iter().all(|word| !stderr.contains(word)),
            "{args:?}: {stderr}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Tree search on a map runs in the stepping engine: A* finds the same length as graph search,
/// storing a cell again for each path to it, and BFS, which has no estimate to aim it, reaches
/// the node limit.
#[test]
fn tree_search_on_a_map() {
    let dir = folder("tree");
    let map = write(&dir, "test.map", MAP);
    let solve = |extra: &[&str]| {
        let mut args = vec![
            "solve", "--map", &map, "--start", "1,3", "--goal", "6,4", "--format", "json",
        ];
        args.extend_from_slice(extra);
        searchlab("en", &args)
    };
    let value = |out: &Output| -> serde_json::Value {
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        serde_json::from_str(&text(&out.stdout)).unwrap()
    };
    let graph = value(&solve(&[]));
    for repeats in ["tree", "path"] {
        let tree = value(&solve(&["--repeats", repeats]));
        assert_eq!(tree["length"], graph["length"], "{repeats}");
        assert!(
            tree["stats"]["repeated"].as_u64().unwrap() > 0,
            "{repeats}: {tree}"
        );
        assert!(
            tree["stats"]["nodes"].as_u64() > graph["stats"]["nodes"].as_u64(),
            "{repeats}: {tree} {graph}"
        );
    }
    let out = solve(&["-a", "bfs", "--repeats", "tree", "--node-limit", "500"]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    let stopped: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(stopped["node_limit"], 500, "{stopped}");
    std::fs::remove_dir_all(&dir).unwrap();
}
