//! What the command-line tests share: a folder of their own, files written into it, and the
//! binary run with a language.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A folder of its own for each test (`kind` names the test file, `name` the test), so tests
/// running side by side do not share files.
pub fn folder(kind: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-{kind}-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` to `name` in `dir`; returns the path as the command line takes it.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Runs the binary with `SEARCHLAB_LANG` set to `language`.
pub fn searchlab(language: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .env("SEARCHLAB_LANG", language)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}
