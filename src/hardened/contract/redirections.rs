//! Every redirection form of bash 5.2 (spec §12.11, `HARD-ADMIT-7`), as
//! data: one row per form of the manual's *Redirections* section, with how
//! bash opens it, what its target is, and whether the hardened profile
//! admits it.
//!
//! [`crate::hardened::syntax::closed`] admits a redirection node only by its row, and
//! [`crate::hardened::syntax::roles`] reads from the same rows which operators take a target.

/// What bash does with the descriptor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opens {
    /// Opens the target for reading.
    Read,
    /// Opens the target for writing, truncating it.
    Write,
    /// Opens the target for appending.
    Append,
    /// Opens the target for reading and writing.
    ReadWrite,
    /// Makes the descriptor a copy of the target descriptor.
    Duplicate,
    /// Closes the descriptor.
    Close,
    /// Feeds a here-document's body on the descriptor.
    HereDocument,
    /// Feeds the expanded target word and a newline on the descriptor.
    HereString,
}

/// What may follow the operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetForm {
    /// A word, expanded once (tilde, parameters, substitutions, globbing to
    /// exactly one word, quote removal).
    Word,
    /// Literal digits, digits followed by `-` (move) or `-` (close): a
    /// descriptor. Any other word makes bash 5.2 re-read the redirection
    /// (`>&WORD` and `1>&WORD` become `&>` with WORD expanded a second
    /// time) or fail, so it is not admitted.
    Descriptor,
    /// Nothing: the operator closes (`>&-`, `<&-`); a word after it is the
    /// command's argument.
    None,
    /// A here-document delimiter.
    Delimiter,
}

/// Which descriptor may precede the operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DescriptorForm {
    /// `[n]`: none, or one literal digit.
    Optional,
    /// None: the operator names its descriptors itself (`&>`).
    Never,
}

/// One redirection form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Redirection {
    /// The operator as the lexer reads it (`>&-` is one token).
    pub operator: &'static str,
    /// The form as the manual spells it.
    pub form: &'static str,
    /// The descriptor that may precede it.
    pub descriptor: DescriptorForm,
    /// What bash does.
    pub opens: Opens,
    /// What follows it.
    pub target: TargetForm,
    /// Whether the hardened profile admits the form.
    pub admitted: bool,
}

/// Every redirection form of bash 5.2, as the lexer reads the operator.
///
/// Not admitted: `<>` (tree-sitter-bash reads `0<>x` as an argument and an
/// error), and every `{varname}` form (`{fd}>x` assigns `fd`; the second
/// reading refuses `{NAME}` before `<` or `>`, so they have no operator row).
#[rustfmt::skip]
pub const REDIRECTIONS: &[Redirection] = &[
    row("<", "[n]<word", DescriptorForm::Optional, Opens::Read, TargetForm::Word, true),
    row(">", "[n]>word", DescriptorForm::Optional, Opens::Write, TargetForm::Word, true),
    row(">|", "[n]>|word", DescriptorForm::Optional, Opens::Write, TargetForm::Word, true),
    row(">>", "[n]>>word", DescriptorForm::Optional, Opens::Append, TargetForm::Word, true),
    row("&>", "&>word", DescriptorForm::Never, Opens::Write, TargetForm::Word, true),
    row("&>>", "&>>word", DescriptorForm::Never, Opens::Append, TargetForm::Word, true),
    row("<<", "[n]<<word", DescriptorForm::Optional, Opens::HereDocument, TargetForm::Delimiter, true),
    row("<<-", "[n]<<-word", DescriptorForm::Optional, Opens::HereDocument, TargetForm::Delimiter, true),
    row("<<<", "[n]<<<word", DescriptorForm::Optional, Opens::HereString, TargetForm::Word, true),
    row("<&", "[n]<&word, [n]<&digit-", DescriptorForm::Optional, Opens::Duplicate, TargetForm::Descriptor, true),
    row(">&", "[n]>&word, [n]>&digit-, >&word", DescriptorForm::Optional, Opens::Duplicate, TargetForm::Descriptor, true),
    row("<&-", "[n]<&-", DescriptorForm::Optional, Opens::Close, TargetForm::None, true),
    row(">&-", "[n]>&-", DescriptorForm::Optional, Opens::Close, TargetForm::None, true),
    row("<>", "[n]<>word", DescriptorForm::Optional, Opens::ReadWrite, TargetForm::Word, false),
];

const fn row(
    operator: &'static str,
    form: &'static str,
    descriptor: DescriptorForm,
    opens: Opens,
    target: TargetForm,
    admitted: bool,
) -> Redirection {
    Redirection {
        operator,
        form,
        descriptor,
        opens,
        target,
        admitted,
    }
}

/// The row of an operator as the lexer reads it; `None` if `op` is no
/// redirection operator.
#[must_use]
pub fn redirection_of(op: &str) -> Option<&'static Redirection> {
    REDIRECTIONS.iter().find(|r| r.operator == op)
}

/// A descriptor `[n]` the profile admits: one literal digit. bash takes
/// more digits too, but a descriptor of 10 or more may be one bash uses
/// itself (the manual's warning), so the profile does not admit it.
#[must_use]
pub fn is_admitted_descriptor(text: &str) -> bool {
    text.len() == 1 && text.bytes().all(|b| b.is_ascii_digit())
}

/// A target of a duplication the profile admits: one literal digit,
/// optionally followed by `-` (a move), or `-` alone (a close).
#[must_use]
pub fn is_descriptor_target(text: &str) -> bool {
    let digit = text.strip_suffix('-').unwrap_or(text);
    text == "-" || is_admitted_descriptor(digit)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HARD-ADMIT-7: the table has one row per operator, and what a
    /// duplication admits.
    #[test]
    fn hard_admit_7_redirection_table() {
        for (i, a) in REDIRECTIONS.iter().enumerate() {
            for b in REDIRECTIONS.iter().skip(i + 1) {
                assert_ne!(a.operator, b.operator);
            }
        }
        for target in ["1", "2", "0", "9", "2-", "-"] {
            assert!(is_descriptor_target(target), "{target}");
        }
        for target in [
            "10", "x", "'1'", "$x", "1x", "--", "", "1--", "$(pwnd)", "~",
        ] {
            assert!(!is_descriptor_target(target), "{target}");
        }
        assert_eq!(
            redirection_of(">&-").map(|r| r.target),
            Some(TargetForm::None)
        );
        assert!(!redirection_of("<>").is_some_and(|r| r.admitted));
    }
}
