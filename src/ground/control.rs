//! The control directory: the trap, the one stub every program name links
//! to, and the mount point of the real bash (`INV-GROUND-2`).
//!
//! The stub is a small C program (`stub.c`, built by `stub_build.rs`)
//! compiled with the machine's C compiler once per user, source and
//! compiler (cached across processes), without a C library where it can:
//! it starts in a fraction of the time a shell or any glibc program does,
//! and a stub starts for every program a command runs. C rather than a
//! binary target of this crate because the oracle is a library: its users
//! (tests, examples, benches, fuzz targets, other crates) have a C compiler
//! wherever they build Rust (rustc links through `cc`), but no path to a
//! binary of this package.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::host::{temp_base, TempDir};
use super::paths::{BIN_DIRS, CONTROL};
use super::stub_build::cached_or_built;
#[cfg(test)]
use super::stub_build::{STUB_C, STUB_PROGRAMS_H};
use super::{COMMAND_RUNNERS, SHELLS, TRANSPARENT_WRAPPERS};

const ENV_BASH: &str = include_str!("env.bash");

/// The stubs this process holds, one per stub status.
static COMPILED: Mutex<Vec<(u8, TempDir)>> = Mutex::new(Vec::new());

/// The stub for `stub_status` (built or taken from the cache on first use).
fn compiled_stub(stub_status: u8) -> Result<PathBuf, String> {
    let mut compiled = COMPILED
        .lock()
        .map_err(|_| "a stub compilation panicked".to_owned())?;
    if let Some((_, dir)) = compiled.iter().find(|(status, _)| *status == stub_status) {
        return Ok(dir.path().join("stub"));
    }
    let dir = TempDir::new(&temp_base(super::host::current_uid() == Some(0)), "stub")
        .map_err(|e| e.to_string())?;
    let binary = cached_or_built(dir.path(), stub_status)?;
    compiled.push((stub_status, dir));
    Ok(binary)
}

/// Writes the trap, the stub with a link for every program name, the mount
/// point of the real bash; in the real mode (`INV-GROUND-10`) the trap, the
/// mount point, the recorder, the workspace script and the locales instead
/// of the stubs.
/// `extra` names get a stub whether or not the host has the program.
pub(super) fn write_control(
    dir: &Path,
    stub_status: u8,
    real: bool,
    extra: &[String],
) -> Result<(), String> {
    if real {
        write_env(dir, stub_status, true).map_err(|e| e.to_string())?;
        return super::real_setup::write_real(dir);
    }
    write_files(dir, &compiled_stub(stub_status)?, stub_status, extra).map_err(|e| e.to_string())
}

/// The trap, and the mount point of the real bash.
fn write_env(dir: &Path, stub_status: u8, real: bool) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let env = ENV_BASH
        .replace("@STATUS@", &stub_status.to_string())
        .replace("@REAL@", if real { "1" } else { "0" });
    fs::write(dir.join("env.bash"), env)?;
    // Readable by the sandbox's user whatever the umask.
    fs::set_permissions(dir.join("env.bash"), fs::Permissions::from_mode(0o644))?;
    fs::write(dir.join("bash"), "")?;
    fs::set_permissions(dir, fs::Permissions::from_mode(0o755))
}

fn write_files(dir: &Path, stub: &Path, stub_status: u8, extra: &[String]) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    write_env(dir, stub_status, false)?;
    fs::copy(stub, dir.join("stub"))?;
    fs::set_permissions(dir.join("stub"), fs::Permissions::from_mode(0o755))?;
    let stubs = dir.join("stubs");
    fs::create_dir(&stubs)?;
    let mut names = std::collections::BTreeSet::new();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = BIN_DIRS
        .iter()
        .map(PathBuf::from)
        .chain(std::env::split_paths(&path));
    for bin in dirs {
        for entry in fs::read_dir(bin).into_iter().flatten().flatten() {
            if let Ok(name) = entry.file_name().into_string() {
                names.insert(name);
            }
        }
    }
    names.extend(
        TRANSPARENT_WRAPPERS
            .iter()
            .chain(&COMMAND_RUNNERS)
            .chain(&SHELLS)
            .map(|&n| n.to_owned()),
    );
    names.extend(extra.iter().cloned());
    for name in names
        .iter()
        .filter(|n| !n.contains('/') && *n != "." && *n != "..")
    {
        std::os::unix::fs::symlink(format!("{CONTROL}/stub"), stubs.join(name))?;
    }
    for path in [dir.to_path_buf(), stubs] {
        fs::set_permissions(path, fs::Permissions::from_mode(0o755))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// INV-GROUND-2, INV-GROUND-9: the compiled stub runs an inner command
    /// for exactly the programs the crate names as wrappers or command
    /// runners, transparent exactly for the wrappers; and treats as shells
    /// exactly the crate's shells.
    #[test]
    fn inv_ground_2_the_stub_knows_the_wrappers_and_shells() {
        let table = STUB_PROGRAMS_H
            .split_once("programs[] = {")
            .and_then(|(_, rest)| rest.split_once("\n};"))
            .map(|(table, _)| table)
            .expect("the programs table");
        let mut transparent = Vec::new();
        let mut runners = Vec::new();
        for entry in table.split("{\"").skip(1) {
            let (name, rest) = entry.split_once('"').expect("a name");
            let flag = rest.split_once('}').expect("an entry's end").0;
            match flag.trim_end().rsplit(',').next().map(str::trim) {
                Some("1") => transparent.push(name),
                Some("0") => runners.push(name),
                other => panic!("{name}: transparent flag {other:?}"),
            }
        }
        let mut expected = TRANSPARENT_WRAPPERS.to_vec();
        expected.sort_unstable();
        transparent.sort_unstable();
        assert_eq!(transparent, expected);
        let mut expected = COMMAND_RUNNERS.to_vec();
        expected.sort_unstable();
        runners.sort_unstable();
        assert_eq!(runners, expected);
        let shells = SHELLS.map(|shell| format!("\"{shell}\"")).join(", ");
        assert!(
            STUB_C.contains(&format!("shells[] = {{{shells}}}")),
            "{shells}"
        );
    }
}
