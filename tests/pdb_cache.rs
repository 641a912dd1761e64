//! Where `searchlab solve` keeps its pattern databases, and what it does with a cache file it
//! cannot use: the binary run with `HOME` and `XDG_CACHE_HOME` set (or not) for each test.
//! Only the 3x3 database is built here (in milliseconds).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use searchlab::domains::puzzle::{Board, Partition, PatternDatabase};

/// A new empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-cache-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `searchlab solve -a astar -H pdb 283104765` in `cwd` with these variables set (`None`:
/// removed), stopped and failed if it has not ended within two minutes.
fn solve(cwd: &Path, vars: &[(&str, Option<&Path>)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_searchlab"));
    command
        .args(["solve", "-a", "astar", "-H", "pdb", "283104765"])
        .current_dir(cwd)
        .env("SEARCHLAB_LANG", "en")
        .env_remove("HOME")
        .env_remove("XDG_CACHE_HOME")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in vars {
        match value {
            Some(value) => command.env(name, value),
            None => command.env_remove(name),
        };
    }
    let mut child = command.spawn().expect("the binary runs");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("solve did not end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The file the 3x3 database of the P1379 goal is cached in under `cache`.
fn eight_file(cache: &Path) -> PathBuf {
    let goal: Board = "123804765".parse().unwrap();
    cache
        .join("searchlab")
        .join(PatternDatabase::file_name(&goal, &Partition::eight_44()))
}

#[test]
fn without_an_absolute_home_or_cache_folder_it_says_so_and_solves_without_caching() {
    let cwd = scratch("nohome");
    let empty = Path::new("");
    let relative = Path::new("somewhere");
    for vars in [
        &[][..],
        &[("HOME", Some(empty))],
        &[("HOME", Some(relative)), ("XDG_CACHE_HOME", Some(relative))],
    ] {
        let out = solve(&cwd, vars);
        assert_eq!(out.status.code(), Some(0), "{vars:?}");
        assert_eq!(text(&out.stdout), "4\n", "{vars:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.starts_with("searchlab: no cache folder"), "{stderr}");
        assert!(!stderr.contains("saved in"), "{stderr}");
        // Nothing was written where the process ran.
        assert_eq!(std::fs::read_dir(&cwd).unwrap().count(), 0, "{vars:?}");
    }
    // HOME alone is enough.
    let out = solve(&cwd, &[("HOME", Some(&cwd))]);
    assert!(
        text(&out.stderr).contains("saved in"),
        "{}",
        text(&out.stderr)
    );
    assert!(eight_file(&cwd.join(".cache")).is_file());
    std::fs::remove_dir_all(&cwd).unwrap();
}

#[cfg(unix)]
#[test]
fn a_fifo_at_the_cache_path_is_not_opened_and_the_database_is_built_instead() {
    let cache = scratch("fifo");
    let path = eight_file(&cache);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let made = Command::new("mkfifo").arg(&path).status().unwrap();
    assert!(made.success());
    let out = solve(&cache, &[("XDG_CACHE_HOME", Some(&cache))]);
    assert_eq!(text(&out.stdout), "4\n");
    let stderr = text(&out.stderr);
    assert!(stderr.contains("is not a regular file"), "{stderr}");
    assert_eq!(stderr.lines().filter(|l| l.contains("regular")).count(), 1);
    std::fs::remove_dir_all(&cache).unwrap();
}

#[test]
fn a_damaged_cache_file_is_reported_once_and_rebuilt() {
    let cache = scratch("damaged");
    let vars = [("XDG_CACHE_HOME", Some(cache.as_path()))];
    assert_eq!(text(&solve(&cache, &vars).stdout), "4\n");
    let path = eight_file(&cache);
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let out = solve(&cache, &vars);
    assert_eq!(text(&out.stdout), "4\n");
    let stderr = text(&out.stderr);
    let damaged: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains(" is damaged "))
        .collect();
    assert_eq!(damaged.len(), 1, "{stderr}");
    assert!(damaged[0].ends_with("removed"), "{stderr}");
    // Rebuilt: the next run reads it and says nothing.
    let out = solve(&cache, &vars);
    assert_eq!(text(&out.stderr), "");
    std::fs::remove_dir_all(&cache).unwrap();
}
