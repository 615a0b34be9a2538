//! The control directory: the trap, the one stub every program name links
//! to, and the mount points of the real tools (`INV-GROUND-2`).

use std::fs;
use std::path::{Path, PathBuf};

use super::paths::{BIN_DIRS, CONTROL};
use super::{SHELLS, TRANSPARENT_WRAPPERS};

const ENV_BASH: &str = include_str!("env.bash");
const STUB_SH: &str = include_str!("stub.sh");

/// Writes the trap, the stub with a link for every program name, the mount
/// points of the real tools.
pub(super) fn write_control(dir: &Path, stub_status: u8) -> std::io::Result<()> {
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
