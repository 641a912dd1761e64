//! The window side of a domain as the shared views see it.
//!
//! The single view, the setup bar, the lists, the compare cards, the tree and the breakpoints
//! never name a board or a map: they ask the registry (`registry::view_of`) for the problem's
//! [`DomainView`] and let it draw. Each domain implements it in its own folder (`puzzle/`,
//! `grid/`, `graph/`).

use egui::{Rect, Ui, Vec2};

use super::model::command::Command;
use super::model::domain::{AnyHeuristic, AnyProblem, AnyState};
use super::model::lane::Lane;
use super::model::session::{Session, Settings};
use super::widgets::Hover;
use crate::search::NodeId;

/// How large a lane's picture is drawn in the compare view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardSize {
    /// One of 2 to 4 cards in the grid of cards.
    Row,
    /// The one enlarged card across the view.
    Large,
}

/// What a domain draws in the window's shared places.
pub trait DomainView: Sync {
    /// The domain's name in the menu.
    fn title(&self) -> &'static str;

    /// The single view's problem pane: the problem drawn large with the step, the selected
    /// node or the solution, or the setup's error when there is no search.
    fn problem_pane(
        &self,
        ui: &mut Ui,
        session: &Session,
        view: &mut NodeView,
        hover: &mut Hover,
        commands: &mut Vec<Command>,
    );

    /// The width of the problem pane out of `available`; `two_lists` when a bidirectional
    /// exercise needs room for two open lists beside it.
    fn problem_pane_width(&self, available: f32, two_lists: bool) -> f32;

    /// The setup rows that define the problem, each error beside its field; returns whether
    /// they ended in a line of their own to say something (an error, a warning), which leaves
    /// the window's own notices out.
    fn setup_rows(&self, ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) -> bool;

    /// The problem in one line, for the folded setup.
    fn summary(&self, settings: &Settings) -> String;

    /// The domain's own options in the compare view's lanes bar.
    fn lanes_options(&self, ui: &mut Ui, session: &Session, commands: &mut Vec<Command>);

    /// Whether the compare view draws every lane over one picture of the problem (the lanes
    /// bar's option), which then needs the room of a picture rather than of cards.
    fn overlays(&self, settings: &Settings) -> bool;

    /// Draws every lane over one picture in `room` instead of one card each; called only
    /// where [`DomainView::overlays`] says so.
    fn overlay(&self, ui: &mut Ui, session: &Session, room: Vec2);

    /// A lane's picture on its compare card, in what is left of the card (`ui`'s room).
    fn card_picture(&self, ui: &mut Ui, session: &Session, i: usize, lane: &Lane, size: CardSize);

    /// The size of a state's small drawing in a list row whose text is `text_size` high;
    /// `written` when the state is written as text rather than drawn.
    fn list_state_size(&self, problem: &AnyProblem, text_size: f32, written: bool) -> Vec2;

    /// A state of `problem` drawn small into `rect` (a list row, a tree node), beside the goal;
    /// the problem names what a state alone cannot (a graph's node).
    fn paint_state(
        &self,
        ui: &Ui,
        rect: Rect,
        problem: &AnyProblem,
        state: &AnyState,
        goal: &AnyState,
    );

    /// Once per frame, before the panels: long work the problem on screen needs (the puzzle's
    /// pattern databases), started or adopted; returns whether some runs, so the window keeps
    /// repainting for its progress.
    fn frame(&self, session: &Session, commands: &mut Vec<Command>) -> bool;

    /// Whether the method editor offers `heuristic` for the problem on screen (a pattern
    /// database is offered for its own board size only).
    fn offers(&self, heuristic: AnyHeuristic) -> bool;

    /// Beside the heuristic picker: how the table `heuristic` needs is coming along, if it
    /// needs one.
    fn heuristic_status(&self, ui: &mut Ui, heuristic: AnyHeuristic);

    /// The domain's page of the heuristic inspector.
    fn inspector(&self) -> Box<dyn InspectorPage>;

    /// The heading of the lists' state column ("Board", "Cell").
    fn state_column(&self) -> &'static str;

    /// The hint of a breakpoint's state field: how a state is typed.
    fn state_hint(&self) -> &'static str;

    /// A change to the domain's problem such as a user could make, good or bad, for the
    /// random-action test of the whole window.
    #[cfg(test)]
    fn random_edit(&self, rng: &mut crate::rng::Rng, settings: &Settings) -> Command;
}

/// A domain's page of the heuristic inspector window: how its heuristics compare with h*.
pub trait InspectorPage {
    /// Draws the page for the session's problem; any long work it starts runs on a thread.
    fn ui(&mut self, ui: &mut Ui, session: &Session);
}

/// Which node view is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Step,
    Selected,
    Solution,
}

/// The solution playback: which board, and how far the next tile has slid.
#[derive(Clone, Debug, Default)]
pub struct Playback {
    /// Identifies the solution the position belongs to (goal node and step count).
    pub key: Option<(NodeId, usize)>,
    pub index: usize,
    pub t: f32,
    /// Continuous playback.
    pub playing: bool,
    /// Animating a single move, stopping at the next board.
    pub single: bool,
}

/// What the problem pane remembers between frames: its tab and the solution's playback.
#[derive(Clone, Debug)]
pub struct NodeView {
    pub tab: Tab,
    pub playback: Playback,
}

impl Default for NodeView {
    fn default() -> NodeView {
        NodeView {
            tab: Tab::Step,
            playback: Playback::default(),
        }
    }
}
