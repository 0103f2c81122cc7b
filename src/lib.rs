//! caplint: a git-native linter for agent skills (folders with a `SKILL.md`)
//! and agent capability profiles (`*.profile.json`).
//!
//! Data flows top-down: [`discover`] → [`contents`] (where each file's
//! content comes from) → [`source`] (text + spans, [`lines`]) → [`lint`]
//! (file rules → repository rules → history rules) → [`render`].

pub mod app;
pub mod cli;
pub mod config;
pub mod contents;
pub mod date;
pub mod diagnostic;
pub mod discover;
pub mod error;
pub mod fix;
pub mod git;
pub mod history;
pub mod json;
pub mod lines;
pub mod lint;
pub mod load;
pub mod model;
pub mod output;
pub mod positions;
pub mod prefilter;
pub mod pycheck;
pub mod redact;
pub mod render;
pub mod rules;
pub mod schema;
pub mod secrets;
pub mod settings;
pub mod source;
pub mod syntax;
pub mod yaml;
