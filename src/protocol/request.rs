//! Decoding a request line and reading its fields (`PROTO-2`, `PROTO-5`).

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::cache::PolicyCache;
use super::policy_source::{RawPolicy, POLICY_MEMBERS};
use super::{ErrorCode, ProtocolError};

/// A decoded request: its `id` (echoed), its `op`, and all of its fields.
pub(super) type Request = (Value, String, Map<String, Value>);

/// Decodes one line into a request, or an error response's `id` and error.
pub(super) fn parse_line(line: &[u8]) -> Result<Request, (Value, ProtocolError)> {
    let value = decode(line).map_err(|error| (Value::Null, error))?;
    into_request(value)
}

/// Decodes bytes as one JSON value over Unicode text (`PROTO-5`).
pub(super) fn decode(line: &[u8]) -> Result<Value, ProtocolError> {
    let text = std::str::from_utf8(line).map_err(|error| {
        ProtocolError::new(
            ErrorCode::BadEncoding,
            format!("request line is not UTF-8: {error}"),
        )
    })?;
    serde_json::from_str(text).map_err(|error| {
        if has_lone_surrogate_escape(text) {
            ProtocolError::new(
                ErrorCode::BadEncoding,
                "request line escapes a lone surrogate, which is not a Unicode scalar value",
            )
        } else {
            ProtocolError::new(
                ErrorCode::BadJson,
                format!("request line is not JSON: {error}"),
            )
        }
    })
}

/// A request read with its policy members left as JSON text (`PROTO-14`).
pub(super) struct Lazy<'l> {
    pub id: Value,
    pub op: String,
    /// Every member but the policy members.
    pub fields: Map<String, Value>,
    pub raw: RawPolicy<'l>,
}

/// Reads `line` leaving `rules` and `policy` unparsed, when that gives the
/// request [`parse_line`] gives: the line is UTF-8 and one JSON object,
/// every member, a repeated one included, decodes where it stands, `op` is a
/// string, and each policy member is either a text `cache` has already built
/// (so valid JSON) or decodes too. `None` otherwise: [`parse_line`] then
/// reads the line and gives its error.
pub(super) fn parse_lazy<'l>(line: &'l [u8], cache: &PolicyCache) -> Option<Lazy<'l>> {
    let text = std::str::from_utf8(line).ok()?;
    let Members(members) = serde_json::from_str(text).ok()?;
    let mut fields = Map::new();
    let mut raw = RawPolicy::default();
    // Every occurrence is checked, and a repeated member keeps its last
    // value, as when the line is read whole.
    for (key, member) in members {
        let json = member.get();
        if POLICY_MEMBERS.contains(&key.as_str()) {
            let slot = if key == "rules" {
                &mut raw.rules
            } else {
                &mut raw.policy
            };
            if json.trim() == "null" {
                *slot = None;
                continue;
            }
            if !cache.knows(json) {
                decode_member(json)?;
            }
            *slot = Some(json);
        } else {
            fields.insert(key, decode_member(json)?);
        }
    }
    let id = fields.get("id").cloned().unwrap_or(Value::Null);
    let op = fields.get("op")?.as_str()?.to_owned();
    Some(Lazy {
        id,
        op,
        fields,
        raw,
    })
}

/// Decodes one member's text as the whole-line reading would: one level
/// down, so that the parser's nesting limit falls where it falls there.
fn decode_member(json: &str) -> Option<Value> {
    let nested = format!("[{json}]");
    match decode(nested.as_bytes()).ok()? {
        Value::Array(mut items) if items.len() == 1 => items.pop(),
        _ => None,
    }
}

/// A JSON object's members in order, repeats kept, values left as text: the
/// raw reader skips a value without checking its string escapes, so each
/// occurrence must be decoded on its own.
struct Members<'l>(Vec<(String, &'l RawValue)>);

impl<'de> serde::Deserialize<'de> for Members<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Members<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut members = Vec::new();
                while let Some(member) = map.next_entry()? {
                    members.push(member);
                }
                Ok(Members(members))
            }
        }
        deserializer.deserialize_map(Visitor)
    }
}

/// Checks that a decoded value is a request object with a string `op`.
pub(super) fn into_request(value: Value) -> Result<Request, (Value, ProtocolError)> {
    let Value::Object(fields) = value else {
        let error = ProtocolError::bad_request("a request must be a JSON object");
        return Err((Value::Null, error));
    };
    let id = fields.get("id").cloned().unwrap_or(Value::Null);
    match fields.get("op") {
        Some(Value::String(op)) => Ok((id, op.clone(), fields)),
        Some(_) => Err((id, ProtocolError::bad_request("`op` must be a string"))),
        None => Err((id, ProtocolError::bad_request("missing field `op`"))),
    }
}

/// True when a JSON string in `text` holds a `\uXXXX` escape of a surrogate
/// that is not part of a high-low pair.
///
/// Only consulted after the JSON parser has already rejected the line, to
/// choose between `bad_encoding` and `bad_json`.
pub(super) fn has_lone_surrogate_escape(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut in_string = false;
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        match (in_string, byte) {
            (false, b'"') => in_string = true,
            (true, b'"') => in_string = false,
            (true, b'\\') => {
                if bytes.get(index + 1) == Some(&b'u') {
                    let unit = hex_unit(bytes, index + 2);
                    match unit {
                        Some(0xD800..=0xDBFF) => {
                            let pair = bytes.get(index + 6) == Some(&b'\\')
                                && bytes.get(index + 7) == Some(&b'u')
                                && matches!(hex_unit(bytes, index + 8), Some(0xDC00..=0xDFFF));
                            if !pair {
                                return true;
                            }
                            index += 12;
                            continue;
                        }
                        Some(0xDC00..=0xDFFF) => return true,
                        _ => {}
                    }
                }
                // Skip the escaped character so that `\"` does not end the string.
                index += 2;
                continue;
            }
            _ => {}
        }
        index += 1;
    }
    false
}

/// The code unit spelled by four hex digits at `start`, if there are four.
fn hex_unit(bytes: &[u8], start: usize) -> Option<u32> {
    let digits = bytes.get(start..start + 4)?;
    let digits = std::str::from_utf8(digits).ok()?;
    u32::from_str_radix(digits, 16).ok()
}

/// The request's `home`, or the server process's home directory when it gave
/// none (absent or `null`, `PROTO-6`).
pub(super) fn home(given: Option<String>) -> Result<String, ProtocolError> {
    given.or_else(process_home).ok_or_else(|| {
        ProtocolError::bad_request("no `home` given and the server has no HOME directory")
    })
}

/// The server's home directory: `HOME` when set and non-empty, as Node's `os.homedir()`.
fn process_home() -> Option<String> {
    std::env::var("HOME")
        .ok()
        .filter(|home| !home.is_empty())
        .or_else(|| std::env::home_dir().and_then(|path| path.to_str().map(str::to_owned)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// PROTO-5: lone surrogate escapes are told apart from paired ones.
    #[test]
    fn lone_surrogates_are_detected_only_when_unpaired() {
        const ROWS: &[(&str, &str, bool)] = &[
            ("lone high", r#"{"v":"\ud800"}"#, true),
            ("lone low", r#"{"v":"\udc00"}"#, true),
            ("high then text", r#"{"v":"\ud800x"}"#, true),
            ("two highs", r#"{"v":"\ud800\ud800"}"#, true),
            ("pair", r#"{"v":"\ud83d\ude00"}"#, false),
            ("escaped backslash then u", r#"{"v":"\\ud800"}"#, false),
            ("outside a string", r#"{"v":1} \ud800"#, false),
            ("plain escape", r#"{"v":"\u0041"}"#, false),
            ("truncated", r#"{"v":"\ud8"#, false),
        ];
        for (label, text, lone) in ROWS {
            assert_eq!(has_lone_surrogate_escape(text), *lone, "{label}");
        }
    }

    /// PROTO-2, PROTO-14: the lazy reading gives a line exactly what the
    /// whole-line reading gives, or steps aside. Each row is a line the
    /// whole-line reading rejects and a member-by-member reading could
    /// accept (the fuzz target `protocol` found the first).
    #[test]
    fn lazy_reading_never_accepts_a_line_the_whole_reading_rejects() {
        let nested = |depth: usize| {
            format!(
                r#"{{"id":2,"op":"units","command":"a","x":{}{}}}"#,
                "[".repeat(depth),
                "]".repeat(depth)
            )
        };
        let rows: Vec<(&str, String)> = vec![
            (
                "an invalid member repeated with a valid one",
                r#"{"id":2,"op":"units","command":"a","x":"\ud800","x":1}"#.into(),
            ),
            (
                "an invalid id repeated with a valid one",
                r#"{"id":"\udc00","id":2,"op":"units","command":"a"}"#.into(),
            ),
            (
                "an invalid policy member repeated with null",
                r#"{"id":2,"op":"units","command":"a","rules":"\ud800","rules":null}"#.into(),
            ),
        ];
        // The deepest member the whole reading accepts, wherever the
        // parser's limit puts it; one level more must be refused by both.
        let deepest = (1..1000)
            .take_while(|&depth| parse_line(nested(depth).as_bytes()).is_ok())
            .last()
            .expect("a shallow member is accepted");
        let mut rows = rows;
        rows.push(("a member nested past the limit", nested(deepest + 1)));
        let cache = PolicyCache::default();
        for (label, line) in &rows {
            assert!(
                parse_line(line.as_bytes()).is_err(),
                "{label}: the row must be a line the whole reading rejects"
            );
            assert!(
                parse_lazy(line.as_bytes(), &cache).is_none(),
                "{label}: the lazy reading accepted {line}"
            );
        }
        let line = nested(deepest);
        assert!(parse_line(line.as_bytes()).is_ok());
        assert!(parse_lazy(line.as_bytes(), &cache).is_some());
    }
}
