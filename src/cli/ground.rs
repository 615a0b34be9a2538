//! `inner-cmd ground`: a command run in bash in a sandbox, what it executed judged (INV-GROUND).

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    policy: super::PolicyArgs,
    /// Print one JSON object instead of the readable report.
    #[arg(long)]
    json: bool,
    /// Read JSON lines (`{"command": …}`) from FILE and print one JSON report a line.
    #[arg(long, value_name = "FILE", conflicts_with = "command")]
    batch: Option<std::path::PathBuf>,
    /// Sessions run at once for `--batch` (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// The exit status of every stub (0: every program succeeds).
    #[arg(long, default_value_t = 0)]
    stub_status: u8,
    /// The wall-clock limit of one command, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    time_limit_ms: u64,
    /// The full bash command, as the agent would run it.
    #[arg(required_unless_present = "batch")]
    command: Option<String>,
}

/// `inner-cmd ground`: what bash executes for the command, each executed
/// command judged by the policy and matched to the unit that judged it
/// (`INV-GROUND-*`). Exit 0 whatever it finds; 2 when the policy or the
/// oracle cannot be set up.
pub fn run(args: &Args) -> ExitCode {
    use inner_cmd_spec::ground::{Config, Oracle};
    use inner_cmd_spec::hardened::Profile;
    use inner_cmd_spec::pipeline;
    use inner_cmd_spec::trace::ground as report;
    let (policy, source) = match super::load_policy("ground", &args.policy) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let profile = Profile::from(args.policy.profile);
    let mut config = Config::default();
    config.stub_status = args.stub_status;
    config.time_limit = std::time::Duration::from_millis(args.time_limit_ms);
    let oracle = match Oracle::new(config) {
        Ok(oracle) => oracle,
        Err(error) => {
            eprintln!("inner-cmd ground: {error}");
            return ExitCode::from(2);
        }
    };
    if let Some(file) = &args.batch {
        let input = match std::fs::read_to_string(file) {
            Ok(input) => input,
            Err(error) => {
                eprintln!("inner-cmd ground: {}: {error}", file.display());
                return ExitCode::from(2);
            }
        };
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        return super::print_lines(inner_cmd_spec::trace::batch(
            &oracle,
            &policy,
            profile,
            &input,
            args.jobs.unwrap_or(cores),
        ));
    }
    let command = args.command.clone().unwrap_or_default();
    let outcome =
        pipeline::decide_profiled(&policy, &command, &pipeline::Options::default(), profile);
    let execution = oracle.run(&command);
    if args.json {
        let value =
            report::render_report_json(&policy, &outcome, &execution, &command, &source, profile);
        println!("{value}");
    } else {
        println!("command      {command:?}");
        println!("policy       {source}");
        println!("profile      {}", profile.name());
        print!("{}", report::render_text(&policy, &outcome, &execution));
    }
    ExitCode::SUCCESS
}
