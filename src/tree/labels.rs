//! How each domain's states and moves are written in trees and tables.

use super::Drawn;
use crate::domains::graph::{Graph, Move as Road, NodeId as City, cost_text};
use crate::domains::grid::{Cell, Dir as Compass, Grid};
use crate::domains::puzzle::{Board, Dir, Move, Problem};

/// A board's rows as text, the blank as `_`: `2 8 3`, `1 _ 4`, `7 6 5`.
fn board_rows(board: &Board) -> Vec<String> {
    let side = board.side();
    (0..side)
        .map(|r| {
            (0..side)
                .map(|c| match board.tile(r * side + c) {
                    0 => "_".to_owned(),
                    t => t.to_string(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

impl Drawn for Problem {
    fn state_rows(&self, board: &Board) -> Vec<String> {
        board_rows(board)
    }

    fn state_name(&self, board: &Board) -> String {
        board.rows_text()
    }

    fn tiles(&self, board: &Board) -> Option<(usize, Vec<u8>)> {
        Some((
            board.side(),
            (0..board.len()).map(|i| board.tile(i)).collect(),
        ))
    }

    fn action_text(&self, action: Move) -> String {
        action.to_string()
    }

    fn action_tex(&self, action: Move) -> String {
        let arrow = match action.tile_dir() {
            Dir::Up => "\\uparrow",
            Dir::Down => "\\downarrow",
            Dir::Left => "\\leftarrow",
            Dir::Right => "\\rightarrow",
        };
        format!("{}${arrow}$", action.tile)
    }

    fn same_problem(&self, other: &Problem) -> bool {
        self == other
    }
}

impl Drawn for Grid {
    fn state_rows(&self, cell: &Cell) -> Vec<String> {
        vec![cell.to_string()]
    }

    fn state_name(&self, cell: &Cell) -> String {
        cell.to_string()
    }

    fn tiles(&self, _: &Cell) -> Option<(usize, Vec<u8>)> {
        None
    }

    fn action_text(&self, dir: Compass) -> String {
        dir.name().to_owned()
    }

    fn action_tex(&self, dir: Compass) -> String {
        format!("\\textsc{{{}}}", dir.name().to_lowercase())
    }

    fn same_problem(&self, other: &Grid) -> bool {
        self == other
    }
}

/// A route graph's node is written by its name, and the move into it by the cost of the edge
/// travelled (the name is the node's own label already).
impl Drawn for Graph {
    fn state_rows(&self, node: &City) -> Vec<String> {
        vec![self.name(*node).to_owned()]
    }

    fn state_name(&self, node: &City) -> String {
        self.name(*node).to_owned()
    }

    fn tiles(&self, _: &City) -> Option<(usize, Vec<u8>)> {
        None
    }

    fn action_text(&self, road: Road) -> String {
        cost_text(self.edge(road.edge).cost)
    }

    fn action_tex(&self, road: Road) -> String {
        cost_text(self.edge(road.edge).cost)
    }

    fn same_problem(&self, other: &Graph) -> bool {
        self == other
    }
}
