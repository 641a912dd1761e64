//! The file dialog: the operating system's own where the window offers it (see
//! [`super::native_dialog`]), else the window's own browser: one at a time, a folder browser
//! over a path that can also be typed, with a filter and the user's places. What the files
//! hold is the model's (`model::files`); this is where the user picks them.

use std::path::{Path, PathBuf};

use egui::RichText;

use super::model::files::FileAction;
use super::model::text;
use super::model::user_folders::{Place, UserFolders};
use super::native_dialog::{Answer, NativeDialog};

/// Which dialog the file commands open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Chooser {
    /// The window's own browser, always: the tests, which must never wait on a system dialog.
    #[default]
    BuiltIn,
    /// The operating system's dialog, with the browser where none answers (the window).
    SystemFirst,
}

/// The file dialog: one at a time, the system's or a folder browser (places, folders, files
/// of the right kind, a filter) over a path that can also be typed; Enter or a double click
/// confirms.
#[derive(Default)]
pub struct FileDialog {
    /// What the browser is open for; None while it is closed.
    pub action: Option<FileAction>,
    pub path: String,
    /// Why the last attempt failed, shown in the dialog until the path changes.
    pub error: Option<String>,
    /// Typed to list only the names that contain it; emptied in each new folder.
    filter: String,
    /// The folder last listed with its folders and files, so a folder is read when it changes
    /// rather than every frame.
    listing: Option<Listing>,
    /// Set when a new folder is listed, so its list starts at the top.
    scroll_to_top: bool,
    /// Set on opening and in each new folder: the field typing goes to takes the focus.
    focus_pending: bool,
    /// Where sessions were last opened or saved, and where exports were last written: opening
    /// a lesson does not send the next export into the lessons folder.
    session_folder: Option<PathBuf>,
    export_folder: Option<PathBuf>,
    /// Folders used before, newest first (at most five).
    recent: Vec<PathBuf>,
    /// The user's home and the folders in it; None where the system names no home.
    user: Option<UserFolders>,
    /// The user's places that exist, read on opening.
    places: Vec<(Place, PathBuf)>,
    chooser: Chooser,
    /// A system dialog asked for this frame, opened at its end where the window is known.
    system_wanted: Option<FileAction>,
    /// The system's dialog while it is open.
    system: Option<NativeDialog>,
    /// The browser opened because no system dialog answered: it says so.
    fell_back: bool,
}

struct Listing {
    folder: PathBuf,
    folders: Vec<PathBuf>,
    files: Vec<PathBuf>,
}

/// What the dialog asked for this frame.
pub struct Request {
    pub action: FileAction,
    pub path: PathBuf,
}

/// The folder a path names: itself when it is a folder or ends in a separator, else its parent.
fn folder_of(path: &str) -> PathBuf {
    let as_path = Path::new(path);
    if path.ends_with(std::path::MAIN_SEPARATOR) || as_path.is_dir() {
        as_path.to_path_buf()
    } else {
        as_path.parent().map(Path::to_path_buf).unwrap_or_default()
    }
}

/// The name shown for a file or folder.
fn name_of(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Whether `name` contains `filter`, ignoring case; an empty filter passes every name.
fn passes(name: &str, filter: &str) -> bool {
    filter.is_empty() || name.to_lowercase().contains(&filter.to_lowercase())
}

/// Sessions and maps are kept apart from exports: each kind starts where it was last used.
fn is_session_kind(action: FileAction) -> bool {
    matches!(
        action,
        FileAction::SaveSession
            | FileAction::OpenSession
            | FileAction::Import(_)
            | FileAction::Export(_)
    )
}

impl FileDialog {
    /// A dialog over the current user's folders.
    pub fn new(chooser: Chooser) -> FileDialog {
        FileDialog {
            chooser,
            user: UserFolders::from_env(),
            ..FileDialog::default()
        }
    }

    /// Whether the window's own browser is open (the system's dialog is another window).
    pub fn is_open(&self) -> bool {
        self.action.is_some()
    }

    /// Where a dialog for `action` starts: the folder last used for its kind, else the
    /// documents folder, else home. Never the working directory.
    /// `path` as typed, read from the folder the dialog shows when it names no folder of its
    /// own: a name typed alone goes there, never into the folder the program was started from.
    fn absolute(&self, path: &Path, action: FileAction) -> PathBuf {
        if path.is_absolute() {
            return path.to_path_buf();
        }
        let shown = self.listing.as_ref().map(|l| l.folder.clone());
        shown
            .unwrap_or_else(|| self.start_folder(action))
            .join(path)
    }

    fn start_folder(&self, action: FileAction) -> PathBuf {
        let last = if is_session_kind(action) {
            &self.session_folder
        } else {
            &self.export_folder
        };
        last.clone()
            .filter(|p| p.is_dir())
            .or_else(|| self.user.as_ref().map(UserFolders::documents))
            .unwrap_or_else(|| PathBuf::from(std::path::MAIN_SEPARATOR_STR))
    }

    /// Opens the dialog for `action`: the system's where the window offers it, else the
    /// browser. While a system dialog is open nothing else opens.
    pub fn open_system_first(&mut self, action: FileAction) {
        match self.chooser {
            Chooser::SystemFirst if self.system.is_none() => self.system_wanted = Some(action),
            Chooser::SystemFirst => {}
            Chooser::BuiltIn => self.open(action),
        }
    }

    /// Opens the window's own browser for `action`, in [`Self::start_folder`].
    pub fn open(&mut self, action: FileAction) {
        if self.system.is_some() {
            return;
        }
        let path = self.start_folder(action).join(action.default_name());
        self.open_at(action, &path);
    }

    fn open_at(&mut self, action: FileAction, path: &Path) {
        self.path = path.to_string_lossy().into_owned();
        self.action = Some(action);
        self.error = None;
        self.fell_back = false;
        // Read again on opening: files and folders may have come and gone since.
        self.listing = None;
        self.places = self
            .user
            .as_ref()
            .map(UserFolders::places)
            .unwrap_or_default();
        self.focus_pending = true;
    }

    /// Opens the system's dialog asked for this frame, over `frame`'s window. Called by the
    /// window at the end of each frame; the tests' dialogs never ask for one.
    pub fn open_wanted_system_dialog(&mut self, ctx: &egui::Context, frame: &eframe::Frame) {
        if let Some(action) = self.system_wanted.take() {
            let folder = self.start_folder(action);
            self.system = Some(NativeDialog::start(action, &folder, Some(frame), ctx));
            // The next frame says the dialog is open, even with no input to wake the window.
            ctx.request_repaint();
        }
    }

    /// Starts every kind of file in `folder` (the tests keep their files in one place).
    #[cfg(test)]
    pub fn start_in(&mut self, folder: &Path) {
        self.session_folder = Some(folder.to_path_buf());
        self.export_folder = Some(folder.to_path_buf());
    }

    /// Remembers where a request went, once it succeeded.
    fn remember(&mut self, action: FileAction, path: &Path) {
        let Some(folder) = path.parent().map(Path::to_path_buf) else {
            return;
        };
        if is_session_kind(action) {
            self.session_folder = Some(folder.clone());
        } else {
            self.export_folder = Some(folder.clone());
        }
        self.recent.retain(|f| *f != folder);
        self.recent.insert(0, folder);
        self.recent.truncate(5);
    }

    /// Moves the dialog to `folder`, keeping the file name typed so far.
    fn go_to(&mut self, folder: &Path, action: FileAction) {
        let name = Path::new(&self.path)
            .file_name()
            .filter(|_| !self.path.ends_with(std::path::MAIN_SEPARATOR))
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| action.default_name().to_owned());
        self.path = folder.join(name).to_string_lossy().into_owned();
        self.error = None;
    }

    /// Follows the system's dialog: a line while it is open; its pick as a request; the
    /// browser where no system dialog answered. None while it is open or after a cancel.
    fn follow_system_dialog(&mut self, ctx: &egui::Context) -> Option<Request> {
        let dialog = self.system.as_mut()?;
        let action = dialog.action;
        let Some(answer) = dialog.poll() else {
            let line = text::system_file_dialog_open(action.title().trim_end_matches(['.', '…']));
            egui::Area::new(egui::Id::unique("searchlab system file dialog"))
                .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
                .interactable(false)
                .show(ctx, |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| ui.label(line));
                });
            return None;
        };
        self.system = None;
        match answer {
            Answer::Picked(path) => Some(Request { action, path }),
            Answer::Cancelled => None,
            Answer::Unavailable => {
                self.open(action);
                self.fell_back = true;
                None
            }
        }
    }

    /// Draws the dialog; returns a request when the user confirms.
    pub fn window(&mut self, ctx: &egui::Context) -> Option<Request> {
        if self.system.is_some() {
            let request = self.follow_system_dialog(ctx);
            if request.is_some() || self.system.is_some() {
                return request;
            }
        }
        let action = self.action?;
        let t = text::t();
        let mut confirm = false;
        let mut open = true;
        let mut go_to = None;
        let path_id = egui::Id::unique("searchlab file path");
        let filter_id = egui::Id::unique("searchlab file filter");
        let nothing_focused = ctx.memory(|m| m.focused().is_none());
        let typed = ctx.input(|i| {
            i.events
                .iter()
                .any(|e| matches!(e, egui::Event::Text(text) if !text.trim().is_empty()))
        });
        let title = action.title().trim_end_matches(['.', '…']);
        egui::Window::new(title)
            .id(egui::Id::unique("searchlab file dialog"))
            // Anchored by its top, and the list below has a fixed height: the buttons stay
            // where they are as folders of different sizes are listed.
            .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
            .collapsible(false)
            .resizable(false)
            .default_width(560.0)
            .open(&mut open)
            .show(ctx, |ui| {
                // Focus is given once the window is drawn for real: a window's first frame
                // only measures it, and a field drawn then cannot hold the focus.
                if self.focus_pending && !ui.is_sizing_pass() {
                    self.focus_pending = false;
                    if action.reads() {
                        ui.memory_mut(|m| m.request_focus(filter_id));
                    } else {
                        self.select_name(ui.ctx(), path_id);
                    }
                } else if nothing_focused && typed {
                    // Typing with no field focused narrows the list, as in a file manager.
                    ui.memory_mut(|m| m.request_focus(filter_id));
                }
                if self.fell_back {
                    ui.label(RichText::new(t.no_system_file_dialog).weak());
                }
                ui.horizontal(|ui| {
                    let label = ui.label(RichText::new(t.file_path).strong());
                    let response = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.path)
                                .id(path_id)
                                .desired_width(460.0)
                                .font(egui::TextStyle::Monospace),
                        )
                        .labelled_by(label.id);
                    if response.changed() {
                        self.error = None;
                    }
                    if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                        confirm = true;
                    }
                });
                // Places: the user's folders that exist, then the folders used before.
                ui.horizontal_wrapped(|ui| {
                    super::widgets::word(ui, RichText::new(t.places).weak());
                    let places = self
                        .places
                        .iter()
                        .map(|(place, folder)| (place.name().to_owned(), folder));
                    let recent = self.recent.iter().map(|folder| {
                        let name = folder.file_name().map_or_else(
                            || folder.display().to_string(),
                            |n| n.to_string_lossy().into_owned(),
                        );
                        (name, folder)
                    });
                    for (name, folder) in places.chain(recent) {
                        if ui
                            .button(name)
                            .on_hover_text(folder.display().to_string())
                            .clicked()
                        {
                            go_to = Some(folder.clone());
                        }
                    }
                });
                let folder = self.absolute(&folder_of(&self.path), action);
                if self.listing.as_ref().is_none_or(|l| l.folder != folder) {
                    let (folders, files) = entries_in(&folder, action.extension());
                    self.listing = Some(Listing {
                        folder,
                        folders,
                        files,
                    });
                    self.filter.clear();
                    self.scroll_to_top = true;
                }
                let Some(listing) = self.listing.as_ref() else {
                    return;
                };
                let mut picked = None;
                let filter_entered = ui
                    .horizontal(|ui| {
                        let label = ui.label(RichText::new(t.file_filter).strong());
                        let response = ui
                            .add(
                                egui::TextEdit::singleline(&mut self.filter)
                                    .id(filter_id)
                                    .hint_text(t.file_filter_hint)
                                    .desired_width(300.0),
                            )
                            .labelled_by(label.id);
                        response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
                    })
                    .inner;
                ui.label(
                    RichText::new(text::files_in_folder(&listing.folder.display().to_string()))
                        .weak(),
                );
                let folders: Vec<&PathBuf> = listing
                    .folders
                    .iter()
                    .filter(|f| passes(&name_of(f), &self.filter))
                    .collect();
                let files: Vec<&PathBuf> = listing
                    .files
                    .iter()
                    .filter(|f| passes(&name_of(f), &self.filter))
                    .collect();
                if filter_entered {
                    // Enter in the filter opens what it narrowed the list to, if that is one.
                    match (folders.as_slice(), files.as_slice()) {
                        ([folder], []) => go_to = Some((*folder).clone()),
                        ([], [file]) => {
                            picked = Some(file.to_string_lossy().into_owned());
                            confirm = true;
                        }
                        _ => {}
                    }
                }
                let mut scroll = egui::ScrollArea::vertical()
                    .max_height(200.0)
                    .min_scrolled_height(200.0)
                    .auto_shrink([false, false]);
                if std::mem::take(&mut self.scroll_to_top) {
                    scroll = scroll.vertical_scroll_offset(0.0);
                }
                scroll.show(ui, |ui| {
                    if let Some(parent) = listing.folder.parent()
                        && ui.selectable_label(false, t.parent_folder).clicked()
                    {
                        go_to = Some(parent.to_path_buf());
                    }
                    for sub in &folders {
                        let name = format!("{}{}", name_of(sub), std::path::MAIN_SEPARATOR);
                        if ui.selectable_label(false, name).clicked() {
                            go_to = Some((*sub).clone());
                        }
                    }
                    for file in &files {
                        let selected = Path::new(&self.path) == file.as_path();
                        let response = ui.selectable_label(selected, name_of(file));
                        if response.double_clicked() {
                            picked = Some(file.to_string_lossy().into_owned());
                            confirm = true;
                        } else if response.clicked() {
                            picked = Some(file.to_string_lossy().into_owned());
                        }
                    }
                    if folders.is_empty() && files.is_empty() {
                        let empty = if listing.folders.is_empty() && listing.files.is_empty() {
                            t.folder_empty
                        } else {
                            t.nothing_matches_filter
                        };
                        ui.label(RichText::new(empty).weak());
                    }
                });
                if let Some(path) = picked {
                    self.path = path;
                    self.error = None;
                }
                if let Some(error) = &self.error {
                    ui.label(
                        RichText::new(error)
                            .color(ui.visuals().error_fg_color)
                            .strong(),
                    );
                }
                ui.horizontal(|ui| {
                    let title = if action.reads() { t.open } else { t.save };
                    if ui
                        .add_enabled(
                            !self.path.trim().is_empty(),
                            egui::Button::new(RichText::new(title).strong()),
                        )
                        .clicked()
                    {
                        confirm = true;
                    }
                    if ui.button(t.cancel).clicked() {
                        self.action = None;
                    }
                });
            });
        if let Some(folder) = go_to {
            self.go_to(&folder, action);
            // In a new folder typing goes where it went on opening.
            self.focus_pending = true;
        }
        if !open {
            self.action = None;
        }
        let typed = self.path.trim();
        if !confirm || typed.is_empty() || self.action.is_none() {
            return None;
        }
        let path = self.absolute(Path::new(typed), action);
        let path = path.to_string_lossy();
        let path = path.as_ref();
        if folder_of(path) == Path::new(path) {
            // A folder: open it rather than try to write a file called like it.
            let folder = PathBuf::from(path);
            self.go_to(&folder, action);
            self.focus_pending = true;
            return None;
        }
        Some(Request {
            action,
            path: PathBuf::from(path),
        })
    }

    /// Focuses the path field with the file name's stem selected, so typing replaces the
    /// name and keeps the folder and the extension.
    fn select_name(&self, ctx: &egui::Context, path_id: egui::Id) {
        use egui::text::{CCursor, CCursorRange};
        let chars = self.path.chars().count();
        let name_start = self
            .path
            .rfind(std::path::MAIN_SEPARATOR)
            .map_or(0, |at| self.path[..at].chars().count() + 1);
        let name = Path::new(&self.path);
        let extension = name
            .extension()
            .filter(|_| !self.path.ends_with(std::path::MAIN_SEPARATOR))
            .map_or(0, |e| e.to_string_lossy().chars().count() + 1);
        let stem_end = chars.saturating_sub(extension).max(name_start);
        let mut state = egui::text_edit::TextEditState::load(ctx, path_id).unwrap_or_default();
        state.cursor.set_char_range(Some(CCursorRange::two(
            CCursor::new(name_start),
            CCursor::new(stem_end),
        )));
        state.store(ctx, path_id);
        ctx.memory_mut(|m| m.request_focus(path_id));
    }

    /// The outcome of a request: close on success (remembering the folder), or keep the
    /// browser open with the error; a system dialog's pick that fails opens the browser
    /// there, with the error, to try another path.
    pub fn finish(&mut self, request: &Request, result: Result<String, String>) -> Option<String> {
        match result {
            Ok(status) => {
                self.remember(request.action, &request.path);
                self.action = None;
                self.error = None;
                Some(status)
            }
            Err(error) => {
                if self.action.is_none() {
                    self.open_at(request.action, &request.path);
                }
                self.error = Some(error);
                None
            }
        }
    }
}

/// The folders and the files with this extension in `folder`, each sorted by name (at most
/// 200 of each); hidden entries are left out.
fn entries_in(folder: &Path, extension: &str) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return (Vec::new(), Vec::new());
    };
    let paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| !n.to_string_lossy().starts_with('.'))
        })
        .collect();
    let mut folders: Vec<PathBuf> = paths
        .iter()
        .filter(|p| p.is_dir())
        .take(200)
        .cloned()
        .collect();
    let mut files: Vec<PathBuf> = paths
        .into_iter()
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == extension))
        .take(200)
        .collect();
    folders.sort();
    files.sort();
    (folders, files)
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable;

    use super::*;
    use crate::app::model::domain::DomainKind;
    use crate::app::model::files::SessionFile;
    use crate::app::native_dialog::Answer;
    use crate::app::puzzle::puzzle_model::PuzzleSettings;
    use crate::app::{App, Settings, test_harness};
    use crate::domains::puzzle::SearchConfig;
    use crate::search::Algorithm;

    fn temp_path(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("searchlab-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }
    fn click_menu(h: &mut egui_kittest::Harness<'static, App>, menu: &str, item: &str) {
        h.get_by_label(menu).click();
        h.run();
        h.get_by_label(item).click();
        h.run();
    }
    fn step(h: &mut egui_kittest::Harness<'static, App>, times: usize) {
        for _ in 0..times {
            h.get_by_label("Step Space").click();
            h.run();
        }
    }
    #[test]
    fn a_saved_session_opens_again_with_its_lanes_and_step() {
        let path = temp_path("round-trip.json");
        let mut settings = Settings {
            puzzle: PuzzleSettings {
                board_text: "2 8 3 1 6 4 7 0 5".to_owned(),
                ..PuzzleSettings::default()
            },
            compare: true,
            ..Settings::default()
        };
        settings.puzzle.lanes[0] = SearchConfig::with(Algorithm::UniformCost, Default::default());
        settings.breakpoints.f_increases = true;
        let mut h = test_harness(settings);
        h.run();
        step(&mut h, 5);
        click_menu(&mut h, "File", "Save session...");
        h.state_mut().files.path = path.display().to_string();
        h.run();
        h.get_by_label("Save").click();
        h.run();
        assert!(path.exists(), "nothing written");
        let saved = SessionFile::read(&path).unwrap();
        assert_eq!(saved.step, 5);
        assert_eq!(
            saved.sections.puzzle.as_ref().unwrap().board_text,
            "2 8 3 1 6 4 7 0 5"
        );

        // Change everything the file holds, then open it.
        h.get_by_label("Single").click();
        h.run();
        h.state_mut().session.settings.puzzle.lanes.pop();
        h.state_mut().apply(crate::app::Command::edit(
            crate::app::puzzle::puzzle_model::PuzzleEdit::SetBoardText("123804765".to_owned()),
        ));
        h.run();
        click_menu(&mut h, "File", "Open session...");
        h.state_mut().files.path = path.display().to_string();
        h.run();
        h.get_by_label("Open").click();
        h.run();
        let app = h.state();
        assert_eq!(SessionFile::of(&app.session), saved);
        assert_eq!(app.session.clock(), 5);
        assert!(app.files.action.is_none(), "the dialog closes");
        h.get_by_label_contains("opened the session");
    }
    /// File → Import map reads a MovingAI map into the window and shows it; a malformed one
    /// is refused in the dialog with its line, and the map stays.
    #[test]
    fn a_movingai_map_is_imported_and_a_malformed_one_refused() {
        let good = temp_path("import.map");
        std::fs::write(
            &good,
            "type octile\nheight 5\nwidth 6\nmap\n......\n..@@..\n..@T..\n......\n......\n",
        )
        .unwrap();
        let bad = temp_path("bad.map");
        std::fs::write(&bad, "type octile\nheight 4\nwidth 6\nmap\n......\n").unwrap();
        let mut h = test_harness(Settings::default());
        h.run();
        let before = h.state().session.settings.grid.grid.clone();
        click_menu(&mut h, "File", "Import map (MovingAI .map)...");
        h.state_mut().files.path = bad.display().to_string();
        h.run();
        h.get_by_label("Open").click();
        h.run();
        assert!(h.state().files.action.is_some(), "the dialog stays open");
        assert_eq!(h.state().session.settings.grid.grid, before);
        assert_eq!(h.state().session.settings.domain, DomainKind::Puzzle);
        h.state_mut().files.path = good.display().to_string();
        h.run();
        h.get_by_label("Open").click();
        h.run();
        let session = &h.state().session;
        assert!(
            h.state().files.action.is_none(),
            "the dialog closes: {:?}",
            h.state().files.error
        );
        assert_eq!(session.settings.domain, DomainKind::Grid);
        let grid = &session.settings.grid.grid;
        assert_eq!((grid.width(), grid.height(), grid.wall_count()), (6, 5, 4));
        assert!(session.problem.is_ok());
        h.get_by_label_contains("imported import.map");
    }
    #[test]
    fn a_damaged_or_foreign_file_is_refused_and_nothing_is_lost() {
        let damaged = temp_path("damaged.json");
        let good = SessionFile::of(&crate::app::Session::new(Settings::default())).to_json();
        std::fs::write(&damaged, &good[..good.len() / 2]).unwrap();
        let foreign = temp_path("foreign.json");
        std::fs::write(&foreign, r#"{"name": "a list of pupils"}"#).unwrap();

        let mut h = test_harness(Settings {
            puzzle: PuzzleSettings {
                board_text: "283164705".to_owned(),
                ..PuzzleSettings::default()
            },
            ..Settings::default()
        });
        h.run();
        step(&mut h, 3);
        let before = SessionFile::of(&h.state().session);
        for (path, message) in [
            (
                &damaged,
                "this is not a searchlab session (damaged or not JSON",
            ),
            (&foreign, "this JSON file is not a searchlab session"),
        ] {
            click_menu(&mut h, "File", "Open session...");
            h.state_mut().files.path = path.display().to_string();
            h.run();
            h.get_by_label("Open").click();
            h.run();
            h.get_by_label_contains(message);
            assert_eq!(SessionFile::of(&h.state().session), before);
            assert_eq!(h.state().session.lane(0).search().steps(), 3);
            h.get_by_label("Cancel").click();
            h.run();
        }
    }
    #[test]
    fn traces_and_the_summary_are_written_from_the_window() {
        let csv = temp_path("trace.csv");
        let json = temp_path("trace.json");
        let summary = temp_path("summary.csv");
        let per_step = temp_path("per-step.csv");
        let mut h = test_harness(Settings::default());
        h.run();
        step(&mut h, 2);
        for (item, path) in [
            ("Export trace (CSV)...", &csv),
            ("Export trace (Posthoc JSON)...", &json),
            ("Export summary (CSV)...", &summary),
            ("Export per-step data (CSV)...", &per_step),
        ] {
            click_menu(&mut h, "File", item);
            h.state_mut().files.path = path.display().to_string();
            h.run();
            h.get_by_label("Save").click();
            h.run();
            assert!(
                h.state().files.action.is_none(),
                "{item}: the dialog stays open"
            );
        }
        let trace = std::fs::read_to_string(&csv).unwrap();
        assert!(trace.starts_with("step,event,node,parent,g,h,f,state\n"));
        let expands = trace.lines().filter(|l| l.contains(",expand,")).count();
        assert_eq!(expands, 2, "{trace}");
        let posthoc: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        let events = posthoc["events"].as_array().unwrap();
        assert_eq!(events[0]["type"], "source");
        let summary = std::fs::read_to_string(&summary).unwrap();
        assert!(
            summary.starts_with("lane,length,optimal,expanded"),
            "{summary}"
        );
        assert_eq!(summary.lines().count(), 2);
        let per_step = std::fs::read_to_string(&per_step).unwrap();
        let rows: Vec<&str> = per_step.lines().collect();
        assert_eq!(rows[0], "lane,step,expanded,generated,open,f,h");
        // 283104765 with A* Manhattan: step 1 expands the start (f = 4) into 4 children.
        assert_eq!(rows[1], "1,1,1,4,4,4,4");
        assert_eq!(rows.len(), 3);
    }

    #[test]
    fn an_unwritable_path_keeps_the_dialog_open_with_the_reason() {
        let mut h = test_harness(Settings::default());
        h.run();
        click_menu(&mut h, "File", "Save session...");
        h.state_mut().files.path = "/nonexistent-folder/x/session.json".to_owned();
        h.run();
        h.get_by_label("Save").click();
        h.run();
        h.get_by_label_contains("could not write /nonexistent-folder/x/session.json");
        assert!(h.state().files.action.is_some());
    }

    /// The lessons of docs/teaching-guide.md ship as session files; each must open, and say
    /// the board the guide names.
    #[test]
    fn the_dialog_browses_folders_confirms_with_enter_and_keeps_exports_apart() {
        let dir = temp_path("browse");
        let lessons = dir.join("lessons");
        std::fs::create_dir_all(&lessons).unwrap();
        let lesson =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/lessons/lesson1-bfs-vs-astar.json");
        std::fs::copy(&lesson, lessons.join("one.json")).unwrap();
        std::fs::write(lessons.join("notes.txt"), "not a session").unwrap();
        let mut h = test_harness(Settings::default());
        h.state_mut().files.start_in(&dir);
        h.run();
        click_menu(&mut h, "File", "Open session...");
        // The folder is listed with its subfolder; clicking it goes there.
        let sub = format!("lessons{}", std::path::MAIN_SEPARATOR);
        h.get_by_label(&sub).click();
        h.run();
        assert_eq!(folder_of(&h.state().files.path), lessons);
        h.get_by_label("one.json");
        assert!(
            h.query_by_label("notes.txt").is_none(),
            "only sessions are listed"
        );
        // A path typed with a trailing separator lists that folder.
        h.state_mut().files.path = format!("{}{}", dir.display(), std::path::MAIN_SEPARATOR);
        h.run();
        h.get_by_label(&sub);
        // A file picked, then Enter in the path field opens it.
        h.state_mut().files.path = lessons.join("one.json").display().to_string();
        h.run();
        h.get_by_label("Path").focus();
        h.run();
        h.key_press(egui::Key::Enter);
        h.run();
        assert!(h.state().files.action.is_none(), "the dialog closed");
        assert_eq!(h.state().session.settings.puzzle.board_text, "143805276");
        // The next export does not default into the lessons folder.
        click_menu(&mut h, "File", "Export trace (CSV)...");
        assert_ne!(folder_of(&h.state().files.path), lessons);
        assert!(h.state().files.path.ends_with("searchlab-trace.csv"));
        // A session dialog goes back to where the session came from.
        h.get_by_label("Cancel").click();
        h.run();
        click_menu(&mut h, "File", "Save session...");
        assert_eq!(folder_of(&h.state().files.path), lessons);
    }

    /// The browser opens in the documents folder of the user's home, not in the working
    /// directory, and offers as places only the user's folders that exist.
    #[test]
    fn the_browser_starts_in_documents_and_offers_only_places_that_exist() {
        let home = crate::app::model::user_folders::fresh_folder("home");
        let documents = home.join("Documents");
        std::fs::create_dir(&documents).unwrap();
        let mut h = test_harness(Settings::default());
        h.state_mut().files.user = Some(UserFolders::in_home(&home));
        h.run();
        for item in ["Open session...", "Export trace (CSV)..."] {
            click_menu(&mut h, "File", item);
            let folder = folder_of(&h.state().files.path);
            assert_eq!(folder, documents, "{item}");
            assert_ne!(Some(folder), std::env::current_dir().ok());
            h.get_by_label("Home");
            h.get_by_label("Documents");
            h.get_by_label("File system");
            assert!(h.query_by_label("Desktop").is_none(), "no desktop folder");
            assert!(h.query_by_label("Downloads").is_none());
            h.get_by_label("Cancel").click();
            h.run();
        }
        // A desktop made since is offered at the next opening; without a documents folder
        // the browser starts at home.
        std::fs::create_dir(home.join("Desktop")).unwrap();
        std::fs::remove_dir(&documents).unwrap();
        click_menu(&mut h, "File", "Save session...");
        h.get_by_label("Desktop");
        assert!(h.query_by_label("Documents").is_none());
        assert_eq!(folder_of(&h.state().files.path), home);
    }

    /// Scrolled down a long folder, the next folder's list starts at its top.
    #[test]
    fn entering_a_folder_starts_its_list_at_the_top() {
        let dir = crate::app::model::user_folders::fresh_folder("scroll");
        for i in 0..60 {
            std::fs::create_dir_all(dir.join(format!("sub-{i:02}")).join(format!("deep-{i:02}")))
                .unwrap();
        }
        let last = dir.join("sub-59");
        for i in 0..60 {
            std::fs::create_dir_all(last.join(format!("inner-{i:02}"))).unwrap();
        }
        let mut h = test_harness(Settings::default());
        h.state_mut().files.start_in(&dir);
        h.run();
        click_menu(&mut h, "File", "Open session...");
        // How far the first row is below the list's heading, with the list at its top.
        let first_row_below_heading = |h: &egui_kittest::Harness<'static, App>| {
            let heading = h.get_by_label_contains("Folders and files in").rect();
            h.get_by_label(".. (parent folder)").rect().top() - heading.bottom()
        };
        let at_top = first_row_below_heading(&h);
        let sep = std::path::MAIN_SEPARATOR;
        h.get_by_label(&format!("sub-59{sep}")).scroll_to_me();
        h.run();
        assert!(
            first_row_below_heading(&h) < at_top - 100.0,
            "the list scrolled down"
        );
        h.get_by_label(&format!("sub-59{sep}")).click();
        h.run();
        assert_eq!(folder_of(&h.state().files.path), last);
        h.get_by_label(&format!("inner-00{sep}"));
        assert_eq!(first_row_below_heading(&h), at_top);
    }

    /// Typing with no field focused goes to the filter, which lists only the names holding
    /// what was typed; Enter opens the one left.
    #[test]
    fn typing_filters_the_list_and_enter_opens_what_is_left() {
        let dir = crate::app::model::user_folders::fresh_folder("filter");
        let lesson =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/lessons/lesson1-bfs-vs-astar.json");
        std::fs::copy(&lesson, dir.join("One lesson.json")).unwrap();
        std::fs::copy(&lesson, dir.join("other.json")).unwrap();
        std::fs::create_dir(dir.join("notes")).unwrap();
        let mut h = test_harness(Settings::default());
        h.state_mut().files.start_in(&dir);
        h.run();
        click_menu(&mut h, "File", "Open session...");
        assert!(
            h.get_by_label("Filter").is_focused(),
            "opening: typing filters"
        );
        // Picking a file leaves no field focused; typing then still filters, whatever its case.
        h.get_by_label("other.json").click();
        h.run();
        assert!(!h.get_by_label("Filter").is_focused());
        // Keys are the dialog's: Space does not step the search behind it.
        h.key_press(egui::Key::Space);
        h.run();
        assert_eq!(
            h.state().session.lane(0).search().steps(),
            0,
            "no shortcut ran"
        );
        h.event(egui::Event::Text("LES".to_owned()));
        h.run();
        assert_eq!(h.get_by_label("Filter").value().as_deref(), Some("LES"));
        h.get_by_label("One lesson.json");
        assert!(h.query_by_label("other.json").is_none());
        assert!(
            h.query_by_label(&format!("notes{}", std::path::MAIN_SEPARATOR))
                .is_none()
        );
        h.event(egui::Event::Text("x".to_owned()));
        h.run();
        h.get_by_label("Nothing here matches the filter.");
        h.key_press(egui::Key::Backspace);
        h.run();
        h.key_press(egui::Key::Enter);
        h.run();
        assert!(h.state().files.action.is_none(), "the dialog closed");
        assert_eq!(h.state().session.settings.puzzle.board_text, "143805276");
    }

    /// Saving, the name (not the folder, not the extension) is selected: typing replaces it,
    /// and Enter saves.
    #[test]
    fn saving_typing_replaces_the_name_and_enter_saves() {
        let dir = crate::app::model::user_folders::fresh_folder("save-name");
        let mut h = test_harness(Settings::default());
        h.state_mut().files.start_in(&dir);
        h.run();
        click_menu(&mut h, "File", "Save session...");
        assert!(h.get_by_label("Path").is_focused());
        h.event(egui::Event::Text("mine".to_owned()));
        h.run();
        assert_eq!(PathBuf::from(&h.state().files.path), dir.join("mine.json"));
        h.key_press(egui::Key::Enter);
        h.run();
        assert!(h.state().files.action.is_none(), "the dialog closed");
        assert!(SessionFile::read(&dir.join("mine.json")).is_ok());
    }

    /// A name typed without its folder is saved in the folder the dialog shows, not in the
    /// folder the program was started from.
    #[test]
    fn a_name_typed_alone_is_saved_in_the_folder_shown() {
        let dir = crate::app::model::user_folders::fresh_folder("save-alone");
        let mut h = test_harness(Settings::default());
        h.state_mut().files.start_in(&dir);
        h.run();
        click_menu(&mut h, "File", "Save session...");
        h.state_mut().files.path = "alone.json".to_owned();
        h.run();
        h.key_press(egui::Key::Enter);
        h.run();
        assert!(h.state().files.action.is_none(), "the dialog closed");
        assert!(SessionFile::read(&dir.join("alone.json")).is_ok());
        assert!(!Path::new("alone.json").exists());
    }

    /// What the window does with each answer of the system's dialog: a pick is carried out,
    /// a cancel does nothing, no dialog service opens the built-in browser and says why, and
    /// a pick that fails opens the browser there with the reason.
    #[test]
    fn the_system_dialogs_answers_are_followed_and_none_falls_back() {
        let dir = crate::app::model::user_folders::fresh_folder("system");
        let mut h = test_harness(Settings::default());
        h.run();
        let answer = |h: &mut egui_kittest::Harness<'static, App>, answer: Answer| {
            h.state_mut().files.system =
                Some(NativeDialog::answering(FileAction::SaveSession, answer));
            for _ in 0..100 {
                h.run();
                if h.state().files.system.is_none() {
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            panic!("no answer");
        };
        let picked = dir.join("picked.json");
        answer(&mut h, Answer::Picked(picked.clone()));
        assert!(SessionFile::read(&picked).is_ok());
        assert!(h.state().files.action.is_none());
        answer(&mut h, Answer::Cancelled);
        assert!(h.state().files.action.is_none(), "a cancel opens nothing");
        answer(&mut h, Answer::Unavailable);
        assert_eq!(h.state().files.action, Some(FileAction::SaveSession));
        h.get_by_label_contains("The system's file dialog did not answer");
        h.get_by_label("Cancel").click();
        h.run();
        answer(
            &mut h,
            Answer::Picked("/nonexistent-folder/x/picked.json".into()),
        );
        assert_eq!(h.state().files.action, Some(FileAction::SaveSession));
        h.get_by_label_contains("could not write /nonexistent-folder/x/picked.json");
    }

    /// While the system's dialog is open the window keeps drawing and says so in one line.
    #[test]
    fn an_open_system_dialog_is_one_line_over_the_window() {
        let mut h = test_harness(Settings::default());
        h.run();
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        h.state_mut().files.system = Some(NativeDialog::waiting_for(FileAction::OpenSession, rx));
        h.run();
        h.get_by_label("A file dialog is open: Open session");
        h.get_by_label("Step Space").click();
        h.run();
        assert_eq!(
            h.state().session.lane(0).search().steps(),
            1,
            "the window works"
        );
        drop(tx);
        for _ in 0..100 {
            h.run();
            if h.state().files.system.is_none() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(
            h.query_by_label("A file dialog is open: Open session")
                .is_none()
        );
        assert!(h.state().files.action.is_none(), "cancelled: nothing opens");
    }

    /// The File menu's setting is remembered in the settings.
    #[test]
    fn the_built_in_browser_is_a_remembered_setting() {
        let mut h = test_harness(Settings::default());
        h.run();
        click_menu(&mut h, "File", "Use the built-in file browser");
        assert!(h.state().session.settings.builtin_file_browser);
        // Settings saved before the setting existed load with the system's dialog.
        let old: Settings = serde_json::from_str(r#"{"board_text": "123804765"}"#).unwrap();
        assert!(!old.builtin_file_browser);
    }
}
