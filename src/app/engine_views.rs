//! What the depth-first, memory-bounded and bidirectional searches show besides open and
//! closed: the bound, the next bound and the iterations of IDA*, IDS and DFS; heuristic
//! depth-first's order and branch-and-bound's best goal and bound; RBFS's calls with their
//! f_limit and SMA*'s memory, with what the latest step forgot or backed up; the backward open
//! list and the meeting of the bidirectional searches. Drawn above the lists in the single
//! view; reads the lane only.

use egui::{CollapsingHeader, Grid, RichText, Ui};

use super::model::domain::AnyProblem;
use super::model::fine_step::{self, BidirectionalShown, DepthFirstShown, FineStep};
use super::model::lane::Lane;
use super::model::text::{self, memory_text};
use crate::search::{Algorithm, Direction, NodeId, Search};

/// How many backward open nodes are named; the count says how many there are in all.
const BACKWARD_SHOWN: usize = 12;

/// The depth-first or bidirectional view of `lane`'s search at the fine-step position `fine`
/// (or after the latest whole step); nothing for the best-first ones.
/// `lists_both`: both open lists are shown as tables below (exercise mode), so their counts and
/// the backward one's first nodes are not written here again.
pub fn ui(ui: &mut Ui, lane: &Lane, fine: Option<FineStep>, lists_both: bool) {
    let search = lane.search();
    let algorithm = search.config().algorithm;
    if let Some(frames) = search.rbfs() {
        rbfs(ui, search, frames);
        step_events(ui, search);
        ui.separator();
    } else if let Some(view) = search.sma() {
        ui.label(RichText::new(memory_text::memory_line(view.held.len(), view.limit)).strong());
        step_events(ui, search);
        ui.separator();
    } else if algorithm == Algorithm::BranchAndBound {
        branch_and_bound(ui, search);
        step_events(ui, search);
        ui.separator();
    } else if algorithm == Algorithm::HeuristicDepthFirst {
        let limit = search.config().depth_limit;
        ui.label(RichText::new(memory_text::heuristic_depth_line(limit)).strong());
        ui.separator();
    } else if let Some(view) = fine_step::depth_first_at(search, fine) {
        depth_first(ui, search, &view);
        ui.separator();
    } else if let Some(view) = fine_step::bidirectional_at(search, fine, BACKWARD_SHOWN) {
        bidirectional(ui, search, &view, lists_both);
        ui.separator();
    }
}

/// A node as the panels name it: its number and its state's name (a city, a cell, a board).
fn node_name(search: &dyn Search<AnyProblem>, id: NodeId) -> String {
    use crate::tree::Drawn;
    let state = search.problem().state_name(&search.node(id).state);
    memory_text::node(id.0, &state)
}

/// What the latest step did besides expanding: forgetting, backing up, a bound improved.
fn step_events(ui: &mut Ui, search: &dyn Search<AnyProblem>) {
    let Some(last) = search.steps().checked_sub(1) else {
        return;
    };
    let name = |id: NodeId| node_name(search, id);
    for line in memory_text::events(search.events(last), &name) {
        ui.label(line);
    }
}

/// RBFS's calls on the current path: each call's node, its f, its f_limit and its children.
fn rbfs(ui: &mut Ui, search: &dyn Search<AnyProblem>, frames: &[crate::search::RbfsFrame]) {
    let m = memory_text::m();
    ui.label(RichText::new(m.rbfs_heading).strong())
        .on_hover_text(m.rbfs_heading_hint);
    // The heading and four calls at most, the deepest call in view: the lists below keep
    // their room.
    let row = ui
        .spacing()
        .interact_size
        .y
        .max(ui.text_style_height(&egui::TextStyle::Body))
        + ui.spacing().item_spacing.y;
    egui::ScrollArea::vertical()
        .id_salt("rbfs_calls_scroll")
        .max_height(5.0 * row + 2.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            Grid::new("rbfs_calls")
                .striped(true)
                .num_columns(5)
                .show(ui, |ui| {
                    for title in [
                        m.col_call,
                        m.col_node,
                        "f",
                        m.col_f_limit,
                        m.col_children_held,
                    ] {
                        ui.label(RichText::new(title).strong());
                    }
                    ui.end_row();
                    for (depth, frame) in frames.iter().enumerate() {
                        ui.label(depth.to_string());
                        ui.label(node_name(search, frame.node));
                        ui.label(search.node(frame.node).f.to_string());
                        ui.label(frame.limit.to_string());
                        ui.label(frame.children.len().to_string());
                        ui.end_row();
                    }
                });
        });
}

/// Branch-and-bound's best goal and bound, and every goal that lowered the bound.
fn branch_and_bound(ui: &mut Ui, search: &dyn Search<AnyProblem>) {
    let found = search
        .depth_first()
        .map_or(&[][..], |view| view.improvements);
    let best = found.last().map(|&(_, id)| (id.0, search.node(id).g));
    let limit = search.config().depth_limit;
    ui.label(RichText::new(memory_text::best_line(best, limit)).strong());
    if found.is_empty() {
        return;
    }
    let m = memory_text::m();
    CollapsingHeader::new(format!("{} ({})", m.bounds_heading, found.len()))
        .id_salt("bounds_found")
        .default_open(true)
        .show(ui, |ui| {
            Grid::new("bounds_table")
                .striped(true)
                .num_columns(3)
                .show(ui, |ui| {
                    for title in [m.col_step, m.col_goal, m.col_cost] {
                        ui.label(RichText::new(title).strong());
                    }
                    ui.end_row();
                    for &(step, goal) in found {
                        ui.label(step.to_string());
                        ui.label(node_name(search, goal));
                        ui.label(search.node(goal).g.to_string());
                        ui.end_row();
                    }
                });
        });
}

/// The bound now, the next bound, and one row per iteration.
fn depth_first(ui: &mut Ui, search: &dyn Search<AnyProblem>, view: &DepthFirstShown) {
    let threshold = search.config().algorithm == Algorithm::IdaStar;
    ui.label(RichText::new(text::bound_line(threshold, view.bound, view.next_bound)).strong());
    CollapsingHeader::new(text::iterations_heading(view.iterations.len()))
        .id_salt("iterations")
        .default_open(true)
        .show(ui, |ui| {
            // A few rows high at most, newest in view: IDS to depth 30 has 31 iterations, and
            // the lists below keep their room.
            egui::ScrollArea::vertical()
                .id_salt("iterations_scroll")
                .max_height(6.0 * ui.text_style_height(&egui::TextStyle::Body))
                .stick_to_bottom(true)
                .show(ui, |ui| iterations_table(ui, &view.iterations));
        });
}

/// One row per iteration: its bound and what it expanded, generated and pruned.
fn iterations_table(ui: &mut Ui, iterations: &[crate::search::Iteration]) {
    let t = text::t();
    Grid::new("iterations_table")
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            ui.label(RichText::new(t.col_rank).strong());
            ui.label(RichText::new(t.col_bound).strong());
            ui.label(RichText::new(t.col_expanded).strong());
            ui.label(RichText::new(t.col_generated).strong());
            ui.label(RichText::new(t.col_pruned).strong());
            ui.end_row();
            // The latest iterations first would reorder rows as they grow: oldest first,
            // as a student writes the table.
            for (i, iteration) in iterations.iter().enumerate() {
                ui.label((i + 1).to_string());
                ui.label(iteration.bound.to_string());
                ui.label(iteration.expanded.to_string());
                ui.label(iteration.generated.to_string());
                ui.label(iteration.pruned.to_string());
                ui.end_row();
            }
        });
}

/// The backward open list and the best meeting so far.
fn bidirectional(
    ui: &mut Ui,
    search: &dyn Search<AnyProblem>,
    view: &BidirectionalShown,
    lists_both: bool,
) {
    let meeting = view.meeting.map(|m| (m.forward.0, m.backward.0, m.length));
    ui.label(RichText::new(text::meeting_line(meeting)).strong());
    if let Some((direction, depth)) = view.layer {
        ui.label(text::layer_line(direction == Direction::Forward, depth));
    }
    if lists_both {
        return;
    }
    ui.label(text::forward_open_line(view.forward_open));
    let names: Vec<String> = view
        .backward_first
        .iter()
        .map(|&id| format!("S{} {}", id.0, search.node(id).state))
        .collect();
    let more = view.backward_open.saturating_sub(names.len());
    ui.label(text::backward_open_line(view.backward_open));
    if !names.is_empty() {
        let mut line = names.join(" · ");
        if more > 0 {
            line.push_str(&format!(" · (+{more})"));
        }
        ui.label(RichText::new(line).monospace());
    }
}

#[cfg(test)]
mod tests {
    use egui::accesskit::Role;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    use crate::app::model::command::Command;
    use crate::app::model::domain::DomainKind;
    use crate::app::puzzle::puzzle_model::PuzzleSettings;
    use crate::app::{App, Settings, test_harness};
    use crate::domains::puzzle::{HeuristicKind, SearchConfig};
    use crate::search::{Algorithm, Cost};

    /// Picks an algorithm in the algorithm menu, as a user does.
    fn pick(h: &mut Harness<'static, App>, title: &str) {
        h.get_by_label("Algorithm").click();
        h.run();
        h.get_by_label(title).click();
        h.run();
    }

    fn bound(h: &Harness<'static, App>) -> (Cost, usize) {
        let search = h.state().session.lane(0).search();
        let view = search.depth_first().expect("a depth-first search");
        (view.bound, view.iterations.len())
    }

    #[test]
    fn ida_star_shows_its_bound_and_iterations_and_steps_back_across_a_raise() {
        // Misplaced tiles puts 3 on 283104765, which is 4 moves from the goal: the first
        // iteration fails and the bound rises.
        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                config: SearchConfig::with(Algorithm::AStar, HeuristicKind::Misplaced),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        h.run();
        pick(&mut h, "IDA*");
        assert_eq!(
            h.state().session.lane(0).config().algorithm,
            Algorithm::IdaStar
        );
        let (first, _) = bound(&h);
        assert_eq!(first, Cost::units(3));
        h.get_by_label("Bound (f threshold): 3 · next bound: –");
        h.get_by_label("Iterations (1)");
        let mut steps = 0;
        while bound(&h).1 < 2 {
            h.get_by_label("Step Space").click();
            h.run();
            steps += 1;
            assert!(steps < 200, "the bound never rose");
        }
        let (raised, _) = bound(&h);
        assert!(raised > first);
        h.get_by_label("Iterations (2)");
        h.get_by_label_contains(&format!("Bound (f threshold): {raised}"));
        h.get_by_label_contains("Step back").click();
        h.run();
        assert_eq!(bound(&h), (first, 1));
        h.get_by_label("Iterations (1)");
    }

    #[test]
    fn the_bound_raised_breakpoint_stops_a_run_at_the_new_iteration() {
        let mut settings = Settings {
            puzzle: PuzzleSettings {
                config: SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Misplaced),
                ..PuzzleSettings::default()
            },
            show_breakpoints: true,
            ..Settings::default()
        };
        settings.breakpoints.bound_raised = true;
        let mut h = test_harness(settings);
        h.run();
        h.get_by_label("bound raised");
        h.get_by_label("Run to end End").click();
        h.run();
        let search = h.state().session.lane(0).search();
        assert!(search.status().is_running());
        assert_eq!(bound(&h).1, 2);
    }

    #[test]
    fn bidirectional_bfs_solves_the_sample_with_the_optimal_four_moves() {
        let mut h = test_harness(Settings::default());
        h.run();
        pick(&mut h, "Bidirectional BFS");
        h.get_by_label("Not met yet: μ = ∞");
        h.get_by_label("Backward open: 1 node");
        h.get_by_label("Forward open list (next first)");
        h.get_by_label("Run to end End").click();
        h.run();
        let search = h.state().session.lane(0).search();
        assert_eq!(search.solution().expect("solved").len() - 1, 4);
        assert!(search.bidirectional().unwrap().meeting.is_some());
        h.get_by_label_contains("Meeting: node S");
        h.get_by_label(&crate::app::puzzle::puzzle_text::solved_headline(4));
    }

    #[test]
    fn the_depth_limit_of_dfs_is_edited_in_the_window() {
        let mut h = test_harness(Settings::default());
        h.run();
        pick(&mut h, "Depth-limited depth-first");
        // Through the spin button's accessibility actions, as a screen reader edits it.
        h.get_by_role_and_label(Role::SpinButton, "Depth limit")
            .increment_accesskit();
        h.run();
        let config = *h.state().session.lane(0).config();
        assert_eq!(config.depth_limit, crate::search::DEFAULT_DEPTH_LIMIT + 1);
        h.get_by_label("Bound (depth limit): 31 · next bound: –");
        h.get_by_role_and_label(Role::SpinButton, "Depth limit")
            .set_value_accesskit(1.0);
        h.run();
        h.get_by_label("Bound (depth limit): 1 · next bound: –");
        // With the limit at 1, the start's children at depth 1 are expanded and the
        // grandchildren pruned: the next bound would be 2.
        for _ in 0..2 {
            h.get_by_label("Step Space").click();
            h.run();
        }
        h.get_by_label("Bound (depth limit): 1 · next bound: 2");
    }

    #[test]
    fn picking_a_bidirectional_search_never_panics() {
        let problems = [
            Settings::default(),
            Settings {
                domain: DomainKind::Grid,
                ..Settings::default()
            },
            // An unsolvable board, searched anyway: the halves never meet.
            Settings {
                puzzle: PuzzleSettings {
                    board_text: "213804765".to_owned(),
                    explore_unsolvable: true,
                    ..PuzzleSettings::default()
                },
                ..Settings::default()
            },
            Settings {
                puzzle: PuzzleSettings {
                    board_text: "not a board".to_owned(),
                    ..PuzzleSettings::default()
                },
                ..Settings::default()
            },
        ];
        for settings in problems {
            for algorithm in [Algorithm::BidirectionalBfs, Algorithm::BidirectionalUcs] {
                let mut h = test_harness(settings.clone());
                h.run();
                let config = crate::app::model::session::Config {
                    algorithm,
                    ..h.state().session.settings.active_config()
                };
                h.state_mut().apply(Command::SetConfig(config));
                h.run();
                for _ in 0..3 {
                    h.state_mut().apply(Command::Step);
                    h.run();
                }
                h.state_mut().apply(Command::ShowPseudocode(true));
                h.run();
                if h.state().session.problem.is_ok() {
                    assert_eq!(h.state().session.steps(), 3);
                }
            }
        }
    }
}
