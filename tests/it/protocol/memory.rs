//! The server's memory bound (`PROTO-15`): the worst request lines within
//! the protocol's line limit, sent to the real `inner-cmd serve` running under
//! a 256 MiB address-space cap (util-linux `prlimit`), are all answered.

use std::io::Write;
use std::process::{Command, Stdio};

use inner_cmd_spec::policy::check::OVER_LIMIT_SENTINEL;
use inner_cmd_spec::protocol::MAX_LINE_BYTES;
use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_inner-cmd");
/// PROTO-15's bound.
const CAP_BYTES: u64 = 256 << 20;

/// The longest repetition of `unit` between `head` and `tail` whose `check`
/// request (serialized) still fits the line limit (PROTO-4).
fn filling(head: &str, unit: &str, tail: &str) -> String {
    let request = |command: &str| json!({"op": "check", "rules": [], "command": command});
    let overhead = request(&format!("{head}{tail}")).to_string().len() + 200;
    let per_unit = request(unit).to_string().len() - request("").to_string().len();
    let count = (MAX_LINE_BYTES - overhead) / per_unit;
    format!("{head}{}{tail}", unit.repeat(count))
}

/// What a line's answer under the policy `* allow` must be.
#[derive(Clone, Copy, Debug)]
enum Expect {
    /// Within the bounds: allowed.
    Allow,
    /// Beyond a bound: the over-limit `ask`.
    OverLimit,
    /// Any answer but `allow` under the hardened profile (a value longer
    /// than HARD-VALUE-5's bound reaches the fallback), `allow` under the
    /// deployed one.
    HardenedAsks,
}

/// (label, command, its answer under the policy `* allow`)
fn worst_commands() -> Vec<(&'static str, String, Expect)> {
    use Expect::{Allow, HardenedAsks, OverLimit};
    vec![
        ("one word of 8 MiB", filling("echo ", "A", ""), Allow),
        (
            "one quoted word of 8 MiB",
            filling("echo \"", "A", "\""),
            Allow,
        ),
        // A run of wildcards is one wildcard to bash's globbing and to the
        // word model (HARD-GLOB-1): a word of one part, under `* allow`.
        ("one glob of 8 MiB", filling("echo ", "*", ""), Allow),
        (
            "one glob of 8 MiB alternating",
            filling("echo ", "a?", ""),
            HardenedAsks,
        ),
        ("a 2 MB pipeline", "a | ".repeat(700_000) + "a", OverLimit),
        ("a full pipeline", filling("", "a | ", "a"), OverLimit),
        (
            "an unfinished pipeline",
            "a | ".repeat(2_048) + "|",
            OverLimit,
        ),
        ("nested subshells", filling("", "(", ""), OverLimit),
        ("nested substitutions", filling("", "$(", ""), OverLimit),
        ("nested keywords", filling("", "if a; then ", ""), OverLimit),
        ("nested expansions", filling("", "${a:-", ""), OverLimit),
        ("many words", filling("", "a ", ""), OverLimit),
        ("many commands", filling("", "a;", ""), OverLimit),
        (
            "many here-documents",
            filling("", "cat <<E\nx\nE\n", ""),
            OverLimit,
        ),
        (
            "one big here-document",
            filling("cat <<E\n", "word ", "\nE\n"),
            Allow,
        ),
        (
            "nested substitutions repeating text",
            (0..999)
                .map(|_| format!("$(echo {} ", "A".repeat(4_000)))
                .collect::<String>()
                + &")".repeat(999),
            OverLimit,
        ),
    ]
}

/// PROTO-15, POL-LIMIT-6, HARD-VALUE-5: every worst line gets its answer
/// from a server capped at 256 MiB, under both profiles, alone (`check`) and
/// through the pipeline (`decide`); beyond the bounds the answer is the
/// over-limit `ask`, never `allow`.
#[test]
fn proto_14_worst_lines_are_answered_within_256_mib() {
    let commands = worst_commands();
    let mut input = Vec::new();
    let mut expected = Vec::new();
    for (index, (label, command, expect)) in commands.iter().enumerate() {
        for (op, profile) in [
            ("check", "deployed"),
            ("check", "hardened"),
            ("decide", "deployed"),
            ("decide", "hardened"),
        ] {
            let id = format!("{index}-{op}-{profile}");
            let line = json!({"id": id, "op": op, "profile": profile,
                "rules": [{"pattern": "*", "action": "allow"}], "command": command})
            .to_string();
            assert!(
                line.len() <= MAX_LINE_BYTES,
                "{label}: {} bytes",
                line.len()
            );
            input.extend_from_slice(line.as_bytes());
            input.push(b'\n');
            expected.push((id, *label, *expect, profile));
        }
    }
    let mut child = Command::new("prlimit")
        .arg(format!("--as={CAP_BYTES}"))
        .arg("--")
        .arg(BIN)
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("util-linux `prlimit` runs (apt-get install util-linux)");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{:?}: {stderr}", output.status);
    let answers: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(answers.len(), expected.len(), "{stderr}");
    for (answer, (id, label, expect, profile)) in answers.iter().zip(expected) {
        assert_eq!(answer["id"], id.as_str(), "{label}");
        assert_eq!(answer["ok"], true, "{label}: {answer}");
        let (state, pattern) = match answer.get("outcome") {
            Some(outcome) => (outcome, &answer["gate"]["matchedPattern"]),
            None => (&answer["state"], &answer["matchedPattern"]),
        };
        match (expect, profile) {
            (Expect::Allow, _) | (Expect::HardenedAsks, "deployed") => {
                assert_eq!(state, "allow", "{label} ({id}) is within the bounds");
            }
            (Expect::HardenedAsks, _) => assert_eq!(state, "ask", "{label} ({id})"),
            (Expect::OverLimit, _) => {
                assert_eq!(state, "ask", "{label} ({id})");
                assert_eq!(pattern, OVER_LIMIT_SENTINEL, "{label} ({id})");
            }
        }
    }
}
