//! A game in progress, for every front end: the command line, the WebAssembly package, the
//! Python module and the server all play through [`Session`].
//!
//! A session holds the game from its start (a configuration, a position or a record), every
//! step since, a seeded generator that draws chance and feeds the bots, who sits in each
//! seat (people and bot specs), and what each seat saw of each step. It plays a person's
//! action, a bot's turn, chance; it takes back a person's decision; it gives a hint; it
//! writes its record, with where the generator stands, so that a session rebuilt from the
//! record goes on exactly as the original would: **the same seed and seats give the same
//! game everywhere**.
//!
//! Every refusal is a [`SessionError`] and leaves the session as it was.
//!
//! ```
//! # #[cfg(feature = "sumeria")]
//! # {
//! use mesopotamia::session::Session;
//! use mesopotamia::sumeria::Sumeria;
//! use mesopotamia::table::BotSpec;
//! use mesopotamia::core::{Described, Game, GameOptions};
//!
//! let config = Sumeria::configure(&GameOptions::new().with_players(3))?;
//! let seats = vec![BotSpec::Greedy, BotSpec::Random, BotSpec::Random];
//! let mut session = Session::<Sumeria>::new(config, 7)?.with_seats(seats)?;
//! session.play_bots()?; // chance and bots until a person is to move, or the end
//! assert!(session.game().standings().is_some());
//!
//! // Rebuilt from its record, it is the same game, and would go on the same way.
//! let again = Session::<Sumeria>::from_record(&session.record())?;
//! assert_eq!(again.game(), session.game());
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use mesopotamia_core::rand_core::SeedableRng;
use mesopotamia_core::{Game, GameRecord, Seat, SeatSet, Step, ToMove};
use rand_chacha::ChaCha8Rng;

use crate::table::{BotSpec, Hint, NamedGame};

mod any;
mod follow;
pub use any::{
    AnySession, HintText, Suggestion, Told, new_session, parse_seats, session_from_position,
};
#[cfg(feature = "serde")]
pub use any::{session_from_config_json, session_from_record, session_from_state_json};

/// A step of a game: a seat's action or a chance outcome.
pub type SessionStep<G> = Step<<G as Game>::Action, <G as Game>::Chance>;

/// What a step of `G` causes, in the game's words.
pub type Event<G> = <G as mesopotamia_core::cases::CaseGame>::Event;

/// A refusal in the game's words, naming the step once: the game's message alone when it
/// names the step itself (`` `tile blue A1` is not legal now: ... ``), else the step first.
fn refusal(what: &str, reason: &str) -> String {
    if reason.contains(&format!("`{what}`")) {
        reason.to_owned()
    } else {
        format!("`{what}`: {reason}")
    }
}

/// Why a session refuses what it is asked; the session is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SessionError {
    /// An action or outcome that does not parse, or an index out of the action space.
    #[error("{0}")]
    Notation(String),
    /// A seat's action when no seat, or another, is to move; an outcome when chance is not
    /// to move.
    #[error("{what}: {to_move} is to move")]
    NotToMove {
        /// What was asked, in notation.
        what: String,
        /// Who is to move.
        to_move: ToMove,
    },
    /// The game refused the step: its own message.
    #[error("{}", refusal(.what, .reason))]
    Refused {
        /// The step, in notation.
        what: String,
        /// The game's message.
        reason: String,
    },
    /// A seat that is not at the table.
    #[error("seat {seat}: the table has seats 0 to {last}")]
    NoSuchSeat {
        /// The seat asked for.
        seat: usize,
        /// The last seat.
        last: usize,
    },
    /// Seat specs that are not one per seat.
    #[error("{given} seat specs for {seats} seats: give one per seat")]
    SeatCount {
        /// Specs given.
        given: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// A bot's turn asked for a seat a person plays, or whose player nobody said.
    #[error("seat {0} is not a bot's: a person plays it, or nobody said who does")]
    NotABot(Seat),
    /// Nothing to take back.
    #[error("nothing to undo: {0}")]
    NothingToUndo(&'static str),
    /// A start (position, record, configuration) that is not a game of this kind, or does
    /// not replay: the reason.
    #[error("{0}")]
    Start(String),
    /// The game broke its contract (a chance node without outcomes, a seat to move with no
    /// legal action, a bot's illegal choice): a bug in a game or a bot.
    #[error("the game broke its contract: {0}")]
    Contract(String),
}

/// What a session keeps of each step.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Played {
    /// Where the generator stood before the step, when the session drew it (`None` for
    /// steps read from a record, before its last).
    rng_before: Option<u64>,
    /// The seats that saw the step as it is (its notation).
    seen_by: SeatSet,
    /// What the other seats saw instead (a swap's count of tiles), if anything.
    shown_to_others: Option<String>,
}

/// A game in progress: see [the module](self).
#[derive(Clone, Debug)]
pub struct Session<G: NamedGame> {
    /// The state the steps start from.
    start: G,
    /// Whether `start` is the configuration's initial state (else the record names it).
    from_initial: bool,
    /// The state now.
    game: G,
    /// Every step from `start`.
    steps: Vec<SessionStep<G>>,
    /// What the session keeps of each step, one per step.
    played: Vec<Played>,
    /// The generator's seed, written in the record.
    seed: u64,
    /// Draws chance and feeds the bots.
    rng: ChaCha8Rng,
    /// Who plays each seat, when said (empty otherwise).
    seats: Vec<BotSpec>,
    /// Hints given so far: each hint searches with a generator of its own, seeded by this
    /// count, so that asking for one changes nothing in the game.
    hints: u64,
}

/// The generator's position: its 32-bit words drawn since its seed. A `u64` holds any
/// position a game reaches (2^64 words is far beyond every game's draws).
fn position(rng: &ChaCha8Rng) -> u64 {
    u64::try_from(rng.get_word_pos()).unwrap_or(u64::MAX)
}

impl<G: NamedGame> Session<G> {
    /// A new game of `config`, its generator seeded with `seed`, nobody seated yet.
    pub fn new(config: G::Config, seed: u64) -> Result<Session<G>, SessionError> {
        let game = G::new(&config).map_err(|e| SessionError::Start(e.to_string()))?;
        Ok(Session::starting_at(game, true, seed))
    }

    /// A game from a position's text (the game's position format, either form), validated:
    /// the error lists every violation. The record names the position as its start.
    pub fn from_position(text: &str, seed: u64) -> Result<Session<G>, SessionError> {
        let game = G::from_position(text).map_err(SessionError::Start)?;
        Ok(Session::starting_at(game, false, seed))
    }

    /// A game from a state (a position already read): the record names its position as
    /// its start.
    pub fn from_state(game: G, seed: u64) -> Session<G> {
        Session::starting_at(game, false, seed)
    }

    fn starting_at(game: G, from_initial: bool, seed: u64) -> Session<G> {
        Session {
            start: game.clone(),
            from_initial,
            game,
            steps: Vec::new(),
            played: Vec::new(),
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            seats: Vec::new(),
            hints: 0,
        }
    }

    /// A game rebuilt from its record: replayed step by step (every step checked), its
    /// seats from the record's `bots`, its generator seeded by the record's `seed` (0 when
    /// it names none) and set where the record says it stood, so that the game goes on as
    /// the one that wrote the record would have.
    pub fn from_record(record: &GameRecord<G>) -> Result<Session<G>, SessionError> {
        let start = G::record_start(record).map_err(SessionError::Start)?;
        let mut session =
            Session::starting_at(start, record.start.is_none(), record.seed.unwrap_or(0));
        for (number, &step) in record.steps.iter().enumerate() {
            session
                .push(step, 0)
                .map_err(|e| SessionError::Start(format!("step {} ({step}): {e}", number + 1)))?;
            session.played[number].rng_before = None;
        }
        if record.end.is_some() && record.end != session.game.end_reason() {
            return Err(SessionError::Start(
                mesopotamia_core::ReplayError::<G::Error>::End {
                    recorded: record.end,
                    found: session.game.end_reason(),
                }
                .to_string(),
            ));
        }
        if let Some(at) = record.rng_position {
            session.rng.set_word_pos(u128::from(at));
        }
        if !record.bots.is_empty() {
            let specs = record
                .bots
                .iter()
                .enumerate()
                .map(|(seat, name)| {
                    name.parse::<BotSpec>().map_err(|e| {
                        SessionError::Start(format!("the record's seat {seat} (`{name}`): {e}"))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            session = session.with_seats(specs)?;
        }
        Ok(session)
    }

    /// The same session with its generator seeded anew with `seed`, from here on: what a
    /// game continued from a record that does not say where its generator stood draws with.
    pub fn reseeded(mut self, seed: u64) -> Session<G> {
        self.seed = seed;
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        for played in &mut self.played {
            played.rng_before = None;
        }
        self
    }

    /// The same session with its seats said: one spec per seat (`person` or a bot).
    pub fn with_seats(mut self, seats: Vec<BotSpec>) -> Result<Session<G>, SessionError> {
        self.set_seats(seats)?;
        Ok(self)
    }

    /// Says who plays each seat: one spec per seat, or none at all (nobody said).
    pub fn set_seats(&mut self, seats: Vec<BotSpec>) -> Result<(), SessionError> {
        let players = self.game.seat_count();
        if !seats.is_empty() && seats.len() != players {
            return Err(SessionError::SeatCount {
                given: seats.len(),
                seats: players,
            });
        }
        self.seats = seats;
        Ok(())
    }

    /// The state now.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The state the steps start from.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// Every step played from the start.
    pub fn steps(&self) -> &[SessionStep<G>] {
        &self.steps
    }

    /// The generator's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Who plays each seat, as said (empty when never said).
    pub fn seats(&self) -> &[BotSpec] {
        &self.seats
    }

    /// Who plays `seat`, if said.
    pub fn seat_spec(&self, seat: Seat) -> Option<BotSpec> {
        self.seats.get(seat.index()).copied()
    }

    /// Whether a person plays `seat`.
    pub fn is_person(&self, seat: Seat) -> bool {
        self.seat_spec(seat) == Some(BotSpec::Person)
    }

    /// The seats people play.
    pub fn people(&self) -> SeatSet {
        Seat::all(self.game.seat_count())
            .filter(|&s| self.is_person(s))
            .collect()
    }

    /// Who acts next.
    pub fn to_move(&self) -> ToMove {
        self.game.to_move()
    }

    /// The seat of that index, if it is at the table.
    pub fn seat(&self, index: usize) -> Result<Seat, SessionError> {
        let seats = self.game.seat_count();
        Seat::new(index)
            .filter(|s| s.index() < seats)
            .ok_or(SessionError::NoSuchSeat {
                seat: index,
                last: seats.saturating_sub(1),
            })
    }

    /// What `seat` saw of step `index` (from 0): its notation if the seat saw it as it
    /// is, what the other seats were shown (`swap 3 tiles`) if that, or `None` for a step
    /// it did not see at all (another seat's secret draw). `None` past the last step.
    pub fn seen(&self, seat: Seat, index: usize) -> Option<String> {
        let (step, played) = (self.steps.get(index)?, self.played.get(index)?);
        if played.seen_by.contains(seat) {
            Some(match step {
                Step::Action(_, action) => action.to_string(),
                Step::Chance(outcome) => outcome.to_string(),
            })
        } else {
            played.shown_to_others.clone()
        }
    }

    /// Step `index` as every seat that did not see it as it is was shown it (a swap's
    /// count of tiles), or as it is when every seat saw it; `None` for a step only some
    /// seats saw and the others not at all (a secret draw), or past the last step.
    pub fn shown(&self, index: usize) -> Option<String> {
        let played = self.played.get(index)?;
        if played.seen_by.len() == self.game.seat_count() {
            return Some(match self.steps.get(index)? {
                Step::Action(_, action) => action.to_string(),
                Step::Chance(outcome) => outcome.to_string(),
            });
        }
        played.shown_to_others.clone()
    }

    /// The seats that saw step `index` as it is (`None` past the last step).
    pub fn seen_by(&self, index: usize) -> Option<SeatSet> {
        self.played.get(index).map(|p| p.seen_by)
    }

    /// Applies one step with its events, keeping what each seat saw of it; the state is
    /// unchanged on error.
    /// `rng_before` is where the generator stood before the step was chosen or drawn.
    fn push(
        &mut self,
        step: SessionStep<G>,
        rng_before: u64,
    ) -> Result<Vec<Event<G>>, SessionError> {
        let rng_before = Some(rng_before);
        let mut events = Vec::new();
        let everyone: SeatSet = Seat::all(self.game.seat_count()).collect();
        let played = match step {
            Step::Action(seat, action) => {
                if self.game.to_move() != ToMove::Seat(seat) {
                    return Err(SessionError::NotToMove {
                        what: format!("seat {seat}'s `{action}`"),
                        to_move: self.game.to_move(),
                    });
                }
                let shown = self.game.action_seen_by_others(action);
                self.game
                    .apply_with_events(action, &mut events)
                    .map_err(|e| SessionError::Refused {
                        what: action.to_string(),
                        reason: e.to_string(),
                    })?;
                if shown == action.to_string() {
                    Played {
                        rng_before,
                        seen_by: everyone,
                        shown_to_others: None,
                    }
                } else {
                    Played {
                        rng_before,
                        seen_by: SeatSet::from_iter([seat]),
                        shown_to_others: Some(shown),
                    }
                }
            }
            Step::Chance(outcome) => {
                if self.game.to_move() != ToMove::Chance {
                    return Err(SessionError::NotToMove {
                        what: format!("`{outcome}`"),
                        to_move: self.game.to_move(),
                    });
                }
                let seen_by = self.game.chance_seen_by();
                self.game
                    .apply_chance_with_events(outcome, &mut events)
                    .map_err(|e| SessionError::Refused {
                        what: outcome.to_string(),
                        reason: e.to_string(),
                    })?;
                Played {
                    rng_before,
                    seen_by,
                    shown_to_others: None,
                }
            }
        };
        self.steps.push(step);
        self.played.push(played);
        Ok(events)
    }

    /// Plays an action of the seat to move; its events.
    pub fn play(&mut self, action: G::Action) -> Result<Vec<Event<G>>, SessionError> {
        let ToMove::Seat(seat) = self.game.to_move() else {
            return Err(SessionError::NotToMove {
                what: format!("`{action}`"),
                to_move: self.game.to_move(),
            });
        };
        let at = position(&self.rng);
        self.push(Step::Action(seat, action), at)
    }

    /// Plays an action given in the game's notation (any letter case the game reads).
    pub fn play_notation(
        &mut self,
        text: &str,
    ) -> Result<(G::Action, Vec<Event<G>>), SessionError> {
        let action: G::Action = text
            .trim()
            .parse()
            .map_err(|e| SessionError::Notation(format!("`{}`: {e}", text.trim())))?;
        let events = self.play(action)?;
        Ok((action, events))
    }

    /// The action of that dense index, or why there is none.
    pub fn action_at(&self, index: usize) -> Result<G::Action, SessionError> {
        self.game.action_from_index(index).ok_or_else(|| {
            SessionError::Notation(format!(
                "no action {index}: the action space is 0 to {}",
                self.game.action_space_size().saturating_sub(1)
            ))
        })
    }

    /// Resolves the pending chance event with `outcome`; its events.
    pub fn play_chance(&mut self, outcome: G::Chance) -> Result<Vec<Event<G>>, SessionError> {
        let at = position(&self.rng);
        self.push(Step::Chance(outcome), at)
    }

    /// Draws the pending chance event's outcome with the session's generator (by weight)
    /// and resolves it.
    pub fn sample_chance(&mut self) -> Result<(G::Chance, Vec<Event<G>>), SessionError> {
        if self.game.to_move() != ToMove::Chance {
            return Err(SessionError::NotToMove {
                what: "a chance draw".to_owned(),
                to_move: self.game.to_move(),
            });
        }
        let before = position(&self.rng);
        let outcome = self
            .game
            .sample_chance(&mut self.rng, &mut Vec::new())
            .ok_or_else(|| SessionError::Contract("a chance node without outcomes".into()))?;
        match self.push(Step::Chance(outcome), before) {
            Ok(events) => Ok((outcome, events)),
            Err(e) => {
                self.rng.set_word_pos(u128::from(before));
                Err(SessionError::Contract(format!(
                    "a drawn outcome is refused: {e}"
                )))
            }
        }
    }

    /// The legal actions of the seat to move, in the game's order (empty at chance and at
    /// the end).
    pub fn legal(&self) -> Vec<G::Action> {
        self.game.legal_action_vec()
    }

    /// The seat to move and its bot, or why a bot cannot play now.
    fn bot_to_move(&self) -> Result<(Seat, BotSpec), SessionError> {
        let ToMove::Seat(seat) = self.game.to_move() else {
            return Err(SessionError::NotToMove {
                what: "a bot's turn".to_owned(),
                to_move: self.game.to_move(),
            });
        };
        match self.seat_spec(seat) {
            Some(spec) if spec != BotSpec::Person => Ok((seat, spec)),
            _ => Err(SessionError::NotABot(seat)),
        }
    }

    /// The bot of the seat to move decides and its action is played: the action and its
    /// events. The bot is made afresh for each decision (a search keeps no tree from one
    /// decision to the next), so that its choice depends only on the state and the
    /// generator: what makes a session rebuilt from its record go on exactly the same.
    pub fn bot_turn(&mut self) -> Result<(G::Action, Vec<Event<G>>), SessionError> {
        let (seat, spec) = self.bot_to_move()?;
        let before = position(&self.rng);
        let chosen = self
            .choose(seat, spec)
            .and_then(|action| Ok((action, self.push(Step::Action(seat, action), before)?)));
        if chosen.is_err() {
            self.rng.set_word_pos(u128::from(before));
        }
        chosen
    }

    /// `spec`'s choice for `seat` (the seat to move) with the session's generator, not
    /// played; a search bot's choice comes with its analysis.
    fn choose(&mut self, seat: Seat, spec: BotSpec) -> Result<G::Action, SessionError> {
        let legal = self.game.legal_action_vec();
        if legal.is_empty() {
            return Err(SessionError::Contract(format!(
                "seat {seat} to move without a legal action"
            )));
        }
        let mut bot = spec.bot::<G>().ok_or(SessionError::NotABot(seat))?;
        let action = bot.choose(&self.game, seat, &legal, &mut self.rng);
        if legal.contains(&action) {
            Ok(action)
        } else {
            Err(SessionError::Contract(format!(
                "{spec} chose `{action}`, which is not legal"
            )))
        }
    }

    /// What a search bot makes of the decision of the seat to move (nothing is played, the
    /// session's generator is not moved): each root action's visits and mean payoff, from
    /// the generator as it stands, so that the choice is the one the bot would make on its
    /// turn. `None` for a spec that is not a search bot.
    pub fn analyse(
        &self,
        spec: BotSpec,
    ) -> Result<Option<mesopotamia_search::mcts::Analysis<G::Action>>, SessionError> {
        let ToMove::Seat(seat) = self.game.to_move() else {
            return Err(SessionError::NotToMove {
                what: "an analysis".to_owned(),
                to_move: self.game.to_move(),
            });
        };
        let Some(bot) = spec.search_bot::<G>() else {
            return Ok(None);
        };
        let legal = self.game.legal_action_vec();
        Ok(bot.analyse(&self.game, seat, &legal, &mut self.rng.clone()))
    }

    /// What `spec` would play for the seat to move (nothing is played, the session's
    /// generator is not moved): the action the bot would choose on its turn.
    pub fn suggest(&self, spec: BotSpec) -> Result<G::Action, SessionError> {
        let ToMove::Seat(seat) = self.game.to_move() else {
            return Err(SessionError::NotToMove {
                what: format!("{spec}'s choice"),
                to_move: self.game.to_move(),
            });
        };
        self.clone().choose(seat, spec)
    }

    /// Chance and bots play on until a person is to move or the game is over. Seats nobody
    /// named are refused ([`SessionError::NotABot`]).
    pub fn play_bots(&mut self) -> Result<(), SessionError> {
        let bound = self.game.max_steps();
        while self.steps.len() <= bound {
            match self.game.to_move() {
                ToMove::Terminal => return Ok(()),
                ToMove::Chance => {
                    self.sample_chance()?;
                }
                ToMove::Seat(seat) if self.is_person(seat) => return Ok(()),
                ToMove::Seat(_) => {
                    self.bot_turn()?;
                }
            }
        }
        Err(SessionError::Contract(format!(
            "beyond the declared bound of {bound} steps"
        )))
    }

    /// A hint for the seat to move ([`crate::table::hint`]: the search among the actions
    /// the greedy evaluation rates best), with a generator of its own: asking for a hint
    /// changes nothing in the game, and the n-th hint of a session is the same everywhere.
    pub fn hint(&mut self) -> Result<Hint<G::Action>, SessionError> {
        let ToMove::Seat(seat) = self.game.to_move() else {
            return Err(SessionError::NotToMove {
                what: "a hint".to_owned(),
                to_move: self.game.to_move(),
            });
        };
        let legal = self.game.legal_action_vec();
        let mut rng = ChaCha8Rng::seed_from_u64(self.hints);
        self.hints += 1;
        crate::table::hint(&self.game, seat, &legal, &mut rng)
            .ok_or_else(|| SessionError::Contract("a seat to move without a legal action".into()))
    }

    /// The state after the first `n` steps, replayed from the start.
    fn replayed(&self, n: usize) -> Result<G, SessionError> {
        let mut game = self.start.clone();
        for (i, step) in self.steps.iter().take(n).enumerate() {
            // Each step was accepted in this order before: a refusal is a broken game.
            let refused = match *step {
                Step::Action(_, action) => game.apply(action).err(),
                Step::Chance(outcome) => game.apply_chance(outcome).err(),
            };
            if let Some(e) = refused {
                return Err(SessionError::Contract(format!(
                    "step {} ({step}) replays no more: {e}",
                    i + 1
                )));
            }
        }
        Ok(game)
    }

    /// Goes back to just before step `n` (0 to the number of steps): the steps from there
    /// dropped, the generator back where it stood (when the session drew that step, else
    /// left where it is).
    pub fn rewind(&mut self, n: usize) -> Result<(), SessionError> {
        if n > self.steps.len() {
            return Err(SessionError::Notation(format!(
                "step {n}: the game has steps 0 to {}",
                self.steps.len()
            )));
        }
        let game = self.replayed(n)?;
        if let Some(at) = self.played.get(n).and_then(|p| p.rng_before) {
            self.rng.set_word_pos(u128::from(at));
        }
        self.game = game;
        self.steps.truncate(n);
        self.played.truncate(n);
        Ok(())
    }

    /// Takes back the last step.
    pub fn undo_step(&mut self) -> Result<(), SessionError> {
        match self.steps.len() {
            0 => Err(SessionError::NothingToUndo("no step has been played")),
            n => self.rewind(n - 1),
        }
    }

    /// Takes back `seat`'s last decision and everything after it: the seat decides again
    /// there, with the same draws to come (the generator goes back too). Returns the steps
    /// taken back.
    pub fn undo(&mut self, seat: Seat) -> Result<usize, SessionError> {
        let last = self
            .steps
            .iter()
            .rposition(|s| matches!(s, Step::Action(by, _) if *by == seat))
            .ok_or(SessionError::NothingToUndo("the seat has not decided yet"))?;
        let taken = self.steps.len() - last;
        self.rewind(last)?;
        Ok(taken)
    }

    /// The session after its first `n` steps, as a new session (seats and generator
    /// copied).
    pub fn at_step(&self, n: usize) -> Result<Session<G>, SessionError> {
        let mut session = self.clone();
        session.rewind(n)?;
        Ok(session)
    }

    /// The game record: configuration, seed, seats, start position (for a game that did
    /// not start at its configuration's start), steps, end, and where the generator stands.
    pub fn record(&self) -> GameRecord<G> {
        let mut record = GameRecord::<G>::new(self.game.config().clone())
            .with_seed(self.seed)
            .with_bots(self.seats.iter().map(ToString::to_string).collect());
        if !self.from_initial {
            record = record.with_start(self.start.position());
        }
        record.steps = self.steps.clone();
        record.end = self.game.end_reason();
        record.rng_position = Some(position(&self.rng));
        record
    }
}
