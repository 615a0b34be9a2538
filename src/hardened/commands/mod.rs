//! Floor 3, the commands (spec §12.2, §12.6, §12.7): the walk that finds
//! what to judge ([`walk`]), one simple command judged (`command`) into a
//! `judgement`, its effects ([`effects`]), the directories a `cd` leads
//! relative words to ([`moved`]), the files it writes and then runs
//! ([`written`]), what a value reaches under the rules ([`reach`]) and the
//! authorizer's extra guard ([`dewrap`]); one decision's
//! walks are shared through [`walks`]. Imports every floor below.

pub(crate) mod command;
pub mod dewrap;
pub mod effects;
pub(crate) mod judgement;
pub mod moved;
pub mod reach;
pub mod walk;
pub mod walks;
pub mod written;
