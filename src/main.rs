use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = caplint::cli::Cli::parse();
    ExitCode::from(caplint::app::run(cli))
}
