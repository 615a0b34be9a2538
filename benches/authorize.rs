//! The authorizer end to end: prompt details in, verdict out, with the real
//! reference policy answering the re-query.
//!
//! Group `authorize/<command>` (policy: the realistic 100 rules of
//! `side-by-side/workload.rs` plus allow rules for the command's siblings):
//! - `authorizer`: `authorize::authorize` on the details the gate produces
//!   (payload checks, recognizer, strip, one advisory re-query of the whole
//!   de-wrapped compound: a tree-sitter parse and a match per unit).
//! - `gate+authorizer`: the gate's check of the full command first (what an
//!   agent pays per wrapped command), then the same authorizer call.
//! - `pipeline::decide`: the crate's pipeline, which does the above and also
//!   keeps a trace (the prompt details and each re-query's full check).
//!
//! Group `profiles/nesting-<N>`: `pipeline::decide_profiled` under the
//! deployed and the hardened profile on `N` nested `echo $( (` levels (the
//! generators' deep shape; both answer `ask` over the nesting limit). The
//! hardened walk must stay linear in the depth: it once asked tree-sitter
//! for every node's parent, which walks down from the root.
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use inner_cmd_spec::authorize::{authorize, FixedSession};
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{self, decide_profiled, prompt_details, Options};
use inner_cmd_spec::policy::{Policy, Rule};
use inner_cmd_spec::verdict::{PermissionState, Verdict};

#[path = "side-by-side/workload.rs"]
mod workload;

use workload::{commands, realistic_rules, rule, HOME};

/// Rules that allow every sibling of the bench commands (and `timeout`, which
/// the indirection floor still turns into an ask at the gate).
const SIBLING_ALLOWS: &[&str] = &[
    "cd *",
    "echo *",
    "pnpm install *",
    "tail *",
    "timeout *",
    "git status",
    "npm ci",
    "npm test *",
    "ls *",
    "cat *",
    "head *",
    "git diff *",
];

fn policy() -> Policy {
    let mut rules: Vec<Rule> = realistic_rules(100, 7);
    for pattern in SIBLING_ALLOWS {
        rules.retain(|r| r.pattern != *pattern);
        rules.push(rule(pattern, PermissionState::Allow));
    }
    Policy::new(rules, HOME)
}

/// The timing settings both groups share; `samples` per benchmark.
fn configure(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    samples: usize,
) {
    group
        .sample_size(samples)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1_500))
        .sampling_mode(SamplingMode::Flat);
}

fn bench(c: &mut Criterion) {
    let policy = policy();
    let session = FixedSession::matching("bench-session");
    for (name, full) in [
        ("scaffold", commands::SCAFFOLD.to_owned()),
        ("10-siblings", commands::ten_siblings()),
    ] {
        let gate = policy.gate(&full);
        assert_eq!(
            gate.state,
            PermissionState::Ask,
            "{name}: the wrapper must make the gate ask"
        );
        assert!(
            gate.command.is_some(),
            "{name}: the gate names its triggering unit"
        );
        let prompt = prompt_details(&gate, &full, "bench-1", None);
        let decision = authorize(&prompt, &session, &policy);
        assert_eq!(
            decision.verdict,
            Verdict::Allow,
            "{name}: every sibling is allowed"
        );
        assert_eq!(decision.queries.len(), 1, "{name}: exactly one re-query");
        let options = Options::default();
        let outcome = pipeline::decide(&policy, &full, &options);
        assert_eq!(
            outcome.outcome,
            PermissionState::Allow,
            "{name}: the pipeline allows"
        );

        let mut group = c.benchmark_group(format!("authorize/{name}"));
        configure(&mut group, 20);
        group.bench_function("authorizer", |b| {
            b.iter(|| authorize(black_box(&prompt), &session, &policy).verdict);
        });
        group.bench_function("gate+authorizer", |b| {
            b.iter(|| {
                let gate = policy.gate(black_box(&full));
                let prompt = prompt_details(&gate, &full, "bench-1", None);
                authorize(&prompt, &session, &policy).verdict
            });
        });
        group.bench_function("pipeline::decide", |b| {
            b.iter(|| pipeline::decide(&policy, black_box(&full), &options).outcome);
        });
        group.finish();
    }
}

fn nesting(c: &mut Criterion) {
    let policy = policy();
    let options = Options::default();
    for depth in [50, 200, 600] {
        let full = format!(
            "{}time ls{}",
            "echo $( (".repeat(depth),
            ") )".repeat(depth)
        );
        let mut group = c.benchmark_group(format!("profiles/nesting-{depth}"));
        configure(&mut group, 10);
        for profile in [Profile::Deployed, Profile::Hardened] {
            group.bench_function(profile.name(), |b| {
                b.iter(|| decide_profiled(&policy, black_box(&full), &options, profile).outcome);
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench, nesting);
criterion_main!(benches);
