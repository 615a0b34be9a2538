//! Running an implementation as a `serve` process (`CONF-RUN-1`, `CONF-RUN-2`, `CONF-RUN-8`).

use std::time::Duration;

use serde_json::Value;

use super::child::{LineChild, NoLine};
use crate::protocol::PROTOCOL_VERSION;

/// The longest response line the runner accepts (responses echo requests, so twice a request).
const MAX_RESPONSE_BYTES: usize = 2 * crate::protocol::MAX_LINE_BYTES;

/// Splits an `--impl` command line into words, without a shell (`CONF-RUN-1`).
///
/// Words are separated by ASCII whitespace. `'…'` quotes literally; `"…"`
/// quotes with `\"` and `\\` escapes; outside quotes `\` escapes the next
/// character. Nothing is expanded.
///
/// # Errors
/// An unclosed quote, a trailing backslash, or no words at all.
pub fn split_command_line(line: &str) -> Result<Vec<String>, ProcessError> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    let bad = |message: &str| ProcessError::CommandLine(message.to_owned());
    while let Some(c) = chars.next() {
        match c {
            c if c.is_ascii_whitespace() => words.extend(word.take()),
            '\'' => {
                let current = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => current.push(c),
                        None => return Err(bad("unclosed single quote")),
                    }
                }
            }
            '"' => {
                let current = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => current.push(c),
                            Some(c) => {
                                current.push('\\');
                                current.push(c);
                            }
                            None => return Err(bad("unclosed double quote")),
                        },
                        Some(c) => current.push(c),
                        None => return Err(bad("unclosed double quote")),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err(bad("trailing backslash")),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    if words.is_empty() {
        return Err(bad("empty command line"));
    }
    Ok(words)
}

/// Why the implementation could not be started or answered badly.
#[derive(Debug)]
#[non_exhaustive]
pub enum ProcessError {
    /// The `--impl` command line cannot be split.
    CommandLine(String),
    /// The process could not be started.
    Spawn {
        /// The program, as the `--impl` command line names it.
        program: String,
        /// Why it could not be started.
        source: std::io::Error,
    },
    /// The handshake line is missing, late, not JSON, or not protocol 1;
    /// the message shows the line the implementation sent, if any.
    Handshake(String),
    /// No response within the per-case timeout.
    Timeout(Duration),
    /// The process closed its output (it exited or crashed).
    Exited,
    /// A response line is not a JSON object, too long, or echoes the wrong `id`.
    BadResponse(String),
}

impl std::fmt::Display for ProcessError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::CommandLine(message) => write!(f, "bad --impl command line: {message}"),
            Self::Spawn { program, source } => {
                write!(f, "cannot start the implementation `{program}`: {source}")
            }
            Self::Handshake(message) => write!(f, "bad handshake: {message}"),
            Self::Timeout(limit) => write!(f, "no response within {} ms", limit.as_millis()),
            Self::Exited => f.write_str("the implementation closed its output"),
            Self::BadResponse(message) => write!(f, "bad response: the line {message}"),
        }
    }
}

impl std::error::Error for ProcessError {}

/// A running implementation speaking the protocol on its stdin/stdout.
///
/// Reading and writing happen on helper threads ([`LineChild`]) so that a
/// hung process (one that neither answers nor reads) can only cost the
/// timeout, never hang the runner (`CONF-RUN-8`).
pub struct Implementation {
    child: LineChild,
    /// The handshake line the implementation sent.
    pub handshake: Value,
}

impl Implementation {
    /// Starts `argv` and checks its handshake (`CONF-RUN-2`).
    ///
    /// # Errors
    /// The process cannot start, or its first line is not a protocol-1
    /// handshake within `timeout`.
    pub fn start(argv: &[String], timeout: Duration) -> Result<Self, ProcessError> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| ProcessError::CommandLine("empty command line".into()))?;
        let child = LineChild::spawn(program, args, MAX_RESPONSE_BYTES).map_err(|source| {
            ProcessError::Spawn {
                program: program.clone(),
                source,
            }
        })?;
        let mut implementation = Self {
            child,
            handshake: Value::Null,
        };
        // Errors name the whole command line: several adapters often share one interpreter.
        let named = argv.join(" ");
        let handshake = implementation.receive(timeout).map_err(|error| {
            ProcessError::Handshake(match error {
                ProcessError::BadResponse(problem) => format!(
                    "from `{named}`: the first line {problem}; it must be the handshake \
                     (write logs to standard error)"
                ),
                other => format!("from `{named}`: {other}"),
            })
        })?;
        match handshake.get("protocol").and_then(Value::as_u64) {
            Some(PROTOCOL_VERSION) => {}
            _ => {
                return Err(ProcessError::Handshake(format!(
                    "from `{named}`: expected \"protocol\": {PROTOCOL_VERSION}, got {}",
                    super::brief::brief_json(&handshake)
                )))
            }
        }
        implementation.handshake = handshake;
        Ok(implementation)
    }

    /// Sends one request line and waits for its response (`CONF-RUN-8`).
    ///
    /// # Errors
    /// Timeout, exit, or a response that is not a JSON object echoing `id`.
    pub fn exchange(&mut self, request: &Value, timeout: Duration) -> Result<Value, ProcessError> {
        if !self.child.send(request.to_string()) {
            return Err(ProcessError::Exited);
        }
        let response = self.receive(timeout)?;
        let id = request.get("id");
        if response.get("id") != id {
            return Err(ProcessError::BadResponse(format!(
                "expected id {}, got {}",
                id.unwrap_or(&Value::Null),
                response.get("id").unwrap_or(&Value::Null)
            )));
        }
        Ok(response)
    }

    /// Waits for one line and decodes it as a JSON object.
    fn receive(&mut self, timeout: Duration) -> Result<Value, ProcessError> {
        let line = match self.child.receive(timeout) {
            Ok(line) => line,
            Err(NoLine::TooLong) => {
                return Err(ProcessError::BadResponse(format!(
                    "is longer than {MAX_RESPONSE_BYTES} bytes"
                )))
            }
            Err(NoLine::Timeout) => return Err(ProcessError::Timeout(timeout)),
            Err(NoLine::Closed) => return Err(ProcessError::Exited),
        };
        // The line itself is shown (shortened, control characters escaped):
        // it is usually a log line on the wrong stream.
        let shown = || super::brief::brief_text(&String::from_utf8_lossy(&line));
        match serde_json::from_slice::<Value>(&line) {
            Ok(value @ Value::Object(_)) => Ok(value),
            Ok(_) => Err(ProcessError::BadResponse(format!(
                "is not a JSON object: {}",
                shown()
            ))),
            Err(error) => Err(ProcessError::BadResponse(format!(
                "is not JSON ({error}): {}",
                shown()
            ))),
        }
    }

    /// Closes stdin, gives the process a moment to exit, then kills it.
    pub fn stop(mut self) {
        self.child.stop(Duration::from_millis(500));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CONF-RUN-1: command lines split on whitespace with simple quoting, no shell.
    #[test]
    fn command_lines_split_without_a_shell() {
        const ROWS: &[(&str, &[&str])] = &[
            ("inner-cmd serve", &["inner-cmd", "serve"]),
            ("  python3   a.py\t--x ", &["python3", "a.py", "--x"]),
            ("'/my dir/impl' serve", &["/my dir/impl", "serve"]),
            (r#""a \"b\" \n" c"#, &[r#"a "b" \n"#, "c"]),
            (r"a\ b c", &["a b", "c"]),
            ("x'' ''", &["x", ""]),
            ("$HOME/impl *", &["$HOME/impl", "*"]),
        ];
        for (line, words) in ROWS {
            assert_eq!(split_command_line(line).unwrap(), *words, "{line}");
        }
        for bad in ["", "   ", "'open", "\"open", "trailing\\"] {
            assert!(split_command_line(bad).is_err(), "{bad:?}");
        }
    }
}
