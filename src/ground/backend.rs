//! The two ways the sandbox is built (`INV-GROUND-3`): bubblewrap, or
//! util-linux `unshare` with a setup script, the same file system either way.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::host::which;
use super::GroundError;

/// The environment variable that chooses the backend when
/// [`super::Config::backend`] is [`Backend::Auto`]: `bwrap`, `unshare` or `auto`.
pub const BACKEND_VARIABLE: &str = "INNER_CMD_GROUND_SANDBOX";

const UNSHARE_BASH: &str = include_str!("unshare.bash");

/// How the oracle builds its sandbox (`INV-GROUND-3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Backend {
    /// [`BACKEND_VARIABLE`] when it is set, else bubblewrap when `bwrap` is
    /// on `PATH` (or [`super::Config::bwrap`] is given), else `unshare`.
    #[default]
    Auto,
    /// bubblewrap (`bwrap`, Debian package `bubblewrap`).
    Bwrap,
    /// util-linux `unshare`, `setpriv`, `setsid` and `mount` (Debian
    /// package `util-linux`, on every Debian and Ubuntu system): needs
    /// unprivileged user namespaces, as bubblewrap does.
    Unshare,
}

impl Backend {
    /// The backend `name` names (`bwrap`, `unshare`, `auto`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "auto" | "" => Some(Self::Auto),
            "bwrap" | "bubblewrap" => Some(Self::Bwrap),
            "unshare" => Some(Self::Unshare),
            _ => None,
        }
    }
}

/// The programs that start a sandbox, found on the host.
#[derive(Debug)]
pub(super) enum Launcher {
    Bwrap(PathBuf),
    Unshare(UnshareTools),
}

#[derive(Debug)]
pub(super) struct UnshareTools {
    setsid: PathBuf,
    setpriv: PathBuf,
    unshare: PathBuf,
    mount: PathBuf,
    mkdir: PathBuf,
    ln: PathBuf,
}

/// What it takes to fix a machine where no sandbox starts: one line.
pub(super) const FIX: &str = "install bubblewrap (apt-get install bubblewrap), or util-linux \
     with unprivileged user namespaces enabled (sysctl kernel.unprivileged_userns_clone=1, \
     kernel.apparmor_restrict_unprivileged_userns=0)";

impl Launcher {
    /// The launcher `backend` asks for, with its programs found.
    pub(super) fn find(backend: Backend, bwrap: Option<&Path>) -> Result<Self, GroundError> {
        let backend = match backend {
            Backend::Auto => match std::env::var(BACKEND_VARIABLE) {
                Ok(name) => Backend::from_name(&name).ok_or_else(|| {
                    GroundError::Setup(format!(
                        "{BACKEND_VARIABLE}={name:?} is none of bwrap, unshare, auto"
                    ))
                })?,
                Err(_) => Backend::Auto,
            },
            chosen => chosen,
        };
        let bwrap = || bwrap.map(Path::to_path_buf).or_else(|| which("bwrap"));
        match backend {
            Backend::Bwrap => bwrap()
                .map(Self::Bwrap)
                .ok_or_else(|| GroundError::Setup(format!("bwrap not found on PATH: {FIX}"))),
            Backend::Unshare => UnshareTools::find().map(Self::Unshare),
            _ => match bwrap() {
                Some(path) => Ok(Self::Bwrap(path)),
                None => UnshareTools::find().map(Self::Unshare).map_err(|_| {
                    GroundError::Setup(format!(
                        "neither bwrap nor unshare, setpriv, setsid, mount found on PATH: {FIX}"
                    ))
                }),
            },
        }
    }

    /// `bwrap` or `unshare`, for messages.
    pub(super) fn name(&self) -> &'static str {
        match self {
            Self::Bwrap(_) => "bwrap",
            Self::Unshare(_) => "unshare",
        }
    }
}

impl UnshareTools {
    fn find() -> Result<Self, GroundError> {
        let find = |name: &str| {
            which(name)
                .ok_or_else(|| GroundError::Setup(format!("{name} not found on PATH: {FIX}")))
        };
        Ok(Self {
            setsid: find("setsid")?,
            setpriv: find("setpriv")?,
            unshare: find("unshare")?,
            mount: find("mount")?,
            mkdir: find("mkdir")?,
            ln: find("ln")?,
        })
    }
}

/// Where things are mounted, for either backend.
pub(super) struct Layout<'a> {
    pub(super) control: &'a Path,
    pub(super) out: &'a Path,
    pub(super) bash: &'a Path,
    pub(super) stub_targets: &'a [&'static str],
    pub(super) driver: String,
    /// The user the sandbox runs as on the host (for the nested namespace of
    /// the `unshare` backend).
    pub(super) uid: u32,
    pub(super) gid: u32,
}

/// The command line that starts the sandbox and its driver, with every
/// signal's disposition reset to the default first (GNU `env
/// --default-signal`): a process started in the background by a
/// non-interactive shell ignores `SIGINT` and `SIGQUIT`, every child
/// inherits that, and bash cannot trap a signal ignored when it started, so
/// `trap … INT; kill -INT $$` would run nothing in the oracle while it runs
/// its handler in the user's shell (`INV-GROUND-3`).
pub(super) fn command(launcher: &Launcher, layout: &Layout<'_>) -> Command {
    let inner = match launcher {
        Launcher::Bwrap(bwrap) => bwrap_command(bwrap, layout),
        Launcher::Unshare(tools) => unshare_command(tools, layout),
    };
    // A launcher that is not there fails to start as itself, so the error
    // names it, not `env`.
    if !Path::new(inner.get_program()).is_file() {
        return inner;
    }
    let mut command = Command::new("env");
    command
        .arg("--default-signal")
        .arg(inner.get_program())
        .args(inner.get_args());
    command
}

fn bwrap_command(bwrap: &Path, layout: &Layout<'_>) -> Command {
    use super::paths::{CONTROL, MASKED, OUT};
    let mut command = Command::new(bwrap);
    command.args([
        "--unshare-all",
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
    command.arg("--ro-bind").arg(layout.control).arg(CONTROL);
    command
        .arg("--ro-bind")
        .arg(layout.bash)
        .arg(format!("{CONTROL}/bash"));
    command.arg("--bind").arg(layout.out).arg(OUT);
    for dir in layout.stub_targets {
        command
            .arg("--ro-bind")
            .arg(layout.control.join("stubs"))
            .arg(dir);
    }
    command
        .args(["--chdir", OUT])
        .arg(format!("{CONTROL}/bash"))
        .args(["--norc", "--noprofile", "-c"])
        .arg(&layout.driver);
    command
}

/// `setsid` (no controlling terminal, as `--new-session`), `setpriv
/// --no-new-privs` (as bubblewrap always does), then `unshare` into new
/// user (root mapped to the sandbox's user), mount, PID (a fresh `/proc`),
/// network, IPC, UTS and cgroup namespaces, running the setup script as
/// the PID namespace's init.
fn unshare_command(tools: &UnshareTools, layout: &Layout<'_>) -> Command {
    use super::paths::{CONTROL, MASKED, OUT};
    let mut command = Command::new(&tools.setsid);
    command
        .arg(&tools.setpriv)
        .arg("--no-new-privs")
        .arg(&tools.unshare)
        .args([
            "--user",
            "--map-root-user",
            "--mount",
            "--pid",
            "--fork",
            "--kill-child",
            "--mount-proc",
            "--net",
            "--ipc",
            "--uts",
            "--cgroup",
            "--",
        ])
        .arg(layout.bash)
        .args(["--norc", "--noprofile", "-c", UNSHARE_BASH, "ground-setup"])
        .arg(layout.control)
        .arg(layout.out)
        .arg(layout.bash)
        .arg(&tools.mount)
        .arg(&tools.mkdir)
        .arg(&tools.ln)
        .arg(&tools.unshare)
        .arg(layout.uid.to_string())
        .arg(layout.gid.to_string())
        .arg(&layout.driver)
        .args([CONTROL, OUT])
        .arg(MASKED.join(":"))
        .args(layout.stub_targets);
    command
}
