//! `security/*` rules: one file per rule, listed once below. Each rule is a
//! [`SecurityRule`]; the scanner they share is [`crate::secrets`].

use crate::diagnostic::rule_family;

rule_family! {
    check: context::SecurityRule;
    secret_value,
}

pub mod context;

pub use context::{check, check_large, LargeFile, SecurityRule};
