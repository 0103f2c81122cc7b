//! A parsed `SKILL.md`: where the frontmatter and body are, the frontmatter
//! as a spanned YAML node tree, and typed views of the fields other parts of
//! caplint need (`name`, `description`, `version`).
//!
//! [`parse_skill_md`] works on text only and never touches the file system,
//! so it serves the working tree and git blobs alike. Every span is a byte
//! range into the full text passed in (BOM included).

use crate::model::skill::frontmatter::{self, Split, SplitError};
use crate::source::Span;
use crate::yaml::{self, Node, NodeKind, Resolved, Style};
use std::ops::Range;

/// Frontmatter larger than this is refused before it is parsed (256 KiB, as
/// agentskills-core's `MAX_FRONTMATTER_BYTES`).
pub const MAX_FRONTMATTER_BYTES: usize = 256 * 1024;

/// Why the frontmatter could not be read as a mapping.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The file is empty (or holds only a BOM and whitespace).
    Empty,
    /// The first line is not `---`; `first_line` is that line's content.
    NoOpening { first_line: Span },
    /// An opening `---` with no closing `---` line.
    NoClosing { open: Span },
    /// Frontmatter over [`MAX_FRONTMATTER_BYTES`]; not parsed.
    TooLarge { open: Span, bytes: usize },
    /// The YAML does not parse; `offset` is into the full text.
    Yaml { offset: usize, message: String },
    /// The YAML parses but is not a mapping.
    NotAMapping { span: Span, found: &'static str },
}

/// One `SKILL.md`, parsed once.
#[derive(Debug, Clone)]
pub struct ParsedSkill {
    /// Repository-relative path, as given.
    pub path: String,
    /// The file starts with a UTF-8 byte-order mark.
    pub bom: bool,
    /// Fence and section ranges, when both fences were found.
    pub split: Option<Split>,
    /// The frontmatter mapping (spans into the full text). `None` when there
    /// is none or it could not be read; see `problem`.
    pub frontmatter: Option<Node>,
    pub problem: Option<Problem>,
    /// The Markdown body: after the closing fence, or the whole text (after a
    /// BOM) when there is no frontmatter.
    pub body: Range<usize>,
}

/// A top-level frontmatter entry: its key and value nodes.
#[derive(Debug, Clone, Copy)]
pub struct Field<'a> {
    pub key: &'a Node,
    pub value: &'a Node,
}

impl<'a> Field<'a> {
    /// The value when it is a YAML string (quoted, block, or plain text that
    /// does not resolve to null, a boolean or a number).
    pub fn as_str(&self) -> Option<&'a str> {
        self.value.as_str()
    }

    /// The scalar text as written, whatever it resolves to.
    pub fn text(&self) -> Option<&'a str> {
        self.value.scalar().map(|(v, _)| v)
    }

    pub fn style(&self) -> Option<Style> {
        self.value.scalar().map(|(_, s)| s)
    }

    pub fn is_quoted(&self) -> bool {
        self.style().is_some_and(Style::is_quoted)
    }

    pub fn resolved(&self) -> Option<Resolved> {
        self.value.resolved()
    }
}

impl ParsedSkill {
    /// The last top-level entry with this key (YAML readers keep the last).
    pub fn field(&self, key: &str) -> Option<Field<'_>> {
        self.frontmatter.as_ref()?.get(key).map(|e| Field {
            key: &e.key,
            value: &e.value,
        })
    }

    pub fn name(&self) -> Option<Field<'_>> {
        self.field("name")
    }

    pub fn description(&self) -> Option<Field<'_>> {
        self.field("description")
    }

    pub fn version(&self) -> Option<Field<'_>> {
        self.field("version")
    }

    /// `name` when it is a string.
    pub fn name_str(&self) -> Option<&str> {
        self.name().and_then(|f| f.as_str())
    }

    /// `version` when it is a string (quoted or not). Use
    /// [`ParsedSkill::version`] to see how it was written.
    pub fn version_str(&self) -> Option<&str> {
        self.version().and_then(|f| f.as_str())
    }

    /// The span of the opening `---` fence, if there is one.
    pub fn open_fence(&self) -> Option<Span> {
        match (&self.split, &self.problem) {
            (Some(s), _) => Some(Span::from_range(s.open.clone())),
            (None, Some(Problem::NoClosing { open })) => Some(*open),
            _ => None,
        }
    }

    /// The YAML between the fences, as a range into the full text.
    pub fn yaml_range(&self) -> Option<Range<usize>> {
        self.split.as_ref().map(|s| s.yaml.clone())
    }
}

/// Splits and parses a `SKILL.md` text. Never fails: problems are recorded
/// in [`ParsedSkill::problem`].
pub fn parse_skill_md(path: &str, text: &str) -> ParsedSkill {
    let bom = text.starts_with('\u{feff}');
    let start = if bom { 3 } else { 0 };
    let mut skill = ParsedSkill {
        path: path.to_string(),
        bom,
        split: None,
        frontmatter: None,
        problem: None,
        body: start..text.len(),
    };
    let split = match frontmatter::split(text) {
        Ok(split) => split,
        Err(SplitError::NoOpening) => {
            skill.problem = Some(if text[start..].trim().is_empty() {
                Problem::Empty
            } else {
                Problem::NoOpening {
                    first_line: first_nonblank_line(text, start),
                }
            });
            return skill;
        }
        Err(SplitError::NoClosing(open)) => {
            skill.problem = Some(Problem::NoClosing {
                open: Span::from_range(open),
            });
            return skill;
        }
    };
    skill.body = split.body.clone();
    let yaml_text = &text[split.yaml.clone()];
    let shift = split.yaml.start;
    let open = Span::from_range(split.open.clone());
    skill.split = Some(split);
    if yaml_text.len() > MAX_FRONTMATTER_BYTES {
        skill.problem = Some(Problem::TooLarge {
            open,
            bytes: yaml_text.len(),
        });
        return skill;
    }
    match yaml::parse(yaml_text) {
        Err(e) => {
            skill.problem = Some(Problem::Yaml {
                offset: e.offset + shift,
                message: e.message,
            })
        }
        Ok(None) => {
            // Empty frontmatter: an empty mapping, so that missing fields are
            // reported as such.
            skill.frontmatter = Some(Node {
                kind: NodeKind::Map(Vec::new()),
                span: open,
                flow: false,
                tag: None,
                anchor: None,
            });
        }
        Ok(Some(root)) => {
            let mut root = yaml::shifted(root, shift);
            tighten(&mut root, text);
            if root.as_map().is_some() {
                skill.frontmatter = Some(root);
            } else {
                skill.problem = Some(Problem::NotAMapping {
                    span: root.span,
                    found: root.type_name(),
                });
            }
        }
    }
    skill
}

fn first_nonblank_line(text: &str, start: usize) -> Span {
    let mut pos = start;
    for line in text[start..].split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        if !content.trim().is_empty() {
            return Span::new(pos, content.len());
        }
        pos += line.len();
    }
    Span::new(start, 0)
}

/// Ends every node's span at its last non-blank character (block
/// collections otherwise run to the start of the next key).
fn tighten(node: &mut Node, text: &str) {
    let bytes = text.as_bytes();
    let mut end = node.span.end().min(bytes.len());
    while end > node.span.offset && bytes[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    node.span.length = end - node.span.offset;
    match &mut node.kind {
        NodeKind::Seq(items) => items.iter_mut().for_each(|i| tighten(i, text)),
        NodeKind::Map(entries) => entries.iter_mut().for_each(|e| {
            tighten(&mut e.key, text);
            tighten(&mut e.value, text);
        }),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, span: Span) -> &str {
        &text[span.range()]
    }

    #[test]
    fn fields_have_spans_in_the_full_text() {
        let text = "---\nname: refund-policy\ndescription: \"When: always\"\nversion: '1.2.0'\n---\n# Body\n";
        let s = parse_skill_md("skills/refund-policy/SKILL.md", text);
        assert_eq!(s.problem, None);
        let name = s.name().unwrap();
        assert_eq!(at(text, name.key.span), "name");
        assert_eq!(at(text, name.value.span), "refund-policy");
        assert_eq!(s.name_str(), Some("refund-policy"));
        assert_eq!(
            at(text, s.description().unwrap().value.span),
            "\"When: always\""
        );
        let v = s.version().unwrap();
        assert_eq!(v.as_str(), Some("1.2.0"));
        assert!(v.is_quoted());
        assert_eq!(&text[s.body.clone()], "# Body\n");
        assert_eq!(at(text, s.open_fence().unwrap()), "---");
    }

    #[test]
    fn bom_and_crlf_keep_offsets() {
        let text = "\u{feff}---\r\nname: a\r\ndescription: b\r\n---\r\nbody";
        let s = parse_skill_md("SKILL.md", text);
        assert!(s.bom);
        assert_eq!(s.problem, None);
        assert_eq!(at(text, s.name().unwrap().value.span), "a");
        assert_eq!(at(text, s.description().unwrap().value.span), "b");
        assert_eq!(&text[s.body.clone()], "body");
    }

    #[test]
    fn unquoted_versions_are_not_strings() {
        let s = parse_skill_md("SKILL.md", "---\nversion: 1.0\n---\n");
        let v = s.version().unwrap();
        assert_eq!(v.text(), Some("1.0"));
        assert_eq!(v.resolved(), Some(Resolved::Float));
        assert_eq!(s.version_str(), None);
    }

    #[test]
    fn problems_are_recorded() {
        assert_eq!(parse_skill_md("x", "").problem, Some(Problem::Empty));
        let text = "\n# Title\n";
        match parse_skill_md("x", text).problem {
            Some(Problem::NoOpening { first_line }) => assert_eq!(at(text, first_line), "# Title"),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            parse_skill_md("x", "---\nname: a\n").problem,
            Some(Problem::NoClosing {
                open: Span::new(0, 3)
            })
        );
        let text = "---\nname: a\ndescription: Refunds: when\n---\n";
        match parse_skill_md("x", text).problem {
            Some(Problem::Yaml { offset, .. }) => assert_eq!(&text[offset..offset + 2], ": "),
            other => panic!("{other:?}"),
        }
        match parse_skill_md("x", "---\n- a\n- b\n---\n").problem {
            Some(Problem::NotAMapping { found, span }) => {
                assert_eq!(found, "a list");
                assert_eq!(span.offset, 4);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn empty_frontmatter_is_an_empty_mapping() {
        let s = parse_skill_md("x", "---\n---\nbody\n");
        assert_eq!(s.problem, None);
        assert!(s.frontmatter.unwrap().as_map().unwrap().is_empty());
    }

    #[test]
    fn large_frontmatter_is_not_parsed() {
        let text = format!(
            "---\nname: a\ndescription: {}\n---\n",
            "x".repeat(300 * 1024)
        );
        match parse_skill_md("x", &text).problem {
            Some(Problem::TooLarge { bytes, open }) => {
                assert!(bytes > MAX_FRONTMATTER_BYTES);
                assert_eq!(open, Span::new(0, 3));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn dashes_inside_a_value_do_not_split() {
        let text = "---\nname: a\ndescription: before --- after\n---\nbody\n";
        let s = parse_skill_md("x", text);
        assert_eq!(s.description().unwrap().as_str(), Some("before --- after"));
    }
}
