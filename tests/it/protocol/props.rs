//! `handle_line` on arbitrary input: always one JSON object line, never a panic (`PROTO-2`, `PROTO-5`).

use inner_cmd_spec::protocol::{handle_line, OPERATIONS};
use proptest::prelude::*;
use serde_json::{json, Value};

/// The response is one line holding a JSON object with a boolean `ok` and an `id`.
fn check_envelope(response: &str) -> Result<Value, TestCaseError> {
    prop_assert!(!response.contains('\n'), "response spans lines: {response}");
    let value: Value = serde_json::from_str(response)
        .map_err(|error| TestCaseError::fail(format!("not JSON ({error}): {response}")))?;
    prop_assert!(value.get("id").is_some(), "no id: {response}");
    let ok = value.get("ok").and_then(Value::as_bool);
    prop_assert!(ok.is_some(), "no boolean ok: {response}");
    if ok == Some(false) {
        let code = value["error"]["code"].as_str().unwrap_or_default();
        let codes = [
            "bad_json",
            "bad_encoding",
            "bad_request",
            "unknown_op",
            "limit_exceeded",
        ];
        // `internal` would be a bug in the server: it is not an accepted answer here.
        prop_assert!(codes.contains(&code), "unexpected code: {response}");
    }
    Ok(value)
}

/// Arbitrary JSON values, a few levels deep.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        ".{0,12}".prop_map(Value::from),
        prop::sample::select(vec![
            "*",
            "git *",
            "timeout 5 x",
            "~/a",
            "allow",
            "deny",
            "ask",
            "throw"
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "pattern",
                    "action",
                    "value",
                    "command",
                    "home",
                    "rules",
                    "policy",
                    "details",
                    "session",
                    "answers",
                    "expected",
                    "current",
                    "error",
                    "permission",
                    "bash",
                    "x",
                ]),
                inner,
                0..4,
            )
            .prop_map(|map| Value::Object(
                map.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
            )),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    /// PROTO-5: arbitrary bytes get exactly one well-formed response.
    #[test]
    fn proto_5_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check_envelope(&handle_line(&bytes))?;
    }

    /// PROTO-2, PROTO-5: requests of every op with arbitrary members are answered, id echoed.
    #[test]
    fn proto_2_arbitrary_requests(
        op in prop::sample::select(OPERATIONS.to_vec()),
        id in json_value(),
        members in prop::collection::btree_map(
            prop::sample::select(vec!["pattern", "value", "command", "home", "rules", "policy", "details", "session", "answers", "requestId"]),
            json_value(),
            0..6,
        ),
    ) {
        let mut request = json!({"id": id, "op": op});
        for (key, value) in members {
            request[key] = value;
        }
        let response = check_envelope(&handle_line(request.to_string().as_bytes()))?;
        prop_assert_eq!(&response["id"], &request["id"]);
    }
}
