//! Human output: rustc-style diagnostics through miette's graphical handler,
//! snippets taken from the redacted source so secrets never show.

use super::Style;
use crate::check::Report;
use crate::diagnostic::{Diagnostic, Severity};
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceCode};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

struct View {
    code: String,
    message: String,
    severity: Severity,
    help: Option<String>,
    source: Option<NamedSource<Arc<Snippets>>>,
    labels: Vec<LabeledSpan>,
    related: Vec<View>,
}

impl fmt::Debug for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for View {}

impl miette::Diagnostic for View {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        (!self.code.is_empty()).then(|| Box::new(&self.code) as Box<dyn fmt::Display>)
    }
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
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        (!self.related.is_empty()).then(|| {
            Box::new(self.related.iter().map(|r| r as &dyn miette::Diagnostic))
                as Box<dyn Iterator<Item = &dyn miette::Diagnostic>>
        })
    }
}

/// Redacted texts, computed once per file.
struct Sources<'a> {
    report: &'a Report,
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
        Some(NamedSource::new(path, text))
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
        Some(NamedSource::new(&d.path, text))
    }
}

/// Lines around a span of context longer than this are cut to a window
/// around the span itself.
const MAX_SNIPPET_BYTES: usize = 4096;
/// How much of a long line is shown on each side of the span.
const WINDOW_PAD: usize = 120;
/// Labels longer than this point at their first character only, so that a
/// finding about a huge value does not print all of it.
const MAX_LABEL_BYTES: usize = 4096;

/// A file's text for miette with a line index, so that finding a snippet
/// costs a binary search rather than a scan from the start of the file (for
/// files with many findings), and long lines are shown as a window around
/// the span (for minified files with findings along one line).
struct Snippets {
    text: String,
    /// Where each line starts, counting `\r\n`, `\r` and `\n` as miette does.
    line_starts: Vec<usize>,
}

impl Snippets {
    fn new(text: String) -> Snippets {
        let mut line_starts = vec![0];
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    line_starts.push(i + 2);
                    i += 2;
                    continue;
                }
                b'\r' | b'\n' => line_starts.push(i + 1),
                _ => {}
            }
            i += 1;
        }
        Snippets { text, line_starts }
    }

    fn line_of(&self, offset: usize) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    /// The end of a line's content, before its line break.
    fn line_end(&self, line: usize) -> usize {
        let next = self
            .line_starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        let content = &self.text[self.line_starts[line]..next];
        self.line_starts[line] + content.trim_end_matches(['\r', '\n']).len()
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
        let hi_line = (last + after + 2).min(self.line_starts.len() - 1);
        let lo = self.line_starts[lo_line];
        let hi = self
            .line_starts
            .get(hi_line + 1)
            .copied()
            .unwrap_or(self.text.len());
        if hi - lo <= MAX_SNIPPET_BYTES {
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
                        .max(self.line_starts[first]),
                ),
                // Never short of the span's end (which may be a line break).
                self.ceil((end + WINDOW_PAD).min(self.line_end(last)).max(end)),
            )
        };
        Ok(Box::new(miette::MietteSpanContents::new(
            &self.text.as_bytes()[a..b],
            miette::SourceSpan::new(a.into(), b - a),
            first,
            a - self.line_starts[first],
            last - first + 1,
        )))
    }
}

fn view(d: &Diagnostic, sources: &mut Sources<'_>) -> View {
    let mut message = d.message.clone();
    if let Some(c) = &d.commit {
        message = format!(
            "{message}\n  in commit {} ({}) {}",
            c.short_id, c.date, c.subject
        );
    }
    let source = d.span.and_then(|_| sources.of(d));
    let fit = |span: crate::source::Span, path: &str| -> (usize, usize) {
        let own = if path == d.path {
            sources.report.source_of(d)
        } else {
            sources.report.sources.get(path)
        };
        match own {
            Some(src) => {
                let mut s = src.clamp_span(span);
                if s.length > MAX_LABEL_BYTES {
                    s = src.char_span_at(s.offset);
                }
                (s.offset, s.length)
            }
            None => (span.offset, span.length),
        }
    };
    let mut labels = Vec::new();
    let mut related = Vec::new();
    if let (Some(span), Some(_)) = (d.span, &source) {
        let (o, l) = fit(span, &d.path);
        labels.push(LabeledSpan::new_primary_with_span(d.label.clone(), (o, l)));
        for label in &d.labels {
            match &label.path {
                // Far from the primary span (say, on a minified line), a
                // label gets a snippet of its own: in one snippet miette would
                // draw the whole stretch between them, and past column 65535
                // its formatting panics.
                None if label.span.offset.abs_diff(span.offset) > MAX_SNIPPET_BYTES => {
                    let (o, l) = fit(label.span, &d.path);
                    related.push(View {
                        code: String::new(),
                        message: format!("{}: {}", d.path, label.text),
                        severity: Severity::Warning,
                        help: None,
                        source: sources.get(&d.path),
                        labels: vec![LabeledSpan::new_primary_with_span(
                            Some(label.text.clone()),
                            (o, l),
                        )],
                        related: Vec::new(),
                    });
                }
                None => {
                    let (o, l) = fit(label.span, &d.path);
                    labels.push(LabeledSpan::new_with_span(Some(label.text.clone()), (o, l)));
                }
                Some(other) => {
                    let (o, l) = fit(label.span, other);
                    related.push(View {
                        code: String::new(),
                        message: format!("{}: {}", other, label.text),
                        severity: Severity::Warning,
                        help: None,
                        source: sources.get(other),
                        labels: vec![LabeledSpan::new_primary_with_span(
                            Some(label.text.clone()),
                            (o, l),
                        )],
                        related: Vec::new(),
                    });
                }
            }
        }
    } else {
        message = format!(
            "{}: {message}",
            if d.path.is_empty() { "." } else { &d.path }
        );
    }
    View {
        code: d.rule.to_string(),
        message,
        severity: d.severity,
        help: d.help.clone(),
        source,
        labels,
        related,
    }
}

pub fn render(report: &Report, style: Style) -> String {
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
        cache: HashMap::new(),
    };
    let mut out = String::new();
    for d in &report.diagnostics {
        let v = view(d, &mut sources);
        let mut buf = String::new();
        if handler.render_report(&mut buf, &v).is_err() {
            buf = format!("{}: {} [{}]\n", d.severity.as_str(), v.message, d.rule);
        }
        out.push_str(&buf);
        out.push('\n');
    }
    out
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

    #[test]
    fn short_snippets_are_exactly_miettes() {
        let text = "{\n  \"a\": \"é😀\",\r\n\r\n  \"b\": [1,\r 2],\n\n  \"c\": null\n}";
        let snippets = Snippets::new(text.to_string());
        let boundaries: Vec<usize> = (0..=text.len())
            .filter(|i| text.is_char_boundary(*i))
            .collect();
        for &start in &boundaries {
            for &end in boundaries.iter().filter(|e| **e >= start) {
                for context in [0, 1, 2] {
                    let span = SourceSpan::new(start.into(), end - start);
                    let ours = snippets.read_span(&span, context, context).unwrap();
                    let theirs = text.read_span(&span, context, context).unwrap();
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
                Diagnostic::new("profile/invalid-json", "a.json", "m")
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
}
