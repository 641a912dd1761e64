//! The MovingAI benchmark files (<https://movingai.com/benchmarks/formats.html>): `.map` grids
//! and `.scen` scenario lists. Reading never panics: every refusal is an error naming the line
//! (from 1) and, for a bad cell, the column (from 1).
//!
//! Cells are read as the format defines them, and every passable step costs 1 (√2 diagonally)
//! whatever its letter, as the scenario files' lengths count them:
//! - `.` and `G` (ground) and `S` (swamp, passable from ground) are free ground;
//! - `@` and `O` (out of bounds) and `T` (trees) are walls;
//! - `W` (water) is [`Terrain::Water`]: traversable, but not from ground, so a move between
//!   water and ground is refused either way and water is reached only from other water.
//!
//! No letter is a weight: weighted terrain is a feature of searchlab's own grid file only
//! ([`super::text`]). The grid keeps each cell's letter, so a map read and written back keeps
//! its `G`, `O`, `T`, `S` and `W`.
//!
//! A map read from a file is 8-connected without corner cutting (the benchmarks' rules), with
//! the start on the first ground cell in reading order and the goal on the last (on water only
//! when the map has no ground); a scenario ([`Scenario::apply`]) moves them. A file may begin
//! with a UTF-8 byte-order mark, which is skipped.

use thiserror::Error;

use super::geometry::{COST_SCALE, Cell, Connectivity, CornerCutting};
use super::map::{Endpoint, Grid, GridError, MAX_SIDE, MIN_SIDE, Terrain};

/// Why a map file was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MapFileError {
    /// A header line other than the one expected.
    #[error("line {line}: expected {expected}, found `{found}`")]
    Header {
        /// The line, from 1.
        line: usize,
        /// What should be there.
        expected: Expected,
        /// What is there.
        found: String,
    },
    /// The file ends before the `map` line that ends the header.
    #[error("line {line}: the file ends before the `map` line")]
    NoMapLine {
        /// The line after the last one.
        line: usize,
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

/// What a map file's header should have had where it has something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// The first line, `type octile`.
    TypeOctile,
    /// Each header entry at most once.
    EachEntryOnce,
    /// `height N` before `map`.
    Height,
    /// `width N` before `map`.
    Width,
    /// A header entry of a MovingAI file.
    MovingAiEntry,
    /// A header entry of searchlab's grid file.
    SearchlabEntry,
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Expected::TypeOctile => "`type octile`",
            Expected::EachEntryOnce => "each header entry once",
            Expected::Height => "`height N` before `map`",
            Expected::Width => "`width N` before `map`",
            Expected::MovingAiEntry => "`height N`, `width N` or `map`",
            Expected::SearchlabEntry => {
                "`height N`, `width N`, `start X Y`, `goal X Y`, `connectivity 4|8`, \
                 `corners forbidden|allowed` or `map`"
            }
        })
    }
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

    /// Whether a cell may be written with this character.
    fn accepts(self, c: char) -> bool {
        match c {
            '.' | 'G' | '@' | 'O' | 'T' | 'S' | 'W' => true,
            '2'..='9' => self == Dialect::Searchlab,
            _ => false,
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
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r')).enumerate();
    let mut next_line = || lines.next().map(|(i, l)| (i + 1, l));
    let last_line = text.lines().count();

    let header_error = |line: usize, expected: Expected, found: &str| MapFileError::Header {
        line,
        expected,
        found: found.to_string(),
    };
    let (line, first) = next_line().unwrap_or((1, ""));
    if words(first) != ["type", "octile"] {
        return Err(header_error(line, Expected::TypeOctile, first));
    }
    let mut header = Header::default();
    let map_line = loop {
        let Some((line, text)) = next_line() else {
            return Err(MapFileError::NoMapLine {
                line: last_line + 1,
            });
        };
        let parts = words(text);
        let value = |key: &'static str| MapFileError::Value {
            line,
            key,
            found: parts[1..].join(" "),
        };
        let duplicate = || header_error(line, Expected::EachEntryOnce, text);
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
                    Dialect::MovingAi => Expected::MovingAiEntry,
                    Dialect::Searchlab => Expected::SearchlabEntry,
                };
                return Err(header_error(line, expected, text));
            }
        }
    };
    let (Some((height_line, height)), Some((width_line, width))) = (header.height, header.width)
    else {
        let missing = if header.height.is_none() {
            Expected::Height
        } else {
            Expected::Width
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

    // Every accepted character is ASCII, so one byte holds each cell's letter.
    let mut letters = Vec::with_capacity(width * height);
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
            if !dialect.accepts(c) {
                return Err(MapFileError::BadCell {
                    line,
                    column: x + 1,
                    found: c,
                    allowed: dialect.allowed(),
                });
            }
            letters.push(c as u8);
        }
    }
    if let Some((line, _)) = std::iter::from_fn(next_line).find(|(_, l)| !l.trim().is_empty()) {
        return Err(MapFileError::ExtraText { line, height });
    }

    // Place the default endpoints first, so that no wall lands on them: on ground, which
    // most maps are made of, unless the map has none.
    let first_and_last = |wanted: fn(Terrain) -> bool| {
        let mut cells = (0..letters.len())
            .filter(|&i| Terrain::of_letter(char::from(letters[i])).is_some_and(wanted));
        let first = cells.next()?;
        Some((first, cells.next_back().unwrap_or(first)))
    };
    let (first, last) = first_and_last(|t| matches!(t, Terrain::Free | Terrain::Weight(_)))
        .or_else(|| first_and_last(|t| t == Terrain::Water))
        .ok_or(MapFileError::NoFreeCell { line: row_line })?;
    let in_rows = |error| MapFileError::Grid {
        line: row_line,
        error,
    };
    grid.set_start(grid.cell_at(first)).map_err(in_rows)?;
    grid.set_goal(grid.cell_at(last)).map_err(in_rows)?;
    for (i, &letter) in letters.iter().enumerate() {
        grid.set_letter(grid.cell_at(i), char::from(letter))
            .map_err(in_rows)?;
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

/// Writes a grid as a MovingAI `.map` file, each cell with its letter ([`Grid::letter`]).
/// Lossy: the format has no costs, so weighted terrain becomes `S` (swamp, ordinary passable
/// ground), and the start, the goal and the move rules are not written (use [`super::text`]
/// to keep them).
pub fn write_map(grid: &Grid) -> String {
    let mut out = format!(
        "type octile\nheight {}\nwidth {}\nmap\n",
        grid.height(),
        grid.width()
    );
    write_rows(grid, &mut out, |letter| {
        if letter.is_ascii_digit() { 'S' } else { letter }
    });
    out
}

/// Appends the grid's rows, one character per cell (its letter, as `symbol` writes it), each
/// row ending in a newline.
pub(super) fn write_rows(grid: &Grid, out: &mut String, symbol: impl Fn(char) -> char) {
    out.reserve(grid.cell_count() + grid.height());
    for (i, cell) in grid.cells().enumerate() {
        out.push(symbol(grid.letter(cell)));
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
/// fields separated by tabs (or, without tabs, by spaces); blank lines are skipped. A file
/// too large to hold is better read line by line, with [`check_scen_version`] and
/// [`parse_scen_line`].
///
/// ```
/// use searchlab::domains::grid::{Cell, parse_scen};
/// let text = "version 1\n0\tarena.map\t49\t49\t1\t11\t1\t12\t1.00000000\n";
/// let scenarios = parse_scen(text).unwrap();
/// assert_eq!(scenarios[0].goal, Cell::new(1, 12));
/// ```
pub fn parse_scen(text: &str) -> Result<Vec<Scenario>, ScenFileError> {
    let mut lines = text.lines().enumerate();
    check_scen_version(lines.next().map_or("", |(_, l)| l))?;
    let mut scenarios = Vec::new();
    for (i, text) in lines {
        if let Some(scenario) = parse_scen_line(i + 1, text)? {
            scenarios.push(scenario);
        }
    }
    Ok(scenarios)
}

/// Checks the first line of a scenario file: `version 1` (or `version 1.0`), after a UTF-8
/// byte-order mark if there is one.
pub fn check_scen_version(first: &str) -> Result<(), ScenFileError> {
    let first = first.strip_prefix('\u{feff}').unwrap_or(first);
    let first = first.trim_end_matches('\r');
    if matches!(words(first).as_slice(), ["version", "1" | "1.0"]) {
        Ok(())
    } else {
        Err(ScenFileError::Version {
            line: 1,
            found: first.to_string(),
        })
    }
}

/// Reads one line of a scenario file after its version line (`line` is its number from 1,
/// for errors): the scenario, or `None` for a blank line.
///
/// ```
/// use searchlab::domains::grid::{Cell, parse_scen_line};
/// let scenario = parse_scen_line(2, "0 arena.map 49 49 1 11 1 12 1.0").unwrap().unwrap();
/// assert_eq!(scenario.start, Cell::new(1, 11));
/// assert_eq!(parse_scen_line(3, "  "), Ok(None));
/// ```
pub fn parse_scen_line(line: usize, text: &str) -> Result<Option<Scenario>, ScenFileError> {
    let text = text.trim_end_matches('\r');
    if text.trim().is_empty() {
        return Ok(None);
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
    Ok(Some(Scenario {
        bucket,
        map: fields[1].to_string(),
        width,
        height,
        start,
        goal,
        optimal_length,
    }))
}

impl Scenario {
    /// A copy of `grid` with this scenario's start and goal, after checking the sizes agree.
    pub fn apply(&self, grid: &Grid) -> Result<Grid, ScenarioError> {
        let mut grid = grid.clone();
        self.place(&mut grid)?;
        Ok(grid)
    }

    /// Moves `grid`'s start and goal to this scenario's, after checking the sizes agree; on
    /// error the grid is unchanged. A batch of scenarios reuses one grid this way instead of
    /// copying it for each.
    pub fn place(&self, grid: &mut Grid) -> Result<(), ScenarioError> {
        if (self.width, self.height) != (grid.width(), grid.height()) {
            return Err(ScenarioError::SizeMismatch {
                scen_width: self.width,
                scen_height: self.height,
                width: grid.width(),
                height: grid.height(),
            });
        }
        let before = grid.start();
        grid.set_start(self.start)?;
        if let Err(error) = grid.set_goal(self.goal) {
            // The old start is still passable: no cell changed.
            grid.set_start(before)?;
            return Err(error.into());
        }
        Ok(())
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
        assert_eq!(t(5, 2), Terrain::Free, "S is swamp, ordinary ground");
        assert_eq!(t(3, 3), Terrain::Water);
        assert_eq!(t(5, 3), Terrain::Wall, "O is out of bounds");
        let letters: String = grid.cells().map(|c| grid.letter(c)).collect();
        let rows: String = MAP.lines().skip(4).collect();
        assert_eq!(letters, rows, "every letter is kept");
        assert_eq!(grid.start(), Cell::new(1, 1));
        assert_eq!(grid.goal(), Cell::new(6, 4));
        assert_eq!(grid.connectivity(), Connectivity::Eight);
        assert_eq!(grid.corner_cutting(), CornerCutting::Forbidden);
        // Windows line ends, trailing blank lines and a byte-order mark are fine.
        assert_eq!(
            parse_map(&(MAP.replace('\n', "\r\n") + "\n\n")).as_ref(),
            Ok(&grid)
        );
        assert_eq!(parse_map(&format!("\u{feff}{MAP}")), Ok(grid));
    }

    #[test]
    fn written_maps_read_back_with_their_letters_and_weights_as_swamp() {
        let mut grid = presets::maze(15, 9, 3).unwrap();
        grid.set_connectivity(Connectivity::Eight);
        let text = write_map(&grid);
        assert!(text.starts_with("type octile\nheight 9\nwidth 15\nmap\n"));
        let back = parse_map(&text).unwrap();
        assert!(grid.cells().all(|c| grid.terrain(c) == back.terrain(c)));
        // A MovingAI map comes back letter for letter.
        let map = parse_map(MAP).unwrap();
        assert_eq!(write_map(&map), MAP);
        // The format has no costs: weights become swamp, which is ground.
        let weighted = presets::weighted_terrain(10, 6).unwrap();
        let back = parse_map(&write_map(&weighted)).unwrap();
        for cell in weighted.cells() {
            let swamp = matches!(weighted.terrain(cell), Terrain::Weight(_));
            assert_eq!(back.letter(cell) == 'S', swamp, "{cell}");
            assert_eq!(back.terrain(cell).is_passable(), weighted.is_passable(cell));
        }
        assert_eq!(back.terrain(Cell::new(4, 3)), Terrain::Free);
    }

    /// A map with every letter: swamp on the short way round the trees, a lake of water with
    /// a swamp and ground beside it, trees and out-of-bounds cells at the lake's corners.
    const LETTERS: &str = "type octile\nheight 8\nwidth 11\nmap\n\
                           @@@@@@@@@@@\n\
                           @..G.S.WW.@\n\
                           @.TTSS.WWW@\n\
                           @..O..WWT.@\n\
                           @.S..WW.W.@\n\
                           @G..S.WWWO@\n\
                           @..SS.T.W.@\n\
                           @@@@@@@@@@@\n";

    /// The cheapest lengths from `from` to every cell, in steps, by a Dijkstra search of its
    /// own over the file's letters, with the format's rules and none of the grid's code:
    /// `.` `G` `S` ground, `W` water, anything else blocked; a step joins two cells of the
    /// same kind, and a diagonal needs both cells beside it of that kind too.
    fn letter_distances(rows: &[Vec<u8>], from: (usize, usize)) -> Vec<Vec<Option<f64>>> {
        let kind = |x: usize, y: usize| match rows[y][x] {
            b'.' | b'G' | b'S' => 1,
            b'W' => 2,
            _ => 0,
        };
        let (w, h) = (rows[0].len(), rows.len());
        let mut dist = vec![vec![None; w]; h];
        let mut done = vec![vec![false; w]; h];
        dist[from.1][from.0] = Some(0.0);
        loop {
            // The nearest cell not yet done; the map is small, so a scan does.
            let mut best: Option<(f64, usize, usize)> = None;
            for y in 0..h {
                for x in 0..w {
                    if let Some(d) = dist[y][x]
                        && !done[y][x]
                        && best.is_none_or(|(b, _, _)| d < b)
                    {
                        best = Some((d, x, y));
                    }
                }
            }
            let Some((d, x, y)) = best else {
                return dist;
            };
            done[y][x] = true;
            for (dx, dy) in [
                (-1i32, -1i32),
                (0, -1),
                (1, -1),
                (-1, 0),
                (1, 0),
                (-1, 1),
                (0, 1),
                (1, 1),
            ] {
                let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                if nx < 0 || ny < 0 || nx >= w as i32 || ny >= h as i32 {
                    continue;
                }
                let (nx, ny) = (nx as usize, ny as usize);
                let here = kind(x, y);
                if kind(nx, ny) != here {
                    continue;
                }
                let step = if dx != 0 && dy != 0 {
                    if kind(nx, y) != here || kind(x, ny) != here {
                        continue;
                    }
                    std::f64::consts::SQRT_2
                } else {
                    1.0
                };
                if dist[ny][nx].is_none_or(|old| d + step < old) {
                    dist[ny][nx] = Some(d + step);
                }
            }
        }
    }

    /// From every passable cell to every other, the grid's cheapest cost (by the reverse
    /// Dijkstra of `true_distances`, which runs on the grid's move rules, and by A* in the
    /// engine for the start of each row) agrees with the letters' own Dijkstra, including
    /// where there is no way at all (between ground and water).
    #[test]
    fn lengths_on_every_letter_agree_with_an_independent_dijkstra() {
        let rows: Vec<Vec<u8>> = LETTERS
            .lines()
            .skip(4)
            .map(|l| l.bytes().collect())
            .collect();
        let mut grid = parse_map(LETTERS).unwrap();
        let cells: Vec<Cell> = grid.cells().filter(|&c| grid.is_passable(c)).collect();
        let water = cells
            .iter()
            .filter(|&&c| rows[c.y as usize][c.x as usize] == b'W');
        assert!(water.count() > 10);
        let (mut compared, mut unreachable) = (0, 0);
        for &goal in &cells {
            grid.set_goal(goal).unwrap();
            let h_star = grid.true_distances();
            let reference = letter_distances(&rows, (goal.x.into(), goal.y.into()));
            for &from in &cells {
                // Every move is as dear both ways here, so distances to the goal are those
                // from it.
                let expected = reference[from.y as usize][from.x as usize];
                let found = h_star[grid.index(from)].map(|cost| cost as f64 / COST_SCALE as f64);
                match (found, expected) {
                    (Some(found), Some(expected)) => {
                        assert!(
                            (found - expected).abs() < 1e-3,
                            "{from} -> {goal}: {found} vs {expected}"
                        );
                        compared += 1;
                    }
                    (None, None) => unreachable += 1,
                    _ => panic!("{from} -> {goal}: {found:?} vs {expected:?}"),
                }
            }
            let start = cells[0];
            grid.set_start(start).unwrap();
            let config = crate::search::SearchConfig::with(
                crate::search::Algorithm::AStar,
                crate::domains::grid::GridHeuristic::Octile,
            );
            let outcome = crate::search::plain_search(&grid, config).unwrap();
            assert_eq!(
                outcome.solution.map(|(cost, _)| cost.raw()),
                h_star[grid.index(start)],
                "A* from {start} to {goal}"
            );
        }
        assert!(
            compared > 900 && unreachable > 500,
            "{compared} {unreachable}"
        );
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
        assert_eq!(e, MapFileError::NoMapLine { line: 4 });
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
        assert_eq!(parse_scen(&format!("\u{feff}{SCEN}")).unwrap(), scenarios);
        assert_eq!(parse_scen("version 1\n").unwrap(), []);

        // Solve both on the map: the true distances agree with the stated lengths.
        let grid = parse_map(MAP).unwrap();
        for scenario in &scenarios {
            let problem = scenario.apply(&grid).unwrap();
            let cost = problem.true_distances()[problem.index(problem.start())].unwrap();
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
        // Placing in a grid reused for many scenarios leaves it as it was on error.
        let mut reused = grid.clone();
        scenario.start = Cell::new(6, 1);
        assert!(scenario.place(&mut reused).is_err());
        assert_eq!(reused, grid);
        scenario.goal = Cell::new(1, 4);
        scenario.place(&mut reused).unwrap();
        assert_eq!(
            (reused.start(), reused.goal()),
            (scenario.start, scenario.goal)
        );
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
