//! The hardened clauses that can decide an answer (spec chapter 12,
//! `HARD-*`): the ids a refusal names.

use serde::{Serialize, Serializer};

use super::role::Role;
use crate::hardened::contract::admitted::Row;

/// A hardened clause that can decide an answer (`HARD-*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Clause {
    /// `HARD-PARSE-1`: the parse has an `ERROR` or `MISSING` node.
    ParseError,
    /// `HARD-PARSE-2`: the command contains U+0000.
    Nul,
    /// `HARD-PARSE-3`: blanks the parser and bash disagree on.
    Blanks,
    /// `HARD-PARSE-4`: a here-document bash does not end where the parser does.
    HeredocDelimiter,
    /// `HARD-PARSE-5`: an escaped blank the parser skips or that ends an argument.
    EscapedBlank,
    /// `HARD-PARSE-6`: a newline the parser reads as a blank inside a command.
    NewlineInCommand,
    /// `HARD-PARSE-7`: words after a redirection's target, which the parser
    /// gives to the redirection and bash to the command.
    WordsAfterRedirect,
    /// `HARD-UNIT-5`: a command of comments only.
    CommentOnly,
    /// `HARD-DEWRAP-1`: de-wrapping changed the parse.
    DewrapChangesParse,
    /// `HARD-SPELL-2`: a wrapper floor of the dequoted name.
    SpellFloor,
    /// `HARD-SPELL-3`: the command name is computed at run time.
    SpellComputed,
    /// `HARD-RUN-1`: a builtin that runs code or changes what runs.
    RunBuiltin,
    /// `HARD-RUN-2`: a shell reading its script from standard input.
    RunShellStdin,
    /// `HARD-RUN-3`: an interpreter's inline or standard-input program.
    RunInline,
    /// `HARD-RUN-4`: a program that runs a command this profile cannot read.
    RunWrapped,
    /// `HARD-RUN-6`: an option, subcommand word or setting that runs a
    /// command line or a program it names.
    RunOption,
    /// `HARD-RUN-7`: a setting whose key is not inert.
    RunSetting,
    /// `HARD-RUN-9`: an option a closed option grammar does not list, or
    /// an ambiguous abbreviation.
    RunUnknownOption,
    /// `HARD-VALUE-7`: a word only run time knows where a modelled program
    /// may read an option, a setting or a command.
    ValueUnknown,
    /// `HARD-EFFECT-6`: a locale assignment before bytes outside ASCII.
    EffectLocale,
    /// `HARD-EXPAND-1`: arithmetic evaluation of run-time data.
    ExpandArithmetic,
    /// `HARD-EXPAND-2`: indirect or prompt expansion.
    ExpandIndirect,
    /// `HARD-EFFECT-2`: an assignment that can change what runs.
    EffectAssignment,
    /// `HARD-EFFECT-3`: redirections with no command.
    NamelessCommand,
    /// `HARD-EFFECT-4`: a write outside the working and temporary directories.
    EffectWrite,
    /// `HARD-EFFECT-7`: a file the command writes, run by the command.
    EffectRunWritten,
    /// `HARD-ADMIT-2` to `HARD-ADMIT-7`: a construct outside the admitted
    /// subset, by the row of the table it fails.
    NotAdmitted(Row),
    /// `HARD-READ-1`: the second reading disagrees with the tree, or cannot
    /// read the text.
    SecondReading,
    /// `HARD-READ-2`: a token the second reading gives the first role and
    /// the tree the second.
    Roles(Role, Role),
}

impl Clause {
    /// The clause id in `spec/SPEC.md`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::ParseError => "HARD-PARSE-1",
            Self::Nul => "HARD-PARSE-2",
            Self::Blanks => "HARD-PARSE-3",
            Self::HeredocDelimiter => "HARD-PARSE-4",
            Self::EscapedBlank => "HARD-PARSE-5",
            Self::NewlineInCommand => "HARD-PARSE-6",
            Self::WordsAfterRedirect => "HARD-PARSE-7",
            Self::CommentOnly => "HARD-UNIT-5",
            Self::DewrapChangesParse => "HARD-DEWRAP-1",
            Self::SpellFloor => "HARD-SPELL-2",
            Self::SpellComputed => "HARD-SPELL-3",
            Self::RunBuiltin => "HARD-RUN-1",
            Self::RunShellStdin => "HARD-RUN-2",
            Self::RunInline => "HARD-RUN-3",
            Self::RunWrapped => "HARD-RUN-4",
            Self::RunOption => "HARD-RUN-6",
            Self::RunSetting => "HARD-RUN-7",
            Self::RunUnknownOption => "HARD-RUN-9",
            Self::ValueUnknown => "HARD-VALUE-7",
            Self::EffectLocale => "HARD-EFFECT-6",
            Self::ExpandArithmetic => "HARD-EXPAND-1",
            Self::ExpandIndirect => "HARD-EXPAND-2",
            Self::EffectAssignment => "HARD-EFFECT-2",
            Self::NamelessCommand => "HARD-EFFECT-3",
            Self::EffectWrite => "HARD-EFFECT-4",
            Self::EffectRunWritten => "HARD-EFFECT-7",
            Self::NotAdmitted(row) => row.id(),
            Self::SecondReading => "HARD-READ-1",
            Self::Roles(..) => "HARD-READ-2",
        }
    }

    /// A clause of §12.1: the parser and bash read the text differently.
    #[must_use]
    pub const fn is_parse(self) -> bool {
        matches!(
            self,
            Self::ParseError
                | Self::Nul
                | Self::Blanks
                | Self::HeredocDelimiter
                | Self::EscapedBlank
                | Self::NewlineInCommand
                | Self::WordsAfterRedirect
        )
    }

    /// The matched pattern of an answer this clause decided: `<hardened:ID>`,
    /// and for `HARD-READ-2` the two roles (`<hardened:HARD-READ-2: bash
    /// reads an argument, the parser a redirection target>`, `HARD-TRACE-1`).
    #[must_use]
    pub fn sentinel(self) -> String {
        match self {
            Self::Roles(reading, tree) => format!(
                "<hardened:{}: bash reads {} {}, the parser {} {}>",
                self.id(),
                article(reading.name()),
                reading.name(),
                article(tree.name()),
                tree.name()
            ),
            _ => format!("<hardened:{}>", self.id()),
        }
    }
}

impl Serialize for Clause {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

/// The hardened clause named by a matched pattern `<hardened:ID>`, if any.
#[must_use]
pub fn clause_of(matched_pattern: Option<&str>) -> Option<&str> {
    let inner = matched_pattern?
        .strip_prefix("<hardened:")?
        .strip_suffix('>')?;
    inner.split(':').next()
}

/// `a` or `an` before a role's name.
fn article(name: &str) -> &'static str {
    if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}
