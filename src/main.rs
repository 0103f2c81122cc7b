/// mimalloc: the linter allocates many small strings and trees from two
/// threads; glibc's malloc spent a fifth of the run in locking and heap
/// growth (`mprotect`). Transparent huge pages are off for the process
/// (`no_thp`): mimalloc commits its arenas eagerly, and with huge pages every
/// first touch faulted in and zeroed 2 MiB, which raised peak RSS by a third
/// and showed as `clear_page_erms` in profiles.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = caplint::cli::Cli::parse_args();
    ExitCode::from(caplint::app::run(cli))
}
