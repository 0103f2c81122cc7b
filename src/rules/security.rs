//! `security/secret-value`: credentials in any linted text. A small table of
//! high-precision patterns behind one `RegexSet` prefilter. Findings say
//! where and what kind, never the value; the matched bytes are recorded on
//! the source so every renderer masks them.

use super::Rule;
use crate::diagnostic::{Diagnostic, Severity};
use crate::source::{SourceFile, Span};
use regex::{Regex, RegexSet};
use std::sync::OnceLock;

pub const SECRET_VALUE: &str = "security/secret-value";

pub static RULES: &[Rule] = &[Rule {
    id: SECRET_VALUE,
    default: Severity::Error,
    summary: "any profile field, frontmatter value, skill body or text resource holds a credential (private key block, cloud/API token formats, URL with `user:password@`, `password=`-style assignments); the value is never shown",
    what: "Scans every profile, SKILL.md and text resource for credentials: private key blocks, AWS, GitHub, Slack, Stripe and Google API keys, JSON Web Tokens, URLs with a password in them, and `password = \"...\"`-style assignments. The finding names the kind of secret and points at it; every output format masks the value.",
    why: "Profiles and skills are committed, reviewed, copied into prompts and shown to agents. A credential in them is leaked to everyone who can read the repository and to every agent the skill is bound to. An evidence reference names a record; it never carries the credential itself.",
    lang: "json",
    bad: r#"{"kind": "log", "ref": "https://deploy:S3cr3tPassw0rd@logs.example.com/run/41"}"#,
    good: r#"{"kind": "log", "ref": "https://logs.example.com/run/41"}"#,
    fix: "Remove the value, rotate the credential (it is in git history now), and refer to the record or to a secret manager entry by name instead.",
}];

/// One secret found in a text: where, and what kind (never the value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecretMatch {
    /// The bytes to mask (the secret itself, not its surroundings).
    pub range: std::ops::Range<usize>,
    pub kind: &'static str,
}

struct Pattern {
    kind: &'static str,
    regex: &'static str,
    /// Which capture group is the secret (0 = the whole match).
    group: usize,
}

/// Word boundaries in the patterns are ASCII ones, `(?-u:\b)`: every token
/// format is ASCII, and a Unicode `\b` makes the regex engine give up its
/// fast DFA on the first non-ASCII character of a file, which made one `é` in
/// a 30 MB profile cost seconds instead of a fraction of one.
const PATTERNS: &[Pattern] = &[
    Pattern {
        kind: "private key",
        regex: r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|[^\n]*)",
        group: 0,
    },
    Pattern {
        kind: "AWS access key id",
        regex: r"(?-u:\b)(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}(?-u:\b)",
        group: 0,
    },
    Pattern {
        kind: "AWS secret access key",
        regex: r#"(?i)aws.{0,20}?secret.{0,20}?["']?\s*[:=]\s*["']?([A-Za-z0-9/+]{40})(?-u:\b)"#,
        group: 1,
    },
    Pattern {
        kind: "GitHub token",
        regex: r"(?-u:\b)(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{80,255})(?-u:\b)",
        group: 0,
    },
    Pattern {
        kind: "Slack token",
        regex: r"(?-u:\b)xox[abposr]-[0-9A-Za-z-]{10,250}",
        group: 0,
    },
    Pattern {
        kind: "Slack webhook URL",
        regex: r"https://hooks\.slack\.com/services/T[A-Za-z0-9_]+/B[A-Za-z0-9_]+/[A-Za-z0-9_]+",
        group: 0,
    },
    Pattern {
        kind: "Stripe key",
        regex: r"(?-u:\b)(?:sk|rk)_(?:live|test)_[0-9a-zA-Z]{20,255}(?-u:\b)",
        group: 0,
    },
    Pattern {
        kind: "Google API key",
        regex: r"(?-u:\b)AIza[0-9A-Za-z_-]{35}(?-u:\b)",
        group: 0,
    },
    Pattern {
        kind: "JSON Web Token",
        regex: r"(?-u:\b)eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}",
        group: 0,
    },
    Pattern {
        kind: "password in URL",
        regex: r"(?-u:\b)[a-zA-Z][a-zA-Z0-9+.-]{1,20}://[^\s/:@\x22'<>]{1,100}:([^\s/@\x22'<>]{1,200})@[A-Za-z0-9.-]",
        group: 1,
    },
    Pattern {
        kind: "password assignment",
        regex: r#"(?i)(?-u:\b)(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|private[_-]?key)["']?\s*[:=]\s*(?:"([^"\s\\]{6,200})"|'([^'\s\\]{6,200})'|([A-Za-z0-9_!#%+\-/=@^~]{8,200})(?:[\s,;}\]"']|$))"#,
        group: 1,
    },
];

fn compiled() -> &'static (RegexSet, Vec<Regex>) {
    static CELL: OnceLock<(RegexSet, Vec<Regex>)> = OnceLock::new();
    CELL.get_or_init(|| {
        let set = RegexSet::new(PATTERNS.iter().map(|p| p.regex)).expect("secret patterns compile");
        let each = PATTERNS
            .iter()
            .map(|p| Regex::new(p.regex).expect("secret pattern compiles"))
            .collect();
        (set, each)
    })
}

/// A value that only stands for a secret (`<password>`, `${TOKEN}`, `changeme`…).
fn is_placeholder(value: &str) -> bool {
    let v = value.trim_matches(|c| c == '"' || c == '\'');
    let lower = v.to_ascii_lowercase();
    v.starts_with(['$', '<', '{', '%', '('])
        || v.chars()
            .all(|c| c == '*' || c == 'x' || c == 'X' || c == '.' || c == '-' || c == '_')
        || lower.contains("example")
        || lower.contains("placeholder")
        || lower.contains("your")
        || lower.contains("redacted")
        || lower.contains("dummy")
        || lower.contains("env")
        // Truncated examples (`"xoxp-..."`, `abc123…`) and values that name
        // themselves (`mypassword`, `secret123`, `fake-token`).
        || v.contains("...")
        || v.contains('…')
        || {
            // Words, then digits at most: `mypassword`, `secret123`, `fake-token`.
            let words = lower.trim_end_matches(|c: char| c.is_ascii_digit());
            words
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '_' || c == '-')
                && ["passw", "secret", "token", "sample", "fake"]
                    .iter()
                    .any(|w| words.contains(w))
        }
        || [
            "password",
            "passwd",
            "pass",
            "pwd",
            "secret",
            "changeme",
            "token",
            "none",
            "null",
            "undefined",
            "required",
            "optional",
            "string",
            "hunter2",
        ]
        .contains(&lower.as_str())
        || (lower.chars().all(|c| c.is_ascii_alphabetic() || c == '_')
            && v.chars().any(|c| c.is_ascii_uppercase())
            && v.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
}

/// Substrings at least one of which every pattern's match contains (ASCII
/// letters compared without case, as the `(?i)` patterns do), plus the two
/// non-ASCII letters whose case folds to an ASCII one (`ſ` to `s`, the
/// Kelvin sign to `k`). A text with none of them cannot match, and most
/// texts have none, so the full patterns are skipped for them.
const TRIGGERS: &[&str] = &[
    "-----BEGIN ",
    "AKIA",
    "ASIA",
    "ABIA",
    "ACCA",
    "aws",
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "github_pat_",
    "xox",
    "hooks.slack.com",
    "k_live_",
    "k_test_",
    "AIza",
    "eyJ",
    "://",
    "pass",
    "pwd",
    "secret",
    "api_key",
    "api-key",
    "apikey",
    "access_token",
    "access-token",
    "accesstoken",
    "auth_token",
    "auth-token",
    "authtoken",
    "private_key",
    "private-key",
    "privatekey",
    "\u{17f}",
    "\u{212a}",
];

/// Whether `text` may hold a secret (see [`TRIGGERS`]): one lazy-DFA pass,
/// stopping at the first trigger.
fn may_hold_secret(text: &str) -> bool {
    static TRIGGER_WORDS: OnceLock<crate::lazy_dfa::CaseBlindWords> = OnceLock::new();
    TRIGGER_WORDS
        .get_or_init(|| crate::lazy_dfa::CaseBlindWords::new(TRIGGERS, ""))
        .may_match(text)
}

/// Every secret in `text`, in order, without overlaps.
pub fn scan(text: &str) -> Vec<SecretMatch> {
    if !may_hold_secret(text) {
        return Vec::new();
    }
    let (set, each) = compiled();
    let hits = set.matches(text);
    if !hits.matched_any() {
        return Vec::new();
    }
    let mut out: Vec<SecretMatch> = Vec::new();
    for i in hits.iter() {
        let pattern = &PATTERNS[i];
        for caps in each[i].captures_iter(text) {
            let m = if pattern.group == 0 {
                caps.get(0)
            } else {
                (pattern.group..caps.len()).find_map(|g| caps.get(g))
            };
            let Some(m) = m else { continue };
            if pattern.group != 0 && is_placeholder(m.as_str()) {
                continue;
            }
            out.push(SecretMatch {
                range: m.range(),
                kind: pattern.kind,
            });
        }
    }
    out.sort_by_key(|m| (m.range.start, std::cmp::Reverse(m.range.end)));
    let mut merged: Vec<SecretMatch> = Vec::new();
    for m in out {
        match merged.last_mut() {
            Some(last) if m.range.start < last.range.end => {
                last.range.end = last.range.end.max(m.range.end)
            }
            _ => merged.push(m),
        }
    }
    merged
}

/// Scans a source, records the secret ranges on it for masking, and returns
/// one diagnostic per secret.
pub fn check(source: &mut SourceFile) -> Vec<Diagnostic> {
    let found = scan(&source.text);
    let mut out = Vec::new();
    for m in found {
        source.add_secret(m.range.clone());
        out.push(
            Diagnostic::new(SECRET_VALUE, source.path.clone(), format!("{} in committed text", m.kind))
                .at(Span::from_range(m.range))
                .label(format!("{} (value hidden)", m.kind))
                .help("remove it, rotate the credential, and refer to the record or secret by name instead"),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<&'static str> {
        scan(text).into_iter().map(|m| m.kind).collect()
    }

    #[test]
    fn finds_each_kind() {
        assert_eq!(
            kinds("-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----"),
            vec!["private key"]
        );
        assert_eq!(
            kinds("key AKIAIOSFODNN7EXAMPLE here"),
            vec!["AWS access key id"]
        );
        assert_eq!(
            kinds(&format!("ghp_{}", "a".repeat(36))),
            vec!["GitHub token"]
        );
        assert_eq!(kinds("xoxb-1234567890-abcdef"), vec!["Slack token"]);
        assert_eq!(
            kinds(&format!("sk_live_{}", "a1".repeat(12))),
            vec!["Stripe key"]
        );
        assert_eq!(
            kinds(&format!("AIza{}", "b".repeat(35))),
            vec!["Google API key"]
        );
        assert_eq!(kinds("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"), vec!["JSON Web Token"]);
        assert_eq!(
            kinds("https://deploy:S3cr3tPass@logs.example.com/x"),
            vec!["password in URL"]
        );
        assert_eq!(
            kinds(r#"{"password": "Tr0ub4dor&3"}"#),
            vec!["password assignment"]
        );
        assert_eq!(
            kinds("api_key = sk9f8e7d6c5b4a"),
            vec!["password assignment"]
        );
        assert_eq!(
            kinds(r#"{"notes": "password=Sup3rS3cretValue"}"#),
            vec!["password assignment"]
        );
    }

    #[test]
    fn the_prefilter_passes_every_match() {
        // Each pattern's positive examples, in other letter cases too, and
        // with the non-ASCII letters that fold to ASCII ones.
        let mut texts: Vec<String> = vec![
            "-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----".into(),
            "-----BEGIN PRIVATE KEY----- abc".into(),
            "key AKIAIOSFODNN7EXAMPLE here".into(),
            "ASIAIOSFODNN7EXAMPLE ABIAIOSFODNN7EXAMPLE ACCAIOSFODNN7EXAMPLE".into(),
            "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY".into(),
            "AWS Secret: \"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\"".into(),
            format!("ghp_{}", "a".repeat(36)),
            format!("gho_{} ghu_{} ghs_{} ghr_{}", "a".repeat(36), "b".repeat(36), "c".repeat(36), "d".repeat(36)),
            format!("github_pat_{}", "a".repeat(82)),
            "xoxb-1234567890-abcdef xoxa-1234567890 xoxp-1234567890".into(),
            "https://hooks.slack.com/services/T0000/B0000/XXXXXXXX".into(),
            format!("sk_live_{} rk_test_{}", "a1".repeat(12), "b2".repeat(12)),
            format!("AIza{}", "b".repeat(35)),
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U".into(),
            "https://deploy:S3cr3tPass@logs.example.com/x".into(),
            r#"{"password": "Tr0ub4dor&3"}"#.into(),
            "api_key = sk9f8e7d6c5b4a".into(),
            r#"{"notes": "password=Sup3rS3cretValue"}"#.into(),
            "client_secret: \"secret-Xk29fQ81\"".into(),
        ];
        for kw in [
            "password",
            "passwd",
            "pwd",
            "secret",
            "apikey",
            "api_key",
            "api-key",
            "access_token",
            "accesstoken",
            "auth-token",
            "authtoken",
            "client_secret",
            "private_key",
            "privatekey",
            "private-key",
        ] {
            texts.push(format!("{kw} = \"Zq9Wk2Lm7Xv\""));
            texts.push(format!("{} = Zq9Wk2Lm7Xv4", kw.to_uppercase()));
            // `ſ` and the Kelvin sign match `s` and `k` in `(?i)` patterns.
            texts.push(format!("{} = Zq9Wk2Lm7Xv4", kw.replace('s', "\u{17f}")));
            texts.push(format!("{} = Zq9Wk2Lm7Xv4", kw.replace('k', "\u{212a}")));
        }
        texts.push(
            "A\u{17f}\u{17f} AW\u{17f} \u{17f}ecret: \"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\""
                .into(),
        );
        let (set, _) = compiled();
        let mut matched = 0;
        for text in &texts {
            if set.is_match(text) {
                matched += 1;
                assert!(may_hold_secret(text), "prefilter misses {text:?}");
            }
        }
        // Every pattern is exercised.
        let mut seen = vec![false; PATTERNS.len()];
        for text in &texts {
            for i in set.matches(text).iter() {
                seen[i] = true;
            }
        }
        assert!(seen.iter().all(|&s| s), "{seen:?}");
        assert!(matched > texts.len() / 2, "{matched} of {}", texts.len());
        // Ordinary prose passes untouched.
        assert!(!may_hold_secret(
            "Summarise the quarterly report for the team."
        ));
    }

    #[test]
    fn real_values_that_mention_a_word_are_still_secrets() {
        assert_eq!(
            kinds("https://deploy:S3cr3tPassw0rdValue@logs.example.com/x"),
            vec!["password in URL"]
        );
        assert_eq!(
            kinds("client_secret: \"secret-Xk29fQ81\""),
            vec!["password assignment"]
        );
    }

    #[test]
    fn non_ascii_text_keeps_the_fast_path() {
        // Unicode word boundaries sent the whole scan to the slow engine
        // once a file held one non-ASCII character.
        let text = "All work is logged. ".repeat(1 << 20) + "é AKIAIOSFODNN7EXAMPLE";
        assert_eq!(kinds(&text), vec!["AWS access key id"]);
        // A boundary next to a non-ASCII letter still counts.
        assert_eq!(kinds("éAKIAIOSFODNN7EXAMPLEé"), vec!["AWS access key id"]);
    }

    #[test]
    fn masks_only_the_value() {
        let text = "https://deploy:S3cr3tPass@logs.example.com/x";
        let m = &scan(text)[0];
        assert_eq!(&text[m.range.clone()], "S3cr3tPass");
    }

    #[test]
    fn ignores_placeholders_and_prose() {
        for text in [
            "password: <your password>",
            "password = os.environ[\"PW\"]",
            "api_key: ${API_KEY}",
            "token: YOUR_TOKEN_HERE",
            "Never put a password or token in a profile.",
            "https://example.org/reviews/41",
            "set the password=changeme default",
            "password: PASSWORD_ENV",
            "https://user@host.example.com/x",
            "qpdf --password=mypassword --decrypt in.pdf out.pdf",
            "qpdf --password=secret123 --decrypt in.pdf out.pdf",
            "AccessToken:  \"xoxp-...\",",
            "client_secret: \"abc123...\"",
            "Proxy URL (e.g., `http://user:pass@host:port`)",
        ] {
            assert!(scan(text).is_empty(), "{text}: {:?}", scan(text));
        }
    }
}
