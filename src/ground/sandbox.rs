//! The sandbox: building the stub directory once, and running batches in
//! bubblewrap (`INV-GROUND-3`).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::host::{
    chown_tree, count_own_processes, current_uid, remove_stale, sandbox_uid, temp_base, which,
    TempDir,
};
use super::{record, Config, Execution, GroundError, SHELLS, TRANSPARENT_WRAPPERS};

/// Where the control directory (trap, stubs, driver, bash) appears in the sandbox.
const CONTROL: &str = "/tmp/.ground";
/// Where the batch's directory (commands, logs, work directories) appears.
const OUT: &str = "/tmp/.ground-out";
/// The directories whose programs get stubs and are replaced by the stubs.
const BIN_DIRS: [&str; 6] = [
    "/usr/local/sbin",
    "/usr/local/bin",
    "/usr/sbin",
    "/usr/bin",
    "/sbin",
    "/bin",
];
/// Directories replaced by an empty tmpfs when they exist.
const MASKED: [&str; 5] = ["/tmp", "/run", "/home", "/root", "/var/tmp"];
/// The file-size limit, in KiB (also bounds the record log).
const FILE_SIZE_KIB: u64 = 4096;
/// Longer commands are run from a file rather than by `bash -c`.
const LONGEST_ARGUMENT: usize = 64 * 1024;
/// The virtual-memory limit, in KiB.
const MEMORY_KIB: u64 = 1 << 20;

const ENV_BASH: &str = include_str!("env.bash");
const STUB_SH: &str = include_str!("stub.sh");
const DRIVER_BASH: &str = include_str!("driver.bash");

/// The execution oracle: a configured sandbox, reused for every run (`INV-GROUND-*`).
#[derive(Debug)]
pub struct Oracle {
    config: Config,
    control: TempDir,
    bwrap: PathBuf,
    bash: PathBuf,
    sh: PathBuf,
    timeout: PathBuf,
    stub_targets: Vec<&'static str>,
    /// Running as root: each batch drops to a user of its own.
    as_root: bool,
    max_processes: u64,
}

impl Oracle {
    /// Finds bash, `bwrap`, `sh` and `timeout`, builds the stub directory,
    /// and runs `true` once to prove the sandbox starts.
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
        let timeout = find(&None, &["timeout"])?;
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
            timeout,
            stub_targets,
            as_root,
            max_processes,
        };
        match oracle.run_batch(&["true"]).pop() {
            Some(Ok(_)) => Ok(oracle),
            Some(Err(error)) => Err(setup(format!("the sandbox does not work: {error}"))),
            None => Err(setup("the sandbox does not work".to_owned())),
        }
    }

    /// The configuration it was built with.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Runs one command (`INV-GROUND-1`): one sandbox start, then [`Oracle::run_batch`].
    ///
    /// # Errors
    /// A [`GroundError`]: what ran is unknown.
    pub fn run(&self, command: &str) -> Result<Execution, GroundError> {
        self.run_batch(&[command])
            .pop()
            .unwrap_or_else(|| Err(GroundError::Start("no result".to_owned())))
    }

    /// Runs each command in a fresh bash, one after the other, in one sandbox
    /// start; the answers are in the order of `commands`.
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
        let failed = |why: String| {
            commands
                .iter()
                .map(|_| Attempt::failed(GroundError::Start(why.clone())))
                .collect()
        };
        let out = match TempDir::new(&temp_base(self.as_root), "batch") {
            Ok(out) => out,
            Err(error) => return failed(error.to_string()),
        };
        let uid = self.as_root.then(sandbox_uid);
        if let Err(error) = self.prepare(out.path(), commands, uid) {
            return failed(error.to_string());
        }
        let finished = self.sandbox(out.path(), commands.len(), uid);
        let statuses = fs::read_to_string(out.path().join("status")).unwrap_or_default();
        let mut by_index = std::collections::HashMap::new();
        for line in statuses.lines() {
            let mut fields = line.split(' ');
            if let (Some(i), Some(status), Some(micros)) =
                (fields.next(), fields.next(), fields.next())
            {
                by_index.insert(i.to_owned(), (status.to_owned(), micros.to_owned()));
            }
        }
        (0..commands.len())
            .map(|i| match by_index.get(&i.to_string()) {
                Some((status, micros)) => self.answer(out.path(), i, status, micros),
                None => Attempt::failed(GroundError::Start(match &finished {
                    Ok(()) => "the sandbox did not run it".to_owned(),
                    Err(why) => why.clone(),
                })),
            })
            .collect()
    }

    /// Writes the manifest, the commands and an empty directory for each.
    fn prepare(&self, out: &Path, commands: &[&str], uid: Option<u32>) -> std::io::Result<()> {
        for dir in ["in", "work", "log", "err"] {
            fs::create_dir(out.join(dir))?;
        }
        let mut manifest = String::new();
        for (i, command) in commands.iter().enumerate() {
            fs::write(out.join("in").join(i.to_string()), command)?;
            fs::create_dir(out.join("work").join(i.to_string()))?;
            // `bash -c` cannot take an argument over 128 KiB (MAX_ARG_STRLEN).
            let mode = if command.contains('\0') {
                "stdin"
            } else if command.len() > LONGEST_ARGUMENT {
                "file"
            } else {
                "c"
            };
            manifest.push_str(&format!("{i} {mode}\n"));
        }
        fs::write(out.join("manifest"), manifest)?;
        if let Some(uid) = uid {
            chown_tree(out, uid)?;
        }
        Ok(())
    }

    /// Runs the driver in bubblewrap and waits for it, within a deadline.
    fn sandbox(&self, out: &Path, count: usize, uid: Option<u32>) -> Result<(), String> {
        let control = self.control.path();
        let mut command = Command::new(&self.bwrap);
        command.args([
            "--unshare-all",
            "--die-with-parent",
            "--new-session",
            "--ro-bind",
            "/",
            "/",
            "--dev",
            "/dev",
            "--proc",
            "/proc",
        ]);
        for dir in MASKED.iter().filter(|d| Path::new(d).is_dir()) {
            command.args(["--tmpfs", dir]);
        }
        command.arg("--ro-bind").arg(control).arg(CONTROL);
        for (tool, name) in [
            (&self.bash, "bash"),
            (&self.sh, "sh"),
            (&self.timeout, "timeout"),
        ] {
            command
                .arg("--ro-bind")
                .arg(tool)
                .arg(format!("{CONTROL}/{name}"));
        }
        command.arg("--bind").arg(out).arg(OUT);
        for dir in &self.stub_targets {
            command.arg("--ro-bind").arg(control.join("stubs")).arg(dir);
        }
        command
            .args(["--chdir", OUT])
            .arg(format!("{CONTROL}/bash"))
            .args(["--norc", "--noprofile", "-c"])
            .arg(self.driver())
            .env_clear()
            .env("PATH", BIN_DIRS.join(":"))
            .stdin(Stdio::null())
            .stdout(Stdio::null());
        match fs::File::create(out.join("sandbox.err")) {
            Ok(file) => command.stderr(file),
            Err(_) => command.stderr(Stdio::null()),
        };
        if let Some(uid) = uid {
            use std::os::unix::process::CommandExt;
            command.uid(uid).gid(uid);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", self.bwrap.display()))?;
        let per_command = self.config.time_limit + Duration::from_secs(1);
        let deadline = Instant::now()
            + per_command.saturating_mul(u32::try_from(count).unwrap_or(u32::MAX))
            + Duration::from_secs(10);
        let mut pause = Duration::from_micros(500);
        loop {
            match child.try_wait() {
                Ok(Some(status)) if status.success() => return Ok(()),
                Ok(Some(status)) => {
                    let stderr = fs::read_to_string(out.join("sandbox.err")).unwrap_or_default();
                    return Err(format!(
                        "the sandbox exited with {status}: {}",
                        stderr.trim()
                    ));
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(20));
                }
                Ok(None) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err("the sandbox ran past its deadline".to_owned());
                }
                Err(error) => return Err(format!("cannot wait for the sandbox: {error}")),
            }
        }
    }

    /// The driver script with this oracle's limits.
    fn driver(&self) -> String {
        // `timeout 0` would mean no limit at all.
        let limit = self.config.time_limit.max(Duration::from_millis(10));
        let seconds = limit.as_secs_f64();
        DRIVER_BASH
            .replace("@NPROC@", &self.max_processes.to_string())
            .replace("@FSIZE@", &FILE_SIZE_KIB.to_string())
            .replace("@CPU@", &(limit.as_secs() + 2).to_string())
            .replace("@VMEM@", &MEMORY_KIB.to_string())
            .replace("@SECONDS@", &format!("{seconds:.3}"))
            .replace("@MICROS@", &limit.as_micros().to_string())
    }

    /// One command's answer from its status line, stderr and log (`INV-GROUND-3`).
    fn answer(&self, out: &Path, i: usize, status: &str, micros: &str) -> Attempt {
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
        i: usize,
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
        // 124: timeout's own status; 137: killed by SIGKILL; 152: SIGXCPU.
        let killed = matches!(status, 124 | 137);
        if killed && elapsed + Duration::from_millis(100) >= self.config.time_limit || status == 152
        {
            return Err(GroundError::TimedOut);
        }
        let stderr = fs::read(out.join("err").join(i.to_string())).unwrap_or_default();
        if contains(&stderr, b"fork: ") {
            return Err(GroundError::ForkLimit);
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
    fn failed(error: GroundError) -> Self {
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
    for mount_point in ["bash", "sh", "timeout"] {
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
