//! # Why ECMAScript meaning, re-implemented
//!
//! The deployed authorizer is TypeScript, and its grammars are ECMAScript
//! regular expressions without flags. A port that pastes the same pattern into
//! another regex engine gets a *different grammar*:
//!
//! | construct | ECMAScript | Rust `regex` default |
//! |---|---|---|
//! | `.` | any code unit but LF, CR, U+2028, U+2029 | any scalar but LF |
//! | `\s` | 25 code points incl. U+FEFF, excl. U+0085 | Unicode `White_Space` (incl. U+0085, excl. U+FEFF) |
//! | `$` (no `m`) | end of input only | end of input only |
//! | lookahead `(?!…)` | supported | unsupported |
//!
//! The differences are exactly at the characters an adversary reaches for: a
//! NEXT LINE (U+0085) between `time` and its operand is whitespace to a Rust
//! `\s` and a word character to ECMAScript and to bash's tokenizer; a CR is
//! invisible in most terminals and ends a `.`-run in ECMAScript only.
//!
//! The crate therefore defines the character classes once, in
//! [`crate::ecma`], and builds both implementations of each grammar on them:
//! the `fancy-regex` transcription spells `.` and `\s` as explicit classes, and
//! the hand-written recognizer calls the same predicates.
//!
//! Backtracking is part of the meaning, not an implementation detail:
//! `timeout 30s` followed by two spaces *is* a recognized wrapper whose inner
//! command is one space, because `[ \t]+` gives a space back so that `(.+)` can
//! match. A linear recognizer must reproduce that, which is why the two
//! implementations are held equal by a fuzz target and not only by examples.
