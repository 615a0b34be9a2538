//! The parts bash's grammar gives a token (spec §12.11, `HARD-READ-2`): the
//! vocabulary the second reading and the tree are compared in.

/// The part bash's grammar gives a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// The word a simple command runs (after its assignments and redirections).
    CommandWord,
    /// A later word of a simple command.
    Argument,
    /// `NAME=value` before the command word, or alone.
    Assignment,
    /// A reserved word where bash reads one (`if`, `then`, `{`, `!`, `[[`, …).
    ReservedWord,
    /// The digits of `N>` (the descriptor a redirection opens).
    Descriptor,
    /// A redirection operator that opens or duplicates (`>`, `<`, `2>&`, `<<<`).
    RedirectOperator,
    /// The word a redirection opens, duplicates or feeds (`out` of `>out`).
    RedirectTarget,
    /// A redirection that closes a descriptor (`>&-`, `<&-`): it has no target.
    Close,
    /// A here-document's delimiter, where it starts and where it ends.
    Delimiter,
    /// A here-document's body lines.
    Body,
    /// A control operator (`;`, `&&`, `|`, `(`, `;;`, …).
    ControlOperator,
    /// The name a `for` loop assigns.
    LoopName,
    /// A word of a `for` loop's list.
    LoopWord,
    /// The word a `case` examines.
    CaseSubject,
    /// A `case` pattern, or its `(`, `|` and `)`.
    Pattern,
    /// A word or operator inside `[[ … ]]`.
    TestWord,
    /// A comment.
    Comment,
}

impl Role {
    /// The role in words, for traces.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::CommandWord => "command word",
            Self::Argument => "argument",
            Self::Assignment => "assignment",
            Self::ReservedWord => "reserved word",
            Self::Descriptor => "descriptor",
            Self::RedirectOperator => "redirection operator",
            Self::RedirectTarget => "redirection target",
            Self::Close => "close",
            Self::Delimiter => "here-document delimiter",
            Self::Body => "here-document body",
            Self::ControlOperator => "control operator",
            Self::LoopName => "loop name",
            Self::LoopWord => "loop word",
            Self::CaseSubject => "case subject",
            Self::Pattern => "case pattern",
            Self::TestWord => "test word",
            Self::Comment => "comment",
        }
    }

    /// A word of a simple command or of a compound command's head: a token
    /// the tree must not hand to a redirection.
    #[must_use]
    pub const fn is_command_part(self) -> bool {
        matches!(
            self,
            Self::CommandWord
                | Self::Argument
                | Self::Assignment
                | Self::LoopName
                | Self::LoopWord
                | Self::CaseSubject
                | Self::Pattern
                | Self::TestWord
        )
    }
}
