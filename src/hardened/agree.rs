//! The two readings must agree (spec §12.11, `HARD-READ-1`): the tokens of
//! [`super::reading`] against the nodes of the tree.

use tree_sitter::Node;

use super::reading::{tokens, Disagreement, Token, TokenKind};

/// Whether the second reading agrees with the tree of `source`: every token
/// is a node of the tree (operators with the same text), every leaf of the
/// tree lies inside a token, and every word-like node inside one.
///
/// # Errors
/// The span of the first disagreement.
pub fn agree(source: &str, root: Node<'_>) -> Result<(), Disagreement> {
    let tokens = tokens(source)?;
    let mut nodes: Vec<((usize, usize), bool, &str)> = Vec::new();
    let mut leaves: Vec<(usize, usize)> = Vec::new();
    let mut wordlike: Vec<(usize, usize)> = Vec::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        let span = (node.start_byte(), node.end_byte());
        nodes.push((span, node.is_named(), node.kind()));
        if node.child_count() == 0 && span.0 < span.1 {
            leaves.push(span);
        }
        if WORDLIKE.contains(&node.kind()) && span.0 < span.1 {
            wordlike.push(span);
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
    }
    nodes.sort_unstable_by_key(|(span, _, _)| *span);
    let text = |span: (usize, usize)| source.get(span.0..span.1).unwrap_or("");
    for token in &tokens {
        let first = nodes.partition_point(|(span, _, _)| *span < token.span);
        let matching = nodes
            .get(first..)
            .unwrap_or_default()
            .iter()
            .take_while(|(span, _, _)| *span == token.span);
        let found = match token.kind {
            TokenKind::Word => matching.count() > 0,
            TokenKind::Operator => {
                matching
                    .filter(|(_, named, kind)| !named && *kind == text(token.span))
                    .count()
                    > 0
            }
            TokenKind::Comment => matching.filter(|(_, _, kind)| *kind == "comment").count() > 0,
            TokenKind::Body => true,
        };
        if !found {
            return Err(token.span);
        }
    }
    let outer = outermost(&tokens);
    let inside = |span: (usize, usize)| {
        let at = outer.partition_point(|(start, _)| *start <= span.0);
        at.checked_sub(1)
            .and_then(|i| outer.get(i))
            .is_some_and(|(_, end)| *end >= span.1)
    };
    match leaves
        .into_iter()
        .chain(wordlike)
        .find(|span| !inside(*span))
    {
        Some(span) => Err(span),
        None => Ok(()),
    }
}

/// Node kinds that a lexer token must contain whole.
const WORDLIKE: &[&str] = &[
    "word",
    "string",
    "raw_string",
    "ansi_c_string",
    "concatenation",
    "number",
    "simple_expansion",
    "expansion",
    "command_substitution",
    "arithmetic_expansion",
    "heredoc_start",
    "heredoc_body",
    "heredoc_end",
    "extglob_pattern",
    "variable_assignment",
    "comment",
];

/// The tokens no other token contains, sorted by start.
fn outermost(tokens: &[Token]) -> Vec<(usize, usize)> {
    let mut spans: Vec<(usize, usize)> = tokens.iter().map(|t| t.span).collect();
    spans.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    let mut out: Vec<(usize, usize)> = Vec::new();
    for span in spans {
        if out.last().is_none_or(|last| span.0 >= last.1) {
            out.push(span);
        }
    }
    out
}
