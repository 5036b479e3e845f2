//! Perft on a game small enough to count by hand, and the data file format.

use core::fmt;
use core::str::FromStr;

use rand_core::Rng;

use super::data::{PerftEntry, parse_perft_file, write_perft_file};
use super::{MAX_DEPTH, PerftError, perft, perft_divide};
use crate::cases::Start;
use crate::game::{Game, ToMove};
use crate::record::Step;
use crate::scoring::Standings;
use crate::seat::Seat;

/// Nim after a die: chance rolls 1 (weight 1) or 2 (weight 5) and the pile starts with one
/// token more; then the seats take 1 or 2 tokens in turn, and the game ends when the pile is
/// empty. Its tree, by hand:
///
/// ```text
/// roll 1 -> pile 2: take 1 -> pile 1: take 1 -> over        (3 steps)
///                   take 2 -> over                          (2 steps)
/// roll 2 -> pile 3: take 1 -> pile 2: take 1 -> take 1 -> over   (4 steps)
///                                     take 2 -> over        (3 steps)
///                   take 2 -> pile 1: take 1 -> over        (3 steps)
/// ```
#[derive(Clone, Debug, PartialEq)]
struct Nim {
    /// `None` before the roll.
    pile: Option<u8>,
    mover: usize,
    /// Lists `take 2` but refuses it (a broken game, for the error's test).
    refuse_two: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Take(u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Roll(u8);

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not that: {0}")]
struct Refused(String);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}", self.0)
    }
}

impl FromStr for Take {
    type Err = Refused;
    fn from_str(s: &str) -> Result<Self, Refused> {
        s.strip_prefix("take ")
            .and_then(|n| n.parse().ok())
            .map(Take)
            .ok_or_else(|| Refused(s.to_owned()))
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "roll {}", self.0)
    }
}

impl FromStr for Roll {
    type Err = Refused;
    fn from_str(s: &str) -> Result<Self, Refused> {
        s.strip_prefix("roll ")
            .and_then(|n| n.parse().ok())
            .map(Roll)
            .ok_or_else(|| Refused(s.to_owned()))
    }
}

impl Game for Nim {
    type Config = bool;
    type Action = Take;
    type Chance = Roll;
    type View = Option<u8>;
    type Error = Refused;
    const NAME: &'static str = "nim";

    fn new(refuse_two: &bool) -> Result<Self, Refused> {
        Ok(Nim {
            pile: None,
            mover: 0,
            refuse_two: *refuse_two,
        })
    }
    fn config(&self) -> &bool {
        &self.refuse_two
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn to_move(&self) -> ToMove {
        match self.pile {
            None => ToMove::Chance,
            Some(0) => ToMove::Terminal,
            Some(_) => ToMove::Seat(Seat::new(self.mover).expect("seat 0 or 1")),
        }
    }
    fn legal_actions(&self, out: &mut Vec<Take>) {
        out.clear();
        if let Some(pile) = self.pile {
            out.extend((1..=pile.min(2)).map(Take));
        }
    }
    fn apply(&mut self, action: Take) -> Result<(), Refused> {
        let pile = self.pile.unwrap_or(0);
        if action.0 == 0 || action.0 > pile.min(2) || (self.refuse_two && action.0 == 2) {
            return Err(Refused(action.to_string()));
        }
        self.pile = Some(pile - action.0);
        self.mover = 1 - self.mover;
        Ok(())
    }
    fn chance_outcomes(&self, out: &mut Vec<(Roll, u32)>) {
        out.clear();
        if self.pile.is_none() {
            out.extend([(Roll(1), 1), (Roll(2), 5)]);
        }
    }
    fn apply_chance(&mut self, outcome: Roll) -> Result<(), Refused> {
        if self.pile.is_some() || !(1..=2).contains(&outcome.0) {
            return Err(Refused(outcome.to_string()));
        }
        self.pile = Some(outcome.0 + 1);
        Ok(())
    }
    fn action_space_size(&self) -> usize {
        2
    }
    fn action_index(&self, action: Take) -> usize {
        usize::from(action.0).saturating_sub(1)
    }
    fn action_from_index(&self, index: usize) -> Option<Take> {
        (index < 2).then(|| Take(index as u8 + 1))
    }
    fn view(&self, _seat: Seat) -> Option<u8> {
        self.pile
    }
    fn standings(&self) -> Option<Standings> {
        // The seat that took the last token (not the one to move) wins.
        self.is_terminal()
            .then(|| Standings::from_keys(&[self.mover == 1, self.mover == 0]))
    }
    fn max_steps(&self) -> usize {
        4
    }
    fn resample_hidden<R: Rng + ?Sized>(&self, _observer: Seat, _rng: &mut R) -> Self {
        self.clone()
    }
}

fn start() -> Nim {
    Nim::new(&false).unwrap()
}

/// Plays every step, the last ones too: the count without bulk counting, for comparison.
fn naive(state: &Nim, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for action in state.legal_action_vec() {
        let mut child = state.clone();
        child.apply(action).unwrap();
        total += naive(&child, depth - 1);
    }
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    for (outcome, _) in outcomes {
        let mut child = state.clone();
        child.apply_chance(outcome).unwrap();
        total += naive(&child, depth - 1);
    }
    total
}

#[test]
fn the_counts_are_the_hand_counts() {
    // Depth 1: the two rolls, one each whatever their weights. Depth 2: two takes after
    // either roll. Depth 3: 1 after roll 1 (take 2 ends the game at 2 steps and counts
    // nothing), 3 after roll 2. Depth 4: only roll 2, take 1, take 1, take 1. Depth 5: none,
    // every game is over by then.
    let counts: Vec<u64> = (0..=6).map(|d| perft(&start(), d).unwrap()).collect();
    assert_eq!(counts, [1, 2, 4, 4, 1, 0, 0]);
    for depth in 0..=6 {
        assert_eq!(perft(&start(), depth).unwrap(), naive(&start(), depth));
    }
}

#[test]
fn the_end_of_the_game_counts_one_at_depth_zero_and_nothing_deeper() {
    let mut over = start();
    over.apply_chance(Roll(1)).unwrap();
    over.apply(Take(2)).unwrap();
    assert!(over.is_terminal());
    assert_eq!(perft(&over, 0).unwrap(), 1);
    assert_eq!(perft(&over, 1).unwrap(), 0);
    assert_eq!(perft(&over, 3).unwrap(), 0);
    assert!(perft_divide(&over, 2).unwrap().is_empty());
}

#[test]
fn divide_splits_the_count_by_first_step() {
    let seat0 = Seat::new(0).unwrap();
    assert_eq!(
        perft_divide(&start(), 3).unwrap(),
        [(Step::Chance(Roll(1)), 1), (Step::Chance(Roll(2)), 3)]
    );
    let mut pile3 = start();
    pile3.apply_chance(Roll(2)).unwrap();
    assert_eq!(
        perft_divide(&pile3, 2).unwrap(),
        [
            (Step::Action(seat0, Take(1)), 2),
            (Step::Action(seat0, Take(2)), 1)
        ]
    );
    // Depth 1: one history under each step.
    assert_eq!(
        perft_divide(&pile3, 1).unwrap(),
        [
            (Step::Action(seat0, Take(1)), 1),
            (Step::Action(seat0, Take(2)), 1)
        ]
    );
    assert!(perft_divide(&pile3, 0).unwrap().is_empty());
}

#[test]
fn a_step_the_game_lists_and_refuses_is_an_error() {
    let broken = Nim::new(&true).unwrap();
    // The last step is counted, not played: the refusal shows one level deeper.
    assert_eq!(perft(&broken, 2).unwrap(), 4);
    let error = perft(&broken, 3).unwrap_err();
    assert_eq!(
        error,
        PerftError::Refused {
            step: Step::Action(Seat::new(0).unwrap(), Take(2)),
            error: Refused("take 2".into()),
        }
    );
    assert_eq!(
        error.to_string(),
        "the game refused `seat 0: take 2`, a step of its own list: not that: take 2"
    );
    let mut pile3 = broken.clone();
    pile3.apply_chance(Roll(2)).unwrap();
    assert!(matches!(
        perft_divide(&pile3, 1),
        Err(PerftError::Refused { .. })
    ));
}

#[test]
fn a_depth_above_the_bound_is_refused() {
    assert_eq!(
        perft(&start(), MAX_DEPTH + 1),
        Err(PerftError::TooDeep(MAX_DEPTH + 1))
    );
    assert_eq!(
        perft_divide(&start(), u32::MAX),
        Err(PerftError::TooDeep(u32::MAX))
    );
    // The bound itself is counted (every game is over long before).
    assert_eq!(perft(&start(), MAX_DEPTH), Ok(0));
}

const FILE: &str = "\
# A comment.

[start] nim
[perft] 1 2 / 2 4 / 3 4
#  A note of
#two lines.
[position]
# A comment of the position's own.
pile 3
mover 0
[perft] 1 2 / 3 1
[position] pile 1 mover 1
[perft] 2 0
";

#[test]
fn a_file_reads_and_writes_back() {
    let entries = parse_perft_file(FILE).unwrap();
    assert_eq!(
        entries,
        [
            PerftEntry {
                line: 3,
                note: String::new(),
                start: Start::Configuration("nim".into()),
                counts: vec![(1, 2), (2, 4), (3, 4)],
            },
            PerftEntry {
                line: 7,
                note: " A note of\ntwo lines.".into(),
                start: Start::Position(
                    "# A comment of the position's own.\npile 3\nmover 0\n".into()
                ),
                counts: vec![(1, 2), (3, 1)],
            },
            // A one-line position.
            PerftEntry {
                line: 12,
                note: String::new(),
                start: Start::Position("pile 1 mover 1\n".into()),
                counts: vec![(2, 0)],
            },
        ]
    );
    assert_eq!(
        entries[1].label(),
        "line 7: [position] # A comment of the position's own."
    );
    let written = write_perft_file("Counts.\n\nOf nim.", &entries);
    assert_eq!(
        written,
        "# Counts.\n#\n# Of nim.\n\n[start] nim\n[perft] 1 2 / 2 4 / 3 4\n\n\
         #  A note of\n# two lines.\n[position]\n# A comment of the position's own.\npile 3\nmover 0\n[perft] 1 2 / 3 1\n\n\
         [position] pile 1 mover 1\n[perft] 2 0\n"
    );
    let again = parse_perft_file(&written).unwrap();
    assert_eq!(
        again
            .iter()
            .map(|e| (&e.note, &e.start, &e.counts))
            .collect::<Vec<_>>(),
        entries
            .iter()
            .map(|e| (&e.note, &e.start, &e.counts))
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_malformed_file_is_refused_with_its_line() {
    let refused = |text: &str, line: usize, words: &str| {
        let error = parse_perft_file(text).unwrap_err();
        assert_eq!(error.line, line, "{text}: {error}");
        assert!(error.to_string().contains(words), "{text}: {error}");
    };
    refused("pile 3\n", 1, "outside an entry");
    refused("[perft] 1 2\n", 1, "without a position");
    refused("[start] nim\n", 1, "no [perft] line");
    refused(
        "[start] nim\n[start] nim\n[perft] 1 2\n",
        2,
        "line 1 has no [perft]",
    );
    refused(
        "[start] nim\npile 3\n[perft] 1 2\n",
        2,
        "between a [start] line",
    );
    refused("[start]\n[perft] 1 2\n", 1, "without a position");
    refused("[position]\n\n[perft] 1 2\n", 1, "without a position");
    refused("[start] nim\n[perft] 1\n", 2, "DEPTH COUNT");
    refused("[start] nim\n[perft] 1 2 3\n", 2, "DEPTH COUNT");
    refused("[start] nim\n[perft]\n", 2, "DEPTH COUNT");
    refused("[start] nim\n[perft] one 2\n", 2, "not a depth");
    refused("[start] nim\n[perft] 1 -2\n", 2, "not a count");
    refused("[start] nim\n[perft] 0 1\n", 2, "depths go from 1 to 20");
    refused("[start] nim\n[perft] 21 1\n", 2, "depths go from 1 to 20");
    refused(
        "[start] nim\n[perft] 2 1 / 2 1\n",
        2,
        "depth 2 after depth 2",
    );
    refused(
        "[start] nim\n[perft] 2 1 / 1 1\n",
        2,
        "depth 1 after depth 2",
    );
    // A tag must be the whole word.
    refused("[startx] nim\n[perft] 1 2\n", 1, "outside an entry");
}
