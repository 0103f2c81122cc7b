//! Reading the files a run lints: whole, at the size their stat gave, or an
//! editor's buffer in their place; and what a run keeps of each profile.

use crate::error::Fatal;
use crate::git::FileStat;
use crate::settings::Settings;
use crate::source::SourceFile;

/// A profile as loaded for this run. The parsed tree is dropped as soon as
/// the file's rules have run (history parses the few files it needs again),
/// so a run over thousands of profiles holds only their texts.
#[derive(Debug, Clone)]
pub struct LoadedProfile {
    pub path: String,
    /// Whether the file parsed as JSON (a parse failure is already reported).
    pub parsed: bool,
    /// The profile's `agent_id` and the span of its value, if usable.
    pub agent_id: Option<(String, crate::source::Span)>,
    /// The file's stat data when it was read.
    pub stat: Option<FileStat>,
    /// Linted as its staged content (`--staged`), which history then need
    /// not check against the index again.
    pub staged: bool,
}

/// Reads a file found by discovery, relative to the root.
pub fn read_source(settings: &Settings, rel: &str) -> Result<(SourceFile, Option<usize>), Fatal> {
    read_source_stat(settings, rel).map(|(source, bad, _)| (source, bad))
}

/// [`read_source`], with the file's stat data taken from the open file (no
/// extra system call), which lets history trust the index's blob id for a
/// file that has not changed since it was staged instead of hashing it.
pub fn read_source_stat(
    settings: &Settings,
    rel: &str,
) -> Result<(SourceFile, Option<usize>, Option<FileStat>), Fatal> {
    match settings.contents().read(rel) {
        crate::contents::Read::Held(bytes) => {
            let (source, bad) = SourceFile::from_bytes(rel, bytes);
            return Ok((source, bad, None));
        }
        crate::contents::Read::Absent => {
            return Err(Fatal::Io(format!(
                "cannot read {rel}: the side judged holds no such file"
            )))
        }
        crate::contents::Read::Disk => {}
    }
    let fail = |e: std::io::Error| Fatal::Io(format!("cannot read {rel}: {e}"));
    let mut file = std::fs::File::open(settings.open_path(rel)).map_err(fail)?;
    let (stat, size) = match FileStat::of(&file) {
        Some((stat, len)) => (Some(stat), len),
        None => (None, file.metadata().map_or(0, |m| m.len())),
    };
    let bytes = read_sized(&mut file, size).map_err(fail)?;
    let (source, bad) = SourceFile::from_bytes(rel, bytes);
    Ok((source, bad, stat))
}

/// Reads an open file whose size is known: into a buffer of that size,
/// without the size probes `File::read_to_end` makes (a `statx` and an
/// `lseek` per file). Reading stops at the size the file's stat gave, as
/// git's does, without one more `read` to find the end (a file appended to
/// meanwhile is read as it was when opened; one that shrank, as it is).
pub fn read_sized(file: &mut std::fs::File, size: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let capacity = usize::try_from(size).unwrap_or(0).min(1 << 30);
    let mut bytes = vec![0; capacity];
    let mut filled = 0;
    while filled < capacity {
        match file.read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    bytes.truncate(filled);
    if filled == capacity && u64::try_from(capacity).ok() != Some(size) {
        // Larger than the cap: the rest, as it comes.
        file.read_to_end(&mut bytes)?;
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_sized_reads_up_to_the_size_the_stat_gave() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.profile.json");
        std::fs::write(&path, b"0123456789").unwrap();
        let read = |size: u64| read_sized(&mut std::fs::File::open(&path).unwrap(), size).unwrap();
        assert_eq!(read(10), b"0123456789");
        // Appended to after the stat: read as it was.
        assert_eq!(read(4), b"0123");
        // Shrunk after the stat: read as it is.
        assert_eq!(read(64), b"0123456789");
        assert_eq!(read(0), b"");
    }
}
