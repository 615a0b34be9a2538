//! Compound commands around the wrapper unit: scaffolds, sibling lists,
//! substitutions, groups, loops, heredocs, comments and quoting tricks.

use super::choices::Choices;
use super::syntax::SyntaxWeights;
use super::weights::Weights;

/// A sibling command the grammar placed in the full command (`GEN-4`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sibling {
    /// Its text, e.g. `"git push"`.
    pub text: String,
    /// Byte offset of `text` in the full command.
    pub at: usize,
}

/// How the wrapper unit sits in the full command (`GEN-6`). Examples use `U`
/// for the unit and `S` for a sibling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Placement {
    /// `U`
    Alone,
    /// `cd S && U 2>&1 | tail -30; echo EXIT`
    Scaffold,
    /// `S && U ; S | S` — siblings joined by `&& || ; | &` or newline.
    List,
    /// `echo "$(U)"` or `` x=`U` ``
    CommandSubstitution,
    /// `diff <(U) <(S)`
    ProcessSubstitution,
    /// `(S && U)`
    Subshell,
    /// `{ U; S; }`
    BraceGroup,
    /// `if U; then S; fi`
    If,
    /// `for i in 1 2; do U; done`
    For,
    /// `while U; do S; done`
    While,
    /// `U <<'EOF'` then a body and `EOF` on their own lines.
    Heredoc,
    /// `U <<< "input"`
    HereString,
    /// `U # trailing comment`, or a comment line holding the unit text before it.
    Comment,
    /// `echo "U" && U`: the unit text occurs twice.
    Twice,
    /// `echo 'U'`: the unit text occurs only inside quotes.
    OnlyQuoted,
    /// The unit followed by the part of itself after a self-overlapping prefix,
    /// e.g. `time echo time` + ` echo time` (`"time echo time echo time"`).
    Overlapping,
    /// `echo \"U\" ; S`: the unit between escaped quotes.
    Escaped,
    /// `S | U`: the unit mid-pipeline (where `xargs` usually sits).
    AfterPipe,
    /// The unit under many levels of `$( … )` and `( … )`, alternating:
    /// `echo $( (echo $( (U) )) )` — up to 1,200 levels, past the policy's
    /// nesting bound (`POL-LIMIT-3`).
    Deep,
}

impl Placement {
    /// Every placement, simplest first.
    pub const ALL: [Self; 19] = [
        Self::Alone,
        Self::Scaffold,
        Self::List,
        Self::CommandSubstitution,
        Self::ProcessSubstitution,
        Self::Subshell,
        Self::BraceGroup,
        Self::If,
        Self::For,
        Self::While,
        Self::Heredoc,
        Self::HereString,
        Self::Comment,
        Self::Twice,
        Self::OnlyQuoted,
        Self::Overlapping,
        Self::Escaped,
        Self::AfterPipe,
        Self::Deep,
    ];
}

/// Appends text and records where the unit and each sibling landed.
#[derive(Debug, Default)]
pub struct Builder {
    /// The full command so far.
    pub text: String,
    /// Offset of the placed unit.
    pub unit_at: Option<usize>,
    /// Siblings in the order they were placed.
    pub siblings: Vec<Sibling>,
    /// Where sibling commands come from (`GEN-9`).
    pub syntax: SyntaxWeights,
}

impl Builder {
    fn push(&mut self, s: &str) {
        self.text.push_str(s);
    }

    fn unit(&mut self, unit: &str) {
        if self.unit_at.is_none() {
            self.unit_at = Some(self.text.len());
        }
        self.text.push_str(unit);
    }

    fn sibling<C: Choices>(&mut self, c: &mut C) {
        let text = self.syntax.sibling_command(c);
        self.named_sibling(text);
    }

    fn named_sibling(&mut self, text: &str) {
        self.siblings.push(Sibling {
            text: text.to_owned(),
            at: self.text.len(),
        });
        self.text.push_str(text);
    }
}

const JOINERS: &[&str] = &["&&", ";", "||", "|", "&", "\n"];

/// Builds the full command around `unit` for `placement`. `gap` gives the
/// whitespace around joiners; `weights` bound list lengths and pick siblings.
pub fn place<C: Choices>(
    c: &mut C,
    placement: Placement,
    unit: &str,
    gap: fn(&mut C) -> String,
    weights: &Weights,
) -> Builder {
    let max_siblings = weights.max_siblings;
    let mut b = Builder {
        syntax: weights.syntax,
        ..Builder::default()
    };
    match placement {
        Placement::Alone => b.unit(unit),
        Placement::Scaffold => {
            if c.percent(70) {
                b.named_sibling("cd /repo");
                let before = gap(c);
                let after = gap(c);
                b.push(&format!("{before}&&{after}"));
            }
            b.unit(unit);
            b.push(" 2>&1 | ");
            b.named_sibling("tail -30");
            b.push(";");
            b.push(&gap(c));
            b.named_sibling("echo EXIT");
        }
        Placement::List => {
            let before = c.choose(max_siblings.min(3).saturating_add(1));
            let after = c.choose(max_siblings.saturating_sub(before).saturating_add(1));
            for _ in 0..before {
                b.sibling(c);
                join(c, &mut b, gap);
            }
            b.unit(unit);
            for _ in 0..after {
                join(c, &mut b, gap);
                b.sibling(c);
            }
        }
        Placement::CommandSubstitution => {
            if c.percent(50) {
                b.push("echo \"$(");
                b.unit(unit);
                b.push(")\"");
            } else {
                b.push("x=`");
                b.unit(unit);
                b.push("`");
            }
        }
        Placement::ProcessSubstitution => {
            b.push("diff <(");
            b.unit(unit);
            b.push(") <(");
            b.sibling(c);
            b.push(")");
        }
        Placement::Subshell => {
            b.push("(");
            b.sibling(c);
            b.push(" && ");
            b.unit(unit);
            b.push(")");
        }
        Placement::BraceGroup => {
            b.push("{ ");
            b.unit(unit);
            b.push("; ");
            b.sibling(c);
            b.push("; }");
        }
        Placement::If => {
            b.push("if ");
            b.unit(unit);
            b.push("; then ");
            b.sibling(c);
            b.push("; fi");
        }
        Placement::For => {
            b.push("for i in 1 2; do ");
            b.unit(unit);
            b.push("; done");
        }
        Placement::While => {
            b.push("while ");
            b.unit(unit);
            b.push("; do ");
            b.sibling(c);
            b.push("; done");
        }
        Placement::Heredoc => {
            b.unit(unit);
            b.push(" <<'EOF'\nbody line\nEOF");
            if c.percent(50) {
                b.push("\n");
                b.sibling(c);
            }
        }
        Placement::HereString => {
            b.unit(unit);
            b.push(" <<< \"input\"");
        }
        Placement::Comment => {
            if c.percent(50) {
                b.unit(unit);
                b.push(" # run it");
            } else {
                // The unit text in a comment line first: found twice.
                b.push(&format!("# {unit}\n"));
                b.unit(unit);
            }
        }
        Placement::Twice => {
            b.push("echo \"");
            b.push(unit);
            b.push("\" && ");
            b.unit(unit);
        }
        Placement::OnlyQuoted => {
            b.push("echo '");
            b.unit(unit);
            b.push("'");
        }
        Placement::Overlapping => {
            b.unit(unit);
            b.push(&overlap_tail(unit));
        }
        Placement::Escaped => {
            b.push("echo \\\"");
            b.unit(unit);
            b.push("\\\" ; ");
            b.sibling(c);
        }
        Placement::AfterPipe => {
            b.sibling(c);
            b.push(" | ");
            b.unit(unit);
        }
        Placement::Deep => {
            let depth = [2, 10, 60, 300, 1200][c.choose(5)];
            for level in 0..depth {
                b.push(if level % 2 == 0 { "echo $( " } else { "(" });
            }
            b.unit(unit);
            for level in (0..depth).rev() {
                b.push(if level % 2 == 0 { " )" } else { ")" });
            }
        }
    }
    b
}

fn join<C: Choices>(c: &mut C, b: &mut Builder, gap: fn(&mut C) -> String) {
    let joiner = c.pick(JOINERS).copied().unwrap_or(";");
    let before = gap(c);
    let after = gap(c);
    b.push(&format!("{before}{joiner}{after}"));
}

/// What to append after `unit` so that a second, overlapping occurrence of it
/// ends the text: the part of `unit` after its longest proper prefix that is
/// also a suffix. Empty when the unit has no such border.
#[must_use]
pub fn overlap_tail(unit: &str) -> String {
    let border = (1..unit.len())
        .rev()
        .filter(|&k| unit.is_char_boundary(k) && unit.is_char_boundary(unit.len() - k))
        .find(|&k| unit.get(..k) == unit.get(unit.len() - k..));
    border
        .and_then(|k| unit.get(k..))
        .map(str::to_owned)
        .unwrap_or_default()
}
