//! `inner-cmd conform` for partial implementations and CI: unsupported cases,
//! chapter selection, the per-chapter table and JUnit XML (`CONF-RUN-10`..`CONF-RUN-14`).
//!
//! Self-contained: the vectors and the fake implementation are written into a
//! temporary directory by each test, so every expectation is visible here.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_inner-cmd");

/// A fake implementation: `match` compares literally (so wildcards fail),
/// `units` is declined with `unsupported_op` and a message full of characters
/// XML must escape or cannot carry, `check` answers `unknown_op` (a wrong
/// answer, not a declination), `advisory` answers `unsupported_op` with
/// `ok: true` (not a declination either).
const FAKE: &str = r#"
import json, sys
print(json.dumps({"protocol": 1, "spec": "0.1.0", "implementation": "fake <&> \u0001 1"}), flush=True)
for line in sys.stdin:
    r = json.loads(line)
    op = r.get("op")
    if op == "match":
        out = {"ok": True, "matched": r["pattern"] == r["value"]}
    elif op == "units":
        out = {"ok": False, "error": {"code": "unsupported_op", "message": "no units \u0000 <x> & \"q\" \ufffe ]]> \u001b"}}
    elif op == "check":
        out = {"ok": False, "error": {"code": "unknown_op", "message": "what is check"}}
    else:
        out = {"ok": True, "error": {"code": "unsupported_op", "message": "confused"}}
    out["id"] = r.get("id")
    print(json.dumps(out), flush=True)
"#;

struct Fixture {
    dir: PathBuf,
}

impl Fixture {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("inner-cmd-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("vectors")).unwrap();
        std::fs::write(dir.join("fake.py"), FAKE).unwrap();
        let test = |id: u64, request: Value, expected: Value| json!({"tcId": id, "comment": "", "clauses": ["CONF-RUN-11"], "request": request, "expected": expected});
        let file = |chapter: &str, groups: Value| {
            let count = groups
                .as_array()
                .unwrap()
                .iter()
                .map(|group| group["tests"].as_array().unwrap().len())
                .sum::<usize>();
            let value = json!({"specVersion": "0.1.0", "chapter": chapter, "numberOfTests": count, "testGroups": groups});
            std::fs::write(
                dir.join("vectors").join(format!("{chapter}.json")),
                value.to_string(),
            )
            .unwrap();
        };
        // alpha: one pass, one failure whose request holds characters XML cannot carry.
        file(
            "alpha",
            json!([{"op": "match", "shared": {"home": "/h"}, "tests": [
                test(1, json!({"pattern": "ls", "value": "ls"}), json!({"matched": true})),
                test(2, json!({"pattern": "git *", "value": "git \u{1}<&>\u{fffe}"}), json!({"matched": true})),
            ]}]),
        );
        // beta: one declined case, one vector that itself expects the declination.
        file(
            "beta",
            json!([{"op": "units", "tests": [
                test(1, json!({"command": "ls"}), json!({"units": []})),
                test(2, json!({"command": "ls"}), json!({"ok": false, "errorCode": "unsupported_op"})),
            ]}]),
        );
        // gamma: a wrong error code, and `unsupported_op` inside a success: both failures.
        file(
            "gamma",
            json!([
                {"op": "check", "tests": [test(1, json!({"command": "ls"}), json!({"state": "ask"}))]},
                {"op": "advisory", "tests": [test(2, json!({"command": "ls"}), json!({"state": "ask"}))]},
            ]),
        );
        Self { dir }
    }

    fn conform(&self, extra: &[&str]) -> Output {
        let fake = self.dir.join("fake.py");
        let vectors = self.dir.join("vectors");
        Command::new(BIN)
            .arg("conform")
            .args(super::NO_HANG_TIMEOUT)
            .args([
                "--impl",
                &format!("python3 '{}'", fake.display()),
                "--vectors",
                vectors.to_str().unwrap(),
            ])
            .args(extra)
            .output()
            .unwrap()
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn json_report(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!(
            "{error}: {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

fn statuses(report: &Value) -> Vec<(String, String)> {
    report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|case| {
            (
                case["id"].as_str().unwrap().to_owned(),
                case["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn owned(rows: &[(&str, &str)]) -> Vec<(String, String)> {
    rows.iter()
        .map(|(id, status)| ((*id).to_owned(), (*status).to_owned()))
        .collect()
}

/// CONF-RUN-11: only an `ok: false` `unsupported_op` answer is unsupported; a vector
/// expecting that error still passes; other wrong answers stay failures.
#[test]
fn conf_run_unsupported_is_counted_apart_from_failures() {
    let fixture = Fixture::new("unsupported");
    let output = fixture.conform(&["--json"]);
    let report = json_report(&output);
    assert_eq!(
        statuses(&report),
        owned(&[
            ("alpha/1", "passed"),
            ("alpha/2", "failed"),
            ("beta/1", "unsupported"),
            ("beta/2", "passed"),
            ("gamma/1", "failed"),
            ("gamma/2", "failed"),
        ])
    );
    let counts: Vec<_> = ["passed", "failed", "unsupported", "skipped", "errored"]
        .iter()
        .map(|key| report[key].as_u64())
        .collect();
    assert_eq!(counts, [Some(2), Some(3), Some(1), Some(0), Some(0)]);
    let reason = report["cases"][2]["reason"].as_str().unwrap();
    assert!(reason.starts_with("unsupported_op: no units"), "{reason}");
    assert_eq!(report["cases"][2]["chapter"], "beta");
    assert_eq!(output.status.code(), Some(1));
}

/// CONF-RUN-10, CONF-RUN-11, CONF-RUN-12: unsupported cases do not fail a run unless
/// `--require-all`; chapters select whole vector files and combine with `--only`.
#[test]
fn conf_run_exit_status_with_unsupported_cases_and_chapters() {
    let fixture = Fixture::new("exit");
    // (args, exit code, selected ids)
    let rows: &[(&[&str], i32, &[&str])] = &[
        (&["--chapter", "beta"], 0, &["beta/1", "beta/2"]),
        (
            &["--chapter", "beta", "--require-all"],
            1,
            &["beta/1", "beta/2"],
        ),
        (&["--chapter", " beta , beta"], 0, &["beta/1", "beta/2"]),
        (
            &["--chapter", "alpha,gamma"],
            1,
            &["alpha/1", "alpha/2", "gamma/1", "gamma/2"],
        ),
        (&["--chapter", "alpha", "--only", "*/1"], 0, &["alpha/1"]),
        (&["--chapter", "alpha", "--only", "beta/*"], 1, &[]),
        // Only unsupported: nothing passed, so nothing was shown to work.
        (&["--chapter", "beta", "--only", "*/1"], 1, &["beta/1"]),
    ];
    for (args, code, ids) in rows {
        let mut all = args.to_vec();
        all.push("--json");
        let output = fixture.conform(&all);
        assert_eq!(output.status.code(), Some(*code), "{args:?}");
        let report = json_report(&output);
        let got: Vec<String> = statuses(&report).into_iter().map(|(id, _)| id).collect();
        assert_eq!(got, *ids, "{args:?}");
    }
    for bad in ["gama", "alpha,", "", "alpha,,beta"] {
        let output = fixture.conform(&["--chapter", bad]);
        assert_eq!(output.status.code(), Some(2), "--chapter {bad:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("--chapter"));
    }
}

/// CONF-RUN-9, CONF-RUN-13: the readable report ends with the per-chapter table and the
/// five-count closing line, and the table's total row equals that line.
#[test]
fn conf_run_per_chapter_table() {
    let fixture = Fixture::new("table");
    let output = fixture.conform(&[]);
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let tail: Vec<Vec<&str>> = lines[lines.len() - 6..lines.len() - 1]
        .iter()
        .map(|line| line.split_whitespace().collect())
        .collect();
    let expected: Vec<Vec<&str>> = vec![
        vec![
            "chapter",
            "passed",
            "failed",
            "unsupported",
            "skipped",
            "errored",
        ],
        vec!["alpha", "1", "1", "0", "0", "0"],
        vec!["beta", "1", "0", "1", "0", "0"],
        vec!["gamma", "0", "2", "0", "0", "0"],
        vec!["total", "2", "3", "1", "0", "0"],
    ];
    assert_eq!(tail, expected, "{text}");
    assert_eq!(
        lines.last().copied(),
        Some("2 passed, 3 failed, 1 unsupported, 0 skipped, 0 errored")
    );
    assert!(text.contains("FAIL alpha/2 [CONF-RUN-11]"), "{text}");
    assert!(
        !text.contains("beta/1"),
        "unsupported cases get no FAIL block: {text}"
    );
}

/// Parses a JUnit file with Python's expat-based parser (strict XML 1.0: a bad
/// character, entity or nesting is an error) and returns its tree as JSON.
fn parse_junit(path: &Path) -> Value {
    const PARSE: &str = r#"
import json, sys, xml.etree.ElementTree as ET
def tree(e):
    return {"tag": e.tag, "attrib": dict(e.attrib), "text": (e.text or "").strip(),
            "children": [tree(c) for c in e]}
print(json.dumps(tree(ET.parse(sys.argv[1]).getroot())))
"#;
    let output = Command::new("python3")
        .args(["-c", PARSE, path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "the JUnit file does not parse: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The JUnit shape CI systems accept (Jenkins' junit-10.xsd): returns
/// `(suite name, case name, child tag or "", child message)` per case.
fn check_junit_shape(root: &Value) -> Vec<(String, String, String, String)> {
    let count = |element: &Value, key: &str| -> usize {
        element["attrib"][key]
            .as_str()
            .unwrap_or_else(|| panic!("missing {key} on {}", element["tag"]))
            .parse()
            .unwrap()
    };
    let time_ok = |element: &Value| {
        element["attrib"]["time"]
            .as_str()
            .unwrap()
            .parse::<f64>()
            .unwrap()
            >= 0.0
    };
    assert_eq!(root["tag"], "testsuites");
    assert!(root["attrib"]["name"].is_string() && time_ok(root));
    let mut rows = Vec::new();
    let mut totals = [0usize; 4];
    for suite in root["children"].as_array().unwrap() {
        assert_eq!(suite["tag"], "testsuite");
        assert!(suite["attrib"]["name"].is_string() && time_ok(suite));
        let mut tally = [0usize; 4];
        for case in suite["children"].as_array().unwrap() {
            assert_eq!(case["tag"], "testcase");
            assert!(case["attrib"]["classname"].is_string() && time_ok(case));
            let children = case["children"].as_array().unwrap();
            assert!(children.len() <= 1, "{case}");
            tally[0] += 1;
            let (tag, message) = match children.first() {
                None => (String::new(), String::new()),
                Some(child) => {
                    let tag = child["tag"].as_str().unwrap().to_owned();
                    let slot = match tag.as_str() {
                        "failure" => 1,
                        "error" => 2,
                        "skipped" => 3,
                        other => panic!("unexpected <{other}> in a testcase"),
                    };
                    tally[slot] += 1;
                    let message = child["attrib"]["message"].as_str().unwrap().to_owned();
                    (tag, message)
                }
            };
            rows.push((
                suite["attrib"]["name"].as_str().unwrap().to_owned(),
                case["attrib"]["name"].as_str().unwrap().to_owned(),
                tag,
                message,
            ));
        }
        let declared = ["tests", "failures", "errors", "skipped"].map(|key| count(suite, key));
        assert_eq!(declared, tally, "{}", suite["attrib"]);
        for (total, part) in totals.iter_mut().zip(tally) {
            *total += part;
        }
    }
    let declared = ["tests", "failures", "errors", "skipped"].map(|key| count(root, key));
    assert_eq!(declared, totals);
    rows
}

/// CONF-RUN-14: the JUnit file parses as strict XML, has the CI shape with counts that
/// agree with the JSON report, survives characters XML cannot carry, and turns
/// unsupported cases into failures under `--require-all`.
#[test]
fn conf_run_junit_is_valid_and_agrees_with_the_report() {
    let fixture = Fixture::new("junit");
    let junit = fixture.path("report.xml");
    let output = fixture.conform(&["--json", "--junit", junit.to_str().unwrap()]);
    let report = json_report(&output);
    let root = parse_junit(&junit);
    let rows = check_junit_shape(&root);
    let tags: Vec<(String, String, String)> = rows
        .iter()
        .map(|(suite, case, tag, _)| (suite.clone(), case.clone(), tag.clone()))
        .collect();
    let expected: Vec<(String, String, String)> = [
        ("alpha", "alpha/1", ""),
        ("alpha", "alpha/2", "failure"),
        ("beta", "beta/1", "skipped"),
        ("beta", "beta/2", ""),
        ("gamma", "gamma/1", "failure"),
        ("gamma", "gamma/2", "failure"),
    ]
    .iter()
    .map(|(a, b, c)| ((*a).to_owned(), (*b).to_owned(), (*c).to_owned()))
    .collect();
    assert_eq!(tags, expected);
    let ids: Vec<String> = statuses(&report).into_iter().map(|(id, _)| id).collect();
    let names: Vec<String> = rows.iter().map(|row| row.1.clone()).collect();
    assert_eq!(ids, names);
    // The declined message keeps its markup characters; the ones XML cannot carry are visible.
    assert_eq!(
        rows[2].3,
        "unsupported_op: no units \\u{0000} <x> & \"q\" \\u{FFFE} ]]> \\u{001B}"
    );
    assert_eq!(rows[1].3, "at /matched: expected true, got false");
    let failure_text = root["children"][0]["children"][1]["children"][0]["text"]
        .as_str()
        .unwrap();
    assert!(
        failure_text.contains("clauses:  CONF-RUN-11"),
        "{failure_text}"
    );
    assert!(
        failure_text.contains(r#""value":"git \u0001<&>\u{FFFE}""#),
        "{failure_text}"
    );
    assert!(root["attrib"]["name"]
        .as_str()
        .unwrap()
        .contains("fake <&> \\u{0001} 1"));

    let strict = fixture.path("strict.xml");
    let output = fixture.conform(&["--require-all", "--junit", strict.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let rows = check_junit_shape(&parse_junit(&strict));
    assert_eq!(
        (rows[2].1.as_str(), rows[2].2.as_str()),
        ("beta/1", "failure")
    );

    let output = fixture.conform(&["--junit", "/nonexistent-dir/report.xml"]);
    assert_eq!(output.status.code(), Some(2));
}

/// The UTC time now as `YYYY-MM-DDThh:mm:ss`, from `date(1)`, not from the code under test.
fn utc_now() -> String {
    let output = Command::new("date")
        .args(["-u", "+%Y-%m-%dT%H:%M:%S"])
        .output()
        .unwrap();
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

/// CONF-RUN-15: every `testsuite` carries the run's start as a zone-less UTC
/// `timestamp` (between the clock before and after the run) and the `hostname`.
#[test]
fn conf_run_junit_suites_carry_timestamp_and_hostname() {
    let fixture = Fixture::new("junit-stamp");
    let junit = fixture.path("report.xml");
    let before = utc_now();
    fixture.conform(&["--junit", junit.to_str().unwrap()]);
    let after = utc_now();
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map_or_else(|_| "localhost".to_owned(), |name| name.trim().to_owned());
    let root = parse_junit(&junit);
    let suites = root["children"].as_array().unwrap();
    assert_eq!(suites.len(), 3);
    for suite in suites {
        let stamp = suite["attrib"]["timestamp"].as_str().unwrap();
        let shape: String = stamp
            .chars()
            .map(|c| if c.is_ascii_digit() { '9' } else { c })
            .collect();
        assert_eq!(shape, "9999-99-99T99:99:99", "{stamp}");
        assert!(
            before.as_str() <= stamp && stamp <= after.as_str(),
            "{before} {stamp} {after}"
        );
        assert_eq!(suite["attrib"]["hostname"], host.as_str());
    }
}

const AUTHORIZER: &str = "conformance/examples/authorizer_adapter.py";

/// Both example adapters implement the deployed profile only and decline
/// `"profile": "hardened"` with `unsupported_op` (HARD-1, PROTO-12).
fn is_hardened(request: &serde_json::Map<String, Value>) -> bool {
    request.get("profile").and_then(Value::as_str) == Some("hardened")
}

/// Runs `implementation` on the whole corpus and checks its report is clean and
/// truthful: exactly the cases `answers` selects pass (in corpus order), every
/// other case is unsupported, nothing fails, errors or is skipped, and the run
/// exits 0; with `--require-all` and `strict` it exits 1.
fn assert_clean_and_truthful(
    implementation: &str,
    answers: impl Fn(&serde_json::Map<String, Value>) -> bool,
    strict: &[&str],
) {
    let files = inner_cmd_spec::conform::load_vectors(Path::new("spec/vectors")).unwrap();
    let cases: Vec<_> = files
        .iter()
        .flat_map(inner_cmd_spec::conform::VectorFile::cases)
        .collect();
    let answerable: Vec<String> = cases
        .iter()
        .filter(|case| answers(&case.request))
        .map(|case| case.id.clone())
        .collect();
    let run = |extra: &[&str]| {
        Command::new(BIN)
            .args(["conform", "--impl", implementation])
            .args(super::NO_HANG_TIMEOUT)
            .args(extra)
            .output()
            .unwrap()
    };
    let output = run(&["--json"]);
    let report = json_report(&output);
    let passed: Vec<String> = statuses(&report)
        .into_iter()
        .filter(|(_, status)| status == "passed")
        .map(|(id, _)| id)
        .collect();
    let missing: Vec<&String> = answerable
        .iter()
        .filter(|id| !passed.contains(id))
        .collect();
    let extra: Vec<&String> = passed
        .iter()
        .filter(|id| !answerable.contains(id))
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "did not pass: {missing:?}; passed but not answerable: {extra:?}"
    );
    assert_eq!(passed, answerable);
    assert_eq!(
        report["unsupported"].as_u64(),
        Some((cases.len() - answerable.len()) as u64)
    );
    assert_eq!(
        (
            report["failed"].as_u64(),
            report["errored"].as_u64(),
            report["skipped"].as_u64()
        ),
        (Some(0), Some(0), Some(0))
    );
    assert_eq!(output.status.code(), Some(0));
    let strict_run = run(&[&["--require-all"], strict].concat());
    assert_eq!(strict_run.status.code(), Some(1));
}

/// CONF-RUN-10, CONF-RUN-11, PROTO-12: the authorizer-only example adapter gets a clean,
/// truthful report on the whole corpus: exactly the `authorize`-with-`answers` cases
/// (what an authorizer without a policy can answer) pass, every other case is
/// unsupported, nothing fails, and the run exits 0 (1 under `--require-all`).
#[test]
fn conf_run_authorizer_only_adapter_is_clean_and_truthful() {
    assert_clean_and_truthful(
        &format!("python3 {AUTHORIZER}"),
        |request| {
            request["op"] == "authorize" && request.contains_key("answers") && !is_hardened(request)
        },
        &[],
    );
}

/// CONF-RUN-4, CONF-RUN-11: the report has teeth: the same adapter with `.` ported
/// as Python's `.` (which matches U+2028, U+2029 and `\r`) fails wrap vectors, and
/// those stay failures, not unsupported.
#[test]
fn conf_run_a_wrong_port_fails_instead_of_hiding() {
    let source = std::fs::read_to_string(AUTHORIZER).unwrap();
    let line = source
        .lines()
        .find(|line| line.starts_with("ECMA_DOT = "))
        .unwrap();
    let broken = source.replace(line, "ECMA_DOT = \".\"");
    let dir = std::env::temp_dir().join(format!("inner-cmd-wrong-port-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("broken.py");
    std::fs::write(&script, broken).unwrap();
    let output = Command::new(BIN)
        .args(["conform", "--chapter", "wrap", "--json"])
        .args(super::NO_HANG_TIMEOUT)
        .arg("--impl")
        .arg(format!("python3 '{}'", script.display()))
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(output.status.code(), Some(1));
    let report = json_report(&output);
    assert!(report["failed"].as_u64() > Some(0), "{}", report["failed"]);
    assert_eq!(report["unsupported"].as_u64(), Some(0));
}

/// CONF-RUN-11: declined cases are summarized per operation and reason in the readable
/// report, and every case names its operation in `--json`.
#[test]
fn conf_run_declined_operations_are_listed() {
    let fixture = Fixture::new("declined");
    let text = String::from_utf8(fixture.conform(&[]).stdout).unwrap();
    let declined: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("UNSUPPORTED "))
        .collect();
    assert_eq!(
        declined,
        // Control characters are shown escaped, never sent raw to a terminal.
        [
            r#"UNSUPPORTED units (1 case): unsupported_op: no units \u{0000} <x> & "q" "#
                .to_owned()
                + "\u{fffe} ]]> \\u{001B}"
        ]
    );
    let report = json_report(&fixture.conform(&["--json"]));
    let ops: Vec<&str> = report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|case| case["op"].as_str().unwrap())
        .collect();
    assert_eq!(
        ops,
        ["match", "match", "units", "units", "check", "advisory"]
    );
}

const POLICY: &str = "conformance/examples/policy_adapter.py";
const POLICY_REQUIREMENTS: &str = "conformance/examples/requirements-policy.txt";
/// A Python that has `POLICY_REQUIREMENTS` installed; by default the test
/// makes one, `target/policy-venv`, on first use (as the parity test runs `npm ci`).
const POLICY_PYTHON_VAR: &str = "INNER_CMD_POLICY_PYTHON";
/// Set to `1` to skip the policy-only adapter's test explicitly.
const SKIP_POLICY_VAR: &str = "INNER_CMD_SKIP_POLICY_ADAPTER";

fn imports_tree_sitter(python: &str) -> bool {
    Command::new(python)
        .args(["-c", "import tree_sitter, tree_sitter_bash"])
        .output()
        .is_ok_and(|output| output.status.success())
}

/// The interpreter for the policy-only adapter, or `None` when the explicit
/// opt-out is set. Panics with instructions when its packages cannot be had,
/// so the test never passes without having run.
fn policy_python(test: &str) -> Option<String> {
    if std::env::var(SKIP_POLICY_VAR).is_ok_and(|v| v == "1") {
        eprintln!(
            "{test}: SKIPPED because {SKIP_POLICY_VAR}=1 (the policy-only adapter was not run)"
        );
        return None;
    }
    let fix = format!(
        "install Python 3 with venv (Debian: python3-venv) and PyPI access, or set \
         {POLICY_PYTHON_VAR} to a Python with {POLICY_REQUIREMENTS} installed, or set \
         {SKIP_POLICY_VAR}=1 to skip this test explicitly"
    );
    if let Ok(python) = std::env::var(POLICY_PYTHON_VAR) {
        assert!(
            imports_tree_sitter(&python),
            "{test}: `{python}` cannot import tree_sitter and tree_sitter_bash; {fix}"
        );
        return Some(python);
    }
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("policy-venv");
    let python = venv.join("bin/python").display().to_string();
    if !imports_tree_sitter(&python) {
        let made = Command::new("python3")
            .args(["-m", "venv", "--clear"])
            .arg(&venv)
            .status();
        assert!(
            made.is_ok_and(|s| s.success()),
            "{test}: `python3 -m venv` failed; {fix}"
        );
        let installed = Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "-r",
                POLICY_REQUIREMENTS,
            ])
            .status();
        assert!(
            installed.is_ok_and(|s| s.success()),
            "{test}: pip install failed; {fix}"
        );
        assert!(
            imports_tree_sitter(&python),
            "{test}: the new venv cannot import tree_sitter; {fix}"
        );
    }
    Some(python)
}

/// CONF-RUN-11, PROTO-12, HARD-1: the policy-only example adapter gets a clean, truthful
/// report on the whole corpus with no skip file: exactly the `match`, `units`,
/// `check` and `advisory` cases pass, every `authorize` and `decide` case is
/// unsupported, nothing fails, and `--require-all` fails the run.
#[test]
fn conf_run_policy_only_adapter_is_clean_and_truthful() {
    let Some(python) = policy_python("conf_run_policy_only_adapter_is_clean_and_truthful") else {
        return;
    };
    assert_clean_and_truthful(
        &format!("{python} {POLICY}"),
        |request| {
            ["match", "units", "check", "advisory"].contains(&request["op"].as_str().unwrap_or(""))
                && !is_hardened(request)
        },
        // Under --require-all one chapter of declined cases is enough to fail.
        &["--chapter", "pipe"],
    );
}
