//! Human output: rustc-style diagnostics through miette's graphical handler,
//! snippets taken from the redacted source so secrets never show.

use super::Style;
use crate::diagnostic::Report;
use crate::diagnostic::{Diagnostic, Severity};
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceCode};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// What miette draws of a finding: snippets with labels, and the help. It
/// has no message and no code, so miette's first line is empty and the
/// renderer replaces it with the finding's own first line (see [`header`]).
struct View {
    severity: Severity,
    help: Option<String>,
    source: Option<NamedSource<Arc<Snippets>>>,
    labels: Vec<LabeledSpan>,
}

impl fmt::Debug for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("View")
    }
}

impl fmt::Display for View {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
}

impl std::error::Error for View {}

impl miette::Diagnostic for View {
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        (!self.labels.is_empty())
            .then(|| Box::new(self.labels.iter().cloned()) as Box<dyn Iterator<Item = LabeledSpan>>)
    }
}

/// Redacted texts, computed once per file.
struct Sources<'a> {
    report: &'a Report,
    paths: &'a super::Paths,
    cache: HashMap<String, Arc<Snippets>>,
}

impl Sources<'_> {
    fn get(&mut self, path: &str) -> Option<NamedSource<Arc<Snippets>>> {
        let text = match self.cache.get(path) {
            Some(t) => t.clone(),
            None => {
                let src = self.report.sources.get(path)?;
                let t = Arc::new(Snippets::new(crate::redact::source_text(src)));
                self.cache.insert(path.to_string(), t.clone());
                t
            }
        };
        Some(NamedSource::new(self.paths.show(path), text))
    }

    /// The diagnostic's own text (as of its commit, for `caplint history`).
    fn of(&mut self, d: &Diagnostic) -> Option<NamedSource<Arc<Snippets>>> {
        let Some(c) = &d.commit else {
            return self.get(&d.path);
        };
        let key = format!("{}:{}", c.id, d.path);
        let text = match self.cache.get(&key) {
            Some(t) => t.clone(),
            None => {
                let src = self.report.source_of(d)?;
                let t = Arc::new(Snippets::new(crate::redact::source_text(src)));
                self.cache.insert(key, t.clone());
                t
            }
        };
        Some(NamedSource::new(self.paths.show(&d.path), text))
    }
}

/// Lines around a span of context longer than this are cut to a window
/// around the span itself.
const MAX_SNIPPET_BYTES: usize = 4096;
/// Lines longer than this are shown as a window around the span (and
/// without context lines), so that the terminal does not wrap them.
const MAX_LINE_BYTES: usize = 240;
/// How much of a long line is shown on each side of the span.
const WINDOW_PAD: usize = 120;

/// A file's text for miette with a line index, so that finding a snippet
/// costs a binary search rather than a scan from the start of the file (for
/// files with many findings), and long lines are shown as a window around
/// the span (for minified files with findings along one line).
struct Snippets {
    text: String,
    /// Where each line starts ([`crate::lines`]: `\r\n`, `\r` and `\n`).
    lines: crate::lines::LineIndex,
}

impl Snippets {
    fn new(text: String) -> Snippets {
        let lines = crate::lines::LineIndex::new(&text);
        // miette ends a line at `\n` and `\r\n` only: a lone `\r` becomes a
        // `\n` (one byte for one, so every offset stays), and the snippet's
        // lines are the index's.
        let text = if text.bytes().any(|b| b == b'\r') {
            let mut bytes = text.into_bytes();
            for i in 0..bytes.len() {
                if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
                    bytes[i] = b'\n';
                }
            }
            String::from_utf8(bytes).expect("one ASCII byte for another")
        } else {
            text
        };
        Snippets { text, lines }
    }

    fn line_of(&self, offset: usize) -> usize {
        self.lines.line_of(offset)
    }

    /// The end of a line's content, before its line break.
    fn line_end(&self, line: usize) -> usize {
        self.lines.end(&self.text, line)
    }

    fn floor(&self, mut i: usize) -> usize {
        i = i.min(self.text.len());
        while !self.text.is_char_boundary(i) {
            i -= 1;
        }
        i
    }

    fn ceil(&self, mut i: usize) -> usize {
        i = i.min(self.text.len());
        while !self.text.is_char_boundary(i) {
            i += 1;
        }
        i
    }
}

impl SourceCode for Snippets {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let start = span.offset();
        let end = start + span.len();
        if end > self.text.len() {
            return Err(miette::MietteError::OutOfBounds);
        }
        let first = self.line_of(start);
        let last = self.line_of(end.saturating_sub(1).max(start));
        // A line of slack on each side: miette counts a span that ends in a
        // line break as reaching into the next line.
        let lo_line = first.saturating_sub(before + 1);
        let hi_line = (last + after + 2).min(self.lines.len() - 1);
        let lo = self.lines.start(lo_line);
        let hi = if hi_line + 1 < self.lines.len() {
            self.lines.start(hi_line + 1)
        } else {
            self.text.len()
        };
        let long_line =
            (lo_line..=hi_line).any(|l| self.line_end(l) - self.lines.start(l) > MAX_LINE_BYTES);
        if hi - lo <= MAX_SNIPPET_BYTES && !long_line {
            // Short enough: exactly what miette shows for the whole text.
            let local = miette::SourceSpan::new((start - lo).into(), span.len());
            let c = self.text[lo..hi].read_span(&local, before, after)?;
            return Ok(Box::new(miette::MietteSpanContents::new(
                c.data(),
                miette::SourceSpan::new((c.span().offset() + lo).into(), c.span().len()),
                c.line() + lo_line,
                c.column(),
                c.line_count() + lo_line,
            )));
        }
        // A window of the span's own lines, without context lines; the
        // column stays the byte column within the whole line, as miette's.
        let (a, b) = if before == 0 && after == 0 {
            (start, self.ceil(end.min(start + MAX_SNIPPET_BYTES)))
        } else {
            (
                self.floor(
                    start
                        .saturating_sub(WINDOW_PAD)
                        .max(self.lines.start(first)),
                ),
                // Never short of the span's end (which may be a line break).
                self.ceil((end + WINDOW_PAD).min(self.line_end(last)).max(end)),
            )
        };
        Ok(Box::new(miette::MietteSpanContents::new(
            &self.text.as_bytes()[a..b],
            miette::SourceSpan::new(a.into(), b - a),
            first,
            a - self.lines.start(first),
            last - first + 1,
        )))
    }
}

/// Labels over more characters than this, or over several lines, are drawn
/// under the first characters of their first line, and say how long the span
/// is: a finding about a 1,000-character description underlines a few words,
/// not the screen.
const LONG_LABEL_CHARS: usize = 100;
/// How many characters such a label underlines.
const SHORT_LABEL_CHARS: usize = 24;

/// A labelled span, fitted into its own text: clamped onto character
/// boundaries, and made short when long (see [`LONG_LABEL_CHARS`]).
fn fit(
    src: Option<&crate::source::SourceFile>,
    span: crate::source::Span,
    label: Option<&str>,
) -> LabeledSpan {
    let Some(src) = src else {
        return LabeledSpan::new_with_span(label.map(str::to_string), (span.offset, span.length));
    };
    let s = src.clamp_span(span);
    let text = src.slice(s);
    // A span that ends with its line's break ends on that line.
    let trimmed = text.trim_end_matches(['\n', '\r']);
    let lines = trimmed
        .split(['\n', '\r'])
        .filter(|l| !l.is_empty())
        .count();
    let chars = trimmed.chars().count();
    if chars <= LONG_LABEL_CHARS && lines <= 1 {
        return LabeledSpan::new_with_span(label.map(str::to_string), (s.offset, s.length));
    }
    let first = trimmed.split(['\n', '\r']).next().unwrap_or("");
    let short: usize = first
        .chars()
        .take(SHORT_LABEL_CHARS)
        .map(char::len_utf8)
        .sum();
    let short = if short == 0 {
        src.char_span_at(s.offset).length
    } else {
        short
    };
    let size = if lines > 1 {
        format!("{chars} characters on {lines} lines")
    } else {
        format!("{chars} characters")
    };
    let text = match label {
        // The label already says how long the span is.
        Some(l) if l.contains(&chars.to_string()) => l.to_string(),
        Some(l) if !l.is_empty() => format!("{l} ({size} from here)"),
        _ => format!("{size} from here"),
    };
    LabeledSpan::new_with_span(Some(text), (s.offset, short))
}

/// Text for one line of output: line breaks become spaces and other control
/// characters are shown as escapes, so that a quoted value cannot break the
/// line or drive the terminal.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for part in text
        .split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        if !out.is_empty() {
            out.push(' ');
        }
        for c in part.chars() {
            if c.is_control() && c != '\t' {
                out.extend(c.escape_default());
            } else {
                out.push(c);
            }
        }
    }
    out
}

/// The pieces of one finding's block: what miette draws (snippets and help)
/// as views without a message of their own. Every place the finding points
/// to is a label in one of them, or a line of the help when caplint holds no
/// text for it.
fn views(d: &Diagnostic, sources: &mut Sources<'_>) -> Vec<View> {
    let report = sources.report;
    let blank = |source, labels| View {
        severity: d.severity,
        help: None,
        source,
        labels,
    };
    let own = report.source_of(d);
    let mut main = match (d.span, sources.of(d)) {
        (Some(span), Some(source)) => Some((
            span,
            source,
            vec![primary(fit(own, span, d.label.as_deref()))],
        )),
        _ => None,
    };
    let mut others = Vec::new();
    let mut elsewhere = Vec::new();
    for label in &d.labels {
        match &label.path {
            None => match &mut main {
                // Far from the primary span (say, on a minified line), a
                // label gets a snippet of its own: in one snippet miette
                // would draw the whole stretch between them, and past column
                // 65535 its formatting panics.
                Some((span, _, labels))
                    if label.span.offset.abs_diff(span.offset) <= MAX_SNIPPET_BYTES =>
                {
                    labels.push(fit(own, label.span, Some(&label.text)));
                }
                _ => match sources.of(d) {
                    Some(src) => others.push(blank(
                        Some(src),
                        vec![primary(fit(own, label.span, Some(&label.text)))],
                    )),
                    None => elsewhere.push(label.text.clone()),
                },
            },
            Some(other) => match sources.get(other) {
                Some(src) => {
                    let l = fit(report.sources.get(other), label.span, Some(&label.text));
                    others.push(blank(Some(src), vec![primary(l)]));
                }
                None => elsewhere.push(format!(
                    "{}: {}",
                    one_line(&sources.paths.show(other)),
                    label.text
                )),
            },
        }
    }
    let mut views: Vec<View> = main
        .map(|(_, source, labels)| blank(Some(source), labels))
        .into_iter()
        .chain(others)
        .collect();
    let mut help: Vec<String> = elsewhere.into_iter().map(|e| format!("see {e}")).collect();
    help.extend(d.help.clone());
    if !help.is_empty() {
        if views.is_empty() {
            views.push(blank(None, Vec::new()));
        }
        if let Some(last) = views.last_mut() {
            last.help = Some(help.join("\n"));
        }
    }
    views
}

fn primary(l: LabeledSpan) -> LabeledSpan {
    LabeledSpan::new_primary_with_span(l.label().map(str::to_string), *l.inner())
}

/// The 1-based line and column (in characters) where a finding starts, when
/// it has a span and caplint holds the text: what `Region` says of the start,
/// from the file's line and character index (so that thousands of findings
/// along one long line cost no scan from the start of the line each).
pub fn position(report: &Report, d: &Diagnostic) -> Option<(usize, usize)> {
    let span = d.span?;
    let src = report.source_of(d)?;
    Some(src.line_col(span.offset))
}

/// The first line of a finding's block: severity, rule, file, line, column
/// and message, as in `error[profile/invalid-level]: a.profile.json:7:5: …`.
fn header(d: &Diagnostic, report: &Report, paths: &super::Paths, color: bool) -> String {
    let path = one_line(&paths.show(&d.path));
    let at = match position(report, d) {
        Some((line, column)) => format!("{path}:{line}:{column}"),
        None => path,
    };
    let (sev, paint) = match d.severity {
        Severity::Error => ("error", "\x1b[1;31m"),
        Severity::Warning => ("warning", "\x1b[1;33m"),
    };
    let rule = if d.rule.id.is_empty() {
        String::new()
    } else {
        format!("[{}]", d.rule)
    };
    let message = one_line(&d.message);
    let mut out = if color {
        format!("{paint}{sev}{rule}\x1b[0m\x1b[1m: \x1b[36m{at}\x1b[0m\x1b[1m: {message}\x1b[0m\n")
    } else {
        format!("{sev}{rule}: {at}: {message}\n")
    };
    if let Some(c) = &d.commit {
        out.push_str(&format!(
            "  in commit {} ({}) {}\n",
            c.short_id,
            c.date,
            one_line(&c.subject)
        ));
    }
    out
}

/// Human output: one block per finding, paths as the report holds them.
pub fn render(report: &Report, style: Style) -> String {
    render_with(report, style, &super::Paths::as_is())
}

/// Human output with paths shown through `paths`: for each finding a first
/// line that names severity, rule, file, line and column, then miette's
/// snippets (the primary one first, then any other file the finding points
/// into) and the help.
pub fn render_with(report: &Report, style: Style, paths: &super::Paths) -> String {
    let mut out = String::new();
    write_with(report, style, paths, &mut |t| out.push_str(t));
    out
}

/// [`render_with`], a finding at a time to `put`.
pub fn write_with(report: &Report, style: Style, paths: &super::Paths, put: &mut dyn FnMut(&str)) {
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_links(style.links)
        .with_width(style.width);
    let mut sources = Sources {
        report,
        paths,
        cache: HashMap::new(),
    };
    let mut out = String::new();
    let mut buf = String::new();
    for d in &report.diagnostics {
        out.clear();
        out.push_str(&header(d, report, paths, style.color));
        for v in views(d, &mut sources) {
            buf.clear();
            if handler.render_report(&mut buf, &v).is_err() {
                continue;
            }
            // miette's first line is the (empty) message: the header above
            // says it.
            if let Some(i) = buf.find('\n') {
                out.push_str(&buf[i + 1..]);
            }
        }
        out.push('\n');
        put(&out);
    }
}

/// Plain human output (no color, 100 columns) of `diagnostics` about the
/// files in `sources`, in the report's order: what a rule's snapshot test
/// shows.
pub fn plain(
    sources: impl IntoIterator<Item = crate::source::SourceFile>,
    diagnostics: Vec<Diagnostic>,
) -> String {
    let mut report = Report::default();
    for source in sources {
        report.add_source(source);
    }
    report.diagnostics = diagnostics;
    crate::diagnostic::sort(&mut report.diagnostics);
    render(&report, Style::plain())
}

/// `N errors, M warnings in K files`.
pub fn summary_line(report: &Report) -> String {
    let s = &report.summary;
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!(
        "{}, {} in {}",
        plural(s.errors, "error"),
        plural(s.warnings, "warning"),
        plural(s.files, "file")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use miette::{SourceSpan, SpanContents};

    fn parts(c: &dyn SpanContents<'_>) -> (Vec<u8>, usize, usize, usize, usize, usize) {
        (
            c.data().to_vec(),
            c.span().offset(),
            c.span().len(),
            c.line(),
            c.column(),
            c.line_count(),
        )
    }

    /// A short snippet is miette's, with a lone `\r` read as the line break
    /// it is (the line numbers of every other format).
    #[test]
    fn short_snippets_are_exactly_miettes() {
        let text = "{\n  \"a\": \"é😀\",\r\n\r\n  \"b\": [1,\r 2],\n\n  \"c\": null\n}";
        let snippets = Snippets::new(text.to_string());
        let shown = text.replace("[1,\r 2]", "[1,\n 2]");
        let boundaries: Vec<usize> = (0..=text.len())
            .filter(|i| text.is_char_boundary(*i))
            .collect();
        for &start in &boundaries {
            for &end in boundaries.iter().filter(|e| **e >= start) {
                for context in [0, 1, 2] {
                    let span = SourceSpan::new(start.into(), end - start);
                    let ours = snippets.read_span(&span, context, context).unwrap();
                    let theirs = shown.as_str().read_span(&span, context, context).unwrap();
                    assert_eq!(
                        parts(&*ours),
                        parts(&*theirs),
                        "{start}..{end} context {context}"
                    );
                }
            }
        }
    }

    #[test]
    fn renders_any_span_on_a_long_line_without_panicking() {
        use crate::diagnostic::Diagnostic;
        use crate::source::{SourceFile, Span};
        let text = format!(
            "{{\"a\": \"{}\", \"b\": 1}}\r\n\"x\"\t\n",
            "x".repeat(100_000)
        );
        let eol = text.find('\r').unwrap();
        let mut report = Report::default();
        report.add_source(SourceFile::new("a.json", text.clone()));
        for (offset, length) in [
            (0, 1),
            (eol - 4, 5),
            (eol - 4, 6),
            (eol, 2),
            (eol + 1, 3),
            (70_000, 3),
            (0, text.len()),
            (text.len() - 1, 1),
            (text.len(), 0),
        ] {
            report.push(
                Diagnostic::new(&crate::rules::profile::invalid_json::RULE, "a.json", "m")
                    .at(Span::new(offset, length))
                    .label("here")
                    .with_label(Span::new(99_000, 2), "far")
                    .with_label(Span::new(offset + 1, 1), "near"),
            );
        }
        let out = render(&report, Style::plain());
        assert!(out.len() < 100_000, "{} bytes", out.len());
        assert_eq!(out.matches("profile/invalid-json").count(), 9);
    }

    #[test]
    fn long_lines_give_a_window_around_the_span() {
        let text = format!("{{\"a\": \"{}\", \"b\": 1}}\nnext", "x".repeat(200_000));
        let snippets = Snippets::new(text.clone());
        let at = text.find("\"b\"").unwrap();
        let span = SourceSpan::new(at.into(), 3);
        let c = snippets.read_span(&span, 1, 1).unwrap();
        assert!(c.data().len() <= 3 + 2 * WINDOW_PAD);
        assert_eq!(c.line(), 0);
        let header = snippets.read_span(&span, 0, 0).unwrap();
        assert_eq!((header.line(), header.column()), (0, at));
        assert_eq!(header.data(), b"\"b\"");
        // A span that ends with the line break of a long line.
        let eol = text.find('\n').unwrap();
        let span = SourceSpan::new((eol - 4).into(), 5);
        let c = snippets.read_span(&span, 1, 1).unwrap();
        assert!(c.span().offset() + c.span().len() > eol);
        let past = SourceSpan::new((text.len() - 2).into(), 5);
        assert!(snippets.read_span(&past, 1, 1).is_err());
    }

    #[test]
    fn long_and_multi_line_spans_are_labelled_compactly() {
        use crate::source::{SourceFile, Span};
        let text = "{\n  \"skills\": [\n    {\"name\": \"a\"}\n  ],\n  \"x\": 1\n}\n";
        let src = SourceFile::new("a.json", text);
        let start = text.find('[').unwrap();
        let end = text.find(']').unwrap() + 1;
        let l = fit(Some(&src), Span::new(start, end - start), Some("the list"));
        assert_eq!(l.offset(), start);
        assert_eq!(l.len(), 1, "the first line of the span only");
        assert_eq!(
            l.label(),
            Some("the list (23 characters on 3 lines from here)")
        );
        let short = fit(Some(&src), Span::new(start, 1), Some("here"));
        assert_eq!((short.len(), short.label()), (1, Some("here")));
        let long = "é".repeat(300);
        let src = SourceFile::new("b.md", format!("d: {long}\n"));
        let l = fit(Some(&src), Span::new(3, long.len()), Some("300 characters"));
        assert_eq!(l.len(), SHORT_LABEL_CHARS * 2, "whole characters");
        assert_eq!(l.label(), Some("300 characters"));
    }

    #[test]
    fn a_place_without_text_is_named_in_the_help() {
        use crate::diagnostic::Diagnostic;
        use crate::source::{SourceFile, Span};
        let mut report = Report::default();
        report.add_source(SourceFile::new("a.json", "{\"agent_id\": \"x\"}\n"));
        report.push(
            Diagnostic::new(
                &crate::rules::profile::duplicate_agent_id::RULE,
                "a.json",
                "twice",
            )
            .at(Span::new(13, 3))
            .label("declared here")
            .with_label_in("gone.json", Span::new(0, 1), "also declared here")
            .help("keep one"),
        );
        let out = render(&report, Style::plain());
        assert!(out.starts_with("error[profile/duplicate-agent-id]: a.json:1:14: twice\n"));
        assert!(
            out.contains("help: see gone.json: also declared here\n        keep one"),
            "{out}"
        );
        assert_eq!(out.matches("error[").count(), 1);
    }
}
