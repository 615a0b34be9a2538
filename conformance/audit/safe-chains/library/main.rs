//! The audit protocol (spec chapter 13) for safe-chains through its library
//! crate, called in-process (fast enough for generated cases; `../run-cli.py`
//! asks the installed CLI or its Claude Code hook, which `inner-cmd audit
//! --replay` uses to confirm). Each command is judged by
//! `safe_chains::command_verdict_in` with the directory context its hook
//! installs from the harness's envelope: the working directory (`cwd`) and
//! the project root, both the process's working directory, which `../run`
//! makes a git work tree as an agent's project is. Without it (the bare
//! `is_safe_command`) paths are judged against no project at all, and
//! `find . -delete` in a git work tree is approved where the hook refuses it.
use std::io::{BufRead, Write};

/// `--time FILE ROUNDS`: the cost of a decision, for BENCHMARKS.md's peers
/// row: every command of FILE (one JSON string a line) decided ROUNDS times
/// after one warm-up round; prints `{"nsPerDecision", "approved"}`.
fn time(file: &str, rounds: u32) {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let commands: Vec<String> = text.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    let approved = commands.iter().filter(|c| approves(c)).count();
    let started = std::time::Instant::now();
    for _ in 0..rounds {
        for command in &commands {
            std::hint::black_box(approves(std::hint::black_box(command)));
        }
    }
    let decisions = (commands.len() as f64) * f64::from(rounds.max(1));
    let ns = started.elapsed().as_nanos() as f64 / decisions.max(1.0);
    println!("{}", serde_json::json!({"nsPerDecision": ns, "approved": approved, "decisions": decisions}));
}

/// The hook's directory context for a command run in this process's directory.
fn project() -> safe_chains::pathctx::PathCtx {
    let here = std::env::current_dir()
        .ok()
        .map(|dir| dir.to_string_lossy().into_owned());
    safe_chains::pathctx::PathCtx {
        cwd: here.clone(),
        root: here,
        session_id: None,
    }
}

fn approves(command: &str) -> bool {
    safe_chains::command_verdict_in(command, project()).is_allowed()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, file, rounds] = args.as_slice() {
        if flag == "--time" {
            return time(file, rounds.parse().unwrap_or(1));
        }
    }
    let version = env!("SAFE_CHAINS_VERSION");
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let hello = serde_json::json!({"audit": 1, "layer": "safe-chains (library)", "version": version});
    let _ = writeln!(out, "{hello}");
    let _ = out.flush();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let request: serde_json::Value = serde_json::from_str(&line).unwrap_or_default();
        let id = request.get("id").cloned().unwrap_or_default();
        let answer = match request.get("command").and_then(|c| c.as_str()) {
            Some(command) => {
                // A panic inside the layer is its answer "cannot say", not an approval.
                match std::panic::catch_unwind(|| approves(command)) {
                    Ok(approved) => serde_json::json!({"id": id, "approved": approved}),
                    Err(_) => serde_json::json!({"id": id, "error": "safe-chains panicked"}),
                }
            }
            None => serde_json::json!({"id": id, "error": "no command"}),
        };
        let _ = writeln!(out, "{answer}");
        let _ = out.flush();
    }
}
