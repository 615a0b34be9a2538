//! Fuzz target `authorize`: the check is [`inner_cmd_spec::fuzzing::authorize_with`],
//! with options from the environment (`AuthorizeOptions::from_env`: the
//! defaults unless a measurement sets `INNER_CMD_FUZZ_RAW` or `INNER_CMD_FUZZ_SYNTAX`).
#![no_main]

use std::sync::OnceLock;

use inner_cmd_spec::fuzzing::{authorize_with, AuthorizeOptions};

static OPTIONS: OnceLock<AuthorizeOptions> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| authorize_with(
    data,
    OPTIONS.get_or_init(AuthorizeOptions::from_env)
));
