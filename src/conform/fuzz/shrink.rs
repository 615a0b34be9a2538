//! Shrinking a diverging request below what the generator's decisions reach
//! (`CONF-FUZZ-4`): after proptest has shrunk the decisions, single array
//! elements and single characters of string members are removed, one at a
//! time (a character also from every string at once, so that a pattern and
//! its value shrink together), while the divergence persists.

use serde_json::Value;

/// Members never edited: they name the operation, the request's shape or
/// the choice among closed alternatives, not content.
const FIXED: &[&str] = &["op", "id", "profile", "action", "expected", "current"];

/// Every one-step-smaller variant of `value`: an array element or an object
/// member's whole value left out (arrays only), or one character removed
/// from a string, depth first, largest cuts first.
fn smaller(value: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    match value {
        Value::Array(items) => {
            for index in 0..items.len() {
                let mut fewer = items.clone();
                fewer.remove(index);
                out.push(Value::Array(fewer));
            }
            for (index, item) in items.iter().enumerate() {
                for variant in smaller(item) {
                    let mut changed = items.clone();
                    if let Some(slot) = changed.get_mut(index) {
                        *slot = variant;
                    }
                    out.push(Value::Array(changed));
                }
            }
        }
        Value::Object(members) => {
            for (key, member) in members {
                if FIXED.contains(&key.as_str()) {
                    continue;
                }
                for variant in smaller(member) {
                    let mut changed = members.clone();
                    changed.insert(key.clone(), variant);
                    out.push(Value::Object(changed));
                }
            }
        }
        Value::String(text) => {
            let boundaries: Vec<(usize, char)> = text.char_indices().collect();
            // Halves first (fast on long strings), then single characters.
            if boundaries.len() > 8 {
                let half = boundaries.len() / 2;
                let cut = boundaries.get(half).map_or(text.len(), |(at, _)| *at);
                out.push(Value::String(text.get(..cut).unwrap_or("").to_owned()));
                out.push(Value::String(text.get(cut..).unwrap_or("").to_owned()));
            }
            for (at, ch) in boundaries {
                let mut fewer = text.clone();
                fewer.replace_range(at..at + ch.len_utf8(), "");
                out.push(Value::String(fewer));
            }
        }
        _ => {}
    }
    out
}

/// Every variant of `value` with one character left out of every string
/// that holds it (its first occurrence in each): a pattern and the value it
/// matches shrink together.
fn together(value: &Value) -> Vec<Value> {
    let mut seen: Vec<char> = Vec::new();
    collect_chars(value, &mut seen);
    seen.into_iter()
        .map(|ch| without_char(value, ch))
        .filter(|variant| variant != value)
        .collect()
}

fn collect_chars(value: &Value, seen: &mut Vec<char>) {
    match value {
        Value::String(text) => {
            for ch in text.chars() {
                if !seen.contains(&ch) {
                    seen.push(ch);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| collect_chars(item, seen)),
        Value::Object(members) => members
            .iter()
            .filter(|(key, _)| !FIXED.contains(&key.as_str()))
            .for_each(|(_, member)| collect_chars(member, seen)),
        _ => {}
    }
}

fn without_char(value: &Value, ch: char) -> Value {
    match value {
        Value::String(text) => Value::String(text.replacen(ch, "", 1)),
        Value::Array(items) => {
            Value::Array(items.iter().map(|item| without_char(item, ch)).collect())
        }
        Value::Object(members) => Value::Object(
            members
                .iter()
                .map(|(key, member)| {
                    let member = if FIXED.contains(&key.as_str()) {
                        member.clone()
                    } else {
                        without_char(member, ch)
                    };
                    (key.clone(), member)
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The size shrinking reduces: characters of strings and elements of arrays.
#[must_use]
pub fn size(value: &Value) -> usize {
    match value {
        Value::String(text) => text.chars().count(),
        Value::Array(items) => items.len() + items.iter().map(size).sum::<usize>(),
        Value::Object(members) => members.values().map(size).sum(),
        _ => 0,
    }
}

/// Removes what it can from `request` while `diverges` holds, asking it at
/// most `budget` times; returns the smallest diverging request found.
pub fn shrink(request: Value, budget: usize, diverges: &mut dyn FnMut(&Value) -> bool) -> Value {
    let mut best = request;
    let mut asked = 0;
    'improve: loop {
        let candidates = together(&best).into_iter().chain(smaller(&best));
        for candidate in candidates {
            if asked >= budget {
                break 'improve;
            }
            asked += 1;
            if diverges(&candidate) {
                best = candidate;
                continue 'improve;
            }
        }
        break;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// CONF-FUZZ-4: shrinking keeps the divergence and removes everything else.
    #[test]
    fn shrinks_to_what_the_divergence_needs() {
        let request =
            json!({"op": "match", "pattern": "git ?x*", "value": "git 🦀 x yz", "home": "/home/u"});
        // A divergence that needs a `?` in the pattern and a crab in the value.
        let mut diverges = |r: &Value| {
            r["pattern"].as_str().is_some_and(|p| p.contains('?'))
                && r["value"].as_str().is_some_and(|v| v.contains('🦀'))
                && r["op"] == "match"
        };
        let small = shrink(request, 1_000, &mut diverges);
        assert_eq!(
            small,
            json!({"op": "match", "pattern": "?", "value": "🦀", "home": ""})
        );
        let rules = json!({"op": "check", "rules": [{"pattern": "a", "action": "allow"}, {"pattern": "b", "action": "deny"}]});
        let mut needs_b = |r: &Value| {
            r["rules"]
                .as_array()
                .is_some_and(|rules| rules.iter().any(|rule| rule["pattern"] == "b"))
        };
        let small = shrink(rules, 1_000, &mut needs_b);
        assert_eq!(
            small,
            json!({"op": "check", "rules": [{"pattern": "b", "action": "deny"}]})
        );
        // A pattern and its value shrink together.
        let pair = json!({"pattern": "café *", "value": "café"});
        let mut optional = |r: &Value| {
            let (p, v) = (
                r["pattern"].as_str().unwrap_or(""),
                r["value"].as_str().unwrap_or(""),
            );
            p.strip_suffix(" *") == Some(v)
        };
        assert_eq!(
            shrink(pair, 1_000, &mut optional),
            json!({"pattern": " *", "value": ""})
        );
        // The budget bounds the questions.
        let mut count = 0;
        let mut always = |_: &Value| {
            count += 1;
            true
        };
        let _ = shrink(json!({"value": "x".repeat(100)}), 5, &mut always);
        assert_eq!(count, 5);
    }
}
