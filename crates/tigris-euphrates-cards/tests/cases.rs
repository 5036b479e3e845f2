//! The executable rule examples: every `tests/cases/*.case` file (embedded as
//! `tigris_euphrates_cards::examples::EXAMPLES`) is run by the core's case runner, its expectations
//! checked, and its transcript (positions before and after, steps, events) snapshotted.

use std::path::Path;

use mesopotamia_core::cases::{self, Case};
use mesopotamia_core::testkit::run_examples;
use tigris_euphrates_cards::{Cards, examples::EXAMPLES};

#[test]
fn rule_examples() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    for (id, transcript) in run_examples::<Cards>(EXAMPLES, &dir) {
        insta::with_settings!({ snapshot_path => "cases/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(id, transcript);
        });
    }
}

/// A case whose expectation does not hold is an error naming the line.
#[test]
fn a_false_expectation_is_reported_with_its_line() {
    let (id, text) = EXAMPLES[0];
    let broken = text.replacen("[script]\n", "[script]\nexpect rank 0 9\n", 1);
    let case = Case::parse(id, &broken).unwrap();
    let err = cases::run::<Cards>(&case).unwrap_err().to_string();
    assert!(err.contains("expect rank 0 9"), "{err}");
    assert!(err.starts_with(&format!("{id}:")), "{err}");
}
