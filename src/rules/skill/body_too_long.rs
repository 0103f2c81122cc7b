//! `skill/body-too-long`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::skill::parsed::ParsedSkill;
use crate::rules::skill::context::{Skill, SkillRule};
use crate::source::{SourceFile, Span};

declare_rule! {
    /// body over 500 lines or about 5000 tokens (4 chars a token)
    ///
    /// ## What it does
    /// Warns when the body after the frontmatter is over 500 lines or about 5000 tokens (counted as four characters a token), pointing at the line where the limit is passed.
    ///
    /// Severity: always a warning; a long body still loads, it only costs context.
    ///
    /// ## Why
    /// The body is loaded whole into the conversation; details only some conversations need belong in resource files.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// SKILL.md with 900 lines
    /// ```
    /// Good:
    /// ```text
    /// SKILL.md with 120 lines pointing at references/details.md
    /// ```
    ///
    /// ## Fix
    /// Move details into referenced files.
    pub static RULE = "skill/body-too-long", Warning;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        out.extend(body_length(cx.source, cx.parsed));
    }
}

pub const BODY_MAX_LINES: usize = 500;

pub const BODY_MAX_TOKENS: usize = 5000;

/// The usual estimate, as in agentskills-core: about four characters a token.
pub const CHARS_PER_TOKEN: usize = 4;

/// `skill/body-too-long`: the body is over [`BODY_MAX_LINES`] lines or about
/// [`BODY_MAX_TOKENS`] tokens. Points at the line where the limit is passed.
fn body_length(source: &SourceFile, skill: &ParsedSkill) -> Option<Diagnostic> {
    let text = source.text.get(skill.body.clone())?;
    let lines = text.lines().count();
    let chars = text.chars().count();
    let tokens = chars.div_ceil(CHARS_PER_TOKEN);
    let line_span = |index: usize| -> Option<Span> {
        let mut pos = skill.body.start;
        for (i, line) in text.split_inclusive('\n').enumerate() {
            if i == index {
                let content = line.trim_end_matches(['\n', '\r']);
                return Some(Span::new(pos, content.len()));
            }
            pos += line.len();
        }
        None
    };
    let help = "keep the body to the procedure every use needs and move details into referenced files (`references/…`): the whole body is loaded into the conversation each time the skill is used";
    if lines > BODY_MAX_LINES {
        return Some(
            Diagnostic::new(
                &RULE,
                source.path.clone(),
                format!("the body is {lines} lines long; keep it under {BODY_MAX_LINES}"),
            )
            .at(line_span(BODY_MAX_LINES)?)
            .label(format!("line {} of the body", BODY_MAX_LINES + 1))
            .help(help),
        );
    }
    let max_chars = BODY_MAX_TOKENS * CHARS_PER_TOKEN;
    if chars > max_chars {
        let (at, _) = text.char_indices().nth(max_chars)?;
        let offset = skill.body.start + at;
        let rest = text[at..].find('\n').unwrap_or(text.len() - at);
        return Some(
            Diagnostic::new(
                &RULE,
                source.path.clone(),
                format!("the body is about {tokens} tokens ({chars} characters at {CHARS_PER_TOKEN} a token); keep it under about {BODY_MAX_TOKENS}"),
            )
            .at(Span::new(offset, rest))
            .label(format!("about {BODY_MAX_TOKENS} tokens in"))
            .help(help),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn body_length() {
        let source_of = |body: String| {
            let text = format!("---\n{OK}---\n{body}");
            let src = SourceFile::new("skills/refund-policy/SKILL.md", text.clone());
            let parsed = crate::model::skill::parsed::parse_skill_md(&src.path, &text);
            super::body_length(&src, &parsed).map(|d| src.slice(d.span.unwrap()).to_string())
        };
        let lines: String = (1..=500).map(|i| format!("line {i}\n")).collect();
        assert_eq!(source_of(lines.clone()), None);
        assert_eq!(
            source_of(format!("{lines}line 501\n")).as_deref(),
            Some("line 501")
        );
        let para = "word ".repeat(4000);
        assert_eq!(source_of(para.clone()), None);
        let long = format!("{para}{}", "x".repeat(10));
        assert_eq!(source_of(long).as_deref(), Some("xxxxxxxxxx"));
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", format!("{}{}", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\n---\n", "Step.\n".repeat(501)).as_str()),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "the body is 501 lines long; keep it under 500");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "Step.");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", format!("{}{}", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\n---\n", "Step.\n".repeat(499)).as_str()),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }
}
