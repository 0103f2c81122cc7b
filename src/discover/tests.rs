use super::*;
use crate::date::Date;
use std::fs;

fn settings(root: &Path) -> Settings {
    Settings::defaults(root, Date::parse_ymd("2026-10-15").unwrap())
}

/// (folder, has SKILL.md, misnamed files, in a skills root) per skill.
fn skill_shapes(inv: &Inventory) -> Vec<(&str, bool, usize, bool)> {
    inv.skills
        .iter()
        .map(|s| {
            (
                s.dir.as_str(),
                s.skill_md.is_some(),
                s.misnamed.len(),
                s.in_root,
            )
        })
        .collect()
}

#[test]
fn walk_order_puts_a_folder_before_its_siblings_named_longer() {
    // The plain definition: `/` before every other byte, part by part.
    let plain = |a: &str, b: &str| {
        let part = |c: u8| if c == b'/' { 0 } else { c };
        a.bytes().map(part).cmp(b.bytes().map(part))
    };
    let paths = [
        "",
        "a",
        "a/b",
        "a-c",
        "a.b",
        "a/b/c",
        "skills/very-long-name",
        "skills/very-long-name/SKILL.md",
        "skills/very-long-name-2",
        "skills/very-long-name-2/x",
        "skills/very-long-nama",
        "skills/very-long-name/references/guide.md",
        "skills/very-long-name/references-2",
        "agents/agent-00001.profile.json",
        "agents/agent-00001.profile.jsonx",
        "agents/agent-0000.profile.json",
        "é/ü",
        "é-ü",
    ];
    for a in paths {
        for b in paths {
            assert_eq!(walk_order(a, b), plain(a, b), "{a:?} against {b:?}");
        }
    }
    let mut sorted = paths.to_vec();
    sorted.sort_by(|a, b| walk_order(a, b));
    let at = |p: &str| sorted.iter().position(|s| *s == p).unwrap();
    assert!(at("a/b/c") < at("a-c") && at("a") < at("a/b"));
    assert!(at("skills/very-long-name/references/guide.md") < at("skills/very-long-name-2"));
}

#[test]
fn finds_profiles_and_skills() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    fs::create_dir_all(root.join("agents/sub")).unwrap();
    fs::create_dir_all(root.join("node_modules/x")).unwrap();
    fs::create_dir_all(root.join("skills/good")).unwrap();
    fs::create_dir_all(root.join("skills/bare")).unwrap();
    fs::create_dir_all(root.join("skills/lower")).unwrap();
    // Not skills: hidden and always-skipped folders of a skill root, and
    // a file in it.
    fs::create_dir_all(root.join("skills/.cache/x")).unwrap();
    fs::create_dir_all(root.join("skills/node_modules/y")).unwrap();
    fs::write(root.join("skills/README.md"), "").unwrap();
    fs::write(root.join("a.profile.json"), "{}").unwrap();
    fs::write(root.join("agents/sub/b.profile.json"), "{}").unwrap();
    fs::write(root.join("agents/other.json"), "{}").unwrap();
    fs::write(root.join("node_modules/x/c.profile.json"), "{}").unwrap();
    fs::write(root.join("skills/good/SKILL.md"), "").unwrap();
    fs::write(root.join("skills/lower/skill.md"), "").unwrap();
    let inv = discover(&settings(root), &[]).unwrap();
    assert_eq!(
        inv.profiles,
        vec!["a.profile.json", "agents/sub/b.profile.json"]
    );
    assert_eq!(inv.skill_roots, vec!["skills"]);
    let dirs = skill_shapes(&inv);
    assert_eq!(
        dirs,
        vec![
            ("skills/bare", false, 0, true),
            ("skills/good", true, 0, true),
            ("skills/lower", false, 1, true)
        ]
    );
}

#[test]
fn every_depth_is_walked_when_the_walk_is_split() {
    // The top levels are walked in order and deeper folders in
    // parallel: files, skills, roots and exclusions at every depth
    // around the split come out the same.
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let files = [
        "a.profile.json",
        "x/b.profile.json",
        "x/y/c.profile.json",
        "x/y/z/d.profile.json",
        "x/y/z/w/e.profile.json",
        "x/y/z/w/no.profile.json",
        "x/y/node_modules/f.profile.json",
        "s/SKILL.md",
        "p/q/SKILL.md",
        "p/q/r/SKILL.md",
        "p/q/r/t/skill.md",
        "k/skills/one/SKILL.md",
        "deep/er/skills/two/SKILL.md",
        "deep/er/skills/three/notes.md",
    ];
    for f in files {
        let path = root.join(f);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, "{}").unwrap();
    }
    let s = Settings::excluding(root, &["x/y/z/w/no.profile.json"]);
    let inv = discover(&s, &[]).unwrap();
    assert_eq!(
        inv.profiles,
        vec![
            "a.profile.json",
            "x/b.profile.json",
            "x/y/c.profile.json",
            "x/y/z/d.profile.json",
            "x/y/z/w/e.profile.json"
        ]
    );
    assert_eq!(inv.skill_roots, vec!["deep/er/skills", "k/skills"]);
    let dirs = skill_shapes(&inv);
    assert_eq!(
        dirs,
        vec![
            ("deep/er/skills/three", false, 0, true),
            ("deep/er/skills/two", true, 0, true),
            ("k/skills/one", true, 0, true),
            ("p/q", true, 0, false),
            ("p/q/r", true, 0, false),
            ("p/q/r/t", false, 1, false),
            ("s", true, 0, false),
        ]
    );
}

#[test]
fn a_skills_folder_that_is_a_skill_is_not_a_root() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    fs::create_dir_all(root.join("tools/skills/references")).unwrap();
    fs::write(root.join("tools/skills/SKILL.md"), "").unwrap();
    let inv = discover(&settings(root), &[]).unwrap();
    assert!(inv.skill_roots.is_empty());
    assert_eq!(inv.skills.len(), 1);
    assert_eq!(inv.skills[0].dir, "tools/skills");
}

#[test]
fn explicit_misnamed_skill_file_is_recorded() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    fs::create_dir_all(root.join("x")).unwrap();
    fs::write(root.join("x/skill.md"), "---\n").unwrap();
    let inv = discover(&settings(root), &[root.join("x/skill.md")]).unwrap();
    assert_eq!(inv.skills.len(), 1);
    assert_eq!(inv.skills[0].misnamed, vec!["x/skill.md"]);
    assert_eq!(inv.skills[0].skill_md, None);
}

#[cfg(unix)]
#[test]
fn skips_fifos_and_links_out_of_the_tree() {
    let tmp = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let root = tmp.path();
    fs::write(outside.path().join("x.profile.json"), "{}").unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("x.profile.json"),
        root.join("out.profile.json"),
    )
    .unwrap();
    std::os::unix::fs::symlink(
        root.join("loop.profile.json"),
        root.join("loop.profile.json"),
    )
    .unwrap();
    fs::create_dir(root.join("dir.profile.json")).unwrap();
    let fifo = root.join("fifo.profile.json");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo with a valid NUL-terminated path.
    unsafe { libc_mkfifo(c.as_ptr(), 0o644) };
    fs::write(root.join("real.profile.json"), "{}").unwrap();
    std::os::unix::fs::symlink(root.join("real.profile.json"), root.join("in.profile.json"))
        .unwrap();
    let inv = discover(&settings(root), &[]).unwrap();
    assert_eq!(inv.profiles, vec!["in.profile.json", "real.profile.json"]);
}

#[cfg(unix)]
extern "C" {
    #[link_name = "mkfifo"]
    fn libc_mkfifo(path: *const std::ffi::c_char, mode: u32) -> i32;
}

#[cfg(unix)]
#[test]
fn an_unreadable_folder_stops_the_run_unless_excluded() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    fs::create_dir_all(root.join("locked")).unwrap();
    fs::write(root.join("locked/a.profile.json"), "{}").unwrap();
    fs::set_permissions(root.join("locked"), fs::Permissions::from_mode(0o000)).unwrap();
    // Root reads through chmod 000: then there is nothing to refuse.
    let privileged = fs::read_dir(root.join("locked")).is_ok();
    let found = discover(&settings(root), &[]);
    let mut s = settings(root);
    s.config.exclude = vec!["locked".into()];
    let s = Settings::new(s.root.clone(), s.config.clone(), None, s.as_of).unwrap();
    let excluded = discover(&s, &[]);
    fs::set_permissions(root.join("locked"), fs::Permissions::from_mode(0o755)).unwrap();
    assert!(excluded.unwrap().profiles.is_empty());
    if privileged {
        assert_eq!(found.unwrap().profiles, vec!["locked/a.profile.json"]);
    } else {
        match found {
            Err(Fatal::Io(m)) => assert!(m.contains("cannot read locked"), "{m}"),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn exclude_globs_prune() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    fs::create_dir_all(root.join("old")).unwrap();
    fs::write(root.join("old/a.profile.json"), "{}").unwrap();
    fs::write(root.join("b.profile.json"), "{}").unwrap();
    let mut s = settings(root);
    s.config.exclude = vec!["old/**".into(), "old".into()];
    let s = Settings::new(s.root.clone(), s.config.clone(), None, s.as_of).unwrap();
    let inv = discover(&s, &[]).unwrap();
    assert_eq!(inv.profiles, vec!["b.profile.json"]);
}
