//! `inner-cmd`: the command-line front end of the reference specification.
//!
//! Thin by design: every subcommand parses its arguments and calls one
//! library function, so that the CLI adds no behaviour of its own.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "inner-cmd", version, about = "Reference specification of wrapper-aware command authorization")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the whole pipeline (gate, then authorizer) on one command and print a trace.
    Check(CheckArgs),
    /// Serve the oracle protocol: JSON Lines on stdin/stdout.
    Serve,
    /// Answer one `decide` request read from stdin.
    Decide,
    /// Run the conformance vectors against another implementation.
    Conform(ConformArgs),
}

#[derive(clap::Args)]
struct CheckArgs {
    /// A policy file (config.json format or a plain rule list); overrides the default search.
    #[arg(long)]
    policy: Option<std::path::PathBuf>,
    /// Print one JSON object instead of the readable trace.
    #[arg(long)]
    json: bool,
    /// The full bash command, as the agent would run it.
    command: String,
}

#[derive(clap::Args)]
struct ConformArgs {
    /// The implementation's command line (split on whitespace, no shell).
    #[arg(long = "impl")]
    implementation: String,
    /// Directory of vector files.
    #[arg(long, default_value = "spec/vectors")]
    vectors: std::path::PathBuf,
    /// Only run vectors whose id matches this glob.
    #[arg(long)]
    only: Option<String>,
    /// A file of `glob -> reason` lines naming known divergences.
    #[arg(long)]
    skip_file: Option<std::path::PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(_args) => not_yet("check"),
        Command::Serve => not_yet("serve"),
        Command::Decide => not_yet("decide"),
        Command::Conform(_args) => not_yet("conform"),
    }
}

fn not_yet(name: &str) -> ExitCode {
    eprintln!("inner-cmd {name}: not implemented yet");
    ExitCode::from(2)
}
