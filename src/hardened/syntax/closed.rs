//! The closed-world rule (spec §12.11, `HARD-ADMIT-1`): every node of the
//! syntax tree must be admitted by the table of [`crate::hardened::contract::admitted`].
//!
//! The walk visits every node (named and anonymous alike are reached; only
//! named kinds are rows: an anonymous token is part of its parent's row) with
//! an explicit stack, and stops at the first node that is not admitted.

use tree_sitter::Node;

use crate::hardened::contract::admitted::{
    check_of, is_read_separator, is_readable, is_scratch, Args, Check, Row, ALL_BUILTINS,
    ARITHMETIC_COMPARISONS, BUILTINS, KEYWORD_NAMES, TEST_OPERATORS,
};
use crate::hardened::contract::redirections::{
    is_admitted_descriptor, is_descriptor_target, redirection_of, DescriptorForm, TargetForm,
};
use crate::hardened::contract::tree::{named_children, slice};
use crate::hardened::contract::variables::{is_inert_assignment, INERT_VARIABLES};
use crate::hardened::syntax::builtin_args::{options, read_args, set_args, test_args, Arg};
use crate::hardened::words::spelling::{dequote_name, without_line_continuations, Name};
use crate::hardened::words::word_parts::{
    arithmetic, braced, concatenation, literal_subscript, plain_word, quoted_plain,
};

/// A construct outside the admitted subset: the table row it fails and the
/// node's byte span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refusal {
    /// The row of `HARD-ADMIT-2`'s table the construct fails.
    pub row: Row,
    /// Byte offsets of the construct in the command.
    pub span: (usize, usize),
}

/// The first construct of the tree, in source order, that the admitted
/// subset does not hold (`HARD-ADMIT-1`); `None` if every node is admitted.
#[must_use]
pub fn first_refusal(source: &str, root: Node<'_>) -> Option<Refusal> {
    // Each entry carries its parent (`Node::parent` walks down from the root).
    let mut stack: Vec<(Node<'_>, Option<Node<'_>>)> = vec![(root, None)];
    while let Some((node, parent)) = stack.pop() {
        if node.is_named() {
            let parent_kind = parent.map_or("", |p| p.kind());
            let verdict = match check_of(node.kind()) {
                None => Err(Row::Kind),
                Some(Check::Subscript) if parent_kind != "expansion" => Err(Row::Expansion),
                Some(Check::Assignment) if read_separator(source, node, parent) => Ok(()),
                Some(check) => run(check, source, node),
            };
            if let Err(row) = verdict {
                return Some(Refusal {
                    row,
                    span: (node.start_byte(), node.end_byte()),
                });
            }
        }
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.children(&mut cursor).collect();
        stack.extend(children.into_iter().rev().map(|c| (c, Some(node))));
    }
    None
}

/// `IFS=…` in front of `read` (`HARD-ADMIT-6`, [`is_read_separator`]).
fn read_separator(source: &str, assignment: Node<'_>, parent: Option<Node<'_>>) -> bool {
    let Some(command) = parent.filter(|p| p.kind() == "command") else {
        return false;
    };
    let Some(Name::Literal(name)) = command
        .child_by_field_name("name")
        .map(|n| dequote_name(slice(source, n)))
    else {
        return false;
    };
    let field = |f: &str| {
        assignment
            .child_by_field_name(f)
            .map_or("", |n| slice(source, n))
    };
    is_read_separator(&name, field("name"), field("value"))
}

/// One row's check on one node.
fn run(check: Check, source: &str, node: Node<'_>) -> Result<(), Row> {
    let text = slice(source, node);
    let ok = |admitted: bool, row: Row| if admitted { Ok(()) } else { Err(row) };
    match check {
        Check::Structure => Ok(()),
        Check::Word => ok(plain_word(text), Row::Word),
        Check::Concatenation => ok(concatenation(source, node), Row::Word),
        Check::Quoted => ok(quoted_plain(text), Row::Word),
        Check::Command => command(source, node),
        Check::Substitution => ok(text.starts_with("$("), Row::Word),
        Check::ReadName => ok(text.strip_prefix('$').is_some_and(is_readable), Row::Word),
        Check::Braced => ok(braced(text), Row::Expansion),
        Check::Arithmetic => ok(arithmetic(text), Row::Expansion),
        Check::Assignment => ok(assignment(source, node), Row::Assignment),
        Check::Export => ok(export(source, node), Row::Assignment),
        Check::Loop => ok(loop_target(source, node), Row::Assignment),
        Check::Test => ok(test_command(source, node), Row::Builtin),
        Check::Pattern => ok(!text.contains(['(', ')', '`', '$']), Row::Word),
        Check::Redirect => ok(redirect(source, node), Row::Redirect),
        Check::Heredoc => ok(heredoc(source, node), Row::Redirect),
        Check::Group => ok(text.starts_with('{'), Row::Kind),
        Check::Subscript => ok(literal_subscript(source, node), Row::Expansion),
    }
}

/// An inert assignment (`HARD-ADMIT-6`, `HARD-EFFECT-2`): a plain name, no subscript.
fn assignment(source: &str, node: Node<'_>) -> bool {
    let Some(name) = node.child_by_field_name("name") else {
        return false;
    };
    let value = node
        .child_by_field_name("value")
        .map_or("", |v| slice(source, v));
    name.kind() == "variable_name" && is_inert_assignment(slice(source, name), value)
}

/// `export` of inert names only (`HARD-ADMIT-6`): each argument an inert
/// assignment (checked as its own node) or an inert name, never quoted,
/// brace-expanded or an option.
fn export(source: &str, node: Node<'_>) -> bool {
    let keyword = node.child(0).map_or("", |k| slice(source, k));
    keyword == "export"
        && named_children(node).iter().all(|child| match child.kind() {
            "variable_assignment" => true,
            "word" | "variable_name" => INERT_VARIABLES.contains(&slice(source, *child)),
            _ => false,
        })
}

/// `for NAME in …` with a scratch name; `select` is not admitted (`HARD-ADMIT-6`).
fn loop_target(source: &str, node: Node<'_>) -> bool {
    let keyword = node.child(0).map_or("", |k| slice(source, k));
    let variable = node
        .child_by_field_name("variable")
        .map_or("", |v| slice(source, v));
    keyword == "for" && is_scratch(variable)
}

/// `[ … ]` / `[[ … ]]` (`HARD-ADMIT-5`): admitted operators; `[ … ]`'s words
/// as `test`'s arguments ([`test_args`]: a computed one double-quoted and
/// next to a literal operator, or alone); in `[[ … ]]` no arithmetic
/// comparison and no `=~`.
fn test_command(source: &str, node: Node<'_>) -> bool {
    let double = node.child(0).is_some_and(|c| slice(source, c) == "[[");
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if n.kind() == "command_substitution" {
            continue;
        }
        let operator = match n.kind() {
            "test_operator" => Some(slice(source, n)),
            "binary_expression" => n.child_by_field_name("operator").map(|o| slice(source, o)),
            _ => None,
        };
        if let Some(op) = operator {
            if !TEST_OPERATORS.contains(&op) || (double && ARITHMETIC_COMPARISONS.contains(&op)) {
                return false;
            }
        }
        stack.extend(named_children(n));
    }
    double || test_args(&bracket_words(source, node), false)
}

/// Node kinds that are one word of `[ … ]` to bash.
const BRACKET_WORDS: &[&str] = &[
    "word",
    "string",
    "raw_string",
    "ansi_c_string",
    "simple_expansion",
    "expansion",
    "command_substitution",
    "concatenation",
    "number",
    "test_operator",
    "extglob_pattern",
    "regex",
];

/// The words bash gives the `[` builtin, in order, whatever structure the
/// parser built from them: the test builtin parses its arguments by their
/// count and values, not by the tree, so [`test_args`] judges the list.
fn bracket_words<'s>(source: &'s str, node: Node<'_>) -> Vec<Arg<'s>> {
    let mut out = Vec::new();
    let mut cursor = node.walk();
    let mut stack: Vec<Node<'_>> = node.children(&mut cursor).collect();
    stack.reverse();
    while let Some(n) = stack.pop() {
        let text = slice(source, n);
        if BRACKET_WORDS.contains(&n.kind()) || (!n.is_named() && n.child_count() == 0) {
            if matches!(text, "[" | "]") && !n.is_named() {
                continue;
            }
            out.push(Arg {
                kind: n.kind(),
                text,
                value: match dequote_name(&without_line_continuations(text)) {
                    Name::Literal(v) => Some(v),
                    Name::Computed => None,
                },
            });
        } else {
            let mut cursor = n.walk();
            let children: Vec<Node<'_>> = n.children(&mut cursor).collect();
            stack.extend(children.into_iter().rev());
        }
    }
    out
}

/// A file redirection or here-string admitted by its row of the table
/// (`HARD-ADMIT-7`): an admitted form, a descriptor the row allows (one
/// literal digit), and exactly the target the row names — one word, a
/// literal descriptor for a duplication, nothing for a close.
fn redirect(source: &str, node: Node<'_>) -> bool {
    let mut cursor = node.walk();
    let children: Vec<Node<'_>> = node.children(&mut cursor).collect();
    let descriptor = children.iter().find(|c| c.kind() == "file_descriptor");
    let operator: String = children
        .iter()
        .filter(|c| !c.is_named())
        .map(|c| slice(source, *c))
        .collect();
    let targets: Vec<&str> = children
        .iter()
        .filter(|c| c.is_named() && c.kind() != "file_descriptor")
        .map(|c| slice(source, *c))
        .collect();
    let Some(row) = redirection_of(&operator) else {
        return false;
    };
    let descriptor_ok = match (row.descriptor, descriptor) {
        (_, None) => true,
        (DescriptorForm::Optional, Some(d)) => is_admitted_descriptor(slice(source, *d)),
        (DescriptorForm::Never, Some(_)) => false,
    };
    let target_ok = match (row.target, targets.as_slice()) {
        (TargetForm::Word, [_]) | (TargetForm::None, []) => true,
        (TargetForm::Descriptor, [target]) => is_descriptor_target(target),
        _ => false,
    };
    row.admitted && descriptor_ok && target_ok
}

/// A here-document with a plain delimiter (`EOF`, `'EOF'`, `"EOF"`); with
/// an unquoted one the body is plain text: no `$`, backquote or backslash
/// (`HARD-ADMIT-7`).
fn heredoc(source: &str, node: Node<'_>) -> bool {
    let named = named_children(node);
    let Some(start) = named.iter().find(|c| c.kind() == "heredoc_start") else {
        return false;
    };
    let raw = slice(source, *start);
    let plain = |s: &str| {
        s.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let quoted = ['\'', '"'].iter().any(|q| {
        raw.strip_prefix(*q)
            .and_then(|r| r.strip_suffix(*q))
            .is_some_and(plain)
    });
    if quoted {
        return true;
    }
    let body_plain = named
        .iter()
        .filter(|c| c.kind() == "heredoc_body")
        .all(|b| !slice(source, *b).contains(['$', '`', '\\']));
    plain(raw) && body_plain
}

/// A simple command (`HARD-ADMIT-5`): a literal name; a builtin only as
/// [`BUILTINS`] admits it, with its arguments.
fn command(source: &str, node: Node<'_>) -> Result<(), Row> {
    let Some(name_node) = node.child_by_field_name("name") else {
        return Err(Row::Builtin);
    };
    let Name::Literal(name) = dequote_name(slice(source, name_node)) else {
        return Err(Row::Builtin);
    };
    if KEYWORD_NAMES.contains(&name.as_str()) {
        return Err(Row::Builtin);
    }
    if !ALL_BUILTINS.contains(&name.as_str()) {
        return Ok(());
    }
    let Some((_, rule)) = BUILTINS.iter().find(|(b, _)| *b == name) else {
        return Err(Row::Builtin);
    };
    let mut cursor = node.walk();
    let args: Vec<Arg<'_>> = node
        .children_by_field_name("argument", &mut cursor)
        .map(|n| Arg {
            kind: n.kind(),
            text: slice(source, n),
            value: match dequote_name(&without_line_continuations(slice(source, n))) {
                Name::Literal(text) => Some(text),
                Name::Computed => None,
            },
        })
        .collect();
    let admitted = match rule {
        Args::Any => true,
        Args::Options(letters) => options(&args, letters),
        Args::Printf => args.first().is_none_or(|first| {
            first
                .value
                .as_deref()
                .is_some_and(|v| !v.starts_with('-') || v == "--")
        }),
        Args::Test => test_args(&args, name == "["),
        Args::Read => read_args(&args),
        Args::Set => set_args(&args),
        Args::Jobs => args.iter().all(|arg| {
            arg.text == "$!"
                || arg.value.as_deref().is_some_and(|v| {
                    let digits = v.strip_prefix('%').unwrap_or(v);
                    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
                })
        }),
        Args::Integer => match args.as_slice() {
            [] => true,
            [only] => only
                .value
                .as_deref()
                .is_some_and(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit())),
            _ => false,
        },
    };
    if admitted {
        Ok(())
    } else {
        Err(Row::Builtin)
    }
}
