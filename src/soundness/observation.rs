//! What a classifier looks at: one INV-GROUND violation of an allowed
//! pair, and the text helpers every classifier file shares (their one home,
//! so that the classifier files import it and not each other).

use crate::ground::Execution;
use crate::invariants::GroundViolation;
use crate::pipeline::Outcome;
use crate::policy::{Policy, Unit};

/// One INV-GROUND violation of an allowed pair.
#[derive(Debug, Clone, Copy)]
pub struct GroundObservation<'a> {
    /// The policy.
    pub policy: &'a Policy,
    /// The command the pipeline allowed.
    pub command: &'a str,
    /// What the pipeline decided, and why.
    pub outcome: &'a Outcome,
    /// What bash ran.
    pub execution: &'a Execution,
    /// The first executed command the policy does not allow.
    pub violation: &'a GroundViolation,
}

/// The units whose judgement allowed the command: the re-query's when the
/// authorizer decided, else the gate's.
pub(super) fn judged_units<'a>(o: &GroundObservation<'a>) -> &'a [Unit] {
    match o.outcome.requeries.last() {
        Some(requery) if o.outcome.authorizer.is_some() => &requery.units,
        _ => &o.outcome.gate.units,
    }
}

/// `text` with every run of blanks (space, tab, newline) made one space.
pub(super) fn squeeze(text: &str) -> String {
    text.replace("\\\n", " ")
        .split([' ', '\t', '\n'])
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first line of an executed text, blanks squeezed, without its
/// redirections (bash renders them after the words, a here-document with its
/// body): the command and its arguments.
pub(super) fn core(text: &str) -> String {
    // The checker writes an argv with blank arguments (an escaped blank of
    // the command, `cat 'a b' \ `) as `' '`; the command's own words lack
    // them (F-18), so they are left out here.
    let text = text.replace(" ' '", "").replace(" '\t'", "");
    let first = text.replace("\\\n", " ");
    let first = first.split('\n').next().unwrap_or_default();
    let mut words = Vec::new();
    let mut skip_next = false;
    // A quote a skipped target opened and has not closed (`< y='rm -rf
    // x'`): its words are the target's too.
    let mut open_quote: Option<char> = None;
    let unbalanced = |word: &str| {
        ['\'', '"']
            .into_iter()
            .find(|q| word.matches(*q).count() % 2 == 1)
    };
    for word in first.split([' ', '\t']).filter(|w| !w.is_empty()) {
        if let Some(quote) = open_quote {
            if word.matches(quote).count() % 2 == 1 {
                open_quote = None;
            }
            continue;
        }
        if skip_next {
            skip_next = false;
            open_quote = unbalanced(word);
            continue;
        }
        if let Some(at) = word.find(['<', '>']) {
            // bash ends a word at `<` or `>` (`10m{fd}>out` is the word
            // `10m{fd}` and a redirection); the part before it is a word
            // unless it names the redirection's fd (`2>`, `{fd}>`).
            let before = word.get(..at).unwrap_or_default();
            let names_fd = before.bytes().all(|b| b.is_ascii_digit())
                || (before.starts_with('{') && before.ends_with('}'));
            if !names_fd {
                words.push(before);
            }
            // `> out` names its target in the next word; `>out` in this one.
            skip_next = word.ends_with(['<', '>', '&']) || word.ends_with("<<-");
            if !skip_next {
                open_quote = unbalanced(word.get(at..).unwrap_or_default());
            }
            continue;
        }
        words.push(word);
    }
    words.join(" ")
}
