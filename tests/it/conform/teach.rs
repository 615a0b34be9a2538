//! The runner without a checkout, and reports that say what to fix
//! (`CONF-RUN-2`, `CONF-RUN-3`, `CONF-RUN-9`, `CONF-RUN-13`, `CONF-RUN-14`, `CONF-RUN-16`).
//!
//! The adapters here are written into a scratch directory by each test; the
//! expectations come from the vector files themselves (their comments and
//! clauses), never from what the runner printed before.

use std::path::PathBuf;
use std::process::{Command, Output};

use inner_cmd_spec::conform::{builtin, builtin_vectors, load_vectors, Case, VectorFile};
use serde_json::Value;

use crate::support::corpus::repo;

const BIN: &str = env!("CARGO_BIN_EXE_inner-cmd");

/// Answers every request `ok` with nothing else: every vector that expects a
/// member fails, and the request is echoed back in the report.
const EMPTY_ANSWERS: &str = r#"
import json, sys
print(json.dumps({"protocol": 1, "spec": "0.1.0", "implementation": "empty answers"}), flush=True)
for line in sys.stdin:
    print(json.dumps({"id": json.loads(line).get("id"), "ok": True}), flush=True)
"#;

/// A scratch directory (removed on drop) to run the runner in, away from the checkout.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("inner-cmd-teach-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    fn adapter(&self, name: &str, source: &str) -> String {
        std::fs::write(self.0.join(name), source).unwrap();
        format!("python3 {name}")
    }

    /// An adapter in bash, for a test whose timeout must fire: bash starts in
    /// milliseconds, where a Python start under load took seconds, longer
    /// than such a timeout (the runner waits for a handshake as long as for a case).
    fn bash_adapter(&self, name: &str, source: &str) -> String {
        std::fs::write(self.0.join(name), source).unwrap();
        format!("bash {name}")
    }

    /// `inner-cmd conform ARGS` here, with the patient timeout unless ARGS set one.
    fn conform(&self, args: &[&str]) -> Output {
        let timeout: &[&str] = if args.contains(&"--timeout") {
            &[]
        } else {
            &super::NO_HANG_TIMEOUT
        };
        Command::new(BIN)
            .arg("conform")
            .args(timeout)
            .args(args)
            .current_dir(&self.0)
            .output()
            .unwrap()
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn checkout_cases() -> Vec<Case> {
    load_vectors(&repo().join("spec/vectors"))
        .unwrap()
        .iter()
        .flat_map(VectorFile::cases)
        .collect()
}

fn json_report(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!(
            "not a JSON report ({error}): {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

/// CONF-RUN-3: the binary carries exactly the vector files of the tree it was built from.
#[test]
fn conf_run_builtin_vectors_are_the_tree() {
    let mut names: Vec<String> = std::fs::read_dir(repo().join("spec/vectors"))
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .map(|path| path.file_name().unwrap().to_str().unwrap().to_owned())
        .collect();
    names.sort();
    assert_eq!(builtin::file_names(), names);
    let built_in: Vec<Case> = builtin_vectors()
        .unwrap()
        .iter()
        .flat_map(VectorFile::cases)
        .collect();
    assert_eq!(built_in, checkout_cases());
}

/// CONF-RUN-3, CONF-RUN-10: from an empty directory, without `--vectors`,
/// the runner sends every vector of the tree, and the crate's server passes them.
#[test]
fn conf_run_from_an_empty_directory_runs_every_vector() {
    let scratch = Scratch::new("empty-dir");
    let output = scratch.conform(&["--impl", &format!("'{BIN}' serve"), "--json"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = json_report(&output);
    let ids: Vec<&str> = report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|case| case["id"].as_str().unwrap())
        .collect();
    let expected: Vec<String> = checkout_cases().into_iter().map(|case| case.id).collect();
    assert_eq!(ids, expected);
    assert_eq!(report["passed"].as_u64(), Some(expected.len() as u64));
}

/// CONF-RUN-3: a missing `--vectors` directory is a usage error that says what the flag is for.
#[test]
fn conf_run_missing_vector_directory_mentions_the_flag() {
    let scratch = Scratch::new("missing-dir");
    let output = scratch.conform(&["--impl", "true", "--vectors", "no-such-dir"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("no-such-dir") && stderr.contains("--vectors"),
        "{stderr}"
    );
}

/// CONF-RUN-9, CONF-RUN-13, CONF-RUN-14: a failing case carries its vector's
/// comment in the text report, `--json` and JUnit, with its smallest difference.
#[test]
fn conf_run_failing_cases_carry_their_comment_in_every_format() {
    let scratch = Scratch::new("comments");
    let adapter = scratch.adapter("empty.py", EMPTY_ANSWERS);
    let cases: Vec<Case> = checkout_cases()
        .into_iter()
        .filter(|case| case.id.starts_with("pol-match/"))
        .collect();
    assert!(cases.iter().all(|case| !case.comment.is_empty()));
    let junit = scratch.path("report.xml");
    let text = scratch.conform(&[
        "--impl",
        &adapter,
        "--only",
        "pol-match/*",
        "--junit",
        junit.to_str().unwrap(),
    ]);
    assert_eq!(text.status.code(), Some(1));
    let text = String::from_utf8(text.stdout).unwrap();
    let json =
        json_report(&scratch.conform(&["--impl", &adapter, "--only", "pol-match/*", "--json"]));
    let xml = std::fs::read_to_string(&junit).unwrap();
    for (case, reported) in cases.iter().zip(json["cases"].as_array().unwrap()) {
        let block = format!(
            "FAIL {} [{}]\n  why:      {}\n  diff:     at /matched: expected {}, got nothing\n",
            case.id,
            case.clauses.join(", "),
            case.comment,
            case.expected["matched"]
        );
        assert!(text.contains(&block), "{block}\nnot in\n{text}");
        assert_eq!(reported["id"], case.id.as_str());
        assert_eq!(reported["comment"], case.comment.as_str());
        assert_eq!(reported["mismatch"]["path"], "/matched");
        assert_eq!(reported["mismatch"]["expected"], case.expected["matched"]);
        assert!(reported["mismatch"]["got"].is_null());
        let message = format!(
            "message=\"{} — at /matched: expected {}, got nothing\"",
            inner_cmd_spec::conform::junit::attribute(&case.comment),
            case.expected["matched"]
        );
        assert!(xml.contains(&message), "{message}");
    }
    // CONF-RUN-13: every clause of the failing cases has a row, counted over the cases naming it.
    for (clause, counts) in json["clauses"].as_object().unwrap() {
        let naming = cases
            .iter()
            .filter(|case| case.clauses.contains(clause))
            .count();
        assert_eq!(counts["failed"].as_u64(), Some(naming as u64), "{clause}");
        let naming = naming.to_string();
        let row = [clause.as_str(), "0", &naming, "0", "0", "0"];
        assert!(
            text.lines().any(|line| line.split_whitespace().eq(row)),
            "{row:?} not in\n{text}"
        );
    }
}

/// CONF-RUN-9: an oversized response and a hung case are named, not dumped.
#[test]
fn conf_run_oversized_and_hung_cases_are_named_not_dumped() {
    // The runner writes compact JSON, so the empty value and the numeric id
    // are found by pattern.
    const HUGE: &str = r#"
printf '%s\n' '{"protocol": 1, "spec": "0.1.0", "implementation": "huge"}'
big="$(head -c 1000000 /dev/zero | tr '\0' x)"
while IFS= read -r line; do
  case $line in *'"value":""'*) read -r _ ;; esac  # hangs: never answers this one
  id=${line#*\"id\":}
  id=${id%%[,\}]*}
  printf '{"id": %s, "ok": true, "matched": "%s"}\n' "$id" "$big"
done
"#;
    let scratch = Scratch::new("huge");
    let adapter = scratch.bash_adapter("huge.sh", HUGE);
    // pol-match/1 has a non-empty value, pol-match/3 the empty one (checked below).
    let cases = checkout_cases();
    let value =
        |id: &str| cases.iter().find(|case| case.id == id).unwrap().request["value"].clone();
    assert!(value("pol-match/1") != "" && value("pol-match/3") == "");
    for format in [None, Some("--json")] {
        let mut args = vec![
            "--impl",
            &adapter,
            "--only",
            "pol-match/?",
            "--timeout",
            "3",
        ];
        args.extend(format);
        let output = scratch.conform(&args);
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(stdout.len() < 100_000, "{} bytes of report", stdout.len());
        assert!(stdout.contains("bytes in all)"), "{stdout}");
        assert!(stdout.contains("no response within 3000 ms"), "{stdout}");
        assert!(stdout.contains("pol-match/3"), "{stdout}");
    }
}

/// CONF-RUN-2: a log line before the handshake is shown with the command
/// line; a program that cannot start is named.
#[test]
fn conf_run_start_up_errors_show_the_line_and_the_program() {
    let scratch = Scratch::new("start-up");
    let chatty = scratch.adapter(
        "chatty.py",
        "print('adapter 0.3 starting, loading rules', flush=True)\n",
    );
    let output = scratch.conform(&["--impl", &chatty]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("`python3 chatty.py`")
            && stderr.contains("adapter 0.3 starting, loading rules")
            && stderr.contains("handshake"),
        "{stderr}"
    );
    let output = scratch.conform(&["--impl", "/no/such/adapter --serve"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot start the implementation `/no/such/adapter`"),
        "{stderr}"
    );
}

/// CONF-RUN-16: `--profile hardened` runs exactly the cases written for the
/// hardened profile, sends the profile with each, and the crate's server passes them.
#[test]
fn conf_run_profile_selects_and_sends() {
    let scratch = Scratch::new("profile");
    let cases = checkout_cases();
    for profile in ["hardened", "deployed"] {
        let written: Vec<&str> = cases
            .iter()
            .filter(|case| {
                case.request
                    .get("profile")
                    .and_then(Value::as_str)
                    .unwrap_or("deployed")
                    == profile
            })
            .map(|case| case.id.as_str())
            .collect();
        assert!(!written.is_empty(), "no {profile} vector");
        let own = json_report(&scratch.conform(&[
            "--impl",
            &format!("'{BIN}' serve"),
            "--profile",
            profile,
            "--json",
        ]));
        let ids: Vec<&str> = own["cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids, written, "{profile}");
        assert_eq!(
            own["passed"].as_u64(),
            Some(written.len() as u64),
            "{profile}"
        );
    }
    let adapter = scratch.adapter("empty.py", EMPTY_ANSWERS);
    let report =
        json_report(&scratch.conform(&["--impl", &adapter, "--profile", "hardened", "--json"]));
    for case in report["cases"].as_array().unwrap() {
        assert_eq!(case["request"]["profile"], "hardened", "{case}");
    }
}
