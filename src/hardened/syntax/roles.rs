//! The roles of the second reading (spec §12.11, `HARD-READ-2`): which part
//! bash's grammar gives each token — command word, argument, assignment,
//! descriptor, redirection target, reserved word, … — read from the tokens
//! alone, as bash's parser reads them, one simple command at a time.
//!
//! [`Grammar`] is the state of one list (the top level, or the inside of one
//! `$(…)`); [`crate::hardened::syntax::reading`] asks it for the role of each token it reads,
//! and [`crate::hardened::syntax::agree`] holds the tree to the same roles.

use crate::hardened::contract::redirections::{redirection_of, TargetForm};
pub use crate::hardened::contract::role::Role;

/// Reserved words that open or continue a compound command: a command
/// follows them.
const OPENING: &[&str] = &[
    "if", "then", "elif", "else", "do", "while", "until", "{", "!", "function", "coproc",
];

/// Reserved words that close a compound command: only redirections and
/// control operators may follow.
const CLOSING: &[&str] = &["fi", "done", "}", "esac"];

/// Where the grammar is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// The start of a command: reserved words, assignments, redirections,
    /// then the command word.
    Command,
    /// After the command word, or after a compound command's end.
    Arguments,
    /// After `time` (and its `-p` or `--`): the parser reads the timed
    /// pipeline as `time`'s arguments, as the profile's wrapper model does,
    /// but a `!` there is bash's reserved word.
    TimeHead,
    /// After a redirection operator: its target, then back to the state kept.
    Target(After),
    /// After `for` or `select`: the name.
    LoopName,
    /// After the loop's name: `in`, or the end of the head.
    LoopIn,
    /// After `for NAME in`: the list.
    LoopWords,
    /// After `case`: the word examined.
    CaseSubject,
    /// After the case subject: `in`.
    CaseIn,
    /// A case pattern list, up to its `)`.
    Pattern,
    /// Inside `[[ … ]]`.
    Test,
}

/// The state a redirection's target returns to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum After {
    Command,
    Arguments,
}

/// The grammar of one list of commands.
#[derive(Debug, Clone)]
pub struct Grammar {
    expect: Expect,
}

impl Default for Grammar {
    fn default() -> Self {
        Self {
            expect: Expect::Command,
        }
    }
}

impl Grammar {
    /// The role of the word `text` here, and the state after it.
    pub fn word(&mut self, text: &str) -> Role {
        let (role, next) = match self.expect {
            Expect::Command => command_position(text),
            Expect::Arguments => (Role::Argument, Expect::Arguments),
            Expect::TimeHead if matches!(text, "-p" | "--") => (Role::Argument, Expect::TimeHead),
            Expect::TimeHead if text == "!" => (Role::ReservedWord, Expect::Arguments),
            Expect::TimeHead => (Role::Argument, Expect::Arguments),
            Expect::Target(After::Command) => (Role::RedirectTarget, Expect::Command),
            Expect::Target(After::Arguments) => (Role::RedirectTarget, Expect::Arguments),
            Expect::LoopName => (Role::LoopName, Expect::LoopIn),
            Expect::LoopIn if text == "in" => (Role::ReservedWord, Expect::LoopWords),
            Expect::LoopIn if text == "do" => (Role::ReservedWord, Expect::Command),
            // `for f x`: a syntax error for bash; read on as arguments.
            Expect::LoopIn => (Role::Argument, Expect::Arguments),
            Expect::LoopWords => (Role::LoopWord, Expect::LoopWords),
            Expect::CaseSubject => (Role::CaseSubject, Expect::CaseIn),
            Expect::CaseIn if text == "in" => (Role::ReservedWord, Expect::Pattern),
            Expect::CaseIn => (Role::Argument, Expect::Arguments),
            Expect::Pattern if text == "esac" => (Role::ReservedWord, Expect::Arguments),
            Expect::Pattern => (Role::Pattern, Expect::Pattern),
            Expect::Test if text == "]]" => (Role::ReservedWord, Expect::Arguments),
            Expect::Test => (Role::TestWord, Expect::Test),
        };
        self.expect = next;
        role
    }

    /// The role of digits right before `<` or `>`: a descriptor, but a
    /// test word inside `[[ … ]]`, where `<` and `>` compare.
    pub fn descriptor(&mut self) -> Role {
        if self.expect == Expect::Test {
            Role::TestWord
        } else {
            Role::Descriptor
        }
    }

    /// The role of the operator `op` here, and the state after it.
    pub fn operator(&mut self, op: &str) -> Role {
        match self.expect {
            Expect::Test => return Role::TestWord,
            Expect::Pattern => {
                if op == ")" {
                    self.expect = Expect::Command;
                }
                return Role::Pattern;
            }
            _ => {}
        }
        if let Some(redirection) = redirection_of(op) {
            let resume = match self.expect {
                Expect::Command => After::Command,
                _ => After::Arguments,
            };
            return match redirection.target {
                TargetForm::None => Role::Close,
                // The delimiter is read with the here-document itself.
                TargetForm::Delimiter => Role::RedirectOperator,
                TargetForm::Word | TargetForm::Descriptor => {
                    self.expect = Expect::Target(resume);
                    Role::RedirectOperator
                }
            };
        }
        self.expect = match op {
            ";;" | ";&" | ";;&" => Expect::Pattern,
            ")" => Expect::Arguments,
            _ => Expect::Command,
        };
        Role::ControlOperator
    }

    /// A newline: it ends a command, but not a case head, a pattern list,
    /// a test or a redirection waiting for its target.
    pub fn newline(&mut self) {
        self.expect = match self.expect {
            Expect::Command
            | Expect::Arguments
            | Expect::TimeHead
            | Expect::LoopIn
            | Expect::LoopWords => Expect::Command,
            other => other,
        };
    }
}

/// A word where a command starts.
fn command_position(text: &str) -> (Role, Expect) {
    match text {
        "for" | "select" => (Role::ReservedWord, Expect::LoopName),
        "case" => (Role::ReservedWord, Expect::CaseSubject),
        "[[" => (Role::ReservedWord, Expect::Test),
        _ if OPENING.contains(&text) => (Role::ReservedWord, Expect::Command),
        _ if CLOSING.contains(&text) => (Role::ReservedWord, Expect::Arguments),
        _ if is_assignment_word(text) => (Role::Assignment, Expect::Command),
        "time" => (Role::CommandWord, Expect::TimeHead),
        _ => (Role::CommandWord, Expect::Arguments),
    }
}

/// `NAME=…`, `NAME+=…` or `NAME[…]=…` with a valid unquoted name: bash's
/// assignment word.
fn is_assignment_word(text: &str) -> bool {
    let name_len = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    let (name, rest) = text.split_at(name_len);
    let valid_name = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    let rest = match rest.strip_prefix('[') {
        Some(subscript) => match subscript.find(']') {
            Some(end) => subscript.get(end + 1..).unwrap_or(""),
            None => return false,
        },
        None => rest,
    };
    valid_name && (rest.starts_with('=') || rest.starts_with("+="))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HARD-READ-2: assignment words as bash's lexer reads them.
    #[test]
    fn hard_read_2_assignment_words() {
        for word in ["A=1", "a_1=", "X+=y", "a[0]=1", "PATH=$PATH:x"] {
            assert!(is_assignment_word(word), "{word}");
        }
        for word in ["=1", "1A=2", "a-b=1", "'A'=1", "a[0=1", "A"] {
            assert!(!is_assignment_word(word), "{word}");
        }
    }
}
