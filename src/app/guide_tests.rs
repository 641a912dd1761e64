//! The teaching guide's lessons given where the class sits: at 1280x800 and zoom 1.5 (853x533
//! points), in English and in Chinese, each step of docs/teaching-guide.md taken as written,
//! then what that step tells the class to look at must be whole on screen, with the numbers
//! the guide names. An ignored test writes the guide's screenshots from the same walk.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::layout_tests::{save_render, widgets};
use super::model::arrangement::Pane;
use super::model::command::Command;
use super::model::text;
use super::puzzle::puzzle_model::PuzzleEdit;
use super::puzzle::puzzle_model::PuzzleSettings;
use super::{App, Settings};
use crate::domains::puzzle::{HeuristicKind, SearchConfig};
use crate::i18n::Language;
use crate::search::{Algorithm, Status};

/// 1280x800 at zoom 1.5, in points.
const PROJECTOR: egui::Vec2 = egui::vec2(1280.0 / 1.5, 800.0 / 1.5);

/// Where a walk writes its pictures: the folder `SEARCHLAB_GUIDE_SHOTS` names (to look at),
/// or docs/guide for the ignored test that retakes the guide's screenshots.
fn shots_folder() -> Option<std::path::PathBuf> {
    std::env::var_os("SEARCHLAB_GUIDE_SHOTS").map(Into::into)
}

/// What one walk found wrong, and where its pictures go.
struct Walk {
    h: Harness<'static, App>,
    lesson: &'static str,
    language: Language,
    found: Vec<String>,
    shots: Option<std::path::PathBuf>,
    size: egui::Vec2,
}

impl Walk {
    /// A window at the projector's size, drawn at 1.5 pixels a point as the projector shows
    /// it, opened on a lesson's session file (or the default settings for `None`).
    fn new(
        lesson: &'static str,
        file: Option<&str>,
        language: Language,
        shots: Option<std::path::PathBuf>,
    ) -> Walk {
        let settings = Settings {
            language,
            ..Settings::default()
        };
        let mut w = Walk::sized(lesson, settings, PROJECTOR, 1.5);
        w.shots = shots;
        if let Some(file) = file {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("docs/lessons")
                .join(file);
            let opened = w.h.state_mut().open_session(&path);
            assert!(opened.is_ok(), "{file}: {opened:?}");
            w.h.run_steps(3);
        }
        w
    }

    /// A window of `size` points at `pixels_per_point` on `settings`, taking no pictures.
    fn sized(
        lesson: &'static str,
        settings: Settings,
        size: egui::Vec2,
        pixels_per_point: f32,
    ) -> Walk {
        let language = settings.language;
        let mut h = super::sized_harness_with_system_fonts(settings, size, pixels_per_point);
        h.run_steps(3);
        Walk {
            h,
            lesson,
            language,
            found: Vec::new(),
            shots: None,
            size,
        }
    }

    fn app(&self) -> &App {
        self.h.state()
    }

    fn apply(&mut self, command: Command) {
        self.h.state_mut().apply(command);
        self.h.run_steps(2);
    }

    fn steps(&mut self, n: usize) {
        for _ in 0..n {
            self.apply(Command::Step);
        }
    }

    /// Run to end, as the End key does, over frames until every lane is done.
    fn run_to_end(&mut self) {
        self.apply(Command::RunToEnd);
        for _ in 0..10_000 {
            if !self.app().session.is_busy() {
                break;
            }
            self.h.step();
        }
        self.h.state_mut().session.forget_times();
        self.h.run_steps(3);
    }

    /// Enlarge on lane card `i` (from 0).
    fn enlarge(&mut self, i: usize) {
        self.h
            .get_all_by_label(text::t().enlarge)
            .nth(i)
            .expect("an Enlarge button")
            .click();
        self.h.run_steps(3);
    }

    fn click(&mut self, label: &str) {
        self.h.get_by_label(label).click();
        self.h.run_steps(3);
    }

    fn problem(&mut self, step: &str, what: String) {
        self.found.push(format!(
            "{} ({:?}) {step}: {what}",
            self.lesson, self.language
        ));
    }

    /// Whether a widget whose text contains `text` is whole inside the window: not cut at
    /// any side, not scrolled out of its pane.
    fn whole(&self, text: &str) -> bool {
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, self.size).expand(0.5);
        widgets(&self.h).iter().any(|w| {
            w.text.contains(text)
                && window.contains_rect(w.whole)
                && w.rect.width() >= w.whole.width() - 1.0
                && w.rect.height() >= w.whole.height() - 1.0
        })
    }

    /// The step fails unless each of `texts` is whole on screen.
    fn sees(&mut self, step: &str, texts: &[String]) {
        for text in texts {
            if !self.whole(text) {
                self.problem(step, format!("{text:?} is not whole on screen"));
            }
        }
    }

    /// No widget runs off the window's left or right side, out of the window or cut by the
    /// panel's margin there ("Timelin").
    fn nothing_runs_off_the_side(&mut self, step: &str) {
        let margin = 16.0;
        let (left, right) = (margin, self.size.x - margin);
        let cut: Vec<String> = widgets(&self.h)
            .into_iter()
            .filter(|w| {
                let clipped = w.whole.width() - w.rect.width() > 1.0;
                (w.whole.max.x > right || w.whole.min.x < left) && clipped
                    || w.whole.max.x > self.size.x + 0.5
                    || w.whole.min.x < -0.5
            })
            .map(|w| w.text)
            .collect();
        if !cut.is_empty() {
            self.problem(step, format!("{cut:?} run off the side of the window"));
        }
    }

    /// A picture for the guide, when the walk was given a folder for them.
    fn shot(&mut self, name: &str) {
        let Some(dir) = self.shots.clone() else {
            return;
        };
        // No pointer left over the last button clicked, and no run times (they differ from
        // run to run).
        self.h.state_mut().session.forget_times();
        self.h.event(egui::Event::PointerGone);
        self.h.run_steps(2);
        self.nothing_runs_off_the_side(name);
        let suffix = match self.language {
            Language::English => "",
            Language::Chinese => "-zh",
        };
        save_render(&mut self.h, &dir.join(format!("{name}{suffix}.png")));
    }

    /// The lane cards whole in the window, each showing the head of its open list.
    fn sees_the_queues(&mut self, step: &str) {
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, self.size).expand(0.5);
        let cards = self.app().view.compare.card_rects.clone();
        if cards.len() != self.app().session.lanes.len() {
            self.problem(step, format!("{} cards for the lanes", cards.len()));
        }
        for card in &cards {
            if !window.contains_rect(*card) {
                self.problem(step, format!("a card {card:?} is not whole"));
            }
        }
        // The head of open as a card writes it: with f, or with g, h and f where there is room.
        let heads: Vec<[String; 2]> = self
            .app()
            .session
            .lanes
            .iter()
            .filter_map(|lane| {
                let first = *lane.open_snapshot().first()?;
                let node = lane.search().node(first);
                Some([
                    text::card_open_f(first.0, node.f),
                    text::card_open_ghf(first.0, node.g, node.h, node.f),
                ])
            })
            .collect();
        for head in heads {
            if !head.iter().any(|entry| self.whole(entry)) {
                self.problem(step, format!("the head of open {head:?} is not shown"));
            }
        }
    }

    /// The summary's expanded counts of the lanes, as the guide's table gives them.
    fn sees_expanded(&mut self, step: &str, expanded: &[u32]) {
        let counts: Vec<u32> = self
            .app()
            .session
            .lanes
            .iter()
            .map(|lane| lane.search().stats().expanded)
            .collect();
        if counts != expanded {
            self.problem(
                step,
                format!("the lanes expanded {counts:?}, the guide says {expanded:?}"),
            );
        }
        if self.app().view.compare.summary_clipped {
            self.problem(step, "the summary is cut".to_owned());
        }
        let shown: Vec<String> = expanded
            .iter()
            .map(|&n| text::grouped(u64::from(n)))
            .collect();
        self.sees(step, &shown);
        self.nothing_runs_off_the_side(step);
    }

    /// The compare plots large: shown under the cards with a third of the window, or brought
    /// up by the status bar's offer; then each plot at least 40 % of the window's height.
    fn sees_the_plots(&mut self, step: &str) {
        if self.app().view.lower_hidden == Some(Pane::Plots) {
            let offer = text::t().show_plots;
            if !self.whole(offer) {
                self.problem(step, format!("{offer:?} is not offered"));
                return;
            }
            self.click(offer);
        }
        let plots = self.app().view.compare.plot_rects.clone();
        let least = if self.app().view.maximized.is_some() {
            0.4 * self.size.y
        } else {
            self.size.y / 3.0 * 0.4
        };
        if plots.len() != 2 || plots.iter().any(|p| p.height() < least) {
            self.problem(step, format!("the plots are {plots:?}"));
        }
    }

    fn finish(self) -> Vec<String> {
        self.found
    }
}

/// Lesson 1: breadth-first search against A*.
fn lesson1(language: Language, shots: Option<std::path::PathBuf>) -> Vec<String> {
    let mut w = Walk::new(
        "lesson 1",
        Some("lesson1-bfs-vs-astar.json"),
        language,
        shots,
    );
    // 1. Step a few times with the two lanes side by side: the queues.
    w.steps(3);
    w.sees_the_queues("step 1");
    // 2. Run to end; the summary, then the f plot.
    w.run_to_end();
    w.sees_expanded("step 2", &[1476, 35]);
    w.shot("lesson1");
    w.sees_the_plots("step 2");
    w.click("f");
    w.sees_the_plots("step 2, the f plot");
    w.apply(Command::Maximize(None));
    // 3. Enlarge lane 1, tick Goal test when generated, run again.
    w.enlarge(0);
    let tick = text::t().goal_test_on_generation;
    if !w.whole(tick) {
        w.problem("step 3", format!("{tick:?} is not whole on lane 1's card"));
    } else {
        w.click(tick);
    }
    w.run_to_end();
    w.sees_expanded("step 3", &[942, 35]);
    w.click(text::t().all_lanes);
    // 4. Single, View → Exercise, Space twice: the five nodes in open, S5 among them.
    w.click(text::t().single);
    w.apply(Command::SetExercise(true));
    w.steps(2);
    let open = w.app().view.lists.shown[0];
    if open.is_none_or(|o| o.whole_rows < 5) {
        w.problem("step 4", format!("the open list shows {open:?}"));
    }
    w.sees("step 4", &["S5".to_owned()]);
    w.shot("exercise");
    w.finish()
}

/// Lesson 2: misplaced tiles against Manhattan distance.
fn lesson2(language: Language, shots: Option<std::path::PathBuf>) -> Vec<String> {
    let mut w = Walk::new(
        "lesson 2",
        Some("lesson2-misplaced-vs-manhattan.json"),
        language,
        shots,
    );
    // 1. Enlarge a card: the start board large, with its heuristic's marks.
    w.enlarge(1);
    let digits = super::board_view::DigitsDrawn::read(&w.h.ctx);
    let smallest = digits.boards.iter().map(|b| b.1).reduce(f32::min);
    if smallest.is_none_or(|s| s < 24.0) {
        w.problem(
            "step 1",
            format!("the enlarged board's numbers: {digits:?}"),
        );
    }
    w.click(text::t().all_lanes);
    // 2. Run to end: the three counts.
    w.run_to_end();
    w.sees_expanded("step 2", &[901, 159, 90]);
    w.shot("lesson2");
    w.finish()
}

/// Lesson 3: greedy best-first and weighted A*.
fn lesson3(language: Language, shots: Option<std::path::PathBuf>) -> Vec<String> {
    let mut w = Walk::new(
        "lesson 3",
        Some("lesson3-greedy-and-weighted.json"),
        language,
        shots,
    );
    w.run_to_end();
    w.sees_expanded("step 1", &[93, 254, 771]);
    let lengths: Vec<usize> = w
        .app()
        .session
        .lanes
        .iter()
        .map(|lane| lane.search().solution().map_or(0, |p| p.len() - 1))
        .collect();
    if lengths != [19, 45, 27] {
        w.problem("step 1", format!("lengths {lengths:?}"));
    }
    w.shot("lesson3");
    // 2. Enlarge the weighted lane: its live check says h > h*.
    w.enlarge(2);
    let check = w.app().session.lanes[2].check();
    match check.first() {
        Some((step, _)) => {
            let line = text::check_violations(check.count(), step);
            w.sees("step 2", &[line]);
            if step != 1 {
                w.problem("step 2", format!("the first violation is at step {step}"));
            }
        }
        None => w.problem(
            "step 2",
            "the weighted lane's check found nothing".to_owned(),
        ),
    }
    w.finish()
}

/// Lesson 4: the search tree and the OPEN/CLOSED table.
fn lesson4(language: Language, shots: Option<std::path::PathBuf>) -> Vec<String> {
    let mut w = Walk::new("lesson 4", None, language, shots);
    // 1. The default board, A* with Manhattan; the tree in place of the plots, F over it.
    w.apply(Command::ShowTree(true));
    w.apply(Command::Maximize(Some(Pane::Tree)));
    // 2. Five steps: the labels readable.
    w.steps(5);
    let tree = &w.app().view.tree;
    let (points, boards) = (tree.label_points, tree.boards_drawn);
    if points < 14.0 || !boards {
        w.problem(
            "step 2",
            format!("the tree is labelled at {points:.1} points, boards drawn: {boards}"),
        );
    }
    w.shot("lesson4");
    // 3. The table tab: the rows of the exam's answer.
    w.click(text::t().table_tab);
    w.sees("step 3", &["S9".to_owned()]);
    w.finish()
}

/// Lesson 5: the trees of IDA* and of bidirectional search.
fn lesson5(language: Language, shots: Option<std::path::PathBuf>) -> Vec<String> {
    let mut w = Walk::new("lesson 5", None, language, shots);
    w.apply(Command::edit(PuzzleEdit::SetBoardText(
        "102846753".to_owned(),
    )));
    let config = SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Manhattan).into();
    w.apply(Command::SetConfig(config));
    w.apply(Command::ShowTree(true));
    w.apply(Command::Maximize(Some(Pane::Tree)));
    // 1. Follow on and + until the boxes say g, h and f; then step into the second
    // iteration: the pruned children say their f against the bound.
    w.click(text::t().tree_follow);
    for _ in 0..8 {
        if w.app().view.tree.costs_drawn {
            break;
        }
        w.click("+");
    }
    let mut second = false;
    for _ in 0..40 {
        w.steps(1);
        let lane = w.app().session.main_lane().expect("a lane");
        // In the second iteration, once a child has been cut off by its bound.
        let pruned = lane
            .search()
            .depth_first()
            .is_some_and(|v| v.iterations.len() >= 2 && v.next_bound.is_some());
        if pruned {
            second = true;
            break;
        }
    }
    w.shot("lesson5");
    let tree = &w.app().view.tree;
    if !second || !tree.costs_drawn || tree.label_points < 14.0 {
        w.problem(
            "step 1",
            format!(
                "second iteration {second}, costs drawn {}, labels {:.1} points",
                tree.costs_drawn, tree.label_points
            ),
        );
    }
    // 3. Bidirectional BFS on the default board, solved: both trees.
    w.apply(Command::edit(PuzzleEdit::SetBoardText(
        super::puzzle::puzzle_model::DEFAULT_BOARD.to_owned(),
    )));
    let config = SearchConfig::with(Algorithm::BidirectionalBfs, HeuristicKind::Zero).into();
    w.apply(Command::SetConfig(config));
    w.run_to_end();
    let solved = w
        .app()
        .session
        .main_lane()
        .is_some_and(|l| matches!(l.search().status(), Status::Solved { .. }));
    if !solved {
        w.problem(
            "step 3",
            "bidirectional BFS did not solve the board".to_owned(),
        );
    }
    w.finish()
}

/// Every lesson in both languages, pictures going to `shots`.
fn walk_the_guide(shots: Option<std::path::PathBuf>) -> Vec<String> {
    let mut found = Vec::new();
    for language in Language::ALL {
        found.extend(lesson1(language, shots.clone()));
        found.extend(lesson2(language, shots.clone()));
        found.extend(lesson3(language, shots.clone()));
        found.extend(lesson4(language, shots.clone()));
        found.extend(lesson5(language, shots.clone()));
    }
    found
}

#[test]
fn the_guides_lessons_work_as_written_at_1280x800_zoom_1_5() {
    let found = walk_the_guide(shots_folder());
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Rewrites the guide's screenshots in docs/guide from the walk, at 1280x800 and zoom 1.5.
#[test]
#[ignore = "slow: rewrites the screenshots in docs/guide"]
fn slow_guide_screenshots() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/guide");
    let found = walk_the_guide(Some(docs));
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Steps `w` until the IDA* lane is in its `n`th iteration with a child cut off by the bound.
fn step_into_iteration(w: &mut Walk, n: usize) {
    for _ in 0..400 {
        let in_it = w.app().session.main_lane().is_some_and(|lane| {
            lane.search()
                .depth_first()
                .is_some_and(|v| v.iterations.len() >= n && v.next_bound.is_some())
        });
        if in_it {
            return;
        }
        w.steps(1);
    }
    panic!("IDA* never reached iteration {n}");
}

/// A 3x3 board `d` moves from P1379's goal, the same every time.
fn board_at(d: u8) -> String {
    let goal: crate::domains::puzzle::Board = "123804765".parse().unwrap();
    let table = crate::domains::puzzle::DistanceTable::new(&goal).unwrap();
    let mut rng = crate::domains::puzzle::Rng::new(5);
    table.random_at(d, &mut rng).unwrap().to_string()
}

/// Rewrites the README's screenshots in docs/, as the class sees them: 1280x800 at zoom 1.5
/// (and the two sizes the layout section names at theirs).
#[test]
#[ignore = "slow: rewrites the README's screenshots in docs/"]
fn slow_readme_screenshots() {
    use super::domain_view::Tab;
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let shoot = |name: &str, w: &mut Walk| {
        // The file names carry no language suffix.
        w.shots = Some(docs.clone());
        w.language = Language::English;
        w.shot(name);
        assert!(w.found.is_empty(), "{name}: {:?}", w.found);
    };
    let at = |settings: Settings| Walk::sized("readme", settings, PROJECTOR, 1.5);

    let mut w = at(Settings::default());
    w.steps(3);
    shoot("screenshot-1280", &mut w);

    let mut w = at(Settings {
        puzzle: PuzzleSettings {
            board_text: board_at(20),
            ..PuzzleSettings::default()
        },
        ..Settings::default()
    });
    w.run_to_end();
    w.h.state_mut().view.node.tab = Tab::Solution;
    w.h.run_steps(3);
    shoot("screenshot-solved", &mut w);

    let tree = |settings: Settings, steps: usize| {
        let mut w = at(Settings {
            show_tree: true,
            ..settings
        });
        w.apply(Command::Maximize(Some(Pane::Tree)));
        w.steps(steps);
        w
    };
    let mut w = tree(Settings::default(), 4);
    shoot("screenshot-tree", &mut w);
    let mut w = tree(
        Settings {
            puzzle: PuzzleSettings {
                board_text: "1 2 0 3 5 6 8 4 9 10 7 11 13 14 15 12".to_owned(),
                goal_text: "blank-last".to_owned(),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        },
        4,
    );
    shoot("screenshot-tree-15", &mut w);
    let mut w = tree(
        Settings {
            puzzle: PuzzleSettings {
                board_text: "102846753".to_owned(),
                config: SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Manhattan),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        },
        0,
    );
    w.click(text::t().tree_follow);
    while !w.app().view.tree.costs_drawn {
        w.click("+");
    }
    step_into_iteration(&mut w, 2);
    shoot("screenshot-tree-idastar", &mut w);
    let mut w = tree(
        Settings {
            puzzle: PuzzleSettings {
                config: SearchConfig::with(Algorithm::BidirectionalBfs, HeuristicKind::Zero),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        },
        0,
    );
    w.run_to_end();
    shoot("screenshot-tree-bidirectional", &mut w);
    let mut w = tree(
        Settings {
            domain: super::model::domain::DomainKind::Grid,
            ..Settings::default()
        },
        12,
    );
    shoot("screenshot-grid-tree", &mut w);

    let mut w = at(Settings {
        puzzle: PuzzleSettings {
            board_text: board_at(14),
            ..PuzzleSettings::default()
        },
        compare: true,
        ..Settings::default()
    });
    w.steps(30);
    shoot("screenshot-compare", &mut w);

    let mut w = at(Settings {
        puzzle: PuzzleSettings {
            board_text: "216408753".to_owned(),
            config: SearchConfig::with(Algorithm::IdaStar, HeuristicKind::Manhattan),
            ..PuzzleSettings::default()
        },
        show_pseudocode: true,
        ..Settings::default()
    });
    step_into_iteration(&mut w, 3);
    shoot("screenshot-idastar", &mut w);

    let grid = Settings {
        domain: super::model::domain::DomainKind::Grid,
        ..Settings::default()
    };
    let mut w = at(grid.clone());
    w.apply(Command::Maximize(Some(Pane::Problem)));
    w.steps(40);
    shoot("screenshot-grid", &mut w);
    let mut w = at(Settings {
        compare: true,
        ..grid
    });
    w.steps(40);
    shoot("screenshot-grid-compare", &mut w);

    for (name, size, zoom) in [
        ("screenshot-1024", egui::vec2(1024.0, 768.0), 1.0),
        ("screenshot-1920-zoom2", egui::vec2(960.0, 540.0), 2.0),
    ] {
        let mut w = Walk::sized("readme", Settings::default(), size, zoom);
        w.steps(3);
        shoot(name, &mut w);
    }

    let mut w = at(Settings {
        puzzle: PuzzleSettings {
            config: SearchConfig::with(Algorithm::BidirectionalBfs, HeuristicKind::Zero),
            ..PuzzleSettings::default()
        },
        ..Settings::default()
    });
    // As View → Exercise enters it: the setup folds.
    w.apply(Command::SetExercise(true));
    w.steps(2);
    shoot("screenshot-exercise-bidirectional", &mut w);

    let mut w = at(Settings {
        puzzle: PuzzleSettings {
            config: SearchConfig::with(Algorithm::BreadthFirst, HeuristicKind::Zero),
            ..PuzzleSettings::default()
        },
        language: Language::Chinese,
        show_pseudocode: true,
        fine_step: true,
        ..Settings::default()
    });
    w.steps(6);
    shoot("screenshot-pseudocode-zh", &mut w);
}
