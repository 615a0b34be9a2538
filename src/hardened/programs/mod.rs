//! Floor 2, the programs (spec §12.5): what a program runs, read from the
//! contract's program tables — the inner commands of wrappers
//! ([`wrappers`], [`inner`], [`wrapped`]), runners through an option or a
//! subcommand ([`runners`]), code a program runs ([`runs`], with the sub-
//! languages [`sed`] and [`awk`]), the directories an option runs it in
//! ([`dirs`]), the settings it reads ([`settings`]) and the files it
//! writes ([`writes`]). Imports the contract and
//! the words, never the syntax floor beside it.

pub mod awk;
pub mod dirs;
pub mod inner;
pub mod runners;
pub mod runs;
pub mod sed;
pub mod settings;
pub mod wrapped;
pub mod wrappers;
pub mod writes;
