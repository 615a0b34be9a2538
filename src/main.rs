//! `inner-cmd`: the command-line front end of the reference specification.
//!
//! Thin by design: every subcommand parses its arguments and calls one
//! library function, so that the CLI adds no behaviour of its own.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;
use cli::{load_policy, PolicyArgs};
#[cfg(not(feature = "ground"))]
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
    Check(CheckArgs),
    /// Serve the oracle protocol: JSON Lines on stdin/stdout.
    Serve,
    /// Answer one `decide` request read from stdin.
    Decide,
    /// Run the conformance vectors against another implementation.
    Conform(ConformArgs),
    /// Throw generated requests at another implementation and shrink the first divergence.
    #[cfg(feature = "proptest")]
    Fuzz(FuzzArgs),
    /// Run a command in bash in a sandbox and show what it executes, judged (INV-GROUND).
    #[cfg(feature = "ground")]
    Ground(GroundArgs),
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
}

#[cfg(feature = "ground")]
#[derive(clap::Args)]
struct GroundArgs {
    #[command(flatten)]
    policy: PolicyArgs,
    /// Print one JSON object instead of the readable report.
    #[arg(long)]
    json: bool,
    /// The full bash command, as the agent would run it.
    command: String,
}

#[cfg(feature = "proptest")]
#[derive(clap::Args)]
struct FuzzArgs {
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

#[derive(clap::Args)]
struct CheckArgs {
    #[command(flatten)]
    policy: PolicyArgs,
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

#[derive(clap::Args)]
struct ConformArgs {
    /// The implementation's command line (split on whitespace, no shell).
    #[arg(long = "impl")]
    implementation: String,
    /// Directory of vector files; default: the vectors built into this binary.
    #[arg(long)]
    vectors: Option<std::path::PathBuf>,
    /// Only run the vectors of this profile, and send it with each request; default: every vector as written.
    #[arg(long, value_parser = ["deployed", "hardened"])]
    profile: Option<String>,
    /// Only run vectors whose id matches this glob.
    #[arg(long)]
    only: Option<String>,
    /// Only run these chapters (comma-separated vector file chapters, e.g. `auth,payload,strip,wrap`).
    #[arg(long)]
    chapter: Option<String>,
    /// Count `unsupported_op` answers as failures.
    #[arg(long)]
    require_all: bool,
    /// Also write the report as JUnit XML to this file.
    #[arg(long)]
    junit: Option<std::path::PathBuf>,
    /// A file of `glob -> reason` lines naming known divergences.
    #[arg(long)]
    skip_file: Option<std::path::PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Seconds one case (or the handshake) may take before it counts as errored.
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => check(&args),
        Command::Serve => serve(),
        Command::Decide => decide(),
        Command::Conform(args) => conform(&args),
        #[cfg(feature = "proptest")]
        Command::Fuzz(args) => fuzz(&args),
        #[cfg(feature = "ground")]
        Command::Ground(args) => ground(&args),
        #[cfg(not(feature = "ground"))]
        Command::Ground(_) => needs_feature("ground", "ground"),
    }
}

/// `inner-cmd ground`: what bash executes for the command, each executed
/// command judged by the policy and matched to the unit that judged it
/// (`INV-GROUND-*`). Exit 0 whatever it finds; 2 when the policy or the
/// oracle cannot be set up.
#[cfg(feature = "ground")]
fn ground(args: &GroundArgs) -> ExitCode {
    use inner_cmd_spec::ground::{report, Config, Oracle};
    use inner_cmd_spec::hardened::Profile;
    use inner_cmd_spec::pipeline;
    let (policy, source) = match load_policy("ground", &args.policy) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let profile = Profile::from(args.policy.profile);
    let oracle = match Oracle::new(Config::default()) {
        Ok(oracle) => oracle,
        Err(error) => {
            eprintln!("inner-cmd ground: {error}");
            return ExitCode::from(2);
        }
    };
    let options = pipeline::Options::default();
    let outcome = pipeline::decide_profiled(&policy, &args.command, &options, profile);
    let execution = oracle.run(&args.command);
    if args.json {
        let mut value = report::render_json(&policy, &outcome, &execution);
        if let Some(object) = value.as_object_mut() {
            object.insert("command".to_owned(), args.command.clone().into());
            object.insert("policy".to_owned(), source.into());
            object.insert("profile".to_owned(), profile.name().into());
        }
        println!("{value}");
    } else {
        println!("command      {:?}", args.command);
        println!("policy       {source}");
        println!("profile      {}", profile.name());
        print!("{}", report::render_text(&policy, &outcome, &execution));
    }
    ExitCode::SUCCESS
}

/// `inner-cmd check`: the pipeline on one command, with a readable trace
/// (`PIPE-9`); the command from standard input when it is `-` (`PIPE-10`).
///
/// The policy is the explicit `--policy` file on top of the package's file
/// search; with neither a file found nor `--policy`, the built-in example
/// (`PIPE-12`). Exit 0 whatever the outcome (the outcome is the output), or
/// with `--exit-status` 0, 3 or 4 for allow, ask, deny (`PIPE-11`); 2 on a
/// bad policy or an unreadable standard input.
fn check(args: &CheckArgs) -> ExitCode {
    use inner_cmd_spec::hardened::Profile;
    use inner_cmd_spec::{pipeline, trace};
    let (policy, source) = match load_policy("check", &args.policy) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let command = match args.command.as_str() {
        "-" => match cli::command_from_stdin() {
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
        let mut value = trace::render_json(&policy, &command, &outcome);
        if let Some(object) = value.as_object_mut() {
            object.insert("policy".to_owned(), source.into());
            if profile == Profile::Hardened {
                object.insert("profile".to_owned(), profile.name().into());
                object.insert(
                    "hardenedClauses".to_owned(),
                    trace::hardened_clauses_json(&outcome),
                );
            }
        }
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
        cli::outcome_status(outcome.outcome)
    } else {
        ExitCode::SUCCESS
    }
}

/// `inner-cmd serve`: the oracle protocol on stdin/stdout (`PROTO-*`).
fn serve() -> ExitCode {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match inner_cmd_spec::protocol::server::serve(stdin.lock(), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed stdout means the client left; nothing is left to answer.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("inner-cmd serve: {error}");
            ExitCode::FAILURE
        }
    }
}

/// `inner-cmd decide`: one `decide` request on stdin, its answer on stdout (`PROTO-13`).
fn decide() -> ExitCode {
    use std::io::Read;
    let limit = inner_cmd_spec::protocol::MAX_LINE_BYTES;
    let mut input = Vec::new();
    let read = std::io::stdin()
        .lock()
        .take(u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1))
        .read_to_end(&mut input);
    if let Err(error) = read {
        eprintln!("inner-cmd decide: cannot read stdin: {error}");
        return ExitCode::FAILURE;
    }
    if input.len() > limit {
        eprintln!("inner-cmd decide: line_too_long: request longer than {limit} bytes");
        return ExitCode::FAILURE;
    }
    match inner_cmd_spec::protocol::answer_decide(&input) {
        Ok(answer) => {
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("inner-cmd decide: {error}");
            ExitCode::FAILURE
        }
    }
}

/// `inner-cmd conform`: the vectors against another implementation (`CONF-RUN-*`).
///
/// Exit 0: every supported case passed; 1: a case failed or errored, none
/// passed, or (with `--require-all`) one was unsupported; 2: the run could
/// not start (bad arguments, vectors, skip file, handshake) or the JUnit file
/// could not be written.
fn conform(args: &ConformArgs) -> ExitCode {
    use inner_cmd_spec::conform;
    use std::io::IsTerminal;
    let usage = |message: String| {
        eprintln!("inner-cmd conform: {message}");
        ExitCode::from(2)
    };
    let command = match conform::split_command_line(&args.implementation) {
        Ok(command) => command,
        Err(error) => return usage(error.to_string()),
    };
    let files = match &args.vectors {
        None => conform::builtin_vectors(),
        Some(dir) => conform::load_vectors(dir),
    };
    let files = match files {
        Ok(files) => files,
        Err(error) if args.vectors.is_some() => {
            return usage(format!(
                "{error} (--vectors names a directory of vector files; without it the built-in vectors run)"
            ))
        }
        Err(error) => return usage(error.to_string()),
    };
    let skips = match &args.skip_file {
        None => Vec::new(),
        Some(path) => {
            match std::fs::read_to_string(path).map(|text| conform::parse_skip_file(&text)) {
                Ok(Ok(skips)) => skips,
                Ok(Err(error)) => return usage(format!("{}: {error}", path.display())),
                Err(error) => return usage(format!("{}: {error}", path.display())),
            }
        }
    };
    let timeout = match std::time::Duration::try_from_secs_f64(args.timeout) {
        Ok(timeout) if !timeout.is_zero() => timeout,
        _ => {
            return usage(format!(
                "--timeout must be a positive number of seconds, not {}",
                args.timeout
            ))
        }
    };
    let known: Vec<&str> = files.iter().map(|file| file.chapter.as_str()).collect();
    let chapters = match args
        .chapter
        .as_deref()
        .map(|list| conform::parse_chapters(list, &known))
    {
        None => Vec::new(),
        Some(Ok(chapters)) => chapters,
        Some(Err(message)) => return usage(message),
    };
    let cases: Vec<conform::Case> = files.iter().flat_map(conform::VectorFile::cases).collect();
    let options = conform::RunOptions {
        command,
        only: args.only.clone(),
        chapters,
        profile: args.profile.clone(),
        skips,
        timeout,
        progress: std::io::stderr().is_terminal(),
    };
    let report = match conform::run(&cases, &options) {
        Ok(report) => report,
        Err(error) => return usage(error.to_string()),
    };
    if args.json {
        match serde_json::to_string_pretty(&report) {
            Ok(json) => println!("{json}"),
            Err(error) => return usage(format!("cannot print the report: {error}")),
        }
    } else {
        print!("{}", report.render());
    }
    if let Some(path) = &args.junit {
        let started = std::time::SystemTime::now()
            .checked_sub(report.elapsed)
            .unwrap_or(std::time::UNIX_EPOCH);
        let xml = conform::junit::render(
            &report,
            args.require_all,
            &conform::junit::Run::here(started),
        );
        if let Err(error) = std::fs::write(path, xml) {
            return usage(format!("cannot write {}: {error}", path.display()));
        }
    }
    if report.passed + report.failed + report.errored == 0 {
        eprintln!(
            "inner-cmd conform: no vector passed, failed or errored; check --vectors, --only, --chapter, --profile and the skip file"
        );
    }
    if report.success(args.require_all) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `inner-cmd fuzz`: generated requests against another implementation
/// (`CONF-FUZZ-*`). Exit 0: the budget ran out with no divergence; 1: a
/// divergence, printed and written as a vector file; 2: the run could not be made.
#[cfg(feature = "proptest")]
fn fuzz(args: &FuzzArgs) -> ExitCode {
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
