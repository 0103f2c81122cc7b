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

/// Whether Claude Code installs the skill: it is in a project's
/// `.claude/skills`, or in a Claude Code plugin (a plugin folder with
/// `.claude-plugin/`, or one a Claude Code marketplace's entry defines and
/// no `.codex-plugin/` marks) outside another client's folder
/// (`.gemini/skills/x` of a plugin at the repository's root is Gemini's).
pub fn by_claude_code(folder: &Folder) -> bool {
    use crate::discover::join_rel;
    if let Some(c) = client_folder(&folder.dir) {
        return c == ".claude" || c.ends_with("/.claude");
    }
    folder.plugin_root().is_some_and(|root| {
        folder.exists_in_repository(&join_rel(root, ".claude-plugin"))
            || (!folder.exists_in_repository(&join_rel(root, ".codex-plugin"))
                && std::iter::successors(Some(root.to_string()), |d| {
                    (!d.is_empty()).then(|| crate::discover::parent_of(d))
                })
                .any(|d| {
                    folder.is_file_in_repository(&join_rel(&d, ".claude-plugin/marketplace.json"))
                }))
    })
}

/// Whether the skill is judged as Claude Code installs it: no target is
/// chosen (`targets:`, `--target`) and only Claude Code installs the skill
/// ([`by_claude_code`]). The open format's letter that Claude Code does not
/// hold a skill to (`name` equal to the folder's, the types of fields it
/// never reads) is then a warning, with [`claude_code_note`].
pub fn only_claude_code(settings: &crate::settings::Settings, folder: &Folder) -> bool {
    !settings.config.targets_chosen && by_claude_code(folder)
}

/// What a finding's help says when [`only_claude_code`] lowered it: what
/// Claude Code does instead (`why`), and who would still see the defect.
pub fn claude_code_note(why: &str) -> String {
    format!("a warning here: Claude Code installs this skill (a Claude Code plugin's, or a project's `.claude/skills`) and {why}; an installer of the open format (`npx skills`, Codex) would see it. Set `targets:` to say which clients the skill is for")
}

/// The skill folder that holds the skill folder of `folder`, the nearest
/// one (`skills/guard` for `skills/guard/lib/skills/check`): a folder with a
/// `SKILL.md` above it that is no index of skills, or the repository's root.
pub fn enclosing_skill(folder: &Folder) -> Option<String> {
    let mut dir = folder.dir.as_str();
    while let Some((up, _)) = dir.rsplit_once('/') {
        if !folder.indexes.iter().any(|i| i == up)
            && folder.is_file_in_repository(&format!("{up}/SKILL.md"))
        {
            return Some(up.to_string());
        }
        dir = up;
    }
    (!folder.dir.is_empty()
        && !folder.indexes.iter().any(String::is_empty)
        && folder.is_file_in_repository("SKILL.md"))
    .then(String::new)
}

/// The rules about what a skill's own files say, not about the skill as a
/// client lists it: a `SKILL.md` read as a page of another skill is still
/// followed by the agent.
const PAGE_RULES: &[&str] = &["skill/broken-reference", "skill/reference-escapes"];

/// Whether a finding of `rule` on a nested `SKILL.md` ([`enclosing_skill`])
/// is lowered when only Claude Code installs it ([`only_claude_code`]):
/// Claude Code lists a skills folder one level down, so what the nested
/// file's frontmatter gets wrong reaches no client. Codex walks a skills
/// folder to any depth (choose the `codex` target to hold it to that).
pub fn lowers_nested(rule: &str) -> bool {
    rule.starts_with("skill/") && !PAGE_RULES.contains(&rule)
}

/// Folders that hold a copy of another project (vendored code, an
/// upstream's docs kept beside the skill): `vendor/`, `third_party/`,
/// `upstream/`. Their files' links are written for that project's tree.
pub const COPY_DIRS: &[&str] = &[
    "vendor",
    "vendored",
    "third_party",
    "third-party",
    "thirdparty",
    "upstream",
];

/// What a finding's help says when a copy lowered its severity.
pub const COPY_NOTE: &str =
    "a warning here: the file is in a copy of another project, whose links are written for that project's tree";

/// What a finding's help says when a site's documentation for models
/// lowered its severity.
pub const SITE_DUMP_NOTE: &str =
    "a warning here: the file is a site's documentation for language models (the llms.txt convention), whose links are written for the site's own tree";

/// Whether a file is a site's documentation gathered for language models
/// by the llms.txt convention (llmstxt.org): named `llms.txt`,
/// `llms-full.txt` or a Markdown copy of one (`llms-full.md`,
/// `llms-txt.md`), or saying so in its first lines ("following the
/// llmtxt.org standard"). Its pages are another project's, with links into
/// that site's tree.
pub fn is_site_dump(rel: &str, text: &str) -> bool {
    let name = rel.rsplit('/').next().unwrap_or(rel).to_ascii_lowercase();
    let stem = name.split('.').next().unwrap_or(&name);
    let named = (stem == "llms" || stem.starts_with("llms-") || stem.starts_with("llms_"))
        && (name.ends_with(".md") || name.ends_with(".txt") || name.ends_with(".mdx"));
    named
        || text.lines().take(12).any(|l| {
            let l = l.to_ascii_lowercase();
            l.contains("llmstxt.org") || l.contains("llmtxt.org")
        })
}

/// Whether the skill-relative path `rel` lies in a folder of a copy of
/// another project ([`is_copy_folder`], a folder named `<x>-upstream` or
/// for a code host, `references/github/`), or is a page named as one (`references/upstream-README.md`, an
/// upstream's README kept beside the skill's own).
pub fn in_copy_of_another_project(rel: &str) -> bool {
    let (dirs, name) = rel.rsplit_once('/').unwrap_or(("", rel));
    let name = name.to_ascii_lowercase();
    let upstreams = ["upstream-", "upstream_"]
        .iter()
        .filter_map(|p| name.strip_prefix(p))
        .any(|rest| rest.starts_with("readme"));
    if upstreams {
        return true;
    }
    dirs.split('/').filter(|d| !d.is_empty()).any(|d| {
        is_copy_folder(d) || {
            let d = d.to_ascii_lowercase();
            d.ends_with("-upstream") || d.ends_with("_upstream") || CODE_HOSTS.contains(&d.as_str())
        }
    })
}

/// Folders inside a skill named for a code host (`references/github/`):
/// the pages a scraper took from a project's repository there (its
/// `README.md`, `releases.md`, `issues.md`), whose links are the project's.
const CODE_HOSTS: &[&str] = &["github", "gitlab", "bitbucket", "codeberg"];

/// Whether the page at the skill-relative `rel` of `folder` is in a copy
/// of another project: a folder named as one
/// ([`in_copy_of_another_project`]), or a folder below the skill's own that
/// is a project's root by its license
/// (`reference/ref_repositories/cann-ops/LICENSE`), whose pages link into
/// that project's tree.
pub fn in_copy_within(folder: &Folder, rel: &str) -> bool {
    const LICENSES: &[&str] = &["LICENSE", "LICENSE.md", "LICENSE.txt", "COPYING"];
    in_copy_of_another_project(rel)
        || std::iter::successors(rel.rsplit_once('/').map(|(d, _)| d), |d| {
            d.rsplit_once('/').map(|(up, _)| up)
        })
        .any(|dir| {
            LICENSES
                .iter()
                .any(|l| folder.kind(&crate::discover::join_rel(dir, l)).is_some())
        })
}

/// Whether a folder of that name holds a copy of another project: one of
/// [`COPY_DIRS`], a commit id (40 or 64 hex digits: `upstream-snapshots/
/// e5b397c9…/`), or a download's name ([`super::mirror::is_download_name`]).
pub fn is_copy_folder(name: &str) -> bool {
    COPY_DIRS.iter().any(|c| name.eq_ignore_ascii_case(c))
        || (matches!(name.len(), 40 | 64) && name.bytes().all(|b| b.is_ascii_hexdigit()))
        || super::mirror::is_download_name(name)
}

/// Names of the folders a pack of skills keeps beside them for what they
/// share (`skills/references/`, `skills/docs/`, linked as `../docs/x.md`):
/// the format's resource folders and the usual support folders. No client
/// loads them as skills.
pub const SHARED_FOLDERS: &[&str] = &[
    "scripts",
    "references",
    "assets",
    "docs",
    "examples",
    "templates",
    "tools",
    "shared",
    "common",
    "lib",
    "resources",
];

/// Folder names that hold test fixtures: a `SKILL.md` below one is test
/// input of the repository's maintainers (often wrong on purpose), which no
/// client installs.
pub const FIXTURE_DIRS: &[&str] = &[
    "test",
    "tests",
    "__tests__",
    "testdata",
    "test-data",
    "test_data",
    "fixtures",
    "__fixtures__",
    "test-fixtures",
    "test_fixtures",
];

/// Folders where a run keeps what it produced: a skill's own (a crawl's
/// pages, a report per run, directly in the skill folder), or an
/// evaluation's outside every skill (`tools/eval/results/…`, skill-creator's
/// `<skill>-workspace/iteration-1/…/outputs/`), whose copies of skills are
/// snapshots of a run. Their pages link to media and files the run
/// downloaded or wrote and did not commit.
pub const OUTPUT_DIRS: &[&str] = &["results", "output", "outputs"];

/// Whether a folder of that name holds a run's outputs ([`OUTPUT_DIRS`], or
/// skill-creator's `<skill>-workspace`).
fn is_output_folder(name: &str) -> bool {
    OUTPUT_DIRS.contains(&name) || name.ends_with("-workspace")
}

/// The output folder that holds the file `path` ([`OUTPUT_DIRS`]): one
/// directly in the nearest skill folder among `skills` (repo-relative, each
/// holding a `SKILL.md`), or one above that skill's folder and below no
/// other skill's; none at or below a path named on the command line
/// (`named`).
pub fn output_of(
    path: &str,
    skills: &std::collections::HashSet<&str>,
    named: &[String],
) -> Option<String> {
    let asked = |dir: &str| {
        named
            .iter()
            .any(|n| !n.is_empty() && (n == dir || n.starts_with(&format!("{dir}/"))))
    };
    // The folders above the file, deepest first: one lookup each.
    let mut up = path;
    let skill = loop {
        match up.rsplit_once('/') {
            Some((dir, _)) => {
                if skills.contains(dir) {
                    break Some(dir);
                }
                up = dir;
            }
            None => break skills.contains("").then_some(""),
        }
    };
    if let Some(skill) = skill {
        let rest = if skill.is_empty() {
            path
        } else {
            &path[skill.len() + 1..]
        };
        if let Some((first, below)) = rest.split_once('/') {
            let dir = crate::discover::join_rel(skill, first);
            if OUTPUT_DIRS.contains(&first) && !below.is_empty() && !asked(&dir) {
                return Some(dir);
            }
        }
    }
    // Above the skill (or the file): a run's folder that holds skills.
    let mut up = skill.unwrap_or(path);
    while let Some((dir, _)) = up.rsplit_once('/') {
        if skills.contains(dir) {
            return None;
        }
        let last = dir.rsplit('/').next().unwrap_or(dir);
        if is_output_folder(last) && !asked(dir) {
            return Some(dir.to_string());
        }
        up = dir;
    }
    None
}

/// Folders that hold a template for new skills (`_template/SKILL.md` with
/// `name: capability-name`): copied and filled in, never installed as is.
/// (A plain `template/` is not one of them: `caplint init` proposes to
/// exclude such a placeholder skill, whose errors stand until then.)
pub const TEMPLATE_DIRS: &[&str] = &[
    "_template",
    "_templates",
    "skill-template",
    "skill_template",
    "_skill-template",
];

/// Whether the file at the repo-relative `path` lies in a test-fixture
/// folder ([`FIXTURE_DIRS`]). Only folders below a path named on the
/// command line count (`named`, repo-relative): a fixture the user names is
/// what they asked to lint.
pub fn in_test_fixture(path: &str, named: &[String]) -> bool {
    let dirs: Vec<&str> = folders_below_named(path, named).collect();
    dirs.iter()
        .any(|seg| FIXTURE_DIRS.iter().any(|f| seg.eq_ignore_ascii_case(f)))
        // A skill's evaluations (`evals/<case>/outputs/x/SKILL.md`): the
        // inputs and outputs of its runs. Not the file's own folder: a
        // skill may be named `evals`.
        || dirs
            .split_last()
            .is_some_and(|(_, above)| above.iter().any(|seg| seg.eq_ignore_ascii_case("evals")))
}

/// Whether the file at the repo-relative `path` is a test's, where
/// values are planted to test with: in a test-fixture folder
/// ([`FIXTURE_DIRS`]), `spec/` or `evals/` below every path named on the
/// command line, or named as a test (`x.test.ts`, `x.spec.js`,
/// `test_x.py`, `x_test.go`) unless it is the path named.
pub fn in_test_file(path: &str, named: &[String]) -> bool {
    let in_folder = folders_below_named(path, named).any(|seg| {
        seg.eq_ignore_ascii_case("spec")
            || seg.eq_ignore_ascii_case("evals")
            || FIXTURE_DIRS.iter().any(|f| seg.eq_ignore_ascii_case(f))
    });
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = name.split('.').next().unwrap_or(name);
    let named_so = name.contains(".test.")
        || name.contains(".spec.")
        || stem.eq_ignore_ascii_case("fixtures")
        || stem.eq_ignore_ascii_case("fixture")
        || (stem.starts_with("test_") && stem.len() > 5)
        || (stem.ends_with("_test") && stem.len() > 5);
    in_folder || (named_so && !named.iter().any(|n| n == path))
}

/// Whether the file at `path` lies in a folder of a template for new
/// skills ([`TEMPLATE_DIRS`]), below every path named on the command line.
pub fn in_skill_template(path: &str, named: &[String]) -> bool {
    folders_below_named(path, named)
        .any(|seg| TEMPLATE_DIRS.iter().any(|f| seg.eq_ignore_ascii_case(f)))
}

/// The folder of a copy of another project that holds the file at `path`
/// ([`is_copy_folder`]: `vendor/`, a commit
/// id), below every path named on the command line.
pub fn copy_folder_of<'a>(path: &'a str, named: &[String]) -> Option<&'a str> {
    folders_below_named(path, named).find(|seg| is_copy_folder(seg))
}

/// The folder whose name starts with `_` (`_legacy`, `_archive`,
/// `_original-skills`) above the skill folder that holds the file at
/// `path` (the deepest of `skills`), below every path named on the command
/// line: a folder set aside, whose skills no client's skills folder lists.
/// (A `_` folder inside a skill is the skill's own, such as `_shared/`.)
pub fn set_aside_of<'a>(
    path: &'a str,
    named: &[String],
    skills: &std::collections::HashSet<&'a str>,
) -> Option<&'a str> {
    let inside = |dir: &str, of: &str| {
        dir.len() > of.len() && dir.starts_with(of) && dir.as_bytes()[of.len()] == b'/'
    };
    let skill = skills
        .iter()
        .copied()
        .filter(|s| !s.is_empty() && inside(path, s))
        .max_by_key(|s| s.len())?;
    let above = &path[..skill.rfind('/')?];
    let mut start = 0;
    for n in named.iter().filter(|n| !n.is_empty()) {
        if above == n || inside(n, above) {
            return None;
        }
        if inside(above, n) {
            start = start.max(n.len() + 1);
        }
    }
    above[start..]
        .split('/')
        .find(|seg| seg.len() > 1 && seg.starts_with('_'))
}

/// The folders of `path` below the deepest path named on the command line
/// that holds it (all of them when none does, or none was named).
fn folders_below_named<'a>(path: &'a str, named: &[String]) -> impl Iterator<Item = &'a str> {
    let rest = named
        .iter()
        .filter_map(|n| {
            if n.is_empty() {
                Some(path)
            } else if path == n {
                Some("")
            } else {
                path.strip_prefix(n.as_str())?.strip_prefix('/')
            }
        })
        .min_by_key(|rest| rest.len())
        .unwrap_or(path);
    rest.rsplit_once('/')
        .map(|(dirs, _)| dirs)
        .into_iter()
        .flat_map(|dirs| dirs.split('/'))
}

/// Why no client installs a file from where it is: the installation
/// model's answer for a finding's path ([`not_installed`]). A skill rule's
/// error there is a warning, since no user of a client meets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotInstalled<'a> {
    /// In a test-fixture folder ([`FIXTURE_DIRS`]); a plugin's manifest
    /// there ships with no plugin either.
    Fixture,
    /// In a template for new skills ([`TEMPLATE_DIRS`]).
    Template,
    /// In a copy of another project (`vendor/`, a commit id:
    /// [`is_copy_folder`]), the folder named.
    Copy(&'a str),
    /// In a copy, kept outside every skills folder, of the skill folder
    /// named ([`snapshot_copies`]).
    Snapshot(&'a str),
    /// In a folder where a run keeps what it produced (`results/`,
    /// `output/`: [`output_of`]), the folder named: installed with a skill
    /// at most, and no page the agent is sent to.
    Output(String),
    /// In a skill folder below a folder set aside by a leading `_`
    /// (`_legacy/`, `_archive/`: [`set_aside_of`]), the folder named.
    SetAside(&'a str),
    /// A test's file outside a fixture folder ([`in_test_file`]: `spec/`,
    /// `evals/`, `x.test.ts`, `test_x.py`): installed, perhaps, but its
    /// values are planted to test with.
    TestFile,
}

/// The rule whose findings a test's file lowers: a secret planted to test
/// with is far more common there than a real one.
const SECRET_RULE: &str = "security/secret-value";

impl NotInstalled<'_> {
    /// Whether a finding of the rule `rule` is lowered: every skill rule's,
    /// in a fixture a plugin rule's too, and in a fixture or a test's file
    /// a secret's.
    pub fn lowers(&self, rule: &str) -> bool {
        match self {
            Self::TestFile => rule == SECRET_RULE,
            Self::Fixture => {
                rule.starts_with("skill/") || rule.starts_with("plugin/") || rule == SECRET_RULE
            }
            _ => rule.starts_with("skill/"),
        }
    }

    /// What the help of a finding of `rule` adds.
    pub fn note(&self, rule: &str) -> String {
        if rule == SECRET_RULE {
            return "a warning here: the file is a test's, where values are planted to test with"
                .to_string();
        }
        match self {
            Self::TestFile => String::new(),
            Self::Fixture => {
                "a warning here: the file is in a test-fixture folder, which no client installs"
                    .to_string()
            }
            Self::Template => "a warning here: the folder is a template for new skills, which no client installs as is".to_string(),
            Self::Copy(dir) => format!(
                "a warning here: the file is in `{dir}/`, a copy of another project, which no client installs from here"
            ),
            Self::Output(dir) => format!(
                "a warning here: the file is in `{dir}/`, a folder of what a run wrote (a skill's or an evaluation's outputs), which no client loads as a skill and the agent is not sent to read"
            ),
            Self::SetAside(dir) => format!(
                "a warning here: the skill is below `{dir}/`, a folder its leading `_` sets aside (old or helper skills), which no client's skills folder lists"
            ),
            Self::Snapshot(of) => format!(
                "a warning here: the folder is a copy of `{of}` outside every skills folder, which no client installs"
            ),
        }
    }
}

/// Why no client installs the file at the repo-relative `path`, if none
/// does: a fixture, a template or a copy folder below every path named on
/// the command line (`named`), a snapshot among `snapshots` (pairs of a
/// copy's folder and its skill's, from [`snapshot_copies`]), an output
/// folder of one of the skill folders `skills` ([`output_of`]), or else a
/// test's file ([`in_test_file`]).
pub fn not_installed<'a>(
    path: &'a str,
    named: &[String],
    snapshots: &'a [(String, String)],
    skills: &std::collections::HashSet<&'a str>,
) -> Option<NotInstalled<'a>> {
    if in_test_fixture(path, named) {
        return Some(NotInstalled::Fixture);
    }
    if in_skill_template(path, named) {
        return Some(NotInstalled::Template);
    }
    if let Some(copy) = copy_folder_of(path, named) {
        return Some(NotInstalled::Copy(copy));
    }
    if let Some(dir) = set_aside_of(path, named, skills) {
        return Some(NotInstalled::SetAside(dir));
    }
    snapshots
        .iter()
        .filter(|(dir, _)| {
            path.strip_prefix(dir.as_str())
                .is_some_and(|r| r.starts_with('/'))
        })
        .max_by_key(|(dir, _)| dir.len())
        .map(|(_, of)| NotInstalled::Snapshot(of))
        .or_else(|| output_of(path, skills, named).map(NotInstalled::Output))
        .or_else(|| in_test_file(path, named).then_some(NotInstalled::TestFile))
}

/// The skill folders (`dirs`, each holding a `SKILL.md`) outside every
/// skills root (`roots`) whose folder name is that of a skill inside one
/// (`preview/pdf` beside `skills/pdf`), each with that skill's folder:
/// snapshots, overlays and staging copies that a build or a person copies
/// from, not skills a client installs. A folder at, above or below a path
/// named on the command line (`named`) is linted in full.
pub fn snapshot_copies<'a>(
    dirs: impl Iterator<Item = &'a str> + Clone,
    roots: &[String],
    named: &[String],
) -> Vec<(String, String)> {
    let in_root = |dir: &str| {
        roots
            .iter()
            .any(|r| r.is_empty() || dir.starts_with(&format!("{r}/")))
    };
    let is_named = |dir: &str| {
        named.iter().any(|n| {
            !n.is_empty()
                && (dir == n
                    || dir.starts_with(&format!("{n}/"))
                    || n.starts_with(&format!("{dir}/")))
        })
    };
    let name_of = |dir: &str| dir.rsplit('/').next().unwrap_or(dir).to_string();
    let mut installed: std::collections::HashMap<String, &str> = Default::default();
    for dir in dirs.clone().filter(|d| in_root(d)) {
        installed.entry(name_of(dir)).or_insert(dir);
    }
    dirs.filter(|d| !d.is_empty() && !in_root(d) && !is_named(d))
        .filter_map(|d| Some((d.to_string(), installed.get(&name_of(d))?.to_string())))
        .collect()
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
    fn test_fixture_folders_below_the_named_paths() {
        let none: Vec<String> = Vec::new();
        assert!(in_test_fixture("tests/fixtures/bad/SKILL.md", &none));
        assert!(in_test_fixture("plugins/p/__tests__/x/SKILL.md", &none));
        assert!(in_test_fixture("testdata/skills/a/SKILL.md", &none));
        assert!(in_test_file("loki/tests/mcp/auth.py", &none));
        assert!(in_test_file("src/runner/gates.test.ts", &none));
        assert!(in_test_file("scripts/test_login.py", &none));
        assert!(in_test_file("skills/s/evals/evals.json", &none));
        assert!(in_test_file("skills/decision-journal/fixtures.json", &none));
        assert!(!in_test_file("skills/s/scripts/login.py", &none));
        assert!(!in_test_file("skills/s/scripts/attest.py", &none));
        let named = vec!["testdata".to_string(), "x/test_a.py".to_string()];
        assert!(!in_test_file("testdata/agents/a.profile.json", &named));
        assert!(!in_test_file("x/test_a.py", &named));
        assert!(!in_test_fixture("skills/testing/SKILL.md", &none));
        assert!(!in_test_fixture("skills/tests-runner/SKILL.md", &none));
        assert!(!in_test_fixture("SKILL.md", &none));
        let named = vec!["testdata".to_string()];
        assert!(!in_test_fixture("testdata/skills/a/SKILL.md", &named));
        assert!(in_test_fixture("testdata/fixtures/a/SKILL.md", &named));
        let named = vec!["tests/fixtures/bad".to_string()];
        assert!(!in_test_fixture("tests/fixtures/bad/SKILL.md", &named));
        let named = vec![String::new()];
        assert!(in_test_fixture("tests/x/SKILL.md", &named));
    }

    #[test]
    fn a_folder_set_aside_by_its_leading_underscore_holds_no_installed_skill() {
        let none: Vec<String> = Vec::new();
        let set: std::collections::HashSet<&str> =
            ["_legacy/mobile/ios", "skills/pdf", "skills/_archive/old"]
                .into_iter()
                .collect();
        let of = |p, named: &[String]| set_aside_of(p, named, &set);
        assert_eq!(of("_legacy/mobile/ios/SKILL.md", &none), Some("_legacy"));
        assert_eq!(
            of("_legacy/mobile/ios/references/a.md", &none),
            Some("_legacy")
        );
        assert_eq!(of("skills/_archive/old/SKILL.md", &none), Some("_archive"));
        // A `_` folder inside a skill is its own (`_shared/`).
        assert_eq!(of("skills/pdf/_shared/a.md", &none), None);
        assert_eq!(of("skills/pdf/SKILL.md", &none), None);
        // Named on the command line, at or below the folder: linted in full.
        assert_eq!(
            of("_legacy/mobile/ios/SKILL.md", &["_legacy".to_string()]),
            None
        );
        assert_eq!(
            of(
                "_legacy/mobile/ios/SKILL.md",
                &["_legacy/mobile/ios".to_string()]
            ),
            None
        );
        assert_eq!(
            of("skills/_archive/old/SKILL.md", &["skills".to_string()]),
            Some("_archive")
        );
        assert!(NotInstalled::SetAside("_legacy").lowers("skill/broken-reference"));
        assert!(!NotInstalled::SetAside("_legacy").lowers("security/secret-value"));
    }

    #[test]
    fn why_a_file_is_not_installed() {
        let none: Vec<String> = Vec::new();
        let dirs = ["skills/pdf", "preview/pdf", "preview/other", "tests/x"];
        let roots = vec!["skills".to_string()];
        let snaps = snapshot_copies(dirs.iter().copied(), &roots, &none);
        assert_eq!(
            snaps,
            vec![("preview/pdf".to_string(), "skills/pdf".to_string())]
        );
        let set: std::collections::HashSet<&str> = dirs.iter().copied().collect();
        let why = |p| not_installed(p, &none, &snaps, &set);
        assert_eq!(
            why("preview/pdf/SKILL.md"),
            Some(NotInstalled::Snapshot("skills/pdf"))
        );
        assert_eq!(why("preview/pdfx/SKILL.md"), None);
        assert_eq!(why("preview/other/SKILL.md"), None);
        assert_eq!(why("skills/pdf/SKILL.md"), None);
        assert_eq!(why("tests/x/SKILL.md"), Some(NotInstalled::Fixture));
        assert_eq!(why("_template/SKILL.md"), Some(NotInstalled::Template));
        // A plain `template/` is for `caplint init` to exclude.
        assert_eq!(why("template/SKILL.md"), None);
        assert_eq!(why("skills/templates/SKILL.md"), None);
        assert_eq!(why("vendor/a/SKILL.md"), Some(NotInstalled::Copy("vendor")));
        // A fixture lowers the plugin rules too; the others only skill rules.
        assert!(NotInstalled::Fixture.lowers("plugin/missing-source"));
        assert!(!NotInstalled::Copy("vendor").lowers("plugin/missing-source"));
        assert!(NotInstalled::Copy("vendor").lowers("skill/broken-reference"));
        assert!(!NotInstalled::Template.lowers("security/secret-value"));
        // A test's file lowers a secret only; a fixture a secret too.
        assert_eq!(
            why("skills/s/scripts/test_login.py"),
            Some(NotInstalled::TestFile)
        );
        assert!(NotInstalled::TestFile.lowers("security/secret-value"));
        assert!(!NotInstalled::TestFile.lowers("skill/broken-reference"));
        assert!(NotInstalled::Fixture.lowers("security/secret-value"));
        assert!(NotInstalled::Fixture
            .note("security/secret-value")
            .contains("planted to test with"));
        // A folder the user names is linted in full.
        let named = vec!["preview/pdf".to_string()];
        assert!(snapshot_copies(dirs.iter().copied(), &roots, &named).is_empty());
        // What a run of the skill wrote, in its output folder; not a skill
        // named `results`, nor a file beside the folder, nor a folder the
        // user names.
        let out = |d: &str| Some(NotInstalled::Output(d.to_string()));
        assert_eq!(
            why("skills/pdf/results/2026-03-01.md"),
            out("skills/pdf/results")
        );
        assert_eq!(why("skills/pdf/output/a/b.md"), out("skills/pdf/output"));
        assert_eq!(why("skills/pdf/results.md"), None);
        assert_eq!(why("skills/pdf/references/results/a.md"), None);
        let skills = ["skills/results"].into_iter().collect();
        assert_eq!(
            not_installed("skills/results/SKILL.md", &none, &[], &skills),
            None
        );
        let named = vec!["skills/pdf/results".to_string()];
        assert_eq!(
            not_installed("skills/pdf/results/a.md", &named, &[], &set),
            None
        );
        // An evaluation's run, outside every skill, that copied skills: a
        // snapshot of the run (skill-creator's `<skill>-workspace` too).
        let runs: std::collections::HashSet<&str> = [
            "skills/pdf",
            "tools/eval/results/run-1/workspaces/shared/skills/product",
            "pdf-workspace/iteration-1/eval-0/outputs/skills/pdf",
        ]
        .into_iter()
        .collect();
        let run = |p| not_installed(p, &none, &[], &runs);
        assert_eq!(
            run("tools/eval/results/run-1/workspaces/shared/skills/product/SKILL.md"),
            out("tools/eval/results")
        );
        assert_eq!(
            run("pdf-workspace/iteration-1/eval-0/outputs/skills/pdf/SKILL.md"),
            out("pdf-workspace/iteration-1/eval-0/outputs")
        );
        assert_eq!(run("skills/pdf/SKILL.md"), None);
        let output = NotInstalled::Output("skills/pdf/results".to_string());
        assert!(output.lowers("skill/broken-reference"));
        assert!(!output.lowers("security/secret-value"));
    }

    #[test]
    fn a_sites_documentation_for_models() {
        for rel in [
            "references/llms-full.md",
            "llms.txt",
            "docs/llms-txt.md",
            "LLMS-FULL.TXT",
        ] {
            assert!(is_site_dump(rel, "# Docs\n"), "{rel}");
        }
        assert!(is_site_dump(
            "references/pixi.md",
            "# PixiJS\n\nThis file follows the llmstxt.org standard.\n"
        ));
        assert!(!is_site_dump("references/llm-guide.md", "# Using LLMs\n"));
        assert!(!is_site_dump("references/llms-full.py", "x = 1\n"));
    }

    #[test]
    fn copies_of_another_project() {
        assert!(in_copy_of_another_project(
            "references/colima-upstream/README.md"
        ));
        assert!(in_copy_of_another_project("vendor/lib/README.md"));
        assert!(in_copy_of_another_project("Third_Party/x/y.md"));
        assert!(!in_copy_of_another_project("references/upstream-notes.md"));
        assert!(in_copy_of_another_project("references/upstream-README.md"));
        assert!(in_copy_of_another_project("upstream_readme.md"));
        assert!(!in_copy_of_another_project("references/vendors.md"));
        assert!(!in_copy_of_another_project("SKILL.md"));
    }

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
