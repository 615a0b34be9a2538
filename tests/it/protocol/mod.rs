//! Chapter 9: the oracle protocol, through `handle_line` and the real server process.

mod authorize;
mod cache;
mod cli;
mod memory;
mod ops;
mod props;
mod schema;
mod server;
