//! Git's ignore rules, for discovery: a file git ignores is not part of the
//! repository, and is not linted. The rules are git's — the `.gitignore`
//! files from the repository's root down to the file's folder (a deeper one
//! decides first), then `$GIT_DIR/info/exclude`, then the global excludes
//! file (`core.excludesFile`, by default `~/.config/git/ignore`) — each
//! matched with the `ignore` crate's gitignore matcher, as ripgrep does.
//! Outside a git repository nothing is ignored.

use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::Match;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

impl std::fmt::Debug for Ignores<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ignores")
            .field("root", &self.root)
            .finish_non_exhaustive()
    }
}

/// Whether git tracks a path, or a path below a folder (relative to the
/// linted root; `true` for a folder).
pub type Tracked<'t> = &'t (dyn Fn(&str, bool) -> bool + Sync);

/// Walks upward from `start` to the folder holding `.git`.
pub fn find_repo_root(start: &Path) -> Option<PathBuf> {
    let start = start.canonicalize().ok()?;
    let mut dir = if start.is_dir() {
        start
    } else {
        start.parent()?.to_path_buf()
    };
    loop {
        if dir.join(".git").exists() {
            return Some(dir);
        }
        dir = dir.parent()?.to_path_buf();
    }
}

/// The ignore rules of one repository.
#[derive(Default)]
pub struct Ignores<'t> {
    /// The work tree's root (canonical); `None` outside a repository.
    root: Option<PathBuf>,
    /// The linted root's folder in the work tree (canonical).
    base_dir: PathBuf,
    /// Whether git tracks a file, or a file below a folder (repository-
    /// relative to the linted root): a tracked file is never ignored.
    tracked: Option<Tracked<'t>>,
    /// `info/exclude`, then the global excludes: below every `.gitignore`.
    base: Vec<Gitignore>,
    /// Each folder's `.gitignore` matcher (absolute path → matcher, `None`
    /// when it has none), read once.
    folders: Mutex<HashMap<PathBuf, Option<Arc<Gitignore>>>>,
}

impl<'t> Ignores<'t> {
    /// The rules of the repository whose work tree holds `root` (the linted
    /// root), none outside a repository. `tracked` says which paths git
    /// tracks (the index), when known.
    pub fn of(root: &Path, tracked: Option<Tracked<'t>>) -> Ignores<'t> {
        let Some(top) = find_repo_root(root) else {
            return Ignores::default();
        };
        let base_dir = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        let mut base = Vec::new();
        if let Some(exclude) = git_dir(&top).map(|d| d.join("info").join("exclude")) {
            if exclude.is_file() {
                let mut b = GitignoreBuilder::new(&top);
                if b.add(&exclude).is_none() {
                    if let Ok(gi) = b.build() {
                        base.push(gi);
                    }
                }
            }
        }
        let (global, _) = GitignoreBuilder::new(&top).build_global();
        if !global.is_empty() {
            base.push(global);
        }
        Ignores {
            root: Some(top),
            base_dir,
            tracked,
            base,
            folders: Mutex::default(),
        }
    }

    /// Whether git ignores the file or folder at `rel` (relative to the
    /// linted root) and does not track it.
    pub fn ignores(&self, rel: &str, is_dir: bool) -> bool {
        if self.root.is_none() || rel.is_empty() {
            return false;
        }
        let abs = self.base_dir.join(crate::source::raw_rel(rel));
        self.is_ignored(&abs, is_dir) && !self.tracked.is_some_and(|t| t(rel, is_dir))
    }

    /// Whether git ignores the file or folder at `abs` (an absolute path in
    /// the work tree, canonical in its folders).
    fn is_ignored(&self, abs: &Path, is_dir: bool) -> bool {
        let Some(root) = &self.root else {
            return false;
        };
        let Ok(rel) = abs.strip_prefix(root) else {
            return false;
        };
        if rel.as_os_str().is_empty() {
            return false;
        }
        let mut dir = abs.parent();
        while let Some(d) = dir {
            if !d.starts_with(root) {
                break;
            }
            if let Some(gi) = self.folder(d) {
                match gi.matched(abs, is_dir) {
                    Match::Ignore(_) => return true,
                    Match::Whitelist(_) => return false,
                    Match::None => {}
                }
            }
            if d == root {
                break;
            }
            dir = d.parent();
        }
        for gi in &self.base {
            match gi.matched(rel, is_dir) {
                Match::Ignore(_) => return true,
                Match::Whitelist(_) => return false,
                Match::None => {}
            }
        }
        false
    }

    /// Whether any rule could apply (a walk then asks for every entry).
    pub fn is_active(&self) -> bool {
        self.root.is_some()
    }

    fn folder(&self, dir: &Path) -> Option<Arc<Gitignore>> {
        let mut folders = self.folders.lock().unwrap_or_else(|p| p.into_inner());
        folders
            .entry(dir.to_path_buf())
            .or_insert_with(|| {
                let file = dir.join(".gitignore");
                // A regular file only: a link or a FIFO is not read.
                if !std::fs::symlink_metadata(&file).is_ok_and(|m| m.is_file()) {
                    return None;
                }
                let mut b = GitignoreBuilder::new(dir);
                if b.add(&file).is_some() {
                    return None;
                }
                b.build().ok().filter(|gi| !gi.is_empty()).map(Arc::new)
            })
            .clone()
    }
}

/// The git directory of the work tree `top`: `.git`, or the folder a `.git`
/// file names (a linked work tree or a submodule), whose common directory
/// holds `info/`.
fn git_dir(top: &Path) -> Option<PathBuf> {
    let dot = top.join(".git");
    let meta = std::fs::symlink_metadata(&dot).ok()?;
    if meta.is_dir() {
        return Some(dot);
    }
    if !meta.is_file() || meta.len() > 4096 {
        return None;
    }
    let text = std::fs::read_to_string(&dot).ok()?;
    let named = text.trim().strip_prefix("gitdir:")?.trim();
    let dir = top.join(named);
    // A linked work tree keeps `info/` in the common directory.
    match std::fs::read_to_string(dir.join("commondir")) {
        Ok(common) => Some(dir.join(common.trim())),
        Err(_) => Some(dir),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repo() -> tempfile::TempDir {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(tmp.path().join(".git/info")).unwrap();
        tmp
    }

    #[test]
    fn gitignore_files_decide_deepest_first_then_info_exclude() {
        let tmp = repo();
        let root = tmp.path().canonicalize().unwrap();
        std::fs::write(root.join(".gitignore"), "build/\n*.log\n").unwrap();
        std::fs::create_dir_all(root.join("docs")).unwrap();
        std::fs::write(root.join("docs/.gitignore"), "!keep.log\n").unwrap();
        std::fs::write(root.join(".git/info/exclude"), "scratch/\n").unwrap();
        let ignores = Ignores::of(&root, None);
        assert!(ignores.ignores("build", true));
        assert!(!ignores.ignores("build", false), "a folder rule");
        assert!(ignores.ignores("a.log", false));
        assert!(ignores.ignores("docs/x.log", false));
        assert!(!ignores.ignores("docs/keep.log", false));
        assert!(ignores.ignores("scratch", true));
        assert!(!ignores.ignores("skills", true));
        // A tracked file is not ignored.
        let tracked = |rel: &str, _: bool| rel == "a.log";
        let ignores = Ignores::of(&root, Some(&tracked));
        assert!(!ignores.ignores("a.log", false));
        assert!(ignores.ignores("b.log", false));
    }

    #[test]
    fn nothing_is_ignored_outside_a_repository() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        std::fs::write(root.join(".gitignore"), "*\n").unwrap();
        if find_repo_root(&root).is_none() {
            let ignores = Ignores::of(&root, None);
            assert!(!ignores.is_active());
            assert!(!ignores.ignores("a.md", false));
        }
    }
}
