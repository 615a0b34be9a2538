//! Time per decision, side by side in one run, of the crate's pipeline and
//! the real layers the audit adapts (issue 28, BENCHMARKS.md "Peers"):
//!
//! `cargo bench --bench peers [-- --rounds N]`
//!
//! Every layer decides the same agent commands (`spec/corpus/agent-commands.jsonl`,
//! bases and whole commands as they are), each in-process the way its host
//! calls it: the crate's `pipeline::decide_profiled` under the example policy,
//! deployed and hardened; safe-chains through its library
//! (`safe_chains::is_safe_command`, `conformance/audit/safe-chains/library`);
//! Gemini CLI's `PolicyEngine.check` in Node (`conformance/audit/gemini-cli/adapter.mjs`).
//! The layers answer different questions by design (other rules, other
//! defaults), so the row compares cost only; the approval counts are printed
//! to show each side decided every command. A layer not installed
//! (`conformance/audit/<layer>/setup`) is reported as such. Run by `cargo test
//! --benches` it does one round only.
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::policy::{config, Policy};
use inner_cmd_spec::verdict::PermissionState;
use serde_json::Value;

fn commands(repo: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(repo.join("spec/corpus/agent-commands.jsonl")).unwrap();
    text.lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|v| {
            let command = v.get("whole").or_else(|| v.get("base"))?;
            command.as_str().map(str::to_owned)
        })
        .collect()
}

/// ns per decision and approvals of the crate's pipeline.
fn crate_side(commands: &[String], profile: Profile, rounds: u32) -> (f64, usize) {
    let loaded = config::example_policy().unwrap();
    let policy = Policy::from_config(loaded, "/home/u");
    let options = Options::default();
    let allow = |c: &String| {
        decide_profiled(&policy, c, &options, profile).outcome == PermissionState::Allow
    };
    let approved = commands.iter().filter(|c| allow(c)).count();
    let started = Instant::now();
    for _ in 0..rounds {
        for command in commands {
            std::hint::black_box(allow(std::hint::black_box(command)));
        }
    }
    let decisions = commands.len() as f64 * f64::from(rounds);
    (started.elapsed().as_nanos() as f64 / decisions, approved)
}

/// A peer's own `--time FILE ROUNDS` mode, run with an empty HOME.
fn peer_side(program: &[String], file: &Path, rounds: u32) -> Result<(f64, usize), String> {
    let home = std::env::temp_dir().join(format!("peers-home-{}", std::process::id()));
    std::fs::create_dir_all(&home).map_err(|e| e.to_string())?;
    let (first, rest) = program.split_first().ok_or("no program")?;
    let out = Command::new(first)
        .args(rest)
        .arg("--time")
        .arg(file)
        .arg(rounds.to_string())
        .env("HOME", &home)
        .current_dir(&home)
        .output()
        .map_err(|e| format!("{first}: {e}"))?;
    let line = String::from_utf8_lossy(&out.stdout);
    let value: Value = line
        .lines()
        .rev()
        .find_map(|l| serde_json::from_str(l).ok())
        .ok_or_else(|| format!("no timing from {first}: {line}"))?;
    let ns = value["nsPerDecision"].as_f64().ok_or("no nsPerDecision")?;
    let approved = value["approved"].as_u64().ok_or("no approved")?;
    Ok((ns, usize::try_from(approved).unwrap_or(0)))
}

fn main() {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut rounds = 1;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--rounds" {
            rounds = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
        }
    }
    let commands = commands(&repo);
    let file = std::env::temp_dir().join(format!("peers-commands-{}.jsonl", std::process::id()));
    let lines: String = commands
        .iter()
        .map(|c| serde_json::to_string(c).unwrap() + "\n")
        .collect();
    std::fs::write(&file, lines).unwrap();
    println!(
        "{} agent commands, {rounds} round(s) after one warm-up round",
        commands.len()
    );
    println!("| layer | called as | µs per decision | approved |\n|---|---|---|---|");
    for profile in [Profile::Deployed, Profile::Hardened] {
        let (ns, approved) = crate_side(&commands, profile, rounds);
        let how = "`pipeline::decide_profiled`, example policy";
        println!(
            "| inner-cmd-spec {} | {how} | {:.2} | {approved} |",
            profile.name(),
            ns / 1e3
        );
    }
    let layers = repo.join("target/audit-layers");
    let safe_chains = layers.join("safe-chains/0.232.5/bin/audit-library");
    let gemini = layers.join("gemini-cli/0.61.0/adapter.mjs");
    let peers: [(&str, &str, Vec<String>, &Path); 2] = [
        (
            "safe-chains 0.232.5",
            "`safe_chains::is_safe_command` (library)",
            vec![safe_chains.display().to_string()],
            &safe_chains,
        ),
        (
            "Gemini CLI core 0.61.0",
            "`PolicyEngine.check` in Node, default policies",
            vec!["node".to_owned(), gemini.display().to_string()],
            &gemini,
        ),
    ];
    for (name, how, program, installed) in peers {
        if !installed.exists() {
            println!("| {name} | {how} | not installed (conformance/audit/*/setup) | |");
            continue;
        }
        match peer_side(&program, &file, rounds) {
            Ok((ns, approved)) => println!("| {name} | {how} | {:.2} | {approved} |", ns / 1e3),
            Err(error) => println!("| {name} | {how} | failed: {error} | |"),
        }
    }
    let _ = std::fs::remove_file(&file);
}
