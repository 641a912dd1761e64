//! The game-tree workspace in the window: its setup rows (a tree typed or drawn at random, or a
//! tic-tac-toe position; the searches), the step controls, the tree drawn large with every cut
//! labelled, and beside it what the step did, α and β, the counts, the cuts, the pseudocode
//! and the exercise; in compare, the searches side by side with a plot of leaves evaluated.

use egui::{Button, ComboBox, DragValue, RichText, ScrollArea, TextEdit, Ui, vec2};
use egui_plot::{Line, Plot};

use super::game_model::{
    AnyGame, GameCommand, GameLaneSettings, GameRun, GameSession, GameSettings, GameSource,
    MAX_GAME_LANES, MAX_TICTACTOE_DEPTH, RandomTree, board_rows, step_sentence,
};
use super::pseudocode;
use super::tree_paint::{self, paint_tree};
use crate::app::model::command::Command;
use crate::app::model::file_action::FileAction;
use crate::app::widgets::error_label;
use crate::domains::game::{TREE_PRESETS, TicTacToeEval};
use crate::i18n::pick;
use crate::search::HeuristicChoice;
use crate::search::game::{
    ChildOrder, Game, GameAlgorithm, GameSearch, GameStatus, Player, value_text,
};
use crate::tree::game::{GamePicture, game_picture};

/// Trees with more nodes are laid out again at most a few times a second while running.
const LARGE_TREE: usize = 20_000;

/// The workspace: its model and what its views keep between frames.
pub struct GameWorkspace {
    pub session: GameSession,
    /// The tree as being typed (sent to the model as it changes, kept here while focused).
    tree_text: String,
    board_text: String,
    prediction: String,
    /// Each shown lane's picture, with the step and node count it was drawn at, and when.
    pub(super) pictures: Vec<(usize, usize, GamePicture, std::time::Instant)>,
    /// Each lane's leaves evaluated after each step, for the plot.
    leaf_counts: Vec<Vec<u32>>,
    /// The session's generation the pictures and counts belong to.
    generation: u64,
}

impl GameWorkspace {
    pub fn new(settings: GameSettings) -> GameWorkspace {
        let session = GameSession::new(settings);
        GameWorkspace {
            tree_text: session.settings.tree_text.clone(),
            board_text: session.settings.board_text.clone(),
            session,
            prediction: String::new(),
            pictures: Vec::new(),
            leaf_counts: Vec::new(),
            generation: 0,
        }
    }

    /// Applies a command and keeps the typed fields in step with the settings.
    pub fn apply(&mut self, command: GameCommand) {
        let typed = matches!(
            command,
            GameCommand::SetTreeText(_) | GameCommand::SetBoardText(_)
        );
        self.session.apply(command);
        if !typed {
            self.tree_text = self.session.settings.tree_text.clone();
            self.board_text = self.session.settings.board_text.clone();
        }
    }

    /// The picture of shown lane `i`, drawn again only when its step changed.
    fn picture(&mut self, i: usize) -> &GamePicture {
        let lane = &self.session.lanes[i];
        let key = (lane.steps(), lane.node_count());
        let now = std::time::Instant::now();
        if self.pictures.len() <= i {
            self.pictures
                .resize_with(i + 1, || (usize::MAX, 0, game_picture(lane), now));
        }
        let slot = &mut self.pictures[i];
        // A large tree being run to its end is laid out again a few times a second, not
        // every frame: its layout takes longer than a frame.
        let large = lane.node_count() > LARGE_TREE;
        let fresh = now.duration_since(slot.3) < std::time::Duration::from_millis(400);
        let busy = self.session.is_busy();
        if (slot.0, slot.1) != key && !(large && busy && fresh) {
            *slot = (key.0, key.1, game_picture(lane), now);
        }
        &self.pictures[i].2
    }

    /// The first lane's tree or visit table as a file of the kind `action` names.
    pub fn export(&self, action: FileAction) -> Result<Vec<u8>, String> {
        use crate::tree::game_export::{game_png, game_svg, game_tikz, visit_table};
        use crate::tree::table::TableFormat;
        let Some(lane) = self.session.lanes.first() else {
            return Err(pick("There is no search to export.", "没有可导出的搜索。"));
        };
        let picture = game_picture(lane);
        let title = lane_title(lane);
        Ok(match action {
            FileAction::TreeSvg => game_svg(&picture, &title).into_bytes(),
            FileAction::TreePng => game_png(&picture, &title)?,
            FileAction::TreeTikz => game_tikz(&picture, &title).into_bytes(),
            FileAction::TableMarkdown => visit_table(lane, TableFormat::Markdown).into_bytes(),
            FileAction::TableCsv => visit_table(lane, TableFormat::Csv).into_bytes(),
            FileAction::TableLatex => visit_table(lane, TableFormat::Latex).into_bytes(),
            _ => {
                return Err(pick(
                    "Game trees are exported as SVG, PNG or TikZ, and their visits as a table.",
                    "博弈树可导出为 SVG、PNG 或 TikZ，访问次序可导出为表格。",
                ));
            }
        })
    }

    /// Draws the whole workspace below the menu bar.
    pub fn ui(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        // Lanes started again (a new tree, algorithm or order) may match the old ones' step
        // and node counts: what was kept of them is dropped.
        if self.generation != self.session.generation {
            self.generation = self.session.generation;
            self.pictures.clear();
            self.leaf_counts.clear();
        }
        egui::Panel::top("game_setup").show(ui, |ui| {
            ui.add_space(4.0);
            self.setup_rows(ui, commands);
            ui.add_space(2.0);
        });
        egui::Panel::top("game_controls").show(ui, |ui| {
            ui.add_space(3.0);
            self.controls(ui, commands);
            ui.add_space(2.0);
        });
        if self.session.lanes.is_empty() {
            egui::CentralPanel::default().show(ui, |ui| {
                ui.add_space(20.0);
                ui.heading(pick(
                    "Nothing to search: mend the field above.",
                    "没有可搜索的树：请改正上面的输入。",
                ));
            });
            return;
        }
        if self.session.settings.compare {
            self.compare(ui, commands);
        } else {
            self.single(ui, commands);
        }
    }

    fn setup_rows(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let settings = self.session.settings.clone();
        let game = |c: GameCommand| Command::Game(c);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(pick("Game tree:", "博弈树：")).strong());
            for source in GameSource::ALL {
                let title = match source {
                    GameSource::Written => pick("Written", "手写的树"),
                    GameSource::Random => pick("Random", "随机树"),
                    GameSource::TicTacToe => pick("Tic-tac-toe", "一字棋"),
                };
                if ui
                    .selectable_label(settings.source == source, title)
                    .clicked()
                    && settings.source != source
                {
                    commands.push(game(GameCommand::SetSource(source)));
                }
            }
            ui.separator();
            match settings.source {
                GameSource::Written => {
                    let title = pick("Textbook trees", "教材中的树");
                    let response = ComboBox::from_id_salt("game_preset")
                        .selected_text(&title)
                        .show_ui(ui, |ui| {
                            for (i, preset) in TREE_PRESETS.iter().enumerate() {
                                let title = pick(preset.title, preset.title_zh);
                                if ui.selectable_label(false, title).clicked() {
                                    commands.push(game(GameCommand::Preset(i)));
                                }
                            }
                        })
                        .response;
                    named(&response, &title);
                    root_picker(ui, settings.root, commands);
                }
                GameSource::Random => {
                    random_row(ui, settings.random, commands);
                    root_picker(ui, settings.root, commands);
                }
                GameSource::TicTacToe => {
                    let label = ui.label(pick("Board (X is MAX):", "棋盘（X 为 MAX）："));
                    let response = ui
                        .add(
                            TextEdit::singleline(&mut self.board_text)
                                .desired_width(120.0)
                                .font(egui::TextStyle::Monospace),
                        )
                        .labelled_by(label.id);
                    if response.changed() {
                        commands.push(game(GameCommand::SetBoardText(self.board_text.clone())));
                    }
                    if self.session.game.is_err() {
                        crate::app::widgets::error_frame(ui, response.rect);
                    }
                    let depth_label = ui.label(pick("Depth:", "深度："));
                    let mut depth = settings.depth;
                    let response = ui
                        .add(DragValue::new(&mut depth).range(0..=MAX_TICTACTOE_DEPTH))
                        .on_hover_text(pick(
                            "Moves searched before the evaluation takes over; 0 searches to the end of the game.",
                            "搜索的步数，之后用估价函数；0 表示搜到棋局结束。",
                        ))
                        .labelled_by(depth_label.id);
                    if response.changed() {
                        commands.push(game(GameCommand::SetDepth(depth)));
                    }
                    let response = ComboBox::from_id_salt("game_eval")
                        .selected_text(crate::i18n::tictactoe_eval(settings.eval))
                        .show_ui(ui, |ui| {
                            for eval in TicTacToeEval::ALL {
                                if ui
                                    .selectable_label(
                                        settings.eval == *eval,
                                        crate::i18n::tictactoe_eval(*eval),
                                    )
                                    .clicked()
                                {
                                    commands.push(game(GameCommand::SetEval(*eval)));
                                }
                            }
                        })
                        .response;
                    named(&response, &pick("Evaluation", "估价函数"));
                    let mut iterative = settings.iterative;
                    if ui
                        .add_enabled(
                            settings.depth > 0,
                            egui::Checkbox::new(&mut iterative, pick("Iterative deepening", "迭代加深")),
                        )
                        .changed()
                    {
                        commands.push(game(GameCommand::SetIterative(iterative)));
                    }
                }
            }
        });
        if settings.source == GameSource::Written {
            ui.horizontal(|ui| {
                let response = ui.add(
                    TextEdit::multiline(&mut self.tree_text)
                        .desired_rows(1)
                        .desired_width(ui.available_width())
                        .font(egui::TextStyle::Monospace)
                        .hint_text("((3 12 8) (2 4 6) (14 5 2))"),
                );
                if response.changed() {
                    commands.push(game(GameCommand::SetTreeText(self.tree_text.clone())));
                }
                if self.session.game.is_err() {
                    crate::app::widgets::error_frame(ui, response.rect);
                }
            });
        }
        if let Err(message) = &self.session.game
            && !message.is_empty()
        {
            error_label(ui, message);
        }
        if let Some(message) = &self.session.lane_error {
            error_label(ui, message);
        }
        // The searches.
        ui.horizontal_wrapped(|ui| {
            // In compare each card carries its own pickers.
            if !settings.compare {
                ui.label(RichText::new(pick("Search:", "搜索：")).strong());
                lane_pickers(ui, 0, settings.lanes[0], None, commands);
                ui.separator();
            }
            if settings.compare
                && settings.lanes.len() < MAX_GAME_LANES
                && ui.button(pick("+ Search", "+\u{a0}搜索")).clicked()
            {
                commands.push(game(GameCommand::AddLane));
            }
            let mut compare = settings.compare;
            if ui
                .checkbox(&mut compare, pick("Compare side by side", "并排比较"))
                .changed()
            {
                commands.push(game(GameCommand::SetCompare(compare)));
            }
        });
    }

    fn controls(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let session = &self.session;
        let can_step = !session.finished();
        let can_back = session.max_steps() > 0;
        ui.horizontal_wrapped(|ui| {
            let button = |ui: &mut Ui, command: Command, active: bool, enabled: bool| {
                let b = Button::new(RichText::new(command.button_text(active)).strong())
                    .selected(active)
                    .min_size(vec2(0.0, 30.0));
                ui.add_enabled(enabled, b).clicked()
            };
            if session.settings.exercise && session.question().is_some() {
                // The exercise asks before each value is backed up: the step is taken by
                // answering.
                ui.label(pick("Answer below to step", "在右侧作答后前进"));
            } else if button(
                ui,
                Command::Step,
                session.settings.fine_step && session.settings.show_pseudocode,
                can_step,
            ) {
                commands.push(Command::Step);
            }
            if button(ui, Command::StepBack, false, can_back) {
                commands.push(Command::StepBack);
            }
            let playing = session.run == GameRun::Playing;
            if button(ui, Command::TogglePlay, playing, can_step || playing) {
                commands.push(Command::TogglePlay);
            }
            let running = session.run == GameRun::ToEnd;
            if button(ui, Command::RunToEnd, running, can_step || running) {
                commands.push(Command::RunToEnd);
            }
            if button(ui, Command::Reset, false, can_back) {
                commands.push(Command::Reset);
            }
            ui.separator();
            let mut step = session.steps();
            let furthest = session.furthest.max(step).max(1);
            ui.spacing_mut().slider_width = 110.0;
            if ui
                .add(egui::Slider::new(&mut step, 0..=furthest).text(pick("step", "步")))
                .changed()
            {
                commands.push(Command::Seek(step));
            }
            ui.separator();
            let mut exercise = session.settings.exercise;
            if ui
                .checkbox(&mut exercise, pick("Exercise", "练习"))
                .changed()
            {
                commands.push(Command::Game(GameCommand::SetExercise(exercise)));
            }
            ui.menu_button(pick("Show", "显示"), |ui| {
                let mut code = session.settings.show_pseudocode;
                if ui
                    .checkbox(&mut code, pick("Pseudocode", "伪代码"))
                    .changed()
                {
                    commands.push(Command::Game(GameCommand::SetPseudocode(code)));
                }
                let mut fine = session.settings.fine_step;
                if ui
                    .checkbox(&mut fine, pick("Line by line", "逐行单步"))
                    .on_hover_text(pick(
                        "Step shows the next step's pseudocode lines one at a time, with their values, then takes it.",
                        "单步时逐行显示下一步要执行的伪代码及其值，最后一行时执行该步。",
                    ))
                    .changed()
                {
                    commands.push(Command::Game(GameCommand::SetFineStep(fine)));
                }
                let mut stop = session.settings.stop_at_cuts;
                if ui
                    .checkbox(&mut stop, pick("Stop at cuts", "剪枝处停下"))
                    .on_hover_text(pick(
                        "Play and Run to end stop after a step that cuts.",
                        "播放与运行到底在发生剪枝的一步之后停下。",
                    ))
                    .changed()
                {
                    commands.push(Command::Game(GameCommand::SetStopAtCuts(stop)));
                }
            });
            ui.menu_button(pick("Export", "导出"), |ui| {
                for action in [
                    FileAction::TreeSvg,
                    FileAction::TreePng,
                    FileAction::TreeTikz,
                    FileAction::TableMarkdown,
                    FileAction::TableCsv,
                    FileAction::TableLatex,
                ] {
                    if ui.button(action.title()).clicked() {
                        commands.push(Command::File(action));
                    }
                }
            });
            if let Some(message) = &session.message {
                ui.label(
                    RichText::new(message)
                        .strong()
                        .color(tree_paint::cut_color(crate::search::game::CutKind::Alpha)),
                );
            }
        });
    }

    fn single(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let width = (ui.available_width() * 0.34).clamp(260.0, 560.0);
        egui::Panel::right("game_side")
            .resizable(false)
            .exact_size(width)
            .show(ui, |ui| {
                ScrollArea::vertical().show(ui, |ui| self.side(ui, commands));
            });
        egui::CentralPanel::default().show(ui, |ui| {
            let text_size = egui::TextStyle::Body.resolve(ui.style()).size * 1.35;
            self.picture(0);
            let guesses = &self.session.exercise.guesses;
            let clickable = self.session.settings.exercise;
            let picture = &self.pictures[0].2;
            let caption = picture.caption.clone();
            if !caption.is_empty() {
                ui.label(RichText::new(caption).heading().strong());
            }
            // A tree a little too wide is drawn a little smaller; one far too wide (a game's
            // tree) keeps a readable size and scrolls sideways.
            let size = ui.available_size();
            let fit = (size.x / tree_paint::wanted_width(picture, text_size)).clamp(0.7, 1.0);
            let text_size = text_size * fit;
            let wanted = tree_paint::wanted_width(picture, text_size);
            let clicked = if wanted > size.x {
                ScrollArea::horizontal()
                    .show(ui, |ui| {
                        paint_tree(
                            ui,
                            picture,
                            vec2(wanted, (size.y - 16.0).max(1.0)),
                            text_size,
                            guesses,
                            clickable,
                        )
                    })
                    .inner
            } else {
                paint_tree(ui, picture, size, text_size, guesses, clickable)
            };
            if let Some(tree_paint::Clicked(id)) = clicked {
                commands.push(Command::Game(GameCommand::ToggleGuess(id)));
            }
        });
    }

    /// The panel beside the tree: the step, the bounds, the counts, the cuts, the exercise and
    /// the pseudocode.
    fn side(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let lane = &self.session.lanes[0];
        let big = egui::TextStyle::Body.resolve(ui.style()).size * 1.15;
        ui.label(
            RichText::new(format!(
                "{} · {}",
                crate::i18n::game_algorithm(lane.config().algorithm),
                crate::i18n::child_order(lane.config().order)
            ))
            .heading()
            .strong(),
        );
        let steps = lane.steps();
        if steps == 0 {
            ui.label(RichText::new(pick(
                "Step to enter the root. MAX ▲ takes the largest value below it, MIN ▼ the smallest.",
                "单步进入根结点。MAX ▲ 取其下最大的值，MIN ▼ 取最小的值。",
            )).size(big));
        } else {
            ui.label(
                RichText::new(format!("{} {steps}", pick("Step", "第")))
                    .strong()
                    .size(big),
            );
            let sentence = step_sentence(lane, steps - 1);
            let mut text = RichText::new(&sentence).size(big);
            // Monospace where α and β must not read as a and b.
            if sentence.contains(['α', 'β']) {
                text = text.monospace();
            }
            ui.label(text);
        }
        if let Some(current) = lane.current()
            && lane.config().algorithm == GameAlgorithm::AlphaBeta
        {
            let node = lane.node(current);
            ui.label(
                RichText::new(format!(
                    "{}: α = {}, β = {}",
                    crate::tree::game::node_label(lane, current),
                    value_text(node.alpha),
                    value_text(node.beta)
                ))
                .monospace()
                .size(big)
                .strong(),
            );
        }
        if let Some(current) = lane.current()
            && let Some(rows) = board_rows(&lane.node(current).position)
        {
            ui.label(pick(
                "The position at the node being visited:",
                "正在访问的结点的棋局：",
            ));
            for row in rows {
                let spaced: String = row.chars().map(|c| format!("{c} ")).collect();
                ui.label(RichText::new(spaced).monospace().size(big * 1.4).strong());
            }
        }
        // Stepping line by line, the code comes first: it is what the class follows.
        if let Some(fine) = &self.session.fine {
            ui.separator();
            pseudocode::panel(ui, lane, Some(fine), big);
        }
        ui.separator();
        counts_grid(ui, lane, big);
        let budget = self.session.budget_bytes;
        if budget < usize::MAX {
            ui.label(pick(
                &format!(
                    "Memory: {:.1} MB of {} MB",
                    self.session.memory_bytes() as f64 / 1_048_576.0,
                    budget >> 20
                ),
                &format!(
                    "内存：{:.1} MB / {} MB",
                    self.session.memory_bytes() as f64 / 1_048_576.0,
                    budget >> 20
                ),
            ));
        }
        if !lane.cuts().is_empty() {
            ui.separator();
            ui.label(RichText::new(pick("Cuts", "剪枝")).strong().size(big));
            for cut in lane.cuts() {
                let name = crate::tree::game::node_label(lane, cut.node);
                let by = crate::tree::game::node_label(lane, cut.by);
                let sentence =
                    crate::i18n::cut_sentence(cut.kind, &name, cut.value, cut.bound, &by);
                ui.label(
                    RichText::new(format!(
                        "{sentence}; {}",
                        pick(
                            &format!("{} leaves cut off", cut.leaves),
                            &format!("剪去 {} 个叶结点", cut.leaves)
                        )
                    ))
                    .monospace()
                    .color(tree_paint::cut_color(cut.kind)),
                );
            }
        }
        if self.session.settings.exercise {
            ui.separator();
            self.exercise(ui, commands, big);
        }
        if self.session.settings.show_pseudocode && self.session.fine.is_none() {
            ui.separator();
            pseudocode::panel(ui, &self.session.lanes[0], None, big);
        }
    }

    fn exercise(&mut self, ui: &mut Ui, commands: &mut Vec<Command>, big: f32) {
        let session = &self.session;
        let lane = &session.lanes[0];
        ui.label(RichText::new(pick("Exercise", "练习")).strong().size(big));
        if let Some(asked) = session.question() {
            let name = crate::tree::game::node_label(lane, asked);
            let child = lane
                .current()
                .map(|c| crate::tree::game::node_label(lane, c));
            ui.label(
                RichText::new(pick(
                    &format!(
                        "Next: back to {name} from {}. What is {name}'s value after it?",
                        child.clone().unwrap_or_default()
                    ),
                    &format!(
                        "下一步：从 {} 回到 {name}。之后 {name} 的值是多少？",
                        child.unwrap_or_default()
                    ),
                ))
                .size(big),
            );
            let mut submit = false;
            ui.horizontal(|ui| {
                let response = ui.add(
                    TextEdit::singleline(&mut self.prediction)
                        .desired_width(90.0)
                        .font(egui::TextStyle::Heading),
                );
                if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    submit = true;
                }
                if ui
                    .button(RichText::new(pick("Check", "核对")).strong())
                    .clicked()
                {
                    submit = true;
                }
            });
            if submit {
                commands.push(Command::Game(GameCommand::Predict(std::mem::take(
                    &mut self.prediction,
                ))));
            }
        }
        if let Some((right, verdict)) = &session.exercise.verdict {
            let color = if *right {
                egui::Color32::from_rgb(60, 170, 90)
            } else {
                ui.visuals().error_fg_color
            };
            ui.label(RichText::new(verdict).color(color).size(big));
        }
        let e = &session.exercise;
        ui.label(pick(
            &format!("Score: {} of {} values right", e.right, e.asked),
            &format!("得分：{} 题中答对 {} 题", e.asked, e.right),
        ));
        if lane.config().algorithm == GameAlgorithm::AlphaBeta && lane.game().known_tree() {
            ui.label(pick(
                "Click the nodes you think alpha-beta will cut off (click again to unmark).",
                "点击你认为 α-β 会剪去的结点（再点一次取消）。",
            ));
            if let Some(score) = session.guess_score() {
                ui.label(
                    RichText::new(pick(
                        &format!(
                            "Cut off and marked: {}; cut off but not marked: {}; marked but searched: {}",
                            score.hits, score.missed, score.wrong
                        ),
                        &format!(
                            "标对的剪枝：{}；漏标：{}；标错（实际被搜索）：{}",
                            score.hits, score.missed, score.wrong
                        ),
                    ))
                    .strong()
                    .size(big),
                );
            }
        }
    }

    fn compare(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let shown = self.session.shown().len();
        self.update_leaf_counts(shown);
        // Beside the cards, so they keep the window's height for their trees.
        let plot_width = (ui.available_width() * 0.3).clamp(220.0, 560.0);
        egui::Panel::right("game_plot")
            .resizable(false)
            .exact_size(plot_width)
            .show(ui, |ui| self.plot(ui, shown));
        egui::CentralPanel::default().show(ui, |ui| {
            let columns = if shown <= 2 { shown } else { 2 };
            let rows = shown.div_ceil(columns);
            let room = ui.available_rect_before_wrap();
            let gap = 8.0;
            let cell = vec2(
                (room.width() - gap * (columns - 1) as f32) / columns as f32,
                (room.height() - gap * (rows - 1) as f32) / rows as f32,
            );
            let text_size = egui::TextStyle::Body.resolve(ui.style()).size;
            for i in 0..shown {
                let (row, column) = (i / columns, i % columns);
                let min =
                    room.min + vec2(column as f32 * (cell.x + gap), row as f32 * (cell.y + gap));
                let rect = egui::Rect::from_min_size(min, cell);
                self.picture(i);
                let picture = &self.pictures[i].2;
                let lane = &self.session.lanes[i];
                let removable = self.session.settings.lanes.len() > 2;
                let settings = self.session.settings.lanes[i];
                ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
                    ui.set_clip_rect(rect);
                    ui.horizontal(|ui| {
                        ui.label(
                            RichText::new(format!("■ {}", i + 1))
                                .strong()
                                .size(text_size * 1.2)
                                .color(lane_color(i)),
                        );
                        // Two pickers and the ✕ within the card.
                        let width = (ui.available_width() - 60.0) / 2.0 - 24.0;
                        lane_pickers(ui, i, settings, Some(width), commands);
                        if removable && ui.small_button("✕").clicked() {
                            commands.push(Command::Game(GameCommand::RemoveLane(i)));
                        }
                    });
                    lane_header(ui, lane);
                    // A card shows its whole tree, smaller if it must: the lanes are compared
                    // at a glance.
                    let size = ui.available_size();
                    let wanted = tree_paint::wanted_width(picture, text_size);
                    let fit = (size.x / wanted).min(1.0);
                    paint_tree(ui, picture, size, text_size * fit, &[], false);
                });
            }
        });
    }

    /// Extends each lane's count of leaves evaluated to its current step.
    fn update_leaf_counts(&mut self, shown: usize) {
        self.leaf_counts.resize_with(shown, Vec::new);
        for (i, counts) in self.leaf_counts.iter_mut().enumerate() {
            let lane = &self.session.lanes[i];
            counts.truncate(lane.steps());
            let mut total = counts.last().copied().unwrap_or(0);
            for index in counts.len()..lane.steps() {
                let step = lane.step_at(index);
                let entered = !matches!(step.kind, crate::search::game::StepKind::Return { .. });
                if entered && lane.node(step.node).leaf.is_some() {
                    total += 1;
                }
                counts.push(total);
            }
        }
    }

    fn plot(&self, ui: &mut Ui, shown: usize) {
        ui.label(
            RichText::new(pick(
                "Leaves evaluated against step",
                "已估值的叶结点数—步数",
            ))
            .strong(),
        );
        // No legend: each line has its lane's colour, as the lane's title above it does.
        Plot::new("game_leaves")
            .allow_scroll(false)
            .include_x(0.0)
            .include_y(0.0)
            .show(ui, |plot| {
                for i in 0..shown {
                    let lane = &self.session.lanes[i];
                    let name = format!("{} {}", i + 1, lane_title(lane));
                    let counts = &self.leaf_counts[i];
                    let every = (counts.len() / 2000).max(1);
                    let mut points: Vec<[f64; 2]> = std::iter::once([0.0, 0.0])
                        .chain(
                            counts
                                .iter()
                                .enumerate()
                                .step_by(every)
                                .map(|(k, c)| [(k + 1) as f64, f64::from(*c)]),
                        )
                        .collect();
                    if let Some(last) = counts.last() {
                        points.push([counts.len() as f64, f64::from(*last)]);
                    }
                    plot.line(
                        Line::new(name, egui_plot::PlotPoints::from(points))
                            .color(lane_color(i))
                            .width(3.0),
                    );
                }
            });
    }
}

fn lane_title(lane: &GameSearch<AnyGame>) -> String {
    format!(
        "{} · {}",
        crate::i18n::game_algorithm(lane.config().algorithm),
        crate::i18n::child_order(lane.config().order)
    )
}

/// Lane `i`'s colour: its title and its line in the plot.
fn lane_color(i: usize) -> egui::Color32 {
    const COLORS: [egui::Color32; MAX_GAME_LANES] = [
        egui::Color32::from_rgb(80, 160, 240),
        egui::Color32::from_rgb(240, 150, 50),
        egui::Color32::from_rgb(90, 190, 110),
        egui::Color32::from_rgb(210, 100, 210),
    ];
    COLORS[i % MAX_GAME_LANES]
}

/// A card's counts under its pickers.
fn lane_header(ui: &mut Ui, lane: &GameSearch<AnyGame>) {
    let stats = lane.stats();
    let status = match lane.status() {
        GameStatus::Done { value, .. } => pick(
            &format!(" · value {}", value_text(value)),
            &format!(" · 值 {}", value_text(value)),
        ),
        GameStatus::LimitReached => format!(" · {}", crate::i18n::node_limit_reached()),
        GameStatus::Running => String::new(),
    };
    ui.label(
        RichText::new(pick(
            &format!(
                "leaves {} · visited {} · α cuts {} · β cuts {}{status}",
                stats.leaves, stats.visited, stats.alpha_cuts, stats.beta_cuts
            ),
            &format!(
                "叶结点 {} · 访问 {} · α剪枝 {} · β剪枝 {}{status}",
                stats.leaves, stats.visited, stats.alpha_cuts, stats.beta_cuts
            ),
        ))
        .strong(),
    );
}

fn counts_grid(ui: &mut Ui, lane: &GameSearch<AnyGame>, big: f32) {
    let stats = lane.stats();
    let rows = [
        (pick("Nodes visited", "访问的结点"), stats.visited),
        (pick("Leaves evaluated", "估值的叶结点"), stats.leaves),
        (pick("α cuts", "α剪枝"), stats.alpha_cuts),
        (pick("β cuts", "β剪枝"), stats.beta_cuts),
        (pick("Children cut off", "剪去的子结点"), stats.pruned),
    ];
    egui::Grid::new("game_counts")
        .num_columns(2)
        .show(ui, |ui| {
            for (title, value) in rows {
                // Monospace where α and β must not read as a and b.
                let mut title = RichText::new(title).size(big);
                if value_is_greek(&title) {
                    title = title.monospace();
                }
                ui.label(title);
                ui.label(RichText::new(value.to_string()).size(big).strong());
                ui.end_row();
            }
            if lane.stats().iterations > 1 {
                ui.label(RichText::new(pick("Iteration", "迭代")).size(big));
                ui.label(
                    RichText::new(lane.stats().iterations.to_string())
                        .size(big)
                        .strong(),
                );
                ui.end_row();
            }
        });
}

fn value_is_greek(text: &RichText) -> bool {
    text.text().contains(['α', 'β'])
}

fn root_picker(ui: &mut Ui, root: Player, commands: &mut Vec<Command>) {
    ui.label(pick("Root:", "根结点："));
    for player in [Player::Max, Player::Min] {
        if ui.selectable_label(root == player, player.word()).clicked() && root != player {
            commands.push(Command::Game(GameCommand::SetRoot(player)));
        }
    }
}

/// A number field named for screen readers and tests; true if it changed.
fn spin<N: egui::emath::Numeric>(
    ui: &mut Ui,
    value: &mut N,
    range: std::ops::RangeInclusive<N>,
    name: &str,
) -> bool {
    let response = ui.add(DragValue::new(value).range(range));
    let name = name.to_owned();
    response
        .widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::SpinButton, true, &name));
    response.changed()
}

fn random_row(ui: &mut Ui, random: RandomTree, commands: &mut Vec<Command>) {
    let mut next = random;
    let mut changed = false;
    ui.label(pick("Children:", "子结点数："));
    changed |= spin(
        ui,
        &mut next.fewest,
        1..=10,
        &pick("Fewest children", "最少子结点数"),
    );
    ui.label("–");
    changed |= spin(
        ui,
        &mut next.most,
        1..=10,
        &pick("Most children", "最多子结点数"),
    );
    ui.label(pick("Depth:", "深度："));
    changed |= spin(ui, &mut next.depth, 1..=8, &pick("Depth", "深度"));
    ui.label(pick("Values:", "取值："));
    changed |= spin(
        ui,
        &mut next.low,
        -999..=999,
        &pick("Lowest value", "最小值"),
    );
    ui.label("–");
    changed |= spin(
        ui,
        &mut next.high,
        -999..=999,
        &pick("Highest value", "最大值"),
    );
    ui.label(pick("Seed:", "种子："));
    changed |= spin(ui, &mut next.seed, 0..=u64::MAX, &pick("Seed", "种子"));
    if changed {
        commands.push(Command::Game(GameCommand::SetRandom(next)));
    }
    if ui.button(pick("New tree", "换一棵")).clicked() {
        commands.push(Command::Game(GameCommand::NewSeed));
    }
}

/// Gives a widget drawn without a label its name for screen readers and tests.
fn named(response: &egui::Response, name: &str) {
    let name = name.to_owned();
    response
        .widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::ComboBox, true, &name));
}

fn lane_pickers(
    ui: &mut Ui,
    i: usize,
    lane: GameLaneSettings,
    width: Option<f32>,
    commands: &mut Vec<Command>,
) {
    let mut algorithm_box = ComboBox::from_id_salt(("game_algorithm", i));
    let mut order_box = ComboBox::from_id_salt(("game_order", i));
    if let Some(width) = width {
        algorithm_box = algorithm_box.width(width);
        order_box = order_box.width(width);
    }
    let response = algorithm_box
        .selected_text(crate::i18n::game_algorithm(lane.algorithm))
        .show_ui(ui, |ui| {
            for algorithm in GameAlgorithm::ALL {
                if ui
                    .selectable_label(
                        lane.algorithm == algorithm,
                        crate::i18n::game_algorithm(algorithm),
                    )
                    .clicked()
                {
                    commands.push(Command::Game(GameCommand::SetLane(
                        i,
                        GameLaneSettings { algorithm, ..lane },
                    )));
                }
            }
        })
        .response;
    named(&response, &pick("Algorithm", "算法"));
    let response = order_box
        .selected_text(crate::i18n::child_order(lane.order))
        .show_ui(ui, |ui| {
            for order in ChildOrder::ALL {
                if ui
                    .selectable_label(lane.order == order, crate::i18n::child_order(order))
                    .clicked()
                {
                    commands.push(Command::Game(GameCommand::SetLane(
                        i,
                        GameLaneSettings { order, ..lane },
                    )));
                }
            }
        })
        .response;
    named(&response, &pick("Child order", "子结点次序"));
    response.on_hover_text(pick(
            "Best first sorts each node's children by the static evaluation (a written tree: by their true values), the best for the player to move first.",
            "好的先走：按静态估值给子结点排序（手写的树按其真实值），对走棋一方最好的先搜。",
        ));
}
