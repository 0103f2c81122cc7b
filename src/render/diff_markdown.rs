//! `caplint diff --format markdown`: a review of claim changes made to be
//! posted as a pull-request comment — a heading, one table per changed
//! profile, and a verdict line; a short comment when nothing changed.

use crate::diagnostic::{Diagnostic, Severity};
use crate::history::review::ClaimReview;
use crate::history::review::{PluginReview, ProfileReview, SkillReview, Status};
use crate::model::claims::{Change, Direction, Subject};
use crate::model::version;
use std::cmp::Ordering;

pub const HEADING: &str = "## caplint: capability claim changes";

/// Text for a table cell: pipes escaped, line breaks flattened.
fn cell(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace(['\n', '\r'], " ")
}

/// Inline code, falling back to plain text when the value holds a backtick.
fn code(s: &str) -> String {
    if s.is_empty() {
        "—".into()
    } else if s.contains('`') {
        cell(s)
    } else {
        format!("`{}`", cell(s))
    }
}

fn opt(v: &Option<String>) -> String {
    v.as_deref().map_or_else(|| "—".into(), code)
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

fn subject(s: &Subject) -> String {
    match s {
        Subject::Skill(n) => format!("skill {}", code(n)),
        Subject::Tool(n) => format!("tool {}", code(n)),
    }
}

fn direction_note(c: &Change) -> &'static str {
    match c.direction() {
        Direction::Raised => "raised",
        Direction::Lowered => "lowered",
        Direction::Changed => "changed",
    }
}

/// One table row per change: claim | before | after | note.
fn change_row(c: &Change) -> String {
    let (claim, before, after, note) = match c {
        Change::SkillAdded { name, level } => (
            format!("skill {}", code(name)),
            "—".into(),
            code(level),
            "added".to_string(),
        ),
        Change::SkillRemoved { name, level } => (
            format!("skill {}", code(name)),
            code(level),
            "—".into(),
            "**removed**".into(),
        ),
        Change::Level { name, from, to } => (
            format!("skill {} level", code(name)),
            code(from),
            code(to),
            direction_note(c).into(),
        ),
        Change::ToolAdded { name, access } => (
            format!("tool {}", code(name)),
            "—".into(),
            code(access),
            if c.widens_access() {
                "added — ⚠️ **wider access: review**".into()
            } else {
                "added".into()
            },
        ),
        Change::ToolRemoved { name, access } => (
            format!("tool {}", code(name)),
            code(access),
            "—".into(),
            "**removed**".into(),
        ),
        Change::Access { name, from, to } => (
            format!("tool {} access", code(name)),
            code(from),
            code(to),
            if c.widens_access() {
                "⚠️ **raised: review**".into()
            } else {
                direction_note(c).into()
            },
        ),
        Change::EvidenceAdded {
            on,
            kind,
            reference,
        } => (
            format!("evidence of {}", subject(on)),
            "—".into(),
            format!("{} {}", cell(kind), code(reference)),
            "added".into(),
        ),
        Change::EvidenceRemoved {
            on,
            kind,
            reference,
        } => (
            format!("evidence of {}", subject(on)),
            format!("{} {}", cell(kind), code(reference)),
            "—".into(),
            "removed".into(),
        ),
        Change::LimitAdded(l) => ("limit".into(), "—".into(), cell(l), "added".into()),
        Change::LimitRemoved(l) => ("limit".into(), cell(l), "—".into(), "**removed**".into()),
    };
    format!("| {claim} | {before} | {after} | {note} |\n")
}

fn finding_item(d: &Diagnostic) -> String {
    let icon = match d.severity {
        Severity::Error => "❌",
        Severity::Warning => "⚠️",
    };
    format!("- {icon} `{}`: {}\n", d.rule, cell(&d.message))
}

fn verdict_line(findings: &[&Diagnostic]) -> String {
    let errors = findings
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let warnings = findings.len() - errors;
    match (errors, warnings) {
        (0, 0) => "**Verdict:** ✅ no findings\n".into(),
        (0, w) => format!("**Verdict:** ⚠️ {}\n", plural(w, "warning")),
        (e, 0) => format!("**Verdict:** ❌ {}\n", plural(e, "error")),
        (e, w) => format!(
            "**Verdict:** ❌ {}, {}\n",
            plural(e, "error"),
            plural(w, "warning")
        ),
    }
}

fn profile(review: &ClaimReview, p: &ProfileReview, out: &mut String) {
    let id = p
        .agent_id
        .as_deref()
        .map_or_else(String::new, |i| format!(" — {}", code(i)));
    let status = match (&p.status, &p.old_path) {
        (Status::Renamed, Some(old)) => format!("renamed from {}", code(old)),
        (s, _) => s.as_str().to_string(),
    };
    out.push_str(&format!("### {}{id} ({status})\n\n", code(&p.path)));
    out.push_str("| claim | before | after | note |\n|---|---|---|---|\n");
    let version_note = match (&p.version.0, &p.version.1) {
        (Some(a), Some(b)) => match version::compare(b, a) {
            Some(Ordering::Greater) => "raised",
            Some(Ordering::Less) => "**lowered**",
            Some(Ordering::Equal) => "unchanged",
            None => "**not comparable**",
        },
        _ => "",
    };
    let date_note = match (&p.declared_at.0, &p.declared_at.1) {
        (Some(a), Some(b)) if a == b => "unchanged",
        (Some(a), Some(b)) if b > a => "moved later",
        (Some(_), Some(_)) => "**moved earlier**",
        _ => "",
    };
    out.push_str(&format!(
        "| version | {} | {} | {version_note} |\n",
        opt(&p.version.0),
        opt(&p.version.1),
    ));
    out.push_str(&format!(
        "| declared_at | {} | {} | {date_note} |\n",
        opt(&p.declared_at.0),
        opt(&p.declared_at.1),
    ));
    if let Some(r) = &p.retired_at {
        out.push_str(&format!("| retired_at | | {} | retired |\n", code(r)));
    }
    for c in &p.changes {
        out.push_str(&change_row(c));
    }
    out.push('\n');
    if p.changes.is_empty() && p.status == Status::Modified {
        out.push_str("No claim changes.\n\n");
    }
    let findings: Vec<&Diagnostic> = review.findings_for(&p.path).collect();
    out.push_str(&verdict_line(&findings));
    for d in findings {
        out.push_str(&finding_item(d));
    }
    out.push('\n');
}

fn skill(review: &ClaimReview, s: &SkillReview, out: &mut String) {
    let dir = if s.dir.is_empty() { "." } else { &s.dir };
    out.push_str(&format!("### skill {} (modified)\n\n", code(dir)));
    out.push_str("| | before | after |\n|---|---|---|\n");
    out.push_str(&format!(
        "| name | {} | {} |\n",
        opt(&s.name.0),
        opt(&s.name.1)
    ));
    out.push_str(&format!(
        "| version | {} | {} |\n",
        opt(&s.version.0),
        opt(&s.version.1)
    ));
    out.push('\n');
    if !s.changed_files.is_empty() {
        let files: Vec<String> = s.changed_files.iter().map(|f| code(f)).collect();
        out.push_str(&format!("Changed: {}\n\n", files.join(", ")));
    }
    let path = crate::discover::join_rel(&s.dir, crate::discover::SKILL_MD);
    let findings: Vec<&Diagnostic> = review.findings_for(&path).collect();
    out.push_str(&verdict_line(&findings));
    for d in findings {
        out.push_str(&finding_item(d));
    }
    out.push('\n');
}

fn plugin(review: &ClaimReview, p: &PluginReview, out: &mut String) {
    let dir = if p.dir.is_empty() { "." } else { &p.dir };
    out.push_str(&format!(
        "### plugin {} in {} (modified)\n\n",
        code(&p.name),
        code(dir)
    ));
    out.push_str("| | before | after |\n|---|---|---|\n");
    out.push_str(&format!(
        "| version | {} | {} |\n",
        opt(&p.version.0),
        opt(&p.version.1)
    ));
    out.push('\n');
    if !p.components.is_empty() {
        let parts: Vec<String> = p.components.iter().map(|c| cell(c)).collect();
        out.push_str(&format!("Changed: {}\n\n", parts.join(", ")));
    }
    let findings: Vec<&Diagnostic> = review.findings_for(&p.path).filter(|d| p.owns(d)).collect();
    out.push_str(&verdict_line(&findings));
    for d in findings {
        out.push_str(&finding_item(d));
    }
    out.push('\n');
}

/// The pull-request comment.
pub fn render(review: &ClaimReview) -> String {
    let mut out = format!("{HEADING}\n\n");
    let compared = format!(
        "Compared {} with {}.",
        cell(&review.base_label),
        cell(&review.head_label)
    );
    let skills: Vec<&SkillReview> = review.skills.iter().filter(|s| s.is_shown()).collect();
    if review.profiles.is_empty() && skills.is_empty() && review.plugins.is_empty() {
        out.push_str(&format!(
            "No claim changes: no capability profile, versioned skill or plugin changed. {compared}\n"
        ));
        return out;
    }
    out.push_str(&format!("{compared}\n\n"));
    for p in &review.profiles {
        profile(review, p, &mut out);
    }
    for s in skills {
        skill(review, s, &mut out);
    }
    for p in &review.plugins {
        plugin(review, p, &mut out);
    }
    let (errors, warnings) = (review.report.summary.errors, review.report.summary.warnings);
    let overall = match (errors, warnings) {
        (0, 0) => "✅ the history rules found nothing".to_string(),
        (0, w) => format!("⚠️ {} for the reviewer", plural(w, "warning")),
        (e, w) => format!("❌ {}, {}", plural(e, "error"), plural(w, "warning")),
    };
    out.push_str(&format!(
        "---\n**Overall:** {overall} in {} and {}.\n",
        plural(review.profiles.len(), "changed profile"),
        plural(
            review.skills.iter().filter(|s| s.is_shown()).count(),
            "changed skill"
        )
    ));
    out.push_str("\n<sub>Generated by caplint diff.</sub>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_escaped() {
        assert_eq!(cell("a|b\nc"), "a\\|b c");
        assert_eq!(code("x`y"), "x`y");
        assert_eq!(code("web-search"), "`web-search`");
        assert_eq!(code(""), "—");
    }
}
