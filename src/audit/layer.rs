//! The layer under audit, as a process speaking the audit protocol
//! (`AUDIT-PROTO-1`..`AUDIT-PROTO-5`).
//!
//! Requests are pipelined: up to [`WINDOW`] lines are written before the
//! answers are read, so a layer that answers line by line is batched for
//! free. Reading and writing run on helper threads ([`LineChild`], shared
//! with the conformance runner), so a hung layer costs the timeout, never
//! the audit.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::{json, Value};

use super::AuditError;
use crate::conform::child::{LineChild, NoLine};
use crate::conform::split_command_line;

/// The audit protocol's version (`AUDIT-PROTO-1`).
pub const AUDIT_PROTOCOL: u64 = 1;
/// Requests written before the first of their answers is read (`AUDIT-PROTO-4`).
pub const WINDOW: usize = 64;
/// The longest answer line read.
const MAX_ANSWER_BYTES: usize = 1 << 16;

/// How a layer wants commands (`AUDIT-PROTO-2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Form {
    /// One string, as the agent wrote it.
    Command,
    /// An argv vector: a whole command as `["bash", "-c", COMMAND]`, a simple
    /// command bash executed as its argv.
    Argv,
}

/// What is asked: a whole command, or a simple command bash executed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Ask {
    /// A command as the agent would write it.
    Command(String),
    /// An executed simple command: its text (assignments and argv,
    /// shell-quoted) and its argv.
    Simple {
        /// The rendering sent in the command form.
        text: String,
        /// The argv sent in the argv form.
        argv: Vec<String>,
    },
}

/// The layer's word on one command (`AUDIT-PROTO-3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// It would run without asking a human.
    Approved,
    /// It would not.
    Refused,
    /// The layer answered `error`: it cannot say.
    Unknown,
}

/// The layer's handshake (`AUDIT-PROTO-1`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The form it wants.
    pub form: Form,
}

/// A running layer with a cache of its answers.
pub struct Layer {
    child: LineChild,
    timeout: Duration,
    next_id: u64,
    cache: HashMap<Ask, Answer>,
    /// Its handshake.
    pub identity: Identity,
    /// Requests sent (cache misses).
    pub asked: u64,
}

impl Layer {
    /// Starts `command_line` (split like `conform --impl`, no shell) and reads its handshake.
    ///
    /// # Errors
    /// It cannot start, or its first line is not an audit handshake within `timeout`.
    pub fn start(command_line: &str, timeout: Duration) -> Result<Self, AuditError> {
        Self::start_in(command_line, &Context::default(), timeout)
    }

    /// Starts `command_line` in `context` (`AUDIT-13`): its working
    /// directory and environment. A relative program path names a file
    /// from the audit's own directory, as it does without a context.
    ///
    /// # Errors
    /// As [`Layer::start`].
    pub fn start_in(
        command_line: &str,
        context: &Context,
        timeout: Duration,
    ) -> Result<Self, AuditError> {
        let argv = split_command_line(command_line)
            .map_err(|error| AuditError::Layer(error.to_string()))?;
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| AuditError::Layer("empty --impl".to_owned()))?;
        let mut command = std::process::Command::new(resolve_program(program, context)?);
        command.args(args).envs(context.env.iter().cloned());
        if let Some(directory) = &context.cwd {
            command.current_dir(directory);
        }
        let child = LineChild::spawn_command(command, MAX_ANSWER_BYTES)
            .map_err(|error| AuditError::Layer(format!("cannot start {program:?}: {error}")))?;
        let mut layer = Self {
            child,
            timeout,
            next_id: 0,
            cache: HashMap::new(),
            identity: Identity {
                name: String::new(),
                version: String::new(),
                form: Form::Command,
            },
            asked: 0,
        };
        let handshake = layer.receive()?;
        layer.identity = parse_handshake(&handshake)?;
        Ok(layer)
    }

    /// The layer's answers to `asks`, in order, from the cache where it has them.
    ///
    /// # Errors
    /// The layer exited, timed out, or broke the protocol (`AUDIT-PROTO-4`).
    pub fn approve(&mut self, asks: &[Ask]) -> Result<Vec<Answer>, AuditError> {
        let missing: Vec<&Ask> = {
            let mut seen = std::collections::HashSet::new();
            asks.iter()
                .filter(|ask| !self.cache.contains_key(*ask) && seen.insert(*ask))
                .collect()
        };
        let missing: Vec<Ask> = missing.into_iter().cloned().collect();
        for window in missing.chunks(WINDOW) {
            let first_id = self.next_id;
            for ask in window {
                let request = self.request(ask);
                self.send(&request)?;
            }
            for (offset, ask) in window.iter().enumerate() {
                let answer = self.receive().map_err(|error| match error {
                    // Name the request, so a hang is reproducible by hand.
                    AuditError::Layer(why) => {
                        let text: String = ask_text(ask).chars().take(300).collect();
                        AuditError::Layer(format!("{why}, asked about {text:?}"))
                    }
                    other => other,
                })?;
                let id = first_id + offset as u64;
                let answer = parse_answer(&answer, id)?;
                self.cache.insert(ask.clone(), answer);
            }
            self.asked += window.len() as u64;
        }
        Ok(asks
            .iter()
            .map(|ask| self.cache.get(ask).copied().unwrap_or(Answer::Unknown))
            .collect())
    }

    /// Asks again, past the cache (`AUDIT-7`: a witness is confirmed by a fresh answer).
    ///
    /// # Errors
    /// As [`Layer::approve`].
    pub fn reask(&mut self, asks: &[Ask]) -> Result<Vec<Answer>, AuditError> {
        for ask in asks {
            self.cache.remove(ask);
        }
        self.approve(asks)
    }

    fn request(&mut self, ask: &Ask) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        match (self.identity.form, ask) {
            (Form::Command, Ask::Command(command) | Ask::Simple { text: command, .. }) => {
                json!({"id": id, "op": "approve", "command": command})
            }
            (Form::Argv, Ask::Command(command)) => {
                json!({"id": id, "op": "approve", "argv": ["bash", "-c", command]})
            }
            (Form::Argv, Ask::Simple { argv, .. }) => {
                json!({"id": id, "op": "approve", "argv": argv})
            }
        }
    }

    fn send(&self, request: &Value) -> Result<(), AuditError> {
        if self.child.send(request.to_string()) {
            Ok(())
        } else {
            Err(AuditError::Layer("the layer closed its input".to_owned()))
        }
    }

    fn receive(&self) -> Result<Value, AuditError> {
        match self.child.receive(self.timeout) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|error| {
                AuditError::Layer(format!(
                    "not a JSON line: {error}: {:?}",
                    String::from_utf8_lossy(&bytes)
                ))
            }),
            Err(NoLine::TooLong) => Err(AuditError::Layer("an answer line is too long".to_owned())),
            Err(NoLine::Timeout) => Err(AuditError::Layer(format!(
                "no answer within {} ms",
                self.timeout.as_millis()
            ))),
            Err(NoLine::Closed) => Err(AuditError::Layer("the layer closed its output".to_owned())),
        }
    }
}

/// Where and with what environment the layer runs (`AUDIT-13`): its trust
/// context, as the agent that consults it would give it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Context {
    /// Its working directory (`--cwd`); default: the audit's.
    pub cwd: Option<std::path::PathBuf>,
    /// Variables set for it on top of the audit's environment (`--env NAME=VALUE`).
    pub env: Vec<(String, String)>,
}

impl Context {
    /// Parses one `--env NAME=VALUE`.
    ///
    /// # Errors
    /// No `=`, or an empty name or one holding a NUL.
    pub fn parse_env(text: &str) -> Result<(String, String), AuditError> {
        match text.split_once('=') {
            Some((name, value)) if !name.is_empty() && !text.contains('\0') => {
                Ok((name.to_owned(), value.to_owned()))
            }
            _ => Err(AuditError::Settings(format!(
                "--env {text:?} is not NAME=VALUE"
            ))),
        }
    }
}

/// A relative program path with a `/` is read from the audit's directory
/// even when the layer runs in another; a bare name is searched in `PATH`.
fn resolve_program(program: &str, context: &Context) -> Result<std::path::PathBuf, AuditError> {
    let path = std::path::Path::new(program);
    if context.cwd.is_none() || path.is_absolute() || !program.contains('/') {
        return Ok(path.to_path_buf());
    }
    let here = std::env::current_dir()
        .map_err(|error| AuditError::Settings(format!("the current directory: {error}")))?;
    Ok(here.join(path))
}

fn ask_text(ask: &Ask) -> &str {
    match ask {
        Ask::Command(text) | Ask::Simple { text, .. } => text,
    }
}

/// The handshake's identity (`AUDIT-PROTO-1`).
///
/// # Errors
/// Not `{"audit": 1, "layer": STRING, "version": STRING}`, or an unknown form.
pub fn parse_handshake(handshake: &Value) -> Result<Identity, AuditError> {
    let bad = || AuditError::Layer(format!("not an audit handshake: {handshake}"));
    if handshake.get("audit").and_then(Value::as_u64) != Some(AUDIT_PROTOCOL) {
        return Err(bad());
    }
    let text = |key: &str| {
        handshake
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let form = match handshake.get("form").map(|form| form.as_str()) {
        None | Some(Some("command")) => Form::Command,
        Some(Some("argv")) => Form::Argv,
        Some(_) => return Err(bad()),
    };
    Ok(Identity {
        name: text("layer").ok_or_else(bad)?,
        version: text("version").ok_or_else(bad)?,
        form,
    })
}

/// One answer (`AUDIT-PROTO-3`, `AUDIT-PROTO-4`).
///
/// # Errors
/// The wrong `id`, or neither a boolean `approved` nor a string `error`.
pub fn parse_answer(answer: &Value, id: u64) -> Result<Answer, AuditError> {
    if answer.get("id").and_then(Value::as_u64) != Some(id) {
        return Err(AuditError::Layer(format!(
            "expected the answer to request {id}, got {answer}"
        )));
    }
    match (answer.get("approved"), answer.get("error")) {
        (Some(Value::Bool(true)), None) => Ok(Answer::Approved),
        (Some(Value::Bool(false)), None) => Ok(Answer::Refused),
        (None, Some(Value::String(_))) => Ok(Answer::Unknown),
        _ => Err(AuditError::Layer(format!("not an audit answer: {answer}"))),
    }
}
