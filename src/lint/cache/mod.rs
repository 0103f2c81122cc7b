//! The cache of `caplint check`: what linting one profile or one skill
//! folder found, kept under the git directory and found again by the
//! content it was linted at.
//!
//! A pre-commit hook checks the index version of every file, and between
//! two commits almost none of them change; nor do most files between two
//! runs of `check` on the work tree. The cache lets a run skip the units
//! whose staged content it has linted before (a work-tree file counts as
//! its staged content while its stat data shows it unchanged since it was
//! staged, see [`super::pipeline`]):
//!
//! - a **profile** is found by its path and blob id;
//! - a **skill folder** by its path, the path, mode and blob id of every
//!   file in it, the agent entry files and the other folders of its name;
//!   its entry keeps what the lint asked of the repository outside the
//!   folder ([`crate::model::skill::folder::Probe`]) and is used only while the index answers the same;
//! - both under a **stamp**: the cache format, caplint's version and build,
//!   the configuration, the targets, the `--as-of` date and the mode
//!   (`--staged` or the work tree, each with its own file). A different
//!   stamp starts an empty cache.
//!
//! Only units linted from a work-tree copy that equals its staged content
//! are stored, and never one with a `security/*` finding (no credential's
//! surroundings are written anywhere, and the masking gate learns every
//! secret from the files themselves on each run).
//!
//! The new file is written to a temporary file next to it as the units are
//! linted (new entries as they are made, then those found again), and
//! renamed into place, so concurrent runs read either the old or the new
//! cache; a checksum guards against a torn or damaged file, which is then
//! ignored. No run holds the new entries in memory.
//! Anything that goes wrong with the cache (a read-only git directory, a
//! full disk) only makes the run lint everything, as without it.

use std::path::PathBuf;

mod entry;
pub use entry::Entry;
use entry::{decode_entry, Reader, Writer};

/// The cache file's first bytes.
const MAGIC: &[u8] = b"caplint cache\n";
/// Raised whenever the layout of the file or of an entry changes.
const FORMAT: u32 = 5;
/// The file of `check --staged`, in `<git dir>/caplint/` (the work tree's).
pub const STAGED_FILE: &str = "staged-cache";
/// The file of `check` on the work tree, beside it.
pub const CHECK_FILE: &str = "check-cache";
/// The history reviews of `check --staged` that found nothing, beside it.
pub const STAGED_REVIEWS_FILE: &str = "staged-reviews";
/// Those of `check` on the work tree.
pub const CHECK_REVIEWS_FILE: &str = "check-reviews";
/// The end of a file: the number of entries, their bytes' length and their
/// checksum.
const TRAILER: usize = 4 + 8 + 8;

/// A unit's key: a digest of what its findings depend on.
pub type Key = Vec<u8>;

/// The cache as read at the start of a run: the file's bytes, and where
/// each entry lies in them (entries are decoded when asked for); and the
/// next file, written as the run makes entries.
#[derive(Debug, Default)]
pub struct Cache {
    /// Where it is written back; `None` disables writing.
    path: Option<PathBuf>,
    stamp: Vec<u8>,
    bytes: Vec<u8>,
    /// (hash of the key, key, entry) as ranges of `bytes`, in file order.
    slots: Vec<(u64, std::ops::Range<usize>, std::ops::Range<usize>)>,
    /// Where each key's slot is, by the key's hash.
    table: hashbrown::HashTable<usize>,
    next: std::sync::Mutex<Next>,
}

/// The next file while it is written.
#[derive(Debug, Default)]
enum Next {
    /// No entry made yet.
    #[default]
    Unstarted,
    Writing(Sink),
    /// It could not be written: the old file stays.
    Failed,
}

/// A temporary file taking entries, with the trailer's figures so far.
#[derive(Debug)]
struct Sink {
    file: std::io::BufWriter<tempfile::NamedTempFile>,
    count: u32,
    size: u64,
    sum: u64,
}

impl Sink {
    /// A temporary file beside `path`, with the header for `stamp`.
    fn start(path: &std::path::Path, stamp: &[u8]) -> std::io::Result<Sink> {
        let dir = path
            .parent()
            .ok_or_else(|| std::io::Error::other("no folder"))?;
        std::fs::create_dir_all(dir)?;
        if linked(path) {
            return Err(std::io::Error::other("the cache folder is a link"));
        }
        let name = path
            .file_name()
            .map_or_else(|| "cache".into(), |n| n.to_string_lossy().into_owned());
        let tmp = tempfile::Builder::new()
            .prefix(&format!(".{name}-"))
            .tempfile_in(dir)?;
        let mut head = Writer::default();
        head.bytes.extend_from_slice(MAGIC);
        head.blob(stamp);
        let mut file = std::io::BufWriter::new(tmp);
        std::io::Write::write_all(&mut file, &head.bytes)?;
        Ok(Sink {
            file,
            count: 0,
            size: 0,
            sum: CHECKSUM_START,
        })
    }

    fn add(&mut self, key: &[u8], entry: &[u8]) -> std::io::Result<()> {
        let len = |b: &[u8]| u32::try_from(b.len()).unwrap_or(u32::MAX).to_le_bytes();
        for part in [&len(key)[..], key, &len(entry)[..], entry] {
            std::io::Write::write_all(&mut self.file, part)?;
            self.size += part.len() as u64;
            self.sum = checksum_more(self.sum, part);
        }
        self.count += 1;
        Ok(())
    }

    /// The trailer written, and the file renamed to `path`.
    fn finish(mut self, path: &std::path::Path) -> std::io::Result<()> {
        let mut trailer = Writer::default();
        trailer.u32(self.count);
        trailer.u64(self.size);
        trailer.u64(self.sum);
        std::io::Write::write_all(&mut self.file, &trailer.bytes)?;
        let tmp = self.file.into_inner().map_err(|e| e.into_error())?;
        tmp.persist(path).map_err(|e| e.error)?;
        Ok(())
    }
}

/// A unit found in the cache: its entry, and its number there (to keep it).
pub struct Hit {
    pub entry: Entry,
    pub slot: usize,
}

/// The cache's entries a run found again (the new ones go to
/// [`Cache::add`]).
#[derive(Default)]
pub struct Used {
    pub hits: Vec<usize>,
}

impl Used {
    pub fn extend(&mut self, other: Used) {
        self.hits.extend(other.hits);
    }
}

/// Whether the cache file at `path`, or its folder, is a symbolic link.
fn linked(path: &std::path::Path) -> bool {
    let is_link = |p: &std::path::Path| {
        std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink())
    };
    is_link(path) || path.parent().is_some_and(is_link)
}

fn key_hash(key: &[u8]) -> u64 {
    use std::hash::BuildHasher;
    foldhash::fast::FixedState::with_seed(0x5eed).hash_one(key)
}

impl Cache {
    /// Reads the cache at `path` made under `stamp`; an absent, damaged or
    /// differently stamped file gives an empty cache.
    pub fn load(path: PathBuf, stamp: Vec<u8>) -> Cache {
        // Only a file of the git directory's own is read: never one reached
        // through a link (which could lead into the work tree, where a
        // committed file could stand in for the cache).
        let bytes = if linked(&path) {
            Vec::new()
        } else {
            std::fs::read(&path).unwrap_or_default()
        };
        let slots = slots(&bytes, &stamp).unwrap_or_default();
        let mut table = hashbrown::HashTable::with_capacity(slots.len());
        for (i, (h, _, _)) in slots.iter().enumerate() {
            table.insert_unique(*h, i, |&j: &usize| slots[j].0);
        }
        Cache {
            path: Some(path),
            stamp,
            bytes: if slots.is_empty() { Vec::new() } else { bytes },
            slots,
            table,
            next: std::sync::Mutex::default(),
        }
    }

    /// Stores a new entry under `key` in the next file (written at once;
    /// from any thread).
    pub fn add(&self, key: &[u8], entry: &Entry) {
        let Some(path) = &self.path else { return };
        let mut w = Writer::default();
        w.entry(entry);
        let mut next = self.next.lock().unwrap_or_else(|p| p.into_inner());
        if matches!(*next, Next::Unstarted) {
            *next = match Sink::start(path, &self.stamp) {
                Ok(sink) => Next::Writing(sink),
                Err(_) => Next::Failed,
            };
        }
        if let Next::Writing(sink) = &mut *next {
            if sink.add(key, &w.bytes).is_err() {
                *next = Next::Failed;
            }
        }
    }

    /// The entry of `key`, if the cache holds one (and it reads back).
    pub fn get(&self, key: &[u8]) -> Option<Hit> {
        let h = key_hash(key);
        let &slot = self.table.find(h, |&i| {
            let (x, k, _) = &self.slots[i];
            *x == h && &self.bytes[k.clone()] == key
        })?;
        let entry = decode_entry(&mut Reader {
            bytes: &self.bytes[self.slots[slot].2.clone()],
        })?;
        Some(Hit { entry, slot })
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Puts the next file, with the entries this run found again after
    /// those it made, in place of the old one, unless it would hold exactly
    /// the old entries. Errors are ignored: the cache is only ever an
    /// optimisation.
    pub fn store(&self, mut used: Used) {
        let Some(path) = &self.path else { return };
        used.hits.sort_unstable();
        used.hits.dedup();
        let next = std::mem::take(&mut *self.next.lock().unwrap_or_else(|p| p.into_inner()));
        let mut sink = match next {
            Next::Failed => return,
            Next::Unstarted if used.hits.len() == self.slots.len() => return,
            Next::Unstarted => match Sink::start(path, &self.stamp) {
                Ok(sink) => sink,
                Err(_) => return,
            },
            Next::Writing(sink) => sink,
        };
        for (_, k, e) in used.hits.iter().filter_map(|&i| self.slots.get(i)) {
            if sink
                .add(&self.bytes[k.clone()], &self.bytes[e.clone()])
                .is_err()
            {
                return;
            }
        }
        let _ = sink.finish(path);
    }
}

/// The stamp of a run: everything besides a unit's content that its
/// findings depend on. `mode` names the run's kind (its file's name), and
/// `conversion` how blobs are written out to the work tree (see
/// [`crate::git::Repo::checkout_conversion`]).
pub fn stamp(
    settings: &crate::settings::Settings,
    prefix: &str,
    mode: &str,
    conversion: &[u8],
) -> Vec<u8> {
    let mut w = Writer::default();
    w.u32(FORMAT);
    w.str(mode);
    w.blob(conversion);
    w.str(env!("CARGO_PKG_VERSION"));
    // The build: a rebuilt caplint of the same version may judge otherwise.
    let build = std::env::current_exe()
        .and_then(std::fs::metadata)
        .map(|m| {
            let mtime = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{}:{mtime}", m.len())
        })
        .unwrap_or_default();
    w.str(&build);
    // The configuration's values (serialized, every field: a new one is in
    // the stamp without anyone remembering to add it).
    w.blob(&serde_json::to_vec(&settings.config).unwrap_or_default());
    w.str(&settings.as_of.to_string());
    w.str(prefix);
    w.str(
        &settings
            .root
            .canonicalize()
            .unwrap_or_default()
            .to_string_lossy(),
    );
    w.bytes
}

/// FNV-1a: enough to tell a torn or damaged file, which is all it is for.
const CHECKSUM_START: u64 = 0xcbf2_9ce4_8422_2325;

fn checksum_more(h: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Where each entry of a cache file lies, by its key's hash; `None` for a
/// file of another stamp, or one that is damaged.
#[allow(clippy::type_complexity)]
fn slots(
    bytes: &[u8],
    stamp: &[u8],
) -> Option<Vec<(u64, std::ops::Range<usize>, std::ops::Range<usize>)>> {
    let mut r = Reader {
        bytes: bytes.strip_prefix(MAGIC)?,
    };
    if r.blob()? != stamp {
        return None;
    }
    // The entries, then the trailer.
    let body_len = r.bytes.len().checked_sub(TRAILER)?;
    let mut trailer = Reader {
        bytes: &r.bytes[body_len..],
    };
    let count = trailer.u32()? as usize;
    let len = usize::try_from(trailer.u64()?).ok()?;
    let sum = trailer.u64()?;
    r.bytes = &r.bytes[..body_len];
    if body_len != len || checksum_more(CHECKSUM_START, r.bytes) != sum {
        return None;
    }
    let mut slots = Vec::with_capacity(count.min(r.bytes.len()));
    // Where the reader is in `bytes` (which end with the trailer).
    let offset = |r: &Reader<'_>| bytes.len() - TRAILER - r.bytes.len();
    for _ in 0..count {
        let n = r.u32()? as usize;
        let k = offset(&r)..offset(&r) + n;
        r.take(n)?;
        let n = r.u32()? as usize;
        let e = offset(&r)..offset(&r) + n;
        r.take(n)?;
        slots.push((key_hash(&bytes[k.clone()]), k, e));
    }
    if !r.bytes.is_empty() {
        return None;
    }
    Some(slots)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Label, Severity};
    use crate::model::skill::folder::Probe;
    use crate::rules::skill::context::SkillName;
    use crate::source::Span;

    fn sample() -> Vec<(Key, Entry)> {
        let mut d = Diagnostic::new(
            &crate::rules::profile::duplicate_agent_id::RULE,
            "a.profile.json",
            "message",
        );
        d.severity = Severity::Warning;
        d.span = Some(Span::new(3, 4));
        d.label = Some("label".into());
        d.labels.push(Label {
            path: Some("b.profile.json".into()),
            span: Span::new(1, 2),
            text: "other".into(),
        });
        d.help = Some("help".into());
        d.fix = Some(Box::new(Fix {
            message: "fix it".into(),
            applicability: Applicability::Unsafe,
            edits: vec![Edit {
                path: "a.profile.json".into(),
                range: 3..7,
                replacement: "x".into(),
            }],
            rename: Some(("a".into(), "b".into())),
        }));
        vec![
            (
                b"profile-key".to_vec(),
                Entry::Profile {
                    diagnostics: vec![d.clone()],
                    parsed: true,
                    agent_id: Some(("id".into(), Span::new(5, 2))),
                },
            ),
            (
                b"skill-key".to_vec(),
                Entry::Skill {
                    diagnostics: vec![d],
                    is_skill: true,
                    name: Some(SkillName {
                        path: "skills/x/SKILL.md".into(),
                        name: "x".into(),
                        span: Span::new(9, 1),
                        plugin: Some("plugins/x".into()),
                    }),
                    paths: vec!["skills/x/SKILL.md".into()],
                    probes: vec![
                        Probe::Exists("README.md".into(), true),
                        Probe::Dir("skills/.claude-plugin".into(), false),
                        Probe::File("skills/y/SKILL.md".into(), true),
                        Probe::Subdirs("skills".into(), vec!["skills/x".into(), "skills/y".into()]),
                    ],
                },
            ),
        ]
    }

    /// A cache written with `entries` (all new), and read back.
    fn written(dir: &std::path::Path, stamp: &[u8], entries: Vec<(Key, Entry)>) -> Cache {
        let path = dir.join("caplint").join(STAGED_FILE);
        let cache = Cache::load(path.clone(), stamp.to_vec());
        for (key, entry) in &entries {
            cache.add(key, entry);
        }
        cache.store(Used::default());
        Cache::load(path, stamp.to_vec())
    }

    #[test]
    fn entries_come_back_as_they_were_written() {
        let dir = tempfile::tempdir().unwrap();
        let cache = written(dir.path(), b"stamp", sample());
        assert_eq!(cache.len(), 2);
        for (key, entry) in &sample() {
            let hit = cache.get(key).expect("found");
            assert_eq!(format!("{:?}", hit.entry), format!("{entry:?}"));
        }
        assert!(cache.get(b"other-key").is_none());
    }

    #[cfg(unix)]
    #[test]
    fn a_cache_reached_through_a_link_is_neither_read_nor_written() {
        // A good cache, elsewhere (as a committed file in the work tree
        // would be), and the cache folder or file a link to it.
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = dir.path().join("work-tree");
        let _ = written(&elsewhere, b"stamp", sample());
        let real = elsewhere.join("caplint");
        for (link, target) in [
            (dir.path().join("git/caplint"), real.clone()),
            (
                dir.path().join("git2/caplint").join(STAGED_FILE),
                real.join(STAGED_FILE),
            ),
        ] {
            std::fs::create_dir_all(link.parent().unwrap()).unwrap();
            std::os::unix::fs::symlink(&target, &link).unwrap();
            let path = if link.ends_with(STAGED_FILE) {
                link.clone()
            } else {
                link.join(STAGED_FILE)
            };
            let cache = Cache::load(path, b"stamp".to_vec());
            assert_eq!(cache.len(), 0, "{}", link.display());
        }
        // Not written through the link either.
        let before = std::fs::read(real.join(STAGED_FILE)).unwrap();
        let cache = Cache::load(
            dir.path().join("git/caplint").join(STAGED_FILE),
            b"other".to_vec(),
        );
        cache.add(b"k", &sample()[0].1);
        cache.store(Used::default());
        assert_eq!(std::fs::read(real.join(STAGED_FILE)).unwrap(), before);
    }

    #[test]
    fn another_stamp_a_torn_file_or_a_flipped_byte_reads_as_empty() {
        let dir = tempfile::tempdir().unwrap();
        written(dir.path(), b"stamp", sample());
        let path = dir.path().join("caplint").join(STAGED_FILE);
        let bytes = std::fs::read(&path).unwrap();
        assert!(slots(&bytes, b"stamp").is_some());
        assert!(slots(&bytes, b"other").is_none());
        for cut in [0, 10, bytes.len() / 2, bytes.len() - 1] {
            assert!(slots(&bytes[..cut], b"stamp").is_none(), "cut at {cut}");
        }
        let mut flipped = bytes.clone();
        let last = flipped.len() - 3;
        flipped[last] ^= 0x20;
        assert!(slots(&flipped, b"stamp").is_none());
        std::fs::write(&path, &flipped).unwrap();
        assert!(Cache::load(path, b"stamp".to_vec()).is_empty());
    }

    #[test]
    fn a_credential_finding_is_never_stored() {
        let d = Diagnostic::new(
            &crate::rules::security::secret_value::RULE,
            "a.profile.json",
            "a secret",
        );
        let entry = Entry::Profile {
            diagnostics: vec![d],
            parsed: true,
            agent_id: None,
        };
        assert!(!entry.storable());
        assert!(sample().iter().all(|(_, e)| e.storable()));
    }

    #[test]
    fn the_same_entries_are_not_written_again_and_others_are() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("caplint").join(STAGED_FILE);
        let cache = written(dir.path(), b"stamp", sample());
        let written_at = std::fs::metadata(&path).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        // Every entry found again, nothing new: the file stays.
        cache.store(Used {
            hits: vec![0, 1, 1],
        });
        assert_eq!(
            std::fs::metadata(&path).unwrap().modified().unwrap(),
            written_at
        );
        // One found again: the other is dropped, the found one kept as it was.
        let cache = Cache::load(path.clone(), b"stamp".to_vec());
        let kept = cache.get(b"skill-key").unwrap();
        cache.store(Used {
            hits: vec![kept.slot],
        });
        let cache = Cache::load(path.clone(), b"stamp".to_vec());
        assert_eq!(cache.len(), 1);
        assert!(cache.get(b"skill-key").is_some());
        // One found again and one made: both kept.
        let kept = cache.get(b"skill-key").unwrap();
        cache.add(b"profile-key", &sample()[0].1);
        cache.store(Used {
            hits: vec![kept.slot],
        });
        let cache = Cache::load(path.clone(), b"stamp".to_vec());
        assert_eq!(cache.len(), 2);
        assert!(cache.get(b"profile-key").is_some());
        // Another stamp: nothing.
        assert!(Cache::load(path, b"other".to_vec()).is_empty());
    }
}
