//! Secrets: credentials in any text, found by format, never shown.
//!
//! The credential formats follow gitleaks' rule set (MIT licence), written
//! here as caplint's own table (`formats.rs`). Scanning is linear in the text:
//!
//! 1. One case-blind keyword automaton (gitleaks' `keywords`) finds which
//!    rules can match at all; most texts hold none of the keywords.
//! 2. Only those rules' regexes run (the regex crate: finite automata, no
//!    backtracking). Every pattern has a bounded or self-delimiting length,
//!    so no search runs ahead to a far terminator.
//! 3. Each candidate value must then look like a credential: long and
//!    random enough (Shannon entropy, per rule), and not a placeholder,
//!    a documentation value, a reference to a secret manager, a variable
//!    name or a word (`judge.rs`).
//!
//! Private key blocks are found by their `BEGIN` and `END` lines separately,
//! paired in one pass, and count only with a key body between them
//! (`keys.rs`). A file too large to be read whole is scanned in pieces
//! (`reader.rs`). Matches say where and what kind, never the value: the
//! `security/secret-value` rule turns them into findings, and the masking
//! gate ([`crate::redact`]) masks their bytes in every output.
//!
//! A secret written with escapes (`"ghp\u005f…"` in JSON, `"ghp\x5f…"` in
//! YAML), which the parsers decode, is found by decoding every
//! double-quoted literal that holds a backslash and scanning the decoded
//! text too (`decoded.rs`), so no parsed value can carry a secret the raw
//! scan missed.
//!
//! A generic value (an assignment, a password in a URL) inside a
//! documented example (an OpenAPI `example:` block, a fenced block under
//! an "Examples" heading, a document's code block of data or code) is less
//! than certain (`context.rs`): the rule reports it as a warning.
//!
//! This module sits below the rules and the masking gate: it imports only
//! the standard library, crates and [`crate::prefilter`].

mod checksum;
mod context;
mod decoded;
mod formats;
mod judge;
mod jwt;
mod keys;
mod media;
mod names;
mod reader;
mod scan;
mod shapes;

pub use checksum::{fails_checksum, github_token};
pub use context::{is_generic, Examples, Text};
pub use decoded::{scan_decoded, DecodedMatch};
pub use reader::scan_reader;
pub use scan::{scan, SecretMatch};

/// The names of the generic kinds of secret (`credential assignment`,
/// `HTTP authorization header`): words of the tool's own messages that no
/// token's public prefix spells (a vendor's kind, `RubyGems token`, does:
/// its pieces stay masked).
pub fn generic_kinds() -> impl Iterator<Item = &'static str> {
    formats::PATTERNS
        .iter()
        .map(|p| p.kind)
        .filter(|k| is_generic(k))
}

#[cfg(test)]
pub(crate) mod fixtures;
