//! The generators reach the known findings by themselves (`GEN-9`,
//! `INV-KNOWN-1`): a property that passes because its generator cannot
//! reach a known counterexample would be a false claim.
//!
//! For the default weights, and for each class of shell syntax alone
//! ([`SyntaxClass`]), these tests draw cases the way the properties
//! `inv_9_no_allow_with_a_sibling_unjudged` and
//! `inv_10_stricter_inputs_are_never_allowed_more` do, run their checks
//! *without* the classifiers, and report after how many cases (and how long)
//! the first raw violation appears and which finding it classifies to. With
//! `--nocapture` they print the measurement; `KNOWN_REACH_SEED=<u64>` picks
//! another seed (the default is fixed, so the assertions are reproducible).
#![cfg(feature = "proptest")]

use std::time::Instant;

use crate::support::properties::{decide, policy_of};
use inner_cmd_spec::findings::{
    classify_appended_violation, classify_sibling_violation, AppendedViolation, SiblingViolation,
};
use inner_cmd_spec::gen::proptest_front::{cases, cases_of};
use inner_cmd_spec::gen::{Case, Shape, SyntaxClass, SyntaxWeights, Weights, FULL_COMMAND_LABEL};
use inner_cmd_spec::invariants::{check_monotone, check_siblings_judged};
use inner_cmd_spec::payload;
use inner_cmd_spec::policy::Policy;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{json, Value};

/// The properties' default budget (`PROPTEST_CASES` unset).
const PROPERTY_BUDGET: usize = 2000;

/// Cases drawn per measurement before giving up.
const LIMIT: usize = 20_000;

fn runner() -> TestRunner {
    let seed: u64 = std::env::var("KNOWN_REACH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &bytes),
    )
}

fn with_full_command(details: &Value, full: &str) -> Value {
    let mut details = details.clone();
    if let Some(evidence) = details["payload"]["evidence"].as_array_mut() {
        evidence.retain(|e| e["label"] != FULL_COMMAND_LABEL);
        evidence.push(json!({"label": FULL_COMMAND_LABEL, "text": full, "detail": null}));
    }
    details
}

/// The raw INV-9 body of the property: the finding the violation classifies
/// to (`"unclassified"` if none), or `None` when the invariant holds.
fn inv_9_raw(case: &Case) -> Option<(&'static str, String)> {
    let policy = policy_of(case);
    let decision = decide(&case.details, case, &policy);
    let violation = check_siblings_judged(&case.details, &policy, &decision).err()?;
    let request = payload::extract(&case.details).ok()?;
    let value = decision.queries.first().map(|q| q.value.clone())?;
    let observed = SiblingViolation {
        policy: &policy,
        full: request.full_command,
        unit: request.unit,
        value: &value,
        violation: &violation,
    };
    let id = classify_sibling_violation(&observed).unwrap_or("unclassified");
    Some((id, format!("{:?} (unit {:?})", case.full, case.unit)))
}

/// The raw INV-10 body (appended siblings, without the proviso).
fn inv_10_raw(case: &Case) -> Option<(&'static str, String)> {
    if case.broken.is_some() {
        return None;
    }
    let policy = policy_of(case);
    let before = decide(&case.details, case, &policy).verdict;
    for added in ["git push", "rm -rf /", "echo done"] {
        let longer = format!("{} && {added}", case.full);
        let after = decide(&with_full_command(&case.details, &longer), case, &policy).verdict;
        if check_monotone(before, after).is_err() {
            let observed = AppendedViolation {
                policy: &policy,
                full: &case.full,
                unit: &case.unit,
                added,
            };
            let id = classify_appended_violation(&observed).unwrap_or("unclassified");
            return Some((id, format!("{:?} + {added:?}", case.full)));
        }
    }
    None
}

/// Cases until the first violation of `body`, with the time taken and the witness.
fn first_violation(
    strategy: impl Strategy<Value = Case>,
    body: fn(&Case) -> Option<(&'static str, String)>,
) -> Option<(usize, u128, &'static str, String)> {
    let mut runner = runner();
    let start = Instant::now();
    for drawn in 1..=LIMIT {
        let case = strategy.new_tree(&mut runner).ok()?.current();
        if let Some((id, witness)) = body(&case) {
            return Some((drawn, start.elapsed().as_millis(), id, witness));
        }
    }
    None
}

fn weights_for(class: Option<SyntaxClass>) -> Weights {
    let mut weights = Weights::default();
    if let Some(class) = class {
        weights.syntax = SyntaxWeights::only(class, 50);
    }
    weights
}

fn report(label: &str, found: Option<&(usize, u128, &'static str, String)>) {
    match found {
        Some((drawn, ms, id, witness)) => {
            println!("{label}: case {drawn} after {ms} ms -> {id}: {witness}");
        }
        None => println!("{label}: none in {LIMIT} cases"),
    }
}

/// GEN-9, INV-KNOWN-1: with the default weights, the INV-9 property reaches a
/// violation within its default budget and the INV-10 property within
/// 20,000 cases, and each is an instance of a listed finding.
#[test]
fn gen_9_properties_reach_the_known_findings() {
    let inv_9 = first_violation(cases_of(Shape::Compound, weights_for(None)), inv_9_raw);
    report("INV-9 default weights", inv_9.as_ref());
    let (drawn, _, id, witness) = inv_9.expect("INV-9 reaches no violation");
    assert!(
        drawn <= PROPERTY_BUDGET,
        "INV-9: first violation only at case {drawn}"
    );
    assert_ne!(id, "unclassified", "{witness}");

    let inv_10 = first_violation(cases(weights_for(None)), inv_10_raw);
    report("INV-10 default weights", inv_10.as_ref());
    let (drawn, _, id, witness) = inv_10.expect("INV-10 reaches no violation");
    assert!(
        drawn <= PROPERTY_BUDGET,
        "INV-10: first violation only at case {drawn}"
    );
    assert_ne!(id, "unclassified", "{witness}");
}

/// GEN-9 (measurement, `--ignored`): the same, for each class of shell
/// syntax alone (drawn for half of the inner commands and siblings).
#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn gen_9_each_syntax_class_alone() {
    let mut reached = 0;
    for class in SyntaxClass::ALL {
        let weights = weights_for(Some(class));
        let found = first_violation(cases_of(Shape::Compound, weights.clone()), inv_9_raw);
        report(&format!("INV-9 {class:?}"), found.as_ref());
        reached += usize::from(found.is_some());
        let found = first_violation(cases(weights), inv_10_raw);
        report(&format!("INV-10 {class:?}"), found.as_ref());
    }
    assert_eq!(
        reached,
        SyntaxClass::ALL.len(),
        "a class reaches no INV-9 violation"
    );
}

/// INV-KNOWN-1 (measurement, `--ignored`): over `EXPLORE_N` cases (default
/// 5,000) of each property's strategy, the raw violations per finding; none
/// may be unclassified.
#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn inv_known_1_violations_per_finding() {
    use std::collections::BTreeMap;
    let mut tally: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut runner = runner();
    let n: usize = std::env::var("EXPLORE_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5000);
    let s9 = cases_of(Shape::Compound, weights_for(None));
    let s10 = cases(weights_for(None));
    for _ in 0..n {
        let case = s9.new_tree(&mut runner).unwrap().current();
        if let Some((id, w)) = inv_9_raw(&case) {
            let e = tally.entry(format!("INV-9 {id}")).or_insert((0, w));
            e.0 += 1;
        }
        let case = s10.new_tree(&mut runner).unwrap().current();
        if let Some((id, w)) = inv_10_raw(&case) {
            let e = tally
                .entry(format!("INV-10 {id}"))
                .or_insert((0, w.clone()));
            e.0 += 1;
        }
    }
    for (k, (count, w)) in &tally {
        println!("{k}: {count}  e.g. {w}");
    }
    assert!(
        tally.keys().all(|k| !k.ends_with("unclassified")),
        "unclassified violations: {tally:?}"
    );
}

/// INV-KNOWN-1: every finding a classifier names has a heading in
/// `spec/findings.md` (`## A-1 …`, `## F-16 …`).
#[test]
fn inv_known_1_every_classifier_names_a_registered_finding() {
    use inner_cmd_spec::findings::{KNOWN_APPENDED_VIOLATIONS, KNOWN_SIBLING_VIOLATIONS};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/findings.md");
    let register = std::fs::read_to_string(&path).unwrap();
    let ids = KNOWN_SIBLING_VIOLATIONS
        .iter()
        .map(|k| k.id)
        .chain(KNOWN_APPENDED_VIOLATIONS.iter().map(|k| k.id));
    for id in ids {
        let heading = format!("## {id} ");
        assert!(
            register.lines().any(|l| l.starts_with(&heading)),
            "{id}: no heading in {}",
            path.display()
        );
    }
}

/// INV-KNOWN-1, GEN-9: each committed fuzz witness of a known finding fails
/// the raw `authorize` check (it is a real violation) and passes the
/// classified one.
#[cfg(feature = "arbitrary")]
#[test]
fn inv_known_1_the_fuzz_witnesses_are_classified_violations() {
    use inner_cmd_spec::fuzzing::{authorize_with, AuthorizeOptions};
    let witnesses = [
        "a1-dewrap-reparse-case",           // A-1, INV-9
        "inv10-heredoc-in-subshell-append", // F-19, INV-10
    ];
    for witness in witnesses {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fuzz/regressions/authorize")
            .join(witness);
        let data = std::fs::read(path).unwrap();
        let raw = AuthorizeOptions {
            classify_known: false,
            ..AuthorizeOptions::default()
        };
        let failed = std::panic::catch_unwind(|| authorize_with(&data, &raw));
        assert!(failed.is_err(), "{witness}: no longer a raw violation");
        authorize_with(&data, &AuthorizeOptions::default());
    }
}

/// INV-KNOWN-1, INV-10: each appended-sibling classifier names its own
/// cause, and the same input with that cause removed is no instance of it.
#[test]
fn inv_known_1_appended_classifier_table() {
    let policy = Policy::new(Vec::new(), "/home/u");
    let rows: &[(&str, &str, Option<&str>)] = &[
        // F-19: the de-wrapped `(cat <<EOF && if …)` swallows the sibling;
        // the full command's damaged parse keeps it apart.
        (
            "(cat <<EOF && timeout\t\t 240 \tif true; then ls; fi)",
            "timeout\t\t 240 \tif true; then ls; fi",
            Some("F-19"),
        ),
        // The same with a plain `<` redirection: nothing is swallowed.
        (
            "(cat < EOF && timeout\t\t 240 \tif true; then ls; fi)",
            "timeout\t\t 240 \tif true; then ls; fi",
            None,
        ),
    ];
    for (full, unit, expected) in rows {
        let observed = AppendedViolation {
            policy: &policy,
            full,
            unit,
            added: "rm -rf /",
        };
        assert_eq!(
            classify_appended_violation(&observed),
            *expected,
            "{full:?}"
        );
    }
}
