//! Classifiers of findings where the policy's parse misfiles what bash runs
//! (`INV-KNOWN-2`): a wrapper whose unit is an `ERROR` node (F-21), words
//! after a redirection (F-22), the rest of an unterminated here-document's
//! line (F-19's second shape), a here-document body's substitutions (F-8),
//! the commands before a timed function definition (F-23), a comment only
//! the parser reads (F-26, F-27), a newline read as a blank (F-28).

use super::blind_spots::{argv_is, bare, same_argv};
use super::observation::{core, judged_units, squeeze, GroundObservation};
use crate::ground::literal_words;
use crate::policy::floor::{basename, INDIRECTION_NAMES};

/// F-21: what ran lies inside a judged unit that starts with a wrapper's
/// name (`time`, `timeout`, `env`, …) but carries no wrapper floor: the unit
/// is an `ERROR` node (an escaped blank before a here-document operator,
/// `time rm -rf x \ <<'EOF'`), and only `command` nodes are floored
/// (POL-FLOOR-1), so a rule matching the wrapper's text allowed it.
/// What ran is found in the unit's text, or its argv is a run of the
/// unit's literal words after the first (`timeout -k 5 5s xargs -I{} cat 'a b'
/// \ <<` holds the `xargs` that ran, quoted differently).
pub(super) fn unfloored_wrapper_in_an_error_unit(o: &GroundObservation<'_>) -> bool {
    let executed = core(&o.violation.text);
    !executed.is_empty()
        && judged_units(o).iter().any(|unit| {
            let text = squeeze(&unit.text);
            let name = text.split(' ').next().map(basename).unwrap_or_default();
            let holds_what_ran = (text != executed && text.contains(&executed))
                || literal_words(&unit.text)
                    .is_some_and(|words| words.get(1..).is_some_and(|rest| holds_argv(o, rest)));
            unit.wrapper_kind.is_none() && INDIRECTION_NAMES.contains(&name) && holds_what_ran
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
        // A negated unit (`! git push {fd}`, F-4's shape): bash runs the
        // command after the `!`.
        while words.first() == Some(&"!") {
            words.remove(0);
        }
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
    // A command runner's inner command (`$( su -c 'cat .env' )` runs `sh
    // -c 'cat .env'`) is in the body by its runner's text.
    let record = o.execution.commands.get(o.violation.index);
    let runner = match record.map(|r| &r.origin) {
        Some(crate::ground::Origin::WrapperInner { wrapper }) => o.execution.commands.get(*wrapper),
        _ => None,
    };
    std::iter::once(core(&o.violation.text))
        .chain(runner.map(|r| core(&r.text)))
        .any(|executed| in_a_here_document_body_as(o, &executed))
}

fn in_a_here_document_body_as(o: &GroundObservation<'_>, executed: &str) -> bool {
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
            // `$( sed …` as the families place it, a blank after `$(`.
            line.contains(&format!("$({executed}"))
                || line.contains(&format!("$( {executed}"))
                || line.contains(&format!("`{executed}"))
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

/// Whether what ran is a program whose argv is a run of consecutive literal
/// words of one stage of `text` (a stage starts at the text's start or after
/// `|`, `;`, `&`, `(` or a backquote): `<<-EOF | env FOO=1 cat 'a b' \` holds the `env`
/// that ran, and the `cat` its stub ran. A final backslash is a literal
/// argument to bash (`'\'`).
pub(super) fn runs_in(o: &GroundObservation<'_>, text: &str) -> bool {
    let trimmed = text.trim_end_matches([' ', '\t', '\n']);
    let text = match trimmed.strip_suffix('\\') {
        Some(rest) if !rest.ends_with('\\') => format!("{rest}'\\'"),
        _ => trimmed.to_owned(),
    };
    // A backquoted substitution is a stage too (`x=`xargs cat \<TAB>``).
    let text = text.replace('`', ";");
    let starts = std::iter::once(0).chain(
        text.match_indices(['|', ';', '&', '('])
            .map(|(at, op)| at + op.len()),
    );
    starts
        .filter_map(|at| text.get(at..).and_then(literal_words))
        .any(|words| holds_argv(o, &words))
}

/// Whether a run of consecutive `words` is the argv of what ran.
fn holds_argv(o: &GroundObservation<'_>, words: &[String]) -> bool {
    (0..words.len()).any(|from| {
        (from + 1..=words.len()).any(|to| words.get(from..to).is_some_and(|run| same_argv(o, run)))
    })
}

/// F-24: the command ends in a backslash, and what ran is a stage of a
/// judged unit that starts with `|` and ends in that backslash: the last
/// stage of a pipeline of three or more, which tree-sitter's recovery makes
/// one `ERROR` unit with its pipe (`| rm -rf x \`), matched as text.
pub(super) fn last_stage_before_a_final_backslash(o: &GroundObservation<'_>) -> bool {
    let ends_in_backslash = |text: &str| text.trim_end_matches([' ', '\t', '\n']).ends_with('\\');
    ends_in_backslash(o.command)
        && judged_units(o).iter().any(|unit| {
            let text = unit.text.trim_start_matches([' ', '\t', '\n']);
            let executed = core(&o.violation.text);
            text.starts_with('|')
                && ends_in_backslash(text)
                && (runs_in(o, text) || (!executed.is_empty() && squeeze(text).contains(&executed)))
        })
}

/// F-25: the command ends in a `!` with nothing to negate, and what ran lies
/// in a judged unit ending in that `!`: bash runs the list, tree-sitter's
/// recovery made it one `ERROR` unit, matched as text.
pub(super) fn in_a_list_ending_in_a_bare_negation(o: &GroundObservation<'_>) -> bool {
    let ends_in_bang = |text: &str| {
        text.trim_end_matches([' ', '\t', '\n'])
            .strip_suffix('!')
            .is_some_and(|rest| {
                rest.trim_end_matches([' ', '\t'])
                    .ends_with([';', '&', '|'])
            })
    };
    let record = squeeze(&o.violation.text);
    ends_in_bang(o.command)
        && judged_units(o).iter().any(|unit| {
            let text = squeeze(&unit.text);
            // The unit is more than the record and its `; !` (that one is
            // judged, in another spelling: G-3).
            let list = text
                .trim_end_matches('!')
                .trim_end_matches([' ', ';', '&', '|']);
            // bash renders a function definition over lines (`function f
            // () ⏎{ …`): compared bare, as G-3 compares renderings.
            let rendered =
                !record.is_empty() && bare(&unit.text).contains(&bare(&o.violation.text));
            ends_in_bang(&unit.text)
                && list != record
                && ((!record.is_empty() && text.contains(&record))
                    || rendered
                    || runs_in(o, &unit.text))
        })
}

/// F-26: the command has a `#` right after a CR, VT or FF, which starts a
/// comment for tree-sitter (it separates words there) but not for bash (the
/// `#` is part of a word), and what ran is hidden in that comment: the
/// record holds the `#` word, or its command lies in the rest of that line.
pub(super) fn hidden_in_a_parser_only_comment(o: &GroundObservation<'_>) -> bool {
    const STARTS: [&str; 3] = ["\r#", "\u{b}#", "\u{c}#"];
    if !STARTS.iter().any(|start| o.command.contains(start)) {
        return false;
    }
    let executed = core(&o.violation.text);
    let holds_the_word = STARTS.iter().any(|start| o.violation.text.contains(start));
    holds_the_word
        || o.command.lines().any(|line| {
            STARTS.iter().any(|start| {
                line.match_indices(start).any(|(at, _)| {
                    let rest = line.get(at + start.len()..).unwrap_or_default();
                    (!executed.is_empty() && squeeze(rest).contains(&executed)) || runs_in(o, rest)
                })
            })
        })
}

/// F-27: the gate's trim (ECMA-4) removed leading characters bash does
/// not skip (anything but space, tab and newline), and left a `#` first:
/// the gate parsed a comment line, bash a first word holding the `#` and a
/// line that goes on. What ran lies on that first line.
pub(super) fn hidden_by_the_gates_trim(o: &GroundObservation<'_>) -> bool {
    let trimmed = crate::ecma::trim(o.command);
    if !trimmed.starts_with('#') {
        return false;
    }
    // `trimmed` starts with `#`, which trim never removes: its first
    // occurrence is where the removed prefix ends.
    let removed = o.command.find(trimmed).map_or("", |at| &o.command[..at]);
    let first_line = trimmed.lines().next().unwrap_or_default();
    let executed = core(&o.violation.text);
    removed.contains(|c: char| !matches!(c, ' ' | '\t' | '\n'))
        && ((!executed.is_empty() && squeeze(first_line).contains(&executed))
            || runs_in(o, first_line))
}

/// F-28: a judged unit spans a newline that is no line continuation (the
/// parser read it as a blank inside the command), and bash ran the unit's
/// text up to or after that newline as a one-line command of its own.
pub(super) fn joined_across_a_newline(o: &GroundObservation<'_>) -> bool {
    if o.violation.text.trim_end_matches('\n').contains('\n') {
        return false;
    }
    let executed = core(&o.violation.text);
    !executed.is_empty()
        && judged_units(o).iter().any(|unit| {
            let joined = unit.text.replace("\\\n", " ");
            let lines: Vec<&str> = joined.split('\n').collect();
            lines.len() > 1
                && lines
                    .iter()
                    .any(|line| squeeze(line) == executed || runs_in(o, line))
        })
}

/// F-2: the command holds CR, VT or FF, which tree-sitter reads as blanks
/// and bash as word characters; what ran, with those read as blanks, lies in
/// a judged unit (`! git push<CR>;` is judged as `! git push`, bash ran
/// `git push $'\r'`).
pub(super) fn split_by_the_parser_only(o: &GroundObservation<'_>) -> bool {
    const SPLIT: [char; 3] = ['\r', '\u{b}', '\u{c}'];
    if !o.command.contains(SPLIT) {
        return false;
    }
    let blanked = |text: &str| squeeze(&text.replace(SPLIT, " "));
    let executed = blanked(&core(&o.violation.text));
    // Or by argv: without its arguments made of those characters alone (an
    // escaped CR, `cat 'a b' \<CR>`, is the argument `$'\r'` to bash and
    // nothing to the parser), what ran is a judged unit's literal words.
    let argv = o
        .execution
        .commands
        .get(o.violation.index)
        .and_then(|c| c.argv.as_ref())
        .map(|argv| {
            argv.iter()
                .filter(|arg| arg.is_empty() || !arg.chars().all(|c| SPLIT.contains(&c)))
                .cloned()
                .collect::<Vec<_>>()
        });
    let same_words = |unit: &str| {
        argv.as_ref()
            .zip(literal_words(unit))
            .is_some_and(|(argv, words)| argv_is(argv, &words))
    };
    judged_units(o).iter().any(|unit| {
        (!executed.is_empty() && blanked(&unit.text).contains(&executed)) || same_words(&unit.text)
    })
}
