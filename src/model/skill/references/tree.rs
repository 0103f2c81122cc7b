//! Pages whose links are written for another tree: a skill's pages below
//! `SKILL.md` that link mostly files the skill does not have.
//!
//! A page the skill's author wrote links the skill's own files, and a
//! broken link in it is a slip (a file renamed, never added). A page copied
//! from a project's or a site's documentation links that documentation's
//! tree (`../sql/sql_intro.html`, `../../images/x.png`, sibling pages that
//! were not copied), whether or not anything on it says it is a copy. Its
//! broken links are the original's: as likely to be fixed upstream as
//! here, and not certain to be the skill's defect. So the links of such a
//! page are judged together, once the whole skill has been followed:
//!
//! * a page with at least [`PAGE_TARGETS`] distinct broken link targets,
//!   more broken links than resolving ones, links another tree;
//! * the pages of a skill, taken together, with at least [`TREE_TARGETS`]
//!   distinct broken link targets and more broken links than resolving
//!   ones, are a copied documentation tree: every page's broken links are
//!   its tree's, even on a page with one.
//!
//! A broken link to a file the skill has elsewhere under the same name
//! (`mermaid_diagrams/flowchart.md` for its `references/diagrams/`) names
//! the skill's own file, moved: it counts with the links that resolve, and
//! stays an error, unless the skill's pages are a copied tree as a whole.
//!
//! Their errors become warnings with a note that says so; nothing is
//! silenced (the finding still names each missing file). `SKILL.md`, which
//! the client loads as the skill's instructions, is never judged so.

use super::*;

/// Distinct broken link targets that, outnumbering its resolving links,
/// make one page's links another tree's.
const PAGE_TARGETS: usize = 2;

/// Distinct broken link targets over all of a skill's pages that, with the
/// broken links outnumbering the resolving ones, make the pages a copied
/// documentation tree.
const TREE_TARGETS: usize = 10;

/// What a finding's help says when the page's links were judged another
/// tree's.
pub const OTHER_TREE_NOTE: &str = "a warning here: most links of this page name files the skill does not have, so they are written for the tree the page comes from (a copy of a project's or site's documentation), not for this skill";

/// The links of one page below `SKILL.md`, as the scan met them.
#[derive(Debug, Default)]
pub(super) struct PageLinks {
    /// Links that resolve to a file or folder of the skill.
    resolved: usize,
    /// Links that were errors: the name does not resolve.
    broken: usize,
    /// The distinct targets of those links, as written from the page.
    targets: HashSet<String>,
    /// Where their findings are: indices into [`Scan::broken`] and
    /// [`Scan::escapes`].
    broken_at: Vec<usize>,
    escapes_at: Vec<usize>,
    /// Broken links (into [`Scan::broken`]) to a file of that name the
    /// skill has elsewhere.
    moved_at: Vec<usize>,
}

impl PageLinks {
    fn links_elsewhere(&self) -> bool {
        self.targets.len() >= PAGE_TARGETS && self.broken > self.resolved
    }
}

impl Scan<'_> {
    /// Counts a link of a page below `SKILL.md` that resolved.
    pub(super) fn link_resolved(&mut self, from: &str, r: &Ref) {
        if from != SKILL_MD && r.kind == RefKind::Link {
            self.page_links
                .entry(from.to_string())
                .or_default()
                .resolved += 1;
        }
    }

    /// Counts a link of a page below `SKILL.md` whose finding was just
    /// recorded, when it is an error: the last of [`Scan::broken`], or of
    /// [`Scan::escapes`] with `escape`.
    pub(super) fn link_broken(&mut self, from: &str, r: &Ref, escape: bool) {
        if from == SKILL_MD || r.kind != RefKind::Link {
            return;
        }
        let (len, severity) = if escape {
            (self.escapes.len(), self.escapes.last().map(|f| f.severity))
        } else {
            (self.broken.len(), self.broken.last().map(|f| f.severity))
        };
        if severity != Some(Severity::Error) {
            return;
        }
        let target = r.text.split(['#', '?']).next().unwrap_or(&r.text);
        let name = target.rsplit('/').next().unwrap_or(target);
        if !escape && self.by_name.contains_key(name) {
            // The skill has a file of that name elsewhere
            // (`mermaid_diagrams/flowchart.md` for its
            // `references/diagrams/flowchart.md`): its own file, moved or
            // renamed, which marks the page as the skill's. The error
            // stays, unless the skill's pages are a copied tree as a whole
            // (whose pages share names among its folders).
            let page = self.page_links.entry(from.to_string()).or_default();
            page.resolved += 1;
            page.moved_at.push(len - 1);
            return;
        }
        let page = self.page_links.entry(from.to_string()).or_default();
        page.broken += 1;
        page.targets
            .insert(join_rel(&parent_of(from), target.trim_start_matches("./")));
        if escape {
            page.escapes_at.push(len - 1);
        } else {
            page.broken_at.push(len - 1);
        }
    }

    /// Lowers the errors of the links of pages written for another tree
    /// (see the module's documentation), once every page was followed.
    pub(super) fn lower_other_trees(&mut self) {
        let pages = std::mem::take(&mut self.page_links);
        let broken: usize = pages.values().map(|p| p.broken).sum();
        let resolved: usize = pages.values().map(|p| p.resolved).sum();
        let targets: HashSet<&String> = pages.values().flat_map(|p| &p.targets).collect();
        let tree = targets.len() >= TREE_TARGETS && broken > resolved;
        for page in pages.values().filter(|p| tree || p.links_elsewhere()) {
            for &i in &page.broken_at {
                lower(&mut self.broken[i]);
            }
            for &i in &page.escapes_at {
                lower(&mut self.escapes[i]);
            }
            if tree {
                for &i in &page.moved_at {
                    lower(&mut self.broken[i]);
                }
            }
        }
    }
}

/// An error of a page written for another tree, as a warning that says so.
fn lower<K>(finding: &mut Finding<K>) {
    if finding.severity == Severity::Error {
        finding.severity = Severity::Warning;
        finding.note = Some(OTHER_TREE_NOTE);
    }
}
