//! Fuzz target `units`: the check is [`inner_cmd_spec::fuzzing::units`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| inner_cmd_spec::fuzzing::units(data));
