//! The names a program is known by (spec §12.5): versioned, variant and
//! cross-compiler builds of one program are that program.

/// The name a versioned or variant build of a program is known by
/// (`python3.11`, `bash5.2`, `zsh5`, `mksh-static`, `python3-dbg`,
/// `php-cgi`, `powershell.exe` under WSL): a `.exe` suffix, then a
/// `-static`, `-dbg` or `-cgi` suffix, then trailing digits,
/// dots, hyphens and underscores, removed. The lists above name the
/// program; every build of it runs code the same way.
#[must_use]
pub fn stem(name: &str) -> &str {
    if let Some(known) = crate::hardened::contract::programs::installed::NAME_FAMILIES
        .iter()
        .find_map(|family| family.form.holds(name).then_some(family.row))
    {
        return known;
    }
    let name = name.strip_suffix(".exe").unwrap_or(name);
    let name = without_triplet(name);
    let name = DEBIAN_VARIANTS
        .iter()
        .find_map(|suffix| name.strip_suffix(suffix))
        .unwrap_or(name);
    let base = ["-static", "-dbg", "-cgi"]
        .iter()
        .find_map(|suffix| name.strip_suffix(suffix))
        .unwrap_or(name);
    base.trim_end_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | '-' | '_'))
}

/// The suffixes Debian's alternatives give builds of one program
/// (`vim.basic`, `vim.tiny`, `vim.nox`, `vim.gtk3`, `nvim.appimage`).
const DEBIAN_VARIANTS: &[&str] = &[
    ".basic",
    ".tiny",
    ".nox",
    ".gtk",
    ".gtk3",
    ".athena",
    ".motif",
    ".appimage",
    ".real",
];

/// `name` without a GNU target triplet before or after it
/// (`perl5.36-x86_64-linux-gnu` -> `perl5.36`, `x86_64-linux-gnu-gcc-12` ->
/// `gcc-12`): an architecture of [`SETARCH_ARCHITECTURES`]
/// followed by `-` and a part naming an operating system.
fn without_triplet(name: &str) -> &str {
    let arch_at = |at: usize| {
        let rest = name.get(at..).unwrap_or_default();
        SETARCH_ARCHITECTURES.iter().any(|arch| {
            rest.strip_prefix(arch).is_some_and(|after| {
                after.starts_with('-')
                    && [
                        "linux", "gnu", "musl", "darwin", "w64", "mingw", "elf", "none", "pc-",
                        "apple", "unknown",
                    ]
                    .iter()
                    .any(|os| after.contains(os))
            })
        })
    };
    if arch_at(0) {
        // A prefix triplet: the program follows its last part.
        for os in [
            "-gnueabihf-",
            "-gnueabi-",
            "-gnu-",
            "-musl-",
            "-elf-",
            "-mingw32-",
            "-darwin-",
        ] {
            if let Some(at) = name.find(os) {
                return name.get(at + os.len()..).unwrap_or(name);
            }
        }
        return name;
    }
    name.match_indices('-')
        .map(|(at, _)| at)
        .find(|at| arch_at(at + 1))
        .and_then(|at| name.get(..at))
        .unwrap_or(name)
}

/// Whether `name` or its [`stem`] is one of `list`.
#[must_use]
pub fn names_one_of(name: &str, list: &[&str]) -> bool {
    list.contains(&name) || list.contains(&stem(name))
}

/// The architectures `setarch` knows on some platform (util-linux
/// `setarch.c`, every platform's table, and the machine names `uname -m`
/// gives there).
pub const SETARCH_ARCHITECTURES: &[&str] = &[
    "uname26",
    "linux32",
    "linux64",
    "ppc32",
    "ppc",
    "ppc64",
    "ppc64pseries",
    "ppc64iseries",
    "ppc32le",
    "ppcle",
    "ppc64le",
    "i386",
    "i486",
    "i586",
    "i686",
    "athlon",
    "x86_64",
    "ia64",
    "parisc32",
    "parisc",
    "parisc64",
    "s390",
    "s390x",
    "sparc",
    "sparc32bash",
    "sparc32",
    "sparc64",
    "mips32",
    "mips",
    "mips64",
    "alpha",
    "alphaev5",
    "alphaev56",
    "alphaev6",
    "alphaev67",
    "aarch64",
    "arm64",
    "armv7l",
    "armv8l",
    "arm",
    "riscv64",
    "loongarch64",
];
