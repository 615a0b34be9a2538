//! Classifiers of INV-GROUND violations, one per finding of `spec/findings.md`
//! (`INV-KNOWN-2`).

use super::{blind_spots, hidden, misparsed, respelled};
use crate::ground::{Execution, TRANSPARENT_WRAPPERS};
use crate::invariants::{
    check_siblings_judged_known, has_unterminated_here_document, GroundViolation,
};
use crate::pipeline::Outcome;
use crate::policy::check::{match_value, UNPARSEABLE_SENTINEL};
use crate::policy::{Policy, Unit};
use crate::verdict::PermissionState;

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

/// A finding and the test that recognizes its INV-GROUND instances.
#[derive(Debug, Clone, Copy)]
pub struct KnownGroundViolation {
    /// Its heading id in `spec/findings.md`.
    pub id: &'static str,
    /// True when the observation is an instance of this finding.
    pub applies: fn(&GroundObservation<'_>) -> bool,
}

/// The findings INV-GROUND violations are classified to, in order.
pub const KNOWN_GROUND_VIOLATIONS: &[KnownGroundViolation] = &[
    KnownGroundViolation {
        id: "A-1",
        applies: dewrapping_reparses,
    },
    KnownGroundViolation {
        id: "F-2",
        applies: misparsed::split_by_the_parser_only,
    },
    KnownGroundViolation {
        id: "F-3",
        applies: inside_a_compound_statement,
    },
    KnownGroundViolation {
        id: "F-4",
        applies: inside_a_negation,
    },
    KnownGroundViolation {
        id: "F-5",
        applies: inside_a_declaration_or_test,
    },
    KnownGroundViolation {
        id: "F-6",
        applies: inside_an_assignment,
    },
    KnownGroundViolation {
        id: "F-8",
        applies: misparsed::in_a_here_document_body,
    },
    KnownGroundViolation {
        id: "F-14",
        applies: name_computed_at_run_time,
    },
    KnownGroundViolation {
        id: "F-16",
        applies: nul_dropped_by_bash,
    },
    KnownGroundViolation {
        id: "F-18",
        applies: lone_backslash_unit,
    },
    KnownGroundViolation {
        id: "F-17",
        applies: bare_redirect,
    },
    KnownGroundViolation {
        id: "F-19",
        applies: unterminated_here_document,
    },
    KnownGroundViolation {
        id: "F-20",
        applies: earlier_lines_of_a_parse_error,
    },
    KnownGroundViolation {
        id: "F-21",
        applies: misparsed::unfloored_wrapper_in_an_error_unit,
    },
    KnownGroundViolation {
        id: "F-22",
        applies: misparsed::words_after_a_redirection,
    },
    KnownGroundViolation {
        id: "F-23",
        applies: misparsed::before_a_timed_function_definition,
    },
    KnownGroundViolation {
        id: "F-24",
        applies: misparsed::last_stage_before_a_final_backslash,
    },
    KnownGroundViolation {
        id: "F-25",
        applies: misparsed::in_a_list_ending_in_a_bare_negation,
    },
    KnownGroundViolation {
        id: "F-26",
        applies: misparsed::hidden_in_a_parser_only_comment,
    },
    KnownGroundViolation {
        id: "F-27",
        applies: misparsed::hidden_by_the_gates_trim,
    },
    KnownGroundViolation {
        id: "F-28",
        applies: misparsed::joined_across_a_newline,
    },
    KnownGroundViolation {
        id: "G-1",
        applies: blind_spots::judged_again_inside_its_parent,
    },
    KnownGroundViolation {
        id: "G-2",
        applies: blind_spots::not_a_program,
    },
    // Before G-3, which would also claim it: G-6 is a blind spot under
    // the hardened profile too, G-3 is not.
    KnownGroundViolation {
        id: "G-6",
        applies: blind_spots::a_substitution_rendered_by_bash,
    },
    KnownGroundViolation {
        id: "G-3",
        applies: blind_spots::judged_in_another_spelling,
    },
    KnownGroundViolation {
        id: "G-4",
        applies: blind_spots::the_oracles_own_trap,
    },
    KnownGroundViolation {
        id: "G-5",
        applies: blind_spots::a_wrapper_with_nothing_to_run,
    },
    // The families of bash constructs (GEN-FAM-15): tried after every other
    // finding, so that they claim only what no earlier cause explains.
    KnownGroundViolation {
        id: "G-7",
        applies: respelled::parent_of_an_uncovered_substitution,
    },
    KnownGroundViolation {
        id: "G-8",
        applies: respelled::program_of_an_expanded_unit,
    },
    KnownGroundViolation {
        id: "F-34",
        applies: hidden::name_rebound_by_a_command_table,
    },
    KnownGroundViolation {
        id: "F-29",
        applies: hidden::backquotes_read_as_text,
    },
    KnownGroundViolation {
        id: "F-32",
        applies: hidden::quoted_subscript_of_a_name,
    },
    KnownGroundViolation {
        id: "F-31",
        applies: hidden::quoted_subscript_evaluated_as_arithmetic,
    },
    KnownGroundViolation {
        id: "F-33",
        applies: hidden::expanded_as_a_prompt,
    },
    KnownGroundViolation {
        id: "F-30",
        applies: hidden::substitution_in_an_expansion_operand,
    },
    KnownGroundViolation {
        id: "F-35",
        applies: hidden::list_after_a_here_document_operator,
    },
    KnownGroundViolation {
        id: "F-13",
        applies: hidden::script_of_a_shell_on_a_stream,
    },
    KnownGroundViolation {
        id: "F-10",
        applies: hidden::run_by_a_builtin,
    },
    KnownGroundViolation {
        id: "F-14",
        applies: hidden::program_name_computed,
    },
    KnownGroundViolation {
        id: "F-11",
        applies: hidden::program_spelled_differently,
    },
    KnownGroundViolation {
        id: "F-36",
        applies: respelled::words_spelled_differently,
    },
    KnownGroundViolation {
        id: "F-6",
        applies: hidden::in_an_array_assignment,
    },
    KnownGroundViolation {
        id: "F-5",
        applies: hidden::in_a_test_command,
    },
    KnownGroundViolation {
        id: "F-37",
        applies: hidden::parse_joined_or_split_by_a_word,
    },
    KnownGroundViolation {
        id: "F-7",
        applies: hidden::substitution_in_a_redirection,
    },
    KnownGroundViolation {
        id: "F-8",
        applies: hidden::in_an_unquoted_here_document_body,
    },
];

/// The finding `observed` is an instance of, if any (`INV-KNOWN-2`).
#[must_use]
pub fn classify(observed: &GroundObservation<'_>) -> Option<&'static str> {
    KNOWN_GROUND_VIOLATIONS
        .iter()
        .find(|known| (known.applies)(observed))
        .map(|known| known.id)
}

/// the authorizer allowed, and that allow is itself an INV-9 violation
/// that INV-KNOWN-1 classifies as A-1 (the inner command, in command
/// position, re-parsed the de-wrapped command).
fn dewrapping_reparses(o: &GroundObservation<'_>) -> bool {
    let (Some(decision), Some(details)) = (&o.outcome.authorizer, &o.outcome.details) else {
        return false;
    };
    check_siblings_judged_known(details, o.policy, decision) == Ok(Some("A-1"))
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
                || misparsed::runs_in(o, &unit.text))
    })
}

/// F-3: what ran is part of a compound statement (`{ }`, `if`, `for`,
/// `while`, `until`, `select`, `case`, a function definition) that the policy
/// judged as one unit of its whole text and never entered (POL-UNIT-7).
fn inside_a_compound_statement(o: &GroundObservation<'_>) -> bool {
    const OPENERS: &[&str] = &[
        "{", "if", "for", "while", "until", "select", "case", "function",
    ];
    inside_unit_starting_with(o, OPENERS) || inside_function_definition(o)
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
fn inside_a_negation(o: &GroundObservation<'_>) -> bool {
    inside_unit_starting_with(o, &["!", "coproc"])
}

/// F-5: what ran is a substitution inside a declaration, `[[ ]]` or `(( ))`
/// judged whole.
fn inside_a_declaration_or_test(o: &GroundObservation<'_>) -> bool {
    inside_unit_starting_with(
        o,
        &[
            "declare", "export", "readonly", "local", "typeset", "[[", "((",
        ],
    )
}

/// F-6: what ran is a substitution inside a statement-level assignment
/// (`x=$(…)`, `` x=`…` ``) judged as one unit.
fn inside_an_assignment(o: &GroundObservation<'_>) -> bool {
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
                || misparsed::without_redirections(&text).contains(&executed)
                || misparsed::runs_in(o, &unit.text))
    })
}

/// F-14: what ran is a command whose name comes from a substitution or a
/// variable (`timeout 2d $(ls)`: the stub ran whatever `ls` printed), judged
/// as a unit starting with `$` or a backquote.
fn name_computed_at_run_time(o: &GroundObservation<'_>) -> bool {
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
fn nul_dropped_by_bash(o: &GroundObservation<'_>) -> bool {
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
fn lone_backslash_unit(o: &GroundObservation<'_>) -> bool {
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
    for word in first.split([' ', '\t']).filter(|w| !w.is_empty()) {
        if skip_next {
            skip_next = false;
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
            continue;
        }
        words.push(word);
    }
    words.join(" ")
}

/// F-19: the command holds a here-document whose delimiter line never comes:
/// bash reads the rest of the line as the command (and warns), the policy's
/// parse makes it one unit starting with `<<` or puts it in the unit of an
/// enclosing statement.
fn unterminated_here_document(o: &GroundObservation<'_>) -> bool {
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
fn bare_redirect(o: &GroundObservation<'_>) -> bool {
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
fn earlier_lines_of_a_parse_error(o: &GroundObservation<'_>) -> bool {
    let executed = core(&o.violation.text);
    !executed.is_empty()
        && judged_units(o).iter().any(|u| {
            u.text.contains('\n')
                && squeeze(&u.text) != executed
                && u.text.lines().any(|line| squeeze(line).contains(&executed))
                && crate::invariants::known::parse_has_error(&u.text)
        })
}

/// The length of the shell name (`[A-Za-z0-9_]+`) `text` starts with.
fn leading_name_len(text: &str) -> usize {
    text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len())
}
