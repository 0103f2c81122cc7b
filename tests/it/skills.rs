//! Skill rules through the binary: skill trees in temporary folders, checked
//! with `caplint check . --no-history --format json`.

use crate::support::*;
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};
use tempfile::TempDir;

struct Tree {
    dir: TempDir,
}

/// One diagnostic, reduced to what the tests compare.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Finding {
    rule: String,
    path: String,
    /// (line, column), `None` for whole-file findings.
    at: Option<(u64, u64)>,
    message: String,
    help: String,
}

/// (rule, path, line/column) of a finding.
type Brief = (String, String, Option<(u64, u64)>);

struct Run {
    code: i32,
    json: Value,
    stdout: String,
}

impl Run {
    fn findings(&self) -> Vec<Finding> {
        self.json["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .map(|d| Finding {
                rule: d["rule"].as_str().unwrap().to_string(),
                path: d["path"].as_str().unwrap().to_string(),
                at: d["span"]
                    .as_object()
                    .map(|s| (s["line"].as_u64().unwrap(), s["column"].as_u64().unwrap())),
                message: d["message"].as_str().unwrap_or("").to_string(),
                help: d["help"].as_str().unwrap_or("").to_string(),
            })
            .collect()
    }

    /// (rule, path, line/column) of every finding.
    fn rules(&self) -> Vec<Brief> {
        self.findings()
            .into_iter()
            .map(|f| (f.rule, f.path, f.at))
            .collect()
    }

    fn only(&self, rule: &str) -> Vec<Finding> {
        self.findings()
            .into_iter()
            .filter(|f| f.rule == rule)
            .collect()
    }

    fn span_text(&self, rule: &str, tree: &Tree) -> Vec<String> {
        self.json["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["rule"] == rule)
            .map(|d| {
                let bytes = std::fs::read(tree.path().join(d["path"].as_str().unwrap())).unwrap();
                let s = &d["span"];
                let o = s["offset"].as_u64().unwrap() as usize;
                let l = s["length"].as_u64().unwrap() as usize;
                String::from_utf8_lossy(&bytes[o..o + l]).into_owned()
            })
            .collect()
    }
}

fn r(rule: &str, path: &str, at: Option<(u64, u64)>) -> Brief {
    (rule.to_string(), path.to_string(), at)
}

impl Tree {
    fn new() -> Tree {
        Tree {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn file(&self, rel: &str, content: impl AsRef<[u8]>) -> &Tree {
        write(self.path(), rel, content);
        self
    }

    /// A skill `skills/<name>` with valid frontmatter and `body`.
    fn skill(&self, name: &str, body: &str) -> &Tree {
        self.file(
            &format!("skills/{name}/SKILL.md"),
            format!("---\nname: {name}\ndescription: When to use {name}.\n---\n{body}"),
        )
    }

    fn run_with(&self, extra: &[&str]) -> Run {
        let out = caplint()
            .current_dir(self.path())
            .args([
                "check",
                ".",
                "--no-history",
                "--as-of",
                AS_OF,
                "--format",
                "json",
            ])
            .args(extra)
            .env("NO_COLOR", "1")
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        let json: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}): {stdout}\nstderr: {}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
        Run {
            code: out.status.code().unwrap(),
            json,
            stdout,
        }
    }

    fn run(&self) -> Run {
        self.run_with(&[])
    }
}

const SKILL: &str = "skills/refund-policy/SKILL.md";

fn frontmatter(yaml: &str) -> String {
    format!("---\n{yaml}---\n# Refunds\n")
}

#[test]
fn a_good_skill_passes() {
    let t = Tree::new();
    t.file(
        SKILL,
        "---\nname: refund-policy\ndescription: When a refund is given without asking, when it needs approval, and how to say no.\nlicense: MIT\nversion: \"1.2.0\"\nwhen_to_use:\n  - A customer asks for their money back\n---\n# Refunds\n\nCheck the order date first. For the exceptions read [exceptions](exceptions.md)\nand run `scripts/check_order.py` before escalating.\n",
    )
    .file("skills/refund-policy/exceptions.md", "# Exceptions\n")
    .file("skills/refund-policy/scripts/check_order.py", "print('ok')\n")
    .file("skills/refund-policy/LICENSE.txt", "MIT\n");
    let run = t.run();
    assert_eq!(run.rules(), vec![], "{}", run.stdout);
    assert_eq!(run.code, 0);
    assert_eq!(run.json["summary"]["skills"], 1);
    // SKILL.md and its three text resources were linted.
    assert_eq!(run.json["summary"]["files"], 4);
}

#[test]
fn folder_without_skill_md_and_misnamed_file() {
    let t = Tree::new();
    t.skill("good", "Body.\n")
        .file("skills/notes/README.md", "notes\n")
        .file(
            "skills/lower/skill.md",
            "---\nname: lower\ndescription: x\n---\n",
        )
        // A page about skills outside any skills root is not a skill.
        .file("docs/skill.md", "# How we write skills\n");
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![
            r("skill/misnamed-skill-md", "skills/lower/skill.md", None),
            r("skill/missing-skill-md", "skills/notes", None),
        ]
    );
    assert_eq!(run.code, 1);
}

#[test]
fn frontmatter_fences() {
    let t = Tree::new();
    t.file("skills/a/SKILL.md", "# A\n\nNo frontmatter.\n")
        .file("skills/b/SKILL.md", "---\nname: b\ndescription: x\n\n# B\n")
        .file("skills/c/SKILL.md", "---\n- a list\n---\n");
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![
            r(
                "skill/invalid-frontmatter",
                "skills/a/SKILL.md",
                Some((1, 1))
            ),
            r(
                "skill/invalid-frontmatter",
                "skills/b/SKILL.md",
                Some((1, 1))
            ),
            r(
                "skill/invalid-frontmatter",
                "skills/c/SKILL.md",
                Some((2, 1))
            ),
        ]
    );
}

#[test]
fn invalid_utf8_in_skill_md() {
    let t = Tree::new();
    t.file(
        SKILL,
        b"---\nname: refund-policy\ndescription: caf\xe9\n---\n",
    );
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![r("skill/invalid-frontmatter", SKILL, Some((3, 17)))]
    );
    assert!(run.only("skill/invalid-frontmatter")[0]
        .message
        .contains("UTF-8"));
}

#[test]
fn unquoted_colon_in_a_value_gets_a_quoting_hint() {
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter("name: refund-policy\ndescription: Refunds: when to give one\n"),
    );
    let run = t.run();
    let f = run.only("skill/invalid-frontmatter");
    assert_eq!(f.len(), 1, "{}", run.stdout);
    assert_eq!(f[0].at, Some((3, 21)));
    assert!(
        f[0].message.contains("`description` contains `: `"),
        "{}",
        f[0].message
    );
    assert_eq!(
        f[0].help,
        "quote the value: `description: \"Refunds: when to give one\"`"
    );
    // `a: b` directly.
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter("name: refund-policy\ndescription: a: b\n"),
    );
    let f = t.run().only("skill/invalid-frontmatter");
    assert_eq!(f[0].help, "quote the value: `description: \"a: b\"`");
}

#[test]
fn dashes_inside_a_value_do_not_end_the_frontmatter() {
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter("name: refund-policy\ndescription: Before --- after, and ---\n"),
    );
    assert_eq!(t.run().rules(), vec![]);
}

#[test]
fn frontmatter_over_256_kib_is_refused_before_parsing() {
    let t = Tree::new();
    let big = format!(
        "name: refund-policy\ndescription: x\nnotes: |\n{}",
        "  a line of filler text to make the frontmatter large\n".repeat(6000)
    );
    assert!(big.len() > 300 * 1024);
    t.file(SKILL, frontmatter(&big));
    let started = Instant::now();
    let run = t.run();
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(
        run.rules(),
        vec![r("skill/frontmatter-too-large", SKILL, Some((1, 1)))]
    );
    assert!(run.only("skill/frontmatter-too-large")[0]
        .message
        .contains("KiB"));
}

#[test]
fn byte_order_mark_is_a_warning_then_tolerated() {
    let t = Tree::new();
    t.file(
        SKILL,
        format!(
            "\u{feff}{}",
            frontmatter("name: refund-policy\ndescription: x\n")
        ),
    );
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![r("skill/byte-order-mark", SKILL, Some((1, 1)))]
    );
    assert_eq!(run.code, 0);
    assert_eq!(run.json["summary"]["warnings"], 1);
}

#[test]
fn crlf_files_are_read_and_spans_stay_exact() {
    let t = Tree::new();
    t.file(
        SKILL,
        "---\r\nname: refund-policy\r\ndescription: x\r\n---\r\n# Refunds\r\nSee [gone](gone.md).\r\n",
    );
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![r("skill/broken-reference", SKILL, Some((6, 12)))]
    );
    assert_eq!(run.span_text("skill/broken-reference", &t), vec!["gone.md"]);
    let t = Tree::new();
    t.file(
        SKILL,
        "---\r\nname: Refund-Policy\r\ndescription: x\r\n---\r\n",
    );
    let run = t.run();
    assert_eq!(
        run.span_text("skill/invalid-name", &t),
        vec!["Refund-Policy"]
    );
}

#[test]
fn missing_and_empty_fields() {
    let t = Tree::new();
    t.file(SKILL, frontmatter("name: refund-policy\n")).file(
        "skills/b/SKILL.md",
        frontmatter("name: b\ndescription: \"\"\n"),
    );
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![
            r("skill/missing-field", "skills/b/SKILL.md", Some((3, 14))),
            r("skill/missing-field", SKILL, Some((1, 1))),
        ]
    );
    assert!(run.only("skill/missing-field")[1]
        .message
        .contains("`description`"));
}

#[test]
fn names_form_folder_and_reserved() {
    let t = Tree::new();
    t.file(
        "skills/refund-policy/SKILL.md",
        frontmatter("name: Refund Policy\ndescription: x\n"),
    )
    .file(
        "skills/refunds/SKILL.md",
        frontmatter("name: refund-policy-v2\ndescription: x\n"),
    )
    .file(
        "skills/planning/SKILL.md",
        frontmatter("name: planning\ndescription: x\n"),
    );
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![
            r(
                "skill/reserved-name",
                "skills/planning/SKILL.md",
                Some((2, 7))
            ),
            r("skill/invalid-name", SKILL, Some((2, 7))),
            r("skill/name-mismatch", SKILL, Some((2, 7))),
            r(
                "skill/name-mismatch",
                "skills/refunds/SKILL.md",
                Some((2, 7))
            ),
        ]
    );
    assert!(run.only("skill/invalid-name")[0]
        .help
        .contains("`name: refund-policy`"));
}

#[test]
fn names_match_folders_after_nfkc() {
    let t = Tree::new();
    // A folder in full-width letters is the same name after NFKC.
    t.file(
        "skills/ｒｅｆｕｎｄ/SKILL.md",
        frontmatter("name: refund\ndescription: x\n"),
    );
    assert_eq!(t.run().rules(), vec![]);
}

#[test]
fn duplicate_names_only_within_one_installation() {
    let t = Tree::new();
    let skill = |name: &str| frontmatter(&format!("name: {name}\ndescription: x\n"));
    // Two plugins: each namespaces its skills. The repository is a plugin
    // as well.
    t.file(".claude-plugin/plugin.json", "{}\n")
        .file("plugins/chat-a/.claude-plugin/plugin.json", "{}\n")
        .file(
            "plugins/chat-a/skills/configure/SKILL.md",
            skill("configure"),
        )
        .file("plugins/chat-b/.codex-plugin/plugin.json", "{}\n")
        .file(
            "plugins/chat-b/skills/configure/SKILL.md",
            skill("configure"),
        )
        // The same skills again for other clients and in a translation.
        .file("skills/lint-docs/SKILL.md", skill("lint-docs"))
        .file(".cursor/skills/lint-docs/SKILL.md", skill("lint-docs"))
        .file(".agents/skills/lint-docs/SKILL.md", skill("lint-docs"))
        .file("docs/ja-JP/skills/lint-docs/SKILL.md", skill("lint-docs"))
        .file("docs/tr/skills/lint-docs/SKILL.md", skill("lint-docs"))
        // Two skills of one client's folder do collide.
        .file(".gemini/skills/init/SKILL.md", skill("init"))
        .file(".gemini/skills/setup-init/SKILL.md", skill("init"))
        // And so do two skills of one plugin.
        .file("plugins/chat-a/skills/access/SKILL.md", skill("access"))
        .file("plugins/chat-a/skills/access-v2/SKILL.md", skill("access"));
    let run = t.run();
    let found: Vec<String> = run
        .only("skill/duplicate-name")
        .iter()
        .map(|d| d.path.clone())
        .collect();
    assert_eq!(
        found,
        vec![
            ".gemini/skills/init/SKILL.md",
            ".gemini/skills/setup-init/SKILL.md",
            "plugins/chat-a/skills/access-v2/SKILL.md",
            "plugins/chat-a/skills/access/SKILL.md",
        ],
        "{:?}",
        run.rules()
    );
}

#[test]
fn duplicate_names_across_the_repository() {
    let t = Tree::new();
    t.file(
        "team-a/skills/code-review/SKILL.md",
        frontmatter("name: code-review\ndescription: x\n"),
    )
    .file(
        "team-b/skills/code-review/SKILL.md",
        frontmatter("name: code-review\ndescription: z\n"),
    );
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![
            r(
                "skill/duplicate-name",
                "team-a/skills/code-review/SKILL.md",
                Some((2, 7))
            ),
            r(
                "skill/duplicate-name",
                "team-b/skills/code-review/SKILL.md",
                Some((2, 7))
            ),
        ]
    );
    assert!(run.only("skill/duplicate-name")[0]
        .message
        .contains("team-b/skills/code-review/SKILL.md"));
    // The human output shows the other file's line as well.
    let out = caplint()
        .current_dir(t.path())
        .args(["check", ".", "--no-history", "--color", "never"])
        .output()
        .unwrap();
    let human = String::from_utf8(out.stdout).unwrap();
    assert!(human.contains("also declared here"), "{human}");
}

#[test]
fn description_length_counts_characters_not_bytes() {
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter(&format!(
            "name: refund-policy\ndescription: {}\n",
            "é".repeat(1024)
        )),
    );
    assert_eq!(t.run().rules(), vec![], "1024 two-byte characters are fine");
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter(&format!(
            "name: refund-policy\ndescription: {}\n",
            "é".repeat(1025)
        )),
    );
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![r("skill/description-too-long", SKILL, Some((3, 14)))]
    );
    assert!(run.only("skill/description-too-long")[0]
        .message
        .contains("1025 characters"));
}

#[test]
fn optional_field_types() {
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter("name: refund-policy\ndescription: x\nlicense: 2\nmetadata:\n  owner: support\n  priority: 2\nallowed-tools:\n  - Read\n  - 3\n"),
    );
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![
            r("skill/field-type", SKILL, Some((4, 10))),
            r("skill/field-type", SKILL, Some((7, 13))),
            r("skill/field-type", SKILL, Some((10, 5))),
        ]
    );
    let helps: Vec<String> = run
        .only("skill/field-type")
        .into_iter()
        .map(|f| f.help)
        .collect();
    assert!(helps[1].contains("priority: \"2\""), "{helps:?}");
    assert_eq!(helps[2], "quote it: `- \"3\"`", "{helps:?}");
    // A metadata value no client rejects is a warning; the others, errors.
    let severities = crate::support::severities_of(&run.json, "skill/field-type");
    assert_eq!(severities, ["error", "warning", "error"]);
    // A list of tool names is as valid as one string, for every target.
    t.file(
        SKILL,
        frontmatter("name: refund-policy\ndescription: x\nallowed-tools:\n  - Read\n  - Grep\n"),
    );
    for target in [
        "agentskills",
        "claude",
        "claude-api",
        "claude-code",
        "codex",
        "platform",
    ] {
        let run = t.run_with(&["--target", target]);
        assert_eq!(run.rules(), vec![], "{target}: {}", run.stdout);
    }
}

#[test]
fn versions_must_be_quoted_semver() {
    let t = Tree::new();
    for (name, version) in [
        ("a", "1.0"),
        ("b", "2024-01-15"),
        ("c", "\"1.0\""),
        ("d", "\"1.2.0\""),
    ] {
        t.file(
            &format!("skills/{name}/SKILL.md"),
            frontmatter(&format!(
                "name: {name}\ndescription: x\nversion: {version}\n"
            )),
        );
    }
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![
            r("skill/invalid-version", "skills/a/SKILL.md", Some((4, 10))),
            r("skill/invalid-version", "skills/b/SKILL.md", Some((4, 10))),
            r("skill/invalid-version", "skills/c/SKILL.md", Some((4, 10))),
        ]
    );
    let f = run.only("skill/invalid-version");
    assert!(f[0].message.contains("float"), "{}", f[0].message);
    assert!(f[0].help.contains("version: \"1.0.0\""), "{}", f[0].help);
    assert!(f[1].message.contains("date"), "{}", f[1].message);
    assert!(
        f[2].message.contains("not a SemVer version"),
        "{}",
        f[2].message
    );
}

#[test]
fn selection_hints() {
    let t = Tree::new();
    let six: String = (1..=6).map(|i| format!("  - case {i}\n")).collect();
    t.file(
        SKILL,
        frontmatter(&format!(
            "name: refund-policy\ndescription: x\nwhen_to_use: A refund\nwhen_not_to_use:\n{six}"
        )),
    );
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![
            r("skill/selection-hints", SKILL, Some((4, 14))),
            r("skill/selection-hints", SKILL, Some((11, 5))),
        ]
    );
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter(
            "name: refund-policy\ndescription: x\nwhen_to_use:\n  - A refund is asked for\n",
        ),
    );
    assert_eq!(t.run().rules(), vec![]);
}

#[test]
fn unknown_fields_are_warnings_and_configurable() {
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter("name: refund-policy\ndescription: x\ncategory: support\nlicence: MIT\n"),
    );
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![
            r("skill/unknown-field", SKILL, Some((4, 1))),
            r("skill/unknown-field", SKILL, Some((5, 1))),
        ]
    );
    assert_eq!(run.code, 0);
    assert_eq!(
        run.only("skill/unknown-field")[1].help,
        "did you mean `license`?"
    );
    assert_eq!(t.run_with(&["--max-warnings", "0"]).code, 1);
    t.file(".caplint.yaml", "extra_skill_fields: [category]\n");
    assert_eq!(t.run().rules().len(), 1);
}

#[test]
fn yaml_portability() {
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter("name:\trefund-policy\ndescription: x\nmetadata:\n  beta: yes\n  since: 2024-01-15\n  list: [a, b]\n"),
    );
    let run = t.run();
    let portability: Vec<_> = run
        .rules()
        .into_iter()
        .filter(|f| f.0 == "skill/yaml-portability")
        .collect();
    assert_eq!(
        portability,
        vec![
            r("skill/yaml-portability", SKILL, Some((2, 6))),
            r("skill/yaml-portability", SKILL, Some((5, 9))),
            r("skill/yaml-portability", SKILL, Some((6, 10))),
            r("skill/yaml-portability", SKILL, Some((7, 9))),
        ]
    );
}

#[test]
fn an_alias_bomb_finishes_instantly() {
    let t = Tree::new();
    let mut yaml =
        String::from("name: refund-policy\ndescription: x\nmetadata:\n  a0: &a0 \"lol\"\n");
    for i in 1..=80 {
        let p = i - 1;
        yaml.push_str(&format!(
            "  a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
        ));
    }
    t.file(SKILL, frontmatter(&yaml));
    let started = Instant::now();
    let run = t.run();
    assert!(started.elapsed() < Duration::from_secs(20));
    assert!(!run.only("skill/yaml-portability").is_empty());
    // Flow lists of aliases are not strings: field-type warns on each
    // metadata value (no client drops the skill for one).
    assert_eq!(run.only("skill/field-type").len(), 80);
    assert_eq!(run.code, 0);
}

#[test]
fn broken_references_point_at_the_path() {
    let t = Tree::new();
    t.skill(
        "refund-policy",
        "Read [the guide](references/guide.md) and run `scripts/extract.py`.\nFor edge cases see references/edge.md, and FORMS.md.\nSave the result to `out/report.pdf`.\n\n```bash\npython scripts/missing.py input.pdf\n```\n",
    )
    .file("skills/refund-policy/scripts/extract.py", "print(1)\n")
    .file("skills/refund-policy/forms.md", "# Forms\n");
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![
            r("skill/broken-reference", SKILL, Some((5, 18))),
            r("skill/broken-reference", SKILL, Some((6, 20))),
            r("skill/broken-reference", SKILL, Some((6, 44))),
        ]
    );
    assert_eq!(
        run.span_text("skill/broken-reference", &t),
        vec!["references/guide.md", "references/edge.md", "FORMS.md"]
    );
    assert!(run.only("skill/broken-reference")[2]
        .message
        .contains("the file is `forms.md`"));
}

#[test]
fn references_escaping_the_folder() {
    let t = Tree::new();
    t.skill(
        "refund-policy",
        "See [shared](../shared/guide.md) and [abs](/etc/hosts).\n",
    )
    .file(
        "skills/shared/SKILL.md",
        frontmatter("name: shared\ndescription: x\n"),
    )
    .file("skills/shared/guide.md", "x\n");
    let run = t.run();
    let escapes = run.only("skill/reference-escapes");
    assert_eq!(escapes.len(), 2, "{}", run.stdout);
    assert_eq!(escapes[0].at, Some((5, 14)));
    assert_eq!(escapes[1].at, Some((5, 44)));
}

#[cfg(unix)]
#[test]
fn symlinks_out_of_the_folder_are_reported_not_followed() {
    let t = Tree::new();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(
        outside.path().join("creds.md"),
        "password = \"Tr0ub4dor&3xyz\"\n",
    )
    .unwrap();
    t.skill("refund-policy", "Read [creds](creds.md).\n");
    std::os::unix::fs::symlink(
        outside.path().join("creds.md"),
        t.path().join("skills/refund-policy/creds.md"),
    )
    .unwrap();
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![
            r("skill/reference-escapes", SKILL, Some((5, 14))),
            r(
                "skill/reference-escapes",
                "skills/refund-policy/creds.md",
                None
            ),
        ]
    );
    // The target was never read: no secret finding from outside the tree.
    assert!(run.only("security/secret-value").is_empty());
}

#[cfg(unix)]
#[test]
fn a_symlink_to_a_file_of_the_plugin_is_one_warning() {
    // A plugin's skills share `scripts/` by links: the plugin is installed
    // whole, so a path through the link works; the link itself is a warning
    // (it breaks when the skill is copied alone), the paths through it are
    // not reported again.
    let t = Tree::new();
    t.file(
        "plugins/pdf/.claude-plugin/plugin.json",
        r#"{"name": "pdf", "version": "1.0.0"}"#,
    )
    .file("plugins/pdf/scripts/convert.py", "print('x')\n")
    .file(
        "plugins/pdf/skills/convert/SKILL.md",
        "---\nname: convert\ndescription: Use when a PDF must become PNG.\n---\nRun `./scripts/convert.py`.\n",
    );
    std::fs::create_dir_all(t.path().join("plugins/pdf/skills/convert/scripts")).unwrap();
    std::os::unix::fs::symlink(
        "../../../scripts/convert.py",
        t.path()
            .join("plugins/pdf/skills/convert/scripts/convert.py"),
    )
    .unwrap();
    let run = t.run();
    let escapes = rule_findings(&run, "skill/reference-escapes");
    assert_eq!(
        escapes,
        [(
            "plugins/pdf/skills/convert/scripts/convert.py".to_string(),
            "warning".to_string()
        )]
    );
    assert_eq!(run.code, 0, "{:?}", run.rules());
}

#[test]
fn unreferenced_files_are_warnings() {
    let t = Tree::new();
    t.skill("refund-policy", "Read `references/guide.md`.\n")
        .file(
            "skills/refund-policy/references/guide.md",
            "See [details](details.md).\n",
        )
        .file("skills/refund-policy/references/details.md", "x\n")
        .file("skills/refund-policy/notes.md", "old notes\n")
        .file("skills/refund-policy/LICENSE", "MIT\n")
        .file("skills/refund-policy/.DS_Store", [0u8, 1, 2]);
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![r(
            "skill/unreferenced-file",
            "skills/refund-policy/notes.md",
            None
        )]
    );
    assert_eq!(run.code, 0);
}

#[test]
fn binary_resources_are_not_scanned() {
    let t = Tree::new();
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    png.extend_from_slice(b"[x](missing.md) password = \"Tr0ub4dor&3xyz\"");
    t.skill("refund-policy", "![logo](assets/logo.png)\n")
        .file("skills/refund-policy/assets/logo.png", png)
        .file(
            "skills/refund-policy/assets/latin1.txt",
            b"caf\xe9 [x](missing.md)\n",
        );
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![r(
            "skill/unreferenced-file",
            "skills/refund-policy/assets/latin1.txt",
            None
        )]
    );
    // Only SKILL.md is a text source.
    assert_eq!(run.json["summary"]["files"], 1);
}

#[test]
fn secrets_in_resources_are_found_and_masked() {
    let t = Tree::new();
    let secret = "S3cr3tPassw0rdValue";
    t.skill("refund-policy", "Run `scripts/setup.sh`.\n").file(
        "skills/refund-policy/scripts/setup.sh",
        format!("curl https://deploy:{secret}@logs.example.com/run/41\n"),
    );
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![r(
            "security/secret-value",
            "skills/refund-policy/scripts/setup.sh",
            Some((1, 21))
        )]
    );
    assert!(!run.stdout.contains(secret));
    let out = caplint()
        .current_dir(t.path())
        .args(["check", ".", "--no-history", "--color", "never"])
        .output()
        .unwrap();
    let human = String::from_utf8(out.stdout).unwrap();
    assert!(human.contains("setup.sh"), "{human}");
    assert!(!human.contains(secret), "{human}");
}

#[test]
fn long_bodies() {
    let t = Tree::new();
    let body: String = (1..=520).map(|i| format!("Step {i}.\n")).collect();
    t.skill("refund-policy", &body);
    let run = t.run();
    assert_eq!(
        run.rules(),
        vec![r("skill/body-too-long", SKILL, Some((505, 1)))]
    );
    assert_eq!(run.code, 0);
}

#[test]
fn explicit_skill_md_path_is_linted() {
    let t = Tree::new();
    t.file(
        "anywhere/x/SKILL.md",
        frontmatter("name: y\ndescription: x\n"),
    );
    let out = caplint()
        .current_dir(t.path())
        .args([
            "check",
            "anywhere/x/SKILL.md",
            "--no-history",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["diagnostics"][0]["rule"], "skill/name-mismatch");
    assert_eq!(out.status.code(), Some(1));
}

/// `testdata/` shows every skill rule firing, and its good skills and the
/// example profile stay clean.
#[test]
fn testdata_shows_every_skill_rule() {
    let out = caplint()
        .current_dir(manifest())
        .args([
            "check",
            "testdata",
            "--no-history",
            "--as-of",
            AS_OF,
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let diagnostics = json["diagnostics"].as_array().unwrap();
    let mut fired: std::collections::BTreeSet<String> = diagnostics
        .iter()
        .map(|d| d["rule"].as_str().unwrap().to_string())
        .collect();
    // The targets' own rules fire when their targets are selected.
    let targets = caplint()
        .current_dir(manifest())
        .args([
            "check",
            "testdata/skills",
            "--no-history",
            "--format",
            "json",
            "--target",
            "claude",
            "--target",
            "codex",
            "--target",
            "platform",
        ])
        .output()
        .unwrap();
    let targets: Value = serde_json::from_slice(&targets.stdout).unwrap();
    fired.extend(
        targets["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["rule"].as_str().unwrap().to_string()),
    );
    for rule in lib::rule_ids_of("skill") {
        // A skill over 8 MiB does not belong in the repository; the test of
        // `skill/folder-too-large` (tests/it/targets.rs) makes one.
        if rule == "skill/folder-too-large" {
            continue;
        }
        assert!(fired.contains(rule), "{rule} never fires in testdata");
    }
    assert!(fired.contains("security/secret-value"));
    for clean in [
        "testdata/skills/refund-policy/",
        "testdata/skills/incident-report/",
        "testdata/agents/research.profile.json",
    ] {
        let hits: Vec<_> = diagnostics
            .iter()
            .filter(|d| d["path"].as_str().unwrap().starts_with(clean))
            .collect();
        assert!(hits.is_empty(), "{clean}: {hits:?}");
    }
    assert_eq!(out.status.code(), Some(1));
}

// ---------------------------------------------------------------------------
// Targets: `--target` and `targets:` choose the clients a skill is for.

fn rule_ids(run: &Run) -> Vec<String> {
    let mut ids: Vec<String> = run.findings().into_iter().map(|f| f.rule).collect();
    ids.sort();
    ids
}

#[test]
fn agentskills_target_says_skills_ref_rejects_an_unknown_field() {
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter("name: refund-policy\ndescription: When a refund is given.\nargument-hint: \"[order]\"\n"),
    );
    // The default target and the explicit one agree.
    for run in [t.run(), t.run_with(&["--target", "agentskills"])] {
        let unknown = run.only("skill/unknown-field");
        assert_eq!(unknown.len(), 1, "{}", run.stdout);
        assert!(
            unknown[0]
                .message
                .contains("`skills-ref validate` rejects the skill"),
            "{}",
            unknown[0].message
        );
        assert_eq!(run.code, 0, "a warning");
    }
    // The same skill is clean for Claude Code, which reads `argument-hint`.
    let run = t.run_with(&["--target", "claude-code"]);
    assert_eq!(run.rules(), vec![], "{}", run.stdout);
}

#[test]
fn claude_target_rejects_reserved_words_xml_tags_and_unknown_tools() {
    let t = Tree::new();
    t.file(
        "skills/claude-helper/SKILL.md",
        frontmatter("name: claude-helper\ndescription: Animate with the `<ViewTransition>` component.\nallowed-tools: Read List Bash(git add *) mcp__github__create_issue\n"),
    )
    .file(
        "skills/react-animations/SKILL.md",
        frontmatter("name: react-animations\ndescription: Animate route changes with view transitions.\nallowed-tools:\n  - Read\n  - Bash(git:*)\n  - mcp__github\n  - grep\nuser-invocable: false\ndisable-model-invocation: true\nargument-hint: \"[route]\"\nmodel: sonnet\ncontext: fork\nagent: Explore\n"),
    );
    // Without the target none of this is reported (Claude Code's own
    // fields are unknown to the open format: warnings only).
    let run = t.run();
    assert!(
        run.findings()
            .iter()
            .all(|f| f.rule == "skill/unknown-field"),
        "{}",
        run.stdout
    );
    let run = t.run_with(&["--target", "claude"]);
    assert_eq!(run.code, 1);
    // `claude` is Claude Code and the upload: the upload refuses each of
    // Claude Code's own keys (warnings).
    let unknown = run.only("skill/unknown-field");
    assert_eq!(unknown.len(), 6, "{}", run.stdout);
    assert!(
        unknown.iter().all(|f| f
            .message
            .contains("is read by target `claude-code` but not by `claude-api`")),
        "{unknown:?}"
    );
    let brief: Vec<Brief> = run
        .rules()
        .into_iter()
        .filter(|b| b.0 != "skill/unknown-field")
        .collect();
    assert_eq!(
        brief,
        vec![
            r(
                "skill/invalid-name",
                "skills/claude-helper/SKILL.md",
                Some((2, 7))
            ),
            r(
                "skill/xml-in-frontmatter",
                "skills/claude-helper/SKILL.md",
                Some((3, 32))
            ),
            r(
                "skill/unknown-tool",
                "skills/claude-helper/SKILL.md",
                Some((4, 21))
            ),
            r(
                "skill/unknown-tool",
                "skills/react-animations/SKILL.md",
                Some((8, 5))
            ),
        ],
        "{}",
        run.stdout
    );
    let spans: Vec<String> = [
        "skill/invalid-name",
        "skill/xml-in-frontmatter",
        "skill/unknown-tool",
    ]
    .iter()
    .flat_map(|rule| run.span_text(rule, &t))
    .collect();
    assert_eq!(spans, vec!["claude", "<ViewTransition>", "List", "grep"]);
    let grep = &run.only("skill/unknown-tool")[1];
    assert_eq!(grep.help, "write `Grep`: tool names are case-sensitive");
}

#[test]
fn claude_target_passes_a_clean_skill() {
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter("name: refund-policy\ndescription: When a refund is given without asking (a < b is fine).\nallowed-tools: Read, Grep, Bash(git log:*), WebFetch(domain:example.com), mcp__zendesk__get_ticket\nwhen_to_use: A customer asks for a refund.\neffort: high\n"),
    );
    let run = t.run_with(&["--target", "claude-code"]);
    assert_eq!(run.rules(), vec![], "{}", run.stdout);
    assert_eq!(run.code, 0);
}

#[test]
fn codex_target_checks_openai_yaml_and_counts_it_as_referenced() {
    let t = Tree::new();
    t.skill("pdf-tools", "# PDF tools\n")
        .file(
            "skills/pdf-tools/agents/openai.yaml",
            "interface:\n  display_name: \"PDF tools\"\n  short_description: \"Fill and merge PDF forms quickly\"\n  icon_small: \"./assets/pdf-small.png\"\n  icon_large: \"./assets/pdf-large.svg\"\n  brand_color: \"#3B82F6\"\n  default_prompt: \"Fill in this form\"\ndependencies:\n  tools:\n    - type: \"mcp\"\n      value: \"github\"\n      transport: \"streamable_http\"\n      url: \"https://example.com/mcp\"\npolicy:\n  allow_implicit_invocation: false\n",
        )
        .file("skills/pdf-tools/assets/pdf-small.png", b"\x89PNG\r\n\x1a\n")
        .file("skills/pdf-tools/assets/pdf-large.svg", "<svg/>\n");
    let run = t.run_with(&["--target", "codex"]);
    assert_eq!(run.rules(), vec![], "{}", run.stdout);
    assert_eq!(run.code, 0);
    // Without the target, the metadata is not checked, and nothing names it.
    let run = t.run();
    assert!(run.only("skill/codex-metadata").is_empty());

    // A broken file: every finding points into it.
    t.file(
        "skills/pdf-tools/agents/openai.yaml",
        "interface:\n  display-name: \"PDF tools\"\n  icon_small: \"./assets/missing.png\"\n  icon_large: \"../shared/logo.svg\"\n  brand_color: \"blue\"\ndependencies:\n  tools:\n    - value: \"github\"\npolicy:\n  allow_implicit_invocation: \"no\"\n",
    );
    let run = t.run_with(&["--target", "codex"]);
    assert_eq!(run.code, 1);
    let yaml = "skills/pdf-tools/agents/openai.yaml";
    let metadata = run.only("skill/codex-metadata");
    assert!(metadata.iter().all(|f| f.path == yaml), "{}", run.stdout);
    assert_eq!(
        run.span_text("skill/codex-metadata", &t),
        vec![
            "display-name",
            "\"./assets/missing.png\"",
            "\"../shared/logo.svg\"",
            "\"blue\"",
            "value: \"github\"",
            "\"no\"",
        ],
        "{}",
        run.stdout
    );
    assert_eq!(
        metadata[0].help,
        "did you mean `display_name`? Codex ignores keys it does not know"
    );
    // The icons that exist are referenced; the ones missing are reported once.
    assert!(run
        .only("skill/unreferenced-file")
        .iter()
        .all(|f| !f.path.ends_with(".png") || f.path.ends_with("pdf-small.png")));

    // Codex's short description in SKILL.md: over 1024 characters, Codex
    // refuses the skill.
    t.file(
        "skills/pdf-tools/SKILL.md",
        format!(
            "---\nname: pdf-tools\ndescription: Fill PDF forms.\nmetadata:\n  short-description: \"{}\"\n---\n# PDF\n",
            "x".repeat(1025)
        ),
    );
    let run = t.run_with(&["--target", "codex"]);
    let long = run.only("skill/description-too-long");
    assert_eq!(long.len(), 1, "{}", run.stdout);
    assert_eq!(long[0].at, Some((5, 22)));
    assert!(long[0]
        .message
        .contains("the limit is 1024 for target `codex`"));
    assert!(t.run().only("skill/description-too-long").is_empty());
    t.skill("pdf-tools", "# PDF tools\n");

    // YAML that does not parse.
    t.file("skills/pdf-tools/agents/openai.yaml", "interface: [\n");
    let run = t.run_with(&["--target", "codex"]);
    let metadata = run.only("skill/codex-metadata");
    assert_eq!(metadata.len(), 1, "{}", run.stdout);
    assert!(
        metadata[0].message.starts_with("invalid YAML"),
        "{}",
        metadata[0].message
    );
}

#[test]
fn platform_target_limits_descriptions_to_500_and_checks_category() {
    let t = Tree::new();
    let long = "x".repeat(501);
    t.file(
        SKILL,
        frontmatter(&format!(
            "name: refund-policy\ndescription: {long}\ncategory: suport\n"
        )),
    );
    let run = t.run_with(&["--target", "platform"]);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.rules(),
        vec![
            r("skill/description-too-long", SKILL, Some((3, 14))),
            r("skill/invalid-category", SKILL, Some((4, 11))),
        ],
        "{}",
        run.stdout
    );
    let too_long = &run.only("skill/description-too-long")[0];
    assert_eq!(
        too_long.message,
        "the description is 501 characters long; the limit is 500 for target `platform`"
    );
    assert_eq!(
        run.only("skill/invalid-category")[0].help,
        "did you mean `support`?"
    );
    // The open format allows 1024 characters and does not know `category`.
    let run = t.run();
    assert_eq!(
        rule_ids(&run),
        vec!["skill/unknown-field"],
        "{}",
        run.stdout
    );

    // A passing case: 500 characters and a suggested category.
    t.file(
        SKILL,
        frontmatter(&format!(
            "name: refund-policy\ndescription: {}\ncategory: support\n",
            "é".repeat(500)
        )),
    );
    let run = t.run_with(&["--target", "platform"]);
    assert_eq!(run.rules(), vec![], "{}", run.stdout);
    // A capability name is reserved for the platform as for every target.
    t.file(
        "skills/planning/SKILL.md",
        frontmatter("name: planning\ndescription: Plan sprints.\n"),
    );
    let run = t.run_with(&["--target", "platform"]);
    assert_eq!(
        rule_ids(&run),
        vec!["skill/reserved-name"],
        "{}",
        run.stdout
    );
}

#[test]
fn several_targets_are_the_strictest_union() {
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter(&format!(
            "name: refund-policy\ndescription: {}\ncategory: support\nargument-hint: \"[order]\"\nallowed-tools: Read List\n",
            "x".repeat(600)
        )),
    );
    let claude = t.run_with(&["--target", "claude-code"]);
    assert_eq!(
        rule_ids(&claude),
        vec!["skill/unknown-field", "skill/unknown-tool"],
        "{}",
        claude.stdout
    );
    let platform = t.run_with(&["--target", "platform"]);
    assert_eq!(
        rule_ids(&platform),
        vec!["skill/description-too-long", "skill/unknown-field"],
        "{}",
        platform.stdout
    );
    // Both: the 500-character limit, the unknown tool, and each field that
    // one of the two does not read, saying which one.
    let both = t.run_with(&["--target", "claude-code", "--target", "platform"]);
    assert_eq!(
        rule_ids(&both),
        vec![
            "skill/description-too-long",
            "skill/unknown-field",
            "skill/unknown-field",
            "skill/unknown-tool",
        ],
        "{}",
        both.stdout
    );
    let messages: Vec<String> = both
        .only("skill/unknown-field")
        .into_iter()
        .map(|f| f.message)
        .collect();
    assert!(
        messages[0].starts_with(
            "frontmatter field `category` is read by target `platform` but not by `claude-code`"
        ),
        "{}",
        messages[0]
    );
    assert!(
        messages[1].starts_with(
            "frontmatter field `argument-hint` is read by target `claude-code` but not by `platform`"
        ),
        "{}",
        messages[1]
    );
    // The config's list works the same, and `--target` replaces it.
    t.file(".caplint.yaml", "targets: [platform, claude-code]\n");
    assert_eq!(rule_ids(&t.run()), rule_ids(&both));
    assert_eq!(
        rule_ids(&t.run_with(&["--target", "claude-code"])),
        rule_ids(&claude)
    );
    // `extra_skill_fields` extends every target.
    t.file(
        ".caplint.yaml",
        "targets: [platform, claude-code]\nextra_skill_fields: [category, argument-hint]\n",
    );
    assert_eq!(
        rule_ids(&t.run()),
        vec!["skill/description-too-long", "skill/unknown-tool"]
    );
}

#[test]
fn an_unknown_target_is_a_usage_or_config_error_with_a_suggestion() {
    let t = Tree::new();
    t.skill("refund-policy", "# Refunds\n");
    let out = caplint()
        .current_dir(t.path())
        .args(["check", ".", "--no-history", "--target", "cladue"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("'cladue'") && stderr.contains("claude"),
        "{stderr}"
    );

    // `caplint` with no subcommand is `caplint check`, flag included.
    t.file(
        SKILL,
        frontmatter("name: refund-policy\ndescription: Refunds for <Order> items.\n"),
    );
    let out = caplint()
        .current_dir(t.path())
        .args(["--no-history", "--target", "claude", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("skill/xml-in-frontmatter"));

    t.file(".caplint.yaml", "targets:\n  - agentskills\n  - codx\n");
    let out = caplint()
        .current_dir(t.path())
        .args(["check", ".", "--no-history"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("unknown target `codx`"), "{stderr}");
    assert!(stderr.contains("did you mean `codex`?"), "{stderr}");
    assert!(stderr.contains(".caplint.yaml:3:5"), "{stderr}");
}

#[test]
fn codex_metadata_messages_never_quote_a_secret() {
    let t = Tree::new();
    let key = "AKIAQWERTYUIOPASDFGH";
    t.skill("pdf-tools", "# PDF tools\n").file(
        "skills/pdf-tools/agents/openai.yaml",
        format!("interface:\n  brand_color: \"{key}\"\n  icon_small: \"./assets/{key}.png\"\n"),
    );
    for format in ["json", "human", "sarif", "github"] {
        let out = caplint()
            .current_dir(t.path())
            .args([
                "check",
                ".",
                "--no-history",
                "--target",
                "codex",
                "--format",
                format,
            ])
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(all.contains("skill/codex-metadata"), "{format}: {all}");
        assert!(all.contains("security/secret-value"), "{format}: {all}");
        assert!(!all.contains(key), "{format}: {all}");
    }
}

#[cfg(unix)]
#[test]
fn codex_metadata_is_never_read_through_a_symlink_or_from_a_folder() {
    let t = Tree::new();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(
        outside.path().join("openai.yaml"),
        "interface:\n  brand_color: \"blue\"\n",
    )
    .unwrap();
    t.skill("pdf-tools", "# PDF tools\n");
    std::fs::create_dir_all(t.path().join("skills/pdf-tools/agents")).unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("openai.yaml"),
        t.path().join("skills/pdf-tools/agents/openai.yaml"),
    )
    .unwrap();
    let run = t.run_with(&["--target", "codex"]);
    assert!(
        run.only("skill/codex-metadata").is_empty(),
        "{}",
        run.stdout
    );
    // The link itself is reported as leaving the folder, as for any file.
    assert_eq!(
        run.only("skill/reference-escapes").len(),
        1,
        "{}",
        run.stdout
    );

    std::fs::remove_file(t.path().join("skills/pdf-tools/agents/openai.yaml")).unwrap();
    std::fs::create_dir(t.path().join("skills/pdf-tools/agents/openai.yaml")).unwrap();
    let run = t.run_with(&["--target", "codex"]);
    assert!(
        run.only("skill/codex-metadata").is_empty(),
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 0, "{}", run.stdout);
}

/// (rule, severity, spanned text or path) of the reference findings.
fn reference_findings(run: &Run, tree: &Tree) -> Vec<(String, String, String)> {
    run.json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"].as_str().unwrap().starts_with("skill/"))
        .map(|d| {
            let path = d["path"].as_str().unwrap();
            let shown = match d["span"].as_object() {
                Some(s) => {
                    let bytes = std::fs::read(tree.path().join(path)).unwrap();
                    let o = s["offset"].as_u64().unwrap() as usize;
                    let l = s["length"].as_u64().unwrap() as usize;
                    String::from_utf8_lossy(&bytes[o..o + l]).into_owned()
                }
                None => path.to_string(),
            };
            (
                d["rule"].as_str().unwrap().to_string(),
                d["severity"].as_str().unwrap().to_string(),
                shown,
            )
        })
        .collect()
}

/// Each finding of `rule` in a run: its path and severity.
fn rule_findings(run: &Run, rule: &str) -> Vec<(String, String)> {
    path_severities(&run.json, rule)
}

#[test]
fn a_template_whose_name_is_a_placeholder_gets_warnings() {
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter("name: refund-policy\ndescription: Use when refunding.\n"),
    );
    // A template to copy: its name, links and fields are the copy's.
    t.file(
        "templates/skill/SKILL.md",
        "---\nname: \"<skill-name>\"\ndescription: What it does. Use when …\n---\n# Title\n\nSee [the guide](references/detailed-guide.md).\n",
    );
    t.file(
        "templates/skeleton/skills/skill-name/SKILL.md",
        "---\nname: [TODO: lowercase-hyphen-case-name]\ndescription: x\n---\n# X\n",
    );
    // A generator's upper-case variable for the name.
    t.file(
        "pipeline/templates/standalone-skill/SKILL.md",
        "---\nname: SKILL_NAME\ndescription: SKILL_DESCRIPTION\n---\n# X\n",
    );
    // Two skeletons that say what to replace: one name, no duplicate.
    for kind in ["minimal", "data"] {
        t.file(
            &format!("templates/skill-skeleton/{kind}/SKILL.md"),
            "---\nname: REPLACE-WITH-SKILL-NAME\ndescription: x\n---\n# X\n",
        );
    }
    // A template of a skill file, lower-cased as its tool keeps it: copied
    // and renamed by whoever fills it in, not a misnamed skill.
    t.file(
        ".squad/templates/skill.md",
        "---\nname: \"{skill-name}\"\ndescription: \"{what this skill teaches agents}\"\n---\n## Context\n",
    );
    let run = t.run();
    assert!(
        run.only("skill/misnamed-skill-md").is_empty(),
        "{}",
        run.stdout
    );
    let errors: Vec<_> = run.json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .collect();
    assert!(errors.is_empty(), "{}", run.stdout);
    let help = run.only("skill/broken-reference")[0].help.clone();
    assert!(
        help.contains("its `name` is a placeholder (`<skill-name>`)"),
        "{help}"
    );
    assert!(!run.only("skill/invalid-name").is_empty(), "{}", run.stdout);
    assert_eq!(run.code, 0, "{}", run.stdout);
    // An upper-case name that is no variable keeps its errors.
    t.file(
        "pipeline/templates/standalone-skill/SKILL.md",
        "---\nname: SKILL_DOCS\ndescription: x\n---\n# X\n",
    );
    assert_eq!(t.run().code, 1);
    t.file(
        "pipeline/templates/standalone-skill/SKILL.md",
        "---\nname: SKILL_NAME\ndescription: x\n---\n# X\n",
    );
    // A real name keeps its errors.
    t.file(
        "templates/skill/SKILL.md",
        "---\nname: skill\ndescription: What it does. Use when …\n---\n# Title\n\nSee [the guide](references/detailed-guide.md).\n",
    );
    assert_eq!(t.run().code, 1);
}

#[test]
fn a_folder_without_skill_md_is_an_error_only_where_certain() {
    // Under the default roots a folder without `SKILL.md` is probably a
    // skill: a warning, so the gate passes.
    let t = Tree::new();
    t.file(
        SKILL,
        frontmatter("name: refund-policy\ndescription: Use when refunding.\n"),
    );
    t.file("skills/notes/README.md", "Notes.\n");
    let run = t.run();
    assert_eq!(
        rule_findings(&run, "skill/missing-skill-md"),
        [("skills/notes".to_string(), "warning".to_string())]
    );
    assert_eq!(run.code, 0);
    // A root set by hand says every folder in it is a skill.
    t.file(".caplint.yaml", "skill_roots: [skills]\n");
    let run = t.run();
    assert_eq!(
        rule_findings(&run, "skill/missing-skill-md"),
        [("skills/notes".to_string(), "error".to_string())]
    );
    assert_eq!(run.code, 1);
}

/// Runs `t` and asserts its reference findings, printing the report when
/// they differ.
fn assert_refs(t: &Tree, want: Vec<(String, String, String)>) {
    let run = t.run();
    assert_eq!(reference_findings(&run, t), want, "{}", run.stdout);
}

fn finding(rule: &str, severity: &str, shown: &str) -> (String, String, String) {
    (rule.into(), severity.into(), shown.into())
}

#[test]
fn placeholders_resolve_from_the_skill_and_plugin_roots() {
    let t = Tree::new();
    let skill = "plugins/audit/skills/audit";
    t.file(
        "plugins/audit/.claude-plugin/plugin.json",
        "{\"name\": \"audit\"}\n",
    )
    .file(
        &format!("{skill}/SKILL.md"),
        "---\nname: audit\ndescription: When to audit.\n---\n\
             Read [standard checks]({baseDir}/references/standard-checks.md) first.\n\
             @${CLAUDE_SKILL_DIR}/role.md\n\
             Run `{baseDir}/tools/extract.py` on the input.\n\
             The plugin folder holds `scripts/plan.py`; then run `${CLAUDE_PLUGIN_ROOT}/scripts/gone.sh`.\n\n\
             ```bash\n\
             python \"${CLAUDE_SKILL_DIR}/scripts/build.py\"\n\
             bash \"$skill_dir/resources/deploy.sh\"\n\
             uv run {baseDir}/analyzer/main.py\n\
             sh \"${CLAUDE_PLUGIN_ROOT}/scripts/setup.sh\"\n\
             node \"${CLAUDE_PLUGIN_ROOT}/servers/sample.js\"\n\
             sh \"${CLAUDE_PLUGIN_ROOT}/skills/audit/scripts/lint.sh\"\n\
             ```\n",
    )
    .file(&format!("{skill}/references/standard-checks.md"), "x\n")
    .file(&format!("{skill}/role.md"), "x\n")
    .file(&format!("{skill}/tools/extract.py"), "print(1)\n")
    .file(&format!("{skill}/scripts/build.py"), "print(1)\n")
    .file(&format!("{skill}/scripts/lint.sh"), "true\n")
    .file(&format!("{skill}/resources/deploy.sh"), "true\n")
    // At the plugin root, not in the skill.
    .file("plugins/audit/analyzer/main.py", "print(1)\n")
    .file("plugins/audit/scripts/setup.sh", "true\n")
    .file("plugins/audit/scripts/plan.py", "print(1)\n");
    let run = t.run();
    assert_eq!(
        reference_findings(&run, &t),
        vec![
            finding(
                "skill/broken-reference",
                "error",
                "${CLAUDE_PLUGIN_ROOT}/scripts/gone.sh"
            ),
            // A skill-root placeholder into a folder the skill does not
            // have. (The plugin-root sample in fenced code is not judged.)
            finding(
                "skill/broken-reference",
                "error",
                "{baseDir}/analyzer/main.py"
            ),
        ],
        "{}",
        run.stdout
    );
    let messages: Vec<String> = run.findings().into_iter().map(|f| f.message).collect();
    assert!(
        messages[0].contains("plugin folder `plugins/audit`"),
        "{messages:?}"
    );
}

#[test]
fn a_skills_own_skill_md_is_in_the_skill() {
    let t = Tree::new();
    t.skill(
        "refund-policy",
        "## Two pass\n\nRead [checks](resources/checks.md) and [notes](resources/notes.md).\n",
    )
    .file(
        "skills/refund-policy/resources/checks.md",
        "Back to [SKILL.md](../SKILL.md).\n",
    )
    .file(
        "skills/refund-policy/resources/notes.md",
        "See [SKILL.md](SKILL.md#two-pass).\n",
    );
    let run = t.run();
    assert_eq!(reference_findings(&run, &t), vec![], "{}", run.stdout);
}

#[test]
fn option_arguments_name_the_users_files() {
    let t = Tree::new();
    t.skill(
        "refund-policy",
        "| Flag | Meaning |\n|---|---|\n| `-x ./dict.dict` | dictionary |\n| `--input ./orders.csv` | orders |\n\n\
         Run `fuzz -dict=./words.dict` or `./scripts/run.sh -x ./seeds.dict`.\n",
    );
    let run = t.run();
    // The skill's own script is still a claim (a back-ticked one: a
    // warning); the options' files are not.
    assert_eq!(
        reference_findings(&run, &t),
        vec![finding(
            "skill/broken-reference",
            "warning",
            "./scripts/run.sh"
        )],
        "{}",
        run.stdout
    );
}

#[test]
fn links_out_of_the_skill_to_existing_files_are_warnings() {
    let t = Tree::new();
    t.file("README.md", "# Skills\n")
        .skill(
            "refund-policy",
            "See [shared](../shared/guide.md), [the index](../../README.md) and [gone](../shared/gone.md).\n",
        )
        .file(
            "skills/shared/SKILL.md",
            frontmatter("name: shared\ndescription: x\n"),
        )
        .file("skills/shared/guide.md", "x\n");
    t.file(
        "skills/shared/SKILL.md",
        frontmatter("name: shared\ndescription: x\n") + "Read [the guide](guide.md).\n",
    );
    let run = t.run();
    assert_eq!(
        reference_findings(&run, &t),
        vec![
            finding("skill/reference-escapes", "warning", "../shared/guide.md"),
            finding("skill/reference-escapes", "warning", "../../README.md"),
            finding("skill/reference-escapes", "error", "../shared/gone.md"),
        ],
        "{}",
        run.stdout
    );
    let warning = &run.only("skill/reference-escapes")[0];
    assert!(warning.message.contains("to `skills/shared/guide.md`"));
    assert!(warning.help.contains("installed alone"), "{}", warning.help);
    // Warnings alone pass; the missing file fails the run.
    assert_eq!(run.code, 1);
    // A severity configured for the rule applies to every case of it.
    t.file(
        ".caplint.yaml",
        "rules:\n  skill/reference-escapes: error\n",
    );
    let run = t.run();
    let severities: Vec<String> = reference_findings(&run, &t)
        .into_iter()
        .map(|f| f.1)
        .collect();
    assert_eq!(severities, vec!["error"; 3], "{}", run.stdout);
    t.file(".caplint.yaml", "rules:\n  skill/reference-escapes: off\n");
    assert_eq!(reference_findings(&t.run(), &t), vec![]);
}

#[test]
fn files_that_need_no_reference_or_are_named_elsewhere() {
    let t = Tree::new();
    let skill = "skills/web-rules";
    t.file("GEMINI.md", "@./skills/web-rules/references/gemini.md\n")
        .file(
            &format!("{skill}/SKILL.md"),
            "---\nname: web-rules\ndescription: When to review web code.\n---\n\
         Run `python scripts/main.py` and `node scripts/app.js`.\n\n\
         - `async-parallel` - run independent work at once\n\
         - `bundle-imports` - import directly\n\n\
         Read the individual rule files for the details:\n\n\
         ```\nrules/async-parallel.md\n```\n",
        )
        .file(
            &format!("{skill}/agents/openai.yaml"),
            "interface:\n  icon_small: \"assets/mark.svg\"\n",
        )
        .file(&format!("{skill}/assets/mark.svg"), "<svg/>\n")
        .file(&format!("{skill}/metadata.json"), "{}\n")
        .file(&format!("{skill}/scripts/pyproject.toml"), "[project]\n")
        .file(&format!("{skill}/scripts/uv.lock"), "version = 1\n")
        .file(&format!("{skill}/requirements.txt"), "requests\n")
        .file(&format!("{skill}/package.json"), "{}\n")
        .file(&format!("{skill}/package-lock.json"), "{}\n")
        .file(&format!("{skill}/Cargo.toml"), "[package]\n")
        .file(&format!("{skill}/go.mod"), "module x\n")
        .file(&format!("{skill}/CHANGELOG.md"), "# 1.0\n")
        .file(&format!("{skill}/LICENSE.txt"), "MIT\n")
        .file(
            &format!("{skill}/scripts/main.py"),
            "from helpers import load\nload()\n",
        )
        .file(&format!("{skill}/scripts/helpers.py"), "def load(): pass\n")
        .file(
            &format!("{skill}/scripts/app.js"),
            "const util = require('./util');\nimport { x } from './lib/format';\n",
        )
        .file(
            &format!("{skill}/scripts/util.js"),
            "module.exports = {};\n",
        )
        .file(
            &format!("{skill}/scripts/lib/format.ts"),
            "export const x = 1;\n",
        )
        .file(&format!("{skill}/references/gemini.md"), "x\n")
        .file(&format!("{skill}/rules/async-parallel.md"), "x\n")
        .file(&format!("{skill}/rules/bundle-imports.md"), "x\n")
        // Named by nothing: still reported.
        .file(&format!("{skill}/rules/unlisted.md"), "x\n")
        .file(&format!("{skill}/prompts/old-prompt.md"), "x\n");
    let run = t.run();
    assert_eq!(
        reference_findings(&run, &t),
        vec![
            finding(
                "skill/unreferenced-file",
                "warning",
                "skills/web-rules/prompts/old-prompt.md"
            ),
            finding(
                "skill/unreferenced-file",
                "warning",
                "skills/web-rules/rules/unlisted.md"
            ),
        ],
        "{}",
        run.stdout
    );
}

#[test]
fn templates_programs_and_hidden_folders_name_the_users_files() {
    let t = Tree::new();
    t.skill(
        "refund-policy",
        "Fill in `templates/report.md`, run `scripts/check.py`, and read [the guide](assets/guide.md)\n\
         and [widgets](references/widget-templates.md).\n\
         A workflow of the user's, such as `./.github/workflows/ci.yml`, is read from their repository.\n",
    )
    // Written for where the filled-in report will live.
    .file(
        "skills/refund-policy/templates/report.md",
        "See [the style guide](../style_guide.md) and [ADR 1](../adr/ADR-001.md).\n",
    )
    // A program's sample data.
    .file(
        "skills/refund-policy/scripts/check.py",
        "SAMPLE = \"{baseDir}/scripts/x.py\"\nOTHER = \"${SKILL_DIR}/references/x.md\"\n",
    )
    // A guide the agent reads is judged like any other file, even one
    // about templates.
    .file(
        "skills/refund-policy/assets/guide.md",
        "Use `scripts/missing.py` to reorder slides.\n",
    )
    .file(
        "skills/refund-policy/references/widget-templates.md",
        "See [the gallery](gallery.md).\n",
    );
    let run = t.run();
    assert_eq!(
        reference_findings(&run, &t),
        vec![
            finding("skill/broken-reference", "warning", "scripts/missing.py"),
            finding("skill/broken-reference", "error", "gallery.md"),
        ],
        "{}",
        run.stdout
    );
}

// ---- check --fix ---------------------------------------------------------

impl Tree {
    fn read(&self, rel: &str) -> Vec<u8> {
        std::fs::read(self.path().join(rel)).unwrap()
    }

    /// `caplint check . --no-history EXTRA`: (exit code, stdout).
    fn raw(&self, extra: &[&str]) -> (i32, String) {
        let out = caplint()
            .current_dir(self.path())
            .args(["check", ".", "--no-history", "--as-of", AS_OF])
            .args(extra)
            .env("NO_COLOR", "1")
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        (
            out.status.code().unwrap(),
            String::from_utf8(out.stdout).unwrap(),
        )
    }

    fn rules(&self) -> Vec<String> {
        self.run().findings().into_iter().map(|f| f.rule).collect()
    }
}

/// `before` fixed by `--fix` (plus `extra`) must give `after`; a second run
/// changes nothing and the rule is gone.
fn fixes_to(rule: &str, before: &[u8], after: &[u8], extra: &[&str]) {
    let t = Tree::new();
    t.file(SKILL, before);
    assert!(t.rules().contains(&rule.to_string()), "{rule} not reported");
    let mut args = vec!["--fix"];
    args.extend_from_slice(extra);
    t.run_with(&args);
    assert_eq!(
        String::from_utf8_lossy(&t.read(SKILL)),
        String::from_utf8_lossy(after)
    );
    assert!(!t.rules().contains(&rule.to_string()), "{rule} remains");
    t.run_with(&args);
    assert_eq!(t.read(SKILL), after, "a second --fix changed the file");
}

const REFUND: &str = "name: refund-policy\ndescription: When a refund is given without asking.\n";

#[test]
fn fix_removes_the_byte_order_mark() {
    let body = frontmatter(REFUND);
    let before = [b"\xef\xbb\xbf".as_slice(), body.as_bytes()].concat();
    fixes_to("skill/byte-order-mark", &before, body.as_bytes(), &[]);
    // CRLF stays CRLF.
    let crlf = body.replace('\n', "\r\n");
    let before = [b"\xef\xbb\xbf".as_slice(), crlf.as_bytes()].concat();
    fixes_to("skill/byte-order-mark", &before, crlf.as_bytes(), &[]);
}

#[test]
fn fix_quotes_an_unquoted_semver_only() {
    let before = frontmatter(&format!("{REFUND}version: 1.2.3   # the release\n"));
    let after = frontmatter(&format!("{REFUND}version: \"1.2.3\"   # the release\n"));
    fixes_to(
        "skill/invalid-version",
        before.as_bytes(),
        after.as_bytes(),
        &[],
    );
    let crlf = |s: &str| s.replace('\n', "\r\n");
    fixes_to(
        "skill/invalid-version",
        crlf(&before).as_bytes(),
        crlf(&after).as_bytes(),
        &[],
    );
    // A float or a date is not guessed at.
    for v in ["1.0", "2024-01-15"] {
        let t = Tree::new();
        let text = frontmatter(&format!("{REFUND}version: {v}\n"));
        t.file(SKILL, &text);
        let run = t.run_with(&["--fix"]);
        assert_eq!(run.code, 1);
        assert_eq!(t.read(SKILL), text.as_bytes());
        assert!(t.rules().contains(&"skill/invalid-version".to_string()));
    }
}

#[test]
fn fix_renames_a_misnamed_skill_md() {
    let t = Tree::new();
    let text = frontmatter(REFUND);
    t.file("skills/refund-policy/skill.md", &text);
    let (code, diff) = t.raw(&["--fix", "--diff"]);
    assert_eq!(code, 1);
    assert_eq!(
        diff,
        "rename from skills/refund-policy/skill.md\nrename to skills/refund-policy/SKILL.md\n"
    );
    let run = t.run_with(&["--fix"]);
    assert_eq!(run.code, 0, "{:?}", run.findings());
    let names: Vec<String> = std::fs::read_dir(t.path().join("skills/refund-policy"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["SKILL.md"]);
    assert_eq!(t.read(SKILL), text.as_bytes());
}

#[test]
fn fix_does_not_rename_over_an_existing_skill_md() {
    let t = Tree::new();
    t.file(SKILL, frontmatter(REFUND));
    t.file("skills/refund-policy/skill.md", frontmatter(REFUND));
    let run = t.run_with(&["--fix"]);
    assert_eq!(run.code, 1);
    assert!(t.path().join("skills/refund-policy/skill.md").exists());
    assert_eq!(t.read(SKILL), frontmatter(REFUND).as_bytes());
}

#[cfg(unix)]
#[test]
fn fix_never_writes_through_a_symlink() {
    let t = Tree::new();
    let target = [b"\xef\xbb\xbf".as_slice(), frontmatter(REFUND).as_bytes()].concat();
    t.file("shared/refund.md", &target);
    std::fs::create_dir_all(t.path().join("skills/refund-policy")).unwrap();
    std::os::unix::fs::symlink("../../shared/refund.md", t.path().join(SKILL)).unwrap();
    assert!(t.rules().contains(&"skill/byte-order-mark".to_string()));
    t.run_with(&["--fix"]);
    assert_eq!(t.read("shared/refund.md"), target);
    assert!(std::fs::symlink_metadata(t.path().join(SKILL))
        .unwrap()
        .file_type()
        .is_symlink());
}

#[cfg(unix)]
#[test]
fn fix_keeps_the_file_mode() {
    use std::os::unix::fs::PermissionsExt;
    let t = Tree::new();
    t.file(
        SKILL,
        [b"\xef\xbb\xbf".as_slice(), frontmatter(REFUND).as_bytes()].concat(),
    );
    let p = t.path().join(SKILL);
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
    t.run_with(&["--fix"]);
    assert_eq!(t.read(SKILL), frontmatter(REFUND).as_bytes());
    assert_eq!(
        std::fs::metadata(&p).unwrap().permissions().mode() & 0o777,
        0o640
    );
}

#[test]
fn fix_diff_writes_nothing() {
    let t = Tree::new();
    let before = frontmatter(&format!("{REFUND}version: 1.2.3\n"));
    t.file(SKILL, &before);
    let (code, diff) = t.raw(&["--fix", "--diff"]);
    assert_eq!(code, 1);
    insta::assert_snapshot!(diff);
    assert_eq!(t.read(SKILL), before.as_bytes());
}

#[test]
fn unsafe_fixes_only_when_asked() {
    let before =
        frontmatter("name: \"refund\"\ndescription: When a refund is given without asking.\n");
    let t = Tree::new();
    t.file(SKILL, &before);
    t.run_with(&["--fix"]);
    assert_eq!(t.read(SKILL), before.as_bytes());
    let after = frontmatter(
        REFUND
            .replace("name: refund-policy", "name: \"refund-policy\"")
            .as_str(),
    );
    fixes_to(
        "skill/name-mismatch",
        before.as_bytes(),
        after.as_bytes(),
        &["--unsafe-fixes"],
    );
}

#[test]
fn unsafe_fix_renames_a_misspelt_profile_key() {
    let t = Tree::new();
    let before = "{\r\n  \"agent_id\": \"a-1\",\r\n\t\"declared-at\": \"2026-10-01\"\r\n}";
    t.file("a.profile.json", before);
    let rule = "profile/unknown-field".to_string();
    assert!(t.rules().contains(&rule));
    t.run_with(&["--fix"]);
    assert_eq!(t.read("a.profile.json"), before.as_bytes());
    t.run_with(&["--fix", "--unsafe-fixes"]);
    let after = before.replace("declared-at", "declared_at");
    assert_eq!(t.read("a.profile.json"), after.as_bytes());
    assert!(!t.rules().contains(&rule));
    t.run_with(&["--fix", "--unsafe-fixes"]);
    assert_eq!(t.read("a.profile.json"), after.as_bytes());
}

#[test]
fn fix_quotes_yaml_11_booleans_and_dates() {
    let before = frontmatter(&format!(
        "{REFUND}metadata:\n  reviewed: yes\n  since: 2024-01-15 # first review\n  list: [a, b]\n"
    ));
    let after = frontmatter(&format!(
        "{REFUND}metadata:\n  reviewed: 'yes'\n  since: '2024-01-15' # first review\n  list: [a, b]\n"
    ));
    let t = Tree::new();
    t.file(SKILL, &before);
    t.run_with(&["--fix"]);
    assert_eq!(String::from_utf8_lossy(&t.read(SKILL)), after);
    // The flow list is not rewritten and is still reported.
    let left: Vec<_> = t
        .run()
        .findings()
        .into_iter()
        .filter(|f| f.rule == "skill/yaml-portability")
        .collect();
    assert_eq!(left.len(), 1, "{left:?}");
    t.run_with(&["--fix"]);
    assert_eq!(String::from_utf8_lossy(&t.read(SKILL)), after);
}

#[test]
fn paths_from_the_repository_root_are_not_broken() {
    let t = Tree::new();
    t.skill(
        "refund-policy",
        "Before a release, run `scripts/check-all.sh` from a checkout of this repository.\n\
         Run `scripts/reconcile.py` on the export.\n",
    )
    .file("scripts/check-all.sh", "#!/bin/sh\n");
    let run = t.run();
    // The repository's own script resolves from its root; the skill's
    // script is missing from both.
    assert_eq!(
        reference_findings(&run, &t),
        vec![finding(
            "skill/broken-reference",
            "warning",
            "scripts/reconcile.py"
        )],
        "{}",
        run.stdout
    );
}

#[test]
fn files_the_skill_makes_or_the_users_project_holds_are_not_references() {
    let t = Tree::new();
    t.skill(
        "refund-policy",
        "Create `./refunds.policy` with the store's rules.\n\n\
         The first run generates `./ledger.key`; keep it out of version control.\n\n\
         Write the summary to `reports/refunds.md`.\n\n\
         `references/evidence/decisions.md` records each refund decision.\n\n\
         | Location | File |\n|---|---|\n| Project root | `./REFUNDS.md` |\n\n\
         To create a refund, read `references/create-refund.md`.\n\
         Save time: see `scripts/export.py`.\n",
    );
    let run = t.run();
    // A reading verb after a making one still makes a reference.
    assert_eq!(
        reference_findings(&run, &t),
        vec![
            finding(
                "skill/broken-reference",
                "warning",
                "references/create-refund.md"
            ),
            finding("skill/broken-reference", "warning", "scripts/export.py"),
        ],
        "{}",
        run.stdout
    );
}

#[test]
fn code_that_handles_secrets_is_not_a_secret() {
    let t = Tree::new();
    t.skill("refund-policy", "Read `references/code.md`.\n")
        .file(
            "skills/refund-policy/references/code.md",
            "```ts\nthis.#password = this.#derivePassword(input);\n\
         const token = ctx._params?.resumeToken;\nshowSecret = !showSecretValue\n```\n\n\
         ```python\nHANDLERS = {\n    \"TOKEN_REPLAY\": TokenReplayDemoPoC,\n}\n```\n\n\
         ```yaml\n\"password\": qZ7mK2xLp9Wd4R\n```\n",
        );
    let run = t.run();
    // Only the YAML literal is a credential.
    assert_eq!(
        run.rules(),
        vec![r(
            "security/secret-value",
            "skills/refund-policy/references/code.md",
            Some((14, 13))
        )],
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("qZ7mK2xLp9Wd4R"));
}

#[test]
fn a_path_to_a_sibling_skills_file_is_a_warning() {
    let t = Tree::new();
    t.skill(
        "refund-policy",
        "Pick the rate from `references/rates.md`, then read `references/limits.md`.\n",
    )
    .skill("refund-rates", "Read `references/rates.md`.\n")
    .file("skills/refund-rates/references/rates.md", "# Rates\n");
    let run = t.run();
    // The file of the neighbouring skill is named, not missing; the other
    // is missing everywhere.
    assert_eq!(
        reference_findings(&run, &t),
        vec![
            finding("skill/broken-reference", "warning", "references/rates.md"),
            finding("skill/broken-reference", "warning", "references/limits.md"),
        ],
        "{}",
        run.stdout
    );
}

#[test]
fn unsafe_fix_moves_unknown_fields_under_metadata() {
    let before = frontmatter(&format!(
        "{REFUND}author: Sam\nmetadata:\n  team: billing\npriority: 2\nlicense: MIT\n"
    ));
    let t = Tree::new();
    t.file(SKILL, &before);
    // Safe fixes only: the fields stay.
    t.run_with(&["--fix"]);
    assert_eq!(t.read(SKILL), before.as_bytes());
    // Both move, one per pass, in one run; the second run changes nothing.
    let after = frontmatter(&format!(
        "{REFUND}metadata:\n  team: billing\n  author: Sam\n  priority: \"2\"\nlicense: MIT\n"
    ));
    fixes_to(
        "skill/unknown-field",
        before.as_bytes(),
        after.as_bytes(),
        &["--unsafe-fixes"],
    );
}

#[test]
fn a_guide_to_writing_skills_names_the_readers_paths() {
    let t = Tree::new();
    // A guide: its frontmatter says it teaches how to create skills. Paths
    // it shows without sending the agent to them are the reader's.
    t.file(
        "skills/skill-guide/SKILL.md",
        "---\nname: skill-guide\ndescription: Use when the user wants to create a skill or improve an existing skill.\n---\n\
         # Writing skills\n\n\
         Keep SKILL.md short and move details out:\n\
         - Detailed patterns → `references/patterns.md`\n\
         - Allowed: paths inside the bundle (`scripts/example.py`, `references/guide.md`)\n\
         **Default**: `./hooks/hooks.json`\n\n\
         See references/workflows.md for multi-step processes.\n",
    )
    // The same lines in a skill that is no guide are references.
    .file(
        "skills/refunds/SKILL.md",
        "---\nname: refunds\ndescription: Use when a customer asks for a refund.\n---\n\
         # Refunds\n\n\
         - Detailed patterns → `references/patterns.md`\n",
    );
    let run = t.run();
    let broken: Vec<(String, String)> = run
        .only("skill/broken-reference")
        .iter()
        .map(|d| (d.path.clone(), d.message.clone()))
        .collect();
    assert_eq!(
        broken,
        vec![
            (
                "skills/refunds/SKILL.md".to_string(),
                "`references/patterns.md` does not exist in the skill folder".to_string()
            ),
            (
                "skills/skill-guide/SKILL.md".to_string(),
                "`references/workflows.md` does not exist in the skill folder".to_string()
            ),
        ],
        "{:?}",
        run.rules()
    );
}

#[test]
fn paths_that_are_not_the_skills_files() {
    let t = Tree::new();
    t.skill(
        "deploy",
        "# Deploy\n\n\
         Read `references/xxx.md` for the topic you need.\n\
         Run `python scripts/script_name.py --help` for any script's options.\n\
         <pattern name=\"script\">Run `scripts/SCRIPT.py`, then read `references/FILE.md`.</pattern>\n\
         > \"For more, [click here](link).\"\n\
         Use `<img src=\"banner.png\">` with an `alt` text, and `<a href=\"/docs\">`.\n\
         Build with `bun build ./src/main.ts --outdir=dist`.\n\
         Mock data: `import rows from './fixtures/rows.json'`.\n\
         With `--allow-missing` an absent `./policy.cedar` is not an error.\n\
         See `references/grounding.md` (to be written in a follow-up).\n\
         Do NOT use relative paths like `./pic.png`; never execute `python ../../other/x.py`.\n\
         For git checkouts (not tarballs), run `./autogen.sh` first.\n\
         Don't forget to run `scripts/lint.py`.\n\
         Vue: Add to `assets/global.css` the focus styles.\n\
         | Whole project | `./CLAUDE.md` | shared rules |\n\
         - [Runbook](internal-wiki/deploy-runbook), [the console](console.example.com)\n\
         - [the bug report](./task.{id}.bug.{number}.md)\n\n\
         ### Setup script (scripts/setup.ps1)\n\n\
         ```powershell\nWrite-Host setup\n```\n\n\
         - [`../../samples/README.md`](samples/README.md): a link's label\n\
         - Community: [forum]({forum_url(package)})\n\n\
         ## AGENTS.md support\n\n\
         Still references: `./helper.sh`, [guide](references/guide.md), `scripts/check.py`.\n",
    )
    .file("skills/deploy/samples/README.md", "# Samples\n")
    .file("skills/deploy/agents.md", "# Agents\n");
    let run = t.run();
    let mut broken: Vec<String> = run
        .only("skill/broken-reference")
        .iter()
        .map(|d| d.message.clone())
        .collect();
    broken.sort();
    assert_eq!(
        broken,
        vec![
            "`./helper.sh` does not exist in the skill folder",
            "`references/guide.md` does not exist in the skill folder",
            "`scripts/check.py` does not exist in the skill folder",
            "`scripts/lint.py` does not exist in the skill folder",
        ],
        "{:?}",
        run.rules()
    );
    assert!(
        run.only("skill/reference-escapes").is_empty(),
        "{:?}",
        run.rules()
    );
}

#[test]
fn a_copy_of_a_skill_that_kept_its_links_and_not_its_files() {
    let t = Tree::new();
    let skill = "---\nname: charts\ndescription: Use when drawing charts.\n---\n\
                 # Charts\n\nRead [the styles](references/styles.md) and run `${SKILL_DIR}/draw.py`.\n";
    t.file("skills/charts/SKILL.md", skill)
        .file("skills/charts/references/styles.md", "# Styles\n")
        .file("skills/charts/draw.py", "print(1)\n")
        // A translation with the text only.
        .file("docs/ja-JP/skills/charts/SKILL.md", skill);
    let run = t.run();
    let found: Vec<(String, String, String)> = run.json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "skill/broken-reference")
        .map(|d| {
            let s = |k: &str| d[k].as_str().unwrap_or_default().to_string();
            (s("path"), s("severity"), s("message"))
        })
        .collect();
    assert_eq!(
        found,
        vec![
            (
                "docs/ja-JP/skills/charts/SKILL.md".to_string(),
                "warning".to_string(),
                "`references/styles.md` is not in the skill folder; it is `skills/charts/references/styles.md`, a file of another skill".to_string()
            ),
            (
                "docs/ja-JP/skills/charts/SKILL.md".to_string(),
                "warning".to_string(),
                "`${SKILL_DIR}/draw.py` is not in the skill folder; it is `skills/charts/draw.py`, a file of another skill".to_string()
            ),
        ],
        "{:?}",
        run.rules()
    );
}

/// Two files named in another letter case, four times each, in SKILL.md
/// and a file it references: one finding per file named, and `--fix` (a
/// safe fix) writes the real names everywhere.
#[test]
fn case_only_references_are_one_finding_per_file_and_fixed() {
    let t = Tree::new();
    let body = "Read REFERENCE.md and FORMS.md.\n\
                See [the reference](REFERENCE.md) and [forms](FORMS.md#fields).\n\
                Then `REFERENCE.md` again, and `FORMS.md`.\n\
                More in [notes](notes.md).\n";
    t.skill("pdf", body);
    t.file("skills/pdf/reference.md", "# Reference\n");
    t.file("skills/pdf/forms.md", "# Forms\n");
    t.file(
        "skills/pdf/notes.md",
        "Back to REFERENCE.md and FORMS.md.\n",
    );
    let run = t.run();
    assert_eq!(run.code, 1);
    let found = run.only("skill/broken-reference");
    let messages: Vec<&str> = found.iter().map(|f| f.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "`REFERENCE.md` does not exist; the file is `reference.md` (4 mentions)",
            "`FORMS.md` does not exist; the file is `forms.md` (4 mentions)",
        ],
        "{found:?}"
    );
    let fixable: Vec<&str> = run.json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["fix"]["applicability"].as_str())
        .collect();
    assert_eq!(fixable, ["safe", "safe"]);
    let run = t.run_with(&["--fix"]);
    assert_eq!(run.code, 0, "{:?}", run.findings());
    let fixed = body
        .replace("REFERENCE.md", "reference.md")
        .replace("FORMS.md", "forms.md");
    assert_eq!(
        String::from_utf8(t.read("skills/pdf/SKILL.md")).unwrap(),
        format!("---\nname: pdf\ndescription: When to use pdf.\n---\n{fixed}")
    );
    assert_eq!(
        t.read("skills/pdf/notes.md"),
        b"Back to reference.md and forms.md.\n"
    );
}

#[test]
fn a_capitalised_name_in_prose_is_a_warning() {
    // "Path-patterns.md only covered…" starts a sentence; a table cell
    // capitalises an event. A reader is sent to neither.
    let t = Tree::new();
    t.skill(
        "pdf",
        "See [the log](references/log.md).\n",
    )
    .file(
        "skills/pdf/references/log.md",
        "Path-patterns.md only covered the old layout.\n\n| Event |\n|---|\n| Test-prompts.json updated |\n\nRead CONTRIBUTING.md before a change.\n",
    )
    .file("skills/pdf/references/path-patterns.md", "# Patterns\n")
    .file("skills/pdf/references/contributing.md", "# How this skill is kept\n")
    .file("skills/pdf/test-prompts.json", "{}\n");
    let run = t.run();
    let severities = crate::support::message_severities(&run.json, "skill/broken-reference");
    // A project's conventional file in capitals names the convention.
    assert_eq!(severities.len(), 3, "{severities:?}");
    assert!(
        severities.iter().all(|(_, s)| s == "warning"),
        "{severities:?}"
    );
    assert_eq!(run.code, 0);
}

#[test]
fn a_name_in_another_case_in_prose_is_a_warning_and_in_a_link_an_error() {
    // A table's label for a hosted page the skill saves under that name;
    // a link and a load instruction send the reader to the file.
    let t = Tree::new();
    t.skill(
        "bags",
        "| File | URL |\n|---|---|\n| **HEARTBEAT.md** | `https://bags.example/heartbeat.md` |\n\nSee [the rules](RULES.md).\n\nRead `GUIDE.md` before you start.\n",
    )
    .file("skills/bags/heartbeat.md", "# Heartbeat\n")
    .file("skills/bags/rules.md", "# Rules\n")
    .file("skills/bags/guide.md", "# Guide\n");
    let run = t.run();
    let severities = crate::support::message_severities(&run.json, "skill/broken-reference");
    assert_eq!(
        severities,
        [
            (
                "`HEARTBEAT.md` does not exist; the file is `heartbeat.md`".to_string(),
                "warning".to_string()
            ),
            (
                "`RULES.md` does not exist; the file is `rules.md`".to_string(),
                "error".to_string()
            ),
            (
                "`GUIDE.md` does not exist; the file is `guide.md`".to_string(),
                "error".to_string()
            ),
        ]
    );
}

#[test]
fn links_to_other_skills_by_plugin_name_are_not_paths() {
    let dir = crate::support::folder_with(&[(
        "skills/guide/SKILL.md",
        "---\nname: guide\ndescription: Guides the work. Use when starting a task.\n---\n# Guide\n\nSee [the functions skill](/acme:acme-functions) and [setup](acme:setup), and [a missing file](/etc/missing.md).\n",
    )]);
    let out = crate::support::caplint()
        .current_dir(dir.path())
        .args([
            "check",
            "--no-history",
            "--format",
            "json",
            "--as-of",
            crate::support::AS_OF,
        ])
        .output()
        .unwrap();
    let (_, json) = crate::support::json_of(&out);
    let messages: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert!(messages.iter().all(|m| !m.contains("acme")), "{messages:?}");
    assert!(
        messages.iter().any(|m| m.contains("/etc/missing.md")),
        "{messages:?}"
    );
}

#[test]
fn a_test_fixture_skill_errs_only_when_named() {
    let t = Tree::new();
    t.file(
        "tests/fixtures/no-description/SKILL.md",
        frontmatter("name: no-description\n"),
    );
    let run = t.run();
    let d = &run.json["diagnostics"][0];
    assert_eq!(d["rule"], "skill/missing-field", "{}", run.stdout);
    assert_eq!(d["severity"], "warning");
    assert!(d["help"].as_str().unwrap().contains("test-fixture folder"));
    assert_eq!(run.code, 0);
    let out = caplint()
        .current_dir(t.path())
        .args(["check", "tests/fixtures/no-description", "--no-history"])
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["diagnostics"][0]["severity"], "error");
}

#[test]
fn a_template_for_new_skills_errs_only_when_named() {
    let t = Tree::new();
    t.file(
        "src/capabilities/_template/SKILL.md",
        frontmatter("name: capability-name\ndescription: Use when the capability applies.\n"),
    );
    let run = t.run();
    let d = &run.json["diagnostics"][0];
    assert_eq!(d["rule"], "skill/name-mismatch", "{}", run.stdout);
    assert_eq!(d["severity"], "warning");
    assert!(d["help"]
        .as_str()
        .unwrap()
        .contains("template for new skills"));
    assert_eq!(run.code, 0);
    let out = caplint()
        .current_dir(t.path())
        .args(["check", "src/capabilities/_template", "--no-history"])
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_numbered_stand_in_names_the_series_not_a_file() {
    let t = Tree::new();
    t.skill(
        "phases",
        "Run each phase: read `phase_prompts/phaseN.md` for phase N.\n\
         See [the last](phase_prompts/phase7.md) and [part](phase_prompts/part_n.md).\n",
    )
    .file("skills/phases/phase_prompts/phase1.md", "one\n")
    .file("skills/phases/phase_prompts/phase2.md", "two\n");
    let run = t.run();
    let shown: Vec<String> = run
        .only("skill/broken-reference")
        .into_iter()
        .map(|f| f.message)
        .collect();
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert!(shown[0].contains("phase7.md"), "{shown:?}");
    assert!(shown[1].contains("part_n.md"), "{shown:?}");
}

#[test]
fn a_client_placeholder_in_prose_is_read_as_prose() {
    let t = Tree::new();
    t.skill(
        "audit",
        "Use the Read tool to load credentials from `{baseDir}/config/api.env`.\n\
         The report is saved to `{baseDir}/reports/summary.md`.\n\
         See `{baseDir}/references/guide.md` first.\n\
         The layout: `{baseDir}/references/layout.md`.\n\
         Load `{baseDir}/templates/brand.md` if available.\n\
         \n\
         ```bash\n\
         python3 {baseDir}/scripts/run.py --all\n\
         ```\n\
         \n\
         ```\n\
         **File**: {baseDir}/terraform/main.tf\n\
         ```\n",
    );
    let run = t.run();
    let found: Vec<_> = reference_findings(&run, &t)
        .into_iter()
        .filter(|f| f.0 == "skill/broken-reference")
        .collect();
    assert_eq!(
        found,
        vec![
            finding(
                "skill/broken-reference",
                "error",
                "{baseDir}/references/guide.md"
            ),
            finding(
                "skill/broken-reference",
                "warning",
                "{baseDir}/references/layout.md"
            ),
            finding(
                "skill/broken-reference",
                "warning",
                "{baseDir}/templates/brand.md"
            ),
            finding(
                "skill/broken-reference",
                "error",
                "{baseDir}/scripts/run.py"
            ),
        ],
        "{}",
        run.stdout
    );
}

#[test]
fn a_guides_pages_link_the_readers_files_as_warnings() {
    let t = Tree::new();
    t.file(
        "skills/skill-writer/SKILL.md",
        "---\nname: skill-writer\ndescription: Use when creating a skill.\n---\n\
         Read [the layout](references/structure.md) and [gone](references/gone.md).\n",
    )
    .file(
        "skills/skill-writer/references/structure.md",
        "A skill links its pages: [forms.md](forms.md).\n",
    );
    let run = t.run();
    let found: Vec<_> = reference_findings(&run, &t)
        .into_iter()
        .filter(|f| f.0 == "skill/broken-reference")
        .collect();
    assert_eq!(
        found,
        vec![
            finding("skill/broken-reference", "error", "references/gone.md"),
            finding("skill/broken-reference", "warning", "forms.md"),
        ],
        "{}",
        run.stdout
    );
}

#[test]
fn a_copy_outside_the_skills_folders_errs_only_when_named() {
    let t = Tree::new();
    t.skill("pdf", "# PDF\n")
        .file("preview/pdf/SKILL.md", frontmatter("name: pdf\n"))
        .file(
            "skill-flavors/web/pdf/SKILL.md",
            "---\nname: pdf\ndescription: [unclosed\n---\n",
        )
        .file("tools/other/SKILL.md", frontmatter("name: other\n"));
    let run = t.run();
    let got: Vec<(String, String, String)> = run.json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["rule"].as_str().unwrap().to_string(),
                d["path"].as_str().unwrap().to_string(),
                d["severity"].as_str().unwrap().to_string(),
            )
        })
        .filter(|(rule, _, _)| rule != "skill/duplicate-name")
        .collect();
    let want =
        |rule: &str, path: &str, sev: &str| (rule.to_string(), path.to_string(), sev.to_string());
    assert!(
        got.contains(&want(
            "skill/missing-field",
            "preview/pdf/SKILL.md",
            "warning"
        )),
        "{got:?}"
    );
    assert!(
        got.contains(&want(
            "skill/invalid-frontmatter",
            "skill-flavors/web/pdf/SKILL.md",
            "warning"
        )),
        "{got:?}"
    );
    // A skill of its own outside the skills folders is judged in full.
    assert!(
        got.contains(&want(
            "skill/missing-field",
            "tools/other/SKILL.md",
            "error"
        )),
        "{got:?}"
    );
    let preview = run
        .findings()
        .into_iter()
        .find(|f| f.path == "preview/pdf/SKILL.md")
        .unwrap();
    // Named on the command line (its folder or its SKILL.md), it is judged in full.
    for named in ["preview/pdf", "preview/pdf/SKILL.md"] {
        let out = caplint()
            .current_dir(t.path())
            .args(["check", named, "--no-history", "--format", "json"])
            .output()
            .unwrap();
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        let sev = crate::support::severities_of(&json, "skill/missing-field");
        assert_eq!(sev, vec!["error".to_string()], "{named}");
    }
    assert!(
        preview.help.contains("a copy of `skills/pdf`"),
        "{}",
        preview.help
    );
}

#[test]
fn a_glob_names_the_files_it_matches() {
    let t = Tree::new();
    t.skill(
        "tina",
        "Use `references/concepts/*.md` and `references/<lane>/*.md` as the catalog.\n\
         Read `references/concepts/*.txt` too.\n",
    )
    .file("skills/tina/references/concepts/a.md", "a\n")
    .file("skills/tina/references/setup/b.md", "b\n");
    let run = t.run();
    let found = reference_findings(&run, &t);
    // Both files are covered (no unreferenced-file), and no glob that
    // matches files, or none, is an error.
    assert_eq!(found, vec![], "{}", run.stdout);
}

#[test]
fn a_path_that_climbs_out_and_back_in_is_the_skills() {
    let t = Tree::new();
    t.skill(
        "github",
        "Run [the script](../github/scripts/pr.sh) and [gone](../github/scripts/gone.sh).\n",
    )
    .file("skills/github/scripts/pr.sh", "echo\n");
    assert_refs(
        &t,
        vec![finding(
            "skill/broken-reference",
            "error",
            "../github/scripts/gone.sh",
        )],
    );
}

#[test]
fn claude_codes_keys_in_a_skill_claude_code_installs() {
    let t = Tree::new();
    let fm = "---\nname: loop\ndescription: When looping.\nargument-hint: <task>\n---\n# Loop\n";
    t.file(
        "plugins/p/.claude-plugin/plugin.json",
        "{\"name\": \"p\"}\n",
    )
    .file("plugins/p/skills/loop/SKILL.md", fm)
    .file(".claude/skills/loop/SKILL.md", fm)
    .file("skills/loop/SKILL.md", fm);
    let run = t.run();
    let paths: Vec<String> = run
        .only("skill/unknown-field")
        .into_iter()
        .map(|f| f.path)
        .collect();
    assert_eq!(
        paths,
        vec!["skills/loop/SKILL.md".to_string()],
        "{}",
        run.stdout
    );
    // The upload refuses them wherever the skill is.
    let run = t.run_with(&["--target", "claude"]);
    assert_eq!(run.only("skill/unknown-field").len(), 3, "{}", run.stdout);
}

#[test]
fn a_client_folders_skill_names_its_projects_files_and_its_folders() {
    let t = Tree::new();
    t.file(
        ".claude/skills/front/SKILL.md",
        "---\nname: front\ndescription: When building.\n---\n\
         Defined in [vite.config.ts](../../../vite.config.ts).\n\
         See [the index](../../README.md).\n\
         Run `./install-deps.sh` in scripts directory.\n",
    )
    .file(".claude/skills/front/scripts/install-deps.sh", "echo\n");
    assert_refs(
        &t,
        vec![
            finding(
                "skill/reference-escapes",
                "warning",
                "../../../vite.config.ts",
            ),
            finding("skill/reference-escapes", "error", "../../README.md"),
        ],
    );
}

#[test]
fn a_climb_out_to_nothing_that_an_install_finds_is_a_warning() {
    let t = Tree::new();
    t.file("pack/references/contract.md", "# Contract\n")
        .file(
            "pack/skills/intake/SKILL.md",
            "---\nname: intake\ndescription: When a request arrives.\n---\n\
             Use `../references/contract.md` as the shared gate.\n\
             Read [the spec](../../../TECH-SPEC.md).\n\
             See [the guide](references/guide.md).\n",
        )
        .file(
            "pack/skills/intake/references/guide.md",
            "Then ask [review](../review/SKILL.md).\n",
        )
        .file(
            "pack/skills/review/SKILL.md",
            "---\nname: review\ndescription: When a change is ready.\n---\nReview.\n",
        );
    let run = t.run();
    let found = reference_findings(&run, &t);
    assert_eq!(
        found,
        vec![
            // An installer puts the pack's `references/` next to the skills.
            finding(
                "skill/reference-escapes",
                "warning",
                "../references/contract.md"
            ),
            // Nowhere, however the skills are laid out.
            finding("skill/reference-escapes", "error", "../../../TECH-SPEC.md"),
            // Read from the skill folder, it is the sibling skill.
            finding("skill/broken-reference", "warning", "../review/SKILL.md"),
        ],
        "{}",
        run.stdout
    );
    let messages: Vec<String> = run.findings().into_iter().map(|f| f.message).collect();
    assert!(
        messages
            .iter()
            .any(|m| m.ends_with("the repository has it at `pack/references/contract.md`")),
        "{messages:?}"
    );
    assert!(
        messages.iter().any(|m| m.ends_with(
            "from the skill folder it is `pack/skills/review/SKILL.md`, outside the skill"
        )),
        "{messages:?}"
    );
}

#[test]
fn a_link_into_a_hidden_folder_is_the_projects_a_warning() {
    let t = Tree::new();
    t.skill(
        "wiki",
        "Answer from [the lineage](.dbt-wiki/lineage.md), then cite [the module](.repo-wiki/entities/Auth.md).\n\
         Read [the schema](references/schema.md).\n",
    );
    assert_refs(
        &t,
        vec![
            finding("skill/broken-reference", "warning", ".dbt-wiki/lineage.md"),
            finding(
                "skill/broken-reference",
                "warning",
                ".repo-wiki/entities/Auth.md",
            ),
            finding("skill/broken-reference", "error", "references/schema.md"),
        ],
    );
}

#[test]
fn a_file_the_skill_copies_into_the_users_work_is_a_template() {
    let t = Tree::new();
    t.skill(
        "wiki",
        "| Target | Source |\n|---|---|\n| `.wiki/SCHEMA.md` | Copy from `assets/SCHEMA.md` |\n\
         Read [the guide](references/guide.md).\n",
    )
    .file(
        "skills/wiki/assets/SCHEMA.md",
        "Each page links its model: [stg_orders](models/stg_orders.md).\n",
    )
    .file(
        "skills/wiki/references/guide.md",
        "See [the steps](models/steps.md).\n",
    );
    // The copy's links are written for the wiki it lands in; a page the
    // agent reads is judged as any other.
    assert_refs(
        &t,
        vec![finding(
            "skill/broken-reference",
            "error",
            "models/steps.md",
        )],
    );
}

#[test]
fn a_bare_file_in_a_command_of_a_page_is_a_warning() {
    let t = Tree::new();
    t.skill(
        "debug",
        "Run `bash ./setup.sh` first, then read [the tips](references/tips.md) and use `scripts/collect.py`.\n\
         Then run `eval-tool compare ./before.json ./after.json`.\n",
    )
    .file(
        "skills/debug/references/tips.md",
        "- Have a repro: `git bisect run ./bug-script.sh` automates the halving.\n\
         - Then run `python scripts/report.py`.\n",
    )
    .file("skills/debug/scripts/collect.py", "print(1)\n");
    assert_refs(
        &t,
        vec![
            // SKILL.md's own command runs the skill's file: prose, so a
            // warning like any other reading of a sentence.
            finding("skill/broken-reference", "warning", "./setup.sh"),
            // A command's data, the user's files.
            finding("skill/broken-reference", "warning", "./before.json"),
            finding("skill/broken-reference", "warning", "./after.json"),
            // A page's tip about the user's script.
            finding("skill/broken-reference", "warning", "./bug-script.sh"),
            finding("skill/broken-reference", "warning", "scripts/report.py"),
        ],
    );
}

#[test]
fn a_line_of_a_template_with_a_fill_in_is_a_warning() {
    let t = Tree::new();
    t.skill(
        "c4",
        "## Code Elements\n\n\
         - [c4-code-file-1.md](./c4-code-file-1.md) - [Description]\n\
         - [Component Name]: [Description]\n  - Documentation: [c4-component.md](./c4-component.md)\n\
         - [ ] Read [the checklist](references/checklist.md) first.\n\
         - [Guide](references/guide.md): the steps.\n",
    );
    assert_refs(
        &t,
        vec![
            finding("skill/broken-reference", "warning", "./c4-code-file-1.md"),
            finding("skill/broken-reference", "warning", "./c4-component.md"),
            finding("skill/broken-reference", "error", "references/checklist.md"),
            finding("skill/broken-reference", "error", "references/guide.md"),
        ],
    );
}

#[test]
fn a_sites_documentation_for_models_keeps_the_sites_links() {
    let t = Tree::new();
    t.skill(
        "pixi",
        "Read [the full docs](references/llms-full.md) and [the notes](references/notes.md).\n",
    )
    // The llms.txt convention: a site's pages, linked as in its own tree.
    .file(
        "skills/pixi/references/llms-full.md",
        "# PixiJS Documentation for LLMs\n\nSee [the resolver](./resolver.md) and [color](../color.md).\n",
    )
    .file(
        "skills/pixi/references/notes.md",
        "# Notes\n\nSee [the resolver](./resolver.md).\n",
    );
    let run = t.run();
    assert_eq!(
        reference_findings(&run, &t),
        vec![
            finding("skill/broken-reference", "warning", "./resolver.md"),
            finding("skill/broken-reference", "warning", "../color.md"),
            finding("skill/broken-reference", "error", "./resolver.md"),
        ],
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("the llms.txt convention"));
}

#[test]
fn a_page_titled_with_a_fill_in_is_a_template_of_the_output() {
    let t = Tree::new();
    t.skill(
        "plans",
        "See [the plan template](references/plan.md) and [the guide](references/guide.md).\n",
    )
    // Filled in inside the user's project: its links may be written for
    // there, so a missing one is a warning (the title is a reading).
    .file(
        "skills/plans/references/plan.md",
        "# Implementation Plan: [Project Name]\n\n\
         **Feature:** [FEAT-001](requirements/features/feature-name.md) | [#123](issue-link)\n",
    )
    // A page the agent reads, whose title names no fill-in.
    .file(
        "skills/plans/references/guide.md",
        "# Planning guide\n\nSee [the phases](requirements/phases.md).\n",
    );
    let run = t.run();
    assert_eq!(
        reference_findings(&run, &t),
        vec![
            finding("skill/broken-reference", "error", "requirements/phases.md"),
            finding(
                "skill/broken-reference",
                "warning",
                "requirements/features/feature-name.md",
            ),
            finding("skill/broken-reference", "warning", "issue-link"),
        ],
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("the page's title holds a fill-in"));
}

#[test]
fn a_path_sent_to_in_a_folder_the_skill_lacks_is_a_warning() {
    let t = Tree::new();
    t.skill(
        "c4",
        "If detailed examples are required, open `resources/implementation-playbook.md`.\n\
         Mention of `other/notes.md` alone is nothing.\n",
    );
    let run = t.run();
    let found = reference_findings(&run, &t);
    assert_eq!(
        found,
        vec![finding(
            "skill/broken-reference",
            "warning",
            "resources/implementation-playbook.md"
        )],
        "{}",
        run.stdout
    );
    // Once the file is there, it is the skill's, and referenced.
    t.file(
        "skills/c4/resources/implementation-playbook.md",
        "# Playbook\n",
    );
    let run = t.run();
    assert!(run.findings().is_empty(), "{:?}", run.findings());
}

#[test]
fn links_in_a_copy_of_another_project_are_warnings() {
    let t = Tree::new();
    t.skill(
        "colima",
        "Read [the upstream README](references/colima-upstream/README.md) and [the notes](references/notes.md).\n",
    )
    .file(
        "skills/colima/references/colima-upstream/README.md",
        "# Colima\n\n![logo](colima.png)\n\nSee [contributing](docs/CONTRIBUTE.md).\n",
    )
    .file(
        "skills/colima/references/notes.md",
        "# Notes\n\nSee [setup](setup.md).\n",
    );
    let run = t.run();
    let found = reference_findings(&run, &t);
    // The upstream's own links are warnings; the skill's own page keeps
    // its error.
    assert_eq!(
        found,
        vec![
            finding("skill/broken-reference", "warning", "colima.png"),
            finding("skill/broken-reference", "warning", "docs/CONTRIBUTE.md"),
            finding("skill/broken-reference", "error", "setup.md"),
        ],
        "{}",
        run.stdout
    );
    let helps: Vec<String> = run
        .findings()
        .into_iter()
        .filter(|f| f.path.contains("colima-upstream"))
        .map(|f| f.help)
        .collect();
    assert_eq!(helps.len(), 2, "{helps:?}");
    assert!(
        helps
            .iter()
            .all(|h| h.contains("a copy of another project")),
        "{helps:?}"
    );
    // A skill kept in a snapshot of another repository at a commit: every
    // skill rule's error is a warning; the same skill in a skills folder
    // keeps it.
    let snapshot = "research/upstream-snapshots/e5b397c9f1a2b3c4d5e6f708192a3b4c5d6e7f80/plugins/ce/skills/review";
    // So is a skill in a download of another project: a code host's
    // archive of a branch, a release's folder.
    let archive = "reference/superpowers-main/skills/review";
    let release = "reference/toolkit-3.0.21/skills/review";
    for (dir, severity) in [
        (snapshot, "warning"),
        (archive, "warning"),
        (release, "warning"),
        ("skills/review", "error"),
    ] {
        let t = Tree::new();
        t.file(
            &format!("{dir}/SKILL.md"),
            "---\nname: review\ndescription: Use to review a change.\n---\nRead [the tracker](references/tracker.md).\n",
        );
        let run = t.run();
        assert_eq!(
            reference_findings(&run, &t),
            vec![finding(
                "skill/broken-reference",
                severity,
                "references/tracker.md"
            )],
            "{}",
            run.stdout
        );
        if severity == "warning" {
            assert!(
                run.findings()[0].help.contains("a copy of another project"),
                "{:?}",
                run.findings()
            );
        }
    }
}

#[test]
fn a_copy_of_another_sites_page_names_the_originals_files() {
    let t = Tree::new();
    t.skill(
        "gemini-docs",
        "Read [the themes page](canonical/docs/cli/themes.md) and [the notes](canonical/notes.md).\n",
    )
    .file(
        "skills/gemini-docs/canonical/docs/cli/themes.md",
        "---\nsource_url: https://example.com/docs/cli/themes\nsource_type: llms-txt\n---\n\n# Themes\n\n\
         <img src=\"../assets/theme-custom.png\" alt=\"custom\">\n\nRefer to `scripts/build.js` for the build.\n",
    )
    .file(
        "skills/gemini-docs/canonical/notes.md",
        "# Notes\n\nSee [the build](build.md).\n",
    );
    let run = t.run();
    // The copied page's image and the file it names are the original
    // site's; the skill's own page still links to nothing.
    assert_eq!(
        reference_findings(&run, &t),
        vec![finding("skill/broken-reference", "error", "build.md")],
        "{}",
        run.stdout
    );
    assert!(run.findings()[0].path.ends_with("canonical/notes.md"));
}

#[test]
fn a_generated_page_moved_from_its_project_links_the_projects_tree() {
    // Mermaid's documentation pages open with a notice naming the file
    // they are generated from; kept in a skill, that file is not there,
    // and the page's links are the Mermaid tree's.
    let notice = |source: &str| {
        format!(
            "> **Warning**\n>\n> ## THIS IS AN AUTOGENERATED FILE. DO NOT EDIT\n>\n\
             > ## Please edit the corresponding file in [{source}]({source})\n\n# Gantt\n\n\
             ![excluded](./img/gantt-excluded.png) and [the CLI](../config/mermaidCLI.md).\n"
        )
    };
    let t = Tree::new();
    t.skill(
        "mermaid-syntax",
        "Read [gantt](references/gantt.md) and [pie](references/pie.md).\n",
    )
    .file(
        "skills/mermaid-syntax/references/gantt.md",
        notice("../../packages/mermaid/src/docs/syntax/gantt.md"),
    )
    // The skill's own generated page, whose source is where it says: its
    // links are the skill's (as many resolve as do not), and one to
    // nothing is still an error.
    .file(
        "skills/mermaid-syntax/references/pie.md",
        notice("../src/pie.md").replace("Gantt", "Pie") + "\nEdit [the source](../src/pie.md).\n",
    )
    .file("skills/mermaid-syntax/src/pie.md", "# Pie\n");
    let run = t.run();
    let found = reference_findings(&run, &t);
    assert!(
        run.findings().iter().all(|f| !f.path.ends_with("gantt.md")),
        "{}",
        run.stdout
    );
    assert_eq!(
        found,
        vec![
            finding(
                "skill/broken-reference",
                "error",
                "./img/gantt-excluded.png"
            ),
            finding("skill/broken-reference", "error", "../config/mermaidCLI.md"),
        ],
        "{}",
        run.stdout
    );
}

#[test]
fn a_sites_page_converted_to_markdown_links_the_sites_tree() {
    // A Sphinx site's pages converted to Markdown keep the permalink mark
    // after each heading; their image links are the site's `_images/`.
    let t = Tree::new();
    t.skill(
        "diataxis",
        "All content from diataxis.fr: read [tutorials](references/tutorials.md) and [notes](references/notes.md).\n",
    )
    .file(
        "skills/diataxis/references/tutorials.md",
        "# Tutorials¶\n\n![](../_images/overview-tutorials.png)\n\nA tutorial is a lesson.\n",
    )
    .file(
        "skills/diataxis/references/notes.md",
        "# Notes\n\nThe ¶ sign marks a paragraph. ![](../_images/notes.png)\n",
    );
    let run = t.run();
    assert_eq!(
        reference_findings(&run, &t),
        vec![finding(
            "skill/broken-reference",
            "error",
            "../_images/notes.png"
        )],
        "{}",
        run.stdout
    );
}

#[test]
fn a_link_into_the_home_skills_folder_to_a_neighbour_the_collection_ships_is_a_warning() {
    // Installed by copying `skills/*` into `~/.claude/skills/`, the
    // collection's `_shared/` sits there beside the skill; a link to a
    // file the collection does not have is an error as before.
    let t = Tree::new();
    t.skill(
        "implement-story",
        "Follow [the guard](~/.claude/skills/_shared/scope-guard.md) and [the plan](~/.claude/skills/_shared/plan.md).\n",
    )
    .file("skills/_shared/scope-guard.md", "# Scope guard\n");
    let run = t.run();
    assert_eq!(
        reference_findings(&run, &t),
        vec![
            finding(
                "skill/reference-escapes",
                "warning",
                "~/.claude/skills/_shared/scope-guard.md"
            ),
            finding(
                "skill/reference-escapes",
                "error",
                "~/.claude/skills/_shared/plan.md"
            ),
        ],
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("the repository has it at `skills/_shared/scope-guard.md`"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_root_skill_whose_name_is_not_the_checkouts_is_a_warning() {
    // The folder of a `SKILL.md` at the repository's root is the
    // checkout, whatever the clone was called (here a temp folder).
    let t = Tree::new();
    t.file(
        "SKILL.md",
        "---\nname: oneskill\ndescription: When to use it.\n---\nBody.\n",
    );
    let run = t.run();
    let d: Vec<&Value> = run.json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "skill/name-mismatch")
        .collect();
    assert_eq!(d.len(), 1, "{}", run.stdout);
    assert_eq!(d[0]["severity"], "warning", "{}", run.stdout);
    assert!(
        d[0]["help"].as_str().unwrap().contains("repository's root"),
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 0, "{}", run.stdout);
    // Below the root, the folder is the skill's own: an error.
    t.file(
        "skills/refunds/SKILL.md",
        "---\nname: refund-policy\ndescription: When to use it.\n---\nBody.\n",
    );
    let run = t.run();
    assert_eq!(run.code, 1, "{}", run.stdout);
}

#[test]
fn a_path_the_text_said_was_the_users_stays_theirs() {
    let t = Tree::new();
    t.skill(
        "ucp",
        "First read `./ucp.config.json`.\n\n\
         ## Configuration\n\n`./ucp.config.json` at project root.\n\n\
         ## Steps\n\n1. Check if `./ucp.config.json` exists.\n\
         2. Read `./ucp.config.json` and plan.\n\
         3. Run `./scripts/setup.sh`.\n\
         4. Check if `./plan.json` exists; if not, ask.\n\n\
         Look up the key for the user's task in `references/keys.md`.\n\n\
         For the full list, see `references/keys.md`.\n",
    );
    // The config is the project's, even where it is named before the
    // line that says so. The script, which nothing says is the user's,
    // stays reported; so does the list, which only a line about the
    // user's task named.
    assert_refs(
        &t,
        vec![
            finding("skill/broken-reference", "warning", "./scripts/setup.sh"),
            finding("skill/broken-reference", "warning", "references/keys.md"),
        ],
    );
}

#[test]
fn a_web_page_saved_into_the_skill_keeps_the_sites_links() {
    let t = Tree::new();
    t.skill(
        "sdk",
        "Read [the API page](references/api.md) and [the guide](references/guide.md).\n",
    )
    .file(
        "skills/sdk/references/api.md",
        "<!DOCTYPE HTML>\n<html lang=\"en\">\n<head>\n\
         <link rel=\"stylesheet\" href=\"../../../../resource-files/style.css\">\n\
         </head>\n<body>\n<a href=\"package-summary.html\">Package</a>\n</body>\n</html>\n",
    )
    .file(
        "skills/sdk/references/guide.md",
        "# Guide\n\nSee [setup](setup.md).\n",
    );
    assert_refs(
        &t,
        vec![finding("skill/broken-reference", "error", "setup.md")],
    );
}

#[test]
fn a_sample_document_keeps_its_own_paths() {
    let t = Tree::new();
    t.skill(
        "workflows",
        "Read [the anti-patterns](references/anti-patterns.md) and \
         [a finished README](references/readme-example-full.md).\n\n\
         Run `uv run {baseDir}/scripts/check.py`.\n",
    )
    .file(
        "skills/workflows/references/anti-patterns.md",
        "# Hardcoded paths\n\n**After:**\n```markdown\nRun the script:\n\
         \\`\\`\\`bash\nuv run {baseDir}/scripts/analyze.py\n\\`\\`\\`\n```\n\n\
         Then run `uv run {baseDir}/scripts/lint.py`.\n",
    )
    .file(
        "skills/workflows/references/readme-example-full.md",
        "# Project\n\n![logo](assets/logo.png)\n\nSee [contributing](CONTRIBUTING.md).\n",
    );
    // The Markdown sample's command may be the sample's (a warning), the
    // example README's links are its own; the skill's own commands are
    // still errors.
    assert_refs(
        &t,
        vec![
            finding(
                "skill/broken-reference",
                "error",
                "{baseDir}/scripts/check.py",
            ),
            finding(
                "skill/broken-reference",
                "warning",
                "{baseDir}/scripts/analyze.py",
            ),
            finding(
                "skill/broken-reference",
                "error",
                "{baseDir}/scripts/lint.py",
            ),
        ],
    );
}

#[test]
fn a_path_into_the_folder_of_the_other_number_is_the_skills_own_file() {
    let t = Tree::new();
    t.skill(
        "meetings",
        "Read `reference/persona-framework.md`, then profile each speaker.\n\n\
         Open `resources/playbook.md` for the agenda.\n",
    )
    .file(
        "skills/meetings/references/persona-framework.md",
        "# Personas\n",
    );
    let run = t.run();
    let found = reference_findings(&run, &t);
    // The skill has `references/persona-framework.md`: certain. No
    // `resources/` anywhere: as likely the user's, a warning.
    assert_eq!(
        found,
        vec![
            finding(
                "skill/broken-reference",
                "error",
                "reference/persona-framework.md"
            ),
            finding("skill/broken-reference", "warning", "resources/playbook.md"),
            // Nothing names it by its real path.
            finding(
                "skill/unreferenced-file",
                "warning",
                "skills/meetings/references/persona-framework.md"
            ),
        ],
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("did you mean `references/persona-framework.md`"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_path_to_the_project_root_an_installed_skill_sits_in_is_a_warning() {
    // Installed as `<project>/.agents/skills/archive/`, three folders up
    // is the project's root.
    let t = Tree::new();
    t.skill(
        "archive",
        "Read [the config](../../../openspec/config.yaml) and [the notes](../../../../notes.md).\n",
    );
    assert_refs(
        &t,
        vec![
            finding(
                "skill/reference-escapes",
                "warning",
                "../../../openspec/config.yaml",
            ),
            finding("skill/reference-escapes", "error", "../../../../notes.md"),
        ],
    );
}

#[test]
fn a_name_in_another_case_the_text_says_the_skill_writes_is_the_projects() {
    let t = Tree::new();
    t.skill("design", "Read [the context](reference/context.md).\n")
        .file(
            "skills/design/reference/context.md",
            "Check the `## Register` field in PRODUCT.md.\n\nRead DESIGN.md first.\n\n\
             Then write `PRODUCT.md` at the project root.\n",
        )
        .file("skills/design/reference/product.md", "# Product\n")
        .file("skills/design/reference/design.md", "# Design\n");
    // `PRODUCT.md` is a file the skill writes at the project root, so its
    // other mention is the project's too; `DESIGN.md` is only a wrong name.
    assert_refs(
        &t,
        vec![
            finding("skill/broken-reference", "warning", "PRODUCT.md"),
            finding("skill/broken-reference", "error", "DESIGN.md"),
        ],
    );
}

#[test]
fn a_script_the_page_prints_whole_is_the_readers_to_save() {
    let t = Tree::new();
    t.skill(
        "incidents",
        "Read [the runbook](references/runbook.md).\n",
    )
    .file(
        "skills/incidents/references/runbook.md",
        "```bash\n#!/bin/bash\n# collect-evidence.sh - Preserve evidence\nkubectl logs x\n```\n\n\
         Then run `./collect-evidence.sh INCIDENT-123` and `./rotate-keys.sh`.\n",
    );
    let run = t.run();
    let found = reference_findings(&run, &t);
    assert!(
        !found.iter().any(|f| f.2.contains("collect-evidence")),
        "{found:?}"
    );
    assert!(
        found.contains(&finding(
            "skill/broken-reference",
            "warning",
            "./rotate-keys.sh"
        )),
        "{found:?}"
    );
}

#[test]
fn a_marketplace_folder_is_no_plugin_and_a_project_copy_has_no_plugin_root() {
    // The repository root holds a marketplace only; its plugin is under
    // `plugins/git-kit`, and `.claude/skills/commit` is the project's copy
    // of the plugin's skill, run in the repository's own sessions.
    let t = Tree::new();
    t.file(
        ".claude-plugin/marketplace.json",
        r#"{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "git-kit", "source": "./plugins/git-kit"}]}"#,
    )
    .file(
        "plugins/git-kit/.claude-plugin/plugin.json",
        r#"{"name": "git-kit", "version": "1.0.0"}"#,
    )
    .file("plugins/git-kit/scripts/marker.sh", "#!/bin/sh\n")
    .file(
        "plugins/git-kit/skills/commit/SKILL.md",
        "---\nname: commit\ndescription: Use to commit.\n---\nRun `${CLAUDE_PLUGIN_ROOT}/scripts/marker.sh`.\n\nRun `${CLAUDE_PLUGIN_ROOT}/scripts/gone.sh`.\n",
    )
    .file(
        ".claude/skills/commit/SKILL.md",
        "---\nname: commit\ndescription: Use to commit.\n---\nRun `${CLAUDE_PLUGIN_ROOT}/scripts/marker.sh`.\n",
    );
    let run = t.run();
    let found = reference_findings(&run, &t);
    // The plugin's own missing script is an error; the copy's path is a
    // warning that says the placeholder is unset there, not a file missing
    // from the repository's root.
    assert!(
        found.contains(&finding(
            "skill/broken-reference",
            "error",
            "${CLAUDE_PLUGIN_ROOT}/scripts/gone.sh"
        )),
        "{found:?}"
    );
    assert!(
        found.contains(&finding(
            "skill/broken-reference",
            "warning",
            "${CLAUDE_PLUGIN_ROOT}/scripts/marker.sh"
        )),
        "{found:?}"
    );
    assert!(
        run.stdout
            .contains("`.claude/skills` is a project's folder"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("the repository root)"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_missing_field_is_certain_only_where_a_client_needs_it() {
    let t = Tree::new();
    // Only Claude Code reads `.claude/skills`: it names a skill after its
    // folder. Another tool's file named `SKILL.md` (keys no client reads)
    // is a warning too; a misspelt `description` stays an error.
    t.file(
        ".claude/skills/critique/SKILL.md",
        "---\ndescription: Use to critique a draft.\n---\n# Critique\n",
    )
    .file(
        "app/src/looks/noir/SKILL.md",
        "---\nname: noir\nlabel: Noir\nhint: Low-key light\nswatch: \"#111\"\n---\nA look.\n",
    )
    .file(
        "skills/typo/SKILL.md",
        "---\nname: typo\ndescripton: Use for typos.\n---\n# Typo\n",
    )
    .file("skills/bare/SKILL.md", "---\nname: bare\n---\n# Bare\n")
    // Another tool's word for the description: written for that tool.
    .file(
        "skills/arxiv/SKILL.md",
        "---\nname: arxiv\nversion: \"1.0.0\"\nsummary: Search arXiv.\ntags: [research]\n---\n# arXiv\n",
    )
    // Neither field, other keys only: a skill whose frontmatter was lost.
    .file(
        "skills/priced/SKILL.md",
        "---\npricing_tier: L2\npricing_model: per_use\nsummary: x\n---\n# Priced\n",
    );
    let run = t.run();
    let missing = rule_findings(&run, "skill/missing-field");
    let s = |p: &str, sev: &str| (p.to_string(), sev.to_string());
    assert_eq!(
        missing,
        [
            s(".claude/skills/critique/SKILL.md", "warning"),
            s("app/src/looks/noir/SKILL.md", "warning"),
            s("skills/arxiv/SKILL.md", "warning"),
            s("skills/bare/SKILL.md", "error"),
            s("skills/priced/SKILL.md", "error"),
            s("skills/priced/SKILL.md", "error"),
            s("skills/typo/SKILL.md", "error"),
        ],
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("another tool's file"), "{}", run.stdout);
    assert!(
        run.stdout.contains("rename `summary` to `description`"),
        "{}",
        run.stdout
    );
    // With the upload as a target, Claude Code's leniency does not count.
    let run = t.run_with(&["--target", "claude-api"]);
    let critique = run.json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| {
            d["rule"] == "skill/missing-field" && d["path"] == ".claude/skills/critique/SKILL.md"
        })
        .unwrap()
        .clone();
    assert_eq!(critique["severity"], "error", "{}", run.stdout);
}

#[test]
fn a_skill_in_an_evaluations_outputs_is_a_fixture() {
    let t = Tree::new();
    t.file(
        "evals/naming/workspace/run-1/outputs/scratch-skill/SKILL.md",
        "---\nname: Scratch_Skill\ndescription: Made by an eval run.\n---\n# Scratch\n",
    )
    // A skill named `evals` is a skill like any other.
    .file(
        "skills/evals/SKILL.md",
        "---\nname: Evals\ndescription: Use to write evals.\n---\n# Evals\n",
    );
    let run = t.run();
    let names = rule_findings(&run, "skill/invalid-name");
    assert_eq!(
        names,
        [
            (
                "evals/naming/workspace/run-1/outputs/scratch-skill/SKILL.md".to_string(),
                "warning".to_string()
            ),
            ("skills/evals/SKILL.md".to_string(), "error".to_string()),
        ],
        "{}",
        run.stdout
    );
}

#[test]
fn a_scraped_repositorys_pages_a_stand_in_path_and_a_wrong_form_keep_their_links_as_warnings() {
    // `references/github/` holds the pages a scraper took from the
    // project's repository; `path/to/file.md` stands for any path; a link
    // quoted as the wrong form is an example of the user's files.
    let t = Tree::new();
    t.skill(
        "supabase",
        "Read [the README](references/github/README.md).\n\nLink format: see [the file](path/to/file.md).\n\n- Good: \"See `WorkingMemory`\"\n- Bad: \"See [WorkingMemory](./src/lib/core/WorkingMemory.ts)\"\n\nAnd [the missing guide](guide.md).\n",
    )
    .file(
        "skills/supabase/references/github/README.md",
        "# supabase-js\n\nSee [contributing](./CONTRIBUTING.md) and [the core](./packages/core/README.md).\n",
    );
    let run = t.run();
    let got = crate::support::message_severities(&run.json, "skill/broken-reference");
    let severity = |needle: &str| {
        got.iter()
            .find(|(m, _)| m.contains(needle))
            .map(|(_, s)| s.as_str())
    };
    assert_eq!(severity("CONTRIBUTING.md"), Some("warning"), "{got:?}");
    assert_eq!(
        severity("packages/core/README.md"),
        Some("warning"),
        "{got:?}"
    );
    assert_eq!(severity("WorkingMemory.ts"), Some("warning"), "{got:?}");
    assert_eq!(severity("path/to/file.md"), None, "{got:?}");
    // The skill's own link to a missing page is still an error.
    assert_eq!(severity("guide.md"), Some("error"), "{got:?}");
    assert_eq!(run.code, 1);
}

#[test]
fn a_packages_skill_slot_and_a_templated_name_are_not_held_to_the_folders_name() {
    // `modes/<mode>/skill/` is copied by the package's installer under the
    // skill's name; a seed's `name: pneuma-{{modeName}}` is filled in.
    let t = Tree::new();
    t.file(
        "modes/slide/skill/SKILL.md",
        "---\nname: pneuma-slide\ndescription: Use when making slides.\n---\n# Slides\n",
    )
    .file(
        "modes/mode-maker/seed/skill/SKILL.md",
        "---\nname: pneuma-{{modeName}}\ndescription: Use when making a mode.\n---\n# Mode\n",
    )
    .file(
        "skills/deck/SKILL.md",
        "---\nname: slides\ndescription: Use when making decks.\n---\n# Decks\n",
    );
    let run = t.run();
    let errors: Vec<(String, String)> = run.json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| {
            (
                d["rule"].as_str().unwrap().to_string(),
                d["path"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // Only the skills root's skill is bound to its folder's name.
    assert_eq!(
        errors,
        [(
            "skill/name-mismatch".to_string(),
            "skills/deck/SKILL.md".to_string()
        )],
        "{}",
        run.stdout
    );
    let slot = crate::support::path_severities(&run.json, "skill/name-mismatch");
    assert!(
        slot.contains(&(
            "modes/slide/skill/SKILL.md".to_string(),
            "warning".to_string()
        )),
        "{slot:?}"
    );
}

#[test]
fn a_skills_folder_that_holds_its_one_skill_is_a_slot_not_the_skills_name() {
    // `skills/SKILL.md`: the repository's one skill sits in its skills
    // folder itself, which an installer copies under the skill's name.
    let t = Tree::new();
    t.file(
        "skills/SKILL.md",
        "---\nname: payments\ndescription: Use when taking payments.\n---\nSee [the steps](steering/start.md).\n",
    )
    .file("skills/steering/start.md", "# Start\n")
    .file(
        "tools/skillset/SKILL.md",
        "---\nname: payments-tools\ndescription: Use for payment tools.\n---\n# Tools\n",
    );
    let run = t.run();
    let found = crate::support::path_severities(&run.json, "skill/name-mismatch");
    assert!(
        found.contains(&("skills/SKILL.md".to_string(), "warning".to_string())),
        "{found:?}"
    );
    // A folder of another name keeps the error.
    assert!(
        found.contains(&("tools/skillset/SKILL.md".to_string(), "error".to_string())),
        "{found:?}"
    );
    assert!(
        run.stdout
            .contains("the folder is named `skills`, a package's slot"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_snapshot_of_a_skill_kept_to_compare_with_is_warned_about_not_failed() {
    // An A/B benchmark keeps `skill-snapshot/`, a copy of `state-scanner`,
    // whose links are written for the skill's own folder.
    let t = Tree::new();
    t.file(
        "benchmarks/ab-results/2026-04-15/skill-snapshot/SKILL.md",
        "---\nname: state-scanner\ndescription: Use when scanning state.\n---\nSee [the loader](../config-loader/SKILL.md) and [scores](./references/scoring.md).\n",
    )
    .file(
        "skills/db-snapshot/SKILL.md",
        "---\nname: db-snapshot\ndescription: Use when taking database snapshots.\n---\nSee [the steps](references/steps.md).\n",
    );
    let run = t.run();
    let errors: Vec<String> = run.json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| {
            format!(
                "{} {}",
                d["rule"].as_str().unwrap(),
                d["path"].as_str().unwrap()
            )
        })
        .collect();
    // A skill about snapshots keeps its error.
    assert_eq!(
        errors,
        ["skill/broken-reference skills/db-snapshot/SKILL.md"],
        "{}",
        run.stdout
    );
    for rule in [
        "skill/reference-escapes",
        "skill/broken-reference",
        "skill/name-mismatch",
    ] {
        let found = crate::support::path_severities(&run.json, rule);
        assert!(
            found.contains(&(
                "benchmarks/ab-results/2026-04-15/skill-snapshot/SKILL.md".to_string(),
                "warning".to_string()
            )),
            "{rule}: {found:?}"
        );
    }
    assert!(
        run.stdout
            .contains("is a snapshot of the skill `state-scanner`"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_skill_below_a_folder_set_aside_by_its_underscore_keeps_its_errors_as_warnings() {
    // `_legacy/` keeps old skills beside the installed ones; a `_shared/`
    // folder inside a skill is the skill's own.
    let t = Tree::new();
    t.file(
        "_legacy/mobile/ios/SKILL.md",
        "---\nname: ios\ndescription: Use for iOS.\n---\nSee [the guide](guides/setup.md).\n",
    )
    .skill("pdf", "See [the notes](_shared/notes.md).\n")
    .file(
        "skills/pdf/_shared/notes.md",
        "See [the missing page](gone.md).\n",
    );
    let run = t.run();
    let got = crate::support::path_severities(&run.json, "skill/broken-reference");
    assert_eq!(
        got,
        [
            (
                "_legacy/mobile/ios/SKILL.md".to_string(),
                "warning".to_string()
            ),
            (
                "skills/pdf/_shared/notes.md".to_string(),
                "error".to_string()
            ),
        ],
        "{}",
        run.stdout
    );
    let help = crate::support::help_of(&run.json, "skill/broken-reference", 0);
    assert!(help.contains("`_legacy/`"), "{help}");
    // Named on the command line, the folder is linted in full.
    let run = t.run_with(&["_legacy"]);
    let legacy = crate::support::path_severities(&run.json, "skill/broken-reference");
    assert!(
        legacy.contains(&(
            "_legacy/mobile/ios/SKILL.md".to_string(),
            "error".to_string()
        )),
        "{}",
        run.stdout
    );
}

#[test]
fn a_project_kept_whole_inside_a_skill_keeps_its_own_links() {
    // `reference/repos/ops/` is a copy of another project (its root has a
    // LICENSE): its pages link into that project's tree. The skill's own
    // license makes none of its pages a copy.
    let t = Tree::new();
    t.skill(
        "kernels",
        "Search [the operators](reference/repos/ops/README.md) and read [the notes](docs/notes.md).\n",
    )
    .file("skills/kernels/LICENSE.txt", "MIT\n")
    .file("skills/kernels/reference/repos/ops/LICENSE", "Apache-2.0\n")
    .file(
        "skills/kernels/reference/repos/ops/README.md",
        "See [the formats](docs/common/formats.md).\n",
    )
    .file("skills/kernels/docs/notes.md", "See [the gone page](gone.md).\n");
    let run = t.run();
    assert_eq!(
        crate::support::path_severities(&run.json, "skill/broken-reference"),
        [
            (
                "skills/kernels/docs/notes.md".to_string(),
                "error".to_string()
            ),
            (
                "skills/kernels/reference/repos/ops/README.md".to_string(),
                "warning".to_string()
            ),
        ],
        "{}",
        run.stdout
    );
}

#[test]
fn a_root_skill_md_without_frontmatter_over_skills_is_their_index_not_a_skill() {
    // A research log named `SKILL.md` at the root, over a client folder's
    // skills: not a skill, and the skills below are judged on their own.
    // A phase file without frontmatter inside a real skill stays its page.
    let t = Tree::new();
    t.file("SKILL.md", "# Research log\n\n- read three papers\n")
        .file(
            ".cursor/skills/plot/SKILL.md",
            "---\nname: plot\ndescription: Use to plot results.\n---\nPlot.\n",
        )
        .file(
            ".cursor/skills/tables/SKILL.md",
            "# Tables\n\nNo frontmatter.\n",
        )
        .skill("deploy", "Run [the first phase](phases/one/SKILL.md).\n")
        .file("skills/deploy/phases/one/SKILL.md", "# Phase one\n");
    let run = t.run();
    let got = crate::support::path_severities(&run.json, "skill/invalid-frontmatter");
    assert_eq!(
        got,
        [
            (
                ".cursor/skills/tables/SKILL.md".to_string(),
                "error".to_string()
            ),
            ("SKILL.md".to_string(), "warning".to_string()),
        ],
        "{}",
        run.stdout
    );
    let help = crate::support::help_of(&run.json, "skill/invalid-frontmatter", 1);
    assert!(help.contains("read as their index"), "{help}");
    // With no skill below that has frontmatter, the root is a skill with a
    // broken frontmatter, and the files below it are its pages.
    let t = Tree::new();
    t.file("SKILL.md", "# Notes\n")
        .file("parts/a/SKILL.md", "# Part A\n");
    let run = t.run();
    let got = crate::support::path_severities(&run.json, "skill/invalid-frontmatter");
    assert_eq!(
        got,
        [("SKILL.md".to_string(), "error".to_string())],
        "{}",
        run.stdout
    );
}

#[test]
fn a_generators_payload_skills_and_partials_link_where_they_are_rendered() {
    // A skill that sets up other skills ships them in `resources/` and
    // splices partials into them: their links are written for where they
    // land. A nested skill elsewhere (a router's leaf) keeps its errors.
    let t = Tree::new();
    t.skill(
        "derive",
        "See [the foundation skills](resources/foundation-skills/plan/SKILL.md).\n\nRead [the partials](resources/partials/pr.md).\n",
    )
    .file(
        "skills/derive/resources/foundation-skills/plan/SKILL.md",
        "---\nname: plan\ndescription: Use to plan.\n---\nThen [add a test](../add-e2e-test/SKILL.md).\n",
    )
    .file(
        "skills/derive/resources/partials/pr.md",
        "<!-- block-begin: PR -->\nPRs go through {{PRS_FILE}} and [the script](../open-pr/scripts/open-pr.sh).\n",
    )
    .skill("router", "Use [the leaf](leaf/SKILL.md).\n")
    .file(
        "skills/router/leaf/SKILL.md",
        "---\nname: leaf\ndescription: Use for the leaf.\n---\nThen [the other](../gone/SKILL.md).\n",
    );
    let run = t.run();
    let mut got = crate::support::path_severities(&run.json, "skill/reference-escapes");
    got.extend(crate::support::path_severities(
        &run.json,
        "skill/broken-reference",
    ));
    got.sort();
    assert_eq!(
        got,
        [
            (
                "skills/derive/resources/foundation-skills/plan/SKILL.md".to_string(),
                "warning".to_string()
            ),
            (
                "skills/derive/resources/partials/pr.md".to_string(),
                "warning".to_string()
            ),
            (
                "skills/router/leaf/SKILL.md".to_string(),
                "error".to_string()
            ),
        ],
        "{}",
        run.stdout
    );
}

#[test]
fn pages_in_assets_and_hidden_pages_link_where_they_are_used() {
    // A landing page in `assets/` is a template of the user's docs, and a
    // hidden page beside the references is no page a client loads: their
    // missing links are warnings. The same link from a reference the
    // skill sends the agent to (a folder it names) stays an error.
    let t = Tree::new();
    t.skill(
        "docs",
        "Use [the landing page](assets/docs-index.md). Platform notes are in `references/platforms/`.\n",
    )
    .file(
        "skills/docs/assets/docs-index.md",
        "# Welcome\n\n- [Installation](getting-started/installation.md)\n",
    )
    .file(
        "skills/docs/references/platforms/.ios.md",
        "Refer to [Accessibility](accessibility.md).\n",
    )
    .file(
        "skills/docs/references/platforms/watchos.md",
        "See [Notifications](notifications.md).\n",
    );
    let run = t.run();
    let mut got = crate::support::path_severities(&run.json, "skill/broken-reference");
    got.sort();
    let want: Vec<(String, String)> = [
        ("skills/docs/assets/docs-index.md", "warning"),
        ("skills/docs/references/platforms/.ios.md", "warning"),
        ("skills/docs/references/platforms/watchos.md", "error"),
    ]
    .iter()
    .map(|(p, s)| (p.to_string(), s.to_string()))
    .collect();
    assert_eq!(got, want, "{}", run.stdout);
}

#[test]
fn a_skill_md_without_frontmatter_outside_every_skills_folder_marks_no_skill_for_certain() {
    // `docs/SKILL.md` is a stray page among a project's notes: the notes'
    // links into submodules and the missing frontmatter are warnings. A
    // bare `SKILL.md` in a skills folder, or beside skills with
    // frontmatter, is still a broken skill.
    let bare =
        "# Clock evolver\n\nUse this skill to improve the clock. See [the method](method.md).\n";
    let t = Tree::new();
    t.file(
        "docs/SKILL.md",
        format!("{bare}The packages are in [the matrix](reports/matrix.md).\n"),
    )
    .file("docs/method.md", "# Method\n")
    .file(
        "docs/reports/matrix.md",
        "| package | readme |\n| --- | --- |\n| codex | [README](../../orgs/codex/README.md) |\n",
    )
    .file("skills/codefix/SKILL.md", bare)
    .file("skills/codefix/method.md", "# Method\n")
    .file("tools/a/SKILL.md", bare)
    .file("tools/a/method.md", "# Method\n")
    .file(
        "tools/b/SKILL.md",
        "---\nname: b\ndescription: Use when b is needed.\n---\n# B\n",
    );
    let run = t.run();
    let frontmatter = crate::support::path_severities(&run.json, "skill/invalid-frontmatter");
    assert_eq!(
        frontmatter,
        [
            ("docs/SKILL.md".to_string(), "warning".to_string()),
            ("skills/codefix/SKILL.md".to_string(), "error".to_string()),
            ("tools/a/SKILL.md".to_string(), "error".to_string()),
        ],
        "{}",
        run.stdout
    );
    let escapes = crate::support::path_severities(&run.json, "skill/reference-escapes");
    assert_eq!(
        escapes,
        [("docs/reports/matrix.md".to_string(), "warning".to_string())],
        "{}",
        run.stdout
    );
    let help = crate::support::help_of(&run.json, "skill/invalid-frontmatter", 0);
    assert!(
        help.contains("`docs/SKILL.md` has no frontmatter"),
        "{help}"
    );
    // Named on the command line, the folder is the user's question: errors.
    let run = t.run_with(&["docs"]);
    assert_eq!(
        crate::support::path_severities(&run.json, "skill/invalid-frontmatter")[0],
        ("docs/SKILL.md".to_string(), "error".to_string()),
        "{}",
        run.stdout
    );
}

#[test]
fn a_scraped_projects_readme_links_into_the_projects_tree() {
    // A scraper's copy of a repository (`references/README.md` beside the
    // scrape's `file_structure.md`) links the project's files; the same
    // README without the scrape's listing is the skill's own page.
    // Its links to the skill's own pages resolve, as a page written for
    // the skill links (one that links mostly missing files links another
    // tree, scraped or not: see
    // `a_page_that_links_mostly_missing_files_links_another_tree`).
    let readme =
        "# Turbo SDK\n\nSee [package.json](./package.json) and [contributing](./CONTRIBUTING.md), \
                  then [usage](./usage.md) and [the API](./api.md).\n";
    let t = Tree::new();
    t.skill(
        "turbo",
        "Read [the README](references/README.md) and [the files](references/file_structure.md).\n",
    )
    .file("skills/turbo/references/README.md", readme)
    .file("skills/turbo/references/usage.md", "# Usage\n")
    .file("skills/turbo/references/api.md", "# API\n")
    .file(
        "skills/turbo/references/file_structure.md",
        "# Files\n\n- src/index.ts\n",
    )
    .skill("farm", "Read [the README](references/README.md).\n")
    .file("skills/farm/references/README.md", readme)
    .file("skills/farm/references/usage.md", "# Usage\n")
    .file("skills/farm/references/api.md", "# API\n");
    let run = t.run();
    let mut got = crate::support::path_severities(&run.json, "skill/broken-reference");
    got.sort();
    let want: Vec<(String, String)> = [
        ("skills/farm/references/README.md", "error"),
        ("skills/farm/references/README.md", "error"),
        ("skills/turbo/references/README.md", "warning"),
        ("skills/turbo/references/README.md", "warning"),
    ]
    .iter()
    .map(|(p, s)| (p.to_string(), s.to_string()))
    .collect();
    assert_eq!(got, want, "{}", run.stdout);
    let help = crate::support::help_of(&run.json, "skill/broken-reference", 2);
    assert!(help.contains("a copy of another project"), "{help}");
}

#[test]
fn a_link_in_a_markdown_sample_that_commonmark_closes_early_is_a_warning() {
    // The sample's own bare block (`dist/`) makes CommonMark close the
    // sample early; its closing links are the sample document's. A link
    // of the skill's own, before the sample, stays an error.
    let body = "Read [the guide](guide.md), then write BUILDING.md:\n\n```markdown\n# Build\n\n```bash\nnpm run build\n```\n\nArtifacts:\n\n```\ndist/\n```\n\n```bash\nnpm test\n```\n\nSee [DEPLOYMENT.md](DEPLOYMENT.md).\n```\n";
    let t = Tree::new();
    t.skill("scribe", body);
    let run = t.run();
    let got =
        crate::support::field_pairs(&run.json, "skill/broken-reference", "message", "severity");
    assert_eq!(
        got,
        [
            (
                "`guide.md` does not exist in the skill folder".to_string(),
                "error".to_string()
            ),
            (
                "`DEPLOYMENT.md` does not exist in the skill folder".to_string(),
                "warning".to_string()
            ),
        ],
        "{}",
        run.stdout
    );
}

#[test]
fn a_page_that_links_mostly_missing_files_links_another_tree() {
    // A page of a project's documentation kept in a skill, with nothing on
    // it saying so, links that documentation's tree: its links are
    // warnings, with a note. A page of the skill's own with one slip among
    // links that resolve, and `SKILL.md` however many it misses, keep
    // their errors.
    let t = Tree::new();
    t.skill(
        "db",
        "Read [tables](docs/tables.md), [usage](docs/usage.md), [a](gone/a.md) and [b](gone/b.md).\n",
    )
    .file(
        "skills/db/docs/tables.md",
        "# Tables\n\n![layout](../../images/table.png)\n\nSee [SQL](../sql/sql_intro.html) \
         and [select](../funcs/s/select.html).\n",
    )
    .file(
        "skills/db/docs/usage.md",
        "# Usage\n\nSee [tables](tables.md), [the guide](guide.md) and [gone](missing.md).\n",
    )
    .file("skills/db/docs/guide.md", "# Guide\n")
    // A page of the skill's own whose links name its files by an old
    // folder (`diagrams/` before they moved to `references/diagrams/`):
    // the files are the skill's, so the links stay errors.
    .file(
        "skills/db/docs/style.md",
        "# Style\n\n[Flow](diagrams/flow.md), [seq](diagrams/seq.md), [class](diagrams/class.md).\n",
    );
    for name in ["flow", "seq", "class"] {
        t.file(
            &format!("skills/db/references/diagrams/{name}.md"),
            format!("# {name}\n"),
        );
    }
    t.file(
        "skills/db/SKILL.md",
        "---\nname: db\ndescription: When to use db.\n---\n\
         Read [tables](docs/tables.md), [usage](docs/usage.md), [style](docs/style.md), [a](gone/a.md) and [b](gone/b.md), \
         and the [diagrams](references/diagrams/flow.md).\n",
    );
    let run = t.run();
    let mut got = crate::support::message_severities(&run.json, "skill/broken-reference");
    got.sort();
    let want: Vec<(String, String)> = [
        ("`../funcs/s/select.html` does not exist next to `skills/db/docs/tables.md` or in the skill folder", "warning"),
        ("`../sql/sql_intro.html` does not exist next to `skills/db/docs/tables.md` or in the skill folder", "warning"),
        ("`diagrams/class.md` does not exist next to `skills/db/docs/style.md` or in the skill folder", "error"),
        ("`diagrams/flow.md` does not exist next to `skills/db/docs/style.md` or in the skill folder", "error"),
        ("`diagrams/seq.md` does not exist next to `skills/db/docs/style.md` or in the skill folder", "error"),
        ("`gone/a.md` does not exist in the skill folder", "error"),
        ("`gone/b.md` does not exist in the skill folder", "error"),
        ("`missing.md` does not exist next to `skills/db/docs/usage.md` or in the skill folder", "error"),
    ]
    .iter()
    .map(|(m, s)| (m.to_string(), s.to_string()))
    .collect();
    assert_eq!(got, want, "{}", run.stdout);
    // `../../images/table.png` climbs out of the skill: the same page, the
    // same judgement.
    assert_eq!(
        crate::support::severities_of(&run.json, "skill/reference-escapes"),
        vec!["warning"],
        "{}",
        run.stdout
    );
    let helps: Vec<&str> = run.json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["path"] == "skills/db/docs/tables.md")
        .map(|d| d["help"].as_str().unwrap())
        .collect();
    assert_eq!(helps.len(), 3, "{}", run.stdout);
    assert!(
        helps
            .iter()
            .all(|h| h.contains("written for the tree the page comes from")),
        "{helps:?}"
    );
}

#[test]
fn a_copied_documentation_tree_is_judged_as_a_whole() {
    // A vendor's documentation converted to Markdown: each page links a
    // page or image the copy left out, most of them once. Taken together
    // the pages link mostly files the skill does not have, so even a page
    // with one broken link is the tree's: warnings. A skill whose pages
    // link their own files, with the same number of slips, keeps them as
    // errors.
    let t = Tree::new();
    let mut index = String::from("# Docs\n\n");
    for i in 0..12 {
        index.push_str(&format!("- [page {i}](docs/p{i}.md)\n"));
    }
    t.skill("vendor", &format!("Read the pages:\n\n{index}"))
        .skill("own", &format!("Read the pages:\n\n{index}"));
    for i in 0..12 {
        t.file(
            &format!("skills/vendor/docs/p{i}.md"),
            format!("# Page {i}\n\n![chart](../images/chart{i}.png)\n"),
        )
        .file(
            &format!("skills/own/docs/p{i}.md"),
            format!(
                "# Page {i}\n\nSee [the next](p{}.md), [the index](../SKILL.md), [notes](n{i}.md).\n",
                (i + 1) % 12
            ),
        );
    }
    let run = t.run();
    let got = crate::support::path_severities(&run.json, "skill/broken-reference");
    let of = |skill: &str| {
        got.iter()
            .filter(|(p, _)| p.starts_with(&format!("skills/{skill}/")))
            .map(|(_, s)| s.as_str())
            .collect::<Vec<_>>()
    };
    assert_eq!(of("vendor"), vec!["warning"; 12], "{}", run.stdout);
    assert_eq!(of("own"), vec!["error"; 12], "{}", run.stdout);
}

#[test]
fn a_link_in_a_cited_passage_is_the_cited_documents() {
    // A skill generated from a tool's repository keeps, under `## Evidence`,
    // the lines of the tool's README it rests on; a sentence of the skill
    // quotes another document. Their links are those documents'. The
    // skill's own link, outside both, stays an error.
    let t = Tree::new();
    t.skill(
        "schema-check",
        "# Check\n\nRead [the steps](steps.md). The tool's notes say \"details are in [the log](./CHANGELOG.md) of each release\".\n\n\
         ## Evidence\n\n- [readme] The [JSON schema](app/public/schema.json) describes a project.: \"The [JSON schema](app/public/schema.json) describes a project.\"\n\n\
         ## Limits\n\nSee [the limits](limits.md) and <a href=\"gone.md\">gone</a>.\n",
    );
    let run = t.run();
    let mut got = crate::support::message_severities(&run.json, "skill/broken-reference");
    got.sort();
    let want: Vec<(String, String)> = [
        (
            "`./CHANGELOG.md` does not exist in the skill folder",
            "warning",
        ),
        // Twice: in the line's paraphrase and in its quotation.
        (
            "`app/public/schema.json` does not exist in the skill folder",
            "warning",
        ),
        (
            "`app/public/schema.json` does not exist in the skill folder",
            "warning",
        ),
        ("`gone.md` does not exist in the skill folder", "error"),
        ("`limits.md` does not exist in the skill folder", "error"),
        ("`steps.md` does not exist in the skill folder", "error"),
    ]
    .iter()
    .map(|(m, s)| (m.to_string(), s.to_string()))
    .collect();
    assert_eq!(got, want, "{}", run.stdout);
    let helps: Vec<String> = run
        .only("skill/broken-reference")
        .into_iter()
        .filter(|f| f.message.contains("CHANGELOG") || f.message.contains("schema.json"))
        .map(|f| f.help)
        .collect();
    assert!(!helps.is_empty());
    assert!(
        helps
            .iter()
            .all(|h| h.contains("quoted or cited from another document")),
        "{helps:?}"
    );
}
