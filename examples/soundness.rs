//! The soundness run (`INV-KNOWN-2`, `HARD-GROUND-1`): generated (command,
//! policy) pairs through the pipeline under the deployed and the hardened
//! profile, every allow checked against what bash runs.
//!
//! ```sh
//! cargo run --release --features ground,arbitrary --example soundness -- \
//!     [--allows N] [--seconds S] [--seed N] [--profiles deployed,hardened] \
//!     [--workers W] [--batch B] [--time-limit-ms MS] [--recheck-unknown-ms MS] \
//!     [--source shapes|families|both|program-reads|GEN-FAM-16] [--real] [--shard I/N] \
//!     [--json FILE]
//! cargo run … --example soundness -- replay [--profiles …] SEED INDEX…
//! cargo run … --example soundness -- merge FILE…
//! ```
//!
//! Defaults: 100,000 checked allows per profile, 3,600 s, seed 1, both
//! profiles, 4 workers, batches of 100 pairs, a 500 ms time limit per
//! command, pairs from both sources (the case grammar's shapes and the
//! families of bash constructs, alternately; the report's per-family table
//! gives each family's time to its first violation). Prints the report; exits 1 when a deployed violation is
//! unclassified or a hardened one exists. `replay` decides only the given
//! pairs of a run (the violations of an earlier report) and reports on them.
//! `--recheck-unknown-ms 2000` re-runs the commands answered *unknown* with
//! that time limit and counts those it answers: the ones the run's lower
//! limit, not the command, made unknown. `--real` (no value) runs every
//! allow with the machine's real programs in a fresh workspace, every exec
//! and open below bash judged (INV-GROUND-10, INV-GROUND-11); it costs far
//! more per command, so `--shard I/N` decides only the batches whose number
//! is I modulo N: N machines with the same seed and `--batch` check
//! disjoint pairs, together those of one machine. `--json FILE` also writes
//! the report as JSON; `merge FILE…` reads the shards' JSON reports and
//! prints them as the one run they are (GEN-FAM-22), with `--json FILE`
//! writing the merged one.

use std::time::Duration;

use inner_cmd_spec::ground::{Config, Oracle};
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::soundness::{replay, run_shard, Budget, Shard, Source};

/// The command line: `--name value` options and the other words in order.
struct Args {
    options: Vec<(String, String)>,
    words: Vec<String>,
}

impl Args {
    fn parse() -> Self {
        let mut options = Vec::new();
        let mut words = Vec::new();
        let mut all = std::env::args().skip(1);
        while let Some(arg) = all.next() {
            match arg.strip_prefix("--") {
                Some("real") => options.push(("real".to_owned(), "1".to_owned())),
                Some(name) => options.push((name.to_owned(), all.next().unwrap_or_default())),
                None => words.push(arg),
            }
        }
        Self { options, words }
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn number(&self, name: &str, default: u64) -> u64 {
        self.get(name).map_or(default, |v| {
            v.parse()
                .unwrap_or_else(|_| fail(&format!("--{name}: not a number: {v}")))
        })
    }

    fn profiles(&self) -> Vec<Profile> {
        self.get("profiles")
            .unwrap_or("deployed,hardened")
            .split(',')
            .map(|name| {
                Profile::from_name(name).unwrap_or_else(|| fail(&format!("unknown profile {name}")))
            })
            .collect()
    }

    fn source(&self) -> Source {
        let name = self.get("source").unwrap_or("both");
        Source::from_name(name).unwrap_or_else(|| fail(&format!("unknown source {name}")))
    }
}

fn fail(why: &str) -> ! {
    eprintln!("soundness: {why}");
    std::process::exit(2);
}

/// Writes `report` as JSON to the file `--json` names, if any.
fn write_json(args: &Args, report: &inner_cmd_spec::soundness::Report) {
    if let Some(path) = args.get("json") {
        let text = inner_cmd_spec::soundness::to_json(report).to_string();
        std::fs::write(path, text + "\n")
            .unwrap_or_else(|error| fail(&format!("--json {path}: {error}")));
    }
}

/// `merge FILE…`: the shards' reports as one run.
fn merge(args: &Args) -> ! {
    let reports = args
        .words
        .iter()
        .skip(1)
        .map(|path| {
            let text = std::fs::read_to_string(path)
                .unwrap_or_else(|error| fail(&format!("{path}: {error}")));
            let value: serde_json::Value = serde_json::from_str(&text)
                .unwrap_or_else(|error| fail(&format!("{path}: {error}")));
            inner_cmd_spec::soundness::from_json(&value)
                .unwrap_or_else(|error| fail(&format!("{path}: {error}")))
        })
        .collect();
    let merged =
        inner_cmd_spec::soundness::merge(reports).unwrap_or_else(|error| fail(&error.to_string()));
    println!("{merged}");
    write_json(args, &merged);
    std::process::exit(i32::from(!merged.clean()));
}

fn main() {
    let args = Args::parse();
    if args.words.first().map(String::as_str) == Some("merge") {
        merge(&args);
    }
    let mut config = Config::default();
    config.real = args.get("real").is_some();
    let default_ms = if config.real { 10_000 } else { 500 };
    config.time_limit = Duration::from_millis(args.number("time-limit-ms", default_ms));
    let oracle = Oracle::new(config).unwrap_or_else(|error| fail(&error.to_string()));
    let profiles = args.profiles();
    let report = if args.words.first().map(String::as_str) == Some("replay") {
        let numbers: Vec<u64> = args
            .words
            .iter()
            .skip(1)
            .filter_map(|a| a.parse().ok())
            .collect();
        let (seed, indices) = numbers.split_first().unwrap_or((&1, &[]));
        replay(&oracle, *seed, args.source(), &profiles, indices)
    } else {
        let budget = Budget {
            allows: usize::try_from(args.number("allows", 100_000)).unwrap_or(usize::MAX),
            time: Duration::from_secs(args.number("seconds", 3_600)),
            batch: usize::try_from(args.number("batch", 100)).unwrap_or(100),
            workers: usize::try_from(args.number("workers", 4)).unwrap_or(4),
            progress: true,
            source: args.source(),
        };
        let shard = args.get("shard").map_or(Shard::WHOLE, |text| {
            Shard::from_text(text).unwrap_or_else(|| fail(&format!("--shard {text}: not I/N")))
        });
        run_shard(&oracle, args.number("seed", 1), &profiles, budget, shard)
    };
    println!("{report}");
    write_json(&args, &report);
    let recheck = args.number("recheck-unknown-ms", 0);
    if recheck > 0 {
        let mut config = Config::default();
        config.real = oracle.config().real;
        config.time_limit = Duration::from_millis(recheck);
        let slow = Oracle::new(config).unwrap_or_else(|error| fail(&error.to_string()));
        let commands: Vec<&str> = report.unknown_commands.iter().map(String::as_str).collect();
        let answered: Vec<&str> = commands
            .chunks(50)
            .flat_map(|chunk| chunk.iter().zip(slow.run_batch(chunk)))
            .filter_map(|(command, result)| result.is_ok().then_some(*command))
            .collect();
        println!(
            "unknown re-run      {} of the {} unknown commands answered with a {recheck} ms limit",
            answered.len(),
            commands.len()
        );
        for command in answered.iter().take(20) {
            println!("  answered: {command:?}");
        }
    }
    std::process::exit(i32::from(!report.clean()));
}
