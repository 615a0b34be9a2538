//! Classifiers of INV-GROUND violations, one per finding of `spec/findings.md`
//! (`INV-KNOWN-2`); their order is the table of `known.rs`.

use super::observation::{core, judged_units, squeeze, GroundObservation};
use super::{blind_spots, misparsed};
use crate::findings::{check_siblings_judged_known, has_unterminated_here_document};
use crate::ground::TRANSPARENT_WRAPPERS;
use crate::invariants::TracedRecord;
use crate::policy::check::{match_value, UNPARSEABLE_SENTINEL};

use crate::verdict::PermissionState;

/// the authorizer allowed, and that allow is itself an INV-9 violation
/// that INV-KNOWN-1 classifies as A-1 (the inner command, in command
/// position, re-parsed the de-wrapped command).
pub(super) fn dewrapping_reparses(o: &GroundObservation<'_>) -> bool {
    let (Some(decision), Some(details)) = (&o.outcome.authorizer, &o.outcome.details) else {
        return false;
    };
    check_siblings_judged_known(details, o.policy, decision) == Ok(Some("A-1"))
}

/// The executed command's text (blanks squeezed) occurs inside a judged unit
/// whose text starts with one of `openers` (a word, or a prefix when it ends
/// with a non-letter).
fn inside_unit_starting_with(o: &GroundObservation<'_>, openers: &[&str]) -> bool {
    let executed = core(&o.violation.text);
    if executed.is_empty() {
        return false;
    }
    let unquoted = executed.replace('\'', "");
    // The gate judged the trimmed command; bash got what the trim removed
    // as a last argument (`time ! ls <U+1680>`).
    let trimmed_away = (crate::ecma::trim(o.command).len() < o.command.len())
        .then(|| squeeze(crate::ecma::trim(&executed)))
        .filter(|trimmed| !trimmed.is_empty() && *trimmed != executed);
    // A program judged by its argv after expansion (`cat .env` from `for f
    // in .en[v]; do cat "$f"; done`): bash's record of the command that
    // started it is its text as written.
    let recorded = o
        .violation
        .traced
        .and_then(|_| o.execution.commands.get(o.violation.index))
        .map(|record| squeeze(&record.text))
        .filter(|text| !text.is_empty() && *text != executed);
    judged_units(o).iter().any(|unit| {
        let text = squeeze(&unit.text);
        let opens = openers.iter().any(|opener| {
            text.strip_prefix(opener).is_some_and(|rest| {
                !opener.ends_with(|c: char| c.is_ascii_alphabetic())
                    || rest.is_empty()
                    || rest.starts_with([' ', ';'])
            })
        });
        // bash renders redirections after the words (`ls {fd}> out`).
        let words_only = misparsed::without_redirections(&text);
        opens
            && text != executed
            && (text.contains(&executed)
                || text.contains(&unquoted)
                || words_only.contains(&executed)
                || trimmed_away
                    .as_ref()
                    .is_some_and(|trimmed| text.contains(trimmed))
                || recorded.as_ref().is_some_and(|r| text.contains(r))
                || misparsed::runs_in(o, &unit.text))
    })
}

/// F-3: what ran is part of a compound statement (`{ }`, `if`, `for`,
/// `while`, `until`, `select`, `case`, a function definition) that the policy
/// judged as one unit of its whole text and never entered (POL-UNIT-7).
pub(super) fn inside_a_compound_statement(o: &GroundObservation<'_>) -> bool {
    const OPENERS: &[&str] = &[
        "{", "if", "for", "while", "until", "select", "case", "function",
    ];
    inside_unit_starting_with(o, OPENERS) || inside_function_definition(o)
}

/// F-49: what ran is inside a compound command followed by a redirection
/// to a named descriptor (`( wc -l x ) {fd}>out`): bash accepts it, the
/// parser reads `{fd}` as a command after a missing `;` and makes the whole
/// statement one `ERROR` unit (POL-UNIT-7), never entered. Tried before
/// F-3, whose braces and loops are never entered either way: the named
/// descriptor is the narrower cause, and the only one for a subshell.
pub(super) fn before_a_named_descriptor(o: &GroundObservation<'_>) -> bool {
    const OPENERS: &[&str] = &["(", "{", "if", "for", "while", "until", "select", "case"];
    inside_unit_starting_with(o, OPENERS)
        && judged_units(o)
            .iter()
            .any(|unit| named_descriptor_after_a_compound(&squeeze(&unit.text)))
}

/// Whether `text` holds `{NAME}` followed by a redirection operator right
/// after the end of a compound command (`)`, `}`, `done`, `fi`, `esac`).
fn named_descriptor_after_a_compound(text: &str) -> bool {
    text.match_indices(" {").any(|(at, _)| {
        let before = text.get(..at).unwrap_or_default();
        let closes = [")", "}", "done", "fi", "esac"]
            .iter()
            .any(|close| before.ends_with(close));
        let after = text.get(at + 2..).unwrap_or_default();
        let name_len = leading_name_len(after);
        closes
            && name_len > 0
            && !after.starts_with(|c: char| c.is_ascii_digit())
            && after
                .get(name_len..)
                .is_some_and(|rest| rest.starts_with("}>") || rest.starts_with("}<"))
    })
}

/// A judged unit `name() …` (a function definition) holds what ran.
fn inside_function_definition(o: &GroundObservation<'_>) -> bool {
    let executed = core(&o.violation.text);
    judged_units(o).iter().any(|unit| {
        let text = squeeze(&unit.text);
        let name_len = leading_name_len(&text);
        name_len > 0
            && text
                .get(name_len..)
                .is_some_and(|r| r.starts_with("()") || r.starts_with(" ()"))
            && (text.contains(&executed)
                || executed.starts_with(text.get(..name_len).unwrap_or("")))
    })
}

/// F-4: what ran is the command of a `!` negation or a `coproc` judged whole.
pub(super) fn inside_a_negation(o: &GroundObservation<'_>) -> bool {
    inside_unit_starting_with(o, &["!", "coproc"])
}

/// F-5: what ran is a substitution inside a declaration, `[[ ]]` or `(( ))`
/// judged whole.
pub(super) fn inside_a_declaration_or_test(o: &GroundObservation<'_>) -> bool {
    inside_unit_starting_with(
        o,
        &[
            "declare", "export", "readonly", "local", "typeset", "[[", "((",
        ],
    )
}

/// F-6: what ran is a substitution inside a statement-level assignment
/// (`x=$(…)`, `` x=`…` ``) judged as one unit.
pub(super) fn inside_an_assignment(o: &GroundObservation<'_>) -> bool {
    let executed = core(&o.violation.text);
    judged_units(o).iter().any(|unit| {
        let text = squeeze(&unit.text);
        let name_len = leading_name_len(&text);
        name_len > 0
            && text.get(name_len..).is_some_and(|r| r.starts_with('='))
            // A single-quoted value runs nothing when assigned (`x='a[$(cmd)]'`
            // runs `cmd` only when arithmetic reads it: F-31).
            && !text.get(name_len + 1..).is_some_and(|value| value.starts_with('\''))
            && ["$(", "`", "<(", ">("].iter().any(|s| text.contains(s))
            && text != executed
            // A wrapper's inner command is recorded shell-quoted (`'{'`);
            // bash renders redirections after the words (`ls {fd}> out`).
            && (text.contains(&executed)
                || text.contains(&executed.replace('\'', ""))
                // Quotes aside on both sides: a program's argv is rendered
                // quoted only where a word needs it (`npm test 'aaa'` ran
                // as `npm test aaa`).
                || text.replace(['\'', '"'], "").contains(&executed.replace('\'', ""))
                || misparsed::without_redirections(&text).contains(&executed)
                || misparsed::runs_in(o, &unit.text))
    })
}

/// F-14: what ran is a command whose name comes from a substitution or a
/// variable (`timeout 2d $(ls)`: the stub ran whatever `ls` printed), judged
/// as a unit starting with `$` or a backquote.
pub(super) fn name_computed_at_run_time(o: &GroundObservation<'_>) -> bool {
    let executed = squeeze(&o.violation.text);
    let computed = judged_units(o)
        .iter()
        .map(|unit| match_value(&unit.text))
        .filter(|value| value.starts_with(['$', '`']))
        .collect::<Vec<_>>();
    // A wrapper whose inner command was computed and came out empty ran
    // alone (`timeout 1.5h `ls`` in an empty directory runs `timeout`).
    let bare_wrapper = TRANSPARENT_WRAPPERS.contains(&executed.as_str());
    computed
        .iter()
        .any(|value| bare_wrapper || executed.contains(&squeeze(value)))
}

/// F-16: the command holds a NUL, which bash drops (it reads the command on
/// its standard input) while the policy's parse ends a word or a string at
/// it; with the NULs removed, a judged unit holds what ran.
pub(super) fn nul_dropped_by_bash(o: &GroundObservation<'_>) -> bool {
    if !o.command.contains('\0') {
        return false;
    }
    let executed = squeeze(&o.violation.text);
    judged_units(o)
        .iter()
        .any(|unit| squeeze(&unit.text.replace('\0', "")).contains(&executed))
        || squeeze(&o.command.replace('\0', "")).contains(&executed)
        || blind_spots::failing_units_judged_elsewhere(o, |text| text.replace('\0', ""))
}

/// F-18: the only units of what ran that the policy does not allow are
/// `ERROR` units made of a lone backslash and blanks (`cat x \` then a blank).
pub(super) fn lone_backslash_unit(o: &GroundObservation<'_>) -> bool {
    let decisions = o.policy.unit_decisions(&o.violation.check);
    let failing: Vec<_> = decisions
        .iter()
        .filter(|d| d.floored || d.state != PermissionState::Allow)
        .collect();
    let lone = |text: &str| text.trim_matches([' ', '\t', '\n']) == "\\";
    if !failing.is_empty() && failing.iter().all(|d| lone(&d.unit.text)) {
        return true;
    }
    // What ran is a judged unit followed by the backslash (bash renders an
    // escaped blank or a final backslash as its own word), and the judged
    // command had its lone-backslash unit.
    let units = judged_units(o);
    let stripped = squeeze(
        o.violation
            .text
            .trim_end_matches(['\\', ' ', '\t', '\n'])
            .trim_end_matches(['\\', ' ', '\t']),
    );
    if units.iter().any(|u| lone(&u.text))
        && units
            .iter()
            .any(|u| squeeze(&match_value(&u.text)) == stripped)
    {
        return true;
    }
    // Beside a sibling: the parser skipped the escaped blank after a judged
    // unit (`cat 'a b' \<TAB>` then a newline), bash gave it to the command
    // as a last argument, rendered `\<TAB>`.
    let record = o.violation.text.trim_end_matches('\n');
    if (record.ends_with("\\ ") || record.ends_with("\\\t"))
        && units.iter().any(|u| {
            squeeze(&match_value(&u.text)) == stripped
                && o.command.match_indices(u.text.as_str()).any(|(at, _)| {
                    let rest = o.command.get(at + u.text.len()..).unwrap_or_default();
                    let rest = rest.trim_start_matches([' ', '\t']);
                    rest.starts_with("\\ ") || rest.starts_with("\\\t")
                })
        })
    {
        return true;
    }
    // The checker judged the stub's argv (its rendering does not parse,
    // INV-GROUND-7): the escaped blank is a blank argument (`cat 'a b' ' '`)
    // that no judged unit holds; without it, what ran is a judged unit.
    let blank_argument = o
        .execution
        .commands
        .get(o.violation.index)
        .and_then(|c| c.argv.as_ref())
        .and_then(|argv| argv.last())
        .is_some_and(|last| !last.is_empty() && last.chars().all(|c| c == ' ' || c == '\t'));
    let escaped_blank = o.command.contains("\\ ") || o.command.contains("\\\t");
    let executed = core(&o.violation.text);
    blank_argument
        && escaped_blank
        && units
            .iter()
            .any(|u| squeeze(&match_value(&u.text)) == executed)
}

/// F-19: the command holds a here-document whose delimiter line never comes:
/// bash reads the rest of the line as the command (and warns), the policy's
/// parse makes it one unit starting with `<<` or puts it in the unit of an
/// enclosing statement.
pub(super) fn unterminated_here_document(o: &GroundObservation<'_>) -> bool {
    if !has_unterminated_here_document(o.command) {
        return false;
    }
    let executed = core(&o.violation.text);
    // `core` reads `>(…)` as a redirection; the whole record counts too.
    let whole = squeeze(&o.violation.text);
    // A wrapper's inner command is recorded shell-quoted (`'{' ls`).
    let unquoted = executed.replace('\'', "");
    o.violation.text.contains("<<")
        || judged_units(o).iter().any(|u| {
            let text = squeeze(&u.text);
            u.text.contains("<<")
                && (text.contains(&executed)
                    || text.contains(&whole)
                    || text.contains(&unquoted)
                    || misparsed::without_redirections(&u.text).contains(&executed)
                    || misparsed::runs_in(o, &u.text))
        })
        || misparsed::after_a_here_document_operator(o)
}

/// F-17: what ran is a bare redirect (`<<< in`, `> out`): no units, answered
/// `ask` as unparseable (POL-CHECK-6) when judged alone, but judged by nobody
/// inside the command the pipeline allowed.
pub(super) fn bare_redirect(o: &GroundObservation<'_>) -> bool {
    let check = &o.violation.check;
    let text = o
        .violation
        .text
        .trim_start_matches(|c: char| c.is_ascii_digit());
    check.units.is_empty()
        && check.matched_pattern.as_deref() == Some(UNPARSEABLE_SENTINEL)
        && text.starts_with(['<', '>'])
}

/// F-20: the policy's parse turned several lines into one `ERROR` unit (a
/// syntax error on a later line), while bash runs the lines before the
/// error one by one: what ran lies on an earlier line of that unit. (A
/// unit over several lines that parses without error is F-28's.)
pub(super) fn earlier_lines_of_a_parse_error(o: &GroundObservation<'_>) -> bool {
    let executed = core(&o.violation.text);
    !executed.is_empty()
        && judged_units(o).iter().any(|u| {
            u.text.contains('\n')
                && squeeze(&u.text) != executed
                && u.text.lines().any(|line| squeeze(line).contains(&executed))
                && crate::findings::parse_has_error(&u.text)
        })
}

/// The length of the shell name (`[A-Za-z0-9_]+`) `text` starts with.
fn leading_name_len(text: &str) -> usize {
    text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len())
}

/// F-40: the violation is a file a program opened (`INV-GROUND-11`), not
/// an exec: the text of the program responsible for it is allowed on its
/// own, the same text with the file's absolute path appended is denied,
/// and neither a judged unit nor the program's own words after expansion
/// hold that path, so the file came from no word (a path relative to a
/// directory an earlier unit entered, or one the program built). A word
/// that spells the path so that no rule matches (`cat ~/.ss''h/id_rsa`,
/// F-36) names it after expansion: not claimed.
pub(super) fn opened_file_not_in_the_words(o: &GroundObservation<'_>) -> bool {
    let Some(TracedRecord::Opened(index)) = o.violation.traced else {
        return false;
    };
    let Some(opened) = usize::try_from(index)
        .ok()
        .and_then(|i| o.execution.opened.get(i))
    else {
        return false;
    };
    let absolute = crate::shell_quote::shell_quote(&opened.path);
    // The violation's text is the responsible program's text, a space and
    // one form of the file.
    let forms = [absolute.clone()].into_iter().chain(
        o.violation
            .text
            .rsplit_once(' ')
            .map(|(_, last)| last.to_owned()),
    );
    let Some(base) = forms
        .filter_map(|form| o.violation.text.strip_suffix(&format!(" {form}")))
        .next()
    else {
        return false;
    };
    let allows = |text: &str| o.policy.advisory(text).state == PermissionState::Allow;
    allows(base)
        && !base.contains(opened.path.as_str())
        && !allows(&format!("{base} {absolute}"))
        && !judged_units(o)
            .iter()
            .any(|unit| unit.text.contains(opened.path.as_str()))
}
