//! Requests per second through the JSON-lines oracle server, pipelined.
//!
//! Every iteration answers a batch of 1,000 `match` requests (realistic
//! patterns and 40-byte values); throughput is in requests (elements/s):
//! - `serve/handle_line`: the pure line handler over the request lines
//!   (JSON decode, pattern compile, match, JSON encode).
//! - `serve/serve-buffer`: `protocol::server::serve` from an in-memory reader
//!   to an in-memory writer (adds line framing, handshake, flushes).
//! - `serve/binary-pipes`: the real `inner-cmd serve` process, one child for
//!   the whole bench, requests written by a writer thread while the bench
//!   reads the answers (pipelined; the server itself is single-threaded, so
//!   it runs on one core).
//!
//! And, side by side in one run (issue 28), ten agent commands as `units`
//! requests against the same ten as `decide` requests with the example
//! policy's 56 bash rules (`serve/units-10` and `serve/decide-10`, per
//! request), through the server's `protocol::Handler` (kept across
//! iterations, as one process keeps it) and through the real process
//! (`*-process`): what a protocol user pays per decision, rule-set cache
//! included (`PROTO-14`); `serve/decide-10-uncached` is the pure
//! `handle_line`, which builds the rule set for every request. The
//! `decide-10-hardened` rows are the same `decide` requests under the
//! hardened profile (issue 33's target: ≤ 1.5 × `units-10` under both).
use std::hint::black_box;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use inner_cmd_spec::protocol;
use serde_json::json;

#[path = "side-by-side/workload.rs"]
mod workload;

use workload::{plain_value, realistic_rules, Rng, HOME};

const BATCH: usize = 1_000;

/// `BATCH` newline-terminated `match` request lines.
fn requests() -> Vec<String> {
    let rules = realistic_rules(200, 7);
    let mut rng = Rng::new(99);
    let values = [
        "git status --short",
        "npm run build -- --watch=false",
        "cat ~/.ssh/id_rsa",
        "ls -la",
    ];
    (0..BATCH)
        .map(|i| {
            let pattern = &rules[rng.below(rules.len())].pattern;
            let value = if i % 5 == 0 {
                plain_value(40, i as u64)
            } else {
                values[i % values.len()].to_owned()
            };
            format!(
                "{}\n",
                json!({"id": i, "op": "match", "pattern": pattern, "value": value, "home": HOME})
            )
        })
        .collect()
}

fn configure(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Elements(BATCH as u64));
}

fn in_process(c: &mut Criterion) {
    let lines = requests();
    let input: Vec<u8> = lines.concat().into_bytes();
    for line in &lines {
        let response = protocol::handle_line(line.trim_end().as_bytes());
        assert!(
            response.contains("\"ok\":true"),
            "request failed: {line} -> {response}"
        );
    }
    let mut group = c.benchmark_group("serve");
    configure(&mut group);
    group.bench_function("handle_line", |b| {
        b.iter(|| {
            for line in &lines {
                black_box(protocol::handle_line(black_box(line.trim_end().as_bytes())));
            }
        });
    });
    group.bench_function("serve-buffer", |b| {
        let mut output = Vec::with_capacity(input.len() * 2);
        b.iter(|| {
            output.clear();
            protocol::server::serve(black_box(&input[..]), &mut output).expect("in-memory I/O");
            assert_eq!(output.iter().filter(|&&b| b == b'\n').count(), BATCH + 1);
        });
    });
    group.finish();
}

fn binary(c: &mut Criterion) {
    let mut group = c.benchmark_group("serve");
    configure(&mut group);
    through_the_process(&mut group, "binary-pipes", &requests());
    group.finish();
}

/// `lines` through one real `inner-cmd serve` process, pipelined: a writer
/// thread sends them while the bench reads the answers.
fn through_the_process(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    lines: &[String],
) {
    let input: Vec<u8> = lines.concat().into_bytes();
    let mut child = Command::new(env!("CARGO_BIN_EXE_inner-cmd"))
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start inner-cmd serve");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut line = String::new();
    stdout.read_line(&mut line).expect("handshake");
    assert!(line.contains("\"protocol\""), "handshake: {line}");

    group.bench_function(name, |b| {
        b.iter_custom(|iterations| {
            let start = Instant::now();
            for _ in 0..iterations {
                std::thread::scope(|scope| {
                    scope.spawn(|| {
                        stdin
                            .write_all(&input)
                            .and_then(|()| stdin.flush())
                            .expect("write requests")
                    });
                    for _ in 0..lines.len() {
                        line.clear();
                        stdout.read_line(&mut line).expect("read response");
                        assert!(line.contains("\"ok\":true"), "response: {line}");
                    }
                });
            }
            start.elapsed()
        });
    });
    drop(stdin);
    let status = child.wait().expect("inner-cmd serve exits");
    assert!(status.success(), "inner-cmd serve exited with {status}");
}

/// Ten agent commands: plain, compound, wrapped, substituted.
const AGENT_COMMANDS: [&str; 10] = [
    "git status --short",
    "cd /repo && timeout 240 pnpm install 2>&1 | tail -30; echo EXIT",
    "cargo test --all-features 2>&1 | tail -50",
    "ls -la src/ && cat README.md | head -40",
    "git diff --stat && git log --oneline -5",
    "timeout 30s npm run build",
    "grep -rn 'TODO' src | wc -l",
    "rm -rf node_modules && npm ci",
    "echo \"$(git rev-parse HEAD)\" > .rev",
    "time cargo build --release 2>&1 | tail -3",
];

/// `units` and `decide` request lines for [`AGENT_COMMANDS`], the latter with
/// the example policy's bash rules, under `profile`.
fn agent_requests(profile: &str) -> (Vec<String>, Vec<String>) {
    let rules = inner_cmd_spec::policy::config::example_policy()
        .expect("the built-in example policy")
        .rules()
        .to_vec();
    let units = AGENT_COMMANDS
        .iter()
        .enumerate()
        .map(|(i, command)| format!("{}\n", json!({"id": i, "op": "units", "command": command})))
        .collect();
    let decide = AGENT_COMMANDS
        .iter()
        .enumerate()
        .map(|(i, command)| {
            format!(
                "{}\n",
                json!({"id": i, "op": "decide", "profile": profile, "command": command,
                    "rules": rules, "home": HOME})
            )
        })
        .collect();
    (units, decide)
}

fn decide_against_units(c: &mut Criterion) {
    let (units, decide) = agent_requests("deployed");
    let (_, hardened) = agent_requests("hardened");
    for line in units.iter().chain(&decide).chain(&hardened) {
        let response = protocol::handle_line(line.trim_end().as_bytes());
        assert!(response.contains("\"ok\":true"), "{line} -> {response}");
    }
    let mut group = c.benchmark_group("serve");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Elements(AGENT_COMMANDS.len() as u64));
    // One handler across iterations, as one `inner-cmd serve` process keeps
    // its rule sets for its whole life (PROTO-14).
    for (name, lines) in [
        ("units-10", &units),
        ("decide-10", &decide),
        ("decide-10-hardened", &hardened),
    ] {
        let mut handler = protocol::Handler::new();
        group.bench_function(name, |b| {
            b.iter(|| {
                for line in lines {
                    black_box(handler.handle_line(black_box(line.trim_end().as_bytes())));
                }
            });
        });
    }
    group.bench_function("decide-10-uncached", |b| {
        b.iter(|| {
            for line in &decide {
                black_box(protocol::handle_line(black_box(line.trim_end().as_bytes())));
            }
        });
    });
    through_the_process(&mut group, "units-10-process", &units);
    through_the_process(&mut group, "decide-10-process", &decide);
    through_the_process(&mut group, "decide-10-hardened-process", &hardened);
    group.finish();
}

criterion_group!(benches, decide_against_units, in_process, binary);
criterion_main!(benches);
