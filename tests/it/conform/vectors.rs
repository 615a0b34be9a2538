//! Loading vector files and assembling requests (`CONF-RUN-3`).

use std::path::PathBuf;

use inner_cmd_spec::conform::{load_file, load_vectors, Latitude, LoadError};
use serde_json::{json, Value};

/// A scratch directory removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("inner-cmd-vectors-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    fn write(&self, name: &str, content: &Value) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, content.to_string()).unwrap();
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn file(tests: Value, number: usize) -> Value {
    json!({
        "schema": "vectors.schema.json", "specVersion": "0.1.0", "chapter": "demo",
        "description": "d", "numberOfTests": number, "notes": {},
        "testGroups": [{"op": "check", "shared": {"home": "/h", "command": "shared"}, "tests": tests}]
    })
}

fn test(id: u64, request: Value) -> Value {
    json!({"tcId": id, "comment": "c", "flags": [], "clauses": ["CONF-RUN-3"], "request": request, "expected": {"state": "ask"}})
}

/// CONF-RUN-3: request = {op} ∪ shared ∪ request, test members winning; ids are `<stem>/<tcId>`.
#[test]
fn conf_run_3_requests_are_assembled_in_order() {
    let scratch = Scratch::new("assemble");
    let mut with_latitude = test(9, json!({"command": "own", "rules": []}));
    with_latitude["latitude"] = json!(["exception-message"]);
    scratch.write("b-second.json", &file(json!([test(1, json!({}))]), 1));
    scratch.write(
        "a-first.json",
        &file(json!([test(3, json!({"home": "/x"})), with_latitude]), 2),
    );
    scratch.write("notes.txt", &json!("not a vector file"));
    let files = load_vectors(&scratch.0).unwrap();
    let cases: Vec<_> = files.iter().flat_map(|file| file.cases()).collect();
    let ids: Vec<&str> = cases.iter().map(|case| case.id.as_str()).collect();
    assert_eq!(ids, ["a-first/3", "a-first/9", "b-second/1"]);
    assert_eq!(
        Value::Object(cases[0].request.clone()),
        json!({"op": "check", "home": "/x", "command": "shared"})
    );
    assert_eq!(
        Value::Object(cases[1].request.clone()),
        json!({"op": "check", "home": "/h", "command": "own", "rules": []})
    );
    assert_eq!(cases[1].latitude, [Latitude::ExceptionMessage]);
    assert_eq!(cases[2].clauses, ["CONF-RUN-3"]);
}

/// CONF-RUN-3: inconsistent or malformed files are load errors, never silently partial.
#[test]
fn conf_run_3_bad_files_are_rejected() {
    let scratch = Scratch::new("bad");
    let mut unknown_latitude = test(1, json!({}));
    unknown_latitude["latitude"] = json!(["any-verdict"]);
    // (label, content, expect Invalid (true) or Parse (false))
    let rows: Vec<(&str, Value, bool)> = vec![
        (
            "duplicate tcId",
            file(json!([test(1, json!({})), test(1, json!({}))]), 2),
            true,
        ),
        (
            "numberOfTests too high",
            file(json!([test(1, json!({}))]), 2),
            true,
        ),
        (
            "numberOfTests too low",
            file(json!([test(1, json!({})), test(2, json!({}))]), 1),
            true,
        ),
        (
            "latitude outside the closed list",
            file(json!([unknown_latitude]), 1),
            false,
        ),
        (
            "tcId not a number",
            file(json!([test(1, json!({}))]), 1)
                .to_string()
                .replace("\"tcId\":1", "\"tcId\":\"1\"")
                .parse()
                .unwrap(),
            false,
        ),
        ("not a vector file", json!([1, 2]), false),
    ];
    for (label, content, invalid) in rows {
        let path = scratch.write("case.json", &content);
        match load_file(&path) {
            Err(LoadError::Invalid { .. }) if invalid => {}
            Err(LoadError::Parse { .. }) if !invalid => {}
            other => panic!("{label}: {other:?}"),
        }
    }
    assert!(matches!(
        load_vectors(&scratch.0.join("missing")),
        Err(LoadError::Io { .. })
    ));
}
