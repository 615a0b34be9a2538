//! `inner-cmd conform`: the conformance vectors against another implementation (`CONF-RUN-*`).

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
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

/// `inner-cmd conform`: the vectors against another implementation (`CONF-RUN-*`).
///
/// Exit 0: every supported case passed; 1: a case failed or errored, none
/// passed, or (with `--require-all`) one was unsupported; 2: the run could
/// not start (bad arguments, vectors, skip file, handshake) or the JUnit file
/// could not be written.
pub fn run(args: &Args) -> ExitCode {
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
