//! The sliding puzzle's problem pane: the start and the goal, the current step with the
//! heuristic's reasons on the expanded board and its children, a selected node with its path,
//! and the solution played back move by move. Reads the session and pushes [`Command`]s.

use super::puzzle_text;
use egui::{Align, Button, Color32, Layout, RichText, Sense, Slider, Ui, vec2};

use super::board_view::{self, Decor};
use crate::app::domain_view::{NodeView, Playback, Tab};
use crate::app::model::command::Command;
use crate::app::model::domain::{AnyAction, AnyHeuristic, AnyProblem, AnyState};
use crate::app::model::lane::Lane;
use crate::app::model::session::{Session, SetupError};
use crate::app::model::text;
use crate::app::palette;
use crate::app::puzzle::puzzle_model::{PuzzleEdit, PuzzleFault};
use crate::app::widgets::{Hover, error_label, heuristic_check};
use crate::domains::puzzle::{Board, GoalPreset, Heuristic, ProblemError};
use crate::search::{ConfigError, Cost, NodeId, Place, Search, Status};

/// Moves per second of the solution animation.
const PLAYBACK_SPEED: f32 = 2.5;

/// The large board, sized to the room available.
fn board_cell(ui: &Ui, side: usize, height_share: f32) -> f32 {
    let width = ui.available_width() / side as f32;
    let height = ui.available_height() * height_share / side as f32;
    width.min(height).clamp(34.0, 150.0)
}

fn legend(ui: &mut Ui, kind: AnyHeuristic, uses_heuristic: bool) {
    use crate::domains::puzzle::HeuristicKind;
    let line = match kind {
        AnyHeuristic::Puzzle(HeuristicKind::Zero) => puzzle_text::p().legend_zero,
        AnyHeuristic::Puzzle(HeuristicKind::Misplaced) => puzzle_text::p().legend_misplaced,
        AnyHeuristic::Puzzle(HeuristicKind::Manhattan) => puzzle_text::p().legend_manhattan,
        AnyHeuristic::Puzzle(HeuristicKind::LinearConflict) => puzzle_text::p().legend_conflict,
        AnyHeuristic::Puzzle(HeuristicKind::Pdb44 | HeuristicKind::Pdb663) => {
            puzzle_text::p().legend_pdb
        }
        AnyHeuristic::Grid(_) | AnyHeuristic::Graph(_) => "",
    };
    ui.label(RichText::new(line).color(ui.visuals().weak_text_color()));
    if !uses_heuristic {
        ui.label(
            RichText::new(puzzle_text::p().h_for_reference).color(ui.visuals().weak_text_color()),
        );
    }
}

fn heading(ui: &mut Ui, title: &str) {
    ui.label(
        RichText::new(title)
            .heading()
            .color(ui.visuals().strong_text_color()),
    );
}

fn ghf_heading(ui: &mut Ui, g: Cost, h: Cost, f: Cost) {
    ui.label(
        RichText::new(puzzle_text::ghf(g, h, f))
            .size(22.0)
            .strong()
            .color(ui.visuals().strong_text_color()),
    );
}

/// The node views on the left: the current step, a selected node, the solution.
pub fn node_panel(
    ui: &mut Ui,
    session: &Session,
    view: &mut NodeView,
    hover: &mut Hover,
    commands: &mut Vec<Command>,
) {
    let solved = session
        .main_lane()
        .is_some_and(|l| l.search().solution().is_some());
    ui.horizontal(|ui| {
        for (tab, title) in [
            (Tab::Step, puzzle_text::p().tab_step),
            (Tab::Selected, puzzle_text::p().tab_selected),
            (Tab::Solution, puzzle_text::p().tab_solution),
        ] {
            let label = if tab == Tab::Solution && solved {
                RichText::new(title).strong().color(palette::NEW)
            } else {
                RichText::new(title).strong()
            };
            if ui.selectable_label(view.tab == tab, label).clicked() {
                view.tab = tab;
                if tab == Tab::Step {
                    commands.push(Command::ShowCurrent);
                }
            }
        }
    });
    ui.separator();
    let Some(lane) = session.main_lane() else {
        if let Err(err) = &session.problem {
            problem_error_view(ui, session, err, commands);
        }
        return;
    };
    egui::ScrollArea::vertical()
        .id_salt("node_panel")
        .auto_shrink([false, false])
        .show(ui, |ui| match view.tab {
            Tab::Step => current_step(ui, session, lane, hover, commands),
            Tab::Selected => selected_node(ui, session, lane, hover, commands),
            Tab::Solution => solution_view(ui, session, lane, &mut view.playback, hover),
        });
}

/// The start board and the goal side by side, each under its heading; returns the start's
/// clicked cell.
fn start_and_goal(ui: &mut Ui, start: &Board, goal: &Board, decor: Decor<'_>) -> Option<usize> {
    let side = start.side() as f32;
    let gap = 18.0;
    let cell = ((ui.available_width() - gap) / 2.0 / side)
        .min(ui.available_height() * 0.42 / side)
        .clamp(22.0, 110.0);
    let mut clicked = None;
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            heading(ui, puzzle_text::p().start_board);
            clicked = board_view::board(ui, start, cell, &decor);
        });
        ui.add_space(gap);
        ui.vertical(|ui| {
            heading(ui, puzzle_text::p().goal_board);
            board_view::board(
                ui,
                goal,
                cell,
                &Decor {
                    goal: Some(goal),
                    label: Some(puzzle_text::p().goal_board.to_owned()),
                    ..Decor::default()
                },
            );
        });
    });
    clicked
}

pub(super) fn preset_title(preset: GoalPreset) -> &'static str {
    match preset {
        GoalPreset::P1379 => puzzle_text::p().preset_p1379,
        GoalPreset::BlankLast => puzzle_text::p().preset_blank_last,
        GoalPreset::BlankFirst => puzzle_text::p().preset_blank_first,
    }
}

/// The node view while the typed problem cannot be searched: an unsolvable board is drawn
/// with its goal, its parity sentence and a goal preset it is solvable for; a board or goal
/// that does not parse leaves the last valid problem drawn, dimmed, under the error.
fn problem_error_view(
    ui: &mut Ui,
    session: &Session,
    err: &SetupError,
    commands: &mut Vec<Command>,
) {
    ui.add_space(8.0);
    if let SetupError::Config(ConfigError::HeuristicNotReady(_)) = err {
        // One line while the table is made, the progress and Cancel being beside the
        // heuristic: nothing to fix.
        ui.label(RichText::new(text::t().pdb_getting_ready).color(ui.visuals().text_color()));
        return;
    }
    error_label(ui, &err.message());
    ui.add_space(4.0);
    // Another goal or BFS over the reachable half only help an unsolvable pair, not a pair of
    // two sizes.
    if let (Some(PuzzleFault::Problem(ProblemError::Unsolvable { .. })), Some((start, goal))) = (
        err.fault::<PuzzleFault>(),
        session.settings.puzzle.typed_boards(),
    ) {
        let other = GoalPreset::solvable_for(&start)
            .into_iter()
            .find_map(|p| p.board(start.side()).filter(|b| *b != goal).map(|b| (p, b)));
        if let Some((preset, board)) = other {
            let button = Button::new(
                RichText::new(puzzle_text::switch_goal_to(preset_title(preset))).strong(),
            );
            if ui.add(button).clicked() {
                commands.push(Command::edit(PuzzleEdit::SetGoalText(board.to_string())));
            }
        }
        if ui
            .button(puzzle_text::explore_unsolvable(start.side()))
            .on_hover_text(puzzle_text::p().explore_unsolvable_hint)
            .clicked()
        {
            commands.push(Command::edit(PuzzleEdit::ExploreUnsolvable));
        }
        ui.add_space(6.0);
        let clicked = start_and_goal(
            ui,
            &start,
            &goal,
            Decor {
                goal: Some(&goal),
                clickable: true,
                label: Some(puzzle_text::p().start_board.to_owned()),
                ..Decor::default()
            },
        );
        if let Some(cell) = clicked {
            commands.push(Command::edit(PuzzleEdit::MoveTile(cell)));
        }
        return;
    }
    if let Some(AnyProblem::Puzzle(problem)) = session.last_good.as_ref() {
        ui.label(
            RichText::new(puzzle_text::p().last_valid_problem)
                .color(ui.visuals().weak_text_color()),
        );
        ui.add_space(4.0);
        ui.scope(|ui| {
            ui.multiply_opacity(0.35);
            start_and_goal(
                ui,
                &problem.start(),
                &problem.goal(),
                Decor {
                    goal: Some(&problem.goal()),
                    label: Some(puzzle_text::p().last_valid_board.to_owned()),
                    ..Decor::default()
                },
            );
        });
    }
}

/// Rings a view of a node hovered elsewhere, and reports the pointer over this one.
fn hover_ring(ui: &Ui, rect: egui::Rect, id: NodeId, hover: &mut Hover) {
    if hover.is(id) {
        ui.painter().rect_stroke(
            rect.expand(3.0),
            4.0,
            egui::Stroke::new(3.0, ui.visuals().strong_text_color()),
            egui::StrokeKind::Outside,
        );
    }
    if ui.rect_contains_pointer(rect) {
        hover.saw(id);
    }
}

fn current_step(
    ui: &mut Ui,
    session: &Session,
    lane: &Lane,
    hover: &mut Hover,
    commands: &mut Vec<Command>,
) {
    let search = lane.search();
    let (Some(explainer), AnyState::Puzzle(goal)) =
        (lane.explainer::<Heuristic>(), search.problem().goal())
    else {
        return;
    };
    let config = *search.config();
    if search.steps() == 0 {
        let start = search.node(NodeId(0));
        let AnyState::Puzzle(start_board) = start.state else {
            return;
        };
        let explanation = explainer.explain(&start_board);
        let clicked = start_and_goal(
            ui,
            &start_board,
            &goal,
            Decor {
                goal: Some(&goal),
                explanation: Some(&explanation),
                clickable: true,
                label: Some(puzzle_text::p().start_board.to_owned()),
                ..Decor::default()
            },
        );
        if let Some(cell) = clicked {
            commands.push(Command::edit(PuzzleEdit::MoveTile(cell)));
        }
        ui.label(puzzle_text::p().start_click_hint);
        ghf_heading(ui, start.g, start.h, start.f);
        legend(ui, config.heuristic, config.algorithm.uses_heuristic());
        board_view::groups_line(ui, &explanation);
        return;
    }
    let puzzle_board = |state: &AnyState| state.board().copied().unwrap_or(goal);
    let view = search.step_at(search.steps() - 1);
    let node = search.node(view.expanded);
    // Fine step: before its close line the node has only been popped.
    let popped_only = session.fine().is_some_and(|fine| !fine.phase.closed());
    heading(
        ui,
        &puzzle_text::expanded_title(view.expanded.0, view.index + 1, popped_only),
    );
    let board = puzzle_board(&node.state);
    let explanation = explainer.explain(&board);
    let cell = board_cell(ui, board.side(), 0.5);
    let rect = ui
        .scope(|ui| {
            board_view::board(
                ui,
                &board,
                cell,
                &Decor {
                    goal: Some(&goal),
                    explanation: Some(&explanation),
                    label: Some(text::node_title(view.expanded.0)),
                    ..Decor::default()
                },
            )
        })
        .response
        .rect;
    hover_ring(ui, rect, view.expanded, hover);
    ui.horizontal(|ui| {
        ghf_heading(ui, node.g, node.h, node.f);
        ui.label(RichText::new(puzzle_text::depth(node.depth)).size(18.0));
    });
    legend(ui, config.heuristic, config.algorithm.uses_heuristic());
    board_view::groups_line(ui, &explanation);
    // The same live check the compare lanes show: h > h* or an inconsistent edge, as it happens.
    heuristic_check(ui, lane);
    ui.add_space(6.0);
    ui.label(RichText::new(text::t().children).strong().size(17.0));
    if view.children.is_empty() {
        ui.label(puzzle_text::p().no_children_goal);
        return;
    }
    let side = board.side();
    // Every number at least as large as the text beside it, read from the back of the room.
    let body = egui::TextStyle::Body.resolve(ui.style()).size;
    let mini_cell = board_view::list_cell(side, body).max(if side == 3 { 22.0 } else { 17.0 });
    // Fine step shows the children as their lines are reached.
    let shown = session
        .fine()
        .map_or(view.children.len(), |fine| fine.children_shown(&view));
    let width = (mini_cell * side as f32 + 16.0).max(112.0);
    flow(ui, &view.children[..shown], width, |ui, _, child| {
        let child_node = search.node(child.node);
        let f = config.priority(node.depth + 1, child.g, child_node.h);
        ui.push_id(child.node, |ui| {
            let mut frame = egui::Frame::group(ui.style());
            if hover.is(child.node) {
                frame = frame.stroke(egui::Stroke::new(3.0, ui.visuals().strong_text_color()));
            }
            let framed = frame.show(ui, |ui| {
                ui.set_width(ui.available_width());
                let response = board_view::state_mini(
                    ui,
                    &child_node.state,
                    mini_cell,
                    Some(child.action),
                    Some(&AnyState::Puzzle(goal)),
                );
                if ui
                    .interact(response.rect, response.id.with("click"), Sense::click())
                    .on_hover_text(text::node_title(child.node.0))
                    .clicked()
                {
                    commands.push(Command::SelectNode(child.node));
                }
                ui.label(RichText::new(child.action.words()).strong());
                ui.label(format!(
                    "g {}  h {}  f {}",
                    child.g,
                    child_node.h,
                    text::number(f.as_f64())
                ));
                ui.label(
                    RichText::new(text::outcome(child.outcome))
                        .strong()
                        .color(palette::outcome_color(child.outcome)),
                );
            });
            if ui.rect_contains_pointer(framed.response.rect) {
                hover.saw(child.node);
            }
        });
    });
}

fn selected_node(
    ui: &mut Ui,
    session: &Session,
    lane: &Lane,
    hover: &mut Hover,
    commands: &mut Vec<Command>,
) {
    let Some(id) = session.selected else {
        ui.label(puzzle_text::p().nothing_selected);
        return;
    };
    let search = lane.search();
    let (Some(explainer), AnyState::Puzzle(goal)) =
        (lane.explainer::<Heuristic>(), search.problem().goal())
    else {
        return;
    };
    let node = search.node(id);
    let board = node.state.board().copied().unwrap_or(goal);
    ui.horizontal(|ui| {
        heading(ui, &text::node_title(id.0));
        if ui.button(puzzle_text::p().show_current).clicked() {
            commands.push(Command::ShowCurrent);
        }
    });
    let place = match node.place {
        Place::Open => {
            let rank = lane.open_snapshot().iter().position(|&n| n == id);
            puzzle_text::place_open(rank.map(|r| r + 1))
        }
        Place::Closed | Place::Pruned => puzzle_text::place_closed(node.expanded_at),
        Place::Forgotten => puzzle_text::place_forgotten(node.f),
    };
    ui.label(place);
    let explanation = explainer.explain(&board);
    let cell = board_cell(ui, board.side(), 0.42);
    let rect = ui
        .scope(|ui| {
            board_view::board(
                ui,
                &board,
                cell,
                &Decor {
                    goal: Some(&goal),
                    explanation: Some(&explanation),
                    moved: moved_tile(node.action),
                    label: Some(text::node_title(id.0)),
                    ..Decor::default()
                },
            )
        })
        .response
        .rect;
    hover_ring(ui, rect, id, hover);
    ui.horizontal(|ui| {
        ghf_heading(ui, node.g, node.h, node.f);
        ui.label(RichText::new(puzzle_text::depth(node.depth)).size(18.0));
    });
    ui.add_space(6.0);
    ui.label(
        RichText::new(puzzle_text::p().path_from_start)
            .strong()
            .size(17.0),
    );
    path_strip(ui, search, &search.path_to(id), &goal, hover);
}

fn path_strip(
    ui: &mut Ui,
    search: &dyn Search<AnyProblem>,
    path: &[NodeId],
    goal: &Board,
    hover: &mut Hover,
) {
    let side = goal.side();
    // The numbers as large as the captions under them.
    let cell = board_view::list_cell(side, egui::TextStyle::Body.resolve(ui.style()).size);
    let goal = AnyState::Puzzle(*goal);
    let width = (cell * side as f32 + 10.0).max(72.0);
    flow(ui, path, width, |ui, i, &id| {
        let node = search.node(id);
        let response = board_view::state_mini(ui, &node.state, cell, node.action, Some(&goal));
        hover_ring(ui, response.rect, id, hover);
        let caption = match node.action {
            Some(action) => format!("{i}: {}", action.words()),
            None => format!("{i}"),
        };
        ui.label(RichText::new(caption).small());
    });
}

/// Lays items out in rows of fixed-width cells that fit the width available, so a long
/// path or many children wrap instead of widening the panel.
fn flow<T>(ui: &mut Ui, items: &[T], width: f32, mut item: impl FnMut(&mut Ui, usize, &T)) {
    let spacing = ui.spacing().item_spacing.x;
    let per_row = (((ui.available_width() + spacing) / (width + spacing)).floor() as usize).max(1);
    for (r, row) in items.chunks(per_row).enumerate() {
        ui.horizontal_top(|ui| {
            for (j, value) in row.iter().enumerate() {
                ui.allocate_ui_with_layout(vec2(width, 0.0), Layout::top_down(Align::Min), |ui| {
                    ui.set_width(width);
                    item(ui, r * per_row + j, value);
                });
            }
        });
    }
}

fn solution_view(
    ui: &mut Ui,
    session: &Session,
    lane: &Lane,
    playback: &mut Playback,
    hover: &mut Hover,
) {
    let search = lane.search();
    let Status::Solved { goal: goal_id } = search.status() else {
        ui.label(puzzle_text::p().not_solved_yet);
        return;
    };
    let Some(path) = search.solution() else {
        return;
    };
    let AnyProblem::Puzzle(problem) = search.problem() else {
        return;
    };
    let boards: Vec<Board> = path
        .iter()
        .filter_map(|&id| search.node(id).state.board().copied())
        .collect();
    let moves = boards.len() - 1;
    let key = Some((goal_id, search.steps()));
    if playback.key != key {
        *playback = Playback {
            key,
            ..Playback::default()
        };
    }
    let goal = problem.goal();
    ui.heading(RichText::new(puzzle_text::solved_headline(moves)).color(palette::NEW));
    let optimal = session
        .h_star()
        .and_then(|h| h.of(&AnyState::Puzzle(problem.start())))
        .and_then(|cost| u8::try_from(cost.raw() / Cost::SCALE).ok());
    let note = puzzle_text::optimal_note(optimal, moves);
    if !note.is_empty() {
        ui.label(RichText::new(note).strong());
    }
    // The counters where the rest of the window is: at a fine-step position inside the step
    // that found the goal, the lines that generate its children are still to come.
    let stats = session.shown_stats().unwrap_or_else(|| search.stats());
    ui.label(text::stats_line(&stats));
    ui.add_space(6.0);

    // Advance the animation by this frame's time.
    if playback.playing {
        let dt = ui.input(|i| i.stable_dt).min(0.1);
        playback.t += dt * PLAYBACK_SPEED;
        if playback.t >= 1.0 {
            playback.t = 0.0;
            playback.index += 1;
            if playback.single {
                playback.playing = false;
                playback.single = false;
            }
        }
        if playback.index >= moves {
            playback.index = moves;
            playback.t = 0.0;
            playback.playing = false;
        }
        ui.ctx().request_repaint();
    }
    let index = playback.index.min(moves);
    let board = boards[index];
    let slide = (index < moves && playback.playing).then(|| {
        let tile = board.move_to(&boards[index + 1]).map_or(0, |m| m.tile);
        (tile, playback.t)
    });
    // The tile about to slide, or the one that just did, is drawn amber.
    let moved = match slide {
        Some((tile, _)) => Some(tile),
        None if index > 0 => boards[index - 1].move_to(&board).map(|m| m.tile),
        None => None,
    };
    let cell = board_cell(ui, board.side(), 0.62);
    board_view::board(
        ui,
        &board,
        cell,
        &Decor {
            goal: Some(&goal),
            slide,
            moved,
            label: Some(puzzle_text::p().tab_solution.to_owned()),
            ..Decor::default()
        },
    );
    ui.horizontal(|ui| {
        if ui.button(puzzle_text::p().playback_start).clicked() {
            *playback = Playback {
                key,
                ..Playback::default()
            };
        }
        if ui
            .add_enabled(index > 0, Button::new(puzzle_text::p().playback_prev))
            .clicked()
        {
            playback.index = index - 1;
            playback.t = 0.0;
            playback.playing = false;
        }
        let play_text = if playback.playing && !playback.single {
            text::t().pause
        } else {
            text::t().play
        };
        if ui
            .add_enabled(index < moves, Button::new(play_text))
            .clicked()
        {
            let continuous = playback.playing && !playback.single;
            playback.playing = !continuous;
            playback.single = false;
        }
        if ui
            .add_enabled(index < moves, Button::new(puzzle_text::p().playback_next))
            .clicked()
        {
            playback.playing = true;
            playback.single = true;
        }
        if ui.button(puzzle_text::p().playback_end).clicked() {
            playback.index = moves;
            playback.t = 0.0;
            playback.playing = false;
        }
    });
    ui.horizontal(|ui| {
        let mut position = index;
        // The slider gets its own row and takes what its value and label leave of it, so the
        // row never overflows the panel at any zoom.
        let label_width = ui.fonts_mut(|f| {
            let font = egui::TextStyle::Body.resolve(ui.style());
            let label = format!(
                "{moves}{} {}",
                puzzle_text::playback_suffix(moves),
                puzzle_text::p().playback_move
            );
            f.layout_no_wrap(label, font, Color32::WHITE).size().x
        });
        ui.spacing_mut().slider_width = (ui.available_width() - label_width - 60.0).max(40.0);
        if ui
            .add(
                Slider::new(&mut position, 0..=moves)
                    .suffix(puzzle_text::playback_suffix(moves))
                    .text(puzzle_text::p().playback_move),
            )
            .changed()
        {
            playback.index = position;
            playback.t = 0.0;
            playback.playing = false;
        }
    });
    ui.add_space(6.0);
    ui.label(
        RichText::new(puzzle_text::p().path_from_start)
            .strong()
            .size(17.0),
    );
    path_strip(ui, search, &path, &goal, hover);
}

/// The tile a puzzle move slid (none for a step on a map).
fn moved_tile(action: Option<AnyAction>) -> Option<u8> {
    match action {
        Some(AnyAction::Puzzle(m)) => Some(m.tile),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable;

    use super::*;
    use crate::app::puzzle::puzzle_model::PuzzleSettings;
    use crate::app::{Settings, test_harness};

    #[test]
    fn the_solution_counters_are_those_of_the_fine_step_position() {
        use crate::domains::puzzle::{HeuristicKind, SearchConfig};
        use crate::search::Algorithm;
        use egui::accesskit::Role;
        use egui_kittest::kittest::NodeT;
        // One move from the goal: the first step generates the goal and meets the backward
        // half, so it solves the search.
        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                board_text: "123084765".into(),
                config: SearchConfig::with(Algorithm::BidirectionalBfs, HeuristicKind::Zero),
                ..PuzzleSettings::default()
            },
            show_pseudocode: true,
            fine_step: true,
            ..Settings::default()
        });
        h.run();
        h.state_mut().apply(Command::Step);
        h.run();
        let session = &h.state().session;
        assert!(session.lane(0).search().solution().is_some());
        assert_eq!(h.state().view.node.tab, Tab::Solution);
        // At the line that pops the start its children are not in open yet.
        let shown = session.shown_stats().unwrap();
        assert_ne!(shown.open, session.lane(0).search().stats().open);
        let counters: Vec<String> = h
            .query_all_by_role(Role::Label)
            .filter_map(|n| n.accesskit_node().value())
            .filter(|v| v.starts_with("steps "))
            .collect();
        assert_eq!(
            counters.len(),
            2,
            "the status bar's and the solution's: {counters:?}"
        );
        for line in counters {
            assert_eq!(line, text::stats_line(&shown));
        }
    }

    #[test]
    fn the_goal_is_drawn_beside_the_start() {
        use egui::accesskit::Role;
        let mut h = test_harness(Settings::default());
        h.run();
        h.get_by_role_and_label(Role::Image, puzzle_text::p().start_board);
        h.get_by_role_and_label(Role::Image, puzzle_text::p().goal_board);
    }

    #[test]
    fn a_bad_board_keeps_the_last_valid_one_drawn() {
        use egui::accesskit::Role;
        let mut h = test_harness(Settings::default());
        h.run();
        let field = h.get_by_role_and_label(Role::TextInput, puzzle_text::p().board);
        field.focus();
        field.type_text("9");
        h.run();
        assert!(h.state().session.lanes.is_empty());
        h.get_by_role_and_label(Role::Image, puzzle_text::p().last_valid_board);
        assert_eq!(
            h.state()
                .session
                .last_good
                .as_ref()
                .and_then(|p| p.puzzle().map(|p| p.start().to_string())),
            Some("283104765".to_owned())
        );
    }

    #[test]
    fn an_unsolvable_board_is_drawn_and_offers_a_goal_it_is_solvable_for() {
        use egui::accesskit::Role;
        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                board_text: "213804765".into(),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        h.run();
        assert!(h.state().session.lanes.is_empty());
        h.get_by_role_and_label(Role::Image, puzzle_text::p().start_board);
        h.get_by_role_and_label(Role::Image, puzzle_text::p().goal_board);
        h.get_by_label_contains("Switch the goal to").click();
        h.run();
        let session = &h.state().session;
        assert!(session.problem.is_ok(), "{:?}", session.problem);
        assert_eq!(session.lanes.len(), 1);
        assert_ne!(session.settings.puzzle.goal_text, "123804765");
        // A solvable board offers nothing.
        assert!(h.query_by_label_contains("Switch the goal to").is_none());
    }

    fn snapshot_options() -> egui_kittest::SnapshotOptions {
        egui_kittest::SnapshotOptions::new()
            .threshold(2.0)
            .max_failed_pixels(400)
    }

    /// An unsolvable board in the light theme: both boards, the parity sentence, the way out.
    #[test]
    fn snapshot_unsolvable() {
        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                board_text: "213804765".into(),
                ..PuzzleSettings::default()
            },
            dark: false,
            ..Settings::default()
        });
        h.run();
        h.snapshot_options("app_unsolvable", &snapshot_options());
    }
}
