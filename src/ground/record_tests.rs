//! Tests of the record reader (`INV-GROUND-3`, `INV-GROUND-8`).

use super::*;

/// INV-GROUND-3: a truncated or malformed log is an error, never an empty execution.
#[test]
fn inv_ground_3_malformed_logs_are_errors() {
    for log in [
        &b""[..],
        b"B 1 5.2\nD 1.1 10 ls\n",
        b"B 1 5.2\nX\n",
        b"B 1 5.2\nW 9 1\n",
    ] {
        assert!(parse(log, 0).is_err(), "{:?}", String::from_utf8_lossy(log));
    }
    // A log cut inside a record keeps the complete records before it.
    let cut = parse_prefix(b"B 1 5.2\nD 1.1 2 ls\nD 1.2 10 cu", -1).unwrap();
    assert_eq!(cut.commands.len(), 1);
    assert_eq!(parse_prefix(b"D 1.1 2 ls\n", -1), None);
    let ok = parse(b"B 1 5.2.15(1)-release\nD 1.1 5 ls\n-l\n", 0).unwrap();
    assert_eq!(ok.commands.len(), 1);
    assert_eq!(ok.commands[0].text, "ls\n-l");
}

/// INV-GROUND-3: a wrapper stub stopped between its own record and its
/// inner command's (the run-4 race) makes the answer unknown; one that
/// says it ran none (`E`), or ran one (`W`), does not.
#[test]
fn inv_ground_3_a_stopped_wrapper_is_unknown() {
    let wrapper = "B 1 5.2\nD 1.1 21 timeout 1.5h npm test\nS 1.1 7 4\n12 /bin/timeout\n4 1.5h\n3 npm\n4 test\n";
    assert!(parse(wrapper.as_bytes(), 0).is_err());
    assert_eq!(
        parse_prefix(wrapper.as_bytes(), -1).unwrap().commands.len(),
        1
    );
    let ended = format!("{wrapper}E 7\n");
    assert_eq!(parse(ended.as_bytes(), 0).unwrap().commands.len(), 1);
    let ran = format!("{wrapper}W 7 2\nS 1.1 7 2\n8 /bin/npm\n4 test\n");
    let execution = parse(ran.as_bytes(), 0).unwrap();
    assert_eq!(execution.commands[1].text, "npm test");
    assert_eq!(execution.commands[1].argv.as_ref().unwrap().len(), 2);
}

/// INV-GROUND-8: the base environment is `export -p`'s, the oracle's own
/// variables and valueless exports left out; a form it cannot read is
/// an error, never an empty base.
#[test]
fn inv_ground_8_the_base_environment_is_read_exactly() {
    let log = "B 1 5.2\nX\ndeclare -x HOME=\"/w/1\"\ndeclare -rx __GROUND_LOG=\"/l\"\n\
               declare -x Q=\"a\\\"b\\$c\nd\"\ndeclare -x UNSET\n\0\n";
    let execution = parse(log.as_bytes(), 0).unwrap();
    let base: Vec<(&str, &str)> = execution
        .base_environment
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(base, [("HOME", "/w/1"), ("Q", "a\"b$c\nd")]);
    for bad in [
        "B 1 5.2\nX\ndeclare -x A=$'x'\n\0\n",
        "B 1 5.2\nX\ndeclare -x A=\"x\n",
    ] {
        assert!(parse(bad.as_bytes(), 0).is_err(), "{bad:?}");
    }
}
