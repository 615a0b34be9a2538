//! Rust anchors of the matcher rows, timed in the same run as the npm rows:
//! the rule-set engine against the rule-by-rule evaluation it replaced
//! (today's `RuleSet` before the engine, kept as `last_match_per_rule`) and
//! against `globset` on the same rules restricted to what globset can
//! express (ASCII, no `?`). Every pair's answers are asserted equal before
//! anything is timed, so a wrong answer cannot look fast.
use std::hint::black_box;
use std::time::Instant;

use globset::{Glob, GlobSet, GlobSetBuilder};
use inner_cmd_spec::policy::matcher::RuleSet;
use inner_cmd_spec::policy::Rule;
use serde_json::{json, Value};

use crate::crate_side::{time_body, Plan, Timing};
use crate::workload::HOME;

/// One anchor row: the engine and another evaluator on the same rules and values.
pub struct Anchor {
    pub name: String,
    pub other: &'static str,
    pub engine: Timing,
    pub baseline: Timing,
    pub ops: usize,
}

impl Anchor {
    pub fn to_json(&self) -> Value {
        json!({"workload": self.name, "other": self.other, "opsPerIteration": self.ops,
               "engine": self.engine.to_json(), "other_timing": self.baseline.to_json(),
               "ratio": self.baseline.median_ns / self.engine.median_ns})
    }
}

/// The checksum both sides of a row must agree on: Σ (winning rule + 1).
fn count(answers: impl Iterator<Item = Option<usize>>) -> i64 {
    answers.map(|a| a.map_or(0, |i| i as i64 + 1)).sum()
}

/// The globset form of `rules`: each pattern's globs (with and without an
/// optional trailing ` *`), and the rule each glob belongs to. `None` when
/// a rule uses something globset reads differently.
fn globset_of(rules: &[Rule]) -> Option<(GlobSet, Vec<usize>)> {
    let mut builder = GlobSetBuilder::new();
    let mut owner = Vec::new();
    for (index, rule) in rules.iter().enumerate() {
        let p = rule.pattern.as_str();
        let plain = p.is_ascii() && !p.contains(['?', '[', ']', '{', '}', '\\', '~', '$']);
        if !plain {
            return None;
        }
        for glob in std::iter::once(p).chain(p.strip_suffix(" *")) {
            builder.add(Glob::new(glob).ok()?);
            owner.push(index);
        }
    }
    Some((builder.build().ok()?, owner))
}

/// Rules globset can express the same way: ASCII, without `?`.
pub fn globset_rules(rules: &[Rule]) -> Vec<Rule> {
    rules
        .iter()
        .filter(|r| !r.pattern.contains('?'))
        .cloned()
        .collect()
}

fn timed(plan: &Plan, mut body: impl FnMut() -> i64) -> Timing {
    time_body(&mut body, plan, "anchor")
}

/// The engine and rule-by-rule rows, then the engine and globset rows.
pub fn anchors(plan: &Plan, name: &str, rules: &[Rule], values: &[String]) -> Vec<Anchor> {
    let mut rows = Vec::new();
    let set = RuleSet::new(rules, HOME);
    let engine_count = count(values.iter().map(|v| set.last_match(v)));
    let per_rule_count = count(values.iter().map(|v| set.last_match_per_rule(v)));
    assert_eq!(engine_count, per_rule_count, "{name}: engine vs per rule");
    let engine = timed(plan, || {
        count(values.iter().map(|v| set.last_match(black_box(v))))
    });
    let baseline = timed(plan, || {
        count(values.iter().map(|v| set.last_match_per_rule(black_box(v))))
    });
    rows.push(Anchor {
        name: name.to_owned(),
        other: "rule by rule (today's RuleSet)",
        engine,
        baseline,
        ops: values.len(),
    });

    let subset = globset_rules(rules);
    let sub = RuleSet::new(&subset, HOME);
    let (globs, owner) = globset_of(&subset).expect("the subset is plain ASCII globs");
    let mut hits = Vec::new();
    let globset_last = |value: &str, hits: &mut Vec<usize>| {
        globs.matches_into(value, hits);
        hits.iter().filter_map(|&g| owner.get(g).copied()).max()
    };
    for value in values {
        assert_eq!(
            sub.last_match(value),
            globset_last(value, &mut hits),
            "{name}: engine vs globset on {value:?}"
        );
    }
    let engine = timed(plan, || {
        count(values.iter().map(|v| sub.last_match(black_box(v))))
    });
    let baseline = timed(plan, || {
        count(values.iter().map(|v| globset_last(black_box(v), &mut hits)))
    });
    rows.push(Anchor {
        name: format!("{name} ({} rules without ?)", subset.len()),
        other: "globset",
        engine,
        baseline,
        ops: values.len(),
    });
    rows
}

/// This thread's time on a CPU so far, in nanoseconds (Linux
/// `/proc/thread-self/schedstat`), or `None` elsewhere.
fn on_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split(' ').next()?.parse().ok()
}

/// `RuleSet::new` for `rules`, `builds` times: the median wall time, and
/// the mean time the thread spent on a CPU (which a loaded machine inflates
/// far less than wall time), in nanoseconds.
pub fn build_ns(rules: &[Rule], builds: usize) -> (f64, Option<f64>) {
    let builds = builds.max(1);
    let cpu_start = on_cpu_ns();
    let mut samples: Vec<f64> = (0..builds)
        .map(|_| {
            let start = Instant::now();
            black_box(RuleSet::new(black_box(rules), HOME));
            start.elapsed().as_nanos() as f64
        })
        .collect();
    let cpu = cpu_start
        .zip(on_cpu_ns())
        .map(|(a, b)| b.saturating_sub(a) as f64 / builds as f64);
    samples.sort_by(f64::total_cmp);
    (samples[samples.len() / 2], cpu)
}
