//! The exercise banner: the prompt, the score and the reveal button above the open list.

use egui::{Color32, RichText, Ui};

use super::model::command::Command;
use super::model::exercise::{Answer, Score};
use super::model::text;

/// The exercise banner above the lists: the rule (a sentence), the score, and the verdict on
/// the latest answer.
pub fn banner(
    ui: &mut Ui,
    score: &Score,
    rule: &str,
    can_reveal: bool,
    commands: &mut Vec<Command>,
) {
    let t = text::t();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            super::widgets::word(ui, RichText::new(t.exercise_title).strong().size(17.0));
            super::widgets::word(ui, text::exercise_score(score.right, score.asked));
            if ui
                .add_enabled(can_reveal, egui::Button::new(t.exercise_reveal))
                .on_hover_text(t.exercise_reveal_hint)
                .clicked()
            {
                commands.push(Command::Reveal);
            }
            if score.asked > 0 && ui.small_button(t.exercise_reset_score).clicked() {
                commands.push(Command::ResetScore);
            }
        });
        ui.label(rule);
        match &score.last {
            None => {
                ui.label(RichText::new(t.exercise_prompt).weak());
            }
            Some((answer, judgement)) => {
                let color = match answer {
                    Answer::Right { .. } => Color32::from_rgb(0x2c, 0xa0, 0x2c),
                    Answer::Wrong => ui.visuals().error_fg_color,
                    Answer::Revealed => ui.visuals().strong_text_color(),
                };
                ui.label(
                    RichText::new(text::exercise_verdict(*answer, judgement))
                        .color(color)
                        .strong(),
                );
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable;

    use crate::app::puzzle::puzzle_model::PuzzleSettings;

    use crate::app::{Settings, test_harness};
    use crate::search::NodeId;

    /// The node-column label of a row of the open list (the parent column names other nodes).
    fn click_row(h: &mut egui_kittest::Harness<'static, crate::app::App>, id: NodeId) {
        let label = format!("S{}", id.0);
        h.get_all_by_label(&label)
            .next()
            .expect("the row is laid out")
            .scroll_to_me();
        h.run();
        h.get_all_by_label(&label).next().unwrap().click();
        h.run();
    }

    #[test]
    fn entering_an_exercise_folds_the_setup_so_the_open_list_has_the_rows() {
        let mut h = test_harness(Settings::default());
        h.run();
        assert!(!h.state().session.settings.arrangement.setup_folded);
        h.state_mut().apply(crate::app::Command::SetExercise(true));
        h.run();
        assert!(h.state().session.settings.arrangement.setup_folded);
        // Edit setup unfolds it again, and the exercise goes on.
        h.get_by_label("Edit setup").click();
        h.run();
        let settings = &h.state().session.settings;
        assert!(settings.exercise && !settings.arrangement.setup_folded);
    }

    #[test]
    fn an_exercise_entered_on_a_finished_search_starts_it_over() {
        let mut h = test_harness(Settings::default());
        h.run();
        h.state_mut().apply(crate::app::Command::RunToEnd);
        while h.state().session.is_busy() {
            h.run();
        }
        let solved = h.state().session.lane(0).search().steps();
        assert!(solved > 0);
        h.state_mut().apply(crate::app::Command::SetExercise(true));
        h.run();
        // The question is the first node to expand, not a run with nothing left to ask.
        assert_eq!(h.state().session.lane(0).search().steps(), 0);
        h.get_by_label_contains("Click the node in open");
        // Midway, the exercise takes the run where it stands.
        h.state_mut().apply(crate::app::Command::SetExercise(false));
        h.state_mut().apply(crate::app::Command::Step);
        h.state_mut().apply(crate::app::Command::SetExercise(true));
        h.run();
        assert_eq!(h.state().session.lane(0).search().steps(), 1);
    }

    #[test]
    fn a_wrong_pick_keeps_the_question_until_the_right_node_or_reveal() {
        let mut h = test_harness(Settings {
            exercise: true,
            ..Settings::default()
        });
        h.run();
        h.get_by_label_contains("Click the node in open");
        // The start node is the only one: right, and the step is taken.
        click_row(&mut h, NodeId(0));
        h.get_by_label_contains("Right! S0 is next");
        h.get_by_label("Score: 1 / 1 first tries");
        assert_eq!(h.state().session.lane(0).search().steps(), 1);

        // A node that is not next: marked, no step, and the answer stays hidden.
        let search = h.state().session.lane(0).search();
        let open: Vec<NodeId> = search.open_nodes().collect();
        let (next, wrong) = (open[0], open[open.len() - 1]);
        assert_ne!(next, wrong);
        click_row(&mut h, wrong);
        h.get_by_label_contains(&format!("Not quite: S{} has f =", wrong.0));
        assert!(h.query_by_label_contains("is next").is_none());
        assert_eq!(h.state().session.lane(0).search().steps(), 1);
        assert_eq!(h.state().session.score.wrong_picks(1), [wrong]);
        h.get_by_label("Score: 1 / 1 first tries");
        // Then the right one: the step is taken, but it was not a first try.
        click_row(&mut h, next);
        assert_eq!(h.state().session.lane(0).search().steps(), 2);
        h.get_by_label_contains(&format!("Right! S{} is next", next.0));
        h.get_by_label("Score: 1 / 2 first tries");
        assert!(h.state().session.score.wrong_picks(2).is_empty());

        // Reveal names the next node, then steps; it does not count as right.
        let next = h
            .state()
            .session
            .lane(0)
            .search()
            .open_nodes()
            .next()
            .unwrap();
        h.get_by_label("Reveal").click();
        h.run();
        h.get_by_label_contains(&format!("Answer: S{} is next", next.0));
        let search = h.state().session.lane(0).search();
        assert_eq!(search.steps(), 3);
        assert_eq!(search.closed().last(), Some(&next));
        h.get_by_label("Score: 1 / 3 first tries");
    }

    /// IDA* on 283104765 with misplaced tiles: the start's children are all beyond the first
    /// bound, so the second question is the start again with the raised bound; then the
    /// candidates are the stack, judged against the engine.
    #[test]
    fn an_ida_star_exercise_asks_for_the_start_again_then_the_top_of_the_stack() {
        use crate::domains::puzzle::{HeuristicKind, SearchConfig};
        use crate::search::Algorithm;
        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                config: SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Misplaced),
                ..PuzzleSettings::default()
            },
            exercise: true,
            ..Settings::default()
        });
        h.run();
        h.get_by_label_contains("Rule: depth first");
        click_row(&mut h, NodeId(0));
        h.get_by_label_contains("Right! S0 is next");

        // Open is empty: the start is asked for again, and a new iteration begins.
        assert_eq!(h.state().session.lane(0).search().open_len(), 0);
        h.get_by_label_contains("Open is empty: a new iteration would take");
        assert_eq!(h.state().session.lane(0).open_by_id(), [NodeId(0)]);
        click_row(&mut h, NodeId(0));
        h.get_by_label_contains("Right! S0 is next: open is empty and something was pruned");
        let search = h.state().session.lane(0).search();
        assert_eq!(search.depth_first().unwrap().iterations.len(), 2);
        h.get_by_label("Score: 2 / 2 first tries");

        // Revealed on until two nodes wait on the stack.
        let mut reveals = 0;
        while h.state().session.lane(0).search().open_len() < 2 {
            h.get_by_label("Reveal").click();
            h.run();
            reveals += 1;
            assert!(reveals < 20, "never two nodes on the stack");
        }
        let search = h.state().session.lane(0).search();
        let stack: Vec<NodeId> = search.open_nodes().collect();
        let (next, wrong) = (stack[0], stack[stack.len() - 1]);
        let last = *search.closed().last().unwrap();
        let (next_node, wrong_node) = (search.node(next), search.node(wrong));
        let hint = if wrong_node.depth < next_node.depth {
            format!(
                "Not quite: S{} waits at depth {}",
                wrong.0, wrong_node.depth
            )
        } else {
            let parent = wrong_node.parent.unwrap().0;
            format!("Not quite: S{} waits as a child of S{parent}", wrong.0)
        };
        let why = if next_node.parent == Some(last) {
            format!("depth first: it is the first child of S{}", last.0)
        } else {
            format!(
                "S{}, the node just expanded, put no child on the stack",
                last.0
            )
        };
        // A wrong node: marked, no step, and the answer stays hidden.
        click_row(&mut h, wrong);
        h.get_by_label_contains(&hint);
        assert!(h.query_by_label_contains("is next").is_none());
        let steps = 2 + reveals;
        assert_eq!(h.state().session.lane(0).search().steps(), steps);
        h.get_by_label(&format!("Score: 2 / {} first tries", 2 + reveals));
        // Then the engine's next node.
        click_row(&mut h, next);
        h.get_by_label_contains(&format!("Right! S{} is next: {why}", next.0));
        let search = h.state().session.lane(0).search();
        assert_eq!(search.steps(), steps + 1);
        assert_eq!(search.closed().last(), Some(&next));
        h.get_by_label(&format!("Score: 2 / {} first tries", 3 + reveals));
    }

    /// Bidirectional BFS on 283104765: both halves' open lists are candidates; a node of the
    /// half not expanded next is wrong with a hint, and the right node names the half and why.
    #[test]
    fn a_bidirectional_bfs_exercise_asks_for_the_half_and_the_node() {
        use crate::domains::puzzle::{HeuristicKind, SearchConfig};
        use crate::search::Algorithm;
        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                config: SearchConfig::with(Algorithm::BidirectionalBfs, HeuristicKind::Zero),
                ..PuzzleSettings::default()
            },
            exercise: true,
            ..Settings::default()
        });
        h.run();
        h.get_by_label_contains("Rule: the layer under way is finished first");
        h.get_by_label("Forward open list (generation order)");
        h.get_by_label("Backward open list (generation order)");
        // The two open lists hold one node each: forward on a tie. The goal is wrong.
        click_row(&mut h, NodeId(1));
        h.get_by_label_contains(
            "Not quite: S1 is in the backward open list, and that half is not expanded next",
        );
        assert!(h.query_by_label_contains("is next").is_none());
        assert_eq!(h.state().session.lane(0).search().steps(), 0);
        h.get_by_label("Score: 0 / 0 first tries");
        click_row(&mut h, NodeId(0));
        h.get_by_label_contains(
            "Right! S0 is next: the forward half is expanded: a new layer of the smaller open \
             list (forward 1, backward 1; forward on a tie)",
        );
        h.get_by_label("Score: 0 / 1 first tries");
        // Now backward open is the smaller: the goal's half, at the first try.
        click_row(&mut h, NodeId(1));
        h.get_by_label_contains("Right! S1 is next: the backward half is expanded");
        h.get_by_label("Score: 1 / 2 first tries");
        let search = h.state().session.lane(0).search();
        assert_eq!(search.closed(), [NodeId(0), NodeId(1)]);
    }

    /// A 4x4 board's drawn rows are too tall for five of them at 1280x800 zoom 1.5: the lists
    /// write the boards as text there, so the open list shows its rows whole; a bidirectional
    /// exercise's two open lists carry their counts in their headings.
    #[test]
    fn cramped_open_lists_write_their_boards_as_text() {
        use crate::app::model::domain::AnyState;
        use crate::domains::puzzle::{HeuristicKind, SearchConfig};
        use crate::search::Algorithm;
        let projector = |settings| {
            egui_kittest::Harness::builder()
                .with_size(egui::vec2(1280.0, 800.0) / 1.5)
                .with_context_setup(crate::app::install_style)
                .build_ui_state(
                    |ui, app: &mut crate::app::App| app.ui(ui),
                    crate::app::App::new(settings),
                )
        };
        let folded = crate::app::model::arrangement::Arrangement {
            setup_folded: true,
            ..Default::default()
        };
        let mut h = projector(Settings {
            puzzle: PuzzleSettings {
                board_text: "1 2 0 3 5 6 8 4 9 10 7 11 13 14 15 12".to_owned(),
                goal_text: "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0".to_owned(),
                ..PuzzleSettings::default()
            },
            arrangement: folded,
            ..Settings::default()
        });
        h.run();
        for _ in 0..4 {
            h.state_mut().apply(super::Command::Step);
            h.run();
        }
        assert!(!h.state().session.settings.text_boards);
        let open = h.state().view.lists.shown[0].expect("the open list is drawn");
        assert!(!open.boards && open.whole_rows >= 5, "{open:?}");
        let lane = h.state().session.lane(0);
        let first = lane.open_snapshot()[0];
        let AnyState::Puzzle(board) = lane.search().node(first).state else {
            panic!("a board");
        };
        h.get_by_label(&board.rows_text());

        let mut h = projector(Settings {
            puzzle: PuzzleSettings {
                board_text: "216408753".to_owned(),
                config: SearchConfig::with(Algorithm::BidirectionalBfs, HeuristicKind::Manhattan),
                ..PuzzleSettings::default()
            },
            exercise: true,
            arrangement: folded,
            ..Settings::default()
        });
        h.run();
        for _ in 0..4 {
            h.state_mut().apply(super::Command::Step);
            h.run();
        }
        // The counts above the lists are not written twice: the tables' headings carry them.
        h.get_by_label("Backward open list (generation order)");
        assert!(h.query_by_label_contains("Backward open:").is_none());
        assert!(
            h.query_by_label_contains("Forward open (the list below)")
                .is_none()
        );
    }
}
