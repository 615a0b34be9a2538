//! Effects a rule must see (spec §12.7, `HARD-EFFECT-*`).
//!
//! A command's words are not all it does: its redirections open files, and
//! the assignments in front of it (or on their own) change the environment
//! of what runs — `LD_PRELOAD`, `BASH_ENV`, `PATH` and `GIT_CONFIG_*` decide
//! which code runs. The hardened profile makes both visible to the rules.

use tree_sitter::Node;

use crate::hardened::contract::paths::{climbs_out, in_git_dir};
use crate::hardened::contract::tree::{named_children, slice};
use crate::hardened::contract::variables::is_inert_assignment;
use crate::hardened::words::spelling::without_line_continuations;
use crate::hardened::words::values::{spell_word, Word};

/// Whether a file redirection has an effect a rule must see (`HARD-EFFECT-1`):
/// every one except duplicating or closing a descriptor (`2>&1`, `>&2`,
/// `3>&-`) and `/dev/null`.
#[must_use]
pub fn is_effect_redirect(operator: &str, destinations: &[&str]) -> bool {
    if operator.ends_with("&-") {
        return false;
    }
    let duplicates = operator.ends_with(">&") || operator.ends_with("<&");
    let all_fds = destinations
        .iter()
        .all(|d| *d == "-" || (!d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())));
    if duplicates && all_fds {
        return false;
    }
    !matches!(destinations, [only] if *only == "/dev/null")
}

/// The redirections with effects, each as its operator and its targets
/// separated by one space, joined by one space (`HARD-EFFECT-1`).
pub fn effect_text(source: &str, redirects: &[Node<'_>]) -> String {
    effects(source, redirects)
        .iter()
        .map(|e| {
            format!("{} {}", e.operator, e.targets.join(" "))
                .trim_end()
                .to_owned()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The effects as words after expansion (`HARD-VALUE-1`): each operator,
/// then its targets spelled.
pub fn effect_words(source: &str, redirects: &[Node<'_>]) -> Vec<Word> {
    let mut out = Vec::new();
    for effect in effects(source, redirects) {
        out.push(Word::literal(&effect.operator));
        for node in &effect.nodes {
            out.extend(spell_word(source, *node));
        }
    }
    out
}

/// The writes of the redirections (`HARD-EFFECT-4`): each as the operator
/// and its spelled target, for every redirection that writes a file.
pub fn write_words(source: &str, redirects: &[Node<'_>]) -> Vec<Vec<Word>> {
    let mut out = Vec::new();
    for effect in effects(source, redirects) {
        if !writes(&effect.operator) {
            continue;
        }
        let mut words = vec![Word::literal(&effect.operator)];
        for node in &effect.nodes {
            words.extend(spell_word(source, *node));
        }
        out.push(words);
    }
    out
}

/// Whether a redirection operator writes a file: `>`, `>>`, `>|`, `&>`,
/// `&>>`, `<>`, `>&` to a file, each with an optional descriptor number.
#[must_use]
pub fn writes(operator: &str) -> bool {
    let op = operator.trim_start_matches(|c: char| c.is_ascii_digit() || c == '{' || c == '}');
    op.contains('>') && !op.ends_with("&-")
}

/// Whether a spelled write target lies outside the working directory and
/// the temporary directory (`HARD-EFFECT-4`): absolute (other than `/tmp/…`
/// and the descriptors `/dev/null`, `/dev/stdout`, `/dev/stderr`,
/// `/dev/fd/N`), in the home directory, above the working directory after
/// normalization (`..`), in a `.git` directory, or only known at run time.
#[must_use]
pub fn outside_tree(target: Option<&str>) -> bool {
    let Some(target) = target else {
        return true;
    };
    if target.starts_with('~') {
        return true;
    }
    let normal = crate::policy::home::posix_normalize(target);
    if matches!(normal.as_str(), "/dev/null" | "/dev/stdout" | "/dev/stderr")
        || normal
            .strip_prefix("/dev/fd/")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        || (normal.starts_with("/tmp/") && normal.len() > 5)
    {
        return false;
    }
    normal.starts_with('/') || climbs_out(&normal) || in_git_dir(&normal)
}

/// Whether a write (operator and spelled target) is allowed
/// (`HARD-EFFECT-4`): its target is inside the tree (from every directory
/// in `moved_to` too, `HARD-VALUE-6`), or the last rule
/// matching the write alone — `>> ~/.bashrc`, in one of its spellings —
/// allows it and names a write (its pattern starts with the operator's `>` or `&`, or
/// a descriptor digit): `*` does not name one.
#[must_use]
pub fn write_allowed(
    policy: &crate::policy::Policy,
    write: &[Word],
    moved_to: &[Word],
    budget: &mut crate::hardened::commands::reach::Budget,
) -> bool {
    let home = policy.home();
    let targets = write.get(1..).unwrap_or_default();
    let inside_from = |targets: &[Word]| {
        targets.len() == 1
            && crate::hardened::words::values::spellings(targets, home)
                .iter()
                .all(|p| !outside_tree(p.as_static().as_deref()))
    };
    // HARD-VALUE-6: a relative target is inside only from every directory
    // a `cd` of the command may have moved to.
    let inside = inside_from(targets)
        && moved_to.iter().all(|dir| {
            crate::hardened::commands::moved::relocate(write, dir)
                .is_none_or(|moved| inside_from(moved.get(1..).unwrap_or_default()))
        });
    if inside {
        return true;
    }
    crate::hardened::words::values::spellings(write, home)
        .iter()
        .any(|value| {
            let (state, pattern) =
                crate::hardened::commands::reach::decision(policy, value, budget);
            let names_a_write = pattern.as_deref().is_some_and(|p| {
                p.starts_with(['>', '&']) || p.starts_with(|c: char| c.is_ascii_digit())
            });
            state == crate::verdict::PermissionState::Allow && names_a_write
        })
}

/// A redirection with an effect.
struct Effect<'t> {
    operator: String,
    targets: Vec<String>,
    nodes: Vec<Node<'t>>,
}

/// The file redirections with effects, in source order (`HARD-EFFECT-1`).
fn effects<'t>(source: &str, redirects: &[Node<'t>]) -> Vec<Effect<'t>> {
    let mut files = Vec::new();
    let mut pending: Vec<Node<'t>> = redirects.to_vec();
    while let Some(redirect) = pending.pop() {
        match redirect.kind() {
            "file_redirect" => files.push(redirect),
            // A here-document's line can carry more redirects (`cat <<EOF > out`).
            "heredoc_redirect" => pending.extend(
                named_children(redirect)
                    .into_iter()
                    .filter(|c| c.kind() == "file_redirect"),
            ),
            _ => {}
        }
    }
    files.sort_by_key(Node::start_byte);
    let mut out = Vec::new();
    for redirect in files {
        let destinations: Vec<Node<'t>> = redirect
            .children_by_field_name("destination", &mut redirect.walk())
            .collect();
        let operator_end = destinations
            .first()
            .map_or(redirect.end_byte(), Node::start_byte);
        let operator: String = source
            .get(redirect.start_byte()..operator_end)
            .unwrap_or("")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let targets: Vec<String> = destinations
            .iter()
            .map(|d| without_line_continuations(slice(source, *d)))
            .collect();
        let target_refs: Vec<&str> = targets.iter().map(String::as_str).collect();
        if is_effect_redirect(&operator, &target_refs) {
            out.push(Effect {
                operator,
                targets,
                nodes: destinations,
            });
        }
    }
    out
}

/// True if one of `parts` assigns a variable that is not inert (`HARD-EFFECT-2`).
pub fn live_assignment(source: &str, parts: &[Node<'_>]) -> bool {
    parts.iter().any(|part| {
        if part.kind() != "variable_assignment" {
            return false;
        }
        let name = part
            .child_by_field_name("name")
            .map_or("", |n| slice(source, n));
        let value = part
            .child_by_field_name("value")
            .map_or("", |v| slice(source, v));
        !is_inert_assignment(name, value)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HARD-EFFECT-4: which operators write, which targets are outside the tree.
    #[test]
    fn hard_effect_4_writes_outside_the_tree() {
        for op in [
            ">", ">>", ">|", "&>", "&>>", "<>", "2>", "2>>", ">&", "{fd}>",
        ] {
            assert!(writes(op), "{op}");
        }
        for op in ["<", "<<<", "3>&-", "<&"] {
            assert!(!writes(op), "{op}");
        }
        let outside = [
            Some("/etc/passwd"),
            Some("~/.bashrc"),
            Some("../x"),
            Some("a/../../x"),
            Some("/tmp"),
            Some("/dev/tty"),
            Some(".git/hooks/pre-commit"),
            Some("./.git/config"),
            Some("sub/.git/config"),
            None,
        ];
        for target in outside {
            assert!(outside_tree(target), "{target:?}");
        }
        for target in [
            "out.txt",
            "build/log",
            "/tmp/x",
            "/dev/null",
            "/dev/stderr",
            "/dev/fd/2",
            "./a/../b",
            ".gitignore",
            ".github/workflows/ci.yml",
        ] {
            assert!(!outside_tree(Some(target)), "{target}");
        }
    }

    /// HARD-EFFECT-1: which redirections are effects.
    #[test]
    fn hard_effect_1_redirect_table() {
        let rows: &[(&str, &[&str], bool)] = &[
            (">>", &["~/.ssh/authorized_keys"], true),
            (">", &["out.txt"], true),
            ("<", &["input"], true),
            ("2>&", &["1"], false),
            (">&", &["2"], false),
            ("3>&", &["-"], false),
            ("3>&-", &[], false),
            ("2>", &["/dev/null"], false),
            (">&", &["out.txt"], true),
            (">", &["out", "rm"], true),
        ];
        for (op, dest, want) in rows {
            assert_eq!(is_effect_redirect(op, dest), *want, "{op} {dest:?}");
        }
    }
}
