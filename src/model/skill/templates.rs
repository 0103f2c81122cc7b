//! Templates of the skill's output, read from their text: a line beside a
//! bracketed fill-in (`- [x.md](./x.md) - [Description]`), and a page whose
//! title holds one (`# Implementation Plan: [Project Name]`). A template is
//! filled in where the output lives, so its paths are written for there.

use crate::model::skill::prose::lines_around;
use crate::source::SourceFile;
use crate::syntax::markdown::Ref;

/// Whether the line is a line of a template the skill fills in: beside the
/// reference it holds a bracketed fill-in (`[Description]` after
/// `[c4-code-file-1.md](./c4-code-file-1.md)`, `[Component Name]`), a
/// capitalised phrase in square brackets that is no link, no checkbox and
/// no admonition; or the line that opens its list item does.
pub fn fill_in_line(source: &SourceFile, r: &Ref) -> bool {
    // A fill-in is near the reference: the words within `NEAR` bytes of it
    // are read, so a line of many links costs each of them the same.
    const NEAR: usize = 160;
    let (line, prev, col) = lines_around(&source.text, r.span.offset);
    let end = (col + r.span.length).min(line.len());
    let col = col.min(end);
    let from = floor_boundary(line, col.saturating_sub(NEAR));
    let to = floor_boundary(line, (end + NEAR).min(line.len()));
    let window = &line[from..to];
    // The line that opens the list item (`- [Component Name]: [Description]`
    // over `  - Documentation: [x.md](./x.md)`).
    let nested = line.starts_with([' ', '\t']) && prev.trim_start().starts_with(['-', '*']);
    let head = &prev[..floor_boundary(prev, NEAR.min(prev.len()))];
    fill_in(window, col - from..end - from) || (nested && fill_in(head, 0..0))
}

/// Why the errors of the page `rel` (its `text`) of `folder` are warnings,
/// if they are: it is in a copy of another project
/// ([`crate::model::skill::install::in_copy_within`], a repository scrape:
/// [`crate::model::skill::mirror::in_repository_scrape`]), a site's
/// documentation for models ([`crate::model::skill::install::is_site_dump`]),
/// or a page no client reads or a template
/// ([`template_note`]).
pub fn lowering_note(
    folder: &crate::model::skill::folder::Folder,
    rel: &str,
    text: &str,
) -> Option<&'static str> {
    use crate::model::skill::{install, mirror};
    if mirror::in_repository_scrape(folder, rel) || install::in_copy_within(folder, rel) {
        Some(install::COPY_NOTE)
    } else if install::is_site_dump(rel, text) {
        Some(install::SITE_DUMP_NOTE)
    } else {
        template_note(rel, text)
    }
}

/// Why a page's missing links are warnings, if they are: the page is no
/// file the client reads as the skill's instructions
/// ([`unread_page_note`]), or a template, titled as one
/// ([`is_template_page`]) or rendered into other files
/// ([`is_rendered_template`]). `SKILL.md` itself is always read.
pub fn template_note(rel: &str, text: &str) -> Option<&'static str> {
    if rel == crate::discover::SKILL_MD {
        None
    } else if let Some(note) = unread_page_note(rel) {
        Some(note)
    } else if is_template_page(rel, text) {
        Some(TEMPLATE_PAGE_NOTE)
    } else if is_rendered_template(rel, text) {
        Some(RENDERED_NOTE)
    } else {
        None
    }
}

/// Why a page's links are warnings by where it lies in the skill: a
/// Markdown page in the skill's `assets/` is material of the output (the
/// Agent Skills format: templates and files the output uses, not
/// documentation the agent loads), its links written for where the output
/// is saved; a hidden file or one in a hidden folder (`references/.ios.md`)
/// is one no listing shows and no client loads.
pub fn unread_page_note(rel: &str) -> Option<&'static str> {
    if rel
        .split('/')
        .any(|p| p.starts_with('.') && p != "." && p != "..")
    {
        Some(HIDDEN_NOTE)
    } else if rel
        .split_once('/')
        .is_some_and(|(first, _)| first.eq_ignore_ascii_case("assets"))
        && crate::model::skill::paths::is_markdown(rel)
    {
        Some(ASSETS_NOTE)
    } else {
        None
    }
}

/// What a finding's help says when a page in `assets/` lowered it.
pub const ASSETS_NOTE: &str = "a warning here: the page is in the skill's `assets/`, material of the output the skill writes (not documentation the agent loads), so its links may be written for where the output is saved";

/// What a finding's help says when a hidden page lowered it.
pub const HIDDEN_NOTE: &str = "a warning here: the page is hidden (its name or a folder's starts with `.`), so no listing shows it and no client loads it unless a file of the skill names it";

/// What a finding's help says when a page rendered into other files
/// lowered it.
pub const RENDERED_NOTE: &str = "a warning here: the page is a template rendered into other files (it holds `{{NAME}}` fill-ins or include markers), and its links are written for where it is rendered";

/// Whether a Markdown page is a build's template, spliced or rendered into
/// other files: outside fenced code, a line holds a `{{NAME}}` fill-in (an
/// upper-case name) or starts an include or block marker (`<!-- include:
/// partials/x.md -->`, `<!-- block-begin: X -->`). Its links are written
/// for the rendered file's place, not its own.
pub fn is_rendered_template(rel: &str, text: &str) -> bool {
    if !crate::model::skill::paths::is_markdown(rel) {
        return false;
    }
    use crate::syntax::markdown::{fence_close, fence_open};
    let mut fence: Option<(char, usize)> = None;
    text.lines().any(|line| {
        if let Some((c, n)) = fence {
            if fence_close(line, c, n) {
                fence = None;
            }
            return false;
        }
        fence = fence_open(line);
        let t = line.trim_start();
        fence.is_none()
            && (t.starts_with("<!-- include:")
                || t.starts_with("<!-- block-begin:")
                || upper_fill_in(line))
    })
}

/// Whether a line holds `{{NAME}}` with an upper-case name (`{{PR_POLICY}}`)
/// outside inline code: a `` `{{TOKEN}}` `` is a page's mention of the form.
fn upper_fill_in(line: &str) -> bool {
    line.split('`').step_by(2).any(|part| {
        part.match_indices("{{").any(|(i, _)| {
            let rest = &part[i + 2..];
            let name_len = rest
                .bytes()
                .take_while(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || *b == b'_')
                .count();
            name_len >= 2
                && rest.as_bytes()[0].is_ascii_uppercase()
                && rest[name_len..].starts_with("}}")
        })
    })
}

/// What a finding's help says when a page titled as a template lowered it.
pub const TEMPLATE_PAGE_NOTE: &str = "a warning here: the page's title holds a fill-in, so it is a template filled in where the output lives, and its links may be written for there";

/// Whether a page is a template of the skill's output by its title: its
/// first heading holds a bracketed fill-in (`# Implementation Plan:
/// [Project Name]`). The page is copied into the user's work and filled in
/// there, so its links (`[FEAT-001](requirements/features/x.md)`) may be
/// written for that place: a missing one is a warning. Only a Markdown
/// page's first heading in its first 40 lines (after a frontmatter) is
/// read: a script's first comment (`# Runner for [Project Name]`) is none.
pub fn is_template_page(rel: &str, text: &str) -> bool {
    if !crate::model::skill::paths::is_markdown(rel) {
        return false;
    }
    let mut lines = text
        .trim_start_matches('\u{feff}')
        .lines()
        .take(40)
        .skip_while(|l| l.trim().is_empty())
        .peekable();
    if lines.peek().is_some_and(|l| l.trim_end() == "---") {
        lines.next();
        // The frontmatter ends at its closing `---`.
        lines.by_ref().find(|l| l.trim_end() == "---");
    }
    lines
        .find(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#'))
        .is_some_and(|title| title.starts_with(' ') && fill_in(title, 0..0))
}

/// The largest char boundary of `text` at or below `at`.
pub(crate) fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Whether `line` holds a bracketed fill-in outside `skip` (the reference's
/// own span).
fn fill_in(line: &str, skip: std::ops::Range<usize>) -> bool {
    let (col, end) = (skip.start, skip.end);
    let bytes = line.as_bytes();
    let mut at = 0;
    while let Some(open) = line[at..].find('[').map(|i| at + i) {
        let Some(close) = line[open + 1..].find(']').map(|i| open + 1 + i) else {
            break;
        };
        at = close + 1;
        // The reference's own link, or a bracket inside it.
        if open < end && close >= col.min(end) {
            continue;
        }
        let inner = &line[open + 1..close];
        let next = bytes.get(close + 1).copied();
        let words = inner.split_whitespace().count();
        if matches!(next, Some(b'(' | b'[' | b':'))
            || inner.starts_with('!')
            || inner.contains(['[', '`', '/'])
            || !(1..=5).contains(&words)
        {
            continue;
        }
        if inner.chars().next().is_some_and(|c| c.is_uppercase()) {
            return true;
        }
    }
    false
}

/// Whether a skill's `name`, as written (quotes removed), is a template's
/// placeholder (`<skill-name>`, `[TODO: …]`, `{{name}}`, `{skill-name}`,
/// `your-skill-name`, `SKILL_NAME`, `REPLACE-WITH-SKILL-NAME`): the file is
/// a template to copy, not a skill a client installs.
pub fn is_placeholder_name(raw: &str) -> bool {
    let bracketed = [('<', '>'), ('[', ']'), ('{', '}')]
        .iter()
        .any(|&(a, b)| raw.len() > 2 && raw.starts_with(a) && raw.ends_with(b));
    let marked = [
        "TODO",
        "FIXME",
        "PLACEHOLDER",
        "REPLACE",
        "CHANGEME",
        "CHANGE-ME",
    ]
    .iter()
    .any(|m| raw.contains(m));
    let yours = raw.starts_with("your-") || raw.starts_with("your_") || raw == "skill-name";
    // A template engine's fill-in inside it (`pneuma-{{modeName}}`, `x-${id}`).
    let filled = ["{{", "${", "<%"].iter().any(|o| raw.contains(o));
    // A generator's upper-case variable for the name (`SKILL_NAME`,
    // `SUITE_NAME`), replaced when the template is copied.
    let variable = raw
        .bytes()
        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        && raw.split('_').any(|w| w == "NAME");
    bracketed || marked || yours || filled || variable
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_titled_with_a_fill_in_is_a_template() {
        assert!(is_template_page("x.md", 
            "# Implementation Plan: [Project Name]\n\n**Feature:** [FEAT-001](requirements/features/feature-name.md)\n"
        ));
        assert!(is_template_page(
            "x.md",
            "---\nkind: plan\n---\n\n## [Component Name] Review\n"
        ));
        // A title with a link, a checkbox or a lower-case bracket is none.
        assert!(!is_template_page("x.md", "# Refunds [see](x.md)\n"));
        assert!(!is_template_page(
            "x.md",
            "# Tasks\n\n- [ ] Read [the checklist](checklist.md)\n"
        ));
        assert!(!is_template_page("x.md", "# Notes [draft]\n"));
        // Only the first heading counts.
        assert!(!is_template_page("x.md", "# Guide\n\n## Step: [Name]\n"));
        // A script's first comment is no title.
        assert!(!is_template_page(
            "scripts/run.py",
            "# Runner for [Project Name]\nimport sys\n"
        ));
    }

    #[test]
    fn a_page_with_upper_case_fill_ins_or_include_markers_is_rendered() {
        for text in [
            "PRs go through {{PRS_CONTEXT_FILE_PATH}} and [open-pr.sh](../open/open-pr.sh).\n",
            "<!-- block-begin: PR_CONTEXT -->\nSee [it](../x/SKILL.md).\n",
            "<!-- include: partials/pr-context.md -->\n",
        ] {
            assert!(is_rendered_template("partials/pr.md", text), "{text}");
            assert_eq!(template_note("partials/pr.md", text), Some(RENDERED_NOTE));
        }
        for text in [
            // A mention of the form in inline code, a lower-case name, a
            // sample in fenced code, a script.
            "Replace every `{{TOKEN}}` before use.\n",
            "Hello {{name}}.\n",
            "```jinja\n{{PROJECT_NAME}}\n```\n",
            // A longer fence holds a shorter one: its lines stay code.
            "````markdown\n```\n{{PROJECT_NAME}}\n````\n",
        ] {
            assert!(!is_rendered_template("README.md", text), "{text}");
        }
        assert!(!is_rendered_template("render.py", "x = '{{NAME}}'\n"));
    }

    #[test]
    fn pages_in_assets_and_hidden_pages_are_not_read_as_the_skill() {
        let plain = "# Guide\n";
        assert_eq!(
            template_note("assets/docs-index.md", plain),
            Some(ASSETS_NOTE)
        );
        assert_eq!(
            template_note("Assets/site/index.md", plain),
            Some(ASSETS_NOTE)
        );
        assert_eq!(
            template_note("references/gestures/.ios.md", plain),
            Some(HIDDEN_NOTE)
        );
        assert_eq!(template_note(".drafts/guide.md", plain), Some(HIDDEN_NOTE));
        // A script in assets/ is the output's too, but its paths are read
        // by the rules of code; the skill's own pages stay read.
        assert_eq!(template_note("assets/build.sh", plain), None);
        assert_eq!(template_note("references/assets.md", plain), None);
        assert_eq!(template_note("references/guide.md", plain), None);
        assert_eq!(template_note("SKILL.md", "# [Project Name]\n"), None);
    }
}
