//! The pattern databases every search of this process shares, by goal and split: a search names
//! its heuristic ([`HeuristicKind::Pdb44`], [`HeuristicKind::Pdb663`]) and finds the database
//! here, so a config stays a small value that can be saved, and a 6-6-3 database (11.5 MB,
//! seconds to build) exists once however many lanes use it. The command line's choice of a
//! database for a batch of boards ([`for_solving`]) lives here too.
//!
//! A goal with its blank in a corner is carried onto the blank-last goal ([`Orientation`]), and
//! its database is the blank-last goal's: the standard splits are blocks of cells placed where
//! the blank is not, so every corner goal prunes alike, and all of them share one table.
//!
//! A database is registered once ready ([`load_or_build`], or [`register`] for one built
//! elsewhere) and then kept for the life of the process: a search that started with it can
//! never see it disappear, so it is handed out as `&'static`. Memory is bounded by the goals a
//! user asks a database for (one per goal and split). Until it is registered, a search with
//! that heuristic refuses to start ([`crate::search::ConfigError::HeuristicNotReady`]).

use std::path::Path;
use std::sync::RwLock;

use super::board::Board;
use super::heuristic::HeuristicKind;
use super::ida::{IdaOutcome, ida_star};
use super::orientation::Orientation;
use super::pdb::{Mirrored, Partition, PatternDatabase, PdbError, Refused, Source};

/// Why [`load_or_build`] or [`for_solving`] gave no database.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DatabaseError {
    #[error("{0} needs no pattern database")]
    NoDatabase(&'static str),
    #[error("{heuristic} is for {side}x{side} boards")]
    WrongSize {
        heuristic: &'static str,
        side: usize,
    },
    #[error("the pattern databases are for 3x3 and 4x4 boards")]
    NoSplit,
    #[error("this pattern database was chosen for another goal")]
    OtherGoal,
    #[error(transparent)]
    Pdb(#[from] PdbError),
}

/// Every database registered so far, with the goal it was built for (a goal's boards are
/// carried onto it, see [`Orientation`]) and the heuristic it serves.
static REGISTRY: RwLock<Vec<(Board, HeuristicKind, &'static PatternDatabase)>> =
    RwLock::new(Vec::new());

/// A registered database and how the boards of one goal are carried onto its goal.
#[derive(Clone, Copy, Debug)]
pub struct Placed {
    db: &'static PatternDatabase,
    orientation: Orientation,
}

impl Placed {
    /// The database, of the goal the boards are carried onto.
    pub fn database(&self) -> &'static PatternDatabase {
        self.db
    }

    /// The database's h of `board` (a board of the goal this was looked up for).
    pub fn h(&self, board: &Board) -> u32 {
        self.db.h(&self.orientation.apply(board))
    }

    /// Each group's value on `board` (they add up to h), the groups' tiles named as on
    /// `board`.
    pub fn groups(&self, board: &Board) -> Vec<GroupNote> {
        let values = self.db.values(&self.orientation.apply(board));
        self.db
            .partition()
            .groups
            .iter()
            .zip(values)
            .map(|(tiles, value)| GroupNote {
                tiles: tiles.iter().map(|&t| self.orientation.name(t)).collect(),
                value: u32::from(value),
            })
            .collect()
    }
}

/// The database `kind` needs for `goal`, if it is ready. `None` for a heuristic without one.
pub fn database(goal: &Board, kind: HeuristicKind) -> Option<Placed> {
    // Asked at every node a search with a database evaluates: a heuristic without one is
    // told apart without building its partition (which allocates).
    if kind.board_side()? != goal.side() {
        return None;
    }
    let orientation = Orientation::of(goal);
    let carried = orientation.apply(goal);
    let registry = REGISTRY
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    registry
        .iter()
        .find(|(g, k, _)| *g == carried && *k == kind)
        .map(|&(_, _, db)| Placed { db, orientation })
}

/// Whether a search of a board of `goal`'s size can use `kind` now: a heuristic without a
/// database always can; one with a database when it fits the board and is registered.
pub fn is_ready(goal: &Board, kind: HeuristicKind) -> bool {
    match kind.board_side() {
        None => true,
        Some(side) => side == goal.side() && database(goal, kind).is_some(),
    }
}

/// Keeps `db` as the database of `kind` for its goal (and every goal carried onto it) and
/// returns the registered one (the first registered wins, so two builds of the same database
/// leave one copy).
///
/// # Panics
/// If `db` was built for another split than `kind`'s, or for a goal that is not its own
/// carried goal: a wrong table would be a silent overestimate, so it is refused loudly.
pub fn register(kind: HeuristicKind, db: PatternDatabase) -> &'static PatternDatabase {
    assert_eq!(
        Some(db.partition()),
        kind.partition().as_ref(),
        "a database registered for another split"
    );
    let goal = db.goal();
    assert_eq!(
        Orientation::of(&goal).apply(&goal),
        goal,
        "a database registered for a goal that is carried onto another"
    );
    let mut registry = REGISTRY
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(&(_, _, known)) = registry.iter().find(|(g, k, _)| *g == goal && *k == kind) {
        return known;
    }
    let kept: &'static PatternDatabase = Box::leak(Box::new(db));
    registry.push((goal, kind, kept));
    kept
}

/// The database of `kind` for `goal`: the registered one, else read from `cache` (a folder,
/// see [`super::cache_dir`]) or built there, else built in memory when there is no cache
/// folder. `progress` gets the share done (0 to 1) between layers of a build and cancels it
/// by returning false.
pub fn load_or_build(
    goal: Board,
    kind: HeuristicKind,
    cache: Option<&Path>,
    progress: &mut dyn FnMut(f64) -> bool,
) -> Result<(Placed, Option<Source>), DatabaseError> {
    let Some(partition) = kind.partition() else {
        return Err(DatabaseError::NoDatabase(kind.name()));
    };
    if let Some(side) = kind.board_side()
        && side != goal.side()
    {
        return Err(DatabaseError::WrongSize {
            heuristic: kind.name(),
            side,
        });
    }
    if let Some(placed) = database(&goal, kind) {
        return Ok((placed, None));
    }
    let orientation = Orientation::of(&goal);
    let carried = orientation.apply(&goal);
    let (db, source) = match cache {
        Some(dir) => {
            let (db, source) = PatternDatabase::cached_or_build(dir, carried, partition, progress)?;
            (db, Some(source))
        }
        None => (PatternDatabase::build(carried, partition, progress)?, None),
    };
    let db = register(kind, db);
    Ok((Placed { db, orientation }, source))
}

/// One group's share of a database's h: its tiles and the moves they need at least.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupNote {
    pub tiles: Vec<u8>,
    pub value: u32,
}

/// What [`for_solving`] gives: the database, where it came from (`None`: registered before,
/// or built with no cache folder), and the cache files it found and did not use.
pub struct Chosen {
    pub database: Database,
    pub source: Option<Source>,
    pub refused: Vec<Refused>,
}

/// The database a batch of boards is solved with by IDA*, chosen by [`for_solving`].
pub enum Database {
    /// The standard split of its board size (4-4 on 3x3, 6-6-3 on 4x4), kept in the process's
    /// registry, where the stepping algorithms find it too.
    Registered(HeuristicKind, &'static PatternDatabase),
    /// Any other split (the 7-8 one, or one the user named), kept by this batch alone.
    Own(PatternDatabase),
}

impl Database {
    /// The heuristic that names this database for the stepping algorithms, if it is the
    /// standard split of its board size.
    pub fn registered_kind(&self) -> Option<HeuristicKind> {
        match self {
            Database::Registered(kind, _) => Some(*kind),
            _ => None,
        }
    }

    /// The goal the tables measure distances to (the boards' goal carried onto it).
    pub fn goal(&self) -> Board {
        self.database().goal()
    }

    /// The tables.
    pub fn database(&self) -> &PatternDatabase {
        match self {
            Database::Registered(_, db) => db,
            Database::Own(db) => db,
        }
    }

    /// IDA* from `board` to `goal` with this database, looked up on the board and on its
    /// mirror image about the diagonal where the goal has one, stopping after `limit`
    /// generated nodes. The search runs on the boards carried onto the database's goal; the
    /// path is brought back. Refused if `goal` is not carried onto the database's goal.
    pub fn ida_star(
        &self,
        board: Board,
        goal: Board,
        limit: u64,
    ) -> Result<IdaOutcome, DatabaseError> {
        let orientation = Orientation::of(&goal);
        let carried = orientation.apply(&goal);
        if carried != self.goal() {
            return Err(DatabaseError::OtherGoal);
        }
        let start = orientation.apply(&board);
        let db = self.database();
        let mut outcome = match Mirrored::new(db) {
            Some(mirrored) => ida_star(start, carried, &mirrored, limit),
            None => ida_star(start, carried, db, limit),
        };
        if let Some(path) = &mut outcome.path {
            for board in path {
                *board = orientation.undo(board);
            }
        }
        Ok(outcome)
    }
}

/// The heuristic that names `partition` for boards of this side, if it is the standard one
/// (the stepping algorithms look their database up by that name).
fn registered_kind(side: usize, partition: &Partition) -> Option<HeuristicKind> {
    [HeuristicKind::Pdb44, HeuristicKind::Pdb663]
        .into_iter()
        .find(|kind| {
            kind.board_side() == Some(side) && kind.partition().as_ref() == Some(partition)
        })
}

/// The database the command line solves boards of `goal` with: on 3x3 the 4-4 split; on 4x4
/// `groups` if given, else the strongest one ready (7-8 once it is in `cache`, else 6-6-3).
/// Read from `cache` when it is there and sound, else built (and saved there when there is a
/// cache folder); a damaged cache file is removed (and listed in [`Chosen::refused`]), the
/// 7-8 one included, so that it is not read and refused again at every run. `progress` is
/// told the split (its tiles named as on the goal's boards) and the share done between
/// layers of a build, and cancels it by returning false.
///
/// The named splits (6-6-3, 7-8) are blocks of cells of the blank-last goal, carried to the
/// corner where the goal's blank is; any other split names the goal's own tiles.
pub fn for_solving(
    goal: Board,
    groups: Option<&Partition>,
    cache: Option<&Path>,
    progress: &mut dyn FnMut(&Partition, f64) -> bool,
) -> Result<Chosen, DatabaseError> {
    let side = goal.side();
    let mut refused = Vec::new();
    let orientation = Orientation::of(&goal);
    let carried = orientation.apply(&goal);
    let partition = match (side, groups) {
        (3, _) => Partition::eight_44(),
        (4, Some(groups)) if is_named(groups) => groups.clone(),
        (4, Some(groups)) => Partition {
            groups: groups
                .groups
                .iter()
                .map(|g| g.iter().map(|&t| orientation.tile(t)).collect())
                .collect(),
        },
        (4, None) => {
            let wide = Partition::fifteen_78();
            if let Some(dir) = cache {
                let path = dir.join(PatternDatabase::file_name(&carried, &wide));
                match PatternDatabase::cached(dir, carried, &wide) {
                    Ok(db) => {
                        return Ok(Chosen {
                            database: Database::Own(db),
                            source: Some(Source::Cache),
                            refused,
                        });
                    }
                    Err(why) => refused.extend(Refused::of(&path, why)?),
                }
            }
            Partition::fifteen_663()
        }
        _ => return Err(DatabaseError::NoSplit),
    };
    let shown = Partition {
        groups: partition
            .groups
            .iter()
            .map(|g| g.iter().map(|&t| orientation.name(t)).collect())
            .collect(),
    };
    let mut progress = |share: f64| progress(&shown, share);
    let (database, source) = if let Some(kind) = registered_kind(side, &partition) {
        let (placed, source) = load_or_build(goal, kind, cache, &mut progress)?;
        (Database::Registered(kind, placed.database()), source)
    } else {
        let (db, source) = match cache {
            Some(dir) => {
                let (db, source) =
                    PatternDatabase::cached_or_build(dir, carried, partition, &mut progress)?;
                (db, Some(source))
            }
            None => (
                PatternDatabase::build(carried, partition, &mut progress)?,
                None,
            ),
        };
        (Database::Own(db), source)
    };
    if let Some(Source::Built {
        refused: Some(file),
        ..
    }) = &source
    {
        refused.push(file.clone());
    }
    Ok(Chosen {
        database,
        source,
        refused,
    })
}

/// Whether `groups` is one of the named 15-puzzle splits, which are blocks of cells.
fn is_named(groups: &Partition) -> bool {
    *groups == Partition::fifteen_663() || *groups == Partition::fifteen_78()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::{DistanceTable, Heuristic, Problem, permutations};
    use crate::search::{ConfigError, SearchProblem};

    fn p1379() -> Board {
        "123804765".parse().unwrap()
    }

    #[test]
    fn the_44_split_is_the_sum_of_its_groups_and_never_above_h_star_on_any_3x3_board() {
        let goal = p1379();
        let (db, _) = load_or_build(goal, HeuristicKind::Pdb44, None, &mut |_| true).unwrap();
        let heuristic = Heuristic::new(HeuristicKind::Pdb44, &goal);
        let table = DistanceTable::new(&goal).unwrap();
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
        let mut boards = 0;
        let mut above_manhattan = 0;
        for board in table.states() {
            let h = heuristic.h(&board);
            let parts = db.groups(&board);
            assert_eq!(parts.len(), 2);
            assert_eq!(h, parts.iter().map(|g| g.value).sum::<u32>(), "{board}");
            assert_eq!(h, db.h(&board), "{board}");
            let exact = u32::from(table.distance(&board).unwrap());
            assert!(h <= exact, "{board}: h {h} > h* {exact}");
            above_manhattan += usize::from(h > manhattan.h(&board));
            boards += 1;
        }
        assert_eq!(boards, permutations(3) / 2);
        assert!(above_manhattan > 0);
        // The explanation says the same, group by group.
        let start: Board = "283104765".parse().unwrap();
        let explained = heuristic.explain(&start);
        assert_eq!(explained.total, heuristic.h(&start));
        assert_eq!(explained.groups, db.groups(&start));
    }

    #[test]
    fn a_search_with_a_database_that_is_not_ready_is_refused_not_run() {
        // A goal no other test registers a database for (its blank is in no corner, so it is
        // not carried onto another goal).
        let goal: Board = "876504321".parse().unwrap();
        let start = goal.apply(super::super::board::Dir::Up).unwrap().0;
        let problem = Problem::new(start, goal).unwrap();
        assert!(!is_ready(&goal, HeuristicKind::Pdb44));
        assert_eq!(
            problem.check_heuristic(HeuristicKind::Pdb44),
            Err(ConfigError::HeuristicNotReady("pdb-4-4"))
        );
        assert_eq!(
            problem.check_heuristic(HeuristicKind::Pdb663),
            Err(ConfigError::HeuristicNotForProblem("pdb-6-6-3"))
        );
        assert_eq!(problem.check_heuristic(HeuristicKind::Manhattan), Ok(()));
        let config = crate::domains::puzzle::SearchConfig::with(
            crate::search::Algorithm::AStar,
            HeuristicKind::Pdb44,
        );
        assert!(crate::search::try_new_search(problem, config).is_err());
        // Without its database h falls back to Manhattan distance, the bound beneath it.
        assert_eq!(
            Heuristic::new(HeuristicKind::Pdb44, &goal).h(&start),
            Heuristic::new(HeuristicKind::Manhattan, &goal).h(&start)
        );
        // Cancelled: still not ready.
        let cancelled = load_or_build(goal, HeuristicKind::Pdb44, None, &mut |_| false);
        assert_eq!(
            cancelled.err(),
            Some(DatabaseError::Pdb(PdbError::Cancelled))
        );
        assert!(!is_ready(&goal, HeuristicKind::Pdb44));
        load_or_build(goal, HeuristicKind::Pdb44, None, &mut |_| true).unwrap();
        assert!(is_ready(&goal, HeuristicKind::Pdb44));
        assert!(crate::search::try_new_search(problem, config).is_ok());
    }

    #[test]
    fn a_corner_goal_is_served_by_the_blank_last_database_whatever_its_tiles() {
        // The blank top left and the tiles in no order: the 4-4 groups are the cells of tiles
        // 1-4 and 5-8 of the blank-last goal, turned half a turn, whatever tiles are there.
        let goal: Board = "0 5 3 8 1 7 2 6 4".parse().unwrap();
        let (placed, _) = load_or_build(goal, HeuristicKind::Pdb44, None, &mut |_| true).unwrap();
        let last = Board::blank_last(3);
        let (blank_last, _) =
            load_or_build(last, HeuristicKind::Pdb44, None, &mut |_| true).unwrap();
        assert!(std::ptr::eq(placed.database(), blank_last.database()));
        let orientation = Orientation::of(&goal);
        let table = DistanceTable::new(&goal).unwrap();
        let heuristic = Heuristic::new(HeuristicKind::Pdb44, &goal);
        for board in table.states() {
            let h = heuristic.h(&board);
            assert_eq!(h, blank_last.h(&orientation.apply(&board)), "{board}");
            assert!(h <= u32::from(table.distance(&board).unwrap()), "{board}");
        }
        // The groups are named by the goal's own tiles: those in the cells of 1-4 and 5-8 of
        // the blank-last goal, turned half a turn.
        let groups = placed.groups(&goal);
        assert_eq!(groups[0].tiles, vec![4, 6, 2, 7]);
        assert_eq!(groups[1].tiles, vec![1, 8, 3, 5]);
        assert!(groups.iter().all(|g| g.value == 0));
    }

    #[test]
    fn boards_of_a_blank_first_goal_are_solved_on_the_blank_last_database_and_brought_back() {
        let goal = Board::blank_first(4);
        let rows = Partition {
            groups: vec![
                vec![1, 2, 3, 4],
                vec![5, 6, 7, 8],
                vec![9, 10, 11, 12],
                vec![13, 14, 15],
            ],
        };
        let chosen = for_solving(goal, Some(&rows), None, &mut |_, _| true).unwrap();
        let db = chosen.database;
        assert_eq!(chosen.source, None);
        assert_eq!(db.goal(), Board::blank_last(4));
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
        let mut rng = crate::domains::puzzle::Rng::new(8);
        for _ in 0..10 {
            let board = crate::domains::puzzle::scramble(&goal, 30, &mut rng);
            let path = db.ida_star(board, goal, u64::MAX).unwrap().path.unwrap();
            assert_eq!((path[0], path[path.len() - 1]), (board, goal));
            assert!(path.windows(2).all(|w| w[0].move_to(&w[1]).is_some()));
            let optimal = ida_star(board, goal, &|b: &Board| manhattan.h(b), u64::MAX);
            assert_eq!(path.len(), optimal.path.unwrap().len(), "{board}");
        }
        // Boards of a goal carried elsewhere are refused, not solved wrong.
        let other: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15".parse().unwrap();
        assert_eq!(
            db.ida_star(other, other, u64::MAX).err(),
            Some(DatabaseError::OtherGoal)
        );
    }

    #[test]
    fn a_damaged_7_8_file_is_reported_and_removed_and_the_6_6_3_database_used() {
        // A goal with the blank in no corner, so that no other test registers its 6-6-3
        // database; its 6-6-3 tables build in seconds, the 7-8 ones are never built here.
        let goal: Board = "1 2 3 4 5 0 6 7 8 9 10 11 12 13 14 15".parse().unwrap();
        let dir = std::env::temp_dir().join(format!("searchlab-damaged-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let wide = dir.join(PatternDatabase::file_name(&goal, &Partition::fifteen_78()));
        std::fs::write(&wide, "searchlab-pattern-database 3\ncut short").unwrap();
        let chosen = for_solving(goal, None, Some(&dir), &mut |_, _| true).unwrap();
        assert_eq!(
            chosen.database.registered_kind(),
            Some(HeuristicKind::Pdb663)
        );
        let [refused] = &chosen.refused[..] else {
            panic!("{} files refused", chosen.refused.len());
        };
        assert_eq!((&refused.path, refused.removed), (&wide, true));
        assert!(matches!(refused.why, PdbError::Damaged(_)));
        assert!(!wide.exists());
        // The next run finds nothing to refuse.
        let again = for_solving(goal, None, Some(&dir), &mut |_, _| true).unwrap();
        assert!(again.refused.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
