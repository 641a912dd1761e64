//! Drives the whole window with seeded random user actions and checks, after every one, what
//! must always hold: no panic; open and closed agree with the counters and with each other;
//! the counters on screen equal the lengths of the lists on screen; stepping back and forward
//! again gives the same open list; the status line names the step after a step.
//!
//! Reproducible: the seed and the list of actions are printed on failure. The normal test run
//! does a few thousand actions; `SEARCHLAB_RANDOM_ACTIONS=N` (and `SEARCHLAB_RANDOM_SEED=S`) run
//! a longer one, e.g. nightly:
//! `SEARCHLAB_RANDOM_ACTIONS=50000 cargo test random_actions -- --nocapture`.

use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::path::PathBuf;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use super::file_dialog::Request;
use super::model::arrangement::{Arrangement, Pane};
use super::model::breakpoints::BreakpointSettings;
use super::model::command::Command;
use super::model::domain::DomainKind;
use super::model::files::FileAction;
use super::model::session::{RunMode, Settings};
use super::model::text::{self, Language};
use super::puzzle::puzzle_model::PuzzleEdit;
use super::puzzle::puzzle_model::PuzzleSettings;
use super::tree_view::TreeTab;
use super::{App, test_harness_with_system_fonts};
use crate::domains::puzzle::{HeuristicKind, Rng, SearchConfig};
use crate::search::{Algorithm, GoalTest, NodeId, Place, Repeats, Status, TieBreak};

type H = Harness<'static, App>;

/// Boards a user might type: valid, malformed and unsolvable, 3x3 and 4x4.
const BOARDS: [&str; 14] = [
    "283104765",
    "216408753",
    "123804765",
    "203184765",
    "",
    "12345",
    "2831047655",
    "abc",
    "213804765",
    "123456789ABCDEF0",
    "123456789ABCDFE0",
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
    "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12",
    "1 2 3\n8 0 4\n7 6 5",
];

const GOALS: [&str; 8] = [
    "p1379",
    "blank-last",
    "blank-first",
    "123804765",
    "123456780",
    "nonsense",
    "123456789ABCDEF0",
    "12345678",
];

/// A config as the setup bar or a damaged file could give: sometimes out of range.
fn random_config(rng: &mut Rng) -> SearchConfig {
    let weights = [1.0, 1.5, 2.0, 5.0, 0.5, 150.0, f64::NAN, -1.0];
    let limits = [1, 10, 500, 20_000, 60_000];
    SearchConfig {
        algorithm: Algorithm::EVERY[rng.below(Algorithm::EVERY.len())],
        heuristic: HeuristicKind::ALL[rng.below(HeuristicKind::ALL.len())],
        weight: if rng.below(4) == 0 {
            weights[rng.below(weights.len())]
        } else {
            2.0
        },
        tie_break: TieBreak::ALL[rng.below(TieBreak::ALL.len())],
        goal_test: if rng.below(6) == 0 {
            GoalTest::OnGeneration
        } else {
            GoalTest::OnExpansion
        },
        // Graph search until the window offers the setting.
        repeats: Repeats::Graph,
        node_limit: limits[rng.below(limits.len())],
        depth_limit: [0, 3, 30, 2_000_000][rng.below(4)],
        memory_limit: [0, 2, 3, 8, 1_000, 20_000_000][rng.below(6)],
    }
}

fn random_breakpoints(rng: &mut Rng) -> BreakpointSettings {
    BreakpointSettings {
        goal_generated: rng.below(2) == 0,
        f_increases: rng.below(3) == 0,
        reopened: rng.below(2) == 0,
        open_exceeds: rng.below(3) == 0,
        open_limit: [0, 1, 50, 1000][rng.below(4)],
        bound_raised: rng.below(3) == 0,
        node_forgotten: rng.below(3) == 0,
        limit_exceeded: rng.below(3) == 0,
        bound_improved: rng.below(3) == 0,
        board: rng.below(3) == 0,
        board_text: BOARDS[rng.below(BOARDS.len())].to_owned(),
        board_expanded: rng.below(2) == 0,
    }
}

/// What one random action does, in words for the failure report.
enum Action {
    Apply(Command),
    /// The same command several times in a row, a frame each (a teacher pressing Space).
    Repeat(Command, usize),
    Key(egui::KeyboardShortcut),
    /// Click the n-th button on screen (modulo how many there are).
    ClickButton(usize),
    /// Click a row of the open list: the right answer in exercise mode, or a wrong one.
    Predict {
        right: bool,
    },
    /// Step back then forward and compare the open lists.
    UndoRedo,
    File(FileAction, PathBuf),
    Resize(f32, f32),
    /// Let the window run for a few frames (autoplay, seeks, background jobs).
    Wait(usize),
    /// Something in the tree pane: switch tabs, show duplicates, fold node n, follow.
    Tree(u8, u32),
}

impl std::fmt::Debug for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Action::Apply(c) => write!(f, "apply {c:?}"),
            Action::Repeat(c, n) => write!(f, "apply {c:?} {n} times"),
            Action::Key(k) => write!(f, "key {:?}", k.logical_key),
            Action::ClickButton(n) => write!(f, "click button {n}"),
            Action::Predict { right } => write!(f, "predict right={right}"),
            Action::UndoRedo => write!(f, "step back and forward"),
            Action::File(a, p) => write!(f, "file {a:?} {}", p.display()),
            Action::Resize(w, h) => write!(f, "resize {w}x{h}"),
            Action::Wait(n) => write!(f, "wait {n} frames"),
            Action::Tree(what, n) => write!(f, "tree action {what} on {n}"),
        }
    }
}

/// Files the actions open: the lessons, and damaged sessions.
struct Files {
    dir: PathBuf,
    open: Vec<PathBuf>,
}

impl Files {
    fn new(seed: u64) -> Files {
        let dir =
            std::env::temp_dir().join(format!("searchlab-random-{}-{seed}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // Copies of the lessons: a session opened from a folder sends the next save there, and
        // a random click on Save must not write into the repository.
        let lessons = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/lessons");
        let mut open: Vec<PathBuf> = std::fs::read_dir(&lessons)
            .unwrap()
            .map(|e| {
                let path = e.unwrap().path();
                let copy = dir.join(path.file_name().unwrap());
                std::fs::copy(&path, &copy).unwrap();
                copy
            })
            .collect();
        open.sort();
        let lesson = std::fs::read_to_string(&open[0]).unwrap();
        let damaged = [
            ("empty.json", String::new()),
            ("garbage.json", "\u{0}\u{1b}[31m not json".to_owned()),
            ("cut.json", lesson[..lesson.len() / 2].to_owned()),
            ("lanes.json", lesson.replace("\"lanes\"", "\"lanez\"")),
            (
                "step.json",
                lesson.replace("\"step\": ", "\"step\": 99999999"),
            ),
        ];
        for (name, content) in damaged {
            let path = dir.join(name);
            std::fs::write(&path, content).unwrap();
            open.push(path);
        }
        open.push(dir.join("missing.json"));
        Files { dir, open }
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A change in the game-tree workspace, awkward values included.
fn random_game_command(rng: &mut Rng, app: &App) -> Command {
    use super::game::game_model::{GameCommand, GameLaneSettings, GameSource, RandomTree};
    use crate::domains::game::TicTacToeEval;
    use crate::search::HeuristicChoice;
    use crate::search::game::{ChildOrder, GameAlgorithm, Player};
    let lanes = app.games.session.settings.lanes.len();
    let trees = [
        "((3 12 8) (2 4 6) (14 5 2))",
        "A(B(3 12 8) C(2 4 6) D(14 5 2))",
        "((3 12",
        "()",
        "(((1 2) (3 4)) ((5 6) (7 8)))",
        "7",
        "((x))",
        "((99999999999 1))",
        "",
    ];
    let boards = [
        "X.O/.X./...",
        ".........",
        "XX./OO./...",
        "XXX/OOO/...",
        "X",
        "XO?......",
    ];
    Command::Game(match rng.below(21) {
        0 => GameCommand::SetSource(GameSource::ALL[rng.below(3)]),
        1 => GameCommand::SetTreeText(trees[rng.below(trees.len())].to_owned()),
        2 => GameCommand::Preset(rng.below(4)),
        3 => GameCommand::SetRoot([Player::Max, Player::Min][rng.below(2)]),
        4 => GameCommand::SetRandom(RandomTree {
            fewest: rng.below(12),
            most: rng.below(12),
            depth: rng.below(10),
            low: rng.below(2000) as i32 - 1000,
            high: rng.below(2000) as i32 - 1000,
            seed: rng.below(100) as u64,
        }),
        5 => GameCommand::NewSeed,
        6 => GameCommand::SetBoardText(boards[rng.below(boards.len())].to_owned()),
        7 => GameCommand::SetDepth(rng.below(12) as u32),
        8 => GameCommand::SetEval(TicTacToeEval::ALL[rng.below(2)]),
        9 => GameCommand::SetIterative(rng.below(2) == 0),
        10 => GameCommand::SetLane(
            rng.below(lanes + 1),
            GameLaneSettings {
                algorithm: GameAlgorithm::ALL[rng.below(2)],
                order: ChildOrder::ALL[rng.below(3)],
            },
        ),
        11 => GameCommand::AddLane,
        12 => GameCommand::RemoveLane(rng.below(lanes + 1)),
        13 => GameCommand::SetCompare(rng.below(2) == 0),
        14 => GameCommand::SetExercise(rng.below(2) == 0),
        15 => GameCommand::Predict(["3", "-∞", "x", ""][rng.below(4)].to_owned()),
        16 => GameCommand::ToggleGuess(NodeId(rng.below(40) as u32)),
        17 => GameCommand::SetStopAtCuts(rng.below(2) == 0),
        18 => GameCommand::SetPseudocode(rng.below(2) == 0),
        19 => GameCommand::SetFineStep(rng.below(2) == 0),
        _ => GameCommand::Seek(rng.below(60)),
    })
}

fn random_action(rng: &mut Rng, app: &App, files: &Files) -> Action {
    let lanes = app.session.settings.puzzle.lanes.len().max(1);
    let command = |c| Action::Apply(c);
    if app.session.settings.games && rng.below(3) == 0 {
        return command(random_game_command(rng, app));
    }
    match rng.below(100) {
        0..=5 => Action::Repeat(Command::Step, 2 + rng.below(14)),
        6..=17 => command(Command::Step),
        18..=23 => command(Command::StepBack),
        24..=26 => command(Command::TogglePlay),
        27..=28 => command(Command::RunToEnd),
        29..=30 => command(Command::Reset),
        31..=33 => command(Command::Seek(rng.below(60))),
        34..=35 => {
            let count = app
                .session
                .main_lane()
                .map_or(1, |l| l.search().node_count());
            command(Command::SelectNode(NodeId(rng.below(count) as u32)))
        }
        36 => command(Command::ShowCurrent),
        37..=39 => command(Command::edit(PuzzleEdit::SetBoardText(
            BOARDS[rng.below(BOARDS.len())].to_owned(),
        ))),
        40 => command(Command::edit(PuzzleEdit::SetGoalText(
            GOALS[rng.below(GOALS.len())].to_owned(),
        ))),
        41 => command(Command::edit(PuzzleEdit::MoveTile(rng.below(17)))),
        42 => command(Command::edit(PuzzleEdit::SetSize([3, 4, 3][rng.below(3)]))),
        43 => command(Command::edit(PuzzleEdit::Scramble)),
        44 => command(Command::edit(PuzzleEdit::SetScrambleMoves(
            [0, 5, 20, 300][rng.below(4)],
        ))),
        45 => command(Command::edit(PuzzleEdit::RandomAtDistance)),
        46 => command(Command::edit(PuzzleEdit::SetDistance(
            [0, 4, 20, 31, 40][rng.below(5)],
        ))),
        47..=48 => command(Command::SetConfig(random_config(rng).into())),
        49 => command(Command::SetSpeed(
            [1.0, 60.0, 10_000.0, 0.0, f64::NAN][rng.below(5)],
        )),
        50 => command(Command::SetDark(rng.below(2) == 0)),
        51 => command(Command::SetZoom([0.75, 1.0, 1.5, 2.0, 9.0][rng.below(5)])),
        52..=53 => command(Command::SetCompare(rng.below(2) == 0)),
        54 => command(Command::SetLaneConfig(
            rng.below(lanes + 1),
            random_config(rng).into(),
        )),
        55 => command(Command::AddLane),
        56 => command(Command::RemoveLane(rng.below(lanes + 1))),
        57 => command(Command::FocusLane(rng.below(lanes + 1))),
        58 => command(Command::SetLogCounts(rng.below(2) == 0)),
        59 => command(Command::SetBreakpoints(random_breakpoints(rng))),
        60 => command(Command::ShowBreakpoints(rng.below(2) == 0)),
        61..=62 => command(Command::SetExercise(rng.below(2) == 0)),
        63..=64 => command(Command::ShowPseudocode(rng.below(3) != 0)),
        65 => command(Command::ShowTree(rng.below(3) != 0)),
        66..=68 => command(Command::SetFineStep(rng.below(3) != 0)),
        69 => command(Command::SetLanguage(if rng.below(2) == 0 {
            Language::Chinese
        } else {
            Language::English
        })),
        70 => match rng.below(7) {
            0 => command(Command::ResetScore),
            1 => command(Command::Reveal),
            2 => command(Command::SetTextBoards(rng.below(2) == 0)),
            3 => command(Command::SetArrangement(Arrangement {
                board_right: rng.below(2) == 0,
                lists_stacked: rng.below(2) == 0,
                lists_below: rng.below(2) == 0,
                setup_folded: rng.below(2) == 0,
                presenting: rng.below(4) == 0,
                focus: super::model::arrangement::Focus::ALL[rng.below(5)],
            })),
            4 => command(Command::Maximize(
                [
                    None,
                    Some(Pane::Problem),
                    Some(Pane::Lists),
                    Some(Pane::Plots),
                    Some(Pane::Pseudocode),
                    Some(Pane::Compare),
                    Some(Pane::Tree),
                ][rng.below(7)],
            )),
            5 => command(Command::edit(PuzzleEdit::ExploreUnsolvable)),

            _ => command(Command::SetShareOfRun(rng.below(2) == 0)),
        },
        71 => Action::Tree(rng.below(5) as u8, rng.below(40) as u32),
        72..=74 => Action::Predict {
            right: rng.below(2) == 0,
        },
        75..=80 => {
            let keys = super::keys::WITH_SHORTCUTS;
            // The presenter's keys too: maximise the pane under the pointer, restore.
            let pick = rng.below(keys.len() + 2);
            let key = match pick.checked_sub(keys.len()) {
                Some(0) => super::keys::MAXIMIZE,
                Some(_) => super::keys::RESTORE,
                None => super::keys::shortcut(&keys[pick]).expect("listed with a shortcut"),
            };
            Action::Key(key)
        }
        81..=87 => Action::ClickButton(rng.below(1000)),
        88..=90 => Action::UndoRedo,
        91 => Action::File(
            FileAction::OpenSession,
            files.open[rng.below(files.open.len())].clone(),
        ),
        92 => {
            let actions = [
                FileAction::SaveSession,
                FileAction::TraceCsv,
                FileAction::TraceJson,
                FileAction::SummaryCsv,
                FileAction::PlotDataCsv,
                FileAction::PlotsSvg,
            ];
            let action = actions[rng.below(actions.len())];
            // Half into the test's folder, half where nothing can be written.
            let path = if rng.below(2) == 0 {
                files.dir.join("export.out")
            } else {
                PathBuf::from("/nonexistent-folder/export.out")
            };
            Action::File(action, path)
        }
        93 => {
            let sizes = [(1024.0, 768.0), (1280.0, 800.0), (1920.0, 1080.0)];
            let (w, h) = sizes[rng.below(sizes.len())];
            Action::Resize(w, h)
        }
        // Another domain now and then; each domain's problem edited while it is shown or not.
        94 if rng.below(4) == 0 => command(Command::ShowGames(true)),
        94 => command(Command::SetDomain(
            DomainKind::ALL[rng.below(DomainKind::ALL.len())],
        )),
        95..=96 => {
            let domain = DomainKind::ALL[rng.below(DomainKind::ALL.len())];
            command(super::registry::view_of(domain).random_edit(rng, &app.session.settings))
        }
        _ => Action::Wait(1 + rng.below(8)),
    }
}

/// Buttons the monkey leaves alone: they start minutes of background work.
fn is_excluded(label: &str) -> bool {
    [
        text::experiment_text::ENGLISH.experiment_run,
        text::experiment_text::CHINESE.experiment_run,
    ]
    .contains(&label)
}

fn perform(h: &mut H, action: &Action) -> Result<(), String> {
    match action {
        Action::Apply(command) => h.state_mut().apply(command.clone()),
        Action::Repeat(command, times) => {
            for _ in 0..*times {
                h.state_mut().apply(command.clone());
                h.run_steps(1);
                // A teacher stops pressing when the search has finished.
                if !h.state().session.can_step() {
                    break;
                }
            }
        }
        Action::Key(shortcut) => h.key_press_modifiers(shortcut.modifiers, shortcut.logical_key),
        Action::ClickButton(n) => {
            let buttons: Vec<_> = h
                .query_all_by_role(Role::Button)
                .filter(|b| {
                    let node = b.accesskit_node();
                    !node.is_disabled() && !is_excluded(&node.label().unwrap_or_default())
                })
                .collect();
            if !buttons.is_empty() {
                buttons[n % buttons.len()].click();
            }
        }
        Action::Predict { right } => {
            let Some(lane) = h.state().session.main_lane() else {
                return Ok(());
            };
            let open: Vec<NodeId> = lane.search().open_nodes().take(5).collect();
            let pick = if *right { open.first() } else { open.last() };
            if let Some(&id) = pick {
                h.state_mut().apply(Command::Predict(id));
            }
        }
        Action::UndoRedo => return undo_redo(h),
        Action::File(action, path) => {
            let ctx = h.ctx.clone();
            let request = Request {
                action: *action,
                path: path.clone(),
            };
            h.state_mut().files.open(*action);
            h.state_mut().handle_file(&ctx, request);
        }
        Action::Resize(w, height) => {
            h.set_size(egui::vec2(*w, *height));
        }
        Action::Wait(frames) => h.run_steps(*frames),
        Action::Tree(what, n) => {
            let tree = &mut h.state_mut().view.tree;
            match what {
                0 => {
                    tree.tab = match tree.tab {
                        TreeTab::Tree => TreeTab::Table,
                        TreeTab::Table => TreeTab::Tree,
                    }
                }
                1 => tree.duplicates = !tree.duplicates,
                2 => tree.folds.toggle(NodeId(*n)),
                3 => tree.board_names = !tree.board_names,
                _ => {
                    tree.follow = !tree.follow;
                    tree.zoom_in_on_current();
                }
            }
        }
    }
    // Two frames show a command's result.
    h.run_steps(2);
    Ok(())
}

/// Steps back then forward: every lane must be where it was, open list in the same order.
fn undo_redo(h: &mut H) -> Result<(), String> {
    let session = &h.state().session;
    if session.is_busy() || session.fine_stepping() || session.steps() == 0 {
        return Ok(());
    }
    let before: Vec<(Vec<NodeId>, usize)> = session
        .lanes
        .iter()
        .map(|l| (l.search().open_nodes().collect(), l.steps()))
        .collect();
    h.state_mut().apply(Command::StepBack);
    h.run_steps(1);
    h.state_mut().apply(Command::Step);
    h.run_steps(1);
    for (i, (lane, (open, steps))) in h.state().session.lanes.iter().zip(&before).enumerate() {
        if lane.steps() != *steps {
            return Err(format!(
                "lane {i}: {} steps after back and forward, not {steps}",
                lane.steps()
            ));
        }
        let again: Vec<NodeId> = lane.search().open_nodes().collect();
        if &again != open {
            return Err(format!(
                "lane {i}: open differs after stepping back and forward"
            ));
        }
    }
    Ok(())
}

/// The invariants of the engine's records, lane by lane.
fn check_lanes(app: &App) -> Result<(), String> {
    for (i, lane) in app.session.lanes.iter().enumerate() {
        let search = lane.search();
        let stats = search.stats();
        let open: Vec<NodeId> = search.open_nodes().collect();
        // A bidirectional search's counter holds both halves' open lists.
        let backward = search.bidirectional().map_or(0, |b| b.backward_open_len());
        if open.len() != search.open_len() || open.len() + backward != stats.open as usize {
            return Err(format!(
                "lane {i}: open has {} nodes, open_len {}, counter {}",
                open.len(),
                search.open_len(),
                stats.open
            ));
        }
        if search.closed().len() != search.steps() || stats.steps as usize != search.steps() {
            return Err(format!("lane {i}: closed and steps disagree"));
        }
        let open_set: HashSet<NodeId> = open.iter().copied().collect();
        for id in &open {
            if search.node(*id).place != Place::Open {
                return Err(format!("lane {i}: S{} in open is marked closed", id.0));
            }
        }
        for id in search.closed() {
            if search.node(*id).place == Place::Closed && open_set.contains(id) {
                return Err(format!("lane {i}: S{} is in open and in closed", id.0));
            }
        }
        // A depth-first search's open is a stack, in pop order but not ordered by f; RBFS
        // lists each call's children in turn, the deepest call's first.
        let ordered_by_f = search.depth_first().is_none() && search.rbfs().is_none();
        for pair in open.windows(2).filter(|_| ordered_by_f) {
            let (a, b) = (search.node(pair[0]).f, search.node(pair[1]).f);
            if a > b {
                return Err(format!(
                    "lane {i}: open is not in pop order ({a} before {b})"
                ));
            }
        }
    }
    Ok(())
}

/// The tree pane, when it has caught up with the main lane, has the engine's nodes and
/// parents, and lays out every node not folded away.
fn check_tree(app: &App) -> Result<(), String> {
    let Some(lane) = app.session.main_lane() else {
        return Ok(());
    };
    let search = lane.search();
    let view = &app.view.tree;
    if !view.tree().mirrors(search) || view.duplicates || !view.folds.is_empty() {
        return Ok(());
    }
    if view.tree().real_len() != search.node_count() {
        return Err(format!(
            "the tree has {} nodes, the search {}",
            view.tree().real_len(),
            search.node_count()
        ));
    }
    catch_unwind(AssertUnwindSafe(|| view.tree().check_parents(search)))
        .map_err(|_| "the tree's parents differ from the engine's".to_owned())?;
    let placed: usize = view.layout().rows.iter().map(Vec::len).sum();
    let drawn = app
        .view
        .pane_rects
        .iter()
        .any(|(pane, _)| *pane == Pane::Tree)
        && view.tab == TreeTab::Tree
        && view.rect.is_some();
    // The tree draws both halves of a bidirectional search (the backward one under the goal,
    // facing the start's), and a depth-first search's current iteration: the start and the
    // nodes generated since the iteration began.
    let first_step = search
        .depth_first()
        .and_then(|d| d.iterations.last().map(|i| i.first_step as u32));
    let expected = (0..search.node_count())
        .filter(|&i| {
            i == 0 || first_step.is_none_or(|f| search.node(NodeId(i as u32)).generated_at > f)
        })
        .count();
    if drawn && app.session.mode == RunMode::Paused && placed != expected {
        return Err(format!(
            "the layout places {placed} of the {expected} nodes it should ({} in all)",
            search.node_count()
        ));
    }
    Ok(())
}

/// Every label's text on screen, in tree order.
fn labels(h: &H) -> Vec<String> {
    h.query_all_by_role(Role::Label)
        .filter_map(|n| n.accesskit_node().value())
        .collect()
}

/// `n` from "n nodes", "1 node" or "n 个结点", and n + 1 from the closed list's "n expanded +
/// the goal" or "n 个已扩展 + 目标".
fn list_count(label: &str) -> Option<usize> {
    if let Some(expanded) = label
        .strip_suffix(" expanded + the goal")
        .or_else(|| label.strip_suffix(" 个已扩展\u{a0}+\u{a0}目标"))
    {
        return expanded.parse::<usize>().ok().map(|n| n + 1);
    }
    let number = label
        .strip_suffix(" nodes")
        .or_else(|| label.strip_suffix(" node"))
        .or_else(|| label.strip_suffix(" 个结点"))?;
    number.parse().ok()
}

/// (steps, open) from the counters line under the status.
fn stats_line(label: &str) -> Option<(usize, usize)> {
    let mut parts = label.split(" · ");
    let steps = parts.next()?;
    let steps = steps
        .strip_prefix("steps ")
        .or_else(|| steps.strip_prefix("步数 "))?
        .parse()
        .ok()?;
    let open = parts.find_map(|p| p.strip_prefix("open "))?.parse().ok()?;
    Some((steps, open))
}

/// What the single view shows: the counters line and the two list headings agree.
fn check_screen(h: &H) -> Result<(), String> {
    let session = &h.state().session;
    if session.settings.compare || session.is_busy() || session.main_lane().is_none() {
        return Ok(());
    }
    let labels = labels(h);
    let Some((steps, open)) = labels.iter().find_map(|l| stats_line(l)) else {
        // A short window's status bar is one line, without the counters.
        if h.ctx.content_rect().height() < super::status_bar::ROOMY_HEIGHT {
            return Ok(());
        }
        return Err("the counters line is missing".to_owned());
    };
    if h.state()
        .view
        .maximized
        .is_some_and(|pane| pane != Pane::Lists)
    {
        // Presenting another pane: the lists are not drawn.
        return Ok(());
    }
    let arrangement = session.settings.arrangement;
    if arrangement.presenting
        && matches!(
            arrangement.focus,
            super::model::arrangement::Focus::Tree
                | super::model::arrangement::Focus::Plots
                | super::model::arrangement::Focus::Compare
        )
    {
        // Presentation mode shows an area without the lists.
        return Ok(());
    }
    let counts: Vec<usize> = labels.iter().filter_map(|l| list_count(l)).collect();
    let lane = session.lane(0);
    let search = lane.search();
    // The open list shows a bidirectional search's forward half; the counter counts both. An
    // exercise lists the backward half beside it, and no closed list (no candidate there).
    let backward = super::model::fine_step::bidirectional_at(search, session.fine(), 0)
        .map_or(0, |b| b.backward_open);
    let exercise = session.exercising();
    let two_halves = exercise && search.bidirectional().is_some();
    let (open_rows, closed_rows) = match counts[..] {
        [forward, backward_rows, ..] if two_halves => {
            if backward_rows != backward {
                return Err(format!(
                    "backward open holds {backward}, its exercise list shows {backward_rows}"
                ));
            }
            if counts.len() > 2 {
                return Err(format!("a closed list beside the two halves: {counts:?}"));
            }
            (forward, None)
        }
        [open_rows, closed_rows, ..] => (open_rows, Some(closed_rows)),
        _ => return Err(format!("list headings missing: {counts:?}")),
    };
    // An exercise whose depth-first iteration ended asks for the start again, not in open.
    let restart = usize::from(
        exercise
            && search.depth_first().is_some()
            && search.open_len() == 0
            && search.status().is_running(),
    );
    if open_rows + backward != open + restart {
        return Err(format!(
            "the counters say open {open}, the open list shows {open_rows}"
        ));
    }
    // While fine step has only popped the node, closed does not list it yet.
    let popped_only = session.fine().is_some_and(|f| !f.phase.closed());
    if let Some(closed_rows) = closed_rows
        && closed_rows + usize::from(popped_only) != steps
    {
        return Err(format!(
            "the counters say {steps} steps, closed shows {closed_rows}"
        ));
    }
    Ok(())
}

/// The status line after a step names the step it describes.
fn check_status(h: &H, action: &Action, was_running: bool) -> Result<(), String> {
    let session = &h.state().session;
    let stepped = matches!(
        action,
        Action::Apply(Command::Step) | Action::Repeat(Command::Step, _)
    );
    if !stepped || !was_running || session.fine_stepping() || session.settings.compare {
        return Ok(());
    }
    let steps = session.steps().to_string();
    let stopped = session
        .lanes
        .iter()
        .any(|l| l.search().status() == Status::LimitReached);
    if !session.status.contains(&steps) && !stopped {
        let lanes: Vec<_> = session
            .lanes
            .iter()
            .map(|l| (l.steps(), l.search().status(), l.search().node_count()))
            .collect();
        return Err(format!(
            "status {:?} does not name step {steps}; lanes {lanes:?}",
            session.status
        ));
    }
    Ok(())
}

/// The game workspace: its settings are the app's, every shown lane is within the steps the
/// timeline offers, and a finished search of a written tree has the tree's minimax value.
fn check_games(app: &App) -> Result<(), String> {
    use super::game::game_model::AnyGame;
    use crate::search::game::GameStatus;
    let session = &app.games.session;
    if app.session.settings.game != session.settings {
        return Err("the game workspace's settings are not the app's".to_owned());
    }
    for (i, lane) in session.shown().iter().enumerate() {
        if lane.steps() > session.furthest {
            return Err(format!("lane {i} is past the timeline's end"));
        }
        if let (GameStatus::Done { value, .. }, AnyGame::Tree(tree)) = (lane.status(), lane.game())
            && value != tree.minimax_value()
        {
            return Err(format!(
                "lane {i} found {value}, the tree's value is {}",
                tree.minimax_value()
            ));
        }
        let _ = crate::tree::game::game_picture(lane);
    }
    Ok(())
}

fn run(seed: u64, actions: usize) {
    let files = Files::new(seed);
    let settings = Settings {
        puzzle: PuzzleSettings {
            config: SearchConfig {
                node_limit: 60_000,
                ..SearchConfig::default()
            },
            ..PuzzleSettings::default()
        },
        ..Settings::default()
    };
    let mut h = test_harness_with_system_fonts(settings);
    // The file dialog opens in the folder of the last path: keep it in the test's folder.
    h.state_mut().files.start_in(&files.dir);
    h.run_steps(2);
    let mut rng = Rng::new(seed);
    let mut log: Vec<String> = Vec::new();
    for _ in 0..actions {
        let action = random_action(&mut rng, h.state(), &files);
        log.push(format!("{action:?}"));
        let was_running = h.state().session.can_step();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            perform(&mut h, &action)?;
            if h.state().session.settings.games {
                return check_games(h.state());
            }
            check_lanes(h.state())?;
            check_tree(h.state())?;
            check_screen(&h)?;
            check_status(&h, &action, was_running)
        }));
        let report = |what: &str| {
            let start = log.len().saturating_sub(60);
            format!(
                "seed {seed}, action {}: {what}\nlast actions:\n{}",
                log.len(),
                log[start..].join("\n")
            )
        };
        match outcome {
            Ok(Ok(())) => {}
            Ok(Err(broken)) => panic!("{}", report(&broken)),
            Err(panic) => {
                eprintln!("{}", report("panicked"));
                resume_unwind(panic);
            }
        }
    }
}

fn from_env(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

#[test]
fn random_actions_keep_the_window_consistent() {
    let actions = from_env("SEARCHLAB_RANDOM_ACTIONS").unwrap_or(800) as usize;
    match from_env("SEARCHLAB_RANDOM_SEED") {
        Some(seed) => run(seed, actions),
        None => {
            for seed in 1..=3 {
                run(seed, actions);
            }
        }
    }
}

#[test]
fn the_parsers_of_the_screen_read_what_the_window_writes() {
    use crate::search::Stats;
    for language in [Language::English, Language::Chinese] {
        text::set_language(language);
        let stats = Stats {
            steps: 12,
            open: 34,
            max_open: 56,
            ..Stats::default()
        };
        assert_eq!(stats_line(&text::stats_line(&stats)), Some((12, 34)));
        assert_eq!(list_count(&text::list_count(1)), Some(1));
        assert_eq!(list_count(&text::list_count(70)), Some(70));
    }
    text::set_language(Language::English);
}
