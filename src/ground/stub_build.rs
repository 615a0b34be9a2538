//! Building the stub (`stub.c`, `INV-GROUND-2`): compiled with the
//! machine's C compiler, checked by running it once, and kept in a cache
//! of the user's own, so that a process pays the compile only when the
//! source or the compiler changed.
//!
//! The build tried first has no C library at all (`stub_nolibc.h`): every
//! program a command runs starts a stub, and a glibc program's start, static
//! or not, spends most of its time in CPUID instructions, which a virtual
//! machine traps (`BENCHMARKS.md`, "Execution oracle"). Where that build does
//! not compile (another architecture) or does not record what it must, the
//! static glibc build, then the dynamic one.

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;

use super::host::{current_uid, temp_base, which};
use super::paths::CONTROL;

pub(super) const STUB_C: &str = include_str!("stub.c");
const STUB_NOLIBC_H: &str = include_str!("stub_nolibc.h");
/// The stub's table of wrappers and command runners (`INV-GROUND-9`).
pub(super) const STUB_PROGRAMS_H: &str = include_str!("stub_programs.h");

/// How the stub is linked, in the order tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Linking {
    /// No C library: raw system calls (x86-64, AArch64).
    Freestanding,
    /// glibc, statically.
    Static,
    /// glibc, dynamically.
    Dynamic,
}

impl Linking {
    pub(super) const ALL: [Self; 3] = [Self::Freestanding, Self::Static, Self::Dynamic];

    fn flags(self) -> &'static [&'static str] {
        match self {
            Self::Freestanding => &[
                "-static",
                "-nostdlib",
                "-ffreestanding",
                "-fno-stack-protector",
                "-fno-pie",
                "-no-pie",
                "-DGROUND_FREESTANDING",
            ],
            Self::Static => &["-static"],
            Self::Dynamic => &[],
        }
    }
}

/// Compiles the stub for `stub_status` into `dir/stub` with `linking`, and
/// checks that it records as it must.
pub(super) fn build(dir: &Path, stub_status: u8, linking: Linking) -> Result<PathBuf, String> {
    let compiler = compiler()?;
    fs::write(dir.join("stub.c"), STUB_C).map_err(|e| e.to_string())?;
    fs::write(dir.join("stub_nolibc.h"), STUB_NOLIBC_H).map_err(|e| e.to_string())?;
    fs::write(dir.join("stub_programs.h"), STUB_PROGRAMS_H).map_err(|e| e.to_string())?;
    let binary = dir.join("stub");
    let output = Command::new(&compiler)
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(dir.join("stub.c"))
        .arg(format!("-DSTUB_STATUS={stub_status}"))
        .arg(format!("-DGROUND_ENV=\"{CONTROL}/env.bash\""))
        .arg(format!("-DGROUND_BASH=\"{CONTROL}/bash\""))
        .args(linking.flags())
        .output()
        .map_err(|e| e.to_string())?;
    if !output.status.success() {
        let said = String::from_utf8_lossy(&output.stderr);
        let said: Vec<&str> = said.lines().collect();
        return Err(format!(
            "{} could not build the stub ({}): {}",
            compiler.display(),
            output.status,
            said.join("; ")
        ));
    }
    self_test(&binary, dir, stub_status)?;
    Ok(binary)
}

/// The stub for `stub_status`: from the cache when a checked build of the
/// same source by the same compiler is there, else built (the first
/// linking that compiles and passes its check) and cached.
pub(super) fn cached_or_built(scratch: &Path, stub_status: u8) -> Result<PathBuf, String> {
    let compiler = compiler()?;
    let cache = cache_dir();
    let name = format!("stub-{:016x}", key(&compiler, stub_status));
    if let Some(cache) = &cache {
        let cached = cache.join(&name);
        // Copied first, so that what runs is what was checked.
        let binary = scratch.join("stub");
        if trusted(&cached)
            && fs::copy(&cached, &binary).is_ok()
            && self_test(&binary, scratch, stub_status).is_ok()
        {
            return Ok(binary);
        }
    }
    let mut why = Vec::new();
    for linking in Linking::ALL {
        match build(scratch, stub_status, linking) {
            Ok(binary) => {
                // Into the cache by a rename (atomic: a concurrent process
                // sees the old file or the new one); a cache that cannot
                // be written only costs the next process a compile.
                if let Some(cache) = &cache {
                    let partial = cache.join(format!("{name}.{}", std::process::id()));
                    if fs::copy(&binary, &partial).is_ok()
                        && fs::rename(&partial, cache.join(&name)).is_err()
                    {
                        let _ = fs::remove_file(&partial);
                    }
                }
                return Ok(binary);
            }
            Err(error) => why.push(format!("{linking:?}: {error}")),
        }
    }
    Err(why.join("; "))
}

pub(super) fn compiler() -> Result<PathBuf, String> {
    ["cc", "gcc", "clang"]
        .iter()
        .find_map(|name| which(name))
        .ok_or_else(|| {
            "no C compiler (cc, gcc or clang) on PATH to build the stub: install gcc".to_owned()
        })
}

/// The sources, the status, the compiler and its modification time.
fn key(compiler: &Path, stub_status: u8) -> u64 {
    let mut hasher = DefaultHasher::new();
    (STUB_C, STUB_NOLIBC_H, STUB_PROGRAMS_H, CONTROL, stub_status).hash(&mut hasher);
    compiler.hash(&mut hasher);
    if let Ok(meta) = fs::metadata(compiler) {
        (meta.len(), meta.mtime(), meta.mtime_nsec()).hash(&mut hasher);
    }
    hasher.finish()
}

/// The user's own cache directory beside the oracle's temporary ones,
/// made private (0700); `None` when it is not the user's alone.
pub(super) fn cache_dir() -> Option<PathBuf> {
    let uid = current_uid()?;
    let dir = temp_base(uid == 0).join(format!("inner-cmd-stub-cache-{uid}"));
    if fs::create_dir(&dir).is_ok() {
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o700)).ok()?;
    }
    private_to(&dir, uid).then_some(dir)
}

/// A cached stub nobody else could have written: the user's own, in the
/// user's private directory, writable by no one else.
pub(super) fn trusted(path: &Path) -> bool {
    current_uid().is_some_and(|uid| private_to(path, uid))
}

fn private_to(path: &Path, uid: u32) -> bool {
    fs::symlink_metadata(path)
        .is_ok_and(|m| !m.file_type().is_symlink() && m.uid() == uid && m.mode() & 0o022 == 0)
}

/// Runs the stub once and compares its record with what `stub.c` says it
/// writes: a build that compiles but records wrongly is not used.
fn self_test(binary: &Path, scratch: &Path, stub_status: u8) -> Result<(), String> {
    let log = scratch.join("self-test.log");
    let _ = fs::remove_file(&log);
    let program = binary.to_string_lossy().into_owned();
    let child = Command::new(binary)
        .args(["a b", ""])
        .env_clear()
        .env("__GROUND_LOG", &log)
        .env("__GROUND_ID", "1.1")
        .env("X", "y=z")
        .spawn()
        .map_err(|e| format!("the stub does not start: {e}"))?;
    let pid = child.id();
    let status = child.wait_with_output().map_err(|e| e.to_string())?.status;
    let record = fs::read(&log).unwrap_or_default();
    let _ = fs::remove_file(&log);
    let expected = format!(
        "S 1.1 {pid} 3\n{} {program}\n3 a b\n0 \nA {pid} {} {program}\nV {pid} 1\n5 X=y=z\n",
        program.len(),
        program.len()
    );
    if status.code() != Some(i32::from(stub_status)) {
        return Err(format!("the stub's check exited {status}"));
    }
    if record != expected.as_bytes() {
        return Err(format!(
            "the stub's check recorded {:?}, not {expected:?}",
            String::from_utf8_lossy(&record)
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::host::TempDir;

    /// Runs every case through the stub in `run/bin` and returns what each
    /// recorded and its exit status, process ids left out.
    fn records(run: &Path, cases: &[(&[&str], Option<&str>)]) -> Vec<String> {
        let log = run.join("log");
        cases
            .iter()
            .map(|(argv, path)| {
                let _ = fs::remove_file(&log);
                let mut command = Command::new(run.join("bin").join(argv[0]));
                command
                    .args(&argv[1..])
                    .current_dir(run.join("cwd"))
                    .env_clear()
                    .env("__GROUND_LOG", &log)
                    .env("__GROUND_ID", "7.1")
                    .env("FOO", "bar")
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null());
                if let Some(path) = path {
                    command.env("PATH", path);
                }
                let status = command.status().expect("the stub runs").code();
                let log = String::from_utf8_lossy(&fs::read(&log).unwrap_or_default()).into_owned();
                let lines: Vec<String> = log
                    .lines()
                    .map(|line| {
                        let mut fields: Vec<&str> = line.split(' ').collect();
                        let pid = match fields.first() {
                            Some(&"S") => 2,
                            Some(&("A" | "V" | "W" | "E")) => 1,
                            _ => usize::MAX,
                        };
                        if let Some(field) = fields.get_mut(pid) {
                            *field = "PID";
                        }
                        fields.join(" ")
                    })
                    .collect();
                format!("{argv:?} {path:?}: {status:?}\n{}", lines.join("\n"))
            })
            .collect()
    }

    /// INV-GROUND-2: the stub without a C library records, runs inner
    /// commands (PATH search, scripts, errors) and exits exactly as the
    /// glibc build does, which the committed sample of the shell-script
    /// stubs' records checks (`tests/it/ground/records.rs`).
    #[test]
    fn inv_ground_2_the_freestanding_stub_behaves_as_the_glibc_one() {
        let scratch = TempDir::new(&std::env::temp_dir(), "stub-test").unwrap();
        let run = scratch.path();
        for dir in ["bin", "cwd", "freestanding", "static"] {
            fs::create_dir(run.join(dir)).unwrap();
        }
        let bin = run.join("bin");
        let names = [
            "timeout", "nice", "nohup", "stdbuf", "setsid", "time", "ls", "git", "bash",
        ];
        for name in names {
            std::os::unix::fs::symlink(bin.join("stub"), bin.join(name)).unwrap();
        }
        fs::write(run.join("cwd/script"), "exit 3\n").unwrap();
        fs::set_permissions(run.join("cwd/script"), fs::Permissions::from_mode(0o755)).unwrap();
        fs::write(run.join("cwd/plain"), "x").unwrap();
        let long = "a".repeat(300);
        let long_path = format!("{}:{}", "b".repeat(5000), bin.display());
        let bin_path = bin.display().to_string();
        let odd_path = format!(":{}::", bin.display());
        let argvs: Vec<Vec<&str>> = vec![
            vec!["ls"],
            vec!["git", "status", "--short", ""],
            vec!["timeout", "5", "ls", "-l"],
            vec!["timeout", "-s", "KILL", "5", "git", "x"],
            vec!["timeout", "--sig=KILL", "--k=1", "5", "ls"],
            vec!["timeout", "--bogus", "5", "ls"],
            vec!["timeout", "5"],
            vec!["timeout", "--help"],
            vec!["timeout", "5", "./script", "a"],
            vec!["timeout", "5", "./plain"],
            vec!["timeout", "5", "nosuch"],
            vec!["timeout", "5", &long],
            vec!["timeout", "5", ""],
            vec!["nice", "-n", "5", "ls"],
            vec!["nice", "-5", "ls"],
            vec!["nice"],
            vec!["nohup", "git"],
            vec!["stdbuf", "-oL", "-e0", "ls"],
            vec!["setsid", "-f", "ls"],
            vec!["time", "-p", "timeout", "1", "nice", "ls"],
            vec!["bash", "-c", "ls"],
        ];
        let mut cases: Vec<(&[&str], Option<&str>)> = Vec::new();
        for argv in &argvs {
            for path in [
                Some(bin_path.as_str()),
                Some(""),
                None,
                Some(odd_path.as_str()),
                Some(long_path.as_str()),
            ] {
                cases.push((argv, path));
            }
        }
        let mut seen = Vec::new();
        for (linking, dir) in [
            (Linking::Freestanding, "freestanding"),
            (Linking::Static, "static"),
        ] {
            let binary = build(&run.join(dir), 0, linking).unwrap_or_else(|e| panic!("{e}"));
            fs::copy(binary, bin.join("stub")).unwrap();
            seen.push(records(run, &cases));
        }
        assert_eq!(seen[0].len(), cases.len());
        for (freestanding, glibc) in seen[0].iter().zip(&seen[1]) {
            assert_eq!(freestanding, glibc);
        }
        // The cases reach every outcome: recorded inner commands, a
        // script run by /bin/sh, refusals, not found, not executable.
        let all = seen[0].join("\n");
        for outcome in [
            "Some(0)",
            "Some(3)",
            "Some(125)",
            "Some(126)",
            "Some(127)",
            "\nW PID 3",
        ] {
            assert!(all.contains(outcome), "{outcome}");
        }
    }

    /// INV-GROUND-2: a cached stub is used only when no other user could
    /// have written it: not a link, the user's own, writable by the user
    /// alone.
    #[test]
    fn inv_ground_2_only_a_private_cached_stub_is_trusted() {
        let scratch = TempDir::new(&std::env::temp_dir(), "stub-trust").unwrap();
        let file = scratch.path().join("stub");
        fs::write(&file, "x").unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o755)).unwrap();
        assert!(trusted(&file));
        for mode in [0o775, 0o757, 0o777] {
            fs::set_permissions(&file, fs::Permissions::from_mode(mode)).unwrap();
            assert!(!trusted(&file), "{mode:o}");
        }
        let link = scratch.path().join("link");
        fs::set_permissions(&file, fs::Permissions::from_mode(0o755)).unwrap();
        std::os::unix::fs::symlink(&file, &link).unwrap();
        assert!(!trusted(&link));
        assert!(!trusted(&scratch.path().join("absent")));
        let uid = current_uid().unwrap();
        assert!(!private_to(&file, uid.wrapping_add(1)));
    }
}
