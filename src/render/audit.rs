//! The per-profile audit footer of `caplint history` (human output): the
//! versions and downgrades the walk saw for each profile.

use crate::history::walk::{Audit, ProfileAudit};

/// The per-profile audit as text, for human output.
pub fn audit(audit: &Audit) -> String {
    let mut out = format!(
        "history: {} first-parent commits, {} touched profiles or skills\n",
        audit.commits, audit.relevant
    );
    if audit.profiles.is_empty() {
        out.push_str("  no profile in this history\n");
        return out;
    }
    let mut profiles: Vec<&ProfileAudit> = audit.profiles.iter().collect();
    profiles.sort_by(|a, b| a.path.cmp(&b.path));
    for p in profiles {
        let id = p
            .agent_id
            .as_deref()
            .map_or_else(String::new, |i| format!(" ({i})"));
        let state = if p.deleted { " — deleted" } else { "" };
        out.push_str(&format!("\n  {}{id}{state}\n", p.path));
        let versions: Vec<String> = p
            .versions
            .iter()
            .map(|(v, c)| format!("{v} ({} {})", c.date, c.short_id))
            .collect();
        out.push_str(&format!(
            "    versions seen:   {}\n",
            if versions.is_empty() {
                "-".to_string()
            } else {
                versions.join(" → ")
            }
        ));
        if p.downgrades.is_empty() {
            out.push_str("    downgrades seen: none\n");
        } else {
            out.push_str(&format!("    downgrades seen: {}\n", p.downgrades.len()));
            for (c, change) in &p.downgrades {
                out.push_str(&format!("      {} {}  {change}\n", c.date, c.short_id));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::CommitRef;
    use crate::model::claims::Change;

    fn commit(date: &str, short_id: &str) -> CommitRef {
        CommitRef {
            date: date.into(),
            short_id: short_id.into(),
            id: format!("{short_id}0000"),
            subject: "subject".into(),
        }
    }

    #[test]
    fn versions_and_downgrades_per_profile() {
        let mut a = Audit {
            commits: 4,
            relevant: 2,
            ..Audit::default()
        };
        assert_eq!(
            audit(&a),
            "history: 4 first-parent commits, 2 touched profiles or skills\n  no profile in this history\n"
        );
        a.profiles.push(ProfileAudit {
            path: "b.profile.json".into(),
            agent_id: Some("b".into()),
            versions: vec![
                ("1".into(), commit("2026-01-01", "aaaaaaa")),
                ("2".into(), commit("2026-02-01", "bbbbbbb")),
            ],
            downgrades: vec![(
                commit("2026-02-01", "bbbbbbb"),
                Change::LimitAdded("No mail.".into()),
            )],
            deleted: true,
        });
        a.profiles.push(ProfileAudit {
            path: "a.profile.json".into(),
            ..ProfileAudit::default()
        });
        assert_eq!(
            audit(&a),
            "history: 4 first-parent commits, 2 touched profiles or skills\n\
             \n  a.profile.json\n    versions seen:   -\n    downgrades seen: none\n\
             \n  b.profile.json (b) — deleted\n\
             \x20   versions seen:   1 (2026-01-01 aaaaaaa) → 2 (2026-02-01 bbbbbbb)\n\
             \x20   downgrades seen: 1\n\
             \x20     2026-02-01 bbbbbbb  limit added: \"No mail.\"\n"
        );
    }
}
