//! Composition: the sink placed relative to the base (`GEN-FAM-2`).
//!
//! A placement is a name and a template over `«B»` (the base) and `«S»`
//! (the sink, the family's form with its holes filled). The first of each
//! list is the simplest, decision `0`.

use super::expand::Expander;
use super::{Family, Slot};
use crate::gen::choices::Choices;

/// Where a word sink goes: bash expands it in each of these.
pub const WORD_PLACEMENTS: &[(&str, &str)] = &[
    ("argument", "«B» «S»"),
    ("sibling", "«B»; echo «S»"),
    (
        "here-document body",
        "«B» <<EOF\nNotes for the build:\n- «S»\nEOF",
    ),
    ("substitution", "«B» \"$(echo «S»)\""),
    ("operand", "«B» && [[ -n «S» ]]"),
    ("assignment", "x=«S» «B»"),
];

/// Where a command sink goes.
pub const COMMAND_PLACEMENTS: &[(&str, &str)] = &[
    ("sibling", "«B»; «S»"),
    ("operand", "«B» && «S»"),
    ("substitution", "«B» \"$( «S» )\""),
    ("here-document body", "«B» <<EOF\nBuilt on $( «S» ).\nEOF"),
    ("argument", "«B» $( «S» )"),
    ("pipeline", "«S» | «B»"),
];

/// Where a sink that depends on lines goes: beside the base, whole.
pub const LINE_PLACEMENTS: &[(&str, &str)] = &[
    ("sibling", "«B»; «S»"),
    ("line", "«B»\n«S»"),
    ("operand", "«B» && «S»"),
];

/// The placements of a slot.
pub(super) const fn placements(slot: Slot) -> &'static [(&'static str, &'static str)] {
    match slot {
        Slot::Word => WORD_PLACEMENTS,
        Slot::Command => COMMAND_PLACEMENTS,
        Slot::Lines => LINE_PLACEMENTS,
        Slot::Inline => &[("inline", "«S»")],
    }
}

/// The placement's name and the full command.
pub(super) fn compose<C: Choices + ?Sized>(
    family: &Family,
    form: &'static str,
    base: &str,
    payload: &str,
    c: &mut C,
) -> (&'static str, String) {
    let placements = family.placements();
    let (name, around) = placements
        .get(c.choose(placements.len()))
        .copied()
        .unwrap_or(("inline", "«S»"));
    let sink = Expander::new(base, payload).expand(form, c);
    // The base and the sink are inserted last, so that no text of theirs is
    // read as a hole.
    let command = around
        .split("«S»")
        .map(|part| part.replace("«B»", base))
        .collect::<Vec<_>>()
        .join(&sink);
    (name, command)
}
