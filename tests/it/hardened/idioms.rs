//! Everyday idioms with bounded values (spec §12.13): the facts of bash and
//! git each clause rests on, checked with the real programs, and the
//! profile's answers on the idioms and on their hostile neighbours.

use std::path::Path;
use std::process::{Command, Stdio};

use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::policy::Policy;
use inner_cmd_spec::verdict::PermissionState::{self, Allow, Ask, Deny};

fn outcome(policy: &Policy, command: &str) -> PermissionState {
    decide_profiled(policy, command, &Options::default(), Profile::Hardened).outcome
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("inner-cmd-idioms-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn bash(script: &str, dir: &Path, env: &[(&str, &str)]) -> Option<String> {
    let output = Command::new("bash")
        .args(["-c", script])
        .current_dir(dir)
        .env_remove("BASHOPTS")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    Some(
        String::from_utf8_lossy(&output.stdout)
            .trim_end()
            .to_owned(),
    )
}

/// HARD-GLOB-1: bash never globs a component-leading wildcard to a dot
/// name and reads `**` as `*`; the profile then lets `ls src/**/*.rs` be
/// decided by `ls *`, and still reaches `*/.ssh/*` where the command spells
/// the dot.
#[test]
fn hard_glob_1_component_leading_wildcards_spell_no_dot() {
    let dir = scratch("glob");
    for file in ["src/.ssh/k.rs", "src/a/b.rs", "src/.x.rs"] {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "").unwrap();
    }
    if let Some(listed) = bash(
        "echo src/*/*.rs; echo src/**/*.rs; echo src/?ssh/*",
        &dir,
        &[],
    ) {
        assert_eq!(listed, "src/a/b.rs\nsrc/a/b.rs\nsrc/?ssh/*");
        // With dotglob (from the environment, §12.9) the dot name appears:
        // the oracle can see the difference.
        let dot = bash("echo src/*/*.rs", &dir, &[("BASHOPTS", "dotglob")]).unwrap();
        assert!(dot.contains("src/.ssh/k.rs"), "{dot}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let policy = crate::support::example_policy("/home/u");
    assert_eq!(outcome(&policy, "ls src/**/*.rs"), Allow);
    assert_eq!(outcome(&policy, "cat ~/*/id_rsa"), Allow);
    assert_eq!(outcome(&policy, "cat ~/.*/id_rsa"), Ask);
    assert_eq!(outcome(&policy, "cat src/*/.ssh/x"), Deny);
    assert_eq!(outcome(&policy, "cat **/.env"), Deny);
}

/// HARD-TOPLEVEL-1: git prints the working directory or an ancestor, and
/// nothing outside a work tree; the profile spells it as dots and slashes
/// unless another git or a GIT_ variable could move it.
#[test]
fn hard_toplevel_1_the_top_level_is_here_or_above() {
    let dir = scratch("top");
    let sub = dir.join("repo/a/b");
    std::fs::create_dir_all(&sub).unwrap();
    let git = |args: &[&str], at: &Path| {
        Command::new("git")
            .args(args)
            .current_dir(at)
            .env_remove("GIT_DIR")
            .env_remove("GIT_WORK_TREE")
            .env("GIT_CEILING_DIRECTORIES", &dir)
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
    };
    if git(&["init", "-q", "."], &dir.join("repo")).is_ok_and(|o| o.status.success()) {
        let top = git(&["rev-parse", "--show-toplevel"], &sub).unwrap();
        let top = String::from_utf8_lossy(&top.stdout).trim_end().to_owned();
        let top = std::fs::canonicalize(top).unwrap();
        let sub = std::fs::canonicalize(&sub).unwrap();
        assert!(sub.starts_with(&top) && top != sub, "{top:?} above {sub:?}");
        // Outside a work tree: nothing on standard output.
        let outside = git(&["rev-parse", "--show-toplevel"], &dir).unwrap();
        assert!(outside.stdout.is_empty());
    }
    let _ = std::fs::remove_dir_all(&dir);
    let example = crate::support::example_policy("/home/u");
    let top = "\"$(git rev-parse --show-toplevel)\"";
    assert_eq!(outcome(&example, &format!("cd {top} && cargo test")), Allow);
    assert_eq!(outcome(&example, &format!("cd {top}/src && ls")), Allow);
    assert_eq!(
        outcome(&example, &format!("cd {top} && cat .ssh/id_rsa")),
        Deny
    );
    assert_eq!(outcome(&example, &format!("cd {top} && cat .env")), Deny);
    // A write at the top level is outside the tree (HARD-EFFECT-4).
    assert_eq!(outcome(&example, &format!("cd {top} && ls > out")), Ask);
    // Unquoted, or beside another git or a GIT_ variable: unknown.
    let home_rule: &[(&str, PermissionState)] = &[("*", Allow), ("*~/.ssh*", Deny)];
    let home_rule = crate::support::policy(home_rule, "/home/u");
    for command in [
        "cd $(git rev-parse --show-toplevel) && cat .ssh/id_rsa".to_owned(),
        format!("git config core.worktree ~ && cd {top} && cat .ssh/id_rsa"),
        format!("export GIT_WORK_TREE=~; cd {top} && cat .ssh/id_rsa"),
    ] {
        assert_eq!(outcome(&home_rule, &command), Ask, "{command}");
    }
}

/// HARD-DEFAULT-1: a default does not bound a variable the environment may
/// set: GNU sed runs the command such a value carries, and the profile asks.
#[test]
fn hard_default_1_a_default_does_not_bound_the_environment() {
    let dir = scratch("default");
    std::fs::write(dir.join("f"), "a\nb\n").unwrap();
    let script = "sed -n \"${START:-1},+40p\" f";
    let gnu_sed = bash("sed --version", &dir, &[]).is_some_and(|v| v.contains("GNU sed"));
    if let Some(printed) = bash(script, &dir, &[]).filter(|_| gnu_sed) {
        assert_eq!(printed, "a\nb");
        bash(script, &dir, &[("START", "1e touch ran\n1")]);
        assert!(
            dir.join("ran").exists(),
            "sed did not run the value's command"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    let permissive: &[(&str, PermissionState)] = &[("*", Allow), ("rm *", Deny)];
    let permissive = crate::support::policy(permissive, "/home/u");
    assert_eq!(outcome(&permissive, script), Ask);
    assert_eq!(outcome(&permissive, "sed -n '1,+40p' f"), Allow);
}

/// HARD-PROCSUB-1: bash passes a `/dev/fd/N` path for `<(…)` and runs its
/// commands; the profile judges them and reads the word as that path.
#[test]
fn hard_procsub_1_a_process_substitution_is_a_dev_fd_path() {
    let dir = scratch("procsub");
    if let Some(printed) = bash("echo <(true) <(true); echo x<(true)", &dir, &[]) {
        let lines: Vec<&str> = printed.lines().collect();
        let paths: Vec<&str> = lines.first().unwrap().split(' ').collect();
        assert_eq!(paths.len(), 2, "{printed}");
        for path in paths {
            let n = path.strip_prefix("/dev/fd/").unwrap();
            assert!(n.bytes().all(|b| b.is_ascii_digit()), "{path}");
        }
        // Joined to text, one word: not admitted.
        assert!(lines.get(1).unwrap().starts_with("x/dev/fd/"), "{printed}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let permissive: &[(&str, PermissionState)] =
        &[("*", Allow), ("rm *", Deny), ("*/.ssh/*", Deny)];
    let permissive = crate::support::policy(permissive, "/home/u");
    assert_eq!(outcome(&permissive, "diff <(sort a) <(sort b)"), Allow);
    assert_eq!(outcome(&permissive, "cat < <(ls)"), Allow);
    assert_eq!(outcome(&permissive, "diff <(rm -rf x) b"), Deny);
    assert_eq!(outcome(&permissive, "diff <(cat ~/.ssh/id_rsa) b"), Deny);
    for refused in ["tee >(wc -l)", "cat x<(ls)", "<(ls)", "cat <(ls)x"] {
        assert_eq!(outcome(&permissive, refused), Ask, "{refused}");
    }
}
