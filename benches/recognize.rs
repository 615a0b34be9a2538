//! Hand-written wrapper recognizers vs their fancy-regex transcriptions.
//!
//! Group `recognize/<grammar>/<input>` with two functions each:
//! `hand-written` (`recognize::match_timeout` / `match_time`, what production
//! uses) and `fancy-regex` (`recognize::transcription::*`, the oracle, with
//! its regex compiled once). Inputs: a typical wrapped unit, a unit of another
//! command (rejected at the first byte), the backtracking-sensitive trailing
//! blanks, a 4 KiB inner command, and a 4 KiB run of blanks after the
//! duration (the case where a backtracking engine retries every split).
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use inner_cmd_spec::recognize::{self, transcription};

fn timeout_inputs() -> Vec<(&'static str, String)> {
    vec![
        (
            "typical",
            "timeout 240 pnpm install --frozen-lockfile".to_owned(),
        ),
        ("other-command", "git status --short".to_owned()),
        ("trailing-blanks", "timeout 30s   ".to_owned()),
        ("inner-4KiB", format!("timeout 1.5h {}", "x".repeat(4096))),
        ("blanks-4KiB", format!("timeout 30s{}", " ".repeat(4096))),
    ]
}

fn time_inputs() -> Vec<(&'static str, String)> {
    vec![
        ("typical", "time pnpm build".to_owned()),
        ("flag-rejected", "time -p make".to_owned()),
        ("inner-4KiB", format!("time {}", "x".repeat(4096))),
        ("blanks-4KiB", format!("time{}x", " ".repeat(4096))),
    ]
}

fn configure(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(800))
        .sampling_mode(SamplingMode::Flat);
}

fn bench(c: &mut Criterion) {
    for (name, unit) in timeout_inputs() {
        let hand = recognize::match_timeout(&unit).map(|m| (m.duration, m.inner));
        let regex = transcription::match_timeout(&unit).expect("transcription answers");
        assert_eq!(hand, regex, "timeout {name}: the two recognizers disagree");
        let mut group = c.benchmark_group(format!("recognize/timeout/{name}"));
        configure(&mut group);
        group.throughput(Throughput::Bytes(unit.len() as u64));
        group.bench_function("hand-written", |b| {
            b.iter(|| recognize::match_timeout(black_box(&unit)))
        });
        group.bench_function("fancy-regex", |b| {
            b.iter(|| transcription::match_timeout(black_box(&unit)))
        });
        group.finish();
    }
    for (name, unit) in time_inputs() {
        let hand = recognize::match_time(&unit);
        let regex = transcription::match_time(&unit).expect("transcription answers");
        assert_eq!(hand, regex, "time {name}: the two recognizers disagree");
        let mut group = c.benchmark_group(format!("recognize/time/{name}"));
        configure(&mut group);
        group.throughput(Throughput::Bytes(unit.len() as u64));
        group.bench_function("hand-written", |b| {
            b.iter(|| recognize::match_time(black_box(&unit)))
        });
        group.bench_function("fancy-regex", |b| {
            b.iter(|| transcription::match_time(black_box(&unit)))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
