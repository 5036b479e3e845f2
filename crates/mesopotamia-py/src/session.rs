//! A game in progress as Python sees it: the engine's state, the dense codes of its steps,
//! and what each seat saw of every step (for information-state strings). Generic over the
//! game; `lib.rs` wraps the three games in one Python class.

use mesopotamia_core::ToMove;
use mesopotamia_core::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::engine::{Engine, SeatMask, seat_at};

/// OpenSpiel's player id of chance.
pub(crate) const CHANCE: i64 = -1;
/// OpenSpiel's player id once the game is over.
pub(crate) const TERMINAL: i64 = -4;

/// One step as the seats saw it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Logged {
    /// The seat that acted, or [`CHANCE`].
    actor: i64,
    /// The step in the game's notation.
    text: String,
    /// What the seats outside `seen_by` saw instead (`None`: nothing at all).
    masked: Option<String>,
    /// The seats that saw `text`.
    seen_by: SeatMask,
}

/// Payoffs of `game` in [-1, 1] summing to 0 (1 for sole first, -1 for sole last, shared
/// places shared); zeros before the end.
pub(crate) fn returns<G: Engine>(game: &G) -> Vec<f64> {
    let seats = game.seat_count();
    match game.standings() {
        Some(standings) => mesopotamia_core::Seat::all(seats)
            .map(|s| standings.payoff(s).map_or(0.0, |p| 2.0 * p - 1.0))
            .collect(),
        None => vec![0.0; seats],
    }
}

/// A session as pickled: the game (the engine's JSON, read back through the position
/// checks), the codes of its steps and what each seat saw of them.
#[derive(Serialize)]
struct Saved<'a, G> {
    game: &'a G,
    history: &'a [usize],
    log: &'a [Logged],
}

/// [`Saved`], read back.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Restored<G> {
    game: G,
    history: Vec<usize>,
    log: Vec<Logged>,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub(crate) struct Session<G: Engine> {
    pub(crate) game: G,
    /// The dense code of every step: action indices and chance codes.
    pub(crate) history: Vec<usize>,
    log: Vec<Logged>,
}

impl<G: Engine> Session<G> {
    /// A session starting at `game`, with no steps behind it.
    pub(crate) fn new(game: G) -> Session<G> {
        Session {
            game,
            history: Vec::new(),
            log: Vec::new(),
        }
    }

    /// The seat to move, [`CHANCE`] or [`TERMINAL`].
    pub(crate) fn current_player(&self) -> i64 {
        match self.game.to_move() {
            ToMove::Seat(seat) => seat.index() as i64,
            ToMove::Chance => CHANCE,
            ToMove::Terminal => TERMINAL,
        }
    }

    /// Dense indices of the legal actions, ascending (empty at chance and at the end).
    pub(crate) fn legal_actions(&self) -> Vec<usize> {
        self.game
            .legal_action_vec()
            .into_iter()
            .map(|a| self.game.action_index(a))
            .collect()
    }

    /// 1 for each legal action's index, 0 elsewhere.
    pub(crate) fn legal_mask(&self) -> Vec<u8> {
        self.game.legal_mask().into_iter().map(u8::from).collect()
    }

    /// The outcomes of the pending chance event: code and probability, by code.
    pub(crate) fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        let mut outcomes = Vec::new();
        self.game.chance_outcomes(&mut outcomes);
        let total: f64 = outcomes.iter().map(|&(_, w)| f64::from(w)).sum();
        let mut out: Vec<(usize, f64)> = outcomes
            .into_iter()
            .map(|(o, w)| (self.game.chance_code(o), f64::from(w) / total))
            .collect();
        out.sort_by_key(|&(code, _)| code);
        out
    }

    /// The chance outcome with that code, if one is pending.
    fn chance_from_code(&self, code: usize) -> Option<G::Chance> {
        let mut outcomes = Vec::new();
        self.game.chance_outcomes(&mut outcomes);
        outcomes
            .into_iter()
            .map(|(o, _)| o)
            .find(|&o| self.game.chance_code(o) == code)
    }

    /// Plays an action index, or resolves a chance code at a chance node. On error the
    /// state is unchanged.
    pub(crate) fn apply(&mut self, code: i64) -> Result<(), String> {
        let index = usize::try_from(code).map_err(|_| format!("no action {code}"))?;
        match self.game.to_move() {
            ToMove::Terminal => Err(format!("no action {code}: the game is over")),
            ToMove::Chance => {
                let outcome = self.chance_from_code(index).ok_or_else(|| {
                    let codes: Vec<String> = self
                        .chance_outcomes()
                        .iter()
                        .map(|(c, _)| c.to_string())
                        .collect();
                    format!(
                        "{index} is not an outcome of the pending chance event (outcomes {})",
                        codes.join(", ")
                    )
                })?;
                let seen_by = self
                    .game
                    .chance_seen_by()
                    .iter()
                    .fold(0, |mask: SeatMask, s| mask | 1 << s.index());
                self.game.apply_chance(outcome).map_err(|e| e.to_string())?;
                self.log.push(Logged {
                    actor: CHANCE,
                    text: outcome.to_string(),
                    masked: None,
                    seen_by,
                });
                self.history.push(index);
                Ok(())
            }
            ToMove::Seat(seat) => {
                let action = self.game.action_from_index(index).ok_or_else(|| {
                    format!(
                        "no action {index}: the action space is 0 to {}",
                        self.game.action_space_size() - 1
                    )
                })?;
                let shown = self.game.action_seen_by_others(action);
                self.game.apply(action).map_err(|e| e.to_string())?;
                let masked = (shown != action.to_string()).then_some(shown);
                let seen_by = if masked.is_some() {
                    1 << seat.index()
                } else {
                    crate::engine::ALL_SEATS
                };
                self.log.push(Logged {
                    actor: seat.index() as i64,
                    text: action.to_string(),
                    masked,
                    seen_by,
                });
                self.history.push(index);
                Ok(())
            }
        }
    }

    /// Parses an action in the game's notation and plays it; returns its index.
    pub(crate) fn apply_notation(&mut self, text: &str) -> Result<usize, String> {
        let action: G::Action =
            text.trim()
                .parse()
                .map_err(|e: <G::Action as core::str::FromStr>::Err| {
                    format!("not an action: `{}`: {e}", text.trim())
                })?;
        let index = self.game.action_index(action);
        if self.game.to_move() == ToMove::Chance {
            return Err(format!("`{action}`: a chance event is pending"));
        }
        self.apply(index as i64)?;
        Ok(index)
    }

    /// The notation of an action index (player ≥ 0) or a chance code (player [`CHANCE`]).
    pub(crate) fn action_to_string(&self, player: i64, code: i64) -> Result<String, String> {
        let index = usize::try_from(code).map_err(|_| format!("no action {code}"))?;
        if player == CHANCE {
            if let Some(outcome) = self.chance_from_code(index) {
                return Ok(outcome.to_string());
            }
            return Ok(format!("chance outcome {index}"));
        }
        self.game
            .action_from_index(index)
            .map(|a| a.to_string())
            .ok_or_else(|| {
                format!(
                    "no action {index}: the action space is 0 to {}",
                    self.game.action_space_size() - 1
                )
            })
    }

    /// Payoffs in [-1, 1] summing to 0 (1 for sole first, -1 for sole last, shared places
    /// shared); zeros before the end.
    pub(crate) fn returns(&self) -> Vec<f64> {
        returns(&self.game)
    }

    /// The seat's view as JSON.
    pub(crate) fn view_json(&self, seat: i64) -> Result<String, String> {
        let seat = seat_at(seat, self.game.seat_count())?;
        serde_json::to_string(&self.game.view(seat)).map_err(|e| e.to_string())
    }

    /// The seat's observation tensor.
    pub(crate) fn observation(&self, seat: i64) -> Result<Vec<f32>, String> {
        let seat = seat_at(seat, self.game.seat_count())?;
        Ok(self.game.observation(seat))
    }

    /// Everything the seat has seen, in order: each step as it saw it, then its view now.
    pub(crate) fn information_state(&self, seat: i64) -> Result<String, String> {
        let view = self.view_json(seat)?;
        let bit: SeatMask = 1 << seat;
        let mut out = format!("seat {seat}\n");
        for step in &self.log {
            let who = if step.actor == CHANCE {
                "chance".to_owned()
            } else {
                format!("seat {}", step.actor)
            };
            let seen = if step.seen_by & bit != 0 {
                Some(step.text.as_str())
            } else {
                step.masked.as_deref()
            };
            out.push_str(&who);
            out.push_str(": ");
            out.push_str(seen.unwrap_or("?"));
            out.push('\n');
        }
        out.push_str(&view);
        Ok(out)
    }

    /// Everything the session holds, as JSON (for pickling): the game, the codes of its
    /// steps and what each seat saw of them.
    pub(crate) fn save(&self) -> Result<String, String> {
        serde_json::to_string(&Saved {
            game: &self.game,
            history: &self.history,
            log: &self.log,
        })
        .map_err(|e| e.to_string())
    }

    /// A session from what [`Session::save`] wrote; the game goes through its position
    /// checks, and the steps must be one per log entry, each by chance or a seat at the table.
    pub(crate) fn restore(text: &str) -> Result<Session<G>, String> {
        let saved: Restored<G> = serde_json::from_str(text)
            .map_err(|e| format!("not a saved {} state: {e}", G::NAME))?;
        let seats = saved.game.seat_count();
        if saved.history.len() != saved.log.len() {
            return Err(format!(
                "not a saved {} state: {} step codes for {} logged steps",
                G::NAME,
                saved.history.len(),
                saved.log.len()
            ));
        }
        let space = saved.game.action_space_size().max(G::MAX_CHANCE_OUTCOMES);
        for (i, (&code, step)) in saved.history.iter().zip(&saved.log).enumerate() {
            let actor_ok =
                step.actor == CHANCE || usize::try_from(step.actor).is_ok_and(|seat| seat < seats);
            if !actor_ok || code >= space {
                return Err(format!(
                    "not a saved {} state: step {i} (code {code}, by {}) is not a step of this game",
                    G::NAME,
                    step.actor
                ));
            }
        }
        Ok(Session {
            game: saved.game,
            history: saved.history,
            log: saved.log,
        })
    }

    /// The state as the engine's JSON.
    pub(crate) fn serialize(&self) -> Result<String, String> {
        serde_json::to_string(&self.game).map_err(|e| e.to_string())
    }

    /// A state the seat cannot tell from this one, hidden information redrawn from `seed`.
    pub(crate) fn resample_hidden(&self, seat: i64, seed: u64) -> Result<Session<G>, String> {
        let seat = seat_at(seat, self.game.seat_count())?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        Ok(Session {
            game: self.game.resample_hidden(seat, &mut rng),
            history: self.history.clone(),
            log: self.log.clone(),
        })
    }

    /// The returns at the end of a uniform random playout from here (chance by its odds),
    /// played inside Rust from `seed`; the session is unchanged.
    pub(crate) fn rollout(&self, seed: u64) -> Result<Vec<f64>, String> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = self.game.clone();
        mesopotamia_core::driver::random_playout(
            &mut game,
            &mut rng,
            &mut Vec::new(),
            &mut Vec::new(),
        )
        .map_err(|e| e.to_string())?;
        Ok(returns(&game))
    }

    /// Upper bound on the steps of a game of this configuration.
    pub(crate) fn max_steps(&self) -> usize {
        self.game.max_steps()
    }

    /// The observation layout: (name, shape) of each piece.
    pub(crate) fn layout(config: &G::Config) -> Vec<(String, Vec<usize>)> {
        G::layout(config)
            .pieces
            .into_iter()
            .map(|p| (p.name.to_owned(), p.shape))
            .collect()
    }
}
