//! Files the window reads and writes: a session a teacher can hand out (start, goal, lanes and
//! their settings, the current step), a run's trace as CSV or as a Posthoc search trace, the
//! compare summary as CSV and the plots as PNG. A small in-window dialog asks for the path, so
//! it works the same on every desktop and under a test harness.
//!
//! A session file that cannot be read is refused with a sentence that says why, and the
//! current session is left exactly as it was.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::breakpoints::BreakpointSettings;
use super::domain::DomainKind;
pub use super::file_action::FileAction;
use super::session::{MAX_LANES, MIN_LANES, Session, Settings, SetupError};
use super::settings::SessionSections;
use super::text;
use crate::search::{Search, trace_csv, trace_posthoc};

/// What a session file holds. `format` and `version` tell it from any other JSON; the problem
/// and its searches are the section of the session's domain, in the shape that domain's
/// settings have.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionFile {
    pub format: String,
    pub version: u32,
    /// Whether the lanes are shown side by side (compare view).
    pub compare: bool,
    /// Steps taken when the file was saved.
    pub step: usize,
    #[serde(default)]
    pub breakpoints: BreakpointSettings,
    /// The domain of the problem; files from before maps had no such field and are puzzles.
    #[serde(default)]
    pub domain: DomainKind,
    /// The section of the session's domain, under the domain's name, in the shape that
    /// domain's settings have.
    #[serde(flatten)]
    pub sections: SessionSections,
}

pub const SESSION_FORMAT: &str = "searchlab-session";
pub const SESSION_VERSION: u32 = 2;

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
    /// The session as it is now: the section of its domain only.
    pub fn of(session: &Session) -> SessionFile {
        let settings = &session.settings;
        SessionFile {
            format: SESSION_FORMAT.to_owned(),
            version: SESSION_VERSION,
            compare: settings.compare,
            step: session.clock(),
            breakpoints: settings.breakpoints.clone(),
            domain: settings.domain,
            sections: SessionSections::of(settings),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a session always serializes")
    }

    /// Reads and checks a session: every section must make a valid problem and valid lanes,
    /// and the session's domain must have its section.
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
        let mut file: SessionFile =
            serde_json::from_value(value).map_err(|e| LoadError::Invalid(e.to_string()))?;
        file.sections.adopt_version_1();
        let invalid = |e: SetupError| LoadError::Invalid(e.message());
        for (_, section) in file.sections.held() {
            check_lane_count(section.lane_count())?;
            for config in std::iter::once(section.config()).chain(section.lanes()) {
                config
                    .validate()
                    .map_err(|e| invalid(SetupError::Config(e)))?;
            }
            section.read_problem(None).map_err(invalid)?;
        }
        if !file
            .sections
            .held()
            .iter()
            .any(|(domain, _)| *domain == file.domain)
        {
            return Err(LoadError::Invalid(
                if text::language() == text::Language::Chinese {
                    "会话缺少它的问题".to_owned()
                } else {
                    "a session without its problem".to_owned()
                },
            ));
        }
        Ok(file)
    }

    pub fn read(path: &Path) -> Result<SessionFile, LoadError> {
        let json = std::fs::read_to_string(path).map_err(|e| LoadError::Io(e.to_string()))?;
        SessionFile::parse(&json)
    }

    /// The settings with this session's problem and searches; view settings and the sections
    /// of other domains are kept.
    pub fn apply_to(&self, settings: &Settings) -> Settings {
        let mut settings = Settings {
            compare: self.compare,
            breakpoints: self.breakpoints.clone(),
            domain: self.domain,
            ..settings.clone()
        };
        self.sections.apply_to(&mut settings);
        settings
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

/// The largest problem file the window reads: far above any map or graph it can hold.
const MAX_PROBLEM_FILE: u64 = 64 << 20;

/// Reads a problem file the user picked (a map, a graph): a regular file of at most
/// [`MAX_PROBLEM_FILE`] bytes, as UTF-8. A FIFO or a folder is refused, never waited on.
pub fn read_problem_file(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let unreadable = |e: &dyn std::fmt::Display| text::file_unreadable(&e.to_string());
    let meta = std::fs::metadata(path).map_err(|e| unreadable(&e))?;
    if !meta.is_file() {
        return Err(unreadable(&text::t().not_a_file));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(|e| unreadable(&e))?
        .take(MAX_PROBLEM_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| unreadable(&e))?;
    if bytes.len() as u64 > MAX_PROBLEM_FILE {
        return Err(unreadable(&text::t().file_too_large));
    }
    String::from_utf8(bytes).map_err(|_| unreadable(&text::t().not_utf8))
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
    let rows = super::summary::summary_rows(session);
    let quote = |cell: &str| {
        if cell.contains([',', '"', '\n']) {
            format!("\"{}\"", cell.replace('"', "\"\""))
        } else {
            cell.to_owned()
        }
    };
    let mut out = super::summary::summary_header(super::summary::weighted(&rows))
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

/// An image of `width` x `height` pixels as PNG bytes; `rgba` holds 4 bytes a pixel, row by
/// row, not premultiplied.
pub fn png(width: usize, height: usize, rgba: &[u8]) -> Vec<u8> {
    debug_assert_eq!(rgba.len(), width * height * 4);
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width as u32, height as u32);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("writing to memory");
        writer.write_image_data(rgba).expect("writing to memory");
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::grid::grid_model::{GridEdit, Tool};
    use crate::app::model::command::Command;

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
        session.apply(Command::edit(wall));
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
        // A map session holds no board (a bad board elsewhere in the settings cannot spoil it),
        // a puzzle session no map, and older files without the field are puzzles.
        assert!(!saved.to_json().contains("\"puzzle\""));
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
        let mut unsolvable = good.clone();
        unsolvable.sections.puzzle.as_mut().unwrap().board_text = "213804765".to_owned();
        let Err(LoadError::Invalid(reason)) = SessionFile::parse(&json(&unsolvable)) else {
            panic!("an unsolvable board was accepted");
        };
        assert!(reason.starts_with("unsolvable"), "{reason}");
        let mut one_lane = good;
        one_lane.sections.puzzle.as_mut().unwrap().lanes.truncate(1);
        assert!(matches!(
            SessionFile::parse(&json(&one_lane)),
            Err(LoadError::Invalid(_))
        ));
    }

    #[test]
    fn the_lesson_files_open() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/lessons");
        let mut boards = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let file = SessionFile::read(&path)
                .unwrap_or_else(|e| panic!("{}: {}", path.display(), e.message()));
            boards.push(file.sections.puzzle.unwrap().board_text);
        }
        boards.sort();
        assert_eq!(boards, ["105472386", "126743058", "143805276"]);
    }

    #[test]
    fn png_holds_the_image() {
        let rgba: Vec<u8> = (0..6).flat_map(|i| [10, 20, 30 + i, 255]).collect();
        let bytes = png(3, 2, &rgba);
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        assert_eq!((info.width, info.height), (3, 2));
        assert_eq!(pixels, rgba);
    }

    fn fixture(name: &str) -> String {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/");
        std::fs::read_to_string(format!("{dir}{name}")).unwrap()
    }

    /// Session files as an earlier release wrote them, a map's and a puzzle's, open with their
    /// problem and searches.
    #[test]
    fn session_files_written_by_an_earlier_release_still_open() {
        let file = SessionFile::parse(&fixture("session-v1-grid.json")).unwrap();
        let settings = file.apply_to(&Settings::default());
        assert_eq!(settings.domain, DomainKind::Grid);
        assert!(settings.compare);
        assert_eq!(
            settings.grid.grid,
            crate::app::grid::grid_model::GridSettings::default().grid
        );
        assert_eq!(
            settings.grid.config.heuristic,
            crate::domains::grid::GridHeuristic::Manhattan
        );
        let file = SessionFile::parse(&fixture("session-v1-puzzle.json")).unwrap();
        let settings = file.apply_to(&Settings::default());
        assert_eq!(settings.domain, DomainKind::Puzzle);
        assert_eq!(
            (
                settings.puzzle.board_text.as_str(),
                settings.puzzle.goal_text.as_str()
            ),
            ("867254301", "123456780")
        );
        assert_eq!(
            settings.puzzle.config.heuristic,
            crate::domains::puzzle::HeuristicKind::LinearConflict
        );
        assert_eq!(settings.puzzle.lanes[1].weight, 2.5);
        let session = crate::app::Session::new(settings);
        assert!(session.problem.is_ok(), "{:?}", session.problem);
    }
}
