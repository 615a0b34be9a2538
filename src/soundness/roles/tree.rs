//! Simple commands as the tree-sitter tree the profiles judge gives them
//! (`INV-ROLE-2`): `command` nodes' assignments, name and arguments against
//! their `file_redirect`, `herestring_redirect` and `heredoc_redirect`
//! children's descriptors and destinations, in the order
//! [`super::canonical`] reads bash's rendering.

use tree_sitter::Node;

use super::{Redirect, Simple};

/// The simple commands of the tree of `source`, or `None` when the tree
/// holds an `ERROR` or `MISSING` node (the hardened profile asks on it,
/// `HARD-PARSE-1`, so there is no allow to compare).
pub(super) fn simple_commands(source: &str, root: Node<'_>) -> Option<Vec<Simple>> {
    if root.has_error() {
        return None;
    }
    let mut out = Vec::new();
    visit(source, root, &mut out);
    Some(out)
}

fn text(source: &str, node: Node<'_>) -> String {
    source
        .get(node.start_byte()..node.end_byte())
        .unwrap_or_default()
        .to_owned()
}

fn is_redirect(node: Node<'_>) -> bool {
    matches!(
        node.kind(),
        "file_redirect" | "herestring_redirect" | "heredoc_redirect"
    )
}

fn visit(source: &str, node: Node<'_>, out: &mut Vec<Simple>) {
    match node.kind() {
        "command" | "declaration_command" | "unset_command" => {
            command(source, node, &[], out);
        }
        "redirected_statement" => redirected(source, node, out),
        "function_definition" => {
            let mut cursor = node.walk();
            let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
            for child in children.iter().filter(|c| !is_redirect(**c)) {
                visit(source, *child, out);
            }
            compound_redirections(source, &children, out);
        }
        "variable_assignment" | "variable_assignments"
            if !node
                .parent()
                .is_some_and(|p| matches!(p.kind(), "c_style_for_statement" | "for_statement")) =>
        {
            let mut simple = Simple::default();
            assignments(source, node, &mut simple);
            out.push(simple);
            children(source, node, out);
        }
        "test_command" if text(source, node).starts_with("[ ") => {
            out.push(Simple {
                opaque: true,
                ..Simple::default()
            });
            children(source, node, out);
        }
        // A here-document body is text to bash's rendering: not compared.
        "heredoc_body" => {}
        "pipeline" => pipeline(source, node, &[], out),
        _ => children(source, node, out),
    }
}

fn children(source: &str, node: Node<'_>, out: &mut Vec<Simple>) {
    let mut cursor = node.walk();
    let all: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
    for child in all {
        visit(source, child, out);
    }
}

fn assignments(source: &str, node: Node<'_>, simple: &mut Simple) {
    if node.kind() == "variable_assignment" {
        simple.assignments.push(text(source, node));
    } else {
        let mut cursor = node.walk();
        let all: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        for child in all {
            assignments(source, child, simple);
        }
    }
}

/// A `redirected_statement`: its redirects belong to its body when the
/// body is a simple command or assignments, else to the compound command.
fn redirected(source: &str, node: Node<'_>, out: &mut Vec<Simple>) {
    let mut cursor = node.walk();
    let all: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
    let redirects: Vec<Node<'_>> = all.iter().copied().filter(|c| is_redirect(*c)).collect();
    let body = node.child_by_field_name("body");
    match body {
        Some(b)
            if matches!(
                b.kind(),
                "command" | "declaration_command" | "unset_command"
            ) =>
        {
            command(source, b, &redirects, out);
        }
        // The parser gives a redirection after `a && b` to the list; bash
        // binds it to the last command, `b` (the owner is no role: the
        // redirection is compared where bash puts it, INV-ROLE-3); the same
        // after a negation (`! ls <<EOF`: the here-document is `ls`'s).
        Some(b)
            if matches!(
                b.kind(),
                "list" | "pipeline" | "redirected_statement" | "negated_command"
            ) =>
        {
            with_redirects(source, b, &redirects, out);
        }
        Some(b) if matches!(b.kind(), "variable_assignment" | "variable_assignments") => {
            let mut simple = Simple::default();
            assignments(source, b, &mut simple);
            for r in &redirects {
                redirect(source, *r, &mut simple);
            }
            out.push(simple);
            visit_children_then(source, &[b], &redirects, out);
        }
        Some(b) => {
            visit(source, b, out);
            compound_redirections(source, &redirects, out);
        }
        None => compound_redirections(source, &redirects, out),
    }
}

/// `node` with `extra` redirects bound to its last simple command, as bash
/// binds the redirections written after a list.
fn with_redirects(source: &str, node: Node<'_>, extra: &[Node<'_>], out: &mut Vec<Simple>) {
    match node.kind() {
        "command" | "declaration_command" | "unset_command" => command(source, node, extra, out),
        "list" => {
            let mut cursor = node.walk();
            let all: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
            if let Some((last, rest)) = all.split_last() {
                for child in rest {
                    visit(source, *child, out);
                }
                with_redirects(source, *last, extra, out);
            }
        }
        "pipeline" => pipeline(source, node, extra, out),
        "negated_command" => match node.named_child(0) {
            Some(inner) => with_redirects(source, inner, extra, out),
            None => compound_redirections(source, extra, out),
        },
        "redirected_statement" => {
            let mut cursor = node.walk();
            let mut all: Vec<Node<'_>> = node
                .named_children(&mut cursor)
                .filter(|c| is_redirect(*c))
                .collect();
            all.extend_from_slice(extra);
            match node.child_by_field_name("body") {
                Some(body) => with_redirects(source, body, &all, out),
                None => compound_redirections(source, &all, out),
            }
        }
        "variable_assignment" | "variable_assignments"
            if !node
                .parent()
                .is_some_and(|p| matches!(p.kind(), "c_style_for_statement" | "for_statement")) =>
        {
            let mut simple = Simple::default();
            assignments(source, node, &mut simple);
            for r in extra {
                redirect(source, *r, &mut simple);
            }
            out.push(simple);
            visit_children_then(source, &[node], extra, out);
        }
        _ => {
            visit(source, node, out);
            compound_redirections(source, extra, out);
        }
    }
}

/// A pipeline: `|&` is bash's `2>&1 |`, a redirection of the command
/// before it (manual §3.2.3), which the parser gives as an operator.
/// `extra`: redirects the parser gave the whole pipeline, which bash binds
/// to its last command.
fn pipeline(source: &str, node: Node<'_>, extra: &[Node<'_>], out: &mut Vec<Simple>) {
    let mut cursor = node.walk();
    let all: Vec<Node<'_>> = node.children(&mut cursor).collect();
    let last = all.iter().rposition(Node::is_named);
    for (k, child) in all.iter().enumerate() {
        if !child.is_named() {
            continue;
        }
        let at = out.len();
        if Some(k) == last && !extra.is_empty() {
            with_redirects(source, *child, extra, out);
        } else {
            visit(source, *child, out);
        }
        let stderr_piped = all
            .get(k + 1)
            .is_some_and(|next| !next.is_named() && text(source, *next) == "|&");
        if !stderr_piped {
            continue;
        }
        let piped = Redirect::new(Some("2"), ">&", "1");
        let simple_child = matches!(
            child.kind(),
            "command" | "declaration_command" | "unset_command"
        ) || (child.kind() == "redirected_statement"
            && child
                .child_by_field_name("body")
                .is_some_and(|b| b.kind() == "command"));
        if simple_child {
            if let Some(first) = out.get_mut(at) {
                first.redirections.push(piped);
            }
        } else if let Some(last) = out.iter_mut().skip(at).rev().find(|s| s.compound) {
            last.redirections.push(piped);
        } else {
            out.push(Simple {
                compound: true,
                redirections: vec![piped],
                ..Simple::default()
            });
        }
    }
}

fn compound_redirections(source: &str, nodes: &[Node<'_>], out: &mut Vec<Simple>) {
    let redirects: Vec<Node<'_>> = nodes.iter().copied().filter(|c| is_redirect(*c)).collect();
    if redirects.is_empty() {
        return;
    }
    let mut simple = Simple {
        compound: true,
        ..Simple::default()
    };
    for r in &redirects {
        redirect(source, *r, &mut simple);
    }
    out.push(simple);
    for r in redirects {
        children(source, r, out);
    }
}

/// A simple command with `extra` redirects from its `redirected_statement`.
fn command(source: &str, node: Node<'_>, extra: &[Node<'_>], out: &mut Vec<Simple>) {
    let mut simple = Simple::default();
    let mut words: Vec<Node<'_>> = Vec::new();
    let mut redirects: Vec<Node<'_>> = Vec::new();
    let mut cursor = node.walk();
    let declaration = node.kind() != "command";
    if declaration {
        // `export`, `declare`, `unset`…: the keyword is an anonymous child.
        if let Some(first) = node.child(0) {
            simple.words.push(text(source, first));
        }
    }
    for child in node.children(&mut cursor) {
        if !child.is_named() {
            continue;
        }
        match child.kind() {
            _ if is_redirect(child) => redirects.push(child),
            "variable_assignment" if !declaration && simple.words.is_empty() => {
                simple.assignments.push(text(source, child));
                words.push(child);
            }
            "comment" => {}
            _ => {
                simple.words.push(text(source, child));
                words.push(child);
            }
        }
    }
    redirects.extend_from_slice(extra);
    for r in &redirects {
        redirect(source, *r, &mut simple);
    }
    // `time` and `time -p` are a reserved word to bash, a command word to
    // the parser; both profiles strip them as a transparent wrapper
    // (chapter 4), so the differential sets them aside (INV-ROLE-3).
    if simple.assignments.is_empty() && simple.words.first().is_some_and(|w| w == "time") {
        while simple
            .words
            .first()
            .is_some_and(|w| matches!(w.as_str(), "time" | "-p" | "--"))
        {
            simple.words.remove(0);
        }
        while simple
            .words
            .first()
            .is_some_and(|w| super::canonical::is_assignment(w))
        {
            simple.assignments.push(simple.words.remove(0));
        }
        if simple.words.is_empty()
            && simple.redirections.is_empty()
            && simple.assignments.is_empty()
        {
            visit_children_then(source, &words, &redirects, out);
            return;
        }
    }
    out.push(simple);
    visit_children_then(source, &words, &redirects, out);
}

/// The commands inside `words` (their substitutions), then inside
/// `redirects`.
fn visit_children_then(
    source: &str,
    words: &[Node<'_>],
    redirects: &[Node<'_>],
    out: &mut Vec<Simple>,
) {
    for w in words {
        children(source, *w, out);
    }
    for r in redirects {
        children(source, *r, out);
    }
}

/// One redirect node as a [`Redirect`]; a second destination the tree
/// gives it is a stray token with that role.
fn redirect(source: &str, node: Node<'_>, simple: &mut Simple) {
    let descriptor = node
        .child_by_field_name("descriptor")
        .map(|d| text(source, d));
    let mut operator = String::new();
    let mut targets: Vec<String> = Vec::new();
    let mut cursor = node.walk();
    let mut more = cursor.goto_first_child();
    while more {
        let child = cursor.node();
        let field = cursor.field_name();
        more = cursor.goto_next_sibling();
        if !child.is_named() {
            // The operator comes before the target; a control operator
            // after a here-document's delimiter (`<<EOF && cmd`) is the
            // parser's way of holding the rest of the line.
            if targets.is_empty() {
                operator.push_str(&text(source, child));
            }
            continue;
        }
        let heredoc = node.kind() == "heredoc_redirect";
        match child.kind() {
            "file_descriptor" | "heredoc_body" | "heredoc_end" => {}
            "heredoc_start" => targets.push(text(source, child)),
            _ if field == Some("argument") => simple.words.push(text(source, child)),
            _ if is_redirect(child) => redirect(source, child, simple),
            // The rest of a here-document's line: commands, visited as
            // the redirect's children.
            _ if heredoc => {}
            _ => targets.push(text(source, child)),
        }
    }
    // The parser's operator token may carry a close (`<&-`, `>&-`).
    let (op, close) = match operator.strip_suffix('-') {
        Some(op @ ("<&" | ">&")) => (op.to_owned(), true),
        _ => (operator.clone(), false),
    };
    let Some(op) = super::OPERATORS.iter().copied().find(|o| *o == op) else {
        simple.unknown.push(operator);
        return;
    };
    let mut targets = targets.into_iter();
    let target = if close {
        "-".to_owned()
    } else {
        targets.next().unwrap_or_default()
    };
    let parsed = Redirect::new(descriptor.as_deref(), op, &target);
    for stray in targets {
        simple
            .stray
            .push((stray, format!("a second target of `{parsed}`")));
    }
    simple.redirections.push(parsed);
}
