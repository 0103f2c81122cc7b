//! Paths after a client's placeholder: the skill root (`{baseDir}`,
//! `${CLAUDE_SKILL_DIR}`, `$SKILL_DIR`) and the plugin root
//! (`${CLAUDE_PLUGIN_ROOT}`). A path the plugin folder does not have is a
//! [`Broken::NotInPlugin`] finding.

use super::*;

impl<'a> Scan<'a> {
    /// A stand-in for one of a numbered series the folder holds:
    /// `phase_prompts/phaseN.md` beside `phase1.md` … `phase6.md`
    /// (`stepN`, `part_n`, `chapter-X` alike).
    pub(super) fn numbered_stand_in(&self, from: &str, text: &str) -> bool {
        let text = text.trim_start_matches("./");
        let (dir, name) = text.rsplit_once('/').unwrap_or(("", text));
        let (stem, ext) = match name.find('.') {
            Some(i) => (&name[..i], &name[i..]),
            None => (name, ""),
        };
        let Some(prefix) = stem.strip_suffix(['N', 'n', 'X', 'x', '#']) else {
            return false;
        };
        let last = stem.as_bytes()[stem.len() - 1];
        // `phaseN`; a lower-case letter only after a separator (`part_n`),
        // not ending a word (`plan`, `index`).
        let stand_in = match prefix.as_bytes().last() {
            None => false,
            Some(b'_' | b'-' | b'.') => true,
            Some(b) => (last.is_ascii_uppercase() && b.is_ascii_lowercase()) || last == b'#',
        };
        stand_in
            && Self::bases(from).iter().any(|base| {
                normalize(base, dir).is_some_and(|folder| {
                    let base = if folder.is_empty() {
                        prefix.to_string()
                    } else {
                        format!("{folder}/{prefix}")
                    };
                    self.folder.has_series(&base, ext)
                })
            })
    }

    /// A path after a skill-root placeholder: resolved from the skill root,
    /// wherever Markdown writes it (links, back-ticks, fenced code). In a
    /// program (`in_code`) it is data, such as a test's sample, and only
    /// counts as a mention.
    pub(super) fn skill_placeholder(
        &mut self,
        source: &SourceFile,
        r: &Ref,
        rest: &str,
        in_code: bool,
    ) {
        let rest = rest.trim_start_matches("./").trim_end_matches('/');
        if rest.is_empty() {
            return;
        }
        if is_glob(rest) {
            self.cover_glob(SKILL_MD, rest);
            return;
        }
        let exists = matches!(
            self.resolve(SKILL_MD, rest),
            Ok(Found::File(_) | Found::Dir(_))
        );
        // A guide's example, or a name that is not a file's, only counts
        // as a mention; so does a variable the text sets itself
        // (`SKILL_DIR=…/scripts`), which stands for what it was set to.
        if !in_code
            && r.kind != RefKind::Example
            && (has_extension(rest) || exists)
            && !prose::assigns_variable(&source.text, &r.text)
        {
            // A client's own placeholder (`{baseDir}`, `${CLAUDE_SKILL_DIR}`)
            // is the skill folder for certain; a convention of the text's
            // (`{skill_path}`, `$SKILL_DIR`) is a reading of it. Where the
            // path is is certain; that the skill ships it is certain only in
            // a link, or in a command that runs or reads it: in prose, or a
            // line of code that is no command (a sample report's `**File**:
            // {baseDir}/x.tf`), it is read as any other prose path (an output,
            // the user's file, a warning unless the text sends the agent to it).
            let client = prose::is_client_placeholder(&r.text);
            let certain = r.kind == RefKind::Link
                || (matches!(r.kind, RefKind::Code | RefKind::Sample)
                    && prose::in_command(source, r));
            let kind = if client && certain {
                RefKind::Link
            } else {
                RefKind::Prose
            };
            let inner = Ref {
                span: r.span,
                text: rest.to_string(),
                kind,
            };
            // A sample's path (```` ```markdown ````) may be the sample's
            // own: at most a warning.
            let strength = if r.kind == RefKind::Sample {
                Claim::Weak
            } else if client {
                Claim::Placeholder
            } else {
                Claim::Plain
            };
            self.claim(source, SKILL_MD, &inner, strength);
        } else {
            self.mention(SKILL_MD, rest, false);
        }
    }

    /// A path after a plugin-root placeholder: resolved from the plugin
    /// folder; inside the skill it is a reference like any other.
    pub(super) fn plugin_placeholder(
        &mut self,
        source: &SourceFile,
        r: &Ref,
        rest: &str,
        in_code: bool,
    ) {
        let rest = rest.trim_start_matches("./").trim_end_matches('/');
        if in_code || rest.is_empty() || is_glob(rest) || r.kind == RefKind::Example {
            return;
        }
        let Some(plugin) = self.folder.plugin_root() else {
            // A project's client folder (`.claude/skills/x`, often a copy
            // of a plugin's skill): the placeholder is unset there. Not
            // certain to be run (the copy may be kept for reading), so a
            // warning.
            let client = crate::model::skill::install::client_folder(&self.folder.dir);
            if let Some(client) = client.filter(|_| has_extension(rest) && r.kind != RefKind::Code)
            {
                let shown = source.slice(r.span).to_string();
                let client = client.rsplit('/').next().unwrap_or(&client).to_string();
                self.broken(
                    source.path.clone(),
                    r.span,
                    Severity::Warning,
                    Broken::NoPlugin { shown, client },
                );
            }
            return;
        };
        let Some(full) = normalize(plugin, rest) else {
            return;
        };
        let dir = &self.folder.dir;
        let inner = if dir.is_empty() {
            Some(full.as_str())
        } else {
            full.strip_prefix(dir.as_str())
                .and_then(|t| t.strip_prefix('/'))
        };
        if let Some(inner) = inner {
            let inner = Ref {
                span: r.span,
                text: inner.to_string(),
                kind: RefKind::Link,
            };
            self.claim(source, SKILL_MD, &inner, Claim::Plain);
            return;
        }
        // Missing from the plugin: an error where the text names the file
        // (a link, prose, back-ticks). Fenced code that uses the plugin root
        // is most often a sample of a plugin's own files (a hook, an MCP
        // server's command) in a guide to writing one.
        if !has_extension(rest)
            || r.kind == RefKind::Code
            || is_placeholder_name(rest)
            || self.folder.exists_in_repository(&full)
        {
            return;
        }
        let shown = source.slice(r.span).to_string();
        let plugin = plugin.to_string();
        let severity = if r.kind == RefKind::Sample {
            Severity::Warning
        } else {
            prose::own_path_severity(source, r)
        };
        self.broken(
            source.path.clone(),
            r.span,
            severity,
            Broken::NotInPlugin { shown, plugin },
        );
    }
}
