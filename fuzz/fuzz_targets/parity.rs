//! Fuzz target `parity`: the check is [`inner_cmd_spec::fuzzing::parity`],
//! against the deployed npm package through its Node adapter
//! (`conformance/adapters/pi-permission-system`, after `npm ci` there; or the
//! folder in `INNER_CMD_ADAPTER_DIR`). One adapter serves the whole run.
#![no_main]

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Mutex, OnceLock};

use serde_json::Value;

struct Adapter {
    _child: Child,
    stdin: BufWriter<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl Adapter {
    fn start() -> Self {
        let dir = std::env::var("INNER_CMD_ADAPTER_DIR").unwrap_or_else(|_| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../conformance/adapters/pi-permission-system"
            )
            .to_owned()
        });
        let mut child = Command::new("node")
            .args([
                "--import",
                "tsx",
                "--import",
                "./register-hooks.mjs",
                "adapter.ts",
            ])
            .current_dir(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start the adapter in {dir} (node, npm ci?): {e}"));
        let stdin = BufWriter::new(child.stdin.take().expect("adapter stdin"));
        let mut stdout = BufReader::new(child.stdout.take().expect("adapter stdout"));
        let mut hello = String::new();
        stdout.read_line(&mut hello).expect("adapter handshake");
        assert!(
            hello.contains("@gotgenes/pi-permission-system@20.7.3"),
            "unexpected adapter handshake: {hello:?}"
        );
        Self {
            _child: child,
            stdin,
            stdout,
            next_id: 0,
        }
    }

    /// Sends the batch, then reads one answer per request (a few small lines:
    /// the pipes cannot fill up).
    fn ask(&mut self, requests: &[Value]) -> Vec<Value> {
        let first = self.next_id;
        for request in requests {
            let mut request = request.clone();
            request["id"] = Value::from(self.next_id);
            self.next_id += 1;
            writeln!(self.stdin, "{request}").expect("write a request");
        }
        self.stdin.flush().expect("flush requests");
        (first..self.next_id)
            .map(|id| {
                let mut line = String::new();
                let n = self.stdout.read_line(&mut line).expect("read an answer");
                assert!(n > 0, "the adapter exited");
                let answer: Value = serde_json::from_str(&line).expect("answer is JSON");
                assert_eq!(answer["id"], Value::from(id), "answers out of order");
                answer
            })
            .collect()
    }
}

static ADAPTER: OnceLock<Mutex<Adapter>> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let adapter = ADAPTER.get_or_init(|| Mutex::new(Adapter::start()));
    let mut adapter = adapter
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    inner_cmd_spec::fuzzing::parity(data, &mut |requests| adapter.ask(requests));
});
