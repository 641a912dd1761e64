//! The grid map's own views: the map drawn large or small, its editing tools, the overlay of
//! several lanes and the hovered cell's record.

pub mod grid_view;
