//! The operating system's own file dialog, through `rfd`: the native dialog on Windows and
//! macOS, the desktop portal on Linux (or zenity where rfd falls back to it). The dialog answers
//! on a worker thread and the file dialog polls it once per frame, so the window keeps drawing
//! while it is open. Only the window opens one: tests build the app without it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::model::files::FileAction;
use super::model::text;
use super::model::worker::Worker;

/// How the system's dialog ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Picked(PathBuf),
    /// The user closed it without a file: nothing is to be done.
    Cancelled,
    /// There is no dialog service (no desktop portal and no zenity, as under a bare X server):
    /// the window's own browser is to be used.
    Unavailable,
}

/// An answer sooner than this after the dialog was shown cannot be a person's: a portal that
/// fails, or rfd finding neither libdbus nor zenity, says None at once, as a cancel does.
const TOO_SOON_FOR_A_PERSON: Duration = Duration::from_millis(400);

/// How long the desktop portal may take to start and answer whether it has a file chooser
/// before the window's own browser is used instead.
#[cfg(target_os = "linux")]
const PORTAL_PROBE_TIMEOUT: Duration = Duration::from_secs(5);

/// The system's dialog while it is open.
pub struct NativeDialog {
    pub action: FileAction,
    worker: Worker<Answer>,
}

impl NativeDialog {
    /// Opens the system's dialog for `action` in `folder` (a save suggests the action's file
    /// name), over `parent` where it is given. Runs on the window's thread, where macOS must
    /// make its panel; elsewhere the dialog is made on the worker, once it knows which
    /// service answers.
    pub fn start(
        action: FileAction,
        folder: &Path,
        parent: Option<&eframe::Frame>,
        ctx: &egui::Context,
    ) -> NativeDialog {
        let extension = action.extension();
        let mut dialog = rfd::AsyncFileDialog::new()
            .set_title(action.title().trim_end_matches(['.', '…']))
            .add_filter(text::files_of_kind(extension), &[extension])
            .set_directory(folder);
        if let Some(parent) = parent {
            dialog = dialog.set_parent(parent);
        }
        let made_here = cfg!(target_os = "macos").then(|| show(dialog.clone(), action, None));
        let folder = folder.to_path_buf();
        let repaint = ctx.clone();
        let worker = Worker::spawn(move |_| {
            let answer = match dialog_service() {
                Some(service) => {
                    let shown_dialog = made_here.unwrap_or_else(|| {
                        // zenity is started in no folder: its file name carries the folder.
                        let zenity_path = (service == Service::Zenity).then(|| {
                            let name = if action.reads() {
                                ""
                            } else {
                                action.default_name()
                            };
                            folder.join(name).to_string_lossy().into_owned()
                        });
                        show(dialog, action, zenity_path)
                    });
                    let shown = Instant::now();
                    match pollster::block_on(shown_dialog) {
                        Some(file) => Answer::Picked(file.path().to_path_buf()),
                        None if shown.elapsed() < TOO_SOON_FOR_A_PERSON => Answer::Unavailable,
                        None => Answer::Cancelled,
                    }
                }
                None => Answer::Unavailable,
            };
            // The window may be idle, waiting for input: draw the answer now.
            repaint.request_repaint();
            answer
        });
        NativeDialog { action, worker }
    }

    /// A dialog that gives `answer` as soon as it is polled, standing for the system's in the
    /// tests of what the window does with each answer.
    #[cfg(test)]
    pub fn answering(action: FileAction, answer: Answer) -> NativeDialog {
        NativeDialog {
            action,
            worker: Worker::spawn(move |_| answer),
        }
    }

    /// A dialog left open until `closed` is dropped, then cancelled.
    #[cfg(test)]
    pub fn waiting_for(action: FileAction, closed: std::sync::mpsc::Receiver<()>) -> NativeDialog {
        NativeDialog {
            action,
            worker: Worker::spawn(move |_| {
                let _ = closed.recv();
                Answer::Cancelled
            }),
        }
    }

    /// The answer once the dialog has closed; never waits for it.
    pub fn poll(&mut self) -> Option<Answer> {
        self.worker.poll()
    }
}

/// What shows the dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Service {
    /// The system's own: Windows, macOS, or the desktop portal on Linux.
    Native,
    /// rfd's fallback on Linux without a portal (other systems never name it).
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    Zenity,
}

/// The system's dialog, shown as soon as it is polled (on macOS, as it is made): a save
/// suggests the action's file name, or `path` where it is given.
fn show(dialog: rfd::AsyncFileDialog, action: FileAction, path: Option<String>) -> ShownDialog {
    let name = path.or_else(|| (!action.reads()).then(|| action.default_name().to_owned()));
    let dialog = match name {
        Some(name) => dialog.set_file_name(name),
        None => dialog,
    };
    if action.reads() {
        Box::pin(dialog.pick_file())
    } else {
        Box::pin(dialog.save_file())
    }
}

type ShownDialog = std::pin::Pin<Box<dyn Future<Output = Option<rfd::FileHandle>> + Send>>;

/// What can show a dialog, if anything. On Linux rfd asks the desktop portal over D-Bus, and
/// without one runs zenity; with neither it says None as a cancel does, so ask first.
#[cfg(target_os = "linux")]
fn dialog_service() -> Option<Service> {
    if portal_has_file_chooser() {
        Some(Service::Native)
    } else {
        program_on_path("zenity").then_some(Service::Zenity)
    }
}

/// Windows and macOS always have their dialogs.
#[cfg(not(target_os = "linux"))]
fn dialog_service() -> Option<Service> {
    Some(Service::Native)
}

/// Whether the desktop portal answers on the session bus with a file chooser: asking for the
/// chooser's version starts the portal if the bus knows how, and fails where there is no bus,
/// no portal, or a portal without a file chooser.
#[cfg(target_os = "linux")]
fn portal_has_file_chooser() -> bool {
    pollster::block_on(async {
        let Ok(builder) = zbus::connection::Builder::session() else {
            return false;
        };
        let Ok(bus) = builder.method_timeout(PORTAL_PROBE_TIMEOUT).build().await else {
            return false;
        };
        bus.call_method(
            Some("org.freedesktop.portal.Desktop"),
            "/org/freedesktop/portal/desktop",
            Some("org.freedesktop.DBus.Properties"),
            "Get",
            &("org.freedesktop.portal.FileChooser", "version"),
        )
        .await
        .is_ok()
    })
}

/// Whether an executable file called `name` is in one of `$PATH`'s folders.
#[cfg(target_os = "linux")]
fn program_on_path(name: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|folder| {
            std::fs::metadata(folder.join(name))
                .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
        })
    })
}
