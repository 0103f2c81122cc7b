//! Renderers: one module per output format. Each takes a finished
//! [`Report`](crate::check::Report) and returns text; none of them decides
//! anything about the findings.

pub mod github;
pub mod human;
pub mod json;
pub mod location;
pub mod markdown;
pub mod review;
pub mod sarif;

use clap::ValueEnum;

/// Output formats of `check` and `history`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
    Github,
    Sarif,
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

/// How text output looks: colors and links, decided once from the flags,
/// `NO_COLOR` and whether stdout is a terminal.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub color: bool,
    pub links: bool,
    pub width: usize,
}

impl Style {
    pub fn resolve(choice: ColorChoice) -> Style {
        use std::io::IsTerminal;
        let tty = std::io::stdout().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => tty && !no_color,
        };
        Style {
            color,
            links: tty,
            width: 100,
        }
    }

    pub fn plain() -> Style {
        Style {
            color: false,
            links: false,
            width: 100,
        }
    }
}
