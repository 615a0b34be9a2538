//! Chapter 10: conformance vectors, the comparison, and the runner.

mod compare;
mod corpus;
mod fuzz;
mod report;
mod runner;
mod teach;
mod vectors;

/// `--timeout` for every runner test that is not about timeouts. The runner
/// waits for a handshake as long as for a case (CONF-RUN-2), and a Python
/// adapter's start took 7 s under `nice` at load 15, near the 10 s default:
/// the flaky test of issue 24 (a 2 s timeout there). Nothing in these tests
/// hangs, so a long timeout costs nothing and leaves no race with the clock.
const NO_HANG_TIMEOUT: [&str; 2] = ["--timeout", "120"];
