//! Failures that stop a run before anything is judged (exit code 2).

use crate::source::{SourceFile, Span};
use std::fmt;

#[derive(Debug)]
pub enum Fatal {
    /// Bad flags or arguments.
    Usage(String),
    /// A bad `.caplint.yaml`: points into the file.
    Config {
        source: Box<SourceFile>,
        span: Option<Span>,
        message: String,
        help: Option<String>,
    },
    /// A bad input file other than the configuration (a requirements file
    /// of `caplint match`): points into the file; `message` says what the
    /// file is.
    Input {
        source: Box<SourceFile>,
        span: Option<Span>,
        message: String,
        help: Option<String>,
    },
    /// Reading a file or folder failed.
    Io(String),
    /// Git could not answer; `help` says how to fix it.
    Git {
        message: String,
        help: Option<String>,
    },
}

impl Fatal {
    pub fn git(message: impl Into<String>, help: impl Into<String>) -> Fatal {
        Fatal::Git {
            message: message.into(),
            help: Some(help.into()),
        }
    }
}

impl fmt::Display for Fatal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fatal::Usage(m) | Fatal::Io(m) => write!(f, "{m}"),
            Fatal::Config {
                source,
                span,
                message,
                ..
            }
            | Fatal::Input {
                source,
                span,
                message,
                ..
            } => match span {
                Some(span) => {
                    let (line, col) = source.line_col(span.offset);
                    write!(f, "{}:{line}:{col}: {message}", source.path)
                }
                None => write!(f, "{}: {message}", source.path),
            },
            Fatal::Git { message, .. } => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for Fatal {}
