//! The route graph drawn: nodes as circles with their names and h, edges as lines with their
//! cost at the middle, arrows on one-way arcs, start and goals marked, and a lane's search over
//! it in the map's colours (closed, open, the node being expanded and its children, the path);
//! g and f beside the nodes the search reached when there is room. Drawing only: the pane and
//! the setup rows that hold it are in `pane`.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Ui, Vec2, vec2};

use crate::app::model::domain::AnyProblem;
use crate::app::model::lane::Lane;
use crate::app::model::session::Session;
use crate::domains::graph::{EdgeKind, Graph, NodeId, Position, cost_text};
use crate::search::{Cost, NodeId as SearchId, Place};

/// The map's colours for the marks of a search, so a class reads a graph as it reads a map.
pub mod palette {
    use egui::Color32;

    pub const NODE: Color32 = Color32::from_rgb(0xf4, 0xf1, 0xe8);
    pub const EDGE: Color32 = Color32::from_rgb(0x8a, 0x8a, 0x8a);
    pub const OPEN: Color32 = Color32::from_rgb(0x7f, 0xd1, 0x7f);
    pub const CLOSED: Color32 = Color32::from_rgb(0x6f, 0x9f, 0xdc);
    pub const CURRENT: Color32 = Color32::from_rgb(0xff, 0xb0, 0x00);
    pub const CHILD: Color32 = Color32::from_rgb(0xff, 0xe0, 0x80);
    pub const PATH: Color32 = Color32::from_rgb(0xd6, 0x27, 0x28);
    pub const START: Color32 = Color32::from_rgb(0x1f, 0x9e, 0x3a);
    pub const GOAL: Color32 = Color32::from_rgb(0xc0, 0x20, 0x60);
}

/// What a node shows of one lane's search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mark {
    #[default]
    Unseen,
    Closed,
    Open,
    /// A child of the latest expansion.
    Child,
    /// The node expanded at the latest step.
    Current,
}

/// A lane's search read node by node (the graph's nodes, by index).
#[derive(Clone, Debug, Default)]
pub struct Marks {
    pub marks: Vec<Mark>,
    /// The solution's nodes in order.
    pub path: Vec<NodeId>,
    /// g and f of the latest search node of each graph node.
    pub costs: Vec<Option<(Cost, Cost)>>,
}

impl Marks {
    /// Reads `lane`'s search; linear in its nodes, which on a graph are few.
    pub fn of(graph: &Graph, lane: &Lane) -> Marks {
        let search = lane.search();
        let n = graph.node_count();
        let mut marks = Marks {
            marks: vec![Mark::Unseen; n],
            path: Vec::new(),
            costs: vec![None; n],
        };
        let node_of = |id: SearchId| search.node(id).state.node().filter(|node| node.index() < n);
        for i in 0..search.node_count() {
            let id = SearchId(i as u32);
            if let Some(node) = node_of(id) {
                let record = search.node(id);
                marks.costs[node.index()] = Some((record.g, record.f));
            }
        }
        for &id in search.closed() {
            if let Some(node) = node_of(id) {
                marks.marks[node.index()] = Mark::Closed;
            }
        }
        for id in search.open_nodes() {
            if let Some(node) = node_of(id)
                && search.node(id).place == Place::Open
            {
                marks.marks[node.index()] = Mark::Open;
            }
        }
        if search.steps() > 0 {
            let step = search.step_at(search.steps() - 1);
            for child in step.children {
                if let Some(node) = node_of(child.node) {
                    marks.marks[node.index()] = Mark::Child;
                }
            }
            if let Some(node) = node_of(step.expanded) {
                marks.marks[node.index()] = Mark::Current;
            }
        }
        // The solution, not the path to the goal node: a bidirectional search joins two halves.
        if let Some(path) = search.solution() {
            marks.path = path.into_iter().filter_map(node_of).collect();
        }
        marks
    }

    fn mark(&self, node: NodeId) -> Mark {
        self.marks.get(node.index()).copied().unwrap_or_default()
    }

    fn on_path(&self, a: NodeId, b: NodeId) -> bool {
        self.path
            .windows(2)
            .any(|w| (w[0] == a && w[1] == b) || (w[0] == b && w[1] == a))
    }
}

/// How large the drawing is: the problem pane's, or a compare card's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    Large,
    Card,
}

/// Where the graph's drawing positions land on screen: fitted to a rectangle. A road map is
/// schematic, so the drawing may be stretched along one axis (at most [`MAX_STRETCH`] times the
/// other) to use a pane of another shape: the nodes stand further apart and their labels
/// overlap less than at one factor for both.
#[derive(Clone, Copy, Debug)]
pub struct Fit {
    min: Pos2,
    origin: Pos2,
    factor: Vec2,
}

/// How much more one axis may be scaled than the other.
const MAX_STRETCH: f32 = 1.6;

/// The span a graph of one node is drawn as if it had, so the nodes a teacher clicks beside it
/// get positions of the size a map's have.
const SHEET_SPAN: f32 = 100.0;

impl Fit {
    /// Fits every node of `graph` into `rect` less `margin` on each side.
    pub fn new(graph: &Graph, rect: Rect, margin: Vec2) -> Fit {
        let (mut lo, mut hi) = (
            Pos2::new(f32::INFINITY, f32::INFINITY),
            Pos2::new(f32::NEG_INFINITY, f32::NEG_INFINITY),
        );
        for node in graph.node_ids() {
            let p = graph.position(node);
            let p = Pos2::new(p.x as f32, p.y as f32);
            lo = lo.min(p);
            hi = hi.max(p);
        }
        let actual = (hi - lo).max(Vec2::ZERO);
        let floor = if actual.max_elem() < 1.0 {
            SHEET_SPAN
        } else {
            1.0
        };
        let span = actual.max(Vec2::splat(floor));
        // A span widened to its floor keeps the nodes in its middle.
        let lo = lo - (span - actual) / 2.0;
        let room = (rect.size() - margin * 2.0).max(Vec2::splat(1.0));
        let (x, y) = (room.x / span.x, room.y / span.y);
        let factor = vec2(x.min(y * MAX_STRETCH), y.min(x * MAX_STRETCH));
        let drawn = span * factor;
        Fit {
            min: lo,
            origin: rect.center() - drawn / 2.0,
            factor,
        }
    }

    pub fn at(&self, graph: &Graph, node: NodeId) -> Pos2 {
        let p = graph.position(node);
        self.origin + (Pos2::new(p.x as f32, p.y as f32) - self.min) * self.factor
    }

    /// The drawing position under a point of the screen, in whole units.
    pub fn position(&self, at: Pos2) -> Position {
        let p = self.min + (at - self.origin) / self.factor;
        Position::new(f64::from(p.x.round()), f64::from(p.y.round()))
    }
}

/// Where a graph was drawn: its fit and the radius of its nodes, for finding what a click hit.
#[derive(Clone, Copy, Debug)]
pub struct Drawn {
    pub fit: Fit,
    pub radius: f32,
}

/// The direction from a node in which its label sits: away from its edges, so names do not lie
/// on the roads; straight down for a node without edges.
fn label_side(graph: &Graph, fit: &Fit, node: NodeId) -> Vec2 {
    let here = fit.at(graph, node);
    let mut pull = Vec2::ZERO;
    let links = graph
        .successors(node)
        .iter()
        .chain(graph.predecessors(node));
    for link in links {
        let to = fit.at(graph, link.node) - here;
        if to.length() > 0.0 {
            pull += to.normalized();
        }
    }
    let away = -pull;
    if away.length() < 0.3 {
        Vec2::DOWN
    } else {
        away.normalized()
    }
}

/// The sides a label may take, the `preferred` one first, then the eight compass directions
/// nearest it first.
fn label_sides(preferred: Vec2) -> impl Iterator<Item = Vec2> {
    let mut compass: Vec<Vec2> = (0..8)
        .map(|i| Vec2::angled(i as f32 * std::f32::consts::FRAC_PI_4))
        .collect();
    compass.sort_by(|a, b| b.dot(preferred).total_cmp(&a.dot(preferred)));
    std::iter::once(preferred).chain(compass)
}

/// How much of a label's box covers the `labels` placed before it, the roads' `costs` and the
/// nodes' `circles`, or lies outside `clip`. A node hidden (its colour is the search's state)
/// counts eight times, another label four, a label cut at the pane's edge twice.
fn covered_area(rect: Rect, clip: Rect, [labels, costs, circles]: [&[Rect]; 3]) -> f32 {
    let area = |r: Rect| if r.is_positive() { r.area() } else { 0.0 };
    let over = |rects: &[Rect]| rects.iter().map(|t| area(t.intersect(rect))).sum::<f32>();
    let outside = rect.area() - area(rect.intersect(clip));
    outside * 2.0 + over(labels) * 4.0 + over(costs) + over(circles) * 8.0
}

/// The anchor that puts text on the `side` of a point.
fn anchor(side: Vec2) -> Align2 {
    let x = if side.x > 0.5 {
        egui::Align::Min
    } else if side.x < -0.5 {
        egui::Align::Max
    } else {
        egui::Align::Center
    };
    let y = if side.y > 0.5 {
        egui::Align::Min
    } else if side.y < -0.5 {
        egui::Align::Max
    } else {
        egui::Align::Center
    };
    Align2([x, y])
}

/// The box a label of `size` is drawn on when anchored at `pos`.
fn label_rect(pos: Pos2, align: Align2, size: Vec2) -> Rect {
    align.anchor_size(pos, size).expand(2.0)
}

/// Draws a laid-out label on its filled box, so it reads over lines.
fn paint_label(
    painter: &egui::Painter,
    rect: Rect,
    galley: std::sync::Arc<egui::Galley>,
    color: Color32,
    fill: Color32,
) {
    painter.rect_filled(rect, 3.0, fill);
    painter.galley(rect.min + vec2(2.0, 2.0), galley, color);
}

/// Writes `text` anchored at `pos` on a filled box, so it reads over lines.
fn boxed_text(
    painter: &egui::Painter,
    pos: Pos2,
    align: Align2,
    text: String,
    font: FontId,
    color: Color32,
    fill: Color32,
) -> Rect {
    let galley = painter.layout_no_wrap(text, font, color);
    let rect = label_rect(pos, align, galley.size());
    paint_label(painter, rect, galley, color, fill);
    rect
}

/// Draws `graph` into `rect` with the marks of a search, if any, fitted as `fit` says or else
/// to the rectangle; returns where it went.
pub fn paint_graph(
    ui: &Ui,
    rect: Rect,
    graph: &Graph,
    marks: Option<&Marks>,
    scale: Scale,
    fit: Option<Fit>,
) -> Drawn {
    let largest = text_size(ui, scale);
    let fit = fit.unwrap_or_else(|| fit_to(graph, rect, scale, ui));
    // Text as large as the body where nodes stand apart, smaller where they crowd, never so
    // small that the back of a classroom cannot read it.
    let gap = nearest_gap(graph, &fit);
    let name_size = (gap * 0.45).clamp(largest.min(10.0), largest);
    let small_size = name_size * 0.9;
    let radius = (name_size * 0.6).min(gap * 0.3).max(4.0);
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    let text_color = visuals.strong_text_color();
    let label_fill = visuals.panel_fill.gamma_multiply(0.85);

    // What a node's label must not cover: the costs on the roads, the circles, the labels
    // placed before it.
    let mut costs: Vec<Rect> = Vec::new();
    // Edges under the nodes, their costs at the middle.
    for edge_id in graph.edge_ids() {
        let edge = graph.edge(edge_id);
        let (a, b) = (fit.at(graph, edge.from), fit.at(graph, edge.to));
        let on_path = marks.is_some_and(|m| m.on_path(edge.from, edge.to));
        let stroke = if on_path {
            Stroke::new(radius * 0.45, palette::PATH)
        } else {
            Stroke::new(radius * 0.15 + 0.5, palette::EDGE)
        };
        painter.line_segment([a, b], stroke);
        if edge.kind == EdgeKind::Directed && (b - a).length() > radius * 3.0 {
            let dir = (b - a).normalized();
            let tip = b - dir * radius;
            let back = tip - dir * radius * 1.1;
            let side = dir.rot90() * radius * 0.6;
            painter.add(egui::Shape::convex_polygon(
                vec![tip, back + side, back - side],
                stroke.color,
                Stroke::NONE,
            ));
        }
        costs.push(boxed_text(
            &painter,
            a + (b - a) * 0.5,
            Align2::CENTER_CENTER,
            cost_text(edge.cost),
            FontId::proportional(small_size),
            if on_path { palette::PATH } else { text_color },
            label_fill,
        ));
    }

    for node in graph.node_ids() {
        let at = fit.at(graph, node);
        let mark = marks.map_or(Mark::Unseen, |m| m.mark(node));
        let fill = match mark {
            Mark::Unseen => palette::NODE,
            Mark::Closed => palette::CLOSED,
            Mark::Open => palette::OPEN,
            Mark::Child => palette::CHILD,
            Mark::Current => palette::CURRENT,
        };
        painter.circle_filled(at, radius, fill);
        let ring = if node == graph.start() {
            Some(palette::START)
        } else if graph.is_goal(node) {
            Some(palette::GOAL)
        } else {
            None
        };
        match ring {
            Some(color) => {
                painter.circle_stroke(at, radius, Stroke::new(radius * 0.35, color));
                let letter = if color == palette::START { "S" } else { "G" };
                painter.text(
                    at,
                    Align2::CENTER_CENTER,
                    letter,
                    FontId::proportional(radius * 1.1),
                    color,
                );
            }
            None => {
                painter.circle_stroke(at, radius, Stroke::new(1.0, Color32::from_gray(0x50)));
            }
        }
    }
    let mut labels: Vec<Rect> = Vec::new();
    let circles: Vec<Rect> = graph
        .node_ids()
        .map(|node| Rect::from_center_size(fit.at(graph, node), Vec2::splat(radius * 2.0)))
        .collect();
    // g and f join a node's label on the large drawing when the nodes stand far enough apart.
    let records = scale == Scale::Large && gap >= largest * 5.0;
    // Labels after every circle, so no node hides a neighbour's name; each on the first side,
    // from the one away from its roads round to the others, where it covers nothing yet.
    // The longest names first: they have the fewest sides to go to.
    let mut order: Vec<NodeId> = graph.node_ids().collect();
    order.sort_by_key(|&n| std::cmp::Reverse(graph.name(n).chars().count()));
    for node in order {
        let at = fit.at(graph, node);
        // Name over h: narrower than one line, so neighbours' labels meet less.
        let mut lines = vec![graph.name(node).to_owned()];
        if let Some(h) = graph.h_value(node) {
            lines.push(format!("h {}", cost_text(h)));
        }
        if let Some((g, f)) = marks
            .filter(|_| records)
            .and_then(|m| m.costs.get(node.index()).copied().flatten())
        {
            lines.push(format!("g {}  f {}", cost_text(g), cost_text(f)));
        }
        let galley = painter.layout_no_wrap(
            lines.join("\n"),
            FontId::proportional(name_size),
            text_color,
        );
        let rect_at =
            |side: Vec2| label_rect(at + side * (radius + 3.0), anchor(side), galley.size());
        // The first side where it covers nothing, else the side where it covers least.
        let preferred = label_side(graph, &fit, node);
        let mut best = (rect_at(preferred), f32::INFINITY);
        for side in label_sides(preferred) {
            let rect = rect_at(side);
            let covered = covered_area(rect, painter.clip_rect(), [&labels, &costs, &circles]);
            if covered < best.1 {
                best = (rect, covered);
            }
            if covered == 0.0 {
                break;
            }
        }
        paint_label(&painter, best.0, galley, text_color, label_fill);
        labels.push(best.0);
    }
    Drawn { fit, radius }
}

/// How [`paint_graph`] fits `graph` to `rect` when it is not told: with room for a label on
/// every side of the outermost nodes, the longest name beside a node (about half an em a
/// letter), two lines (name and h) above and below.
pub fn fit_to(graph: &Graph, rect: Rect, scale: Scale, ui: &Ui) -> Fit {
    let largest = text_size(ui, scale);
    let longest = graph
        .node_ids()
        .map(|n| graph.name(n).chars().count())
        .max()
        .unwrap_or(1) as f32;
    let margin = vec2(
        (longest * largest * 0.5).min(rect.width() * 0.2) + largest * 0.5,
        largest * 2.9,
    );
    Fit::new(graph, rect, margin)
}

/// The largest text of a drawing of this scale.
fn text_size(ui: &Ui, scale: Scale) -> f32 {
    let body = ui.style().text_styles[&egui::TextStyle::Body].size;
    match scale {
        Scale::Large => body,
        Scale::Card => body * 0.75,
    }
}

/// The smallest distance on screen between two nodes.
fn nearest_gap(graph: &Graph, fit: &Fit) -> f32 {
    let points: Vec<Pos2> = graph.node_ids().map(|n| fit.at(graph, n)).collect();
    let mut best = f32::INFINITY;
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            best = best.min(a.distance(*b));
        }
    }
    best
}

/// A lane's graph on a compare card: the same drawing, small.
pub fn lane_graph(ui: &mut Ui, lane: &Lane, room: Vec2) {
    let Some(graph) = lane.search().problem().graph().cloned() else {
        return;
    };
    let (rect, _) = ui.allocate_exact_size(room, Sense::hover());
    let marks = Marks::of(&graph, lane);
    paint_graph(ui, rect, &graph, Some(&marks), Scale::Card, None);
}

/// Every lane over one graph (the compare view's overlay): the graph as the problem pane draws
/// it, each lane's closed nodes ringed in its colour (one ring a lane, from the inside out),
/// and each lane's path in its colour, set a little apart from the others' on a shared road.
pub fn overlay_graph(ui: &mut Ui, session: &Session, room: Vec2) {
    let (rect, _) = ui.allocate_exact_size(room, Sense::hover());
    let Some(graph) = session
        .lanes
        .first()
        .and_then(|lane| lane.search().problem().graph().cloned())
    else {
        return;
    };
    let drawn = paint_graph(ui, rect, &graph, None, Scale::Large, None);
    let painter = ui.painter_at(rect);
    let ring = (drawn.radius * 0.3).clamp(2.0, 4.0);
    let lanes = session.lanes.len();
    for (i, lane) in session.lanes.iter().enumerate() {
        let marks = Marks::of(&graph, lane);
        let color = Color32::from(lane.color);
        let radius = drawn.radius + ring * (1.5 + 1.5 * i as f32);
        for node in graph.node_ids() {
            if matches!(marks.mark(node), Mark::Closed | Mark::Current) {
                painter.circle_stroke(drawn.fit.at(&graph, node), radius, Stroke::new(ring, color));
            }
        }
        // Paths side by side on a shared road: each lane's offset across the road.
        let offset = (i as f32 - (lanes as f32 - 1.0) / 2.0) * ring * 1.6;
        for pair in marks.path.windows(2) {
            let (a, b) = (drawn.fit.at(&graph, pair[0]), drawn.fit.at(&graph, pair[1]));
            let across = (b - a).normalized().rot90() * offset;
            painter.line_segment([a + across, b + across], Stroke::new(ring * 1.2, color));
        }
    }
}

/// The name of a node written in a list row or a tree node.
pub fn paint_name(ui: &Ui, rect: Rect, problem: &AnyProblem, node: NodeId) {
    let name = problem
        .graph()
        .filter(|g| g.contains(node))
        .map_or_else(|| format!("#{}", node.index()), |g| g.name(node).to_owned());
    let size = (rect.width() / (name.chars().count().max(1) as f32 * 0.6)).min(rect.height() * 0.6);
    ui.painter().text(
        rect.center(),
        Align2::CENTER_CENTER,
        name,
        FontId::proportional(size.max(6.0)),
        ui.visuals().text_color(),
    );
}
