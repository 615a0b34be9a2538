//! Policy files that must be refused with an error naming the file and key.
//!
//! Every config-format row below is a file the real package (20.7.3) also
//! refused: loading it reported a config issue and the file contributed no
//! rules. This crate makes that an error instead of a silent fallback. The
//! exception is `yoloMode: true`, which the package accepts and this crate
//! refuses (it cannot model yolo mode).

use inner_cmd_spec::policy::config::{load_file, load_search, parse_policy, ConfigError};

/// (label, file text, expected error, the key the message must name)
type Row = (
    &'static str,
    &'static str,
    fn(&ConfigError) -> bool,
    &'static str,
);

const ROWS: &[Row] = &[
    ("unknown state", r#"{"permission":{"bash":{"ls":"maybe","rm *":"deny"}}}"#,
        |e| matches!(e, ConfigError::UnknownState { key, value, .. } if key == "permission.bash.ls" && value == "maybe"), "permission.bash.ls"),
    ("non-string pattern value", r#"{"permission":{"bash":{"ls":1}}}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "permission.bash.ls"), "permission.bash.ls"),
    ("bash is an array", r#"{"permission":{"bash":["ls"]}}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "permission.bash"), "permission.bash"),
    ("bash is a number", r#"{"permission":{"bash":3}}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "permission.bash"), "permission.bash"),
    ("permission is null", r#"{"permission":null}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "permission"), "permission"),
    ("not JSON", "{permission", |e| matches!(e, ConfigError::NotJson { .. }), "test.json"),
    ("empty file", "", |e| matches!(e, ConfigError::NotJson { .. }), "test.json"),
    ("trailing comma", r#"{"permission":{"bash":{"ls":"allow",}}}"#, |e| matches!(e, ConfigError::NotJson { .. }), "test.json"),
    ("byte order mark", "\u{FEFF}{\"permission\":{}}", |e| matches!(e, ConfigError::NotJson { .. }), "test.json"),
    ("empty pattern key", r#"{"permission":{"bash":{"":"allow"}}}"#,
        |e| matches!(e, ConfigError::EmptyKey { key, .. } if key == "permission.bash"), "permission.bash"),
    ("empty surface key", r#"{"permission":{"":"allow"}}"#,
        |e| matches!(e, ConfigError::EmptyKey { key, .. } if key == "permission"), "permission"),
    ("unknown top-level key", r#"{"permission":{},"foo":1}"#,
        |e| matches!(e, ConfigError::UnknownKey { key, .. } if key == "foo"), "foo"),
    ("deny reason too long", concat!(r#"{"permission":{"bash":{"rm *":{"action":"deny","reason":""#,
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        r#""}}}}"#),
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "permission.bash.\"rm *\".reason"), "reason"),
    ("deny object with an extra key", r#"{"permission":{"bash":{"rm *":{"action":"deny","x":1}}}}"#,
        |e| matches!(e, ConfigError::UnknownKey { key, .. } if key == "permission.bash.\"rm *\".x"), "\"rm *\".x"),
    ("action object that is not deny", r#"{"permission":{"bash":{"rm *":{"action":"ask"}}}}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "permission.bash.\"rm *\".action"), "action"),
    ("deny reason not a string", r#"{"permission":{"bash":{"rm *":{"action":"deny","reason":5}}}}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key.ends_with(".reason")), "reason"),
    ("fractional integer setting", r#"{"toolInputPreviewMaxLength":1.5}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "toolInputPreviewMaxLength"), "toolInputPreviewMaxLength"),
    ("yolo mode (package accepts; refused here)", r#"{"yoloMode":true,"permission":{}}"#,
        |e| matches!(e, ConfigError::Unsupported { key, .. } if key == "yoloMode"), "yoloMode"),
    // Each setting with a value of the wrong type (POL-CONFIG-6; the package's
    // zod schema: `$schema` a string, the four switches booleans, the two
    // lengths integers ≥ 1, read paths non-empty strings, `shellTools` a record
    // of strict objects with a non-empty `commandArgument` and optional
    // non-empty `workdirArgument`). Keys with `_` and `$` are named bare.
    ("$schema not a string", r#"{"$schema":5,"permission":{}}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "$schema"), "$schema"),
    ("debugLog not a boolean", r#"{"debugLog":1}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "debugLog"), "debugLog"),
    ("permissionReviewLog not a boolean", r#"{"permissionReviewLog":"yes"}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "permissionReviewLog"), "permissionReviewLog"),
    ("doublePressToConfirm not a boolean", r#"{"doublePressToConfirm":null}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "doublePressToConfirm"), "doublePressToConfirm"),
    ("yoloMode a string", r#"{"yoloMode":"false"}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "yoloMode"), "yoloMode"),
    ("zero integer setting", r#"{"toolTextSummaryMaxLength":0}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "toolTextSummaryMaxLength"), "toolTextSummaryMaxLength"),
    ("empty read path", r#"{"piInfrastructureReadPaths":["a",""]}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "piInfrastructureReadPaths"), "piInfrastructureReadPaths"),
    ("shellTools is an array", r#"{"shellTools":[]}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "shellTools"), "shellTools"),
    ("shell tool is a string", r#"{"shellTools":{"x":"cmd"}}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "shellTools.x"), "shellTools.x"),
    ("shell tool without commandArgument", r#"{"shellTools":{"exec_command":{"workdirArgument":"w"}}}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "shellTools.exec_command"), "shellTools.exec_command"),
    ("empty commandArgument", r#"{"shellTools":{"exec_command":{"commandArgument":""}}}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "shellTools.exec_command"), "shellTools.exec_command"),
    ("empty workdirArgument", r#"{"shellTools":{"exec_command":{"commandArgument":"cmd","workdirArgument":""}}}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "shellTools.exec_command.workdirArgument"), "shellTools.exec_command.workdirArgument"),
    ("workdirArgument not a string", r#"{"shellTools":{"exec_command":{"commandArgument":"cmd","workdirArgument":7}}}"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "shellTools.exec_command.workdirArgument"), "workdirArgument"),
    ("shell tool with an extra key", r#"{"shellTools":{"x":{"commandArgument":"cmd","cwd":"w"}}}"#,
        |e| matches!(e, ConfigError::UnknownKey { key, .. } if key == "shellTools.x.cwd"), "shellTools.x.cwd"),
    ("empty shell tool name", r#"{"shellTools":{"":{"commandArgument":"cmd"}}}"#,
        |e| matches!(e, ConfigError::EmptyKey { key, .. } if key == "shellTools"), "shellTools"),
    ("root is a string", r#""allow""#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "(root)"), "(root)"),
    ("rule list: pattern not a string", r#"[{"pattern":1,"action":"allow"}]"#,
        |e| matches!(e, ConfigError::WrongType { key, .. } if key == "0.pattern"), "0.pattern"),
    ("rule list: unknown state", r#"[{"pattern":"x","action":"allow"},{"pattern":"y","action":"maybe"}]"#,
        |e| matches!(e, ConfigError::UnknownState { key, .. } if key == "1.action"), "1.action"),
    ("rule list: extra field", r#"[{"pattern":"x","action":"allow","why":"?"}]"#,
        |e| matches!(e, ConfigError::UnknownKey { key, .. } if key == "0.why"), "0.why"),
    ("rule list: not an object", "[5]", |e| matches!(e, ConfigError::WrongType { key, .. } if key == "0"), "0"),
];

/// POL-CONFIG-6, POL-CONFIG-7, POL-CONFIG-8: each bad file is a specific error naming file and key.
#[test]
fn pol_config_6_bad_files_are_errors() {
    for &(label, text, expected, key) in ROWS {
        match parse_policy(text, "test.json", "/home/u") {
            Ok(policy) => panic!("{label}: accepted as {policy:?}"),
            Err(error) => {
                assert!(expected(&error), "{label}: wrong error {error:?}");
                let message = error.to_string();
                assert!(
                    message.contains("test.json") && message.contains(key),
                    "{label}: message {message:?}"
                );
            }
        }
    }
}

/// POL-CONFIG-6: nesting beyond the parser's depth limit is an error, not a stack overflow.
#[test]
fn pol_config_6_deep_nesting_is_an_error() {
    let text = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(matches!(
        parse_policy(&text, "deep.json", "/h"),
        Err(ConfigError::NotJson { .. })
    ));
}

/// POL-CONFIG-4, POL-CONFIG-6: a missing explicit file is an error; a rule list at a
/// searched path is an error (the package reads only its config format there).
#[test]
fn pol_config_4_missing_explicit_and_rule_list_at_search_path() {
    let root = std::env::temp_dir().join(format!("inner-cmd-config-errors-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let global_dir = root.join(".pi/agent/extensions/pi-permission-system");
    std::fs::create_dir_all(&global_dir).unwrap();
    let home = root.to_str().unwrap();

    let missing = root.join("missing.json");
    assert!(
        matches!(load_file(&missing, home), Err(ConfigError::Read { file, .. }) if file.contains("missing.json"))
    );
    assert!(matches!(
        load_search(home, None, Some(&missing)),
        Err(ConfigError::Read { .. })
    ));

    std::fs::write(
        global_dir.join("config.json"),
        r#"[{"pattern":"*","action":"allow"}]"#,
    )
    .unwrap();
    assert!(matches!(
        load_search(home, None, None),
        Err(ConfigError::WrongType { file, key, .. }) if file.ends_with("config.json") && key == "(root)"
    ));
    let _ = std::fs::remove_dir_all(&root);
}
