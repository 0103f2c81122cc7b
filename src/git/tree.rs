//! Trees: decoded once and cached by id, looked up by path, listed, and
//! compared with a diff that only descends into subtrees whose ids differ.

use super::{git_err, Index, IndexEntry, ObjectId, Repo};
use crate::error::Fatal;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Cached trees are dropped once this many are held (memory stays bounded
/// on very long histories; the cache only saves decoding time).
const TREE_CACHE_LIMIT: usize = 200_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    Tree,
    Blob,
    /// A symbolic link (its blob is the link target).
    Link,
    /// A submodule.
    Commit,
}

/// One entry of a tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub id: ObjectId,
    pub kind: EntryKind,
    /// An executable file (mode 100755).
    pub exec: bool,
}

/// A file of a listing: its blob id, and whether it is executable (git
/// stores the mode beside the blob: `chmod +x` is a change).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileId {
    pub id: ObjectId,
    pub exec: bool,
    /// A symbolic link (its blob is the link's target path).
    pub link: bool,
    /// A submodule (a gitlink): `id` is the commit it points at, no blob.
    pub submodule: bool,
}

impl FileId {
    /// The file an index entry stages.
    pub fn of_entry(e: &IndexEntry) -> FileId {
        FileId {
            id: e.id,
            exec: e.exec,
            link: e.link,
            submodule: false,
        }
    }

    /// A submodule at the commit `id`.
    pub fn gitlink(id: ObjectId) -> FileId {
        FileId {
            id,
            exec: false,
            link: false,
            submodule: true,
        }
    }
}

/// A file that differs between two trees; `None` where it is absent. A
/// gitlink that differs (a submodule moved, added or removed) is a change
/// of its own with `submodule` set, whose ids are commits, not blobs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileChange {
    pub path: String,
    pub old: Option<ObjectId>,
    pub new: Option<ObjectId>,
    pub submodule: bool,
}

fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

/// Which folders [`Repo::list_files`] looks into, and which files it keeps.
struct Filter<'f> {
    descend: &'f dyn Fn(&str) -> bool,
    keep: &'f dyn Fn(&str) -> bool,
}

impl Repo {
    /// A tree's entries (cached), sorted by name.
    pub fn tree(&self, id: ObjectId) -> Result<Rc<[Entry]>, Fatal> {
        if let Some(t) = self.trees.borrow().get(&id) {
            return Ok(t.clone());
        }
        let tree = self
            .repo
            .find_tree(id)
            .map_err(|e| self.object_err(id, "tree", e))?;
        let decoded = tree
            .decode()
            .map_err(|e| git_err(format!("cannot decode tree {id}"), e))?;
        let mut entries: Vec<Entry> = decoded
            .entries
            .iter()
            .map(|e| Entry {
                name: String::from_utf8_lossy(e.filename).into_owned(),
                id: e.oid.to_owned(),
                kind: if e.mode.is_tree() {
                    EntryKind::Tree
                } else if e.mode.is_link() {
                    EntryKind::Link
                } else if e.mode.is_commit() {
                    EntryKind::Commit
                } else {
                    EntryKind::Blob
                },
                exec: e.mode.is_executable(),
            })
            .collect();
        // Git orders a folder as if its name ended in `/`; by plain name
        // here, for lookups by name (stable: a repeated name keeps its order).
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        let entries: Rc<[Entry]> = entries.into();
        let mut cache = self.trees.borrow_mut();
        if cache.len() >= TREE_CACHE_LIMIT {
            cache.clear();
        }
        cache.insert(id, entries.clone());
        Ok(entries)
    }

    /// The entry at `path` (a git path) in `tree`, if any. The empty path is
    /// the tree itself.
    pub fn entry_at(&self, tree: ObjectId, path: &str) -> Result<Option<Entry>, Fatal> {
        let mut current = Entry {
            name: String::new(),
            id: tree,
            kind: EntryKind::Tree,
            exec: false,
        };
        for part in path.split('/').filter(|p| !p.is_empty()) {
            if current.kind != EntryKind::Tree {
                return Ok(None);
            }
            let entries = self.tree(current.id)?;
            // Cached entries are sorted by name: a binary search, not a scan
            // (a folder of thousands of skills is looked into for each one).
            let i = entries.partition_point(|e| e.name.as_str() < part);
            match entries.get(i).filter(|e| e.name == part) {
                Some(e) => current = e.clone(),
                None => return Ok(None),
            }
        }
        Ok(Some(current))
    }

    /// The blob id of the file at `path`, if it is a regular file or link.
    pub fn file_at(&self, tree: ObjectId, path: &str) -> Result<Option<ObjectId>, Fatal> {
        Ok(self
            .entry_at(tree, path)?
            .filter(|e| matches!(e.kind, EntryKind::Blob | EntryKind::Link))
            .map(|e| e.id))
    }

    /// Every file under `dir` (recursively), keyed by its path relative to
    /// `dir`. `descend` decides, per folder path (a git path), whether to look
    /// inside; `keep` decides per file path. With `index`, folders whose tree
    /// its cache-tree records are listed from its entries instead of read;
    /// with `same` as well, they are left out, and their git paths go there
    /// (their files are staged as they are in `tree`). Gitlinks are no
    /// files: they are left out.
    pub fn list_files(
        &self,
        tree: ObjectId,
        dir: &str,
        descend: &dyn Fn(&str) -> bool,
        keep: &dyn Fn(&str) -> bool,
        index: Option<&Index>,
        same: Option<&mut Vec<String>>,
    ) -> Result<BTreeMap<String, FileId>, Fatal> {
        let filter = Filter { descend, keep };
        self.list(tree, dir, &filter, index, same, false)
    }

    /// Everything a folder's tree holds (recursively), keyed by its path
    /// relative to `dir`: its files, and its submodules by the commit each
    /// points at ([`FileId::submodule`]). With `index`, as in
    /// [`Repo::list_files`].
    pub fn list_folder(
        &self,
        tree: ObjectId,
        dir: &str,
        index: Option<&Index>,
    ) -> Result<BTreeMap<String, FileId>, Fatal> {
        let filter = Filter {
            descend: &|_| true,
            keep: &|_| true,
        };
        self.list(tree, dir, &filter, index, None, true)
    }

    fn list(
        &self,
        tree: ObjectId,
        dir: &str,
        filter: &Filter<'_>,
        index: Option<&Index>,
        same: Option<&mut Vec<String>>,
        gitlinks: bool,
    ) -> Result<BTreeMap<String, FileId>, Fatal> {
        let (descend, keep) = (filter.descend, filter.keep);
        let same = std::cell::RefCell::new(same);
        let mut out = BTreeMap::new();
        let Some(start) = self.entry_at(tree, dir)? else {
            return Ok(out);
        };
        if start.kind != EntryKind::Tree {
            return Ok(out);
        }
        // A folder whose tree the index records unchanged: its files are the
        // index's entries below it, and no tree below it is read.
        let from_index = |full: &str, id: ObjectId, out: &mut BTreeMap<String, FileId>| {
            let Some(files) = index.and_then(|ix| ix.files_of_tree(full, id)) else {
                return false;
            };
            if let Some(same) = same.borrow_mut().as_mut() {
                // A kept link shows a file that may lie outside the folder
                // and change while the folder does not: such a folder is
                // listed, not held as the tree's.
                let links = index
                    .and_then(|ix| ix.files_of_tree(full, id))
                    .is_some_and(|mut f| f.any(|(path, e)| e.link && keep(path)));
                if !links {
                    same.push(full.to_string());
                    return true;
                }
            }
            for (path, entry) in files {
                // Kept, and inside the folders between `full` and the file as
                // the walk would have been allowed into them.
                let inside = || {
                    path.match_indices('/')
                        .map(|(i, _)| i)
                        .filter(|&i| i > full.len())
                        .all(|i| descend(&path[..i]))
                };
                if keep(path) && inside() {
                    let rel = if dir.is_empty() {
                        path
                    } else {
                        &path[dir.len() + 1..]
                    };
                    out.insert(rel.to_string(), FileId::of_entry(entry));
                }
            }
            if gitlinks {
                for (path, g) in index.into_iter().flat_map(|ix| ix.gitlinks_under(full)) {
                    let rel = if dir.is_empty() {
                        path
                    } else {
                        &path[dir.len() + 1..]
                    };
                    out.insert(rel.to_string(), FileId::gitlink(g.id));
                }
            }
            true
        };
        if from_index(dir, start.id, &mut out) {
            return Ok(out);
        }
        // The full path of each entry is written into one buffer (the
        // folder's path, then the entry's name); a file's relative path is
        // allocated only when it is kept.
        let mut full = String::new();
        let mut stack = vec![(start.id, String::new())];
        while let Some((id, rel)) = stack.pop() {
            full.clear();
            full.push_str(dir);
            if !dir.is_empty() && !rel.is_empty() {
                full.push('/');
            }
            full.push_str(&rel);
            let folder_len = full.len();
            // Where the relative path starts in `full`.
            let rel_start = if dir.is_empty() { 0 } else { dir.len() + 1 };
            for e in self.tree(id)?.iter() {
                full.truncate(folder_len);
                if folder_len > 0 {
                    full.push('/');
                }
                full.push_str(&e.name);
                match e.kind {
                    EntryKind::Tree => {
                        if descend(&full) && !from_index(&full, e.id, &mut out) {
                            stack.push((e.id, full[rel_start.min(full.len())..].to_string()));
                        }
                    }
                    EntryKind::Blob | EntryKind::Link => {
                        if keep(&full) {
                            out.insert(
                                full[rel_start.min(full.len())..].to_string(),
                                FileId {
                                    id: e.id,
                                    exec: e.exec,
                                    link: e.kind == EntryKind::Link,
                                    submodule: false,
                                },
                            );
                        }
                    }
                    EntryKind::Commit if gitlinks => {
                        out.insert(
                            full[rel_start.min(full.len())..].to_string(),
                            FileId::gitlink(e.id),
                        );
                    }
                    EntryKind::Commit => {}
                }
            }
        }
        Ok(out)
    }

    /// The files that differ between two trees (either may be absent), as
    /// git paths. Subtrees with equal ids are skipped without being read;
    /// `descend` can prune folders by path.
    pub fn diff_trees(
        &self,
        old: Option<ObjectId>,
        new: Option<ObjectId>,
        descend: &dyn Fn(&str) -> bool,
    ) -> Result<Vec<FileChange>, Fatal> {
        let mut out = Vec::new();
        self.diff_into(old, new, "", descend, &mut out)?;
        out.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(out)
    }

    fn diff_into(
        &self,
        old: Option<ObjectId>,
        new: Option<ObjectId>,
        dir: &str,
        descend: &dyn Fn(&str) -> bool,
        out: &mut Vec<FileChange>,
    ) -> Result<(), Fatal> {
        if old == new {
            return Ok(());
        }
        let empty: Rc<[Entry]> = Rc::from(Vec::new());
        let old_entries = match old {
            Some(id) => self.tree(id)?,
            None => empty.clone(),
        };
        let new_entries = match new {
            Some(id) => self.tree(id)?,
            None => empty,
        };
        let mut by_name: BTreeMap<&str, (Option<&Entry>, Option<&Entry>)> = BTreeMap::new();
        for e in old_entries.iter() {
            by_name.entry(e.name.as_str()).or_default().0 = Some(e);
        }
        for e in new_entries.iter() {
            by_name.entry(e.name.as_str()).or_default().1 = Some(e);
        }
        let is_file = |e: &&Entry| matches!(e.kind, EntryKind::Blob | EntryKind::Link);
        let is_tree = |e: &&Entry| e.kind == EntryKind::Tree;
        let is_gitlink = |e: &&Entry| e.kind == EntryKind::Commit;
        for (name, (o, n)) in by_name {
            if let (Some(o), Some(n)) = (o, n) {
                if o.id == n.id && o.kind == n.kind {
                    continue;
                }
            }
            let path = join(dir, name);
            let old_file = o.filter(is_file).map(|e| e.id);
            let new_file = n.filter(is_file).map(|e| e.id);
            if old_file.is_some() || new_file.is_some() {
                out.push(FileChange {
                    path: path.clone(),
                    old: old_file,
                    new: new_file,
                    submodule: false,
                });
            }
            let old_link = o.filter(is_gitlink).map(|e| e.id);
            let new_link = n.filter(is_gitlink).map(|e| e.id);
            if old_link != new_link {
                out.push(FileChange {
                    path: path.clone(),
                    old: old_link,
                    new: new_link,
                    submodule: true,
                });
            }
            let old_tree = o.filter(is_tree).map(|e| e.id);
            let new_tree = n.filter(is_tree).map(|e| e.id);
            if (old_tree.is_some() || new_tree.is_some()) && descend(&path) {
                self.diff_into(old_tree, new_tree, &path, descend, out)?;
            }
        }
        Ok(())
    }
}
