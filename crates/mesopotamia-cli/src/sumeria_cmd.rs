//! `play sumeria` and the replay of Sumeria records.

use std::path::Path;

use mesopotamia_core::cases::CaseGame as _;
use mesopotamia_core::{Game, GameRecord, Step};
use sumeria::{Phase, Position, Sumeria};

/// One line per decision: setup placements, turns, and the controllers' choices.
pub(crate) fn print_turns(record: &GameRecord<Sumeria>) -> Result<(), String> {
    let mut state = Sumeria::new(record.config.clone()).map_err(|e| e.to_string())?;
    for step in &record.steps {
        match step {
            Step::Action(seat, action) => {
                let p = state.public();
                let when = match p.phase() {
                    Phase::Setup => "setup".to_string(),
                    Phase::Take(_) => format!("round {} scoring", p.round() + 1),
                    _ => format!("round {} turn {:>2}", p.round() + 1, p.turn() + 1),
                };
                say!("{when} seat {seat}: {action}");
                state.apply(*action).map_err(|e| e.to_string())?;
            }
            Step::Chance(c) => state.apply_chance(*c).map_err(|e| e.to_string())?,
        }
    }
    Ok(())
}

pub(crate) fn print_standings(state: &Sumeria) -> Result<(), String> {
    let Some(standings) = state.standings() else {
        say!("the game is not over");
        return Ok(());
    };
    let scores = state.scores();
    say!("standings:");
    for seat in standings.seats_by_rank() {
        let (points, most) = scores[seat.index()];
        say!(
            "  {}. seat {seat}: {points} points (most of one kind: {most})",
            standings.rank(seat).unwrap_or(0)
        );
    }
    Ok(())
}

pub(crate) fn replay(file: &Path, text: &str) -> Result<(), String> {
    let record =
        crate::records::parse::<Sumeria>(text).map_err(|e| format!("{}: {e}", file.display()))?;
    let state = Sumeria::replay_record(&record).map_err(|e| format!("{}: {e}", file.display()))?;
    say_raw!("{}", Position::from_game(&state));
    print_standings(&state)
}
