//! Progress of a long audit on standard error (`AUDIT-14`): a bar on a
//! terminal, a plain line every [`PLAIN_EVERY`] otherwise (a CI log), and
//! nothing when the caller asks for quiet (the library's default).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::run::Budget;

/// How often a plain line is printed when standard error is no terminal.
pub const PLAIN_EVERY: Duration = Duration::from_secs(15);

/// What the audit has done so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cases generated.
    pub tried: u64,
    /// Approved by the layer.
    pub approved: u64,
    /// Approved and judged on a complete execution.
    pub checked: u64,
    /// Cases that were witnesses before minimization.
    pub witnesses: u64,
    /// Distinct minimized witnesses listed.
    pub listed: usize,
    /// Families with at least one witness.
    pub families_hit: usize,
    /// Families drawn from.
    pub families: usize,
}

impl Tally {
    fn line(&self) -> String {
        format!(
            "tried {}, approved {}, checked {}, witnesses {} ({} minimized), families with a witness {}/{}",
            self.tried,
            self.approved,
            self.checked,
            self.witnesses,
            self.listed,
            self.families_hit,
            self.families
        )
    }
}

enum Shown {
    Quiet,
    Bar(ProgressBar),
    Plain { last: Option<Instant> },
}

/// The audit's progress display.
pub struct Progress {
    shown: Shown,
    budget: Budget,
    began: Instant,
}

impl Progress {
    /// A display for `budget`: quiet unless `visible`; a bar when standard
    /// error is a terminal, plain lines otherwise.
    #[must_use]
    pub fn new(visible: bool, budget: Budget) -> Self {
        let shown = if !visible {
            Shown::Quiet
        } else if std::io::stderr().is_terminal() {
            let length = match budget {
                Budget::Cases(cases) => cases,
                Budget::Time(limit) => limit.as_secs().max(1),
            };
            let bar = ProgressBar::with_draw_target(Some(length), ProgressDrawTarget::stderr());
            let template = match budget {
                Budget::Cases(_) => {
                    "{elapsed_precise} [{bar:30}] {pos}/{len} cases, {eta} left\n{msg}"
                }
                Budget::Time(_) => "{elapsed_precise} [{bar:30}] {pos}/{len} s, {eta} left\n{msg}",
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style.progress_chars("=> "));
            }
            Shown::Bar(bar)
        } else {
            Shown::Plain { last: None }
        };
        Self {
            shown,
            budget,
            began: Instant::now(),
        }
    }

    /// Time left, as far as the budget says: the rest of a time budget, or
    /// the cases left at the rate so far.
    fn left(&self, tally: &Tally) -> Option<Duration> {
        let elapsed = self.began.elapsed();
        match self.budget {
            Budget::Time(limit) => Some(limit.saturating_sub(elapsed)),
            Budget::Cases(_) if tally.tried == 0 => None,
            Budget::Cases(cases) => {
                let per_case = elapsed.as_secs_f64() / tally.tried as f64;
                let rest = cases.saturating_sub(tally.tried) as f64 * per_case;
                Duration::try_from_secs_f64(rest).ok()
            }
        }
    }

    /// Shows `tally` (a plain line at most every [`PLAIN_EVERY`]); `doing`
    /// says what the audit is busy with (drawing cases, minimizing).
    pub fn update(&mut self, tally: &Tally, doing: &str) {
        let left = self.left(tally);
        let elapsed = self.began.elapsed();
        match &mut self.shown {
            Shown::Quiet => {}
            Shown::Bar(bar) => {
                bar.set_position(match self.budget {
                    Budget::Cases(_) => tally.tried,
                    Budget::Time(_) => elapsed.as_secs(),
                });
                bar.set_message(format!("{}; {doing}", tally.line()));
            }
            Shown::Plain { last } => {
                if last.is_some_and(|at| at.elapsed() < PLAIN_EVERY) {
                    return;
                }
                *last = Some(Instant::now());
                eprintln!(
                    "audit {}: {}; {doing}; {} left",
                    clock(elapsed),
                    tally.line(),
                    left.map_or_else(|| "unknown time".to_owned(), clock)
                );
            }
        }
    }

    /// The last word: the final tally, always printed when visible.
    pub fn finish(&mut self, tally: &Tally) {
        let elapsed = self.began.elapsed();
        match &mut self.shown {
            Shown::Quiet => {}
            Shown::Bar(bar) => {
                bar.finish_and_clear();
                eprintln!("audit done in {}: {}", clock(elapsed), tally.line());
            }
            Shown::Plain { .. } => {
                eprintln!("audit done in {}: {}", clock(elapsed), tally.line());
            }
        }
    }
}

/// `1m05s`, `42s`.
fn clock(duration: Duration) -> String {
    let seconds = duration.as_secs();
    if seconds >= 60 {
        format!("{}m{:02}s", seconds / 60, seconds % 60)
    } else {
        format!("{seconds}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// AUDIT-14: the time left is the rest of a time budget, or the cases
    /// left at the rate so far; the line names every count.
    #[test]
    fn audit_14_time_left_and_line() {
        let progress = Progress::new(false, Budget::Time(Duration::from_secs(600)));
        let left = progress.left(&Tally::default()).unwrap();
        assert!(left <= Duration::from_secs(600) && left > Duration::from_secs(590));
        let cases = Progress::new(false, Budget::Cases(100));
        assert_eq!(cases.left(&Tally::default()), None);
        let tally = Tally {
            tried: 50,
            approved: 9,
            checked: 8,
            witnesses: 3,
            listed: 2,
            families_hit: 1,
            families: 77,
        };
        assert!(cases.left(&tally).is_some());
        assert_eq!(
            tally.line(),
            "tried 50, approved 9, checked 8, witnesses 3 (2 minimized), families with a witness 1/77"
        );
        assert_eq!(clock(Duration::from_secs(65)), "1m05s");
        assert_eq!(clock(Duration::from_secs(42)), "42s");
    }
}
