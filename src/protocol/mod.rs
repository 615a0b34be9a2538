//! The oracle protocol (spec chapter 9, `PROTO-*`; `spec/protocol.md`).
//!
//! JSON Lines over stdin/stdout: the server writes one handshake line, then
//! answers every request line with exactly one response line, in order. Any
//! implementation of the spec can speak it, which is what lets the
//! conformance runner (`crate::conform`) check implementations written in
//! other languages.
//!
//! [`handle_line`] is pure (bytes in, one JSON line out) so that tests and
//! fuzz targets drive it without a process; [`server::serve`] adds the
//! bounded line reader around it.

pub mod cache;
mod error;
mod ops;
mod policy_source;
mod request;
pub mod server;

use serde_json::{Map, Value};

pub use cache::PolicyCache;
pub use error::{ErrorCode, ProtocolError};
pub use ops::OPERATIONS;

/// The protocol version announced in the handshake (`PROTO-1`).
pub const PROTOCOL_VERSION: u64 = 1;

/// The version of `spec/SPEC.md` this crate implements (`PROTO-1`).
pub const SPEC_VERSION: &str = "0.1.0";

/// The longest request line the server reads, in bytes, without its newline (`PROTO-4`).
///
/// 8 MiB: far above any real command, and low enough that a hostile line cannot
/// make the server buffer unbounded input.
pub const MAX_LINE_BYTES: usize = 8 * 1024 * 1024;

/// The handshake line (without its newline) the server writes first (`PROTO-1`).
#[must_use]
pub fn handshake() -> String {
    let mut line = Map::new();
    line.insert("protocol".into(), Value::from(PROTOCOL_VERSION));
    line.insert("spec".into(), Value::from(SPEC_VERSION));
    line.insert(
        "implementation".into(),
        Value::from(format!("inner-cmd-spec {}", env!("CARGO_PKG_VERSION"))),
    );
    Value::Object(line).to_string()
}

/// Answers one request line (without its newline) with one response line (`PROTO-2`..`PROTO-5`).
///
/// Never panics on any input: every failure becomes an error response
/// `{"id":…,"ok":false,"error":{"code":…,"message":…}}`. Builds its policy
/// afresh; a [`Handler`] keeps built policies between lines.
#[must_use]
pub fn handle_line(line: &[u8]) -> String {
    Handler::new().handle_line(line)
}

/// Answers request lines as one server does, keeping the policies it built
/// (`PROTO-14`): the same answers as [`handle_line`], without rebuilding the
/// same rules for every request.
#[derive(Debug, Default)]
pub struct Handler {
    policies: PolicyCache,
}

impl Handler {
    /// A handler with nothing built yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Answers one request line, as [`handle_line`] does.
    #[must_use]
    pub fn handle_line(&mut self, line: &[u8]) -> String {
        answer_line(line, &mut self.policies)
    }

    /// The policies kept so far.
    #[must_use]
    pub fn policies(&self) -> &PolicyCache {
        &self.policies
    }
}

fn answer_line(line: &[u8], policies: &mut PolicyCache) -> String {
    // The policy members left as text when the line allows it (PROTO-14):
    // a policy already built is then found by its text, never parsed again.
    let read = match request::parse_lazy(line, policies) {
        Some(lazy) => Ok((lazy.id, lazy.op, lazy.fields, lazy.raw)),
        None => request::parse_line(line)
            .map(|(id, op, fields)| (id, op, fields, policy_source::RawPolicy::default())),
    };
    let (id, result) = match read {
        Ok((id, op, fields, raw)) => {
            let mut source = policy_source::PolicySource {
                raw,
                cache: policies,
            };
            // A panic would be a bug in this crate; it must still not kill the
            // server or desynchronize the stream (PROTO-5).
            let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                ops::dispatch(&op, &fields, &mut source)
            }))
            .unwrap_or_else(|_| {
                Err(ProtocolError::new(
                    ErrorCode::Internal,
                    "the server failed while answering this request",
                ))
            });
            (id, answer)
        }
        Err((id, error)) => (id, Err(error)),
    };
    response(id, result).to_string()
}

/// Answers the single `decide` request of `inner-cmd decide` (`PROTO-13`).
///
/// `op` may be omitted; any other `op` is rejected.
///
/// # Errors
/// The request is malformed or not a `decide` request; the answer itself is
/// never an error.
pub fn answer_decide(input: &[u8]) -> Result<String, ProtocolError> {
    let mut value = request::decode(input)?;
    if let Value::Object(fields) = &mut value {
        fields.entry("op").or_insert_with(|| Value::from("decide"));
    }
    let (id, op, fields) = request::into_request(value).map_err(|(_, error)| error)?;
    if op != "decide" {
        return Err(ProtocolError::bad_request(format!(
            "`inner-cmd decide` answers only `decide` requests, not `{op}`"
        )));
    }
    let mut cache = PolicyCache::new();
    let mut source = policy_source::PolicySource {
        raw: policy_source::RawPolicy::default(),
        cache: &mut cache,
    };
    let fields = ops::dispatch(&op, &fields, &mut source)?;
    Ok(response(id, Ok(fields)).to_string())
}

/// The response for an over-long line, whose content the server never reads (`PROTO-4`).
#[must_use]
pub fn line_too_long_response() -> String {
    let error = ProtocolError::new(
        ErrorCode::LineTooLong,
        format!("request line longer than {MAX_LINE_BYTES} bytes; discarded"),
    );
    response(Value::Null, Err(error)).to_string()
}

/// Builds a response object: `id` first, then `ok`, then the answer's fields.
fn response(id: Value, result: Result<Map<String, Value>, ProtocolError>) -> Value {
    let mut out = Map::new();
    out.insert("id".into(), id);
    match result {
        Ok(fields) => {
            out.insert("ok".into(), Value::Bool(true));
            for (key, value) in fields {
                // `id` and `ok` belong to the envelope; an answer never overrides them.
                if key != "id" && key != "ok" {
                    out.insert(key, value);
                }
            }
        }
        Err(error) => {
            out.insert("ok".into(), Value::Bool(false));
            out.insert("error".into(), error.to_json());
        }
    }
    Value::Object(out)
}
