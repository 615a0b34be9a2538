//! Differential parity: the crate's reference policy against the deployed npm
//! package `@gotgenes/pi-permission-system@20.7.3`, run through the Node
//! adapter in `conformance/adapters/pi-permission-system`.
//!
//! Checks (gate and advisory), command units and single-pattern matching
//! (the compiled matcher, the reference twin and the rule-set engine) are
//! compared on seeded adversarial cases. `spec/divergences.md` lists no
//! divergence, so any difference fails the test with a shrunk, minimal
//! example (POL-PARITY-2); a listed one would come back with a classifier
//! that recognizes only its own cause. A check on which the crate is more permissive than the
//! package (allow where the package asks or denies, ask where it denies)
//! fails the test even when a classifier claims it (POL-PARITY-1).
//!
//! Needs Node and `npm ci` in the adapter folder; see
//! `tests/it/support/oracle.rs` for the `INNER_CMD_SKIP_PARITY=1` opt-out.
//!
//! The cases come from the policy-level grammar of `src/gen` (GEN-POL-1),
//! driven and shrunk by proptest; it needs a generator feature (`--all-features`).
#![cfg(any(feature = "proptest", feature = "arbitrary", feature = "quickcheck"))]

use std::collections::{BTreeMap, HashMap};

use crate::support::findings::{self, FINDINGS};
use crate::support::oracle::{self, Oracle};
use crate::support::wire;
use inner_cmd_spec::gen::policy_cases;
use inner_cmd_spec::gen::{Choices, Recorder, ReplayChoices, SeededChoices};
use inner_cmd_spec::policy::matcher::RuleSet;
use inner_cmd_spec::policy::pattern::Pattern;
use inner_cmd_spec::policy::{config, reference, Policy, Rule};
use proptest::num::u32::BinarySearch;
use proptest::strategy::ValueTree;
use serde_json::{json, Value};

/// Seed of the generated cases; `INNER_CMD_PARITY_SEED` overrides it.
const SEED: u64 = 0x5EED_2026_0003;
/// Generated commands, each sent as gate, advisory and units.
const COMMANDS: usize = 20_000;
/// Generated pattern/value pairs.
const MATCH_PAIRS: usize = 5_000;
/// Share of command cases (percent) whose policy is a config object.
const POLICY_PERCENT: u32 = 15;
/// Adapter round trips allowed to shrink one example.
const SHRINK_BUDGET: usize = 800;
/// Shrinking steps allowed for one example (most are answered from memory).
const SHRINK_STEPS: usize = 50_000;
/// Examples shrunk and printed per kind of unexplained divergence.
const EXAMPLES_PER_KIND: usize = 3;

fn seed() -> u64 {
    std::env::var("INNER_CMD_PARITY_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SEED)
}

fn str_field<'a>(request: &'a Value, field: &str) -> &'a str {
    request[field].as_str().unwrap_or_default()
}

/// The compared fields of an op's answer.
fn fields(op: &str) -> &'static [&'static str] {
    match op {
        "units" => &["units"],
        "match" => &["matched", "referenceMatched", "engineMatched"],
        _ => &wire::CHECK_FIELDS,
    }
}

/// The crate's answer to a protocol request, in the protocol's shape.
fn ours(request: &Value) -> Value {
    let op = str_field(request, "op");
    let home = str_field(request, "home");
    match op {
        "units" => json!({"units": wire::units_json(str_field(request, "command"))}),
        "match" => {
            let (pattern, value) = (str_field(request, "pattern"), str_field(request, "value"));
            json!({
                "matched": Pattern::compile(pattern, home).is_match(value),
                "referenceMatched": reference::is_match(pattern, value, home),
                // The rule-set engine on a one-rule policy (POL-MATCH-9).
                "engineMatched": RuleSet::new(
                    &[Rule { pattern: pattern.to_owned(), state: inner_cmd_spec::verdict::PermissionState::Allow }],
                    home,
                )
                .last_match(value)
                    == Some(0),
            })
        }
        _ => {
            let policy = match request.get("policy") {
                Some(config) => {
                    match config::parse_policy(&config.to_string(), "parity request", home) {
                        Ok(bash) => Policy::from_config(bash, home),
                        Err(e) => return json!({ "configError": e.to_string() }),
                    }
                }
                None => {
                    let rules: Vec<Rule> =
                        serde_json::from_value(request["rules"].clone()).expect("rules");
                    Policy::new(rules, home)
                }
            };
            let command = str_field(request, "command");
            let result = if op == "check" {
                policy.gate(command)
            } else {
                policy.advisory(command)
            };
            wire::check_json(&result)
        }
    }
}

/// The package's answer, with its match mirrored into the reference
/// matcher's and the engine's fields, so all three of the crate's matchers
/// are compared with the one package matcher.
fn theirs(request: &Value, mut answer: Value) -> Value {
    if str_field(request, "op") == "match" {
        answer["referenceMatched"] = answer["matched"].clone();
        answer["engineMatched"] = answer["matched"].clone();
    }
    answer
}

#[derive(Clone)]
struct Divergence {
    request: Value,
    ours: Value,
    theirs: Value,
    fields: Vec<&'static str>,
}

fn compare(request: &Value, answer: Value) -> Option<Divergence> {
    compare_with(request, ours(request), answer)
}

fn compare_with(request: &Value, ours: Value, answer: Value) -> Option<Divergence> {
    let theirs = theirs(request, answer);
    let fields = wire::differing(fields(str_field(request, "op")), &ours, &theirs);
    (!fields.is_empty()).then(|| Divergence {
        request: request.clone(),
        ours,
        theirs,
        fields,
    })
}

/// How strict a check answer is: allow < ask < deny. An answer without a
/// state (a configuration error) ranks with ask: the caller defers to a human.
fn strictness(answer: &Value) -> u8 {
    match answer["state"].as_str() {
        Some("allow") => 0,
        Some("deny") => 2,
        _ => 1,
    }
}

/// POL-PARITY-1: the crate's answer to a check is more permissive than the
/// package's (allow where it asks or denies, ask where it denies).
fn crate_is_looser(d: &Divergence) -> bool {
    matches!(str_field(&d.request, "op"), "check" | "advisory")
        && strictness(&d.ours) < strictness(&d.theirs)
}

/// What kind of divergence `d` is; shrinking keeps the kind. A looser answer
/// is its own kind, so no classifier can claim it and no shrink loses it.
fn kind(d: &Divergence) -> String {
    let op = str_field(&d.request, "op");
    if crate_is_looser(d) {
        format!(
            "{op}: the crate is MORE PERMISSIVE than the package ({} where it answers {})",
            d.ours["state"], d.theirs["state"]
        )
    } else {
        format!("{op} differs in {}", d.fields.join(", "))
    }
}

fn ask(oracle: &mut Oracle, request: &Value) -> Option<Divergence> {
    let answer = oracle.ask(request.clone());
    compare(request, answer)
}

/// The generated requests of one test: case `i` is built from its own
/// seeded stream of decisions, recorded so that it can be replayed and shrunk.
struct Generated {
    /// Mixed into every case's seed.
    seed: u64,
    /// The requests one case makes, built from a source of decisions.
    requests_of: fn(&mut Recorder<Source<'_>>) -> Vec<Value>,
}

/// Where decisions come from: a seeded stream, or a record being replayed.
enum Source<'a> {
    Seeded(SeededChoices),
    Replay(ReplayChoices<'a>),
}

impl Choices for Source<'_> {
    fn choose(&mut self, n: usize) -> usize {
        match self {
            Source::Seeded(c) => c.choose(n),
            Source::Replay(c) => c.choose(n),
        }
    }
}

impl Generated {
    /// The decisions that build case `index`, each the option it picked
    /// (so `0` is the simplest and every smaller value a simpler option).
    fn case(&self, index: usize) -> Vec<u32> {
        let seed = self.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut recorder = Recorder::new(Source::Seeded(SeededChoices::new(seed)));
        (self.requests_of)(&mut recorder);
        recorder.into_picks()
    }

    /// The requests of the case that `picks` build.
    fn requests(&self, picks: &[u32]) -> Vec<Value> {
        (self.requests_of)(&mut Recorder::new(Source::Replay(ReplayChoices::new(
            picks,
        ))))
    }

    /// Every request of `cases` cases, each with its origin.
    fn all(&self, cases: usize) -> Vec<(Origin, Value)> {
        (0..cases)
            .flat_map(|case| {
                self.requests(&self.case(case))
                    .into_iter()
                    .enumerate()
                    .map(move |(which, request)| (Origin { case, which }, request))
            })
            .collect()
    }
}

/// Where a generated request came from: its case, and its place among the
/// case's requests.
#[derive(Clone, Copy)]
struct Origin {
    case: usize,
    which: usize,
}

/// A case's decisions as a proptest value tree: proptest's integer shrinking
/// (`BinarySearch` towards `0`, the simplest option) of one decision after
/// another, the way its vector strategies shrink their elements.
struct Decisions {
    decisions: Vec<BinarySearch>,
    at: usize,
}

impl Decisions {
    fn new(picks: &[u32]) -> Self {
        Self {
            decisions: picks.iter().map(|&p| BinarySearch::new(p)).collect(),
            at: 0,
        }
    }
}

impl ValueTree for Decisions {
    type Value = Vec<u32>;

    fn current(&self) -> Vec<u32> {
        self.decisions.iter().map(ValueTree::current).collect()
    }

    fn simplify(&mut self) -> bool {
        while let Some(decision) = self.decisions.get_mut(self.at) {
            if decision.simplify() {
                return true;
            }
            self.at += 1;
        }
        false
    }

    fn complicate(&mut self) -> bool {
        self.decisions
            .get_mut(self.at)
            .is_some_and(ValueTree::complicate)
    }
}

/// proptest's shrinking loop over `tree`: simplify while `fails`, complicate
/// when a step went too far, until neither moves or `steps` run out. Returns
/// the simplest failing value seen, if the starting one fails.
fn minimize<T: ValueTree>(
    tree: &mut T,
    mut fails: impl FnMut(&T::Value) -> bool,
    mut steps: usize,
) -> Option<T::Value> {
    let mut simplest = Some(tree.current()).filter(|v| fails(v))?;
    if !tree.simplify() {
        return Some(simplest);
    }
    while steps > 0 {
        steps -= 1;
        let candidate = tree.current();
        let moved = if fails(&candidate) {
            simplest = candidate;
            tree.simplify()
        } else {
            tree.complicate()
        };
        if !moved {
            break;
        }
    }
    Some(simplest)
}

/// Shrinks the divergence `d` of the request from `origin` through proptest's
/// shrinking of its case's decisions: a simpler case must still diverge in
/// the same way ([`kind`]). Requests already asked are not asked again.
fn shrink(oracle: &mut Oracle, generated: &Generated, origin: Origin, d: Divergence) -> Divergence {
    let which = origin.which;
    let mut tree = Decisions::new(&generated.case(origin.case));
    let mut asked: HashMap<String, Option<Divergence>> = HashMap::new();
    let mut budget = SHRINK_BUDGET;
    let mut best = d;
    let mut fails = |picks: &Vec<u32>| {
        let Some(request) = generated.requests(picks).into_iter().nth(which) else {
            return false;
        };
        let key = request.to_string();
        if !asked.contains_key(&key) {
            if budget == 0 {
                return false;
            }
            budget -= 1;
            let answer = ask(oracle, &request);
            asked.insert(key.clone(), answer);
        }
        match &asked[&key] {
            Some(smaller) if kind(smaller) == kind(&best) => {
                if smaller.request.to_string().len() <= best.request.to_string().len() {
                    best = smaller.clone();
                }
                true
            }
            _ => false,
        }
    };
    minimize(&mut tree, &mut fails, SHRINK_STEPS);
    best
}

/// Compares and reports; returns the divergences, shrunk.
/// What the package answered, counted by a label, to show the cases exercise
/// every outcome (a generator that only produced agreeing trivia would pass).
fn coverage(answers: &[Value], label: fn(&Value) -> Vec<String>) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for answer in answers {
        for l in label(answer) {
            *counts.entry(l).or_default() += 1;
        }
    }
    counts
}

fn assert_covers(counts: &BTreeMap<String, usize>, labels: &[&str], at_least: usize) {
    for l in labels {
        let n = counts.get(*l).copied().unwrap_or(0);
        assert!(
            n >= at_least,
            "the generated cases reach {l:?} only {n} times (< {at_least}): {counts:?}"
        );
    }
}

fn judge(
    oracle: &mut Oracle,
    generated: &Generated,
    cases: usize,
) -> (usize, Vec<String>, Vec<Value>) {
    let (origins, requests): (Vec<Origin>, Vec<Value>) = generated.all(cases).into_iter().unzip();
    // The crate answers on another thread while the adapter works.
    let (answers, all_ours) = std::thread::scope(|scope| {
        let crate_side = scope.spawn(|| requests.iter().map(ours).collect::<Vec<_>>());
        let answers = oracle.batch(requests.clone());
        (answers, crate_side.join().expect("crate side"))
    });
    let kept = answers.clone();
    let mut divergent: BTreeMap<String, Vec<(Origin, Divergence)>> = BTreeMap::new();
    let total = requests.len();
    for (((request, answer), ours), &origin) in
        requests.iter().zip(answers).zip(all_ours).zip(&origins)
    {
        let Some(d) = compare_with(request, ours, answer) else {
            continue;
        };
        // Nothing is listed in spec/divergences.md: every difference is
        // reported, a looser answer as its own kind (POL-PARITY-1).
        divergent.entry(kind(&d)).or_default().push((origin, d));
    }
    let mut report = Vec::new();
    for (kind, list) in divergent {
        let mut text = format!("{} requests: {kind}\n", list.len());
        for (origin, d) in list.into_iter().take(EXAMPLES_PER_KIND) {
            let original = d.request.clone();
            let min = shrink(oracle, generated, origin, d);
            text += &format!(
                "  original: {original}\n  minimal:  {}\n    crate:   {}\n    package: {}\n",
                min.request, min.ours, min.theirs
            );
        }
        report.push(text);
    }
    (total, report, kept)
}

/// Gate, advisory and units of one generated command; some cases carry the
/// package's config object instead of a rule list.
fn command_requests(c: &mut Recorder<Source<'_>>) -> Vec<Value> {
    let case = policy_cases::policy_case(c);
    let policy = c
        .percent(POLICY_PERCENT)
        .then(|| policy_cases::policy_object(c, &case.rules));
    let mut requests: Vec<Value> = ["check", "advisory"]
        .into_iter()
        .map(|op| match &policy {
            Some(policy) => wire::policy_check_request(op, &case.command, policy, &case.home),
            None => wire::check_request(op, &case.command, &case.rules, &case.home),
        })
        .collect();
    requests.push(wire::units_request(&case.command));
    requests
}

/// One generated pattern/value pair.
fn match_requests(c: &mut Recorder<Source<'_>>) -> Vec<Value> {
    let (pattern, value, home) = policy_cases::match_pair(c);
    vec![wire::match_request(&pattern, &value, &home)]
}

/// Outcomes the generated commands must reach in the package's answers.
const COMMAND_OUTCOMES: &[&str] = &[
    "state=allow",
    "state=ask",
    "state=deny",
    "matchedPattern=<opaque-bash-wrapper>",
    "matchedPattern=<indirection-bash-wrapper>",
    "matchedPattern=null",
    "context=command_substitution",
    "context=process_substitution",
    "context=subshell",
    "wrapperKind=opaque-payload",
    "wrapperKind=indirection",
];

fn command_labels(answer: &Value) -> Vec<String> {
    let mut labels = Vec::new();
    if let Some(state) = answer["state"].as_str() {
        labels.push(format!("state={state}"));
        labels.push(format!(
            "matchedPattern={}",
            answer["matchedPattern"]
                .as_str()
                .filter(|p| p.starts_with('<'))
                .unwrap_or(if answer["matchedPattern"].is_null() {
                    "null"
                } else {
                    "rule"
                })
        ));
    }
    for unit in answer["units"].as_array().into_iter().flatten() {
        labels.push(format!(
            "context={}",
            unit["context"].as_str().unwrap_or("top")
        ));
        labels.push(format!(
            "wrapperKind={}",
            unit["wrapperKind"].as_str().unwrap_or("none")
        ));
    }
    labels
}

/// POL-UNIT-1, POL-UNIT-2, POL-UNIT-4, POL-UNIT-5, POL-CHECK-3, POL-CHECK-4,
/// POL-CHECK-7, POL-CHECK-8, POL-FLOOR-6, POL-PARITY-1, POL-PARITY-2: gate,
/// advisory and units of 20,000 generated commands agree with the package, up
/// to the listed divergences, and the crate is never more permissive.
#[test]
fn commands_agree_with_the_npm_package() {
    let Some(mut oracle) = oracle::start_or_skip("parity (commands)") else {
        return;
    };
    let generated = Generated {
        seed: seed(),
        requests_of: command_requests,
    };
    let (total, report, answers) = judge(&mut oracle, &generated, COMMANDS);
    let counts = coverage(&answers, command_labels);
    eprintln!("parity coverage: {counts:?}");
    assert_covers(&counts, COMMAND_OUTCOMES, 200);
    assert!(
        report.is_empty(),
        "{} kinds of unexplained divergence in {total} requests:\n{}",
        report.len(),
        report.join("\n")
    );
}

/// POL-MATCH-1, POL-MATCH-2, POL-MATCH-3, POL-MATCH-4, POL-MATCH-5,
/// POL-MATCH-6, POL-MATCH-8, POL-MATCH-9: 5,000 generated pattern/value pairs match as in
/// the package, for the compiled matcher, the reference twin and the rule-set engine alike.
#[test]
fn patterns_agree_with_the_npm_package() {
    let Some(mut oracle) = oracle::start_or_skip("parity (patterns)") else {
        return;
    };
    let generated = Generated {
        seed: seed() ^ 0x004D_4154_4348,
        requests_of: match_requests,
    };
    let (total, report, answers) = judge(&mut oracle, &generated, MATCH_PAIRS);
    let counts = coverage(&answers, |a| vec![format!("matched={}", a["matched"])]);
    eprintln!("parity coverage: {counts:?}");
    assert_covers(&counts, &["matched=true", "matched=false"], 1_000);
    assert!(
        report.is_empty(),
        "{} kinds of unexplained divergence in {total} requests:\n{}",
        report.len(),
        report.join("\n")
    );
}

/// Every finding of `spec/findings.md` still reproduces in the package, gate
/// and advisory; a failure here means upstream changed (maybe fixed) it.
#[test]
fn findings_still_reproduce_in_the_npm_package() {
    let Some(mut oracle) = oracle::start_or_skip("parity (findings)") else {
        return;
    };
    let mut requests = Vec::new();
    for f in FINDINGS {
        for op in ["check", "advisory"] {
            requests.push(wire::check_request(
                op,
                f.command,
                &f.rules(),
                findings::HOME,
            ));
        }
    }
    let answers = oracle.batch(requests.clone());
    let mut changed = Vec::new();
    for ((f, request), answer) in FINDINGS
        .iter()
        .flat_map(|f| [f, f])
        .zip(&requests)
        .zip(answers)
    {
        let recorded =
            json!({"state": f.state, "matchedPattern": f.matched_pattern, "command": f.triggering});
        let live = json!({"state": answer["state"], "matchedPattern": answer["matchedPattern"], "command": answer["command"]});
        if recorded != live {
            changed.push(format!(
                "{} {}: recorded {recorded}, package now {live}",
                f.id, request
            ));
        }
    }
    assert!(
        changed.is_empty(),
        "the package no longer answers as spec/findings.md records:\n{}",
        changed.join("\n")
    );
}

/// The rules of the issue-12 witnesses.
fn witness_rules() -> Vec<Rule> {
    [("*", "ask"), ("echo *", "allow"), ("rm *", "deny")]
        .into_iter()
        .map(|(pattern, action)| {
            serde_json::from_value(json!({"pattern": pattern, "action": action})).expect("rule")
        })
        .collect()
}

/// Commands on which the crate was once more permissive than the package
/// (issue 12): a NUL before a reserved word, which the native tree-sitter 0.25
/// runtime recovered from into one `ERROR` unit that `echo *` allowed, and a
/// musl-only space, which the host's "C" locale scanner did not skip. The
/// package denies both, and bash runs `rm -rf x` in both.
const WITNESSES: &[&str] = &["echo a \0case; rm -rf x", "echo a; rm -rf x; ${\u{3000}}"];

/// The minimal examples once listed as D-1 (scanner character classes) and
/// D-2 (error recovery) in `spec/divergences.md`, now resolved.
const RESOLVED_EXAMPLES: &[&str] = &["\u{3000}A=", "\"\"&X=\"\"\u{85}", ">()\\", "| (s$)\\"];

/// POL-PARITY-1, POL-UNIT-1: the issue-12 witnesses are denied by both sides
/// with the same answer (gate and advisory), and every formerly listed
/// divergence example now gets the package's units.
#[test]
fn resolved_divergences_agree_with_the_npm_package() {
    let Some(mut oracle) = oracle::start_or_skip("parity (resolved divergences)") else {
        return;
    };
    let mut requests = Vec::new();
    for command in WITNESSES {
        for op in ["check", "advisory"] {
            requests.push(wire::check_request(
                op,
                command,
                &witness_rules(),
                "/home/u",
            ));
        }
    }
    for command in WITNESSES.iter().chain(RESOLVED_EXAMPLES) {
        requests.push(wire::units_request(command));
    }
    let answers = oracle.batch(requests.clone());
    for (request, answer) in requests.iter().zip(answers) {
        if str_field(request, "op") != "units" {
            assert_eq!(answer["state"], "deny", "package: {request} -> {answer}");
            assert_eq!(
                answer["command"], "rm -rf x",
                "package: {request} -> {answer}"
            );
        }
        if let Some(d) = compare(request, answer) {
            panic!(
                "{}: {}\n  crate:   {}\n  package: {}",
                kind(&d),
                d.request,
                d.ours,
                d.theirs
            );
        }
    }
}

/// POL-PARITY-1: a looser crate answer is its own kind of divergence, which
/// `judge` reports before any classifier is asked; a stricter one is not.
#[test]
fn a_looser_crate_answer_is_never_explained() {
    let divergence = |op: &str, ours: &str, theirs: &str| Divergence {
        request: json!({"op": op, "command": "x"}),
        ours: json!({"state": ours}),
        theirs: json!({"state": theirs}),
        fields: vec!["state"],
    };
    let looser = [("allow", "ask"), ("allow", "deny"), ("ask", "deny")];
    let not_looser = [
        ("ask", "allow"),
        ("deny", "allow"),
        ("deny", "ask"),
        ("ask", "ask"),
    ];
    for op in ["check", "advisory"] {
        for (ours, theirs) in looser {
            let d = divergence(op, ours, theirs);
            assert!(crate_is_looser(&d), "{op} {ours} vs {theirs}");
            assert!(kind(&d).contains("MORE PERMISSIVE"), "{}", kind(&d));
        }
        for (ours, theirs) in not_looser {
            assert!(
                !crate_is_looser(&divergence(op, ours, theirs)),
                "{op} {ours} vs {theirs}"
            );
        }
    }
    // A configuration error the package answers deny to ranks as ask: looser.
    let mut error = divergence("check", "allow", "deny");
    error.ours = json!({"configError": "bad"});
    assert!(crate_is_looser(&error));
    assert!(!crate_is_looser(&divergence("units", "allow", "deny")));
}

/// The adapter answers malformed lines with the protocol's error codes, in
/// order, and keeps answering afterwards (a bad line never ends a run).
#[test]
fn adapter_survives_bad_lines() {
    let Some(mut oracle) = oracle::start_or_skip("parity (adapter errors)") else {
        return;
    };
    let lines = [
        "not json",
        "[1]",
        "",
        r#"{"id":"a","op":"bogus"}"#,
        r#"{"id":"b","op":"check","command":"x"}"#,
        r#"{"id":"c","op":"check","command":"x","rules":[{"pattern":"*","action":"maybe"}]}"#,
        r#"{"id":"d","op":"check","command":"x","rules":[{"pattern":"*","action":"allow"},{"pattern":"*","action":"deny"}]}"#,
        r#"{"id":"e","op":"match","pattern":"x"}"#,
        r#"{"id":"f","op":"match","pattern":"git *","value":"git"}"#,
    ];
    let answers = oracle.raw(&lines);
    let codes: Vec<Value> = answers.iter().map(|a| a["error"]["code"].clone()).collect();
    let expected = [
        json!("bad_json"),
        json!("bad_request"),
        json!("unknown_op"),
        json!("bad_request"),
        json!("bad_request"),
        json!("bad_request"),
        json!("bad_request"),
        Value::Null,
    ];
    assert_eq!(codes, expected, "answers: {answers:?}");
    assert_eq!(answers[0]["id"], Value::Null);
    assert_eq!(answers[2]["id"], "a");
    assert_eq!(answers[7], json!({"id": "f", "ok": true, "matched": true}));
}

/// GEN-POL-1: proptest's shrinking, as the parity test drives it, reduces a
/// failing case to a simpler one that still fails. Here "fails" is a stand-in
/// for a divergence: the command holds a command substitution.
#[test]
fn shrinking_finds_a_simpler_failing_case() {
    let generated = Generated {
        seed: SEED,
        requests_of: command_requests,
    };
    let command = |picks: &Vec<u32>| generated.requests(picks)[2]["command"].clone();
    let fails = |picks: &Vec<u32>| command(picks).as_str().unwrap().contains("$(");
    let case = (0..).find(|&case| fails(&generated.case(case))).unwrap();
    let picks = generated.case(case);
    assert_eq!(generated.requests(&picks), generated.requests(&picks));
    let original = command(&picks);
    let shrunk = minimize(&mut Decisions::new(&picks), fails, SHRINK_STEPS).unwrap();
    let minimal = command(&shrunk);
    // The grammar's simplest command with a substitution: the first name,
    // one word, and that word the simplest substitution.
    assert_eq!(minimal, "git $(git)", "shrunk from {original}");
    assert_eq!(minimize(&mut Decisions::new(&picks), |_| false, 10), None);
}

/// POL-PARITY-1, POL-PARITY-2: the committed seeds of the fuzz target
/// `parity` pass its check against the package (the same function the
/// target runs, here with this test's adapter).
#[cfg(feature = "fuzzing")]
#[test]
fn parity_fuzz_seeds_pass_against_the_npm_package() {
    let Some(mut oracle) = oracle::start_or_skip("parity (fuzz seeds)") else {
        return;
    };
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/parity");
    let mut seeds = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz/corpus/parity") {
        let data = std::fs::read(entry.expect("seed").path()).expect("read a seed");
        inner_cmd_spec::fuzzing::parity(&data, &mut |requests: &[Value]| {
            oracle.batch(requests.to_vec())
        });
        seeds += 1;
    }
    assert!(seeds >= 5, "only {seeds} seeds in {}", dir.display());
}

/// Bash's reserved words and the tokens next to which a NUL changed the old
/// runtime's error recovery (issue 12).
const KEYWORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do",
    "done", "in", "function", "time", "coproc", "{", "}", "!", "[[", "]]", "((", "))",
];

/// Characters the wasm scanner and a "C"-locale scanner classify
/// differently (every non-ASCII wasm space, a sample of non-ASCII letters),
/// and some both treat as word characters.
fn scanner_sensitive_characters() -> Vec<char> {
    let mut chars: Vec<char> = (0x80..=0x3000)
        .filter(|&c| inner_cmd_spec_grammar::CharClass::Space.contains(c))
        .filter_map(char::from_u32)
        .collect();
    chars.extend([
        'é', 'ß', 'Ж', 'ª', 'µ', '中', 'ǅ', '\u{2160}', '\u{00A0}', '\u{2007}',
    ]);
    chars
}

/// POL-PARITY-1 (issue 12): systematic variants of the two fail-open classes
/// — a NUL before (or after) a reserved word, and a character the scanners
/// once classified differently in each position the scanner decides on —
/// each with `rm -rf x` somewhere bash runs it, under two policies that deny
/// it, agree with the package (gate, advisory and units).
#[test]
fn nul_before_keywords_and_wasm_classes_agree_with_the_npm_package() {
    let Some(mut oracle) = oracle::start_or_skip("parity (issue-12 classes)") else {
        return;
    };
    let mut commands = Vec::new();
    for keyword in KEYWORDS {
        for nul in ["\0", "\0 ", " \0", "\0\0"] {
            commands.push(format!("echo a {nul}{keyword}; rm -rf x"));
            commands.push(format!("echo a; {nul}{keyword} rm -rf x"));
            commands.push(format!("{keyword}{nul}; rm -rf x"));
            commands.push(format!("echo a {keyword}{nul}\nrm -rf x"));
        }
    }
    for c in scanner_sensitive_characters() {
        commands.extend([
            format!("echo a; rm -rf x; ${{{c}}}"),
            format!("{c}A=1 rm -rf x"),
            format!("A{c}=1 rm -rf x"),
            format!("echo a{c}; rm -rf x"),
            format!("echo ${{x{c}}}; rm -rf x"),
            format!("echo $(({c}1)); rm -rf x"),
            format!("case x in {c}) rm -rf x;; esac"),
            format!("for {c}i in a; do rm -rf x; done"),
            format!("cat <<E{c}\nrm -rf x\nE{c}\nrm -rf x"),
            format!("[[ a {c}== b ]] && rm -rf x"),
            format!("echo \"$x{c}\" $(rm -rf x)"),
        ]);
    }
    let policies = [
        witness_rules(),
        serde_json::from_value(json!([
            {"pattern": "*", "action": "allow"},
            {"pattern": "*rm *", "action": "deny"}
        ]))
        .expect("rules"),
    ];
    let mut requests = Vec::new();
    for command in &commands {
        for rules in &policies {
            for op in ["check", "advisory"] {
                requests.push(wire::check_request(op, command, rules, "/home/u"));
            }
        }
        requests.push(wire::units_request(command));
    }
    let total = requests.len();
    let answers = oracle.batch(requests.clone());
    let denied = answers.iter().filter(|a| a["state"] == "deny").count();
    // No divergence is listed (spec/divergences.md), so every one is reported.
    let report: Vec<String> = requests
        .iter()
        .zip(answers)
        .filter_map(|(request, answer)| compare(request, answer))
        .map(|d| {
            format!(
                "{}: {}\n  crate:   {}\n  package: {}",
                kind(&d),
                d.request,
                d.ours,
                d.theirs
            )
        })
        .collect();
    eprintln!(
        "parity (issue-12 classes): {} commands, {total} requests, {denied} denied",
        commands.len()
    );
    assert!(
        report.is_empty(),
        "{} kinds of divergence in {total} requests:\n{}",
        report.len(),
        report.join("\n")
    );
}
