//! The long soundness run of the hardened profile (spec §12.10,
//! `HARD-GROUND-1`): generated commands, each under its own generated rules
//! and under a permissive policy, decided by the hardened pipeline; every
//! allow is run in GNU bash by the execution oracle and checked with
//! INV-GROUND. Stops after `--allows N` checked allows or `--seconds S`;
//! `--time-limit-ms T` is the oracle's limit per command (2000 by default: a
//! command that loops costs all of it and answers unknown).
//!
//! `cargo run --release --features ground,proptest --example hardened_soundness -- --allows 100000 --seconds 3000`

use std::time::{Duration, Instant};

use inner_cmd_spec::gen::{build, ByteChoices, Weights};
use inner_cmd_spec::ground::{Config, Oracle};
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::invariants::check_ground;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::policy::Policy;
use inner_cmd_spec::verdict::PermissionState::Allow;

fn permissive(home: &str) -> Policy {
    Policy::new(inner_cmd_spec::gen::permissive_rules(), home)
}

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let target = usize::try_from(arg("--allows", 100_000)).unwrap_or(usize::MAX);
    let deadline = Instant::now() + Duration::from_secs(arg("--seconds", 3600));
    let mut config = Config::default();
    config.time_limit = Duration::from_millis(arg("--time-limit-ms", 2000));
    let oracle = Oracle::new(config).expect("the oracle needs bwrap");
    let started = Instant::now();
    let (mut cases, mut decided, mut checked, mut unknown) = (0usize, 0usize, 0usize, 0usize);
    let mut violations: Vec<String> = Vec::new();
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    while checked < target && Instant::now() < deadline {
        let mut batch: Vec<(String, Policy)> = Vec::new();
        while batch.len() < 400 {
            let bytes: Vec<u8> = (0..256)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state >> 24) as u8
                })
                .collect();
            let case = build(&mut ByteChoices::new(&bytes), &Weights::default());
            cases += 1;
            for policy in [
                Policy::new(case.rules.clone(), case.home.clone()),
                permissive(&case.home),
            ] {
                decided += 1;
                let outcome =
                    decide_profiled(&policy, &case.full, &Options::default(), Profile::Hardened);
                if outcome.outcome == Allow {
                    batch.push((case.full.clone(), policy));
                }
            }
        }
        let commands: Vec<&str> = batch.iter().map(|(c, _)| c.as_str()).collect();
        for ((command, policy), result) in batch.iter().zip(oracle.run_batch(&commands)) {
            match result {
                Err(_) => unknown += 1,
                Ok(execution) => {
                    checked += 1;
                    if let Err(violation) = check_ground(policy, &execution) {
                        eprintln!(
                            "VIOLATION {command:?}: {violation} (rules {:?})",
                            policy.rules()
                        );
                        violations.push(format!("{command:?}: {violation}"));
                    }
                }
            }
        }
        eprintln!(
            "{:>6.0}s cases {cases} decided {decided} checked {checked} unknown {unknown} violations {}",
            started.elapsed().as_secs_f64(),
            violations.len()
        );
    }
    println!(
        "hardened soundness run: {cases} generated cases, {decided} decisions (own rules and a permissive policy), {checked} allows checked against bash, {unknown} unknown (oracle timeout/limit), {} INV-GROUND violations, {:.0} s",
        violations.len(),
        started.elapsed().as_secs_f64()
    );
    for violation in violations.iter().take(50) {
        println!("  {violation}");
    }
}
