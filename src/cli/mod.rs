//! The options and helpers the `inner-cmd` subcommands share (`PIPE-10` to
//! `PIPE-13`): the policy and profile options, standard input as the command,
//! the outcome as the exit status, and the message of a subcommand whose
//! feature this binary was built without. Binary-only: the library does not
//! depend on clap.

use std::process::ExitCode;

#[cfg(feature = "audit")]
pub mod audit;
pub mod check;
pub mod conform;
pub mod decide;
#[cfg(feature = "proptest")]
pub mod fuzz;
#[cfg(feature = "gen")]
pub mod gen;
#[cfg(feature = "ground")]
pub mod ground;
pub mod hook;
pub mod serve;

/// The arguments of a subcommand this binary was built without: all accepted,
/// none used (PIPE-13).
#[derive(clap::Args)]
pub struct Unavailable {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    _arguments: Vec<String>,
}

/// The exit status of a subcommand whose feature is off (PIPE-13): the
/// message names the feature and the install command; exit 2, as a usage error.
// Unused when every gated subcommand's feature is on: list each feature here.
#[cfg_attr(
    all(
        feature = "ground",
        feature = "gen",
        feature = "proptest",
        feature = "audit"
    ),
    allow(dead_code)
)]
pub fn needs_feature(subcommand: &str, feature: &str) -> ExitCode {
    eprintln!(
        "inner-cmd {subcommand}: this subcommand needs the `{feature}` feature: \
         cargo install inner-cmd-spec --features {feature}"
    );
    ExitCode::from(2)
}

/// What `--profile deployed` reproduces, and what a user of a newer package
/// gets instead (upstream facts with their versions; README and SPEC §7 say
/// the same).
pub const DEPLOYED_FACTS: &str = "The deployed system as this crate reproduces it, bit for bit, \
findings included: the bash gate of @gotgenes/pi-permission-system 20.7.3 (the only version \
the registry serves) beside the TypeScript inner-cmd authorizer of ADR 0009. No release \
shipped that pair: the authorizer seam arrived in 20.9.0 and the extension declares >=24. \
Newer packages gate differently: 25.2.2 gates redirect targets and here-document bodies; \
27.1.3 enumerates control-flow bodies, functions, declarations, test commands, assignments \
and for lists and never descends ERROR nodes; later, units of unparsed subtrees are floored; \
39.1.0 peels time, timeout, nice, stdbuf and setsid in the gate itself, and 40.1.2-40.1.3 \
add option grammars for sudo, env, xargs and doas (40.1.3, October 2026).";

/// `--profile` (`HARD-1`): which rules judge the command.
#[derive(Clone, Copy, Default, clap::ValueEnum)]
pub enum ProfileArg {
    #[default]
    #[value(help = DEPLOYED_FACTS)]
    Deployed,
    /// The deployed rules plus spec chapter 12.
    Hardened,
}

impl From<ProfileArg> for inner_cmd_spec::hardened::Profile {
    fn from(profile: ProfileArg) -> Self {
        match profile {
            ProfileArg::Deployed => Self::Deployed,
            ProfileArg::Hardened => Self::Hardened,
        }
    }
}

/// The policy options of `check` and `ground` (PIPE-12).
#[derive(clap::Args)]
pub struct PolicyArgs {
    /// A policy file (config.json format or a plain rule list), layered on top
    /// of the package's config search (the global, then the project
    /// config.json): its rules come after theirs. With no file at all, the
    /// built-in example policy.
    #[arg(long)]
    pub policy: Option<std::path::PathBuf>,
    /// `deployed`: the 20.7.3 gate beside the TypeScript authorizer of ADR 0009, findings included (`--help` says what newer packages change); `hardened`: spec chapter 12.
    #[arg(long, value_enum, default_value_t)]
    pub profile: ProfileArg,
}

/// The policy of `check` and `ground`, loaded once (PIPE-12), and where it came from.
pub fn load_policy(
    subcommand: &str,
    args: &PolicyArgs,
) -> Result<(inner_cmd_spec::policy::Policy, String), ExitCode> {
    use inner_cmd_spec::policy::{config, Policy};
    // The CLI is the one place that reads the environment (POL-MATCH: the
    // matcher takes the home directory as an explicit input).
    let home = std::env::var("HOME").unwrap_or_default();
    let cwd = std::env::current_dir().ok();
    match config::load_or_example(&home, cwd.as_deref(), args.policy.as_deref()) {
        Ok((loaded, source)) => Ok((Policy::from_config(loaded, home), source)),
        Err(error) => {
            eprintln!("inner-cmd {subcommand}: {error}");
            Err(ExitCode::from(2))
        }
    }
}

/// The exit status of `check --exit-status` (`PIPE-11`): clear of 1 (failure)
/// and 2 (usage, bad policy), which keep their meaning.
pub fn outcome_status(outcome: inner_cmd_spec::verdict::PermissionState) -> ExitCode {
    use inner_cmd_spec::verdict::PermissionState;
    ExitCode::from(match outcome {
        PermissionState::Allow => 0,
        PermissionState::Ask => 3,
        PermissionState::Deny => 4,
    })
}

/// The command of `check -` (`PIPE-10`): standard input, UTF-8, without one
/// trailing newline (`\n` or `\r\n`), as a line read from a file or a pipe.
pub fn command_from_stdin() -> Result<String, String> {
    use std::io::Read;
    // Four UTF-8 bytes per code unit at most: anything longer is beyond
    // POL-LIMIT-1 anyway, and is refused before it is buffered whole.
    let limit = 4 * inner_cmd_spec::policy::units::MAX_COMMAND_CODE_UNITS;
    let mut input = Vec::new();
    std::io::stdin()
        .lock()
        .take(u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1))
        .read_to_end(&mut input)
        .map_err(|error| format!("cannot read standard input: {error}"))?;
    if input.len() > limit {
        return Err(format!("standard input is longer than {limit} bytes"));
    }
    let mut command =
        String::from_utf8(input).map_err(|_| "standard input is not UTF-8".to_owned())?;
    if command.ends_with('\n') {
        command.pop();
        if command.ends_with('\r') {
            command.pop();
        }
    }
    Ok(command)
}

/// Prints one line per item; a reader that left early (`| head`) ends the
/// output quietly instead of a panic of `println!` (exit 0: what was asked
/// for was printed); another write error exits 2.
#[cfg(any(feature = "gen", feature = "ground"))]
pub fn print_lines<T: std::fmt::Display>(lines: impl IntoIterator<Item = T>) -> ExitCode {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    for line in lines {
        match writeln!(out, "{line}") {
            Ok(()) => {}
            Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => break,
            Err(error) => {
                eprintln!("inner-cmd: cannot write: {error}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}
