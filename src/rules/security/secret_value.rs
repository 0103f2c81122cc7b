//! `security/secret-value`: credentials in any linted text, found by
//! [`crate::secrets`]; the finding names the kind and the place, never the
//! value.

use super::context::{LargeFile, SecurityRule};
use crate::diagnostic::{declare_rule, Diagnostic, Severity};
use crate::secrets::scan;
use crate::source::{SourceFile, Span};

declare_rule! {
    /// any profile field, frontmatter value, skill body or text resource holds a credential (private key block, cloud/API token formats, URL with `user:password@`, `password=`-style assignments); the value is never shown
    ///
    /// ## What it does
    /// Scans every profile, SKILL.md and text resource for credentials, in the formats of gitleaks' rule set: private key blocks; AI provider keys (OpenAI, Anthropic, Hugging Face, Groq, Google and others); code host, registry, chat, mail, cloud and SaaS tokens (GitHub, GitLab, npm, PyPI, Slack, Discord, SendGrid, AWS, Azure, Stripe and many more); JSON Web Tokens; `Authorization` headers, `curl -u user:password` and URLs with a password in them; and `password = "..."`-style assignments, including environment names such as `DB_PASSWORD=`.
    ///
    /// Placeholders (`xxxx`, `<token>`, `${{ secrets.X }}`, `sk-...`, a stand-in such as `ab_agentA_key` whose last word names its kind), vendors' documented example values, secret manager references and variable names are not credentials, nor are names that say what the value is not (`NextToken`, `nextPageToken`, `FAKE_TOKEN`) or a type's declaration (`class PasswordHasher : IPasswordHasher`). The finding names the kind of secret and points at it; every output format masks the value.
    ///
    /// Severity: an error for a vendor's own token format, and for a generic value (an assignment, a password in a URL or command, an `Authorization:` header) in code, configuration or an environment file. A warning for a generic value in any Markdown page, `SKILL.md` too, or AsciiDoc or reStructuredText page: guides print samples, and a generic form does not tell a sample from a credential. The help names the place when it is a documented example (an OpenAPI `example:` block, a block under an "Examples" heading, a copied vendor page).
    ///
    /// A GitHub token whose checksum (the last six characters, which GitHub computes from the rest of every token it issues) does not match is a warning: GitHub never issued it, so it is a sample or a made-up value. So is a value the text calls public on its line or the line before (`# (public, safe to embed)`, "publishable", "not a secret"). Keys made to be public are no finding: a Supabase anon key, PostHog's `phc_` project key, Stripe's `pk_live_`/`pk_test_` publishable keys.
    ///
    /// A generic value in a file of samples is a warning too: a folder named `examples/` or `samples/`, or a file named as a sample (`sample-finding.json`, `example.yaml`, `.env.example`).
    ///
    /// A warning too for any value in a test's file (`tests/`, `fixtures/`, `evals/`, `x.test.ts`, `test_x.py`, `fixtures.json`, below the paths named on the command line), where values are planted to test with. Either way the value is masked.
    ///
    /// A key that is a file's path (`"skills/x/assets/tokens.css": "<sha-256>"`, a map of files to checksums) and a quoted phrase of words (`"pass_2": "Re-evaluate after the fixes"`) are no credential assignment. A value in the address of an image a page shows, a storage download link (`?alt=media&token=`) or this machine's address (`ws://localhost:5173/?token=`) is no finding.
    ///
    /// ## Why
    /// Profiles and skills are committed, reviewed, copied into prompts and shown to agents. A credential in them is leaked to everyone who can read the repository and to every agent the skill is bound to. An evidence reference names a record; it never carries the credential itself.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"kind": "log", "ref": "https://deploy:S3cr3tPassw0rd@logs.example.com/run/41"}
    /// ```
    /// Good:
    /// ```json
    /// {"kind": "log", "ref": "https://logs.example.com/run/41"}
    /// ```
    ///
    /// ## Fix
    /// Remove the value, rotate the credential (it is in git history now), and refer to the record or to a secret manager entry by name instead.
    pub static RULE = "security/secret-value", Error;
}

const HELP: &str =
    "remove it, rotate the credential, and refer to the record or secret by name instead";

pub struct Check;

/// Where a name holding a secret was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameKind {
    /// A file's or a folder's path.
    Path,
    /// The target a symbolic link names.
    LinkTarget,
}

/// Findings for secrets in names: file and folder paths and symbolic link
/// targets (`(path, text, kind)`; `text` is the path itself or the link's
/// target). Every secret found is learnt by the masking gate, so no output
/// that prints the path shows it. One finding per secret, at the first path
/// that holds it. All names are scanned in one pass.
pub fn in_names(names: &[(String, String, NameKind)]) -> Vec<Diagnostic> {
    let mut joined = String::new();
    let mut starts = Vec::with_capacity(names.len());
    for (_, text, _) in names {
        starts.push(joined.len());
        // No pattern crosses a line end between two names.
        joined.push_str(&text.replace('\n', " "));
        joined.push('\n');
    }
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for m in scan(&joined) {
        let i = starts.partition_point(|&s| s <= m.range.start) - 1;
        let value = &joined[m.range.clone()];
        crate::redact::remember(value);
        if !seen.insert(value.to_string()) {
            continue;
        }
        let (path, _, kind) = &names[i];
        let place = match kind {
            NameKind::Path => "a file or folder name",
            NameKind::LinkTarget => "a symbolic link's target",
        };
        out.push(
            Diagnostic::new(&RULE, path.clone(), format!("{} in {place}", m.kind)).help(
                "rename it (the name is committed, and shown wherever the file is listed), and rotate the credential",
            ),
        );
    }
    out
}

/// A Markdown file other than a skill's `SKILL.md` is a document: a
/// reference or guide whose code blocks show samples.
/// What kind of documentation page `path` is, if it is one: a guide
/// prints sample values. Markdown (`SKILL.md` too), AsciiDoc and
/// reStructuredText.
fn page_of(path: &str) -> Option<String> {
    let name = path.rsplit('/').next().unwrap_or(path);
    if crate::model::skill::paths::is_markdown(name) {
        return Some("a Markdown page".to_string());
    }
    // A folder of samples, or a file named as one (`sample-finding.json`,
    // `.env.example`): the values there are made up to show a form.
    let folders = path.split('/').rev().skip(1);
    if let Some(dir) = folders.into_iter().find(|seg| {
        ["example", "examples", "sample", "samples"]
            .iter()
            .any(|d| seg.eq_ignore_ascii_case(d))
    }) {
        return Some(format!("a file of `{dir}/`"));
    }
    let lower = name.to_ascii_lowercase();
    let stem = lower.trim_start_matches('.');
    if ["example", "sample"]
        .iter()
        .any(|w| {
            stem.strip_prefix(w)
                .is_some_and(|r| r.is_empty() || r.starts_with(['-', '_', '.']))
                || lower.ends_with(&format!(".{w}"))
        })
    {
        return Some("a sample file".to_string());
    }
    let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
    ["adoc", "asciidoc", "asc", "rst"]
        .contains(&ext.as_str())
        .then(|| "a documentation page".to_string())
}

/// The words on a value's line or the line before that say it is public
/// by design (`# (public, safe to embed)`, "a write-only ingestion key,
/// safe to ship"), as written: the author's reading, which makes the value
/// no certain credential.
fn says_public(text: &str, at: usize) -> Option<&str> {
    const SAID: &[&str] = &[
        "safe to embed",
        "safe to ship",
        "safe to expose",
        "safe to commit",
        "safe to publish",
        "safe to share",
        "publishable",
        "public by design",
        "not a secret",
        "not secret",
        "(public",
    ];
    // A window of a few hundred bytes, so that a line of thousands of
    // values costs each of them the same.
    const NEAR: usize = 240;
    let at = at.min(text.len());
    let floor_char = |mut i: usize| {
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let from = floor_char(at.saturating_sub(2 * NEAR));
    let to = floor_char((at + NEAR).min(text.len()));
    let before = &text[from..at];
    // The line before's start, if it is in the window.
    let above = match before.rfind('\n') {
        Some(i) => before[..i].rfind('\n').map_or(from, |j| from + j + 1),
        None => from,
    };
    let line_end = text[at..to].find('\n').map_or(to, |i| at + i);
    let around = text.get(above..line_end)?;
    let lower = around.to_ascii_lowercase();
    SAID.iter()
        .find_map(|w| lower.find(w).map(|i| &around[i..i + w.len()]))
}

fn text_kind(path: &str) -> crate::secrets::Text {
    let name = path.rsplit('/').next().unwrap_or(path);
    if crate::model::skill::paths::is_markdown(name) && !name.eq_ignore_ascii_case("SKILL.md") {
        crate::secrets::Text::Document
    } else {
        crate::secrets::Text::Other
    }
}

impl SecurityRule for Check {
    /// One finding per secret; its range is recorded on the source for
    /// masking.
    fn check(&self, source: &mut SourceFile) -> Vec<Diagnostic> {
        let mut found = scan(&source.text);
        // Secrets written with escapes, which the parsers decode
        // (`"ghp\u005f…"`): found on the decoded text, placed on the raw
        // bytes, and the decoded value remembered, since that is what every
        // message quoting the parsed value would print.
        for m in crate::secrets::scan_decoded(&source.text) {
            crate::redact::remember(&m.value);
            found.push(crate::secrets::SecretMatch {
                range: m.range,
                kind: m.kind,
            });
        }
        found.sort_by_key(|m| m.range.start);
        let mut out = Vec::new();
        // A generic value in a vendor's documented example: not certain to
        // be a credential. The examples are found once per file.
        let generic = found.iter().any(|m| crate::secrets::is_generic(m.kind));
        let kind = text_kind(&source.path);
        let examples = if generic {
            crate::secrets::Examples::of(&source.text, kind)
        } else {
            crate::secrets::Examples::default()
        };
        // A document copied from another site (it cites its source: `url:`,
        // `> Source:`): its values are that site's samples.
        let copied = generic
            && kind == crate::secrets::Text::Document
            && crate::model::skill::prose::is_copied_document(&source.text);
        // A Markdown page, `SKILL.md` too: a guide prints sample values, and
        // nothing in a generic form tells a sample from a real credential.
        let page = page_of(&source.path);
        for m in found {
            source.add_secret(m.range.clone());
            let generic = crate::secrets::is_generic(m.kind);
            let example = generic
                .then(|| {
                    examples
                        .place(m.range.start)
                        .or(copied.then_some("a copy of another site's page (it cites its source)"))
                        .map(|place| {
                            format!("it is in {place}, most often a vendor's sample; if it is a real credential, remove it and rotate it")
                        })
                })
                .flatten()
                .or_else(|| page.as_deref().filter(|_| generic).map(|page| format!("a warning in {page}: a {} is most often a sample there, and its form does not say which it is; if it is a real credential, remove it and rotate it", m.kind)))
                .or_else(|| {
                    says_public(&source.text, m.range.start).map(|said| {
                        format!("the text says the value is public (`{said}`): a key its vendor makes to be shipped, as the author reads it; if it is a credential after all, remove it and rotate it")
                    })
                })
                .or_else(|| {
                    let value = source.text.get(m.range.clone()).unwrap_or_default();
                    crate::secrets::fails_checksum(m.kind, value).map(|vendor| {
                        format!("its checksum is not the one {vendor} builds into every token it issues, so {vendor} never issued it: a sample, or a value made up by hand")
                    })
                });
            let d = Diagnostic::new(
                &RULE,
                source.path.clone(),
                format!("{} in committed text", m.kind),
            )
            .at(Span::from_range(m.range))
            .label(format!("{} (value hidden)", m.kind));
            out.push(match example {
                Some(help) => d.with_severity(Severity::Warning).help(help),
                None => d.help(HELP),
            });
        }
        out
    }

    /// One finding per secret found in the file (placed by byte offset,
    /// without a snippet, as the file is not held), or one saying it could
    /// not be scanned. Never silence.
    fn check_large(&self, file: &LargeFile<'_>) -> Vec<Diagnostic> {
        let mib = file.limit >> 20;
        match file.secrets {
            Some(found) => found
                .iter()
                .map(|m| {
                    Diagnostic::new(
                        &RULE,
                        file.path,
                        format!(
                            "{} in committed text, at byte {} of a file over {mib} MiB (shown without context)",
                            m.kind, m.range.start
                        ),
                    )
                    .help(HELP)
                })
                .collect(),
            None => vec![Diagnostic::new(
                &RULE,
                file.path,
                format!("a file over {mib} MiB could not be read to scan it for secrets"),
            )
            .help("make the file readable, or keep large data out of the skill folder")],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::SecretMatch;

    /// The rule's own bad example: a log link with a password in it.
    const BAD: &str =
        "{\"kind\": \"log\", \"ref\": \"https://deploy:S3cr3tPassw0rd@logs.example.com/run/41\"}\n";

    #[test]
    fn a_password_in_a_url_is_found_and_recorded_for_masking() {
        let mut source = SourceFile::new("agents/deploy.profile.json", BAD);
        let found = Check.check(&mut source);
        assert_eq!(found.len(), 1, "{found:?}");
        let d = &found[0];
        assert_eq!(d.rule, &RULE);
        assert_eq!(d.path, "agents/deploy.profile.json");
        assert_eq!(d.message, "password in URL in committed text");
        assert_eq!(d.label.as_deref(), Some("password in URL (value hidden)"));
        let start = BAD.find("S3cr3t").unwrap();
        let range = start..start + "S3cr3tPassw0rd".len();
        assert_eq!(d.span, Some(Span::from_range(range.clone())));
        assert_eq!(source.secrets(), &[range]);
        // The message never holds the value.
        assert!(!d.message.contains("S3cr3t"));
    }

    #[test]
    fn a_github_token_github_never_issued_is_a_warning() {
        let issued = crate::secrets::github_token("ghp_", "q7Wm2Rk9Tz4Lx8Vb3Nc6Hd1Jf5Gs0P");
        // The last six characters no longer match the first thirty.
        let made_up = format!("{}AAAAAA", &issued[..issued.len() - 6]);
        for (token, severity) in [(&issued, Severity::Error), (&made_up, Severity::Warning)] {
            let text = format!("export GITHUB_TOKEN={token}\n");
            let mut source = SourceFile::new("skills/x/scripts/run.sh", &text);
            let found = Check.check(&mut source);
            assert_eq!(found.len(), 1, "{found:?}");
            assert_eq!(found[0].severity, severity, "{found:?}");
            // Either way the value is masked.
            assert_eq!(source.secrets().len(), 1);
        }
    }

    #[test]
    fn a_generic_value_in_a_documentation_page_is_a_warning() {
        let text = "A credential store line:\n\n https://bob:Wq8rT3zK@git.example.org\n";
        for (path, severity) in [
            ("skills/x/references/credentials.asc", Severity::Warning),
            ("skills/x/references/credentials.rst", Severity::Warning),
            ("skills/x/config/credentials.txt", Severity::Error),
            // Samples: a folder of them, or a file named as one.
            ("skills/x/examples/auth-flows.json", Severity::Warning),
            ("skills/x/samples/finding.json", Severity::Warning),
            ("skills/x/scripts/sample-finding.json", Severity::Warning),
            ("skills/x/.env.example", Severity::Warning),
            ("skills/x/scripts/sampler.json", Severity::Error),
            ("skills/examples-guide/config.txt", Severity::Error),
        ] {
            let mut source = SourceFile::new(path, text);
            let found = Check.check(&mut source);
            assert_eq!(found.len(), 1, "{path}: {found:?}");
            assert_eq!(found[0].severity, severity, "{path}: {found:?}");
        }
    }

    #[test]
    fn a_value_the_text_calls_public_is_a_warning() {
        let key = concat!("pg_beta_c789eb46c8fd19", "1e7f6cc0e818f076e29c849576c7d4754a");
        for (text, severity) in [
            (format!("    # Beta key (public, safe to embed)\n    DEFAULT_API_KEY = \"{key}\"\n"), Severity::Warning),
            (format!("API_KEY = \"{key}\"  # write-only ingestion key, safe to ship\n"), Severity::Warning),
            // Two lines above is another statement's, and nothing says so here.
            (format!("# public, safe to embed\n\nAPI_KEY = \"{key}\"\n"), Severity::Error),
            (format!("API_KEY = \"{key}\"\n"), Severity::Error),
        ] {
            let mut source = SourceFile::new("skills/x/scripts/client.py", &text);
            let found = Check.check(&mut source);
            assert_eq!(found.len(), 1, "{text}: {found:?}");
            assert_eq!(found[0].severity, severity, "{text}: {found:?}");
            if severity == Severity::Warning {
                assert!(found[0].help.as_deref().unwrap().contains("says the value is public"));
            }
        }
    }

    #[test]
    fn placeholders_and_references_pass() {
        let text = "{\"kind\": \"log\", \"ref\": \"https://logs.example.com/run/41\", \
                    \"notes\": \"password: ${{ secrets.DEPLOY_PASSWORD }}\"}\n";
        let mut source = SourceFile::new("agents/deploy.profile.json", text);
        assert!(Check.check(&mut source).is_empty());
        assert!(source.secrets().is_empty());
    }

    #[test]
    fn a_large_file_is_reported_by_offset_or_as_unreadable() {
        let secrets = [SecretMatch {
            range: 9_000_123..9_000_163,
            kind: "AWS access key id",
        }];
        let file = LargeFile {
            path: "skills/data/big.csv",
            limit: 8 << 20,
            secrets: Some(&secrets),
        };
        let found = Check.check_large(&file);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].path, "skills/data/big.csv");
        assert_eq!(
            found[0].message,
            "AWS access key id in committed text, at byte 9000123 of a file over 8 MiB \
             (shown without context)"
        );
        assert_eq!(found[0].span, None);

        let clean = LargeFile {
            secrets: Some(&[]),
            ..file
        };
        assert!(Check.check_large(&clean).is_empty());

        let unreadable = LargeFile {
            secrets: None,
            ..clean
        };
        let found = Check.check_large(&unreadable);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "a file over 8 MiB could not be read to scan it for secrets"
        );
    }

    #[test]
    fn the_family_runs_this_check() {
        let mut source = SourceFile::new("agents/deploy.profile.json", BAD);
        let found = crate::rules::security::check(crate::rules::security::CHECKS, &mut source);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].rule, &RULE);
    }

    #[test]
    fn human_output_masks_the_value() {
        let mut source = SourceFile::new("agents/deploy.profile.json", BAD);
        let found = Check.check(&mut source);
        let out = crate::render::human::plain([source], found);
        assert!(!out.contains("S3cr3tPassw0rd"), "{out}");
        insta::assert_snapshot!(out);
    }
}
