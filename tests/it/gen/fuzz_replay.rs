//! Replays every committed fuzz input through the same checks the fuzz
//! targets run (`inner_cmd_spec::fuzzing`), so `cargo test` guards against
//! regressions without cargo-fuzz or a nightly toolchain.
//!
//! Clauses checked, per target (see each check's documentation):
//! - `match_diff`: POL-MATCH-7, POL-MATCH-8, POL-RULE-2;
//! - `units`: POL-UNIT-1, POL-UNIT-9, POL-UNIT-10, POL-LIMIT-2, POL-LIMIT-5,
//!   POL-CHECK-3, POL-CHECK-6, POL-CHECK-7, POL-FLOOR-6;
//! - `protocol`: PROTO-2, PROTO-3, PROTO-5, PROTO-7, PROTO-8;
//! - `recognize_diff`: WRAP-TRANS-1, WRAP-TIMEOUT-1, WRAP-TIME-1, WRAP-WORD-1,
//!   WRAP-NEST-1, WRAP-NT-1;
//! - `authorize` (feature `arbitrary`): INV-1, INV-2, INV-3, INV-4, INV-5,
//!   INV-6, INV-7, INV-8, INV-9, INV-10, INV-12, GEN-8.
#![cfg(feature = "fuzzing")]

use std::path::{Path, PathBuf};

use inner_cmd_spec::fuzzing;
use inner_cmd_spec::policy::units::{enumerate, UnitsError};

/// A fuzz target's check: raw bytes in, a panic on a violated property.
type Check = fn(&[u8]);

/// (target name, its check).
const TARGETS: &[(&str, Check)] = &[
    ("match_diff", fuzzing::match_diff),
    ("units", fuzzing::units),
    ("protocol", fuzzing::protocol),
    ("recognize_diff", fuzzing::recognize_diff),
    #[cfg(feature = "arbitrary")]
    ("authorize", fuzzing::authorize),
    #[cfg(feature = "arbitrary")]
    ("hardened", fuzzing::hardened),
];

/// The input files of `dir` (not the `.md` notes next to regressions), sorted.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file() && path.extension().is_none_or(|ext| ext != "md"))
        .collect();
    files.sort();
    files
}

/// Runs `check` on every input of `dir`; returns the files that failed, with the panic message.
fn replay(check: Check, dir: &Path) -> (usize, Vec<String>) {
    let files = inputs(dir);
    let mut failures = Vec::new();
    for path in &files {
        let data = std::fs::read(path).unwrap();
        if let Err(panic) = std::panic::catch_unwind(|| check(&data)) {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default();
            failures.push(format!("{}: {message}", path.display()));
        }
    }
    (files.len(), failures)
}

/// POL-MATCH-7, POL-MATCH-8, POL-RULE-2, POL-UNIT-1, POL-UNIT-9, POL-UNIT-10,
/// POL-LIMIT-2, POL-LIMIT-5, POL-CHECK-3, POL-CHECK-6, POL-CHECK-7,
/// POL-FLOOR-6, PROTO-2, PROTO-3, PROTO-5, PROTO-7, PROTO-8, WRAP-TRANS-1,
/// WRAP-TIMEOUT-1, WRAP-TIME-1, WRAP-WORD-1, WRAP-NEST-1, WRAP-NT-1, INV-1,
/// INV-2, INV-3, INV-4, INV-5, INV-6, INV-7, INV-8, INV-9, INV-10, INV-12,
/// GEN-8: every committed seed and
/// regression input passes its target's check, and every target has seeds.
#[test]
fn committed_fuzz_inputs_pass_their_checks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut failures = Vec::new();
    for (target, check) in TARGETS {
        let (seeds, mut failed) = replay(*check, &root.join("corpus").join(target));
        assert!(
            seeds > 0,
            "{target}: no seed corpus under fuzz/corpus/{target}"
        );
        failures.append(&mut failed);
        let (_, mut failed) = replay(*check, &root.join("regressions").join(target));
        failures.append(&mut failed);
    }
    assert!(
        failures.is_empty(),
        "failing fuzz inputs:\n{}",
        failures.join("\n")
    );
}

/// POL-LIMIT-3, POL-LIMIT-5, POL-UNIT-9, PROTO-8: the `units` and `protocol`
/// checks hold on nesting beyond the depth limit. These inputs are built here rather than committed
/// as seeds: at 2-4 KiB each they would slow the CI burst's `units` fuzzing
/// several times over.
#[test]
fn units_and_protocol_checks_hold_beyond_the_nesting_limit() {
    let depth = 1_100; // > 1,000 (POL-LIMIT-3)
    let rows: [(&str, String); 4] = [
        (
            "command substitutions",
            format!("echo {}x{}", "$(".repeat(depth), ")".repeat(depth)),
        ),
        (
            "subshells (spaced: `((` opens arithmetic)",
            format!("{}ls{}", "( ".repeat(depth), " )".repeat(depth)),
        ),
        (
            "process substitutions",
            format!("cat {}x{}", "<(".repeat(depth), ")".repeat(depth)),
        ),
        ("unclosed", "$(".repeat(depth)),
    ];
    for (label, command) in &rows {
        let result = std::panic::catch_unwind(|| fuzzing::units(command.as_bytes()));
        assert!(result.is_ok(), "{label}: the units check failed");
        let line = serde_json::json!({"id": 1, "op": "units", "command": command}).to_string();
        let result = std::panic::catch_unwind(|| fuzzing::protocol(line.as_bytes()));
        assert!(result.is_ok(), "{label}: the protocol check failed");
    }
    for (label, command) in rows.iter().take(2) {
        assert_eq!(
            enumerate(command),
            Err(UnitsError::TooDeep),
            "{label}: POL-LIMIT-3 must stop the walk"
        );
    }
}

/// INV-9: every open finding (`fuzz/open/<target>/`: found, not yet fixed)
/// still fails its check and has its note. When one stops failing, move it
/// to `fuzz/regressions/<target>/`, where it must pass from then on.
#[test]
fn open_findings_still_fail_their_checks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/open");
    for (target, check) in TARGETS {
        let (_, failed) = replay(*check, &root.join(target));
        let inputs = inputs(&root.join(target));
        assert_eq!(
            failed.len(),
            inputs.len(),
            "{target}: an open finding passes now; move it to fuzz/regressions/{target}/"
        );
        for input in inputs {
            assert!(
                input.with_extension("md").is_file(),
                "{}: no note",
                input.display()
            );
        }
    }
}

/// Every regression input has a sibling note saying what it found.
#[test]
fn every_regression_is_documented() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    for (target, _) in TARGETS {
        for input in inputs(&root.join(target)) {
            let note = input.with_extension("md");
            assert!(note.is_file(), "{}: no {}", input.display(), note.display());
        }
    }
}
