//! The window's colours: what each mark of a search (new, improved, reopened, the latest
//! expansion, a wrong answer) and each part of a board is painted in, on both themes: chosen
//! to stay distinct on a washed-out projector.

use egui::Color32;

pub const TILE: Color32 = Color32::from_rgb(0x2b, 0x5f, 0xa8);
pub const TILE_IN_PLACE: Color32 = Color32::from_rgb(0x2e, 0x7d, 0x4f);
pub const TILE_MOVED: Color32 = Color32::from_rgb(0xf2, 0xa3, 0x00);
pub const TILE_TEXT: Color32 = Color32::WHITE;
pub const TILE_MOVED_TEXT: Color32 = Color32::BLACK;
pub const MISPLACED: Color32 = Color32::from_rgb(0xe5, 0x39, 0x35);
pub const BADGE: Color32 = Color32::from_rgb(0xff, 0xd5, 0x4f);
pub const BADGE_TEXT: Color32 = Color32::BLACK;
pub const CONFLICT: Color32 = Color32::from_rgb(0xff, 0x6d, 0x00);
/// A pattern database's groups (at most four), told apart by a bar under their tiles.
pub const GROUPS: [Color32; 4] = [
    Color32::from_rgb(0xff, 0xd5, 0x4f),
    Color32::from_rgb(0xe0, 0x40, 0xfb),
    Color32::from_rgb(0x26, 0xc6, 0xda),
    Color32::from_rgb(0xff, 0x70, 0x43),
];
pub const NEW: Color32 = Color32::from_rgb(0x43, 0xa0, 0x47);
pub const DUPLICATE: Color32 = Color32::from_rgb(0x90, 0x90, 0x90);
pub const IMPROVED: Color32 = Color32::from_rgb(0x1e, 0x88, 0xe5);
pub const REOPENED: Color32 = Color32::from_rgb(0xd8, 0x1b, 0x60);

/// A tile's fill in this theme: deeper and more saturated on the light theme's white,
/// which a projector would otherwise wash the tiles into.
pub fn tile(dark: bool) -> Color32 {
    if dark {
        TILE
    } else {
        Color32::from_rgb(0x0b, 0x47, 0xb8)
    }
}

/// A tile on its goal cell, in this theme.
pub fn tile_in_place(dark: bool) -> Color32 {
    if dark {
        TILE_IN_PLACE
    } else {
        Color32::from_rgb(0x00, 0x7a, 0x2e)
    }
}

/// Colour for an outcome word.
pub fn outcome_color(outcome: crate::search::Outcome) -> Color32 {
    use crate::search::Outcome;
    match outcome {
        Outcome::New => NEW,
        Outcome::InOpen | Outcome::InClosed | Outcome::Pruned | Outcome::OnPath => DUPLICATE,
        Outcome::Improved { .. } => IMPROVED,
        Outcome::Reopened { .. } => REOPENED,
    }
}
