//! Prints 20 generated cases of each shape (spec chapter 11).
//!
//! `cargo run --example samples --features proptest` (any generator feature
//! works; the example only uses the shared grammar). Pass a number to change
//! how many samples per shape, e.g. `-- 5`.

use inner_cmd_spec::gen::{build_shape, ByteChoices, Shape, Weights};

fn main() {
    let per_shape: usize = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(20);
    let weights = Weights::default();
    // A fixed xorshift stream, so the samples are the same on every run.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    for shape in Shape::ALL {
        println!("## {shape:?}");
        for index in 0..per_shape {
            let bytes: Vec<u8> = (0..128)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state.to_le_bytes()[0]
                })
                .collect();
            let case = build_shape(&mut ByteChoices::new(&bytes), shape, &weights);
            println!("{index:2}. full  {}", shown(&case.full));
            println!(
                "    unit  {}  inner {}",
                shown(&case.unit),
                shown(&case.inner)
            );
            let siblings: Vec<&str> = case.siblings.iter().map(|s| s.text.as_str()).collect();
            println!("    placement {:?}  siblings {siblings:?}", case.placement);
            let rules: Vec<String> = case
                .rules
                .iter()
                .map(|r| format!("{:?}:{}", r.pattern, r.state))
                .collect();
            println!("    rules [{}]", rules.join(", "));
            if let Some(guard) = case.broken {
                println!(
                    "    broken guard {guard:?}  details {}",
                    shown(&case.details.to_string())
                );
            }
            let route = format!("{:?}", case.route());
            println!("    route {}", shown(&route));
        }
    }
}

/// Debug-quoted, cut to 300 characters with the full length noted (huge
/// arguments and deep nesting would flood the terminal).
fn shown(text: &str) -> String {
    let quoted = format!("{text:?}");
    if quoted.chars().count() <= 300 {
        return quoted;
    }
    let head: String = quoted.chars().take(300).collect();
    format!("{head}… ({} bytes)", text.len())
}
