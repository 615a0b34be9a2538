//! Policy files through the package's search and merge, with expectations
//! from the real npm package `@gotgenes/pi-permission-system@20.7.3`: each
//! accepted case was written to a temporary global/project config, loaded by
//! the package's `PermissionManager` (Node 20, runtime import stubbed), and its
//! composed rules (those whose surface key matches `bash`), its default state
//! and its `evaluate("bash", value)` answers were recorded here.

use std::path::{Path, PathBuf};

use inner_cmd_spec::policy::config::{load_search, BashPolicy};
use inner_cmd_spec::policy::matcher::RuleSet;
use inner_cmd_spec::verdict::PermissionState::{self, Allow, Ask, Deny};

/// A case the package accepted, and what it made of it.
struct Accepted {
    label: &'static str,
    global: Option<&'static str>,
    project: Option<&'static str>,
    fallback: PermissionState,
    rules: &'static [(&'static str, PermissionState)],
    /// (value, state, deciding pattern; `None` = the fallback decided)
    decisions: &'static [(&'static str, PermissionState, Option<&'static str>)],
}

const ACCEPTED: &[Accepted] = &[
    Accepted {
        label: "merge",
        global: Some("{\"permission\":{\"*\":\"ask\",\"bash\":{\"*\":\"ask\",\"git *\":\"allow\",\"rm *\":\"deny\"}}}"),
        project: Some("{\"permission\":{\"bash\":{\"git *\":\"deny\",\"npm *\":\"allow\"}}}"),
        fallback: Ask,
        rules: &[("*", Ask), ("git *", Deny), ("rm *", Deny), ("npm *", Allow)],
        decisions: &[("git status", Deny, Some("git *")), ("npm test", Allow, Some("npm *")), ("ls", Ask, Some("*"))],
    },
    Accepted {
        label: "string replaces object",
        global: Some("{\"permission\":{\"bash\":{\"rm *\":\"deny\"},\"read\":\"allow\"}}"),
        project: Some("{\"permission\":{\"bash\":\"allow\"}}"),
        fallback: Ask,
        rules: &[("*", Allow)],
        decisions: &[("rm -rf /", Allow, Some("*"))],
    },
    Accepted {
        label: "object replaces string",
        global: Some("{\"permission\":{\"bash\":\"deny\"}}"),
        project: Some("{\"permission\":{\"bash\":{\"git *\":\"allow\"}}}"),
        fallback: Ask,
        rules: &[("git *", Allow)],
        decisions: &[("git x", Allow, Some("git *")), ("ls", Ask, None)],
    },
    Accepted {
        label: "universal allow",
        global: Some("{\"permission\":{\"*\":\"allow\",\"bash\":{\"rm *\":\"deny\"}}}"),
        project: None,
        fallback: Allow,
        rules: &[("rm *", Deny)],
        decisions: &[("ls", Allow, None), ("rm x", Deny, Some("rm *"))],
    },
    Accepted {
        label: "universal after bash",
        global: Some("{\"permission\":{\"bash\":{\"rm *\":\"deny\"},\"*\":\"allow\"}}"),
        project: None,
        fallback: Allow,
        rules: &[("rm *", Deny)],
        decisions: &[("ls", Allow, None), ("rm x", Deny, Some("rm *"))],
    },
    Accepted {
        label: "surface globs",
        global: Some("{\"permission\":{\"bash\":{\"rm *\":\"deny\"},\"b*\":{\"rm *\":\"allow\"},\"read\":{\"ls\":\"deny\"},\"*sh\":{\"ls\":\"allow\"},\"b?sh\":\"ask\"}}"),
        project: None,
        fallback: Ask,
        rules: &[("rm *", Deny), ("rm *", Allow), ("ls", Allow), ("*", Ask)],
        decisions: &[("rm x", Ask, Some("*")), ("ls", Ask, Some("*")), ("cat", Ask, Some("*"))],
    },
    Accepted {
        label: "star object",
        global: Some("{\"permission\":{\"*\":{\"ls\":\"allow\"}}}"),
        project: None,
        fallback: Ask,
        rules: &[],
        decisions: &[("ls", Ask, None)],
    },
    Accepted {
        label: "jsonc",
        global: Some("// c\n{\"permission\":{/* x */\"bash\":{\"ls\":\"allow\"}}}"),
        project: None,
        fallback: Ask,
        rules: &[("ls", Allow)],
        decisions: &[("ls", Allow, Some("ls"))],
    },
    Accepted {
        label: "deny reason",
        global: Some("{\"permission\":{\"bash\":{\"rm *\":{\"action\":\"deny\",\"reason\":\"no\"}}}}"),
        project: None,
        fallback: Ask,
        rules: &[("rm *", Deny)],
        decisions: &[("rm x", Deny, Some("rm *"))],
    },
    Accepted {
        label: "dup keys",
        global: Some("{\"permission\":{\"bash\":{\"ls\":\"allow\",\"rm *\":\"deny\",\"ls\":\"deny\"}}}"),
        project: None,
        fallback: Ask,
        rules: &[("ls", Deny), ("rm *", Deny)],
        decisions: &[("ls", Deny, Some("ls"))],
    },
    Accepted {
        label: "bash empty object",
        global: Some("{\"permission\":{\"bash\":{}}}"),
        project: None,
        fallback: Ask,
        rules: &[],
        decisions: &[("ls", Ask, None)],
    },
    Accepted {
        label: "global star allow project bash star ask",
        global: Some("{\"permission\":{\"*\":\"allow\"}}"),
        project: Some("{\"permission\":{\"bash\":{\"*\":\"ask\"}}}"),
        fallback: Allow,
        rules: &[("*", Ask)],
        decisions: &[("ls", Ask, Some("*"))],
    },
    Accepted {
        label: "index keys",
        global: Some("{\"permission\":{\"bash\":{\"*\":\"ask\",\"10\":\"allow\",\"2\":\"deny\",\"01\":\"allow\",\"4294967294\":\"ask\",\"4294967295\":\"ask\",\"-1\":\"ask\"}}}"),
        project: None,
        fallback: Ask,
        rules: &[("2", Deny), ("10", Allow), ("4294967294", Ask), ("*", Ask), ("01", Allow), ("4294967295", Ask), ("-1", Ask)],
        decisions: &[("2", Ask, Some("*")), ("10", Ask, Some("*"))],
    },
    Accepted {
        label: "index keys merge",
        global: Some("{\"permission\":{\"bash\":{\"*\":\"ask\",\"7\":\"allow\"}}}"),
        project: Some("{\"permission\":{\"bash\":{\"x\":\"deny\",\"3\":\"deny\"}}}"),
        fallback: Ask,
        rules: &[("3", Deny), ("7", Allow), ("*", Ask), ("x", Deny)],
        decisions: &[],
    },
    Accepted {
        label: "surface b* only",
        global: Some("{\"permission\":{\"bash\":{\"rm *\":\"deny\"},\"b*\":{\"rm *\":\"allow\"}}}"),
        project: None,
        fallback: Ask,
        rules: &[("rm *", Deny), ("rm *", Allow)],
        decisions: &[("rm x", Allow, Some("rm *"))],
    },
    Accepted {
        label: "surface ~",
        global: Some("{\"permission\":{\"~\":{\"rm *\":\"allow\"},\"BASH\":{\"rm *\":\"allow\"}}}"),
        project: None,
        fallback: Ask,
        rules: &[],
        decisions: &[("rm x", Ask, None)],
    },
    Accepted {
        label: "string surface merge order",
        global: Some("{\"permission\":{\"bash\":\"deny\",\"read\":\"allow\"}}"),
        project: Some("{\"permission\":{\"write\":\"ask\",\"bash\":{\"ls\":\"allow\"}}}"),
        fallback: Ask,
        rules: &[("ls", Allow)],
        decisions: &[("ls", Allow, Some("ls"))],
    },
    Accepted {
        label: "int float",
        global: Some("{\"toolInputPreviewMaxLength\":1.0,\"permission\":{\"bash\":{\"ls\":\"allow\"}}}"),
        project: None,
        fallback: Ask,
        rules: &[("ls", Allow)],
        decisions: &[("ls", Allow, Some("ls"))],
    },
    Accepted {
        label: "shell tools",
        global: Some("{\"shellTools\":{\"x\":{\"commandArgument\":\"cmd\"}},\"$schema\":\"s\",\"debugLog\":false,\"piInfrastructureReadPaths\":[\"a\"],\"permission\":{\"bash\":{\"ls\":\"allow\"}}}"),
        project: None,
        fallback: Ask,
        rules: &[("ls", Allow)],
        decisions: &[("ls", Allow, Some("ls"))],
    },
    Accepted {
        label: "every setting, yolo mode off",
        global: Some("{\"$schema\":\"s\",\"debugLog\":true,\"permissionReviewLog\":false,\"doublePressToConfirm\":true,\"yoloMode\":false,\"toolInputPreviewMaxLength\":200,\"toolTextSummaryMaxLength\":1,\"piInfrastructureReadPaths\":[],\"shellTools\":{\"exec_command\":{\"commandArgument\":\"cmd\",\"workdirArgument\":\"workdir\"}},\"permission\":{\"bash\":{\"ls\":\"allow\"}}}"),
        project: None,
        fallback: Ask,
        rules: &[("ls", Allow)],
        decisions: &[("ls", Allow, Some("ls")), ("rm x", Ask, None)],
    },
    Accepted {
        label: "single quote comment",
        global: Some("{\"permission\":{\"bash\":{\"ls\":\"allow\"}}} // 'x\n"),
        project: None,
        fallback: Ask,
        rules: &[("ls", Allow)],
        decisions: &[("ls", Allow, Some("ls"))],
    },
    Accepted {
        label: "comment markers inside strings",
        global: Some("{\"permission\":{\"bash\":{\"curl http://x/*\":\"deny\",\"echo /* hi */\":\"allow\"}}} // end"),
        project: None,
        fallback: Ask,
        rules: &[("curl http://x/*", Deny), ("echo /* hi */", Allow)],
        decisions: &[("curl http://x/a", Deny, Some("curl http://x/*")), ("echo /* hi */", Allow, Some("echo /* hi */")), ("echo", Ask, None)],
    },
    Accepted {
        label: "unterminated block comment",
        global: Some("{\"permission\":{\"bash\":{\"ls\":\"allow\"}}} /* open"),
        project: None,
        fallback: Ask,
        rules: &[("ls", Allow)],
        decisions: &[("ls", Allow, Some("ls"))],
    },
    Accepted {
        label: "no permission key",
        global: Some("{\"$schema\":\"x\",\"debugLog\":true}"),
        project: None,
        fallback: Ask,
        rules: &[],
        decisions: &[("ls", Ask, None)],
    },
    Accepted {
        label: "star map ignored, star string later wins",
        global: Some("{\"permission\":{\"*\":{\"ls\":\"deny\"}}}"),
        project: Some("{\"permission\":{\"*\":\"allow\"}}"),
        fallback: Allow,
        rules: &[],
        decisions: &[("ls", Allow, None)],
    },
    Accepted {
        label: "star string replaced by map",
        global: Some("{\"permission\":{\"*\":\"allow\"}}"),
        project: Some("{\"permission\":{\"*\":{\"ls\":\"deny\"}}}"),
        fallback: Ask,
        rules: &[],
        decisions: &[("ls", Ask, None)],
    },
    Accepted {
        label: "project adds surface before bash key order",
        global: Some("{\"permission\":{\"read\":\"allow\"}}"),
        project: Some("{\"permission\":{\"b*\":{\"ls\":\"deny\"},\"bash\":{\"ls\":\"allow\"}}}"),
        fallback: Ask,
        rules: &[("ls", Deny), ("ls", Allow)],
        decisions: &[("ls", Allow, Some("ls"))],
    },
    Accepted {
        label: "escaped quote in pattern",
        global: Some("{\"permission\":{\"bash\":{\"echo \\\"//\\\" *\":\"allow\"}}}"),
        project: None,
        fallback: Ask,
        rules: &[("echo \"//\" *", Allow)],
        decisions: &[("echo \"//\" x", Allow, Some("echo \"//\" *"))],
    },
    Accepted {
        label: "deny object with reason",
        global: Some("{\"permission\":{\"bash\":{\"*\":\"allow\",\"rm *\":{\"action\":\"deny\",\"reason\":\"use trash\"}}}}"),
        project: None,
        fallback: Ask,
        rules: &[("*", Allow), ("rm *", Deny)],
        decisions: &[("rm x", Deny, Some("rm *")), ("ls", Allow, Some("*"))],
    },
    Accepted {
        label: "home patterns kept verbatim",
        global: Some("{\"permission\":{\"bash\":{\"~/bin/*\":\"allow\"}}}"),
        project: None,
        fallback: Ask,
        rules: &[("~/bin/*", Allow)],
        decisions: &[("~/bin/x", Ask, None)],
    },
];

/// A fresh directory tree: `<root>/home` (the home) and `<root>/proj` (the cwd).
fn scratch(label: &str, global: Option<&str>, project: Option<&str>) -> (PathBuf, PathBuf) {
    let slug: String = label
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let root = std::env::temp_dir().join(format!("inner-cmd-config-{}-{slug}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (home, cwd) = (root.join("home"), root.join("proj"));
    let global_dir = home.join(".pi/agent/extensions/pi-permission-system");
    let project_dir = cwd.join(".pi/extensions/pi-permission-system");
    std::fs::create_dir_all(&global_dir).unwrap();
    std::fs::create_dir_all(&project_dir).unwrap();
    if let Some(text) = global {
        std::fs::write(global_dir.join("config.json"), text).unwrap();
    }
    if let Some(text) = project {
        std::fs::write(project_dir.join("config.json"), text).unwrap();
    }
    (home, cwd)
}

fn decide(policy: &BashPolicy, home: &Path, value: &str) -> (PermissionState, Option<String>) {
    let set = RuleSet::new(policy.rules(), home.to_str().unwrap());
    match set.last_match(value) {
        Some(i) => (
            policy.rules()[i].state,
            Some(policy.rules()[i].pattern.clone()),
        ),
        None => (policy.fallback(), None),
    }
}

/// POL-CONFIG-1, POL-CONFIG-2, POL-CONFIG-3, POL-CONFIG-4, POL-CONFIG-5, POL-RULE-3:
/// rule order, surface selection, fallback, search and merge agree with the package.
#[test]
fn pol_config_package_verified_table() {
    for case in ACCEPTED {
        let (home, cwd) = scratch(case.label, case.global, case.project);
        let policy = load_search(home.to_str().unwrap(), Some(&cwd), None)
            .unwrap_or_else(|e| panic!("{}: {e}", case.label));
        let rules: Vec<(&str, PermissionState)> = policy
            .rules()
            .iter()
            .map(|r| (r.pattern.as_str(), r.state))
            .collect();
        assert_eq!(rules, case.rules, "{}: rules", case.label);
        assert_eq!(policy.fallback(), case.fallback, "{}: fallback", case.label);
        for &(value, state, pattern) in case.decisions {
            let got = decide(&policy, &home, value);
            assert_eq!(
                got,
                (state, pattern.map(str::to_owned)),
                "{}: {value:?}",
                case.label
            );
        }
        let _ = std::fs::remove_dir_all(home.parent().unwrap());
    }
}
