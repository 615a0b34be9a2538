//! INV-GROUND-1, INV-GROUND-2: the compiled stubs record what the
//! shell-script stubs recorded, on a sample of the soundness run.
//!
//! `records.jsonl` holds, for the commands of the soundness run's pairs 0 to
//! 299 of seed 1, the records the oracle made with its shell-script stubs
//! (`examples/ground_records.rs`, at the commit that added the file, before
//! the stubs were compiled), normalized by [`normalized_records`]: sorted,
//! process ids left out, so that a pipeline's racing stages compare equal.
//! Commands the old oracle answered *unknown* must be unknown now, except
//! where the sandbox itself ended (a command that kills the driver: the
//! `unshare` backend's driver survives it).

use inner_cmd_spec::ground::{normalized_records, GroundError};
use serde_json::Value;

use super::oracle;

const SAMPLE: &str = include_str!("records.jsonl");

#[test]
fn inv_ground_2_compiled_stubs_record_as_the_shell_stubs_did() {
    let lines: Vec<Value> = SAMPLE
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    assert!(lines.len() >= 250, "{} lines", lines.len());
    let commands: Vec<&str> = lines
        .iter()
        .map(|line| line["command"].as_str().expect("a command"))
        .collect();
    // Two sessions at once, as `ground --batch` runs them.
    let halves = commands.split_at(commands.len() / 2);
    let answers = std::thread::scope(|scope| {
        let first = scope.spawn(|| oracle().attempt_batch(halves.0));
        let second = oracle().attempt_batch(halves.1);
        let mut answers = first.join().expect("the first half");
        answers.extend(second);
        answers
    });
    let mut compared = 0;
    // Answers the machine's load can make unknown (a command past its time
    // limit, a sandbox that could not clear it in time): a few are allowed,
    // never a different record.
    let mut load_unknown = Vec::new();
    for ((line, command), attempt) in lines.iter().zip(&commands).zip(answers) {
        match (&line["unknown"], attempt.result) {
            (Value::String(old), Ok(_)) if old.contains("sandbox ended") => {}
            (Value::String(_), Err(_)) => compared += 1,
            (Value::String(old), Ok(execution)) => {
                panic!("{command:?}: was {old}, now {execution:?}")
            }
            (_, Err(error @ (GroundError::TimedOut | GroundError::Start(_)))) => {
                load_unknown.push(format!("{command:?}: {error}"));
            }
            (_, Err(error)) => panic!("{command:?}: now unknown: {error}"),
            (_, Ok(execution)) => {
                let old: Vec<&str> = line["records"]
                    .as_array()
                    .expect("records")
                    .iter()
                    .map(|r| r.as_str().expect("a record"))
                    .collect();
                assert_eq!(normalized_records(&execution), old, "{command:?}");
                assert_eq!(
                    Some(execution.status),
                    line["status"].as_i64().map(|s| s as i32)
                );
                compared += 1;
            }
        }
    }
    assert!(load_unknown.len() <= 5, "{load_unknown:#?}");
    assert!(
        compared + 1 + load_unknown.len() >= lines.len(),
        "{compared} of {}",
        lines.len()
    );
}
