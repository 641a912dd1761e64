//! A finished or paused run written out event by event: CSV for spreadsheets, and JSON in the
//! search-trace format of the Posthoc viewer (events `source`, `expanding`, `generating`,
//! `updating`, `closing`, `end`, each with `id`, `pId`, `g`, `h`, `f`).

use std::fmt::Write as _;

use serde_json::{Value, json};

use super::Search;
use super::record::{NodeId, Outcome};

/// One line of a trace.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceEvent {
    /// The step it belongs to; 0 for the start.
    pub step: usize,
    pub kind: EventKind,
    pub node: NodeId,
    pub parent: Option<NodeId>,
    pub g: u32,
    pub h: u32,
    pub f: f64,
    /// The board in its one-line form.
    pub state: String,
}

/// What happened to the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The start was put in open.
    Source,
    /// Removed from open and expanded.
    Expand,
    /// A child seen for the first time.
    Generate,
    /// A child already in open or closed by a path at least as short.
    Ignore,
    /// A child given a shorter path (improved in open, or reopened from closed).
    Update,
    /// The expansion of the node is done.
    Close,
    /// The goal was found.
    Goal,
}

impl EventKind {
    /// The word used in the CSV.
    pub fn word(self) -> &'static str {
        match self {
            EventKind::Source => "source",
            EventKind::Expand => "expand",
            EventKind::Generate => "generate",
            EventKind::Ignore => "ignore",
            EventKind::Update => "update",
            EventKind::Close => "close",
            EventKind::Goal => "goal",
        }
    }

    /// The Posthoc event type; `None` for events Posthoc has no type for.
    pub fn posthoc(self) -> Option<&'static str> {
        match self {
            EventKind::Source => Some("source"),
            EventKind::Expand => Some("expanding"),
            EventKind::Generate => Some("generating"),
            EventKind::Update => Some("updating"),
            EventKind::Close => Some("closing"),
            EventKind::Goal => Some("end"),
            EventKind::Ignore => None,
        }
    }
}

/// Every event of the steps taken so far, in order, with the values each node had then.
pub fn trace_events(search: &dyn Search) -> Vec<TraceEvent> {
    let config = *search.config();
    let event = |step, kind, node: NodeId, parent, g: u32| {
        let record = search.node(node);
        TraceEvent {
            step,
            kind,
            node,
            parent,
            g,
            h: record.h,
            f: config.priority(g, record.h),
            state: record.board.to_string(),
        }
    };
    let root = NodeId(0);
    let mut events = vec![event(0, EventKind::Source, root, None, 0)];
    // The g a node had when it was expanded: the g of its latest event so far.
    let mut g_now: Vec<u32> = vec![0; search.node_count()];
    let mut parent_now: Vec<Option<NodeId>> = vec![None; search.node_count()];
    for index in 0..search.steps() {
        let step = search.step_at(index);
        let number = index + 1;
        let id = step.expanded;
        let (g, parent) = (g_now[id.index()], parent_now[id.index()]);
        let goal_here = step.goal_found && step.children.is_empty();
        if goal_here {
            events.push(event(number, EventKind::Goal, id, parent, g));
            continue;
        }
        events.push(event(number, EventKind::Expand, id, parent, g));
        for child in step.children {
            let kind = match child.outcome {
                Outcome::New => EventKind::Generate,
                Outcome::InOpen | Outcome::InClosed => EventKind::Ignore,
                Outcome::Improved { .. } | Outcome::Reopened { .. } => EventKind::Update,
            };
            if kind != EventKind::Ignore {
                g_now[child.node.index()] = child.g;
                parent_now[child.node.index()] = Some(id);
            }
            events.push(event(number, kind, child.node, Some(id), child.g));
        }
        events.push(event(number, EventKind::Close, id, parent, g));
        if step.goal_found {
            // Goal test at generation: the goal is the last child generated.
            let last = step.children.last().expect("the goal child");
            events.push(event(number, EventKind::Goal, last.node, Some(id), last.g));
        }
    }
    events
}

/// The trace as CSV: `step,event,node,parent,g,h,f,state`.
pub fn trace_csv(search: &dyn Search) -> String {
    let mut out = String::from("step,event,node,parent,g,h,f,state\n");
    for e in trace_events(search) {
        let parent = e.parent.map_or(String::new(), |p| p.0.to_string());
        let _ = writeln!(
            out,
            "{},{},{},{parent},{},{},{},{}",
            e.step,
            e.kind.word(),
            e.node.0,
            e.g,
            e.h,
            e.f,
            e.state
        );
    }
    out
}

/// The trace in the Posthoc viewer's search-trace format.
pub fn trace_posthoc(search: &dyn Search) -> Value {
    let events: Vec<Value> = trace_events(search)
        .into_iter()
        .filter_map(|e| {
            let kind = e.kind.posthoc()?;
            let mut value = json!({
                "type": kind,
                "id": e.node.0,
                "g": e.g,
                "h": e.h,
                "f": e.f,
                "state": e.state,
            });
            if let Some(parent) = e.parent {
                value["pId"] = json!(parent.0);
            }
            Some(value)
        })
        .collect();
    json!({
        "version": "1.4.0",
        "problem": {
            "start": search.problem().start().to_string(),
            "goal": search.problem().goal().to_string(),
            "algorithm": search.config().describe(),
        },
        "events": events,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{HeuristicKind, Problem};
    use crate::search::{Algorithm, GoalTest, SearchConfig, new_search};

    fn tiny() -> Box<dyn Search> {
        // One move from the goal: expand the start, generate four children, then pop the goal.
        let problem =
            Problem::new("123084765".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let mut search = new_search(problem, SearchConfig::default());
        search.run(usize::MAX);
        search
    }

    #[test]
    fn posthoc_events_for_a_tiny_search() {
        let trace = trace_posthoc(tiny().as_ref());
        let events = trace["events"].as_array().unwrap();
        let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
        // The blank in the middle-left cell has three moves: up, down, right.
        assert_eq!(
            types,
            [
                "source",
                "expanding",
                "generating",
                "generating",
                "generating",
                "closing",
                "end"
            ]
        );
        assert_eq!(events[0]["id"], 0);
        assert!(events[0].get("pId").is_none());
        assert_eq!(events[2]["pId"], 0);
        assert_eq!(events[2]["g"], 1);
        let end = events.last().unwrap();
        assert_eq!(end["state"], "123804765");
        assert_eq!(end["pId"], 0);
        assert_eq!(end["f"], 1.0);
        assert_eq!(trace["problem"]["goal"], "123804765");
    }

    #[test]
    fn csv_has_a_row_per_event_with_ignored_duplicates() {
        let problem =
            Problem::new("283104765".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let mut search = new_search(problem, SearchConfig::default());
        search.run(usize::MAX);
        let csv = trace_csv(search.as_ref());
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "step,event,node,parent,g,h,f,state");
        assert_eq!(lines[1], "0,source,0,,0,4,4,283104765");
        assert_eq!(lines[2], "1,expand,0,,0,4,4,283104765");
        assert!(
            csv.contains(",ignore,0,"),
            "the move back to the start is a duplicate"
        );
        assert!(lines.last().unwrap().contains(",goal,"));
        let generated = csv.lines().filter(|l| l.contains(",generate,")).count();
        assert_eq!(generated as u32 + 1, search.stats().nodes);
    }

    #[test]
    fn goal_at_generation_ends_after_closing() {
        let problem =
            Problem::new("123084765".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        let config = SearchConfig {
            algorithm: Algorithm::BreadthFirst,
            heuristic: HeuristicKind::Zero,
            goal_test: GoalTest::OnGeneration,
            ..SearchConfig::default()
        };
        let mut search = new_search(problem, config);
        search.run(usize::MAX);
        let events = trace_events(search.as_ref());
        let kinds: Vec<EventKind> = events.iter().map(|e| e.kind).collect();
        assert_eq!(kinds.first(), Some(&EventKind::Source));
        assert_eq!(kinds.last(), Some(&EventKind::Goal));
        assert_eq!(events.last().unwrap().state, "123804765");
    }
}
