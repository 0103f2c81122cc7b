//! `profile/invalid-date`.

use super::context::{quote, EntryLabel, ProfileCx, ProfileRule};
use crate::date::Date;
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::EntryKind;
use crate::source::Span;

declare_rule! {
    /// `declared_at` (or an evidence `date`) is not a real date in `YYYY-MM-DD` form
    ///
    /// ## What it does
    /// Checks `declared_at`, `retired_at` and every evidence `date`: four-digit year, two-digit month and day, zero padded, and a real calendar date.
    ///
    /// ## Why
    /// Freshness is computed from these dates. `2026-2-30` or `10/01/2026` cannot be compared reliably.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "declared_at": "2026-10-1"
    /// ```
    /// Good:
    /// ```json
    /// "declared_at": "2026-10-01"
    /// ```
    ///
    /// ## Fix
    /// Write the date as YYYY-MM-DD.
    pub static RULE = "profile/invalid-date", Error;
}

/// `retired_at`, `declared_at` and each evidence `date`.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        if cx.members().is_none() {
            return;
        }
        for key in ["retired_at", "declared_at"] {
            if let Some(m) = cx.root.get(key) {
                if let Some(text) = m.value.as_str() {
                    date_value(cx, text, m.value.span, key, out);
                }
            }
        }
        for kind in EntryKind::ALL {
            for entry in kind.entries(cx.root) {
                for e in entry.evidence() {
                    let Some(dm) = e.get("date") else {
                        continue;
                    };
                    match dm.value.as_str() {
                        Some(text) => date_value(cx, text, dm.value.span, "date", out),
                        None => {
                            let label = EntryLabel::of(&entry);
                            let d = cx.diag(&RULE, format!("{label}: evidence `date` must be a YYYY-MM-DD string, found {}", dm.value.type_name())).at(dm.value.span).label("not a date");
                            out.push(d);
                        }
                    }
                }
            }
        }
    }
}

fn date_value(cx: &ProfileCx<'_>, text: &str, span: Span, field: &str, out: &mut Vec<Diagnostic>) {
    if Date::parse_ymd(text).is_some() {
        return;
    }
    let help = if text.trim() != text {
        "remove the surrounding spaces".to_string()
    } else {
        "dates are written YYYY-MM-DD, zero padded, e.g. 2026-10-01".to_string()
    };
    let d = cx
        .diag(
            &RULE,
            format!(
                "`{field}` is not a real date in YYYY-MM-DD form: {}",
                quote(text)
            ),
        )
        .at(span)
        .label("not YYYY-MM-DD")
        .help(help);
    out.push(d);
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, run_checks, span_text, OK};
    use super::*;

    #[test]
    fn an_unpadded_date_is_invalid() {
        let text = OK.replace("2026-10-01", "2026-10-1");
        assert_eq!(rules(&text), vec![&RULE]);
        let ds = run(&text);
        assert_eq!(
            ds[0].message,
            "`declared_at` is not a real date in YYYY-MM-DD form: `2026-10-1`"
        );
        assert_eq!(span_text(&text, &ds[0]), "\"2026-10-1\"");
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn evidence_and_retirement_dates() {
        let text = OK
            .replace("\"ref\": \"r1\"", "\"ref\": \"r1\", \"date\": 7")
            .replace("2026-10-01\",", "2026-10-01\", \"retired_at\": \" 2026-10-02\",");
        let ds = run_checks(&[&Check], &text);
        let messages: Vec<_> = ds.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "`retired_at` is not a real date in YYYY-MM-DD form: ` 2026-10-02`",
                "skill `web-search`: evidence `date` must be a YYYY-MM-DD string, found a number",
            ]
        );
        assert_eq!(ds[0].help.as_deref(), Some("remove the surrounding spaces"));
        // An invalid evidence date also makes the evidence unusable.
        assert!(rules(&text).contains(&&super::super::missing_evidence::RULE));
        assert_eq!(run_checks(&[&Check], OK), vec![]);
    }
}
