//! A `SKILL.md` that marks no skill for certain: one without frontmatter,
//! in a folder where no client looks for skills and among no skills (a
//! `docs/SKILL.md` beside a project's notes, a `documents/SKILL.md` that
//! keeps a copy of a client's documentation). Its folder may be a skill
//! someone has yet to finish or a folder of pages one of which is named
//! `SKILL.md`; the skill rules' errors there are not certain, so they are
//! warnings, and say why.

/// Whether the skill folder `dir` is where a client or an installer looks
/// for skills: directly in a skill root (`in_root`), below a folder named
/// `skills` or `skill` (`skills/engineering/x`, `.opencode/skill/x`,
/// `plugins/p/skills/x`), or in a client's folder of a project
/// (`.claude/…`).
pub fn in_skills_place(dir: &str, in_root: bool) -> bool {
    let parents = dir.rsplit_once('/').map_or("", |(up, _)| up);
    in_root
        || parents.split('/').any(|seg| {
            seg.eq_ignore_ascii_case("skills")
                || seg.eq_ignore_ascii_case("skill")
                || crate::model::skill::install::CLIENT_DIRS.contains(&seg)
        })
}

/// The parent folder of `dir` (`""` for a folder at the top).
fn parent(dir: &str) -> &str {
    dir.rsplit_once('/').map_or("", |(up, _)| up)
}

/// The skill folders among `skills` (each with its `SKILL.md` path and
/// whether it is directly in a skill root) whose `SKILL.md` marks no skill
/// for certain: it has no frontmatter (`bare` says so of a `SKILL.md`
/// path; asked only of the few folders outside every skills place), the
/// folder is not the repository's root, not in a skills place
/// ([`in_skills_place`]), not in a plugin folder (`plugins`), not a path
/// named on the command line (`named`), and no folder beside it holds a
/// `SKILL.md` with frontmatter.
pub fn unmarked_dirs<'a>(
    skills: &[(&'a str, &'a str, bool)],
    plugins: &[String],
    named: &[String],
    mut bare: impl FnMut(&str) -> bool,
) -> Vec<&'a str> {
    let in_plugin = |dir: &str| {
        plugins
            .iter()
            .any(|p| p.is_empty() || dir == p || dir.starts_with(&format!("{p}/")))
    };
    let candidates: Vec<&(&str, &str, bool)> = skills
        .iter()
        .filter(|(dir, _, in_root)| {
            !dir.is_empty()
                && !in_skills_place(dir, *in_root)
                && !in_plugin(dir)
                && !named.iter().any(|n| n == dir)
        })
        .collect();
    let mut known: std::collections::HashMap<&str, bool> = Default::default();
    let mut is_bare = |md: &'a str| *known.entry(md).or_insert_with(|| bare(md));
    let mut out = Vec::new();
    for (dir, md, _) in candidates {
        if !is_bare(md) {
            continue;
        }
        let among_skills = skills
            .iter()
            .filter(|(other, _, _)| other != dir && parent(other) == parent(dir))
            .any(|(_, other_md, _)| !is_bare(other_md));
        if !among_skills {
            out.push(*dir);
        }
    }
    out
}

/// What a finding's help says when it is lowered in the folder `dir`.
pub fn note(dir: &str) -> String {
    format!(
        "a warning here: `{dir}/SKILL.md` has no frontmatter and is in no skills folder and among no skills, so `{dir}` may be no skill at all but a folder of pages one of which is named `SKILL.md`; no client of the open format loads it. Add frontmatter if it is a skill"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_where_clients_look_for_skills() {
        assert!(in_skills_place("skills/pdf", false));
        assert!(in_skills_place("skills/engineering/pdf", false));
        assert!(in_skills_place(".opencode/skill/pdf", false));
        assert!(in_skills_place("plugins/p/skills/pdf", false));
        assert!(in_skills_place(".claude/commands/x", false));
        assert!(in_skills_place("pdf", true));
        assert!(!in_skills_place("docs", false));
        assert!(!in_skills_place("prototypes/brainstorm", false));
        // The folder's own name is no place.
        assert!(!in_skills_place("skills", false));
    }

    #[test]
    fn a_bare_skill_md_outside_skills_and_among_none_is_unmarked() {
        let skills = [
            ("docs", "docs/SKILL.md", false),
            ("documents", "documents/SKILL.md", false),
            ("skills/codefix", "skills/codefix/SKILL.md", true),
            ("tools/a", "tools/a/SKILL.md", false),
            ("tools/b", "tools/b/SKILL.md", false),
            ("plugins/p/notes", "plugins/p/notes/SKILL.md", false),
            ("", "SKILL.md", false),
            ("named", "named/SKILL.md", false),
        ];
        // Every file bare but `tools/b`'s.
        let bare = |md: &str| md != "tools/b/SKILL.md";
        let got = unmarked_dirs(
            &skills,
            &["plugins/p".to_string()],
            &["named".to_string()],
            bare,
        );
        // `skills/codefix` is in a skills root, `tools/a` sits beside a
        // skill with frontmatter, `plugins/p/notes` is a plugin's, the root
        // and a named folder are what the user asked about.
        assert_eq!(got, ["docs", "documents"]);
        // With frontmatter, nothing is unmarked.
        assert!(unmarked_dirs(&skills, &[], &[], |_| false).is_empty());
    }
}
