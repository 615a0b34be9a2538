//! Spellings of a word (manual §3.1.2 Quoting, §3.5 expansions that only
//! respell, `GEN-FAM-8`) and lexing corners (§3.1 Shell Syntax, §3.6.6
//! Here Documents, `GEN-FAM-9`).

use super::family;
use crate::gen::families::Family;
use crate::gen::families::Reach::Runs;
use crate::gen::families::Slot::{Command, Lines};

const QUOTING: &str = "3.1.2 Quoting";
const SYNTAX: &str = "3.1 Shell Syntax";

/// The payload's name or arguments in a spelling bash reads as the same word.
pub(super) const SPELLINGS: &[Family] = &[
    family(
        "spell-ansi-c",
        "ANSI-C quoting `$'…'`: literal, hex, octal and Unicode escapes",
        "GEN-FAM-8",
        "3.1.2.4 ANSI-C Quoting",
        Command,
        Runs,
        &[
            "«ansi:N» «A»",
            "«hex:N» «A»",
            "«oct:N» «A»",
            "«uni:N» «A»",
            "«N» «ansi:A1» «AR»",
            "«N» «hex:A»",
        ],
    ),
    family(
        "spell-backslash",
        "backslash escapes inside a word: `\\rm`, `r\\m`, `-ex\\ec`",
        "GEN-FAM-8",
        "3.1.2.1 Escape Character",
        Command,
        Runs,
        &[
            "«bs:N» «A»",
            "«bsmid:N» «A»",
            "«N» «bsmid:A1» «AR»",
            "«N» «bs:A»",
        ],
    ),
    family(
        "spell-empty-quotes",
        "empty quotes spliced into a word: `r''m`, `-''D`, `r\"\"m`",
        "GEN-FAM-8",
        "3.1.2.2 Single Quotes",
        Command,
        Runs,
        &[
            "«empty:N» «A»",
            "«dqmid:N» «A»",
            "«N» «empty:A1» «AR»",
            "«N» «dqmid:A»",
            "«empty:P»",
        ],
    ),
    family(
        "spell-quoted",
        "a whole word quoted: `\"rm\"`, `'rm'`, `$\"rm\"`",
        "GEN-FAM-8",
        QUOTING,
        Command,
        Runs,
        &[
            "«dq:N» «A»",
            "«q:N» «A»",
            "«locale:N» «A»",
            "«N» «dq:A1» «AR»",
            "«N» «locale:A»",
        ],
    ),
    family(
        "spell-brace",
        "brace expansion that yields the word: `{rm,}`, `{-D,}`, `{rm,-rf,x}`",
        "GEN-FAM-8",
        "3.5.1 Brace Expansion",
        Command,
        Runs,
        &["«brace:N» «A»", "«N» «brace:A1» «AR»", "{«comma:P»}"],
    ),
    family(
        "spell-glob",
        "a pathname pattern that matches the program: `/usr/bin/r[m]`",
        "GEN-FAM-8",
        "3.5.8 Filename Expansion",
        Command,
        Runs,
        &[
            "/usr/bin/«glob:N» «A»",
            "/usr/b?n/«N» «A»",
            "/???/bin/«glob:N» «A»",
        ],
    ),
    family(
        "spell-path",
        "the program by a path: absolute, doubled slashes, `.` components",
        "GEN-FAM-8",
        "3.7.2 Command Search and Execution",
        Command,
        Runs,
        &[
            "/usr/bin/«N» «A»",
            "/bin/«N» «A»",
            "//usr//bin//«N» «A»",
            "/usr/./bin/«N» «A»",
            "/usr/bin/../bin/«N» «A»",
        ],
    ),
    family(
        "spell-tilde",
        "tilde expansion in a path to the program: `~/../…`, `~+/…`",
        "GEN-FAM-8",
        "3.5.2 Tilde Expansion",
        Command,
        Runs,
        &[
            "~/../../../../../../../usr/bin/«N» «A»",
            "~+/../../../../../../../usr/bin/«N» «A»",
            "HOME=/usr/bin; ~/«N» «A»",
        ],
    ),
    family(
        "spell-ifs",
        "`${IFS}` and other expansions as the blanks between words",
        "GEN-FAM-8",
        "3.5.7 Word Splitting",
        Command,
        Runs,
        &["«ifs:P»", "«N»${IFS}«A»", "«N»${IFS:0:1}«A»"],
    ),
    family(
        "spell-computed",
        "a command name computed at run time: variables, substitutions, indirection",
        "GEN-FAM-8",
        "3.5 Shell Expansions",
        Command,
        Runs,
        &[
            "x=«N»; $x «A»",
            "x=«N»; \"${x}\" «A»",
            "${x:-«N»} «A»",
            "$(echo «N») «A»",
            "`echo «N»` «A»",
            "y=«N»; x=y; ${!x} «A»",
            "a=(«P»); \"${a[@]}\"",
        ],
    ),
    family(
        "spell-continuation",
        "a line continuation inside a word: `r\\<newline>m`",
        "GEN-FAM-8",
        "3.1.2.1 Escape Character",
        Command,
        Runs,
        &["«cont:N» «A»", "«N» «cont:A1» «AR»", "«N»\\\n «A»"],
    ),
];

/// Places where two readers of the text may disagree on where commands are.
pub(super) const LEXING: &[Family] = &[
    family(
        "lex-heredoc-same-line",
        "a here-document operator followed by a list on the same line",
        "GEN-FAM-9",
        "3.6.6 Here Documents",
        Lines,
        Runs,
        &[
            "cat <<EOF; «P»\nbody\nEOF",
            "cat <<EOF && «P»\nbody\nEOF",
            "cat <<'EOF' | «P»\nbody\nEOF",
            "cat <<-EOF; «P»\n\tbody\n\tEOF",
            "cat <<A <<B; «P»\na\nA\nb\nB",
        ],
    ),
    family(
        "lex-heredoc-delimiter",
        "a here-document delimiter split by a line continuation, in the operator or in the body",
        "GEN-FAM-9",
        "3.6.6 Here Documents",
        Lines,
        Runs,
        &[
            "cat <<EOF\nbody\nEO\\\nF\n«P»",
            "cat <<EO\\\nF\nbody\nEOF\n«P»",
            "cat <<EOF\nbody\n\\\nEOF\n«P»",
        ],
    ),
    family(
        "lex-comment-backslash",
        "a comment ending in a backslash: a comment has no line continuation",
        "GEN-FAM-9",
        "3.1.3 Comments",
        Lines,
        Runs,
        &["echo hi # x \\\n«P»", "# \\\n«P»", "echo hi #\\\n«P»"],
    ),
    family(
        "lex-carriage-return",
        "CR inside a line: an ordinary character to bash",
        "GEN-FAM-9",
        SYNTAX,
        Lines,
        Runs,
        &["echo hi\r\n«P»", "echo hi \r\n«P»", "echo 'a\rb'; «P»"],
    ),
    family(
        "lex-nul",
        "NUL in the command text",
        "GEN-FAM-9",
        SYNTAX,
        Lines,
        Runs,
        &["echo hi\0\n«P»", "echo 'a\0b'; «P»", "echo hi #\0\n«P»"],
    ),
    family(
        "lex-unicode-blanks",
        "Unicode spaces and line separators: ordinary characters to bash",
        "GEN-FAM-9",
        SYNTAX,
        Lines,
        Runs,
        &[
            "echo hi\u{a0}\n«P»",
            "echo hi\u{2028}\n«P»",
            "echo hi \u{85}; «P»",
            "echo hi\u{feff}; «P»",
            "echo hi\u{3000}\n«P»",
            "\u{2003}# x\n«P»",
        ],
    ),
];
