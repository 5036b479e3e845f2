//! Playing a game for the fuzz targets: random steps with cheap checks, steered steps, and
//! the contract's expensive checks where the input asks for them.

use mesopotamia_core::Setup;
use mesopotamia_core::cases::CaseGame;
use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::{Game, Seat, ToMove};

use crate::games::FuzzGame;
use crate::rng::SplitMix64;

/// Mixed into the input's seed for the checks' own generator, so that checks and probes
/// (which draw) never change the game the seed plays.
const CHECK_STREAM: u64 = 0xC0DE_C0DE_C0DE_C0DE;

/// How thoroughly random steps are checked (bits; every step is played through the checked
/// `apply`, and the game's cheap invariants are checked after it, at every level).
pub mod level {
    /// Only what every step has.
    pub const PLAIN: u8 = 0;
    /// At each decision, a random index of the action space is tried on a copy: refused
    /// with the copy unchanged, or listed.
    pub const PROBE: u8 = 1;
    /// At each step, the legal list (or the chance outcomes) is written out: non-empty,
    /// strictly ascending, and the sampler's draw is exactly the reference draw from it.
    pub const LIST: u8 = 2;
}

/// How much [`check`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Depth {
    /// Clones equal; standings and an end reason exactly at the end; the legal list (or
    /// outcomes) exactly when a seat (or chance) is to move, ascending, indices in the
    /// space and round-tripping; two listed actions accepted and two random indices
    /// refused unless listed; where no seat decides, a random index refused.
    Quick,
    /// And: every listed action's notation round-trips (and one plays the same through
    /// `apply_notation`), `action_seen_by_others` and `chance_seen_by` answer, every
    /// outcome is accepted;
    /// the position text and the state's JSON read back to the same state, the public
    /// part's and one seat's view's JSON read back equal; `resample_hidden` keeps each
    /// seat's view, who is to move and the legal list of the seat to move.
    Deep,
    /// And every [`WHOLE_STRIDE`]-th action of the space, from a random start: accepted
    /// exactly when listed, refused with the state unchanged; the legal mask counts the
    /// legal list.
    Whole,
}

/// A game under test, the generators that play it and the checks' buffers.
pub struct Driver<G: FuzzGame> {
    /// The state.
    pub game: G,
    /// Plays the random steps.
    rng: SplitMix64,
    /// Draws for the checks and the input's probes.
    check_rng: SplitMix64,
    legal: Vec<G::Action>,
    listed: Vec<G::Action>,
    outcomes: Vec<(G::Chance, u32)>,
    events: Vec<G::Event>,
    /// A copy to try refused actions on.
    scratch: Option<G>,
    /// Steps played since the driver started.
    pub steps: usize,
    /// Bound on the steps from here ([`Game::max_steps`]).
    bound: usize,
}

impl<G: FuzzGame> Driver<G> {
    /// Drives `game`, its random steps played from `seed`.
    pub fn new(game: G, seed: u64) -> Driver<G> {
        let bound = game.max_steps();
        Driver {
            game,
            rng: SplitMix64::new(seed),
            check_rng: SplitMix64::new(seed ^ CHECK_STREAM),
            legal: Vec::new(),
            listed: Vec::new(),
            outcomes: Vec::new(),
            events: Vec::new(),
            scratch: None,
            steps: 0,
            bound,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.to_move() == ToMove::Terminal
    }

    /// Up to `n` random steps checked at `level`; `false` once the game is over.
    pub fn random_steps(&mut self, n: usize, level: u8) -> bool {
        for _ in 0..n {
            if !self.random_step(level) {
                return false;
            }
        }
        !self.is_over()
    }

    /// One random step: a legal action drawn uniformly (or a chance outcome by weight)
    /// by the game's own sampler, played through the checked `apply`, which must accept
    /// it; then the game's cheap invariants. More checks by `level`. `false` at the end
    /// (which must have standings and no legal action).
    pub fn random_step(&mut self, level: u8) -> bool {
        let marks = self.game.marks();
        match self.game.to_move() {
            ToMove::Terminal => {
                self.check_end();
                return false;
            }
            ToMove::Chance => {
                let reference = (level & level::LIST != 0).then(|| self.rng.clone());
                let outcome = self
                    .game
                    .sample_chance(&mut self.rng, &mut self.outcomes)
                    .expect("a chance node has an outcome to draw");
                if let Some(mut reference) = reference {
                    self.game.chance_outcomes(&mut self.outcomes);
                    check_outcomes::<G>(&self.outcomes);
                    if G::EXACT_SAMPLING {
                        let drawn = sample_weighted(&mut reference, &self.outcomes);
                        assert!(
                            drawn == Some(outcome),
                            "the sampler drew {outcome}, the reference {drawn:?}"
                        );
                    } else {
                        assert!(
                            self.outcomes.iter().any(|&(o, _)| o == outcome),
                            "{outcome} drawn but not listed"
                        );
                    }
                }
                if let Err(e) = self.game.apply_chance(outcome) {
                    panic!("drawn outcome {outcome} refused: {e}");
                }
            }
            ToMove::Seat(_) => {
                let reference = (level & level::LIST != 0).then(|| self.rng.clone());
                let action = self
                    .game
                    .sample_legal_action(&mut self.rng, &mut self.legal)
                    .expect("a seat to move has a legal action to draw");
                let listed = reference.is_some();
                if let Some(mut reference) = reference {
                    self.game.legal_actions(&mut self.legal);
                    assert!(
                        !self.legal.is_empty(),
                        "a seat to move without a legal action"
                    );
                    assert!(
                        self.legal.windows(2).all(|w| w[0] < w[1]),
                        "legal actions not strictly ascending"
                    );
                    if G::EXACT_SAMPLING {
                        let i = uniform_below(&mut reference, self.legal.len() as u32) as usize;
                        assert!(
                            self.legal[i] == action,
                            "the sampler drew {action}, the reference {}",
                            self.legal[i]
                        );
                    } else {
                        assert!(
                            self.legal.binary_search(&action).is_ok(),
                            "{action} drawn but not listed"
                        );
                    }
                }
                if level & level::PROBE != 0 {
                    let index = self.check_rng.below(self.game.action_space_size());
                    self.try_on_copy(index, listed);
                }
                if let Err(e) = self.game.apply(action) {
                    panic!("drawn action {action} refused: {e}");
                }
            }
        }
        self.game.check_step(&marks);
        self.count_step();
        true
    }

    fn count_step(&mut self) {
        self.steps += 1;
        assert!(
            self.steps <= self.bound,
            "more than max_steps = {} steps",
            self.bound
        );
    }

    fn check_end(&mut self) {
        assert!(
            self.game.standings().is_some(),
            "a finished game without standings"
        );
        assert!(
            self.game.end_reason().is_some(),
            "a finished game without a reason"
        );
        self.game.legal_actions(&mut self.legal);
        assert!(self.legal.is_empty(), "legal actions after the end");
    }

    /// The action of `index` tried on a copy: accepted only if listed; refused, the copy
    /// unchanged (and, when `self.legal` holds the legal list, not listed).
    fn try_on_copy(&mut self, index: usize, have_list: bool) {
        let action = self
            .game
            .action_from_index(index)
            .unwrap_or_else(|| panic!("index {index} in range names no action"));
        let scratch = match &mut self.scratch {
            Some(s) => {
                s.clone_from(&self.game);
                s
            }
            None => self.scratch.insert(self.game.clone()),
        };
        if scratch.apply(action).is_ok() {
            if !have_list {
                self.game.legal_actions(&mut self.legal);
            }
            assert!(
                self.legal.binary_search(&action).is_ok(),
                "{action} accepted but not listed"
            );
        } else {
            assert!(*scratch == self.game, "refusing {action} changed the state");
            if have_list {
                assert!(
                    self.legal.binary_search(&action).is_err(),
                    "{action} listed but refused"
                );
            }
        }
    }

    /// The steered step: the legal action (or chance outcome) at `fraction / 224` of the
    /// list, applied with events collected and, on a copy, without: both states equal, each
    /// event printable.
    pub fn pick(&mut self, fraction: u8) {
        let marks = self.game.marks();
        let mut plain = self.game.clone();
        self.events.clear();
        match self.game.to_move() {
            ToMove::Terminal => return,
            ToMove::Chance => {
                self.game.chance_outcomes(&mut self.outcomes);
                let (outcome, _) = self.outcomes[fraction as usize * self.outcomes.len() / 224];
                if let Err(e) = plain.apply_chance(outcome) {
                    panic!("listed outcome {outcome} refused: {e}");
                }
                CaseGame::apply_chance_with_events(&mut self.game, outcome, &mut self.events)
                    .unwrap_or_else(|e| {
                        panic!("listed outcome {outcome} refused with events: {e}")
                    });
            }
            ToMove::Seat(_) => {
                self.game.legal_actions(&mut self.legal);
                let action = self.legal[fraction as usize * self.legal.len() / 224];
                if let Err(e) = plain.apply(action) {
                    panic!("listed action {action} refused: {e}");
                }
                CaseGame::apply_with_events(&mut self.game, action, &mut self.events)
                    .unwrap_or_else(|e| panic!("listed action {action} refused with events: {e}"));
            }
        }
        assert!(plain == self.game, "collecting events changed the game");
        for e in &self.events {
            let _ = e.to_string();
        }
        self.game.check_step(&marks);
        self.count_step();
    }

    /// The action of a raw index (reduced into the action space): accepted exactly when
    /// listed, and then played; refused, the state unchanged. Nothing at chance nodes and
    /// at the end.
    pub fn try_raw(&mut self, raw: usize) {
        if !matches!(self.game.to_move(), ToMove::Seat(_)) {
            return;
        }
        let index = raw % self.game.action_space_size();
        self.game.legal_actions(&mut self.legal);
        let action = self
            .game
            .action_from_index(index)
            .unwrap_or_else(|| panic!("index {index} in range names no action"));
        if self.legal.binary_search(&action).is_err() {
            self.try_on_copy(index, true);
            return;
        }
        let marks = self.game.marks();
        if let Err(e) = self.game.apply(action) {
            panic!("listed action {action} refused: {e}");
        }
        self.game.check_step(&marks);
        self.count_step();
    }

    /// A probe of the input's: a raw index drawn by the checks' generator.
    pub fn probe(&mut self) {
        let raw = self.check_rng.next_u64() as usize;
        self.try_raw(raw);
    }

    /// The contract's checks on the current state (see [`check`]).
    pub fn check(&mut self, depth: Depth) {
        check(&self.game, &mut self.check_rng, depth, &mut self.listed);
    }
}

/// Chance outcomes sorted, unique, with positive weights.
fn check_outcomes<G: Game>(outcomes: &[(G::Chance, u32)]) {
    assert!(
        outcomes.windows(2).all(|w| w[0].0 < w[1].0),
        "chance outcomes not sorted and unique"
    );
    assert!(
        outcomes.iter().all(|&(_, w)| w > 0),
        "a chance outcome of weight 0"
    );
}

/// The contract's checks on one state, as far as `depth` says (see [`Depth`]); `legal` is
/// a buffer.
///
/// # Panics
/// On the first broken rule, saying which.
pub fn check<G: FuzzGame>(
    game: &G,
    rng: &mut SplitMix64,
    depth: Depth,
    legal: &mut Vec<G::Action>,
) {
    assert!(game.clone() == *game, "a clone differs");
    let to_move = game.to_move();
    let over = to_move == ToMove::Terminal;
    assert_eq!(
        game.standings().is_some(),
        over,
        "standings exactly at the end"
    );
    assert_eq!(
        game.end_reason().is_some(),
        over,
        "an end reason exactly at the end"
    );
    game.legal_actions(legal);
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    assert_eq!(
        !legal.is_empty(),
        matches!(to_move, ToMove::Seat(_)),
        "legal actions exactly when a seat is to move"
    );
    assert_eq!(
        !outcomes.is_empty(),
        to_move == ToMove::Chance,
        "chance outcomes exactly at a chance node"
    );
    check_outcomes::<G>(&outcomes);
    check_legal(game, legal, rng, depth);
    if depth == Depth::Quick {
        return;
    }
    for &(outcome, _) in &outcomes {
        let text = outcome.to_string();
        let parsed: G::Chance = text
            .parse()
            .unwrap_or_else(|e| panic!("outcome `{text}` does not parse back: {e}"));
        assert!(parsed == outcome, "outcome notation round trip of `{text}`");
        let mut copy = game.clone();
        if let Err(e) = copy.apply_chance(outcome) {
            panic!("listed outcome {outcome} refused: {e}");
        }
    }
    if to_move == ToMove::Chance {
        let seen = game.chance_seen_by();
        assert!(
            seen.iter().all(|s| s.index() < game.seat_count()),
            "a draw seen by a seat not at the table"
        );
    }
    for &action in legal.iter() {
        let text = action.to_string();
        let parsed: G::Action = text
            .parse()
            .unwrap_or_else(|e| panic!("notation `{text}` does not parse back: {e}"));
        assert!(parsed == action, "notation round trip of `{text}`");
        let _ = game.action_seen_by_others(action);
    }
    if let Some(&action) = legal.get(rng.below(legal.len())) {
        let (mut by_text, mut by_action) = (game.clone(), game.clone());
        let text = action.to_string();
        match by_text.apply_notation(&text) {
            Ok(played) => assert!(played == action, "`{text}` played as {played}"),
            Err(e) => panic!("listed `{text}` refused in notation: {e}"),
        }
        by_action.apply(action).expect("a listed action");
        assert!(by_text == by_action, "`{text}` in notation plays otherwise");
    }
    round_trips(game);
    let seats = game.seat_count();
    let shown = Seat::all(seats).nth(rng.below(seats)).expect("a seat");
    json_round_trip(&game.view(shown), "view");
    for seat in Seat::all(seats) {
        let other = game.resample_hidden(seat, rng);
        assert!(
            other.view(seat) == game.view(seat),
            "seat {seat}'s view changed when its hidden information was resampled"
        );
        assert_eq!(
            other.to_move(),
            to_move,
            "resampling changed who is to move"
        );
        if to_move == ToMove::Seat(seat) {
            assert!(
                other.legal_action_vec() == *legal,
                "resampling changed the legal actions of the seat to move"
            );
        }
    }
}

/// The position text and the state's JSON read back to the same state; the public part's
/// JSON reads back equal.
pub fn round_trips<G: FuzzGame>(game: &G) {
    let text = <G as CaseGame>::Position::from_game(game).to_string();
    match G::from_position(&text) {
        Ok(back) => assert!(back == *game, "position round trip\n{text}"),
        Err(e) => panic!("a playable state's position is refused: {e}\n{text}"),
    }
    let json = serde_json::to_string(game).expect("a state serializes");
    match serde_json::from_str::<G>(&json) {
        Ok(back) => assert!(back == *game, "state JSON round trip\n{json}"),
        Err(e) => panic!("a playable state's JSON is refused: {e}\n{json}"),
    }
    json_round_trip(game.public_part(), "public part");
}

/// [`Depth::Whole`] tries every this-many-th index of the action space.
pub const WHOLE_STRIDE: usize = 4;

/// The legal list against the action space (see [`Depth`]).
fn check_legal<G: Game>(game: &G, legal: &[G::Action], rng: &mut SplitMix64, depth: Depth) {
    let size = game.action_space_size();
    assert!(
        legal.windows(2).all(|w| w[0] < w[1]),
        "legal actions not strictly ascending"
    );
    let mut previous = None;
    for &action in legal {
        let index = game.action_index(action);
        assert!(
            index < size,
            "{action}'s index {index} beyond the space {size}"
        );
        assert!(previous < Some(index), "legal indices not ascending");
        previous = Some(index);
        assert!(
            game.action_from_index(index) == Some(action),
            "index round trip of {action}"
        );
    }
    if legal.is_empty() {
        // At a chance node or the end no seat decides: any action is refused, the state
        // unchanged.
        if let Some(action) = game.action_from_index(rng.below(size)) {
            let mut scratch = game.clone();
            assert!(
                scratch.apply(action).is_err(),
                "{action} accepted where no seat decides"
            );
            assert!(scratch == *game, "refusing {action} changed the state");
        }
        return;
    }
    let mut scratch = game.clone();
    let try_index = |index: usize, scratch: &mut G| {
        let action = game
            .action_from_index(index)
            .unwrap_or_else(|| panic!("index {index} of {size} names no action"));
        assert_eq!(
            game.action_index(action),
            index,
            "index round trip of {action}"
        );
        if legal.binary_search(&action).is_ok() {
            if let Err(e) = scratch.apply(action) {
                panic!("listed action {action} refused: {e}");
            }
            scratch.clone_from(game);
        } else {
            assert!(
                scratch.apply(action).is_err(),
                "{action} accepted but not listed"
            );
            assert!(*scratch == *game, "refusing {action} changed the state");
        }
    };
    if depth == Depth::Whole {
        // A quarter of the space, from a random start: each index is some input's, and the
        // check costs the fuzzer a quarter of the time.
        let mut index = rng.below(WHOLE_STRIDE);
        while index < size {
            try_index(index, &mut scratch);
            index += WHOLE_STRIDE;
        }
        assert!(
            game.action_from_index(size).is_none(),
            "an action beyond the space"
        );
        let mask = game.legal_mask();
        assert_eq!(
            mask.iter().filter(|&&m| m).count(),
            legal.len(),
            "the legal mask and the list disagree"
        );
    } else {
        for _ in 0..2 {
            let action = legal[rng.below(legal.len())];
            try_index(game.action_index(action), &mut scratch);
            try_index(rng.below(size), &mut scratch);
        }
    }
}

/// A value's JSON reads back equal.
pub fn json_round_trip<T>(value: &T, what: &str)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let json = serde_json::to_string(value).unwrap_or_else(|e| panic!("{what}: {e}"));
    match serde_json::from_str::<T>(&json) {
        Ok(back) => assert!(back == *value, "{what}: JSON round trip\n{json}"),
        Err(e) => panic!("{what}: its own JSON is refused: {e}\n{json}"),
    }
}
