//! Where things are, inside the sandbox and on the host (`INV-GROUND-2`,
//! `INV-GROUND-3`): shared by the control directory, both backends and the
//! sandbox's environment.

/// Where the control directory (trap, stubs, driver, bash) appears in the sandbox.
pub(super) const CONTROL: &str = "/tmp/.ground";
/// Where the session's directory (commands, logs, work directories) appears.
pub(super) const OUT: &str = "/tmp/.ground-out";
/// The directories whose programs get stubs and are replaced by the stubs.
pub(super) const BIN_DIRS: [&str; 6] = [
    "/usr/local/sbin",
    "/usr/local/bin",
    "/usr/sbin",
    "/usr/bin",
    "/sbin",
    "/bin",
];
/// Directories replaced by an empty tmpfs when they exist.
pub(super) const MASKED: [&str; 5] = ["/tmp", "/run", "/home", "/root", "/var/tmp"];
