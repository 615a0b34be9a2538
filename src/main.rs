//! `inner-cmd`: the command-line front end of the reference specification.
//!
//! Thin by design: this file only parses the command line and dispatches;
//! each subcommand's arguments and handler live in `src/cli/`, and every
//! handler calls the library, so that the CLI adds no behaviour of its own.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;
#[cfg(not(all(
    feature = "ground",
    feature = "gen",
    feature = "proptest",
    feature = "audit"
)))]
use cli::{needs_feature, Unavailable};

#[derive(Parser)]
#[command(
    name = "inner-cmd",
    version,
    about = "Reference specification of wrapper-aware command authorization"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the whole pipeline (gate, then authorizer) on one command and print a trace.
    Check(cli::check::Args),
    /// Serve the oracle protocol: JSON Lines on stdin/stdout (`--audit`: the audit protocol).
    Serve(cli::serve::Args),
    /// Answer one `decide` request read from stdin.
    Decide,
    /// Judge an agent's shell command in its hook protocol (claude-code, codex, gemini, opencode), or install the hook.
    Hook(cli::hook::Args),
    /// Run the conformance vectors against another implementation.
    Conform(cli::conform::Args),
    /// Throw generated requests at another implementation and shrink the first divergence.
    #[cfg(feature = "proptest")]
    Fuzz(cli::fuzz::Args),
    /// Run a command in bash in a sandbox and show what it executes, judged (INV-GROUND).
    #[cfg(feature = "ground")]
    Ground(cli::ground::Args),
    // A subcommand whose feature is off stays a (hidden) variant taking any
    // arguments, so that running it says which feature to build with instead
    // of clap's "unrecognized subcommand" (PIPE-13). The pattern, for every
    // feature-gated subcommand (`gen`: `gen`, `fuzz`: `proptest`, `audit`:
    // `audit`, …): the real variant under `#[cfg(feature = "F")]`, a twin
    // under `#[cfg(not(feature = "F"))]` with `#[command(hide = true,
    // disable_help_flag = true)]` and
    // `Unavailable` arguments, dispatched to `needs_feature("name", "F")`.
    #[cfg(not(feature = "ground"))]
    #[command(hide = true, disable_help_flag = true)]
    Ground(Unavailable),
    /// Audit a permission layer against what bash runs (spec chapter 13).
    #[cfg(feature = "audit")]
    Audit(cli::audit::Args),
    /// Print generated cases of the families of bash constructs as JSON lines, or list the families.
    #[cfg(feature = "gen")]
    Gen(cli::gen::Args),
    #[cfg(not(feature = "gen"))]
    #[command(hide = true, disable_help_flag = true)]
    Gen(Unavailable),
    #[cfg(not(feature = "proptest"))]
    #[command(hide = true, disable_help_flag = true)]
    Fuzz(Unavailable),
    #[cfg(not(feature = "audit"))]
    #[command(hide = true, disable_help_flag = true)]
    Audit(Unavailable),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => cli::check::run(&args),
        Command::Serve(args) => cli::serve::run(&args),
        Command::Decide => cli::decide::run(),
        Command::Hook(args) => cli::hook::run(&args),
        Command::Conform(args) => cli::conform::run(&args),
        #[cfg(feature = "proptest")]
        Command::Fuzz(args) => cli::fuzz::run(&args),
        #[cfg(feature = "ground")]
        Command::Ground(args) => cli::ground::run(&args),
        #[cfg(not(feature = "ground"))]
        Command::Ground(_) => needs_feature("ground", "ground"),
        #[cfg(feature = "audit")]
        Command::Audit(args) => cli::audit::run(&args),
        #[cfg(feature = "gen")]
        Command::Gen(args) => cli::gen::run(&args),
        #[cfg(not(feature = "gen"))]
        Command::Gen(_) => needs_feature("gen", "gen"),
        #[cfg(not(feature = "proptest"))]
        Command::Fuzz(_) => needs_feature("fuzz", "proptest"),
        #[cfg(not(feature = "audit"))]
        Command::Audit(_) => needs_feature("audit", "audit"),
    }
}
