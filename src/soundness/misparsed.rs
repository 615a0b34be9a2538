//! Classifiers of findings where the policy's parse misfiles what bash runs
//! (`INV-KNOWN-2`): a wrapper whose unit is an `ERROR` node (F-21), words
//! after a redirection (F-22), the rest of an unterminated here-document's
//! line (F-19's second shape), a here-document body's substitutions (F-8),
//! the commands before a timed function definition (F-23).

use super::classify::{core, judged_units, squeeze, GroundObservation};
use crate::policy::floor::{basename, INDIRECTION_NAMES};

/// F-21: what ran lies inside a judged unit that starts with a wrapper's
/// name (`time`, `timeout`, `env`, …) but carries no wrapper floor: the unit
/// is an `ERROR` node (an escaped blank before a here-document operator,
/// `time rm -rf x \ <<'EOF'`), and only `command` nodes are floored
/// (POL-FLOOR-1), so a rule matching the wrapper's text allowed it.
pub(super) fn unfloored_wrapper_in_an_error_unit(o: &GroundObservation<'_>) -> bool {
    let executed = core(&o.violation.text);
    !executed.is_empty()
        && judged_units(o).iter().any(|unit| {
            let text = squeeze(&unit.text);
            let name = text.split(' ').next().map(basename).unwrap_or_default();
            unit.wrapper_kind.is_none()
                && INDIRECTION_NAMES.contains(&name)
                && text != executed
                && text.contains(&executed)
        })
}

/// F-22: a judged unit ends where a redirection starts, and bash ran that
/// unit's command with more words than the unit holds: the words after the
/// redirection (`git >out push --force` is judged as `git`; the unit of
/// `echo a {fd}>out b` is `echo a {fd}`). POL-UNIT-4: words after a
/// redirection belong to the enclosing statement, not to the unit.
pub(super) fn words_after_a_redirection(o: &GroundObservation<'_>) -> bool {
    let executed = core(&o.violation.text);
    let executed: Vec<&str> = executed.split(' ').filter(|w| !w.is_empty()).collect();
    judged_units(o).iter().any(|unit| {
        let squeezed = squeeze(&unit.text);
        let mut words: Vec<&str> = squeezed.split(' ').filter(|w| !w.is_empty()).collect();
        // `{fd}>out`: the variable name ends the unit, the operator follows.
        if words
            .last()
            .is_some_and(|w| w.starts_with('{') && w.ends_with('}'))
        {
            words.pop();
        }
        let redirection_follows = o.command.match_indices(unit.text.as_str()).any(|(at, _)| {
            let rest = o.command.get(at + unit.text.len()..).unwrap_or_default();
            let rest = rest.trim_start_matches([' ', '\t']);
            let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
            rest.starts_with(['<', '>'])
        });
        !words.is_empty()
            && redirection_follows
            && executed.len() > words.len()
            && executed.starts_with(&words)
    })
}

/// F-19, when the parse puts the rest of the operator's line in no unit at
/// all (`cat <<-EOF || tail -30 && time ls` then a line with no delimiter:
/// the units are `cat` alone): what ran is on a here-document operator's
/// line, after the operator. The caller checks that the here-document is
/// unterminated.
pub(super) fn after_a_here_document_operator(o: &GroundObservation<'_>) -> bool {
    let executed = core(&o.violation.text);
    !executed.is_empty()
        && o.command.lines().any(|line| {
            line.match_indices("<<").any(|(at, _)| {
                let rest = line.get(at + 2..).unwrap_or_default();
                !rest.starts_with('<') && squeeze(rest).contains(&executed)
            })
        })
}

/// `text`'s words without redirections, as [`core`] reads them, over all
/// its lines: `x {fd}>out ls` gives `x ls`.
pub(super) fn without_redirections(text: &str) -> String {
    text.lines().map(core).collect::<Vec<_>>().join(" ")
}

/// F-8: what ran is the command of a substitution (`$(…)` or backquotes) on
/// a line after an unquoted here-document operator: bash expands the body,
/// the policy's parse never enters it (POL-UNIT-2).
pub(super) fn in_a_here_document_body(o: &GroundObservation<'_>) -> bool {
    let executed = core(&o.violation.text);
    let Some(first) = o.command.lines().position(|line| {
        line.match_indices("<<").any(|(at, _)| {
            let rest = line.get(at + 2..).unwrap_or_default();
            let rest = rest.trim_start_matches(['-', ' ', '\t']);
            !rest.starts_with(['<', '\'', '"', '\\']) && !rest.is_empty()
        })
    }) else {
        return false;
    };
    !executed.is_empty()
        && o.command.lines().skip(first + 1).any(|line| {
            let line = squeeze(line);
            line.contains(&format!("$({executed}")) || line.contains(&format!("`{executed}"))
        })
}

/// F-23: bash accepts `time` before a function definition (`time f() ( ls )`),
/// tree-sitter does not; its error recovery makes an `ERROR` unit of the
/// statement up to the definition (`(cat /etc/passwd && time f()`), and the
/// commands before it in that unit are units of nothing else. What ran lies
/// in such a unit, before a `time`.
pub(super) fn before_a_timed_function_definition(o: &GroundObservation<'_>) -> bool {
    let executed = core(&o.violation.text);
    // Or what ran is bash's rendering of the statement holding the timed
    // definition (`echo $( (time f() ( ls )) )`), which the damaged parse
    // judged in pieces.
    let rendered = o.violation.text.contains("time function ")
        && o.command.match_indices("time").any(|(at, _)| {
            let rest = o.command.get(at + 4..).unwrap_or_default();
            let rest = rest.trim_start_matches([' ', '\t']);
            let name = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            name > 0 && rest.get(name..).is_some_and(|r| r.starts_with("()"))
        });
    rendered
        || !executed.is_empty()
            && judged_units(o)
                .iter()
                .chain(&o.outcome.gate.units)
                .any(|unit| {
                    let text = squeeze(&unit.text);
                    text.ends_with("()")
                        && text
                            .rfind("time ")
                            .and_then(|at| text.get(..at))
                            .is_some_and(|before| before.contains(&executed))
                })
}
