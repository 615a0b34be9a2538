//! One simple command's judgement (spec §12.3-12.7: `HARD-UNIT-1`,
//! `HARD-SPELL-*`, `HARD-RUN-*`, `HARD-EFFECT-*`).
//!
//! The walk ([`crate::hardened::commands::walk`]) finds every `command` node; this judges one:
//! its name dequoted, its words joined, its floors, and its redirections and
//! assignments as values and floors.

use tree_sitter::Node;

use crate::hardened::commands::effects::{effect_text, effect_words, live_assignment};
use crate::hardened::commands::judgement::{Sink, REDIRECTS};
use crate::hardened::contract::admitted::is_read_separator;
use crate::hardened::contract::clauses::Clause;
use crate::hardened::contract::tree::{named_children, slice};
use crate::hardened::programs::runs::{reads_unknown_word, runs_code_known};
use crate::hardened::words::spelling::{bash_words, dequote_name, joined_text, Name};
use crate::hardened::words::values::{read_args, spell_joined, Word};
use crate::policy::floor::{basename, wrapper_kind};
use crate::policy::units::UnitsError;
use crate::policy::UnitContext;

/// A simple command (`HARD-UNIT-1`, `HARD-SPELL-*`, `HARD-RUN-*`, `HARD-EFFECT-*`).
pub(crate) fn simple_command(
    source: &str,
    node: Node<'_>,
    parent: Option<Node<'_>>,
    context: Option<UnitContext>,
    sink: &mut Sink,
) -> Result<(), UnitsError> {
    let children = named_children(node);
    let assignments: Vec<Node<'_>> = children
        .iter()
        .copied()
        .filter(|c| c.kind() == "variable_assignment")
        .collect();
    let words: Vec<Node<'_>> = children
        .iter()
        .copied()
        .filter(|c| c.kind() != "variable_assignment" && !REDIRECTS.contains(&c.kind()))
        .collect();
    let mut redirects: Vec<Node<'_>> = children
        .iter()
        .copied()
        .filter(|c| REDIRECTS.contains(&c.kind()))
        .collect();
    if let Some(parent) = parent {
        if parent.kind() == "redirected_statement"
            && parent.child_by_field_name("body") == Some(node)
        {
            redirects.extend(
                named_children(parent)
                    .into_iter()
                    .filter(|c| REDIRECTS.contains(&c.kind())),
            );
        }
    }
    // The text starts at the first word or redirect, as a deployed unit does (POL-UNIT-4).
    let start = children
        .iter()
        .find(|c| c.kind() != "variable_assignment")
        .map_or(node.start_byte(), Node::start_byte);
    let span = (start, node.end_byte());
    let text = source.get(span.0..span.1).unwrap_or("");
    // HARD-SPELL-1: words the parse split at a line continuation bash joins.
    let groups = bash_words(source, &words);
    let raw_words: Vec<String> = groups.iter().map(|g| joined_text(source, g)).collect();
    let name = raw_words.first().map(|w| dequote_name(w));
    // HARD-VALUE-7: the program readers read the values bash passes.
    let read = read_args(
        source,
        groups.get(1..).unwrap_or_default(),
        raw_words.get(1..).unwrap_or_default(),
    );
    let mut program_writes: Vec<Vec<Word>> = Vec::new();
    let mut floor = None;
    let mut values = Vec::new();
    match &name {
        None => {}
        Some(Name::Computed) => {
            floor = Some(Clause::SpellComputed);
            values.push(raw_words.join(" "));
        }
        Some(Name::Literal(literal)) => {
            let args = raw_words.get(1..).unwrap_or_default();
            let mut value = literal.clone();
            for arg in args {
                value.push(' ');
                value.push_str(arg);
            }
            let base = basename(literal);
            if base != literal {
                values.push(format!(
                    "{base}{}",
                    value.get(literal.len()..).unwrap_or("")
                ));
            }
            values.push(value);
            let dequoted =
                std::iter::once(literal.as_str()).chain(read.texts.iter().map(String::as_str));
            if wrapper_kind(dequoted).is_some() {
                floor = Some(Clause::SpellFloor);
            } else {
                floor = runs_code_known(base, &read.texts, &read.known);
                if floor.is_none() && reads_unknown_word(base, &read) {
                    floor = Some(Clause::ValueUnknown);
                }
            }
            // HARD-EFFECT-5: the program's own writes, judged as `>` to
            // the same target (HARD-EFFECT-4).
            program_writes = crate::hardened::programs::wrapped::program_writes(base, &read);
        }
    }
    // HARD-ADMIT-6: `IFS=` before `read` only splits what read reads.
    let read_separator = |a: &Node<'_>| match &name {
        Some(Name::Literal(command)) => is_read_separator(
            command,
            a.child_by_field_name("name")
                .map_or("", |n| slice(source, n)),
            a.child_by_field_name("value")
                .map_or("", |v| slice(source, v)),
        ),
        _ => false,
    };
    let assignments: Vec<Node<'_>> = assignments
        .into_iter()
        .filter(|a| !read_separator(a))
        .collect();
    if floor.is_none() && live_assignment(source, &assignments) {
        floor = Some(Clause::EffectAssignment);
    }
    floor = floor.or_else(|| crate::hardened::syntax::locale::locale_floor(source, &assignments));
    let mut spelled = spelled_values(source, &groups, name.as_ref(), &redirects);
    let effects = effect_text(source, &redirects);
    if !effects.is_empty() {
        let base = values.last().cloned().unwrap_or_default();
        let joined = if base.is_empty() {
            effects
        } else {
            format!("{base} {effects}")
        };
        values.push(joined);
    }
    // HARD-RUN-4: the command a program runs is judged too.
    let wrapped = crate::hardened::programs::wrapped::inner_commands(source, &groups, &raw_words);
    values.extend(wrapped.values);
    spelled.extend(wrapped.spelled);
    floor = floor.or(wrapped.floor);
    program_writes.extend(wrapped.writes);
    let named_inner = wrapped.named;
    if name.is_none() && !redirects.is_empty() && floor.is_none() {
        // HARD-EFFECT-3: redirections with no command.
        floor = Some(Clause::NamelessCommand);
    }
    if values.is_empty() && floor.is_none() {
        // Nothing runs and nothing is opened: nothing to judge.
        return Ok(());
    }
    sink.push(text, span, context, values, floor)?;
    let mut writes = crate::hardened::commands::effects::write_words(source, &redirects);
    writes.extend(program_writes);
    sink.spell_last(spelled, writes);
    sink.name_inner_last(named_inner);
    if name.is_some() {
        sink.mark_named();
    }
    Ok(())
}

/// The command's values as words after expansion (`HARD-VALUE-1`): the
/// name (its basename first, when it has a `/`), the arguments spelled,
/// and with its effects when it has any.
fn spelled_values(
    source: &str,
    words: &[Vec<Node<'_>>],
    name: Option<&Name>,
    redirects: &[Node<'_>],
) -> Vec<Vec<Word>> {
    let args: Vec<Word> = words
        .iter()
        .skip(1)
        .flat_map(|w| spell_joined(source, w))
        .collect();
    let mut out = Vec::new();
    match name {
        None => {}
        Some(Name::Literal(literal)) => {
            let base = basename(literal);
            if base != literal {
                out.push(
                    std::iter::once(Word::literal(base))
                        .chain(args.clone())
                        .collect(),
                );
            }
            out.push(
                std::iter::once(Word::literal(literal))
                    .chain(args)
                    .collect(),
            );
        }
        Some(Name::Computed) => {
            let name_words = words
                .first()
                .map(|w| spell_joined(source, w))
                .unwrap_or_default();
            out.push(name_words.into_iter().chain(args).collect());
        }
    }
    let effects = effect_words(source, redirects);
    if !effects.is_empty() {
        let mut with_effects: Vec<Word> = out.last().cloned().unwrap_or_default();
        with_effects.extend(effects);
        out.push(with_effects);
    }
    out
}
