//! The engine's words in the window's language: everything from [`crate::i18n`].

pub use crate::i18n::*;
