//! What the real mode adds to the control directory (`INV-GROUND-10`,
//! `INV-GROUND-12`): the recorder (`tracer.c`, compiled with the machine's
//! C compiler and cached per user as the stub is), the workspace script,
//! and the multibyte locales, built with `localedef` once per user.

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::host::which;
use super::stub_build::{cache_dir, compiler, trusted};

const TRACER_C: &str = include_str!("tracer.c");

/// The locales a command may switch to (`INV-GROUND-12`): each name as
/// `LC_ALL` takes it, the `localedef` source and the charmap. GBK, GB18030
/// and BIG5 hold characters whose second byte is `\` (0x5C), so bash lexes
/// a line differently there than under UTF-8.
pub const LOCALES: [(&str, &str, &str); 4] = [
    ("zh_CN.GBK", "zh_CN", "GBK"),
    ("zh_CN.GB18030", "zh_CN", "GB18030"),
    ("zh_TW.BIG5", "zh_TW", "BIG5"),
    ("en_US.UTF-8", "en_US", "UTF-8"),
];

/// Writes the tracer, the workspace script and the locales into `dir`.
pub(super) fn write_real(dir: &Path) -> Result<(), String> {
    let tracer = cached_tracer()?;
    fs::copy(&tracer, dir.join("tracer")).map_err(|e| e.to_string())?;
    fs::set_permissions(dir.join("tracer"), fs::Permissions::from_mode(0o755))
        .map_err(|e| e.to_string())?;
    fs::write(dir.join("workspace.bash"), super::workspace::script()).map_err(|e| e.to_string())?;
    fs::set_permissions(
        dir.join("workspace.bash"),
        fs::Permissions::from_mode(0o644),
    )
    .map_err(|e| e.to_string())?;
    let locales = cached_locales()?;
    copy_tree(&locales, &dir.join("locale")).map_err(|e| e.to_string())
}

/// The compiled tracer: from the user's private cache when a build of the
/// same source by the same compiler is there, else compiled and cached.
fn cached_tracer() -> Result<PathBuf, String> {
    let compiler = compiler()?;
    let mut hasher = DefaultHasher::new();
    TRACER_C.hash(&mut hasher);
    compiler.hash(&mut hasher);
    let cache = cache_dir().ok_or("no private cache directory for the tracer")?;
    let binary = cache.join(format!("tracer-{:016x}", hasher.finish()));
    if trusted(&binary) {
        return Ok(binary);
    }
    let source = cache.join(format!("tracer-{}.c", std::process::id()));
    fs::write(&source, TRACER_C).map_err(|e| e.to_string())?;
    let partial = cache.join(format!("tracer.{}", std::process::id()));
    let output = Command::new(&compiler)
        .args(["-O2", "-o"])
        .arg(&partial)
        .arg(&source)
        .output()
        .map_err(|e| e.to_string())?;
    let _ = fs::remove_file(&source);
    if !output.status.success() {
        return Err(format!(
            "{} could not build the tracer: {}",
            compiler.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    fs::rename(&partial, &binary).map_err(|e| e.to_string())?;
    Ok(binary)
}

/// The locales of [`LOCALES`], compiled by `localedef` into the user's
/// private cache once (a directory for `LOCPATH`).
fn cached_locales() -> Result<PathBuf, String> {
    let cache = cache_dir().ok_or("no private cache directory for the locales")?;
    let dir = cache.join("locale");
    let missing: Vec<_> = LOCALES
        .iter()
        .filter(|(name, _, _)| !trusted(&dir.join(name).join("LC_CTYPE")))
        .collect();
    if missing.is_empty() {
        return Ok(dir);
    }
    let localedef = which("localedef").ok_or(
        "localedef not found: the real mode's locales need it (Debian packages libc-bin, locales)",
    )?;
    fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    for (name, source, charmap) in missing {
        let partial = dir.join(format!(".{name}.{}", std::process::id()));
        let output = Command::new(&localedef)
            .args(["--no-archive", "-c", "-i", source, "-f", charmap])
            .arg(&partial)
            .output()
            .map_err(|e| e.to_string())?;
        // `-c`: warnings (exit 1) still write the locale; it must be there.
        if !partial.join("LC_CTYPE").is_file() {
            let _ = fs::remove_dir_all(&partial);
            return Err(format!(
                "localedef could not build {name} ({}): {} (install the Debian package locales)",
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
        // Another process may have put it there meanwhile: its build is
        // as good as this one.
        if fs::rename(&partial, dir.join(name)).is_err() {
            let _ = fs::remove_dir_all(&partial);
            if !dir.join(name).join("LC_CTYPE").is_file() {
                return Err(format!("the locale {name} could not be cached"));
            }
        }
    }
    Ok(dir)
}

/// Copies a directory tree, hard-linking files where it can (the cache and
/// the control directory share a file system).
fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    fs::create_dir_all(to)?;
    fs::set_permissions(to, fs::Permissions::from_mode(0o755))?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        let target = to.join(&name);
        let kind = entry.file_type()?;
        if kind.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else if kind.is_file() && fs::hard_link(entry.path(), &target).is_err() {
            fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}
