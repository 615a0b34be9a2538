//! Floor 2, the programs (spec §12.5): what a program runs, read from the
//! contract's program tables — the inner commands of wrappers
//! ([`wrappers`], [`inner`], [`wrapped`]), runners through an option or a
//! subcommand ([`runners`]), code a program runs ([`runs`], with the sub-
//! languages [`sed`] and [`awk`], each read a second time by [`sed_second`]
//! and [`awk_second`]), the directories an option runs it in
//! ([`dirs`]), the options a closed grammar does not
//! read ([`closure`]), where its subcommand stands after
//! its global options ([`globals`]), the settings it reads ([`settings`]) and the files it
//! writes ([`writes`]). Imports the contract and
//! the words, never the syntax floor beside it.

pub mod awk;
pub mod awk_second;
mod awk_second_lexer;
pub mod closure;
pub mod dirs;
pub mod globals;
pub mod inner;
pub mod runners;
pub mod runs;
pub mod sed;
pub mod sed_second;
pub mod settings;
pub mod wrapped;
pub mod wrappers;
pub mod writes;
