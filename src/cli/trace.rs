//! `searchlab solve --trace`: each search's events written to a file while it runs, so the
//! trace costs a buffer, not memory that grows with the search. The events and both formats are
//! those of [`crate::search::trace_csv`] and [`crate::search::trace_posthoc`], written step by
//! step instead of from the finished search.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::search::{
    CSV_HEADER, NodeId, Search, SearchProblem, TraceEvent, csv_row, posthoc_event, posthoc_header,
    start_events, step_events,
};

/// The files traces go to: `FILE` for the first board line, `FILE-2.ext`, `FILE-3.ext`, ...
/// for the board on the n-th (non-blank) line, so a file's name says which line it traces even
/// when lines before it were not boards. A device or a pipe (`/dev/null`, `/dev/stdout`) gets
/// every trace, one after the other, through one handle: no name is made up beside it.
pub struct TraceFiles {
    base: PathBuf,
    csv: bool,
    /// The first file, opened before any search so a path that cannot be written is known at
    /// once; for a device or a pipe, the handle every trace goes through.
    first: Option<File>,
    /// Whether `base` existed as something other than a regular file.
    special: bool,
    /// The place of the trace [`TraceFiles::run_next`] writes next.
    next: usize,
}

/// A trace file that could not be opened or written.
#[derive(Debug)]
pub struct TraceError {
    pub path: PathBuf,
    pub error: std::io::Error,
}

impl TraceFiles {
    /// Opens the first file: CSV if `base` ends in `.csv`, otherwise Posthoc JSON.
    pub fn open(base: &Path) -> Result<TraceFiles, TraceError> {
        let special = std::fs::metadata(base).is_ok_and(|m| !m.is_file());
        let mut files = TraceFiles {
            base: base.to_path_buf(),
            csv: base.extension().is_some_and(|e| e == "csv"),
            first: None,
            special,
            next: 0,
        };
        files.first = Some(files.create(&files.base)?);
        Ok(files)
    }

    /// Where the trace of the board at `order` among the non-blank lines (from 0) goes.
    fn path(&self, order: usize) -> PathBuf {
        if order == 0 || self.special {
            return self.base.clone();
        }
        let stem = self.base.file_stem().unwrap_or_default().to_string_lossy();
        let name = match self.base.extension() {
            Some(ext) => format!("{stem}-{}.{}", order + 1, ext.to_string_lossy()),
            None => format!("{stem}-{}", order + 1),
        };
        self.base.with_file_name(name)
    }

    fn create(&self, path: &Path) -> Result<File, TraceError> {
        let file = if self.special {
            File::options().write(true).open(path)
        } else {
            File::create(path)
        };
        file.map_err(|error| TraceError {
            path: path.to_path_buf(),
            error,
        })
    }

    /// Runs `search` to the end, writing its events to the file after the last one written:
    /// for searches that are numbered one after the other.
    pub fn run_next<P: SearchProblem>(
        &mut self,
        search: &mut dyn Search<P>,
    ) -> Result<(), TraceError> {
        self.run(self.next, search)
    }

    /// Runs `search`, the board at `order` among the non-blank lines, to the end, writing its
    /// events to that board's file as it goes. A file that cannot be written fails this board
    /// only.
    pub fn run<P: SearchProblem>(
        &mut self,
        order: usize,
        search: &mut dyn Search<P>,
    ) -> Result<(), TraceError> {
        self.next = order + 1;
        let path = self.path(order);
        let file = match self.first.take() {
            Some(file) if order == 0 || self.special => file,
            _ => self.create(&path)?,
        };
        let mut writer = EventWriter::new(BufWriter::new(file), self.csv);
        let result = (|| {
            writer.start(search)?;
            while search.step().is_some() {
                writer.step(search, search.steps() - 1)?;
            }
            writer.finish()
        })();
        match (result, writer.out.into_inner()) {
            (Ok(()), Ok(file)) => {
                if self.special {
                    // The same device or pipe for the next trace.
                    self.first = Some(file);
                }
                Ok(())
            }
            (Err(error), _) => Err(TraceError { path, error }),
            (Ok(()), Err(error)) => Err(TraceError {
                path,
                error: error.into_error(),
            }),
        }
    }
}

/// Writes one search's events in order.
struct EventWriter<W: Write> {
    out: W,
    csv: bool,
    /// No event written yet (Posthoc events are separated by commas).
    first: bool,
}

impl<W: Write> EventWriter<W> {
    fn new(out: W, csv: bool) -> EventWriter<W> {
        EventWriter {
            out,
            csv,
            first: true,
        }
    }

    /// The header and the start node, before the first step.
    fn start<P: SearchProblem>(&mut self, search: &dyn Search<P>) -> std::io::Result<()> {
        if self.csv {
            self.out.write_all(CSV_HEADER.as_bytes())?;
        } else {
            // The header object, left open for the events that follow.
            let header = posthoc_header(search).to_string();
            let open = header.strip_suffix('}').unwrap_or(&header);
            write!(self.out, "{open},\"events\":[")?;
        }
        let mut written = Ok(());
        start_events(search, &mut |e| {
            if written.is_ok() {
                written = self.event(&e);
            }
        });
        written
    }

    /// The events of step `index` (0-based), written just after it was taken: a node's g and
    /// parent are then still those it had during the step.
    fn step<P: SearchProblem>(
        &mut self,
        search: &dyn Search<P>,
        index: usize,
    ) -> std::io::Result<()> {
        let now = |id: NodeId| {
            let node = search.node(id);
            ((node.g, node.depth), node.parent)
        };
        let mut written = Ok(());
        step_events(search, index, &now, &mut |e| {
            if written.is_ok() {
                written = self.event(&e);
            }
        });
        written
    }

    fn event(&mut self, event: &TraceEvent) -> std::io::Result<()> {
        if self.csv {
            return self.out.write_all(csv_row(event).as_bytes());
        }
        let Some(value) = posthoc_event(event) else {
            return Ok(());
        };
        if !self.first {
            self.out.write_all(b",")?;
        }
        self.first = false;
        write!(self.out, "{value}")
    }

    /// The end of the document.
    fn finish(&mut self) -> std::io::Result<()> {
        if !self.csv {
            self.out.write_all(b"]}\n")?;
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::{HeuristicKind, Problem, SearchConfig};
    use crate::search::{Algorithm, GoalTest, new_search, trace_csv, trace_posthoc};

    /// The streamed trace of a search, and the search run to the end.
    fn streamed(
        problem: Problem,
        config: SearchConfig,
        csv: bool,
    ) -> (String, Box<dyn Search<Problem>>) {
        let mut search = new_search(problem, config);
        let mut writer = EventWriter::new(Vec::new(), csv);
        writer.start(search.as_ref()).unwrap();
        while search.step().is_some() {
            writer.step(search.as_ref(), search.steps() - 1).unwrap();
        }
        writer.finish().unwrap();
        (String::from_utf8(writer.out).unwrap(), search)
    }

    /// On a grid map the events carry x and y, and the header a view: streamed, they are still
    /// what the finished search writes.
    #[test]
    fn streaming_a_grid_search_writes_what_the_finished_search_would() {
        use crate::domains::grid::{Connectivity, Grid, GridHeuristic, presets};
        let mut grid: Grid = presets::random(12, 9, 0.25, 5).unwrap();
        grid.set_connectivity(Connectivity::Eight);
        let config = crate::search::SearchConfig::with(Algorithm::AStar, GridHeuristic::Octile);
        let mut search = new_search(grid, config);
        let mut writer = EventWriter::new(Vec::new(), false);
        writer.start(search.as_ref()).unwrap();
        while search.step().is_some() {
            writer.step(search.as_ref(), search.steps() - 1).unwrap();
        }
        writer.finish().unwrap();
        let value: serde_json::Value = serde_json::from_slice(&writer.out).unwrap();
        assert_eq!(value, trace_posthoc(search.as_ref()));
        assert_eq!(value["views"]["main"][0]["x"], "${{ $.x }}");
        let events = value["events"].as_array().unwrap();
        assert!(events.len() > 10);
        assert_eq!((&events[0]["x"], &events[0]["y"]), (&0.into(), &0.into()));
    }

    #[test]
    fn streaming_writes_what_the_finished_search_would() {
        let goal = "123804765".parse().unwrap();
        let mut configs: Vec<SearchConfig> = Algorithm::EVERY
            .iter()
            .map(|&a| SearchConfig::with(a, HeuristicKind::Misplaced))
            .collect();
        configs.push(SearchConfig {
            algorithm: Algorithm::BreadthFirst,
            goal_test: GoalTest::OnGeneration,
            ..SearchConfig::default()
        });
        for start in ["283104765", "123804765", "231804765", "567408321"] {
            let problem = Problem::new(start.parse().unwrap(), goal).unwrap();
            for config in configs.iter().map(|c| SearchConfig {
                node_limit: 3000,
                ..*c
            }) {
                let (csv, search) = streamed(problem, config, true);
                assert_eq!(csv, trace_csv(search.as_ref()), "{start} {config:?}");
                let (json, search) = streamed(problem, config, false);
                let value: serde_json::Value = serde_json::from_str(&json).unwrap();
                assert_eq!(value, trace_posthoc(search.as_ref()), "{start} {config:?}");
            }
        }
    }
}
