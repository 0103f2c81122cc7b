//! `profile/field-type`.

use super::context::{ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::json::{Kind, Member};

declare_rule! {
    /// one of those has the wrong type or is empty (e.g. `"version": 3`: help says to quote it)
    ///
    /// ## What it does
    /// Checks that `agent_id`, `version` and `declared_at` are non-empty strings, that `skills`, `tools` and `limits` are lists, and that `notes` is a string and `retired_at` a string when present.
    ///
    /// ## Why
    /// Versions are compared as strings of digits or SemVer; a JSON number loses that form (`1.10` becomes `1.1`). An empty `agent_id` cannot identify anyone.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"agent_id": "a", "version": 3, "declared_at": "2026-10-01", "skills": [], "tools": [], "limits": ["x"]}
    /// ```
    /// Good:
    /// ```json
    /// {"agent_id": "a", "version": "3", "declared_at": "2026-10-01", "skills": [], "tools": [], "limits": ["x"]}
    /// ```
    ///
    /// ## Fix
    /// Use the type shown in the message; quote versions.
    pub static RULE = "profile/field-type", Error;
}

/// The top-level fields: the strings, the optional strings, the lists.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        if cx.members().is_none() {
            return;
        }
        let root = cx.root;
        for key in ["agent_id", "version", "declared_at"] {
            if let Some(m) = root.get(key) {
                non_empty_string_field(cx, m, out);
            }
        }
        for key in ["notes", "retired_at"] {
            if let Some(m) = root.get(key) {
                if m.value.as_str().is_none()
                    && !(key == "notes" && matches!(m.value.kind, Kind::Null))
                {
                    let d = cx
                        .diag(
                            &RULE,
                            format!("`{key}` must be a string, found {}", m.value.type_name()),
                        )
                        .at(m.value.span)
                        .label("expected a string");
                    out.push(d);
                }
            }
        }
        for key in ["skills", "tools", "limits"] {
            if let Some(m) = root.get(key) {
                if m.value.as_array().is_none() {
                    let d = cx
                        .diag(
                            &RULE,
                            format!("`{}` must be a list, found {}", m.key, m.value.type_name()),
                        )
                        .at(m.value.span)
                        .label("expected a list");
                    out.push(d);
                }
            }
        }
    }
}

fn non_empty_string_field(cx: &ProfileCx<'_>, m: &Member, out: &mut Vec<Diagnostic>) {
    let key = m.key.as_ref();
    match &m.value.kind {
        Kind::String(s) if !s.trim().is_empty() => {}
        Kind::String(_) => {
            let d = cx
                .diag(&RULE, format!("`{key}` is empty"))
                .at(m.value.span)
                .label("empty string");
            out.push(d);
        }
        Kind::Number(n) if key == "version" => {
            let d = cx
                .diag(&RULE, format!("`version` must be a string, found the number {n}"))
                .at(m.value.span)
                .label("a number")
                .help(format!("quote it: \"version\": \"{n}\" — as a number, 1.10 reads as 1.1 and versions stop comparing"));
            out.push(d);
        }
        _ => {
            let d = cx
                .diag(
                    &RULE,
                    format!("`{key}` must be a string, found {}", m.value.type_name()),
                )
                .at(m.value.span)
                .label("expected a string");
            out.push(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, run_checks, span_text, OK};
    use super::*;
    use crate::diagnostic::Rule;

    #[test]
    fn version_number_gets_quote_help() {
        let text = OK.replace("\"version\": \"1\"", "\"version\": 3");
        let ds = run(&text);
        assert_eq!(ds.len(), 1);
        let d = &ds[0];
        assert_eq!(d.rule, &RULE);
        assert_eq!(span_text(&text, d), "3");
        assert_eq!(d.message, "`version` must be a string, found the number 3");
        assert!(d.help.as_deref().unwrap().contains("\"version\": \"3\""));
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn empty_strings_wrong_types_and_lists() {
        let text = OK
            .replace("\"agent_id\": \"a\"", "\"agent_id\": \" \", \"notes\": null, \"retired_at\": 1")
            .replace("\"limits\": [\"x\"]", "\"limits\": {}");
        let ds = run_checks(&[&Check], &text);
        let messages: Vec<_> = ds.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "`agent_id` is empty",
                "`retired_at` must be a string, found a number",
                "`limits` must be a list, found an object",
            ]
        );
        assert_eq!(span_text(&text, &ds[2]), "{}");
        assert_eq!(rules(OK), Vec::<&Rule>::new());
    }
}
