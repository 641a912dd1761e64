//! What the user can ask for. Panels only push these; the app applies them after drawing, so
//! no widget ever touches a search directly and every action has one code path (button, key or
//! test).

use super::arrangement::{Arrangement, Pane};
use super::breakpoints::BreakpointSettings;
use super::domain::Config;
use super::domain::DomainKind;
use super::edit::DomainEdit;
use super::file_action::FileAction;
use super::text::{self, Language};
use crate::search::NodeId;

/// One request from the user.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// One expansion in every lane.
    Step,
    /// Undo the latest expansion in every lane.
    StepBack,
    /// Start or pause autoplay at the chosen speed.
    TogglePlay,
    /// Run until the search finishes (time-sliced), or stop such a run.
    RunToEnd,
    /// Throw the run away and start again from the start node.
    Reset,
    /// Go to exactly this many steps (the timeline).
    Seek(usize),
    /// Show a node (clicked in a list) with its path from the start.
    SelectNode(NodeId),
    /// Show the node being expanded again.
    ShowCurrent,
    /// New algorithm, heuristic, tie-break or weight for lane 0; resets the run.
    SetConfig(Config),
    /// Show the sliding puzzle or the grid map (each keeps its own problem and searches).
    SetDomain(DomainKind),
    /// The problem of a file (its name and text) put in `DomainKind`'s section, which the
    /// window then shows; a refusal is the session's edit error.
    ImportProblem(DomainKind, String, String),
    /// A change to the problem of a domain: the puzzle's board and goal, the map's terrain.
    Edit(DomainEdit),
    /// Autoplay speed in steps per second.
    SetSpeed(f64),
    SetDark(bool),
    SetZoom(f32),
    /// Show the compare view (several lanes) or the single search.
    SetCompare(bool),
    /// New settings for compare lane `i`; that lane restarts and catches up with the others.
    SetLaneConfig(usize, Config),
    /// One more compare lane (up to four).
    AddLane,
    /// Drop compare lane `i` (at least two stay).
    RemoveLane(usize),
    /// Open compare lane `i` in the single-search view, its run kept.
    FocusLane(usize),
    /// Logarithmic or linear y axis on the compare view's node-count plot.
    SetLogCounts(bool),
    /// Compare view: each lane's line against the share of its own run instead of the step.
    SetShareOfRun(bool),
    /// The memory all lanes may hold, in MB.
    SetMemoryBudget(u32),
    /// Open the Experiments window.
    ShowExperiments,
    /// Open the Heuristic inspector window.
    ShowInspector,
    /// New breakpoints for Play and Run to end.
    SetBreakpoints(BreakpointSettings),
    /// Show or hide the row of breakpoints.
    ShowBreakpoints(bool),
    /// Replace the problem and searches with a loaded session's, then go to its step.
    LoadSession(Box<super::settings::Settings>, usize),
    /// Ask for a path to save, open or export to.
    File(FileAction),
    /// Exercise mode on or off (single view).
    SetExercise(bool),
    /// The student's prediction of the next expansion: judged and scored; the step is taken
    /// only when it is right, so a wrong guess can be tried again.
    Predict(NodeId),
    /// Show the answer of the exercise question, then take the step.
    Reveal,
    /// Show or hide the pseudocode panel.
    ShowPseudocode(bool),
    /// Show the search tree in place of the plots.
    ShowTree(bool),
    /// Step by pseudocode lines instead of whole expansions.
    SetFineStep(bool),
    /// Start the exercise score again from zero.
    ResetScore,
    /// Show the window in this language (remembered).
    SetLanguage(Language),
    /// Boards in the open and closed lists as text instead of small boards (remembered).
    SetTextBoards(bool),
    /// Open and save files in the window's own browser instead of the system's file dialog
    /// (remembered).
    SetBuiltinFileBrowser(bool),
    /// A new arrangement of the single view's panels (remembered).
    SetArrangement(Arrangement),
    /// The tree exports' cut: the first `steps` steps and nodes at most `depth` deep, 0 for
    /// no cut (remembered).
    SetTreeExport {
        steps: u32,
        depth: u32,
    },
    /// Fill the window with one pane for presenting (setup rows hidden), or restore the
    /// arrangement with `None`.
    Maximize(Option<Pane>),
    /// Show the game-tree workspace instead of the search problems (remembered).
    ShowGames(bool),
    /// A change in the game-tree workspace.
    Game(crate::app::game::game_model::GameCommand),
}

impl Command {
    /// A change to the problem of a domain, as a command.
    pub fn edit(edit: impl Into<DomainEdit>) -> Command {
        Command::Edit(edit.into())
    }

    /// Whether pressing its key several times in one frame should apply it as many times.
    pub fn repeats(&self) -> bool {
        matches!(self, Command::Step | Command::StepBack)
    }

    /// The text on this command's button; `active` says whether the toggled state is on
    /// (playing, running to the end, or stepping by pseudocode lines).
    pub fn button_text(&self, active: bool) -> &'static str {
        match (self, active) {
            (Command::Step, false) => text::t().step,
            (Command::Step, true) => text::t().fine_step_button,
            (Command::StepBack, _) => text::t().step_back,
            (Command::TogglePlay, false) => text::t().play,
            (Command::TogglePlay, true) => text::t().pause,
            (Command::RunToEnd, false) => text::t().run_to_end,
            (Command::RunToEnd, true) => text::t().stop,
            (Command::Reset, _) => text::t().reset,
            _ => "",
        }
    }
}
