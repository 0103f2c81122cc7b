//! The server's configuration: the settings it loads (again when
//! `.caplint.yaml` changes), and the edits of `.caplint.yaml` it offers as
//! code actions ("disable this rule for this file": an override added).

use super::protocol::{position, range, Encoding};
use crate::error::Fatal;
use crate::settings::Settings;
use lsp_types as lsp;
use std::path::Path;

/// `settings` with `--target`'s targets, when any were given.
pub(super) fn with_targets(
    mut settings: Settings,
    targets: &[crate::settings::Target],
) -> Settings {
    if !targets.is_empty() {
        settings.config.targets = targets.to_vec();
    }
    settings
}

pub(super) fn load_settings(
    root: &Path,
    config_flag: Option<&Path>,
    as_of: Option<&str>,
) -> Result<Settings, Fatal> {
    let as_of = crate::app::workspace::as_of(as_of)?;
    let (config, config_path) = crate::config::load(root, config_flag)?;
    Settings::new(root.to_path_buf(), config, config_path, as_of)
}

fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".into())
}

/// An `overrides:` block (with `key`, else one list item) turning `rule`
/// off for `rel`, each line indented by `indent`.
pub(super) fn override_block(rel: &str, rule: &str, indent: &str) -> String {
    format!(
        "overrides:\n{indent}- paths: [{}]\n{indent}  rules:\n{indent}    {}: off\n",
        quoted(rel),
        quoted(rule)
    )
}

/// The edit that adds an override to an existing configuration text.
pub(super) fn override_edit(text: &str, rel: &str, rule: &str, enc: Encoding) -> lsp::TextEdit {
    let item = |indent: &str| {
        format!(
            "{indent}- paths: [{}]\n{indent}  rules:\n{indent}    {}: off\n",
            quoted(rel),
            quoted(rule)
        )
    };
    // The top-level `overrides:` key, if any.
    let mut offset = 0;
    let mut lines = text.split_inclusive('\n').peekable();
    while let Some(line) = lines.next() {
        let start = offset;
        offset += line.len();
        let Some(rest) = line.strip_prefix("overrides:") else {
            continue;
        };
        let rest = rest.split('#').next().unwrap_or("").trim();
        if rest == "[]" || rest.is_empty() && lines.peek().is_none() {
            // `overrides: []` (or an empty key at the end): replaced.
            return lsp::TextEdit::new(
                range(text, start, offset, enc),
                override_block(rel, rule, "  "),
            );
        }
        if !rest.is_empty() {
            break; // A flow list: appended below as a new key would clash.
        }
        // A block list: the new item goes first, indented as the others.
        let indent = lines
            .clone()
            .find(|l| {
                let t = l.trim_start();
                !t.is_empty() && !t.starts_with('#')
            })
            .map(|l| l[..l.len() - l.trim_start().len()].to_string())
            .unwrap_or_else(|| "  ".into());
        let at = position(text, offset, enc);
        let mut insert = item(&indent);
        if !line.ends_with('\n') {
            insert.insert(0, '\n');
        }
        return lsp::TextEdit::new(lsp::Range::new(at, at), insert);
    }
    let end = position(text, text.len(), enc);
    let sep = if text.is_empty() || text.ends_with('\n') {
        ""
    } else {
        "\n"
    };
    lsp::TextEdit::new(
        lsp::Range::new(end, end),
        format!("{sep}{}", override_block(rel, rule, "  ")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{self, CONFIG_FILE};

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

    #[test]
    fn disabling_a_rule_adds_an_override_that_the_config_reads() {
        let rule = "profile/invalid-level";
        for text in [
            "",
            "profiles: [\"**/*.profile.json\"]",
            "overrides: []\n",
            "overrides:\n- paths: [\"x/**\"]\n  rules:\n    profile/missing-evidence: off\n",
            "overrides:\n    - paths: [\"x/**\"]\n      rules:\n        profile/missing-evidence: off\nexclude: []\n",
        ] {
            let out = applied(text, &override_edit(text, "a/b.profile.json", rule, Encoding::Utf16));
            let source = crate::source::SourceFile::new(CONFIG_FILE, out.clone());
            let config = config::parse(&source).unwrap_or_else(|e| panic!("{out}: {e}"));
            assert!(
                config.overrides.iter().any(|o| o.paths == ["a/b.profile.json"]
                    && o.rules.iter().any(|(r, l)| r == rule && l.severity().is_none())),
                "{out}"
            );
        }
    }
}
