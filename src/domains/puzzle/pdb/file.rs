//! The one file format of pattern databases and the cache folder they are kept in.
//!
//! A file is a header of text lines, a blank line, and the tables by rank one after another
//! in the partition's order, a byte a placement:
//!
//! ```text
//! searchlab-pattern-database 3
//! abstraction blank-region
//! side 4
//! goal 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0
//! partition 1,2,3,4,5,6,7,8/9,10,11,12,13,14,15
//! bytes 576576000
//! checksum 0123456789abcdef
//! ```
//!
//! Every header line must be the one expected for the goal and partition asked for, and the
//! checksum must match the tables: a file that does not is refused, and the cache removes it
//! and builds the database again. The checksum notices damage; it is not a signature, so a
//! file is trusted once it matches.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{Board, Partition, PatternDatabase, PdbError, Progress, Ranking};

const MAGIC: &str = "searchlab-pattern-database";
/// The format's version, the first header line's number. Version 3 is the first that every
/// database shares: the files of groups of seven or eight tiles were already written in it,
/// under [`earlier_name`].
const FORMAT_VERSION: u32 = 3;

impl PatternDatabase {
    /// The file this database is cached in under a cache folder: named by side, goal and
    /// partition.
    pub fn file_name(goal: &Board, partition: &Partition) -> String {
        format!(
            "pdb-{}x{}-{:016x}.bin",
            goal.side(),
            goal.side(),
            name_key(goal, partition)
        )
    }

    /// The header lines of a saved database, as written and as expected when read back.
    fn header(goal: &Board, partition: &Partition, bytes: usize, checksum: u64) -> [String; 7] {
        [
            format!("{MAGIC} {FORMAT_VERSION}"),
            "abstraction blank-region".to_string(),
            format!("side {}", goal.side()),
            format!("goal {goal}"),
            format!("partition {}", partition.describe()),
            format!("bytes {bytes}"),
            format!("checksum {checksum:016x}"),
        ]
    }

    /// Writes the database with its header and checksum.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let tables: Vec<&[u8]> = self.tables.iter().map(|t| t.distances.as_slice()).collect();
        let header =
            PatternDatabase::header(&self.goal, &self.partition, self.bytes(), checksum(&tables));
        write_cache_file(path, &header, &tables)
    }

    /// Reads a database written by [`PatternDatabase::save`] for this goal and partition,
    /// checking every header line and the checksum: a file that does not match is refused.
    /// The tables are read straight into place, a file of half a gigabyte without a copy.
    pub fn load(
        path: &Path,
        goal: Board,
        partition: &Partition,
    ) -> Result<PatternDatabase, PdbError> {
        let damaged = |why: &str| PdbError::Damaged(why.to_owned());
        partition.fits(&goal)?;
        let mut reader = BufReader::new(open_cache_file(path)?);
        let mut lines = Vec::new();
        loop {
            let mut line = Vec::new();
            reader
                .by_ref()
                .take(4096)
                .read_until(b'\n', &mut line)
                .map_err(|e| PdbError::Damaged(e.to_string()))?;
            if line.last() != Some(&b'\n') || lines.len() > 16 {
                return Err(damaged("no header"));
            }
            line.pop();
            if line.is_empty() {
                break;
            }
            lines.push(String::from_utf8(line).map_err(|_| damaged("header not text"))?);
        }
        if let Some(version) = lines[0]
            .strip_prefix(MAGIC)
            .and_then(|rest| rest.trim().parse::<u32>().ok())
            .filter(|&v| v != FORMAT_VERSION)
        {
            return Err(PdbError::Outdated(version));
        }
        let sizes: Vec<usize> = partition
            .groups
            .iter()
            .map(|g| Ranking::new(goal.side(), g.len()).size())
            .collect();
        let mut tables = Vec::new();
        for &size in &sizes {
            let mut table = vec![0; size];
            reader
                .read_exact(&mut table)
                .map_err(|_| damaged("the tables are cut short"))?;
            tables.push(table);
        }
        if reader
            .read(&mut [0u8])
            .map_err(|e| PdbError::Damaged(e.to_string()))?
            != 0
        {
            return Err(damaged("the tables are too long"));
        }
        let read: Vec<&[u8]> = tables.iter().map(Vec::as_slice).collect();
        let expected =
            PatternDatabase::header(&goal, partition, sizes.iter().sum(), checksum(&read));
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
        Ok(PatternDatabase::assemble(goal, partition.clone(), tables))
    }

    /// The database cached under `dir` for this goal and partition, if it is there and sound.
    /// A file of the same database under its [`earlier_name`] is renamed first.
    pub fn cached(
        dir: &Path,
        goal: Board,
        partition: &Partition,
    ) -> Result<PatternDatabase, PdbError> {
        let path = dir.join(PatternDatabase::file_name(&goal, partition));
        let earlier = dir.join(earlier_name(&goal, partition));
        if !path.exists() && std::fs::symlink_metadata(&earlier).is_ok_and(|m| m.is_file()) {
            // A failed rename leaves the file where it was: the build saves a new one.
            let _ = std::fs::rename(&earlier, &path);
        }
        PatternDatabase::load(&path, goal, partition)
    }

    /// The cached database under `dir` if it is there and sound, else a new build (saved for
    /// next time; a cache that cannot be written is only a slower next start). A damaged or
    /// outdated file is removed and said so in the [`Source`].
    pub fn cached_or_build(
        dir: &Path,
        goal: Board,
        partition: Partition,
        progress: Progress<'_>,
    ) -> Result<(PatternDatabase, Source), PdbError> {
        let path = dir.join(PatternDatabase::file_name(&goal, &partition));
        cached_or_build_at(
            &path,
            || PatternDatabase::cached(dir, goal, &partition),
            || PatternDatabase::build(goal, partition.clone(), progress),
            PatternDatabase::save,
        )
    }
}

/// What names a database's file: its goal and partition.
fn name_key(goal: &Board, partition: &Partition) -> u64 {
    fnv1a(format!("{}-{}", goal.packed(), partition.describe()).as_bytes())
}

/// The name under which a database of a group of seven or eight tiles was cached in this
/// format before every database shared it (such as the 7-8 database, whose 576 MB take a
/// while to build again).
fn earlier_name(goal: &Board, partition: &Partition) -> String {
    format!(
        "pdb-regions-{}x{}-{:016x}.bin",
        goal.side(),
        goal.side(),
        name_key(goal, partition)
    )
}

/// A checksum of the tables read eight bytes at a time in four independent lanes, so that
/// half a gigabyte is checked at memory speed rather than a byte at a time. Each step is a
/// bijection of the lane's state, so a changed word always changes the sum of its lane.
fn checksum(tables: &[&[u8]]) -> u64 {
    const MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut lanes = [
        0x243f_6a88_85a3_08d3u64,
        0x1319_8a2e_0370_7344,
        0xa409_3822_299f_31d0,
        0x082e_fa98_ec4e_6c89,
    ];
    let mut tail = Vec::new();
    for table in tables {
        let mut blocks = table.chunks_exact(32);
        for block in &mut blocks {
            for (lane, word) in lanes.iter_mut().zip(block.chunks_exact(8)) {
                let word = u64::from_le_bytes(word.try_into().expect("8 bytes"));
                *lane = ((*lane ^ word).wrapping_mul(MULTIPLIER)).rotate_left(29);
            }
        }
        tail.extend_from_slice(blocks.remainder());
        tail.push(0xff);
    }
    lanes.iter().fold(fnv1a(&tail), |sum, &lane| {
        (sum ^ lane).wrapping_mul(MULTIPLIER)
    })
}

/// FNV-1a, 64 bits: enough to notice a damaged or truncated file.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
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
    /// Why the file at `path` was not read, if it was there: a damaged or outdated file is
    /// removed, so
    /// that it is neither read and checked again at every run nor left behind by a build
    /// that fails or is cancelled. `None` if the file was missing; other errors are not the
    /// file's.
    pub(in crate::domains::puzzle) fn of(
        path: &Path,
        why: PdbError,
    ) -> Result<Option<Refused>, PdbError> {
        let removed = match why {
            PdbError::Missing => return Ok(None),
            PdbError::Damaged(_) | PdbError::Outdated(_) => std::fs::remove_file(path).is_ok(),
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
fn cached_or_build_at<T>(
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
fn open_cache_file(path: &Path) -> Result<std::fs::File, PdbError> {
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
fn write_cache_file(path: &Path, header: &[String], tables: &[&[u8]]) -> std::io::Result<()> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::puzzle::pdb::tests::fifteen_small;

    fn keep_going(_: f64) -> bool {
        true
    }

    fn eight() -> (Board, PatternDatabase) {
        let goal: Board = "123804765".parse().unwrap();
        let db = PatternDatabase::build(goal, Partition::eight_44(), &mut keep_going).unwrap();
        (goal, db)
    }

    /// A new empty folder for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("searchlab-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_saved_database_loads_back_and_a_damaged_one_is_refused_removed_and_rebuilt() {
        // Groups kept by key and groups kept by rank are saved alike.
        for (goal, partition) in [
            ("123804765".parse().unwrap(), Partition::eight_44()),
            (Board::blank_last(4), fifteen_small()),
            (
                "123804765".parse().unwrap(),
                Partition {
                    groups: vec![(1..=7).collect(), vec![8]],
                },
            ),
        ] {
            let db = PatternDatabase::build(goal, partition.clone(), &mut keep_going).unwrap();
            let dir = scratch("pdb-file");
            let path = dir.join(PatternDatabase::file_name(&goal, &partition));
            db.save(&path).unwrap();
            assert_eq!(PatternDatabase::load(&path, goal, &partition).unwrap(), db);
            // Another goal or split is not this file.
            let other = Board::blank_first(goal.side());
            assert!(PatternDatabase::load(&path, other, &partition).is_err());
            let mut swapped = partition.clone();
            swapped.groups.swap(0, 1);
            assert!(PatternDatabase::load(&path, goal, &swapped).is_err());
            let sound = std::fs::read(&path).unwrap();
            // One flipped bit anywhere in the tables fails the checksum; a cut one is refused.
            for at in [sound.len() - 1, sound.len() - 1000, sound.len() / 2] {
                let mut bytes = sound.clone();
                bytes[at] ^= 4;
                std::fs::write(&path, &bytes).unwrap();
                assert!(
                    matches!(
                        PatternDatabase::load(&path, goal, &partition),
                        Err(PdbError::Damaged(_))
                    ),
                    "byte {at}"
                );
            }
            std::fs::write(&path, &sound[..sound.len() - 1]).unwrap();
            assert!(matches!(
                PatternDatabase::load(&path, goal, &partition),
                Err(PdbError::Damaged(_))
            ));
            // ... and the cache removes it, says so, and rebuilds it.
            let (again, source) =
                PatternDatabase::cached_or_build(&dir, goal, partition.clone(), &mut |_| {
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
                PatternDatabase::cached_or_build(&dir, goal, partition, &mut keep_going).unwrap();
            assert_eq!(source, Source::Cache);
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }

    #[test]
    fn a_file_of_an_earlier_format_is_removed_and_one_under_the_earlier_name_is_kept() {
        let (goal, db) = eight();
        let partition = Partition::eight_44();
        let dir = scratch("pdb-earlier");
        let path = dir.join(PatternDatabase::file_name(&goal, &partition));
        // The first format: the same tables under another header.
        std::fs::write(&path, "searchlab-pattern-database 1\nside 3\n\n").unwrap();
        assert_eq!(
            PatternDatabase::load(&path, goal, &partition),
            Err(PdbError::Outdated(1))
        );
        let (_, source) =
            PatternDatabase::cached_or_build(&dir, goal, partition.clone(), &mut keep_going)
                .unwrap();
        let Source::Built {
            refused: Some(refused),
            ..
        } = source
        else {
            panic!("{source:?}");
        };
        assert_eq!(
            (refused.why, refused.removed),
            (PdbError::Outdated(1), true)
        );
        // A file of this format under the name it had before is taken as it is.
        let earlier = dir.join(earlier_name(&goal, &partition));
        std::fs::rename(&path, &earlier).unwrap();
        let (loaded, source) =
            PatternDatabase::cached_or_build(&dir, goal, partition, &mut |_| panic!("built again"))
                .unwrap();
        assert_eq!((loaded, source), (db, Source::Cache));
        assert!(path.exists() && !earlier.exists());
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
}
