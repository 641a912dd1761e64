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

/// The code of a file, without comments and without its unit tests (a test may drive the
/// whole window).
fn code_of(file: &Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    let end = [
        "#[cfg(test)]\nmod tests",
        "#[cfg(test)]\npub(crate) mod tests",
    ]
    .iter()
    .filter_map(|marker| text.find(marker))
    .min()
    .unwrap_or(text.len());
    text[..end]
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_window_model_names_no_egui_even_in_its_tests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/model");
    let mut found = Vec::new();
    for file in rust_files(&root) {
        // The whole text: comments and unit tests too. A test that drives the window (the
        // harness, the app) belongs beside the views.
        let text = std::fs::read_to_string(&file).unwrap();
        for word in ["egui", "eframe", "test_harness", "crate::app::App"] {
            if text.contains(word) {
                found.push(format!("{} names {word}", file.display()));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The window's modules by name (a folder's `mod.rs` by the folder's name, `src/app/mod.rs` as
/// `app`) and the modules each one's code imports through `super::` or `crate::app::`.
fn window_imports() -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let name_of = |file: &Path| {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        if stem != "mod" {
            stem
        } else if file.parent().unwrap() == root {
            "app".to_owned()
        } else {
            let folder = file.parent().unwrap().file_name().unwrap();
            folder.to_string_lossy().into_owned()
        }
    };
    let files = rust_files(&root);
    let names: std::collections::BTreeSet<String> = files.iter().map(|f| name_of(f)).collect();
    // Items the window's root re-exports, by the module that defines them; any other item
    // named through the root is the root's own.
    let reexported = [
        ("Command", "command"),
        ("Settings", "session"),
        ("PuzzleSettings", "session"),
        ("Session", "session"),
        ("Lane", "session"),
        ("RunMode", "session"),
        ("Language", "text"),
        ("frame_bench", "bench"),
        ("CjkFont", "fonts"),
    ];
    let module_of = |segment: &str| -> String {
        if names.contains(segment) {
            segment.to_owned()
        } else {
            reexported
                .iter()
                .find(|(item, _)| *item == segment)
                .map_or("app", |(_, module)| module)
                .to_owned()
        }
    };
    let mut graph = std::collections::BTreeMap::new();
    for file in &files {
        let name = name_of(file);
        let code = code_of(file);
        let mut imports = std::collections::BTreeSet::new();
        // The model by its real path (`super::model::x` from a view), or a sibling.
        for prefix in [
            "super::model::",
            "super::",
            "crate::app::model::",
            "crate::app::",
        ] {
            let mut rest = code.as_str();
            while let Some(at) = rest.find(prefix) {
                let after = &rest[at + prefix.len()..];
                rest = after;
                let shorter = prefix == "crate::app::" || prefix == "super::";
                if shorter && after.starts_with("model::") {
                    continue;
                }
                if let Some(group) = after.strip_prefix('{') {
                    // `super::{a, b::c}`: the first segment of each top-level path.
                    let mut depth = 0;
                    let mut segment = String::new();
                    let mut at_start = true;
                    for c in group.chars() {
                        match c {
                            '{' => depth += 1,
                            '}' if depth == 0 => break,
                            '}' => depth -= 1,
                            ',' if depth == 0 => {
                                at_start = true;
                                continue;
                            }
                            _ => {}
                        }
                        if depth == 0 && at_start {
                            if c.is_alphanumeric() || c == '_' {
                                segment.push(c);
                            } else if !segment.is_empty() {
                                if segment != "self" {
                                    imports.insert(module_of(&segment));
                                }
                                segment.clear();
                                at_start = false;
                            }
                        }
                    }
                    if !segment.is_empty() && segment != "self" {
                        imports.insert(module_of(&segment));
                    }
                } else {
                    let segment: String = after
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !segment.is_empty() && segment != "model" {
                        imports.insert(module_of(&segment));
                    }
                }
            }
        }
        imports.remove(&name);
        graph.insert(name, imports);
    }
    graph
}

/// A cycle in `graph`, as the modules along it, if there is one.
fn a_cycle(
    graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        marks: &mut std::collections::BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(node.to_owned(), Mark::Open);
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            match marks.get(next).copied().unwrap_or(Mark::Done) {
                Mark::Open => {
                    let from = path.iter().position(|n| n == next).unwrap();
                    let mut cycle = path[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Mark::New => {
                    if let Some(cycle) = visit(next, graph, marks, path) {
                        return Some(cycle);
                    }
                }
                Mark::Done => {}
            }
        }
        path.pop();
        marks.insert(node.to_owned(), Mark::Done);
        None
    }
    let mut marks: std::collections::BTreeMap<String, Mark> =
        graph.keys().map(|k| (k.clone(), Mark::New)).collect();
    for node in graph.keys() {
        if marks[node] == Mark::New
            && let Some(cycle) = visit(node, graph, &mut marks, &mut Vec::new())
        {
            return Some(cycle);
        }
    }
    None
}

#[test]
fn the_window_modules_import_each_other_without_a_cycle() {
    let graph = window_imports();
    // The reader sees the imports it must: the session applies commands, views read the
    // session.
    assert!(
        graph["session"].contains("command"),
        "{:?}",
        graph["session"]
    );
    assert!(graph["panels"].contains("session"), "{:?}", graph["panels"]);
    assert!(
        graph["compare"].contains("widgets"),
        "{:?}",
        graph["compare"]
    );
    if let Some(cycle) = a_cycle(&graph) {
        panic!(
            "the window's modules import in a circle: {}",
            cycle.join(" → ")
        );
    }
    // Nothing in the model imports a view.
    let model: Vec<String> =
        rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/model"))
            .iter()
            .map(|f| f.file_stem().unwrap().to_string_lossy().into_owned())
            .map(|stem| {
                if stem == "mod" {
                    "text".to_owned()
                } else {
                    stem
                }
            })
            .collect();
    for module in &model {
        for import in &graph[module] {
            assert!(
                model.contains(import),
                "the model's {module} imports the view {import}"
            );
        }
    }
}
