//! The audit protocol (spec chapter 13) for safe-chains through its library
//! crate: `safe_chains::is_safe_command`, its published entry point, called
//! in-process (fast enough for generated cases; `../run-cli.py` asks the
//! installed CLI, which `inner-cmd audit --replay` uses to confirm).
use std::io::{BufRead, Write};

fn main() {
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
                match std::panic::catch_unwind(|| safe_chains::is_safe_command(command)) {
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
