//! `searchlab solve --tree FILE --table FILE` as a user runs it: the files, the refusals, the
//! exit statuses.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The binary in `language`, fed `stdin`; killed (and the test failed) if it has not ended
/// after a minute, so a run that would wait forever fails instead of hanging the suite.
fn searchlab_in(language: &str, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .env("SEARCHLAB_LANG", language)
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("searchlab-handout-cache"),
        )
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // A command that refuses its input exits without reading all of it.
    let feeder = std::thread::spawn(move || {
        if let Err(err) = input.write_all(&stdin) {
            assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe, "{err}");
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("searchlab {args:?} did not end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    feeder.join().unwrap();
    child.wait_with_output().unwrap()
}

fn searchlab(args: &[&str], stdin: &[u8]) -> Output {
    searchlab_in("en", args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-handout-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A refusal: nothing on stdout, one line on stderr, exit status 2.
fn assert_refused(out: &Output) -> String {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(text(&out.stdout), "");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("searchlab: "), "{stderr}");
    stderr
}

/// The README's 4x4 example, 44 moves from the goal: A* makes millions of nodes.
const HARD: &str = "16C34287E95AB0DF";

#[test]
fn a_tree_too_big_for_its_file_is_refused_in_one_line() {
    let dir = folder("big-tree");
    let svg = dir.join("t.svg");
    let out = searchlab(&["solve", "--tree", arg(&svg), HARD], b"");
    let stderr = assert_refused(&out);
    assert!(
        stderr.contains("more than the 100000 a SVG file holds")
            && stderr.contains("--max-steps")
            && stderr.contains("--max-depth"),
        "{stderr}"
    );
    assert!(!svg.exists());
    let out = searchlab_in("zh", &["solve", "--tree", arg(&svg), HARD], b"");
    let stderr = assert_refused(&out);
    assert!(
        stderr.contains("请用 --max-steps 或 --max-depth"),
        "{stderr}"
    );

    // A PNG is drawn whole by resvg: its limit is lower, and a depth cut brings the tree
    // under it.
    let png = dir.join("t.png");
    let out = searchlab(
        &["solve", "-a", "bfs", "--tree", arg(&png), "216408753"],
        b"",
    );
    let stderr = assert_refused(&out);
    assert!(stderr.contains("a PNG file holds"), "{stderr}");
    assert!(!png.exists());
    let out = searchlab(
        &[
            "solve",
            "-a",
            "bfs",
            "--tree",
            arg(&png),
            "--max-depth",
            "3",
            "216408753",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG\r\n"));
    // A depth cut that leaves too many nodes is refused once the tree is known.
    let dot = dir.join("t.dot");
    let out = searchlab(
        &[
            "solve",
            "-a",
            "bfs",
            "--tree",
            arg(&png),
            "--max-depth",
            "15",
            "216408753",
        ],
        b"",
    );
    assert!(assert_refused(&out).contains("after"));
    let out = searchlab(
        &[
            "solve",
            "-a",
            "bfs",
            "--tree",
            arg(&dot),
            "--max-depth",
            "15",
            "216408753",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&std::fs::read(&dot).unwrap()).ends_with("}\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_long_table_is_written_as_changes() {
    let dir = folder("long-table");
    let md = dir.join("t.md");
    let out = searchlab(
        &["solve", "-a", "bfs", "--table", arg(&md), "216408753"],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let moves: usize = text(&out.stdout).trim().parse().unwrap();
    assert!(moves > 15);
    let table = std::fs::read_to_string(&md).unwrap();
    let note: Vec<&str> = table
        .lines()
        .filter(|l| l.starts_with("From step "))
        .collect();
    assert_eq!(note.len(), 1, "{}", &table[..2000]);
    let rows = table.lines().filter(|l| l.starts_with("| ")).count() - 4;
    assert!(rows > 10_000, "{rows} rows");
    // Rows of changes are short: the file grows with the steps, not with their square.
    assert!(
        table.len() < 200 * rows,
        "{} bytes for {rows} rows",
        table.len()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_run_past_the_node_limit_ends_with_its_table() {
    let dir = folder("node-limit");
    let csv = dir.join("t.csv");
    let args = ["solve", "--table", arg(&csv), "--node-limit", "3000", HARD];
    let out = searchlab(&args, b"");
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("stopped: node limit reached after "),
        "{}",
        text(&out.stdout)
    );
    let table = std::fs::read_to_string(&csv).unwrap();
    assert!(table.lines().count() > 1000);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn files_that_cannot_be_written_are_reported_in_one_line() {
    let dir = folder("unwritable");
    // A directory where the file should be.
    let md = dir.join("t.md");
    std::fs::create_dir(&md).unwrap();
    let out = searchlab(&["solve", "--table", arg(&md), "283104765"], b"");
    assert!(assert_refused(&out).contains("it is a directory"));
    let out = searchlab_in("zh", &["solve", "--table", arg(&md), "283104765"], b"");
    assert!(assert_refused(&out).contains("这是目录"));
    // A pipe: opening it would wait for a reader forever.
    let svg = dir.join("t.svg");
    let made = Command::new("mkfifo").arg(&svg).status().unwrap();
    assert!(made.success());
    let out = searchlab(&["solve", "--tree", arg(&svg), "283104765"], b"");
    assert!(assert_refused(&out).contains("not a regular file"));
    // A full disk, in the middle of the table and of the tree.
    #[cfg(target_os = "linux")]
    for (flag, name, board) in [
        ("--table", "full.csv", "216408753"),
        ("--tree", "full.svg", "283104765"),
        ("--tree", "full.png", "283104765"),
    ] {
        let full = dir.join(name);
        std::os::unix::fs::symlink("/dev/full", &full).unwrap();
        let out = searchlab(&["solve", "-a", "bfs", flag, arg(&full), board], b"");
        let stderr = assert_refused(&out);
        assert!(
            stderr.contains("cannot write") && stderr.contains(name),
            "{stderr}"
        );
        let out = searchlab_in("zh", &["solve", flag, arg(&full), board], b"");
        assert!(assert_refused(&out).contains("无法写入"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stdin_is_read_only_as_far_as_one_board() {
    let dir = folder("stdin");
    let svg = dir.join("t.svg");
    // A line longer than any board is refused without reading it all.
    let long = vec![b'1'; 1 << 20];
    let out = searchlab(&["solve", "--tree", arg(&svg)], &long);
    assert!(assert_refused(&out).contains("longer than 4096 bytes"));
    let out = searchlab(&["solve", "--tree", arg(&svg)], b"283104765\n123804765\n");
    assert!(assert_refused(&out).contains("exactly one board"));
    let out = searchlab(&["solve", "--tree", arg(&svg)], b"\n283104765\n\n");
    assert_eq!(text(&out.stdout), "4\n", "{}", text(&out.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The files as the exports wrote them when each was made whole in memory (tests/snapshots/handout/,
/// written by the binary before the exports were streamed): the same bytes.
#[test]
fn the_streamed_files_are_the_exports_made_in_memory() {
    let dir = folder("snapshots");
    let expected = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/handout");
    let runs: [(&str, &[&str]); 3] = [
        ("astar", &["283104765"]),
        ("bidirectional", &["-a", "bidirectional-bfs", "283164705"]),
        (
            "idastar",
            &["-a", "idastar", "--max-steps", "12", "283164705"],
        ),
    ];
    for (name, args) in runs {
        for language in ["en", "zh"] {
            for (file, flag) in [
                ("tree.svg", "--tree"),
                ("tree.dot", "--tree"),
                ("tree.tex", "--tree"),
                ("table.md", "--table"),
                ("table.csv", "--table"),
                ("table.tex", "--table"),
            ] {
                let file = format!("{name}-{language}-{file}");
                let path = dir.join(&file);
                let mut all = vec!["solve"];
                all.extend(args.iter());
                all.extend([flag, arg(&path)]);
                let out = searchlab_in(language, &all, b"");
                assert!(out.status.success(), "{}", text(&out.stderr));
                let got = std::fs::read(&path).unwrap();
                let want = std::fs::read(expected.join(&file)).unwrap();
                assert!(
                    got == want,
                    "{file} differs from tests/snapshots/handout/{file}"
                );
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
