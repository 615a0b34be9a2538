//! The vectors built into the crate (`CONF-RUN-3`): `spec/vectors/*.json` as
//! they were when the crate was compiled, embedded by `build.rs`, so that the
//! runner needs no checkout.

use std::path::Path;

use super::vectors::{parse_file, LoadError, VectorFile};

/// `(file name, contents)` of every `spec/vectors/*.json`, in file-name order.
const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/builtin_vectors.rs"));

/// The names of the built-in vector files, in order (`wrap.json`, …).
#[must_use]
pub fn file_names() -> Vec<&'static str> {
    FILES.iter().map(|(name, _)| *name).collect()
}

/// Parses and checks the built-in vector files, as [`super::load_vectors`]
/// does a directory; errors name the file as `built-in spec/vectors/<name>`.
///
/// # Errors
/// A built-in file is not a valid vector file (a build from a broken tree).
pub fn builtin_vectors() -> Result<Vec<VectorFile>, LoadError> {
    FILES
        .iter()
        .map(|(name, text)| {
            let stem = name.strip_suffix(".json").unwrap_or(name);
            let label = Path::new("built-in spec/vectors").join(name);
            parse_file(text, stem, &label)
        })
        .collect()
}
