//! The grid map's words in the window: its setup rows, its size fields, its key and its
//! inspector page, in English and in 简体中文.

use crate::app::grid::grid_model::{GRID_SIZE_RANGE, Side, SizeError};
use crate::domains::grid::{Connectivity, Grid, Preset};
use crate::i18n::zh;

crate::app::model::text::strings! {
    /// The grid map's fixed strings in the current language.
    GridStrings, g;
    grid_admissible: "never above h*", "从不高于 h*";
    grid_width: "Width", "宽";
    grid_height: "Height", "高";
    grid_size_hint: "New maps, presets and random ones alike, are made at this size (5 to 1024)",
        "新地图（预设和随机地图都一样）按这个大小生成（5 到 1024）";
    grid_overlay: "One map, lanes overlaid", "叠加在一张地图上";
    grid_overlay_hint: "Each lane's closed cells tinted in its colour on one map, its path on top",
        "在一张地图上用各通道的颜色标出其 closed 格和路径";
    grid_map: "Map", "地图";
    grid_map_area: "The map: click or drag to edit", "地图：点击或拖动来编辑";
    grid_weight_hint: "Cost of entering the terrain (2-9)", "进入该地形的代价（2-9）";
    grid_density: "walls", "墙的比例";
    grid_random: "Random map", "随机地图";
    grid_edited: "Edited map", "修改过的地图";
    grid_clear: "Clear walls", "清除墙";
    grid_diagonals: "Diagonal moves (cost 1.41)", "允许斜走（代价 1.41）";
    grid_cut_corners: "Cut corners", "允许穿墙角";
    grid_tool: "Drag paints:", "拖动绘制：";
    grid_tool_wall: "Wall", "墙";
    grid_tool_weight: "Terrain", "地形";
    grid_tool_erase: "Erase", "擦除";
    grid_tool_start: "Start", "起点";
    grid_tool_goal: "Goal", "终点";
    grid_shade_by_g: "Shade closed by g", "closed 格按 g 着色";
    col_cell: "cell", "格子";
    domain_grid: "Grid map", "网格地图";
    bp_cell_hint: "A cell as x,y (column, row from 0 at the top left)", "格子写作 x,y（列、行，从左上角 0 开始）";
}

/// A map in a few words: "30x20, 8-connected, (6, 13) to (24, 6)".
pub fn grid_summary(grid: &Grid) -> String {
    let to = if zh() { "到" } else { "to" };
    let moves = match (grid.connectivity(), zh()) {
        (Connectivity::Four, false) => "4-connected",
        (Connectivity::Four, true) => "四连通",
        (Connectivity::Eight, false) => "8-connected",
        (Connectivity::Eight, true) => "八连通",
    };
    format!(
        "{}x{}, {moves}, {} {to} {}",
        grid.width(),
        grid.height(),
        grid.start(),
        grid.goal()
    )
}

/// A preset map's name.
pub fn preset_title(preset: Preset) -> &'static str {
    match (preset, zh()) {
        (Preset::OpenField, false) => "Open field",
        (Preset::OpenField, true) => "空旷地",
        (Preset::WallWithGap, false) => "Wall with a gap",
        (Preset::WallWithGap, true) => "带缺口的墙",
        (Preset::ConcaveU, false) => "U-shaped trap",
        (Preset::ConcaveU, true) => "U 形陷阱",
        (Preset::Maze, false) => "Maze",
        (Preset::Maze, true) => "迷宫",
        (Preset::RoomsAndDoors, false) => "Rooms and doors",
        (Preset::RoomsAndDoors, true) => "房间与门",
        (Preset::WeightedTerrain, false) => "Swamp (weighted)",
        (Preset::WeightedTerrain, true) => "沼泽（带权地形）",
    }
}

pub fn cells_closed(closed: usize) -> String {
    if zh() {
        format!("已扩展 {closed} 格")
    } else {
        format!(
            "{closed} {} closed",
            if closed == 1 { "cell" } else { "cells" }
        )
    }
}

/// The key under a map.
pub fn grid_legend_line(closed: usize) -> String {
    if zh() {
        format!(
            "浅蓝到深蓝：closed 表（按扩展先后）；绿：open 表；橙：正在扩展；黄：刚生成；红线：路径。已扩展 {closed} 格"
        )
    } else {
        format!(
            "light to dark blue: closed (in expansion order); green: open; orange: expanding; yellow: just generated; red: path. {}",
            cells_closed(closed)
        )
    }
}

/// The map page of the inspector: what the table shows.
pub fn grid_inspector_intro(connectivity: Connectivity) -> String {
    let moves = match (connectivity, zh()) {
        (Connectivity::Four, false) => "4-connected",
        (Connectivity::Four, true) => "四连通",
        (Connectivity::Eight, false) => "8-connected (diagonals cost 1.41)",
        (Connectivity::Eight, true) => "八连通（斜走代价 1.41）",
    };
    if zh() {
        format!("本地图{moves}：每个启发函数在所有能到达目标的格子上与真实代价 h* 比较")
    } else {
        format!(
            "This map is {moves}: each heuristic against the true cost h* on every cell that can reach the goal"
        )
    }
}

pub fn grid_inspector_headers() -> [&'static str; 4] {
    if zh() {
        ["启发函数", "可采纳？", "最大高估", "平均 h / h*"]
    } else {
        ["Heuristic", "Admissible?", "Worst h - h*", "Mean h / h*"]
    }
}

pub fn grid_overestimates(over: usize, cells: usize) -> String {
    if zh() {
        format!("高估：{cells} 个格子中有 {over} 个 h\u{a0}>\u{a0}h*")
    } else {
        format!("overestimates on {over} of {cells} cells")
    }
}

/// Why a size field's text is not a size, and the size new maps keep meanwhile.
pub fn grid_size_error(side: Side, error: SizeError, kept: usize) -> String {
    let (low, high) = (GRID_SIZE_RANGE.start(), GRID_SIZE_RANGE.end());
    match (side, error, zh()) {
        (Side::Width, SizeError::NotANumber, false) => {
            format!("The width is not a whole number; new maps keep the width {kept}")
        }
        (Side::Height, SizeError::NotANumber, false) => {
            format!("The height is not a whole number; new maps keep the height {kept}")
        }
        (Side::Width, SizeError::OutOfRange, false) => {
            format!("The width must be {low} to {high}; new maps keep the width {kept}")
        }
        (Side::Height, SizeError::OutOfRange, false) => {
            format!("The height must be {low} to {high}; new maps keep the height {kept}")
        }
        (Side::Width, SizeError::NotANumber, true) => {
            format!("宽不是整数；新地图仍用宽 {kept}")
        }
        (Side::Height, SizeError::NotANumber, true) => {
            format!("高不是整数；新地图仍用高 {kept}")
        }
        (Side::Width, SizeError::OutOfRange, true) => {
            format!("宽须在 {low} 到 {high} 之间；新地图仍用宽 {kept}")
        }
        (Side::Height, SizeError::OutOfRange, true) => {
            format!("高须在 {low} 到 {high} 之间；新地图仍用高 {kept}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::model::text::checks::{check_translated, check_typeset};

    #[test]
    fn every_grid_string_is_translated_and_typeset() {
        check_translated(PAIRS);
        check_typeset(PAIRS);
    }
}
