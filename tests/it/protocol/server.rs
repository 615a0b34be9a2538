//! The real `inner-cmd serve` process: handshake, ordering, and bad input (`PROTO-1`..`PROTO-5`).

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_inner-cmd");

/// A request that must always work, sent after every bad line.
const GOOD: &[u8] = br#"{"id":"good","op":"match","pattern":"git *","value":"git","home":"/h"}"#;

/// Runs `inner-cmd serve` on `input` to end of input; returns every output line as JSON.
fn serve(input: Vec<u8>) -> Vec<Value> {
    let mut child = Command::new(BIN)
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input).unwrap());
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(
        output.status.success(),
        "server exited with {:?}",
        output.status
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn good_answer() -> Value {
    json!({"id": "good", "ok": true, "matched": true})
}

/// PROTO-1: the first line is the handshake, exactly.
#[test]
fn proto_1_handshake_comes_first() {
    let lines = serve(Vec::new());
    assert_eq!(
        lines,
        vec![json!({"protocol": 1, "spec": "0.1.0", "implementation": "inner-cmd-spec 0.1.0"})]
    );
}

/// PROTO-2: one response per request line, in order, echoing any JSON id.
#[test]
fn proto_2_responses_follow_requests_in_order_and_echo_ids() {
    let ids = [
        json!(1),
        json!("two"),
        json!([3]),
        json!({"n": 4}),
        json!(null),
        json!(5.5),
        json!(true),
    ];
    let mut input = Vec::new();
    for (index, id) in ids.iter().enumerate() {
        let value = if index % 2 == 0 { "git" } else { "github" };
        let request =
            json!({"id": id, "op": "match", "pattern": "git *", "value": value, "home": "/h"});
        input.extend_from_slice(request.to_string().as_bytes());
        input.push(b'\n');
    }
    // No id at all: echoed as null. Last line without a newline: still answered.
    input.extend_from_slice(br#"{"op":"match","pattern":"a","value":"a","home":"/h"}"#);
    let lines = serve(input);
    assert_eq!(lines.len(), 1 + ids.len() + 1);
    for (index, id) in ids.iter().enumerate() {
        let expected = json!({"id": id, "ok": true, "matched": index % 2 == 0});
        assert_eq!(lines[index + 1], expected, "request {index}");
    }
    assert_eq!(
        lines[ids.len() + 1],
        json!({"id": null, "ok": true, "matched": true})
    );
}

/// PROTO-3, PROTO-4, PROTO-5: every bad line gets its error code and the next line is served normally.
#[test]
fn proto_5_bad_input_never_kills_the_server() {
    let deep = "[".repeat(100_000);
    let huge = format!(
        r#"{{"id":9,"op":"match","pattern":"*","value":"{}","home":"/h"}}"#,
        "a".repeat(10_000_000)
    );
    // (label, line, expected id, expected code)
    let rows: Vec<(&str, Vec<u8>, Value, &str)> = vec![
        ("not JSON", b"hello".to_vec(), json!(null), "bad_json"),
        (
            "truncated JSON",
            br#"{"id":1,"op":"match""#.to_vec(),
            json!(null),
            "bad_json",
        ),
        ("empty line", Vec::new(), json!(null), "bad_json"),
        (
            "raw NUL in a string",
            b"{\"id\":1,\"op\":\"match\",\"pattern\":\"a\0\",\"value\":\"a\"}".to_vec(),
            json!(null),
            "bad_json",
        ),
        ("lone NUL byte", b"\0".to_vec(), json!(null), "bad_json"),
        ("deep nesting", deep.into_bytes(), json!(null), "bad_json"),
        (
            "lone high surrogate",
            br#"{"id":1,"op":"match","pattern":"\ud800","value":"a"}"#.to_vec(),
            json!(null),
            "bad_encoding",
        ),
        (
            "lone low surrogate",
            br#"{"id":1,"op":"match","pattern":"a","value":"\udfff"}"#.to_vec(),
            json!(null),
            "bad_encoding",
        ),
        (
            "invalid UTF-8",
            b"{\"id\":1,\"op\":\"match\",\"pattern\":\"\xff\",\"value\":\"a\"}".to_vec(),
            json!(null),
            "bad_encoding",
        ),
        (
            "not an object",
            b"[1,2]".to_vec(),
            json!(null),
            "bad_request",
        ),
        (
            "a bare string",
            br#""match""#.to_vec(),
            json!(null),
            "bad_request",
        ),
        (
            "missing op",
            br#"{"id":2}"#.to_vec(),
            json!(2),
            "bad_request",
        ),
        (
            "op not a string",
            br#"{"id":3,"op":["match"]}"#.to_vec(),
            json!(3),
            "bad_request",
        ),
        (
            "missing field",
            br#"{"id":4,"op":"match","value":"a","home":"/h"}"#.to_vec(),
            json!(4),
            "bad_request",
        ),
        (
            "wrong type",
            br#"{"id":5,"op":"match","pattern":"a","value":7,"home":"/h"}"#.to_vec(),
            json!(5),
            "bad_request",
        ),
        (
            "home of the wrong type",
            br#"{"id":6,"op":"match","pattern":"a","value":"a","home":1}"#.to_vec(),
            json!(6),
            "bad_request",
        ),
        (
            "unknown op",
            br#"{"id":7,"op":"frobnicate"}"#.to_vec(),
            json!(7),
            "unknown_op",
        ),
        (
            "op with another case",
            br#"{"id":8,"op":"MATCH"}"#.to_vec(),
            json!(8),
            "unknown_op",
        ),
        (
            "10 MB line",
            huge.into_bytes(),
            json!(null),
            "line_too_long",
        ),
    ];
    let mut input = Vec::new();
    for (_, line, _, _) in &rows {
        input.extend_from_slice(line);
        input.push(b'\n');
        input.extend_from_slice(GOOD);
        input.push(b'\n');
    }
    let lines = serve(input);
    assert_eq!(lines.len(), 1 + 2 * rows.len());
    for (index, (label, _, id, code)) in rows.iter().enumerate() {
        let error = &lines[1 + 2 * index];
        assert_eq!(error["id"], *id, "{label}: {error}");
        assert_eq!(error["ok"], false, "{label}: {error}");
        assert_eq!(error["error"]["code"], *code, "{label}: {error}");
        assert!(
            error["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{label}"
        );
        assert_eq!(
            lines[2 + 2 * index],
            good_answer(),
            "{label}: the next line"
        );
    }
}

/// PROTO-4: a line of exactly the maximum length is read; one byte more is not.
#[test]
fn proto_4_the_limit_is_exact() {
    let max = 8 * 1024 * 1024;
    let prefix = r#"{"id":1,"op":"match","pattern":"*","home":"/h","value":""#;
    let suffix = r#""}"#;
    let fill = max - prefix.len() - suffix.len();
    let at_limit = format!("{prefix}{}{suffix}", "a".repeat(fill));
    let over = format!("{prefix}{}{suffix}", "a".repeat(fill + 1));
    assert_eq!(at_limit.len(), max);
    let input = format!("{at_limit}\n{over}\n").into_bytes();
    let lines = serve(input);
    assert_eq!(lines[1], json!({"id": 1, "ok": true, "matched": true}));
    assert_eq!(lines[2]["error"]["code"], "line_too_long");
}
