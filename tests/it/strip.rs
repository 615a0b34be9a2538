//! Locating and stripping the unit (spec chapter 4).

use inner_cmd_spec::strip::{locate_once, strip_once};

/// STRIP-1, STRIP-2, STRIP-3: (label, full, unit, inner, expected de-wrapped command).
#[rustfmt::skip]
const ROWS: &[(&str, &str, &str, &str, Option<&str>)] = &[
    ("STRIP-3 unit is the whole command", "timeout 5 make", "timeout 5 make", "make", Some("make")),
    ("STRIP-3 siblings on both sides are kept byte for byte",
     "cd /repo && echo go && timeout 240 pnpm install --frozen-lockfile 2>&1 | tail -30; echo EXIT",
     "timeout 240 pnpm install --frozen-lockfile", "pnpm install --frozen-lockfile",
     Some("cd /repo && echo go && pnpm install --frozen-lockfile 2>&1 | tail -30; echo EXIT")),
    ("STRIP-1 absent", "echo hi", "time make", "make", None),
    ("STRIP-2 twice, apart", "time make; time make", "time make", "make", None),
    ("STRIP-2 twice, adjacent", "time maketime make", "time make", "make", None),
    ("STRIP-2 overlapping second occurrence is not a second occurrence",
     "timeout 1 echo timeout 1 echo timeout 1", "timeout 1 echo timeout 1", "echo timeout 1",
     Some("echo timeout 1 echo timeout 1")),
    ("STRIP-2 a third occurrence after an overlapping one still counts",
     "time a time a time a time a", "time a time a", "a time a", None),
    ("STRIP-1 multi-byte text before the unit", "échø ✓; time ls", "time ls", "ls", Some("échø ✓; ls")),
    ("STRIP-1 empty unit is never located", "ls", "", "x", None),
];

#[test]
fn strip_table() {
    for (label, full, unit, inner, want) in ROWS {
        assert_eq!(strip_once(full, unit, inner).as_deref(), *want, "{label}");
        assert_eq!(
            locate_once(full, unit).is_some(),
            want.is_some(),
            "{label}: locate"
        );
    }
}
