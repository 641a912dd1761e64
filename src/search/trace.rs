//! A finished or paused run written out event by event: CSV for spreadsheets, and JSON in the
//! search-trace format of the Posthoc viewer (events `source`, `expanding`, `generating`,
//! `updating`, `closing`, `end`, each with `id`, `pId`, `g`, `h`, `f`, and `x` and `y` when the
//! problem places its states on a plane, with a view that draws each event as a unit square
//! there).

use std::fmt::Write as _;

use serde_json::{Value, json};

use super::Search;
use super::cost::Cost;
use super::problem::SearchProblem;
use super::record::{NodeId, Outcome};

/// One line of a trace.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceEvent {
    /// The step it belongs to; 0 for the start.
    pub step: usize,
    pub kind: EventKind,
    pub node: NodeId,
    pub parent: Option<NodeId>,
    pub g: Cost,
    pub h: Cost,
    pub f: Cost,
    /// The state in its one-line form ([`SearchProblem::describe`]).
    pub state: String,
    /// Where the state is drawn ([`SearchProblem::coordinates`]), if the problem says.
    pub coordinates: Option<(i64, i64)>,
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
    /// A child beyond a depth-first search's bound, not put in open.
    Prune,
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
            EventKind::Prune => "prune",
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
            // Generated and dropped: Posthoc draws it generated, and nothing follows.
            EventKind::Prune => Some("generating"),
            EventKind::Close => Some("closing"),
            EventKind::Goal => Some("end"),
            EventKind::Ignore => None,
        }
    }
}

/// Every event of the steps taken so far, in order, with the values each node had then.
pub fn trace_events<P: SearchProblem>(search: &dyn Search<P>) -> Vec<TraceEvent> {
    let config = *search.config();
    let problem = search.problem();
    // The g and depth of a node as of its latest event so far, and its parent.
    let mut g_now: Vec<(Cost, u32)> = vec![(Cost::ZERO, 0); search.node_count()];
    let mut parent_now: Vec<Option<NodeId>> = vec![None; search.node_count()];
    let event = |step, kind, node: NodeId, parent, (g, depth): (Cost, u32)| {
        let record = search.node(node);
        TraceEvent {
            step,
            kind,
            node,
            parent,
            g,
            h: record.h,
            f: config.priority(depth, g, record.h),
            state: problem.describe(&record.state),
            coordinates: problem.coordinates(&record.state),
        }
    };
    let root = NodeId(0);
    let mut events = vec![event(0, EventKind::Source, root, None, (Cost::ZERO, 0))];
    // A bidirectional search has a second root: the goal, where the backward half starts.
    if let Some(view) = search.bidirectional() {
        let goal = view.backward_root;
        events.push(event(0, EventKind::Source, goal, None, (Cost::ZERO, 0)));
    }
    for index in 0..search.steps() {
        let step = search.step_at(index);
        let number = index + 1;
        let id = step.expanded;
        let (now, parent) = (g_now[id.index()], parent_now[id.index()]);
        let goal_here = step.goal_found && step.children.is_empty();
        if goal_here {
            events.push(event(number, EventKind::Goal, id, parent, now));
            continue;
        }
        events.push(event(number, EventKind::Expand, id, parent, now));
        let child_depth = now.1 + 1;
        for child in step.children {
            let kind = match child.outcome {
                Outcome::New => EventKind::Generate,
                Outcome::Pruned => EventKind::Prune,
                Outcome::InOpen | Outcome::InClosed | Outcome::OnPath => EventKind::Ignore,
                Outcome::Improved { .. } | Outcome::Reopened { .. } => EventKind::Update,
            };
            if kind != EventKind::Ignore {
                g_now[child.node.index()] = (child.g, child_depth);
                parent_now[child.node.index()] = Some(id);
            }
            events.push(event(
                number,
                kind,
                child.node,
                Some(id),
                (child.g, child_depth),
            ));
        }
        events.push(event(number, EventKind::Close, id, parent, now));
        if step.goal_found
            && let Some(view) = search.bidirectional()
        {
            // The halves' meeting was proved best: the goal is the backward half's root.
            let goal = view.backward_root;
            events.push(event(number, EventKind::Goal, goal, None, (Cost::ZERO, 0)));
        } else if step.goal_found {
            // Goal test at generation: the goal is the last child generated.
            let last = step.children.last().expect("the goal child");
            events.push(event(
                number,
                EventKind::Goal,
                last.node,
                Some(id),
                (last.g, child_depth),
            ));
        }
    }
    events
}

/// The trace as CSV: `step,event,node,parent,g,h,f,state`.
pub fn trace_csv<P: SearchProblem>(search: &dyn Search<P>) -> String {
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
pub fn trace_posthoc<P: SearchProblem>(search: &dyn Search<P>) -> Value {
    let events: Vec<Value> = trace_events(search)
        .iter()
        .filter_map(posthoc_event)
        .collect();
    let mut trace = posthoc_header(search);
    trace["events"] = Value::Array(events);
    trace
}

/// Everything of a Posthoc trace but its events: the version, the problem and, when the start
/// has coordinates, a view that draws every event as a unit square at its x and y coloured by
/// its type, and the pivot the viewer centres on.
pub fn posthoc_header<P: SearchProblem>(search: &dyn Search<P>) -> Value {
    let problem = search.problem();
    let mut header = json!({
        "version": "1.4.0",
        "problem": {
            "start": problem.describe(&problem.start()),
            "goal": problem.describe_goal(),
            "algorithm": search.config().describe(),
        },
    });
    if problem.coordinates(&problem.start()).is_some() {
        header["views"] = json!({
            "main": [{
                "$": "rect",
                "width": 1,
                "height": 1,
                "x": "${{ $.x }}",
                "y": "${{ $.y }}",
                "fill": "${{ color[$.type] }}",
            }],
        });
        header["pivot"] = json!({
            "x": "${{ $.x + 0.5 }}",
            "y": "${{ $.y + 0.5 }}",
            "scale": 1,
        });
    }
    header
}

/// One event in the Posthoc format; `None` for events Posthoc has no type for.
pub fn posthoc_event(e: &TraceEvent) -> Option<Value> {
    let kind = e.kind.posthoc()?;
    let mut value = json!({
        "type": kind,
        "id": e.node.0,
        "g": e.g.to_json(),
        "h": e.h.to_json(),
        "f": e.f.as_f64(),
        "state": e.state,
    });
    if let Some(parent) = e.parent {
        value["pId"] = json!(parent.0);
    }
    if let Some((x, y)) = e.coordinates {
        value["x"] = json!(x);
        value["y"] = json!(y);
    }
    Some(value)
}
