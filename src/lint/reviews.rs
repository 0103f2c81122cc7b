//! History's memo of the reviews that found nothing, kept beside the cache.

use super::cache::{self, Cache, Entry, Key, Used};
use crate::git::BlobHasher;
use crate::history::review::{Memo, Pair};

/// History's memo ([`Memo`]): the changed profiles' pairs of revisions
/// whose review found nothing, kept in the mode's reviews file under the
/// same kind of stamp as its units. Each pair is found by a digest of its
/// path and its revisions' blob ids, and holds no finding or text.
pub(super) struct Reviews {
    hasher: BlobHasher,
    cache: Cache,
    /// The entries found again.
    used: std::sync::Mutex<Used>,
}

impl Reviews {
    pub(super) fn load(path: std::path::PathBuf, stamp: Vec<u8>, hasher: BlobHasher) -> Reviews {
        Reviews {
            hasher,
            cache: Cache::load(path, stamp),
            used: std::sync::Mutex::default(),
        }
    }

    fn key(&self, pair: &Pair<'_>) -> Key {
        let mut buf = pair.path.as_bytes().to_vec();
        buf.push(0);
        for id in [Some(pair.base), Some(pair.head), pair.tip]
            .into_iter()
            .flatten()
        {
            buf.extend_from_slice(id.as_bytes());
        }
        buf.push(u8::from(pair.tip.is_some()));
        let mut key = b"review\0".to_vec();
        key.extend_from_slice(self.hasher.hash(&buf).as_bytes());
        key
    }

    /// Writes the file: the pairs found again and those remembered.
    pub(super) fn store(&self) {
        let used = std::mem::take(&mut *self.used.lock().unwrap_or_else(|p| p.into_inner()));
        self.cache.store(used);
    }
}

impl Memo for Reviews {
    fn found_nothing(&self, pair: &Pair<'_>) -> bool {
        match self.cache.get(&self.key(pair)) {
            Some(cache::Hit {
                entry: Entry::Judged,
                slot,
            }) => {
                let mut used = self.used.lock().unwrap_or_else(|p| p.into_inner());
                used.hits.push(slot);
                true
            }
            _ => false,
        }
    }

    fn remember(&self, pair: &Pair<'_>) {
        self.cache.add(&self.key(pair), &Entry::Judged);
    }
}
