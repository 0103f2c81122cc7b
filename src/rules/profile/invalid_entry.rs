//! `profile/invalid-entry`.

use super::context::{show, ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::{non_empty_str, EntryKind};

declare_rule! {
    /// a skill or tool entry is not an object, or has no non-empty `name`
    ///
    /// ## What it does
    /// Checks that each entry of `skills` and `tools` is an object with a non-empty string `name`.
    ///
    /// ## Why
    /// Routing matches requirements to entries by name; an entry without one cannot be matched.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "skills": ["web-search"]
    /// ```
    /// Good:
    /// ```json
    /// "skills": [{"name": "web-search", "level": "basic", "evidence": [{"kind": "log", "ref": "run-1"}]}]
    /// ```
    ///
    /// ## Fix
    /// Write each entry as an object with `name`, `level`/`access` and `evidence`.
    pub static RULE = "profile/invalid-entry", Error;
}

/// Each item of `skills` and `tools`: an object with a usable `name`. An
/// item that is not an object is skipped by the other entry rules.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        for kind in EntryKind::ALL {
            let Some((_, items)) = kind.items(cx.root) else {
                continue;
            };
            for item in items {
                if item.as_object().is_none() {
                    let d = cx
                        .diag(
                            &RULE,
                            format!(
                                "a {} entry must be an object, found {}",
                                kind.noun(),
                                item.type_name()
                            ),
                        )
                        .at(item.span)
                        .label("expected an object")
                        .help(format!(
                            "write it as {{\"name\": …, \"{}\": …, \"evidence\": [...]}}",
                            kind.attr()
                        ));
                    out.push(d);
                    continue;
                }
                match item.get("name") {
                    Some(m) => {
                        if non_empty_str(&m.value).is_none() {
                            let d = cx
                                .diag(
                                    &RULE,
                                    format!(
                                        "a {} entry's `name` must be a non-empty string, found {}",
                                        kind.noun(),
                                        show(&m.value)
                                    ),
                                )
                                .at(m.value.span)
                                .label("no usable name");
                            out.push(d);
                        }
                    }
                    None => {
                        let d = cx
                            .diag(&RULE, format!("a {} entry has no `name`", kind.noun()))
                            .at(item.open_span())
                            .label("no `name` in this entry")
                            .help("add \"name\"");
                        out.push(d);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, run_checks, span_text, OK};
    use super::*;

    #[test]
    fn an_entry_that_is_not_an_object_is_only_this() {
        let text = OK.replace("\"skills\": [", "\"skills\": [\"x\", ");
        assert_eq!(rules(&text), vec![&RULE]);
        let ds = run(&text);
        assert_eq!(ds[0].message, "a skill entry must be an object, found a string");
        assert_eq!(span_text(&text, &ds[0]), "\"x\"");
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn names_missing_or_empty() {
        let text = OK.replace("\"name\": \"mail\"", "\"name\": \"\"");
        assert_eq!(rules(&text), vec![&RULE]);
        assert_eq!(
            run(&text)[0].message,
            "a tool entry's `name` must be a non-empty string, found \"\""
        );
        let text = OK.replace("\"name\": \"mail\", ", "");
        let ds = run_checks(&[&Check], &text);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].message, "a tool entry has no `name`");
        assert_eq!(span_text(&text, &ds[0]), "{");
        assert_eq!(run(OK), vec![]);
    }
}
