//! What a program runs: its inner commands, as indices into its arguments
//! (spec §12.5, `HARD-RUN-4`).

/// The inner command of a program, as indices into its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inner {
    /// The first word of the inner command.
    pub start: usize,
    /// One past its last word.
    pub end: usize,
    /// Words read from standard input are appended (`xargs`).
    pub appended: bool,
    /// A word that stands for input items where it occurs (`xargs -I R`, `find -exec … {}`).
    pub placeholder: Option<String>,
}

/// What a program runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Runs {
    /// Not a program of this table, or one that runs no command here.
    Nothing,
    /// These inner commands.
    Commands(Vec<Inner>),
    /// The reading is not modelled: ask.
    Unsure,
}
