//! The `serve` and `decide` subcommands as processes: HOME default and the one-shot CLI
//! (`PROTO-6`, `PROTO-13`).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_inner-cmd");

fn run(subcommand: &str, input: &[u8], home: Option<&str>) -> Output {
    let mut command = Command::new(BIN);
    command
        .arg(subcommand)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(home) = home {
        command.env("HOME", home);
    }
    let mut child = command.spawn().unwrap();
    // `decide` stops reading at its limit, so a longer input may meet a closed pipe.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// PROTO-6: without `home` (or with `home: null`) the server's HOME expands `~`.
#[test]
fn proto_6_home_defaults_to_the_server_home() {
    let input = concat!(
        r#"{"id":1,"op":"match","pattern":"~/a","value":"/srv/test-home/a"}"#,
        "\n",
        r#"{"id":2,"op":"match","pattern":"~/a","value":"/srv/test-home/a","home":null}"#,
        "\n",
        r#"{"id":3,"op":"match","pattern":"~/a","value":"/srv/test-home/a","home":"/elsewhere"}"#,
        "\n",
    );
    let output = run("serve", input.as_bytes(), Some("/srv/test-home"));
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines[1], json!({"id": 1, "ok": true, "matched": true}));
    assert_eq!(lines[2], json!({"id": 2, "ok": true, "matched": true}));
    assert_eq!(lines[3], json!({"id": 3, "ok": true, "matched": false}));
}

/// PROTO-13: a malformed request exits 1 with the reason on stderr and nothing on stdout.
#[test]
fn proto_13_decide_rejects_malformed_requests() {
    // (label, input, a word the reason must contain)
    let rows: &[(&str, &[u8], &str)] = &[
        ("not JSON", b"decide please", "bad_json"),
        ("empty input", b"", "bad_json"),
        (
            "lone surrogate",
            br#"{"command":"\ud800","rules":[],"home":"/h"}"#,
            "bad_encoding",
        ),
        (
            "another op",
            br#"{"op":"match","pattern":"a","value":"a"}"#,
            "decide",
        ),
        ("missing command", br#"{"rules":[],"home":"/h"}"#, "command"),
        ("no policy", br#"{"command":"ls","home":"/h"}"#, "rules"),
    ];
    for (label, input, reason) in rows {
        let output = run("decide", input, None);
        assert_eq!(output.status.code(), Some(1), "{label}");
        assert!(output.stdout.is_empty(), "{label}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(reason), "{label}: {stderr}");
    }
    // PROTO-4 applies to the one-shot request too: 9 MiB is refused unread.
    let huge = format!(
        r#"{{"rules":[],"home":"/h","command":"{}"}}"#,
        "a".repeat(9 * 1024 * 1024)
    );
    let output = run("decide", huge.as_bytes(), None);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("line_too_long"));
}

/// PROTO-13: a well-formed request (with or without `op`) is answered on stdout, exit 0.
#[test]
fn proto_13_decide_answers_one_request() {
    let rules = r#"[{"pattern":"pnpm *","action":"allow"}]"#;
    let rows = [
        format!(r#"{{"rules":{rules},"command":"time pnpm build","home":"/h"}}"#),
        format!(
            r#"{{"id":"x","op":"decide","rules":{rules},"command":"time pnpm build","home":"/h"}}"#
        ),
    ];
    for input in rows {
        let output = run("decide", input.as_bytes(), None);
        assert_eq!(output.status.code(), Some(0), "{input}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert_eq!(text.lines().count(), 1, "{text}");
        let response: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(response["ok"], true, "{response}");
        assert_eq!(response["outcome"], "allow", "{response}");
        assert_eq!(response["authorizer"]["queries"][0]["value"], "pnpm build");
    }
}
