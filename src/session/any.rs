//! A session of any game, behind one object-safe trait: what a front end that is told the
//! game at run time holds (the WebAssembly package's `Game`, the Python module's `Session`,
//! a server's table). Actions, outcomes and seats are in notation and numbers; events and
//! views are text with their pieces marked.

use core::any::Any;

use mesopotamia_core::describe::GameDescription;
use mesopotamia_core::marks::MarkedString;
use mesopotamia_core::observation::Layout;
use mesopotamia_core::table::{Fact, Gesture, Piece, SeatFacts, TableFacts};
use mesopotamia_core::{GameOptions, Seat, Step, ToMove};

use super::{Session, SessionError};
use crate::games::{self, GameVisitor};
use crate::table::{BotSpec, NamedGame};

/// A step played and what it caused, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    /// The step in notation (an action or a chance outcome).
    pub step: String,
    /// What it caused, each event's text with its pieces marked.
    pub events: Vec<MarkedString>,
}

/// A bot's choice for the seat to move, not played.
#[derive(Clone, Debug, PartialEq)]
pub struct Suggestion {
    /// The action, in notation.
    pub action: String,
    /// For a search bot: each root action's visits and mean payoff, most visited first.
    pub analysis: Option<Vec<(String, u32, f64)>>,
    /// For a search bot: its iterations.
    pub iterations: Option<u32>,
}

/// A hint, in notation ([`crate::table::Hint`]).
#[derive(Clone, Debug, PartialEq)]
pub struct HintText {
    /// The action suggested.
    pub action: String,
    /// Each candidate searched and its share of the visits, most visited first.
    pub shares: Vec<(String, f64)>,
    /// The legal actions the evaluation ranked.
    pub legal: usize,
    /// The search's iterations.
    pub iterations: u32,
}

/// A session of any game: what a front end told the game at run time holds (see [the
/// session](crate::session)).
pub trait AnySession: Send + Sync {
    /// The game's description.
    fn description(&self) -> &'static GameDescription;
    /// Seats at the table.
    fn players(&self) -> usize;
    /// Who acts next.
    fn to_move(&self) -> ToMove;
    /// The seat of that number, if it is at the table.
    fn seat(&self, index: usize) -> Result<Seat, SessionError>;
    /// The legal actions of the seat to move, in notation, in the game's order.
    fn legal(&self) -> Vec<String>;
    /// Their dense indices, ascending.
    fn legal_indices(&self) -> Vec<usize>;
    /// The size of the dense action space.
    fn action_space_size(&self) -> usize;
    /// The notation of the action with that index.
    fn action_text(&self, index: usize) -> Result<String, SessionError>;
    /// The index of an action in notation.
    fn action_index(&self, notation: &str) -> Result<usize, SessionError>;
    /// Plays an action in notation.
    fn play(&mut self, notation: &str) -> Result<Told, SessionError>;
    /// Plays the action of that index.
    fn play_index(&mut self, index: usize) -> Result<Told, SessionError>;
    /// The pending chance event's outcomes and weights (empty unless chance is to move).
    fn chance_outcomes(&self) -> Vec<(String, u32)>;
    /// Resolves chance with an outcome in notation.
    fn play_chance(&mut self, outcome: &str) -> Result<Told, SessionError>;
    /// Draws the pending outcome with the session's generator and resolves it.
    fn sample_chance(&mut self) -> Result<Told, SessionError>;
    /// Resolves chance until a seat is to move or the game is over.
    fn advance(&mut self) -> Result<Vec<Told>, SessionError>;
    /// The bot of the seat to move plays.
    fn bot_turn(&mut self) -> Result<Told, SessionError>;
    /// Chance and bots play until a person is to move or the game is over.
    fn play_bots(&mut self) -> Result<(), SessionError>;
    /// What `spec` would play now (nothing moves).
    fn suggest(&self, spec: BotSpec) -> Result<Suggestion, SessionError>;
    /// What `spec` would play now with a generator seeded by `seed` in place of the
    /// session's (nothing moves, the session's generator included): the same choice for
    /// the same state, spec and seed, unless the spec is a time budget. What a program
    /// seating one of our bots against its own agent asks at each decision.
    fn suggest_seeded(&self, spec: BotSpec, seed: u64) -> Result<Suggestion, SessionError>;
    /// A hint for the seat to move.
    fn hint(&mut self) -> Result<HintText, SessionError>;
    /// The seat's view, its pieces marked.
    fn view_text(&self, seat: Seat) -> MarkedString;
    /// The seat's view as JSON.
    #[cfg(feature = "serde")]
    fn view_json(&self, seat: Seat) -> Result<String, SessionError>;
    /// The seat's observation tensor.
    fn observation(&self, seat: Seat) -> Vec<f32>;
    /// The position text, hidden information included.
    fn position(&self) -> String;
    /// The position on one line.
    fn position_compact(&self) -> String;
    /// The record as pretty JSON.
    #[cfg(feature = "serde")]
    fn record_json(&self) -> Result<String, SessionError>;
    /// The record as the game text.
    fn record_text(&self) -> Result<String, SessionError>;
    /// The last step as the record writes it (`{"action": [0, "pass"]}`, `{"chance":
    /// "draw red"}`) and where the generator stands after it; `None` before the first step.
    /// What a server stores step by step, without writing the whole record each time.
    #[cfg(feature = "serde")]
    fn last_step_json(&self) -> Result<Option<(String, u64)>, SessionError>;
    /// Plays one step written as the record writes it (another writer's, caught up with),
    /// checked as every step is, then sets the generator where `rng_position` says it stood
    /// after it. Refused, the session unchanged, if the step does not read or is not legal.
    #[cfg(feature = "serde")]
    fn play_step_json(&mut self, step: &str, rng_position: u64) -> Result<(), SessionError>;
    /// Every step: its seat (`None` for chance) and notation.
    fn steps(&self) -> Vec<(Option<usize>, String)>;
    /// What `seat` saw of step `index` ([`Session::seen`]).
    fn seen(&self, seat: Seat, index: usize) -> Option<String>;
    /// What a spectator (every seat that did not see it as it is) was shown of step `index`
    /// ([`Session::shown`]).
    fn shown(&self, index: usize) -> Option<String>;
    /// Takes back the last step.
    fn undo_step(&mut self) -> Result<(), SessionError>;
    /// Takes back `seat`'s last decision and what followed; the steps taken back.
    fn undo(&mut self, seat: Seat) -> Result<usize, SessionError>;
    /// The session after its first `n` steps, as a new one.
    fn at_step(&self, n: usize) -> Result<Box<dyn AnySession>, SessionError>;
    /// Who plays each seat (empty when never said).
    fn seats(&self) -> Vec<String>;
    /// Says who plays each seat: one spec per seat, each checked.
    fn set_seats(&mut self, specs: &[String]) -> Result<(), SessionError>;
    /// The ranks by seat once the game is over (1 is first; ties share).
    fn ranks(&self) -> Option<Vec<u8>>;
    /// Each seat's score now ([`Described::score`](mesopotamia_core::Described::score)).
    fn scores(&self) -> Vec<u32>;
    /// Each legal action in notation with its gesture (the piece taken, the place), in the
    /// order of [`legal`](AnySession::legal): what an interface highlights and plays.
    fn gestures(&self) -> Vec<(String, Gesture)>;
    /// The gesture of any action in notation (a past move, a hint), legal now or not.
    fn gesture_of(&self, notation: &str) -> Result<Gesture, SessionError>;
    /// The pieces `seat` can take: its hand and its pieces on the board.
    fn pieces(&self, seat: Seat) -> Vec<Piece>;
    /// What everyone sees of the table: actions left, the bag or deck, the round.
    fn table_facts(&self) -> Vec<Fact>;
    /// What `viewer` (`None`: a spectator) sees of `seat`'s standing: its running score
    /// when visible, and its VP or influence.
    fn seat_facts(&self, seat: Seat, viewer: Option<Seat>) -> SeatFacts;
    /// The table's facts and every seat's standing as `viewer` (`None`: a spectator) sees
    /// them ([`AtTheTable::facts`](mesopotamia_core::table::AtTheTable::facts)).
    fn facts(&self, viewer: Option<Seat>) -> TableFacts;
    /// Why the game ended, once it has: `rules` or `turn-limit`.
    fn end_reason(&self) -> Option<&'static str>;
    /// The position as an SVG picture.
    #[cfg(feature = "svg")]
    fn svg(&self) -> String;
    /// An independent copy.
    fn clone_box(&self) -> Box<dyn AnySession>;

    // What front ends for learning code ask of a session (the Python module's `State`):
    // chance by dense index, payoffs, hidden information redrawn, the state as data.

    /// The session as [`Any`], to reach the [`Session`] of the game behind it: a front end
    /// that visits the game by name ([`games::visit`]) downcasts to `Session<G>`.
    fn as_any(&self) -> &dyn Any;
    /// Whether `other` is a session of the same game whose state now equals this one's (the
    /// steps that led there, the seats and the generator aside).
    fn same_state(&self, other: &dyn AnySession) -> bool;
    /// Chance indices are below this
    /// ([`Observe::CHANCE_OUTCOMES`](mesopotamia_core::observation::Observe::CHANCE_OUTCOMES)).
    fn chance_space(&self) -> usize;
    /// The pending chance event's outcomes by their dense indices
    /// ([`Observe::chance_index`](mesopotamia_core::observation::Observe::chance_index),
    /// stable across states) with their weights, by index (empty unless chance is to move).
    fn chance_indices(&self) -> Vec<(usize, u32)>;
    /// The notation of the pending outcome of that index.
    fn chance_text(&self, index: usize) -> Result<String, SessionError>;
    /// Resolves chance with the pending outcome of that index.
    fn play_chance_index(&mut self, index: usize) -> Result<Told, SessionError>;
    /// Every step's dense index: an action's index in the action space, a chance
    /// outcome's chance index.
    fn step_indices(&self) -> Vec<usize>;
    /// Each seat's payoff once the game is over, from 1 (sole first) to 0 (sole last),
    /// places shared by tied seats shared ([`Standings::payoff`]); `None` before.
    ///
    /// [`Standings::payoff`]: mesopotamia_core::Standings::payoff
    fn payoffs(&self) -> Option<Vec<f64>>;
    /// The payoffs at the end of a uniform random game from here (chance by its weights),
    /// drawn with a generator seeded with `seed`; the session is unchanged.
    fn random_payoffs(&self, seed: u64) -> Result<Vec<f64>, SessionError>;
    /// An upper bound on the steps of a game of this configuration, chance included.
    fn max_steps(&self) -> usize;
    /// The pieces of the observation tensor ([`AnySession::observation`]).
    fn observation_layout(&self) -> Layout;
    /// A session from a state `seat` cannot tell from this one, what it cannot see redrawn
    /// with a generator seeded with `seed` ([`Game::resample_hidden`]). It starts at the
    /// redrawn state (its record names it as its start), with the same seats and its own
    /// generator, seeded with `seed`.
    ///
    /// [`Game::resample_hidden`]: mesopotamia_core::Game::resample_hidden
    fn resample_hidden(&self, seat: Seat, seed: u64) -> Box<dyn AnySession>;
    /// The state now as the game's JSON ([`session_from_state_json`] reads it).
    #[cfg(feature = "serde")]
    fn state_json(&self) -> Result<String, SessionError>;
    /// The configuration as the game's JSON ([`session_from_config_json`] reads it).
    #[cfg(feature = "serde")]
    fn config_json(&self) -> Result<String, SessionError>;
    /// Plays the action of that index, or at a chance node resolves the outcome of that
    /// chance index, without putting into words what it caused: for loops that read no
    /// events (a learner's thousands of steps a second).
    fn play_code(&mut self, index: usize) -> Result<(), SessionError>;

    // What the web page asks of a session.

    /// The picture of what `seat` may see ([`crate::pictures::view_svg`]).
    #[cfg(feature = "svg")]
    fn view_svg(&self, seat: Seat) -> String;
    /// Takes the steps a record of this game (JSON or the game text) adds to it and where its
    /// generator stands ([`Session::follow`]): the steps taken.
    #[cfg(feature = "serde")]
    fn follow_record(&mut self, text: &str) -> Result<usize, SessionError>;
}

impl Clone for Box<dyn AnySession> {
    fn clone(&self) -> Box<dyn AnySession> {
        self.clone_box()
    }
}

fn told<G: NamedGame>(step: String, events: &[super::Event<G>]) -> Told {
    Told {
        step,
        events: events.iter().map(MarkedString::of).collect(),
    }
}

impl<G: NamedGame> Session<G> {
    fn parse_action(&self, notation: &str) -> Result<G::Action, SessionError> {
        notation
            .trim()
            .parse()
            .map_err(|e| SessionError::Notation(format!("`{}`: {e}", notation.trim())))
    }
}

impl<G: NamedGame> AnySession for Session<G> {
    fn description(&self) -> &'static GameDescription {
        G::DESCRIPTION
    }

    fn players(&self) -> usize {
        self.game.seat_count()
    }

    fn to_move(&self) -> ToMove {
        self.game.to_move()
    }

    fn seat(&self, index: usize) -> Result<Seat, SessionError> {
        Session::seat(self, index)
    }

    fn legal(&self) -> Vec<String> {
        self.legal().iter().map(ToString::to_string).collect()
    }

    fn legal_indices(&self) -> Vec<usize> {
        self.legal()
            .into_iter()
            .map(|a| self.game.action_index(a))
            .collect()
    }

    fn action_space_size(&self) -> usize {
        self.game.action_space_size()
    }

    fn action_text(&self, index: usize) -> Result<String, SessionError> {
        self.action_at(index).map(|a| a.to_string())
    }

    fn action_index(&self, notation: &str) -> Result<usize, SessionError> {
        self.parse_action(notation)
            .map(|a| self.game.action_index(a))
    }

    fn play(&mut self, notation: &str) -> Result<Told, SessionError> {
        let action = self.parse_action(notation)?;
        let events = Session::play(self, action)?;
        Ok(told::<G>(action.to_string(), &events))
    }

    fn play_index(&mut self, index: usize) -> Result<Told, SessionError> {
        let action = self.action_at(index)?;
        let events = Session::play(self, action)?;
        Ok(told::<G>(action.to_string(), &events))
    }

    fn chance_outcomes(&self) -> Vec<(String, u32)> {
        let mut outcomes = Vec::new();
        self.game.chance_outcomes(&mut outcomes);
        outcomes
            .into_iter()
            .map(|(o, w)| (o.to_string(), w))
            .collect()
    }

    fn play_chance(&mut self, outcome: &str) -> Result<Told, SessionError> {
        let outcome: G::Chance = outcome
            .trim()
            .parse()
            .map_err(|e| SessionError::Notation(format!("`{}`: {e}", outcome.trim())))?;
        let events = Session::play_chance(self, outcome)?;
        Ok(told::<G>(outcome.to_string(), &events))
    }

    fn sample_chance(&mut self) -> Result<Told, SessionError> {
        let (outcome, events) = Session::sample_chance(self)?;
        Ok(told::<G>(outcome.to_string(), &events))
    }

    fn advance(&mut self) -> Result<Vec<Told>, SessionError> {
        let mut out = Vec::new();
        while self.game.to_move() == ToMove::Chance && out.len() <= self.game.max_steps() {
            out.push(AnySession::sample_chance(self)?);
        }
        Ok(out)
    }

    fn bot_turn(&mut self) -> Result<Told, SessionError> {
        let (action, events) = Session::bot_turn(self)?;
        Ok(told::<G>(action.to_string(), &events))
    }

    fn play_bots(&mut self) -> Result<(), SessionError> {
        Session::play_bots(self)
    }

    fn suggest(&self, spec: BotSpec) -> Result<Suggestion, SessionError> {
        match self.analyse(spec)? {
            Some(analysis) => Ok(Suggestion {
                action: analysis.choice.to_string(),
                analysis: Some(
                    analysis
                        .actions
                        .iter()
                        .map(|(a, visits, value)| (a.to_string(), *visits, *value))
                        .collect(),
                ),
                iterations: Some(analysis.iterations),
            }),
            None => Ok(Suggestion {
                action: Session::suggest(self, spec)?.to_string(),
                analysis: None,
                iterations: None,
            }),
        }
    }

    fn suggest_seeded(&self, spec: BotSpec, seed: u64) -> Result<Suggestion, SessionError> {
        use mesopotamia_core::rand_core::SeedableRng;
        let mut session = self.clone();
        session.rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        AnySession::suggest(&session, spec)
    }

    fn hint(&mut self) -> Result<HintText, SessionError> {
        let hint = Session::hint(self)?;
        Ok(HintText {
            action: hint.action.to_string(),
            shares: hint
                .shares
                .iter()
                .map(|(a, share)| (a.to_string(), *share))
                .collect(),
            legal: hint.legal,
            iterations: hint.iterations,
        })
    }

    fn gestures(&self) -> Vec<(String, Gesture)> {
        self.legal()
            .into_iter()
            .map(|a| (a.to_string(), G::gesture(a)))
            .collect()
    }

    fn gesture_of(&self, notation: &str) -> Result<Gesture, SessionError> {
        self.parse_action(notation).map(G::gesture)
    }

    fn pieces(&self, seat: Seat) -> Vec<Piece> {
        self.game.pieces(seat)
    }

    fn table_facts(&self) -> Vec<Fact> {
        self.game.table_facts()
    }

    fn seat_facts(&self, seat: Seat, viewer: Option<Seat>) -> SeatFacts {
        self.game.seat_facts(seat, viewer)
    }

    fn facts(&self, viewer: Option<Seat>) -> TableFacts {
        self.game.facts(viewer)
    }

    fn view_text(&self, seat: Seat) -> MarkedString {
        MarkedString::of(&self.game.view(seat))
    }

    #[cfg(feature = "serde")]
    fn view_json(&self, seat: Seat) -> Result<String, SessionError> {
        serde_json::to_string(&self.game.view(seat))
            .map_err(|e| SessionError::Contract(format!("a view that is not data: {e}")))
    }

    fn observation(&self, seat: Seat) -> Vec<f32> {
        mesopotamia_core::observation::Observe::observation(&self.game, seat)
    }

    fn position(&self) -> String {
        self.game.position()
    }

    fn position_compact(&self) -> String {
        use mesopotamia_core::Setup as _;
        <G as mesopotamia_core::cases::CaseGame>::Position::from_game(&self.game).to_one_line()
    }

    #[cfg(feature = "serde")]
    fn record_json(&self) -> Result<String, SessionError> {
        crate::table::write_record(&self.record())
            .map_err(|e| SessionError::Contract(e.to_string()))
    }

    fn record_text(&self) -> Result<String, SessionError> {
        mesopotamia_core::record::text::write(&self.record())
            .map_err(|e| SessionError::Start(e.to_string()))
    }

    #[cfg(feature = "serde")]
    fn last_step_json(&self) -> Result<Option<(String, u64)>, SessionError> {
        let Some(step) = self.steps.last() else {
            return Ok(None);
        };
        let json =
            serde_json::to_string(step).map_err(|e| SessionError::Contract(e.to_string()))?;
        Ok(Some((json, super::position(&self.rng))))
    }

    #[cfg(feature = "serde")]
    fn play_step_json(&mut self, step: &str, rng_position: u64) -> Result<(), SessionError> {
        use serde_json::Value;
        let unread = || {
            SessionError::Notation(format!(
                "`{step}` is not a step: {{\"action\": [seat, notation]}} or {{\"chance\": outcome}}"
            ))
        };
        let value: Value = serde_json::from_str(step).map_err(|_| unread())?;
        let Value::Object(fields) = &value else {
            return Err(unread());
        };
        match (fields.len(), fields.get("action"), fields.get("chance")) {
            (1, Some(Value::Array(action)), None) if action.len() == 2 => {
                let seat = action[0]
                    .as_u64()
                    .and_then(|s| usize::try_from(s).ok())
                    .ok_or_else(unread)?;
                let notation = action[1].as_str().ok_or_else(unread)?;
                let seat = Session::seat(self, seat)?;
                if self.game.to_move() != ToMove::Seat(seat) {
                    return Err(SessionError::NotToMove {
                        what: format!("seat {seat}'s `{notation}`"),
                        to_move: self.game.to_move(),
                    });
                }
                AnySession::play(self, notation)?;
            }
            (1, None, Some(Value::String(outcome))) => {
                AnySession::play_chance(self, outcome)?;
            }
            _ => return Err(unread()),
        }
        self.rng.set_word_pos(u128::from(rng_position));
        Ok(())
    }

    fn steps(&self) -> Vec<(Option<usize>, String)> {
        self.steps
            .iter()
            .map(|step| match step {
                Step::Action(seat, action) => (Some(seat.index()), action.to_string()),
                Step::Chance(outcome) => (None, outcome.to_string()),
            })
            .collect()
    }

    fn seen(&self, seat: Seat, index: usize) -> Option<String> {
        Session::seen(self, seat, index)
    }

    fn shown(&self, index: usize) -> Option<String> {
        Session::shown(self, index)
    }

    fn undo_step(&mut self) -> Result<(), SessionError> {
        Session::undo_step(self)
    }

    fn undo(&mut self, seat: Seat) -> Result<usize, SessionError> {
        Session::undo(self, seat)
    }

    fn at_step(&self, n: usize) -> Result<Box<dyn AnySession>, SessionError> {
        Ok(Box::new(Session::at_step(self, n)?))
    }

    fn seats(&self) -> Vec<String> {
        self.seats.iter().map(ToString::to_string).collect()
    }

    fn set_seats(&mut self, specs: &[String]) -> Result<(), SessionError> {
        let specs = parse_seats(specs, self.game.seat_count())?;
        Session::set_seats(self, specs)
    }

    fn ranks(&self) -> Option<Vec<u8>> {
        self.game.standings().map(|s| s.ranks().to_vec())
    }

    fn scores(&self) -> Vec<u32> {
        Seat::all(self.game.seat_count())
            .map(|seat| self.game.score(seat))
            .collect()
    }

    fn end_reason(&self) -> Option<&'static str> {
        self.game.end_reason().map(|reason| match reason {
            mesopotamia_core::EndReason::TurnLimit => "turn-limit",
            _ => "rules",
        })
    }

    #[cfg(feature = "svg")]
    fn svg(&self) -> String {
        mesopotamia_core::svg::position(&self.game, &mesopotamia_core::svg::Options::default())
    }

    fn clone_box(&self) -> Box<dyn AnySession> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same_state(&self, other: &dyn AnySession) -> bool {
        other
            .as_any()
            .downcast_ref::<Session<G>>()
            .is_some_and(|other| other.game == self.game)
    }

    fn chance_space(&self) -> usize {
        G::CHANCE_OUTCOMES
    }

    fn chance_indices(&self) -> Vec<(usize, u32)> {
        let mut outcomes = Vec::new();
        self.game.chance_outcomes(&mut outcomes);
        let mut indexed: Vec<(usize, u32)> = outcomes
            .into_iter()
            .map(|(outcome, weight)| (self.game.chance_index(outcome), weight))
            .collect();
        indexed.sort_unstable_by_key(|&(index, _)| index);
        indexed
    }

    fn chance_text(&self, index: usize) -> Result<String, SessionError> {
        self.pending_chance(index).map(|o| o.to_string())
    }

    fn play_chance_index(&mut self, index: usize) -> Result<Told, SessionError> {
        let outcome = self.pending_chance(index)?;
        let events = Session::play_chance(self, outcome)?;
        Ok(told::<G>(outcome.to_string(), &events))
    }

    fn step_indices(&self) -> Vec<usize> {
        self.steps
            .iter()
            .map(|step| match *step {
                Step::Action(_, action) => self.game.action_index(action),
                // Stable across states: the state now gives the index any state would.
                Step::Chance(outcome) => self.game.chance_index(outcome),
            })
            .collect()
    }

    fn payoffs(&self) -> Option<Vec<f64>> {
        payoffs(&self.game)
    }

    fn random_payoffs(&self, seed: u64) -> Result<Vec<f64>, SessionError> {
        use mesopotamia_core::rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut game = self.game.clone();
        mesopotamia_core::driver::random_playout(
            &mut game,
            &mut rng,
            &mut Vec::new(),
            &mut Vec::new(),
        )
        .map_err(|e| SessionError::Contract(e.to_string()))?;
        payoffs(&game).ok_or_else(|| SessionError::Contract("a playout that did not end".into()))
    }

    fn max_steps(&self) -> usize {
        self.game.max_steps()
    }

    fn observation_layout(&self) -> Layout {
        G::layout(self.game.config())
    }

    fn resample_hidden(&self, seat: Seat, seed: u64) -> Box<dyn AnySession> {
        use mesopotamia_core::rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut session = Session::from_state(self.game.resample_hidden(seat, &mut rng), seed);
        session.seats.clone_from(&self.seats);
        Box::new(session)
    }

    #[cfg(feature = "serde")]
    fn state_json(&self) -> Result<String, SessionError> {
        serde_json::to_string(&self.game)
            .map_err(|e| SessionError::Contract(format!("a state that is not data: {e}")))
    }

    #[cfg(feature = "serde")]
    fn config_json(&self) -> Result<String, SessionError> {
        serde_json::to_string(self.game.config())
            .map_err(|e| SessionError::Contract(format!("a configuration that is not data: {e}")))
    }

    fn play_code(&mut self, index: usize) -> Result<(), SessionError> {
        if self.game.to_move() == ToMove::Chance {
            let outcome = self.pending_chance(index)?;
            Session::play_chance(self, outcome).map(|_| ())
        } else {
            let action = self.action_at(index)?;
            Session::play(self, action).map(|_| ())
        }
    }

    #[cfg(feature = "svg")]
    fn view_svg(&self, seat: Seat) -> String {
        crate::pictures::view_svg(&self.game, seat)
    }

    #[cfg(feature = "serde")]
    fn follow_record(&mut self, text: &str) -> Result<usize, SessionError> {
        let record = super::follow::read::<G>(text)?;
        self.follow(&record)
    }
}

impl<G: NamedGame> Session<G> {
    /// The pending chance outcome of that dense index, or why there is none.
    fn pending_chance(&self, index: usize) -> Result<G::Chance, SessionError> {
        if self.game.to_move() != ToMove::Chance {
            return Err(SessionError::NotToMove {
                what: format!("chance outcome {index}"),
                to_move: self.game.to_move(),
            });
        }
        self.game.chance_at(index).ok_or_else(|| {
            let pending: Vec<String> = AnySession::chance_indices(self)
                .iter()
                .map(|(i, _)| i.to_string())
                .collect();
            SessionError::Notation(format!(
                "{index} is not an outcome of the pending chance event (outcomes {})",
                pending.join(", ")
            ))
        })
    }
}

/// Each seat's payoff once `game` is over.
fn payoffs<G: NamedGame>(game: &G) -> Option<Vec<f64>> {
    let standings = game.standings()?;
    Some(
        Seat::all(game.seat_count())
            .map(|seat| standings.payoff(seat).unwrap_or(0.0))
            .collect(),
    )
}

/// One spec per seat, each checked; the error names the seat.
pub fn parse_seats(specs: &[String], players: usize) -> Result<Vec<BotSpec>, SessionError> {
    if specs.len() != players {
        return Err(SessionError::SeatCount {
            given: specs.len(),
            seats: players,
        });
    }
    specs
        .iter()
        .enumerate()
        .map(|(seat, spec)| {
            spec.parse()
                .map_err(|e| SessionError::Start(format!("seat {seat}: {e}")))
        })
        .collect()
}

/// A new game of the game named `name`, with these options, its generator seeded with
/// `seed`.
pub fn new_session(
    name: &str,
    options: &GameOptions,
    seed: u64,
) -> Result<Box<dyn AnySession>, SessionError> {
    struct New<'a>(&'a GameOptions, u64);
    impl GameVisitor for New<'_> {
        type Out = Result<Box<dyn AnySession>, SessionError>;
        fn visit<G: NamedGame>(self) -> Self::Out {
            let config = G::configure(self.0).map_err(|e| SessionError::Start(e.to_string()))?;
            Ok(Box::new(Session::<G>::new(config, self.1)?))
        }
    }
    games::visit(name, New(options, seed)).map_err(|e| SessionError::Start(e.to_string()))?
}

/// A game of the game named `name` from a position's text, validated.
pub fn session_from_position(
    name: &str,
    text: &str,
    seed: u64,
) -> Result<Box<dyn AnySession>, SessionError> {
    struct FromPosition<'a>(&'a str, u64);
    impl GameVisitor for FromPosition<'_> {
        type Out = Result<Box<dyn AnySession>, SessionError>;
        fn visit<G: NamedGame>(self) -> Self::Out {
            Ok(Box::new(Session::<G>::from_position(self.0, self.1)?))
        }
    }
    games::visit(name, FromPosition(text, seed)).map_err(|e| SessionError::Start(e.to_string()))?
}

/// A game rebuilt from its record (JSON, or the game text), of whichever game it names;
/// with `name`, the record must be of that game.
#[cfg(feature = "serde")]
pub fn session_from_record(
    name: Option<&str>,
    text: &str,
) -> Result<Box<dyn AnySession>, SessionError> {
    use mesopotamia_core::record::text as game_text;
    let game = if game_text::is_game_text(text) {
        game_text::game_of(text)
            .ok_or_else(|| SessionError::Start("a game text without a `Game` header".into()))?
    } else {
        crate::table::record_game(text)
            .map_err(|e| SessionError::Start(e.to_string()))?
            .name
            .to_owned()
    };
    if let Some(name) = name
        && name != game
    {
        return Err(SessionError::Start(format!(
            "the record is of game `{game}`, not `{name}`"
        )));
    }
    struct FromRecord<'a>(&'a str);
    impl GameVisitor for FromRecord<'_> {
        type Out = Result<Box<dyn AnySession>, SessionError>;
        fn visit<G: NamedGame>(self) -> Self::Out {
            let record = if game_text::is_game_text(self.0) {
                game_text::read::<G>(self.0).map_err(|e| SessionError::Start(e.to_string()))?
            } else {
                crate::table::read_record::<G>(self.0)
                    .map_err(|e| SessionError::Start(e.to_string()))?
            };
            Ok(Box::new(Session::<G>::from_record(&record)?))
        }
    }
    games::visit(&game, FromRecord(text)).map_err(|e| SessionError::Start(e.to_string()))?
}

/// A game of the game named `name` from a state as the game's JSON
/// ([`AnySession::state_json`]), read through the game's checks of a position; the record
/// names it as its start.
#[cfg(feature = "serde")]
pub fn session_from_state_json(
    name: &str,
    text: &str,
    seed: u64,
) -> Result<Box<dyn AnySession>, SessionError> {
    struct FromState<'a>(&'a str, u64);
    impl GameVisitor for FromState<'_> {
        type Out = Result<Box<dyn AnySession>, SessionError>;
        fn visit<G: NamedGame>(self) -> Self::Out {
            let game: G = serde_json::from_str(self.0)
                .map_err(|e| SessionError::Start(format!("not a {} state: {e}", G::NAME)))?;
            Ok(Box::new(Session::<G>::from_state(game, self.1)))
        }
    }
    games::visit(name, FromState(text, seed)).map_err(|e| SessionError::Start(e.to_string()))?
}

/// A new game of the game named `name` from its configuration as the game's JSON
/// ([`AnySession::config_json`]), checked by the game.
#[cfg(feature = "serde")]
pub fn session_from_config_json(
    name: &str,
    text: &str,
    seed: u64,
) -> Result<Box<dyn AnySession>, SessionError> {
    struct FromConfig<'a>(&'a str, u64);
    impl GameVisitor for FromConfig<'_> {
        type Out = Result<Box<dyn AnySession>, SessionError>;
        fn visit<G: NamedGame>(self) -> Self::Out {
            let config: G::Config = serde_json::from_str(self.0).map_err(|e| {
                SessionError::Start(format!("not a {} configuration: {e}", G::NAME))
            })?;
            Ok(Box::new(Session::<G>::new(config, self.1)?))
        }
    }
    games::visit(name, FromConfig(text, seed)).map_err(|e| SessionError::Start(e.to_string()))?
}
