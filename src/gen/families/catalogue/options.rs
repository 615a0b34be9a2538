//! Options that name a program or a command, read from the programs' own
//! option lists on the machine (`GEN-FAM-17`): the snapshot
//! `spec/programs/help-options.tsv`, which `scripts/program-help-scan.py`
//! writes from each installed program's `--help`. Nothing here restates an
//! option: the table is that file, parsed; what is written by hand is only
//! where a program reads an option (its *context*, so that the program
//! gets to use the value) and which placeholders name something that runs.

use std::sync::LazyLock;

use crate::gen::choices::Choices;

/// The snapshot of the programs' option lists.
const SNAPSHOT: &str = include_str!("../../../../spec/programs/help-options.tsv");

/// Placeholders of an option's value that name something a program runs:
/// a shell command, a program, a pager, a shell, a checkpoint action
/// (`exec=COMMAND`), a module the runtime loads first.
const RUNNABLE: &[&str] = &[
    "command", "prog", "program", "pager", "shell", "action", "...",
];

/// What the value of an option is, and so how the payload fills it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// A shell command string (`--to-command=COMMAND`, `-c <command>`).
    Command,
    /// A program started by name (`--compress-program=PROG`): the
    /// payload's program name.
    Program,
    /// tar's checkpoint action: `exec=COMMAND`.
    Action,
    /// Code of the program's own language (`node --eval=...`, `--import`).
    Code,
}

/// One option of a program's help that names something that runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueOption {
    /// The program (`tar`).
    pub program: String,
    /// Its short spelling without the dash (`I`), if any.
    pub short: Option<String>,
    /// Its long spellings without the dashes (`use-compress-program`).
    pub long: Vec<String>,
    /// Whether the value may only be attached (`--name[=VALUE]`).
    pub optional: bool,
    /// What the value is.
    pub kind: ValueKind,
    /// The line of the snapshot, as written (for reports).
    pub listed: String,
}

/// How a program reads an option: the words before it and after it
/// (the operands), and the words that must come first (`tar -x` after a
/// `tar -c`). `«OPT»` is where the option stands.
struct Context {
    program: &'static str,
    /// The long option this context is for (`""`: every option of the
    /// program without a context of its own).
    option: &'static str,
    template: &'static str,
}

/// Where each program reads the option, so that it uses the value: tar
/// extracts through `--to-command` and creates through a compressor;
/// `sort` spills to temporary files only past its buffer; `install -s`
/// strips; a remote archive name makes tar start its remote shell.
#[rustfmt::skip]
const CONTEXTS: &[Context] = &[
    Context { program: "tar", option: "to-command", template: "tar -cf x.tar README.md && tar -xf x.tar «OPT»" },
    Context { program: "tar", option: "checkpoint-action", template: "tar --checkpoint=1 -cf x.tar «OPT» README.md" },
    Context { program: "tar", option: "rsh-command", template: "tar -cf h:x.tar «OPT» README.md" },
    Context { program: "tar", option: "rmt-command", template: "tar -cf h:x.tar «OPT» README.md" },
    Context { program: "tar", option: "info-script", template: "tar -cM -L 1 -f x.tar «OPT» README.md" },
    Context { program: "tar", option: "", template: "tar -cf x.tar «OPT» README.md" },
    Context { program: "sort", option: "", template: "sort -S 1 -T . «OPT» README.md README.md" },
    Context { program: "split", option: "", template: "split «OPT» README.md" },
    Context { program: "install", option: "", template: "install -s «OPT» README.md x.out" },
    Context { program: "man", option: "", template: "man «OPT» ls" },
    Context { program: "wget", option: "", template: "wget -q «OPT» http://127.0.0.1:9/x" },
    Context { program: "curl", option: "", template: "curl -s «OPT» http://127.0.0.1:9/x" },
    Context { program: "flock", option: "", template: "flock x.lock «OPT»" },
    Context { program: "script", option: "", template: "script -q «OPT» /dev/null" },
    Context { program: "su", option: "", template: "su «OPT»" },
    Context { program: "runuser", option: "", template: "runuser -u agent «OPT»" },
    Context { program: "vim", option: "", template: "vim -Es «OPT» -c qa README.md" },
    Context { program: "node", option: "", template: "node «OPT» test.js" },
    Context { program: "perl", option: "", template: "perl «OPT»" },
    Context { program: "dpkg", option: "", template: "dpkg «OPT» --configure -a" },
    Context { program: "dpkg-buildpackage", option: "", template: "dpkg-buildpackage -b -uc «OPT»" },
    Context { program: "dpkg-architecture", option: "", template: "dpkg-architecture «OPT»" },
    Context { program: "gpg-agent", option: "", template: "gpg-agent «OPT»" },
    Context { program: "sed", option: "", template: "sed -n «OPT» README.md" },
    Context { program: "cargo", option: "", template: "cargo «OPT» run" },
];

/// The option's words and its value kind from one spelling field and its
/// description, or `None` when its value names nothing that runs.
fn parse_line(line: &str) -> Option<ValueOption> {
    let mut fields = line.split('\t');
    let program = fields.next()?.to_owned();
    let _version = fields.next()?;
    let spellings = fields.next()?;
    let description = fields.next().unwrap_or_default();
    if program.starts_with('#') {
        return None;
    }
    let mut short = None;
    let mut long = Vec::new();
    let mut placeholder = String::new();
    let mut optional = false;
    for token in spellings
        .split([',', ' ', '|'])
        .filter(|t| t.starts_with('-'))
    {
        let (name, value) = match token.find(['=', '[']) {
            Some(at) => (token.get(..at)?, token.get(at..)?),
            None => (token, ""),
        };
        optional |= value.starts_with('[');
        let value = value.trim_matches(|c| "[]=<>".contains(c));
        if !value.is_empty() && placeholder.is_empty() {
            value.clone_into(&mut placeholder);
        }
        match name.strip_prefix("--") {
            Some(l) if !l.is_empty() => long.push(l.to_owned()),
            Some(_) => {}
            None => {
                let s = name.strip_prefix('-')?;
                // `-d[t][:MOD]`, `-V[:configvar]`: a value fused to a short
                // option names no program here.
                if s.chars().count() == 1 {
                    short.get_or_insert_with(|| s.to_owned());
                }
            }
        }
    }
    // The help prints the value after the spellings, `<command> …`.
    if placeholder.is_empty() {
        if let Some(rest) = description.strip_prefix('<') {
            placeholder = rest.split('>').next().unwrap_or_default().to_owned();
        }
    }
    let lower = placeholder.to_ascii_lowercase();
    if !RUNNABLE.contains(&lower.as_str()) {
        return None;
    }
    let kind = match lower.as_str() {
        "action" => ValueKind::Action,
        "prog" | "program" | "pager" | "shell" => ValueKind::Program,
        "..." => ValueKind::Code,
        _ => ValueKind::Command,
    };
    // `...` values are node's: only its options that evaluate or load code.
    if kind == ValueKind::Code
        && !long
            .iter()
            .any(|l| ["eval", "import", "loader", "experimental-loader"].contains(&l.as_str()))
    {
        return None;
    }
    Some(ValueOption {
        program,
        short,
        long,
        optional,
        kind,
        listed: spellings.to_owned(),
    })
}

/// Every option of the snapshot whose value names something that runs, in
/// the snapshot's order (`GEN-FAM-17`).
pub static VALUE_OPTIONS: LazyLock<Vec<ValueOption>> =
    LazyLock::new(|| SNAPSHOT.lines().filter_map(parse_line).collect());

/// The long options of `program` in the snapshot (to draw abbreviations
/// that the snapshot's own options do not make ambiguous).
fn long_options(program: &str) -> Vec<&'static str> {
    SNAPSHOT
        .lines()
        .filter(|l| l.split('\t').next() == Some(program))
        .filter_map(|l| l.split('\t').nth(2))
        .flat_map(|s| s.split([',', ' ', '|']))
        .filter_map(|t| t.strip_prefix("--"))
        .map(|t| t.split(['=', '[']).next().unwrap_or_default())
        .filter(|t| !t.is_empty())
        .collect()
}

/// The shortest prefix of `name` that no other long option of `program`
/// in the snapshot starts with.
fn shortest_unique_prefix(program: &str, name: &str) -> usize {
    let others: Vec<&str> = long_options(program)
        .into_iter()
        .filter(|o| *o != name)
        .collect();
    (1..=name.len())
        .find(|&n| {
            let prefix = name.get(..n).unwrap_or(name);
            !others.iter().any(|o| o.starts_with(prefix))
        })
        .unwrap_or(name.len())
}

/// The spellings getopt_long accepts for an option with a value, given
/// the value as one shell word (`GEN-FAM-17`): `--name=V`, `--name V`,
/// an abbreviation `--na=V`, `-XV` attached, `-X V` separate. An optional
/// value is accepted attached only.
pub fn spellings(option: &ValueOption, value: &str) -> Vec<String> {
    let mut out = Vec::new();
    for name in &option.long {
        out.push(format!("--{name}={value}"));
        if !option.optional {
            out.push(format!("--{name} {value}"));
        }
        let unique = shortest_unique_prefix(&option.program, name);
        if unique < name.len() {
            let cut = unique.max(name.len().saturating_sub(3)).max(2);
            if let Some(prefix) = name.get(..cut) {
                out.push(format!("--{prefix}={value}"));
            }
        }
    }
    if let Some(short) = &option.short {
        out.push(format!("-{short}{value}"));
        if !option.optional {
            out.push(format!("-{short} {value}"));
        }
    }
    out
}

/// The context `program` reads `option` in.
fn context(option: &ValueOption) -> &'static str {
    CONTEXTS
        .iter()
        .filter(|c| c.program == option.program)
        .find(|c| c.option.is_empty() || option.long.iter().any(|l| l == c.option))
        .map_or("«OPT»", |c| c.template)
}

/// The programs of the snapshot with a value option and no context: a
/// test holds this empty, so a new scan's program is placed deliberately.
#[must_use]
pub fn without_context() -> Vec<String> {
    let mut programs: Vec<String> = VALUE_OPTIONS
        .iter()
        .filter(|o| context(o) == "«OPT»")
        .map(|o| o.program.clone())
        .collect();
    programs.dedup();
    programs
}

/// The value of `option` that runs `payload` (a shell word).
fn value(option: &ValueOption, payload: &str, quote: &dyn Fn(&str) -> String) -> String {
    let name = payload.split(' ').next().unwrap_or_default();
    match option.kind {
        ValueKind::Command => quote(payload),
        ValueKind::Program => name.to_owned(),
        ValueKind::Action => quote(&format!("exec={payload}")),
        ValueKind::Code => {
            let js = format!(
                "import(\"child_process\").then(c=>c.execSync(\"{payload}\",{{stdio:\"inherit\"}}))"
            );
            if option.long.iter().any(|l| l == "eval") {
                quote(&js)
            } else {
                quote(&format!("data:text/javascript,{js}"))
            }
        }
    }
}

/// A command in which a program of the snapshot reads an option of its
/// own that runs `payload` (`«PROGOPT»`): the option, its spelling and
/// whether it is permuted after the operands are drawn.
pub fn draw<C: Choices + ?Sized>(
    payload: &str,
    quote: &dyn Fn(&str) -> String,
    c: &mut C,
) -> String {
    let all = &*VALUE_OPTIONS;
    let Some(option) = all.get(c.choose(all.len())) else {
        return String::new();
    };
    let spelled = spellings(option, &value(option, payload, quote));
    let chosen = spelled
        .get(c.choose(spelled.len()))
        .cloned()
        .unwrap_or_default();
    let template = context(option);
    // Permuted: after the operands, where getopt_long still reads it.
    if c.choose(2) == 1 && !template.ends_with("«OPT»") && !template.contains("&&") {
        let without = template.replace(" «OPT»", "");
        return format!("{without} {chosen}");
    }
    template.replace("«OPT»", &chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snapshot_gives_the_options_that_run_something() {
        let find = |program: &str, long: &str| {
            VALUE_OPTIONS
                .iter()
                .find(|o| o.program == program && o.long.iter().any(|l| l == long))
                .cloned()
        };
        let tar = find("tar", "use-compress-program").unwrap();
        assert_eq!(tar.short.as_deref(), Some("I"));
        assert_eq!(tar.kind, ValueKind::Program);
        assert_eq!(find("tar", "to-command").unwrap().kind, ValueKind::Command);
        assert_eq!(find("flock", "command").unwrap().kind, ValueKind::Command);
        assert_eq!(
            find("tar", "checkpoint-action").unwrap().kind,
            ValueKind::Action
        );
        assert_eq!(find("node", "eval").unwrap().kind, ValueKind::Code);
        // Options whose value names nothing that runs are not drawn.
        assert!(find("tar", "occurrence").is_none());
        assert!(find("xargs", "max-args").is_none());
    }

    #[test]
    fn every_spelling_getopt_long_accepts() {
        let option = VALUE_OPTIONS
            .iter()
            .find(|o| o.long.iter().any(|l| l == "to-command"))
            .unwrap();
        let all = spellings(option, "'rm -rf x'");
        assert!(all.contains(&"--to-command='rm -rf x'".to_owned()));
        assert!(all.contains(&"--to-command 'rm -rf x'".to_owned()));
        assert!(all
            .iter()
            .any(|s| s.starts_with("--to-com") && !s.starts_with("--to-command")));
    }
}
