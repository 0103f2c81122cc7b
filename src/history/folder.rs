//! A folder's tracked content on the head side of a comparison (a skill's,
//! a plugin's): its files by blob id and mode, and its submodules by the
//! commit they point at. A commit's tree lists both
//! ([`crate::history::side::Ctx::tree_folder`]); this is the index and the
//! working tree.

use super::side::{Ctx, FolderFiles, Head, WorkTree};
use crate::error::Fatal;
use crate::git::{FileId, ObjectId, WorkGitlink};

impl WorkTree<'_> {
    /// Whether the folder `dir` (repo-relative) is certainly the tree `id`
    /// here: the index's cache-tree records it as that tree, every file it
    /// tracks there is on disk as staged (by its stat data, and with its
    /// staged mode), and every submodule in it has the staged commit
    /// checked out (or none). Untracked files do not count, as in
    /// [`Head::folder`]; an intent-to-add entry, a removed or changed file
    /// gives `false` (the folder is then compared file by file).
    pub fn is_tree(&self, ctx: &Ctx<'_>, dir: &str, id: ObjectId) -> bool {
        let Some(index) = self.index else {
            return false;
        };
        let git_dir = ctx.repo.to_git(dir);
        let git_dir = git_dir.trim_end_matches('/');
        if !index.records_tree(git_dir, id) {
            return false;
        }
        let files = index.under(git_dir).all(|(path, e)| {
            if e.skip {
                return true;
            }
            if e.intent {
                return false;
            }
            let abs = ctx.repo.workdir().join(crate::source::raw_rel(path));
            e.look(&abs).is_some_and(|look| {
                look.unchanged
                    && (e.link || ctx.repo.executable(look.exec, e.exec) == e.exec)
                    && if e.link { look.link } else { look.file }
            })
        });
        files
            && index
                .gitlinks_under(git_dir)
                .all(|(path, g)| g.skip || work_gitlink(ctx, path, g.id) == Some(g.id))
    }
}

/// The commit the working tree holds for the gitlink at `path` (a git
/// path) staged as `staged`; `None` when it is gone.
fn work_gitlink(ctx: &Ctx<'_>, path: &str, staged: ObjectId) -> Option<ObjectId> {
    match ctx.repo.work_gitlink(path) {
        WorkGitlink::Gone => None,
        WorkGitlink::NotCheckedOut => Some(staged),
        WorkGitlink::At(id) => Some(id),
    }
}

impl Head<'_> {
    /// A folder's files and submodules on this side. In the working tree
    /// these are the files git tracks (as they are on disk now), so ignored
    /// and untracked files never count as changes; files whose stat data
    /// still matches the index are not read. A submodule counts by the
    /// commit it has checked out (the staged one when it has none).
    pub fn folder(
        &self,
        ctx: &Ctx<'_>,
        dir: &str,
        base: &FolderFiles,
    ) -> Result<FolderFiles, Fatal> {
        let git_dir = ctx.repo.to_git(dir);
        let git_dir = git_dir.trim_end_matches('/');
        match self {
            Head::Tree(tree) => ctx.tree_folder(*tree, dir),
            Head::Index(index) => {
                let mut out: FolderFiles = index
                    .under(git_dir)
                    .filter(|(_, e)| !e.intent)
                    .map(|(path, e)| (strip_dir(path, git_dir), FileId::of_entry(e)))
                    .collect();
                for (path, g) in index.gitlinks_under(git_dir) {
                    out.insert(strip_dir(path, git_dir), FileId::gitlink(g.id));
                }
                Ok(out)
            }
            Head::Work(w) => {
                let mut out = FolderFiles::new();
                let Some(index) = w.index else {
                    return Ok(out);
                };
                for (path, e) in index.under(git_dir) {
                    let rel_in = strip_dir(path, git_dir);
                    let abs = ctx.repo.workdir().join(crate::source::raw_rel(path));
                    // Skip-worktree (or outside the sparse cone): unchanged.
                    if e.skip {
                        out.insert(rel_in, FileId::of_entry(e));
                        continue;
                    }
                    let Some(look) = e.look(&abs) else {
                        continue;
                    };
                    let exec = !e.link && ctx.repo.executable(look.exec, e.exec);
                    if look.unchanged {
                        let file = FileId {
                            exec,
                            ..FileId::of_entry(e)
                        };
                        out.insert(rel_in, file);
                        continue;
                    }
                    // Only a regular file (or, for a link entry, a link) is
                    // read: a tracked file replaced by a FIFO would block.
                    let kind_ok = if e.link { look.link } else { look.file };
                    if !kind_ok {
                        continue;
                    }
                    let bytes = if e.link {
                        match std::fs::read_link(&abs) {
                            Ok(t) => t.to_string_lossy().into_owned().into_bytes(),
                            Err(_) => continue,
                        }
                    } else {
                        match std::fs::read(&abs) {
                            Ok(b) => b,
                            Err(_) => continue,
                        }
                    };
                    let base_id = base.get(&rel_in).map(|f| f.id);
                    let id = if e.link {
                        ctx.repo.hash_blob(&bytes)
                    } else {
                        let staged = (!e.intent).then_some(e.id);
                        ctx.repo.hash_worktree(path, &bytes, base_id, staged)
                    };
                    let file = FileId {
                        id,
                        exec,
                        ..FileId::of_entry(e)
                    };
                    out.insert(rel_in, file);
                }
                for (path, g) in index.gitlinks_under(git_dir) {
                    let id = if g.skip {
                        Some(g.id)
                    } else {
                        work_gitlink(ctx, path, g.id)
                    };
                    if let Some(id) = id {
                        out.insert(strip_dir(path, git_dir), FileId::gitlink(id));
                    }
                }
                Ok(out)
            }
        }
    }
}

pub(super) fn strip_dir(path: &str, dir: &str) -> String {
    if dir.is_empty() {
        path.to_string()
    } else {
        path.strip_prefix(dir)
            .map_or(path, |r| r.trim_start_matches('/'))
            .to_string()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn paths_inside_a_folder() {
        assert_eq!(super::strip_dir("a/b/c.txt", "a/b"), "c.txt");
        assert_eq!(super::strip_dir("c.txt", ""), "c.txt");
    }
}
