//! A finished or paused run written out event by event: CSV for spreadsheets, and JSON in the
//! search-trace format of the Posthoc viewer (events `source`, `expanding`, `generating`,
//! `updating`, `closing`, `end`, each with `id`, `pId`, `g`, `h`, `f`, and `x` and `y` when the
//! problem places its states on a plane, with a view that draws each event as a unit square
//! there).

use serde_json::{Value, json};

use super::Search;
use super::config::Algorithm;
use super::cost::Cost;
use super::problem::SearchProblem;
use super::record::{NodeId, Outcome, StepEvent};

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
    /// RBFS or SMA* dropped the node from memory; its f is the value its parent remembers.
    Forget,
    /// The node's f rose to a value backed up from its children (RBFS's call returning, SMA*
    /// with every successor generated); its f is the new value.
    Backup,
    /// Branch-and-bound reached a goal cheaper than the best so far: its g is the new bound.
    Bound,
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
            EventKind::Forget => "forget",
            EventKind::Backup => "backup",
            EventKind::Bound => "bound",
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
            // Gone from memory: Posthoc draws it closed.
            EventKind::Forget => Some("closing"),
            EventKind::Backup => Some("updating"),
            EventKind::Ignore | EventKind::Bound => None,
        }
    }
}

/// Every event of the steps taken so far, in order, with the values each node had then.
pub fn trace_events<P: SearchProblem>(search: &dyn Search<P>) -> Vec<TraceEvent> {
    // The g and depth of a node as of its latest event so far, and its parent.
    let mut g_now: Vec<(Cost, u32)> = vec![(Cost::ZERO, 0); search.node_count()];
    let mut parent_now: Vec<Option<NodeId>> = vec![None; search.node_count()];
    let mut events = Vec::new();
    start_events(search, &mut |e| events.push(e));
    for index in 0..search.steps() {
        let now = |id: NodeId| (g_now[id.index()], parent_now[id.index()]);
        step_events(search, index, &now, &mut |e| events.push(e));
        let step = search.step_at(index);
        let child_depth = g_now[step.expanded.index()].1 + 1;
        for child in step.children {
            if !matches!(
                child.outcome,
                Outcome::InOpen | Outcome::InClosed | Outcome::OnPath
            ) {
                g_now[child.node.index()] = (child.g, child_depth);
                parent_now[child.node.index()] = Some(step.expanded);
            }
        }
    }
    events
}

/// One event, with the node's h and f as the config computes them at that g and depth.
fn trace_event<P: SearchProblem>(
    search: &dyn Search<P>,
    step: usize,
    kind: EventKind,
    node: NodeId,
    parent: Option<NodeId>,
    (g, depth): (Cost, u32),
) -> TraceEvent {
    let record = search.node(node);
    let problem = search.problem();
    TraceEvent {
        step,
        kind,
        node,
        parent,
        g,
        h: record.h,
        f: search.config().priority(depth, g, record.h),
        state: problem.describe(&record.state),
        coordinates: problem.coordinates(&record.state),
    }
}

/// The events before the first step: the start put in open, and a bidirectional search's
/// second root, the goal, where its backward half starts.
pub fn start_events<P: SearchProblem>(search: &dyn Search<P>, emit: &mut dyn FnMut(TraceEvent)) {
    let at_start = (Cost::ZERO, 0);
    emit(trace_event(
        search,
        0,
        EventKind::Source,
        NodeId(0),
        None,
        at_start,
    ));
    if let Some(view) = search.bidirectional() {
        let goal = view.backward_root;
        emit(trace_event(
            search,
            0,
            EventKind::Source,
            goal,
            None,
            at_start,
        ));
    }
}

/// The events of step `index` (0-based), in order. `now` gives a node's g, depth and parent as
/// they were during the step: a finished search's node records may hold later ones.
pub fn step_events<P: SearchProblem>(
    search: &dyn Search<P>,
    index: usize,
    now: &dyn Fn(NodeId) -> ((Cost, u32), Option<NodeId>),
    emit: &mut dyn FnMut(TraceEvent),
) {
    let step = search.step_at(index);
    let number = index + 1;
    let id = step.expanded;
    let (at, parent) = now(id);
    let algorithm = search.config().algorithm;
    // What the step did besides expanding, each with the f it gives its node.
    let extra = search.events(index);
    let emit_extra = |emit: &mut dyn FnMut(TraceEvent)| {
        for e in extra {
            let (kind, node, f) = match *e {
                StepEvent::Forgotten { node, backed_up } => (EventKind::Forget, node, backed_up),
                StepEvent::LimitExceeded {
                    node, backed_up, ..
                } => (EventKind::Backup, node, backed_up),
                StepEvent::BackedUp { node, to, .. } => (EventKind::Backup, node, to),
                StepEvent::BoundImproved { goal, to, .. } => (EventKind::Bound, goal, to),
                StepEvent::OpenPruned { node } => {
                    let record = search.node(node);
                    (EventKind::Prune, node, record.g + record.h)
                }
                StepEvent::OutOfMemory => continue,
            };
            let (at, parent) = now(node);
            emit(TraceEvent {
                f,
                ..trace_event(search, number, kind, node, parent, at)
            });
        }
    };
    // RBFS forgets before it expands (a call returns, then the next is made); the others
    // forget, back up or lower their bound after.
    let extra_first = algorithm == Algorithm::Rbfs;
    if extra_first {
        emit_extra(emit);
    }
    if step.goal_found && step.children.is_empty() {
        // Branch-and-bound goes on after a goal: it is a new bound, not the end.
        if extra.is_empty() {
            emit(trace_event(search, number, EventKind::Goal, id, parent, at));
        } else if !extra_first {
            emit_extra(emit);
        }
    } else {
        emit(trace_event(
            search,
            number,
            EventKind::Expand,
            id,
            parent,
            at,
        ));
        let child_depth = at.1 + 1;
        for child in step.children {
            let kind = match child.outcome {
                Outcome::New => EventKind::Generate,
                Outcome::Pruned => EventKind::Prune,
                Outcome::InOpen | Outcome::InClosed | Outcome::OnPath => EventKind::Ignore,
                Outcome::Improved { .. } | Outcome::Reopened { .. } => EventKind::Update,
            };
            let g = (child.g, child_depth);
            emit(trace_event(search, number, kind, child.node, Some(id), g));
        }
        emit(trace_event(
            search,
            number,
            EventKind::Close,
            id,
            parent,
            at,
        ));
        if !extra_first {
            emit_extra(emit);
        }
        if step.goal_found
            && let Some(view) = search.bidirectional()
        {
            // The halves' meeting was proved best: the goal is the backward half's root.
            let goal = view.backward_root;
            let root = (Cost::ZERO, 0);
            emit(trace_event(
                search,
                number,
                EventKind::Goal,
                goal,
                None,
                root,
            ));
        } else if step.goal_found {
            // Goal test at generation: the goal is the last child generated.
            let last = step.children.last().expect("the goal child");
            let g = (last.g, child_depth);
            emit(trace_event(
                search,
                number,
                EventKind::Goal,
                last.node,
                Some(id),
                g,
            ));
        }
    }
    // Branch-and-bound's answer is known when its stack is empty: the best goal it found.
    if algorithm == Algorithm::BranchAndBound
        && index + 1 == search.steps()
        && let super::Status::Solved { goal } = search.status()
    {
        let (at, parent) = now(goal);
        emit(trace_event(
            search,
            number,
            EventKind::Goal,
            goal,
            parent,
            at,
        ));
    }
}

/// The CSV trace's header line.
pub const CSV_HEADER: &str = "step,event,node,parent,g,h,f,state\n";

/// One event as a line of the CSV trace, its newline included.
pub fn csv_row(e: &TraceEvent) -> String {
    let parent = e.parent.map_or(String::new(), |p| p.0.to_string());
    format!(
        "{},{},{},{parent},{},{},{},{}\n",
        e.step,
        e.kind.word(),
        e.node.0,
        e.g,
        e.h,
        e.f,
        e.state
    )
}

/// The trace as CSV: `step,event,node,parent,g,h,f,state`.
pub fn trace_csv<P: SearchProblem>(search: &dyn Search<P>) -> String {
    let mut out = String::from(CSV_HEADER);
    for e in trace_events(search) {
        out.push_str(&csv_row(&e));
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
