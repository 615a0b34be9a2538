//! Fuzz target `recognize_diff`: the check is [`inner_cmd_spec::fuzzing::recognize_diff`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| inner_cmd_spec::fuzzing::recognize_diff(data));
