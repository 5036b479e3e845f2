//! `play cards` and the replay of card-game records.

use std::path::Path;

use mesopotamia_core::{Bot, Game, GameRecord, RandomBot, Step, play_match};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::{Card, Cards};

use crate::PlayArgs;

pub(crate) fn play(args: &PlayArgs) -> Result<(), String> {
    let config = args.options.cards()?;
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut bots: Vec<RandomBot> = vec![RandomBot; config.players as usize];
    let mut seats: Vec<&mut dyn Bot<Cards>> =
        bots.iter_mut().map(|b| b as &mut dyn Bot<Cards>).collect();
    let outcome =
        play_match::<Cards, _>(&config, &mut seats, &mut rng).map_err(|e| e.to_string())?;
    let mut state = Cards::new(config).map_err(|e| e.to_string())?;
    for step in &outcome.record.steps {
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
    say!("");
    say_raw!(
        "{}",
        tigris_euphrates_cards::Position::from_game(&outcome.state)
    );
    print_end(&outcome.state)?;
    if let Some(path) = &args.record {
        let json = serde_json::to_string_pretty(&outcome.record).map_err(|e| e.to_string())?;
        std::fs::write(path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

fn print_end(state: &Cards) -> Result<(), String> {
    let Some(standings) = state.standings() else {
        say!("the game is not over");
        return Ok(());
    };
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
            standings.rank(seat).unwrap_or(0) + 1,
            colours.join("/")
        );
    }
    Ok(())
}

pub(crate) fn replay(file: &Path, value: serde_json::Value) -> Result<(), String> {
    let record: GameRecord<Cards> = serde_json::from_value(value)
        .map_err(|e| format!("{}: not a game record: {e}", file.display()))?;
    let state = record
        .replay()
        .map_err(|e| format!("{}: {e}", file.display()))?;
    print_end(&state)
}
