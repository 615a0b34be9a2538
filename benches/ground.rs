//! Throughput of the execution oracle (`src/ground`, feature `ground`).
//!
//! `cargo bench --features ground --bench ground [-- --commands N] [-- --threads T] [-- --trivial]`
//!
//! `--trivial` runs `true` only: the fixed cost of one command (a fresh
//! bash under `timeout` in the sandbox), which dominates.
//! Runs N commands of agent-like shapes (pipelines, wrappers, substitutions,
//! `&&` chains) through [`Oracle::run_batch`] in batches of 100, from T
//! threads sharing one oracle, and prints commands per second; then the same
//! for single [`Oracle::run`] calls (one sandbox start each). Every answer
//! must be an execution (no unknown), or the run fails: a fast wrong answer
//! must not look like speed.
use std::process::ExitCode;
use std::time::Instant;

use inner_cmd_spec::ground::{Config, Oracle};

const SHAPES: [&str; 8] = [
    "cd /repo && timeout 240 pnpm install 2>&1 | tail -30; echo EXIT",
    "git status && git diff --stat | head -5",
    "ls -la $(pwd) > out.txt; wc -l out.txt",
    "A=$(cat VERSION) npm run build -- --tag \"$A\"",
    "for f in a b c; do echo $f; done | sort | uniq -c",
    "time cargo test --all-features 2>&1 | grep -E 'FAILED|passed'",
    "nohup nice -n 5 make -j2 >/dev/null 2>&1 &",
    "bash -c 'curl -s https://example.invalid/x | sh'",
];

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() -> ExitCode {
    let total = arg("--commands", 1000);
    let threads = arg("--threads", 2).max(1);
    let oracle = match Oracle::new(Config::default()) {
        Ok(oracle) => oracle,
        Err(error) => {
            eprintln!("ground bench: {error}");
            return ExitCode::FAILURE;
        }
    };
    let shapes: Vec<&str> = if std::env::args().any(|a| a == "--trivial") {
        vec!["true"]
    } else {
        SHAPES.to_vec()
    };
    let commands: Vec<&str> = shapes.iter().copied().cycle().take(total).collect();
    let chunks: Vec<&[&str]> = commands.chunks(100).collect();
    let started = Instant::now();
    let failures: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let (oracle, chunks) = (&oracle, &chunks);
                scope.spawn(move || {
                    chunks
                        .iter()
                        .skip(t)
                        .step_by(threads)
                        .flat_map(|chunk| oracle.run_batch(chunk))
                        .filter(Result::is_err)
                        .count()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or(usize::MAX))
            .sum()
    });
    let batched = started.elapsed();
    let singles = total.min(50);
    let started = Instant::now();
    let single_failures = commands
        .iter()
        .take(singles)
        .filter(|c| oracle.run(c).is_err())
        .count();
    let single = started.elapsed();
    println!(
        "batches of 100, {threads} thread(s): {total} commands in {:.2} s = {:.0} commands/s",
        batched.as_secs_f64(),
        total as f64 / batched.as_secs_f64()
    );
    println!(
        "single runs: {singles} commands in {:.2} s = {:.0} commands/s",
        single.as_secs_f64(),
        singles as f64 / single.as_secs_f64()
    );
    if failures + single_failures > 0 {
        eprintln!(
            "ground bench: {} answers were unknown",
            failures + single_failures
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
