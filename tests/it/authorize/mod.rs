//! Chapter 5 (with the guards of chapter 2): the decision procedure and its events.

mod end_to_end;
mod properties;
mod session;
mod table;
mod wire;
