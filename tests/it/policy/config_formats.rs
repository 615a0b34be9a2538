//! The plain rule-list format, the explicit file, and the built-in example policy.

use inner_cmd_spec::policy::config::{
    self, example_policy, load_search, load_search_sources, parse_policy, BashPolicy,
};
use inner_cmd_spec::policy::matcher::RuleSet;
use inner_cmd_spec::verdict::PermissionState::{self, Allow, Ask, Deny};

use crate::support::rules;

fn state_of(policy: &BashPolicy, value: &str) -> PermissionState {
    RuleSet::new(policy.rules(), "/home/u")
        .last_match(value)
        .map_or(policy.fallback(), |i| policy.rules()[i].state)
}

/// POL-CONFIG-8: a rule list keeps order and duplicates; its fallback is ask.
#[test]
fn pol_config_8_rule_list_keeps_order_and_duplicates() {
    let text = r#"[{"pattern":"git *","action":"allow"},{"action":"deny","pattern":"git push *"},
                   {"pattern":"git *","action":"ask"}] // a comment"#;
    let policy = parse_policy(text, "rules.json", "/home/u").unwrap();
    assert_eq!(
        policy.rules(),
        rules(&[("git *", Allow), ("git push *", Deny), ("git *", Ask)])
    );
    assert_eq!(policy.fallback(), Ask);
}

/// POL-CONFIG-4, POL-CONFIG-5, POL-CONFIG-8: an explicit config merges after the
/// searched files; an explicit rule list is appended after their rules.
#[test]
fn pol_config_4_explicit_file_comes_last() {
    let root =
        std::env::temp_dir().join(format!("inner-cmd-config-explicit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let global_dir = root.join(".pi/agent/extensions/pi-permission-system");
    std::fs::create_dir_all(&global_dir).unwrap();
    std::fs::write(
        global_dir.join("config.json"),
        r#"{"permission":{"*":"deny","bash":{"ls":"allow","rm *":"deny"}}}"#,
    )
    .unwrap();
    let explicit_config = root.join("explicit.json");
    std::fs::write(
        &explicit_config,
        r#"{"permission":{"bash":{"ls":"ask","cat *":"allow"}}}"#,
    )
    .unwrap();
    let explicit_list = root.join("list.json");
    std::fs::write(&explicit_list, r#"[{"pattern":"ls","action":"deny"}]"#).unwrap();
    let home = root.to_str().unwrap();

    let merged = load_search(home, None, Some(&explicit_config)).unwrap();
    assert_eq!(
        merged.rules(),
        rules(&[("ls", Ask), ("rm *", Deny), ("cat *", Allow)])
    );
    assert_eq!(merged.fallback(), Deny);

    let appended = load_search(home, None, Some(&explicit_list)).unwrap();
    assert_eq!(
        appended.rules(),
        rules(&[("ls", Allow), ("rm *", Deny), ("ls", Deny)])
    );
    assert_eq!(appended.fallback(), Deny);

    // The files read, in merge order: what `inner-cmd check` prints as its sources.
    let project = root.join("project");
    std::fs::create_dir_all(config::project_config_path(&project).parent().unwrap()).unwrap();
    std::fs::write(
        config::project_config_path(&project),
        r#"{"permission":{"bash":{"cat *":"deny"}}}"#,
    )
    .unwrap();
    let (with_project, sources) =
        load_search_sources(home, Some(&project), Some(&explicit_list)).unwrap();
    assert_eq!(
        sources,
        vec![
            global_dir.join("config.json"),
            config::project_config_path(&project),
            explicit_list.clone()
        ]
    );
    assert_eq!(
        with_project,
        load_search(home, Some(&project), Some(&explicit_list)).unwrap()
    );
    let nowhere = root.join("no-such-home");
    assert_eq!(
        load_search_sources(nowhere.to_str().unwrap(), None, None)
            .unwrap()
            .1,
        Vec::<std::path::PathBuf>::new()
    );

    let nothing = load_search(root.join("no-such-home").to_str().unwrap(), None, None).unwrap();
    assert_eq!(nothing.into_parts(), (vec![], Ask));
    let _ = std::fs::remove_dir_all(&root);
}

/// POL-CONFIG-9, POL-RULE-2: the example policy starts with `"*": "ask"`, keeps
/// its specific rules last, and decides as its design says.
#[test]
fn pol_config_9_example_policy() {
    let policy = example_policy().unwrap();
    assert_eq!(policy.rules().first(), rules(&[("*", Ask)]).first());
    assert_eq!(policy.fallback(), Ask);
    let rows = [
        ("git status", Allow),
        ("git diff --stat", Allow),
        ("git push origin main", Ask),
        ("git push --force origin main", Deny),
        ("git reset --hard HEAD~1", Deny),
        ("rm -rf /", Deny),
        ("rm old.txt", Ask),
        ("pnpm test", Allow),
        ("cd /repo", Allow),
        ("pnpm install --frozen-lockfile", Allow),
        ("npm run build", Allow),
        ("cargo test --all-features", Allow),
        ("cargo publish", Deny),
        ("cat README.md", Allow),
        ("cat .env", Deny),
        ("cat config/secrets.toml", Deny),
        ("cat ~/.ssh/id_rsa", Deny),
        ("curl https://example.com", Ask),
        ("sudo ls", Deny),
        ("github-cli", Ask),
    ];
    for (value, expected) in rows {
        assert_eq!(state_of(&policy, value), expected, "{value:?}");
    }
}

/// POL-CONFIG-10, POL-CONFIG-3: a policy built from a loaded config, in one
/// call, keeps the config's fallback: `"*": "allow"` still allows a command no
/// rule matches, and a `"*": "deny"` project file still denies.
#[test]
fn pol_config_10_loaded_policy_keeps_its_fallback() {
    use inner_cmd_spec::policy::Policy;
    let root = std::env::temp_dir().join(format!("inner-cmd-pol-config-10-{}", std::process::id()));
    let project = root.join("project");
    let project_dir = config::project_config_path(&project);
    std::fs::create_dir_all(project_dir.parent().unwrap()).unwrap();
    std::fs::write(
        &project_dir,
        r#"{"permission": {"*": "deny", "bash": {"git *": "allow"}}}"#,
    )
    .unwrap();
    let home = root.join("home");
    let home = home.to_str().unwrap();
    let loaded = Policy::load(home, Some(&project), None).unwrap();
    assert_eq!(loaded.fallback(), Deny);
    assert_eq!(loaded.gate("make install").state, Deny);
    assert_eq!(loaded.gate("git status").state, Allow);

    let config = parse_policy(r#"{"permission": {"*": "allow"}}"#, "c.json", home).unwrap();
    let built = Policy::from_config(config, home);
    assert_eq!(built.gate("anything at all").state, Allow);
    assert_eq!(built.gate("anything at all").matched_pattern, None);

    let nothing = Policy::load(home, None, None).unwrap();
    assert!(nothing.rules().is_empty());
    assert_eq!(nothing.gate("ls").state, Ask);
    let _ = std::fs::remove_dir_all(&root);
}
