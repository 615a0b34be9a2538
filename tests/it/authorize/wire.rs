//! Wire forms: events, decisions, verdicts and permission states (EVT-1,
//! EVT-3, EVT-4, VERDICT-1, VERDICT-2, VERDICT-3), the wrapper set (WRAP-1),
//! and that lone surrogates never get past JSON decoding (ECMA-6).

use inner_cmd_spec::authorize::{authorize, FixedSession};
use inner_cmd_spec::events::{Event, Level};
use inner_cmd_spec::query::{FnQuery, QueryError};
use inner_cmd_spec::recognize::Wrapper;
use inner_cmd_spec::verdict::{PermissionState, Verdict};
use serde_json::{json, Value};

fn s(text: &str) -> String {
    text.to_owned()
}

/// EVT-1, EVT-3: every variant's exact JSON, level and name.
#[test]
fn every_event_serializes_exactly() {
    #[rustfmt::skip]
    let rows: Vec<(Event, Value)> = vec![
        (Event::Allow { request_id: s("r"), command: s("c"), inner_command: s("i") },
         json!({"level": "review", "event": "inner_cmd.allow", "details": {"requestId": "r", "command": "c", "innerCommand": "i"}})),
        (Event::Deny { request_id: s("r"), command: s("c"), inner_command: s("i") },
         json!({"level": "review", "event": "inner_cmd.deny", "details": {"requestId": "r", "command": "c", "innerCommand": "i"}})),
        (Event::InnerAsk { command: s("c"), inner_command: s("i") },
         json!({"level": "debug", "event": "inner_cmd.inner_ask", "details": {"command": "c", "innerCommand": "i"}})),
        (Event::SessionMismatch { expected_session_id: s("a"), current_session_id: s("b") },
         json!({"level": "debug", "event": "inner_cmd.session_mismatch", "details": {"expectedSessionId": "a", "currentSessionId": "b"}})),
        (Event::UnsupportedWrapperSyntax { command: s("c"), wrapper: Wrapper::Time },
         json!({"level": "debug", "event": "inner_cmd.unsupported_wrapper_syntax", "details": {"command": "c", "wrapper": "time"}})),
        (Event::NestedWrapper { command: s("c"), inner_command: s("i"), wrapper: Wrapper::Timeout },
         json!({"level": "debug", "event": "inner_cmd.nested_wrapper", "details": {"command": "c", "innerCommand": "i", "wrapper": "timeout"}})),
        (Event::WrapperNotLocated { command: s("c") },
         json!({"level": "debug", "event": "inner_cmd.wrapper_not_located", "details": {"command": "c"}})),
        (Event::EnvNonTransparent { command: s("c") },
         json!({"level": "debug", "event": "inner_cmd.env_non_transparent", "details": {"command": "c"}})),
        (Event::XargsNonTransparent { command: s("c") },
         json!({"level": "debug", "event": "inner_cmd.xargs_non_transparent", "details": {"command": "c"}})),
        (Event::Exception { error: s("e"), command: None, inner_command: None },
         json!({"level": "debug", "event": "inner_cmd.exception", "details": {"error": "e"}})),
        (Event::Exception { error: s("e"), command: Some(s("c")), inner_command: Some(s("i")) },
         json!({"level": "debug", "event": "inner_cmd.exception", "details": {"error": "e", "command": "c", "innerCommand": "i"}})),
    ];
    for (event, want) in rows {
        let text = serde_json::to_string(&event).unwrap();
        // preserve_order keeps the member order, so the text itself is checked too.
        assert_eq!(
            text,
            serde_json::to_string(&want).unwrap(),
            "{}",
            event.name()
        );
        assert_eq!(event.name(), want["event"], "{}", event.name());
        let level = if event.level() == Level::Review {
            "review"
        } else {
            "debug"
        };
        assert_eq!(level, want["level"], "{}", event.name());
    }
}

/// EVT-4: no event carries the pre-ADR-0009 names.
#[test]
fn old_event_names_are_gone() {
    let names = [
        Event::UnsupportedWrapperSyntax {
            command: s("c"),
            wrapper: Wrapper::Timeout,
        }
        .name(),
        Event::NestedWrapper {
            command: s("c"),
            inner_command: s("i"),
            wrapper: Wrapper::Timeout,
        }
        .name(),
    ];
    for name in names {
        assert!(!name.contains("timeout"), "{name}");
    }
}

/// VERDICT-2, VERDICT-3, EVT-4: a decision's JSON form, with one query and one event, via a closure policy.
#[test]
fn decision_serializes_with_camel_case_query() {
    let details = json!({
        "requestId": "r-1", "agentName": null, "toolName": "bash",
        "payload": {"kind": "bash", "evidence": [],
                    "request": {"requester": {"forwarded": false}, "surface": "bash", "toolName": "bash", "invokedToolName": null, "value": "time ls"}}
    });
    let policy = FnQuery(|surface: &str, value: &str, agent: Option<&str>| {
        assert_eq!((surface, agent), ("bash", None));
        if value == "ls" {
            Ok(PermissionState::Allow)
        } else {
            Err(QueryError::Failed(value.to_owned()))
        }
    });
    let decision = authorize(&details, &FixedSession::matching("s"), &policy);
    assert_eq!(
        serde_json::to_value(&decision).unwrap(),
        json!({"verdict": "allow",
               "events": [{"level": "review", "event": "inner_cmd.allow", "details": {"requestId": "r-1", "command": "time ls", "innerCommand": "ls"}}],
               "queries": [{"surface": "bash", "value": "ls", "agentName": null}]})
    );
}

/// VERDICT-1, VERDICT-2: wire names and the restrictiveness order.
#[test]
fn verdict_and_state_wire_names() {
    assert!(
        PermissionState::Allow < PermissionState::Ask
            && PermissionState::Ask < PermissionState::Deny
    );
    for (state, name) in [
        (PermissionState::Allow, "allow"),
        (PermissionState::Ask, "ask"),
        (PermissionState::Deny, "deny"),
    ] {
        assert_eq!(serde_json::to_value(state).unwrap(), json!(name));
        assert_eq!(PermissionState::from_name(name), Some(state));
    }
    assert_eq!(PermissionState::from_name("Allow"), None);
    for (verdict, name) in [
        (Verdict::Allow, "allow"),
        (Verdict::Deny, "deny"),
        (Verdict::Defer, "defer"),
    ] {
        assert_eq!(serde_json::to_value(verdict).unwrap(), json!(name));
    }
}

/// WRAP-1: exactly two transparent wrappers, tried timeout first.
#[test]
fn the_transparent_wrappers() {
    let words: Vec<&str> = Wrapper::ALL.iter().map(|w| w.word()).collect();
    assert_eq!(words, ["timeout", "time"]);
}

/// ECMA-6, PAY-2: a lone surrogate in the details is rejected by the JSON decoder, so it never reaches the authorizer.
#[test]
fn lone_surrogates_do_not_decode() {
    let text = r#"{"toolName": "bash", "payload": {"request": {"value": "time \ud800ls"}}}"#;
    assert!(serde_json::from_str::<Value>(text).is_err());
    let paired = r#""time \ud83d\ude00""#;
    assert_eq!(
        serde_json::from_str::<Value>(paired).unwrap(),
        json!("time 😀")
    );
}
