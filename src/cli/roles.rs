//! `inner-cmd roles`: the role differential with bash's own parse at scale
//! (`INV-ROLE-5`).

use std::process::ExitCode;

use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::soundness::roles::{differential, BashReader};
use inner_cmd_spec::soundness::Source;

#[derive(clap::Args)]
pub struct Args {
    /// What to draw commands from: `shapes`, `families` or `both`.
    #[arg(long, default_value = "both")]
    source: String,
    /// How many commands.
    #[arg(long, default_value_t = 1000)]
    count: u64,
    /// The seed: the same seed draws the same commands.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The profile whose allows are checked: `hardened` or `deployed`.
    #[arg(long, default_value = "hardened")]
    profile: String,
}

/// Prints the report as JSON; exit 1 when an allowed command's roles
/// disagree, 2 on a usage or setup error.
pub fn run(args: &Args) -> ExitCode {
    let Some(source) = Source::from_name(&args.source) else {
        eprintln!("inner-cmd roles: --source is shapes, families or both");
        return ExitCode::from(2);
    };
    let Some(profile) = Profile::from_name(&args.profile) else {
        eprintln!("inner-cmd roles: --profile is deployed or hardened");
        return ExitCode::from(2);
    };
    let report = BashReader::new()
        .and_then(|reader| differential(&reader, source, args.seed, args.count, profile));
    match report {
        Ok(report) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&report).unwrap_or_default()
            );
            if report.failures.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(error) => {
            eprintln!("inner-cmd roles: {error}");
            ExitCode::from(2)
        }
    }
}
