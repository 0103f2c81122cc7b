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
    source: Option<NamedSource<Arc<str>>>,
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
    cache: HashMap<String, Arc<str>>,
}

impl Sources<'_> {
    fn get(&mut self, path: &str) -> Option<NamedSource<Arc<str>>> {
        let text = match self.cache.get(path) {
            Some(t) => t.clone(),
            None => {
                let src = self.report.sources.get(path)?;
                let t: Arc<str> = Arc::from(src.redacted_text());
                self.cache.insert(path.to_string(), t.clone());
                t
            }
        };
        Some(NamedSource::new(path, text))
    }

    /// The diagnostic's own text (as of its commit, for `caplint history`).
    fn of(&mut self, d: &Diagnostic) -> Option<NamedSource<Arc<str>>> {
        let Some(c) = &d.commit else {
            return self.get(&d.path);
        };
        let key = format!("{}:{}", c.id, d.path);
        let text = match self.cache.get(&key) {
            Some(t) => t.clone(),
            None => {
                let src = self.report.source_of(d)?;
                let t: Arc<str> = Arc::from(src.redacted_text());
                self.cache.insert(key, t.clone());
                t
            }
        };
        Some(NamedSource::new(&d.path, text))
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
                let s = src.clamp_span(span);
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
