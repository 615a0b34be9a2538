//! Classifiers of the deployed violations the families of bash constructs
//! find (`INV-KNOWN-2`, `GEN-FAM-15`): a payload bash runs from inside a
//! word the deployed parse reads as text, or through a name, a builtin or a
//! shell the floors do not know. Each recognizes the construct that hid the
//! payload in the command's text, and requires that no judged unit is what
//! ran (else the gate would have judged it).

use super::observation::{judged_units, squeeze, GroundObservation};
use super::respelled::read_as_bash;
use crate::policy::floor::basename;

/// The executed text, blanks squeezed, backslashes removed (a nested
/// backquote level is recorded with its escapes undone once).
fn executed(o: &GroundObservation<'_>) -> String {
    squeeze(&o.violation.text).replace('\\', "")
}

/// No judged unit is the executed text: the gate never saw it alone.
fn unseen(o: &GroundObservation<'_>, executed: &str) -> bool {
    !executed.is_empty()
        && !judged_units(o)
            .iter()
            .any(|u| squeeze(&u.text).replace('\\', "") == executed)
}

/// The command, blanks squeezed and backslashes removed.
fn plain(o: &GroundObservation<'_>) -> String {
    squeeze(o.command).replace('\\', "")
}

/// Offsets in `haystack` where a substitution of `inner` starts: `$(inner)`,
/// `$( inner )`, `` `inner` ``, `<(inner)`, `>(inner)`, and `$(inner;`, the
/// first command of a list (the commit-message idiom `"$(inner; cat <<'EOF'
/// …)"`).
fn substitutions(haystack: &str, inner: &str) -> Vec<usize> {
    let forms = [
        format!("$({inner})"),
        format!("$( {inner} )"),
        format!("`{inner}`"),
        format!("<({inner})"),
        format!(">({inner})"),
        format!("$({inner};"),
    ];
    let mut at: Vec<usize> = forms
        .iter()
        .flat_map(|form| haystack.match_indices(form.as_str()).map(|(i, _)| i))
        .collect();
    at.sort_unstable();
    at
}

/// Whether offset `at` of `text` lies inside single quotes (an odd number
/// of `'` before it).
fn single_quoted(text: &str, at: usize) -> bool {
    text.get(..at)
        .is_some_and(|before| before.matches('\'').count() % 2 == 1)
}

/// Whether offset `at` of `text` lies inside an unclosed `${`.
fn in_parameter_expansion(text: &str, at: usize) -> bool {
    let before = text.get(..at).unwrap_or_default();
    let open = before.rfind("${");
    let close = before.rfind('}');
    open.is_some_and(|open| close.is_none_or(|close| close < open))
}

/// F-29: what ran was a backquote substitution inside a parameter
/// expansion's operand or inside another backquote, which the parse reads
/// as text.
pub(super) fn backquotes_read_as_text(o: &GroundObservation<'_>) -> bool {
    let executed = executed(o);
    let command = plain(o);
    let quoted = format!("`{executed}`");
    let Some(at) = command.find(&quoted) else {
        return false;
    };
    let nested = command
        .get(..at)
        .is_some_and(|before| before.matches('`').count() % 2 == 1);
    unseen(o, &executed)
        && (nested || in_parameter_expansion(&command, at) || o.command.contains("\\`"))
}

/// F-30: what ran was a `$( )`, `<( )` or `>( )` inside the operand of a
/// parameter expansion (`${x:-$(…)}`, `${v:$(…)}`, `${x#$(…)}`), judged as
/// part of its word.
pub(super) fn substitution_in_an_expansion_operand(o: &GroundObservation<'_>) -> bool {
    let executed = executed(o);
    let command = plain(o);
    unseen(o, &executed)
        && substitutions(&command, &executed)
            .into_iter()
            .any(|at| in_parameter_expansion(&command, at) && !single_quoted(&command, at))
}

/// Builtins that evaluate a subscript inside a variable name argument.
const NAME_EVALUATING: &[&str] = &[
    "test ",
    "[ ",
    "[[ ",
    "read ",
    "unset ",
    "declare ",
    "local ",
    "typeset ",
    "printf -v",
    "export ",
    "readonly ",
    "mapfile ",
    "readarray ",
    "wait ",
    "f() { local",
];

/// The single-quoted `a[$(cmd)]` (or backquoted) strings that hold what ran.
fn quoted_subscript(o: &GroundObservation<'_>) -> Option<String> {
    let executed = executed(o);
    let command = plain(o);
    let hit = substitutions(&command, &executed).into_iter().find(|&at| {
        single_quoted(&command, at) && command.get(..at).is_some_and(|b| b.ends_with('['))
    })?;
    unseen(o, &executed).then(|| command.get(..hit).unwrap_or_default().to_owned())
}

/// F-31: what ran was a substitution in a subscript written inside single
/// quotes (`x='a[$(cmd)]'`), which arithmetic evaluates when it reads the
/// value: `$((x))`, `(( x ))`, `[[ $x -eq 0 ]]`, `let`, `declare -i`,
/// substring offsets, subscripts, `${!x}`.
pub(super) fn quoted_subscript_evaluated_as_arithmetic(o: &GroundObservation<'_>) -> bool {
    quoted_subscript(o).is_some() && !quoted_subscript_of_a_name(o)
}

/// F-32: what ran was a substitution in a quoted subscript handed to a
/// builtin as a variable name (`test -v 'a[$(cmd)]'`, `read`, `unset`,
/// `declare`, `printf -v`), which the builtin evaluates.
pub(super) fn quoted_subscript_of_a_name(o: &GroundObservation<'_>) -> bool {
    let Some(before) = quoted_subscript(o) else {
        return false;
    };
    // The statement the quoted string belongs to starts after the last separator.
    let statement = before
        .rsplit([';', '&', '|', '(', '\n'])
        .next()
        .unwrap_or_default()
        .trim_start();
    NAME_EVALUATING.iter().any(|b| statement.starts_with(b))
}

/// Whether what ran occurs inside single quotes in the command.
fn quoted_in_command(o: &GroundObservation<'_>, executed: &str) -> bool {
    let command = plain(o);
    command
        .match_indices(executed)
        .any(|(at, _)| single_quoted(&command, at))
}

/// F-33: what ran is a quoted value that bash expands as a prompt (`PS4`
/// before `set -x`, `${x@P}`, `PS0`, `PROMPT_COMMAND` in an interactive
/// bash).
pub(super) fn expanded_as_a_prompt(o: &GroundObservation<'_>) -> bool {
    let executed = executed(o);
    ["PS4", "@P}", "PS0", "PS1", "PROMPT_COMMAND"]
        .iter()
        .any(|p| o.command.contains(p))
        && unseen(o, &executed)
        && quoted_in_command(o, &executed)
}

/// F-34: bash's command tables rebind a name the policy allows: `hash -p`,
/// `BASH_CMDS[…]`, `alias`/`BASH_ALIASES[…]` with `expand_aliases`, `enable
/// -n` of a builtin; what ran is the program the name was bound to, or the
/// alias's quoted value.
pub(super) fn name_rebound_by_a_command_table(o: &GroundObservation<'_>) -> bool {
    let executed = executed(o);
    let rebinds = ["hash -p", "BASH_CMDS", "alias ", "BASH_ALIASES"]
        .iter()
        .any(|p| o.command.contains(p));
    // The program never stands as a command word of a judged unit: bash
    // reached it through the table.
    let program = executed.split(' ').next().unwrap_or_default();
    let named = judged_units(o)
        .iter()
        .any(|u| squeeze(&u.text).split(' ').next() == Some(program));
    rebinds && unseen(o, &executed) && (!named || quoted_in_command(o, &executed))
}

/// Shells and `source`: they run a script their words do not show.
const SHELLS: &[&str] = &[
    "bash", "sh", "dash", "rbash", "ksh", "zsh", "source", ".", "busybox",
];

/// Builtins that run a command from their arguments, not floored.
const RUNNING_BUILTINS: &[&str] = &[
    "jobs",
    "mapfile",
    "readarray",
    "compgen",
    "trap",
    "fc",
    "history",
    "builtin",
    "complete",
];

/// The first word of each judged unit (after leading assignments).
fn unit_heads<'a>(o: &GroundObservation<'a>) -> Vec<String> {
    judged_units(o)
        .iter()
        .filter_map(|u| {
            squeeze(&u.text)
                .split(' ')
                .find(|w| !w.contains('=') || w.starts_with('='))
                .map(str::to_owned)
        })
        .collect()
}

/// F-13: what ran is a script a shell read from standard input, a
/// descriptor or a process substitution (`bash -s <<< '…'`, `sh
/// /dev/fd/3 3<<< '…'`, `bash <(echo …)`, `source /dev/stdin`).
pub(super) fn script_of_a_shell_on_a_stream(o: &GroundObservation<'_>) -> bool {
    let executed = executed(o);
    unseen(o, &executed)
        && o.command.contains(&executed)
        && unit_heads(o).iter().any(|h| SHELLS.contains(&h.as_str()))
}

/// F-10: what ran is the argument of a builtin that runs it (`jobs -x`,
/// `mapfile -C`, `compgen -C`, `trap`, `fc -s` after `history -s`).
pub(super) fn run_by_a_builtin(o: &GroundObservation<'_>) -> bool {
    let executed = executed(o);
    unseen(o, &executed)
        && o.command.contains(&executed)
        && unit_heads(o)
            .iter()
            .any(|h| RUNNING_BUILTINS.contains(&h.as_str()))
}

/// F-11 and F-14 by the program: what ran was started under a name the
/// command spells differently (`$'\x72m'`, `r''m`, `{rm,}`, a glob, a
/// path; bash renders `$'\u0072m'` as `'rm'`) or computes (`$c`,
/// `${c[@]}`): the record's first word is not the program's basename.
/// F-14 when it starts with `$` or a backquote. `None` when the record
/// names its program as it is, or no program ran.
fn started_under_another_name(o: &GroundObservation<'_>) -> Option<bool> {
    let record = o.execution.commands.get(o.violation.index)?;
    let program = record.argv.as_ref()?.first()?;
    let name = squeeze(&record.text);
    let first = name.split(' ').next().unwrap_or_default();
    if first == basename(program) || !unseen(o, &executed(o)) {
        return None;
    }
    Some(name.starts_with(['$', '`']) || name.starts_with("\"$"))
}

/// F-11: see [`started_under_another_name`].
pub(super) fn program_spelled_differently(o: &GroundObservation<'_>) -> bool {
    started_under_another_name(o) == Some(false)
}

/// F-14: see [`started_under_another_name`].
pub(super) fn program_name_computed(o: &GroundObservation<'_>) -> bool {
    started_under_another_name(o) == Some(true)
}

/// F-35: a here-document operator followed by a list on the same line
/// (`cat <<EOF && cmd`): what ran is the rest of that line, which the
/// parse reads as part of the here-document's command.
pub(super) fn list_after_a_here_document_operator(o: &GroundObservation<'_>) -> bool {
    let executed = executed(o);
    o.command.lines().any(|line| {
        line.find("<<").is_some_and(|at| {
            line.get(at..)
                .is_some_and(|rest| rest.contains(&executed) && rest.contains(['&', ';', '|']))
        })
    }) && unseen(o, &executed)
}

/// F-7: what ran is a substitution in a redirect target or a here-string
/// (`echo x > "$(cmd)"`, `cat <<< "$(cmd)"`, `ls > "out-$(cmd).log"`,
/// `ls 2>> logs/`cmd`.txt`), which the parse does not enumerate.
pub(super) fn substitution_in_a_redirection(o: &GroundObservation<'_>) -> bool {
    let executed = executed(o);
    let command = plain(o);
    unseen(o, &executed)
        && substitutions(&command, &executed).into_iter().any(|at| {
            // The target's literal text before the substitution is part of
            // the same word (`"out-`, `logs/`, `&>~/"`).
            let before = command.get(..at).unwrap_or_default();
            let trimmed = before.trim_end_matches([' ', '"']);
            let literal = before
                .trim_end_matches(|c: char| c.is_alphanumeric() || "-_./\"".contains(c))
                .trim_end_matches(' ');
            trimmed.ends_with(['>', '<'])
                || trimmed.ends_with(">|")
                || literal.ends_with(['>', '<'])
                || literal.ends_with(">|")
                || in_a_target_word(before)
        })
}

/// Whether the text of the word that `before` ends inside starts with a
/// redirection operator (after its descriptor): the substitution is part of
/// a target word, spelled with text around it (`&>~/"$(cmd)"`,
/// `>&x"`cmd`"`, `10>$'x'$(cmd)`; issue 37's `redir-operators`).
fn in_a_target_word(before: &str) -> bool {
    let word = before
        .rsplit([' ', '\t', '\n', ';'])
        .next()
        .unwrap_or_default();
    let word = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let word = match word.strip_prefix('{') {
        Some(rest) => rest.split_once('}').map_or(word, |(_, after)| after),
        None => word,
    };
    word.starts_with(['<', '>']) || word.starts_with("&>")
}

/// F-8, wherever it stands: what ran occurs in the body of an unquoted
/// here-document (between the operator's line and the delimiter line),
/// which bash expands and the parse never enters.
pub(super) fn in_an_unquoted_here_document_body(o: &GroundObservation<'_>) -> bool {
    let executed = executed(o);
    if !unseen(o, &executed) {
        return false;
    }
    // bash renders `a |& b` as `a 2>&1 | b`, and reads `$"…"` as `"…"`.
    let shown = read_as_bash(executed.trim_end_matches(" 2>&1"));
    let joined = o.command.replace("\\\n", "");
    let mut delimiter: Option<String> = None;
    for line in joined.lines() {
        match &delimiter {
            Some(word) if line.trim_start_matches('\t') == word => delimiter = None,
            Some(_) => {
                if read_as_bash(line).contains(&shown) {
                    return true;
                }
            }
            None => {
                delimiter = line.rfind("<<").and_then(|at| {
                    let rest = line.get(at + 2..)?.trim_start_matches(['-', ' ']);
                    let word: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    (!word.is_empty() && !rest.starts_with(['<', '\'', '"'])).then_some(word)
                });
            }
        }
    }
    false
}

/// F-6, with a subscript or a compound value: what ran is a substitution
/// in an assignment `a[…]=…` or `a+=(…)`, `a=(…)`, judged as one unit.
pub(super) fn in_an_array_assignment(o: &GroundObservation<'_>) -> bool {
    let executed = executed(o);
    unseen(o, &executed)
        && judged_units(o).iter().any(|unit| {
            let text = plain_text(&unit.text);
            let name = text
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(0);
            name > 0
                && text.get(name..).is_some_and(|r| {
                    r.starts_with('[') || r.starts_with("+=(") || r.starts_with("=(")
                })
                && !substitutions(&text, &executed).is_empty()
        })
}

/// F-5, for `[`, `test` and `unset` (which tree-sitter-bash parses like a
/// declaration): what ran is a substitution among their operands, judged
/// whole.
pub(super) fn in_a_test_command(o: &GroundObservation<'_>) -> bool {
    let executed = executed(o);
    unseen(o, &executed)
        && judged_units(o).iter().any(|unit| {
            let text = plain_text(&unit.text);
            ["[ ", "test ", "unset "]
                .iter()
                .any(|p| text.starts_with(p))
                && !substitutions(&text, &executed).is_empty()
        })
}

/// F-37: a brace expansion in command position (`{sudo,} ls`), a
/// parameter expansion holding `$((`, or an unclosed `[` makes the parse
/// join the list before it into one unit, or split a word or the rest of a
/// list off its command into a unit that is no command: what ran is a
/// command of the joined unit, the command with the word the parse split
/// off (`npm test 0` for `npm test ${x:-$((a[$(cmd)]))}`), or inside the
/// split-off unit (`&& [ x `cmd``).
pub(super) fn parse_joined_or_split_by_a_word(o: &GroundObservation<'_>) -> bool {
    let executed = executed(o);
    let brace = |w: &str| w.starts_with('{') && w.contains(',') && w.contains('}');
    // Joined: a unit holds what ran and a brace word, or what ran and a
    // separator after it (the parse's recovery made the list one unit).
    let joined = judged_units(o).iter().any(|unit| {
        let text = plain_text(&unit.text);
        let listed = [";", "&", "|"].iter().any(|sep| {
            text.starts_with(&format!("{executed}{sep}"))
                || text.starts_with(&format!("{executed} {sep}"))
        });
        text != executed && text.contains(&executed) && (text.split(' ').any(brace) || listed)
    });
    // Split: what ran is a unit followed by the word the parse split off,
    // which is a unit of its own that is no command (`"$( …`, `${x:-$((…`).
    let no_command = |text: &str| text.starts_with(['"', '$', '{', '<', '&', '|', ';']);
    let split_off = judged_units(o).iter().any(|unit| no_command(&unit.text));
    let split = split_off
        && judged_units(o).iter().any(|unit| {
            let text = plain_text(&unit.text);
            let after = o
                .command
                .find(&format!("{} ", unit.text))
                .and_then(|at| o.command.get(at + unit.text.len() + 1..));
            executed.starts_with(&format!("{text} ")) && after.is_some_and(no_command)
        });
    // Or what ran lies inside such a split-off unit (`&& [ x `cmd``).
    let inside = judged_units(o)
        .iter()
        .any(|unit| no_command(&unit.text) && plain_text(&unit.text).contains(&executed));
    unseen(o, &executed) && (joined || split || inside)
}

fn plain_text(text: &str) -> String {
    squeeze(text).replace('\\', "")
}

/// F-38: a program ran with a variable no rule saw beside it
/// (`INV-GROUND-8`: the violation is the environment form `env NAME=value
/// program …`), set by syntax that is no assignment word of the program's
/// command: `set -k` (an assignment among the arguments), `set -a`,
/// `export` of a quoted or brace-expanded word, `read`, `for`, `mapfile`,
/// `printf -v`, a nameref, `declare -x`.
pub(super) fn environment_without_an_assignment_word(o: &GroundObservation<'_>) -> bool {
    let Some(rest) = o.violation.text.strip_prefix("env ") else {
        return false;
    };
    // The environment form, not a command that is itself `env …`.
    let record = o.execution.commands.get(o.violation.index);
    if record.is_none_or(|r| squeeze(&r.text).starts_with("env ")) {
        return false;
    }
    let names: Vec<&str> = rest
        .split(' ')
        .map(|w| w.trim_start_matches('\''))
        .take_while(|w| w.contains('='))
        .filter_map(|w| w.split('=').next())
        .filter(|n| !n.is_empty())
        .collect();
    !names.is_empty()
        && names.iter().all(|name| {
            o.command.contains(name)
                && !judged_units(o)
                    .iter()
                    .any(|u| squeeze(&u.text).starts_with(&format!("{name}=")))
        })
}
