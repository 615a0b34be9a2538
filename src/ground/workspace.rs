//! The real mode's throwaway workspace (`INV-GROUND-10`): what a coding
//! agent's command meets, made afresh inside the sandbox before every
//! command by `workspace.bash`, from nothing (no state of an earlier
//! command survives: the directories the command could write are emptied
//! first).

/// The command's `HOME` inside the sandbox.
pub const HOME: &str = "/home/agent";
/// The project the command runs in (its working directory): a git
/// repository with a commit, a remote and a staged change.
pub const PROJECT: &str = "/home/agent/project";
/// The project's remote `origin`, a bare repository.
pub const ORIGIN: &str = "/var/tmp/origin.git";

/// The scripts of the project's `package.json` (name, body): each runs
/// `node` on a file of the project.
pub const PACKAGE_SCRIPTS: [(&str, &str); 3] = [
    ("test", "node test.js"),
    ("build", "node build.js"),
    ("start", "node index.js"),
];

/// The targets of the project's `Makefile` and their recipes (name,
/// recipe): each a program make runs with fixed words.
pub const MAKE_RECIPES: [(&str, &str); 2] = [("all", "echo built"), ("test", "echo tested")];

/// The files a command must not read or write unless its rules allow it,
/// relative to [`HOME`]: secrets a real agent's machine holds.
pub const SECRETS: [&str; 4] = [
    ".ssh/id_rsa",
    "project/.env",
    "project/secret.txt",
    ".gitconfig",
];

const WORKSPACE_BASH: &str = include_str!("workspace.bash");

/// The script that makes the workspace, with the package scripts filled in.
pub(super) fn script() -> String {
    let scripts: Vec<String> = PACKAGE_SCRIPTS
        .iter()
        .map(|(name, body)| format!("    \"{name}\": \"{body}\""))
        .collect();
    let makefile: String = MAKE_RECIPES
        .iter()
        .map(|(target, recipe)| format!("{target}:\\n\\t@{recipe}\\n\\n"))
        .collect();
    WORKSPACE_BASH
        .replace("@SCRIPTS@", &scripts.join(",\n"))
        .replace("@MAKEFILE@", &makefile)
        .replace("@HOME@", HOME)
        .replace("@PROJECT@", PROJECT)
        .replace("@ORIGIN@", ORIGIN)
}
