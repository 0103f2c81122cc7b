//! Where each path of a sorted table is, by a hash of the path: finding a
//! path takes one probe, where a binary search over tens of thousands of
//! paths with long common prefixes takes sixteen string comparisons. The
//! index and the walk's listing keep their paths in order (for ranges of a
//! folder) and find single paths through this.

/// The positions of a table's paths (the table itself is the caller's).
#[derive(Debug, Clone, Default)]
pub struct Positions {
    table: hashbrown::HashTable<u32>,
}

fn hash(path: &str) -> u64 {
    use std::hash::BuildHasher;
    foldhash::fast::FixedState::with_seed(0x1dea).hash_one(path)
}

impl Positions {
    /// The positions of `items`, each named by `path`.
    pub fn of<T>(items: &[T], path: fn(&T) -> &str) -> Positions {
        let mut table = hashbrown::HashTable::with_capacity(items.len());
        // (A table of 2^32 paths would not fit in memory.)
        for (i, item) in items.iter().enumerate().take(u32::MAX as usize) {
            let hash_of = |&j: &u32| hash(path(&items[j as usize]));
            table.insert_unique(hash(path(item)), i as u32, hash_of);
        }
        Positions { table }
    }

    /// Where the path `wanted` is in `items` (the table these positions
    /// were made of).
    pub fn find<T>(&self, items: &[T], path: fn(&T) -> &str, wanted: &str) -> Option<usize> {
        self.table
            .find(hash(wanted), |&i| {
                items
                    .get(i as usize)
                    .is_some_and(|item| path(item) == wanted)
            })
            .map(|&i| i as usize)
    }

    /// How many paths it places.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_path_and_no_other() {
        let items: Vec<(String, usize)> = (0..5000)
            .map(|i| {
                (
                    format!("agents/team-{:02}/agent-{i:05}.profile.json", i % 50),
                    i,
                )
            })
            .collect();
        fn path(e: &(String, usize)) -> &str {
            &e.0
        }
        let positions = Positions::of(&items, path);
        assert_eq!(positions.len(), items.len());
        for (i, (p, _)) in items.iter().enumerate() {
            assert_eq!(positions.find(&items, path, p), Some(i));
        }
        assert_eq!(positions.find(&items, path, "agents/team-00"), None);
        assert_eq!(positions.find(&items, path, ""), None);
        // Asked of another table, it finds nothing that is not there.
        assert_eq!(positions.find(&items[..10], path, &items[20].0), None);
    }
}
