//! The `parity` target: the crate against the deployed package, live.

use serde_json::{json, Value};

use super::{fields, DEFAULT_HOME};
use crate::protocol::handle_line;

/// The rule lists every command is checked under when the input gives none:
/// the issue-12 witnesses' policy, an allow-by-default list that must catch
/// every unit naming `rm` or `curl`, and a deny-by-default list that allows
/// only a few plain commands.
const POLICIES: [&[(&str, &str)]; 3] = [
    &[("*", "ask"), ("echo *", "allow"), ("rm *", "deny")],
    &[
        ("*", "allow"),
        ("*rm*", "deny"),
        ("curl *", "ask"),
        ("* | sh", "deny"),
    ],
    &[
        ("*", "deny"),
        ("echo *", "allow"),
        ("cd *", "allow"),
        ("ls", "allow"),
        ("git status", "allow"),
        ("true", "ask"),
    ],
];

/// The fields compared for each op, as the parity test compares them.
const CHECK_FIELDS: [&str; 5] = [
    "state",
    "matchedPattern",
    "command",
    "commandContext",
    "units",
];

/// How strict a check answer is: allow < ask < deny; an answer without a
/// state (an error) ranks with ask, as its caller defers to a human.
fn strictness(answer: &Value) -> u8 {
    match answer.get("state").and_then(Value::as_str) {
        Some("allow") => 0,
        Some("deny") => 2,
        _ => 1,
    }
}

/// The rules of the input's second field: one per line, its first character
/// the action (`a` allow, `k` ask, `d` deny; other lines are ignored), the
/// rest the pattern. A repeated pattern keeps only its last line (the
/// protocol refuses duplicates; last match wins anyway). `None` when no line
/// gives a rule.
fn fuzzed_rules(text: &str) -> Option<Value> {
    let mut rules: Vec<(&str, &str)> = Vec::new();
    for line in text.lines() {
        let mut chars = line.chars();
        let action = match chars.next() {
            Some('a') => "allow",
            Some('k') => "ask",
            Some('d') => "deny",
            _ => continue,
        };
        let pattern = chars.as_str();
        rules.retain(|(p, _)| *p != pattern);
        rules.push((pattern, action));
    }
    let rules: Vec<Value> = rules
        .into_iter()
        .map(|(pattern, action)| json!({"pattern": pattern, "action": action}))
        .collect();
    (!rules.is_empty()).then(|| Value::from(rules))
}

/// The requests one input makes: a gate and an advisory check under each
/// policy, and the units.
fn requests(command: &str, rules: Option<&str>) -> Vec<Value> {
    let policies: Vec<Value> = match rules.and_then(fuzzed_rules) {
        Some(rules) => vec![rules],
        None => POLICIES
            .iter()
            .map(|list| {
                list.iter()
                    .map(|(pattern, action)| json!({"pattern": pattern, "action": action}))
                    .collect()
            })
            .collect(),
    };
    let mut out = Vec::with_capacity(2 * policies.len() + 1);
    for rules in policies {
        for op in ["check", "advisory"] {
            out.push(json!({"op": op, "command": command, "rules": rules, "home": DEFAULT_HOME}));
        }
    }
    out.push(json!({"op": "units", "command": command}));
    out
}

/// The crate's answer to a protocol request, through its own server.
fn ours(request: &Value) -> Value {
    let line = handle_line(request.to_string().as_bytes());
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("the crate's answer {line}: {e}"))
}

/// Fuzz check comparing the crate with the deployed package
/// (`POL-PARITY-1`, `POL-PARITY-2`).
///
/// Input: `command [0xFF rules]`, where `rules` holds one rule per line, its
/// first character the action (`a` allow, `k` ask, `d` deny; other lines are
/// ignored) and the rest the pattern; without rules, the command is checked under three
/// fixed policies. `package` answers a batch of oracle-protocol requests
/// (`check`, `advisory`, `units`) as the package does, in order; the fuzz
/// target passes the Node adapter, a test may pass anything.
///
/// Checks that the crate is never more permissive than the package
/// (`POL-PARITY-1`: allow where it asks or denies, ask where it denies), and
/// then that every compared field agrees (`POL-PARITY-2`: no divergence is
/// listed in `spec/divergences.md`, so any is a finding).
///
/// # Panics
/// When the package's answer is malformed, or one of the properties fails.
pub fn parity(data: &[u8], package: &mut dyn FnMut(&[Value]) -> Vec<Value>) {
    let [command, rules] = fields::<2>(data);
    let command = command.unwrap_or_default();
    let requests = requests(&command, rules.as_deref());
    let theirs = package(&requests);
    assert_eq!(theirs.len(), requests.len(), "one answer per request");
    for (request, theirs) in requests.iter().zip(&theirs) {
        let ours = ours(request);
        if theirs.get("ok") != Some(&Value::Bool(true)) {
            // A request the package refuses, the crate must refuse alike.
            assert_eq!(
                (ours.get("ok"), ours.pointer("/error/code")),
                (theirs.get("ok"), theirs.pointer("/error/code")),
                "POL-PARITY-2: the package refused {request} and the crate did not\n  crate:   {ours}\n  package: {theirs}"
            );
            continue;
        }
        let op = request["op"].as_str().unwrap_or_default();
        if op != "units" {
            assert!(
                strictness(&ours) >= strictness(theirs),
                "POL-PARITY-1: the crate is more permissive than the package on {request}\n  crate:   {ours}\n  package: {theirs}"
            );
        }
        let compared: &[&str] = if op == "units" {
            &["units"]
        } else {
            &CHECK_FIELDS
        };
        for field in compared {
            assert_eq!(
                ours.get(*field),
                theirs.get(*field),
                "POL-PARITY-2: unlisted divergence in `{field}` on {request}\n  crate:   {ours}\n  package: {theirs}"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The crate's own answers, as a stand-in package.
    fn itself(requests: &[Value]) -> Vec<Value> {
        requests.iter().map(ours).collect()
    }

    /// A package that answers every check with `state`, else as the crate.
    fn answers_every_check(state: &'static str) -> impl FnMut(&[Value]) -> Vec<Value> {
        move |requests| {
            requests
                .iter()
                .map(|r| {
                    let mut answer = ours(r);
                    if r["op"] != "units" {
                        answer["state"] = json!(state);
                    }
                    answer
                })
                .collect()
        }
    }

    #[test]
    fn agreeing_answers_pass() {
        for input in [
            &b"echo a \0case; rm -rf x"[..],
            b"echo a; rm -rf x; ${\xE3\x80\x80}",
            b"ls\xFFaecho *\nd*",
            b"",
        ] {
            parity(input, &mut itself);
        }
    }

    #[test]
    #[should_panic(expected = "POL-PARITY-1")]
    fn a_looser_crate_fails() {
        parity(b"echo hi", &mut answers_every_check("deny"));
    }

    #[test]
    #[should_panic(expected = "POL-PARITY-2")]
    fn a_stricter_divergence_fails_too() {
        // The crate denies `rm x`; a package that allowed it would be looser
        // than the crate: not POL-PARITY-1, but still an unlisted divergence.
        parity(b"rm x", &mut answers_every_check("allow"));
    }

    #[test]
    fn rules_come_from_the_second_field() {
        assert_eq!(
            fuzzed_rules("aecho *\nx ignored\nd*"),
            Some(json!([
                {"pattern": "echo *", "action": "allow"},
                {"pattern": "*", "action": "deny"}
            ]))
        );
        assert_eq!(fuzzed_rules("no rule\n"), None);
        assert_eq!(
            fuzzed_rules("d*\nax\nk*"),
            Some(json!([
                {"pattern": "x", "action": "allow"},
                {"pattern": "*", "action": "ask"}
            ]))
        );
        assert_eq!(requests("x", None).len(), 2 * POLICIES.len() + 1);
        assert_eq!(requests("x", Some("k*")).len(), 3);
    }
}
