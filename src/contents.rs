//! Where a run's files come from: the one source every reader uses.
//!
//! A run judges one side of the repository. The work tree is the disk; an
//! editor's unsaved buffers stand in for the files they show
//! (`caplint server`); with `--staged` the side is the index, whose texts
//! are read from the disk only where the disk holds exactly the staged
//! content, and whose paths (not the disk's) say what exists. Every reader
//! of file content or existence — profiles, skill folders and their links,
//! `AGENTS.md` and the other entry files, `agents/openai.yaml`, plugin
//! manifests, decision records — asks [`Contents`], so that what differs
//! between modes is only where the content comes from.

use std::collections::BTreeMap;
use std::sync::Arc;

/// What a path is on the side being judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathKind {
    File,
    Dir,
    Symlink,
}

/// How to read one file of the side being judged.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    /// The disk holds it: open the file.
    Disk,
    /// These bytes stand in for the file (an editor's buffer, or the staged
    /// content where the disk differs from it).
    Held(Vec<u8>),
    /// The side has no such file, whatever the disk holds.
    Absent,
}

/// A side other than the work tree: what it holds, path by path. The index
/// is one ([`crate::lint`] implements it); tests may make others.
pub trait Side: Send + Sync + std::fmt::Debug {
    /// How to read the file at `rel` (repository-relative).
    fn read(&self, rel: &str) -> Read;
    /// What `rel` is on this side, `None` when it holds nothing there.
    fn kind(&self, rel: &str) -> Option<PathKind>;
    /// What the folder `rel` holds directly, in the side's order: each
    /// entry's repository path, with whether it is a folder.
    fn children(&self, rel: &str) -> Vec<(String, bool)>;
}

/// The source of a run's files (see the module's documentation).
#[derive(Debug, Clone, Default)]
pub struct Contents {
    /// An editor's unsaved buffers (repository-relative path → text).
    buffers: Arc<BTreeMap<String, String>>,
    /// The side judged instead of the work tree (`--staged`'s index).
    side: Option<Arc<dyn Side>>,
}

impl Contents {
    /// The work tree, with an editor's buffers standing in for the files
    /// they show.
    pub fn with_buffers(buffers: BTreeMap<String, String>) -> Contents {
        Contents {
            buffers: Arc::new(buffers),
            side: None,
        }
    }

    /// Another side than the work tree.
    pub fn of_side(side: Arc<dyn Side>) -> Contents {
        Contents {
            buffers: Arc::default(),
            side: Some(side),
        }
    }

    /// Whether editor buffers stand in for files.
    pub fn has_buffers(&self) -> bool {
        !self.buffers.is_empty()
    }

    /// Whether the side judged is not the work tree.
    pub fn is_other_side(&self) -> bool {
        self.side.is_some()
    }

    /// How to read the file at `rel`.
    pub fn read(&self, rel: &str) -> Read {
        if let Some(text) = self.buffers.get(rel) {
            return Read::Held(text.clone().into_bytes());
        }
        match &self.side {
            Some(side) => side.read(rel),
            None => Read::Disk,
        }
    }

    /// The text that stands in for the file at `rel`, when it is not read
    /// from the disk: `Some(None)` when the side has no such file.
    pub fn held_text(&self, rel: &str) -> Option<Option<String>> {
        match self.read(rel) {
            Read::Disk => None,
            Read::Held(bytes) => Some(Some(String::from_utf8_lossy(&bytes).into_owned())),
            Read::Absent => Some(None),
        }
    }

    /// What `rel` is, when the side says (`None`: ask the disk; `Some(None)`:
    /// nothing there).
    pub fn kind(&self, rel: &str) -> Option<Option<PathKind>> {
        self.side.as_ref().map(|s| s.kind(rel))
    }

    /// The folders directly inside `rel`, when the side says.
    pub fn subdirs(&self, rel: &str) -> Option<Vec<String>> {
        self.side.as_ref().map(|s| {
            s.children(rel)
                .into_iter()
                .filter_map(|(path, dir)| dir.then_some(path))
                .collect()
        })
    }

    /// Everything directly inside `rel` (repository paths), when the side
    /// says.
    pub fn list(&self, rel: &str) -> Option<Vec<String>> {
        self.side
            .as_ref()
            .map(|s| s.children(rel).into_iter().map(|(path, _)| path).collect())
    }

    /// Reads the file at `rel` whole: from what stands in for it, else from
    /// `disk` (which opens it under `root`). `None` when it cannot be read.
    pub fn read_with(&self, rel: &str, disk: impl FnOnce() -> Option<Vec<u8>>) -> Option<Vec<u8>> {
        match self.read(rel) {
            Read::Disk => disk(),
            Read::Held(bytes) => Some(bytes),
            Read::Absent => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct OneFile;

    impl Side for OneFile {
        fn read(&self, rel: &str) -> Read {
            match rel {
                "a.md" => Read::Held(b"staged".to_vec()),
                "b.md" => Read::Disk,
                _ => Read::Absent,
            }
        }
        fn kind(&self, rel: &str) -> Option<PathKind> {
            matches!(rel, "a.md" | "b.md").then_some(PathKind::File)
        }
        fn children(&self, rel: &str) -> Vec<(String, bool)> {
            match rel {
                "" => vec![("a.md".into(), false), ("b.md".into(), false)],
                _ => Vec::new(),
            }
        }
    }

    #[test]
    fn buffers_stand_in_for_the_disk_and_a_side_decides_the_rest() {
        let work = Contents::default();
        assert_eq!(work.read("a.md"), Read::Disk);
        assert_eq!(work.kind("a.md"), None);
        let mut buffers = BTreeMap::new();
        buffers.insert("a.md".to_string(), "unsaved".to_string());
        let editor = Contents::with_buffers(buffers);
        assert_eq!(editor.held_text("a.md"), Some(Some("unsaved".into())));
        assert_eq!(editor.held_text("b.md"), None);
        let index = Contents::of_side(Arc::new(OneFile));
        assert_eq!(index.held_text("a.md"), Some(Some("staged".into())));
        assert_eq!(index.read("b.md"), Read::Disk);
        assert_eq!(index.held_text("c.md"), Some(None));
        assert_eq!(index.kind("c.md"), Some(None));
        assert_eq!(index.list(""), Some(vec!["a.md".into(), "b.md".into()]));
        assert_eq!(index.subdirs(""), Some(Vec::new()));
        assert_eq!(work.list(""), None);
        assert_eq!(index.read_with("c.md", || Some(b"disk".to_vec())), None);
        assert_eq!(
            index.read_with("b.md", || Some(b"disk".to_vec())),
            Some(b"disk".to_vec())
        );
    }
}
