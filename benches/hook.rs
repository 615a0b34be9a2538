//! Wall time of one `inner-cmd hook claude-code` call, side by side in one
//! run with what the agent pays anyway and with the floor of Python hooks
//! (issue 36, BENCHMARKS.md "The hook"):
//!
//! `cargo bench --bench hook [-- --rounds N]`
//!
//! Each round runs, interleaved so that load falls on every side alike:
//! the hook on a Claude Code PreToolUse payload (a fresh process, the policy
//! `spec/policies/example.json` loaded from its file by `--policy`, the
//! hardened profile, an empty HOME and project so no other file is read),
//! for each compound agent command of the list below; `bash -c true`; a
//! `python3 -c pass` start and, as the floor of any Python hook, one without
//! `site` (`python3 -S -c pass`); and safe-chains' Claude Code hook when
//! `conformance/audit/safe-chains/setup` installed it. Medians and 90th
//! percentiles in milliseconds, and the ratios of the medians. Run by
//! `cargo test --benches` it does one round only.
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Compound commands as agents write them (spec/corpus scaffolds around bases).
const COMMANDS: &[&str] = &[
    "cd /repo && timeout 240 pnpm install 2>&1 | tail -30; echo EXIT",
    "cd /repo && npm run test -- --coverage 2>&1 | tail -40",
    "git status && git diff --stat | head -20",
    "cargo test --all-features 2>&1 | grep -E 'error|warn' | head -50",
    "cd /repo; ls -la src && cat package.json | head -30; echo \"exit $?\"",
    "time cargo build --release 2>&1 | tail -5",
    "git log --oneline -20 && git show --stat HEAD | head -40",
    "rm -rf node_modules && npm install 2>&1 | tail -5",
];

/// One timed run of `argv` with `stdin`.
fn time(argv: &[&str], stdin: Option<&[u8]>, cwd: &Path, home: &Path) -> Duration {
    let started = Instant::now();
    let mut child = Command::new(argv[0])
        .args(&argv[1..])
        .current_dir(cwd)
        .env("HOME", home)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", argv[0]));
    if let Some(bytes) = stdin {
        let mut input = child.stdin.take().unwrap();
        input.write_all(bytes).unwrap();
    }
    let output = child.wait_with_output().unwrap();
    let elapsed = started.elapsed();
    assert!(output.status.success(), "{argv:?} failed");
    elapsed
}

fn stats(mut samples: Vec<Duration>) -> (f64, f64) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let at = |q: f64| {
        let index = ((samples.len() - 1) as f64 * q).round() as usize;
        ms(samples[index])
    };
    (at(0.5), at(0.9))
}

fn payload(command: &str, project: &Path) -> Vec<u8> {
    serde_json::json!({
        "session_id": "bench", "transcript_path": project.join("t.jsonl"),
        "cwd": project, "permission_mode": "default", "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": command, "description": "bench"},
        "tool_use_id": "toolu_bench",
    })
    .to_string()
    .into_bytes()
}

/// safe-chains' hook binary, where `conformance/audit/safe-chains/setup
/// --cli-only` installed it: the layers' directory is asked of the same
/// script the setups source, so the rule has one home.
fn safe_chains(repo: &Path) -> Option<PathBuf> {
    let audit = repo.join("conformance/audit");
    let setup = std::fs::read_to_string(audit.join("safe-chains/setup")).ok()?;
    let version = setup.lines().find_map(|l| l.strip_prefix("PINNED="))?;
    let script = format!(
        "source '{}' && audit_layers_dir safe-chains '{version}'",
        audit.join("layers-dir.bash").display()
    );
    let output = Command::new("bash").args(["-c", &script]).output().ok()?;
    let dir = String::from_utf8(output.stdout).ok()?;
    let binary = PathBuf::from(dir.trim()).join("bin/safe-chains");
    binary.exists().then_some(binary)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // `cargo bench` passes `--bench`; `cargo test --benches` does not.
    let test_mode = !args.iter().any(|a| a == "--bench");
    let rounds = args
        .windows(2)
        .find(|w| w[0] == "--rounds")
        .and_then(|w| w[1].parse().ok())
        .unwrap_or(if test_mode { 1 } else { 40 });
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let hook = env!("CARGO_BIN_EXE_inner-cmd");
    let policy = repo.join("spec/policies/example.json");
    let scratch = std::env::temp_dir().join(format!("inner-cmd-bench-hook-{}", std::process::id()));
    let (home, project) = (scratch.join("home"), scratch.join("project"));
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(&project).unwrap();
    let safe = safe_chains(&repo);
    let payloads: Vec<Vec<u8>> = COMMANDS.iter().map(|c| payload(c, &project)).collect();
    let hook_argv = [
        hook,
        "hook",
        "claude-code",
        "--policy",
        policy.to_str().unwrap(),
    ];
    let load = || std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load before: {}", load().trim());
    let (mut ours, mut bash, mut python, mut bare, mut theirs) =
        (vec![], vec![], vec![], vec![], vec![]);
    for _ in 0..rounds {
        for payload in &payloads {
            ours.push(time(&hook_argv, Some(payload), &project, &home));
            bash.push(time(&["bash", "-c", "true"], None, &project, &home));
            python.push(time(&["python3", "-c", "pass"], None, &project, &home));
            // Without `site` (no .pth files): the floor of any Python hook.
            bare.push(time(
                &["python3", "-S", "-c", "pass"],
                None,
                &project,
                &home,
            ));
            if let Some(binary) = &safe {
                theirs.push(time(
                    &[binary.to_str().unwrap()],
                    Some(payload),
                    &project,
                    &home,
                ));
            }
        }
    }
    println!("load after: {}", load().trim());
    let _ = std::fs::remove_dir_all(&scratch);
    let (hook_median, hook_p90) = stats(ours);
    let (bash_median, bash_p90) = stats(bash);
    let (python_median, python_p90) = stats(python);
    println!(
        "{} calls each ({} rounds of {} compound commands), interleaved",
        rounds * COMMANDS.len() as u32,
        rounds,
        COMMANDS.len()
    );
    println!("| process | median ms | p90 ms | median / bash -c true | median / python3 -c pass |");
    println!("|---|---|---|---|---|");
    let row = |name: &str, median: f64, p90: f64| {
        println!(
            "| {name} | {median:.2} | {p90:.2} | {:.2}× | {:.2}× |",
            median / bash_median,
            median / python_median
        );
    };
    row(
        "`inner-cmd hook claude-code` (hardened, example policy)",
        hook_median,
        hook_p90,
    );
    row("`bash -c true`", bash_median, bash_p90);
    row("`python3 -c pass`", python_median, python_p90);
    let (bare_median, bare_p90) = stats(bare);
    row("`python3 -S -c pass` (no site)", bare_median, bare_p90);
    println!("hook / python3 -S: {:.2}×", hook_median / bare_median);
    if !theirs.is_empty() {
        let (median, p90) = stats(theirs);
        row("safe-chains (Claude Code hook)", median, p90);
    } else {
        println!("(safe-chains not installed: conformance/audit/safe-chains/setup --cli-only)");
    }
}
