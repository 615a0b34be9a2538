//! The command line of chapter 8.1 (`PIPE-10` to `PIPE-13`), through the real
//! `inner-cmd` binary with an empty (or a prepared) home and working directory.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_inner-cmd");

/// A fresh directory used as both home and working directory.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("inner-cmd-pipe-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `inner-cmd ARGS` in `dir` (also its home) with `stdin` as standard input.
fn run(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&stdin));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    output
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)))
}

/// PIPE-10: `check -` judges standard input (one trailing newline or CRLF
/// removed), not the literal `-`; a multi-line command keeps its inner
/// newline, so its second line is judged too.
#[test]
fn pipe_10_check_dash_reads_standard_input() {
    let dir = scratch("stdin");
    let rows: [(&[u8], &str, &str); 4] = [
        (b"git status\n", "git status", "allow"),
        (b"git status\r\n", "git status", "allow"),
        (b"git status", "git status", "allow"),
        (b"git status\nrm -rf /\n", "git status\nrm -rf /", "deny"),
    ];
    for (input, command, outcome) in rows {
        let out = run(&dir, &["check", "--json", "-"], input);
        assert!(out.status.success(), "{input:?}");
        let value = json(&out);
        assert_eq!(value["command"], command, "{input:?}");
        assert_eq!(value["outcome"], outcome, "{input:?}");
    }
    let out = run(&dir, &["check", "-"], b"ls \xff\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not UTF-8"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// PIPE-11: `--exit-status` maps allow, ask, deny to 0, 3, 4 under the example
/// policy; without it every outcome exits 0; a bad policy stays 2 with it.
#[test]
fn pipe_11_exit_status_reflects_the_outcome() {
    let dir = scratch("status");
    let rows = [
        ("git status", 0),
        ("git push origin main", 3),
        ("git push --force origin main", 4),
        ("timeout 30 cargo test", 0),
    ];
    for (command, code) in rows {
        let with = run(&dir, &["check", "--exit-status", command], b"");
        assert_eq!(with.status.code(), Some(code), "{command}");
        let without = run(&dir, &["check", command], b"");
        assert_eq!(without.status.code(), Some(0), "{command}");
    }
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{").unwrap();
    let out = run(
        &dir,
        &[
            "check",
            "--exit-status",
            "--policy",
            bad.to_str().unwrap(),
            "ls",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(dir).unwrap();
}

/// PIPE-12, POL-CONFIG-4, POL-CONFIG-5, POL-CONFIG-8, POL-CONFIG-10: `--policy`
/// is layered on top of the search, not instead of it: the global config's
/// allow and its `"*": "deny"` fallback still apply, the explicit rule wins
/// where it matches.
#[test]
fn pipe_12_policy_file_is_layered_on_the_search() {
    use inner_cmd_spec::policy::config::global_config_path;
    let dir = scratch("layered");
    let global = global_config_path(&dir);
    std::fs::create_dir_all(global.parent().unwrap()).unwrap();
    std::fs::write(
        &global,
        r#"{"permission": {"*": "deny", "bash": {"make *": "allow"}}}"#,
    )
    .unwrap();
    let explicit = dir.join("rules.json");
    std::fs::write(
        &explicit,
        r#"[{"pattern": "make install", "action": "ask"}]"#,
    )
    .unwrap();
    let policy = explicit.to_str().unwrap();
    let rows = [
        ("make test", "allow", "make *"),
        ("make install", "ask", "make install"),
    ];
    for (command, outcome, pattern) in rows {
        let out = run(&dir, &["check", "--json", "--policy", policy, command], b"");
        let value = json(&out);
        assert_eq!(value["outcome"], outcome, "{command}");
        assert_eq!(value["gate"]["matchedPattern"], pattern, "{command}");
        let source = value["policy"].as_str().unwrap();
        assert!(
            source.ends_with(&format!("config.json, then {policy}")),
            "{source}"
        );
    }
    let fallback = json(&run(
        &dir,
        &["check", "--json", "--policy", policy, "ls"],
        b"",
    ));
    assert_eq!(fallback["outcome"], "deny");
    assert_eq!(fallback["gate"]["matchedPattern"], Value::Null);
    std::fs::remove_dir_all(dir).unwrap();
}

/// PIPE-12, HARD-1: `--profile` takes exactly `deployed` or `hardened`; any
/// other value is a usage error naming both, not a silent default.
#[test]
fn pipe_12_profile_is_a_closed_choice() {
    let dir = scratch("profile");
    let out = run(&dir, &["check", "--profile", "Hardened", "ls"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("deployed") && err.contains("hardened"),
        "{err}"
    );
    let hardened = json(&run(
        &dir,
        &["check", "--json", "--profile", "hardened", "ls"],
        b"",
    ));
    assert_eq!(hardened["profile"], "hardened");
    let deployed = json(&run(
        &dir,
        &["check", "--json", "--profile", "deployed", "ls"],
        b"",
    ));
    assert_eq!(deployed.get("profile"), None);
    std::fs::remove_dir_all(dir).unwrap();
}

/// PIPE-12: `ground` loads its policy as `check` does (the search included:
/// a broken global config stops both before anything runs) and takes `--profile`.
#[cfg(feature = "ground")]
#[test]
fn pipe_12_ground_loads_the_policy_as_check_does() {
    use inner_cmd_spec::policy::config::global_config_path;
    let dir = scratch("ground");
    let global = global_config_path(&dir);
    std::fs::create_dir_all(global.parent().unwrap()).unwrap();
    std::fs::write(&global, r#"{"permission": {"bash": {"ls": "maybe"}}}"#).unwrap();
    for subcommand in ["check", "ground"] {
        let out = run(&dir, &[subcommand, "--profile", "hardened", "ls"], b"");
        assert_eq!(out.status.code(), Some(2), "{subcommand}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("inner-cmd {subcommand}:")) && err.contains("maybe"),
            "{subcommand}: {err}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// PIPE-13: without the `ground` feature, `ground` names the feature and the
/// install command (exit 2) instead of "unrecognized subcommand"; `.ci/run`
/// checks the default build the same way.
#[cfg(not(feature = "ground"))]
#[test]
fn pipe_13_a_missing_feature_is_named() {
    let dir = scratch("feature");
    for args in [
        &["ground", "ls"][..],
        &["ground", "--help"],
        &["ground", "--policy", "x", "ls"],
    ] {
        let out = run(&dir, args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(
                "needs the `ground` feature: cargo install inner-cmd-spec --features ground"
            ),
            "{args:?}: {err}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// PIPE-13: with the feature, `ground` is a listed subcommand with `--profile`.
#[cfg(feature = "ground")]
#[test]
fn pipe_13_ground_is_listed_with_its_feature() {
    let dir = scratch("listed");
    let help = run(&dir, &["--help"], b"");
    assert!(String::from_utf8_lossy(&help.stdout).contains("ground"));
    let ground = run(&dir, &["ground", "--help"], b"");
    assert!(String::from_utf8_lossy(&ground.stdout).contains("--profile"));
    std::fs::remove_dir_all(dir).unwrap();
}
