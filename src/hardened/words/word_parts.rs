//! Word parts of the closed world (spec §12.11, `HARD-ADMIT-3`,
//! `HARD-ADMIT-4`): plain text, brace expansion, `${…}` and `$((…))`.

use tree_sitter::Node;

use crate::hardened::contract::admitted::{
    is_operand, is_readable, ARITHMETIC_CHARS, EXPANSION_OPERATORS,
};
use crate::hardened::contract::tree::{named_children, slice};

/// Marks the innermost open brace as holding a `,` or `..`.
fn mark(open: &mut [bool]) {
    if let Some(top) = open.last_mut() {
        *top = true;
    }
}

/// Word text (`HARD-ADMIT-3`): no backquote (escaped or not: tree-sitter
/// reads nested backquotes as text), no brace expansion, no line
/// continuation inside the word.
pub(crate) fn plain_word(text: &str) -> bool {
    quoted_plain(text) && !brace_expansion(text)
}

/// Quoted text (`HARD-ADMIT-3`): no backquote, no line continuation.
pub(crate) fn quoted_plain(text: &str) -> bool {
    !text.contains('`') && !text.contains("\\\n") && !text.contains("\\\r\n")
}

/// A concatenation (`HARD-ADMIT-3`) holds no brace expansion across its
/// parts (`{a,b}` is three `word` nodes to the parser): its unquoted words
/// are joined, every other part standing as one letter; the parts are
/// checked as their own nodes, so the whole text is read once.
pub(crate) fn concatenation(source: &str, node: Node<'_>) -> bool {
    let joined: String = named_children(node)
        .into_iter()
        .map(|part| match part.kind() {
            "word" => slice(source, part),
            _ => "x",
        })
        .collect();
    !brace_expansion(&joined)
}

/// Whether unquoted text holds a brace expansion: a `{` (not after `$`)
/// whose matching `}` encloses a `,` or `..` at its own level. One pass, a
/// stack of open braces: linear in the text.
fn brace_expansion(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut open: Vec<bool> = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\\' => i += 1,
            b'{' if i == 0 || bytes.get(i - 1) != Some(&b'$') => open.push(false),
            b',' => mark(&mut open),
            b'.' if bytes.get(i + 1) == Some(&b'.') => mark(&mut open),
            b'}' if open.pop() == Some(true) => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

/// `${NAME}`, `${#NAME}` or `${NAME OP operand}` with a readable name and a
/// literal operand (`HARD-ADMIT-4`).
pub(crate) fn braced(text: &str) -> bool {
    let Some(inner) = text.strip_prefix("${").and_then(|t| t.strip_suffix('}')) else {
        return false;
    };
    if let Some(name) = inner.strip_prefix('#').filter(|n| !n.is_empty()) {
        return is_readable(name);
    }
    let name_len = match inner.chars().next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' => inner
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(inner.len()),
        Some(c) => c.len_utf8(),
        None => return false,
    };
    let (Some(name), Some(mut rest)) = (inner.get(..name_len), inner.get(name_len..)) else {
        return false;
    };
    if !is_readable(name) {
        return false;
    }
    // A literal index (`${PIPESTATUS[0]}`, `${a[@]}`): the subscript row checks it.
    if let Some(after) = rest.strip_prefix('[') {
        match after.split_once(']') {
            Some((_, tail)) => rest = tail,
            None => return false,
        }
    }
    if rest.is_empty() {
        return true;
    }
    EXPANSION_OPERATORS
        .iter()
        .find_map(|op| rest.strip_prefix(op))
        .is_some_and(is_operand)
}

/// `NAME[i]` with `i` digits, `@` or `*` (`HARD-ADMIT-4`): any other index
/// is arithmetic over run-time data. Only read inside `${…}`: the walk
/// refuses a subscript anywhere else.
pub(crate) fn literal_subscript(source: &str, node: Node<'_>) -> bool {
    let index = node
        .child_by_field_name("index")
        .map_or("", |i| slice(source, i));
    let literal = matches!(index, "@" | "*")
        || (!index.is_empty() && index.bytes().all(|b| b.is_ascii_digit()));
    literal
}

/// `$((…))` over literal integers (`HARD-ADMIT-4`).
pub(crate) fn arithmetic(text: &str) -> bool {
    text.strip_prefix("$((")
        .and_then(|t| t.strip_suffix("))"))
        .is_some_and(|body| {
            !body.trim().is_empty() && body.chars().all(|c| ARITHMETIC_CHARS.contains(c))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HARD-ADMIT-3: brace expansion as bash finds it (checked with
    /// `echo` in bash 5.2: `{a,b{c}` and `a{b}c` stay literal).
    #[test]
    fn hard_admit_3_brace_expansion_table() {
        for text in ["{a,b}", "x{1..3}", "{-n,}hi", "{a,{b}}", "a{b,c}d"] {
            assert!(brace_expansion(text), "{text}");
        }
        for text in [
            "{}", "a{b}c", "{a,b{c", "\\{a,b}", "${x}", "@{u}..", "{a.b}",
        ] {
            assert!(!brace_expansion(text), "{text}");
        }
    }

    /// HARD-ADMIT-4: the `${…}` forms admitted and refused.
    #[test]
    fn hard_admit_4_braced_table() {
        for text in [
            "${HOME}",
            "${#x}",
            "${x:-default}",
            "${x-}",
            "${x%.rs}",
            "${x##*/}",
            "${PIPESTATUS[0]}",
            "${?}",
            "${XDG_CONFIG_HOME:-$HOME/.config}",
            "${1:-$PWD}",
        ] {
            assert!(braced(text), "{text}");
        }
        for text in [
            "${x:=a}",
            "${x?a}",
            "${x:0:1}",
            "${x: -1}",
            "${@:1}",
            "${!x}",
            "${x@P}",
            "${x/a/b}",
            "${x:-`ls`}",
            "${x:-${y}}",
            "${x:-$(ls)}",
            "${x:-$'a'}",
            "${x:-$}",
            "${x:-~}",
            "${x:-\"a\"}",
            "${x^^}",
            "${}",
            "${é}",
            "${éx:-a}",
        ] {
            assert!(!braced(text), "{text}");
        }
        assert!(arithmetic("$((1 + 2 * (3 - 1)))"));
        for text in ["$((x))", "$((1<<2))", "$(( ))", "$((a[0]))"] {
            assert!(!arithmetic(text), "{text}");
        }
    }
}
