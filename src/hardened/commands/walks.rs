//! The walks of one decision, shared (issue 33 item 9).
//!
//! One decision walks the same text several times: the gate walks the
//! command, the authorizer's guard (`HARD-DEWRAP-1`) walks it again beside
//! the wrapped command and the de-wrapped one, and the re-query walks the
//! de-wrapped command again. A walk is a function of the text alone, so
//! each distinct text is parsed and walked once per decision and its
//! judgements are handed to every later reader. The cache is keyed by the
//! text itself and lives only as long as the decision that owns it, so it
//! holds the few texts of one decision and nothing outlives it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::walk::{judgements, Judgement};
use crate::policy::units::UnitsError;

/// What [`judgements`] gave for one text.
pub type Walked = Rc<Result<Vec<Judgement>, UnitsError>>;

/// The judgements of the texts one decision has walked so far.
#[derive(Debug, Default)]
pub struct Walks {
    seen: RefCell<HashMap<String, Walked>>,
}

impl Walks {
    /// Nothing walked yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The judgements of `command` (`HARD-UNIT-1`): walked now the first
    /// time, then the same answer again.
    #[must_use]
    pub fn judgements(&self, command: &str) -> Walked {
        if let Some(walked) = self.seen.borrow().get(command) {
            return Rc::clone(walked);
        }
        let walked = Rc::new(judgements(command));
        self.seen
            .borrow_mut()
            .insert(command.to_owned(), Rc::clone(&walked));
        walked
    }

    /// How many distinct texts were walked.
    #[must_use]
    pub fn walked(&self) -> usize {
        self.seen.borrow().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HARD-UNIT-1: a shared walk is the walk, and each text is walked once.
    #[test]
    fn hard_unit_1_shared_walks_answer_as_the_walk() {
        let walks = Walks::new();
        let texts = [
            "cd /repo && timeout 30s pnpm test | tail -5",
            "pnpm test",
            "cd /repo && pnpm test | tail -5",
            "cd /repo && timeout 30s pnpm test | tail -5",
            "echo $(",
        ];
        for text in texts {
            let shared = walks.judgements(text);
            let fresh = judgements(text);
            assert_eq!(
                format!("{shared:?}"),
                format!("{:?}", Rc::new(fresh)),
                "{text:?}"
            );
        }
        assert_eq!(walks.walked(), 4);
    }
}
