//! The rule-free property (`AUDIT-4`, `AUDIT-5`): when the layer approves a
//! command, every simple command bash executes for it must be one the layer
//! approves on its own.

use serde::{Deserialize, Serialize};

use super::layer::{Answer, Ask, Layer};
use super::AuditError;
use crate::ground::{literal_words, quote_words, shell_quote, Executed, Execution, Resolution};

/// Bash's builtins (bash 5.2, `compgen -b`), one list for the crate: a
/// record of one ran no program but is a simple command bash executed,
/// judged by its text.
use crate::hardened::contract::admitted::ALL_BUILTINS as BUILTINS;

/// Words that start a compound command's head or a keyword record: it runs
/// no program itself (`INV-GROUND-6`); what it runs is recorded apart.
const HEADS: &[&str] = &[
    "for", "select", "case", "[[", "((", "time", "!", "if", "while", "until", "function", "{",
    "coproc",
];

/// One executed simple command, as the layer is asked about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rendered {
    /// Judged: the layer is asked about it alone.
    Judged(Ask),
    /// Runs nothing of its own (assignments only, a compound head).
    Nothing,
    /// No program ran and the name is no builtin: a function call, a
    /// program not found, or a text bash gave no program of its own (`AUDIT-5`).
    Unresolved(String, Apart),
}

/// Variables bash itself changes for every program or directory change;
/// a difference in them is no assignment the command made.
const BASH_SET: &[&str] = &["_", "PWD", "OLDPWD", "SHLVL"];

/// How an executed command is asked about alone (`AUDIT-4`): a program by
/// its argv (the basename of the program that ran, then its arguments after
/// expansion), after the environment it ran with where that differs from
/// the command's base environment (`INV-GROUND-8`), as assignments; a
/// builtin by its text. How bash resolved the name decides which.
#[must_use]
pub fn render(executed: &Executed) -> Rendered {
    if let Some(argv) = &executed.argv {
        let mut argv = argv.clone();
        if let Some(first) = argv.first_mut() {
            *first = basename(first).to_owned();
        }
        let mut text = String::new();
        for (name, value) in executed.environment.iter().flatten() {
            if let (Some(value), false) = (value, BASH_SET.contains(&name.as_str())) {
                text.push_str(&format!("{name}={} ", shell_quote(value)));
            }
        }
        text.push_str(&quote_words(&argv));
        return Rendered::Judged(Ask::Simple { text, argv });
    }
    let name = command_word(&executed.text);
    match (executed.resolved_as, name) {
        (_, None) | (Resolution::Keyword | Resolution::None, _) => Rendered::Nothing,
        (_, Some(name)) if HEADS.contains(&name) => Rendered::Nothing,
        (Resolution::Function, Some(name)) => {
            Rendered::Unresolved(name.to_owned(), Apart::FunctionCall)
        }
        (Resolution::NotFound, Some(name)) => {
            Rendered::Unresolved(name.to_owned(), Apart::NotFound)
        }
        (_, Some(name)) if BUILTINS.contains(&name) => Rendered::Judged(Ask::Simple {
            text: executed.text.clone(),
            argv: literal_words(&executed.text).unwrap_or_else(|| vec![executed.text.clone()]),
        }),
        (_, Some(name)) => Rendered::Unresolved(name.to_owned(), Apart::NoProgram),
    }
}

/// A record whose name is computed (`$c x`, `${c} x`) and that started no
/// program, no function and no not-found handler ran a builtin (`AUDIT-17`).
/// When the command assigns that variable a plain builtin name
/// (`c=kill`, `c='kill'`, `declare c=kill`), the record is judged as that
/// builtin with its words; otherwise it is set apart as
/// [`Apart::ComputedName`].
fn resolve_computed(command: &str, executed: &Executed, rendered: Rendered) -> Rendered {
    let Rendered::Unresolved(name, Apart::NoProgram) = &rendered else {
        return rendered;
    };
    let variable = name
        .strip_prefix("${")
        .and_then(|n| n.strip_suffix('}'))
        .or_else(|| name.strip_prefix('$'));
    let Some(variable) = variable
        .filter(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
    else {
        return rendered;
    };
    let resolved = assigned_value(command, variable).filter(|v| BUILTINS.contains(&v.as_str()));
    match resolved {
        Some(builtin) => {
            let rest = executed
                .text
                .trim_start()
                .strip_prefix(name.as_str())
                .unwrap_or("");
            let text = format!("{builtin}{rest}");
            Rendered::Judged(Ask::Simple {
                argv: literal_words(&text).unwrap_or_else(|| vec![text.clone()]),
                text,
            })
        }
        None => Rendered::Unresolved(name.clone(), Apart::ComputedName),
    }
}

/// The last plain value `command` assigns to `variable` (`v=word`,
/// `v='word'`, `v="word"`, after `declare`/`local`/`export` or a
/// separator), if every assignment of it is plain.
fn assigned_value(command: &str, variable: &str) -> Option<String> {
    let mut value = None;
    let prefix = format!("{variable}=");
    for word in command.split([' ', '\t', '\n', ';', '&', '|', '(', ')', '{', '}']) {
        let Some(raw) = word.strip_prefix(&prefix) else {
            continue;
        };
        let plain = raw
            .strip_prefix('\'')
            .and_then(|r| r.strip_suffix('\''))
            .or_else(|| raw.strip_prefix('"').and_then(|r| r.strip_suffix('"')))
            .unwrap_or(raw);
        if plain.is_empty()
            || !plain
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return None;
        }
        value = Some(plain.to_owned());
    }
    value
}

/// The first word after the assignments, as written; `None` for an
/// assignment-only or empty text.
fn command_word(text: &str) -> Option<&str> {
    text.split([' ', '\t', '\n'])
        .filter(|w| !w.is_empty())
        .find(|w| !is_assignment(w))
}

fn is_assignment(word: &str) -> bool {
    let Some((name, _)) = word.split_once('=') else {
        return false;
    };
    let name = name.strip_suffix('+').unwrap_or(name);
    let name = name.split('[').next().unwrap_or(name);
    !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn basename(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// Why a refused executed command is set apart, not a witness (`AUDIT-5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Apart {
    /// The layer approves it when a pipe feeds it (`xargs`).
    PipeFed,
    /// A function the command defines, called.
    FunctionCall,
    /// No such program.
    NotFound,
    /// No program ran for the text and bash did not say why (a text the
    /// trap renders inside an expansion, a program attributed to another
    /// record).
    NoProgram,
    /// A name computed when the command ran (`$c`) that started no program:
    /// a builtin, whose name the command does not assign plainly.
    ComputedName,
}

impl Apart {
    /// Every reason, for the report's explanation of each.
    pub const ALL: [Self; 5] = [
        Self::PipeFed,
        Self::FunctionCall,
        Self::NotFound,
        Self::NoProgram,
        Self::ComputedName,
    ];

    /// Why a record with this reason is no witness (`AUDIT-16`).
    #[must_use]
    pub fn explain(self) -> &'static str {
        match self {
            Self::PipeFed => "the layer refuses the program alone but approves it when a pipe feeds it (`true | xargs …`), and the command holds a pipe: judged in the context it ran in, it is approved",
            Self::FunctionCall => "bash called a function the command itself defines; the commands of its body are recorded and judged on their own",
            Self::NotFound => "bash found no program of that name (on the audit machine, with every named program stubbed): nothing ran",
            Self::NoProgram => "the record started no program and its name is no builtin (a text bash shows inside an expansion, or a program recorded under another record): what ran is judged through the other records",
            Self::ComputedName => "a builtin reached through a name computed at run time (`$c`) whose value is not assigned plainly in the command, so the audit cannot say which builtin ran; the programs it started are judged on their own",
        }
    }
}

/// What the property says of one approved command's execution.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verdict {
    /// Every executed simple command, rendered.
    pub executed: Vec<String>,
    /// Those the layer refuses alone: the witness, when not empty.
    pub refused_alone: Vec<String>,
    /// The same, as they were asked (to ask again, `AUDIT-7`).
    pub refused_asks: Vec<Ask>,
    /// Refused ones set apart, and why.
    pub apart: Vec<(String, Apart)>,
    /// Some executed command's answer was unknown (the layer said `error`).
    pub unknown: bool,
}

impl Verdict {
    /// A witness: something bash ran that the layer refuses alone.
    #[must_use]
    pub fn is_witness(&self) -> bool {
        !self.refused_alone.is_empty()
    }
}

/// Asks the layer about every simple command of `execution` (`AUDIT-4`, `AUDIT-5`).
///
/// # Errors
/// The layer breaks the protocol.
pub fn judge(
    layer: &mut Layer,
    command: &str,
    execution: &Execution,
) -> Result<Verdict, AuditError> {
    let rendered: Vec<Rendered> = execution
        .commands
        .iter()
        .map(|executed| resolve_computed(command, executed, render(executed)))
        .collect();
    let asks: Vec<Ask> = rendered
        .iter()
        .filter_map(|r| match r {
            Rendered::Judged(ask) => Some(ask.clone()),
            _ => None,
        })
        .collect();
    let answers = layer.approve(&asks)?;
    let mut verdict = Verdict::default();
    let mut refused = Vec::new();
    for (ask, answer) in asks.iter().zip(&answers) {
        let text = ask_text(ask);
        if !verdict.executed.contains(&text) {
            verdict.executed.push(text.clone());
        }
        match answer {
            Answer::Refused => refused.push(ask.clone()),
            Answer::Unknown => verdict.unknown = true,
            Answer::Approved => {}
        }
    }
    for r in &rendered {
        if let Rendered::Unresolved(name, why) = r {
            push_apart(&mut verdict.apart, name.clone(), *why);
        }
    }
    // A pipe in front is the context a program like `xargs` is judged in.
    let fed: Vec<Ask> = refused
        .iter()
        .map(|ask| Ask::Command(format!("true | {}", ask_text(ask))))
        .collect();
    let fed_answers = layer.approve(&fed)?;
    for (ask, answer) in refused.iter().zip(fed_answers) {
        let text = ask_text(ask);
        if answer == Answer::Approved && command.contains('|') {
            push_apart(&mut verdict.apart, text, Apart::PipeFed);
        } else if !verdict.refused_alone.contains(&text) {
            verdict.refused_alone.push(text);
            verdict.refused_asks.push(ask.clone());
        }
    }
    Ok(verdict)
}

fn push_apart(apart: &mut Vec<(String, Apart)>, text: String, why: Apart) {
    if !apart.iter().any(|(t, _)| *t == text) {
        apart.push((text, why));
    }
}

/// The text a simple command is asked as.
#[must_use]
pub fn ask_text(ask: &Ask) -> String {
    match ask {
        Ask::Command(text) | Ask::Simple { text, .. } => text.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::Origin;

    fn entry(text: &str, argv: Option<&[&str]>, resolved_as: Resolution) -> Executed {
        let argv: Option<Vec<String>> = argv.map(|a| a.iter().map(|&w| w.to_owned()).collect());
        Executed {
            text: text.to_owned(),
            path: argv.as_ref().and_then(|a| a.first().cloned()),
            written_argv: argv.clone(),
            argv,
            origin: Origin::Bash,
            inner_at: None,
            pid: 1,
            resolved_as,
            environment: None,
        }
    }

    fn judged_text(rendered: &Rendered) -> Option<&str> {
        match rendered {
            Rendered::Judged(Ask::Simple { text, .. }) => Some(text),
            _ => None,
        }
    }

    /// AUDIT-4: a program is asked about by its argv (the program that ran,
    /// basename first) after the environment it was given beyond the base;
    /// a builtin by its text; a head or an assignment runs nothing.
    #[test]
    fn audit_4_renderings() {
        let program = Resolution::Program;
        let push = entry("ls push", Some(&["/usr/bin/git", "push"]), program);
        assert_eq!(judged_text(&render(&push)), Some("git push"));
        let mut env = entry(
            "GIT_DIR=/tmp git log",
            Some(&["/usr/bin/git", "log"]),
            program,
        );
        env.environment = Some(
            [
                ("GIT_DIR".to_owned(), Some("/tmp x".to_owned())),
                ("_".to_owned(), Some("/usr/bin/git".to_owned())),
                ("HOME".to_owned(), None),
            ]
            .into_iter()
            .collect(),
        );
        assert_eq!(judged_text(&render(&env)), Some("GIT_DIR='/tmp x' git log"));
        let spaced = ["/usr/bin/find", ".", "-delete", "a b"];
        let quoted = entry("find . {-delete,}", Some(&spaced), program);
        assert_eq!(judged_text(&render(&quoted)), Some("find . -delete 'a b'"));
        let builtin = entry("echo $((x))", None, Resolution::Builtin);
        assert_eq!(judged_text(&render(&builtin)), Some("echo $((x))"));
        assert_eq!(
            render(&entry("x=1", None, Resolution::None)),
            Rendered::Nothing
        );
        let head = entry("for x in a b", None, Resolution::Keyword);
        assert_eq!(render(&head), Rendered::Nothing);
        assert_eq!(
            render(&entry("(( x ))", None, Resolution::Unknown)),
            Rendered::Nothing
        );
    }

    /// AUDIT-5: a name that started no program and is no builtin is set
    /// apart, with bash's own word on how it resolved.
    #[test]
    fn audit_5_unresolved_names() {
        let rows = [
            ("pwned x", Resolution::NotFound, Apart::NotFound),
            ("f x", Resolution::Function, Apart::FunctionCall),
            ("777 README.md", Resolution::Unknown, Apart::NoProgram),
        ];
        for (text, resolved, why) in rows {
            let name = text.split(' ').next().unwrap_or_default().to_owned();
            assert_eq!(
                render(&entry(text, None, resolved)),
                Rendered::Unresolved(name, why)
            );
        }
    }

    /// AUDIT-17: a builtin through a computed name is judged as the builtin
    /// the command assigns to the name; one it does not assign plainly is
    /// set apart as a computed name.
    #[test]
    fn audit_17_computed_builtin_names() {
        let record = entry("$c 1", None, Resolution::Unknown);
        let judged = resolve_computed("c=kill; $c 1", &record, render(&record));
        assert_eq!(judged_text(&judged), Some("kill 1"));
        let quoted = resolve_computed("declare c='kill'\n$c 1", &record, render(&record));
        assert_eq!(judged_text(&quoted), Some("kill 1"));
        let braced = entry("${c} 1", None, Resolution::Unknown);
        let judged = resolve_computed("c=kill; ${c} 1", &braced, render(&braced));
        assert_eq!(judged_text(&judged), Some("kill 1"));
        for command in [
            "read -r c; $c 1",
            "c=$(echo kill); $c 1",
            "c=nosuchbuiltin; $c 1",
        ] {
            assert_eq!(
                resolve_computed(command, &record, render(&record)),
                Rendered::Unresolved("$c".to_owned(), Apart::ComputedName),
                "{command}"
            );
        }
        for why in Apart::ALL {
            assert!(why.explain().len() > 40, "{why:?}");
        }
    }
}
