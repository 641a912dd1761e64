//! The pattern databases every search of this process shares, by goal and split: a search names
//! its heuristic ([`HeuristicKind::Pdb44`], [`HeuristicKind::Pdb663`]) and finds the database
//! here, so a config stays a small value that can be saved, and a 6-6-3 database (11.5 MB, a
//! minute to build) exists once however many lanes use it.
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
use super::pdb::{PatternDatabase, PdbError, Source};

/// Why [`load_or_build`] gave no database.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DatabaseError {
    #[error("{0} needs no pattern database")]
    NoDatabase(&'static str),
    #[error("{heuristic} is for {side}x{side} boards")]
    WrongSize {
        heuristic: &'static str,
        side: usize,
    },
    #[error(transparent)]
    Pdb(#[from] PdbError),
}

/// Every database registered so far, with the goal and the heuristic it serves.
static REGISTRY: RwLock<Vec<(Board, HeuristicKind, &'static PatternDatabase)>> =
    RwLock::new(Vec::new());

/// The database `kind` needs for `goal`, if it is ready. `None` for a heuristic without one.
pub fn database(goal: &Board, kind: HeuristicKind) -> Option<&'static PatternDatabase> {
    // Asked at every node a search with a database evaluates: a heuristic without one is
    // told apart without building its partition (which allocates).
    kind.board_side()?;
    let registry = REGISTRY
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    registry
        .iter()
        .find(|(g, k, _)| g == goal && *k == kind)
        .map(|&(_, _, db)| db)
}

/// Whether a search of a board of `goal`'s size can use `kind` now: a heuristic without a
/// database always can; one with a database when it fits the board and is registered.
pub fn is_ready(goal: &Board, kind: HeuristicKind) -> bool {
    match kind.board_side() {
        None => true,
        Some(side) => side == goal.side() && database(goal, kind).is_some(),
    }
}

/// Keeps `db` as the database of `kind` for its goal and returns the registered one (the
/// first registered wins, so two builds of the same database leave one copy).
///
/// # Panics
/// If `db` was built for another split than `kind`'s: a wrong table would be a silent
/// overestimate, so it is refused loudly.
pub fn register(kind: HeuristicKind, db: PatternDatabase) -> &'static PatternDatabase {
    assert_eq!(
        Some(db.partition()),
        kind.partition().as_ref(),
        "a database registered for another split"
    );
    let goal = db.goal();
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
) -> Result<(&'static PatternDatabase, Option<Source>), DatabaseError> {
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
    if let Some(db) = database(&goal, kind) {
        return Ok((db, None));
    }
    let (db, source) = match cache {
        Some(dir) => {
            let (db, source) = PatternDatabase::cached_or_build(dir, goal, partition, progress)?;
            (db, Some(source))
        }
        None => (PatternDatabase::build(goal, partition, progress)?, None),
    };
    Ok((register(kind, db), source))
}

/// One group's share of a database's h: its tiles and the moves they need at least.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupNote {
    pub tiles: Vec<u8>,
    pub value: u32,
}

/// Each group's value on `board` (they add up to the database's h).
pub fn groups(db: &PatternDatabase, board: &Board) -> Vec<GroupNote> {
    use super::ida::Estimate;
    let (_, keys) = db.first(board);
    db.partition()
        .groups
        .iter()
        .zip(keys.values())
        .map(|(tiles, value)| GroupNote {
            tiles: tiles.clone(),
            value: u32::from(value),
        })
        .collect()
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
            let parts = groups(db, &board);
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
        assert_eq!(explained.groups, groups(db, &start));
    }

    #[test]
    fn a_search_with_a_database_that_is_not_ready_is_refused_not_run() {
        // A goal no other test registers a database for.
        let goal: Board = "876543210".parse().unwrap();
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
}
