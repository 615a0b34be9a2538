//! What an implementation must answer to agree with the reference
//! (`CONF-FUZZ-3`): the reference's answer, cut to the members the protocol
//! specifies for the operation, compared as a vector's `expected` is.

use serde_json::{Map, Value};

use crate::conform::{compare, Latitude, Mismatch};

/// The members the protocol specifies in a successful answer of `op`
/// (`PROTO-7`..`PROTO-11`); an implementation may add others (`PROTO-11`).
fn specified(op: &str) -> &'static [&'static str] {
    match op {
        "match" => &["matched"],
        "units" => &["units"],
        "check" | "advisory" => &[
            "state",
            "matchedPattern",
            "command",
            "commandContext",
            "units",
        ],
        "authorize" => &["verdict", "events", "queries"],
        _ => &["outcome", "gate", "authorizer", "details"],
    }
}

/// The clause of the protocol that specifies `op`'s answer.
#[must_use]
pub fn clause(op: &str) -> &'static str {
    match op {
        "match" => "PROTO-7",
        "units" => "PROTO-8",
        "check" | "advisory" => "PROTO-9",
        "authorize" => "PROTO-10",
        _ => "PROTO-11",
    }
}

/// The expectation the reference's `answer` to an `op` request sets: its
/// error code when it refused, else its specified members.
#[must_use]
pub fn expectation(op: &str, answer: &Value) -> Map<String, Value> {
    let mut expected = Map::new();
    if answer.get("ok") == Some(&Value::Bool(false)) {
        expected.insert("ok".into(), Value::Bool(false));
        let code = answer
            .pointer("/error/code")
            .cloned()
            .unwrap_or(Value::Null);
        expected.insert("errorCode".into(), code);
        return expected;
    }
    for member in specified(op) {
        if let Some(value) = answer.get(*member) {
            expected.insert((*member).to_owned(), value.clone());
        }
    }
    expected
}

/// Whether `theirs` agrees with the reference's expectation; the
/// `exception-message` latitude applies, as in every vector (`CONF-RUN-5`).
///
/// # Errors
/// The smallest difference (`CONF-RUN-9`).
pub fn agrees(expected: &Map<String, Value>, theirs: &Value) -> Result<(), Box<Mismatch>> {
    compare(expected, &[Latitude::ExceptionMessage], theirs)
}
