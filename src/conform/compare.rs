//! Comparing a response with a vector's expectation (`CONF-RUN-4`, `CONF-RUN-5`).

use serde::Serialize;
use serde_json::{Map, Value};

use super::vectors::Latitude;

/// The event whose `details.error` the `exception-message` latitude frees.
const EXCEPTION_EVENT: &str = "inner_cmd.exception";

/// The first difference between an expectation and a response.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mismatch {
    /// Where, as a JSON Pointer into the response (`""` is the whole response).
    pub path: String,
    /// What the vector expects there; `None` when it expects nothing (an extra key).
    #[serde(serialize_with = "super::brief::serialize_brief")]
    pub expected: Option<Value>,
    /// What the response has there; `None` when it has nothing.
    #[serde(serialize_with = "super::brief::serialize_brief")]
    pub got: Option<Value>,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let path = if self.path.is_empty() {
            "/"
        } else {
            &self.path
        };
        let show = |value: &Option<Value>| {
            value
                .as_ref()
                .map_or_else(|| "nothing".to_owned(), super::brief::brief_json)
        };
        write!(
            f,
            "at {path}: expected {}, got {}",
            show(&self.expected),
            show(&self.got)
        )
    }
}

impl std::error::Error for Mismatch {}

/// Checks that `response` satisfies `expected` under `latitude` (`CONF-RUN-4`, `CONF-RUN-5`).
///
/// - `expected` with an `errorCode` key: the response must have `ok: false`
///   and `error.code` equal to it.
/// - otherwise the response must have `ok: true`.
/// - every other key of `expected` must be present in the response with a
///   deep-equal value; keys the vector does not name are not compared;
///   arrays compare whole (order and length), objects compare whole.
/// - the difference reported is the smallest (`CONF-RUN-9`): the deepest
///   first differing member or element; arrays equal up to the shorter
///   length differ at the first element one side lacks.
/// - latitude `exception-message`: inside an object whose `event` is
///   `inner_cmd.exception`, `details.error` may be any string.
///
/// # Errors
/// The first difference found.
pub fn compare(
    expected: &Map<String, Value>,
    latitude: &[Latitude],
    response: &Value,
) -> Result<(), Box<Mismatch>> {
    let lenient = latitude.contains(&Latitude::ExceptionMessage);
    let Value::Object(got) = response else {
        return Err(mismatch(
            "",
            &Value::Object(expected.clone()),
            Some(response),
        ));
    };
    let expect_error = expected.get("errorCode");
    // `ok` first: whether the request was answered at all is the most useful difference.
    let implied_ok = Value::Bool(expect_error.is_none());
    let expected_ok = expected.get("ok").unwrap_or(&implied_ok);
    equal(expected_ok, got.get("ok"), "/ok", lenient)?;
    if let Some(code) = expect_error {
        let got_code = got.get("error").and_then(|error| error.get("code"));
        equal(code, got_code, "/error/code", lenient)?;
    }
    let rest = expected
        .iter()
        .filter(|(key, _)| *key != "errorCode" && *key != "ok");
    for (key, value) in rest {
        equal(value, got.get(key), &pointer("", key), lenient)?;
    }
    Ok(())
}

/// Deep equality, reporting the first difference.
fn equal(
    expected: &Value,
    got: Option<&Value>,
    path: &str,
    lenient: bool,
) -> Result<(), Box<Mismatch>> {
    let Some(got) = got else {
        return Err(mismatch(path, expected, None));
    };
    match (expected, got) {
        (Value::Array(want), Value::Array(have)) => {
            for (index, (want, have)) in want.iter().zip(have).enumerate() {
                equal(
                    want,
                    Some(have),
                    &pointer(path, &index.to_string()),
                    lenient,
                )?;
            }
            // Equal up to the shorter length: the smallest difference is the
            // first element one side has and the other lacks.
            let index = want.len().min(have.len());
            match (want.get(index), have.get(index)) {
                (None, None) => Ok(()),
                (want, have) => Err(Box::new(Mismatch {
                    path: pointer(path, &index.to_string()),
                    expected: want.cloned(),
                    got: have.cloned(),
                })),
            }
        }
        (Value::Object(want), Value::Object(have)) => {
            let exception = lenient && want.get("event") == Some(&Value::from(EXCEPTION_EVENT));
            equal_objects(want, have, path, lenient, exception)
        }
        _ if expected == got => Ok(()),
        _ => Err(mismatch(path, expected, Some(got))),
    }
}

/// Objects compare whole: the same keys, deep-equal values.
///
/// `exception` marks an `inner_cmd.exception` event under the
/// `exception-message` latitude: its `details.error` need only be a string.
fn equal_objects(
    want: &Map<String, Value>,
    have: &Map<String, Value>,
    path: &str,
    lenient: bool,
    exception: bool,
) -> Result<(), Box<Mismatch>> {
    for (key, value) in want {
        let here = pointer(path, key);
        match (exception, key.as_str(), value, have.get(key)) {
            (true, "details", Value::Object(want_details), Some(Value::Object(have_details))) => {
                let mut want_details = want_details.clone();
                let mut have_details = have_details.clone();
                let error_path = pointer(&here, "error");
                match (want_details.remove("error"), have_details.remove("error")) {
                    (Some(_), Some(Value::String(_))) | (None, None) => {}
                    (Some(want_error), have_error) => {
                        return Err(mismatch(&error_path, &want_error, have_error.as_ref()));
                    }
                    (None, Some(have_error)) => {
                        return Err(Box::new(Mismatch {
                            path: error_path,
                            expected: None,
                            got: Some(have_error),
                        }));
                    }
                }
                equal_objects(&want_details, &have_details, &here, lenient, false)?;
            }
            (_, _, _, got) => equal(value, got, &here, lenient)?,
        }
    }
    if let Some((key, extra)) = have.iter().find(|(key, _)| !want.contains_key(*key)) {
        // An extra key in a compared object is a difference: objects compare whole.
        return Err(Box::new(Mismatch {
            path: pointer(path, key),
            expected: None,
            got: Some(extra.clone()),
        }));
    }
    Ok(())
}

/// Appends one escaped JSON Pointer segment.
fn pointer(path: &str, segment: &str) -> String {
    format!("{path}/{}", segment.replace('~', "~0").replace('/', "~1"))
}

fn mismatch(path: &str, expected: &Value, got: Option<&Value>) -> Box<Mismatch> {
    Box::new(Mismatch {
        path: path.to_owned(),
        expected: Some(expected.clone()),
        got: got.cloned(),
    })
}
