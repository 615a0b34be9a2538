//! A small JSON Schema (draft 2020-12) validator for exactly the keywords
//! `spec/schema/vectors.schema.json` uses. It refuses schemas that use any
//! other keyword, so a constraint can never be written into the schema and
//! then silently not be checked.

use serde_json::{Map, Value};

/// Keywords this validator understands; annotations are accepted and ignored.
const KEYWORDS: &[&str] = &[
    "$schema",
    "$id",
    "$defs",
    "$ref",
    "title",
    "description",
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "minItems",
    "uniqueItems",
    "minProperties",
    "enum",
    "const",
    "minimum",
    "minLength",
    "pattern",
    "anyOf",
];

/// Checks that every subschema of `schema` only uses supported keywords and
/// that every `$ref` resolves. Returns the problems found.
pub fn check_schema(root: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    walk_schema(root, root, "#", &mut problems);
    problems
}

fn walk_schema(root: &Value, schema: &Value, at: &str, problems: &mut Vec<String>) {
    let Some(obj) = schema.as_object() else {
        if !schema.is_boolean() {
            problems.push(format!("{at}: a schema must be an object or a boolean"));
        }
        return;
    };
    for (key, sub) in obj {
        if !KEYWORDS.contains(&key.as_str()) {
            problems.push(format!("{at}: unsupported keyword {key}"));
            continue;
        }
        let here = format!("{at}/{key}");
        match key.as_str() {
            "$defs" | "properties" => {
                for (name, s) in sub.as_object().into_iter().flatten() {
                    walk_schema(root, s, &format!("{here}/{name}"), problems);
                }
            }
            "items" | "additionalProperties" => walk_schema(root, sub, &here, problems),
            "anyOf" => {
                for (i, s) in sub.as_array().into_iter().flatten().enumerate() {
                    walk_schema(root, s, &format!("{here}/{i}"), problems);
                }
            }
            "$ref" if sub.as_str().and_then(|r| resolve(root, r)).is_none() => {
                problems.push(format!("{here}: unresolvable {sub}"));
            }
            "pattern"
                if sub
                    .as_str()
                    .map(fancy_regex::Regex::new)
                    .and_then(Result::ok)
                    .is_none() =>
            {
                problems.push(format!("{here}: bad pattern {sub}"));
            }
            _ => {}
        }
    }
}

fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let path = reference.strip_prefix("#/")?;
    path.split('/').try_fold(root, |v, part| v.get(part))
}

/// Validates `instance` against `schema`; returns every violation with its JSON path.
pub fn validate(root: &Value, schema: &Value, instance: &Value, at: &str) -> Vec<String> {
    let mut errors = Vec::new();
    check(root, schema, instance, at, &mut errors);
    errors
}

fn type_matches(name: &str, v: &Value) -> bool {
    match name {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        "number" => v.is_number(),
        "integer" => v.is_i64() || v.is_u64(),
        _ => false,
    }
}

fn check(root: &Value, schema: &Value, v: &Value, at: &str, errors: &mut Vec<String>) {
    let obj: &Map<String, Value> = match schema {
        Value::Bool(true) => return,
        Value::Bool(false) => return errors.push(format!("{at}: nothing is allowed here")),
        Value::Object(o) => o,
        _ => return errors.push(format!("{at}: malformed schema")),
    };
    if let Some(r) = obj.get("$ref").and_then(Value::as_str) {
        match resolve(root, r) {
            Some(target) => check(root, target, v, at, errors),
            None => errors.push(format!("{at}: unresolvable $ref {r}")),
        }
    }
    if let Some(t) = obj.get("type") {
        let ok = match t {
            Value::String(name) => type_matches(name, v),
            Value::Array(names) => names
                .iter()
                .filter_map(Value::as_str)
                .any(|n| type_matches(n, v)),
            _ => false,
        };
        if !ok {
            errors.push(format!("{at}: expected type {t}, got {v}"));
            return;
        }
    }
    if let Some(options) = obj.get("enum").and_then(Value::as_array) {
        if !options.contains(v) {
            errors.push(format!(
                "{at}: {v} not in {}",
                Value::Array(options.clone())
            ));
        }
    }
    if let Some(c) = obj.get("const") {
        if c != v {
            errors.push(format!("{at}: expected {c}, got {v}"));
        }
    }
    if let Some(alternatives) = obj.get("anyOf").and_then(Value::as_array) {
        if !alternatives
            .iter()
            .any(|s| validate(root, s, v, at).is_empty())
        {
            errors.push(format!("{at}: matches none of anyOf"));
        }
    }
    if let (Some(min), Some(n)) = (obj.get("minimum").and_then(Value::as_f64), v.as_f64()) {
        if n < min {
            errors.push(format!("{at}: {n} < minimum {min}"));
        }
    }
    if let Some(s) = v.as_str() {
        if let Some(min) = obj.get("minLength").and_then(Value::as_u64) {
            if (s.chars().count() as u64) < min {
                errors.push(format!("{at}: shorter than {min}"));
            }
        }
        if let Some(p) = obj.get("pattern").and_then(Value::as_str) {
            let matched = fancy_regex::Regex::new(p)
                .ok()
                .and_then(|re| re.is_match(s).ok());
            if matched != Some(true) {
                errors.push(format!("{at}: {s:?} does not match {p}"));
            }
        }
    }
    if let Some(items) = v.as_array() {
        if let Some(min) = obj.get("minItems").and_then(Value::as_u64) {
            if (items.len() as u64) < min {
                errors.push(format!("{at}: fewer than {min} items"));
            }
        }
        if obj.get("uniqueItems") == Some(&Value::Bool(true)) {
            for (i, item) in items.iter().enumerate() {
                if items.get(..i).is_some_and(|before| before.contains(item)) {
                    errors.push(format!("{at}/{i}: duplicate item {item}"));
                }
            }
        }
        if let Some(item_schema) = obj.get("items") {
            for (i, item) in items.iter().enumerate() {
                check(root, item_schema, item, &format!("{at}/{i}"), errors);
            }
        }
    }
    if let Some(map) = v.as_object() {
        if let Some(min) = obj.get("minProperties").and_then(Value::as_u64) {
            if (map.len() as u64) < min {
                errors.push(format!("{at}: fewer than {min} properties"));
            }
        }
        for key in obj
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(k) = key.as_str() {
                if !map.contains_key(k) {
                    errors.push(format!("{at}: missing required {k}"));
                }
            }
        }
        let props = obj.get("properties").and_then(Value::as_object);
        for (k, val) in map {
            let here = format!("{at}/{k}");
            match props.and_then(|p| p.get(k)) {
                Some(s) => check(root, s, val, &here, errors),
                None => {
                    if let Some(extra) = obj.get("additionalProperties") {
                        check(root, extra, val, &here, errors);
                    }
                }
            }
        }
    }
}
