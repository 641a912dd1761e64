//! The method editor: algorithm, heuristic, tie-break, weight, goal test and repeated states
//! (graph or tree search) of one search, shared by the single view's setup bar and the compare
//! view's lane cards. The heuristics are the problem's domain's, as its view offers them; the
//! repeated states those the algorithm supports.

use egui::{ComboBox, DragValue, RichText, Slider, Ui};

use super::model::domain::{AnyHeuristic, Config as SearchConfig};
use super::model::text::{self, engine};
use super::widgets::word;
use crate::search::{
    Algorithm, GoalTest, MAX_DEPTH_LIMIT, MAX_MEMORY_LIMIT, MIN_MEMORY_LIMIT, Repeats, TieBreak,
};

/// The algorithm, heuristic, tie-break, weight, goal-test and repeated-states widgets; returns
/// the config as edited. Shared by the single view's setup bar and the compare view's lane
/// cards (each lane in its own `push_id`, so the combo boxes do not share state). `compact`
/// (the lane cards) drops the visible field names, which the combo boxes keep as hover text and
/// accessible names, and puts the second-line options (tie-break, weight, goal test, repeated
/// states) on a row of their own. The repeated states' box names itself by its choices, and
/// keeps its name on hover everywhere.
pub fn edit_config(ui: &mut Ui, config: &SearchConfig, compact: bool) -> SearchConfig {
    let mut next = *config;
    let domain = config.heuristic.domain();
    let view = super::registry::view_of(domain);
    let named = if compact { Name::OnHover } else { Name::Shown };
    let combo = |ui: &mut Ui,
                 id: &str,
                 (title, name): (&str, Name),
                 selected: &str,
                 width: f32,
                 add: &mut dyn FnMut(&mut Ui)| {
        let label = (name == Name::Shown).then(|| word(ui, RichText::new(title).strong()));
        let response = ComboBox::from_id_salt(id)
            .selected_text(selected)
            .width(width)
            // Tall enough for every algorithm without a scroll bar.
            .height(480.0)
            .show_ui(ui, |ui| add(ui))
            .response;
        match label {
            Some(label) => {
                response.labelled_by(label.id);
            }
            None => {
                response.on_hover_text(title).widget_info(|| {
                    egui::WidgetInfo::labeled(egui::accesskit::Role::ComboBox, true, title)
                });
            }
        }
    };
    let (algorithm_width, heuristic_width, tie_width) = if compact {
        (125.0, 160.0, 240.0)
    } else {
        (170.0, 170.0, 260.0)
    };
    combo(
        ui,
        "algorithm",
        (text::t().algorithm, named),
        engine::algorithm(config.algorithm),
        algorithm_width,
        &mut |ui| {
            // Grouped by engine: best-first, depth-first, memory-bounded, bidirectional.
            let group = |a: Algorithm| {
                (
                    a.is_depth_first(),
                    a.is_memory_bounded(),
                    a.is_bidirectional(),
                )
            };
            for (i, algorithm) in Algorithm::EVERY.into_iter().enumerate() {
                let starts_group = i > 0 && group(algorithm) != group(Algorithm::EVERY[i - 1]);
                if starts_group {
                    ui.separator();
                }
                ui.selectable_value(&mut next.algorithm, algorithm, engine::algorithm(algorithm));
            }
        },
    );
    combo(
        ui,
        "heuristic",
        (text::t().heuristic, named),
        engine::heuristic(config.heuristic),
        heuristic_width,
        &mut |ui| {
            // A domain may offer some heuristics for some problems only (a pattern database
            // for its own board size).
            for &heuristic in AnyHeuristic::choices(domain) {
                if view.offers(heuristic) {
                    let name = engine::heuristic(heuristic);
                    ui.selectable_value(&mut next.heuristic, heuristic, name);
                }
            }
        },
    );
    view.heuristic_status(ui, config.heuristic);
    if compact {
        ui.end_row();
    }
    // BFS, the depth-first and the bidirectional searches have a fixed order among equal f.
    if config.algorithm.is_best_first() && config.algorithm != Algorithm::BreadthFirst {
        combo(
            ui,
            "tie_break",
            (text::t().tie_break, named),
            engine::tie_break(config.tie_break),
            tie_width,
            &mut |ui| {
                for tie in TieBreak::ALL {
                    ui.selectable_value(&mut next.tie_break, tie, engine::tie_break(tie));
                }
            },
        );
    }
    if config.algorithm == Algorithm::WeightedAStar {
        if compact {
            // A slider does not wrap in a wrapped row: give it a row of its own in a card.
            ui.end_row();
        }
        ui.add(
            Slider::new(&mut next.weight, 1.0..=5.0)
                .step_by(0.1)
                .text(text::t().weight),
        );
    }
    if config.algorithm.uses_depth_limit() {
        let label = ui.label(text::t().depth_limit);
        ui.add(
            DragValue::new(&mut next.depth_limit)
                .range(0..=MAX_DEPTH_LIMIT)
                // One per pixel dragged, and one per arrow key (a smaller speed would make an
                // increment round back to the same whole depth).
                .speed(1.0),
        )
        .labelled_by(label.id)
        .on_hover_text(text::t().depth_limit_hint);
    }
    if config.algorithm == Algorithm::SmaStar {
        let label = ui.label(text::t().memory_limit);
        ui.add(
            DragValue::new(&mut next.memory_limit)
                .range(MIN_MEMORY_LIMIT..=MAX_MEMORY_LIMIT)
                .speed(1.0),
        )
        .labelled_by(label.id)
        .on_hover_text(text::t().memory_limit_hint);
    }
    if config.algorithm == Algorithm::BreadthFirst {
        let mut on_generation = config.goal_test == GoalTest::OnGeneration;
        if ui
            .checkbox(&mut on_generation, text::t().goal_test_on_generation)
            .on_hover_text(text::t().goal_test_hint)
            .changed()
        {
            next.goal_test = if on_generation {
                GoalTest::OnGeneration
            } else {
                GoalTest::OnExpansion
            };
        }
    }
    // Its choices name themselves (graph search, tree search): its name is on hover, as in a
    // lane card, so the setup bar keeps its rows at 1280x800.
    combo(
        ui,
        "repeats",
        (text::t().repeats, Name::OnHover),
        engine::repeats(config.repeats),
        120.0,
        &mut |ui| {
            for repeats in Repeats::ALL {
                if config.algorithm.supports_repeats(repeats) {
                    ui.selectable_value(&mut next.repeats, repeats, engine::repeats(repeats))
                        .on_hover_text(repeats_hint(repeats));
                }
            }
            if config.algorithm.is_bidirectional() {
                // Say why the tree searches are missing rather than leave a one-entry menu.
                ui.label(
                    RichText::new(text::t().repeats_bidirectional_hint)
                        .color(ui.visuals().weak_text_color()),
                );
            }
        },
    );
    // Leaving BFS drops the goal test at generation, and choosing an algorithm that cannot
    // search as a tree goes back to graph search: the session does that (`SetConfig`).
    next
}

/// Where a combo box's name is: beside it, or on hover (and as its accessible name).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Name {
    Shown,
    OnHover,
}

/// What a treatment of repeated states does, in a sentence (AIMA's words).
fn repeats_hint(repeats: Repeats) -> &'static str {
    match repeats {
        Repeats::Graph => text::t().repeats_graph_hint,
        Repeats::Tree => text::t().repeats_tree_hint,
        Repeats::PathCheck => text::t().repeats_path_hint,
    }
}

#[cfg(test)]
mod tests {
    use egui::accesskit::Role;
    use egui_kittest::kittest::Queryable;

    use crate::app::model::text::{self, engine};
    use crate::app::{Command, Settings, test_harness};
    use crate::search::{Algorithm, Repeats, SearchConfig};

    /// Tree search picked in the window runs as tree search, and the open list counts the
    /// states it generates again and marks their rows; a bidirectional search offers graph
    /// search only, and choosing one goes back to it.
    #[test]
    fn tree_search_is_picked_in_the_window_and_its_repeats_shown() {
        let mut h = test_harness(Settings::default());
        h.run();
        let choose = |h: &mut egui_kittest::Harness<'static, crate::app::App>, combo, item| {
            h.get_by_role_and_label(Role::ComboBox, combo).click();
            h.run();
            h.get_by_label(item).click();
            h.run();
        };
        choose(&mut h, text::t().repeats, engine::repeats(Repeats::Tree));
        assert_eq!(
            h.state().session.lane(0).search().config().repeats,
            Repeats::Tree
        );
        // A* on 283104765: the second expansion generates the start's state again.
        for _ in 0..2 {
            h.get_by_label("Step Space").click();
            h.run();
        }
        let search = h.state().session.lane(0).search();
        let repeated = search.stats().repeated;
        assert!(repeated > 0, "{:?}", search.stats());
        h.get_by_label_contains(&text::repeat_count(repeated));
        let marked = h.query_all_by_label_contains("↺").count();
        assert!(marked > 0 && marked <= repeated as usize, "{marked} marked");

        choose(
            &mut h,
            text::t().algorithm,
            engine::algorithm(Algorithm::BidirectionalBfs),
        );
        let config = *h.state().session.lane(0).search().config();
        assert_eq!(
            (config.algorithm, config.repeats),
            (Algorithm::BidirectionalBfs, Repeats::Graph)
        );
        assert!(h.state().session.problem.is_ok());
        h.get_by_role_and_label(Role::ComboBox, text::t().repeats)
            .click();
        h.run();
        h.get_by_label(engine::repeats(Repeats::Graph));
        for tree in [Repeats::Tree, Repeats::PathCheck] {
            assert!(h.query_by_label(engine::repeats(tree)).is_none(), "{tree}");
        }
        h.get_by_label(text::t().repeats_bidirectional_hint);
    }

    #[test]
    fn a_weight_no_slider_gives_does_not_restart_the_run_every_frame() {
        let mut h = test_harness(Settings::default());
        h.run();
        let config = SearchConfig {
            weight: f64::NAN,
            ..SearchConfig::default()
        };
        h.state_mut().apply(Command::SetConfig(config));
        h.run();
        h.state_mut().apply(Command::Step);
        h.run();
        assert_eq!(h.state().session.steps(), 1);
        assert_eq!(h.state().session.settings.puzzle.config.weight, 2.0);
    }
}
