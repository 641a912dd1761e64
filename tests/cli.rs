//! The `searchlab` binary as a user runs it: stdin in, stdout out, exit status.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn searchlab(args: &[&str], stdin: &[u8]) -> Output {
    searchlab_in("en", args, stdin)
}

/// The binary with `SEARCHLAB_LANG` set, whatever the machine's locale.
fn searchlab_in(language: &str, args: &[&str], stdin: &[u8]) -> Output {
    // Pattern databases are cached here, not in the user's cache folder.
    run(language, &cache_dir(), args, stdin)
}

/// The binary in `language` with its pattern databases cached in `cache`, fed `stdin`.
fn run(language: &str, cache: &std::path::Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .env("SEARCHLAB_LANG", language)
        .env("XDG_CACHE_HOME", cache)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that refuses its options exits without reading stdin.
    if let Err(err) = child.stdin.take().unwrap().write_all(stdin) {
        assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe, "{err}");
    }
    child.wait_with_output().unwrap()
}

/// The binary with its pattern databases cached in `cache`.
fn searchlab_cached_in(cache: &std::path::Path, args: &[&str], stdin: &[u8]) -> Output {
    run("en", cache, args, stdin)
}

fn cache_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("searchlab-cli-cache-{}", std::process::id()))
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
    let out = searchlab(&["solve", "--algorithm", "beam", "283104765"], b"");
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

/// Bad input: exit 2 and exactly one line on stderr, never a panic.
fn assert_refused(out: &Output) -> String {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn experiment_sizes_are_range_checked() {
    for args in [
        &["experiment", "--max-depth", "254"][..],
        &["experiment", "--max-depth", "255", "--step", "1"],
        &["experiment", "--step", "40"],
        &["experiment", "--boards", "18446744073709551615"],
        &["experiment", "--boards", "4000000000"],
        &["experiment", "--boards", "0"],
        &["experiment", "--threads", "100000000"],
    ] {
        let stderr = assert_refused(&searchlab(args, b""));
        assert!(stderr.contains("from 1 to"), "{args:?}: {stderr}");
    }
    // The largest depth is accepted, and refused by the goal's table if no board lies there.
    let out = searchlab(&["experiment", "--max-depth", "31", "--step", "31"], b"");
    let stderr = assert_refused(&out);
    assert!(stderr.contains("the farthest is 30"), "{stderr}");
}

#[test]
fn a_trace_path_is_checked_before_any_search() {
    // Nothing to solve, but the path is refused at once (no search is wasted on it).
    let out = searchlab(&["solve", "--trace", "/nonexistent-dir/trace.json"], b"");
    let stderr = assert_refused(&out);
    assert!(
        stderr.starts_with("searchlab: cannot write the trace to /nonexistent-dir/trace.json"),
        "{stderr}"
    );
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn traces_to_a_device_make_no_new_files() {
    let existed = std::path::Path::new("/dev/null-2").exists();
    let out = searchlab(
        &["solve", "--trace", "/dev/null", "283104765", "123804765"],
        b"",
    );
    assert_eq!(text(&out.stdout), "4\n0\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::path::Path::new("/dev/null-2").exists(), existed);
}

#[test]
fn a_trace_is_streamed_not_held_in_memory() {
    // A 4x4 search stopped at 400,000 nodes: held whole, its JSON trace took well over 1 GB;
    // streamed, the search's own records are all that grow.
    let dir = std::env::temp_dir().join(format!("searchlab-cli-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("hard.json");
    let script = format!(
        "ulimit -v 800000 && exec {} solve --node-limit 400000 --trace {} FE169B4C0A73D852",
        env!("CARGO_BIN_EXE_searchlab"),
        file.display()
    );
    let out = Command::new("sh")
        .args(["-c", &script])
        .env("SEARCHLAB_LANG", "en")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("stopped: node limit of 400000 reached"));
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(trace["events"].as_array().unwrap().len() > 400_000);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_goal_is_recognised_before_the_node_limit() {
    // The start is the goal: one node, whatever the limit.
    let out = searchlab(&["solve", "--node-limit", "1", "123804765"], b"");
    assert_eq!(text(&out.stdout), "0\n");
    assert_eq!(out.status.code(), Some(0));
    for algorithm in ["bfs", "astar", "weighted-astar"] {
        let out = searchlab(
            &["solve", "-a", algorithm, "--node-limit", "4", "123804765"],
            b"",
        );
        assert_eq!(text(&out.stdout), "0\n", "{algorithm}");
    }
}

#[test]
fn the_node_limit_counts_the_nodes_really_made() {
    // A* stores 10 nodes on the P1379 sample: a limit of 10 is enough, 9 is not.
    let out = searchlab(&["solve", "--node-limit", "10", "283104765"], b"");
    assert_eq!(text(&out.stdout), "4\n");
    assert_eq!(out.status.code(), Some(0));
    let out = searchlab(&["solve", "--node-limit", "9", "283104765"], b"");
    assert_eq!(
        text(&out.stdout),
        "stopped: node limit of 9 reached after 3 expansions; raise it with --node-limit\n"
    );
    assert_eq!(out.status.code(), Some(3));
    let json = searchlab(
        &[
            "solve",
            "--node-limit",
            "9",
            "--format",
            "json",
            "283104765",
        ],
        b"",
    );
    let value: serde_json::Value = serde_json::from_str(&text(&json.stdout)).unwrap();
    assert_eq!(value["node_limit"], 9);
    assert!(value["stopped"].as_str().unwrap().contains("--node-limit"));
    // Unsolvable and bad input keep their own statuses beside a stopped search.
    let mixed = searchlab(&["solve", "--node-limit", "9"], b"283104765\n213804765\n");
    assert_eq!(mixed.status.code(), Some(3));
    let help = searchlab(&["solve", "--help"], b"");
    assert!(text(&help.stdout).contains("3 some stopped at the node limit"));
}

#[test]
fn a_goal_is_checked_once_and_its_size_is_bad_input() {
    let out = searchlab(&["solve", "--goal", "123456789ABCDEF0", "283104765"], b"");
    assert_refused(&out);
    assert_eq!(
        text(&out.stdout),
        "error: the board is 3x3 but the goal is 4x4\n"
    );
    // A goal that is not a board is refused before any board, once.
    let out = searchlab(&["solve", "--goal", "12345678"], b"");
    let stderr = assert_refused(&out);
    assert!(stderr.contains("goal: 8 tiles given"), "{stderr}");
    let out = searchlab(
        &["solve", "--goal", "xyz"],
        b"283104765\n283104765\n283104765\n",
    );
    assert_refused(&out);
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn weights_are_checked_where_they_are_used() {
    for weight in ["nan", "-1", "0.5", "inf"] {
        let out = searchlab(&["inspect", "--weight", weight], b"");
        let stderr = assert_refused(&out);
        assert!(stderr.contains("1 to 100"), "{weight}: {stderr}");
        let out = searchlab(
            &[
                "solve",
                "-a",
                "weighted-astar",
                "--weight",
                weight,
                "283104765",
            ],
            b"",
        );
        assert_refused(&out);
    }
    // A weight given to an algorithm that has none is refused, not ignored.
    let out = searchlab(&["solve", "-a", "astar", "--weight", "3", "283104765"], b"");
    let stderr = assert_refused(&out);
    assert!(stderr.contains("weighted-astar only"), "{stderr}");
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn chinese_covers_parse_errors_path_stats_and_tables() {
    let out = searchlab_in("zh", &["solve", "--algorithm", "beam", "283104765"], b"");
    let stderr = assert_refused(&out);
    assert!(stderr.contains("--algorithm"), "{stderr}");
    assert!(stderr.contains("不认识的算法"), "{stderr}");
    let out = searchlab_in("zh", &["solve", "--frobnicate"], b"");
    let stderr = assert_refused(&out);
    assert!(stderr.contains("不认识的参数 --frobnicate"), "{stderr}");
    let out = searchlab_in("zh", &["solve", "--node-limit", "x", "1"], b"");
    let stderr = assert_refused(&out);
    assert!(stderr.contains("不是整数"), "{stderr}");

    let out = searchlab_in("zh", &["solve", "--path", "--stats", "283104765"], b"");
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("4\t扩展 4，生成 "), "{stdout}");
    assert!(stdout.contains("初始状态\n"), "{stdout}");
    assert!(
        stdout.contains("第 1 步：数码 8 下移（空格上移）"),
        "{stdout}"
    );

    let out = searchlab_in("zh", &["inspect"], b"");
    assert!(text(&out.stdout).starts_with("| h* | 状态数 |"));
    assert!(text(&out.stdout).contains("可采纳"));
    let out = searchlab_in(
        "zh",
        &[
            "experiment",
            "--max-depth",
            "2",
            "--boards",
            "2",
            "--format",
            "markdown",
        ],
        b"",
    );
    assert!(
        text(&out.stdout).contains("bfs 生成数"),
        "{}",
        text(&out.stdout)
    );
    // Machine-readable answers stay as they are.
    let out = searchlab_in("zh", &["solve", "--format", "json", "283104765"], b"");
    let value: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(value["moves"], 4);
}

#[test]
fn an_unknown_language_is_named_once() {
    let out = searchlab_in("xx", &["solve", "283104765"], b"");
    assert_eq!(text(&out.stdout), "4\n");
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("SEARCHLAB_LANG=xx"), "{stderr}");
    assert!(stderr.contains("en or zh"), "{stderr}");
}

#[test]
fn bad_lines_are_quoted_short_and_escaped() {
    let mut huge = b"1 2 ".to_vec();
    huge.extend(std::iter::repeat_n(b'9', 10_000_000));
    huge.push(b'\n');
    let out = searchlab(&["solve"], &huge);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.len() < 200, "{} bytes", out.stdout.len());
    assert!(out.stderr.len() < 200, "{} bytes", out.stderr.len());
    // Past 4 KB a line is not read into memory: its length and first characters are quoted.
    let expected = "error: the line is longer than 4096 bytes (it starts `1 2 999";
    assert!(
        text(&out.stdout).starts_with(expected),
        "{}",
        text(&out.stdout)
    );
    let mut long = b"1 2 ".to_vec();
    long.extend(std::iter::repeat_n(b'9', 1000));
    long.push(b'\n');
    let out = searchlab(&["solve"], &long);
    assert!(out.stdout.len() < 200, "{} bytes", out.stdout.len());
    assert!(text(&out.stdout).contains("9…'"), "{}", text(&out.stdout));

    let out = searchlab(&["solve"], b"28310\x1b[2J765\n2\x008\n");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    for shown in [&stdout, &stderr] {
        assert!(
            !shown.contains('\x1b') && !shown.contains('\0'),
            "{shown:?}"
        );
    }
    assert!(stdout.contains("'\\u{1b}' at character 6"), "{stdout}");

    let out = searchlab(&["solve"], "\u{feff}283104765\n".as_bytes());
    assert_eq!(text(&out.stdout), "4\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn experiment_configs_are_refused_in_chinese() {
    let out = searchlab_in("zh", &["experiment", "--config", "beam"], b"");
    let stderr = assert_refused(&out);
    assert!(stderr.contains("不认识的算法“beam”"), "{stderr}");
    let out = searchlab_in(
        "zh",
        &["experiment", "--config", "weighted-astar:manhattan:0.5"],
        b"",
    );
    let stderr = assert_refused(&out);
    assert!(stderr.contains("不能使用权重 0.5"), "{stderr}");
}

#[test]
fn idastar_with_and_without_the_pattern_database_answers_as_a_star_does() {
    // 4, 12 and 18 moves from 123804765.
    let boards = b"283104765\n143805276\n126743058\n";
    let astar = searchlab(&["solve"], boards);
    assert!(astar.status.success());
    assert_eq!(text(&astar.stdout), "4\n12\n18\n");
    for args in [
        &["solve", "--algorithm", "idastar"][..],
        &[
            "solve",
            "--algorithm",
            "idastar",
            "--heuristic",
            "linear-conflict",
        ],
        &["solve", "--algorithm", "idastar", "--heuristic", "pdb"],
    ] {
        let out = searchlab(args, boards);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), text(&astar.stdout), "{args:?}");
    }
    // The database was built once and kept: a second run reads it and says nothing.
    let cached = std::fs::read_dir(cache_dir().join("searchlab"))
        .unwrap()
        .count();
    assert_eq!(cached, 1);
    let again = searchlab(&["solve", "-a", "idastar", "-H", "pdb"], b"283104765\n");
    assert_eq!(text(&again.stdout), "4\n");
    assert_eq!(text(&again.stderr), "");

    // The stepping algorithms find the same database by name (read from the cache, silently),
    // and so does IDA* when a trace asks for its steps.
    let trace =
        std::env::temp_dir().join(format!("searchlab-pdb-trace-{}.json", std::process::id()));
    let trace = trace.to_str().unwrap();
    for args in [
        &["solve", "--heuristic", "pdb"][..],
        &["solve", "-a", "astar", "-H", "pdb", "--tie-break", "fifo"],
        &["solve", "-a", "idastar", "-H", "pdb", "--trace", trace],
    ] {
        let out = searchlab(args, boards);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), text(&astar.stdout), "{args:?}");
        assert_eq!(text(&out.stderr), "", "{args:?}");
    }
    // A* really looked the database up: it expands fewer nodes than with Manhattan distance.
    let with_pdb = searchlab(&["solve", "-H", "pdb", "--stats"], boards);
    let manhattan = searchlab(&["solve", "--stats"], boards);
    let expanded = |out: &std::process::Output| -> Vec<u64> {
        text(&out.stdout)
            .lines()
            .map(|line| {
                let count = line.split("expanded ").nth(1).expect(line);
                count.split(',').next().unwrap().parse().unwrap()
            })
            .collect()
    };
    let (fewer, more) = (expanded(&with_pdb), expanded(&manhattan));
    assert_eq!(fewer.len(), 3);
    assert!(
        fewer.iter().sum::<u64>() < more.iter().sum::<u64>(),
        "{fewer:?} {more:?}"
    );
    // The first board's trace: IDA* stepped with the database.
    let traced = std::fs::read_to_string(trace).unwrap();
    assert!(traced.contains("\"expanding\""), "{traced}");

    // Options that do not go together: one line, exit 2.
    let groups = ["--pdb-groups", "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15"];
    for args in [
        &["solve", "--heuristic", "pdb", groups[0], groups[1]][..],
        &[
            "solve", "-a", "idastar", "-H", "pdb", groups[0], groups[1], "--trace", trace,
        ],
    ] {
        let out = searchlab(args, b"283104765\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            text(&out.stderr).lines().count(),
            1,
            "{}",
            text(&out.stderr)
        );
    }
}

#[test]
fn the_stepping_algorithms_answer_from_the_command_line() {
    // 4, 12 and 18 moves from 123804765: the optimal ones agree with A*.
    let boards = b"283104765\n143805276\n126743058\n";
    for algorithm in ["ids", "bidirectional-bfs", "bidirectional-ucs"] {
        let out = searchlab(&["solve", "--algorithm", algorithm, "--stats"], boards);
        assert!(out.status.success(), "{algorithm}: {}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let moves: Vec<&str> = stdout
            .lines()
            .map(|l| l.split('\t').next().unwrap())
            .collect();
        assert_eq!(moves, ["4", "12", "18"], "{algorithm}");
    }

    // DFS: a path within the limit, or a sentence saying there is none that short.
    let out = searchlab(
        &["solve", "-a", "dfs", "--depth-limit", "14", "143805276"],
        b"",
    );
    let moves: u32 = text(&out.stdout).trim().parse().unwrap();
    assert!((12..=14).contains(&moves), "{moves}");
    let out = searchlab(
        &["solve", "-a", "dfs", "--depth-limit", "3", "283104765"],
        b"",
    );
    assert_eq!(
        text(&out.stdout),
        "no solution: no path within the depth limit of 3\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = searchlab(
        &[
            "solve",
            "-a",
            "dfs",
            "--depth-limit",
            "2000000",
            "283104765",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("depth limit 2000000"),
        "{}",
        text(&out.stderr)
    );

    // With --trace, IDA* runs in the stepping engine, whose records show pruned children.
    let dir = std::env::temp_dir().join(format!("searchlab-cli-ida-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let trace = dir.join("ida.csv");
    let out = searchlab(
        &["solve", "-a", "idastar", "--trace", trace.to_str().unwrap()],
        b"143805276\n",
    );
    assert_eq!(text(&out.stdout), "12\n", "{}", text(&out.stderr));
    let csv = std::fs::read_to_string(&trace).unwrap();
    assert!(csv.contains(",prune,") && csv.contains(",goal,"), "{csv}");
    let table = dir.join("bidirectional.md");
    let out = searchlab(
        &[
            "solve",
            "283104765",
            "-a",
            "bidirectional-bfs",
            "--table",
            table.to_str().unwrap(),
        ],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(std::fs::read_to_string(&table).unwrap().contains("S1"));
    std::fs::remove_dir_all(&dir).unwrap();

    // Every name is listed when one is wrong.
    let out = searchlab(&["solve", "-a", "bidirectional", "283104765"], b"");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    for name in [
        "idastar",
        "ids",
        "dfs",
        "bidirectional-bfs",
        "bidirectional-ucs",
    ] {
        assert!(stderr.contains(name), "{stderr}");
    }
    let out = searchlab_in(
        "zh",
        &["solve", "-a", "dfs", "--depth-limit", "3", "283104765"],
        b"",
    );
    assert_eq!(text(&out.stdout), "no solution: 深度界限 3 之内没有路径\n");
}

#[test]
fn a_4x4_board_is_solved_by_ida_star_with_the_pattern_database_unless_told_otherwise() {
    // The default 6-6-3 database takes a minute to build; a 4-4-4-3 split builds in a moment
    // and takes the same path (announced, built with progress, cached, then read silently).
    let cache = std::env::temp_dir().join(format!("searchlab-cli-default-{}", std::process::id()));
    let groups = ["--pdb-groups", "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15"];
    // Three 4x4 boards (answers from A* with linear conflict, also optimal) around a 3x3 one,
    // which keeps A*.
    let boards = b"BD642038517CA9EF\n283104765\n9247DB1305AFE6C8\n78169532ED04BAFC\n";
    let astar = searchlab(&["solve", "-a", "astar", "-H", "linear-conflict"], boards);
    assert!(astar.status.success(), "{}", text(&astar.stderr));

    let first = searchlab_cached_in(&cache, &["solve", "--stats", groups[0], groups[1]], boards);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let moves = |out: &Output| -> Vec<String> {
        text(&out.stdout)
            .lines()
            .map(|l| l.split('\t').next().unwrap().to_string())
            .collect()
    };
    assert_eq!(moves(&first), moves(&astar));
    let stderr = text(&first.stderr);
    assert!(
        stderr.contains("no 4x4 pattern database yet (groups 1,2,3,4/5,6,7,8/9,10,11,12/13,14,15): building it now"),
        "{stderr}"
    );
    assert!(
        stderr.contains("pattern database built and saved in"),
        "{stderr}"
    );
    // IDA*'s counters: its deepest probe, the solution's length, stands for max open.
    let first_line = text(&first.stdout).lines().next().unwrap().to_string();
    let length = moves(&first)[0].clone();
    assert!(
        first_line.contains(&format!("max open {length},")),
        "{first_line}"
    );

    // Read from the cache: the same answers, nothing said.
    let again = searchlab_cached_in(&cache, &["solve", groups[0], groups[1]], boards);
    assert_eq!(moves(&again), moves(&astar));
    assert_eq!(text(&again.stderr), "");
    // A named algorithm is kept: A*'s open list is far longer than IDA*'s path.
    let named = searchlab_cached_in(
        &cache,
        &["solve", "-a", "astar", "--stats"],
        b"BD642038517CA9EF\n",
    );
    let named = text(&named.stdout);
    assert!(
        named.starts_with("32\t") && !named.contains("max open 32,"),
        "{named}"
    );
    std::fs::remove_dir_all(&cache).unwrap();

    // A split that is not one, and a thread count out of range: one line, exit 2.
    for args in [
        &["solve", "--pdb-groups", "1,2,3/3,4"][..],
        &["solve", "--pdb-groups", "1,2,3,4,5,6,7,8,9/10"],
        &["solve", "--jobs", "0"],
    ] {
        assert_refused(&searchlab(args, b"283104765\n"));
    }
}

#[test]
fn a_batch_answers_in_input_order_on_every_core() {
    // Hard and easy boards mixed, a bad line among them: the answers keep the input's order.
    let mut input = String::new();
    let mut expected = Vec::new();
    for round in 0..6 {
        input.push_str("16C34287E95AB0DF\n283104765\n123804765\n");
        expected.extend(["44", "4", "0"]);
        if round == 2 {
            input.push_str("12345\n");
            expected.push("error");
        }
    }
    let out = searchlab(&["solve", "-H", "linear-conflict"], input.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    let answers: Vec<&str> = stdout
        .lines()
        .map(|l| if l.starts_with("error: ") { "error" } else { l })
        .collect();
    assert_eq!(answers, expected);
    assert!(
        text(&out.stderr).starts_with("searchlab: line 10: "),
        "{}",
        text(&out.stderr)
    );
}

/// The expanded count of a `--stats` line: `4\texpanded 12, generated ...`.
fn expanded(line: &str) -> u32 {
    let after = line.split("expanded ").nth(1).expect("a --stats line");
    after.split(',').next().unwrap().parse().unwrap()
}

#[test]
fn tree_search_finds_the_same_answer_by_more_expansions() {
    // Nine moves: enough for cycle checking to meet states again off the path.
    let solve = |repeats: &str| {
        let out = searchlab(
            &[
                "solve",
                "-a",
                "bfs",
                "--stats",
                "--repeats",
                repeats,
                "281043765",
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(stdout.starts_with("9\t"), "{repeats}: {stdout}");
        expanded(&stdout)
    };
    let (graph, path, tree) = (solve("graph"), solve("path"), solve("tree"));
    assert!(graph < path && path < tree, "{graph} {path} {tree}");
    assert_eq!(solve("tree+cycle-check"), path);
    // Without --repeats, graph search (the lean solver's counts are the engine's).
    let plain = searchlab(&["solve", "-a", "bfs", "--stats", "281043765"], b"");
    assert_eq!(expanded(&text(&plain.stdout)), graph);
    // The JSON counts the states generated again.
    let out = searchlab(
        &[
            "solve",
            "-a",
            "bfs",
            "--repeats",
            "tree",
            "--format",
            "json",
            "283104765",
        ],
        b"",
    );
    let value: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(value["moves"], 4);
    assert!(value["stats"]["repeated"].as_u64().unwrap() > 0, "{value}");
    assert_eq!(value["stats"]["duplicates"], 0);
}

/// IDA*'s own fast search knows nothing of the setting: with --repeats it runs in the stepping
/// engine, where graph search is the path check, as with --trace.
#[test]
fn ida_star_with_repeats_runs_in_the_stepping_engine() {
    let stats = |args: &[&str]| {
        let mut all = vec!["solve", "-a", "idastar", "--stats", "--format", "json"];
        all.extend_from_slice(args);
        all.push("281043765");
        let out = searchlab(&all, b"");
        let value: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
        assert_eq!(value["moves"], 9, "{args:?}");
        (
            value["stats"]["expanded"].clone(),
            value["stats"]["generated"].clone(),
        )
    };
    let stepping = stats(&["--trace", "/dev/null"]);
    assert_ne!(stats(&[]), stepping);
    assert_eq!(stats(&["--repeats", "path"]), stepping);
    assert_eq!(
        stats(&["--repeats", "graph", "--trace", "/dev/null"]),
        stepping
    );
    assert_ne!(stats(&["--repeats", "tree"]), stepping);
}

#[test]
fn a_tree_search_stops_at_the_node_limit_where_graph_search_solves() {
    // 16 moves: graph search expands about 10,000 nodes (iterative deepening about 44,000);
    // tree search, going back and forth, passes 100,000 stored nodes first.
    for algorithm in ["bfs", "ids"] {
        let args = |repeats| {
            [
                "solve",
                "-a",
                algorithm,
                "--repeats",
                repeats,
                "--node-limit",
                "100000",
                "231804765",
            ]
        };
        let tree = searchlab(&args("tree"), b"");
        assert_eq!(tree.status.code(), Some(3), "{}", text(&tree.stderr));
        assert!(
            text(&tree.stdout).starts_with("stopped: node limit of 100000 reached after "),
            "{algorithm}: {}",
            text(&tree.stdout)
        );
        let graph = searchlab(&args("graph"), b"");
        assert_eq!(graph.status.code(), Some(0), "{algorithm}");
        assert_eq!(text(&graph.stdout), "16\n", "{algorithm}");
    }
}

/// Depth-limited DFS without the cycle check walks back and forth: the path it finds within its
/// limit of 30 visits a few boards again and again. Graph search is the path check for DFS, so
/// both settings give the same run, whose path repeats no board.
#[test]
fn a_depth_first_tree_search_finds_a_path_round_cycles() {
    let path = |repeats| -> Vec<String> {
        let out = searchlab(
            &[
                "solve",
                "-a",
                "dfs",
                "--repeats",
                repeats,
                "--format",
                "json",
                "--path",
                "283104765",
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let value: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
        serde_json::from_value(value["path"].clone()).unwrap()
    };
    let distinct = |boards: &[String]| {
        boards
            .iter()
            .collect::<std::collections::HashSet<_>>()
            .len()
    };
    let tree = path("tree");
    assert!(distinct(&tree) < tree.len(), "{tree:?}");
    let checked = path("path");
    assert_eq!(distinct(&checked), checked.len(), "{checked:?}");
    assert_eq!(path("graph"), checked);
}

#[test]
fn a_bad_repeats_setting_is_refused_in_one_line() {
    let stderr = assert_refused(&searchlab(
        &["solve", "--repeats", "forest", "283104765"],
        b"",
    ));
    assert!(stderr.contains("graph, tree, path"), "{stderr}");
    let stderr = assert_refused(&searchlab(
        &[
            "solve",
            "-a",
            "bidirectional-bfs",
            "--repeats",
            "tree",
            "283104765",
        ],
        b"",
    ));
    assert!(stderr.contains("graph search only"), "{stderr}");
    let stderr = assert_refused(&searchlab_in(
        "zh",
        &[
            "solve",
            "-a",
            "bidirectional-ucs",
            "--repeats",
            "path",
            "283104765",
        ],
        b"",
    ));
    assert!(stderr.contains("双向搜索只能做图搜索"), "{stderr}");
    let stderr = assert_refused(&searchlab(
        &["experiment", "--config", "bfs:repeats=forest"],
        b"",
    ));
    assert!(stderr.contains("repeats=graph|tree|path"), "{stderr}");
    // A bidirectional search in graph search, as it always was.
    let out = searchlab(
        &[
            "solve",
            "-a",
            "bidirectional-bfs",
            "--repeats",
            "graph",
            "283104765",
        ],
        b"",
    );
    assert_eq!(text(&out.stdout), "4\n");
}

#[test]
fn an_experiment_compares_graph_and_tree_search() {
    let out = searchlab(
        &[
            "experiment",
            "--max-depth",
            "4",
            "--step",
            "4",
            "--boards",
            "3",
            "--threads",
            "1",
            "--format",
            "csv",
            "--config",
            "bfs",
            "--config",
            "bfs:repeats=tree",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let rows: Vec<Vec<&str>> = stdout
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    assert_eq!((rows[0][1], rows[1][1]), ("bfs", "bfs repeats=tree"));
    let generated = |row: &[&str]| row[3].parse::<f64>().unwrap();
    assert!(generated(&rows[0]) < generated(&rows[1]), "{stdout}");
}

/// The searches that hold little, from the command line: branch-and-bound and heuristic
/// depth-first within --depth-limit, --memory for SMA* alone, and the peak of nodes held with
/// the re-expansions in the stats line.
#[test]
fn the_memory_bounded_and_branch_and_bound_searches_run_from_the_command_line() {
    // 283104765 is 4 moves from the goal, 216408753 eighteen.
    let out = searchlab(
        &["solve", "-a", "dfbnb", "--depth-limit", "20", "216408753"],
        b"",
    );
    assert_eq!(text(&out.stdout), "18\n", "{}", text(&out.stderr));
    let out = searchlab(
        &["solve", "-a", "hdfs", "--depth-limit", "3", "283104765"],
        b"",
    );
    assert_eq!(
        text(&out.stdout),
        "no solution: no path within the depth limit of 3\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = searchlab(&["solve", "-a", "astar", "--memory", "8", "283104765"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--memory is for --algorithm sma"));
    let out = searchlab(&["solve", "-a", "idastar", "-s", "283104765"], b"");
    let line = text(&out.stdout);
    // The fast IDA* counts no memory; the stepping engines do.
    assert!(!line.contains("peak held"), "{line}");
    let out = searchlab(&["solve", "-a", "astar", "-s", "283104765"], b"");
    let line = text(&out.stdout);
    assert!(
        line.contains("peak held") && line.contains("re-expanded 0"),
        "{line}"
    );
}
