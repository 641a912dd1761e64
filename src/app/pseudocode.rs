//! The pseudocode of the running algorithm beside the run, with the line being executed
//! highlighted. With fine step on, Step advances one line of the latest expansion at a time
//! (pop, goal test, close, then one child generation per click), so the loop over the children
//! can be followed; the node panel and the open and closed lists show what has happened so far.

use egui::{Color32, RichText, Ui};

use super::command::Command;
use super::session::{FineStep, Session};
use super::text::{self, engine};
use crate::search::{Algorithm, GoalTest, Outcome, Search, SearchConfig, Status};

/// What a line of pseudocode does; the highlight follows these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Init,
    Loop,
    EmptyCheck,
    Pop,
    GoalTest,
    Close,
    ForChild,
    /// BFS with the goal test at generation.
    ChildGoal,
    New,
    Improved,
    Reopened,
    Ignored,
}

/// The lines for `config`: indentation, role and text in the current language.
pub fn lines(config: &SearchConfig) -> Vec<(usize, Role, String)> {
    let zh = text::language() == text::Language::Chinese;
    let bfs = config.algorithm == Algorithm::BreadthFirst;
    let pick = text::pick;
    let priority = engine::formula(config.algorithm);
    let mut lines = vec![
        (
            0,
            Role::Init,
            pick(
                "open <- [start];  closed <- {}",
                "open 表 <- [初始结点]；closed 表 <- {}",
            ),
        ),
        (0, Role::Loop, pick("loop:", "循环：")),
        (
            1,
            Role::EmptyCheck,
            pick(
                "if open is empty: return failure",
                "若 open 表为空：返回失败",
            ),
        ),
    ];
    if bfs {
        lines.push((
            1,
            Role::Pop,
            pick(
                "n <- remove the first node of open (FIFO)",
                "n <- 取出 open 表的第一个结点（先进先出）",
            ),
        ));
    } else {
        let tie = engine::tie_break(config.effective_tie_break());
        lines.push((
            1,
            Role::Pop,
            if zh {
                format!("n <- 取出 open 表中 f 最小的结点（{priority}；{tie}）")
            } else {
                format!("n <- remove the node with the smallest f from open ({priority}; {tie})")
            },
        ));
    }
    lines.push((
        1,
        Role::GoalTest,
        pick(
            "if n is the goal: return the path to n",
            "若 n 是目标：返回到 n 的路径",
        ),
    ));
    lines.push((
        1,
        Role::Close,
        pick("put n in closed", "把 n 放入 closed 表"),
    ));
    lines.push((
        1,
        Role::ForChild,
        pick(
            "for each child m of n (one per legal move):",
            "对 n 的每个子结点 m（每个合法移动一个）：",
        ),
    ));
    if bfs {
        if config.goal_test == GoalTest::OnGeneration {
            lines.push((
                2,
                Role::ChildGoal,
                pick(
                    "if m is the goal: return the path to m",
                    "若 m 是目标：返回到 m 的路径",
                ),
            ));
        }
        lines.push((
            2,
            Role::New,
            pick(
                "if m is in neither open nor closed: append m to open",
                "若 m 既不在 open 表也不在 closed 表：把 m 加到 open 表末尾",
            ),
        ));
        lines.push((
            2,
            Role::Ignored,
            pick("else: ignore m (seen before)", "否则：忽略 m（已见过）"),
        ));
    } else {
        lines.push((
            2,
            Role::New,
            pick(
                "if m is new: put m in open with its f",
                "若 m 是新结点：计算 f，放入 open 表",
            ),
        ));
        lines.push((
            2,
            Role::Improved,
            pick(
                "else if m is in open with a larger g: lower its g, re-parent it to n",
                "否则若 m 在 open 表中且 g 更大：降低其 g，父结点改为 n",
            ),
        ));
        lines.push((
            2,
            Role::Reopened,
            pick(
                "else if m is in closed with a larger g: move it back to open (reopen)",
                "否则若 m 在 closed 表中且 g 更大：移回 open 表（重新打开）",
            ),
        ));
        lines.push((
            2,
            Role::Ignored,
            pick(
                "else: ignore m (no shorter path to it)",
                "否则：忽略 m（没有更短的路径）",
            ),
        ));
    }
    lines
}

/// The role of the line being executed, and a sentence about it.
pub fn current(search: &dyn Search, fine: Option<FineStep>) -> (Role, Option<String>) {
    let steps = search.steps();
    let config = search.config();
    if steps == 0 {
        return (Role::Init, None);
    }
    let view = search.step_at(steps - 1);
    let n = view.expanded.0;
    let node = search.node(view.expanded);
    let phase = match fine {
        Some(fine) if fine.step == steps => fine.phase,
        _ => usize::MAX,
    };
    let goal_at_expansion = view.goal_found && view.children.is_empty();
    match phase {
        0 => (Role::Pop, Some(text::pseudo_popped(n, node.f))),
        1 => (
            Role::GoalTest,
            Some(text::pseudo_goal_test(n, goal_at_expansion)),
        ),
        2 => (Role::Close, Some(text::pseudo_closed(n))),
        p if p < 3 + view.children.len() => {
            let child = view.children[p - 3];
            let m = search.node(child.node);
            let role = match child.outcome {
                Outcome::New => Role::New,
                Outcome::InOpen | Outcome::InClosed => Role::Ignored,
                Outcome::Improved { .. } => Role::Improved,
                Outcome::Reopened { .. } => Role::Reopened,
            };
            let is_goal = m.board == search.problem().goal();
            let role = if is_goal
                && config.goal_test == GoalTest::OnGeneration
                && child.outcome == Outcome::New
            {
                Role::ChildGoal
            } else {
                role
            };
            let detail = text::pseudo_child(
                p - 2,
                view.children.len(),
                &text::move_words(m.action.expect("a child has a move")),
                child.node.0,
                m.f,
                &text::outcome(child.outcome),
            );
            (role, Some(detail))
        }
        _ => match search.status() {
            Status::Solved { .. } if goal_at_expansion => (Role::GoalTest, None),
            Status::Solved { .. } => (Role::ChildGoal, None),
            Status::Exhausted => (Role::EmptyCheck, None),
            _ => (Role::Pop, Some(text::pseudo_next())),
        },
    }
}

/// The pseudocode panel.
pub fn panel(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let Some(lane) = session.main_lane() else {
        return;
    };
    let t = text::t();
    let search = lane.search();
    let (role, detail) = current(search, session.fine());
    let highlight = Color32::from_rgb(0xf2, 0xc1, 0x1d);
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(t.pseudocode).strong().size(17.0));
        let mut fine = session.settings.fine_step;
        if ui
            .checkbox(&mut fine, t.fine_step)
            .on_hover_text(t.fine_step_hint)
            .changed()
        {
            commands.push(Command::SetFineStep(fine));
        }
    });
    // What the highlighted line did, above the code so it never scrolls out of sight.
    if let Some(detail) = detail {
        ui.label(RichText::new(detail).strong().color(highlight));
    }
    for (number, (indent, line_role, line)) in lines(search.config()).into_iter().enumerate() {
        let on = line_role == role;
        let text = format!("{:>2}  {}{line}", number + 1, "  ".repeat(indent));
        let mut rich = RichText::new(text).monospace();
        if on {
            rich = rich
                .color(Color32::BLACK)
                .background_color(highlight)
                .strong();
        }
        ui.add(egui::Label::new(rich).wrap());
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable;

    use super::*;
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
    fn every_algorithm_has_its_lines() {
        for algorithm in Algorithm::ALL {
            let config = SearchConfig::with(algorithm, Default::default());
            let lines = lines(&config);
            for role in [
                Role::Init,
                Role::Pop,
                Role::GoalTest,
                Role::Close,
                Role::New,
            ] {
                assert!(
                    lines.iter().any(|(_, r, _)| *r == role),
                    "{algorithm:?} {role:?}"
                );
            }
            let has_reopen = lines.iter().any(|(_, r, _)| *r == Role::Reopened);
            assert_eq!(has_reopen, algorithm != Algorithm::BreadthFirst);
        }
    }
}
