//! `profile/unknown-field`.

use super::context::{quote, ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, did_you_mean, Applicability, Diagnostic, Fix};
use crate::json::Member;
use crate::model::profile::{EntryKind, EVIDENCE_KEYS, TOP_LEVEL_KEYS};

declare_rule! {
    /// a key that is not part of the format (did-you-mean, e.g. `declared-at`)
    ///
    /// ## What it does
    /// Warns about keys the format does not define, at the top level and in skill, tool and evidence entries, and suggests the closest known key.
    ///
    /// ## Why
    /// A misspelt key (`declared-at`) is silently ignored by every reader, so the real field looks missing or stale.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"declared-at": "2026-10-01"}
    /// ```
    /// Good:
    /// ```json
    /// {"declared_at": "2026-10-01"}
    /// ```
    ///
    /// ## Fix
    /// Rename the key, or move free text into `notes`.
    pub static RULE = "profile/unknown-field", Warning,
        fixable: Unsafe, "renames the key to the known key it is closest to (`declared-at` becomes `declared_at`), when there is one; unsafe, because the value then counts.";
}

/// The keys of the profile, of each skill and tool entry that is an object,
/// and of each of their evidence objects.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        let Some(members) = cx.members() else {
            return;
        };
        for m in members {
            if !TOP_LEVEL_KEYS.contains(&m.key.as_ref()) {
                out.push(unknown_field(cx, m, TOP_LEVEL_KEYS, "profile"));
            }
        }
        for kind in EntryKind::ALL {
            for entry in kind.entries(cx.root) {
                for m in entry.members() {
                    if !kind.keys().contains(&m.key.as_ref()) {
                        out.push(unknown_field(cx, m, kind.keys(), kind.noun()));
                    }
                }
                for e in entry.evidence() {
                    for m in e.as_object().unwrap_or_default() {
                        if !EVIDENCE_KEYS.contains(&m.key.as_ref()) {
                            out.push(unknown_field(cx, m, EVIDENCE_KEYS, "evidence"));
                        }
                    }
                }
            }
        }
    }
}

fn unknown_field(cx: &ProfileCx<'_>, m: &Member, known: &[&str], what: &str) -> Diagnostic {
    let meant = did_you_mean(&m.key, known.iter().copied());
    let help = match meant {
        Some(k) => format!("did you mean `{k}`?"),
        None => format!(
            "known {what} keys: {}",
            known
                .iter()
                .filter(|k| !k.starts_with('$'))
                .copied()
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let d = cx
        .diag(&RULE, format!("unknown {what} key {}", quote(&m.key)))
        .at(m.key_span)
        .label("not part of the profile format")
        .help(help);
    // Renaming a key changes what the profile says: an unsafe fix.
    let fix = meant.map(|k| {
        Fix::replace(
            Applicability::Unsafe,
            format!("rename the key {} to `{k}`", quote(&m.key)),
            d.path.clone(),
            m.key_span.offset..m.key_span.offset + m.key_span.length,
            format!("\"{k}\""),
        )
    });
    d.maybe_fix(fix)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, run_checks, span_text, OK};
    use super::*;
    use crate::diagnostic::Rule;

    #[test]
    fn unknown_and_misspelt_keys() {
        let text = OK.replace("\"declared_at\"", "\"declared-at\"");
        let ds = run(&text);
        let unknown: Vec<_> = ds.iter().filter(|d| d.rule == &RULE).cloned().collect();
        assert_eq!(unknown.len(), 1);
        assert_eq!(unknown[0].message, "unknown profile key `declared-at`");
        assert_eq!(span_text(&text, &unknown[0]), "\"declared-at\"");
        assert_eq!(unknown[0].help.as_deref(), Some("did you mean `declared_at`?"));
        // The same key is the missing field's suggestion.
        let missing = ds
            .iter()
            .find(|d| d.rule == &super::super::missing_field::RULE)
            .unwrap();
        assert!(missing
            .help
            .as_deref()
            .unwrap()
            .contains("did you mean `declared_at`"));
        insta::assert_snapshot!(human(&text, unknown));
    }

    #[test]
    fn entry_and_evidence_keys() {
        let text = OK
            .replace("\"level\": \"basic\",", "\"level\": \"basic\", \"zzz\": 1,")
            .replace("\"ref\": \"r1\"", "\"ref\": \"r1\", \"dat\": \"2026-01-01\"");
        let ds = run_checks(&[&Check], &text);
        let messages: Vec<_> = ds.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            ["unknown skill key `zzz`", "unknown evidence key `dat`"]
        );
        assert_eq!(ds[0].help.as_deref(), Some("known skill keys: name, level, evidence"));
        assert!(ds[0].fix.is_none());
        assert_eq!(ds[1].help.as_deref(), Some("did you mean `date`?"));
        assert!(ds[1].fix.is_some());
        assert_eq!(rules(OK), Vec::<&Rule>::new());
    }
}
