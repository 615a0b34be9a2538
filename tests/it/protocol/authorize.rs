//! `authorize` and `decide` through the pure `handle_line` (`PROTO-10`, `PROTO-11`).
//!
//! Expected answers are worked by hand from spec chapters 5, 8 and 9.

use inner_cmd_spec::protocol::handle_line;
use serde_json::{json, Value};

fn ask(request: &Value) -> Value {
    serde_json::from_str(&handle_line(request.to_string().as_bytes())).unwrap()
}

/// Prompt details for a triggering unit equal to the full command.
fn details(value: &str) -> Value {
    json!({
        "requestId": "r1", "agentName": null, "toolName": "bash",
        "payload": {"kind": "bash", "request": {
            "requester": {"forwarded": false}, "surface": "bash", "toolName": "bash",
            "invokedToolName": null, "value": value}, "evidence": []}
    })
}

fn authorize(session: Value, query: Value, value: &str) -> Value {
    let mut request =
        json!({"id": 1, "op": "authorize", "session": session, "details": details(value)});
    request
        .as_object_mut()
        .unwrap()
        .extend(query.as_object().unwrap().clone());
    ask(&request)
}

fn same_session() -> Value {
    json!({"expected": "s1", "current": "s1"})
}

/// PROTO-10: the answers table decides the query; unlisted values answer ask; "throw" fails it.
#[test]
fn proto_10_answers_table() {
    // (label, answers, verdict, event)
    let rows: Vec<(&str, Value, &str, &str)> = vec![
        (
            "allow",
            json!({"pnpm test": "allow"}),
            "allow",
            "inner_cmd.allow",
        ),
        (
            "deny",
            json!({"pnpm test": "deny"}),
            "deny",
            "inner_cmd.deny",
        ),
        (
            "ask",
            json!({"pnpm test": "ask"}),
            "defer",
            "inner_cmd.inner_ask",
        ),
        (
            "not listed: ask",
            json!({"other": "allow"}),
            "defer",
            "inner_cmd.inner_ask",
        ),
        (
            "throw",
            json!({"pnpm test": "throw"}),
            "defer",
            "inner_cmd.exception",
        ),
    ];
    for (label, answers, verdict, event) in rows {
        let response = authorize(
            same_session(),
            json!({"answers": answers}),
            "timeout 30s pnpm test",
        );
        assert_eq!(response["ok"], true, "{label}: {response}");
        assert_eq!(response["verdict"], verdict, "{label}: {response}");
        assert_eq!(response["events"][0]["event"], event, "{label}: {response}");
        assert_eq!(
            response["queries"],
            json!([{"surface": "bash", "value": "pnpm test", "agentName": null}]),
            "{label}"
        );
    }
    let allowed = authorize(
        same_session(),
        json!({"answers": {"pnpm test": "allow"}}),
        "timeout 30s pnpm test",
    );
    assert_eq!(
        allowed["events"],
        json!([{"level": "review", "event": "inner_cmd.allow",
                "details": {"requestId": "r1", "command": "timeout 30s pnpm test", "innerCommand": "pnpm test"}}])
    );
}

/// PROTO-10: a session mismatch and a session read error both defer, without a query.
#[test]
fn proto_10_session_markers() {
    let answers = json!({"answers": {"pnpm test": "allow"}});
    let mismatch = authorize(
        json!({"expected": "s1", "current": "s2"}),
        answers.clone(),
        "timeout 30s pnpm test",
    );
    assert_eq!(mismatch["verdict"], "defer");
    assert_eq!(
        mismatch["events"],
        json!([{"level": "debug", "event": "inner_cmd.session_mismatch",
                "details": {"expectedSessionId": "s1", "currentSessionId": "s2"}}])
    );
    assert_eq!(mismatch["queries"], json!([]));
    let failed = authorize(
        json!({"expected": "s1", "current": {"error": "no session"}}),
        answers,
        "timeout 30s pnpm test",
    );
    assert_eq!(failed["verdict"], "defer");
    assert_eq!(failed["events"][0]["event"], "inner_cmd.exception");
    assert!(failed["events"][0]["details"]["error"]
        .as_str()
        .unwrap()
        .contains("no session"));
    assert_eq!(failed["queries"], json!([]));
}

/// PROTO-10: `rules` and `policy` are the advisory check of the same rules.
#[test]
fn proto_10_policy_as_the_query() {
    let rules = json!({"rules": [{"pattern": "pnpm *", "action": "allow"}, {"pattern": "rm *", "action": "deny"}], "home": "/h"});
    let policy = json!({"policy": {"permission": {"bash": {"pnpm *": "allow", "rm *": "deny"}}}, "home": "/h"});
    for source in [rules, policy] {
        assert_eq!(
            authorize(same_session(), source.clone(), "timeout 30s pnpm test")["verdict"],
            "allow"
        );
        assert_eq!(
            authorize(same_session(), source.clone(), "time rm -rf x")["verdict"],
            "deny"
        );
        assert_eq!(
            authorize(same_session(), source, "timeout 5 curl x")["verdict"],
            "defer"
        );
    }
}

/// PROTO-10: malformed authorize requests are `bad_request`; malformed details are the authorizer's.
#[test]
fn proto_10_bad_requests() {
    let good_details = details("timeout 30s pnpm test");
    let rows: Vec<(&str, Value)> = vec![
        (
            "no details",
            json!({"session": same_session(), "answers": {}}),
        ),
        (
            "no session",
            json!({"details": good_details, "answers": {}}),
        ),
        (
            "session not an object",
            json!({"details": good_details, "session": "s1", "answers": {}}),
        ),
        (
            "expected not a string",
            json!({"details": good_details, "session": {"expected": 1, "current": "s1"}, "answers": {}}),
        ),
        (
            "current missing",
            json!({"details": good_details, "session": {"expected": "s1"}, "answers": {}}),
        ),
        (
            "current error without message",
            json!({"details": good_details, "session": {"expected": "s1", "current": {}}, "answers": {}}),
        ),
        (
            "answers not an object",
            json!({"details": good_details, "session": same_session(), "answers": ["allow"]}),
        ),
        (
            "answer not a state",
            json!({"details": good_details, "session": same_session(), "answers": {"x": "permit"}}),
        ),
        (
            "answers and rules",
            json!({"details": good_details, "session": same_session(), "answers": {}, "rules": []}),
        ),
        (
            "no query at all",
            json!({"details": good_details, "session": same_session()}),
        ),
    ];
    for (label, mut request) in rows {
        request["op"] = json!("authorize");
        request["id"] = json!(label);
        let response = ask(&request);
        assert_eq!(
            response["error"]["code"], "bad_request",
            "{label}: {response}"
        );
        assert_eq!(response["id"], label);
    }
    // Details of any shape are answered (AUTH-*: malformed prompts defer).
    for details in [
        json!(null),
        json!("x"),
        json!({"toolName": "bash"}),
        json!([1]),
    ] {
        let response = ask(
            &json!({"op": "authorize", "session": same_session(), "answers": {}, "details": details}),
        );
        assert_eq!(
            (response["ok"].as_bool(), response["verdict"].as_str()),
            (Some(true), Some("defer")),
            "{details}"
        );
    }
}

/// PROTO-11: `decide` answers outcome, gate, authorizer and details; null when not consulted.
#[test]
fn proto_11_decide() {
    let rules =
        json!([{"pattern": "pnpm *", "action": "allow"}, {"pattern": "rm *", "action": "deny"}]);
    let allowed = ask(
        &json!({"id": 5, "op": "decide", "rules": rules, "command": "timeout 30s pnpm test", "home": "/h", "requestId": "r9"}),
    );
    assert_eq!(allowed["outcome"], "allow", "{allowed}");
    assert_eq!(allowed["gate"]["state"], "ask");
    assert_eq!(allowed["gate"]["matchedPattern"], Value::Null);
    assert_eq!(allowed["authorizer"]["verdict"], "allow");
    assert_eq!(
        allowed["authorizer"]["events"][0]["details"]["requestId"],
        "r9"
    );
    assert_eq!(
        allowed["authorizer"]["queries"],
        json!([{"surface": "bash", "value": "pnpm test", "agentName": null}])
    );
    assert_eq!(
        allowed["details"]["payload"]["request"]["value"],
        "timeout 30s pnpm test"
    );
    assert_eq!(allowed["requeries"][0]["state"], "allow");
    let keys: Vec<&str> = allowed["authorizer"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        ["verdict", "events", "queries"],
        "authorizer is exactly the authorize answer"
    );

    // agentName flows into the prompt details and the query (PIPE-3, AUTH query agent).
    let named = ask(
        &json!({"op": "decide", "rules": rules, "command": "timeout 30s pnpm test", "home": "/h", "agentName": "scout"}),
    );
    assert_eq!(named["details"]["agentName"], "scout");
    assert_eq!(named["authorizer"]["queries"][0]["agentName"], "scout");
    let bad = ask(
        &json!({"op": "decide", "rules": rules, "command": "ls", "home": "/h", "agentName": 7}),
    );
    assert_eq!(bad["error"]["code"], "bad_request");

    let denied =
        ask(&json!({"id": 6, "op": "decide", "rules": rules, "command": "rm -rf x", "home": "/h"}));
    assert_eq!(
        (
            &denied["outcome"],
            &denied["gate"]["state"],
            &denied["authorizer"],
            &denied["details"]
        ),
        (&json!("deny"), &json!("deny"), &Value::Null, &Value::Null)
    );
}
