//! `inner-cmd check`: the whole pipeline on one command, with a trace (`PIPE-9` to `PIPE-12`).

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    policy: super::PolicyArgs,
    /// Print one JSON object instead of the readable trace.
    #[arg(long)]
    json: bool,
    /// Exit with the outcome: 0 allow, 3 ask, 4 deny (1 and 2 stay errors).
    #[arg(long)]
    exit_status: bool,
    /// The full bash command, as the agent would run it; `-` reads it from
    /// standard input (one trailing newline removed).
    command: String,
}

/// `inner-cmd check`: the pipeline on one command, with a readable trace
/// (`PIPE-9`); the command from standard input when it is `-` (`PIPE-10`).
///
/// The policy is the explicit `--policy` file on top of the package's file
/// search; with neither a file found nor `--policy`, the built-in example
/// (`PIPE-12`). Exit 0 whatever the outcome (the outcome is the output), or
/// with `--exit-status` 0, 3 or 4 for allow, ask, deny (`PIPE-11`); 2 on a
/// bad policy or an unreadable standard input.
pub fn run(args: &Args) -> ExitCode {
    use inner_cmd_spec::hardened::Profile;
    use inner_cmd_spec::{pipeline, trace};
    let (policy, source) = match super::load_policy("check", &args.policy) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let command = match args.command.as_str() {
        "-" => match super::command_from_stdin() {
            Ok(command) => command,
            Err(message) => {
                eprintln!("inner-cmd check: {message}");
                return ExitCode::from(2);
            }
        },
        command => command.to_owned(),
    };
    let profile = Profile::from(args.policy.profile);
    let options = pipeline::Options::default();
    let outcome = pipeline::decide_profiled(&policy, &command, &options, profile);
    if args.json {
        let value = trace::render_check_json(&policy, &command, &outcome, &source, profile);
        println!("{value}");
    } else {
        println!("policy       {source}");
        if profile == Profile::Hardened {
            println!("profile      hardened (spec chapter 12)");
        }
        print!("{}", trace::render_text(&policy, &command, &outcome));
        if profile == Profile::Hardened {
            print!("{}", trace::render_hardened(&outcome));
        }
    }
    if args.exit_status {
        super::outcome_status(outcome.outcome)
    } else {
        ExitCode::SUCCESS
    }
}
