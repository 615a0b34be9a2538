//! A client for the Node adapter around the real npm package
//! (`conformance/adapters/pi-permission-system`), speaking the oracle
//! protocol's JSON Lines.
//!
//! Availability policy: the parity and findings-witness tests need Node and
//! the adapter's `node_modules`. When Node and npm are there but the packages
//! are not, the first test installs them with `npm ci` (pinned by the
//! committed lockfile), so `cargo test --all-features` is the one command a
//! newcomer runs. When Node is missing, or the install fails, the tests FAIL
//! with a message saying how to fix it, unless
//! `INNER_CMD_SKIP_PARITY=1` is set, in which case they print that they were
//! skipped and pass. A silent skip would let a machine without Node report a
//! green parity run it never made.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::thread;

use serde_json::{json, Value};

/// The opt-out variable.
pub const SKIP_VAR: &str = "INNER_CMD_SKIP_PARITY";

/// Set to a file path to append every request sent to the adapter there
/// (for replaying a divergence outside the test).
pub const LOG_VAR: &str = "INNER_CMD_ORACLE_LOG";

/// The handshake the adapter must send first.
pub const IMPLEMENTATION: &str = "@gotgenes/pi-permission-system@20.7.3 (adapter)";

/// The adapter's folder.
pub fn adapter_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("conformance/adapters/pi-permission-system")
}

/// A running adapter.
pub struct Oracle {
    child: Child,
    stdin: Option<BufWriter<ChildStdin>>,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

/// Starts the adapter, or returns `None` when the opt-out is set.
///
/// Panics with instructions when Node or the installed package is missing.
pub fn start_or_skip(test: &str) -> Option<Oracle> {
    if std::env::var(SKIP_VAR).is_ok_and(|v| v == "1") {
        eprintln!(
            "{test}: SKIPPED because {SKIP_VAR}=1 (no comparison with the npm package was made)"
        );
        return None;
    }
    let dir = adapter_dir();
    let fix = format!(
        "install Node 20+ and run `npm ci` in {}, or set {SKIP_VAR}=1 to skip this test explicitly",
        dir.display()
    );
    let node_ok = Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(node_ok, "{test}: `node` is not runnable; {fix}");
    install_once(test, &fix);
    Some(Oracle::spawn())
}

fn installed(dir: &std::path::Path) -> bool {
    dir.join("node_modules/@gotgenes/pi-permission-system/package.json")
        .is_file()
        && dir.join("node_modules/tsx").is_dir()
}

/// Runs `npm ci` in the adapter folder if its packages are missing; one test
/// at a time, so concurrent tests of one binary do not install twice.
fn install_once(test: &str, fix: &str) {
    static INSTALL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _guard = INSTALL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir = adapter_dir();
    if installed(&dir) {
        return;
    }
    eprintln!(
        "{test}: installing the adapter's pinned packages (npm ci in {})",
        dir.display()
    );
    let status = Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .current_dir(&dir)
        .stdout(Stdio::null())
        .status();
    assert!(
        status.is_ok_and(|s| s.success()) && installed(&dir),
        "{test}: `npm ci` in the adapter folder failed; {fix}"
    );
}

impl Oracle {
    fn spawn() -> Self {
        let mut child = Command::new("node")
            .args([
                "--import",
                "tsx",
                "--import",
                "./register-hooks.mjs",
                "adapter.ts",
            ])
            .current_dir(adapter_dir())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn the adapter");
        let stdin = BufWriter::new(child.stdin.take().expect("adapter stdin"));
        let mut stdout = BufReader::new(child.stdout.take().expect("adapter stdout"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("read the handshake");
        let hello: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("adapter handshake is not JSON ({e}): {line:?}"));
        assert_eq!(hello["protocol"], 1, "handshake: {hello}");
        assert_eq!(
            hello["implementation"], IMPLEMENTATION,
            "handshake: {hello}"
        );
        Self {
            child,
            stdin: Some(stdin),
            stdout,
            next_id: 0,
        }
    }

    /// Sends every request (each gets a fresh `id`) from a writer thread while
    /// reading the answers, so neither pipe can fill up and stall; returns the
    /// answers in request order, each checked to echo its id and be `ok`.
    pub fn batch(&mut self, requests: Vec<Value>) -> Vec<Value> {
        let first = self.next_id;
        let count = requests.len() as u64;
        self.next_id += count;
        let mut stdin = self.stdin.take().expect("adapter stdin");
        let mut log = std::env::var_os(LOG_VAR).map(|path| {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path);
            BufWriter::new(file.expect("open the request log"))
        });
        let writer = thread::spawn(move || {
            for (offset, mut req) in (0u64..).zip(requests) {
                req["id"] = json!(first + offset);
                let line = format!("{req}\n");
                stdin.write_all(line.as_bytes()).expect("write a request");
                if let Some(log) = log.as_mut() {
                    log.write_all(line.as_bytes()).expect("log a request");
                }
            }
            stdin.flush().expect("flush requests");
            stdin
        });
        let mut answers = Vec::with_capacity(count as usize);
        let mut line = String::new();
        for offset in 0..count {
            line.clear();
            let n = self.stdout.read_line(&mut line).expect("read an answer");
            assert!(
                n > 0,
                "the adapter closed its output after {offset} of {count} answers"
            );
            let answer: Value = serde_json::from_str(&line)
                .unwrap_or_else(|e| panic!("answer is not JSON ({e}): {line:?}"));
            assert_eq!(
                answer["id"],
                json!(first + offset),
                "answers out of order: {answer}"
            );
            assert_eq!(
                answer["ok"], true,
                "the adapter refused a request: {answer}"
            );
            answers.push(answer);
        }
        self.stdin = Some(writer.join().expect("writer thread"));
        answers
    }

    /// Sends raw lines (not necessarily JSON) and reads one answer per
    /// non-blank line, without checking ids or `ok`: for probing how the
    /// adapter treats bad input.
    pub fn raw(&mut self, lines: &[&str]) -> Vec<Value> {
        let stdin = self.stdin.as_mut().expect("adapter stdin");
        for line in lines {
            stdin.write_all(line.as_bytes()).expect("write a line");
            stdin.write_all(b"\n").expect("write a line");
        }
        stdin.flush().expect("flush lines");
        let expected = lines.iter().filter(|l| !l.trim().is_empty()).count();
        let mut answers = Vec::with_capacity(expected);
        let mut line = String::new();
        for _ in 0..expected {
            line.clear();
            let n = self.stdout.read_line(&mut line).expect("read an answer");
            assert!(n > 0, "the adapter closed its output");
            answers.push(serde_json::from_str(&line).expect("answer is JSON"));
        }
        answers
    }

    /// One request, one answer.
    pub fn ask(&mut self, request: Value) -> Value {
        self.batch(vec![request]).pop().expect("one answer")
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        // Closing stdin ends the adapter; wait so no zombie outlives the test.
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}
