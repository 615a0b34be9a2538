//! The two readings must agree (spec §12.11, `HARD-READ-1`, `HARD-READ-2`):
//! the tokens of [`crate::hardened::syntax::reading`] against the nodes of the tree, first on
//! where each token starts and ends, then on the role bash's grammar gives
//! it.

use tree_sitter::Node;

use crate::hardened::syntax::reading::{tokens, Token, TokenKind};
use crate::hardened::syntax::roles::Role;

/// Where and how the two readings part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Disagreement {
    /// The byte span to report.
    pub span: (usize, usize),
    /// For a token both readings see, the role the second reading gives it
    /// and the role the tree gives it (`HARD-READ-2`); `None` when they part
    /// on the tokens themselves (`HARD-READ-1`).
    pub roles: Option<(Role, Role)>,
}

impl Disagreement {
    fn at(span: (usize, usize)) -> Self {
        Self { span, roles: None }
    }
}

/// A node as the agreement sees it: its span, kind, whether it is named,
/// and the role its place in the tree gives it.
struct Seen<'t> {
    span: (usize, usize),
    named: bool,
    kind: &'t str,
    role: Option<Role>,
}

/// Parents whose named children (but a descriptor) are redirection targets.
const REDIRECTS: &[&str] = &["file_redirect", "herestring_redirect"];

/// The role the tree gives `node` under `parent`, where it gives one the
/// second reading also names.
fn tree_role(node: Node<'_>, parent: Option<Node<'_>>) -> Option<Role> {
    let parent_kind = parent.map_or("", |p| p.kind());
    match node.kind() {
        "file_descriptor" => Some(Role::Descriptor),
        "command_name" => Some(Role::CommandWord),
        "variable_assignment" if parent_kind != "declaration_command" => Some(Role::Assignment),
        "heredoc_start" | "heredoc_end" | "heredoc_body" => None,
        _ if node.is_named() && REDIRECTS.contains(&parent_kind) => Some(Role::RedirectTarget),
        // `cat <<EOF -n`: words the parser hands to the here-document.
        kind if parent_kind == "heredoc_redirect" && WORDLIKE.contains(&kind) => {
            Some(Role::RedirectTarget)
        }
        _ => None,
    }
}

/// Whether the second reading agrees with the tree of `source`: every token
/// is a node of the tree (operators with the same text), every leaf of the
/// tree lies inside a token, and every word-like node inside one
/// (`HARD-READ-1`); and each token's role is the role the tree gives it
/// (`HARD-READ-2`).
///
/// # Errors
/// The first disagreement.
pub fn agree(source: &str, root: Node<'_>) -> Result<(), Disagreement> {
    let tokens = tokens(source).map_err(Disagreement::at)?;
    let mut nodes: Vec<Seen<'_>> = Vec::new();
    let mut leaves: Vec<(usize, usize)> = Vec::new();
    let mut wordlike: Vec<(usize, usize)> = Vec::new();
    let mut stack = vec![(root, None)];
    while let Some((node, parent)) = stack.pop() {
        let span = (node.start_byte(), node.end_byte());
        nodes.push(Seen {
            span,
            named: node.is_named(),
            kind: node.kind(),
            role: tree_role(node, parent),
        });
        if node.child_count() == 0 && span.0 < span.1 {
            leaves.push(span);
        }
        if WORDLIKE.contains(&node.kind()) && span.0 < span.1 {
            wordlike.push(span);
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor).map(|c| (c, Some(node))));
    }
    nodes.sort_unstable_by_key(|seen| seen.span);
    let text = |span: (usize, usize)| source.get(span.0..span.1).unwrap_or("");
    for token in &tokens {
        let first = nodes.partition_point(|seen| seen.span < token.span);
        let matching: Vec<&Seen<'_>> = nodes
            .get(first..)
            .unwrap_or_default()
            .iter()
            .take_while(|seen| seen.span == token.span)
            .collect();
        let found = match token.kind {
            TokenKind::Word => !matching.is_empty(),
            TokenKind::Operator => matching
                .iter()
                .any(|seen| !seen.named && seen.kind == text(token.span)),
            TokenKind::Comment => matching.iter().any(|seen| seen.kind == "comment"),
            TokenKind::Body => true,
        };
        if !found {
            return Err(Disagreement::at(token.span));
        }
        if let Some(tree) = role_disagreement(token, &matching, text(token.span)) {
            return Err(Disagreement {
                span: token.span,
                roles: Some((token.role, tree)),
            });
        }
    }
    tree_roles_read(&tokens, &nodes)?;
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
        Some(span) => Err(Disagreement::at(span)),
        None => Ok(()),
    }
}

/// The tree's role for a token whose role it contradicts, if it does
/// (`HARD-READ-2`): a descriptor must be the tree's descriptor, a target
/// the tree's target, a command word its command name, an assignment its
/// assignment, a reserved word its keyword; and a word of a command must
/// not be a descriptor or a redirection's target for the tree.
fn role_disagreement(token: &Token, matching: &[&Seen<'_>], text: &str) -> Option<Role> {
    let tree = matching.iter().find_map(|seen| seen.role);
    let has = |role: Role| matching.iter().any(|seen| seen.role == Some(role));
    let contradicted = match token.role {
        Role::Descriptor => !has(Role::Descriptor),
        Role::RedirectTarget => !has(Role::RedirectTarget),
        // `[`, `export`, `unset`: the tree's keyword of the same text.
        Role::CommandWord => !(has(Role::CommandWord) || keyword(matching, text)),
        Role::Assignment => !has(Role::Assignment),
        Role::ReservedWord => !keyword(matching, text),
        role if role.is_command_part() => has(Role::Descriptor) || has(Role::RedirectTarget),
        _ => false,
    };
    contradicted.then_some(tree.unwrap_or(Role::Argument))
}

/// An anonymous node with the token's own text: a keyword of the tree.
fn keyword(matching: &[&Seen<'_>], text: &str) -> bool {
    matching.iter().any(|seen| !seen.named && seen.kind == text)
}

/// The converse (`HARD-READ-2`): every descriptor, redirection target,
/// command name and assignment of the tree is a token of that role.
fn tree_roles_read(tokens: &[Token], nodes: &[Seen<'_>]) -> Result<(), Disagreement> {
    let mut by_span: Vec<((usize, usize), Role)> =
        tokens.iter().map(|t| (t.span, t.role)).collect();
    by_span.sort_unstable_by_key(|(span, _)| *span);
    for seen in nodes {
        let Some(role) = seen.role else { continue };
        if seen.span.0 == seen.span.1 {
            continue;
        }
        let first = by_span.partition_point(|(span, _)| *span < seen.span);
        let mut same = by_span
            .get(first..)
            .unwrap_or_default()
            .iter()
            .take_while(|(span, _)| *span == seen.span);
        let read = same.clone().any(|(_, r)| *r == role);
        if !read {
            let reading = same.next().map_or(Role::Argument, |(_, r)| *r);
            return Err(Disagreement {
                span: seen.span,
                roles: Some((reading, role)),
            });
        }
    }
    Ok(())
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
