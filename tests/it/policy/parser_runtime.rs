//! The parser the reference runs is the deployed package's (issue 12,
//! POL-UNIT-1, POL-PARITY-1): the same tree-sitter C core release as its
//! `web-tree-sitter`, and the tree-sitter-bash scanner with the character
//! classes of that wasm's libc, checked code point by code point against the
//! wasm itself. Self-contained (its own small helpers), so it can move into
//! the single test binary as one module.

use std::path::{Path, PathBuf};
use std::process::Command;

use inner_cmd_spec::policy::{Policy, Rule};
use inner_cmd_spec::verdict::PermissionState;
use inner_cmd_spec_grammar::CharClass;
use serde_json::{json, Value};

use crate::support::corpus::repo;

/// The tree-sitter release both sides run (`web-tree-sitter` in the package,
/// the `tree-sitter` crate here).
const TREE_SITTER: &str = "0.26.13";

fn adapter() -> PathBuf {
    repo().join("conformance/adapters/pi-permission-system")
}

/// The `version` of `package` in a `package-lock.json`, or of a crate in
/// `Cargo.lock`.
fn npm_locked(lock: &Value, package: &str) -> String {
    lock["packages"][format!("node_modules/{package}")]["version"]
        .as_str()
        .unwrap_or_else(|| panic!("{package} is not in the adapter's package-lock.json"))
        .to_owned()
}

fn cargo_locked(lock: &str, krate: &str) -> Vec<String> {
    let lines: Vec<&str> = lock.lines().collect();
    lines
        .windows(2)
        .filter(|w| w[0] == format!("name = \"{krate}\""))
        .filter_map(|w| w[1].strip_prefix("version = \""))
        .map(|v| v.trim_end_matches('"').to_owned())
        .collect()
}

/// POL-UNIT-1: the crate's tree-sitter C core is the release of the
/// package's web-tree-sitter, and the grammar the same tree-sitter-bash; a
/// bump on one side alone fails here (error recovery changed between 0.25
/// and 0.26, and would again).
#[test]
fn the_tree_sitter_runtime_is_the_packages() {
    let npm: Value = serde_json::from_str(
        &std::fs::read_to_string(adapter().join("package-lock.json")).expect("package-lock"),
    )
    .expect("package-lock is JSON");
    assert_eq!(npm_locked(&npm, "web-tree-sitter"), TREE_SITTER);
    assert_eq!(npm_locked(&npm, "tree-sitter-bash"), "0.25.1");
    let cargo = std::fs::read_to_string(repo().join("Cargo.lock")).expect("Cargo.lock");
    assert_eq!(cargo_locked(&cargo, "tree-sitter"), [TREE_SITTER]);
    // No second copy of the grammar (its scanner would classify by locale).
    assert_eq!(
        cargo_locked(&cargo, "tree-sitter-bash"),
        Vec::<String>::new()
    );
    let vendored = repo().join("grammar/vendor/tree-sitter-bash-0.25.1/src/parser.c");
    let parser = std::fs::read_to_string(vendored).expect("vendored parser.c");
    assert!(parser.contains(".major_version = 0,\n      .minor_version = 25,"));
}

/// The ranges a class holds, as `tools/wasm-wctype.cjs` reports them.
fn ranges(report: &Value, class: CharClass) -> Vec<(u32, u32)> {
    report[class.libc_name()]
        .as_array()
        .expect("ranges")
        .iter()
        .map(|r| {
            let bound = |i: usize| u32::try_from(r[i].as_u64().expect("bound")).expect("u32");
            (bound(0), bound(1))
        })
        .collect()
}

/// POL-UNIT-1: for every code point (and beyond), the compiled scanner's
/// `iswspace`, `iswalpha` and `iswalnum` answer as the deployed
/// web-tree-sitter wasm's own exported functions do, read live from the
/// adapter's installed copy. Needs Node and the adapter's `node_modules`
/// (skipped only with `INNER_CMD_SKIP_PARITY=1`, like the parity tests).
#[test]
fn scanner_classes_are_the_deployed_wasms() {
    let wasm = adapter().join("node_modules/web-tree-sitter/web-tree-sitter.wasm");
    if std::env::var("INNER_CMD_SKIP_PARITY").is_ok_and(|v| v == "1") {
        eprintln!("scanner classes: SKIPPED because INNER_CMD_SKIP_PARITY=1");
        return;
    }
    assert!(
        wasm.is_file(),
        "{} is missing: run `npm ci` in {}",
        wasm.display(),
        adapter().display()
    );
    let out = Command::new("node")
        .arg(repo().join("grammar/tools/wasm-wctype.cjs"))
        .arg(&wasm)
        .arg("json")
        .output()
        .expect("run node");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    for class in CharClass::ALL {
        let mut members = vec![false; 0x11_0001];
        for (lo, hi) in ranges(&report, class) {
            for c in lo..=hi {
                members[c as usize] = true;
            }
        }
        let in_wasm = |c: u32| members.get(c as usize).copied().unwrap_or(false);
        let mut differ = Vec::new();
        for c in (0..=0x11_0000).chain([0xFFFF_FFFF, 0x8000_0000]) {
            if class.contains(c) != in_wasm(c) {
                differ.push(format!("U+{c:04X}"));
            }
        }
        assert!(
            differ.is_empty(),
            "{}: {} code points differ from the wasm: {:?}",
            class.libc_name(),
            differ.len(),
            &differ[..differ.len().min(20)]
        );
    }
    // The classes the divergences once came from, by name.
    assert!(CharClass::Space.contains(0x3000) && !CharClass::Space.contains(0xA0));
    assert!(CharClass::Alpha.contains(u32::from('é')) && !CharClass::Alpha.contains(0x3000));
}

/// A policy from `(pattern, action)` pairs.
fn policy(rules: &[(&str, &str)]) -> Policy {
    let rules: Vec<Rule> = rules
        .iter()
        .map(|(pattern, action)| {
            serde_json::from_value(json!({"pattern": pattern, "action": action})).expect("rule")
        })
        .collect();
    Policy::new(rules, "/home/u")
}

/// POL-PARITY-1 (regressions of issue 12): commands on which the crate was
/// once more permissive than the package, and bash runs `rm -rf x`. Under
/// `[* ask, echo * allow, rm * deny]` both are denied, by `rm -rf x`, in the
/// gate and the advisory check.
#[test]
fn issue_12_witnesses_are_denied() {
    let witnesses = [
        // A NUL before a reserved word: the 0.25 runtime recovered into one
        // ERROR unit that `echo *` allowed.
        "echo a \0case; rm -rf x",
        // A musl-only space in a bad substitution: the "C" locale scanner
        // did not skip it, and the recovery swallowed `rm -rf x`.
        "echo a; rm -rf x; ${\u{3000}}",
    ];
    let policy = policy(&[("*", "ask"), ("echo *", "allow"), ("rm *", "deny")]);
    for command in witnesses {
        for (name, result) in [
            ("gate", policy.gate(command)),
            ("advisory", policy.advisory(command)),
        ] {
            assert_eq!(result.state, PermissionState::Deny, "{name} {command:?}");
            assert_eq!(
                result.command.as_deref(),
                Some("rm -rf x"),
                "{name} {command:?}"
            );
        }
    }
}

/// POL-UNIT-1, POL-LIMIT-5: the scanner's narrow `isdigit` on a full code
/// point (after `{`, where it looks for a brace range) is musl's range test,
/// as in the wasm. glibc's indexes a 384-entry table with the code point and
/// read out of bounds: `echo {` + U+10FFFF crashed the process (found by the
/// protocol properties). Every such command is one unit, its whole text.
#[test]
fn high_code_points_after_a_brace_are_word_characters() {
    for c in [
        '\u{FFFF}',
        '\u{10000}',
        '\u{E0000}',
        '\u{F0000}',
        '\u{10FFFF}',
    ] {
        for command in [
            format!("echo {{{c}"),
            format!("echo {{{c} x"),
            format!("{{{c}"),
        ] {
            let units = inner_cmd_spec::policy::units::enumerate(&command).expect("units");
            let texts: Vec<&str> = units.iter().map(|u| u.text.as_str()).collect();
            assert_eq!(texts, [command.as_str()], "{command:?}");
        }
    }
}

/// The vendored grammar is tree-sitter-bash 0.25.1 as published, with its
/// license kept beside it.
#[test]
fn the_vendored_grammar_keeps_its_license() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar/vendor/tree-sitter-bash-0.25.1");
    let license = std::fs::read_to_string(dir.join("LICENSE")).expect("LICENSE");
    assert!(license.starts_with("The MIT License (MIT)"));
    assert!(license.contains("Max Brunsfeld"));
}
