//! One pipeline: whatever the mode and whether the cache is used, the
//! verdict is the same. Each test builds a real repository whose index and
//! work tree differ in one way, and runs `check` in every mode (work tree,
//! `--staged`, `--base`) and every format, with the cache cold, warm and
//! off (`--no-cache`): the outputs must be byte-identical, and the staged
//! verdict must be the index's.

use crate::support::Repo;

const SKILL_OK: &str = "---\nname: demo\ndescription: Demonstrates the layout. Use when testing caplint.\n---\n# Demo\nRead [the guide](guide.md).\n";
const SKILL_BROKEN: &str = "---\nname: demo\ndescription: Demonstrates the layout. Use when testing caplint.\n---\n# Demo\nRead [the guide](missing.md).\n";

const FORMATS: [&str; 5] = ["json", "sarif", "github", "human", "concise"];

/// A repository with one skill whose link works, committed.
fn repo() -> Repo {
    let mut r = Repo::new();
    r.write("skills/demo/SKILL.md", SKILL_OK);
    r.write("skills/demo/guide.md", "# Guide\n");
    r.commit("a skill");
    r
}

/// `check MODE --format F` with the cache cold, warm and off: all three
/// outputs (and exit codes) are the same; returns them.
fn same_with_and_without_cache(r: &Repo, mode: &[&str], format: &str) -> (i32, String) {
    let cache_dir = r.path().join(".git/caplint");
    let _ = std::fs::remove_dir_all(&cache_dir);
    let run = |extra: &[&str]| {
        let mut args = mode.to_vec();
        args.extend_from_slice(extra);
        r.check_in(format, &args)
    };
    let cold = run(&[]);
    let warm = run(&[]);
    let off = run(&["--no-cache"]);
    assert_eq!(
        cold, warm,
        "{mode:?} {format}: a warm cache changed the output"
    );
    assert_eq!(
        cold, off,
        "{mode:?} {format}: --no-cache changed the output"
    );
    cold
}

/// Every mode and format agrees with and without the cache; returns the
/// JSON output of each mode.
fn every_mode(r: &Repo) -> Vec<(i32, serde_json::Value)> {
    let modes: [&[&str]; 3] = [&[], &["--staged"], &["--base", "HEAD"]];
    let mut json = Vec::new();
    for mode in modes {
        for format in FORMATS {
            let (code, out) = same_with_and_without_cache(r, mode, format);
            if format == "json" {
                json.push((code, serde_json::from_str(&out).unwrap()));
            }
        }
    }
    json
}

fn rules(json: &serde_json::Value) -> Vec<String> {
    json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{} {}",
                d["rule"].as_str().unwrap(),
                d["path"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn a_broken_link_staged_and_fixed_on_disk_fails_the_staged_check_only() {
    let r = repo();
    r.write("skills/demo/SKILL.md", SKILL_BROKEN);
    r.git(&["add", "-A"]);
    r.write("skills/demo/SKILL.md", SKILL_OK);
    let runs = every_mode(&r);
    let [work, staged, base] = [&runs[0], &runs[1], &runs[2]];
    assert_eq!(work.0, 0, "{}", work.1);
    assert_eq!(base.0, 0, "{}", base.1);
    assert_eq!(staged.0, 1, "{}", staged.1);
    assert!(rules(&staged.1).contains(&"skill/broken-reference skills/demo/SKILL.md".to_string()));
}

#[test]
fn a_broken_link_on_disk_only_does_not_fail_the_staged_check() {
    let r = repo();
    r.write("skills/demo/SKILL.md", SKILL_BROKEN);
    let runs = every_mode(&r);
    assert_eq!(runs[0].0, 1, "{}", runs[0].1);
    assert_eq!(
        runs[1].0, 0,
        "the commit holds the working link: {}",
        runs[1].1
    );
}

/// `AGENTS.md` names a skill's file: what the index holds decides for
/// `--staged`, what the disk holds for the work tree.
#[test]
fn agents_md_is_read_from_the_side_being_judged() {
    let mut r = repo();
    r.write("skills/demo/notes.md", "notes\n");
    r.write("AGENTS.md", "Read `skills/demo/notes.md` first.\n");
    r.commit("notes named by AGENTS.md");
    // Staged: AGENTS.md no longer names the file; on disk it still does.
    r.write("AGENTS.md", "Nothing here.\n");
    r.git(&["add", "AGENTS.md"]);
    r.write("AGENTS.md", "Read `skills/demo/notes.md` first.\n");
    let runs = every_mode(&r);
    let unreferenced = "skill/unreferenced-file skills/demo/notes.md".to_string();
    assert!(!rules(&runs[0].1).contains(&unreferenced), "{}", runs[0].1);
    assert!(rules(&runs[1].1).contains(&unreferenced), "{}", runs[1].1);
    // The reverse: named in the index, not on disk.
    r.write("AGENTS.md", "Read `skills/demo/notes.md` first.\n");
    r.git(&["add", "AGENTS.md"]);
    std::fs::remove_file(r.path().join("AGENTS.md")).unwrap();
    let runs = every_mode(&r);
    assert!(rules(&runs[0].1).contains(&unreferenced), "{}", runs[0].1);
    assert!(!rules(&runs[1].1).contains(&unreferenced), "{}", runs[1].1);
}

/// A staged file removed from the disk is still part of the commit; an
/// untracked file is not.
#[test]
fn staged_files_missing_on_disk_count_and_untracked_ones_do_not() {
    let r = repo();
    std::fs::remove_file(r.path().join("skills/demo/guide.md")).unwrap();
    r.write("skills/demo/untracked.md", "not staged\n");
    let runs = every_mode(&r);
    let work = rules(&runs[0].1);
    assert!(work.contains(&"skill/broken-reference skills/demo/SKILL.md".to_string()));
    assert!(work.contains(&"skill/unreferenced-file skills/demo/untracked.md".to_string()));
    assert_eq!(runs[1].0, 0, "{}", runs[1].1);
}

/// What git ignores is not linted (unless it is tracked), in every mode; a
/// path named on the command line is linted anyway.
#[test]
fn git_ignored_folders_are_not_linted() {
    let mut r = repo();
    r.write(".gitignore", "build/\n");
    r.commit("ignore build/");
    r.write("build/skills/copy/SKILL.md", SKILL_BROKEN);
    r.write(".git/info/exclude", "scratch/\n");
    r.write("scratch/skills/other/SKILL.md", SKILL_BROKEN);
    let runs = every_mode(&r);
    for (code, json) in &runs {
        assert_eq!(*code, 0, "{json}");
        assert_eq!(json["summary"]["skills"], 1, "{json}");
    }
    // Named: linted.
    let (code, out) = r.check_in("json", &["--no-history", "build/skills/copy"]);
    assert_eq!(code, 1, "{out}");
    // Tracked despite the rule: linted.
    r.git(&["add", "-f", "build/skills/copy/SKILL.md"]);
    let (code, out) = r.check_in("json", &["--no-history"]);
    assert_eq!(code, 1, "{out}");
}

/// A file with CRLF or lone CR line breaks: one line numbering in every
/// format, and the same with and without the cache.
#[test]
fn crlf_and_cr_files_have_one_line_numbering_in_every_format() {
    let mut r = repo();
    for (name, eol) in [("crlf", "\r\n"), ("cr", "\r")] {
        let text = SKILL_BROKEN.replace("demo", name).replace('\n', eol);
        r.write(&format!("skills/{name}/SKILL.md"), &text);
    }
    r.commit("line breaks");
    let runs = every_mode(&r);
    for (_, json) in &runs {
        for d in json["diagnostics"].as_array().unwrap() {
            if d["rule"] == "skill/broken-reference" {
                assert_eq!(d["span"]["line"], 6, "{d}");
                assert_eq!(d["span"]["column"], 18, "{d}");
            }
        }
    }
    // The human header and its snippet agree on the line.
    let (_, human) = r.check_in("human", &["--no-history"]);
    for block in human.split("\nerror[").skip(1) {
        if block.starts_with("skill/broken-reference") {
            assert!(block.contains(":6:18"), "{block}");
            assert!(block.contains(" 6 │"), "{block}");
        }
    }
    let (_, github) = r.check_in("github", &["--no-history"]);
    assert!(
        github.contains("file=skills/cr/SKILL.md,line=6,endLine=6,col=18"),
        "{github}"
    );
}

/// The findings of a run on one file: rule and message.
fn findings_on(json: &serde_json::Value, path: &str) -> Vec<String> {
    json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["path"] == path)
        .map(|d| format!("{} {}", d["rule"], d["message"]))
        .collect()
}

/// A decision record is read from the side being judged: `--staged`
/// judges the staged text (as the work tree's check judges it when the
/// disk holds it), not the disk's.
#[test]
fn a_decision_record_is_read_from_the_side_being_judged() {
    const RECORD: &str = "decisions/refunds.decision.json";
    const STAGED: &str = "{\"decision\": \"routing\"}\n";
    const DISK: &str = "{\"decision\": \"routing\", \"assigned\": [\n";
    let mut r = repo();
    r.write(RECORD, STAGED);
    r.commit("a record");
    r.write(RECORD, &STAGED.replace("routing", "route"));
    r.git(&["add", RECORD]);
    let staged_text = r.read(RECORD);
    r.write(RECORD, DISK);
    let runs = every_mode(&r);
    let work = findings_on(&runs[0].1, RECORD);
    let staged = findings_on(&runs[1].1, RECORD);
    assert!(
        !work.is_empty() && !staged.is_empty(),
        "{work:?} {staged:?}"
    );
    assert_ne!(work, staged);
    // The staged verdict is the staged text's.
    r.write(RECORD, &staged_text);
    let (_, out) = r.check_in("json", &["--no-cache"]);
    let on_disk = findings_on(&serde_json::from_str(&out).unwrap(), RECORD);
    assert_eq!(staged, on_disk);
}

/// A plugin manifest, and the folders the repository rules look for, are
/// the side's: the staged manifest is judged with `--staged`, the disk's
/// otherwise, and a plugin folder staged but gone from the disk exists
/// for the staged check only.
#[test]
fn a_plugin_manifest_and_its_folders_are_read_from_the_side_being_judged() {
    const MARKET: &str = ".claude-plugin/marketplace.json";
    const MANIFEST: &str = "plugins/review/.claude-plugin/plugin.json";
    let mut r = repo();
    r.write(
        MARKET,
        "{\"name\": \"tools\", \"owner\": {\"name\": \"Acme\"}, \"plugins\": [\n  {\"name\": \"review\", \"source\": \"./plugins/review\"},\n  {\"name\": \"extra\", \"source\": \"./plugins/extra\"}\n]}\n",
    );
    r.write(MANIFEST, "{\"name\": \"review\", \"version\": \"1.0.0\"}\n");
    r.write(
        "plugins/extra/skills/x/SKILL.md",
        "---\nname: x\ndescription: Does x. Use when testing.\n---\n# X\n",
    );
    r.commit("a marketplace");
    // Staged: a name the rules refuse; on disk: the committed one. The
    // extra plugin's folder is gone from the disk only.
    r.write(
        MANIFEST,
        "{\"name\": \"Review!\", \"version\": \"1.0.0\"}\n",
    );
    r.git(&["add", MANIFEST]);
    r.write(MANIFEST, "{\"name\": \"review\", \"version\": \"1.0.0\"}\n");
    std::fs::remove_dir_all(r.path().join("plugins/extra")).unwrap();
    let runs = every_mode(&r);
    let work = findings_on(&runs[0].1, MANIFEST);
    let staged = findings_on(&runs[1].1, MANIFEST);
    assert!(work.is_empty(), "{work:?}");
    assert!(!staged.is_empty(), "{}", runs[1].1);
    let missing = |json: &serde_json::Value| {
        rules(json)
            .iter()
            .any(|r| r.starts_with("plugin/missing-source"))
    };
    assert!(missing(&runs[0].1), "{}", runs[0].1);
    assert!(!missing(&runs[1].1), "{}", runs[1].1);
}

/// A decision record that is a symbolic link (to a file inside the
/// repository) is followed, in the work tree and with `--staged` alike.
#[cfg(unix)]
#[test]
fn a_linked_decision_record_is_followed_in_every_mode() {
    let mut r = repo();
    r.write("records/refunds.json", "{\"decision\": \"routing\"}\n");
    std::fs::create_dir_all(r.path().join("decisions")).unwrap();
    std::os::unix::fs::symlink(
        "../records/refunds.json",
        r.path().join("decisions/refunds.decision.json"),
    )
    .unwrap();
    r.commit("a linked record");
    let invalid = "decision/invalid-record decisions/refunds.decision.json".to_string();
    for (_, json) in every_mode(&r) {
        assert!(rules(&json).contains(&invalid), "{json}");
    }
}
