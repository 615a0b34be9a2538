//! The prepared sandbox: the tools found, the control directory built once,
//! the limits, and the command line that starts one resident sandbox
//! (`INV-GROUND-3`).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use super::backend::{self, Launcher, Layout};
use super::control::write_control;
use super::host::{
    count_own_processes, current_gid, current_uid, remove_stale, temp_base, which, TempDir,
};
use super::paths::BIN_DIRS;
use super::{Config, GroundError};

/// The file-size limit, in KiB (also bounds the record log).
pub(super) const FILE_SIZE_KIB: u64 = 4096;
/// Longer commands are run from a file rather than by `bash -c`.
pub(super) const LONGEST_ARGUMENT: usize = 64 * 1024;
/// The virtual-memory limit, in KiB.
const MEMORY_KIB: u64 = 1 << 20;

const DRIVER_BASH: &str = include_str!("driver.bash");

/// Everything a resident sandbox is started from, built once per oracle.
#[derive(Debug)]
pub(super) struct Sandbox {
    pub(super) config: Config,
    control: TempDir,
    launcher: Launcher,
    bash: PathBuf,
    stub_targets: Vec<&'static str>,
    /// Running as root: each session drops to a user of its own.
    pub(super) as_root: bool,
    max_processes: u64,
}

impl Sandbox {
    /// Finds bash and the backend's tools, and builds the control directory.
    pub(super) fn prepare(config: Config) -> Result<Self, GroundError> {
        let setup = |why: String| GroundError::Setup(why);
        let bash = config
            .bash
            .clone()
            .or_else(|| which("bash"))
            .ok_or_else(|| setup("bash not found on PATH".to_owned()))?;
        let launcher = Launcher::find(config.backend, config.bwrap.as_deref())?;
        let as_root = current_uid() == Some(0);
        remove_stale(&temp_base(as_root));
        let control =
            TempDir::new(&temp_base(as_root), "control").map_err(|e| setup(e.to_string()))?;
        write_control(
            control.path(),
            config.stub_status,
            config.real,
            &config.extra_programs,
        )
        .map_err(setup)?;
        // The real mode runs the machine's programs: no stubs over them.
        let stub_targets = BIN_DIRS
            .into_iter()
            .filter(|dir| !config.real && fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir()))
            .collect();
        let max_processes =
            u64::from(config.max_processes) + if as_root { 0 } else { count_own_processes() };
        Ok(Self {
            config,
            control,
            launcher,
            bash,
            stub_targets,
            as_root,
            max_processes,
        })
    }

    /// `bwrap` or `unshare`, for messages.
    pub(super) fn backend_name(&self) -> &'static str {
        self.launcher.name()
    }

    /// The driver script with this sandbox's limits.
    fn driver(&self) -> String {
        let limit = self.config.time_limit.max(Duration::from_millis(10));
        DRIVER_BASH
            .replace("@NPROC@", &self.max_processes.to_string())
            .replace("@FSIZE@", &FILE_SIZE_KIB.to_string())
            .replace("@CPU@", &(limit.as_secs() + 2).to_string())
            .replace("@VMEM@", &MEMORY_KIB.to_string())
            .replace("@MICROS@", &limit.as_micros().to_string())
            .replace("@REAL@", if self.config.real { "1" } else { "0" })
            .replace("@HOME@", super::workspace::HOME)
            .replace("@PROJECT@", super::workspace::PROJECT)
    }

    /// The command that starts a sandbox for the session directory `out`,
    /// as `uid` when the oracle runs as root; its stderr goes to
    /// `out/sandbox.err`.
    pub(super) fn command(&self, out: &Path, uid: Option<u32>) -> Command {
        let layout = Layout {
            control: self.control.path(),
            out,
            bash: &self.bash,
            stub_targets: &self.stub_targets,
            driver: self.driver(),
            uid: uid.or_else(current_uid).unwrap_or(0),
            gid: uid.or_else(current_gid).unwrap_or(0),
        };
        let mut command = backend::command(&self.launcher, &layout);
        if let Some(uid) = uid {
            use std::os::unix::process::CommandExt;
            command.uid(uid).gid(uid);
        }
        command
            .env_clear()
            .env("PATH", BIN_DIRS.join(":"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        match fs::File::create(out.join("sandbox.err")) {
            Ok(file) => command.stderr(file),
            Err(_) => command.stderr(Stdio::null()),
        };
        command
    }
}

#[cfg(test)]
mod tests {
    use super::DRIVER_BASH;

    /// INV-GROUND-3: the driver kills every process it can see but init
    /// and itself, so it must refuse to run where it is not one of the
    /// first two processes of its own PID namespace (run by hand on a host,
    /// it would kill the host's processes): the check comes before any
    /// command of the script but comments.
    #[test]
    fn inv_ground_3_the_driver_runs_only_in_its_own_pid_namespace() {
        let code: Vec<&str> = DRIVER_BASH
            .lines()
            .filter(|line| !line.trim_start().starts_with('#') && !line.trim().is_empty())
            .collect();
        assert_eq!(code.first(), Some(&"if ((BASHPID > 2)); then"), "{code:?}");
        assert!(code.get(2).is_some_and(|line| line.trim() == "exit 1"));
        assert!(
            DRIVER_BASH.contains("kill -KILL"),
            "the reason for the check"
        );
    }
}
