//! The integration tests: one test binary (`cargo test --test it`), one
//! harness (`support`), one module per area.

mod support;

mod architecture;
mod check_cache;
mod cli;
mod consistency;
mod history;
mod hooks;
mod hostile;
mod integrations;
mod leaks;
mod neovim;
mod plugins;
mod precommit;
mod report_diff;
mod routing;
mod skills;
mod span_props;
mod staged;
mod submodules;
mod targets;
