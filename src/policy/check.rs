//! TODO: filled by the policy work (issue 3).
