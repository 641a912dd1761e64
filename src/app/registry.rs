//! The one list of the window's domains: which [`DomainView`] draws a problem of each
//! [`DomainKind`]. The match names every domain, so a new domain that is not listed here does
//! not compile.

use super::domain_view::DomainView;
use super::graph::GraphView;
use super::grid::GridView;
use super::model::domain::DomainKind;
use super::puzzle::PuzzleView;

/// The window side of `domain`.
pub fn view_of(domain: DomainKind) -> &'static dyn DomainView {
    match domain {
        DomainKind::Puzzle => &PuzzleView,
        DomainKind::Grid => &GridView,
        DomainKind::Graph => &GraphView,
    }
}
