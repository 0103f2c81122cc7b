//! `skill/unknown-field`.

use crate::diagnostic::{declare_rule, did_you_mean, Applicability, Diagnostic, Edit, Fix};
use crate::rules::skill::context::{
    known_to_any, list_names, selected, unknown_field_effects, unknown_to, Skill, SkillRule,
};
use crate::rules::skill::values::quoted;
use crate::source::SourceFile;
use crate::yaml::{Entry, NodeKind, Resolved};

declare_rule! {
    /// a top-level key outside the spec, `version`, `when_to_use`, `when_not_to_use` and `extra_skill_fields` (each target has its own list; with several, a key must be known to all)
    ///
    /// ## What it does
    /// Warns about top-level frontmatter keys a selected target does not read, with a did-you-mean for misspellings, and says what each such target does with the key. Target `agentskills` (the default) knows `name`, `description`, `license`, `compatibility`, `metadata`, `allowed-tools`, `version`, `when_to_use` and `when_not_to_use`; `skills-ref validate` rejects any other key.
    ///
    /// Target `claude-code` adds Claude Code's fields (`argument-hint`, `arguments`, `disable-model-invocation`, `user-invocable`, `model`, `effort`, `context`, `agent`, `hooks`, `paths`, `shell`, `when_to_use`, and `version`); `claude-api` and `codex` know the open format's six fields (the claude.ai upload rejects a skill with any other key); `platform` adds `category`. With several targets (`claude` is `claude-code` and `claude-api`) a key must be known to every one of them. Extend every list with `extra_skill_fields`.
    ///
    /// Severity: always a warning; clients ignore unknown fields. A skill Claude Code installs (in a Claude Code plugin, one with `.claude-plugin/`, or in a `.claude/skills` folder) may use Claude Code's own keys (`argument-hint`, `disable-model-invocation`, …) unless `claude-api` is a target.
    ///
    /// ## Why
    /// Unknown keys are ignored or rejected depending on the client; a misspelt key (`descripton`) silently loses the field.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// descripton: Triage incidents.
    /// ```
    /// Good:
    /// ```yaml
    /// description: Triage incidents.
    /// ```
    ///
    /// ## Fix
    /// Rename the key, move it under `metadata`, or list it in `extra_skill_fields`.
    pub static RULE = "skill/unknown-field", Warning,
        fixable: Unsafe, "moves a one-line field that no client reads and that is no misspelling under `metadata` (made when absent), its value as a string; unsafe, because a tool that read it at the top level no longer does.";
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        let Some(root) = &cx.parsed.frontmatter else {
            return;
        };
        check_unknown(cx.path(), root.as_map().unwrap_or(&[]), cx, out);
    }
}

fn check_unknown(
    path: &str,
    entries: &[crate::yaml::Entry],
    cx: &Skill<'_>,
    out: &mut Vec<Diagnostic>,
) {
    let all = selected(cx.settings);
    let mut known: Option<Vec<&'static str>> = None;
    // Installed by Claude Code (a Claude Code plugin's skill, or one in a
    // `.claude/skills` folder): its own keys are read where the skill is,
    // unless the upload, which refuses them, is a target too.
    let by_claude_code = !all.contains(&crate::settings::Target::ClaudeApi)
        && crate::model::skill::install::by_claude_code(cx.folder);
    // One move per pass: two moves would both create `metadata`, or insert
    // at the same place; `--fix` runs again for the next one.
    let mut moved = false;
    for e in entries {
        let Some((key, _)) = e.key.scalar() else {
            continue;
        };
        let missing = unknown_to(cx.settings, key);
        if missing.is_empty()
            || (by_claude_code && crate::settings::Target::ClaudeCode.knows_field(key))
        {
            continue;
        }
        let known = known.get_or_insert_with(|| known_to_any(cx.settings));
        // A key another selected target reads is no misspelling.
        let read_by: Vec<_> = all
            .iter()
            .copied()
            .filter(|t| !missing.contains(t))
            .collect();
        // `tools` is a subagent's field; a skill grants tools with `allowed-tools`.
        let alias = (key == "tools" && known.contains(&"allowed-tools")).then_some("allowed-tools");
        let suggestion = read_by
            .is_empty()
            .then(|| alias.or_else(|| did_you_mean(key, known.iter().copied())))
            .flatten();
        let message = if read_by.is_empty() {
            format!(
                "unknown frontmatter field `{key}`: {}",
                unknown_field_effects(&missing)
            )
        } else {
            format!(
                "frontmatter field `{key}` is read by target {} but not by {}: {}",
                list_names(&read_by),
                list_names(&missing),
                unknown_field_effects(&missing)
            )
        };
        let help = match suggestion {
            Some(s) => format!("did you mean `{s}`?"),
            None => "move it under `metadata`, drop the target that does not read it, or list it in `extra_skill_fields` in .caplint.yaml".to_string(),
        };
        let mut d = Diagnostic::new(&RULE, path, message)
            .at(e.key.span)
            .label("not a skill field")
            .help(help);
        // A field some client reads (Claude Code's `disable-model-invocation`,
        // say) stops working under `metadata`, selected target or not.
        let read_by_a_client = crate::settings::Target::CLIENTS
            .iter()
            .any(|t| t.knows_field(key));
        if read_by.is_empty() && suggestion.is_none() && !read_by_a_client && !moved {
            if let Some(fix) = move_under_metadata(cx.source, entries, e, key) {
                d = d.with_fix(fix);
                moved = true;
            }
        }
        out.push(d);
    }
}

/// The start of the line holding `offset`, and the end of that line after
/// its line break: the whole line, however long, since a fix edits it
/// (`paths::line_around` reaches only so far, for readings).
fn line_with_break(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let start = text.as_bytes()[..offset]
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    let end = text.as_bytes()[offset..]
        .iter()
        .position(|b| *b == b'\n')
        .map_or(text.len(), |i| offset + i + 1);
    (start, end)
}

/// The fix that moves the top-level entry `e` (`key: value` on one line of
/// its own) under `metadata`: the line goes, and `key: value` joins the end
/// of the `metadata` block (a new `metadata:` where the line was, when
/// there is none). `None` when the entry spans lines, is not a plain
/// scalar, or `metadata` is not a block mapping to add to.
fn move_under_metadata(
    source: &SourceFile,
    entries: &[Entry],
    e: &Entry,
    key: &str,
) -> Option<Fix> {
    let text = source.text.as_str();
    let NodeKind::Scalar { value, style } = &e.value.kind else {
        return None;
    };
    if e.value.tag.is_some() || e.value.anchor.is_some() || e.key.anchor.is_some() {
        return None;
    }
    let (start, end) = line_with_break(text, e.key.span.offset);
    let value_end = e.value.span.end().max(e.key.span.end());
    if e.key.span.offset != start || value_end > end || text[start..end].trim_end().is_empty() {
        return None;
    }
    // A credential is no metadata: it is reported by `security/secret-value`,
    // and a fix would carry its bytes into a diff or an editor's edit.
    if source
        .secrets()
        .iter()
        .any(|r| r.start < end && start < r.end)
    {
        return None;
    }
    // The value as written when it reads as a string, else quoted.
    let written = text.get(e.value.span.offset..e.value.span.end())?;
    if written.contains('\n') || matches!(style, crate::yaml::Style::Literal | crate::yaml::Style::Folded) {
        return None;
    }
    let value_text = if e.value.span.length == 0 {
        "\"\"".to_string()
    } else if e.value.resolved() == Some(Resolved::Str)
        && !crate::rules::skill::values::is_yaml11_bool(value)
        && !crate::rules::skill::values::is_yaml11_timestamp(value)
    {
        written.to_string()
    } else {
        quoted(value)
    };
    let eol = if text[start..end].ends_with("\r\n") { "\r\n" } else { "\n" };
    let path = source.path.clone();
    let message = format!("move `{key}` under `metadata`");
    let metadata = entries
        .iter()
        .find(|m| m.key.scalar().is_some_and(|(k, _)| k == "metadata"));
    let Some(metadata) = metadata else {
        return Some(Fix::replace(
            Applicability::Unsafe,
            message,
            path,
            start..end,
            format!("metadata:{eol}  {key}: {value_text}{eol}"),
        ));
    };
    let items = metadata.value.as_map().filter(|m| !m.is_empty() && !metadata.value.flow)?;
    let first = &items[0].key.span;
    let indent = first.offset - line_with_break(text, first.offset).0;
    if indent == 0 || items.iter().any(|i| i.key.span.offset - line_with_break(text, i.key.span.offset).0 != indent) {
        return None;
    }
    let last = items.last()?;
    let (_, after_last) = line_with_break(text, last.value.span.end().max(last.key.span.end()).saturating_sub(1).max(last.key.span.offset));
    if after_last > text.len() || !text[..after_last].ends_with('\n') {
        return None;
    }
    let line = format!("{}{key}: {value_text}{eol}", " ".repeat(indent));
    let edits = if after_last == start {
        vec![Edit {
            path,
            range: start..end,
            replacement: line,
        }]
    } else {
        vec![
            Edit {
                path: path.clone(),
                range: start..end,
                replacement: String::new(),
            },
            Edit {
                path,
                range: after_last..after_last,
                replacement: line,
            },
        ]
    };
    Some(Fix {
        message,
        applicability: Applicability::Unsafe,
        edits,
        rename: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn unknown_fields() {
        let d = diags(&fm("name: refund-policy\ndescripton: x\n"));
        let unknown: Vec<_> = d.iter().filter(|d| d.rule == &unknown_field::RULE).collect();
        assert_eq!(unknown.len(), 1);
        assert_eq!(
            unknown[0].help.as_deref(),
            Some("did you mean `description`?")
        );
        let d = diags(&fm(&format!("{OK}tools: Read\n")));
        assert_eq!(d[0].help.as_deref(), Some("did you mean `allowed-tools`?"));
        let r = run(&fm(&format!("{OK}category: support\n")));
        assert_eq!(r, vec![(&unknown_field::RULE, "category".into())]);
        let mut s = settings();
        s.config.extra_skill_fields = vec!["category".into()];
        assert_eq!(
            run_in(
                "refund-policy",
                &fm(&format!("{OK}category: support\n")),
                &s
            ),
            vec![]
        );
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nauthor: Sam\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert!(d[0].message.starts_with("unknown frontmatter field `author`: "), "{}", d[0].message);
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "author");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nmetadata:\n  author: Sam\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }

    /// `text` with the unknown-field fixes applied (one pass), and the
    /// fixes' messages.
    fn fixed(text: &str) -> (String, Vec<String>) {
        let d = diags(text);
        let mut edits = Vec::new();
        let mut messages = Vec::new();
        for d in d.iter().filter(|d| d.rule == &RULE) {
            if let Some(fix) = &d.fix {
                assert_eq!(fix.applicability, Applicability::Unsafe);
                messages.push(fix.message.clone());
                edits.extend(fix.edits.iter().cloned());
            }
        }
        edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
        let mut out = text.to_string();
        for e in edits {
            out.replace_range(e.range, &e.replacement);
        }
        (out, messages)
    }

    /// Applies passes until nothing changes, as `--fix` does.
    fn fixed_until_stable(text: &str) -> String {
        let mut text = text.to_string();
        for _ in 0..10 {
            let (next, _) = fixed(&text);
            if next == text {
                return text;
            }
            text = next;
        }
        panic!("no fixed point: {text}");
    }

    #[test]
    fn a_field_moves_under_a_new_metadata_block() {
        let text = fm(&format!("{OK}author: Sam\nlicense: MIT\n"));
        let (after, messages) = fixed(&text);
        assert_eq!(messages, vec!["move `author` under `metadata`"]);
        assert_eq!(
            after,
            fm(&format!("{OK}metadata:\n  author: Sam\nlicense: MIT\n"))
        );
        // The result is clean, and a second pass changes nothing.
        assert!(diags(&after).iter().all(|d| d.rule != &RULE), "{:?}", diags(&after));
        assert_eq!(fixed(&after).0, after);
    }

    #[test]
    fn fields_join_an_existing_metadata_block_one_per_pass() {
        let text = fm(&format!(
            "{OK}owner: billing\nmetadata:\n    team: refunds\n    tier: gold\npriority: 1\nlicense: MIT\n"
        ));
        let (after, _) = fixed(&text);
        // Only the first moves in this pass, to the end of the block.
        assert_eq!(
            after,
            fm(&format!(
                "{OK}metadata:\n    team: refunds\n    tier: gold\n    owner: billing\npriority: 1\nlicense: MIT\n"
            ))
        );
        // The next pass moves `priority`, quoted: metadata holds strings.
        assert_eq!(
            fixed_until_stable(&text),
            fm(&format!(
                "{OK}metadata:\n    team: refunds\n    tier: gold\n    owner: billing\n    priority: \"1\"\nlicense: MIT\n"
            ))
        );
        assert!(diags(&fixed_until_stable(&text)).is_empty());
    }

    #[test]
    fn crlf_quotes_and_bytes_outside_the_field_are_kept() {
        let text = "---\r\nname: refund-policy\r\ndescription: 'When a refund: is given.'\r\nreviewed: yes\r\naudience: 'it''s everyone'\r\n---\r\n# Refunds\r\n";
        let after = fixed_until_stable(text);
        assert_eq!(
            after,
            "---\r\nname: refund-policy\r\ndescription: 'When a refund: is given.'\r\nmetadata:\r\n  reviewed: \"yes\"\r\n  audience: 'it''s everyone'\r\n---\r\n# Refunds\r\n"
        );
    }

    #[test]
    fn no_move_for_a_misspelling_a_list_or_a_field_another_target_reads() {
        // A misspelling is renamed by hand (the help says to what).
        let (after, messages) = fixed(&fm("name: refund-policy\ndescripton: x\n"));
        assert!(messages.is_empty());
        assert_eq!(after, fm("name: refund-policy\ndescripton: x\n"));
        // A list is no metadata value.
        let text = fm(&format!("{OK}owners:\n  - sam\n"));
        assert_eq!(fixed(&text).0, text);
        // A flow `metadata` is left to the person.
        let text = fm(&format!("{OK}metadata: {{team: x}}\nowner: sam\n"));
        assert_eq!(fixed(&text).0, text);
        // A field a client reads is never moved, even when no selected
        // target reads it: Claude Code would stop honouring it.
        let text = fm(&format!("{OK}disable-model-invocation: true\n"));
        let d = diags(&text);
        let d: Vec<_> = d.iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].fix.is_none());
        // `argument-hint` is Claude Code's: with targets agentskills and
        // claude selected, moving it would break the claude target.
        let mut s = settings();
        s.config.targets = vec![crate::settings::Target::Agentskills, crate::settings::Target::Claude];
        let text = fm(&format!("{OK}argument-hint: <order id>\n"));
        let (_, d) = lint_in("refund-policy", &text, &s);
        let d: Vec<_> = d.iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].fix.is_none());
    }

    #[test]
    fn a_credential_is_not_moved() {
        let seed = &mut 7u64;
        let key = format!(
            "sk-ant-api03-{}AA",
            crate::secrets::fixtures::rnd(seed, crate::secrets::fixtures::URLSAFE, 93)
        );
        let text = fm(&format!("{OK}api_key: {key}\n"));
        let mut source = crate::source::SourceFile::new("skills/refund-policy/SKILL.md", text.as_str());
        let found = crate::rules::security::check(crate::rules::security::CHECKS, &mut source);
        assert!(!found.is_empty(), "the key is a credential");
        let parsed = crate::model::skill::parsed::parse_skill_md(&source.path, &text);
        let files = crate::model::skill::folder::Folder::default();
        let refs = crate::model::skill::graph::References::default();
        let settings = settings();
        let cx = Skill {
            settings: &settings,
            source: &source,
            bad_utf8: None,
            parsed: &parsed,
            folder_name: "refund-policy",
            folder: &files,
            references: &refs,
            codex: None,
        };
        let mut out = Vec::new();
        Check.skill(&cx, &mut out);
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(out[0].fix.is_none());
        // The same field without a credential moves.
        let (after, _) = fixed(&fm(&format!("{OK}api_key: see the vault\n")));
        assert!(after.contains("metadata:\n  api_key: see the vault\n"), "{after}");
    }
}
