//! The layout of `src/hardened/` (issue 33, item 9): floors, each importing
//! only from the floors below it. This file is the one home of the order;
//! `src/hardened/mod.rs` describes it in prose.
//!
//! The check reads the source, not the compiler: every path that names a
//! module of the profile (`crate::hardened::…`, `super::…`, in `use` lines
//! and in code) outside comments and test modules is an import, and an
//! import from a higher floor, or from a different floor of the same rank,
//! fails. Inside a floor, the files' imports must form no cycle, except in
//! `words/`, where a word holds words.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The floors, lowest first: `(folder, rank)`. Two floors of one rank do
/// not import each other. `mod.rs` at the top of `src/hardened/` is above
/// every floor.
const FLOORS: &[(&str, u8)] = &[
    ("contract", 0),
    ("words", 1),
    ("syntax", 2),
    ("programs", 2),
    ("commands", 3),
];

/// Floors whose files may import each other in a cycle.
const CYCLIC: &[&str] = &["words"];

/// The rank of the profile's own `mod.rs`.
const TOP: u8 = 4;

/// Where a file or an import lands: a floor and a module in it, or the top.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    Top,
    Floor(String, Option<String>),
}

fn rank(place: &Place) -> u8 {
    match place {
        Place::Top => TOP,
        Place::Floor(floor, _) => FLOORS
            .iter()
            .find(|(f, _)| f == floor)
            .map_or(TOP, |(_, r)| *r),
    }
}

/// The source without comments and without `#[cfg(test)]` modules (their
/// imports are the tests', not the layering's).
fn code_of(text: &str) -> String {
    let mut out = String::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.trim_start() == "#[cfg(test)]" {
            let next = lines[i + 1..]
                .iter()
                .map(|l| l.trim_start())
                .find(|l| !l.starts_with("#["));
            if next.is_some_and(|l| l.starts_with("mod ")) {
                // A test module runs to the end of the file in this tree;
                // a test module followed by code would hide that code, so
                // it fails.
                let rest = &lines[i..];
                let closing = rest.iter().rposition(|l| *l == "}");
                let inline = rest
                    .iter()
                    .skip(1)
                    .find(|l| l.trim_start().starts_with("mod "))
                    .is_some_and(|l| l.trim_end().ends_with('{'));
                if inline {
                    assert_eq!(
                        closing.map(|c| c + 1),
                        Some(rest.len()),
                        "a test module must end its file"
                    );
                }
                break;
            }
        }
        let code = match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        };
        out.push_str(code);
        out.push('\n');
        i += 1;
    }
    out
}

/// The `use` trees of `code`, expanded to whole paths (`a::{b, c::d}` ->
/// `a::b`, `a::c::d`), and every other path of the form `crate::…` or
/// `super::…` written in code.
fn paths_of(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = find_use(rest) {
        let tail = &rest[at..];
        let end = tail.find(';').unwrap_or(tail.len());
        let tree: String = tail[..end].chars().filter(|c| !c.is_whitespace()).collect();
        expand("", &tree, &mut out);
        rest = &tail[end..];
    }
    let bytes = code.as_bytes();
    for start in ["crate::hardened::", "super::"] {
        for (at, _) in code.match_indices(start) {
            let before = at.checked_sub(1).map(|b| bytes[b]);
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':') {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            // `crate::hardened::{…}` and `super::*`: the `use` reading
            // above expands them.
            if !path.ends_with("::") {
                out.push(path);
            }
        }
    }
    out
}

/// The offset just after the next `use ` keyword that starts an item.
fn find_use(code: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = code[from..].find("use ") {
        let at = from + found;
        let line_start = code[..at].rfind('\n').map_or(0, |n| n + 1);
        let head = code[line_start..at].trim();
        if head.is_empty() || head == "pub" || head.starts_with("pub(") {
            return Some(at + 4);
        }
        from = at + 4;
    }
    None
}

/// Expands one use tree under `prefix`.
fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let Some(open) = tree.find('{') else {
        let tree = tree.split(" as ").next().unwrap_or(tree);
        out.push(format!("{prefix}{tree}"));
        return;
    };
    let head = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut depth = 0;
    let mut start = 0;
    let mut parts = Vec::new();
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    for part in parts.into_iter().filter(|p| !p.is_empty()) {
        expand(&format!("{prefix}{head}"), part, out);
    }
}

/// Where a path written in the file at `from` leads, if into the profile.
fn resolve(
    from: &Place,
    folder_mod: bool,
    folders: &BTreeSet<String>,
    path: &str,
) -> Option<Place> {
    // A module of a floor as the check names it: `name/` for a folder.
    let folder_or_file =
        |floor: &str, module: &str| match folders.contains(&format!("{floor}/{module}")) {
            true => format!("{module}/"),
            false => module.to_owned(),
        };
    let floor_of = |segments: &[&str]| match segments {
        [] => Some(Place::Top),
        [floor, rest @ ..] if FLOORS.iter().any(|(f, _)| f == floor) => Some(Place::Floor(
            (*floor).to_owned(),
            rest.first().map(|m| folder_or_file(floor, m)),
        )),
        _ => Some(Place::Top),
    };
    let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    match segments.as_slice() {
        ["crate", "hardened", rest @ ..] => floor_of(rest),
        ["super", "super", ..] => Some(Place::Top),
        ["super", rest @ ..] => match from {
            // From inside a folder of a floor, `super` is that folder, and
            // from the folder's `mod.rs`, the floor.
            Place::Floor(floor, Some(module)) if module.ends_with('/') && !folder_mod => {
                Some(Place::Floor(floor.clone(), Some(module.clone())))
            }
            Place::Floor(floor, Some(module)) if module != "mod" || folder_mod => {
                Some(Place::Floor(
                    floor.clone(),
                    rest.first().map(|m| folder_or_file(floor, m)),
                ))
            }
            _ => Some(Place::Top),
        },
        _ => None,
    }
}

/// The layering's violations among `files` (`(path under src/hardened/,
/// text)`): each a sentence.
fn violations(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    let mut edges: BTreeMap<String, BTreeSet<(String, String)>> = BTreeMap::new();
    let folders: BTreeSet<String> = files
        .iter()
        .filter_map(|(path, _)| {
            let parts: Vec<&str> = path.split('/').collect();
            (parts.len() == 3).then(|| format!("{}/{}", parts[0], parts[1]))
        })
        .collect();
    for (path, text) in files {
        let parts: Vec<&str> = path.split('/').collect();
        let place = match parts.as_slice() {
            ["mod.rs"] => Place::Top,
            [floor, file] if FLOORS.iter().any(|(f, _)| f == floor) => Place::Floor(
                (*floor).to_owned(),
                Some(file.trim_end_matches(".rs").to_owned()),
            ),
            // A folder inside a floor is one module of it (`contract/programs/`).
            [floor, folder, _] if FLOORS.iter().any(|(f, _)| f == floor) => {
                Place::Floor((*floor).to_owned(), Some(format!("{folder}/")))
            }
            _ => {
                found.push(format!("{path} is in no floor of FLOORS"));
                continue;
            }
        };
        if path.ends_with("_tests.rs") {
            continue;
        }
        let written: BTreeSet<String> = paths_of(&code_of(text)).into_iter().collect();
        for written in written {
            let folder_mod = parts.len() == 3 && path.ends_with("/mod.rs");
            let Some(target) = resolve(&place, folder_mod, &folders, &written) else {
                continue;
            };
            let (from_rank, to_rank) = (rank(&place), rank(&target));
            let same_floor = match (&place, &target) {
                (Place::Floor(a, _), Place::Floor(b, _)) => a == b,
                _ => false,
            };
            if to_rank > from_rank || (to_rank == from_rank && !same_floor) {
                found.push(format!("{path} imports from above: {written}"));
            }
            if let (Place::Floor(floor, Some(a)), Place::Floor(_, Some(b))) = (&place, &target) {
                if same_floor && a != b && b != "mod" {
                    edges
                        .entry(floor.clone())
                        .or_default()
                        .insert((a.clone(), b.clone()));
                }
            }
        }
    }
    for (floor, edges) in &edges {
        if CYCLIC.contains(&floor.as_str()) {
            continue;
        }
        if let Some(cycle) = a_cycle(edges) {
            found.push(format!("{floor}/ has a cycle: {}", cycle.join(" -> ")));
        }
    }
    found
}

/// A cycle of `edges`, if any, as the modules along it.
fn a_cycle(edges: &BTreeSet<(String, String)>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeSet<(String, String)>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for (_, to) in edges.iter().filter(|(from, _)| from == node) {
            if let Some(cycle) = visit(to, edges, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .iter()
        .find_map(|(from, _)| visit(from, edges, &mut Vec::new(), &mut done))
}

/// Issue 33 item 9: no file of `src/hardened/` imports from a floor above
/// its own or from the other floor of its rank, and no floor but `words/`
/// has a cycle among its files.
#[test]
fn hardened_floors_import_only_from_below() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/hardened");
    let mut files = Vec::new();
    crate::support::corpus::read_rust_tree(&root, &root, &mut files);
    assert!(files.len() > 40, "read {} files", files.len());
    for (floor, _) in FLOORS {
        assert!(root.join(floor).join("mod.rs").is_file(), "{floor}/mod.rs");
    }
    let found = violations(&files);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The check sees what it must: an import from above, one across the two
/// floors of rank 2, a cycle inside a floor, a file outside every floor,
/// and an import hidden in a grouped `use` or written inline in code.
#[test]
fn hardened_floors_check_can_fail() {
    let file = |path: &str, text: &str| (path.to_owned(), text.to_owned());
    let upward = [file(
        "contract/a.rs",
        "use crate::hardened::words::values::Word;\n",
    )];
    assert_eq!(violations(&upward).len(), 1);
    let grouped = [file(
        "words/a.rs",
        "use crate::hardened::{contract::tree::slice, commands::walk::Judgement};\n",
    )];
    assert_eq!(violations(&grouped).len(), 1);
    let inline = [file(
        "syntax/a.rs",
        "fn f() { crate::hardened::programs::runs::stem(\"x\"); }\n",
    )];
    assert_eq!(violations(&inline).len(), 1);
    let cycle = [
        file("commands/a.rs", "use super::b::X;\n"),
        file("commands/b.rs", "use super::a::Y;\n"),
    ];
    assert_eq!(violations(&cycle).len(), 1, "{:?}", violations(&cycle));
    let folder_cycle = [
        file("contract/t/mod.rs", "use super::a::X;\n"),
        file("contract/t/rows.rs", "use super::Row;\n"),
        file("contract/a.rs", "use super::t::Row;\n"),
    ];
    assert_eq!(
        violations(&folder_cycle).len(),
        1,
        "{:?}",
        violations(&folder_cycle)
    );
    let word_cycle = [
        file("words/a.rs", "use super::b::X;\n"),
        file("words/b.rs", "use super::a::Y;\n"),
    ];
    assert!(violations(&word_cycle).is_empty());
    let stray = [file("stray.rs", "")];
    assert_eq!(violations(&stray).len(), 1);
    let to_top = [file("commands/a.rs", "use super::super::Clause;\n")];
    assert_eq!(violations(&to_top).len(), 1);
    let commented = [file(
        "contract/a.rs",
        "// use crate::hardened::commands::walk;\n/// [`crate::hardened::commands`]\n",
    )];
    assert!(violations(&commented).is_empty());
    let in_tests = [file(
        "contract/a.rs",
        "fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::hardened::commands::walk;\n}\n",
    )];
    assert!(violations(&in_tests).is_empty());
    let downward = [file(
        "commands/a.rs",
        "use crate::hardened::{contract::tree::slice, words::values::Word};\nuse crate::hardened::programs::runs::stem;\n",
    )];
    assert!(violations(&downward).is_empty());
}

/// Issue 33 item 9: DESIGN.md's module map is written from the folders: the
/// row of each floor names every file and folder in it and no other.
#[test]
fn hardened_design_map_names_the_floors_files() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let design = std::fs::read_to_string(manifest.join("DESIGN.md")).expect("DESIGN.md");
    for (floor, _) in FLOORS {
        let head = format!("| `src/hardened/{floor}/` |");
        let row = design
            .lines()
            .find(|l| l.starts_with(&head))
            .unwrap_or_else(|| panic!("DESIGN.md has no row {head}"));
        let named: BTreeSet<&str> = row
            .split('`')
            .skip(3)
            .step_by(2)
            .filter(|w| w.ends_with(".rs") || w.ends_with('/'))
            .collect();
        let dir = manifest.join("src/hardened").join(floor);
        let on_disk: Vec<String> = std::fs::read_dir(&dir)
            .expect("floor")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .map(|n| match dir.join(&n).is_dir() {
                true => format!("{n}/"),
                false => n,
            })
            .filter(|n| {
                n.ends_with('/')
                    || (n.ends_with(".rs") && n != "mod.rs" && !n.ends_with("_tests.rs"))
            })
            .collect();
        let on_disk: BTreeSet<&str> = on_disk.iter().map(String::as_str).collect();
        assert_eq!(named, on_disk, "DESIGN.md's row for {floor}/");
    }
}
