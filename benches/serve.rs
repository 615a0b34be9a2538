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
    let input: Vec<u8> = requests().concat().into_bytes();
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

    let mut group = c.benchmark_group("serve");
    configure(&mut group);
    group.bench_function("binary-pipes", |b| {
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
                    for _ in 0..BATCH {
                        line.clear();
                        stdout.read_line(&mut line).expect("read response");
                        assert!(line.contains("\"ok\":true"), "response: {line}");
                    }
                });
            }
            start.elapsed()
        });
    });
    group.finish();
    drop(stdin);
    let status = child.wait().expect("inner-cmd serve exits");
    assert!(status.success(), "inner-cmd serve exited with {status}");
}

criterion_group!(benches, in_process, binary);
criterion_main!(benches);
