//! `inner-cmd decide`: one `decide` request on stdin (`PROTO-13`).

use std::process::ExitCode;

/// `inner-cmd decide`: one `decide` request on stdin, its answer on stdout (`PROTO-13`).
pub fn run() -> ExitCode {
    use std::io::Read;
    let limit = inner_cmd_spec::protocol::MAX_LINE_BYTES;
    let mut input = Vec::new();
    let read = std::io::stdin()
        .lock()
        .take(u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1))
        .read_to_end(&mut input);
    if let Err(error) = read {
        eprintln!("inner-cmd decide: cannot read stdin: {error}");
        return ExitCode::FAILURE;
    }
    if input.len() > limit {
        eprintln!("inner-cmd decide: line_too_long: request longer than {limit} bytes");
        return ExitCode::FAILURE;
    }
    match inner_cmd_spec::protocol::answer_decide(&input) {
        Ok(answer) => {
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("inner-cmd decide: {error}");
            ExitCode::FAILURE
        }
    }
}
