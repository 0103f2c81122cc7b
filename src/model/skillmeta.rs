//! The two frontmatter fields a skill's history is judged by: `name` and
//! `version`, with the spans of their values (read by
//! `crate::history::skillmeta`).

use crate::source::Span;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillMeta {
    pub name: Option<(String, Span)>,
    pub version: Option<(String, Span)>,
    /// The opening `---` line, for findings about the frontmatter as a whole.
    pub fence: Span,
}

/// The text with the `version` value cut out, so that two revisions that
/// differ only in their version compare equal.
pub fn without_version<'a>(text: &'a str, meta: Option<&SkillMeta>) -> std::borrow::Cow<'a, str> {
    match meta.and_then(|m| m.version.as_ref()) {
        Some((_, span)) if span.end() <= text.len() => {
            let mut s = String::with_capacity(text.len());
            s.push_str(&text[..span.offset]);
            s.push_str(&text[span.end()..]);
            std::borrow::Cow::Owned(s)
        }
        _ => std::borrow::Cow::Borrowed(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_value_is_cut_out() {
        let text = "---\nname: a\nversion: 1.2.0\n---\n";
        let at = text.find("1.2.0").unwrap();
        let meta = SkillMeta {
            name: None,
            version: Some(("1.2.0".into(), Span::new(at, 5))),
            fence: Span::new(0, 3),
        };
        assert_eq!(
            without_version(text, Some(&meta)),
            "---\nname: a\nversion: \n---\n"
        );
        assert_eq!(without_version(text, None), text);
    }
}
