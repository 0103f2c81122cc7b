//! Bytes as YAML and as a `SKILL.md`: the spanned YAML tree and the
//! frontmatter split. No panic; every range inside the text, on character
//! boundaries, and in order.
#![no_main]

use caplint::skill::frontmatter;
use caplint::source::Span;
use caplint::yaml;
use libfuzzer_sys::fuzz_target;

fn in_text(text: &str, span: Span, what: &str) {
    assert!(
        span.end() <= text.len(),
        "{what}: {span:?} outside {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.offset) && text.is_char_boundary(span.end()),
        "{what}: {span:?} not on character boundaries"
    );
}

fn check_tree(text: &str) {
    match yaml::parse(text) {
        Ok(Some(root)) => root.walk(&mut |n| {
            in_text(text, n.span, "node");
            if let Some((_, Some(s))) = &n.tag {
                in_text(text, *s, "tag");
            }
            if let Some(a) = n.anchor {
                in_text(text, a, "anchor");
            }
            let _ = n.resolved();
            let _ = n.type_name();
        }),
        Ok(None) => {}
        Err(e) => {
            assert!(e.offset <= text.len(), "error offset {} outside", e.offset);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    check_tree(text);
    if let Ok(split) = frontmatter::split(text) {
        for (what, r) in [
            ("open", &split.open),
            ("yaml", &split.yaml),
            ("close", &split.close),
            ("body", &split.body),
        ] {
            assert!(r.start <= r.end, "{what}: {r:?}");
            in_text(text, Span::from_range(r.clone()), what);
        }
        assert!(split.open.end <= split.yaml.start);
        assert!(split.yaml.end <= split.close.start);
        assert!(split.close.end <= split.body.start);
        check_tree(&text[split.yaml.clone()]);
    }
});
