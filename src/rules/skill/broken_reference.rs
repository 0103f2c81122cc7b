//! `skill/broken-reference`.
//!
//! The reference graph (`crate::model::skill::references`) finds the names
//! and judges their severity, as typed findings ([`Broken`]); this file
//! says each kind ([`say`]): its message, label, help and fix.

use crate::diagnostic::{declare_rule, Applicability, Diagnostic, Fix};
use crate::model::skill::graph::{Broken, Finding, Where};
use crate::rules::skill::context::{Skill, SkillRule};

declare_rule! {
    /// the body (or a referenced file) names a relative file — Markdown link, or a bare or back-ticked path like `scripts/run.py` — that does not exist in the skill folder
    ///
    /// ## What it does
    /// Resolves the files named in `SKILL.md` and, transitively, in the text files it references: from the referencing file's folder, then from the skill folder; a path after a skill-root placeholder (`{baseDir}`, `${CLAUDE_SKILL_DIR}`, `$SKILL_DIR`) from the skill folder, wherever it is written, and one after `${CLAUDE_PLUGIN_ROOT}` from the skill's plugin folder (a manifest's or a marketplace entry's). `SKILL.md` and `../SKILL.md` name the skill's own file. Markdown links, images, reference definitions and `href`/`src` must exist.
    ///
    /// A bare or back-ticked word must exist when it is clearly a path into the skill: a file name with an extension after a folder the skill has (in `SKILL.md` also `scripts/`, `references/`, `assets/`), a path starting with `./`, or a name that exists only in another letter case. Such a name (`REFERENCE.md` for `reference.md`) is one finding per file it names, with every mention as a label, and `--fix` writes the real name in each.
    ///
    /// These never have to exist:
    /// - fenced code, and paths introduced as examples (`e.g.`, `Example:`, a guide's `✅ GOOD:` / `❌ BAD:`);
    /// - paths into the user's files (`out/report.pdf`, an option's argument such as `-x ./dict.dict`, a hidden folder such as `./.github/`, secrets and local settings such as `config/api.env` or `credentials.json`), and paths that resolve from the repository root;
    /// - paths in the user's project (`| Project root | ./CLAUDE.md |`, an agent instruction file such as `./CLAUDE.md` or `AGENTS.md`, even when the skill has a file of that name in another letter case, an argument of a back-ticked command such as `bun build ./src/index.ts` under a folder the skill does not have);
    /// - the paths in templates (under `templates/`, named `…_template`, or a file the text has the agent copy: "Copy from `assets/SCHEMA.md`"), and paths the text has the agent make (`Create ./x.cedar`, `write … to x.md`) or edit (`Add to assets/global.css`) or says are absent or not written yet (`x.md` (to be written));
    /// - a file name the line places in a folder of the skill that holds it ("Run `./install-deps.sh` in scripts directory", with `scripts/install-deps.sh`), and a glob (`references/*.md`, `references/<lane>/*.md`), which names the files it matches;
    /// - stand-in names (`references/xxx.md`, `scripts/script_name.py`, `scripts/SCRIPT.py`, a fill-in in a file name such as `task.{id}.md`, `phase_prompts/phaseN.md` beside `phase1.md`, `path/to/file.md`, `[here](link)`, a template's `{url_for(name)}`), markup in back-ticks (`<img src="logo.png">`), and a link's back-ticked label (its destination is the reference);
    /// - a link without a file extension into a folder the skill does not have (a wiki page), or to a host name without its scheme (`console.example.com`), and the caption of a listing (a heading or label naming a file, followed by a fenced block with its text).
    /// - paths the text says are not the skill's: an output it writes ("Store the report at `./run/report.json`"), the user's ("your `./build.sh`"), a string in a back-ticked statement (`using './main.bicep'`), another plugin's, skill's or repository's ("the `zai` plugin's", on the line or the one before; "for git checkouts, run `./autogen.sh`"), or what not to do ("Don't …", "never execute …", whatever the verb);
    /// - the links of a page copied from another site or project: one that cites its source (`> Source: https://…`, `source_url:`, `canonical_url:`), a site's page converted to Markdown (`# Tutorials¶`, the permalink mark kept), or a generated page whose notice names the file to edit and that file is not where it says (Mermaid's pages: "DO NOT EDIT … Please edit the corresponding file in [/packages/…](../../packages/…)"); and destinations that are no path (`[cwd](0:12)`).
    ///
    /// In a skill that teaches how to write skills, plugins, hooks, commands or `CLAUDE.md` (its name or description says so: "create a skill", `plugin-structure`), a path in prose is the reader's and has to exist only when the text sends the agent to it (`See references/workflows.md`, `run scripts/x.py`) or links it.
    ///
    /// In `SKILL.md`, a path the text sends the agent to ("open `resources/playbook.md`") in a folder where skills keep what the agent reads (`resources/`, `docs/`, `templates/`, `examples/`, `guides/`, `prompts/`, `rules/`, …) that the skill does not have is a warning: as likely the skill's missing file as the user's. It is an error when the skill has that file in the folder of the other number (`reference/x.md` for its `references/x.md`): its own file, misnamed.
    ///
    /// A path that is missing from the skill but exists from a folder above it (the plugin root, whether a manifest or a marketplace entry makes it a plugin, or a source tree a build copies in), in a sibling skill, or at the same place in a copy of the skill elsewhere in the repository (a translation, another client's copy), is a warning naming that file; so is a `../` path of a page below the skill folder that names a file outside the skill when read from the skill folder (`../review/SKILL.md` in `references/x.md`). A symlink to nothing is reported too.
    ///
    /// Severity: an error only where a client or reader meets the missing file for certain:
    /// - a Markdown link, image, reference definition or `href`/`src` to a relative file with an extension, which is followed as written;
    /// - a path after a client's own placeholder (`${CLAUDE_SKILL_DIR}/x`, `${CLAUDE_PLUGIN_ROOT}/x`, `{baseDir}/x`), which the client expands to the skill's or plugin's folder, that the text sends the agent to (`Read`, `Run`, unless it says "if available") or a command in code runs (`python3 {baseDir}/x.py`);
    /// - a path the text sends the agent to in the folder of the other number of one the skill has (`reference/x.md` for its `references/x.md`): its own file, misnamed.
    ///
    /// Every reading of prose is a warning, even an imperative (`Read references/x.md`, `Run scripts/x.py`): whether a path in a sentence is the skill's, the user's, an output's or another skill's or repository's is a reading of the words, and on repositories nobody had tuned on it was wrong too often to fail a gate on (`docs/precision.md`).
    ///
    /// So are `{baseDir}/x` in prose, a link without an extension, into a hidden folder such as `.repo-wiki/` where the skill keeps the project's notes, or in a page of a guide to writing skills, a link on a template's line with a bracketed fill-in (`- [x.md](./x.md) - [Description]`), and one the line quotes as what not to do (`- Bad: "See [x](./src/x.ts)"`).
    ///
    /// A link to a path that the skill has deeper down (`scripts/x.py` for its `assets/scripts/x.py`) stays an error: a link is followed as written.
    ///
    /// A page below `SKILL.md` whose links are written for another tree, with nothing on it saying so, is known by its links once the whole skill is followed: it has at least two distinct broken link targets and more broken links than links that resolve. So are all of a skill's pages when together they link at least ten distinct missing targets and more broken links than resolving ones (a vendor's documentation converted to Markdown, its `../sql/intro.html` and `../../images/x.png` the site's). Their broken links are warnings, with a note.
    ///
    /// A page of the skill's own, whose links mostly resolve, keeps a slip as an error, and so does `SKILL.md` however many it misses. A broken link to a file the skill has elsewhere under the same name (`mermaid_diagrams/flowchart.md` for its `references/diagrams/flowchart.md`) names its own file, moved: it stays an error and counts with the links that resolve, unless the pages are a copied tree as a whole.
    ///
    /// A link in a passage cited from another document is that document's: inside a double-quoted passage of its line (`… see [the log](./CHANGELOG.md) of each release"`; not an attribute's value, `href="x.md"`), or in a section headed as evidence, citations, provenance, attribution, quotes or excerpts (a skill generated from a paper's repository, quoting its README). A broken one is a warning, with a note.
    ///
    /// A page in a copy of another project inside the skill (`vendor/`, `third_party/`, `upstream/`, `<name>-upstream/`, a commit id, a download's name such as `superpowers-main` or `agent-3.0.21`, a code host's name such as `references/github/`, a subfolder with its own `LICENSE`, a scraped README or change log beside the scrape's `file_structure.md`) keeps that project's links, written for its own tree: a broken one is a warning. A skill kept in such a folder of the repository gets warnings for every skill rule.
    ///
    /// A client's placeholder path inside a fenced Markdown sample (```` ```markdown ````) may be the sample's: a warning. Fences nested in such a sample (```` ```bash ```` inside it) pair as written, so the text after one is still the sample's.
    ///
    /// A page below `SKILL.md` whose first heading holds a bracketed fill-in (`# Implementation Plan: [Project Name]`) is a template of the output, filled in where the output lives: a broken link in it is a warning. So is one in a site's documentation for language models (`llms.txt`, `llms-full.txt`, `llms-full.md`, a page that says it follows llmstxt.org), whose pages link as in the site's tree.
    ///
    /// So is a link that CommonMark reads as prose but that sits inside a Markdown sample as its author paired the fences: a ```` ```markdown ```` sample holding a bare-fenced block of its own, whose opening fence CommonMark takes for the sample's close, so that an info-string fence (```` ```bash ````) then falls inside a plain block. The link is as likely the sample's as the text's.
    ///
    /// So is a broken link in a page a build renders into other files: outside code it holds a `{{NAME}}` fill-in with an upper-case name, or an include or block marker (`<!-- include: partials/x.md -->`, `<!-- block-begin: X -->`). Its links are written for the rendered file's place.
    ///
    /// So is a broken link in a Markdown page of the skill's `assets/` (material of the output the skill writes, in the Agent Skills format: a landing page the agent copies into the user's docs, whose links are the docs' own), and in a hidden page (`references/.ios.md`, or any under a folder starting with `.`), which no listing shows and no client loads.
    ///
    /// A name that exists only in another letter case is an error in a link, or where the text sends the agent to it (`Read GUIDE.md`); in prose it is a warning like any other mention (`Path-patterns.md only covered…`, a table's label `**HEARTBEAT.md**` for a hosted page the skill saves under that name), and a project's conventional file in capitals (`CONTRIBUTING.md`, `MEMORY.md`) is a warning even when sent to.
    ///
    /// A `${CLAUDE_PLUGIN_ROOT}/…` path in a skill of a project's client folder (`.claude/skills/x`, often a copy of a plugin's skill), which no plugin holds, is a warning saying so: the placeholder is set only for a plugin's skills. A `.claude-plugin/` folder holding only `marketplace.json` makes its folder a marketplace, not a plugin.
    ///
    /// ## Why
    /// An agent told to read `scripts/extract.py` that does not exist wastes a turn and improvises.
    ///
    /// ## Example
    /// Bad:
    /// ```markdown
    /// Read [the API notes](references/api.md) first. (the folder has no references/api.md: an error; `Run scripts/extract.py` without the file is a warning)
    /// ```
    /// Good:
    /// ```markdown
    /// Read [the API notes](references/api.md) first. (and the file exists)
    /// ```
    ///
    /// ## Fix
    /// Fix the path or add the file.
    pub static RULE = "skill/broken-reference", Error,
        fixable: Safe, "writes the file's real name where a reference differs from it only in letter case (`REFERENCE.md` for `reference.md`), in every mention at once; safe, because the file exists under that name.";
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        // The reference graph is worked out once per skill
        // (`crate::model::skill::references`).
        cx.references.take_broken(out, say);
    }
}

/// The diagnostic of one name that does not resolve: the model found it
/// and judged its severity; this is how it is said.
pub fn say(finding: Finding<Broken>) -> Diagnostic {
    let Finding {
        path,
        span,
        severity,
        kind,
        note: _,
    } = finding;
    let d = match kind {
        Broken::Missing {
            shown,
            where_,
            suggestion,
            prose,
        } => {
            let where_ = match where_ {
                Where::SkillFolder => "in the skill folder".to_string(),
                Where::NextTo(file) => format!("next to `{file}` or in the skill folder"),
            };
            let help = match suggestion {
                Some(file) => format!("did you mean `{file}`?"),
                None if prose => "add the file, fix the path, or put the name in a code block if it is a file of the user's and not of the skill".into(),
                None => "add the file or fix the path".into(),
            };
            Diagnostic::new(&RULE, path, format!("`{shown}` does not exist {where_}"))
                .label("no such file")
                .help(help)
        }
        Broken::OutsideSkill { shown, found } => Diagnostic::new(
            &RULE,
            path,
            format!("`{shown}` is not in the skill folder; it is `{found}`, outside it"),
        )
        .label("outside the skill folder")
        .help("the path resolves from a folder above the skill (the plugin root, or a folder a build copies in), not from the skill folder an agent reads it from: name it from there (`${CLAUDE_PLUGIN_ROOT}/…`), or copy the file into the skill"),
        Broken::FromSkillFolder { shown, found } => Diagnostic::new(
            &RULE,
            path,
            format!("`{shown}` does not exist next to this page; from the skill folder it is `{found}`, outside the skill"),
        )
        .label("written from the skill folder")
        .help("a relative link resolves from the page it is in: write it from here (one more `../`), and copy the file into the skill or name the other skill, since a skill is installed alone"),
        Broken::OtherSkill { shown, sibling } => Diagnostic::new(
            &RULE,
            path,
            format!("`{shown}` is not in the skill folder; it is `{sibling}`, a file of another skill"),
        )
        .label("another skill's file")
        .help("a skill is installed alone, without its neighbours: copy the file into this skill, or name the other skill and let the agent load it"),
        Broken::CaseOnly(case) => {
            let n = 1 + case.others.len();
            let real = &case.real;
            let times = if n == 1 {
                String::new()
            } else {
                format!(" ({n} mentions)")
            };
            let message = format!("`{}` does not exist; the file is `{real}`{times}", case.shown);
            let mut d = Diagnostic::new(&RULE, path, message)
                .label("differs in letter case")
                .help(format!("write `{real}`: file names are case-sensitive on Linux and in zip archives, where this reference fails"));
            for (other, at) in case.others {
                d = if other == d.path {
                    d.with_label(at, "here too")
                } else {
                    d.with_label_in(other, at, "here too")
                };
            }
            if let Some(edits) = case.edits {
                d = d.with_fix(Fix {
                    message: format!("write `{real}`{times}"),
                    applicability: Applicability::Safe,
                    edits,
                    rename: None,
                });
            }
            d
        }
        Broken::NotInPlugin { shown, plugin } => {
            let plugin = if plugin.is_empty() {
                "the plugin folder (the repository root)".to_string()
            } else {
                format!("the plugin folder `{plugin}`")
            };
            Diagnostic::new(&RULE, path, format!("`{shown}` does not exist in {plugin}"))
                .label("no such file")
                .help("add the file to the plugin or fix the path")
        }
        Broken::NoPlugin { shown, client } => Diagnostic::new(
            &RULE,
            path,
            format!("`{shown}` names a plugin's file, but `{client}/skills` is a project's folder, which no plugin holds"),
        )
        .label("no plugin root here")
        .help("`${CLAUDE_PLUGIN_ROOT}` is set only for a plugin's skills: in a copy of one, write the path from the skill folder (`${CLAUDE_SKILL_DIR}/…`), or install the plugin instead"),
        Broken::DanglingSymlink { target } => Diagnostic::new(
            &RULE,
            path,
            format!("symlink to `{target}`, which does not exist"),
        )
        .help("remove the symlink or restore its target"),
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

    const FM: &str = "---\nname: demo\ndescription: x\n---\n";

    #[test]
    fn one_very_long_reference_is_judged_in_linear_time() {
        // 200,000 segments (400 KB): each prefix was built anew, quadratic.
        let long = format!("{}c.py", "b/".repeat(200_000));
        let t = std::time::Instant::now();
        let r = run_files(&[("SKILL.md", &format!("{FM}See [x]({long}).\n"))]);
        assert!(t.elapsed().as_secs() < 10, "{:?}", t.elapsed());
        assert_eq!(r.len(), 1, "{}", r.len());
        assert_eq!(r[0].0, broken_reference::RULE.id);
    }

    #[test]
    fn links_must_exist() {
        let r = run_files(&[
            (
                "SKILL.md",
                &format!(
                    "{FM}See [guide](references/guide.md) and [gone](references/gone.md#x).\n"
                ),
            ),
            ("references/guide.md", "# Guide\n"),
        ]);
        assert_eq!(
            r,
            vec![(
                broken_reference::RULE.id,
                "skills/demo/SKILL.md".into(),
                "references/gone.md".into()
            )]
        );
    }

    #[test]
    fn prose_paths_that_are_clearly_the_skills() {
        let r = run_files(&[(
            "SKILL.md",
            &format!("{FM}Run `scripts/extract.py`, then `scripts/missing.py`. Save to `out/report.pdf` or output.pdf. Node.js is fine.\n"),
        ), ("scripts/extract.py", "print(1)\n")]);
        assert_eq!(
            r,
            vec![(
                broken_reference::RULE.id,
                "skills/demo/SKILL.md".into(),
                "scripts/missing.py".into()
            )]
        );
    }

    #[test]
    fn resource_folder_names_bind_only_in_skill_md() {
        let r = run_files(&[
            (
                "SKILL.md",
                &format!("{FM}Read [tips](tips.md). Run `scripts/go.py`.\n"),
            ),
            ("tips.md", "Good paths look like `scripts/helper.py`.\n"),
        ]);
        assert_eq!(
            r,
            vec![(
                broken_reference::RULE.id,
                "skills/demo/SKILL.md".into(),
                "scripts/go.py".into()
            )]
        );
    }

    #[test]
    fn case_mismatch_is_broken_with_the_real_name() {
        let r = run_files(&[
            ("SKILL.md", &format!("{FM}For forms read FORMS.md.\n")),
            ("forms.md", "# Forms\n"),
        ]);
        assert_eq!(
            r,
            vec![(
                broken_reference::RULE.id,
                "skills/demo/SKILL.md".into(),
                "FORMS.md".into()
            )]
        );
    }

    #[test]
    fn case_mismatches_are_one_finding_per_file_with_a_safe_fix() {
        let (sources, d) = lint_repo(
            &[
                ("skills/demo/SKILL.md", "---\nname: demo\ndescription: x\n---\nRead REFERENCE.md, then [the reference](REFERENCE.md#top).\nForms: `FORMS.md`. Again REFERENCE.md and FORMS.md.\n"),
                ("skills/demo/reference.md", "# Reference\n"),
                ("skills/demo/forms.md", "# Forms\n"),
            ],
            &[],
            &RULE,
        );
        let messages: Vec<&str> = d.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            vec![
                "`REFERENCE.md` does not exist; the file is `reference.md` (3 mentions)",
                "`FORMS.md` does not exist; the file is `forms.md` (2 mentions)",
            ]
        );
        assert_eq!(d[0].labels.len(), 2);
        let source = &sources.iter().find(|s| s.path == "skills/demo/SKILL.md").unwrap().text;
        let mut fixed = source.clone();
        let mut edits: Vec<_> = d.iter().flat_map(|d| {
            let fix = d.fix.as_ref().expect("a fix");
            assert_eq!(fix.applicability, crate::diagnostic::Applicability::Safe);
            fix.edits.clone()
        }).collect();
        edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
        for e in edits {
            fixed.replace_range(e.range, &e.replacement);
        }
        assert_eq!(
            fixed,
            "---\nname: demo\ndescription: x\n---\nRead reference.md, then [the reference](reference.md#top).\nForms: `forms.md`. Again reference.md and forms.md.\n"
        );
    }

    #[test]
    fn references_are_followed_transitively() {
        let r = run_files(&[
            (
                "SKILL.md",
                &format!("{FM}Read [the guide](references/guide.md).\n"),
            ),
            (
                "references/guide.md",
                "See [details](details.md) and [missing](nope.md).\n",
            ),
            ("references/details.md", "Run `scripts/a.sh`.\n"),
            ("scripts/a.sh", "cat templates/t.txt\n"),
            ("templates/t.txt", "x\n"),
            ("LICENSE.txt", "MIT\n"),
            (".gitignore", "x\n"),
        ]);
        assert_eq!(
            r,
            vec![(
                broken_reference::RULE.id,
                "skills/demo/references/guide.md".into(),
                "nope.md".into()
            )]
        );
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\n---\nRead [the policy](references/policy.md).\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "`references/policy.md` does not exist in the skill folder");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "references/policy.md");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\n---\nRead [the policy](references/policy.md).\n"),
                ("skills/refund-policy/references/policy.md", "# Policy\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }

    fn severities(files: &[(&str, &str)]) -> Vec<(String, crate::diagnostic::Severity)> {
        let (sources, d) = lint_repo(files, &[], &RULE);
        d.iter()
            .map(|d| {
                let source = sources.iter().find(|s| s.path == d.path).unwrap();
                (source.slice(d.span.unwrap()).to_string(), d.severity)
            })
            .collect()
    }

    #[test]
    fn links_and_client_placeholders_are_errors_prose_is_a_warning() {
        use crate::diagnostic::Severity::*;
        let d = severities(&[
            ("skills/demo/references/style.md", "# Style\n"),
            (
                "skills/demo/SKILL.md",
                &format!("{FM}See [guide](references/guide.md).\n\nRead `references/api.md` first.\n\nKeyword list: `references/keywords.md`\n\nLink from SKILL.md: 'See references/topic.md for details.'\n\nRun \"scripts/setup.sh\" once.\n\nRun `${{CLAUDE_SKILL_DIR}}/scripts/gone.sh` first.\n\nRead `reference/style.md` first.\n"),
            ),
        ]);
        assert_eq!(
            d,
            [
                // A link is followed as written.
                ("references/guide.md".to_string(), Error),
                // Prose, even an imperative, is a reading of the sentence.
                ("references/api.md".to_string(), Warning),
                ("references/keywords.md".to_string(), Warning),
                ("references/topic.md".to_string(), Warning),
                ("scripts/setup.sh".to_string(), Warning),
                // The client expands its own placeholder to the skill's
                // folder: the path is the skill's for certain.
                ("${CLAUDE_SKILL_DIR}/scripts/gone.sh".to_string(), Error),
                // The skill's own file, in the folder of the other number.
                ("reference/style.md".to_string(), Error),
            ]
        );
    }

    #[test]
    fn a_path_the_skill_has_deeper_is_a_warning_in_prose() {
        use crate::diagnostic::Severity::*;
        // The skill copies `assets/scripts/` to a working folder and runs
        // its scripts from there; a link is followed as written.
        let d = severities(&[
            ("skills/demo/assets/scripts/segpack.py", "print()\n"),
            (
                "skills/demo/SKILL.md",
                &format!("{FM}Run `scripts/segpack.py` on each segment.\n\nSee [the packer](scripts/segpack.py).\n\nRun `scripts/absent.py` first.\n"),
            ),
        ]);
        assert_eq!(
            d,
            [
                ("scripts/segpack.py".to_string(), Warning),
                ("scripts/segpack.py".to_string(), Error),
                ("scripts/absent.py".to_string(), Warning),
            ]
        );
    }

    #[test]
    fn paths_from_the_plugin_root_are_a_warning() {
        use crate::diagnostic::Severity::*;
        // A plugin a marketplace defines: no manifest in the plugin folder.
        let files = [
            (".claude-plugin/marketplace.json", r#"{"name":"m","owner":{"name":"o"},"plugins":[{"name":"p","source":"./plugins/p"}]}"#),
            ("plugins/p/scripts/build.sh", "echo\n"),
            ("plugins/p/references/style.md", "# Style\n"),
            ("plugins/p/skills/demo/SKILL.md", &format!("{FM}Run `scripts/build.sh`, then read [style](references/style.md).\n\nA script runs as `${{CLAUDE_PLUGIN_ROOT}}/scripts/SCRIPT.py`.\n")),
        ];
        let d = severities(&files);
        assert_eq!(
            d,
            [
                ("references/style.md".to_string(), Warning),
                ("scripts/build.sh".to_string(), Warning),
            ]
        );
    }

    #[test]
    fn paths_that_are_not_the_skills() {
        let text = format!(
            "{FM}Store the report at `./run/data/report.json`.\n\nDeploy with `using './main.bicep'`.\n\nUse the `zai` plugin's\n`scripts/setup.sh`.\n\nDon't write `../shared/x.md`.\n\n| SHA256[cwd](0:12) | x |\n|---|---|\n\nSee [notes](references/notes.md).\n"
        );
        let d = severities(&[
            ("skills/demo/SKILL.md", &text),
            ("skills/demo/references/notes.md", "# Notes\n\n> Source: [a/b](https://github.com/a/b)\n\nRead [the spec](docs/spec.md) and [LICENSE](LICENSE).\n"),
        ]);
        assert!(d.is_empty(), "{d:?}");
    }

    fn at(offset: usize, length: usize) -> crate::source::Span {
        crate::source::Span { offset, length }
    }

    fn finding(severity: crate::diagnostic::Severity, span: bool, kind: Broken) -> Finding<Broken> {
        Finding {
            path: "skills/demo/SKILL.md".into(),
            span: span.then(|| at(10, 5)),
            severity,
            kind,
            note: None,
        }
    }

    #[test]
    fn each_kind_is_said_under_the_rule() {
        use crate::diagnostic::Severity::*;
        let said = |severity, span, kind| {
            let d = say(finding(severity, span, kind));
            assert_eq!(d.rule.id, RULE.id);
            assert_eq!(d.severity, severity);
            assert_eq!(d.span, span.then(|| at(10, 5)));
            assert_eq!(d.path, "skills/demo/SKILL.md");
            (d.message, d.label, d.help)
        };
        let s = |t: &str| Some(t.to_string());
        let missing = |where_, suggestion: Option<&str>, prose| Broken::Missing {
            shown: "a/b.md".into(),
            where_,
            suggestion: suggestion.map(str::to_string),
            prose,
        };
        assert_eq!(
            said(Error, true, missing(Where::SkillFolder, None, false)),
            ("`a/b.md` does not exist in the skill folder".into(), s("no such file"), s("add the file or fix the path"))
        );
        assert_eq!(
            said(Warning, true, missing(Where::NextTo("skills/demo/references/x.md".into()), None, true)),
            ("`a/b.md` does not exist next to `skills/demo/references/x.md` or in the skill folder".into(), s("no such file"), s("add the file, fix the path, or put the name in a code block if it is a file of the user's and not of the skill"))
        );
        assert_eq!(
            said(Error, true, missing(Where::SkillFolder, Some("c/b.md"), true)),
            ("`a/b.md` does not exist in the skill folder".into(), s("no such file"), s("did you mean `c/b.md`?"))
        );
        assert_eq!(
            said(Warning, true, Broken::OutsideSkill { shown: "x/y.md".into(), found: "plugins/p/x/y.md".into() }),
            ("`x/y.md` is not in the skill folder; it is `plugins/p/x/y.md`, outside it".into(), s("outside the skill folder"), s("the path resolves from a folder above the skill (the plugin root, or a folder a build copies in), not from the skill folder an agent reads it from: name it from there (`${CLAUDE_PLUGIN_ROOT}/…`), or copy the file into the skill"))
        );
        assert_eq!(
            said(Warning, true, Broken::FromSkillFolder { shown: "../b/SKILL.md".into(), found: "skills/b/SKILL.md".into() }),
            ("`../b/SKILL.md` does not exist next to this page; from the skill folder it is `skills/b/SKILL.md`, outside the skill".into(), s("written from the skill folder"), s("a relative link resolves from the page it is in: write it from here (one more `../`), and copy the file into the skill or name the other skill, since a skill is installed alone"))
        );
        assert_eq!(
            said(Warning, true, Broken::OtherSkill { shown: "x/y.md".into(), sibling: "skills/other/x/y.md".into() }),
            ("`x/y.md` is not in the skill folder; it is `skills/other/x/y.md`, a file of another skill".into(), s("another skill's file"), s("a skill is installed alone, without its neighbours: copy the file into this skill, or name the other skill and let the agent load it"))
        );
        assert_eq!(
            said(Error, true, Broken::NotInPlugin { shown: "${CLAUDE_PLUGIN_ROOT}/x.md".into(), plugin: "".into() }),
            ("`${CLAUDE_PLUGIN_ROOT}/x.md` does not exist in the plugin folder (the repository root)".into(), s("no such file"), s("add the file to the plugin or fix the path"))
        );
        assert_eq!(
            said(Warning, true, Broken::NotInPlugin { shown: "${CLAUDE_PLUGIN_ROOT}/x.md".into(), plugin: "plugins/p".into() }).0,
            "`${CLAUDE_PLUGIN_ROOT}/x.md` does not exist in the plugin folder `plugins/p`"
        );
        assert_eq!(
            said(Warning, true, Broken::NoPlugin { shown: "${CLAUDE_PLUGIN_ROOT}/x.sh".into(), client: ".claude".into() }),
            ("`${CLAUDE_PLUGIN_ROOT}/x.sh` names a plugin's file, but `.claude/skills` is a project's folder, which no plugin holds".into(), s("no plugin root here"), s("`${CLAUDE_PLUGIN_ROOT}` is set only for a plugin's skills: in a copy of one, write the path from the skill folder (`${CLAUDE_SKILL_DIR}/…`), or install the plugin instead"))
        );
        assert_eq!(
            said(Error, false, Broken::DanglingSymlink { target: "../gone.md".into() }),
            ("symlink to `../gone.md`, which does not exist".into(), None, s("remove the symlink or restore its target"))
        );
    }

    #[test]
    fn a_name_in_another_letter_case_is_said_with_its_mentions_and_fix() {
        use crate::model::skill::graph::CaseOnly;
        let edit = |offset: usize| crate::diagnostic::Edit {
            path: "skills/demo/SKILL.md".into(),
            range: offset..offset + 5,
            replacement: "a.md".into(),
        };
        let case = |others: Vec<(String, crate::source::Span)>, edits| {
            Broken::CaseOnly(Box::new(CaseOnly {
                shown: "A.md".into(),
                real: "a.md".into(),
                others,
                edits,
            }))
        };
        let d = say(finding(crate::diagnostic::Severity::Error, true, case(vec![], None)));
        assert_eq!(d.message, "`A.md` does not exist; the file is `a.md`");
        assert_eq!(d.label.as_deref(), Some("differs in letter case"));
        assert_eq!(d.help.as_deref(), Some("write `a.md`: file names are case-sensitive on Linux and in zip archives, where this reference fails"));
        assert!(d.labels.is_empty() && d.fix.is_none());
        let d = say(finding(
            crate::diagnostic::Severity::Error,
            true,
            case(
                vec![
                    ("skills/demo/SKILL.md".into(), at(20, 4)),
                    ("skills/demo/x.md".into(), at(3, 4)),
                ],
                Some(vec![edit(10), edit(20)]),
            ),
        ));
        assert_eq!(d.message, "`A.md` does not exist; the file is `a.md` (3 mentions)");
        let labels: Vec<_> = d.labels.iter().map(|l| (l.path.as_deref(), l.span, l.text.as_str())).collect();
        assert_eq!(
            labels,
            [
                (None, at(20, 4), "here too"),
                (Some("skills/demo/x.md"), at(3, 4), "here too"),
            ]
        );
        let fix = d.fix.expect("a fix");
        assert_eq!(fix.message, "write `a.md` (3 mentions)");
        assert_eq!(fix.applicability, Applicability::Safe);
        assert_eq!(fix.edits, vec![edit(10), edit(20)]);
        assert!(fix.rename.is_none());
    }
}
