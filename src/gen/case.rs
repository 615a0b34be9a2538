//! The structured case and the grammar that builds it from a [`Choices`].

use serde_json::Value;

use super::choices::{Choices, Recorder};
use super::compound::{place, Placement, Sibling};
use super::payload::{break_guard, valid_details, Guard, SESSION_ID};
use super::rules::{rules, HOME};
use super::vocab::{plain_separator, wide_separator};
use super::weights::{Shape, Weights};
use super::wrapper::{layer_form, lone_word, Layer, LayerForm, LayerProgram};
use crate::ecma;
use crate::policy::Rule;

/// What the decision procedure of spec chapter 5 does with a case, derived by
/// the generator from how it built the case (`GEN-8`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// A guard is broken: defer before any handler.
    Guard(Guard),
    /// The unit starts with `timeout`/`time` but its grammar does not match.
    Unsupported(LayerProgram),
    /// The inner command is itself a strict `timeout`/`time` unit.
    Nested,
    /// The unit is absent from the full command or occurs twice (ECMAScript `indexOf`).
    NotLocated,
    /// The full command starts with `env` or `xargs`.
    NonTransparent(LayerProgram),
    /// No handler claims the case: silent defer.
    Unclaimed,
    /// One policy query on `dewrapped` (the full command with the first
    /// occurrence of the unit replaced by `inner`).
    Query {
        /// What the grammar captured.
        inner: String,
        /// The value the query must carry.
        dewrapped: String,
    },
}

/// One generated case (`GEN-*`): a command, the payload that presents it,
/// and the policy to judge it with.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    /// The dimension this case stresses.
    pub shape: Shape,
    /// The full command, e.g. `"cd /repo && timeout 30s ls 2>&1 | tail -30; echo EXIT"`.
    pub full: String,
    /// The triggering unit, e.g. `"timeout 30s ls"`.
    pub unit: String,
    /// Byte offset at which the grammar placed the unit in `full`.
    pub unit_at: usize,
    /// The wrapper layers of the unit, outermost first.
    pub layers: Vec<Layer>,
    /// What the innermost layer wraps, e.g. `"ls"`; empty for a lone wrapper word.
    pub inner: String,
    /// How the unit sits in the full command.
    pub placement: Placement,
    /// The siblings placed around the unit, in order.
    pub siblings: Vec<Sibling>,
    /// The policy rules (last match wins).
    pub rules: Vec<Rule>,
    /// The home directory for `~` patterns.
    pub home: String,
    /// The agent name in the payload.
    pub agent: Option<String>,
    /// The session the authorizer is registered for.
    pub registered_session: String,
    /// The session id the authorizer reads at decision time.
    pub live_session: String,
    /// The prompt details (`details` JSON).
    pub details: Value,
    /// The guard this case breaks, if any.
    pub broken: Option<Guard>,
    /// Every decision the grammar took; [`super::replay`] rebuilds the case.
    pub choices: Vec<u32>,
}

impl Case {
    /// The route the decision procedure takes for this case (`GEN-8`).
    #[must_use]
    pub fn route(&self) -> Route {
        if let Some(guard) = self.broken {
            return Route::Guard(guard);
        }
        if let Some(first) = self.layers.first() {
            let rest = self.unit.get(first.text.len()..).unwrap_or("");
            if let Some(inner) = first.grammar_inner(rest) {
                if self.inner_is_strict_wrapper(&inner) {
                    return Route::Nested;
                }
                return match sole_occurrence(&self.full, &self.unit) {
                    Some(at) => Route::Query {
                        dewrapped: replace_at(&self.full, at, self.unit.len(), &inner),
                        inner,
                    },
                    None => Route::NotLocated,
                };
            }
            if first.starts_with_word(rest) {
                return Route::Unsupported(first.form.wrapper());
            }
        }
        for wrapper in [LayerProgram::Env, LayerProgram::Xargs] {
            let word = wrapper.word();
            let starts = self
                .full
                .strip_prefix(word)
                .is_some_and(|after| after.is_empty() || after.starts_with([' ', '\t']));
            if starts {
                return Route::NonTransparent(wrapper);
            }
        }
        Route::Unclaimed
    }

    /// Whether `inner` (captured from the first layer) is the second layer in
    /// a form its own grammar accepts.
    fn inner_is_strict_wrapper(&self, inner: &str) -> bool {
        let Some(second) = self.layers.get(1) else {
            return false;
        };
        let Some(rest) = inner.strip_prefix(second.text.as_str()) else {
            return false;
        };
        second.grammar_inner(rest).is_some()
    }
}

/// The generator's own prediction of where `strip::locate_once` finds `unit`
/// (kept apart, so the oracle does not check strip with itself): the position
/// of `unit` in `full` if it occurs exactly once, counting an
/// overlapping second occurrence as none (`ECMA-5`).
#[must_use]
pub fn sole_occurrence(full: &str, unit: &str) -> Option<usize> {
    let first = ecma::index_of(full, unit, 0)?;
    ecma::index_of(full, unit, first + unit.len())
        .is_none()
        .then_some(first)
}

/// `full` with `len` bytes at `at` replaced by `with`.
#[must_use]
pub fn replace_at(full: &str, at: usize, len: usize, with: &str) -> String {
    let head = full.get(..at).unwrap_or("");
    let tail = full.get(at + len..).unwrap_or("");
    format!("{head}{with}{tail}")
}

/// Builds a case of a shape picked by `weights.shapes` (`GEN-1`).
pub fn build(c: &mut impl Choices, weights: &Weights) -> Case {
    let mut recorder = Recorder::new(c);
    let index = recorder.weighted(&weights.shapes);
    let shape = Shape::ALL.get(index).copied().unwrap_or(Shape::Mixed);
    let mut case = grammar(&mut recorder, shape, weights);
    case.choices = recorder.into_picks();
    case
}

/// Builds a case of the given shape (`GEN-1`).
pub fn build_shape(c: &mut impl Choices, shape: Shape, weights: &Weights) -> Case {
    let mut recorder = Recorder::new(c);
    // Keep the recorded choices replayable by `build`: the first decision is the shape.
    let shape_index = Shape::ALL.iter().position(|&s| s == shape).unwrap_or(0);
    let mut case = grammar(&mut recorder, shape, weights);
    let offset: u32 = weights.shapes.iter().take(shape_index).sum();
    case.choices = std::iter::once(offset)
        .chain(recorder.into_picks())
        .collect();
    case
}

fn grammar<C: Choices>(c: &mut C, shape: Shape, weights: &Weights) -> Case {
    let exotic = matches!(shape, Shape::Whitespace | Shape::Mixed);
    let separator: fn(&mut C) -> String = if exotic && c.percent(weights.exotic_separator) {
        wide_separator::<C>
    } else {
        plain_separator::<C>
    };
    let canonical = !matches!(shape, Shape::LayerProgram | Shape::Mixed);

    // Layers: one canonical layer, or up to `max_depth` of any form.
    let depth = if canonical {
        1
    } else {
        1 + c.choose(weights.max_depth.max(1))
    };
    let mut layers: Vec<Layer> = (0..depth)
        .map(|_| {
            let form = layer_form(c, canonical);
            Layer::new(c, form, separator, canonical)
        })
        .collect();

    // The inner command, possibly with trailing whitespace of its own.
    let mut inner = weights.syntax.inner_command(c).to_owned();
    if exotic && c.percent(20) {
        inner.push_str(&separator(c));
    }
    if shape == Shape::Mixed && c.percent(3) {
        // A huge argument: the policy must stay linear and total on it.
        let size = [1_000, 20_000, 200_000][c.choose(3)];
        inner.push_str(" '");
        inner.push_str(&"a".repeat(size));
        inner.push('\'');
    }
    if !canonical && c.percent(5) {
        // A lone wrapper word: `time`, `timeout` with nothing to run.
        layers.truncate(depth.saturating_sub(1));
        let form = if c.percent(50) {
            LayerForm::TimeBare
        } else {
            LayerForm::TimeoutBare
        };
        layers.push(lone_word(form));
        inner.clear();
    }

    let placement = match shape {
        Shape::Whitespace => [Placement::Alone, Placement::List][c.choose(2)],
        Shape::LayerProgram => {
            [Placement::Alone, Placement::Scaffold, Placement::AfterPipe][c.choose(3)]
        }
        Shape::Payload => [Placement::Alone, Placement::Scaffold][c.choose(2)],
        Shape::Compound | Shape::Mixed => {
            let index = c.choose(Placement::ALL.len());
            Placement::ALL
                .get(index)
                .copied()
                .unwrap_or(Placement::Alone)
        }
    };
    if placement == Placement::Overlapping && !inner.is_empty() {
        if let Some(first) = layers.first() {
            inner.push(' ');
            inner.push_str(first.form.wrapper().word());
        }
    }
    let unit: String = layers
        .iter()
        .map(|l| l.text.as_str())
        .chain([inner.as_str()])
        .collect();

    let mut built = place(c, placement, &unit, separator, weights);
    if exotic && c.percent(30) {
        let lead = separator(c);
        let trail = separator(c);
        built.text = format!("{lead}{}{trail}", built.text);
        let shift = lead.len();
        built.unit_at = built.unit_at.map(|at| at + shift);
        for sibling in &mut built.siblings {
            sibling.at += shift;
        }
    }

    let mut words: Vec<&str> = built.siblings.iter().map(|s| s.text.as_str()).collect();
    words.push(inner.trim_matches(ecma::is_whitespace));
    let rules = rules(c, &words, weights.max_rules);
    let agent = c.percent(30).then(|| "worker".to_owned());

    let mut details = valid_details(c, &unit, &built.text, agent.as_deref());
    let broken = match shape {
        Shape::Payload => Some(pick_guard(c)),
        Shape::Mixed if c.percent(weights.broken_guard) => Some(pick_guard(c)),
        _ => None,
    };
    let live_session = match broken {
        Some(guard) => break_guard(c, &mut details, guard),
        None => SESSION_ID.to_owned(),
    };

    Case {
        shape,
        full: built.text,
        unit,
        unit_at: built.unit_at.unwrap_or(0),
        layers,
        inner,
        placement,
        siblings: built.siblings,
        rules,
        home: HOME.to_owned(),
        agent,
        registered_session: SESSION_ID.to_owned(),
        live_session,
        details,
        broken,
        choices: Vec::new(),
    }
}

fn pick_guard(c: &mut impl Choices) -> Guard {
    c.pick(&Guard::ALL)
        .copied()
        .unwrap_or(Guard::ForwardingPresent)
}
