//! Forwarding, session revalidation and their order (AUTH-1, AUTH-2, AUTH-11),
//! plus failures of the collaborators (AUTH-10, INV-7).

use crate::support::authorize::{
    details, set, Answer, CountingSession, StubQuery, UnreadableSession,
};
use inner_cmd_spec::authorize::{authorize, FixedSession};
use inner_cmd_spec::query::{PermissionQuery, QueryError};
use inner_cmd_spec::verdict::{PermissionState, Verdict};
use serde_json::{json, Value};

const ALLOW: Answer = Answer::State(PermissionState::Allow);

struct Row {
    label: &'static str,
    forwarded: bool,
    current: Result<&'static str, &'static str>,
    reads: usize,
    events: fn() -> Value,
}

/// AUTH-1, AUTH-2, AUTH-11, EVT-3: forwarding wins over everything; then the session is read once.
#[test]
fn forwarding_then_session() {
    let rows = [
        Row {
            label: "AUTH-1 forwarded, session matches",
            forwarded: true,
            current: Ok("s-1"),
            reads: 0,
            events: || json!([]),
        },
        Row {
            label: "AUTH-1 forwarded and session mismatch: forwarding wins, session not read",
            forwarded: true,
            current: Ok("s-2"),
            reads: 0,
            events: || json!([]),
        },
        Row {
            label: "AUTH-1 forwarded and session unreadable: not read",
            forwarded: true,
            current: Err("gone"),
            reads: 0,
            events: || json!([]),
        },
        Row {
            label: "AUTH-2 EVT-3 session mismatch after forwarding check",
            forwarded: false,
            current: Ok("s-2"),
            reads: 1,
            events: || json!([{"level": "debug", "event": "inner_cmd.session_mismatch", "details": {"expectedSessionId": "s-1", "currentSessionId": "s-2"}}]),
        },
        Row {
            label: "AUTH-11 EVT-3 session read fails: exception with the error only",
            forwarded: false,
            current: Err("no live session"),
            reads: 1,
            events: || json!([{"level": "debug", "event": "inner_cmd.exception", "details": {"error": "session unavailable: no live session"}}]),
        },
    ];
    for row in rows {
        let mut input = details("timeout 30s pnpm test", None);
        if row.forwarded {
            set(
                &mut input,
                "/forwarding",
                Some(json!({"parentSessionId": "p"})),
            );
        }
        let policy = StubQuery::new(&[("pnpm test", ALLOW)]);
        let session = CountingSession::new("s-1", row.current);
        let decision = authorize(&input, &session, &policy);
        assert_eq!(decision.verdict, Verdict::Defer, "{}", row.label);
        assert_eq!(
            serde_json::to_value(&decision.events).unwrap(),
            (row.events)(),
            "{}",
            row.label
        );
        assert_eq!(session.reads.get(), row.reads, "{}", row.label);
        assert!(
            policy.calls.borrow().is_empty(),
            "{}: policy must not be asked",
            row.label
        );
        assert!(decision.queries.is_empty(), "{}", row.label);
    }
}

/// AUTH-1, PAY-1: only a truthy `forwarding` skips the session read; a falsy one is read and then fails the guards.
#[test]
fn forwarding_truthiness() {
    #[rustfmt::skip]
    let rows: &[(&str, Value, usize)] = &[
        ("object", json!({"parentSessionId": "p"}), 0),
        ("empty object", json!({}), 0),
        ("empty array", json!([]), 0),
        ("non-empty string", json!("sub"), 0),
        ("non-zero number", json!(-1), 0),
        ("true", json!(true), 0),
        ("null", Value::Null, 1),
        ("false", json!(false), 1),
        ("zero", json!(0), 1),
        ("zero float", json!(0.0), 1),
        ("empty string", json!(""), 1),
    ];
    for (label, forwarding, reads) in rows {
        let mut input = details("timeout 30s pnpm test", None);
        set(&mut input, "/forwarding", Some(forwarding.clone()));
        let session = CountingSession::new("s-1", Ok("s-2"));
        let policy = StubQuery::new(&[("pnpm test", ALLOW)]);
        let decision = authorize(&input, &session, &policy);
        assert_eq!(decision.verdict, Verdict::Defer, "{label}");
        assert_eq!(session.reads.get(), *reads, "{label}: session reads");
        let names: Vec<&str> = decision.events.iter().map(|e| e.name()).collect();
        let want: &[&str] = if *reads == 0 {
            &[]
        } else {
            &["inner_cmd.session_mismatch"]
        };
        assert_eq!(names, want, "{label}");
        // With a matching session, a falsy forwarding still never reaches a handler.
        let decision = authorize(&input, &CountingSession::new("s-1", Ok("s-1")), &policy);
        assert!(
            decision.events.is_empty() && decision.queries.is_empty(),
            "{label}: {decision:?}"
        );
    }
}

/// AUTH-1: with forwarding present the session source is never touched (a read would panic).
#[test]
fn forwarding_never_reads_the_session() {
    let mut input = details("timeout 30s pnpm test", None);
    set(&mut input, "/forwarding", Some(json!({})));
    let decision = authorize(&input, &UnreadableSession, &StubQuery::new(&[]));
    assert_eq!(decision.verdict, Verdict::Defer);
    assert!(
        decision.events.is_empty(),
        "a read would have produced an exception event: {:?}",
        decision.events
    );
}

/// AUTH-2, AUTH-3: a session mismatch is reported even for input that would fail the guards.
#[test]
fn session_is_checked_before_the_guards() {
    let input = json!({"toolName": "edit"});
    let session = FixedSession {
        registered: "s-1".into(),
        current: Ok("s-9".into()),
    };
    let decision = authorize(&input, &session, &StubQuery::new(&[]));
    assert_eq!(decision.verdict, Verdict::Defer);
    assert_eq!(decision.events.len(), 1);
    assert_eq!(decision.events[0].name(), "inner_cmd.session_mismatch");
}

struct PanickingQuery;

impl PermissionQuery for PanickingQuery {
    fn check(&self, _: &str, _: &str, _: Option<&str>) -> Result<PermissionState, QueryError> {
        panic!("policy blew up");
    }
}

/// AUTH-10, AUTH-11, INV-7: a panicking policy or session source is an exception, not a crash.
#[test]
fn panicking_collaborators_become_exceptions() {
    let input = details("time make", Some("cd /x && time make"));
    let decision = authorize(&input, &FixedSession::matching("s-1"), &PanickingQuery);
    assert_eq!(decision.verdict, Verdict::Defer);
    assert_eq!(
        serde_json::to_value(&decision.events).unwrap(),
        json!([{"level": "debug", "event": "inner_cmd.exception",
                "details": {"error": "policy query failed: policy blew up", "command": "cd /x && time make", "innerCommand": "make"}}])
    );
    assert_eq!(decision.queries.len(), 1, "the attempted query is recorded");

    let decision = authorize(&input, &UnreadableSession, &StubQuery::new(&[]));
    assert_eq!(decision.verdict, Verdict::Defer);
    assert_eq!(decision.events.len(), 1);
    assert_eq!(decision.events[0].name(), "inner_cmd.exception");
    assert!(decision.queries.is_empty());
}

/// INV-7, PAY-2: hostile shapes and sizes get a verdict, never a panic or a stack overflow.
#[test]
fn hostile_inputs_defer() {
    // serde_json's parser refuses nesting deeper than 128, so that is the deepest a decoded input gets.
    let deep: Value =
        serde_json::from_str(&format!("{}{}", "[".repeat(127), "]".repeat(127))).unwrap();
    let huge_unit = format!("timeout 1 {}", "a ".repeat(200_000));
    let mut huge = details(&huge_unit, None);
    set(&mut huge, "/command", None);
    let rows: Vec<(&str, Value, Verdict)> = vec![
        ("null", Value::Null, Verdict::Defer),
        ("number", json!(3), Verdict::Defer),
        ("string", json!("timeout 1 x"), Verdict::Defer),
        (
            "deeply nested evidence",
            {
                let mut d = details("time make", None);
                set(&mut d, "/payload/evidence", Some(deep));
                d
            },
            Verdict::Defer,
        ),
        (
            "NUL in the unit",
            details("time ma\0ke", None),
            Verdict::Defer,
        ),
        ("huge unit, policy allows nothing", huge, Verdict::Defer),
    ];
    for (label, input, want) in rows {
        let decision = authorize(&input, &FixedSession::matching("s-1"), &StubQuery::new(&[]));
        assert_eq!(decision.verdict, want, "{label}");
    }
}
