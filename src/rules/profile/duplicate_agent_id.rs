//! `profile/duplicate-agent-id`.

use super::context::{quote, ProfileId, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::source::Span;

declare_rule! {
    /// two profile files declare the same `agent_id` (labels on both files)
    ///
    /// ## What it does
    /// Compares `agent_id` across every profile in the run and reports each file that shares one, pointing at the other.
    ///
    /// ## Why
    /// `agent_id` identifies one agent across versions; two files with the same id make routing pick one at random.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// agents/a.profile.json: "agent_id": "research-agent-07"
    /// agents/b.profile.json: "agent_id": "research-agent-07"
    /// ```
    /// Good:
    /// ```json
    /// agents/a.profile.json: "agent_id": "research-agent-07"
    /// agents/b.profile.json: "agent_id": "writer-agent-02"
    /// ```
    ///
    /// ## Fix
    /// Give each agent its own id; keep one file per agent.
    pub static RULE = "profile/duplicate-agent-id", Error, scope: Repository;
}

/// The `agent_id`s of all profiles of the repository: one finding in each
/// file that shares an id, labelled with the other files' locations.
pub struct Check;

/// How many other files a finding names.
const MAX_OTHERS_SHOWN: usize = 5;

impl ProfileRule for Check {
    fn repository(&self, profiles: &[ProfileId<'_>], out: &mut Vec<Diagnostic>) {
        let mut by_id: std::collections::BTreeMap<&str, Vec<(&str, Span)>> = Default::default();
        for p in profiles {
            by_id.entry(p.agent_id).or_default().push((p.path, p.span));
        }
        for (id, files) in by_id {
            if files.len() < 2 {
                continue;
            }
            for (i, (path, span)) in files.iter().enumerate() {
                // Name (and label) a few of the other files, not all of them: with
                // thousands of copies, listing every one in every finding would
                // grow as the square of their number.
                let others = files
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, other)| *other);
                let shown: Vec<(&str, Span)> = others.take(MAX_OTHERS_SHOWN).collect();
                let mut names: Vec<&str> = shown.iter().map(|(p, _)| *p).collect();
                let more = files.len() - 1 - shown.len();
                let more_text = format!("{more} more files");
                if more > 0 {
                    names.push(&more_text);
                }
                let mut d = Diagnostic::new(&RULE, *path, format!("agent_id {} is also declared by {}", quote(id), names.join(", ")))
                    .at(*span)
                    .label("declared here")
                    .help("an agent_id names one agent across versions; give each agent its own id and keep one file per agent");
                for (p, s) in shown {
                    d = d.with_label_in(p, s, "also declared here");
                }
                out.push(d);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::OK;
    use super::*;
    use crate::model::profile::{agent_id, parse_json};

    fn check(profiles: &[ProfileId<'_>]) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        Check.repository(profiles, &mut out);
        out
    }

    #[test]
    fn duplicate_agent_ids_label_both_files() {
        let a = parse_json(OK).unwrap();
        let (agent_id, span) = agent_id(&a).unwrap();
        let ds = check(&[
            ProfileId { path: "a.profile.json", agent_id, span },
            ProfileId { path: "b.profile.json", agent_id, span },
            ProfileId { path: "c.profile.json", agent_id: "c", span },
        ]);
        assert_eq!(ds.len(), 2);
        assert_eq!(ds[0].path, "a.profile.json");
        assert_eq!(ds[0].message, "agent_id `a` is also declared by b.profile.json");
        assert_eq!(ds[0].span, Some(span));
        assert_eq!(ds[0].labels[0].path.as_deref(), Some("b.profile.json"));
        assert_eq!(ds[1].labels[0].path.as_deref(), Some("a.profile.json"));
        let sources = ["a.profile.json", "b.profile.json"]
            .map(|p| crate::source::SourceFile::new(p, OK));
        insta::assert_snapshot!(crate::render::human::plain(sources, ds));
    }

    #[test]
    fn distinct_ids_are_fine() {
        let span = Span::new(0, 1);
        let ds = check(&[
            ProfileId { path: "a.profile.json", agent_id: "a", span },
            ProfileId { path: "b.profile.json", agent_id: "b", span },
        ]);
        assert_eq!(ds, vec![]);
    }

    #[test]
    fn thousands_of_duplicate_agent_ids_name_a_few_others() {
        let v = parse_json(OK).unwrap();
        let paths: Vec<String> = (0..5000).map(|i| format!("p{i}.profile.json")).collect();
        let (agent_id, span) = agent_id(&v).unwrap();
        let ids: Vec<_> = paths
            .iter()
            .map(|path| ProfileId { path, agent_id, span })
            .collect();
        let ds = check(&ids);
        assert_eq!(ds.len(), 5000);
        for d in &ds {
            assert_eq!(d.labels.len(), MAX_OTHERS_SHOWN);
            assert!(d.message.ends_with("4994 more files"), "{}", d.message);
        }
    }
}
