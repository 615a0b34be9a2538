//! `inner-cmd conform` end to end, against real processes (`CONF-RUN-*`).

use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_inner-cmd");
const ADAPTER: &str = "python3 conformance/examples/minimal_adapter.py";

/// `inner-cmd conform ARGS`, with the patient timeout unless ARGS set one.
fn conform(args: &[&str]) -> Output {
    let timeout: &[&str] = if args.contains(&"--timeout") {
        &[]
    } else {
        &super::NO_HANG_TIMEOUT
    };
    Command::new(BIN)
        .arg("conform")
        .args(timeout)
        .args(args)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn last_line(output: &Output) -> String {
    stdout(output).lines().last().unwrap_or_default().to_owned()
}

/// The crate's own server, quoted so that a path with spaces survives the split.
fn own_server() -> String {
    format!("'{BIN}' serve")
}

/// CONF-RUN-2, CONF-RUN-3, CONF-RUN-9, CONF-RUN-10: the crate's own server passes the sample vectors;
/// with stderr not a terminal there is no progress output, only the closing line on stdout.
#[test]
fn conf_run_own_server_passes_the_fixture_vectors() {
    let output = conform(&[
        "--impl",
        &own_server(),
        "--vectors",
        "tests/fixtures/conform",
    ]);
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The per-chapter table (header, two chapters, total) and the closing line; no FAIL block.
    assert_eq!(stdout(&output).lines().count(), 5, "{}", stdout(&output));
    assert_eq!(
        last_line(&output),
        "22 passed, 0 failed, 0 unsupported, 0 skipped, 0 errored",
        "{}",
        stdout(&output)
    );
    assert!(output.status.success());
}

/// CONF-RUN-10: the crate's own server passes 100% of the corpus in spec/vectors, whatever has landed.
#[test]
fn conf_run_own_server_passes_the_spec_corpus() {
    let output = conform(&["--impl", &own_server(), "--json"]);
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let bad: Vec<&Value> = report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|case| case["status"] != "passed")
        .collect();
    assert!(
        bad.is_empty(),
        "{}",
        serde_json::to_string_pretty(&bad).unwrap()
    );
    assert!(output.status.success());
}

/// CONF-RUN-1, CONF-RUN-6: the Python example adapter passes the `match` vectors.
#[test]
fn conf_run_python_adapter_passes_match_vectors() {
    let output = conform(&[
        "--impl",
        ADAPTER,
        "--vectors",
        "tests/fixtures/conform",
        "--only",
        "pol-match/*",
    ]);
    assert_eq!(
        last_line(&output),
        "17 passed, 0 failed, 0 unsupported, 0 skipped, 0 errored",
        "{}",
        stdout(&output)
    );
    assert!(output.status.success());
}

/// CONF-RUN-1, CONF-RUN-6, CONF-RUN-11: the documented command line of docs/implementing.md runs on
/// the real corpus; every vector the adapter cannot answer is reported unsupported, none skipped.
#[test]
fn conf_run_python_adapter_runs_on_the_spec_corpus() {
    let documented = ["--impl", ADAPTER, "--only", "pol-match/*"];
    let everything = ["--impl", ADAPTER, "--json"];
    let output = conform(&documented);
    assert!(
        last_line(&output).contains(" passed, 0 failed, 0 unsupported, 0 skipped, 0 errored"),
        "{}",
        stdout(&output)
    );
    assert!(output.status.success());
    let output = conform(&everything);
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (report["failed"].as_u64(), report["errored"].as_u64()),
        (Some(0), Some(0)),
        "{report}"
    );
    assert!(report["passed"].as_u64() > Some(0));
    assert!(report["unsupported"].as_u64() > Some(0));
    assert_eq!(report["skipped"].as_u64(), Some(0));
    let unreasoned = report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|case| {
            case["status"] == "unsupported" && case["reason"].as_str().is_none_or(str::is_empty)
        })
        .count();
    assert_eq!(unreasoned, 0);
    assert!(output.status.success());
}

/// CONF-RUN-4, CONF-RUN-9, CONF-RUN-10: a failure names the vector, its clauses, expected and got, and fails the run.
#[test]
fn conf_run_failures_are_reported_and_fail_the_run() {
    let output = conform(&[
        "--impl",
        ADAPTER,
        "--vectors",
        "tests/fixtures/conform-failing",
    ]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(text.contains("FAIL pol-match/2 [CONF-RUN-9]"), "{text}");
    assert!(text.contains("  expected: {\"matched\":false}"), "{text}");
    assert!(text.contains("\"matched\":true"), "{text}");
    assert!(!text.contains("pol-match/1 "), "{text}");
    assert_eq!(
        last_line(&output),
        "1 passed, 1 failed, 0 unsupported, 0 skipped, 0 errored"
    );
}

/// CONF-RUN-8: hangs, exits, garbage and wrong ids are errors; the implementation is restarted.
#[test]
fn conf_run_misbehaving_implementations_error_and_restart() {
    let output = conform(&[
        "--impl",
        "bash tests/fixtures/misbehaving_impl.sh",
        "--vectors",
        "tests/fixtures/conform-hang",
        // Only one fixture case really hangs; every restart's handshake must
        // come well within the same timeout, hence a fixture in bash, which
        // starts in milliseconds where Python took seconds under load.
        "--timeout",
        "5",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let statuses: Vec<(&str, &str)> = report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|case| {
            (
                case["id"].as_str().unwrap(),
                case["status"].as_str().unwrap(),
            )
        })
        .collect();
    let expected = [
        ("runner/1", "passed"),
        ("runner/2", "errored"),
        ("runner/3", "passed"),
        ("runner/4", "errored"),
        ("runner/5", "passed"),
        ("runner/6", "errored"),
        ("runner/7", "passed"),
        ("runner/8", "errored"),
        ("runner/9", "passed"),
    ];
    assert_eq!(statuses, expected);
    assert_eq!(
        (report["passed"].as_u64(), report["errored"].as_u64()),
        (Some(5), Some(4))
    );
    assert!(report["cases"][1]["reason"]
        .as_str()
        .unwrap()
        .contains("no response within 5000 ms"));
}

/// CONF-RUN-7: skipped vectors are counted with their reason; a reasonless skip line is a usage error.
#[test]
fn conf_run_skip_files() {
    let dir = std::env::temp_dir().join(format!("inner-cmd-skip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.skip");
    std::fs::write(
        &good,
        "# wrong on purpose\npol-match/2 -> fixture expects the wrong answer\n",
    )
    .unwrap();
    let output = conform(&[
        "--impl",
        ADAPTER,
        "--vectors",
        "tests/fixtures/conform-failing",
        "--skip-file",
        good.to_str().unwrap(),
        "--json",
    ]);
    assert!(output.status.success());
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["cases"][1]["status"], "skipped");
    assert_eq!(
        report["cases"][1]["reason"],
        "fixture expects the wrong answer"
    );
    assert_eq!(
        (report["passed"].as_u64(), report["skipped"].as_u64()),
        (Some(1), Some(1))
    );

    let bad = dir.join("bad.skip");
    std::fs::write(&bad, "pol-match/2\n").unwrap();
    let output = conform(&[
        "--impl",
        ADAPTER,
        "--vectors",
        "tests/fixtures/conform-failing",
        "--skip-file",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("line 1"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// CONF-RUN-2, CONF-RUN-10: a wrong handshake, an unstartable program or an empty selection fail the run.
#[test]
fn conf_run_refuses_bad_starts() {
    let fixtures = "tests/fixtures/conform";
    // (label, --impl, extra args, exit code)
    let rows: &[(&str, &str, &[&str], i32)] = &[
        ("protocol 2", r#"echo '{"protocol":2}'"#, &[], 2),
        ("not JSON", "echo hello", &[], 2),
        ("silent", "true", &[], 2),
        ("no such program", "/nonexistent/impl serve", &[], 2),
        ("unclosed quote", "'python3", &[], 2),
        (
            "nothing selected",
            ADAPTER,
            &["--only", "no-such-file/*"],
            1,
        ),
    ];
    for (label, implementation, extra, code) in rows {
        // No row waits on the timeout: each program exits, prints, or (the
        // adapter) answers. At 2 s, the adapter's handshake under `nice` at
        // load 15 (7 s) made "nothing selected" exit 2 instead of 1.
        let mut args = vec!["--impl", implementation, "--vectors", fixtures];
        args.extend_from_slice(extra);
        let output = conform(&args);
        assert_eq!(
            output.status.code(),
            Some(*code),
            "{label}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
