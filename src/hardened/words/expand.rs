//! Expansions that evaluate data as code (spec §12.6, `HARD-EXPAND-*`).
//!
//! bash evaluates arithmetic recursively (a variable holding `a[$(cmd)]`
//! runs `cmd` when used in arithmetic) and expands `${!x}` and `${x@P}` from
//! run-time data: what runs is in no word the rules can see.

use tree_sitter::Node;

use crate::hardened::contract::tree::{named_children, slice};

/// Operators whose operands `[[ … ]]` evaluates arithmetically.
const ARITHMETIC_TESTS: [&str; 6] = ["-eq", "-ne", "-lt", "-le", "-gt", "-ge"];

/// A parameter expansion that is indirect (`${!x}`) or a prompt expansion
/// (`${x@P}`), given its text (`HARD-EXPAND-2`).
#[must_use]
pub fn is_indirect(text: &str) -> bool {
    text.starts_with("${!") || text.contains("@P")
}

/// An arithmetic root that reads run-time data (`HARD-EXPAND-1`).
#[must_use]
pub fn evaluates_data(source: &str, node: Node<'_>, parent: Option<Node<'_>>) -> bool {
    is_arithmetic_root(source, node, parent) && reads_variables(source, node)
}

/// A node whose content bash evaluates arithmetically (`HARD-EXPAND-1`).
fn is_arithmetic_root(source: &str, node: Node<'_>, parent: Option<Node<'_>>) -> bool {
    match node.kind() {
        "arithmetic_expansion" | "c_style_for_statement" => true,
        "compound_statement" => slice(source, node).starts_with("(("),
        "test_command" => {
            let text = slice(source, node);
            text.starts_with("[[") && ARITHMETIC_TESTS.iter().any(|op| text.contains(op))
        }
        _ => parent.is_some_and(|p| {
            p.kind() == "subscript" && p.child_by_field_name("index") == Some(node)
        }),
    }
}

/// Whether an arithmetic subtree names a variable or expands anything.
fn reads_variables(source: &str, node: Node<'_>) -> bool {
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        match n.kind() {
            "variable_name" | "simple_expansion" | "expansion" | "command_substitution" => {
                return true
            }
            "word"
                if slice(source, n)
                    .bytes()
                    .any(|b| b.is_ascii_alphabetic() || b == b'_') =>
            {
                return true
            }
            _ => stack.extend(named_children(n)),
        }
    }
    false
}
