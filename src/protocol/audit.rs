//! The crate's own pipeline as a layer of the audit protocol
//! (`inner-cmd serve --audit`, `AUDIT-12`; the protocol: `AUDIT-PROTO-*`).
//!
//! Approved exactly when the pipeline's outcome is `allow` (chapter 8)
//! under the chosen profile and policy.

use std::io::{self, BufRead, Write};

use serde_json::{json, Value};

use super::server::{read_bounded_line, BoundedLine};
use super::MAX_LINE_BYTES;
use crate::hardened::Profile;
use crate::pipeline::{decide_profiled, Options};
use crate::policy::Policy;
use crate::shell_quote::shell_quote;
use crate::verdict::PermissionState;

/// The handshake line of `serve --audit` (`AUDIT-PROTO-1`).
#[must_use]
pub fn audit_handshake(profile: Profile) -> String {
    json!({
        "audit": 1,
        "layer": format!("inner-cmd-spec {}", profile.name()),
        "version": env!("CARGO_PKG_VERSION"),
    })
    .to_string()
}

/// The answer to one request line (`AUDIT-PROTO-2`, `AUDIT-PROTO-3`).
#[must_use]
pub fn answer_audit_line(line: &[u8], policy: &Policy, profile: Profile) -> String {
    let request: Value = match serde_json::from_slice(line) {
        Ok(request) => request,
        Err(error) => {
            return json!({"id": null, "error": format!("not JSON: {error}")}).to_string()
        }
    };
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    match command_of(&request) {
        Ok(command) => {
            let outcome = decide_profiled(policy, &command, &Options::default(), profile);
            json!({"id": id, "approved": outcome.outcome == PermissionState::Allow}).to_string()
        }
        Err(why) => json!({"id": id, "error": why}).to_string(),
    }
}

/// The command of an `approve` request: its `command`, or its `argv`
/// (`["bash", "-c", SCRIPT]` is the script; any other argv is joined,
/// shell-quoted).
fn command_of(request: &Value) -> Result<String, String> {
    if request.get("op").and_then(Value::as_str) != Some("approve") {
        return Err("the only operation is \"approve\"".to_owned());
    }
    if let Some(command) = request.get("command") {
        return command
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| "\"command\" must be a string".to_owned());
    }
    let argv: Vec<&str> = request
        .get("argv")
        .and_then(Value::as_array)
        .and_then(|argv| argv.iter().map(Value::as_str).collect())
        .ok_or_else(|| {
            "an approve request needs \"command\" or an \"argv\" of strings".to_owned()
        })?;
    match argv.as_slice() {
        ["bash" | "sh", "-c" | "-lc", script] => Ok((*script).to_owned()),
        [] => Err("\"argv\" is empty".to_owned()),
        words => Ok(words
            .iter()
            .map(|w| shell_quote(w))
            .collect::<Vec<_>>()
            .join(" ")),
    }
}

/// Serves the audit protocol until end of input (`AUDIT-12`).
///
/// # Errors
/// Only I/O errors of `input` or `output`.
pub fn serve_audit<R: BufRead, W: Write>(
    mut input: R,
    mut output: W,
    policy: &Policy,
    profile: Profile,
) -> io::Result<()> {
    writeln!(output, "{}", audit_handshake(profile))?;
    output.flush()?;
    while let Some(line) = read_bounded_line(&mut input, MAX_LINE_BYTES)? {
        let answer = match line {
            BoundedLine::Complete(bytes) => answer_audit_line(&bytes, policy, profile),
            BoundedLine::TooLong => json!({"id": null, "error": "line too long"}).to_string(),
        };
        writeln!(output, "{answer}")?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Rule;

    fn policy() -> Policy {
        let rule = |pattern: &str, state| Rule {
            pattern: pattern.into(),
            state,
        };
        Policy::new(
            vec![
                rule("*", PermissionState::Ask),
                rule("ls *", PermissionState::Allow),
            ],
            "/home/u",
        )
    }

    /// AUDIT-12, AUDIT-PROTO-2, AUDIT-PROTO-3: approved exactly when the
    /// pipeline allows; both forms; a bad request is an error answer.
    #[test]
    fn audit_12_approves_what_the_pipeline_allows() {
        let p = policy();
        let answer = |line: &str| -> Value {
            serde_json::from_str(&answer_audit_line(line.as_bytes(), &p, Profile::Deployed))
                .unwrap()
        };
        assert_eq!(
            answer(r#"{"id":1,"op":"approve","command":"ls -l"}"#),
            json!({"id": 1, "approved": true})
        );
        assert_eq!(
            answer(r#"{"id":2,"op":"approve","command":"ls; git push"}"#),
            json!({"id": 2, "approved": false})
        );
        assert_eq!(
            answer(r#"{"id":3,"op":"approve","argv":["bash","-c","ls"]}"#),
            json!({"id": 3, "approved": true})
        );
        assert_eq!(
            answer(r#"{"id":4,"op":"approve","argv":["ls","a b"]}"#),
            json!({"id": 4, "approved": true})
        );
        for bad in [
            r#"{"id":5,"op":"match","command":"ls"}"#,
            r#"{"id":5,"op":"approve","command":1}"#,
            r#"{"id":5,"op":"approve","argv":[]}"#,
            r#"{"id":5,"op":"approve"}"#,
        ] {
            assert!(answer(bad)["error"].is_string(), "{bad}");
        }
        assert!(answer("nope")["error"].is_string());
        let hardened = answer_audit_line(
            br#"{"id":6,"op":"approve","command":"ls # \\\ngit push"}"#,
            &p,
            Profile::Hardened,
        );
        assert_eq!(hardened, json!({"id": 6, "approved": false}).to_string());
    }
}
