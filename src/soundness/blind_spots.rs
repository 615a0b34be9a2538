//! Classifiers of the ground check's own blind spots (`G-*` of
//! `spec/findings.md`, `INV-KNOWN-2`): violations of INV-GROUND where
//! everything that ran was judged and allowed, in another spelling or as an
//! entry of its own.

use super::observation::{core, judged_units, squeeze, GroundObservation};
use crate::ground::{literal_words, Origin, TRANSPARENT_WRAPPERS};
use crate::hardened::Profile;
use crate::payload;
use crate::policy::check::match_value;
use crate::recognize::Wrapper;
use crate::verdict::PermissionState;

/// G-1: the executed command's own unit is allowed; only units of its
/// substitutions or subshells are not — and bash reports each command of a
/// substitution or subshell as an entry of its own, judged there. (Judging a
/// command's text judges its substitutions' source too, wrappers included:
/// `diff <(time ls) x` is floored for `time ls` although `ls` ran and was
/// judged as its own entry.)
pub(super) fn judged_again_inside_its_parent(o: &GroundObservation<'_>) -> bool {
    let decisions = o.policy.unit_decisions(&o.violation.check);
    let failing: Vec<_> = decisions
        .iter()
        .filter(|d| d.floored || d.state != PermissionState::Allow)
        .collect();
    !failing.is_empty() && failing.iter().all(|d| d.unit.context.is_some())
}

/// G-2: the executed command's name holds a character no program name of
/// the sandbox holds (a non-ASCII character, e.g. U+2007 that ECMAScript
/// trims but bash keeps in the word), so bash found no program and ran
/// nothing; the policy judged the trimmed text. Or a transparent wrapper's
/// inner command that no stub ran, named with a character outside those of
/// program names (`timeout 30s { ls`: the wrapper finds no program `{`,
/// as the real one would not). Program names on `PATH` use letters,
/// digits and `. _ + - [`; a name with a `/` may be a real program the
/// sandbox runs, so it never counts.
pub(super) fn not_a_program(o: &GroundObservation<'_>) -> bool {
    let Some(executed) = o.execution.commands.get(o.violation.index) else {
        return false;
    };
    let first_word = executed
        .text
        .split([' ', '\t', '\n'])
        .find(|w| !w.is_empty())
        .unwrap_or("");
    let wrapper_found_nothing = matches!(executed.origin, Origin::WrapperInner { .. })
        && !first_word.contains('/')
        && first_word
            .chars()
            .any(|c| !(c.is_ascii_alphanumeric() || "._+-[".contains(c)));
    executed.argv.is_none()
        && (wrapper_found_nothing
            || first_word
                .chars()
                .any(|c| !c.is_ascii() || c.is_ascii_control()))
}

/// G-3: what ran is allowed once spelled as the policy judged it: its blanks
/// squeezed as bash renders them, and (when the authorizer decided) the
/// request's wrapper unit replaced by its inner command — the authorizer
/// judged the parent of a transparent wrapper in its de-wrapped form
/// (`echo "$(timeout 240 git status)"` as `echo "$(git status)"`), and a
/// rule written for one spelling does not match the other.
pub(super) fn judged_in_another_spelling(o: &GroundObservation<'_>) -> bool {
    // A rule that denies what ran, in the spelling it ran in, was written
    // to stop it: the other spelling let it through (F-11, F-36), which is
    // no blind spot of the check.
    if o.violation.check.state == PermissionState::Deny {
        return false;
    }
    let executed = squeeze(&o.violation.text);
    let mut spellings = vec![executed.clone()];
    if let Some(details) = &o.outcome.details {
        if let Ok(request) = payload::extract(details) {
            if let Some(recognized) = Wrapper::ALL.iter().find_map(|w| w.recognize(request.unit)) {
                let unit = squeeze(request.unit);
                let inner = squeeze(recognized.inner);
                if !unit.is_empty() {
                    spellings.push(executed.replace(&unit, &inner));
                }
            }
        }
    }
    if spellings.iter().any(|spelling| {
        spelling != &executed && o.policy.advisory(spelling).state == PermissionState::Allow
    }) {
        return true;
    }
    // Every judged unit was allowed (the pipeline allowed), so a failing unit
    // of what ran that is a judged unit in another spelling — blanks, the
    // order of redirections, or the request's wrapper words — is covered.
    failing_units_judged_elsewhere(o, str::to_owned)
        || rendered_by_bash(o)
        || fd_variable_judged(o)
        || judged_units(o)
            .iter()
            .any(|unit| literal_words(&unit.text).is_some_and(|words| same_argv(o, &words)))
}

/// Whether what ran is a program started with exactly `words` (its name
/// as a path, or as a name found on `PATH`): G-3 by argv, e.g. the `ERROR`
/// unit `cat 'a b' \ <<` judged, and the stub of `cat` given `cat`, `a b`
/// and a blank, which the checker writes `cat 'a b' ' '`.
pub(super) fn same_argv(o: &GroundObservation<'_>, words: &[String]) -> bool {
    // The record's argv; in the real mode, a traced program with no record
    // (a wrapper's inner program whose record was not attributed) by its
    // own argv.
    let recorded = o
        .execution
        .commands
        .get(o.violation.index)
        .and_then(|c| c.argv.as_deref());
    let traced = match o.violation.traced {
        Some(crate::invariants::TracedRecord::Program(i)) => usize::try_from(i)
            .ok()
            .and_then(|i| o.execution.programs.get(i))
            .map(|p| p.argv.as_slice()),
        _ => None,
    };
    recorded.or(traced).is_some_and(|argv| argv_is(argv, words))
}

/// Whether `argv` is a program started with exactly `words`: its name as a
/// path, or as a name found on `PATH`.
pub(super) fn argv_is(argv: &[String], words: &[String]) -> bool {
    match (argv.split_first(), words.split_first()) {
        (Some((program, args)), Some((name, rest))) => {
            let found_on_path = !name.contains('/') && program.rsplit('/').next() == Some(name);
            (name == program || found_on_path) && args == rest
        }
        _ => false,
    }
}

/// G-3, a redirection's fd variable: the policy's unit holds `{fd}` as a
/// word (`ls {fd}` of `ls {fd}>out`), bash ran the command without it (the
/// inner command of `timeout 1 ls {fd}>out` is recorded as `ls`).
fn fd_variable_judged(o: &GroundObservation<'_>) -> bool {
    let executed = tokens(&squeeze(&o.violation.text));
    judged_units(o).iter().any(|unit| {
        let mut words = tokens(&match_value(&unit.text));
        let before = words.len();
        words.retain(|w| !(w.starts_with('{') && w.ends_with('}') && w.len() > 2));
        words.len() < before && words == executed
    })
}

/// G-3, in bash's own rendering of what it parsed: a judged unit that is
/// the record followed by a final `; !` (a negation of nothing, which runs
/// nothing: `echo "a" ; !` is one `ERROR` unit), or a compound command that
/// bash renders over several lines (`function f { git push; }` recorded as
/// `function f () ⏎{ ⏎    git push⏎}`, a `case` with one pattern per line,
/// a subshell without its comments). Compared without blanks, `;`, `()`,
/// braces, the `function` keyword, comments and NULs (bash drops them), and
/// once more without the request's wrapper words when the authorizer judged
/// the de-wrapped form.
fn rendered_by_bash(o: &GroundObservation<'_>) -> bool {
    let record = squeeze(&o.violation.text);
    let multi_line = o.violation.text.contains('\n');
    let bare_record = bare(&o.violation.text);
    let prefix = request_prefix(o)
        .map(|p| bare(&p))
        .filter(|p| !p.is_empty());
    let unwrapped = prefix.and_then(|p| {
        let at = bare_record.find(&p)?;
        Some(format!(
            "{}{}",
            bare_record.get(..at)?,
            bare_record.get(at + p.len()..)?
        ))
    });
    let allowed_gate_units = o
        .policy
        .unit_decisions(&o.outcome.gate)
        .into_iter()
        .filter(|d| d.state == PermissionState::Allow && !d.floored)
        .map(|d| d.unit);
    let units: Vec<_> = judged_units(o)
        .iter()
        .cloned()
        .chain(allowed_gate_units)
        .collect();
    units.iter().any(|unit| {
        let judged = squeeze(&unit.text);
        let negation_of_nothing = judged
            .strip_suffix('!')
            .map(|rest| rest.trim_end_matches([' ', ';']))
            .is_some_and(|rest| rest == record);
        let bare_unit = bare(&unit.text);
        negation_of_nothing
            || (multi_line && (bare_unit == bare_record || unwrapped.as_ref() == Some(&bare_unit)))
    })
}

/// `text` as [`rendered_by_bash`] compares it: no comments (a `#` that
/// starts a word, to the end of its line), no `()`, no `function `, and no
/// blanks, `;`, braces or NULs.
pub(super) fn bare(text: &str) -> String {
    let uncommented = text
        .lines()
        .map(|line| {
            let comment = line.char_indices().find(|&(at, c)| {
                c == '#'
                    && line
                        .get(..at)
                        .is_some_and(|b| b.is_empty() || b.ends_with([' ', '\t']))
            });
            comment.map_or(line, |(at, _)| line.get(..at).unwrap_or(line))
        })
        .collect::<Vec<_>>()
        .join("\n");
    uncommented
        .replace("()", "")
        .replace("function ", "")
        .chars()
        .filter(|c| !c.is_whitespace() && !";{}\0".contains(*c))
        .collect()
}

/// The request's wrapper words (its unit minus the inner command), when
/// the authorizer decided.
fn request_prefix(o: &GroundObservation<'_>) -> Option<String> {
    let details = o.outcome.details.as_ref()?;
    let request = payload::extract(details).ok()?;
    let recognized = Wrapper::ALL
        .iter()
        .find_map(|w| w.recognize(request.unit))?;
    request
        .unit
        .get(..request.unit.len() - recognized.inner.len())
        .map(str::to_owned)
}

/// Every unit of what ran that the policy does not allow is, in another
/// spelling (blanks, the order of redirections, the request's wrapper words;
/// judged texts first passed through `judged_as`), a unit the pipeline judged
/// and allowed.
pub(super) fn failing_units_judged_elsewhere(
    o: &GroundObservation<'_>,
    judged_as: fn(&str) -> String,
) -> bool {
    let judged: Vec<Vec<String>> = judged_units(o)
        .iter()
        .flat_map(|u| {
            let value = match_value(&judged_as(&u.text));
            // bash renders a redirection before the command word after the
            // words, where it belongs to no unit of the rendering
            // (`<.env git status` runs as `git status < .env`, unit `git
            // status`): the judged unit without its redirections too.
            [tokens(&value), tokens(&without_redirections(&value))]
        })
        .collect();
    let prefix = wrapper_prefix_tokens(o);
    let decisions = o.policy.unit_decisions(&o.violation.check);
    let failing: Vec<_> = decisions
        .iter()
        .filter(|d| d.floored || d.state != PermissionState::Allow)
        .collect();
    !failing.is_empty()
        && failing.iter().all(|d| {
            let mine = tokens(&match_value(&d.unit.text));
            let unwrapped = remove_tokens(&mine, &prefix);
            // A unit of a substitution or subshell ran as an entry of its own (G-1).
            d.unit.context.is_some()
                || judged
                    .iter()
                    .any(|j| *j == mine || Some(j) == unwrapped.as_ref())
        })
}

/// G-6: what ran is bash's rendering of a command that holds a
/// substitution (bash 5.2 parses `$(…)` and prints it anew: `echo $( (ls)
/// )` is recorded as `echo $( ( ls ))`), and the text it renders was judged
/// and is allowed by the rules as the hardened profile judges it, so it
/// rests on nothing the deployed profile decided. Compared word by word, in
/// order, with `(`, `)` and `;` as words of their own and only space, tab
/// and newline as blanks (bash's). The substitution's commands ran as
/// entries of their own, each checked.
pub(super) fn a_substitution_rendered_by_bash(o: &GroundObservation<'_>) -> bool {
    let record = o.violation.text.as_str();
    if !["$(", "<(", ">("]
        .iter()
        .any(|opener| record.contains(opener))
    {
        return false;
    }
    let rendered = rendering_words(record);
    judged_units(o).iter().any(|unit| {
        unit.text != record
            && rendering_words(&unit.text) == rendered
            && Profile::Hardened.advisory(o.policy, &unit.text).state == PermissionState::Allow
    })
}

/// The words of `text` in order, split at bash's blanks, with `(`, `)` and
/// `;` as words of their own and a run of `<`, `>`, `&`, `|` as one word
/// that keeps the fd it names (`{fd}>out` and bash's `{fd}> out` are
/// `{fd}>` and `out`; `2 >x` stays `2`, `>`, `x`, which is not `2> x`)
/// ([`a_substitution_rendered_by_bash`]).
fn rendering_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    for word in text.split([' ', '\t', '\n']) {
        let mut current = String::new();
        let mut in_operator = false;
        for c in word.chars() {
            if matches!(c, '(' | ')' | ';') {
                words.extend((!current.is_empty()).then(|| std::mem::take(&mut current)));
                words.push(c.to_string());
                in_operator = false;
            } else if matches!(c, '<' | '>' | '&' | '|') {
                if !in_operator && !names_an_fd(&current) && !current.is_empty() {
                    words.push(std::mem::take(&mut current));
                }
                current.push(c);
                in_operator = true;
            } else {
                if in_operator {
                    words.push(std::mem::take(&mut current));
                    in_operator = false;
                }
                current.push(c);
            }
        }
        words.extend((!current.is_empty()).then_some(current));
    }
    words
}

/// A word that names a redirection's fd when an operator follows it
/// directly: digits, or `{name}`.
fn names_an_fd(word: &str) -> bool {
    !word.is_empty()
        && (word.bytes().all(|b| b.is_ascii_digit())
            || (word.starts_with('{') && word.ends_with('}')))
}

/// The words of `text` with `< > | & ; ( )` split off as words of their
/// own and line continuations dropped, sorted: two spellings of one command
/// that differ in blanks or in where a redirection stands have equal tokens.
/// `text` without its redirections: each run of `<`, `>`, `&`, `|` glued
/// to a descriptor before it and the word after it (`<.env`, `2>&1`,
/// `0<>f`, `{fd}>out`).
fn without_redirections(text: &str) -> String {
    let mut spaced = String::new();
    for c in text.chars() {
        if "<>".contains(c) {
            spaced.push(' ');
            spaced.push(c);
            spaced.push(' ');
        } else {
            spaced.push(c);
        }
    }
    let words: Vec<&str> = spaced.split_whitespace().collect();
    let mut kept: Vec<&str> = Vec::new();
    let mut k = 0;
    while let Some(&word) = words.get(k) {
        if word == "<" || word == ">" {
            // A descriptor glued before the operator (`2`, `{fd}`, `&`).
            if kept.last().is_some_and(|w: &&str| {
                w.bytes().all(|b| b.is_ascii_digit()) || (w.starts_with('{') && w.ends_with('}'))
            }) && spaced.contains(&format!(
                "{}{word}",
                kept.last().copied().unwrap_or_default()
            )) {
                kept.pop();
            }
            k += 1;
            while words.get(k).is_some_and(|w| *w == "<" || *w == ">") {
                k += 1;
            }
            // The target (an `&` glued to a duplication: `>&1`).
            k += 1;
            continue;
        }
        kept.push(word);
        k += 1;
    }
    kept.join(" ")
}

fn tokens(text: &str) -> Vec<String> {
    let mut spaced = String::new();
    for c in text.replace("\\\n", " ").chars() {
        if "<>|&;()".contains(c) {
            spaced.push(' ');
            spaced.push(c);
            spaced.push(' ');
        } else {
            spaced.push(c);
        }
    }
    let mut words: Vec<String> = spaced.split_whitespace().map(str::to_owned).collect();
    words.sort();
    words
}

/// The tokens of the request's wrapper prefix (the unit minus its inner
/// command), when the authorizer decided.
fn wrapper_prefix_tokens(o: &GroundObservation<'_>) -> Vec<String> {
    request_prefix(o).map(|p| tokens(&p)).unwrap_or_default()
}

/// `from` without one occurrence of each of `remove` (both sorted), or
/// `None` when one is missing or there is nothing to remove.
fn remove_tokens(from: &[String], remove: &[String]) -> Option<Vec<String>> {
    if remove.is_empty() {
        return None;
    }
    let mut rest = from.to_vec();
    for word in remove {
        let at = rest.iter().position(|w| w == word)?;
        rest.remove(at);
    }
    Some(rest)
}

/// G-4: the record is the oracle's own `DEBUG` trap (its variables start
/// with `__GROUND_`, its early `return`, its `trap __ground_record DEBUG`),
/// reported when a command ends in a way the trap does not expect (`… ; !`,
/// a bare `time`): nothing of the command's own ran there.
pub(super) fn the_oracles_own_trap(o: &GroundObservation<'_>) -> bool {
    let text = o.violation.text.as_str();
    let own_variables = text.contains("$__GROUND_") && !o.command.contains("__GROUND_");
    // The trap's own `return` (`__ground_record` leaving early) and its
    // installation line, reported after a bare `time` or a final `!`: only
    // when the command itself has no `return` or `trap`.
    let own_return = text == "return" && !o.command.contains("return");
    let own_install = text == "trap __ground_record DEBUG" && !o.command.contains("trap");
    own_variables || own_return || own_install
}

/// G-5: what ran is a transparent wrapper with nothing to run (its words
/// other than redirections are the wrapper alone), or a wrapper's inner
/// command its stub read as empty (`su --shell X` with no command: the
/// stub runs nothing; what the real `su` would run, its shell, only the
/// real mode shows, where F-39's and F-46's classifiers claim it).
pub(super) fn a_wrapper_with_nothing_to_run(o: &GroundObservation<'_>) -> bool {
    let Some(executed) = o.execution.commands.get(o.violation.index) else {
        return false;
    };
    let empty_inner =
        matches!(executed.origin, Origin::WrapperInner { .. }) && executed.text.trim().is_empty();
    empty_inner
        || executed.inner_at.is_none()
            && TRANSPARENT_WRAPPERS.contains(&core(&executed.text).as_str())
}
