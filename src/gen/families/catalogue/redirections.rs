//! The redirection grammar (manual §3.6 Redirections, `GEN-FAM-16`): every
//! operator, with descriptors `0`–`9`, `10` and more and `{name}`, target
//! words in every spelling, in every position of simple and compound
//! commands; and the three readings of issue 37 — a close's next word, a
//! descriptor `0`, a duplication word — each carrying a payload.

use std::sync::LazyLock;

use super::family;
use crate::gen::families::Family;
use crate::gen::families::Reach::{Hidden, Runs};
use crate::gen::families::Slot::Inline;

const CLAUSE: &str = "GEN-FAM-16";

/// The word after a close (`<&-`, `N>&-`) is an argument of the command to
/// bash; a parser that takes it as the close's target judges a command
/// without it.
const CLOSE_WORD: &[&str] = &[
    "«B»; «N» 2>&- «A»",
    "«B» && «N» <&- «A»",
    "«B»; «N» 9<&- «A»",
    "«B»; «N» 1>&- «A»",
    "«B»; «N» 10>&- «A»",
    "«B»; 2>&- «N» «A»",
    "«B»; «N» «A1» 2>&- «AR»",
    "«B»; «N» 2>&- «dq:A»",
    "«B»; «N» 2>&- «empty:A»",
    "«B»; exec {fd}>/dev/null; «N» {fd}>&- «A»",
    "«B»; { «N» 2>&- «A»; }",
    "«B»; ( «N» 3>&- «A» )",
    "«B»; for i in 1; do «N» 2>&- «A»; done",
    "«B»; f() { «N» 2>&- «A»; }; f",
    "«B»; if true; then «N» <&- «A»; fi",
    "«B» | «N» 2>&- «A»",
];

/// A descriptor `0` before an operator: bash's descriptor, an argument
/// word to a parser that only knows `1`–`9` there.
const DESCRIPTOR_ZERO: &[&str] = &[
    "«B»; «N» 0</dev/null «A»",
    "«B»; «N» 0<&- «A»",
    "«B»; «N» 0<<<x «A»",
    "«B»; «N» 0<>/dev/null «A»",
    "«B»; «N» 0>&- «A»",
    "«B»; «N» 0<&0 «A»",
    "«B»; «N» «A1» 0</dev/null «AR»",
    "«B»; sh 0<<<'«sq:P»'",
    "«B»; bash 0<<<'«sq:P»'",
    "«B» && { «N» 0</dev/null «A»; }",
];

/// `>&WORD` and `1>&WORD` with a word that is no descriptor: bash expands
/// it, and bash 5.2 expands the result once more (a quoted substitution
/// runs). Only with the descriptor `1`, written or not.
const DUPLICATION_WORD: &[&str] = &[
    "«B» >&'$(«sq:P»)'",
    "«B» 1>&'$(«sq:P»)'",
    "«B» >&'`«sq:P»`'",
    "«B» >&\"\\$(«P»)\"",
    "«B» >&'${x:-$(«sq:P»)}'",
    "«B» >&~/'$(«sq:P»)'",
    ">&'$(«sq:P»)' «B»",
    "«B» >&'$(«sq:P»)' «BA»",
    "{ «B»; } >&'$(«sq:P»)'",
    "( «B» ) 1>&'$(«sq:P»)'",
    "«B»; for i in; do :; done >&'$(«sq:P»)'",
    "«B»; while false; do :; done >&'$(«sq:P»)'",
    "«B»; f() { :; } >&'$(«sq:P»)'; f",
];

/// The operators of manual §3.6 that take a target word (here-documents
/// apart): `[n]<`, `[n]>`, `[n]>|`, `[n]>>`, `&>`, `&>>`, `[n]<<<`,
/// `[n]<>`, and `>&word`, `[n]<&word` with a word that is no descriptor.
const OPERATORS: [(&str, bool); 10] = [
    ("<", true),
    (">", true),
    (">|", true),
    (">>", true),
    ("&>", false),
    ("&>>", false),
    ("<<<", true),
    ("<>", true),
    (">&", false),
    ("<&", true),
];

/// Descriptors written before an operator that takes one.
const DESCRIPTORS: [&str; 6] = ["", "0", "2", "9", "10", "{fd}"];

/// Target words whose expansion runs the payload: quoted, unquoted,
/// backquoted, inside `${…}`, a process substitution, after a tilde, with
/// ANSI-C quoting, a glob, and the commit-message idiom.
const TARGETS: [&str; 9] = [
    "\"$(«P»)\"",
    "$(«P»)",
    "`«P»`",
    "\"${x:-$(«P»)}\"",
    "~/\"$(«P»)\"",
    "$'x'$(«P»)",
    "$(«P»)*",
    "\"$(«P»; cat <<'EOF'\nmessage\nEOF\n)\"",
    "x\"`«P»`\"",
];

/// Where the redirection stands: before the command word, between its
/// arguments, last; on a group, a subshell, a loop, a function, an `if`.
const POSITIONS: [&str; 9] = [
    "«R» «B»",
    "«B» «R» «BA»",
    "«B» «R»",
    "{ «B»; } «R»",
    "( «B» ) «R»",
    "for i in 1; do «B»; done «R»",
    "while false; do :; done «R»; «B»",
    "f() { «B»; } «R»; f",
    "if true; then «B»; fi «R»",
];

/// Forms of every operator × descriptor × target × position, drawn as a
/// cycle through each table so that every row of each is met with many
/// rows of the others (a full product would be thousands of forms).
fn operator_forms() -> Vec<&'static str> {
    let mut forms = Vec::new();
    for i in 0..120_usize {
        let (operator, takes_descriptor) = OPERATORS[i % OPERATORS.len()];
        let descriptor = if takes_descriptor {
            DESCRIPTORS[(i / OPERATORS.len()) % DESCRIPTORS.len()]
        } else {
            ""
        };
        let target = TARGETS[i % TARGETS.len()];
        let position = POSITIONS[(i / 3) % POSITIONS.len()];
        let redirection = format!("{descriptor}{operator}{target}");
        // `{fd}>` opens a new descriptor; `exec`-less it is closed again.
        forms.push(position.replace("«R»", &redirection));
    }
    // Here-documents, stripped or not, with a descriptor or not, whose
    // unquoted body runs a substitution; and `{var}` forms on `exec`.
    for (k, operator) in ["<<", "<<-", "3<<", "0<<-", "{fd}<<"]
        .into_iter()
        .enumerate()
    {
        let position = POSITIONS[k % 3];
        forms.push(format!(
            "{}\n$(«P»)\nEOF",
            position.replace("«R»", &format!("{operator}EOF"))
        ));
    }
    forms.push("«B»; exec {fd}>\"$(«P»)\"".to_owned());
    forms.push("«B»; exec {fd}<>$(«P»)".to_owned());
    forms.push("«B»; exec {fd}>&1 {fd}>&- 3>`«P»`".to_owned());
    forms
        .into_iter()
        .map(|f| &*Box::leak(f.into_boxed_str()))
        .collect()
}

/// Files the example policy refuses by name (`.env`, `~/.ssh/id_rsa`,
/// `.git/config`, `~/.bashrc`), in spellings of the target word.
const DENIED_FILES: [&str; 10] = [
    ".env",
    "~/.ssh/id_rsa",
    ".git/config",
    "~/.bashrc",
    "\"$HOME/.ssh/id_rsa\"",
    "$'.env'",
    "\".env\"",
    ".e[n]v",
    "~/.ssh/id_*",
    "'.git'/config",
];

/// A denied file read or written through every operator: the oracle's
/// records do not show a redirection's effect (`INV-GROUND-7`), the
/// hardened profile judges it (`HARD-EFFECT-*`).
fn file_forms() -> Vec<&'static str> {
    let mut forms = Vec::new();
    for i in 0..40_usize {
        let (operator, takes_descriptor) = OPERATORS[i % OPERATORS.len()];
        if operator == "<&" || operator == ">&" {
            continue;
        }
        let descriptor = if takes_descriptor {
            DESCRIPTORS[(i / 2) % DESCRIPTORS.len()]
        } else {
            ""
        };
        let target = DENIED_FILES[i % DENIED_FILES.len()];
        let position = POSITIONS[i % POSITIONS.len()];
        forms.push(position.replace("«R»", &format!("{descriptor}{operator}{target}")));
    }
    forms
        .into_iter()
        .map(|f| &*Box::leak(f.into_boxed_str()))
        .collect()
}

static OPERATOR_FORMS: LazyLock<Vec<&'static str>> = LazyLock::new(operator_forms);
static FILE_FORMS: LazyLock<Vec<&'static str>> = LazyLock::new(file_forms);

/// The families of the redirection grammar.
pub(super) fn families() -> Vec<Family> {
    vec![
        family(
            "redir-close-word",
            "the word after a close (`2>&- .env`, `<&- -rf`) is an argument to bash",
            CLAUSE,
            "3.6.9 Moving File Descriptors",
            Inline,
            Runs,
            CLOSE_WORD,
        ),
        family(
            "redir-descriptor-zero",
            "a descriptor `0` before an operator (`0<&-`, `0<<<`) is no argument to bash",
            CLAUSE,
            "3.6 Redirections",
            Inline,
            Runs,
            DESCRIPTOR_ZERO,
        ),
        family(
            "redir-duplication-word",
            "`>&WORD` with a word that is no descriptor: expanded, then again by bash 5.2",
            CLAUSE,
            "3.6.8 Duplicating File Descriptors",
            Inline,
            Runs,
            DUPLICATION_WORD,
        ),
        family(
            "redir-operators",
            "every redirection operator, descriptor, target spelling and position, the target running the payload",
            CLAUSE,
            "3.6 Redirections",
            Inline,
            Runs,
            OPERATOR_FORMS.as_slice(),
        ),
        family(
            "redir-denied-files",
            "a denied file read or written through every operator (the oracle's records do not show it)",
            CLAUSE,
            "3.6 Redirections",
            Inline,
            Hidden,
            FILE_FORMS.as_slice(),
        ),
    ]
}
