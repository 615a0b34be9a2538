//! The de-wrap guard slot of the authorizer (AUTH-7.1), checked on the core
//! alone: the guards here are written for the test, so the check needs no
//! policy and no parser.

use inner_cmd_core::authorize::{
    authorize, authorize_profiled, DeployedGuard, DewrapGuard, FixedSession,
};
use inner_cmd_core::events::Event;
use inner_cmd_core::invariants::check_decision;
use inner_cmd_core::query::{FnQuery, QueryError};
use inner_cmd_core::verdict::{PermissionState, Verdict};
use serde_json::{json, Value};

const FULL: &str = "cd app && timeout 30s pnpm test";
const UNIT: &str = "timeout 30s pnpm test";
const DEWRAPPED: &str = "cd app && pnpm test";

fn details() -> Value {
    json!({
        "requestId": "req-1", "agentName": null, "toolName": "bash",
        "payload": {
            "kind": "bash",
            "request": {
                "requester": { "forwarded": false }, "surface": "bash",
                "toolName": "bash", "invokedToolName": null, "value": UNIT
            },
            "evidence": [{ "label": "full command", "text": FULL, "detail": null }]
        }
    })
}

fn allow_all() -> FnQuery<impl Fn(&str, &str, Option<&str>) -> Result<PermissionState, QueryError>>
{
    FnQuery(|_: &str, _: &str, _: Option<&str>| Ok(PermissionState::Allow))
}

/// Records what it was asked and answers with `answer`.
struct Recording<F: Fn() -> Result<(), Event>> {
    seen: std::cell::RefCell<Vec<[String; 4]>>,
    answer: F,
}

impl<F: Fn() -> Result<(), Event>> DewrapGuard for Recording<F> {
    fn permit(&self, full: &str, unit: &str, inner: &str, dewrapped: &str) -> Result<(), Event> {
        self.seen
            .borrow_mut()
            .push([full, unit, inner, dewrapped].map(str::to_owned));
        (self.answer)()
    }
}

fn recording<F: Fn() -> Result<(), Event>>(answer: F) -> Recording<F> {
    Recording {
        seen: std::cell::RefCell::new(Vec::new()),
        answer,
    }
}

/// AUTH-7.1: the guard is asked once, after stripping, with the four texts of its contract.
#[test]
fn auth_7_1_guard_sees_full_unit_inner_and_dewrapped() {
    let guard = recording(|| Ok(()));
    let decision = authorize_profiled(
        &details(),
        &FixedSession::matching("s"),
        &allow_all(),
        &guard,
    );
    assert_eq!(decision.verdict, Verdict::Allow);
    assert_eq!(decision.queries.len(), 1);
    assert_eq!(decision.queries[0].value, DEWRAPPED);
    let want = [FULL, UNIT, "pnpm test", DEWRAPPED].map(str::to_owned);
    assert_eq!(*guard.seen.borrow(), vec![want]);
}

/// AUTH-7.1: a refusal defers with the guard's event and makes no query.
#[test]
fn auth_7_1_refusal_defers_without_a_query() {
    let event = Event::DewrapChangesParse {
        command: FULL.to_owned(),
        inner_command: "pnpm test".to_owned(),
    };
    let refused = event.clone();
    let guard = recording(move || Err(refused.clone()));
    let decision = authorize_profiled(
        &details(),
        &FixedSession::matching("s"),
        &allow_all(),
        &guard,
    );
    assert_eq!(decision.verdict, Verdict::Defer);
    assert!(decision.queries.is_empty());
    assert_eq!(decision.events, vec![event]);
    assert_eq!(
        check_decision(&details(), &|_| Some(PermissionState::Allow), &decision),
        Ok(())
    );
}

/// AUTH-7.1, INV-6, INV-7: a guard that panics or answers with a review event can only defer.
#[test]
fn auth_7_1_faulty_guard_defers_with_an_exception() {
    let review = Event::Allow {
        request_id: "req-1".to_owned(),
        command: FULL.to_owned(),
        inner_command: "pnpm test".to_owned(),
    };
    let lying = recording(move || Err(review.clone()));
    let panicking = recording(|| panic!("guard bug"));
    for guard in [&lying as &dyn DewrapGuard, &panicking] {
        let decision = authorize_profiled(
            &details(),
            &FixedSession::matching("s"),
            &allow_all(),
            guard,
        );
        assert_eq!(decision.verdict, Verdict::Defer);
        assert!(decision.queries.is_empty());
        let [Event::Exception {
            command,
            inner_command,
            ..
        }] = decision.events.as_slice()
        else {
            panic!("expected one exception event, got {:?}", decision.events);
        };
        assert_eq!(command.as_deref(), Some(FULL));
        assert_eq!(inner_command.as_deref(), Some("pnpm test"));
        assert_eq!(
            check_decision(&details(), &|_| Some(PermissionState::Allow), &decision),
            Ok(())
        );
    }
}

/// AUTH-7.1: the deployed system has no guard: `authorize` is `authorize_profiled` with `DeployedGuard`.
#[test]
fn auth_7_1_deployed_guard_always_permits() {
    assert_eq!(
        DeployedGuard.permit(FULL, UNIT, "pnpm test", DEWRAPPED),
        Ok(())
    );
    let session = FixedSession::matching("s");
    assert_eq!(
        authorize(&details(), &session, &allow_all()),
        authorize_profiled(&details(), &session, &allow_all(), DeployedGuard)
    );
}
