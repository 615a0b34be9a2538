//! Classifiers of deployed violations where bash reads a word differently
//! from how it is written (`INV-KNOWN-2`, `GEN-FAM-15`): an argument spelled
//! with quotes, escapes or a line continuation, and a parent command whose
//! rendering shows the substitution that ran inside it.

use super::observation::{judged_units, squeeze, GroundObservation};
use crate::invariants::ground_violations;
use crate::verdict::PermissionState;

/// `text` as bash reads its words, for the spellings the families write:
/// line continuations removed, ANSI-C quotes decoded (by the hardened
/// profile's decoder, checked against bash: one home for what `$'…'` means),
/// `$"` taken as a quote, then quotes and backslashes removed, blanks
/// squeezed.
pub(super) fn read_as_bash(text: &str) -> String {
    let joined = text.replace("\\\n", "");
    let mut out = String::with_capacity(joined.len());
    let mut rest = joined.as_str();
    while let Some(at) = rest.find("$'") {
        out.push_str(rest.get(..at).unwrap_or_default());
        let body = rest.get(at + 2..).unwrap_or_default();
        match crate::hardened::words::spelling::ansi_c(body) {
            Some((decoded, read)) => {
                let raw = body.get(..read.saturating_sub(1)).unwrap_or_default();
                out.push_str(decoded.as_deref().unwrap_or(raw));
                rest = body.get(read..).unwrap_or_default();
            }
            None => {
                out.push_str(body);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    squeeze(&out.replace("$\"", "\"").replace(['\'', '"', '\\'], ""))
}

/// F-36: a judged, allowed unit is spelled with quotes, escapes or a line
/// continuation (`git p\<newline>ush`, `cat $'\x2e'env`): read as bash
/// reads it, the unit is not allowed, and it is what ran (or bash's
/// rendering of what ran holds it, in a parent's substitution).
pub(super) fn words_spelled_differently(o: &GroundObservation<'_>) -> bool {
    let read = read_as_bash(&o.violation.text);
    !read.is_empty()
        && judged_units(o).iter().any(|unit| {
            let unit_read = read_as_bash(&unit.text);
            // As written, blanks aside (a line continuation is a spelling,
            // so not joined here).
            let written = unit.text.split_whitespace().collect::<Vec<_>>().join(" ");
            unit.text.contains(['\'', '"', '\\'])
                && unit_read != written
                && !unit_read.is_empty()
                && read.contains(&unit_read)
                && o.policy.advisory(&unit_read).state != PermissionState::Allow
        })
}

/// G-7 (deployed): the uncovered record is a parent command as bash renders
/// it after running a substitution inside it: read as bash reads it, it is
/// a judged unit (bash requoted `$'…'`), or the substitution's own command,
/// recorded after it, is uncovered too and shows in it. Either way what the
/// substitution ran is judged (and classified) as the record of its own.
pub(super) fn parent_of_an_uncovered_substitution(o: &GroundObservation<'_>) -> bool {
    let parent = &o.violation.text;
    if !["$(", "`", "<(", ">("].iter().any(|s| parent.contains(s)) {
        return false;
    }
    let shown = read_as_bash(parent);
    // bash's rendering of a judged unit, in another quoting (`$'…'` as `'…'`).
    let spaced = |text: &str| read_as_bash(text).replace("$( ", "$(").replace(" )", ")");
    let rendering = judged_units(o)
        .iter()
        .any(|unit| unit.text != *parent && spaced(&unit.text) == spaced(parent));
    rendering
        || ground_violations(o.policy, o.execution)
            .iter()
            .any(|later| {
                let record = o
                    .execution
                    .commands
                    .get(later.index)
                    .map(|r| r.text.as_str());
                later.index > o.violation.index
                    && (shown.contains(&read_as_bash(&later.text))
                        || record.is_some_and(|text| shown.contains(&read_as_bash(text))))
            })
}

/// G-8 (deployed): the record is a program rendered by its argv, which is a
/// judged unit's leading literal words followed by what its expansions
/// produced (`npm test 0` for `npm test ${x:-$((…))}`): bash's trap gave no
/// text (INV-GROUND-4), and the unit was judged as written; the commands
/// its substitutions ran are records of their own, each checked.
pub(super) fn program_of_an_expanded_unit(o: &GroundObservation<'_>) -> bool {
    let Some(record) = o.execution.commands.get(o.violation.index) else {
        return false;
    };
    if record.argv.is_none() {
        return false;
    }
    let shown: Vec<String> = squeeze(&o.violation.text)
        .split(' ')
        .map(str::to_owned)
        .collect();
    judged_units(o).iter().any(|unit| {
        let words: Vec<String> = squeeze(&unit.text).split(' ').map(str::to_owned).collect();
        let literal = words.iter().take_while(|w| !w.contains(['$', '`'])).count();
        literal > 0
            && literal < words.len()
            && shown.len() >= literal
            && shown.get(..literal) == words.get(..literal)
    })
}
