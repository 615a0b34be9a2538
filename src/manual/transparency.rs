//! # Transparent and non-transparent wrappers
//!
//! A *wrapper* is a command that runs another command: `timeout 30s make`,
//! `time cargo build`, `env FOO=1 make`, `xargs rm`, `sudo rm`. A permission
//! rule such as `make *` does not match `timeout 30s make`, so the wrapper
//! turns an allowed command into a question for a human. The question is
//! worth automating only when the answer is certain.
//!
//! A wrapper is **transparent** when the string alone determines what the
//! inner command does, so that judging the inner command is judging the whole:
//!
//! - `timeout <duration> X` runs `X` unchanged and may only stop it early.
//!   Stopping early never makes a command more dangerous than running it to
//!   completion. Its flags (`-k`, `-s`, `--preserve-status`) are not admitted:
//!   each would need its own argument, and a grammar that admits none cannot
//!   be tricked into reading an inner command out of a flag's operand.
//! - `time X` (the bare reserved word) runs `X` unchanged and prints timing.
//!   Any dash-leading modifier is refused: the string cannot tell the shell's
//!   reserved word (`-p` only) from `/usr/bin/time`, whose `-o FILE` writes a
//!   file and whose `-v` prints environment-bearing statistics.
//!
//! A wrapper is **non-transparent** when something absent from the string
//! shapes what runs:
//!
//! - `env` changes the environment: `env LD_PRELOAD=… make` is not `make`.
//! - `xargs` takes its arguments from standard input: `xargs rm` may remove
//!   any file. Not even a human-like judge reading the string can know them.
//!
//! These always defer. Their handlers exist only so that the defer is
//! observable (an event names them), not to decide anything.
//!
//! ## Exactly one level
//!
//! `time timeout 10 x` is refused (`inner_cmd.nested_wrapper`) instead of
//! being unwrapped twice. Unwrapping is cheap to extend and hard to audit; one
//! level covers the commands agents actually write, and every extra level is a
//! new place where the located unit and the stripped text could disagree.
//!
//! ## Why strip from the full command
//!
//! The gate reports the *triggering unit* (`timeout 240 pnpm install`), but the
//! command that will run is the full one (`cd /repo && timeout 240 pnpm install
//! | tail -30; git push`). Re-asking the policy about the unit alone would allow
//! `git push` by omission. The authorizer therefore replaces the one occurrence
//! of the unit inside the full command and re-asks about the whole compound;
//! every sibling is judged again, by the same rules. If the unit cannot be
//! located exactly once, which occurrence the gate meant is unknowable, and the
//! authorizer defers.
