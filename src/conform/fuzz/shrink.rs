//! Shrinking a diverging request below what the generator's decisions reach
//! (`CONF-FUZZ-4`): after proptest has shrunk the decisions, single array
//! elements and single characters of string members are removed, one at a
//! time, while the divergence persists.

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
        for candidate in smaller(&best) {
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
