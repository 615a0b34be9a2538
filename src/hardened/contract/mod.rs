//! The program contract, as data (spec §12.5, `HARD-RUN-7`, `HARD-EFFECT-5`).
//!
//! The first rows of the one program table issue 33 asks for: the settings
//! a program reads from its own words (`git -c KEY=…`, `apt-get -o KEY=…`,
//! `python3 -m MODULE`) with the keys that are inert, and the options that
//! make a program write a file (`git log --output=F`, `find -fprint F`).
//! Decision code reads these rows; it names no program itself.

pub mod settings;
pub mod writes;
