//! What bash started by its words after expansion, seen in the real mode
//! (`INV-GROUND-10`, `INV-KNOWN-2`): a program whose name the command
//! spells otherwise (F-11), a brace (F-37), bash's `exec -a` (F-10).

use super::observation::GroundObservation;
use super::programs::{base, traced};
use crate::ground::Traced;
use crate::policy::floor::SHELL_NAMES;

/// What bash started directly, by its words after expansion, whose record
/// (the words as written) the policy allows: the bash command's text and
/// the program's argv, when every process above it is a shell.
fn expanded_words<'a>(o: &GroundObservation<'a>) -> Option<(&'a str, &'a Traced)> {
    let program = traced(o)?;
    let direct = program
        .parents
        .iter()
        .all(|p| SHELL_NAMES.contains(&p.argv.first().map_or("", |a| base(a))));
    if !direct
        || program
            .replaced
            .as_ref()
            .is_some_and(|r| !SHELL_NAMES.contains(&r.first().map_or("", |a| base(a))))
    {
        return None;
    }
    // A failed exec has no record of its own: bash's command that names
    // the program as it tried it, or by a spelling bash expanded (`~+/…`)
    // with the same basename and the same arguments, is.
    let record = program.record.or_else(|| {
        let tried = program.argv.first().map_or("", String::as_str);
        o.execution.commands.iter().position(|c| {
            let mut words = c.text.split([' ', '\t']).filter(|w| !w.is_empty());
            let first = words.next().unwrap_or_default();
            first == tried
                || (base(first) == base(tried)
                    && words.eq(program.argv.iter().skip(1).map(String::as_str)))
        })
    })?;
    let text = o.execution.commands.get(record)?.text.as_str();
    (o.policy.advisory(text).state == crate::verdict::PermissionState::Allow)
        .then_some((text, program))
}

/// F-37 in the real mode: bash started, by a brace expansion of the words
/// as written (`rm {-rf,} x`), a program the policy refuses.
pub(super) fn expanded_by_a_brace(o: &GroundObservation<'_>) -> bool {
    expanded_words(o).is_some_and(|(text, _)| text.contains('{') && text.contains(','))
}

/// F-10 in the real mode: bash's `exec -a NAME` started the program under
/// a name that is not its file's (`exec -a x git push`), and the policy
/// judged the builtin's text, which a rule allows; the program, judged by
/// its file, is refused.
pub(super) fn renamed_by_exec(o: &GroundObservation<'_>) -> bool {
    traced(o).is_some_and(|program| {
        program.renamed().is_some()
            && program
                .record
                .and_then(|r| o.execution.commands.get(r))
                .is_some_and(|record| {
                    // `exec`, then its options up to the program: `-a`
                    // alone or in a cluster (`-la x`, `-c -a x`).
                    let mut words = record.text.split_whitespace();
                    words.next() == Some("exec")
                        && words
                            .take_while(|w| w.starts_with('-'))
                            .any(|w| w.contains('a'))
                })
    })
}

/// F-11 in the real mode: bash started a program whose name is written
/// otherwise (`/usr/bin/../bin/cargo publish`), which the policy refuses
/// by its name.
pub(super) fn program_named_otherwise(o: &GroundObservation<'_>) -> bool {
    expanded_words(o).is_some_and(|(text, program)| {
        let written = text.split([' ', '\t']).next().unwrap_or_default();
        let started = program.argv.first().map_or("", |a| base(a));
        written != started && base(written) == started
    })
}
