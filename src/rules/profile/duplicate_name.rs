//! `profile/duplicate-name`.

use super::context::{EntryLabel, FirstSeen, ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::EntryKind;

declare_rule! {
    /// two skills, or two tools, share a name (labels on both)
    ///
    /// ## What it does
    /// Reports a skill or tool name that appears twice in its list, with a label on each entry.
    ///
    /// ## Why
    /// Routing reads one entry per name; two entries with different levels make the claim ambiguous.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "skills": [{"name": "web-search", "level": "basic", ...}, {"name": "web-search", "level": "advanced", ...}]
    /// ```
    /// Good:
    /// ```json
    /// "skills": [{"name": "web-search", "level": "basic", ...}]
    /// ```
    ///
    /// ## Fix
    /// Keep one entry per name.
    pub static RULE = "profile/duplicate-name", Error;
}

/// The usable names of the entries of `skills`, then of `tools`.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        for kind in EntryKind::ALL {
            let mut names = FirstSeen::default();
            for entry in kind.entries(cx.root) {
                let Some((n, span)) = entry.name() else {
                    continue;
                };
                if let Some(first) = names.first(n, span) {
                    let label = EntryLabel::of(&entry);
                    let d = cx
                        .diag(&RULE, format!("{} is listed twice in `{}`", label, kind.list()))
                        .at(span)
                        .label("second entry")
                        .with_label(first, "first entry")
                        .help("routing reads one entry per name; keep one");
                    out.push(d);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, OK};
    use super::*;
    use crate::diagnostic::Rule;

    #[test]
    fn a_tool_listed_twice() {
        let text = OK.replace("\"name\": \"mail\"", "\"name\": \"browser\"");
        assert_eq!(rules(&text), vec![&RULE]);
        let ds = run(&text);
        assert_eq!(ds[0].message, "tool `browser` is listed twice in `tools`");
        assert_eq!(ds[0].span.unwrap().offset, text.rfind("\"browser\"").unwrap());
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn duplicate_names_keep_the_first_entry_as_label() {
        let text = r#"{"skills": [{"name": "a"}, {"name": "b"}, {"name": "a"}, {"name": "a"}]}"#;
        let ds: Vec<_> = run(text).into_iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(ds.len(), 2);
        for d in &ds {
            assert_eq!(d.labels[0].span.offset, text.find("\"a\"").unwrap());
        }
        // A skill and a tool may share a name.
        let text = OK.replace("\"name\": \"mail\"", "\"name\": \"web-search\"");
        assert_eq!(rules(&text), Vec::<&Rule>::new());
    }
}
