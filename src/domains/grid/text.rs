//! searchlab's own grid file, and the grid's serde form for session files.
//!
//! The format is a MovingAI `.map` file with four more header lines and weight digits, so any
//! MovingAI map is also a valid grid file (read with its defaults: 8-connected, corners not
//! cut, start and goal on the first and last free cells), and a grid file differs from a
//! `.map` only where the map format has no words for what it says:
//!
//! ```text
//! type octile
//! height 5
//! width 6
//! start 0 2
//! goal 5 2
//! connectivity 4
//! corners forbidden
//! map
//! ......
//! ..@...
//! ..@9..
//! ..@...
//! ......
//! ```
//!
//! `connectivity` is `4` or `8`, `corners` is `forbidden` or `allowed`, and cells are `.` free,
//! `@` wall and `2` to `9` weighted terrain, whose entry costs the step times the digit. The
//! MovingAI letters `G O T S W` mean what they mean in a `.map` file ([`super::movingai`]:
//! `G` and `S` ground, `O` and `T` walls, `W` water) and are written back as they were read.
//! Serde writes a grid as this text in one string, so a session file holds it readably and
//! reading it back applies every check of [`Grid::from_text`].

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::geometry::{Connectivity, CornerCutting};
use super::map::Grid;
use super::movingai::{Dialect, MapFileError, parse, write_rows};

impl Grid {
    /// The grid in searchlab's text format (see the [module docs](self)).
    pub fn to_text(&self) -> String {
        let connectivity = match self.connectivity() {
            Connectivity::Four => 4,
            Connectivity::Eight => 8,
        };
        let corners = match self.corner_cutting() {
            CornerCutting::Forbidden => "forbidden",
            CornerCutting::Allowed => "allowed",
        };
        let (start, goal) = (self.start(), self.goal());
        let mut out = format!(
            "type octile\nheight {}\nwidth {}\nstart {} {}\ngoal {} {}\nconnectivity {}\n\
             corners {}\nmap\n",
            self.height(),
            self.width(),
            start.x,
            start.y,
            goal.x,
            goal.y,
            connectivity,
            corners,
        );
        write_rows(self, &mut out, |letter| letter);
        out
    }

    /// Reads a grid in searchlab's text format, or a MovingAI `.map` file.
    ///
    /// ```
    /// use searchlab::domains::grid::{Grid, presets};
    /// let grid = presets::maze(21, 11, 5).unwrap();
    /// assert_eq!(Grid::from_text(&grid.to_text()), Ok(grid));
    /// ```
    pub fn from_text(text: &str) -> Result<Grid, MapFileError> {
        parse(text, Dialect::Searchlab)
    }
}

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_text())
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Grid, D::Error> {
        let text = String::deserialize(deserializer)?;
        Grid::from_text(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::grid::geometry::Cell;
    use crate::domains::grid::map::{GridError, Terrain};
    use crate::domains::grid::presets::{self, Preset};

    const EXAMPLE: &str = "type octile\nheight 5\nwidth 6\nstart 0 2\ngoal 5 2\nconnectivity 4\n\
                           corners forbidden\nmap\n......\n..@...\n..@9..\n..@...\n......\n";

    #[test]
    fn the_documented_example_reads_and_writes_back_unchanged() {
        let grid = Grid::from_text(EXAMPLE).unwrap();
        assert_eq!(
            (grid.start(), grid.goal()),
            (Cell::new(0, 2), Cell::new(5, 2))
        );
        assert_eq!(grid.connectivity(), Connectivity::Four);
        assert_eq!(grid.terrain(Cell::new(3, 2)), Terrain::Weight(9));
        assert_eq!(grid.wall_count(), 3);
        assert_eq!(grid.to_text(), EXAMPLE);
    }

    #[test]
    fn every_preset_and_rule_round_trips() {
        for preset in Preset::ALL {
            let mut grid = preset.build(23, 17, 11).unwrap();
            for connectivity in [Connectivity::Four, Connectivity::Eight] {
                for corners in [CornerCutting::Forbidden, CornerCutting::Allowed] {
                    grid.set_connectivity(connectivity);
                    grid.set_corner_cutting(corners);
                    assert_eq!(Grid::from_text(&grid.to_text()).as_ref(), Ok(&grid));
                }
            }
        }
    }

    #[test]
    fn serde_stores_the_text_and_checks_it_on_the_way_back() {
        let grid = presets::weighted_terrain(12, 9).unwrap();
        let json = serde_json::to_string(&grid).unwrap();
        assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), grid);
        assert_eq!(json, serde_json::to_string(&grid.to_text()).unwrap());
        let on_wall = serde_json::to_string(&EXAMPLE.replace("start 0 2", "start 2 2")).unwrap();
        let error = serde_json::from_str::<Grid>(&on_wall)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("line 4") && error.contains("start"),
            "{error}"
        );
    }

    #[test]
    fn bad_extension_lines_are_refused_with_their_line() {
        let cases = [
            ("start 0 2", "start 0", 4),
            ("start 0 2", "start 0 2\nstart 1 1", 5),
            ("goal 5 2", "goal 6 2", 5),
            ("connectivity 4", "connectivity 6", 6),
            ("corners forbidden", "corners maybe", 7),
            ("..@9..", "..@1..", 11),
        ];
        for (from, to, line) in cases {
            let text = EXAMPLE.replace(from, to);
            let error = Grid::from_text(&text).unwrap_err();
            assert!(
                error.to_string().starts_with(&format!("line {line}")),
                "{to}: {error}"
            );
        }
        let error = Grid::from_text(&EXAMPLE.replace("goal 5 2", "goal 6 2")).unwrap_err();
        assert!(matches!(
            error,
            MapFileError::Grid {
                line: 5,
                error: GridError::OutOfBounds { .. }
            }
        ));
    }
}
