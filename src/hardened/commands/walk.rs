//! What the hardened profile judges (spec §12.3, `HARD-UNIT-*`).
//!
//! The whole syntax tree is walked, in source order, with an explicit stack:
//! every simple command bash could run is a judgement wherever it sits
//! (compound statements, function bodies, negation, substitutions in
//! declarations, tests, arithmetic, assignments, redirect targets and
//! here-documents), and so is every construct that makes a command's words
//! an unreliable account of what runs (`HARD-PARSE-*`, `HARD-EXPAND-*`).

use std::cell::RefCell;

use tree_sitter::{Node, Parser};

use crate::hardened::commands::effects::{effect_text, live_assignment};
pub use crate::hardened::commands::judgement::Judgement;
use crate::hardened::commands::judgement::{Sink, REDIRECTS};
use crate::hardened::contract::clauses::Clause;
use crate::hardened::contract::tree::{named_children, slice};
use crate::hardened::syntax::locale::locale_floor;
use crate::hardened::words::expand::{evaluates_data, is_indirect};
use crate::hardened::words::spelling::without_line_continuations;
use crate::policy::units::{UnitsError, MAX_COMMAND_CODE_UNITS, MAX_NESTING_DEPTH};
use crate::policy::UnitContext;

/// The judgements of `command` in source order (`HARD-UNIT-1`, `HARD-UNIT-2`).
///
/// # Errors
/// A `POL-LIMIT-*` bound is exceeded or the parser fails; the caller asks.
pub fn judgements(command: &str) -> Result<Vec<Judgement>, UnitsError> {
    let length = crate::ecma::utf16_len(command);
    if length > MAX_COMMAND_CODE_UNITS {
        return Err(UnitsError::CommandTooLong { code_units: length });
    }
    let mut sink = Sink::default();
    if crate::hardened::syntax::parse::disagrees_on_blanks(command) {
        // HARD-PARSE-3: the parser splits words where bash does not.
        sink.push(
            command,
            (0, command.len()),
            None,
            Vec::new(),
            Some(Clause::Blanks),
        )?;
    }
    if command.contains('\0') {
        // HARD-PARSE-2: bash and the parser disagree on where a NUL ends input.
        sink.push(
            command,
            (0, command.len()),
            None,
            Vec::new(),
            Some(Clause::Nul),
        )?;
        return Ok(sink.out);
    }
    PARSER.with(|cell| {
        let mut slot = cell
            .try_borrow_mut()
            .map_err(|_| UnitsError::Parser("parser re-entered".to_owned()))?;
        if slot.is_none() {
            *slot = Some(crate::policy::units::bash_parser()?);
        }
        let parser = slot
            .as_mut()
            .ok_or_else(|| UnitsError::Parser("parser unavailable".to_owned()))?;
        let tree = crate::policy::bounded::parse(parser, command)?;
        // HARD-VALUE-2: what the text says of HOME and PWD, found once.
        crate::hardened::words::values::for_command(command, || {
            walk(command, tree.root_node(), &mut sink)
        })?;
        // A disagreement of HARD-PARSE-* already asks for this text.
        let misread = sink
            .out
            .iter()
            .any(|j| j.floor.is_some_and(Clause::is_parse));
        if !misread {
            closed_world(command, tree.root_node(), &mut sink)?;
        }
        if sink.out.is_empty() && sink.comment {
            // HARD-UNIT-5: nothing runs, yet the deployed answer matches the
            // comment's text (POL-CHECK-5), which appended text can change.
            sink.push(
                command,
                (0, command.len()),
                None,
                Vec::new(),
                Some(Clause::CommentOnly),
            )?;
        }
        Ok(sink.out)
    })
}

/// The closed world (`HARD-ADMIT-1`, `HARD-READ-1`): the first construct outside the
/// admitted subset gives a judgement of its text, without values, floored
/// by its row; it comes after the walk's judgements, so a clause that names
/// the shape more precisely (`HARD-RUN-1` for `eval`) decides first.
fn closed_world(source: &str, root: Node<'_>, sink: &mut Sink) -> Result<(), UnitsError> {
    if let Some(refusal) = crate::hardened::syntax::closed::first_refusal(source, root) {
        let text = source.get(refusal.span.0..refusal.span.1).unwrap_or(source);
        return sink.push(
            text,
            refusal.span,
            None,
            Vec::new(),
            Some(Clause::NotAdmitted(refusal.row)),
        );
    }
    // HARD-READ-1, HARD-READ-2: no single parser decides.
    if let Err(parted) = crate::hardened::syntax::agree::agree(source, root) {
        let span = parted.span;
        let text = source.get(span.0..span.1).unwrap_or(source);
        let clause = match parted.roles {
            Some((reading, tree)) => Clause::Roles(reading, tree),
            None => Clause::SecondReading,
        };
        return sink.push(text, span, None, Vec::new(), Some(clause));
    }
    Ok(())
}

thread_local! {
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

/// The iterative walk; `depth` counts substitutions and subshells (`POL-LIMIT-3`).
fn walk(source: &str, root: Node<'_>, sink: &mut Sink) -> Result<(), UnitsError> {
    if root.has_error() {
        // HARD-PARSE-1: a tree with ERROR or MISSING nodes is not understood.
        sink.push(
            source,
            (0, source.len()),
            None,
            Vec::new(),
            Some(Clause::ParseError),
        )?;
    } else if let Some((clause, span)) = crate::hardened::syntax::parse::disagreement(source, root)
    {
        // HARD-PARSE-4, HARD-PARSE-5: the parser and bash read this text differently.
        let text = source.get(span.0..span.1).unwrap_or(source);
        sink.push(text, span, None, Vec::new(), Some(clause))?;
    }
    // Each entry carries its parent: `Node::parent` walks down from the
    // root, which made the walk quadratic in the nesting depth.
    let mut stack: Vec<(Node<'_>, Option<Node<'_>>, Option<UnitContext>, usize)> =
        vec![(root, None, None, 0)];
    while let Some((node, parent, context, depth)) = stack.pop() {
        if depth > MAX_NESTING_DEPTH {
            return Err(UnitsError::TooDeep);
        }
        let (inner_context, inner_depth) = match node.kind() {
            "command_substitution" => (Some(UnitContext::CommandSubstitution), depth + 1),
            "process_substitution" => (Some(UnitContext::ProcessSubstitution), depth + 1),
            "subshell" => (Some(UnitContext::Subshell), depth + 1),
            _ => (context, depth),
        };
        visit(source, node, parent, context, sink)?;
        for child in named_children(node).into_iter().rev() {
            stack.push((child, Some(node), inner_context, inner_depth));
        }
    }
    Ok(())
}

/// The judgement a node gives, if any.
fn visit(
    source: &str,
    node: Node<'_>,
    parent_node: Option<Node<'_>>,
    context: Option<UnitContext>,
    sink: &mut Sink,
) -> Result<(), UnitsError> {
    let span = (node.start_byte(), node.end_byte());
    let parent = parent_node.map(|p| p.kind());
    match node.kind() {
        "command" => crate::hardened::commands::command::simple_command(
            source,
            node,
            parent_node,
            context,
            sink,
        ),
        "declaration_command" | "unset_command" => {
            let words = named_children(node);
            let keyword = node.child(0).map_or("", |k| slice(source, k));
            let mut value = keyword.to_owned();
            for word in &words {
                value.push(' ');
                value.push_str(&without_line_continuations(slice(source, *word)));
            }
            let floor = live_assignment(source, &words)
                .then_some(Clause::EffectAssignment)
                .or_else(|| locale_floor(source, &words));
            sink.push(slice(source, node), span, context, vec![value], floor)?;
            sink.mark_named();
            Ok(())
        }
        "variable_assignment" | "variable_assignments"
            if !matches!(
                parent,
                Some(
                    "command"
                        | "declaration_command"
                        | "variable_assignments"
                        | "c_style_for_statement"
                )
            ) =>
        {
            let parts = if node.kind() == "variable_assignment" {
                vec![node]
            } else {
                named_children(node)
            };
            let floor = live_assignment(source, &parts)
                .then_some(Clause::EffectAssignment)
                .or_else(|| locale_floor(source, &parts));
            let value = without_line_continuations(slice(source, node));
            sink.push(slice(source, node), span, context, vec![value], floor)
        }
        "redirected_statement" => {
            // A compound statement's redirects (`{ …; } >> f`, `done < f`):
            // their effects are judged on their own (HARD-EFFECT-1).
            let body = node.child_by_field_name("body");
            if body.is_some_and(|b| b.kind() == "command") {
                return Ok(());
            }
            let redirects: Vec<Node<'_>> = named_children(node)
                .into_iter()
                .filter(|c| REDIRECTS.contains(&c.kind()))
                .collect();
            let effects = effect_text(source, &redirects);
            // HARD-EFFECT-3: redirections with no command (`> x`, `<<< in`).
            let floor = body.is_none().then_some(Clause::NamelessCommand);
            if effects.is_empty() && floor.is_none() {
                return Ok(());
            }
            let values = if effects.is_empty() {
                Vec::new()
            } else {
                vec![effects]
            };
            sink.push(slice(source, node), span, context, values, floor)?;
            // HARD-VALUE-1: the effects spelled, as a simple command's are.
            let spelled = crate::hardened::commands::effects::effect_words(source, &redirects);
            let spelled = if spelled.is_empty() {
                Vec::new()
            } else {
                vec![spelled]
            };
            let writes = crate::hardened::commands::effects::write_words(source, &redirects);
            sink.spell_last(spelled, writes);
            Ok(())
        }
        "comment" => {
            sink.comment = true;
            Ok(())
        }
        "expansion" => {
            let text = slice(source, node);
            if is_indirect(text) {
                return sink.push(
                    text,
                    span,
                    context,
                    Vec::new(),
                    Some(Clause::ExpandIndirect),
                );
            }
            Ok(())
        }
        _ if evaluates_data(source, node, parent_node) => sink.push(
            slice(source, node),
            span,
            context,
            Vec::new(),
            Some(Clause::ExpandArithmetic),
        ),
        _ => Ok(()),
    }
}
