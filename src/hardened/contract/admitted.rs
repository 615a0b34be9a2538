//! The admitted subset (spec §12.11, `HARD-ADMIT-*`): the shell the hardened
//! profile understands, as data.
//!
//! Chapter 12's other clauses enumerate dangerous shapes; this module is the
//! positive definition they are cases of. [`NODE_KINDS`] is the table of the
//! spec, row for row: a syntax-tree node kind that is not in it is not
//! admitted, and a kind that is in it is admitted only when its [`Check`]
//! passes ([`crate::hardened::syntax::closed`] runs the checks). The other tables say which
//! names may be read or assigned and which builtins run with which
//! arguments.

/// The check a node kind must pass to be admitted (one per table row).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// Structure: admitted; its parts are checked as their own kinds.
    Structure,
    /// Text with no live backquote, no brace expansion, no `\`-newline inside.
    Word,
    /// Parts of one word: no brace expansion across them.
    Concatenation,
    /// Double-quoted text: no backquote, no `\`-newline (braces are literal).
    Quoted,
    /// A simple command: a literal name; builtins per [`BUILTINS`].
    Command,
    /// `$(…)`, never a backquote form.
    Substitution,
    /// `$NAME` for a name of [`is_readable`].
    ReadName,
    /// `${NAME}`, `${#NAME}` or `${NAME OP literal}` ([`EXPANSION_OPERATORS`]).
    Braced,
    /// `$((…))` over literal integers only ([`ARITHMETIC_CHARS`]).
    Arithmetic,
    /// `NAME=value` for an inert name (`HARD-EFFECT-2`).
    Assignment,
    /// `export` of inert names only.
    Export,
    /// `for NAME in …`: a scratch name ([`is_scratch`]), never `select`.
    Loop,
    /// `[ … ]` or `[[ … ]]` with the operators of [`TEST_OPERATORS`].
    Test,
    /// A glob pattern of `case` or `[[ == ]]`: no extglob group.
    Pattern,
    /// A file redirection or here-string admitted by its row of
    /// [`crate::hardened::contract::redirections::REDIRECTIONS`].
    Redirect,
    /// A here-document with a plain delimiter; an unquoted body is plain text.
    Heredoc,
    /// `{ …; }`, not `(( … ))`.
    Group,
    /// `NAME[i]` read inside `${…}`: a literal index (digits, `@`, `*`).
    Subscript,
}

/// The row of the spec's table a refusal cites.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Row {
    /// `HARD-ADMIT-2`: node kinds and structure.
    Kind,
    /// `HARD-ADMIT-3`: word parts and the names that may be read.
    Word,
    /// `HARD-ADMIT-4`: parameter-expansion operators and arithmetic.
    Expansion,
    /// `HARD-ADMIT-5`: commands and builtins with their arguments.
    Builtin,
    /// `HARD-ADMIT-6`: names that may be assigned.
    Assignment,
    /// `HARD-ADMIT-7`: redirections and here-documents.
    Redirect,
}

impl Row {
    /// The clause id of the row in `spec/SPEC.md`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::Kind => "HARD-ADMIT-2",
            Self::Word => "HARD-ADMIT-3",
            Self::Expansion => "HARD-ADMIT-4",
            Self::Builtin => "HARD-ADMIT-5",
            Self::Assignment => "HARD-ADMIT-6",
            Self::Redirect => "HARD-ADMIT-7",
        }
    }

    /// What the row is about, for traces.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Self::Kind => "a syntax the admitted subset does not hold",
            Self::Word => "a word part the admitted subset does not hold",
            Self::Expansion => "an expansion or arithmetic the admitted subset does not hold",
            Self::Builtin => "a command or builtin use the admitted subset does not hold",
            Self::Assignment => "an assignment of a name that is not inert",
            Self::Redirect => "a redirection the admitted subset does not hold",
        }
    }
}

impl Row {
    /// Every row, in table order.
    pub const ALL: [Row; 6] = [
        Row::Kind,
        Row::Word,
        Row::Expansion,
        Row::Builtin,
        Row::Assignment,
        Row::Redirect,
    ];
}

/// What a closed-world clause (`HARD-ADMIT-2` to `-7`, `HARD-READ-1`) refused,
/// for traces; `None` for any other clause id.
#[must_use]
pub fn title_of(clause_id: &str) -> Option<&'static str> {
    if clause_id == "HARD-READ-1" {
        return Some("a text the second reading does not read as the parser does");
    }
    if clause_id == "HARD-READ-2" {
        return Some("a token bash's grammar and the parser give different roles");
    }
    Row::ALL
        .into_iter()
        .find(|row| row.id() == clause_id)
        .map(Row::title)
}

/// The admitted node kinds of tree-sitter-bash 0.25.1 and their checks.
/// Every kind not listed (`array`, `brace_expression`,
/// `c_style_for_statement`, `function_definition`, `process_substitution`,
/// `translated_string`, `unset_command`, `ternary_expression`,
/// `postfix_expression`, `ERROR`, …) is not admitted.
pub const NODE_KINDS: &[(&str, Check)] = &[
    ("program", Check::Structure),
    ("list", Check::Structure),
    ("pipeline", Check::Structure),
    ("negated_command", Check::Structure),
    ("redirected_statement", Check::Structure),
    ("subshell", Check::Structure),
    ("compound_statement", Check::Group),
    ("if_statement", Check::Structure),
    ("elif_clause", Check::Structure),
    ("else_clause", Check::Structure),
    ("while_statement", Check::Structure),
    ("for_statement", Check::Loop),
    ("do_group", Check::Structure),
    ("case_statement", Check::Structure),
    ("case_item", Check::Structure),
    ("comment", Check::Structure),
    ("command", Check::Command),
    ("command_name", Check::Structure),
    ("declaration_command", Check::Export),
    ("variable_assignment", Check::Assignment),
    ("variable_assignments", Check::Structure),
    ("variable_name", Check::Structure),
    ("special_variable_name", Check::Structure),
    ("word", Check::Word),
    ("number", Check::Word),
    ("concatenation", Check::Concatenation),
    ("string", Check::Structure),
    ("string_content", Check::Quoted),
    ("raw_string", Check::Structure),
    ("ansi_c_string", Check::Structure),
    ("simple_expansion", Check::ReadName),
    ("expansion", Check::Braced),
    ("subscript", Check::Subscript),
    ("regex", Check::Structure),
    ("command_substitution", Check::Substitution),
    ("arithmetic_expansion", Check::Arithmetic),
    ("test_command", Check::Test),
    ("test_operator", Check::Structure),
    ("unary_expression", Check::Structure),
    ("binary_expression", Check::Structure),
    ("parenthesized_expression", Check::Structure),
    ("extglob_pattern", Check::Pattern),
    ("file_redirect", Check::Redirect),
    ("file_descriptor", Check::Structure),
    ("heredoc_redirect", Check::Heredoc),
    ("heredoc_start", Check::Structure),
    ("heredoc_body", Check::Structure),
    ("heredoc_content", Check::Structure),
    ("heredoc_end", Check::Structure),
    ("herestring_redirect", Check::Redirect),
];

/// The check of a node kind; `None` if the kind is not admitted.
#[must_use]
pub fn check_of(kind: &str) -> Option<Check> {
    NODE_KINDS.iter().find(|(k, _)| *k == kind).map(|(_, c)| *c)
}

/// What a builtin admits as arguments (dequoted; `HARD-ADMIT-5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Args {
    /// Any words (each judged as a word).
    Any,
    /// Literal options made of these letters (`-LP`), then any words.
    Options(&'static str),
    /// `printf`: a literal first word that is not an option (`-v`), or `--`.
    Printf,
    /// `test` / `[`: operators of [`TEST_OPERATORS`]; a computed word only
    /// double-quoted and next to a literal operator, or alone.
    Test,
    /// `read`: literal options of `rs`, then literal scratch names.
    Read,
    /// `set`: clusters of `e`, `u`, `o`, each `o` naming one of [`SET_OPTIONS`].
    Set,
    /// At most one literal unsigned integer (`exit 1`, `break 2`).
    Integer,
    /// Process ids and job specs: literal digits, `%N`, or `$!` (`wait`;
    /// never `-n` or `-p NAME`, which assigns).
    Jobs,
}

/// bash 5.2's builtins (`compgen -b`) that are admitted, with their arguments.
/// Every other builtin (`eval`, `source`, `.`, `exec`, `jobs`, `declare`,
/// `local`, `readonly`, `typeset`, `unset`, `alias`, `hash`, `let`, `trap`,
/// `enable`, `shopt`, `mapfile`, `getopts`, `command`, `builtin`, `compgen`,
/// `complete`, `fc`, `bind`, `history`, …) is not admitted.
pub const BUILTINS: &[(&str, Args)] = &[
    (":", Args::Any),
    ("true", Args::Any),
    ("false", Args::Any),
    ("echo", Args::Any),
    ("printf", Args::Printf),
    ("cd", Args::Options("LP")),
    ("pwd", Args::Options("LP")),
    ("test", Args::Test),
    ("[", Args::Test),
    ("read", Args::Read),
    ("set", Args::Set),
    ("exit", Args::Integer),
    ("return", Args::Integer),
    ("break", Args::Integer),
    ("continue", Args::Integer),
    ("kill", Args::Any),
    ("wait", Args::Jobs),
    ("type", Args::Options("afptP")),
];

/// Every builtin of bash 5.2 (`compgen -b`): a name here that is not in
/// [`BUILTINS`] is not admitted.
pub const ALL_BUILTINS: &[&str] = &[
    ".",
    ":",
    "[",
    "alias",
    "bg",
    "bind",
    "break",
    "builtin",
    "caller",
    "cd",
    "command",
    "compgen",
    "complete",
    "compopt",
    "continue",
    "declare",
    "dirs",
    "disown",
    "echo",
    "enable",
    "eval",
    "exec",
    "exit",
    "export",
    "false",
    "fc",
    "fg",
    "getopts",
    "hash",
    "help",
    "history",
    "jobs",
    "kill",
    "let",
    "local",
    "logout",
    "mapfile",
    "popd",
    "printf",
    "pushd",
    "pwd",
    "read",
    "readarray",
    "readonly",
    "return",
    "set",
    "shift",
    "shopt",
    "source",
    "suspend",
    "test",
    "times",
    "trap",
    "true",
    "type",
    "typeset",
    "ulimit",
    "umask",
    "unalias",
    "unset",
    "wait",
];

/// Reserved words tree-sitter-bash parses as a command name (`coproc ls`):
/// not admitted. `time` times the pipeline and is admitted.
pub const KEYWORD_NAMES: &[&str] = &[
    "coproc", "function", "select", "if", "then", "else", "elif", "fi", "case", "esac", "for",
    "while", "until", "do", "done", "in", "{", "}", "!", "[[", "]]",
];

/// The `set` options that may be named (`set -o pipefail`).
pub const SET_OPTIONS: &[&str] = &["pipefail", "errexit", "nounset"];

/// Operators of `[ … ]`, `test` and `[[ … ]]`. Not admitted: `-v` and `-R`
/// (they evaluate a subscript in a name) and, in `[[ … ]]`, the arithmetic
/// comparisons and `=~`.
pub const TEST_OPERATORS: &[&str] = &[
    "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w", "-x",
    "-G", "-L", "-N", "-O", "-S", "-z", "-n", "-o", "=", "==", "!=", "<", ">", "-nt", "-ot", "-ef",
    "!", "&&", "||", "-eq", "-ne", "-lt", "-le", "-gt", "-ge",
];

/// Comparisons that `[[ … ]]` evaluates arithmetically (not admitted there;
/// `test` and `[` compare integers without arithmetic).
pub const ARITHMETIC_COMPARISONS: &[&str] = &["-eq", "-ne", "-lt", "-le", "-gt", "-ge"];

/// Binary operators of `test` / `[` whose operands may be computed.
pub const TEST_BINARY: &[&str] = &[
    "=", "==", "!=", "<", ">", "-nt", "-ot", "-ef", "-eq", "-ne", "-lt", "-le", "-gt", "-ge",
];

/// Parameter-expansion operators admitted after a name, with a literal
/// operand: defaults and alternatives (never `=`, `:=`, `?`, `:?`), prefix
/// and suffix removal. Substrings (`:o:l`), replacement, case and `@`
/// transformations and indirection (`${!…}`) are not admitted.
pub const EXPANSION_OPERATORS: &[&str] = &[":-", "-", ":+", "+", "##", "#", "%%", "%"];

/// Characters an operand of [`EXPANSION_OPERATORS`] (or a literal index) may
/// hold: no expansion, quote, escape, backquote, brace or tilde.
#[must_use]
pub fn is_operand_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || " _./,:@+=-*?^%#[]".contains(c)
}

/// An operand of [`EXPANSION_OPERATORS`] (`HARD-ADMIT-4`): operand
/// characters and reads of a name, `$NAME` or `$?` (`${X:-$HOME/.config}`);
/// never `${…}`, `$(…)` or a quote.
#[must_use]
pub fn is_operand(operand: &str) -> bool {
    let mut rest = operand;
    while let Some(c) = rest.chars().next() {
        let after = rest.get(c.len_utf8()..).unwrap_or("");
        if c != '$' {
            if !is_operand_char(c) {
                return false;
            }
            rest = after;
            continue;
        }
        let len = match after.chars().next() {
            Some(n) if n.is_ascii_alphabetic() || n == '_' => after
                .find(|n: char| !(n.is_ascii_alphanumeric() || n == '_'))
                .unwrap_or(after.len()),
            Some(n) if SPECIAL_PARAMETERS.contains(n) => 1,
            _ => return false,
        };
        let (Some(name), Some(tail)) = (after.get(..len), after.get(len..)) else {
            return false;
        };
        if !is_readable(name) {
            return false;
        }
        rest = tail;
    }
    true
}

/// Characters `$((…))` may hold: literal integers and operators, no names.
pub const ARITHMETIC_CHARS: &str = "0123456789 \t+-*/%()";

/// Whether `NAME=value` before a command named `command` is the one
/// assignment admitted outside the inert list: `IFS` with a static value
/// before `read` (`while IFS= read -r line`), which only splits what `read`
/// reads (`read` is not a special builtin, so the assignment does not stay).
#[must_use]
pub fn is_read_separator(command: &str, name: &str, value: &str) -> bool {
    let static_value = !value.contains('`')
        && value
            .match_indices('$')
            .all(|(at, _)| value.get(at + 1..at + 2) == Some("'"));
    command == "read" && name == "IFS" && static_value
}

/// Special parameters that may be read (`$?`, `$#`, `$1`, …).
pub const SPECIAL_PARAMETERS: &str = "?$!#@*-0123456789";

/// Lowercase names that bash or common programs read: never scratch names.
const NOT_SCRATCH: &[&str] = &["auto_resume", "histchars"];

/// A *scratch name*: lowercase letters, digits and `_`, not starting with a
/// digit, not one bash or a program reads (`histchars`, `http_proxy`):
/// a loop or `read` may assign it.
#[must_use]
pub fn is_scratch(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !NOT_SCRATCH.contains(&name)
        && !name.ends_with("_proxy")
}

/// A name `$NAME` may read: a plain name (letters, digits, `_`, not
/// starting with a digit) or a special parameter. Reading runs nothing;
/// what the value may be is judged with the word (spec §12.4), and the
/// forms that evaluate a value (`${!x}`, `${x@P}`, subscripts, arithmetic)
/// are not admitted.
#[must_use]
pub fn is_readable(name: &str) -> bool {
    let mut chars = name.chars();
    let plain = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    plain || (name.len() == 1 && SPECIAL_PARAMETERS.contains(name))
}

/// Builtins that run another command, evaluate text, or change how later
/// names resolve (`HARD-RUN-1`).
pub const CODE_BUILTINS: [&str; 19] = [
    "eval",
    "source",
    ".",
    "exec",
    "command",
    "builtin",
    "trap",
    "enable",
    "alias",
    "unalias",
    "hash",
    "fc",
    "bind",
    "complete",
    "compgen",
    "mapfile",
    "readarray",
    "let",
    "coproc",
];

#[cfg(test)]
mod tests {
    use super::*;

    /// HARD-ADMIT-3, HARD-ADMIT-6: scratch and readable names.
    #[test]
    fn hard_admit_3_names() {
        for name in ["f", "line", "file_1", "_x"] {
            assert!(is_scratch(name), "{name}");
        }
        for name in [
            "PATH",
            "PS4",
            "IFS",
            "http_proxy",
            "histchars",
            "1x",
            "",
            "Ab",
        ] {
            assert!(!is_scratch(name), "{name}");
        }
        for name in ["HOME", "PWD", "?", "CI", "f", "VAR"] {
            assert!(is_readable(name), "{name}");
        }
        for name in ["a[0]", "!x", "x@P", "1x", "", "ab-c"] {
            assert!(!is_readable(name), "{name}");
        }
    }

    /// HARD-ADMIT-2: the kinds the issue names as outside stay outside.
    #[test]
    fn hard_admit_2_table_leaves_out() {
        for kind in [
            "array",
            "brace_expression",
            "c_style_for_statement",
            "function_definition",
            "process_substitution",
            "translated_string",
            "unset_command",
            "ERROR",
        ] {
            assert_eq!(check_of(kind), None, "{kind}");
        }
        for (name, _) in BUILTINS {
            assert!(ALL_BUILTINS.contains(name), "{name}");
        }
    }
}
