//! The spec's JSON Schemas (draft 2020-12), validated by the `jsonschema`
//! crate.
//!
//! JSON Schema ignores keywords it does not know, so a misspelt constraint
//! (`requried`) would be written into a schema and then silently not be
//! checked. [`check_schema`] therefore also refuses any keyword outside the
//! draft 2020-12 vocabularies.

use std::collections::BTreeMap;

use jsonschema::Validator;
use serde_json::{json, Value};

/// The meta-schema both spec schemas declare.
pub const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// Every keyword of the draft 2020-12 vocabularies (core, applicator,
/// unevaluated, validation, meta-data, format, content).
#[rustfmt::skip]
const KEYWORDS: &[&str] = &[
    "$schema", "$id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment",
    "$defs", "prefixItems", "items", "contains", "additionalProperties", "properties",
    "patternProperties", "dependentSchemas", "propertyNames", "if", "then", "else", "allOf",
    "anyOf", "oneOf", "not", "unevaluatedItems", "unevaluatedProperties", "type", "const", "enum",
    "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
    "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
    "maxProperties", "minProperties", "required", "dependentRequired", "title", "description",
    "default", "deprecated", "readOnly", "writeOnly", "examples", "format", "contentEncoding",
    "contentMediaType", "contentSchema",
];

/// Problems with `schema` itself: it must declare draft 2020-12, satisfy that
/// meta-schema, compile, and use only draft 2020-12 keywords.
pub fn check_schema(schema: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    if schema["$schema"] != DRAFT_2020_12 {
        problems.push(format!(
            "$schema is {}, not {DRAFT_2020_12}",
            schema["$schema"]
        ));
    }
    if let Err(e) = jsonschema::draft202012::meta::validate(schema) {
        problems.push(format!("not a draft 2020-12 schema: {e}"));
    }
    if let Err(e) = jsonschema::draft202012::new(schema) {
        problems.push(format!("does not compile: {e}"));
    }
    walk(schema, "#", &mut problems);
    problems
}

fn walk(schema: &Value, at: &str, problems: &mut Vec<String>) {
    let Some(obj) = schema.as_object() else {
        return;
    };
    for (key, sub) in obj {
        let here = format!("{at}/{key}");
        match key.as_str() {
            k if !KEYWORDS.contains(&k) => problems.push(format!("{at}: unknown keyword {k}")),
            "$defs" | "properties" | "patternProperties" | "dependentSchemas" => {
                for (name, s) in sub.as_object().into_iter().flatten() {
                    walk(s, &format!("{here}/{name}"), problems);
                }
            }
            "prefixItems" | "allOf" | "anyOf" | "oneOf" => {
                for (i, s) in sub.as_array().into_iter().flatten().enumerate() {
                    walk(s, &format!("{here}/{i}"), problems);
                }
            }
            "items"
            | "contains"
            | "additionalProperties"
            | "propertyNames"
            | "if"
            | "then"
            | "else"
            | "not"
            | "unevaluatedItems"
            | "unevaluatedProperties"
            | "contentSchema" => walk(sub, &here, problems),
            _ => {}
        }
    }
}

/// A schema compiled once: the whole document and each of its `$defs`.
pub struct Schema {
    root: Validator,
    definitions: BTreeMap<String, Validator>,
}

impl Schema {
    /// Compiles `schema` and every definition under its `$defs`.
    pub fn new(schema: &Value) -> Schema {
        let compile =
            |s: &Value| jsonschema::draft202012::new(s).unwrap_or_else(|e| panic!("schema: {e}"));
        let definitions = schema["$defs"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(name, _)| {
                let entry = json!({
                    "$schema": DRAFT_2020_12,
                    "$defs": schema["$defs"],
                    "$ref": format!("#/$defs/{name}"),
                });
                (name.clone(), compile(&entry))
            })
            .collect();
        Schema {
            root: compile(schema),
            definitions,
        }
    }

    /// Every violation of the whole schema by `instance`, each with its path.
    pub fn errors(&self, instance: &Value, label: &str) -> Vec<String> {
        describe(&self.root, instance, label)
    }

    /// Every violation of the definition `#/$defs/{name}` by `instance`.
    pub fn errors_of(&self, name: &str, instance: &Value, label: &str) -> Vec<String> {
        let validator = self
            .definitions
            .get(name)
            .unwrap_or_else(|| panic!("no definition {name}"));
        describe(validator, instance, label)
    }
}

fn describe(validator: &Validator, instance: &Value, label: &str) -> Vec<String> {
    validator
        .iter_errors(instance)
        .map(|e| format!("{label}{}: {e}", e.instance_path()))
        .collect()
}
