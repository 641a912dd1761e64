//! The grid map drawn large: terrain, the cells a search has closed (shaded by expansion
//! order or by g), open, the node being expanded and its children, the path, start and goal;
//! g, h and f written in the cells when they are large enough; hover a cell for its record.
//! Dragging paints with the chosen tool; dragging the start or the goal moves it. Reads the
//! session and emits [`GridEdit`] commands, like every view.

use std::sync::Arc;

use egui::{Align2, Color32, CornerRadius, FontId, Pos2, Rect, RichText, Sense, Stroke, Ui, Vec2};

use super::grid_text;
use crate::app::grid::grid_model::{GridEdit, GridSettings, MapSource, Side, Tool};
use crate::app::model::command::Command;
use crate::app::model::domain::AnyState;
use crate::app::model::lane::Lane;
use crate::app::model::session::Session;
use crate::app::model::text;
use crate::app::widgets::{error_frame, word};
use crate::domains::grid::{Cell, Connectivity, CornerCutting, Grid, Preset, Terrain};
use crate::search::{NodeId, Place, Search};

/// The colours of a map, readable on a projector in both themes.
pub mod palette {
    use egui::Color32;

    pub const FREE: Color32 = Color32::from_rgb(0xf4, 0xf1, 0xe8);
    pub const WALL: Color32 = Color32::from_rgb(0x2b, 0x2b, 0x2b);
    pub const OPEN: Color32 = Color32::from_rgb(0x7f, 0xd1, 0x7f);
    pub const CLOSED_EARLY: Color32 = Color32::from_rgb(0x9e, 0xc5, 0xf0);
    pub const CLOSED_LATE: Color32 = Color32::from_rgb(0x2f, 0x5f, 0xa8);
    pub const CURRENT: Color32 = Color32::from_rgb(0xff, 0xb0, 0x00);
    pub const CHILD: Color32 = Color32::from_rgb(0xff, 0xe0, 0x80);
    pub const PATH: Color32 = Color32::from_rgb(0xd6, 0x27, 0x28);
    pub const START: Color32 = Color32::from_rgb(0x1f, 0x9e, 0x3a);
    pub const GOAL: Color32 = Color32::from_rgb(0xc0, 0x20, 0x60);
    /// MovingAI water: a teal apart from the closed cells' blues and the open cells' green.
    pub const WATER: Color32 = Color32::from_rgb(0x2a, 0x9d, 0x9f);

    /// Weighted terrain, darker brown the dearer.
    pub fn weight(w: u8) -> Color32 {
        let t = f32::from(w.saturating_sub(2)) / 7.0;
        Color32::from_rgb(0xe8, 0xd2, 0xa0).lerp_to_gamma(Color32::from_rgb(0x8a, 0x5a, 0x20), t)
    }
}

/// What the map shows of one lane at the current step, per cell (dense, row by row).
pub struct Overlay {
    /// 0 nothing, else the shade: closed cells by order or g in (0, 1], as `1 + shade`.
    closed: Vec<f32>,
    open: Vec<bool>,
    current: Option<Cell>,
    children: Vec<Cell>,
    path: Vec<Cell>,
    /// The first node of each cell (`u32::MAX` for none), for the hovered cell's record.
    node_at: Vec<u32>,
}

impl Overlay {
    /// Reads a lane's search into cell colours. Linear in the nodes, so views take it through
    /// [`Overlay::kept`], which reads it again only when the step changed.
    pub fn of(grid: &Grid, lane: &Lane, shade_by_g: bool) -> Overlay {
        let search = lane.search();
        let n = grid.cell_count();
        let mut overlay = Overlay {
            closed: vec![0.0; n],
            open: vec![false; n],
            current: None,
            children: Vec::new(),
            path: Vec::new(),
            node_at: vec![u32::MAX; n],
        };
        let cell_of = |id: NodeId| search.node(id).state.cell();
        for i in 0..search.node_count() {
            if let Some(cell) = cell_of(NodeId(i as u32))
                && let Some(slot) = overlay.node_at.get_mut(grid.index(cell))
                && *slot == u32::MAX
            {
                *slot = i as u32;
            }
        }
        let closed = search.closed();
        let max_g = closed
            .iter()
            .map(|&id| search.node(id).g.as_f64())
            .fold(0.0, f64::max)
            .max(1e-9);
        for (order, &id) in closed.iter().enumerate() {
            if let Some(cell) = cell_of(id) {
                let shade = if shade_by_g {
                    search.node(id).g.as_f64() / max_g
                } else {
                    (order + 1) as f64 / closed.len() as f64
                };
                overlay.closed[grid.index(cell)] = 1.0 + shade as f32;
            }
        }
        for id in search.open_nodes() {
            if let Some(cell) = cell_of(id)
                && search.node(id).place == Place::Open
            {
                overlay.open[grid.index(cell)] = true;
            }
        }
        if search.steps() > 0 {
            let view = search.step_at(search.steps() - 1);
            overlay.current = cell_of(view.expanded);
            overlay.children = view
                .children
                .iter()
                .filter_map(|c| cell_of(c.node))
                .collect();
        }
        // The solution, not the path to the goal node: a bidirectional search joins two halves.
        if let Some(path) = search.solution() {
            overlay.path = path.into_iter().filter_map(cell_of).collect();
        }
        overlay
    }

    /// The overlay of `lane` kept between frames under `picture` (whose key says when it is
    /// out of date): a 512x512 map with every cell closed is read once per step, not once
    /// per frame.
    pub fn kept(
        ui: &Ui,
        grid: &Grid,
        lane: &Lane,
        shade_by_g: bool,
        picture: Picture,
    ) -> Arc<Overlay> {
        let id = picture.id.with("overlay");
        // The key names the map by its address, which a map made after this one is dropped
        // can take: the kept overlay holds its map, and is used for that very map only.
        let map = lane.search().problem().grid().cloned();
        let kept: Option<(u64, Option<Arc<Grid>>, Arc<Overlay>)> = ui.data(|d| d.get_temp(id));
        if let Some((key, kept_map, overlay)) = kept
            && key == picture.key
            && kept_map.as_ref().map(Arc::as_ptr) == map.as_ref().map(Arc::as_ptr)
        {
            return overlay;
        }
        let overlay = Arc::new(Overlay::of(grid, lane, shade_by_g));
        ui.data_mut(|d| d.insert_temp(id, (picture.key, map, Arc::clone(&overlay))));
        overlay
    }

    pub fn closed_count(&self) -> usize {
        self.closed.iter().filter(|&&c| c > 0.0).count()
    }

    /// The first node the search made for `cell`, if any.
    fn node_at(&self, grid: &Grid, cell: Cell) -> Option<NodeId> {
        let id = *self.node_at.get(grid.index(cell))?;
        (id != u32::MAX).then_some(NodeId(id))
    }
}

/// Which picture of a large map (and which [`Overlay`]) is kept between frames, and what makes
/// it out of date: the search's problem (a new one after every edit), its method, its step,
/// and the shading.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Picture {
    pub id: egui::Id,
    pub key: u64,
}

impl Picture {
    /// The picture of `lane`'s map at its current step, kept under `id`.
    pub fn of(id: egui::Id, lane: &Lane, shade_by_g: bool) -> Picture {
        use std::hash::{Hash, Hasher};
        let search = lane.search();
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        if let Some(map) = search.problem().grid() {
            std::sync::Arc::as_ptr(map).hash(&mut hasher);
        }
        (search.steps(), search.node_count(), shade_by_g).hash(&mut hasher);
        // Another method on the same map can reach the same counts with other cells.
        format!("{:?}", lane.config()).hash(&mut hasher);
        Picture {
            id,
            key: hasher.finish(),
        }
    }
}

/// The map as a texture of one texel per cell, remade when its picture's key changed.
fn map_texture(
    ui: &Ui,
    grid: &Grid,
    overlay: Option<&Overlay>,
    picture: Picture,
) -> egui::TextureHandle {
    let kept: Option<(u64, egui::TextureHandle)> = ui.data(|d| d.get_temp(picture.id));
    if let Some((key, texture)) = &kept
        && *key == picture.key
    {
        return texture.clone();
    }
    let pixels = grid.cells().map(|c| cell_color(grid, overlay, c)).collect();
    let image = egui::ColorImage::new([grid.width(), grid.height()], pixels);
    let options = egui::TextureOptions::NEAREST;
    let texture = match kept {
        Some((_, mut texture)) => {
            texture.set(image, options);
            texture
        }
        None => ui.ctx().load_texture("searchlab map", image, options),
    };
    ui.data_mut(|d| d.insert_temp(picture.id, (picture.key, texture.clone())));
    texture
}

/// The map's size on screen: whole cells that fit `room`, at least one pixel each.
fn cell_size(grid: &Grid, room: Vec2) -> f32 {
    (room.x / grid.width() as f32)
        .min(room.y / grid.height() as f32)
        .max(1.0)
}

/// The cell under a screen position.
fn cell_at(grid: &Grid, origin: Pos2, size: f32, pos: Pos2) -> Option<Cell> {
    let (x, y) = ((pos.x - origin.x) / size, (pos.y - origin.y) / size);
    let inside =
        x >= 0.0 && y >= 0.0 && (x as usize) < grid.width() && (y as usize) < grid.height();
    inside.then(|| Cell::new(x as u16, y as u16))
}

/// The fill of one cell: terrain under the search's colours.
fn cell_color(grid: &Grid, overlay: Option<&Overlay>, cell: Cell) -> Color32 {
    let i = grid.index(cell);
    let terrain = match grid.terrain(cell) {
        Terrain::Free => palette::FREE,
        Terrain::Wall => return palette::WALL,
        Terrain::Weight(w) => palette::weight(w),
        Terrain::Water => palette::WATER,
    };
    let Some(o) = overlay else {
        return terrain;
    };
    if o.current == Some(cell) {
        return palette::CURRENT;
    }
    if o.children.contains(&cell) {
        return palette::CHILD;
    }
    if o.open[i] {
        return palette::OPEN;
    }
    if o.closed[i] > 0.0 {
        let shade = palette::CLOSED_EARLY.lerp_to_gamma(palette::CLOSED_LATE, o.closed[i] - 1.0);
        // Weighted ground and water stay visible under the search: a blend, not a cover.
        return if terrain == palette::FREE {
            shade
        } else {
            shade.lerp_to_gamma(terrain, 0.35)
        };
    }
    terrain
}

/// Draws the map into `rect` (whole cells, centred) and returns where it went and the cell
/// size. Large maps are drawn as one mesh of quads, so 512x512 costs one upload, not a
/// quarter million shapes.
pub fn paint_map(
    ui: &Ui,
    rect: Rect,
    grid: &Grid,
    overlay: Option<&Overlay>,
    picture: Option<Picture>,
) -> (Pos2, f32) {
    let size = cell_size(grid, rect.size());
    let map = Vec2::new(grid.width() as f32, grid.height() as f32) * size;
    let origin = rect.center() - map / 2.0;
    let painter = ui.painter_at(rect);
    painter.rect_filled(
        Rect::from_min_size(origin, map),
        CornerRadius::ZERO,
        Color32::from_gray(0x9a),
    );
    match picture.filter(|_| size < 6.0) {
        // Cells too small for a gap between them: one texel per cell, one textured rectangle,
        // remade only when what it shows changed.
        Some(picture) => {
            let texture = map_texture(ui, grid, overlay, picture);
            let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
            painter.image(
                texture.id(),
                Rect::from_min_size(origin, map),
                uv,
                Color32::WHITE,
            );
        }
        None => {
            let mut mesh = egui::Mesh::default();
            let gap = if size >= 6.0 { 1.0 } else { 0.0 };
            for cell in grid.cells() {
                let min = origin + Vec2::new(f32::from(cell.x), f32::from(cell.y)) * size;
                let r = Rect::from_min_size(min, Vec2::splat(size - gap));
                mesh.add_colored_rect(r, cell_color(grid, overlay, cell));
            }
            painter.add(egui::Shape::mesh(mesh));
        }
    }
    let center =
        |c: Cell| origin + (Vec2::new(f32::from(c.x), f32::from(c.y)) + Vec2::splat(0.5)) * size;
    if let Some(o) = overlay
        && o.path.len() > 1
    {
        let points: Vec<Pos2> = o.path.iter().map(|&c| center(c)).collect();
        painter.add(egui::Shape::line(
            points,
            Stroke::new((size * 0.25).clamp(2.0, 6.0), palette::PATH),
        ));
    }
    for (cell, color, letter) in [
        (grid.start(), palette::START, "S"),
        (grid.goal(), palette::GOAL, "G"),
    ] {
        // With g, h and f written in the cells the marker moves to the corner, off the text.
        let numbers = size >= NUMBERS_FROM;
        let c = if numbers {
            center(cell) + Vec2::new(size * 0.3, -size * 0.3)
        } else {
            center(cell)
        };
        let radius = if numbers {
            size * 0.16
        } else {
            (size * 0.45).max(4.0)
        };
        painter.circle_filled(c, radius, color);
        if size >= 12.0 {
            let font = if numbers { size * 0.22 } else { size * 0.6 };
            painter.text(
                c,
                Align2::CENTER_CENTER,
                letter,
                FontId::proportional(font),
                Color32::WHITE,
            );
        }
    }
    (origin, size)
}

/// The cell size (points) from which g, h and f are written in the cells.
const NUMBERS_FROM: f32 = 44.0;

/// g, h and f in every cell that has a node, once the cells are large enough to read.
fn paint_numbers(
    ui: &Ui,
    grid: &Grid,
    search: &dyn Search<crate::app::model::domain::AnyProblem>,
    origin: Pos2,
    size: f32,
) {
    if size < NUMBERS_FROM {
        return;
    }
    let painter = ui.painter();
    let font = FontId::monospace((size * 0.2).clamp(9.0, 16.0));
    for i in 0..search.node_count() {
        let node = search.node(NodeId(i as u32));
        let AnyState::Grid(cell) = node.state else {
            continue;
        };
        if grid.index(cell) >= grid.cell_count() {
            continue;
        }
        let min = origin + Vec2::new(f32::from(cell.x), f32::from(cell.y)) * size;
        let text = format!(
            "g {}\nh {}\nf {}",
            text::number(node.g.as_f64()),
            text::number(node.h.as_f64()),
            text::number(node.f.as_f64())
        );
        painter.text(
            min + Vec2::splat(3.0),
            Align2::LEFT_TOP,
            text,
            font.clone(),
            Color32::BLACK,
        );
    }
}

/// The map pane of the single view: tools above, the map with the main lane's search.
pub fn panel(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let settings = &session.settings.grid;
    if let Some(error) = &session.edit_error {
        ui.label(
            RichText::new(error)
                .color(ui.visuals().error_fg_color)
                .strong(),
        );
    }
    let grid = &settings.grid;
    let lane = session.main_lane();
    let picture_id = ui.scope_id().with("grid panel picture");
    let picture = lane.map(|l| Picture::of(picture_id, l, settings.shade_by_g));
    let overlay = lane
        .zip(picture)
        .map(|(l, p)| Overlay::kept(ui, grid, l, settings.shade_by_g, p));
    let closed = overlay.as_deref().map_or(0, Overlay::closed_count);
    ui.label(RichText::new(grid_text::grid_legend_line(closed)).small());
    let map_rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(map_rect, Sense::click_and_drag());
    // Named for screen readers and tests: the map is where the mouse edits.
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::accesskit::Role::Canvas,
            true,
            grid_text::g().grid_map_area,
        )
    });
    let (origin, size) = paint_map(ui, map_rect, grid, overlay.as_deref(), picture);
    if let Some(lane) = lane {
        paint_numbers(ui, grid, lane.search(), origin, size);
    }
    edit_with_mouse(ui, &response, grid, origin, size, settings.tool, commands);
    if let (Some(pos), Some(lane), Some(overlay)) = (response.hover_pos(), lane, &overlay)
        && let Some(cell) = cell_at(grid, origin, size, pos)
    {
        response.on_hover_text(hover_text(lane, overlay.node_at(grid, cell), cell));
    }
}

/// What a cell holds: its terrain and the lane's record of it (`record`, the first node the
/// search made for the cell).
fn hover_text(lane: &Lane, record: Option<NodeId>, cell: Cell) -> String {
    let search = lane.search();
    match record {
        Some(id) => {
            let node = search.node(id);
            format!(
                "{cell}  {}\ng = {}  h = {}  f = {}",
                text::node_title(id.0),
                text::number(node.g.as_f64()),
                text::number(node.h.as_f64()),
                text::number(node.f.as_f64())
            )
        }
        None => cell.to_string(),
    }
}

/// Painting, and dragging the start or the goal, with the mouse. A click is one edit; a drag
/// is one edit per cell the pointer enters, each painting the straight line from the cell
/// before, so a fast drag leaves no gaps.
fn edit_with_mouse(
    ui: &Ui,
    response: &egui::Response,
    grid: &Grid,
    origin: Pos2,
    size: f32,
    tool: Tool,
    commands: &mut Vec<Command>,
) {
    let grab_id = response.id.with("drag");
    let last_id = response.id.with("last");
    let pointer = response
        .interact_pointer_pos()
        .and_then(|pos| cell_at(grid, origin, size, pos));
    if response.drag_started() {
        // egui starts a drag only once the pointer has moved a few points, often into the
        // next cell: the cell the button went down on decides what the drag does, and is the
        // first cell it paints.
        let pressed = ui
            .input(|i| i.pointer.press_origin())
            .and_then(|pos| cell_at(grid, origin, size, pos));
        let grab = match pressed {
            Some(cell) if cell == grid.start() => Tool::Start,
            Some(cell) if cell == grid.goal() => Tool::Goal,
            _ => tool,
        };
        ui.data_mut(|d| {
            d.insert_temp(grab_id, grab);
            match pressed {
                Some(cell) => {
                    d.insert_temp(last_id, cell);
                }
                None => d.remove::<Cell>(last_id),
            }
        });
    }
    let edit = |tool: Tool, from: Cell, to: Cell| match tool {
        Tool::Start => GridEdit::MoveStart(to),
        Tool::Goal => GridEdit::MoveGoal(to),
        _ => GridEdit::Paint { from, to, tool },
    };
    if response.clicked() {
        if let Some(cell) = pointer {
            commands.push(Command::edit(edit(tool, cell, cell)));
        }
    } else if response.dragged() {
        let grabbed: Tool = ui.data(|d| d.get_temp(grab_id)).unwrap_or(tool);
        let last: Option<Cell> = ui.data(|d| d.get_temp(last_id));
        // Off the map the drag waits; back on it, it goes on from the last cell it painted.
        let (from, to) = match (last, pointer) {
            (Some(last), Some(now)) => (last, now),
            (Some(last), None) => (last, last),
            (None, Some(now)) => (now, now),
            (None, None) => return,
        };
        if from != to || response.drag_started() {
            commands.push(Command::edit(edit(grabbed, from, to)));
        }
        ui.data_mut(|d| d.insert_temp(last_id, to));
    }
    if response.drag_stopped() {
        ui.data_mut(|d| {
            d.remove::<Tool>(grab_id);
            d.remove::<Cell>(last_id);
        });
    }
}

/// The map's tools: presets, size, random maps, moves, the paint tool, shading.
/// Shown in the setup rows (and folded with them), so the map keeps the pane's height.
pub fn tools(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let settings = &session.settings.grid;
    let t = grid_text::g();
    ui.horizontal_wrapped(|ui| {
        let label = word(ui, RichText::new(t.grid_map).strong());
        egui::ComboBox::from_id_salt("grid_preset")
            .selected_text(match settings.source {
                MapSource::Preset => grid_text::preset_title(settings.preset),
                MapSource::Random => t.grid_random,
                MapSource::Edited => t.grid_edited,
            })
            .show_ui(ui, |ui| {
                for preset in Preset::ALL {
                    let on = settings.preset == preset;
                    if ui
                        .selectable_label(on, grid_text::preset_title(preset))
                        .clicked()
                    {
                        commands.push(Command::edit(GridEdit::Preset(preset)));
                    }
                }
            })
            .response
            .labelled_by(label.id);
        size_fields(ui, settings, commands);
        let mut density = settings.density;
        if ui
            .add(egui::Slider::new(&mut density, 0.0..=0.45).text(t.grid_density))
            .changed()
        {
            commands.push(Command::edit(GridEdit::SetDensity(density)));
        }
        if ui.button(t.grid_random).clicked() {
            commands.push(Command::edit(GridEdit::Random));
        }
        if ui.button(t.grid_clear).clicked() {
            commands.push(Command::edit(GridEdit::Clear));
        }
    });
    ui.horizontal_wrapped(|ui| {
        let grid = &settings.grid;
        let mut eight = grid.connectivity() == Connectivity::Eight;
        if ui.checkbox(&mut eight, t.grid_diagonals).changed() {
            let connectivity = if eight {
                Connectivity::Eight
            } else {
                Connectivity::Four
            };
            commands.push(Command::edit(GridEdit::SetConnectivity(connectivity)));
        }
        let mut cut = grid.corner_cutting() == CornerCutting::Allowed;
        if eight && ui.checkbox(&mut cut, t.grid_cut_corners).changed() {
            let cutting = if cut {
                CornerCutting::Allowed
            } else {
                CornerCutting::Forbidden
            };
            commands.push(Command::edit(GridEdit::SetCornerCutting(cutting)));
        }
        let mut by_g = settings.shade_by_g;
        if ui.checkbox(&mut by_g, t.grid_shade_by_g).changed() {
            commands.push(Command::edit(GridEdit::SetShadeByG(by_g)));
        }
        ui.separator();
        word(ui, t.grid_tool);
        for (tool, label) in [
            (Tool::Wall, t.grid_tool_wall),
            (Tool::Weight(5), t.grid_tool_weight),
            (Tool::Erase, t.grid_tool_erase),
            (Tool::Start, t.grid_tool_start),
            (Tool::Goal, t.grid_tool_goal),
        ] {
            let on = std::mem::discriminant(&settings.tool) == std::mem::discriminant(&tool);
            if ui.selectable_label(on, label).clicked() {
                commands.push(Command::edit(GridEdit::SetTool(tool)));
            }
        }
        if let Tool::Weight(w) = settings.tool {
            let mut weight = w;
            let field = egui::DragValue::new(&mut weight).range(2..=9);
            let response = ui.add(field).on_hover_text(t.grid_weight_hint);
            response.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::accesskit::Role::SpinButton,
                    true,
                    t.grid_weight_hint,
                )
            });
            if response.changed() {
                commands.push(Command::edit(GridEdit::SetTool(Tool::Weight(weight))));
            }
        }
    });
}

/// The width and height of new maps (presets and random maps alike), as text fields: what is
/// typed stays as typed, and a text that is no size is framed and told beside the fields,
/// while new maps keep the last size that was one.
fn size_fields(ui: &mut Ui, settings: &GridSettings, commands: &mut Vec<Command>) {
    let t = grid_text::g();
    let mut errors = Vec::new();
    for (side, title) in [(Side::Width, t.grid_width), (Side::Height, t.grid_height)] {
        let label = word(ui, title);
        let mut typed = settings.size_text(side);
        let error = settings.size_error(side);
        let mut field = egui::TextEdit::singleline(&mut typed)
            .desired_width(40.0)
            .char_limit(12);
        if error.is_some() {
            field = field.text_color(ui.visuals().error_fg_color);
        }
        let response = ui
            .add(field)
            .labelled_by(label.id)
            .on_hover_text(t.grid_size_hint);
        if response.changed() {
            commands.push(Command::edit(GridEdit::TypeSize(side, typed)));
        }
        if let Some(error) = error {
            error_frame(ui, response.rect);
            errors.push(grid_text::grid_size_error(side, error, settings.side(side)));
        }
    }
    for message in errors {
        ui.add(
            egui::Label::new(
                RichText::new(message)
                    .color(ui.visuals().error_fg_color)
                    .strong(),
            )
            .extend(),
        );
    }
}

/// A lane's map in a compare card, at the scale every card shares.
pub fn lane_map(ui: &mut Ui, session: &Session, lane: &Lane, room: Vec2) {
    let settings = &session.settings.grid;
    let (rect, _) = ui.allocate_exact_size(room, Sense::hover());
    let id = ui.scope_id().with(("lane map", lane.color));
    let picture = Picture::of(id, lane, settings.shade_by_g);
    let overlay = Overlay::kept(ui, &settings.grid, lane, settings.shade_by_g, picture);
    paint_map(ui, rect, &settings.grid, Some(&overlay), Some(picture));
    ui.label(RichText::new(grid_text::cells_closed(overlay.closed_count())).small());
}

/// The compare view's overlay: one map, each lane's closed cells tinted in its colour (a cell
/// closed by several lanes mixes their tints), each lane's path in its colour on top.
pub fn overlay_map(ui: &mut Ui, session: &Session, room: Vec2) {
    let grid = &session.settings.grid.grid;
    let (rect, _) = ui.allocate_exact_size(room, Sense::hover());
    let Some(first) = session.lanes.first() else {
        return;
    };
    // The terrain alone, kept as a picture for large maps like a lane's.
    let id = ui.scope_id().with("overlay terrain");
    let (origin, size) = paint_map(ui, rect, grid, None, Some(Picture::of(id, first, false)));
    let painter = ui.painter_at(rect);
    let cell_rect = |c: Cell| {
        Rect::from_min_size(
            origin + Vec2::new(f32::from(c.x), f32::from(c.y)) * size,
            Vec2::splat(size),
        )
    };
    for lane in &session.lanes {
        let search = lane.search();
        let mut mesh = egui::Mesh::default();
        let tint = Color32::from(lane.color).gamma_multiply(0.45);
        for &id in search.closed() {
            if let AnyState::Grid(cell) = search.node(id).state {
                mesh.add_colored_rect(cell_rect(cell), tint);
            }
        }
        painter.add(egui::Shape::mesh(mesh));
    }
    for lane in &session.lanes {
        if let Some(path) = lane.search().solution() {
            let points: Vec<Pos2> = path
                .iter()
                .filter_map(|&id| lane.search().node(id).state.cell())
                .map(|c| cell_rect(c).center())
                .collect();
            painter.add(egui::Shape::line(
                points,
                Stroke::new((size * 0.2).clamp(2.0, 5.0), lane.color),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable;

    use super::*;

    #[test]
    fn water_walls_weights_and_ground_are_told_apart() {
        let mut grid = Grid::new(5, 5).unwrap();
        grid.set(Cell::new(1, 1), Terrain::Water).unwrap();
        grid.set(Cell::new(2, 2), Terrain::Wall).unwrap();
        grid.set(Cell::new(3, 3), Terrain::Weight(5)).unwrap();
        let colours: Vec<Color32> = [(0, 0), (1, 1), (2, 2), (3, 3)]
            .into_iter()
            .map(|(x, y)| cell_color(&grid, None, Cell::new(x, y)))
            .collect();
        assert_eq!(colours[1], palette::WATER);
        for (i, a) in colours.iter().enumerate() {
            assert!(colours[i + 1..].iter().all(|b| b != a), "{colours:?}");
        }
    }

    #[test]
    fn the_overlay_is_read_once_per_step_and_knows_each_cells_first_node() {
        use crate::app::model::domain::from_grid;
        let grid = Grid::new(12, 8).unwrap();
        let problem = crate::app::model::domain::AnyProblem::Grid(Arc::new(grid.clone()));
        let config = crate::search::SearchConfig::with(
            crate::search::Algorithm::AStar,
            crate::domains::grid::GridHeuristic::Octile,
        );
        let mut lane = Lane::new(problem, from_grid(config));
        lane.step();
        lane.step();
        let ctx = egui::Context::default();
        let mut kept = Vec::new();
        for step_between in [false, false, true] {
            if step_between {
                lane.step();
            }
            let mut output = ctx.run_ui(Default::default(), |ui| {
                let picture = Picture::of(egui::Id::unique("map"), &lane, false);
                kept.push(Overlay::kept(ui, &grid, &lane, false, picture));
            });
            // No renderer here to take the font texture.
            output.textures_delta.clear();
        }
        assert!(
            Arc::ptr_eq(&kept[0], &kept[1]),
            "the same step reads the search once"
        );
        assert!(!Arc::ptr_eq(&kept[1], &kept[2]), "a step reads it again");
        assert_eq!(kept[1].closed_count(), 2);
        assert_eq!(kept[2].closed_count(), 3);
        // Each cell's record is the first node made for it; a cell never reached has none.
        let search = lane.search();
        for i in 0..search.node_count() {
            let id = NodeId(i as u32);
            let cell = search.node(id).state.cell().unwrap();
            let first = (0..=i)
                .map(|j| NodeId(j as u32))
                .find(|&j| search.node(j).state.cell() == Some(cell));
            assert_eq!(kept[2].node_at(&grid, cell), first);
        }
        let far = Cell::new(11, 0);
        assert!(search.node_count() < 30);
        assert_eq!(kept[2].node_at(&grid, far), None);
    }

    #[test]
    fn a_kept_overlay_is_not_taken_for_another_map_under_the_same_key() {
        use crate::app::model::domain::from_grid;
        let lane_on = |grid: &Grid| {
            let problem = crate::app::model::domain::AnyProblem::Grid(Arc::new(grid.clone()));
            let config = crate::search::SearchConfig::with(
                crate::search::Algorithm::AStar,
                crate::domains::grid::GridHeuristic::Octile,
            );
            Lane::new(problem, from_grid(config))
        };
        let (small, large) = (Grid::new(5, 5).unwrap(), Grid::new(8, 6).unwrap());
        let ctx = egui::Context::default();
        let id = egui::Id::unique("map");
        // The same key for both maps: what a freed map's address taken by the next one gives.
        let picture = Picture { id, key: 7 };
        for grid in [&small, &large] {
            let lane = lane_on(grid);
            let mut output = ctx.run_ui(Default::default(), |ui| {
                let overlay = Overlay::kept(ui, grid, &lane, false, picture);
                // Drawing reads the overlay at every cell of the map shown.
                for cell in grid.cells() {
                    cell_color(grid, Some(&overlay), cell);
                }
            });
            output.textures_delta.clear();
        }
    }
    use crate::app::model::domain::DomainKind;
    use crate::app::{Settings, test_harness};
    use crate::search::Algorithm;

    /// The lesson: pick "Grid map", draw a wall, and step BFS, greedy and A* side by
    /// side; every lane searches the edited map and its cells are drawn closed.
    #[test]
    fn a_teacher_picks_the_grid_draws_a_wall_and_steps_three_lanes() {
        let mut h = test_harness(Settings::default());
        h.run();
        h.get_by_label(text::t().domain_label).click();
        h.run();
        h.get_by_label(grid_text::g().domain_grid).click();
        h.run();
        assert_eq!(h.state().session.settings.domain, DomainKind::Grid);
        let grid = h.state().session.settings.grid.grid.clone();
        let (start, goal) = (grid.start(), grid.goal());
        // A wall between start and goal, one column past the start.
        let x = start.x + 2;
        let wall = GridEdit::Paint {
            from: Cell::new(x, 0),
            to: Cell::new(x, grid.height() as u16 - 1),
            tool: Tool::Wall,
        };
        h.state_mut().apply(Command::SetCompare(true));
        h.run();
        h.get_by_label("Step Space").click();
        h.run();
        // The wall restarts every lane on the edited map.
        h.state_mut().apply(Command::edit(wall));
        h.run();
        let walls = h.state().session.settings.grid.grid.wall_count();
        assert!(walls > grid.wall_count());
        assert!(h.state().session.lanes.iter().all(|l| l.steps() == 0));
        for _ in 0..6 {
            h.get_by_label("Step Space").click();
            h.run();
        }
        let session = &h.state().session;
        let algorithms: Vec<Algorithm> =
            session.lanes.iter().map(|l| l.config().algorithm).collect();
        assert_eq!(
            algorithms,
            [Algorithm::BreadthFirst, Algorithm::Greedy, Algorithm::AStar]
        );
        let map = &session.settings.grid.grid;
        for lane in &session.lanes {
            let search = lane.search();
            assert_eq!(search.steps(), 6);
            assert_eq!(search.problem().grid().map(|g| g.wall_count()), Some(walls));
            let overlay = Overlay::of(map, lane, false);
            assert_eq!(overlay.closed_count(), 6);
            // No closed cell is a wall of the new line.
            assert!(search.closed().iter().all(|&id| {
                search
                    .node(id)
                    .state
                    .cell()
                    .is_some_and(|c| map.is_passable(c))
            }));
        }
        assert_ne!(start, goal);
    }

    /// On the wall with a gap the summary knows, from h* over the map, that A* with octile
    /// distance found the cheapest path and greedy did not.
    #[test]
    fn the_summary_says_which_lanes_found_the_cheapest_path_on_a_map() {
        let mut h = test_harness(Settings {
            domain: DomainKind::Grid,
            compare: true,
            ..Settings::default()
        });
        h.run();
        h.get_by_label("Run to end End").click();
        let started = std::time::Instant::now();
        while h.state().session.lanes.iter().any(|l| l.is_running())
            || h.state().session.h_star().is_none()
        {
            assert!(
                started.elapsed().as_secs() < 60,
                "the run or h* took too long"
            );
            h.run();
        }
        let rows = crate::app::compare::summary_rows(&h.state().session);
        let optimal: Vec<Option<bool>> = rows.iter().map(|r| r.optimal).collect();
        assert_eq!(optimal[1], Some(false), "greedy");
        assert_eq!(optimal[2], Some(true), "A* with octile");
    }

    /// The compare view's overlay is one map in place of the cards, toggled from the lanes bar.
    #[test]
    fn the_overlay_draws_every_lane_on_one_map() {
        let mut h = test_harness(Settings {
            domain: DomainKind::Grid,
            compare: true,
            ..Settings::default()
        });
        h.run();
        assert_eq!(h.query_all_by_label("Open in single view").count(), 3);
        h.get_by_label(grid_text::g().grid_overlay).click();
        h.run();
        assert!(h.state().session.settings.grid.overlay);
        for _ in 0..4 {
            h.get_by_label("Step Space").click();
            h.run();
        }
        // The cards (and their buttons) give way to the one map.
        assert_eq!(h.query_all_by_label("Open in single view").count(), 0);
        assert!(h.state().session.lanes.iter().all(|l| l.steps() == 4));
    }

    #[test]
    fn cells_are_found_under_the_pointer_and_a_refused_edit_is_said() {
        let grid = Grid::new(10, 5).unwrap();
        let origin = Pos2::new(100.0, 50.0);
        assert_eq!(
            cell_at(&grid, origin, 8.0, Pos2::new(100.0, 50.0)),
            Some(Cell::new(0, 0))
        );
        assert_eq!(
            cell_at(&grid, origin, 8.0, Pos2::new(179.0, 89.0)),
            Some(Cell::new(9, 4))
        );
        assert_eq!(cell_at(&grid, origin, 8.0, Pos2::new(180.0, 60.0)), None);
        assert_eq!(cell_at(&grid, origin, 8.0, Pos2::new(99.0, 60.0)), None);

        let mut h = test_harness(Settings {
            domain: DomainKind::Grid,
            ..Settings::default()
        });
        h.run();
        let map = h.state().session.settings.grid.grid.clone();
        let wall = map
            .cells()
            .find(|&c| !map.is_passable(c))
            .expect("the preset has a wall");
        h.state_mut()
            .apply(Command::edit(GridEdit::MoveStart(wall)));
        h.run();
        assert_eq!(h.state().session.settings.grid.grid.start(), map.start());
        assert!(h.state().session.edit_error.is_some());
        h.get_by_label_contains(h.state().session.edit_error.clone().unwrap().as_str());
    }

    /// The screen centre of a cell of the map pane of `h`'s window.
    fn centre_on_screen(h: &egui_kittest::Harness<'_, crate::app::App>, cell: Cell) -> Pos2 {
        let grid = &h.state().session.settings.grid.grid;
        let rect = h.get_by_label(grid_text::g().grid_map_area).rect();
        let size = cell_size(grid, rect.size());
        let map = Vec2::new(grid.width() as f32, grid.height() as f32) * size;
        let origin = rect.center() - map / 2.0;
        origin + (Vec2::new(f32::from(cell.x), f32::from(cell.y)) + Vec2::splat(0.5)) * size
    }

    /// A drag with the mouse from `from` to `to`, the pointer reaching `to` in one move: egui
    /// starts the drag only once the pointer has left the cell it was pressed on.
    fn drag(h: &mut egui_kittest::Harness<'_, crate::app::App>, from: Cell, to: Cell) {
        let (a, b) = (centre_on_screen(h, from), centre_on_screen(h, to));
        h.hover_at(a);
        h.run();
        h.drag_at(a);
        h.run();
        h.hover_at(b);
        h.run();
        h.drop_at(b);
        h.run();
    }

    #[test]
    fn a_drag_paints_the_cell_it_began_on_and_a_drag_from_the_start_moves_it() {
        let mut h = test_harness(Settings {
            domain: DomainKind::Grid,
            ..Settings::default()
        });
        h.run();
        h.state_mut()
            .apply(Command::edit(GridEdit::Preset(Preset::OpenField)));
        h.run();
        let grid = h.state().session.settings.grid.grid.clone();
        assert_eq!(grid.wall_count(), 0);
        let (from, to) = (Cell::new(1, 0), Cell::new(5, 0));
        drag(&mut h, from, to);
        let painted = &h.state().session.settings.grid.grid;
        let walls: Vec<Cell> = painted
            .cells()
            .filter(|&c| !painted.is_passable(c))
            .collect();
        let row: Vec<Cell> = (1..=5).map(|x| Cell::new(x, 0)).collect();
        assert_eq!(walls, row, "the whole line, its first cell too");

        // A drag that begins on the start moves it and paints nothing.
        let start = grid.start();
        let next = Cell::new(start.x + 3, start.y);
        drag(&mut h, start, next);
        let moved = &h.state().session.settings.grid.grid;
        assert_eq!(moved.start(), next);
        assert_eq!(moved.wall_count(), row.len());
        assert!(moved.is_passable(start));
    }

    /// Types `typed` over the whole text of the field named `label`.
    fn type_over(h: &mut egui_kittest::Harness<'_, crate::app::App>, label: &str, typed: &str) {
        h.get_by_label(label).click();
        h.run();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        h.get_by_label(label).type_text(typed);
        h.run();
    }

    fn choose_preset(h: &mut egui_kittest::Harness<'_, crate::app::App>, preset: Preset) {
        h.get_by_label(grid_text::g().grid_map).click();
        h.run();
        h.get_by_label(grid_text::preset_title(preset)).click();
        h.run();
    }

    fn map_size(h: &egui_kittest::Harness<'_, crate::app::App>) -> (usize, usize) {
        let grid = &h.state().session.settings.grid.grid;
        (grid.width(), grid.height())
    }

    /// A teacher types a size and picks a preset: the preset is made at that size. A size that
    /// is no size stays in its field as typed, with a message beside it, and new maps keep the
    /// last good size until it is fixed.
    #[test]
    fn a_typed_size_makes_the_presets_and_a_bad_one_stays_as_typed_with_its_message() {
        use crate::app::grid::grid_model::{Side, SizeError};
        let mut h = test_harness(Settings {
            domain: DomainKind::Grid,
            ..Settings::default()
        });
        h.run();
        let t = grid_text::g();
        type_over(&mut h, t.grid_width, "45");
        type_over(&mut h, t.grid_height, "12");
        for preset in [Preset::Maze, Preset::RoomsAndDoors, Preset::OpenField] {
            choose_preset(&mut h, preset);
            assert_eq!(h.state().session.settings.grid.preset, preset);
            assert_eq!(map_size(&h), (45, 12), "{preset:?}");
        }

        type_over(&mut h, t.grid_width, "4o");
        assert_eq!(h.get_by_label(t.grid_width).value().as_deref(), Some("4o"));
        let message = grid_text::grid_size_error(Side::Width, SizeError::NotANumber, 45);
        h.get_by_label(&message);
        choose_preset(&mut h, Preset::WallWithGap);
        assert_eq!(map_size(&h), (45, 12));
        assert_eq!(h.get_by_label(t.grid_width).value().as_deref(), Some("4o"));
        h.get_by_label(&message);

        type_over(&mut h, t.grid_height, "2000");
        assert_eq!(
            h.get_by_label(t.grid_height).value().as_deref(),
            Some("2000")
        );
        let too_high = grid_text::grid_size_error(Side::Height, SizeError::OutOfRange, 12);
        h.get_by_label(&too_high);

        // Fixed, the messages go and the next map takes the size.
        type_over(&mut h, t.grid_width, "50");
        type_over(&mut h, t.grid_height, "20");
        assert!(h.query_by_label(&message).is_none());
        assert!(h.query_by_label(&too_high).is_none());
        h.get_by_label(t.grid_random).click();
        h.run();
        assert_eq!(map_size(&h), (50, 20));
    }
}
