//! F-41, F-42, F-43: the three readings of a redirection in which the
//! parser and bash give a token different roles (issue 37, `INV-KNOWN-2`;
//! `INV-ROLE-4` names the same tokens from bash's own parse).

use super::observation::{core, judged_units, squeeze, GroundObservation};
use crate::pipeline::{decide, Options};
use crate::verdict::PermissionState;

/// The end of a close written at `at` of `text` (`[n]<&-`, `[n]>&-`,
/// `{name}>&-`), if one starts there.
fn close_at(text: &str, at: usize) -> Option<usize> {
    let rest = text.get(at..)?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let after_descriptor = if digits == 0 && rest.starts_with('{') {
        rest.find('}').map_or(0, |end| end + 1)
    } else {
        digits
    };
    let operator = rest.get(after_descriptor..)?;
    (operator.starts_with("<&-") || operator.starts_with(">&-"))
        .then_some(at + after_descriptor + 3)
}

/// `command` with every close (`2>&-`, `<&-`, `9<&-`, `{fd}>&-`) removed.
fn without_closes(command: &str) -> String {
    let mut out = String::with_capacity(command.len());
    let mut at = 0;
    while at < command.len() {
        let word_start = at == 0
            || command
                .get(..at)
                .is_some_and(|b| b.ends_with([' ', '\t', '\n', ';', '&', '|', '(', '{']));
        if let Some(end) = close_at(command, at).filter(|_| word_start) {
            let rest = command.get(end..).unwrap_or_default();
            at = end + (rest.len() - rest.trim_start_matches([' ', '\t']).len());
            continue;
        }
        let Some(c) = command.get(at..).and_then(|r| r.chars().next()) else {
            break;
        };
        out.push(c);
        at += c.len_utf8();
    }
    out
}

/// F-41: the word after a close is the close's target to the parser, an
/// argument (or the command word) to bash (`cat 2>&- .env` is judged as
/// `cat`; `2>&- rm -rf x` as a command `-rf`; bash runs `cat .env`, `rm
/// -rf x`). The close is the cause: what bash ran (its words, its
/// redirections left out) is no text of the command, and is one once every
/// close is taken out of it, so that the words are words to both (or it
/// follows a close right away, its command word the close's target); and,
/// where that is all that hides it, the command without its closes is not
/// allowed (a close inside a compound statement, F-3, hides it twice).
pub(super) fn word_after_a_close(o: &GroundObservation<'_>) -> bool {
    let ran = core(&o.violation.text);
    if ran.is_empty() {
        return false;
    }
    // Quotes aside: bash ran the words' values (`git 2>&- p''ush` runs
    // `git push`).
    let ran = quotes_aside(&ran);
    let with = quotes_aside(&squeeze(o.command));
    let without = quotes_aside(&squeeze(&without_closes(o.command)));
    // Between the words bash ran, or before its command word (`2>&- rm
    // -rf x`: the parser's target is `rm`).
    let separated = (!with.contains(&ran) && without.contains(&ran))
        || with.contains(&format!(">&- {ran}"))
        || with.contains(&format!("<&- {ran}"));
    // The close hides it where the command without its closes is not
    // allowed, as written or with its words' quotes aside (`git p''ush`
    // spells what a deny rule names, F-36, but the close is what made the
    // parser take `p''ush` for its target).
    let refused = |command: &str| {
        decide(o.policy, command, &Options::default()).outcome != PermissionState::Allow
    };
    separated
        && (refused(&without_closes(o.command))
            || refused(&quotes_aside(&without_closes(o.command)))
            || judged_units(o)
                .iter()
                .any(|u| quotes_aside(&squeeze(&without_closes(&u.text))).contains(&ran)))
}

/// `text` without its quote characters and backslashes.
fn quotes_aside(text: &str) -> String {
    text.replace(['\'', '"', '\\'], "")
}

/// F-42: `>&WORD` (or `1>&WORD`) with a word that is no descriptor: bash
/// expands it, and bash 5.2 expands the result a second time, so a
/// substitution quoted in the word runs (`echo hi >&'$(rm -rf x)'`). What
/// ran is inside such a word of the command, quoted or escaped so that the
/// parse sees no substitution there (only bash's second expansion runs it).
pub(super) fn duplication_word_expanded_twice(o: &GroundObservation<'_>) -> bool {
    let ran = squeeze(&o.violation.text);
    if ran.is_empty() {
        return false;
    }
    duplication_words(o.command).into_iter().any(|word| {
        let quoted = word.contains(['\'', '"']) || word.contains("\\$") || word.contains("\\`");
        quoted && squeeze(&word).contains(&ran)
    })
}

/// The words after `>&` with the descriptor `1` or none, that are no
/// descriptor (digits, `-`, digits and `-`).
fn duplication_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    for (at, _) in command.match_indices(">&") {
        let before = command.get(..at).unwrap_or_default();
        let descriptor: String = before
            .chars()
            .rev()
            .take_while(char::is_ascii_digit)
            .collect();
        if !(descriptor.is_empty() || descriptor == "1") {
            continue;
        }
        let rest = command.get(at + 2..).unwrap_or_default();
        let word = read_word(rest);
        let is_descriptor = {
            let digits = word.trim_end_matches('-');
            word == "-" || (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        };
        if !word.is_empty() && !is_descriptor {
            words.push(word);
        }
    }
    words
}

/// The shell word at the start of `text`, quotes kept, up to an unquoted
/// blank or control character.
fn read_word(text: &str) -> String {
    let mut out = String::new();
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for c in text.chars() {
        if escaped {
            escaped = false;
        } else if let Some(q) = quote {
            if c == q {
                quote = None;
            } else if c == '\\' && q == '"' {
                escaped = true;
            }
        } else if c == '\\' {
            escaped = true;
        } else if c == '\'' || c == '"' {
            quote = Some(c);
        } else if matches!(c, ' ' | '\t' | '\n' | ';' | '&' | '|' | '<' | '>' | ')') {
            break;
        }
        out.push(c);
    }
    out
}

/// F-43: a descriptor `0` before a redirection operator is an argument word
/// to the parser (`rm 0</dev/null -rf x` is judged as `rm 0`; `git
/// 0<<<x push --force` as a unit holding `0<<<x`, `sh 0<<<'…'` as a shell
/// running a script file `0`), no word of the command to bash. A judged
/// unit holds, after its first word, the word `0` written right before `<`
/// or `>` in the command (or a word starting `0<`, `0>`), and bash ran a
/// command with the unit's first word and without that `0`.
pub(super) fn descriptor_zero_read_as_an_argument(o: &GroundObservation<'_>) -> bool {
    let executed = squeeze(&o.violation.text);
    let executed: Vec<&str> = executed.split(' ').filter(|w| !w.is_empty()).collect();
    judged_units(o).iter().any(|unit| {
        let squeezed = squeeze(&unit.text);
        let words: Vec<&str> = squeezed.split(' ').filter(|w| !w.is_empty()).collect();
        let operator_follows = o.command.match_indices(unit.text.as_str()).any(|(at, _)| {
            o.command
                .get(at + unit.text.len()..)
                .is_some_and(|rest| rest.starts_with(['<', '>']))
        });
        let zero = words.iter().enumerate().skip(1).any(|(k, w)| {
            w.starts_with("0<")
                || w.starts_with("0>")
                || (*w == "0" && k + 1 == words.len() && operator_follows)
        });
        zero && executed.first() == words.first() && !executed.contains(&"0")
    })
}

/// F-44: `[n]<>word` is no operator of the grammar: the parse splits at
/// `<`, gives the rest of the command to a redirect of `>`, and the
/// command after the target is in no unit (`0<>f rm -rf x`: the units `0`
/// and `<`). What ran comes after a `<>` in the command, and no judged
/// unit holds its command word.
pub(super) fn read_write_splits_the_parse(o: &GroundObservation<'_>) -> bool {
    let ran = core(&o.violation.text);
    let Some(name) = ran.split(' ').next().filter(|n| !n.is_empty()) else {
        return false;
    };
    let command = squeeze(o.command);
    let after_read_write = command
        .match_indices("<>")
        .any(|(at, _)| command.get(at..).is_some_and(|rest| rest.contains(&ran)));
    after_read_write
        && !judged_units(o)
            .iter()
            .any(|u| squeeze(&u.text).split(' ').any(|w| w == name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closes_removed_and_duplication_words_found() {
        assert_eq!(without_closes("cat 2>&- .env"), "cat .env");
        assert_eq!(without_closes("a <&-x; b {fd}>&- y 9>&-"), "a x; b y ");
        assert_eq!(without_closes("echo a2>&-"), "echo a2>&-");
        assert_eq!(
            duplication_words("echo hi >&'$(rm -rf x)' 2>&1 1>&\"a b\" 2>&'x' >&-"),
            vec!["'$(rm -rf x)'".to_owned(), "\"a b\"".to_owned()]
        );
    }
}
