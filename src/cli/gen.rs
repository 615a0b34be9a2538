//! `inner-cmd gen`: cases of the families of bash constructs (`GEN-FAM-14`).

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Only cases of this family (default: every family in turn).
    #[arg(long)]
    family: Option<String>,
    /// How many cases.
    #[arg(long, default_value_t = 10)]
    count: usize,
    /// The seed: the same seed prints the same cases.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// List the families (name, clause, summary) instead.
    #[arg(long)]
    list: bool,
}

/// `inner-cmd gen`: cases of the families of bash constructs (`GEN-FAM-14`).
/// Exit 2 when `--family` names no family.
pub fn run(args: &Args) -> ExitCode {
    use inner_cmd_spec::gen::families::gen_lines;
    match gen_lines(args.family.as_deref(), args.count, args.seed, args.list) {
        Ok(lines) => super::print_lines(lines),
        Err(error) => {
            eprintln!("inner-cmd gen: {error}");
            ExitCode::from(2)
        }
    }
}
