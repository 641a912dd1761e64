//! The keyboard: which key triggers which command. The commands are the model's; the keys
//! are the window's.

use egui::{Key, KeyboardShortcut, Modifiers};

use super::model::command::Command;

pub const STEP: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Space);
pub const STEP_BACK: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Backspace);
pub const TOGGLE_PLAY: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Enter);
pub const RUN_TO_END: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::End);
pub const RESET: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::R);
/// Maximises the pane under the pointer, or restores the arrangement.
pub const MAXIMIZE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::F);
/// Restores the arrangement while a pane is maximised.
pub const RESTORE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Escape);
/// Enters or leaves presentation mode.
pub const PRESENT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::P);
/// The presentation mode's focus areas, in the order of [`super::model::arrangement::Focus::ALL`].
pub const FOCUS: [KeyboardShortcut; 5] = [
    KeyboardShortcut::new(Modifiers::NONE, Key::Num1),
    KeyboardShortcut::new(Modifiers::NONE, Key::Num2),
    KeyboardShortcut::new(Modifiers::NONE, Key::Num3),
    KeyboardShortcut::new(Modifiers::NONE, Key::Num4),
    KeyboardShortcut::new(Modifiers::NONE, Key::Num5),
];

/// The commands that have a keyboard shortcut, checked once per frame.
pub const WITH_SHORTCUTS: [Command; 5] = [
    Command::Step,
    Command::StepBack,
    Command::TogglePlay,
    Command::RunToEnd,
    Command::Reset,
];

/// The key that triggers `command`, if any.
pub fn shortcut(command: &Command) -> Option<KeyboardShortcut> {
    match command {
        Command::Step => Some(STEP),
        Command::StepBack => Some(STEP_BACK),
        Command::TogglePlay => Some(TOGGLE_PLAY),
        Command::RunToEnd => Some(RUN_TO_END),
        Command::Reset => Some(RESET),
        _ => None,
    }
}
