//! Generation: the only place the audit draws cases (`AUDIT-2`).
//!
//! Each *family* is one way bash runs a command that the words of the
//! command line do not show, or spells an option that they hide (bash 5.2's
//! expansions, resolution and parsing; `/work/shared/design/bash-facts.md`).
//! A family composes calibrated ingredients ([`super::calibrate`]): a base
//! the layer approves alone, and a payload or an option it refuses alone.
//! Case `i` of seed `s` is drawn from its own [`SeededChoices`] stream, so
//! any shard can draw any case alone (`AUDIT-8`).
//!
//! These families are the audit's own until the generator families of
//! chapter 11 (`gen::families`) land; the shape of [`Family`] and
//! [`FamilyCase`] is the one agreed for them, so switching is local to this
//! file.

use super::calibrate::{Calibration, Flag};
use crate::gen::{Choices, SeededChoices};

/// One family of generated commands.
#[derive(Debug, Clone, Copy)]
pub struct Family {
    /// Its name, as reports group by it.
    pub name: &'static str,
    /// What it exercises.
    pub summary: &'static str,
    compose: fn(&Parts<'_>, &mut SeededChoices) -> String,
    /// Needs an option ([`Flag`]) rather than a payload.
    needs_flag: bool,
}

/// The ingredients of one case.
struct Parts<'a> {
    base: &'a str,
    payload: &'a str,
    flag: Option<&'a Flag>,
}

/// One generated command and how it was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FamilyCase {
    /// The command string.
    pub command: String,
    /// The family's name.
    pub family: &'static str,
    /// The base it composes.
    pub base: String,
    /// The payload (or the option's command) it hides.
    pub payload: String,
}

/// Every family (`AUDIT-2`).
#[must_use]
pub fn families() -> &'static [Family] {
    FAMILIES
}

/// Case `index` of `seed`, from the calibrated ingredients; `None` when
/// calibration left nothing to compose.
#[must_use]
pub fn draw(seed: u64, index: u64, kept: &Calibration) -> Option<FamilyCase> {
    if !kept.usable() {
        return None;
    }
    let mut choices = SeededChoices::new(seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F));
    let usable: Vec<&Family> = FAMILIES
        .iter()
        .filter(|f| {
            if f.needs_flag {
                !kept.flags.is_empty()
            } else {
                !kept.payloads.is_empty()
            }
        })
        .collect();
    let family = *choices.pick(&usable)?;
    let base = choices.pick(&kept.bases)?;
    let flag = choices.pick(&kept.flags);
    let payload = choices.pick(&kept.payloads).map_or("", String::as_str);
    let parts = Parts {
        base,
        payload,
        flag: flag.filter(|_| family.needs_flag),
    };
    let core = (family.compose)(&parts, &mut choices);
    let command = place(&core, base, &kept.bases, &mut choices);
    let payload = match parts.flag {
        Some(flag) => flag.with(&flag.flag),
        None => payload.to_owned(),
    };
    Some(FamilyCase {
        command,
        family: family.name,
        base: base.clone(),
        payload,
    })
}

/// The case alone, or beside another approved base.
fn place(core: &str, base: &str, bases: &[String], c: &mut SeededChoices) -> String {
    let other = c.pick(bases).map_or(base, String::as_str);
    match c.choose(4) {
        0 | 1 => core.to_owned(),
        2 => format!("{other} && {core}"),
        _ => format!("{other}; {core}"),
    }
}

fn first_word(command: &str) -> &str {
    command.split(' ').next().unwrap_or(command)
}

fn pick<'a>(c: &mut SeededChoices, items: &[&'a str]) -> &'a str {
    items.get(c.choose(items.len())).copied().unwrap_or("")
}

const FAMILIES: &[Family] = &[
    Family {
        name: "arithmetic-variable",
        summary: "a variable holding `a[$(P)]` evaluated as arithmetic: the subscript runs P",
        compose: arithmetic_variable,
        needs_flag: false,
    },
    Family {
        name: "arithmetic-name",
        summary: "a builtin that takes a variable name, given `a[$(P)]`",
        compose: arithmetic_name,
        needs_flag: false,
    },
    Family {
        name: "prompt-expansion",
        summary: "`${x@P}` and `PS4` under `set -x` expand a prompt string, substitutions included",
        compose: prompt_expansion,
        needs_flag: false,
    },
    Family {
        name: "backquote-nesting",
        summary: "backquotes nested in backquotes or in a `${…}` operand",
        compose: backquote_nesting,
        needs_flag: false,
    },
    Family {
        name: "hash-resolution",
        summary: "`hash -p` or `BASH_CMDS` makes an approved name run another program",
        compose: hash_resolution,
        needs_flag: false,
    },
    Family {
        name: "comment-continuation",
        summary: "a comment ending in a backslash does not continue: the next line runs",
        compose: comment_continuation,
        needs_flag: false,
    },
    Family {
        name: "heredoc-list",
        summary: "a here-document operator followed by more of the list on its line",
        compose: heredoc_list,
        needs_flag: false,
    },
    Family {
        name: "brace-command",
        summary: "brace expansion builds the command words",
        compose: brace_command,
        needs_flag: false,
    },
    Family {
        name: "alias-expansion",
        summary: "an alias defined on one line expands on the next",
        compose: alias_expansion,
        needs_flag: false,
    },
    Family {
        name: "process-substitution",
        summary: "a process or command substitution in a redirection",
        compose: process_substitution,
        needs_flag: false,
    },
    Family {
        name: "trap-handler",
        summary: "a trap handler runs when the shell exits",
        compose: trap_handler,
        needs_flag: false,
    },
    Family {
        name: "brace-flag",
        summary: "an option spelled by brace expansion: `{-delete,}`",
        compose: brace_flag,
        needs_flag: true,
    },
    Family {
        name: "escaped-flag",
        summary: "an option with a backslash bash removes: `-ex\\ec`",
        compose: escaped_flag,
        needs_flag: true,
    },
    Family {
        name: "quoted-flag",
        summary: "an option with quotes bash removes: `-de''lete`, `\"-i\"`",
        compose: quoted_flag,
        needs_flag: true,
    },
    Family {
        name: "ansi-c-flag",
        summary: "an option in ANSI-C quoting: `$'-delete'`, `$'\\x2ddelete'`",
        compose: ansi_c_flag,
        needs_flag: true,
    },
    Family {
        name: "ifs-flag",
        summary: "an option split off by `$IFS`: `find .${IFS}-delete`",
        compose: ifs_flag,
        needs_flag: true,
    },
];

fn arithmetic_variable(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    let set = format!("x='a[$({})]'", p.payload);
    if c.choose(2) == 0 {
        let word = pick(
            c,
            &[
                "$((x))",
                "$[x]",
                "${x:x}",
                "${y[x]}",
                "${@:x}",
                "${#x[$x]}",
                "${!x}",
            ],
        );
        format!("{set}; {} {word}", p.base)
    } else {
        let statement = pick(
            c,
            &[
                "(( x ))",
                "[[ x -eq 1 ]]",
                "[[ $x -eq 1 ]]",
                "for ((;x;)); do :; done",
                "case 1 in $((x))) ;; esac",
            ],
        );
        format!("{set}; {statement}; {}", p.base)
    }
}

fn arithmetic_name(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    let name = format!("'a[$({})]'", p.payload);
    let statement = match c.choose(7) {
        0 => format!("test -v {name}"),
        1 => format!("[[ -v {name} ]]"),
        2 => format!("[ -v {name} ]"),
        3 => format!("printf -v {name} x"),
        4 => format!("read {name} <<< 1"),
        5 => format!("let {name}"),
        _ => format!("declare -i y={name}"),
    };
    format!("{} && {statement}", p.base)
}

fn prompt_expansion(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    match c.choose(3) {
        0 => format!("x='$({})'; {} ${{x@P}}", p.payload, p.base),
        1 => format!("x='`{}`'; {} \"${{x@P}}\"", p.payload, p.base),
        _ => format!("PS4='$({})'; set -x; {}", p.payload, p.base),
    }
}

fn backquote_nesting(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    match c.choose(4) {
        0 => format!("{} \"`echo \\`{}\\``\"", p.base, p.payload),
        1 => format!("{} `echo \\`{}\\``", p.base, p.payload),
        2 => format!("{} ${{x:-`{}`}}", p.base, p.payload),
        _ => format!("{} \"${{x:-`{}`}}\"", p.base, p.payload),
    }
}

fn hash_resolution(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    let name = first_word(p.base);
    let program = first_word(p.payload);
    let args = p.payload.get(program.len()..).unwrap_or("");
    match c.choose(2) {
        0 => format!("hash -p /usr/bin/{program} {name}; {name}{args}"),
        _ => format!("BASH_CMDS[{name}]=/usr/bin/{program}; {name}{args}"),
    }
}

fn comment_continuation(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    let comment = pick(c, &["# \\", "#\\", "# x \\"]);
    format!("{} {comment}\n{}", p.base, p.payload)
}

fn heredoc_list(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    let (operator, body, end) = match c.choose(3) {
        0 => ("<<EOF", "hi", "EOF"),
        1 => ("<<'EOF'", "hi", "EOF"),
        _ => ("<<-EOF", "\thi", "\tEOF"),
    };
    let joint = pick(c, &["&&", ";", "|"]);
    format!("{} {operator} {joint} {}\n{body}\n{end}", p.base, p.payload)
}

fn brace_command(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    let words: Vec<&str> = p.payload.split(' ').collect();
    let braced = if words.len() > 1 {
        format!("{{{}}}", words.join(","))
    } else {
        format!("{{{},}}", p.payload)
    };
    match c.choose(2) {
        0 => braced,
        _ => format!("{} && {braced}", p.base),
    }
}

fn alias_expansion(p: &Parts<'_>, _c: &mut SeededChoices) -> String {
    let name = first_word(p.base);
    format!(
        "shopt -s expand_aliases; alias {name}='{}'\n{name}",
        p.payload
    )
}

fn process_substitution(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    match c.choose(4) {
        0 => format!("{} > >({})", p.base, p.payload),
        1 => format!("{} < <({})", p.base, p.payload),
        2 => format!("{} 2> >({})", p.base, p.payload),
        _ => format!("{} <<< \"$({})\"", p.base, p.payload),
    }
}

fn trap_handler(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    let signal = pick(c, &["EXIT", "ERR", "RETURN"]);
    format!("trap '{}' {signal}; {}", p.payload, p.base)
}

/// The option of a flag family, respelled by `spell`.
fn flagged(p: &Parts<'_>, spell: impl Fn(&str) -> String) -> String {
    match p.flag {
        Some(flag) => flag.with(&spell(&flag.flag)),
        None => p.base.to_owned(),
    }
}

fn brace_flag(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    let form = c.choose(3);
    flagged(p, |f| match form {
        0 => format!("{{{f},}}"),
        1 => format!("{{,{f}}}"),
        _ => format!("{f}{{,}}"),
    })
}

/// Splits an option after its `-`s and one more character: `-ex` + `ec`.
fn split_flag(flag: &str, at: usize) -> (&str, &str) {
    let dashes = flag.len() - flag.trim_start_matches('-').len();
    let body = flag.len() - dashes;
    let cut = dashes + 1 + at % body.max(1);
    let cut = cut.min(flag.len());
    (
        flag.get(..cut).unwrap_or(flag),
        flag.get(cut..).unwrap_or(""),
    )
}

fn escaped_flag(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    let at = c.choose(8);
    flagged(p, |f| {
        let (head, tail) = split_flag(f, at);
        if tail.is_empty() {
            format!("\\{f}")
        } else {
            format!("{head}\\{tail}")
        }
    })
}

fn quoted_flag(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    let form = c.choose(4);
    let at = c.choose(8);
    flagged(p, |f| {
        let (head, tail) = split_flag(f, at);
        match form {
            0 => format!("{head}''{tail}"),
            1 => format!("\"{f}\""),
            2 => format!("'{f}'"),
            _ => format!("{head}\"\"{tail}"),
        }
    })
}

fn ansi_c_flag(p: &Parts<'_>, c: &mut SeededChoices) -> String {
    let form = c.choose(2);
    flagged(p, |f| match f.strip_prefix('-') {
        // `\x2d` is the `-`: only an option has one to hide.
        Some(rest) if form == 1 => format!("$'\\x2d{rest}'"),
        _ => format!("$'{f}'"),
    })
}

fn ifs_flag(p: &Parts<'_>, _c: &mut SeededChoices) -> String {
    match p.flag {
        Some(flag) => {
            let mut command = format!("{}${{IFS}}{}", flag.base, flag.flag);
            if !flag.rest.is_empty() {
                command.push(' ');
                command.push_str(&flag.rest);
            }
            command
        }
        None => p.base.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept() -> Calibration {
        Calibration {
            bases: vec!["ls".into(), "echo hi".into()],
            payloads: vec!["git push".into()],
            flags: vec![Flag {
                base: "find .".into(),
                flag: "-exec".into(),
                rest: "touch pwned \\;".into(),
            }],
        }
    }

    /// AUDIT-2: case `i` of a seed is the same whenever it is drawn, and
    /// every family is reached.
    #[test]
    fn audit_2_draws_are_deterministic_and_reach_every_family() {
        let kept = kept();
        let first: Vec<_> = (0..400).map(|i| draw(7, i, &kept)).collect();
        let again: Vec<_> = (0..400).rev().map(|i| draw(7, i, &kept)).collect();
        assert_eq!(first, again.into_iter().rev().collect::<Vec<_>>());
        for family in families() {
            assert!(
                first
                    .iter()
                    .flatten()
                    .any(|case| case.family == family.name),
                "{} never drawn",
                family.name
            );
        }
        assert_eq!(draw(7, 0, &Calibration::default()), None);
    }

    /// AUDIT-2: the option families respell exactly the option.
    #[test]
    fn audit_2_option_spellings() {
        let flag = &kept().flags[0];
        let parts = Parts {
            base: "ls",
            payload: "",
            flag: Some(flag),
        };
        let mut zero = SeededChoices::new(0);
        assert_eq!(split_flag("-exec", 1), ("-ex", "ec"));
        assert_eq!(split_flag("-i", 3), ("-i", ""));
        assert_eq!(
            ifs_flag(&parts, &mut zero),
            "find .${IFS}-exec touch pwned \\;"
        );
        let escaped = escaped_flag(&parts, &mut zero);
        assert_ne!(escaped, flag.with("-exec"));
        assert_eq!(escaped.replacen('\\', "", 1), flag.with("-exec"));
    }
}
