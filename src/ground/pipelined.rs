//! A session's commands sent ahead (`INV-GROUND-3`): the driver runs them
//! one at a time as always, but finds the next one waiting when it has
//! answered one, instead of waiting for the host to read the answer, write
//! the next command and wake it. On a loaded machine each of those wake-ups
//! costs a scheduling delay; sending ahead takes them off the driver's path.

use std::collections::VecDeque;

use super::answer::Attempt;
use super::session::{too_long_to_start, Live, Session};
use super::GroundError;

/// How many commands a session sends ahead of the one it awaits.
const AHEAD: usize = 4;

impl Session<'_> {
    /// [`Session::attempt`] for each command, in order, with up to a few
    /// commands sent ahead. A command the sandbox died before running (it
    /// ends on a command it cannot clear, or one that kills it) is sent again
    /// to a new sandbox; the one it died on is answered as
    /// [`Session::attempt`] would.
    #[must_use]
    pub fn attempt_all(&mut self, commands: &[&str]) -> Vec<Attempt> {
        let mut answers: Vec<Option<Attempt>> = vec![None; commands.len()];
        let mut next = 0;
        while next < commands.len() {
            let mut live = match self.live.take() {
                Some(live) => live,
                None => match Live::start(self.sandbox) {
                    Ok(live) => live,
                    Err(why) => {
                        let failed = Attempt::failed(GroundError::Start(why));
                        for answer in answers.iter_mut().skip(next) {
                            *answer = Some(failed.clone());
                        }
                        break;
                    }
                },
            };
            let (answered, alive) = self.run_ahead(&mut live, commands, next, &mut answers);
            if alive {
                self.live = Some(live);
            }
            if answered == next {
                // It took none: one command the way `attempt` sends it,
                // which starts another sandbox once and reports why a
                // fresh one fails (so this loop always advances).
                if let (Some(slot), Some(command)) = (answers.get_mut(next), commands.get(next)) {
                    *slot = Some(self.attempt(command));
                }
                next += 1;
            } else {
                // The command it died on was answered; the rest go to a new one.
                next = answered;
            }
        }
        answers
            .into_iter()
            .zip(commands)
            .map(|(answer, command)| match answer {
                Some(answer) => too_long_to_start(command, answer),
                None => self.attempt(command),
            })
            .collect()
    }

    /// Sends and answers `commands[from..]` through `live` until done or it
    /// dies: the index of the first command not answered, and whether
    /// `live` may answer more.
    fn run_ahead(
        &self,
        live: &mut Live,
        commands: &[&str],
        from: usize,
        answers: &mut [Option<Attempt>],
    ) -> (usize, bool) {
        let mut sent: VecDeque<(usize, u64)> = VecDeque::new();
        let mut next_to_send = from;
        loop {
            while sent.len() < AHEAD {
                let Some(command) = commands.get(next_to_send) else {
                    break;
                };
                match live.send(command) {
                    Ok(id) => sent.push_back((next_to_send, id)),
                    // Not taken: unanswered, for the caller to send again
                    // (through `Session::attempt`, which reports a fresh
                    // sandbox's failure whole).
                    Err(_) => return (sent.front().map_or(next_to_send, |&(i, _)| i), false),
                }
                next_to_send += 1;
            }
            let Some((index, id)) = sent.pop_front() else {
                return (next_to_send, true);
            };
            let (attempt, alive) = live.answer(self.sandbox, id);
            live.clean(id);
            if let Some(slot) = answers.get_mut(index) {
                *slot = Some(attempt);
            }
            if !alive {
                for &(_, id) in &sent {
                    live.clean(id);
                }
                return (index + 1, false);
            }
        }
    }
}
