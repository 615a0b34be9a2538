//! The protocol operations through the pure `handle_line` (`PROTO-6`..`PROTO-12`).
//!
//! Expected answers are worked by hand from spec chapters 7 and 9.

use inner_cmd_spec::protocol::{handle_line, OPERATIONS};
use serde_json::{json, Value};

fn ask(request: Value) -> Value {
    serde_json::from_str(&handle_line(request.to_string().as_bytes())).unwrap()
}

fn error_code(response: &Value) -> Option<&str> {
    response["error"]["code"].as_str()
}

/// PROTO-7: `match` answers whether the pattern matches the whole value.
#[test]
fn proto_7_match() {
    const ROWS: &[(&str, &str, &str, bool)] = &[
        ("git *", "git", "/h", true),
        ("git *", "github", "/h", false),
        ("~/bin/*", "/home/u/bin/x", "/home/u", true),
        ("~/bin/*", "/h/bin/x", "/home/u", false),
    ];
    for (pattern, value, home, matched) in ROWS {
        let response =
            ask(json!({"id": 1, "op": "match", "pattern": pattern, "value": value, "home": home}));
        assert_eq!(
            response,
            json!({"id": 1, "ok": true, "matched": matched}),
            "{pattern} vs {value}"
        );
    }
}

/// PROTO-8: `units` lists units with null context/wrapperKind; beyond a limit it is `limit_exceeded`.
#[test]
fn proto_8_units() {
    let response =
        ask(json!({"id": 2, "op": "units", "command": "FOO=1 timeout 5 make && echo $(whoami)"}));
    assert_eq!(
        response,
        json!({"id": 2, "ok": true, "units": [
            {"text": "timeout 5 make", "context": null, "wrapperKind": "indirection"},
            {"text": "echo $(whoami)", "context": null, "wrapperKind": null},
            {"text": "whoami", "context": "command_substitution", "wrapperKind": null},
        ]})
    );
    // POL-LIMIT-3: more than 1,000 nested substitutions.
    let deep = format!("{}x{}", "$(".repeat(1_100), ")".repeat(1_100));
    let response = ask(json!({"id": 3, "op": "units", "command": deep}));
    assert_eq!(error_code(&response), Some("limit_exceeded"), "{response}");
    assert_eq!(response["id"], 3);
}

/// PROTO-9: `check` trims, `advisory` does not; `rules` and `policy` give the same policy.
#[test]
fn proto_9_check_and_advisory() {
    let rules = json!([{"pattern": "*", "action": "allow"}, {"pattern": "rm *", "action": "deny"}]);
    let policy = json!({"permission": {"bash": {"*": "allow", "rm *": "deny"}}});
    for source in [json!({"rules": rules}), json!({"policy": policy})] {
        let mut request =
            json!({"id": 4, "op": "check", "command": "ls && rm -rf x", "home": "/h"});
        request
            .as_object_mut()
            .unwrap()
            .extend(source.as_object().unwrap().clone());
        assert_eq!(
            ask(request),
            json!({"id": 4, "ok": true, "state": "deny", "matchedPattern": "rm *", "command": "rm -rf x",
                   "commandContext": null, "units": [
                       {"text": "ls", "context": null, "wrapperKind": null},
                       {"text": "rm -rf x", "context": null, "wrapperKind": null}]})
        );
    }
    // Only the gate trims (POL-CHECK-8): for it " ls\n" is "ls".
    let rules = json!([{"pattern": "ls", "action": "allow"}]);
    let gate = ask(json!({"op": "check", "rules": rules, "command": " ls\n", "home": "/h"}));
    assert_eq!(
        (gate["state"].as_str(), gate["command"].as_str()),
        (Some("allow"), Some("ls"))
    );
}

/// PROTO-6: exactly one policy source; malformed policies are `bad_request`.
#[test]
fn proto_6_policy_sources() {
    let rules = json!([{"pattern": "*", "action": "allow"}]);
    let rows: Vec<(&str, Value)> = vec![
        (
            "both",
            json!({"rules": rules, "policy": {"permission": {}}}),
        ),
        ("neither", json!({})),
        ("rules not an array", json!({"rules": {"*": "allow"}})),
        ("policy not an object", json!({"policy": [1]})),
        (
            "unknown state",
            json!({"rules": [{"pattern": "*", "action": "permit"}]}),
        ),
        (
            "pattern not a string",
            json!({"rules": [{"pattern": 1, "action": "allow"}]}),
        ),
        ("home not a string", json!({"rules": rules, "home": 3})),
        ("command missing", json!({"rules": rules, "command": null})),
    ];
    for op in ["check", "advisory", "decide"] {
        for (label, source) in &rows {
            let mut request = json!({"id": label, "op": op, "command": "ls", "home": "/h"});
            request
                .as_object_mut()
                .unwrap()
                .extend(source.as_object().unwrap().clone());
            let response = ask(request);
            assert_eq!(
                error_code(&response),
                Some("bad_request"),
                "{op} {label}: {response}"
            );
            assert_eq!(response["id"], *label);
        }
    }
}

/// PROTO-12: the six operations are known; anything else, case included, is `unknown_op`.
#[test]
fn proto_12_operation_names() {
    assert_eq!(
        OPERATIONS,
        ["match", "units", "check", "advisory", "authorize", "decide"]
    );
    for op in ["Match", "check ", "", "gate", "serve"] {
        let response = ask(json!({"id": op, "op": op}));
        assert_eq!(error_code(&response), Some("unknown_op"), "{op:?}");
    }
    for op in OPERATIONS {
        // Known operations with no members are malformed requests, never unknown ones.
        let response = ask(json!({"id": 1, "op": op}));
        assert_eq!(
            error_code(&response),
            Some("bad_request"),
            "{op}: {response}"
        );
    }
}

/// PROTO-6, POL-RULE-3, POL-CONFIG-3: a policy object's top-level `"*"` is the fallback,
/// reported with no matched pattern and floored like any allow. Rows checked against
/// the npm package through its adapter (identical answers).
#[test]
fn proto_6_policy_fallback() {
    let allow_rm_deny = json!({"permission": {"*": "allow", "bash": {"rm *": "deny"}}});
    let deny_ls_allow = json!({"permission": {"*": "deny", "bash": {"ls": "allow"}}});
    let bash_star_ask = json!({"permission": {"*": "allow", "bash": {"*": "ask"}}});
    // (policy, op, command, state, matchedPattern, triggering unit)
    let rows: Vec<(&Value, &str, &str, &str, Value, &str)> = vec![
        (&allow_rm_deny, "check", "ls", "allow", Value::Null, "ls"),
        (
            &allow_rm_deny,
            "check",
            "timeout 5 make",
            "ask",
            json!("<indirection-bash-wrapper>"),
            "timeout 5 make",
        ),
        (
            &allow_rm_deny,
            "check",
            "rm -rf x",
            "deny",
            json!("rm *"),
            "rm -rf x",
        ),
        (
            &deny_ls_allow,
            "check",
            "ls && make",
            "deny",
            Value::Null,
            "make",
        ),
        (&bash_star_ask, "check", "ls", "ask", json!("*"), "ls"),
        (&allow_rm_deny, "advisory", "", "allow", Value::Null, ""),
    ];
    for (policy, op, command, state, pattern, unit) in rows {
        let response = ask(json!({"op": op, "policy": policy, "command": command, "home": "/h"}));
        assert_eq!(response["state"], state, "{op} {command}: {response}");
        assert_eq!(response["matchedPattern"], pattern, "{op} {command}");
        assert_eq!(response["command"], unit, "{op} {command}");
    }
    // Through the pipeline: the fallback allows the de-wrapped command.
    let decided = ask(
        json!({"op": "decide", "policy": allow_rm_deny, "command": "timeout 5 make", "home": "/h"}),
    );
    assert_eq!(
        (
            decided["outcome"].as_str(),
            decided["authorizer"]["verdict"].as_str()
        ),
        (Some("allow"), Some("allow"))
    );
}
