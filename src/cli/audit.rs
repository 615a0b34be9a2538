//! `inner-cmd audit`: a permission layer checked against bash (spec chapter 13).

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The layer's command line (split on whitespace, no shell), speaking the audit protocol.
    #[arg(long = "impl", required_unless_present = "merge")]
    implementation: Option<String>,
    /// The seed of the generated cases.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Run for this many minutes.
    #[arg(long, conflicts_with = "cases")]
    minutes: Option<f64>,
    /// Run this many cases of the shard (default 200).
    #[arg(long)]
    cases: Option<u64>,
    /// Write the JSON report here.
    #[arg(long)]
    json: Option<std::path::PathBuf>,
    /// Write the Markdown report here.
    #[arg(long)]
    markdown: Option<std::path::PathBuf>,
    /// Re-check the witnesses of this saved JSON report instead of generating.
    #[arg(long, conflicts_with_all = ["minutes", "cases", "merge"])]
    replay: Option<std::path::PathBuf>,
    /// Run shard K of N (`K/N`) of the case stream.
    #[arg(long, default_value = "0/1")]
    shard: String,
    /// Join these shards' JSON reports into one (no layer is run).
    #[arg(long, num_args = 1.., conflicts_with_all = ["implementation", "replay"])]
    merge: Vec<std::path::PathBuf>,
    /// Start the layer in this directory (its project, as the agent gives it).
    #[arg(long)]
    cwd: Option<std::path::PathBuf>,
    /// Set NAME=VALUE in the layer's environment (repeatable): its HOME, its configuration.
    #[arg(long, value_name = "NAME=VALUE")]
    env: Vec<String>,
    /// No progress on standard error.
    #[arg(long)]
    quiet: bool,
    /// Run a corpus of published bypasses instead of generating: `published` or a JSON-lines file.
    #[arg(long, conflicts_with_all = ["minutes", "cases", "merge", "replay", "shard"])]
    corpus: Option<String>,
    /// Run every approved case with the machine's real programs (slower); by
    /// default only cases whose payload reaches a program through its input
    /// or environment are.
    #[arg(long)]
    real: bool,
}

/// `inner-cmd audit`: a layer checked against bash (`AUDIT-*`). Exit 0 no
/// witness, 1 witnesses, 2 error (`AUDIT-10`).
pub fn run(args: &Args) -> ExitCode {
    let mut how = inner_cmd_spec::audit::invoke::Invocation::default();
    how.layer.clone_from(&args.implementation);
    how.seed = args.seed;
    how.minutes = args.minutes;
    how.cases = args.cases;
    how.shard.clone_from(&args.shard);
    how.replay.clone_from(&args.replay);
    how.merge.clone_from(&args.merge);
    how.json.clone_from(&args.json);
    how.markdown.clone_from(&args.markdown);
    how.cwd.clone_from(&args.cwd);
    how.env.clone_from(&args.env);
    how.quiet = args.quiet;
    how.corpus.clone_from(&args.corpus);
    how.real = args.real;
    match inner_cmd_spec::audit::invoke::invoke(&how) {
        Ok((markdown, status)) => {
            print!("{markdown}");
            ExitCode::from(status)
        }
        Err(error) => {
            eprintln!("inner-cmd audit: {error}");
            ExitCode::from(2)
        }
    }
}
