//! Submodules as the working tree holds them: the commit checked out at a
//! gitlink's path, judged as `git status` and `git diff HEAD` judge it.

use super::{ObjectId, Repo};

/// What the working tree holds at the path of a gitlink (mode 160000).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkGitlink {
    /// No folder there (removed, or replaced by a file or a link): the
    /// submodule is gone, as a deleted file is.
    Gone,
    /// A folder that is no checked-out repository (a clone made without
    /// `--recurse-submodules` leaves it empty): git takes the gitlink as
    /// the index records it.
    NotCheckedOut,
    /// A submodule whose `HEAD` is this commit.
    At(ObjectId),
}

impl Repo {
    /// The state of the submodule at `git_path` in the working tree. Its
    /// repository is opened read-only, isolated from the environment and
    /// from any configuration but its own; nothing in it is run, and its
    /// files are not looked at (their edits are the submodule's own).
    pub fn work_gitlink(&self, git_path: &str) -> WorkGitlink {
        let abs = self.workdir().join(crate::source::raw_rel(git_path));
        let is_dir = std::fs::symlink_metadata(&abs).is_ok_and(|m| m.is_dir());
        if !is_dir {
            return WorkGitlink::Gone;
        }
        // A `.git` folder, or the `.git` file naming the folder under the
        // superproject's `.git/modules/` that `git submodule` makes.
        if std::fs::symlink_metadata(abs.join(".git")).is_err() {
            return WorkGitlink::NotCheckedOut;
        }
        let head = gix::open_opts(&abs, gix::open::Options::isolated())
            .ok()
            .and_then(|sub| sub.head_id().ok().map(|id| id.detach()));
        match head {
            Some(id) => WorkGitlink::At(id),
            // No commit checked out yet, or a repository gix cannot read:
            // nothing on disk says the submodule moved.
            None => WorkGitlink::NotCheckedOut,
        }
    }
}
