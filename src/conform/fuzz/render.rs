//! The readable account of a divergence (`CONF-FUZZ-3`).

use serde_json::Value;

use super::{shrink, Divergence};

/// The readable account of a divergence (`CONF-FUZZ-3`): the shrunk
/// request as one line to send the implementation (with an `id`), both
/// answers, the difference, and the vector file with the command that reruns it.
#[must_use]
pub fn render_divergence(
    found: &Divergence,
    cases: u64,
    seed: u64,
    implementation: &str,
) -> String {
    let mut request = found.request.clone();
    if let Value::Object(fields) = &mut request {
        fields.insert("id".into(), Value::from(1));
    }
    let theirs = match &found.implementation {
        Ok(response) => response.to_string(),
        Err(error) => format!("(no answer: {})", crate::conform::brief::printable(error)),
    };
    let out_dir = found
        .vector_file
        .parent()
        .map_or_else(|| ".".to_owned(), |dir| dir.display().to_string());
    format!(
        "divergence after {cases} cases (seed {seed}), shrunk from {} to {} characters\n\
         request:        {request}\n\
         reference:      {}\n\
         implementation: {theirs}\n\
         difference:     {}\n\
         vector file:    {} (rerun: inner-cmd conform --impl '{implementation}' --vectors {out_dir})\n",
        shrink::size(&found.original),
        shrink::size(&found.request),
        found.reference,
        crate::conform::brief::printable(&found.difference),
        found.vector_file.display(),
    )
}
