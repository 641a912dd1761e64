//! The engine's words in the window's language: everything from [`crate::i18n`], plus the
//! window's own setup error, which wraps the engine's.

pub use crate::i18n::*;

use crate::app::model::settings::SetupError;

pub fn setup_error(error: &SetupError) -> String {
    match error {
        SetupError::Board(e) => parse_error(e),
        SetupError::Goal(e) => goal_error(e),
        SetupError::Problem(e) => problem_error(e),
        SetupError::Config(e) => config_error(e),
    }
}
