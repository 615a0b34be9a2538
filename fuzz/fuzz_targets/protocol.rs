//! Fuzz target `protocol`: the check is [`inner_cmd_spec::fuzzing::protocol`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| inner_cmd_spec::fuzzing::protocol(data));
