//! The conformance vector corpus (`spec/vectors/*.json`) is well-formed, names
//! only real clauses, and is consistent with its schema.
//!
//! CONF-VEC-1, CONF-VEC-2, CONF-VEC-3, CONF-VEC-4, CONF-VEC-5, CONF-VEC-6: structure, ids, flags,
//! clause names and the shared-request rules of the vector format.

use std::collections::BTreeSet;

use crate::support::corpus::{
    exempt, finding_ids, repo, schema, spec_clauses, tests_of, vector_files,
    NOT_EXPRESSIBLE_AS_VECTORS,
};

use crate::support::schema::{check_schema, Schema, DRAFT_2020_12};
use serde_json::Value;

/// CONF-VEC-1: the schema itself is a well-formed draft 2020-12 schema that
/// uses only keywords of that draft (a misspelt one would be ignored).
#[test]
fn conf_vec_1_schema_is_well_formed() {
    let schema = schema();
    assert_eq!(schema["$schema"], DRAFT_2020_12);
    let problems = check_schema(&schema);
    assert!(problems.is_empty(), "{problems:#?}");
    let mut misspelt = schema.clone();
    misspelt["$defs"]["test"]["requried"] = serde_json::json!(["tcId"]);
    assert_eq!(
        check_schema(&misspelt),
        ["#/$defs/test: unknown keyword requried"]
    );
}

/// CONF-VEC-1: every vector file validates against the schema.
#[test]
fn conf_vec_1_every_file_validates() {
    let schema = Schema::new(&schema());
    for (stem, file) in vector_files() {
        let errors = schema.errors(&file, &stem);
        assert!(errors.is_empty(), "{stem}: {errors:#?}");
    }
}

/// CONF-VEC-1: the validator is not vacuous — one broken copy per rule is rejected.
#[test]
fn conf_vec_1_validator_rejects_broken_files() {
    let schema = Schema::new(&schema());
    let (_, good) = vector_files().into_iter().next().unwrap();
    type Breaker = (&'static str, fn(&mut Value));
    let breakers: [Breaker; 8] = [
        ("missing numberOfTests", |f| {
            f.as_object_mut().unwrap().remove("numberOfTests");
        }),
        ("unknown top-level key", |f| f["extra"] = Value::from(1)),
        ("unknown op", |f| {
            f["testGroups"][0]["op"] = Value::from("explode")
        }),
        ("tcId zero", |f| {
            f["testGroups"][0]["tests"][0]["tcId"] = Value::from(0)
        }),
        ("no clauses", |f| {
            f["testGroups"][0]["tests"][0]["clauses"] = serde_json::json!([])
        }),
        ("lowercase clause id", |f| {
            f["testGroups"][0]["tests"][0]["clauses"] = serde_json::json!(["auth-1"])
        }),
        ("unknown latitude", |f| {
            f["testGroups"][0]["tests"][0]["latitude"] = serde_json::json!(["verdict"])
        }),
        ("unknown expected key", |f| {
            f["testGroups"][0]["tests"][0]["expected"]["verdictish"] = Value::from(1)
        }),
    ];
    for (label, breaker) in breakers {
        let mut bad = good.clone();
        breaker(&mut bad);
        assert!(
            !schema.errors(&bad, "bad").is_empty(),
            "{label} was accepted"
        );
    }
}

/// CONF-VEC-2: numberOfTests is the count, tcIds are unique, and the chapter is the file stem.
#[test]
fn conf_vec_2_counts_and_ids() {
    let mut total = 0;
    for (stem, file) in vector_files() {
        assert_eq!(
            file["chapter"],
            Value::from(stem.as_str()),
            "{stem}: chapter must be the file stem"
        );
        let ids: Vec<u64> = tests_of(&file)
            .map(|(_, t)| t["tcId"].as_u64().unwrap())
            .collect();
        assert_eq!(
            file["numberOfTests"].as_u64(),
            Some(ids.len() as u64),
            "{stem}: numberOfTests"
        );
        let unique: BTreeSet<u64> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "{stem}: duplicate tcId");
        total += ids.len();
    }
    assert!(total >= 400, "the corpus has only {total} vectors");
}

/// CONF-VEC-3: every flag a test uses has a meaning in the file's notes.
#[test]
fn conf_vec_3_every_flag_has_a_note() {
    for (stem, file) in vector_files() {
        for (_, t) in tests_of(&file) {
            for flag in t["flags"].as_array().unwrap() {
                let flag = flag.as_str().unwrap();
                assert!(
                    file["notes"].get(flag).is_some(),
                    "{stem}/{}: flag {flag} has no note",
                    t["tcId"]
                );
            }
        }
    }
}

/// CONF-VEC-4: every clause a vector names exists in SPEC.md.
#[test]
fn conf_vec_4_named_clauses_exist() {
    let known = spec_clauses();
    for (stem, file) in vector_files() {
        for (_, t) in tests_of(&file) {
            for clause in t["clauses"].as_array().unwrap() {
                let clause = clause.as_str().unwrap();
                assert!(
                    known.contains(clause),
                    "{stem}/{}: clause {clause} is not in SPEC.md",
                    t["tcId"]
                );
            }
        }
    }
}

/// CONF-VEC-5: requests never set `id` or `op`, and `home` is present where matching may expand it.
#[test]
fn conf_vec_5_request_assembly() {
    for (stem, file) in vector_files() {
        for (group, t) in tests_of(&file) {
            let request = t["request"].as_object().unwrap();
            assert!(
                !request.contains_key("id") && !request.contains_key("op"),
                "{stem}/{}",
                t["tcId"]
            );
            let op = group["op"].as_str().unwrap();
            if ["match", "check", "advisory", "decide"].contains(&op) {
                let has_home =
                    request.contains_key("home") || group["shared"].get("home").is_some();
                assert!(has_home, "{stem}/{}: {op} without home", t["tcId"]);
            }
        }
    }
}

/// CONF-VEC-10: the reference crate passes every vector, evaluated in-process
/// through `protocol::handle_line` and compared with `conform::compare`.
#[test]
fn conf_vec_10_the_crate_passes_every_vector() {
    let files = inner_cmd_spec::conform::load_vectors(&repo().join("spec/vectors")).unwrap();
    let mut failures = Vec::new();
    let mut passed = 0;
    for file in &files {
        for case in file.cases() {
            let mut request = case.request.clone();
            request.insert("id".into(), Value::from(case.id.clone()));
            let line = Value::Object(request).to_string();
            let response: Value =
                serde_json::from_str(&inner_cmd_spec::protocol::handle_line(line.as_bytes()))
                    .unwrap();
            assert_eq!(
                response["id"],
                Value::from(case.id.clone()),
                "{}: id not echoed",
                case.id
            );
            match inner_cmd_spec::conform::compare(&case.expected, &case.latitude, &response) {
                Ok(()) => passed += 1,
                Err(mismatch) => {
                    failures.push(format!("{} ({}): {mismatch}", case.id, case.comment))
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} vectors fail:\n{}",
        failures.len(),
        passed + failures.len(),
        failures.join("\n")
    );
    assert!(passed > 0, "no vector was evaluated");
}

/// CONF-VEC-7: latitude is only ever granted where it can apply — a test with
/// `exception-message` expects an `inner_cmd.exception` event.
#[test]
fn conf_vec_7_latitude_only_on_exception_events() {
    for (stem, file) in vector_files() {
        for (_, t) in tests_of(&file) {
            let Some(latitude) = t.get("latitude") else {
                continue;
            };
            assert_eq!(
                latitude,
                &serde_json::json!(["exception-message"]),
                "{stem}/{}",
                t["tcId"]
            );
            let events = t["expected"]["events"].as_array();
            let has_exception = events
                .into_iter()
                .flatten()
                .any(|e| e["event"] == "inner_cmd.exception");
            assert!(
                has_exception,
                "{stem}/{}: latitude without an exception event",
                t["tcId"]
            );
        }
    }
}

/// CONF-VEC-8, CONF-VEC-11: the committed vectors (and the package's skip
/// file) are exactly what the committed generators
/// produce: regenerating into a temporary directory gives the same bytes, and
/// every file states its generators' rules.
#[test]
fn conf_vec_8_generators_reproduce_the_committed_vectors() {
    let out = std::env::temp_dir().join(format!("inner-cmd-vectors-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let status = std::process::Command::new("python3")
        .arg(repo().join("spec/vectors/gen/build.py"))
        .env("VECTORS_OUT", &out)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .stdout(std::process::Stdio::null())
        .status()
        .expect("python3 is needed to check the vector generators");
    assert!(status.success(), "a generator failed");
    let committed = vector_files();
    for stem in committed.keys() {
        let name = format!("{stem}.json");
        let fresh = std::fs::read(out.join(&name)).unwrap_or_default();
        let mine = std::fs::read(repo().join("spec/vectors").join(&name)).unwrap();
        assert!(
            fresh == mine,
            "{name}: the generators produce something else; run spec/vectors/gen/build.py"
        );
        let generators = committed[stem]["generators"]
            .as_object()
            .map_or(0, |g| g.len());
        assert!(generators > 0, "{name}: no generators note");
    }
    let extra: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".json") && !committed.contains_key(n.trim_end_matches(".json")))
        .collect();
    let skips = "skips/pi-permission-system.skip";
    let fresh_skips = std::fs::read(out.join(skips)).unwrap_or_default();
    let mine_skips = std::fs::read(repo().join("spec/vectors").join(skips)).unwrap();
    std::fs::remove_dir_all(&out).unwrap();
    assert!(extra.is_empty(), "generated but not committed: {extra:?}");
    assert!(
        fresh_skips == mine_skips,
        "{skips}: stale; run spec/vectors/gen/build.py"
    );
}

/// CONF-VEC-9: every finding of `spec/findings.md` has a vector flagged
/// `FAIL_OPEN_FINDING` or `FINDING` whose comment starts with its id, and every
/// finding a flagged vector names exists in the register.
#[test]
fn conf_vec_9_every_finding_has_a_vector() {
    let mut named = BTreeSet::new();
    for (stem, file) in vector_files() {
        for (_, t) in tests_of(&file) {
            let flags = t["flags"].as_array().unwrap();
            if flags
                .iter()
                .any(|f| f == "FAIL_OPEN_FINDING" || f == "FINDING" || f == "MONOTONE_FINDING")
            {
                let comment = t["comment"].as_str().unwrap();
                let ids = finding_ids(comment);
                assert_eq!(
                    ids.len(),
                    1,
                    "{stem}/{}: a finding vector names exactly one finding",
                    t["tcId"]
                );
                let id = ids.into_iter().next().unwrap();
                assert!(
                    comment.starts_with(&format!("{id}:")),
                    "{stem}/{}: comment must start with `{id}:`",
                    t["tcId"]
                );
                named.insert(id);
            }
        }
    }
    let register = std::fs::read_to_string(repo().join("spec/findings.md")).unwrap_or_default();
    let headings: BTreeSet<String> = register
        .lines()
        .filter(|l| l.starts_with("## F-"))
        .flat_map(finding_ids)
        .collect();
    if register.is_empty() {
        // The register has not landed yet: nothing to cover, nothing may be named.
        assert!(
            named.is_empty(),
            "vectors name findings {named:?} but spec/findings.md is missing"
        );
        return;
    }
    let uncovered: Vec<_> = headings.difference(&named).collect();
    let unknown: Vec<_> = named.difference(&headings).collect();
    assert!(
        uncovered.is_empty(),
        "findings without a vector: {uncovered:?}"
    );
    assert!(
        unknown.is_empty(),
        "vectors name findings not in spec/findings.md: {unknown:?}"
    );
}

/// CONF-VEC-4: every clause of SPEC.md is named by at least one vector, except
/// the reasoned exemptions; an exemption must name an existing clause and must
/// not hide one that vectors do name.
#[test]
fn conf_vec_4_every_clause_is_named_by_a_vector() {
    let known = spec_clauses();
    let mut named = BTreeSet::new();
    for (_, file) in vector_files() {
        for (_, t) in tests_of(&file) {
            named.extend(
                t["clauses"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap().to_owned()),
            );
        }
    }
    let missing: Vec<_> = known
        .iter()
        .filter(|c| !named.contains(*c) && exempt(c).is_none())
        .collect();
    assert!(missing.is_empty(), "clauses no vector names: {missing:?}");
    for (id, reason) in NOT_EXPRESSIBLE_AS_VECTORS {
        let matching: Vec<_> = known.iter().filter(|c| exempt(c) == Some(reason)).collect();
        assert!(
            !matching.is_empty(),
            "exemption {id} names no clause of SPEC.md"
        );
        if !id.ends_with('-') {
            assert!(
                !named.contains(*id),
                "{id} is exempt but a vector names it; drop the exemption"
            );
        }
    }
}

/// CONF-VEC-12: every vector's id is in its file's ledger, a ledger's ids
/// are unique, and its next id is past every id it ever gave.
#[test]
fn conf_vec_12_ids_are_held_by_a_ledger() {
    let repo = repo();
    for (stem, file) in vector_files() {
        let path = repo.join(format!("spec/vectors/gen/ids/{stem}.json"));
        let ledger: Value = serde_json::from_str(
            &std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
        )
        .unwrap();
        let given: Vec<u64> = ledger["ids"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_u64().unwrap())
            .collect();
        let unique: BTreeSet<u64> = given.iter().copied().collect();
        assert_eq!(unique.len(), given.len(), "{stem}: an id given twice");
        let next = ledger["next"].as_u64().unwrap();
        assert!(given.iter().all(|&id| id < next), "{stem}: next {next}");
        for (_, test) in tests_of(&file) {
            let id = test["tcId"].as_u64().unwrap();
            assert!(unique.contains(&id), "{stem}/{id}: not in the ledger");
        }
    }
}
