//! What the commands need of a game: the facade's [`NamedGame`], which every game of its
//! list is, and what the commands print of any game (its turns, its end), written once.

use mesopotamia::core::record::text;
use mesopotamia::core::{EndReason, GameRecord};
use mesopotamia::table::NamedGame;

/// A game as the command line drives it: any game of the facade's list.
pub(crate) trait CliGame: NamedGame {}

impl<G: NamedGame> CliGame for G {}

/// What a step of `G` causes.
pub(crate) type Event<G> = <G as mesopotamia::core::cases::CaseGame>::Event;

/// One line per turn of a game, as the game text writes them (`12. 0: tile red F3; ...`).
pub(crate) fn print_turns<G: CliGame>(record: &GameRecord<G>) -> Result<(), String> {
    let written = text::write(record).map_err(|e| e.to_string())?;
    for line in written
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('['))
    {
        say!("{line}");
    }
    Ok(())
}

/// The final position and the standings: each seat's rank and score.
pub(crate) fn print_end<G: CliGame>(state: &G) -> Result<(), String> {
    say_raw!("{}", state.position());
    let Some(standings) = state.standings() else {
        say!("the game is not over");
        return Ok(());
    };
    if state.end_reason() == Some(EndReason::TurnLimit) {
        say!("the game ended on the turn limit (rule G1), not by the rules");
    }
    say!("standings:");
    for seat in standings.seats_by_rank() {
        say!(
            "  {}. seat {seat}: {}",
            standings.rank(seat).unwrap_or(0),
            state.score(seat)
        );
    }
    say!("(the score: {})", G::DESCRIPTION.score);
    Ok(())
}
