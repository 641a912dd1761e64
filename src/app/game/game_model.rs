//! The game-tree workspace's model (no drawing): what the class typed or chose (a written
//! tree, a random tree, a tic-tac-toe position), the searches run side by side on it, stepping
//! them in lock-step, the exercise's score, and the commands that change all of it.
//!
//! A game is searched by the game engine ([`GameSearch`]), not by the state-space searches
//! the other domains share: its nodes carry values for two players rather than path costs.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::game_text::{FineStep, peek};
use crate::domains::game::{GameTree, Position as Board, TREE_PRESETS, TicTacToe, TicTacToeEval};
use crate::search::NodeId;
use crate::search::game::{
    ChildOrder, CutKind, DEFAULT_NODE_LIMIT, Game, GameAlgorithm, GameConfig, GameSearch,
    GameStatus, Player, StepKind, Value, Visit, value_text,
};

/// The most searches compared side by side.
pub const MAX_GAME_LANES: usize = 4;
/// The deepest tic-tac-toe search offered (the game has nine moves).
pub const MAX_TICTACTOE_DEPTH: u32 = 9;

/// Where the game tree comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameSource {
    /// A tree typed in nested-list notation.
    #[default]
    Written,
    /// A random tree from a seed.
    Random,
    /// Tic-tac-toe from a position.
    TicTacToe,
}

impl GameSource {
    pub const ALL: [GameSource; 3] = [
        GameSource::Written,
        GameSource::Random,
        GameSource::TicTacToe,
    ];
}

/// A random tree's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RandomTree {
    pub fewest: usize,
    pub most: usize,
    pub depth: usize,
    pub low: Value,
    pub high: Value,
    pub seed: u64,
}

impl Default for RandomTree {
    fn default() -> RandomTree {
        RandomTree {
            fewest: 2,
            most: 3,
            depth: 3,
            low: 0,
            high: 20,
            seed: 1,
        }
    }
}

/// One search of the workspace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLaneSettings {
    pub algorithm: GameAlgorithm,
    pub order: ChildOrder,
}

/// What the workspace remembers between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameSettings {
    pub source: GameSource,
    /// The tree as typed, kept as it is even while it does not parse.
    pub tree_text: String,
    pub root: Player,
    pub random: RandomTree,
    /// The tic-tac-toe position as typed.
    pub board_text: String,
    /// Tic-tac-toe: moves searched before the evaluation takes over; 0 to the end of the game.
    pub depth: u32,
    pub eval: TicTacToeEval,
    /// Tic-tac-toe: iterative deepening up to the depth.
    pub iterative: bool,
    /// The searches: the first in the single view, all of them side by side in compare.
    pub lanes: Vec<GameLaneSettings>,
    pub compare: bool,
    /// Exercise: predict each backed-up value, and mark the branches that will be cut.
    pub exercise: bool,
    pub show_pseudocode: bool,
    /// Play and Run to end stop after a step that cuts.
    pub stop_at_cuts: bool,
    /// Step shows the next step's pseudocode lines one at a time, then takes it.
    pub fine_step: bool,
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings {
            source: GameSource::Written,
            tree_text: TREE_PRESETS[0].text.to_owned(),
            root: Player::Max,
            random: RandomTree::default(),
            board_text: "X.O/.X./...".to_owned(),
            depth: 2,
            eval: TicTacToeEval::OpenLines,
            iterative: false,
            lanes: vec![
                GameLaneSettings {
                    algorithm: GameAlgorithm::AlphaBeta,
                    order: ChildOrder::AsGiven,
                },
                GameLaneSettings {
                    algorithm: GameAlgorithm::Minimax,
                    order: ChildOrder::AsGiven,
                },
            ],
            compare: false,
            exercise: false,
            show_pseudocode: true,
            stop_at_cuts: false,
            fine_step: false,
        }
    }
}

impl GameSettings {
    /// Puts values a hand-edited file may hold back in range; true if anything changed.
    pub fn sanitize(&mut self) -> bool {
        let before = self.clone();
        if self.lanes.is_empty() {
            self.lanes = GameSettings::default().lanes;
        }
        self.lanes.truncate(MAX_GAME_LANES);
        self.depth = self.depth.min(MAX_TICTACTOE_DEPTH);
        self.random.fewest = self.random.fewest.clamp(1, 10);
        self.random.most = self.random.most.clamp(self.random.fewest, 10);
        self.random.depth = self.random.depth.clamp(1, 8);
        if self.random.low > self.random.high {
            std::mem::swap(&mut self.random.low, &mut self.random.high);
        }
        self.random.low = self.random.low.clamp(-999, 999);
        self.random.high = self.random.high.clamp(-999, 999);
        *self != before
    }

    /// The lanes shown: all in compare, the first alone otherwise.
    pub fn shown_lanes(&self) -> usize {
        if self.compare {
            self.lanes.len().max(1)
        } else {
            1
        }
    }
}

/// The game of either kind, as the engine searches it.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Shared by every lane.
    Tree(Arc<GameTree>),
    TicTacToe(TicTacToe),
}

/// A position of either kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    Node(u32),
    Board(Board),
}

impl Game for AnyGame {
    type Position = AnyPosition;
    /// A written tree's child number, or tic-tac-toe's square.
    type Move = u32;
    type Eval = TicTacToeEval;

    fn root(&self) -> AnyPosition {
        match self {
            AnyGame::Tree(tree) => AnyPosition::Node(tree.root()),
            AnyGame::TicTacToe(game) => AnyPosition::Board(game.root()),
        }
    }

    fn to_move(&self, position: &AnyPosition) -> Player {
        match (self, position) {
            (AnyGame::Tree(tree), AnyPosition::Node(n)) => tree.to_move(n),
            (AnyGame::TicTacToe(game), AnyPosition::Board(b)) => game.to_move(b),
            _ => unreachable!("a position of another game"),
        }
    }

    fn moves(&self, position: &AnyPosition, out: &mut Vec<(u32, AnyPosition)>) {
        let mut moves = Vec::new();
        match (self, position) {
            (AnyGame::Tree(tree), AnyPosition::Node(n)) => {
                tree.moves(n, &mut moves);
                out.extend(moves.into_iter().map(|(m, p)| (m, AnyPosition::Node(p))));
            }
            (AnyGame::TicTacToe(game), AnyPosition::Board(b)) => {
                let mut squares = Vec::new();
                game.moves(b, &mut squares);
                out.extend(
                    squares
                        .into_iter()
                        .map(|(m, p)| (u32::from(m), AnyPosition::Board(p))),
                );
            }
            _ => unreachable!("a position of another game"),
        }
    }

    fn utility(&self, position: &AnyPosition) -> Value {
        match (self, position) {
            (AnyGame::Tree(tree), AnyPosition::Node(n)) => tree.utility(n),
            (AnyGame::TicTacToe(game), AnyPosition::Board(b)) => game.utility(b),
            _ => unreachable!("a position of another game"),
        }
    }

    fn evaluate(&self, which: TicTacToeEval, position: &AnyPosition) -> Value {
        match (self, position) {
            (AnyGame::Tree(tree), AnyPosition::Node(n)) => tree.evaluate((), n),
            (AnyGame::TicTacToe(game), AnyPosition::Board(b)) => game.evaluate(which, b),
            _ => unreachable!("a position of another game"),
        }
    }

    fn known_tree(&self) -> bool {
        matches!(self, AnyGame::Tree(_))
    }

    fn describe(&self, position: &AnyPosition) -> String {
        match (self, position) {
            (AnyGame::Tree(tree), AnyPosition::Node(n)) => tree.describe(n),
            (AnyGame::TicTacToe(game), AnyPosition::Board(b)) => game.describe(b),
            _ => unreachable!("a position of another game"),
        }
    }

    fn describe_move(&self, mv: &u32) -> String {
        (mv + 1).to_string()
    }

    fn label(&self, position: &AnyPosition, mv: Option<&u32>) -> String {
        match (self, position) {
            (AnyGame::Tree(tree), AnyPosition::Node(n)) => tree.label(n, mv),
            (AnyGame::TicTacToe(game), AnyPosition::Board(b)) => {
                let square = mv.map(|m| *m as u8);
                game.label(b, square.as_ref())
            }
            _ => unreachable!("a position of another game"),
        }
    }
}

/// One change the user asks of the workspace.
#[derive(Clone, Debug, PartialEq)]
pub enum GameCommand {
    Step,
    StepBack,
    TogglePlay,
    RunToEnd,
    Reset,
    Seek(usize),
    SetSource(GameSource),
    SetTreeText(String),
    Preset(usize),
    SetRoot(Player),
    SetRandom(RandomTree),
    NewSeed,
    SetBoardText(String),
    SetDepth(u32),
    SetEval(TicTacToeEval),
    SetIterative(bool),
    SetLane(usize, GameLaneSettings),
    AddLane,
    RemoveLane(usize),
    SetCompare(bool),
    SetExercise(bool),
    SetPseudocode(bool),
    SetStopAtCuts(bool),
    /// Step shows the next step's pseudocode lines one at a time.
    SetFineStep(bool),
    /// Exercise: the class's value for the node the next step returns to; the step is taken.
    Predict(String),
    /// Exercise: mark or unmark a node the class thinks will be cut off.
    ToggleGuess(NodeId),
}

/// How the workspace is running.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GameRun {
    #[default]
    Paused,
    Playing,
    ToEnd,
}

/// The exercise's record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameExercise {
    pub right: u32,
    pub asked: u32,
    /// What the latest prediction was told.
    pub verdict: Option<(bool, String)>,
    /// The nodes the class marked as going to be cut off (lane 0's ids).
    pub guesses: Vec<NodeId>,
}

/// How the marked cuts compare with alpha-beta's, once it is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuessScore {
    /// Marked and cut off.
    pub hits: u32,
    /// Cut off but not marked.
    pub missed: u32,
    /// Marked but visited.
    pub wrong: u32,
}

/// The workspace: its settings and the searches on them.
pub struct GameSession {
    pub settings: GameSettings,
    /// The game the settings describe, or why they do not describe one (shown beside the
    /// field, whose text is kept).
    pub game: Result<AnyGame, String>,
    pub lanes: Vec<GameSearch<AnyGame>>,
    /// Why a lane could not start.
    pub lane_error: Option<String>,
    pub run: GameRun,
    /// Steps per second while playing.
    pub speed: f64,
    /// Steps owed to playback between frames.
    owed: f64,
    pub exercise: GameExercise,
    /// One line on what happened last (a breakpoint, the end).
    pub message: Option<String>,
    /// The most steps the lanes have reached since they started: the timeline's end.
    pub furthest: usize,
    /// The memory all lanes together may hold (the window's budget); stepping stops there.
    pub budget_bytes: usize,
    /// Stepping line by line: the first lane's next step, its lines shown so far.
    pub fine: Option<FineStep>,
    /// Counts the times the lanes were started again, so what a view keeps of them (their
    /// pictures, their plot) is known to be stale.
    pub generation: u64,
}

impl GameSession {
    /// A workspace on these settings.
    pub fn new(mut settings: GameSettings) -> GameSession {
        settings.sanitize();
        let mut session = GameSession {
            settings,
            game: Err(String::new()),
            lanes: Vec::new(),
            lane_error: None,
            run: GameRun::Paused,
            speed: 2.0,
            owed: 0.0,
            exercise: GameExercise::default(),
            message: None,
            furthest: 0,
            budget_bytes: usize::MAX,
            fine: None,
            generation: 0,
        };
        session.rebuild();
        session
    }

    /// Reads the game from the settings and starts every lane again.
    pub fn rebuild(&mut self) {
        self.game = game_of(&self.settings);
        self.restart();
    }

    /// Starts every lane again on the same game.
    fn restart(&mut self) {
        self.run = GameRun::Paused;
        self.message = None;
        self.exercise.verdict = None;
        self.exercise.guesses.clear();
        self.furthest = 0;
        self.generation += 1;
        self.lanes.clear();
        self.lane_error = None;
        let Ok(game) = &self.game else {
            return;
        };
        for lane in &self.settings.lanes {
            match GameSearch::try_new(game.clone(), config_of(&self.settings, *lane, game)) {
                Ok(search) => self.lanes.push(search),
                Err(err) => {
                    self.lane_error = Some(err.to_string());
                    self.lanes.clear();
                    return;
                }
            }
        }
    }

    /// The lanes shown now.
    pub fn shown(&self) -> &[GameSearch<AnyGame>] {
        let n = self.settings.shown_lanes().min(self.lanes.len());
        &self.lanes[..n]
    }

    /// Steps taken by the first lane (all shown lanes move together).
    pub fn steps(&self) -> usize {
        self.lanes.first().map_or(0, GameSearch::steps)
    }

    /// The most steps any shown lane has taken.
    pub fn max_steps(&self) -> usize {
        self.shown()
            .iter()
            .map(GameSearch::steps)
            .max()
            .unwrap_or(0)
    }

    /// Whether every shown lane is finished.
    pub fn finished(&self) -> bool {
        self.shown().iter().all(|l| !l.status().is_running())
    }

    /// One step in every shown lane that can go on; true if any moved. Stops playback at a
    /// cut when asked to.
    fn step_all(&mut self) -> bool {
        let n = self.settings.shown_lanes().min(self.lanes.len());
        if self.memory_bytes() >= self.budget_bytes && !self.finished() {
            self.run = GameRun::Paused;
            self.message = Some(crate::i18n::pick(
                &format!(
                    "Stopped: the searches hold {} MB, the memory budget.",
                    self.budget_bytes >> 20
                ),
                &format!(
                    "已停止：搜索占用 {} MB，达到内存预算。",
                    self.budget_bytes >> 20
                ),
            ));
            return false;
        }
        let mut moved = false;
        let mut cut = None;
        for lane in &mut self.lanes[..n] {
            if let Some(step) = lane.step() {
                moved = true;
                if let Some(c) = step.cut {
                    cut.get_or_insert(c.kind);
                }
            }
        }
        if let Some(kind) = cut
            && self.settings.stop_at_cuts
            && self.run != GameRun::Paused
        {
            self.run = GameRun::Paused;
            self.message = Some(crate::i18n::pick(
                &format!("Stopped at a cut: {}", cut_word(kind, false)),
                &format!("在剪枝处停下：{}", cut_word(kind, true)),
            ));
        }
        moved
    }

    /// Applies one command.
    pub fn apply(&mut self, command: GameCommand) {
        self.apply_one(command);
        self.furthest = self.furthest.max(self.max_steps());
    }

    fn apply_one(&mut self, command: GameCommand) {
        // Anything but the next line leaves the step being shown line by line.
        if command != GameCommand::Step {
            self.fine = None;
        }
        match command {
            GameCommand::Step if self.settings.fine_step && self.settings.show_pseudocode => {
                self.run = GameRun::Paused;
                self.message = None;
                self.next_line();
            }
            GameCommand::Step => {
                self.run = GameRun::Paused;
                self.message = None;
                self.step_all();
            }
            GameCommand::StepBack => {
                self.run = GameRun::Paused;
                self.message = None;
                let n = self.settings.shown_lanes().min(self.lanes.len());
                let target = self.max_steps().saturating_sub(1);
                for lane in &mut self.lanes[..n] {
                    // A lane that finished early stays at its end until the others come back.
                    if lane.steps() > target {
                        lane.step_back();
                    }
                }
            }
            GameCommand::TogglePlay => {
                self.message = None;
                self.run = if self.run == GameRun::Playing {
                    GameRun::Paused
                } else {
                    GameRun::Playing
                };
                self.owed = 0.0;
            }
            GameCommand::RunToEnd => {
                self.message = None;
                self.run = if self.run == GameRun::ToEnd {
                    GameRun::Paused
                } else {
                    GameRun::ToEnd
                };
            }
            GameCommand::Reset => self.restart(),
            GameCommand::Seek(target) => {
                self.run = GameRun::Paused;
                let n = self.settings.shown_lanes().min(self.lanes.len());
                for lane in &mut self.lanes[..n] {
                    lane.seek(target);
                }
            }
            GameCommand::SetSource(source) => {
                self.settings.source = source;
                self.rebuild();
            }
            GameCommand::SetTreeText(text) => {
                self.settings.tree_text = text;
                self.rebuild();
            }
            GameCommand::Preset(i) => {
                if let Some(preset) = TREE_PRESETS.get(i) {
                    self.settings.source = GameSource::Written;
                    self.settings.tree_text = preset.text.to_owned();
                    self.settings.root = preset.root;
                    self.rebuild();
                }
            }
            GameCommand::SetRoot(root) => {
                self.settings.root = root;
                self.rebuild();
            }
            GameCommand::SetRandom(random) => {
                self.settings.random = random;
                self.settings.sanitize();
                self.rebuild();
            }
            GameCommand::NewSeed => {
                self.settings.random.seed = self.settings.random.seed.wrapping_add(1);
                self.rebuild();
            }
            GameCommand::SetBoardText(text) => {
                self.settings.board_text = text;
                self.rebuild();
            }
            GameCommand::SetDepth(depth) => {
                self.settings.depth = depth.min(MAX_TICTACTOE_DEPTH);
                self.restart();
            }
            GameCommand::SetEval(eval) => {
                self.settings.eval = eval;
                self.restart();
            }
            GameCommand::SetIterative(on) => {
                self.settings.iterative = on;
                self.restart();
            }
            GameCommand::SetLane(i, lane) => {
                if let Some(slot) = self.settings.lanes.get_mut(i) {
                    *slot = lane;
                    self.restart();
                }
            }
            GameCommand::AddLane => {
                if self.settings.lanes.len() < MAX_GAME_LANES {
                    let next = next_lane(&self.settings.lanes);
                    self.settings.lanes.push(next);
                    self.restart();
                }
            }
            GameCommand::RemoveLane(i) => {
                if self.settings.lanes.len() > 2 && i < self.settings.lanes.len() {
                    self.settings.lanes.remove(i);
                    self.restart();
                }
            }
            GameCommand::SetCompare(on) => {
                self.settings.compare = on;
                if on && self.settings.lanes.len() < 2 {
                    let next = next_lane(&self.settings.lanes);
                    self.settings.lanes.push(next);
                }
                self.restart();
            }
            GameCommand::SetExercise(on) => {
                self.settings.exercise = on;
                self.exercise = GameExercise::default();
                self.restart();
            }
            GameCommand::SetPseudocode(on) => self.settings.show_pseudocode = on,
            GameCommand::SetStopAtCuts(on) => self.settings.stop_at_cuts = on,
            GameCommand::SetFineStep(on) => self.settings.fine_step = on,
            GameCommand::Predict(text) => self.predict(&text),
            GameCommand::ToggleGuess(id) => {
                if let Some(at) = self.exercise.guesses.iter().position(|g| *g == id) {
                    self.exercise.guesses.remove(at);
                } else {
                    self.exercise.guesses.push(id);
                }
            }
        }
    }

    /// Line by line: shows one more line of the first lane's next step; with its last line
    /// shown, takes the step in every lane.
    fn next_line(&mut self) {
        let fine = match self.fine.take() {
            Some(fine) => Some(fine),
            None => self.lanes.first_mut().and_then(peek),
        };
        let Some(mut fine) = fine else {
            return;
        };
        if fine.shown < fine.lines.len() {
            fine.shown += 1;
        }
        if fine.shown < fine.lines.len() {
            self.fine = Some(fine);
        } else {
            self.step_all();
        }
    }

    /// What the exercise asks before the next step: the node the step returns to, if it
    /// backs up a value (entering a node is not asked: a leaf's value is printed on it).
    pub fn question(&self) -> Option<NodeId> {
        let lane = self.lanes.first()?;
        if !lane.status().is_running() {
            return None;
        }
        let current = lane.current()?;
        let node = lane.node(current);
        if node.visit == Visit::Done {
            node.parent
        } else {
            None
        }
    }

    /// Exercise: takes the class's value for the node the next step returns to, steps, and
    /// says whether it was right.
    fn predict(&mut self, text: &str) {
        let Some(asked) = self.question() else {
            self.apply(GameCommand::Step);
            return;
        };
        let guess = parse_value(text);
        self.step_all();
        let lane = &self.lanes[0];
        let node = lane.node(asked);
        let value = node.value.expect("a node returned to has a value");
        let name = crate::tree::game::node_label(lane, asked);
        let shown = crate::tree::game::value_shown(lane, asked);
        self.exercise.asked += 1;
        let right = guess == Some(value);
        if right {
            self.exercise.right += 1;
        }
        let verdict = match (right, guess) {
            (true, _) => crate::i18n::pick(
                &format!("Right: {name} is now {shown}."),
                &format!("对：{name} 现在是 {shown}。"),
            ),
            (false, Some(g)) => crate::i18n::pick(
                &format!(
                    "{name} is now {shown}, not {}: {}",
                    value_text(g),
                    why(lane, asked, false)
                ),
                &format!(
                    "{name} 现在是 {shown}，不是 {}：{}",
                    value_text(g),
                    why(lane, asked, true)
                ),
            ),
            (false, None) => crate::i18n::pick(
                &format!("“{text}” is not a number. {name} is now {shown}."),
                &format!("“{text}”不是数。{name} 现在是 {shown}。"),
            ),
        };
        self.exercise.verdict = Some((right, verdict));
    }

    /// The marked cuts against alpha-beta's, once lane 0 is a finished alpha-beta search.
    pub fn guess_score(&self) -> Option<GuessScore> {
        let lane = self.lanes.first()?;
        if lane.status().is_running() || lane.config().algorithm != GameAlgorithm::AlphaBeta {
            return None;
        }
        let cut_off: Vec<NodeId> = lane
            .cuts()
            .iter()
            .flat_map(|c| (0..c.children).map(move |k| NodeId(c.first_pruned.0 + k)))
            .collect();
        let guesses = &self.exercise.guesses;
        let hits = guesses.iter().filter(|g| cut_off.contains(g)).count() as u32;
        Some(GuessScore {
            hits,
            missed: cut_off.len() as u32 - hits,
            wrong: guesses.len() as u32 - hits,
        })
    }

    /// Advances playback or a run to the end by the time since the last frame; a run to the
    /// end takes at most `slice` of work a frame so the window keeps drawing.
    pub fn advance(&mut self, dt: f64, slice: Duration) {
        match self.run {
            GameRun::Paused => {}
            GameRun::Playing => {
                self.owed += dt * self.speed;
                while self.owed >= 1.0 && self.run == GameRun::Playing {
                    self.owed -= 1.0;
                    if !self.step_all() {
                        self.run = GameRun::Paused;
                    }
                }
            }
            GameRun::ToEnd => {
                let start = Instant::now();
                while self.run == GameRun::ToEnd && start.elapsed() < slice {
                    for _ in 0..256 {
                        if !self.step_all() {
                            self.run = GameRun::Paused;
                            break;
                        }
                        if self.run != GameRun::ToEnd {
                            break;
                        }
                    }
                }
            }
        }
        self.furthest = self.furthest.max(self.max_steps());
        if self.run == GameRun::Paused && self.finished() && self.message.is_none() {
            self.message = self.lanes.first().and_then(|lane| match lane.status() {
                GameStatus::LimitReached => Some(crate::i18n::node_limit_reached().to_owned()),
                _ => None,
            });
        }
    }

    /// The bytes the shown lanes hold.
    pub fn memory_bytes(&self) -> usize {
        self.shown().iter().map(GameSearch::memory_bytes).sum()
    }

    /// Whether the workspace needs frames without input.
    pub fn is_busy(&self) -> bool {
        self.run != GameRun::Paused
    }
}

/// The sentence on why a backed-up value is what it is.
fn why(lane: &GameSearch<AnyGame>, id: NodeId, zh: bool) -> String {
    let node = lane.node(id);
    match (node.player, zh) {
        (Player::Max, false) => "MAX takes the largest of its children's values".to_owned(),
        (Player::Min, false) => "MIN takes the smallest of its children's values".to_owned(),
        (Player::Max, true) => "MAX 取子结点值中最大的".to_owned(),
        (Player::Min, true) => "MIN 取子结点值中最小的".to_owned(),
    }
}

fn cut_word(kind: CutKind, zh: bool) -> &'static str {
    match (kind, zh) {
        (CutKind::Alpha, false) => "α cut",
        (CutKind::Beta, false) => "β cut",
        (CutKind::Alpha, true) => "α剪枝",
        (CutKind::Beta, true) => "β剪枝",
    }
}

/// A value typed by the class: a whole number, `+∞`, `-∞`, `inf`.
pub fn parse_value(text: &str) -> Option<Value> {
    let t = text.trim().replace('−', "-").replace(['≤', '≥', ' '], "");
    match t.to_ascii_lowercase().as_str() {
        "∞" | "+∞" | "inf" | "+inf" => Some(crate::search::game::INFINITY),
        "-∞" | "-inf" => Some(-crate::search::game::INFINITY),
        other => other
            .parse::<i64>()
            .ok()
            .and_then(|v| Value::try_from(v).ok()),
    }
}

/// A lane unlike the ones there: the next algorithm and order not yet compared.
fn next_lane(lanes: &[GameLaneSettings]) -> GameLaneSettings {
    let candidates = [
        (GameAlgorithm::AlphaBeta, ChildOrder::AsGiven),
        (GameAlgorithm::Minimax, ChildOrder::AsGiven),
        (GameAlgorithm::AlphaBeta, ChildOrder::BestFirst),
        (GameAlgorithm::AlphaBeta, ChildOrder::WorstFirst),
    ];
    candidates
        .into_iter()
        .map(|(algorithm, order)| GameLaneSettings { algorithm, order })
        .find(|c| !lanes.contains(c))
        .unwrap_or_default()
}

/// The game the settings describe, or the message for the field that does not.
pub fn game_of(settings: &GameSettings) -> Result<AnyGame, String> {
    match settings.source {
        GameSource::Written => GameTree::parse(&settings.tree_text, settings.root)
            .map(|tree| AnyGame::Tree(Arc::new(tree)))
            .map_err(|err| crate::i18n::tree_error(&err)),
        GameSource::Random => {
            let r = settings.random;
            GameTree::random_varied(
                r.fewest,
                r.most,
                r.depth,
                r.low,
                r.high,
                r.seed,
                settings.root,
            )
            .map(|tree| AnyGame::Tree(Arc::new(tree)))
            .map_err(|err| crate::i18n::tree_error(&err))
        }
        GameSource::TicTacToe => TicTacToe::parse(&settings.board_text)
            .map(AnyGame::TicTacToe)
            .map_err(|err| crate::i18n::tictactoe_error(&err)),
    }
}

/// A lane's engine settings.
pub fn config_of(
    settings: &GameSettings,
    lane: GameLaneSettings,
    game: &AnyGame,
) -> GameConfig<TicTacToeEval> {
    let mut config = GameConfig::new(lane.algorithm, settings.eval);
    config.order = lane.order;
    config.node_limit = DEFAULT_NODE_LIMIT;
    if let AnyGame::TicTacToe(_) = game {
        config.depth_limit = (settings.depth > 0).then_some(settings.depth);
        config.iterative = settings.iterative && settings.depth > 0;
    }
    config
}

/// The sentence describing a step of a lane, for the step panel.
pub fn step_sentence(lane: &GameSearch<AnyGame>, index: usize) -> String {
    use crate::tree::game::{node_label, value_shown};
    let step = lane.step_at(index);
    let name = node_label(lane, step.node);
    let node = lane.node(step.node);
    let mut text = match step.kind {
        StepKind::Enter | StepKind::NewIteration { .. } => {
            let iteration = match step.kind {
                StepKind::NewIteration { depth } => crate::i18n::pick(
                    &format!("New iteration to depth {depth}. "),
                    &format!("新一轮迭代，深度 {depth}。"),
                ),
                _ => String::new(),
            };
            match node.leaf {
                Some(_) => crate::i18n::pick(
                    &format!(
                        "{iteration}Enter leaf {name}: value {}.",
                        value_shown(lane, step.node)
                    ),
                    &format!(
                        "{iteration}进入叶结点 {name}：值 {}。",
                        value_shown(lane, step.node)
                    ),
                ),
                None => crate::i18n::pick(
                    &format!(
                        "{iteration}Enter {name} ({}) with α = {}, β = {}.",
                        node.player.word(),
                        value_text(node.alpha),
                        value_text(node.beta)
                    ),
                    &format!(
                        "{iteration}进入 {name}（{}），α\u{a0}=\u{a0}{}，β\u{a0}=\u{a0}{}。",
                        node.player.word(),
                        value_text(node.alpha),
                        value_text(node.beta)
                    ),
                ),
            }
        }
        StepKind::Return {
            child,
            before,
            after,
        } => {
            let child_name = node_label(lane, child);
            let child_value = lane.node(child).value.map(value_text).unwrap_or_default();
            let changed = before != Some(after);
            let shown = value_shown(lane, step.node);
            crate::i18n::pick(
                &format!(
                    "Back at {name} from {child_name} ({child_value}): {name} {} {shown}.",
                    if changed { "becomes" } else { "stays" }
                ),
                &format!(
                    "从 {child_name}（{child_value}）回到 {name}：{name} {} {shown}。",
                    if changed { "变为" } else { "仍为" }
                ),
            )
        }
    };
    if let Some(cut) = step.cut {
        let by = node_label(lane, cut.by);
        text.push(' ');
        text.push_str(&crate::i18n::cut_sentence(
            cut.kind, &name, cut.value, cut.bound, &by,
        ));
        text.push_str(&crate::i18n::pick(
            &format!(
                " — {} and {} cut off.",
                if cut.children == 1 {
                    "1 child".to_owned()
                } else {
                    format!("{} children", cut.children)
                },
                if cut.leaves == 1 {
                    "1 leaf".to_owned()
                } else {
                    format!("{} leaves", cut.leaves)
                }
            ),
            &format!(
                "——剪去 {} 个子结点、{} 个叶结点。",
                cut.children, cut.leaves
            ),
        ));
    }
    if step.done
        && node.parent.is_none()
        && let GameStatus::Done { value, best } = lane.status()
    {
        text.push(' ');
        let best = best.map(|b| node_label(lane, b));
        text.push_str(&crate::i18n::game_result(value, best.as_deref()));
    }
    text
}

/// A tic-tac-toe position's three rows, for a node's hover; `None` for a written tree's node.
pub fn board_rows(position: &AnyPosition) -> Option<[String; 3]> {
    let AnyPosition::Board(board) = position else {
        return None;
    };
    let text = board.to_string();
    let mut rows = text.split('/').map(str::to_owned);
    Some([
        rows.next().unwrap_or_default(),
        rows.next().unwrap_or_default(),
        rows.next().unwrap_or_default(),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(text: &str) -> GameSession {
        GameSession::new(GameSettings {
            tree_text: text.to_owned(),
            ..GameSettings::default()
        })
    }

    #[test]
    fn compared_lanes_step_together_and_back_from_where_the_longest_is() {
        let mut s = session("((3 12 8) (2 4 6) (14 5 2))");
        s.apply(GameCommand::SetCompare(true));
        assert_eq!(s.shown().len(), 2);
        s.apply(GameCommand::RunToEnd);
        s.advance(0.0, Duration::from_secs(5));
        // Alpha-beta finishes in fewer steps than minimax's 25.
        let (ab, mm) = (s.lanes[0].steps(), s.lanes[1].steps());
        assert_eq!(mm, 25);
        assert!(ab < mm);
        assert_eq!(s.furthest, 25);
        // Back one: only minimax moves; alpha-beta waits at its end until the step is its own.
        s.apply(GameCommand::StepBack);
        assert_eq!((s.lanes[0].steps(), s.lanes[1].steps()), (ab, 24));
        s.apply(GameCommand::Seek(ab - 1));
        assert_eq!((s.lanes[0].steps(), s.lanes[1].steps()), (ab - 1, ab - 1));
    }

    #[test]
    fn a_tree_that_does_not_parse_is_kept_and_said() {
        let mut s = session("((3 12 8) (2 4 6) (14 5 2))");
        s.apply(GameCommand::SetTreeText("((3 x))".to_owned()));
        assert!(s.lanes.is_empty());
        assert!(s.game.as_ref().unwrap_err().contains("character"));
        assert_eq!(s.settings.tree_text, "((3 x))");
        s.apply(GameCommand::SetTreeText("((3 1))".to_owned()));
        assert_eq!(s.lanes.len(), 2);
    }

    #[test]
    fn the_exercise_scores_each_backed_up_value() {
        let mut s = session("((3 12 8) (2 4 6) (14 5 2))");
        s.apply(GameCommand::SetExercise(true));
        // Enter A, B and B1: nothing to predict while entering.
        for _ in 0..3 {
            assert_eq!(s.question(), None);
            s.apply(GameCommand::Step);
        }
        let b = s.question().expect("back to B is asked");
        assert_eq!(crate::tree::game::node_label(&s.lanes[0], b), "B");
        s.apply(GameCommand::Predict("3".to_owned()));
        assert_eq!((s.exercise.right, s.exercise.asked), (1, 1));
        s.apply(GameCommand::Step);
        s.apply(GameCommand::Predict("12".to_owned()));
        assert_eq!((s.exercise.right, s.exercise.asked), (1, 2));
        let (right, verdict) = s.exercise.verdict.clone().unwrap();
        assert!(!right);
        assert!(verdict.contains("MIN takes the smallest"), "{verdict}");
        s.apply(GameCommand::Step);
        s.apply(GameCommand::Predict("three".to_owned()));
        assert_eq!(s.exercise.asked, 3);
        assert!(
            s.exercise
                .verdict
                .clone()
                .unwrap()
                .1
                .contains("not a number")
        );
    }

    #[test]
    fn marked_cuts_are_scored_against_alpha_betas() {
        let mut s = session("((3 12 8) (2 4 6) (14 5 2))");
        s.apply(GameCommand::SetExercise(true));
        let lane = &s.lanes[0];
        let by_name = |name: &str| {
            (0..lane.node_count() as u32)
                .map(NodeId)
                .find(|id| crate::tree::game::node_label(lane, *id) == name)
                .unwrap()
        };
        let (c2, d2, d3) = (by_name("C2"), by_name("D2"), by_name("D3"));
        s.apply(GameCommand::ToggleGuess(c2));
        s.apply(GameCommand::ToggleGuess(d3));
        s.apply(GameCommand::ToggleGuess(d2));
        s.apply(GameCommand::ToggleGuess(d2));
        s.apply(GameCommand::ToggleGuess(d2));
        assert_eq!(s.guess_score(), None, "scored only once the search is done");
        s.apply(GameCommand::RunToEnd);
        s.advance(0.0, Duration::from_secs(5));
        assert_eq!(
            s.guess_score(),
            Some(GuessScore {
                hits: 1,
                missed: 1,
                wrong: 2
            })
        );
    }

    #[test]
    fn stop_at_cuts_pauses_a_run_after_the_cut() {
        let mut s = session("((3 12 8) (2 4 6) (14 5 2))");
        s.apply(GameCommand::SetStopAtCuts(true));
        s.apply(GameCommand::RunToEnd);
        s.advance(0.0, Duration::from_secs(5));
        assert_eq!(s.run, GameRun::Paused);
        let lane = &s.lanes[0];
        assert!(lane.step_at(lane.steps() - 1).cut.is_some());
        assert!(lane.status().is_running());
        assert!(s.message.as_deref().unwrap().contains("α cut"));
    }

    #[test]
    fn line_by_line_shows_the_next_steps_lines_then_takes_it() {
        let mut s = session("((3 12 8) (2 4 6) (14 5 2))");
        s.apply(GameCommand::SetFineStep(true));
        // Entering the root runs four lines; the fourth press takes the step.
        for shown in 1..=3 {
            s.apply(GameCommand::Step);
            assert_eq!(s.lanes[0].steps(), 0);
            assert_eq!(s.fine.as_ref().unwrap().shown, shown);
        }
        let fine = s.fine.clone().unwrap();
        assert_eq!(fine.lines[0].1.as_deref(), Some("s = A, α = −∞, β = +∞"));
        s.apply(GameCommand::Step);
        assert_eq!(s.lanes[0].steps(), 1);
        assert_eq!(s.fine, None);
        // Part way into the next step, stepping back drops it and undoes the step before.
        s.apply(GameCommand::Step);
        assert!(s.fine.is_some());
        s.apply(GameCommand::StepBack);
        assert_eq!((s.lanes[0].steps(), s.fine.clone()), (0, None));
    }

    #[test]
    fn the_memory_budget_stops_stepping_with_a_message() {
        let mut s = GameSession::new(GameSettings {
            source: GameSource::TicTacToe,
            board_text: ".........".to_owned(),
            depth: 0,
            ..GameSettings::default()
        });
        s.budget_bytes = 200_000;
        s.apply(GameCommand::RunToEnd);
        s.advance(0.0, Duration::from_secs(5));
        assert_eq!(s.run, GameRun::Paused);
        assert!(s.lanes[0].status().is_running());
        assert!(s.memory_bytes() >= 200_000);
        assert!(s.memory_bytes() < 400_000, "{}", s.memory_bytes());
        assert!(s.message.as_deref().unwrap().contains("memory budget"));
        // Stepping stays refused until the budget grows.
        s.apply(GameCommand::Step);
        assert!(s.message.is_some());
    }

    #[test]
    fn settings_survive_a_file_and_are_put_back_in_range() {
        let mut settings = GameSettings {
            source: GameSource::TicTacToe,
            depth: 40,
            lanes: Vec::new(),
            ..GameSettings::default()
        };
        settings.random.low = 50;
        settings.random.high = -50;
        assert!(settings.sanitize());
        assert_eq!(settings.depth, MAX_TICTACTOE_DEPTH);
        assert_eq!(settings.lanes.len(), 2);
        assert!(settings.random.low <= settings.random.high);
        let json = serde_json::to_string(&settings).unwrap();
        let back: GameSettings = serde_json::from_str(&json).unwrap();
        assert_eq!(back, settings);
        // A file from before game trees has none of it.
        let old: GameSettings = serde_json::from_str("{}").unwrap();
        assert_eq!(old, GameSettings::default());
    }

    #[test]
    fn tic_tac_toe_takes_its_depth_and_evaluation() {
        let mut s = GameSession::new(GameSettings {
            source: GameSource::TicTacToe,
            board_text: "XX./OO./...".to_owned(),
            depth: 1,
            ..GameSettings::default()
        });
        s.apply(GameCommand::RunToEnd);
        s.advance(0.0, Duration::from_secs(5));
        let GameStatus::Done { value, best } = s.lanes[0].status() else {
            panic!()
        };
        assert_eq!(value, crate::domains::game::WIN);
        assert_eq!(
            crate::tree::game::node_label(&s.lanes[0], best.unwrap()),
            "X3"
        );
        s.apply(GameCommand::SetBoardText("XX".to_owned()));
        assert!(s.lanes.is_empty());
        assert!(s.game.as_ref().unwrap_err().contains("squares"));
    }
}
