//! Host-side plumbing of the sandbox: temporary directories, users, tools.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// The first of the otherwise unused user ids a sandbox runs as when the
/// oracle runs as root: one per batch, because the process limit counts every
/// process of a user, so batches running at once must not share one.
const FIRST_SANDBOX_UID: u32 = 1_000_000;

/// Makes temporary directory names unique within this process.
static UNIQUE: AtomicU64 = AtomicU64::new(0);

/// A user id for one batch, distinct from those of the batches running at the
/// same time (in this process, and, by the pid, in others).
pub(super) fn sandbox_uid() -> u32 {
    static BATCHES: AtomicU32 = AtomicU32::new(0);
    let batch = BATCHES.fetch_add(1, Ordering::Relaxed) % 1000;
    FIRST_SANDBOX_UID + (std::process::id() % 100_000) * 1000 + batch
}

/// Gives the batch directory to the user who runs the sandbox.
pub(super) fn chown_tree(dir: &Path, uid: u32) -> std::io::Result<()> {
    std::os::unix::fs::chown(dir, Some(uid), Some(uid))?;
    if dir.is_dir() {
        for entry in fs::read_dir(dir)? {
            chown_tree(&entry?.path(), uid)?;
        }
    }
    Ok(())
}

/// The real uid, from `/proc/self/status`.
pub(super) fn current_uid() -> Option<u32> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("Uid:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// How many processes the current user has (the process limit counts them all).
pub(super) fn count_own_processes() -> u64 {
    let Some(uid) = current_uid() else {
        return 0;
    };
    let uid = uid.to_string();
    let own = |entry: fs::DirEntry| {
        let status = fs::read_to_string(entry.path().join("status")).ok()?;
        let line = status.lines().find(|l| l.starts_with("Uid:"))?;
        (line.split_whitespace().nth(1)? == uid).then_some(())
    };
    fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(own)
        .count() as u64
}

/// `name` on the host's `PATH`, as an absolute path.
pub(super) fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
        .and_then(|found| fs::canonicalize(found).ok())
}

/// Where temporary directories go: `/dev/shm` when it is a world-writable
/// directory (a tmpfs: every command creates and removes its files there,
/// which on a disk file system costs more than running the command); else
/// `TMPDIR` (the system's default), but `/tmp` when the sandbox runs as
/// another user, who must be able to reach them (`TMPDIR` may well be under
/// root's private home).
pub(super) fn temp_base(as_root: bool) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let shm = Path::new("/dev/shm");
    let shared =
        fs::metadata(shm).is_ok_and(|m| m.is_dir() && m.permissions().mode() & 0o1777 == 0o1777);
    if shared {
        shm.to_path_buf()
    } else if as_root {
        PathBuf::from("/tmp")
    } else {
        std::env::temp_dir()
    }
}

/// Removes the temporary directories of oracles whose process is gone (one
/// killed mid-batch, or one kept in a `static`, is never dropped).
pub(super) fn remove_stale(base: &Path) {
    for entry in fs::read_dir(base).into_iter().flatten().flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(PREFIX))
            .and_then(|rest| rest.split('-').next())
        else {
            continue;
        };
        let alive = Path::new("/proc").join(pid).exists();
        if !alive && pid.bytes().all(|b| b.is_ascii_digit()) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// The name prefix of the oracle's temporary directories.
const PREFIX: &str = "inner-cmd-ground-";

/// A temporary directory, removed on drop.
#[derive(Debug)]
pub(super) struct TempDir(PathBuf);

impl TempDir {
    /// A new directory under `base` (see [`temp_base`]).
    pub(super) fn new(base: &Path, kind: &str) -> std::io::Result<Self> {
        loop {
            let n = UNIQUE.fetch_add(1, Ordering::Relaxed);
            let path = base.join(format!("{PREFIX}{}-{kind}-{n}", std::process::id()));
            match fs::create_dir(&path) {
                Ok(()) => return Ok(Self(path)),
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(error) => return Err(error),
            }
        }
    }

    pub(super) fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// The real gid, from `/proc/self/status`.
pub(super) fn current_gid() -> Option<u32> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("Gid:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
