//! Floor 1, the words (spec §12.3, §12.6): what bash makes of a word —
//! its pieces ([`pieces`]), its expansions and known values ([`values`],
//! `bound`, [`braces`], [`expand`]), its spellings ([`spelling`]) and the
//! admitted parts of a word (`word_parts`). A word holds words (`$( )`,
//! braces), so the files of this floor recurse into each other; this is
//! the one cycle the layout keeps. Imports only the contract.

pub(crate) mod bound;
pub mod braces;
pub mod expand;
pub mod pieces;
pub mod spelling;
pub mod values;
pub(crate) mod word_parts;
