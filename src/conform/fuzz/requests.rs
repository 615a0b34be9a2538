//! The requests `inner-cmd fuzz` sends (`CONF-FUZZ-2`): the crate's
//! generators (`src/gen`) drawn into protocol requests, one operation each.

use serde_json::{json, Map, Value};

use crate::gen::policy_cases::{self, HOMES};
use crate::gen::{build, Choices, Weights};

/// The operations of the protocol, as `--ops` names them (`PROTO-12`).
pub use crate::protocol::OPERATIONS;

/// Values an edit inserts or substitutes: each one a place where matchers
/// commonly differ (a regex metacharacter, a newline, a character outside
/// the BMP, a path separator, a space).
const EDITS: &[&str] = &["x", ".", "\n", "🦀", "/", " ", "*", "+", "?"];

/// One request for one of `ops` (never empty), without `id`; `profile`, when
/// given, is sent with every operation that takes one (`HARD-1`).
pub fn request(c: &mut impl Choices, ops: &[&str], profile: Option<&str>) -> Value {
    let op = ops.get(c.choose(ops.len())).copied().unwrap_or("match");
    let fields = match op {
        "match" => match_request(c),
        "units" => json!({"command": policy_cases::command(c)}),
        "check" | "advisory" => policy_request(c),
        "authorize" => authorize_request(c),
        _ => decide_request(c),
    };
    let mut request = Map::new();
    request.insert("op".into(), Value::from(op));
    if let Value::Object(fields) = fields {
        request.extend(fields);
    }
    if let (Some(profile), false) = (profile, op == "match") {
        request.insert("profile".into(), Value::from(profile));
    }
    Value::Object(request)
}

/// A pattern and a value that matches it, or one edit away from one.
fn match_request(c: &mut impl Choices) -> Value {
    let (pattern, mut value, home) = policy_cases::match_pair(c);
    match c.weighted(&[4, 1, 3]) {
        0 => {}
        // The arguments of a trailing ` *` are optional (POL-MATCH-4).
        1 => {
            if let Some(head) = pattern.strip_suffix(" *") {
                head.clone_into(&mut value);
            }
        }
        // One edit: where a literal character of the pattern stops being
        // literal in a wrong matcher, or a wildcard stops spanning it.
        _ => value = edited(c, &value),
    }
    json!({"pattern": pattern, "value": value, "home": home})
}

/// `value` with one character deleted, replaced, its case flipped, or one inserted.
fn edited(c: &mut impl Choices, value: &str) -> String {
    let boundaries: Vec<usize> = value
        .char_indices()
        .map(|(at, _)| at)
        .chain([value.len()])
        .collect();
    let at = boundaries
        .get(c.choose(boundaries.len()))
        .copied()
        .unwrap_or(0);
    let next = value
        .get(at..)
        .and_then(|rest| rest.chars().next())
        .map_or(at, |ch| at + ch.len_utf8());
    let (head, tail) = (
        value.get(..at).unwrap_or(""),
        value.get(next..).unwrap_or(""),
    );
    let current = value.get(at..next).unwrap_or("");
    let edit = EDITS.get(c.choose(EDITS.len())).copied().unwrap_or("x");
    match c.choose(4) {
        0 => format!("{head}{tail}"),
        1 => format!("{head}{edit}{tail}"),
        2 => format!("{head}{edit}{current}{tail}"),
        // Case is part of a literal: `RM` is not `rm`.
        _ => {
            let flipped: String = current
                .chars()
                .flat_map(|ch| {
                    if ch.is_lowercase() {
                        ch.to_uppercase().collect::<Vec<_>>()
                    } else {
                        ch.to_lowercase().collect::<Vec<_>>()
                    }
                })
                .collect();
            format!("{head}{flipped}{tail}")
        }
    }
}

/// A command, rules (or the same rules as a policy object) and a home.
fn policy_request(c: &mut impl Choices) -> Value {
    let case = policy_cases::policy_case(c);
    let mut fields = Map::new();
    fields.insert("command".into(), Value::from(case.command));
    insert_policy(c, &mut fields, &case.rules);
    fields.insert("home".into(), Value::from(case.home));
    Value::Object(fields)
}

fn insert_policy(
    c: &mut impl Choices,
    fields: &mut Map<String, Value>,
    rules: &[crate::policy::Rule],
) {
    if c.percent(20) {
        fields.insert("policy".into(), policy_cases::policy_object(c, rules));
    } else {
        fields.insert("rules".into(), json!(rules));
    }
}

/// A generated wrapper case's prompt details and session, with its rules or
/// an answers table (the authorizer-only form, `PROTO-10`).
fn authorize_request(c: &mut impl Choices) -> Value {
    let case = build(c, &Weights::default());
    let mut fields = Map::new();
    fields.insert("details".into(), case.details.clone());
    fields.insert(
        "session".into(),
        json!({"expected": case.registered_session, "current": case.live_session}),
    );
    if c.percent(50) {
        let answer = ["allow", "ask", "deny", "throw"]
            .get(c.choose(4))
            .copied()
            .unwrap_or("allow");
        fields.insert("answers".into(), json!({ case.inner.clone(): answer }));
    } else {
        insert_policy(c, &mut fields, &case.rules);
        fields.insert("home".into(), Value::from(case.home));
    }
    Value::Object(fields)
}

/// A full command under a policy: a wrapper case's, or a policy case's.
fn decide_request(c: &mut impl Choices) -> Value {
    if c.percent(50) {
        return policy_request(c);
    }
    let case = build(c, &Weights::default());
    let mut fields = Map::new();
    fields.insert("command".into(), Value::from(case.full));
    insert_policy(c, &mut fields, &case.rules);
    let home = HOMES
        .get(c.choose(HOMES.len()))
        .copied()
        .unwrap_or("/home/u");
    fields.insert(
        "home".into(),
        Value::from(if c.percent(50) {
            case.home.as_str()
        } else {
            home
        }),
    );
    Value::Object(fields)
}
