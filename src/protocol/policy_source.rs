//! Where a request's policy comes from (`PROTO-6`, `PROTO-14`): its `rules`
//! or `policy` member, read from the request's fields or, on the fast path
//! of [`super::Handler`], left as JSON text by the line reader, and built
//! once per distinct text and home by the [`PolicyCache`].

use std::borrow::Cow;
use std::sync::Arc;

use serde_json::{Map, Value};

use super::cache::PolicyCache;
use super::request::home;
use super::ProtocolError;
use crate::policy::{config, Policy};

/// The members that hold a policy: never copied with the other members
/// (a rule list is most of a request, and the same one comes every time).
pub(super) const POLICY_MEMBERS: [&str; 2] = ["rules", "policy"];

/// The policy members as JSON text, when the line reader left them unparsed;
/// `None` members are absent or `null`, or else are in the request's fields.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct RawPolicy<'l> {
    pub rules: Option<&'l str>,
    pub policy: Option<&'l str>,
}

/// A request's policy members and the cache that builds them.
pub(super) struct PolicySource<'l> {
    pub raw: RawPolicy<'l>,
    pub cache: &'l mut PolicyCache,
}

impl PolicySource<'_> {
    /// True when the request gives `rules` or `policy` (not `null`).
    pub(super) fn names_a_policy(&self, fields: &Map<String, Value>) -> bool {
        self.raw.rules.is_some()
            || self.raw.policy.is_some()
            || POLICY_MEMBERS
                .iter()
                .any(|member| given(fields, member).is_some())
    }
}

impl<'l> RawPolicy<'l> {
    /// One policy member: its text if left unparsed, else its value.
    fn member<'a>(self, fields: &'a Map<String, Value>, name: &str) -> Option<Member<'a>>
    where
        'l: 'a,
    {
        let raw = if name == "rules" {
            self.rules
        } else {
            self.policy
        };
        raw.map(Member::Text)
            .or_else(|| given(fields, name).map(Member::Value))
    }
}

/// A policy member, as text or as a value.
#[derive(Clone, Copy)]
enum Member<'a> {
    Text(&'a str),
    Value(&'a Value),
}

impl<'a> Member<'a> {
    fn is_array(self) -> bool {
        match self {
            Self::Text(text) => text.trim_start().starts_with('['),
            Self::Value(value) => value.is_array(),
        }
    }

    fn is_object(self) -> bool {
        match self {
            Self::Text(text) => text.trim_start().starts_with('{'),
            Self::Value(value) => value.is_object(),
        }
    }

    fn text(self) -> Cow<'a, str> {
        match self {
            Self::Text(text) => Cow::Borrowed(text),
            Self::Value(value) => Cow::Owned(value.to_string()),
        }
    }
}

/// A member's value; `null` counts as absent (`PROTO-6`).
pub(super) fn given<'f>(fields: &'f Map<String, Value>, member: &str) -> Option<&'f Value> {
    fields.get(member).filter(|value| !value.is_null())
}

/// The policy of `rules` or `policy` (exactly one), with `home` (`PROTO-6`),
/// built once per distinct text and home (`PROTO-14`).
pub(super) fn policy(
    fields: &Map<String, Value>,
    home_member: Option<String>,
    source: &mut PolicySource<'_>,
) -> Result<Arc<Policy>, ProtocolError> {
    let home = home(home_member)?;
    let raw = source.raw;
    let chosen = match (raw.member(fields, "rules"), raw.member(fields, "policy")) {
        (Some(rules), None) if rules.is_array() => rules,
        (Some(_), None) => return Err(ProtocolError::bad_request("`rules` must be an array")),
        (None, Some(policy)) if policy.is_object() => policy,
        (None, Some(_)) => return Err(ProtocolError::bad_request("`policy` must be an object")),
        (Some(_), Some(_)) => {
            return Err(ProtocolError::bad_request(
                "give `rules` or `policy`, not both",
            ))
        }
        (None, None) => {
            return Err(ProtocolError::bad_request(
                "missing field `rules` or `policy`",
            ))
        }
    };
    let text = chosen.text();
    source.cache.get_or_build(&text, &home, |text| {
        let parsed = config::parse_policy(text, "request", &home)
            .map_err(|error| ProtocolError::bad_request(error.to_string()))?;
        Ok(Policy::from_config(parsed, home.clone()))
    })
}
