//! Whole games played inside Rust for Python: one summary per game (`Game.play_games`),
//! and self-play data, one row per decision (`Game.selfplay`), in columns that become
//! numpy arrays without a Python object per value.

use mesopotamia::core::rand_core::SeedableRng;
use mesopotamia::core::record::Step;
use mesopotamia::core::{EndReason, Seat};
use mesopotamia::games::GameVisitor;
use mesopotamia::search::{Bot, MatchOutcome, RandomBot, play_match, play_match_observed};
use mesopotamia::session::{AnySession, Session};
use mesopotamia::table::{BotSpec, Budget, NamedGame};
use rand_chacha::ChaCha8Rng;

/// What one game played inside Rust came to.
#[derive(Clone, Debug)]
pub(crate) struct Summary {
    pub returns: Vec<f64>,
    /// Ranks as people count them (1, 1, 3); wider than the engine's u8 so that Python
    /// gets a list (a `Vec<u8>` becomes `bytes`).
    pub ranks: Vec<u32>,
    /// Each seat's score (the figure the standings rank by first).
    pub scores: Vec<u32>,
    pub steps: usize,
    pub end: &'static str,
}

impl Summary {
    fn of<G: NamedGame>(outcome: &MatchOutcome<G>) -> Summary {
        let state = &outcome.state;
        let ranks = state
            .standings()
            .map(|s| s.ranks().iter().map(|&r| u32::from(r)).collect())
            .unwrap_or_default();
        let end = match state.end_reason() {
            Some(EndReason::TurnLimit) => "turn-limit",
            _ => "rules",
        };
        Summary {
            returns: returns(state),
            ranks,
            scores: Seat::all(state.seat_count())
                .map(|s| state.score(s))
                .collect(),
            steps: outcome.record.steps.len(),
            end,
        }
    }
}

/// The table for one game: `bots` is one spec for every seat or one per seat, separated by
/// commas; plain `mcts` searches `iterations` per decision if given, else the game's default.
fn table<G: NamedGame>(
    bots: &str,
    seats: usize,
    iterations: Option<u32>,
) -> Result<Vec<Box<dyn Bot<G> + Send>>, String> {
    let names: Vec<&str> = bots.split(',').map(str::trim).collect();
    if names.len() != 1 && names.len() != seats {
        return Err(format!(
            "{} bots for {seats} seats: give one name, or one per seat",
            names.len()
        ));
    }
    (0..seats)
        .map(|s| {
            let name = names.get(s).copied().unwrap_or(names[0]);
            let spec = name.parse::<BotSpec>().map_err(|e| e.to_string())?;
            match (spec, iterations) {
                (BotSpec::Mcts(Budget::Default), Some(n)) => Ok(Box::new(G::mcts_bot(n)) as _),
                (BotSpec::Person, _) => {
                    Err("bot `person`: a batch of games is played by bots only".into())
                }
                (spec, _) => Ok(spec.bot::<G>().unwrap_or_else(|| Box::new(RandomBot))),
            }
        })
        .collect()
}

/// Payoffs of `game` in [-1, 1] summing to 0 (1 for sole first, -1 for sole last, shared
/// places shared); zeros before the end.
fn returns<G: NamedGame>(game: &G) -> Vec<f64> {
    let seats = game.seat_count();
    match game.standings() {
        Some(standings) => Seat::all(seats)
            .map(|s| standings.payoff(s).map_or(0.0, |p| 2.0 * p - 1.0))
            .collect(),
        None => vec![0.0; seats],
    }
}

/// What `play_games` and `selfplay` are asked: the games, the first seed, the bots.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Batch<'a> {
    pub count: usize,
    pub seed: u64,
    pub bots: &'a str,
    pub iterations: Option<u32>,
}

/// A batch of games of the configuration of `start` (a session at its start), played as
/// [`play_games`] plays them, for whichever game it is.
pub(crate) fn play_games_of(
    start: &dyn AnySession,
    batch: Batch<'_>,
) -> Result<Vec<Summary>, String> {
    struct Play<'a>(&'a dyn AnySession, Batch<'a>);
    impl GameVisitor for Play<'_> {
        type Out = Result<Vec<Summary>, String>;
        fn visit<G: NamedGame>(self) -> Self::Out {
            play_games::<G>(config_of::<G>(self.0)?, self.1)
        }
    }
    mesopotamia::games::visit(start.description().name, Play(start, batch))
        .map_err(|e| e.to_string())?
}

/// Self-play rows of the configuration of `start`, as [`selfplay`] plays them.
pub(crate) fn selfplay_of(start: &dyn AnySession, batch: Batch<'_>) -> Result<Rows, String> {
    struct SelfPlay<'a>(&'a dyn AnySession, Batch<'a>);
    impl GameVisitor for SelfPlay<'_> {
        type Out = Result<Rows, String>;
        fn visit<G: NamedGame>(self) -> Self::Out {
            selfplay::<G>(config_of::<G>(self.0)?, self.1)
        }
    }
    mesopotamia::games::visit(start.description().name, SelfPlay(start, batch))
        .map_err(|e| e.to_string())?
}

/// The configuration of a session of `G`.
fn config_of<G: NamedGame>(session: &dyn AnySession) -> Result<&G::Config, String> {
    session
        .as_any()
        .downcast_ref::<Session<G>>()
        .map(|s| s.game().config())
        .ok_or_else(|| format!("not a session of {}", G::DESCRIPTION.name))
}

/// The seats of a game of `config`.
fn seats<G: NamedGame>(config: &G::Config) -> Result<usize, String> {
    Ok(G::new(config).map_err(|e| e.to_string())?.seat_count())
}

/// Plays `count` games of `config` with `bots` (one spec, or one per seat), game `i` seeded
/// `seed + i`.
fn play_games<G: NamedGame>(
    config: &G::Config,
    Batch {
        count,
        seed,
        bots,
        iterations,
    }: Batch<'_>,
) -> Result<Vec<Summary>, String> {
    let seats = seats::<G>(config)?;
    // Not preallocated: `count` comes from Python unchecked.
    let mut out = Vec::new();
    for i in 0..count {
        let mut table = table::<G>(bots, seats, iterations)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(i as u64));
        let outcome =
            play_match(config, &mut table, &mut rng).map_err(|failure| failure.to_string())?;
        out.push(Summary::of(&outcome));
    }
    Ok(out)
}

/// Self-play data: one row per decision, in columns. Row `r` is a decision of game
/// `game[r]`; its chance outcomes before it (since the previous decision) are
/// `chance[chance_offsets[r]..chance_offsets[r + 1]]`, and a game's outcomes after its last
/// decision are `final_chance[final_offsets[g]..final_offsets[g + 1]]`: with the actions,
/// every step of every game, so each can be replayed.
#[derive(Debug, Default)]
pub(crate) struct Rows {
    pub game: Vec<i64>,
    pub step: Vec<i64>,
    pub seat: Vec<i64>,
    /// Row after row, `observation_size` values each.
    pub observation: Vec<f32>,
    /// Row after row, `actions` values each (1 for a legal action).
    pub legal_mask: Vec<u8>,
    pub action: Vec<i64>,
    /// Row after row, `actions` values each: the bot's weights (0 where `has_policy` is
    /// false).
    pub policy: Vec<f32>,
    pub has_policy: Vec<bool>,
    pub chance: Vec<i64>,
    pub chance_offsets: Vec<i64>,
    pub final_chance: Vec<i64>,
    pub final_offsets: Vec<i64>,
    /// One per game.
    pub summaries: Vec<Summary>,
    pub observation_size: usize,
    pub actions: usize,
}

/// Plays `count` games as [`play_games`] does (the same games for the same seed and bots)
/// and keeps every decision.
fn selfplay<G: NamedGame>(
    config: &G::Config,
    Batch {
        count,
        seed,
        bots,
        iterations,
    }: Batch<'_>,
) -> Result<Rows, String> {
    let start = G::new(config).map_err(|e| e.to_string())?;
    let seats = start.seat_count();
    let mut rows = Rows {
        observation_size: G::layout(config).size(),
        actions: start.action_space_size(),
        chance_offsets: vec![0],
        final_offsets: vec![0],
        ..Rows::default()
    };
    for i in 0..count {
        let mut table = table::<G>(bots, seats, iterations)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(i as u64));
        let first_row = rows.step.len();
        let outcome = play_match_observed(config, &mut table, &mut rng, |d| {
            rows.game.push(i as i64);
            rows.step.push(d.step as i64);
            rows.seat.push(d.seat.index() as i64);
            rows.observation.extend(d.state.observation(d.seat));
            rows.legal_mask
                .extend(d.state.legal_mask().into_iter().map(u8::from));
            rows.action.push(d.state.action_index(d.action) as i64);
            let at = rows.policy.len();
            rows.policy.resize(at + rows.actions, 0.0);
            if let Some(policy) = d.policy {
                for (&action, &share) in d.legal.iter().zip(policy) {
                    rows.policy[at + d.state.action_index(action)] = share as f32;
                }
            }
            rows.has_policy.push(d.policy.is_some());
        })
        .map_err(|failure| failure.to_string())?;
        // The chance outcomes between the decisions, from the record.
        let state = &outcome.state;
        let mut pending = Vec::new();
        let mut row = first_row;
        for (at, step) in outcome.record.steps.iter().enumerate() {
            match step {
                Step::Chance(outcome) => pending.push(state.chance_index(*outcome) as i64),
                Step::Action(..) => {
                    debug_assert_eq!(rows.step[row], at as i64);
                    rows.chance.append(&mut pending);
                    rows.chance_offsets.push(rows.chance.len() as i64);
                    row += 1;
                }
            }
        }
        rows.final_chance.append(&mut pending);
        rows.final_offsets.push(rows.final_chance.len() as i64);
        rows.summaries.push(Summary::of(&outcome));
    }
    Ok(rows)
}
