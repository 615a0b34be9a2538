use inner_cmd_spec::gen::{build, ByteChoices, Weights};
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::policy::Policy;
fn main() {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let (mut a, mut d) = (0, 0);
    let t = std::time::Instant::now();
    for _ in 0..20000 {
        let bytes: Vec<u8> = (0..256)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 24) as u8
            })
            .collect();
        let case = build(&mut ByteChoices::new(&bytes), &Weights::default());
        let policy = Policy::new(case.rules.clone(), case.home.clone());
        let o = decide_profiled(&policy, &case.full, &Options::default(), Profile::Hardened);
        if o.outcome == inner_cmd_spec::verdict::PermissionState::Allow {
            a += 1;
        }
        if decide_profiled(&policy, &case.full, &Options::default(), Profile::Deployed).outcome
            == inner_cmd_spec::verdict::PermissionState::Allow
        {
            d += 1;
        }
    }
    println!(
        "20000 cases: hardened allows {a}, deployed allows {d}, {:?}",
        t.elapsed()
    );
}
