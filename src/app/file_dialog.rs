//! The file dialog: one at a time, a folder browser over a path that can also be typed. What
//! the files hold is the model's (`model::files`); this is where the user picks them.

use std::path::{Path, PathBuf};

use egui::RichText;

use super::files::FileAction;
use super::text;

/// The file dialog: one at a time, a folder browser (places, folders, files of the right kind)
/// over a path that can also be typed; Enter or a double click confirms.
#[derive(Default)]
pub struct FileDialog {
    pub action: Option<FileAction>,
    pub path: String,
    /// Why the last attempt failed, shown in the dialog until the path changes.
    pub error: Option<String>,
    /// The folder last listed with its folders and files, so a folder is read when it changes
    /// rather than every frame.
    listing: Option<Listing>,
    /// Where sessions were last opened or saved, and where exports were last written: opening
    /// a lesson does not send the next export into the lessons folder.
    session_folder: Option<PathBuf>,
    export_folder: Option<PathBuf>,
    /// Folders used before, newest first (at most five).
    recent: Vec<PathBuf>,
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

/// The user's documents folder (`XDG_DOCUMENTS_DIR`, else ~/Documents, else home), where
/// exports go first.
fn documents_folder() -> Option<PathBuf> {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    std::env::var_os("XDG_DOCUMENTS_DIR")
        .map(PathBuf::from)
        .or_else(|| home.as_ref().map(|h| h.join("Documents")))
        .filter(|d| d.is_dir())
        .or(home)
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

impl FileDialog {
    /// Opens the dialog for `action`: sessions in the folder last used for sessions, exports
    /// in the folder last used for exports, else the documents folder.
    pub fn open(&mut self, action: FileAction) {
        let last = match action {
            FileAction::SaveSession | FileAction::OpenSession | FileAction::ImportMap => {
                &self.session_folder
            }
            _ => &self.export_folder,
        };
        let folder = last
            .clone()
            .filter(|p| p.is_dir())
            .or_else(|| match action {
                FileAction::SaveSession | FileAction::OpenSession | FileAction::ImportMap => {
                    std::env::current_dir()
                        .ok()
                        .filter(|d| d.parent().is_some())
                }
                _ => None,
            })
            .or_else(documents_folder)
            .unwrap_or_default();
        self.path = folder
            .join(action.default_name())
            .to_string_lossy()
            .into_owned();
        self.action = Some(action);
        self.error = None;
        // Read again on opening: files may have been written since.
        self.listing = None;
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
        match action {
            FileAction::SaveSession | FileAction::OpenSession | FileAction::ImportMap => {
                self.session_folder = Some(folder.clone());
            }
            _ => self.export_folder = Some(folder.clone()),
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

    /// Draws the dialog; returns a request when the user confirms.
    pub fn window(&mut self, ctx: &egui::Context) -> Option<Request> {
        let action = self.action?;
        let t = text::t();
        let mut confirm = false;
        let mut open = true;
        let mut go_to = None;
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
                ui.horizontal(|ui| {
                    let label = ui.label(RichText::new(t.file_path).strong());
                    let response = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.path)
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
                // Places: home, documents and the folders used before.
                ui.horizontal_wrapped(|ui| {
                    super::widgets::word(ui, RichText::new(t.places).weak());
                    let home = std::env::var_os("HOME").map(PathBuf::from);
                    let mut places: Vec<(String, PathBuf)> = Vec::new();
                    if let Some(home) = home {
                        places.push((t.home_folder.to_owned(), home));
                    }
                    if let Some(documents) = documents_folder() {
                        places.push((t.documents_folder.to_owned(), documents));
                    }
                    for folder in &self.recent {
                        let name = folder.file_name().map_or_else(
                            || folder.display().to_string(),
                            |n| n.to_string_lossy().into_owned(),
                        );
                        places.push((name, folder.clone()));
                    }
                    for (name, folder) in places {
                        if ui
                            .button(name)
                            .on_hover_text(folder.display().to_string())
                            .clicked()
                        {
                            go_to = Some(folder);
                        }
                    }
                });
                let folder = folder_of(&self.path);
                if self.listing.as_ref().is_none_or(|l| l.folder != folder) {
                    let (folders, files) = entries_in(&folder, action.extension());
                    self.listing = Some(Listing {
                        folder,
                        folders,
                        files,
                    });
                }
                let listing = self.listing.as_ref().expect("just listed");
                ui.label(
                    RichText::new(text::files_in_folder(&listing.folder.display().to_string()))
                        .weak(),
                );
                let mut picked = None;
                egui::ScrollArea::vertical()
                    .max_height(200.0)
                    .min_scrolled_height(200.0)
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        if let Some(parent) = listing.folder.parent()
                            && ui.selectable_label(false, t.parent_folder).clicked()
                        {
                            go_to = Some(parent.to_path_buf());
                        }
                        for sub in &listing.folders {
                            let name = sub
                                .file_name()
                                .map(|n| n.to_string_lossy().into_owned())
                                .unwrap_or_default();
                            if ui
                                .selectable_label(
                                    false,
                                    format!("{name}{}", std::path::MAIN_SEPARATOR),
                                )
                                .clicked()
                            {
                                go_to = Some(sub.clone());
                            }
                        }
                        for file in &listing.files {
                            let name = file
                                .file_name()
                                .map(|n| n.to_string_lossy().into_owned())
                                .unwrap_or_default();
                            let selected = Path::new(&self.path) == file.as_path();
                            let response = ui.selectable_label(selected, name);
                            if response.double_clicked() {
                                picked = Some(file.to_string_lossy().into_owned());
                                confirm = true;
                            } else if response.clicked() {
                                picked = Some(file.to_string_lossy().into_owned());
                            }
                        }
                        if listing.folders.is_empty() && listing.files.is_empty() {
                            ui.label(RichText::new(t.folder_empty).weak());
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
        }
        if !open {
            self.action = None;
        }
        let path = self.path.trim();
        if !confirm || path.is_empty() || self.action.is_none() {
            return None;
        }
        if folder_of(path) == Path::new(path) {
            // A folder: open it rather than try to write a file called like it.
            let folder = PathBuf::from(path);
            self.go_to(&folder, action);
            return None;
        }
        Some(Request {
            action,
            path: PathBuf::from(path),
        })
    }

    /// The outcome of a request: close on success (remembering the folder), or keep the
    /// dialog open with the error.
    pub fn finish(&mut self, request: &Request, result: Result<String, String>) -> Option<String> {
        match result {
            Ok(status) => {
                self.remember(request.action, &request.path);
                self.action = None;
                self.error = None;
                Some(status)
            }
            Err(error) => {
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
    use crate::app::domain::DomainKind;
    use crate::app::files::SessionFile;
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
            board_text: "2 8 3 1 6 4 7 0 5".to_owned(),
            compare: true,
            ..Settings::default()
        };
        settings.lanes[0] = SearchConfig::with(Algorithm::UniformCost, Default::default());
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
        assert_eq!(saved.board, "2 8 3 1 6 4 7 0 5");

        // Change everything the file holds, then open it.
        h.get_by_label("Single").click();
        h.run();
        h.state_mut().session.settings.lanes.pop();
        h.state_mut()
            .apply(crate::app::Command::SetBoardText("123804765".to_owned()));
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
        h.get_by_label_contains("imported the map import.map");
    }
    #[test]
    fn a_damaged_or_foreign_file_is_refused_and_nothing_is_lost() {
        let damaged = temp_path("damaged.json");
        let good = SessionFile::of(&crate::app::Session::new(Settings::default())).to_json();
        std::fs::write(&damaged, &good[..good.len() / 2]).unwrap();
        let foreign = temp_path("foreign.json");
        std::fs::write(&foreign, r#"{"name": "a list of pupils"}"#).unwrap();

        let mut h = test_harness(Settings {
            board_text: "283164705".to_owned(),
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
        assert_eq!(h.state().session.settings.board_text, "143805276");
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
}
