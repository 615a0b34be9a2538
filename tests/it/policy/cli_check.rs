//! `inner-cmd check` as a newcomer runs it: the real binary, an empty home and
//! working directory (so the built-in example policy applies), and a policy file.

use std::path::Path;
use std::process::{Command, Output};

fn run_check(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_inner-cmd"))
        .arg("check")
        .args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .output()
        .expect("the inner-cmd binary runs")
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("inner-cmd-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// PIPE-9, POL-CONFIG-9: the README's example runs silently under the example policy.
#[test]
fn pipe_9_readme_example_runs_silently_under_the_example_policy() {
    let dir = scratch("readme");
    let out = run_check(
        &dir,
        &["cd /repo && timeout 240 pnpm install 2>&1 | tail -30; echo EXIT"],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("built-in example"), "{text}");
    assert!(
        text.contains("de-wrapped    `cd /repo && pnpm install 2>&1 | tail -30; echo EXIT`"),
        "{text}"
    );
    assert!(
        text.contains("outcome      runs silently (allow)"),
        "{text}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// PIPE-9: `--json` prints one object with the outcome and the de-wrapped command;
/// a sibling the example policy asks about keeps the human in the loop.
#[test]
fn pipe_9_json_trace_keeps_sibling_asks() {
    let dir = scratch("json");
    let out = run_check(&dir, &["--json", "time pnpm test && git push origin main"]);
    assert!(out.status.success());
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["outcome"], "ask");
    assert_eq!(value["handler"], "time");
    assert_eq!(
        value["dewrappedCommand"],
        "pnpm test && git push origin main"
    );
    assert_eq!(value["requery"]["command"], "git push origin main");
    std::fs::remove_dir_all(dir).unwrap();
}

/// POL-CONFIG-6: a bad policy file is an error naming the file and the key, exit 2, no trace.
#[test]
fn pol_config_6_bad_policy_file_is_a_clear_error() {
    let dir = scratch("bad");
    let file = dir.join("policy.json");
    std::fs::write(&file, r#"{"permission":{"bash":{"git *":"maybe"}}}"#).unwrap();
    let out = run_check(&dir, &["--policy", file.to_str().unwrap(), "git status"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("policy.json") && err.contains("git *") && err.contains("maybe"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
