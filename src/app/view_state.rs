//! What the window remembers of its views between frames and nothing else: the node panel's
//! tab and playback, the lists' scroll, the hovered node, the compare and tree views' own
//! state. None of it is saved, and none of it changes a search.

use super::compare::CompareView;
use super::domain_view::NodeView;
use super::lists::ListsView;
use super::model::arrangement::Pane;
use super::tree_view::TreeView;
use super::widgets::Hover;

/// State that only affects what is shown.
#[derive(Default)]
pub struct ViewState {
    /// The problem pane's tab and solution playback.
    pub node: NodeView,
    /// The open and closed lists' scroll, follow and measured room.
    pub lists: ListsView,
    /// The node under the pointer, in any view.
    pub hover: Hover,
    /// A notice shown in the status bar until the user dismisses it.
    pub notice: Option<String>,
    /// The compare view's plot choice and enlarged card.
    pub compare: CompareView,
    /// The pane filling the window for presenting, if any.
    pub maximized: Option<Pane>,
    /// Where each pane was drawn this frame, so the maximise key finds the one under the
    /// pointer.
    pub pane_rects: Vec<(Pane, egui::Rect)>,
    /// The search tree pane's camera, folds and cached layout.
    pub tree: TreeView,
    /// The pane (the plots or the tree) that the view left out for want of room last frame:
    /// the status bar then offers it, maximised.
    pub lower_hidden: Option<Pane>,
    /// The same, as found while drawing this frame; it becomes `lower_hidden` at its end.
    pub lower_hidden_now: Option<Pane>,
}
