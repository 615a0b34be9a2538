//! Wrapper layers: `timeout D`, `time`, `env`, `xargs`, … and their variants.

use super::choices::Choices;
use super::vocab::{duration, duration_form, DurationForm};
use crate::ecma;

/// Which program a layer invokes (`GEN-5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LayerProgram {
    /// `timeout …`
    Timeout,
    /// `time …` (the bash reserved word's spelling)
    Time,
    /// `/usr/bin/time …` (claimed by no handler)
    UsrBinTime,
    /// `env …` (non-transparent)
    Env,
    /// `xargs …` (non-transparent)
    Xargs,
}

impl LayerProgram {
    /// The word the layer starts with.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Timeout => "timeout",
            Self::Time => "time",
            Self::UsrBinTime => "/usr/bin/time",
            Self::Env => "env",
            Self::Xargs => "xargs",
        }
    }
}

/// The spelling of a layer after its word (`GEN-5`). Examples in the variant docs
/// show a whole layer with `D` for the duration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LayerForm {
    /// `timeout D `
    TimeoutBare,
    /// `timeout -k 5 D `
    TimeoutKill,
    /// `timeout --preserve-status D `
    TimeoutPreserveStatus,
    /// `timeout -- D `
    TimeoutDashDash,
    /// `timeout -s KILL D `
    TimeoutSignal,
    /// `timeout --signal=KILL D ` (a long option with `=`)
    TimeoutSignalLong,
    /// `timeout --sig=KILL D ` (an abbreviated long option, as getopt_long
    /// accepts)
    TimeoutSignalAbbreviated,
    /// `timeout -vsKILL D ` (bundled short options, the argument attached)
    TimeoutSignalBundled,
    /// `timeout -k5 D ` (a short option's argument attached)
    TimeoutKillAttached,
    /// `timeout --kill=5 D ` (`--kill-after` abbreviated)
    TimeoutKillAbbreviated,
    /// `timeout --fore D ` (`--foreground` abbreviated)
    TimeoutForegroundAbbreviated,
    /// `time `
    TimeBare,
    /// `time -p `
    TimeP,
    /// `time -- `
    TimeDashDash,
    /// `time -o out.txt `
    TimeOutput,
    /// `/usr/bin/time `
    UsrBinTime,
    /// `env `
    EnvBare,
    /// `env FOO=1 `
    EnvAssign,
    /// `env -i `
    EnvIgnore,
    /// `xargs `
    XargsBare,
    /// `xargs -n1 `
    XargsN,
    /// `xargs -I{} `
    XargsReplace,
}

impl LayerForm {
    /// The wrapper this form belongs to.
    #[must_use]
    pub const fn wrapper(self) -> LayerProgram {
        match self {
            Self::TimeoutBare
            | Self::TimeoutKill
            | Self::TimeoutPreserveStatus
            | Self::TimeoutDashDash
            | Self::TimeoutSignal
            | Self::TimeoutSignalLong
            | Self::TimeoutSignalAbbreviated
            | Self::TimeoutSignalBundled
            | Self::TimeoutKillAttached
            | Self::TimeoutKillAbbreviated
            | Self::TimeoutForegroundAbbreviated => LayerProgram::Timeout,
            Self::TimeBare | Self::TimeP | Self::TimeDashDash | Self::TimeOutput => {
                LayerProgram::Time
            }
            Self::UsrBinTime => LayerProgram::UsrBinTime,
            Self::EnvBare | Self::EnvAssign | Self::EnvIgnore => LayerProgram::Env,
            Self::XargsBare | Self::XargsN | Self::XargsReplace => LayerProgram::Xargs,
        }
    }

    /// The modifier words between the wrapper word and the duration / inner command.
    const fn modifier(self) -> &'static str {
        match self {
            Self::TimeoutKill => "-k 5",
            Self::TimeoutPreserveStatus => "--preserve-status",
            Self::TimeoutDashDash | Self::TimeDashDash => "--",
            Self::TimeoutSignal => "-s KILL",
            Self::TimeoutSignalLong => "--signal=KILL",
            Self::TimeoutSignalAbbreviated => "--sig=KILL",
            Self::TimeoutSignalBundled => "-vsKILL",
            Self::TimeoutKillAttached => "-k5",
            Self::TimeoutKillAbbreviated => "--kill=5",
            Self::TimeoutForegroundAbbreviated => "--fore",
            Self::TimeP => "-p",
            Self::TimeOutput => "-o out.txt",
            Self::EnvAssign => "FOO=1",
            Self::EnvIgnore => "-i",
            Self::XargsN => "-n1",
            Self::XargsReplace => "-I{}",
            _ => "",
        }
    }
}

impl LayerForm {
    /// Every form; the first two (the transparent bare forms) are the most
    /// likely (see `layer_form`). The option spellings GNU getopt_long
    /// accepts (attached, bundled, abbreviated) are here so that the
    /// execution oracle's wrapper stubs (`INV-GROUND-2`) are reached by the
    /// generated cases too.
    pub const ALL: [Self; 22] = [
        Self::TimeoutBare,
        Self::TimeBare,
        Self::TimeoutKill,
        Self::TimeoutPreserveStatus,
        Self::TimeoutDashDash,
        Self::TimeoutSignal,
        Self::TimeoutSignalLong,
        Self::TimeoutSignalAbbreviated,
        Self::TimeoutSignalBundled,
        Self::TimeoutKillAttached,
        Self::TimeoutKillAbbreviated,
        Self::TimeoutForegroundAbbreviated,
        Self::TimeP,
        Self::TimeDashDash,
        Self::TimeOutput,
        Self::UsrBinTime,
        Self::EnvBare,
        Self::EnvAssign,
        Self::EnvIgnore,
        Self::XargsBare,
        Self::XargsN,
        Self::XargsReplace,
    ];
}

/// One wrapper layer of a unit, e.g. `"timeout 30s "` (`GEN-5`).
///
/// `text` is the layer exactly as it appears in the unit, trailing separator
/// included; the unit is the concatenation of its layers' texts and the inner command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layer {
    /// The spelling.
    pub form: LayerForm,
    /// The separator right after the wrapper word.
    pub word_separator: String,
    /// The duration, for `timeout` forms.
    pub duration: Option<(String, DurationForm)>,
    /// The separator before what follows the layer (the next layer or the inner command).
    pub trailing_separator: String,
    /// The layer's text: word, separator, modifiers, duration, trailing separator.
    pub text: String,
}

/// Separators of a new layer: the grammar's own `[ \t]` runs, or anything.
pub type SeparatorFn<C> = fn(&mut C) -> String;

impl Layer {
    /// Builds a layer of `form`, taking separators from `separator`.
    /// Example: `TimeoutKill` with single spaces → `"timeout -k 5 30s "`.
    ///
    /// `canonical` layers get a valid duration 9 times in 10, so that
    /// compound-stressing cases mostly reach the policy query.
    pub fn new<C: Choices>(
        c: &mut C,
        form: LayerForm,
        separator: SeparatorFn<C>,
        canonical: bool,
    ) -> Self {
        let word_separator = separator(c);
        let mut text = format!("{}{word_separator}", form.wrapper().word());
        let modifier = form.modifier();
        if !modifier.is_empty() {
            text.push_str(modifier);
            text.push(' ');
        }
        let duration = if form.wrapper() == LayerProgram::Timeout {
            let duration_form = if canonical && !c.percent(10) {
                DurationForm::Valid
            } else {
                duration_form(c)
            };
            let written = duration(c, duration_form);
            text.push_str(&written);
            Some((written, duration_form))
        } else {
            None
        };
        let trailing_separator = if duration.is_some() {
            separator(c)
        } else {
            String::new()
        };
        text.push_str(&trailing_separator);
        Self {
            form,
            word_separator,
            duration,
            trailing_separator,
            text,
        }
    }

    /// The inner command the layer's strict grammar (`timeout`, bare `time`)
    /// captures when the layer is followed by `rest`, or `None` if it does not
    /// match. Derived from the grammars of spec chapter 3 by hand, including
    /// the backtracking of `[ \t]+` before `(.+)`. A `timeout` form with a
    /// modifier never matches: after the `[ \t]+` run comes either a
    /// non-`[ \t]` separator or the modifier's `-`, never a duration digit.
    #[must_use]
    pub fn grammar_inner(&self, rest: &str) -> Option<String> {
        match self.form {
            LayerForm::TimeoutBare => {
                let valid = self
                    .duration
                    .as_ref()
                    .is_some_and(|(_, form)| form.is_valid());
                if !valid || !is_tab_space_run(&self.word_separator) {
                    return None;
                }
                let tail = format!("{}{rest}", self.trailing_separator);
                let run = tail
                    .chars()
                    .take_while(|&ch| ch == ' ' || ch == '\t')
                    .count();
                if run == 0 {
                    return None;
                }
                // `[ \t]+` is greedy but gives back one character when `(.+)` needs it.
                let after_run = tail.get(run..).unwrap_or("");
                let inner = if after_run.is_empty() {
                    if run < 2 {
                        return None;
                    }
                    tail.get(run - 1..).unwrap_or("")
                } else {
                    after_run
                };
                (!inner.chars().any(ecma::is_line_terminator)).then(|| inner.to_owned())
            }
            LayerForm::TimeBare
            | LayerForm::TimeP
            | LayerForm::TimeDashDash
            | LayerForm::TimeOutput => {
                // A modifier form still matches when its separator hides the
                // dash: `time \u{85} -p ls` captures `\u{85} -p ls` (U+0085 is
                // not `\s`). Giving back part of the `[ \t]+` run never helps:
                // the lookahead would then see a space or tab, which is `\s`.
                let after_word = self
                    .text
                    .get(self.form.wrapper().word().len()..)
                    .unwrap_or("");
                let tail = format!("{after_word}{rest}");
                let run = tail
                    .chars()
                    .take_while(|&ch| ch == ' ' || ch == '\t')
                    .count();
                let inner = tail.get(run..).unwrap_or("");
                let first = inner.chars().next()?;
                let blocked = run == 0 || first == '-' || ecma::is_whitespace(first);
                let has_break = inner.chars().any(ecma::is_line_terminator);
                (!blocked && !has_break).then(|| inner.to_owned())
            }
            _ => None,
        }
    }

    /// Whether a unit made of this layer then `rest` starts with the wrapper
    /// word followed by `[ \t]` or the end (`^timeout(?:[ \t]|$)`, `^time(?:[ \t]|$)`).
    #[must_use]
    pub fn starts_with_word(&self, rest: &str) -> bool {
        matches!(
            self.form.wrapper(),
            LayerProgram::Timeout | LayerProgram::Time
        ) && match self.word_separator.chars().next() {
            Some(ch) => ch == ' ' || ch == '\t',
            None => self.text.len() == self.form.wrapper().word().len() && rest.is_empty(),
        }
    }
}

fn is_tab_space_run(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|ch| ch == ' ' || ch == '\t')
}

/// A layer form: in "canonical" mode only the two transparent bare forms,
/// otherwise any form, the transparent ones most often.
pub fn layer_form(c: &mut impl Choices, canonical: bool) -> LayerForm {
    if canonical {
        return if c.percent(50) {
            LayerForm::TimeBare
        } else {
            LayerForm::TimeoutBare
        };
    }
    let mut weights = [4u32; LayerForm::ALL.len()];
    weights[0] = 20;
    weights[1] = 20;
    let index = c.weighted(&weights);
    LayerForm::ALL
        .get(index)
        .copied()
        .unwrap_or(LayerForm::TimeoutBare)
}

/// A bare wrapper word with nothing after it, used as a whole unit: `"time"`, `"timeout"`.
#[must_use]
pub fn lone_word(form: LayerForm) -> Layer {
    let word = form.wrapper().word().to_owned();
    Layer {
        form,
        word_separator: String::new(),
        duration: None,
        trailing_separator: String::new(),
        text: word,
    }
}
