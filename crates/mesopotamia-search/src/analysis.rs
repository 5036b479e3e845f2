//! Annotating a finished (or stopped) game, as a chess engine annotates one: at each
//! decision of a record, what the search prefers, how good it thinks that is for the seat
//! deciding, and where the action played ranks among the legal actions.

use rand_core::Rng;

use crate::mcts::MctsBot;
use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_core::record::{GameRecord, ReplayError, Step, StepMismatch};
use mesopotamia_core::seat::Seat;

/// The search's judgement of one decision of a record.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(bound(serialize = "A: core::fmt::Display")))]
pub struct DecisionAnalysis<A> {
    /// The decision's step number in the record, from 1, chance steps counted (as replay
    /// errors number steps).
    pub step: usize,
    /// The seat that decided.
    pub seat: Seat,
    /// How many actions were legal.
    pub legal: usize,
    /// The action played.
    #[cfg_attr(feature = "serde", serde(serialize_with = "notation"))]
    pub played: A,
    /// The action the search prefers (the most visited).
    #[cfg_attr(feature = "serde", serde(serialize_with = "notation"))]
    pub best: A,
    /// The search's estimate of the preferred action for the seat: its mean payoff in the
    /// searched games (1 is sole first place, 0 sole last, ties sharing their places).
    pub value: f64,
    /// The same estimate for the action played (`None` if the search never tried it).
    pub played_value: Option<f64>,
    /// Where the action played ranks by the search's visits: 1 is the preferred action;
    /// actions never visited share the rank after the last visited one.
    pub played_rank: usize,
    /// The preferred action's share of the search's visits.
    pub best_share: f64,
    /// The action played's share of the search's visits.
    pub played_share: f64,
}

impl<A: PartialEq> DecisionAnalysis<A> {
    /// Whether the action played is the one the search prefers.
    pub fn agrees(&self) -> bool {
        self.played == self.best
    }
}

#[cfg(feature = "serde")]
fn notation<A: core::fmt::Display, S: serde::Serializer>(a: &A, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(a)
}

/// Replays `record` from `start` and has `bot` search every decision of the seats `seats`
/// selects (each decision searched from the state before it, with `rng`), calling `progress`
/// with each result as it comes. Returns every result in order.
///
/// A step the game refuses ends the analysis with the replay's error, naming the step.
pub fn analyse_record<G, R>(
    record: &GameRecord<G>,
    mut start: G,
    bot: &MctsBot<G>,
    seats: impl Fn(Seat) -> bool,
    rng: &mut R,
    mut progress: impl FnMut(&DecisionAnalysis<G::Action>),
) -> Result<Vec<DecisionAnalysis<G::Action>>, ReplayError<G::Error>>
where
    G: Game + Send + Sync,
    G::Action: Send + Sync,
    R: Rng,
{
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for (i, step) in record.steps.iter().enumerate() {
        let bad = |reason| ReplayError::Step {
            number: i + 1,
            step: step.to_string(),
            reason,
        };
        match *step {
            Step::Action(seat, action) => {
                if start.to_move() != ToMove::Seat(seat) {
                    return Err(bad(StepMismatch::WrongActor {
                        recorded: seat,
                        to_move: start.to_move(),
                    }));
                }
                // Played first: an action the game refuses ends the analysis before any
                // search is spent on it or reported.
                let mut next = start.clone();
                next.apply(action)
                    .map_err(|e| bad(StepMismatch::Refused(e)))?;
                if seats(seat) {
                    start.legal_actions(&mut legal);
                    if let Some(analysis) = bot.analyse(&start, seat, &legal, rng) {
                        let report = judge(i + 1, seat, action, legal.len(), &analysis);
                        progress(&report);
                        out.push(report);
                    }
                }
                start = next;
            }
            Step::Chance(outcome) => {
                if start.to_move() != ToMove::Chance {
                    return Err(bad(StepMismatch::NotChance(start.to_move())));
                }
                start
                    .apply_chance(outcome)
                    .map_err(|e| bad(StepMismatch::Refused(e)))?;
            }
        }
    }
    Ok(out)
}

/// The report of one searched decision.
fn judge<A: Copy + PartialEq>(
    step: usize,
    seat: Seat,
    played: A,
    legal: usize,
    analysis: &crate::mcts::Analysis<A>,
) -> DecisionAnalysis<A> {
    let total: u32 = analysis.actions.iter().map(|a| a.1).sum();
    let share = |visits: u32| {
        if total == 0 {
            0.0
        } else {
            f64::from(visits) / f64::from(total)
        }
    };
    let of = |a: A| analysis.actions.iter().find(|x| x.0 == a);
    let best = of(analysis.choice);
    let played_entry = of(played).filter(|x| x.1 > 0);
    // Most visited first: the rank is one more than the actions visited more often.
    let played_visits = played_entry.map_or(0, |x| x.1);
    let visited = analysis.actions.iter().filter(|x| x.1 > 0).count();
    let played_rank = if played_visits == 0 {
        visited + 1
    } else {
        1 + analysis
            .actions
            .iter()
            .filter(|x| x.1 > played_visits)
            .count()
    };
    DecisionAnalysis {
        step,
        seat,
        legal,
        played,
        best: analysis.choice,
        value: best.map_or(0.0, |x| x.2),
        played_value: played_entry.map(|x| x.2),
        played_rank: if played == analysis.choice {
            1
        } else {
            played_rank.max(2)
        },
        best_share: share(best.map_or(0, |x| x.1)),
        played_share: share(played_visits),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::Analysis;

    fn report(played: char) -> DecisionAnalysis<char> {
        let analysis = Analysis {
            choice: 'a',
            actions: vec![('a', 10, 0.5), ('b', 5, 0.4), ('c', 5, 0.3), ('d', 0, 0.0)],
            iterations: 20,
        };
        judge(7, Seat::new(1).unwrap(), played, 4, &analysis)
    }

    #[test]
    fn the_played_action_is_ranked_by_visits() {
        let a = report('a');
        assert!(a.agrees());
        assert_eq!(
            (a.played_rank, a.value, a.played_value),
            (1, 0.5, Some(0.5))
        );
        assert_eq!((a.best_share, a.played_share), (0.5, 0.5));
        // Equal visits share a rank, below the choice.
        let (b, c) = (report('b'), report('c'));
        assert_eq!((b.played_rank, c.played_rank), (2, 2));
        assert_eq!((b.played_value, b.played_share), (Some(0.4), 0.25));
        assert!(!b.agrees());
        // Never tried: after every action tried, with no value.
        let d = report('d');
        assert_eq!(
            (d.played_rank, d.played_value, d.played_share),
            (4, None, 0.0)
        );
        assert_eq!((d.step, d.seat.index(), d.legal, d.best), (7, 1, 4, 'a'));
    }
}
