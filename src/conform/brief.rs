//! Showing what an implementation sent without dumping it (`CONF-RUN-9`):
//! long values are cut, control characters are escaped.

use serde_json::Value;

/// The longest value, as JSON text, a report shows whole (`CONF-RUN-9`).
pub const SHOWN_WHOLE: usize = 8 * 1024;

/// How much of a longer value a report shows.
pub const PREVIEW: usize = 512;

/// `text` with every control character written as `\u{XXXX}`, so that no
/// raw terminal escape of an implementation reaches the reader's terminal.
#[must_use]
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.push_str(&format!("\\u{{{:04X}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` made printable, cut to [`PREVIEW`] characters when it is longer
/// than [`SHOWN_WHOLE`] bytes, the cut saying how long it was.
#[must_use]
pub fn brief_text(text: &str) -> String {
    if text.len() <= SHOWN_WHOLE {
        return printable(text);
    }
    let head: String = text.chars().take(PREVIEW).collect();
    format!("{}… ({} bytes in all)", printable(&head), text.len())
}

/// A JSON value as [`brief_text`] shows its JSON text.
#[must_use]
pub fn brief_json(value: &Value) -> String {
    brief_text(&value.to_string())
}

/// `value` itself when its JSON text is at most [`SHOWN_WHOLE`] bytes, else
/// the string [`brief_json`] makes of it: what `--json` carries for an
/// oversized request or response (`CONF-RUN-9`).
#[must_use]
pub fn brief_value(value: &Value) -> Value {
    let text = value.to_string();
    if text.len() <= SHOWN_WHOLE {
        value.clone()
    } else {
        Value::String(brief_text(&text))
    }
}

/// Serializes an optional value as [`brief_value`] shows it.
///
/// # Errors
/// The serializer's.
#[allow(clippy::ref_option)] // the signature serde's `serialize_with` calls
pub fn serialize_brief<S: serde::Serializer>(
    value: &Option<Value>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::Serialize;
    value.as_ref().map(brief_value).serialize(serializer)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CONF-RUN-9: a long value is named by its length, not dumped; a short one is whole.
    #[test]
    fn long_values_are_cut_and_short_ones_kept() {
        let short = serde_json::json!({"command": "ls\u{1b}[2J"});
        assert_eq!(brief_value(&short), short);
        assert_eq!(brief_json(&short), r#"{"command":"ls\u001b[2J"}"#);
        assert_eq!(printable("a\u{1b}b"), "a\\u{001B}b");
        let long = serde_json::json!({"command": "x".repeat(SHOWN_WHOLE)});
        let Value::String(cut) = brief_value(&long) else {
            panic!("a long value becomes its preview");
        };
        let total = long.to_string().len();
        assert!(cut.ends_with(&format!("… ({total} bytes in all)")), "{cut}");
        assert_eq!(
            cut.chars().count(),
            PREVIEW + format!("… ({total} bytes in all)").chars().count()
        );
        // A cut never splits a character.
        let wide = "é".repeat(SHOWN_WHOLE);
        assert!(brief_text(&wide).starts_with(&"é".repeat(PREVIEW)));
    }
}
