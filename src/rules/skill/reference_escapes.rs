//! `skill/reference-escapes`.
//!
//! The reference graph (`crate::model::skill::references`) finds the names
//! and judges their severity, as typed findings ([`Escape`]); this file
//! says each kind ([`say`]): its message, label, help.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::skill::graph::{Escape, Finding};
use crate::rules::skill::context::{Skill, SkillRule};

declare_rule! {
    /// a reference or a symlink leads outside the skill folder (`..`, absolute path); a warning when the target exists in the repository (it breaks only when the skill is installed alone)
    ///
    /// ## What it does
    /// Reports links with an absolute path, references that climb out of the folder with `..`, references through a symlink that leaves the folder, and symlinks in the folder whose target is outside it (never followed). A reference out of the folder to a file that exists in the repository (a sibling skill's file, the repository's README) is a warning: it works in the repository and breaks when the skill is installed alone. A severity configured for the rule applies to both cases.
    ///
    /// Severity: an error for a Markdown link of `SKILL.md` with an absolute path to a file that is nowhere in the repository, for a link or instruction that climbs out of the folder to a file that does not exist, and for a path through a symlink to a place outside the repository. A path through a symlink to a file of the repository is not reported again: the link's own warning covers it.
    ///
    /// A warning for one that exists in the repository (through `../`, from the repository root as `/docs/x.md`, from where a symlinked file really is, or through a symlink to a file of the repository), for a site path without an extension (`/en/hooks`), for a referenced page's absolute links, for a path read from prose, and for a path from a skill in a client's folder of a project (`.claude/skills/x`) that leaves that folder (`../../../vite.config.ts` names the project's file).
    ///
    /// A warning too for a path of a skill of no plugin that climbs exactly three folders, and out of the repository: installed as `<project>/.agents/skills/x`, that is the project's root.
    ///
    /// A warning too for `../<sibling>/…` from a skill kept in another skill's `resources/`, `assets/` or `templates/` (a generator's payload, which it copies out or renders where it sets up skills): what sits beside it there is the outer skill's to decide. A renderable page's links (`{{NAME}}` fill-ins, include markers), a page's in `assets/` and a hidden page's are warnings as in `skill/broken-reference`.
    ///
    /// A warning too for a path to nothing that the repository has where an install puts it: `../references/x.md` with the pack's `references/` one folder higher, or the same path from a copy of the skill.
    ///
    /// A warning too for a path into a client's skills folder in the home (`~/.claude/skills/_shared/x.md`, `~/.agents/skills/…`) whose file the repository keeps in the folder the skill is installed from with its neighbours (`skills/_shared/x.md`): it works once the whole collection is copied there.
    ///
    /// A warning, with a note, for a link of a page whose links are written for another tree (most of them name files the skill does not have, as `skill/broken-reference` says), and for a link in a passage cited from another document (a quotation, or a section of evidence or citations).
    ///
    /// A warning, with a note, for a link of a page in a copy of another project inside the skill (`vendor/`, `third_party/`, `upstream/`, `<name>-upstream/`, a commit id): it was written for that project's tree.
    ///
    /// Not reported: the links of a page copied from another site or project, one that cites its source (`> Source: https://…`), a site's page converted to Markdown (`# Tutorials¶`) or a generated page whose notice names the file to edit where the skill has none (Mermaid's "DO NOT EDIT … Please edit the corresponding file in …"), as in `skill/broken-reference`.
    ///
    /// ## Why
    /// A skill is copied as a folder into workspaces and galleries; anything outside it is not there.
    ///
    /// ## Example
    /// Bad:
    /// ```markdown
    /// See [guide](../shared/guide.md)
    /// ```
    /// Good:
    /// ```markdown
    /// See [guide](references/guide.md)
    /// ```
    ///
    /// ## Fix
    /// Copy the file into the skill folder and reference it there.
    pub static RULE = "skill/reference-escapes", Error;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        // The reference graph is worked out once per skill
        // (`crate::model::skill::references`).
        cx.references.take_escapes(out, say);
    }
}

/// The diagnostic of one name or symlink that leads outside the folder: the
/// model found it and judged its severity; this is how it is said.
pub fn say(finding: Finding<Escape>) -> Diagnostic {
    let Finding {
        path,
        span,
        severity,
        kind,
        note: _,
    } = finding;
    let d = match kind {
        Escape::Absolute { shown } => Diagnostic::new(&RULE, path, format!("`{shown}` is an absolute path"))
            .label("absolute path")
            .help("name files relative to the skill folder (a skill is copied as a folder into workspaces and galleries, and an absolute path points elsewhere there); for a web page, write its full https:// URL"),
        Escape::Climbs {
            shown,
            target: Some(target),
        } => Diagnostic::new(
            &RULE,
            path,
            format!("`{shown}` leads outside the skill folder, to `{target}`"),
        )
        .label("outside the skill folder")
        .help("the file exists in this repository, but a skill is installed alone (copied as a folder into a client's skills directory), and there this reference breaks: copy the file into the skill folder, or link to it by its full https:// URL"),
        Escape::Climbs {
            shown,
            target: None,
        } => Diagnostic::new(&RULE, path, format!("`{shown}` leads outside the skill folder"))
            .label("outside the skill folder")
            .help("copy the file into the skill folder and reference it there: a skill is copied as a folder, and nothing outside it travels with it"),
        Escape::Relocated { shown, found } => Diagnostic::new(
            &RULE,
            path,
            format!("`{shown}` leads outside the skill folder, to a file that is not there; the repository has it at `{found}`"),
        )
        .label("outside the skill folder")
        .help("it works only where an install step puts the file there: copy the file into the skill folder so the skill works on its own, or fix the number of `../`"),
        Escape::ThroughSymlink { shown } => Diagnostic::new(
            &RULE,
            path,
            format!("`{shown}` resolves through a symlink to a path outside the skill folder"),
        )
        .label("leaves the skill folder through a symlink")
        .help("replace the symlink with the file itself: a skill is copied as a folder, and the link's target does not travel with it"),
        Escape::SymlinkOutside { target } => Diagnostic::new(
            &RULE,
            path,
            format!("symlink to `{target}`, outside the skill folder"),
        )
        .help("replace the symlink with a copy of the file: a skill is copied as a folder, and the link's target does not travel with it"),
    };
    Diagnostic {
        severity,
        span,
        ..d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;
    use std::fs;

    const FM: &str = "---\nname: demo\ndescription: x\n---\n";

    #[test]
    fn escapes() {
        let r = run_files(&[(
            "SKILL.md",
            &format!(
                "{FM}See [shared](../shared/guide.md), [abs](/etc/passwd) and ../other/x.md.\n"
            ),
        )]);
        let rules: Vec<_> = r.iter().map(|x| (x.0, x.2.as_str())).collect();
        assert_eq!(
            rules,
            vec![
                (reference_escapes::RULE.id, "../shared/guide.md"),
                (reference_escapes::RULE.id, "/etc/passwd"),
                (reference_escapes::RULE.id, "../other/x.md"),
            ]
        );
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_out_of_the_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let root = tmp.path();
        let d = root.join("skills/demo");
        fs::create_dir_all(&d).unwrap();
        fs::write(outside.path().join("secret.md"), "x").unwrap();
        fs::create_dir(outside.path().join("dir")).unwrap();
        fs::write(outside.path().join("dir/a.md"), "x").unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret.md"), d.join("linked.md")).unwrap();
        std::os::unix::fs::symlink(outside.path().join("dir"), d.join("data")).unwrap();
        std::os::unix::fs::symlink(d.join("nothing.md"), d.join("dangling.md")).unwrap();
        fs::write(
            d.join("SKILL.md"),
            format!("{FM}Read [l](linked.md) and [a](data/a.md).\n"),
        )
        .unwrap();
        let s = settings_at(root);
        let folder = crate::model::skill::folder::walk(&s, "skills/demo", None, crate::load::read_sized);
        assert!(folder.texts.is_empty(), "never read through a link out");
        let r = run_at(root);
        let got: Vec<_> = r
            .iter()
            .map(|x| (x.0, x.1.as_str(), x.2.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                (reference_escapes::RULE.id, "skills/demo/SKILL.md", "linked.md"),
                (reference_escapes::RULE.id, "skills/demo/SKILL.md", "data/a.md"),
                (broken_reference::RULE.id, "skills/demo/dangling.md", ""),
                (reference_escapes::RULE.id, "skills/demo/data", ""),
                (reference_escapes::RULE.id, "skills/demo/linked.md", ""),
            ]
        );
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\n---\nRead [the guide](../shared/guide.md).\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "`../shared/guide.md` leads outside the skill folder");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "../shared/guide.md");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\n---\nRead [the guide](guide.md).\n"),
                ("skills/refund-policy/guide.md", "# Guide\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }

    #[test]
    fn each_kind_is_said_under_the_rule() {
        use crate::diagnostic::Severity::*;
        let span = crate::source::Span { offset: 4, length: 9 };
        let said = |severity, with_span: bool, kind| {
            let d = say(Finding {
                path: "skills/demo/SKILL.md".into(),
                span: with_span.then_some(span),
                severity,
                kind,
                note: None,
            });
            assert_eq!(d.rule.id, RULE.id);
            assert_eq!(d.severity, severity);
            assert_eq!(d.span, with_span.then_some(span));
            assert_eq!(d.path, "skills/demo/SKILL.md");
            assert!(d.fix.is_none() && d.labels.is_empty());
            (d.message, d.label, d.help)
        };
        let s = |t: &str| Some(t.to_string());
        assert_eq!(
            said(Error, true, Escape::Absolute { shown: "/etc/x.md".into() }),
            ("`/etc/x.md` is an absolute path".into(), s("absolute path"), s("name files relative to the skill folder (a skill is copied as a folder into workspaces and galleries, and an absolute path points elsewhere there); for a web page, write its full https:// URL"))
        );
        assert_eq!(
            said(Warning, true, Escape::Climbs { shown: "../x.md".into(), target: Some("skills/x.md".into()) }),
            ("`../x.md` leads outside the skill folder, to `skills/x.md`".into(), s("outside the skill folder"), s("the file exists in this repository, but a skill is installed alone (copied as a folder into a client's skills directory), and there this reference breaks: copy the file into the skill folder, or link to it by its full https:// URL"))
        );
        assert_eq!(
            said(Error, true, Escape::Climbs { shown: "../x.md".into(), target: None }),
            ("`../x.md` leads outside the skill folder".into(), s("outside the skill folder"), s("copy the file into the skill folder and reference it there: a skill is copied as a folder, and nothing outside it travels with it"))
        );
        assert_eq!(
            said(Warning, true, Escape::Relocated { shown: "../refs/x.md".into(), found: "pack/refs/x.md".into() }),
            ("`../refs/x.md` leads outside the skill folder, to a file that is not there; the repository has it at `pack/refs/x.md`".into(), s("outside the skill folder"), s("it works only where an install step puts the file there: copy the file into the skill folder so the skill works on its own, or fix the number of `../`"))
        );
        assert_eq!(
            said(Error, true, Escape::ThroughSymlink { shown: "data/a.md".into() }),
            ("`data/a.md` resolves through a symlink to a path outside the skill folder".into(), s("leaves the skill folder through a symlink"), s("replace the symlink with the file itself: a skill is copied as a folder, and the link's target does not travel with it"))
        );
        assert_eq!(
            said(Warning, false, Escape::SymlinkOutside { target: "/tmp/x".into() }),
            ("symlink to `/tmp/x`, outside the skill folder".into(), None, s("replace the symlink with a copy of the file: a skill is copied as a folder, and the link's target does not travel with it"))
        );
    }
}
