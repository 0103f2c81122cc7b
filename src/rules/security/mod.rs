//! `security/*` rules: one file per rule, listed once below.

use crate::diagnostic::{rule_family, Rule};

rule_family! {
    secret_value,
}

mod scan;
pub use scan::*;

pub static SECRET_VALUE: &Rule = &secret_value::RULE;
