//! `profile/invalid-evidence`.

use super::context::{show, EntryLabel, ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, did_you_mean, Diagnostic};
use crate::json::Value;
use crate::model::profile::{non_empty_str, Entry, EntryKind, KINDS};

declare_rule! {
    /// an evidence entry is not an object, its `kind` is not `link`/`artifact`/`test`/`log`, or its `ref` is empty
    ///
    /// ## What it does
    /// Checks that `evidence` is a list of objects, each with a `kind` from `link`, `artifact`, `test`, `log` and a non-empty string `ref`.
    ///
    /// ## Why
    /// Evidence a reviewer cannot find does not support the claim.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "evidence": [{"kind": "video", "ref": ""}]
    /// ```
    /// Good:
    /// ```json
    /// "evidence": [{"kind": "log", "ref": "run-2026-09-28"}]
    /// ```
    ///
    /// ## Fix
    /// Use one of the four kinds and a ref that names the record.
    pub static RULE = "profile/invalid-evidence", Error;
}

/// The `evidence` of each skill and tool entry that is an object: a list of
/// objects, each with a known `kind` and a non-empty `ref`.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        for kind in EntryKind::ALL {
            for entry in kind.entries(cx.root) {
                evidence(cx, &entry, out);
            }
        }
    }
}

fn evidence(cx: &ProfileCx<'_>, entry: &Entry<'_>, out: &mut Vec<Diagnostic>) {
    let Some(m) = entry.evidence_member() else {
        return;
    };
    let label = EntryLabel::of(entry);
    let Some(entries) = m.value.as_array() else {
        let d = cx
            .diag(
                &RULE,
                format!(
                    "{label}: `evidence` must be a list, found {}",
                    m.value.type_name()
                ),
            )
            .at(m.value.span)
            .label("expected a list of evidence objects");
        out.push(d);
        return;
    };
    for e in entries {
        if e.as_object().is_none() {
            let d = cx
                .diag(
                    &RULE,
                    format!(
                        "{label}: an evidence entry must be an object, found {}",
                        e.type_name()
                    ),
                )
                .at(e.span)
                .label("expected {\"kind\": …, \"ref\": …}")
                .help("write it as {\"kind\": \"log\", \"ref\": \"run-2026-09-28\"}");
            out.push(d);
            continue;
        }
        out.extend(evidence_kind(cx, e, &label));
        match e.get("ref") {
            None => {
                let d = cx
                    .diag(&RULE, format!("{label}: evidence entry has no `ref`"))
                    .at(e.open_span())
                    .label("no `ref`")
                    .help("add \"ref\": the record a reviewer can find");
                out.push(d);
            }
            Some(r) => {
                if non_empty_str(&r.value).is_none() {
                    let d = cx.diag(&RULE, format!("{label}: evidence `ref` must be a non-empty string, found {}", show(&r.value))).at(r.value.span).label("empty ref").help("name the record: a URL, artifact id, test id or log id");
                    out.push(d);
                }
            }
        }
    }
}

fn evidence_kind(cx: &ProfileCx<'_>, e: &Value, label: &EntryLabel<'_>) -> Option<Diagnostic> {
    let Some(k) = e.get("kind") else {
        return Some(
            cx.diag(&RULE, format!("{label}: evidence entry has no `kind`"))
                .at(e.open_span())
                .label("no `kind`")
                .help(format!("add \"kind\": one of {}", KINDS.join(", "))),
        );
    };
    match k.value.as_str() {
        Some(v) if KINDS.contains(&v) => None,
        other => {
            let help = other
                .and_then(|v| did_you_mean(v, KINDS.iter().copied()))
                .map(|s| format!("did you mean `{s}`?"))
                .unwrap_or_else(|| format!("use one of: {}", KINDS.join(", ")));
            Some(
                cx.diag(
                    &RULE,
                    format!(
                        "{label}: evidence kind {} is not one of {}",
                        show(&k.value),
                        KINDS.join(", ")
                    ),
                )
                .at(k.value.span)
                .label("invalid kind")
                .help(help),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, run, run_checks, span_text, OK};
    use super::*;

    #[test]
    fn an_unknown_kind_of_evidence() {
        let text = OK.replace("\"kind\": \"log\"", "\"kind\": \"lgo\"");
        let ds = run_checks(&[&Check], &text);
        assert_eq!(ds.len(), 1);
        assert_eq!(
            ds[0].message,
            "skill `web-search`: evidence kind \"lgo\" is not one of link, artifact, test, log"
        );
        assert_eq!(ds[0].help.as_deref(), Some("did you mean `log`?"));
        assert_eq!(span_text(&text, &ds[0]), "\"lgo\"");
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn evidence_shapes() {
        let text = OK
            .replace("[{\"kind\": \"log\", \"ref\": \"r1\"}]", "[3, {}, {\"kind\": \"log\", \"ref\": \"\"}]")
            .replace("\"access\": \"none\"", "\"access\": \"none\", \"evidence\": \"r\"");
        let ds = run_checks(&[&Check], &text);
        let messages: Vec<_> = ds.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "skill `web-search`: an evidence entry must be an object, found a number",
                "skill `web-search`: evidence entry has no `kind`",
                "skill `web-search`: evidence entry has no `ref`",
                "skill `web-search`: evidence `ref` must be a non-empty string, found \"\"",
                "tool `mail`: `evidence` must be a list, found a string",
            ]
        );
        assert_eq!(run(OK), vec![]);
    }
}
