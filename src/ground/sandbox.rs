//! The oracle: building the stub directory once, and answering commands
//! through resident sandboxes ([`super::session`]) (`INV-GROUND-3`).

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use super::host::{count_own_processes, current_uid, remove_stale, temp_base, which, TempDir};
use super::session::{Live, Session};
use super::{record, Config, Execution, GroundError, SHELLS, TRANSPARENT_WRAPPERS};

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
/// The file-size limit, in KiB (also bounds the record log).
const FILE_SIZE_KIB: u64 = 4096;
/// Longer commands are run from a file rather than by `bash -c`.
pub(super) const LONGEST_ARGUMENT: usize = 64 * 1024;
/// The virtual-memory limit, in KiB.
const MEMORY_KIB: u64 = 1 << 20;
/// The most idle sessions an oracle keeps for [`Oracle::attempt`].
const IDLE_SESSIONS: usize = 4;

const ENV_BASH: &str = include_str!("env.bash");
const STUB_SH: &str = include_str!("stub.sh");
const DRIVER_BASH: &str = include_str!("driver.bash");

/// The execution oracle: a configured sandbox, reused for every run (`INV-GROUND-*`).
#[derive(Debug)]
pub struct Oracle {
    pub(super) config: Config,
    pub(super) control: TempDir,
    pub(super) bwrap: PathBuf,
    pub(super) bash: PathBuf,
    pub(super) sh: PathBuf,
    pub(super) stub_targets: Vec<&'static str>,
    /// Running as root: each session drops to a user of its own.
    pub(super) as_root: bool,
    max_processes: u64,
    /// Resident sandboxes not in use, for the next [`Oracle::session`].
    idle: Mutex<Vec<Live>>,
}

impl Oracle {
    /// Finds bash, `bwrap` and `sh`, builds the stub directory, and runs
    /// `true` once to prove the sandbox starts (that sandbox is kept for the
    /// next command).
    ///
    /// # Errors
    /// [`GroundError::Setup`] when a tool is missing or the sandbox cannot start.
    pub fn new(config: Config) -> Result<Self, GroundError> {
        let setup = |why: String| GroundError::Setup(why);
        let find = |given: &Option<PathBuf>, names: &[&str]| {
            given
                .clone()
                .or_else(|| names.iter().find_map(|name| which(name)))
                .ok_or_else(|| setup(format!("{} not found on PATH", names.join(" or "))))
        };
        let bash = find(&config.bash, &["bash"])?;
        let bwrap = find(&config.bwrap, &["bwrap"])?;
        let sh = find(&None, &["dash", "sh"])?;
        let as_root = current_uid() == Some(0);
        remove_stale(&temp_base(as_root));
        let control =
            TempDir::new(&temp_base(as_root), "control").map_err(|e| setup(e.to_string()))?;
        write_control(control.path(), config.stub_status).map_err(|e| setup(e.to_string()))?;
        let stub_targets = BIN_DIRS
            .into_iter()
            .filter(|dir| fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir()))
            .collect();
        let max_processes =
            u64::from(config.max_processes) + if as_root { 0 } else { count_own_processes() };
        let oracle = Self {
            config,
            control,
            bwrap,
            bash,
            sh,
            stub_targets,
            as_root,
            max_processes,
            idle: Mutex::new(Vec::new()),
        };
        match oracle.run("true") {
            Ok(_) => Ok(oracle),
            Err(error) => Err(setup(format!("the sandbox does not work: {error}"))),
        }
    }

    /// The configuration it was built with.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// A session: a resident sandbox that answers commands one at a time
    /// (an idle one of this oracle's, or a new one started on first use).
    #[must_use]
    pub fn session(&self) -> Session<'_> {
        let live = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        Session::new(self, live)
    }

    /// Gives a session's sandbox back for the next [`Oracle::session`].
    pub(super) fn put_back(&self, live: Live) {
        if let Ok(mut idle) = self.idle.lock() {
            if idle.len() < IDLE_SESSIONS {
                idle.push(live);
            }
        }
    }

    /// Runs one command (`INV-GROUND-1`) in a fresh bash, in a resident
    /// sandbox of this oracle's ([`Oracle::session`]).
    ///
    /// # Errors
    /// A [`GroundError`]: what ran is unknown.
    pub fn run(&self, command: &str) -> Result<Execution, GroundError> {
        self.attempt(command).result
    }

    /// [`Oracle::run`], keeping what was recorded of a command whose answer
    /// is unknown (`INV-GROUND-3`).
    #[must_use]
    pub fn attempt(&self, command: &str) -> Attempt {
        self.session().attempt(command)
    }

    /// Runs each command in a fresh bash, one after the other, in one
    /// session; the answers are in the order of `commands`.
    #[must_use]
    pub fn run_batch(&self, commands: &[&str]) -> Vec<Result<Execution, GroundError>> {
        self.attempt_batch(commands)
            .into_iter()
            .map(|attempt| attempt.result)
            .collect()
    }

    /// [`Oracle::run_batch`], keeping what was recorded of a command whose
    /// answer is unknown (`INV-GROUND-3`).
    #[must_use]
    pub fn attempt_batch(&self, commands: &[&str]) -> Vec<Attempt> {
        let mut session = self.session();
        commands
            .iter()
            .map(|command| session.attempt(command))
            .collect()
    }

    /// The driver script with this oracle's limits.
    pub(super) fn driver(&self) -> String {
        let limit = self.config.time_limit.max(Duration::from_millis(10));
        DRIVER_BASH
            .replace("@NPROC@", &self.max_processes.to_string())
            .replace("@FSIZE@", &FILE_SIZE_KIB.to_string())
            .replace("@CPU@", &(limit.as_secs() + 2).to_string())
            .replace("@VMEM@", &MEMORY_KIB.to_string())
            .replace("@MICROS@", &limit.as_micros().to_string())
    }

    /// One command's answer from its status line, stderr and log (`INV-GROUND-3`).
    pub(super) fn answer(&self, out: &Path, i: u64, status: &str, micros: &str) -> Attempt {
        let log = fs::read(out.join("log").join(i.to_string()));
        let verdict = self.verdict(out, i, status, micros, log.as_ref().ok());
        match (verdict, log) {
            (Ok(status), Ok(log)) => match record::parse(&log, status) {
                Ok(execution) => Attempt {
                    result: Ok(execution),
                    recorded: None,
                },
                Err(error) => Attempt {
                    result: Err(error),
                    recorded: record::parse_prefix(&log, status),
                },
            },
            (Ok(_), Err(error)) => {
                Attempt::failed(GroundError::Record(format!("no record: {error}")))
            }
            (Err(error), log) => Attempt {
                result: Err(error),
                recorded: log.ok().and_then(|log| record::parse_prefix(&log, -1)),
            },
        }
    }

    /// bash's exit status, or why the command's answer is unknown.
    fn verdict(
        &self,
        out: &Path,
        i: u64,
        status: &str,
        micros: &str,
        log: Option<&Vec<u8>>,
    ) -> Result<i32, GroundError> {
        if status == "timeout" {
            return Err(GroundError::TimedOut);
        }
        let Ok(status) = status.parse::<i32>() else {
            return Err(GroundError::Start(format!("the driver said {status:?}")));
        };
        let elapsed = Duration::from_micros(micros.parse().unwrap_or(u64::MAX));
        // 137: killed by SIGKILL (the driver's at the limit); 152: SIGXCPU.
        let killed = status == 137;
        if killed && elapsed + Duration::from_millis(100) >= self.config.time_limit || status == 152
        {
            return Err(GroundError::TimedOut);
        }
        let stderr = fs::read(out.join("err").join(i.to_string())).unwrap_or_default();
        if contains(&stderr, b"fork: ") {
            return Err(GroundError::ForkLimit);
        }
        // bash could not start a program the command names: what the kernel
        // refuses here (an argument over 128 KiB, all arguments over the
        // stack's quarter) or the memory limit may run elsewhere.
        for (message, why) in [
            (
                &b"Argument list too long"[..],
                "arguments too long for execve (E2BIG)",
            ),
            (
                &b"Cannot allocate memory"[..],
                "out of memory under the sandbox's limit",
            ),
        ] {
            if contains(&stderr, message) {
                return Err(GroundError::Limit(why.to_owned()));
            }
        }
        let size = log.map_or(0, Vec::len);
        let cut = u64::try_from(size).unwrap_or(u64::MAX) + 64 * 1024 >= FILE_SIZE_KIB * 1024;
        if cut || status == 153 {
            return Err(GroundError::Record(
                "the file-size limit cut the record".to_owned(),
            ));
        }
        Ok(status)
    }
}

/// One command's answer, and what was recorded when the answer is unknown.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Attempt {
    /// The execution, or why what ran is unknown.
    pub result: Result<Execution, GroundError>,
    /// When `result` is an error: the commands recorded before the command
    /// was stopped (complete records only; `status` -1). Each of them did
    /// execute, so one INV-GROUND does not cover is a violation even though
    /// the answer is unknown. `None` when `result` is an execution or
    /// nothing was recorded.
    pub recorded: Option<Execution>,
}

impl Attempt {
    pub(super) fn failed(error: GroundError) -> Self {
        Self {
            result: Err(error),
            recorded: None,
        }
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Writes the trap, the stub with a link for every program name, the mount
/// points of the real tools.
fn write_control(dir: &Path, stub_status: u8) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let status = stub_status.to_string();
    fs::write(dir.join("env.bash"), ENV_BASH.replace("@STATUS@", &status))?;
    // Readable by the sandbox's user whatever the umask.
    fs::set_permissions(dir.join("env.bash"), fs::Permissions::from_mode(0o644))?;
    let stub = format!(
        "#!{CONTROL}/sh\n{}",
        STUB_SH
            .replace("@STATUS@", &status)
            .replace("@ENV@", &format!("{CONTROL}/env.bash"))
            .replace("@BASH@", &format!("{CONTROL}/bash"))
    );
    fs::write(dir.join("stub"), stub)?;
    fs::set_permissions(dir.join("stub"), fs::Permissions::from_mode(0o755))?;
    for mount_point in ["bash", "sh"] {
        fs::write(dir.join(mount_point), "")?;
    }
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
            .chain(&SHELLS)
            .map(|&n| n.to_owned()),
    );
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
