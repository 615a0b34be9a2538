//! Floor 0, the contract (spec chapter 12): the facts every judgement reads,
//! as data — the admitted shell syntax ([`admitted`], [`redirections`]),
//! the parts of bash's grammar ([`role`]), the clauses that decide
//! ([`clauses`]), the program contract ([`programs`], one row per
//! program, with the kinds of facts it holds: [`settings`], [`writes`], and
//! the names a program is known by, [`names`]), the inert
//! variables ([`variables`]) and the path facts of a write ([`paths`]).
//! Decision code reads these rows; it names no program itself. This floor
//! imports nothing else of the profile.

pub mod admitted;
pub mod clauses;
pub mod names;
pub mod paths;
pub mod programs;
pub mod redirections;
pub mod role;
pub mod settings;
pub mod tree;
pub mod variables;
pub mod writes;
