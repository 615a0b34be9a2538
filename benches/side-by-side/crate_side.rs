//! The side-by-side workloads, their result counts, and the crate's side of the timing.
//!
//! The result-count definitions and the timing rule here are the same as in
//! `timing.mjs`; change both together.
use std::hint::black_box;
use std::time::Instant;

use inner_cmd_spec::pipeline::{self, Options};
use inner_cmd_spec::policy::matcher::RuleSet;
use inner_cmd_spec::policy::{CheckResult, Policy, Rule};
use inner_cmd_spec::verdict::{PermissionState, Verdict};
use serde_json::{json, Value};

use crate::workload::commands::SCAFFOLD;
use crate::workload::{realistic_rules, repeated, rule, HOME};

/// What one iteration of a workload does with each of its inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// One policy evaluation (last match wins) of a value.
    Match,
    /// The same on the crate side; on the npm side with every rule's RegExp
    /// compiled once up front (not what the package does, see README.md).
    MatchPrecompiled,
    /// The advisory check (`checkPermission("bash", value)`) of a command.
    Advisory,
    /// `pipeline::decide`: the gate, then (on ask) the authorizer's
    /// de-wrapping and advisory re-query.
    Decide,
}

impl Op {
    /// The name the Node harness knows the op by.
    pub fn name(self) -> &'static str {
        match self {
            Self::Match => "match",
            Self::MatchPrecompiled => "match-precompiled",
            Self::Advisory => "advisory",
            Self::Decide => "decide",
        }
    }
}

/// One workload: a policy and the inputs one iteration goes through once each.
pub struct Workload {
    pub name: &'static str,
    pub op: Op,
    pub rules: Vec<Rule>,
    pub inputs: Vec<String>,
}

impl Workload {
    /// Operations (policy evaluations, checks or decisions) per iteration.
    pub fn ops(&self) -> usize {
        self.inputs.len()
    }

    /// The request the Node harness reads.
    pub fn to_json(&self) -> Value {
        let rules: Vec<Value> = self
            .rules
            .iter()
            .map(|r| json!({"pattern": r.pattern, "action": r.state.as_str()}))
            .collect();
        let inputs = if matches!(self.op, Op::Match | Op::MatchPrecompiled) {
            "values"
        } else {
            "commands"
        };
        json!({"name": self.name, "op": self.op.name(), "rules": rules, inputs: self.inputs})
    }
}

/// 40-byte agent commands: three hit `word *` prefix rules, three hit
/// `*infix*` deny rules, two only the leading catch-all `*` (so every rule is
/// tried).
pub fn matcher_values() -> Vec<String> {
    [
        "git status && git log --oneline -n 1 ..",
        "cargo build --release --target t1000 xx",
        "cat ./config/.env.production | head -3 ",
        "deploy-tool --note 'alpha beta gamma de'",
        "npm run lint -- --fix --max-warnings=0 ",
        "ls -la /var/log/nginx/access.log.1 | wc",
        "grep -rn token src/ | head -n 20 | sort ",
        "rm -rf ./target/debug/incremental/x1 yy",
    ]
    .map(str::to_owned)
    .to_vec()
}

/// The workloads, in the order they are reported.
pub fn workloads() -> Vec<Workload> {
    let policy_100 = realistic_rules(100, 7);
    let mut scaffold_policy = policy_100.clone();
    for pattern in ["cd *", "echo *", "pnpm install *", "tail *", "timeout *"] {
        scaffold_policy.retain(|r| r.pattern != pattern);
        scaffold_policy.push(rule(pattern, PermissionState::Allow));
    }
    vec![
        Workload {
            name: "matcher 1000 rules x 40 B",
            op: Op::Match,
            rules: realistic_rules(1_000, 7),
            inputs: matcher_values(),
        },
        Workload {
            name: "matcher 1000 x 40 B, npm precompiled",
            op: Op::MatchPrecompiled,
            rules: realistic_rules(1_000, 7),
            inputs: matcher_values(),
        },
        Workload {
            name: "adversarial *rm *-rf* x 32000 B",
            op: Op::Match,
            // The catch-all is tried last (last match wins), so the count is 1
            // only if the adversarial rule was evaluated and did not match.
            rules: vec![
                rule("*", PermissionState::Ask),
                rule("*rm *-rf*", PermissionState::Deny),
            ],
            inputs: vec![repeated("rm ", 32_000)],
        },
        Workload {
            name: "advisory 3 units, 100 rules",
            op: Op::Advisory,
            rules: policy_100,
            inputs: [
                "git status && npm test | tail -n 20",
                "cargo build --release; ls -la && cat .env",
                "docker ps | grep web && echo done",
                "pnpm install --frozen-lockfile && make; rm -rf dist",
            ]
            .map(str::to_owned)
            .to_vec(),
        },
        Workload {
            name: "decide scaffold, 105 rules",
            op: Op::Decide,
            rules: scaffold_policy,
            inputs: vec![SCAFFOLD.to_owned()],
        },
    ]
}

// ---- result codes (same definitions as timing.mjs) ----

const SENTINELS: &[&str] = &[
    "<opaque-bash-wrapper>",
    "<indirection-bash-wrapper>",
    "<unparseable-bash-command>",
];

fn state_rank(state: PermissionState) -> i64 {
    match state {
        PermissionState::Allow => 1,
        PermissionState::Ask => 2,
        PermissionState::Deny => 3,
    }
}

/// stateRank * 1e6 + (rule index + 1, or 0 for none, or 900001+k for sentinel k).
fn check_code(result: &CheckResult, rules: &[Rule]) -> i64 {
    let code = match result.matched_pattern.as_deref() {
        None => 0,
        Some(pattern) => match rules.iter().position(|r| r.pattern == pattern) {
            Some(index) => index as i64 + 1,
            None => SENTINELS
                .iter()
                .position(|s| *s == pattern)
                .map_or(999_999, |k| 900_001 + k as i64),
        },
    };
    state_rank(result.state) * 1_000_000 + code
}

fn verdict_rank(verdict: Option<Verdict>) -> i64 {
    match verdict {
        None => 0,
        Some(Verdict::Allow) => 1,
        Some(Verdict::Deny) => 2,
        Some(Verdict::Defer) => 3,
    }
}

/// One iteration of `w`, returning its result count.
type Body<'a> = Box<dyn FnMut() -> i64 + 'a>;

fn body(w: &Workload) -> Body<'_> {
    match w.op {
        Op::Match | Op::MatchPrecompiled => {
            let set = RuleSet::new(&w.rules, HOME);
            Box::new(move || {
                w.inputs
                    .iter()
                    .map(|v| set.last_match(black_box(v)).map_or(0, |i| i as i64 + 1))
                    .sum()
            })
        }
        Op::Advisory => {
            let policy = Policy::new(w.rules.clone(), HOME);
            Box::new(move || {
                w.inputs
                    .iter()
                    .map(|c| check_code(&policy.advisory(black_box(c)), &w.rules))
                    .sum()
            })
        }
        Op::Decide => {
            let policy = Policy::new(w.rules.clone(), HOME);
            let options = Options::default();
            Box::new(move || {
                w.inputs
                    .iter()
                    .map(|c| {
                        let outcome = pipeline::decide(&policy, black_box(c), &options);
                        let verdict = outcome.authorizer.map(|d| d.verdict);
                        verdict_rank(verdict) * 10_000_000 + check_code(&outcome.gate, &w.rules)
                    })
                    .sum()
            })
        }
    }
}

// ---- timing (same rule as timeWorkload in timing.mjs) ----

/// How long to time each workload.
pub struct Plan {
    quick: bool,
    quick_iterations: u32,
    warmup_ms: f64,
    sample_ms: f64,
    measure_ms: f64,
    min_samples: usize,
    max_samples: usize,
}

impl Plan {
    /// A few iterations: only checks that the harness runs and the counts agree.
    pub fn quick() -> Self {
        Self {
            quick: true,
            quick_iterations: 2,
            ..Self::full()
        }
    }

    /// The measurement plan behind BENCHMARKS.md.
    pub fn full() -> Self {
        Self {
            quick: false,
            quick_iterations: 0,
            warmup_ms: 500.0,
            sample_ms: 50.0,
            measure_ms: 3_000.0,
            min_samples: 5,
            max_samples: 200,
        }
    }

    pub fn to_json(&self) -> Value {
        json!({
            "quick": self.quick, "quickIterations": self.quick_iterations,
            "warmupMs": self.warmup_ms, "sampleMs": self.sample_ms, "measureMs": self.measure_ms,
            "minSamples": self.min_samples, "maxSamples": self.max_samples,
        })
    }
}

/// The timing of one workload on one side.
pub struct Timing {
    pub count: i64,
    pub iterations: u64,
    pub samples: usize,
    pub median_ns: f64,
    pub min_ns: f64,
}

impl Timing {
    pub fn from_json(v: &Value) -> Result<Self, String> {
        let num = |k: &str| {
            v.get(k)
                .and_then(Value::as_f64)
                .ok_or(format!("node result lacks {k}: {v}"))
        };
        Ok(Self {
            count: num("count")? as i64,
            iterations: num("iterations")? as u64,
            samples: num("samples")? as usize,
            median_ns: num("medianNs")?,
            min_ns: num("minNs")?,
        })
    }

    pub fn to_json(&self) -> Value {
        json!({"count": self.count, "iterations": self.iterations, "samples": self.samples,
               "medianNs": self.median_ns, "minNs": self.min_ns})
    }
}

/// Times `w` in-process with the plan's rule.
pub fn time(w: &Workload, plan: &Plan) -> Timing {
    time_body(&mut body(w), plan, w.name)
}

/// Times one iteration `body` (returning its result count) with the plan's rule.
pub fn time_body(body: &mut dyn FnMut() -> i64, plan: &Plan, name: &str) -> Timing {
    let mut expected = None;
    let mut run = || {
        let count = body();
        match expected {
            None => expected = Some(count),
            Some(e) => assert_eq!(e, count, "{name}: count changed between iterations"),
        }
    };
    if plan.quick {
        let start = Instant::now();
        for _ in 0..plan.quick_iterations {
            run();
        }
        let ns = start.elapsed().as_nanos() as f64 / f64::from(plan.quick_iterations);
        return Timing {
            count: expected.unwrap_or(0),
            iterations: plan.quick_iterations.into(),
            samples: 1,
            median_ns: ns,
            min_ns: ns,
        };
    }
    let mut warm = 0u64;
    let warm_start = Instant::now();
    while warm < 1 || warm_start.elapsed().as_secs_f64() * 1e3 < plan.warmup_ms {
        run();
        warm += 1;
    }
    let per_iter = warm_start.elapsed().as_nanos() as f64 / warm as f64;
    let batch = ((plan.sample_ms * 1e6) / per_iter).round().max(1.0) as u64;
    let mut samples = Vec::new();
    let mut iterations = 0u64;
    let measure_start = Instant::now();
    while samples.len() < plan.min_samples
        || (samples.len() < plan.max_samples
            && measure_start.elapsed().as_secs_f64() * 1e3 < plan.measure_ms)
    {
        let start = Instant::now();
        for _ in 0..batch {
            run();
        }
        samples.push(start.elapsed().as_nanos() as f64 / batch as f64);
        iterations += batch;
    }
    samples.sort_by(f64::total_cmp);
    Timing {
        count: expected.unwrap_or(0),
        iterations,
        samples: samples.len(),
        median_ns: samples[samples.len() / 2],
        min_ns: samples[0],
    }
}
