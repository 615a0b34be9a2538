//! The soundness run (`INV-KNOWN-2`): generated (command, policy) pairs through
//! the pipeline, every allow checked against what bash runs.
//!
//! ```sh
//! cargo run --release --features ground,arbitrary --example soundness -- [ALLOWS] [SECONDS] [SEED]
//! ```
//!
//! Prints the report; exits 1 when a violation is unclassified.
//! `-- replay SEED INDEX…` decides only the given pairs of a run (e.g. the
//! unclassified ones of an earlier report) and reports on them.

use std::time::Duration;

use inner_cmd_spec::ground::{Config, Oracle};
use inner_cmd_spec::soundness::{replay, run, Budget};

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    if all.first().map(String::as_str) == Some("replay") {
        let numbers: Vec<u64> = all.iter().skip(1).filter_map(|a| a.parse().ok()).collect();
        let (seed, indices) = numbers.split_first().unwrap_or((&1, &[]));
        let oracle = Oracle::new(Config::default()).unwrap_or_else(|error| {
            eprintln!("{error}");
            std::process::exit(2);
        });
        let report = replay(&oracle, *seed, indices);
        println!("{report}");
        std::process::exit(i32::from(!report.unclassified.is_empty()));
    }
    let mut args = all.into_iter();
    let mut next = |default: u64| args.next().and_then(|a| a.parse().ok()).unwrap_or(default);
    let allows = next(100_000);
    let seconds = next(3_600);
    let seed = next(1);
    let oracle = match Oracle::new(Config::default()) {
        Ok(oracle) => oracle,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(2);
        }
    };
    let budget = Budget {
        allows: usize::try_from(allows).unwrap_or(usize::MAX),
        time: Duration::from_secs(seconds),
        batch: 200,
    };
    let report = run(&oracle, seed, budget);
    println!("{report}");
    if !report.unclassified.is_empty() {
        std::process::exit(1);
    }
}
