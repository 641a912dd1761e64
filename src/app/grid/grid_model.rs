//! What the window remembers of a grid problem, and the edits a teacher makes to the map with
//! the mouse or the setup bar. Model only, no drawing; the map view emits [`GridEdit`]s and the
//! session applies them here.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::app::model::domain::{AnyHeuristic, AnyProblem, AnyState};
use crate::app::model::section::{DomainHeuristic, Searches, SetupError, StateError};

use crate::domains::grid::{
    Cell, Connectivity, CornerCutting, Grid, GridError, GridHeuristic, MapFileError, Preset,
    Terrain, parse_map,
};
use crate::search::{Algorithm, SearchConfig};

/// The smallest and largest map the setup bar makes (the grid itself takes 5 to 1024).
pub const GRID_SIZE_RANGE: std::ops::RangeInclusive<usize> = 5..=1024;
/// Wall densities of random maps.
pub const DENSITY_RANGE: std::ops::RangeInclusive<f64> = 0.0..=0.45;

/// What a drag on the map paints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tool {
    #[default]
    Wall,
    /// Weighted terrain of this weight (2-9).
    Weight(u8),
    Erase,
    /// A click moves the start (a drag from the start does this whatever the tool).
    Start,
    Goal,
}

/// The grid problem of the window, remembered between runs and saved in session files.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GridSettings {
    /// The map with its start, goal and move rules (saved as searchlab's grid text).
    pub grid: Grid,
    /// The single view's search.
    pub config: SearchConfig<GridHeuristic>,
    /// The compare view's lanes.
    pub lanes: Vec<SearchConfig<GridHeuristic>>,
    /// The preset last chosen, and the size and wall density of new maps.
    pub preset: Preset,
    /// Where the map on screen came from: the preset menu names it only while it is the
    /// preset's own map.
    pub source: MapSource,
    pub width: usize,
    pub height: usize,
    pub density: f64,
    pub tool: Tool,
    /// Closed cells shaded by g instead of by expansion order.
    pub shade_by_g: bool,
    /// The compare view draws one map with every lane's expanded cells outlined in its colour.
    pub overlay: bool,
    /// What was typed in the size fields, kept as typed: an entry that is not a size stays on
    /// screen, with its message, until it is fixed. Not saved: the sizes above are.
    #[serde(skip)]
    pub typed_size: TypedSize,
}

/// One side of the map, for the size fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Width,
    Height,
}

/// The texts of the two size fields; `None` while a field shows the size new maps take.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TypedSize {
    pub width: Option<String>,
    pub height: Option<String>,
}

impl TypedSize {
    fn get(&self, side: Side) -> &Option<String> {
        match side {
            Side::Width => &self.width,
            Side::Height => &self.height,
        }
    }

    fn get_mut(&mut self, side: Side) -> &mut Option<String> {
        match side {
            Side::Width => &mut self.width,
            Side::Height => &mut self.height,
        }
    }
}

/// Why a size field's text is not a side length new maps can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeError {
    /// Empty, or not a whole number.
    NotANumber,
    /// A whole number outside [`GRID_SIZE_RANGE`].
    OutOfRange,
}

/// The side length a size field's text asks for: a whole number in [`GRID_SIZE_RANGE`],
/// spaces around it allowed.
pub fn parse_side(text: &str) -> Result<usize, SizeError> {
    let digits = text.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SizeError::NotANumber);
    }
    // All digits: too many of them for a usize is out of range, not "not a number".
    match digits.parse::<usize>() {
        Ok(n) if GRID_SIZE_RANGE.contains(&n) => Ok(n),
        _ => Err(SizeError::OutOfRange),
    }
}

/// The lanes a teacher starts with on a map: BFS's diamond, greedy's straight dash, and A*
/// with a heuristic that fits the moves and one that overestimates on 8-connected maps.
pub fn default_grid_lanes() -> Vec<SearchConfig<GridHeuristic>> {
    vec![
        SearchConfig::with(Algorithm::BreadthFirst, GridHeuristic::Octile),
        SearchConfig::with(Algorithm::Greedy, GridHeuristic::Octile),
        SearchConfig::with(Algorithm::AStar, GridHeuristic::Octile),
    ]
}

impl Default for GridSettings {
    fn default() -> GridSettings {
        let preset = Preset::WallWithGap;
        let (width, height) = preset.default_size();
        let mut grid = preset
            .build(width, height, 1)
            .expect("presets build at their default size");
        // Diagonal moves: octile, the default heuristic, is then exact on open ground.
        grid.set_connectivity(Connectivity::Eight);
        GridSettings {
            grid,
            config: SearchConfig::with(Algorithm::AStar, GridHeuristic::Octile),
            lanes: default_grid_lanes(),
            preset,
            source: MapSource::Preset,
            width,
            height,
            density: 0.25,
            tool: Tool::default(),
            shade_by_g: false,
            overlay: false,
            typed_size: TypedSize::default(),
        }
    }
}

/// Where the map on screen came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum MapSource {
    /// The preset last chosen, as it was built.
    #[default]
    Preset,
    /// A seeded random map.
    Random,
    /// Painted, cleared or read from a file.
    Edited,
}

/// One change to the map.
#[derive(Clone, Debug, PartialEq)]
pub enum GridEdit {
    /// Paint the tool's terrain along the straight line between two cells (a drag).
    Paint {
        from: Cell,
        to: Cell,
        tool: Tool,
    },
    MoveStart(Cell),
    MoveGoal(Cell),
    /// Every cell free; start, goal and move rules kept.
    Clear,
    /// A preset at the chosen size (seeded presets take the next seed).
    Preset(Preset),
    /// A seeded random map at the chosen size and density.
    Random,
    SetConnectivity(Connectivity),
    SetCornerCutting(CornerCutting),
    /// Both sides of new maps at once (clamped), replacing whatever was typed.
    SetSize(usize, usize),
    /// The text of one size field as typed: kept whatever it is, and the side of new maps
    /// set from it when it is a size.
    TypeSize(Side, String),
    SetDensity(f64),
    SetTool(Tool),
    SetShadeByG(bool),
    SetOverlay(bool),
    /// A map file's text (MovingAI's `.map`, else searchlab's grid text), with its name.
    Import(String, String),
}

/// Why an edit did nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum EditError {
    Grid(GridError),
    File(String, MapFileError),
}

impl EditError {
    /// The refusal in the window's language.
    pub fn message(&self) -> String {
        if !crate::i18n::zh() {
            return self.to_string();
        }
        match self {
            EditError::Grid(e) => format!("地图修改未完成：{e}"),
            EditError::File(name, e) => format!("无法读取地图文件 {name}：{e}"),
        }
    }
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::Grid(e) => write!(f, "{e}"),
            EditError::File(name, e) => write!(f, "{name}: {e}"),
        }
    }
}

impl GridSettings {
    /// Applies an edit. `seed` is the session's seed, advanced by seeded maps. Returns whether
    /// the problem changed (so the searches must start again).
    pub fn apply(&mut self, edit: GridEdit, seed: &mut u64) -> Result<bool, EditError> {
        let source = match &edit {
            GridEdit::Preset(_) => Some(MapSource::Preset),
            GridEdit::Random => Some(MapSource::Random),
            GridEdit::Paint {
                tool: Tool::Start | Tool::Goal,
                ..
            } => None,
            GridEdit::Paint { .. } | GridEdit::Clear | GridEdit::Import(..) => {
                Some(MapSource::Edited)
            }
            _ => None,
        };
        let changed = self.edit(edit, seed)?;
        if let Some(source) = source {
            self.source = source;
        }
        Ok(changed)
    }

    fn edit(&mut self, edit: GridEdit, seed: &mut u64) -> Result<bool, EditError> {
        let grid = &mut self.grid;
        match edit {
            GridEdit::Paint { from, to, tool } => {
                let terrain = match tool {
                    Tool::Wall => Terrain::Wall,
                    Tool::Weight(w) => Terrain::Weight(w),
                    Tool::Erase => Terrain::Free,
                    Tool::Start => return self.apply(GridEdit::MoveStart(to), seed),
                    Tool::Goal => return self.apply(GridEdit::MoveGoal(to), seed),
                };
                let painted = grid
                    .paint_line(from, to, terrain)
                    .map_err(EditError::Grid)?;
                Ok(painted > 0)
            }
            GridEdit::MoveStart(cell) => {
                let moved = grid.start() != cell;
                grid.set_start(cell).map_err(EditError::Grid)?;
                Ok(moved)
            }
            GridEdit::MoveGoal(cell) => {
                let moved = grid.goal() != cell;
                grid.set_goal(cell).map_err(EditError::Grid)?;
                Ok(moved)
            }
            GridEdit::Clear => {
                grid.clear();
                Ok(true)
            }
            GridEdit::Preset(preset) => {
                *seed = seed.wrapping_add(1);
                let mut next = preset
                    .build(self.width, self.height, *seed)
                    .map_err(EditError::Grid)?;
                next.set_connectivity(grid.connectivity());
                next.set_corner_cutting(grid.corner_cutting());
                *grid = next;
                self.preset = preset;
                Ok(true)
            }
            GridEdit::Random => {
                *seed = seed.wrapping_add(1);
                let mut next = crate::domains::grid::presets::random(
                    self.width,
                    self.height,
                    self.density,
                    *seed,
                )
                .map_err(EditError::Grid)?;
                next.set_connectivity(grid.connectivity());
                next.set_corner_cutting(grid.corner_cutting());
                *grid = next;
                Ok(true)
            }
            GridEdit::SetConnectivity(connectivity) => {
                grid.set_connectivity(connectivity);
                Ok(true)
            }
            GridEdit::SetCornerCutting(cutting) => {
                grid.set_corner_cutting(cutting);
                Ok(true)
            }
            GridEdit::SetSize(width, height) => {
                self.width = width.clamp(*GRID_SIZE_RANGE.start(), *GRID_SIZE_RANGE.end());
                self.height = height.clamp(*GRID_SIZE_RANGE.start(), *GRID_SIZE_RANGE.end());
                self.typed_size = TypedSize::default();
                Ok(false)
            }
            GridEdit::TypeSize(side, text) => {
                if let Ok(n) = parse_side(&text) {
                    match side {
                        Side::Width => self.width = n,
                        Side::Height => self.height = n,
                    }
                }
                *self.typed_size.get_mut(side) = Some(text);
                Ok(false)
            }
            GridEdit::SetDensity(density) => {
                if density.is_finite() {
                    self.density = density.clamp(*DENSITY_RANGE.start(), *DENSITY_RANGE.end());
                }
                Ok(false)
            }
            GridEdit::SetTool(tool) => {
                if let Tool::Weight(w) = tool
                    && !(2..=9).contains(&w)
                {
                    return Ok(false);
                }
                self.tool = tool;
                Ok(false)
            }
            GridEdit::SetShadeByG(on) => {
                self.shade_by_g = on;
                Ok(false)
            }
            GridEdit::SetOverlay(on) => {
                self.overlay = on;
                Ok(false)
            }
            GridEdit::Import(name, text) => {
                // A `.map` is MovingAI's; any other name is searchlab's grid text, which also
                // reads a MovingAI map.
                let read = if name.to_ascii_lowercase().ends_with(".map") {
                    parse_map(&text)
                } else {
                    Grid::from_text(&text)
                };
                let next = read.map_err(|e| EditError::File(name, e))?;
                // The size fields then show the imported map's size.
                self.width = next.width();
                self.height = next.height();
                self.typed_size = TypedSize::default();
                *grid = next;
                Ok(true)
            }
        }
    }

    /// The length of `side` of new maps.
    pub fn side(&self, side: Side) -> usize {
        match side {
            Side::Width => self.width,
            Side::Height => self.height,
        }
    }

    /// The text of the size field for `side`: as typed, else the side of new maps.
    pub fn size_text(&self, side: Side) -> String {
        self.typed_size
            .get(side)
            .clone()
            .unwrap_or_else(|| self.side(side).to_string())
    }

    /// Why the text typed for `side` is not a size (new maps keep the last size that was).
    pub fn size_error(&self, side: Side) -> Option<SizeError> {
        parse_side(self.typed_size.get(side).as_deref()?).err()
    }
}

impl DomainHeuristic for GridHeuristic {
    fn from_any(any: AnyHeuristic) -> Option<GridHeuristic> {
        match any {
            AnyHeuristic::Grid(kind) => Some(kind),
            AnyHeuristic::Puzzle(_) | AnyHeuristic::Graph(_) => None,
        }
    }
}

impl Searches for GridSettings {
    type Heuristic = GridHeuristic;

    fn config(&self) -> &SearchConfig<GridHeuristic> {
        &self.config
    }

    fn config_mut(&mut self) -> &mut SearchConfig<GridHeuristic> {
        &mut self.config
    }

    fn lanes(&self) -> &[SearchConfig<GridHeuristic>] {
        &self.lanes
    }

    fn lanes_mut(&mut self) -> &mut Vec<SearchConfig<GridHeuristic>> {
        &mut self.lanes
    }

    fn default_lanes() -> Vec<SearchConfig<GridHeuristic>> {
        default_grid_lanes()
    }

    fn added_heuristic() -> GridHeuristic {
        GridHeuristic::Octile
    }

    /// Puts what a hand-edited settings file can get wrong back in range; true if anything was.
    fn sanitize_rest(&mut self) -> bool {
        let defaults = GridSettings::default();
        let mut reset = false;
        if !GRID_SIZE_RANGE.contains(&self.width) || !GRID_SIZE_RANGE.contains(&self.height) {
            (self.width, self.height) = (defaults.width, defaults.height);
            reset = true;
        }
        if !DENSITY_RANGE.contains(&self.density) {
            self.density = defaults.density;
            reset = true;
        }
        if let Tool::Weight(w) = self.tool
            && !(2..=9).contains(&w)
        {
            self.tool = Tool::Wall;
            reset = true;
        }
        reset
    }

    /// The map, shared by every lane: the one the lanes search now while it is still the
    /// map of the settings, else a copy of it.
    fn read_problem(&self, last: Option<&AnyProblem>) -> Result<AnyProblem, SetupError> {
        let grid = match last.and_then(AnyProblem::grid) {
            Some(map) if **map == self.grid => map.clone(),
            _ => Arc::new(self.grid.clone()),
        };
        Ok(AnyProblem::Grid(grid))
    }

    /// A cell typed as `x,y`, `x y` or `(x, y)`.
    fn parse_state(&self, text: &str) -> Result<AnyState, StateError> {
        parse_cell(text)
            .map(AnyState::Grid)
            .ok_or(StateError::Unknown)
    }

    /// A MovingAI map or searchlab's grid text.
    fn read_file(&mut self, name: &str, text: &str) -> Result<(), String> {
        let import = GridEdit::Import(name.to_owned(), text.to_owned());
        self.apply(import, &mut 0)
            .map(|_| ())
            .map_err(|e| e.message())
    }

    /// MovingAI's format for a name ending in `.map`, else searchlab's grid text.
    fn write_file(&self, name: &str) -> String {
        if name.to_ascii_lowercase().ends_with(".map") {
            crate::domains::grid::write_map(&self.grid)
        } else {
            self.grid.to_text()
        }
    }

    /// Starts drawn from the cells whose cheapest path to the goal takes d steps.
    fn experiment_depths(&self, problem: &AnyProblem) -> Result<crate::search::DepthRange, String> {
        use crate::app::model::text::experiment_text;
        let Some(grid) = problem.grid() else {
            return Err(experiment_text::e().experiment_no_problem.to_owned());
        };
        crate::domains::grid::experiment::depth_range(grid)
            .map_err(|e| experiment_text::refusal(&e))
    }

    fn run_experiment(
        &self,
        problem: &AnyProblem,
        lanes: &[SearchConfig<GridHeuristic>],
        plan: &crate::search::ExperimentPlan,
        progress: &(dyn Fn(usize, usize) + Sync),
        cancel: &std::sync::atomic::AtomicBool,
    ) -> Result<crate::search::ExperimentTable<GridHeuristic>, String> {
        use crate::app::model::text::experiment_text;
        let Some(grid) = problem.grid() else {
            return Err(experiment_text::e().experiment_no_problem.to_owned());
        };
        crate::domains::grid::experiment::run_experiment(grid, lanes, plan, progress, cancel)
            .map_err(|e| experiment_text::refusal(&e))
    }
}

/// A cell typed as `x,y`, `x y` or `(x, y)`.
pub fn parse_cell(text: &str) -> Option<Cell> {
    let inner = text.trim().trim_start_matches('(').trim_end_matches(')');
    let mut parts = inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty());
    let x = parts.next()?.parse().ok()?;
    let y = parts.next()?.parse().ok()?;
    parts.next().is_none().then(|| Cell::new(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_remembers_whether_it_is_a_presets_a_random_or_an_edited_one() {
        let mut settings = GridSettings::default();
        let mut seed = 1;
        assert_eq!(settings.source, MapSource::Preset);
        settings.apply(GridEdit::Random, &mut seed).unwrap();
        assert_eq!(settings.source, MapSource::Random);
        // Moving the start keeps the map what it was; painting a wall makes it an edited one.
        let free = settings
            .grid
            .cells()
            .find(|&c| settings.grid.is_passable(c) && c != settings.grid.goal())
            .unwrap();
        settings
            .apply(GridEdit::MoveStart(free), &mut seed)
            .unwrap();
        assert_eq!(settings.source, MapSource::Random);
        let far = settings.grid.goal();
        let near = settings
            .grid
            .cells()
            .find(|&c| c != settings.grid.start() && c != far)
            .unwrap();
        let paint = GridEdit::Paint {
            from: near,
            to: near,
            tool: Tool::Wall,
        };
        settings.apply(paint, &mut seed).unwrap();
        assert_eq!(settings.source, MapSource::Edited);
        settings
            .apply(GridEdit::Preset(Preset::Maze), &mut seed)
            .unwrap();
        assert_eq!(settings.source, MapSource::Preset);
        settings.apply(GridEdit::Clear, &mut seed).unwrap();
        assert_eq!(settings.source, MapSource::Edited);
        // A refused edit changes nothing.
        settings
            .apply(GridEdit::Preset(Preset::OpenField), &mut seed)
            .unwrap();
        let bad = GridEdit::Import("x.map".into(), "type octile\n".into());
        assert!(settings.apply(bad, &mut seed).is_err());
        assert_eq!(settings.source, MapSource::Preset);
    }

    /// A MovingAI map imported, painted on and kept in a session file comes back with the
    /// letters of every cell not painted over.
    #[test]
    fn an_imported_map_keeps_its_letters_through_an_edit_and_a_session_file() {
        let map = "type octile\nheight 5\nwidth 6\nmap\nG.@OT.\n..SS..\n.WW..T\n.WW...\n......\n";
        let mut settings = GridSettings::default();
        let mut seed = 1;
        let import = GridEdit::Import("lake.map".into(), map.into());
        settings.apply(import, &mut seed).unwrap();
        let painted = Cell::new(4, 3);
        let paint = GridEdit::Paint {
            from: painted,
            to: painted,
            tool: Tool::Wall,
        };
        settings.apply(paint, &mut seed).unwrap();
        let json = serde_json::to_string(&settings).unwrap();
        let back: GridSettings = serde_json::from_str(&json).unwrap();
        assert_eq!(back, settings);
        let rows: Vec<&str> = map.lines().skip(4).collect();
        for cell in back.grid.cells() {
            let expected = if cell == painted {
                '@'
            } else {
                char::from(rows[usize::from(cell.y)].as_bytes()[usize::from(cell.x)])
            };
            assert_eq!(back.grid.letter(cell), expected, "{cell}");
        }
        assert_eq!(back.grid.terrain(Cell::new(1, 2)), Terrain::Water);
    }

    #[test]
    fn painting_moves_and_presets_change_the_map_and_bad_edits_are_refused() {
        let mut settings = GridSettings::default();
        let mut seed = 1;
        let start = settings.grid.start();
        let goal = settings.grid.goal();
        let free = settings
            .grid
            .cells()
            .find(|&c| settings.grid.is_passable(c) && c != start && c != goal)
            .unwrap();
        let walls = settings.grid.wall_count();
        let paint = GridEdit::Paint {
            from: free,
            to: free,
            tool: Tool::Wall,
        };
        assert_eq!(settings.apply(paint, &mut seed), Ok(true));
        assert_eq!(settings.grid.wall_count(), walls + 1);
        // The start cannot go onto a wall; the map is unchanged.
        assert!(
            settings
                .apply(GridEdit::MoveStart(free), &mut seed)
                .is_err()
        );
        assert_eq!(settings.grid.start(), start);
        let erase = GridEdit::Paint {
            from: free,
            to: free,
            tool: Tool::Erase,
        };
        assert_eq!(settings.apply(erase, &mut seed), Ok(true));
        assert_eq!(
            settings.apply(GridEdit::MoveGoal(free), &mut seed),
            Ok(true)
        );
        assert_eq!(settings.grid.goal(), free);
        settings.apply(GridEdit::SetSize(12, 9), &mut seed).unwrap();
        assert_eq!(
            settings.apply(GridEdit::Preset(Preset::Maze), &mut seed),
            Ok(true)
        );
        assert_eq!((settings.grid.width(), settings.grid.height()), (12, 9));
        assert_eq!(seed, 2);
        let bad = GridEdit::Import("x.map".into(), "type octile\nheight 2\n".into());
        assert!(matches!(
            settings.apply(bad, &mut seed),
            Err(EditError::File(..))
        ));
        assert_eq!(settings.grid.width(), 12);
    }

    #[test]
    fn a_typed_size_is_kept_as_typed_and_sets_new_maps_only_when_it_is_one() {
        assert_eq!(parse_side(" 40 "), Ok(40));
        assert_eq!(parse_side("5"), Ok(5));
        assert_eq!(parse_side("1024"), Ok(1024));
        for bad in ["", " ", "4o", "-5", "+5", "1e3", "3.5", "３０"] {
            assert_eq!(parse_side(bad), Err(SizeError::NotANumber), "{bad:?}");
        }
        for far in ["4", "0", "1025", "99999999999999999999999"] {
            assert_eq!(parse_side(far), Err(SizeError::OutOfRange), "{far:?}");
        }
        let mut settings = GridSettings::default();
        let mut seed = 1;
        let typed = |side, text: &str| GridEdit::TypeSize(side, text.to_owned());
        settings.apply(typed(Side::Width, "40"), &mut seed).unwrap();
        settings.apply(typed(Side::Height, "x"), &mut seed).unwrap();
        assert_eq!((settings.width, settings.height), (40, 20));
        assert_eq!(settings.size_text(Side::Height), "x");
        assert_eq!(
            settings.size_error(Side::Height),
            Some(SizeError::NotANumber)
        );
        assert_eq!(settings.size_error(Side::Width), None);
        settings
            .apply(GridEdit::Preset(Preset::Maze), &mut seed)
            .unwrap();
        assert_eq!((settings.grid.width(), settings.grid.height()), (40, 20));
        assert_eq!(settings.size_text(Side::Height), "x");
        // A size set otherwise (an imported map's) replaces what was typed.
        let map = "type octile\nheight 5\nwidth 6\nmap\n......\n......\n......\n......\n......\n";
        let import = GridEdit::Import("small.map".into(), map.into());
        settings.apply(import, &mut seed).unwrap();
        assert_eq!(settings.size_text(Side::Width), "6");
        assert_eq!(settings.size_text(Side::Height), "5");
        assert_eq!(settings.size_error(Side::Height), None);
    }
}
