//! The index (staging area), copied into a small sorted table: path → blob
//! id, with the stat data that tells whether a work-tree file still matches
//! its entry without reading it.

use super::ObjectId;
use gix::index::entry::{stat, Flags, Mode, Stage, Stat};
use std::path::Path;

#[derive(Debug, Clone)]
pub struct IndexEntry {
    pub id: ObjectId,
    pub link: bool,
    /// Executable (mode 100755).
    pub exec: bool,
    /// Outside a sparse checkout, or marked skip-worktree: git takes the
    /// entry as it is and never looks at the work tree for it.
    pub skip: bool,
    /// Added with `git add -N`: tracked, but with no content staged (the id
    /// is the empty blob's, and the next commit holds nothing for it).
    pub intent: bool,
    stat: Stat,
    /// The entry's stat data was recorded too close to the index's own
    /// write time to be trusted (git's "racily clean" case).
    racy: bool,
}

/// A gitlink of the index (a submodule, mode 160000): the commit it
/// records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gitlink {
    pub id: ObjectId,
    /// Skip-worktree, or outside a sparse checkout: git never looks at
    /// the work tree for it.
    pub skip: bool,
}

/// What a path of the index is ([`Index::kind_of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexKind {
    File,
    Link,
    Dir,
}

/// Unconflicted file entries of an index, sorted by git path.
#[derive(Debug, Clone, Default)]
pub struct Index {
    entries: Vec<(String, IndexEntry)>,
    /// Unconflicted gitlinks, sorted by git path: kept apart from the
    /// files, since they name no blob to read.
    gitlinks: Vec<(String, Gitlink)>,
    /// Where each path's entry is in `entries`, by a hash of the path
    /// (a lookup costs one probe where a binary search over tens of
    /// thousands of paths with long common prefixes costs sixteen).
    positions: crate::positions::Positions,
    /// Paths with unmerged entries (a conflict), sorted, each once.
    conflicts: Vec<String>,
    /// Folders a sparse index keeps as one entry: (git path, tree id).
    pub(super) sparse_dirs: Vec<(String, ObjectId)>,
    /// Folders (git paths, `""` for the root) whose tree id the index's
    /// cache-tree records as up to date with their entries.
    trees: foldhash::HashMap<String, ObjectId>,
}

fn entry_path(entry: &(String, IndexEntry)) -> &str {
    &entry.0
}

/// A git path as the `String` caplint keeps, remembering the real bytes of
/// one that is not UTF-8 so the work-tree file can still be opened.
fn lossy_path(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => {
            let lossy = String::from_utf8_lossy(bytes).into_owned();
            crate::source::remember_raw(&lossy, bytes);
            lossy
        }
    }
}

impl Index {
    pub(super) fn new(file: &gix::index::File) -> Index {
        let timestamp = file.timestamp();
        // Sized at once: grown by doubling, the table held up to twice
        // its entries (14 MB for 60,000).
        let mut entries: Vec<(String, IndexEntry)> = Vec::with_capacity(file.entries().len());
        entries.extend(
            file.entries()
                .iter()
                .filter(|e| e.stage() == Stage::Unconflicted)
                .filter(|e| matches!(e.mode, Mode::FILE | Mode::FILE_EXECUTABLE | Mode::SYMLINK))
                .map(|e| {
                    (
                        lossy_path(e.path(file)),
                        IndexEntry {
                            id: e.id,
                            link: e.mode == Mode::SYMLINK,
                            exec: e.mode == Mode::FILE_EXECUTABLE,
                            skip: e.flags.contains(Flags::SKIP_WORKTREE),
                            intent: e.flags.contains(Flags::INTENT_TO_ADD),
                            stat: e.stat,
                            racy: e.stat.is_racy(timestamp, stat::Options::default()),
                        },
                    )
                }),
        );
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        let mut gitlinks: Vec<(String, Gitlink)> = file
            .entries()
            .iter()
            .filter(|e| e.stage() == Stage::Unconflicted && e.mode == Mode::COMMIT)
            .map(|e| {
                let skip = e.flags.contains(Flags::SKIP_WORKTREE);
                (lossy_path(e.path(file)), Gitlink { id: e.id, skip })
            })
            .collect();
        gitlinks.sort_by(|a, b| a.0.cmp(&b.0));
        let mut conflicts: Vec<String> = file
            .entries()
            .iter()
            .filter(|e| e.stage() != Stage::Unconflicted)
            .map(|e| String::from_utf8_lossy(e.path(file)).into_owned())
            .collect();
        conflicts.sort();
        conflicts.dedup();
        let sparse_dirs = file
            .entries()
            .iter()
            .filter(|e| e.stage() == Stage::Unconflicted && e.mode == Mode::DIR)
            .map(|e| {
                let path = String::from_utf8_lossy(e.path(file));
                (path.trim_end_matches('/').to_string(), e.id)
            })
            .collect();
        let mut trees = foldhash::HashMap::default();
        // A sparse index leaves folders out as single entries, and a conflict
        // has no tree: then no folder's files can be taken from the entries.
        let whole = file
            .entries()
            .iter()
            .all(|e| e.stage() == Stage::Unconflicted && e.mode != Mode::DIR);
        if let (true, Some(root)) = (whole, file.tree()) {
            let mut stack = vec![(root, String::new())];
            while let Some((node, path)) = stack.pop() {
                for child in &node.children {
                    let name = String::from_utf8_lossy(&child.name);
                    let child_path = if path.is_empty() {
                        name.into_owned()
                    } else {
                        format!("{path}/{name}")
                    };
                    stack.push((child, child_path));
                }
                // A folder changed since the tree was written has no count.
                if node.num_entries.is_some() {
                    trees.insert(path, node.id);
                }
            }
        }
        let mut index = Index {
            entries,
            gitlinks,
            positions: crate::positions::Positions::default(),
            conflicts,
            sparse_dirs,
            trees,
        };
        index.place();
        index
    }

    /// Fills [`Index::positions`] from the (sorted) entries.
    fn place(&mut self) {
        self.positions = crate::positions::Positions::of(&self.entries, entry_path);
    }

    /// Adds the files of a sparse index's folder entries (read from their
    /// trees), as skip-worktree entries, and their gitlinks.
    pub(super) fn add_sparse(
        &mut self,
        files: Vec<(String, ObjectId, bool, bool)>,
        gitlinks: Vec<(String, ObjectId)>,
    ) {
        if !gitlinks.is_empty() {
            let skip = |(path, id)| (path, Gitlink { id, skip: true });
            self.gitlinks.extend(gitlinks.into_iter().map(skip));
            self.gitlinks.sort_by(|a, b| a.0.cmp(&b.0));
        }
        if files.is_empty() {
            return;
        }
        self.entries
            .extend(files.into_iter().map(|(path, id, link, exec)| {
                (
                    path,
                    IndexEntry {
                        id,
                        link,
                        exec,
                        skip: true,
                        intent: false,
                        stat: Stat::default(),
                        racy: true,
                    },
                )
            }));
        self.entries.sort_by(|a, b| a.0.cmp(&b.0));
        self.place();
    }

    /// Paths with unmerged entries (a conflict not yet resolved).
    pub fn conflicts(&self) -> &[String] {
        &self.conflicts
    }

    /// The entries below the folder `dir` (a git path) when the index's
    /// cache-tree records the folder as the tree `id`: then they are that
    /// tree's files (its submodules are [`Index::gitlinks_under`] it), and
    /// no tree needs to be read.
    pub fn files_of_tree<'a>(
        &'a self,
        dir: &str,
        id: ObjectId,
    ) -> Option<impl Iterator<Item = (&'a str, &'a IndexEntry)>> {
        // An intent-to-add entry is no part of any tree.
        self.records_tree(dir, id)
            .then(|| self.under(dir).filter(|(_, e)| !e.intent))
    }

    /// Whether the index's cache-tree records the folder `dir` (a git
    /// path) as the tree `id`.
    pub fn records_tree(&self, dir: &str, id: ObjectId) -> bool {
        self.trees.get(dir) == Some(&id)
    }

    pub fn get(&self, path: &str) -> Option<&IndexEntry> {
        self.positions
            .find(&self.entries, entry_path, path)
            .map(|i| &self.entries[i].1)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &IndexEntry)> {
        self.entries.iter().map(|(p, e)| (p.as_str(), e))
    }

    /// Entries outside the folders `dirs` (git paths, sorted; `""` is
    /// everything), skipping each folder's entries at once.
    pub fn outside<'a>(
        &'a self,
        dirs: &[String],
    ) -> impl Iterator<Item = (&'a str, &'a IndexEntry)> {
        // The ranges of entries below each folder, in order.
        let mut cut: Vec<(usize, usize)> = dirs
            .iter()
            .map(|dir| {
                if dir.is_empty() {
                    return (0, self.entries.len());
                }
                let prefix = format!("{dir}/");
                let start = self
                    .entries
                    .partition_point(|(p, _)| p.as_str() < prefix.as_str());
                let len = self.entries[start..]
                    .iter()
                    .take_while(|(p, _)| p.starts_with(&prefix))
                    .count();
                (start, start + len)
            })
            .collect();
        cut.sort_unstable();
        let mut kept = Vec::new();
        let mut at = 0;
        for (start, end) in cut {
            if start > at {
                kept.push(at..start);
            }
            at = at.max(end);
        }
        kept.push(at..self.entries.len());
        kept.into_iter()
            .flat_map(move |r| self.entries[r].iter().map(|(p, e)| (p.as_str(), e)))
    }

    /// The gitlinks under the folder `dir` (a git path; `""` is everything).
    pub fn gitlinks_under<'a>(&'a self, dir: &str) -> impl Iterator<Item = (&'a str, Gitlink)> {
        let prefix = if dir.is_empty() {
            String::new()
        } else {
            format!("{dir}/")
        };
        let start = self
            .gitlinks
            .partition_point(|(p, _)| p.as_str() < prefix.as_str());
        self.gitlinks[start..]
            .iter()
            .take_while(move |(p, _)| p.starts_with(&prefix))
            .map(|(p, g)| (p.as_str(), *g))
    }

    /// What the index holds at the git path `path`: a file, a link, or a
    /// folder of staged files. Entries added with intent (no content
    /// staged) do not count.
    pub fn kind_of(&self, path: &str) -> Option<IndexKind> {
        let path = path.trim_end_matches('/');
        if let Some(e) = self.get(path) {
            return (!e.intent).then_some(if e.link {
                IndexKind::Link
            } else {
                IndexKind::File
            });
        }
        (path.is_empty() || self.under(path).any(|(_, e)| !e.intent)).then_some(IndexKind::Dir)
    }

    /// The names directly inside the folder `dir` (git path), each once, in
    /// order, with whether it is a folder; entries added with intent left
    /// out.
    pub fn children(&self, dir: &str) -> Vec<(&str, bool)> {
        let dir = dir.trim_end_matches('/');
        let mut out: Vec<(&str, bool)> = self
            .under(dir)
            .filter(|(_, e)| !e.intent)
            .filter_map(|(p, _)| {
                let rest = if dir.is_empty() {
                    p
                } else {
                    p.strip_prefix(dir)?.strip_prefix('/')?
                };
                Some(match rest.split_once('/') {
                    Some((name, _)) => (name, true),
                    None => (rest, false),
                })
            })
            .collect();
        out.dedup();
        out
    }

    /// Entries under the folder `dir` (a git path; `""` is everything).
    pub fn under<'a>(&'a self, dir: &str) -> impl Iterator<Item = (&'a str, &'a IndexEntry)> {
        let prefix = if dir.is_empty() {
            String::new()
        } else {
            format!("{dir}/")
        };
        let start = self
            .entries
            .partition_point(|(p, _)| p.as_str() < prefix.as_str());
        self.entries[start..]
            .iter()
            .take_while(move |(p, _)| p.starts_with(&prefix))
            .map(|(p, e)| (p.as_str(), e))
    }
}

/// A tracked path as found on disk (see [`IndexEntry::look`]).
#[derive(Debug, Clone, Copy)]
pub struct Look {
    /// Certainly unchanged since staged, by its stat data.
    pub unchanged: bool,
    pub file: bool,
    pub link: bool,
    /// The owner, group or others may run it.
    pub exec: bool,
}

impl IndexEntry {
    /// The file at `abs` (not followed if a link), with one `lstat`; `None`
    /// when there is nothing there.
    pub fn look(&self, abs: &Path) -> Option<Look> {
        let meta = gix::index::fs::Metadata::from_path_no_follow(abs).ok()?;
        let unchanged = Stat::from_fs(&meta)
            .ok()
            .is_some_and(|now| self.matches_stat(&FileStat(now)));
        Some(Look {
            unchanged,
            file: meta.is_file(),
            link: meta.is_symlink(),
            exec: meta.is_executable(),
        })
    }

    /// Whether the file at `abs` is certainly unchanged since it was staged,
    /// judged from its stat data alone.
    pub fn matches_file(&self, abs: &Path) -> bool {
        gix::index::fs::Metadata::from_path_no_follow(abs)
            .ok()
            .and_then(|meta| Stat::from_fs(&meta).ok())
            .is_some_and(|now| self.matches_stat(&FileStat(now)))
    }

    /// Whether a file with this stat data is certainly unchanged since it
    /// was staged (never for a racily clean entry).
    pub fn matches_stat(&self, now: &FileStat) -> bool {
        !self.racy && self.stat.matches(&now.0, stat::Options::default())
    }
}

/// A file's stat data as the index records it, taken when the file was read.
#[derive(Debug, Clone, Copy)]
pub struct FileStat(Stat);

impl FileStat {
    /// The stat data of an open file, and its size.
    pub fn of(file: &std::fs::File) -> Option<(FileStat, u64)> {
        let meta = gix::index::fs::Metadata::from_file(file).ok()?;
        let len = meta.len();
        Stat::from_fs(&meta).ok().map(|s| (FileStat(s), len))
    }

    /// The stat data of the file at `abs` (a link's own, not its target's).
    pub fn of_path(abs: &Path) -> Option<FileStat> {
        let meta = gix::index::fs::Metadata::from_path_no_follow(abs).ok()?;
        Stat::from_fs(&meta).ok().map(FileStat)
    }
}
