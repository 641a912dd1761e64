//! The layers' arrows, read from the sources: the domains, the engine and the CLI never import
//! the window or egui, and the engine names no domain (domains → search → (cli | app)).

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// Lines of the files under `layer` that mention any of `forbidden`, as "file:line: text".
fn offending(layer: &str, forbidden: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(layer);
    let mut found = Vec::new();
    for file in rust_files(&root) {
        let text = std::fs::read_to_string(&file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if forbidden.iter().any(|word| code.contains(word)) {
                found.push(format!(
                    "{}:{}: {}",
                    file.display(),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    found
}

#[test]
fn no_layer_below_the_window_imports_it_or_egui() {
    let window = ["crate::app", "searchlab::app", "egui", "eframe"];
    for layer in ["search", "domains", "tree", "cli"] {
        let found = offending(layer, &window);
        assert!(
            found.is_empty(),
            "{layer} reaches into the window:\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn the_domains_and_the_engine_do_not_import_the_cli() {
    for layer in ["search", "domains"] {
        let found = offending(layer, &["crate::cli"]);
        assert!(
            found.is_empty(),
            "{layer} imports the CLI:\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn the_engine_names_no_domain() {
    let domains = [
        "crate::domains::puzzle",
        "crate::domains",
        "searchlab::domains::puzzle",
        "searchlab::domains",
        // The domains' words, in code (comments may use them as examples).
        "Board",
        "board",
        "Tile",
        "tile",
        "Cell",
        "cell",
    ];
    let found = offending("search", &domains);
    assert!(
        found.is_empty(),
        "the engine reaches into a domain:\n{}",
        found.join("\n")
    );
}
