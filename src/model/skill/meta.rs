//! The two frontmatter fields a skill's history is judged by: `name` and
//! `version`, with the spans of their values ([`SkillMeta`]), read from a
//! `SKILL.md` through the skill parser, so that history and the skill rules
//! read a `SKILL.md` the same way.

use super::frontmatter;
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

/// Reads `name` and `version` from a SKILL.md text; `None` when it has no
/// frontmatter or the YAML does not parse (the skill rules report that).
/// Parsed by the skill model, so history and the skill rules read a
/// SKILL.md the same way.
pub fn read(text: &str) -> Option<SkillMeta> {
    let parsed = super::parsed::parse_skill_md("SKILL.md", text);
    parsed.frontmatter.as_ref()?;
    let field = |f: Option<super::parsed::Field<'_>>| {
        let f = f?;
        let (value, _) = f.value.scalar()?;
        Some((value.trim().to_string(), f.value.span))
    };
    Some(SkillMeta {
        name: field(parsed.name()),
        version: field(parsed.version()),
        fence: parsed.open_fence()?,
    })
}

/// Whether the frontmatter might declare a version, judged from the raw text
/// without parsing it (to skip unchanged, unversioned skills cheaply).
pub fn may_declare_version(text: &str) -> bool {
    match frontmatter::split(text) {
        Ok(split) => text[split.yaml].contains("version"),
        Err(_) => false,
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

    #[test]
    fn reads_name_and_version_with_spans() {
        let text = "---\nname: pdf\nversion: \"1.2.0\"\ndescription: x\n---\nbody\n";
        let m = read(text).unwrap();
        let (name, span) = m.name.clone().unwrap();
        assert_eq!(name, "pdf");
        assert_eq!(&text[span.range()], "pdf");
        let (version, span) = m.version.clone().unwrap();
        assert_eq!(version, "1.2.0");
        assert_eq!(&text[span.range()], "\"1.2.0\"");
        let other = text.replace("1.2.0", "1.3.0");
        assert_eq!(
            without_version(text, Some(&m)),
            without_version(&other, read(&other).as_ref())
        );
        assert!(may_declare_version(text));
        assert!(!may_declare_version(
            "---\nname: a\n---\nversion 2 of the body\n"
        ));
    }

    #[test]
    fn no_frontmatter_is_none() {
        assert_eq!(read("# just markdown\n"), None);
        assert_eq!(read("---\nname: [unclosed\n---\n"), None);
    }
}
