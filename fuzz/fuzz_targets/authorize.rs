//! Fuzz target `authorize`: the check is [`inner_cmd_spec::fuzzing::authorize`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| inner_cmd_spec::fuzzing::authorize(data));
