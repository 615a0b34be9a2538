//! Bash's own parse as a differential oracle of roles (spec §6.3,
//! `INV-ROLE-1` to `INV-ROLE-5`).
//!
//! The profiles judge tree-sitter-bash's tree: which words are a command's
//! name and arguments, which are a redirection's descriptor and target. A
//! token the tree gives another role than bash does is judged as something
//! bash does not do with it (`cat 2>&- .env`: the tree's target of the
//! close, bash's argument of `cat`). This module asks bash itself:
//! [`BashReader`] has GNU bash parse each text without running it
//! (`bash --pretty-print`, in a sandbox) and print it back; an independent
//! reader of that rendering (`canonical.rs`) yields each simple command's
//! assignments, words and redirections; `tree.rs` yields the same from the
//! tree; [`compare`] names every token whose roles differ.

mod bash;
mod canonical;
mod lex;
mod run;
mod tree;
mod words;

use std::fmt;

use serde::Serialize;

pub use bash::{BashReader, Reading};
pub use run::{differential, disagreements, DifferentialReport, Finding};
use words::{normal, substitution_bodies};

/// The redirection operators of bash's grammar (manual §3.6).
const OPERATORS: [&str; 12] = [
    "<", ">", ">|", ">>", "<>", "&>", "&>>", "<<", "<<-", "<<<", "<&", ">&",
];

/// How a redirection opens its descriptor (manual §3.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    /// `[n]<word`
    Read,
    /// `[n]>word`
    Write,
    /// `[n]>|word`
    Clobber,
    /// `[n]>>word`
    Append,
    /// `[n]<>word`
    ReadWrite,
    /// `&>word`
    Both,
    /// `&>>word`
    BothAppend,
    /// `[n]<<word`
    HereDocument,
    /// `[n]<<-word`
    HereDocumentStripped,
    /// `[n]<<<word`
    HereString,
    /// `[n]<&digits`
    DuplicateInput,
    /// `[n]>&digits`
    DuplicateOutput,
    /// `[n]<&digits-`
    MoveInput,
    /// `[n]>&digits-`
    MoveOutput,
    /// `[n]<&-`, `[n]>&-`: no target.
    Close,
    /// `[n]<&word`, `[n]>&word` where the word is no descriptor: bash
    /// expands it, and when the result is no descriptor opens it as a file,
    /// bash 5.2 expanding it a second time (`HARD-REDIR-*`, issue 37).
    DuplicateWord,
}

/// One redirection, as either reading gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Redirect {
    /// The descriptor it acts on: the one written (digits, `{name}`), or
    /// the operator's default (`0` reading, `1` writing, `&` both).
    pub descriptor: String,
    /// How it opens the descriptor.
    pub kind: Kind,
    /// Its target with quoting set aside (`INV-ROLE-3`); `-` for a close,
    /// the delimiter for a here-document.
    pub target: String,
    #[serde(skip)]
    written_target: String,
    #[serde(skip)]
    operator: &'static str,
}

impl Redirect {
    fn new(descriptor: Option<&str>, operator: &'static str, target: &str) -> Self {
        let is_digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        let input = operator.starts_with('<');
        let kind = match operator {
            "<" => Kind::Read,
            ">" => Kind::Write,
            ">|" => Kind::Clobber,
            ">>" => Kind::Append,
            "<>" => Kind::ReadWrite,
            "&>" => Kind::Both,
            "&>>" => Kind::BothAppend,
            "<<" => Kind::HereDocument,
            "<<-" => Kind::HereDocumentStripped,
            "<<<" => Kind::HereString,
            _ if target == "-" => Kind::Close,
            _ if is_digits(target) => {
                if input {
                    Kind::DuplicateInput
                } else {
                    Kind::DuplicateOutput
                }
            }
            _ if target.strip_suffix('-').is_some_and(is_digits) => {
                if input {
                    Kind::MoveInput
                } else {
                    Kind::MoveOutput
                }
            }
            _ => Kind::DuplicateWord,
        };
        let default = if operator.starts_with('&') {
            "&"
        } else if input {
            "0"
        } else {
            "1"
        };
        let target_normal = match kind {
            Kind::HereDocument | Kind::HereDocumentStripped => {
                target.replace(['\'', '"', '\\'], "")
            }
            _ => normal(target),
        };
        Self {
            descriptor: descriptor.unwrap_or(default).to_owned(),
            kind,
            target: target_normal,
            written_target: target.to_owned(),
            operator,
        }
    }
}

impl fmt::Display for Redirect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let descriptor = if self.descriptor == "&" {
            ""
        } else {
            &self.descriptor
        };
        match self.kind {
            Kind::Close => write!(f, "{descriptor}>&-"),
            _ => write!(f, "{descriptor}{}{}", self.operator, self.target),
        }
    }
}

/// One simple command as a reading gives it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Simple {
    /// Assignment words before the command word.
    pub assignments: Vec<String>,
    /// The command word and its arguments, as written.
    pub words: Vec<String>,
    /// Its redirections, in source order.
    pub redirections: Vec<Redirect>,
    /// The redirections of a compound command (no words).
    pub compound: bool,
    /// `[ … ]`: the tree reads it as an expression, not as words; compared
    /// only as being there.
    pub opaque: bool,
    /// Tokens the tree gives a role no simple command has (a second
    /// destination of a redirect), with that role.
    #[serde(skip)]
    stray: Vec<(String, String)>,
    /// Redirect operators the tree gives that are no operator of bash.
    #[serde(skip)]
    unknown: Vec<String>,
}

/// One token the two readings give different roles (`INV-ROLE-4`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Disagreement {
    /// Which simple command (0-based, in bash's order, `INV-ROLE-2`).
    pub command: usize,
    /// The token, quoting set aside.
    pub token: String,
    /// Its role in bash's parse.
    pub bash: String,
    /// Its role in the tree.
    pub tree: String,
}

/// The simple commands of `source` by the tree the profiles judge, or
/// `None` when the tree has an error (no profile allows it) or the parser
/// gives no tree.
#[must_use]
pub fn tree_commands(source: &str) -> Option<Vec<Simple>> {
    let mut parser = crate::policy::units::bash_parser().ok()?;
    let tree = parser.parse(source, None)?;
    tree::simple_commands(source, tree.root_node())
}

/// The simple commands of bash's rendering `rendered` (what
/// [`BashReader`] returns), read by this module's own reader.
///
/// # Errors
/// A text the reader cannot tokenize (an unterminated quote).
pub fn bash_commands(rendered: &str) -> Result<Vec<Simple>, String> {
    canonical::simple_commands(rendered)
}

/// Every token whose role differs between `bash` and `tree`
/// (`INV-ROLE-4`); a `>&`/`<&` whose word is no descriptor is always one.
#[must_use]
pub fn compare(bash: &[Simple], tree: &[Simple]) -> Vec<Disagreement> {
    let mut found = Vec::new();
    for (index, b) in bash.iter().enumerate() {
        for r in b
            .redirections
            .iter()
            .filter(|r| r.kind == Kind::DuplicateWord)
        {
            let tree_role = tree
                .get(index)
                .and_then(|t| t.redirections.iter().find(|x| x.target == r.target))
                .map_or_else(
                    || "no such target".to_owned(),
                    |x| format!("the target of `{x}` (a file opened once)"),
                );
            found.push(Disagreement {
                command: index,
                token: r.target.clone(),
                bash: format!(
                    "the word of `{r}`, no descriptor: expanded, then a file (bash 5.2 expands it again)"
                ),
                tree: tree_role,
            });
        }
    }
    if bash.len() != tree.len() {
        found.push(Disagreement {
            command: bash.len().min(tree.len()),
            token: String::new(),
            bash: format!("{} simple commands: {}", bash.len(), summary(bash)),
            tree: format!("{} simple commands: {}", tree.len(), summary(tree)),
        });
        return found;
    }
    for (index, (b, t)) in bash.iter().zip(tree).enumerate() {
        found.extend(compare_one(index, b, t));
    }
    found
}

fn summary(commands: &[Simple]) -> String {
    commands
        .iter()
        .map(|c| {
            if c.opaque {
                "[ … ]".to_owned()
            } else {
                c.assignments
                    .iter()
                    .chain(&c.words)
                    .map(|w| normal(w))
                    .chain(c.redirections.iter().map(ToString::to_string))
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        })
        .collect::<Vec<_>>()
        .join(" ; ")
}

/// The tokens of one pair of simple commands whose roles differ.
fn compare_one(index: usize, b: &Simple, t: &Simple) -> Vec<Disagreement> {
    let mut found = Vec::new();
    let mut push = |token: &str, bash: String, tree: String| {
        found.push(Disagreement {
            command: index,
            token: token.to_owned(),
            bash,
            tree,
        });
    };
    if b.opaque || t.opaque {
        if b.opaque != t.opaque {
            push("[", role_in_bash(b, "["), "a test expression".to_owned());
        }
        return found;
    }
    for operator in &t.unknown {
        push(
            operator,
            "no redirection operator".to_owned(),
            format!("the operator `{operator}`"),
        );
    }
    let bash_words: Vec<String> = b.words.iter().map(|w| normal(w)).collect();
    let tree_words: Vec<String> = t.words.iter().map(|w| normal(w)).collect();
    for (k, word) in tree_words.iter().enumerate() {
        if bash_words.get(k) != Some(word) {
            let tree_role = word_role(k);
            push(word, role_in_bash(b, word), tree_role);
        }
    }
    for (k, word) in bash_words.iter().enumerate() {
        if tree_words.get(k) != Some(word) && !tree_words.contains(word) {
            push(word, word_role(k), role_in_tree(t, word));
        }
    }
    let bash_assign: Vec<String> = b.assignments.iter().map(|w| normal(w)).collect();
    let tree_assign: Vec<String> = t.assignments.iter().map(|w| normal(w)).collect();
    if bash_assign != tree_assign {
        push(
            &bash_assign.join(" "),
            "assignments".to_owned(),
            format!("assignments `{}`", tree_assign.join(" ")),
        );
    }
    let bash_redirects: Vec<String> = b.redirections.iter().map(ToString::to_string).collect();
    let tree_redirects: Vec<String> = t.redirections.iter().map(ToString::to_string).collect();
    if bash_redirects != tree_redirects {
        for r in bash_redirects
            .iter()
            .filter(|r| !tree_redirects.contains(r))
        {
            push(
                r,
                format!("the redirection `{r}`"),
                redirect_roles(&tree_redirects),
            );
        }
        for r in tree_redirects
            .iter()
            .filter(|r| !bash_redirects.contains(r))
        {
            push(
                r,
                redirect_roles(&bash_redirects),
                format!("the redirection `{r}`"),
            );
        }
    }
    found
}

fn word_role(k: usize) -> String {
    if k == 0 {
        "the command word".to_owned()
    } else {
        format!("argument {k}")
    }
}

fn redirect_roles(list: &[String]) -> String {
    if list.is_empty() {
        "no redirection".to_owned()
    } else {
        format!("the redirections `{}`", list.join(" "))
    }
}

/// What bash's parse makes of `token` in `b`, where it is not the word at
/// the tree's index.
fn role_in_bash(b: &Simple, token: &str) -> String {
    if let Some(k) = b.words.iter().position(|w| normal(w) == token) {
        return word_role(k);
    }
    if let Some(r) = b.redirections.iter().find(|r| r.descriptor == token) {
        return format!("the descriptor of `{r}`");
    }
    if let Some(r) = b.redirections.iter().find(|r| r.target == token) {
        return format!("the target of `{r}`");
    }
    if b.assignments.iter().any(|a| normal(a) == token) {
        return "an assignment".to_owned();
    }
    "no token of this command".to_owned()
}

/// What the tree makes of `token` in `t`, where it is no word of it.
fn role_in_tree(t: &Simple, token: &str) -> String {
    if let Some((_, role)) = t.stray.iter().find(|(s, _)| normal(s) == token) {
        return role.clone();
    }
    if let Some(r) = t.redirections.iter().find(|r| r.target == token) {
        return format!("the target of `{r}`");
    }
    if let Some(r) = t.redirections.iter().find(|r| r.descriptor == token) {
        return format!("the descriptor of `{r}`");
    }
    if t.assignments.iter().any(|a| normal(a) == token) {
        return "an assignment".to_owned();
    }
    "no token of this command".to_owned()
}
