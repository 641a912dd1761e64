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

/// The window's model: `src/app/model`, and each domain's model and words beside its views
/// (`src/app/<domain>/<domain>_model.rs`, `<domain>_text.rs`).
fn model_files() -> Vec<PathBuf> {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut files = rust_files(&app.join("model"));
    files.extend(rust_files(&app).into_iter().filter(|f| {
        let stem = f.file_stem().unwrap().to_string_lossy();
        let folder = f.parent().unwrap().file_name().unwrap().to_string_lossy();
        stem == format!("{folder}_model") || stem == format!("{folder}_text")
    }));
    files
}

#[test]
fn the_window_model_names_no_egui_even_in_its_tests() {
    let mut found = Vec::new();
    for file in model_files() {
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
        ("Session", "session"),
        ("Lane", "lane"),
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
                    // `a::b::Item`: the deepest module of the window along the path (a
                    // domain's folder holds its model beside its views).
                    let path: String = after
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                        .collect();
                    let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
                    let deepest = segments
                        .iter()
                        .take_while(|s| names.contains(**s))
                        .last()
                        .or(segments.first());
                    if let Some(segment) = deepest
                        && *segment != "model"
                    {
                        imports.insert(module_of(segment));
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
    let model: Vec<String> = model_files()
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

/// Where a window file's code names a domain: its problem types, its section of the settings,
/// its edits or its words.
fn names_of_a_domain(code: &str) -> Vec<String> {
    const DOMAINS: [&str; 3] = ["puzzle", "grid", "graph"];
    let mut found = Vec::new();
    for (number, line) in code.lines().enumerate() {
        let mut hits = Vec::new();
        for domain in DOMAINS {
            let title = format!("{}{}", domain[..1].to_uppercase(), &domain[1..]);
            let words = [
                format!("domains::{domain}"),
                format!("{domain}_model"),
                format!("{domain}_text"),
                format!("settings.{domain}"),
                format!("DomainKind::{title}"),
                format!("AnyProblem::{title}"),
                format!("AnyState::{title}"),
                format!("AnyAction::{title}"),
                format!("AnyHeuristic::{title}"),
                format!("DomainEdit::{title}"),
                format!("{title}Settings"),
                format!("{title}Edit"),
            ];
            hits.extend(words.into_iter().filter(|w| line.contains(w.as_str())));
        }
        if !hits.is_empty() {
            found.push(format!("{}: {}", number + 1, line.trim()));
        }
    }
    found
}

/// A domain is a plug-in of the window: the shared window code (the session, the lanes, the
/// lists, the plots, the compare view, the tree, the exercise, the pseudocode, the
/// breakpoints, the files, the inspector, the menus) never names one. Only each domain's own
/// folder and the registries, which list every domain, do; the tests may drive any domain.
#[test]
fn the_shared_window_code_names_no_domain() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let registries = [
        "registry.rs",
        "model/domain.rs",
        "model/edit.rs",
        "model/settings.rs",
        "model/mod.rs",
    ];
    // Whole-window tests and the frame benchmark set up problems of every domain.
    let drivers = [
        "bench.rs",
        "layout_tests.rs",
        "guide_tests.rs",
        "random_actions.rs",
    ];
    let mut found = Vec::new();
    let mut shared = 0;
    for file in rust_files(&root) {
        let relative = file
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let in_domain = ["puzzle/", "grid/", "graph/"]
            .iter()
            .any(|folder| relative.starts_with(folder));
        if in_domain
            || registries.contains(&relative.as_str())
            || drivers.contains(&relative.as_str())
        {
            continue;
        }
        shared += 1;
        for hit in names_of_a_domain(&code_of(&file)) {
            found.push(format!("{relative}:{hit}"));
        }
    }
    assert!(shared > 30, "only {shared} shared files were read");
    assert!(
        found.is_empty(),
        "shared window code names a domain:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_line_naming_a_domain_is_found() {
    assert_eq!(
        names_of_a_domain("let x = 1;\nsettings.puzzle.lanes"),
        ["2: settings.puzzle.lanes"]
    );
    assert_eq!(names_of_a_domain("AnyState::Graph(node)").len(), 1);
    assert!(names_of_a_domain("let board = view.state_column();").is_empty());
}
