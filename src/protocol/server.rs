//! The server loop: handshake, then one bounded line in, one line out (`PROTO-1`..`PROTO-4`).

use std::io::{self, BufRead, Write};

use super::{handshake, line_too_long_response, Handler, MAX_LINE_BYTES};

/// One line read by [`read_bounded_line`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoundedLine {
    /// The line's bytes, without the newline.
    Complete(Vec<u8>),
    /// The line was longer than the limit; it was read to its newline and dropped.
    TooLong,
}

/// Reads one `\n`-terminated line of at most `max` bytes (`PROTO-4`).
///
/// A longer line is consumed up to and including its newline without being
/// buffered, so memory stays bounded by `max` whatever the input. Returns
/// `None` at end of input; a last line without a newline is still a line.
///
/// # Errors
/// Errors of the underlying reader.
pub fn read_bounded_line<R: BufRead>(
    reader: &mut R,
    max: usize,
) -> io::Result<Option<BoundedLine>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            break;
        }
        read_any = true;
        let newline = available.iter().position(|&byte| byte == b'\n');
        let taken = newline.unwrap_or(available.len());
        if !too_long {
            if line.len() + taken > max {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(available.get(..taken).unwrap_or_default());
            }
        }
        match newline {
            Some(position) => {
                reader.consume(position + 1);
                break;
            }
            None => reader.consume(taken),
        }
    }
    Ok(match (read_any, too_long) {
        (false, _) => None,
        (true, true) => Some(BoundedLine::TooLong),
        (true, false) => Some(BoundedLine::Complete(line)),
    })
}

/// Serves the protocol until end of input (`PROTO-1`..`PROTO-5`).
///
/// Writes the handshake line, then exactly one response line per request
/// line, in order, flushing after each so that a client may wait for it.
///
/// # Errors
/// Only I/O errors of `input` or `output` (for example a closed pipe); no
/// request content ever ends the loop.
pub fn serve<R: BufRead, W: Write>(mut input: R, mut output: W) -> io::Result<()> {
    writeln!(output, "{}", handshake())?;
    output.flush()?;
    // One handler for the whole stream: rules sent again are not rebuilt (PROTO-14).
    let mut handler = Handler::new();
    while let Some(line) = read_bounded_line(&mut input, MAX_LINE_BYTES)? {
        let response = match line {
            BoundedLine::Complete(bytes) => handler.handle_line(&bytes),
            BoundedLine::TooLong => line_too_long_response(),
        };
        writeln!(output, "{response}")?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// PROTO-4: lines split at newlines, over-long ones discarded to their newline.
    #[test]
    fn bounded_reader_splits_and_discards() {
        /// (label, input, limit, lines read: `None` for a discarded one)
        type Row = (
            &'static str,
            &'static [u8],
            usize,
            &'static [Option<&'static [u8]>],
        );
        const ROWS: &[Row] = &[
            ("two lines", b"ab\ncd\n", 4, &[Some(b"ab"), Some(b"cd")]),
            (
                "last line without newline",
                b"ab\ncd",
                4,
                &[Some(b"ab"), Some(b"cd")],
            ),
            ("empty line", b"\nx\n", 4, &[Some(b""), Some(b"x")]),
            ("exactly the limit", b"abcd\n", 4, &[Some(b"abcd")]),
            (
                "one past the limit",
                b"abcde\nok\n",
                4,
                &[None, Some(b"ok")],
            ),
            ("long without newline", b"abcdefgh", 4, &[None]),
        ];
        for (label, input, max, expected) in ROWS {
            // A tiny buffer forces the reader across many fill_buf calls.
            let mut reader = io::BufReader::with_capacity(2, *input);
            let mut got = Vec::new();
            while let Some(line) = read_bounded_line(&mut reader, *max).unwrap() {
                got.push(match line {
                    BoundedLine::Complete(bytes) => Some(bytes),
                    BoundedLine::TooLong => None,
                });
            }
            let expected: Vec<Option<Vec<u8>>> = expected
                .iter()
                .map(|line| line.map(<[u8]>::to_vec))
                .collect();
            assert_eq!(got, expected, "{label}");
        }
    }
}
