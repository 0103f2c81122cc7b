//! Plugins and marketplaces: the manifest rules on a real repository, and
//! the plugin history rules in every mode (`check`, `--staged`, `--base`,
//! `history`), `--fix`, Claude Code and Codex manifests of one plugin, and
//! remote sources.

use crate::support::Repo;
use serde_json::Value;

const MARKET: &str = r#"{"name": "tools", "owner": {"name": "Acme"},
 "plugins": [
   {"name": "review", "source": "./plugins/review"},
   {"name": "docs", "source": "./plugins/docs", "version": "2.0.0"},
   {"name": "remote", "source": {"source": "github", "repo": "acme/remote"}}
 ]}
"#;

fn marketplace() -> Repo {
    let mut r = Repo::new();
    r.write(".claude-plugin/marketplace.json", MARKET);
    r.write(
        "plugins/review/.claude-plugin/plugin.json",
        "{\"name\": \"review\", \"version\": \"1.2.0\"}\n",
    );
    r.write(
        "plugins/review/.codex-plugin/plugin.json",
        "{\"name\": \"review\", \"version\": \"1.2.0\"}\n",
    );
    r.write(
        "plugins/review/skills/check/SKILL.md",
        "---\nname: check\ndescription: Checks a change. Use when reviewing code.\n---\n# Check\n",
    );
    r.write(
        "plugins/docs/skills/write/SKILL.md",
        "---\nname: write\ndescription: Writes documentation. Use when writing docs.\n---\n# Write\n",
    );
    r.commit("a marketplace of two plugins");
    r
}

/// The plugin rules and plugin history rules a run reported, with paths.
fn plugin_findings(json: &Value) -> Vec<(String, String)> {
    json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| {
            let rule = d["rule"].as_str().unwrap();
            rule.starts_with("plugin/")
                || rule.starts_with("history/plugin")
                || rule == "history/version-taken"
        })
        .map(|d| {
            (
                d["rule"].as_str().unwrap().to_string(),
                d["path"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn pair(rule: &str, path: &str) -> (String, String) {
    (rule.to_string(), path.to_string())
}

#[test]
fn a_clean_marketplace_passes_and_a_broken_one_is_reported() {
    let r = marketplace();
    let (code, json) = r.check(&[]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["summary"]["files"], 5, "{json}");
    r.write(
        ".claude-plugin/marketplace.json",
        &MARKET
            .replace("./plugins/docs", "./docs")
            .replace("\"name\": \"review\"", "\"name\": \"Review\""),
    );
    r.write(
        "plugins/review/.codex-plugin/plugin.json",
        "{\"name\": \"review\", \"verison\": \"1.2.1\"}\n",
    );
    let (code, json) = r.check(&["--no-history"]);
    assert_eq!(code, 1);
    let found = plugin_findings(&json);
    for expected in [
        pair("plugin/missing-source", ".claude-plugin/marketplace.json"),
        pair("plugin/invalid-name", ".claude-plugin/marketplace.json"),
        pair("plugin/name-mismatch", ".claude-plugin/marketplace.json"),
        pair(
            "plugin/unknown-field",
            "plugins/review/.codex-plugin/plugin.json",
        ),
    ] {
        assert!(found.contains(&expected), "{expected:?} not in {found:?}");
    }
}

#[test]
fn a_manifest_inside_another_plugin_that_no_entry_lists_is_not_read() {
    // A skill copied from a repository where it was a plugin of its own
    // keeps its manifest; the marketplace installs the outer plugin.
    let r = marketplace();
    let nested = "plugins/review/skills/check/.claude-plugin/plugin.json";
    r.write(
        nested,
        "{\"name\": \"check\", \"skills\": [\"./SKILL.md\"]}\n",
    );
    let (code, json) = r.check(&["--no-history"]);
    let found: Vec<_> = crate::support::findings_of(&json, "plugin/missing-component")
        .into_iter()
        .map(|d| (d["path"].as_str().unwrap(), d["severity"].as_str().unwrap()))
        .collect();
    assert_eq!(found, [(nested, "warning")], "{json}");
    let help = crate::support::findings_of(&json, "plugin/missing-component")[0]["help"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        help.contains("inside the plugin `plugins/review`"),
        "{help}"
    );
    assert_eq!(code, 0, "{json}");
    // Once an entry lists it, a client reads it, and the finding is an
    // error; so it is when the entry names it without its `./` (an error of
    // its own, but meant).
    for source in [
        "./plugins/review/skills/check",
        "plugins/review/skills/check",
    ] {
        r.write(
            ".claude-plugin/marketplace.json",
            &MARKET.replace(
                "\"plugins\": [",
                &format!("\"plugins\": [\n   {{\"name\": \"check\", \"source\": \"{source}\"}},"),
            ),
        );
        let (code, json) = r.check(&["--no-history"]);
        assert!(
            crate::support::findings_of(&json, "plugin/missing-component")
                .iter()
                .any(|d| d["path"] == nested && d["severity"] == "error"),
            "{source}: {json}"
        );
        assert_eq!(code, 1, "{source}");
    }
}

#[test]
fn a_change_without_a_bump_in_every_mode() {
    let mut r = marketplace();
    r.write(
        "plugins/review/skills/check/SKILL.md",
        "---\nname: check\ndescription: Checks a change. Use when reviewing code.\n---\n# Check\n\nLook twice.\n",
    );
    // Documents at the plugin's root ship nothing.
    r.write("plugins/docs/README.md", "How to use it.\n");
    let expected = [pair(
        "history/plugin-version-not-bumped",
        "plugins/review/.claude-plugin/plugin.json",
    )];
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(plugin_findings(&json), expected, "{json}");
    let message = json["diagnostics"][0]["message"].as_str().unwrap();
    assert_eq!(
        message,
        "the plugin `review` changed (skill check) and its version 1.2.0 did not rise"
    );
    r.git(&["add", "-A"]);
    for args in [
        &["--staged"][..],
        &["--staged", "--no-cache"][..],
        &["--no-cache"][..],
    ] {
        let (_, json) = r.check(args);
        assert_eq!(plugin_findings(&json), expected, "{args:?}: {json}");
    }
    r.commit("change the skill");
    let (_, json) = r.check(&["--base", "HEAD~1"]);
    assert_eq!(plugin_findings(&json), expected, "{json}");
    let out = r.run(&[
        "history",
        "--format",
        "json",
        "--as-of",
        crate::support::AS_OF,
    ]);
    let (_, json) = crate::support::json_of(&out);
    assert_eq!(plugin_findings(&json), expected, "{json}");
    assert!(
        json["diagnostics"][0]["commit"]["subject"] == "change the skill",
        "{json}"
    );
}

#[test]
fn a_version_whose_build_metadata_moved_is_a_warning() {
    // A cache-busting stamp (`1.2.0+codex.2`): clients key an installed
    // copy by the version string, so the change reaches it.
    let r = marketplace();
    r.write(
        "plugins/review/skills/check/SKILL.md",
        "---\nname: check\ndescription: Checks a change. Use when reviewing code.\n---\n# Check\n\nLook twice.\n",
    );
    for manifest in [".claude-plugin", ".codex-plugin"] {
        r.write(
            &format!("plugins/review/{manifest}/plugin.json"),
            "{\"name\": \"review\", \"version\": \"1.2.0+codex.20260820\"}\n",
        );
    }
    let (code, json) = r.check(&[]);
    let found = crate::support::findings_of(&json, "history/plugin-version-not-bumped");
    assert_eq!(found.len(), 1, "{json}");
    assert_eq!(found[0]["severity"], "warning", "{json}");
    assert!(
        found[0]["message"].as_str().unwrap().ends_with(
            "only the build metadata of its version moved (1.2.0 → 1.2.0+codex.20260820)"
        ),
        "{json}"
    );
    assert_eq!(code, 0, "{json}");
}

#[test]
fn fix_raises_every_manifest_and_entry_at_once() {
    let mut r = marketplace();
    r.write("plugins/docs/skills/write/SKILL.md", "---\nname: write\ndescription: Writes documentation. Use when writing docs.\n---\n# Write\n\nShort.\n");
    r.write(
        "plugins/review/agents/reviewer.md",
        "---\nname: reviewer\ndescription: Reviews.\n---\nReview.\n",
    );
    r.commit("changes without a bump");
    let out = r.run(&[
        "check",
        "--base",
        "HEAD~1",
        "--fix",
        "--as-of",
        crate::support::AS_OF,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", crate::support::text(&out));
    assert_eq!(
        r.read("plugins/review/.claude-plugin/plugin.json"),
        "{\"name\": \"review\", \"version\": \"1.2.1\"}\n"
    );
    assert_eq!(
        r.read("plugins/review/.codex-plugin/plugin.json"),
        "{\"name\": \"review\", \"version\": \"1.2.1\"}\n"
    );
    assert_eq!(
        r.read(".claude-plugin/marketplace.json"),
        MARKET.replace("\"2.0.0\"", "\"2.0.1\"")
    );
    let (code, json) = r.check(&["--base", "HEAD~1"]);
    assert_eq!(code, 0, "{json}");
}

#[test]
fn version_mismatch_is_fixed_to_the_highest() {
    let r = marketplace();
    r.write(
        "plugins/review/.codex-plugin/plugin.json",
        "{\"name\": \"review\", \"version\": \"1.3.0\"}\n",
    );
    let (_, json) = r.check(&["--no-history"]);
    assert_eq!(
        plugin_findings(&json),
        [pair(
            "plugin/version-mismatch",
            "plugins/review/.claude-plugin/plugin.json"
        )]
    );
    let out = r.run(&[
        "check",
        "--no-history",
        "--fix",
        "--as-of",
        crate::support::AS_OF,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", crate::support::text(&out));
    assert_eq!(
        r.read("plugins/review/.claude-plugin/plugin.json"),
        "{\"name\": \"review\", \"version\": \"1.3.0\"}\n"
    );
}

#[test]
fn a_decrease_an_ignored_path_and_the_target_branch_tip() {
    let mut r = marketplace();
    let main = r
        .git(&["rev-parse", "--abbrev-ref", "HEAD"])
        .trim()
        .to_string();
    r.write(".caplint.yaml", "plugin_version_ignore: [\"tests/**\"]\n");
    r.write("plugins/review/tests/a.txt", "x\n");
    let (_, json) = r.check(&[]);
    assert_eq!(
        plugin_findings(&json),
        Vec::<(String, String)>::new(),
        "{json}"
    );
    r.write(
        "plugins/review/.claude-plugin/plugin.json",
        "{\"name\": \"review\", \"version\": \"1.1.0\"}\n",
    );
    r.write(
        "plugins/review/.codex-plugin/plugin.json",
        "{\"name\": \"review\", \"version\": \"1.1.0\"}\n",
    );
    let (_, json) = r.check(&[]);
    assert_eq!(
        plugin_findings(&json),
        [pair(
            "history/plugin-version-decreased",
            "plugins/review/.claude-plugin/plugin.json"
        )]
    );
    r.git(&["checkout", "-q", "--", "."]);
    r.commit("ignore tests");
    // Two branches take 1.2.1: the second to merge is told.
    r.git(&["checkout", "-q", "-b", "feature"]);
    r.write("plugins/review/skills/check/SKILL.md", "---\nname: check\ndescription: Checks a change. Use when reviewing code.\n---\n# Check\n\nMine.\n");
    for m in [
        "plugins/review/.claude-plugin/plugin.json",
        "plugins/review/.codex-plugin/plugin.json",
    ] {
        r.write(m, "{\"name\": \"review\", \"version\": \"1.2.1\"}\n");
    }
    r.commit("feature takes 1.2.1");
    r.git(&["checkout", "-q", &main]);
    r.git(&["checkout", "-q", "-b", "other"]);
    r.write(
        "plugins/review/agents/a.md",
        "---\nname: a\ndescription: A.\n---\nA.\n",
    );
    for m in [
        "plugins/review/.claude-plugin/plugin.json",
        "plugins/review/.codex-plugin/plugin.json",
    ] {
        r.write(m, "{\"name\": \"review\", \"version\": \"1.2.1\"}\n");
    }
    r.commit("other takes 1.2.1 too");
    r.git(&["checkout", "-q", &main]);
    r.git(&["merge", "-q", "--no-edit", "feature"]);
    r.git(&["checkout", "-q", "other"]);
    let (_, json) = r.check(&["--base", &main]);
    assert_eq!(
        plugin_findings(&json),
        [pair(
            "history/version-taken",
            "plugins/review/.claude-plugin/plugin.json"
        )],
        "{json}"
    );
}

#[test]
fn diff_shows_each_plugins_version_movement_and_changed_components() {
    let mut r = marketplace();
    r.write("plugins/review/hooks/hooks.json", "{}\n");
    for m in [
        "plugins/review/.claude-plugin/plugin.json",
        "plugins/review/.codex-plugin/plugin.json",
    ] {
        r.write(m, "{\"name\": \"review\", \"version\": \"1.3.0\"}\n");
    }
    r.write("plugins/docs/skills/write/SKILL.md", "---\nname: write\ndescription: Writes documentation. Use when writing docs.\n---\n# Write\n\nMore.\n");
    r.commit("hooks for review, docs changed");
    let out = r.run(&[
        "diff",
        "HEAD~1",
        "HEAD",
        "--format",
        "json",
        "--as-of",
        crate::support::AS_OF,
    ]);
    let (code, json) = crate::support::json_of(&out);
    assert_eq!(code, 1, "{json}");
    assert_eq!(
        json["plugins"],
        serde_json::json!([
            {"path": "plugins/docs", "name": "docs", "version": {"from": "2.0.0", "to": "2.0.0"}, "changed_components": ["skill write"]},
            {"path": "plugins/review", "name": "review", "version": {"from": "1.2.0", "to": "1.3.0"}, "changed_components": ["hooks", "manifest"]}
        ])
    );
    let md = crate::support::stdout(&r.run(&["diff", "HEAD~1", "HEAD", "--format", "markdown"]));
    assert!(
        md.contains("### plugin `review` in `plugins/review` (modified)"),
        "{md}"
    );
    assert!(md.contains("| version | `1.2.0` | `1.3.0` |"), "{md}");
    let human = crate::support::stdout(&r.run(&["diff", "HEAD~1", "HEAD", "--color", "never"]));
    assert!(
        human.contains("plugins/docs/ (plugin docs): modified"),
        "{human}"
    );
}

#[test]
fn skills_of_plugins_a_marketplace_defines_are_namespaced_by_plugin() {
    let mut r = Repo::new();
    r.write(
        ".claude-plugin/marketplace.json",
        r#"{"name": "m", "owner": {"name": "Acme"}, "plugins": [
  {"name": "alpha", "source": "./alpha", "version": "1.0.0"},
  {"name": "beta", "source": "./beta", "version": "1.0.0"}]}
"#,
    );
    for p in ["alpha", "beta"] {
        // plugin.json at the plugin's root, as some marketplaces keep it.
        r.write(
            &format!("{p}/plugin.json"),
            &format!("{{\"name\": \"{p}\"}}\n"),
        );
        r.write(
            &format!("{p}/skills/setup/SKILL.md"),
            "---\nname: setup\ndescription: Sets the plugin up. Use when installing it.\n---\n# Setup\n",
        );
    }
    let (_, json) = r.check(&["--no-history"]);
    let rules = crate::support::rules_of(&json);
    assert!(
        !rules.contains(&"skill/duplicate-name".to_string()),
        "{json}"
    );
    // With --staged, the marketplace is the index's, whatever the disk holds.
    r.commit("two plugins");
    let staged = r.read(".claude-plugin/marketplace.json");
    r.write(
        ".claude-plugin/marketplace.json",
        "{\"name\": \"m\", \"owner\": {\"name\": \"Acme\"}, \"plugins\": []}\n",
    );
    r.write("alpha/skills/setup/extra.md", "More.\n");
    r.git(&["add", "alpha/skills/setup/extra.md"]);
    for args in [&["--staged"][..], &["--no-history"][..]] {
        let (_, json) = r.check(args);
        let dup = crate::support::rules_of(&json).contains(&"skill/duplicate-name".to_string());
        // The disk's marketplace defines no plugin: there, the names collide.
        assert_eq!(dup, args[0] == "--no-history", "{args:?}: {json}");
    }
    r.write(".claude-plugin/marketplace.json", &staged);
    // Outside any plugin, the same names collide.
    r.write(
        "skills/setup/SKILL.md",
        "---\nname: setup\ndescription: Sets things up. Use when starting.\n---\n# Setup\n",
    );
    r.write(
        "other/skills/setup/SKILL.md",
        "---\nname: setup\ndescription: Sets things up. Use when starting.\n---\n# Setup\n",
    );
    let (_, json) = r.check(&["--no-history"]);
    let dups = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "skill/duplicate-name")
        .count();
    assert_eq!(dups, 2, "{json}");
}

#[test]
fn the_plugin_root_of_a_plugin_a_marketplace_defines_resolves_its_placeholder() {
    let r = Repo::new();
    r.write(
        ".claude-plugin/marketplace.json",
        r#"{"name": "m", "owner": {"name": "Acme"}, "plugins": [
  {"name": "alpha", "source": "./alpha", "version": "1.0.0"}]}
"#,
    );
    r.write("alpha/scripts/run.sh", "echo\n");
    r.write(
        "alpha/skills/setup/SKILL.md",
        "---\nname: setup\ndescription: Sets the plugin up. Use when installing it.\n---\n\
         Run `${CLAUDE_PLUGIN_ROOT}/scripts/run.sh`, then `${CLAUDE_PLUGIN_ROOT}/scripts/gone.sh`.\n",
    );
    // Staged, so that the cache holds the skill's entry.
    r.git(&["add", "-A"]);
    let broken = |json: &serde_json::Value| -> Vec<String> {
        json["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["rule"] == "skill/broken-reference")
            .map(|d| d["message"].as_str().unwrap().to_string())
            .collect()
    };
    let want = vec![
        "`${CLAUDE_PLUGIN_ROOT}/scripts/gone.sh` does not exist in the plugin folder `alpha`"
            .to_string(),
    ];
    for extra in [
        &["--no-history"][..],
        &["--no-history"][..],
        &["--no-history", "--no-cache"][..],
    ] {
        let (_, json) = r.check(extra);
        assert_eq!(broken(&json), want, "{json}");
    }
    // The marketplace's entry goes: the skill's cached verdict does not hold.
    r.write(
        ".claude-plugin/marketplace.json",
        "{\"name\": \"m\", \"owner\": {\"name\": \"Acme\"}, \"plugins\": []}\n",
    );
    r.git(&["add", "-A"]);
    // No plugin holds the skill then: a `.claude-plugin/` folder holding a
    // marketplace only makes the root a marketplace, not a plugin, and the
    // placeholder has no folder to resolve from.
    let (_, json) = r.check(&["--no-history"]);
    assert_eq!(broken(&json), Vec::<String>::new(), "{json}");
    // With a plugin manifest there, the root is the plugin.
    r.write(".claude-plugin/plugin.json", "{\"name\": \"m\"}\n");
    r.git(&["add", "-A"]);
    let (_, json) = r.check(&["--no-history"]);
    let found = broken(&json);
    assert!(!found.is_empty(), "{json}");
    assert!(
        found
            .iter()
            .all(|m| m.ends_with("in the plugin folder (the repository root)")),
        "{json}"
    );
}

#[test]
fn a_manifest_in_a_test_fixture_folder_errs_only_when_named() {
    let r = Repo::new();
    r.write(
        "tests/fixtures/mini/.claude-plugin/marketplace.json",
        "{\"name\": \"mini\", \"plugins\": []}\n",
    );
    let (code, out) = r.check_in("json", &["--no-history"]);
    let json: Value = serde_json::from_str(&out).unwrap();
    let found: Vec<(&str, &str)> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"].as_str().unwrap().starts_with("plugin/"))
        .map(|d| (d["rule"].as_str().unwrap(), d["severity"].as_str().unwrap()))
        .collect();
    assert!(!found.is_empty(), "{out}");
    assert!(found.iter().all(|(_, s)| *s == "warning"), "{out}");
    assert_eq!(code, 0, "{out}");
    // Named on the command line, the fixture is what the user asked for.
    let (code, out) = r.check_in("json", &["--no-history", "tests/fixtures/mini"]);
    assert_eq!(code, 1, "{out}");
}
