//! Chapter 11: the generators and their front ends, and the fuzz corpus replay.

mod families;
mod front_ends;
mod fuzz_replay;
mod grammar;
