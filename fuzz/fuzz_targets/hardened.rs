//! Fuzz target `hardened`: the check is [`inner_cmd_spec::fuzzing::hardened`]
//! (HARD-2, INV-9 and INV-10 under the hardened profile; with the crate's
//! `ground` feature, INV-GROUND against bash as well).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| inner_cmd_spec::fuzzing::hardened(data));
