//! One policy evaluation (last match wins) with the compiled matcher.
//!
//! Groups:
//! - `matcher/rules-N`: a realistic policy of N rules (see
//!   `side-by-side/workload.rs`) against values of 16 B … 64 KiB that only the
//!   catch-all matches, so every rule is tried. Throughput in value bytes.
//! - `matcher/adversarial/PATTERN`: patterns that make a backtracking matcher
//!   super-linear, against non-matching values of doubling length; the times
//!   must grow at most linearly (`growth.py` checks the ratios). The
//!   matcher's own step count per value is printed on stderr (`work-steps`).
//! - `per-rule/rules-N`: the same realistic values, evaluated rule by rule
//!   (`RuleSet::last_match_per_rule`, the evaluation the engine replaced),
//!   for the side-by-side comparison in one run. Not a `matcher/` group, so
//!   `growth.py` judges only the engine.
//! - `build/rules-N`: `RuleSet::new` for a realistic policy of N rules.
use std::hint::black_box;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use inner_cmd_spec::policy::matcher::RuleSet;
use inner_cmd_spec::policy::pattern::Work;
use inner_cmd_spec::verdict::PermissionState;

#[path = "side-by-side/workload.rs"]
mod workload;

use workload::{plain_value, realistic_rules, ADVERSARIAL, HOME};

const RULE_COUNTS: &[usize] = &[10, 100, 1_000, 10_000];
const VALUE_LENS: &[usize] = &[16, 40, 256, 4_096, 65_536];
/// Rule counts and value lengths of the rule-by-rule baseline.
const PER_RULE_COUNTS: &[usize] = &[1_000, 10_000];
const PER_RULE_LENS: &[usize] = &[40, 4_096];
const ADVERSARIAL_LENS: &[usize] = &[1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000];

fn configure(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1_200))
        .sampling_mode(SamplingMode::Flat);
}

fn realistic(c: &mut Criterion) {
    for &rule_count in RULE_COUNTS {
        let rules = realistic_rules(rule_count, 7);
        let set = RuleSet::new(&rules, HOME);
        let mut group = c.benchmark_group(format!("matcher/rules-{rule_count}"));
        configure(&mut group);
        for &len in VALUE_LENS {
            let value = plain_value(len, 11);
            // The value is built so that only rule 0 (`*`) matches: every rule is tried.
            assert_eq!(
                set.last_match(&value),
                Some(0),
                "{rule_count} rules, {len} B"
            );
            group.throughput(Throughput::Bytes(len as u64));
            group.bench_with_input(BenchmarkId::from_parameter(len), &value, |b, value| {
                b.iter(|| set.last_match(black_box(value)));
            });
        }
        group.finish();
    }
}

fn per_rule(c: &mut Criterion) {
    for &rule_count in PER_RULE_COUNTS {
        let rules = realistic_rules(rule_count, 7);
        let set = RuleSet::new(&rules, HOME);
        let mut group = c.benchmark_group(format!("per-rule/rules-{rule_count}"));
        configure(&mut group);
        for &len in PER_RULE_LENS {
            let value = plain_value(len, 11);
            assert_eq!(set.last_match_per_rule(&value), set.last_match(&value));
            group.throughput(Throughput::Bytes(len as u64));
            group.bench_with_input(BenchmarkId::from_parameter(len), &value, |b, value| {
                b.iter(|| set.last_match_per_rule(black_box(value)));
            });
        }
        group.finish();
    }
}

fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    configure(&mut group);
    for &rule_count in RULE_COUNTS {
        let rules = realistic_rules(rule_count, 7);
        group.bench_with_input(BenchmarkId::new("rules", rule_count), &rules, |b, rules| {
            b.iter(|| RuleSet::new(black_box(rules), HOME))
        });
    }
    group.finish();
}

fn adversarial(c: &mut Criterion) {
    for case in ADVERSARIAL {
        let set = RuleSet::new(&[workload::rule(case.pattern, PermissionState::Deny)], HOME);
        let mut group = c.benchmark_group(format!(
            "matcher/adversarial/{} vs {}",
            case.pattern, case.family
        ));
        configure(&mut group);
        for &len in ADVERSARIAL_LENS {
            let value = (case.value)(len);
            assert_eq!(value.len(), len);
            let mut work = Work::default();
            let found = set.last_match_counted(&value, &mut work);
            assert_eq!(
                found, None,
                "{} must not match {len} B of {}",
                case.pattern, case.family
            );
            // The matcher's own step count: doubles exactly with the value when linear.
            eprintln!(
                "work-steps {} vs {} @ {len} B: {}",
                case.pattern, case.family, work.steps
            );
            group.throughput(Throughput::Bytes(len as u64));
            group.bench_with_input(BenchmarkId::from_parameter(len), &value, |b, value| {
                b.iter(|| set.last_match(black_box(value)));
            });
        }
        group.finish();
    }
}

criterion_group!(benches, realistic, adversarial, per_rule, build);
criterion_main!(benches);
