//! `profile/duplicate-key`.

use super::context::{quote, FirstSeen, ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::json::Kind;

declare_rule! {
    /// an object repeats a key
    ///
    /// ## What it does
    /// Reports every key that appears twice in the same JSON object, with a label on the first occurrence.
    ///
    /// ## Why
    /// JSON parsers disagree on duplicates: some keep the first value, most keep the last. Two readers of the same profile can see different claims.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"version": "2", "version": "3"}
    /// ```
    /// Good:
    /// ```json
    /// {"version": "3"}
    /// ```
    ///
    /// ## Fix
    /// Keep one of the two entries.
    pub static RULE = "profile/duplicate-key", Error;
}

/// Every object of the tree, at any depth (the root need not be an object).
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        let mut stack = vec![cx.root];
        let mut first_of = FirstSeen::default();
        while let Some(v) = stack.pop() {
            match &v.kind {
                Kind::Object(members) => {
                    first_of.clear();
                    for m in members {
                        if let Some(first) = first_of.first(m.key.as_ref(), m) {
                            let d = cx
                                .diag(
                                    &RULE,
                                    format!(
                                        "key {} appears more than once in this object",
                                        quote(&m.key)
                                    ),
                                )
                                .at(m.key_span)
                                .label("repeated here")
                                .with_label(first.key_span, "first defined here")
                                .help("readers disagree on which value wins; keep one entry");
                            out.push(d);
                        }
                        stack.push(&m.value);
                    }
                }
                Kind::Array(items) => stack.extend(items.iter()),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, run_checks, span_text, OK};
    use super::*;

    #[test]
    fn a_repeated_key_is_reported_at_the_repeat() {
        let text = OK.replace(
            "\"version\": \"1\",",
            "\"version\": \"1\", \"version\": \"2\",",
        );
        assert_eq!(rules(&text), vec![&RULE]);
        let ds = run_checks(&[&Check], &text);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].message, "key `version` appears more than once in this object");
        assert_eq!(ds[0].span.unwrap().offset, text.rfind("\"version\"").unwrap());
        assert_eq!(ds[0].labels[0].span.offset, text.find("\"version\"").unwrap());
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn nested_objects_and_non_object_roots_are_searched() {
        let text = r#"[{"a": 1, "b": {"c": 1, "c": 2}}]"#;
        let ds = run_checks(&[&Check], text);
        assert_eq!(ds.len(), 1);
        assert_eq!(span_text(text, &ds[0]), "\"c\"");
        assert_eq!(run_checks(&[&Check], OK), vec![]);
    }

    #[test]
    fn many_keys_and_names_stay_linear() {
        // 50k distinct keys and 20k skills: the quadratic duplicate checks
        // took minutes here; a linear pass takes seconds even unoptimized.
        let mut text = String::from("{");
        for i in 0..50_000 {
            text.push_str(&format!("\"k{i}\": 0, "));
        }
        text.push_str("\"skills\": [");
        for i in 0..20_000 {
            text.push_str(&format!(
                "{}{{\"name\": \"s{i}\"}}",
                if i > 0 { ", " } else { "" }
            ));
        }
        text.push_str("], \"k7\": 1, \"tools\": [], \"tools\": []}");
        let start = std::time::Instant::now();
        let ds = run(&text);
        let limit = if cfg!(debug_assertions) { 90 } else { 10 };
        assert!(start.elapsed() < std::time::Duration::from_secs(limit));
        let dups: Vec<_> = ds.iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(dups.len(), 2);
        assert_eq!(span_text(&text, dups[0]), "\"k7\"");
        let first = dups[0].labels[0].span;
        assert_eq!(first.offset, text.find("\"k7\"").unwrap());
        assert!(first.offset < dups[0].span.unwrap().offset);
    }
}
