//! Floor 2, the syntax (spec §12.2, §12.4, §12.11): the parse and the
//! texts the parser and bash read differently ([`parse`]), the second
//! reading ([`reading`], [`roles`], [`agree`]), the closed world
//! ([`closed`], `builtin_args`) and the locale bash reads bytes in
//! ([`locale`]). Imports the contract and the words.

pub mod agree;
pub(crate) mod builtin_args;
pub mod closed;
pub mod locale;
pub mod parse;
pub mod reading;
pub mod roles;
