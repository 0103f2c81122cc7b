//! `caplint summary`: the decision-ready summary of the capability-profile
//! document's Output Contract, in Markdown, in its order: the profile
//! header, the profile document, the check output, the match table (or
//! "general use"), downgrades and gaps, the freshness record, and the
//! limits restated. Made to be pasted into a pull request.

use crate::date::Date;
use crate::model::matching::{Candidate, Verdict};
use crate::model::requirements::Requirements;

/// One version of the profile in its history, with the claims it dropped
/// or lowered against the version before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Version {
    pub version: String,
    pub commit: String,
    pub date: String,
    pub downgrades: Vec<String>,
}

/// How many versions without a single downgrade make the document's
/// warning worth giving.
pub const MANY_VERSIONS: usize = 4;

/// The events that force a recheck before the freshness limit (workflow
/// step 7 of the document).
pub const EARLY_RECHECK: &[&str] = &[
    "a tool is added or removed",
    "access is granted or revoked",
    "a skill claim fails in a real run",
    "the limits change",
];

pub struct Summary<'a> {
    pub candidate: &'a Candidate,
    /// The profile's text, secrets masked.
    pub profile_json: &'a str,
    pub as_of: Date,
    pub freshness_days: i64,
    /// The reference checker's output (`caplint report`).
    pub check_output: &'a str,
    /// caplint's own findings, one line each.
    pub lint: &'a [String],
    pub requirements: Option<(&'a str, &'a Requirements)>,
    /// Oldest first.
    pub versions: &'a [Version],
    /// Claims with no evidence (`skill NAME`, `tool NAME`).
    pub without_evidence: &'a [String],
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

fn esc(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

pub fn markdown(s: &Summary<'_>) -> String {
    let c = s.candidate;
    let dash = || "-".to_string();
    let mut out = format!("# Capability profile summary: `{}`\n\n", esc(c.label()));
    out.push_str("## 1. Profile header\n\n| agent_id | version | declared_at | as of | age (days) | stale |\n|---|---|---|---|---|---|\n");
    out.push_str(&format!(
        "| `{}` | {} | {} | {} | {} | {} |\n\n",
        esc(c.label()),
        esc(&c.version.clone().unwrap_or_else(dash)),
        esc(&c.declared_at.clone().unwrap_or_else(dash)),
        s.as_of,
        c.age_days.map_or_else(dash, |a| a.to_string()),
        if c.age_days.is_none() {
            "unknown"
        } else {
            yes_no(c.stale)
        },
    ));
    out.push_str(&format!(
        "## 2. Profile document\n\n`{}`:\n\n```json\n{}",
        c.path, s.profile_json
    ));
    if !s.profile_json.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("```\n\n## 3. Check output\n\n```text\n");
    out.push_str(s.check_output);
    out.push_str("```\n\n");
    if s.lint.is_empty() {
        out.push_str("caplint: no findings.\n\n");
    } else {
        out.push_str("caplint:\n\n```text\n");
        for l in s.lint {
            out.push_str(l);
            out.push('\n');
        }
        out.push_str("```\n\n");
    }
    out.push_str("## 4. Match table\n\n");
    match s.requirements {
        None => out.push_str("General use: the profile was not built for a specific decision (no requirements given).\n\n"),
        Some((path, req)) => {
            let task = if req.task.is_empty() { "(no task named)".to_string() } else { esc(&req.task) };
            out.push_str(&format!("{} decision: {task} (requirements `{}`)\n\n", req.decision, esc(path)));
            out.push_str("| requirement | required | claim found | evidence | verdict |\n|---|---|---|---|---|\n");
            for r in &c.rows {
                out.push_str(&format!(
                    "| {} `{}` | {} | {} | {} | {} |\n",
                    r.kind,
                    esc(&r.name),
                    r.required,
                    esc(r.found.as_deref().unwrap_or("-")),
                    r.evidence,
                    r.verdict.as_str()
                ));
            }
            for p in &req.rule_out_limits {
                let hit = c.ruled_out_by.contains(p);
                out.push_str(&format!(
                    "| limit `{}` | rules out | {} | - | {} |\n",
                    esc(p),
                    if hit { "a limit contains it" } else { "-" },
                    if hit { "ruled out" } else { "not ruled out" }
                ));
            }
            out.push_str(&format!("\nFit: **{}**.", c.fit.as_str()));
            let unmet = c.rows.iter().filter(|r| r.verdict != Verdict::Met).count();
            if unmet > 0 {
                out.push_str(" Missing and below bar weigh the same: assign a smaller part, pick another profile, or record an exception with its reason.");
            }
            out.push('\n');
            if !c.excess_access.is_empty() {
                out.push_str("\nExcess access (a finding, not a bonus):\n");
                for x in &c.excess_access {
                    out.push_str(&format!("- `{}`: {}\n", esc(&x.tool), x.access));
                }
            }
            out.push('\n');
        }
    }
    out.push_str("## 5. Downgrades and gaps\n\n");
    let downgrades: Vec<&Version> = s
        .versions
        .iter()
        .filter(|v| !v.downgrades.is_empty())
        .collect();
    if s.versions.is_empty() {
        out.push_str("- No git history of this profile: no earlier version to compare with.\n");
    } else {
        out.push_str(&format!(
            "- Versions in history: {}.\n",
            s.versions
                .iter()
                .map(|v| v.version.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        for v in &downgrades {
            for d in &v.downgrades {
                out.push_str(&format!(
                    "- Version {} ({}, {}): {}\n",
                    esc(&v.version),
                    v.commit,
                    v.date,
                    esc(d)
                ));
            }
        }
        if downgrades.is_empty() {
            out.push_str("- No claim was dropped or lowered in any version.\n");
            if s.versions.len() >= MANY_VERSIONS {
                out.push_str(&format!(
                    "- Warning: {} versions and not one downgrade. A profile history with no downgrades over many versions is a sign the rechecks are not being done.\n",
                    s.versions.len()
                ));
            }
        }
    }
    if s.without_evidence.is_empty() {
        out.push_str("- Claims without evidence: none.\n");
    } else {
        out.push_str(&format!(
            "- Claims without evidence: {}.\n",
            s.without_evidence.join(", ")
        ));
    }
    out.push_str("- Known weak spots are carried in the limits (section 7).\n\n");
    out.push_str("## 6. Freshness record\n\n");
    out.push_str(&format!("- Freshness limit: {} days.\n", s.freshness_days));
    let next = c
        .declared_at
        .as_deref()
        .and_then(Date::parse_ymd)
        .and_then(|d| d.add_days(s.freshness_days));
    match next {
        Some(d) => out.push_str(&format!(
            "- Next recheck: {d} (declared_at plus the limit).\n"
        )),
        None => out.push_str("- Next recheck: unknown (`declared_at` is not a date).\n"),
    }
    out.push_str(&format!(
        "- Recheck at once, whatever the age, when {}.\n\n",
        EARLY_RECHECK.join(", ")
    ));
    out.push_str("## 7. Limits\n\n");
    if c.limits.is_empty() {
        out.push_str("No limits are stated. Every agent has limits: an empty list usually means the section was skipped.\n");
    }
    for l in &c.limits {
        out.push_str(&format!("- {}\n", l.replace('\n', " ")));
    }
    out
}
