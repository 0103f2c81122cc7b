//! The index as the side `--staged` judges ([`crate::contents::Side`]).

use crate::contents::{PathKind, Read, Side};
use crate::discover;
use crate::git::{Index, IndexKind, ObjectId, Repo};
use crate::settings::Settings;
use std::sync::Arc;

/// The index as the side `--staged` judges ([`Side`]): a staged file is
/// read from the disk where the disk holds its staged content (by its stat
/// data, as `git status` judges), else from the object database; what
/// exists is what the index holds.
pub(super) struct IndexSide {
    index: Arc<Index>,
    prefix: String,
    /// The root as files are opened (see `Settings::open_path`).
    open_root: std::path::PathBuf,
    root: std::path::PathBuf,
}

thread_local! {
    /// The repository each thread reads staged blobs through (a handle is
    /// not shared between threads), opened on its first blob.
    static BLOBS: std::cell::RefCell<Option<(std::path::PathBuf, Repo)>> =
        const { std::cell::RefCell::new(None) };
}

impl std::fmt::Debug for IndexSide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IndexSide")
            .field("prefix", &self.prefix)
            .finish_non_exhaustive()
    }
}

impl IndexSide {
    pub(super) fn new(settings: &Settings, index: Arc<Index>, prefix: &str) -> IndexSide {
        IndexSide {
            index,
            prefix: prefix.to_string(),
            open_root: settings.open_path(""),
            root: settings.root.clone(),
        }
    }

    fn git(&self, rel: &str) -> String {
        let rel = rel.trim_end_matches('/');
        if self.prefix.is_empty() {
            rel.to_string()
        } else if rel.is_empty() {
            self.prefix.trim_end_matches('/').to_string()
        } else {
            format!("{}{rel}", self.prefix)
        }
    }

    fn blob(&self, id: ObjectId) -> Option<Vec<u8>> {
        BLOBS.with(|cell| {
            let mut slot = cell.borrow_mut();
            if slot.as_ref().is_none_or(|(root, _)| *root != self.root) {
                *slot = Repo::discover(&self.root)
                    .ok()
                    .flatten()
                    .map(|repo| (self.root.clone(), repo));
            }
            slot.as_ref()?.1.blob(id).ok()
        })
    }
}

impl Side for IndexSide {
    fn read(&self, rel: &str) -> Read {
        let Some(e) = self.index.get(&self.git(rel)) else {
            return Read::Absent;
        };
        if e.intent {
            return Read::Absent;
        }
        // A link's blob is its target's path: the link is followed on disk,
        // as for the work tree.
        if e.link {
            return Read::Disk;
        }
        if e.matches_file(&self.open_root.join(crate::source::raw_rel(rel))) {
            return Read::Disk;
        }
        match self.blob(e.id) {
            Some(bytes) => Read::Held(bytes),
            None => Read::Absent,
        }
    }

    fn kind(&self, rel: &str) -> Option<PathKind> {
        Some(match self.index.kind_of(&self.git(rel))? {
            IndexKind::File => PathKind::File,
            IndexKind::Link => PathKind::Symlink,
            IndexKind::Dir => PathKind::Dir,
        })
    }

    fn children(&self, rel: &str) -> Vec<(String, bool)> {
        let rel = rel.trim_end_matches('/');
        self.index
            .children(&self.git(rel))
            .into_iter()
            .map(|(name, dir)| (discover::join_rel(rel, name), dir))
            .collect()
    }
}
