//! Hostile numbers: every number of a saved form (a state, a view, a record, a
//! configuration in JSON), and every run of digits inside its strings (position texts,
//! notation, place names), replaced by extreme values, to check that reading never panics.
//!
//! A reader must check every number it reads against its bound before any arithmetic,
//! index, allocation or cast uses it; the games' property tests read real saved forms
//! changed by [`with_extremes`] and require a value or an error, never a panic (tests are
//! built with overflow checks).
//!
//! ```
//! use mesopotamia_core::testkit::hostile::{number_sites, with_extremes, EXTREME_NUMBERS};
//! use serde_json::json;
//!
//! let saved = json!({"players": 3, "position": "seat 0 hand 2 1"});
//! // The JSON number, then the three runs of digits in the string.
//! assert_eq!(number_sites(&saved).len(), 4);
//! let changed = with_extremes(&saved, &[(2, 3)]);
//! assert_eq!(changed["position"], "seat 0 hand 65535 1");
//! let changed = with_extremes(&saved, &[(0, 8), (3, 7)]);
//! assert_eq!(changed, json!({"players": 1e300, "position": "seat 0 hand 2 -1"}));
//! assert_eq!(EXTREME_NUMBERS.len(), 9);
//! ```

use serde_json::Value;

/// The values put where a number was: the edges of `u8`, `u16`, `u32` and `u64`, a
/// negative number and a float far beyond every integer type.
pub const EXTREME_NUMBERS: [&str; 9] = [
    "0",
    "255",
    "256",
    "65535",
    "65536",
    "4294967296",
    "18446744073709551615",
    "-1",
    "1e300",
];

/// One step of the way into a JSON value.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

/// Where a number stands in a JSON value: a JSON number, or a run of ASCII digits inside
/// a string (the byte range of the run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberSite {
    path: Vec<Step>,
    digits: Option<(usize, usize)>,
}

/// Every number of `value`, in document order: JSON numbers, and the runs of digits of
/// its strings (object keys are left alone).
pub fn number_sites(value: &Value) -> Vec<NumberSite> {
    let mut out = Vec::new();
    collect(value, &mut Vec::new(), &mut out);
    out
}

fn collect(value: &Value, path: &mut Vec<Step>, out: &mut Vec<NumberSite>) {
    match value {
        Value::Number(_) => out.push(NumberSite {
            path: path.clone(),
            digits: None,
        }),
        Value::String(text) => {
            let bytes = text.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                if bytes[i].is_ascii_digit() {
                    let start = i;
                    while i < bytes.len() && bytes[i].is_ascii_digit() {
                        i += 1;
                    }
                    out.push(NumberSite {
                        path: path.clone(),
                        digits: Some((start, i)),
                    });
                } else {
                    i += 1;
                }
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(Step::Index(i));
                collect(item, path, out);
                path.pop();
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                path.push(Step::Key(key.clone()));
                collect(item, path, out);
                path.pop();
            }
        }
        Value::Null | Value::Bool(_) => {}
    }
}

/// Puts `number` (a JSON number's text, such as one of [`EXTREME_NUMBERS`]) at `site`: as
/// a JSON number in place of a number, as text in place of a run of digits.
///
/// # Panics
/// If `site` is not a site of `value` or `number` is not a JSON number.
pub fn put_number(value: &mut Value, site: &NumberSite, number: &str) {
    let mut at = value;
    for step in &site.path {
        at = match step {
            Step::Key(key) => at.get_mut(key.as_str()),
            Step::Index(i) => at.get_mut(*i),
        }
        .expect("a site of this value");
    }
    match (site.digits, at) {
        (None, at) => {
            *at = serde_json::from_str(number).expect("a JSON number");
        }
        (Some((start, end)), Value::String(text)) => text.replace_range(start..end, number),
        (Some(_), _) => panic!("a run of digits in a value that is not a string"),
    }
}

/// `value` with numbers replaced: each `(site, extreme)` pick puts
/// `EXTREME_NUMBERS[extreme % 9]` at site `site % n` of the `n` sites of the value as the
/// earlier picks left it. A value without numbers comes back unchanged.
pub fn with_extremes(value: &Value, picks: &[(usize, usize)]) -> Value {
    let mut out = value.clone();
    for &(site, extreme) in picks {
        let sites = number_sites(&out);
        if sites.is_empty() {
            break;
        }
        let number = EXTREME_NUMBERS[extreme % EXTREME_NUMBERS.len()];
        put_number(&mut out, &sites[site % sites.len()], number);
    }
    out
}
