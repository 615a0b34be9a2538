//! INV-1..INV-8 as properties: random prompts around random wrapper-like
//! units, random policy answers, and every decision must pass
//! `invariants::check_decision`. Beside the generator-based properties of
//! `invariants::properties`, this one draws unstructured text around the unit
//! and lets the policy fail (`QueryError`), which those do not.

use crate::support::authorize::{details, set, Answer, StubQuery};
use inner_cmd_spec::authorize::{authorize, FixedSession};
use inner_cmd_spec::invariants::check_decision_in_session;
use inner_cmd_spec::verdict::{PermissionState, Verdict};
use proptest::prelude::*;
use serde_json::{json, Value};

fn word_or_noise() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("timeout ".to_owned()),
        Just("time ".to_owned()),
        Just("timeout 30s ".to_owned()),
        Just("env ".to_owned()),
        Just("xargs ".to_owned()),
        Just("-p ".to_owned()),
        Just(" ".to_owned()),
        Just("\t".to_owned()),
        Just("\n".to_owned()),
        Just("\u{a0}".to_owned()),
        Just("&& ".to_owned()),
        Just("; ".to_owned()),
        "[a-z]{1,5} ",
        "[1-9][0-9]?[smhd]? ",
    ]
}

fn text(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(word_or_noise(), 0..max).prop_map(|v| v.concat())
}

fn answer() -> impl Strategy<Value = Answer> {
    prop_oneof![
        Just(Answer::State(PermissionState::Allow)),
        Just(Answer::State(PermissionState::Ask)),
        Just(Answer::State(PermissionState::Deny)),
        Just(Answer::Fail),
    ]
}

/// A guard breaker, or nothing (index 0 keeps the details well-formed).
fn breaker() -> impl Strategy<Value = usize> {
    prop_oneof![4 => Just(0usize), 1 => 1usize..8]
}

fn break_guard(d: &mut Value, which: usize) {
    match which {
        1 => set(d, "/forwarding", Some(json!({}))),
        2 => set(d, "/payload/request/requester/forwarded", Some(json!(true))),
        3 => set(d, "/payload/request/invokedToolName", Some(json!("alias"))),
        4 => set(d, "/command", Some(json!("other"))),
        5 => set(d, "/payload/evidence", Some(json!("not an array"))),
        6 => set(d, "/toolName", Some(json!(1))),
        7 => set(d, "/payload/request", None),
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

    /// INV-1..INV-8: every decision satisfies every invariant, whatever the policy answers.
    #[test]
    fn every_decision_satisfies_the_invariants(
        head in text(4), unit in (prop::sample::select(vec!["", "time ", "timeout 5 ", "timeout 1.5h\t"]), text(5)).prop_map(|(w, t)| format!("{w}{t}")), tail in text(4), use_full in any::<bool>(),
        answer_for_all in answer(), which in breaker(), live in prop::sample::select(vec!["s", "s", "s", "other"]),
    ) {
        let full = format!("{head}{unit}{tail}");
        let mut input = details(&unit, use_full.then_some(full.as_str()));
        break_guard(&mut input, which);
        let policy = StubQuery::new(&[]);
        let session = FixedSession { registered: "s".to_owned(), current: Ok(live.to_owned()) };
        let matches = live == "s";
        let decision = authorize(&input, &session, &policy);
        // First learn the queried value (if any), then decide again with the drawn answer for it.
        let decision = if decision.queries.is_empty() { decision } else {
            let stub = StubQuery::new(&[(decision.queries[0].value.as_str(), answer_for_all)]);
            let again = authorize(&input, &session, &stub);
            prop_assert_eq!(&again.queries, &decision.queries, "deterministic query");
            check_decision_in_session(&input, matches, &|v| stub.answer(v), &again).map_err(|e| TestCaseError::fail(e.to_string()))?;
            again
        };
        if decision.queries.is_empty() {
            prop_assert_eq!(decision.verdict, Verdict::Defer);
            check_decision_in_session(&input, matches, &|v| policy.answer(v), &decision).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        if which != 0 {
            prop_assert!(decision.queries.is_empty(), "a broken guard never queries");
        }
    }
}
