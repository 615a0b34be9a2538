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

/// A directory under the system's temporary directory, removed on drop.
#[derive(Debug)]
pub(super) struct TempDir(PathBuf);

impl TempDir {
    pub(super) fn new(kind: &str) -> std::io::Result<Self> {
        loop {
            let n = UNIQUE.fetch_add(1, Ordering::Relaxed);
            let path = std::env::temp_dir().join(format!(
                "inner-cmd-ground-{}-{kind}-{n}",
                std::process::id()
            ));
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
