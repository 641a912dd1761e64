//! Additive disjoint pattern databases: the tiles are split into groups, and for each group a
//! table holds, for every placement of the group's tiles, the fewest moves *of those tiles*
//! that bring them home, whatever the other tiles do. Moves of other tiles are free in the
//! abstraction, so the group tables add up to a lower bound of the true distance (no move is
//! counted by two groups): the sum is admissible. It is not always consistent: the table keeps
//! the least distance over the blank's cells, and where the group's tiles wall the blank off,
//! that least may be for a cell the blank cannot reach for free, so one move can change the
//! sum by more than one (A* reopens; IDA* does not care).
//!
//! A table is built by one breadth-first search backward from the goal over the abstract space
//! (the group's cells and the blank's region, see [`super::regions`]): a move of a pattern tile
//! costs 1, a move of the blank through other tiles costs 0. The table keeps the least over
//! the blank's cells. Tables are cached on disk with a header (format version, goal,
//! partition, checksum) and rebuilt when the file is missing or damaged.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::board::Board;
#[cfg(test)]
use super::board::Dir;
use super::regions::Ranking;

/// A split of the tiles into disjoint groups, each with its own table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Partition {
    pub groups: Vec<Vec<u8>>,
}

impl Partition {
    /// The 6-6-3 split of the 15-puzzle for the blank-last goal: two blocks of three rows by
    /// two columns and the bottom row. Blocks keep tiles that block each other in both
    /// directions in one group, and their mirror images are blocks the other way round, so
    /// the mirrored lookup adds more.
    pub fn fifteen_663() -> Partition {
        Partition {
            groups: vec![
                vec![1, 2, 5, 6, 9, 10],
                vec![3, 4, 7, 8, 11, 12],
                vec![13, 14, 15],
            ],
        }
    }

    /// A 4-4 split of the 8-puzzle, small enough to show additivity in class.
    pub fn eight_44() -> Partition {
        Partition {
            groups: vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]],
        }
    }

    /// The split as text, `1,2,3/4,5,6`, for file headers and names.
    pub fn describe(&self) -> String {
        self.groups
            .iter()
            .map(|g| {
                g.iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// Why a partition cannot be used with a goal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdbError {
    #[error("tile {0} is in no group, in two groups, or not on the board")]
    Tile(u8),
    #[error("a group of {0} tiles is too large (at most 8)")]
    GroupSize(usize),
    #[error("{0} groups are too many (at most 4)")]
    Groups(usize),
    #[error("the pattern database file is damaged: {0}")]
    Damaged(String),
    #[error("no pattern database file")]
    Missing,
    #[error("the pattern database's path is not a regular file")]
    NotAFile,
    #[error("the pattern database build was cancelled")]
    Cancelled,
}

/// One group's table: for each placement of its tiles, the fewest moves of those tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
struct GroupTable {
    tiles: Vec<u8>,
    /// The numbering of the group's placements, shared with the build.
    ranking: Ranking,
    /// By rank: the compact table, as built and saved.
    distances: Vec<u8>,
    /// By key (each tile's cell as one hex digit, the group's first tile lowest), for groups of
    /// up to [`MAX_KEYED`] tiles: a move changes one digit, so IDA* updates the key with one
    /// addition instead of ranking the placement again. Empty for larger groups.
    keyed: Vec<u8>,
}

/// Groups up to this size also get a table by key: 16⁶ bytes (16.8 MB) for six tiles.
const MAX_KEYED: usize = 6;

impl GroupTable {
    fn new(tiles: Vec<u8>, distances: Vec<u8>, side: usize) -> GroupTable {
        let ranking = Ranking::new(side, tiles.len());
        let keyed = if tiles.len() <= MAX_KEYED {
            // Placements in rank order are the cell choices in lexicographic order, each cell
            // among those not yet taken: the same walk gives every key its rank's distance.
            let mut keyed = vec![UNSEEN; 1 << (4 * tiles.len())];
            let mut next_rank = 0;
            let mut taken = [false; 16];
            fill_keyed(
                &mut keyed,
                &distances,
                ranking.cells(),
                tiles.len(),
                0,
                0,
                &mut taken,
                &mut next_rank,
            );
            keyed
        } else {
            Vec::new()
        };
        GroupTable {
            tiles,
            ranking,
            distances,
            keyed,
        }
    }

    /// The distance of the placement with this key.
    #[inline]
    fn at_key(&self, key: u32) -> u8 {
        if !self.keyed.is_empty() {
            return self.keyed[key as usize];
        }
        let mut cells = [0u8; 8];
        for (i, cell) in cells.iter_mut().enumerate().take(self.tiles.len()) {
            *cell = ((key >> (4 * i)) & 15) as u8;
        }
        self.distances[self.ranking.rank(&cells[..self.tiles.len()]) as usize]
    }
}

/// Walks the placements in rank order, writing each one's distance at its key.
#[allow(clippy::too_many_arguments)]
fn fill_keyed(
    keyed: &mut [u8],
    distances: &[u8],
    n: usize,
    k: usize,
    depth: usize,
    key: u32,
    taken: &mut [bool; 16],
    next_rank: &mut usize,
) {
    if depth == k {
        keyed[key as usize] = distances[*next_rank];
        *next_rank += 1;
        return;
    }
    for cell in 0..n {
        if !taken[cell] {
            taken[cell] = true;
            let key = key | (cell as u32) << (4 * depth);
            fill_keyed(keyed, distances, n, k, depth + 1, key, taken, next_rank);
            taken[cell] = false;
        }
    }
}

/// The additive database of one goal and partition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternDatabase {
    side: usize,
    goal: Board,
    partition: Partition,
    tables: Vec<GroupTable>,
    /// For each tile, its group and the weight of its digit in the group's key (16^position);
    /// group `NO_GROUP` for the blank.
    places: [(u8, u32); 16],
}

const NO_GROUP: u8 = u8::MAX;

/// Checked between layers of a build: `false` stops it (the window's Cancel).
pub type Progress<'a> = &'a mut dyn FnMut(f64) -> bool;

impl PatternDatabase {
    /// Builds every group's table by a backward BFS from `goal` on every core, reporting the
    /// share done (0 to 1) between layers; the callback returning false cancels the build.
    pub fn build(
        goal: Board,
        partition: Partition,
        progress: Progress<'_>,
    ) -> Result<PatternDatabase, PdbError> {
        super::regions::fits(&goal, &partition)?;
        let side = goal.side();
        let size = |group: &[u8]| Ranking::new(side, group.len()).size() as f64;
        let total: f64 = partition.groups.iter().map(|g| size(g)).sum();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let mut done = 0.0;
        let mut tables = Vec::new();
        for group in &partition.groups {
            let share_of = size(group);
            let distances = super::regions::build_table(&goal, group, threads, &mut |share| {
                progress((done + share * share_of) / total)
            })?;
            let table = GroupTable::new(group.clone(), distances, side);
            done += share_of;
            tables.push(table);
        }
        Ok(PatternDatabase::assemble(goal, partition, tables))
    }

    fn assemble(goal: Board, partition: Partition, tables: Vec<GroupTable>) -> PatternDatabase {
        let mut places = [(NO_GROUP, 0); 16];
        for (g, table) in tables.iter().enumerate() {
            for (i, &tile) in table.tiles.iter().enumerate() {
                places[tile as usize] = (g as u8, 1 << (4 * i));
            }
        }
        PatternDatabase {
            side: goal.side(),
            goal,
            partition,
            tables,
            places,
        }
    }

    /// The goal the distances are measured to.
    pub fn goal(&self) -> Board {
        self.goal
    }

    /// The split of the tiles.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// The sum of the groups' distances: a lower bound of the moves from `board` to the goal.
    pub fn h(&self, board: &Board) -> u32 {
        let mut cells = [0u8; 16];
        for (pos, tile) in board.cells().into_iter().enumerate() {
            cells[tile as usize] = pos as u8;
        }
        self.keys_of(&cells).0
    }

    /// The file this database is cached in under `dir`: named by side, goal and partition.
    pub fn file_name(goal: &Board, partition: &Partition) -> String {
        let key = format!("{}-{}", goal.packed(), partition.describe());
        format!(
            "pdb-{}x{}-{:016x}.bin",
            goal.side(),
            goal.side(),
            fnv1a(key.as_bytes())
        )
    }

    /// Writes the database with its header and checksum.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let mut body = Vec::new();
        for table in &self.tables {
            body.extend_from_slice(&table.distances);
        }
        let header = PatternDatabase::header(&self.goal, &self.partition, body.len(), fnv1a(&body));
        write_cache_file(path, &header, &[&body])
    }

    /// The header lines of a saved database, as written and as expected when read back.
    fn header(goal: &Board, partition: &Partition, bytes: usize, checksum: u64) -> [String; 6] {
        [
            format!("{MAGIC} {FORMAT_VERSION}"),
            format!("side {}", goal.side()),
            format!("goal {goal}"),
            format!("partition {}", partition.describe()),
            format!("bytes {bytes}"),
            format!("checksum {checksum:016x}"),
        ]
    }

    /// Reads a database written by [`PatternDatabase::save`] for this goal and partition,
    /// checking every header line and the checksum: a file that does not match is refused.
    pub fn load(
        path: &Path,
        goal: Board,
        partition: &Partition,
    ) -> Result<PatternDatabase, PdbError> {
        let damaged = |why: &str| PdbError::Damaged(why.to_owned());
        let mut bytes = Vec::new();
        open_cache_file(path)?
            .read_to_end(&mut bytes)
            .map_err(|e| PdbError::Damaged(e.to_string()))?;
        let end = bytes
            .windows(2)
            .position(|w| w == b"\n\n")
            .ok_or_else(|| damaged("no header"))?;
        let header = std::str::from_utf8(&bytes[..end]).map_err(|_| damaged("header not text"))?;
        let body = &bytes[end + 2..];
        let side = goal.side();
        let size = |group: &[u8]| Ranking::new(side, group.len()).size();
        let expected_bytes: usize = partition.groups.iter().map(|g| size(g)).sum();
        let expected = PatternDatabase::header(&goal, partition, expected_bytes, fnv1a(body));
        let lines: Vec<&str> = header.lines().collect();
        if lines.len() != expected.len() {
            return Err(damaged("header has the wrong number of lines"));
        }
        for (line, want) in lines.iter().zip(&expected) {
            if line != want {
                return Err(PdbError::Damaged(format!(
                    "'{line}' where '{want}' was expected"
                )));
            }
        }
        if body.len() != expected_bytes {
            return Err(damaged("the tables have the wrong size"));
        }
        let mut tables = Vec::new();
        let mut at = 0;
        for group in &partition.groups {
            let len = size(group);
            tables.push(GroupTable::new(
                group.clone(),
                body[at..at + len].to_vec(),
                side,
            ));
            at += len;
        }
        Ok(PatternDatabase::assemble(goal, partition.clone(), tables))
    }

    /// The cached database under `dir` if it is there and sound, else a new build (saved for
    /// next time; a cache that cannot be written is only a slower next start). A damaged file
    /// is removed and said so in the [`Source`].
    pub fn cached_or_build(
        dir: &Path,
        goal: Board,
        partition: Partition,
        progress: Progress<'_>,
    ) -> Result<(PatternDatabase, Source), PdbError> {
        let path = dir.join(PatternDatabase::file_name(&goal, &partition));
        cached_or_build_at(
            &path,
            || PatternDatabase::load(&path, goal, &partition),
            || PatternDatabase::build(goal, partition.clone(), progress),
            PatternDatabase::save,
        )
    }
}

/// IDA* evaluates the database incrementally: a move changes one tile's cell, so only that
/// tile's group is looked up again, and its key changes by one digit.
impl super::ida::Estimate for PatternDatabase {
    /// Each group's key and value.
    type Memo = Keys;

    fn first(&self, board: &Board) -> (u32, Keys) {
        let mut cells = [0u8; 16];
        for (pos, tile) in board.cells().into_iter().enumerate() {
            cells[tile as usize] = pos as u8;
        }
        self.keys_of(&cells)
    }

    #[inline]
    fn after(&self, child: &Board, memo: &Keys, tile: u8, to: usize) -> (u32, Keys) {
        self.moved(memo, tile, child.blank(), to)
    }
}

/// Each group's key (its tiles' cells as hex digits) and its value in the table, kept by IDA*
/// from a node to its children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keys {
    keys: [u32; 4],
    values: [u8; 4],
    h: u32,
}

impl Keys {
    /// Each group's value in its table, in the partition's order (unused groups read 0).
    pub fn values(&self) -> [u8; 4] {
        self.values
    }
}

impl PatternDatabase {
    /// The keys and the sum for the tiles at `cells` (indexed by tile).
    fn keys_of(&self, cells: &[u8; 16]) -> (u32, Keys) {
        let mut keys = Keys {
            keys: [0; 4],
            values: [0; 4],
            h: 0,
        };
        for (g, table) in self.tables.iter().enumerate() {
            let key = table
                .tiles
                .iter()
                .enumerate()
                .map(|(i, &tile)| u32::from(cells[tile as usize]) << (4 * i))
                .sum();
            keys.keys[g] = key;
            keys.values[g] = table.at_key(key);
            keys.h += u32::from(keys.values[g]);
        }
        (keys.h, keys)
    }

    /// The keys after `tile` moved from cell `from` to cell `to`.
    #[inline]
    fn moved(&self, memo: &Keys, tile: u8, from: usize, to: usize) -> (u32, Keys) {
        let (g, weight) = self.places[tile as usize & 15];
        let mut keys = *memo;
        if g != NO_GROUP {
            let g = g as usize & 3;
            // Cells are hex digits: the digit goes from `from` to `to`.
            let key = (keys.keys[g] + weight * to as u32).wrapping_sub(weight * from as u32);
            let value = self.tables[g].at_key(key);
            keys.h = keys.h + u32::from(value) - u32::from(keys.values[g]);
            keys.keys[g] = key;
            keys.values[g] = value;
        }
        (keys.h, keys)
    }
}

/// The database looked up twice, on the board and on its mirror image about the main
/// diagonal (with the tiles renamed so the goal mirrors onto itself), keeping the larger sum.
/// The mirror of a board is exactly as far from the goal, so both sums are lower bounds: the
/// larger is too, and it prunes more. Needs a goal whose blank is on the diagonal.
pub struct Mirrored<'a> {
    db: &'a PatternDatabase,
    mirror: Mirror,
}

impl<'a> Mirrored<'a> {
    /// `None` if the goal's blank is off the main diagonal (the goal has no such mirror).
    pub fn new(db: &'a PatternDatabase) -> Option<Mirrored<'a>> {
        Some(Mirrored {
            db,
            mirror: Mirror::of(&db.goal)?,
        })
    }
}

/// A goal's mirror image about the main diagonal, with the tiles renamed so that the goal
/// mirrors onto itself: what every mirrored lookup needs.
pub(super) struct Mirror {
    /// The tile whose goal cell is the mirror of this tile's goal cell.
    pub(super) rename: [u8; 16],
    /// The mirror of each cell.
    pub(super) mirror: [u8; 16],
}

impl Mirror {
    /// `None` if the goal's blank is off the main diagonal.
    pub(super) fn of(goal: &Board) -> Option<Mirror> {
        let side = goal.side();
        let mut mirror = [0u8; 16];
        for (cell, m) in mirror.iter_mut().enumerate().take(side * side) {
            *m = ((cell % side) * side + cell / side) as u8;
        }
        if mirror[goal.blank()] as usize != goal.blank() {
            return None;
        }
        let mut rename = [0u8; 16];
        for tile in 0..(side * side) as u8 {
            rename[tile as usize] = goal.tile(mirror[goal.position_of(tile)] as usize);
        }
        Some(Mirror { rename, mirror })
    }

    /// Each tile's cell on `board`, and each renamed tile's cell on the mirror image.
    pub(super) fn cells(&self, board: &Board) -> ([u8; 16], [u8; 16]) {
        let mut cells = [0u8; 16];
        let mut mirrored = [0u8; 16];
        for (pos, tile) in board.cells().into_iter().enumerate() {
            cells[tile as usize] = pos as u8;
            mirrored[self.rename[tile as usize] as usize] = self.mirror[pos];
        }
        (cells, mirrored)
    }
}

impl super::ida::Estimate for Mirrored<'_> {
    type Memo = (Keys, Keys);

    fn first(&self, board: &Board) -> (u32, Self::Memo) {
        let (cells, mirrored) = self.mirror.cells(board);
        let (h, plain) = self.db.keys_of(&cells);
        let (m, mirrored) = self.db.keys_of(&mirrored);
        (h.max(m), (plain, mirrored))
    }

    #[inline]
    fn after(&self, child: &Board, memo: &Self::Memo, tile: u8, to: usize) -> (u32, Self::Memo) {
        let from = child.blank();
        let (h, plain) = self.db.moved(&memo.0, tile, from, to);
        let Mirror { rename, mirror } = &self.mirror;
        let (m, mirrored) = self.db.moved(
            &memo.1,
            rename[tile as usize & 15],
            mirror[from & 15] as usize,
            mirror[to & 15] as usize,
        );
        (h.max(m), (plain, mirrored))
    }
}

/// Where a database came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Read from the cache folder.
    Cache,
    /// Built now; `saved` says whether the cache could be written, and `saving` is how long
    /// writing it took (part of the build's wait, shown apart by `bench`). `refused`: the
    /// file that was in the cache and why it was not used (a damaged file was removed first).
    Built {
        saved: bool,
        saving: Duration,
        refused: Option<Refused>,
    },
}

/// A cache file that was there but not read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub path: PathBuf,
    pub why: PdbError,
    /// Whether the file was removed (a damaged file is; one that is not a regular file is left
    /// as it is).
    pub removed: bool,
}

impl Refused {
    /// Why the file at `path` was not read, if it was there: a damaged file is removed, so
    /// that it is neither read and checked again at every run nor left behind by a build
    /// that fails or is cancelled. `None` if the file was missing; other errors are not the
    /// file's.
    pub(super) fn of(path: &Path, why: PdbError) -> Result<Option<Refused>, PdbError> {
        let removed = match why {
            PdbError::Missing => return Ok(None),
            PdbError::Damaged(_) => std::fs::remove_file(path).is_ok(),
            PdbError::NotAFile => false,
            other => return Err(other),
        };
        Ok(Some(Refused {
            path: path.to_path_buf(),
            why,
            removed,
        }))
    }
}

/// The database `load` reads from `path` if it is there and sound, else `build`'s, saved at
/// `path` with `save`.
pub(super) fn cached_or_build_at<T>(
    path: &Path,
    load: impl FnOnce() -> Result<T, PdbError>,
    build: impl FnOnce() -> Result<T, PdbError>,
    save: impl FnOnce(&T, &Path) -> std::io::Result<()>,
) -> Result<(T, Source), PdbError> {
    let refused = match load() {
        Ok(db) => return Ok((db, Source::Cache)),
        Err(why) => Refused::of(path, why)?,
    };
    let db = build()?;
    let started = Instant::now();
    let saved = save(&db, path).is_ok();
    let source = Source::Built {
        saved,
        saving: started.elapsed(),
        refused,
    };
    Ok((db, source))
}

/// Opens a cache file for reading, if it is a regular file: a FIFO would block the open
/// until some writer came, and a directory or a device is no table. A missing file is
/// [`PdbError::Missing`].
pub(super) fn open_cache_file(path: &Path) -> Result<std::fs::File, PdbError> {
    let damaged = |e: std::io::Error| PdbError::Damaged(e.to_string());
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => {}
        Ok(_) => return Err(PdbError::NotAFile),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(PdbError::Missing),
        Err(e) => return Err(damaged(e)),
    }
    let file = std::fs::File::open(path).map_err(damaged)?;
    // What was opened is checked too, in case the path was replaced in between.
    if !file.metadata().map_err(damaged)?.is_file() {
        return Err(PdbError::NotAFile);
    }
    Ok(file)
}

/// Writes a cache file of databases: the `header` lines, a blank line, then the `tables`.
/// The file is written aside and renamed, so a write that fails part way (a full disk)
/// leaves no half file under the real name. It is not synced to the disk before the rename:
/// a file cut short by a system crash fails its checksum when loaded and is built again.
pub(super) fn write_cache_file(
    path: &Path,
    header: &[String],
    tables: &[&[u8]],
) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut head = String::new();
    for line in header {
        head.push_str(line);
        head.push('\n');
    }
    head.push('\n');
    let (partial, file) = create_partial(path)?;
    let written = (|| {
        let mut file = std::io::BufWriter::new(file);
        file.write_all(head.as_bytes())?;
        for table in tables {
            file.write_all(table)?;
        }
        file.flush()?;
        drop(file);
        std::fs::rename(&partial, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written
}

/// A new file beside `path` to write it aside, with a name of this process and of this write
/// (`NAME.PID-N.partial`), created exclusively: a file or a link already at that name is never
/// followed or truncated, and two processes (or threads) saving the same database each write
/// their own file and rename it in turn.
fn create_partial(path: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    loop {
        let n = WRITES.fetch_add(1, Ordering::Relaxed);
        let partial = path.with_file_name(format!("{name}.{}-{n}.partial", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&partial)
        {
            Ok(file) => return Ok((partial, file)),
            // Left by an earlier process of the same number, or planted: take another name.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => continue,
            Err(e) => return Err(e),
        }
    }
}

/// The user's cache folder for pattern databases: `$XDG_CACHE_HOME/searchlab`, else
/// `$HOME/.cache/searchlab`; `None` when neither is set to an absolute path (a relative or
/// empty one would put the cache wherever the process happens to run, and a shared folder
/// such as the temporary one is open to other users' files).
pub fn cache_dir() -> Option<PathBuf> {
    cache_dir_from(std::env::var_os("XDG_CACHE_HOME"), std::env::var_os("HOME"))
}

/// [`cache_dir`] for these values of `XDG_CACHE_HOME` and `HOME`.
fn cache_dir_from(
    xdg_cache_home: Option<std::ffi::OsString>,
    home: Option<std::ffi::OsString>,
) -> Option<PathBuf> {
    let absolute = |v: std::ffi::OsString| Some(PathBuf::from(v)).filter(|p| p.is_absolute());
    xdg_cache_home
        .and_then(absolute)
        .or_else(|| home.and_then(absolute).map(|h| h.join(".cache")))
        .map(|base| base.join("searchlab"))
}

pub(super) const MAGIC: &str = "searchlab-pattern-database";
const FORMAT_VERSION: u32 = 1;

/// FNV-1a, 64 bits: enough to notice a damaged or truncated file.
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

pub(super) const UNSEEN: u8 = u8::MAX;

/// The distances of one group by a plain backward 0-1 BFS over the group's cells and the
/// blank's cell, one thread: the reference the region build is checked against. An abstract
/// state is the cells packed 4 bits each (blank lowest); its slot is rank·n + blank.
#[cfg(test)]
pub(super) fn distances_by_cells(goal: Board, tiles: &[u8]) -> Vec<u8> {
    let side = goal.side();
    let n = side * side;
    let k = tiles.len();
    let ranking = Ranking::new(side, k);
    let rank = |cells: &[u8]| ranking.rank(cells) as usize;
    let count = ranking.size();
    let mut dist = vec![UNSEEN; count * n];
    let pack = |cells: &[u8], blank: u8| -> u64 {
        cells
            .iter()
            .rev()
            .fold(0u64, |acc, &c| (acc << 4) | u64::from(c))
            << 4
            | u64::from(blank)
    };
    let goal_cells: Vec<u8> = tiles.iter().map(|&t| goal.position_of(t) as u8).collect();
    let start = pack(&goal_cells, goal.blank() as u8);
    dist[rank(&goal_cells) * n + goal.blank()] = 0;
    let mut layer = vec![start];
    let mut depth: u8 = 0;
    let mut cells = vec![0u8; k];
    while !layer.is_empty() {
        let mut next = Vec::new();
        // The layer grows while the blank wanders through other tiles at no cost.
        let mut i = 0;
        while i < layer.len() {
            let state = layer[i];
            i += 1;
            let blank = (state & 15) as usize;
            for (j, cell) in cells.iter_mut().enumerate() {
                *cell = ((state >> (4 + 4 * j)) & 15) as u8;
            }
            for dir in Dir::ALL {
                let Some(to) = neighbour(blank, dir, side) else {
                    continue;
                };
                // The blank moves to `to`; whatever was there moves to `blank`.
                let moved = cells.iter().position(|&c| c as usize == to);
                if let Some(j) = moved {
                    cells[j] = blank as u8;
                }
                let slot = rank(&cells) * n + to;
                let known = dist[slot];
                if moved.is_some() {
                    if known == UNSEEN {
                        dist[slot] = depth + 1;
                        next.push(pack(&cells, to as u8));
                    }
                } else if known == UNSEEN || known == depth + 1 {
                    // A state first met by a tile move may turn out free to reach in this
                    // layer: lower it (its copy in the next layer finds nothing new).
                    dist[slot] = depth;
                    layer.push(pack(&cells, to as u8));
                }
                if let Some(j) = moved {
                    cells[j] = to as u8;
                }
            }
        }
        layer = next;
        depth += 1;
    }
    // The least over the blank's cells (a cell under a tile is never reached: UNSEEN).
    dist.chunks(n)
        .map(|by_blank| by_blank.iter().copied().min().unwrap_or(UNSEEN))
        .collect()
}

/// The cell next to `cell` in direction `dir` (the blank's move), if on the board.
#[cfg(test)]
pub(super) fn neighbour(cell: usize, dir: Dir, side: usize) -> Option<usize> {
    let (row, col) = (cell / side, cell % side);
    match dir {
        Dir::Up if row > 0 => Some(cell - side),
        Dir::Down if row + 1 < side => Some(cell + side),
        Dir::Left if col > 0 => Some(cell - 1),
        Dir::Right if col + 1 < side => Some(cell + 1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::{DistanceTable, Heuristic, HeuristicKind, Rng, scramble};

    fn keep_going(_: f64) -> bool {
        true
    }

    fn eight() -> (Board, PatternDatabase) {
        let goal: Board = "123804765".parse().unwrap();
        let db = PatternDatabase::build(goal, Partition::eight_44(), &mut keep_going).unwrap();
        (goal, db)
    }

    #[test]
    fn lookups_by_rank_agree_with_lookups_by_key() {
        // Groups of more than six tiles have no table by key and are looked up by rank.
        let (_, db) = eight();
        for table in &db.tables {
            let by_rank = GroupTable {
                keyed: Vec::new(),
                ..table.clone()
            };
            let k = table.tiles.len();
            let mut placements = 0;
            for key in 0..1u32 << (4 * k) {
                let cells: Vec<u32> = (0..k).map(|i| key >> (4 * i) & 15).collect();
                let distinct = cells
                    .iter()
                    .enumerate()
                    .all(|(i, c)| !cells[..i].contains(c));
                if distinct && cells.iter().all(|&c| c < 9) {
                    assert_eq!(by_rank.at_key(key), table.at_key(key), "key {key:x}");
                    placements += 1;
                }
            }
            assert_eq!(placements, table.ranking.size());
        }
    }

    #[test]
    fn the_8_puzzle_database_is_admissible_and_beats_manhattan_somewhere() {
        let (goal, db) = eight();
        let table = DistanceTable::new(&goal).unwrap();
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
        assert_eq!(db.h(&goal), 0);
        let mut better = 0;
        let mut rng = Rng::new(7);
        for _ in 0..3000 {
            let board = scramble(&goal, 40, &mut rng);
            let h = db.h(&board);
            let truth = u32::from(table.distance(&board).unwrap());
            assert!(h <= truth, "{board}: pdb {h} > h* {truth}");
            // Each group's moves are a subset of Manhattan's per-tile count, or more.
            let m = manhattan.h(&board);
            assert!(h >= m, "{board}: pdb {h} below Manhattan {m}");
            better += usize::from(h > m);
        }
        assert!(
            better > 0,
            "the database never improved on Manhattan distance"
        );
    }

    #[test]
    fn a_saved_database_loads_back_and_a_damaged_one_is_refused() {
        let (goal, db) = eight();
        let dir = std::env::temp_dir().join(format!("searchlab-pdb-{}", std::process::id()));
        let path = dir.join(PatternDatabase::file_name(&goal, db.partition()));
        db.save(&path).unwrap();
        assert_eq!(
            PatternDatabase::load(&path, goal, db.partition()).unwrap(),
            db
        );

        // Another goal or split is not this file.
        let other: Board = "123456780".parse().unwrap();
        assert!(PatternDatabase::load(&path, other, db.partition()).is_err());
        // One flipped byte in the tables fails the checksum.
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(matches!(
            PatternDatabase::load(&path, goal, db.partition()),
            Err(PdbError::Damaged(_))
        ));
        // ... and the cache removes it, says so, and rebuilds it.
        let (again, source) =
            PatternDatabase::cached_or_build(&dir, goal, Partition::eight_44(), &mut |_| {
                // The damaged file is gone before the build starts.
                assert!(!path.exists());
                true
            })
            .unwrap();
        let Source::Built {
            saved: true,
            refused: Some(refused),
            ..
        } = source
        else {
            panic!("{source:?}");
        };
        assert_eq!((&refused.path, refused.removed), (&path, true));
        assert!(matches!(refused.why, PdbError::Damaged(_)));
        assert_eq!(again, db);
        let (_, source) =
            PatternDatabase::cached_or_build(&dir, goal, Partition::eight_44(), &mut keep_going)
                .unwrap();
        assert_eq!(source, Source::Cache);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_cache_folder_is_taken_only_from_absolute_paths() {
        let os = |s: &str| Some(std::ffi::OsString::from(s));
        let folder = |s: &str| Some(PathBuf::from(s));
        assert_eq!(
            cache_dir_from(os("/x/cache"), os("/home/u")),
            folder("/x/cache/searchlab")
        );
        // A relative or empty XDG_CACHE_HOME is ignored, as its specification says.
        for xdg in [os("cache"), os(""), None] {
            assert_eq!(
                cache_dir_from(xdg, os("/home/u")),
                folder("/home/u/.cache/searchlab")
            );
        }
        // No guess: not the working folder, not the shared temporary one.
        for home in [os(""), os("home"), None] {
            assert_eq!(cache_dir_from(None, home.clone()), None);
            assert_eq!(cache_dir_from(os("rel"), home), None);
        }
    }

    /// A new empty folder for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("searchlab-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[cfg(unix)]
    #[test]
    fn a_save_follows_no_link_at_its_temporary_names_and_concurrent_saves_all_land() {
        let (goal, db) = eight();
        let dir = scratch("partial");
        let path = dir.join(PatternDatabase::file_name(&goal, db.partition()));
        let victim = dir.join("victim");
        std::fs::write(&victim, "keep").unwrap();
        // Links planted where a write aside could go: a fixed name, and this process's names.
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let pid = std::process::id();
        let mut planted = vec![path.with_extension("partial")];
        planted.extend((0..64).map(|n| dir.join(format!("{name}.{pid}-{n}.partial"))));
        for link in &planted {
            std::os::unix::fs::symlink(&victim, link).unwrap();
        }
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| db.save(&path).unwrap());
            }
        });
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        assert_eq!(
            PatternDatabase::load(&path, goal, db.partition()).unwrap(),
            db
        );
        // Nothing is left aside but the planted links.
        let left = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(left, planted.len() + 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_at_a_cache_path_is_refused_without_waiting_for_a_writer() {
        let (goal, db) = eight();
        let dir = scratch("fifo");
        let path = dir.join(PatternDatabase::file_name(&goal, db.partition()));
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        assert!(made.unwrap().success(), "mkfifo");
        let (sender, answer) = std::sync::mpsc::channel();
        let reading = path.clone();
        std::thread::spawn(move || {
            let _ = sender.send(PatternDatabase::load(
                &reading,
                goal,
                &Partition::eight_44(),
            ));
        });
        // An open that waits for a writer never answers.
        let loaded = answer
            .recv_timeout(Duration::from_secs(120))
            .expect("the load answers");
        assert_eq!(loaded, Err(PdbError::NotAFile));
        // The cache builds instead, says why, and leaves the FIFO for the new file to replace.
        let (built, source) =
            PatternDatabase::cached_or_build(&dir, goal, Partition::eight_44(), &mut keep_going)
                .unwrap();
        assert_eq!(built, db);
        let Source::Built {
            refused: Some(refused),
            ..
        } = source
        else {
            panic!("{source:?}");
        };
        assert_eq!((refused.why, refused.removed), (PdbError::NotAFile, false));
        assert!(std::fs::metadata(&path).unwrap().is_file());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_bad_partition_is_refused_and_a_build_can_be_cancelled() {
        let goal: Board = "123804765".parse().unwrap();
        let twice = Partition {
            groups: vec![vec![1, 2], vec![2, 3]],
        };
        assert_eq!(
            PatternDatabase::build(goal, twice, &mut keep_going),
            Err(PdbError::Tile(2))
        );
        let off_board = Partition {
            groups: vec![vec![9]],
        };
        assert_eq!(
            PatternDatabase::build(goal, off_board, &mut keep_going),
            Err(PdbError::Tile(9))
        );
        // A group with no tile has no table to build.
        let empty = Partition {
            groups: vec![vec![1, 2, 3, 4], vec![]],
        };
        assert_eq!(
            PatternDatabase::build(goal, empty, &mut keep_going),
            Err(PdbError::GroupSize(0))
        );
        let mut calls = 0;
        let result = PatternDatabase::build(goal, Partition::eight_44(), &mut |_| {
            calls += 1;
            calls < 3
        });
        assert_eq!(result, Err(PdbError::Cancelled));
    }

    #[test]
    fn the_15_puzzle_three_tile_group_never_overestimates_its_own_moves() {
        // The small group of the 6-6-3 split builds in a moment; its value is a lower bound of
        // the moves its tiles must make, so at most the Manhattan distance of a board plus
        // the blank's detours, and zero at the goal.
        let goal = Board::blank_last(4);
        let partition = Partition {
            groups: vec![vec![13, 14, 15]],
        };
        let db = PatternDatabase::build(goal, partition, &mut keep_going).unwrap();
        assert_eq!(db.h(&goal), 0);
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let moves = 1 + rng.below(30);
            let board = scramble(&goal, moves, &mut rng);
            assert!(
                db.h(&board) as usize <= moves,
                "{board} after {moves} moves"
            );
        }
    }

    #[test]
    #[ignore = "slow: builds the whole 6-6-3 database (about 185 MB while building)"]
    fn slow_the_15_puzzle_663_database_is_admissible_and_at_least_manhattan() {
        let goal = Board::blank_last(4);
        let started = std::time::Instant::now();
        let db = PatternDatabase::build(goal, Partition::fifteen_663(), &mut keep_going).unwrap();
        eprintln!("6-6-3 built in {:.1} s", started.elapsed().as_secs_f64());
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
        let mut rng = Rng::new(11);
        let (mut sum_pdb, mut sum_manhattan) = (0, 0);
        for _ in 0..2000 {
            let moves = 1 + rng.below(80);
            let board = scramble(&goal, moves, &mut rng);
            let h = db.h(&board);
            assert!(h as usize <= moves, "{board}: {h} after {moves} moves");
            assert!(h >= manhattan.h(&board));
            sum_pdb += h;
            sum_manhattan += manhattan.h(&board);
        }
        eprintln!(
            "mean h: 6-6-3 {}, Manhattan {}",
            sum_pdb / 2000,
            sum_manhattan / 2000
        );
    }

    #[test]
    fn the_mirrored_lookup_stays_admissible_and_is_never_below_the_plain_one() {
        use crate::domains::puzzle::ida::Estimate;
        let (goal, db) = eight();
        let mirrored = Mirrored::new(&db).expect("123804765 has its blank on the diagonal");
        let table = DistanceTable::new(&goal).unwrap();
        let mut rng = Rng::new(9);
        let mut higher = 0;
        for _ in 0..2000 {
            let board = scramble(&goal, 40, &mut rng);
            let (h, _) = mirrored.first(&board);
            let truth = u32::from(table.distance(&board).unwrap());
            assert!(h <= truth, "{board}: {h} > h* {truth}");
            assert!(h >= db.h(&board));
            higher += usize::from(h > db.h(&board));
            // Step by step it agrees with a fresh evaluation.
            let (_, memo) = mirrored.first(&board);
            for (child, step) in board.successors() {
                let (incremental, _) = mirrored.after(&child, &memo, step.tile, board.blank());
                assert_eq!(incremental, mirrored.first(&child).0, "{board} -> {child}");
            }
        }
        assert!(higher > 0, "the mirror never helped");
        // A goal with the blank off the diagonal has no mirror.
        let off: Board = "123456708".parse().unwrap();
        let db = PatternDatabase::build(off, Partition::eight_44(), &mut keep_going).unwrap();
        assert!(Mirrored::new(&db).is_none());
    }
}
