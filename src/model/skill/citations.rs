//! Passages a skill cites from other documents: a quotation on a line,
//! and the sections headed as evidence or citations. Their links are the
//! cited documents' own, not the skill's, so none of them is certain.

use crate::model::skill::prose::lines_around;
use crate::model::skill::templates::floor_boundary;
use crate::source::SourceFile;
use crate::syntax::markdown::{fence_close, fence_open, Ref};

/// Headings of a section that cites other documents: its items quote or
/// paraphrase them (`## Evidence` of a skill generated from a paper's
/// repository: `- [readme] The schema ([app/schema.json](app/schema.json)) …`),
/// so its relative links are the cited documents' own.
const CITING_HEADINGS: &[&str] = &[
    "evidence",
    "citations",
    "provenance",
    "attribution",
    "attributions",
    "quotes",
    "quotations",
    "excerpts",
];

/// The byte ranges of the sections of `text` whose heading says they cite
/// other documents (evidence, citations, provenance, …): from the heading to the next
/// heading of the same or a higher level, outside fenced code. One pass.
pub fn cited_sections(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut open: Option<(usize, usize)> = None;
    let mut fence: Option<(char, usize)> = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        if let Some((c, n)) = fence {
            if fence_close(line, c, n) {
                fence = None;
            }
            continue;
        }
        fence = fence_open(line);
        if fence.is_some() {
            continue;
        }
        let level = line.bytes().take_while(|&b| b == b'#').count();
        if level == 0 || level > 6 || !line[level..].starts_with([' ', '\t']) {
            continue;
        }
        if let Some((from, lvl)) = open {
            if level <= lvl {
                out.push(from..start);
                open = None;
            }
        }
        let title = line[level..]
            .trim()
            .trim_end_matches(['#', ':', ' '])
            .to_ascii_lowercase();
        let citing = title
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| CITING_HEADINGS.contains(&w));
        if citing && open.is_none() {
            open = Some((start, level));
        }
    }
    if let Some((from, _)) = open {
        out.push(from..text.len());
    }
    out
}

/// Whether a reference stands inside a quotation on its line: between
/// double quotes (straight or curly) that open before it and close after it
/// (`… see details in [CHANGELOG.md](./CHANGELOG.md)."`), a passage of
/// another document, whose links are that document's.
pub fn in_quotation(source: &SourceFile, r: &Ref) -> bool {
    let (line, _, col) = lines_around(&source.text, r.span.offset);
    let col = col.min(line.len());
    let end = (col + r.span.length).min(line.len());
    let quotes = |s: &str| s.chars().filter(|c| matches!(c, '"' | '“' | '”')).count();
    let before = &line[..floor_boundary(line, col)];
    let after = &line[floor_boundary(line, end)..];
    if quotes(before) % 2 == 0 || quotes(after) == 0 {
        return false;
    }
    // The quote that opens the passage opens prose (after a space, a colon
    // or a bracket, or at the line's start), not an attribute's value
    // (`href="x.md"`, `src='…'`) or a string in code.
    let open = before
        .char_indices()
        .rev()
        .find(|(_, c)| matches!(c, '"' | '“' | '”'))
        .map_or(0, |(i, _)| i);
    let opener = before[..open].chars().next_back();
    opener.is_none_or(|c| c.is_whitespace() || matches!(c, ':' | '(' | '[' | '—' | '-'))
}

/// What a finding's help says when the link was in a cited passage.
pub const CITED_NOTE: &str = "a warning here: the link is in a passage quoted or cited from another document (a quotation, or a section of evidence or citations), whose links are that document's";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::skill::prose::tests::at;
    use crate::syntax::markdown::RefKind;

    #[test]
    fn cited_sections_run_to_the_next_heading_of_their_level() {
        let text = "# Skill\n\n## Evidence\n\n- [readme] a\n\n### From the paper\n\nb\n\n```\n## Evidence in code\n```\n\n## Steps\n\nc\n";
        let ranges = cited_sections(text);
        assert_eq!(ranges.len(), 1, "{ranges:?}");
        let section = &text[ranges[0].clone()];
        assert!(section.starts_with("## Evidence\n") && section.contains("b\n"));
        assert!(!section.contains("## Steps"));
        // `## References` names the skill's own pages, not cited ones.
        assert!(cited_sections("## References\n\n- [api](references/api.md)\n").is_empty());
    }

    #[test]
    fn a_quotation_holds_its_links_but_an_attribute_is_no_quotation() {
        let quoted = "The notes say \"see [the log](./CHANGELOG.md) for more\".\n";
        let (s, r) = at(quoted, "./CHANGELOG.md", RefKind::Link);
        assert!(in_quotation(&s, &r));
        let (s, r) = at(
            "See <a href=\"gone.md\">gone</a>.\n",
            "gone.md",
            RefKind::Link,
        );
        assert!(!in_quotation(&s, &r));
        let (s, r) = at("Say \"hi\", then read [x](x.md).\n", "x.md", RefKind::Link);
        assert!(!in_quotation(&s, &r));
    }
}
