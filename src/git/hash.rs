//! Blob ids as git computes them, for texts read from the work tree.

use super::{ObjectId, Repo};

impl Repo {
    /// The object id git would give `data` as a blob.
    pub fn hash_blob(&self, data: &[u8]) -> ObjectId {
        self.blob_hasher().hash(data)
    }

    /// Hashes blobs as this repository does, on any thread.
    pub fn blob_hasher(&self) -> BlobHasher {
        BlobHasher(self.repo.object_hash())
    }
}

/// The blob id git would give a text (see [`Repo::blob_hasher`]). Unlike the
/// repository it is `Send` and `Sync`, so texts can be hashed in parallel.
#[derive(Debug, Clone, Copy)]
pub struct BlobHasher(gix::hash::Kind);

/// SHA-1, git's default (outside a repository, where no id is compared
/// with git's).
impl Default for BlobHasher {
    fn default() -> BlobHasher {
        BlobHasher(gix::hash::Kind::Sha1)
    }
}

impl BlobHasher {
    pub fn hash(&self, data: &[u8]) -> ObjectId {
        gix::objs::compute_hash(self.0, gix::objs::Kind::Blob, data)
            .unwrap_or_else(|_| ObjectId::null(self.0))
    }
}
