//! Home-directory expansion of patterns (`POL-MATCH-2`), with Node's POSIX
//! `path.join` / `path.normalize` written out, because the deployed package
//! expands `~/x` with `path.join(homedir(), "x")` and that call normalizes.
//!
//! The home directory is always an explicit argument: nothing here reads the
//! environment, so the same policy gives the same answer on every machine.

use std::borrow::Cow;

/// The home directory of generated and fuzzed policies: fixed, so that a
/// case gets the same answer on every machine.
pub const EXAMPLE_HOME: &str = "/home/u";

/// Expands a leading `~` / `$HOME` of `pattern` the way the package does (`POL-MATCH-2`).
///
/// Exactly `~` or `$HOME` becomes `home` verbatim (not normalized). A pattern
/// starting with `~/`, `~\`, `$HOME/` or `$HOME\` becomes
/// `posix_join(home, rest)` where `rest` follows that two- or six-character
/// prefix (so on POSIX `~\a` is `<home>/a`). Anything else is unchanged.
#[must_use]
pub fn expand_home<'a>(pattern: &'a str, home: &str) -> Cow<'a, str> {
    if pattern == "~" || pattern == "$HOME" {
        return Cow::Owned(home.to_owned());
    }
    let rest = ["~/", "~\\", "$HOME/", "$HOME\\"]
        .iter()
        .find_map(|prefix| pattern.strip_prefix(prefix));
    match rest {
        Some(rest) => Cow::Owned(posix_join(&[home, rest])),
        None => Cow::Borrowed(pattern),
    }
}

/// Node's `path.posix.join(...parts)`: empty parts are dropped, the rest are
/// joined with `/` and normalized; nothing left gives `"."`.
#[must_use]
pub fn posix_join(parts: &[&str]) -> String {
    let joined = parts
        .iter()
        .filter(|part| !part.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join("/");
    if joined.is_empty() {
        return ".".to_owned();
    }
    posix_normalize(&joined)
}

/// Node's `path.posix.normalize(path)`.
///
/// Repeated slashes collapse, `.` segments vanish, `..` removes the previous
/// segment (above the root of an absolute path it vanishes; in a relative
/// path it stays), and one trailing slash is kept. An empty result is `/`
/// for an absolute path, otherwise `./` or `.` depending on the trailing slash.
#[must_use]
pub fn posix_normalize(path: &str) -> String {
    if path.is_empty() {
        return ".".to_owned();
    }
    let absolute = path.starts_with('/');
    let trailing_slash = path.ends_with('/');
    let mut segments: Vec<&str> = Vec::new();
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                if segments.last().is_some_and(|last| *last != "..") {
                    segments.pop();
                } else if !absolute {
                    segments.push("..");
                }
            }
            other => segments.push(other),
        }
    }
    let body = segments.join("/");
    if body.is_empty() {
        return match (absolute, trailing_slash) {
            (true, _) => "/".to_owned(),
            (false, true) => "./".to_owned(),
            (false, false) => ".".to_owned(),
        };
    }
    let mut out = String::with_capacity(body.len() + 2);
    if absolute {
        out.push('/');
    }
    out.push_str(&body);
    if trailing_slash {
        out.push('/');
    }
    out
}
