//! Reading the vector corpus and SPEC.md for `tests/it/conform/corpus.rs`, and the
//! reasoned list of clauses no vector can exercise (CONF-VEC-4).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

/// The crate's root directory (also used by modules outside `conform`).
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every vector file, by stem, in name order.
pub fn vector_files() -> BTreeMap<String, Value> {
    let dir = repo().join("spec/vectors");
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) == Some("json") {
            let stem = path.file_stem().unwrap().to_str().unwrap().to_owned();
            files.insert(stem, read_json(&path));
        }
    }
    assert!(!files.is_empty(), "no vector files in {}", dir.display());
    files
}

pub fn schema() -> Value {
    read_json(&repo().join("spec/schema/vectors.schema.json"))
}

/// Clause ids defined in SPEC.md: paragraphs that start with a bold id.
pub fn spec_clauses() -> BTreeSet<String> {
    let spec = std::fs::read_to_string(repo().join("spec/SPEC.md")).unwrap();
    let id =
        fancy_regex::Regex::new(r"^\*\*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-[0-9]+(?:\.[0-9]+)?)\*\*")
            .unwrap();
    spec.lines()
        .filter_map(|line| id.captures(line).ok().flatten())
        .filter_map(|c| c.get(1).map(|m| m.as_str().to_owned()))
        .collect()
}

pub fn tests_of(file: &Value) -> impl Iterator<Item = (&Value, &Value)> {
    file["testGroups"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|g| {
            g["tests"]
                .as_array()
                .into_iter()
                .flatten()
                .map(move |t| (g, t))
        })
}

/// The finding ids (`F-1`, …) a text names, as whole tokens.
pub fn finding_ids(text: &str) -> BTreeSet<String> {
    let id = fancy_regex::Regex::new(r"\bF-[0-9]+\b").unwrap();
    id.find_iter(text)
        .filter_map(Result::ok)
        .map(|m| m.as_str().to_owned())
        .collect()
}

/// Clauses no vector can exercise through the protocol, each with its reason
/// (CONF-VEC-4). Every other clause of SPEC.md must be named by a vector.
pub const NOT_EXPRESSIBLE_AS_VECTORS: &[(&str, &str)] = &[
    (
        "CONF-VEC-",
        "about the corpus itself; checked directly by tests/it/conform/corpus.rs",
    ),
    (
        "CONF-RUN-",
        "about the runner; checked by tests/it/conform/runner.rs against real processes",
    ),
    (
        "CONF-FUZZ-",
        "about the generated differential; checked by tests/it/conform/fuzz.rs against real processes",
    ),
    (
        "GEN-",
        "about the case generators (src/gen), not about answers to requests",
    ),
    (
        "INV-GROUND-",
        "about what GNU bash executes (src/ground); no protocol request runs bash",
    ),
    (
        "INV-ROLE-",
        "about GNU bash's own parse of generated commands (src/soundness/roles); no protocol request runs bash; checked by tests/it/soundness_roles.rs",
    ),
    (
        "AUDIT-",
        "about auditing another layer (src/audit) through its own protocol; checked by tests/it/audit/",
    ),
    (
        "HOOK-",
        "the hook speaks each agent's own protocol, not the oracle's; tests/it/hook/ checks it through the binary, and Claude Code's rules against spec/vectors/hook/claude-rules.json",
    ),
    (
        "POL-MATCH-9",
        "the rule-set engine answers as the per-rule last match (POL-RULE-2), which vectors name; no answer tells the two apart (tests/it/policy/matcher_engine.rs, parity, match_diff)",
    ),
    (
        "POL-MATCH-10",
        "a work bound of the crate's engine, not an answer (tests/it/policy/matcher_engine.rs, match_diff)",
    ),
    (
        "POL-MATCH-11",
        "when the engine is built, within a work budget; the answers are POL-MATCH-9's either way, so no answer tells it (tests/it/policy/matcher_lazy.rs)",
    ),
    (
        "POL-PARITY-",
        "a relation between two implementations' answers, checked live against the package by tests/it/policy/parity.rs and the fuzz target parity",
    ),
    (
        "HARD-TRACE-1",
        "about the text of `inner-cmd check --profile hardened`; checked by tests/it/hardened/clauses.rs",
    ),
    (
        "HARD-USE-1",
        "a measurement over a corpus; checked by tests/it/hardened/usefulness.rs",
    ),
    (
        "HARD-CONTRACT-1",
        "about the source: one table, no program name in decision code, the generated Appendix P; checked by tests/it/hardened/contract_table.rs",
    ),
    (
        "HARD-GROUND-1",
        "needs the execution oracle (bash in a sandbox); checked by tests/it/hardened/ground.rs",
    ),
    (
        "INV-KNOWN-",
        "about the properties, fuzz checks and soundness run classifying known findings; checked by tests/it/invariants/known_findings_reach.rs and tests/it/soundness.rs",
    ),
    (
        "ECMA-6",
        "a lone surrogate cannot be stored in a vector file: JSON decoders reject the escape",
    ),
    (
        "POL-CHECK-9",
        "the authorizer only ever queries surface bash; no request can name another surface",
    ),
    (
        "POL-CONFIG-4",
        "file search: a request carries its policy inline, never a file path",
    ),
    (
        "POL-CONFIG-5",
        "merging several files: a request carries exactly one policy object",
    ),
    (
        "POL-LIMIT-1",
        "a command over 16 MiB exceeds the 8 MiB request line of PROTO-4",
    ),
    (
        "POL-LIMIT-4",
        "a parser that fails to initialize cannot be induced by a request",
    ),
    (
        "POL-MATCH-8",
        "agreement of the reference crate's two internal matchers",
    ),
    (
        "WRAP-TRANS-1",
        "agreement of the reference crate's two internal recognizers",
    ),
    (
        "PIPE-9",
        "the human-readable trace of `inner-cmd check`, not a protocol answer",
    ),
    (
        "PROTO-1",
        "the handshake line precedes every request; the runner checks it",
    ),
    (
        "PROTO-2",
        "framing and id echo belong to the runner; CONF-VEC-10 checks the id echo in-process",
    ),
    (
        "PROTO-4",
        "an over-long line is a framing error with no request object to put in a vector",
    ),
    (
        "PROTO-5",
        "malformed lines (bad JSON, bad UTF-8) cannot be written as a vector request object",
    ),
    (
        "PROTO-12",
        "a vector's op comes from the closed list of the schema, so unknown_op cannot be written",
    ),
    (
        "PROTO-13",
        "the `inner-cmd decide` command line, not the protocol server",
    ),
    (
        "PROTO-15",
        "a memory bound of the server process; checked by tests/it/protocol/memory.rs under an address-space cap",
    ),
    (
        "POL-LIMIT-6",
        "an implementation's own resource bounds (a MAY), which vectors stay clear of; checked by tests/it/policy/check_limits.rs",
    ),
    (
        "POL-CONFIG-10",
        "the library's constructors of a loaded policy; a request carries its policy inline (tests/it/policy/config_formats.rs)",
    ),
    (
        "PIPE-10",
        "the `inner-cmd check` command line (tests/it/pipeline_cli.rs), not a protocol answer",
    ),
    (
        "PIPE-11",
        "the exit status of `inner-cmd check` (tests/it/pipeline_cli.rs)",
    ),
    (
        "PIPE-12",
        "the policy options of `inner-cmd check` and `ground`: file search, files on disk (tests/it/pipeline_cli.rs)",
    ),
    (
        "PIPE-13",
        "how the binary reports a feature it was built without (tests/it/pipeline_cli.rs, .ci/run)",
    ),
    (
        "PROTO-14",
        "a server's memory of earlier requests: one vector is one request, so tests/it/protocol/cache.rs checks it on streams",
    ),
];

pub fn exempt(clause: &str) -> Option<&'static str> {
    NOT_EXPRESSIBLE_AS_VECTORS
        .iter()
        .find(|(id, _)| {
            if id.ends_with('-') {
                clause.starts_with(id)
            } else {
                clause == *id
            }
        })
        .map(|(_, reason)| *reason)
}

/// Every `.rs` file under `dir`, sorted, as `(path under root, text)`.
pub fn read_rust_tree(
    root: &std::path::Path,
    dir: &std::path::Path,
    out: &mut Vec<(String, String)>,
) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            read_rust_tree(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let name = path
                .strip_prefix(root)
                .expect("under root")
                .to_string_lossy()
                .replace('\\', "/");
            out.push((name, std::fs::read_to_string(&path).expect("read")));
        }
    }
}
