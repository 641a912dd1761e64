//! The window's layout at the sizes a classroom uses: from the accessibility tree, no two
//! visible widgets overlap, and every main control lies inside the window. Runs the single
//! view, the compare view with four lanes, the pseudocode, exercise mode and weighted A*'s
//! setup at 1024x768 zoom 1.0, 1280x800 zoom 1.0 and 1.5 and 1920x1080 zoom 2.0, with image
//! snapshots of the single and compare views at each size; no text is cut at the side of the
//! area that shows it (a table column half scrolled out of its pane).

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::{Harness, SnapshotResults};

use super::grid::grid_model::GridSettings;
use super::model::arrangement::{Arrangement, Focus, Pane};
use super::model::command::Command;
use super::model::domain::DomainKind;
use super::model::session::Settings;
use super::puzzle::puzzle_model::PuzzleSettings;
use super::{App, install_style};
use crate::app::graph::graph_model::GraphSettings;
use crate::domains::puzzle::{HeuristicKind, SearchConfig};
use crate::search::Algorithm;

/// Widgets a user reads or clicks; containers (panels, scroll areas, tables) are left out.
const LEAF_ROLES: [Role; 9] = [
    Role::Label,
    Role::Button,
    Role::CheckBox,
    Role::TextInput,
    Role::MultilineTextInput,
    Role::ComboBox,
    Role::Slider,
    Role::SpinButton,
    Role::RadioButton,
];

/// A visible widget: its text, its rectangle in points as clipped, and its whole rectangle.
#[derive(Debug)]
pub(super) struct Widget {
    pub text: String,
    pub rect: egui::Rect,
    pub whole: egui::Rect,
}

pub(super) fn harness(settings: Settings, size: egui::Vec2) -> Harness<'static, App> {
    Harness::builder()
        .with_size(size)
        .with_max_steps(200)
        .with_context_setup(install_style)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(settings))
}

/// The visible widgets with their rectangles in points, clipped as egui clips them (a table
/// row half scrolled out of view is only its visible half).
pub(super) fn widgets(h: &Harness<'static, App>) -> Vec<Widget> {
    let ppp = h.ctx.pixels_per_point();
    h.query_all_by(|node| LEAF_ROLES.contains(&node.role()))
        .filter_map(|node| {
            let node = node.accesskit_node();
            let b = node.bounding_box()?;
            let text = node
                .value()
                .or_else(|| node.label())
                .unwrap_or_default()
                .to_string();
            let bounds = egui::Rect::from_min_max(
                egui::pos2(b.x0 as f32, b.y0 as f32),
                egui::pos2(b.x1 as f32, b.y1 as f32),
            ) / ppp;
            // SAFETY: not about memory; the value is an egui Id's own hash, read back from the
            // accessibility node egui made from it.
            let id = unsafe { egui::Id::from_high_entropy_bits(node.locate().0.0) };
            let response = h.ctx.read_response(id);
            let rect = response
                .as_ref()
                .map_or(bounds, |r| r.interact_rect.intersect(bounds));
            let whole = response.map_or(bounds, |r| r.rect);
            (rect.width() > 0.5 && rect.height() > 0.5).then_some(Widget { text, rect, whole })
        })
        .collect()
}

/// Overlaps of more than a pixel each way between widgets inside the window, and main
/// controls that are missing or not wholly inside it.
pub(super) fn problems(h: &Harness<'static, App>, window: egui::Rect) -> Vec<String> {
    let all = widgets(h);
    let inside: Vec<&Widget> = all
        .iter()
        .filter(|w| window.contains_rect(w.rect))
        .collect();
    let mut found = Vec::new();
    for (i, a) in inside.iter().enumerate() {
        for b in &inside[i + 1..] {
            let overlap = a.rect.shrink(1.0).intersect(b.rect.shrink(1.0));
            if overlap.is_positive() {
                found.push(format!("{:?} overlaps {:?}", a, b));
            }
        }
    }
    // Text in the open and closed lists cut at its left or right: a column scrolled half out
    // of its table's pane, "(5" for "(5, 3)". (Rows half scrolled out at the top or bottom of
    // a list are fine. The compare view's lanes scroll sideways by design.)
    let panes = &h.state().view.pane_rects;
    if let Some(&(_, pane)) = panes.iter().find(|(pane, _)| *pane == Pane::Lists) {
        for w in all.iter().filter(|w| pane.contains(w.rect.center())) {
            let cut = (w.whole.width() - w.rect.width()).max(0.0);
            if cut > 1.0 && !w.text.is_empty() {
                found.push(format!("{:?} is cut {cut:.0} points at its side", w.text));
            }
        }
    }
    let settings = &h.state().session.settings;
    let mut main = vec!["Step", "Step back", "Run to end", "Reset", "Timeline"];
    main.push(if h.state().session.mode == super::RunMode::Playing {
        "Pause"
    } else {
        "Play"
    });
    // Folded or presenting, the setup rows are one line or none, by the teacher's choice.
    let setup_shown = !settings.arrangement.setup_folded && h.state().view.maximized.is_none();
    if setup_shown && !settings.compare {
        main.extend(["Algorithm", "Heuristic"]);
    }
    if setup_shown {
        // The puzzle's board field, or the map's tools.
        main.push(match settings.domain {
            DomainKind::Puzzle => "Board",
            DomainKind::Grid if settings.compare => "Problem",
            DomainKind::Grid => "Map",
            DomainKind::Graph if settings.compare => "Problem",
            DomainKind::Graph => "Graph",
        });
    }
    for name in main {
        let matching: Vec<&Widget> = all
            .iter()
            .filter(|w| w.text == name || w.text.starts_with(&format!("{name} ")))
            .collect();
        if matching.is_empty() {
            found.push(format!("{name}: not on screen"));
        } else if !matching.iter().any(|w| window.contains_rect(w.rect)) {
            found.push(format!(
                "{name}: outside the window at {:?}",
                matching[0].rect
            ));
        }
    }
    found
}

/// The views a lesson uses, each after a few steps so the lists are full, and the pane it
/// maximises, if any.
fn views() -> Vec<(&'static str, Settings, Option<Pane>)> {
    let weighted = SearchConfig {
        weight: 2.5,
        ..SearchConfig::with(Algorithm::WeightedAStar, HeuristicKind::Manhattan)
    };
    vec![
        ("single", Settings::default()),
        (
            "compare",
            Settings {
                compare: true,
                ..Settings::default()
            },
        ),
        (
            "pseudocode",
            Settings {
                show_pseudocode: true,
                ..Settings::default()
            },
        ),
        (
            "tree",
            Settings {
                show_tree: true,
                ..Settings::default()
            },
        ),
        (
            "exercise",
            Settings {
                exercise: true,
                ..Settings::default()
            },
        ),
        (
            "weighted",
            Settings {
                puzzle: PuzzleSettings {
                    config: weighted,
                    ..PuzzleSettings::default()
                },
                ..Settings::default()
            },
        ),
        (
            "breakpoints",
            Settings {
                show_breakpoints: true,
                ..Settings::default()
            },
        ),
        (
            "idastar",
            Settings {
                puzzle: PuzzleSettings {
                    config: SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Misplaced),
                    ..PuzzleSettings::default()
                },
                show_pseudocode: true,
                ..Settings::default()
            },
        ),
        (
            "bidirectional",
            Settings {
                puzzle: PuzzleSettings {
                    config: SearchConfig::with(
                        Algorithm::BidirectionalBfs,
                        HeuristicKind::Manhattan,
                    ),
                    ..PuzzleSettings::default()
                },
                ..Settings::default()
            },
        ),
        (
            "grid",
            Settings {
                domain: DomainKind::Grid,
                ..Settings::default()
            },
        ),
        // A small map with weighted cells: costs with decimals, as a lesson on maps shows.
        (
            "grid_small",
            Settings {
                domain: DomainKind::Grid,
                grid: GridSettings {
                    grid: crate::domains::grid::Grid::from_text(SMALL_MAP).unwrap(),
                    ..GridSettings::default()
                },
                ..Settings::default()
            },
        ),
        (
            "grid_compare",
            Settings {
                domain: DomainKind::Grid,
                compare: true,
                ..Settings::default()
            },
        ),
        (
            "graph",
            Settings {
                domain: DomainKind::Graph,
                ..Settings::default()
            },
        ),
        (
            "graph_compare",
            Settings {
                domain: DomainKind::Graph,
                compare: true,
                ..Settings::default()
            },
        ),
        (
            "graph_overlay",
            Settings {
                domain: DomainKind::Graph,
                compare: true,
                graph: {
                    let mut graph = GraphSettings::default();
                    graph.overlay = true;
                    graph
                },
                ..Settings::default()
            },
        ),
        (
            "rearranged",
            Settings {
                arrangement: Arrangement {
                    board_right: true,
                    lists_stacked: true,
                    lists_below: true,
                    setup_folded: true,
                    ..Arrangement::default()
                },
                ..Settings::default()
            },
        ),
    ]
    .into_iter()
    .map(|(name, settings)| (name, settings, None))
    .chain([
        ("maximised_lists", Settings::default(), Some(Pane::Lists)),
        ("maximised_board", Settings::default(), Some(Pane::Problem)),
        ("maximised_plots", Settings::default(), Some(Pane::Plots)),
        ("maximised_tree", Settings::default(), Some(Pane::Tree)),
        (
            "maximised_compare",
            Settings {
                compare: true,
                ..Settings::default()
            },
            Some(Pane::Compare),
        ),
    ])
    .collect()
}

/// 12x8, a fifth of it walls, some cells of cost 5.
const SMALL_MAP: &str = "type octile\nheight 8\nwidth 12\nstart 0 3\ngoal 11 3\nconnectivity 8\n\
    corners forbidden\nmap\n..5@....@..5\n.5.....5@...\n.....@....5.\n..@.55...55.\n\
    .@@.........\n.@.@.@...@@.\n.....5...@.@\n........@...\n";

pub(super) const SIZES: [(f32, f32, f32); 4] = [
    (1024.0, 768.0, 1.0),
    (1280.0, 800.0, 1.0),
    (1280.0, 800.0, 1.5),
    (1920.0, 1080.0, 2.0),
];

fn check(
    (view, settings, maximized): (&str, Settings, Option<Pane>),
    (w, h_, zoom): (f32, f32, f32),
    snapshots: &mut SnapshotResults,
) -> Vec<String> {
    // egui's zoom is a uniform scale from points to pixels, so a window of w x h pixels at
    // this zoom lays out exactly like w/zoom x h/zoom points at zoom 1, which is what runs
    // here (the harness's own handling of a zoom changed between frames is not the window's).
    let points = egui::vec2(w, h_) / zoom;
    let mut h = harness(settings, points);
    h.run_steps(3);
    if maximized.is_some() {
        h.state_mut().apply(Command::Maximize(maximized));
    }
    for _ in 0..5 {
        h.state_mut().apply(Command::Step);
        h.run_steps(2);
    }
    h.state_mut().session.forget_times();
    h.run_steps(2);
    if matches!(
        view,
        "single"
            | "compare"
            | "rearranged"
            | "maximised_lists"
            | "grid"
            | "grid_small"
            | "grid_compare"
    ) {
        h.snapshot(format!("layout_{view}_{w}x{h_}_zoom{zoom}"));
        snapshots.extend_harness(&mut h);
    }
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, points).expand(0.5);
    problems(&h, window)
        .into_iter()
        .map(|p| format!("{view} at {w}x{h_} zoom {zoom}: {p}"))
        .collect()
}

#[test]
fn nothing_overlaps_and_the_controls_are_on_screen_at_classroom_sizes() {
    let mut all = Vec::new();
    let mut snapshots = SnapshotResults::default();
    for size in SIZES {
        for view in views() {
            all.extend(check(view, size, &mut snapshots));
        }
    }
    assert!(
        all.is_empty(),
        "{} layout problems:\n{}",
        all.len(),
        all.join("\n")
    );
    snapshots.unwrap();
}

/// The projector sizes (in points: 1280x800 at zoom 1.5 and 1920x1080 at zoom 2.0) and the
/// smallest supported window at zoom 1, where what a class can see is judged.
const SEEN_SIZES: [(f32, f32); 3] = [(1024.0, 768.0), (853.0, 533.0), (960.0, 540.0)];

/// A harness with the system fonts, so Chinese is drawn as it is on the projector.
fn seen_harness(settings: Settings, size: egui::Vec2) -> Harness<'static, App> {
    super::sized_harness_with_system_fonts(settings, size, 1.0)
}

/// The views a lesson shows, for the visibility checks: each with the steps taken first.
fn seen_views() -> Vec<(&'static str, Settings, usize)> {
    let folded = |settings: Settings| Settings {
        arrangement: Arrangement {
            setup_folded: true,
            ..settings.arrangement
        },
        ..settings
    };
    let bfs = Settings {
        puzzle: PuzzleSettings {
            config: SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero),
            ..PuzzleSettings::default()
        },
        ..Settings::default()
    };
    let fifteen = Settings {
        puzzle: PuzzleSettings {
            board_text: "1 2 0 3 5 6 8 4 9 10 7 11 13 14 15 12".to_owned(),
            goal_text: "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0".to_owned(),
            ..PuzzleSettings::default()
        },
        ..Settings::default()
    };
    let text_boards = Settings {
        text_boards: true,
        ..bfs.clone()
    };
    let exercise = Settings {
        exercise: true,
        ..Settings::default()
    };
    let map = Settings {
        domain: DomainKind::Grid,
        ..Settings::default()
    };
    let graph = Settings {
        domain: DomainKind::Graph,
        ..Settings::default()
    };
    let tree = Settings {
        show_tree: true,
        ..Settings::default()
    };
    let compare_lanes = |n: usize| {
        let mut lanes = super::puzzle::puzzle_model::default_lanes();
        lanes.truncate(n);
        Settings {
            puzzle: PuzzleSettings {
                lanes,
                ..PuzzleSettings::default()
            },
            compare: true,
            ..Settings::default()
        }
    };
    vec![
        ("single", Settings::default(), 3),
        ("single_folded", folded(Settings::default()), 3),
        ("fifteen", fifteen.clone(), 4),
        ("fifteen_folded", folded(fifteen.clone()), 4),
        (
            "presenting_fifteen",
            presenting(fifteen, Focus::ProblemAndLists),
            4,
        ),
        ("text_boards", text_boards.clone(), 12),
        ("text_boards_folded", folded(text_boards), 12),
        // Entering an exercise folds the setup (its banner stands above the lists).
        ("exercise", folded(exercise.clone()), 2),
        (
            "exercise_bidirectional",
            folded(Settings {
                puzzle: PuzzleSettings {
                    config: SearchConfig::with(Algorithm::BidirectionalBfs, HeuristicKind::Zero),
                    ..exercise.puzzle
                },
                ..exercise
            }),
            2,
        ),
        ("tree", tree.clone(), 4),
        ("tree_folded", folded(tree), 4),
        ("map", map.clone(), 12),
        ("map_folded", folded(map.clone()), 12),
        ("graph", graph.clone(), 4),
        ("graph_folded", folded(graph), 4),
        (
            "presenting_map",
            presenting(map, Focus::ProblemAndLists),
            12,
        ),
        ("single_bfs", bfs.clone(), 8),
        ("single_bfs_folded", folded(bfs.clone()), 8),
        (
            "pseudocode_fine",
            Settings {
                show_pseudocode: true,
                fine_step: true,
                ..bfs.clone()
            },
            6,
        ),
        (
            "idastar",
            Settings {
                puzzle: PuzzleSettings {
                    config: SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Misplaced),
                    ..PuzzleSettings::default()
                },
                ..Settings::default()
            },
            8,
        ),
        (
            "presenting_bfs",
            presenting(bfs.clone(), Focus::ProblemAndLists),
            8,
        ),
        (
            "presenting_pseudocode",
            presenting(bfs.clone(), Focus::PseudocodeAndLists),
            8,
        ),
        ("presenting_plots", presenting(bfs.clone(), Focus::Plots), 8),
        (
            "compare",
            Settings {
                compare: true,
                ..Settings::default()
            },
            8,
        ),
        ("compare_2", compare_lanes(2), 8),
        ("compare_3", compare_lanes(3), 8),
        ("compare_folded", folded(compare_lanes(4)), 8),
        (
            "compare_plots_presented",
            presenting(compare_lanes(4), Focus::Plots),
            30,
        ),
        (
            "presenting_compare",
            presenting(
                Settings {
                    compare: true,
                    ..Settings::default()
                },
                Focus::Compare,
            ),
            8,
        ),
        (
            "presenting_tree",
            presenting(Settings::default(), Focus::Tree),
            4,
        ),
        ("presenting_tree_bfs", presenting(bfs, Focus::Tree), 12),
    ]
}

/// `settings` in presentation mode, showing `focus`.
fn presenting(settings: Settings, focus: Focus) -> Settings {
    Settings {
        arrangement: Arrangement {
            presenting: true,
            focus,
            ..settings.arrangement
        },
        ..settings
    }
}

/// What a class cannot see in one view: lists with fewer whole rows than a lesson points at,
/// columns cut, plots too small to read.
fn unseen(h: &Harness<'static, App>, window: egui::Rect) -> Vec<String> {
    let mut found = Vec::new();
    let app = h.state();
    let arrangement = app.session.settings.arrangement;
    let folded = arrangement.setup_folded || arrangement.presenting;
    if let Some(open) = app.view.lists.shown[0] {
        let wanted = match (folded, open.boards) {
            (false, _) => 3,
            (true, true) => 5,
            (true, false) => 8,
        };
        if open.whole_rows < wanted.min(open.rows) {
            found.push(format!(
                "the open list shows {} whole rows of {} (wanted {wanted}, boards drawn: {})",
                open.whole_rows, open.rows, open.boards
            ));
        }
    }
    for (name, shown) in ["open", "closed"].iter().zip(app.view.lists.shown) {
        if shown.is_some_and(|s| s.columns_cut) {
            found.push(format!("the {name} list's columns are cut at its side"));
        }
    }
    let compare = &app.view.compare;
    let compare_pane = app.view.pane_rects.iter().any(|(p, _)| *p == Pane::Compare);
    if compare_pane {
        let cards = &compare.card_rects;
        if cards.len() != app.session.lanes.len() {
            found.push(format!(
                "{} lane cards drawn for {} lanes",
                cards.len(),
                app.session.lanes.len()
            ));
        }
        for (i, card) in cards.iter().enumerate() {
            if !window.contains_rect(*card) {
                found.push(format!(
                    "lane {} is not wholly in the window: {card:?}",
                    i + 1
                ));
            }
        }
        if compare.summary_clipped {
            found.push("the summary is cut".to_string());
        }
    }
    // The compare plots: each at least 40 % of its strip, and the strip a third of the window
    // where it stands under the cards (maximised or presented alone, it fills the window).
    if let Some(strip) = compare.plots_pane.filter(|_| app.session.settings.compare) {
        if compare.plot_rects.len() != 2 {
            found.push(format!("{} compare plots drawn", compare.plot_rects.len()));
        }
        for plot in &compare.plot_rects {
            if plot.height() < 0.4 * strip.height() {
                found.push(format!(
                    "a compare plot is {:.0} points high in a strip of {:.0}",
                    plot.height(),
                    strip.height()
                ));
            }
        }
        if compare_pane && strip.height() < window.height() / 3.0 - 1.0 {
            found.push(format!(
                "the compare plots get {:.0} of the window's {:.0} points",
                strip.height(),
                window.height()
            ));
        }
    } else if app.session.settings.compare
        && compare_pane
        && app.view.lower_hidden != Some(Pane::Plots)
    {
        found.push("the compare plots are neither shown nor offered".to_string());
    }
    // Every board's numbers as large as the text around them, and none under a badge.
    let body = h.ctx.global_style().text_styles[&egui::TextStyle::Body].size;
    // (The tree's boxes are judged by their labels, below: a box's board is a picture of the
    // state beside its name and g, h, f.)
    let digits = super::board_view::DigitsDrawn::read(&h.ctx);
    let tree_pane = app.view.pane_rects.iter().find(|(p, _)| *p == Pane::Tree);
    for (rect, size) in &digits.boards {
        let in_tree = tree_pane.is_some_and(|(_, pane)| pane.contains_rect(*rect));
        if *size < body - 0.01 && !in_tree && rect.is_positive() {
            found.push(format!(
                "a board's numbers at {rect:?} are {size:.1} points beside text of {body:.1}"
            ));
            break;
        }
    }
    if digits.covered > 0 {
        found.push(format!("{} tile numbers are under a badge", digits.covered));
    }
    let tree = &app.view.tree;
    let tree_nodes = app
        .session
        .main_lane()
        .map_or(0, |l| l.search().node_count());
    if app.view.pane_rects.iter().any(|(p, _)| *p == Pane::Tree)
        && tree_nodes <= 40
        && tree.label_points < 14.0
    {
        found.push(format!(
            "the tree's {tree_nodes} nodes are labelled at {:.1} points",
            tree.label_points
        ));
    }
    let plots_pane = app.view.pane_rects.iter().find(|(p, _)| *p == Pane::Plots);
    if let (Some(_), Some(&(_, plots))) = (app.plots_rect, plots_pane)
        && !app.session.settings.compare
        && app.view.maximized.is_none()
        && plots.height() < window.height() / 3.0
    {
        found.push(format!(
            "the plots get {:.0} of the window's {:.0} points",
            plots.height(),
            window.height()
        ));
    }
    found
}

#[test]
fn a_class_sees_whole_list_rows_columns_and_plots_at_projector_sizes_in_both_languages() {
    let mut all = Vec::new();
    for (w, h_) in SEEN_SIZES {
        for language in crate::i18n::Language::ALL {
            for (view, settings, steps) in seen_views() {
                let settings = Settings {
                    language,
                    ..settings
                };
                let size = egui::vec2(w, h_);
                let mut h = seen_harness(settings, size);
                h.run_steps(3);
                for _ in 0..steps {
                    h.state_mut().apply(Command::Step);
                    h.run_steps(1);
                }
                h.run_steps(3);
                if let Some(dir) = std::env::var_os("SEARCHLAB_SEEN_SHOTS") {
                    let name = format!("{view}_{w}x{h_}_{language:?}.png");
                    save_render(&mut h, &std::path::Path::new(&dir).join(name));
                }
                let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
                all.extend(
                    unseen(&h, window)
                        .into_iter()
                        .map(|p| format!("{view} at {w}x{h_}, {language:?}: {p}")),
                );
            }
        }
    }
    assert!(
        all.is_empty(),
        "{} things a class cannot see:\n{}",
        all.len(),
        all.join("\n")
    );
}

/// Writes what the harness draws to a PNG, to look at (`SEARCHLAB_SEEN_SHOTS=folder`).
pub(super) fn save_render(h: &mut Harness<'static, App>, path: &std::path::Path) {
    let image = h.render().expect("the harness renders");
    let file = std::io::BufWriter::new(std::fs::File::create(path).expect("a writable folder"));
    let mut encoder = png::Encoder::new(file, image.width(), image.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("a PNG header");
    writer
        .write_image_data(image.as_raw())
        .expect("the PNG's pixels");
}

/// Rewrites the projector screenshots in docs/: presentation mode at 1280x800 and zoom 1.5
/// (853x533 points drawn at 1.5 pixels a point), as a class sees it.
#[test]
#[ignore = "slow: rewrites the screenshots in docs/"]
fn slow_projector_screenshots_for_the_docs() {
    let bfs = Settings {
        puzzle: PuzzleSettings {
            config: SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero),
            ..PuzzleSettings::default()
        },
        ..Settings::default()
    };
    let compare = Settings {
        compare: true,
        ..Settings::default()
    };
    let shots = [
        (
            "projector-lists",
            presenting(bfs.clone(), Focus::ProblemAndLists),
            8,
        ),
        (
            "projector-lists-zh",
            presenting(
                Settings {
                    language: crate::i18n::Language::Chinese,
                    ..bfs.clone()
                },
                Focus::ProblemAndLists,
            ),
            8,
        ),
        ("projector-compare", presenting(compare, Focus::Compare), 30),
        (
            "projector-tree",
            presenting(Settings::default(), Focus::Tree),
            4,
        ),
        (
            "projector-pseudocode",
            presenting(bfs, Focus::PseudocodeAndLists),
            6,
        ),
    ];
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    for (name, settings, steps) in shots {
        let size = egui::vec2(1280.0, 800.0) / 1.5;
        let mut h = super::sized_harness_with_system_fonts(settings, size, 1.5);
        h.run_steps(3);
        for _ in 0..steps {
            h.state_mut().apply(Command::Step);
            h.run_steps(1);
        }
        h.state_mut().session.forget_times();
        h.run_steps(3);
        save_render(&mut h, &docs.join(format!("{name}.png")));
    }
}
