//! The `hardened` target's check against GNU bash (`HARD-GROUND-1`, feature
//! `ground`): every allow of the hardened pipeline runs in the execution
//! oracle, through a resident sandbox ([`crate::ground::Session`]), so an
//! allowed input costs one fresh bash, not one sandbox start.
//!
//! The allows checked and the *unknown* answers (time or process limit) are
//! counted; [`ground_report`] prints the counts, as the target does every
//! ten seconds and when the run ends, so that a run can be reported
//! (`fuzz/RUNS.md`). An unknown answer checks nothing and is never counted
//! as checked. With `GROUND_REAL=1` the oracle runs in the real mode
//! (INV-GROUND-10): the machine's programs, every exec and open judged.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::ground::{Config, Oracle};
use crate::hardened::Profile;
use crate::invariants::ground_violations;
use crate::pipeline::Outcome;
use crate::policy::Policy;
use crate::soundness::decide_violations;

/// Allows whose execution was checked with INV-GROUND.
static CHECKED: AtomicU64 = AtomicU64::new(0);
/// Allows the oracle answered *unknown* for.
static UNKNOWN: AtomicU64 = AtomicU64::new(0);
/// Allows whose every uncovered command was a blind spot of the check.
static BLIND: AtomicU64 = AtomicU64::new(0);

/// Whether the oracle runs the machine's real programs (`GROUND_REAL=1`,
/// INV-GROUND-10): every exec and every open below bash judged, in a fresh
/// workspace per command, at a far higher cost per allow.
fn real() -> bool {
    std::env::var("GROUND_REAL").is_ok_and(|v| v == "1")
}

/// The time limit of one command: `GROUND_TIME_LIMIT_MS`, else 500 ms
/// (10 s in the real mode, whose programs start for real).
/// Ordinary commands take milliseconds even under load; a command that
/// loops (every stub succeeds) costs the whole limit and answers unknown.
fn time_limit() -> Duration {
    let millis = std::env::var("GROUND_TIME_LIMIT_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if real() { 10_000 } else { 500 });
    Duration::from_millis(millis)
}

/// INV-GROUND for one allowed command; an *unknown* answer checks nothing
/// (its partial record is not judged: a wrapper stopped mid-way would be
/// judged by its own text). As in the soundness run, an execution whose
/// every uncovered command is a blind spot of the check (G-1, G-2, G-4,
/// G-5, G-6, G-9 under `hardened`, `INV-KNOWN-2`) is counted apart, not a violation.
///
/// # Panics
/// When the execution violates INV-GROUND (`HARD-GROUND-1`), or the oracle
/// cannot be set up (a ground run that checks nothing must not look clean).
pub(super) fn check(policy: &Policy, command: &str, outcome: &Outcome) {
    static ORACLE: OnceLock<Result<Oracle, String>> = OnceLock::new();
    let oracle = ORACLE.get_or_init(|| {
        Oracle::new(Config {
            time_limit: time_limit(),
            real: real(),
            ..Config::default()
        })
        .map_err(|e| e.to_string())
    });
    let oracle = match oracle {
        Ok(oracle) => oracle,
        Err(why) => panic!("HARD-GROUND-1 cannot be checked: {why}"),
    };
    match oracle.run(command) {
        Ok(execution) => {
            CHECKED.fetch_add(1, Ordering::Relaxed);
            let violations = ground_violations(policy, &execution);
            if !violations.is_empty() {
                let (decisive, _) = decide_violations(
                    Profile::Hardened,
                    policy,
                    command,
                    outcome,
                    &execution,
                    &violations,
                );
                if let Some((violation, resembles)) = decisive {
                    panic!(
                        "HARD-GROUND-1 (INV-GROUND under hardened) violated on {command:?}: \
                         {violation} (resembles {resembles:?})"
                    );
                }
                BLIND.fetch_add(1, Ordering::Relaxed);
            }
        }
        Err(_) => {
            UNKNOWN.fetch_add(1, Ordering::Relaxed);
        }
    }
    static LAST: Mutex<Option<Instant>> = Mutex::new(None);
    if let Ok(mut last) = LAST.lock() {
        let now = Instant::now();
        if last.is_none_or(|at| now.duration_since(at) >= Duration::from_secs(10)) {
            *last = Some(now);
            ground_report();
        }
    }
}

/// Prints, on standard error, how many allows were checked against bash and
/// how many were unknown.
pub fn ground_report() {
    eprintln!(
        "ground{}: {} allows checked against bash, {} unknown, {} with blind spots of the check only",
        if real() { " (real programs)" } else { "" },
        CHECKED.load(Ordering::Relaxed),
        UNKNOWN.load(Ordering::Relaxed),
        BLIND.load(Ordering::Relaxed)
    );
}
