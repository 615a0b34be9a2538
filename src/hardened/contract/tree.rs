//! The two reads of the syntax tree every floor shares: a node's named
//! children and its source text. They hold no fact and decide nothing.

use tree_sitter::Node;

/// The named children of `node`, in order (the walk's parts share it).
pub fn named_children(node: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor).collect()
}

/// The source text of `node`.
pub fn slice<'s>(source: &'s str, node: Node<'_>) -> &'s str {
    source.get(node.start_byte()..node.end_byte()).unwrap_or("")
}
