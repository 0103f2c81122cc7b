//! Read-only git access through gix: discover the repository (honouring
//! `GIT_DIR`, `GIT_WORK_TREE` and `GIT_INDEX_FILE`), resolve revisions,
//! merge-bases, commits, trees, blobs and the index. caplint never runs `git`
//! and never writes to the repository.
//!
//! Paths in this module are *git paths*: relative to the work tree, with `/`
//! separators. [`Repo::to_git`] and [`Repo::from_git`] convert from and to
//! paths relative to caplint's root (normally the same folder).

mod hash;
mod index;
mod submodule;
mod tree;

pub use gix::ObjectId;
pub use hash::BlobHasher;
pub use index::{FileStat, Gitlink, Index, IndexEntry, IndexKind, Look};
pub use submodule::WorkGitlink;
pub use tree::{Entry, EntryKind, FileChange, FileId};

use crate::error::Fatal;
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Where git puts the work tree of a run started at a folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layout {
    /// A work tree: lint it all (git's top level).
    WorkTree(PathBuf),
    /// A bare repository (its git folder): revisions only.
    Bare(PathBuf),
    /// Not inside git.
    Outside,
}

/// The layout for a run started at `start`, by git's rules: `GIT_DIR` and
/// `GIT_WORK_TREE` win, then the `.git` found upwards, whose
/// `core.worktree` can name a work tree elsewhere. The common case (a
/// `.git` folder above, no variables, no `core.worktree`) is settled from
/// the file system alone.
pub fn layout(start: &Path) -> Layout {
    let overridden =
        std::env::var_os("GIT_DIR").is_some() || std::env::var_os("GIT_WORK_TREE").is_some();
    if !overridden {
        if let Some(root) = crate::discover::find_repo_root(start) {
            if !names_a_work_tree(&root.join(".git")) {
                return Layout::WorkTree(root);
            }
        }
    }
    match gix::discover_with_environment_overrides(start) {
        Ok(repo) => match repo.workdir() {
            Some(w) => Layout::WorkTree(w.canonicalize().unwrap_or_else(|_| w.to_path_buf())),
            None => Layout::Bare(repo.git_dir().to_path_buf()),
        },
        Err(_) => Layout::Outside,
    }
}

/// Whether a `.git` folder's config may set `core.worktree`: then gix
/// decides where the work tree is.
fn names_a_work_tree(git: &Path) -> bool {
    if !git.is_dir() {
        return false;
    }
    std::fs::read(git.join("config")).is_ok_and(|c| {
        let c = c.to_ascii_lowercase();
        c.windows(8).any(|w| w == b"worktree")
    })
}

/// What to do in GitHub Actions when a base is missing.
pub const FETCH_DEPTH_HELP: &str = "fetch the full history: with GitHub Actions use `actions/checkout` with `fetch-depth: 0`; elsewhere run `git fetch --unshallow`";

/// An open repository.
pub struct Repo {
    repo: gix::Repository,
    /// The work tree (the git folder of a bare repository).
    workdir: PathBuf,
    bare: bool,
    /// `core.fileMode`: whether the executable bit on disk counts.
    filemode: bool,
    /// caplint's root relative to the work tree, with a trailing `/` (or empty).
    prefix: String,
    trees: RefCell<HashMap<ObjectId, Rc<[Entry]>>>,
    /// Blobs read ahead of their use ([`Repo::prefetch`]); each is handed
    /// out once.
    ahead: RefCell<HashMap<ObjectId, Vec<u8>>>,
    /// The folder naming a pre-receive hook's quarantined objects as
    /// alternates, kept while the repository is open.
    _quarantine: Option<tempfile::TempDir>,
    /// git's to-git conversions, made on first use ([`Repo::hash_worktree`]).
    filter: RefCell<Option<Option<Filter>>>,
}

/// The built-in conversions git applies to a work-tree file before storing
/// it (end of line, `ident`, `working-tree-encoding`), with the attribute
/// lookup they need.
struct Filter {
    pipeline: gix::filter::plumbing::Pipeline,
    attributes: gix::worktree::Stack,
}

/// A commit's metadata.
#[derive(Debug, Clone)]
pub struct CommitInfo {
    pub id: ObjectId,
    pub tree: ObjectId,
    pub parents: Vec<ObjectId>,
    /// Committer time, seconds since the epoch, and the committer's offset.
    pub seconds: i64,
    pub offset: i32,
    pub subject: String,
}

impl CommitInfo {
    /// The commit date in the committer's own time zone.
    pub fn date(&self) -> crate::date::Date {
        crate::date::Date::from_unix_seconds(self.seconds + i64::from(self.offset))
    }

    pub fn short_id(&self) -> String {
        self.id.to_hex_with_len(7).to_string()
    }

    /// The JSON `commit` object of a diagnostic.
    pub fn to_ref(&self) -> crate::diagnostic::CommitRef {
        crate::diagnostic::CommitRef {
            id: self.id.to_string(),
            short_id: self.short_id(),
            date: self.date().to_string(),
            subject: self.subject.clone(),
        }
    }
}

fn git_err(context: impl std::fmt::Display, err: impl std::fmt::Display) -> Fatal {
    Fatal::Git {
        message: format!("{context}: {err}"),
        help: None,
    }
}

/// In a `pre-receive` hook git keeps the pushed objects in a quarantine
/// folder it names in `GIT_OBJECT_DIRECTORY`, with the repository's own
/// objects in `GIT_ALTERNATE_OBJECT_DIRECTORIES`; gix reads neither. When
/// they are set, the objects are read through a temporary folder (outside
/// the repository) whose `info/alternates` lists them all.
fn quarantine(repo: &mut gix::Repository) -> Result<Option<tempfile::TempDir>, Fatal> {
    let own = repo.common_dir().join("objects");
    let same = |p: &Path| match (p.canonicalize(), own.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    let objects = std::env::var_os("GIT_OBJECT_DIRECTORY")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from);
    let alternates: Vec<PathBuf> = std::env::var_os("GIT_ALTERNATE_OBJECT_DIRECTORIES")
        .map(|v| {
            std::env::split_paths(&v)
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        })
        .unwrap_or_default();
    if objects.as_deref().is_none_or(same) && alternates.is_empty() {
        return Ok(None);
    }
    let cwd = std::env::current_dir().unwrap_or_default();
    let mut dirs: Vec<PathBuf> = objects.into_iter().chain(alternates).collect();
    dirs.push(own);
    let mut list = String::new();
    for d in dirs {
        let d = cwd.join(d);
        if d.to_str().is_some_and(|s| !s.contains('\n')) {
            list.push_str(&d.to_string_lossy());
            list.push('\n');
        }
    }
    let fail = |e: &dyn std::fmt::Display| {
        Fatal::git(
            format!("cannot read the objects GIT_OBJECT_DIRECTORY names: {e}"),
            "unset GIT_OBJECT_DIRECTORY and GIT_ALTERNATE_OBJECT_DIRECTORIES, or run caplint from a pre-receive hook",
        )
    };
    let dir = tempfile::Builder::new()
        .prefix("caplint-objects-")
        .tempdir()
        .map_err(|e| fail(&e))?;
    std::fs::create_dir_all(dir.path().join("info")).map_err(|e| fail(&e))?;
    std::fs::write(dir.path().join("info/alternates"), list).map_err(|e| fail(&e))?;
    let handle = gix::odb::at(dir.path(), repo.object_hash()).map_err(|e| fail(&e))?;
    repo.objects = gix::odb::memory::Proxy::new(handle, repo.object_hash());
    Ok(Some(dir))
}

/// A blob's bytes in a buffer of their size: gix reads objects into reused
/// buffers that keep the capacity of the largest object read before, and
/// a few thousand blobs held at once (read ahead) kept 63 MB for 8 MB of
/// text on 50,000 profiles.
/// The repository's caches: decoded objects (trees read again as paths
/// are looked up), and the bases of packed deltas (a profile's revisions
/// are packed as deltas of each other and of their neighbours, and without
/// it every read inflates the whole chain again). Small, for the memory
/// bound of a check.
fn set_caches(repo: &mut gix::Repository) {
    repo.object_cache_size_if_unset(2 * 1024 * 1024);
    repo.objects.set_pack_cache(|| {
        Box::new(gix::odb::pack::cache::lru::MemoryCappedHashmap::new(
            1024 * 1024,
        ))
    });
}

fn exact(mut bytes: Vec<u8>) -> Vec<u8> {
    if bytes.capacity() > bytes.len() + bytes.len() / 8 {
        bytes.shrink_to_fit();
    }
    bytes
}

impl Repo {
    /// Opens the repository holding `root`, or `None` outside git. `GIT_DIR`
    /// and friends win over discovery, as they do for git itself.
    pub fn discover(root: &Path) -> Result<Option<Repo>, Fatal> {
        // The root is a work tree; its repository may be elsewhere (named by
        // `core.worktree` of the `.git` found from the working directory).
        let found = gix::discover_with_environment_overrides(root).or_else(|e| {
            std::env::current_dir()
                .map_err(|_| e)
                .and_then(gix::discover_with_environment_overrides)
        });
        let repo = match found {
            Ok(r) => r,
            Err(_) if std::env::var_os("GIT_DIR").is_none() => return Ok(None),
            Err(e) => {
                return Err(Fatal::git(
                    format!("cannot open the repository named by GIT_DIR: {e}"),
                    "unset GIT_DIR, or point it at a repository's .git folder",
                ))
            }
        };
        let refs = repo
            .config_snapshot()
            .string("extensions.refStorage")
            .map(|v| v.to_string().to_ascii_lowercase());
        if let Some(format) = refs.filter(|f| f != "files") {
            return Err(Fatal::git(
                format!("this repository stores its references as `{format}` (extensions.refStorage), which caplint cannot read yet"),
                "run caplint in a clone that uses the `files` format (`git clone` makes one unless asked otherwise), or convert this one with `git refs migrate --ref-format=files`; `caplint check --no-history` lints the files without history",
            ));
        }
        let mut repo = repo;
        let quarantine = quarantine(&mut repo)?;
        let bare = repo.workdir().is_none();
        if bare {
            // A bare repository: revisions only (`history`, `diff A B`).
            set_caches(&mut repo);
            return Ok(Some(Repo {
                workdir: repo.git_dir().to_path_buf(),
                repo,
                bare: true,
                filemode: true,
                prefix: String::new(),
                trees: RefCell::new(HashMap::new()),
                ahead: RefCell::new(HashMap::new()),
                filter: RefCell::new(None),
                _quarantine: quarantine,
            }));
        }
        let Some(workdir) = repo.workdir().map(Path::to_path_buf) else {
            return Ok(None);
        };
        let workdir = workdir.canonicalize().unwrap_or(workdir);
        let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        let prefix = match root.strip_prefix(&workdir) {
            Ok(rel) => {
                let p = crate::source::slash_path(rel);
                if p.is_empty() {
                    p
                } else {
                    format!("{p}/")
                }
            }
            // The root is outside the work tree git names: nothing to compare.
            Err(_) => return Ok(None),
        };
        set_caches(&mut repo);
        let filemode = repo
            .config_snapshot()
            .boolean("core.fileMode")
            .unwrap_or(true);
        Ok(Some(Repo {
            repo,
            workdir,
            bare: false,
            filemode,
            prefix,
            trees: RefCell::new(HashMap::new()),
            ahead: RefCell::new(HashMap::new()),
            filter: RefCell::new(None),
            _quarantine: quarantine,
        }))
    }

    /// The commits reachable from `tip`, newest first, at most `limit`.
    pub fn ancestors(&self, tip: ObjectId, limit: usize) -> Result<Vec<ObjectId>, Fatal> {
        let walk = self
            .repo
            .rev_walk([tip])
            .all()
            .map_err(|e| git_err("cannot list the commits", e))?;
        let mut out = Vec::new();
        for info in walk.take(limit) {
            let info = info.map_err(|e| git_err("cannot list the commits", e))?;
            out.push(info.id);
        }
        Ok(out)
    }

    /// The commits reachable from `to` and not from `from` (git's
    /// `from..to`).
    pub fn range_commits(
        &self,
        from: ObjectId,
        to: ObjectId,
    ) -> Result<std::collections::HashSet<ObjectId>, Fatal> {
        let walk = self
            .repo
            .rev_walk([to])
            .with_hidden([from])
            .all()
            .map_err(|e| git_err("cannot list the commits of the range", e))?;
        let mut set = std::collections::HashSet::new();
        for info in walk {
            let info = info.map_err(|e| git_err("cannot list the commits of the range", e))?;
            set.insert(info.id);
        }
        Ok(set)
    }

    pub fn workdir(&self) -> &Path {
        &self.workdir
    }

    /// Whether a work-tree file counts as executable, as git would stage
    /// it: from the disk, unless `core.fileMode` is false (then the index's
    /// mode stays).
    pub fn executable(&self, on_disk: bool, staged: bool) -> bool {
        if self.filemode {
            on_disk
        } else {
            staged
        }
    }

    /// A bare repository: no work tree and no index to compare.
    pub fn is_bare(&self) -> bool {
        self.bare
    }

    /// The error for a command that needs a work tree, in a bare repository.
    pub fn no_work_tree(what: &str) -> Fatal {
        Fatal::git(
            format!("this is a bare repository: it has no work tree, so {what}"),
            "run it in a clone with a work tree; in a bare repository `caplint history` and `caplint diff BASE HEAD` read revisions",
        )
    }

    /// A path relative to caplint's root as a git path.
    pub fn to_git<'a>(&self, rel: &'a str) -> std::borrow::Cow<'a, str> {
        // Borrowed when caplint's root is the work tree's (no prefix to add).
        if self.prefix.is_empty() {
            std::borrow::Cow::Borrowed(rel)
        } else {
            std::borrow::Cow::Owned(format!("{}{rel}", self.prefix))
        }
    }

    /// A git path as a path relative to caplint's root, if it is under it.
    /// The files (relative to the work tree root) that the index marks
    /// skip-worktree; empty when there is no index or none is marked.
    pub fn worktree_skipped(&self) -> std::collections::BTreeSet<String> {
        let Ok(Some(index)) = self.index() else {
            return Default::default();
        };
        index
            .iter()
            .filter(|(_, e)| e.skip && !e.intent)
            .filter_map(|(path, _)| self.from_git(path).map(str::to_string))
            .collect()
    }

    pub fn from_git<'a>(&self, path: &'a str) -> Option<&'a str> {
        path.strip_prefix(self.prefix.as_str())
    }

    /// Where caplint keeps its cache: `caplint/` in the git directory of
    /// this work tree (a linked work tree has its own, as it has its own
    /// index).
    pub fn cache_dir(&self) -> std::path::PathBuf {
        self.repo.git_dir().join("caplint")
    }

    /// What decides how a blob is written out to the work tree besides its
    /// content: the end-of-line settings and the attribute files of the
    /// root and of the git directory. A work-tree file known by its blob id
    /// is the blob as these convert it.
    pub fn checkout_conversion(&self) -> Vec<u8> {
        let config = self.repo.config_snapshot();
        let mut out = Vec::new();
        for key in ["core.autocrlf", "core.eol", "core.safecrlf"] {
            out.extend_from_slice(key.as_bytes());
            out.push(b'=');
            if let Some(value) = config.string(key) {
                out.extend_from_slice(&value);
            }
            out.push(0);
        }
        for path in [
            self.workdir.join(".gitattributes"),
            self.repo.common_dir().join("info").join("attributes"),
        ] {
            out.extend_from_slice(&std::fs::read(path).unwrap_or_default());
            out.push(0);
        }
        out
    }

    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The commit HEAD points at, or `None` in a repository with no commits.
    pub fn head(&self) -> Result<Option<ObjectId>, Fatal> {
        let head = self
            .repo
            .head()
            .map_err(|e| git_err("cannot read HEAD", e))?;
        if head.is_unborn() {
            return Ok(None);
        }
        let id = self
            .repo
            .head_id()
            .map_err(|e| git_err("cannot resolve HEAD", e))?;
        self.peel_to_commit(id.detach(), "HEAD").map(Some)
    }

    /// The remote-tracking branch the current branch pulls from.
    pub fn upstream(&self) -> Option<String> {
        let name = self.repo.head_name().ok()??;
        let tracking = self
            .repo
            .branch_remote_tracking_ref_name(name.as_ref(), gix::remote::Direction::Fetch)?
            .ok()?;
        Some(tracking.as_bstr().to_string())
    }

    pub fn is_shallow(&self) -> bool {
        self.repo.is_shallow().unwrap_or(false)
    }

    /// Whether `id` is a commit whose parents a shallow clone left out
    /// (listed in `.git/shallow`).
    pub fn is_shallow_boundary(&self, id: ObjectId) -> bool {
        self.repo
            .shallow_commits()
            .ok()
            .flatten()
            .is_some_and(|c| c.contains(&id))
    }

    /// A partial clone (`git clone --filter=...`): objects it left out are
    /// fetched by git on demand, which caplint never does.
    pub fn is_partial(&self) -> bool {
        let config = self.repo.config_snapshot();
        if config.string("extensions.partialClone").is_some() {
            return true;
        }
        self.repo
            .remote_names()
            .iter()
            .any(|name| config.boolean(format!("remote.{name}.promisor").as_str()) == Some(true))
    }

    /// The error for an object the repository should hold but does not.
    pub fn missing_object(&self, id: ObjectId, what: &str) -> Fatal {
        if self.is_partial() {
            Fatal::git(
                format!("{what} {id} is not in this clone: it is a partial clone (`--filter`), and git fetches such objects only when a git command needs them; caplint never fetches"),
                "have git fetch what the run reads: `git diff <base> HEAD > /dev/null` (for `--base` and `diff`) or `git log -p --first-parent > /dev/null` (for `history`); or fetch every object: `git config --unset remote.origin.partialclonefilter && git fetch --refetch origin`; in CI, clone without a filter",
            )
        } else if self.is_shallow() {
            Fatal::git(
                format!("{what} {id} is not in this clone"),
                format!("this clone is shallow; {FETCH_DEPTH_HELP}"),
            )
        } else {
            Fatal::git(
                format!("{what} {id} is missing from the repository's objects"),
                "the repository is damaged: run `git fsck` to see what is missing, and fetch or restore it (e.g. `git fetch origin`, or clone again)",
            )
        }
    }

    /// The error for an object that could not be read: missing (with what
    /// to do about it) or unreadable.
    pub(crate) fn object_err(
        &self,
        id: ObjectId,
        what: &str,
        err: impl std::fmt::Display,
    ) -> Fatal {
        if self.repo.has_object(id) {
            git_err(format!("cannot read {what} {id}"), err)
        } else {
            self.missing_object(id, what)
        }
    }

    /// Resolves a revision to a commit, if it names one that is present.
    pub fn try_resolve(&self, rev: &str) -> Option<ObjectId> {
        let id = self.repo.rev_parse_single(rev).ok()?.detach();
        self.peel_to_commit(id, rev).ok()
    }

    /// Resolves a revision to a commit, with an error that says how to fix it.
    pub fn resolve(&self, rev: &str) -> Result<ObjectId, Fatal> {
        match self.repo.rev_parse_single(rev) {
            Ok(id) => self.peel_to_commit(id.detach(), rev),
            Err(e) => {
                let lower = rev.to_ascii_lowercase();
                let help = if lower.contains("@{u") || lower.contains("@{push}") {
                    format!("`{rev}` names the branch's upstream, and this branch has none (or HEAD is detached): set one with `git branch --set-upstream-to origin/<branch>`, or name the base (`--base origin/main`)")
                } else if self.is_shallow() {
                    format!("this clone is shallow, so `{rev}` may simply not have been fetched; {FETCH_DEPTH_HELP}")
                } else {
                    format!("check the name with `git rev-parse {rev}`; if it is a remote branch, fetch it first (`git fetch origin`), and with GitHub Actions use `actions/checkout` with `fetch-depth: 0`")
                };
                Err(Fatal::Git {
                    message: format!("cannot resolve revision `{rev}`: {e}"),
                    help: Some(help),
                })
            }
        }
    }

    fn peel_to_commit(&self, id: ObjectId, rev: &str) -> Result<ObjectId, Fatal> {
        let missing = || {
            let help = if self.is_shallow() {
                format!("this clone is shallow and does not hold that commit; {FETCH_DEPTH_HELP}")
            } else {
                "fetch the commit (`git fetch origin`), or name a revision that exists here".into()
            };
            Fatal::Git {
                message: format!("revision `{rev}` ({id}) is not in this repository"),
                help: Some(help),
            }
        };
        let object = match self.repo.try_find_object(id) {
            Ok(Some(o)) => o,
            Ok(None) => return Err(missing()),
            Err(e) => return Err(git_err(format!("cannot read `{rev}`"), e)),
        };
        let commit = object.peel_to_commit().map_err(|e| {
            Fatal::git(
                format!("revision `{rev}` does not name a commit: {e}"),
                "name a branch, tag or commit",
            )
        })?;
        Ok(commit.id)
    }

    /// The best common ancestor of two commits.
    pub fn merge_base(&self, a: ObjectId, b: ObjectId) -> Result<Option<ObjectId>, Fatal> {
        if a == b {
            return Ok(Some(a));
        }
        match self.repo.merge_base(a, b) {
            Ok(found) => Ok(found.map(|id| id.detach())),
            Err(e) if self.is_shallow() => Err(Fatal::git(
                format!("cannot find the merge-base of {a} and {b}: {e}"),
                format!("this clone is shallow; {FETCH_DEPTH_HELP}"),
            )),
            Err(e) => Err(git_err("cannot find a merge-base", e)),
        }
    }

    /// Whether a commit object is present.
    pub fn has_commit(&self, id: ObjectId) -> bool {
        self.repo.has_object(id)
    }

    pub fn commit(&self, id: ObjectId) -> Result<CommitInfo, Fatal> {
        let commit = self
            .repo
            .find_commit(id)
            .map_err(|e| self.object_err(id, "commit", e))?;
        let decoded = commit
            .decode()
            .map_err(|e| git_err(format!("cannot decode commit {id}"), e))?;
        let (seconds, offset) = decoded
            .committer()
            .ok()
            .and_then(|c| c.time().ok())
            .map_or((0, 0), |t| (t.seconds, t.offset));
        let subject = {
            let msg = decoded.message.to_string();
            msg.lines()
                .map(str::trim)
                .find(|l| !l.is_empty())
                .unwrap_or("")
                .to_string()
        };
        // Findings quote the subject: a secret in it is masked like any other.
        crate::redact::learn(&subject);
        Ok(CommitInfo {
            id,
            tree: decoded.tree(),
            parents: decoded.parents().collect(),
            seconds,
            offset,
            subject,
        })
    }

    /// A blob's bytes. Secrets in them are remembered for masking.
    pub fn blob(&self, id: ObjectId) -> Result<Vec<u8>, Fatal> {
        let bytes = match self.ahead.borrow_mut().remove(&id) {
            Some(bytes) => bytes,
            None => self
                .repo
                .find_blob(id)
                .map_err(|e| self.object_err(id, "blob", e))?
                .take_data(),
        };
        let bytes = exact(bytes);
        // Every revision's text is known to the redaction gate.
        crate::redact::learn_bytes(&bytes);
        Ok(bytes)
    }

    /// Reads blobs ahead of their use (while this thread would otherwise
    /// wait), up to `budget` bytes in all; [`Repo::blob`] hands each out
    /// once. A blob that cannot be read is left for `blob` to report.
    pub fn prefetch(&self, ids: impl IntoIterator<Item = ObjectId>, budget: usize) {
        let mut used = 0;
        let mut ahead = self.ahead.borrow_mut();
        for id in ids {
            if used >= budget {
                break;
            }
            if ahead.contains_key(&id) {
                continue;
            }
            if let Ok(mut blob) = self.repo.find_blob(id) {
                let bytes = exact(blob.take_data());
                used += bytes.len();
                ahead.insert(id, bytes);
            }
        }
    }

    /// The index (staging area) git would commit from: `GIT_INDEX_FILE`
    /// when set (as during `git commit -a`), else `.git/index`.
    pub fn index(&self) -> Result<Option<Index>, Fatal> {
        let path = self.repo.index_path();
        if !path.exists() {
            return Ok(None);
        }
        // Like git, which checks the index's trailing checksum only in
        // `fsck`: hashing the whole file cost more than reading it.
        let options = gix::index::decode::Options {
            thread_limit: Some(1),
            ..Default::default()
        };
        let file = gix::index::File::at(&path, self.repo.object_hash(), true, options)
            .map_err(|e| git_err(format!("cannot read the index {}", path.display()), e))?;
        let mut index = Index::new(&file);
        // A sparse index keeps folders outside the sparse cone as one entry:
        // their files are the tree's, unchanged.
        let (mut files, mut gitlinks) = (Vec::new(), Vec::new());
        for (dir, tree) in std::mem::take(&mut index.sparse_dirs) {
            let mut stack = vec![(tree, dir)];
            while let Some((id, path)) = stack.pop() {
                for e in self.tree(id)?.iter() {
                    let p = format!("{path}/{}", e.name);
                    match e.kind {
                        EntryKind::Tree => stack.push((e.id, p)),
                        EntryKind::Blob | EntryKind::Link => {
                            files.push((p, e.id, e.kind == EntryKind::Link, e.exec))
                        }
                        EntryKind::Commit => gitlinks.push((p, e.id)),
                    }
                }
            }
        }
        index.add_sparse(files, gitlinks);
        Ok(Some(index))
    }

    /// The blob id git would store for a work-tree file at `path` (a git
    /// path) holding `bytes`: hashed as they are when that gives `expected`
    /// (the common case, and no attribute is looked up), else after the
    /// built-in conversions that the attributes and the configuration ask
    /// for (`text`/`eol`/`core.autocrlf`, `ident`, `working-tree-encoding`).
    /// External filter drivers are never run. `staged` is the index's blob
    /// id for the path, which decides `text=auto` for files stored with CRLF.
    pub fn hash_worktree(
        &self,
        path: &str,
        bytes: &[u8],
        expected: Option<ObjectId>,
        staged: Option<ObjectId>,
    ) -> ObjectId {
        let raw = self.hash_blob(bytes);
        // Equal as they are, or nothing to compare with.
        if Some(raw) == expected || (expected.is_none() && staged.is_none()) {
            return raw;
        }
        self.convert_to_git(path, bytes, staged)
            .map_or(raw, |converted| self.hash_blob(&converted))
    }

    /// `bytes` as git would store them at `path`, when a conversion changes
    /// them.
    fn convert_to_git(
        &self,
        path: &str,
        bytes: &[u8],
        staged: Option<ObjectId>,
    ) -> Option<Vec<u8>> {
        use gix::filter::plumbing::pipeline::convert::ToGitOutcome;
        let mut slot = self.filter.borrow_mut();
        let filter = slot.get_or_insert_with(|| self.make_filter()).as_mut()?;
        let objects = &self.repo.objects;
        let platform = filter
            .attributes
            .at_path(
                Path::new(path),
                Some(gix::index::entry::Mode::FILE),
                objects,
            )
            .ok()?;
        let mut attributes = |_: &gix::bstr::BStr, out: &mut gix::attrs::search::Outcome| {
            platform.matching_attributes(out);
        };
        let mut index_object = |buf: &mut Vec<u8>| -> gix::Result<Option<()>> {
            let Some(id) = staged else { return Ok(None) };
            match self.repo.find_blob(id) {
                Ok(mut blob) => {
                    *buf = blob.take_data();
                    Ok(Some(()))
                }
                Err(_) => Ok(None),
            }
        };
        let out = filter
            .pipeline
            .convert_to_git(bytes, Path::new(path), &mut attributes, &mut index_object)
            .ok()?;
        match out {
            ToGitOutcome::Buffer(converted) => Some(converted.to_vec()),
            ToGitOutcome::Unchanged(_) | ToGitOutcome::Process(_) => None,
        }
    }

    fn make_filter(&self) -> Option<Filter> {
        let (pipeline, _index) = self.repo.filter_pipeline(None).ok()?;
        let (mut pipeline, attributes) = pipeline.into_parts();
        let options = pipeline.options_mut();
        // caplint runs no programs: configured clean filters are left out
        // (git would run them; such a file may then look changed).
        options.drivers.clear();
        options.crlf_roundtrip_check = gix::filter::plumbing::pipeline::CrlfRoundTripCheck::Skip;
        Some(Filter {
            pipeline,
            attributes,
        })
    }
}

#[cfg(test)]
mod tests;
