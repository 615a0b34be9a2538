//! SPEC's Appendix P, generated from the program contract: one line per
//! program, family by family. `tests/it/hardened/contract_table.rs` holds
//! `spec/programs/appendix.md` equal to [`markdown`].

use std::fmt::Write as _;

use super::{Program, Runs, FAMILIES};
use crate::hardened::contract::settings::Form;
use crate::hardened::contract::writes::Target;

/// The appendix, as Markdown.
#[must_use]
pub fn markdown() -> String {
    let mut out = String::from(
        "# Appendix P: the program contract\n\n\
         Generated from `src/hardened/contract/programs/` (one row per program);\n\
         do not edit: regenerate with `INNER_CMD_BLESS=1 cargo test --all-features \
         --test it -- hardened::contract_table`.\n\
         Spec §12.5 and §12.11 refer to it.\n",
    );
    for (family, rows) in FAMILIES {
        let _ = write!(out, "\n## {family} ({} programs)\n\n", rows.len());
        out.push_str("| program | runs | other facts | source |\n|---|---|---|---|\n");
        for row in *rows {
            let _ = writeln!(
                out,
                "| `{}` | {} | {} | {} |",
                row.name,
                cell(&runs(row)),
                cell(&others(row)),
                cell(row.source)
            );
        }
    }
    out
}

/// What a row runs, in words.
fn runs(row: &Program) -> String {
    let parts: Vec<String> = row
        .runs
        .iter()
        .map(|r| match r {
            Runs::Command(g) => {
                let mut s = String::from("its operands (HARD-RUN-4)");
                if !g.short.is_empty() {
                    let _ = write!(s, "; short `{}`", g.short);
                }
                if g.any_long {
                    s.push_str("; any long option");
                } else if !g.long.is_empty() {
                    let _ = write!(s, "; long {}", list(g.long));
                }
                if g.operands > 0 {
                    let _ = write!(s, "; {} operand(s) first", g.operands);
                }
                if !g.acts_on_process.is_empty() {
                    let _ = write!(s, "; on a process {}", list(g.acts_on_process));
                }
                if !g.unsure.is_empty() {
                    let _ = write!(s, "; asks on {}", list(g.unsure));
                }
                for (flag, text) in [
                    (g.shell_without_command, "a shell without a command"),
                    (g.options_anywhere, "options anywhere"),
                    (g.permutes, "permutes"),
                ] {
                    if flag {
                        let _ = write!(s, "; {text}");
                    }
                }
                s
            }
            Runs::Unread => "a command it does not let this profile read: asks (HARD-RUN-4)".into(),
            Runs::Subcommand(sub) => format!("`{sub}` runs the rest (HARD-RUN-6)"),
            Runs::Options(o) => {
                let mut forms = Vec::new();
                if !o.short.is_empty() {
                    forms.push(format!("short `{}`", o.short));
                }
                if !o.old.is_empty() {
                    forms.push(format!("old-style `{}`", o.old));
                }
                if !o.long.is_empty() {
                    forms.push(format!("long {}", list(o.long)));
                }
                if !o.words.is_empty() {
                    forms.push(format!("words {}", list(o.words)));
                }
                if !o.prefixes.is_empty() {
                    forms.push(format!("prefixes {}", list(o.prefixes)));
                }
                if !o.always_unless.is_empty() {
                    let after = match o.valueless {
                        "" => String::new(),
                        flags => format!(" (also after `{flags}` in a cluster)"),
                    };
                    forms.push(format!("always unless {}{after}", list(o.always_unless)));
                }
                for (flag, text) in [
                    (o.plus, "`+cmd`"),
                    (o.always, "always"),
                    (o.one_dash, "`-long` read as `--long`"),
                    (o.writes_config, "a configuration write"),
                ] {
                    if flag {
                        forms.push(text.into());
                    }
                }
                let at = o.subcommand.map_or(String::new(), |s| format!("`{s}`: "));
                format!("{at}{} (HARD-RUN-6)", forms.join(", "))
            }
            Runs::Shell => "a shell (HARD-RUN-2)".into(),
            Runs::Inline { long, short } => {
                let short: Vec<String> = short.iter().map(|c| format!("`-{c}`")).collect();
                let mut flags = short;
                flags.extend(long.iter().map(|l| format!("`{l}`")));
                match flags.is_empty() {
                    true => "a program on standard input (HARD-RUN-3)".into(),
                    false => format!("inline {} (HARD-RUN-3)", flags.join(" ")),
                }
            }
            Runs::Program => "its arguments are a program (HARD-RUN-3)".into(),
        })
        .collect();
    parts.join("; ")
}

/// A row's other facts, in words.
fn others(row: &Program) -> String {
    let mut parts = Vec::new();
    if row.g_prefixed {
        parts.push(format!("also `g{}`", row.name));
    }
    if let Some(chdir) = row.chdir {
        let long = match chdir.long.is_empty() {
            true => String::new(),
            false => format!(", `{}`", chdir.long),
        };
        parts.push(format!("directory `{}`{long}", chdir.short));
    }
    if !row.version_flags.is_empty() {
        parts.push(format!("prints and exits {}", list(row.version_flags)));
    }
    for setting in row.settings {
        let inert = setting.inert.len();
        let text = match setting.form {
            Form::KeyValue(spellings) => {
                format!("setting {} `KEY=…`, {inert} inert keys", list(spellings))
            }
            Form::Letter(letter) => format!("setting `-{letter} KEY`, {inert} inert keys"),
            Form::Always(spellings) => format!("setting {} always asks", list(spellings)),
        };
        parts.push(format!("{text} (HARD-RUN-7)"));
    }
    for write in row.writes {
        let after = match write.subcommands {
            [] => String::new(),
            subs => format!(" after {}", list(subs)),
        };
        let text = match write.target {
            Target::Option { spellings, .. } => format!("writes the value of {}", list(spellings)),
            Target::Primary(primaries) => format!("writes the word after {}", list(primaries)),
            Target::Operands => "writes its operands".to_owned(),
            Target::LastOperand => "writes its last operand".to_owned(),
            Target::Assignment(key) => format!("writes `{key}…`"),
        };
        parts.push(format!("{text}{after} (HARD-EFFECT-5)"));
    }
    if let Some(options) = row.options {
        parts.push(format!(
            "options closed: short `{}`, long {} (HARD-RUN-9)",
            options.short,
            list(options.long)
        ));
    }
    if !row.quirks.is_empty() {
        let quirks: Vec<String> = row.quirks.iter().map(|q| format!("{q:?}")).collect();
        parts.push(format!("quirks {}", quirks.join(", ")));
    }
    parts.join("; ")
}

/// `a`, `b` as Markdown code spans.
fn list(items: &[&str]) -> String {
    items
        .iter()
        .map(|i| format!("`{i}`"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A table cell: `|` escaped, nothing empty.
fn cell(text: &str) -> String {
    match text.is_empty() {
        true => "-".into(),
        false => text.replace('|', "\\|"),
    }
}
