//! Programs installed under a family of file names, each family read as
//! one row of the contract ([`crate::hardened::contract::names::stem`]): the dynamic
//! loader under a name per architecture and C library, qemu's user-mode
//! emulators under one per target.

/// A program installed under a family of file names, read as one row.
#[derive(Debug, Clone, Copy)]
pub struct NameFamily {
    /// The names' form.
    pub form: NameForm,
    /// The row they are read as.
    pub row: &'static str,
}

/// The form of a family's names.
#[derive(Debug, Clone, Copy)]
pub enum NameForm {
    /// A shared object (`NAME.so`, `NAME.so.VERSION`) whose name starts
    /// with this prefix.
    SharedObject(&'static str),
    /// This prefix, one of these targets, and optionally this suffix.
    Targets(&'static str, &'static [&'static str], &'static str),
}

impl NameForm {
    /// Whether `name` has this form.
    #[must_use]
    pub fn holds(self, name: &str) -> bool {
        match self {
            NameForm::SharedObject(prefix) => {
                name.starts_with(prefix)
                    && (name.ends_with(".so")
                        || name.split_once(".so.").is_some_and(|(_, version)| {
                            !version.is_empty()
                                && version.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                        }))
            }
            NameForm::Targets(prefix, targets, suffix) => {
                name.strip_prefix(prefix).is_some_and(|target| {
                    let target = target.strip_suffix(suffix).unwrap_or(target);
                    targets.contains(&target)
                })
            }
        }
    }
}

/// The families (ld.so(8): the dynamic loader is installed as `ld.so`,
/// `ld-linux.so.2`, `ld-linux-x86-64.so.2`, `ld64.so.2`,
/// `ld-musl-x86_64.so.1`, one per architecture and C library;
/// qemu-user(1), QEMU 7.2: a user-mode emulator per target, `-static`
/// builds too).
pub const NAME_FAMILIES: &[NameFamily] = &[
    NameFamily {
        form: NameForm::SharedObject("ld"),
        row: "ld.so",
    },
    NameFamily {
        form: NameForm::Targets("qemu-", QEMU_USER_TARGETS, "-static"),
        row: "qemu-user",
    },
];

/// The targets qemu's user-mode emulators are named after (qemu-user(1),
/// QEMU 7.2; `qemu-system-*`, `qemu-img` and the other tools are not).
pub const QEMU_USER_TARGETS: &[&str] = &[
    "aarch64",
    "aarch64_be",
    "alpha",
    "arm",
    "armeb",
    "cris",
    "hexagon",
    "hppa",
    "i386",
    "loongarch64",
    "m68k",
    "microblaze",
    "microblazeel",
    "mips",
    "mips64",
    "mips64el",
    "mipsel",
    "mipsn32",
    "mipsn32el",
    "nios2",
    "or1k",
    "ppc",
    "ppc64",
    "ppc64le",
    "riscv32",
    "riscv64",
    "s390x",
    "sh4",
    "sh4eb",
    "sparc",
    "sparc32plus",
    "sparc64",
    "x86_64",
    "xtensa",
    "xtensaeb",
];
