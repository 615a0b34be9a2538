//! Chapter 6: the fail-closed invariants, as checks of forged decisions and as properties.

mod decision;
mod ground_basis;
mod known_findings_reach;
mod properties;
mod regressions;
