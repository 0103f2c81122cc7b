//! The edits of `.caplint.yaml` on every shape of file: each result is read
//! again by the configuration's loader.

use super::*;
use crate::config::{self, CONFIG_FILE};
use crate::date::Date;
use crate::settings::{Config, Level, Override};
use crate::source::SourceFile;

const RULE: &str = "profile/invalid-level";
const REL: &str = "agents/a.profile.json";

/// The item the edits add, in block style, its dashes at `indent`.
fn item(indent: &str) -> String {
    format!("{indent}- paths: [\"{REL}\"]\n{indent}  rules:\n{indent}    \"{RULE}\": off\n")
}

const FLOW: &str = "{paths: [\"agents/a.profile.json\"], rules: {\"profile/invalid-level\": off}}";

fn config_of(text: &str) -> Config {
    config::parse(&SourceFile::new(CONFIG_FILE, text.to_string()))
        .unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn apply(text: &str, (at, insert): &(Range<usize>, String)) -> String {
    format!("{}{insert}{}", &text[..at.start], &text[at.end..])
}

/// `text` with the override for `rel` added. The result must read as a
/// configuration holding every value `like`'s holds and, after its
/// overrides, the new one, which turns the rule off for the file. An edit
/// of a text that reads as `like` only inserts (it replaces only a null),
/// and it writes the file's own line ends.
fn added_as(text: &str, like: &str, rel: &str) -> String {
    let splice = override_splice(text, rel, RULE).unwrap_or_else(|| panic!("no edit: {text:?}"));
    let out = apply(text, &splice);
    let mut expected = config_of(like);
    expected.overrides.push(Override {
        paths: vec![glob_escape(rel)],
        rules: vec![(RULE.into(), Level::Off)],
    });
    let config = config_of(&out);
    assert_eq!(config, expected, "{out:?}");
    let as_of = Date::parse_ymd("2026-10-15").unwrap();
    let settings = Settings::new("/r".into(), config, None, as_of).unwrap();
    assert_eq!(
        settings.configured_level(RULE, rel),
        Some(Level::Off),
        "{out:?}"
    );
    if text == like {
        assert!(splice.0.is_empty(), "{text:?}: replaced {:?}", splice.0);
    }
    if text.contains("\r\n") {
        assert!(!splice.1.replace("\r\n", "").contains('\n'), "{out:?}");
    } else if text.contains('\n') && !text.contains('\r') {
        // The same file with CRLF line ends gets the same edit in them.
        let crlf = |t: &str| t.replace('\n', "\r\n");
        assert_eq!(added_as(&crlf(text), &crlf(like), rel), crlf(&out));
    }
    out
}

fn added(text: &str) -> String {
    added_as(text, text, REL)
}

#[test]
fn an_empty_file_gets_the_key() {
    assert_eq!(added(""), format!("overrides:\n{}", item("  ")));
}

#[test]
fn a_file_of_comments_keeps_them_and_gets_the_key() {
    let text = "# caplint's configuration\n\n# nothing yet\n";
    assert_eq!(added(text), format!("{text}overrides:\n{}", item("  ")));
    let text = "# no line break at the end";
    assert_eq!(added(text), format!("{text}\noverrides:\n{}", item("  ")));
}

#[test]
fn a_document_start_stays_first() {
    assert_eq!(added("---\n"), format!("---\noverrides:\n{}", item("  ")));
    // The key goes before the document's end marker, not after it.
    let text = "--- # caplint\n...\n";
    assert_eq!(
        added(text),
        format!("--- # caplint\noverrides:\n{}...\n", item("  "))
    );
    let text = "---\nexclude: [old/**]\n";
    assert_eq!(added(text), format!("{text}overrides:\n{}", item("  ")));
}

#[test]
fn a_missing_key_goes_after_the_last_key_as_written() {
    let text = "# top\nprofiles: ['agents/*.profile.json'] # ours\n\nrules:\n  \"profile/stale\": warning\n# the end\n";
    assert_eq!(
        added(text),
        format!(
            "# top\nprofiles: ['agents/*.profile.json'] # ours\n\nrules:\n  \"profile/stale\": warning\noverrides:\n{}# the end\n",
            item("  ")
        )
    );
    // Indented keys: the new one is indented as they are.
    let text = "  profiles: [a]\n  exclude: [b]\n";
    assert_eq!(added(text), format!("{text}  overrides:\n{}", item("    ")));
    // No line break at the end: one is added before the key.
    assert_eq!(
        added("exclude: []"),
        format!("exclude: []\noverrides:\n{}", item("  "))
    );
    // A block scalar last: after its text.
    let text = "base: |-\n  origin/main\n\n# c\n";
    let out = added(text);
    assert!(
        out.starts_with("base: |-\n  origin/main\n\noverrides:\n"),
        "{out}"
    );
    assert!(out.ends_with("# c\n"), "{out}");
}

#[test]
fn a_flow_mapping_gets_a_flow_entry() {
    assert_eq!(
        added("{profiles: [a]}\n"),
        format!("{{profiles: [a], overrides: [{FLOW}]}}\n")
    );
    assert_eq!(added("{}\n"), format!("{{overrides: [{FLOW}]}}\n"));
}

#[test]
fn a_block_list_gets_an_item_after_its_last() {
    // Indented dashes, comments and a key after the list.
    let text = "overrides:\n    - paths: [\"x/**\"]\n      rules:\n        profile/missing-evidence: off  # old\n    # more later\nexclude: []\n";
    assert_eq!(
        added(text),
        format!(
            "overrides:\n    - paths: [\"x/**\"]\n      rules:\n        profile/missing-evidence: off  # old\n{}    # more later\nexclude: []\n",
            item("    ")
        )
    );
    // Dashes at the key's column.
    let text = "overrides:\n- paths: [x]\n  rules: {profile/stale: off}\n";
    assert_eq!(added(text), format!("{text}{}", item("")));
    // A dash on a line of its own, a comment before the first item.
    let text = "overrides:\n  # legacy\n  -\n    paths:\n      - 'x/**'\n";
    assert_eq!(added(text), format!("{text}{}", item("  ")));
}

#[test]
fn an_override_that_turns_the_rule_on_is_followed_not_preceded() {
    let text =
        "overrides:\n  - paths: [\"agents/**\"]\n    rules:\n      profile/invalid-level: error\n";
    assert_eq!(added(text), format!("{text}{}", item("  ")));
}

#[test]
fn a_flow_list_gets_a_flow_item() {
    assert_eq!(added("overrides: []\n"), format!("overrides: [{FLOW}]\n"));
    let text = "overrides: [{paths: [x], rules: {profile/stale: off}}]  # c\n";
    assert_eq!(
        added(text),
        format!("overrides: [{{paths: [x], rules: {{profile/stale: off}}}}, {FLOW}]  # c\n")
    );
    // Over lines, with a trailing comma.
    let text = "overrides: [\n  {paths: [x]},\n]\n";
    assert_eq!(
        added(text),
        format!("overrides: [\n  {{paths: [x]}}, {FLOW},\n]\n")
    );
}

#[test]
fn a_null_list_becomes_one() {
    assert_eq!(
        added_as("overrides:\nexclude: []\n", "exclude: []\n", REL),
        format!("overrides:\n{}exclude: []\n", item("  "))
    );
    assert_eq!(
        added_as("overrides: # none yet\n", "", REL),
        format!("overrides: # none yet\n{}", item("  "))
    );
    assert_eq!(
        added_as("overrides: ~ # none\nexclude: []\n", "exclude: []\n", REL),
        format!("overrides: [{FLOW}] # none\nexclude: []\n")
    );
    assert_eq!(
        added_as("{exclude: [], overrides: null}\n", "exclude: []\n", REL),
        format!("{{exclude: [], overrides: [{FLOW}]}}\n")
    );
}

#[test]
fn crlf_files_keep_their_line_ends() {
    let text = "profiles: [a]\r\nexclude: []\r\n";
    assert_eq!(
        added(text),
        format!("{text}overrides:\r\n{}", item("  ").replace('\n', "\r\n"))
    );
    let text = "overrides:\r\n  - paths: [x]\r\n    rules: {profile/stale: off}\r\n# c\r\n";
    assert_eq!(
        added(text),
        format!(
            "overrides:\r\n  - paths: [x]\r\n    rules: {{profile/stale: off}}\r\n{}# c\r\n",
            item("  ").replace('\n', "\r\n")
        )
    );
    added("---\r\n# c\r\n");
    added("overrides: [\r\n  {paths: [x]}\r\n]\r\n");
    added("exclude: []\r\nfreshness_days: 3");
}

#[test]
fn a_byte_order_mark_stays() {
    let text = "\u{feff}exclude: []\n";
    assert_eq!(added(text), format!("{text}overrides:\n{}", item("  ")));
}

#[test]
fn a_path_with_glob_characters_matches_only_itself() {
    let rel = "agents/[draft] a*.profile.json";
    let out = added_as("exclude: []\n", "exclude: []\n", rel);
    assert!(
        out.contains(r#"paths: ["agents/\\[draft\\] a\\*.profile.json"]"#),
        "{out}"
    );
    let as_of = Date::parse_ymd("2026-10-15").unwrap();
    let settings = Settings::new("/r".into(), config_of(&out), None, as_of).unwrap();
    assert_eq!(
        settings.configured_level(RULE, "agents/d ab.profile.json"),
        None
    );
}

#[test]
fn an_edit_that_would_change_another_value_is_not_offered() {
    // A block scalar at the very end: a line break after it would become
    // part of its value.
    for text in ["base: |\n  origin/main", "base: |\r\n  origin/main"] {
        match override_splice(text, REL, RULE) {
            None => {}
            Some(splice) => {
                let mut expected = config_of(text);
                expected.overrides.push(Override {
                    paths: vec![REL.into()],
                    rules: vec![(RULE.into(), Level::Off)],
                });
                assert_eq!(config_of(&apply(text, &splice)), expected);
            }
        }
    }
}

#[test]
fn no_edit_where_none_is_safe() {
    for text in [
        "overrides: {}\n",
        "overrides: legacy\n",
        "- a\n",
        "just text\n",
        "a: [\n",
        "a: &x [b]\noverrides: *x\n",
    ] {
        assert_eq!(override_splice(text, REL, RULE), None, "{text:?}");
    }
}

#[test]
fn disabling_a_rule_adds_an_override_that_the_config_reads() {
    fn applied(text: &str, edit: &lsp::TextEdit) -> String {
        let offset = |p: lsp::Position| {
            let mut o = 0;
            for (i, line) in text.split_inclusive('\n').enumerate() {
                if i == p.line as usize {
                    return o + p.character as usize;
                }
                o += line.len();
            }
            o
        };
        let (s, e) = (offset(edit.range.start), offset(edit.range.end));
        format!("{}{}{}", &text[..s], edit.new_text, &text[e..])
    }
    let rule = "profile/invalid-level";
    for text in [
        "",
        "profiles: [\"**/*.profile.json\"]",
        "overrides: []\n",
        "overrides:\n- paths: [\"x/**\"]\n  rules:\n    profile/missing-evidence: off\n",
        "overrides:\n    - paths: [\"x/**\"]\n      rules:\n        profile/missing-evidence: off\nexclude: []\n",
    ] {
        let edit = override_edit(text, "a/b.profile.json", rule, Encoding::Utf16).unwrap();
        let out = applied(text, &edit);
        let source = crate::source::SourceFile::new(CONFIG_FILE, out.clone());
        let config = config::parse(&source).unwrap_or_else(|e| panic!("{out}: {e}"));
        assert!(
            config.overrides.iter().any(|o| o.paths == ["a/b.profile.json"]
                && o.rules.iter().any(|(r, l)| r == rule && l.severity().is_none())),
            "{out}"
        );
    }
}
