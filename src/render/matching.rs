//! `caplint match`: the match tables of the candidates side by side, so that
//! a reviewer compares them on the same fields (level and evidence per
//! requirement, age, excess access, the limits that touch the task), as
//! plain text, Markdown and JSON. Pure functions of the judged candidates.

use crate::date::Date;
use crate::model::matching::{Candidate, Row, Verdict};
use crate::model::requirements::Requirements;
use serde_json::json;

/// What a match run produced, in ranking order.
pub struct Matched<'a> {
    pub requirements_path: &'a str,
    pub requirements: &'a Requirements,
    pub as_of: Date,
    pub freshness_days: i64,
    pub min_evidence: usize,
    /// The candidates, in the order they were named (or found).
    pub candidates: &'a [Candidate],
    /// Indices into `candidates`, best first.
    pub ranking: &'a [usize],
}

/// The JSON object of SPEC §8.
pub fn json(m: &Matched<'_>) -> String {
    let value = json!({
        "tool": "caplint",
        "requirements": m.requirements_path,
        "as_of": m.as_of.to_string(),
        "candidates": m.candidates.iter().map(Candidate::to_json).collect::<Vec<_>>(),
        "ranking": m.ranking.iter().map(|&i| m.candidates[i].label()).collect::<Vec<_>>(),
    });
    serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
}

/// The requirement rows' labels, in the order written.
fn requirement_labels(req: &Requirements) -> Vec<String> {
    req.skills
        .iter()
        .map(|s| format!("skill {} (min {})", s.name, s.min_level))
        .chain(
            req.tools
                .iter()
                .map(|t| format!("tool {} ({})", t.name, t.access)),
        )
        .collect()
}

fn cell(row: &Row) -> String {
    match &row.found {
        None => "missing".to_string(),
        Some(found) => {
            let verdict = match row.verdict {
                Verdict::Met => "met",
                _ => "BELOW BAR",
            };
            format!("{found}, {} ev, {verdict}", row.evidence)
        }
    }
}

/// The table as rows of cells: a header row, then one row per field.
fn grid(m: &Matched<'_>) -> Vec<Vec<String>> {
    let ranked: Vec<&Candidate> = m.ranking.iter().map(|&i| &m.candidates[i]).collect();
    let mut rows = vec![std::iter::once("".to_string())
        .chain(ranked.iter().map(|c| c.label().to_string()))
        .collect::<Vec<_>>()];
    let mut field = |name: String, f: &dyn Fn(&Candidate) -> String| {
        rows.push(
            std::iter::once(name)
                .chain(ranked.iter().map(|c| f(c)))
                .collect(),
        );
    };
    field("rank".into(), &|c| {
        let i = ranked.iter().position(|x| std::ptr::eq(*x, c)).unwrap_or(0);
        (i + 1).to_string()
    });
    field("fit".into(), &|c| c.fit.as_str().to_string());
    field("version".into(), &|c| {
        c.version.clone().unwrap_or_else(|| "-".into())
    });
    for (i, label) in requirement_labels(m.requirements).into_iter().enumerate() {
        field(label, &|c| c.rows.get(i).map_or_else(String::new, cell));
    }
    field("age (days)".into(), &|c| {
        c.age_days.map_or_else(|| "-".into(), |a| a.to_string())
    });
    field("stale".into(), &|c| {
        if c.stale {
            "yes".into()
        } else {
            "no".into()
        }
    });
    field("excess access".into(), &|c| {
        if c.excess_access.is_empty() {
            "-".into()
        } else {
            c.excess_access
                .iter()
                .map(|x| format!("{} {}", x.tool, x.access))
                .collect::<Vec<_>>()
                .join("; ")
        }
    });
    if !m.requirements.rule_out_limits.is_empty() {
        field("ruled out by".into(), &|c| {
            if c.ruled_out_by.is_empty() {
                "-".into()
            } else {
                c.ruled_out_by.join("; ")
            }
        });
    }
    field("lint errors".into(), &|c| c.errors.to_string());
    rows
}

fn header(m: &Matched<'_>) -> String {
    let r = m.requirements;
    let task = if r.task.is_empty() {
        "(no task named)"
    } else {
        &r.task
    };
    format!(
        "{} decision: {task}\nrequirements: {} · as of {} · freshness {} days · min evidence {}\n",
        r.decision, m.requirements_path, m.as_of, m.freshness_days, m.min_evidence
    )
}

/// Plain text: the header, the table in aligned columns, then each
/// candidate's limits (a reviewer who reads only this still sees them).
pub fn human(m: &Matched<'_>) -> String {
    let grid = grid(m);
    let widths: Vec<usize> = (0..grid[0].len())
        .map(|col| {
            grid.iter()
                .map(|r| r[col].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = header(m);
    out.push('\n');
    for row in &grid {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out.push_str(&limits_text(m, "  - "));
    out.push_str(&verdict_line(m));
    out
}

fn limits_text(m: &Matched<'_>, bullet: &str) -> String {
    let mut out = String::new();
    for &i in m.ranking {
        let c = &m.candidates[i];
        out.push_str(&format!("\nlimits of {}:\n", c.label()));
        if c.limits.is_empty() {
            out.push_str(&format!("{bullet}(none stated)\n"));
        }
        for l in &c.limits {
            out.push_str(&format!("{bullet}{l}\n"));
        }
    }
    out
}

fn verdict_line(m: &Matched<'_>) -> String {
    let met: Vec<&str> = m
        .ranking
        .iter()
        .map(|&i| &m.candidates[i])
        .filter(|c| c.fit == crate::model::matching::Fit::Met)
        .map(Candidate::label)
        .collect();
    if met.is_empty() {
        "\nno candidate meets every requirement: assign a smaller part, pick another profile, or record an exception with its reason\n".to_string()
    } else {
        format!("\nmeets every requirement: {}\n", met.join(", "))
    }
}

fn md_escape(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// A Markdown table of the same fields, for a pull request or a ticket.
pub fn markdown(m: &Matched<'_>) -> String {
    let grid = grid(m);
    let r = m.requirements;
    let mut out = format!(
        "### Match: {}\n\n{} decision · requirements `{}` · as of {} · freshness {} days · min evidence {}\n\n",
        md_escape(if r.task.is_empty() { "(no task named)" } else { &r.task }),
        r.decision,
        md_escape(m.requirements_path),
        m.as_of,
        m.freshness_days,
        m.min_evidence
    );
    for (n, row) in grid.iter().enumerate() {
        out.push_str("| ");
        out.push_str(
            &row.iter()
                .map(|c| md_escape(c))
                .collect::<Vec<_>>()
                .join(" | "),
        );
        out.push_str(" |\n");
        if n == 0 {
            out.push_str(&"|---".repeat(row.len()));
            out.push_str("|\n");
        }
    }
    out.push_str(&limits_text(m, "- "));
    out.push_str(&verdict_line(m));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::matching::{candidate, ranking, Bar};
    use crate::model::requirements;
    use crate::source::SourceFile;

    #[test]
    fn the_tables_side_by_side() {
        let req = requirements::parse(&SourceFile::new(
            "r.json",
            r#"{"task": "Route refunds", "skills": [{"name": "refund-policy", "min_level": "proficient"}],
                "tools": [{"name": "crm", "access": "write"}], "rule_out_limits": ["no refunds"]}"#,
        ))
        .unwrap();
        let as_of = Date::parse_ymd("2026-10-15").unwrap();
        let bar = Bar::new(&req, as_of, 90, 1);
        let p = |id: &str, level: &str, access: &str| {
            crate::json::parse(&format!(
                r#"{{"agent_id": "{id}", "version": "2", "declared_at": "2026-10-01",
                  "skills": [{{"name": "refund-policy", "level": "{level}", "evidence": [{{"kind": "log", "ref": "r"}}]}}],
                  "tools": [{{"name": "crm", "access": "{access}", "evidence": [{{"kind": "log", "ref": "c"}}]}},
                            {{"name": "shell", "access": "execute", "evidence": [{{"kind": "log", "ref": "s"}}]}}],
                  "limits": ["English only."]}}"#
            ))
            .unwrap()
        };
        let cands = vec![
            candidate(
                &req,
                bar,
                "b.profile.json",
                Some(&p("b", "basic", "write")),
                0,
            ),
            candidate(
                &req,
                bar,
                "a.profile.json",
                Some(&p("a", "advanced", "write")),
                0,
            ),
        ];
        let order = ranking(&cands);
        let m = Matched {
            requirements_path: "r.json",
            requirements: &req,
            as_of,
            freshness_days: 90,
            min_evidence: 1,
            candidates: &cands,
            ranking: &order,
        };
        insta::assert_snapshot!(human(&m));
        insta::assert_snapshot!(markdown(&m));
        let v: serde_json::Value = serde_json::from_str(&json(&m)).unwrap();
        assert_eq!(v["ranking"], json!(["a", "b"]));
        assert_eq!(v["candidates"][0]["path"], "b.profile.json");
        assert_eq!(
            v["candidates"][1]["excess_access"],
            json!([{"tool": "shell", "access": "execute"}])
        );
    }
}
