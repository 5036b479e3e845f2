//! The executable rule examples: every `tests/cases/*.case` file (listed in
//! `sumeria::examples::EXAMPLES`) is run by the core's case runner, its expectations
//! checked, and its transcript (positions before and after, steps, events) snapshotted.

use std::path::Path;

use mesopotamia_core::cases::{self, Case};
use sumeria::{Sumeria, examples::EXAMPLES};

#[test]
fn rule_examples() {
    // Every case file is one of the embedded examples, and the reverse.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            (path.extension()? == "case")
                .then(|| path.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    files.sort();
    let ids: Vec<&str> = EXAMPLES.iter().map(|(id, _)| *id).collect();
    assert_eq!(files, ids, "tests/cases and examples::EXAMPLES differ");
    for (id, text) in EXAMPLES {
        let case = Case::parse(id, text).unwrap_or_else(|e| panic!("{e}"));
        let transcript = cases::run::<Sumeria>(&case).unwrap_or_else(|e| panic!("{e}"));
        insta::with_settings!({ snapshot_path => "cases/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(*id, transcript.to_string());
        });
    }
}

/// A case whose expectation does not hold is an error naming the line.
#[test]
fn a_false_expectation_is_reported_with_its_line() {
    let (id, text) = EXAMPLES[0];
    let broken = text.replacen("[script]\n", "[script]\nexpect rank 0 9\n", 1);
    let case = Case::parse(id, &broken).unwrap();
    let err = cases::run::<Sumeria>(&case).unwrap_err().to_string();
    assert!(err.contains("expect rank 0 9"), "{err}");
    assert!(err.starts_with(&format!("{id}:")), "{err}");
}
