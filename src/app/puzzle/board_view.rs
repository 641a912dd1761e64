//! Drawing boards: the large board with the heuristic's reasons painted on its tiles, the
//! small boards in lists, and the sliding animation of the solution playback.

use super::puzzle_text;
use egui::{
    Align2, CornerRadius, FontId, Pos2, Rect, Response, Sense, Stroke, StrokeKind, Ui, Vec2,
    WidgetInfo, pos2, vec2,
};

use crate::app::model::domain::{AnyAction, AnyState};
use crate::app::palette;
use crate::domains::puzzle::{Board, Explanation, HeuristicKind};

/// What the boards drawn this frame wrote on their tiles: each visible board's place and the
/// font size of its smallest number, and how many numbers a badge covered. The layout tests
/// read it to judge, at the sizes a class sees, whether every board can be read; the window
/// resets it at the start of each frame. Kept in test builds only: the window itself never
/// reads it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DigitsDrawn {
    /// Each visible board's rectangle and its smallest number's font size, in points.
    pub boards: Vec<(Rect, f32)>,
    /// Tile numbers a distance badge overlaps.
    pub covered: usize,
}

impl DigitsDrawn {
    fn id() -> egui::Id {
        egui::Id::unique("searchlab_digits_drawn")
    }

    /// Forgets what the last frame drew.
    pub fn clear(ctx: &egui::Context) {
        if !cfg!(test) {
            return;
        }
        ctx.data_mut(|d| d.insert_temp(Self::id(), DigitsDrawn::default()));
    }

    /// What the boards drew since the last `clear`.
    #[cfg(test)]
    pub fn read(ctx: &egui::Context) -> DigitsDrawn {
        ctx.data(|d| d.get_temp(Self::id())).unwrap_or_default()
    }

    /// Adds one board: where it is, its smallest number's size and how many were covered.
    fn note(ui: &Ui, rect: Rect, smallest: f32, covered: usize) {
        if !cfg!(test) {
            return;
        }
        ui.ctx().data_mut(|d| {
            let seen = d.get_temp_mut_or_default::<DigitsDrawn>(Self::id());
            seen.boards.push((rect.intersect(ui.clip_rect()), smallest));
            seen.covered += covered;
        });
    }
}

/// What to paint on top of the plain board.
#[derive(Default)]
pub struct Decor<'a> {
    /// Tiles on their goal cell are drawn green.
    pub goal: Option<&'a Board>,
    /// The tile that just moved (a child's move) is drawn amber.
    pub moved: Option<u8>,
    /// The heuristic's per-tile reasons.
    pub explanation: Option<&'a Explanation>,
    /// Tiles next to the blank react to clicks.
    pub clickable: bool,
    /// `(tile, t)`: the tile slides from its cell towards the blank, `t` in 0..1.
    pub slide: Option<(u8, f32)>,
    /// The accessible name of the board as a whole.
    pub label: Option<String>,
}

fn cell_rect(origin: Pos2, cell: f32, gap: f32, pos: usize, side: usize) -> Rect {
    let (row, col) = (pos / side, pos % side);
    Rect::from_min_size(
        origin + vec2(col as f32 * cell + gap / 2.0, row as f32 * cell + gap / 2.0),
        Vec2::splat(cell - gap),
    )
}

/// A large board's number is this share of its cell.
pub const BOARD_DIGIT_SHARE: f32 = 0.48;

/// The large board. Returns the clicked cell if a tile next to the blank was clicked.
pub fn board(ui: &mut Ui, board: &Board, cell: f32, decor: &Decor<'_>) -> Option<usize> {
    let side = board.side();
    let size = Vec2::splat(cell * side as f32);
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    if let Some(label) = &decor.label {
        let label = label.clone();
        response.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, label.clone()));
    }
    if !ui.is_rect_visible(rect) {
        return None;
    }
    let gap = (cell * 0.06).max(2.0);
    let radius = CornerRadius::same((cell * 0.12).clamp(2.0, 12.0) as u8);
    let painter = ui.painter_at(rect.expand(2.0));
    painter.rect_filled(rect, radius, ui.visuals().extreme_bg_color);

    let blank = board.blank();
    let mut clicked = None;
    let neighbours: Vec<usize> = board
        .successors()
        .filter_map(|(_, mv)| board.target(mv.dir))
        .collect();
    let font = FontId::proportional(cell * BOARD_DIGIT_SHARE);
    let dark = ui.visuals().dark_mode;
    let mut covered = 0;

    for pos in 0..board.len() {
        let tile = board.tile(pos);
        if tile == 0 {
            continue;
        }
        let mut tile_rect = cell_rect(rect.min, cell, gap, pos, side);
        if let Some((moving, t)) = decor.slide
            && moving == tile
        {
            let to = cell_rect(rect.min, cell, gap, blank, side);
            tile_rect = tile_rect.translate((to.min - tile_rect.min) * t.clamp(0.0, 1.0));
        }
        let in_place = decor.goal.is_some_and(|g| g.tile(pos) == tile);
        let (fill, text) = if decor.moved == Some(tile) {
            (palette::TILE_MOVED, palette::TILE_MOVED_TEXT)
        } else if in_place {
            (palette::tile_in_place(dark), palette::TILE_TEXT)
        } else {
            (palette::tile(dark), palette::TILE_TEXT)
        };
        let mut tile_response: Option<Response> = None;
        if decor.clickable && neighbours.contains(&pos) {
            let id = response.id.with(("tile", pos));
            let r = ui.interact(tile_rect, id, Sense::click());
            let label = crate::app::model::text::tile(tile);
            r.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
            if r.clicked() {
                clicked = Some(pos);
            }
            tile_response = Some(r);
        }
        let hovered = tile_response.as_ref().is_some_and(Response::hovered);
        let fill = if hovered {
            fill.gamma_multiply(1.25)
        } else {
            fill
        };
        painter.rect_filled(tile_rect, radius, fill);
        if hovered {
            painter.rect_stroke(
                tile_rect,
                radius,
                Stroke::new(3.0, ui.visuals().strong_text_color()),
                StrokeKind::Inside,
            );
        }
        let galley = painter.layout_no_wrap(tile.to_string(), font.clone(), text);
        let badge = decor
            .explanation
            .filter(|e| has_badges(e.kind) && cell >= MIN_BADGE_CELL)
            .and_then(|e| {
                e.tiles
                    .iter()
                    .find(|note| note.tile == tile && note.cost > 0)
            })
            .map(|_| badge_disc(tile_rect, cell));
        let at = digit_origin(tile_rect, galley.size(), badge);
        let digits =
            Rect::from_min_size(at, galley.size()).shrink2(vec2(0.0, galley.size().y * 0.15));
        if badge.is_some_and(|(center, radius)| {
            Rect::from_center_size(center, Vec2::splat(2.0 * radius)).intersects(digits)
        }) {
            covered += 1;
        }
        painter.galley(at, galley, text);
    }
    DigitsDrawn::note(ui, rect, font.size, covered);

    if let Some(explanation) = decor.explanation {
        paint_explanation(&painter, rect.min, cell, gap, board, explanation);
    }
    clicked
}

fn paint_explanation(
    painter: &egui::Painter,
    origin: Pos2,
    cell: f32,
    gap: f32,
    board: &Board,
    explanation: &Explanation,
) {
    let side = board.side();
    let badge_font = FontId::proportional((cell * 0.22).max(9.0));
    for note in &explanation.tiles {
        let r = cell_rect(origin, cell, gap, note.pos, side);
        match explanation.kind {
            HeuristicKind::Zero => {}
            HeuristicKind::Misplaced => {
                if note.cost > 0 {
                    painter.rect_stroke(
                        r.shrink(1.0),
                        CornerRadius::same(4),
                        Stroke::new((cell * 0.07).max(2.0), palette::MISPLACED),
                        StrokeKind::Inside,
                    );
                }
            }
            HeuristicKind::Pdb44 | HeuristicKind::Pdb663 => {
                // The tile's group as a bar along its bottom edge, in the group's colour.
                if let Some(g) = explanation
                    .groups
                    .iter()
                    .position(|g| g.tiles.contains(&note.tile))
                {
                    let bar = Rect::from_min_max(
                        pos2(
                            r.left() + r.width() * 0.15,
                            r.bottom() - (cell * 0.1).max(3.0),
                        ),
                        pos2(r.right() - r.width() * 0.15, r.bottom() - 1.0),
                    );
                    let color = palette::GROUPS[g % palette::GROUPS.len()];
                    painter.rect_filled(bar, CornerRadius::same(2), color);
                }
            }
            HeuristicKind::Manhattan | HeuristicKind::LinearConflict => {
                if note.cost > 0 && cell >= MIN_BADGE_CELL {
                    let (center, radius) = badge_disc(r, cell);
                    painter.circle_filled(center, radius, palette::BADGE);
                    painter.text(
                        center,
                        Align2::CENTER_CENTER,
                        note.cost.to_string(),
                        badge_font.clone(),
                        palette::BADGE_TEXT,
                    );
                }
            }
        }
    }
    for conflict in &explanation.conflicts {
        for &(a, b) in &conflict.pairs {
            let ra = cell_rect(origin, cell, gap, board.position_of(a), side);
            let rb = cell_rect(origin, cell, gap, board.position_of(b), side);
            // Run the line along the tiles' edge, clear of the numbers.
            let same_row = board.position_of(a) / side == board.position_of(b) / side;
            let lift = if same_row {
                vec2(0.0, cell * 0.32)
            } else {
                vec2(-cell * 0.32, 0.0)
            };
            let (pa, pb) = (ra.center() + lift, rb.center() + lift);
            painter.line_segment(
                [pa, pb],
                Stroke::new((cell * 0.06).max(3.0), palette::CONFLICT),
            );
            painter.circle_filled(pa, (cell * 0.06).max(3.0), palette::CONFLICT);
            painter.circle_filled(pb, (cell * 0.06).max(3.0), palette::CONFLICT);
        }
    }
}

/// The smallest cell that has room for a distance badge beside its number: on smaller boards
/// (a lane card's) the badge would cover the number, and h is written beside the board.
const MIN_BADGE_CELL: f32 = 36.0;

/// Whether `kind` marks tiles with a badge of their distance.
fn has_badges(kind: HeuristicKind) -> bool {
    matches!(
        kind,
        HeuristicKind::Manhattan | HeuristicKind::LinearConflict
    )
}

/// The badge of a tile's distance: a disc tucked into the tile's top-right corner, its centre
/// and radius.
fn badge_disc(tile: Rect, cell: f32) -> (Pos2, f32) {
    let radius = (cell * 0.17).max(6.0);
    (
        pos2(tile.right() - radius * 0.8, tile.top() + radius * 0.8),
        radius,
    )
}

/// Where a tile's number of `size` goes: centred in the tile, or where a badge would cover
/// it, below the badge's band (and left of it if the tile is too small for that).
fn digit_origin(tile: Rect, size: Vec2, badge: Option<(Pos2, f32)>) -> Pos2 {
    let centred = tile.center() - size / 2.0;
    let Some((center, radius)) = badge else {
        return centred;
    };
    let disc = Rect::from_center_size(center, Vec2::splat(2.0 * radius));
    if !disc.intersects(Rect::from_min_size(centred, size)) {
        return centred;
    }
    let below = pos2(centred.x, (disc.bottom() + 0.5).min(tile.bottom() - size.y));
    if !disc.intersects(Rect::from_min_size(below, size)) {
        return below;
    }
    pos2((disc.left() - 0.5 - size.x).max(tile.left()), below.y)
}

/// The font size of a tile's number in a small board of `cell`-sized cells. Two-digit tiles of
/// a 4x4 board need a narrower font to stay inside their cell.
pub fn mini_font_size(cell: f32, tile: u8) -> f32 {
    // Monospace digits are 0.6 of the font size wide: one digit takes half the cell, two
    // take 0.84 of it, and the rows of a list stay as low as their digits allow.
    if tile >= 10 { cell * 0.7 } else { cell * 0.85 }
}

/// The cell of the small boards in the open and closed lists: the smallest whose every number
/// is at least as large as the table's text (`text_size`), so a digit in a row can be read as
/// far away as the g, h and f beside it. Zoom enlarges the text and so the boards.
pub fn list_cell(side: usize, text_size: f32) -> f32 {
    let widest = if side >= 4 { 15 } else { 8 };
    let mut cell = text_size.ceil();
    while mini_font_size(cell, widest) < text_size {
        cell += 1.0;
    }
    cell
}

/// A small board painted into `rect` (list rows, children, paths). No interaction, so a list
/// of 100,000 rows pays only for the rows on screen.
pub fn paint_mini(ui: &Ui, rect: Rect, board: &Board, moved: Option<u8>, goal: Option<&Board>) {
    let side = board.side();
    let cell = rect.width().min(rect.height()) / side as f32;
    let origin = rect.center() - Vec2::splat(cell * side as f32 / 2.0);
    let painter = ui.painter();
    let dark = ui.visuals().dark_mode;
    painter.rect_filled(
        Rect::from_min_size(origin, Vec2::splat(cell * side as f32)),
        CornerRadius::same(2),
        ui.visuals().extreme_bg_color,
    );
    for pos in 0..board.len() {
        let tile = board.tile(pos);
        if tile == 0 {
            continue;
        }
        let r = cell_rect(origin, cell, 1.0, pos, side);
        let (fill, text) = if moved == Some(tile) {
            (palette::TILE_MOVED, palette::TILE_MOVED_TEXT)
        } else if goal.is_some_and(|g| g.tile(pos) == tile) {
            (palette::tile_in_place(dark), palette::TILE_TEXT)
        } else {
            (palette::tile(dark), palette::TILE_TEXT)
        };
        painter.rect_filled(r, CornerRadius::same(1), fill);
        painter.text(
            r.center(),
            Align2::CENTER_CENTER,
            tile.to_string(),
            FontId::monospace(mini_font_size(cell, tile)),
            text,
        );
    }
    if ui.is_rect_visible(rect) {
        let widest = if side >= 4 { 15 } else { 8 };
        DigitsDrawn::note(ui, rect, mini_font_size(cell, widest), 0);
    }
}

/// A small board into `rect`, its moved tile marked.
pub fn paint_state(
    ui: &Ui,
    rect: Rect,
    state: &AnyState,
    moved: Option<AnyAction>,
    goal: Option<&AnyState>,
) {
    if let Some(board) = state.board() {
        let moved = match moved {
            Some(AnyAction::Puzzle(m)) => Some(m.tile),
            _ => None,
        };
        paint_mini(ui, rect, board, moved, goal.and_then(AnyState::board));
    }
}

/// Allocates and paints a small board, `cell` the size of one of its cells.
pub fn state_mini(
    ui: &mut Ui,
    state: &AnyState,
    cell: f32,
    moved: Option<AnyAction>,
    goal: Option<&AnyState>,
) -> Response {
    let side = state.board().map_or(3, |board| board.side());
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(cell * side as f32), Sense::hover());
    if ui.is_rect_visible(rect) {
        paint_state(ui, rect, state, moved, goal);
    }
    response
}

/// A pattern database's h as the sum of its groups, each beside a swatch of its bar's colour:
/// "h = ▬ 5 (tiles 1 2 3 4) + ▬ 7 (tiles 5 6 7 8) = 12". Nothing for other heuristics.
pub fn groups_line(ui: &mut Ui, explanation: &Explanation) {
    if explanation.groups.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("h =").strong());
        for (i, group) in explanation.groups.iter().enumerate() {
            if i > 0 {
                ui.label("+");
            }
            let (rect, _) = ui.allocate_exact_size(vec2(12.0, 6.0), Sense::hover());
            ui.painter().rect_filled(
                rect,
                CornerRadius::same(2),
                palette::GROUPS[i % palette::GROUPS.len()],
            );
            crate::app::widgets::word(
                ui,
                egui::RichText::new(puzzle_text::pdb_group(group)).strong(),
            );
        }
        ui.label(egui::RichText::new(format!("= {}", explanation.total)).strong());
    });
}

#[cfg(test)]
mod tests {
    use egui::Color32;

    use super::*;

    #[test]
    fn a_distance_badge_never_covers_a_tiles_number_and_the_number_stays_in_its_tile() {
        let mut harness = egui_kittest::Harness::new_ui(|ui| {
            let mut checked = 0;
            for cell in (MIN_BADGE_CELL as u32)..=160 {
                let cell = cell as f32;
                let gap = (cell * 0.06).max(2.0);
                let font = FontId::proportional(cell * 0.48);
                for side in [3, 4] {
                    for tile in 1..(side * side) as u8 {
                        let pos = usize::from(tile);
                        let rect = cell_rect(Pos2::ZERO, cell, gap, pos % (side * side), side);
                        let galley = ui.painter().layout_no_wrap(
                            tile.to_string(),
                            font.clone(),
                            Color32::WHITE,
                        );
                        let (center, radius) = badge_disc(rect, cell);
                        let at = digit_origin(rect, galley.size(), Some((center, radius)));
                        let digit = Rect::from_min_size(at, galley.size());
                        let disc = Rect::from_center_size(center, Vec2::splat(2.0 * radius));
                        assert!(
                            !disc.intersects(digit),
                            "tile {tile} at cell {cell}: {digit:?} under {disc:?}"
                        );
                        assert!(
                            rect.expand(0.5).contains_rect(digit),
                            "tile {tile} at cell {cell}: {digit:?} outside {rect:?}"
                        );
                        checked += 1;
                    }
                }
            }
            assert!(checked > 2000);
        });
        harness.run();
    }
}
