//! Files the window reads and writes: a session a teacher can hand out (start, goal, lanes and
//! their settings, the current step), a run's trace as CSV or as a Posthoc search trace, the
//! compare summary as CSV and the plots as PNG. A small in-window dialog asks for the path, so
//! it works the same on every desktop and under a test harness.
//!
//! A session file that cannot be read is refused with a sentence that says why, and the
//! current session is left exactly as it was.

use std::path::{Path, PathBuf};

use egui::{Color32, ColorImage, RichText};
use serde::{Deserialize, Serialize};

use super::breakpoints::BreakpointSettings;
use super::domain::DomainKind;
use super::grid_model::GridSettings;
use super::session::{MAX_LANES, MIN_LANES, Session, Settings, SetupError};
use super::text::{self, engine};
use crate::domains::puzzle::{Problem, SearchConfig, parse_board, parse_goal};
use crate::search::{Search, trace_csv, trace_posthoc};

/// What a session file holds. `format` and `version` tell it from any other JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionFile {
    pub format: String,
    pub version: u32,
    pub board: String,
    pub goal: String,
    /// Whether the lanes are shown side by side (compare view).
    pub compare: bool,
    /// The single view's search.
    pub config: SearchConfig,
    pub lanes: Vec<SearchConfig>,
    /// Steps taken when the file was saved.
    pub step: usize,
    #[serde(default)]
    pub breakpoints: BreakpointSettings,
    /// The puzzle or the map; files from before maps had no such field and are puzzles.
    #[serde(default)]
    pub domain: DomainKind,
    /// The map, its searches and its drawing options, in a session of a map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<GridSettings>,
}

pub const SESSION_FORMAT: &str = "searchlab-session";
pub const SESSION_VERSION: u32 = 1;

/// Why a session file was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadError {
    Io(String),
    NotJson(String),
    Foreign,
    NewerVersion(u32),
    Invalid(String),
}

impl LoadError {
    pub fn message(&self) -> String {
        let zh = text::language() == text::Language::Chinese;
        match (self, zh) {
            (LoadError::Io(e), false) => format!("the file could not be read: {e}"),
            (LoadError::Io(e), true) => format!("无法读取文件：{e}"),
            (LoadError::NotJson(e), false) => {
                format!("this is not a searchlab session (damaged or not JSON: {e})")
            }
            (LoadError::NotJson(e), true) => format!("这不是 searchlab 会话文件（已损坏或不是 JSON：{e}）"),
            (LoadError::Foreign, false) => {
                "this JSON file is not a searchlab session (it has no \"format\": \"searchlab-session\")"
                    .to_owned()
            }
            (LoadError::Foreign, true) => {
                "这个 JSON 文件不是 searchlab 会话（缺少 \"format\": \"searchlab-session\"）".to_owned()
            }
            (LoadError::NewerVersion(v), false) => format!(
                "this session was saved by a newer searchlab (format version {v}; this one reads {SESSION_VERSION})"
            ),
            (LoadError::NewerVersion(v), true) => {
                format!("这个会话由更新版本的 searchlab 保存（格式版本 {v}，本程序只能读 {SESSION_VERSION}）")
            }
            (LoadError::Invalid(e), false) => format!("the session's settings are not valid: {e}"),
            (LoadError::Invalid(e), true) => format!("会话中的设置无效：{e}"),
        }
    }
}

impl SessionFile {
    /// The session as it is now.
    pub fn of(session: &Session) -> SessionFile {
        let settings = &session.settings;
        SessionFile {
            format: SESSION_FORMAT.to_owned(),
            version: SESSION_VERSION,
            board: settings.board_text.clone(),
            goal: settings.goal_text.clone(),
            compare: settings.compare,
            config: settings.config,
            lanes: settings.lanes.clone(),
            step: session.clock(),
            breakpoints: settings.breakpoints.clone(),
            domain: settings.domain,
            grid: (settings.domain == DomainKind::Grid).then(|| settings.grid.clone()),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a session always serializes")
    }

    /// Reads and checks a session: every field must make a valid problem and valid lanes.
    pub fn parse(json: &str) -> Result<SessionFile, LoadError> {
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|e| LoadError::NotJson(e.to_string()))?;
        if value.get("format").and_then(|f| f.as_str()) != Some(SESSION_FORMAT) {
            return Err(LoadError::Foreign);
        }
        match value.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v > u64::from(SESSION_VERSION) => {
                return Err(LoadError::NewerVersion(v as u32));
            }
            _ => {}
        }
        let file: SessionFile =
            serde_json::from_value(value).map_err(|e| LoadError::Invalid(e.to_string()))?;
        let invalid = |e: SetupError| LoadError::Invalid(engine::setup_error(&e));
        let board = parse_board(&file.board).map_err(|e| invalid(SetupError::Board(e)))?;
        let goal =
            parse_goal(&file.goal, board.side()).map_err(|e| invalid(SetupError::Goal(e)))?;
        Problem::new(board, goal).map_err(|e| invalid(SetupError::Problem(e)))?;
        check_lane_count(file.lanes.len())?;
        for config in std::iter::once(&file.config).chain(&file.lanes) {
            config
                .validate()
                .map_err(|e| invalid(SetupError::Config(e)))?;
        }
        if let Some(grid) = &file.grid {
            // The map itself was checked as it was read (its text form); its searches here.
            check_lane_count(grid.lanes.len())?;
            for config in std::iter::once(&grid.config).chain(&grid.lanes) {
                config
                    .validate()
                    .map_err(|e| invalid(SetupError::Config(e)))?;
            }
        }
        if file.domain == DomainKind::Grid && file.grid.is_none() {
            return Err(LoadError::Invalid(
                if text::language() == text::Language::Chinese {
                    "地图会话缺少地图".to_owned()
                } else {
                    "a map session without its map".to_owned()
                },
            ));
        }
        Ok(file)
    }

    pub fn read(path: &Path) -> Result<SessionFile, LoadError> {
        let json = std::fs::read_to_string(path).map_err(|e| LoadError::Io(e.to_string()))?;
        SessionFile::parse(&json)
    }

    /// The settings with this session's problem and searches; view settings are kept.
    pub fn apply_to(&self, settings: &Settings) -> Settings {
        Settings {
            board_text: self.board.clone(),
            goal_text: self.goal.clone(),
            compare: self.compare,
            config: self.config,
            lanes: self.lanes.clone(),
            breakpoints: self.breakpoints.clone(),
            domain: self.domain,
            grid: self.grid.clone().unwrap_or_else(|| settings.grid.clone()),
            ..settings.clone()
        }
    }
}

/// Refuses a session whose compare view has too few or too many lanes.
fn check_lane_count(n: usize) -> Result<(), LoadError> {
    if (MIN_LANES..=MAX_LANES).contains(&n) {
        return Ok(());
    }
    Err(LoadError::Invalid(
        if text::language() == text::Language::Chinese {
            format!("{n} 条通道；会话应有 {MIN_LANES} 到 {MAX_LANES} 条")
        } else {
            format!("{n} lanes; a session has {MIN_LANES} to {MAX_LANES}")
        },
    ))
}

/// What the file dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    SaveSession,
    OpenSession,
    /// A MovingAI `.map` file (or searchlab's grid text) read into the map.
    ImportMap,
    TraceCsv,
    TraceJson,
    SummaryCsv,
    PlotDataCsv,
    PlotsPng,
    PlotsSvg,
    TreeSvg,
    TreePng,
    TreeDot,
    TreeTikz,
    TableMarkdown,
    TableCsv,
    TableLatex,
}

impl FileAction {
    /// The search tree's and the step table's exports, in menu order.
    pub const TREE: [FileAction; 7] = [
        FileAction::TreeSvg,
        FileAction::TreePng,
        FileAction::TreeDot,
        FileAction::TreeTikz,
        FileAction::TableMarkdown,
        FileAction::TableCsv,
        FileAction::TableLatex,
    ];

    pub fn title(self) -> &'static str {
        let t = text::t();
        match self {
            FileAction::SaveSession => t.save_session,
            FileAction::OpenSession => t.open_session,
            FileAction::ImportMap => t.import_map,
            FileAction::TraceCsv => t.export_trace_csv,
            FileAction::TraceJson => t.export_trace_json,
            FileAction::SummaryCsv => t.export_summary_csv,
            FileAction::PlotDataCsv => t.export_plot_data_csv,
            FileAction::PlotsPng => t.export_plots_png,
            FileAction::PlotsSvg => t.export_plots_svg,
            FileAction::TreeSvg => t.export_tree_svg,
            FileAction::TreePng => t.export_tree_png,
            FileAction::TreeDot => t.export_tree_dot,
            FileAction::TreeTikz => t.export_tree_tikz,
            FileAction::TableMarkdown => t.export_table_md,
            FileAction::TableCsv => t.export_table_csv,
            FileAction::TableLatex => t.export_table_tex,
        }
    }

    fn default_name(self) -> &'static str {
        match self {
            FileAction::SaveSession | FileAction::OpenSession => "searchlab-session.json",
            FileAction::ImportMap => "map.map",
            FileAction::TraceCsv => "searchlab-trace.csv",
            FileAction::TraceJson => "searchlab-trace.json",
            FileAction::SummaryCsv => "searchlab-summary.csv",
            FileAction::PlotDataCsv => "searchlab-per-step.csv",
            FileAction::PlotsPng => "searchlab-plots.png",
            FileAction::PlotsSvg => "searchlab-plots.svg",
            FileAction::TreeSvg => "searchlab-tree.svg",
            FileAction::TreePng => "searchlab-tree.png",
            FileAction::TreeDot => "searchlab-tree.dot",
            FileAction::TreeTikz => "searchlab-tree.tex",
            FileAction::TableMarkdown => "searchlab-table.md",
            FileAction::TableCsv => "searchlab-table.csv",
            FileAction::TableLatex => "searchlab-table.tex",
        }
    }

    fn extension(self) -> &'static str {
        Path::new(self.default_name())
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
    }

    fn reads(self) -> bool {
        matches!(self, FileAction::OpenSession | FileAction::ImportMap)
    }
}

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
                    ui.label(RichText::new(t.places).weak());
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

/// Writes `content`, saying where in the status line or why not in the dialog.
pub fn write(path: &Path, content: &[u8]) -> Result<String, String> {
    std::fs::write(path, content)
        .map(|()| text::saved_to(&path.display().to_string()))
        .map_err(|e| text::could_not_write(&path.display().to_string(), &e.to_string()))
}

/// The trace of every lane that has one: `path` itself for one lane, `name-lane2.csv` and so
/// on for several. Returns the paths written.
pub fn write_traces(session: &Session, path: &Path, json: bool) -> Result<String, String> {
    let searches: Vec<&dyn Search<super::domain::AnyProblem>> = if session.settings.compare {
        session.lanes.iter().map(|l| l.search()).collect()
    } else {
        session
            .main_lane()
            .map(|l| l.search())
            .into_iter()
            .collect()
    };
    if searches.is_empty() {
        return Err(text::t().nothing_to_export.to_owned());
    }
    let mut written = Vec::new();
    for (i, search) in searches.iter().enumerate() {
        let target = if searches.len() == 1 {
            path.to_path_buf()
        } else {
            lane_path(path, i + 1)
        };
        let content = if json {
            serde_json::to_string_pretty(&trace_posthoc(*search)).expect("a trace serializes")
        } else {
            trace_csv(*search)
        };
        write(&target, content.as_bytes())?;
        written.push(target.display().to_string());
    }
    Ok(text::saved_to(&written.join(", ")))
}

/// `trace.csv` for lane 2 is `trace-lane2.csv`.
fn lane_path(path: &Path, lane: usize) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-lane{lane}.{}", ext.to_string_lossy()),
        None => format!("{stem}-lane{lane}"),
    };
    path.with_file_name(name)
}

/// The summary of every lane as CSV (the compare view's table, or the single search's row).
pub fn summary_csv(session: &Session) -> String {
    let rows = super::compare::summary_rows(session);
    let quote = |cell: &str| {
        if cell.contains([',', '"', '\n']) {
            format!("\"{}\"", cell.replace('"', "\"\""))
        } else {
            cell.to_owned()
        }
    };
    let mut out = super::compare::summary_header()
        .iter()
        .map(|c| quote(c))
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    for row in rows {
        let cells: Vec<String> = row.cells().iter().map(|c| quote(c)).collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// What the plots show, as numbers: one row per lane and step with the counters after it and
/// the f and h of the node it expanded.
pub fn plot_data_csv(session: &Session) -> String {
    let mut out = String::from("lane,step,expanded,generated,open,f,h\n");
    for (i, lane) in session.lanes.iter().enumerate() {
        for (step, s) in lane.history().iter().enumerate() {
            out.push_str(&format!(
                "{},{},{},{},{},{},{}\n",
                i + 1,
                step + 1,
                s.expanded,
                s.generated,
                s.open,
                s.f,
                s.h
            ));
        }
    }
    out
}

/// An image as PNG bytes (RGBA, 8 bits).
pub fn png(image: &ColorImage) -> Vec<u8> {
    let mut bytes = Vec::new();
    {
        let mut encoder =
            png::Encoder::new(&mut bytes, image.width() as u32, image.height() as u32);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("writing to memory");
        let pixels: Vec<u8> = image
            .pixels
            .iter()
            .flat_map(|c: &Color32| c.to_srgba_unmultiplied())
            .collect();
        writer.write_image_data(&pixels).expect("writing to memory");
    }
    bytes
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable;

    use super::*;
    use crate::app::grid_model::{GridEdit, Tool};
    use crate::app::{App, Command, test_harness};
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

    /// A map session keeps the map as it was edited, its searches and the step.
    #[test]
    fn a_map_session_opens_again_with_its_map_and_step() {
        let mut session = crate::app::Session::new(Settings {
            domain: DomainKind::Grid,
            compare: true,
            ..Settings::default()
        });
        let grid = session.settings.grid.grid.clone();
        let free = grid
            .cells()
            .find(|&c| grid.is_passable(c) && c != grid.start() && c != grid.goal())
            .unwrap();
        let wall = GridEdit::Paint {
            from: free,
            to: free,
            tool: Tool::Weight(7),
        };
        session.apply(Command::EditGrid(wall));
        for _ in 0..5 {
            session.apply(Command::Step);
        }
        let saved = SessionFile::of(&session);
        let read = SessionFile::parse(&saved.to_json()).unwrap();
        assert_eq!(read, saved);
        let settings = read.apply_to(&Settings::default());
        assert_eq!(settings.domain, DomainKind::Grid);
        assert_eq!(settings.grid.grid, session.settings.grid.grid);
        assert_ne!(
            settings.grid.grid, grid,
            "the painted terrain is in the file"
        );
        assert_eq!(read.step, 5);
        // A puzzle session has no map in it, and older files without the field are puzzles.
        let puzzle = SessionFile::of(&crate::app::Session::new(Settings::default()));
        assert!(!puzzle.to_json().contains("\"grid\""));
        let mut bare: serde_json::Value = serde_json::from_str(&puzzle.to_json()).unwrap();
        bare.as_object_mut().unwrap().remove("domain");
        let old = SessionFile::parse(&bare.to_string()).unwrap();
        assert_eq!(old.domain, DomainKind::Puzzle);
        // A map session whose map is gone is refused.
        let mut broken: serde_json::Value = serde_json::from_str(&saved.to_json()).unwrap();
        broken.as_object_mut().unwrap().remove("grid");
        assert!(matches!(
            SessionFile::parse(&broken.to_string()),
            Err(LoadError::Invalid(_))
        ));
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
    fn every_refusal_has_its_reason() {
        let good = SessionFile::of(&crate::app::Session::new(Settings::default()));
        let json = |f: &SessionFile| f.to_json();
        assert_eq!(SessionFile::parse(&json(&good)), Ok(good.clone()));
        assert!(matches!(
            SessionFile::parse("{"),
            Err(LoadError::NotJson(_))
        ));
        assert_eq!(SessionFile::parse("[1, 2]"), Err(LoadError::Foreign));
        let newer = SessionFile {
            version: SESSION_VERSION + 1,
            ..good.clone()
        };
        assert_eq!(
            SessionFile::parse(&json(&newer)),
            Err(LoadError::NewerVersion(SESSION_VERSION + 1))
        );
        let unsolvable = SessionFile {
            board: "213804765".to_owned(),
            ..good.clone()
        };
        let Err(LoadError::Invalid(reason)) = SessionFile::parse(&json(&unsolvable)) else {
            panic!("an unsolvable board was accepted");
        };
        assert!(reason.starts_with("unsolvable"), "{reason}");
        let one_lane = SessionFile {
            lanes: good.lanes[..1].to_vec(),
            ..good
        };
        assert!(matches!(
            SessionFile::parse(&json(&one_lane)),
            Err(LoadError::Invalid(_))
        ));
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

    #[test]
    fn the_lesson_files_open() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/lessons");
        let mut boards = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let file = SessionFile::read(&path)
                .unwrap_or_else(|e| panic!("{}: {}", path.display(), e.message()));
            boards.push(file.board);
        }
        boards.sort();
        assert_eq!(boards, ["105472386", "126743058", "143805276"]);
    }

    #[test]
    fn png_holds_the_image() {
        let image = ColorImage::filled([3, 2], Color32::from_rgb(10, 20, 30));
        let bytes = png(&image);
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        assert_eq!((info.width, info.height), (3, 2));
        assert_eq!(&pixels[..4], &[10, 20, 30, 255]);
    }
}
