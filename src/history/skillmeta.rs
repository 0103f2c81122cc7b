//! Reads the two frontmatter fields history needs from a `SKILL.md`
//! ([`SkillMeta`]: `name` and `version`, with the spans of their values)
//! through the skill parser.

use crate::model::skill::frontmatter;
pub use crate::model::skillmeta::{without_version, SkillMeta};

/// Reads `name` and `version` from a SKILL.md text; `None` when it has no
/// frontmatter or the YAML does not parse (the skill rules report that).
/// Parsed by the skill model, so history and the skill rules read a
/// SKILL.md the same way.
pub fn read(text: &str) -> Option<SkillMeta> {
    let parsed = crate::model::skill::parsed::parse_skill_md("SKILL.md", text);
    parsed.frontmatter.as_ref()?;
    let field = |f: Option<crate::model::skill::parsed::Field<'_>>| {
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
