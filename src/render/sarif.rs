//! `--format sarif`: SARIF 2.1.0, one run, every registered rule in
//! `tool.driver.rules`, for GitHub code scanning and other SARIF viewers.

use super::location::{message_with_commit, Region};
use crate::diagnostic::Report;
use crate::diagnostic::{Diagnostic, Severity};
use crate::rules::{self, Rule};
use serde_json::{json, Map, Value};
use std::collections::HashMap;

pub const SCHEMA_URI: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// Where users read about caplint: the manifest's `repository`, else the
/// project's home.
pub fn information_uri() -> &'static str {
    let repository = env!("CARGO_PKG_REPOSITORY");
    if repository.is_empty() {
        "https://github.com/caplint/caplint"
    } else {
        repository
    }
}

pub fn render(report: &Report) -> String {
    render_with(report, None)
}

/// [`render`], with `failure` (why the run fails when no result is an
/// error: `--max-warnings`) as a tool execution notification of the run's
/// invocation.
pub fn render_with(report: &Report, failure: Option<&str>) -> String {
    let mut s = String::new();
    write_with(report, failure, &mut |t| s.push_str(t));
    s
}

/// [`render_with`], written piece by piece to `put` (a result at a time):
/// the same text, without holding it whole.
pub fn write_with(report: &Report, failure: Option<&str>, put: &mut dyn FnMut(&str)) {
    let mut v = document(Vec::new());
    if let Some(text) = failure {
        v["runs"][0]["invocations"] = json!([{
            "executionSuccessful": true,
            "toolExecutionNotifications": [{
                "level": "error",
                "message": {"text": text},
                "descriptor": {"id": "max-warnings"},
            }],
        }]);
    }
    let mut results = Results::new(report);
    let items = report.diagnostics.iter().map(|d| results.result(d));
    super::pretty_with_items(&v, "results", items, put);
    put("\n");
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// `profile/missing-evidence` → `ProfileMissingEvidence`.
fn pascal_name(id: &str) -> String {
    id.split(['/', '-'])
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn rule_descriptor(rule: &Rule) -> Value {
    let text = format!(
        "{}\n\nWhy: {}\n\nFix: {}",
        rule.what().trim(),
        rule.why().trim(),
        rule.fix().trim()
    );
    json!({
        "id": rule.id,
        "name": pascal_name(rule.id),
        "shortDescription": {"text": rule.summary()},
        "fullDescription": {"text": rule.what()},
        "help": {"text": text, "markdown": rule.markdown()},
        "defaultConfiguration": {"level": level(rule.default)},
        "properties": {
            "tags": [rule.family()],
            "precision": "high",
            "problem.severity": match rule.default { Severity::Error => "error", Severity::Warning => "warning" },
        },
    })
}

/// A repository-relative path as a URI reference: every byte outside the
/// unreserved set and `/` is percent-encoded.
pub fn uri_reference(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    if out.is_empty() {
        out.push_str("./");
    }
    out
}

fn physical_location(path: &str, region: Option<Region>) -> Value {
    let mut location = json!({
        "artifactLocation": {"uri": uri_reference(path), "uriBaseId": "%SRCROOT%"},
    });
    if let Some(r) = region {
        location["region"] = json!({
            "startLine": r.start_line,
            "startColumn": r.start_column,
            "endLine": r.end_line,
            "endColumn": r.end_column,
            "charOffset": r.char_offset,
            "charLength": r.char_length,
        });
    }
    location
}

/// 128-bit FNV-1a: small, dependency-free and stable across platforms and
/// releases (unlike the standard library's hasher).
fn fnv1a128(parts: &[&str]) -> u128 {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;
    let mut hash = OFFSET;
    for part in parts {
        for b in part.bytes().chain(std::iter::once(0xff)) {
            hash ^= u128::from(b);
            hash = hash.wrapping_mul(PRIME);
        }
    }
    hash
}

/// What identifies a finding across runs: the rule, the file, and the text
/// it points at (from the redacted copy, so never a secret's bytes) — or,
/// without a span, its message. Line numbers are left out so that a finding
/// keeps its fingerprint when lines above it move.
fn fingerprint_key(
    report: &Report,
    d: &Diagnostic,
    redacted: &mut HashMap<String, String>,
) -> u128 {
    let snippet = match (d.span, report.source_of(d)) {
        (Some(span), Some(source)) => {
            let key = match &d.commit {
                Some(c) => format!("{}:{}", c.id, d.path),
                None => d.path.clone(),
            };
            let text = redacted
                .entry(key)
                .or_insert_with(|| crate::redact::source_text(source));
            let span = source.clamp_span(span);
            text.get(span.range())
                .unwrap_or_default()
                .trim()
                .to_string()
        }
        _ => String::new(),
    };
    let basis = if snippet.is_empty() {
        d.message.as_str()
    } else {
        snippet.as_str()
    };
    fnv1a128(&[d.rule.id, &d.path, basis])
}

pub fn value(report: &Report) -> Value {
    let mut results = Results::new(report);
    document(
        report
            .diagnostics
            .iter()
            .map(|d| results.result(d))
            .collect(),
    )
}

/// The log around the results.
fn document(results: Vec<Value>) -> Value {
    let descriptors: Vec<Value> = rules::all().map(rule_descriptor).collect();
    json!({
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "caplint",
                "version": env!("CARGO_PKG_VERSION"),
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "informationUri": information_uri(),
                "rules": descriptors,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    })
}

/// Makes the results of a report in its order: a fingerprint counts the
/// findings before it with the same key.
struct Results<'r> {
    report: &'r Report,
    index: HashMap<&'static str, usize>,
    redacted: HashMap<String, String>,
    seen: HashMap<u128, usize>,
}

impl<'r> Results<'r> {
    fn new(report: &'r Report) -> Results<'r> {
        Results {
            report,
            index: rules::all().enumerate().map(|(i, r)| (r.id, i)).collect(),
            redacted: HashMap::new(),
            seen: HashMap::new(),
        }
    }

    fn result(&mut self, d: &Diagnostic) -> Value {
        let key = fingerprint_key(self.report, d, &mut self.redacted);
        let n = self.seen.entry(key).or_insert(0);
        *n += 1;
        let mut text = message_with_commit(d);
        if let Some(help) = &d.help {
            text.push_str("\nhelp: ");
            text.push_str(help);
        }
        let mut result = Map::new();
        result.insert("ruleId".into(), json!(d.rule));
        if let Some(i) = self.index.get(d.rule.id) {
            result.insert("ruleIndex".into(), json!(i));
        }
        result.insert("level".into(), json!(level(d.severity)));
        result.insert("message".into(), json!({"text": text}));
        result.insert(
                "locations".into(),
                json!([{"physicalLocation": physical_location(&d.path, Region::of_diagnostic(self.report, d))}]),
            );
        let related: Vec<Value> = d
                .labels
                .iter()
                .enumerate()
                .map(|(i, label)| {
                    let path = label.path.as_deref().unwrap_or(&d.path);
                    json!({
                        "id": i + 1,
                        "physicalLocation": physical_location(path, Region::of(self.report, path, label.span)),
                        "message": {"text": label.text},
                    })
                })
                .collect();
        if !related.is_empty() {
            result.insert("relatedLocations".into(), Value::Array(related));
        }
        result.insert(
            "partialFingerprints".into(),
            json!({"caplintFindingHash/v1": format!("{key:032x}:{n}")}),
        );
        if let Some(c) = &d.commit {
            result.insert(
                    "properties".into(),
                    json!({"commit": {"id": c.id, "shortId": c.short_id, "date": c.date, "subject": c.subject}}),
                );
        }
        Value::Object(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{SourceFile, Span};

    #[test]
    fn names_and_uris() {
        assert_eq!(
            pascal_name("profile/missing-evidence"),
            "ProfileMissingEvidence"
        );
        assert_eq!(uri_reference("a b/c%d.json"), "a%20b/c%25d.json");
        assert_eq!(
            uri_reference("agents/ü.profile.json"),
            "agents/%C3%BC.profile.json"
        );
    }

    fn report(text: &str) -> Report {
        let mut r = Report::default();
        r.add_source(SourceFile::new("a.profile.json", text));
        r
    }

    fn fingerprints(r: &Report) -> Vec<String> {
        value(r)["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| {
                x["partialFingerprints"]["caplintFindingHash/v1"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn fingerprints_survive_line_shifts_and_tell_repeats_apart() {
        let text = "{\n\"x\": 1, \"x\": 1}";
        let mut a = report(text);
        a.diagnostics.push(
            Diagnostic::new(
                &crate::rules::profile::duplicate_key::RULE,
                "a.profile.json",
                "m",
            )
            .at(Span::new(2, 3)),
        );
        a.diagnostics.push(
            Diagnostic::new(
                &crate::rules::profile::duplicate_key::RULE,
                "a.profile.json",
                "m",
            )
            .at(Span::new(10, 3)),
        );
        let shifted_text = format!("\n\n{text}");
        let mut b = report(&shifted_text);
        b.diagnostics.push(
            Diagnostic::new(
                &crate::rules::profile::duplicate_key::RULE,
                "a.profile.json",
                "m",
            )
            .at(Span::new(4, 3)),
        );
        b.diagnostics.push(
            Diagnostic::new(
                &crate::rules::profile::duplicate_key::RULE,
                "a.profile.json",
                "m",
            )
            .at(Span::new(12, 3)),
        );
        let (fa, fb) = (fingerprints(&a), fingerprints(&b));
        assert_eq!(fa, fb);
        assert_ne!(fa[0], fa[1]);
        assert!(fa[0].ends_with(":1") && fa[1].ends_with(":2"));
    }

    #[test]
    fn fingerprints_never_see_secret_bytes() {
        let mut a = report("{\"notes\": \"password=Sup3rS3cretValue\"}");
        let mut b = report("{\"notes\": \"password=Other0SecretValX\"}");
        for r in [&mut a, &mut b] {
            let src = r.sources.get_mut("a.profile.json").unwrap();
            src.add_secret(20..36);
            r.diagnostics.push(
                Diagnostic::new(
                    &crate::rules::security::secret_value::RULE,
                    "a.profile.json",
                    "password assignment",
                )
                .at(Span::new(20, 16)),
            );
        }
        assert_eq!(fingerprints(&a), fingerprints(&b));
    }
}
