//! GNU bash reads each text without running it, in a sandbox
//! (`INV-ROLE-1`).
//!
//! `bash --pretty-print FILE` parses the file and prints each command as
//! bash's printer renders its parse — the same printer `declare -f` uses —
//! instead of executing it. Nothing is run, but the reader is a parser fed
//! hostile text, so it is confined as if it did run: each text is its own
//! restricted bash (`-r`: no `/` in command names, no output redirection,
//! no `cd`, no `exec`), with `env -i`, `PATH` an empty directory, standard
//! input `/dev/null`, a temporary working directory, under `timeout`, in a
//! new PID, mount and network namespace (util-linux `unshare`; as root
//! also as user 65534 by `setpriv`, otherwise inside a user namespace).
//! Each text is framed by two sentinel commands holding a random nonce: a
//! rendering that does not start and end with them was not read as one
//! whole text (a here-document or a line continuation swallowed the frame,
//! or the text closed something it did not open) and is not compared.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// What bash made of one text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// bash parsed it whole: its rendering, the frame removed.
    Rendered(String),
    /// bash refused it (a syntax error): its message.
    Refused(String),
    /// The rendering is not framed by the sentinels: the text was not read
    /// as one whole (`INV-ROLE-1`).
    Unframed(String),
    /// bash did not finish in time, or did not run.
    Failed(String),
}

/// A sandboxed bash that reads texts (`INV-ROLE-1`).
#[derive(Debug, Clone)]
pub struct BashReader {
    bash: PathBuf,
    unshare: PathBuf,
    setpriv: Option<PathBuf>,
    timeout: Duration,
}

fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// Whether this process runs as root (`/proc/self/status`, no `unsafe`).
fn is_root() -> bool {
    fs::read_to_string("/proc/self/status").is_ok_and(|status| {
        status
            .lines()
            .find_map(|l| l.strip_prefix("Uid:"))
            .and_then(|ids| ids.split_whitespace().nth(1).map(|e| e == "0"))
            .unwrap_or(false)
    })
}

const DRIVER: &str = r#"
dir=$1; limit=$2; bash=$3; shift 3
cd "$dir/cwd" || exit 1
for file in "$dir"/in/*; do
  n=${file##*/}
  timeout -s KILL "$limit" "$@" env -i PATH="$dir/empty" HOME="$dir/cwd" \
    "$bash" --noprofile --norc --pretty-print -r "$file" \
    </dev/null >"$dir/out/$n" 2>"$dir/err/$n"
  echo $? >"$dir/status/$n"
done
"#;

impl BashReader {
    /// Finds bash, `unshare` and (as root) `setpriv` on `PATH`.
    ///
    /// # Errors
    /// A tool that is not found, named.
    pub fn new() -> Result<Self, String> {
        let find = |name: &str| which(name).ok_or_else(|| format!("{name} not found on PATH"));
        let setpriv = if is_root() {
            Some(find("setpriv")?)
        } else {
            None
        };
        Ok(Self {
            bash: find("bash")?,
            unshare: find("unshare")?,
            setpriv,
            timeout: Duration::from_secs(5),
        })
    }

    /// bash's reading of each of `texts`, in order.
    ///
    /// # Errors
    /// The temporary directory or the sandbox could not be set up.
    pub fn read(&self, texts: &[String]) -> Result<Vec<Reading>, String> {
        let nonce = nonce();
        let dir = TempDir::new(&nonce).map_err(|e| format!("temporary directory: {e}"))?;
        let root = dir.0.clone();
        for sub in ["in", "out", "err", "status", "cwd", "empty"] {
            fs::create_dir_all(root.join(sub)).map_err(|e| e.to_string())?;
        }
        let open = format!(": inner_cmd_open_{nonce}");
        let close = format!(": inner_cmd_close_{nonce}");
        for (i, text) in texts.iter().enumerate() {
            fs::write(
                root.join("in").join(format!("{i:06}")),
                format!("{open}\n{text}\n{close}\n"),
            )
            .map_err(|e| e.to_string())?;
        }
        let mut command = Command::new(&self.unshare);
        if self.setpriv.is_none() {
            command.args(["--user", "--map-root-user"]);
        }
        command
            .args([
                "--pid",
                "--fork",
                "--mount-proc",
                "--net",
                "--kill-child",
                "--",
            ])
            .arg(&self.bash)
            .args(["--noprofile", "--norc", "-c", DRIVER, "driver"])
            .arg(&root)
            .arg(format!("{}s", self.timeout.as_secs().max(1)))
            .arg(&self.bash);
        if let Some(setpriv) = &self.setpriv {
            command
                .arg(setpriv)
                .args(["--reuid", "65534", "--regid", "65534", "--clear-groups"]);
        }
        let status = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| format!("unshare: {e}"))?;
        if !status.status.success() {
            return Err(format!(
                "the sandbox failed: {}",
                String::from_utf8_lossy(&status.stderr)
            ));
        }
        Ok((0..texts.len())
            .map(|i| {
                let name = format!("{i:06}");
                let read = |sub: &str| fs::read(root.join(sub).join(&name)).ok();
                let status = read("status").map(|s| String::from_utf8_lossy(&s).trim().to_owned());
                let out = read("out").map(|s| String::from_utf8_lossy(&s).into_owned());
                let err = read("err").map(|s| String::from_utf8_lossy(&s).into_owned());
                judge(
                    status.as_deref(),
                    out.as_deref(),
                    err.as_deref(),
                    &open,
                    &close,
                )
            })
            .collect())
    }
}

fn judge(
    status: Option<&str>,
    out: Option<&str>,
    err: Option<&str>,
    open: &str,
    close: &str,
) -> Reading {
    let (Some(status), Some(out)) = (status, out) else {
        return Reading::Failed("no answer".to_owned());
    };
    let err = err.unwrap_or_default();
    if status != "0" || !err.is_empty() {
        return match status {
            "0" | "1" | "2" => Reading::Refused(err.trim().to_owned()),
            other => Reading::Failed(format!("exit status {other}: {}", err.trim())),
        };
    }
    // Each sentinel on a line of its own: a line continuation at the end of
    // the text joins the closing one to its last command (`echo hi \`
    // renders `echo hi : …close`), which must not count as framed.
    let body = out
        .strip_prefix(open)
        .and_then(|rest| rest.strip_prefix('\n'))
        .and_then(|rest| {
            let rest = rest.trim_end();
            if rest == close {
                Some("")
            } else {
                rest.strip_suffix(close)?.strip_suffix('\n')
            }
        });
    match body {
        Some(body) if !body.contains(open) && !body.contains(close) => {
            Reading::Rendered(body.to_owned())
        }
        _ => Reading::Unframed(out.to_owned()),
    }
}

fn nonce() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mut out = String::new();
    let mixed = nanos ^ (u128::from(std::process::id()) << 64);
    let _ = write!(
        out,
        "{:x}",
        mixed.wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835)
    );
    out
}

/// A directory removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(nonce: &str) -> std::io::Result<Self> {
        let path = std::env::temp_dir().join(format!("inner-cmd-roles-{nonce}"));
        fs::create_dir_all(&path)?;
        Ok(Self(path))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(Path::new(&self.0));
    }
}
