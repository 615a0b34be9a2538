//! Command units of a bash command (spec §7.3, `POL-UNIT-*`, `POL-LIMIT-*`).
//!
//! The command is parsed with tree-sitter-bash 0.25.1 (the `inner-cmd-spec-grammar`
//! build, with the deployed wasm's scanner character classes) under the
//! tree-sitter 0.26.13 C core, as the package parses it, and its syntax tree is
//! walked in source order. The walk keeps its own stack of pending work, so a
//! deeply nested command cannot overflow the thread's stack; budgets on input
//! size, unit count and total unit text stop a command whose units would be
//! too large to judge (the caller fails closed on [`UnitsError`]).

use std::cell::RefCell;

use tree_sitter::{Node, Parser};

use super::bounded::{self, BoundedParseError, MAX_PARSE_CHECKS, MAX_PIPE_CHARACTERS};
use super::floor::wrapper_kind;
use super::{Unit, UnitContext};

/// Longest command, in UTF-16 code units, that is parsed at all (`POL-LIMIT-1`).
pub const MAX_COMMAND_CODE_UNITS: usize = 1 << 24;
/// Most units one command may have (`POL-LIMIT-2`).
pub const MAX_UNITS: usize = 1 << 16;
/// Largest sum of unit text lengths, in UTF-16 code units, for one command (`POL-LIMIT-2`).
pub const MAX_UNIT_TEXT_CODE_UNITS: usize = 1 << 24;
/// Most substitutions and subshells a unit may be nested in (`POL-LIMIT-3`).
pub const MAX_NESTING_DEPTH: usize = 1000;

/// Why a command could not be split into units.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum UnitsError {
    /// The command is longer than [`MAX_COMMAND_CODE_UNITS`].
    CommandTooLong {
        /// Its length in UTF-16 code units.
        code_units: usize,
    },
    /// Its units exceed [`MAX_UNITS`] or [`MAX_UNIT_TEXT_CODE_UNITS`].
    TooManyUnits,
    /// A unit is nested deeper than [`MAX_NESTING_DEPTH`].
    TooDeep,
    /// The command would cost the parser more than `POL-LIMIT-6` allows
    /// ([`super::bounded`]).
    TooCostly,
    /// The bash grammar could not be loaded or the parser gave no tree.
    Parser(String),
}

impl std::fmt::Display for UnitsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::CommandTooLong { code_units } => write!(
                f,
                "bash command of {code_units} UTF-16 code units exceeds the limit of {MAX_COMMAND_CODE_UNITS}"
            ),
            Self::TooManyUnits => write!(
                f,
                "bash command has more than {MAX_UNITS} units or {MAX_UNIT_TEXT_CODE_UNITS} UTF-16 code units of unit text"
            ),
            Self::TooDeep => write!(
                f,
                "bash command nests substitutions or subshells deeper than {MAX_NESTING_DEPTH}"
            ),
            Self::TooCostly => write!(
                f,
                "bash command has more than {MAX_PIPE_CHARACTERS} `|` or needs more than {MAX_PARSE_CHECKS} parser progress checks"
            ),
            Self::Parser(message) => write!(f, "bash parser failed: {message}"),
        }
    }
}

impl std::error::Error for UnitsError {}

impl From<BoundedParseError> for UnitsError {
    fn from(error: BoundedParseError) -> Self {
        match error {
            BoundedParseError::TooCostly => Self::TooCostly,
            BoundedParseError::NoTree => Self::Parser("no syntax tree".to_owned()),
        }
    }
}

/// Node kinds that are walked through: their children are statements.
const DESCEND: [&str; 4] = ["program", "list", "pipeline", "redirected_statement"];
/// Named node kinds that carry no command of their own.
const SKIP: [&str; 6] = [
    "file_redirect",
    "heredoc_redirect",
    "herestring_redirect",
    "comment",
    "heredoc_body",
    "heredoc_end",
];

/// The context a substitution node gives the commands inside it.
fn substitution_context(kind: &str) -> Option<UnitContext> {
    match kind {
        "command_substitution" => Some(UnitContext::CommandSubstitution),
        "process_substitution" => Some(UnitContext::ProcessSubstitution),
        _ => None,
    }
}

/// A reusable tree-sitter-bash parser that splits commands into units.
///
/// Creating a parser loads the grammar; reuse one across calls.
pub struct UnitParser {
    parser: Parser,
}

impl std::fmt::Debug for UnitParser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UnitParser").finish_non_exhaustive()
    }
}

/// Pending work of the walk, kept on an explicit stack.
enum Task<'tree> {
    /// Enumerate the statement `node` found in `context` at nesting `depth`.
    Statement(Node<'tree>, Option<UnitContext>, usize),
    /// Search `node`'s subtree for substitutions; its command is at `depth`.
    Substitutions(Node<'tree>, usize),
}

/// Collects units while enforcing the `POL-LIMIT-2` budgets.
struct Sink<'src> {
    /// The command as UTF-16 code units, the encoding it was parsed in.
    source: &'src [u16],
    /// The same command as a Rust string.
    command: &'src str,
    /// The byte offset of each code-unit offset of `command` (its length
    /// plus one entries; `u32::MAX` inside a surrogate pair); `None` when
    /// `command` is ASCII and the two offsets are equal.
    byte_offsets: Option<Vec<u32>>,
    units: Vec<Unit>,
    /// UTF-16 code units of unit text so far.
    text_code_units: usize,
}

impl Sink<'_> {
    /// The source text between two parser byte offsets (two bytes per code
    /// unit). Nodes never split a surrogate pair, so nothing is lost.
    ///
    /// The text is copied from `command` (a slice, not a decoding: units
    /// nest, so their texts add up to far more than the command).
    fn text(&self, start_byte: usize, end_byte: usize) -> String {
        let (start, end) = (start_byte / 2, end_byte / 2);
        let to_byte = |code_unit: usize| match &self.byte_offsets {
            None => Some(code_unit),
            Some(offsets) => offsets
                .get(code_unit)
                .and_then(|&b| usize::try_from(b).ok())
                .filter(|&b| b != u32::MAX as usize),
        };
        if let Some(text) = to_byte(start)
            .zip(to_byte(end))
            .and_then(|(from, to)| self.command.get(from..to))
        {
            return text.to_owned();
        }
        let range = self.source.get(start..end).unwrap_or_default();
        String::from_utf16_lossy(range)
    }

    fn push(
        &mut self,
        start: usize,
        end: usize,
        context: Option<UnitContext>,
        wrapper: Option<super::WrapperKind>,
    ) -> Result<(), UnitsError> {
        // Budget first, from the length alone, so an over-budget text is never built.
        self.text_code_units = self
            .text_code_units
            .saturating_add(end.saturating_sub(start) / 2);
        if self.units.len() >= MAX_UNITS || self.text_code_units > MAX_UNIT_TEXT_CODE_UNITS {
            return Err(UnitsError::TooManyUnits);
        }
        let text = self.text(start, end);
        self.units.push(Unit {
            text,
            context,
            wrapper_kind: wrapper,
        });
        Ok(())
    }
}

/// All children of `node` (named and anonymous), in order, via a cursor so
/// that wide nodes cost linear time.
fn children(node: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = node.walk();
    node.children(&mut cursor).collect()
}

/// A tree-sitter parser with the bash grammar of `POL-UNIT-1` loaded: the
/// one place the grammar is chosen, for the units, the hardened walk and the
/// invariants' own parses.
///
/// # Errors
/// [`UnitsError::Parser`] if the grammar is incompatible with the runtime.
pub fn bash_parser() -> Result<Parser, UnitsError> {
    let mut parser = Parser::new();
    parser
        .set_language(&inner_cmd_spec_grammar::LANGUAGE.into())
        .map_err(|e| UnitsError::Parser(e.to_string()))?;
    Ok(parser)
}

impl UnitParser {
    /// Loads the bash grammar.
    ///
    /// # Errors
    /// [`UnitsError::Parser`] if the grammar is incompatible with the runtime.
    pub fn new() -> Result<Self, UnitsError> {
        Ok(Self {
            parser: bash_parser()?,
        })
    }

    /// Splits `command` into its units in source order (`POL-UNIT-*`).
    ///
    /// # Errors
    /// [`UnitsError`] when a `POL-LIMIT-*` bound is exceeded or the parser
    /// gives no tree; callers must not allow such a command.
    pub fn enumerate(&mut self, command: &str) -> Result<Vec<Unit>, UnitsError> {
        let length = crate::ecma::utf16_len(command);
        if length > MAX_COMMAND_CODE_UNITS {
            return Err(UnitsError::CommandTooLong { code_units: length });
        }
        // UTF-16, as the deployed package parses: tree-sitter's error recovery
        // weighs skipped text by its encoded size, so the encoding changes
        // which tree a syntax error gives (POL-UNIT-1).
        let code_units: Vec<u16> = command.encode_utf16().collect();
        let tree = bounded::parse_utf16(&mut self.parser, command, &code_units)?;
        let mut sink = Sink {
            source: &code_units,
            command,
            byte_offsets: (!command.is_ascii()).then(|| utf16_byte_offsets(command)),
            units: Vec::new(),
            text_code_units: 0,
        };
        let mut stack = vec![Task::Statement(tree.root_node(), None, 0)];
        while let Some(task) = stack.pop() {
            match task {
                Task::Statement(node, context, depth) => {
                    if depth > MAX_NESTING_DEPTH {
                        return Err(UnitsError::TooDeep);
                    }
                    visit_statement(node, context, depth, &mut sink, &mut stack)?;
                }
                Task::Substitutions(node, depth) => {
                    // Children are pushed in reverse so they pop in source order.
                    for child in children(node).into_iter().rev() {
                        match substitution_context(child.kind()) {
                            Some(inner) => stack.extend(
                                children(child)
                                    .into_iter()
                                    .rev()
                                    .map(|c| Task::Statement(c, Some(inner), depth + 1)),
                            ),
                            None => stack.push(Task::Substitutions(child, depth)),
                        }
                    }
                }
            }
        }
        Ok(sink.units)
    }
}

/// For each UTF-16 code-unit offset of `command` (and its end), the byte
/// offset it falls on; `u32::MAX` for the offset between the two halves of a
/// surrogate pair. Byte offsets fit: a command has at most
/// `MAX_COMMAND_CODE_UNITS` code units, so at most 4 × 2²⁴ bytes.
fn utf16_byte_offsets(command: &str) -> Vec<u32> {
    let mut offsets = Vec::with_capacity(command.len() + 1);
    for (byte, c) in command.char_indices() {
        let byte = u32::try_from(byte).unwrap_or(u32::MAX);
        offsets.push(byte);
        if c.len_utf16() == 2 {
            offsets.push(u32::MAX);
        }
    }
    offsets.push(u32::try_from(command.len()).unwrap_or(u32::MAX));
    offsets
}

/// One step of the walk for a statement node (`POL-UNIT-2`..`POL-UNIT-6`).
fn visit_statement<'tree>(
    node: Node<'tree>,
    context: Option<UnitContext>,
    depth: usize,
    sink: &mut Sink<'_>,
    stack: &mut Vec<Task<'tree>>,
) -> Result<(), UnitsError> {
    let kind = node.kind();
    if !node.is_named() || SKIP.contains(&kind) {
        return Ok(());
    }
    match kind {
        "command" => {
            let words: Vec<Node<'tree>> = children(node)
                .into_iter()
                .filter(|c| c.is_named() && c.kind() != "variable_assignment")
                .collect();
            let start = words.first().map_or(node.start_byte(), Node::start_byte);
            let word_texts: Vec<String> = words
                .iter()
                .map(|w| sink.text(w.start_byte(), w.end_byte()))
                .collect();
            let floor = wrapper_kind(word_texts.iter().map(String::as_str));
            sink.push(start, node.end_byte(), context, floor)?;
            stack.push(Task::Substitutions(node, depth));
        }
        "subshell" => {
            sink.push(node.start_byte(), node.end_byte(), context, None)?;
            push_statements(node, Some(UnitContext::Subshell), depth + 1, stack);
        }
        _ if DESCEND.contains(&kind) => push_statements(node, context, depth, stack),
        _ => sink.push(node.start_byte(), node.end_byte(), context, None)?,
    }
    Ok(())
}

/// Schedules every child of `node` as a statement in `context`, in source order.
fn push_statements<'tree>(
    node: Node<'tree>,
    context: Option<UnitContext>,
    depth: usize,
    stack: &mut Vec<Task<'tree>>,
) {
    stack.extend(
        children(node)
            .into_iter()
            .rev()
            .map(|c| Task::Statement(c, context, depth)),
    );
}

thread_local! {
    static PARSER: RefCell<Option<UnitParser>> = const { RefCell::new(None) };
}

/// Splits `command` into units with this thread's shared [`UnitParser`].
///
/// # Errors
/// As [`UnitParser::enumerate`].
pub fn enumerate(command: &str) -> Result<Vec<Unit>, UnitsError> {
    PARSER.with(|cell| {
        let mut slot = cell
            .try_borrow_mut()
            .map_err(|_| UnitsError::Parser("parser re-entered".to_owned()))?;
        if slot.is_none() {
            *slot = Some(UnitParser::new()?);
        }
        match slot.as_mut() {
            Some(parser) => parser.enumerate(command),
            None => Err(UnitsError::Parser("parser unavailable".to_owned())),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// POL-UNIT-9: unit texts are slices of the command, also where UTF-8
    /// and UTF-16 offsets differ (two- and four-byte characters).
    #[test]
    fn pol_unit_9_texts_outside_ascii() {
        let command = "echo é && echo 😀 x | cat $(printf ü)";
        let texts: Vec<String> = enumerate(command)
            .map(|units| units.into_iter().map(|u| u.text).collect())
            .unwrap_or_default();
        assert_eq!(
            texts,
            ["echo é", "echo 😀 x", "cat $(printf ü)", "printf ü"],
            "{command:?}"
        );
        assert_eq!(
            utf16_byte_offsets("aé😀"),
            [0, 1, 3, u32::MAX, 7],
            "offsets of a, é, the two halves of 😀, the end"
        );
    }

    /// POL-LIMIT-2: the unit count bound is exact: MAX_UNITS units are
    /// collected, the next is refused before its text is built.
    #[test]
    fn pol_limit_2_unit_count_is_exact() {
        let command = "a";
        let source: Vec<u16> = command.encode_utf16().collect();
        let mut sink = Sink {
            source: &source,
            command,
            byte_offsets: None,
            units: Vec::new(),
            text_code_units: 0,
        };
        for _ in 0..MAX_UNITS {
            assert_eq!(sink.push(0, 2, None, None), Ok(()));
        }
        assert_eq!(sink.units.len(), MAX_UNITS);
        assert_eq!(sink.push(0, 2, None, None), Err(UnitsError::TooManyUnits));
        assert_eq!(sink.units.len(), MAX_UNITS);
    }

    /// POL-LIMIT-1..POL-LIMIT-4, POL-LIMIT-6: each refusal says which bound was exceeded.
    #[test]
    fn units_errors_name_their_limit() {
        let rows = [
            (
                UnitsError::CommandTooLong { code_units: 7 },
                "bash command of 7 UTF-16 code units exceeds the limit of 16777216",
            ),
            (
                UnitsError::TooManyUnits,
                "bash command has more than 65536 units or 16777216 UTF-16 code units of unit text",
            ),
            (
                UnitsError::TooDeep,
                "bash command nests substitutions or subshells deeper than 1000",
            ),
            (
                UnitsError::TooCostly,
                "bash command has more than 2048 `|` or needs more than 4096 parser progress checks",
            ),
            (UnitsError::Parser("p".into()), "bash parser failed: p"),
        ];
        for (error, want) in rows {
            assert_eq!(error.to_string(), want);
        }
        let parser = UnitParser::new().map(|p| format!("{p:?}"));
        assert_eq!(parser.ok().as_deref(), Some("UnitParser { .. }"));
    }
}
