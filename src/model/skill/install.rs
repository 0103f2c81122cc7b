//! Where a skill is installed, by which client, and under which name:
//! the facts of the installation model that the skill rules share (the
//! plugin folders themselves are [`crate::model::plugin`]'s).

use crate::model::skill::folder::Folder;

/// The folders of a project in which a client keeps its own skills
/// (`.claude/skills/x`): a skill there is the project's.
pub const CLIENT_DIRS: &[&str] = &[
    ".claude", ".agents", ".codex", ".cursor", ".gemini", ".github",
];

/// The client folder of a project that holds the skill folder `dir`
/// (`app/.claude` for `app/.claude/skills/x`), the innermost one.
pub fn client_folder(dir: &str) -> Option<String> {
    let segs: Vec<&str> = dir.split('/').collect();
    let at = segs
        .windows(2)
        .rposition(|w| CLIENT_DIRS.contains(&w[0]) && w[1] == "skills")?;
    Some(segs[..=at].join("/"))
}

/// Whether Claude Code installs the skill: it is in a Claude Code plugin
/// (a plugin folder with `.claude-plugin/`) or in a project's
/// `.claude/skills`.
pub fn by_claude_code(folder: &Folder) -> bool {
    client_folder(&folder.dir).is_some_and(|c| c == ".claude" || c.ends_with("/.claude"))
        || folder.plugin_root().is_some_and(|root| {
            folder.exists_in_repository(&crate::discover::join_rel(root, ".claude-plugin"))
        })
}

/// A pointer to another skill by its installed name, `plugin:skill` (also
/// written `/plugin:skill`, as a slash command): clients resolve it by name,
/// so it is no file of the folder.
pub fn is_skill_pointer(text: &str) -> bool {
    let t = text.strip_prefix('/').unwrap_or(text);
    let Some((plugin, skill)) = t.split_once(':') else {
        return false;
    };
    let word = |w: &str| {
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
            && !w.starts_with('-')
    };
    plugin.len() >= 2 && word(plugin) && word(skill)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plugin_skill_pointers_are_not_paths() {
        for t in [
            "/acme:acme-functions",
            "acme:setup",
            "superpowers:brainstorming",
        ] {
            assert!(is_skill_pointer(t), "{t}");
        }
        for t in [
            "/etc/passwd",
            "C:/x",
            "c:x",
            "scripts/run.py",
            "/a:b/c",
            "https://x.org",
            "a:",
        ] {
            assert!(!is_skill_pointer(t), "{t}");
        }
    }

    #[test]
    fn client_folders_of_a_project() {
        assert_eq!(
            client_folder(".claude/skills/x").as_deref(),
            Some(".claude")
        );
        assert_eq!(
            client_folder("app/.agents/skills/x/.claude/skills/y").as_deref(),
            Some("app/.agents/skills/x/.claude")
        );
        assert_eq!(client_folder("skills/x"), None);
        assert_eq!(client_folder(".claude/x"), None);
    }
}
