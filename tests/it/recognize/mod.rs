//! Chapter 3: the wrapper grammars, recognizer against transcription and against Node.

mod differential;
mod grammar;
mod node_vectors;
