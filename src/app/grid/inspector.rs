//! The map's page of the heuristic inspector: every heuristic of the map against h* over
//! every cell that can reach the goal (h* from one reverse Dijkstra, computed by the session).

use std::sync::Arc;

use egui::{RichText, Ui};

use super::grid_text;
use crate::app::domain_view::InspectorPage;
use crate::app::model::check::{DenseCosts, exact_costs_as};
use crate::app::model::domain::AnyHeuristic;
use crate::app::model::lane::method_color;
use crate::app::model::session::Session;
use crate::app::model::text;
use crate::domains::grid::{Grid, GridHeuristic};
use crate::search::{Algorithm, Cost};

/// How one map heuristic compares with h* over every cell that can reach the goal.
#[derive(Clone, Debug, PartialEq)]
pub struct GridProfile {
    pub heuristic: GridHeuristic,
    /// Cells where h > h*.
    pub over: usize,
    /// The largest h − h*, in steps (0 when admissible).
    pub worst_excess: f64,
    /// The mean of h / h* over cells other than the goal: how much of the true cost h sees.
    pub mean_share: f64,
    pub cells: usize,
}

/// Every map heuristic against h* (one pass over the cells each).
pub fn grid_profiles(grid: &Grid, costs: &[Option<u64>]) -> Vec<GridProfile> {
    GridHeuristic::ALL
        .iter()
        .map(|&heuristic| {
            let (mut over, mut worst, mut share, mut cells) = (0, 0.0f64, 0.0, 0);
            for cell in grid.cells() {
                let Some(exact) = costs[grid.index(cell)] else {
                    continue;
                };
                let h = grid.heuristic(heuristic, cell);
                if h > exact {
                    over += 1;
                    worst = worst.max(Cost::from_raw(h - exact).as_f64());
                }
                if exact > 0 {
                    share += h as f64 / exact as f64;
                    cells += 1;
                }
            }
            GridProfile {
                heuristic,
                over,
                worst_excess: worst,
                mean_share: if cells == 0 {
                    0.0
                } else {
                    share / cells as f64
                },
                cells,
            }
        })
        .collect()
}

/// The inspector's map page: the profiles of the map on screen, computed once per map.
#[derive(Default)]
pub struct GridInspector {
    profiles: Option<(Arc<Grid>, Vec<GridProfile>)>,
}

impl InspectorPage for GridInspector {
    fn ui(&mut self, ui: &mut Ui, session: &Session) {
        let Some(grid) = session.problem.as_ref().ok().and_then(|p| p.grid()) else {
            return;
        };
        let exact = session.h_star().and_then(exact_costs_as::<DenseCosts>);
        self.map_page(ui, grid, exact);
    }
}

impl GridInspector {
    fn map_page(&mut self, ui: &mut Ui, grid: &Arc<Grid>, exact: Option<&DenseCosts>) {
        let built = exact.and_then(|e| Some((e.problem.grid()?, &e.costs)));
        let Some((built_for, costs)) = built.filter(|(g, _)| Arc::ptr_eq(g, grid)) else {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(text::t().inspector_computing);
            });
            return;
        };
        if !self
            .profiles
            .as_ref()
            .is_some_and(|(g, _)| Arc::ptr_eq(g, built_for))
        {
            self.profiles = Some((built_for.clone(), grid_profiles(built_for, costs)));
        }
        let Some((_, profiles)) = &self.profiles else {
            return;
        };
        ui.label(RichText::new(grid_text::grid_inspector_intro(grid.connectivity())).strong());
        ui.add_space(6.0);
        egui::Grid::new("grid_inspector")
            .striped(true)
            .spacing([18.0, 6.0])
            .show(ui, |ui| {
                for title in grid_text::grid_inspector_headers() {
                    ui.label(RichText::new(title).strong());
                }
                ui.end_row();
                for p in profiles {
                    let kind = AnyHeuristic::Grid(p.heuristic);
                    let color = method_color(Algorithm::AStar, kind);
                    ui.label(
                        RichText::new(text::engine::heuristic(kind))
                            .color(color)
                            .strong(),
                    );
                    let verdict = if p.over == 0 {
                        RichText::new(grid_text::g().grid_admissible)
                    } else {
                        RichText::new(grid_text::grid_overestimates(p.over, p.cells))
                            .color(ui.visuals().warn_fg_color)
                            .strong()
                    };
                    ui.label(verdict);
                    ui.label(text::number(p.worst_excess));
                    ui.label(format!("{:.0} %", p.mean_share * 100.0));
                    ui.end_row();
                }
            });
    }
}

#[cfg(test)]
mod grid_tests {
    use super::*;
    use crate::domains::grid::{Connectivity, presets};

    /// The inspector's lesson on a map: Manhattan overestimates once diagonals are allowed,
    /// and only then; octile is exact on an open 8-connected field.
    #[test]
    fn manhattan_overestimates_only_on_eight_connected_maps() {
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            let mut grid = presets::open_field(16, 10).unwrap();
            grid.set_connectivity(connectivity);
            let costs = grid.true_distances();
            let profiles = grid_profiles(&grid, &costs);
            let of = |h| profiles.iter().find(|p| p.heuristic == h).unwrap();
            let manhattan = of(GridHeuristic::Manhattan);
            assert_eq!(manhattan.over > 0, connectivity == Connectivity::Eight);
            assert_eq!(of(GridHeuristic::Octile).over, 0);
            assert_eq!(of(GridHeuristic::Zero).mean_share, 0.0);
            if connectivity == Connectivity::Eight {
                assert!((of(GridHeuristic::Octile).mean_share - 1.0).abs() < 1e-3);
            }
        }
    }
}
