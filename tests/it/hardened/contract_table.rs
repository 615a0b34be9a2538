//! The program contract is one table (spec §12.5, `HARD-CONTRACT-1`,
//! issue 33 item 2): every program the hardened profile knows has one row
//! in `src/hardened/contract/programs/`, the row says where its facts come
//! from, no decision code names a program itself, and SPEC's Appendix P
//! (`spec/programs/appendix.md`) is generated from the rows. Regenerate the
//! appendix with `INNER_CMD_BLESS=1`.

use std::collections::BTreeSet;

use inner_cmd_spec::hardened::contract::programs::{self, appendix};

use crate::support::corpus::repo;

/// String literals of decision code that equal a program's name but are
/// not one: `(file under src/hardened/, literal, why)`.
const NOT_PROGRAMS: &[(&str, &str, &str)] = &[
    (
        "contract/settings.rs",
        "pip",
        "the Python module `python3 -m pip` runs, an inert key of `-m`",
    ),
    (
        "programs/awk_second.rs",
        "split",
        "awk's built-in function `split()`, a call in the program's grammar",
    ),
    (
        "syntax/roles.rs",
        "time",
        "bash's reserved word `time`, read by the grammar",
    ),
    (
        "contract/names.rs",
        "i386",
        "an architecture `setarch` takes (also the name of a wrapper row)",
    ),
    (
        "contract/names.rs",
        "x86_64",
        "an architecture `setarch` takes (also the name of a wrapper row)",
    ),
    (
        "contract/names.rs",
        "linux32",
        "an architecture `setarch` takes (also the name of a wrapper row)",
    ),
    (
        "contract/names.rs",
        "linux64",
        "an architecture `setarch` takes (also the name of a wrapper row)",
    ),
];

/// The string literals of `text` outside comments and test modules, with
/// their line numbers.
fn literals(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim_start() == "#[cfg(test)]" {
            break;
        }
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            continue;
        }
        let mut rest = line;
        while let Some(open) = rest.find('"') {
            // A `//` before the quote starts a comment.
            if rest[..open].contains("//") {
                break;
            }
            let after = &rest[open + 1..];
            let mut end = None;
            let mut escaped = false;
            for (i, c) in after.char_indices() {
                match c {
                    '\\' if !escaped => escaped = true,
                    '"' if !escaped => {
                        end = Some(i);
                        break;
                    }
                    _ => escaped = false,
                }
            }
            let Some(end) = end else { break };
            out.push((index + 1, after[..end].to_owned()));
            rest = &after[end + 1..];
        }
    }
    out
}

/// Every literal of decision code (`src/hardened/` but the table's folder
/// and test files) that equals a name in `names`: `file:line "name"`.
fn names_in_decision_code(files: &[(String, String)], names: &BTreeSet<&str>) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        if path.starts_with("contract/programs/") || path.ends_with("_tests.rs") {
            continue;
        }
        for (line, literal) in literals(text) {
            let exempt = NOT_PROGRAMS
                .iter()
                .any(|(file, name, _)| file == path && *name == literal);
            if names.contains(literal.as_str()) && !exempt {
                found.push(format!("{path}:{line} \"{literal}\""));
            }
        }
    }
    found
}

/// HARD-CONTRACT-1: no program's name appears in hardened decision code
/// outside the table.
#[test]
fn hard_contract_1_no_program_name_outside_the_table() {
    let names: BTreeSet<&str> = programs::all().map(|p| p.name).collect();
    assert!(names.len() > 400, "{} rows", names.len());
    let root = repo().join("src/hardened");
    let mut files = Vec::new();
    crate::support::corpus::read_rust_tree(&root, &root, &mut files);
    let found = names_in_decision_code(&files, &names);
    assert!(
        found.is_empty(),
        "program names in decision code:\n{}",
        found.join("\n")
    );
    // Each exemption is still needed: a stale one would hide nothing.
    for (file, name, why) in NOT_PROGRAMS {
        let text = &files.iter().find(|(p, _)| p == file).expect(file).1;
        assert!(
            literals(text).iter().any(|(_, l)| l == name) && names.contains(name),
            "stale exemption {file} {name}: {why}"
        );
    }
}

/// The scan sees a program's name in code, and not in a comment or a
/// test module.
#[test]
fn hard_contract_1_scan_can_fail() {
    let names: BTreeSet<&str> = ["git", "sed"].into_iter().collect();
    let file = |path: &str, text: &str| vec![(path.to_owned(), text.to_owned())];
    let branch = file("programs/x.rs", "fn f(n: &str) -> bool { n == \"git\" }\n");
    assert_eq!(names_in_decision_code(&branch, &names).len(), 1);
    let second = file("commands/x.rs", "let a = \"-n\"; let b = \"sed\";\n");
    assert_eq!(names_in_decision_code(&second, &names).len(), 1);
    let comment = file("programs/x.rs", "// n == \"git\"\nlet a = 1; // \"sed\"\n");
    assert!(names_in_decision_code(&comment, &names).is_empty());
    let test = file(
        "programs/x.rs",
        "#[cfg(test)]\nmod tests { const A: &str = \"git\"; }\n",
    );
    assert!(names_in_decision_code(&test, &names).is_empty());
    let table = file("contract/programs/vcs.rs", "name: \"git\",\n");
    assert!(names_in_decision_code(&table, &names).is_empty());
}

/// HARD-CONTRACT-1: every program has exactly one row, and every row says
/// where its facts come from: a `--help`, a manual page or the program's
/// own documentation (`go help build`), and the version or that it was not
/// recorded.
#[test]
fn hard_contract_1_one_row_per_program_each_with_its_source() {
    let mut seen = BTreeSet::new();
    for row in programs::all() {
        assert!(seen.insert(row.name), "{} has two rows", row.name);
        let document = ["--help", "manual", "documentation", "help`"]
            .iter()
            .any(|d| row.source.contains(d));
        assert!(
            document,
            "{}: source {:?} names no document",
            row.name, row.source
        );
        let version = row.source.chars().any(|c| c.is_ascii_digit())
            || row.source.contains("version not recorded");
        assert!(
            version,
            "{}: source {:?} says no version",
            row.name, row.source
        );
        assert!(
            !row.runs.is_empty()
                || !row.settings.is_empty()
                || !row.writes.is_empty()
                || !row.quirks.is_empty(),
            "{}: a row with no fact",
            row.name
        );
        for setting in row.settings {
            assert!(
                !setting.source.is_empty(),
                "{}: a setting without source",
                row.name
            );
        }
        for write in row.writes {
            assert!(
                !write.source.is_empty(),
                "{}: a write without source",
                row.name
            );
        }
    }
}

/// HARD-CONTRACT-1: SPEC's Appendix P is the table, generated.
#[test]
fn hard_contract_1_appendix_is_generated_from_the_table() {
    let path = repo().join("spec/programs/appendix.md");
    let generated = appendix::markdown();
    if std::env::var_os("INNER_CMD_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write the appendix");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "spec/programs/appendix.md differs from the table: regenerate with \
         INNER_CMD_BLESS=1 and review the diff"
    );
    for row in programs::all() {
        assert!(
            generated.contains(&format!("| `{}` |", row.name)),
            "{}",
            row.name
        );
    }
}
