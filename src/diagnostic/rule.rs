//! What a rule is: a stable id, a default severity, and its documentation.
//!
//! Each rule is declared once, in its own file under `src/rules/`, with
//! `declare_rule!`: the doc comment on the declaration is the text
//! `caplint explain` prints (a one-line summary, then `## What it does`,
//! `## Why`, `## Example` with a bad and a good block, and `## Fix`). A
//! [`Diagnostic`](super::Diagnostic) is made from a `&'static Rule`, so a
//! finding can only name a rule that exists: an unknown id does not compile.

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// How safe a fix is (ruff's applicability).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Applicability {
    /// Keeps the meaning; `caplint check --fix` applies it.
    Safe,
    /// May change the meaning; applied only with `--unsafe-fixes`.
    Unsafe,
}

impl Applicability {
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// What a rule's findings depend on: the file (or folder) they are in, or
/// other files of the repository too. The language server reads it: a
/// change linted alone cannot judge a repository rule, whose findings come
/// from the last run over the whole repository.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// One file, or one skill folder with its files.
    File,
    /// Every file of a kind at once (duplicate names, the plugins a
    /// marketplace lists).
    Repository,
}

/// One rule's id, default severity and documentation.
pub struct Rule {
    /// Stable public id, e.g. `profile/missing-evidence`.
    pub id: &'static str,
    pub default: Severity,
    /// Whether `caplint check --fix` can repair it, how safely, and what the
    /// automatic fix does.
    pub fixable: Option<(Applicability, &'static str)>,
    /// What its findings depend on.
    pub scope: Scope,
    /// The doc comment as written: one line per `///`, each with its
    /// leading space.
    raw: &'static str,
    /// `raw` without the one leading space per line, made on first use.
    doc: OnceLock<String>,
}

impl Rule {
    #[doc(hidden)]
    pub const fn new(
        id: &'static str,
        default: Severity,
        raw: &'static str,
        fixable: Option<(Applicability, &'static str)>,
    ) -> Self {
        Rule {
            id,
            default,
            fixable,
            scope: Scope::File,
            raw,
            doc: OnceLock::new(),
        }
    }

    /// The rule with its findings' scope.
    #[doc(hidden)]
    pub const fn scoped(mut self, scope: Scope) -> Self {
        self.scope = scope;
        self
    }

    /// The documentation: the summary line, then the sections.
    pub fn doc(&self) -> &str {
        self.doc.get_or_init(|| {
            let mut out = String::with_capacity(self.raw.len());
            for line in self.raw.lines() {
                out.push_str(line.strip_prefix(' ').unwrap_or(line));
                out.push('\n');
            }
            let trimmed = out.trim_end_matches('\n').len();
            out.truncate(trimmed);
            out
        })
    }

    /// The text between `start` and `end` (or the end of the doc).
    fn section(&self, start: &str, end: Option<&str>) -> &str {
        let doc = self.doc();
        let from = doc.find(start).map_or(doc.len(), |i| i + start.len());
        let rest = &doc[from..];
        match end.and_then(|end| rest.find(end)) {
            Some(to) => &rest[..to],
            None => rest,
        }
    }

    /// One line: when the rule fires.
    pub fn summary(&self) -> &str {
        let doc = self.doc();
        doc.find("\n\n## What it does\n").map_or(doc, |i| &doc[..i])
    }

    /// What it does.
    pub fn what(&self) -> &str {
        self.section("\n\n## What it does\n", Some("\n\n## Why\n"))
    }

    /// Why it matters.
    pub fn why(&self) -> &str {
        self.section("\n\n## Why\n", Some("\n\n## Example\n"))
    }

    /// Language of the examples (`json`, `yaml`, `markdown`, `text`, `diff`).
    pub fn lang(&self) -> &str {
        self.section("\n\n## Example\nBad:\n```", Some("\n"))
    }

    /// The example that fires the rule.
    pub fn bad(&self) -> &str {
        let lang = self.lang();
        let head = self.section("\n\n## Example\nBad:\n```", None);
        let body = &head[lang.len() + 1..];
        body.find("\n```\nGood:\n```").map_or(body, |i| &body[..i])
    }

    /// The example that passes.
    pub fn good(&self) -> &str {
        let lang = self.lang();
        let head = self.section("\n```\nGood:\n```", None);
        let body = head.get(lang.len() + 1..).unwrap_or("");
        body.find("\n```\n\n## Fix\n").map_or(body, |i| &body[..i])
    }

    /// How to fix a finding by hand.
    pub fn fix(&self) -> &str {
        self.section("\n```\n\n## Fix\n", None)
    }

    /// The family: `profile`, `skill`, `security` or `history`.
    pub fn family(&self) -> &'static str {
        self.id.split('/').next().unwrap_or(self.id)
    }

    /// The marker `caplint rules` shows after the summary: ` (fixable)`,
    /// ` (unsafe fix)` or nothing.
    pub fn fix_marker(&self) -> &'static str {
        match self.fixable {
            Some((Applicability::Safe, _)) => " (fixable)",
            Some((Applicability::Unsafe, _)) => " (unsafe fix)",
            None => "",
        }
    }

    /// The full documentation as Markdown (`caplint explain`).
    pub fn markdown(&self) -> String {
        let autofix = match self.fixable {
            Some((Applicability::Safe, what)) => {
                format!("\nFix: safe, `caplint check --fix`: {what}\n")
            }
            Some((Applicability::Unsafe, what)) => {
                format!("\nFix: unsafe, `caplint check --fix --unsafe-fixes`: {what}\n")
            }
            None => String::new(),
        };
        format!(
            "# {id}\n\nDefault severity: {sev}\n\n{doc}\n{autofix}",
            id = self.id,
            sev = self.default.as_str(),
            doc = self.doc(),
        )
    }
}

impl PartialEq for Rule {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Eq for Rule {}

impl PartialEq<str> for Rule {
    fn eq(&self, other: &str) -> bool {
        self.id == other
    }
}

impl PartialOrd for Rule {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rule {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.id.cmp(other.id)
    }
}

impl std::hash::Hash for Rule {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

/// The rule of a diagnostic that no rule made (an error in the
/// configuration file): its id is empty, and it is in no registry.
pub static NO_RULE: Rule = Rule::new("", Severity::Error, "", None);

/// Declares a rule: its documentation (the doc comment), id and default
/// severity, and whether it is fixable.
///
/// ```text
/// declare_rule! {
///     /// one line: when the rule fires
///     ///
///     /// ## What it does
///     /// ...
///     pub static RULE = "profile/stale", Warning;
/// }
/// ```
///
/// A fixable rule ends with `fixable: Safe, "what the fix does"` (or
/// `Unsafe`) before the `;`.
macro_rules! declare_rule {
    ($(#[doc = $doc:expr])* $vis:vis static $name:ident = $id:literal, $sev:ident $(, scope: $scope:ident)?;) => {
        $(#[doc = $doc])*
        $vis static $name: $crate::diagnostic::rule::Rule = $crate::diagnostic::rule::Rule::new(
            $id,
            $crate::diagnostic::rule::Severity::$sev,
            concat!($($doc, "\n"),*),
            None,
        )$(.scoped($crate::diagnostic::rule::Scope::$scope))?;
    };
    ($(#[doc = $doc:expr])* $vis:vis static $name:ident = $id:literal, $sev:ident, fixable: $app:ident, $autofix:literal $(, scope: $scope:ident)?;) => {
        $(#[doc = $doc])*
        $vis static $name: $crate::diagnostic::rule::Rule = $crate::diagnostic::rule::Rule::new(
            $id,
            $crate::diagnostic::rule::Severity::$sev,
            concat!($($doc, "\n"),*),
            Some(($crate::diagnostic::rule::Applicability::$app, $autofix)),
        )$(.scoped($crate::diagnostic::rule::Scope::$scope))?;
    };
}

/// Declares a family's rules in one list: each name is a module (one file,
/// holding one rule's `RULE` and its check) and its place in the family's
/// `RULES`. Adding a rule is its file plus one name here.
///
/// With `check: Trait;` first, each module also holds `pub struct Check`
/// implementing the family's check trait, and the family gets `CHECKS`, in
/// the same order.
macro_rules! rule_family {
    (check: $check:path; $($module:ident),* $(,)?) => {
        $(pub mod $module;)*

        /// The family's rules, in the order `caplint rules` lists them.
        pub static RULES: &[&$crate::diagnostic::rule::Rule] = &[$(&$module::RULE),*];

        /// Each rule's check, in the order of [`RULES`].
        pub static CHECKS: &[&(dyn $check + Sync)] = &[$(&$module::Check),*];
    };
    ($($module:ident),* $(,)?) => {
        $(pub mod $module;)*

        /// The family's rules, in the order `caplint rules` lists them.
        pub static RULES: &[&$crate::diagnostic::rule::Rule] = &[$(&$module::RULE),*];
    };
}

pub(crate) use declare_rule;
pub(crate) use rule_family;

impl serde::Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id)
    }
}
