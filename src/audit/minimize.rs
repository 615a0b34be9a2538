//! The minimizer (`AUDIT-6`): delta debugging over list elements, words and
//! characters, and the shortest refused payload, keeping the witness alive.
//!
//! Each round proposes every smaller variant of the current command of one
//! kind, checks them in small batches, smallest first (layer, then bash,
//! then the property), and moves to the shortest of the first batch that
//! holds a witness still alive; it stops when no variant is, or when the
//! budget of checked variants is spent. *Alive* means bash still runs one
//! of the witness's refused commands or one of the calibrated ones, so the
//! minimizer cannot wander off to an unrelated oddity (a bare `file`).

use std::collections::HashSet;

use super::check::{Auditor, Mode};
use super::property::Verdict;
use super::AuditError;

/// Variants checked per witness at most.
pub const BUDGET: usize = 400;
/// Variants checked per witness at most in the real mode, whose programs
/// and fresh workspace cost some 25 times a stubbed run (BENCHMARKS.md).
pub const REAL_BUDGET: usize = 48;
/// One kind of variant: the command and the refused payloads in, variants out.
type Pass = fn(&str, &[String]) -> Vec<String>;

/// Variants checked per batch.
const BATCH: usize = 16;

/// The smallest witness found from `command` (whose verdict is `verdict`);
/// `refused` are the calibrated commands the layer refuses alone.
///
/// # Errors
/// The layer breaks the protocol.
pub fn minimize(
    auditor: &mut Auditor,
    command: &str,
    verdict: Verdict,
    payloads: &[String],
    refused: &[String],
    bases: &[String],
    mode: Mode,
) -> Result<(String, Verdict), AuditError> {
    let budget = match mode {
        Mode::Stubs => BUDGET,
        Mode::Real => REAL_BUDGET,
    };
    // A witness that runs a calibrated payload stays one that does: it
    // must not drift to some other refused command (`:`), which no reader
    // would recognise as the hole.
    let mut wanted: HashSet<String> = refused.iter().cloned().collect();
    if !verdict.refused_alone.iter().any(|r| wanted.contains(r)) {
        wanted.extend(verdict.refused_alone.iter().cloned());
    }
    let alive = |v: &Verdict| v.refused_alone.iter().any(|r| wanted.contains(r));
    // A witness that names a calibrated base keeps one: the realistic form
    // of a hole is an approved command with the payload beside it.
    let names: Vec<&str> = bases.iter().filter_map(|b| b.split(' ').next()).collect();
    let keeps_base = |c: &str| names.iter().any(|name| has_word(c, name));
    let needs_base = keeps_base(command);
    let mut current = (command.to_owned(), verdict);
    let mut tried: HashSet<String> = HashSet::new();
    tried.insert(command.to_owned());
    let mut spent = 0;
    let passes: [Pass; 5] = [
        lift_substitutions,
        swap_payloads,
        drop_elements,
        drop_words,
        drop_characters,
    ];
    'rounds: while spent < budget {
        for pass in passes {
            let mut candidates: Vec<String> = pass(&current.0, payloads)
                .into_iter()
                .filter(|c| c.len() < current.0.len() && !c.trim().is_empty())
                .filter(|c| here_documents_closed(c))
                .filter(|c| !needs_base || keeps_base(c))
                .filter(|c| tried.insert(c.clone()))
                .collect();
            candidates.sort_by_key(String::len);
            for batch in candidates.chunks(BATCH) {
                if spent >= budget {
                    break 'rounds;
                }
                spent += batch.len();
                let checked = auditor.check_in(batch, &vec![mode; batch.len()])?;
                let best = batch.iter().zip(checked).find_map(|(c, checked)| {
                    checked
                        .witness()
                        .filter(|v| alive(v))
                        .map(|v| (c.clone(), v.clone()))
                });
                if let Some(best) = best {
                    current = best;
                    continue 'rounds;
                }
            }
        }
        break;
    }
    Ok(current)
}

/// Whether every here-document the command opens is closed by its
/// delimiter line. A variant that drops the delimiter is still run by bash
/// (to the end of the text, with a warning), but no agent writes it, and a
/// report of such variants hides the construct a reader must fix (`AUDIT-6`).
/// Approximate on purpose: a `<<` inside quotes counts too, which only
/// rejects more variants.
#[must_use]
pub fn here_documents_closed(command: &str) -> bool {
    let lines: Vec<&str> = command.split('\n').collect();
    for (number, line) in lines.iter().enumerate() {
        let mut rest = *line;
        while let Some(at) = rest.find("<<") {
            let after = rest.get(at + 2..).unwrap_or("");
            rest = after;
            if after.starts_with('<') {
                rest = after.get(1..).unwrap_or("");
                continue;
            }
            let (strip_tabs, after) = match after.strip_prefix('-') {
                Some(after) => (true, after),
                None => (false, after),
            };
            let word: String = after
                .trim_start_matches([' ', '\t'])
                .chars()
                .take_while(|c| !c.is_whitespace() && !";&|<>()".contains(*c))
                .filter(|c| !matches!(c, '\'' | '"' | '\\'))
                .collect();
            if word.is_empty() {
                return false;
            }
            let closed = lines.iter().skip(number + 1).any(|body| {
                let body = if strip_tabs {
                    body.trim_start_matches('\t')
                } else {
                    body
                };
                *body == word
            });
            if !closed {
                return false;
            }
        }
    }
    true
}

/// Whether `word` occurs in `command` as a whole word in the top-level
/// list (not inside a substitution, quotes or a here-document body).
fn has_word(command: &str, word: &str) -> bool {
    let part = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.';
    command.match_indices(word).any(|(at, _)| {
        let before = command[..at].chars().next_back();
        let after = command[at + word.len()..].chars().next();
        !before.is_some_and(part)
            && !after.is_some_and(part)
            && super::construct::around(command, at).is_none()
    })
}

/// Each command substitution's text lifted out of the construct around it,
/// alone and after the command's first word (`stat <<EOF … $(X) … EOF` →
/// `X`, `stat && X`): when it is a witness on its own, the construct
/// around it was not the hole, and the witness names the one that is.
fn lift_substitutions(command: &str, _: &[String]) -> Vec<String> {
    let first = command.split_whitespace().next().unwrap_or("");
    let mut out = Vec::new();
    for (open, _) in command.match_indices("$(") {
        let inner_from = open + 2;
        let mut depth = 1usize;
        let mut end = None;
        for (offset, c) in command.get(inner_from..).unwrap_or("").char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(inner_from + offset);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(inner) = end.and_then(|end| command.get(inner_from..end)) else {
            continue;
        };
        let inner = inner.trim();
        if inner.is_empty() {
            continue;
        }
        out.push(inner.to_owned());
        if !first.is_empty() && !first.contains(['<', '>', '$', '`', '(']) {
            out.push(format!("{first} && {inner}"));
        }
    }
    out
}

/// Every refused payload in the command replaced by each shorter one.
fn swap_payloads(command: &str, payloads: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for long in payloads.iter().filter(|p| command.contains(p.as_str())) {
        for short in payloads.iter().filter(|s| s.len() < long.len()) {
            out.push(command.replace(long.as_str(), short));
        }
    }
    out
}

/// The separators of a list, longest first so ` && ` is not read as ` & `.
const SEPARATORS: [&str; 6] = [" && ", " || ", "; ", " | ", "\n", ";"];

/// The command without one of its list elements (or a run of them).
fn drop_elements(command: &str, _: &[String]) -> Vec<String> {
    let mut cuts = vec![0];
    let mut at = 0;
    while at < command.len() {
        let rest = command.get(at..).unwrap_or("");
        match SEPARATORS.iter().find(|s| rest.starts_with(**s)) {
            Some(sep) => {
                at += sep.len();
                cuts.push(at);
            }
            None => at += rest.chars().next().map_or(1, char::len_utf8),
        }
    }
    cuts.push(command.len());
    let mut out = Vec::new();
    for i in 0..cuts.len().saturating_sub(1) {
        for j in i + 1..cuts.len() {
            let (Some(&from), Some(&to)) = (cuts.get(i), cuts.get(j)) else {
                continue;
            };
            let mut variant = command.get(..from).unwrap_or("").to_owned();
            variant.push_str(command.get(to..).unwrap_or(""));
            out.push(variant);
        }
    }
    out
}

/// The command without a run of its space-separated words.
fn drop_words(command: &str, _: &[String]) -> Vec<String> {
    let words: Vec<&str> = command.split(' ').collect();
    let mut out = Vec::new();
    let mut size = words.len() / 2;
    while size >= 1 {
        for start in 0..=words.len().saturating_sub(size) {
            let kept: Vec<&str> = words
                .iter()
                .enumerate()
                .filter(|(i, _)| *i < start || *i >= start + size)
                .map(|(_, w)| *w)
                .collect();
            out.push(kept.join(" "));
        }
        size /= 2;
    }
    out
}

/// The command without a run of its characters, halving the run's length,
/// and of two (a pair such as `""` or `''` goes only as a pair: either of
/// its characters alone leaves a quote open).
fn drop_characters(command: &str, _: &[String]) -> Vec<String> {
    let chars: Vec<char> = command.chars().collect();
    let mut out = Vec::new();
    let mut sizes = Vec::new();
    let mut size = chars.len() / 2;
    while size >= 1 {
        sizes.push(size);
        size /= 2;
    }
    if chars.len() > 2 && !sizes.contains(&2) {
        sizes.push(2);
        sizes.sort_unstable_by(|a, b| b.cmp(a));
    }
    for size in sizes {
        for start in 0..=chars.len().saturating_sub(size) {
            let variant: String = chars
                .iter()
                .enumerate()
                .filter(|(i, _)| *i < start || *i >= start + size)
                .map(|(_, c)| *c)
                .collect();
            out.push(variant);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// AUDIT-6: each pass proposes strictly smaller variants of its kind.
    #[test]
    fn audit_6_variants() {
        let payloads = vec!["sudo id".to_owned(), "git push".to_owned()];
        assert_eq!(
            swap_payloads("ls; git push", &payloads),
            vec!["ls; sudo id".to_owned()]
        );
        let elements = drop_elements("ls && pwd; git push", &[]);
        assert!(elements.contains(&"pwd; git push".to_owned()));
        assert!(elements.contains(&"ls && git push".to_owned()));
        assert!(elements.contains(&"git push".to_owned()));
        let words = drop_words("find . -name x -delete", &[]);
        assert!(words.contains(&"find . -delete".to_owned()));
        assert_eq!(
            drop_characters("ab", &[]),
            vec!["b".to_owned(), "a".to_owned()]
        );
        assert!(drop_characters("abcd", &[]).contains(&"cd".to_owned()));
        let pairs = drop_characters(r#"sort -""o p""wned x"#, &[]);
        assert!(pairs.contains(&r#"sort -o p""wned x"#.to_owned()));
        // A substitution's text lifted out of what surrounds it, with the
        // nesting of its own parentheses kept.
        assert_eq!(
            lift_substitutions("stat <<EOF\nBuilt on $( tclsh <(echo x) ).\nEOF", &[]),
            vec![
                "tclsh <(echo x)".to_owned(),
                "stat && tclsh <(echo x)".to_owned()
            ]
        );
        assert!(lift_substitutions("ls $(", &[]).is_empty());
    }

    /// AUDIT-6: a base's name counts as a whole word only.
    #[test]
    fn audit_6_whole_words() {
        assert!(has_word("ls & git push", "ls"));
        assert!(has_word("cat <<EOF\nx\nEOF", "cat"));
        assert!(!has_word("lsof; false", "ls"));
        assert!(!has_word("x=cat.txt", "cat"));
        assert!(!has_word("<<EOF\n$(kill 1;echo)\nEOF", "echo"));
        assert!(!has_word("x=$(echo hi)", "echo"));
    }

    /// AUDIT-6: a variant that leaves a here-document open is no candidate;
    /// a closed one, a quoted or tab-stripped delimiter, and `<<<` are.
    #[test]
    fn audit_6_here_documents_stay_closed() {
        for closed in [
            "cat <<EOF\n$(git push)\nEOF",
            "cat <<'EOF' && ls\nx\nEOF",
            "cat <<-EOF\n\tx\n\tEOF\nls",
            "cat <<< \"$(git push)\"",
            "cat <<A <<B\na\nA\nb\nB",
            "ls & git push",
        ] {
            assert!(here_documents_closed(closed), "{closed:?}");
        }
        for open in [
            "cat <<EOF\n$(git push)",
            "cat <<EOF\n$(git push)\nEO",
            "cat <<A <<B\na\nA",
            "ls <<",
        ] {
            assert!(!here_documents_closed(open), "{open:?}");
        }
    }
}
