//! Claude Code's Bash rules against the table `spec/vectors/hook/claude-rules.json`,
//! whose expected values `spec/vectors/gen/gen_hook_rules.py` derives from the
//! clauses (HOOK-RULE-1 to HOOK-RULE-5, HOOK-POLICY-1), and the settings
//! files read through the binary.

use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::hook::claude_rules::{translate, ClaudeRules, Translated};
use inner_cmd_spec::hook::{self, rules};
use inner_cmd_spec::verdict::PermissionState;
use serde_json::{json, Value};

use super::{claude_decision, claude_payload, run, scratch};
use crate::support::corpus::repo;

fn table() -> Value {
    let path = repo().join("spec/vectors/hook/claude-rules.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn state(name: &str) -> PermissionState {
    serde_json::from_value(json!(name)).unwrap()
}

/// HOOK-RULE-2, HOOK-RULE-3, HOOK-RULE-4: each entry's translation.
#[test]
fn hook_rule_3_translations_match_the_table() {
    let table = table();
    let cases = table["translations"].as_array().unwrap();
    assert!(cases.len() >= 15);
    for case in cases {
        let entry = case["entry"].as_str().unwrap();
        let got = translate(state(case["list"].as_str().unwrap()), entry);
        let pattern = case["pattern"].as_str().map(str::to_owned);
        let expected = match case["kind"].as_str().unwrap() {
            "refused" => {
                assert!(got.is_err(), "{case}");
                continue;
            }
            "not_bash" => Translated::NotBash,
            "exact" => Translated::Exact(pattern.unwrap()),
            "widened" => Translated::Widened(pattern.unwrap()),
            "dropped" => Translated::Dropped,
            other => panic!("unknown kind {other}"),
        };
        assert_eq!(got.as_ref(), Ok(&expected), "{case}");
    }
}

/// HOOK-RULE-5, HOOK-POLICY-1, HOOK-RULE-4: the decisions of settings, under
/// the deployed profile exactly, and under the hardened profile never an
/// allow the table does not expect.
#[test]
fn hook_rule_5_decisions_match_the_table() {
    let table = table();
    for case in table["decisions"].as_array().unwrap() {
        let mut claude = ClaudeRules::default();
        claude
            .add_settings(&case["settings"].to_string(), "settings.json")
            .unwrap();
        let built = rules::build("/home/u", None, None, &claude).unwrap();
        let command = case["command"].as_str().unwrap();
        let expected = state(case["expected"].as_str().unwrap());
        let deployed = hook::decide(&built.policy, command, Profile::Deployed, &built.notes);
        assert_eq!(deployed.state, expected, "{case}");
        let hardened = hook::decide(&built.policy, command, Profile::Hardened, &built.notes);
        if hardened.state == PermissionState::Allow {
            assert_eq!(expected, PermissionState::Allow, "{case}");
        }
        // HOOK-RULE-4: a widened or dropped entry is named in the reason.
        let inexact = table["translations"].as_array().unwrap().iter().any(|t| {
            matches!(t["kind"].as_str(), Some("widened" | "dropped"))
                && case["settings"]["permissions"][t["list"].as_str().unwrap()]
                    .as_array()
                    .is_some_and(|list| list.contains(&t["entry"]))
        });
        assert_eq!(
            deployed.reason.contains("HOOK-RULE-4"),
            inexact,
            "{}",
            deployed.reason
        );
    }
}

/// The table is what its generator writes (no hand edits).
#[test]
fn hook_rule_3_table_is_reproducible() {
    let out = scratch("rules-regen");
    let status = std::process::Command::new("python3")
        .arg(repo().join("spec/vectors/gen/gen_hook_rules.py"))
        .env("HOOK_VECTORS_OUT", &out)
        .status()
        .expect("python3 (README: the tests need Python 3)");
    assert!(status.success());
    let fresh = std::fs::read(out.join("claude-rules.json")).unwrap();
    let committed = std::fs::read(repo().join("spec/vectors/hook/claude-rules.json")).unwrap();
    assert!(
        fresh == committed,
        "regenerate with python3 spec/vectors/gen/gen_hook_rules.py"
    );
}

/// HOOK-RULE-1: user, project and local settings are all read; a deny of any
/// file wins over an allow of another (HOOK-RULE-5); an unreadable settings
/// file asks (HOOK-READ-1); `--no-agent-rules` ignores them.
#[test]
fn hook_rule_1_settings_files() {
    let dir = scratch("rules-files");
    let project = dir.join("project");
    std::fs::create_dir_all(project.join(".claude")).unwrap();
    std::fs::create_dir_all(dir.join(".claude")).unwrap();
    std::fs::write(
        dir.join(".claude/settings.json"),
        r#"{"permissions": {"allow": ["Bash(make:*)", "Bash(cargo test:*)"]}}"#,
    )
    .unwrap();
    std::fs::write(
        project.join(".claude/settings.json"),
        r#"{"permissions": {"ask": ["Bash(cargo test --release:*)"]}}"#,
    )
    .unwrap();
    std::fs::write(
        project.join(".claude/settings.local.json"),
        r#"{"permissions": {"deny": ["Bash(make deploy:*)"]}, "model": "x"}"#,
    )
    .unwrap();
    let decide = |command: &str, extra: &[&str]| {
        let mut payload = claude_payload("Bash", json!({"command": command}));
        payload["cwd"] = project.display().to_string().into();
        let mut args = vec!["hook", "claude-code"];
        args.extend_from_slice(extra);
        claude_decision(&run(&dir, &args, payload.to_string().as_bytes()))
    };
    assert_eq!(decide("make build", &[]).as_deref(), Some("allow"));
    assert_eq!(decide("cargo test", &[]).as_deref(), Some("allow"));
    assert_eq!(decide("cargo test --release", &[]).as_deref(), Some("ask"));
    assert_eq!(decide("make deploy prod", &[]).as_deref(), Some("deny"));
    // Without them, the built-in example policy: `make` is not in it.
    assert_eq!(
        decide("make build", &["--no-agent-rules"]).as_deref(),
        Some("ask")
    );
    std::fs::write(
        project.join(".claude/settings.local.json"),
        r#"{"permissions": {"deny": "Bash(rm:*)"}}"#,
    )
    .unwrap();
    assert_eq!(decide("make build", &[]).as_deref(), Some("ask"));
    std::fs::write(
        project.join(".claude/settings.local.json"),
        r#"{"permissions": {"deny": ["Bash(rm:*"]}}"#,
    )
    .unwrap();
    assert_eq!(decide("make build", &[]).as_deref(), Some("ask"));
}

/// HOOK-RULE-1: the places Claude Code reads its settings from: the user's
/// directory moved by `$CLAUDE_CONFIG_DIR`, the project by
/// `$CLAUDE_PROJECT_DIR` (a payload `cwd` below it reads the root's
/// settings), and the managed file, whose deny wins over every allow.
#[test]
fn hook_rule_1_settings_places() {
    use inner_cmd_spec::hook::claude_rules::{load, SettingsPlaces, MANAGED_SETTINGS};
    let dir = scratch("rules-places");
    let home = dir.join("home");
    let config = dir.join("config");
    let project = dir.join("project");
    let below = project.join("src/deep");
    for made in [&home, &config, &project.join(".claude"), &below] {
        std::fs::create_dir_all(made).unwrap();
    }
    let places = SettingsPlaces::new(&home, None, None, Some(&below));
    assert_eq!(places.managed, std::path::PathBuf::from(MANAGED_SETTINGS));
    assert_eq!(
        places.paths(),
        [
            home.join(".claude/settings.json"),
            below.join(".claude/settings.json"),
            below.join(".claude/settings.local.json"),
            std::path::PathBuf::from("/etc/claude-code/managed-settings.json"),
        ]
    );
    std::fs::write(
        config.join("settings.json"),
        r#"{"permissions": {"allow": ["Bash(make:*)"]}}"#,
    )
    .unwrap();
    std::fs::write(
        project.join(".claude/settings.json"),
        r#"{"permissions": {"ask": ["Bash(make test:*)"]}}"#,
    )
    .unwrap();
    let managed = dir.join("managed-settings.json");
    std::fs::write(
        &managed,
        r#"{"permissions": {"deny": ["Bash(make deploy:*)"]}}"#,
    )
    .unwrap();
    let mut places = SettingsPlaces::new(&home, Some(&config), Some(&project), Some(&below));
    places.managed = managed.clone();
    let rules = load(&places).unwrap();
    assert_eq!(
        rules.sources,
        [
            config.join("settings.json"),
            project.join(".claude/settings.json"),
            managed
        ]
    );
    let built =
        inner_cmd_spec::hook::rules::build(&home.display().to_string(), Some(&below), None, &rules)
            .unwrap();
    let decide = |command: &str| {
        inner_cmd_spec::hook::decide(
            &built.policy,
            command,
            inner_cmd_spec::hardened::Profile::Hardened,
            &built.notes,
        )
        .state
        .to_string()
    };
    assert_eq!(decide("make build"), "allow");
    assert_eq!(decide("make test"), "ask");
    assert_eq!(decide("make deploy prod"), "deny");
}
