//! The real mode (spec §6.2, `INV-GROUND-10` to `INV-GROUND-12`): the
//! machine's programs run for real in a throwaway workspace, every exec and
//! every open recorded by the tracer.

use std::sync::OnceLock;
use std::time::Duration;

use inner_cmd_spec::ground::{Config, Execution, Oracle};

/// One real-mode oracle for the whole file.
pub(crate) fn real_oracle() -> &'static Oracle {
    static ORACLE: OnceLock<Oracle> = OnceLock::new();
    ORACLE.get_or_init(|| {
        let mut config = Config::default();
        config.real = true;
        config.time_limit = Duration::from_secs(20);
        Oracle::new(config).unwrap_or_else(|error| panic!("{error}"))
    })
}

pub(crate) fn run_real(command: &str) -> Execution {
    real_oracle()
        .run(command)
        .unwrap_or_else(|error| panic!("{command:?}: {error}"))
}

#[test]
fn debug_real() {
    let e = run_real("/bin/true; cat ~/.ssh/id_rsa >/dev/null");
    eprintln!("{}", serde_json::to_string_pretty(&e).unwrap());
    panic!();
}
