//! A session of any game, behind one object-safe trait: what a front end that is told the
//! game at run time holds (the WebAssembly package's `Game`, the Python module's `Session`,
//! a server's table). Actions, outcomes and seats are in notation and numbers; events and
//! views are text with their pieces marked.

use mesopotamia_core::describe::GameDescription;
use mesopotamia_core::marks::MarkedString;
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
    /// Every step: its seat (`None` for chance) and notation.
    fn steps(&self) -> Vec<(Option<usize>, String)>;
    /// What `seat` saw of step `index` ([`Session::seen`]).
    fn seen(&self, seat: Seat, index: usize) -> Option<String>;
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
    /// Why the game ended, once it has: `rules` or `turn-limit`.
    fn end_reason(&self) -> Option<&'static str>;
    /// The position as an SVG picture.
    #[cfg(feature = "svg")]
    fn svg(&self) -> String;
    /// An independent copy.
    fn clone_box(&self) -> Box<dyn AnySession>;
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
