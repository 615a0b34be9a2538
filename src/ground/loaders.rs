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

/// A loader: how its file is named, its options that take the next word
/// as their value (the client is the first operand after them), and what
/// makes it list or check its client instead of running it.
#[derive(Debug, Clone, Copy)]
struct Loader {
    named: Named,
    separate_values: &'static [&'static str],
    /// Options after which it runs no client (it lists, verifies or prints).
    listing_options: &'static [&'static str],
    /// A variable of its environment that, set and not empty, makes it
    /// list the client's libraries and exit before the client's code runs
    /// (how ldd(1) asks it).
    listing_variable: Option<&'static str>,
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
        listing_options: &[
            "--list",
            "--verify",
            "--help",
            "--version",
            "--list-tunables",
            "--list-diagnostics",
        ],
        listing_variable: Some("LD_TRACE_LOADED_OBJECTS"),
    },
    // `valgrind --help`, valgrind 3.19 (Debian 12): its options are
    // `--name=value` or single letters; the launcher execs the tool with
    // the same words, argv[0] unchanged.
    Loader {
        named: Named::Exactly("valgrind.bin"),
        separate_values: &[],
        listing_options: &["--help", "--version", "--help-debug"],
        listing_variable: None,
    },
    // qemu-user(1), QEMU 7.2 (Debian 12).
    Loader {
        named: Named::QemuUser,
        separate_values: &[
            "-L", "-s", "-cpu", "-E", "-U", "-0", "-B", "-R", "-d", "-D", "-dfilter", "-p", "-g",
            "-r", "-seed", "-trace", "-plugin",
        ],
        listing_options: &["-h", "-help", "--help", "-version", "--version"],
        listing_variable: None,
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
/// argv, `argv[0]` first) and `environment` (`NAME=value`): the first
/// operand after its options, and the words after it. `None` when no name
/// is a loader's, no operand is left, or the loader only lists or checks
/// its client (`ld.so --verify FILE`, ldd's `LD_TRACE_LOADED_OBJECTS=1`).
#[must_use]
pub fn client<'a>(
    names: &[&str],
    argv: &'a [String],
    environment: &[String],
) -> Option<&'a [String]> {
    let loader = LOADERS
        .iter()
        .find(|l| names.iter().any(|name| l.named.matches(name)))?;
    let listing = loader.listing_variable.is_some_and(|variable| {
        environment.iter().any(|entry| {
            entry
                .strip_prefix(variable)
                .and_then(|rest| rest.strip_prefix('='))
                .is_some_and(|value| !value.is_empty())
        })
    });
    if listing {
        return None;
    }
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        if word == "--" {
            at += 1;
            break;
        }
        if !word.starts_with('-') || word == "-" {
            break;
        }
        if loader.listing_options.contains(&word.as_str()) {
            return None;
        }
        let takes_next = loader.separate_values.contains(&word.as_str());
        at += if takes_next { 2 } else { 1 };
    }
    argv.get(at..).filter(|rest| !rest.is_empty())
}

/// Whether a program named one of `names` is a loader that, with `argv`
/// and `environment`, runs no client (it lists, checks or prints): ldd(1)
/// runs the dynamic loader so, a helper of ldd's and no program of the
/// command's.
pub(super) fn only_lists(names: &[&str], argv: &[String], environment: &[String]) -> bool {
    LOADERS
        .iter()
        .any(|l| names.iter().any(|name| l.named.matches(name)))
        && client(names, argv, environment).is_none()
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
            ("ld-linux.so.2", "ld --verify /bin/rm", None),
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
            let found = client(&[name], &argv, &[]).map(|c| c.join(" "));
            assert_eq!(found.as_deref(), expected, "{name}: {argv:?}");
        }
        // ldd asks the loader to list a program's libraries.
        let argv = words("ld /bin/rm -rf x");
        let listing = ["LD_TRACE_LOADED_OBJECTS=1".to_owned()];
        assert_eq!(client(&["ld.so"], &argv, &listing), None);
        let empty = ["LD_TRACE_LOADED_OBJECTS=".to_owned()];
        assert!(client(&["ld.so"], &argv, &empty).is_some());
    }
}
