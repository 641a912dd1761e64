//! How the window's panels are arranged: the single view's layout choices (remembered with the
//! settings) and the panels a presenter can maximise. Nothing here draws: the views read these and draw.

use serde::{Deserialize, Serialize};

/// A panel of the window that can be maximised to fill it, for presenting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pane {
    /// The problem's panel: the state being expanded, a selected node or the solution.
    Problem,
    /// The open and closed lists.
    Lists,
    /// The plots under the lists.
    Plots,
    /// The pseudocode under the lists.
    Pseudocode,
    /// The search tree and the OPEN/CLOSED table (in place of the plots, or maximised).
    Tree,
    /// The compare view's lanes and plots.
    Compare,
}

impl Pane {
    /// The pane shown when the presenter maximises without pointing at one: the one a class
    /// reads most.
    pub fn default_for(compare: bool) -> Pane {
        if compare { Pane::Compare } else { Pane::Lists }
    }
}

/// The single view's arrangement, chosen in the View menu and remembered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Arrangement {
    /// The node panel on the right of the lists instead of the left.
    pub board_right: bool,
    /// Open above closed, each as wide as the view (room for every column at a large zoom),
    /// instead of side by side.
    pub lists_stacked: bool,
    /// The plots (or the pseudocode) above the lists instead of below.
    pub lists_below: bool,
    /// The setup rows (board, goal, algorithm) folded into one summary line, leaving the room
    /// to the search once the lesson is set up.
    pub setup_folded: bool,
    /// Presentation mode: no setup rows, larger text, and one focus area filling the window.
    pub presenting: bool,
    /// What presentation mode shows.
    pub focus: Focus,
}

/// The area presentation mode fills the window with, switched by the number keys 1 to 5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Focus {
    /// The node panel and the open and closed lists.
    #[default]
    ProblemAndLists,
    /// The compare view: lanes, plots and summary.
    Compare,
    /// The search tree.
    Tree,
    /// The plots.
    Plots,
    /// The pseudocode beside the lists.
    PseudocodeAndLists,
}

impl Focus {
    /// In the order of their keys, 1 to 5.
    pub const ALL: [Focus; 5] = [
        Focus::ProblemAndLists,
        Focus::Compare,
        Focus::Tree,
        Focus::Plots,
        Focus::PseudocodeAndLists,
    ];
}
