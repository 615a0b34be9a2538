//! Log events of the authorizer (spec chapter 5, `EVT-*`).
//!
//! Every decision emits at most one event. Its wire form is exactly
//! `{"level": …, "event": "inner_cmd.…", "details": {…}}` with camelCase
//! detail fields; downstream analysis joins on the `review` events
//! (`inner_cmd.allow`, `inner_cmd.deny`) through `requestId`.

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::recognize::Wrapper;

/// How loud an event is (`EVT-1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// A decisive outcome someone may audit: allow or deny.
    Review,
    /// Why the authorizer deferred.
    Debug,
}

impl Level {
    /// `"review"` or `"debug"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Review => "review",
            Self::Debug => "debug",
        }
    }
}

/// One authorizer event; one variant per event name (`EVT-3`).
///
/// `command` is always the *full* command (the input as the agent wrote it,
/// before stripping); `inner_command` is the wrapper grammar's inner capture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// `inner_cmd.allow` (review): the de-wrapped full command was allowed.
    Allow {
        /// The gate's request id.
        request_id: String,
        /// The full command.
        command: String,
        /// The inner command.
        inner_command: String,
    },
    /// `inner_cmd.deny` (review): the de-wrapped full command was denied.
    Deny {
        /// The gate's request id.
        request_id: String,
        /// The full command.
        command: String,
        /// The inner command.
        inner_command: String,
    },
    /// `inner_cmd.inner_ask` (debug): the policy answered ask.
    InnerAsk {
        /// The full command.
        command: String,
        /// The inner command.
        inner_command: String,
    },
    /// `inner_cmd.session_mismatch` (debug).
    SessionMismatch {
        /// The session the authorizer was registered for.
        expected_session_id: String,
        /// The live session id read at decision time.
        current_session_id: String,
    },
    /// `inner_cmd.unsupported_wrapper_syntax` (debug): wrapper word, grammar mismatch.
    UnsupportedWrapperSyntax {
        /// The full command.
        command: String,
        /// Which wrapper's word the unit starts with.
        wrapper: Wrapper,
    },
    /// `inner_cmd.nested_wrapper` (debug): the inner command is itself a wrapper.
    NestedWrapper {
        /// The full command.
        command: String,
        /// The inner command (itself a recognized wrapper).
        inner_command: String,
        /// The outer wrapper.
        wrapper: Wrapper,
    },
    /// `inner_cmd.wrapper_not_located` (debug): the unit is not in the full command exactly once.
    WrapperNotLocated {
        /// The full command.
        command: String,
    },
    /// `inner_cmd.env_non_transparent` (debug).
    EnvNonTransparent {
        /// The full command.
        command: String,
    },
    /// `inner_cmd.xargs_non_transparent` (debug).
    XargsNonTransparent {
        /// The full command.
        command: String,
    },
    /// `inner_cmd.dewrap_changes_parse` (debug, hardened profile only,
    /// `HARD-DEWRAP-1`): the de-wrapped command does not parse as the full
    /// command with the wrapper replaced by its inner command.
    DewrapChangesParse {
        /// The full command.
        command: String,
        /// The inner command.
        inner_command: String,
    },
    /// `inner_cmd.exception` (debug): something failed; keeps what was derived.
    Exception {
        /// The failure, as text.
        error: String,
        /// The full command, once known.
        command: Option<String>,
        /// The inner command, once known.
        inner_command: Option<String>,
    },
}

impl Event {
    /// The event name, e.g. `"inner_cmd.allow"`.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Self::Allow { .. } => "inner_cmd.allow",
            Self::Deny { .. } => "inner_cmd.deny",
            Self::InnerAsk { .. } => "inner_cmd.inner_ask",
            Self::SessionMismatch { .. } => "inner_cmd.session_mismatch",
            Self::UnsupportedWrapperSyntax { .. } => "inner_cmd.unsupported_wrapper_syntax",
            Self::NestedWrapper { .. } => "inner_cmd.nested_wrapper",
            Self::WrapperNotLocated { .. } => "inner_cmd.wrapper_not_located",
            Self::EnvNonTransparent { .. } => "inner_cmd.env_non_transparent",
            Self::XargsNonTransparent { .. } => "inner_cmd.xargs_non_transparent",
            Self::DewrapChangesParse { .. } => "inner_cmd.dewrap_changes_parse",
            Self::Exception { .. } => "inner_cmd.exception",
        }
    }

    /// `Review` for allow and deny, `Debug` for everything else (`EVT-1`).
    #[must_use]
    pub const fn level(&self) -> Level {
        match self {
            Self::Allow { .. } | Self::Deny { .. } => Level::Review,
            _ => Level::Debug,
        }
    }

    /// One `details` field by its wire name (`innerCommand`, `wrapper`, …).
    #[must_use]
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields()
            .into_iter()
            .find_map(|(key, value)| (key == name).then_some(value))
    }

    /// The `details` fields in wire order, camelCase; absent optional fields are omitted.
    #[must_use]
    pub fn fields(&self) -> Vec<(&'static str, &str)> {
        match self {
            Self::Allow {
                request_id,
                command,
                inner_command,
            }
            | Self::Deny {
                request_id,
                command,
                inner_command,
            } => vec![
                ("requestId", request_id),
                ("command", command),
                ("innerCommand", inner_command),
            ],
            Self::InnerAsk {
                command,
                inner_command,
            }
            | Self::DewrapChangesParse {
                command,
                inner_command,
            } => vec![("command", command), ("innerCommand", inner_command)],
            Self::SessionMismatch {
                expected_session_id,
                current_session_id,
            } => vec![
                ("expectedSessionId", expected_session_id),
                ("currentSessionId", current_session_id),
            ],
            Self::UnsupportedWrapperSyntax { command, wrapper } => {
                vec![("command", command), ("wrapper", wrapper.word())]
            }
            Self::NestedWrapper {
                command,
                inner_command,
                wrapper,
            } => vec![
                ("command", command),
                ("innerCommand", inner_command),
                ("wrapper", wrapper.word()),
            ],
            Self::WrapperNotLocated { command }
            | Self::EnvNonTransparent { command }
            | Self::XargsNonTransparent { command } => vec![("command", command)],
            Self::Exception {
                error,
                command,
                inner_command,
            } => {
                let mut fields = vec![("error", error.as_str())];
                if let Some(command) = command {
                    fields.push(("command", command));
                }
                if let Some(inner) = inner_command {
                    fields.push(("innerCommand", inner));
                }
                fields
            }
        }
    }
}

struct Details<'a>(&'a Event);

impl Serialize for Details<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fields = self.0.fields();
        let mut map = serializer.serialize_map(Some(fields.len()))?;
        for (key, value) in fields {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl Serialize for Event {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("level", self.level().as_str())?;
        map.serialize_entry("event", self.name())?;
        map.serialize_entry("details", &Details(self))?;
        map.end()
    }
}
