//! Expansions whose value the parse shows (spec §12.4, `HARD-VALUE-2`).
//!
//! Most expansions are known only at run time, but some have a value the
//! command's own text fixes: an arithmetic expansion is a number, `$(cat
//! <<'EOF' … EOF)` is the document's text, and `"$f"` in `for f in WORD` is
//! one expansion of `WORD`. This finds the expansions of a word, with that
//! value where the parse shows one.

use tree_sitter::Node;

use crate::hardened::contract::tree::{named_children, slice};
use crate::hardened::words::pieces::{Known, Spans};
use crate::hardened::words::values::{spell_word, Word};

/// The expansions the parse found in `node`, outermost only.
pub(crate) fn expansion_spans<'s>(source: &'s str, node: Node<'_>) -> Spans<'s> {
    let mut spans = Spans::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        match n.kind() {
            "simple_expansion"
            | "expansion"
            | "command_substitution"
            | "arithmetic_expansion"
            | "process_substitution" => {
                let shown = match n.kind() {
                    "arithmetic_expansion" => Some(Known::Number),
                    "command_substitution" => heredoc_text(source, n).map(Known::Text),
                    "simple_expansion" | "expansion" => loop_word(source, n).map(Known::Word),
                    _ => None,
                };
                spans.insert(n.start_byte(), (n.end_byte(), slice(source, n), shown));
            }
            _ => stack.extend(named_children(n)),
        }
    }
    spans
}

/// The value of `$(cat <<'EOF' … EOF)` (`HARD-VALUE-2`): the body of a
/// here-document with a quoted delimiter, which bash reads literally, less
/// its trailing newlines, as command substitution removes them.
fn heredoc_text(source: &str, substitution: Node<'_>) -> Option<String> {
    let [statement] = named_children(substitution)[..] else {
        return None;
    };
    let body = statement.child_by_field_name("body")?;
    let [redirect] = named_children(statement)
        .into_iter()
        .filter(|c| *c != body)
        .collect::<Vec<_>>()[..]
    else {
        return None;
    };
    let name_only = named_children(body).len() == 1 && slice(source, body) == "cat";
    if statement.kind() != "redirected_statement"
        || !name_only
        || redirect.kind() != "heredoc_redirect"
    {
        return None;
    }
    let parts = named_children(redirect);
    let start = parts.iter().find(|c| c.kind() == "heredoc_start")?;
    let operator = source
        .get(redirect.start_byte()..start.start_byte())?
        .trim();
    let quoted = slice(source, *start).contains(['\'', '"', '\\']);
    let kinds: Vec<&str> = parts.iter().map(Node::kind).collect();
    if operator != "<<" || !quoted || kinds != ["heredoc_start", "heredoc_body", "heredoc_end"] {
        return None;
    }
    let text = parts.get(1).map(|b| slice(source, *b))?;
    Some(text.trim_end_matches('\n').to_owned())
}

/// Most parents looked through for the loop binding a variable.
const MAX_LOOP_DEPTH: usize = 64;

/// The value of `$f` or `${f}` inside `for f in WORD; do …; done`
/// (`HARD-VALUE-2`): one expansion of `WORD` (one path, when it is a glob),
/// if the loop has exactly that one word and `f` is named nowhere else.
fn loop_word(source: &str, expansion: Node<'_>) -> Option<Word> {
    let text = slice(source, expansion);
    let name = text
        .strip_prefix("${")
        .and_then(|t| t.strip_suffix('}'))
        .or_else(|| text.strip_prefix('$'))?;
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    let mut node = expansion;
    for _ in 0..MAX_LOOP_DEPTH {
        node = node.parent()?;
        if node.kind() != "for_statement" {
            continue;
        }
        let variable = node.child_by_field_name("variable")?;
        if slice(source, variable) != name {
            continue;
        }
        let values: Vec<Node<'_>> = node
            .children_by_field_name("value", &mut node.walk())
            .collect();
        let [value] = values[..] else {
            return None;
        };
        source.get(variable.start_byte()..variable.end_byte())?;
        if !crate::hardened::words::values::loop_lookup_allowed() {
            return None;
        }
        let mut blanked = source.to_owned();
        blanked.replace_range(
            variable.start_byte()..variable.end_byte(),
            &" ".repeat(name.len()),
        );
        if crate::hardened::words::pieces::mentioned_otherwise(&blanked, name) {
            return None;
        }
        let [word] = &spell_word(source, value)[..] else {
            return None;
        };
        return word.one_path();
    }
    None
}
