//! Throughput of the execution oracle (`src/ground`, feature `ground`).
//!
//! `cargo bench --features ground --bench ground [-- --commands N] [-- --threads T] [-- --batch B] [-- --trivial]`
//!
//! `--trivial` runs `true` only: the fixed cost of one command (a fresh
//! bash under `timeout` in the sandbox), which dominates.
//! Runs N commands of agent-like shapes (pipelines, wrappers, substitutions,
//! `&&` chains) through [`Oracle::run_batch`] in batches of B (200), from T
//! threads sharing one oracle, and prints commands per second and the CPU
//! time (user + system, of this process and every process it waited for,
//! the sandboxes included) per command; then the same for single
//! [`Oracle::run`] calls (through the oracle's resident session). Every answer must be an
//! execution (no unknown), or the run fails: a fast wrong answer must not
//! look like speed. The load average is printed, since the machine is shared.
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

/// CPU time so far, in seconds, of the cgroup (v1 `cpuacct`) this process
/// is in, when that is not the root: bubblewrap does not pass its children's
/// CPU time on to its parent (`getrusage` would see almost none), so the
/// sandboxes are counted through a cgroup of the benchmark's own. Run it as
/// `mkdir /sys/fs/cgroup/cpuacct/ground-bench; echo $$ >
/// /sys/fs/cgroup/cpuacct/ground-bench/cgroup.procs; cargo bench …`;
/// `None` (CPU not printed) otherwise.
fn cpu_seconds() -> Option<f64> {
    let cgroups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = cgroups.lines().find_map(|line| {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        controllers
            .split(',')
            .any(|c| c == "cpuacct")
            .then_some(path)
    })?;
    if path == "/" {
        return None;
    }
    let usage =
        std::fs::read_to_string(format!("/sys/fs/cgroup/cpuacct{path}/cpuacct.usage")).ok()?;
    Some(usage.trim().parse::<f64>().ok()? / 1e9)
}

/// Milliseconds of CPU per command, or a note that it was not measured.
fn per_command(before: Option<f64>, after: Option<f64>, commands: usize) -> String {
    match (before, after) {
        (Some(before), Some(after)) => {
            format!(
                "CPU {:.1} ms/command",
                (after - before) * 1000.0 / commands as f64
            )
        }
        _ => "CPU not measured (no cgroup of its own)".to_owned(),
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split(' ')
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() -> ExitCode {
    let total = arg("--commands", 1000);
    let threads = arg("--threads", 2).max(1);
    let batch = arg("--batch", 200).max(1);
    println!("load average before: {}", load_average());
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
    let chunks: Vec<&[&str]> = commands.chunks(batch).collect();
    let cpu = cpu_seconds();
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
    let batched_cpu = per_command(cpu, cpu_seconds(), total);
    let singles = total.min(200);
    let cpu = cpu_seconds();
    let started = Instant::now();
    // Each run's wall-clock time: what Config::time_limit must leave room for.
    let mut latencies = Vec::with_capacity(singles);
    let mut single_failures = 0;
    for command in commands.iter().take(singles) {
        let at = Instant::now();
        single_failures += usize::from(oracle.run(command).is_err());
        latencies.push(at.elapsed());
    }
    let single = started.elapsed();
    latencies.sort();
    let quantile = |q: f64| {
        let at = ((latencies.len() as f64 - 1.0) * q).round() as usize;
        latencies.get(at).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    let single_cpu = per_command(cpu, cpu_seconds(), singles);
    println!(
        "batches of {batch}, {threads} thread(s): {total} commands in {:.2} s = {:.0} commands/s, {batched_cpu}",
        batched.as_secs_f64(),
        total as f64 / batched.as_secs_f64(),
    );
    println!(
        "single runs: {singles} commands in {:.2} s = {:.0} commands/s, {single_cpu}",
        single.as_secs_f64(),
        singles as f64 / single.as_secs_f64(),
    );
    println!(
        "single-run latency: median {:.1} ms, 99th percentile {:.1} ms, max {:.1} ms",
        quantile(0.5),
        quantile(0.99),
        quantile(1.0)
    );
    println!("load average after: {}", load_average());
    if failures + single_failures > 0 {
        eprintln!(
            "ground bench: {} answers were unknown",
            failures + single_failures
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
