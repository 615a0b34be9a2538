//! Writes the oracle's records of a sample of soundness-run commands, as
//! JSON lines, for `tests/it/ground/records.rs` (issue 28: the compiled
//! stubs must record what the shell-script stubs recorded).
//!
//! ```sh
//! cargo run --release --features ground,arbitrary --example ground_records -- COUNT > FILE
//! ```
//!
//! The commands are those of the soundness run's pairs 0..COUNT of seed 1
//! (`soundness::pair`), stored with their records so that the test does not
//! depend on the generators of a later commit. Each record is written in a
//! form that does not depend on the order in which concurrent processes
//! wrote (a pipeline's stages race): its text, argv, origin (a wrapper's
//! inner command names its wrapper by text), sorted.
use std::process::ExitCode;

use inner_cmd_spec::ground::{normalized_records, Config, Oracle};
use inner_cmd_spec::soundness::pair;
use serde_json::json;

fn main() -> ExitCode {
    let count: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    let oracle = match Oracle::new(Config::default()) {
        Ok(oracle) => oracle,
        Err(error) => {
            eprintln!("ground_records: {error}");
            return ExitCode::FAILURE;
        }
    };
    let mut seen = std::collections::BTreeSet::new();
    for index in 0..count {
        let command = pair(1, index).command;
        if !seen.insert(command.clone()) {
            continue;
        }
        let line = match oracle.run(&command) {
            Ok(execution) => json!({
                "command": command,
                "status": execution.status,
                "records": normalized_records(&execution),
            }),
            Err(error) => json!({ "command": command, "unknown": error.to_string() }),
        };
        println!("{line}");
    }
    ExitCode::SUCCESS
}
