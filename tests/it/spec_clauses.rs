//! The spec and the tests stay in step: every clause of `spec/SPEC.md` is
//! cited by at least one test, and every clause id a test cites exists.
//!
//! A *clause* is a paragraph that starts with a bold id. A *citation* is any
//! token shaped like an id with one of the known chapter prefixes, found in a
//! test source: every file under `tests/` and `core/tests/`, and the part of
//! every file under `src/` and `core/src/` that follows its first
//! `#[cfg(test)]` line. Doc comments (`///`, `//!`) of `src/` and `core/src/`
//! do not count as citations, but every clause id they name must exist too,
//! so the API docs never point at a clause that was renumbered or removed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fancy_regex::Regex;

use crate::support::corpus::repo;

/// The chapter prefixes of the spec; a cited-looking token must start with one.
const PREFIXES: &[&str] = &[
    "ECMA", "PAY", "WRAP", "STRIP", "AUTH", "EVT", "VERDICT", "INV", "POL", "PIPE", "PROTO",
    "CONF", "GEN", "HARD", "AUDIT", "HOOK",
];

/// Tokens that look like citations but name other documents (the ECMAScript standard's number).
const NOT_CLAUSES: &[&str] = &["ECMA-262"];

/// The id grammar of the brief: uppercase/digit groups joined by `-`, ending in a number, optional `.N`.
const ID: &str = r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-[0-9]+(?:\.[0-9]+)?";

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Clause ids defined in the spec: `**ID**` at the start of a paragraph.
fn clauses(spec: &str) -> BTreeSet<String> {
    let head = Regex::new(&format!(r"^\*\*({ID})\*\*")).unwrap();
    let mut ids = BTreeSet::new();
    let mut previous_blank = true;
    for line in spec.lines() {
        if previous_blank {
            if let Some(caps) = head.captures(line).unwrap() {
                let id = caps[1].to_owned();
                assert!(ids.insert(id.clone()), "clause {id} is defined twice");
            }
        }
        previous_blank = line.trim().is_empty();
    }
    ids
}

/// The citation token: an id with one of the chapter prefixes.
fn citation_token() -> Regex {
    Regex::new(&format!(
        r"(?<![A-Za-z0-9_-])(?:{})(?:-[A-Z0-9]+)*-[0-9]+(?:\.[0-9]+)?(?![A-Za-z0-9_]|\.[0-9])",
        PREFIXES.join("|")
    ))
    .unwrap()
}

/// The Rust sources of both crates' libraries: this one's and the evaluator's (`core/`).
fn library_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&repo().join("src"), &mut files);
    rust_files(&repo().join("core/src"), &mut files);
    files
}

/// The doc-comment lines (`///`, `//!`) of a source text, joined.
fn doc_comments(text: &str) -> String {
    text.lines()
        .map(str::trim_start)
        .filter(|line| line.starts_with("///") || line.starts_with("//!"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Clause ids named in the doc comments of the libraries, per id the files.
fn doc_citations() -> BTreeMap<String, BTreeSet<String>> {
    let token = citation_token();
    let mut named: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in library_files() {
        let docs = doc_comments(&std::fs::read_to_string(&path).unwrap());
        for m in token.find_iter(&docs) {
            let id = m.unwrap().as_str().to_owned();
            if !NOT_CLAUSES.contains(&id.as_str()) {
                named
                    .entry(id)
                    .or_default()
                    .insert(path.display().to_string());
            }
        }
    }
    named
}

/// Cited ids per file, from the test portions of the sources.
fn citations() -> BTreeMap<String, BTreeSet<String>> {
    let token = citation_token();
    // Both crates' tests: this one's and the evaluator's (`core/`).
    let mut files = Vec::new();
    rust_files(&repo().join("tests"), &mut files);
    rust_files(&repo().join("core/tests"), &mut files);
    let src_files = library_files();
    let mut cited: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut scan = |path: &Path, text: &str| {
        for m in token.find_iter(text) {
            let id = m.unwrap().as_str().to_owned();
            if !NOT_CLAUSES.contains(&id.as_str()) {
                cited
                    .entry(id)
                    .or_default()
                    .insert(path.display().to_string());
            }
        }
    };
    for path in files {
        scan(&path, &std::fs::read_to_string(&path).unwrap());
    }
    for path in src_files {
        let text = std::fs::read_to_string(&path).unwrap();
        if let Some(at) = text.find("#[cfg(test)]") {
            scan(&path, &text[at..]);
        }
    }
    cited
}

#[test]
fn every_clause_is_cited_and_every_citation_exists() {
    let spec = std::fs::read_to_string(repo().join("spec/SPEC.md")).unwrap();
    let defined = clauses(&spec);
    let cited = citations();
    let uncited: Vec<&String> = defined
        .iter()
        .filter(|id| !cited.contains_key(*id))
        .collect();
    let unknown: Vec<String> = cited
        .iter()
        .filter(|(id, _)| !defined.contains(*id))
        .map(|(id, files)| {
            format!(
                "{id} (cited in {})",
                files.iter().cloned().collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    assert!(
        uncited.is_empty() && unknown.is_empty(),
        "clauses without a citing test: {uncited:?}\ncitations of clauses that do not exist: {unknown:#?}"
    );
}

/// Every clause id a doc comment of `src/` or `core/src/` names is a clause
/// of the spec (doc comments are not citations, so they need no test).
#[test]
fn every_clause_named_in_doc_comments_exists() {
    let spec = std::fs::read_to_string(repo().join("spec/SPEC.md")).unwrap();
    let defined = clauses(&spec);
    let named = doc_citations();
    assert!(named.len() > 100, "the scan found only {} ids", named.len());
    let unknown: Vec<String> = named
        .iter()
        .filter(|(id, _)| !defined.contains(*id))
        .map(|(id, files)| {
            format!(
                "{id} ({})",
                files.iter().cloned().collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    assert!(
        unknown.is_empty(),
        "doc comments name clauses that do not exist: {unknown:#?}"
    );
}

/// The doc-comment scan reads `///` and `//!` lines only, wherever they are indented.
#[test]
fn doc_comment_scan_reads_doc_lines_only() {
    let text = "//! top\n    /// inner\n// plain\nlet x = 1; /// trailing\n/* block */";
    assert_eq!(doc_comments(text), "//! top\n/// inner");
}

/// The scanner itself: clause headings, citation tokens, and what is not a citation.
#[test]
fn scanner_recognizes_ids_and_nothing_else() {
    let spec = "intro\n\n**AB-1** first.\n\n**AB-CD-2.1** second\ncontinues **AB-9** not at a paragraph start.\n\nnot **AB-3** bold later\n";
    let found: Vec<String> = clauses(spec).into_iter().collect();
    assert_eq!(found, ["AB-1", "AB-CD-2.1"]);
    let token = citation_token();
    let text = [
        "X",
        "-",
        "ISSUE-3 x",
        "AUTH-",
        "3a",
        "/// ",
        "POL",
        "-MATCH-4.1",
        ", ",
        "WRAP",
        "-TIME-2: ",
        "AUTH",
        "-*",
    ]
    .concat();
    let hits: Vec<&str> = token
        .find_iter(&text)
        .map(|m| m.unwrap().as_str())
        .collect();
    assert_eq!(
        hits,
        [concat!("POL", "-MATCH-4.1"), concat!("WRAP", "-TIME-2")]
    );
}
