//! `inner-cmd fuzz` finds planted faults by itself and shrinks them, and runs
//! clean against the crate's own server (`CONF-FUZZ-1`..`CONF-FUZZ-5`).
//!
//! The planted-fault adapters live outside the repository, in a scratch
//! directory: each is the example adapter `conformance/examples/minimal_adapter.py`
//! (or a regex-based variant of it) with one mistake an implementer makes,
//! applied by replacing one line, so the unmutated adapter is checked clean
//! too. Every run uses the default budget (no `--seconds`, no `--cases`):
//! the faults must be found well within it.

#![cfg(feature = "proptest")]

use std::path::PathBuf;
use std::process::{Command, Output};

use inner_cmd_spec::conform::fuzz::shrink::size;
use serde_json::Value;

use crate::support::corpus::{repo, schema};
use crate::support::schema::Schema;

const BIN: &str = env!("CARGO_BIN_EXE_inner-cmd");

/// The largest shrunk request (characters of its members, `op` aside) that counts as "a few characters".
const FEW: usize = 16;

/// A matcher built on Python's `re`, otherwise the example adapter.
fn regex_adapter(example: &str) -> String {
    let start = example.find("def pieces_match(pattern, value):").unwrap();
    let end = example.find("def wildcard_match(").unwrap();
    format!(
        "{}def pieces_match(pattern, value):\n    import re\n    regex = \"\".join(\".*\" if ch == \"*\" else \".\" if ch == \"?\" else re.escape(ch) for ch in pattern)\n    return re.fullmatch(regex, value, re.DOTALL) is not None\n\n\n{}",
        &example[..start],
        &example[end..]
    )
}

/// Forwards `match`, `check` and `advisory` to the reference with the rule
/// list reversed: an implementation where the first matching rule wins.
const FIRST_MATCH_WINS: &str = r#"
import json, subprocess, sys
reference = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, encoding="utf-8")
reference.stdout.readline()
print(json.dumps({"protocol": 1, "spec": "0.1.0", "implementation": "first-match-wins"}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    if request.get("op") not in ("match", "check", "advisory") or not isinstance(request.get("rules"), list):
        print(json.dumps({"id": request.get("id"), "ok": False, "error": {"code": "unsupported_op", "message": "rules only"}}), flush=True)
        continue
    request["rules"] = request["rules"][::-1]
    reference.stdin.write(json.dumps(request) + "\n")
    reference.stdin.flush()
    print(reference.stdout.readline().strip(), flush=True)
"#;

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("inner-cmd-fuzz-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    /// `inner-cmd SUBCOMMAND ARGS` here; `conform` and `fuzz` get the patient
    /// timeout unless ARGS set one (no implementation here hangs).
    fn run(&self, args: &[&str]) -> Output {
        let (subcommand, rest) = args.split_first().unwrap();
        let timeout: &[&str] = if args.contains(&"--timeout") {
            &[]
        } else {
            &super::NO_HANG_TIMEOUT
        };
        Command::new(BIN)
            .arg(subcommand)
            .args(timeout)
            .args(rest)
            .current_dir(&self.0)
            .output()
            .unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The planted-fault adapters: (name, source), each with its mistake above it.
fn planted() -> Vec<(&'static str, String)> {
    let example =
        std::fs::read_to_string(repo().join("conformance/examples/minimal_adapter.py")).unwrap();
    let regex = regex_adapter(&example);
    let mutate = |source: &str, from: &str, to: &str| {
        assert_eq!(
            source.matches(from).count(),
            1,
            "the adapter changed: {from:?}"
        );
        source.replace(from, to)
    };
    vec![
        // `?` counts code points, not UTF-16 code units (a surrogate pair is two).
        (
            "surrogate-pair",
            mutate(&example, "    expanded = utf16_units(expand_home(pattern, home))\n    value = utf16_units(value)\n", "    expanded = expand_home(pattern, home)\n"),
        ),
        // A trailing ` *` does not make the arguments optional.
        (
            "trailing-star",
            mutate(&example, "    if expanded.endswith(\" *\") and pieces_match(expanded[:-2], value):\n", "    if False:\n"),
        ),
        // `~/` and `$HOME/` are concatenated, not joined and normalized as path.join does.
        (
            "home-join",
            mutate(&example, "            return node_path_join(home, pattern[len(prefix):])", "            return home + \"/\" + pattern[len(prefix):]"),
        ),
        // `*` and `?` stop at a newline (a regex without the s flag).
        ("newline", mutate(&regex, "re.fullmatch(regex, value, re.DOTALL)", "re.fullmatch(regex, value)")),
        // Case-insensitive literals.
        ("ignore-case", mutate(&regex, "re.fullmatch(regex, value, re.DOTALL)", "re.fullmatch(regex, value, re.DOTALL | re.IGNORECASE)")),
        // A prefix of the value matching counts as a match.
        ("prefix", mutate(&regex, "re.fullmatch(regex, value, re.DOTALL)", "re.match(regex, value, re.DOTALL)")),
        // `*` needs at least one character.
        ("star-not-empty", mutate(&regex, "\".*\" if ch == \"*\"", "\".+\" if ch == \"*\"")),
        // `?` may match nothing.
        ("question-optional", mutate(&regex, "else \".\" if ch == \"?\"", "else \".?\" if ch == \"?\"")),
        // Regex metacharacters other than brackets stay special.
        (
            "metacharacters",
            mutate(&regex, "else re.escape(ch) for ch", "else (re.escape(ch) if ch in \"()[]{}\\\\|\" else ch) for ch"),
        ),
    ]
}

/// The shrunk request of a divergence report.
fn shrunk_request(stdout: &str) -> Value {
    let line = stdout
        .lines()
        .find_map(|line| line.strip_prefix("request:"))
        .unwrap_or_else(|| panic!("no request line in\n{stdout}"));
    serde_json::from_str(line.trim()).unwrap()
}

fn check_found(scratch: &Scratch, name: &str, implementation: &str) {
    let out = format!("found-{name}");
    let output = scratch.run(&["fuzz", "--impl", implementation, "--out", &out]);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(
        output.status.code(),
        Some(1),
        "{name}: not found\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut request = shrunk_request(&stdout);
    let op = request["op"].clone();
    request
        .as_object_mut()
        .unwrap()
        .retain(|key, _| key != "op" && key != "id");
    assert!(
        size(&request) <= FEW,
        "{name}: shrunk only to {} characters: {request}",
        size(&request)
    );
    assert!(
        stdout.contains("reference:") && stdout.contains("implementation:"),
        "{stdout}"
    );
    // The vector file holds that case; the reference passes it and the adapter fails it.
    let files: Vec<PathBuf> = std::fs::read_dir(scratch.0.join(&out))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    assert_eq!(file["testGroups"][0]["op"], op);
    assert_eq!(file["testGroups"][0]["tests"][0]["request"], request);
    let errors = Schema::new(&schema()).errors(&file, name);
    assert!(
        errors.is_empty(),
        "{name}: the vector file is not valid: {errors:?}"
    );
    let rerun = |implementation: &str| {
        scratch
            .run(&["conform", "--impl", implementation, "--vectors", &out])
            .status
            .code()
    };
    assert_eq!(
        rerun(&format!("'{BIN}' serve")),
        Some(0),
        "{name}: the reference fails its own vector"
    );
    assert_eq!(
        rerun(implementation),
        Some(1),
        "{name}: the vector does not catch the fault"
    );
}

/// CONF-FUZZ-1, CONF-FUZZ-2, CONF-FUZZ-3, CONF-FUZZ-4, CONF-FUZZ-5: every
/// planted fault of a matcher-only adapter is found by itself, within the
/// default budget, and shrunk to a few characters; its vector file catches it.
#[test]
fn conf_fuzz_finds_and_shrinks_planted_matcher_faults() {
    let scratch = Scratch::new("planted");
    for (name, source) in planted() {
        std::fs::write(scratch.0.join(format!("{name}.py")), source).unwrap();
        check_found(&scratch, name, &format!("python3 {name}.py"));
    }
}

/// CONF-FUZZ-2, CONF-FUZZ-4: last match wins: an implementation where the
/// first matching rule wins is found through `check`/`advisory`.
#[test]
fn conf_fuzz_finds_first_match_wins() {
    let scratch = Scratch::new("first-match");
    std::fs::write(scratch.0.join("first.py"), FIRST_MATCH_WINS).unwrap();
    check_found(
        &scratch,
        "first-match-wins",
        &format!("python3 first.py '{BIN}' serve"),
    );
}

/// CONF-FUZZ-1, CONF-FUZZ-5: the unmutated adapters and the crate's own
/// server (both profiles) run clean; declined operations are reported, not failures.
#[test]
fn conf_fuzz_runs_clean_without_a_fault() {
    let scratch = Scratch::new("clean");
    let example =
        std::fs::read_to_string(repo().join("conformance/examples/minimal_adapter.py")).unwrap();
    std::fs::write(scratch.0.join("example.py"), &example).unwrap();
    std::fs::write(scratch.0.join("regex.py"), regex_adapter(&example)).unwrap();
    let serve = format!("'{BIN}' serve");
    let runs: [&[&str]; 4] = [
        &["--impl", "python3 example.py", "--cases", "1500"],
        &["--impl", "python3 regex.py", "--cases", "1500"],
        &["--impl", &serve, "--cases", "1500"],
        &[
            "--impl",
            &serve,
            "--cases",
            "500",
            "--profile",
            "hardened",
            "--seed",
            "2",
        ],
    ];
    for args in runs {
        let output = scratch.run(&[&["fuzz"], args].concat());
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{args:?}\n{stdout}");
        let count = args[3];
        assert!(
            stdout.contains(&format!("{count} cases, no divergence")),
            "{stdout}"
        );
        let declines = args[1].starts_with("python3");
        assert_eq!(stdout.contains("declined     units"), declines, "{stdout}");
    }
}

/// CONF-FUZZ-1: usage errors exit 2.
#[test]
fn conf_fuzz_usage_errors() {
    let scratch = Scratch::new("usage");
    for args in [
        &["fuzz", "--impl", "true", "--ops", "matches"][..],
        &["fuzz", "--impl", "/no/such/impl"],
        &["fuzz", "--impl", "python3 -c pass"],
        &["fuzz", "--impl", "true", "--seconds", "0"],
    ] {
        assert_eq!(scratch.run(args).status.code(), Some(2), "{args:?}");
    }
}
