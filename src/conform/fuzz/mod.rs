//! `inner-cmd fuzz --impl 'CMD'`: a generated differential against the
//! reference over the protocol (spec section 10.4, `CONF-FUZZ-*`).
//!
//! Requests come from the crate's generators ([`requests`]) driven by
//! proptest's shrinkable decision bytes; each is sent to the implementation
//! and answered by the reference in-process (the same [`Handler`] as
//! `inner-cmd serve`). The first divergence is shrunk, by proptest over the
//! decisions and then member by member ([`shrink`]), and written as a vector
//! file ([`vector`]).

pub mod expect;
mod render;
pub mod requests;
pub mod shrink;
pub mod vector;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use proptest::collection::vec;
use proptest::prelude::any;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::Value;

pub use render::render_divergence;

use super::process::{Implementation, ProcessError};
use crate::gen::proptest_front::MAX_BYTES;
use crate::gen::ByteChoices;
use crate::protocol::Handler;

/// How long a run lasts (`CONF-FUZZ-1`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Budget {
    /// Until this much time has passed.
    Time(Duration),
    /// Until this many cases have been compared.
    Cases(u64),
}

/// What `inner-cmd fuzz` does.
#[derive(Debug, Clone)]
pub struct FuzzOptions {
    /// The implementation's command, already split into words.
    pub command: Vec<String>,
    /// The operations to generate (`PROTO-12` names).
    pub ops: Vec<String>,
    /// Sent with every operation that takes a profile.
    pub profile: Option<String>,
    /// How long to run.
    pub budget: Budget,
    /// Seeds the generator: the same seed, implementation and ops give the same cases.
    pub seed: u64,
    /// How long one answer may take.
    pub timeout: Duration,
    /// Where the vector file of a divergence is written.
    pub out_dir: PathBuf,
}

/// One request on which the implementation and the reference differ.
#[derive(Debug, Clone)]
pub struct Divergence {
    /// The shrunk request, without `id`.
    pub request: Value,
    /// The reference's response.
    pub reference: Value,
    /// The implementation's response, or why it gave none.
    pub implementation: Result<Value, String>,
    /// The smallest difference, or the process error.
    pub difference: String,
    /// The request as first generated, before shrinking.
    pub original: Value,
    /// The vector file written for it.
    pub vector_file: PathBuf,
}

/// How a run ended without an error.
#[derive(Debug, Clone)]
pub struct FuzzReport {
    /// Cases compared (agreeing, or the one that diverged), declines apart.
    pub cases: u64,
    /// Cases the implementation declined (`unsupported_op`), per operation.
    pub declined: Vec<(String, u64)>,
    /// The operations dropped because the implementation declines them.
    pub dropped: Vec<String>,
    /// The divergence found, if any.
    pub divergence: Option<Divergence>,
}

/// Why a run could not be made.
#[derive(Debug)]
#[non_exhaustive]
pub enum FuzzError {
    /// `--ops` names no operation or an unknown one.
    Ops(String),
    /// The implementation could not be started or its handshake is wrong.
    Start(ProcessError),
    /// The implementation declines every selected operation.
    AllDeclined(Vec<String>),
    /// The vector file could not be written.
    Write(PathBuf, std::io::Error),
}

impl std::fmt::Display for FuzzError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Ops(message) => f.write_str(message),
            Self::Start(error) => write!(f, "{error}"),
            Self::AllDeclined(ops) => write!(
                f,
                "the implementation answers unsupported_op to every selected operation ({})",
                ops.join(", ")
            ),
            Self::Write(path, error) => write!(f, "cannot write {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for FuzzError {}

/// An op is dropped after this many declines in a row with no answer yet (`CONF-FUZZ-5`).
const DECLINES_TO_DROP: u64 = 20;

/// How many more requests shrinking may send after proptest's shrinking.
const MEMBER_SHRINK_BUDGET: usize = 4_000;

/// Parses `--ops a,b,…` (`CONF-FUZZ-1`).
///
/// # Errors
/// An empty list or a name that is not an operation of the protocol.
pub fn parse_ops(list: &str) -> Result<Vec<String>, FuzzError> {
    let mut ops = Vec::new();
    for name in list.split(',').map(str::trim) {
        if !requests::OPERATIONS.contains(&name) {
            return Err(FuzzError::Ops(format!(
                "--ops: {name:?} is not an operation (operations: {})",
                requests::OPERATIONS.join(", ")
            )));
        }
        if !ops.iter().any(|op| op == name) {
            ops.push(name.to_owned());
        }
    }
    Ok(ops)
}

/// The implementation under test, restarted after it fails a request.
struct Subject<'o> {
    options: &'o FuzzOptions,
    running: Option<Implementation>,
    next_id: u64,
}

impl Subject<'_> {
    /// Sends `request` (an `id` is added) and returns the response, or why
    /// there is none; a process that failed is restarted for the next request.
    fn ask(&mut self, request: &Value) -> Result<Value, String> {
        let mut running = match self.running.take() {
            Some(running) => running,
            None => Implementation::start(&self.options.command, self.options.timeout)
                .map_err(|error| format!("restart failed: {error}"))?,
        };
        self.next_id += 1;
        let mut sent = request.clone();
        if let Value::Object(fields) = &mut sent {
            fields.insert("id".into(), Value::from(self.next_id));
        }
        match running.exchange(&sent, self.options.timeout) {
            Ok(mut response) => {
                self.running = Some(running);
                if let Value::Object(fields) = &mut response {
                    fields.shift_remove("id");
                }
                Ok(response)
            }
            Err(error) => Err(error.to_string()),
        }
    }
}

/// What one comparison found.
enum Verdict {
    Agrees,
    Declined,
    Diverges(Result<Value, String>, String),
}

/// The reference's response to `request`, without `id`.
fn reference(handler: &mut Handler, request: &Value) -> Value {
    let line = handler.handle_line(request.to_string().as_bytes());
    let mut response: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
    if let Value::Object(fields) = &mut response {
        fields.shift_remove("id");
    }
    response
}

fn compare_one(
    subject: &mut Subject<'_>,
    handler: &mut Handler,
    request: &Value,
) -> (Verdict, Value) {
    let op = request
        .get("op")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let ours = reference(handler, request);
    let theirs = subject.ask(request);
    let verdict = match &theirs {
        Err(error) => Verdict::Diverges(theirs.clone(), error.clone()),
        Ok(response) => {
            let expected = expect::expectation(op, &ours);
            match expect::agrees(&expected, response) {
                Ok(()) => Verdict::Agrees,
                Err(_) if declines(response) && ours.get("ok") == Some(&Value::Bool(true)) => {
                    Verdict::Declined
                }
                Err(mismatch) => Verdict::Diverges(theirs.clone(), mismatch.to_string()),
            }
        }
    };
    (verdict, ours)
}

fn declines(response: &Value) -> bool {
    response.pointer("/error/code").and_then(Value::as_str) == Some("unsupported_op")
}

/// Runs the differential (`CONF-FUZZ-1`..`CONF-FUZZ-5`).
///
/// # Errors
/// The implementation cannot start, declines everything, or the vector file
/// cannot be written; a divergence is a result, not an error.
pub fn fuzz(options: &FuzzOptions) -> Result<FuzzReport, FuzzError> {
    if options.ops.is_empty() {
        return Err(FuzzError::Ops("--ops: no operation".into()));
    }
    let mut subject = Subject {
        options,
        running: Some(
            Implementation::start(&options.command, options.timeout).map_err(FuzzError::Start)?,
        ),
        next_id: 0,
    };
    let mut handler = Handler::new();
    let mut seed = [0u8; 32];
    for (slot, byte) in seed.iter_mut().zip(options.seed.to_le_bytes()) {
        *slot = byte;
    }
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed),
    );
    let strategy = vec(any::<u8>(), 0..MAX_BYTES);
    let started = Instant::now();
    let mut active: Vec<String> = options.ops.clone();
    let mut answered: Vec<String> = Vec::new();
    let mut declined: Vec<(String, u64)> = Vec::new();
    let mut dropped: Vec<String> = Vec::new();
    let mut cases = 0u64;
    let profile = options.profile.as_deref();
    let make = |bytes: &[u8], ops: &[String]| {
        let ops: Vec<&str> = ops.iter().map(String::as_str).collect();
        requests::request(&mut ByteChoices::new(bytes), &ops, profile)
    };
    loop {
        let more = match options.budget {
            Budget::Time(limit) => started.elapsed() < limit,
            Budget::Cases(limit) => cases < limit,
        };
        if !more {
            break;
        }
        let Ok(mut tree) = strategy.new_tree(&mut runner) else {
            break;
        };
        let ops_now = active.clone();
        let request = make(&tree.current(), &ops_now);
        let op = request
            .get("op")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        match compare_one(&mut subject, &mut handler, &request).0 {
            Verdict::Agrees => {
                cases += 1;
                if !answered.contains(&op) {
                    answered.push(op);
                }
            }
            Verdict::Declined => {
                let count = match declined.iter_mut().find(|(name, _)| *name == op) {
                    Some((_, count)) => {
                        *count += 1;
                        *count
                    }
                    None => {
                        declined.push((op.clone(), 1));
                        1
                    }
                };
                if count >= DECLINES_TO_DROP && !answered.contains(&op) {
                    active.retain(|name| *name != op);
                    dropped.push(op);
                    if active.is_empty() {
                        return Err(FuzzError::AllDeclined(dropped));
                    }
                }
            }
            Verdict::Diverges(..) => {
                cases += 1;
                // Proptest's shrinking over the decisions, then member by member.
                let mut diverges = |candidate: &Value| {
                    matches!(
                        compare_one(&mut subject, &mut handler, candidate).0,
                        Verdict::Diverges(..)
                    )
                };
                let mut smallest = request.clone();
                while tree.simplify() {
                    loop {
                        let candidate = make(&tree.current(), &ops_now);
                        if diverges(&candidate) {
                            if shrink::size(&candidate) <= shrink::size(&smallest) {
                                smallest = candidate;
                            }
                            break;
                        }
                        if !tree.complicate() {
                            break;
                        }
                    }
                }
                let smallest = shrink::shrink(smallest, MEMBER_SHRINK_BUDGET, &mut diverges);
                let (verdict, reference) = compare_one(&mut subject, &mut handler, &smallest);
                let Verdict::Diverges(implementation, difference) = verdict else {
                    // A flaky implementation: the shrunk case agreed when asked again.
                    continue;
                };
                let vector_file =
                    vector::write(&options.out_dir, &smallest, &reference, options.seed)?;
                if let Some(running) = subject.running.take() {
                    running.stop();
                }
                return Ok(FuzzReport {
                    cases,
                    declined,
                    dropped,
                    divergence: Some(Divergence {
                        request: smallest,
                        reference,
                        implementation,
                        difference,
                        original: request,
                        vector_file,
                    }),
                });
            }
        }
    }
    if let Some(running) = subject.running.take() {
        running.stop();
    }
    Ok(FuzzReport {
        cases,
        declined,
        dropped,
        divergence: None,
    })
}
