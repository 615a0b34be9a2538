//! Chapter 7: the reference bash policy: matcher, config, units, floors, checks, and parity with the npm package.

mod check_limits;
mod check_policy;
mod check_query;
mod check_quirks;
mod cli_check;
mod config_errors;
mod config_formats;
mod config_package_table;
mod findings;
mod matcher_engine;
mod matcher_home;
mod matcher_lazy;
mod matcher_linear;
mod matcher_package_table;
mod matcher_props;
mod matcher_ruleset;
mod parity;
mod parser_runtime;
mod units_enumerate;
mod units_floor;
mod units_props;
