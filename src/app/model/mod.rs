//! The window's model: settings, the session and its lanes, commands, exercise judging, the
//! fine-step position, the words of the window, and the file formats (session files, exports,
//! printed plots). Nothing here, tests included, imports the drawing library: the views (the
//! rest of `app`) read the model and push [`command::Command`]s, which the session applies;
//! tests that drive the whole window live beside the views.
//!
//! The modules stand in layers, each importing only those listed before it (a test reads the
//! sources and refuses a cycle): `arrangement`, `color`, `worker`, `domain`, `limits`, `check`,
//! `grid_model`, `breakpoints`, `before_step`, `exercise`, `text`, `user_folders`, `file_action`,
//! `command`, `fine_step`, `settings`, `session`, `summary`, `files`, `print`.

pub mod arrangement;
pub mod before_step;
pub mod breakpoints;
pub mod check;
pub mod color;
pub mod command;
pub mod domain;
pub mod edit;
pub mod exercise;
pub mod file_action;
pub mod files;
pub mod fine_step;
pub mod lane;
pub mod limits;
pub mod print;
pub mod section;
pub mod session;
pub mod settings;
pub mod summary;
pub mod text;
pub mod user_folders;
pub mod worker;
