//! `profile/skill-name-style`.

use super::combined_skill::joins_two_skills;
use super::context::{quote, ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::EntryKind;

declare_rule! {
    /// a skill name is not short, lower case and hyphenated
    ///
    /// ## What it does
    /// Checks that skill names are lower-case words of letters and digits joined by single hyphens, at most 32 characters and 4 words.
    ///
    /// ## Why
    /// Names are matched across profiles and requirements; `Web Search`, `web_search` and `web-search` should not be three skills.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "Web Search", ...}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "web-search", ...}
    /// ```
    ///
    /// ## Fix
    /// Rename to a short lower-case hyphenated name.
    pub static RULE = "profile/skill-name-style", Warning;
}

/// The usable name of each skill entry, unless it joins two skills (that is
/// `profile/combined-skill`).
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        for entry in EntryKind::Skill.entries(cx.root) {
            let Some((name, span)) = entry.name() else {
                continue;
            };
            if joins_two_skills(name) || styled(name) {
                continue;
            }
            let suggestion: String = name
                .trim()
                .to_lowercase()
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join("-");
            let help = if suggestion.is_empty() || suggestion == name {
                "use a short lower-case hyphenated name such as `web-search` (at most 32 characters, 4 words)".to_string()
            } else {
                format!("use a short lower-case hyphenated name such as `{suggestion}`")
            };
            let d = cx
                .diag(
                    &RULE,
                    format!(
                        "skill name {} is not short, lower case and hyphenated",
                        quote(name)
                    ),
                )
                .at(span)
                .label("not in name style")
                .help(help);
            out.push(d);
        }
    }
}

/// At most 32 characters and 4 words of lower-case ASCII letters and digits,
/// joined by single hyphens.
fn styled(name: &str) -> bool {
    let words: Vec<&str> = name.split('-').collect();
    !name.is_empty()
        && name.chars().count() <= 32
        && words.len() <= 4
        && words.iter().all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, span_text, OK};
    use super::*;

    #[test]
    fn a_name_with_capitals_and_spaces() {
        let text = OK.replace("\"name\": \"web-search\"", "\"name\": \"Web Search\"");
        assert_eq!(rules(&text), vec![&RULE]);
        let ds = run(&text);
        assert_eq!(
            ds[0].message,
            "skill name `Web Search` is not short, lower case and hyphenated"
        );
        assert_eq!(
            ds[0].help.as_deref(),
            Some("use a short lower-case hyphenated name such as `web-search`")
        );
        assert_eq!(span_text(&text, &ds[0]), "\"Web Search\"");
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn styled_names_and_combined_ones() {
        assert!(styled("web-search"));
        assert!(styled("a1-b2-c3-d4"));
        assert!(!styled("a-b-c-d-e"));
        assert!(!styled("web--search"));
        assert!(!styled(&"x".repeat(33)));
        // A combined name is only profile/combined-skill.
        let text = OK.replace("\"name\": \"web-search\"", "\"name\": \"Research & Writing\"");
        assert_eq!(rules(&text), vec![&super::super::combined_skill::RULE]);
        assert_eq!(run(OK), vec![]);
    }
}
