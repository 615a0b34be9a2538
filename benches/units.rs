//! Tree-sitter parse + command-unit enumeration, and the whole gate check.
//!
//! Groups:
//! - `units/enumerate`: `policy::units::enumerate` (thread-shared parser) on a
//!   short agent command, the scaffold example, a 10-sibling compound, and a
//!   64 KiB script. Throughput in command bytes.
//! - `units/parser-reused`: the same through one `UnitParser` held by the
//!   bench, to show what the thread-local lookup costs (should be nothing).
//! - `units/gate-100-rules`: `Policy::gate` (parse, enumerate, floors, match
//!   every unit, aggregate) under the realistic 100-rule policy.
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use inner_cmd_spec::policy::units::{enumerate, UnitParser};
use inner_cmd_spec::policy::Policy;

#[path = "side-by-side/workload.rs"]
mod workload;

use workload::{commands, realistic_rules, HOME};

fn cases() -> Vec<(&'static str, String)> {
    vec![
        ("short", commands::SHORT.to_owned()),
        ("scaffold", commands::SCAFFOLD.to_owned()),
        ("10-siblings", commands::ten_siblings()),
        ("script-64KiB", commands::script(64 * 1024)),
    ]
}

fn configure(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1_500))
        .sampling_mode(SamplingMode::Flat);
}

fn bench(c: &mut Criterion) {
    let cases = cases();
    let mut group = c.benchmark_group("units/enumerate");
    configure(&mut group);
    for (name, command) in &cases {
        let units = enumerate(command).expect("bench commands parse");
        assert!(!units.is_empty(), "{name}: no units");
        group.throughput(Throughput::Bytes(command.len() as u64));
        group.bench_function(*name, |b| b.iter(|| enumerate(black_box(command))));
    }
    group.finish();

    let mut parser = UnitParser::new().expect("tree-sitter-bash loads");
    let mut group = c.benchmark_group("units/parser-reused");
    configure(&mut group);
    for (name, command) in &cases {
        group.throughput(Throughput::Bytes(command.len() as u64));
        group.bench_function(*name, |b| b.iter(|| parser.enumerate(black_box(command))));
    }
    group.finish();

    let policy = Policy::new(realistic_rules(100, 7), HOME);
    let mut group = c.benchmark_group("units/gate-100-rules");
    configure(&mut group);
    for (name, command) in &cases {
        group.throughput(Throughput::Bytes(command.len() as u64));
        group.bench_function(*name, |b| b.iter(|| policy.gate(black_box(command))));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
