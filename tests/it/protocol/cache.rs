//! PROTO-14: a server that keeps the policies it built answers exactly as one
//! that builds every policy afresh.
//!
//! One long-lived `Handler` answers a stream of requests whose rule sets come
//! from the crate's generators and repeat (so most are cache hits, some under
//! another home, some as the same rules spelt as a policy object), mixed with
//! lines the fast path must hand to the full reader (a lone surrogate or deep
//! nesting inside `rules`, `null` and repeated members, both policy members);
//! every answer must equal `handle_line`'s, which builds its policy afresh.

#![cfg(feature = "proptest")]

use inner_cmd_spec::gen::policy_cases::{self, HOMES};
use inner_cmd_spec::gen::{ByteChoices, Choices};
use inner_cmd_spec::protocol::{cache, handle_line, Handler};
use proptest::prelude::*;
use serde_json::{json, Value};

/// The request lines of one stream: `n` requests over a few rule sets.
fn stream(bytes: &[u8]) -> Vec<String> {
    let mut c = ByteChoices::new(bytes);
    let sets: Vec<_> = (0..1 + c.choose(3))
        .map(|_| policy_cases::rules(&mut c))
        .collect();
    let mut lines = Vec::new();
    for id in 0..24 {
        let rules = &sets[c.choose(sets.len())];
        let command = policy_cases::command(&mut c);
        let home = HOMES[c.choose(HOMES.len())];
        let op = ["check", "advisory", "decide", "authorize"][c.choose(4)];
        let mut request = json!({"id": id, "op": op, "command": command, "home": home});
        if op == "authorize" {
            request["details"] = json!({"command": command});
            request["session"] = json!({"expected": "s", "current": "s"});
        }
        match c.choose(8) {
            0 => request["policy"] = policy_cases::policy_object(&mut c, rules),
            1 => {
                request["rules"] = json!(rules);
                request["policy"] = Value::Null;
            }
            2 => {
                request["rules"] = json!(rules);
                request["policy"] = json!({"permission": {}});
            }
            _ => request["rules"] = json!(rules),
        }
        let mut line = request.to_string();
        match c.choose(10) {
            // A lone surrogate inside the rules: the whole line is bad_encoding.
            0 => line = line.replacen("\"pattern\":\"", "\"pattern\":\"\\ud800", 1),
            // Nesting deeper than the parser's limit inside the rules: bad_json.
            1 => {
                line = line.replacen(
                    "\"rules\":[",
                    &format!("\"rules\":[{}{},", "[".repeat(200), "]".repeat(200)),
                    1,
                )
            }
            // A repeated member: the last one counts.
            2 => {
                line = line.replacen(
                    '{',
                    "{\"rules\":[{\"pattern\":\"*\",\"action\":\"allow\"}],",
                    1,
                )
            }
            _ => {}
        }
        lines.push(line);
    }
    lines
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// PROTO-14: cached and uncached answers agree, whatever the stream.
    #[test]
    fn proto_cached_answers_equal_uncached(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        let mut handler = Handler::new();
        for line in stream(&bytes) {
            let cached = handler.handle_line(line.as_bytes());
            prop_assert_eq!(&cached, &handle_line(line.as_bytes()), "{}", line);
            prop_assert!(handler.policies().len() <= cache::MAX_POLICIES);
            prop_assert!(handler.policies().key_bytes() <= cache::MAX_KEY_BYTES);
        }
    }
}

/// PROTO-14: the cache is used: a repeated rule list is built once, and the
/// lines it must not shortcut are still answered canonically.
#[test]
fn proto_repeated_rules_are_built_once() {
    let rules = json!([{"pattern": "*", "action": "ask"}, {"pattern": "git *", "action": "allow"}]);
    let mut handler = Handler::new();
    for id in 0..5 {
        let line =
            json!({"id": id, "op": "check", "command": "git status", "rules": rules, "home": "/h"})
                .to_string();
        let answer: Value = serde_json::from_str(&handler.handle_line(line.as_bytes())).unwrap();
        assert_eq!(answer["state"], "allow");
    }
    assert_eq!(handler.policies().len(), 1);
    let lone = r#"{"id": 9, "op": "check", "command": "x", "home": "/h", "rules": [{"pattern": "\ud800", "action": "allow"}]}"#;
    let answer: Value = serde_json::from_str(&handler.handle_line(lone.as_bytes())).unwrap();
    assert_eq!(
        (answer["id"].clone(), answer["error"]["code"].clone()),
        (Value::Null, json!("bad_encoding"))
    );
}
