//! The oracle protocol's JSON shapes, built from the crate's own types, so the
//! Rust answers and the adapter's answers are compared as the same JSON.

use inner_cmd_spec::policy::{units, CheckResult, Rule};
use serde_json::{json, Value};

/// The fields of a `check`/`advisory` answer that are compared.
pub const CHECK_FIELDS: [&str; 5] = [
    "state",
    "matchedPattern",
    "command",
    "commandContext",
    "units",
];

/// The rules as the protocol carries them: `[{"pattern", "action"}]`.
pub fn rules_json(rules: &[Rule]) -> Value {
    serde_json::to_value(rules).expect("rules serialize")
}

/// A `check` (gate) or `advisory` request.
pub fn check_request(op: &str, command: &str, rules: &[Rule], home: &str) -> Value {
    json!({"op": op, "command": command, "rules": rules_json(rules), "home": home})
}

/// A `check` or `advisory` request whose policy is a package config object.
pub fn policy_check_request(op: &str, command: &str, policy: &Value, home: &str) -> Value {
    json!({"op": op, "command": command, "policy": policy, "home": home})
}

/// A `units` request.
pub fn units_request(command: &str) -> Value {
    json!({"op": "units", "command": command})
}

/// A `match` request.
pub fn match_request(pattern: &str, value: &str, home: &str) -> Value {
    json!({"op": "match", "pattern": pattern, "value": value, "home": home})
}

/// A crate `CheckResult` in the protocol's shape.
pub fn check_json(result: &CheckResult) -> Value {
    serde_json::to_value(result).expect("check result serializes")
}

/// The crate's unit list in the protocol's shape; an enumeration error is
/// kept as an `error` object so it shows up as a divergence, never a panic.
pub fn units_json(command: &str) -> Value {
    match units::enumerate(command) {
        Ok(list) => serde_json::to_value(list).expect("units serialize"),
        Err(err) => json!({"error": err.to_string()}),
    }
}

/// The names of `fields` where `ours` and `theirs` differ.
pub fn differing(fields: &[&'static str], ours: &Value, theirs: &Value) -> Vec<&'static str> {
    fields
        .iter()
        .copied()
        .filter(|f| ours.get(*f) != theirs.get(*f))
        .collect()
}
