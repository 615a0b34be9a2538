//! Root causes (`AUDIT-15`): witnesses grouped by where their payload sits.
//!
//! A layer's witnesses are mostly a few holes seen through many commands.
//! Two witnesses are one cause when the payload they hide sits in the same
//! chain of bash constructs ([`super::construct::around`]): a command
//! substitution inside a here-document body, the command after `&`, a
//! nested backquote. A payload in quoted text is run by whatever reads that
//! text as code (an alias, `eval`, an interpreter on its standard input),
//! which the text alone does not say, so there the family is part of the
//! cause; so it is when the payload is not written out at all (a spelling,
//! a rebound name) or sits plainly in the list.

use serde::{Deserialize, Serialize};

use super::calibrate::Calibration;
use super::construct::{around, cause};
use super::report::Witness;

/// One root cause.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cause {
    /// What lets the payload through, in a line.
    pub title: String,
    /// The family of its shortest witness.
    pub family: String,
    /// Every family among its witnesses.
    pub families: Vec<String>,
    /// The chain of constructs around the payload, when it is written out.
    pub construct: Option<String>,
    /// Its shortest witness.
    pub shortest: String,
    /// How many witnesses.
    pub count: usize,
    /// Its witnesses' commands, shortest first.
    pub witnesses: Vec<String>,
}

/// The key, title and detailed construct of one witness's cause;
/// `summary` is its family's summary.
#[must_use]
pub fn cause_of(
    witness: &Witness,
    calibration: &Calibration,
    summary: &str,
) -> (String, String, Option<String>) {
    let mut payloads: Vec<&str> = witness.refused_alone.iter().map(String::as_str).collect();
    payloads.extend(calibration.payloads.iter().map(String::as_str));
    let flags: Vec<String> = calibration.flags.iter().map(|f| f.with(&f.flag)).collect();
    payloads.extend(flags.iter().map(String::as_str));
    let at = payloads
        .iter()
        .filter(|p| !p.is_empty())
        .filter_map(|p| witness.command.find(p))
        .min();
    // A payload not written out (a spelling, a computed name) still sits in
    // a construct: inside the first substitution, when that is one of the
    // wholes a reader fixes at once (a here-document, nested backquotes).
    let at = at.or_else(|| {
        let opener = ["$(", "`", "<("]
            .iter()
            .filter_map(|o| witness.command.find(o).map(|i| i + o.len()))
            .min()?;
        let whole = cause(&witness.command, opener)?;
        let wholes = [
            "a here-document body",
            "nested backquotes",
            "text after a here-document",
        ];
        wholes
            .iter()
            .any(|w| whole.starts_with(w))
            .then_some(opener)
    });
    let detail = at.and_then(|at| around(&witness.command, at));
    let coarse = at.and_then(|at| cause(&witness.command, at));
    match coarse {
        Some(coarse)
            if !coarse.starts_with("quoted text")
                && !coarse.starts_with("a quoted here-document") =>
        {
            let verb = if coarse.starts_with("text") {
                "runs in"
            } else if coarse.starts_with("a ")
                || coarse.starts_with("an ")
                || coarse.starts_with("nested")
            {
                "runs from"
            } else {
                "runs"
            };
            (
                coarse.clone(),
                format!("a refused command {verb} {coarse}"),
                detail,
            )
        }
        Some(_) if at.is_some_and(|at| subscript_in_value(&witness.command, at)) => {
            // `x='a[$(P)]'` read by arithmetic (`$((x))`, `${0:x}`,
            // `declare -i`, `test -v`, `${!y}`): one hole however it is read.
            let key = "an array subscript held in a value, evaluated as arithmetic".to_owned();
            let title = format!("a refused command runs from {key}");
            (key, title, detail)
        }
        Some(coarse) => {
            let key = format!("{} | {coarse}", witness.family);
            let title = format!("{summary}: the refused command is {coarse}, read as code");
            (key, title, detail)
        }
        None if at.is_some() => {
            let title = format!("{summary} (the refused command is written plainly in the list)");
            (format!("{} | plain", witness.family), title, None)
        }
        None => {
            let title = format!("{summary} (the refused command is not written out)");
            (format!("{} | hidden", witness.family), title, None)
        }
    }
}

/// Whether the payload at `at` sits in quoted text as `NAME[$(` or
/// ``NAME[` ``: a subscript bash evaluates when the value is read as
/// arithmetic or as a variable name.
fn subscript_in_value(command: &str, at: usize) -> bool {
    let Some(before) = command.get(..at) else {
        return false;
    };
    let Some(quote) = before.rfind(['\'', '"']) else {
        return false;
    };
    let inside = before.get(quote + 1..).unwrap_or("");
    let Some(open) = inside
        .strip_suffix("$(")
        .or_else(|| inside.strip_suffix('`'))
    else {
        return false;
    };
    let Some(name) = open.strip_suffix('[') else {
        return false;
    };
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The witnesses grouped into causes, the cause with the most witnesses
/// first; `summary` names a family's summary.
#[must_use]
pub fn group(
    witnesses: &[Witness],
    calibration: &Calibration,
    summary: impl Fn(&str) -> String,
) -> Vec<Cause> {
    let mut causes: Vec<(String, Cause)> = Vec::new();
    // A witness that runs a calibrated payload is the realistic form of its
    // cause (not one that drifted to `:`): those first, each kind shortest first.
    let calibrated: Vec<String> = calibration
        .payloads
        .iter()
        .cloned()
        .chain(calibration.flags.iter().map(|f| f.with(&f.flag)))
        .collect();
    let unrealistic = |w: &Witness| !w.refused_alone.iter().any(|r| calibrated.contains(r));
    let mut sorted: Vec<&Witness> = witnesses.iter().collect();
    sorted.sort_by(|a, b| {
        (unrealistic(a), a.command.len(), &a.command).cmp(&(
            unrealistic(b),
            b.command.len(),
            &b.command,
        ))
    });
    for witness in sorted {
        let (key, title, construct) = cause_of(witness, calibration, &summary(&witness.family));
        match causes.iter_mut().find(|(k, _)| *k == key) {
            Some((_, cause)) => {
                cause.count += 1;
                cause.witnesses.push(witness.command.clone());
                if !cause.families.contains(&witness.family) {
                    cause.families.push(witness.family.clone());
                }
            }
            None => causes.push((
                key,
                Cause {
                    title,
                    family: witness.family.clone(),
                    families: vec![witness.family.clone()],
                    construct,
                    shortest: witness.command.clone(),
                    count: 1,
                    witnesses: vec![witness.command.clone()],
                },
            )),
        }
    }
    let mut causes: Vec<Cause> = causes.into_iter().map(|(_, c)| c).collect();
    causes.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then(a.shortest.len().cmp(&b.shortest.len()))
    });
    causes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn witness(family: &str, command: &str) -> Witness {
        Witness {
            command: command.to_owned(),
            family: family.to_owned(),
            executed: Vec::new(),
            refused_alone: vec!["git push".to_owned()],
            minimized_from: command.to_owned(),
            confirmed: true,
        }
    }

    /// AUDIT-15: witnesses of one construct are one cause across families;
    /// quoted text and payloads not written out keep their family apart.
    #[test]
    fn audit_15_causes_group_by_construct() {
        let calibration = Calibration {
            bases: vec!["ls".into()],
            payloads: vec!["git push".into()],
            flags: Vec::new(),
        };
        let witnesses = [
            witness("background-jobs", "ls & git push"),
            witness("background-jobs", "ls & git push & wait"),
            witness("command-substitution", "cat <<EOF\n$(git push)\nEOF"),
            witness("backquote-in-words", "cat <<EOF\nx $(git push) y\nEOF"),
            witness(
                "rebind-alias",
                "shopt -s expand_aliases\nalias ls='git push'\nls",
            ),
            witness("interpreter-stdin", "echo 'git push' | bash"),
            witness("spell-quoted", "g\\it push"),
        ];
        let causes = group(&witnesses, &calibration, |f| format!("family {f}"));
        assert_eq!(causes.len(), 5, "{causes:#?}");
        let first = &causes[0];
        assert_eq!(first.count, 2);
        assert_eq!(first.shortest, "ls & git push");
        assert!(first.title.contains("after `&`"), "{}", first.title);
        let heredoc = causes
            .iter()
            .find(|c| c.title.contains("here-document body"))
            .unwrap();
        assert_eq!(heredoc.count, 2);
        assert_eq!(
            heredoc.families,
            ["command-substitution", "backquote-in-words"]
        );
        assert_eq!(heredoc.witnesses.len(), heredoc.count);
        let quoted: Vec<_> = causes
            .iter()
            .filter(|c| c.title.contains("read as code"))
            .collect();
        assert_eq!(quoted.len(), 2);
        assert!(causes.iter().any(|c| c.title.contains("not written out")));
        // Spelled inside a here-document: the here-document's cause; a
        // witness that drifted to another refused command is listed after
        // the realistic ones.
        let mut drifted = witness("lex-heredoc-same-line", "cat <<EOF $(:)\nEOF");
        drifted.refused_alone = vec![":".to_owned()];
        let more = [
            witness("spell-ifs", "cat <<EOF $(git${IFS}push)\nEOF"),
            witness("lex-heredoc-same-line", "head <<EOF $(git push)\nEOF"),
            drifted,
        ];
        let causes = group(&more, &calibration, |f| format!("family {f}"));
        assert_eq!(causes.len(), 1, "{causes:#?}");
        assert_eq!(causes[0].shortest, "head <<EOF $(git push)\nEOF");
        assert_eq!(causes[0].witnesses.last().unwrap(), "cat <<EOF $(:)\nEOF");
        // A subscript held in a value is one hole however arithmetic reads it.
        let subscripts = [
            witness("arith-indirect", "x='a[$(git push)]';echo $((x))"),
            witness("param-indirect", "y='a[$(git push)]';echo ${!y}"),
            witness("builtin-subscript", "test -v 'a[$(git push)]'"),
            witness("prompt-at-p", "x='$(git push)';echo ${x@P}"),
        ];
        let causes = group(&subscripts, &calibration, |f| format!("family {f}"));
        assert_eq!(causes.len(), 2, "{causes:#?}");
        assert_eq!(causes[0].count, 3);
        assert!(causes[0].title.contains("array subscript held in a value"));
    }
}
