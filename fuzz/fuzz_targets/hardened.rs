//! Fuzz target `hardened`: the check is [`inner_cmd_spec::fuzzing::hardened`]
//! (HARD-2, INV-9 and INV-10 under the hardened profile; with this crate's
//! `ground` feature, INV-GROUND against bash as well, and the count of allows
//! checked against bash printed every ten seconds and at exit).
#![no_main]

#[cfg(feature = "ground")]
mod report {
    use std::os::raw::c_int;

    extern "C" {
        fn atexit(callback: extern "C" fn()) -> c_int;
    }

    extern "C" fn at_exit() {
        inner_cmd_spec::fuzzing::ground_report();
    }

    /// Prints the ground counts when libFuzzer ends the run with `exit`.
    pub fn register() {
        // SAFETY: `at_exit` is an `extern "C" fn()` that only prints; atexit
        // keeps the pointer, which lives as long as the program.
        unsafe {
            atexit(at_exit);
        }
    }
}

libfuzzer_sys::fuzz_target!(
    init: {
        #[cfg(feature = "ground")]
        report::register();
    },
    |data: &[u8]| inner_cmd_spec::fuzzing::hardened(data)
);
