//! The invariant checker catches forged decisions: every check can fail
//! (spec chapter 6). Each row takes the honest decision for an input and
//! breaks one thing about it.

use crate::support::authorize::{details, Answer, StubQuery};
use inner_cmd_spec::authorize::{authorize, Decision, FixedSession, QueryRecord};
use inner_cmd_spec::events::Event;
use inner_cmd_spec::invariants::{check_decision, check_decision_in_session, InvariantViolation};
use inner_cmd_spec::verdict::{PermissionState, Verdict};
use serde_json::{json, Value};

const FULL: &str = "cd /r && timeout 30s pnpm test; echo done";
const DEWRAPPED: &str = "cd /r && pnpm test; echo done";

fn allow_event() -> Event {
    Event::Allow {
        request_id: "req-7".into(),
        command: FULL.into(),
        inner_command: "pnpm test".into(),
    }
}

fn record(value: &str) -> QueryRecord {
    QueryRecord {
        surface: "bash".into(),
        value: value.into(),
        agent_name: Some("builder".into()),
    }
}

fn forged(verdict: Verdict, events: Vec<Event>, queries: Vec<QueryRecord>) -> Decision {
    Decision {
        verdict,
        events,
        queries,
        handler: None,
    }
}

type Forgery = (
    &'static str,
    Value,
    Answer,
    Decision,
    fn(&InvariantViolation) -> bool,
);

#[rustfmt::skip]
fn forgeries() -> Vec<Forgery> {
    let allow = Answer::State(PermissionState::Allow);
    let ask = Answer::State(PermissionState::Ask);
    let deny = Answer::State(PermissionState::Deny);
    let good = || details("timeout 30s pnpm test", Some(FULL));
    let mut forwarded = good();
    forwarded["forwarding"] = json!({});
    vec![
        ("INV-1 two queries", good(), allow, forged(Verdict::Allow, vec![allow_event()], vec![record(DEWRAPPED), record(DEWRAPPED)]),
         |v| matches!(v, InvariantViolation::TooManyQueries(2))),
        ("INV-1 two events", good(), allow, forged(Verdict::Allow, vec![allow_event(), allow_event()], vec![record(DEWRAPPED)]),
         |v| matches!(v, InvariantViolation::TooManyEvents(2))),
        ("INV-2 allow without any query", good(), allow, forged(Verdict::Allow, vec![allow_event()], vec![]),
         |v| matches!(v, InvariantViolation::AllowWithoutAllowAnswer)),
        ("INV-2 allow although the policy asked", good(), ask, forged(Verdict::Allow, vec![allow_event()], vec![record(DEWRAPPED)]),
         |v| matches!(v, InvariantViolation::AllowWithoutAllowAnswer)),
        ("INV-2 allow although the query failed", good(), Answer::Fail, forged(Verdict::Allow, vec![allow_event()], vec![record(DEWRAPPED)]),
         |v| matches!(v, InvariantViolation::AllowWithoutAllowAnswer)),
        ("INV-3 deny although the policy allowed", good(), allow, forged(Verdict::Deny, vec![], vec![record(DEWRAPPED)]),
         |v| matches!(v, InvariantViolation::DenyWithoutDenyAnswer)),
        ("INV-4 query on a forwarded request", forwarded, ask, forged(Verdict::Defer, vec![], vec![record(DEWRAPPED)]),
         |v| matches!(v, InvariantViolation::QueryNotPermitted(_))),
        ("INV-4 query for a unit that is not a wrapper", details("pnpm test", None), ask, forged(Verdict::Defer, vec![], vec![record("pnpm test")]),
         |v| matches!(v, InvariantViolation::QueryNotPermitted(_))),
        ("INV-4 query for a nested wrapper", details("time time x", None), ask, forged(Verdict::Defer, vec![], vec![record("time x")]),
         |v| matches!(v, InvariantViolation::QueryNotPermitted(_))),
        ("INV-4 query although the unit occurs twice", details("time make", Some("time make; time make")), ask,
         forged(Verdict::Defer, vec![], vec![record("make; time make")]),
         |v| matches!(v, InvariantViolation::QueryNotPermitted(_))),
        ("INV-5 query of the inner command alone drops the siblings", good(), allow, forged(Verdict::Allow, vec![allow_event()], vec![record("pnpm test")]),
         |v| matches!(v, InvariantViolation::QueryValueMismatch { .. })),
        ("INV-5 query with a sibling byte changed", good(), ask, forged(Verdict::Defer, vec![], vec![record("cd /r && pnpm test; echo done ")]),
         |v| matches!(v, InvariantViolation::QueryValueMismatch { .. })),
        ("INV-5 query for another agent", good(), ask, forged(Verdict::Defer, vec![],
         vec![QueryRecord { surface: "bash".into(), value: DEWRAPPED.into(), agent_name: None }]),
         |v| matches!(v, InvariantViolation::QueryTarget)),
        ("INV-5 query on another surface", good(), ask, forged(Verdict::Defer, vec![],
         vec![QueryRecord { surface: "edit".into(), value: DEWRAPPED.into(), agent_name: Some("builder".into()) }]),
         |v| matches!(v, InvariantViolation::QueryTarget)),
        ("INV-6 allow without its review event", good(), allow, forged(Verdict::Allow, vec![], vec![record(DEWRAPPED)]),
         |v| matches!(v, InvariantViolation::EventVerdictMismatch)),
        ("INV-6 deny reported as an allow event", good(), deny, forged(Verdict::Deny, vec![allow_event()], vec![record(DEWRAPPED)]),
         |v| matches!(v, InvariantViolation::EventVerdictMismatch)),
        ("INV-6 defer with an allow event", good(), ask, forged(Verdict::Defer, vec![allow_event()], vec![record(DEWRAPPED)]),
         |v| matches!(v, InvariantViolation::EventVerdictMismatch)),
    ]
}

/// INV-1..INV-6: each forged decision is rejected with the expected violation.
#[test]
fn forged_decisions_are_caught() {
    for (label, input, answer, decision, expected) in forgeries() {
        let policy = StubQuery::new(&[
            (DEWRAPPED, answer),
            ("pnpm test", answer),
            ("time x", answer),
            ("make; time make", answer),
        ]);
        let verdict = check_decision(&input, &|v| policy.answer(v), &decision);
        match verdict {
            Err(ref violation) if expected(violation) => {}
            other => panic!("[{label}] expected a specific violation, got {other:?}"),
        }
    }
}

/// INV-1..INV-6: the honest decisions for the same inputs pass.
#[test]
fn honest_decisions_pass() {
    for answer in [
        PermissionState::Allow,
        PermissionState::Ask,
        PermissionState::Deny,
    ] {
        let input = details("timeout 30s pnpm test", Some(FULL));
        let policy = StubQuery::new(&[(DEWRAPPED, Answer::State(answer))]);
        let decision = authorize(&input, &FixedSession::matching("s-1"), &policy);
        assert_eq!(decision.queries.len(), 1);
        check_decision(&input, &|v| policy.answer(v), &decision).unwrap();
    }
}

/// INV-8: a query made although the live session was not the registered one is caught; none is fine.
#[test]
fn queries_in_a_foreign_session_are_caught() {
    let input = details("timeout 30s pnpm test", Some(FULL));
    let policy = StubQuery::new(&[(DEWRAPPED, Answer::State(PermissionState::Allow))]);
    let honest = authorize(&input, &FixedSession::matching("s-1"), &policy);
    let answers = |v: &str| policy.answer(v);
    check_decision_in_session(&input, true, &answers, &honest).unwrap();
    assert_eq!(
        check_decision_in_session(&input, false, &answers, &honest),
        Err(InvariantViolation::QueryInForeignSession)
    );
    let session = FixedSession {
        registered: "s-1".into(),
        current: Ok("s-2".into()),
    };
    let mismatch = authorize(&input, &session, &policy);
    check_decision_in_session(&input, false, &answers, &mismatch).unwrap();
}
