//! Arbitrary text through the skill reference scanners (Markdown, code,
//! Python imports), whole and from an arbitrary sub-range: no panic, and
//! every reference's span inside the scanned range, on character
//! boundaries, with text that is never empty.
#![no_main]

use caplint::skill::markdown;
use libfuzzer_sys::fuzz_target;

fn check(text: &str, range: std::ops::Range<usize>, refs: &[markdown::Ref], what: &str) {
    for r in refs {
        let (start, end) = (r.span.offset, r.span.end());
        assert!(
            range.start <= start && end <= range.end,
            "{what}: {:?} outside {range:?}",
            r.span
        );
        assert!(
            text.is_char_boundary(start) && text.is_char_boundary(end),
            "{what}: {:?} not on character boundaries",
            r.span
        );
        assert!(!r.text.is_empty(), "{what}: empty reference at {:?}", r.span);
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let all = 0..text.len();
    check(&text, all.clone(), &markdown::markdown(&text, all.clone()), "markdown");
    check(&text, all.clone(), &markdown::code(&text, all.clone()), "code");
    // A body after a frontmatter: the scan starts inside the text.
    if let Some(start) = text.char_indices().map(|(i, _)| i).nth(data.len() % 7) {
        let body = start..text.len();
        check(&text, body.clone(), &markdown::markdown(&text, body), "markdown body");
    }
    check(&text, all, &markdown::python_imports(&text), "python imports");
});
