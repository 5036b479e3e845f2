//! `play cards` and the replay of card-game records.

use std::path::Path;

use mesopotamia_core::cases::CaseGame as _;
use mesopotamia_core::{Game, GameRecord, Step};
use tigris_euphrates_cards::{Card, Cards};

/// One line per decision, numbered by turn.
pub(crate) fn print_turns(record: &GameRecord<Cards>) -> Result<(), String> {
    let mut state = Cards::new(record.config).map_err(|e| e.to_string())?;
    for step in &record.steps {
        match step {
            Step::Action(seat, action) => {
                say!(
                    "turn {:>3} seat {seat}: {action}",
                    state.public().turn() + 1
                );
                state.apply(*action).map_err(|e| e.to_string())?;
            }
            Step::Chance(c) => state.apply_chance(*c).map_err(|e| e.to_string())?,
        }
    }
    Ok(())
}

pub(crate) fn print_standings(state: &Cards) -> Result<(), String> {
    let Some(standings) = state.standings() else {
        say!("the game is not over");
        return Ok(());
    };
    if state.public().ended_on_limit() {
        let limit = state.public().config().turn_limit;
        say!("the game ended on the turn limit ({limit} turns), not by the rules");
    }
    say!("standings (VP piles: red blue green black, treasures):");
    for seat in standings.seats_by_rank() {
        let pile = state.pile(seat);
        let count = |c| pile.iter().filter(|&&x| x == Card::Civ(c)).count();
        let treasures = pile.iter().filter(|&&x| x == Card::Treasure).count();
        let colours: Vec<String> = mesopotamia_core::Colour::ALL
            .iter()
            .map(|&c| count(c).to_string())
            .collect();
        say!(
            "  {}. seat {seat}: {} + {treasures}",
            standings.rank(seat).unwrap_or(0),
            colours.join("/")
        );
    }
    Ok(())
}

pub(crate) fn replay(file: &Path, text: &str) -> Result<(), String> {
    let record =
        crate::records::parse::<Cards>(text).map_err(|e| format!("{}: {e}", file.display()))?;
    let state = Cards::replay_record(&record).map_err(|e| format!("{}: {e}", file.display()))?;
    say_raw!("{}", tigris_euphrates_cards::Position::from_game(&state));
    print_standings(&state)
}
