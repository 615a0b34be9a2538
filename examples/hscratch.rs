use inner_cmd_spec::hardened::{walk, Profile};
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::policy::{config, Policy, Rule};
use inner_cmd_spec::verdict::PermissionState::*;
fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let policy = if args.first().map(String::as_str) == Some("--rm") {
        args.remove(0);
        Policy::new(
            vec![
                Rule {
                    pattern: "*".into(),
                    state: Allow,
                },
                Rule {
                    pattern: "rm *".into(),
                    state: Deny,
                },
                Rule {
                    pattern: "cat *secret*".into(),
                    state: Deny,
                },
            ],
            "/home/u",
        )
    } else {
        let l = config::example_policy().unwrap();
        Policy::new(l.rules, "/home/u").with_fallback(l.fallback)
    };
    for c in args {
        let c = c
            .replace("\\n", "\n")
            .replace("\\t", "\t")
            .replace("\\0", "\0")
            .replace("\\r", "\r")
            .replace("\\v", "\u{b}")
            .replace("\\f", "\u{c}")
            .replace("\\N", "\\\n");
        let d = decide_profiled(&policy, &c, &Options::default(), Profile::Deployed);
        let h = decide_profiled(&policy, &c, &Options::default(), Profile::Hardened);
        println!(
            "{:?}\n  deployed {:?} | hardened {:?} gate={:?} {:?} ev={:?}",
            c,
            d.outcome,
            h.outcome,
            h.gate.state,
            h.gate.matched_pattern,
            h.event_name()
        );
        if std::env::var("J").is_ok() {
            for j in walk::judgements(&c).unwrap() {
                println!("    {:?} {:?} {:?}", j.text, j.values, j.floor);
            }
        }
    }
}
