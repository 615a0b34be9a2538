//! `inner-cmd`: the command-line front end of the reference specification.
//!
//! Thin by design: every subcommand parses its arguments and calls one
//! library function, so that the CLI adds no behaviour of its own.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
    /// Run a command in bash in a sandbox and show what it executes, judged (INV-GROUND).
    #[cfg(feature = "ground")]
    Ground(GroundArgs),
    /// Print generated cases of the families of bash constructs as JSON lines, or list the families.
    #[cfg(feature = "gen")]
    Gen(GenArgs),
}

#[cfg(feature = "gen")]
#[derive(clap::Args)]
struct GenArgs {
    /// Only cases of this family (default: every family in turn).
    #[arg(long)]
    family: Option<String>,
    /// How many cases.
    #[arg(long, default_value_t = 10)]
    count: usize,
    /// The seed: the same seed prints the same cases.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// List the families (name, clause, summary) instead.
    #[arg(long)]
    list: bool,
}

#[cfg(feature = "ground")]
#[derive(clap::Args)]
struct GroundArgs {
    /// A policy file (config.json format or a plain rule list); default: the built-in example.
    #[arg(long)]
    policy: Option<std::path::PathBuf>,
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

#[derive(clap::Args)]
struct CheckArgs {
    /// A policy file (config.json format or a plain rule list); overrides the default search.
    #[arg(long)]
    policy: Option<std::path::PathBuf>,
    /// Print one JSON object instead of the readable trace.
    #[arg(long)]
    json: bool,
    /// `deployed` (the deployed system, findings included) or `hardened` (spec chapter 12).
    #[arg(long, default_value = "deployed", value_parser = ["deployed", "hardened"])]
    profile: String,
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
        #[cfg(feature = "ground")]
        Command::Ground(args) => ground(&args),
        #[cfg(feature = "gen")]
        Command::Gen(args) => gen(&args),
    }
}

/// `inner-cmd gen`: cases of the families of bash constructs (`GEN-FAM-14`).
/// Exit 2 when `--family` names no family.
#[cfg(feature = "gen")]
fn gen(args: &GenArgs) -> ExitCode {
    use inner_cmd_spec::gen::families::gen_lines;
    match gen_lines(args.family.as_deref(), args.count, args.seed, args.list) {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("inner-cmd gen: {error}");
            ExitCode::from(2)
        }
    }
}

/// `inner-cmd ground`: what bash executes for the command, each executed
/// command judged by the policy and matched to the unit that judged it
/// (`INV-GROUND-*`). Exit 0 whatever it finds; 2 when the policy or the
/// oracle cannot be set up.
#[cfg(feature = "ground")]
fn ground(args: &GroundArgs) -> ExitCode {
    use inner_cmd_spec::ground::{Config, Oracle};
    use inner_cmd_spec::pipeline;
    use inner_cmd_spec::policy::{config, Policy};
    use inner_cmd_spec::trace::ground as report;
    let home = std::env::var("HOME").unwrap_or_default();
    let (loaded, source) = match &args.policy {
        None => (
            config::example_policy(),
            "built-in example (spec/policies/example.json)".to_owned(),
        ),
        Some(path) => (config::load_file(path, &home), path.display().to_string()),
    };
    let loaded = match loaded {
        Ok(loaded) => loaded,
        Err(error) => {
            eprintln!("inner-cmd ground: {error}");
            return ExitCode::from(2);
        }
    };
    let policy = Policy::new(loaded.rules, home).with_fallback(loaded.fallback);
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
        for line in
            inner_cmd_spec::trace::batch(&oracle, &policy, &input, args.jobs.unwrap_or(cores))
        {
            println!("{line}");
        }
        return ExitCode::SUCCESS;
    }
    let command = args.command.clone().unwrap_or_default();
    let outcome = pipeline::decide(&policy, &command, &pipeline::Options::default());
    let execution = oracle.run(&command);
    if args.json {
        let mut value = report::render_json(&policy, &outcome, &execution);
        if let Some(object) = value.as_object_mut() {
            object.insert("command".to_owned(), command.clone().into());
            object.insert("policy".to_owned(), source.into());
        }
        println!("{value}");
    } else {
        println!("command      {command:?}");
        println!("policy       {source}");
        print!("{}", report::render_text(&policy, &outcome, &execution));
    }
    ExitCode::SUCCESS
}

/// `inner-cmd check`: the pipeline on one command, with a readable trace (`PIPE-9`).
///
/// The policy is the explicit `--policy` file on top of the package's file
/// search; with neither a file found nor `--policy`, the built-in example.
/// Exit 0 whatever the outcome (the outcome is the output); 2 on a bad policy.
fn check(args: &CheckArgs) -> ExitCode {
    use inner_cmd_spec::hardened::Profile;
    use inner_cmd_spec::policy::{config, Policy};
    use inner_cmd_spec::{pipeline, trace};
    // The CLI is the one place that reads the environment (POL-MATCH: the
    // matcher takes the home directory as an explicit input).
    let home = std::env::var("HOME").unwrap_or_default();
    let cwd = std::env::current_dir().ok();
    let loaded = config::load_search_sources(&home, cwd.as_deref(), args.policy.as_deref())
        .and_then(|(policy, sources)| {
            if sources.is_empty() {
                let example = "built-in example (spec/policies/example.json)".to_owned();
                config::example_policy().map(|policy| (policy, example))
            } else {
                let sources: Vec<String> =
                    sources.iter().map(|p| p.display().to_string()).collect();
                Ok((policy, sources.join(", then ")))
            }
        });
    let (loaded, source) = match loaded {
        Ok(loaded) => loaded,
        Err(error) => {
            eprintln!("inner-cmd check: {error}");
            return ExitCode::from(2);
        }
    };
    let policy = Policy::new(loaded.rules, home).with_fallback(loaded.fallback);
    let profile = Profile::from_name(&args.profile).unwrap_or_default();
    let options = pipeline::Options::default();
    let outcome = pipeline::decide_profiled(&policy, &args.command, &options, profile);
    if args.json {
        let mut value = trace::render_json(&policy, &args.command, &outcome);
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
        print!("{}", trace::render_text(&policy, &args.command, &outcome));
        if profile == Profile::Hardened {
            print!("{}", trace::render_hardened(&outcome));
        }
    }
    ExitCode::SUCCESS
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
    let files = match conform::load_vectors(&args.vectors) {
        Ok(files) => files,
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
            "inner-cmd conform: no vector passed, failed or errored; check --vectors, --only, --chapter and the skip file"
        );
    }
    if report.success(args.require_all) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
