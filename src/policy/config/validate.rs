//! Reading one policy file: comment stripping and the checks the package's
//! schema makes (`POL-CONFIG-1`, `POL-CONFIG-6`), with every violation an error.

use serde_json::{Map, Value};

use super::error::{key_path, ConfigError};
use crate::policy::Rule;
use crate::verdict::PermissionState;

/// What one surface key of `permission` holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum SurfaceValue {
    /// `"bash": "allow"`: shorthand for `{"*": "allow"}`.
    State(PermissionState),
    /// `"bash": {pattern: state, …}` in key order.
    Patterns(Vec<(String, PermissionState)>),
}

/// The `permission` object: surface keys in order.
pub(super) type Permission = Vec<(String, SurfaceValue)>;

/// Removes `//` line comments and `/* */` block comments outside string
/// literals, as the package does before `JSON.parse` (an unterminated block
/// comment runs to the end; `'` delimits a literal as `"` does).
pub(super) fn strip_json_comments(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let mut rest = input;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("//") {
            match after.find('\n') {
                Some(i) => {
                    out.push('\n');
                    rest = after.get(i + 1..).unwrap_or("");
                }
                None => rest = "",
            }
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after
                .find("*/")
                .and_then(|i| after.get(i + 2..))
                .unwrap_or("");
        } else if c == '"' || c == '\'' {
            let mut escaping = false;
            let mut end = rest.len();
            for (i, d) in rest.char_indices().skip(1) {
                if escaping {
                    escaping = false;
                } else if d == '\\' {
                    escaping = true;
                } else if d == c {
                    end = i + d.len_utf8();
                    break;
                }
            }
            out.push_str(rest.get(..end).unwrap_or(rest));
            rest = rest.get(end..).unwrap_or("");
        } else {
            out.push(c);
            rest = rest.get(c.len_utf8()..).unwrap_or("");
        }
    }
    out
}

fn wrong(file: &str, path: &[&str], expected: &'static str) -> ConfigError {
    ConfigError::WrongType {
        file: file.to_owned(),
        key: key_path(path),
        expected,
    }
}

fn state(value: &Value, file: &str, path: &[&str]) -> Result<PermissionState, ConfigError> {
    let text = value
        .as_str()
        .ok_or_else(|| wrong(file, path, "\"allow\", \"ask\" or \"deny\""))?;
    PermissionState::from_name(text).ok_or_else(|| ConfigError::UnknownState {
        file: file.to_owned(),
        key: key_path(path),
        value: text.to_owned(),
    })
}

fn non_empty_keys(map: &Map<String, Value>, file: &str, path: &[&str]) -> Result<(), ConfigError> {
    if map.contains_key("") {
        return Err(ConfigError::EmptyKey {
            file: file.to_owned(),
            key: key_path(path),
        });
    }
    Ok(())
}

/// A pattern's value: a state, or `{"action": "deny", "reason"?: string ≤ 500}`.
fn pattern_state(value: &Value, file: &str, path: &[&str]) -> Result<PermissionState, ConfigError> {
    let Some(object) = value.as_object() else {
        return state(value, file, path);
    };
    for (key, field) in object {
        let mut inner = path.to_vec();
        inner.push(key);
        match key.as_str() {
            "action" => {
                if state(field, file, &inner)? != PermissionState::Deny {
                    return Err(wrong(file, &inner, "\"deny\" (only deny takes a reason)"));
                }
            }
            "reason" => {
                let ok = field
                    .as_str()
                    .is_some_and(|r| r.encode_utf16().count() <= 500);
                if !ok {
                    return Err(wrong(file, &inner, "a string of at most 500 characters"));
                }
            }
            _ => {
                return Err(ConfigError::UnknownKey {
                    file: file.to_owned(),
                    key: key_path(&inner),
                })
            }
        }
    }
    if !object.contains_key("action") {
        return Err(wrong(file, path, "an object with \"action\": \"deny\""));
    }
    Ok(PermissionState::Deny)
}

fn permission(value: &Value, file: &str) -> Result<Permission, ConfigError> {
    let map = value
        .as_object()
        .ok_or_else(|| wrong(file, &["permission"], "an object"))?;
    non_empty_keys(map, file, &["permission"])?;
    let mut out = Vec::with_capacity(map.len());
    for (surface, entry) in map {
        let path = ["permission", surface.as_str()];
        let parsed = match entry {
            Value::String(_) => SurfaceValue::State(state(entry, file, &path)?),
            Value::Object(patterns) => {
                non_empty_keys(patterns, file, &path)?;
                let mut list = Vec::with_capacity(patterns.len());
                for (pattern, action) in patterns {
                    let inner = ["permission", surface.as_str(), pattern.as_str()];
                    list.push((pattern.clone(), pattern_state(action, file, &inner)?));
                }
                SurfaceValue::Patterns(list)
            }
            _ => {
                return Err(wrong(
                    file,
                    &path,
                    "a state string or an object of pattern → state",
                ))
            }
        };
        out.push((surface.clone(), parsed));
    }
    Ok(out)
}

fn positive_integer(value: &Value) -> bool {
    value.as_u64().is_some_and(|n| n >= 1)
        || value
            .as_f64()
            .is_some_and(|n| n >= 1.0 && n.fract() == 0.0 && n.is_finite())
}

fn non_empty_string(value: &Value) -> bool {
    value.as_str().is_some_and(|s| !s.is_empty())
}

fn shell_tools(value: &Value, file: &str) -> Result<(), ConfigError> {
    let map = value
        .as_object()
        .ok_or_else(|| wrong(file, &["shellTools"], "an object"))?;
    non_empty_keys(map, file, &["shellTools"])?;
    for (tool, alias) in map {
        let path = ["shellTools", tool.as_str()];
        let alias = alias
            .as_object()
            .ok_or_else(|| wrong(file, &path, "an object"))?;
        if !alias.get("commandArgument").is_some_and(non_empty_string) {
            return Err(wrong(
                file,
                &path,
                "\"commandArgument\": a non-empty string",
            ));
        }
        for (key, field) in alias {
            let inner = ["shellTools", tool.as_str(), key.as_str()];
            match key.as_str() {
                "commandArgument" | "workdirArgument" if non_empty_string(field) => {}
                "commandArgument" | "workdirArgument" => {
                    return Err(wrong(file, &inner, "a non-empty string"))
                }
                _ => {
                    return Err(ConfigError::UnknownKey {
                        file: file.to_owned(),
                        key: key_path(&inner),
                    })
                }
            }
        }
    }
    Ok(())
}

/// Checks a config document (`{"permission": …, …}`) and returns its `permission`.
pub(super) fn config_object(
    root: &Map<String, Value>,
    file: &str,
) -> Result<Option<Permission>, ConfigError> {
    let mut found = None;
    for (key, value) in root {
        let path = [key.as_str()];
        match key.as_str() {
            "permission" => found = Some(permission(value, file)?),
            "$schema" if value.is_string() => {}
            "$schema" => return Err(wrong(file, &path, "a string")),
            "debugLog" | "permissionReviewLog" | "doublePressToConfirm" if value.is_boolean() => {}
            "yoloMode" if value == &Value::Bool(false) => {}
            "yoloMode" if value.is_boolean() => {
                return Err(ConfigError::Unsupported {
                    file: file.to_owned(),
                    key: key_path(&path),
                    reason:
                        "yolo mode turns every ask into allow; this policy model answers without it",
                })
            }
            "debugLog" | "permissionReviewLog" | "doublePressToConfirm" | "yoloMode" => {
                return Err(wrong(file, &path, "true or false"))
            }
            "toolInputPreviewMaxLength" | "toolTextSummaryMaxLength" if positive_integer(value) => {
            }
            "toolInputPreviewMaxLength" | "toolTextSummaryMaxLength" => {
                return Err(wrong(file, &path, "an integer of at least 1"))
            }
            "piInfrastructureReadPaths" => {
                let ok = value
                    .as_array()
                    .is_some_and(|items| items.iter().all(non_empty_string));
                if !ok {
                    return Err(wrong(file, &path, "an array of non-empty strings"));
                }
            }
            "shellTools" => shell_tools(value, file)?,
            _ => {
                return Err(ConfigError::UnknownKey {
                    file: file.to_owned(),
                    key: key_path(&path),
                })
            }
        }
    }
    Ok(found)
}

/// Checks a plain rule list `[{"pattern": "git *", "action": "allow"}, …]` (`POL-CONFIG-8`).
pub(super) fn rule_list(items: &[Value], file: &str) -> Result<Vec<Rule>, ConfigError> {
    let mut rules = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let index = index.to_string();
        let path = [index.as_str()];
        let object = item
            .as_object()
            .ok_or_else(|| wrong(file, &path, "an object {\"pattern\", \"action\"}"))?;
        if let Some(extra) = object.keys().find(|k| *k != "pattern" && *k != "action") {
            return Err(ConfigError::UnknownKey {
                file: file.to_owned(),
                key: key_path(&[&index, extra]),
            });
        }
        let pattern = object
            .get("pattern")
            .and_then(Value::as_str)
            .ok_or_else(|| wrong(file, &[&index, "pattern"], "a string"))?;
        let action = object
            .get("action")
            .ok_or_else(|| wrong(file, &[&index, "action"], "a state string"))?;
        rules.push(Rule {
            pattern: pattern.to_owned(),
            state: state(action, file, &[&index, "action"])?,
        });
    }
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::strip_json_comments;

    /// POL-CONFIG-1: comments are removed as the package's `stripJsonComments`
    /// removes them (each output below is that function's, recorded from
    /// `@gotgenes/pi-permission-system@20.7.3` under Node 20): a `//` comment
    /// up to its newline becomes that one newline, a block comment vanishes
    /// (an unterminated one runs to the end), and string literals delimited by
    /// `"` or `'` are kept whole, escapes included.
    #[test]
    fn pol_config_1_comments_stripped_as_the_package_strips_them() {
        let rows = [
            ("a // c\nb", "a \nb"),
            ("// x\r\n// y\n{}", "\n\n{}"),
            ("{} // end", "{} "),
            ("{\"a\":\"//\"}//c\n", "{\"a\":\"//\"}\n"),
            ("{'//' // c\n}", "{'//' \n}"),
            (
                "{\"a\\\"//\":1} // c\n/* x\n */ {}",
                "{\"a\\\"//\":1} \n {}",
            ),
            ("{\"é\":\"ü\"} // ß\n/* 😀 */[]", "{\"é\":\"ü\"} \n[]"),
            ("/* a */{}/* open", "{}"),
            ("\"unterminated // x", "\"unterminated // x"),
        ];
        for (input, want) in rows {
            assert_eq!(strip_json_comments(input), want, "{input:?}");
        }
    }
}
