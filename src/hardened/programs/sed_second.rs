//! The second reading of a sed script (spec §12.12, `HARD-SUB-1`).
//!
//! [`super::sed`] reads a script by recursive descent over characters and
//! says whether it is in the admitted subset. This module reads the same
//! script again, written apart from it: bytes, one flat loop, each command's
//! argument shape taken from a table, and the details GNU sed 4.9 shows
//! with `--debug` (a `:` label ends at a blank, `;`, `#` or `}` and needs no
//! terminator after it; an unescaped newline ends every delimited part with
//! an error; `a`, `i`, `c` need text; `}` and `:` take no address). The two
//! readings each give the [`Step`]s of the script, and a script is admitted
//! only when both give the same steps: a `#`, a delimiter, a bracket
//! expression or a label that one reading takes for text and the other for
//! a command asks.

/// One command as a reading sees it: its letter, the byte offset of the
/// letter, and the offset just after its own text (its number, label,
/// text, or delimited parts and flags), trailing blanks excluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The command letter (`p`, `s`, `{`, …).
    pub letter: char,
    /// Byte offset of the letter in the script.
    pub at: usize,
    /// Byte offset after the command's own text, blanks trimmed.
    pub end: usize,
}

/// The steps of a command that spans `script[at..end]`: `end` moved back
/// over trailing blanks, never before the letter. Both readings use it, so
/// a step is defined once.
#[must_use]
pub fn step(script: &str, letter: char, at: usize, end: usize) -> Step {
    let bytes = script.as_bytes();
    let mut end = end.min(bytes.len());
    while end > at + letter.len_utf8() && matches!(bytes.get(end - 1), Some(b' ' | b'\t')) {
        end -= 1;
    }
    Step { letter, at, end }
}

/// How a command's own text is read after its letter.
#[derive(Clone, Copy)]
enum Shape {
    /// Nothing: `= d D g G h H x n N p P z F`.
    Bare,
    /// An optional number after blanks: `l q Q`.
    Number,
    /// `:label`: takes no address, needs a label, no terminator after.
    Label,
    /// `b t T`: an optional label.
    Jump,
    /// `a i c`: text to the end of the line.
    Text,
    /// `s/re/replacement/flags`.
    Substitute,
    /// `y/src/dst/`.
    Transliterate,
    /// `{`.
    Open,
    /// `}`: takes no address.
    Close,
}

/// The admitted commands and their shapes; any other letter (`e`, `r`,
/// `R`, `w`, `W`, `v`, `L`, …) is not read.
const SHAPES: &[(u8, Shape)] = &[
    (b'=', Shape::Bare),
    (b'd', Shape::Bare),
    (b'D', Shape::Bare),
    (b'g', Shape::Bare),
    (b'G', Shape::Bare),
    (b'h', Shape::Bare),
    (b'H', Shape::Bare),
    (b'x', Shape::Bare),
    (b'n', Shape::Bare),
    (b'N', Shape::Bare),
    (b'p', Shape::Bare),
    (b'P', Shape::Bare),
    (b'z', Shape::Bare),
    (b'F', Shape::Bare),
    (b'l', Shape::Number),
    (b'q', Shape::Number),
    (b'Q', Shape::Number),
    (b':', Shape::Label),
    (b'b', Shape::Jump),
    (b't', Shape::Jump),
    (b'T', Shape::Jump),
    (b'a', Shape::Text),
    (b'i', Shape::Text),
    (b'c', Shape::Text),
    (b's', Shape::Substitute),
    (b'y', Shape::Transliterate),
    (b'{', Shape::Open),
    (b'}', Shape::Close),
];

/// Flags of `s` that neither run nor write.
const INERT_FLAGS: &[u8] = b"gpiImM0123456789";

fn blank(b: Option<&u8>) -> bool {
    matches!(b, Some(b' ' | b'\t'))
}

fn skip_blanks(bytes: &[u8], mut i: usize) -> usize {
    while blank(bytes.get(i)) {
        i += 1;
    }
    i
}

fn digits(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    i
}

/// The end (after the closing delimiter) of a part delimited by `delim`
/// that starts at `i`; `brackets` for a regular expression, where a bracket
/// expression may hold the delimiter. An unescaped newline or the end of
/// the script is an error (GNU: "unterminated `s' command").
fn delimited(bytes: &[u8], mut i: usize, delim: u8, brackets: bool) -> Result<usize, usize> {
    loop {
        let b = *bytes.get(i).ok_or(i)?;
        if b == delim {
            return Ok(i + 1);
        }
        match b {
            b'\n' => return Err(i),
            b'\\' => {
                bytes.get(i + 1).ok_or(i)?;
                i += 2;
            }
            b'[' if brackets => i = bracket_close(bytes, i + 1)?,
            _ => i += 1,
        }
    }
}

/// After the `[` of a bracket expression at `i`: the offset after its `]`.
/// A `]` first (after an optional `^`) is a member; `[:`, `[.`, `[=` open a
/// class that ends at the matching `:]`, `.]`, `=]`; a backslash is a
/// member; a newline is an error.
fn bracket_close(bytes: &[u8], mut i: usize) -> Result<usize, usize> {
    if bytes.get(i) == Some(&b'^') {
        i += 1;
    }
    if bytes.get(i) == Some(&b']') {
        i += 1;
    }
    loop {
        match *bytes.get(i).ok_or(i)? {
            b'\n' => return Err(i),
            b']' => return Ok(i + 1),
            b'[' if matches!(bytes.get(i + 1), Some(b':' | b'.' | b'=')) => {
                let kind = bytes.get(i + 1).copied().unwrap_or(b':');
                let mut j = i + 2;
                loop {
                    match bytes.get(j) {
                        None | Some(b'\n') => return Err(j),
                        Some(&k) if k == kind && bytes.get(j + 1) == Some(&b']') => break,
                        Some(_) => j += 1,
                    }
                }
                i = j + 2;
            }
            _ => i += 1,
        }
    }
}

/// An address at `i`, if one starts there: the offset after it.
fn address(bytes: &[u8], i: usize, second: bool) -> Result<Option<usize>, usize> {
    let mut j = match bytes.get(i) {
        Some(b'0'..=b'9') => {
            let j = digits(bytes, i);
            if !second && bytes.get(j) == Some(&b'~') {
                let k = digits(bytes, j + 1);
                if k == j + 1 {
                    return Err(k);
                }
                k
            } else {
                j
            }
        }
        Some(b'+' | b'~') if second => {
            let j = digits(bytes, i + 1);
            if j == i + 1 {
                return Err(j);
            }
            return Ok(Some(j));
        }
        Some(b'$') => i + 1,
        Some(b'/') => delimited(bytes, i + 1, b'/', true)?,
        Some(b'\\') => match bytes.get(i + 1) {
            Some(&d) if d != b'\n' && d != b'\\' => delimited(bytes, i + 2, d, true)?,
            _ => return Err(i + 1),
        },
        _ => return Ok(None),
    };
    if matches!(bytes.get(i), Some(b'/' | b'\\')) {
        while matches!(bytes.get(j), Some(b'I' | b'M')) {
            j += 1;
        }
    }
    Ok(Some(j))
}

/// A label at `i` (after blanks): up to a blank, newline, `;`, `#` or `}`.
fn label_end(bytes: &[u8], mut i: usize) -> usize {
    while bytes
        .get(i)
        .is_some_and(|b| !matches!(b, b' ' | b'\t' | b'\n' | b';' | b'#' | b'}'))
    {
        i += 1;
    }
    i
}

/// The steps of `script` by the second reading, or the offset where it
/// stops reading (a construct outside the admitted subset, or an error).
///
/// # Errors
/// The byte offset where the reading stops.
pub fn steps(script: &str) -> Result<Vec<Step>, usize> {
    let bytes = script.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    loop {
        while matches!(bytes.get(i), Some(b' ' | b'\t' | b'\n' | b';')) {
            i += 1;
        }
        let Some(&first) = bytes.get(i) else { break };
        if first == b'#' {
            while bytes.get(i).is_some_and(|b| *b != b'\n') {
                i += 1;
            }
            continue;
        }
        let mut addressed = false;
        if let Some(after) = address(bytes, i, false)? {
            addressed = true;
            i = skip_blanks(bytes, after);
            if bytes.get(i) == Some(&b',') {
                i = skip_blanks(bytes, i + 1);
                i = address(bytes, i, true)?.ok_or(i)?;
            }
        }
        i = skip_blanks(bytes, i);
        if bytes.get(i) == Some(&b'!') {
            i = skip_blanks(bytes, i + 1);
            if bytes.get(i) == Some(&b'!') {
                return Err(i);
            }
        }
        let at = i;
        let letter = *bytes.get(at).ok_or(at)?;
        let shape = SHAPES
            .iter()
            .find(|(l, _)| *l == letter)
            .map(|(_, s)| *s)
            .ok_or(at)?;
        let mut j = at + 1;
        let mut terminated = true;
        match shape {
            Shape::Bare => {}
            Shape::Number => {
                let k = skip_blanks(bytes, j);
                let d = digits(bytes, k);
                if d > k {
                    j = d;
                }
            }
            Shape::Label => {
                if addressed {
                    return Err(at);
                }
                let k = skip_blanks(bytes, j);
                j = label_end(bytes, k);
                if j == k {
                    return Err(k);
                }
                terminated = false;
            }
            Shape::Jump => {
                let k = skip_blanks(bytes, j);
                let e = label_end(bytes, k);
                if e > k {
                    j = e;
                }
            }
            Shape::Text => {
                let mut k = skip_blanks(bytes, j);
                if bytes.get(k) == Some(&b'\\') {
                    k += 1;
                    if bytes.get(k) == Some(&b'\n') {
                        k += 1;
                    }
                } else if matches!(bytes.get(k), None | Some(b'\n')) {
                    return Err(k);
                }
                while let Some(&b) = bytes.get(k) {
                    match b {
                        b'\n' => break,
                        b'\\' => k += 2,
                        _ => k += 1,
                    }
                }
                j = k.min(bytes.len());
                terminated = false;
            }
            Shape::Substitute | Shape::Transliterate => {
                let delim = *bytes.get(j).ok_or(j)?;
                if delim == b'\n' || delim == b'\\' {
                    return Err(j);
                }
                let regex = matches!(shape, Shape::Substitute);
                j = delimited(bytes, j + 1, delim, regex)?;
                j = delimited(bytes, j, delim, false)?;
                if regex {
                    while let Some(b) = bytes.get(j) {
                        if INERT_FLAGS.contains(b) {
                            j += 1;
                        } else if matches!(b, b'e' | b'w') {
                            return Err(j);
                        } else {
                            break;
                        }
                    }
                }
            }
            Shape::Open => {
                depth += 1;
                terminated = false;
            }
            Shape::Close => {
                if addressed {
                    return Err(at);
                }
                depth = depth.checked_sub(1).ok_or(at)?;
            }
        }
        out.push(step(script, char::from(letter), at, j));
        i = j;
        if terminated {
            i = skip_blanks(bytes, i);
            if !matches!(bytes.get(i), None | Some(b';' | b'\n' | b'}' | b'#')) {
                return Err(i);
            }
        }
    }
    if depth != 0 {
        return Err(bytes.len());
    }
    Ok(out)
}
