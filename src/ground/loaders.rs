//! Programs that run another program's file in their own process, with no
//! exec the recorder could see (`INV-GROUND-10`): the dynamic loader run as
//! a program (`/lib64/ld-linux-x86-64.so.2 /usr/bin/rm -rf x`), valgrind's
//! launcher and tools, qemu's user-mode emulators. The recorder sees the
//! loader's exec only; the client it loads is judged as though it had been
//! exec'd. These are the oracle's own facts, kept apart from the hardened
//! profile's program contract on purpose, as the machinery list is.

/// How a loader's file is named.
#[derive(Debug, Clone, Copy)]
enum Named {
    /// Exactly this basename.
    Exactly(&'static str),
    /// A shared object run as a program whose basename starts `ld`
    /// (`ld.so`, `ld-linux-x86-64.so.2`, `ld64.so.2`, `ld-musl-x86_64.so.1`).
    DynamicLoader,
    /// `qemu-ARCH` or `qemu-ARCH-static`, a user-mode emulator (not
    /// `qemu-system-*`, `qemu-img`, `qemu-io`, `qemu-nbd`).
    QemuUser,
}

/// A loader: how its file is named, and its options that take the next
/// word as their value (the client is the first operand after them).
#[derive(Debug, Clone, Copy)]
struct Loader {
    named: Named,
    separate_values: &'static [&'static str],
}

const LOADERS: &[Loader] = &[
    // `ld.so --help`, glibc 2.36 (Debian 12).
    Loader {
        named: Named::DynamicLoader,
        separate_values: &[
            "--library-path",
            "--glibc-hwcaps-prepend",
            "--glibc-hwcaps-mask",
            "--inhibit-rpath",
            "--audit",
            "--preload",
            "--argv0",
        ],
    },
    // `valgrind --help`, valgrind 3.19 (Debian 12): its options are
    // `--name=value` or single letters; the launcher execs the tool with
    // the same words, argv[0] unchanged.
    Loader {
        named: Named::Exactly("valgrind.bin"),
        separate_values: &[],
    },
    // qemu-user(1), QEMU 7.2 (Debian 12).
    Loader {
        named: Named::QemuUser,
        separate_values: &[
            "-L", "-s", "-cpu", "-E", "-U", "-0", "-B", "-R", "-d", "-D", "-dfilter", "-p", "-g",
            "-r", "-seed", "-trace", "-plugin",
        ],
    },
];

/// The architectures qemu's user-mode emulators are named after.
const QEMU_TARGETS: &[&str] = &[
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

impl Named {
    fn matches(self, name: &str) -> bool {
        match self {
            Named::Exactly(exact) => name == exact,
            Named::DynamicLoader => {
                name.starts_with("ld")
                    && (name.ends_with(".so")
                        || name.split_once(".so.").is_some_and(|(_, version)| {
                            !version.is_empty()
                                && version.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                        }))
            }
            Named::QemuUser => name.strip_prefix("qemu-").is_some_and(|target| {
                let target = target.strip_suffix("-static").unwrap_or(target);
                QEMU_TARGETS.contains(&target)
            }),
        }
    }
}

/// The client a loader named one of `names` runs with `argv` (its own
/// argv, `argv[0]` first): the first operand after its options, and the
/// words after it. `None` when no name is a loader's or no operand is
/// left (`ld.so --list`, a help text).
#[must_use]
pub fn client<'a>(names: &[&str], argv: &'a [String]) -> Option<&'a [String]> {
    let loader = LOADERS
        .iter()
        .find(|l| names.iter().any(|name| l.named.matches(name)))?;
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        if word == "--" {
            at += 1;
            break;
        }
        if !word.starts_with('-') || word == "-" {
            break;
        }
        let takes_next = loader.separate_values.contains(&word.as_str());
        at += if takes_next { 2 } else { 1 };
    }
    argv.get(at..).filter(|rest| !rest.is_empty())
}

#[cfg(test)]
mod tests {
    use super::client;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn inv_ground_10_a_loaders_client() {
        for (name, argv, expected) in [
            (
                "ld-linux-x86-64.so.2",
                "ld /usr/bin/rm -rf x",
                Some("/usr/bin/rm -rf x"),
            ),
            (
                "ld.so",
                "ld.so --argv0 ls --preload a.so /bin/rm x",
                Some("/bin/rm x"),
            ),
            ("ld64.so.2", "ld64.so.2 -- /bin/rm x", Some("/bin/rm x")),
            ("ld-linux.so.2", "ld --list", None),
            (
                "valgrind.bin",
                "valgrind.bin -q --tool=none rm -rf x",
                Some("rm -rf x"),
            ),
            (
                "qemu-x86_64-static",
                "q -L / -cpu max /bin/rm x",
                Some("/bin/rm x"),
            ),
            ("qemu-img", "qemu-img info x", None),
            ("libc.so.6", "libc.so.6", None),
            ("ldd", "ldd /bin/ls", None),
            ("ld", "ld -o a a.o", None),
        ] {
            let argv = words(argv);
            let found = client(&[name], &argv).map(|c| c.join(" "));
            assert_eq!(found.as_deref(), expected, "{name}: {argv:?}");
        }
    }
}
