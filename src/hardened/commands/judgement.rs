//! What a walk of the hardened profile produces, and where it collects it
//! (spec §12.3, `HARD-UNIT-*`): the walk (`walk.rs`) and the judge of one
//! simple command (`command.rs`) both write here, so neither imports the
//! other's internals.

use serde::Serialize;

use crate::hardened::contract::clauses::Clause;
use crate::policy::units::{UnitsError, MAX_UNITS, MAX_UNIT_TEXT_CODE_UNITS};
use crate::policy::UnitContext;

/// One thing the hardened profile judges (`HARD-UNIT-*`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Judgement {
    /// The source slice it stands for.
    pub text: String,
    /// Byte offsets of `text` in the command.
    #[serde(skip)]
    pub span: (usize, usize),
    /// Where it was found; `None` at top level.
    pub context: Option<UnitContext>,
    /// The values the rules match (`HARD-SPELL-1`, `HARD-EFFECT-1`); the
    /// most restrictive decides. Empty for a judgement that only floors.
    pub values: Vec<String>,
    /// The clause that floors it to at most `ask`.
    pub floor: Option<Clause>,
    /// True for a simple or declaration command with a name: something bash
    /// runs, not only a redirection, an assignment or a floor.
    #[serde(skip)]
    pub named: bool,
    /// The values' words after expansion, which the rules also see
    /// (`HARD-VALUE-1`): each list is spelled with the policy's home.
    #[serde(skip)]
    pub spelled: Vec<Vec<crate::hardened::words::values::Word>>,
    /// The writes of its redirections, operator and spelled target
    /// (`HARD-EFFECT-4`): one outside the tree asks unless a rule names it.
    #[serde(skip)]
    pub writes: Vec<Vec<crate::hardened::words::values::Word>>,
    /// Package runners' inner commands (`HARD-RUN-10`).
    #[serde(skip)]
    pub named_inner: Vec<crate::hardened::programs::wrapped::NamedInner>,
}

/// Redirect node kinds.
pub(crate) const REDIRECTS: [&str; 3] =
    ["file_redirect", "heredoc_redirect", "herestring_redirect"];

/// Collects the judgements of one walk within the bounds of `HARD-UNIT-4`.
#[derive(Default)]
pub(crate) struct Sink {
    pub(crate) out: Vec<Judgement>,
    budget: usize,
    /// The tree has a comment.
    pub(crate) comment: bool,
}

impl Sink {
    pub(crate) fn push(
        &mut self,
        text: &str,
        span: (usize, usize),
        context: Option<UnitContext>,
        values: Vec<String>,
        floor: Option<Clause>,
    ) -> Result<(), UnitsError> {
        self.budget = self
            .budget
            .saturating_add(text.len() + values.iter().map(String::len).sum::<usize>());
        if self.out.len() >= MAX_UNITS || self.budget > MAX_UNIT_TEXT_CODE_UNITS {
            return Err(UnitsError::TooManyUnits);
        }
        self.out.push(Judgement {
            text: text.to_owned(),
            span,
            context,
            values,
            floor,
            named: false,
            spelled: Vec::new(),
            writes: Vec::new(),
            named_inner: Vec::new(),
        });
        Ok(())
    }

    /// Gives the last judgement its values' expanded words (`HARD-VALUE-1`)
    /// and its writes (`HARD-EFFECT-4`).
    pub(crate) fn spell_last(
        &mut self,
        spelled: Vec<Vec<crate::hardened::words::values::Word>>,
        writes: Vec<Vec<crate::hardened::words::values::Word>>,
    ) {
        if let Some(last) = self.out.last_mut() {
            last.spelled = spelled;
            last.writes = writes;
        }
    }

    /// Gives the last judgement its package runners' inner commands
    /// (`HARD-RUN-10`).
    pub(crate) fn name_inner_last(
        &mut self,
        named: Vec<crate::hardened::programs::wrapped::NamedInner>,
    ) {
        if let Some(last) = self.out.last_mut() {
            last.named_inner = named;
        }
    }

    /// Marks the last judgement as a named command.
    pub(crate) fn mark_named(&mut self) {
        if let Some(last) = self.out.last_mut() {
            last.named = true;
        }
    }
}
