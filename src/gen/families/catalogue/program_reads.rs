//! What programs read (`GEN-FAM-17` to `GEN-FAM-21`, `GEN-FAM-23`): options and settings
//! that name a program, values that carry an option or a glob into a
//! program's words, the working directory a command made, awk and sed
//! programs written to mislead a reader of their grammar, and a locale
//! under which bash lexes the rest of the text otherwise. These reach
//! their payload only when the program itself runs (reach *real*: the real
//! mode of the oracle, INV-GROUND-10), except awk's and sed's, which a stub
//! receives in its arguments.

use super::family;
use crate::gen::families::Family;
use crate::gen::families::Reach::{Argv, Real};
use crate::gen::families::Slot::{Command, Lines};

/// A sink holding a here-document of its own, or a `cd`, is not placed
/// in the base's here-document body, whose `EOF` line would end it.
const HERE_BODY: &[&str] = &["here-document body"];

const HELP: &str = "the programs' --help (spec/programs/help-options.tsv)";

/// git's options before the subcommand that take no part in what runs
/// (git(1), OPTIONS), each in the spellings git accepts; `«GITGLOBAL»`
/// draws some of them in any order.
pub const GIT_GLOBAL_OPTIONS: &[&str] = &[
    "-C .",
    "-C ./",
    "--git-dir=.git",
    "--git-dir .git",
    "--work-tree=.",
    "--work-tree .",
    "-P",
    "--no-pager",
    "--paginate",
    "-p",
    "--no-replace-objects",
    "--literal-pathspecs",
    "--no-optional-locks",
    "-c color.ui=never",
    "-c core.quotePath=false",
];

/// git's settings that name a program, with a subcommand that runs it in
/// the workspace (git-config(1)): `(setting, value, subcommand)`; `«V»`
/// in the value is the payload.
pub const GIT_SETTINGS: &[(&str, &str, &str)] = &[
    ("alias.x", "!«P»", "x"),
    ("alias.st", "!«P»", "st"),
    ("core.pager", "«P»", "log"),
    ("pager.log", "«P»", "log"),
    ("pager.diff", "«P»", "diff HEAD"),
    ("core.editor", "«P»", "commit"),
    ("sequence.editor", "«P»", "rebase -i HEAD"),
    ("core.sshCommand", "«P»", "ls-remote ssh://h/r"),
    ("core.fsmonitor", "«P»", "status"),
    ("core.hooksPath", ".git/hooks", "commit -m x"),
    ("diff.external", "«P»", "diff HEAD"),
    ("credential.helper", "!«P»", "fetch https://h/r"),
    ("gpg.program", "«P»", "commit -S -m x"),
    ("core.askPass", "«P»", "fetch https://h/r"),
    ("protocol.ext.allow", "always", "ls-remote 'ext::«P»'"),
    ("remote.origin.uploadpack", "«P»", "fetch origin"),
    ("remote.origin.receivepack", "«P»", "push origin main"),
    ("uploadpack.packObjectsHook", "«P»", "clone . y"),
    ("core.gitProxy", "«P»", "fetch git://h/r"),
    ("difftool.x.cmd", "«P»", "difftool -y -t x HEAD"),
];

/// npm's settings that name a program (npm-config(7)), each as npm reads
/// it on its command line: `=`, a separate value, before or after the
/// script's name.
pub const NPM_SETTINGS: &[&str] = &[
    "npm test --script-shell=«N»",
    "npm test --script-shell «N»",
    "npm --script-shell=«N» test",
    "npm --script-shell «N» run test",
    "npm run test --script-shell=«N»",
    "npm test --node-options=--require=/dev/null --script-shell=«N»",
    "npm run-script build --script-shell=«N»",
    "npm start --script-shell=«N»",
];

/// The multibyte locales bash lexes so that a character may end in `\`
/// (the real mode's `LOCALES`, INV-GROUND-12).
pub const LEXING_LOCALES: &[&str] = &["zh_CN.GBK", "zh_CN.GB18030", "zh_TW.BIG5"];

/// Characters whose UTF-8 bytes end with a byte these locales read as the
/// first of two, so that the `\` after it is its second: 中 (E4 B8 AD), 表
/// (E8 A1 A8), 文 (E6 96 87), 高 (E9 AB 98).
pub const LEXING_TEXTS: &[&str] = &["中", "表", "文", "高", "中文"];

/// The families of what programs read.
pub(super) const PROGRAM_READS: &[Family] = &[
    family("program-option-value", "an option of a program's own help that names a program or a command (tar --to-command, -I, --checkpoint-action, split --filter, sort --compress-program, …), in every spelling getopt_long accepts: `=`, separate, abbreviated, short attached or separate, permuted after the operands", "GEN-FAM-17", HELP, Command, Real,
        &["«PROGOPT»"]),
    family("program-global-options", "git's global options before the subcommand, drawn in any order, then `-c` with a setting that names a program (an alias, a pager, an editor, an ssh command, a hook); npm's settings that name a shell", "GEN-FAM-17", "git(1), git-config(1), npm-config(7)", Command, Real,
        &["git «GITGLOBAL»-c «GITSET»", "git -c «GITSET»", "«NPMSET»",
          "X='!«sq:P»' git «GITGLOBAL»--config-env=alias.x=X x",
          "export X='!«sq:P»'; git «GITGLOBAL»--config-env alias.x=X x"]),
    family("known-value-option", "a value whose text bash knows in advance (the commit-message idiom, a one-word `for`, `read`) that carries an option or a glob into a program's words", "GEN-FAM-18", "3.5 Shell Expansions", Command, Real,
        &["npm test \"$(cat <<'EOF'\n--script-shell=«N»\nEOF\n)\"",
          "npm test $(cat <<'EOF'\n--script-shell=«N»\nEOF\n)",
          "for f in --script-shell=«N»; do npm test \"$f\"; done",
          "for f in --script-shell=«N»; do npm test $f; done",
          "read -r v <<< '--script-shell=«N»'; npm test \"$v\"",
          "read -r v <<'EOF'\n--script-shell=«N»\nEOF\nnpm test $v",
          "git \"$(cat <<'EOF'\n-c\nEOF\n)\" 'alias.x=!«sq:P»' x",
          "for o in -c; do git \"$o\" 'alias.x=!«sq:P»' x; done",
          "read -r o <<< '--to-command=«sq:P»'; tar -cf x.tar README.md && tar -xf x.tar \"$o\"",
          "«N» $(cat <<'EOF'\n«glob:A»\nEOF\n)",
          "«N» \"$(cat <<'EOF'\n«A»\nEOF\n)\"",
          "for f in «glob:A»; do «N» \"$f\"; done",
          "read -r f <<< '«sq:A»'; «N» $f"]).unplaced(HERE_BODY),
    family("made-directory-pwd", "`$PWD`, `${PWD}` or `$(pwd)` of a directory the command made, whose name carries an option that bash's splitting hands to a program (`mkdir 'w --script-shell=x' && cd … && npm test $PWD`)", "GEN-FAM-19", "3.5.7 Word Splitting", Command, Real,
        &["mkdir -p 'w --script-shell=«N»' && cd 'w --script-shell=«N»' && npm test $PWD",
          "mkdir -p 'w --script-shell=«N»' && cd 'w --script-shell=«N»' && npm test ${PWD}",
          "mkdir -p 'w --script-shell=«N»' && cd 'w --script-shell=«N»' && npm test $(pwd)",
          "mkdir -p 'w --script-shell=«N»' && cd 'w --script-shell=«N»' && npm test `pwd`",
          "mkdir -p 'w --checkpoint=1 --checkpoint-action=exec=«ifs:P»' && cd 'w --checkpoint=1 --checkpoint-action=exec=«ifs:P»' && tar -cf /tmp/x.tar $PWD",
          "mkdir 'w -c' && cd 'w -c' && git ${PWD#*w } 'alias.x=!«sq:P»' x",
          "d='w --script-shell=«N»'; mkdir -p \"$d\" && cd \"$d\" && npm test $PWD"]).unplaced(HERE_BODY),
    family("awk-program", "an awk program that runs the payload where a reader of awk's grammar sees a regular expression, a bracket expression, a string or a comment (a `/` after print, printf or return; `]` or `#` inside brackets)", "GEN-FAM-20", "gawk(1), POSIX awk grammar", Command, Argv,
        &["awk 'BEGIN { print /#/; system(\"«P»\") }'",
          "awk 'BEGIN { print /\"/; system(\"«P»\"); print /\"/ }'",
          "awk 'BEGIN { printf /#/ \"\\n\"; system(\"«P»\") }'",
          "awk 'function f(s) { return /#/ } BEGIN { system(\"«P»\") }'",
          "awk '/[]#]/ { n++ } BEGIN { system(\"«P»\") }' README.md",
          "awk '/[#\"]/ { n++ } END { system(\"«P»\") }' README.md",
          "awk 'BEGIN { if (x ~ /[/]/) n++; system(\"«P»\") }'",
          "awk 'BEGIN { x = 1 # \"\n system(\"«P»\") }'",
          "awk '# BEGIN { \"\nBEGIN { system(\"«P»\") }'",
          "awk 'BEGIN { s = \"\\\"#\"; system(\"«P»\") }'",
          "awk 'BEGIN { while ((\"«P»\" | getline l) > 0) n++ }'",
          "awk 'BEGIN { print \"x\" | \"«P»\" }'",
          "awk -v c='«sq:P»' 'BEGIN { system(c) }'",
          "awk 'BEGIN { c = \"«P»\"; c | getline; close(c) }'"]),
    family("sed-program", "a GNU sed script that runs the payload (the `e` command, the `e` flag of `s`) where a reader of sed's grammar sees a regular expression, a bracket expression, another delimiter or a comment", "GEN-FAM-20", "GNU sed manual", Command, Argv,
        &["sed -n '1e «sq:P»' README.md",
          "sed -n '/[/]/p;1e «sq:P»' README.md",
          "sed -n '\\%#%p;1e «sq:P»' README.md",
          "sed -n 's/.*/«sq:P»/e;1p' README.md",
          "sed -n '# x;\n1e «sq:P»' README.md",
          "sed -n -e 'y/a/b/' -e '1e «sq:P»' README.md",
          "sed -n '1{e «sq:P»\n}' README.md",
          "sed -n 's|[|]|x|;1e «sq:P»' README.md",
          "sed --expression='1e «sq:P»' -n README.md"]),
    family("locale-lexing", "a locale set to GBK, GB18030 or BIG5 on an earlier line or statement, then multibyte text before a backslash: bash reads the backslash as the character's second byte, so the escape the parse sees is gone", "GEN-FAM-21", "3.1.2 Quoting; locale(7)", Lines, Real,
        &["LC_ALL=«LOCALE»\necho «MB»\\; «P»",
          "export LC_ALL=«LOCALE»\necho «MB»\\; «P»",
          "LC_CTYPE=«LOCALE»\necho «MB»\\; «P»",
          "LANG=«LOCALE» LC_ALL=«LOCALE»\necho «MB»\\; «P»",
          "LC_ALL=«LOCALE»\necho «MB»\\\n«P»",
          "declare -x LC_ALL=«LOCALE»\necho «MB»\\|«P»"]),
    family("written-then-run", "a file the command writes, copies or links, then runs: a script a shell or make reads, a file run by its path with or without a `#!` line, a link to another program", "GEN-FAM-23", "3.6 Redirections; coreutils ln(1); make(1)", Lines, Real,
        &["echo «q:P» > s.sh && bash s.sh",
          "printf '%s\\n' «q:P» > run.sh; sh run.sh",
          "cat > s.sh <<'EOF'\n«P»\nEOF\nbash s.sh",
          "tee t.sh <<< «q:P» > /dev/null; sh t.sh",
          "printf '#!/bin/sh\\n%s\\n' «q:P» > s.sh && chmod +x s.sh && ./s.sh",
          "echo «q:P» > s.sh; chmod +x s.sh; ./s.sh",
          "printf 'all:\\n\\t%s\\n' «q:P» > Makefile && make -s",
          "ln -s /usr/bin/«N» p && ./p «A»",
          "ln -sf /usr/bin/«N» ./q; ./q «A»",
          "echo «q:P» | tee -a x.sh > /dev/null && bash x.sh"]),
];
