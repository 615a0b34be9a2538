//! Where a program's first operand stands after its global options (spec
//! §12.5): one reading for every clause that looks for a subcommand —
//! HARD-RUN-6's option rows, HARD-EFFECT-5's writes after a subcommand —
//! so that `git -C . format-patch -o ../x` and `git --attr-source X rebase
//! -x …` are read where git reads them.

use crate::hardened::contract::programs::{row, Quirk};
use crate::hardened::contract::settings::GIT_GLOBAL_VALUES;

/// The index of the first operand of `args` (`None`: a word only run time
/// knows, which may be it) after the global options of the program `name`.
/// For a row with global options before its subcommand (git), the
/// value-taking options of HARD-RUN-7's reading, written without `=`, take
/// the next word; for any other program, the options of `others` do.
#[must_use]
pub fn first_operand(name: &str, args: &[Option<&str>], others: &[&str]) -> Option<usize> {
    let global = row(name).is_some_and(|r| r.has(Quirk::GlobalOptions));
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        let Some(arg) = arg else {
            return Some(i);
        };
        if !arg.starts_with('-') {
            return Some(i);
        }
        let takes_value = match global {
            true => {
                let option = arg.split('=').next().unwrap_or(arg);
                GIT_GLOBAL_VALUES.contains(&option) && !arg.contains('=')
            }
            false => others.contains(arg),
        };
        i += if takes_value { 2 } else { 1 };
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HARD-RUN-6, HARD-EFFECT-5: git's global options are skipped with
    /// their values in every spelling git reads; another program's only
    /// with the options it is given.
    #[test]
    fn hard_run_6_first_operand_after_global_options() {
        type Row<'a> = (&'a str, &'a [Option<&'a str>], Option<usize>);
        let rows: &[Row<'_>] = &[
            (
                "git",
                &[Some("-C"), Some("."), Some("format-patch")],
                Some(2),
            ),
            (
                "git",
                &[Some("--attr-source"), Some("X"), Some("rebase")],
                Some(2),
            ),
            (
                "git",
                &[Some("--super-prefix"), Some("X"), Some("rebase")],
                Some(2),
            ),
            ("git", &[Some("--git-dir=.git"), Some("archive")], Some(1)),
            ("git", &[Some("--exec-path"), Some("rebase")], Some(1)),
            (
                "git",
                &[Some("--no-pager"), Some("-c"), Some("k=v"), Some("log")],
                Some(3),
            ),
            ("git", &[Some("-C"), None, Some("log")], Some(2)),
            ("git", &[None, Some("log")], Some(0)),
            ("git", &[Some("--bare")], None),
            ("npm", &[Some("-C"), Some("x"), Some("exec")], Some(2)),
            ("npm", &[Some("--silent"), Some("exec")], Some(1)),
            ("tar", &[Some("-C"), Some("x")], Some(1)),
        ];
        for (name, args, want) in rows {
            let others: &[&str] = if *name == "npm" { &["-C"] } else { &[] };
            assert_eq!(first_operand(name, args, others), *want, "{name} {args:?}");
        }
    }
}
