//! YAML with spans, on granit-parser (the saphyr family): one node tree whose
//! every key and value remembers its byte range, scalar style and tag.
//! Aliases are kept as references and never expanded, so alias bombs cost
//! nothing. Used for `.caplint.yaml` and for SKILL.md frontmatter.

use crate::source::Span;
use granit_parser::{Event, Options, Parser, ScalarStyle};

/// How many events one document may produce before it is refused.
pub const MAX_EVENTS: usize = 1_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
    Folded,
}

impl Style {
    pub fn is_quoted(self) -> bool {
        matches!(self, Style::SingleQuoted | Style::DoubleQuoted)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind {
    Scalar {
        value: String,
        style: Style,
    },
    Seq(Vec<Node>),
    Map(Vec<Entry>),
    /// `*name`: a reference to an anchored node, deliberately not expanded.
    Alias,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub kind: NodeKind,
    pub span: Span,
    /// `[a, b]` / `{a: b}` rather than block style.
    pub flow: bool,
    /// The tag as written (`!!str`, `!custom`), with its span.
    pub tag: Option<(String, Option<Span>)>,
    /// The span of an `&anchor` defined on this node.
    pub anchor: Option<Span>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub key: Node,
    pub value: Node,
}

/// What a plain scalar means under YAML 1.2's core schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolved {
    Null,
    Bool,
    Int,
    Float,
    Str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub offset: usize,
    pub message: String,
}

impl Node {
    pub fn as_map(&self) -> Option<&[Entry]> {
        match &self.kind {
            NodeKind::Map(entries) => Some(entries),
            _ => None,
        }
    }

    pub fn as_seq(&self) -> Option<&[Node]> {
        match &self.kind {
            NodeKind::Seq(items) => Some(items),
            _ => None,
        }
    }

    /// The scalar text, whatever it resolves to.
    pub fn scalar(&self) -> Option<(&str, Style)> {
        match &self.kind {
            NodeKind::Scalar { value, style } => Some((value, *style)),
            _ => None,
        }
    }

    /// A scalar that is a string: quoted, block, or plain text that does not
    /// resolve to null, a boolean or a number (and carries no non-str tag).
    pub fn as_str(&self) -> Option<&str> {
        match self.resolved() {
            Some(Resolved::Str) => self.scalar().map(|(v, _)| v),
            _ => None,
        }
    }

    pub fn resolved(&self) -> Option<Resolved> {
        let (value, style) = self.scalar()?;
        if let Some((tag, _)) = &self.tag {
            return Some(match tag.as_str() {
                "!!str" | "tag:yaml.org,2002:str" => Resolved::Str,
                "!!int" | "tag:yaml.org,2002:int" => Resolved::Int,
                "!!float" | "tag:yaml.org,2002:float" => Resolved::Float,
                "!!bool" | "tag:yaml.org,2002:bool" => Resolved::Bool,
                "!!null" | "tag:yaml.org,2002:null" => Resolved::Null,
                _ => Resolved::Str,
            });
        }
        if style != Style::Plain {
            return Some(Resolved::Str);
        }
        Some(resolve_plain(value))
    }

    /// The last entry whose key is this string.
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.as_map()?
            .iter()
            .rev()
            .find(|e| e.key.scalar().is_some_and(|(k, _)| k == key))
    }

    pub fn type_name(&self) -> &'static str {
        match &self.kind {
            NodeKind::Seq(_) => "a list",
            NodeKind::Map(_) => "a mapping",
            NodeKind::Alias => "an alias",
            NodeKind::Scalar { .. } => match self.resolved() {
                Some(Resolved::Null) => "null",
                Some(Resolved::Bool) => "a boolean",
                Some(Resolved::Int) => "an integer",
                Some(Resolved::Float) => "a number",
                _ => "a string",
            },
        }
    }

    /// Visits this node and every node below it.
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Node)) {
        f(self);
        match &self.kind {
            NodeKind::Seq(items) => items.iter().for_each(|n| n.walk(f)),
            NodeKind::Map(entries) => entries.iter().for_each(|e| {
                e.key.walk(f);
                e.value.walk(f);
            }),
            _ => {}
        }
    }
}

/// YAML 1.2 core schema resolution of a plain scalar.
pub fn resolve_plain(value: &str) -> Resolved {
    match value {
        "" | "~" | "null" | "Null" | "NULL" => return Resolved::Null,
        "true" | "True" | "TRUE" | "false" | "False" | "FALSE" => return Resolved::Bool,
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" | "-.inf" | "-.Inf" | "-.INF"
        | ".nan" | ".NaN" | ".NAN" => return Resolved::Float,
        _ => {}
    }
    let body = value.strip_prefix(['+', '-']).unwrap_or(value);
    if !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit()) {
        return Resolved::Int;
    }
    if let Some(hex) = value.strip_prefix("0x") {
        if !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Resolved::Int;
        }
    }
    if let Some(oct) = value.strip_prefix("0o") {
        if !oct.is_empty() && oct.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
            return Resolved::Int;
        }
    }
    if is_core_float(body) {
        return Resolved::Float;
    }
    Resolved::Str
}

fn is_core_float(s: &str) -> bool {
    // [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
    let (mantissa, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some(("", frac)) => digits(frac),
        Some((int, frac)) => digits(int) && (frac.is_empty() || digits(frac)),
        None => digits(mantissa),
    };
    let exp_ok = match exp {
        None => true,
        Some(e) => digits(e.strip_prefix(['+', '-']).unwrap_or(e)),
    };
    mantissa_ok && exp_ok && (mantissa.contains('.') || exp.is_some())
}

/// Parses one YAML document. An empty document gives `Ok(None)`.
pub fn parse(text: &str) -> Result<Option<Node>, Error> {
    let mut options = Options::default();
    options.emit_anchor_events = true;
    let parser = Parser::new_from_str_with_options(text, options);
    let mut stack: Vec<Frame> = Vec::new();
    let mut root: Option<Node> = None;
    let mut pending_anchor_for_last: Option<Span> = None;
    let mut events = 0usize;
    let mut documents = 0usize;
    let mut last_was_start = false;
    let byte_of = |m: &granit_parser::Marker| {
        m.byte_offset()
            .unwrap_or_else(|| char_to_byte(text, m.index()))
    };

    for item in parser {
        let (event, span) = match item {
            Ok(pair) => pair,
            Err(err) => {
                return Err(Error {
                    offset: byte_of(err.marker()).min(text.len()),
                    message: err.info(),
                })
            }
        };
        events += 1;
        if events > MAX_EVENTS {
            return Err(Error {
                offset: byte_of(&span.start),
                message: "the document is too large".into(),
            });
        }
        let start = byte_of(&span.start);
        let end = byte_of(&span.end).max(start);
        let node_span = Span::new(start, end - start);
        let tag_of = |tag: &Option<std::borrow::Cow<'_, granit_parser::Tag>>| {
            tag.as_ref().map(|t| {
                let tspan = span
                    .tag_span()
                    .and_then(|s| s.byte_range())
                    .map(Span::from_range);
                let written = tspan
                    .and_then(|s| text.get(s.range()))
                    .map(str::to_string)
                    .unwrap_or_else(|| t.original());
                (written, tspan)
            })
        };
        let is_start = matches!(event, Event::SequenceStart(..) | Event::MappingStart(..));
        if !matches!(event, Event::Anchor(..)) {
            last_was_start = is_start;
        }
        let node = match event {
            Event::StreamStart | Event::StreamEnd | Event::DocumentEnd => continue,
            Event::DocumentStart(..) => {
                documents += 1;
                if documents > 1 {
                    return Err(Error {
                        offset: start,
                        message: "more than one YAML document".into(),
                    });
                }
                continue;
            }
            Event::Anchor(..) => {
                if last_was_start {
                    if let Some(frame) = stack.last_mut() {
                        frame.node.anchor = Some(node_span);
                    }
                } else if let Some(last) = stack.last_mut().and_then(Frame::last_node_mut) {
                    last.anchor = Some(node_span);
                } else if let Some(r) = root.as_mut() {
                    r.anchor = Some(node_span);
                } else {
                    pending_anchor_for_last = Some(node_span);
                }
                continue;
            }
            Event::Scalar(value, style, _, tag) => Node {
                kind: NodeKind::Scalar {
                    value: value.into_owned(),
                    style: convert_style(style),
                },
                span: node_span,
                flow: false,
                tag: tag_of(&tag),
                anchor: None,
            },
            Event::Alias(_) | Event::UnresolvedAlias(_) => Node {
                kind: NodeKind::Alias,
                span: node_span,
                flow: false,
                tag: None,
                anchor: None,
            },
            Event::SequenceStart(style, _, tag) => {
                stack.push(Frame::new(
                    NodeKind::Seq(Vec::new()),
                    node_span,
                    style == granit_parser::StructureStyle::Flow,
                    tag_of(&tag),
                ));
                continue;
            }
            Event::MappingStart(style, _, tag) => {
                stack.push(Frame::new(
                    NodeKind::Map(Vec::new()),
                    node_span,
                    style == granit_parser::StructureStyle::Flow,
                    tag_of(&tag),
                ));
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let Some(frame) = stack.pop() else { continue };
                let mut node = frame.node;
                let node_end = end.max(node.span.offset);
                node.span = Span::new(node.span.offset, node_end - node.span.offset);
                if let Some(dangling) = frame.pending_key {
                    // A key without a value cannot happen in a well-formed event stream.
                    let _ = dangling;
                }
                node
            }
            #[allow(unreachable_patterns)]
            _ => continue,
        };
        match stack.last_mut() {
            Some(frame) => frame.push(node),
            None => {
                let mut node = node;
                if let Some(a) = pending_anchor_for_last.take() {
                    node.anchor = Some(a);
                }
                root = Some(node);
            }
        }
    }
    Ok(root)
}

struct Frame {
    node: Node,
    pending_key: Option<Node>,
}

impl Frame {
    fn new(kind: NodeKind, span: Span, flow: bool, tag: Option<(String, Option<Span>)>) -> Frame {
        Frame {
            node: Node {
                kind,
                span,
                flow,
                tag,
                anchor: None,
            },
            pending_key: None,
        }
    }

    fn push(&mut self, node: Node) {
        match &mut self.node.kind {
            NodeKind::Seq(items) => items.push(node),
            NodeKind::Map(entries) => match self.pending_key.take() {
                None => self.pending_key = Some(node),
                Some(key) => entries.push(Entry { key, value: node }),
            },
            _ => {}
        }
    }

    fn last_node_mut(&mut self) -> Option<&mut Node> {
        if let Some(k) = self.pending_key.as_mut() {
            return Some(k);
        }
        match &mut self.node.kind {
            NodeKind::Seq(items) => items.last_mut(),
            NodeKind::Map(entries) => entries.last_mut().map(|e| &mut e.value),
            _ => None,
        }
    }
}

fn convert_style(style: ScalarStyle) -> Style {
    match style {
        ScalarStyle::Plain => Style::Plain,
        ScalarStyle::SingleQuoted => Style::SingleQuoted,
        ScalarStyle::DoubleQuoted => Style::DoubleQuoted,
        ScalarStyle::Literal => Style::Literal,
        ScalarStyle::Folded => Style::Folded,
    }
}

fn char_to_byte(text: &str, chars: usize) -> usize {
    text.char_indices()
        .nth(chars)
        .map_or(text.len(), |(i, _)| i)
}

/// Moves every span of a node tree parsed from a sub-slice by `by` bytes.
pub fn shifted(mut node: Node, by: usize) -> Node {
    fn go(n: &mut Node, by: usize) {
        n.span.offset += by;
        if let Some((_, Some(s))) = n.tag.as_mut() {
            s.offset += by;
        }
        if let Some(a) = n.anchor.as_mut() {
            a.offset += by;
        }
        match &mut n.kind {
            NodeKind::Seq(items) => items.iter_mut().for_each(|i| go(i, by)),
            NodeKind::Map(entries) => entries.iter_mut().for_each(|e| {
                go(&mut e.key, by);
                go(&mut e.value, by);
            }),
            _ => {}
        }
    }
    if by > 0 {
        go(&mut node, by);
    }
    node
}

/// A YAML document as the JSON tree [`crate::json`] gives, spans kept: for
/// files that may be written in either (a requirements file). Plain scalars
/// resolve by YAML 1.2's core schema; an alias, or a key that is not a
/// string, is refused with the span of the node.
pub fn to_json(node: &Node) -> Result<crate::json::Value, (Span, String)> {
    use crate::json::{Kind, Member, Value};
    let kind = match &node.kind {
        NodeKind::Alias => return Err((node.span, "aliases are not supported here".into())),
        NodeKind::Seq(items) => Kind::Array(items.iter().map(to_json).collect::<Result<_, _>>()?),
        NodeKind::Map(entries) => {
            let mut members = Vec::with_capacity(entries.len());
            for e in entries {
                let Some(key) = e.key.as_str() else {
                    return Err((e.key.span, "keys must be strings".into()));
                };
                members.push(Member {
                    key: std::borrow::Cow::Owned(key.to_string()),
                    key_span: e.key.span,
                    value: to_json(&e.value)?,
                });
            }
            Kind::Object(members)
        }
        NodeKind::Scalar { value, .. } => match node.resolved() {
            Some(Resolved::Null) => Kind::Null,
            Some(Resolved::Bool) => Kind::Bool(value.eq_ignore_ascii_case("true")),
            Some(Resolved::Int | Resolved::Float) => Kind::Number(value.clone()),
            _ => Kind::String(value.clone()),
        },
    };
    Ok(Value {
        kind,
        span: node.span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_point_at_keys_and_values() {
        let text = "name: demo\nlist:\n  - a\n  - 'b'\n";
        let root = parse(text).unwrap().unwrap();
        let name = root.get("name").unwrap();
        assert_eq!(&text[name.key.span.range()], "name");
        assert_eq!(&text[name.value.span.range()], "demo");
        let list = root.get("list").unwrap().value.as_seq().unwrap();
        assert_eq!(list[1].scalar(), Some(("b", Style::SingleQuoted)));
        assert_eq!(&text[list[1].span.range()], "'b'");
    }

    #[test]
    fn resolves_plain_scalars_by_core_schema() {
        assert_eq!(resolve_plain("1.0"), Resolved::Float);
        assert_eq!(resolve_plain("12"), Resolved::Int);
        assert_eq!(resolve_plain("true"), Resolved::Bool);
        assert_eq!(resolve_plain("yes"), Resolved::Str);
        assert_eq!(resolve_plain("2024-01-15"), Resolved::Str);
        assert_eq!(resolve_plain("1.2.3"), Resolved::Str);
        assert_eq!(resolve_plain("~"), Resolved::Null);
    }

    #[test]
    fn errors_carry_byte_offsets() {
        let err = parse("a: b: c\n").unwrap_err();
        assert!(err.offset <= 8, "{err:?}");
        let err = parse("é: [unclosed\n").unwrap_err();
        assert!(err.offset >= 2, "{err:?}");
    }

    #[test]
    fn aliases_are_not_expanded() {
        let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
        for i in 1..40 {
            text.push_str(&format!(
                "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n",
                p = i - 1
            ));
        }
        let root = parse(&text).unwrap().unwrap();
        assert_eq!(root.as_map().unwrap().len(), 40);
        let mut aliases = 0;
        root.walk(&mut |n| {
            if n.kind == NodeKind::Alias {
                aliases += 1
            }
        });
        assert_eq!(aliases, 39 * 9);
        assert!(root.get("a0").unwrap().value.anchor.is_some());
    }

    #[test]
    fn tags_and_flow_are_recorded() {
        let text = "a: !!str 12\nb: {c: d}\n";
        let root = parse(text).unwrap().unwrap();
        let a = &root.get("a").unwrap().value;
        assert_eq!(a.tag.as_ref().map(|t| t.0.as_str()), Some("!!str"));
        assert_eq!(a.as_str(), Some("12"));
        assert!(root.get("b").unwrap().value.flow);
    }
}
