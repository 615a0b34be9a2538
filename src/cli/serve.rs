//! `inner-cmd serve`: the oracle protocol, or with `--audit` the audit protocol.

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Speak the audit protocol (spec chapter 13): approved exactly when the pipeline allows.
    #[arg(long)]
    audit: bool,
    /// With `--audit`: `deployed` or `hardened`.
    #[arg(long, value_enum, default_value_t, requires = "audit")]
    profile: super::ProfileArg,
    /// With `--audit`: a policy file; default: the built-in example.
    #[arg(long, requires = "audit")]
    policy: Option<std::path::PathBuf>,
}

/// `inner-cmd serve`: the oracle protocol on stdin/stdout (`PROTO-*`), or
/// with `--audit` the audit protocol (`AUDIT-12`).
pub fn run(args: &Args) -> ExitCode {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let served = if args.audit {
        serve_audit(args, stdin.lock(), stdout.lock())
    } else {
        inner_cmd_spec::protocol::server::serve(stdin.lock(), stdout.lock())
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        // A closed stdout means the client left; nothing is left to answer.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("inner-cmd serve: {error}");
            ExitCode::FAILURE
        }
    }
}

/// `serve --audit`: the pipeline under the profile and policy as an audited layer.
fn serve_audit(
    args: &Args,
    input: impl std::io::BufRead,
    output: impl std::io::Write,
) -> std::io::Result<()> {
    use inner_cmd_spec::hardened::Profile;
    use inner_cmd_spec::policy::{config, Policy};
    let home = std::env::var("HOME").unwrap_or_default();
    let loaded = match &args.policy {
        None => config::example_policy(),
        Some(path) => config::load_file(path, &home),
    }
    .map_err(|error| std::io::Error::other(error.to_string()))?;
    let policy = Policy::from_config(loaded, home);
    let profile = Profile::from(args.profile);
    inner_cmd_spec::protocol::audit::serve_audit(input, output, &policy, profile)
}
