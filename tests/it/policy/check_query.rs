//! The reference policy as a `PermissionQuery` (spec §7.5, `POL-CHECK-9`).

use inner_cmd_spec::policy::Policy;
use inner_cmd_spec::query::{PermissionQuery, QueryError};
use inner_cmd_spec::verdict::PermissionState;

/// (surface, value, agent, expected answer).
type QueryRow = (
    &'static str,
    &'static str,
    Option<&'static str>,
    Result<PermissionState, QueryError>,
);

fn policy() -> Policy {
    crate::support::policy(
        &[
            ("*", PermissionState::Allow),
            ("rm *", PermissionState::Deny),
        ],
        "/home/user",
    )
}

/// POL-CHECK-9: surface `bash` answers the advisory state (untrimmed value),
/// for any agent; any other surface is an UnsupportedSurface error.
#[test]
fn pol_check_9_query_table() {
    let policy = policy();
    // (surface, value, agent, expected) — states from upstream.md §5 steps 4–7.
    let rows: [QueryRow; 6] = [
        ("bash", "ls && rm -rf /", None, Ok(PermissionState::Deny)),
        ("bash", "ls", Some("agent-a"), Ok(PermissionState::Allow)),
        ("bash", "sudo ls", None, Ok(PermissionState::Ask)),
        ("bash", "> out", None, Ok(PermissionState::Ask)),
        (
            "read",
            "ls",
            None,
            Err(QueryError::UnsupportedSurface("read".to_owned())),
        ),
        (
            "Bash",
            "ls",
            None,
            Err(QueryError::UnsupportedSurface("Bash".to_owned())),
        ),
    ];
    for (surface, value, agent, want) in rows {
        assert_eq!(
            policy.check(surface, value, agent),
            want,
            "{surface} {value:?}"
        );
        if surface == "bash" {
            assert_eq!(Ok(policy.advisory(value).state), want, "{value:?}");
        }
    }
}
