//! Chapter 12: the hardened profile: its clauses, its properties (INV-9 and
//! INV-10 without provisos), its usefulness on the agent corpus, and
//! INV-GROUND under it (feature `ground`).

mod awk_differential;
mod clauses;
mod closed;
mod floors;
mod ground;
mod help_snapshot;
mod moved;
mod program_side;
mod properties;
mod redirections;
mod spellings;
pub(crate) mod usefulness;
mod wrappers;
