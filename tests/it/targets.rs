//! Targets per client through the binary: `claude-code`, `claude-api` and
//! `claude` (both), and the rules every target runs on what a skill ships.

use crate::support::*;
use serde_json::Value;

/// (exit code, sorted rule ids, JSON) of `caplint check` on `dir` with `extra`.
fn check(dir: &std::path::Path, extra: &[&str]) -> (i32, Vec<String>, Value) {
    let out = caplint()
        .current_dir(dir)
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
        .output()
        .unwrap();
    let (code, json) = json_of(&out);
    let mut rules = rules_of(&json);
    rules.sort();
    (code, rules, json)
}

/// A skill only Claude Code accepts as it stands: a name with `claude` in
/// it that is not the folder's, an XML tag, Claude Code's own keys, a tool
/// Claude Code lacks, and a listing over Claude Code's cap.
fn claude_code_skill() -> String {
    format!(
        "---\nname: claude-refunds\ndescription: Use when a refund is asked for; answers in <b>bold</b>. {}\nwhen_to_use: {}\nargument-hint: \"[order]\"\nallowed-tools: Read List\n---\n# Refunds\n",
        "d".repeat(900),
        "w".repeat(700)
    )
}

#[test]
fn claude_code_and_claude_api_each_run_their_own_rules_and_claude_runs_both() {
    let md = claude_code_skill();
    let dir = folder_with(&[("skills/refund-policy/SKILL.md", md.as_str())]);
    let (code, rules, json) = check(dir.path(), &["--target", "claude-code"]);
    assert_eq!(
        rules,
        ["skill/description-too-long", "skill/unknown-tool"],
        "{json}"
    );
    // The listing cap is a warning; the unknown tool an error.
    assert_eq!(code, 1);
    let (_, rules, json) = check(dir.path(), &["--target", "claude-api"]);
    assert_eq!(
        rules,
        [
            "skill/invalid-name",
            "skill/unknown-field",
            "skill/unknown-field",
            "skill/xml-in-frontmatter",
        ],
        "{json}"
    );
    let messages: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "skill/unknown-field")
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert!(
        messages
            .iter()
            .all(|m| m.contains("`unexpected key in SKILL.md frontmatter`")),
        "{messages:?}"
    );
    // `claude` is both: the strictest union, with each key Claude Code reads
    // and the upload refuses named as such.
    let (_, rules, json) = check(dir.path(), &["--target", "claude"]);
    assert_eq!(
        rules,
        [
            "skill/description-too-long",
            "skill/invalid-name",
            "skill/unknown-field",
            "skill/unknown-field",
            "skill/unknown-tool",
            "skill/xml-in-frontmatter",
        ],
        "{json}"
    );
    let text = json.to_string();
    assert!(
        text.contains("frontmatter field `argument-hint` is read by target `claude-code` but not by `claude-api`"),
        "{text}"
    );
    // The same from `.caplint.yaml`.
    write(
        dir.path(),
        ".caplint.yaml",
        "targets: [claude-code, claude-api]\n",
    );
    let (_, from_config, _) = check(dir.path(), &[]);
    assert_eq!(from_config, rules);
    // With the open format selected too, `name` must be the folder's.
    let (_, rules, json) = check(
        dir.path(),
        &["--target", "claude-code", "--target", "agentskills"],
    );
    assert!(rules.contains(&"skill/name-mismatch".to_string()), "{json}");
}

#[test]
fn an_unknown_target_gets_the_client_it_was_meant_to_be() {
    let dir = folder_with(&[(".caplint.yaml", "targets: [claude_code]\n")]);
    let out = caplint()
        .current_dir(dir.path())
        .args(["check", "--no-history"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("unknown target `claude_code`"), "{err}");
    assert!(err.contains("did you mean `claude-code`?"), "{err}");
    // On the command line, clap lists every name.
    let out = caplint()
        .current_dir(dir.path())
        .args(["check", "--no-history", "--target", "claude-web"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("claude-code") && err.contains("claude-api"),
        "{err}"
    );
}

#[test]
fn init_and_the_config_schema_name_the_clients() {
    let dir = tempfile::tempdir().unwrap();
    let out = caplint()
        .current_dir(dir.path())
        .arg("init")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let init = std::fs::read_to_string(dir.path().join(".caplint.yaml")).unwrap();
    assert!(
        init.contains("claude-code (Claude Code), claude-api"),
        "{init}"
    );
    let out = caplint().args(["schema", "config"]).output().unwrap();
    let schema: Value = serde_json::from_slice(&out.stdout).unwrap();
    let names = &schema["properties"]["targets"]["items"]["enum"];
    assert_eq!(
        names,
        &serde_json::json!([
            "agentskills",
            "claude",
            "claude-api",
            "claude-code",
            "codex",
            "platform"
        ])
    );
}

#[test]
fn the_upload_refuses_a_skill_over_8_mib() {
    let dir = folder_with(&[(
        "skills/brand/SKILL.md",
        "---\nname: brand\ndescription: Use when a document needs the brand's look.\n---\nUse assets/intro.bin.\n",
    )]);
    write(
        dir.path(),
        "skills/brand/assets/intro.bin",
        vec![7u8; 9 * 1024 * 1024],
    );
    let (code, rules, json) = check(dir.path(), &["--target", "claude-api"]);
    assert_eq!(code, 1);
    assert_eq!(rules, ["skill/folder-too-large"], "{json}");
    let d = &json["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    assert_eq!(d["path"], "skills/brand/SKILL.md");
    assert!(d["span"].is_null());
    assert!(
        d["help"]
            .as_str()
            .unwrap()
            .starts_with("largest: `assets/intro.bin` (9.0 MiB)"),
        "{d}"
    );
    // Claude Code reads a folder of any size.
    let (code, rules, _) = check(dir.path(), &["--target", "claude-code"]);
    assert_eq!((code, rules), (0, Vec::<String>::new()));
}

#[test]
fn home_paths_and_build_output_are_warnings_for_every_target() {
    let dir = folder_with(&[
        (
            "skills/pdf/SKILL.md",
            "---\nname: pdf\ndescription: Use when a PDF form must be filled.\n---\nRun `python3 scripts/fill.py` with /Users/sam/forms/ as the input.\n",
        ),
        ("skills/pdf/scripts/fill.py", "FORMS = r\"C:\\Users\\sam\\forms\"\n"),
        ("skills/pdf/scripts/__pycache__/fill.cpython-312.pyc", "x"),
        ("skills/pdf/target/CACHEDIR.TAG", "Signature: 8a477f597d28d172789f06886806bc55\n"),
        ("skills/pdf/target/release/fill", "x"),
    ]);
    for target in [
        "agentskills",
        "claude-code",
        "claude-api",
        "codex",
        "platform",
    ] {
        let (code, rules, json) = check(dir.path(), &["--target", target]);
        assert_eq!(code, 0, "{target}: {json}");
        assert_eq!(
            rules,
            ["skill/build-output", "skill/home-path", "skill/home-path"],
            "{target}: {json}"
        );
    }
    let (_, _, json) = check(dir.path(), &[]);
    let by_path: Vec<(String, String)> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["path"].as_str().unwrap().to_string(),
                d["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        by_path,
        [
            (
                "skills/pdf/SKILL.md".to_string(),
                "the skill folder holds build output: `scripts/__pycache__/` (Python's bytecode cache), `target/` (Cargo's build output)".to_string()
            ),
            (
                "skills/pdf/SKILL.md".to_string(),
                "`/Users/sam` is a path in one person's home folder".to_string()
            ),
            (
                "skills/pdf/scripts/fill.py".to_string(),
                "`C:\\Users\\sam` is a path in one person's home folder".to_string()
            ),
        ]
    );
}

#[test]
fn a_name_differing_from_the_folder_where_only_claude_code_installs_is_a_warning_by_default() {
    let named = "---\nname: gws-account\ndescription: Use when the user asks about their account.\ncompatibility:\n  os: linux\n---\n# Account\n";
    let plugin = "plugins/gws/skills/account/SKILL.md";
    let project = ".claude/skills/account/SKILL.md";
    let open = "skills/account/SKILL.md";
    let dir = folder_with(&[
        (
            "plugins/gws/.claude-plugin/plugin.json",
            "{\"name\": \"gws\"}\n",
        ),
        (plugin, named),
        (project, named),
        (open, named),
    ]);
    // No target chosen: Claude Code loads the plugin's and the project's
    // skill as `gws:gws-account` and `gws-account`; the open format's
    // skills root binds the third by its folder.
    let (code, _, json) = check(dir.path(), &[]);
    assert_eq!(
        path_severities(&json, "skill/name-mismatch"),
        [
            (project.to_string(), "warning".to_string()),
            (plugin.to_string(), "warning".to_string()),
            (open.to_string(), "error".to_string()),
        ],
        "{json}"
    );
    assert_eq!(code, 1);
    let help = help_of(&json, "skill/name-mismatch", 0);
    assert!(help.contains("Claude Code installs this skill"), "{help}");
    // Claude Code reads no `compatibility`: its type is the open format's.
    let types = |json: &Value| severities_of(json, "skill/field-type");
    assert_eq!(types(&json), ["warning", "warning", "error"], "{json}");
    // A chosen target is the verdict: the open format's is an error
    // everywhere, in `.caplint.yaml` or on the command line.
    let (_, _, json) = check(dir.path(), &["--target", "agentskills"]);
    assert!(
        path_severities(&json, "skill/name-mismatch")
            .iter()
            .all(|(_, s)| s == "error"),
        "{json}"
    );
    assert_eq!(path_severities(&json, "skill/name-mismatch").len(), 3);
    assert_eq!(types(&json), ["error", "error", "error"], "{json}");
    write(dir.path(), ".caplint.yaml", "targets: [agentskills]\n");
    let (_, _, json) = check(dir.path(), &[]);
    assert!(
        path_severities(&json, "skill/name-mismatch")
            .iter()
            .all(|(_, s)| s == "error"),
        "{json}"
    );
    // Claude Code alone never needs the folder's name.
    let (_, _, json) = check(dir.path(), &["--target", "claude-code"]);
    assert_eq!(path_severities(&json, "skill/name-mismatch"), []);
}

#[test]
fn a_skill_inside_a_skill_that_only_claude_code_installs_is_a_page_of_it() {
    // `lib/skills/check/SKILL.md` inside the skill `guard`: Claude Code
    // lists `skills/guard` only; Codex walks the folder and would load it.
    let outer = "---\nname: guard\ndescription: Use when a gateway fails. See [the check](lib/skills/check/SKILL.md).\n---\n# Guard\n";
    let inner =
        "---\nname: check\nversion: 2.x.x\n---\n# Check\n\nRun [the script](scripts/run.sh).\n";
    let plugin_inner = "plugins/ops/skills/guard/lib/skills/check/SKILL.md";
    let open_inner = "skills/guard/lib/skills/check/SKILL.md";
    let dir = folder_with(&[
        (
            "plugins/ops/.claude-plugin/plugin.json",
            "{\"name\": \"ops\"}\n",
        ),
        ("plugins/ops/skills/guard/SKILL.md", outer),
        (plugin_inner, inner),
        ("skills/guard/SKILL.md", outer),
        (open_inner, inner),
    ]);
    let (code, _, json) = check(dir.path(), &[]);
    assert_eq!(code, 1);
    // Its frontmatter reaches no client of the plugin: a warning there.
    for rule in ["skill/missing-field", "skill/invalid-version"] {
        assert_eq!(
            path_severities(&json, rule),
            [
                (plugin_inner.to_string(), "warning".to_string()),
                (open_inner.to_string(), "error".to_string()),
            ],
            "{rule}: {json}"
        );
    }
    let help = help_of(&json, "skill/missing-field", 0);
    assert!(
        help.contains("inside the skill `plugins/ops/skills/guard`"),
        "{help}"
    );
    // The agent still follows its links: a missing script stays an error.
    let broken = path_severities(&json, "skill/broken-reference");
    assert!(
        broken.contains(&(plugin_inner.to_string(), "error".to_string())),
        "{json}"
    );
    // With Codex as a target, the nested skill is one of Codex's.
    let (_, _, json) = check(dir.path(), &["--target", "codex"]);
    assert!(
        path_severities(&json, "skill/missing-field")
            .iter()
            .all(|(_, s)| s == "error"),
        "{json}"
    );
}

#[test]
fn pages_a_run_of_the_skill_wrote_are_warned_about_not_failed() {
    // A crawl's page in `results/` links to media the run downloaded and
    // never committed; the skill's own page is held to its links.
    let skill = "---\nname: crawl\ndescription: Use when crawling posts. Read [the guide](references/guide.md).\n---\n# Crawl\n\n- `results/` - the posts of each run\n";
    let page = "# Posts\n\n![photo](images/a1.jpg)\n";
    let dir = folder_with(&[
        ("skills/crawl/SKILL.md", skill),
        ("skills/crawl/results/posts_0301.md", page),
        ("skills/crawl/references/guide.md", page),
    ]);
    let (code, _, json) = check(dir.path(), &[]);
    assert_eq!(code, 1);
    assert_eq!(
        path_severities(&json, "skill/broken-reference"),
        [
            (
                "skills/crawl/references/guide.md".to_string(),
                "error".to_string()
            ),
            (
                "skills/crawl/results/posts_0301.md".to_string(),
                "warning".to_string()
            ),
        ],
        "{json}"
    );
    let help = help_of(&json, "skill/broken-reference", 1);
    assert!(
        help.contains("in `skills/crawl/results/`, a folder of what a run wrote"),
        "{help}"
    );
}

#[test]
fn a_mirrors_copy_keeps_its_upstreams_readme_links() {
    // Five copies named `<owner>--<repo>`: each README is the upstream's
    // landing page, linking into a tree the mirror did not copy; the skill's
    // own page is still held to its links.
    let mut files: Vec<(String, String)> = Vec::new();
    for i in 0..5 {
        let dir = format!("skills/owner{i}--tool-{i}");
        files.push((
            format!("{dir}/SKILL.md"),
            format!("---\nname: owner{i}--tool-{i}\ndescription: Use when running tool {i}.\n---\n# Tool\n\nRead [the guide](references/guide.md); the project's [README](README.md).\n"),
        ));
        files.push((
            format!("{dir}/README.md"),
            "# Tool\n\nSee [the docs](docs/guide/install.md).\n".to_string(),
        ));
    }
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let dir = folder_with(&refs);
    let (code, _, json) = check(dir.path(), &[]);
    assert_eq!(code, 1);
    let found = path_severities(&json, "skill/broken-reference");
    assert_eq!(found.len(), 10, "{json}");
    for (path, severity) in &found {
        let want = if path.ends_with("README.md") {
            "warning"
        } else {
            "error"
        };
        assert_eq!(severity, want, "{path}");
    }
    let readme = findings_of(&json, "skill/broken-reference")
        .into_iter()
        .find(|d| d["path"].as_str().unwrap().ends_with("README.md"))
        .unwrap();
    assert!(
        readme["help"]
            .as_str()
            .unwrap()
            .contains("one of a mirror's copies"),
        "{readme}"
    );
}

#[test]
fn a_capability_name_is_an_error_only_where_a_framework_reserves_it() {
    let named =
        "---\nname: planning\ndescription: Use when the user asks for a plan.\n---\n# Planning\n";
    let plugin = "plugins/gws/skills/planning/SKILL.md";
    let project = ".claude/skills/planning/SKILL.md";
    let open = "skills/planning/SKILL.md";
    let dir = folder_with(&[
        (
            "plugins/gws/.claude-plugin/plugin.json",
            "{\"name\": \"gws\"}\n",
        ),
        (plugin, named),
        (project, named),
        (open, named),
    ]);
    let sev = |json: &Value| path_severities(json, "skill/reserved-name");
    let all = |s: &str| {
        [project, plugin, open]
            .map(|p| (p.to_string(), s.to_string()))
            .to_vec()
    };
    // No capability profile, no chosen target, the default names: neither
    // the open format nor Claude Code reserves them.
    let (code, _, json) = check(dir.path(), &[]);
    assert_eq!(sev(&json), all("warning"), "{json}");
    assert_eq!(code, 0);
    let help = help_of(&json, "skill/reserved-name", 2);
    assert!(help.contains("no capability profile"), "{help}");
    let help = help_of(&json, "skill/reserved-name", 1);
    assert!(help.contains("reserves no capability names"), "{help}");
    // The platform's framework rejects them on every copy.
    let (code, _, json) = check(dir.path(), &["--target", "platform"]);
    assert_eq!(sev(&json), all("error"), "{json}");
    assert_eq!(code, 1);
    // Names the team set are reserved for certain; Claude Code's copies
    // stay warnings while no target is chosen.
    write(
        dir.path(),
        ".caplint.yaml",
        "reserved_skill_names: [planning]\n",
    );
    let (_, _, json) = check(dir.path(), &[]);
    let mut want = all("warning");
    want[2].1 = "error".to_string();
    assert_eq!(sev(&json), want, "{json}");
    // So are the defaults where agents' capability profiles share the
    // namespace.
    std::fs::remove_file(dir.path().join(".caplint.yaml")).unwrap();
    write(
        dir.path(),
        "agents/research.profile.json",
        std::fs::read_to_string(manifest().join("testdata/agents/research.profile.json")).unwrap(),
    );
    let (_, _, json) = check(dir.path(), &[]);
    assert_eq!(sev(&json), want, "{json}");
}

#[test]
fn a_plugin_qualified_name_in_a_plugin_a_claude_marketplace_defines_is_a_warning_by_default() {
    // The plugin keeps `plugin.json` at its root; the marketplace's entry
    // makes `plugin/` a Claude Code plugin. `cat:review` is the id Claude
    // Code gives the skill `skills/review`.
    let skill = "plugin/skills/review/SKILL.md";
    let dir = folder_with(&[
        (
            ".claude-plugin/marketplace.json",
            "{\"name\": \"m\", \"owner\": {\"name\": \"o\"}, \"plugins\": [{\"name\": \"cat\", \"source\": \"./plugin\"}]}\n",
        ),
        ("plugin/plugin.json", "{\"name\": \"cat\"}\n"),
        (
            skill,
            "---\nname: cat:review\ndescription: Use to review.\n---\n# Review\n\nSee [PR #205](../../pull/205).\n",
        ),
    ]);
    let (code, _, json) = check(dir.path(), &[]);
    for rule in ["skill/invalid-name", "skill/name-mismatch"] {
        assert_eq!(
            path_severities(&json, rule),
            [(skill.to_string(), "warning".to_string())],
            "{rule}: {json}"
        );
    }
    // A link without an extension out of the skill is as likely a page of
    // the code host (`../../pull/205`) as a file.
    assert_eq!(
        severities_of(&json, "skill/reference-escapes"),
        ["warning"],
        "{json}"
    );
    assert_eq!(code, 0, "{json}");
    // With the open format as a target, the name is its error.
    let (_, _, json) = check(dir.path(), &["--target", "agentskills"]);
    assert_eq!(
        severities_of(&json, "skill/invalid-name"),
        ["error"],
        "{json}"
    );
}

#[test]
fn a_skill_without_frontmatter_is_a_warning_where_claude_code_is_the_only_client() {
    // Claude Code loads `SKILL.md` without frontmatter under the folder's
    // name (its validator warns); the open format's installers skip it.
    let bare = "# Errors list\n\nList the error events of a project.\n";
    let plugin = "plugins/obs/skills/errors-list/SKILL.md";
    let dir = folder_with(&[
        (
            "plugins/obs/.claude-plugin/plugin.json",
            "{\"name\": \"obs\"}\n",
        ),
        (plugin, bare),
        ("skills/logs/SKILL.md", bare),
    ]);
    let rule = "skill/invalid-frontmatter";
    let (code, _, json) = check(dir.path(), &[]);
    assert_eq!(
        path_severities(&json, rule),
        [
            (plugin.to_string(), "warning".to_string()),
            ("skills/logs/SKILL.md".to_string(), "error".to_string()),
        ],
        "{json}"
    );
    assert_eq!(code, 1);
    let help = help_of(&json, rule, 0);
    assert!(help.contains("Claude Code installs this skill"), "{help}");
    assert!(help.contains("first paragraph"), "{help}");
    // The only target `claude-code`: a warning everywhere.
    let (code, _, json) = check(dir.path(), &["--target", "claude-code"]);
    assert_eq!(severities_of(&json, rule), ["warning", "warning"], "{json}");
    assert_eq!(code, 0, "{json}");
    // Any other target reads no skill there: an error everywhere.
    let (_, _, json) = check(dir.path(), &["--target", "agentskills"]);
    assert_eq!(severities_of(&json, rule), ["error", "error"], "{json}");
    let (_, _, json) = check(
        dir.path(),
        &["--target", "claude-code", "--target", "codex"],
    );
    assert_eq!(severities_of(&json, rule), ["error", "error"], "{json}");
    // A broken frontmatter is an error for Claude Code too.
    write(
        dir.path(),
        plugin,
        "---\nname: errors-list\ndescription: [unclosed\n---\n# Errors\n",
    );
    let (_, _, json) = check(dir.path(), &[]);
    assert_eq!(
        path_severities(&json, rule)[0],
        (plugin.to_string(), "error".to_string()),
        "{json}"
    );
    // An empty `SKILL.md` is loaded the same way, and warned of alike.
    write(dir.path(), plugin, "");
    let (_, _, json) = check(dir.path(), &[]);
    assert_eq!(
        path_severities(&json, rule)[0],
        (plugin.to_string(), "warning".to_string()),
        "{json}"
    );
    // In a plugin at the repository's root, another client's folder is
    // that client's: Gemini installs `.gemini/skills/notes`.
    let dir = folder_with(&[
        (".claude-plugin/plugin.json", "{\"name\": \"obs\"}\n"),
        ("skills/logs/SKILL.md", bare),
        (".gemini/skills/notes/SKILL.md", bare),
    ]);
    let (_, _, json) = check(dir.path(), &[]);
    assert_eq!(
        path_severities(&json, rule),
        [
            (
                ".gemini/skills/notes/SKILL.md".to_string(),
                "error".to_string()
            ),
            ("skills/logs/SKILL.md".to_string(), "warning".to_string()),
        ],
        "{json}"
    );
}

#[test]
fn a_display_name_in_a_claude_code_plugin_is_a_warning_by_default() {
    // Claude Code registers a plugin's skill as `<plugin>:<folder>` and
    // shows `name` only for display; a project's `.claude/skills` and a
    // chosen target keep the format's error.
    let named = "---\nname: Community Intelligence\ndescription: Use when the user asks what the community says.\n---\n# Community\n";
    let plugin = "plugins/aware/skills/community/SKILL.md";
    let project = ".claude/skills/community/SKILL.md";
    let dir = folder_with(&[
        (
            "plugins/aware/.claude-plugin/plugin.json",
            "{\"name\": \"aware\"}\n",
        ),
        (plugin, named),
        (project, named),
    ]);
    let rule = "skill/invalid-name";
    let (_, _, json) = check(dir.path(), &[]);
    assert_eq!(
        path_severities(&json, rule),
        [
            (project.to_string(), "error".to_string()),
            (plugin.to_string(), "warning".to_string()),
        ],
        "{json}"
    );
    let help = help_of(&json, rule, 1);
    assert!(help.contains("<plugin>:<folder>"), "{help}");
    let (_, _, json) = check(dir.path(), &["--target", "claude-code"]);
    assert_eq!(severities_of(&json, rule), ["error", "error"], "{json}");
}
