//! The pseudocode of the running algorithm beside the run, with the line being executed
//! highlighted. With fine step on, Step advances one line of the latest expansion at a time
//! (pop, goal test, close, then one child generation per click), so the loop over the children
//! can be followed; the node panel and the open and closed lists show what has happened so far.

use egui::{Color32, RichText, Ui};

use super::model::command::Command;
use super::model::fine_step::{Role, current, lines};
use super::model::session::Session;
use super::model::text;
use super::widgets::setting_checkbox;

/// The colour of the line being run (and of what it did).
const HIGHLIGHT: Color32 = Color32::from_rgb(0xf2, 0xc1, 0x1d);

/// The pseudocode panel.
pub fn panel(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let Some(lane) = session.main_lane() else {
        return;
    };
    let t = text::t();
    let search = lane.search();
    let (role, detail) = current(search, session.fine());
    ui.horizontal_wrapped(|ui| {
        super::widgets::word(ui, RichText::new(t.pseudocode).strong().size(17.0));
        let fine = session.settings.fine_step;
        setting_checkbox(
            ui,
            fine,
            t.fine_step,
            t.fine_step_hint,
            Command::SetFineStep,
            commands,
        );
    });
    // What the highlighted line did, above the code so it never scrolls out of sight.
    if let Some(detail) = detail {
        ui.label(RichText::new(detail).strong().color(HIGHLIGHT));
    }
    // Scroll the highlighted line into view when it moves (not every frame, so the reader can
    // scroll away): at zoom 1.5 only the first lines fit, and the children's lines are below.
    let memory_id = ui.scope_id().with("pseudocode_shown_line");
    let position = (role, search.steps());
    let moved = ui.data(|d| d.get_temp::<(Role, usize)>(memory_id)) != Some(position);
    ui.data_mut(|d| d.insert_temp(memory_id, position));
    // Only the code scrolls: the heading and what the line did stay in sight.
    egui::ScrollArea::vertical()
        .id_salt("pseudocode_lines")
        .auto_shrink([false, false])
        .show(ui, |ui| code_lines(ui, search.config(), role, moved));
}

/// The algorithm's lines, `role`'s highlighted (and scrolled to when it has `moved`).
fn code_lines(ui: &mut Ui, config: &super::model::session::Config, role: Role, moved: bool) {
    for (number, (indent, line_role, line)) in lines(config).into_iter().enumerate() {
        let on = line_role == role;
        let text = format!("{:>2}  {}{line}", number + 1, "  ".repeat(indent));
        let mut rich = RichText::new(text).monospace();
        if on {
            rich = rich
                .color(Color32::BLACK)
                .background_color(HIGHLIGHT)
                .strong();
        }
        let response = ui.add(egui::Label::new(rich).wrap());
        if on && moved {
            response.scroll_to_me(Some(egui::Align::Center));
        }
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable;

    use super::*;
    use crate::app::model::fine_step::Role;
    use crate::app::puzzle::puzzle_model::PuzzleSettings;
    use crate::app::{Settings, test_harness};

    #[test]
    fn fine_step_walks_the_lines_of_one_expansion() {
        let mut h = test_harness(Settings {
            show_pseudocode: true,
            fine_step: true,
            ..Settings::default()
        });
        h.run();
        let highlighted = |h: &egui_kittest::Harness<'static, crate::app::App>| {
            let app = h.state();
            let search = app.session.lane(0).search();
            current(search, app.session.fine()).0
        };
        assert_eq!(highlighted(&h), Role::Init);
        let mut roles = Vec::new();
        // The start 283104765 has four children, all new: pop, goal test, close, 4 children.
        for _ in 0..7 {
            h.get_by_label("Fine step Space").click();
            h.run();
            roles.push(highlighted(&h));
            assert_eq!(h.state().session.lane(0).search().steps(), 1);
        }
        assert_eq!(
            roles,
            [
                Role::Pop,
                Role::GoalTest,
                Role::Close,
                Role::New,
                Role::New,
                Role::New,
                Role::New
            ]
        );
        // In the panel and in the status line.
        assert_eq!(h.query_all_by_label_contains("child 4 of 4").count(), 2);
        // The next click starts the second expansion.
        h.get_by_label("Fine step Space").click();
        h.run();
        assert_eq!(h.state().session.lane(0).search().steps(), 2);
        assert_eq!(highlighted(&h), Role::Pop);
    }

    /// Walks one whole expansion line by line, returning the highlighted role at each line;
    /// the search takes one step in all.
    fn walk_one_expansion(h: &mut egui_kittest::Harness<'static, crate::app::App>) -> Vec<Role> {
        let steps = h.state().session.lane(0).search().steps();
        let mut roles = Vec::new();
        loop {
            h.get_by_label("Fine step Space").click();
            h.run();
            let app = h.state();
            let search = app.session.lane(0).search();
            if search.steps() == steps + 2 {
                // The click after the last line starts the next expansion.
                return roles;
            }
            roles.push(current(search, app.session.fine()).0);
        }
    }

    #[test]
    fn ida_star_is_fine_stepped_with_its_bound_as_the_lines_reveal_it() {
        use crate::domains::puzzle::{HeuristicKind, SearchConfig};
        use crate::search::{Algorithm, Outcome};
        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                config: SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Misplaced),
                ..PuzzleSettings::default()
            },
            show_pseudocode: true,
            fine_step: true,
            ..Settings::default()
        });
        h.run();
        h.get_by_label_contains("else if f(m) = g + h > bound: prune m");
        // The start: pop, goal test, the current path, then one line per child.
        h.get_by_label("Fine step Space").click();
        h.run();
        let search = h.state().session.lane(0).search();
        assert_eq!(search.steps(), 1);
        let children = search.step_at(0).children.to_vec();
        let pruned = children
            .iter()
            .position(|c| c.outcome == Outcome::Pruned)
            .expect("misplaced tiles prunes a child of 283104765 under the bound 3");
        let f = search.node(children[pruned].node).f;
        h.get_by_label("Bound (f threshold): 3 · next bound: –");
        // In the panel and in the status line.
        assert_eq!(
            h.query_all_by_label_contains("popped node S0 (f = 3)")
                .count(),
            2
        );
        for _ in 0..2 + pruned {
            h.get_by_label("Fine step Space").click();
            h.run();
            h.get_by_label("Bound (f threshold): 3 · next bound: –");
        }
        // The line of the first pruned child remembers its f.
        h.get_by_label("Fine step Space").click();
        h.run();
        h.get_by_label(&format!("Bound (f threshold): 3 · next bound: {f}"));
        // What the line did, in the panel and in the status line.
        let app = h.state();
        let (role, detail) = current(app.session.lane(0).search(), app.session.fine());
        assert_eq!(role, Role::Pruned);
        let detail = detail.unwrap();
        let child = format!("-> S{} (g 1, h ", children[pruned].node.0);
        assert!(detail.contains(&child), "{detail}");
        assert!(detail.ends_with("pruned (f > bound 3)"), "{detail}");
        assert_eq!(app.session.status, detail);
        assert_eq!(h.state().session.lane(0).search().steps(), 1);
    }

    #[test]
    fn bidirectional_bfs_is_fine_stepped_down_to_its_stopping_rule() {
        use crate::domains::puzzle::{HeuristicKind, SearchConfig};
        use crate::search::Algorithm;
        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                config: SearchConfig::with(Algorithm::BidirectionalBfs, HeuristicKind::Zero),
                ..PuzzleSettings::default()
            },
            show_pseudocode: true,
            fine_step: true,
            ..Settings::default()
        });
        h.run();
        h.get_by_label_contains("open_b <- [goal]");
        h.get_by_label("Forward open (the list below): 1 node");
        let roles = walk_one_expansion(&mut h);
        // The start's four children are all new; the halves have not met.
        let mut expected = vec![Role::Pop, Role::Close];
        expected.extend([Role::New; 4]);
        expected.push(Role::GoalTest);
        assert_eq!(roles, expected);
        // The second step, the goal's half (the smaller open list), at its pop line.
        let side = "backward half: a new layer of the smaller open list (forward 4, backward 1";
        assert_eq!(h.query_all_by_label_contains(side).count(), 2);
        h.get_by_label("Backward open: 0 nodes");
        h.get_by_label("Forward open (the list below): 4 nodes");
    }

    #[test]
    fn lists_show_only_what_the_fine_steps_have_done() {
        let mut h = test_harness(Settings {
            show_pseudocode: true,
            fine_step: true,
            ..Settings::default()
        });
        h.run();
        h.get_by_label("Fine step Space").click();
        h.run();
        // Popped, not yet closed, no child yet: open is empty and closed too.
        assert_eq!(h.query_all_by_label("0 nodes").count(), 2);
        for _ in 0..3 {
            h.get_by_label("Fine step Space").click();
            h.run();
        }
        // Closed holds the start; one child has been generated.
        assert_eq!(h.query_all_by_label("1 node").count(), 2);
        // Stepping on to the end of the expansion shows all four.
        for _ in 0..3 {
            h.get_by_label("Fine step Space").click();
            h.run();
        }
        h.get_by_label("4 nodes");
    }

    #[test]
    fn hiding_the_pseudocode_shows_the_whole_expansion_again() {
        let mut h = test_harness(Settings {
            show_pseudocode: true,
            fine_step: true,
            ..Settings::default()
        });
        h.run();
        for _ in 0..4 {
            h.get_by_label("Fine step Space").click();
            h.run();
        }
        assert_eq!(h.query_all_by_label("1 node").count(), 2);
        h.state_mut().apply(Command::ShowPseudocode(false));
        h.run();
        h.get_by_label("4 nodes");
        h.get_by_label("Step Space");
    }

    #[test]
    fn the_highlighted_line_is_scrolled_into_view_in_a_small_window() {
        // 1280x800 at zoom 1.5, with the setup folded: room for about four lines of code.
        let settings = Settings {
            show_pseudocode: true,
            fine_step: true,
            arrangement: crate::app::model::arrangement::Arrangement {
                setup_folded: true,
                ..Default::default()
            },
            ..Settings::default()
        };
        let size = egui::vec2(1280.0, 800.0) / 1.5;
        let mut h = egui_kittest::Harness::builder()
            .with_size(size)
            .with_context_setup(crate::app::install_style)
            .build_ui_state(
                |ui, app: &mut crate::app::App| app.ui(ui),
                crate::app::App::new(settings),
            );
        h.run();
        for _ in 0..7 {
            h.get_by_label("Fine step").click();
            h.run();
        }
        h.run();
        let line = h.get_by_label_contains("if m is new");
        let rect = line.rect();
        assert!(
            rect.top() >= 0.0 && rect.bottom() <= size.y,
            "the highlighted line is at {rect:?}, outside the {size:?} window"
        );
    }
}
