//! `profile/missing-field`.

use super::context::{quote, ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, did_you_mean, Diagnostic};
use crate::model::profile::{REQUIRED, TOP_LEVEL_KEYS};

declare_rule! {
    /// `agent_id`, `version`, `declared_at`, `skills`, `tools` or `limits` is absent
    ///
    /// ## What it does
    /// Checks that every required field is present. The finding points at the object's opening brace.
    ///
    /// Severity: an error. When the object has keys but none of the six (nor a misspelling of one), as in a database's `{"tables": …}` that the `profiles` glob matched by its name, one warning says so instead of six errors.
    ///
    /// ## Why
    /// Routing and audit need all six: who the agent is, which revision, when the claims were checked, and what it claims and refuses.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"agent_id": "a", "version": "1", "skills": [], "tools": [], "limits": []}
    /// ```
    /// Good:
    /// ```json
    /// {
    ///   "agent_id": "research-agent-07",
    ///   "version": "3",
    ///   "declared_at": "2026-10-01",
    ///   "skills": [{"name": "web-search", "level": "proficient",
    ///               "evidence": [{"kind": "log", "ref": "run-2026-09-28-search"}]}],
    ///   "tools": [{"name": "browser", "access": "read",
    ///              "evidence": [{"kind": "log", "ref": "browser-check-09"}]}],
    ///   "limits": ["No access to private mailboxes."]
    /// }
    /// ```
    ///
    /// ## Fix
    /// Add the missing field.
    pub static RULE = "profile/missing-field", Error;
}

/// Each required top-level key; a misspelling of it (an unknown key close
/// to it) is named in the help, and reported by `profile/unknown-field` too.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        let Some(members) = cx.members() else {
            return;
        };
        let brace = cx.root.open_span();
        // Keys, and none of them a profile's or a misspelling of one (a
        // database's `tables` and `columns`): another tool's file that the
        // `profiles` glob matched by its name. One warning, not six errors.
        let foreign = !members.is_empty()
            && REQUIRED.iter().all(|key| {
                cx.root.get(key).is_none()
                    && !members.iter().any(|m| did_you_mean(&m.key, [*key]).is_some())
            });
        if foreign {
            out.push(
                cx.diag(&RULE, "none of a profile's required fields is here".to_string())
                    .at(brace)
                    .label("no `agent_id`, `version`, `declared_at`, `skills`, `tools` or `limits`")
                    .with_severity(crate::diagnostic::Severity::Warning)
                    .help("a warning here: the file may be another tool's, named `*.profile.json`; list it under `exclude:` in `.caplint.yaml` (or narrow `profiles:`), or add the six fields"),
            );
            return;
        }
        for key in REQUIRED {
            if cx.root.get(key).is_none() {
                let misspelt = members.iter().find(|m| {
                    !TOP_LEVEL_KEYS.contains(&m.key.as_ref())
                        && did_you_mean(&m.key, [*key]).is_some()
                });
                let help = match misspelt {
                    Some(m) => format!("found {} — did you mean `{key}`?", quote(&m.key)),
                    None => format!("add `\"{key}\"` to the profile"),
                };
                let d = cx
                    .diag(&RULE, format!("missing required field `{key}`"))
                    .at(brace)
                    .label(format!("`{key}` missing from this object"))
                    .help(help);
                out.push(d);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, run, span_text, OK};
    use super::*;

    #[test]
    fn missing_fields_point_at_brace() {
        let text = "  {\"agent_id\": \"a\"}";
        let ds = run(text);
        assert_eq!(ds.iter().filter(|d| d.rule == &RULE).count(), 5);
        assert!(ds.iter().all(|d| span_text(text, d) == "{"));
        assert_eq!(ds[0].message, "missing required field `version`");
        assert_eq!(ds[0].help.as_deref(), Some("add `\"version\"` to the profile"));
        insta::assert_snapshot!(human(text, ds));
    }

    #[test]
    fn another_tools_file_gets_one_warning() {
        let text = "{\"tables\": {}, \"columns\": {}, \"encodings\": {}}";
        let ds: Vec<_> = run(text).into_iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].severity, crate::diagnostic::Severity::Warning);
        assert_eq!(ds[0].message, "none of a profile's required fields is here");
        // An empty object, or one with a misspelt field, is a profile still.
        assert_eq!(run("{}").iter().filter(|d| d.rule == &RULE).count(), 6);
        let ds = run("{\"agent-id\": \"a\"}");
        let ds: Vec<_> = ds.iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(ds.len(), 6);
        assert!(ds.iter().all(|d| d.severity == crate::diagnostic::Severity::Error));
    }

    #[test]
    fn a_misspelt_field_is_missing_with_a_suggestion() {
        let text = OK.replace("\"declared_at\"", "\"declared-at\"");
        let ds = run(&text);
        let missing: Vec<_> = ds.iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(missing.len(), 1);
        assert_eq!(
            missing[0].help.as_deref(),
            Some("found `declared-at` — did you mean `declared_at`?")
        );
        assert!(run(OK).is_empty());
    }
}
