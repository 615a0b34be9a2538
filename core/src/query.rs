//! The policy query the authorizer makes (spec chapter 6, `VERDICT-3`).
//!
//! The trait lives at the bottom of the crate so that the authorizer (which
//! asks) and the reference policy (which answers) both depend on it and
//! neither depends on the other.

use crate::verdict::PermissionState;

/// The only surface this spec ever queries.
pub const BASH_SURFACE: &str = "bash";

/// A deterministic permission policy that can be asked about one value.
pub trait PermissionQuery {
    /// Asks the policy about `value` on `surface` for `agent` (`None`: no agent).
    ///
    /// # Errors
    /// Any failure to answer. The authorizer treats it as "defer" (`AUTH-*`).
    fn check(
        &self,
        surface: &str,
        value: &str,
        agent: Option<&str>,
    ) -> Result<PermissionState, QueryError>;
}

impl<Q: PermissionQuery + ?Sized> PermissionQuery for &Q {
    fn check(
        &self,
        surface: &str,
        value: &str,
        agent: Option<&str>,
    ) -> Result<PermissionState, QueryError> {
        (**self).check(surface, value, agent)
    }
}

/// A policy query that failed; the authorizer defers on it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum QueryError {
    /// The policy could not be evaluated; the message says why.
    Failed(String),
    /// The query named a surface this policy does not judge.
    UnsupportedSurface(String),
}

impl std::fmt::Display for QueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Failed(message) => write!(f, "policy query failed: {message}"),
            Self::UnsupportedSurface(surface) => {
                write!(f, "policy query on unsupported surface {surface:?}")
            }
        }
    }
}

impl std::error::Error for QueryError {}

/// A [`PermissionQuery`] made from a closure, for examples and tests.
///
/// (A blanket impl for every `Fn` would overlap with the impl for `&Q`.)
#[derive(Debug, Clone, Copy)]
pub struct FnQuery<F>(pub F);

impl<F> PermissionQuery for FnQuery<F>
where
    F: Fn(&str, &str, Option<&str>) -> Result<PermissionState, QueryError>,
{
    fn check(
        &self,
        surface: &str,
        value: &str,
        agent: Option<&str>,
    ) -> Result<PermissionState, QueryError> {
        (self.0)(surface, value, agent)
    }
}
