//! Mirrors of other repositories' skills: a folder that holds copies named
//! `<owner>--<repo>`, whose README pages are the upstreams' own; a
//! skill's scrape of a project's repository, whose pages are the project's;
//! and a snapshot of a skill kept under a folder that says so.

/// How many copies named `<owner>--<repo>` one folder must hold to be a
/// mirror of other repositories' skills.
const MIRROR_MIN: usize = 5;

/// A folder named as a copy of a repository, `<owner>--<repo>`
/// (`axtonliu--smart-illustrator`): how mirrors name the copies they keep.
pub fn names_a_repository_copy(name: &str) -> bool {
    let Some((owner, repo)) = name.split_once("--") else {
        return false;
    };
    !owner.is_empty()
        && !repo.is_empty()
        && !owner.starts_with('-')
        && !owner.ends_with('-')
        && !repo.starts_with('-')
        && owner
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        && repo
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
}

/// A folder named as a download of another project: a code host's archive
/// of a branch (`superpowers-main`, `x-master`, as GitHub's "Download ZIP"
/// names it) or a release's (`self-improving-agent-3.0.21`, `x-v1.2.0`).
pub fn is_download_name(name: &str) -> bool {
    let Some((stem, tail)) = name.rsplit_once('-') else {
        return false;
    };
    let release = || {
        let parts: Vec<&str> = tail.strip_prefix('v').unwrap_or(tail).split('.').collect();
        parts.len() == 3
            && parts
                .iter()
                .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    };
    !stem.is_empty() && (tail == "main" || tail == "master" || release())
}

/// The copies of other repositories among the skill folders `dirs` and
/// the folders above them: folders named `<owner>--<repo>`
/// ([`names_a_repository_copy`]) of which one folder holds at least five,
/// a mirror of other repositories' skills.
pub fn mirror_copies<'a>(
    dirs: impl Iterator<Item = &'a str>,
) -> std::collections::HashSet<&'a str> {
    let mut by_parent: std::collections::HashMap<&str, std::collections::HashSet<&str>> =
        Default::default();
    for dir in dirs {
        let mut p = dir;
        while !p.is_empty() {
            let (parent, name) = p.rsplit_once('/').unwrap_or(("", p));
            if names_a_repository_copy(name) {
                by_parent.entry(parent).or_default().insert(p);
            }
            p = parent;
        }
    }
    by_parent
        .into_values()
        .filter(|copies| copies.len() >= MIRROR_MIN)
        .flatten()
        .collect()
}

/// Whether the skill folder `dir`, whose `SKILL.md` names the skill `name`,
/// is a snapshot of that skill: the folder's own name has the word
/// `snapshot` (`skill-snapshot`, `skill-snapshot-v2.4.0`, `snapshots`) and
/// the skill is named otherwise (`state-scanner`), without that word. A
/// copy kept to compare runs or versions, whose links are written for the
/// skill's own place; no client installs it from here. A skill about
/// snapshots names its folder after itself (`db-snapshot`), and is none.
pub fn is_named_snapshot(dir: &str, name: &str) -> bool {
    let folder = dir.rsplit('/').next().unwrap_or(dir);
    let has_word = |text: &str| {
        text.split(['-', '_', '.', ' '])
            .any(|w| w.eq_ignore_ascii_case("snapshot") || w.eq_ignore_ascii_case("snapshots"))
    };
    !name.is_empty() && has_word(folder) && !has_word(name) && !folder.eq_ignore_ascii_case(name)
}

/// What a finding's help says in a snapshot ([`is_named_snapshot`]).
pub fn snapshot_note(dir: &str, name: &str) -> String {
    format!("a warning here: `{dir}/` is a snapshot of the skill `{name}`, kept to compare with, whose links are written for that skill's own folder; no client installs it from here")
}

/// The mirror copy ([`mirror_copies`]) whose skill folder's README page is
/// `path` (`README.md`, `README_zh-CN.md` beside a `SKILL.md` among
/// `skills`): the upstream repository's landing page, whose links are
/// written for that repository's tree, which the mirror did not copy.
pub fn mirrored_readme<'a>(
    path: &str,
    skills: &std::collections::HashSet<&str>,
    copies: &std::collections::HashSet<&'a str>,
) -> Option<&'a str> {
    let (dir, name) = path.rsplit_once('/')?;
    if !name.to_ascii_lowercase().starts_with("readme") || !skills.contains(dir) {
        return None;
    }
    let mut p = dir;
    loop {
        if let Some(copy) = copies.get(p) {
            return Some(copy);
        }
        p = p.rsplit_once('/')?.0;
    }
}

/// What a finding's help says when [`mirrored_readme`] lowered it.
pub fn mirror_note(copy: &str) -> String {
    format!("a warning here: the page is the README of `{copy}`, one of a mirror's copies of other repositories (named `<owner>--<repo>`), and its links are written for that repository's tree")
}

/// Whether the skill-relative page `rel` of `folder` is a project's own
/// page in a scrape of its repository: a README, change log, contributing
/// guide, or the scrape's releases and issues pages, in a subfolder of the
/// skill that also holds `file_structure.md`, the listing of the project's
/// files a scraper writes beside them (`references/README.md`,
/// `references/CHANGELOG.md`). Their links are written for the project's
/// tree (`./package.json`, `docs/Contribute/README.md`).
pub fn in_repository_scrape(folder: &crate::model::skill::folder::Folder, rel: &str) -> bool {
    let Some((dir, name)) = rel.rsplit_once('/') else {
        return false;
    };
    let stem = name.split('.').next().unwrap_or(name).to_ascii_lowercase();
    matches!(
        stem.as_str(),
        "readme" | "changelog" | "contributing" | "releases" | "issues"
    ) && folder
        .kind(&crate::discover::join_rel(dir, "file_structure.md"))
        .is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::skill::install::is_copy_folder;

    #[test]
    fn copies_named_by_a_commit_or_a_download() {
        assert!(is_copy_folder("e5b397c9f1a2b3c4d5e6f708192a3b4c5d6e7f80"));
        assert!(!is_copy_folder("e5b397c9"));
        assert!(!is_copy_folder("report-upstream"));
        // A code host's archive of a branch, a release's download.
        assert!(is_copy_folder("superpowers-main"));
        assert!(is_copy_folder("skills-master"));
        assert!(is_copy_folder("self-improving-agent-3.0.21"));
        assert!(is_copy_folder("tool-v1.2.0"));
        // Not a download: no stem, not three numbers, a word ending so.
        assert!(!is_copy_folder("-main"));
        assert!(!is_copy_folder("python-3.12"));
        assert!(!is_copy_folder("remain"));
        assert!(!is_copy_folder("cross-domain"));
        assert!(!is_copy_folder("main"));
    }

    #[test]
    fn a_mirrors_copies_and_their_readmes() {
        let mut dirs: Vec<String> = (0..5)
            .map(|i| format!("skills/owner{i}--repo-{i}"))
            .collect();
        dirs.push("plugins/a--b/skills/x".to_string());
        dirs.push("skills/tools--misc".to_string());
        let copies = mirror_copies(dirs.iter().map(String::as_str));
        assert!(copies.contains("skills/owner0--repo-0"));
        // One folder so named is no mirror.
        assert!(!copies.contains("plugins/a--b"));
        assert!(copies.contains("skills/tools--misc"));
        let skills: std::collections::HashSet<&str> = dirs.iter().map(String::as_str).collect();
        assert_eq!(
            mirrored_readme("skills/owner1--repo-1/README.md", &skills, &copies),
            Some("skills/owner1--repo-1")
        );
        assert_eq!(
            mirrored_readme("skills/owner1--repo-1/docs/README.md", &skills, &copies),
            None
        );
        assert_eq!(
            mirrored_readme("skills/owner1--repo-1/SKILL.md", &skills, &copies),
            None
        );
        assert_eq!(
            mirrored_readme("plugins/a--b/skills/x/README.md", &skills, &copies),
            None
        );
        assert!(!names_a_repository_copy("a--"));
        assert!(!names_a_repository_copy("-a--b"));
        assert!(!names_a_repository_copy("plain-name"));
    }

    #[test]
    fn a_snapshot_is_named_so_and_holds_another_skill() {
        assert!(is_named_snapshot(
            "bench/ab/skill-snapshot",
            "state-scanner"
        ));
        assert!(is_named_snapshot(
            "bench/it-2/skill-snapshot-v2.4.0",
            "state-scanner"
        ));
        assert!(is_named_snapshot("snapshots", "pdf"));
        assert!(is_named_snapshot("x/Snapshot_2026", "pdf"));
        // A skill about snapshots, named after its folder or with the word.
        assert!(!is_named_snapshot("skills/db-snapshot", "db-snapshot"));
        assert!(!is_named_snapshot("skills/snapshot", "snapshot"));
        assert!(!is_named_snapshot("skills/snapshot-tool", "vm-snapshots"));
        // The word must be whole.
        assert!(!is_named_snapshot("skills/snapshotter", "pdf"));
        assert!(!is_named_snapshot("skills/skill-snapshot", ""));
    }
}
