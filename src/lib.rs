//! caplint: a git-native linter for agent skills and capability profiles.

pub mod date;
pub mod report;
