//! Arbitrary text through the secret scanner: ranges on character
//! boundaries, sorted, never overlapping, and redaction keeps the length.
#![no_main]

use caplint::rules::security;
use caplint::source::SourceFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let found = security::scan(&text);
    let mut last_end = 0;
    for m in &found {
        assert!(m.range.start < m.range.end, "empty range {:?}", m.range);
        assert!(m.range.end <= text.len());
        assert!(text.is_char_boundary(m.range.start) && text.is_char_boundary(m.range.end));
        assert!(m.range.start >= last_end, "overlap at {:?}", m.range);
        last_end = m.range.end;
    }
    let mut src = SourceFile::new("x", text.into_owned());
    let diags = security::check(&mut src);
    assert_eq!(diags.len(), found.len());
    let red = src.redacted_text();
    assert_eq!(red.len(), src.text.len());
    assert_eq!(red.matches('\n').count(), src.text.matches('\n').count());
});
