//! Where tree-sitter-bash and bash read the same text differently (spec
//! §12.1, `HARD-PARSE-*`).
//!
//! The hardened profile judges the parser's syntax tree, so a text the
//! parser reads otherwise than bash does is a text it does not understand:
//! it asks. Each check here names one such disagreement.

use tree_sitter::Node;

use crate::hardened::contract::clauses::Clause;
use crate::hardened::words::spelling::{dequote_name, Name};

/// A character ECMAScript counts as whitespace or a line terminator (ECMA-2)
/// that bash does not treat as a blank: anything but space, tab and line
/// feed. The parser splits words on some (VT, FF, CR), the gate trims all,
/// bash does neither (`HARD-PARSE-3`).
#[must_use]
pub fn disagrees_on_blanks(command: &str) -> bool {
    command.chars().any(|c| {
        (crate::ecma::is_whitespace(c) || crate::ecma::is_line_terminator(c))
            && !matches!(c, ' ' | '\t' | '\n')
    })
}

/// Nodes whose whole text is content (quoted text, a here-document body): a
/// backslash inside one is not one the parser skipped.
const CONTENT: [&str; 3] = ["string", "translated_string", "heredoc_body"];

/// The first disagreement of `HARD-PARSE-4` to `HARD-PARSE-7` in the tree of `source`, with the span of the node it was
/// found at.
#[must_use]
pub fn disagreement(source: &str, root: Node<'_>) -> Option<(Clause, (usize, usize))> {
    // Content spans, to find the text between tokens afterwards: a
    // here-document's body comes after the rest of its line in the source
    // but before it in the tree, so the spans are sorted first.
    let mut content: Vec<(usize, usize)> = Vec::new();
    let mut found = None;
    let mut cursor = root.walk();
    // The ancestors of the cursor's node (`Node::parent` walks down from the
    // root: quadratic in the nesting depth).
    let mut ancestors: Vec<Node<'_>> = Vec::new();
    let mut descend = true;
    loop {
        let node = cursor.node();
        if descend {
            let span = (node.start_byte(), node.end_byte());
            if found.is_none()
                && node.kind() == "heredoc_redirect"
                && !heredoc_ends_at_its_delimiter(source, node)
            {
                found = Some((Clause::HeredocDelimiter, span));
            }
            if found.is_none() && node.kind() == "command" && joins_lines(source, node) {
                found = Some((Clause::NewlineInCommand, span));
            }
            if found.is_none() && words_after_redirect(node) {
                found = Some((Clause::WordsAfterRedirect, span));
            }
            let is_content = node.child_count() == 0 || CONTENT.contains(&node.kind());
            if is_content {
                content.push(span);
                if found.is_none()
                    && node.kind() == "word"
                    && ends_argument_with_escaped_blank(source, node, ancestors.last().copied())
                {
                    found = Some((Clause::EscapedBlank, span));
                }
            }
            if !is_content && cursor.goto_first_child() {
                ancestors.push(node);
                continue;
            }
        }
        if cursor.goto_next_sibling() {
            descend = true;
        } else if cursor.goto_parent() {
            ancestors.pop();
            descend = false;
        } else {
            break;
        }
    }
    content.sort_unstable();
    let mut covered_to = 0;
    let mut gaps = Vec::new();
    for (start, end) in content
        .into_iter()
        .chain(std::iter::once((source.len(), source.len())))
    {
        if start > covered_to {
            gaps.push((covered_to, start));
        }
        covered_to = covered_to.max(end);
    }
    let gap = gaps
        .into_iter()
        .find(|&(from, to)| skipped_escaped_blank(source.get(from..to).unwrap_or("")))
        .map(|span| (Clause::EscapedBlank, span));
    // The first disagreement in source order.
    match (found, gap) {
        (Some(a), Some(b)) => Some(if b.1 .0 < a.1 .0 { b } else { a }),
        (a, b) => a.or(b),
    }
}

/// Whether bash, running `command` as it is, ends one of its
/// here-documents elsewhere than the parser does (`HARD-PARSE-4` on the
/// untrimmed text, for `HARD-PARSE-3`); a parser that fails counts as yes.
#[must_use]
pub fn heredoc_misread(command: &str) -> bool {
    if !command.contains("<<") {
        return false;
    }
    let Ok(mut parser) = crate::policy::units::bash_parser() else {
        return true;
    };
    let Ok(tree) = crate::policy::bounded::parse(&mut parser, command) else {
        return true;
    };
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        if node.kind() == "heredoc_redirect" && !heredoc_ends_at_its_delimiter(command, node) {
            return true;
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    false
}

/// A newline, other than a line continuation, between two parts of one
/// command: the parser read it as a blank, bash ends the command there
/// (`cat a | cat b | cat c` newline `rm x && echo EXIT` is parsed with a last
/// stage `cat c rm x`; found by the `hardened` target with `ground`).
fn joins_lines(source: &str, command: Node<'_>) -> bool {
    let mut cursor = command.walk();
    let parts: Vec<Node<'_>> = command.children(&mut cursor).collect();
    parts
        .iter()
        .zip(parts.iter().skip(1))
        .any(|(before, after)| {
            let gap = source
                .get(before.end_byte()..after.start_byte())
                .unwrap_or("");
            let bytes = gap.as_bytes();
            bytes.iter().enumerate().any(|(i, &b)| {
                let continued = |at: usize| at > 0 && bytes.get(at - 1) == Some(&b'\\');
                b == b'\n'
                    && !continued(i)
                    && !(i > 0 && bytes.get(i - 1) == Some(&b'\r') && continued(i - 1))
            })
        })
}

/// A redirection holding words after its target (`HARD-PARSE-7`): the
/// parser gives `push --force` in `git >out push --force` to the file
/// redirection as more destinations, and the words after a here-document's
/// delimiter (`cat <<EOF -n`) to the here-document; bash takes one word as
/// the target and gives the rest to the command as arguments.
fn words_after_redirect(node: Node<'_>) -> bool {
    let mut cursor = node.walk();
    match node.kind() {
        "file_redirect" => node
            .children_by_field_name("destination", &mut cursor)
            .nth(1)
            .is_some(),
        "heredoc_redirect" => node
            .children_by_field_name("argument", &mut cursor)
            .next()
            .is_some(),
        _ => false,
    }
}

/// Text between tokens holds a backslash that is not a line continuation:
/// the parser skips `\` + blank as if it were a blank (an *extra* of the
/// grammar), bash reads it as a word of one blank (`cat x \ ` runs `cat`
/// with the arguments `x` and a space).
fn skipped_escaped_blank(between: &str) -> bool {
    let bytes = between.as_bytes();
    bytes.iter().enumerate().any(|(i, &b)| {
        b == b'\\'
            && !matches!(bytes.get(i + 1), Some(b'\n'))
            && !matches!(bytes.get(i + 1..i + 3), Some([b'\r', b'\n']))
    })
}

/// An unquoted word that ends its argument with an escaped blank (`x\ `).
/// bash and the parser agree on it, but it is where text appended after a
/// trailing backslash joins the command: `cat x\` (a parse error for the
/// parser, a literal backslash for bash) followed by ` && rm -rf /` is
/// `cat 'x '` and then `rm -rf /`, a different last word, not a sibling
/// (found by the `hardened` fuzz target, INV-10).
fn ends_argument_with_escaped_blank(
    source: &str,
    word: Node<'_>,
    parent: Option<Node<'_>>,
) -> bool {
    let argument_end = match parent {
        Some(parent) if parent.kind() == "concatenation" => parent.end_byte(),
        _ => word.end_byte(),
    };
    if word.end_byte() != argument_end {
        return false;
    }
    let bytes = source
        .get(word.start_byte()..word.end_byte())
        .unwrap_or("")
        .as_bytes();
    let mut i = 0;
    let mut last_escape = None;
    while i < bytes.len() {
        if bytes.get(i) == Some(&b'\\') && i + 1 < bytes.len() {
            last_escape = Some(i);
            i += 2;
        } else {
            i += 1;
        }
    }
    last_escape
        .is_some_and(|at| at + 2 == bytes.len() && matches!(bytes.get(at + 1), Some(b' ' | b'\t')))
}

/// Whether bash ends the here-document of `redirect` exactly where the
/// parser does (`HARD-PARSE-4`): the delimiter is the start word after
/// quote removal; the body's lines are read from the line the parser's body
/// starts on (tabs stripped for `<<-`; for an unquoted delimiter a line
/// ending in a backslash continues on the next, which this check does not
/// model and so refuses); the first line equal to the delimiter must be the
/// parser's `heredoc_end`, the whole line. A document bash ends at the end
/// of input ("delimited by end-of-file"), or one whose delimiter line
/// carries more text (`EOF && rm -rf /`, `EOF\t`, `EOF)`), is not
/// understood.
fn heredoc_ends_at_its_delimiter(source: &str, redirect: Node<'_>) -> bool {
    let mut cursor = redirect.walk();
    let children: Vec<Node<'_>> = redirect.children(&mut cursor).collect();
    let find = |kind: &str| children.iter().copied().find(|c| c.kind() == kind);
    let (Some(start), Some(end)) = (find("heredoc_start"), find("heredoc_end")) else {
        return false;
    };
    let strip_tabs = children.iter().any(|c| c.kind() == "<<-");
    let raw = source
        .get(start.start_byte()..start.end_byte())
        .unwrap_or("");
    if raw.contains(['$', '`']) {
        return false;
    }
    let Name::Literal(delimiter) = dequote_name(raw) else {
        return false;
    };
    if delimiter.is_empty() || delimiter.contains('\n') {
        return false;
    }
    let quoted = raw.contains(['\'', '"', '\\']);
    let first = find("heredoc_body").map_or(end.start_byte(), |b| b.start_byte());
    let Some(mut line_start) = source
        .get(..first)
        .and_then(|before| before.rfind('\n'))
        .map(|at| at + 1)
    else {
        return false;
    };
    if line_start <= start.end_byte() {
        return false;
    }
    loop {
        let rest = source.get(line_start..).unwrap_or("");
        let line_end = rest.find('\n').map_or(source.len(), |at| line_start + at);
        let line = source.get(line_start..line_end).unwrap_or("");
        let content = if strip_tabs {
            line.trim_start_matches('\t')
        } else {
            line
        };
        if content == delimiter {
            let content_start = line_end - content.len();
            return (end.start_byte(), end.end_byte()) == (content_start, line_end);
        }
        let trailing = line.len() - line.trim_end_matches('\\').len();
        if (!quoted && trailing % 2 == 1) || line_end >= source.len() {
            return false;
        }
        line_start = line_end + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first parse clause that floors a judgement of `command`.
    fn found(command: &str) -> Option<Clause> {
        let parse_clauses = [
            Clause::ParseError,
            Clause::HeredocDelimiter,
            Clause::EscapedBlank,
            Clause::NewlineInCommand,
            Clause::WordsAfterRedirect,
        ];
        crate::hardened::commands::walk::judgements(command)
            .unwrap()
            .into_iter()
            .find_map(|j| j.floor.filter(|c| parse_clauses.contains(c)))
    }

    /// HARD-PARSE-4: here-documents bash ends where the parser does, and not.
    #[test]
    fn hard_parse_4_heredoc_table() {
        let rows = [
            ("cat <<EOF\nx\nEOF", None),
            ("cat <<EOF\nx\nEOF\necho after", None),
            ("cat <<'EOF' && ls\nx\nEOF\n", None),
            ("cat <<-EOF\n\tx\n\tEOF\nls", None),
            ("cat <<\"E F\"\nx\nE F\nls", None),
            ("git commit -m \"$(cat <<'EOF'\nmsg\nEOF\n)\"", None),
            ("cat <<EOF\nx\nEOF\t", Some(Clause::HeredocDelimiter)),
            (
                "cat <<EOF\nx\nEOF && rm -rf /",
                Some(Clause::HeredocDelimiter),
            ),
            (
                "cat <<EOF\nx\nEOF  \nrm -rf /",
                Some(Clause::HeredocDelimiter),
            ),
            ("cat <<EOF\nx", Some(Clause::ParseError)),
            ("cat <<EOF\nx\n", Some(Clause::ParseError)),
            ("cat <<EOF\nx\n\nEOFX\nrm -rf /", Some(Clause::ParseError)),
            (
                "cat <<EOF\na\\\nEOF\nEOF\nls",
                Some(Clause::HeredocDelimiter),
            ),
            ("cat <<E\"O\"F\nx\nEOF\nls", Some(Clause::ParseError)),
            ("cat <<$X\nx\n$X\nls", Some(Clause::HeredocDelimiter)),
            ("echo $(cat <<EOF\nx\nEOF)", Some(Clause::HeredocDelimiter)),
        ];
        for (command, want) in rows {
            assert_eq!(found(command), want, "{command:?}");
        }
    }

    /// HARD-PARSE-5: escaped blanks the parser skips or that end an argument.
    #[test]
    fn hard_parse_5_escaped_blank_table() {
        let rows = [
            ("ls My\\ Docs && rm x", None),
            ("ls \\\n  -la", None),
            ("echo 'a \\ b' \"c \\ d\" # e \\ f", None),
            ("cat <<EOF\na \\ b\nEOF", None),
            ("ls x\\\\ && rm y", None),
            ("cat 'a b' \\ && rm -rf /", Some(Clause::EscapedBlank)),
            ("cat 'a b' \\\t", Some(Clause::ParseError)),
            ("cat 'a b' \\\t| wc", Some(Clause::EscapedBlank)),
            ("echo a \\ b", Some(Clause::EscapedBlank)),
            ("cat x\\ && rm -rf /", Some(Clause::EscapedBlank)),
            ("cat 'x'\\ ", Some(Clause::ParseError)),
            ("cat 'x'\\ ; ls", Some(Clause::EscapedBlank)),
            ("cat <<EOF | wc \\ \nbody\nEOF", Some(Clause::EscapedBlank)),
            ("cat <<EOF | wc\nbody \\ x\nEOF", None),
        ];
        for (command, want) in rows {
            assert_eq!(found(command), want, "{command:?}");
        }
    }

    /// HARD-PARSE-6: a newline the parser reads as a blank between a
    /// command's words (a three-stage pipeline, a newline, an `&&` list).
    #[test]
    fn hard_parse_6_newline_in_command_table() {
        let rows = [
            (
                "cat a | cat b | cat c\nrm x && echo EXIT",
                Some(Clause::NewlineInCommand),
            ),
            ("cat a | cat b\nrm x && echo EXIT", None),
            ("cat a | cat b | cat c\nrm x", None),
            ("ls \\\n  -la", None),
            ("ls \\\r\n  -la", None),
            ("cat <<EOF\nx\nEOF\necho after", None),
            ("cat <<'EOF' && ls\nx\nEOF\n", None),
            ("echo 'a\nb' \"c\nd\" $(ls\npwd)", None),
            ("{ ls\npwd; }\nfor i in 1; do\nls\ndone", None),
        ];
        for (command, want) in rows {
            assert_eq!(found(command), want, "{command:?}");
        }
    }

    /// HARD-PARSE-7: words after a redirection's target belong to the
    /// command for bash, to the redirection for the parser.
    #[test]
    fn hard_parse_7_words_after_redirect_table() {
        let rows = [
            ("git >out push --force", Some(Clause::WordsAfterRedirect)),
            ("echo a {fd}>out b", Some(Clause::WordsAfterRedirect)),
            ("cat &>out x", Some(Clause::WordsAfterRedirect)),
            ("cat 2>&1 x", Some(Clause::WordsAfterRedirect)),
            ("cat <<EOF -n\nbody\nEOF", Some(Clause::WordsAfterRedirect)),
            ("ls > x", None),
            ("ls >/dev/null 2>&1", None),
            ("npm test 2>&1 | tail -30", None),
            ("cat < in > out", None),
            ("cat <<< a b", None),
            ("cat <<'EOF' > out.txt\nbody\nEOF", None),
            ("git commit -F - <<'EOF'\nmsg\nEOF", None),
        ];
        for (command, want) in rows {
            assert_eq!(found(command), want, "{command:?}");
        }
    }
}
