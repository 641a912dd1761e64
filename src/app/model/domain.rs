//! The problems the window offers, as one [`SearchProblem`] the session, the lanes and every
//! view work with: a sliding puzzle, a grid map or a route graph. Each variant hands its work
//! to its domain;
//! nothing here knows how a board or a map is searched. A view that must draw a state matches
//! on [`AnyState`] and calls its domain's own drawing; the lists, plots, compare view,
//! exercise, pseudocode, breakpoints and exports never look inside a state.
//!
//! Model only: nothing of the drawing library.

use std::cell::RefCell;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::domains::graph::{Graph, GraphHeuristic, Move as Road, NodeId as City};
use crate::domains::grid::{Cell, Dir, Grid, GridHeuristic};
use crate::domains::puzzle::{Board, HeuristicKind, Move, Problem};
use crate::search::{ConfigError, Cost, HeuristicChoice, SearchConfig, SearchProblem};
use crate::tree::Drawn;

/// A search config of the window: its heuristic is of the problem's domain.
pub type Config = SearchConfig<AnyHeuristic>;

/// Which kind of problem the window shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DomainKind {
    /// The 8-puzzle, the 15-puzzle and other sliding puzzles.
    #[default]
    Puzzle,
    /// A grid map with walls and weighted terrain.
    Grid,
    /// A route graph: named nodes, roads and one-way arcs with costs.
    Graph,
}

impl DomainKind {
    /// Every domain, in menu order.
    pub const ALL: [DomainKind; 3] = [DomainKind::Puzzle, DomainKind::Grid, DomainKind::Graph];

    /// The name of the domain's section in settings and session files.
    pub fn key(self) -> &'static str {
        match self {
            DomainKind::Puzzle => "puzzle",
            DomainKind::Grid => "grid",
            DomainKind::Graph => "graph",
        }
    }

    /// Whether path costs and estimates have decimals (a map's diagonal costs 1.41), so the
    /// lists give g, h and f wider columns.
    pub fn costs_have_decimals(self) -> bool {
        match self {
            DomainKind::Puzzle => false,
            DomainKind::Grid | DomainKind::Graph => true,
        }
    }

    /// Whether a state is always written in the lists (a map's cell, by its coordinates)
    /// rather than drawn (a board, unless the teacher asks for boards as text); a graph's
    /// node by its name.
    pub fn states_written(self) -> bool {
        match self {
            DomainKind::Puzzle => false,
            DomainKind::Grid | DomainKind::Graph => true,
        }
    }
}

/// A problem of either domain.
// The puzzle's tabulated heuristic makes its variant large; a problem is made once per run and
// copied once per lane, so boxing it would only add an indirection to every successor call.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyProblem {
    Puzzle(Problem),
    /// Shared: every lane searches the same map, and a large map is not copied per lane.
    Grid(Arc<Grid>),
    /// Shared like a map.
    Graph(Arc<Graph>),
}

/// A state of either domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyState {
    Puzzle(Board),
    Grid(Cell),
    Graph(City),
}

/// An action of either domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyAction {
    Puzzle(Move),
    Grid(Dir),
    Graph(Road),
}

impl AnyAction {
    /// The move in words ("8 down"): the default fonts have no arrow glyphs.
    pub fn words(self) -> String {
        match self {
            AnyAction::Puzzle(m) => format!("{} {}", m.tile, crate::i18n::dir(m.tile_dir())),
            AnyAction::Grid(dir) => crate::i18n::grid_dir(dir).to_owned(),
            // Without its graph a road has no names: the number of the node it leads to.
            AnyAction::Graph(road) => format!("→ #{}", road.to.index()),
        }
    }
}

/// The index key of either domain's states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyKey {
    Puzzle(u64),
    Grid(Cell),
    Graph(City),
}

/// A heuristic of either domain. A config carries one of its own domain's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyHeuristic {
    Puzzle(HeuristicKind),
    Grid(GridHeuristic),
    Graph(GraphHeuristic),
}

impl Default for AnyHeuristic {
    fn default() -> AnyHeuristic {
        AnyHeuristic::Puzzle(HeuristicKind::default())
    }
}

/// Every heuristic of both domains, puzzle first; [`AnyHeuristic::choices`] gives one domain's.
const ALL_HEURISTICS: [AnyHeuristic; 14] = [
    AnyHeuristic::Puzzle(HeuristicKind::Zero),
    AnyHeuristic::Puzzle(HeuristicKind::Misplaced),
    AnyHeuristic::Puzzle(HeuristicKind::Manhattan),
    AnyHeuristic::Puzzle(HeuristicKind::LinearConflict),
    AnyHeuristic::Puzzle(HeuristicKind::Pdb44),
    AnyHeuristic::Puzzle(HeuristicKind::Pdb663),
    AnyHeuristic::Grid(GridHeuristic::Zero),
    AnyHeuristic::Grid(GridHeuristic::Manhattan),
    AnyHeuristic::Grid(GridHeuristic::Euclidean),
    AnyHeuristic::Grid(GridHeuristic::Octile),
    AnyHeuristic::Grid(GridHeuristic::Chebyshev),
    AnyHeuristic::Graph(GraphHeuristic::Zero),
    AnyHeuristic::Graph(GraphHeuristic::Table),
    AnyHeuristic::Graph(GraphHeuristic::StraightLine),
];

impl HeuristicChoice for AnyHeuristic {
    const ALL: &'static [AnyHeuristic] = &ALL_HEURISTICS;

    fn name(self) -> &'static str {
        match self {
            AnyHeuristic::Puzzle(kind) => kind.name(),
            AnyHeuristic::Grid(kind) => kind.name(),
            AnyHeuristic::Graph(kind) => kind.name(),
        }
    }

    fn title(self) -> &'static str {
        match self {
            AnyHeuristic::Puzzle(kind) => kind.title(),
            AnyHeuristic::Grid(kind) => kind.title(),
            AnyHeuristic::Graph(kind) => kind.title(),
        }
    }
}

impl AnyHeuristic {
    /// The heuristics a problem of `domain` offers, weakest first (the puzzle's pattern
    /// databases last, each for one board size: see [`AnyHeuristic::fits`]).
    pub fn choices(domain: DomainKind) -> &'static [AnyHeuristic] {
        match domain {
            DomainKind::Puzzle => &ALL_HEURISTICS[..6],
            DomainKind::Grid => &ALL_HEURISTICS[6..11],
            DomainKind::Graph => &ALL_HEURISTICS[11..],
        }
    }

    /// Whether it can be offered for boards of `side` (a pattern database is made for one
    /// size); a map's and a graph's heuristics fit every map and graph.
    pub fn fits(self, side: usize) -> bool {
        match self {
            AnyHeuristic::Puzzle(kind) => kind.fits(side),
            AnyHeuristic::Grid(_) | AnyHeuristic::Graph(_) => true,
        }
    }

    /// The puzzle heuristic, if it is one that reads a pattern database.
    pub fn database(self) -> Option<HeuristicKind> {
        match self {
            AnyHeuristic::Puzzle(kind) if kind.partition().is_some() => Some(kind),
            AnyHeuristic::Puzzle(_) | AnyHeuristic::Grid(_) | AnyHeuristic::Graph(_) => None,
        }
    }

    /// Which of five colours (0 to 4) it gives a method's colour: 0 for h = 0, then from weak
    /// to strong, so the usual strong heuristic of each domain looks the same. The puzzle's
    /// zero, misplaced, Manhattan, linear conflict, and its pattern databases (one per board
    /// size) sharing the fifth; on a map octile is the strong heuristic, so it takes the
    /// puzzle's Manhattan colour. On a graph the h table (the textbook's h_SLD) is the strong
    /// one and takes that colour too.
    pub fn color_rank(self) -> usize {
        match self {
            AnyHeuristic::Puzzle(_) => self.rank().min(4),
            AnyHeuristic::Grid(kind) => match kind {
                GridHeuristic::Zero => 0,
                GridHeuristic::Manhattan => 1,
                GridHeuristic::Euclidean => 3,
                GridHeuristic::Octile => 2,
                GridHeuristic::Chebyshev => 4,
            },
            AnyHeuristic::Graph(kind) => match kind {
                GraphHeuristic::Zero => 0,
                GraphHeuristic::Table => 2,
                GraphHeuristic::StraightLine => 3,
            },
        }
    }

    pub fn domain(self) -> DomainKind {
        match self {
            AnyHeuristic::Puzzle(_) => DomainKind::Puzzle,
            AnyHeuristic::Grid(_) => DomainKind::Grid,
            AnyHeuristic::Graph(_) => DomainKind::Graph,
        }
    }

    /// Its position among its domain's heuristics (0 is h = 0): what the method colours and
    /// the lists' legend key on.
    pub fn rank(self) -> usize {
        Self::choices(self.domain())
            .iter()
            .position(|h| *h == self)
            .expect("every heuristic is among its domain's")
    }
}

impl crate::i18n::LocalName for AnyHeuristic {
    fn local(self) -> &'static str {
        match self {
            AnyHeuristic::Puzzle(kind) => kind.local(),
            AnyHeuristic::Grid(kind) => kind.local(),
            AnyHeuristic::Graph(kind) => kind.local(),
        }
    }

    fn local_short(self) -> &'static str {
        match self {
            AnyHeuristic::Puzzle(kind) => kind.local_short(),
            AnyHeuristic::Grid(kind) => kind.local_short(),
            AnyHeuristic::Graph(kind) => kind.local_short(),
        }
    }
}

/// A config with its heuristic put in another form (a domain's own type, or [`AnyHeuristic`]).
pub fn with_heuristic<A, B>(config: SearchConfig<A>, heuristic: B) -> SearchConfig<B> {
    let SearchConfig {
        algorithm,
        heuristic: _,
        weight,
        tie_break,
        goal_test,
        repeats,
        node_limit,
        depth_limit,
        memory_limit,
    } = config;
    SearchConfig {
        algorithm,
        heuristic,
        weight,
        tie_break,
        goal_test,
        repeats,
        node_limit,
        depth_limit,
        memory_limit,
    }
}

impl From<HeuristicKind> for AnyHeuristic {
    fn from(kind: HeuristicKind) -> AnyHeuristic {
        AnyHeuristic::Puzzle(kind)
    }
}

impl From<GridHeuristic> for AnyHeuristic {
    fn from(kind: GridHeuristic) -> AnyHeuristic {
        AnyHeuristic::Grid(kind)
    }
}

impl From<GraphHeuristic> for AnyHeuristic {
    fn from(kind: GraphHeuristic) -> AnyHeuristic {
        AnyHeuristic::Graph(kind)
    }
}

impl From<SearchConfig<GraphHeuristic>> for SearchConfig<AnyHeuristic> {
    fn from(config: SearchConfig<GraphHeuristic>) -> SearchConfig<AnyHeuristic> {
        from_graph(config)
    }
}

impl From<SearchConfig<HeuristicKind>> for SearchConfig<AnyHeuristic> {
    fn from(config: SearchConfig<HeuristicKind>) -> SearchConfig<AnyHeuristic> {
        from_puzzle(config)
    }
}

impl From<SearchConfig<GridHeuristic>> for SearchConfig<AnyHeuristic> {
    fn from(config: SearchConfig<GridHeuristic>) -> SearchConfig<AnyHeuristic> {
        from_grid(config)
    }
}

/// A puzzle config as a config of the window.
pub fn from_puzzle(config: SearchConfig<HeuristicKind>) -> SearchConfig<AnyHeuristic> {
    with_heuristic(config, AnyHeuristic::Puzzle(config.heuristic))
}

/// A grid config as a config of the window.
pub fn from_grid(config: SearchConfig<GridHeuristic>) -> SearchConfig<AnyHeuristic> {
    with_heuristic(config, AnyHeuristic::Grid(config.heuristic))
}

/// A graph config as a config of the window.
pub fn from_graph(config: SearchConfig<GraphHeuristic>) -> SearchConfig<AnyHeuristic> {
    with_heuristic(config, AnyHeuristic::Graph(config.heuristic))
}

thread_local! {
    /// A domain's successors in its own types, before they are wrapped.
    static PUZZLE_MOVES: RefCell<Vec<(Move, Board, Cost)>> = const { RefCell::new(Vec::new()) };
    static GRID_MOVES: RefCell<Vec<(Dir, Cell, Cost)>> = const { RefCell::new(Vec::new()) };
    static GRAPH_MOVES: RefCell<Vec<(Road, City, Cost)>> = const { RefCell::new(Vec::new()) };
}

impl AnyProblem {
    pub fn kind(&self) -> DomainKind {
        match self {
            AnyProblem::Puzzle(_) => DomainKind::Puzzle,
            AnyProblem::Grid(_) => DomainKind::Grid,
            AnyProblem::Graph(_) => DomainKind::Graph,
        }
    }

    pub fn puzzle(&self) -> Option<&Problem> {
        match self {
            AnyProblem::Puzzle(problem) => Some(problem),
            AnyProblem::Grid(_) | AnyProblem::Graph(_) => None,
        }
    }

    pub fn grid(&self) -> Option<&Arc<Grid>> {
        match self {
            AnyProblem::Grid(grid) => Some(grid),
            AnyProblem::Puzzle(_) | AnyProblem::Graph(_) => None,
        }
    }

    pub fn graph(&self) -> Option<&Arc<Graph>> {
        match self {
            AnyProblem::Graph(graph) => Some(graph),
            AnyProblem::Puzzle(_) | AnyProblem::Grid(_) => None,
        }
    }

    /// What the domain's views keep to explain `heuristic` on this problem (the puzzle's
    /// heuristic tabulated for the goal, for the boards' per-tile notes); views take it back
    /// by its type.
    pub fn heuristic_notes(
        &self,
        heuristic: AnyHeuristic,
    ) -> Option<Arc<dyn std::any::Any + Send + Sync>> {
        match (self, heuristic) {
            (AnyProblem::Puzzle(p), AnyHeuristic::Puzzle(kind)) => Some(Arc::new(
                crate::domains::puzzle::Heuristic::new(kind, &p.goal()),
            )),
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _) => None,
        }
    }

    /// The side of the small drawings of its states: a board's side; a map's cell is written
    /// in the room of a 3x3 board, and so is a graph's node.
    pub fn side(&self) -> usize {
        match self {
            AnyProblem::Puzzle(problem) => problem.side(),
            AnyProblem::Grid(_) | AnyProblem::Graph(_) => 3,
        }
    }

    /// The goal as a state (a graph's first goal).
    pub fn goal(&self) -> AnyState {
        match self {
            AnyProblem::Puzzle(problem) => AnyState::Puzzle(problem.goal()),
            AnyProblem::Grid(grid) => AnyState::Grid(grid.goal()),
            AnyProblem::Graph(graph) => AnyState::Graph(graph.goals()[0]),
        }
    }

    /// The work that finds h* of every state at once, for a problem that numbers its states
    /// (a map's cells: one reverse Dijkstra), as costs by `key_slot` a worker thread computes;
    /// `None` for a problem without such a numbering.
    pub fn exact_costs_job(&self) -> Option<Box<dyn FnOnce() -> Vec<Option<u64>> + Send>> {
        match self {
            AnyProblem::Puzzle(_) => None,
            AnyProblem::Grid(grid) => {
                let grid = grid.clone();
                Some(Box::new(move || grid.true_distances()))
            }
            AnyProblem::Graph(graph) => {
                let graph = graph.clone();
                Some(Box::new(move || {
                    graph
                        .true_distances()
                        .into_iter()
                        .map(|d| d.map(Cost::raw))
                        .collect()
                }))
            }
        }
    }

    /// The successors or predecessors of a state, as the domain's problem lists them: the
    /// forward and the backward searches read the same moves through one conversion.
    fn neighbours(
        &self,
        state: &AnyState,
        out: &mut Vec<(AnyAction, AnyState, Cost)>,
        puzzle: impl Fn(&Problem, &Board, &mut Vec<(Move, Board, Cost)>),
        grid: impl Fn(&Grid, &Cell, &mut Vec<(Dir, Cell, Cost)>),
        graph: impl Fn(&Graph, &City, &mut Vec<(Road, City, Cost)>),
    ) {
        match (self, state) {
            (AnyProblem::Puzzle(problem), AnyState::Puzzle(board)) => {
                PUZZLE_MOVES.with_borrow_mut(|moves| {
                    moves.clear();
                    puzzle(problem, board, moves);
                    out.extend(moves.iter().map(|&(m, next, cost)| {
                        (AnyAction::Puzzle(m), AnyState::Puzzle(next), cost)
                    }));
                });
            }
            (AnyProblem::Grid(map), AnyState::Grid(cell)) => {
                GRID_MOVES.with_borrow_mut(|moves| {
                    moves.clear();
                    grid(map.as_ref(), cell, moves);
                    out.extend(moves.iter().map(|&(dir, next, cost)| {
                        (AnyAction::Grid(dir), AnyState::Grid(next), cost)
                    }));
                });
            }
            (AnyProblem::Graph(roads), AnyState::Graph(city)) => {
                GRAPH_MOVES.with_borrow_mut(|moves| {
                    moves.clear();
                    graph(roads.as_ref(), city, moves);
                    out.extend(moves.iter().map(|&(road, next, cost)| {
                        (AnyAction::Graph(road), AnyState::Graph(next), cost)
                    }));
                });
            }
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _) => {}
        }
    }
}

impl AnyState {
    pub fn board(&self) -> Option<&Board> {
        match self {
            AnyState::Puzzle(board) => Some(board),
            AnyState::Grid(_) | AnyState::Graph(_) => None,
        }
    }

    pub fn cell(&self) -> Option<Cell> {
        match self {
            AnyState::Grid(cell) => Some(*cell),
            AnyState::Puzzle(_) | AnyState::Graph(_) => None,
        }
    }

    pub fn node(&self) -> Option<City> {
        match self {
            AnyState::Graph(node) => Some(*node),
            AnyState::Puzzle(_) | AnyState::Grid(_) => None,
        }
    }
}

impl std::fmt::Display for AnyState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyState::Puzzle(board) => board.fmt(f),
            AnyState::Grid(cell) => cell.fmt(f),
            // Without its graph a node has no name: its number (the problem's `describe` and
            // `state_name` give the name).
            AnyState::Graph(node) => write!(f, "#{}", node.index()),
        }
    }
}

// The arms for a state, action or heuristic of another domain name the domains rather than
// `_`: a new domain is a compile error here until each question has its answer.
impl SearchProblem for AnyProblem {
    type State = AnyState;
    type Action = AnyAction;
    type Key = AnyKey;
    type Heuristic = AnyHeuristic;

    fn start(&self) -> AnyState {
        match self {
            AnyProblem::Puzzle(problem) => AnyState::Puzzle(problem.start()),
            AnyProblem::Grid(grid) => AnyState::Grid(grid.start()),
            AnyProblem::Graph(graph) => AnyState::Graph(graph.start()),
        }
    }

    fn is_goal(&self, state: &AnyState) -> bool {
        match (self, state) {
            (AnyProblem::Puzzle(problem), AnyState::Puzzle(board)) => problem.is_goal(board),
            (AnyProblem::Grid(grid), AnyState::Grid(cell)) => grid.is_goal(*cell),
            (AnyProblem::Graph(graph), AnyState::Graph(node)) => graph.is_goal(*node),
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _) => false,
        }
    }

    fn successors(&self, state: &AnyState, out: &mut Vec<(AnyAction, AnyState, Cost)>) {
        self.neighbours(
            state,
            out,
            |p, b, moves| p.successors(b, moves),
            <Grid as SearchProblem>::successors,
            <Graph as SearchProblem>::successors,
        );
    }

    fn goal_state(&self) -> Option<AnyState> {
        match self {
            AnyProblem::Puzzle(problem) => problem.goal_state().map(AnyState::Puzzle),
            AnyProblem::Grid(grid) => SearchProblem::goal_state(grid.as_ref()).map(AnyState::Grid),
            AnyProblem::Graph(graph) => {
                SearchProblem::goal_state(graph.as_ref()).map(AnyState::Graph)
            }
        }
    }

    fn predecessors(&self, state: &AnyState, out: &mut Vec<(AnyAction, AnyState, Cost)>) {
        self.neighbours(
            state,
            out,
            |p, b, moves| p.predecessors(b, moves),
            <Grid as SearchProblem>::predecessors,
            <Graph as SearchProblem>::predecessors,
        );
    }

    fn heuristic(&self, which: AnyHeuristic, state: &AnyState) -> Cost {
        match (self, which, state) {
            (AnyProblem::Puzzle(problem), AnyHeuristic::Puzzle(kind), AnyState::Puzzle(board)) => {
                problem.heuristic(kind, board)
            }
            (AnyProblem::Grid(grid), AnyHeuristic::Grid(kind), AnyState::Grid(cell)) => {
                SearchProblem::heuristic(grid.as_ref(), kind, cell)
            }
            (AnyProblem::Graph(graph), AnyHeuristic::Graph(kind), AnyState::Graph(node)) => {
                graph.estimate(kind, *node)
            }
            // A config of the other domain never reaches a search: the session converts it.
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _, _) => {
                Cost::ZERO
            }
        }
    }

    fn check_heuristic(&self, which: AnyHeuristic) -> Result<(), ConfigError> {
        match (self, which) {
            (AnyProblem::Puzzle(problem), AnyHeuristic::Puzzle(kind)) => {
                problem.check_heuristic(kind)
            }
            (AnyProblem::Grid(grid), AnyHeuristic::Grid(kind)) => {
                SearchProblem::check_heuristic(grid.as_ref(), kind)
            }
            (AnyProblem::Graph(graph), AnyHeuristic::Graph(kind)) => {
                SearchProblem::check_heuristic(graph.as_ref(), kind)
            }
            // A config of the other domain never reaches a search: the session converts it.
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _) => Ok(()),
        }
    }

    fn key(&self, state: &AnyState) -> AnyKey {
        match (self, state) {
            (AnyProblem::Puzzle(problem), AnyState::Puzzle(board)) => {
                AnyKey::Puzzle(problem.key(board))
            }
            (_, AnyState::Grid(cell)) => AnyKey::Grid(*cell),
            (_, AnyState::Graph(node)) => AnyKey::Graph(*node),
            (_, AnyState::Puzzle(board)) => AnyKey::Puzzle(board.packed()),
        }
    }

    /// A map numbers its cells, so the engine keeps its seen states in an array there; boards
    /// have no dense numbering and keep the hash index. A graph numbers its nodes.
    fn key_slots(&self) -> Option<usize> {
        match self {
            AnyProblem::Puzzle(_) => None,
            AnyProblem::Grid(grid) => SearchProblem::key_slots(grid.as_ref()),
            AnyProblem::Graph(graph) => SearchProblem::key_slots(graph.as_ref()),
        }
    }

    #[inline]
    fn key_slot(&self, key: &AnyKey) -> usize {
        match (self, key) {
            (AnyProblem::Grid(grid), AnyKey::Grid(cell)) => {
                SearchProblem::key_slot(grid.as_ref(), cell)
            }
            (AnyProblem::Graph(graph), AnyKey::Graph(node)) => {
                SearchProblem::key_slot(graph.as_ref(), node)
            }
            // Asked only when `key_slots` is `Some`, that is for a map or a graph, whose keys
            // are cells and nodes.
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _) => 0,
        }
    }

    fn describe(&self, state: &AnyState) -> String {
        match (self, state) {
            (AnyProblem::Graph(graph), AnyState::Graph(node)) if graph.contains(*node) => {
                graph.name(*node).to_owned()
            }
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _) => {
                state.to_string()
            }
        }
    }

    fn coordinates(&self, state: &AnyState) -> Option<(i64, i64)> {
        match (self, state) {
            (AnyProblem::Grid(grid), AnyState::Grid(cell)) => grid.as_ref().coordinates(cell),
            (AnyProblem::Graph(graph), AnyState::Graph(node)) => graph.as_ref().coordinates(node),
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _) => None,
        }
    }

    fn describe_goal(&self) -> String {
        match self {
            AnyProblem::Graph(graph) => graph.describe_goal(),
            AnyProblem::Puzzle(_) | AnyProblem::Grid(_) => self.goal().to_string(),
        }
    }
}

impl Drawn for AnyProblem {
    fn state_rows(&self, state: &AnyState) -> Vec<String> {
        match (self, state) {
            (AnyProblem::Puzzle(p), AnyState::Puzzle(board)) => p.state_rows(board),
            (AnyProblem::Grid(g), AnyState::Grid(cell)) => g.state_rows(cell),
            (AnyProblem::Graph(g), AnyState::Graph(node)) if g.contains(*node) => {
                g.state_rows(node)
            }
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _) => {
                vec![state.to_string()]
            }
        }
    }

    fn state_name(&self, state: &AnyState) -> String {
        match (self, state) {
            (AnyProblem::Puzzle(p), AnyState::Puzzle(board)) => p.state_name(board),
            (AnyProblem::Grid(g), AnyState::Grid(cell)) => g.state_name(cell),
            (AnyProblem::Graph(g), AnyState::Graph(node)) if g.contains(*node) => {
                g.state_name(node)
            }
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _) => {
                state.to_string()
            }
        }
    }

    fn tiles(&self, state: &AnyState) -> Option<(usize, Vec<u8>)> {
        match (self, state) {
            (AnyProblem::Puzzle(p), AnyState::Puzzle(board)) => p.tiles(board),
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _) => None,
        }
    }

    fn action_text(&self, action: AnyAction) -> String {
        match (self, action) {
            (AnyProblem::Puzzle(p), AnyAction::Puzzle(m)) => p.action_text(m),
            (AnyProblem::Grid(g), AnyAction::Grid(dir)) => g.action_text(dir),
            (AnyProblem::Graph(g), AnyAction::Graph(road)) => g.action_text(road),
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _) => {
                String::new()
            }
        }
    }

    fn action_tex(&self, action: AnyAction) -> String {
        match (self, action) {
            (AnyProblem::Puzzle(p), AnyAction::Puzzle(m)) => p.action_tex(m),
            (AnyProblem::Grid(g), AnyAction::Grid(dir)) => g.action_tex(dir),
            (AnyProblem::Graph(g), AnyAction::Graph(road)) => g.action_tex(road),
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _) => {
                String::new()
            }
        }
    }

    /// Maps are compared by identity: the session shares one map between its lanes and makes
    /// a new one on every edit, and comparing a large map cell by cell every frame would cost.
    /// Graphs likewise.
    fn same_problem(&self, other: &AnyProblem) -> bool {
        match (self, other) {
            (AnyProblem::Puzzle(a), AnyProblem::Puzzle(b)) => a == b,
            (AnyProblem::Grid(a), AnyProblem::Grid(b)) => Arc::ptr_eq(a, b),
            (AnyProblem::Graph(a), AnyProblem::Graph(b)) => Arc::ptr_eq(a, b),
            (AnyProblem::Puzzle(_) | AnyProblem::Grid(_) | AnyProblem::Graph(_), _) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::grid::presets;
    use crate::search::{Algorithm, Search, Status, new_search};

    fn solve<P: SearchProblem>(problem: P, config: SearchConfig<P::Heuristic>) -> (u32, Cost) {
        let mut search: Box<dyn Search<P>> = new_search(problem, config);
        search.run(usize::MAX);
        let Status::Solved { goal } = search.status() else {
            panic!("not solved");
        };
        (search.stats().expanded, search.node(goal).g)
    }

    /// The window's problem searches exactly as the domain's own: same expansions, same cost.
    #[test]
    fn wrapped_problems_search_as_their_domains_do() {
        let puzzle =
            Problem::new("283104765".parse().unwrap(), "123804765".parse().unwrap()).unwrap();
        for kind in HeuristicKind::ALL {
            let config = SearchConfig::with(Algorithm::AStar, kind);
            assert_eq!(
                solve(AnyProblem::Puzzle(puzzle), from_puzzle(config)),
                solve(puzzle, config)
            );
        }
        let grid = presets::random(30, 20, 0.25, 7).unwrap();
        for kind in GridHeuristic::ALL {
            let config = SearchConfig::with(Algorithm::AStar, kind);
            assert_eq!(
                solve(AnyProblem::Grid(Arc::new(grid.clone())), from_grid(config)),
                solve(grid.clone(), config)
            );
        }
        // The map's numbering reaches the engine through the wrapper (its seen states then sit
        // in an array); boards have none.
        let wrapped = AnyProblem::Grid(Arc::new(grid.clone()));
        assert_eq!(wrapped.key_slots(), grid.key_slots());
        for cell in [grid.start(), grid.goal()] {
            let key = wrapped.key(&AnyState::Grid(cell));
            assert_eq!(wrapped.key_slot(&key), grid.key_slot(&cell));
        }
        assert_eq!(AnyProblem::Puzzle(puzzle).key_slots(), None);
    }

    #[test]
    fn each_domain_offers_its_own_heuristics_and_configs_convert_both_ways() {
        for domain in [DomainKind::Puzzle, DomainKind::Grid] {
            let choices = AnyHeuristic::choices(domain);
            assert!(choices.iter().all(|h| h.domain() == domain));
            assert_eq!(choices[0].name(), "zero");
            assert!(choices.iter().enumerate().all(|(i, h)| h.rank() == i));
        }
        use super::super::section::DomainSettings;
        use crate::app::grid::grid_model::GridSettings;
        use crate::app::puzzle::puzzle_model::PuzzleSettings;
        let grid = SearchConfig {
            weight: 3.0,
            ..SearchConfig::with(Algorithm::WeightedAStar, GridHeuristic::Octile)
        };
        let mut settings = GridSettings::default();
        settings.set_config(from_grid(grid));
        assert_eq!(settings.config, grid);
        // A heuristic of another domain becomes the domain's default.
        settings.set_config(from_puzzle(SearchConfig::with(
            Algorithm::AStar,
            HeuristicKind::Misplaced,
        )));
        assert_eq!(settings.config.heuristic, GridHeuristic::default());
        let puzzle = SearchConfig::with(Algorithm::Greedy, HeuristicKind::Misplaced);
        let mut settings = PuzzleSettings::default();
        settings.set_config(from_puzzle(puzzle));
        assert_eq!(settings.config, puzzle);
        assert_eq!(DomainSettings::config(&settings), from_puzzle(puzzle));
    }
}
