//! Why a policy file was refused (`POL-CONFIG-6`).

use std::fmt;

/// A policy file that cannot be used. Every variant names the file and,
/// where there is one, the offending key (as a dotted path such as
/// `permission.bash."rm *"`). A refused file is never replaced by a default.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConfigError {
    /// The file could not be read (an explicitly named file that is missing, a directory, …).
    Read {
        /// The file.
        file: String,
        /// The operating system's message.
        message: String,
    },
    /// The file (after comment stripping) is not JSON.
    NotJson {
        /// The file.
        file: String,
        /// The parser's message.
        message: String,
    },
    /// A key the format does not define.
    UnknownKey {
        /// The file.
        file: String,
        /// The unknown key.
        key: String,
    },
    /// A value of the wrong JSON type (or out of its range).
    WrongType {
        /// The file.
        file: String,
        /// The key holding it (`(root)` for the whole document).
        key: String,
        /// What the format expects there.
        expected: &'static str,
    },
    /// A state other than `allow`, `ask` or `deny` (e.g. `"maybe"`).
    UnknownState {
        /// The file.
        file: String,
        /// The key holding it.
        key: String,
        /// The state as written.
        value: String,
    },
    /// An empty surface name or pattern key.
    EmptyKey {
        /// The file.
        file: String,
        /// The map holding the empty key.
        key: String,
    },
    /// A setting this reference policy does not model, so it cannot answer
    /// for a file that uses it (e.g. `yoloMode: true`).
    Unsupported {
        /// The file.
        file: String,
        /// The setting.
        key: String,
        /// Why it is refused.
        reason: &'static str,
    },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Read { file, message } => write!(f, "{file}: cannot read: {message}"),
            Self::NotJson { file, message } => write!(f, "{file}: not JSON: {message}"),
            Self::UnknownKey { file, key } => write!(f, "{file}: unknown key {key}"),
            Self::WrongType {
                file,
                key,
                expected,
            } => {
                write!(f, "{file}: {key}: expected {expected}")
            }
            Self::UnknownState { file, key, value } => write!(
                f,
                "{file}: {key}: unknown state {value:?} (expected \"allow\", \"ask\" or \"deny\")"
            ),
            Self::EmptyKey { file, key } => write!(f, "{file}: {key}: empty key"),
            Self::Unsupported { file, key, reason } => {
                write!(f, "{file}: {key}: unsupported: {reason}")
            }
        }
    }
}

impl std::error::Error for ConfigError {}

/// Renders a key path: plain identifiers bare, anything else JSON-quoted.
pub(super) fn key_path(segments: &[&str]) -> String {
    if segments.is_empty() {
        return "(root)".to_owned();
    }
    segments
        .iter()
        .map(|segment| {
            let plain = !segment.is_empty()
                && segment
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
            if plain {
                (*segment).to_owned()
            } else {
                serde_json::Value::String((*segment).to_owned()).to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(".")
}
