//! `searchlab solve --graph` as a user runs it: a preset by name, graph files on disk (ours and
//! AIspace's), the answer on stdout, the exit status, and one-line errors on stderr.

mod common;

use std::path::PathBuf;

use common::{searchlab, text, write};

/// A graph in searchlab's text format: two ways from S to G, the cheaper one longer in roads.
const GRAPH: &str = "# two ways to G\n\
                     node S 0 0 h=4\n\
                     node A 100 0 h=2.5\n\
                     node \"Far Away\" 100 100 h=3\n\
                     node G 200 0 h=0\n\
                     edge S A 2.5\n\
                     arc A G 9.9\n\
                     edge S \"Far Away\" 3\n\
                     edge \"Far Away\" G 4\n\
                     start S\n\
                     goal G\n";

/// A folder of its own for each test.
fn folder(name: &str) -> PathBuf {
    common::folder("graph-cli", name)
}

#[test]
fn romania_by_name_prints_418() {
    let out = searchlab("en", &["solve", "--graph", "romania"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "418\n");
    assert_eq!(text(&out.stderr), "");
    let out = searchlab("en", &["solve", "--graph", "romania", "-a", "greedy"]);
    assert_eq!(text(&out.stdout), "450\n");
}

#[test]
fn the_path_is_listed_node_by_node() {
    let out = searchlab("en", &["solve", "--graph", "romania", "--path", "--stats"]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].starts_with("418\texpanded "), "{stdout}");
    assert_eq!(
        lines[1..],
        ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]
    );
    // BFS: the fewest roads, through Fagaras.
    let out = searchlab(
        "en",
        &["solve", "--graph", "romania", "-a", "bfs", "--path"],
    );
    assert_eq!(text(&out.stdout), "450\nArad\nSibiu\nFagaras\nBucharest\n");
}

#[test]
fn files_of_both_formats_solve_with_decimal_costs() {
    let dir = folder("files");
    let ours = write(&dir, "two-ways.graph", GRAPH);
    let out = searchlab("en", &["solve", "--graph", &ours, "--path"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "7\nS\nFar Away\nG\n");
    let out = searchlab("en", &["solve", "--graph", &ours, "-a", "bfs"]);
    // 2.5 + 9.9, exactly.
    assert_eq!(text(&out.stdout), "12.4\n");
    // The same graph as AIspace writes it: roads become two arcs each.
    let xml = "<?xml version=\"1.0\"?>\n<SEARCH>\n<GRAPH>\n\
        <NODE><NAME>S</NAME><INDEX>0</INDEX><XPOS>0.0</XPOS><YPOS>0.0</YPOS><TYPE>START</TYPE><HEURISTICVALUE>4.0</HEURISTICVALUE></NODE>\n\
        <NODE><NAME>A</NAME><INDEX>1</INDEX><XPOS>100.0</XPOS><YPOS>0.0</YPOS><TYPE>REGULAR</TYPE><HEURISTICVALUE>2.5</HEURISTICVALUE></NODE>\n\
        <NODE><NAME>G</NAME><INDEX>2</INDEX><XPOS>200.0</XPOS><YPOS>0.0</YPOS><TYPE>GOAL</TYPE><HEURISTICVALUE>0.0</HEURISTICVALUE></NODE>\n\
        <EDGE><STARTINDEX>0</STARTINDEX><ENDINDEX>1</ENDINDEX><COST>2.5</COST></EDGE>\n\
        <EDGE><STARTINDEX>1</STARTINDEX><ENDINDEX>2</ENDINDEX><COST>9.9</COST></EDGE>\n\
        </GRAPH>\n</SEARCH>\n";
    let aispace = write(&dir, "line.xml", xml);
    let out = searchlab("en", &["solve", "--graph", &aispace]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "12.4\n");
    // Without an extension, the content says which format it is.
    let sniffed = write(&dir, "line", xml);
    assert_eq!(
        text(&searchlab("en", &["solve", "--graph", &sniffed]).stdout),
        "12.4\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unknown_goal_exits_2_in_one_line() {
    let out = searchlab("en", &["solve", "--graph", "romania", "--goal", "Paris"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "searchlab: --goal: no node is named `Paris` in the graph\n"
    );
    let out = searchlab("zh", &["solve", "--graph", "romania", "--goal", "Paris"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "searchlab: --goal：图中没有名为“Paris”的结点\n"
    );
    let out = searchlab("en", &["solve", "--graph", "romania", "-H", "octile"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr).lines().count(), 1);
}

#[test]
fn a_bad_file_is_refused_with_its_line() {
    let dir = folder("bad");
    let bad = write(
        &dir,
        "bad.graph",
        &GRAPH.replace("arc A G 9.9", "arc A G -9.9"),
    );
    let out = searchlab("en", &["solve", "--graph", &bad]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "searchlab: {bad}: line 7: the cost `-9.9` is negative: costs and h values are 0 or \
             more\n"
        )
    );
    let out = searchlab("zh", &["solve", "--graph", &bad]);
    assert!(
        text(&out.stderr).contains("第 7 行：代价“-9.9”是负数"),
        "{}",
        text(&out.stderr)
    );
    let broken = write(&dir, "broken.xml", "<SEARCH>\n<GRAPH>\n<NODE>\n</SEARCH>\n");
    let out = searchlab("en", &["solve", "--graph", &broken]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains(": line 4: not well-formed XML"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1);
    let out = searchlab("en", &["solve", "--graph", "no-such-file.graph"]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn json_output_names_the_path_and_counts() {
    let out = searchlab(
        "en",
        &["solve", "--graph", "romania", "--format", "json", "--path"],
    );
    assert_eq!(out.status.code(), Some(0));
    let value: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(value["cost"], 418);
    assert_eq!(value["edges"], 4);
    assert_eq!(value["start"], "Arad");
    assert_eq!(value["goals"], serde_json::json!(["Bucharest"]));
    assert_eq!(value["path"][2], "Rimnicu Vilcea");
    assert_eq!(value["heuristic"], "table");
    assert!(value["stats"]["expanded"].as_u64().unwrap() >= 4);
    // No path: exit 1, said in JSON too.
    let out = searchlab(
        "en",
        &[
            "solve", "--graph", "cycle", "--start", "G", "--goal", "S", "--format", "json",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert!(value["no_solution"].is_string());
}

#[test]
fn tree_table_and_trace_name_the_cities() {
    let dir = folder("handout");
    let table = dir.join("table.md");
    let tree = dir.join("tree.dot");
    let out = searchlab(
        "en",
        &[
            "solve",
            "--graph",
            "romania",
            "--table",
            table.to_str().unwrap(),
            "--tree",
            tree.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "418\n");
    let table = std::fs::read_to_string(&table).unwrap();
    assert!(table.contains("Rimnicu Vilcea"), "{table}");
    assert!(std::fs::read_to_string(&tree).unwrap().contains("Pitesti"));
    let trace = dir.join("trace.csv");
    let out = searchlab(
        "en",
        &[
            "solve",
            "--graph",
            "romania",
            "--trace",
            trace.to_str().unwrap(),
        ],
    );
    assert_eq!(text(&out.stdout), "418\n");
    assert!(std::fs::read_to_string(&trace).unwrap().contains("Fagaras"));
    std::fs::remove_dir_all(&dir).unwrap();
}
