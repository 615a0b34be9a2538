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
        fn signal(signum: c_int, handler: usize) -> usize;
    }

    /// SIGPIPE on Linux; `SIG_IGN` is 1.
    const SIGPIPE: c_int = 13;
    const SIG_IGN: usize = 1;

    extern "C" fn at_exit() {
        inner_cmd_spec::fuzzing::ground_report();
    }

    /// Prints the ground counts when libFuzzer ends the run with `exit`,
    /// and ignores SIGPIPE as a Rust `main` would (libFuzzer's does not): a
    /// write to a sandbox that has just ended must be an error the oracle
    /// answers unknown for, not the end of the run.
    pub fn register() {
        // SAFETY: `at_exit` is an `extern "C" fn()` that only prints; atexit
        // keeps the pointer, which lives as long as the program. Ignoring
        // SIGPIPE changes no memory.
        unsafe {
            atexit(at_exit);
            signal(SIGPIPE, SIG_IGN);
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
