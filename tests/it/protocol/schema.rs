//! `spec/schema/protocol.schema.json` describes what the server really reads and writes
//! (`PROTO-1`, `PROTO-2`, `PROTO-3`, `PROTO-7`..`PROTO-11`).
//!
//! Every request of the conformance corpus that is not meant to be rejected
//! must be a schema `request`; every response the reference server gives to the
//! corpus must be a schema `response`, and a successful one must carry its
//! operation's answer shape.

use inner_cmd_spec::conform::load_vectors;
use inner_cmd_spec::protocol::{handle_line, handshake};
use serde_json::{json, Value};

use crate::support::schema::{check_schema, Schema};

use crate::support::corpus::repo;

fn schema_document() -> Value {
    let text = std::fs::read_to_string(repo().join("spec/schema/protocol.schema.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn schema() -> Schema {
    Schema::new(&schema_document())
}

fn check(schema: &Schema, definition: &str, instance: &Value, label: &str) -> Vec<String> {
    schema.errors_of(definition, instance, label)
}

/// The answer definition of each operation.
fn answer_definition(op: &str) -> &'static str {
    match op {
        "match" => "matchAnswer",
        "units" => "unitsAnswer",
        "check" | "advisory" => "checkResult",
        "authorize" => "authorizeResult",
        "decide" => "decideAnswer",
        other => panic!("unknown op {other}"),
    }
}

/// PROTO-1, PROTO-2, PROTO-3, PROTO-7, PROTO-8, PROTO-9, PROTO-10, PROTO-11: the schema matches the corpus traffic.
#[test]
fn protocol_schema_describes_real_traffic() {
    assert_eq!(check_schema(&schema_document()), Vec::<String>::new());
    let schema = schema();
    let handshake: Value = serde_json::from_str(&handshake()).unwrap();
    assert_eq!(
        check(&schema, "handshake", &handshake, "handshake"),
        Vec::<String>::new()
    );

    let files = load_vectors(&repo().join("spec/vectors")).unwrap();
    let mut problems = Vec::new();
    let mut checked = 0;
    for case in files.iter().flat_map(|file| file.cases()) {
        let mut request = case.request.clone();
        request.insert("id".into(), Value::from(case.id.clone()));
        let request = Value::Object(request);
        let rejected = case.expected.contains_key("errorCode");
        if !rejected {
            problems.extend(check(
                &schema,
                "request",
                &request,
                &format!("{} request", case.id),
            ));
        }
        let response: Value =
            serde_json::from_str(&handle_line(request.to_string().as_bytes())).unwrap();
        problems.extend(check(
            &schema,
            "response",
            &response,
            &format!("{} response", case.id),
        ));
        if response["ok"] == true {
            let op = request["op"].as_str().unwrap();
            problems.extend(check(
                &schema,
                answer_definition(op),
                &response,
                &format!("{} answer", case.id),
            ));
        }
        checked += 1;
    }
    assert!(checked > 500, "only {checked} cases");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// PROTO-3: the schema rejects what the protocol rejects (a validator that accepts everything would pass the test above).
#[test]
fn protocol_schema_rejects_malformed_messages() {
    let schema = schema();
    // (label, definition, instance)
    let rows: Vec<(&str, &str, Value)> = vec![
        (
            "handshake of protocol 2",
            "handshake",
            json!({"protocol": 2, "spec": "0.1.0", "implementation": "x"}),
        ),
        (
            "match without value",
            "request",
            json!({"op": "match", "pattern": "*"}),
        ),
        ("unknown op", "request", json!({"op": "frobnicate"})),
        (
            "check without a policy",
            "request",
            json!({"op": "check", "command": "ls"}),
        ),
        (
            "answers with a bad state",
            "request",
            json!({"op": "authorize", "details": {}, "session": {"expected": "s", "current": "s"}, "answers": {"x": "maybe"}}),
        ),
        (
            "error with an unknown code",
            "response",
            json!({"id": 1, "ok": false, "error": {"code": "oops", "message": "m"}}),
        ),
        ("success without id", "response", json!({"ok": true})),
        (
            "verdict ask",
            "authorizeResult",
            json!({"verdict": "ask", "events": [], "queries": []}),
        ),
        (
            "outcome defer",
            "decideAnswer",
            json!({"outcome": "defer", "gate": null, "authorizer": null, "details": null}),
        ),
    ];
    for (label, definition, instance) in rows {
        assert!(
            !check(&schema, definition, &instance, label).is_empty(),
            "{label} was accepted"
        );
    }
}
