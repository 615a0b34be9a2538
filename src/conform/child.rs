//! A child process spoken to in lines on its stdin and stdout: what the
//! conformance runner (`CONF-RUN-8`) and the audit (`AUDIT-PROTO-4`) share.
//!
//! Writing and reading run on helper threads, so a child that neither reads
//! nor answers costs the caller's timeout, never a hang; a line longer than
//! the limit is read to its end and reported, never buffered whole.

use std::io::{BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crate::protocol::server::{read_bounded_line, BoundedLine};

/// Why no line came.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoLine {
    /// None within the timeout.
    Timeout,
    /// The line was longer than the limit (it was dropped).
    TooLong,
    /// The child closed its output.
    Closed,
}

/// A running child with its stdin and stdout on helper threads.
pub struct LineChild {
    child: Child,
    requests: Option<Sender<String>>,
    lines: Receiver<Option<Vec<u8>>>,
}

impl LineChild {
    /// Starts `program` with `args`, stderr inherited; lines it writes
    /// longer than `max_line` bytes arrive as [`NoLine::TooLong`].
    ///
    /// # Errors
    /// It cannot be started, or has no pipes.
    pub fn spawn(program: &str, args: &[String], max_line: usize) -> std::io::Result<Self> {
        let mut command = Command::new(program);
        command.args(args);
        Self::spawn_command(command, max_line)
    }

    /// Starts a prepared `command` (its working directory and environment
    /// set by the caller) as [`LineChild::spawn`] does.
    ///
    /// # Errors
    /// It cannot be started, or has no pipes.
    pub fn spawn_command(mut command: Command, max_line: usize) -> std::io::Result<Self> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(std::io::Error::other("no pipes"));
        };
        let (request_tx, request_rx) = mpsc::channel::<String>();
        std::thread::spawn(move || {
            let mut stdin = stdin;
            for line in request_rx {
                let written = stdin
                    .write_all(line.as_bytes())
                    .and_then(|()| stdin.write_all(b"\n"))
                    .and_then(|()| stdin.flush());
                if written.is_err() {
                    break;
                }
            }
        });
        let (line_tx, line_rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Ok(Some(line)) = read_bounded_line(&mut reader, max_line) {
                let line = match line {
                    BoundedLine::Complete(bytes) => Some(bytes),
                    BoundedLine::TooLong => None,
                };
                if line_tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Self {
            child,
            requests: Some(request_tx),
            lines: line_rx,
        })
    }

    /// Queues `line` (a newline is added); false once its input is closed.
    #[must_use]
    pub fn send(&self, line: String) -> bool {
        self.requests
            .as_ref()
            .is_some_and(|requests| requests.send(line).is_ok())
    }

    /// The next line it wrote, waiting at most `timeout`.
    ///
    /// # Errors
    /// None came in time, it was too long, or the output is closed.
    pub fn receive(&self, timeout: Duration) -> Result<Vec<u8>, NoLine> {
        match self.lines.recv_timeout(timeout) {
            Ok(Some(line)) => Ok(line),
            Ok(None) => Err(NoLine::TooLong),
            Err(RecvTimeoutError::Timeout) => Err(NoLine::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(NoLine::Closed),
        }
    }

    /// Closes its input, gives it `grace` to exit, then kills it.
    pub fn stop(&mut self, grace: Duration) {
        // Dropping the sender ends the writer thread, which closes stdin.
        self.requests = None;
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for LineChild {
    fn drop(&mut self) {
        // Closing its input ends a well-behaved child; the kill ends the rest.
        self.requests = None;
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
