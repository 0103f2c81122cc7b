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

use std::io::Write;
use std::path::PathBuf;

use serde::Serialize;

mod entry;
pub use entry::Entry;
use entry::{decode_entry, encode_entry};

/// The cache file's first bytes. After them, in postcard's encoding: the
/// stamp, then each entry as two byte strings (its key, its bytes), each a
/// varint length and the bytes; then the trailer.
const MAGIC: &[u8] = b"caplint cache\n";
/// Raised whenever the layout of the file or of an entry changes (it is
/// the stamp's first field). 6: entries encoded with serde and postcard, a
/// CRC-32 in the trailer.
const FORMAT: u32 = 6;
/// The file of `check --staged`, in `<git dir>/caplint/` (the work tree's).
pub const STAGED_FILE: &str = "staged-cache";
/// The file of `check` on the work tree, beside it.
pub const CHECK_FILE: &str = "check-cache";
/// The history reviews of `check --staged` that found nothing, beside it.
pub const STAGED_REVIEWS_FILE: &str = "staged-reviews";
/// Those of `check` on the work tree.
pub const CHECK_REVIEWS_FILE: &str = "check-reviews";
/// The end of a file, of a fixed size so that it is found from the end
/// (little-endian, not postcard's varints): the number of entries, their
/// bytes' length and their CRC-32.
const TRAILER: usize = 4 + 8 + 4;

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
    file: Summed<std::io::BufWriter<tempfile::NamedTempFile>>,
    count: u32,
}

/// A writer that counts and checksums what goes through it.
struct Summed<W> {
    inner: W,
    size: u64,
    sum: crc32fast::Hasher,
}

impl<W> std::fmt::Debug for Summed<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Summed").field("size", &self.size).finish()
    }
}

impl<W: Write> Write for Summed<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.sum.update(&buf[..n]);
        self.size += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// A byte string in postcard's encoding: a varint length, then the bytes
/// (serde's own `[u8]` would be a sequence of numbers). Read back as a
/// `&[u8]`.
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

/// The byte string at the start of `bytes`, and the bytes after it.
fn take_bytes(bytes: &[u8]) -> Option<(&[u8], &[u8])> {
    postcard::take_from_bytes::<&[u8]>(bytes).ok()
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
        let mut file = std::io::BufWriter::new(tmp);
        file.write_all(MAGIC)?;
        postcard::to_io(&Bytes(stamp), &mut file).map_err(std::io::Error::other)?;
        Ok(Sink {
            file: Summed {
                inner: file,
                size: 0,
                sum: crc32fast::Hasher::new(),
            },
            count: 0,
        })
    }

    fn add(&mut self, key: &[u8], entry: &[u8]) -> std::io::Result<()> {
        postcard::to_io(&(Bytes(key), Bytes(entry)), &mut self.file)
            .map_err(std::io::Error::other)?;
        self.count += 1;
        Ok(())
    }

    /// The trailer written, and the file renamed to `path`.
    fn finish(self, path: &std::path::Path) -> std::io::Result<()> {
        let Summed {
            inner: mut file,
            size,
            sum,
        } = self.file;
        file.write_all(&self.count.to_le_bytes())?;
        file.write_all(&size.to_le_bytes())?;
        file.write_all(&sum.finalize().to_le_bytes())?;
        let tmp = file.into_inner().map_err(|e| e.into_error())?;
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
        let Some(bytes) = encode_entry(entry) else {
            return;
        };
        let mut next = self.next.lock().unwrap_or_else(|p| p.into_inner());
        if matches!(*next, Next::Unstarted) {
            *next = match Sink::start(path, &self.stamp) {
                Ok(sink) => Next::Writing(sink),
                Err(_) => Next::Failed,
            };
        }
        if let Next::Writing(sink) = &mut *next {
            if sink.add(key, &bytes).is_err() {
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
        let entry = decode_entry(&self.bytes[self.slots[slot].2.clone()])?;
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
    /// The stamp's fields, in postcard's encoding.
    #[derive(Serialize)]
    struct Stamp<'a> {
        format: u32,
        mode: &'a str,
        conversion: Bytes<'a>,
        version: &'a str,
        build: String,
        config: Bytes<'a>,
        as_of: String,
        prefix: &'a str,
        root: String,
    }
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
    // The configuration's values (serialized, every field: a new one is in
    // the stamp without anyone remembering to add it).
    let config = serde_json::to_vec(&settings.config).unwrap_or_default();
    postcard::to_stdvec(&Stamp {
        format: FORMAT,
        mode,
        conversion: Bytes(conversion),
        version: env!("CARGO_PKG_VERSION"),
        build,
        config: Bytes(&config),
        as_of: settings.as_of.to_string(),
        prefix,
        root: settings
            .root
            .canonicalize()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned(),
    })
    // Strings and byte strings into a `Vec`: nothing that can fail (and an
    // empty stamp would be shared by every run).
    .expect("a stamp encodes")
}

/// Where each entry of a cache file lies, by its key's hash; `None` for a
/// file of another stamp, or one that is damaged.
#[allow(clippy::type_complexity)]
fn slots(
    bytes: &[u8],
    stamp: &[u8],
) -> Option<Vec<(u64, std::ops::Range<usize>, std::ops::Range<usize>)>> {
    let (found, rest) = take_bytes(bytes.strip_prefix(MAGIC)?)?;
    if found != stamp {
        return None;
    }
    // The entries, then the trailer.
    let body_len = rest.len().checked_sub(TRAILER)?;
    let (mut body, trailer) = rest.split_at(body_len);
    let (count, trailer) = trailer.split_at(4);
    let (len, sum) = trailer.split_at(8);
    let count = u32::from_le_bytes(count.try_into().ok()?) as usize;
    let len = u64::from_le_bytes(len.try_into().ok()?);
    let sum = u32::from_le_bytes(sum.try_into().ok()?);
    if body_len as u64 != len || crc32fast::hash(body) != sum {
        return None;
    }
    let mut slots = Vec::with_capacity(count.min(body.len()));
    // Where the bytes after `rest` begin in `bytes` (which end with the
    // trailer).
    let at = |rest: &[u8]| bytes.len() - TRAILER - rest.len();
    for _ in 0..count {
        let (key, rest) = take_bytes(body)?;
        let k = at(rest) - key.len()..at(rest);
        let (entry, rest) = take_bytes(rest)?;
        let e = at(rest) - entry.len()..at(rest);
        body = rest;
        slots.push((key_hash(key), k, e));
    }
    if !body.is_empty() {
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
    fn an_entry_naming_a_rule_this_build_does_not_know_reads_as_a_miss() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("caplint").join(STAGED_FILE);
        let (key, entry) = &sample()[0];
        let good = encode_entry(entry).unwrap();
        // The rule's id, for one of the same length that names no rule.
        let id = entry.diagnostics()[0].rule.id.as_bytes();
        let at = good.windows(id.len()).position(|w| w == id).unwrap();
        let mut bad = good.clone();
        bad[at..at + id.len()].fill(b'x');
        let mut sink = Sink::start(&path, b"stamp").unwrap();
        sink.add(b"bad-key", &bad).unwrap();
        sink.add(key, &good).unwrap();
        sink.finish(&path).unwrap();
        let cache = Cache::load(path, b"stamp".to_vec());
        assert_eq!(cache.len(), 2);
        assert!(cache.get(b"bad-key").is_none());
        assert!(cache.get(key).is_some());
    }

    #[test]
    fn an_entry_cut_short_or_followed_by_more_bytes_does_not_decode() {
        for (_, entry) in sample() {
            let bytes = encode_entry(&entry).unwrap();
            assert!(decode_entry(&bytes).is_some());
            for cut in 0..bytes.len() {
                assert!(decode_entry(&bytes[..cut]).is_none(), "cut at {cut}");
            }
            let mut longer = bytes;
            longer.push(0);
            assert!(decode_entry(&longer).is_none());
        }
    }

    #[test]
    fn a_file_of_the_previous_format_reads_as_empty() {
        // The layout of format 5: the magic, a length-prefixed stamp whose
        // first field is the format, length-prefixed entries, a trailer.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("caplint").join(STAGED_FILE);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let mut old = MAGIC.to_vec();
        old.extend_from_slice(&9u32.to_le_bytes());
        old.extend_from_slice(&5u32.to_le_bytes());
        old.extend_from_slice(b"stamp");
        old.extend_from_slice(&[0; 20]);
        std::fs::write(&path, &old).unwrap();
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
