//! Chapter 10: conformance vectors, the comparison, and the runner.

mod compare;
mod corpus;
mod fuzz;
mod report;
mod runner;
mod teach;
mod vectors;
