//! INV-GROUND under the hardened profile (spec §12.10, `HARD-GROUND-1`):
//! every command the hardened pipeline allows is run in GNU bash by the
//! execution oracle, and every command bash executes must be covered by the
//! rules (`invariants::check_ground`). Under the deployed profile the same
//! run finds the findings' violations; under the hardened profile there must
//! be none.
//!
//! Sources: the usefulness corpus and the findings' witnesses under the
//! example and a permissive policy, and generated cases (`src/gen`, their
//! own rules) from a fixed seed. `HARDENED_GROUND_CASES=N` sets the number of
//! generated cases (default 3,000, a CI-sized run); the long run's report is
//! in `spec/hardened-soundness.md`.
#![cfg(all(feature = "ground", feature = "proptest"))]

use inner_cmd_spec::gen::{build, ByteChoices, Weights};
use inner_cmd_spec::ground::{Config, Oracle};
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::invariants::check_ground;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::policy::Policy;
use inner_cmd_spec::verdict::PermissionState::{Allow, Deny};
use serde_json::Value;

use crate::support::corpus::repo;

/// (command, policy) pairs from the corpus, the findings and the generators.
fn pairs(generated: usize) -> Vec<(String, Policy)> {
    let example = crate::support::example_policy("/home/u");
    let permissive = crate::support::policy(
        &[
            ("*", Allow),
            ("rm *", Deny),
            ("cat *secret*", Deny),
            ("*/.ssh/*", Deny),
        ],
        "/home/u",
    );
    let mut commands: Vec<String> = Vec::new();
    let text = std::fs::read_to_string(repo().join("spec/corpus/agent-commands.jsonl")).unwrap();
    for line in text.lines().skip(1) {
        let entry: Value = serde_json::from_str(line).unwrap();
        if let Some(base) = entry["base"].as_str() {
            for scaffold in [
                "{}",
                "cd /repo && timeout 240 {} 2>&1 | tail -30; echo EXIT",
                "time {} | head -5",
            ] {
                commands.push(scaffold.replace("{}", base));
            }
        } else {
            commands.push(entry["whole"].as_str().unwrap().to_owned());
        }
    }
    let vectors: Value = serde_json::from_str(
        &std::fs::read_to_string(repo().join("spec/vectors/hardened.json")).unwrap(),
    )
    .unwrap();
    for group in vectors["testGroups"].as_array().unwrap() {
        for test in group["tests"].as_array().unwrap() {
            if let Some(command) = test["request"]["command"].as_str() {
                if command.len() < 500 {
                    commands.push(command.to_owned());
                }
            }
        }
    }
    let mut out = Vec::new();
    for command in commands {
        out.push((command.clone(), example.clone()));
        out.push((command, permissive.clone()));
    }
    // Generated cases from a fixed xorshift seed: each case brings its own rules.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..generated {
        let bytes: Vec<u8> = (0..256)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 24) as u8
            })
            .collect();
        let case = build(&mut ByteChoices::new(&bytes), &Weights::default());
        let policy = crate::support::properties::policy_of(&case);
        out.push((case.full, policy));
    }
    out
}

#[derive(Default, Debug)]
struct Tally {
    decided: usize,
    allowed: usize,
    checked: usize,
    unknown: usize,
    violations: Vec<String>,
}

fn run(profile: Profile, generated: usize) -> Tally {
    let oracle = Oracle::new(Config::default()).expect("the oracle needs bwrap");
    let mut tally = Tally::default();
    let mut allowed: Vec<(String, Policy)> = Vec::new();
    for (command, policy) in pairs(generated) {
        tally.decided += 1;
        if decide_profiled(&policy, &command, &Options::default(), profile).outcome == Allow {
            allowed.push((command, policy));
        }
    }
    tally.allowed = allowed.len();
    for chunk in allowed.chunks(200) {
        let commands: Vec<&str> = chunk.iter().map(|(c, _)| c.as_str()).collect();
        for ((command, policy), result) in chunk.iter().zip(oracle.run_batch(&commands)) {
            match result {
                Err(_) => tally.unknown += 1,
                Ok(execution) => {
                    tally.checked += 1;
                    if let Err(violation) = check_ground(policy, &execution) {
                        tally.violations.push(format!("{command:?}: {violation}"));
                    }
                }
            }
        }
    }
    tally
}

fn generated_cases() -> usize {
    std::env::var("HARDENED_GROUND_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

/// HARD-GROUND-1: INV-GROUND holds for every allow of the hardened pipeline.
#[test]
fn hard_ground_1_hardened_allows_only_what_the_rules_allow() {
    let tally = run(Profile::Hardened, generated_cases());
    eprintln!(
        "hardened: {} decided, {} allowed, {} checked against bash, {} unknown, {} violations",
        tally.decided,
        tally.allowed,
        tally.checked,
        tally.unknown,
        tally.violations.len()
    );
    assert!(
        tally.checked > 0 && tally.unknown * 100 <= tally.allowed,
        "{tally:?}"
    );
    assert!(
        tally.violations.is_empty(),
        "{} violations:\n{}",
        tally.violations.len(),
        tally.violations.join("\n")
    );
}

/// HARD-GROUND-1: the same run under the deployed profile does find
/// violations (the findings), so the check above can fail.
#[test]
fn hard_ground_1_the_deployed_profile_violates() {
    let tally = run(Profile::Deployed, 0);
    assert!(!tally.violations.is_empty(), "{tally:?}");
    assert!(
        tally.violations.iter().any(|v| v.contains("evil.example")),
        "the de-wrapping flaw: {:?}",
        tally.violations
    );
}
