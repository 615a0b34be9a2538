//! INV-GROUND-3: both sandbox backends give the same isolation and the same
//! records, and a sandbox that cannot start says why, every time.
//!
//! The bubblewrap half needs `bwrap`; on a machine without it that half says
//! so and passes, unless `INNER_CMD_REQUIRE_BWRAP=1` (CI sets it, and
//! installs bubblewrap) makes its absence a failure. The `unshare` half
//! always runs.

use std::os::unix::fs::PermissionsExt;

use inner_cmd_spec::ground::{Backend, Config, Execution, GroundError, Oracle};

fn oracle_with(backend: Backend) -> Option<Oracle> {
    let bwrap_missing = backend == Backend::Bwrap && !on_path("bwrap");
    if bwrap_missing {
        assert!(
            std::env::var_os("INNER_CMD_REQUIRE_BWRAP").is_none(),
            "INNER_CMD_REQUIRE_BWRAP is set, but bwrap is not installed"
        );
        eprintln!("bwrap not installed: only the unshare backend is checked");
        return None;
    }
    let mut config = Config::default();
    config.backend = backend;
    Some(Oracle::new(config).unwrap_or_else(|error| panic!("{backend:?}: {error}")))
}

fn on_path(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(name).is_file()))
}

/// Facts about the sandbox as bash builtins see them from inside, carried
/// out through the argv of the stub `ls`: `name:yes` or `name:no`.
const PROBE: &str = r#"
fact() { if eval "$2" 2>/dev/null; then facts+=("$1:yes"); else facts+=("$1:no"); fi; }
status() { local k v; while read -r k v; do [[ $k == "$1:" ]] && echo "$v"; done </proc/self/status; }
facts=()
fact system-writable ': >/etc/.ground-probe || : >/usr/.ground-probe || : >/var/.ground-probe'
fact stubs-writable ': >/usr/bin/.ground-probe || : >/bin/.ground-probe'
fact control-writable ': >/tmp/.ground/probe'
fact own-directory-writable ': >probe && [[ $PWD == "$HOME" ]]'
fact tmp-private '[[ $(echo /tmp/* /tmp/.[!.]*) == "/tmp/* /tmp/.ground /tmp/.ground-out" ]] && : >/tmp/probe'
fact masked-empty '[[ $(echo /home/* /root/* /run/*) == "/home/* /root/* /run/*" ]]'
fact dev-minimal '[[ -c /dev/null && -c /dev/urandom && -e /dev/fd/0 && ! -e /dev/sda && ! -e /dev/vda && ! -e /dev/mem ]]'
fact network-only-loopback 'mapfile -t net </proc/net/dev; ((${#net[@]} == 3)) && [[ ${net[2]} == *lo:* ]]'
fact tcp-connects 'exec 3<>/dev/tcp/127.0.0.1/9'
fact pid-namespace-small 'pids=(/proc/[0-9]*); ((${#pids[@]} < 8 && $$ < 100))'
fact no-capabilities '[[ $(status CapEff) == 0000000000000000 ]]'
fact no-new-privs '[[ $(status NoNewPrivs) == 1 ]]'
fact root '((EUID == 0))'
ls "${facts[@]}"
"#;

const ISOLATED: [&str; 13] = [
    "system-writable:no",
    "stubs-writable:no",
    "control-writable:no",
    "own-directory-writable:yes",
    "tmp-private:yes",
    "masked-empty:yes",
    "dev-minimal:yes",
    "network-only-loopback:yes",
    "tcp-connects:no",
    "pid-namespace-small:yes",
    "no-capabilities:yes",
    "no-new-privs:yes",
    "root:no",
];

fn facts(execution: &Execution) -> Vec<String> {
    let ls = execution
        .commands
        .iter()
        .rev()
        .find_map(|c| c.argv.clone().filter(|argv| argv[0].ends_with("/ls")))
        .unwrap_or_else(|| panic!("no ls in {execution:?}"));
    ls[1..].to_vec()
}

/// INV-GROUND-3: the system read-only, private writable directories, no
/// network, a PID namespace of its own, no capabilities, under either backend.
#[test]
fn inv_ground_3_both_backends_isolate_alike() {
    for backend in [Backend::Unshare, Backend::Bwrap] {
        let Some(oracle) = oracle_with(backend) else {
            continue;
        };
        let execution = oracle
            .run(PROBE)
            .unwrap_or_else(|error| panic!("{backend:?}: {error}"));
        assert_eq!(facts(&execution), ISOLATED, "{backend:?}");
    }
}

/// INV-GROUND-1, INV-GROUND-2: the backend changes nothing in the records.
#[test]
fn inv_ground_3_both_backends_record_alike() {
    // Sequential commands: the records of concurrent processes (a
    // pipeline's) come in whatever order they ran.
    let commands = [
        "cd /repo && timeout 240 pnpm install 2>&1; tail -30 log; echo EXIT",
        "A=$(cat VERSION) npm run build -- --tag \"$A\"; bash -c 'curl -s x; sh -c id'",
        "nohup nice -n 5 make -j2 >/dev/null 2>&1; trap 'rm -rf x' EXIT; f() { git status; }; f",
    ];
    let Some(bwrap) = oracle_with(Backend::Bwrap) else {
        return;
    };
    let unshare = oracle_with(Backend::Unshare).expect("unshare always runs");
    for command in commands {
        let strip = |execution: Result<Execution, GroundError>| {
            let mut execution = execution.unwrap_or_else(|e| panic!("{command:?}: {e}"));
            // Process ids are the one thing that differs between sandboxes.
            execution.commands.iter_mut().for_each(|c| c.pid = 0);
            execution
        };
        assert_eq!(
            strip(bwrap.run(command)),
            strip(unshare.run(command)),
            "{command:?}"
        );
    }
}

/// A sandbox program that fails says why, the same way in every run: its
/// status and its whole stderr are in the one-line error (they were
/// dropped in some runs, when the sandbox ended before the command was sent).
#[test]
fn inv_ground_3_a_failing_sandbox_always_says_why() {
    let dir = std::env::temp_dir().join(format!("ground-fake-bwrap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fake = dir.join("bwrap");
    std::fs::write(
        &fake,
        "#!/bin/sh\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n",
    )
    .unwrap();
    for path in [&dir, &fake] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    for _ in 0..8 {
        let mut config = Config::default();
        config.backend = Backend::Bwrap;
        config.bwrap = Some(fake.clone());
        let error = Oracle::new(config).expect_err("a failing bwrap");
        let message = error.to_string();
        assert!(matches!(error, GroundError::Setup(_)), "{message}");
        assert!(
            message.contains("bwrap: setting up uid map: Permission denied")
                && message.contains("exit status: 1")
                && message.contains("apt-get install bubblewrap")
                && !message.contains('\n'),
            "{message}"
        );
    }
    let mut missing = Config::default();
    missing.backend = Backend::Bwrap;
    missing.bwrap = Some(dir.join("no-such-bwrap"));
    let message = Oracle::new(missing).expect_err("no bwrap").to_string();
    assert!(
        message.contains("cannot start the bwrap sandbox") && !message.contains('\n'),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// INV-GROUND-3: the sandbox starts with every signal's default
/// disposition: run from a process that ignores `SIGINT` (a background
/// job's inheritance), the command's `trap … INT; kill -INT $$` still runs
/// its handler, as it does in a user's shell.
#[test]
fn inv_ground_3_an_ignored_signal_is_not_inherited() {
    let command = "trap -- 'touch ran' INT; kill -INT $$";
    let script = format!(
        "trap '' INT QUIT; exec '{}' ground --json \"$1\"",
        env!("CARGO_BIN_EXE_inner-cmd")
    );
    let output = std::process::Command::new("bash")
        .args(["-c", &script, "bash", command])
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
    let ran: Vec<&str> = report["executed"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["text"].as_str())
        .collect();
    assert!(ran.contains(&"touch ran"), "{ran:?}");
}
