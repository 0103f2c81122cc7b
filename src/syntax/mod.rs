//! Generic syntax shared by the checks: Markdown mentions of paths.

pub mod markdown;
pub mod markdown_words;
