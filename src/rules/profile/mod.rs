//! `profile/*` rules: one file per rule, listed once below. Their check
//! trait and shared helpers are in [`context`]; the profile format itself is
//! in [`crate::model::profile`].

use crate::diagnostic::rule_family;

pub mod context;

rule_family! {
    check: context::ProfileRule;
    invalid_json,
    duplicate_key,
    not_an_object,
    missing_field,
    field_type,
    invalid_date,
    declared_in_future,
    stale,
    empty_limits,
    invalid_limit,
    invalid_entry,
    invalid_level,
    invalid_access,
    missing_evidence,
    invalid_evidence,
    duplicate_name,
    duplicate_agent_id,
    unknown_field,
    skill_name_style,
    combined_skill,
    link_not_url,
}

/// What the rules' tests share: a profile linted as the engine lints it.
#[cfg(test)]
mod tests {
    use super::context::{ProfileCx, ProfileRule};
    use crate::date::Date;
    use crate::diagnostic::{Diagnostic, Rule};
    use crate::settings::Settings;
    use crate::source::SourceFile;

    /// A profile every rule passes.
    pub const OK: &str = r#"{"agent_id": "a", "version": "1", "declared_at": "2026-10-01",
      "skills": [{"name": "web-search", "level": "basic", "evidence": [{"kind": "log", "ref": "r1"}]}],
      "tools": [{"name": "browser", "access": "read", "evidence": [{"kind": "link", "ref": "https://x.org/1"}]},
                {"name": "mail", "access": "none"}],
      "limits": ["x"]}"#;

    pub fn source(text: &str) -> SourceFile {
        SourceFile::new("a.profile.json", text)
    }

    /// The checks' settings: the default configuration, as of 2026-10-15.
    pub fn settings() -> Settings {
        Settings::defaults(".", Date::parse_ymd("2026-10-15").unwrap())
    }

    /// `text` parsed and checked by `checks`, in the order they find.
    pub fn run_checks(checks: &[&(dyn ProfileRule + Sync)], text: &str) -> Vec<Diagnostic> {
        let source = source(text);
        let settings = settings();
        let (value, err) = super::invalid_json::parse(&source, None);
        let mut out: Vec<Diagnostic> = err.into_iter().collect();
        if let Some(root) = &value {
            let cx = ProfileCx {
                source: &source,
                root,
                as_of: settings.as_of,
                freshness_days: settings.config.freshness_days,
                min_evidence: settings.config.min_evidence,
            };
            for check in checks {
                check.file(&cx, &mut out);
            }
        }
        out
    }

    /// `text` parsed and checked by every profile rule.
    pub fn run(text: &str) -> Vec<Diagnostic> {
        run_checks(super::CHECKS, text)
    }

    /// The rules every profile rule finds in `text`, sorted.
    pub fn rules(text: &str) -> Vec<&'static Rule> {
        let mut r: Vec<_> = run(text).into_iter().map(|d| d.rule).collect();
        r.sort();
        r
    }

    /// The text a finding's span covers.
    pub fn span_text<'a>(text: &'a str, d: &Diagnostic) -> &'a str {
        &text[d.span.unwrap().range()]
    }

    /// The plain human output of `diagnostics` about `text`.
    pub fn human(text: &str, diagnostics: Vec<Diagnostic>) -> String {
        crate::render::human::plain([source(text)], diagnostics)
    }
}
