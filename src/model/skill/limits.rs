//! Sizes a skill's files are read up to.

/// Resource files over this size are not read whole (they are listed, and
/// scanned for secrets piece by piece).
pub const MAX_RESOURCE_BYTES: u64 = 8 * 1024 * 1024;
