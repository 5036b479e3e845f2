//! Hostile numbers: every number of a saved form (a state, a view, a record, a
//! configuration in JSON), and every run of digits inside its strings (position texts,
//! notation, place names), replaced by extreme values, to check that reading never panics.
//!
//! A reader must check every number it reads against its bound before any arithmetic,
//! index, allocation or cast uses it; the games' property tests read real saved forms
//! ([`saved_forms`] of seeded random games) changed by [`with_extremes`] and require a value
//! or an error, never a panic (tests are built with overflow checks), and what is accepted
//! must be usable ([`read`]).
//!
//! ```
//! use mesopotamia_testkit::hostile::{number_sites, with_extremes, EXTREME_NUMBERS};
//! use serde_json::json;
//!
//! let saved = json!({"players": 3, "position": "seat 0 hand 2 1"});
//! // The JSON number, then the three runs of digits in the string.
//! assert_eq!(number_sites(&saved).len(), 4);
//! let changed = with_extremes(&saved, &[(2, 6)]);
//! assert_eq!(changed["position"], "seat 0 hand 65535 1");
//! let changed = with_extremes(&saved, &[(0, 12), (3, 11)]);
//! assert_eq!(changed, json!({"players": 1e300, "position": "seat 0 hand 2 -1"}));
//! assert_eq!(EXTREME_NUMBERS.len(), 13);
//! ```

use mesopotamia_core::rand_core::Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_core::record::{GameRecord, Step as RecordStep};
use mesopotamia_core::seat::Seat;

/// The values put where a number was: small numbers just past a table's seats, a
/// display's columns and a colour bit, the edges of `u8`, `u16`, `u32`, `i64` and `u64`, a
/// negative number and a float far beyond every integer type.
pub const EXTREME_NUMBERS: [&str; 13] = [
    "0",
    "4",
    "8",
    "16",
    "255",
    "256",
    "65535",
    "65536",
    "4294967296",
    "9223372036854775808",
    "18446744073709551615",
    "-1",
    "1e300",
];

/// One step of the way into a JSON value.
#[derive(Clone, Debug, PartialEq, Eq)]
enum PathStep {
    Key(String),
    Index(usize),
}

/// Where a number stands in a JSON value: a JSON number, or a run of ASCII digits inside
/// a string (the byte range of the run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberSite {
    path: Vec<PathStep>,
    digits: Option<(usize, usize)>,
}

/// Every number of `value`, in document order: JSON numbers, and the runs of digits of
/// its strings (object keys are left alone).
pub fn number_sites(value: &Value) -> Vec<NumberSite> {
    let mut out = Vec::new();
    collect(value, &mut Vec::new(), &mut out);
    out
}

fn collect(value: &Value, path: &mut Vec<PathStep>, out: &mut Vec<NumberSite>) {
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
                path.push(PathStep::Index(i));
                collect(item, path, out);
                path.pop();
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                path.push(PathStep::Key(key.clone()));
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
            PathStep::Key(key) => at.get_mut(key.as_str()),
            PathStep::Index(i) => at.get_mut(*i),
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
/// `EXTREME_NUMBERS[extreme % 13]` at site `site % n` of the `n` sites of the value as the
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

/// What a saved form is read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A whole state (`G`).
    State,
    /// A seat's view (`G::View`).
    View,
    /// The game's record so far (`GameRecord<G>`), replayed once read.
    Record,
    /// The configuration (`G::Config`).
    Config,
    /// A form of the game's own (a public part, a position), named.
    Other(&'static str),
}

/// The saved forms of one moment of a game.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Each form with what it is read as.
    pub forms: Vec<(Kind, Value)>,
    /// The first moment of the game at which the caller's test held, or its end: the
    /// moments to try most thoroughly.
    pub remarkable: bool,
    /// The end of the game (or the configuration alone).
    pub end: bool,
}

/// The saved forms of a random game of `config` drawn with `rng`: every `every` steps, at
/// the first step at which `remarkable` holds, and at the end, the state, each seat's view,
/// the record so far and what `extra` adds; then the configuration alone (a remarkable
/// snapshot).
///
/// # Panics
/// If the configuration is refused, or the game refuses its own random step.
pub fn saved_forms<G, R>(
    config: &G::Config,
    rng: &mut R,
    every: usize,
    remarkable: impl Fn(&G) -> bool,
    extra: impl Fn(&G) -> Vec<(Kind, Value)>,
) -> Vec<Snapshot>
where
    G: Game + Serialize,
    G::View: Serialize,
    G::Config: Serialize,
    R: Rng,
{
    let json = |v: &dyn erased::Save| v.save();
    let mut game = G::new(config).unwrap_or_else(|e| panic!("{}: config refused: {e}", G::NAME));
    let mut record = GameRecord::<G>::new(config.clone());
    let mut out = Vec::new();
    let mut seen = false;
    for step in 0.. {
        let first = !seen && remarkable(&game);
        seen |= first;
        if first || step % every.max(1) == every / 2 || game.is_terminal() {
            let mut forms = vec![(Kind::State, json(&game)), (Kind::Record, json(&record))];
            for seat in Seat::all(game.seat_count()) {
                forms.push((Kind::View, json(&game.view(seat))));
            }
            forms.extend(extra(&game));
            out.push(Snapshot {
                forms,
                remarkable: first || game.is_terminal(),
                end: game.is_terminal(),
            });
        }
        match game.to_move() {
            ToMove::Terminal => break,
            ToMove::Seat(seat) => {
                let action = game.sample_legal_action(rng, &mut Vec::new());
                let action = action.expect("a seat to move has a legal action");
                game.apply(action)
                    .unwrap_or_else(|e| panic!("{}: own action refused: {e}", G::NAME));
                record.steps.push(RecordStep::Action(seat, action));
            }
            ToMove::Chance => {
                let outcome = game.sample_chance(rng, &mut Vec::new());
                let outcome = outcome.expect("a chance node has an outcome");
                game.apply_chance(outcome)
                    .unwrap_or_else(|e| panic!("{}: own outcome refused: {e}", G::NAME));
                record.steps.push(RecordStep::Chance(outcome));
            }
        }
    }
    out.push(Snapshot {
        forms: vec![(Kind::Config, json(config))],
        remarkable: true,
        end: true,
    });
    out
}

/// Serialization behind one name, so that forms of several types are made alike.
mod erased {
    pub trait Save {
        fn save(&self) -> serde_json::Value;
    }
    impl<T: serde::Serialize> Save for T {
        fn save(&self) -> serde_json::Value {
            serde_json::to_value(self).expect("a saved form serializes")
        }
    }
}

/// What [`read`] made of a saved form.
#[derive(Debug)]
pub enum Read<G: Game> {
    /// Refused with an error.
    Refused,
    /// A playable game: the state read, the record's replay, or the configuration's
    /// initial state (already written out, read back and played on by [`read`]).
    Game(G),
    /// A view (already written out and read back).
    View(G::View),
    /// A form of the game's own, for the caller to read.
    Other(&'static str, Value),
}

/// Reads `value` as `kind`. What is accepted must be usable: a state is written out and read
/// back equal, then plays on `steps` random steps with the checks of [`play_on`] (so does
/// a record's replay and a configuration's initial state); a view is written out and read
/// back equal. The caller checks the rest of what it returns (views and observations, its
/// own forms).
///
/// # Panics
/// When what is accepted is not usable, or the engine panics on it: the failure the test
/// looks for.
///
/// [`play_on`]: super::play_on
pub fn read<G, R>(kind: Kind, value: Value, steps: usize, rng: &mut R) -> Read<G>
where
    G: Game + Serialize + DeserializeOwned,
    G::View: Serialize + DeserializeOwned,
    G::Config: DeserializeOwned,
    R: Rng,
{
    let at = format!("{} {kind:?} {value}", G::NAME);
    let game = match kind {
        Kind::State => match serde_json::from_value::<G>(value) {
            Ok(game) => game,
            Err(_) => return Read::Refused,
        },
        Kind::Record => match serde_json::from_value::<GameRecord<G>>(value) {
            Ok(record) => match record.replay() {
                Ok(game) => game,
                Err(_) => return Read::Refused,
            },
            Err(_) => return Read::Refused,
        },
        Kind::Config => match serde_json::from_value::<G::Config>(value) {
            Ok(config) => G::new(&config)
                .unwrap_or_else(|e| panic!("{at}: a configuration read is refused: {e}")),
            Err(_) => return Read::Refused,
        },
        Kind::View => {
            return match serde_json::from_value::<G::View>(value) {
                Ok(view) => {
                    let text = serde_json::to_string(&view).expect("a view serializes");
                    let back: G::View = serde_json::from_str(&text)
                        .unwrap_or_else(|e| panic!("{at}: written out, refused: {e}"));
                    assert_eq!(back, view, "{at}: read back differently");
                    Read::View(view)
                }
                Err(_) => Read::Refused,
            };
        }
        Kind::Other(name) => return Read::Other(name, value),
    };
    let text = serde_json::to_string(&game).expect("a state serializes");
    let back: G =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{at}: written out, refused: {e}"));
    assert_eq!(back, game, "{at}: read back differently");
    let mut played = game.clone();
    super::play_on(&mut played, steps, &at, rng);
    Read::Game(game)
}

/// One form of `corpus` (the `pick`-th, counted over every snapshot's forms and taken
/// modulo their number) with the extreme numbers `picks` put in (see [`with_extremes`]),
/// given to `read_form` with its kind: a property test draws `pick`, `picks` and the
/// generator's seed.
///
/// # Panics
/// If the corpus has no form.
pub fn read_picked<R>(
    corpus: &[Snapshot],
    pick: usize,
    picks: &[(usize, usize)],
    rng: &mut R,
    mut read_form: impl FnMut(Kind, Value, &mut R),
) {
    let mut forms = corpus.iter().flat_map(|s| &s.forms);
    let count = forms.clone().count();
    assert!(count > 0, "an empty corpus");
    let (kind, value) = forms.nth(pick % count).expect("in range");
    read_form(*kind, with_extremes(value, picks), rng);
}

/// Every number of the remarkable snapshots of `corpus`, one at a time, takes each extreme
/// value ([`each_extreme`]), and `read_form` reads each changed form. A record is read
/// only before the end (each reading replays it: the records of whole games are left to
/// [`read_picked`]), and one view of the end (the others have the same numbers).
pub fn read_each_extreme<R>(
    corpus: &[Snapshot],
    rng: &mut R,
    mut read_form: impl FnMut(Kind, Value, &mut R),
) {
    for snapshot in corpus.iter().filter(|s| s.remarkable) {
        let mut views = 0;
        for (kind, value) in &snapshot.forms {
            let skip = match kind {
                Kind::View => !snapshot.end || std::mem::replace(&mut views, 1) == 1,
                Kind::Record => snapshot.end,
                _ => false,
            };
            if !skip {
                each_extreme(value, |changed| read_form(*kind, changed, rng));
            }
        }
    }
}

/// Every site of `value` takes each of [`EXTREME_NUMBERS`] in turn, alone: `f` gets each
/// changed value.
pub fn each_extreme(value: &Value, mut f: impl FnMut(Value)) {
    for site in 0..number_sites(value).len() {
        for extreme in 0..EXTREME_NUMBERS.len() {
            f(with_extremes(value, &[(site, extreme)]));
        }
    }
}
