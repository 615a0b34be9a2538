//! The `protocol` target: any line gets exactly one well-formed response.

use serde_json::Value;

use crate::policy::reference;
use crate::policy::units::enumerate;
use crate::protocol::{handle_line, ErrorCode};

/// Every error code of `PROTO-3` except `internal`, which is a server failure.
const EXPECTED_CODES: [ErrorCode; 7] = [
    ErrorCode::BadJson,
    ErrorCode::BadEncoding,
    ErrorCode::BadRequest,
    ErrorCode::UnknownOp,
    ErrorCode::UnsupportedOp,
    ErrorCode::LineTooLong,
    ErrorCode::LimitExceeded,
];

/// Fuzz check for the JSON-lines server's line handler (`PROTO-2`, `PROTO-3`,
/// `PROTO-5`, `PROTO-7`, `PROTO-8`).
///
/// Input: one request line (without its newline), any bytes. Checks that
/// [`handle_line`] answers exactly one line (`PROTO-2`) holding a JSON object
/// with a boolean `ok` and an `id` (`PROTO-2`); that the `id` echoes the
/// request's `id` when the line is a JSON object, and is `null` otherwise
/// (`PROTO-2`); that an error has a string message and a code from the
/// closed list, never `internal` (`PROTO-3`, `PROTO-5`); that a line that is
/// not UTF-8 is `bad_encoding` (`PROTO-5`); that a successful `match` with
/// an explicit `home` agrees with the reference matcher (`PROTO-7`); and that
/// `units` answers the command's enumerated units, or `limit_exceeded`
/// exactly when enumeration stops at a limit (`PROTO-8`).
///
/// # Panics
/// When one of these properties is violated: that is a bug in the server.
pub fn protocol(data: &[u8]) {
    let line = handle_line(data);
    assert!(
        !line.contains('\n'),
        "PROTO-2: the response to {data:?} spans several lines: {line}"
    );
    let response: Value = serde_json::from_str(&line)
        .unwrap_or_else(|error| panic!("PROTO-2: response {line} is not JSON: {error}"));
    let Some(object) = response.as_object() else {
        panic!("PROTO-2: response {line} is not a JSON object");
    };
    let Some(ok) = object.get("ok").and_then(Value::as_bool) else {
        panic!("PROTO-2: response {line} has no boolean `ok`");
    };
    let request: Option<Value> = std::str::from_utf8(data)
        .ok()
        .and_then(|text| serde_json::from_str(text).ok());
    let expected_id = match &request {
        Some(Value::Object(fields)) => fields.get("id").cloned().unwrap_or(Value::Null),
        _ => Value::Null,
    };
    assert_eq!(
        object.get("id"),
        Some(&expected_id),
        "PROTO-2: response {line} does not echo the request's id"
    );

    if std::str::from_utf8(data).is_err() {
        assert_eq!(
            error_code(object),
            Some(ErrorCode::BadEncoding.as_str()),
            "PROTO-5: non-UTF-8 line answered {line}"
        );
    }
    let request_fields = match &request {
        Some(Value::Object(fields)) => Some(fields),
        _ => None,
    };
    let text = |name: &str| {
        request_fields
            .and_then(|f| f.get(name))
            .and_then(Value::as_str)
    };
    if let (Some("units"), Some(command)) = (text("op"), text("command")) {
        let expected = enumerate(command).map(|units| serde_json::to_value(units).ok());
        match expected {
            Ok(units) => assert_eq!(
                object.get("units"),
                units.as_ref(),
                "PROTO-8: `units` answered {line}, the enumeration gives {units:?}"
            ),
            Err(error) => assert_eq!(
                error_code(object),
                Some(ErrorCode::LimitExceeded.as_str()),
                "PROTO-8: `units` answered {line}, the enumeration stopped: {error}"
            ),
        }
    }
    if !ok {
        let code = error_code(object);
        assert!(
            EXPECTED_CODES.iter().any(|c| Some(c.as_str()) == code),
            "PROTO-3, PROTO-5: error code {code:?} of {line} is not an expected code"
        );
        let message = object
            .get("error")
            .and_then(|error| error.get("message"))
            .and_then(Value::as_str);
        assert!(message.is_some(), "PROTO-2: error of {line} has no message");
        return;
    }
    if let (Some("match"), Some(pattern), Some(value), Some(home)) =
        (text("op"), text("pattern"), text("value"), text("home"))
    {
        let expected = reference::is_match(pattern, value, home);
        assert_eq!(
            object.get("matched"),
            Some(&Value::Bool(expected)),
            "PROTO-7: `match` answered {line}, the reference matcher says {expected}"
        );
    }
}

/// The `error.code` of a response object, if any.
fn error_code(object: &serde_json::Map<String, Value>) -> Option<&str> {
    object
        .get("error")
        .and_then(|error| error.get("code"))
        .and_then(Value::as_str)
}
