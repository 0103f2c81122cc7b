//! `caplint diff` as text for a terminal and as JSON.

use super::Style;
use crate::diagnostic::Diagnostic;
use crate::history::review::ClaimReview;
use crate::history::review::{PluginReview, ProfileReview, SkillReview, Status};
use crate::model::claims::{Change, Direction};
use serde_json::{json, Value};

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// `3 → 4`, `3` when unchanged, `(none) → 4` for a new value.
pub fn movement(from: &Option<String>, to: &Option<String>) -> String {
    let show = |v: &Option<String>| v.clone().unwrap_or_else(|| "(none)".into());
    if from == to {
        show(to)
    } else {
        format!("{} → {}", show(from), show(to))
    }
}

/// A one-character marker for a change: `+` added, `-` removed, `↑`/`↓`
/// raised/lowered, `~` changed otherwise.
pub fn marker(c: &Change) -> &'static str {
    match c {
        Change::SkillAdded { .. }
        | Change::ToolAdded { .. }
        | Change::EvidenceAdded { .. }
        | Change::LimitAdded(_) => "+",
        Change::SkillRemoved { .. }
        | Change::ToolRemoved { .. }
        | Change::EvidenceRemoved { .. }
        | Change::LimitRemoved(_) => "-",
        Change::Level { .. } | Change::Access { .. } => match c.direction() {
            Direction::Raised => "↑",
            Direction::Lowered => "↓",
            Direction::Changed => "~",
        },
    }
}

fn finding_line(d: &Diagnostic) -> String {
    format!("{}[{}]: {}", d.severity.as_str(), d.rule, d.message)
}

fn verdict_text(findings: &[&Diagnostic]) -> String {
    let errors = findings
        .iter()
        .filter(|d| d.severity == crate::diagnostic::Severity::Error)
        .count();
    let warnings = findings.len() - errors;
    match (errors, warnings) {
        (0, 0) => "ok".into(),
        (e, 0) => plural(e, "error"),
        (0, w) => plural(w, "warning"),
        (e, w) => format!("{}, {}", plural(e, "error"), plural(w, "warning")),
    }
}

fn profile_human(review: &ClaimReview, p: &ProfileReview, style: Style, out: &mut String) {
    let bold = |s: &str| {
        if style.color {
            format!("\x1b[1m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    };
    let id = p
        .agent_id
        .as_deref()
        .map_or_else(String::new, |i| format!(" ({i})"));
    let status = match (&p.status, &p.old_path) {
        (Status::Renamed, Some(old)) => format!("renamed from {old}"),
        (s, _) => s.as_str().to_string(),
    };
    out.push_str(&format!("{}{id}: {status}\n", bold(&p.path)));
    out.push_str(&format!(
        "  version      {}\n",
        movement(&p.version.0, &p.version.1)
    ));
    out.push_str(&format!(
        "  declared_at  {}\n",
        movement(&p.declared_at.0, &p.declared_at.1)
    ));
    if let Some(r) = &p.retired_at {
        out.push_str(&format!("  retired_at   {r}\n"));
    }
    if p.changes.is_empty() && p.status == Status::Modified {
        out.push_str("  no claim changes\n");
    }
    for c in &p.changes {
        let flag = if c.widens_access() {
            "   <- wider access: review"
        } else {
            ""
        };
        out.push_str(&format!("  {} {c}{flag}\n", marker(c)));
    }
    let findings: Vec<&Diagnostic> = review.findings_for(&p.path).collect();
    out.push_str(&format!("  verdict: {}\n", verdict_text(&findings)));
    for d in findings {
        out.push_str(&format!("    {}\n", finding_line(d)));
    }
    out.push('\n');
}

fn skill_path(s: &SkillReview) -> String {
    crate::discover::join_rel(&s.dir, crate::discover::SKILL_MD)
}

fn skill_human(review: &ClaimReview, s: &SkillReview, style: Style, out: &mut String) {
    let dir = if s.dir.is_empty() { "." } else { &s.dir };
    let title = if style.color {
        format!("\x1b[1m{dir}/\x1b[0m")
    } else {
        format!("{dir}/")
    };
    out.push_str(&format!(
        "{title} (skill {}): modified\n",
        movement(&s.name.0, &s.name.1)
    ));
    out.push_str(&format!(
        "  version      {}\n",
        movement(&s.version.0, &s.version.1)
    ));
    if !s.changed_files.is_empty() {
        out.push_str(&format!("  changed      {}\n", s.changed_files.join(", ")));
    }
    let path = skill_path(s);
    let findings: Vec<&Diagnostic> = review.findings_for(&path).collect();
    out.push_str(&format!("  verdict: {}\n", verdict_text(&findings)));
    for d in findings {
        out.push_str(&format!("    {}\n", finding_line(d)));
    }
    out.push('\n');
}

fn plugin_human(review: &ClaimReview, p: &PluginReview, style: Style, out: &mut String) {
    let dir = if p.dir.is_empty() { "." } else { &p.dir };
    let title = if style.color {
        format!("\x1b[1m{dir}/\x1b[0m")
    } else {
        format!("{dir}/")
    };
    out.push_str(&format!("{title} (plugin {}): modified\n", p.name));
    out.push_str(&format!(
        "  version      {}\n",
        movement(&p.version.0, &p.version.1)
    ));
    if !p.components.is_empty() {
        out.push_str(&format!("  changed      {}\n", p.components.join(", ")));
    }
    let findings: Vec<&Diagnostic> = review.findings_for(&p.path).filter(|d| p.owns(d)).collect();
    out.push_str(&format!("  verdict: {}\n", verdict_text(&findings)));
    for d in findings {
        out.push_str(&format!("    {}\n", finding_line(d)));
    }
    out.push('\n');
}

/// The terminal text of `caplint diff`.
pub fn human(review: &ClaimReview, style: Style) -> String {
    let mut out = format!(
        "caplint diff: {} → {}\n\n",
        review.base_label, review.head_label
    );
    let skills: Vec<&SkillReview> = review.skills.iter().filter(|s| s.is_shown()).collect();
    if review.profiles.is_empty() && skills.is_empty() && review.plugins.is_empty() {
        out.push_str("no profile, versioned skill or plugin changed\n");
        return out;
    }
    for p in &review.profiles {
        profile_human(review, p, style, &mut out);
    }
    for s in skills {
        skill_human(review, s, style, &mut out);
    }
    for p in &review.plugins {
        plugin_human(review, p, style, &mut out);
    }
    let (errors, warnings) = (review.report.summary.errors, review.report.summary.warnings);
    let plugins = if review.plugins.is_empty() {
        String::new()
    } else {
        format!(", {}", plural(review.plugins.len(), "plugin"))
    };
    out.push_str(&format!(
        "{}{plugins} and {} changed; verdict: {}, {}\n",
        plural(review.profiles.len(), "profile"),
        plural(
            review.skills.iter().filter(|s| s.is_shown()).count(),
            "skill"
        ),
        plural(errors, "error"),
        plural(warnings, "warning")
    ));
    out
}

fn pair(from: &Option<String>, to: &Option<String>) -> Value {
    json!({"from": from, "to": to})
}

/// `caplint diff --format json`: the check schema's `tool`, `version`,
/// `diagnostics` and `summary`, plus `base`, `head`, `profiles` and `skills`.
pub fn json(review: &ClaimReview) -> String {
    let mut root = super::json::value(&review.report);
    let profiles: Vec<Value> = review
        .profiles
        .iter()
        .map(|p| {
            json!({
                "path": p.path,
                "old_path": p.old_path,
                "status": p.status.as_str(),
                "agent_id": p.agent_id,
                "version": pair(&p.version.0, &p.version.1),
                "declared_at": pair(&p.declared_at.0, &p.declared_at.1),
                "retired_at": p.retired_at,
                "access_widened": p.changes.iter().any(Change::widens_access),
                "changes": p.changes.iter().map(super::claims_json::change).collect::<Vec<_>>(),
            })
        })
        .collect();
    let skills: Vec<Value> = review
        .skills
        .iter()
        .filter(|s| s.is_shown())
        .map(|s| {
            json!({
                "path": s.dir,
                "name": pair(&s.name.0, &s.name.1),
                "version": pair(&s.version.0, &s.version.1),
                "changed_files": s.changed_files,
            })
        })
        .collect();
    if let Some(obj) = root.as_object_mut() {
        let diagnostics = obj.remove("diagnostics");
        let summary = obj.remove("summary");
        obj.insert(
            "base".into(),
            json!({"label": review.base_label, "commit": review.base_commit}),
        );
        obj.insert(
            "head".into(),
            json!({"label": review.head_label, "commit": review.head_commit}),
        );
        obj.insert("profiles".into(), Value::Array(profiles));
        obj.insert("skills".into(), Value::Array(skills));
        let plugins: Vec<Value> = review
            .plugins
            .iter()
            .map(|p| {
                json!({
                    "path": p.dir,
                    "name": p.name,
                    "version": pair(&p.version.0, &p.version.1),
                    "changed_components": p.components,
                })
            })
            .collect();
        obj.insert("plugins".into(), Value::Array(plugins));
        if let Some(d) = diagnostics {
            obj.insert("diagnostics".into(), d);
        }
        if let Some(s) = summary {
            obj.insert("summary".into(), s);
        }
    }
    let mut s = serde_json::to_string_pretty(&root).unwrap_or_default();
    s.push('\n');
    s
}
