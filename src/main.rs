use clap::Parser;

/// mimalloc: the linter allocates many small strings and trees from two
/// threads; glibc's malloc spent a fifth of the run in locking and heap
/// growth (`mprotect`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = caplint::cli::Cli::parse();
    ExitCode::from(caplint::app::run(cli))
}
