//! The runner's comparison of a response with an expectation (`CONF-RUN-4`, `CONF-RUN-5`).

use inner_cmd_spec::conform::{compare, Latitude};
use serde_json::{json, Map, Value};

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

/// CONF-RUN-4: expected ⊆ response, deep-equal values, whole arrays and objects, `ok` checked.
#[test]
fn conf_run_4_expected_is_a_deep_subset_of_the_response() {
    // (label, expected, response, passes, path of the first difference)
    let rows: Vec<(&str, Value, Value, bool, &str)> = vec![
        (
            "equal key",
            json!({"state": "ask"}),
            json!({"id": 1, "ok": true, "state": "ask"}),
            true,
            "",
        ),
        (
            "extra response keys ignored",
            json!({"state": "ask"}),
            json!({"ok": true, "state": "ask", "units": []}),
            true,
            "",
        ),
        (
            "different value",
            json!({"state": "ask"}),
            json!({"ok": true, "state": "allow"}),
            false,
            "/state",
        ),
        (
            "missing key",
            json!({"state": "ask"}),
            json!({"ok": true}),
            false,
            "/state",
        ),
        (
            "ok false without errorCode",
            json!({"state": "ask"}),
            json!({"ok": false, "state": "ask"}),
            false,
            "/ok",
        ),
        (
            "ok missing",
            json!({"state": "ask"}),
            json!({"state": "ask"}),
            false,
            "/ok",
        ),
        (
            "null equals null",
            json!({"command": null}),
            json!({"ok": true, "command": null}),
            true,
            "",
        ),
        (
            "null is not missing",
            json!({"command": null}),
            json!({"ok": true}),
            false,
            "/command",
        ),
        (
            "array order",
            json!({"a": [1, 2]}),
            json!({"ok": true, "a": [2, 1]}),
            false,
            "/a/0",
        ),
        (
            "array length",
            json!({"a": [1]}),
            json!({"ok": true, "a": [1, 1]}),
            false,
            "/a/1",
        ),
        (
            "nested object whole",
            json!({"g": {"x": 1}}),
            json!({"ok": true, "g": {"x": 1, "y": 2}}),
            false,
            "/g/y",
        ),
        (
            "nested object equal",
            json!({"g": {"x": [{"y": "z"}]}}),
            json!({"ok": true, "g": {"x": [{"y": "z"}]}}),
            true,
            "",
        ),
        (
            "numbers exact",
            json!({"n": 1}),
            json!({"ok": true, "n": 1.0}),
            false,
            "/n",
        ),
        (
            "error code",
            json!({"ok": false, "errorCode": "bad_json"}),
            json!({"id": null, "ok": false, "error": {"code": "bad_json", "message": "m"}}),
            true,
            "",
        ),
        (
            "wrong error code",
            json!({"ok": false, "errorCode": "bad_json"}),
            json!({"ok": false, "error": {"code": "bad_request"}}),
            false,
            "/error/code",
        ),
        (
            "error expected, success got",
            json!({"ok": false, "errorCode": "bad_json"}),
            json!({"ok": true, "matched": true}),
            false,
            "/ok",
        ),
        (
            "pointer escaping",
            json!({"a/b": 1}),
            json!({"ok": true, "a/b": 2}),
            false,
            "/a~1b",
        ),
        (
            "response not an object",
            json!({"a": 1}),
            json!([1]),
            false,
            "",
        ),
    ];
    for (label, expected, response, passes, path) in rows {
        let outcome = compare(&object(expected), &[], &response);
        assert_eq!(outcome.is_ok(), passes, "{label}: {outcome:?}");
        if let Err(mismatch) = outcome {
            assert_eq!(mismatch.path, path, "{label}");
        }
    }
}

/// CONF-RUN-5: `exception-message` frees only `details.error` of `inner_cmd.exception` events.
#[test]
fn conf_run_5_exception_message_latitude_is_narrow() {
    let expected = object(json!({"verdict": "defer", "events": [
        {"level": "debug", "event": "inner_cmd.exception", "details": {"error": "boom", "command": "timeout 5 x"}}
    ]}));
    let with = |error: Value, command: &str, event: &str, verdict: &str| {
        json!({"ok": true, "verdict": verdict, "events": [
            {"level": "debug", "event": event, "details": {"error": error, "command": command}}
        ]})
    };
    let latitude = [Latitude::ExceptionMessage];
    // (label, response, latitude, passes)
    let rows: Vec<(&str, Value, &[Latitude], bool)> = vec![
        (
            "same message",
            with(json!("boom"), "timeout 5 x", "inner_cmd.exception", "defer"),
            &[],
            true,
        ),
        (
            "other message, no latitude",
            with(
                json!("kaput"),
                "timeout 5 x",
                "inner_cmd.exception",
                "defer",
            ),
            &[],
            false,
        ),
        (
            "other message, latitude",
            with(
                json!("kaput"),
                "timeout 5 x",
                "inner_cmd.exception",
                "defer",
            ),
            &latitude,
            true,
        ),
        (
            "message not a string",
            with(json!(7), "timeout 5 x", "inner_cmd.exception", "defer"),
            &latitude,
            false,
        ),
        (
            "other command",
            with(
                json!("kaput"),
                "timeout 6 x",
                "inner_cmd.exception",
                "defer",
            ),
            &latitude,
            false,
        ),
        (
            "other event name",
            with(
                json!("kaput"),
                "timeout 5 x",
                "inner_cmd.inner_ask",
                "defer",
            ),
            &latitude,
            false,
        ),
        (
            "other verdict",
            with(json!("boom"), "timeout 5 x", "inner_cmd.exception", "allow"),
            &latitude,
            false,
        ),
    ];
    for (label, response, latitude, passes) in rows {
        let outcome = compare(&expected, latitude, &response);
        assert_eq!(outcome.is_ok(), passes, "{label}: {outcome:?}");
    }
    // The error key may not simply vanish under the latitude.
    let missing = json!({"ok": true, "verdict": "defer", "events": [
        {"level": "debug", "event": "inner_cmd.exception", "details": {"command": "timeout 5 x"}}
    ]});
    assert!(compare(&expected, &latitude, &missing).is_err());
}
