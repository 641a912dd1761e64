//! The MovingAI benchmark files (<https://movingai.com/benchmarks/formats.html>): `.map` grids
//! and `.scen` scenario lists. Reading never panics: every refusal is an error naming the line
//! (from 1) and, for a bad cell, the column (from 1).
//!
//! Cells are read as follows:
//! - `.` and `G` (ground) are free;
//! - `@` and `O` (out of bounds) and `T` (trees) are walls;
//! - `S` (swamp) is weighted terrain of weight [`SWAMP_WEIGHT`]; MovingAI gives swamp no cost of
//!   its own, so scenario lengths on maps with swamp will not match ours;
//! - `W` (water) is a wall. MovingAI lets water be crossed only from other water; modelling that
//!   would make a move's legality depend on the cell left, so we keep it simple and keep
//!   searches off water.
//!
//! A map read from a file is 8-connected without corner cutting (the benchmarks' rules), with
//! the start on the first free cell in reading order and the goal on the last; a scenario
//! ([`Scenario::apply`]) moves them.

use thiserror::Error;

use super::geometry::{COST_SCALE, Cell, Connectivity, CornerCutting};
use super::map::{Endpoint, Grid, GridError, MAX_SIDE, MAX_WEIGHT, MIN_SIDE, MIN_WEIGHT, Terrain};

/// The weight given to MovingAI swamp (`S`).
pub const SWAMP_WEIGHT: u8 = 3;

/// Why a map file was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MapFileError {
    /// A header line other than the one expected.
    #[error("line {line}: expected {expected}, found `{found}`")]
    Header {
        /// The line, from 1.
        line: usize,
        /// What should be there, in words.
        expected: &'static str,
        /// What is there.
        found: String,
    },
    /// A header value that is not what its key needs (a size, a coordinate, 4 or 8, ...).
    #[error("line {line}: `{found}` is not a valid {key}")]
    Value {
        /// The line, from 1.
        line: usize,
        /// The header key.
        key: &'static str,
        /// The value found.
        found: String,
    },
    /// The header stated something the grid refuses: a size outside 5 to 1024, or a start or
    /// goal outside the map or on a wall.
    #[error("line {line}: {error}")]
    Grid {
        /// The line of the header entry at fault.
        line: usize,
        /// What the grid said.
        #[source]
        error: GridError,
    },
    /// A row shorter or longer than the stated width.
    #[error("line {line}: the row has {found} cells but the map is {width} wide")]
    RowLength {
        /// The line, from 1.
        line: usize,
        /// The cells in the row.
        found: usize,
        /// The width from the header.
        width: usize,
    },
    /// A character that is no cell.
    #[error("line {line}, column {column}: `{found}` is not a map cell ({allowed})")]
    BadCell {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// The character.
        found: char,
        /// The characters allowed, for the message.
        allowed: &'static str,
    },
    /// The file ends before the stated number of rows.
    #[error("line {line}: the file ends after {found} of the {height} rows")]
    MissingRows {
        /// The line after the last one.
        line: usize,
        /// The rows read.
        found: usize,
        /// The height from the header.
        height: usize,
    },
    /// Something other than blank lines after the last row.
    #[error("line {line}: text after the last of the {height} rows")]
    ExtraText {
        /// The line, from 1.
        line: usize,
        /// The height from the header.
        height: usize,
    },
    /// Every cell is a wall, so there is nowhere to put the start and the goal.
    #[error("line {line}: the map has no free cell for the start and the goal")]
    NoFreeCell {
        /// The line of the last row.
        line: usize,
    },
}

/// Which map language a file is read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dialect {
    /// Exactly MovingAI's: `type`, `height`, `width`, `map`, and the cells `.G@OTSW`.
    MovingAi,
    /// MovingAI's plus the header keys `start`, `goal`, `connectivity` and `corners` and the
    /// weight digits `2` to `9` (see [`super::text`]).
    Searchlab,
}

impl Dialect {
    fn allowed(self) -> &'static str {
        match self {
            Dialect::MovingAi => ". G @ O T S W",
            Dialect::Searchlab => ". G @ O T S W or a weight 2 to 9",
        }
    }

    fn cell(self, c: char) -> Option<Terrain> {
        match c {
            '.' | 'G' => Some(Terrain::Free),
            '@' | 'O' | 'T' | 'W' => Some(Terrain::Wall),
            'S' => Some(Terrain::Weight(SWAMP_WEIGHT)),
            '2'..='9' if self == Dialect::Searchlab => Some(Terrain::Weight(c.to_digit(10)? as u8)),
            _ => None,
        }
    }
}

/// Reads a MovingAI `.map` file.
///
/// ```
/// use searchlab::domains::grid::{Cell, Connectivity, parse_map};
/// let text = "type octile\nheight 5\nwidth 6\nmap\n@.....\n......\n..TT..\n......\n.....@\n";
/// let grid = parse_map(text).unwrap();
/// assert_eq!((grid.width(), grid.height()), (6, 5));
/// assert_eq!(grid.wall_count(), 4);
/// assert_eq!((grid.start(), grid.goal()), (Cell::new(1, 0), Cell::new(4, 4)));
/// assert_eq!(grid.connectivity(), Connectivity::Eight);
/// ```
pub fn parse_map(text: &str) -> Result<Grid, MapFileError> {
    parse(text, Dialect::MovingAi)
}

/// The header of a map file as read, before the grid exists.
#[derive(Default)]
struct Header {
    width: Option<(usize, usize)>,
    height: Option<(usize, usize)>,
    start: Option<(usize, Cell)>,
    goal: Option<(usize, Cell)>,
    connectivity: Option<Connectivity>,
    corners: Option<CornerCutting>,
}

/// Reads a map in either dialect (the text format of [`super::text`] is the Searchlab one).
pub(super) fn parse(text: &str, dialect: Dialect) -> Result<Grid, MapFileError> {
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r')).enumerate();
    let mut next_line = || lines.next().map(|(i, l)| (i + 1, l));
    let last_line = text.lines().count();

    let header_error = |line: usize, expected: &'static str, found: &str| MapFileError::Header {
        line,
        expected,
        found: found.to_string(),
    };
    let (line, first) = next_line().unwrap_or((1, ""));
    if words(first) != ["type", "octile"] {
        return Err(header_error(line, "`type octile`", first));
    }
    let mut header = Header::default();
    let map_line = loop {
        let Some((line, text)) = next_line() else {
            return Err(header_error(
                last_line + 1,
                "`map` after the header",
                "the end of the file",
            ));
        };
        let parts = words(text);
        let value = |key: &'static str| MapFileError::Value {
            line,
            key,
            found: parts[1..].join(" "),
        };
        let duplicate = || header_error(line, "each header entry once", text);
        match (parts.first().copied(), parts.len(), dialect) {
            (Some("map"), 1, _) => break line,
            (Some("height"), 2, _) => {
                let h = parts[1].parse().map_err(|_| value("height"))?;
                if header.height.replace((line, h)).is_some() {
                    return Err(duplicate());
                }
            }
            (Some("width"), 2, _) => {
                let w = parts[1].parse().map_err(|_| value("width"))?;
                if header.width.replace((line, w)).is_some() {
                    return Err(duplicate());
                }
            }
            (Some(key @ ("start" | "goal")), 3, Dialect::Searchlab) => {
                let coordinate = |s: &str| s.parse::<u16>().ok();
                let (Some(x), Some(y)) = (coordinate(parts[1]), coordinate(parts[2])) else {
                    return Err(value(if key == "start" { "start" } else { "goal" }));
                };
                let slot = if key == "start" {
                    &mut header.start
                } else {
                    &mut header.goal
                };
                if slot.replace((line, Cell::new(x, y))).is_some() {
                    return Err(duplicate());
                }
            }
            (Some("connectivity"), 2, Dialect::Searchlab) => {
                let c = match parts[1] {
                    "4" => Connectivity::Four,
                    "8" => Connectivity::Eight,
                    _ => return Err(value("connectivity (4 or 8)")),
                };
                if header.connectivity.replace(c).is_some() {
                    return Err(duplicate());
                }
            }
            (Some("corners"), 2, Dialect::Searchlab) => {
                let c = match parts[1] {
                    "forbidden" => CornerCutting::Forbidden,
                    "allowed" => CornerCutting::Allowed,
                    _ => return Err(value("corners (forbidden or allowed)")),
                };
                if header.corners.replace(c).is_some() {
                    return Err(duplicate());
                }
            }
            _ => {
                let expected = match dialect {
                    Dialect::MovingAi => "`height N`, `width N` or `map`",
                    Dialect::Searchlab => {
                        "`height N`, `width N`, `start X Y`, `goal X Y`, `connectivity 4|8`, \
                         `corners forbidden|allowed` or `map`"
                    }
                };
                return Err(header_error(line, expected, text));
            }
        }
    };
    let (Some((height_line, height)), Some((width_line, width))) = (header.height, header.width)
    else {
        let missing = if header.height.is_none() {
            "`height N` before `map`"
        } else {
            "`width N` before `map`"
        };
        return Err(header_error(map_line, missing, "map"));
    };
    let mut grid = Grid::new(width, height).map_err(|error| MapFileError::Grid {
        line: if (MIN_SIDE..=MAX_SIDE).contains(&width) {
            height_line
        } else {
            width_line
        },
        error,
    })?;

    let mut terrain = Vec::with_capacity(width * height);
    let mut row_line = 0;
    for y in 0..height {
        let Some((line, row)) = next_line() else {
            return Err(MapFileError::MissingRows {
                line: last_line + 1,
                found: y,
                height,
            });
        };
        row_line = line;
        let found = row.chars().count();
        if found != width {
            return Err(MapFileError::RowLength { line, found, width });
        }
        for (x, c) in row.chars().enumerate() {
            terrain.push(dialect.cell(c).ok_or(MapFileError::BadCell {
                line,
                column: x + 1,
                found: c,
                allowed: dialect.allowed(),
            })?);
        }
    }
    if let Some((line, _)) = std::iter::from_fn(next_line).find(|(_, l)| !l.trim().is_empty()) {
        return Err(MapFileError::ExtraText { line, height });
    }

    // Place the default endpoints on free cells first, so that no wall lands on them.
    let mut free = (0..terrain.len()).filter(|&i| terrain[i].is_passable());
    let first = free
        .next()
        .ok_or(MapFileError::NoFreeCell { line: row_line })?;
    let last = free.next_back().unwrap_or(first);
    let in_rows = |error| MapFileError::Grid {
        line: row_line,
        error,
    };
    grid.set_start(grid.cell_at(first)).map_err(in_rows)?;
    grid.set_goal(grid.cell_at(last)).map_err(in_rows)?;
    for (i, &t) in terrain.iter().enumerate() {
        grid.set(grid.cell_at(i), t).map_err(in_rows)?;
    }
    for (line, cell, endpoint) in [
        header.start.map(|(l, c)| (l, c, Endpoint::Start)),
        header.goal.map(|(l, c)| (l, c, Endpoint::Goal)),
    ]
    .into_iter()
    .flatten()
    {
        let placed = match endpoint {
            Endpoint::Start => grid.set_start(cell),
            Endpoint::Goal => grid.set_goal(cell),
        };
        placed.map_err(|error| MapFileError::Grid { line, error })?;
    }
    grid.set_connectivity(header.connectivity.unwrap_or(Connectivity::Eight));
    grid.set_corner_cutting(header.corners.unwrap_or(CornerCutting::Forbidden));
    Ok(grid)
}

/// The whitespace-separated words of a line.
fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// Writes a grid as a MovingAI `.map` file. Lossy: weights become `S` (swamp) and the start,
/// the goal and the move rules are not written (use [`super::text`] to keep them).
pub fn write_map(grid: &Grid) -> String {
    let mut out = format!(
        "type octile\nheight {}\nwidth {}\nmap\n",
        grid.height(),
        grid.width()
    );
    write_rows(grid, &mut out, |t| match t {
        Terrain::Free => '.',
        Terrain::Wall => '@',
        Terrain::Weight(_) => 'S',
    });
    out
}

/// Appends the grid's rows, one character per cell, each row ending in a newline.
pub(super) fn write_rows(grid: &Grid, out: &mut String, symbol: impl Fn(Terrain) -> char) {
    out.reserve(grid.cell_count() + grid.height());
    for (i, cell) in grid.cells().enumerate() {
        out.push(symbol(grid.terrain(cell)));
        if (i + 1) % grid.width() == 0 {
            out.push('\n');
        }
    }
}

/// One problem of a MovingAI scenario file: a start and goal on a named map, and the optimal
/// path length the benchmark's authors found (√2 per diagonal, corners not cut).
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The difficulty bucket (MovingAI groups scenarios by length).
    pub bucket: u32,
    /// The map file's name as written in the scenario file.
    pub map: String,
    /// The map's width as the scenario file states it.
    pub width: usize,
    /// The map's height as the scenario file states it.
    pub height: usize,
    /// Where the search begins.
    pub start: Cell,
    /// Where it must arrive.
    pub goal: Cell,
    /// The optimal path length, in steps (a diagonal counting √2).
    pub optimal_length: f64,
}

/// Why a scenario file was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScenFileError {
    /// The first line is not `version 1` (or `version 1.0`).
    #[error("line {line}: expected `version 1`, found `{found}`")]
    Version {
        /// The line, from 1.
        line: usize,
        /// What is there.
        found: String,
    },
    /// A line without the nine fields.
    #[error(
        "line {line}: expected 9 fields (bucket, map, width, height, start x, start y, goal x, \
         goal y, optimal length), found {found}"
    )]
    FieldCount {
        /// The line, from 1.
        line: usize,
        /// The fields found.
        found: usize,
    },
    /// A field that is not a number of the right kind.
    #[error("line {line}: the {field} `{found}` is not valid")]
    Field {
        /// The line, from 1.
        line: usize,
        /// Which field.
        field: &'static str,
        /// What is there.
        found: String,
    },
    /// A start or goal outside the map size the line states.
    #[error("line {line}: the {what} {cell} is outside the {width}x{height} map")]
    OutOfBounds {
        /// The line, from 1.
        line: usize,
        /// `start` or `goal`.
        what: &'static str,
        /// The cell.
        cell: Cell,
        /// The width on the line.
        width: usize,
        /// The height on the line.
        height: usize,
    },
}

/// Why a scenario does not fit a map.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScenarioError {
    /// The scenario was made for a map of another size.
    #[error("the scenario is for a {scen_width}x{scen_height} map, not {width}x{height}")]
    SizeMismatch {
        /// The width the scenario states.
        scen_width: usize,
        /// The height the scenario states.
        scen_height: usize,
        /// The map's width.
        width: usize,
        /// The map's height.
        height: usize,
    },
    /// The start or the goal is on a wall of this map.
    #[error(transparent)]
    Grid(#[from] GridError),
}

/// Reads a MovingAI `.scen` file: `version 1`, then one scenario per line with its nine
/// fields separated by tabs (or, without tabs, by spaces); blank lines are skipped.
///
/// ```
/// use searchlab::domains::grid::{Cell, parse_scen};
/// let text = "version 1\n0\tarena.map\t49\t49\t1\t11\t1\t12\t1.00000000\n";
/// let scenarios = parse_scen(text).unwrap();
/// assert_eq!(scenarios[0].goal, Cell::new(1, 12));
/// ```
pub fn parse_scen(text: &str) -> Result<Vec<Scenario>, ScenFileError> {
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r')).enumerate();
    let first = lines.next().map_or("", |(_, l)| l);
    if !matches!(words(first).as_slice(), ["version", "1" | "1.0"]) {
        return Err(ScenFileError::Version {
            line: 1,
            found: first.to_string(),
        });
    }
    let mut scenarios = Vec::new();
    for (i, text) in lines {
        let line = i + 1;
        if text.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = if text.contains('\t') {
            text.split('\t').map(str::trim).collect()
        } else {
            words(text)
        };
        if fields.len() != 9 {
            return Err(ScenFileError::FieldCount {
                line,
                found: fields.len(),
            });
        }
        let bad = |field: &'static str, found: &str| ScenFileError::Field {
            line,
            field,
            found: found.to_string(),
        };
        let number = |index: usize, field: &'static str| -> Result<u16, ScenFileError> {
            fields[index].parse().map_err(|_| bad(field, fields[index]))
        };
        let bucket = fields[0].parse().map_err(|_| bad("bucket", fields[0]))?;
        let width = usize::from(number(2, "width")?);
        let height = usize::from(number(3, "height")?);
        let start = Cell::new(number(4, "start x")?, number(5, "start y")?);
        let goal = Cell::new(number(6, "goal x")?, number(7, "goal y")?);
        let optimal_length: f64 = fields[8]
            .parse()
            .ok()
            .filter(|l: &f64| l.is_finite() && *l >= 0.0)
            .ok_or_else(|| bad("optimal length", fields[8]))?;
        for (what, cell) in [("start", start), ("goal", goal)] {
            if usize::from(cell.x) >= width || usize::from(cell.y) >= height {
                return Err(ScenFileError::OutOfBounds {
                    line,
                    what,
                    cell,
                    width,
                    height,
                });
            }
        }
        scenarios.push(Scenario {
            bucket,
            map: fields[1].to_string(),
            width,
            height,
            start,
            goal,
            optimal_length,
        });
    }
    Ok(scenarios)
}

impl Scenario {
    /// A copy of `grid` with this scenario's start and goal, after checking the sizes agree.
    pub fn apply(&self, grid: &Grid) -> Result<Grid, ScenarioError> {
        if (self.width, self.height) != (grid.width(), grid.height()) {
            return Err(ScenarioError::SizeMismatch {
                scen_width: self.width,
                scen_height: self.height,
                width: grid.width(),
                height: grid.height(),
            });
        }
        let mut grid = grid.clone();
        grid.set_start(self.start)?;
        grid.set_goal(self.goal)?;
        Ok(grid)
    }

    /// Whether a path cost in our units (see [`COST_SCALE`]) agrees with the optimal length.
    ///
    /// Our diagonal is √2 rounded up, 0.0000865 steps too long, and a path of length L has at
    /// most L/√2 diagonals, so an optimal cost may exceed 10 000·L by up to 0.0000612·L steps;
    /// it can never be shorter. Files print lengths to 8 decimals, hence the 0.000001 slack.
    pub fn agrees_with(&self, cost: u64) -> bool {
        let steps = cost as f64 / COST_SCALE as f64;
        let slack = 1e-6;
        steps >= self.optimal_length - slack
            && steps <= self.optimal_length * (1.0 + 0.0000612) + slack
    }
}

/// Weights 2 to 9 as map digits; used by the text format's writer.
pub(super) fn weight_digit(weight: u8) -> char {
    debug_assert!((MIN_WEIGHT..=MAX_WEIGHT).contains(&weight));
    char::from(b'0' + weight)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::grid::presets;

    /// A map in the format's exact header, with every cell letter.
    const MAP: &str = "type octile\nheight 6\nwidth 8\nmap\n\
                       @@@@@@@@\n\
                       @..G...@\n\
                       @.TT.S.@\n\
                       @..W.O.@\n\
                       @......@\n\
                       @@@@@@@@\n";

    #[test]
    fn every_cell_letter_reads_as_documented() {
        let grid = parse_map(MAP).unwrap();
        assert_eq!((grid.width(), grid.height()), (8, 6));
        let t = |x, y| grid.terrain(Cell::new(x, y));
        assert_eq!(t(0, 0), Terrain::Wall);
        assert_eq!(t(1, 1), Terrain::Free);
        assert_eq!(t(3, 1), Terrain::Free, "G is ground");
        assert_eq!(t(2, 2), Terrain::Wall, "T is a tree");
        assert_eq!(t(5, 2), Terrain::Weight(SWAMP_WEIGHT));
        assert_eq!(t(3, 3), Terrain::Wall, "W is water, kept off");
        assert_eq!(t(5, 3), Terrain::Wall, "O is out of bounds");
        assert_eq!(grid.start(), Cell::new(1, 1));
        assert_eq!(grid.goal(), Cell::new(6, 4));
        assert_eq!(grid.connectivity(), Connectivity::Eight);
        assert_eq!(grid.corner_cutting(), CornerCutting::Forbidden);
        // Windows line ends and trailing blank lines are fine.
        assert_eq!(parse_map(&(MAP.replace('\n', "\r\n") + "\n\n")), Ok(grid));
    }

    #[test]
    fn written_maps_read_back_with_weights_as_swamp() {
        let mut grid = presets::maze(15, 9, 3).unwrap();
        grid.set_connectivity(Connectivity::Eight);
        let text = write_map(&grid);
        assert!(text.starts_with("type octile\nheight 9\nwidth 15\nmap\n"));
        let back = parse_map(&text).unwrap();
        assert!(grid.cells().all(|c| grid.terrain(c) == back.terrain(c)));
        let weighted = presets::weighted_terrain(10, 6).unwrap();
        let back = parse_map(&write_map(&weighted)).unwrap();
        assert!(
            weighted
                .cells()
                .all(|c| weighted.terrain(c).weight().is_some()
                    == back.terrain(c).weight().is_some())
        );
        assert_eq!(back.terrain(Cell::new(4, 3)), Terrain::Weight(SWAMP_WEIGHT));
    }

    fn error(text: &str) -> MapFileError {
        parse_map(text).unwrap_err()
    }

    #[test]
    fn wrong_headers_are_refused_with_their_line() {
        let e = error(&MAP.replace("type octile", "type tile"));
        assert!(matches!(e, MapFileError::Header { line: 1, .. }), "{e}");
        assert!(matches!(error(""), MapFileError::Header { line: 1, .. }));
        let e = error(&MAP.replace("height 6\n", ""));
        assert!(matches!(e, MapFileError::Header { line: 3, .. }), "{e}");
        let e = error(&MAP.replace("width 8", "width eight"));
        assert_eq!(
            e,
            MapFileError::Value {
                line: 3,
                key: "width",
                found: "eight".into()
            }
        );
        let e = error(&MAP.replace("width 8", "width 8\nwidth 8"));
        assert!(matches!(e, MapFileError::Header { line: 4, .. }), "{e}");
        let e = error(&MAP.replace("map\n", "mop\n"));
        assert!(matches!(e, MapFileError::Header { line: 4, .. }), "{e}");
        let e = error("type octile\nheight 6\nwidth 8\n");
        assert!(matches!(e, MapFileError::Header { line: 4, .. }), "{e}");
        // The extension keys belong to searchlab's own format only.
        let e = error(&MAP.replace("map\n", "start 1 1\nmap\n"));
        assert!(matches!(e, MapFileError::Header { line: 4, .. }), "{e}");
        assert!(e.to_string().starts_with("line 4: expected"), "{e}");
    }

    #[test]
    fn short_rows_bad_cells_and_missing_rows_are_refused() {
        let e = error(&MAP.replace("@..G...@", "@..G..@"));
        assert_eq!(
            e,
            MapFileError::RowLength {
                line: 6,
                found: 7,
                width: 8
            }
        );
        let e = error(&MAP.replace("@.TT.S.@", "@.TT.S#@"));
        assert_eq!(
            e.to_string(),
            "line 7, column 7: `#` is not a map cell (. G @ O T S W)"
        );
        let e = error(&MAP.replace("@.TT.S.@", "@.TT.S5@"));
        assert!(matches!(
            e,
            MapFileError::BadCell {
                line: 7,
                column: 7,
                found: '5',
                ..
            }
        ));
        let e = error(MAP.trim_end_matches("@@@@@@@@\n"));
        assert_eq!(
            e,
            MapFileError::MissingRows {
                line: 10,
                found: 5,
                height: 6
            }
        );
        let e = error(&format!("{MAP}\n........\n"));
        assert_eq!(
            e,
            MapFileError::ExtraText {
                line: 12,
                height: 6
            }
        );
    }

    #[test]
    fn sizes_outside_the_grid_limits_and_all_wall_maps_are_refused() {
        let big = format!(
            "type octile\nheight 5\nwidth 1025\nmap\n{}",
            format!("{}\n", ".".repeat(1025)).repeat(5)
        );
        let e = error(&big);
        assert!(
            matches!(
                e,
                MapFileError::Grid {
                    line: 3,
                    error: GridError::Size { width: 1025, .. }
                }
            ),
            "{e}"
        );
        let e = error("type octile\nheight 4\nwidth 5\nmap\n.....\n.....\n.....\n.....\n");
        assert!(matches!(e, MapFileError::Grid { line: 2, .. }), "{e}");
        let e = error("type octile\nheight -5\nwidth 5\nmap\n");
        assert!(matches!(e, MapFileError::Value { line: 2, .. }), "{e}");
        let walls = format!(
            "type octile\nheight 5\nwidth 5\nmap\n{}",
            "@@@@@\n".repeat(5)
        );
        assert_eq!(error(&walls), MapFileError::NoFreeCell { line: 9 });
    }

    const SCEN: &str = "version 1\n\
                        0\tsmall.map\t8\t6\t1\t1\t6\t4\t7.41421356\n\
                        \n\
                        1\tsmall.map\t8\t6\t6\t4\t1\t4\t5.00000000\n";

    #[test]
    fn scenarios_read_and_apply() {
        let scenarios = parse_scen(SCEN).unwrap();
        assert_eq!(scenarios.len(), 2);
        let first = &scenarios[0];
        assert_eq!(first.bucket, 0);
        assert_eq!(first.map, "small.map");
        assert_eq!((first.width, first.height), (8, 6));
        assert_eq!(
            (first.start, first.goal),
            (Cell::new(1, 1), Cell::new(6, 4))
        );
        assert!((first.optimal_length - 7.41421356).abs() < 1e-12);
        // Six straight steps and one diagonal, west of the trees: 6 + √2.
        // Spaces instead of tabs, and version 1.0, are accepted too.
        let spaced = SCEN
            .replace('\t', " ")
            .replace("version 1\n", "version 1.0\n");
        assert_eq!(parse_scen(&spaced).unwrap(), scenarios);
        assert_eq!(parse_scen("version 1\n").unwrap(), []);

        // Solve both on the map: the true distances agree with the stated lengths.
        let grid = parse_map(MAP).unwrap();
        for scenario in &scenarios {
            let problem = scenario.apply(&grid).unwrap();
            let cost = problem.true_distances()[problem.index(problem.start())].unwrap();
            // The swamp at (5, 2) is off every optimal path here, so the lengths agree.
            assert!(
                scenario.agrees_with(cost),
                "{cost} vs {}",
                scenario.optimal_length
            );
            assert!(!scenario.agrees_with(cost + COST_SCALE / 100));
            assert!(!scenario.agrees_with(cost - COST_SCALE / 100));
        }
    }

    #[test]
    fn scenarios_that_do_not_fit_the_map_are_refused() {
        let grid = parse_map(MAP).unwrap();
        let mut scenario = parse_scen(SCEN).unwrap().remove(0);
        scenario.goal = Cell::new(2, 2);
        assert!(matches!(
            scenario.apply(&grid),
            Err(ScenarioError::Grid(GridError::Blocked { .. }))
        ));
        scenario.width = 9;
        assert!(matches!(
            scenario.apply(&grid),
            Err(ScenarioError::SizeMismatch { .. })
        ));
    }

    #[test]
    fn malformed_scenario_lines_name_their_line() {
        let e = parse_scen("version 2\n").unwrap_err();
        assert!(matches!(e, ScenFileError::Version { line: 1, .. }));
        assert!(matches!(
            parse_scen("").unwrap_err(),
            ScenFileError::Version { .. }
        ));
        let e = parse_scen(&SCEN.replace("\t5.00000000", "")).unwrap_err();
        assert_eq!(e, ScenFileError::FieldCount { line: 4, found: 8 });
        let e = parse_scen(&SCEN.replace("\t6\t4\t7.4", "\tsix\t4\t7.4")).unwrap_err();
        assert_eq!(
            e,
            ScenFileError::Field {
                line: 2,
                field: "goal x",
                found: "six".into()
            }
        );
        let e = parse_scen(&SCEN.replace("5.00000000", "-1")).unwrap_err();
        assert!(matches!(
            e,
            ScenFileError::Field {
                line: 4,
                field: "optimal length",
                ..
            }
        ));
        let e = parse_scen(&SCEN.replace("\t1\t1\t6\t4\t", "\t1\t1\t8\t4\t")).unwrap_err();
        assert!(
            matches!(
                e,
                ScenFileError::OutOfBounds {
                    line: 2,
                    what: "goal",
                    ..
                }
            ),
            "{e}"
        );
    }
}
