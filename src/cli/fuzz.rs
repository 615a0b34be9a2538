//! `inner-cmd fuzz`: generated requests against another implementation (`CONF-FUZZ-*`).

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The implementation's command line (split on whitespace, no shell).
    #[arg(long = "impl")]
    implementation: String,
    /// The operations to generate, comma-separated.
    #[arg(long, default_value = "match,units,check,advisory,authorize,decide")]
    ops: String,
    /// Send this profile with every operation that takes one.
    #[arg(long, value_parser = ["deployed", "hardened"])]
    profile: Option<String>,
    /// Stop after this many seconds without a divergence (default 60).
    #[arg(long, conflicts_with = "cases")]
    seconds: Option<f64>,
    /// Stop after this many cases without a divergence.
    #[arg(long)]
    cases: Option<u64>,
    /// Seed of the generator: the same seed gives the same cases.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds one answer may take.
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
    /// Where the vector file of a divergence is written.
    #[arg(long, default_value = "fuzz-findings")]
    out: std::path::PathBuf,
}

/// `inner-cmd fuzz`: generated requests against another implementation
/// (`CONF-FUZZ-*`). Exit 0: the budget ran out with no divergence; 1: a
/// divergence, printed and written as a vector file; 2: the run could not be made.
pub fn run(args: &Args) -> ExitCode {
    use inner_cmd_spec::conform::{self, fuzz};
    let usage = |message: String| {
        eprintln!("inner-cmd fuzz: {message}");
        ExitCode::from(2)
    };
    let command = match conform::split_command_line(&args.implementation) {
        Ok(command) => command,
        Err(error) => return usage(error.to_string()),
    };
    let ops = match fuzz::parse_ops(&args.ops) {
        Ok(ops) => ops,
        Err(error) => return usage(error.to_string()),
    };
    let seconds = |value: f64, name: &str| match std::time::Duration::try_from_secs_f64(value) {
        Ok(duration) if !duration.is_zero() => Ok(duration),
        _ => Err(format!(
            "--{name} must be a positive number of seconds, not {value}"
        )),
    };
    let budget = match (args.cases, args.seconds) {
        (Some(cases), _) => fuzz::Budget::Cases(cases),
        (None, given) => match seconds(given.unwrap_or(60.0), "seconds") {
            Ok(limit) => fuzz::Budget::Time(limit),
            Err(message) => return usage(message),
        },
    };
    let timeout = match seconds(args.timeout, "timeout") {
        Ok(timeout) => timeout,
        Err(message) => return usage(message),
    };
    let options = fuzz::FuzzOptions {
        command,
        ops,
        profile: args.profile.clone(),
        budget,
        seed: args.seed,
        timeout,
        out_dir: args.out.clone(),
    };
    let report = match fuzz::fuzz(&options) {
        Ok(report) => report,
        Err(error) => return usage(error.to_string()),
    };
    for (op, count) in &report.declined {
        let dropped = if report.dropped.contains(op) {
            ", no longer generated"
        } else {
            ""
        };
        println!("declined     {op}: {count} cases answered unsupported_op{dropped}");
    }
    match &report.divergence {
        None => {
            println!("{} cases, no divergence (seed {})", report.cases, args.seed);
            ExitCode::SUCCESS
        }
        Some(found) => {
            print!(
                "{}",
                fuzz::render_divergence(found, report.cases, args.seed, &args.implementation)
            );
            ExitCode::FAILURE
        }
    }
}
