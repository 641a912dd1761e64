//! The graph's page of the heuristic inspector: for the method's heuristic, each node's h
//! against h* (admissible or not) and each arc's consistency, from `Graph::check_heuristic`.

use super::graph_text;
use egui::{RichText, ScrollArea, Ui};

use crate::app::domain_view::InspectorPage;
use crate::app::model::domain::AnyHeuristic;
use crate::app::model::session::Session;
use crate::app::model::text;
use crate::domains::graph::{GraphHeuristic, cost_text};

/// The inspector's graph page; the graph is small, so it is checked again every frame.
pub struct GraphInspector;

impl InspectorPage for GraphInspector {
    fn ui(&mut self, ui: &mut Ui, session: &Session) {
        let Some(graph) = session.problem.as_ref().ok().and_then(|p| p.graph()) else {
            return;
        };
        let heuristic = match session.settings.active_config().heuristic {
            AnyHeuristic::Graph(kind) => kind,
            AnyHeuristic::Puzzle(_) | AnyHeuristic::Grid(_) => GraphHeuristic::Table,
        };
        let report = graph.check_heuristic(heuristic);
        let t = graph_text::g();
        let warn = ui.visuals().warn_fg_color;
        let verdict = |ok: bool, yes: &'static str, no: &'static str| {
            if ok {
                RichText::new(yes)
            } else {
                RichText::new(no).color(warn).strong()
            }
        };
        ui.label(RichText::new(text::engine::heuristic(AnyHeuristic::Graph(heuristic))).strong());
        ui.horizontal(|ui| {
            ui.label(verdict(
                report.is_admissible(),
                t.graph_yes_admissible,
                t.graph_no_admissible,
            ));
            ui.label(verdict(
                report.is_consistent(),
                t.graph_yes_consistent,
                t.graph_no_consistent,
            ));
        });
        ScrollArea::vertical().show(ui, |ui| {
            ui.label(RichText::new(t.graph_inspector_nodes).strong());
            egui::Grid::new("graph_inspector_nodes")
                .striped(true)
                .spacing([18.0, 4.0])
                .show(ui, |ui| {
                    for title in [t.col_graph_node, "h", "h*", t.graph_col_verdict] {
                        ui.label(RichText::new(title).strong());
                    }
                    ui.end_row();
                    for check in &report.nodes {
                        ui.label(graph.name(check.node));
                        ui.label(cost_text(check.h));
                        match check.h_star {
                            Some(h_star) => ui.label(cost_text(h_star)),
                            None => ui.label(t.graph_unreachable),
                        };
                        ui.label(verdict(
                            check.admissible(),
                            t.graph_yes_admissible,
                            t.graph_no_admissible,
                        ));
                        ui.end_row();
                    }
                });
            ui.add_space(8.0);
            ui.label(RichText::new(t.graph_inspector_arcs).strong());
            egui::Grid::new("graph_inspector_arcs")
                .striped(true)
                .spacing([18.0, 4.0])
                .show(ui, |ui| {
                    for title in [
                        t.graph_col_arc,
                        "h(n)",
                        t.graph_col_cost,
                        "h(n')",
                        t.graph_col_verdict,
                    ] {
                        ui.label(RichText::new(title).strong());
                    }
                    ui.end_row();
                    for arc in &report.arcs {
                        ui.label(format!("{} → {}", graph.name(arc.from), graph.name(arc.to)));
                        ui.label(cost_text(arc.h_from));
                        ui.label(cost_text(arc.cost));
                        ui.label(cost_text(arc.h_to));
                        ui.label(verdict(
                            arc.consistent(),
                            t.graph_yes_consistent,
                            t.graph_no_consistent,
                        ));
                        ui.end_row();
                    }
                });
        });
    }
}
