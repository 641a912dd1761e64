//! The game-tree workspace in a headless window: a teacher types the exam's tree, steps
//! alpha-beta to the end, and the window names the cut with its α or β; at the projector's
//! size nothing overlaps. The slow test rewrites the docs' game screenshots.

use egui_kittest::kittest::Queryable;

use crate::app::game::game_model::{GameCommand, GameLaneSettings, GameSettings, GameSource};
use crate::app::layout_tests::{save_render, widgets};
use crate::app::{App, Command, Language, Settings};
use crate::search::game::{ChildOrder, GameAlgorithm};

const PROJECTOR: egui::Vec2 = egui::vec2(1280.0 / 1.5, 800.0 / 1.5);

fn window(settings: Settings, size: egui::Vec2) -> egui_kittest::Harness<'static, App> {
    let mut h = crate::app::sized_harness_with_system_fonts(settings, size, 1.5);
    h.run_steps(3);
    h
}

fn games(game: GameSettings, language: Language) -> Settings {
    Settings {
        games: true,
        game,
        language,
        ..Settings::default()
    }
}

fn apply(h: &mut egui_kittest::Harness<'static, App>, command: Command) {
    h.state_mut().apply(command);
    h.run_steps(2);
}

/// Visible widgets that overlap each other or leave the window.
fn overlaps(h: &egui_kittest::Harness<'static, App>, size: egui::Vec2) -> Vec<String> {
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size).expand(0.5);
    let all = widgets(h);
    let mut found = Vec::new();
    for (i, a) in all.iter().enumerate() {
        if !window.contains_rect(a.rect) {
            found.push(format!("{:?} leaves the window", a.text));
        }
        for b in &all[i + 1..] {
            if a.rect
                .shrink(1.0)
                .intersect(b.rect.shrink(1.0))
                .is_positive()
            {
                found.push(format!("{:?} overlaps {:?}", a.text, b.text));
            }
        }
    }
    found
}

#[test]
fn the_exams_tree_typed_and_stepped_shows_its_alpha_cut() {
    let mut h = window(games(GameSettings::default(), Language::English), PROJECTOR);
    apply(
        &mut h,
        Command::Game(GameCommand::SetTreeText(
            "((3 12 8) (2 4 6) (14 5 2))".to_owned(),
        )),
    );
    assert!(h.state().games.session.game.is_ok());
    for _ in 0..40 {
        apply(&mut h, Command::Step);
    }
    let lane = &h.state().games.session.lanes[0];
    assert!(!lane.status().is_running());
    // The side panel names the cut as the answer key does.
    let cut = "α cut at C: 2 ≤ α = 3 (A); 2 leaves cut off";
    assert!(h.query_by_label(cut).is_some(), "no label {cut:?}");
    let found = overlaps(&h, PROJECTOR);
    assert!(found.is_empty(), "{}", found.join("\n"));
    // The settings remember what was typed.
    assert_eq!(
        h.state().session.settings.game.tree_text,
        "((3 12 8) (2 4 6) (14 5 2))"
    );
}

#[test]
fn a_new_order_before_the_first_step_redraws_the_tree() {
    let mut h = window(games(GameSettings::default(), Language::English), PROJECTOR);
    let first = |h: &egui_kittest::Harness<'static, App>| {
        let picture = &h.state().games.pictures[0].2;
        let b = picture.nodes.iter().find(|n| n.label == "B").unwrap();
        picture.layout.x[b.id.index()]
    };
    let given = first(&h);
    apply(
        &mut h,
        Command::Game(GameCommand::SetLane(
            0,
            GameLaneSettings {
                algorithm: GameAlgorithm::AlphaBeta,
                order: ChildOrder::WorstFirst,
            },
        )),
    );
    // Worst first puts B (3, MAX's best) last: the same step and node count, another tree.
    assert!(first(&h) > given, "B stayed where it was");
}

#[test]
fn a_tree_that_does_not_parse_keeps_its_text_and_says_where() {
    let mut h = window(games(GameSettings::default(), Language::English), PROJECTOR);
    apply(
        &mut h,
        Command::Game(GameCommand::SetTreeText("((3 12 8) (2 4".to_owned())),
    );
    let message = "character 11: a list is not closed (a ')' is missing)";
    assert!(h.query_by_label(message).is_some(), "no {message:?}");
    assert_eq!(h.state().games.session.settings.tree_text, "((3 12 8) (2 4");
    assert!(h.state().games.session.lanes.is_empty());
}

#[test]
fn chinese_names_the_cut_alpha_jianzhi() {
    let mut h = window(games(GameSettings::default(), Language::Chinese), PROJECTOR);
    apply(&mut h, Command::RunToEnd);
    for _ in 0..5 {
        h.run_steps(2);
    }
    assert!(!h.state().games.session.lanes[0].status().is_running());
    assert!(
        h.query_by_label_contains("α剪枝（C 处）：2\u{a0}≤\u{a0}α\u{a0}=\u{a0}3（A）")
            .is_some(),
        "no Chinese cut sentence"
    );
}

/// The compare view at the projector's size with four lanes: nothing overlaps.
#[test]
fn four_lanes_fit_the_projector() {
    let mut game = GameSettings {
        compare: true,
        ..GameSettings::default()
    };
    game.lanes = vec![
        GameLaneSettings {
            algorithm: GameAlgorithm::Minimax,
            order: ChildOrder::AsGiven,
        },
        GameLaneSettings {
            algorithm: GameAlgorithm::AlphaBeta,
            order: ChildOrder::AsGiven,
        },
        GameLaneSettings {
            algorithm: GameAlgorithm::AlphaBeta,
            order: ChildOrder::BestFirst,
        },
        GameLaneSettings {
            algorithm: GameAlgorithm::AlphaBeta,
            order: ChildOrder::WorstFirst,
        },
    ];
    let mut h = window(games(game, Language::English), PROJECTOR);
    for _ in 0..12 {
        apply(&mut h, Command::Step);
    }
    let found = overlaps(&h, PROJECTOR);
    assert!(found.is_empty(), "{}", found.join("\n"));
    assert_eq!(h.state().games.session.shown().len(), 4);
}

/// From 1024x768 at zoom 1.0 to 1920x1080 at zoom 2.0 (960x540 points), and the projector:
/// each source in the single view and in compare, stepped into its search, overlaps nothing.
#[test]
fn the_workspace_holds_from_the_smallest_window_to_the_largest_zoom() {
    let sizes = [
        egui::vec2(1024.0, 768.0),
        egui::vec2(960.0, 540.0),
        PROJECTOR,
    ];
    for size in sizes {
        for source in GameSource::ALL {
            for compare in [false, true] {
                let game = GameSettings {
                    source,
                    compare,
                    ..GameSettings::default()
                };
                let mut h = window(games(game, Language::Chinese), size);
                for _ in 0..6 {
                    apply(&mut h, Command::Step);
                }
                let found = overlaps(&h, size);
                assert!(
                    found.is_empty(),
                    "{size:?} {source:?} compare {compare}:\n{}",
                    found.join("\n")
                );
            }
        }
    }
}

/// Saves what the window draws when `SEARCHLAB_SEEN_SHOTS` names a folder, to look at.
fn look(h: &mut egui_kittest::Harness<'static, App>, name: &str) {
    if let Some(folder) = std::env::var_os("SEARCHLAB_SEEN_SHOTS") {
        h.event(egui::Event::PointerGone);
        h.run_steps(2);
        save_render(
            h,
            &std::path::Path::new(&folder).join(format!("{name}.png")),
        );
    }
}

/// Rewrites the game screenshots in docs/ at the projector's size.
#[test]
#[ignore = "slow: rewrites docs/screenshot-game-*.png"]
fn slow_game_screenshots() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let shoot = |h: &mut egui_kittest::Harness<'static, App>, name: &str| {
        h.event(egui::Event::PointerGone);
        h.run_steps(2);
        save_render(h, &docs.join(format!("{name}.png")));
    };
    let preset = |i: usize| GameSettings {
        tree_text: crate::domains::game::TREE_PRESETS[i].text.to_owned(),
        ..GameSettings::default()
    };
    // Figure 5.2, alpha-beta at its cut.
    let mut h = window(games(preset(0), Language::English), PROJECTOR);
    for _ in 0..12 {
        apply(&mut h, Command::Step);
    }
    shoot(&mut h, "screenshot-game-cut");
    let mut h = window(games(preset(1), Language::Chinese), PROJECTOR);
    apply(&mut h, Command::RunToEnd);
    h.run_steps(4);
    shoot(&mut h, "screenshot-game-zh");
    let compare = GameSettings {
        compare: true,
        ..preset(1)
    };
    let mut h = window(games(compare, Language::English), PROJECTOR);
    apply(&mut h, Command::Game(GameCommand::AddLane));
    apply(&mut h, Command::Game(GameCommand::AddLane));
    apply(&mut h, Command::RunToEnd);
    h.run_steps(4);
    shoot(&mut h, "screenshot-game-compare");
    let ttt = GameSettings {
        source: GameSource::TicTacToe,
        ..GameSettings::default()
    };
    let mut h = window(games(ttt, Language::English), PROJECTOR);
    for _ in 0..9 {
        apply(&mut h, Command::Step);
    }
    shoot(&mut h, "screenshot-game-tictactoe");
}

#[test]
fn quick_look() {
    let mut h = window(
        games(GameSettings::default(), Language::English),
        egui::vec2(1024.0, 768.0),
    );
    for _ in 0..12 {
        apply(&mut h, Command::Step);
    }
    look(&mut h, "game-cut");
    apply(&mut h, Command::Game(GameCommand::SetFineStep(true)));
    apply(&mut h, Command::Step);
    apply(&mut h, Command::Step);
    look(&mut h, "game-fine");
}

#[test]
fn the_marked_tree_exports_for_the_handout() {
    use crate::app::model::file_action::FileAction;
    let mut h = window(games(GameSettings::default(), Language::Chinese), PROJECTOR);
    apply(&mut h, Command::RunToEnd);
    h.run_steps(4);
    let workspace = &h.state().games;
    let svg = String::from_utf8(workspace.export(FileAction::TreeSvg).unwrap()).unwrap();
    assert!(
        svg.contains("α剪枝"),
        "the handout names the cut in Chinese"
    );
    let table = String::from_utf8(workspace.export(FileAction::TableMarkdown).unwrap()).unwrap();
    assert!(table.contains("α剪枝"));
    let png = workspace.export(FileAction::TreePng).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    assert!(workspace.export(FileAction::TreeDot).is_err());
}
