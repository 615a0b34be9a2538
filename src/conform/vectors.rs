//! Loading conformance vector files (format v1, `spec/schema/vectors.schema.json`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One vector file, `spec/vectors/<chapter>.json`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VectorFile {
    /// The file name without `.json`: the first half of every vector id.
    #[serde(skip)]
    pub stem: String,
    /// The spec version the vectors were written against.
    pub spec_version: String,
    /// The spec chapter the file covers.
    pub chapter: String,
    /// What the file tests.
    #[serde(default)]
    pub description: String,
    /// How many tests the file declares; checked against the groups on load.
    pub number_of_tests: usize,
    /// Meaning of each flag used by the tests.
    #[serde(default)]
    pub notes: Map<String, Value>,
    /// The groups of tests, each for one operation.
    pub test_groups: Vec<TestGroup>,
}

/// Tests that share one operation and common request fields.
#[derive(Debug, Clone, Deserialize)]
pub struct TestGroup {
    /// The protocol operation every test of the group sends.
    pub op: String,
    /// Request fields common to the group; a test's own fields override them.
    #[serde(default)]
    pub shared: Map<String, Value>,
    /// The tests.
    pub tests: Vec<VectorTest>,
}

/// One test of a group, as written in the file.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VectorTest {
    /// Unique within its file; the second half of the vector id.
    pub tc_id: u64,
    /// Why the case exists.
    #[serde(default)]
    pub comment: String,
    /// Flags, explained in the file's `notes`.
    #[serde(default)]
    pub flags: Vec<String>,
    /// The spec clauses the case exercises.
    pub clauses: Vec<String>,
    /// The request fields of this test.
    #[serde(default)]
    pub request: Map<String, Value>,
    /// What the response must contain (`CONF-RUN-4`).
    pub expected: Map<String, Value>,
    /// Latitudes granted to this test.
    #[serde(default)]
    pub latitude: Vec<Latitude>,
}

/// An allowed difference in a response (closed list, `CONF-RUN-5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Latitude {
    /// In events named `inner_cmd.exception`, `details.error` may be any string.
    #[serde(rename = "exception-message")]
    ExceptionMessage,
}

/// One runnable case: a test with its full request assembled (`CONF-RUN-3`).
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    /// `<file stem>/<tcId>`.
    pub id: String,
    /// The `chapter` of its vector file (`CONF-RUN-12`).
    pub chapter: String,
    /// The clauses the case exercises.
    pub clauses: Vec<String>,
    /// Why the case exists.
    pub comment: String,
    /// `{"op": …} ∪ shared ∪ request`, without the runner's `id`.
    pub request: Map<String, Value>,
    /// The expected response fields.
    pub expected: Map<String, Value>,
    /// Its latitudes.
    pub latitude: Vec<Latitude>,
}

impl Case {
    /// The profile the case is written for: its request's `profile` member,
    /// `deployed` when it has none (`CONF-RUN-16`, `HARD-1`).
    #[must_use]
    pub fn profile(&self) -> &str {
        self.request
            .get("profile")
            .and_then(Value::as_str)
            .unwrap_or("deployed")
    }
}

impl VectorFile {
    /// Every test of the file as a runnable case, in file order (`CONF-RUN-3`).
    #[must_use]
    pub fn cases(&self) -> Vec<Case> {
        let mut cases = Vec::new();
        for group in &self.test_groups {
            for test in &group.tests {
                let mut request = Map::new();
                request.insert("op".into(), Value::from(group.op.clone()));
                for (key, value) in group.shared.iter().chain(&test.request) {
                    request.insert(key.clone(), value.clone());
                }
                cases.push(Case {
                    id: format!("{}/{}", self.stem, test.tc_id),
                    chapter: self.chapter.clone(),
                    clauses: test.clauses.clone(),
                    comment: test.comment.clone(),
                    request,
                    expected: test.expected.clone(),
                    latitude: test.latitude.clone(),
                });
            }
        }
        cases
    }
}

/// Why a vector directory could not be loaded.
#[derive(Debug)]
#[non_exhaustive]
pub enum LoadError {
    /// A file or the directory could not be read.
    Io {
        /// The path.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A file is not a vector file (bad JSON or a wrong shape).
    Parse {
        /// The path.
        path: PathBuf,
        /// The parser's reason.
        message: String,
    },
    /// A file parsed but is inconsistent (duplicate `tcId`, wrong `numberOfTests`).
    Invalid {
        /// The path.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Self::Parse { path, message } | Self::Invalid { path, message } => {
                write!(f, "{}: {message}", path.display())
            }
        }
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io { source, .. } => Some(source),
            Self::Parse { .. } | Self::Invalid { .. } => None,
        }
    }
}

/// Loads every `*.json` file directly in `dir`, sorted by name (`CONF-RUN-3`).
///
/// # Errors
/// The directory or a file cannot be read, a file is not a vector file, or a
/// file is inconsistent: a duplicate `tcId`, or `numberOfTests` not equal to
/// the number of tests.
pub fn load_vectors(dir: &Path) -> Result<Vec<VectorFile>, LoadError> {
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| LoadError::Io { path, source }
    };
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io_error(dir))? {
        let path = entry.map_err(io_error(dir))?.path();
        if path.is_file() && path.extension().is_some_and(|ext| ext == "json") {
            paths.push(path);
        }
    }
    paths.sort();
    paths.iter().map(|path| load_file(path)).collect()
}

/// Loads and checks one vector file.
///
/// # Errors
/// As [`load_vectors`].
pub fn load_file(path: &Path) -> Result<VectorFile, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let stem = path
        .file_stem()
        .and_then(|stem| stem.to_str())
        .unwrap_or_default();
    parse_file(&text, stem, path)
}

/// Parses and checks the text of one vector file whose file stem is `stem`;
/// `path` only names it in errors (`CONF-RUN-3`).
///
/// # Errors
/// As [`load_vectors`], apart from reading.
pub fn parse_file(text: &str, stem: &str, path: &Path) -> Result<VectorFile, LoadError> {
    let mut file: VectorFile = serde_json::from_str(text).map_err(|error| LoadError::Parse {
        path: path.to_path_buf(),
        message: error.to_string(),
    })?;
    stem.clone_into(&mut file.stem);
    let invalid = |message: String| LoadError::Invalid {
        path: path.to_path_buf(),
        message,
    };
    let mut seen = BTreeSet::new();
    let mut count = 0;
    for test in file.test_groups.iter().flat_map(|group| &group.tests) {
        count += 1;
        if !seen.insert(test.tc_id) {
            return Err(invalid(format!("duplicate tcId {}", test.tc_id)));
        }
    }
    if count != file.number_of_tests {
        return Err(invalid(format!(
            "numberOfTests is {} but the file has {count} tests",
            file.number_of_tests
        )));
    }
    Ok(file)
}
